//! Polyform Puzzler's catalogue in the CLI: the embedded asset and
//! `tessera polyform count-catalogue`, which counts every puzzle it can
//! within a time budget each and writes a Markdown report comparing
//! Tessera's counts with the ones PP publishes.
//!
//! The counts are Tessera's own (its symmetry reduction, its solvers); the
//! published number is only read from the asset to be compared and shown.

use crate::failure::Failure;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tessera::engine::polyform::budget::{count_within, BudgetedCount as Outcome};
use tessera::engine::polyform::catalogue::{Catalogue, Entry};

/// The asset, embedded in the native binary only: the engine parses it from
/// any text, so the browser can fetch it lazily instead.
pub const ASSET: &str = include_str!("../../../crates/engine/data/pp-catalogue.txt");

/// The parsed catalogue (parsed once, on first use).
pub fn get() -> &'static Catalogue {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| Catalogue::parse(ASSET).expect("the embedded catalogue parses"))
}

#[derive(Args)]
pub struct CountArgs {
    /// Time budget per puzzle, in seconds
    #[arg(long, value_name = "S")]
    max_seconds: f64,
    /// Only puzzles matching every word (as `polyform list --search`)
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Only puzzles with a published count
    #[arg(long)]
    published_only: bool,
    /// Only puzzles whose published count is certain and at most N (the
    /// speed target: every one of at most 100,000 in 30 minutes)
    #[arg(long, value_name = "N")]
    published_at_most: Option<u128>,
    /// Threads sharing each puzzle's search (default 1)
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// Write the Markdown report here (default: standard output)
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
}

fn machine() -> String {
    let nproc = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    format!("{nproc} logical CPUs (nproc), {cpu}")
}

/// Escape a table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// One report row and its verdict (agree / disagree / unfinished / error).
fn row(e: &Entry, a: &CountArgs, budget: Duration) -> (String, &'static str) {
    let published = match &e.published {
        Some(p) if p.uncertain => format!(
            "{} ({})",
            p.count,
            cell(p.phrase.as_deref().unwrap_or("uncertain"))
        ),
        Some(p) => p.count.to_string(),
        None => "–".to_string(),
    };
    let puzzle = match get().puzzle(e) {
        Ok(p) => p,
        Err(err) => {
            return (
                format!(
                    "| {} | {} | {} | {published} | – | error | – | – | – | – | – | {} |",
                    e.id,
                    e.lattice.family(),
                    e.cells,
                    cell(&err.to_string())
                ),
                "error",
            )
        }
    };
    let o = match count_within(&puzzle, true, a.threads, budget) {
        Ok(o) => o,
        Err(err) => {
            return (
                format!(
                    "| {} | {} | {} | {published} | – | error | – | {} | – | – | – | {} |",
                    e.id,
                    e.lattice.family(),
                    e.cells,
                    a.threads,
                    cell(&err.to_string())
                ),
                "error",
            )
        }
    };
    let mut notes: Vec<String> = e.notes.clone();
    if let Some(r) = &o.restricted {
        notes.push(format!("Tessera restricts {r}"));
    }
    if let Some(p) = &o.proof {
        notes.push(p.clone());
    }
    // Worth a note only where it mattered: a long count's balance.
    if let Some(sh) = o.sharing.filter(|s| s.given > 0 || s.waited >= 1.0) {
        notes.push(format!(
            "{} parts, {} of them given away by running parts; threads waited {:.1} s in all",
            sh.parts, sh.given, sh.waited
        ));
    }
    let (tessera, verdict) = match (o.count, &e.published) {
        (Some(n), Some(p)) if n == p.count => (n.to_string(), "agree"),
        (Some(n), Some(p)) => {
            if e.pp_restriction == "none" && o.symmetries > 1 {
                // PP counts every solution: compare with Tessera's count of
                // all solutions, symmetric copies included.
                match count_within(&puzzle, false, a.threads, budget) {
                    Ok(Outcome {
                        count: Some(all), ..
                    }) if all == p.count => {
                        notes.push(format!(
                            "PP applies no symmetry restriction: its count is of all solutions; Tessera's all-solutions count is {all}"
                        ));
                        return (
                            format_row(
                                e,
                                &published,
                                &format!("{n} ({all} all)"),
                                "agree (all)",
                                &o,
                                a,
                                &notes,
                            ),
                            "agree",
                        );
                    }
                    Ok(Outcome {
                        count: Some(all), ..
                    }) => notes.push(format!("all solutions: {all}")),
                    _ => {}
                }
            }
            if n > 0 && p.count % n == 0 && p.count > n {
                notes.push(format!(
                    "PP's count is {}× Tessera's (Tessera identifies solutions under {} symmetries)",
                    p.count / n,
                    o.symmetries
                ));
            }
            (n.to_string(), "disagree")
        }
        (Some(n), None) => (n.to_string(), "counted"),
        (None, _) => (format!("≥ {} (unfinished)", o.found), "unfinished"),
    };
    (
        format_row(e, &published, &tessera, verdict, &o, a, &notes),
        verdict,
    )
}

