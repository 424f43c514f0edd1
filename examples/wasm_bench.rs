//! The Sudoku benchmark workload as a tiny wasm module for Node (`make bench`),
//! so the wasm/native ratio compares the very same code. No wasm-bindgen: the
//! module has no imports and exports `alloc` and `run`.
//!
//! Natively `benches/sudoku.rs` includes this file to time the same `workload`.

use tessera_engine::sudoku::grid::Sudoku;
use tessera_engine::sudoku::solve::Algorithm;

/// Parse every line of `text` (81-char puzzles) and prove it has exactly one
/// solution (search for up to two). Returns how many had exactly one.
pub fn workload(text: &str, algorithm: Algorithm) -> u32 {
    let mut unique = 0;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let Ok(s) = Sudoku::from_sage_str(line, None) else {
            continue;
        };
        if s.count_solutions(algorithm, Some(2)) == Ok(1) {
            unique += 1;
        }
    }
    unique
}

/// Reserve `len` bytes for the caller to write the puzzle text into.
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len);
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Run [`workload`] on `len` bytes at `ptr` (from [`alloc`]); `algorithm`
/// 0 = backtrack, 1 = dlx. Returns the number of uniquely solvable puzzles.
///
/// # Safety
/// `ptr` must come from `alloc(len)` and hold `len` initialised bytes.
#[no_mangle]
pub unsafe extern "C" fn run(ptr: *const u8, len: usize, algorithm: u32) -> u32 {
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let text = std::str::from_utf8(bytes).unwrap_or("");
    let alg = if algorithm == 1 {
        Algorithm::Dlx
    } else {
        Algorithm::Backtrack
    };
    workload(text, alg)
}
