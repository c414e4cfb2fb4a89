//! A wall-clock budget and progress reports for long counting runs (exact searches, cost
//! histograms, Grover curves). The library checks the budget at its own pace and reports how
//! far it has gone through a callback; printing is the caller's business.

use crate::checked::Seconds;
use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A stop request from outside a run (Ctrl-C in Python, or on the command line): a flag another
/// thread sets, which the run reads between its steps (optimiser evaluations, sweep rows,
/// counting chunks, noisy trajectories) and stops at with [`Error::Interrupted`]; optionally
/// also a deadline (`--max-seconds`), past which it stops with [`Error::OutOfTime`]. The
/// default never stops. It may also carry a progress report ([`Cancel::with_progress`]), which
/// the same loops feed with how far they have gone ([`Cancel::tick`]).
#[derive(Clone, Default)]
pub struct Cancel {
    flag: Option<Arc<AtomicBool>>,
    /// The deadline and the seconds it was set from.
    deadline: Option<(Instant, f64)>,
    /// The progress callback, when its next call is due, and when the request began.
    progress: Option<Arc<Ticker>>,
    /// The part of a longer run this request stands for ([`Cancel::within`]).
    part: Option<Arc<Part>>,
}

/// A part of a longer run (one depth of several): its label names it in progress and stop
/// messages, and its fractions are told as the span `[lo, hi]` of the whole.
#[derive(Debug)]
struct Part {
    label: String,
    lo: f64,
    hi: f64,
}

/// A progress callback called at most once per interval.
struct Ticker {
    began: Instant,
    interval: Duration,
    next: Mutex<Instant>,
    /// The last fraction told: a tick that cannot tell one (an optimiser evaluation) reports
    /// the enclosing loop's (the depths done).
    fraction: Mutex<Option<f64>>,
    /// The span of the fraction credited without work in this run ([`Cancel::skip`]).
    skipped: Mutex<f64>,
    report: Box<dyn Fn(&Progress<'_>) + Send + Sync>,
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cancel")
            .field("flag", &self.flag)
            .field("deadline", &self.deadline)
            .field("progress", &self.progress.is_some())
            .field("part", &self.part)
            .finish()
    }
}

/// Every request equals every other: a way to stop a run is not one of its settings, so
/// settings that carry one (noise, optimiser) compare by what they compute.
impl PartialEq for Cancel {
    fn eq(&self, _: &Cancel) -> bool {
        true
    }
}

impl Cancel {
    /// A request that never stops and reports nothing (the default, usable in statics).
    pub const fn never() -> Self {
        Cancel {
            flag: None,
            deadline: None,
            progress: None,
            part: None,
        }
    }

    /// This request for a part of the run: `label` (`p = 3`) before its progress details and
    /// in its stop's task, its fractions told as `[lo, hi]` of the whole (the depths before
    /// it, weighed, and with it).
    pub fn within(&self, label: impl Into<String>, lo: f64, hi: f64) -> Self {
        Cancel {
            part: Some(Arc::new(Part {
                label: label.into(),
                lo,
                hi,
            })),
            ..self.clone()
        }
    }

    /// This request's part narrowed to the `i`th of `n` equal shares of it (one of the noise
    /// models of a depth), the same label, so that the fraction told runs once through the
    /// part, not once per share; unchanged where it has no part.
    pub fn share(&self, i: usize, n: usize) -> Self {
        let Some(p) = &self.part else {
            return self.clone();
        };
        let n = n.max(1) as f64;
        let width = (p.hi - p.lo) / n;
        self.within(
            p.label.clone(),
            p.lo + width * i as f64,
            p.lo + width * (i as f64 + 1.0),
        )
    }

    /// Counts this request's part as done without work (a noisy estimate taken from a stored
    /// report on resuming): the fraction still passes it, but the pace, and so the time left,
    /// is told from the work this run did, not from seconds it never spent.
    pub fn skip(&self) {
        if let (Some(t), Some(p)) = (&self.progress, &self.part) {
            if let Ok(mut s) = t.skipped.lock() {
                *s += p.hi - p.lo;
            }
        }
    }

