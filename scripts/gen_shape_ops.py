#!/usr/bin/env python3
"""Writes tensor-core/src/generated/shape_ops.rs: the per-rank impls of the
type-level shape operations (axis lookup, permute, flip, transpose, element
count, broadcast, concat, stack, windows, pooling, and the tuple <-> list conversions used by slicing).

Each impl is the same rule stated for one rank; the rule itself is
documented on the trait, beside its operation (layout/, ops/; gathered in
tensor-core/src/constraint.rs).
Run: python3 scripts/gen_shape_ops.py
"""
import re
import subprocess
from pathlib import Path

# The rank limit, read from its one definition in tensor-core.
MAX_RANK = int(re.search(
    r"pub const MAX_RANK: usize = (\d+);",
    (Path(__file__).resolve().parent.parent / "tensor-core/src/shape.rs").read_text(),
).group(1))

def dims(n, prefix="D"):
    return [f"{prefix}{k}" for k in range(n)]

def tup(items):
    if len(items) == 1:
        return f"({items[0]},)"
    return "(" + ", ".join(items) + ")"

def bounds(params, bound):
    return ", ".join(f"{p}: {bound}" for p in params)

def dim_at(trait, comment):
    """`trait<I>` for every axis I of every rank, its `Dim` the dimension there."""
    out = [comment]
    for n in range(1, MAX_RANK + 1):
        ds = dims(n)
        for i in range(n):
            out.append(f"#[diagnostic::do_not_recommend]\nimpl<{bounds(ds, 'Dimension')}> {trait}<{i}> for {tup(ds)} {{ type Dim = D{i}; }}")
    return out

def axis_of():
    return dim_at("AxisOf", "// AxisOf<I>: the dimension at axis I.")

def reduced_axis():
    return dim_at("ReducedAxis", "// ReducedAxis<I>: AxisOf<I> with the reductions' message (reduce/rule.rs).")

def then_of(computed):
    """`X` named through each computed dimension (`DimThen`): a rule's
    `Then<X>`, which has no type when one of them has none."""
    then = "X"
    for d in reversed(computed):
        then = f"<{d} as DimThen>::Then<{then}>"
    return then

def then_through(trait_of, n):
    """`X` named through the dimension at each listed axis `A0..An`: a rule's
    `Then<X>`, which has no type when an axis is out of range."""
    return then_of([f"<{trait_of} as AxisOf<A{k}>>::Dim" for k in range(n)])

THEN_FN = "#[inline(always)] fn then<X>(x: X) -> Self::Then<X> { x }"

def permute():
    out = ["// PermuteShape<P>: output axis k is input axis P[k]; Then<X> is X named through",
           "// each listed axis's AxisOf, so that a permute by an axis out of range has no result type."]
    out.append(f"#[diagnostic::do_not_recommend]\nimpl PermuteShape<()> for () {{ type Output = (); type Then<X> = X; {THEN_FN} }}")
    for n in range(1, MAX_RANK + 1):
        ds, axes = dims(n), [f"A{k}" for k in range(n)]
        consts = ", ".join(f"const A{k}: usize" for k in range(n))
        where = " + ".join(f"AxisOf<A{k}>" for k in range(n))
        output = tup([f"<Self as AxisOf<A{k}>>::Dim" for k in range(n)])
        out.append(
            "#[diagnostic::do_not_recommend]\n"
            f"impl<{bounds(ds, 'Dimension')}, {consts}> PermuteShape<{tup([f'Axis<{a}>' for a in axes])}> "
            f"for {tup(ds)} where Self: {where} {{ type Output = {output}; "
            f"type Then<X> = {then_through('Self', n)}; {THEN_FN} }}"
        )
    return out

def flip():
    out = ["// FlipShape<A>: every listed axis exists; Then<X> is X named through each listed axis's AxisOf."]
    out.append(f"impl<S: Shape> FlipShape<()> for S {{ type Then<X> = X; {THEN_FN} }}")
    for n in range(1, MAX_RANK + 1):
        consts = ", ".join(f"const A{k}: usize" for k in range(n))
        where = " + ".join(f"AxisOf<A{k}>" for k in range(n))
        axes = tup([f"Axis<A{k}>" for k in range(n)])
        out.append(
            f"impl<S: Shape + {where}, {consts}> FlipShape<{axes}> for S "
            f"{{ type Then<X> = {then_through('S', n)}; {THEN_FN} }}"
        )
    return out

