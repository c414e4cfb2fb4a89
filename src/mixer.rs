//! Mixers: which one, and the fixed gate order of the XY mixers (see docs/ARCHITECTURE.md, "Spaces and
//! mixers"). The same edge list feeds the subspace simulator and the exported circuit.
//!
//! The XY gate on qubits (a, b) is `exp(−iβ(XX+YY)/2)`: identity on `|00⟩` and `|11⟩`, and on
//! `{|01⟩, |10⟩}` the rotation `[[cos β, −i sin β], [−i sin β, cos β]]`, so it keeps the number
//! of ones. A block's XY mixer is the product of its edges' gates in [`xy_edges`] order, all
//! with the layer's β; free qubits (in no block) take the X mixer `rx(2β) = exp(−iβX)`, the
//! same rotation between `|0⟩` and `|1⟩`.

use crate::names::value_enum;
pub use crate::names::{MixerKind, StartChoice};

value_enum!(MixerKind);

impl MixerKind {
    /// Every mixer, in report order.
    pub const ALL: [MixerKind; 6] = [
        MixerKind::X,
        MixerKind::XyRing,
        MixerKind::XyComplete,
        MixerKind::Grover,
        MixerKind::SwitchRing,
        MixerKind::SwitchComplete,
    ];

    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            MixerKind::X => "x",
            MixerKind::XyRing => "xy-ring",
            MixerKind::XyComplete => "xy-complete",
            MixerKind::Grover => "grover",
            MixerKind::SwitchRing => "switch-ring",
            MixerKind::SwitchComplete => "switch-complete",
        }
    }

    /// Whether it keeps the weight of a block (the XY mixers).
    pub fn is_xy(self) -> bool {
        matches!(self, MixerKind::XyRing | MixerKind::XyComplete)
    }

    /// Whether it swaps ones between two rows and two columns at once (the switch mixers).
    pub fn is_switch(self) -> bool {
        matches!(self, MixerKind::SwitchRing | MixerKind::SwitchComplete)
    }

    /// The period of β: `π` for the X mixer (`e^{−iπX} = −I` on every qubit), `2π` for an XY
    /// mixer (`β → β + π` multiplies each gate by `Z⊗Z`, which is no global phase), `2π` for
    /// the Grover mixer (`e^{−iβ|s⟩⟨s|} = 1 + (e^{−iβ} − 1)|s⟩⟨s|`, no shorter period), `2π`
    /// for a switch mixer (`β → β + π` negates each move's pair only, as for an XY gate).
    pub fn beta_period(self) -> f64 {
        match self {
            MixerKind::X => std::f64::consts::PI,
            MixerKind::XyRing
            | MixerKind::XyComplete
            | MixerKind::Grover
            | MixerKind::SwitchRing
            | MixerKind::SwitchComplete => 2.0 * std::f64::consts::PI,
        }
    }
}

crate::checked::named_choice!(MixerKind, "mixer");

value_enum!(StartChoice);

impl StartChoice {
    /// Every choice, in report order.
    pub const ALL: [StartChoice; 3] = [StartChoice::Auto, StartChoice::Uniform, StartChoice::FirstGrid];

    /// The name on the command line, in requests and in reports.
    pub fn name(self) -> &'static str {
        match self {
            StartChoice::Auto => "auto",
            StartChoice::Uniform => "uniform",
            StartChoice::FirstGrid => "first-grid",
        }
    }

    /// Whether the simulator starts uniform over the space (`auto` and `uniform`).
    pub fn simulates_uniform(self) -> bool {
        self != StartChoice::FirstGrid
    }
}

crate::checked::named_choice!(StartChoice, "start");