    /// `task` with the part's label, when there is one.
    fn named(&self, task: &str) -> String {
        match &self.part {
            Some(p) => format!("{task} at {}", p.label),
            None => task.to_string(),
        }
    }

    /// Stop once `flag` is set.
    pub fn new(flag: Arc<AtomicBool>) -> Self {
        Cancel {
            flag: Some(flag),
            ..Cancel::default()
        }
    }

    /// This request, also stopping `max_seconds` from now (none: no deadline); a count too
    /// large for the clock is no deadline.
    pub fn with_deadline(self, max_seconds: Option<Seconds>) -> Self {
        let Some(s) = max_seconds.map(Seconds::get) else {
            return self;
        };
        let deadline = Duration::try_from_secs_f64(s)
            .ok()
            .and_then(|d| Instant::now().checked_add(d))
            .map(|d| (d, s));
        Cancel { deadline, ..self }
    }

    /// Seconds until the deadline (0 once it has passed); `None` without one.
    pub fn seconds_left(&self) -> Option<f64> {
        self.deadline
            .map(|(d, _)| d.saturating_duration_since(Instant::now()).as_secs_f64())
    }

    /// This request, also stopping `seconds` from now where that comes before its own deadline
    /// (one part of a run given a share of its time; its stops then name the share).
    pub fn with_share(self, seconds: f64) -> Self {
        let Some(end) = Duration::try_from_secs_f64(seconds.max(0.0))
            .ok()
            .and_then(|d| Instant::now().checked_add(d))
        else {
            return self;
        };
        match self.deadline {
            Some((d, _)) if d <= end => self,
            // The seconds as its stop message tells them.
            _ => Cancel {
                deadline: Some((end, (seconds * 10.0).round() / 10.0)),
                ..self
            },
        }
    }

    /// This request with `other`'s deadline (a later stage of one run keeps the deadline its
    /// first stage set, rather than starting the clock again).
    pub fn with_deadline_of(self, other: &Cancel) -> Self {
        Cancel {
            deadline: other.deadline,
            ..self
        }
    }

    /// This request, also calling `report` with the progress its loops tell
    /// ([`Cancel::tick`]), at most once per `interval` (the first one interval from now).
    pub fn with_progress(self, interval: Duration, report: Box<dyn Fn(&Progress<'_>) + Send + Sync>) -> Self {
        let began = Instant::now();
        let ticker = Ticker {
            began,
            interval,
            next: Mutex::new(began.checked_add(interval).unwrap_or(began)),
            fraction: Mutex::new(None),
            skipped: Mutex::new(0.0),
            report,
        };
        Cancel {
            progress: Some(Arc::new(ticker)),
            ..self
        }
    }

    /// Tell how far `task` has gone (`fraction` of its work, when known; `detail` in its own
    /// units, computed only when a report is due), which reaches the progress callback when a
    /// report is due. Without a fraction the last one told is reported.
    pub fn tick(&self, task: &str, fraction: Option<f64>, detail: impl FnOnce() -> String) {
        let Some(t) = &self.progress else {
            return;
        };
        let fraction = match &self.part {
            Some(p) => fraction.map(|f| p.lo + (p.hi - p.lo) * f.clamp(0.0, 1.0)),
            None => fraction,
        };
        let fraction = match (fraction, t.fraction.lock()) {
            (Some(f), Ok(mut last)) => {
                *last = Some(f);
                Some(f)
            }
            (None, Ok(last)) => *last,
            (f, Err(_)) => f,
        };
        let Some(now) = report_due(&t.next, t.interval) else {
            return;
        };
        let detail = match &self.part {
            Some(p) => format!("{}: {}", p.label, detail()),
            None => detail(),
        };
        (t.report)(&Progress {
            task,
            fraction,
            skipped: t.skipped.lock().map_or(0.0, |s| *s),
            detail: &detail,
            seconds: now.duration_since(t.began).as_secs_f64(),
        });
    }

    /// Whether the stop was asked for (the flag, not the deadline).
    pub fn interrupted(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the stop was asked for, or the deadline has passed.
    pub fn is_set(&self) -> bool {
        self.interrupted() || self.deadline.is_some_and(|(d, _)| Instant::now() >= d)
    }

    /// [`Error::Interrupted`] naming `task` once the stop was asked for, or
    /// [`Error::OutOfTime`] once the deadline has passed.
    pub fn check(&self, task: &str) -> Result<()> {
        if self.interrupted() {
            return Err(Error::Interrupted { task: self.named(task) });
        }
        if let Some((d, seconds)) = self.deadline {
            if Instant::now() >= d {
                return Err(Error::OutOfTime {
                    task: self.named(task),
                    seconds,
                    done: format!("{:.1} s", seconds + Instant::now().duration_since(d).as_secs_f64()),
                    instead: None,
                });
            }
        }
        Ok(())
    }
}

/// How far a long run has gone.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    /// What runs (`counting the cost histogram of q.txt on space rows`).
    pub task: &'a str,
    /// The part of the work done, in [0, 1], when it can be told.
    pub fraction: Option<f64>,
    /// The part of `fraction` credited without work in this run (estimates taken from a stored
    /// report), which the pace leaves out.
    pub skipped: f64,
    /// What was done, in the task's own units (`1048576 of 33554432 states`).
    pub detail: &'a str,
    /// Seconds since the budget started.
    pub seconds: f64,
}

impl Progress<'_> {
    /// Seconds the rest would take at the pace so far (`None` before any measurable progress).
    /// Before any work this run did, or while what was skipped is all the fraction has passed,
    /// `None`.
    pub fn remaining_seconds(&self) -> Option<f64> {
        remaining(self.fraction, self.skipped, self.seconds)
    }
}

