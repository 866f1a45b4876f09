//! Puts `memory.x` (the board's memory map) where `cortex-m-rt`'s `link.x`
//! finds it, for bare-metal builds only.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=memory.x");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("none") {
        return;
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::copy("memory.x", out.join("memory.x")).expect("memory.x is readable");
    println!("cargo:rustc-link-search={}", out.display());
}
