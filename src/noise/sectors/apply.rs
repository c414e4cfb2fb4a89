//! Applying gates to a sector state: the cost phase per sector, error-free XY gates fused per
//! block into orbits, and the gates and Paulis that move amplitude between sectors.

use super::*;

/// Error-free units fused: per group touched, per label, the units' restrictions to that label's
/// patterns as their orbits, in order of application. An XY gate within one weight pairs two
/// patterns (or leaves one alone), so applying a block's gates orbit by orbit costs a few
/// products per amplitude, where their multiplied-out matrix would cost one per pattern of the
/// weight (6 to 20 on blocks of six).
pub(super) type Fused = Vec<(usize, Vec<Vec<Orbit>>)>;

/// Columns of a block's rows taken at once when its orbits are applied: every row's piece stays
/// in cache through all the orbits (20 rows of 512 amplitudes are 160 KiB).
pub(super) const ORBIT_COLUMNS: usize = 512;

/// Per target label of one group, the moves into it: (source rank, target rank, negated).
pub(super) type Targets = BTreeMap<u8, Vec<(usize, usize, bool)>>;

/// The moves of a Pauli from one source sector into one target sector: per group, the moves
/// into the target's label, and both sectors' strides.
pub(super) struct PauliMoves<'a> {
    pub(super) lists: Vec<&'a Vec<(usize, usize, bool)>>,
    pub(super) src_stride: &'a [usize],
    pub(super) dst_stride: &'a [usize],
}

impl PauliMoves<'_> {
    /// `f(source, target, negated)` for every source amplitude that lands in the target, one
    /// move per group combined (group 0 the fastest), in the order the amplitudes are read.
    pub(super) fn each(&self, mut f: impl FnMut(usize, usize, bool)) {
        let mut at = vec![0usize; self.lists.len()];
        loop {
            let (mut src, mut dst, mut neg) = (0usize, 0usize, false);
            for (g, list) in self.lists.iter().enumerate() {
                let (r, t, n) = list[at[g]];
                src += r * self.src_stride[g];
                dst += t * self.dst_stride[g];
                neg ^= n;
            }
            f(src, dst, neg);
            if !next_digits(&mut at, |g| self.lists[g].len()) {
                return;
            }
        }
    }
}

/// Counts `digits` on by one, digit 0 the fastest and digit g running below `limit(g)`; false
/// once it has come round to all zeros (every combination seen).
pub(super) fn next_digits(digits: &mut [usize], limit: impl Fn(usize) -> usize) -> bool {
    for (g, d) in digits.iter_mut().enumerate() {
        *d += 1;
        if *d < limit(g) {
            return true;
        }
        *d = 0;
    }
    false
}

/// One orbit of a unit within a label: its patterns' ranks (ascending) and the unit's matrix
/// among them, row-major.
#[derive(Clone, Debug)]
pub(super) struct Orbit {
    rows: Vec<usize>,
    matrix: Vec<Complex64>,
}

/// The orbits of `u` (c × c, row-major): the connected parts of its entries above rounding, each
/// with its matrix; a part that is the identity is left out.
pub(super) fn orbits(u: &[Complex64], c: usize) -> Vec<Orbit> {
    let mut part: Vec<usize> = (0..c).collect();
    fn root(part: &mut [usize], mut i: usize) -> usize {
        while part[i] != i {
            part[i] = part[part[i]];
            i = part[i];
        }
        i
    }
    for i in 0..c {
        for j in 0..c {
            if i != j && u[i * c + j].norm() > KEEPS_LABELS {
                let (a, b) = (root(&mut part, i), root(&mut part, j));
                part[a.max(b)] = a.min(b);
            }
        }
    }
    let mut members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..c {
        let r = root(&mut part, i);
        members.entry(r).or_default().push(i);
    }
    members
        .into_values()
        .filter_map(|rows| {
            let matrix: Vec<Complex64> = rows
                .iter()
                .flat_map(|&i| rows.iter().map(move |&j| u[i * c + j]))
                .collect();
            let identity = rows.len() == 1 && (matrix[0] - ONE).norm() <= SNAP;
            (!identity).then_some(Orbit { rows, matrix })
        })
        .collect()
}