/// The rest of a run `fraction` through, `skipped` of it credited without work, at the pace of
/// the `seconds` spent on the rest.
fn remaining(fraction: Option<f64>, skipped: f64, seconds: f64) -> Option<f64> {
    let f = fraction?;
    let worked = f.min(1.0) - skipped;
    (worked > 0.0 && worked.is_finite()).then(|| seconds * (1.0 - f.min(1.0)) / worked)
}

/// The progress callback: called from any thread, at most once per interval.
pub type ProgressFn<'a> = dyn Fn(&Progress<'_>) + Sync + 'a;

/// A time budget (optional) and a progress callback (optional), shared by the threads of one
/// run. An unlimited budget without a callback costs one clock read per check.
pub struct Budget<'a> {
    began: Instant,
    max_seconds: Option<f64>,
    deadline: Option<Instant>,
    interval: Duration,
    /// When the next progress report is due.
    next_report: Mutex<Instant>,
    progress: Option<&'a ProgressFn<'a>>,
    /// A stop asked for from outside: the budget is then spent.
    cancel: Cancel,
}

impl Budget<'static> {
    /// No time limit, no reports.
    pub fn unlimited() -> Self {
        let now = Instant::now();
        Budget {
            began: now,
            max_seconds: None,
            deadline: None,
            interval: Duration::MAX,
            next_report: Mutex::new(now),
            progress: None,
            cancel: Cancel::default(),
        }
    }
}

impl<'a> Budget<'a> {
    /// A budget of `max_seconds` (none: no limit) starting now, calling `progress` at most once
    /// per `interval` (the first time one interval from now); `max_seconds` too large for the
    /// clock is no limit.
    pub fn new(max_seconds: Option<Seconds>, interval: Duration, progress: Option<&'a ProgressFn<'a>>) -> Self {
        let max_seconds = max_seconds.map(Seconds::get);
        let began = Instant::now();
        let deadline = max_seconds
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .and_then(|d| began.checked_add(d));
        Budget {
            began,
            max_seconds,
            deadline,
            interval,
            next_report: Mutex::new(began.checked_add(interval).unwrap_or(began)),
            progress,
            cancel: Cancel::default(),
        }
    }

    /// The time limit in seconds, if any.
    pub fn max_seconds(&self) -> Option<f64> {
        self.max_seconds
    }

