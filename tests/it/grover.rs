//! The Grover mixer (statevector and cost histogram) and Grover search.

use crate::common::{assert_gradient_matches_finite_differences, data, xorshift_angles};
use crate::subspace::CASES;
use quzzle::encoding::space::{Space, SpaceChoice};
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::grover::{closed_form, grover, statevector_curve, GroverRoute, GroverSettings};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::qaoa::{ClassKind, Objective, Qaoa};
use quzzle::simulation::histogram::{cost_histogram, histogram_simulation, search_histogram};
use quzzle::simulation::{self, SpaceSettings};
use quzzle::Angles;

fn angles(p: usize, seed: u64) -> Angles {
    xorshift_angles(p, seed, 3.0)
}

/// The block cases, a Tango whose rows share qubits (one joined general block), and two on
/// the full space.
fn cases() -> Vec<(&'static str, Level, SpaceChoice)> {
    let mut c = CASES.to_vec();
    c.push(("tango-4x4-qasm.txt", Level::Paper, SpaceChoice::Rows));
    c.push(("takuzu-4x4-qasm.txt", Level::Paper, SpaceChoice::Full));
    c.push(("tango-4x4-qasm.txt", Level::Paper, SpaceChoice::Full));
    c
}

/// `file` at `level`, its Grover-mixer settings on `space`, and its simulation.
fn grover_simulation(
    file: &str,
    level: Level,
    space: SpaceChoice,
) -> (Box<dyn encoding::Encoding>, SpaceSettings, simulation::Simulation) {
    let enc = encoding::load(&data(file), EncodingKind::Onehot, level).unwrap();
    let settings = SpaceSettings {
        space,
        mixer: MixerKind::Grover,
        ..Default::default()
    };
    let s = simulation::simulation(enc.as_ref(), &settings).unwrap();
    (enc, settings, s)
}

#[test]
fn grover_mixer_gradients_agree_with_finite_differences() {
    for (file, level, space) in cases() {
        let (enc, _, s) = grover_simulation(file, level, space);
        assert_eq!(s.mixer, MixerKind::Grover);
        let valid = simulation::success_states(enc.as_ref(), &s).unwrap().valid;
        let sim = s.qaoa();
        assert_eq!(sim.angle_periods().1, 2.0 * std::f64::consts::PI);
        for objective in [Objective::Energy, Objective::Success(valid.clone())] {
            let label = format!("{file} {space}");
            assert_gradient_matches_finite_differences(sim, &angles(3, 11), &objective, &label);
        }
        let amps = sim.amplitudes(&angles(2, 3)).unwrap();
        let norm: f64 = amps.iter().map(|a| a.norm_sqr()).sum();
        assert!((norm - 1.0).abs() < 1e-12, "{file}: norm {norm}");
    }
}

#[test]
fn histogram_equals_the_statevector() {
    for (file, level, space) in cases() {
        let (enc, settings, s) = grover_simulation(file, level, space);
        let success = simulation::success_states(enc.as_ref(), &s).unwrap();
        let (h, hspace) = histogram_simulation(enc.as_ref(), &settings).unwrap();
        assert_eq!(hspace.resolved, s.space.resolved);
        let hs = h.success_states();
        assert_eq!(h.dimension() as usize, s.qaoa().num_states(), "{file}");
        assert_eq!(
            h.histogram().count_of(ClassKind::Valid) as usize,
            success.valid.len(),
            "{file}"
        );
        assert_eq!(
            h.histogram().count_of(ClassKind::NonQubo) as usize,
            success.non_qubo.len(),
            "{file}"
        );
        assert!(h.histogram().classes.len() < 100, "{file}: a handful of classes");
        for p in 1..=3 {
            let a = angles(p, 5 + p as u64);
            let sv = s.qaoa().evaluate(&a, &success.valid).unwrap();
            let hv = h.evaluate(&a, &hs.valid).unwrap();
            assert!(
                (sv.energy - hv.energy).abs() < 1e-12,
                "{file} p={p}: energy {} vs {}",
                sv.energy,
                hv.energy
            );
            assert!(
                (sv.success_probability - hv.success_probability).abs() < 1e-12,
                "{file} p={p}: P(valid)"
            );
            for (so, ho) in [
                (Objective::Energy, Objective::Energy),
                (
                    Objective::Success(success.valid.clone()),
                    Objective::Success(hs.valid.clone()),
                ),
            ] {
                let (sval, sg) = s.qaoa().gradient(&a, &so).unwrap();
                let (hval, hg) = h.gradient(&a, &ho).unwrap();
                assert!((sval - hval).abs() < 1e-12, "{file} p={p} {}", so.name());
                for (x, y) in sg.iter().zip(&hg) {
                    assert!((x - y).abs() < 1e-12, "{file} p={p} {}: gradient {x} vs {y}", so.name());
                }
            }
            for alpha in [0.05, 0.3] {
                let (x, y) = (
                    s.qaoa().objective(&a, &Objective::Cvar(alpha)).unwrap(),
                    h.objective(&a, &Objective::Cvar(alpha)).unwrap(),
                );
                assert!((x - y).abs() < 1e-12, "{file} p={p} cvar {alpha}: {x} vs {y}");
            }
            // Every state's amplitude is its class's.
            let amps = s.qaoa().amplitudes(&a).unwrap();
            let per_state = h.state_amplitudes(&h.state(&a).unwrap());
            for (k, amp) in amps.iter().enumerate() {
                let c = s.qaoa().diagonal().get(k);
                let class = h.histogram().classes.iter().position(|cl| cl.cost == c).unwrap();
                assert!((amp - per_state[class]).norm() < 1e-12, "{file} p={p} state {k}");
            }
        }
    }
}

