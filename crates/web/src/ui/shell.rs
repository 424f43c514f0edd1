//! The app shell: header with the workbench nav and the theme toggle,
//! notices, and the router between the URL fragment, the saved workbench in
//! localStorage and the workbenches.

use super::dom;
use super::help::HelpDialog;
use super::storage::{self, Loaded};
use super::workbench::{self, Code, WORKBENCHES};
use crate::model::route::{self, Route};
use leptos::ev;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

const SAVED_KEY: &str = "tessera.session.v1";
const THEME_KEY: &str = "tessera.theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Warning,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    id: u32,
    kind: NoticeKind,
    text: String,
}

/// What every workbench can reach through the context.
#[derive(Clone, Copy)]
pub struct Shell {
    notices: RwSignal<Vec<Notice>>,
    next_notice: StoredValue<u32>,
    /// The route most recently read from the URL (initially, or after the
    /// user edits the address bar). Workbenches watch it.
    pub incoming: RwSignal<Route>,
    /// The workbench on screen.
    pub active: RwSignal<&'static str>,
    /// What a link from the home asked the workbench it opens to do
    /// ("count-grids", "count", "solve"); the workbench takes it once.
    pub intent: RwSignal<Option<&'static str>>,
    /// The last workbench of the previous visit (the home offers it).
    pub last: StoredValue<Option<&'static str>>,
    /// The help dialog of the workbench on screen is open.
    pub help: RwSignal<bool>,
}

impl Shell {
    /// Show a dismissible notice above the workbench.
    pub fn notify(&self, kind: NoticeKind, text: impl Into<String>) {
        let id = self.next_notice.get_value();
        self.next_notice.set_value(id + 1);
        let text = text.into();
        self.notices.update(|n| {
            n.retain(|x| x.text != text);
            n.push(Notice { id, kind, text });
        });
    }

    /// Write the active workbench's state into the URL: within a place
    /// (edits, keystrokes, options, the solution shown) the entry is
    /// replaced; another place (a tab, a puzzle, a card, an aside…) is a
    /// new history entry (`route::same_place`).
    pub fn set_url(&self, workbench: &str, payload: &str) {
        if self.active.get_untracked() == workbench {
            dom::set_hash(&Route::fragment(workbench, payload));
        }
    }

    /// Write the URL as a new history entry: another puzzle was opened, so
    /// Back returns to the previous one.
    pub fn push_url(&self, workbench: &str, payload: &str) {
        if self.active.get_untracked() == workbench {
            dom::push_hash(&Route::fragment(workbench, payload));
        }
    }

    /// Follow the URL after Back/Forward (or an edited address): switch
    /// workbench and hand it the route, unless nothing changed.
    fn follow_url(&self) {
        let route = Route::of_fragment(&dom::hash());
        match workbench::find(&route.workbench) {
            Some(w) => {
                if self.active.get_untracked() != w.id {
                    self.active.set(w.id);
                }
                if self.incoming.get_untracked() != route {
                    self.incoming.set(route);
                }
            }
            None => self.notify(
                NoticeKind::Warning,
                format!("Unknown workbench “{}” in the link.", route.workbench),
            ),
        }
    }
}

impl Shell {
    /// Open a workbench from a link, asking it to do `intent` once there.
    pub fn go(&self, workbench: &'static str, payload: &str, intent: Option<&'static str>) {
        self.intent.set(intent);
        dom::push_hash(&Route::fragment(workbench, payload));
        // The entry left keeps its scroll (written before the new view is
        // built, so no layout is forced); the workbench opens at its top.
        dom::flush_url();
        dom::scroll_to_top();
        self.active.set(workbench);
        self.incoming.set(Route {
            workbench: workbench.into(),
            payload: payload.into(),
        });
    }

    /// `true` once if the link that opened the workbench asked for `what`.
    pub fn take_intent(&self, what: &str) -> bool {
        if self.intent.get_untracked() == Some(what) {
            self.intent.set(None);
            true
        } else {
            false
        }
    }
}

