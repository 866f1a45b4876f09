//! The firmware proper: runs the checks of the library part on the target,
//! measures them, prints over semihosting, and exits QEMU with status 0
//! when every check passes, 1 otherwise (a panic exits 1 too).

mod cnn;
mod cost;
mod footprint;
mod quantized;
mod stack;
mod with_nalgebra;

use core::panic::PanicInfo;

use cortex_m_rt::entry;
use cortex_m_semihosting::debug::{self, EXIT_FAILURE, EXIT_SUCCESS};
use cortex_m_semihosting::hprintln;
use tensor_core::prelude::*;
use tensor_examples::mlp::predict;
use tensor_examples::trained::{pixels, HOST_CORRECT, NET, TEST_SET};
use tensor_examples::{edge_strength, KERNELS, SAMPLE, TIMES};
use tensor_firmware::{baseline, classify_test_set, confidence, demos, input, TestRun};

use cost::Ticks;

#[entry]
fn main() -> ! {
    let peripherals = cortex_m::Peripherals::take().expect("taken once, here");
    let mut ticks = Ticks::start(peripherals.SYST);
    let ok = run(&mut ticks);
    hprintln!(
        "{}",
        if ok {
            "firmware: all checks passed"
        } else {
            "firmware: FAILED"
        }
    );
    debug::exit(if ok { EXIT_SUCCESS } else { EXIT_FAILURE });
    loop {}
}

// `hprintln!` concatenates its format string, so its arguments are never
// inline (`{x}`): they are passed after it.

/// Every check and measurement, in order; whether all checks passed.
fn run(ticks: &mut Ticks) -> bool {
    footprint::print();
    measure_stack();
    let accurate = check_accuracy();
    report_nalgebra();
    measure_cost(ticks);
    let cnn = cnn::check_accuracy();
    cnn::measure_stack();
    cnn::measure_cost(ticks);
    let int8 = quantized::check_accuracy();
    quantized::measure_cost(ticks);
    let dense = quantized::measure_dense(ticks);
    let demos = run_demos();
    show_confidence();
    accurate && cnn && int8 && dense && demos
}

/// tensor-core's inference of one image, as the cost and stack measurements
/// call it.
#[inline(never)]
fn library(x: &Tensor<f32, Shape![64]>) -> usize {
    predict(&NET, x)
}

/// The hand-written loops' inference of one image.
#[inline(never)]
fn loops(x: &[f32; 64]) -> usize {
    baseline::predict(&NET, x)
}

/// The hand-written loops' inference, weights read in memory order.
#[inline(never)]
fn loops_by_rows(x: &[f32; 64]) -> usize {
    baseline::predict_by_rows(&NET, x)
}

/// The stack high-water mark of one inference, each way.
fn measure_stack() {
    let x = pixels(&TEST_SET[0]);
    let v = with_nalgebra::input(input(&x));
    let (_, lib) = stack::high_water(|| library(core::hint::black_box(&x)));
    let (_, hand) = stack::high_water(|| loops(core::hint::black_box(input(&x))));
    let (_, rows) = stack::high_water(|| loops_by_rows(core::hint::black_box(input(&x))));
    let (_, nalgebra) = stack::high_water(|| with_nalgebra::predict(core::hint::black_box(&v)));
    hprintln!(
        "stack high-water of one inference: tensor-core {} bytes, hand-written loops {} bytes (by rows {}), nalgebra {} bytes",
        lib,
        hand,
        rows,
        nalgebra
    );
}

/// The test set's accuracy against the host's record for the same weights.
fn check_accuracy() -> bool {
    report_accuracy(
        "digits MLP 64-32-10",
        "hand-written loops",
        classify_test_set(),
        HOST_CORRECT,
    )
}

/// Prints `run` of the network `name` against the host's count `host`;
/// whether tensor-core and the loops (`loops`) both match it with
/// identical logits. CI reads the first line's "host N/360: equal".
fn report_accuracy(name: &str, loops: &str, run: TestRun, host: usize) -> bool {
    hprintln!(
        "{} from static weights: {}/360 correct ({}.{:02}%), host {}/360: {}",
        name,
        run.library,
        run.library * 100 / 360,
        run.library * 10000 / 360 % 100,
        host,
        if run.library == host {
            "equal"
        } else {
            "MISMATCH"
        }
    );
    hprintln!(
        "{}: {}/360 correct; logits bit-identical to tensor-core's: {}",
        loops,
        run.loops,
        run.same_logits
    );
    run.library == host && run.loops == host && run.same_logits
}

