//! The trybuild suite: every shape mistake a user can make, with the exact
//! diagnostic it produces, and pass cases that compile and run.
//!
//! # Why there are two `#[test]`s
//!
//! The contract (README, "Shape mistakes are compile errors") is that every shape error is reported by
//! `cargo check` alone: an error that only `cargo build` finds (a
//! post-monomorphization `const { assert!(..) }`) does not reach the editor.
//! trybuild picks the cargo subcommand per batch, a batch being one
//! `TestCases` value, which runs when dropped (trybuild 1.0.122,
//! `src/lib.rs:340`):
//!
//! * `src/run.rs:121-126` sets `has_pass` if any case of the batch is a
//!   `pass` case;
//! * `src/cargo.rs:97` (dependencies), `src/cargo.rs:130` (one case) and
//!   `src/cargo.rs:153` (all cases) run
//!   `if project.has_pass { "build" } else { "check" }`;
//! * `src/run.rs:76` compiles a batch without pass cases in one
//!   `cargo check --bins --keep-going`.
//!
//! So the compile-fail cases live in a batch of their own, and are compiled
//! with `cargo check` only: a case whose error needs `cargo build` compiles
//! under `check` and fails this test with "expected error, but compiled
//! successfully". The pass cases form a second batch, built and run
//! (`cargo run`), so their `assert_eq!`s execute. Never add a `pass` case to
//! the `compile_fail` batch: it would switch the whole batch to `cargo build`.

/// The weight files of the `include_tensor!` cases (`ui-tests/data/`,
/// written by `scripts/gen_tensor_files.py`), copied where the cases find
/// them: `include_tensor!` reads paths relative to the root of the crate
/// being compiled, which for trybuild's cases is its project directory,
/// `<target>/tests/trybuild/ui-tests/` (`CARGO_TARGET_TMPDIR` is
/// `<target>/tmp`), so `"data/w3x4_f32.npy"` means the same file here as in
/// this crate.
fn copy_weight_files() {
    let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .unwrap();
    let to = target.join("tests/trybuild/ui-tests/data");
    std::fs::create_dir_all(&to).unwrap();
    let from = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
    for file in std::fs::read_dir(from).unwrap() {
        let file = file.unwrap();
        std::fs::copy(file.path(), to.join(file.file_name())).unwrap();
    }
}

/// Compile-fail cases, checked with `cargo check` only (see above).
#[test]
fn compile_fail() {
    copy_weight_files();
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*/*.rs");
}

/// Pass cases: built with `cargo build` and run.
#[test]
fn pass() {
    let cases = trybuild::TestCases::new();
    cases.pass("tests/pass/*.rs");
}

/// Errors that only `cargo build` reports: a wrong reshape in a `#[shape]`
/// item that writes a product of variables, checked when the item is
/// instantiated (`docs/generic.md`). A batch of its own: its pass case makes
/// trybuild build it with `cargo build`, which evaluates the check.
#[test]
fn build_fail() {
    let cases = trybuild::TestCases::new();
    cases.pass("tests/build/pass_*.rs");
    cases.compile_fail("tests/build/fail_*.rs");
}
