#!/usr/bin/env bash
# Compile cost of tensor-core, reproducibly:
#
#  (a) a clean `cargo build -p tensor-core` (tensor-core + tensor-macros and
#      their deps: syn, quote, proc-macro2, typenum), dev and --release:
#      total wall time, and each crate's own time from `cargo build --timings`;
#      and the dev build again with CARGO_INCREMENTAL=0 ("dep"), which is how
#      cargo builds tensor-core for a user who depends on it (incremental
#      compilation is for workspace members only; syn is always built so);
#  (b) the `cargo check` time of scripts/compile_cost/src/lib.rs (50 rank-6
#      shapes, permutes, reshapes, slices, matmuls) once its deps are built:
#      `touch` + `cargo check` (incremental, as an editor sees it), and the
#      same with CARGO_INCREMENTAL=0 (the whole file type-checked again);
#  (c) the release build of the two model examples (`lenet`, `transformer`)
#      once tensor-core is built: both touched, then `cargo build --release`
#      of the two (issue 19's target: <= 15 s).
#
# Usage: scripts/compile_cost.sh [RUNS]   (default 3; prints medians)
# Everything is built under $COMPILE_COST_DIR (default /tmp/compile_cost)
# from a snapshot of tensor-core, tensor-macros and the test crate taken at
# the start (a workspace of those two crates with the repository's
# [workspace.dependencies] and Cargo.lock), so edits made while it runs do
# not leak into the numbers, and the source tree is never written to.
# Targets on the 2-core dev machine: (a) <= 10 s, (b) <= 2 s.
set -euo pipefail

