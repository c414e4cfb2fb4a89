//! [`PenaltyProblem`]: what is wrong with a penalty override (`--penalty NAME=W`, Python's
//! `penalty={"NAME": W}`), named by the override as given (docs/lp.md, "Penalties").

/// An override that is not `NAME=WEIGHT`, whose weight is not a positive finite number, or
/// whose name no constraint of the model has.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PenaltyProblem {
    /// No `=`, or nothing on one side of it.
    #[error("penalty `{given}`: give NAME=WEIGHT: a constraint's name (or `*` for every constraint) and the weight of its penalty")]
    Syntax {
        /// The override as given.
        given: String,
    },
    /// A weight that is not a number, or not finite and above 0.
    #[error("penalty `{given}`: the weight must be a finite number above 0 (0 would drop the constraint from the cost), not `{weight}`")]
    Weight {
        /// The override as given.
        given: String,
        /// Its weight as given.
        weight: String,
    },
    /// One name given twice.
    #[error("penalty `{name}` is given twice; give each name once")]
    Repeated {
        /// The name.
        name: String,
    },
    /// A name no constraint of the model has.
    #[error("{file}: penalty `{name}`: no constraint is named so; its constraints are named {}{} (`quzzle info {file}` lists them)", some.join(", "), if *total > some.len() { format!(", ... ({total} in all)") } else { String::new() })]
    UnknownName {
        /// The model's file.
        file: String,
        /// The name given.
        name: String,
        /// The first few names the model has, quoted.
        some: Vec<String>,
        /// How many names it has.
        total: usize,
    },
}
