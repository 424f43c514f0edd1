//! Counts too big for one machine: `--shard I/N` and `--state FILE` on the
//! long counts, and `tessera merge` (docs/counting-at-scale.md).
//!
//! A sharded count cuts its work into parts by a rule that depends only on
//! the problem and N (`tessera::engine::shard`), does the parts of shard I
//! and prints one JSON line. `merge` adds the lines up after checking that
//! they are the N shards of one problem, counted by one version. The state
//! file is the count's checkpoint: the parts finished so far with their
//! counts, rewritten (atomically) every few seconds; a count started again
//! with the same file skips them.

use crate::failure::{exit_code, Failure};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use tessera::engine::pool;
use tessera::engine::shard::{fnv1a64, PartCounts, Shard};

/// The version every shard line carries: shards of different versions may
/// cut the work differently, so `merge` refuses to mix them.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// When the process started: a shard's seconds include its setup (the
/// matrix, the parts and their weights), not only the counting.
static START: OnceLock<Instant> = OnceLock::new();

/// Note the start of the process (first thing in `main`).
pub fn mark_start() {
    START.get_or_init(Instant::now);
}

/// What the state file says it is (bumped if its fields change meaning).
const STATE_FORMAT: &str = "tessera-count-state/1";

/// The options every long count takes.
#[derive(Args, Clone, Debug)]
pub struct ShardArgs {
    /// Do only shard I of N (0-based, 0/N … N-1/N) and print one JSON line
    /// for `tessera merge`; the split depends only on the problem and N
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Save the finished parts of the count to FILE every few seconds, and
    /// resume from FILE if it exists (after a kill: same total)
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Seconds between two saves of --state
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    pub state_every: f64,
}

impl ShardArgs {
    /// Whether the count runs part by part (sharded or checkpointed).
    pub fn active(&self) -> bool {
        self.shard.is_some() || self.state.is_some()
    }

    /// The shard to do (the whole count without `--shard`).
    pub fn shard(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }

    /// Refuse options a part-by-part count cannot honour.
    pub fn refuse(&self, what: &str, given: bool) -> Result<(), Failure> {
        if given && self.active() {
            return Err(Failure::Input(format!(
                "{what} cannot be used with --shard or --state (a sharded count counts every solution)"
            )));
        }
        Ok(())
    }
}

/// What is being counted: a readable id and a hash of its full
/// description (pieces, cells, options), both in every shard line.
#[derive(Clone, Debug)]
pub struct Problem {
    pub id: String,
    pub hash: String,
}

impl Problem {
    pub fn new(id: String, description: &str) -> Problem {
        Problem {
            id,
            hash: format!("{:016x}", fnv1a64(description.as_bytes())),
        }
    }
}

/// The one JSON line a shard prints.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The problem's id (`polyform pentominoes-6x10 all`, …).
    pub problem: String,
    /// FNV-1a 64 of the problem's description, hex.
    pub hash: String,
    /// `I/N`.
    pub shard: String,
    /// Solutions in this shard's parts.
    pub count: u128,
    /// Search nodes (0 where the counter has none: Quantumino's slices,
    /// the Sudoku kernels).
    pub nodes: u64,
    /// Seconds spent, over every run that resumed the count.
    pub seconds: f64,
    /// The Tessera version that counted.
    pub tessera: String,
    /// Parts this shard did, of how many in all.
    pub parts: usize,
    pub parts_total: usize,
}

/// The state file: what the count is, then the finished parts (`parts`,
/// `done`: the fields of [`PartCounts`], as the browser saves them).
#[derive(Serialize, Deserialize)]
struct StateFile {
    format: String,
    tessera: String,
    problem: String,
    hash: String,
    shard: String,
    parts: u32,
    done: BTreeMap<u32, u128>,
    nodes: u64,
    seconds: f64,
}

/// A count's progress through its parts, saved to the state file.
pub struct Checkpoint {
    problem: Problem,
    shard: Shard,
    /// This shard's parts.
    mine: Vec<usize>,
    path: Option<PathBuf>,
    every: Duration,
    last_save: Instant,
    last_note: Instant,
    progress: PartCounts,
    nodes: u64,
    seconds_before: f64,
    started: Instant,
}

