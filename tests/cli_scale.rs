//! Counts too big for one machine: `--shard I/N` on the long counts,
//! `tessera merge`, and `--state` checkpoints, run as the binary.
//!
//! Every shards' sum is compared with the unsharded count: computed in the
//! test, or, for the counts that take seconds, the published figure that
//! another test counts unsharded (named where it is used). Counts too slow
//! for an unoptimised build run only in optimised ones (`make test`).

use crate::common::{stderr, stdout};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_tessera");

fn run(args: &[&str], input: Option<&str>) -> Output {
    let mut c = Command::new(BIN);
    c.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("run tessera");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        if let Some(text) = input {
            stdin.write_all(text.as_bytes()).expect("write stdin");
        }
    }
    child.wait_with_output().expect("wait for tessera")
}

fn ok(args: &[&str], input: Option<&str>) -> String {
    let o = run(args, input);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tessera-scale-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The count printed by an unsharded run: the first integer of its output
/// (Polyform Puzzler's trailer starts with it; the other counts print it
/// alone).
fn leading_count(out: &str) -> u128 {
    out.split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no count in {out:?}"))
}

/// Run all `n` shards of `args` (two processes at a time, as two cores
/// allow), check each line, write them to a file and return it with the
/// shards' sum computed here from the lines.
fn shards(args: &[&str], input: Option<&str>, n: u32, dir: &Path) -> (PathBuf, u128) {
    let mut lines = Vec::new();
    let specs: Vec<String> = (0..n).map(|i| format!("{i}/{n}")).collect();
    for pair in specs.chunks(2) {
        let children: Vec<(String, Child)> = pair
            .iter()
            .map(|spec| {
                let mut c = Command::new(BIN);
                c.args(args)
                    .args(["--shard", spec])
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped());
                let mut child = c.spawn().expect("spawn a shard");
                {
                    use std::io::Write;
                    let mut stdin = child.stdin.take().expect("stdin");
                    if let Some(text) = input {
                        stdin.write_all(text.as_bytes()).expect("write stdin");
                    }
                }
                (spec.clone(), child)
            })
            .collect();
        for (spec, child) in children {
            let o = child.wait_with_output().expect("wait for a shard");
            assert!(
                o.status.success(),
                "{args:?} --shard {spec}: {}",
                stderr(&o)
            );
            let out = stdout(&o);
            assert_eq!(out.lines().count(), 1, "one line per shard: {out:?}");
            lines.push(out);
        }
    }
    let mut sum = 0u128;
    let mut problems = std::collections::BTreeSet::new();
    for (i, line) in lines.iter().enumerate() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        assert_eq!(v["shard"], format!("{i}/{n}"));
        assert_eq!(v["tessera"], env!("CARGO_PKG_VERSION"));
        assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{line}");
        assert!(v["nodes"].as_u64().is_some(), "{line}");
        problems.insert((v["problem"].to_string(), v["hash"].to_string()));
        // Counts are written as JSON numbers; read them exactly.
        let count: u128 = line
            .split("\"count\":")
            .nth(1)
            .and_then(|r| r.split([',', '}']).next())
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no count in {line}"));
        // Real work counts: a shard that found solutions did some work.
        if count > 0 {
            assert!(v["nodes"].as_u64().is_some_and(|k| k > 0), "{line}");
        }
        sum += count;
    }
    assert_eq!(problems.len(), 1, "one problem and hash: {problems:?}");
    let file = dir.join(format!("shards-{n}.jsonl"));
    std::fs::write(&file, lines.concat()).unwrap();
    (file, sum)
}

/// How many shards a count is cut into. The shards of a count are its parts
/// dealt out by one function for every kind of count (`shard.rs`), while
/// each kind makes its parts its own way. So every kind of count is cut into
/// seven shards (`UNEVEN`: shares that differ by a part), which checks that
/// its parts partition its search; and the dealing's other cases — one shard
/// (the whole), two (an even split), and 64 (shares of a few parts, most
/// shards holding no solution) — are checked (`EVERY`) on each kind's counts
/// that take under a second. Counts that take seconds are cut into seven
/// only: the other cases would deal the same parts by the same function
/// again, four more counts' work for no new coverage.
const EVERY: &[u32] = &[1, 2, 7, 64];
const UNEVEN: &[u32] = &[7];

