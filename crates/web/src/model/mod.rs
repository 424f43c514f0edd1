//! What the web app shows, as plain data and functions: routes, the URL
//! codecs, the Sudoku editor's model and undo history, and the text
//! formatting every workbench shares. Nothing here touches the browser, so
//! it compiles natively and `cargo test -p tessera-web` reaches it; the
//! Leptos views in `ui` only bind it to the page.

pub mod catalogue;
pub mod eta;
pub mod format;
pub mod help;
pub mod home;
pub mod job;
pub mod polyform;
pub mod route;
pub mod sudoku;
