//! The home: what Tessera is in one sentence, the four workbenches as cards
//! with a miniature each (small SVGs from `model::home`, no worker, no 3D,
//! no catalogue) and one thing to try that lands in the workbench doing it.
//!
//! A "try" link carries an intent (`Shell::go`): the workbench it opens
//! takes it once and starts the count or the solve, so the first click
//! already shows what the workbench is for.

use super::shell::{use_shell, Shell};
use super::sudoku::examples;
use super::workbench::{self, Code, Workbench};
use crate::model::home::{minimog_svg, pentomino_svg, quantumino_svg, sudoku_svg, HEXAD_POINTS};
use crate::model::route::HOME;
use leptos::prelude::*;

pub const WORKBENCH: Workbench = Workbench {
    id: HOME,
    title: "Home",
    blurb: "What Tessera is, and one thing to try in each workbench",
    code: Code::Main(|| view! { <Home/> }.into_any()),
};

/// One card: a workbench, its pitch, the most inviting first step (play,
/// solve, spin, find), and the mathematics one click further.
struct Card {
    id: &'static str,
    pitch: &'static str,
    try_text: &'static str,
    /// The link's fragment payload and the intent the workbench takes.
    try_payload: fn() -> String,
    try_intent: Option<&'static str>,
    /// The second link: (text, payload, intent).
    maths: (&'static str, fn() -> String, Option<&'static str>),
    mini: fn() -> String,
}

fn escargot() -> String {
    examples::find("escargot").map_or(String::new(), |e| e.puzzle.to_string())
}

fn sudoku_mini() -> String {
    let puzzle = examples::find("sage-a").map_or("", |e| e.puzzle);
    sudoku_svg(puzzle)
}

const CARDS: [Card; 4] = [
    Card {
        id: "sudoku",
        pitch: "Every size from 4×4 to 25×25, four engines, logical hints with reasons, a generator, \
                X, jigsaw and Samurai variants — and experiments on the numbers behind the grid.",
        try_text: "Play Al Escargot, a famous hard puzzle",
        try_payload: escargot,
        try_intent: Some("play"),
        maths: (
            "Or count all 6.67 × 10²¹ Sudoku grids",
            || "experiments/counting".to_string(),
            Some("count-grids"),
        ),
        mini: sudoku_mini,
    },
    Card {
        id: "polyforms",
        pitch: "Polyform Puzzler's whole world: pentominoes, hexiamonds, polyhexes, Soma cubes, \
                sticks and twigs — 1,179 catalogue puzzles, a region editor and the enumeration tables.",
        try_text: "Solve the famous 6×10 pentomino rectangle",
        try_payload: || "lib/pentominoes-6x10".to_string(),
        try_intent: Some("solve"),
        maths: (
            "Or Dana Scott's 1958 puzzle, the first one a computer solved",
            || "lib/pentominoes-8x8-hole".to_string(),
            Some("solve"),
        ),
        mini: pentomino_svg,
    },
    Card {
        id: "quantumino",
        pitch: "Sage's Quantumino in 3D: put one of 17 pentacubes aside and pack the rest into a box. \
                Solve, animate the search, and count what Sage never could.",
        try_text: "Spin a packed 3D box",
        try_payload: || "0/2x5x8/1".to_string(),
        try_intent: None,
        maths: ("Or count the packings of an aside", || "0/2x5x8/0".to_string(), Some("count")),
        mini: quantumino_svg,
    },
    Card {
        id: "hexads",
        pitch: "The Steiner system S(5,6,12) on Conway's MINIMOG and Curtis's kitten: any five points \
                lie in exactly one hexad — and you can play mathematical blackjack with them.",
        try_text: "Find the hexad through five points",
        try_payload: hexad_payload,
        try_intent: None,
        maths: ("Or play mathematical blackjack with them", String::new, Some("blackjack")),
        mini: minimog_svg,
    },
];

fn hexad_payload() -> String {
    let pts: Vec<String> = HEXAD_POINTS.iter().map(u8::to_string).collect();
    format!("shuffle:{}", pts.join(","))
}

