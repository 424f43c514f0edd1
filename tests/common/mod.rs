//! Helpers shared by the tests: run the built `tessera` binary and read its
//! output, the independent Sudoku checker, the 9×9 agreement helpers. (Each
//! test crate uses some of them.)
#![allow(dead_code)]

pub mod checker;
pub mod grid9;
pub mod polyform;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `tessera ARGS` with `stdin` as standard input.
pub fn tessera_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tessera");
    // The command may exit before reading (e.g. on a bad option): ignore EPIPE.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A scratch file for one test, in this run's own temporary folder.
pub fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Run an external solver (picosat, glpsol, MiniZinc…); a missing binary
/// fails with the fix.
pub fn run_solver(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run {program} ({e}): it is not installed — `make test-deps` installs it")
        })
}
