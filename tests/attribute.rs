use tensor_core::prelude::*;