/// A link that opens `id` with `payload` and asks it to do `intent`; the
/// href is the same place, so a new tab still lands in the workbench.
fn go_link(
    shell: Shell,
    id: &'static str,
    payload: String,
    intent: Option<&'static str>,
    class: &'static str,
    testid: String,
    body: impl IntoView + 'static,
) -> impl IntoView {
    let href = if payload.is_empty() {
        format!("#{id}")
    } else {
        format!("#{id}/{payload}")
    };
    view! {
        <a
            class=class
            href=href
            data-testid=testid
            on:click=move |e| {
                if e.ctrl_key() || e.meta_key() || e.shift_key() || e.button() != 0 {
                    return;
                }
                e.prevent_default();
                shell.go(id, &payload, intent);
            }
        >
            {body}
        </a>
    }
}

#[component]
pub fn Home() -> impl IntoView {
    let shell = use_shell();
    // The home's address is the bare URL.
    super::dom::clear_hash();
    let last = shell
        .last
        .get_value()
        .and_then(workbench::find)
        .filter(|w| w.id != HOME);
    let cards = CARDS
        .iter()
        .filter_map(|c| workbench::find(c.id).map(|w| (c, w)))
        .map(|(c, w)| {
            let id = c.id;
            view! {
                <article class="home-card" data-testid=format!("home-card-{id}") data-bench=id>
                    {go_link(
                        shell,
                        id,
                        String::new(),
                        None,
                        "home-mini",
                        format!("home-mini-{id}"),
                        view! {
                            <span class="sr-only">{format!("Open {}", w.title)}</span>
                            <span class="home-mini-art" inner_html=(c.mini)()></span>
                        },
                    )}
                    <div class="home-card-body">
                        <h2>
                            {go_link(shell, id, String::new(), None, "home-card-title", format!("home-open-{id}"), w.title)}
                        </h2>
                        <p class="home-pitch">{c.pitch}</p>
                        {go_link(
                            shell,
                            id,
                            (c.try_payload)(),
                            c.try_intent,
                            "home-try",
                            format!("home-try-{id}"),
                            view! {
                                <span>{c.try_text}</span>
                                <span class="home-try-arrow" aria-hidden="true">"→"</span>
                            },
                        )}
                        {go_link(
                            shell,
                            id,
                            (c.maths.1)(),
                            c.maths.2,
                            "home-maths",
                            format!("home-maths-{id}"),
                            c.maths.0,
                        )}
                    </div>
                </article>
            }
        })
        .collect_view();
    view! {
        <div class="home" data-testid="home">
            <section class="home-hero" aria-labelledby="home-title">
                <h1 id="home-title">
                    <span class="home-kicker">"Tessera"</span>
                    "Puzzles, and the mathematics that solves and counts them."
                </h1>
                <p class="home-lead" data-testid="home-lead">
                    "Tessera is a workbench for combinatorial puzzles — Sudoku, polyforms, Quantumino and \
                     the hexads of S(5,6,12) — that solves, counts and explains them with real algorithms, \
                     entirely in your browser."
                </p>
                <ul class="home-facts" aria-label="Good to know">
                    <li data-testid="home-offline">
                        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5"></path></svg>
                        "Works offline after the first visit"
                    </li>
                    <li data-testid="home-install">
                        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5"></path></svg>
                        "Installable as an app from your browser's menu"
                    </li>
                    <li>
                        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5"></path></svg>
                        "Nothing leaves your device"
                    </li>
                </ul>
                {last.map(|w| {
                    let id = w.id;
                    go_link(
                        shell,
                        id,
                        String::new(),
                        None,
                        "home-continue",
                        "home-continue".to_string(),
                        format!("Pick up where you left off: {} →", w.title),
                    )
                })}
            </section>
            <section class="home-cards" aria-label="Workbenches">{cards}</section>
            <p class="home-foot muted">
                "Each workbench has a "
                <kbd>"?"</kbd>
                " button with its buttons, its keys and where its mathematics comes from."
            </p>
        </div>
    }
}
