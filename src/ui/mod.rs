//! The Leptos app (in progress).
