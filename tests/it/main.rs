//! The one integration-test binary; modules mirror src/.

mod common;
mod qasm;
