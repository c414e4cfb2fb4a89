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

/// A state of fewer amplitudes than this is worked on by one thread; a larger one in chunks of
/// its sectors on every thread (a trajectory running alone, or the last of a pass, would
/// otherwise leave the other cores idle). Each amplitude's new value depends only on its own
/// chunk, never on how the chunks were shared out, so the bytes are those of one thread.
pub(super) const PARALLEL_AMPLITUDES: usize = 1 << 16;

/// Trajectories running at once in the passes beside each other ([`super::run`]): where they
/// keep every thread busy, a state is worked on by its own thread alone. Only how fast: the
/// bytes do not depend on it.
pub(super) static BUSY_WORKERS: AtomicUsize = AtomicUsize::new(0);

/// Amplitudes of one chunk or part.
pub(super) const CHUNK_AMPLITUDES: usize = 1 << 14;

/// `f(key, start, chunk)` for every chunk of [`CHUNK_AMPLITUDES`] states of every sector of
/// `state`, `start` the chunk's first index in its sector, on every thread; each sector one
/// chunk, on this thread, where the state is not [`spread`]. For what acts state by state.
pub(super) fn each_chunk(state: &mut SectorState, f: impl Fn(&Key, usize, &mut [Complex64]) + Sync + Send) {
    if !spread(state) {
        for (key, amps) in state.iter_mut() {
            f(key, 0, amps);
        }
        return;
    }
    let mut chunks: Vec<(&Key, usize, &mut [Complex64])> = Vec::new();
    for (key, amps) in state.iter_mut() {
        for (i, chunk) in amps.chunks_mut(CHUNK_AMPLITUDES).enumerate() {
            chunks.push((key, i * CHUNK_AMPLITUDES, chunk));
        }
    }
    chunks
        .into_par_iter()
        .for_each(|(key, start, chunk)| f(key, start, chunk));
}

/// The rows of one group's patterns over a run of columns: row r holds, column by column, the
/// amplitudes of the group's pattern of rank r beside every pattern of the groups before it.
pub(super) trait RowsMut {
    /// Columns per row.
    fn width(&self) -> usize;
    fn row(&mut self, r: usize) -> &mut [Complex64];
    /// Rows a and b (a ≠ b) at once.
    fn two(&mut self, a: usize, b: usize) -> (&mut [Complex64], &mut [Complex64]);
}

/// One slab: row r at `r · lo`, `lo` columns.
pub(super) struct SlabRows<'a> {
    pub(super) slab: &'a mut [Complex64],
    pub(super) lo: usize,
}

impl RowsMut for SlabRows<'_> {
    fn width(&self) -> usize {
        self.lo
    }
    fn row(&mut self, r: usize) -> &mut [Complex64] {
        &mut self.slab[r * self.lo..][..self.lo]
    }
    fn two(&mut self, a: usize, b: usize) -> (&mut [Complex64], &mut [Complex64]) {
        let lo = self.lo;
        if a < b {
            let (head, tail) = self.slab.split_at_mut(b * lo);
            (&mut head[a * lo..][..lo], &mut tail[..lo])
        } else {
            let (head, tail) = self.slab.split_at_mut(a * lo);
            (&mut tail[..lo], &mut head[b * lo..][..lo])
        }
    }
}

/// A run of columns of one slab, each row's piece by itself.
pub(super) struct ColumnRows<'a>(Vec<&'a mut [Complex64]>);

impl RowsMut for ColumnRows<'_> {
    fn width(&self) -> usize {
        self.0[0].len()
    }
    fn row(&mut self, r: usize) -> &mut [Complex64] {
        self.0[r]
    }
    fn two(&mut self, a: usize, b: usize) -> (&mut [Complex64], &mut [Complex64]) {
        if a < b {
            let (head, tail) = self.0.split_at_mut(b);
            (&mut *head[a], &mut *tail[0])
        } else {
            let (head, tail) = self.0.split_at_mut(a);
            (&mut *tail[0], &mut *head[b])
        }
    }
}

/// Part of a sector for a gate on one group: whole slabs (`size` rows of `lo` columns each,
/// one slab after another), or a run of columns of one slab too large to be one part.
pub(super) enum Part<'a> {
    Slabs(&'a mut [Complex64]),
    Columns(ColumnRows<'a>),
}

impl Part<'_> {
    /// `f` on the rows of each slab of this part (`lo` columns) or on its columns.
    pub(super) fn each_rows(self, lo: usize, size: usize, mut f: impl FnMut(&mut dyn RowsMut)) {
        match self {
            Part::Slabs(amps) => {
                for slab in amps.chunks_exact_mut(lo * size) {
                    f(&mut SlabRows { slab, lo });
                }
            }
            Part::Columns(mut rows) => f(&mut rows),
        }
    }
}

