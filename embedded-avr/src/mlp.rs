//! The int8 digits MLP (`examples/quantized_weights.rs`'s `MLP`, the
//! host's `QMlp`) with every weight, bias and requantization in flash, read
//! through `lpm`, and the activations in RAM: 64 input bytes, 64 bytes of
//! offset inputs (`i16`), 32 hidden and 10 output bytes.
//!
//! The arithmetic is tensor-core's `QDense` (TensorFlow Lite's
//! `FullyConnected`): `Requant::apply` from tensor-core, the same zero
//! points and clamps. Only the loop is this firmware's: the weights are
//! stored transposed (`[N][K]`, at compile time) so that each output reads
//! its weights in address order, and each multiply-accumulate is an
//! 8-bit by 16-bit product that fits 16 bits (`|x - zp| ≤ 255`,
//! `|w| ≤ 127`), added to an `i32`.

use crate::model::quantized_weights::MLP;
use tensor_core::prelude::*;

use crate::progmem;

/// The layers' weights, transposed: row `n` holds output `n`'s weights.
#[link_section = ".progmem.data"]
static W1: [[i8; 64]; 32] = transpose(MLP.hidden.weights.as_array());
#[link_section = ".progmem.data"]
static W2: [[i8; 32]; 10] = transpose(MLP.output.weights.as_array());
#[link_section = ".progmem.data"]
static B1: [i32; 32] = *MLP.hidden.bias.as_array();
#[link_section = ".progmem.data"]
static B2: [i32; 10] = *MLP.output.bias.as_array();
#[link_section = ".progmem.data"]
static RQ1: [Requant; 32] = *MLP.hidden.rqs.as_array();
#[link_section = ".progmem.data"]
static RQ2: [Requant; 10] = *MLP.output.rqs.as_array();

/// `[K][N]` to `[N][K]`, at compile time.
const fn transpose<const K: usize, const N: usize>(w: &[[i8; N]; K]) -> [[i8; K]; N] {
    let mut t = [[0; K]; N];
    let mut k = 0;
    while k < K {
        let mut n = 0;
        while n < N {
            t[n][k] = w[k][n];
            n += 1;
        }
        k += 1;
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

/// One dense layer from flash: `out[n] = clamp(output_zp +
/// rqs[n].apply(bias[n] + Σk (x[k] - input_zp) · w[n][k]))`.
#[inline(never)]
fn dense<const K: usize, const N: usize>(
    x: &[i8; K],
    w: &'static [[i8; K]; N],
    bias: &'static [i32; N],
    rqs: &'static [Requant; N],
    p: &Params,
    out: &mut [i8; N],
) {
    let mut xs = [0i16; K];
    for (s, &v) in xs.iter_mut().zip(x) {
        *s = v as i16 - p.input_zp as i16;
    }
    for (n, o) in out.iter_mut().enumerate() {
        // SAFETY: `bias`, `rqs` and `w` are the flash statics above.
        let mut acc = unsafe { progmem::read(&bias[n]) };
        let row = w[n].as_ptr() as *const u8;
        for (k, &s) in xs.iter().enumerate() {
            // SAFETY: `k < K`: a byte of row `n` of a flash static.
            let wv = unsafe { progmem::byte(row.add(k)) } as i8;
            acc = acc.wrapping_add(s.wrapping_mul(wv as i16) as i32);
        }
        // SAFETY: as above.
        let rq = unsafe { progmem::read(&rqs[n]) };
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

/// Multiply-accumulates of one inference.
pub const MACS: u32 = 64 * 32 + 32 * 10;
