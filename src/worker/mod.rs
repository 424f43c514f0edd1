//! Worker protocol and loop (in progress).