    /// Seconds since the budget started.
    pub fn seconds(&self) -> f64 {
        self.began.elapsed().as_secs_f64()
    }

    /// This budget, also spent as soon as `cancel` is set (the run's error then says it was
    /// interrupted, not out of time).
    pub fn with_cancel(self, cancel: Cancel) -> Self {
        Budget { cancel, ..self }
    }

    /// This budget's clock, limit and progress reports, heeding `cancel` instead (one part of
    /// the run, stopped by its own share of the time: [`Cancel::with_share`]).
    pub fn heeding(&self, cancel: Cancel) -> Budget<'a> {
        Budget {
            began: self.began,
            max_seconds: self.max_seconds,
            deadline: self.deadline,
            interval: self.interval,
            next_report: Mutex::new(*self.next_report.lock().unwrap_or_else(|e| e.into_inner())),
            progress: self.progress,
            cancel,
        }
    }

    /// The stop request this budget heeds.
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// Whether the time is up (or the run was asked to stop).
    pub fn expired(&self) -> bool {
        self.cancel.is_set() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Report progress when a report is due; `fraction` and `detail` are only computed then.
    pub fn tick(&self, task: &str, fraction: impl FnOnce() -> Option<f64>, detail: impl FnOnce() -> String) {
        let Some(progress) = self.progress else {
            return;
        };
        let Some(now) = report_due(&self.next_report, self.interval) else {
            return;
        };
        let detail = detail();
        progress(&Progress {
            task,
            fraction: fraction(),
            skipped: 0.0,
            detail: &detail,
            seconds: now.duration_since(self.began).as_secs_f64(),
        });
    }

    /// The error of a run stopped by the budget: what ran, what was done, and how long the
    /// whole would take at the pace so far.
    pub fn out_of_time(&self, task: &str, fraction: Option<f64>, detail: &str) -> Error {
        // A stop asked for from outside says so; a deadline, the request's or the budget's,
        // is told with what was done.
        if self.cancel.interrupted() {
            return Error::Interrupted { task: task.to_string() };
        }
        let seconds = self.seconds();
        let mut done = format!("{detail} in {seconds:.1} s");
        if let Some(f) = fraction.filter(|f| f.is_finite()) {
            done += &format!(", about {:.1} % of the work", 100.0 * f.clamp(0.0, 1.0));
            if let Some(rest) = remaining(Some(f), 0.0, seconds) {
                done += &format!("; at this pace the whole takes about {}", seconds_text(seconds + rest));
            }
        }
        Error::OutOfTime {
            task: task.to_string(),
            seconds: self.max_seconds.unwrap_or(seconds),
            done,
            instead: None,
        }
    }
}

/// A duration for people: `12 s`, `4.5 min`, `3.2 h`, `2.1 days`, `4.0e3 years`.
pub fn seconds_text(s: f64) -> String {
    if !s.is_finite() {
        "forever".into()
    } else if s < 100.0 {
        format!("{s:.0} s")
    } else if s < 6000.0 {
        format!("{:.1} min", s / 60.0)
    } else if s < 172_800.0 {
        format!("{:.1} h", s / 3600.0)
    } else if s < 3.0e7 {
        format!("{:.1} days", s / 86_400.0)
    } else {
        format!("{:.1e} years", s / 3.156e7)
    }
}

