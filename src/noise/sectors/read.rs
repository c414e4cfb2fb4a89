//! What a measurement reads of a sector state: the cost and the readout as small tables over
//! a sector's groups, cached per sector.

use super::*;

impl SectorProgram {
    /// `offset + Σ w z_S` on sector `key` as tables: a term on the qubits of one or two groups
    /// goes into a table over those groups' patterns in the sector, so a state costs a lookup
    /// per group and per pair of groups instead of one parity per term (the cost of a board has
    /// hundreds of terms). Terms on three or more groups, or pairs whose table would be large,
    /// are left to be summed state by state.
    pub(super) fn sector_tables(&self, key: &[u8], terms: &[(u64, f64)], offset: f64) -> Tables {
        let ng = self.groups.len();
        let sizes = self.sizes(key);
        let group_masks: Vec<u64> = self.groups.iter().map(|g| mask_of(&g.qubits)).collect();
        // The full-space bits of pattern r of group g in this sector.
        let bits = |g: usize, r: usize| {
            let grp = &self.groups[g];
            grp.masks[grp.patterns[usize::from(key[g])][r] as usize]
        };
        let parity = |x: u64, s: u64, w: f64| if (x & s).count_ones() & 1 == 0 { w } else { -w };
        let mut constant = offset;
        let mut single: Vec<Vec<f64>> = sizes.iter().map(|&s| vec![0.0; s]).collect();
        let mut pairs: BTreeMap<(usize, usize), Vec<f64>> = BTreeMap::new();
        let mut rest: Vec<(u64, f64)> = Vec::new();
        for &(s, w) in terms {
            let mut touched = (0..ng).filter(|&g| s & group_masks[g] != 0);
            match (touched.next(), touched.next(), touched.next()) {
                (None, _, _) => constant += w,
                (Some(g), None, _) => {
                    for (r, t) in single[g].iter_mut().enumerate() {
                        *t += parity(bits(g, r), s, w);
                    }
                }
                (Some(g), Some(h), None) if sizes[g] * sizes[h] <= MAX_PAIR_TABLE => {
                    let table = pairs.entry((g, h)).or_insert_with(|| vec![0.0; sizes[g] * sizes[h]]);
                    for rg in 0..sizes[g] {
                        let bg = bits(g, rg);
                        for rh in 0..sizes[h] {
                            table[rg * sizes[h] + rh] += parity(bg | bits(h, rh), s, w);
                        }
                    }
                }
                _ => rest.push((s, w)),
            }
        }
        let pairs: Vec<(usize, usize, usize, Vec<f64>)> =
            pairs.into_iter().map(|((g, h), t)| (g, h, sizes[h], t)).collect();
        Tables {
            constant,
            single,
            pairs,
            rest,
        }
    }

    /// The tables a measurement of sector `key` reads ([`Reading`]).
    pub(super) fn reading(&self, key: &[u8], readout: &Readout) -> Reading {
        let ng = self.groups.len();
        let mut cost = self.sector_tables(key, &readout.terms, readout.offset);
        let mut pairs: Vec<Vec<(usize, usize, Vec<f64>)>> = vec![Vec::new(); ng];
        for (g, h, sh, t) in std::mem::take(&mut cost.pairs) {
            pairs[g].push((h, sh, t));
        }
        let sizes = self.sizes(key);
        let covered: u64 = self.groups.iter().map(|g| mask_of(&g.qubits)).fold(0, |a, m| a | m);
        let outside = self.num_qubits - covered.count_ones() as usize;
        // A board's pattern on group g (bit j = the group's qubit j).
        let local = |v: u64, g: usize| -> u32 {
            self.groups[g]
                .qubits
                .iter()
                .enumerate()
                .map(|(j, &q)| ((v >> q & 1) as u32) << j)
                .sum()
        };
        let mut factors = Vec::new();
        let mut exact = Vec::new();
        for &v in &readout.valid {
            if readout.r == 0.0 {
                let mut at = 0;
                let mut stride = 1;
                let mut here = v & !covered == 0;
                for (g, grp) in self.groups.iter().enumerate() {
                    let p = local(v, g);
                    here &= grp.label(p) == key[g];
                    at += grp.rank[p as usize] as usize * stride;
                    stride *= sizes[g];
                }
                if here {
                    exact.push(at);
                }
                continue;
            }
            let r = readout.r;
            let flips = |d: usize, m: usize| r.powi(d as i32) * (1.0 - r).powi((m - d) as i32);
            let off = (v & !covered).count_ones() as usize;
            let per_group = self
                .groups
                .iter()
                .enumerate()
                .map(|(g, grp)| {
                    let p = local(v, g);
                    grp.patterns[usize::from(key[g])]
                        .iter()
                        .map(|&q| flips((q ^ p).count_ones() as usize, grp.qubits.len()))
                        .collect()
                })
                .collect();
            factors.push((flips(off, outside), per_group));
        }
        Reading {
            cost,
            pairs,
            factors,
            exact,
        }
    }

