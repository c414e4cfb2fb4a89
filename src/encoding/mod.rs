//! Encodings: how a reduced puzzle becomes qubits, a cost, and a circuit.

pub mod compact;
pub mod onehot;
