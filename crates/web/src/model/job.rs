//! The pure half of a view's job controller (`ui::job::JobRun`): the run
//! state and its transitions, the live progress and its text, the status
//! message's tone and the stats line. The views bind these to signals; the
//! rules themselves are tested here, natively.

use crate::model::format::{format_ms, group, noun, plural, time_left};
use tessera_engine::search::Progress;
use tessera_jobs::event::Stats;

/// What a workbench runs a job for (Solving, Counting, FindingAll …): each
/// workbench has its own small enum.
pub trait Purpose: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Lower-case name, as pages expose the run state (`data-run`).
    fn name(self) -> &'static str;
    /// Does a job for this purpose show live progress (a bar) while it runs?
    fn shows_progress(self) -> bool {
        false
    }
    /// Does its `Waiting`/`Done` set the stats line?
    fn reports_stats(self) -> bool {
        true
    }
}

/// What a view's job is doing. The purpose rides along while the job is
/// paused or being cancelled, so the final event knows what it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState<P> {
    Idle,
    /// Working: looking for the next solution, counting, …
    Running(P),
    /// An enumeration delivered its batch and waits in the worker for More.
    Waiting(P),
    /// Cancel was asked; the job's final `Done` is on its way.
    Cancelling(P),
}

impl<P: Purpose> RunState<P> {
    /// "idle", the purpose's name while running, "waiting", "cancelling".
    pub fn name(self) -> &'static str {
        match self {
            RunState::Idle => "idle",
            RunState::Running(p) => p.name(),
            RunState::Waiting(_) => "waiting",
            RunState::Cancelling(_) => "cancelling",
        }
    }

    /// The purpose of the job, unless idle.
    pub fn purpose(self) -> Option<P> {
        match self {
            RunState::Idle => None,
            RunState::Running(p) | RunState::Waiting(p) | RunState::Cancelling(p) => Some(p),
        }
    }

    /// Running or cancelling: the worker is busy, the view's buttons wait.
    pub fn is_busy(self) -> bool {
        matches!(self, RunState::Running(_) | RunState::Cancelling(_))
    }

    pub fn is_running(self) -> bool {
        matches!(self, RunState::Running(_))
    }

    /// Running for exactly this purpose.
    pub fn is(self, p: P) -> bool {
        self == RunState::Running(p)
    }

    pub fn is_waiting(self) -> bool {
        matches!(self, RunState::Waiting(_))
    }

    pub fn is_cancelling(self) -> bool {
        matches!(self, RunState::Cancelling(_))
    }

    /// After `Waiting`: paused, same purpose. A stray `Waiting` while idle
    /// keeps idle.
    pub fn paused(self) -> RunState<P> {
        match self.purpose() {
            Some(p) => RunState::Waiting(p),
            None => RunState::Idle,
        }
    }

    /// After the user's Cancel: only a running job is cancelled.
    pub fn cancelled(self) -> RunState<P> {
        match self {
            RunState::Running(p) => RunState::Cancelling(p),
            other => other,
        }
    }
}

/// The status line's tone: how a message reads (class `message {name}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Success,
    Error,
}

impl Tone {
    pub fn name(self) -> &'static str {
        match self {
            Tone::Info => "info",
            Tone::Success => "success",
            Tone::Error => "error",
        }
    }
}

/// One status message.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub tone: Tone,
    pub text: String,
}

impl Message {
    pub fn new(tone: Tone, text: impl Into<String>) -> Message {
        Message {
            tone,
            text: text.into(),
        }
    }
}

/// Live counters of a running job.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Live {
    pub nodes: u64,
    pub solutions: u128,
    /// Share of the search tree explored, 0..=1.
    pub fraction: f64,
    /// Since the job started.
    pub elapsed_ms: f64,
    /// Conflicts so far of a clause-learning (SAT) search, which has no
    /// share of a tree to report: views show these instead of a bar.
    pub conflicts: Option<u64>,
}

