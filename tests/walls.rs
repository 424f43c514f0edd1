//! The crate walls, enforced: the pure crates (the engine, the voxel
//! geometry and the job layer) must never depend on the web stack, on any
//! target. `cargo tree` lists each crate's whole normal + build dependency
//! tree for the host and for wasm32; one forbidden name fails the suite.

use std::process::Command;

const PURE: [&str; 3] = ["tessera-engine", "tessera-voxel", "tessera-jobs"];
const WEB: [&str; 6] = [
    "leptos",
    "web-sys",
    "js-sys",
    "wasm-bindgen",
    "three-d",
    "console_error_panic_hook",
];

fn tree(package: &str, target: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "-p",
            package,
            "-e",
            "normal,build",
            "--prefix",
            "none",
        ])
        .args(["--format", "{p}", "--target", target])
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree -p {package} --target {target} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

fn host() -> String {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc -vV");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names the host")
        .to_owned()
}

#[test]
fn pure_crates_have_no_web_dependency() {
    for target in [host(), "wasm32-unknown-unknown".to_owned()] {
        for package in PURE {
            let deps = tree(package, &target);
            assert!(
                deps.iter().any(|d| d == package),
                "{package} is in its own tree: {deps:?}"
            );
            let web: Vec<&String> = deps.iter().filter(|d| WEB.contains(&d.as_str())).collect();
            assert!(
                web.is_empty(),
                "{package} must stay pure, but its tree for {target} holds {web:?}"
            );
        }
    }
}

/// The check itself can fail: the web crate's tree does hold the web stack.
#[test]
fn the_web_crate_is_where_the_web_stack_lives() {
    let deps = tree("tessera-web", "wasm32-unknown-unknown");
    for name in ["leptos", "web-sys", "three-d"] {
        assert!(deps.iter().any(|d| d == name), "tessera-web links {name}");
    }
}

/// The repository stands alone: no code, test, bench or build file opens a
/// path in `../shared` (the reference folder beside a developer's clone is
/// not there in a fresh clone). Comments may still cite it as a source.
#[test]
fn nothing_reads_the_folder_beside_the_repository() {
    // Spelt in two parts so that this file does not match itself.
    let needle = format!("{}/shared", "..");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut offenders = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable folder") {
            let path = entry.expect("folder entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if !matches!(name, "target" | "node_modules" | "dist" | ".git") {
                    stack.push(path);
                }
                continue;
            }
            let code = ["rs", "mjs", "js", "sh", "py", "toml"]
                .iter()
                .any(|e| name.ends_with(&format!(".{e}")))
                || name == "Makefile";
            if !code {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for (i, line) in text.lines().enumerate() {
                let t = line.trim_start();
                let comment = t.starts_with("//") || t.starts_with('#') || t.starts_with("///");
                if !comment && line.contains(&needle) {
                    offenders.push(format!("{}:{}: {}", path.display(), i + 1, t));
                }
            }
        }
    }
    // scripts/pp-*.py convert Polyform Puzzler's data by hand, once, from
    // the reference folder; their output is checked in. Nothing runs them.
    offenders.retain(|o| !o.contains("/scripts/pp-"));
    assert!(
        offenders.is_empty(),
        "paths into {needle}:\n{}",
        offenders.join("\n")
    );
}

/// Every line of a `.rs` file below `dirs` (relative to the repository)
/// that contains one of `needles`, as `path:line: text`; `skip` names
/// files allowed to.
fn rust_lines_with(dirs: &[&str], needles: &[String], skip: &[&str]) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut stack: Vec<_> = dirs.iter().map(|d| root.join(d)).collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("folder entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || skip.iter().any(|s| path.ends_with(s))
            {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for (i, line) in text.lines().enumerate() {
                if needles.iter().any(|n| line.contains(n.as_str())) {
                    found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                }
            }
        }
    }
    found
}

/// One thread pool: native threads start only in the engine's `pool`
/// module, which every parallel count (polyform, Quantumino, the CLI's
/// shards) goes through.
#[test]
fn threads_start_only_in_the_engines_pool() {
    // Spelt in parts so that this file does not match itself.
    let needles = [
        format!("thread::{}", "scope"),
        format!("thread::{}", "spawn"),
    ];
    let offenders = rust_lines_with(
        &["crates", "src", "benches", "examples"],
        &needles,
        &["engine/src/pool.rs"],
    );
    assert!(
        offenders.is_empty(),
        "threads started outside engine::pool:\n{}",
        offenders.join("\n")
    );
}

/// The page never searches: hints, steps and logical solves reach it only
/// through the worker's jobs, so no main-thread task waits on a search.
#[test]
fn the_page_asks_the_worker_for_hints_and_steps() {
    // Spelt in parts so that this file does not match itself.
    let needles =
        ["next_step", "graduated_hint", "variant_hint", "run_logic"].map(|n| format!("{n}{}", "("));
    let offenders = rust_lines_with(&["crates/web/src"], &needles, &[]);
    assert!(
        offenders.is_empty(),
        "the page calls the logic engine itself:\n{}",
        offenders.join("\n")
    );
}
