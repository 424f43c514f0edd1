//! How a subcommand fails, and the exit status each failure gets: the one
//! place the CLI turns errors into messages and exit codes, so every
//! subcommand treats bad input, engine errors, I/O errors and a closed pipe
//! alike.

use std::io;
use tessera::engine;

pub enum Failure {
    /// The user's input is wrong (the CLI's own checks): message on
    /// stderr, exit status 2.
    Input(String),
    /// The engine refused the input: its message on stderr, exit status 2.
    Engine(engine::Error),
    /// The messages are already on stderr (one per bad input line, or a
    /// write that failed where the command stops quietly): exit status 2.
    Reported,
    /// A check of the command's own result failed (a bug): status 1.
    Bug(String),
    /// Writing the output failed: status 1 (0 for a closed pipe, as in
    /// `tessera … | head`).
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

impl From<engine::Error> for Failure {
    fn from(e: engine::Error) -> Self {
        Failure::Engine(e)
    }
}

// `?` on a module's error in a subcommand: through `engine::Error`.
tessera::engine::from_module_errors!(Failure);

/// The exit status of a subcommand's result; errors go to stderr prefixed
/// with `tessera <command>: ` (`tessera: ` for an empty `command`: the
/// Sudoku, count and experiment messages, which have always read so).
pub fn exit_code(command: &str, result: Result<(), Failure>) -> u8 {
    let prefix = if command.is_empty() {
        "tessera".to_owned()
    } else {
        format!("tessera {command}")
    };
    match result {
        Ok(()) => 0,
        Err(Failure::Input(msg)) => {
            eprintln!("{prefix}: {msg}");
            2
        }
        Err(Failure::Engine(e)) => {
            eprintln!("{prefix}: {e}");
            2
        }
        Err(Failure::Reported) => 2,
        Err(Failure::Bug(msg)) => {
            eprintln!("{prefix}: {msg}");
            1
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Failure::Io(e)) => {
            eprintln!("{prefix}: {e}");
            1
        }
    }
}