impl Live {
    pub fn at(p: Progress, elapsed_ms: f64) -> Live {
        Live {
            nodes: p.nodes,
            solutions: p.solutions,
            fraction: p.fraction,
            elapsed_ms,
            conflicts: p.conflicts,
        }
    }

    /// "12,345 conflicts · 3,400 a second" for a SAT search, else `None`.
    pub fn conflicts_text(&self) -> Option<String> {
        let c = self.conflicts?;
        let rate = if self.elapsed_ms >= 100.0 {
            format!(
                " · {} a second",
                group((c as f64 * 1000.0 / self.elapsed_ms).round() as u128)
            )
        } else {
            String::new()
        };
        Some(format!(
            "{}{rate}",
            plural(c as u128, "conflict", "conflicts")
        ))
    }

    /// The fraction as a percentage, 0..=100.
    pub fn percent(&self) -> f64 {
        percent(self.fraction)
    }

    /// "about 3 min left" / "estimating time left…".
    pub fn eta(&self) -> String {
        time_left(self.elapsed_ms, self.fraction)
    }

    /// Sudoku's counter: " solutions so far · 1,234 nodes · 0.42% of the tree".
    /// For SAT: " solutions so far · 1,234 conflicts · 3,400 a second ·
    /// clause learning: no share of the search to show".
    pub fn tree_text(&self) -> String {
        if let Some(c) = self.conflicts_text() {
            return format!(
                " {} so far · {c} · {SAT_NO_SHARE}",
                noun(self.solutions, "solution", "solutions")
            );
        }
        let pct = self.percent();
        let pct_text = if pct > 0.0 && pct < 0.01 {
            "<0.01%".to_string()
        } else {
            format!("{pct:.2}%")
        };
        format!(
            " {} so far · {} · {pct_text} of the tree",
            noun(self.solutions, "solution", "solutions"),
            plural(self.nodes as u128, "node", "nodes")
        )
    }

    /// A Solve's counter, before its first solution: " 1,234 nodes · 4.2% of
    /// the tree · 3.1 s" (no time left: a first solution can come anywhere).
    pub fn search_text(&self) -> String {
        format!(
            " {} · {:.1}% of the tree · {}",
            plural(self.nodes as u128, "node", "nodes"),
            self.percent(),
            format_ms(self.elapsed_ms)
        )
    }

    /// Polyforms' counter: " solutions so far · 1,234 nodes · 4.2% · about 3 s left".
    pub fn eta_text(&self) -> String {
        format!(
            " {} so far · {} · {:.1}% · {}",
            noun(self.solutions, "solution", "solutions"),
            plural(self.nodes as u128, "node", "nodes"),
            self.percent(),
            self.eta()
        )
    }

    /// Variants' one-line counter: "3 solutions so far · 1,234 nodes · 4%".
    pub fn line_text(&self) -> String {
        if let Some(c) = self.conflicts_text() {
            return format!(
                "{} so far · {c} · {SAT_NO_SHARE}",
                plural(self.solutions, "solution", "solutions")
            );
        }
        format!(
            "{} so far · {} · {:.0}%",
            plural(self.solutions, "solution", "solutions"),
            plural(self.nodes as u128, "node", "nodes"),
            self.fraction * 100.0
        )
    }
}

/// What a SAT search says instead of a share: clause learning has no tree
/// whose explored part could be measured.
pub const SAT_NO_SHARE: &str = "SAT: clause learning, no share of the search to show";
const SAT_NO_SHARE_SHORT: &str = "clause learning: no share of the search to show";

/// A running solve's line: nodes so far, or for SAT its conflicts.
pub fn search_so_far(p: &Progress, elapsed_ms: f64) -> String {
    match Live::at(*p, elapsed_ms).conflicts_text() {
        Some(c) => format!("Searching with SAT: {c} ({SAT_NO_SHARE_SHORT})"),
        None => nodes_so_far(p.nodes),
    }
}