def transpose():
    out = ["// Transpose: the axes that swap the last two."]
    for n in range(2, MAX_RANK + 1):
        ds = dims(n)
        order = list(range(n - 2)) + [n - 1, n - 2]
        axes = tup([f"Axis<{a}>" for a in order])
        out.append(f"impl<{bounds(ds, 'Dimension')}> Transpose for {tup(ds)} {{ type Axes = {axes}; }}")
    return out

def element_count():
    out = [
        "// ElementCount: the dimensions' `Times` folded from the right onto 1, so",
        "// size-1 axes leave the count alone even for dimension variables; no bound.",
    ]
    out.append("impl ElementCount for () { type Count = U1; }")
    for n in range(1, MAX_RANK + 1):
        ds = dims(n)
        count = "U1"
        for d in reversed(ds):
            count = f"<{d} as Dimension>::Times<{count}>"
        out.append(
            f"impl<{bounds(ds, 'Dimension')}> ElementCount for {tup(ds)} "
            f"{{ type Count = {count}; }}"
        )
    return out

DNR = "#[diagnostic::do_not_recommend]"

def broadcast():
    out = ["// BroadcastTo<T, O>: right-aligned, each dimension equals the target's or is 1",
           "// (ExpandDim), for any O. do_not_recommend: a mismatch is reported once, against",
           "// the shapes, not once per pair of dimensions."]
    for m in range(0, MAX_RANK + 1):
        for n in range(0, m + 1):
            ss, ts = dims(n, "S"), dims(m, "T")
            gen = f"<{bounds(ss + ts, 'Dimension')}, O>" if ss + ts else "<O>"
            where = [f"S{k}: ExpandDim<T{k + m - n}>" for k in range(n)]
            where_s = f" where {', '.join(where)}" if where else ""
            out.append(f"{DNR} impl{gen} BroadcastTo<{tup(ts)}, O> for {tup(ss)}{where_s} {{}}")
    out += ["// ExpandedShape<T>: the target's leading dimensions, then each dimension's",
            "// ExpandTarget (unknown where it does not expand); for more axes than the",
            "// target's, the target (BroadcastTo then fails alone)."]
    for m in range(0, MAX_RANK + 1):
        for n in range(m + 1, MAX_RANK + 1):
            ss, ts = dims(n, "S"), dims(m, "T")
            out.append(f"{DNR} impl<{bounds(ss + ts, 'Dimension')}> ExpandedShape<{tup(ts)}> for {tup(ss)} {{ type Out = {tup(ts)}; }}")
        for n in range(0, m + 1):
            ss, ts = dims(n, "S"), dims(m, "T")
            params = ss + ts
            gen = f"<{bounds(params, 'Dimension')}>" if params else ""
            where = [f"S{k}: ExpandTarget<T{k + m - n}>" for k in range(n)]
            where_s = f" where {', '.join(where)}" if where else ""
            result = ts[: m - n] + [f"<S{k} as ExpandTarget<T{k + m - n}>>::Out" for k in range(n)]
            out.append(f"{DNR} impl{gen} ExpandedShape<{tup(ts)}> for {tup(ss)}{where_s} {{ type Out = {tup(result)}; }}")
    return out

def broadcast_pairs(a, b):
    """Where-clauses and result dims of broadcasting dim lists `a` and `b`,
    aligned from the right, each pair through BroadcastDim."""
    r = max(len(a), len(b))
    where, result = [], []
    for k in range(r):
        ia, ib = k - (r - len(a)), k - (r - len(b))
        if ia >= 0 and ib >= 0:
            where.append(f"{a[ia]}: BroadcastDim<{b[ib]}>")
            result.append(f"<{a[ia]} as BroadcastDim<{b[ib]}>>::Output")
        else:
            result.append(a[ia] if ia >= 0 else b[ib])
    return where, result

def broadcast_impls(trait, max_rank, check=False):
    """`trait<B> for A` of every pair of ranks up to `max_rank`: NumPy's result
    shape, aligned from the right, each pair through BroadcastDim (with
    `check`: only whether each pair broadcasts, by BroadcastPair, for any
    result `O`). do_not_recommend: a mismatch is one error, naming both
    shapes."""
    out = []
    for m in range(0, max_rank + 1):
        for n in range(0, max_rank + 1):
            a, b = dims(m, "A"), dims(n, "B")
            params = bounds(a + b, 'Dimension')
            where, result = broadcast_pairs(a, b)
            if check:
                params = f"{params}, O" if params else "O"
                where = [w.replace("BroadcastDim<", "BroadcastPair<") for w in where]
            gen = f"<{params}>" if params else ""
            where_s = f" where {', '.join(where)}" if where else ""
            if check:
                out.append(f"{DNR} impl{gen} {trait}<{tup(b)}, O> for {tup(a)}{where_s} {{}}")
            else:
                out.append(f"{DNR} impl{gen} {trait}<{tup(b)}> for {tup(a)}{where_s} {{ type Output = {tup(result)}; }}")
    return out

