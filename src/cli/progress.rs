//! Progress lines on stderr for the long counting runs of `grover`, `solve` and `sweep`.

use quzzle::budget::{seconds_text, Budget, Cancel, Progress};
use quzzle::Result;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
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

/// The flag Ctrl-C sets, the handler installed on first use: a long command reads it between
/// its steps and stops cleanly (a sweep removes its lock, the rows done stay). A second Ctrl-C
/// ends the process at once.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = flag.clone();
        let installed = ctrlc::set_handler(move || {
            if seen.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        if let Err(e) = installed {
            errln!("note: Ctrl-C cannot be caught ({e}): it ends the command at once");
        }
        flag
    })
    .clone()
}

/// The stop request of `command`: Ctrl-C, and `--max-seconds` from now; its loops' progress
/// is printed on stderr every 5 s.
pub fn cancel(command: &'static str, max_seconds: Option<f64>) -> Result<Cancel> {
    let report = move |p: &Progress<'_>| errln!("{}", line(command, p, max_seconds));
    Ok(Cancel::new(interrupt_flag())
        .with_deadline(max_seconds)?
        .with_progress(INTERVAL, Box::new(report)))
}