/// For each N of `ns`: the shards' sum and `tessera merge` both equal the
/// unsharded count; returns that count.
fn shards_add_up(name: &str, args: &[&str], input: Option<&str>, ns: &[u32]) -> u128 {
    let whole = leading_count(&ok(args, input));
    shards_sum_to(name, args, input, ns, whole);
    whole
}

/// For each N of `ns`: the shards' sum and `tessera merge` both equal
/// `whole`, a count the caller knows (published, and checked unsharded by
/// another test that says so).
fn shards_sum_to(name: &str, args: &[&str], input: Option<&str>, ns: &[u32], whole: u128) {
    let dir = scratch(name);
    for &n in ns {
        let (file, sum) = shards(args, input, n, &dir);
        assert_eq!(sum, whole, "{args:?}: {n} shards");
        let merged = ok(&["merge", file.to_str().unwrap()], None);
        assert_eq!(merged.trim(), whole.to_string(), "merge of {n} shards");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pentominoes_6x10_shards_add_up() {
    let all = shards_add_up(
        "p6x10",
        &["polyform", "solve", "pentominoes-6x10", "--count", "--all"],
        None,
        UNEVEN,
    );
    assert_eq!(all, 9356, "published: 9,356 (2,339 × 4)");
}

#[test]
fn pentominoes_3x20_shards_add_up() {
    let all = shards_add_up(
        "p3x20",
        &["polyform", "solve", "pentominoes-3x20", "--count", "--all"],
        None,
        EVERY,
    );
    assert_eq!(all, 8, "published: 8 (2 × 4)");
}

#[test]
fn soma_shards_add_up() {
    let all = shards_add_up(
        "soma",
        &["polyform", "solve", "soma-3x3x3", "--count", "--all"],
        None,
        UNEVEN,
    );
    assert_eq!(all, 11520, "published: 11,520 (240 × 48)");
}

#[test]
fn grid_count_shards_add_up() {
    let all = shards_add_up("grids", &["count", "grids", "--box", "2x3"], None, EVERY);
    assert_eq!(all, 28_200_960, "published: 28,200,960 6x6 grids");
}

#[test]
fn sudoku_with_givens_shards_add_up() {
    // A 6x6 puzzle with its first two rows given: thousands of
    // solutions, quick in debug.
    let line = format!("123456456123{}\n", ".".repeat(24));
    let n = shards_add_up(
        "sudoku-givens",
        &["sudoku", "solve", "--box", "2x3", "--count"],
        Some(&line),
        EVERY,
    );
    assert!(n > 1000, "{n}");
}

#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (Quantumino's counter: minutes in debug): make test"
)]
fn quantumino_shards_add_up() {
    let n = shards_add_up(
        "quantumino",
        &["quantumino", "count", "--aside", "7", "--box", "2x2x20"],
        None,
        EVERY,
    );
    assert_eq!(
        n, 3_556_224,
        "the counter's figure, checked against DLX in quantumino_count"
    );
}

#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (8 s per count natively, minutes in debug): make test"
)]
fn solid_pentominoes_3x4x5_shards_add_up() {
    // Published: 3,940, which tests/polyform_puzzles.rs
    // (`solid_pentominoes_3x4x5`) counts unsharded, every solution checked.
    shards_sum_to(
        "p3x4x5",
        &["polyform", "solve", "solid-pentominoes-3x4x5", "--count"],
        None,
        UNEVEN,
        3940,
    );
}

