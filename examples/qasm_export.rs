//! Export the optimised QAOA circuit of a 4x4 Takuzu, rows kept at weight 2 by Dicke starts and
//! XY mixers, as OpenQASM 3 for IBM hardware, with
//! the manifest that maps measured bits back to cells.
//!
//!     cargo run --example qasm_export

use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::export::qasm::Flavor;
use quzzle::export::{export_circuit, AngleSource, ExportRequest};
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::simulation::SpaceSettings;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = "puzzle: takuzu\nsize: 4x4\n\n[grid]\n1...\n..0.\n.0..\n...1\n";
    let enc = encoding::parse("takuzu.txt", text, EncodingKind::Onehot, Level::Paper)?;
    let request = ExportRequest {
        depth: quzzle::checked::Depth::new(2)?,
        angles: AngleSource::Optimize { seed: 0 },
        flavor: Flavor::Ibm,
        symbolic: false,
        with_state: false,
        qasm_name: Some("takuzu.qasm".into()),
        // Keep every row's weight: Dicke-state rows and XY-ring mixers (the default is the
        // full space with the X mixer).
        space: SpaceSettings {
            space: SpaceChoice::Rows,
            mixer: MixerKind::XyRing,
            ..Default::default()
        },
    };
    let exported = export_circuit(enc.as_ref(), &request)?;
    print!("{}", exported.text);
    let manifest = exported.manifest.expect("a manifest was asked for");
    println!(
        "// manifest: {} qubits, P(valid) = {:.4} at gammas {:?}, betas {:?}",
        manifest.provenance.qubits,
        manifest.success_probability.unwrap_or(f64::NAN),
        manifest.gammas,
        manifest.betas
    );
    Ok(())
}
