//! The walkthrough seed's sweeps, replayed: its two games (or the grid on
//! the bench) swept cell by cell until stuck, split on the cell with the
//! fewest possible values, and explored game by game — each sweep as
//! "Iteration N" with the grid before and after, the cells it set, and
//! where a game fails, the seed's message.
//!
//! The engine's `sudoku::sweep` does the work on the page: a 9×9 sweep is
//! 81 cells × 24 neighbours, and the exploration is capped, so a replay
//! takes milliseconds.

use super::mini_grid;
use super::ExpCard;
use crate::ui::sudoku::Bench;
use leptos::prelude::*;
use tessera_engine::sudoku::sweep::{cell_name, explore, parse_games, Explored, Game};

/// The seed's two games (tests/data/seeds), as its `.game` text.
const TEST3A: &str = include_str!("../../../../../../tests/data/seeds/test3a.game");
const TEST5A: &str = include_str!("../../../../../../tests/data/seeds/test5a.game");

/// Games explored at most in one replay.
const MAX_GAMES: usize = 200;

/// One game of the exploration, flattened for display.
#[derive(Clone)]
struct Node {
    /// "Game 1", "Game 1.2" (the second child of game 1), …
    path: String,
    outcome: String,
    good: Option<bool>,
    iterations: Vec<Iteration>,
    error: Option<String>,
}

/// One sweep: the grid before and after, the cells it set (marked), the
/// seed's "Set (r,c) to v" lines and how many cells it narrowed.
#[derive(Clone)]
struct Iteration {
    before: Vec<u8>,
    after: Vec<u8>,
    marked: Vec<usize>,
    lines: Vec<String>,
    narrowed: usize,
}

fn flatten(e: &Explored, path: String, out: &mut Vec<Node>) {
    let (start, sweeps) = match e {
        Explored::Invalid { start, sweeps, .. }
        | Explored::Finished { start, sweeps, .. }
        | Explored::Split { start, sweeps, .. } => (start.clone(), sweeps),
    };
    let mut before = start;
    let mut iterations = Vec::new();
    for s in sweeps {
        let marked: Vec<usize> = s.set.iter().map(|&(i, _)| i).collect();
        iterations.push(Iteration {
            before: before.clone(),
            after: s.after.clone(),
            marked,
            lines: s.lines(),
            narrowed: s.narrowed,
        });
        before = s.after.clone();
    }
    let (outcome, good, error) = match e {
        Explored::Invalid { error, .. } => (
            "Invalid: sweeping meets a contradiction".to_string(),
            Some(false),
            Some(error.clone()),
        ),
        Explored::Finished { .. } => ("Finished".to_string(), Some(true), None),
        Explored::Split { cell, children, .. } => {
            let values: Vec<String> = children.iter().map(|(v, _)| v.to_string()).collect();
            (
                format!(
                    "Stuck: splits on {} into {}",
                    cell_name(*cell),
                    values.join(" and ")
                ),
                None,
                None,
            )
        }
    };
    out.push(Node {
        path: path.clone(),
        outcome,
        good,
        iterations,
        error,
    });
    if let Explored::Split { children, .. } = e {
        for (k, (_, child)) in children.iter().enumerate() {
            flatten(child, format!("{path}.{}", k + 1), out);
        }
    }
}

#[component]
pub fn SweepCard(bench: Bench) -> impl IntoView {
    let nodes = RwSignal::new(Vec::<Node>::new());
    let message = RwSignal::new(None::<String>);
    let replay = move |game: Game| match explore(&game, MAX_GAMES) {
        Some(tree) => {
            let mut out = Vec::new();
            flatten(&tree, "Game 1".into(), &mut out);
            message.set(None);
            nodes.set(out);
        }
        None => {
            nodes.set(Vec::new());
            message.set(Some(format!(
                "This grid needs more than {MAX_GAMES} games: too many splits to show."
            )));
        }
    };
    let seed = move |text: &'static str| {
        move |_| {
            let game = parse_games(text).expect("the seed's games parse").remove(0);
            replay(game)
        }
    };
    let from_bench = move |_| {
        let (shape_ok, cells) = bench.board.with_untracked(|b| {
            (
                b.shape.size() == 9 && b.shape.box_rows == 3,
                b.cells.clone(),
            )
        });
        if !shape_ok {
            nodes.set(Vec::new());
            message.set(Some(
                "The walkthrough's program plays 9×9 grids only: load a 9×9 puzzle first.".into(),
            ));
            return;
        }
        let values: [u8; 81] = std::array::from_fn(|i| cells[i]);
        replay(Game::from_values(&values));
    };
    view! {
        <ExpCard id="sweep" title="The walkthrough's sweeps"
            lead="The walkthrough's little Python solver, replayed exactly: each cell keeps its possible values; a \
             sweep visits the cells row by row and narrows each against its box, row and column (and a value \
             that no other cell of a group can take must go here — the \"last chance\" rule). When sweeps stop \
             changing anything, the game splits on the cell with the fewest possible values, one copy per value, \
             and each copy is explored the same way.">
            <div class="exp-count-buttons">
                <button type="button" class="small" data-testid="sweep-test3a" on:click=seed(TEST3A)>"Its game test3a"</button>
                <button type="button" class="small" data-testid="sweep-test5a" on:click=seed(TEST5A)>"Its game test5a"</button>
                <button type="button" class="primary small" data-testid="sweep-bench" on:click=from_bench>"The grid on the bench"</button>
            </div>
            {move || message.get().map(|m| view! { <p class="message warn" data-testid="sweep-message">{m}</p> })}
            <div class="sweep-nodes" data-testid="sweep-nodes">
                {move || nodes.get().into_iter().map(|n| {
                    let class = match n.good { Some(true) => "exp-ours good", Some(false) => "exp-ours bad", None => "exp-ours" };
                    view! {
                        <div class="exp-count sweep-node" data-testid="sweep-node">
                            <h3>{n.path.clone()}" — "<span class=class data-testid="sweep-outcome">{n.outcome.clone()}</span></h3>
                            {n.iterations.into_iter().enumerate().map(|(k, Iteration { before, after, marked, lines, narrowed })| view! {
                                <div class="sweep-iteration" data-testid="sweep-iteration">
                                    <div class="sweep-head">{format!("Iteration {}: {} cells narrowed, {} set", k + 1, narrowed, lines.len())}</div>
                                    <div class="sweep-pair">
                                        <figure>{mini_grid(before, Vec::new(), "sweep-before")}<figcaption>"Before"</figcaption></figure>
                                        <figure>{mini_grid(after, marked, "sweep-after")}<figcaption>"After"</figcaption></figure>
                                        <ul class="sweep-sets muted">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect::<Vec<_>>()}</ul>
                                    </div>
                                </div>
                            }).collect::<Vec<_>>()}
                            {n.error.map(|e| view! { <pre class="sweep-error" data-testid="sweep-error">{e}</pre> })}
                        </div>
                    }
                }).collect::<Vec<_>>()}
            </div>
        </ExpCard>
    }
}
