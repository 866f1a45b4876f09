//! Code written by the scripts in `scripts/`, checked in; regenerate rather
//! than edit.

mod dim_table;
mod shape_ops;
