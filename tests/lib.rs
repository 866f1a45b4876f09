//! Integration tests of `tensor-core`, one file per area of the public API:
//! `shapes.rs`, `tensors.rs`, `attribute.rs`, `display.rs`.
