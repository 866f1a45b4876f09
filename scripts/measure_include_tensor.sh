#!/usr/bin/env bash
# The build time a 1 MiB weight adds: a crate with
#   static W: Tensor<f32, Shape![256, 1024]> = include_tensor!("weights/w.npy");
# against the same crate without it (a 2x2 `tensor!` instead), and against
# decoding the same file with a `const fn` loop element by element (what a
# hand-written decoder does). Each variant: the crate's own compilation
# (dependencies built first), incremental compilation off, 5 runs.
#
#   scripts/measure_include_tensor.sh        # prints seconds per run
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/src" "$dir/weights"
python3 - "$dir/weights/w.npy" <<'PY'
import os, struct, sys
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (256, 1024), }"
header += " " * (127 - 10 - len(header)) + "\n"
values = b"".join(struct.pack("<f", (i % 977) / 977.0 - 0.5) for i in range(256 * 1024))
open(sys.argv[1], "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + values)
PY
cat > "$dir/Cargo.toml" <<TOML
[package]
name = "measure"
version = "0.1.0"
edition = "2021"
[features]
include = []
loop = []
[dependencies]
tensor-core = { path = "$root/tensor-core" }
[workspace]
TOML
cat > "$dir/src/main.rs" <<'RS'
use tensor_core::prelude::*;
#[cfg(feature = "include")]
static W: Tensor<f32, Shape![256, 1024]> = include_tensor!("weights/w.npy");
#[cfg(feature = "loop")]
static W: Tensor<f32, Shape![256, 1024]> = Tensor::from_array(decode());
#[cfg(feature = "loop")]
const fn decode() -> [[f32; 1024]; 256] {
    const FILE: &[u8] = include_bytes!("../weights/w.npy");
    let mut out = [[0.0f32; 1024]; 256];
    let mut i = 0;
    while i < 256 * 1024 {
        let at = 128 + 4 * i;
        out[i / 1024][i % 1024] = f32::from_le_bytes([FILE[at], FILE[at + 1], FILE[at + 2], FILE[at + 3]]);
        i += 1;
    }
    out
}
#[cfg(not(any(feature = "include", feature = "loop")))]
static W: Tensor<f32, Shape![2, 2]> = tensor![[1.0, 2.0], [3.0, 4.0]];
fn main() {
    println!("{}", W.iter().sum::<f32>());
}
RS
cd "$dir"
export CARGO_INCREMENTAL=0
for variant in "" include loop; do
    for cmd in check build; do
        cargo $cmd -q --features "$variant"
        times=()
        for _ in 1 2 3 4 5; do
            sleep 1
            touch src/main.rs
            start=$(date +%s.%N)
            cargo $cmd -q --features "$variant"
            times+=("$(printf '%.2f' "$(echo "$(date +%s.%N) - $start" | bc)")")
        done
        echo "${variant:-without}: cargo $cmd: ${times[*]} s"
    done
done
