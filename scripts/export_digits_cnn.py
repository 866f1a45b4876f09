#!/usr/bin/env python3
"""Exports the digits CNN's weights to safetensors, as a PyTorch user would
export a checkpoint: `examples/data/digits_cnn.safetensors`, which
`examples/trained_cnn.rs` loads with `include_tensor!`.

The weights were trained by `cargo run --release --example cnn` (fixed seed)
and first written in the example's own raw format, `digits_cnn.bin`: the
little-endian f32s of conv_w [8, 1, 3, 3], conv_b [8], dense_w [72, 10],
dense_b [10] (row-major), then a little-endian u32, the number of the 360
test images the host classified correctly. This script converted that file
exactly (the f32 bits are copied, never rounded; the check below compares
them bit for bit); since then `cnn -- --save` writes the safetensors file
directly, byte for byte as this script does.

    git show 347cfce:examples/data/digits_cnn.bin > /tmp/digits_cnn.bin
    python3 scripts/export_digits_cnn.py /tmp/digits_cnn.bin          # write
    python3 scripts/export_digits_cnn.py /tmp/digits_cnn.bin --check  # compare

Requires `pip install numpy safetensors`.
"""
import os
import sys

import numpy as np
from safetensors.numpy import load, save

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "examples", "data", "digits_cnn.safetensors")
F, K = 8, 72
SHAPES = [("conv.weight", (F, 1, 3, 3)), ("conv.bias", (F, 1, 1)),
          ("dense.weight", (K, 10)), ("dense.bias", (10,))]


def convert(raw):
    params = sum(int(np.prod(s)) for _, s in SHAPES)
    assert len(raw) == 4 * params + 4, f"expected {4 * params + 4} bytes, found {len(raw)}"
    tensors, at = {}, 0
    for name, shape in SHAPES:
        n = int(np.prod(shape))
        tensors[name] = np.frombuffer(raw, dtype="<f4", count=n, offset=4 * at).reshape(shape).copy()
        at += n
    tensors["host_correct"] = np.frombuffer(raw, dtype="<u4", count=1, offset=4 * at).reshape(()).copy()
    return tensors


def main():
    raw = open(sys.argv[1], "rb").read()
    tensors = convert(raw)
    data = save(tensors)
    # Exact: every tensor read back has the .bin's bits.
    back = load(data)
    for name, t in tensors.items():
        assert back[name].tobytes() == t.tobytes() and back[name].shape == t.shape, name
    flat = b"".join(back[name].astype("<f4").tobytes() for name, _ in SHAPES)
    assert flat + back["host_correct"].astype("<u4").tobytes() == raw
    if "--check" in sys.argv:
        if open(OUT, "rb").read() != data:
            sys.exit(f"{OUT} differs from the conversion")
        print(f"{OUT}: the conversion, byte for byte")
        return
    open(OUT, "wb").write(data)
    print(f"wrote {OUT}: {len(data)} bytes, host_correct = {int(tensors['host_correct'])}")


if __name__ == "__main__":
    main()
