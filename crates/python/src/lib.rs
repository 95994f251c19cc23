//! Python bindings of tabletop: the package `tabletop`, built by maturin from
//! `python/pyproject.toml` (`pip install ./python`).
//!
//! A thin translation layer (STYLE 23): every function parses its Python arguments, calls the
//! game crates (or `tabletop-play` for the environments), and converts the result. No rule of
//! any game lives here. Every bad argument raises a Python exception (`ValueError`,
//! `TypeError`, or `tabletop.InputError` for problem input); nothing may panic, since a panic
//! would surface as `pyo3_runtime.PanicException`. Long calls release the GIL.
//!
//! The native module is `tabletop._native`, with the submodules `nine`, `race`, `mahjong` and
//! `take6`; the Python package `tabletop` re-exports them.

mod args;
mod batch;
mod census;
mod env;
mod error;
mod interrupt;
mod judge;
mod mahjong;
mod nine;
mod race;
mod seated;
mod take6;
mod vector;

use pyo3::prelude::*;

/// The seed of stream `index` of `seed`: how the command line and the batch functions derive
/// one seed per deal, wall or game (deal `i` of `tabletop nine stats --seed S` is
/// `nine.Deal.random(sub_seed(S, i))`).
#[pyfunction]
fn sub_seed(seed: args::Int, index: args::Int) -> PyResult<u64> {
    Ok(tabletop_core::sub_seed(seed.seed("seed")?, index.seed("index")?))
}

/// The native module `tabletop._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InputError", py.get_type::<error::InputError>())?;
    error::init(py)?;
    m.add_function(wrap_pyfunction!(judge::judge, m)?)?;
    m.add_function(wrap_pyfunction!(judge::problems, m)?)?;
    m.add_function(wrap_pyfunction!(sub_seed, m)?)?;
    env::register(m)?;
    vector::register(m)?;
    seated::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    for (name, init) in [
        ("nine", nine::register as fn(&Bound<'_, PyModule>) -> PyResult<()>),
        ("race", race::register),
        ("mahjong", mahjong::register),
        ("take6", take6::register),
        ("census", census::register),
        ("batch", batch::register),
    ] {
        // Named `tabletop.<name>`, the module users import, so that the functions' and
        // classes' `__module__` is importable and pickle finds them by name.
        let sub = PyModule::new(py, &format!("tabletop.{name}"))?;
        init(&sub)?;
        m.add(name, &sub)?;
    }
    Ok(())
}
