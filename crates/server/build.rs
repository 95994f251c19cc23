//! Sets the cfg `browser_tests` when `TABLETOP_BROWSER_TESTS=1`, so that the browser tests
//! (`tests/browser.rs`) are reported as ignored, not passed, when they do not run.

fn main() {
    println!("cargo::rerun-if-env-changed=TABLETOP_BROWSER_TESTS");
    println!("cargo::rustc-check-cfg=cfg(browser_tests)");
    if std::env::var("TABLETOP_BROWSER_TESTS").is_ok_and(|v| v == "1") {
        println!("cargo::rustc-cfg=browser_tests");
    }
}
