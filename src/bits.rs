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

/// Counts keyed by basis state (bit q is qubit q), of any width.
pub type CountMap = std::collections::BTreeMap<BasisState, u64>;

/// A basis state of any width: bit `q` is qubit `q`, as in a basis index, without the 64-qubit
/// limit of a `u64` (quzzle exports circuits of 81 and 222 qubits). Stored as 64-bit words,
/// least significant first, with no trailing zero words, so that equal states are equal values
/// whatever width they were built at. Ordered as the integers they stand for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BasisState {
    words: Vec<u64>,
}

/// The largest power of ten below 2^64, the base of decimal conversion.
const DECIMAL_CHUNK: u64 = 10_000_000_000_000_000_000;
/// Digits in [`DECIMAL_CHUNK`].
const DECIMAL_CHUNK_DIGITS: usize = 19;

impl BasisState {
    /// The all-zero state.
    pub fn zero() -> Self {
        Self::default()
    }

    /// The state of basis index `k` (bit q of `k` = qubit q).
    pub fn from_index(k: u64) -> Self {
        let mut s = BasisState { words: vec![k] };
        s.trim();
        s
    }

    /// The state whose qubit `q` is `bits[q]`.
    pub fn from_bools(bits: &[bool]) -> Self {
        let mut s = BasisState::zero();
        for (q, &b) in bits.iter().enumerate() {
            if b {
                s.set(q);
            }
        }
        s
    }

    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    /// Value of qubit `q`.
    pub fn bit(&self, q: usize) -> bool {
        self.words.get(q / 64).is_some_and(|w| (w >> (q % 64)) & 1 == 1)
    }

    /// Set qubit `q` to 1.
    pub fn set(&mut self, q: usize) {
        if self.words.len() <= q / 64 {
            self.words.resize(q / 64 + 1, 0);
        }
        self.words[q / 64] |= 1 << (q % 64);
    }

    /// Flip qubit `q`.
    pub fn flip(&mut self, q: usize) {
        if self.words.len() <= q / 64 {
            self.words.resize(q / 64 + 1, 0);
        }
        self.words[q / 64] ^= 1 << (q % 64);
        self.trim();
    }

    /// Qubits needed to hold the state: one more than its highest qubit at 1 (0 for the zero
    /// state).
    pub fn width(&self) -> usize {
        self.words
            .last()
            .map_or(0, |&w| 64 * (self.words.len() - 1) + (64 - w.leading_zeros() as usize))
    }

    /// The state of qubits `0..n` alone (the rest set to 0).
    pub fn truncated(&self, n: usize) -> Self {
        let mut words: Vec<u64> = self.words.iter().take(n.div_ceil(64)).copied().collect();
        if !n.is_multiple_of(64) {
            if let Some(w) = words.get_mut(n / 64) {
                *w &= (1u64 << (n % 64)) - 1;
            }
        }
        let mut s = BasisState { words };
        s.trim();
        s
    }

    /// The qubits at 1, lowest first.
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| (0..64).filter(move |b| (w >> b) & 1 == 1).map(move |b| 64 * i + b))
    }

    /// The values of qubits `0..n`, qubit 0 first.
    pub fn to_bools(&self, n: usize) -> Vec<bool> {
        (0..n).map(|q| self.bit(q)).collect()
    }

    /// The basis index, when the state fits in 64 bits.
    pub fn to_index(&self) -> Option<u64> {
        match self.words.as_slice() {
            [] => Some(0),
            [w] => Some(*w),
            _ => None,
        }
    }

    /// Qubits `0..n` as a bitstring, qubit 0 first (leftmost); Qiskit prints the reverse.
    pub fn to_bitstring(&self, n: usize) -> String {
        (0..n).map(|q| if self.bit(q) { '1' } else { '0' }).collect()
    }

    /// Read a bitstring of `0` and `1`: qubit 0 first, or qubit 0 last when `reversed` (Qiskit's
    /// order). `None` for any other character.
    pub fn from_bitstring(s: &str, reversed: bool) -> Option<Self> {
        let n = s.len();
        let mut state = BasisState::zero();
        for (i, b) in s.bytes().enumerate() {
            match b {
                b'0' => {}
                b'1' => state.set(if reversed { n - 1 - i } else { i }),
                _ => return None,
            }
        }
        Some(state)
    }

    /// The state as a decimal integer (IonQ's keys: qubit 0 the least significant bit).
    pub fn to_decimal(&self) -> String {
        let mut words = self.words.clone();
        let mut chunks = Vec::new();
        while !words.is_empty() {
            // Divide by 10^19, most significant word first, keeping the remainder.
            let mut rem: u128 = 0;
            for w in words.iter_mut().rev() {
                let cur = (rem << 64) | u128::from(*w);
                *w = (cur / u128::from(DECIMAL_CHUNK)) as u64;
                rem = cur % u128::from(DECIMAL_CHUNK);
            }
            chunks.push(rem as u64);
            while words.last() == Some(&0) {
                words.pop();
            }
        }
        let Some((top, rest)) = chunks.split_last() else {
            return "0".into();
        };
        let mut out = top.to_string();
        for c in rest.iter().rev() {
            out.push_str(&format!("{c:0width$}", width = DECIMAL_CHUNK_DIGITS));
        }
        out
    }

    /// Read a decimal integer of ASCII digits as a state of at most `max_qubits` qubits.
    /// `None` when `s` is not all digits (or empty); `Some(Err(width))` when the number needs
    /// more than `max_qubits` qubits (`width` a lower bound once the number is far too long,
    /// which is detected without reading all of it).
    pub fn from_decimal(s: &str, max_qubits: usize) -> Option<std::result::Result<Self, usize>> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits = s.trim_start_matches('0');
        // Each digit after the first adds more than 3.32 bits: stop long numbers early.
        let lower_bound = ((digits.len().saturating_sub(1)) as f64 * std::f64::consts::LOG2_10).floor() as usize;
        if lower_bound > max_qubits {
            return Some(Err(lower_bound));
        }
        let mut words: Vec<u64> = Vec::new();
        for chunk in digits.as_bytes().chunks(DECIMAL_CHUNK_DIGITS) {
            let scale = 10u64.pow(chunk.len() as u32);
            let mut carry = chunk.iter().fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
            for w in words.iter_mut() {
                let cur = u128::from(*w) * u128::from(scale) + u128::from(carry);
                *w = cur as u64;
                carry = (cur >> 64) as u64;
            }
            if carry != 0 {
                words.push(carry);
            }
        }
        let state = BasisState { words };
        let width = state.width();
        Some(if width > max_qubits { Err(width) } else { Ok(state) })
    }
}

