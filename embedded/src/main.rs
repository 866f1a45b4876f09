//! The firmware's entry point on a Cortex-M (`firmware/`); on any other
//! target a stub that prints what the host computes for the same checks.
//!
//! Run on QEMU's Cortex-M3 (see `embedded/README.md`):
//! `cd embedded && RUSTC_BOOTSTRAP=1 cargo run --release`.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(target_os = "none")]
mod firmware;

/// The host's view of the firmware's checks: the same portable code, no
/// measurements.
#[cfg(not(target_os = "none"))]
fn main() {
    use tensor_examples::trained::HOST_CORRECT;
    let run = tensor_firmware::classify_test_set();
    println!(
        "host: library {}/360, loops {}/360, identical logits: {}, recorded {HOST_CORRECT}/360",
        run.library, run.loops, run.same_logits
    );
    let cnn = tensor_firmware::classify_test_set_cnn();
    println!(
        "host: CNN library {}/360, loops {}/360, identical logits: {}, recorded {}/360",
        cnn.library,
        cnn.loops,
        cnn.same_logits,
        tensor_examples::trained_cnn::HOST_CORRECT
    );
    println!(
        "host: static-table demos: {:?}",
        tensor_firmware::demos::check()
    );
    println!("the firmware itself runs on a Cortex-M: cd embedded && RUSTC_BOOTSTRAP=1 cargo run --release");
}
