#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (cargo-fuzz layout: one file per target in
# fuzz/fuzz_targets/) for a bounded time each, under AddressSanitizer.
#
#   scripts/fuzz.sh            # 30 s per target
#   FUZZ_SECONDS=300 scripts/fuzz.sh npy safetensors   # chosen targets, longer
#
# Seeds are fuzz/corpus/<target>/ (committed, small); what libFuzzer finds
# new goes to target/fuzz-corpus/<target>/ (not committed), and a crash to
# fuzz/artifacts/<target>/ (reproduce: cargo fuzz run <target> <file>).
#
# The toolchain: cargo-fuzz passes nightly flags (-Zsanitizer=address, the
# sancov passes). rustup's stable toolchain accepts them under
# RUSTC_BOOTSTRAP=1, and, unlike Debian's rustc-web (which has no Rust ASan
# runtime; see the ASan job in .ci/run), ships librustc-stable_rt.asan.a, so
# plain `RUSTC_BOOTSTRAP=1 cargo fuzz run` works with rustup's cargo and
# rustc. cargo-fuzz is installed when missing (cargo install --locked).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-30}"
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for file in fuzz/fuzz_targets/*.rs; do
        targets+=("$(basename "$file" .rs)")
    done
fi

export RUSTC_BOOTSTRAP=1
for target in "${targets[@]}"; do
    echo "== fuzz: $target for ${seconds} s"
    scratch="target/fuzz-corpus/$target"
    mkdir -p "$scratch" "fuzz/corpus/$target"
    # --fuzz-dir: the fuzz crate; the first corpus directory receives new
    # inputs, the second (the seeds) is only read.
    cargo fuzz run --fuzz-dir fuzz "$target" "$scratch" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096
done
echo "== fuzz: ${#targets[@]} targets, no crash"
