//! The root package's integration tests: the engine through the `tessera`
//! facade, and the CLI run as a binary (`CARGO_BIN_EXE_tessera`). One test
//! crate with a module per file (Cargo.toml: `autotests = false`), so that
//! the engine's generic code is compiled and linked once for all of them
//! rather than once per file. Run one file's tests with
//! `cargo nextest run --cargo-profile checked -E 'test(/^cli_scale::/)'`.

mod common;

mod cli_experiment;
mod cli_hexad;
mod cli_polyform;
mod cli_quantumino;
mod cli_scale;
mod cli_sudoku;
mod cli_sudoku_lab;
mod cli_sudoku_variants;
mod exact_cover;
mod hexad;
mod jnotes;
mod minimal_puzzles;
mod polyform_bitfill;
mod polyform_catalogue;
mod polyform_enumerate;
mod polyform_format;
mod polyform_polycube;
mod polyform_pp_matrix;
mod polyform_puzzles;
mod polyform_segments;
mod polyform_svg;
mod quantumino;
mod quantumino_count;
mod roundtrip;
mod sat_encodings;
mod sudoku;
mod sudoku_band;
mod sudoku_colouring;
mod sudoku_constraints;
mod sudoku_constraints_gecode;
mod sudoku_dlx9;
mod sudoku_generate;
mod sudoku_links;
mod sudoku_logic;
mod sudoku_logic_advanced;
mod sudoku_model;
mod sudoku_models;
mod sudoku_sat;
mod sudoku_sweep;
mod sudoku_variants;
mod sudoku_verify_input;
mod walls;
