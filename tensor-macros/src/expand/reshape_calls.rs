//! In a `#[shape]` item that writes a product of variables (`[T, H * D]`),
//! or two shapes of equal element counts that the compiler cannot see as
//! equal (`bounds::needs_build_check`), `.reshape()` and `.into_reshape()` become
//! `.reshape_at_build()` and `.into_reshape_at_build()`: the same
//! operations, whose element counts are checked when the item is
//! instantiated rather than by a `ReshapesTo` bound, which every generic
//! caller would have to restate (`tensor-core/src/view/reshape_at_build.rs`,
//! `docs/generic.md`). Other items keep the bound, checked by `cargo check`.
//!
//! Only calls with no argument are renamed (the library's reshapes take
//! none), with the user's span kept, so an error still points at the
//! call. Calls inside macro invocations (`assert_eq!(..)`) are tokens,
//! not expressions, and keep the checked form.

use proc_macro2::Ident;
use syn::visit_mut::{self, VisitMut};
use syn::{ExprMethodCall, Item};

/// Renames the reshapes of every body in `item`.
pub fn check_at_build(item: &mut Item) {
    visit_mut::visit_item_mut(&mut Rename, item);
}

/// The `_at_build` name for a reshape method, or `None` for other methods.
fn renamed(method: &Ident) -> Option<Ident> {
    let name = method.to_string();
    matches!(name.as_str(), "reshape" | "into_reshape")
        .then(|| Ident::new(&format!("{name}_at_build"), method.span()))
}

struct Rename;

impl VisitMut for Rename {
    fn visit_expr_method_call_mut(&mut self, call: &mut ExprMethodCall) {
        if call.args.is_empty() {
            if let Some(name) = renamed(&call.method) {
                call.method = name;
            }
        }
        visit_mut::visit_expr_method_call_mut(self, call);
    }

    /// Items nested in a body (a helper `fn` inside the function) cannot
    /// use the outer item's variables, so their reshapes keep their bound.
    fn visit_item_mut(&mut self, _: &mut Item) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::{quote, ToTokens};

    fn renamed_item(tokens: proc_macro2::TokenStream) -> String {
        let mut item: Item = syn::parse2(tokens).expect("an item");
        check_at_build(&mut item);
        item.into_token_stream().to_string()
    }

    #[test]
    fn reshapes_without_arguments_are_renamed() {
        let out = renamed_item(quote! {
            fn f(x: X) -> Y {
                let a = x.reshape::<S>().to_tensor();
                let b = inner(x.clone().into_reshape());
                b
            }
        });
        assert!(out.contains("reshape_at_build :: < S >"), "{out}");
        assert!(out.contains("into_reshape_at_build ()"), "{out}");
        assert!(!out.contains(". reshape ::"), "{out}");
    }

    #[test]
    fn other_methods_and_calls_with_arguments_stay() {
        let out = renamed_item(quote! {
            fn f(x: X) -> Y { x.reshape(3).map(|v| v).into_reshaped() }
        });
        assert!(out.contains(". reshape (3)"), "{out}");
        assert!(out.contains(". into_reshaped ()"), "{out}");
        assert!(!out.contains("at_build"), "{out}");
    }

    #[test]
    fn nested_items_keep_their_reshapes() {
        let out = renamed_item(quote! {
            fn f(x: X) -> Y { fn inner(z: Z) -> W { z.reshape() } x.reshape() }
        });
        assert!(out.contains("z . reshape ()"), "{out}");
        assert!(out.contains("x . reshape_at_build ()"), "{out}");
    }

    #[test]
    fn methods_of_impls_are_renamed() {
        let out = renamed_item(quote! {
            impl<C> Net<C> { fn g(&self) -> Z { self.w.reshape() } }
        });
        assert!(out.contains("reshape_at_build ()"), "{out}");
    }
}