/// `orbit` on columns `i0..i0 + w` of a block's rows (row r at `r · lo` in `slab`).
pub(super) fn apply_orbit(
    slab: &mut [Complex64],
    lo: usize,
    i0: usize,
    w: usize,
    orbit: &Orbit,
    scratch: &mut Vec<Complex64>,
) {
    let m = &orbit.matrix;
    match orbit.rows[..] {
        [a] => {
            for x in &mut slab[a * lo + i0..][..w] {
                *x *= m[0];
            }
        }
        [a, b] => {
            let (head, tail) = slab.split_at_mut(b * lo);
            let xs = &mut head[a * lo + i0..][..w];
            let ys = &mut tail[i0..][..w];
            for (x, y) in xs.iter_mut().zip(ys) {
                let (u, v) = (*x, *y);
                *x = m[0] * u + m[1] * v;
                *y = m[2] * u + m[3] * v;
            }
        }
        _ => {
            let k = orbit.rows.len();
            for i in i0..i0 + w {
                scratch.clear();
                scratch.extend(orbit.rows.iter().map(|&r| slab[r * lo + i]));
                for (j, &r) in orbit.rows.iter().enumerate() {
                    let mut d = ZERO;
                    for (c, a) in scratch.iter().enumerate() {
                        d += m[j * k + c] * a;
                    }
                    slab[r * lo + i] = d;
                }
            }
        }
    }
}

impl SectorProgram {
    /// `amps *= e^{−iγ v}` and the gadget corrections, per sector.
    pub(super) fn apply_phase(&self, state: &mut SectorState, l: usize, flips: &[(u64, Complex64)], data: &Cache<'_>) {
        for (key, amps) in state.iter_mut() {
            let tables = data.phase(self, key);
            let sizes = self.sizes(key);
            tables[l].apply(amps, &sizes);
            if !flips.is_empty() || !tables[l].rest.is_empty() {
                let xs = self.sector_masks(key);
                let gamma = self.layers[l].gamma;
                for (a, &x) in amps.iter_mut().zip(&xs) {
                    let mut v = 0.0;
                    for &(s, w) in &tables[l].rest {
                        v += if (x & s).count_ones() & 1 == 0 { w } else { -w };
                    }
                    let mut g = if tables[l].rest.is_empty() {
                        ONE
                    } else {
                        Complex64::from_polar(1.0, -gamma * v)
                    };
                    for &(s, e) in flips {
                        g *= if (x & s).count_ones() & 1 == 0 { e } else { e.conj() };
                    }
                    *a *= g;
                }
            }
        }
    }

    /// Whether `matrix` on `qubits` keeps every sector (all in one group, no entry between
    /// labels above rounding).
    pub(super) fn keeps_sectors(&self, qubits: &[usize], matrix: &[Complex64]) -> Option<usize> {
        let g = self.place[qubits[0]].0;
        if qubits.iter().any(|&q| self.place[q].0 != g) {
            return None;
        }
        if !self.groups[g].split {
            return Some(g);
        }
        let dim = 1usize << qubits.len();
        let ones = |c: usize| c.count_ones();
        for o in 0..dim {
            for c in 0..dim {
                if ones(o) != ones(c) && matrix[o * dim + c].norm() > KEEPS_LABELS {
                    return None;
                }
            }
        }
        Some(g)
    }

    /// The group of a unit that keeps sectors on a block small enough to fuse.
    pub(super) fn fusable(&self, unit: &Unit) -> Option<usize> {
        let g = self.keeps_sectors(&unit.qubits, &unit.matrix)?;
        let grp = &self.groups[g];
        (grp.split && grp.qubits.len() <= MAX_FUSED_QUBITS).then_some(g)
    }

    /// `units` (each fusable, noiseless) per block and label, in their order: units on
    /// different blocks commute, so each block's sequence is all that matters. A block's whole
    /// XY layer then costs one pass over a sector instead of one per gate.
    pub(super) fn fuse(&self, units: &[&Unit]) -> Fused {
        let mut out: Fused = Vec::new();
        for unit in units {
            let Some(g) = self.fusable(unit) else {
                continue;
            };
            let grp = &self.groups[g];
            let slot = match out.iter().position(|f| f.0 == g) {
                Some(s) => s,
                None => {
                    let empty = grp.patterns.iter().map(|_| Vec::new()).collect();
                    out.push((g, empty));
                    out.len() - 1
                }
            };
            let on = OnGroup::new(self, &unit.qubits);
            let dim = on.dim;
            for (label, pats) in grp.patterns.iter().enumerate() {
                let c = pats.len();
                // The unit within this label (entries between labels are rounding residue).
                let mut u = vec![ZERO; c * c];
                for (r, &p) in pats.iter().enumerate() {
                    let col = on.local(p);
                    let base = p & !on.all;
                    for o in 0..dim {
                        let q = base | on.deposit(o);
                        if usize::from(grp.label(q)) == label {
                            u[grp.rank[q as usize] as usize * c + r] = unit.matrix[o * dim + col];
                        }
                    }
                }
                out[slot].1[label].extend(orbits(&u, c));
            }
        }
        out
    }

