//! Every mixer is everywhere a mixer is listed (docs/ARCHITECTURE.md, "Adding a mixer"): one
//! entry in the floor's table, in `MixerKind::ALL` order; a value of the command line that
//! parses back and is listed when a name is refused; named by `info` from its entry on the
//! spaces it keeps; named in the Python guide. The shipped fixed-angle tables (per puzzle,
//! space and mixer, for the mixers results/ ran) name only mixers there are.

use crate::common::data;
use quzzle::encoding::space::SpaceChoice;
use quzzle::encoding::{self, EncodingKind};
use quzzle::experiment::info;
use quzzle::mixer::MixerKind;
use quzzle::model::Level;
use quzzle::simulation::mixers::{self, MIXERS};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn repo_file(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn every_mixer_has_one_entry_in_order() {
    let kinds: Vec<MixerKind> = MIXERS.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, MixerKind::ALL);
    for kind in MixerKind::ALL {
        assert_eq!(mixers::entry(kind).kind, kind);
        // Advice ranks every mixer once (a new mixer takes its place there too).
        let places = quzzle::simulation::advice::ADVICE_ORDER
            .iter()
            .filter(|&&k| k == kind)
            .count();
        assert_eq!(places, 1, "{kind} in ADVICE_ORDER");
    }
}

#[test]
fn every_mixer_is_a_command_line_value_that_parses_back_and_is_listed_on_a_refusal() {
    use clap::ValueEnum;
    assert_eq!(MixerKind::value_variants(), MixerKind::ALL);
    for kind in MixerKind::ALL {
        let value = kind.to_possible_value().expect("no mixer is hidden");
        assert_eq!(value.get_name(), kind.name());
        assert_eq!(kind.name().parse::<MixerKind>().unwrap(), kind);
    }
    let refusal = "no-such-mixer".parse::<MixerKind>().unwrap_err().to_string();
    let names = MixerKind::ALL.map(MixerKind::name).join(", ");
    assert!(refusal.contains(&format!("(choose from: {names})")), "{refusal}");
}

#[test]
fn info_names_every_mixer_from_its_entry_with_its_routes() {
    // The 4x4 Queens has the full space (x, grover), spaces of plain blocks (xy-ring,
    // xy-complete, grover) and rows+cols, a general block (grover).
    let f = data("queens-4x4-handmade.txt");
    let enc = encoding::load(&f, EncodingKind::Onehot, Level::Paper).unwrap();
    let report = info::info(enc.as_ref(), SpaceChoice::Full).unwrap();
    let mut named = BTreeSet::new();
    for s in &report.spaces {
        let routed: Vec<&str> = s.mixer_routes.iter().map(|m| m.mixer.name()).collect();
        assert_eq!(s.mixers, routed, "{}", s.space);
        for m in &s.mixer_routes {
            let entry = mixers::entry(m.mixer);
            assert_eq!(m.noise, entry.noise, "{} on {}", m.mixer, s.space);
            named.insert(m.mixer);
        }
        for b in &s.blocks {
            for name in &b.mixers {
                let kind: MixerKind = name.parse().unwrap_or_else(|_| panic!("`{name}` is no mixer"));
                assert!(s.mixers.contains(name) || !mixers::entry(kind).keeps_blocks());
            }
        }
    }
    assert_eq!(named.into_iter().collect::<Vec<_>>(), MixerKind::ALL);
    assert_eq!(report.mixers, ["x", "grover"]);
    assert_eq!(report.mixer.as_deref(), Some("x"));
    // The smallest space a local mixer runs by statevector: the 24 permutations of rows+cols.
    let r = report.recommended.expect("a space fits");
    assert_eq!((r.space, r.mixer), (SpaceChoice::RowsCols, MixerKind::SwitchComplete));
    assert_eq!(r.dimension, 24.0);
    assert_eq!(r.full_dimension, 65536.0);
}

#[test]
fn the_fixed_angle_tables_and_the_python_guide_name_mixers_there_are() {
    let tables: serde_json::Value = serde_json::from_str(&repo_file("src/qaoa/fixed_angles.json")).unwrap();
    for t in tables["tables"].as_array().unwrap() {
        let name = t["mixer"].as_str().unwrap();
        assert!(
            name.parse::<MixerKind>().is_ok(),
            "fixed_angles.json: `{name}` is no mixer"
        );
    }
    let guide = repo_file("docs/python.md");
    let listed = MixerKind::ALL.map(|m| format!("`{m}`")).join(", ");
    assert!(
        guide.contains(&listed),
        "docs/python.md does not list the mixers as {listed}"
    );
}