/// The XY gates of one block of `m` qubits, as pairs of block positions `(i, j)`, `i < j`, in
/// the order they are applied:
/// - ring: the odd edges `(0,1), (2,3), …`, then the even edges `(1,2), (3,4), …`, then the
///   closing edge `(0, m−1)` when `m ≥ 3` (for `m = 2` the ring is the one edge);
/// - complete: every pair, `(0,1), (0,2), …, (0,m−1), (1,2), …` (lexicographic).
///
/// A block of one qubit has no edge. Not defined for the X, Grover and switch mixers (empty).
pub fn xy_edges(m: usize, mixer: MixerKind) -> Vec<(usize, usize)> {
    match mixer {
        MixerKind::X | MixerKind::Grover | MixerKind::SwitchRing | MixerKind::SwitchComplete => Vec::new(),
        MixerKind::XyRing => {
            let mut edges: Vec<(usize, usize)> = (0..m.saturating_sub(1)).step_by(2).map(|i| (i, i + 1)).collect();
            edges.extend((1..m.saturating_sub(1)).step_by(2).map(|i| (i, i + 1)));
            if m >= 3 {
                edges.push((0, m - 1));
            }
            edges
        }
        MixerKind::XyComplete => (0..m).flat_map(|i| (i + 1..m).map(move |j| (i, j))).collect(),
    }
}

/// The switch moves of a grid of `rows` x `cols` counts, as `((i, j), (a, b))` (rows `i < j`,
/// columns `a < b`), in the order they are applied: the row pairs in the XY order of the same
/// name ([`xy_edges`] of `rows`: ring or complete), and for each row pair the column pairs in
/// that order (docs/ARCHITECTURE.md, "Spaces and mixers"). Empty for the other mixers.
pub fn switch_moves(rows: usize, cols: usize, mixer: MixerKind) -> Vec<((usize, usize), (usize, usize))> {
    let xy = match mixer {
        MixerKind::SwitchRing => MixerKind::XyRing,
        MixerKind::SwitchComplete => MixerKind::XyComplete,
        _ => return Vec::new(),
    };
    let col_pairs = xy_edges(cols, xy);
    xy_edges(rows, xy)
        .into_iter()
        .flat_map(|r| col_pairs.iter().map(move |&c| (r, c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_order_is_odd_even_closing() {
        assert_eq!(xy_edges(1, MixerKind::XyRing), vec![]);
        assert_eq!(xy_edges(2, MixerKind::XyRing), vec![(0, 1)]);
        assert_eq!(xy_edges(3, MixerKind::XyRing), vec![(0, 1), (1, 2), (0, 2)]);
        assert_eq!(
            xy_edges(5, MixerKind::XyRing),
            vec![(0, 1), (2, 3), (1, 2), (3, 4), (0, 4)]
        );
        assert_eq!(xy_edges(4, MixerKind::XyComplete).len(), 6);
        for m in 1..12 {
            assert_eq!(xy_edges(m, MixerKind::XyRing).len(), if m >= 3 { m } else { m - 1 });
        }
    }

    #[test]
    fn switch_moves_are_row_pairs_times_column_pairs_in_xy_order() {
        let ring = switch_moves(3, 4, MixerKind::SwitchRing);
        assert_eq!(ring.len(), 3 * 4);
        assert_eq!(
            &ring[..5],
            &[
                ((0, 1), (0, 1)),
                ((0, 1), (2, 3)),
                ((0, 1), (1, 2)),
                ((0, 1), (0, 3)),
                ((1, 2), (0, 1))
            ]
        );
        assert_eq!(switch_moves(4, 4, MixerKind::SwitchComplete).len(), 36);
        assert!(switch_moves(4, 4, MixerKind::XyRing).is_empty());
        assert_eq!(switch_moves(2, 2, MixerKind::SwitchRing), vec![((0, 1), (0, 1))]);
    }

    #[test]
    fn names_round_trip() {
        for m in MixerKind::ALL {
            assert_eq!(m.name().parse::<MixerKind>().unwrap(), m);
        }
        assert!("grover-ish".parse::<MixerKind>().is_err());
        for c in StartChoice::ALL {
            assert_eq!(c.name().parse::<StartChoice>().unwrap(), c);
            assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{}\"", c.name()));
        }
        assert!("first grid".parse::<StartChoice>().is_err());
    }
}