def broadcast_shapes():
    return (["// BroadcastOutput<B>: the shape two shapes broadcast to (NumPy)."]
            + broadcast_impls("BroadcastOutput", MAX_RANK)
            + ["// BroadcastShapes<B, O>: whether they broadcast, each pair through BroadcastPair."]
            + broadcast_impls("BroadcastShapes", MAX_RANK, check=True))
def matmul_batch():
    return ["// MatmulBatch<B>: the batch axes of a matmul broadcast (a matmul headline)."] + broadcast_impls("MatmulBatch", MAX_RANK - 2)
def concat_shape():
    out = ["// ConcatShape<B, Axis<I>, Agree>: equal dims (the same parameter in both shapes) but at",
           "// axis I, which is summed (AddDim). The equality is in the header, so when it fails no",
           "// impl applies and the proof parameter stays unknown: no where-clause suggestion.",
           "// do_not_recommend: a mismatch is one error naming both shapes."]
    for n in range(1, MAX_RANK + 1):
        for i in range(n):
            a = dims(n, "D")
            b = list(a)
            b[i] = f"E{i}"
            res = list(a)
            res[i] = f"<{a[i]} as AddDim<{b[i]}>>::Output"
            out.append(f"{DNR} impl<{bounds(a + [b[i]], 'Dimension')}> ConcatShape<{tup(b)}, Axis<{i}>, Agree> for {tup(a)} "
                       f"where {a[i]}: AddDim<{b[i]}> {{ type Output = {tup(res)}; const AXIS: usize = {i}; }}")
    return out

def stack_shape():
    out = ["// StackShape<N, Axis<I>>: the dimension N inserted before axis I (I <= RANK),",
           "// for a result of at most MAX_RANK axes."]
    for n in range(0, MAX_RANK):
        for i in range(n + 1):
            ds = dims(n)
            res = ds[:i] + ["N"] + ds[i:]
            out.append(f"impl<{bounds(ds + ['N'], 'Dimension')}> StackShape<N, Axis<{i}>> for {tup(ds) if ds else '()'} "
                       f"{{ type Output = {tup(res)}; const AXIS: usize = {i}; }}")
    return out

def window_shape():
    out = ["// WindowShape<W>: the last K axes of a rank-N shape, each D - W + 1, then the",
           "// window's K dimensions (N + K <= MAX_RANK). do_not_recommend: a window larger",
           "// than its axis is one error naming both shapes."]
    for n in range(1, MAX_RANK + 1):
        for k in range(1, n + 1):
            if n + k > MAX_RANK:
                continue
            ds, ws = dims(n), dims(k, "W")
            lead = n - k
            where, res = [], ds[:lead]
            for j in range(k):
                d = ds[lead + j]
                where.append(f"{d}: SubDim<{ws[j]}>")
                where.append(f"DimDiff<{d}, {ws[j]}>: AddDim<Dim1>")
                res.append(f"DimSum<DimDiff<{d}, {ws[j]}>, Dim1>")
            res = res + ws
            out.append(f"{DNR} impl<{bounds(ds + ws, 'Dimension')}> WindowShape<{tup(ws)}> for {tup(ds)} "
                       f"where {', '.join(where)} {{ type Output = {tup(res)}; "
                       f"type Then<X> = {then_of(res[lead:lead + k])}; {THEN_FN} }}")
    return out