pub fn use_shell() -> Shell {
    expect_context::<Shell>()
}

#[derive(Serialize, Deserialize)]
struct SavedWorkbench {
    workbench: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Theme {
    Light,
    Dark,
}

impl Theme {
    fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

fn initial_theme() -> Theme {
    let stored = dom::local_storage().and_then(|s| s.get_item(THEME_KEY).ok().flatten());
    match stored.as_deref() {
        Some("dark") => Theme::Dark,
        Some("light") => Theme::Light,
        _ => {
            let dark = dom::window()
                .match_media("(prefers-color-scheme: dark)")
                .ok()
                .flatten()
                .is_some_and(|m| m.matches());
            if dark {
                Theme::Dark
            } else {
                Theme::Light
            }
        }
    }
}

#[component]
pub fn App() -> impl IntoView {
    // Where to start: the URL's workbench, else the home. The saved
    // workbench remembers the last workbench for the home's "pick up where you left
    // off" link.
    let mut first_notices = Vec::new();
    let last = match storage::load::<SavedWorkbench>(SAVED_KEY) {
        Loaded::Found(s) => workbench::find(&s.workbench)
            .filter(|w| w.id != route::HOME)
            .map(|w| w.id),
        Loaded::Corrupt => {
            storage::discard(SAVED_KEY);
            first_notices.push(
                "What was saved from your last visit could not be read and was discarded."
                    .to_string(),
            );
            None
        }
        Loaded::Missing => None,
    };
    let from_url = Route::of_fragment(&dom::hash());
    let start = if workbench::find(&from_url.workbench).is_some() {
        from_url
    } else {
        first_notices.push(format!(
            "The link points to an unknown workbench “{}”; showing {} instead.",
            from_url.workbench,
            workbench::default_workbench().title
        ));
        Route::home()
    };
    if !start.is_home() {
        dom::put_home_under_deep_link();
    }
    let active_id = workbench::find(&start.workbench)
        .unwrap_or_else(workbench::default_workbench)
        .id;

    let shell = Shell {
        notices: RwSignal::new(Vec::new()),
        next_notice: StoredValue::new(1),
        incoming: RwSignal::new(start),
        active: RwSignal::new(active_id),
        intent: RwSignal::new(None),
        last: StoredValue::new(last),
        help: RwSignal::new(false),
    };
    provide_context(shell);
    storage::on_write_failure(move |text| shell.notify(NoticeKind::Warning, text));
    for text in first_notices {
        shell.notify(NoticeKind::Warning, text);
    }

    // Remember the workbench (not the home); keep the page title in step.
    Effect::new(move |_| {
        let id = shell.active.get();
        shell.help.set(false);
        if id == route::HOME {
            dom::set_title("Tessera · puzzles and combinatorics in your browser");
            return;
        }
        storage::save(
            SAVED_KEY,
            &SavedWorkbench {
                workbench: id.to_string(),
            },
        );
        if let Some(w) = workbench::find(id) {
            dom::set_title(&format!("Tessera · {}", w.title));
        }
    });

    // What is on screen: the active workbench, once its code is in memory.
    // A workbench in a chunk of its own (ui/workbench.rs) that has not
    // loaded yet leaves the previous view up, with a status line, until its
    // chunk arrives; a link straight into one shows the loading screen
    // until then (index.html's loader fetched the chunk beside the main
    // module). The home is in the main module: on screen at once.
    let first = workbench::find(active_id)
        .filter(|w| w.is_loaded())
        .map(|w| w.id);
    let shown = RwSignal::new(first);
    let loading = RwSignal::new(None::<&'static str>);
    Effect::new(move |_| {
        let bench =
            workbench::find(shell.active.get()).unwrap_or_else(workbench::default_workbench);
        if bench.is_loaded() {
            loading.set(None);
            if shown.get_untracked() != Some(bench.id) {
                shown.set(Some(bench.id));
            }
            return;
        }
        let Code::Chunk { load, .. } = bench.code else {
            return;
        };
        loading.set(Some(bench.id));
        leptos::task::spawn_local(async move {
            let loaded = load().await;
            if shell.active.get_untracked() != bench.id {
                return; // the user went elsewhere meanwhile
            }
            loading.set(None);
            match loaded {
                Ok(()) => shown.set(Some(bench.id)),
                Err(_) => {
                    shell.notify(
                        NoticeKind::Warning,
                        format!(
                            "The {} workbench could not be loaded. Check the connection, then reload the page.",
                            bench.title
                        ),
                    );
                    if shown.get_untracked().is_none() {
                        shown.set(Some(workbench::default_workbench().id));
                    }
                }
            }
        });
    });

    // The user edited the URL fragment, followed a link within the page,
    // or went Back/Forward through the entries `push_url` made.
    let on_hash = window_event_listener(ev::hashchange, move |_| {
        dom::drop_pending_url();
        shell.follow_url()
    });
    let on_pop = window_event_listener(ev::popstate, move |_| {
        dom::drop_pending_url();
        shell.follow_url()
    });
    // Leaving (closing, reloading): the queued URL writes go in first.
    let on_hide = window_event_listener(ev::pagehide, move |_| dom::flush_url());
    on_cleanup(move || {
        on_hash.remove();
        on_pop.remove();
        on_hide.remove();
    });

    // "?" opens the help of the page on screen (not while typing).
    let on_key = window_event_listener(ev::keydown, move |e| {
        if e.key() != "?" || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let in_field = e
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if !in_field {
            e.prevent_default();
            shell.help.set(true);
        }
    });
    on_cleanup(move || on_key.remove());

    // Theme: the stored choice, else the system's; the toggle stores it.
    let theme = RwSignal::new(initial_theme());
    Effect::new(move |_| {
        if let Some(root) = dom::root() {
            let _ = root.set_attribute("data-theme", theme.get().name());
        }
    });
    let toggle_theme = move |_| {
        let next = match theme.get_untracked() {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        };
        theme.set(next);
        storage::save_text(THEME_KEY, next.name());
    };

    let debug = dom::window()
        .location()
        .search()
        .unwrap_or_default()
        .contains("debug");

    let nav = WORKBENCHES
        .iter()
        .map(|w| {
            let id = w.id;
            view! {
                <a
                    href=format!("#{id}")
                    class="nav-link"
                    title=w.blurb
                    data-testid=format!("nav-{id}")
                    aria-current=move || (shell.active.get() == id).then_some("page")
                    on:click=move |e| {
                        e.prevent_default();
                        if shell.active.get_untracked() != id {
                            // A new history entry: Back returns here. The
                            // entry left keeps its scroll; the workbench
                            // opens at its top (see `Shell::go`).
                            dom::push_hash(id);
                            dom::flush_url();
                            dom::scroll_to_top();
                        }
                        shell.active.set(id);
                        shell.incoming.update(|r| {
                            if r.workbench != id {
                                *r = Route { workbench: id.into(), payload: String::new() };
                            }
                        });
                    }
                >
                    {w.title}
                </a>
            }
        })
        .collect_view();

    // Keyboard users jump past the header to the workbench.
    // A button, not `href="#main"`: the fragment is the router's.
    let skip = move |_| {
        if let Some(main) = dom::document().get_element_by_id("main") {
            let _ = main.set_attribute("tabindex", "-1");
            if let Ok(main) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(main) {
                let _ = main.focus();
            }
        }
    };
    view! {
        <button type="button" class="skip-link" data-testid="skip-link" on:click=skip>
            "Skip to the workbench"
        </button>
        <header class="app-header">
            <a class="brand" href="#" aria-label="Tessera home" data-testid="brand">
                <svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
                    <rect x="2" y="2" width="13" height="13" rx="3" class="tile-a"></rect>
                    <rect x="17" y="2" width="13" height="13" rx="3" class="tile-b"></rect>
                    <rect x="2" y="17" width="13" height="13" rx="3" class="tile-b"></rect>
                    <rect x="17" y="17" width="13" height="13" rx="3" class="tile-a"></rect>
                </svg>
                <span class="brand-name">"Tessera"</span>
            </a>
            <nav class="app-nav" aria-label="Workbenches">{nav}</nav>
            <button
                type="button"
                class="icon-button help-button"
                data-testid="help-button"
                aria-haspopup="dialog"
                aria-label=move || {
                    let title = workbench::find(shell.active.get()).map_or("Tessera", |w| w.title);
                    format!("Help: {title} (shortcut ?)")
                }
                title="Help (?)"
                on:click=move |_| shell.help.set(true)
            >
                "?"
            </button>
            <button
                type="button"
                class="icon-button theme-toggle"
                data-testid="theme-toggle"
                aria-label=move || match theme.get() {
                    Theme::Light => "Switch to dark theme",
                    Theme::Dark => "Switch to light theme",
                }
                title=move || match theme.get() {
                    Theme::Light => "Dark theme",
                    Theme::Dark => "Light theme",
                }
                on:click=toggle_theme
            >
                <svg viewBox="0 0 24 24" aria-hidden="true" class="icon-moon">
                    <path d="M20.5 14.3A8.5 8.5 0 0 1 9.7 3.5a8.5 8.5 0 1 0 10.8 10.8z"></path>
                </svg>
                <svg viewBox="0 0 24 24" aria-hidden="true" class="icon-sun">
                    <circle cx="12" cy="12" r="4.2"></circle>
                    <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"></path>
                </svg>
            </button>
        </header>
        <div class="notices" aria-live="polite">
            <For
                each=move || shell.notices.get()
                key=|n| n.id
                children=move |n| {
                    let id = n.id;
                    let class = match n.kind {
                        NoticeKind::Info => "notice info",
                        NoticeKind::Warning => "notice warning",
                    };
                    view! {
                        <div class=class role="status" data-testid="notice">
                            <span>{n.text}</span>
                            <button
                                type="button"
                                class="ghost small"
                                aria-label="Dismiss notice"
                                on:click=move |_| shell.notices.update(|v| v.retain(|x| x.id != id))
                            >
                                "×"
                            </button>
                        </div>
                    }
                }
            />
        </div>
        <main class="app-main" id="main">
            // One h1 per view: the home writes its own; a workbench's is its
            // name, for screen readers' heading navigation.
            {move || {
                shown
                    .get()
                    .and_then(workbench::find)
                    .filter(|w| w.id != route::HOME)
                    .map(|w| view! { <h1 class="visually-hidden" data-testid="view-title">{w.title}</h1> })
            }}
            {move || {
                loading.get().and_then(workbench::find).map(|w| {
                    view! {
                        <p class="workbench-loading" role="status" data-testid="workbench-loading">
                            {format!("Loading the {} workbench…", w.title)}
                        </p>
                    }
                })
            }}
            {move || {
                let bench = workbench::find(shown.get()?)?;
                let view = untrack(move || bench.render());
                // The app is ready once a view is on screen: after this
                // task's mount (a microtask), the loading screen goes.
                leptos::task::spawn_local(async { dom::mark_ready() });
                view
            }}
        </main>
        <HelpDialog/>
        <footer class="app-footer">
            <span>"Tessera · works offline · formats compatible with SageMath"</span>
            <Show when=move || debug>
                <button
                    type="button"
                    class="ghost small"
                    data-testid="simulate-panic"
                    on:click=move |_| panic!("simulated crash (debug button)")
                >
                    "Simulate a crash"
                </button>
            </Show>
        </footer>
    }
}
