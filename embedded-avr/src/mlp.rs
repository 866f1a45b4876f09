//! The int8 digits MLP (`examples/quantized_weights.rs`'s `MLP`, the
//! host's `QMlp`) with every weight, bias and requantization in flash, read
//! through `lpm`, and the activations in RAM: 64 input bytes, 64 bytes of
//! offset inputs (`i16`), 32 hidden and 10 output bytes.
//!
//! The arithmetic is tensor-core's `QDense` (TensorFlow Lite's
//! `FullyConnected`): `Requant::apply` from tensor-core, the same zero
//! points and clamps. Only the loop is this firmware's: the weights, `[N][K]`
//! (each output reads its weights in address order), are offset by 128 to
//! `u8` at compile time (`w + 128`), so
//! that each multiply-accumulate is one unsigned 8×8→16-bit `mul` of
//! `x - input_zp` (`0..=255`: both layers' input zero point is -128,
//! checked at compile time) by `w + 128`, added to a 24-bit sum
//! (`dot_u8`, 13 cycles a MAC, 11.5 unrolled by 2). The offset is taken
//! back once per output: `Σ (x - zp)·w = Σ (x - zp)·(w + 128) - 128·Σ (x - zp)`.

use crate::model::quantized_weights::MLP;
use tensor_core::prelude::*;

use crate::progmem;

/// The layers' weights offset to `u8`: row `n` holds output `n`'s weights.
#[link_section = ".progmem.data"]
static W1: [[u8; 64]; 32] = offset(MLP.hidden.weights.as_array());
#[link_section = ".progmem.data"]
static W2: [[u8; 32]; 10] = offset(MLP.output.weights.as_array());
#[link_section = ".progmem.data"]
static B1: [i32; 32] = *MLP.hidden.bias.as_array();
#[link_section = ".progmem.data"]
static B2: [i32; 10] = *MLP.output.bias.as_array();
#[link_section = ".progmem.data"]
static RQ1: [Requant; 32] = *MLP.hidden.rqs.as_array();
#[link_section = ".progmem.data"]
static RQ2: [Requant; 10] = *MLP.output.rqs.as_array();

/// The `[N][K]` weights, each offset by 128 to `u8`, at compile time.
const fn offset<const K: usize, const N: usize>(w: &[[i8; K]; N]) -> [[u8; K]; N] {
    let mut t = [[0; K]; N];
    let mut n = 0;
    while n < N {
        let mut k = 0;
        while k < K {
            t[n][k] = (w[n][k] as i16 + 128) as u8;
            k += 1;
        }
        n += 1;
    }
    t
}

/// A layer's parameters that are not arrays: constants in the code.
struct Params {
    input_zp: i8,
    output_zp: i8,
    clamp: (i8, i8),
}

const HIDDEN: Params = Params {
    input_zp: MLP.hidden.input_zp,
    output_zp: MLP.hidden.output_zp,
    clamp: MLP.hidden.clamp,
};
const OUTPUT: Params = Params {
    input_zp: MLP.output.input_zp,
    output_zp: MLP.output.output_zp,
    clamp: MLP.output.clamp,
};

const _: () = assert!(
    HIDDEN.input_zp == -128 && OUTPUT.input_zp == -128,
    "dot_u8 needs x - input_zp in 0..=255: input zero points of -128"
);