/// Grover search by explicit dense reflection matrices on the embedded 2^n state: the start
/// `|s⟩` over the space, the oracle `1 − 2Σ|v⟩⟨v|` and the diffusion `2|s⟩⟨s| − 1`.
#[test]
fn grover_search_equals_the_dense_reference_and_the_closed_form() {
    for (file, level, space) in [
        ("takuzu-4x4-qasm.txt", Level::Paper, SpaceChoice::Rows),
        ("takuzu-4x4-qasm.txt", Level::Paper, SpaceChoice::Full),
        ("tango-4x4-qasm.txt", Level::Paper, SpaceChoice::Full),
        ("tango-4x4-qasm.txt", Level::Paper, SpaceChoice::Rows),
    ] {
        let enc = encoding::load(&data(file), EncodingKind::Onehot, level).unwrap();
        let n = enc.num_qubits();
        assert!(n <= 10);
        let report = grover(
            enc.as_ref(),
            &GroverSettings {
                space,
                iterations: Some((0, 6)),
                route: GroverRoute::Statevector,
                qaoa_depths: None,
            },
        )
        .unwrap();
        assert_eq!(report.route, "statevector");
        assert!(report.max_difference < 1e-12);
        // The reference: embed the space's states in 2^n.
        let sp = if space == SpaceChoice::Full {
            Space::full(n, 2)
        } else {
            Space::of(enc.as_onehot().unwrap(), space).unwrap()
        };
        let states = sp.block_states().unwrap();
        let members: Vec<usize> = (0..sp.dimension as u64)
            .map(|k| sp.embed(&states, k) as usize)
            .collect();
        let full = 1usize << n;
        let s_vec: Vec<f64> = {
            let mut v = vec![0.0; full];
            for &m in &members {
                v[m] = 1.0 / (members.len() as f64).sqrt();
            }
            v
        };
        let valid: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&m| {
                let bits: Vec<bool> = (0..n).map(|q| (m >> q) & 1 == 1).collect();
                enc.puzzle().check(&enc.board_of_bits(&bits)).is_empty()
            })
            .collect();
        assert_eq!(valid.len() as u128, report.solutions);
        let mut oracle = vec![0.0; full * full];
        let mut diffusion = vec![0.0; full * full];
        for i in 0..full {
            oracle[i * full + i] = if valid.contains(&i) { -1.0 } else { 1.0 };
            for j in 0..full {
                diffusion[i * full + j] = 2.0 * s_vec[i] * s_vec[j] - if i == j { 1.0 } else { 0.0 };
            }
        }
        let apply = |m: &[f64], v: &[f64]| -> Vec<f64> {
            (0..full)
                .map(|i| (0..full).map(|j| m[i * full + j] * v[j]).sum())
                .collect()
        };
        let mut psi = s_vec.clone();
        for it in &report.iterations {
            let p: f64 = valid.iter().map(|&v| psi[v] * psi[v]).sum();
            assert!((p - it.success_probability).abs() < 1e-12, "{file} {space} k={}", it.k);
            assert_eq!(it.oracle_calls, it.k);
            psi = apply(&diffusion, &apply(&oracle, &psi));
        }
    }
}