/// nalgebra's count of correct test images and whether its logits are
/// bit-identical to tensor-core's: printed, not required (a peer's
/// summation order is its own).
fn report_nalgebra() {
    let (mut correct, mut same) = (0, true);
    for record in &TEST_SET {
        let x = pixels(record);
        let v = with_nalgebra::input(input(&x));
        correct += usize::from(with_nalgebra::predict(&v) == usize::from(record[64]));
        let ours = tensor_examples::mlp::logits(&NET, &x);
        let theirs = with_nalgebra::logits(&v);
        same &= ours
            .iter()
            .zip(theirs.iter())
            .all(|(a, b)| a.to_bits() == b.to_bits());
    }
    hprintln!(
        "nalgebra: {}/360 correct; logits bit-identical to tensor-core's: {}",
        correct,
        same
    );
}

/// SysTick ticks per inference over the test set, each way, and their
/// ratios.
fn measure_cost(ticks: &mut Ticks) {
    let empty = ticks.measure(|| core::hint::black_box(0usize)).1;
    let mut total = [0u64; 4];
    for record in &TEST_SET {
        let x = pixels(record);
        let v = with_nalgebra::input(input(&x));
        total[0] += net_ticks(ticks, empty, || library(core::hint::black_box(&x)));
        total[1] += net_ticks(ticks, empty, || loops(core::hint::black_box(input(&x))));
        total[2] += net_ticks(ticks, empty, || {
            loops_by_rows(core::hint::black_box(input(&x)))
        });
        total[3] += net_ticks(ticks, empty, || {
            with_nalgebra::predict(core::hint::black_box(&v))
        });
    }
    let [lib, hand, rows, nalgebra] = total.map(|t| t / 360);
    hprintln!(
        "SysTick scale: {} ticks per 1000 instructions",
        cost::per_thousand_instructions(ticks)
    );
    hprintln!(
        "cost per inference (SysTick ticks, -icount shift=7): tensor-core {}, hand-written loops {}, ratio {}.{:03}",
        lib,
        hand,
        ratio(lib, hand) / 1000,
        ratio(lib, hand) % 1000
    );
    for (name, other) in [
        ("loops by rows (weights in memory order)", rows),
        ("nalgebra (SMatrix)", nalgebra),
    ] {
        hprintln!(
            "cost per inference, {}: {}, ratio {}.{:03}",
            name,
            other,
            ratio(lib, other) / 1000,
            ratio(lib, other) % 1000
        );
    }
}

/// The ticks of `f()` less those of an empty call.
pub(crate) fn net_ticks(ticks: &mut Ticks, empty: u32, f: impl FnOnce() -> usize) -> u64 {
    u64::from(ticks.measure(f).1 - empty)
}

/// `a / b` in thousandths, rounded to nearest.
pub(crate) fn ratio(a: u64, b: u64) -> u64 {
    (a * 1000 + b / 2) / b
}

/// The static-table demos, printed and checked.
fn run_demos() -> bool {
    for (name, kernel) in KERNELS {
        hprintln!(
            "{} kernel, {} bytes of flash:\n{}",
            name,
            size_of_val(kernel),
            kernel
        );
    }
    hprintln!("7 x 9 from the const-computed table: {}", TIMES[[7, 9]]);
    hprintln!(
        "Sobel edge strength of the sample's interior:\n{}",
        edge_strength(&SAMPLE)
    );
    let result = demos::check();
    hprintln!("static-table demos: {:?}", result);
    result.is_ok()
}

/// The class probabilities of the first test image (`exp` and `sqrt`
/// without std).
fn show_confidence() {
    let x = pixels(&TEST_SET[0]);
    let (p, rms) = confidence(&x);
    hprintln!(
        "first test image (label {}): probabilities {:.3}, rms intensity {:.3}",
        TEST_SET[0][64],
        p,
        rms
    );
}

#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    hprintln!("panic: {}", info);
    debug::exit(EXIT_FAILURE);
    loop {}
}
