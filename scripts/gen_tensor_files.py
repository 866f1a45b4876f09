#!/usr/bin/env python3
"""Writes the small .npy and safetensors files the tests of `include_tensor!`
and of the run-time readers load, with NumPy and the `safetensors` package
(`pip install numpy safetensors`): the reference a Rust test compares
against is what these libraries write, not what our writer writes.

    python3 scripts/gen_tensor_files.py          # (re)write every file
    python3 scripts/gen_tensor_files.py --check  # fail if a committed file differs

The files are committed: CI runs the Rust tests without Python.

Every array's values follow one rule the Rust tests recompute with a plain
loop: element k (row-major) of a file of type T is `value(T, k)` below.
"""
import io
import os
import sys

import numpy as np
from safetensors.numpy import save as st_save

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = os.path.join(ROOT, "tensor-core", "src", "interop", "testdata")
UI = os.path.join(ROOT, "ui-tests", "data")
FUZZ = os.path.join(ROOT, "fuzz", "corpus")

TYPES = ["f32", "f64", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f16"]
NP = {"f32": np.float32, "f64": np.float64, "i8": np.int8, "u8": np.uint8,
      "i16": np.int16, "u16": np.uint16, "i32": np.int32, "u32": np.uint32,
      "i64": np.int64, "u64": np.uint64, "f16": np.float16}


def value(t, k):
    """Element k of a test array of type t: signed types go negative,
    floats get a fraction, every value fits every type."""
    if t.startswith("f"):
        return (k - 3) * 0.5
    if t.startswith("i"):
        return k * 3 - 7
    return k * 5 + 1


def array(t, shape):
    n = int(np.prod(shape, dtype=np.int64))
    return np.array([value(t, k) for k in range(n)], dtype=NP[t]).reshape(shape)


def npy_bytes(a, version=None):
    out = io.BytesIO()
    if version is None:
        np.save(out, a)
    else:
        np.lib.format.write_array(out, a, version=version)
    return out.getvalue()


def safetensors_file(tensors):
    """A safetensors file written as the format defines it: the JSON header
    (padded with spaces to a multiple of 8), then the data in order."""
    import json
    header, data = {}, b""
    for name, (dtype, shape, raw) in tensors.items():
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return len(text).to_bytes(8, "little") + text + data


def files():
    """(directory, name, bytes) of every file."""
    out = []
    core = lambda name, data: out.append((CORE, name, data))
    # Every element type, at the shape [2, 3].
    for t in TYPES:
        core(f"{t}_2x3.npy", npy_bytes(array(t, (2, 3))))
    # Ranks 0 to 4, and an empty tensor.
    for shape in [(), (5,), (2, 3), (2, 3, 4), (2, 1, 3, 2), (0, 3)]:
        name = "x".join(map(str, shape)) or "scalar"
        core(f"i32_{name}.npy", npy_bytes(array("i32", shape)))
    # Versions 2.0 and 3.0 of the header.
    core("f32_2x3_v2.npy", npy_bytes(array("f32", (2, 3)), version=(2, 0)))
    core("f32_2x3_v3.npy", npy_bytes(array("f32", (2, 3)), version=(3, 0)))
    # What the readers reject: big-endian, Fortran order.
    core("f32_2x3_big_endian.npy", npy_bytes(array("f32", (2, 3)).astype(">f4")))
    core("f32_2x3_fortran.npy", npy_bytes(np.asfortranarray(array("f32", (2, 3)))))
    # A safetensors file of several tensors and metadata, as PyTorch
    # checkpoints are (names with dots, a scalar, every dtype).
    several = {f"{t}.w": array(t, (2, 3)) for t in TYPES}
    several["scalar"] = array("i64", ())
    several["layer.0.bias"] = array("f32", (4,))
    core("several.safetensors", st_save(several, metadata={"format": "pt"}))
    # bf16 (feature `half`): NumPy has no bfloat16, so the file is written by
    # hand as the format defines it; a bf16 is the upper half of an f32, and
    # these values are exact in both.
    bf16 = (array("f32", (2, 3)).view("<u4") >> 16).astype("<u2")
    core("bf16_2x3.safetensors", safetensors_file({"bf16.w": ("BF16", (2, 3), bf16.tobytes())}))

    ui = lambda name, data: out.append((UI, name, data))
    ui("w3x4_f32.npy", npy_bytes(array("f32", (3, 4))))
    ui("w12_f32.npy", npy_bytes(array("f32", (12,))))
    ui("w2x3_f16.npy", npy_bytes(array("f16", (2, 3))))
    ui("lenet_tiny.safetensors", st_save({
        "fc1.weight": array("f32", (4, 6)),
        "fc1.bias": array("f32", (4,)),
        "fc2.weight": array("f32", (2, 4)),
    }))

    # Seeds for the fuzz targets: small valid files and a few broken ones.
    fuzz = lambda target, name, data: out.append((os.path.join(FUZZ, target), name, data))
    for target in ["npy", "npy_boxed"]:
        fuzz(target, "f32_2x3.npy", npy_bytes(array("f32", (2, 3))))
        fuzz(target, "f32_2x3_v2.npy", npy_bytes(array("f32", (2, 3)), version=(2, 0)))
        fuzz(target, "u8_2x3.npy", npy_bytes(array("u8", (2, 3))))
        fuzz(target, "truncated.npy", npy_bytes(array("f32", (2, 3)))[:70])
    for target in ["safetensors", "safetensors_boxed"]:
        fuzz(target, "several.safetensors", st_save(several, metadata={"format": "pt"}))
        fuzz(target, "w.safetensors", st_save({"w": array("f32", (2, 3))}))
    return out


def main():
    check = "--check" in sys.argv
    stale = []
    for directory, name, data in files():
        path = os.path.join(directory, name)
        if check:
            with open(path, "rb") as f:
                if f.read() != data:
                    stale.append(path)
            continue
        os.makedirs(directory, exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    # NumPy reads back what it wrote, with the values of `value`.
    for t in TYPES:
        a = np.load(os.path.join(CORE, f"{t}_2x3.npy"))
        assert (a == array(t, (2, 3))).all() and a.dtype == NP[t]
    if stale:
        sys.exit("stale: " + ", ".join(stale))


if __name__ == "__main__":
    main()
