//! Values checked once. Each newtype here holds only what its constructor accepted, so the
//! code that takes one checks nothing again: the request layer (`request/`) builds them from
//! what a user typed or passed, and the command line and Python get the same acceptance and
//! the same message (docs/ARCHITECTURE.md, "Requests").

use crate::error::{Error, PenaltyProblem, Quantity, Result};
use serde::Serialize;

/// The deepest circuit a run takes: 256 layers is far past where any puzzle here gains, and the
/// angle vectors and gate lists of deeper circuits only cost memory.
pub const MAX_DEPTH: usize = 256;

/// The most shots one draw takes: a hundred million take seconds; 2^64 would take centuries.
pub const MAX_SHOTS: u64 = 100_000_000;

/// The most trajectories one estimate takes: a million already puts the standard error of
/// P(valid) below 5e-4; more is a typo or a run that would not end.
pub const MAX_TRAJECTORIES: usize = 1_000_000;

/// Trajectories per estimate unless told otherwise.
pub const DEFAULT_TRAJECTORIES: usize = 200;

/// The confidence of a score's interval unless told otherwise.
pub const DEFAULT_CONFIDENCE: f64 = 0.95;

/// Depths of a run: at least one, each 1..=[`MAX_DEPTH`], ascending, no repeats. A list given
/// out of order or with repeats is sorted and deduplicated (as the text `3,1,1..2` is).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Depths(Vec<usize>);

impl Depths {
    /// `P`, `A..B` or `A..=B`, or a comma-separated list of them (`1..10,20,50,100`): the union.
    pub fn parse(text: &str) -> Result<Self> {
        let bad = || Error::InvalidDepths { text: text.to_string() };
        let mut depths = Vec::new();
        for piece in text.split(',') {
            let (a, b) = match piece.split_once("..") {
                Some((a, b)) => (a, b.trim_start_matches('=')),
                None => (piece, piece),
            };
            let a: usize = a.trim().parse().map_err(|_| bad())?;
            let b: usize = b.trim().parse().map_err(|_| bad())?;
            if a == 0 || a > b || b > MAX_DEPTH {
                return Err(bad());
            }
            depths.extend(a..=b);
        }
        Ok(Self::normalised(depths))
    }

    /// A list of depths, each 1..=[`MAX_DEPTH`]; sorted and deduplicated.
    pub fn from_list(list: &[i64]) -> Result<Self> {
        if list.is_empty() {
            return Err(Error::out_of_range(Quantity::Depth, "[]", "give at least one depth"));
        }
        let mut depths = Vec::with_capacity(list.len());
        for &p in list {
            depths.push(Depth::new(p)?.get());
        }
        Ok(Self::normalised(depths))
    }

    /// The depths of `list`, each 1..=[`MAX_DEPTH`]; sorted and deduplicated.
    pub fn of(list: &[usize]) -> Result<Self> {
        let list: Vec<i64> = list.iter().map(|&p| i64::try_from(p).unwrap_or(i64::MAX)).collect();
        Self::from_list(&list)
    }

    /// Depths `1..=p`.
    pub fn up_to(p: usize) -> Result<Self> {
        let p = Depth::new(i64::try_from(p).unwrap_or(i64::MAX))?.get();
        Ok(Depths((1..=p).collect()))
    }

    /// Each depth, ascending, as the one-circuit type.
    pub fn each(&self) -> impl Iterator<Item = Depth> + '_ {
        self.0.iter().map(|&p| Depth(p))
    }

    fn normalised(mut depths: Vec<usize>) -> Self {
        depths.sort_unstable();
        depths.dedup();
        Depths(depths)
    }

    /// The depths below `p`, if any.
    pub fn below(&self, p: usize) -> Option<Depths> {
        let below: Vec<usize> = self.0.iter().copied().filter(|&d| d < p).collect();
        (!below.is_empty()).then_some(Depths(below))
    }

    /// The depths, ascending.
    pub fn as_slice(&self) -> &[usize] {
        &self.0
    }

    /// The deepest.
    pub fn max(&self) -> usize {
        self.deepest().get()
    }

    /// The deepest, as the one-circuit type.
    pub fn deepest(&self) -> Depth {
        Depth(self.0.last().copied().unwrap_or(1))
    }
}

