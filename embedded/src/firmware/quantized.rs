//! The int8 digits MLP and CNN on the target: their accuracy against the
//! host's, prediction by prediction, and their cost per inference.

use cortex_m_semihosting::hprintln;
use tensor_core::prelude::*;
use tensor_examples::quantized::{argmax, cnn_logits, mlp_logits, qpixels, QCNN, QMLP};
use tensor_examples::trained::TEST_SET;
use tensor_firmware::quantized::{classify_int8, hidden_loop};

use super::cost::{per_thousand_instructions, Ticks};
use super::net_ticks;

/// The int8 MLP's inference of one quantized image.
#[inline(never)]
fn mlp(x: &Tensor<i8, Shape![1, 64]>) -> usize {
    argmax(&mlp_logits(&QMLP, x))
}

/// The int8 CNN's inference of one quantized image.
#[inline(never)]
fn cnn(x: &Tensor<i8, Shape![1, 64]>) -> usize {
    argmax(&cnn_logits(&QCNN, x))
}

/// tensor-core's int8 dense layer `64 → 32` (`QDense`, `assign_qdense`:
/// SXTB16 and SMLAD on a Cortex-M4).
#[inline(never)]
fn dense_library(x: &Tensor<i8, Shape![1, 64]>, out: &mut Tensor<i8, Shape![1, 32]>) -> usize {
    QMLP.hidden.forward_into(x, out);
    out[[0, 0]] as usize
}

/// The same layer with its weights widened to `i16` and packed
/// (`QDenseWide`: `LDRD` and `SMLAD`, no `SXTB16`), in flash.
#[inline(never)]
fn dense_wide(x: &Tensor<i8, Shape![1, 64]>, out: &mut Tensor<i8, Shape![1, 32]>) -> usize {
    WIDE_HIDDEN.forward_into(x, out);
    out[[0, 0]] as usize
}

/// The hidden layer's weights widened and packed by a `const fn`.
static WIDE_HIDDEN: QDenseWide<Dim<64>, Dim<32>> = QDenseWide::new(&QMLP.hidden);

/// The same layer as a hand-written loop.
#[inline(never)]
fn dense_loop(x: &[i8; 64], out: &mut [i8; 32]) -> usize {
    hidden_loop(x, out);
    out[0] as usize
}

/// Instructions per multiply-accumulate of the dense layer `64 → 32`
/// (2048 MACs and 32 requantizations), tensor-core against the loop, and
/// whether their outputs are identical for every test digit.
pub fn measure_dense(ticks: &mut Ticks) -> bool {
    let scale = u64::from(per_thousand_instructions(ticks));
    let empty = ticks.measure(|| core::hint::black_box(0usize)).1;
    let (mut total, mut same) = ([0u64; 3], true);
    for record in &TEST_SET {
        let x = qpixels(record);
        let xs: &[i8; 64] = x.as_slice().try_into().expect("64 pixels");
        let (mut lib, mut wide, mut hand) = (Tensor::zeros(), Tensor::zeros(), [0i8; 32]);
        total[0] += net_ticks(ticks, empty, || {
            dense_library(core::hint::black_box(&x), &mut lib)
        });
        total[2] += net_ticks(ticks, empty, || {
            dense_wide(core::hint::black_box(&x), &mut wide)
        });
        total[1] += net_ticks(ticks, empty, || {
            dense_loop(core::hint::black_box(xs), &mut hand)
        });
        same &= lib.as_slice() == hand && wide == lib;
    }
    // Instructions per 1000 MACs, per layer call.
    let [lib, hand, wide] = total.map(|t| t * 1000 / scale * 1000 / 360 / 2048);
    hprintln!(
        "int8 dense 64->32 (2048 MACs + 32 requantizations), instructions per MAC: tensor-core {}.{:03} (i8 weights), {}.{:03} (QDenseWide, i16 weights), hand-written loop {}.{:03}; outputs identical: {}",
        lib / 1000,
        lib % 1000,
        wide / 1000,
        wide % 1000,
        hand / 1000,
        hand % 1000,
        same
    );
    same
}

/// Prints both networks' counts against the host's; whether they are equal
/// and every prediction is the host's. CI reads "host N/360: equal".
pub fn check_accuracy() -> bool {
    let run = classify_int8();
    for (name, here, host) in [
        ("int8 digits MLP 64-32-10", run.mlp, run.host_mlp),
        (
            "int8 digits CNN conv3x3(8)-relu-maxpool-dense",
            run.cnn,
            run.host_cnn,
        ),
    ] {
        hprintln!(
            "{}: {}/360 correct, host {}/360: {}",
            name,
            here,
            host,
            if here == host { "equal" } else { "MISMATCH" }
        );
    }
    hprintln!(
        "int8 predictions equal to the host's for all 360 digits: {}",
        run.same_predictions
    );
    run.mlp == run.host_mlp && run.cnn == run.host_cnn && run.same_predictions
}

/// Instructions per inference of both int8 networks, over the test set.
pub fn measure_cost(ticks: &mut Ticks) {
    let scale = u64::from(per_thousand_instructions(ticks));
    let empty = ticks.measure(|| core::hint::black_box(0usize)).1;
    let mut total = [0u64; 2];
    for record in &TEST_SET {
        let x = qpixels(record);
        total[0] += net_ticks(ticks, empty, || mlp(core::hint::black_box(&x)));
        total[1] += net_ticks(ticks, empty, || cnn(core::hint::black_box(&x)));
    }
    let [m, c] = total.map(|t| t * 1000 / scale / 360);
    hprintln!(
        "int8 cost per inference (instructions, -icount): MLP {} ({} MACs), CNN {} ({} MACs)",
        m,
        64 * 32 + 32 * 10,
        c,
        8 * 36 * 9 + 72 * 10
    );
}