#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (15 s per count natively, minutes in debug): make test"
)]
fn empty_6x6_sudoku_shards_add_up() {
    // Published: 28,200,960, which `grid_count_shards_add_up` counts
    // unsharded (`count grids`); `killed_sudoku_count_resumes_to_the_same_total`
    // resumes this same command to it after a kill.
    let line = format!("{}\n", ".".repeat(36));
    shards_sum_to(
        "sudoku-empty",
        &["sudoku", "solve", "--box", "2x3", "--count"],
        Some(&line),
        UNEVEN,
        28_200_960,
    );
}

#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (74 processes each building the band orbits): make test"
)]
fn nine_by_nine_grid_shards_add_up() {
    // The unsharded count runs the orbits in one process; the shards each
    // take some of the 84 orbits.
    let n = shards_add_up("grids9", &["count", "grids", "--box", "3x3"], None, UNEVEN);
    assert_eq!(
        n, 6_670_903_752_021_072_936_960,
        "published: Felgenhauer & Jarvis (2005)"
    );
}

#[test]
fn x_sudoku_shards_add_up() {
    let line = format!("{}\n", ".".repeat(36));
    let n = shards_add_up(
        "sudoku-x",
        &[
            "sudoku",
            "solve",
            "--variant",
            "x",
            "--box",
            "2x3",
            "--count",
        ],
        Some(&line),
        EVERY,
    );
    assert!(n > 1000, "{n}");
}

/// The solution of a generated variant puzzle with its first `blank`
/// cells emptied again: a puzzle with many solutions, made here.
fn opened_up(args: &[&str], input: &str, blank: usize) -> String {
    let solution = ok(args, Some(input));
    let solution = solution.trim();
    let mut k = 0;
    solution
        .chars()
        .map(|c| {
            if c.is_ascii_digit() && k < blank {
                k += 1;
                '.'
            } else {
                c
            }
        })
        .collect::<String>()
        + "\n"
}

#[test]
fn jigsaw_shards_add_up() {
    let generated = ok(
        &["sudoku", "generate", "--variant", "jigsaw", "--seed", "4"],
        None,
    );
    let (puzzle, map) = generated.trim().split_once(' ').expect("PUZZLE MAP");
    let solve = ["sudoku", "solve", "--variant", "jigsaw", "--regions", map];
    let line = opened_up(&solve, puzzle, 50);
    let mut count = solve.to_vec();
    count.push("--count");
    let n = shards_add_up("sudoku-jigsaw", &count, Some(&line), EVERY);
    assert!(n > 1000, "{n}");
}

#[test]
fn samurai_shards_add_up() {
    let generated = ok(
        &["sudoku", "generate", "--variant", "samurai", "--seed", "2"],
        None,
    );
    let line = opened_up(&["sudoku", "solve", "--variant", "samurai"], &generated, 36);
    let n = shards_add_up(
        "sudoku-samurai",
        &["sudoku", "solve", "--variant", "samurai", "--count"],
        Some(&line),
        EVERY,
    );
    assert!(n > 1000, "{n}");
}

/// Two shard lines of one small count, for the merge tests.
fn two_shards(dir: &Path) -> (String, String) {
    let args = ["polyform", "solve", "pentominoes-3x20", "--count", "--all"];
    let line = |spec: &str| {
        let mut a = args.to_vec();
        a.extend(["--shard", spec]);
        ok(&a, None)
    };
    let (a, b) = (line("0/2"), line("1/2"));
    std::fs::write(dir.join("a.jsonl"), &a).unwrap();
    std::fs::write(dir.join("b.jsonl"), &b).unwrap();
    (a, b)
}

fn merge_fails(dir: &Path, files: &[&str], needles: &[&str]) {
    let paths: Vec<String> = files
        .iter()
        .map(|f| dir.join(f).to_str().unwrap().to_string())
        .collect();
    let mut args = vec!["merge"];
    args.extend(paths.iter().map(String::as_str));
    let o = run(&args, None);
    assert_eq!(o.status.code(), Some(2), "{files:?} should be refused");
    assert!(stdout(&o).is_empty(), "no total on a refused merge");
    let e = stderr(&o);
    for n in needles {
        assert!(e.contains(n), "{files:?}: {e:?} lacks {n:?}");
    }
}