    /// `fused` applied to every sector, per block along its digit, orbit by orbit on pieces of
    /// [`ORBIT_COLUMNS`] columns of the block's rows.
    pub(super) fn apply_fused(&self, state: &mut SectorState, fused: &Fused) {
        let mut scratch = Vec::new();
        for (g, labels) in fused {
            let g = *g;
            for (key, amps) in state.iter_mut() {
                let orbits = &labels[usize::from(key[g])];
                if orbits.is_empty() {
                    continue;
                }
                let sizes = self.sizes(key);
                let lo: usize = sizes[..g].iter().product();
                let size = sizes[g];
                for slab in amps.chunks_exact_mut(lo * size) {
                    for i0 in (0..lo).step_by(ORBIT_COLUMNS) {
                        let w = ORBIT_COLUMNS.min(lo - i0);
                        for orbit in orbits {
                            apply_orbit(slab, lo, i0, w, orbit, &mut scratch);
                        }
                    }
                }
            }
        }
    }

    /// `matrix` on `qubits`, all in group `g`, within each sector (entries between labels left
    /// out).
    pub(super) fn apply_within(&self, state: &mut SectorState, g: usize, qubits: &[usize], matrix: &[Complex64]) {
        let grp = &self.groups[g];
        let on = OnGroup::new(self, qubits);
        let (dim, all) = (on.dim, on.all);
        for (key, amps) in state.iter_mut() {
            let label = key[g];
            let sizes = self.sizes(key);
            let lo: usize = sizes[..g].iter().product();
            let size = sizes[g];
            let hi: usize = sizes[g + 1..].iter().product();
            // The orbits of the gate within this label: (local index c, rank).
            let mut orbits: Vec<Vec<(usize, usize)>> = Vec::new();
            for &p in &grp.patterns[usize::from(label)] {
                // Each orbit is listed once, from its first member.
                let base = p & !all;
                let first = (0..dim)
                    .map(|c| base | on.deposit(c))
                    .find(|&q| grp.label(q) == label)
                    .expect("p is in its own orbit");
                if first != p {
                    continue;
                }
                // A state the gate leaves alone.
                let c = (0..dim).find(|&c| base | on.deposit(c) == p).expect("p in its orbit");
                let alone = (0..dim).all(|o| matrix[o * dim + c] == if o == c { ONE } else { ZERO });
                let members: Vec<(usize, usize)> = (0..dim)
                    .filter_map(|c| {
                        let q = base | on.deposit(c);
                        (grp.label(q) == label).then(|| (c, grp.rank[q as usize] as usize))
                    })
                    .collect();
                if members.len() == 1 && alone {
                    continue;
                }
                orbits.push(members);
            }
            if orbits.is_empty() {
                continue;
            }
            // Each orbit's rows (lo contiguous amplitudes per outer index h) in one pass: a
            // lone state is scaled, a pair (the XY gate's |01>, |10>) rotated, as the general
            // sum `Σ_j m[o][j] a_j` from zero would give them.
            let stride = lo * size;
            for orbit in &orbits {
                match orbit[..] {
                    [(c, r)] => {
                        let m = matrix[c * dim + c];
                        for row in amps[lo * r..].chunks_mut(stride) {
                            for a in &mut row[..lo] {
                                *a = ZERO + m * *a;
                            }
                        }
                    }
                    [(ca, ra), (cb, rb)] => {
                        let (m00, m01) = (matrix[ca * dim + ca], matrix[ca * dim + cb]);
                        let (m10, m11) = (matrix[cb * dim + ca], matrix[cb * dim + cb]);
                        // Rows of the lower rank first: both rows of one h lie in one chunk.
                        let (lower, upper, swapped) = if ra < rb { (ra, rb, false) } else { (rb, ra, true) };
                        for chunk in amps[lo * lower..].chunks_mut(stride) {
                            if chunk.len() < lo * (upper - lower) + lo {
                                break;
                            }
                            let (x, y) = chunk.split_at_mut(lo * (upper - lower));
                            let (xa, yb) = if swapped {
                                (&mut y[..lo], &mut x[..lo])
                            } else {
                                (&mut x[..lo], &mut y[..lo])
                            };
                            for (a, b) in xa.iter_mut().zip(yb.iter_mut()) {
                                let (u, v) = (*a, *b);
                                *a = ZERO + m00 * u + m01 * v;
                                *b = ZERO + m10 * u + m11 * v;
                            }
                        }
                    }
                    _ => {
                        let mut buf = vec![ZERO; orbit.len()];
                        for h in 0..hi {
                            for i in 0..lo {
                                let idx = |r: usize| i + lo * (r + size * h);
                                for (j, &(_, r)) in orbit.iter().enumerate() {
                                    buf[j] = amps[idx(r)];
                                }
                                for &(co, r) in orbit {
                                    let mut s = ZERO;
                                    for (j, &(ci, _)) in orbit.iter().enumerate() {
                                        s += matrix[co * dim + ci] * buf[j];
                                    }
                                    amps[idx(r)] = s;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `matrix` on `qubits`, all in group `g`, moving amplitude between that group's labels.
    /// Only group g's digit changes, so a source sector's amplitudes are runs of `lo` contiguous
    /// states (the groups before g) per pattern of g and outer index h, and each nonzero entry
    /// adds one run to one run of a target sector. Sources are read in key order, then h, then
    /// pattern and entry, so every target sums its contributions in one fixed order.
    pub(super) fn apply_moving_in_group(
        &self,
        state: SectorState,
        g: usize,
        qubits: &[usize],
        matrix: &[Complex64],
        room: &Room,
    ) -> Result<SectorState> {
        let grp = &self.groups[g];
        let on = OnGroup::new(self, qubits);
        let (dim, all) = (on.dim, on.all);
        let mut out: SectorState = BTreeMap::new();
        // Amplitudes held: the sources not yet spread and the targets made so far. Each source
        // sector is let go as soon as it is spread, so that the source and target states are
        // not both whole at once.
        let mut live: usize = state.values().map(Vec::len).sum();
        for (key, amps) in state {
            room.check()?;
            let spread = amps.len();
            let label = usize::from(key[g]);
            let sizes = self.sizes(&key);
            let lo: usize = sizes[..g].iter().product();
            let size = sizes[g];
            let hi: usize = sizes[g + 1..].iter().product();
            // (source rank, target slot, target rank, entry), and the target labels by slot.
            let mut moves: Vec<(usize, usize, usize, Complex64)> = Vec::new();
            let mut labels: Vec<u8> = Vec::new();
            for (r, &p) in grp.patterns[label].iter().enumerate() {
                let c = on.local(p);
                let base = p & !all;
                for o in 0..dim {
                    let m = matrix[o * dim + c];
                    if m == ZERO {
                        continue;
                    }
                    let q = base | on.deposit(o);
                    let t = grp.label(q);
                    let slot = match labels.iter().position(|&l| l == t) {
                        Some(s) => s,
                        None => {
                            labels.push(t);
                            labels.len() - 1
                        }
                    };
                    moves.push((r, slot, grp.rank[q as usize] as usize, m));
                }
            }
            let mut targets: Vec<(Key, usize, Vec<Complex64>)> = Vec::with_capacity(labels.len());
            for &t in &labels {
                let mut new_key = key.clone();
                new_key[g] = t;
                let tsize = grp.size(t);
                let amps_out = match out.remove(&new_key) {
                    Some(v) => v,
                    None => {
                        live += lo * tsize * hi;
                        room.check_total(live)?;
                        vec![ZERO; lo * tsize * hi]
                    }
                };
                targets.push((new_key, tsize, amps_out));
            }
            for h in 0..hi {
                for &(r, slot, rt, m) in &moves {
                    let src = &amps[lo * (r + size * h)..][..lo];
                    let (_, tsize, dst) = &mut targets[slot];
                    let dst = &mut dst[lo * (rt + *tsize * h)..][..lo];
                    for (d, a) in dst.iter_mut().zip(src) {
                        *d += m * a;
                    }
                }
            }
            for (new_key, _, v) in targets {
                out.insert(new_key, v);
            }
            live -= spread;
        }
        Ok(out)
    }

    /// `matrix` on `qubits` (one or two), moving amplitude between sectors. Sources are read
    /// sector by sector in key order and state by state, so every target sums its
    /// contributions in one fixed order.
    pub(super) fn apply_moving(
        &self,
        state: SectorState,
        qubits: &[usize],
        matrix: &[Complex64],
        room: &Room,
    ) -> Result<SectorState> {
        let k = qubits.len();
        let dim = 1usize << k;
        let places: Vec<(usize, usize)> = qubits.iter().map(|&q| self.place[q]).collect();
        let mut involved: Vec<usize> = places.iter().map(|p| p.0).collect();
        involved.dedup();
        let ng = self.groups.len();
        let mut out: SectorState = BTreeMap::new();
        // Amplitudes held: the sources not yet spread (each let go once it is) and the targets.
        let mut live: usize = state.values().map(Vec::len).sum();
        let mut digits = vec![0usize; ng];
        for (key, amps) in state {
            room.check()?;
            let spread = amps.len();
            let sizes = self.sizes(&key);
            // Targets met from this sector: the involved groups' labels, the target's key and
            // strides.
            let mut targets: Vec<(Vec<u8>, Key, Vec<usize>)> = Vec::new();
            for (idx, a) in amps.iter().enumerate() {
                if *a == ZERO {
                    continue;
                }
                let mut rest = idx;
                for (g, &s) in sizes.iter().enumerate() {
                    digits[g] = rest % s;
                    rest /= s;
                }
                let pats: Vec<u32> = involved
                    .iter()
                    .map(|&g| self.groups[g].patterns[usize::from(key[g])][digits[g]])
                    .collect();
                let slot = |g: usize| involved.iter().position(|&h| h == g).expect("an involved group");
                let c: usize = places
                    .iter()
                    .enumerate()
                    .map(|(j, &(g, pos))| ((pats[slot(g)] >> pos & 1) as usize) << j)
                    .sum();
                for o in 0..dim {
                    let m = matrix[o * dim + c];
                    if m == ZERO {
                        continue;
                    }
                    let mut new_pats = pats.clone();
                    for (j, &(g, pos)) in places.iter().enumerate() {
                        let bit = 1u32 << pos;
                        let p = &mut new_pats[slot(g)];
                        *p = if o >> j & 1 == 1 { *p | bit } else { *p & !bit };
                    }
                    let labels: Vec<u8> = involved
                        .iter()
                        .zip(&new_pats)
                        .map(|(&g, &p)| self.groups[g].label(p))
                        .collect();
                    let t = match targets.iter().position(|t| t.0 == labels) {
                        Some(t) => t,
                        None => {
                            let mut new_key = key.clone();
                            for (&g, &l) in involved.iter().zip(&labels) {
                                new_key[g] = l;
                            }
                            let new_sizes = self.sizes(&new_key);
                            let mut strides = Vec::with_capacity(ng);
                            let mut stride = 1;
                            for s in &new_sizes {
                                strides.push(stride);
                                stride *= s;
                            }
                            if !out.contains_key(&new_key) {
                                live += stride;
                                room.check_total(live)?;
                                out.insert(new_key.clone(), vec![ZERO; stride]);
                            }
                            targets.push((labels, new_key, strides));
                            targets.len() - 1
                        }
                    };
                    let (_, new_key, strides) = &targets[t];
                    let mut at = 0;
                    for g in 0..ng {
                        let d = match involved.iter().position(|&h| h == g) {
                            Some(j) => self.groups[g].rank[new_pats[j] as usize] as usize,
                            None => digits[g],
                        };
                        at += d * strides[g];
                    }
                    out.get_mut(new_key).expect("inserted above")[at] += m * a;
                }
            }
            live -= spread;
        }
        Ok(out)
    }

    /// A Pauli as the permutation it is (each basis state to one, `X^x Z^z` on each qubit: the
    /// sign of its Z factors on the state's ones, then its phase), keeping only the target
    /// sectors `keep` accepts; with the probability of the rest, which is never built. Holds the
    /// sources not yet moved and the kept targets: a trajectory in pieces applies the Pauli
    /// before a drop this way ([`Prune::pauli`]), where [`SectorProgram::apply_pauli`] would
    /// build every target first. The same amplitudes as that, bit for bit, on the sectors kept.
    pub(super) fn apply_pauli_kept(
        &self,
        state: SectorState,
        p: Pauli,
        keep: &dyn Fn(&[u8]) -> bool,
        room: &Room,
    ) -> Result<(SectorState, f64)> {
        let global = p.global();
        let xz: Vec<(u32, u32)> = self.groups.iter().map(|g| (g.local(p.x), g.local(p.z))).collect();
        let mut out: SectorState = BTreeMap::new();
        let mut held: usize = state.values().map(Vec::len).sum();
        let mut dropped = 0.0;
        for (key, amps) in state {
            room.check()?;
            let by_label = self.pauli_targets(&key, &xz);
            let (src_stride, _) = self.strides(&key);
            // Every combination of target labels, in key order of the groups' labels.
            let choices: Vec<Vec<u8>> = by_label.iter().map(|m| m.keys().copied().collect()).collect();
            let mut pick = vec![0usize; choices.len()];
            loop {
                let target: Key = pick.iter().zip(&choices).map(|(&i, c)| c[i]).collect();
                let (dst_stride, tsize) = self.strides(&target);
                if keep(&target) && !out.contains_key(&target) {
                    room.check_total(held + tsize)?;
                    held += tsize;
                    out.insert(target.clone(), vec![ZERO; tsize]);
                }
                let moves = PauliMoves {
                    lists: by_label
                        .iter()
                        .zip(&target)
                        .map(|(m, l)| m.get(l).expect("a label of this group's targets"))
                        .collect(),
                    src_stride: &src_stride,
                    dst_stride: &dst_stride,
                };
                match out.get_mut(&target) {
                    Some(v) => moves.each(|src, dst, neg| {
                        let a = if neg { -amps[src] } else { amps[src] };
                        v[dst] = if global != ONE { a * global } else { a };
                    }),
                    None => moves.each(|src, _, _| dropped += amps[src].norm_sqr()),
                }
                if !next_digits(&mut pick, |g| choices[g].len()) {
                    break;
                }
            }
            held -= amps.len();
        }
        Ok((out, dropped))
    }

    /// Per group of sector `key`, where the Pauli with local bits `xz` (per group, X and Z)
    /// takes each of its patterns: (source rank, target rank, negated) grouped by the target's
    /// label, so that a target sector is one label per group.
    pub(super) fn pauli_targets(&self, key: &[u8], xz: &[(u32, u32)]) -> Vec<Targets> {
        self.groups
            .iter()
            .zip(key)
            .zip(xz)
            .map(|((g, &l), &(x, z))| {
                let mut m = Targets::new();
                for (r, &pat) in g.patterns[usize::from(l)].iter().enumerate() {
                    let t = pat ^ x;
                    m.entry(g.label(t)).or_default().push((
                        r,
                        g.rank[t as usize] as usize,
                        (pat & z).count_ones() % 2 == 1,
                    ));
                }
                m
            })
            .collect()
    }

    /// The strides of sector `key`'s groups (group 0 the fastest digit) and its size.
    pub(super) fn strides(&self, key: &[u8]) -> (Vec<usize>, usize) {
        let mut strides = Vec::with_capacity(key.len());
        let mut size = 1usize;
        for (g, &l) in self.groups.iter().zip(key) {
            strides.push(size);
            size *= g.size(l);
        }
        (strides, size)
    }

    /// A Pauli: one factor per qubit, then its phase.
    pub(super) fn apply_pauli(&self, state: SectorState, p: Pauli, room: &Room) -> Result<SectorState> {
        if p == Pauli::I {
            return Ok(state);
        }
        let mut state = state;
        let support = p.x | p.z;
        for q in (0..64).filter(|q| support >> q & 1 == 1) {
            let x = p.x >> q & 1 == 1;
            let z = p.z >> q & 1 == 1;
            // X^x Z^z on one qubit, row-major.
            let m = match (x, z) {
                (true, false) => [ZERO, ONE, ONE, ZERO],
                (false, true) => [ONE, ZERO, ZERO, -ONE],
                _ => [ZERO, -ONE, ONE, ZERO],
            };
            let g = self.place[q].0;
            state = if x {
                self.apply_moving_in_group(state, g, &[q], &m, room)?
            } else {
                self.apply_within(&mut state, g, &[q], &m);
                state
            };
        }
        let global = p.global();
        if global != ONE {
            for amps in state.values_mut() {
                for a in amps.iter_mut() {
                    *a *= global;
                }
            }
        }
        Ok(state)
    }
}