    /// P(valid) and the energy after readout of one sector's amplitudes, states in sector order
    /// (group 0's digit the fastest). A run of group 0's digits is a row; each level k ≥ 1 holds
    /// the row of sums (and of board products) over groups k.. at the current digits, updated
    /// only when digit k moves, as [`PhaseTables::apply`] forms its phase. So an amplitude costs
    /// about one addition per level that moved, not one lookup per table.
    pub(super) fn read(&self, key: &[u8], amps: &[Complex64], reading: &Reading) -> (f64, f64) {
        let ng = self.groups.len();
        let sizes = self.sizes(key);
        let Tables {
            constant, single, rest, ..
        } = &reading.cost;
        if ng == 0 {
            let prob = amps.first().map_or(0.0, |a| a.norm_sqr());
            let board: f64 = reading.factors.iter().map(|f| f.0).sum();
            let mut p = prob * board;
            for &i in &reading.exact {
                p += amps[i].norm_sqr();
            }
            return (p, prob * constant);
        }
        let nv = reading.factors.len();
        let first = sizes[0];
        let pattern_bits = |k: usize, d: usize| {
            let grp = &self.groups[k];
            grp.masks[grp.patterns[usize::from(key[k])][d] as usize]
        };
        // The pair tables of group 0 with group k, by k.
        let mut with_first: Vec<Option<(usize, &[f64])>> = vec![None; ng];
        for (h, sh, t) in &reading.pairs[0] {
            with_first[*h] = Some((*sh, t.as_slice()));
        }
        // Level k's rows, k = 1..=ng (level ng: the terms of group 0 alone).
        let mut cost = vec![0.0; (ng + 1) * first];
        let mut board = vec![0.0; nv * (ng + 1) * first];
        for d in 0..first {
            cost[ng * first + d] = constant + single[0][d];
            for (v, (off, f)) in reading.factors.iter().enumerate() {
                board[(v * (ng + 1) + ng) * first + d] = off * f[0][d];
            }
        }
        let mut bits = vec![0u64; ng + 1];
        let mut row_bits = vec![0u64; first];
        let mut digits = vec![0usize; ng];
        let mut stale = ng;
        let (mut p, mut e) = (0.0, 0.0);
        for row in amps.chunks_exact(first) {
            for k in (1..stale).rev() {
                let d = digits[k];
                let mut c = single[k][d];
                for (h, sh, t) in &reading.pairs[k] {
                    c += t[d * sh + digits[*h]];
                }
                let (below, above) = cost.split_at_mut((k + 1) * first);
                let (src, dst) = (&above[..first], &mut below[k * first..]);
                match with_first[k] {
                    Some((sk, t)) => {
                        for (j, (o, i)) in dst.iter_mut().zip(src).enumerate() {
                            *o = i + c + t[j * sk + d];
                        }
                    }
                    None => {
                        for (o, i) in dst.iter_mut().zip(src) {
                            *o = i + c;
                        }
                    }
                }
                for (v, (_, f)) in reading.factors.iter().enumerate() {
                    let base = v * (ng + 1) * first;
                    let (below, above) = board.split_at_mut(base + (k + 1) * first);
                    let m = f[k][d];
                    for (o, i) in below[base + k * first..].iter_mut().zip(&above[..first]) {
                        *o = i * m;
                    }
                }
                if !rest.is_empty() {
                    bits[k] = bits[k + 1] | pattern_bits(k, d);
                }
            }
            let row_cost = &cost[first..2 * first];
            if !rest.is_empty() {
                for (d, b) in row_bits.iter_mut().enumerate() {
                    *b = bits[1] | pattern_bits(0, d);
                }
            }
            for (d, a) in row.iter().enumerate() {
                let prob = a.norm_sqr();
                let mut c = row_cost[d];
                for &(s, w) in rest {
                    c += if (row_bits[d] & s).count_ones() & 1 == 0 { w } else { -w };
                }
                e += prob * c;
                if nv > 0 {
                    let mut w = 0.0;
                    for v in 0..nv {
                        w += board[(v * (ng + 1) + 1) * first + d];
                    }
                    p += prob * w;
                }
            }
            stale = 1;
            for (k, (d, &s)) in digits.iter_mut().zip(&sizes).enumerate().skip(1) {
                *d += 1;
                stale = k + 1;
                if *d < s {
                    break;
                }
                *d = 0;
            }
        }
        for &i in &reading.exact {
            p += amps[i].norm_sqr();
        }
        (p, e)
    }
}

