//! A QUBO of your own: build it term by term, convert to Ising, simulate QAOA and optimise the
//! angles. Here: choose exactly two of four items (penalty (x0+x1+x2+x3−2)²) and prefer items
//! 0 and 3 (linear rewards).
//!
//!     cargo run --example custom_qubo

use quzzle::cost::qubo::QuboBuilder;
use quzzle::qaoa::optimize::{optimize, ramp_start, OptimizeConfig};
use quzzle::qaoa::{Objective, QaoaSimulator};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n = 4;
    let mut b = QuboBuilder::new(n);
    // (Σx − 2)² = Σ_q x_q + 2 Σ_{q<r} x_q x_r − 4 Σ_q x_q + 4.
    for q in 0..n {
        b.add_linear(q, 1.0 - 4.0);
        for r in q + 1..n {
            b.add_product(q, r, 2.0);
        }
    }
    b.add_constant(4.0);
    b.add_linear(0, -0.5);
    b.add_linear(3, -0.5);
    let qubo = b.build();
    let ising = qubo.to_ising();
    let sim = QaoaSimulator::new(&ising)?;
    let best = sim.diagonal().states_with_cost(sim.diagonal().min(), 1e-9);
    println!("least cost {} at basis state(s) {best:?}", sim.diagonal().min());
    for p in 1..=3 {
        let start = ramp_start(&sim, &Objective::Energy, p)?;
        let o = optimize(&sim, &Objective::Energy, &start, false, &OptimizeConfig::default())?;
        let eval = sim.evaluate(&o.angles, &best)?;
        println!(
            "p = {p}: <C> = {:.4}, P(optimum) = {:.4}, gammas {:?}, betas {:?}",
            eval.energy, eval.success_probability, o.angles.gammas, o.angles.betas
        );
    }
    Ok(())
}