#[test]
fn merge_checks_the_shards() {
    let dir = scratch("merge");
    let (a, b) = two_shards(&dir);
    // The whole: the published 2 × 4 = 8 tilings, and the unsharded count.
    let whole = leading_count(&ok(
        &["polyform", "solve", "pentominoes-3x20", "--count", "--all"],
        None,
    ));
    let merged = ok(
        &[
            "merge",
            dir.join("a.jsonl").to_str().unwrap(),
            dir.join("b.jsonl").to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(merged.trim(), whole.to_string());
    assert_eq!(whole, 8);
    // Both lines in one file, through standard input.
    let both = format!("{a}{b}");
    assert_eq!(ok(&["merge", "-"], Some(&both)).trim(), "8");
    let json = ok(&["merge", "--json", "-"], Some(&both));
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["count"], 8);
    assert_eq!(v["shards"], 2);

    merge_fails(&dir, &["a.jsonl"], &["missing shard: 1/2", "run it"]);
    merge_fails(
        &dir,
        &["a.jsonl", "b.jsonl", "a.jsonl"],
        &["doubled shard", "0/2", "a.jsonl line 1"],
    );
    // A shard of another problem (the one-per-symmetry count).
    let other = ok(
        &[
            "polyform",
            "solve",
            "pentominoes-3x20",
            "--count",
            "--shard",
            "1/2",
        ],
        None,
    );
    std::fs::write(dir.join("other.jsonl"), other).unwrap();
    merge_fails(
        &dir,
        &["a.jsonl", "other.jsonl"],
        &[
            "foreign shard",
            "other.jsonl line 1",
            "pentominoes-3x20 unique",
        ],
    );
    // Another N, another version, a line that is no shard.
    let four = ok(
        &[
            "polyform",
            "solve",
            "pentominoes-3x20",
            "--count",
            "--all",
            "--shard",
            "1/4",
        ],
        None,
    );
    std::fs::write(dir.join("four.jsonl"), four).unwrap();
    merge_fails(&dir, &["a.jsonl", "four.jsonl"], &["same N", "1/4"]);
    let old = b.replace(
        &format!("\"tessera\":\"{}\"", env!("CARGO_PKG_VERSION")),
        "\"tessera\":\"0.0.1\"",
    );
    assert_ne!(old, b);
    std::fs::write(dir.join("old.jsonl"), old).unwrap();
    merge_fails(
        &dir,
        &["a.jsonl", "old.jsonl"],
        &["Tessera 0.0.1", "one version"],
    );
    std::fs::write(dir.join("junk.txt"), "8 solutions\n").unwrap();
    merge_fails(
        &dir,
        &["junk.txt"],
        &["junk.txt line 1", "not a shard line"],
    );
    merge_fails(
        &dir,
        &["nothing-here.jsonl"],
        &["cannot read", "nothing-here.jsonl"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shard_options_are_refused() {
    let bad = |args: &[&str], input: Option<&str>, needle: &str| {
        let o = run(args, input);
        assert_eq!(o.status.code(), Some(2), "{args:?} should fail with 2");
        assert!(stderr(&o).contains(needle), "{args:?}: {:?}", stderr(&o));
    };
    bad(
        &[
            "polyform",
            "solve",
            "soma-3x3x3",
            "--count",
            "--shard",
            "2/2",
        ],
        None,
        "I must be below N",
    );
    bad(
        &[
            "polyform",
            "solve",
            "soma-3x3x3",
            "--count",
            "--shard",
            "0/0",
        ],
        None,
        "at least 1",
    );
    bad(
        &["polyform", "solve", "soma-3x3x3", "--shard", "0/2"],
        None,
        "go with --count",
    );
    bad(
        &[
            "polyform",
            "solve",
            "soma-3x3x3",
            "--count",
            "--max",
            "3",
            "--shard",
            "0/2",
        ],
        None,
        "--max cannot be used",
    );
    bad(
        &["quantumino", "count", "--all", "--shard", "0/2"],
        None,
        "shard one aside at a time",
    );
    bad(
        &[
            "sudoku",
            "solve",
            "--variant",
            "x",
            "--box",
            "2x2",
            "--count",
            "--shard",
            "0/2",
        ],
        Some("................\n................\n"),
        "one puzzle; the input has 2",
    );
    bad(
        &[
            "sudoku",
            "solve",
            "--variant",
            "jigsaw",
            "--count",
            "--shard",
            "0/2",
        ],
        Some(&format!("{}\n", ".".repeat(81))),
        "needs its region map",
    );
    bad(
        &[
            "sudoku", "solve", "--box", "2x2", "--count", "--shard", "0/2",
        ],
        Some("................\n................\n"),
        "one puzzle; the input has 2",
    );
}

/// Spawn a count with `--state` (saving after every part), wait until the
/// state file holds a finished part, kill it, check it stopped mid-way,
/// and resume: the total is the unsharded count's — `whole` when the caller
/// knows it (published, and counted unsharded by another test), computed
/// here otherwise — which is returned.
fn killed_and_resumed(name: &str, args: &[&str], input: Option<&str>, whole: Option<u128>) -> u128 {
    let dir = scratch(name);
    let whole = whole.unwrap_or_else(|| leading_count(&ok(args, input)));
    let state = dir.join("count.state");
    let state_s = state.to_str().unwrap();
    let mut with_state = args.to_vec();
    with_state.extend(["--state", state_s, "--state-every", "0"]);
    let mut c = Command::new(BIN);
    c.args(&with_state)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("spawn the count");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        if let Some(text) = input {
            stdin.write_all(text.as_bytes()).expect("write stdin");
        }
    }
    let started = Instant::now();
    let saved = loop {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "no part saved in 5 minutes"
        );
        if let Ok(text) = std::fs::read_to_string(&state) {
            let v: Value = serde_json::from_str(&text).expect("the state file is whole JSON");
            let done = v["done"].as_object().map_or(0, |d| d.len());
            if done > 0 {
                break v;
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    child.kill().expect("kill the count");
    let killed = child.wait_with_output().unwrap();
    assert!(
        !killed.status.success(),
        "the count was killed, not finished"
    );
    // What the file held when the process died.
    let text = std::fs::read_to_string(&state).unwrap();
    let at_kill: Value = serde_json::from_str(&text).expect("the state survives a kill whole");
    let parts = at_kill["parts"].as_u64().unwrap() as usize;
    let done = at_kill["done"].as_object().unwrap().len();
    assert!(
        done >= 1 && done < parts,
        "killed mid-way: {done} of {parts} parts"
    );
    assert!(saved["parts"] == at_kill["parts"]);
    let o = run(&with_state, input);
    assert!(o.status.success(), "resume: {}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("resuming from {state_s}")),
        "{}",
        stderr(&o)
    );
    assert_eq!(leading_count(&stdout(&o)), whole, "resumed total");
    // A finished state answers at once with the same total.
    assert_eq!(leading_count(&ok(&with_state, input)), whole);
    let _ = std::fs::remove_dir_all(&dir);
    whole
}

#[test]
fn killed_polyform_count_resumes_to_the_same_total() {
    let all = killed_and_resumed(
        "kill-polyform",
        &[
            "polyform",
            "solve",
            "pentominoes-6x10",
            "--count",
            "--all",
            "--threads",
            "1",
        ],
        None,
        None,
    );
    assert_eq!(all, 9356, "published: 9,356 (2,339 × 4)");
}

#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (15 s per count natively, minutes in debug): make test"
)]
fn killed_sudoku_count_resumes_to_the_same_total() {
    // Published: 28,200,960 6x6 grids, which `grid_count_shards_add_up`
    // counts unsharded (`count grids`), and `empty_6x6_sudoku_shards_add_up`
    // in seven shards of this same command.
    let line = format!("{}\n", ".".repeat(36));
    killed_and_resumed(
        "kill-sudoku",
        &["sudoku", "solve", "--box", "2x3", "--count"],
        Some(&line),
        Some(28_200_960),
    );
}

#[test]
fn a_state_file_of_another_count_is_refused() {
    let dir = scratch("state");
    let state = dir.join("s.json");
    let s = state.to_str().unwrap();
    ok(
        &[
            "polyform",
            "solve",
            "pentominoes-3x20",
            "--count",
            "--state",
            s,
        ],
        None,
    );
    let o = run(
        &["polyform", "solve", "soma-3x3x3", "--count", "--state", s],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("holds another count") && stderr(&o).contains("soma-3x3x3"),
        "{}",
        stderr(&o)
    );
    let o = run(
        &[
            "polyform",
            "solve",
            "pentominoes-3x20",
            "--count",
            "--shard",
            "1/2",
            "--state",
            s,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("its shard is 0/1"), "{}", stderr(&o));
    std::fs::write(&state, "{not json").unwrap();
    let o = run(
        &[
            "polyform",
            "solve",
            "pentominoes-3x20",
            "--count",
            "--state",
            s,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not a Tessera count state"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// docs/scale/parallel.sh counting Soma's solutions in 5 shards into
/// `shards` (one file each), with `JOBS` processes at once when given.
fn parallel_sh(shards: &std::path::Path, jobs: Option<&str>) -> std::process::Output {
    let mut c = Command::new("bash");
    c.arg(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/scale/parallel.sh"
    ))
    .args(["polyform", "solve", "soma-3x3x3", "--count", "--all"])
    .env("N", "5")
    .env("TESSERA", BIN)
    .env("OUT", shards);
    if let Some(j) = jobs {
        c.env("JOBS", j);
    }
    c.output().unwrap()
}

/// The documented GNU parallel paths (docs/counting-at-scale.md): the
/// one-line command and docs/scale/parallel.sh, each on two local
/// processes. `make test-deps` installs GNU parallel; without it this fails
/// rather than skips.
#[test]
fn gnu_parallel_runs_the_shards() {
    let found = Command::new("parallel").arg("--version").output();
    assert!(
        found
            .as_ref()
            .is_ok_and(|o| o.status.success()
                && String::from_utf8_lossy(&o.stdout).contains("GNU parallel")),
        "GNU parallel is missing: `make test-deps` installs it (Debian package `parallel`)"
    );
    let whole = leading_count(&ok(
        &["polyform", "solve", "soma-3x3x3", "--count", "--all"],
        None,
    ));
    let dir = scratch("parallel");
    let out = dir.join("shards.jsonl");
    let script = format!(
        "seq 0 7 | parallel --will-cite -j 2 '{BIN} polyform solve soma-3x3x3 --count --all \
         --shard {{}}/8' > {out} && {BIN} merge {out}",
        out = out.display()
    );
    let o = Command::new("bash").args(["-c", &script]).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), whole.to_string());
    let lines = std::fs::read_to_string(&out).unwrap();
    assert_eq!(lines.lines().count(), 8);

    // The copyable script: one file per shard, then the merge.
    let shards = dir.join("one-per-shard");
    let o = parallel_sh(&shards, Some("2"));
    assert!(o.status.success(), "parallel.sh: {}", stderr(&o));
    assert_eq!(stdout(&o).trim(), whole.to_string());
    assert_eq!(std::fs::read_dir(&shards).unwrap().count(), 5);
    // Run again with one shard lost: only that one is redone.
    std::fs::remove_file(shards.join("3.json")).unwrap();
    let before = std::fs::metadata(shards.join("0.json"))
        .unwrap()
        .modified()
        .unwrap();
    let o = parallel_sh(&shards, None);
    assert!(o.status.success(), "parallel.sh again: {}", stderr(&o));
    assert_eq!(stdout(&o).trim(), whole.to_string());
    assert!(shards.join("3.json").exists());
    let after = std::fs::metadata(shards.join("0.json"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after, "a finished shard is not redone");
    let _ = std::fs::remove_dir_all(&dir);
}
