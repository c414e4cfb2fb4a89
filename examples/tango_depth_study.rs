//! A depth study on the embedded 6x6 Tango: P(valid) at p = 1..4 for the ramp, INTERP and
//! random initial angles (same seed, same numbers), against uniform sampling.
//!
//!     cargo run --release --example tango_depth_study

use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::solve::{solve, SolveSettings};
use quzzle::model::Level;
use quzzle::qaoa::optimize::Init;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = include_str!("../data/demo-tango-6x6.txt");
    let enc = encoding::parse("demo-tango-6x6.txt", text, EncodingKind::Onehot, Level::Paper)?;
    println!("6x6 Tango, {} qubits at the paper's reduction", enc.num_qubits());
    for init in [Init::Ramp, Init::Interp, Init::Random] {
        let settings = SolveSettings {
            depths: quzzle::checked::Depths::up_to(4)?,
            init,
            ..SolveSettings::default()
        };
        let report = solve(enc.as_ref(), &settings)?;
        let row: Vec<String> = report
            .depths
            .iter()
            .map(|d| format!("{:.5}", d.success_probability))
            .collect();
        println!(
            "{:>6}: P(valid) at p = 1..4: {}  ({:.0}x uniform at p = 4)",
            init.name(),
            row.join(" "),
            report.depths[3].success_probability / report.uniform_baseline
        );
    }
    Ok(())
}
