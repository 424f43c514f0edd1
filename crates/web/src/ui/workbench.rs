//! The registry of workbenches. A workbench is a module exposing a
//! `WORKBENCH` constant; list it here and the header nav and the router
//! pick it up. Only what exists is listed — no placeholder pages.

use leptos::prelude::AnyView;

pub struct Workbench {
    /// The first segment of the URL fragment (`#sudoku/…`).
    pub id: &'static str,
    /// The nav label.
    pub title: &'static str,
    /// One line for the nav's tooltip and the page title.
    pub blurb: &'static str,
    /// Builds the workbench; it reads the shell context for its route.
    pub view: fn() -> AnyView,
}

/// The home comes first: it is the default and the nav's first entry.
pub const WORKBENCHES: &[Workbench] = &[
    super::home::WORKBENCH,
    super::sudoku::WORKBENCH,
    super::polyform::WORKBENCH,
    super::quantumino::WORKBENCH,
    super::hexad::WORKBENCH,
];

pub fn find(id: &str) -> Option<&'static Workbench> {
    WORKBENCHES.iter().find(|w| w.id == id)
}

pub fn default_workbench() -> &'static Workbench {
    &WORKBENCHES[0]
}