/// `Some(now)` when a progress report is due (the time in `next` has come), the next one then
/// set `interval` on; `None` otherwise. Another thread reporting right now stands for this one.
fn report_due(next: &Mutex<Instant>, interval: Duration) -> Option<Instant> {
    let now = Instant::now();
    let mut next = next.try_lock().ok()?;
    if now < *next {
        return None;
    }
    *next = now.checked_add(interval).unwrap_or(now);
    Some(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_share_stops_a_part_first_and_never_outlives_the_whole() {
        assert_eq!(Cancel::default().seconds_left(), None);
        let whole = Cancel::default().with_deadline(secs(1000.0));
        let left = whole.seconds_left().unwrap();
        assert!(left > 999.0 && left <= 1000.0, "{left}");
        // A share shorter than what is left stops first, and its stop names the share.
        let part = whole.clone().with_share(0.0);
        assert!(part.is_set() && !whole.is_set());
        match part.check("optimising").unwrap_err() {
            Error::OutOfTime { seconds, .. } => assert!(seconds.abs() < 1e-12, "{seconds}"),
            e => panic!("{e}"),
        }
        // A share past the whole's deadline keeps the whole's.
        let long = whole.clone().with_share(5000.0);
        assert!(long.seconds_left().unwrap() <= 1000.0);
        match long.with_share(0.0).check("x").unwrap_err() {
            Error::OutOfTime { .. } => {}
            e => panic!("{e}"),
        }
        // Without a deadline, a share is one; Ctrl-C still stops it as interrupted.
        let flag = Arc::new(AtomicBool::new(false));
        let free = Cancel::new(flag.clone()).with_share(1000.0);
        assert!(free.seconds_left().unwrap() <= 1000.0 && !free.is_set());
        flag.store(true, Ordering::SeqCst);
        assert!(matches!(free.check("x"), Err(Error::Interrupted { .. })));
    }

    fn secs(s: f64) -> Option<Seconds> {
        Some(Seconds::new(s).unwrap())
    }

    #[test]
    fn budgets_take_huge_seconds_as_no_limit() {
        let b = Budget::new(secs(1e20), Duration::MAX, None);
        assert!(!b.expired());
        assert!(!Budget::unlimited().expired());
        let b = Budget::new(secs(1e-9), Duration::MAX, None);
        std::thread::sleep(Duration::from_millis(2));
        assert!(b.expired());
    }

    #[test]
    fn reports_come_once_per_interval_with_an_estimate() {
        let calls = AtomicUsize::new(0);
        let last = Mutex::new(None);
        let f = |p: &Progress<'_>| {
            calls.fetch_add(1, Ordering::Relaxed);
            *last.lock().unwrap() = Some((p.task.to_string(), p.detail.to_string(), p.remaining_seconds()));
        };
        let b = Budget::new(None, Duration::ZERO, Some(&f));
        b.tick("counting", || Some(0.5), || "half".into());
        assert_eq!(calls.load(Ordering::Relaxed), 1);
        let (task, detail, rest) = last.lock().unwrap().clone().unwrap();
        assert_eq!((task.as_str(), detail.as_str()), ("counting", "half"));
        assert!(rest.is_some_and(|r| r >= 0.0));
        let b = Budget::new(None, Duration::from_secs(3600), Some(&f));
        b.tick("counting", || Some(0.5), || "half".into());
        assert_eq!(calls.load(Ordering::Relaxed), 1, "not due for an hour");
    }

    /// A request reporting at every tick, and what `record` makes of each report.
    fn recording<T: Send + 'static>(
        record: impl Fn(&Progress<'_>) -> T + Send + Sync + 'static,
    ) -> (Cancel, Arc<Mutex<Vec<T>>>) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let c = Cancel::default().with_progress(
            Duration::ZERO,
            Box::new(move |p: &Progress<'_>| sink.lock().unwrap().push(record(p))),
        );
        (c, seen)
    }

    /// The models of a depth share its part: the second of two tells its fractions in the
    /// upper half, so the fraction runs once through the depth, not once per model.
    #[test]
    fn a_share_of_a_part_tells_its_fractions_within_its_share() {
        let (c, seen) = recording(|p| (p.fraction, p.detail.to_string()));
        let depth = c.within("p = 2", 0.5, 1.0);
        depth.share(0, 2).tick("trajectories", Some(1.0), || "heron".into());
        depth.share(1, 2).tick("trajectories", Some(0.0), || "aria".into());
        depth.share(1, 2).tick("trajectories", Some(0.5), || "aria".into());
        // No part: nothing to share.
        c.share(1, 2).tick("trajectories", Some(0.5), || "whole".into());
        let seen = seen.lock().unwrap().clone();
        assert_eq!(
            seen,
            vec![
                (Some(0.75), "p = 2: heron".to_string()),
                (Some(0.75), "p = 2: aria".to_string()),
                (Some(0.875), "p = 2: aria".to_string()),
                (Some(0.5), "whole".to_string()),
            ]
        );
    }

    /// A share taken from a stored report is passed by the fraction but not by the pace: the
    /// time left is told from the work done (a resumed run at 78 % after seconds of it said
    /// "about 40 s left" of 35 minutes' work).
    #[test]
    fn a_skipped_share_is_left_out_of_the_pace() {
        let (c, seen) = recording(|p| (p.fraction, p.skipped, p.seconds, p.remaining_seconds()));
        let depth = c.within("p = 2", 0.5, 1.0);
        c.within("p = 1", 0.0, 0.5).skip();
        depth.share(0, 2).skip();
        // Nothing worked yet: no time left is told.
        depth.share(1, 2).tick("trajectories", Some(0.0), || "aria".into());
        depth.share(1, 2).tick("trajectories", Some(0.5), || "aria".into());
        // Without a part nothing is skipped.
        Cancel::default().skip();
        let seen = seen.lock().unwrap().clone();
        assert_eq!((seen[0].0, seen[0].1, seen[0].3), (Some(0.75), 0.75, None));
        let (f, skipped, seconds, rest) = seen[1];
        assert_eq!((f, skipped), (Some(0.875), 0.75));
        // An eighth worked in `seconds`: the eighth left takes as long.
        let rest = rest.unwrap();
        assert!((rest - seconds).abs() <= 1e-12 * seconds.max(1.0), "{rest} {seconds}");
    }

    #[test]
    fn a_request_reports_its_loops_progress_and_keeps_the_last_fraction() {
        let (c, seen) = recording(|p| (p.task.to_string(), p.fraction, p.detail.to_string()));
        c.tick("depths", Some(0.25), || "p = 2".into());
        c.tick("optimising", None, || "3 gradients".into());
        let seen = seen.lock().unwrap().clone();
        assert_eq!(
            seen,
            [
                ("depths".to_string(), Some(0.25), "p = 2".to_string()),
                ("optimising".to_string(), Some(0.25), "3 gradients".to_string())
            ]
        );
        // A deadline says out of time with the seconds; the flag says interrupted.
        let e = Cancel::default().with_deadline(secs(1e-9));
        std::thread::sleep(Duration::from_millis(2));
        assert!(matches!(e.check("x"), Err(Error::OutOfTime { .. })));
        assert!(Cancel::default().check("x").is_ok());
    }

    #[test]
    fn a_cancelled_budget_is_spent_and_says_interrupted() {
        let flag = Arc::new(AtomicBool::new(false));
        let b = Budget::unlimited().with_cancel(Cancel::new(flag.clone()));
        assert!(!b.expired() && b.cancel().check("counting").is_ok());
        flag.store(true, Ordering::Relaxed);
        assert!(b.expired());
        let e = b.out_of_time("counting x", Some(0.5), "half");
        assert!(matches!(e, Error::Interrupted { .. }), "{e}");
        assert!(e.to_string().starts_with("counting x: interrupted"), "{e}");
        assert!(b.cancel().check("counting").is_err());
        assert!(!Cancel::default().is_set());
    }

    #[test]
    fn out_of_time_says_what_was_done_and_what_the_whole_needs() {
        let b = Budget::new(secs(0.5), Duration::MAX, None);
        std::thread::sleep(Duration::from_millis(20));
        let e = b.out_of_time("counting x", Some(0.01), "10 of 1000 states").to_string();
        assert!(
            e.starts_with("counting x: no result within the time budget of 0.5 s"),
            "{e}"
        );
        assert!(e.contains("10 of 1000 states in"), "{e}");
        assert!(
            e.contains("about 1.0 % of the work; at this pace the whole takes about"),
            "{e}"
        );
        // The command line adds how to raise the budget.
        assert!(e.ends_with(")") && !e.contains("--max-seconds"), "{e}");
        assert_eq!(seconds_text(7200.0), "2.0 h");
        assert_eq!(seconds_text(30.0), "30 s");
    }
}
