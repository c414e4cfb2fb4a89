//! Progress lines on stderr for the long counting runs of `grover`, `solve` and `sweep`.

use quzzle::budget::{seconds_text, Budget, Progress};
use quzzle::Result;
use std::time::Duration;

/// Seconds between two progress lines.
const INTERVAL: Duration = Duration::from_secs(5);

/// One progress line: `grover: q.txt: counting the cost histogram of space rows+cols: 1048576
/// of 479001600 states counted, 0.2 % after 5 s, about 38 min left (budget 60 s)`.
pub fn line(command: &str, p: &Progress<'_>, max_seconds: Option<f64>) -> String {
    let mut s = format!("{command}: {}: {}", p.task, p.detail);
    if let Some(f) = p.fraction {
        s += &format!(", {:.1} %", 100.0 * f.clamp(0.0, 1.0));
    }
    s += &format!(" after {:.0} s", p.seconds);
    if let Some(rest) = p.remaining_seconds() {
        s += &format!(", about {} left", seconds_text(rest));
    }
    if let Some(m) = max_seconds {
        s += &format!(" (budget {m} s)");
    }
    s
}

/// The budget of `--max-seconds` with `report` printing its progress lines.
pub fn budget<'a>(max_seconds: Option<f64>, report: &'a (dyn Fn(&Progress<'_>) + Sync)) -> Result<Budget<'a>> {
    Budget::new(max_seconds, INTERVAL, Some(report))
}