impl Checkpoint {
    /// A fresh checkpoint, or the one in `--state` after checking it is the
    /// same count (problem, version, shard, parts).
    pub fn open(args: &ShardArgs, problem: &Problem, parts: usize) -> Result<Checkpoint, Failure> {
        let mine = args.shard().parts_of(parts);
        Checkpoint::open_with(args, problem, parts, mine)
    }

    /// [`open`](Self::open) for a shard whose parts are `mine` (dealt by
    /// weight rather than round robin).
    pub fn open_with(
        args: &ShardArgs,
        problem: &Problem,
        parts: usize,
        mine: Vec<usize>,
    ) -> Result<Checkpoint, Failure> {
        if !(args.state_every >= 0.0 && args.state_every.is_finite()) {
            return Err(Failure::Input(format!(
                "--state-every {}: expected a number of seconds, 0 or more",
                args.state_every
            )));
        }
        let shard = args.shard();
        let parts32 = u32::try_from(parts)
            .map_err(|_| Failure::Input(format!("{parts} parts are too many")))?;
        let mut cp = Checkpoint {
            problem: problem.clone(),
            shard,
            mine,
            path: args.state.clone(),
            every: Duration::from_secs_f64(args.state_every),
            last_save: Instant::now(),
            last_note: Instant::now(),
            progress: PartCounts::new(parts32),
            nodes: 0,
            seconds_before: 0.0,
            started: *START.get_or_init(Instant::now),
        };
        let Some(path) = &args.state else {
            return Ok(cp);
        };
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                cp.save()?;
                return Ok(cp);
            }
            Err(e) => {
                return Err(Failure::Input(format!(
                    "cannot read --state {}: {e}",
                    path.display()
                )))
            }
        };
        let where_ = path.display();
        let s: StateFile = serde_json::from_str(&text).map_err(|e| {
            Failure::Input(format!(
                "--state {where_} is not a Tessera count state ({e}); delete it to start afresh"
            ))
        })?;
        let mismatch = |what: &str, theirs: &str, ours: &str| {
            Failure::Input(format!(
                "--state {where_} holds another count: its {what} is {theirs}, this count's is {ours} \
                 (use another file, or delete it to start afresh)"
            ))
        };
        if s.format != STATE_FORMAT {
            return Err(mismatch("format", &s.format, STATE_FORMAT));
        }
        if s.problem != problem.id || s.hash != problem.hash {
            return Err(mismatch(
                "problem",
                &format!("{} ({})", s.problem, s.hash),
                &format!("{} ({})", problem.id, problem.hash),
            ));
        }
        if s.tessera != VERSION {
            return Err(mismatch("Tessera version", &s.tessera, VERSION));
        }
        if s.shard != shard.to_string() {
            return Err(mismatch("shard", &s.shard, &shard.to_string()));
        }
        if s.parts != parts32 {
            return Err(mismatch(
                "number of parts",
                &s.parts.to_string(),
                &parts.to_string(),
            ));
        }
        if let Some(p) = s.done.keys().find(|&&p| !cp.mine.contains(&(p as usize))) {
            return Err(Failure::Input(format!(
                "--state {where_}: part {p} is not one of shard {shard}'s parts (a damaged file?)"
            )));
        }
        cp.progress.done = s.done;
        cp.nodes = s.nodes;
        cp.seconds_before = s.seconds;
        if !cp.progress.done.is_empty() {
            eprintln!(
                "tessera: resuming from {where_}: {} of {} parts done",
                cp.progress.done.len(),
                cp.mine.len()
            );
        }
        Ok(cp)
    }

    /// This shard's parts not finished yet.
    pub fn todo(&self) -> Vec<usize> {
        self.mine
            .iter()
            .copied()
            .filter(|&p| !self.progress.done.contains_key(&(p as u32)))
            .collect()
    }

    /// Record a finished part; saves when the last save is old enough.
    pub fn finish(&mut self, part: usize, count: u128, nodes: u64) -> Result<(), Failure> {
        self.progress.done.insert(part as u32, count);
        self.nodes += nodes;
        if self.path.is_some() && self.last_save.elapsed() >= self.every {
            self.save()?;
        }
        if self.last_note.elapsed() >= Duration::from_secs(10) {
            self.last_note = Instant::now();
            eprintln!(
                "tessera: shard {}: {} of {} parts done, {:.0} s",
                self.shard,
                self.progress.done.len(),
                self.mine.len(),
                self.seconds()
            );
        }
        Ok(())
    }

    fn seconds(&self) -> f64 {
        self.seconds_before + self.started.elapsed().as_secs_f64()
    }

    /// Write the state file (to a temporary file renamed over it, so a kill
    /// while writing leaves the previous state whole).
    pub fn save(&mut self) -> Result<(), Failure> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let s = StateFile {
            format: STATE_FORMAT.into(),
            tessera: VERSION.into(),
            problem: self.problem.id.clone(),
            hash: self.problem.hash.clone(),
            shard: self.shard.to_string(),
            parts: self.progress.parts,
            done: self.progress.done.clone(),
            nodes: self.nodes,
            seconds: self.seconds(),
        };
        let text = serde_json::to_string(&s).expect("a state serialises") + "\n";
        let mut tmp = path.clone().into_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let fail =
            |e: io::Error| Failure::Input(format!("cannot write --state {}: {e}", path.display()));
        std::fs::write(&tmp, text).map_err(fail)?;
        std::fs::rename(&tmp, path).map_err(fail)?;
        self.last_save = Instant::now();
        Ok(())
    }

    /// The shard's line, once every part is done.
    pub fn report(&self) -> Report {
        Report {
            problem: self.problem.id.clone(),
            hash: self.problem.hash.clone(),
            shard: self.shard.to_string(),
            count: self.progress.total(),
            nodes: self.nodes,
            seconds: (self.seconds() * 1000.0).round() / 1000.0,
            tessera: VERSION.into(),
            parts: self.mine.len(),
            parts_total: self.progress.parts as usize,
        }
    }

    /// The count so far (the whole shard's once [`todo`](Self::todo) is empty).
    pub fn total(&self) -> u128 {
        self.progress.total()
    }

    /// Search nodes so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Count the parts `todo` on `threads` threads, each thread taking the next
