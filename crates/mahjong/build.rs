//! Builds the distance tables (see `src/distance.rs`) at compile time, so that no process pays
//! for them at start-up: the library embeds them with `include_bytes!`.

#[path = "src/distance_build.rs"]
mod distance_build;

fn main() {
    println!("cargo::rerun-if-changed=src/distance_build.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (name, ranks, sequences) in [("numbered.bin", 9, true), ("honours.bin", 7, false)] {
        let table = distance_build::build(ranks, sequences);
        std::fs::write(out.join(name), distance_build::encode(&table))
            .unwrap_or_else(|e| panic!("cannot write {name} in OUT_DIR: {e}"));
    }
}
