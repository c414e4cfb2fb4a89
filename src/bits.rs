//! Basis-index helpers. Qubit `q` is bit `q` of the basis index (little-endian, as OpenQASM
//! and Qiskit); `|1⟩` means the variable is 1; spin `z_q = 1 − 2·x_q`.

/// Value of qubit `q` in basis index `k`.
#[inline]
pub fn bit(k: u64, q: usize) -> bool {
    (k >> q) & 1 == 1
}

/// Spin of qubit `q` in basis index `k`: +1 for |0⟩, −1 for |1⟩.
#[inline]
pub fn spin(k: u64, q: usize) -> f64 {
    if bit(k, q) {
        -1.0
    } else {
        1.0
    }
}

/// The bitstring of `k` over `num_qubits` qubits, qubit 0 first (leftmost).
/// Qiskit and IonQ print the reverse (qubit 0 rightmost).
pub fn to_bitstring(k: u64, num_qubits: usize) -> String {
    (0..num_qubits).map(|q| if bit(k, q) { '1' } else { '0' }).collect()
}

/// Inverse of [`to_bitstring`]: qubit 0 is the first character.
pub fn from_bitstring(s: &str) -> Option<u64> {
    if s.len() > 64 {
        return None;
    }
    let mut k = 0u64;
    for (q, c) in s.chars().enumerate() {
        match c {
            '0' => {}
            '1' => k |= 1 << q,
            _ => return None,
        }
    }
    Some(k)
}

/// The values of the first `num_qubits` bits of `k`, qubit 0 first.
pub fn to_bools(k: u64, num_qubits: usize) -> Vec<bool> {
    (0..num_qubits).map(|q| bit(k, q)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitstring_round_trip_and_order() {
        assert_eq!(to_bitstring(0b0110, 4), "0110");
        assert_eq!(to_bitstring(0b0001, 4), "1000");
        for k in 0..64 {
            assert_eq!(from_bitstring(&to_bitstring(k, 6)), Some(k));
        }
        assert_eq!(from_bitstring("102"), None);
        assert!((spin(1, 0) + 1.0).abs() < 1e-15 && (spin(1, 1) - 1.0).abs() < 1e-15);
    }
}
