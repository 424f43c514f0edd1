//! `tessera sudoku generate`: new puzzles with one solution, standard or
//! variant, seeded.

use super::*;
use tessera::engine::sudoku::generate;

/// Puzzles one per line, written as they are found (a long run shows
/// progress); a failure is reported on stderr with exit status 2.
pub(super) fn generate_puzzles(a: &GenerateArgs) -> Result<(), Failure> {
    if a.shape.size() > tessera::engine::sudoku::STRING_MAX_SIZE {
        return Err(Failure::Input(format!(
            "a {} grid has {} symbols; generated puzzles are printed in the string form, \
             which stops at {}",
            a.shape,
            a.shape.size(),
            tessera::engine::sudoku::STRING_MAX_SIZE
        )));
    }
    let options = generate::Options {
        minimal: a.minimal,
        symmetry: a.symmetry,
        difficulty: a.difficulty,
        score: a.rating,
        ..generate::Options::new(a.shape, a.seed)
    };
    let options = generate::Options {
        max_attempts: a.attempts.unwrap_or(options.max_attempts),
        ..options
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut stream = generate::Stream::new(&options);
    for _ in 0..a.count {
        let text = stream.next_puzzle()?.puzzle.to_sage_string()?;
        // A failed write (a closed pipe too) stops quietly with status 2.
        if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
            return Err(Failure::Reported);
        }
    }
    Ok(())
}

/// Variant puzzles one per line (a jigsaw as PUZZLE MAP, which `solve`
/// reads back), written as they are found.
pub(super) fn generate_variants(a: &GenerateArgs) -> Result<(), Failure> {
    if a.symmetry != Symmetry::None || a.difficulty.is_some() || a.rating.is_some() {
        return Err(Failure::Input(
            "--symmetry, --difficulty and --rating are not available for variants yet".into(),
        ));
    }
    let request = match chosen_variant(&a.variant, a.shape).map_err(Failure::Input)? {
        Some(v) => variant::generate::Request::Fixed(v),
        None => variant::generate::Request::RandomJigsaw(a.shape.size()),
    };
    let mut options = variant::generate::Options {
        minimal: a.minimal,
        ..variant::generate::Options::new(request, a.seed)
    };
    if let Some(n) = a.attempts {
        options.max_attempts = n;
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut stream = variant::generate::Stream::new(&options);
    for _ in 0..a.count {
        let g = stream.next_puzzle()?;
        let mut line = g.variant.to_line(&g.puzzle);
        if let variant::Kind::Jigsaw(map) = g.variant.kind() {
            line = format!("{line} {map}");
        }
        // A failed write (a closed pipe too) stops quietly with status 2.
        if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
            return Err(Failure::Reported);
        }
    }
    Ok(())
}