def step_window_shape():
    out = ["// StepWindowShape<W, St>: WindowShape with a step per window axis:",
           "// (D - W) / St + 1 positions (rounded down). do_not_recommend: one error."]
    for n in range(1, MAX_RANK + 1):
        for k in range(1, n + 1):
            if n + k > MAX_RANK:
                continue
            ds, ws, ss = dims(n), dims(k, "W"), dims(k, "St")
            lead = n - k
            where, res = [], ds[:lead]
            for j in range(k):
                d, w, st = ds[lead + j], ws[j], ss[j]
                where.append(f"{d}: SubDim<{w}>")
                where.append(f"DimDiff<{d}, {w}>: FloorDivDim<{st}>")
                where.append(f"DimFloorQuot<DimDiff<{d}, {w}>, {st}>: AddDim<Dim1>")
                res.append(f"DimSum<DimFloorQuot<DimDiff<{d}, {w}>, {st}>, Dim1>")
            res = res + ws
            out.append(f"{DNR} impl<{bounds(ds + ws + ss, 'Dimension')}> StepWindowShape<{tup(ws)}, {tup(ss)}> for {tup(ds)} "
                       f"where {', '.join(where)} {{ type Output = {tup(res)}; "
                       f"type Then<X> = {then_of(res[lead:lead + k])}; {THEN_FN} }}")
    return out

def pool_shape():
    out = ["// PoolShape<(KH, KW), (P, Q)>: the last two axes divided exactly by the pool's size.",
           "// do_not_recommend: an inexact division is one error naming both shapes.",
           "// P and Q, the divisions' proof parameters, are fixed (to Agree) only once each",
           "// is known exact: when one is not, it stays unknown (no where-clause suggested).",
           "// PoolDims<W>: the pooled shape, checking nothing, for every shape and window",
           "// (the shape itself where PoolShape has no impl), so that the result's type is",
           "// never a second error."]
    for n in range(0, 2):
        ds = dims(n)
        out.append(f"impl<{''.join(p + ': Dimension, ' for p in ds)}W> PoolDims<W> for {tup(ds) if ds else '()'} "
                   f"{{ type Output = {tup(ds) if ds else '()'}; }}")
    for n in range(2, MAX_RANK + 1):
        ds = dims(n)
        h, w = ds[-2], ds[-1]
        # `DivDim` checks that the division is exact; the result is the
        # quotient's type as `Shape![H / 2]` writes it (`DimQuot`, the
        # `Dimension::Quot` defined for every two dimensions).
        where = [f"{h}: DivDim<KH, P>", f"{w}: DivDim<KW, Q>"]
        res = ds[:-2] + [f"DimQuot<{h}, KH>", f"DimQuot<{w}, KW>"]
        out.append(f"{DNR} impl<{bounds(ds + ['KH', 'KW'], 'Dimension')}, P, Q> PoolShape<(KH, KW), (P, Q)> for {tup(ds)} "
                   f"where {', '.join(where)} {{}}")
        for k in range(0, MAX_RANK + 1):
            ks = dims(k, "K")
            if k == 2:
                out.append(f"impl<{bounds(ds + ['KH', 'KW'], 'Dimension')}> PoolDims<(KH, KW)> for {tup(ds)} "
                           f"{{ type Output = {tup(res)}; }}")
            else:
                window = tup(ks) if ks else "()"
                out.append(f"impl<{', '.join([bounds(ds, 'Dimension')] + ks)}> PoolDims<{window}> for {tup(ds)} "
                           f"{{ type Output = {tup(ds)}; }}")
    return out

def lists_axis():
    out = ["// ListsAxis<I>: whether the axis list contains I (typenum B1/B0)."]
    out.append("impl<I> ListsAxis<I> for () { type Found = B0; }")
    for n in range(1, MAX_RANK + 1):
        consts = ", ".join(f"const A{k}: usize" for k in range(n))
        axes = tup([f"Axis<A{k}>" for k in range(n)])
        where = []
        found = None
        for k in range(n):
            where.append(f"Const<A{k}>: ToUInt")
            where.append(f"U<A{k}>: IsEqual<I>")
            term = f"Eq<U<A{k}>, I>"
            if found is None:
                found = term
            else:
                where.append(f"{found}: BitOr<{term}>")
                found = f"Or<{found}, {term}>"
        where.append(f"{found}: Bit")
        out.append(f"impl<I, {consts}> ListsAxis<I> for {axes} where {', '.join(where)} {{ type Found = {found}; }}")
    return out

def axes_exist():
    out = ["// AxesExist<A>: every listed axis is an axis of the shape. Then<X> is X named through",
           "// each axis's ReducedAxis, so that a reduction over an axis out of range has no result type."]
    out.append("impl<S: Shape> AxesExist<()> for S { type Then<X: Shape> = X; }")
    for n in range(1, MAX_RANK + 1):
        consts = ", ".join(f"const A{k}: usize" for k in range(n))
        where = " + ".join(f"ReducedAxis<A{k}>" for k in range(n))
        axes = tup([f"Axis<A{k}>" for k in range(n)])
        then = "X"
        for k in reversed(range(n)):
            then = f"<<S as ReducedAxis<A{k}>>::Dim as DimThen>::Then<{then}>"
        out.append(f"impl<S: Shape + {where}, {consts}> AxesExist<{axes}> for S {{ type Then<X: Shape> = {then}; }}")
    return out

