//! In a `#[shape]` item that declares dimension variables, `slice!` and
//! `try_slice!` check their literal indices and bounds when the item is
//! instantiated, and a range that trims literals off an axis (`1..`,
//! `..-1`) has the length `H - 1`, the type `Shape![H - 1]` writes
//! (`tensor-core/src/layout/slice/at_build.rs`, `docs/generic.md`): a
//! literal cannot be compared with a variable in `cargo check`.
//!
//! Each function body of the item starts with
//! `use ::tensor_core::__private::{slice_at_build as slice, ..};`, so
//! every `slice!` in it (inside other macros too) names that form: the
//! body's import shadows the module's (the prelude's glob, or `use
//! tensor_core::slice`), and a path (`tensor_core::slice!`) keeps the
//! checked form. A `macro_rules! slice` of the user's own, in scope of such
//! an item, is reported as ambiguous with the import (E0659, naming both):
//! rename it. (Rewriting the invocations instead, an earlier version, fed
//! the marker to the user's macro.)

use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, Block, Item};

/// Starts every function body of `item` with the import.
pub fn check_at_build(item: &mut Item) {
    visit_mut::visit_item_mut(&mut Import, item);
}

/// Puts the import first in `block`, once (an impl's attribute and its
/// method's own both reach the method).
fn import(block: &mut Block) {
    let first = block.stmts.first().map(|s| s.to_token_stream().to_string());
    if first.is_some_and(|s| s.contains("slice_at_build")) {
        return;
    }
    block.stmts.insert(
        0,
        parse_quote! {
            #[allow(unused_imports)]
            use ::tensor_core::__private::{slice_at_build as slice, try_slice_at_build as try_slice};
        },
    );
}

struct Import;

impl VisitMut for Import {
    fn visit_item_fn_mut(&mut self, f: &mut syn::ItemFn) {
        import(&mut f.block);
    }

    fn visit_impl_item_fn_mut(&mut self, f: &mut syn::ImplItemFn) {
        import(&mut f.block);
    }

    fn visit_trait_item_fn_mut(&mut self, f: &mut syn::TraitItemFn) {
        if let Some(block) = &mut f.default {
            import(block);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn imported(tokens: proc_macro2::TokenStream) -> String {
        let mut item: Item = syn::parse2(tokens).expect("an item");
        check_at_build(&mut item);
        item.into_token_stream().to_string()
    }

    const USE: &str = "use :: tensor_core :: __private :: { slice_at_build as slice";

    #[test]
    fn every_function_body_imports_the_form() {
        let out = imported(quote! {
            impl<T> Net<T> {
                fn a(&self) {}
                fn b(&self) { let x = 1; }
            }
        });
        assert_eq!(out.matches(USE).count(), 2, "{out}");
        let out = imported(quote!(
            fn f(x: X) -> Y {
                slice!(x, 1..)
            }
        ));
        let (import, call) = (out.find(USE).unwrap(), out.find("slice ! (x").unwrap());
        assert!(import < call, "{out}");
        let out = imported(quote!(
            trait Tr {
                fn d(&self) {}
                fn r(&self);
            }
        ));
        assert_eq!(out.matches(USE).count(), 1, "{out}");
    }

    #[test]
    fn imported_once() {
        let mut item: Item = syn::parse2(quote!(
            fn f() {
                g()
            }
        ))
        .unwrap();
        check_at_build(&mut item);
        check_at_build(&mut item);
        let out = item.into_token_stream().to_string();
        assert_eq!(out.matches(USE).count(), 1, "{out}");
    }

    #[test]
    fn other_items_are_left_alone() {
        let out = imported(quote!(
            struct S<T> {
                x: T,
            }
        ));
        assert!(!out.contains("at_build"), "{out}");
    }
}
