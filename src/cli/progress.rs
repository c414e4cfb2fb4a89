//! Progress lines on stderr for the long counting runs of `grover`, `solve` and `sweep`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use quzzle::budget::{seconds_text, Budget, Cancel, Progress};
use quzzle::checked::Seconds;
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
    Ok(Budget::new(seconds(max_seconds)?, INTERVAL, Some(report)).with_cancel(interrupt()))
}

/// `--max-seconds` checked (positive, finite), as the requests check it.
fn seconds(max_seconds: Option<f64>) -> Result<Option<Seconds>> {
    max_seconds.map(Seconds::new).transpose()
}

/// The flag Ctrl-C (and SIGTERM and SIGHUP: ctrlc's `termination`) sets. The handler is
/// installed first thing in `main` ([`install_handler`]), so no signal ends a command unannounced.
/// Until the command takes the flag (a stop request or budget made from it, which its loops
/// read), the first signal ends the process at once with the interrupted message (exit 130);
/// once taken, it sets the flag, which the long loops read and stop at cleanly (a sweep removes
/// its lock, the rows done stay). A second signal ends the process at once.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = handler_flag();
    TAKEN.store(true, Ordering::SeqCst);
    flag
}

/// Whether a command reads the flag ([`interrupt_flag`]).
static TAKEN: AtomicBool = AtomicBool::new(false);

/// The command running, named in the message of a signal that ends it before it reads the flag.
static COMMAND: OnceLock<String> = OnceLock::new();

/// Install the signal handler (once; before any work). `command` names the message of a signal
/// that comes before the command reads the flag.
pub fn install_handler(command: &str) {
    let _ = COMMAND.set(command.to_string());
    handler_flag();
}

fn handler_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = flag.clone();
        let installed = ctrlc::set_handler(move || {
            if !TAKEN.load(Ordering::SeqCst) {
                let task = COMMAND.get().map_or("quzzle", String::as_str).to_string();
                errln!(
                    "error: {}",
                    super::errors::message(&quzzle::Error::Interrupted { task })
                );
                std::process::exit(130);
            }
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

/// The stop request of Ctrl-C alone (no deadline, no progress lines).
pub fn interrupt() -> Cancel {
    Cancel::new(interrupt_flag())
}

/// The stop request of `command`: Ctrl-C, and `--max-seconds` from now; its loops' progress
/// is printed on stderr every 5 s.
pub fn cancel(command: &'static str, max_seconds: Option<f64>) -> Result<Cancel> {
    let report = move |p: &Progress<'_>| errln!("{}", line(command, p, max_seconds));
    Ok(Cancel::new(interrupt_flag())
        .with_deadline(seconds(max_seconds)?)
        .with_progress(INTERVAL, Box::new(report)))
}

/// Steps of [`depth_bar`]: the depths' work (weighed by p, as the library's depth loop tells
/// it) scaled to this.
const BAR_STEPS: u64 = 1000;

/// The progress bar of a run over depths, as `sweep` draws its own: on stderr, drawn only when
/// stderr is a terminal (hidden otherwise), redrawn every second so that the elapsed time and
/// the estimate move during a long depth. Clear it before printing the result.
pub fn depth_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(BAR_STEPS), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("[{bar:30}] {percent:>3}% {elapsed:>4}  {wide_msg}")
            .expect("valid template")
            .progress_chars("#>."),
    );
    if !bar.is_hidden() {
        bar.enable_steady_tick(Duration::from_secs(1));
    }
    bar
}