impl std::ops::Deref for Depths {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.0
    }
}

/// The depths a solve runs unless told: 1, 2 and 3.
impl Default for Depths {
    fn default() -> Self {
        Depths(vec![1, 2, 3])
    }
}

impl<'a> IntoIterator for &'a Depths {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The depth p of one circuit, 1..=[`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Depth(usize);

impl Depth {
    /// Depth 1.
    pub const ONE: Depth = Depth(1);

    /// `p` when it is 1..=[`MAX_DEPTH`].
    pub fn new(p: i64) -> Result<Self> {
        match usize::try_from(p) {
            Ok(p) if (1..=MAX_DEPTH).contains(&p) => Ok(Depth(p)),
            _ => Err(Error::out_of_range(
                Quantity::Depth,
                p,
                format!("must be 1..={MAX_DEPTH}"),
            )),
        }
    }

    /// `p` as a count (1..=[`MAX_DEPTH`] by construction).
    pub fn get(self) -> usize {
        self.0
    }
}

impl std::fmt::Display for Depth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The confidence level of an interval, strictly between 0 and 1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Confidence(f64);

impl Confidence {
    /// `level` when it lies strictly between 0 and 1.
    pub fn new(level: f64) -> Result<Self> {
        if level > 0.0 && level < 1.0 {
            Ok(Confidence(level))
        } else {
            Err(Error::out_of_range(
                Quantity::Confidence,
                level,
                "give a level strictly between 0 and 1 (0.95 for 95 %)",
            ))
        }
    }

    /// The level.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl Default for Confidence {
    fn default() -> Self {
        Confidence(DEFAULT_CONFIDENCE)
    }
}

/// Shots of one draw, 1..=[`MAX_SHOTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Shots(u64);

impl Shots {
    /// `shots` when it is 1..=[`MAX_SHOTS`].
    pub fn new(shots: i128) -> Result<Self> {
        count_or(Quantity::Shots, shots, MAX_SHOTS, || {
            format!("must be 1..={MAX_SHOTS:e} (a device takes thousands to a million; each shot is one draw here)")
        })
        .map(Shots)
    }

    /// The count.
    pub fn get(self) -> u64 {
        self.0
    }
}

/// Trajectories of one noisy estimate, 1..=[`MAX_TRAJECTORIES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Trajectories(usize);

impl Trajectories {
    /// One trajectory: the noiseless value of a model that draws no error.
    pub const ONE: Trajectories = Trajectories(1);

    /// `t` when it is 1..=[`MAX_TRAJECTORIES`].
    pub fn new(t: i128) -> Result<Self> {
        // MAX_TRAJECTORIES fits a usize, so the count does too.
        count_or(Quantity::Trajectories, t, MAX_TRAJECTORIES as u64, || {
            format!("must be 1..={MAX_TRAJECTORIES} (a million puts the standard error below 5e-4)")
        })
        .map(|t| Trajectories(t as usize))
    }

    /// The count.
    pub fn get(self) -> usize {
        self.0
    }
}

/// [`DEFAULT_TRAJECTORIES`].
impl Default for Trajectories {
    fn default() -> Self {
        Trajectories(DEFAULT_TRAJECTORIES)
    }
}

impl std::fmt::Display for Trajectories {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Most optimiser starts per depth a run takes: each start is a whole optimisation, so more
/// would only make a run that never ends.
pub const MAX_RESTARTS: usize = 10_000;

/// Optimiser starts per depth, 1..=[`MAX_RESTARTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Restarts(usize);

impl Restarts {
    /// One start (the default).
    pub const ONE: Restarts = Restarts(1);

    /// `n` when it is 1..=[`MAX_RESTARTS`].
    pub fn new(n: i128) -> Result<Self> {
        count(Quantity::Restarts, n, MAX_RESTARTS as u64).map(|n| Restarts(n as usize))
    }

    /// The count.
    pub fn get(self) -> usize {
        self.0
    }
}

/// Threads of a run's pool: 0 for one per core, else at most max(256, 16 per core).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Threads(usize);

impl Threads {
    /// The most threads taken: far beyond this machine's cores a pool only costs memory and
    /// start-up time (100 000 threads took 40 s or never started).
    pub fn max() -> usize {
        Self::cores().saturating_mul(16).max(256)
    }

    fn cores() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// `n` threads (0: one per core).
    pub fn new(n: i128) -> Result<Self> {
        let max = Self::max();
        match usize::try_from(n) {
            Ok(n) if n <= max => Ok(Threads(n)),
            _ => Err(Error::out_of_range(
                Quantity::Threads,
                n,
                format!(
                    "must be 0 (one per core) to {max} (16 per core of this machine's {}, and at least 256)",
                    Self::cores()
                ),
            )),
        }
    }

    /// The count (0: one per core).
    pub fn get(self) -> usize {
        self.0
    }
}

/// A time budget in seconds: positive and finite.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Seconds(f64);

impl Seconds {
    /// `s` when it is positive and finite.
    pub fn new(s: f64) -> Result<Self> {
        if s.is_finite() && s > 0.0 {
            Ok(Seconds(s))
        } else {
            Err(Error::out_of_range(
                Quantity::TimeBudget,
                s,
                "give a positive number of seconds",
            ))
        }
    }

    /// The seconds.
    pub fn get(self) -> f64 {
        self.0
    }
}

/// A count that must be at least 1 and at most `max`: restarts, iterations, reads, sweeps.
pub fn count(what: Quantity, n: i128, max: u64) -> Result<u64> {
    count_or(what, n, max, || format!("must be 1..={max}"))
}

/// [`count`] whose message, `why`, says more than the range.
fn count_or(what: Quantity, n: i128, max: u64, why: impl FnOnce() -> String) -> Result<u64> {
    match u64::try_from(n) {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        _ => Err(Error::out_of_range(what, n, why())),
    }
}

/// What a number setting takes, as its refusal says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberKind {
    /// A whole number (its range is checked after: counts, trajectories, depths).
    Whole,
    /// A whole number 0..=2^64 − 1 (seeds).
    Seed,
    /// A whole number ≥ 0 (sizes).
    Size,
    /// Any number, `nan` and `inf` as text (checked after: seconds, levels, angles).
    Real,
}

impl NumberKind {
    /// What it takes, in words.
    pub fn expects(self) -> &'static str {
        match self {
            NumberKind::Whole => "a whole number",
            NumberKind::Seed => "a whole number 0..=18446744073709551615",
            NumberKind::Size => "a whole number ≥ 0",
            NumberKind::Real => "a number",
        }
    }
}

/// A setting's number as given: a JSON number, or text (the command line's, or Python's
/// `"nan"`). The one rule for text on both sides: whitespace around a number, a name or a
/// list is ignored (`' 5'`, `'0.95 '`), as `--depths ' 1'` always was; a file path is
/// taken as written. A whole number written as a float (numpy's `2.0`) is that number; `1.5`
/// is none. The refusal says what the setting takes and what it got (the caller names the
/// setting).
pub fn number_of<T: TryFrom<i128>>(value: &serde_json::Value, kind: NumberKind) -> std::result::Result<T, String> {
    use serde_json::Value;
    let refuse = || {
        let got = match value {
            Value::String(t) if !t.trim().is_empty() && t.trim().parse::<f64>().is_ok() => t.trim().to_string(),
            Value::String(t) => format!("`{t}`"),
            other => other.to_string(),
        };
        format!("takes {}; got {got}", kind.expects())
    };
    let whole = |f: f64| (f.fract() == 0.0 && f.abs() <= 9.0e15).then_some(f as i128);
    let n: Option<i128> = match value {
        Value::Number(n) => n
            .as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
            .or_else(|| n.as_f64().and_then(whole)),
        Value::String(t) => {
            let t = t.trim();
            t.parse::<i128>().ok().or_else(|| t.parse::<f64>().ok().and_then(whole))
        }
        _ => None,
    };
    n.and_then(|n| T::try_from(n).ok()).ok_or_else(refuse)
}

/// A real setting as given (a JSON number, or text with whitespace around it ignored:
/// [`number_of`]'s rule); `nan` and `inf` are numbers here, refused after where they are no
/// value.
pub fn real_of(value: &serde_json::Value) -> std::result::Result<f64, String> {
    use serde_json::Value;
    let read = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(t) => t.trim().parse::<f64>().ok(),
        _ => None,
    };
    read.ok_or_else(|| {
        let got = match value {
            Value::String(t) => format!("`{t}`"),
            other => other.to_string(),
        };
        format!("takes {}; got {got}", NumberKind::Real.expects())
    })
}