#[test]
fn statevector_curve_matches_sin_squared() {
    let valid: Vec<u64> = vec![1, 100, 1000, 4095];
    let curve = statevector_curve(5000, &valid, 60).unwrap();
    let theta = (4.0f64 / 5000.0).sqrt().asin();
    for (k, p) in curve.iter().enumerate() {
        assert!((p - closed_form(theta, k)).abs() < 1e-12, "k = {k}");
    }
}

fn nqueens(n: usize) -> Box<dyn quzzle::Encoding> {
    let text = format!("puzzle: nqueens\nsize: {n}x{n}\n");
    encoding::parse(&format!("nqueens-{n}"), &text, EncodingKind::Onehot, Level::None).unwrap()
}

/// D and M of N-Queens on the row space (one queen per row, N^N states), as in the Q# seed.
#[test]
fn nqueens_row_space_counts() {
    for (n, m) in [(4usize, 2u128), (5, 10), (6, 4), (7, 40), (8, 92)] {
        let enc = nqueens(n);
        let space = Space::of(enc.as_onehot().unwrap(), SpaceChoice::Rows).unwrap();
        assert_eq!(space.dimension, (n as f64).powi(n as i32));
        let h = cost_histogram(enc.as_ref(), &space).unwrap();
        assert_eq!(h.dimension(), (n as u128).pow(n as u32));
        assert_eq!(h.count_of(ClassKind::Valid), m, "N = {n}");
        if n <= 6 {
            let r = grover(
                enc.as_ref(),
                &GroverSettings {
                    space: SpaceChoice::Rows,
                    iterations: Some((0, 0)),
                    route: GroverRoute::Statevector,
                    qaoa_depths: None,
                },
            )
            .unwrap();
            assert_eq!(r.solutions, m);
            assert_eq!(r.route, "statevector");
            let json = serde_json::to_value(&r).unwrap();
            for key in [
                "space",
                "dimension",
                "solutions",
                "optimal_iterations",
                "optimal_probability",
                "iterations",
            ] {
                assert!(json.get(key).is_some(), "{key}");
            }
            for key in ["k", "success_probability", "oracle_calls"] {
                assert!(json["iterations"][0].get(key).is_some(), "{key}");
            }
        }
    }
}

#[test]
fn grover_mixer_has_a_circuit_and_the_xy_rules_stay() {
    let enc = encoding::load(&data("nqueens-4.txt"), EncodingKind::Onehot, Level::Paper).unwrap();
    let space = Space::of(enc.as_onehot().unwrap(), SpaceChoice::Rows).unwrap();
    let circuit = simulation::circuit(enc.as_ref(), &space, MixerKind::Grover, &angles(1, 1)).unwrap();
    assert_eq!(circuit.num_qubits, 16);
    // x on a block space is still refused; grover on full is fine.
    assert!(simulation::space_of(
        enc.as_ref(),
        &SpaceSettings {
            space: SpaceChoice::Rows,
            mixer: MixerKind::X,
            ..Default::default()
        }
    )
    .is_err());
    assert!(simulation::space_of(
        enc.as_ref(),
        &SpaceSettings {
            space: SpaceChoice::Full,
            mixer: MixerKind::Grover,
            ..Default::default()
        }
    )
    .is_ok());
    assert_eq!("grover".parse::<MixerKind>().unwrap(), MixerKind::Grover);
}

/// The classes of a histogram as `(cost bits, count, kind)`, for comparisons.
fn classes(h: &quzzle::qaoa::CostHistogram) -> Vec<(u64, u128, ClassKind)> {
    h.classes.iter().map(|c| (c.cost.to_bits(), c.count, c.kind)).collect()
}

/// The depth-first search that counts spaces it cannot list gives the enumeration's classes,
/// bit for bit, on every space both run on.
#[test]
fn search_histogram_equals_the_enumeration() {
    for (file, level, space) in cases() {
        let enc = encoding::load(&data(file), EncodingKind::Onehot, level).unwrap();
        let sp = if space == SpaceChoice::Full {
            Space::full(enc.num_qubits(), enc.diagonal_bytes_per_state())
        } else {
            Space::of(enc.as_onehot().unwrap(), space).unwrap()
        };
        let listed = cost_histogram(enc.as_ref(), &sp).unwrap();
        let searched = search_histogram(enc.as_ref(), &sp).unwrap();
        assert_eq!(classes(&searched), classes(&listed), "{file} {space}");
    }
}

