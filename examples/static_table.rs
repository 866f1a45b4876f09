//! Prints the static tensors of the `#![no_std]` library `tensor_examples`
//! (`embedded.rs`): kernels, a const-computed table, and a filtered image.
//!
//! Run: `cargo run --example static_table`

use tensor_examples::{edge_strength, KERNELS, SAMPLE, TIMES};

fn main() {
    for (name, kernel) in KERNELS {
        println!(
            "{name} kernel, {} bytes of static memory:",
            size_of_val(kernel)
        );
        println!("{kernel}\n");
    }
    println!("7 x 9 from the const-computed table: {}", TIMES[[7, 9]]);
    println!("\nSample image:\n{SAMPLE}\n");
    println!(
        "Sobel edge strength of its interior:\n{}",
        edge_strength(&SAMPLE)
    );
}
