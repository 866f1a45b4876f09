//! In a `#[shape]` item that declares dimension variables, every
//! `slice!(..)` and `try_slice!(..)` becomes `slice!(@at_build ..)`: its
//! literal indices and bounds are checked when the item is instantiated,
//! and a range that trims literals off an axis (`1..`, `..-1`) has the
//! length `H - 1`, the type `Shape![H - 1]` writes
//! (`tensor-core/src/layout/slice/at_build.rs`, `docs/generic.md`). A
//! literal cannot be compared with a variable in `cargo check`.
//!
//! The rewrite works on tokens, so it also reaches the `slice!`s inside
//! other macros (`assert_eq!(slice!(x, 0, ..), ..)`); items nested in a
//! body cannot use the item's variables and are left alone.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::quote;
use syn::visit_mut::{self, VisitMut};
use syn::{Item, Macro};

/// Marks every `slice!` and `try_slice!` in the bodies of `item`.
pub fn check_at_build(item: &mut Item) {
    visit_mut::visit_item_mut(&mut Mark, item);
}

/// Whether `name` is one of the slicing macros.
fn is_slice(name: &str) -> bool {
    matches!(name, "slice" | "try_slice")
}

/// `tokens` with the input of every slicing macro invocation in it marked,
/// at any depth.
fn mark_nested(tokens: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    for tree in tokens {
        let is_call = |out: &[TokenTree]| match out {
            [.., TokenTree::Ident(name), TokenTree::Punct(bang)] => {
                bang.as_char() == '!' && is_slice(&name.to_string())
            }
            _ => false,
        };
        let tree = match tree {
            TokenTree::Group(group) if group.delimiter() != Delimiter::None && is_call(&out) => {
                regroup(&group, marked(group.stream()))
            }
            TokenTree::Group(group) => regroup(&group, mark_nested(group.stream())),
            other => other,
        };
        out.push(tree);
    }
    out.into_iter().collect()
}

/// A slicing macro's input, marked once (the attribute of an outer item
/// and of a method may both reach it).
fn marked(input: TokenStream) -> TokenStream {
    let inner = mark_nested(input);
    match inner.clone().into_iter().next() {
        Some(TokenTree::Punct(at)) if at.as_char() == '@' => inner,
        _ => quote!(@at_build #inner),
    }
}

/// `group` with the tokens `stream`, keeping its delimiter and span.
fn regroup(group: &Group, stream: TokenStream) -> TokenTree {
    let mut new = Group::new(group.delimiter(), stream);
    new.set_span(group.span());
    TokenTree::Group(new)
}

struct Mark;

impl VisitMut for Mark {
    fn visit_macro_mut(&mut self, mac: &mut Macro) {
        let tokens = std::mem::take(&mut mac.tokens);
        let slicing = mac
            .path
            .segments
            .last()
            .is_some_and(|s| is_slice(&s.ident.to_string()));
        mac.tokens = if slicing {
            marked(tokens)
        } else {
            mark_nested(tokens)
        };
    }

    /// Items nested in a body (a helper `fn` inside the function) cannot
    /// use the outer item's variables, so their slices stay checked by
    /// `cargo check`.
    fn visit_item_mut(&mut self, _: &mut Item) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn marked_item(tokens: TokenStream) -> String {
        let mut item: Item = syn::parse2(tokens).expect("an item");
        check_at_build(&mut item);
        item.into_token_stream().to_string()
    }

    #[test]
    fn slices_are_marked() {
        let out = marked_item(quote! {
            fn f(x: X) -> Y {
                let a = slice!(x, 1.., ..);
                let b = tensor_core::try_slice!(x, -1);
                a
            }
        });
        assert!(out.contains("slice ! (@ at_build x , 1 .. , ..)"), "{out}");
        assert!(out.contains("try_slice ! (@ at_build x , - 1)"), "{out}");
    }

    #[test]
    fn slices_inside_other_macros_are_marked() {
        let out = marked_item(quote! {
            fn f(x: X) { assert_eq!(slice!(x, 0, ..), slice![slice!(x, ..), 1]); }
        });
        assert!(out.contains("slice ! (@ at_build x , 0 , ..)"), "{out}");
        assert!(
            out.contains("slice ! [@ at_build slice ! (@ at_build x , ..) , 1]"),
            "{out}"
        );
    }

    #[test]
    fn marked_once() {
        let mut item: Item = syn::parse2(quote! { fn f(x: X) { slice!(x, 1..) } }).unwrap();
        check_at_build(&mut item);
        check_at_build(&mut item);
        let out = item.into_token_stream().to_string();
        assert_eq!(out.matches("at_build").count(), 1, "{out}");
    }

    #[test]
    fn other_macros_and_nested_items_stay() {
        let out = marked_item(quote! {
            fn f(x: X) {
                fn inner(z: Z) -> W { slice!(z, 1..) }
                let s = sliced!(x, 1..);
                let t = [slice, 1];
                println!("{}", slice);
            }
        });
        assert!(out.contains("slice ! (z , 1 ..)"), "{out}");
        assert!(!out.contains("at_build"), "{out}");
    }
}