def outer_axis():
    out = ["// OuterAxis: rank 1 or more."]
    for n in range(1, MAX_RANK + 1):
        ds = dims(n)
        out.append(f"impl<{bounds(ds, 'Dimension')}> OuterAxis for {tup(ds)} {{}}")
    return out

def matrix_axes():
    out = ["// MatrixAxes: [..Batch, Rows, Cols], the operands of matmul (MatmulShapes is",
           "// one blanket impl over it, in ops/matmul/rule.rs). Not recommended: a rank-1",
           "// operand's error names the rule, not these impls."]
    for n in range(2, MAX_RANK + 1):
        ab = dims(n - 2, "A")
        a = ab + ["M", "K"]
        out.append(
            "#[diagnostic::do_not_recommend]\n"
            f"impl<{bounds(a, 'Dimension')}> MatrixAxes for {tup(a)} "
            f"{{ type Batch = {tup(ab)}; type Rows = M; type Cols = K; }}"
        )
    return out

def append2():
    out = ["// Append2<X, Y>: a shape with two more axes at the end."]
    for n in range(0, MAX_RANK - 1):
        ds = dims(n)
        gen = ", ".join([f"{d}: Dimension" for d in ds] + ["X: Dimension", "Y: Dimension"])
        out.append(f"impl<{gen}> Append2<X, Y> for {tup(ds)} {{ type Out = {tup(ds + ['X', 'Y'])}; }}")
    return out

def lists():
    out = ["// AsList / AsTuple: a shape tuple as a type-level list, and back."]
    out.append("impl AsList for () { type List = Nil; }")
    out.append("impl AsTuple for Nil { type Tuple = (); }")
    for n in range(1, MAX_RANK + 1):
        ds = dims(n)
        lst = "Nil"
        for d in reversed(ds):
            lst = f"Cons<{d}, {lst}>"
        out.append(f"impl<{bounds(ds, 'Dimension')}> AsList for {tup(ds)} {{ type List = {lst}; }}")
        out.append(f"impl<{bounds(ds, 'Dimension')}> AsTuple for {lst} {{ type Tuple = {tup(ds)}; }}")
    return out

def for_each_rank():
    """The macro that states a per-rank rule written as a `macro_rules!` in a
    hand file (`impl_shape!` in shape.rs over dims `D0..`, `impl_axes!` in
    axis.rs over axis numbers `A0..`) once per rank, so that no hand file
    lists the ranks. The parameter names show in compiler messages, hence
    one arm per prefix."""
    out = [
        f"/// Calls `$m!(r; P0, .., Pr-1)` for every rank `r` from 1 to {MAX_RANK}, with",
        "/// `P` the prefix given (`D` for dimensions, `A` for axis numbers).",
        "macro_rules! for_each_rank {",
    ]
    for prefix in ("D", "A"):
        out.append(f"    ($m:ident, {prefix}) => {{")
        for n in range(1, MAX_RANK + 1):
            out.append(f"        $m!({n}; {', '.join(dims(n, prefix))});")
        out.append("    };")
    out += ["}", "pub(crate) use for_each_rank;"]
    return out

def einsum_axes():
    """einsum's label checks (ops/einsum/check.rs): a shape's axes padded
    with `NoAxis` to MAX_RANK entries (`PaddedAxes`), the same or all
    `NoAxis` by the subscript's rank (`RankChecked`), and entry `I` of a
    padded tuple (`Nth`)."""
    out = ["// einsum: PaddedAxes, RankChecked, Nth."]
    for n in range(0, MAX_RANK + 1):
        ds = dims(n)
        params = f"<{', '.join(ds)}>" if ds else ""
        padded = tup(ds + ["NoAxis"] * (MAX_RANK - n))
        out.append(f"impl{params} PaddedAxes for {tup(ds)} {{ type Axes = {padded}; }}")
        for r in range(0, MAX_RANK + 1):
            axes = "<Self as PaddedAxes>::Axes" if r == n else "Nothing"
            out.append(f"impl{params} RankChecked<{r}> for {tup(ds)} {{ type Axes = {axes}; }}")
    ds = dims(MAX_RANK)
    for i in range(MAX_RANK):
        out.append(f"impl<{', '.join(ds)}> Nth<{i}> for {tup(ds)} {{ type Out = D{i}; }}")
    return out