/// A fraction as a percentage clamped to 0..=100.
pub fn percent(fraction: f64) -> f64 {
    (fraction * 100.0).clamp(0.0, 100.0)
}

/// How a progress bar writes its numbers (the views have always differed
/// in precision; the DOM stays as it was).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarStyle {
    pub label: &'static str,
    /// Decimals of `aria-valuenow`.
    pub now_decimals: usize,
    /// Decimals of the fill's width.
    pub width_decimals: usize,
    /// Draw at least a sliver (0.5%) so a started job shows.
    pub sliver: bool,
}

impl BarStyle {
    /// The search-tree bar of Sudoku and Polyforms.
    pub const TREE: BarStyle = BarStyle {
        label: "Share of the search tree explored",
        now_decimals: 2,
        width_decimals: 3,
        sliver: true,
    };

    /// (`aria-valuenow`, the fill's `style`) for `fraction`.
    pub fn attrs(&self, fraction: f64) -> (String, String) {
        let pct = percent(fraction);
        let width = if self.sliver { pct.max(0.5) } else { pct };
        (
            format!("{pct:.*}", self.now_decimals),
            format!("width:{width:.*}%", self.width_decimals),
        )
    }
}

/// "12.7 ms · 4,575 nodes explored": a finished search.
pub fn stats_line(s: &Stats) -> String {
    format!(
        "{} · {} explored",
        format_ms(s.elapsed_ms),
        plural(s.nodes as u128, "node", "nodes")
    )
}

