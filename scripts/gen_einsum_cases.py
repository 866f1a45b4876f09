#!/usr/bin/env python3
"""Generates tests/generated/einsum_cases.rs (and the expected values of
the large cases, tests/generated/einsum_large.txt): `einsum!` against
NumPy's `np.einsum` on deterministic inputs.

Operand `s` (0 or 1) holds, at flat row-major position `i`,
`(i * 7 + s * 5) % 11 - 5` (small integers, so float sums are exact); a
case may first take a view of it (`transform`: the Rust expression and the
same NumPy operation). The expected values and the result's shape come
from NumPy alone: the result's type is annotated in the test, so an
implicit output whose order or shape differed from NumPy's would not
compile.

Run it by hand after changing the cases (it needs numpy and rustfmt; CI
does not run it, it only runs the generated test):

    python3 scripts/gen_einsum_cases.py
"""
import pathlib
import subprocess

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "generated" / "einsum_cases.rs"
LARGE = ROOT / "tests" / "generated" / "einsum_large.txt"
# Results with more elements than this go to the text file.
INLINE_MAX = 64

# (name, spec, element type, operand shapes, transforms)
# A transform is (rust view expression of `x`, numpy function of x).
CASES = [
    # permutations
    ("transpose", "ij->ji", "i64", [(2, 3)]),
    ("permute_3d", "ijk->kij", "i64", [(2, 3, 4)]),
    ("permute_3d_swap", "ijk->jik", "f32", [(2, 3, 4)]),
    ("permute_4d", "ijkl->ljki", "i32", [(2, 3, 2, 4)]),
    ("identity", "ij->ij", "i64", [(3, 4)]),
    ("implicit_sorted_transpose", "ba", "i64", [(2, 5)]),
    ("implicit_upper_before_lower", "bA", "i64", [(2, 3)]),
    # traces and diagonals
    ("diagonal", "ii->i", "i64", [(4, 4)]),
    ("trace", "ii->", "i64", [(5, 5)]),
    ("trace_implicit", "ii", "f64", [(3, 3)]),
    ("batched_diagonal", "bii->bi", "i64", [(2, 3, 3)]),
    ("diagonal_kept_axis", "iji->ij", "i64", [(3, 2, 3)]),
    ("diagonal_summed", "iij->j", "i64", [(3, 3, 4)]),
    # sums
    ("sum_rows", "ij->i", "i64", [(3, 4)]),
    ("sum_columns", "ij->j", "f32", [(3, 4)]),
    ("sum_all", "ij->", "i64", [(3, 4)]),
    ("sum_middle", "ijk->ik", "i64", [(2, 3, 4)]),
    ("sum_outer_two", "ijk->j", "f64", [(2, 3, 4)]),
    ("sum_vector", "i->", "i32", [(7,)]),
    # outer products
    ("outer", "i,j->ij", "i64", [(3,), (4,)]),
    ("outer_transposed", "i,j->ji", "i64", [(3,), (4,)]),
    ("outer_matrix_vector", "ij,k->ijk", "f32", [(2, 3), (4,)]),
    ("outer_implicit", "i,j", "i64", [(2,), (3,)]),
    # elementwise products
    ("elementwise", "ij,ij->ij", "i64", [(3, 4), (3, 4)]),
    ("elementwise_transposed", "ij,ji->ij", "i64", [(3, 4), (4, 3)]),
    ("elementwise_3d", "ijk,ijk->ijk", "f64", [(2, 3, 4), (2, 3, 4)]),
    ("elementwise_vector", "i,i->i", "i32", [(6,), (6,)]),
    # dot products
    ("dot", "i,i->", "i64", [(9,), (9,)]),
    ("dot_implicit", "i,i", "f32", [(5,), (5,)]),
    ("frobenius", "ij,ij->", "i64", [(3, 4), (3, 4)]),
    # matrix products
    ("matmul", "ij,jk->ik", "i64", [(3, 4), (4, 5)]),
    ("matmul_implicit", "ij,jk", "f64", [(2, 3), (3, 2)]),
    ("matmul_rhs_transposed", "ij,kj->ik", "i64", [(3, 4), (5, 4)]),
    ("matmul_lhs_transposed", "ji,jk->ik", "i64", [(4, 3), (4, 5)]),
    ("matmul_output_transposed", "ij,jk->ki", "i64", [(3, 4), (4, 5)]),
    ("vector_matrix", "i,ij->j", "i64", [(4,), (4, 3)]),
    ("matrix_vector", "ij,j->i", "f32", [(3, 4), (4,)]),
    ("matmul_tall", "ij,jk->ik", "f32", [(17, 9), (9, 13)]),
    # batched
    ("batched_matmul", "bij,bjk->bik", "i64", [(2, 3, 4), (2, 4, 5)]),
    ("attention_scores", "bhqd,bhkd->bhqk", "f32", [(2, 2, 3, 4), (2, 2, 5, 4)]),
    ("batched_rhs_transposed", "bij,bkj->bik", "i64", [(2, 3, 4), (2, 5, 4)]),
    ("batched_output_permuted", "bij,bjk->kbi", "i64", [(2, 3, 4), (2, 4, 5)]),
    ("batch_in_middle", "ibj,bjk->bik", "i64", [(3, 2, 4), (2, 4, 5)]),
    ("batched_linear", "bi,oi->bo", "f32", [(4, 6), (3, 6)]),
    ("batch_left_only", "bij,jk->bik", "i64", [(2, 3, 4), (4, 5)]),
    ("attention_values", "bhqk,bhkd->bhqd", "f64", [(1, 2, 3, 5), (1, 2, 5, 4)]),
    # contractions over several labels
    ("two_labels", "ijk,jkl->il", "i64", [(2, 3, 4), (3, 4, 5)]),
    ("two_labels_reordered", "ijk,jil->kl", "i64", [(2, 3, 4), (3, 2, 5)]),
    ("four_d", "abcd,cdef->abef", "i32", [(2, 2, 3, 2), (3, 2, 2, 3)]),
    ("two_labels_implicit", "ijk,jkl", "f64", [(2, 3, 2), (3, 2, 4)]),
    # labels summed in one operand first, diagonals in a product
    ("sum_rhs_only", "ij,jk->i", "i64", [(3, 4), (4, 5)]),
    ("sum_both_sides", "ij,kl->ik", "i64", [(2, 3), (4, 5)]),
    ("diagonal_then_matmul", "ijj,jk->ik", "i64", [(2, 3, 3), (3, 4)]),
    ("diagonal_both", "ii,ii->i", "i64", [(3, 3), (3, 3)]),
    ("scalar_operand", ",ij->ij", "i64", [(), (2, 3)]),
    # views as operands
    ("transposed_view", "ij,jk->ik", "i64", [(4, 3), (4, 5)], [("x.t()", lambda x: x.T), None]),
    ("sliced_view", "ij->ji", "i64", [(4, 6)], [("slice!(x, 1..3, ..;2)", lambda x: x[1:3, ::2])]),
    ("flipped_view", "ij,jk->ik", "i64", [(3, 4), (4, 2)], [None, ("x.flip::<Axes![0]>()", lambda x: x[::-1])]),
    ("permuted_then_reshaped", "ij,jk->ik", "i64", [(3, 4), (6, 4)],
     [("x.permute::<Axes![1, 0]>().reshape::<Shape![2, 6]>()", lambda x: x.T.reshape(2, 6)), None]),
    ("broadcast_view", "ij,jk->ik", "i64", [(4,), (4, 3)], [("x.expand::<Shape![2, 4]>()", lambda x: np.broadcast_to(x, (2, 4))), None]),
    # real sizes
    ("dense_784_128", "i,ij->j", "f32", [(784,), (784, 128)]),
    ("attention_1x4x64x16", "bhqd,bhkd->bhqk", "f32", [(1, 4, 64, 16), (1, 4, 64, 16)]),
    ("matmul_64_784_32", "ij,jk->ik", "i64", [(64, 784), (784, 32)]),
    ("permute_3x32x32", "chw->hwc", "f32", [(3, 32, 32)]),
    ("trace_512", "ii->", "f64", [(512, 512)]),
]

