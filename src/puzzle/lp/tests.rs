use super::*;

const DIMOD: &str = "Minimize\n obj: + 3 x0 - 2 x1 + [ + 2 x2 ^ 2 ]/2 + 5 \n\nSubject To \n one: + 1 x0 + 1 x1 + 1 x2  = 1.0\n c1d9ed5: + 1 x0 + 1 x3  <= 1.0\n s: + 1 x2 - 1 x3  = 0.0\n\nBounds\n\nBinary\n x0 x1 x2 x3\nGeneral\n\nEnd\n";

#[test]
fn reads_what_dimod_writes() {
    assert!(looks_like_lp(DIMOD));
    let lp = LpModel::parse("m.lp", DIMOD).unwrap();
    let m = lp.model();
    assert_eq!(m.names, ["x0", "x1", "x2", "x3"]);
    let kinds: Vec<&str> = lp.detected().iter().map(|d| d.kind.as_str()).collect();
    assert_eq!(kinds, ["exact count 1 of 3", "not-both", "same"]);
    assert!(m.constraints.iter().any(|c| c.constraint == Constraint::Same(2, 3)));
    assert!(m.constraints.iter().any(|c| c.constraint == Constraint::NotBoth(0, 3)));
    assert!((lp.lambda() - 7.0).abs() < 1e-12);
    // x1 = 1: objective 5 − 2 = 3.
    assert!((lp.objective_of(&[false, true, false, false]) - 3.0).abs() < 1e-12);
    // Every assignment: the model agrees with the rows read literally.
    for mask in 0..16u32 {
        let x: Vec<bool> = (0..4).map(|i| mask >> i & 1 == 1).collect();
        let literal = (x[0] as u8 + x[1] as u8 + x[2] as u8 == 1) && !(x[0] && x[3]) && x[2] == x[3];
        assert_eq!(m.is_satisfied(&x), literal, "{x:?}");
    }
}

#[test]
fn grids_become_rows_and_columns() {
    let text = "Maximize\n x\nSubject To\n r0: a + b = 1\n r1: c + d = 1\n k0: a + c = 1\n k1: b + d = 1\nBinary\n a b c d x\nEnd\n";
    let lp = LpModel::parse("g.lp", text).unwrap();
    let fam: Vec<Option<&str>> = lp.detected().iter().map(|d| d.family).collect();
    assert_eq!(fam, [Some("row"), Some("row"), Some("column"), Some("column")]);
    let m = lp.model();
    assert_eq!(m.objective, vec![(4, -0.5)]);
}

#[test]
fn bounds_that_allow_two_adjacent_sums_become_soft_counts() {
    let text = "Minimize\n\nSubject To\n lo: a + b + c >= 1\n hi: a + b + c <= 2\n one: b + c + d <= 1\n \
                most: a + c + d >= 2\n or: a + d >= 1\n top: a + b + c + d <= 4\nBinary\n a b c d\nEnd\n";
    let m = LpModel::parse("s.lp", text).unwrap().model();
    let soft: Vec<(Vec<usize>, usize)> = m
        .constraints
        .iter()
        .filter_map(|c| match &c.constraint {
            Constraint::Count { vars, k, soft: true } => Some((vars.clone(), *k)),
            _ => None,
        })
        .collect();
    assert_eq!(
        soft,
        [
            (vec![0, 1, 2], 1),
            (vec![1, 2, 3], 0),
            (vec![0, 2, 3], 2),
            (vec![0, 3], 1)
        ]
    );
    assert_eq!(m.constraints.len(), 4, "{:?}", m.constraints);
    // A bound alone, with no partner, is refused by its line.
    let alone = "Minimize\n\nSubject To\n lo: a + b + c + d >= 2\nBinary\n a b c d\nEnd\n";
    let e = LpModel::parse("s.lp", alone).unwrap_err().to_string();
    assert!(e.contains("s.lp:4") && e.contains("at least 2 of 4"), "{e}");
}