/// part not yet taken; each finished part goes into the checkpoint.
pub fn run_parts<F>(
    checkpoint: &Mutex<Checkpoint>,
    todo: &[usize],
    threads: usize,
    count: F,
) -> Result<(), Failure>
where
    F: Fn(usize) -> Result<(u128, u64), Failure> + Sync,
{
    pool::for_each(
        todo.len(),
        threads,
        &AtomicBool::new(false),
        || (),
        |(), k| {
            let part = todo[k];
            let (n, nodes) = count(part)?;
            checkpoint
                .lock()
                .expect("checkpoint lock")
                .finish(part, n, nodes)
        },
        |()| {},
        None,
    )
}

/// Print the shard's JSON line (with `--shard`) after the final save.
pub fn print_report(checkpoint: &mut Checkpoint) -> Result<(), Failure> {
    checkpoint.save()?;
    let line = serde_json::to_string(&checkpoint.report()).expect("a report serialises");
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}

/// `tessera merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// Files of shard lines, as `--shard` prints them (several lines per
    /// file are fine; '-' reads standard input)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the merged result as one JSON line instead of the total alone
    #[arg(long)]
    json: bool,
}

/// `merge --json`'s line.
#[derive(Serialize)]
struct Merged<'a> {
    problem: &'a str,
    hash: &'a str,
    shards: u32,
    count: u128,
    nodes: u64,
    seconds: f64,
    seconds_min: f64,
    seconds_median: f64,
    seconds_max: f64,
    tessera: &'a str,
}

/// A shard line and where it was read.
struct Read {
    report: Report,
    shard: Shard,
    at: String,
}