def pad_shape():
    """PadShape (view/pad/rule.rs): every split of a rank-N shape into kept
    leading axes and padded trailing ones, `(.., D) + (LO, HI) = (.., D + (LO
    + HI))`: the padding summed first, so that padding a variable `H` by
    literals is `H + 2`, the type `Shape![H + 2]` writes."""
    out = ["// PadShape<Lo, Hi>: the last axes padded."]
    for n in range(1, MAX_RANK + 1):
        for k in range(1, n + 1):
            keep = dims(n - k, "K")
            ds, los, his = dims(k, "A"), dims(k, "L"), dims(k, "H")
            params = [f"{x}: Dimension" for x in keep]
            for d, lo, hi in zip(ds, los, his):
                params += [f"{d}: Dimension", f"{lo}: Dimension", f"{hi}: Dimension"]
            output = tup(keep + [f"PadDim<{d}, {lo}, {hi}>" for d, lo, hi in zip(ds, los, his)])
            out.append(
                f"#[diagnostic::do_not_recommend]\nimpl<{', '.join(params)}> PadShape<{tup(los)}, {tup(his)}> "
                f"for {tup(keep + ds)} {{ type Output = {output}; type Then<X> = X; {THEN_FN} }}"
            )
    return out

def for_each_axis():
    """The axis numbers below MAX_RANK as literals, for kernels that unroll
    one constant block per axis (`index.rs`)."""
    axes = " ".join(str(k) for k in range(MAX_RANK))
    return [
        f"/// Calls `$m!(0 1 .. {MAX_RANK - 1})`: every axis number a shape may have.",
        "macro_rules! for_each_axis {",
        "    ($m:ident) => {",
        f"        $m!({axes});",
        "    };",
        "}",
        "pub(crate) use for_each_axis;",
    ]

def main():
    out = [
        "// GENERATED by scripts/gen_shape_ops.py; do not edit.",
        "//! Per-rank impls of the shape rules, each declared beside its operation",
        "//! (`layout/`, `ops/`; gathered in `constraint.rs`).",
        "#![allow(clippy::type_complexity)]",
        "",
        "use core::ops::BitOr;",
        "",
        "use typenum::{Bit, Const, Eq, IsEqual, Or, ToUInt, B0, U, U1};",
        "",
        "use crate::axis::Axis;",
        "use crate::dim::{\n    AddDim, Agree, BroadcastDim, BroadcastPair, Dim1, DimDiff, DimFloorQuot, DimQuot, DimSum, Dimension, DivDim, ExpandDim,\n    ExpandTarget, FloorDivDim, SubDim,\n};",
        "use crate::layout::expand::{BroadcastOutput, BroadcastShapes, BroadcastTo, ExpandedShape};",
        "use crate::layout::flip::FlipShape;",
        "use crate::layout::permute::{PermuteShape, Transpose};",
        "use crate::layout::reshape::ElementCount;",
        "use crate::layout::window::{StepWindowShape, WindowShape};",
        "use crate::list::{AsList, AsTuple, Cons, Nil};",
        "use crate::ops::concat::ConcatShape;",
        "use crate::ops::einsum::check::{NoAxis, Nothing, Nth, PaddedAxes, RankChecked};",
        "use crate::ops::matmul::rule::{Append2, MatmulBatch, MatrixAxes};",
        "use crate::ops::pool::{PoolDims, PoolShape};",
        "use crate::ops::reduce::rule::{AxesExist, ListsAxis, ReducedAxis};",
        "use crate::ops::stack::StackShape;",
        "use crate::view::pad::rule::{PadDim, PadShape};",
        "use crate::shape::{AxisOf, DimThen, Shape};",
        "use crate::view::OuterAxis;",
        "",
    ]
    for part in (axis_of, reduced_axis, permute, flip, transpose, element_count, broadcast, broadcast_shapes, lists_axis, axes_exist, outer_axis, matmul_batch, matrix_axes, append2, concat_shape, stack_shape, window_shape, step_window_shape, pool_shape, lists, einsum_axes, pad_shape, for_each_rank, for_each_axis):
        out += part() + [""]
    path = Path(__file__).resolve().parent.parent / "tensor-core/src/generated/shape_ops.rs"
    path.write_text("\n".join(out))
    subprocess.run(["rustfmt", "--edition", "2021", str(path)], check=True)

if __name__ == "__main__":
    main()