/// `f(key, part)` for every part of every sector of `state` for a gate on group `g`: slabs
/// of up to [`CHUNK_AMPLITUDES`] together, a larger slab in runs of columns. Below
/// [`PARALLEL_AMPLITUDES`] (or with every thread busy) each sector is one part, on this
/// thread. The gate acts column by column, so the bytes do not depend on the parts.
pub(super) fn each_part(
    prog: &SectorProgram,
    state: &mut SectorState,
    g: usize,
    f: impl Fn(&Key, Part<'_>) + Sync + Send,
) {
    if !spread(state) {
        for (key, amps) in state.iter_mut() {
            f(key, Part::Slabs(amps));
        }
        return;
    }
    let mut parts: Vec<(&Key, Part<'_>)> = Vec::new();
    for (key, amps) in state.iter_mut() {
        let sizes = prog.sizes(key);
        let lo: usize = sizes[..g].iter().product();
        let size = sizes[g];
        let slab = lo * size;
        if slab <= CHUNK_AMPLITUDES {
            let len = (CHUNK_AMPLITUDES / slab).max(1) * slab;
            parts.extend(amps.chunks_mut(len).map(|c| (key, Part::Slabs(c))));
            continue;
        }
        let width = (CHUNK_AMPLITUDES / size).max(ORBIT_COLUMNS);
        for slab in amps.chunks_exact_mut(slab) {
            let mut columns: Vec<Vec<&mut [Complex64]>> = Vec::new();
            for row in slab.chunks_exact_mut(lo) {
                for (k, piece) in row.chunks_mut(width).enumerate() {
                    if k == columns.len() {
                        columns.push(Vec::with_capacity(size));
                    }
                    columns[k].push(piece);
                }
            }
            parts.extend(columns.into_iter().map(|rows| (key, Part::Columns(ColumnRows(rows)))));
        }
    }
    parts.into_par_iter().for_each(|(key, part)| f(key, part));
}

/// Whether a state is worked on in parts on every thread: large enough, some thread idle,
/// and not switched off by a test.
fn spread(state: &SectorState) -> bool {
    let total: usize = state.values().map(Vec::len).sum();
    // While every thread runs a trajectory of its own, parts would only add their cost.
    let idle = BUSY_WORKERS.load(Ordering::Relaxed) < rayon::current_num_threads();
    total >= PARALLEL_AMPLITUDES && idle && !whole_sectors()
}

#[cfg(test)]
thread_local! {
    static WHOLE_SECTORS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Tests switch chunks and parts off on their own thread (the route before them), to compare
/// the bytes of both.
#[cfg(test)]
pub(super) fn set_whole_sectors(on: bool) {
    WHOLE_SECTORS.with(|c| c.set(on));
}

fn whole_sectors() -> bool {
    #[cfg(test)]
    return WHOLE_SECTORS.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}

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

/// `orbit` on columns `i0..i0 + w` of a block's rows.
pub(super) fn apply_orbit(rows: &mut dyn RowsMut, i0: usize, w: usize, orbit: &Orbit, scratch: &mut Vec<Complex64>) {
    let m = &orbit.matrix;
    match orbit.rows[..] {
        [a] => {
            for x in &mut rows.row(a)[i0..][..w] {
                *x *= m[0];
            }
        }
        [a, b] => {
            let (xs, ys) = rows.two(a, b);
            for (x, y) in xs[i0..][..w].iter_mut().zip(&mut ys[i0..][..w]) {
                let (u, v) = (*x, *y);
                *x = m[0] * u + m[1] * v;
                *y = m[2] * u + m[3] * v;
            }
        }
        _ => {
            let k = orbit.rows.len();
            for i in i0..i0 + w {
                scratch.clear();
                scratch.extend(orbit.rows.iter().map(|&r| rows.row(r)[i]));
                for (j, &r) in orbit.rows.iter().enumerate() {
                    let mut d = ZERO;
                    for (c, a) in scratch.iter().enumerate() {
                        d += m[j * k + c] * a;
                    }
                    rows.row(r)[i] = d;
                }
            }
        }
    }
}

impl SectorProgram {
    /// `amps *= e^{−iγ v}` and the gadget corrections, per sector.
    pub(super) fn apply_phase(&self, state: &mut SectorState, l: usize, flips: &[(u64, Complex64)], data: &Cache<'_>) {
        let gamma = self.layers[l].gamma;
        each_chunk(state, |key, start, amps| {
            let tables = data.phase(self, key);
            let sizes = self.sizes(key);
            tables[l].apply(amps, &sizes, start);
            if flips.is_empty() && tables[l].rest.is_empty() {
                return;
            }
            let xs = self.sector_masks_at(key, start, amps.len());
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
        });
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
        for (g, labels) in fused {
            let g = *g;
            each_part(self, state, g, |key, part| {
                let orbits = &labels[usize::from(key[g])];
                if orbits.is_empty() {
                    return;
                }
                let sizes = self.sizes(key);
                let lo: usize = sizes[..g].iter().product();
                let mut scratch = Vec::new();
                part.each_rows(lo, sizes[g], |rows| {
                    let width = rows.width();
                    for i0 in (0..width).step_by(ORBIT_COLUMNS) {
                        let w = ORBIT_COLUMNS.min(width - i0);
                        for orbit in orbits {
                            apply_orbit(rows, i0, w, orbit, &mut scratch);
                        }
                    }
                });
            });
        }
    }

    /// The orbits of `matrix` on `qubits` (all in group `g`) within `label`, each as its
    /// members' (local index, rank); states the gate leaves alone are left out.
    fn orbits_within(&self, g: usize, on: &OnGroup, label: u8, matrix: &[Complex64]) -> Vec<Vec<(usize, usize)>> {
        let grp = &self.groups[g];
        let (dim, all) = (on.dim, on.all);
        let mut orbits = Vec::new();
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
        orbits
    }

    /// `matrix` on `qubits`, all in group `g`, within each sector (entries between labels left
    /// out).
    pub(super) fn apply_within(&self, state: &mut SectorState, g: usize, qubits: &[usize], matrix: &[Complex64]) {
        let on = OnGroup::new(self, qubits);
        let dim = on.dim;
        // The orbits of the gate within each label met: they depend on the label alone.
        let mut by_label: BTreeMap<u8, Vec<Vec<(usize, usize)>>> = BTreeMap::new();
        for key in state.keys() {
            by_label
                .entry(key[g])
                .or_insert_with(|| self.orbits_within(g, &on, key[g], matrix));
        }
        each_part(self, state, g, |key, part| {
            let orbits = &by_label[&key[g]];
            if orbits.is_empty() {
                return;
            }
            let sizes = self.sizes(key);
            let lo: usize = sizes[..g].iter().product();
            let mut buf = Vec::new();
            // Each orbit's rows in one pass: a lone state is scaled, a pair (the XY gate's
            // |01>, |10>) rotated, as the general sum `Σ_j m[o][j] a_j` from zero would give
            // them.
            part.each_rows(lo, sizes[g], |rows| {
                for orbit in orbits {
                    match orbit[..] {
                        [(c, r)] => {
                            let m = matrix[c * dim + c];
                            for a in rows.row(r) {
                                *a = ZERO + m * *a;
                            }
                        }
                        [(ca, ra), (cb, rb)] => {
                            let (m00, m01) = (matrix[ca * dim + ca], matrix[ca * dim + cb]);
                            let (m10, m11) = (matrix[cb * dim + ca], matrix[cb * dim + cb]);
                            let (xa, yb) = rows.two(ra, rb);
                            for (a, b) in xa.iter_mut().zip(yb.iter_mut()) {
                                let (u, v) = (*a, *b);
                                *a = ZERO + m00 * u + m01 * v;
                                *b = ZERO + m10 * u + m11 * v;
                            }
                        }
                        _ => {
                            for i in 0..rows.width() {
                                buf.clear();
                                buf.extend(orbit.iter().map(|&(_, r)| rows.row(r)[i]));
                                for &(co, r) in orbit {
                                    let mut s = ZERO;
                                    for (j, &(ci, _)) in orbit.iter().enumerate() {
                                        s += matrix[co * dim + ci] * buf[j];
                                    }
                                    rows.row(r)[i] = s;
                                }
                            }
                        }
                    }
                }
            });
        });
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
