//! The expansion of a checked `einsum!`: a block that borrows each operand
//! as a view, checks each operand's rank against its subscript (a trait of
//! its own whose message quotes the subscript, at the operand) and each
//! repeated label's sizes (`same_label`, at the spec), builds the result's
//! shape from the operands' axes, and calls `einsum1` or `einsum2` with the
//! spec's label numbers as constants.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::parse::EinsumInput;
use super::plan::Plan;

/// The expansion of `input`, whose spec is `plan`.
pub fn emit(input: &EinsumInput, plan: &Plan) -> TokenStream {
    let m = quote!(::tensor_core::__private::einsum);
    let views = input.operands.iter().enumerate().map(|(o, expr)| {
        let (r, v, s) = names(o);
        quote_spanned! {here(expr.span())=>
            let #r = &(#expr);
            let #v = #r.as_view();
            let #s = #m::shape_of(&#v);
        }
    });
    let ranks = input
        .operands
        .iter()
        .zip(&plan.inputs)
        .enumerate()
        .map(|(o, (e, sub))| rank_check(o, e, sub));
    let labels = label_checks(plan, here(input.spec.span()));
    let out = out_shape(plan);
    let spec = spec_consts(plan);
    let views_ref: Vec<_> = (0..plan.inputs.len()).map(|o| names(o).1).collect();
    let shapes: Vec<_> = (0..plan.inputs.len()).map(|o| names(o).2).collect();
    let run = match plan.inputs.len() {
        1 => quote!(#m::einsum1::<__EinsumSpec, _, _, _>),
        _ => quote!(#m::einsum2::<__EinsumSpec, _, _, _, _>),
    };
    quote! {{
        #[allow(unused_imports)]
        use ::tensor_core::ops::AsView as _;
        #(#views)*
        #(#ranks)*
        #(#labels)*
        #out
        #spec
        #run(#(&#views_ref),*, __einsum_out(#(#shapes),*))
    }}
}

/// `span`'s place, resolved as the macro's own tokens are: the spec or an
/// operand may come from a `macro_rules!` fragment, whose hygiene would hide
/// the block's bindings from tokens given its span.
fn here(span: Span) -> Span {
    span.resolved_at(Span::call_site())
}

/// The names of operand `o`'s reference, view and shape marker.
fn names(o: usize) -> (syn::Ident, syn::Ident, syn::Ident) {
    (
        format_ident!("__einsum_operand{}", o),
        format_ident!("__einsum_view{}", o),
        format_ident!("__einsum_shape{}", o),
    )
}

/// Operand `o`'s rank equals its subscript's length: a trait implemented
/// for the tuples of that length only, whose message names the subscript.
fn rank_check(o: usize, expr: &syn::Expr, sub: &[char]) -> TokenStream {
    let text: String = sub.iter().collect();
    let n = sub.len();
    let msg = format!(
        "einsum: operand {o} has subscript `{text}` ({n} {}), but its shape `{{Self}}` has another rank",
        if n == 1 { "label" } else { "labels" }
    );
    let label = format!("the subscript `{text}` needs a shape of rank {n}");
    let (tr, f) = (
        format_ident!("__EinsumRank{}", o),
        format_ident!("__einsum_rank{}", o),
    );
    let dims: Vec<_> = (0..n).map(|i| format_ident!("D{}", i)).collect();
    let mut s = names(o).2;
    s.set_span(here(expr.span()));
    let call = quote_spanned!(here(expr.span())=> #f(#s));
    quote! {
        #[diagnostic::on_unimplemented(message = #msg, label = #label)]
        trait #tr {}
        impl<#(#dims),*> #tr for (#(#dims,)*) {}
        fn #f<S: #tr>(_: ::core::marker::PhantomData<S>) {}
        #call;
    }
}

/// For every label appearing more than once, its size at each later place
/// equals its size at the first.
fn label_checks(plan: &Plan, span: Span) -> Vec<TokenStream> {
    let m = quote!(::tensor_core::__private::einsum);
    let mut checks = Vec::new();
    for &l in &plan.labels {
        let (oa, xa) = plan.first(l);
        for (ob, xb) in plan.places(l).skip(1) {
            let (mut sa, mut sb) = (names(oa).2, names(ob).2);
            sa.set_span(span);
            sb.set_span(span);
            let (ra, rb) = (plan.inputs[oa].len(), plan.inputs[ob].len());
            let ch = Literal::character(l);
            checks.push(quote_spanned! {span=>
                #m::same_label::<#ch, #oa, #xa, #ra, #ob, #xb, #rb, _, _, _>(#sa, #sb);
            });
        }
    }
    checks
}

/// `__einsum_out(shapes..)`: the result's shape, each axis the dimension
/// of its label's first place.
fn out_shape(plan: &Plan) -> TokenStream {
    let pick = quote!(::tensor_core::__private::einsum::Pick);
    let params: Vec<_> = (0..plan.inputs.len())
        .map(|o| format_ident!("S{}", o))
        .collect();
    let dims = plan.output.iter().map(|&l| {
        let (o, x) = plan.first(l);
        let s = &params[o];
        quote!(<#s as #pick<#x>>::Dim)
    });
    let bounds = params.iter().enumerate().map(|(o, s)| {
        let axes = 0..plan.inputs[o].len();
        quote!(#s: #(#pick<#axes>)+*)
    });
    quote! {
        #[allow(clippy::type_complexity)]
        fn __einsum_out<#(#params),*>(#(_: ::core::marker::PhantomData<#params>),*)
            -> ::core::marker::PhantomData<(#(#dims,)*)>
        where #(#bounds,)*
        {
            ::core::marker::PhantomData
        }
    }
}

/// The local type carrying the spec's label numbers.
fn spec_consts(plan: &Plan) -> TokenStream {
    let m = quote!(::tensor_core::__private::einsum);
    let ids = |labels: &[char]| -> Vec<u8> { labels.iter().map(|&l| plan.id(l)).collect() };
    let a = ids(&plan.inputs[0]);
    let b = plan.inputs.get(1).map(|s| ids(s)).unwrap_or_default();
    let out = ids(&plan.output);
    quote! {
        struct __EinsumSpec;
        impl #m::EinsumSpec for __EinsumSpec {
            const SPEC: #m::Spec = #m::Spec { a: &[#(#a),*], b: &[#(#b),*], out: &[#(#out),*] };
        }
    }
}
