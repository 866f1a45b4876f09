//! Integration tests of `tensor-core`, one file per area of the public API:
//! `shapes.rs`, `tensors.rs`, `attribute.rs`, `views.rs`, `display_cases.rs` (generated
//! against NumPy by `scripts/gen_display_cases.py`), `view_chains.rs` (generated likewise
//! by `scripts/gen_view_chains.py`).