#[test]
fn pairs_are_blocks_only_beside_larger_counts_or_in_a_grid() {
    // Two rows of three, and two `x + y = 1` pairs across them: the pairs are `x` signs.
    let text = "Minimize\n\nSubject To\n r0: a + b + c = 1\n r1: d + e + f = 1\n p: a + d = 1\n q: b + e = 1\nBinary\n a b c d e f\nEnd\n";
    let m = LpModel::parse("p.lp", text).unwrap().model();
    let differ = m
        .constraints
        .iter()
        .filter(|c| matches!(c.constraint, Constraint::Differ(..)))
        .count();
    assert_eq!(differ, 2, "{:?}", m.constraints);
    // A pair in a family with larger counts (a two-cell region) stays a count.
    let text = "Minimize\n\nSubject To\n big: a + b + c + d = 1\n two: e + f = 1\nBinary\n a b c d e f\nEnd\n";
    let m = LpModel::parse("p.lp", text).unwrap().model();
    assert!(m
        .constraints
        .iter()
        .all(|c| matches!(c.constraint, Constraint::Count { .. })));
}

#[test]
fn quadratic_objective_terms_become_pairs() {
    // dimod writes `[ ... ]/2` with doubled coefficients; docplex writes `[ ... ]` too.
    let text = "Maximize\n obj: x + [ 4 x * y - 2 y ^ 2 + 2 z * x ]/2 + [ y * z ]\nSubject To\n c: x + y + z = 2\nBinary\n x y z\nEnd\n";
    let lp = LpModel::parse("q.lp", text).unwrap();
    let m = lp.model();
    // Maximised, so negated: x − y + 2xy + xz + yz, over λ = 1 + 1 + 1 + 2 + 1 + 1 = 7.
    let lambda: f64 = 7.0;
    assert_eq!(lp.lambda().to_bits(), lambda.to_bits());
    assert_eq!(m.objective, vec![(0, -1.0 / lambda), (1, 1.0 / lambda)]);
    assert_eq!(
        m.objective_pairs,
        vec![(0, 1, -2.0 / lambda), (0, 2, -1.0 / lambda), (1, 2, -1.0 / lambda)]
    );
    for mask in 0..8u32 {
        let x: Vec<bool> = (0..3).map(|i| mask >> i & 1 == 1).collect();
        let b = |i: usize| f64::from(u8::from(x[i]));
        let file = b(0) - b(1) + 2.0 * b(0) * b(1) + b(0) * b(2) + b(1) * b(2);
        assert_eq!(lp.objective_of(&x).to_bits(), file.to_bits(), "{x:?}");
        assert!((m.objective_value(&x) + file / lambda).abs() < 1e-12, "{x:?}");
    }
}

