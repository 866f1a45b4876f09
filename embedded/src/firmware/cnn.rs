//! The digits CNN on the target: its accuracy against the host's record,
//! the stack of one inference, and its cost against hand-written loops.

use cortex_m_semihosting::hprintln;
use tensor_core::prelude::*;
use tensor_examples::cnn::{image, predict};
use tensor_examples::trained::TEST_SET;
use tensor_examples::trained_cnn::{HOST_CORRECT, NET};
use tensor_firmware::{baseline_cnn, classify_test_set_cnn, input_cnn};

use super::cost::Ticks;
use super::{net_ticks, ratio, report_accuracy, stack};

/// tensor-core's CNN inference of one image.
#[inline(never)]
fn library(x: &Tensor<f32, Shape![1, 8, 8]>) -> usize {
    predict(&NET, x)
}

/// The hand-written loops' CNN inference of one image.
#[inline(never)]
fn loops(x: &[f32; 64]) -> usize {
    baseline_cnn::predict(&NET, x)
}

/// The test set's accuracy against the host's record for the same weights;
/// whether tensor-core and the loops both match it with identical logits.
pub fn check_accuracy() -> bool {
    report_accuracy(
        "digits CNN conv3x3(8)-relu-maxpool-dense",
        "CNN hand-written loops",
        classify_test_set_cnn(),
        HOST_CORRECT,
    )
}

/// The stack high-water mark of one CNN inference, each way.
pub fn measure_stack() {
    let x = image(&TEST_SET[0]);
    let (_, lib) = stack::high_water(|| library(core::hint::black_box(&x)));
    let (_, hand) = stack::high_water(|| loops(core::hint::black_box(input_cnn(&x))));
    hprintln!(
        "CNN stack high-water of one inference: tensor-core {} bytes, hand-written loops {} bytes",
        lib,
        hand
    );
}

/// SysTick ticks per CNN inference over the test set, each way, and their
/// ratio.
pub fn measure_cost(ticks: &mut Ticks) {
    let empty = ticks.measure(|| core::hint::black_box(0usize)).1;
    let mut total = [0u64; 2];
    for record in &TEST_SET {
        let x = image(record);
        total[0] += net_ticks(ticks, empty, || library(core::hint::black_box(&x)));
        total[1] += net_ticks(ticks, empty, || loops(core::hint::black_box(input_cnn(&x))));
    }
    let [lib, hand] = total.map(|t| t / 360);
    hprintln!(
        "CNN cost per inference (SysTick ticks, -icount shift=7): tensor-core {}, hand-written loops {}, ratio {}.{:03}",
        lib,
        hand,
        ratio(lib, hand) / 1000,
        ratio(lib, hand) % 1000
    );
}