/// "1,234 nodes so far": a search still looking.
pub fn nodes_so_far(nodes: u64) -> String {
    format!("{} nodes so far", group(nodes as u128))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Job {
        Solving,
        Counting,
    }

    impl Purpose for Job {
        fn name(self) -> &'static str {
            match self {
                Job::Solving => "solving",
                Job::Counting => "counting",
            }
        }
        fn shows_progress(self) -> bool {
            self == Job::Counting
        }
    }

    #[test]
    fn a_search_line_names_nodes_share_and_time() {
        let l = Live {
            nodes: 12_345,
            solutions: 0,
            fraction: 0.042,
            elapsed_ms: 3100.0,
            conflicts: None,
        };
        let text = l.search_text();
        assert!(
            text.starts_with(" 12,345 nodes · 4.2% of the tree · "),
            "{text}"
        );
        assert!(text.ends_with(&format_ms(3100.0)), "{text}");
        assert!(!text.contains("left"), "{text}");
    }

    #[test]
    fn run_states_name_themselves() {
        assert_eq!(RunState::<Job>::Idle.name(), "idle");
        assert_eq!(RunState::Running(Job::Solving).name(), "solving");
        assert_eq!(RunState::Running(Job::Counting).name(), "counting");
        assert_eq!(RunState::Waiting(Job::Solving).name(), "waiting");
        assert_eq!(RunState::Cancelling(Job::Counting).name(), "cancelling");
    }

    #[test]
    fn transitions_keep_the_purpose() {
        let run = RunState::Running(Job::Counting);
        assert!(run.is_busy() && run.is_running() && run.is(Job::Counting));
        assert!(!run.is(Job::Solving));
        assert_eq!(run.cancelled(), RunState::Cancelling(Job::Counting));
        assert!(run.cancelled().is_busy() && !run.cancelled().is_running());
        assert_eq!(run.paused(), RunState::Waiting(Job::Counting));
        assert!(!run.paused().is_busy());
        // Only a running job is cancelled; a stray Waiting keeps idle.
        assert_eq!(
            RunState::Waiting(Job::Solving).cancelled(),
            RunState::Waiting(Job::Solving)
        );
        assert_eq!(RunState::<Job>::Idle.cancelled(), RunState::Idle);
        assert_eq!(RunState::<Job>::Idle.paused(), RunState::Idle);
        assert_eq!(RunState::<Job>::Idle.purpose(), None);
        assert_eq!(
            RunState::Cancelling(Job::Solving).purpose(),
            Some(Job::Solving)
        );
        assert!(Job::Counting.shows_progress() && !Job::Solving.shows_progress());
        assert!(Job::Solving.reports_stats());
    }

    #[test]
    fn tones_name_their_class() {
        assert_eq!(Tone::Info.name(), "info");
        assert_eq!(Tone::Success.name(), "success");
        assert_eq!(Tone::Error.name(), "error");
        assert_eq!(Message::new(Tone::Error, "x").text, "x");
    }

    #[test]
    fn progress_texts() {
        let live = Live {
            nodes: 12_345,
            solutions: 7,
            fraction: 0.00005,
            elapsed_ms: 2000.0,
            conflicts: None,
        };
        assert_eq!(
            live.tree_text(),
            " solutions so far · 12,345 nodes · <0.01% of the tree"
        );
        assert_eq!(
            Live {
                fraction: 0.25,
                ..live
            }
            .tree_text(),
            " solutions so far · 12,345 nodes · 25.00% of the tree"
        );
        assert_eq!(
            Live {
                fraction: 0.25,
                ..live
            }
            .eta_text(),
            " solutions so far · 12,345 nodes · 25.0% · about 6.00 s left"
        );
        assert_eq!(live.eta(), "estimating time left…");
        assert_eq!(
            Live {
                fraction: 0.5,
                ..live
            }
            .line_text(),
            "7 solutions so far · 12,345 nodes · 50%"
        );
        assert_eq!(
            Live::default().line_text(),
            "0 solutions so far · 0 nodes · 0%"
        );
        let p = Progress {
            nodes: 3,
            solutions: 2,
            fraction: 0.1,
            conflicts: None,
        };
        assert_eq!(Live::at(p, 5.0).solutions, 2);
    }

    #[test]
    fn a_sat_search_shows_conflicts_not_a_share() {
        let p = Progress {
            nodes: 50_000,
            solutions: 0,
            fraction: 0.0,
            conflicts: Some(12_345),
        };
        let live = Live::at(p, 2_000.0);
        assert_eq!(
            live.tree_text(),
            format!(" solutions so far · 12,345 conflicts · 6,173 a second · {SAT_NO_SHARE}")
        );
        assert!(live
            .line_text()
            .starts_with("0 solutions so far · 12,345 conflicts"));
        assert!(!live.tree_text().contains('%'), "no share for SAT");
        // Too early for a rate.
        assert_eq!(
            Live::at(p, 50.0).conflicts_text().as_deref(),
            Some("12,345 conflicts")
        );
        assert_eq!(
            search_so_far(&p, 2_000.0),
            "Searching with SAT: 12,345 conflicts · 6,173 a second \
             (clause learning: no share of the search to show)"
        );
        // Tree searches are unchanged.
        let tree = Progress {
            conflicts: None,
            ..p
        };
        assert_eq!(search_so_far(&tree, 2_000.0), "50,000 nodes so far");
    }

    #[test]
    fn bars_keep_their_precision() {
        assert_eq!(
            BarStyle::TREE.attrs(0.0),
            ("0.00".to_string(), "width:0.500%".to_string())
        );
        assert_eq!(
            BarStyle::TREE.attrs(1.5),
            ("100.00".to_string(), "width:100.000%".to_string())
        );
        let count = BarStyle {
            label: "Count progress",
            now_decimals: 0,
            width_decimals: 2,
            sliver: false,
        };
        assert_eq!(
            count.attrs(0.123),
            ("12".to_string(), "width:12.30%".to_string())
        );
    }

    #[test]
    fn stats_lines() {
        let s = Stats {
            nodes: 4575,
            elapsed_ms: 12.74,
            ..Stats::default()
        };
        assert_eq!(stats_line(&s), "12.7 ms · 4,575 nodes explored");
        assert_eq!(
            stats_line(&Stats {
                nodes: 1,
                ..Stats::default()
            }),
            "0.00 ms · 1 node explored"
        );
        assert_eq!(nodes_so_far(1234), "1,234 nodes so far");
    }
}
