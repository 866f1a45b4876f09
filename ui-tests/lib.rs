//! Compile-fail and pass cases live in `tests/`; this library is empty.