/// `rows+cols` on N-Queens: the permutations (N!), one joined block, listed up to 30 qubits
/// and counted beyond; its histogram (listed and searched) equals a brute-force tally over all
/// 2^16 states of 4-Queens, and its M the known counts.
#[test]
fn rows_cols_space_holds_the_permutations() {
    for (n, m) in [(4usize, 2u128), (5, 10), (6, 4), (7, 40)] {
        let enc = nqueens(n);
        let space = Space::of(enc.as_onehot().unwrap(), SpaceChoice::RowsCols).unwrap();
        let factorial: u128 = (1..=n as u128).product();
        assert_eq!(space.dimension, factorial as f64, "N = {n}");
        assert_eq!(space.blocks.len(), 1);
        assert_eq!(space.blocks[0].counts.len(), 2 * n);
        assert_eq!(space.listable(), n * n <= 30, "N = {n}");
        let h = cost_histogram(enc.as_ref(), &space).unwrap();
        assert_eq!(h.dimension(), factorial);
        assert_eq!(h.count_of(ClassKind::Valid), m, "N = {n}");
        assert_eq!(classes(&search_histogram(enc.as_ref(), &space).unwrap()), classes(&h));
        // Beyond 30 qubits the simulation runs it from the histogram.
        let sim = simulation::simulation(
            enc.as_ref(),
            &SpaceSettings {
                space: SpaceChoice::RowsCols,
                mixer: MixerKind::Grover,
                ..Default::default()
            },
        );
        match sim {
            Ok(s) => {
                let route = if space.listable() { "statevector" } else { "histogram" };
                assert_eq!(s.route().name(), route);
                assert_eq!(s.dimension(), factorial as f64);
            }
            Err(e) => panic!("{e}"),
        }
        if n == 4 {
            let qubo = simulation::space_qubo(enc.as_onehot().unwrap(), &space);
            let mut tally: std::collections::BTreeMap<u64, u128> = Default::default();
            for k in (0..1u64 << 16).filter(|&k| space.contains(k)) {
                *tally.entry(qubo.energy(k).to_bits()).or_default() += 1;
            }
            let mut got: std::collections::BTreeMap<u64, u128> = Default::default();
            for c in &h.classes {
                *got.entry(c.cost.to_bits()).or_default() += c.count;
            }
            assert_eq!(got, tally);
        }
        // Grover search there: closed form from (M, N!), and Grover-mixer QAOA from the
        // histogram above the uniform baseline at every depth.
        let r = grover(
            enc.as_ref(),
            &GroverSettings {
                space: SpaceChoice::RowsCols,
                iterations: Some((0, 2)),
                route: GroverRoute::Auto,
                qaoa_depths: Some((1, 3)),
            },
        )
        .unwrap();
        assert_eq!(r.route, if space.listable() { "statevector" } else { "closed-form" });
        assert_eq!((r.solutions, r.dimension), (m, factorial as f64));
        assert_eq!(r.qaoa.len(), 3);
        assert!(
            r.qaoa.iter().all(|d| d.success_probability > r.uniform_baseline),
            "N = {n}"
        );
    }
}

fn nqueens2(n: usize, diagonals: bool) -> Box<dyn quzzle::Encoding> {
    let text = format!(
        "puzzle: nqueens2\nsize: {n}x{n}\ndiagonals: {}\n",
        if diagonals { "yes" } else { "no" }
    );
    encoding::parse(&format!("nqueens2-{n}"), &text, EncodingKind::Onehot, Level::None).unwrap()
}