/// [`cancel`] for a run over `depths` with `bar` ([`depth_bar`]): on a terminal the loops'
/// progress moves the bar (at most every 0.2 s: an estimate of the rest at the pace so far,
/// the depth running and what it has done); otherwise a line every 5 s, as [`cancel`] prints.
pub fn cancel_with_bar(
    command: &'static str,
    max_seconds: Option<f64>,
    bar: &ProgressBar,
    depths: &[usize],
) -> Result<Cancel> {
    if bar.is_hidden() {
        return cancel(command, max_seconds);
    }
    let bar = bar.clone();
    let depths = depths.to_vec();
    let report = move |p: &Progress<'_>| {
        if let Some(f) = p.fraction {
            bar.set_position((f.clamp(0.0, 1.0) * BAR_STEPS as f64) as u64);
        }
        let what = match depth_running(&depths, p) {
            Some(d) => format!("p = {d}"),
            None => p.task.to_string(),
        };
        let rest = p
            .remaining_seconds()
            .filter(|&r| r > 0.0)
            .map(|r| format!(", about {} left", seconds_text(r)))
            .unwrap_or_default();
        bar.set_message(format!("{what}{rest}: {}", p.detail));
    };
    Ok(Cancel::new(interrupt_flag())
        .with_deadline(seconds(max_seconds)?)
        .with_progress(Duration::from_millis(200), Box::new(report)))
}

/// The depth running when the depth loop (`quzzle::experiment::solve::run_depths`) has told
/// `p.fraction`: the depths before it, weighed by p, over all of them, computed as the loop
/// computes it. `None` for another loop's fraction (noisy trajectories) or none.
fn depth_running(depths: &[usize], p: &Progress<'_>) -> Option<usize> {
    if p.task != quzzle::experiment::solve::DEPTHS_TASK {
        return None;
    }
    let f = p.fraction?;
    let total: usize = depths.iter().sum();
    let mut weighed = 0;
    for &d in depths {
        if weighed as f64 / total as f64 == f {
            return Some(d);
        }
        weighed += d;
    }
    None
}

/// The note `solve` prints before a run when a far smaller space exists
/// ([`quzzle::simulation::advice::smaller_space`]), with the flags that run it.
pub fn smaller_space_note(s: &quzzle::simulation::advice::SmallerSpace) -> String {
    let states = |log2: f64| {
        if log2 <= 40.0 {
            format!("{:.0}", log2.exp2())
        } else {
            format!("2^{log2:.1}")
        }
    };
    format!(
        "note: space {} has {} basis states; space {}, which the {} mixer keeps, has {} ({:.0}x fewer): `--space {} --mixer {}` runs it, and `quzzle info` lists every space",
        s.chosen,
        states(s.chosen_log2),
        s.space,
        s.mixer,
        states(s.log2_dimension),
        s.ratio(),
        s.space,
        s.mixer
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_depth_running_is_read_from_the_depth_loops_fraction() {
        let at = |task: &str, fraction: Option<f64>| {
            depth_running(
                &[1, 2, 3],
                &Progress {
                    task,
                    fraction,
                    skipped: 0.0,
                    detail: "",
                    seconds: 1.0,
                },
            )
        };
        let task = quzzle::experiment::solve::DEPTHS_TASK;
        assert_eq!(at(task, Some(0.0)), Some(1));
        assert_eq!(at(task, Some(1.0 / 6.0)), Some(2));
        assert_eq!(at(task, Some(3.0 / 6.0)), Some(3));
        assert_eq!(at(task, Some(0.25)), None);
        assert_eq!(at(task, None), None);
        assert_eq!(at("noisy trajectories", Some(0.0)), None);
    }

    #[test]
    fn the_smaller_space_note_names_the_flags() {
        use quzzle::encoding::space::SpaceChoice;
        let note = smaller_space_note(&quzzle::simulation::advice::SmallerSpace {
            chosen: SpaceChoice::Full,
            chosen_log2: 25.0,
            space: SpaceChoice::Rows,
            mixer: quzzle::mixer::MixerKind::XyRing,
            log2_dimension: 3125f64.log2(),
        });
        assert!(
            note.starts_with("note: space full has 33554432 basis states; space rows, which the xy-ring mixer keeps, has 3125 (10737x fewer): `--space rows --mixer xy-ring` runs it"),
            "{note}"
        );
    }
}
