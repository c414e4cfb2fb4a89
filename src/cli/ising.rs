//! `quzzle ising`: the cost as JSON: the Ising model of the one-hot encoding, or the
//! Z polynomial of the compact one.

use super::args::ModelSource;
use super::output::to_json;
use quzzle::budget::Cancel;
use quzzle::encoding::onehot::OneHot;
use quzzle::encoding::{self, EncodingKind};
use quzzle::sim::MAX_QUBITS;
use quzzle::{Error, Ising, Result};
use serde_json::json;

/// The Ising model of a puzzle at a level (one-hot), or a random one.
pub fn model_of(source: &ModelSource, reduce: &super::args::ReduceArg) -> Result<Ising> {
    let penalties = reduce.penalty.penalties()?;
    match (&source.file, source.random) {
        (Some(file), None) => {
            let text = quzzle::puzzle::read_text(file)?;
            let name = file.display().to_string();
            Ok(OneHot::parse_with(&name, &text, reduce.level, &penalties, &Cancel::never())?.ising)
        }
        (None, Some(n)) if (1..=MAX_QUBITS).contains(&n) => Ok(Ising::random(n, source.seed)),
        (None, Some(n)) => Err(Error::out_of_range(
            quzzle::error::Quantity::RandomQubits,
            n,
            format!("qubits must be 1..={MAX_QUBITS}"),
        )),
        _ => Err(super::errors::Usage::NoModel.into()),
    }
}

pub fn run(source: &ModelSource, reduce: &super::args::ReduceArg, kind: EncodingKind) -> Result<()> {
    if kind == EncodingKind::Onehot {
        out!("{}", to_json(&model_of(source, reduce)?));
        return Ok(());
    }
    let Some(file) = &source.file else {
        return Err(super::errors::Usage::CompactOfRandom.into());
    };
    let penalties = reduce.penalty.penalties()?;
    let enc = encoding::load_with(file, kind, reduce.level, &penalties, &Cancel::never())?;
    let poly = enc.cost_poly();
    // Terms of degree above two are not Ising couplings: write the polynomial itself.
    let terms: Vec<_> = poly.terms.iter().map(|(s, w)| json!([s, w])).collect();
    out!(
        "{}",
        to_json(&json!({
            "encoding": enc.name(),
            "qubits": poly.num_qubits,
            "terms": terms,
            "offset": poly.offset,
            "max_degree": poly.max_degree(),
            "convention": "C(z) = offset + sum over terms [S, w] of w * prod_{q in S} z_q, z_q = 1 - 2 x_q",
        }))
    );
    Ok(())
}