/// A sum of terms on one sector ([`SectorProgram::sector_tables`]).
pub(super) struct Tables {
    constant: f64,
    /// Per group, per digit.
    single: Vec<Vec<f64>>,
    /// `(g, h, size of h, table at dg · size + dh)`, g < h.
    pairs: Vec<(usize, usize, usize, Vec<f64>)>,
    /// Terms summed state by state.
    pub(super) rest: Vec<(u64, f64)>,
}

impl Tables {
    /// The tables of `e^{−iγ v}`, `v` the sum without `rest`.
    pub(super) fn phase(&self, gamma: f64) -> PhaseTables {
        let e = |t: &[f64]| -> Vec<Complex64> { t.iter().map(|&v| Complex64::from_polar(1.0, -gamma * v)).collect() };
        let mut pairs: Vec<Vec<(usize, usize, Vec<Complex64>)>> = vec![Vec::new(); self.single.len()];
        for (g, h, sh, t) in &self.pairs {
            pairs[*g].push((*h, *sh, e(t)));
        }
        PhaseTables {
            constant: Complex64::from_polar(1.0, -gamma * self.constant),
            single: self.single.iter().map(|t| e(t)).collect(),
            pairs,
            rest: self.rest.clone(),
        }
    }
}

/// A layer's phase on one sector as a product of factors per group and per pair of groups: a
/// state's phase is the product over the groups of its digits, formed one digit at a time, so
/// neither a phase per state nor a sine and cosine per state is needed.
pub(super) struct PhaseTables {
    constant: Complex64,
    single: Vec<Vec<Complex64>>,
    /// Per group g, `(h, size of h, table at dg · size + dh)` for the later groups h.
    pairs: Vec<Vec<(usize, usize, Vec<Complex64>)>>,
    /// Terms on three or more groups (their phase is applied state by state).
    pub(super) rest: Vec<(u64, f64)>,
}

impl PhaseTables {
    /// `amps *=` the phase, states in sector order (group 0's digit the fastest), `amps` the
    /// sector's states from index `start` on. A state's factor is a function of its digits
    /// alone, so a chunk gives the bytes of its part of the whole sector.
    pub(super) fn apply(&self, amps: &mut [Complex64], sizes: &[usize], start: usize) {
        let ng = sizes.len();
        let mut digits = digits_of(start, sizes);
        // factor[k]: the product of the factors of groups k.. at the current digits.
        let mut factor = vec![self.constant; ng + 1];
        let mut stale = ng;
        for a in amps.iter_mut() {
            for k in (0..stale).rev() {
                let d = digits[k];
                let mut f = factor[k + 1] * self.single[k][d];
                for (h, sh, t) in &self.pairs[k] {
                    f *= t[d * sh + digits[*h]];
                }
                factor[k] = f;
            }
            *a *= factor[0];
            stale = 0;
            for (k, (d, &s)) in digits.iter_mut().zip(sizes).enumerate() {
                *d += 1;
                stale = k + 1;
                if *d < s {
                    break;
                }
                *d = 0;
            }
        }
    }
}
/// The digits of state `index` of a sector of group sizes `sizes` (group 0's digit the fastest).
pub(super) fn digits_of(mut index: usize, sizes: &[usize]) -> Vec<usize> {
    sizes
        .iter()
        .map(|&s| {
            let d = index % s;
            index /= s;
            d
        })
        .collect()
}

