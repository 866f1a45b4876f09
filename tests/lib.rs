//! Integration tests of `tensor-core`, one file per area of the public API:
//! hand-written ones at the top level (`shapes.rs`, `tensors.rs`,
//! `attribute.rs`, `views.rs`, `ops.rs`, `soundness.rs`, `properties.rs`,
//! `packaging.rs`: the release rules of the manifests), and
//! the suites generated against NumPy under `generated/` (`display_cases.rs`,
//! `view_chains.rs`, `ops_cases.rs`, `pad_cases.rs`, each written by the `scripts/gen_*.py`
//! of the same name).
