//! `quzzle predict`: the library's [`quzzle::export::predict`] on the two files, printed.

use super::args::PredictArgs;
use super::output::to_json;
use quzzle::experiment::stats::probability_text as pt;
use quzzle::export::predict::{predict_keeping, PredictSettings};
use quzzle::Result;

/// A time for people, in s, ms, µs or ns.
fn seconds(s: f64) -> String {
    if s >= 100.0 {
        quzzle::budget::seconds_text(s)
    } else if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else if s >= 1e-6 {
        format!("{:.2} µs", s * 1e6)
    } else {
        format!("{:.0} ns", s * 1e9)
    }
}

pub fn run(args: &PredictArgs) -> Result<()> {
    let request = super::request::predict(args).check()?;
    let report_progress =
        |p: &quzzle::budget::Progress<'_>| errln!("{}", super::progress::line("predict", p, args.max_seconds));
    let budget = super::progress::budget(args.max_seconds, &report_progress)?;
    let settings = PredictSettings {
        noise: request.noise.settings_for_files()?,
        seed: request.seed,
    };
    let (report, refusal) = predict_keeping(&args.routed, &args.manifest, &settings, &budget)?;
    let noiseless = report.noiseless();
    // A model refused by its memory plan is left out and the others printed; the command then
    // ends with the first refusal as its error, after naming every model refused.
    let refused = |refusal: Option<quzzle::Error>| -> Result<()> {
        let Some(e) = refusal else {
            return Ok(());
        };
        let names: Vec<&str> = report.refused.iter().map(|r| r.model.as_str()).collect();
        errln!(
            "predict: refused by the memory plan, so left out: {}; the other models are reported",
            names.join(", ")
        );
        Err(e)
    };
    if args.json {
        out!("{}", to_json(&report));
        return refused(refusal);
    }
    let g = &report.routed_gates;
    outln!(
        "{}: {} physical qubits (logical i on physical {:?}), {} rz, {} sx, {} x, {} two-qubit gates",
        report.routed,
        report.physical_qubits,
        report.layout,
        g.rz,
        g.sx,
        g.x,
        g.two_qubit
    );
    if let Some(s) = &report.sector_steps {
        outln!(
            "simulated on the weight sectors of the manifest's blocks (more than {} physical qubits): {} steps, {} of them moving amplitude between sectors; truncation {}",
            quzzle::noise::routed::MAX_PHYSICAL_QUBITS,
            s.steps,
            s.moving,
            report.truncate.unwrap_or("off")
        );
    }
    match report.exported_p_valid {
        Some(p) => outln!(
            "noiseless P(valid): routed {}, exported {} ({})",
            pt(noiseless, 6),
            pt(p, 6),
            if (noiseless - p).abs() <= 1e-9 {
                "the same circuit"
            } else {
                "they DIFFER: the transpiled file is not this manifest's circuit, or not exact"
            }
        ),
        None => outln!("noiseless P(valid): routed {}", pt(noiseless, 6)),
    }
    // The models that ran, in the order given (a refused one is left out of both lists).
    for (r, e) in report.routed_estimates.iter().zip(&report.exported) {
        outln!(
            "{}: routed {} ± {:.1e} ({} two-qubit gates); exported {} ± {:.1e} ({} cx)",
            r.model.name,
            pt(r.p_valid, 4),
            r.p_valid_se,
            g.two_qubit,
            pt(e.p_valid, 4),
            e.p_valid_se,
            report.exported_gates.cx
        );
        if let Some(b) = &r.bounded {
            outln!(
                "  routed P(valid) in [{}, {}]: {} of {} trajectories dropped sectors too large to hold (mean probability {:.1e})",
                pt(b.p_valid[0], 4),
                pt(b.p_valid[1], 4),
                b.trajectories_bounded,
                r.trajectories,
                b.mean_bounded
            );
        }
    }
    for d in &report.devices {
        let tts = |t: Option<f64>| t.map_or("never (P(valid) is 0)".to_string(), seconds);
        let mut line = format!(
            "{}: one shot {} (the routed gates one after another, readout, reset); to a valid board with 99 % confidence {} noiseless",
            d.device.name,
            seconds(d.shot_seconds),
            tts(d.tts99_seconds)
        );
        for (r, t) in report.routed_estimates.iter().zip(&d.noisy_tts99_seconds) {
            line += &format!(", {} under {}", tts(*t), r.model.name);
        }
        outln!("{line}");
    }
    refused(refusal)
}
