//! `defmt::Format` for tensors and views (feature `defmt`), for logging on
//! embedded targets: nested brackets in logical row-major order, as
//! `Display` prints them, with `, ` between items (`[[1, 2, 3], [4, 5,
//! 6]]`), each element by its own `Format`; a rank-0 tensor is its element.
//! Nothing is formatted on the device: defmt sends the elements and the
//! host prints them.
//!
//! ```text
//! defmt::info!("weights: {}", tensor![[1, 2], [3, 4]]); // weights: [[1, 2], [3, 4]]
//! ```
//!
//! (Not a doc-test: running it needs a defmt global logger and a host
//! decoder, which only an embedded build has.)

use ::defmt::{Format, Formatter};

use crate::layout::nest::Block;
use crate::layout::Layout;
use crate::shape::Shape;
use crate::tensor::Tensor;
use crate::view::{View, ViewMut};

/// Writes `block` in nested brackets, reading each element by its flat
/// row-major position through `at`.
fn nested<'a, T: Format + 'a>(f: Formatter<'_>, block: Block<'_>, at: &impl Fn(usize) -> &'a T) {
    if block.len().is_none() {
        return ::defmt::write!(f, "{}", at(block.start));
    }
    ::defmt::write!(f, "[");
    for (i, sub) in block.subs().enumerate() {
        if i > 0 {
            ::defmt::write!(f, ", ");
        }
        nested(f, sub, at);
    }
    ::defmt::write!(f, "]");
}

/// Nested brackets: `[[1, 2], [3, 4]]`.
impl<T: Format, S: Shape> Format for Tensor<T, S> {
    fn format(&self, f: Formatter<'_>) {
        let elems = self.as_slice();
        nested(f, Block::whole(S::DIMS.as_ref()), &|i| &elems[i]);
    }
}

/// The logical elements in nested brackets, as for [`Tensor`].
impl<T: Format, L: Layout> Format for View<'_, T, L> {
    fn format(&self, f: Formatter<'_>) {
        let dims = <L::Shape as Shape>::DIMS;
        nested(f, Block::whole(dims.as_ref()), &|i| self.at_flat(i));
    }
}

/// As for [`View`].
impl<T: Format, L: Layout> Format for ViewMut<'_, T, L> {
    fn format(&self, f: Formatter<'_>) {
        self.view().format(f)
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    fn is_format<T: ::defmt::Format>(_: &T) {}

    /// The impls exist for every kind of operand (running them needs a
    /// defmt logger, which the embedded build provides).
    #[test]
    fn tensors_and_views_implement_format() {
        let mut t = tensor![[1u8, 2], [3, 4]];
        is_format(&t);
        is_format(&t.t());
        is_format(&slice!(t, .., 1..;-1));
        is_format(&t.view_mut());
        is_format(&Tensor::<f32, Shape![]>::zeros());
    }
}