/// `Display` (the enum's `name()`) and `FromStr` (the one of its `ALL` so named, by
/// [`choice`]; `$what` names the choice in the error) for an enum of named choices: the names
/// that reports write are the names the command line and Python read back.
macro_rules! named_choice {
    ($t:ty, $what:literal) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $t {
            type Err = crate::error::Error;
            fn from_str(s: &str) -> crate::error::Result<Self> {
                crate::checked::choice(&<$t>::ALL, <$t>::name, $what, s)
            }
        }
    };
}
pub(crate) use named_choice;

/// The one of `all` whose `name` is `s`: how every named choice (space, mixer, level,
/// encoding, puzzle kind) is read, so the message lists the choices in `all`'s order.
pub fn choice<T: Copy>(all: &[T], name: fn(T) -> &'static str, what: &'static str, s: &str) -> Result<T> {
    all.iter()
        .copied()
        .find(|&c| name(c) == s.trim())
        .ok_or_else(|| Error::UnknownName {
            what,
            name: s.to_string(),
            choices: all.iter().map(|&c| name(c)).collect::<Vec<_>>().join(", "),
        })
}

/// The weight of one constraint's penalty in the cost: a finite number above 0 (0 would drop
/// the constraint; docs/lp.md, "Penalties"). Every penalty weighs [`PenaltyWeight::ONE`] unless
/// an override says otherwise. NaN is refused, so the order is total and `Eq` holds.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Serialize)]
#[serde(transparent)]
pub struct PenaltyWeight(f64);