RUNS=${1:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${COMPILE_COST_DIR:-/tmp/compile_cost}
TOOLCHAIN=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' "$ROOT/rust-toolchain.toml")
export RUSTUP_TOOLCHAIN=$TOOLCHAIN
unset RUSTFLAGS CARGO_BUILD_RUSTFLAGS CARGO_INCREMENTAL

now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$(now)"; }

# Per-crate durations from a --timings report: "name=seconds ...".
unit_times() {
    python3 - "$1" <<'PY'
import json, sys
html = open(sys.argv[1]).read()
key = "const UNIT_DATA = "
data = html[html.index(key) + len(key):]
units = json.loads(data[:data.index(";\n")])
want = {"tensor-core": "core", "tensor-core-macros": "macros", "syn": "syn", "typenum": "typenum"}
out = {}
for u in units:
    if u["name"] in want and u.get("mode") != "run-custom-build":
        out[want[u["name"]]] = out.get(want[u["name"]], 0) + u["duration"]
print(" ".join(f"{k}={v:.2f}" for k, v in out.items()))
PY
}

# The snapshot: $SRC/{Cargo.toml,Cargo.lock,tensor-core,tensor-macros}, and
# the test crate in $SRC/scripts/compile_cost (its path dependency unchanged).
SRC="$WORK/src"
snapshot() {
    rm -rf "$SRC"
    mkdir -p "$SRC/scripts"
    cp -r "$ROOT/tensor-core" "$ROOT/tensor-macros" "$ROOT/examples" "$ROOT/Cargo.lock" "$ROOT/rust-toolchain.toml" "$SRC/"
    rm -rf "$SRC/tensor-core/target" "$SRC/tensor-macros/target" "$SRC/examples/target"
    sed 's/^members = .*/members = ["tensor-core", "tensor-macros", "examples"]/' "$ROOT/Cargo.toml" >"$SRC/Cargo.toml"
    mkdir -p "$SRC/scripts/compile_cost"
    cp -r "$ROOT/scripts/compile_cost/Cargo.toml" "$ROOT/scripts/compile_cost/src" "$SRC/scripts/compile_cost/"
    cp "$ROOT/Cargo.lock" "$SRC/scripts/compile_cost/" # the workspace's versions
}

# A clean build of tensor-core; prints "total=.. cpu=.. typenum=.. syn=.. macros=.. core=..".
clean_build() { # profile flag ("" or --release), then CARGO_INCREMENTAL ("" for cargo's default)
    local target="$WORK/target-clean"
    rm -rf "$target"
    # cpu: user + system seconds of cargo and every rustc (less sensitive
    # than wall time to other jobs on the machine).
    (cd "$SRC" && env ${2:+CARGO_INCREMENTAL=$2} CARGO_TARGET_DIR="$target" /usr/bin/time -f "total=%e cpu=%U+%S" -o "$WORK/time.txt" \
        cargo build --offline -q -p tensor-core --timings $1) \
        2>"$WORK/build.log" || { cat "$WORK/build.log" >&2; exit 1; }
    local cpu
    cpu=$(python3 -c "import sys; t=sys.argv[1].split('cpu=')[1].split('+'); print(f'{float(t[0])+float(t[1]):.2f}')" "$(tail -1 "$WORK/time.txt")")
    echo "$(tail -1 "$WORK/time.txt" | cut -d' ' -f1) cpu=$cpu $(unit_times "$target/cargo-timings/cargo-timing.html")"
}

# (b): deps built first, then the file alone, 3 times each (cheap, and
# noisy on a shared machine); prints the medians, "touch=.. full=..".
check_file() {
    local target="$WORK/target-check"
    rm -rf "$target"
    cd "$SRC/scripts/compile_cost"
    CARGO_TARGET_DIR="$target" cargo check --offline -q
    local t0 touch=() full=()
    for _ in 1 2 3; do
        sleep 1; touch src/lib.rs
        t0=$(now); CARGO_TARGET_DIR="$target" cargo check --offline -q; touch+=("$(since "$t0")")
    done
    for _ in 1 2 3; do
        sleep 1; touch src/lib.rs
        t0=$(now); CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$target" cargo check --offline -q; full+=("$(since "$t0")")
    done
    cd - >/dev/null
    echo "touch=$(median "${touch[@]}") full=$(median "${full[@]}")"
}

# (c): the two model examples' release build, tensor-core built first;
# prints "examples=..".
examples() {
    local target="$WORK/target-examples" t0
    rm -rf "$target"
    local build=(cargo build --offline -q --release -p tensor-examples --example lenet --example transformer)
    (cd "$SRC" && CARGO_TARGET_DIR="$target" "${build[@]}") 2>"$WORK/build.log" || { cat "$WORK/build.log" >&2; exit 1; }
    sleep 1; touch "$SRC/examples/lenet.rs" "$SRC/examples/transformer.rs"
    t0=$(now)
    (cd "$SRC" && CARGO_TARGET_DIR="$target" "${build[@]}")
    echo "examples=$(since "$t0")"
}

mkdir -p "$WORK"
snapshot
(cd "$SRC" && cargo fetch -q)
(cd "$SRC/scripts/compile_cost" && cargo fetch -q)
echo "toolchain $TOOLCHAIN, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $RUNS runs"

results="$WORK/results.txt"
: >"$results"
for run in $(seq "$RUNS"); do
    dev=$(clean_build "")
    dep=$(clean_build "" 0)
    rel=$(clean_build --release)
    file=$(check_file)
    ex=$(examples)
    echo "run $run: dev [$dev]  dep [$dep]  release [$rel]  file [$file]  [$ex]"
    echo "dev $dev" >>"$results"
    echo "dep $dep" >>"$results"
    echo "release $rel" >>"$results"
    echo "file $file" >>"$results"
    echo "models $ex" >>"$results"
done

python3 - "$results" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    kind, *pairs = line.split()
    for p in pairs:
        k, v = p.split("=")
        rows.setdefault(kind, {}).setdefault(k, []).append(float(v))
print("medians (s):")
for kind, cols in rows.items():
    print(f"  {kind:8}" + "  ".join(f"{k}={statistics.median(v):.2f}" for k, v in cols.items()))
print("minima (s):")
for kind, cols in rows.items():
    print(f"  {kind:8}" + "  ".join(f"{k}={min(v):.2f}" for k, v in cols.items()))
dev, rel, f = rows["dev"]["total"], rows["release"]["total"], rows["file"]["touch"]
full = rows["file"]["full"]
print(f"clean build: dev {statistics.median(dev):.2f} s, release {statistics.median(rel):.2f} s (target <= 10 s)")
print(f"test file:   touch+check {statistics.median(f):.2f} s, non-incremental {statistics.median(full):.2f} s (target <= 2 s; issue 19: non-incremental <= 0.5 s)")
for kind in ("dev", "dep"):
    core, syn = statistics.median(rows[kind]["core"]), statistics.median(rows[kind]["syn"])
    print(f"tensor-core / syn, {kind} build: {core:.2f} / {syn:.2f} s = {core / syn:.2f} (issue 19: <= 1)")
print(f"examples:    lenet + transformer release build {statistics.median(rows['models']['examples']):.2f} s (issue 19: <= 15 s)")
PY
