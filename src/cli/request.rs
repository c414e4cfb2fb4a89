//! Flags → the library's request choices (`quzzle::request`). Nothing here checks a value:
//! the request does, once, with the same words Python gets (docs/ARCHITECTURE.md, "Requests").

use super::args::{
    AnnealArgs, GenerateArgs, GroverArgs, NoiseArgs, PlanArgs, PredictArgs, QasmArgs, SampleArgs, ScoreArgs, SolveArgs,
    SpaceArgs, SweepArgs,
};
use quzzle::request::*;
use serde_json::{json, Value};

fn name(s: &Option<String>) -> Option<String> {
    s.clone()
}

fn space(a: &SpaceArgs) -> (Option<String>, Option<String>, Option<String>) {
    (name(&a.space), name(&a.mixer), name(&a.start))
}

fn noise(a: &NoiseArgs) -> (Vec<String>, i128, Vec<String>) {
    (a.noise.clone(), a.trajectories, a.device.clone())
}

/// `solve`.
pub fn solve(a: &SolveArgs) -> SolveChoices {
    let (space, mixer, start) = space(&a.space);
    let (noise, trajectories, device) = noise(&a.noise);
    SolveChoices {
        depths: json!(a.depths),
        init: a.init.clone(),
        schedule: a.schedule.schedule.clone(),
        angles_from: a.schedule.angles_from.clone(),
        restarts: a.schedule.restarts,
        objective: a.optimize.objective.clone(),
        optimizer: a.optimize.optimizer.clone(),
        max_iters: a.optimize.max_iters,
        seed: a.optimize.seed,
        space,
        mixer,
        start,
        noise,
        trajectories,
        truncate: Some(a.truncate.truncate.clone()),
        device,
        max_seconds: a.max_seconds,
        resume: a.resume.clone(),
    }
}

/// `plan`.
pub fn plan(a: &PlanArgs) -> PlanChoices {
    PlanChoices {
        device: Some(a.device.clone()),
        timing: a.timing.clone(),
        reduce: a.reduce.level.name().into(),
        penalty: a.reduce.penalty.penalty.clone(),
        depths: json!(a.depths),
        space: a.space.clone(),
        mixer: a.mixer.clone(),
        trajectories: a.trajectories,
        truncate: a.truncate.clone(),
        optimizer: a.optimizer.clone(),
        max_iters: a.max_iters,
        anneal_reads: a.anneal_reads,
        anneal_sweeps: a.anneal_sweeps,
        seed: a.seed,
        max_seconds: a.max_seconds,
    }
}

/// `sweep`.
pub fn sweep(a: &SweepArgs) -> SweepChoices {
    let (space, mixer, start) = space(&a.space);
    let (noise, trajectories, device) = noise(&a.noise);
    SweepChoices {
        inputs: a.inputs.clone(),
        reduce: a.reduce.level.name().into(),
        penalty: a.reduce.penalty.penalty.clone(),
        encoding: a.encoding.encoding.name().into(),
        depths: json!(a.depths),
        init: a.init.clone().map(Value::String),
        schedule: a.schedule.schedule.clone(),
        angles_from: a.schedule.angles_from.clone(),
        restarts: a.schedule.restarts,
        match_budget: !a.no_match_budget,
        objective: a.optimize.objective.clone(),
        optimizer: a.optimize.optimizer.clone(),
        max_iters: a.optimize.max_iters,
        seed: a.optimize.seed,
        max_qubits: a.max_qubits,
        max_seconds: a.max_seconds,
        space,
        mixer,
        start,
        noise,
        trajectories,
        truncate: Some(a.truncate.truncate.clone()),
        device,
        shard: a.shard.clone(),
        baseline: a.baseline.clone(),
        baseline_reads: a.baseline_reads,
        baseline_sweeps: a.baseline_sweeps,
    }
}

/// `qasm`.
pub fn export(a: &QasmArgs) -> ExportChoices {
    let (space, mixer, start) = space(&a.space);
    ExportChoices {
        depth: a.depth,
        depths: a.depths.clone().map(Value::String),
        angles: a.angles.clone(),
        gammas: a.given.gammas.clone(),
        betas: a.given.betas.clone(),
        optimize: a.optimize,
        seed: a.seed,
        flavor: a.flavor.clone(),
        symbolic: a.symbolic,
        with_state: a.with_state,
        reduce: a.reduce.level.name().into(),
        penalty: a.reduce.penalty.penalty.clone(),
        encoding: a.encoding.encoding.name().into(),
        space,
        mixer,
        start,
        noise: a.noise.noise.clone(),
        trajectories: a.noise.trajectories,
        truncate: Some(a.truncate.truncate.clone()),
        max_seconds: a.max_seconds,
    }
}

/// `sample`.
pub fn sample(a: &SampleArgs) -> SampleChoices {
    SampleChoices {
        shots: Some(a.shots),
        seed: a.seed,
        format: a.format.clone(),
        noise: a.noise.noise.clone(),
        trajectories: a.noise.trajectories,
        max_seconds: a.max_seconds,
    }
}

/// `score`.
pub fn score(a: &ScoreArgs) -> ScoreChoices {
    ScoreChoices {
        format: Some(a.format.clone()),
        shots: a.shots,
        confidence: a.confidence,
        top: a.top,
        noise: a.noise.noise.clone(),
        trajectories: a.noise.trajectories,
        mitigate: a.mitigate.clone(),
    }
}

/// `predict`.
pub fn predict(a: &PredictArgs) -> PredictChoices {
    PredictChoices {
        noise: a.noise.noise.clone(),
        device: a.noise.device.clone(),
        trajectories: a.noise.trajectories,
        truncate: Some(a.truncate.truncate.clone()),
        seed: a.seed,
        max_seconds: a.max_seconds,
    }
}

/// `anneal`.
pub fn anneal(a: &AnnealArgs) -> AnnealChoices {
    AnnealChoices {
        reduce: a.reduce.level.name().into(),
        penalty: a.reduce.penalty.penalty.clone(),
        space: a.space.clone(),
        reads: a.reads,
        sweeps: a.sweeps,
        beta_range: a.beta_range.clone().map(Value::String),
        schedule: a.schedule.clone(),
        seed: a.seed,
        max_seconds: a.max_seconds,
    }
}

/// `generate`.
pub fn generate(a: &GenerateArgs) -> GenerateChoices {
    GenerateChoices {
        kind: a.kind.name().into(),
        size: a.size,
        stars: a.stars,
        givens: a.givens,
        seed: a.seed,
        method: a.method.name().into(),
        max_seconds: a.max_seconds,
        count: a.count,
    }
}

/// `grover`.
pub fn grover(a: &GroverArgs) -> GroverChoices {
    GroverChoices {
        reduce: a.reduce.level.name().into(),
        penalty: a.reduce.penalty.penalty.clone(),
        space: a.space.clone(),
        iterations: a.iterations.clone().map(Value::String),
        route: a.route.clone(),
        qaoa_depths: a.qaoa_depths.clone().map(Value::String),
        max_seconds: a.max_seconds,
    }
}

/// `info`.
pub fn info(
    reduce: &super::args::ReduceArg,
    encoding: quzzle::EncodingKind,
    space: &str,
    max_seconds: Option<f64>,
) -> InfoChoices {
    InfoChoices {
        reduce: reduce.level.name().into(),
        penalty: reduce.penalty.penalty.clone(),
        encoding: encoding.name().into(),
        space: space.into(),
        max_seconds,
    }
}

/// Print a checked request (`--dry-run`).
pub fn print(description: &Value) -> quzzle::Result<()> {
    out!("{}", describe_text(description));
    Ok(())
}