impl Eq for PenaltyWeight {}

impl PenaltyWeight {
    /// The default weight.
    pub const ONE: PenaltyWeight = PenaltyWeight(1.0);

    /// `w` when it is finite and above 0; `given` (the override as given) names it otherwise.
    pub fn new(w: f64, given: &str) -> Result<Self> {
        if w.is_finite() && w > 0.0 {
            Ok(PenaltyWeight(w))
        } else {
            Err(Error::Penalty(PenaltyProblem::Weight {
                given: given.to_string(),
                weight: w.to_string(),
            }))
        }
    }

    /// The weight.
    pub fn get(self) -> f64 {
        self.0
    }
}

/// One penalty override: a constraint's name, or `*` for every constraint, and its weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PenaltyOverride {
    /// The name (`*`: every constraint).
    pub name: String,
    /// The weight.
    pub weight: PenaltyWeight,
}

/// The penalty overrides of a request, by name (`*` first), each name once: `NAME=W` each on the
/// command line, `{"NAME": W}` from Python. As JSON (reports, `--dry-run`): `{"NAME": W, ...}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Penalties(Vec<PenaltyOverride>);

impl Penalties {
    /// The name that stands for every constraint (a name given beside it wins for its own).
    pub const EVERY: &'static str = "*";

    /// Each `NAME=W` of `items`, split at the last `=` (a puzzle's label may hold one: `= sign
    /// 2,1-2,2`), both sides trimmed.
    pub fn parse(items: &[String]) -> Result<Self> {
        let mut out: Vec<PenaltyOverride> = Vec::with_capacity(items.len());
        for given in items {
            let syntax = || Error::Penalty(PenaltyProblem::Syntax { given: given.clone() });
            let (name, weight) = given.rsplit_once('=').ok_or_else(syntax)?;
            let (name, weight) = (name.trim(), weight.trim());
            if name.is_empty() || weight.is_empty() {
                return Err(syntax());
            }
            let w = weight.parse::<f64>().map_err(|_| {
                Error::Penalty(PenaltyProblem::Weight {
                    given: given.clone(),
                    weight: weight.to_string(),
                })
            })?;
            let weight = PenaltyWeight::new(w, given)?;
            if out.iter().any(|o| o.name == name) {
                return Err(Error::Penalty(PenaltyProblem::Repeated { name: name.to_string() }));
            }
            out.push(PenaltyOverride {
                name: name.to_string(),
                weight,
            });
        }
        // One order whatever the order given (`*` first): reports and their JSON read back alike.
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(Penalties(out))
    }