/// N-Queens² (the seed's coloured variant): the exact counts (4x4 has none with the diagonal
/// rule; without it the boards are the 576 and 161 280 Latin squares), and Grover on the
/// rows+cols space (one permutation per colour, (N!)^N states) by statevector at N = 4.
#[test]
fn nqueens2_counts_and_grover() {
    for (n, diagonals, m) in [(4usize, true, 0usize), (4, false, 576), (5, true, 240)] {
        let enc = nqueens2(n, diagonals);
        assert_eq!(enc.num_qubits(), n * n * n);
        let c = enc.search(0).unwrap();
        assert!(c.complete);
        assert_eq!(c.solution_count, m, "N = {n}, diagonals {diagonals}");
        let space = Space::of(enc.as_onehot().unwrap(), SpaceChoice::RowsCols).unwrap();
        let factorial: f64 = (1..=n).product::<usize>() as f64;
        assert_eq!(space.dimension, factorial.powi(n as i32));
        assert_eq!(space.blocks.len(), n, "one joined block per colour");
        if n == 5 {
            // Grover over N = 5's 2.5e10 row-and-column states takes the histogram route: six
            // minutes and 10 GB here, so it is results/grover's run (json/nqueens2-5-*), and
            // the route itself is checked on smaller spaces (the_histogram_route_is_taken_...).
            continue;
        }
        let r = grover(
            enc.as_ref(),
            &GroverSettings {
                space: SpaceChoice::RowsCols,
                iterations: Some((0, 3)),
                route: GroverRoute::Auto,
                qaoa_depths: None,
            },
        );
        if m == 0 {
            assert!(matches!(r, Err(quzzle::Error::Unsatisfiable { .. })), "{r:?}");
            continue;
        }
        let r = r.unwrap();
        assert_eq!(r.solutions, m as u128);
        assert_eq!(r.route, "statevector");
        assert!(r.max_difference < 1e-12);
    }
}

#[test]
fn nqueens2_files_are_checked() {
    let bad = |text: &str, want: &str| {
        let e = encoding::parse("bad.txt", text, EncodingKind::Onehot, Level::None).unwrap_err();
        assert!(e.to_string().contains(want), "{e}");
    };
    bad("puzzle: nqueens2\nsize: 4x5\n", "square");
    bad(
        "puzzle: nqueens2\nsize: 4x4\ndiagonals: maybe\n",
        "`yes` (the default) or `no`",
    );
    bad(
        "puzzle: nqueens2\nsize: 4x4\n\n[grid]\n1...\n....\n..7.\n....\n",
        "colour 1-4",
    );
    // A stored solution is checked: a Latin square passes without the diagonal rule and is
    // refused with it (colour 1 at 0,0 and 1,1).
    let enc = encoding::parse(
        "latin.txt",
        "puzzle: nqueens2\nsize: 4x4\ndiagonals: no\n\n[solution]\n1234\n2143\n3412\n4321\n",
        EncodingKind::Onehot,
        Level::None,
    )
    .unwrap();
    assert!(enc.puzzle().check(&enc.puzzle().solution().unwrap().clone()).is_empty());
    let with_diagonals = quzzle::puzzle::parse(
        "latin.txt",
        "puzzle: nqueens2\nsize: 4x4\n\n[solution]\n1234\n2143\n3412\n4321\n",
    )
    .unwrap_err();
    assert!(
        with_diagonals.to_string().contains("share a diagonal"),
        "{with_diagonals}"
    );
}

