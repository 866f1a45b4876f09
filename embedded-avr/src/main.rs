//! The int8 digits MLP on an ATmega328P (2 KB of RAM, 32 KB of flash),
//! under simavr: weights and the 360 test images in flash, activations in
//! RAM. Prints over USART0 its count of correct test digits against the
//! host's, whether every prediction is the host's, the cycles per
//! inference (Timer1) and the stack's peak, then stops the simulation.
//!
//! `cd embedded-avr && RUSTC_BOOTSTRAP=1 cargo run --release` (README.md).
#![no_std]
#![no_main]
#![feature(asm_experimental_arch)]

mod io;
mod mlp;
mod model;
mod progmem;
mod stack;

use model::quantized_weights::{PIXEL_LEVELS, PY_MLP_PREDICTIONS};
use model::TEST_RECORDS;

/// The held-out digits' pixels (`0..=16`), five bits each: 40 bytes an image.
#[link_section = ".progmem.data"]
static PIXELS: [[u8; 40]; 360] = pack(&TEST_RECORDS);
/// The held-out digits' labels.
#[link_section = ".progmem.data"]
static LABELS: [u8; 360] = labels(&TEST_RECORDS);
/// The quantized input of each pixel value.
#[link_section = ".progmem.data"]
static LEVELS: [i8; 17] = PIXEL_LEVELS;
/// The host's prediction for each digit.
#[link_section = ".progmem.data"]
static HOST: [u8; 360] = PY_MLP_PREDICTIONS;

/// How many digits the host classifies correctly, counted at compile time.
const HOST_CORRECT: u32 = {
    let (mut i, mut n) = (0, 0);
    while i < 360 {
        n += (PY_MLP_PREDICTIONS[i] == TEST_RECORDS[i][64]) as u32;
        i += 1;
    }
    n
};

/// The 64 pixels of each record as a little-endian stream of 5-bit fields.
const fn pack(records: &[[u8; 65]; 360]) -> [[u8; 40]; 360] {
    let mut out = [[0; 40]; 360];
    let mut r = 0;
    while r < 360 {
        let mut p = 0;
        while p < 64 {
            let (v, bit) = (records[r][p] as u16, 5 * p);
            assert!(v <= 16, "pixels are 0..=16");
            let field = v << (bit % 8);
            out[r][bit / 8] |= field as u8;
            if bit % 8 > 3 {
                out[r][bit / 8 + 1] |= (field >> 8) as u8;
            }
            p += 1;
        }
        r += 1;
    }
    out
}

/// The label of each record.
const fn labels(records: &[[u8; 65]; 360]) -> [u8; 360] {
    let mut out = [0; 360];
    let mut r = 0;
    while r < 360 {
        out[r] = records[r][64];
        r += 1;
    }
    out
}

/// Image `i`, quantized, and its label.
fn image(i: usize) -> ([i8; 64], u8) {
    let packed = PIXELS[i].as_ptr();
    let mut x = [0i8; 64];
    for (p, q) in x.iter_mut().enumerate() {
        let bit = 5 * p;
        // SAFETY: `bit / 8 + 1 <= 40` is inside image `i` of the flash
        // static `PIXELS` (the last field's second byte is its 40th byte
        // only when needed: `bit % 8 > 3` never holds for p = 63); a pixel
        // is `0..=16`, inside the flash static `LEVELS`.
        unsafe {
            let lo = progmem::byte(packed.add(bit / 8)) as u16;
            let hi = if bit % 8 > 3 {
                progmem::byte(packed.add(bit / 8 + 1)) as u16
            } else {
                0
            };
            let pixel = ((lo | hi << 8) >> (bit % 8)) & 0x1F;
            *q = progmem::byte(LEVELS.as_ptr().add(pixel as usize) as *const u8) as i8;
        }
    }
    // SAFETY: byte `i < 360` of the flash static `LABELS`.
    (x, unsafe { progmem::byte(LABELS.as_ptr().add(i)) })
}

#[no_mangle]
pub extern "C" fn main() -> ! {
    io::init();
    io::print("tensor-avr: int8 digits MLP 64-32-10 on an ATmega328P (simavr, 16 MHz)\n");
    stack::paint();
    let (mut correct, mut same, mut cycles) = (0u32, true, 0u32);
    for i in 0..360 {
        let (x, label) = image(i);
        let start = io::timer1();
        let class = mlp::predict(core::hint::black_box(&x));
        let ticks = io::timer1().wrapping_sub(start);
        cycles += ticks as u32 * 8;
        correct += (class == label) as u32;
        // SAFETY: byte `i < 360` of the flash static `HOST`.
        same &= class == unsafe { progmem::byte(HOST.as_ptr().add(i)) };
    }
    let peak = stack::peak();
    io::print("int8 digits MLP on ATmega328P: ");
    io::print_u32(correct);
    io::print("/360 correct, host ");
    io::print_u32(HOST_CORRECT);
    io::print(if correct == HOST_CORRECT {
        "/360: equal\n"
    } else {
        "/360: MISMATCH\n"
    });
    io::print(if same {
        "predictions equal to the host's for all 360 digits: true\n"
    } else {
        "predictions equal to the host's for all 360 digits: false\n"
    });
    let per = cycles / 360;
    io::print("cycles per inference (Timer1, clk/8): ");
    io::print_u32(per);
    io::print(", per multiply-accumulate (");
    io::print_u32(mlp::MACS);
    io::print(" MACs, requantization included): ");
    io::print_u32(per / mlp::MACS);
    io::put(b'.');
    let hundredths = per * 100 / mlp::MACS % 100;
    io::put(b'0' + (hundredths / 10) as u8);
    io::put(b'0' + (hundredths % 10) as u8);
    let start = io::timer1();
    core::hint::black_box(mlp::requantize_all(core::hint::black_box(-123_456)));
    let requant = io::timer1().wrapping_sub(start) as u32 * 8;
    io::print("\nof which the 42 requantizations (Requant::apply): ");
    io::print_u32(requant);
    io::print(" cycles");
    io::print("\nstack peak during the run: ");
    io::print_u32(peak as u32);
    io::print(" bytes\n");
    io::print(if correct == HOST_CORRECT && same {
        "avr: all checks passed\n"
    } else {
        "avr: FAILED\n"
    });
    io::halt()
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    io::print("avr: panic\navr: FAILED\n");
    io::halt()
}
