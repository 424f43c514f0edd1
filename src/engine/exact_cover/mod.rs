//! Exact cover by Dancing Links (Knuth's Algorithm X, TAOCP 7.2.2.1).