    /// No override: every penalty weighs 1.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The overrides, by name.
    pub fn iter(&self) -> impl Iterator<Item = &PenaltyOverride> {
        self.0.iter()
    }

    /// The overrides as `NAME=W` texts, which [`Penalties::parse`] reads back to the same.
    pub fn texts(&self) -> Vec<String> {
        self.0
            .iter()
            .map(|o| format!("{}={}", o.name, o.weight.get()))
            .collect()
    }
}

impl Serialize for Penalties {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for o in &self.0 {
            map.serialize_entry(&o.name, &o.weight)?;
        }
        map.end()
    }
}

impl<'de> serde::Deserialize<'de> for Penalties {
    /// `{"NAME": W, ...}` as written (a report or manifest read back), checked as given.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, f64>::deserialize(d)?;
        let texts: Vec<String> = map.iter().map(|(n, w)| format!("{n}={w}")).collect();
        Penalties::parse(&texts).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_text_and_list_agree() {
        assert_eq!(
            Depths::parse("3,1..2").unwrap(),
            Depths::from_list(&[3, 1, 2, 2]).unwrap()
        );
        assert_eq!(Depths::parse("1..3,5").unwrap().as_slice(), &[1, 2, 3, 5]);
        for bad in ["", "0", "5..3", "257", "1..257", "a", "1.5"] {
            assert!(matches!(Depths::parse(bad), Err(Error::InvalidDepths { .. })), "{bad}");
        }
        for bad in [&[][..], &[0], &[257], &[-1]] {
            assert!(matches!(
                Depths::from_list(bad),
                Err(Error::OutOfRange {
                    what: Quantity::Depth,
                    ..
                })
            ));
        }
    }

    #[test]
    fn bounds() {
        assert!(Confidence::new(0.5).is_ok());
        for bad in [0.0, 1.0, f64::NAN, -0.1, f64::INFINITY] {
            assert!(Confidence::new(bad).is_err());
        }
        assert!(Shots::new(1).is_ok() && Shots::new(0).is_err() && Shots::new(i128::from(MAX_SHOTS) + 1).is_err());
        assert!(Trajectories::new(1).is_ok() && Trajectories::new(0).is_err() && Trajectories::new(-3).is_err());
        assert!(Threads::new(0).is_ok() && Threads::new(-1).is_err() && Threads::new(1 << 40).is_err());
        assert!(Seconds::new(1e-3).is_ok() && Seconds::new(0.0).is_err() && Seconds::new(f64::NAN).is_err());
    }

    #[test]
    fn penalties_split_at_the_last_equals_sign_and_sort_by_name() {
        let texts = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let p = Penalties::parse(&texts(&["b=2", " = sign 1,0-1,1 = 0.5 ", "*=3"])).unwrap();
        assert_eq!(p.texts(), ["*=3", "= sign 1,0-1,1=0.5", "b=2"]);
        // As JSON and back: the same overrides.
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, r#"{"*":3.0,"= sign 1,0-1,1":0.5,"b":2.0}"#);
        assert_eq!(serde_json::from_str::<Penalties>(&json).unwrap(), p);
        assert!(serde_json::from_str::<Penalties>(r#"{"a": 0}"#).is_err());
        for bad in ["a", "a=", "=1", "a=x", "a=0", "a=-2", "a=nan", "a=inf", "a=-inf"] {
            assert!(Penalties::parse(&texts(&[bad])).is_err(), "{bad}");
        }
        assert!(Penalties::parse(&texts(&["a=1", "a=2"])).is_err());
        assert!(Penalties::parse(&[]).unwrap().is_empty());
    }
}
