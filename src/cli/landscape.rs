//! `quzzle landscape`: heatmaps of energy and success probability over (γ, β) at p = 1.

use super::args::LandscapeArgs;
use super::output::{check_output_folder, path_list, refuse_inputs, write};
use quzzle::encoding;
use quzzle::experiment::landscape as experiment_landscape;
use quzzle::experiment::stats::probability_text;
use quzzle::plot::{landscape_plot_sized, LandscapePlot};
use quzzle::simulation;
use quzzle::{Error, Result};
use std::time::Instant;

pub fn run(args: &LandscapeArgs) -> Result<()> {
    if !(2..=201).contains(&args.grid) {
        return Err(Error::out_of_range(
            quzzle::error::Quantity::GridPoints,
            args.grid,
            "must be 2..=201",
        ));
    }
    let outputs = ["landscape.csv", "landscape.svg", "landscape.png"].map(|f| args.out.join(f));
    check_output_folder(&args.out, "--out", &["landscape.csv", "landscape.svg", "landscape.png"])?;
    refuse_inputs(&[&args.file], &outputs)?;
    let penalties = args.reduce.penalty.penalties()?;
    let problem = encoding::load_with(
        &args.file,
        args.encoding.encoding,
        args.reduce.level,
        &penalties,
        &quzzle::budget::Cancel::never(),
    )?;
    let report_progress = |p: &quzzle::budget::Progress<'_>| errln!("{}", super::progress::line("landscape", p, None));
    let budget = super::progress::budget(None, &report_progress)?;
    let simulation = simulation::simulation_within(problem.as_ref(), &args.space.settings_or_full()?, &budget)?;
    let valid = simulation::success_states(problem.as_ref(), &simulation)?.valid;
    let sim = simulation.qaoa();
    let gamma_max = match args.gamma_max {
        Some(x) if x.is_finite() && x > 0.0 => x,
        Some(x) => {
            return Err(Error::out_of_range(
                quzzle::error::Quantity::GammaMax,
                x,
                "must be positive",
            ))
        }
        None => experiment_landscape::default_gamma_max(sim),
    };
    // One period of β: [−π/2, π/2) for the X mixer, [−π, π) for an XY mixer.
    let half = sim.angle_periods().1 / 2.0;
    let gammas = experiment_landscape::linspace(0.0, gamma_max, args.grid);
    let betas = experiment_landscape::linspace(-half, half, args.grid);
    let began = Instant::now();
    let l = experiment_landscape::p1_landscape(sim, &valid, &gammas, &betas)?;
    let secs = began.elapsed().as_secs_f64();
    let mut csv = csv::Writer::from_writer(Vec::new());
    let cerr = |e: csv::Error| Error::csv("landscape.csv", e);
    csv.write_record(["space", "mixer", "gamma", "beta", "energy", "p_valid"])
        .map_err(cerr)?;
    let (space, mixer) = (simulation.space.resolved.name(), simulation.mixer.name());
    for (i, b) in l.betas.iter().enumerate() {
        for (j, g) in l.gammas.iter().enumerate() {
            csv.serialize((space, mixer, g, b, l.energy[[i, j]], l.success[[i, j]]))
                .map_err(cerr)?;
        }
    }
    let csv = csv.into_inner().map_err(|e| Error::csv("landscape.csv", e))?;
    write(
        &args.out.join("landscape.csv"),
        &String::from_utf8(csv).expect("UTF-8 CSV"),
    )?;
    let name = args
        .file
        .file_name()
        .map_or(args.file.display().to_string(), |f| f.to_string_lossy().into_owned());
    let (ge, be) = l.energy_optimum();
    let (gs, bs) = l.success_optimum();
    let plot = LandscapePlot {
        title: format!(
            "{name}: p = 1 landscape, {} qubits ({}), space {}, mixer {}, {}×{} grid",
            problem.num_qubits(),
            problem.level().name(),
            space,
            mixer,
            args.grid,
            args.grid
        ),
        gammas: l.gammas.clone(),
        betas: l.betas.clone(),
        energy: l.energy.clone(),
        success: l.success.clone(),
        energy_optimum: (ge, be),
        success_optimum: (gs, bs),
    };
    let files = landscape_plot_sized(
        &args.out.join("landscape"),
        &plot,
        args.size.unwrap_or(LandscapePlot::DEFAULT_SIZE),
    )?;
    outln!(
        "{name}: {} qubits, {} grid points in {secs:.1} s",
        problem.num_qubits(),
        args.grid * args.grid
    );
    outln!(
        "least energy on the grid: {:.6} at γ = {ge:.4}, β = {be:.4}",
        l.energy.iter().copied().fold(f64::INFINITY, f64::min)
    );
    outln!(
        "largest P(valid) on the grid: {} at γ = {gs:.4}, β = {bs:.4}",
        probability_text(l.success.iter().copied().fold(0.0, f64::max), 6)
    );
    outln!(
        "wrote {} and {}",
        args.out.join("landscape.csv").display(),
        path_list(&files)
    );
    Ok(())
}
