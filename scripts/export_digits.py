#!/usr/bin/env python3
"""Writes examples/data/digits.bin: scikit-learn's 8x8 digits data set (1797
samples, UCI "Optical Recognition of Handwritten Digits", test part) for the
`digits` example, which reads it with `include_bytes!`.

Format: 1797 records of 65 bytes, no header. A record is the 64 pixel values
of one image (0..=16, row-major, as in `load_digits().data`) followed by its
label (0..=9).

Split: the records are in the order of a stratified train/test split,
`train_test_split(..., test_size=360, stratify=y, random_state=0)`: the first
1437 records are the training set, the last 360 the test set (35 to 37
of each digit). The file is committed; CI does not run this script. Rerunning it
reproduces the file byte for byte (the data set and the split are fixed).

Run: pip install scikit-learn && python3 scripts/export_digits.py
"""
from pathlib import Path

import numpy as np
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split

TRAIN, TEST = 1437, 360
OUT = Path(__file__).resolve().parent.parent / "examples" / "data" / "digits.bin"


def main():
    digits = load_digits()
    x, y = digits.data.astype(np.uint8), digits.target.astype(np.uint8)
    assert x.shape == (TRAIN + TEST, 64) and x.max() <= 16 and y.max() <= 9
    assert np.array_equal(x, digits.data)  # no rounding: pixels are integers
    x_train, x_test, y_train, y_test = train_test_split(
        x, y, test_size=TEST, stratify=y, random_state=0
    )
    assert len(x_train) == TRAIN
    records = np.concatenate(
        [np.hstack([x_train, y_train[:, None]]), np.hstack([x_test, y_test[:, None]])]
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(records.astype(np.uint8).tobytes())
    print(f"wrote {OUT} ({records.size} bytes: {TRAIN} train + {TEST} test records of 65 bytes)")


if __name__ == "__main__":
    main()