NP_TYPES = {"i32": np.int64, "i64": np.int64, "f32": np.float64, "f64": np.float64}


def operand(shape, seed):
    n = int(np.prod(shape)) if shape else 1
    flat = (np.arange(n, dtype=np.int64) * 7 + seed * 5) % 11 - 5
    return flat.reshape(shape)


def rust_shape(shape):
    return "Shape![" + ", ".join(str(d) for d in shape) + "]"


def literal(v, ty):
    return f"{int(v)}" if ty.startswith("i") else f"{int(v)}.0"


def case(entry):
    name, spec, ty, shapes = entry[:4]
    transforms = entry[4] if len(entry) > 4 else [None] * len(shapes)
    xs, lets, args = [], [], []
    for s, (shape, tr) in enumerate(zip(shapes, transforms)):
        x = operand(shape, s)
        lets.append(f"let x{s} = input::<{ty}, {rust_shape(shape)}>({s});")
        if tr is None:
            xs.append(x)
            args.append(f"&x{s}")
        else:
            xs.append(np.ascontiguousarray(tr[1](x)))
            args.append(tr[0].replace("x", f"x{s}", 1))
    want = np.einsum(spec, *xs)
    out = rust_shape(want.shape)
    body = "\n    ".join(lets)
    call = f'einsum!("{spec}", {", ".join(args)})'
    flat = want.reshape(-1)
    if flat.size <= INLINE_MAX:
        values = ", ".join(literal(v, ty) for v in flat)
        check = f"assert_eq!(got.as_slice(), &[{values}][..]);"
        large = None
    else:
        check = f'assert_eq!(got.as_slice(), &large::<{ty}>("{name}")[..]);'
        large = f"{name} " + " ".join(str(int(v)) for v in flat)
    test = f"""
/// `{spec}` on {" and ".join(str(list(s)) for s in shapes)} ({ty}).
#[test]
fn {name}() {{
    {body}
    let got: Tensor<{ty}, {out}> = {call};
    {check}
}}
"""
    return test, large


def main():
    tests, large = [], []
    for entry in CASES:
        test, big = case(entry)
        tests.append(test)
        if big:
            large.append(big)
    header = (
        "// @generated by scripts/gen_einsum_cases.py from NumPy "
        f"{np.__version__}'s `np.einsum`; do not edit.\n"
        "//! `einsum!` against `np.einsum`, one test per case.\n\n"
        "use tensor_core::prelude::*;\n\n"
        "#[path = \"../einsum_inputs.rs\"]\nmod einsum_inputs;\n"
        "use einsum_inputs::{input, large};\n"
    )
    OUT.write_text(header + "".join(tests))
    LARGE.write_text("\n".join(large) + "\n")
    subprocess.run(["rustfmt", "--edition", "2021", str(OUT)], check=True)
    print(f"{len(CASES)} cases, {len(large)} large")


if __name__ == "__main__":
    main()
