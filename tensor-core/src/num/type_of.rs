//! Whether a type parameter is a given primitive type, without `T: 'static`.
//!
//! Generic kernels take faster paths for some element types: products of
//! `f32` take the packed vector kernels, copies of primitive numbers move
//! their bytes by SIMD transposes instead of calling `clone` per element.
//! `TypeId::of::<T>()` needs `T: 'static`, a bound that generic user code
//! (bounded by `num_traits::Float`, say) does not have, so these ask for
//! the `TypeId` of `T` with its lifetimes erased (the technique of the
//! `typeid` crate). Types that differ only in lifetimes then share an id,
//! which cannot matter here: every comparison is with a type that has no
//! lifetime.

use core::any::TypeId;
use core::marker::PhantomData;
use core::mem;

/// The `TypeId` of `T` with every lifetime in it taken as `'static`.
#[inline(always)]
fn erased_id<T: ?Sized>() -> TypeId {
    trait Id {
        fn id(&self) -> TypeId
        where
            Self: 'static;
    }
    impl<T: ?Sized> Id for PhantomData<T> {
        #[inline(always)]
        fn id(&self) -> TypeId
        where
            Self: 'static,
        {
            TypeId::of::<T>()
        }
    }
    let marker = PhantomData::<T>;
    // SAFETY: the two types are the same fat pointer (data, `Id` vtable);
    // only the trait object's lifetime bound changes. `id` reads nothing
    // through `self` (a zero-sized marker), so no borrow outlives `marker`;
    // monomorphised code does not depend on lifetimes, so the result is the
    // id of `T` with its lifetimes erased.
    let erased = unsafe { mem::transmute::<&dyn Id, &(dyn Id + 'static)>(&marker) };
    erased.id()
}

/// Whether `T` is `U` (up to lifetimes, which `U` has none of).
#[inline(always)]
pub(crate) fn same<T: ?Sized, U: ?Sized + 'static>() -> bool {
    erased_id::<T>() == TypeId::of::<U>()
}

/// `s` as a slice of `U`, when `T` is `U`.
#[inline(always)]
pub(crate) fn slice_as<T, U: 'static>(s: &[T]) -> Option<&[U]> {
    if !same::<T, U>() {
        return None;
    }
    // SAFETY: `T` is `U` (`same`), so the slice's pointer, length, layout
    // and lifetime are those of a `[U]`.
    Some(unsafe { &*(s as *const [T] as *const [U]) })
}

/// `s` as a mutable slice of `U`, when `T` is `U`.
// Only the x86-64 kernels (SIMD products and pools) take it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) fn slice_as_mut<T, U: 'static>(s: &mut [T]) -> Option<&mut [U]> {
    if !same::<T, U>() {
        return None;
    }
    // SAFETY: as in `slice_as`; the borrow stays unique.
    Some(unsafe { &mut *(s as *mut [T] as *mut [U]) })
}

/// Whether `T` is a primitive number, `bool` or `char`: types whose
/// `clone` is a copy of their bytes, so that a kernel may move the bytes
/// instead of calling it.
#[inline(always)]
pub(crate) fn is_primitive<T>() -> bool {
    macro_rules! any_of {
        ($($t:ty),+) => { false $(|| same::<T, $t>())+ };
    }
    any_of!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool, char)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_tells_types_apart() {
        assert!(same::<f32, f32>());
        assert!(!same::<f32, f64>());
        assert!(!same::<u32, f32>());
        assert!(!same::<[f32; 1], f32>());
        assert!(same::<&'static str, &'static str>());
    }

    /// A type with a lifetime is not a primitive, and is itself.
    #[test]
    fn types_with_lifetimes() {
        fn check<'a>(_: &'a f32) {
            assert!(!same::<&'a f32, f32>());
            assert!(same::<&'a f32, &'static f32>());
            assert!(!is_primitive::<&'a f32>());
        }
        let x = 1.0;
        check(&x);
    }

    #[test]
    fn slices_cast_only_to_their_own_type() {
        let mut v = [1.5f32, 2.5];
        assert_eq!(slice_as::<f32, f32>(&v), Some(&[1.5f32, 2.5][..]));
        assert_eq!(slice_as::<f32, u32>(&v), None);
        slice_as_mut::<f32, f32>(&mut v).unwrap()[1] = 4.0;
        assert_eq!(v, [1.5, 4.0]);
        assert!(slice_as_mut::<f32, i32>(&mut v).is_none());
        let ints = [1i32, 2];
        assert_eq!(slice_as::<i32, f32>(&ints), None);
    }

    #[test]
    fn primitives() {
        assert!(is_primitive::<f32>() && is_primitive::<u8>() && is_primitive::<char>());
        assert!(is_primitive::<i128>() && is_primitive::<bool>() && is_primitive::<isize>());
        #[derive(Clone, Copy)]
        struct Cents(#[allow(dead_code)] i32);
        assert!(!is_primitive::<Cents>());
        assert!(!is_primitive::<[f32; 4]>());
    }
}