fn read_lines(path: &Path, out: &mut Vec<Read>) -> Result<(), Failure> {
    let name = path.display().to_string();
    let reader: Box<dyn BufRead> = if name == "-" {
        Box::new(io::BufReader::new(io::stdin()))
    } else {
        let f = std::fs::File::open(path)
            .map_err(|e| Failure::Input(format!("cannot read {name}: {e}")))?;
        Box::new(io::BufReader::new(f))
    };
    for (k, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Failure::Input(format!("cannot read {name}: {e}")))?;
        let at = format!("{name} line {}", k + 1);
        if line.trim().is_empty() {
            continue;
        }
        let report: Report = serde_json::from_str(&line).map_err(|e| {
            Failure::Input(format!(
                "{at} is not a shard line of `tessera … --shard I/N` ({e})"
            ))
        })?;
        let shard =
            Shard::parse(&report.shard).map_err(|e| Failure::Input(format!("{at}: {e}")))?;
        out.push(Read { report, shard, at });
    }
    Ok(())
}

pub fn merge(a: MergeArgs) -> u8 {
    exit_code("merge", merge_files(&a))
}

fn merge_files(a: &MergeArgs) -> Result<(), Failure> {
    let mut lines = Vec::new();
    for f in &a.files {
        read_lines(f, &mut lines)?;
    }
    let Some(first) = lines.first() else {
        return Err(Failure::Input("no shard lines in the files given".into()));
    };
    let (p, n) = (&first.report, first.shard.count);
    let mut seen: BTreeMap<u32, &Read> = BTreeMap::new();
    for r in &lines {
        let q = &r.report;
        if q.problem != p.problem || q.hash != p.hash {
            return Err(Failure::Input(format!(
                "foreign shard: {} is shard {} of `{}` (hash {}), but {} is of `{}` (hash {}); \
                 merge the shards of one count only",
                r.at, q.shard, q.problem, q.hash, first.at, p.problem, p.hash
            )));
        }
        if q.tessera != p.tessera {
            return Err(Failure::Input(format!(
                "{} was counted by Tessera {} but {} by Tessera {}: versions may cut the work \
                 differently, so run every shard with one version",
                r.at, q.tessera, first.at, p.tessera
            )));
        }
        if r.shard.count != n {
            return Err(Failure::Input(format!(
                "{} is shard {} but {} is shard {}: every shard of a count must use the same N",
                r.at, q.shard, first.at, p.shard
            )));
        }
        if let Some(before) = seen.insert(r.shard.index, r) {
            let again = if before.at == r.at {
                format!("{} (a file given twice?)", r.at)
            } else {
                r.at.clone()
            };
            return Err(Failure::Input(format!(
                "doubled shard: shard {} is in {} and again in {again}; give each shard once",
                q.shard, before.at
            )));
        }
    }
    let missing: Vec<String> = (0..n)
        .filter(|i| !seen.contains_key(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(20).map(String::as_str).collect();
        return Err(Failure::Input(format!(
            "missing shard{}: {}{} ({} of {n} given for `{}`); run {} and merge again",
            if missing.len() == 1 { "" } else { "s" },
            shown.join(", "),
            if missing.len() > shown.len() {
                ", …"
            } else {
                ""
            },
            seen.len(),
            p.problem,
            if missing.len() == 1 { "it" } else { "them" },
        )));
    }
    let total: u128 = lines.iter().map(|r| r.report.count).sum();
    let nodes: u64 = lines.iter().map(|r| r.report.nodes).sum();
    let mut secs: Vec<f64> = lines.iter().map(|r| r.report.seconds).collect();
    secs.sort_by(f64::total_cmp);
    let (min, med, max) = (secs[0], secs[secs.len() / 2], secs[secs.len() - 1]);
    let sum: f64 = secs.iter().sum();
    eprintln!(
        "{n} shard(s) of {}: {nodes} nodes, shard seconds min {min:.3} / median {med:.3} / max {max:.3}, sum {sum:.3}",
        p.problem
    );
    let mut out = io::stdout().lock();
    if a.json {
        let merged = Merged {
            problem: &p.problem,
            hash: &p.hash,
            shards: n,
            count: total,
            nodes,
            seconds: sum,
            seconds_min: min,
            seconds_median: med,
            seconds_max: max,
            tessera: &p.tessera,
        };
        let line = serde_json::to_string(&merged).expect("a merge serialises");
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    Ok(())
}
