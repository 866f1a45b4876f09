//! Code written by the scripts in `scripts/`, checked in; regenerate rather
//! than edit.

mod dim_table;
mod shape_ops;

pub(crate) use shape_ops::{for_each_axis, for_each_rank};