impl From<u64> for BasisState {
    fn from(k: u64) -> Self {
        Self::from_index(k)
    }
}

impl Ord for BasisState {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // No trailing zero words: the longer is the larger; then the highest word that differs.
        self.words
            .len()
            .cmp(&other.words.len())
            .then_with(|| self.words.iter().rev().cmp(other.words.iter().rev()))
    }
}

impl PartialOrd for BasisState {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
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

    /// A state with the given qubits at 1.
    fn with_ones(qubits: &[usize]) -> BasisState {
        let mut s = BasisState::zero();
        for &q in qubits {
            s.set(q);
        }
        s
    }

    #[test]
    fn wide_states_keep_every_qubit() {
        for n in [2usize, 63, 64, 65, 81, 128, 222] {
            let top = with_ones(&[0, n - 1]);
            assert!(top.bit(n - 1) && top.bit(0) && !top.bit(n));
            assert_eq!(top.width(), n);
            // Qubit n-1 never aliases onto a low qubit (the u64 defect: q lands on q - 64).
            if n > 64 {
                assert!(!top.bit(n - 1 - 64) || n - 1 - 64 == 0);
                assert_ne!(with_ones(&[n - 1]), with_ones(&[n - 1 - 64]));
            }
            let s = top.to_bitstring(n);
            assert_eq!(s.len(), n);
            assert_eq!(BasisState::from_bitstring(&s, false), Some(top.clone()));
            let reversed: String = s.chars().rev().collect();
            assert_eq!(BasisState::from_bitstring(&reversed, true), Some(top.clone()));
            assert_eq!(top.truncated(n - 1), with_ones(&[0]));
            assert_eq!(top.ones().collect::<Vec<_>>(), vec![0, n - 1]);
            assert_eq!(BasisState::from_bools(&top.to_bools(n)), top);
            let mut f = top.clone();
            f.flip(n - 1);
            assert_eq!(f, with_ones(&[0]));
        }
        assert_eq!(BasisState::from_index(0), BasisState::zero());
        assert_eq!(BasisState::from_index(5).to_index(), Some(5));
        assert_eq!(with_ones(&[64]).to_index(), None);
    }

    #[test]
    fn decimal_round_trip_at_every_width() {
        assert_eq!(BasisState::zero().to_decimal(), "0");
        assert_eq!(BasisState::from_index(u64::MAX).to_decimal(), u64::MAX.to_string());
        // 2^64 and 2^128 - 1, known values.
        assert_eq!(with_ones(&[64]).to_decimal(), "18446744073709551616");
        let all128 = with_ones(&(0..128).collect::<Vec<_>>());
        assert_eq!(all128.to_decimal(), u128::MAX.to_string());
        assert_eq!(
            BasisState::from_decimal(&u128::MAX.to_string(), 128),
            Some(Ok(all128.clone()))
        );
        assert_eq!(BasisState::from_decimal(&u128::MAX.to_string(), 127), Some(Err(128)));
        for n in [63usize, 64, 65, 81, 128, 222] {
            let s = with_ones(&[1, n / 2, n - 1]);
            let d = s.to_decimal();
            assert_eq!(BasisState::from_decimal(&d, n), Some(Ok(s.clone())), "{n}");
            assert_eq!(BasisState::from_decimal(&format!("00{d}"), n), Some(Ok(s.clone())));
            assert_eq!(BasisState::from_decimal(&d, n - 1), Some(Err(n)));
        }
        for bad in ["", "-1", "1e3", "12a"] {
            assert_eq!(BasisState::from_decimal(bad, 64), None, "{bad}");
        }
        // A number of a million digits is refused before it is read.
        assert!(matches!(BasisState::from_decimal(&"9".repeat(1_000_000), 222), Some(Err(w)) if w > 222));
    }

    #[test]
    fn order_is_the_integer_order() {
        let mut states = [
            with_ones(&[70]),
            BasisState::from_index(3),
            with_ones(&[0, 70]),
            BasisState::zero(),
            with_ones(&[63]),
            with_ones(&[64]),
        ];
        states.sort();
        let decimals: Vec<u128> = states.iter().map(|s| s.to_decimal().parse().unwrap()).collect();
        assert!(decimals.windows(2).all(|w| w[0] < w[1]), "{decimals:?}");
    }
}
