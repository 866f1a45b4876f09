//! Working with the crates users already have, and with memory the library
//! does not own.
//!
//! Always available: [`View::try_from_slice`](crate::View::try_from_slice)
//! and [`ViewMut::try_from_slice`](crate::ViewMut::try_from_slice), views of
//! a borrowed slice (a DMA buffer, an mmap) with its length checked.
//!
//! Always available too: weight files. [`include_tensor!`](crate::include_tensor)
//! reads a NumPy `.npy` or safetensors file at compile time, checking its
//! shape and element type against the declared type; [`npy`] and
//! [`safetensors`] read the same files at run time, and with `alloc` build
//! large tensors on the heap and write `.npy` ([`Tensor::to_npy`](crate::Tensor::to_npy)).
//!
//! Each other bridge is behind a cargo feature of the same name, all off by
//! default so that the `no_std`, allocation-free core stays light:
//!
//! | feature | gives | `no_std` |
//! |---|---|---|
//! | `std` | `std::error::Error` for [`ShapeError`](crate::ShapeError) and the other error types (they implement `core::error::Error`, the same trait, in every build); `alloc` | no |
//! | `bytemuck` | `Pod`/`Zeroable` tensors, zero-copy `&Tensor` from bytes | yes |
//! | `serde` | `Serialize`/`Deserialize` as nested sequences, every dimension checked | yes |
//! | `ndarray` | zero-copy `ndarray::ArrayView` of any view; checked conversion back | yes (ndarray needs `alloc`, and atomic CAS: on `thumbv6m` enable `portable-atomic`'s `critical-section`) |
//! | `nalgebra` | `SMatrix` to and from rank-2 tensors, a zero-copy transposed view | yes |
//! | `defmt` | `defmt::Format` for tensors and views | yes |
//! | `num-traits` | element bounds through num-traits: `ConstZero`/`ConstOne`/`Float` types are this crate's `Zero`/`One`/`Float` (see [`num`](crate::num)) | yes (its `libm` backend) |
//!
//! ```
//! use tensor_core::layout::RowMajor;
//! use tensor_core::prelude::*;
//! let dma = [1u16, 2, 3, 4, 5, 6];
//! let m: View<u16, RowMajor<Shape![2, 3]>> = View::try_from_slice(&dma)?;
//! assert_eq!(m.t()[[2, 1]], 6);
//! # Ok::<(), ShapeError>(())
//! ```

#[cfg(feature = "alloc")]
mod batch_file;
mod borrowed;
#[cfg(feature = "bytemuck")]
pub mod bytemuck;
mod cursor;
#[cfg(feature = "defmt")]
mod defmt;
pub mod file_element;
mod file_entry;
pub mod file_error;
#[cfg(feature = "nalgebra")]
pub mod nalgebra;
#[cfg(feature = "ndarray")]
pub mod ndarray;
pub mod npy;
pub mod safetensors;
#[cfg(feature = "serde")]
mod serde;
#[cfg(all(test, feature = "std"))]
mod std_error;