#[test]
fn errors_name_line_and_constraint() {
    let cases = [
        (
            "Minimize\n x + y\nSubject To\n c: x - y <= 0\nBinary\n x y\nEnd\n",
            4,
            "constraint `c`: it allows an assignment set (an implication)",
        ),
        (
            "Minimize\n x\nSubject To\n c: x + [ x * y ] <= 1\nBinary\n x y\nEnd\n",
            4,
            "`x * y` makes it quadratic",
        ),
        ("Minimize\n x + z\nBinary\n x\nEnd\n", 2, "`z` is not binary"),
        (
            "Minimize\n x\nSubject To\n c: 2 x + y + z <= 2\nBinary\n x y z\nEnd\n",
            4,
            "coefficients differ",
        ),
        ("Minimize\n x\nBinary\n x\nGeneral\n n\nEnd\n", 6, "`n` is integer"),
        ("Minimize\n x\nSubject To\n c: x + y\nBinary\n x y\nEnd\n", 4, "no `<=`"),
        ("Minimize\n x\nBinary\n x\n", 4, "End"),
        (
            "Minimize\n x\nSubject To\n c: x + y + z = 5\nBinary\n x y z\nEnd\n",
            4,
            "no assignment",
        ),
    ];
    for (text, line, words) in cases {
        match LpModel::parse("t.lp", text) {
            Err(Error::Parse { line: l, msg, .. }) => {
                assert_eq!(l, line, "{msg}");
                assert!(msg.contains(words), "{msg}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

fn refusal(text: &str) -> (usize, String) {
    match LpModel::parse("t.lp", text) {
        Err(Error::Parse { line, msg, .. }) => (line, msg),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn messages_say_what_is_wrong_at_its_line() {
    // Issue 79 item 15. A byte-order mark is skipped.
    let bom = "\u{feff}Minimize\n x\nSubject To\n c: x + y = 1\nBinary\n x y\nEnd\n";
    assert!(looks_like_lp(bom));
    assert_eq!(LpModel::parse("t.lp", bom).unwrap().names, ["x", "y"]);
    // The section keyword and its names on one line.
    let one_line = "Minimize obj: x + 2 y\nSubject To\n c: x + y = 1\nBinary x y\nEnd\n";
    let lp = LpModel::parse("t.lp", one_line).unwrap();
    assert_eq!(lp.names, ["x", "y"]);
    assert_eq!(lp.objective, vec![(0, 1.0), (1, 2.0)]);
    // ... but a constraint named like a keyword is a constraint, and a variable called
    // `bin` in the Binary section is a variable.
    let named = "Minimize\n x\nSubject To\n min: x + bin = 1\nBinary\n x\n bin\nEnd\n";
    assert_eq!(LpModel::parse("t.lp", named).unwrap().detected()[0].name, "min");
    let (line, msg) =
        refusal("Minimize\n x\nSubject To\n c: x + y = 1\nLazy Constraints\n d: x - y = 0\nBinary\n x y\nEnd\n");
    assert_eq!(line, 5, "{msg}");
    assert!(msg.starts_with("unsupported section `Lazy Constraints`"), "{msg}");
    // A missing right-hand side at the constraint's line, whatever follows.
    for (text, at) in [
        (
            "Minimize\n x\nSubject To\n a: x + y = 1\n c: x + y <=\nBinary\n x y\nEnd\n",
            5,
        ),
        (
            "Minimize\n x\nSubject To\n c: x + y <=\n d: x - y = 0\nBinary\n x y\nEnd\n",
            4,
        ),
    ] {
        let (line, msg) = refusal(text);
        assert_eq!(line, at, "{msg}");
        assert!(msg.contains("constraint `c`: no right-hand side after `<=`"), "{msg}");
    }
    for empty in ["", "\n\n", "\\ only a comment\n", "\u{feff}"] {
        let (_, msg) = refusal(empty);
        assert!(msg.contains("the file is empty"), "{msg}");
    }
    // An unnamed constraint is not called by a name the file gives another.
    let names = "Minimize\n x\nSubject To\n x + y <= 1\n c1: x - y = 0\nBinary\n x y\nEnd\n";
    let lp = LpModel::parse("t.lp", names).unwrap();
    let got: Vec<&str> = lp.detected().iter().map(|d| d.name.as_str()).collect();
    assert_eq!(got, ["_c1", "c1"]);
    // Not UTF-8: the line and the byte.
    let e = crate::puzzle::text_of("t.lp", b"Minimize\n x\n y\xff z\n".to_vec()).unwrap_err();
    assert!(
        e.to_string().contains("t.lp:3: byte 3 of the line (0xff) is not UTF-8"),
        "{e}"
    );
}

#[test]
fn weights_that_overflow_are_refused() {
    // Issue 79 item 2: λ = 1 + Σ|w| would be infinite.
    let (line, msg) =
        refusal("Minimize\n obj: 1e308 x + 1e308 y + 5e307 z\nSubject To\n c: x + y + z = 1\nBinary\n x y z\nEnd\n");
    assert_eq!(line, 2, "{msg}");
    assert!(msg.contains("λ = 1 + Σ|w| overflows"), "{msg}");
    let (line, msg) = refusal("Minimize\n obj: 1e308 x\n + 1e308 x\nBinary\n x\nEnd\n");
    assert_eq!(line, 3, "{msg}");
    assert!(msg.contains("coefficients of `x` add up"), "{msg}");
    let (_, msg) = refusal("Minimize\n obj: 1e999 x\nBinary\n x\nEnd\n");
    assert!(msg.contains("not finite"), "{msg}");
    let (_, msg) = refusal("Minimize\n x\nSubject To\n c: 1e308 x + 1e308 x + y <= 1\nBinary\n x y\nEnd\n");
    assert!(msg.contains("add up"), "{msg}");
    // The largest weights that fit are read.
    let lp = LpModel::parse("t.lp", "Minimize\n obj: 1e307 x + 1e307 y\nBinary\n x y\nEnd\n").unwrap();
    assert!(lp.lambda().is_finite());
}

#[test]
fn optima_are_exact_and_a_cost_that_cannot_separate_them_is_said() {
    // Issue 79 item 1: 1 and 2 over λ = 1e9 + 4 differ by less than the cost's resolution.
    let lp = LpModel::parse(
        "t.lp",
        "Minimize\n obj: 1e9 x + 1 y + 2 z\nSubject To\n c: x + y + z = 1\nBinary\n x y z\nEnd\n",
    )
    .unwrap();
    let m = lp.model();
    let (y, z) = ([false, true, false], [false, false, true]);
    assert!((m.objective_value(&y) - m.objective_value(&z)).abs() <= RESOLUTION);
    assert_eq!(m.cmp_objective(&y, &z), std::cmp::Ordering::Less);
    let w = lp.warnings();
    assert_eq!(w.len(), 1);
    assert!(w[0].contains("`y` (1) and `z` (2)"), "{w:?}");
    let out = crate::model::search::search(&m, 10, usize::MAX, |_| true).unwrap();
    assert_eq!(out.accepted, vec![y.to_vec()]);
    // Weights the cost separates: no warning.
    let lp = LpModel::parse("t.lp", "Minimize\n obj: x + 2 y\nBinary\n x y\nEnd\n").unwrap();
    assert!(lp.warnings().is_empty());
}

#[test]
fn many_bounds_pair_up_in_file_order() {
    // Pairs found by key, not by a scan: 20,000 bound pairs over the same variables.
    let mut text = String::from("Minimize\n\nSubject To\n");
    for _ in 0..10_000 {
        text.push_str(" a + b + c + d >= 1\n a + b + c + d <= 2\n");
    }
    text.push_str("Binary\n a b c d\nEnd\n");
    let lp = LpModel::parse("t.lp", &text).unwrap();
    assert_eq!(lp.detected().len(), 20_000);
    assert!(lp.detected()[0].kind.contains("with `c2`"), "{:?}", lp.detected()[0]);
    assert!(
        lp.detected()[19_999].kind.contains("with `c19999`"),
        "{:?}",
        lp.detected()[19_999]
    );
    // One left alone is refused by its line.
    text = text.replace("End\n", "");
    text = text.replace("Binary\n", " a + b + c + d >= 1\nBinary\n") + "End\n";
    let (line, msg) = refusal(&text);
    assert_eq!(line, 20_004, "{msg}");
}

#[test]
fn garbage_never_panics() {
    let mut seed = 12345u64;
    let pieces = [
        "Minimize",
        "Maximize",
        "Subject To",
        "Bounds",
        "Binary",
        "End",
        "x",
        "y",
        "+",
        "-",
        "2",
        "[",
        "]",
        "/",
        "2",
        "*",
        "^",
        ":",
        "<=",
        ">=",
        "=",
        "\n",
        " ",
        "1e",
        ".5",
        "inf",
        "\\",
        "free",
        "c1",
        "General",
    ];
    for _ in 0..3000 {
        let mut text = String::from("Minimize\n");
        let len = (seed % 40) as usize;
        for _ in 0..len {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            text.push(' ');
        }
        text.push_str("\nBinary\n x y\nEnd\n");
        let _ = LpModel::parse("f.lp", &text);
    }
}

/// The model's constraints, names, λ and every assignment's objective agree.
fn same_model(a: &LpModel, b: &LpModel) {
    let (ma, mb) = (a.model(), b.model());
    assert_eq!(ma.names, mb.names);
    let constraints =
        |m: &crate::model::Model| -> Vec<Constraint> { m.constraints.iter().map(|c| c.constraint.clone()).collect() };
    assert_eq!(constraints(&ma), constraints(&mb));
    assert!((a.lambda() - b.lambda()).abs() < 1e-12, "{} {}", a.lambda(), b.lambda());
    let n = ma.names.len();
    for mask in 0..1u32 << n {
        let x: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
        assert!((a.objective_of(&x) - b.objective_of(&x)).abs() < 1e-12, "{x:?}");
        assert_eq!(ma.is_satisfied(&x), mb.is_satisfied(&x), "{x:?}");
    }
}

/// What PuLP 3 writes for a 2x2 assignment with a fixed continuous `z` (its sense as a comment,
/// markers around each binary, `BV` bounds, `FX` on `z`).
const PULP_MPS: &str = include_str!("../../../tests/data/lp/pulp-small.mps");

#[test]
fn mps_reads_what_pulp_writes() {
    assert!(looks_like_mps(PULP_MPS) && !looks_like_lp(PULP_MPS));
    let mps = LpModel::parse_mps("small.mps", PULP_MPS).unwrap();
    // z = 1 is a constant: 2 z in the objective, and `nb` loses it from its right side.
    let lp = LpModel::parse(
        "small.lp",
        "Maximize\n OBJ: 3 x_0_0 + x_0_1 - 2 x_1_0 + 5 x_1_1 + 2\nSubject To\n a_0: x_0_0 + x_0_1 = 1\n a_1: x_1_0 + x_1_1 = 1\n b_0: x_0_0 + x_1_0 = 1\n b_1: x_0_1 + x_1_1 = 1\n nb: x_0_0 + x_1_1 <= 1\nBinaries\n x_0_0 x_0_1 x_1_0 x_1_1\nEnd\n",
    )
    .unwrap();
    same_model(&mps, &lp);
    let fam: Vec<Option<&str>> = mps.detected().iter().map(|d| d.family).collect();
    assert_eq!(fam[..4], [Some("row"), Some("row"), Some("column"), Some("column")]);
    assert_eq!(mps.detected()[4].line, 9);
}

#[test]
fn mps_free_form_reads_every_section() {
    // OBJSENSE on its own line, a free row, RHS on the objective (minus its constant), a range,
    // a fixed continuous column, QUADOBJ (each product once) with a square.
    let text = "NAME test\nOBJSENSE\n    MAX\nROWS\n N obj\n N spare\n E one\n L pair\n E rng\nCOLUMNS\n M 'MARKER' 'INTORG'\n a obj 2 one 1\n b obj -1 one 1\n c one 1 pair 1\n d pair 1 spare 5\n e rng 1\n f rng 1\n M 'MARKER' 'INTEND'\n k obj 3 pair 1\nRHS\n RHS one 1 pair 1\n RHS obj -4\nRANGES\n R rng 1\nBOUNDS\n FX BND k 0\nQUADOBJ\n a b 2\n c c 4\nENDATA\n";
    let mps = LpModel::parse_mps("t.mps", text).unwrap();
    let lp = LpModel::parse(
        "t.lp",
        "Maximize\n obj: 2 a - b + 2 c + [ 4 a * b ] / 2 + 4\nSubject To\n one: a + b + c = 1\n pair: c + d <= 1\n rng: e + f <= 1\nBinary\n a b c d e f\nEnd\n",
    )
    .unwrap();
    same_model(&mps, &lp);
    // QMATRIX gives each product twice, at half: the same objective.
    let full = text.replace("QUADOBJ\n a b 2\n", "QMATRIX\n a b 2\n b a 2\n");
    same_model(&LpModel::parse_mps("q.mps", &full).unwrap(), &lp);
    // MIN through the objective row chosen by OBJNAME, the sense on the OBJSENSE line.
    let min = text
        .replace("OBJSENSE\n    MAX\n", "OBJSENSE MIN\nOBJNAME spare\n")
        .replace("QUADOBJ\n a b 2\n c c 4\n", "");
    let m = LpModel::parse_mps("n.mps", &min).unwrap();
    let x = [false, false, false, true, false, false];
    assert!((m.objective_of(&x) - 5.0).abs() < 1e-12);
}

#[test]
fn mps_fixed_form_reads_names_with_spaces() {
    let line = |f: [&str; 5]| {
        format!(
            "    {:<8}  {:<8}  {:<12}   {:<8}  {:<12}\n",
            f[0], f[1], f[2], f[3], f[4]
        )
    };
    let mut text = String::from("NAME          fixed\nROWS\n N  COST\n E  ONE ROW\n L  AT MOST\nCOLUMNS\n");
    text += "    MARKER                 'MARKER'                 'INTORG'\n";
    text += &line(["X ONE", "COST", "1.0", "ONE ROW", "1.0"]);
    text += &line(["X TWO", "ONE ROW", "1.0", "AT MOST", "1.0"]);
    text += &line(["X THREE", "ONE ROW", "1.0", "AT MOST", "1.0"]);
    text += "    MARKER                 'MARKER'                 'INTEND'\nRHS\n";
    text += &line(["RHS", "ONE ROW", "1.0", "AT MOST", "1.0"]);
    text += "ENDATA\n";
    let m = LpModel::parse_mps("f.mps", &text).unwrap();
    assert_eq!(m.model().names, ["X ONE", "X TWO", "X THREE"]);
    let kinds: Vec<&str> = m.detected().iter().map(|d| d.kind.as_str()).collect();
    assert_eq!(kinds, ["exact count 1 of 3", "not-both"]);
}

#[test]
fn mps_refusals_name_the_line_and_why() {
    let base = "NAME m\nROWS\n N obj\n E one\nCOLUMNS\n M 'MARKER' 'INTORG'\n a obj 1 one 1\n b one 1\n M 'MARKER' 'INTEND'\nRHS\n RHS one 1\nENDATA\n";
    assert!(LpModel::parse_mps("ok.mps", base).is_ok());
    let cases: [(&str, &str, &str); 16] = [
        ("", "", "empty"),
        ("ENDATA\n", "", "does not close with `ENDATA`"),
        (
            " M 'MARKER' 'INTORG'\n",
            "",
            ":6: variable `a` is continuous in [0, inf]",
        ),
        (
            "RHS\n",
            "BOUNDS\n UP BND a 5\nRHS\n",
            ":7: variable `a` is integer in [0, 5]",
        ),
        (
            "ENDATA\n",
            "QCMATRIX one\n a a 1\nENDATA\n",
            ":12: a quadratic constraint",
        ),
        ("ENDATA\n", "SOS\nENDATA\n", ":12: unsupported section `SOS`"),
        (" b one 1\n", " b two 1\n", ":8: column `b`: no row named `two`"),
        (" a obj 1 one 1\n", " a obj x one 1\n", "is not a number"),
        (" a obj 1 one 1\n", " a obj 1e400 one 1\n", "not a finite number"),
        (" E one\n", " Q one\n", ":4: row `one`: type `Q`"),
        (" E one\n", " E obj\n", ":4: a second row named `obj`"),
        (
            "RHS\n RHS one 1\n",
            "RHS\n RHS one 1\n OTHER one 1\n",
            ":12: a second RHS set `OTHER`",
        ),
        (
            "RHS\n",
            "BOUNDS\n UP BND c 1\nRHS\n",
            "bound on `c`, which no COLUMNS line names",
        ),
        ("ENDATA\n", "ENDATA\n x\n", ":13: `x` after `ENDATA`"),
        ("NAME m\n", "NAME m\nOBJNAME none\n", ":2: OBJNAME `none`: no N row"),
        (" RHS one 1\n", " RHS one 3\n", ":4: constraint `one`"),
    ];
    for (from, to, want) in cases {
        let text = if from.is_empty() {
            String::from("* nothing\n")
        } else {
            base.replacen(from, to, 1)
        };
        let e = LpModel::parse_mps("m.mps", &text).expect_err(want).to_string();
        assert!(e.contains(want), "{want}: {e}");
        assert!(e.starts_with("m.mps"), "{e}");
    }
}

#[test]
fn constants_and_general_binaries_read_as_the_writers_mean_them() {
    let plain = LpModel::parse(
        "p.lp",
        "Maximize\n obj: x0 + 2 x1 - x2 + 3\nSubject To\n one: x0 + x1 + x2 <= 1\nBinary\n x0 x1 x2\nEnd\n",
    )
    .unwrap();
    // pyomo: the objective's constant as a variable fixed by its bounds.
    let pyomo = "\\* Source Pyomo model *\\\n\nmax \nobj:\n+3 ONE_VAR_CONSTANT\n+1 x0\n+2 x1\n-1 x2\n\ns.t.\n\nc_u_one_:\n+1 x0\n+1 x1\n+1 x2\n<= 1\n\nbounds\n   1 <= ONE_VAR_CONSTANT <= 1\n   0 <= x0 <= 1\n   0 <= x1 <= 1\n   0 <= x2 <= 1\nbinary\n  x0\n  x1\n  x2\nend\n";
    same_model(&LpModel::parse("pyomo.lp", pyomo).unwrap(), &plain);
    // The same variables as General with 0/1 bounds, and a constant in a constraint.
    let general = "Maximize\n obj: x0 + 2 x1 - x2 + 3 k\nSubject To\n one: x0 + x1 + x2 + k <= 2\nBounds\n 0 <= x0 <= 1\n x1 <= 1\n x2 <= 1\n k = 1\nGeneral\n x0 x1 x2\nEnd\n";
    same_model(&LpModel::parse("general.lp", general).unwrap(), &plain);
    // A product with a constant is a term of the other variable.
    let product = "Maximize\n obj: x0 + 2 x1 + [ - 2 x2 * k ] / 2 + 3\nSubject To\n one: x0 + x1 + x2 <= 1\nBounds\n k = 1\nBinary\n x0 x1 x2\nEnd\n";
    same_model(&LpModel::parse("product.lp", product).unwrap(), &plain);
    // PuLP's feasibility form: `__dummy`, fixed at 0 in Bounds, as the whole objective.
    let pulp = "\\* feas *\\\nMinimize\nOBJ: __dummy\nSubject To\none: x0 + x1 + x2 = 1\nBounds\n __dummy = 0\nBinaries\nx0\nx1\nx2\nEnd\n";
    let m = LpModel::parse("feas.lp", pulp).unwrap();
    assert!(!m.has_objective());
    assert_eq!(m.model().names, ["x0", "x1", "x2"]);
    // Still refused: an integer wider than [0, 1], a continuous variable bounds do not fix.
    let wide = general.replace(" x2 <= 1\n", " x2 <= 3\n");
    let e = LpModel::parse("w.lp", &wide).unwrap_err().to_string();
    assert!(
        e.contains("w.lp:11: variable `x2` is integer (General section) in [0, 3]"),
        "{e}"
    );
    let loose = general.replace(" k = 1\n", " k <= 1\n");
    let e = LpModel::parse("l.lp", &loose).unwrap_err().to_string();
    assert!(e.contains("variable `k` is not binary"), "{e}");
}

#[test]
fn mps_reads_pyomos_constant_row() {
    // pyomo's MPS: the constant objective's variable fixed by an equality row of its own.
    let text = "* Source:     Pyomo MPS Writer\n* Format:     Free MPS\n*\nNAME unknown\nOBJSENSE\n MAX\nROWS\n N  obj\n L  c_u_one_\n E  c_e_ONE_VAR_CONSTANT\nCOLUMNS\n     x0 obj 1\n     x0 c_u_one_ 1\n     x1 obj 2\n     x1 c_u_one_ 1\n     x2 obj -1\n     x2 c_u_one_ 1\n     ONE_VAR_CONSTANT obj 3\n     ONE_VAR_CONSTANT c_e_ONE_VAR_CONSTANT 1\nRHS\n     RHS c_u_one_ 1\n     RHS c_e_ONE_VAR_CONSTANT 1\nBOUNDS\n BV BOUND x0\n BV BOUND x1\n BV BOUND x2\nENDATA\n";
    let plain = LpModel::parse(
        "p.lp",
        "Maximize\n obj: x0 + 2 x1 - x2 + 3\nSubject To\n one: x0 + x1 + x2 <= 1\nBinary\n x0 x1 x2\nEnd\n",
    )
    .unwrap();
    same_model(&LpModel::parse_mps("pyomo.mps", text).unwrap(), &plain);
    // A continuous column in a row with another is not fixed by it: refused.
    let two = text.replace(
        "     ONE_VAR_CONSTANT c_e_ONE_VAR_CONSTANT 1\n",
        "     ONE_VAR_CONSTANT c_e_ONE_VAR_CONSTANT 1\n     ONE_VAR_CONSTANT c_u_one_ 1\n     x0 c_e_ONE_VAR_CONSTANT 1\n",
    );
    let e = LpModel::parse_mps("two.mps", &two).unwrap_err().to_string();
    assert!(e.contains("variable `ONE_VAR_CONSTANT` is continuous"), "{e}");
}

#[test]
fn reads_what_docplex_writes_with_a_general_binary_and_a_fixed_continuous() {
    // docplex 2.x `export_as_lp`: `integer_var(lb=0, ub=1)` under Generals, a continuous
    // variable fixed at 2 by its bounds, a product and a constant.
    let docplex = "\\ This file has been generated by DOcplex\n\\ ENCODING=ISO-8859-1\n\\Problem name: dc\n\nMinimize\n obj: 3 x_0 + x_1 - 2 x_2 + y + 4 z + [ 2 x_0*x_1 ]/2 + 7\nSubject To\n one: x_0 + x_1 + x_2 + y = 1\n cap: x_0 + x_1 + z <= 3\n\nBounds\n 0 <= x_0 <= 1\n 0 <= x_1 <= 1\n 0 <= x_2 <= 1\n       y <= 1\n       z = 2\n\nBinaries\n x_0 x_1 x_2\n\nGenerals\n y\nEnd\n";
    let plain = "Minimize\n obj: 3 x_0 + x_1 - 2 x_2 + y + [ 2 x_0 * x_1 ]/2 + 15\nSubject To\n one: x_0 + x_1 + x_2 + y = 1\n cap: x_0 + x_1 <= 1\nBinary\n x_0 x_1 x_2 y\nEnd\n";
    let m = LpModel::parse("dc.lp", docplex).unwrap();
    same_model(&m, &LpModel::parse("plain.lp", plain).unwrap());
    assert!((m.objective_of(&[false, false, true, false]) - 13.0).abs() < 1e-12);
}

#[test]
fn reads_what_highs_writes_with_empty_sections() {
    // HiGHS 1.16 `writeModel` of PuLP's 2x2 model: `min`, `st`, `bin`, and empty `gen` and
    // `semi` sections (an unsupported section is refused only once it holds something).
    let highs = "\\ File written by HiGHS .lp file handler\nmin\n obj: +3 x_0_0 +1 x_0_1 -2 x_1_0 +5 x_1_1 +2 z \nst\n a_0: +1 x_0_0 +1 x_0_1 = +1\n a_1: +1 x_1_0 +1 x_1_1 = +1\n b_0: +1 x_0_0 +1 x_1_0 = +1\n b_1: +1 x_0_1 +1 x_1_1 = +1\n nb: +1 x_0_0 +1 x_1_1 +1 z <= +2\nbounds\n x_0_0 <= 1\n x_0_1 <= 1\n x_1_0 <= 1\n x_1_1 <= 1\n z = 1\nbin\n x_0_0\n x_0_1\n x_1_0\n x_1_1\ngen\nsemi\nend\n";
    let plain = "Minimize\n OBJ: 3 x_0_0 + x_0_1 - 2 x_1_0 + 5 x_1_1 + 2\nSubject To\n a_0: x_0_0 + x_0_1 = 1\n a_1: x_1_0 + x_1_1 = 1\n b_0: x_0_0 + x_1_0 = 1\n b_1: x_0_1 + x_1_1 = 1\n nb: x_0_0 + x_1_1 <= 1\nBinaries\n x_0_0 x_0_1 x_1_0 x_1_1\nEnd\n";
    same_model(
        &LpModel::parse("h.lp", highs).unwrap(),
        &LpModel::parse("p.lp", plain).unwrap(),
    );
    let e = LpModel::parse("s.lp", &highs.replace("semi\n", "semi\n z\n"))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("s.lp:22: unsupported section `semi` (holding `z`)"),
        "{e}"
    );
}

/// A 316 x 316 assignment (99,856 variables, the benchmark's largest) is read with its rows and
/// columns found; one variable past the limit is refused at the line that names it.
#[test]
fn large_models_are_read_to_the_limit_and_refused_past_it() {
    let m = 316;
    let mut text = String::from("Minimize\n obj: x0\nSubject To\n");
    for i in 0..m {
        let row: Vec<String> = (0..m).map(|j| format!("x{}", i * m + j)).collect();
        let col: Vec<String> = (0..m).map(|j| format!("x{}", j * m + i)).collect();
        text += &format!(" r{i}: {} = 1\n c{i}: {} = 1\n", row.join(" + "), col.join(" + "));
    }
    text += "Binary\n";
    for v in 0..m * m {
        text += &format!(" x{v}\n");
    }
    let lp = LpModel::parse("big.lp", &format!("{text}End\n")).unwrap();
    assert_eq!(lp.model().names.len(), m * m);
    let families: Vec<Option<&str>> = lp.detected().iter().map(|d| d.family).collect();
    assert_eq!(families.iter().filter(|f| **f == Some("row")).count(), m);
    assert_eq!(families.iter().filter(|f| **f == Some("column")).count(), m);

    let mut past = String::from("Minimize\n obj: x0\nSubject To\n c: x0 + x1 <= 1\nBinary\n");
    for v in 0..=MAX_VARS {
        past += &format!(" x{v}\n");
    }
    let e = LpModel::parse("past.lp", &format!("{past}End\n"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&format!("past.lp:{}", MAX_VARS + 6)) && e.contains("more than 1048576 variables"),
        "{e}"
    );
}