/// The readout: valid boards, the full cost and the flip probability.
pub(super) struct Readout {
    valid: Vec<u64>,
    /// `(S, w (1 − 2r)^{|S|})` of the full cost, and its constant.
    terms: Vec<(u64, f64)>,
    offset: f64,
    r: f64,
}

impl Readout {
    pub(super) fn new(full: &ZPoly, valid: Vec<u64>, r: f64) -> Readout {
        let terms = full
            .terms
            .iter()
            .map(|(s, w)| (mask_of(s), w * (1.0 - 2.0 * r).powi(s.len() as i32)))
            .collect();
        Readout {
            valid,
            terms,
            offset: full.offset,
            r,
        }
    }
}

/// What a measurement reads of one sector, as small tables over its groups' digits (like the
/// phases): a state's cost after readout is a sum of per-group and per-pair entries, and the
/// probability that it reads as a valid board is, per board, a product of per-group factors.
/// Nothing is stored per amplitude, so a sector of millions of states costs no memory to read.
pub(super) struct Reading {
    cost: Tables,
    /// The tables of the terms on two groups, by their first group: `(h, size of h, table)`
    /// (taken out of `cost`, whose `pairs` is left empty).
    pairs: Vec<Vec<(usize, usize, Vec<f64>)>>,
    /// With readout errors, per valid board: the factor of the qubits outside every group, and
    /// per group and digit, the probability that the group's pattern reads as the board's.
    factors: Vec<(f64, Vec<Vec<f64>>)>,
    /// Without readout errors: the valid boards' indices in this sector.
    exact: Vec<usize>,
}

/// Per-sector tables, computed once per sector met.
pub(super) struct Cache<'a> {
    readout: Option<&'a Readout>,
    readings: RwLock<HashMap<Key, Arc<Reading>>>,
    /// Per sector, each layer's phase as factors per group and pair of groups.
    phases: RwLock<HashMap<Key, Arc<Vec<PhaseTables>>>>,
    pub(super) visited: Mutex<BTreeSet<Key>>,
}

impl<'a> Cache<'a> {
    pub(super) fn new(readout: Option<&'a Readout>) -> Cache<'a> {
        Cache {
            readout,
            readings: RwLock::new(HashMap::new()),
            phases: RwLock::new(HashMap::new()),
            visited: Mutex::new(BTreeSet::new()),
        }
    }

    pub(super) fn reading(&self, prog: &SectorProgram, readout: &Readout, key: &Key) -> Arc<Reading> {
        if let Some(d) = self.readings.read().ok().and_then(|m| m.get(key).cloned()) {
            return d;
        }
        let d = Arc::new(prog.reading(key, readout));
        if let Ok(mut v) = self.visited.lock() {
            v.insert(key.clone());
        }
        if let Ok(mut m) = self.readings.write() {
            m.insert(key.clone(), d.clone());
        }
        d
    }

    /// Each layer's phase tables of sector `key`: small (tables over one or two groups'
    /// patterns), so kept for every sector met.
    pub(super) fn phase(&self, prog: &SectorProgram, key: &Key) -> Arc<Vec<PhaseTables>> {
        if let Some(d) = self.phases.read().ok().and_then(|m| m.get(key).cloned()) {
            return d;
        }
        let tables = prog.sector_tables(key, &prog.phase_terms, 0.0);
        let d = Arc::new(prog.layers.iter().map(|l| tables.phase(l.gamma)).collect::<Vec<_>>());
        if let Ok(mut v) = self.visited.lock() {
            v.insert(key.clone());
        }
        if let Ok(mut m) = self.phases.write() {
            m.insert(key.clone(), d.clone());
        }
        d
    }

    /// P(valid) and the energy after readout of `state`, summed sector by sector in order.
    /// Reads `cancel` before each sector: a trajectory's state can hold tens of millions of
    /// amplitudes, whose readout takes seconds.
    pub(super) fn measure(
        &self,
        prog: &SectorProgram,
        state: &SectorState,
        cancel: &crate::budget::Cancel,
    ) -> Result<(f64, f64)> {
        let Some(readout) = self.readout else {
            return Ok((0.0, 0.0));
        };
        let (mut pv, mut en) = (0.0, 0.0);
        for (key, amps) in state {
            cancel.check(TRAJECTORIES_TASK)?;
            let (p, e) = prog.read(key, amps, &self.reading(prog, readout, key));
            pv += p;
            en += e;
        }
        Ok((pv, en))
    }
}