fn format_row(
    e: &Entry,
    published: &str,
    tessera: &str,
    verdict: &str,
    o: &Outcome,
    a: &CountArgs,
    notes: &[String],
) -> String {
    let fraction = if o.count.is_some() {
        "1".to_string()
    } else {
        format!("{:.2e}", o.fraction)
    };
    format!(
        "| {} | {} | {} | {published} | {tessera} | {verdict} | {:.2} | {} | {} | {} | {fraction} | {} |",
        e.id,
        e.lattice.family(),
        e.cells,
        o.secs,
        a.threads,
        o.symmetries,
        o.nodes,
        cell(&notes.join("; "))
    )
}

/// `tessera polyform count-catalogue`.
pub fn count(a: CountArgs) -> Result<(), Failure> {
    if !(a.max_seconds > 0.0 && a.max_seconds.is_finite()) {
        return Err(Failure::Input("--max-seconds must be positive".into()));
    }
    if a.threads == 0 {
        return Err(Failure::Input("--threads must be at least 1".into()));
    }
    let budget = Duration::from_secs_f64(a.max_seconds);
    let cat = get();
    let chosen: Vec<&Entry> = cat
        .entries()
        .iter()
        .filter(|e| a.filter.as_deref().is_none_or(|f| e.matches(f)))
        .filter(|e| !a.published_only || e.published.is_some())
        .filter(|e| {
            a.published_at_most.is_none_or(|n| {
                e.published
                    .as_ref()
                    .is_some_and(|p| !p.uncertain && p.count <= n)
            })
        })
        .collect();
    let started = Instant::now();
    let mut rows = Vec::new();
    let mut unsupported = Vec::new();
    let mut tally = std::collections::BTreeMap::<&str, usize>::new();
    for (k, e) in chosen.iter().enumerate() {
        if let Some(why) = &e.unsupported {
            unsupported.push(format!("* `{}`: {}", e.id, why));
            continue;
        }
        let (line, verdict) = row(e, &a, budget);
        eprintln!("[{}/{}] {} {verdict}", k + 1, chosen.len(), e.id);
        *tally.entry(verdict).or_default() += 1;
        rows.push(line);
    }
    let mut args = vec![format!("--max-seconds {}", a.max_seconds)];
    if let Some(f) = &a.filter {
        args.push(format!("--filter '{f}'"));
    }
    if a.published_only {
        args.push("--published-only".into());
    }
    if let Some(n) = a.published_at_most {
        args.push(format!("--published-at-most {n}"));
    }
    args.push(format!("--threads {}", a.threads));
    if let Some(path) = &a.report {
        args.push(format!("--report {}", path.display()));
    }
    let mut md = String::new();
    md.push_str("# Polyform Puzzler catalogue: Tessera's counts\n\n");
    md.push_str(&format!(
        "Command: `tessera polyform count-catalogue {}`  \n",
        args.join(" ")
    ));
    md.push_str(&format!("Machine: {}  \n", machine()));
    md.push_str(&format!(
        "Puzzles: {} chosen, {} counted, {} unsupported; total time {:.0} s.\n\n",
        chosen.len(),
        rows.len(),
        unsupported.len(),
        started.elapsed().as_secs_f64()
    ));
    md.push_str("Verdicts: ");
    md.push_str(
        &tally
            .iter()
            .map(|(k, v)| format!("{v} {k}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    md.push('.');
    if tally.contains_key("disagree") {
        md.push_str(
            " Each disagreement is explained in \
[docs/catalogue-disagreements.md](catalogue-disagreements.md).",
        );
    }
    md.push_str(
        "\n\nCounts are once up to the puzzle's symmetries (Tessera's own reduction). \
\"agree (all)\": PP builds in no symmetry restriction, so its number counts symmetric copies; \
Tessera's count of all solutions matches it. Unfinished rows give the solutions found, the \
search nodes and the estimated fraction of the search done when the budget ran out.\n\n",
    );
    md.push_str("| id | family | cells | published | Tessera | agree? | time s | threads | symmetries | nodes | fraction | notes |\n");
    md.push_str("|---|---|---:|---|---|---|---:|---:|---:|---:|---:|---|\n");
    for r in &rows {
        md.push_str(r);
        md.push('\n');
    }
    if !unsupported.is_empty() {
        md.push_str("\n## Unsupported\n\n");
        for u in &unsupported {
            md.push_str(u);
            md.push('\n');
        }
    }
    match &a.report {
        Some(path) => std::fs::write(path, md)?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(md.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(())
}
