//! The 9×9 solvers as compiled to wasm, for `make test-wasm`
//! (`tests/wasm/check.mjs`): wasm builds take their own code paths in
//! `sudoku::band` and `sudoku::dlx9` (memory layouts chosen for V8), so
//! their answers are checked in wasm itself, against an independent
//! checker and against the native CLI. No wasm-bindgen: the module has no
//! imports and exports `alloc` (from `wasm_bench`) and `check`.

// Its `alloc` (and the unused `run`) are exported from here too.
#[path = "../../../examples/wasm_bench.rs"]
#[allow(dead_code)]
mod wasm_bench;

use tessera_engine::sudoku::grid::Sudoku;
use tessera_engine::sudoku::solve::Algorithm;

/// Bytes written per puzzle by [`check`] for a given `limit`.
fn record(limit: usize) -> usize {
    8 + 81 * limit
}

/// For each non-empty line of the `len` bytes at `ptr` (one 81-character
/// puzzle a line), with `algorithm` 0 = backtrack, 1 = dlx: write to `out`
/// the count of solutions up to `limit` (`count_solutions`, the counting
/// fast path) as a little-endian `u32` (`u32::MAX` on an error), then how
/// many solutions the lazy enumerator gave up to `limit`, then those
/// solutions, 81 bytes each (values 1..=9), padded to `limit` with zeros.
/// Returns the number of puzzles.
///
/// # Safety
/// `ptr` must hold `len` initialised bytes and `out` room for
/// `lines · (8 + 81 · limit)` bytes, both from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn check(
    ptr: *const u8,
    len: usize,
    algorithm: u32,
    limit: u32,
    out: *mut u8,
) -> u32 {
    let text = std::str::from_utf8(unsafe { std::slice::from_raw_parts(ptr, len) }).unwrap_or("");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let limit = limit as usize;
    let out = unsafe { std::slice::from_raw_parts_mut(out, lines.len() * record(limit)) };
    let alg = if algorithm == 1 {
        Algorithm::Dlx
    } else {
        Algorithm::Backtrack
    };
    for (line, rec) in lines.iter().zip(out.chunks_mut(record(limit))) {
        rec.fill(0);
        let (count, found) = match Sudoku::from_sage_str(line, None) {
            Err(_) => (u32::MAX, Vec::new()),
            Ok(s) => {
                let count = match s.count_solutions(alg, Some(limit as u128)) {
                    Ok(n) => n as u32,
                    Err(_) => u32::MAX,
                };
                let found: Vec<Sudoku> = match s.solutions(alg) {
                    Ok(it) => it.take(limit).collect(),
                    Err(_) => Vec::new(),
                };
                (count, found)
            }
        };
        rec[..4].copy_from_slice(&count.to_le_bytes());
        rec[4..8].copy_from_slice(&(found.len() as u32).to_le_bytes());
        for (k, grid) in found.iter().enumerate() {
            rec[8 + 81 * k..8 + 81 * (k + 1)].copy_from_slice(grid.cells());
        }
    }
    lines.len() as u32
}