/// `Σk x[k] · w[k]` for `len` (even, below 256) bytes `x` in RAM and `w`
/// in flash, unsigned: two 8×8→16-bit `mul`s an iteration, summed in 24
/// bits (at most 255 · 255 · 255 < 2^24).
///
/// # Safety
///
/// `x` must be valid for `len` reads; `w` must point to `len` bytes of a
/// `.progmem.data` static.
#[inline(always)]
unsafe fn dot_u8(x: *const u8, w: *const u8, len: u8) -> u32 {
    let (a0, a1, a2): (u8, u8, u8);
    // SAFETY: reads `len` bytes at X (RAM) and Z (flash), which the caller
    // vouches for; `mul` writes r0:r1: r0 is the compiler's scratch
    // register (never live across an instruction it emits) and r1, the
    // ABI's zero register, is cleared again before the block ends.
    unsafe {
        core::arch::asm!(
            "clr {a0}",
            "clr {a1}",
            "clr {a2}",
            "clr {zero}",
            "2:",
            "ld {xv}, X+",
            "lpm {wv}, Z+",
            "mul {xv}, {wv}",
            "add {a0}, r0",
            "adc {a1}, r1",
            "adc {a2}, {zero}",
            "ld {xv}, X+",
            "lpm {wv}, Z+",
            "mul {xv}, {wv}",
            "add {a0}, r0",
            "adc {a1}, r1",
            "adc {a2}, {zero}",
            "subi {n}, 2",
            "brne 2b",
            "clr r1",
            a0 = out(reg) a0,
            a1 = out(reg) a1,
            a2 = out(reg) a2,
            zero = out(reg) _,
            xv = out(reg) _,
            wv = out(reg) _,
            n = inout(reg_upper) len => _,
            inout("X") x => _,
            inout("Z") w => _,
            options(nostack),
        );
    }
    u32::from_le_bytes([a0, a1, a2, 0])
}

/// One dense layer from flash: `out[n] = clamp(output_zp +
/// rqs[n].apply(bias[n] + Σk (x[k] - input_zp) · w[n][k]))`.
#[inline(never)]
fn dense<const K: usize, const N: usize>(
    x: &[i8; K],
    w: &'static [[u8; K]; N],
    bias: &'static [i32; N],
    rqs: &'static [Requant; N],
    p: &Params,
    out: &mut [i8; N],
) {
    const {
        assert!(
            K % 2 == 0 && K < 256,
            "dot_u8 takes an even length below 256"
        )
    };
    let mut xs = [0u8; K];
    let mut sum = 0i32;
    for (s, &v) in xs.iter_mut().zip(x) {
        *s = (v as i16 - p.input_zp as i16) as u8; // 0..=255 (zero point -128)
        sum += *s as i32;
    }
    for (n, o) in out.iter_mut().enumerate() {
        // SAFETY: `xs` holds `K` bytes; row `n` of `w` is `K` bytes of a
        // flash static, and `bias`, `rqs` are flash statics.
        let (dot, bias, rq) = unsafe {
            let dot = dot_u8(xs.as_ptr(), w[n].as_ptr(), K as u8) as i32;
            (dot, progmem::read(&bias[n]), progmem::read(&rqs[n]))
        };
        let acc = bias.wrapping_add(dot - 128 * sum);
        let (lo, hi) = (p.clamp.0 as i32, p.clamp.1 as i32);
        *o = rq.apply(acc).wrapping_add(p.output_zp as i32).clamp(lo, hi) as i8;
    }
}

/// The predicted digit of one quantized image: the first largest logit.
#[inline(never)]
pub fn predict(x: &[i8; 64]) -> u8 {
    let mut hidden = [0i8; 32];
    let mut logits = [0i8; 10];
    dense(x, &W1, &B1, &RQ1, &HIDDEN, &mut hidden);
    dense(&hidden, &W2, &B2, &RQ2, &OUTPUT, &mut logits);
    let mut best = 0;
    for (c, &v) in logits.iter().enumerate() {
        if v > logits[best] {
            best = c;
        }
    }
    best as u8
}

/// The 42 requantizations of one inference alone (the hidden layer's 32
/// `Requant`s and the output's 10, applied to a made-up accumulator), for
/// the firmware to time.
#[inline(never)]
pub fn requantize_all(acc: i32) -> i32 {
    let mut sum = 0i32;
    for n in 0..32 {
        // SAFETY: `n < 32`: an element of the flash static `RQ1`.
        let rq: Requant = unsafe { progmem::read(&RQ1[n]) };
        sum = sum.wrapping_add(rq.apply(core::hint::black_box(acc)));
    }
    for n in 0..10 {
        // SAFETY: `n < 10`: an element of the flash static `RQ2`.
        let rq: Requant = unsafe { progmem::read(&RQ2[n]) };
        sum = sum.wrapping_add(rq.apply(core::hint::black_box(acc)));
    }
    sum
}

/// Multiply-accumulates of one inference.
pub const MACS: u32 = 64 * 32 + 32 * 10;
