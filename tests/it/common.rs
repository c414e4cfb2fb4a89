//! Shared helpers: seeded random models, tolerances, the shared instance folder.
#![allow(dead_code)]

use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::Encoding;
use quzzle::model::Level;
use quzzle::{Angles, Ising};
use rand::Rng;
use std::path::{Path, PathBuf};

/// Energies are exact multiples of 1/8; anything above this is a real difference.
pub const TOL_ENERGY: f64 = 1e-9;
/// Fidelity must be at least 1 − TOL_FIDELITY.
pub const TOL_FIDELITY: f64 = 1e-12;

/// The shared instance folder (`../shared/instances`), if present. With
/// `QUZZLE_REQUIRE_SHARED=1` (set by `.ci/run`) its absence fails the test instead of
/// skipping it, so that CI never passes on tests that ran nothing.
pub fn shared_instances() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/instances");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("QUZZLE_REQUIRE_SHARED").as_deref() != Ok("1"),
        "QUZZLE_REQUIRE_SHARED=1 but {} is absent",
        dir.display()
    );
    None
}

/// Files of one puzzle kind in the shared folder, sorted; empty when it is absent.
pub fn shared_files(kind: &str) -> Vec<PathBuf> {
    let Some(dir) = shared_instances() else {
        eprintln!("skipped: ../shared/instances is absent");
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir.join(kind))
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A file under tests/data.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// A random Ising model with integer or real coefficients and about `density` of all pairs.
pub fn random_ising(n: usize, seed: u64, integer: bool, density: f64) -> Ising {
    let mut rng = quzzle::rng::seeded(seed);
    let draw = |rng: &mut quzzle::rng::SeededRng| {
        if integer {
            f64::from(rng.random_range(-3i32..=3))
        } else {
            rng.random_range(-1.5..1.5)
        }
    };
    let h = (0..n).map(|_| draw(&mut rng)).collect();
    let mut couplings = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.random_bool(density) {
                couplings.push((a, b, draw(&mut rng)));
            }
        }
    }
    let offset = draw(&mut rng);
    Ising {
        num_qubits: n,
        h,
        couplings,
        offset,
    }
}

/// `p` random angles γ and β, each in (−1.5, 1.5).
pub fn random_angles(p: usize, rng: &mut impl Rng) -> Angles {
    Angles::new(
        (0..p).map(|_| rng.random_range(-1.5..1.5)).collect(),
        (0..p).map(|_| rng.random_range(-1.5..1.5)).collect(),
    )
    .unwrap()
}

/// At every reduction level the stored solution of `path` survives and has energy 0, as bits
/// and (where the problem is small enough to index) as a basis state.
pub fn assert_solution_energy_zero_at_every_level(path: &Path) {
    let name = path.display().to_string();
    for level in Level::ALL {
        let problem = OneHot::load(path, level).unwrap_or_else(|e| panic!("{name} at {level}: {e}"));
        let bits = problem
            .solution_bits()
            .unwrap_or_else(|| panic!("{name} at {level}: solution lost"));
        assert!(problem.qubo.energy_of(&bits).abs() < TOL_ENERGY, "{name} at {level}");
        if let Some(k) = problem.solution_index() {
            assert!(problem.qubo.energy(k).abs() < TOL_ENERGY, "{name} at {level}");
        }
    }
}

