//! How a subcommand fails, and the exit status each failure gets: shared so
//! every subcommand treats bad input, I/O errors and a closed pipe alike.

use std::io;

pub enum Failure {
    /// The user's input is wrong: message on stderr, exit status 2.
    Input(String),
    /// Writing the output failed: status 1 (0 for a closed pipe, as in
    /// `tessera … | head`).
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// The exit status of a subcommand's result; errors go to stderr prefixed
/// with `tessera <command>: `.
pub fn exit_code(command: &str, result: Result<(), Failure>) -> u8 {
    match result {
        Ok(()) => 0,
        Err(Failure::Input(msg)) => {
            eprintln!("tessera {command}: {msg}");
            2
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Failure::Io(e)) => {
            eprintln!("tessera {command}: {e}");
            1
        }
    }
}
