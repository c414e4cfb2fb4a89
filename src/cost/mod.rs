//! Cost functions on qubits: the penalty QUBO of a reduced model, its Ising form, higher-order
//! polynomials in Z (the compact encoding), and the cost diagonal over all basis states.

pub mod diagonal;
pub mod ising;
pub mod product;
pub mod pubo;
pub mod qubo;