/// A fresh, empty folder under the system's temporary folder, removed again when dropped
/// (also when the test fails), so that test runs leave nothing behind.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `quzzle-{name}-{pid}`, emptied first if an earlier run left it.
    pub fn new(name: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("quzzle-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("create a scratch folder");
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Run the quzzle binary with `args`.
pub fn quzzle(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The error text of a run, whatever its exit code.
pub fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let out = quzzle(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The error text of a run that must fail with a usage error (exit 2).
pub fn usage_error(args: &[&str]) -> String {
    let out = quzzle(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    err
}

/// A path as a command-line argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The arguments of `line`, split at white space, each `{}` replaced by the next of `paths`
/// (so that a path may hold spaces): `argv("qasm {} -o {}", &[s(&f), s(&q)])`.
pub fn argv<'a>(line: &'a str, paths: &[&'a str]) -> Vec<&'a str> {
    let mut paths = paths.iter();
    let v: Vec<&str> = line
        .split_whitespace()
        .map(|w| {
            if w == "{}" {
                *paths.next().expect("a path for every {}")
            } else {
                w
            }
        })
        .collect();
    assert!(paths.next().is_none(), "more paths than {{}} in {line:?}");
    v
}

/// The standard output of a run, as text.
pub fn stdout_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Assert that the run succeeded, naming its error text if not.
pub fn assert_success(o: &std::process::Output) {
    assert!(o.status.success(), "{}", stderr(o));
}

/// `p` angles from a xorshift stream of `seed`: γ in (0.1, 0.9), β in (−`beta`, `beta`).
pub fn xorshift_angles(p: usize, seed: u64, beta: f64) -> Angles {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 11) as f64 / (1u64 << 53) as f64
    };
    Angles::new(
        (0..p).map(|_| 0.1 + 0.8 * next()).collect(),
        (0..p).map(|_| -beta + 2.0 * beta * next()).collect(),
    )
    .unwrap()
}

/// The adjoint gradient of `objective` at `a` has the objective's value, and each component
/// agrees with a central finite difference; `label` names the case in a failure.
pub fn assert_gradient_matches_finite_differences(
    sim: &dyn quzzle::qaoa::Qaoa,
    a: &Angles,
    objective: &quzzle::qaoa::Objective,
    label: &str,
) {
    let (value, grad) = sim.gradient(a, objective).unwrap();
    assert!((value - sim.objective(a, objective).unwrap()).abs() < 1e-12);
    let flat = a.to_flat();
    for i in 0..flat.len() {
        let h = 1e-6;
        let (mut up, mut down) = (flat.clone(), flat.clone());
        up[i] += h;
        down[i] -= h;
        let f = |x: &[f64]| sim.objective(&Angles::from_flat(x).unwrap(), objective).unwrap();
        let fd = (f(&up) - f(&down)) / (2.0 * h);
        assert!(
            (fd - grad[i]).abs() < 1e-6 * (1.0 + fd.abs()),
            "{label}: component {i}: finite difference {fd}, adjoint {}",
            grad[i]
        );
    }
}

/// The JSON on standard output of a run that must succeed.
pub fn ok_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).unwrap()
}

/// Run the quzzle binary with `args` on `threads` Rayon threads.
pub fn quzzle_on(threads: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_quzzle"))
        .env("RAYON_NUM_THREADS", threads)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The standard output of a run on `threads` Rayon threads that must succeed.
pub fn ok_on(threads: &str, args: &[&str]) -> String {
    let o = quzzle_on(threads, args);
    assert!(o.status.success(), "{args:?} with {threads} threads: {}", stderr(&o));
    String::from_utf8(o.stdout).unwrap()
}

/// A small one-hot sweep at paper level: depths 1 and 2, interp, energy, `max_iters` iterations
/// from `seed`, no noise, no shard; tests set the fields they are about on top.
pub fn small_sweep_plan(files: Vec<PathBuf>, max_iters: u64, seed: u64) -> quzzle::experiment::sweep::SweepPlan {
    quzzle::experiment::sweep::SweepPlan {
        encoding: quzzle::encoding::EncodingKind::Onehot,
        files,
        level: Level::Paper,
        penalties: Default::default(),
        depths: quzzle::checked::Depths::up_to(2).unwrap(),
        inits: vec![quzzle::qaoa::optimize::Init::Interp],
        objective: quzzle::experiment::sweep::ObjectiveSpec::Energy,
        config: quzzle::qaoa::optimize::OptimizeConfig {
            max_iters,
            seed,
            ..Default::default()
        },
        match_random_budget: false,
        max_qubits: 20,
        space: Default::default(),
        noise: Default::default(),
        shard: None,
        baseline: None,
        transfer_from: Vec::new(),
        schedule: None,
    }
}

/// A test's scratch folder `name`, the test data file `input`, and the path `out` in that
/// folder: what most command tests start from.
pub fn scratch_and_data(name: &str, input: &str, out: &str) -> (Scratch, PathBuf, PathBuf) {
    let dir = Scratch::new(name);
    let out = dir.join(out);
    (dir, data(input), out)
}

/// `t` trajectories (the tests' counts are all in range).
pub fn traj(t: i128) -> quzzle::checked::Trajectories {
    quzzle::checked::Trajectories::new(t).unwrap()
}