/// `solve`'s depths on the histogram route equal those on the statevector of the same space:
/// energy, P(valid), P(non-QUBO), the top state's probability and verdict, the optimised
/// angles, and the valid count and uniform baseline (counted, not listed).
#[test]
fn solve_on_the_histogram_route_equals_the_statevector() {
    use quzzle::experiment::solve::run_depths;
    use quzzle::qaoa::optimize::{Init, OptimizeConfig};
    for (name, level, space) in [
        ("nqueens-5", Level::None, SpaceChoice::Rows),
        ("tango-4x4-qasm.txt", Level::Paper, SpaceChoice::Rows),
        ("sudoku4-six-clues.txt", Level::Clues, SpaceChoice::Cells),
        ("starbattle-4x4-boxes.txt", Level::Paper, SpaceChoice::Regions),
    ] {
        let enc = if name.starts_with("nqueens") {
            nqueens(5)
        } else {
            encoding::load(&data(name), EncodingKind::Onehot, level).unwrap()
        };
        let settings = SpaceSettings {
            space,
            mixer: MixerKind::Grover,
            ..Default::default()
        };
        let by_state = simulation::simulation(enc.as_ref(), &settings).unwrap();
        let by_count = simulation::simulation_from_histogram(enc.as_ref(), &settings).unwrap();
        assert_eq!(
            (by_state.route().name(), by_count.route().name()),
            ("statevector", "histogram"),
            "{name}"
        );
        let s = simulation::success_states(enc.as_ref(), &by_state).unwrap();
        let c = simulation::success_states(enc.as_ref(), &by_count).unwrap();
        assert_eq!(by_state.states_of(&s.valid), by_count.states_of(&c.valid), "{name}");
        assert_eq!(
            by_state.states_of(&s.non_qubo),
            by_count.states_of(&c.non_qubo),
            "{name}"
        );
        assert_eq!(by_state.dimension(), by_count.dimension(), "{name}");
        let config = OptimizeConfig::default();
        let run = |sim: &simulation::Simulation, ok: &quzzle::encoding::SuccessStates| {
            run_depths(
                sim,
                &Objective::Energy,
                ok,
                &quzzle::checked::Depths::up_to(3).unwrap(),
                Init::Interp,
                &config,
            )
            .unwrap()
        };
        // The optimiser amplifies last-bit differences of the two sums, so the optima agree to
        // 1e-6, and the evaluations at one set of angles to 1e-12.
        for (a, b) in run(&by_state, &s).iter().zip(&run(&by_count, &c)) {
            let close = |x: f64, y: f64, what: &str| {
                assert!(
                    (x - y).abs() < 1e-6 * (1.0 + x.abs()),
                    "{name} p={} {what}: {x} vs {y}",
                    a.p
                )
            };
            let at = Angles::new(a.gammas.clone(), a.betas.clone()).unwrap();
            let (x, y) = (
                by_state.qaoa().evaluate(&at, &s.valid).unwrap(),
                by_count.qaoa().evaluate(&at, &c.valid).unwrap(),
            );
            assert!((x.energy - y.energy).abs() < 1e-12 * (1.0 + x.energy.abs()), "{name}");
            assert!((x.success_probability - y.success_probability).abs() < 1e-12, "{name}");
            assert!((x.top_probability - y.top_probability).abs() < 1e-12, "{name}");
            close(a.energy, b.energy, "energy");
            close(a.success_probability, b.success_probability, "P(valid)");
            close(a.p_non_qubo, b.p_non_qubo, "P(non-QUBO)");
            close(a.top_probability, b.top_probability, "top probability");
            assert_eq!(a.top_is_valid, b.top_is_valid, "{name} p={}", a.p);
            for (x, y) in a.gammas.iter().chain(&a.betas).zip(b.gammas.iter().chain(&b.betas)) {
                close(*x, *y, "angle");
            }
        }
        // The class example is one of the states the statevector ranks top (ties: any of them).
        let angles = angles(2, 7);
        let amps = by_count.qaoa().amplitudes(&angles).unwrap();
        let (k, p) = by_count.top_states(&amps, 1)[0];
        let state_amps = by_state.qaoa().amplitudes(&angles).unwrap();
        let (_, q) = by_state.top_states(&state_amps, 1)[0];
        assert!((p - q).abs() < 1e-12, "{name}: {p} vs {q}");
        let bits = by_count.qaoa().bits(k);
        let index = (0..state_amps.len() as u64)
            .find(|&i| by_state.qaoa().bits(i) == bits)
            .unwrap();
        assert!((state_amps[index as usize].norm_sqr() - q).abs() < 1e-12, "{name}");
    }
}

/// Where no statevector exists, `simulation` takes the histogram route for the Grover mixer,
/// and the commands that need every amplitude refuse it by name.
#[test]
fn the_histogram_route_is_taken_where_no_statevector_exists() {
    let enc = nqueens(8);
    let settings = SpaceSettings {
        space: SpaceChoice::RowsCols,
        mixer: MixerKind::Grover,
        ..Default::default()
    };
    let sim = simulation::simulation(enc.as_ref(), &settings).unwrap();
    assert_eq!(sim.route().name(), "histogram");
    let ok = simulation::success_states(enc.as_ref(), &sim).unwrap();
    assert_eq!(sim.states_of(&ok.valid), 92.0);
    assert_eq!(sim.dimension(), 40320.0);
    let angles = angles(1, 3);
    let e = quzzle::experiment::sample::Distribution::of(&sim, &angles)
        .unwrap_err()
        .to_string();
    assert!(e.contains("sampling shots") && e.contains("cost histogram"), "{e}");
    let e = simulation::embedded_state(&sim, &angles).unwrap_err().to_string();
    assert!(e.contains("cost histogram"), "{e}");
    // The x mixer is not simulated from counts.
    let e = simulation::simulation_from_histogram(
        enc.as_ref(),
        &SpaceSettings {
            space: SpaceChoice::Full,
            mixer: MixerKind::X,
            ..Default::default()
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("grover mixer only"), "{e}");
}
