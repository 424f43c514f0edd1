//! The Sudoku graph (seed 003's graph model): cells are vertices, two cells
//! sharing a row, column or box are joined, and a solved Sudoku is exactly
//! a proper colouring with n colours. The card draws the graph around a
//! chosen cell on the current puzzle, and the whole Shidoku graph on a
//! circle (the paper's talk draws it with `circo`).

use super::{ExpCard, Experiment};
use crate::model::format::group;
use crate::model::sudoku::board::Board;
use crate::ui::job::{JobRun, MessageLayout, StatusMessage};
use crate::ui::sudoku::Bench;
use leptos::prelude::*;
use tessera_engine::sudoku::models::graph_edges;
use tessera_engine::sudoku::{Algorithm, Shape, Sudoku};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::modeling::{AgainstSolution, ColourAnswer, SudokuColour};

/// A pale colour per digit, evenly spread around the hue circle.
fn colour(value: u8, n: usize) -> String {
    if value == 0 {
        return "var(--cell-bg)".into();
    }
    let hue = (f64::from(value - 1) * 360.0 / n as f64 + 12.0) % 360.0;
    format!("hsl({hue:.0} 70% 78%)")
}

fn cell_name(i: usize, n: usize) -> String {
    format!("r{}c{}", i / n + 1, i % n + 1)
}

/// Neighbour lists from the engine's edge list (the same graph as the
/// DOT and edge-list exports).
fn adjacency(shape: Shape) -> (Vec<Vec<usize>>, usize) {
    let edges = graph_edges(shape);
    let mut adj = vec![Vec::new(); shape.cells()];
    for &(a, b) in &edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    (adj, edges.len())
}

#[component]
pub fn ColouringCard(bench: Bench) -> impl IntoView {
    let selected = RwSignal::new(40usize);
    let shape = Memo::new(move |_| bench.board.with(|b| b.shape));
    let graph = Memo::new(move |_| adjacency(shape.get()));
    // The grid as shown in the editor: givens, and the solver's answer if
    // one is on screen.
    let values = Memo::new(move |_| {
        let cells = bench.board.with(|b: &Board| b.cells.clone());
        match bench.overlay.get() {
            Some(sol) if sol.len() == cells.len() => sol,
            _ => cells,
        }
    });
    let conflicts = Memo::new(move |_| {
        Sudoku::empty(shape.get())
            .with_cells(values.get())
            .conflicts()
    });
    let sel = move || selected.get().min(shape.get().cells() - 1);

    let grid = move || {
        let shape = shape.get();
        let n = shape.size();
        let cell = 36.0;
        let size = cell * n as f64;
        let s = sel();
        let (adj, _) = graph.get();
        let neighbours = adj[s].clone();
        let vals = values.get();
        let bad = conflicts.get();
        let centre = |i: usize| {
            (
                (i % n) as f64 * cell + cell / 2.0,
                (i / n) as f64 * cell + cell / 2.0,
            )
        };
        let cells = (0..n * n)
            .map(|i| {
                let (cx, cy) = centre(i);
                let is_nb = neighbours.contains(&i);
                let v = vals[i];
                let class = if i == s {
                    "exp-vertex selected"
                } else if is_nb {
                    "exp-vertex neighbour"
                } else {
                    "exp-vertex"
                };
                let clash = bad.contains(&i);
                view! {
                    <g class=class data-testid="colour-cell" data-cell=i data-neighbour=is_nb.to_string()
                        data-clash=clash.to_string()
                        on:click=move |_| selected.set(i)>
                        <rect x=cx - cell / 2.0 y=cy - cell / 2.0 width=cell height=cell
                            style=format!("fill:{}", colour(v, n))/>
                        {(is_nb || i == s).then(|| view! {
                            <rect class="exp-ring" x=cx - cell / 2.0 + 3.0 y=cy - cell / 2.0 + 3.0
                                width=cell - 6.0 height=cell - 6.0 rx="5"/>
                        })}
                        {(v != 0).then(|| view! {
                            <text x=cx y=cy + 5.0 text-anchor="middle">{tessera_engine::sudoku::grid::symbol_char(v).map(String::from).unwrap_or_default()}</text>
                        })}
                        {clash.then(|| view! { <circle class="exp-clash" cx=cx cy=cy r=cell / 2.0 - 3.0/> })}
                        <title>{format!("{}{}", cell_name(i, n), if is_nb { " — a neighbour" } else { "" })}</title>
                    </g>
                }
            })
            .collect_view();
        let (sx, sy) = centre(s);
        // Row and column neighbours lie on one line through the cell, so
        // their edges bow out as arcs (rows upwards, columns to the right)
        // instead of drawing over each other; box neighbours are straight.
        let edges = neighbours
            .iter()
            .map(|&j| {
                let (x2, y2) = centre(j);
                let (mx, my) = ((sx + x2) / 2.0, (sy + y2) / 2.0);
                let d = ((x2 - sx).abs() + (y2 - sy).abs()) * 0.32;
                let (qx, qy) = if j / n == s / n {
                    (mx, my - d)
                } else if j % n == s % n {
                    (mx + d, my)
                } else {
                    (mx, my)
                };
                view! { <path class="exp-edge" d=format!("M{sx:.1} {sy:.1} Q{qx:.1} {qy:.1} {x2:.1} {y2:.1}")/> }
            })
            .collect_view();
        let box_lines = (0..=n)
            .map(|k| {
                let p = k as f64 * cell;
                let vthick = k % shape.box_cols == 0;
                let hthick = k % shape.box_rows == 0;
                view! {
                    <line class=if vthick { "exp-box" } else { "exp-thin" } x1=p x2=p y1="0" y2=size/>
                    <line class=if hthick { "exp-box" } else { "exp-thin" } x1="0" x2=size y1=p y2=p/>
                }
            })
            .collect_view();
        view! {
            <svg class="exp-graph-grid" data-testid="colouring-grid" viewBox=format!("-2 -2 {} {}", size + 4.0, size + 4.0)
                role="img" aria-label="The Sudoku graph around the selected cell">
                {cells}
                {box_lines}
                {edges}
                <circle class="exp-centre" cx=sx cy=sy r="4"/>
            </svg>
        }
    };

    let facts = move || {
        let shape = shape.get();
        let n = shape.size();
        let (adj, edges) = graph.get();
        let s = sel();
        let degree = adj[s].len();
        let in_box = n - shape.box_rows - shape.box_cols + 1;
        let vals = values.get();
        let coloured = vals.iter().filter(|&&v| v != 0).count();
        let bad = conflicts.get();
        let status = if !bad.is_empty() {
            format!(
                "Not a proper colouring: {} cells share their colour with a neighbour (circled).",
                bad.len()
            )
        } else if coloured == n * n {
            format!("A proper {n}-colouring: no edge joins two cells of the same colour — a solved Sudoku.")
        } else {
            format!(
                "Proper so far: {coloured} of {} vertices coloured and no edge joins two of the same colour. \
                 Solving the puzzle means completing this to a proper {n}-colouring.",
                n * n
            )
        };
        view! {
            <p data-testid="colouring-neighbours">
                <strong>{cell_name(s, n)}</strong>" has "
                <strong data-testid="neighbour-count">{degree}" neighbours"</strong>
                {format!(": {} in its row, {} in its column and {in_box} more in its box.", n - 1, n - 1)}
            </p>
            <p data-testid="colouring-graph">
                {format!(
                    "The {n}×{n} Sudoku graph has {} vertices and {edges} edges: every vertex has degree {degree}, and {} × {degree} / 2 = {edges}.",
                    n * n, n * n
                )}
            </p>
            <p class=if bad.is_empty() { "message success" } else { "message error" } data-testid="colouring-status">{status}</p>
        }
    };

    view! {
        <ExpCard id="colouring" title="Sudoku as graph colouring"
            lead=concat!(
                "Make every cell a vertex and join two cells when they share a row, a column or a box. ",
                "A Sudoku solution gives every vertex one of the digits so that joined vertices always differ: ",
                "it is a proper colouring of this graph with as many colours as digits, and a puzzle is a partial colouring to complete. ",
                "Click a cell to see its neighbours; the colours are the digits of the puzzle in the Grid tab (with the solution, if one is shown).",
            )>
            <div class="exp-colouring">
                <div class="exp-graph-wrap">{grid}</div>
                <div class="exp-facts">{facts}</div>
            </div>
            <ColourByAlgorithm bench=bench/>
            <ShidokuCircle/>
        </ExpCard>
    }
}

/// A small grid of colours (numbers and pale fills), boxes ruled.
fn colour_grid(colours: &[u8], shape: Shape, givens: &[u8], testid: &'static str) -> impl IntoView {
    let n = shape.size();
    let top = colours.iter().copied().max().unwrap_or(1).max(n as u8) as usize;
    let rows: Vec<_> = (0..n)
        .map(|r| {
            let tds: Vec<_> = (0..n)
                .map(|c| {
                    let i = r * n + c;
                    let v = colours.get(i).copied().unwrap_or(0);
                    let class = format!(
                        "{}{}{}",
                        if (c + 1) % shape.box_cols == 0 && c + 1 < n { "box-right " } else { "" },
                        if (r + 1) % shape.box_rows == 0 && r + 1 < n { "box-bottom " } else { "" },
                        if givens.get(i).is_some_and(|&g| g != 0) { "given" } else { "" }
                    );
                    let style = format!("background:{}", colour(v, top));
                    view! { <td class=class style=style>{if v == 0 { String::new() } else { v.to_string() }}</td> }
                })
                .collect();
            view! { <tr>{tds}</tr> }
        })
        .collect();
    view! { <table class="jnotes-grid colour-grid" data-testid=testid><tbody>{rows}</tbody></table> }
}

/// Colour the graph of the puzzle in the Grid tab by two algorithms in
/// the worker (`SudokuColour`): greedy DSatur and the exact search.
#[component]
fn ColourByAlgorithm(bench: Bench) -> impl IntoView {
    let job: JobRun<Experiment> = JobRun::scoped();
    let answer = RwSignal::new(None::<(Shape, Vec<u8>, ColourAnswer)>);
    let run = move |_| {
        let (shape, cells) = bench
            .board
            .with_untracked(|b: &Board| (b.shape, b.cells.clone()));
        answer.set(None);
        job.clear_message();
        let givens = cells.clone();
        job.start(
            SudokuColour { shape, cells },
            Experiment::Colouring,
            move |_, e, _| {
                if let Event::Item { item, .. } = e {
                    answer.set(Some((shape, givens.clone(), item)));
                }
            },
        );
    };
    let busy = move || job.get().is_busy();
    let result = move || {
        answer.get().map(|(shape, givens, a)| {
            let n = shape.size();
            let tried: Vec<_> = a
                .exact
                .tried
                .iter()
                .map(|&(k, nodes, found)| {
                    view! {
                        <li>{format!(
                            "{k} colours: {} after {} search nodes",
                            if found { "a colouring found" } else { "none exists" },
                            group(u128::from(nodes))
                        )}</li>
                    }
                })
                .collect();
            let verdict = match a.against {
                AgainstSolution::IsTheSolution => format!(
                    "The {n}-colouring is the puzzle's solution: the puzzle has exactly one, and a proper {n}-colouring that keeps the givens is a solved grid."
                ),
                AgainstSolution::OneOfSeveral => format!(
                    "The puzzle has several solutions; this {n}-colouring is one of them."
                ),
                AgainstSolution::NoSolution => format!(
                    "No {n}-colouring keeps these givens, so the puzzle has no solution; the graph with this precolouring needs {} colours.",
                    a.exact.chromatic
                ),
            };
            view! {
                <div class="colour-results" data-testid="colour-result">
                    <figure>
                        {colour_grid(&a.greedy.colours, shape, &givens, "colour-greedy-grid")}
                        <figcaption>
                            "DSatur (greedy): "
                            <strong data-testid="colour-greedy-used">{a.greedy.used}</strong>
                            " colours"
                        </figcaption>
                    </figure>
                    <figure>
                        {colour_grid(&a.exact.colouring.colours, shape, &givens, "colour-exact-grid")}
                        <figcaption>
                            "Exact search: χ = "
                            <strong data-testid="colour-chromatic">{a.exact.chromatic}</strong>
                        </figcaption>
                    </figure>
                    <div class="colour-facts">
                        <p>{format!(
                            "Lower bound {}: a row is a clique of {n} vertices, each joined to every other, so no proper colouring uses fewer. Upper bound {}: what greedy DSatur used.",
                            a.exact.lower_bound, a.exact.upper_bound
                        )}</p>
                        {(!tried.is_empty()).then(|| view! { <ul class="colour-tried">{tried}</ul> })}
                        <p class="message success" data-testid="colour-verdict" data-against=format!("{:?}", a.against)>{verdict}</p>
                        <p class="muted">"Both colourings were checked in the worker: every edge joins two colours that differ, and every given keeps its colour."</p>
                    </div>
                </div>
            }
        })
    };
    view! {
        <div class="exp-count colour-algorithms">
            <div class="exp-count-head">
                <h3>"Colouring it by algorithm"</h3>
                <div class="exp-count-buttons">
                    <button type="button" class="primary small" data-testid="colour-run" disabled=busy on:click=run>"Colour the graph"</button>
                    <button type="button" class="small" data-testid="colour-cancel" disabled=move || !busy() on:click=move |_| { job.cancel(); }>"Cancel"</button>
                </div>
            </div>
            <p class="exp-method muted">
                "Two general graph-colouring algorithms, told nothing about rows or boxes — only vertices, edges and the givens as colours already placed. "
                "DSatur colours, one at a time, the vertex whose neighbours already show the most different colours, with the smallest colour free there; it never goes back, so it may need more colours than necessary. "
                "The exact search tries k colours for k from the lower bound up, backtracking in the same order and crossing colours off the neighbours as it goes; the first k that works is the chromatic number."
            </p>
            <StatusMessage message=job.message testid="colour-message" layout=MessageLayout::Transient/>
            {result}
        </div>
    }
}

/// The 16 vertices and 56 edges of the Shidoku graph on a circle, coloured
/// by one solved Shidoku; a click shows a vertex's 7 neighbours.
#[component]
fn ShidokuCircle() -> impl IntoView {
    let shape = Shape::square(2).expect("2x2 boxes");
    let edges = graph_edges(shape);
    let solution: Vec<u8> = Sudoku::empty(shape)
        .solve_first(Algorithm::Backtrack)
        .ok()
        .flatten()
        .map(|s| s.cells().to_vec())
        .unwrap_or_else(|| vec![0; 16]);
    let picked = RwSignal::new(None::<usize>);
    let r = 106.0;
    let pos = |i: usize| {
        let a = std::f64::consts::TAU * i as f64 / 16.0 - std::f64::consts::FRAC_PI_2;
        (150.0 + r * a.cos(), 150.0 + r * a.sin())
    };
    let edge_count = edges.len();
    let lines = edges
        .into_iter()
        .map(|(a, b)| {
            let (x1, y1) = pos(a);
            let (x2, y2) = pos(b);
            view! {
                <line class=move || if picked.get().is_some_and(|p| p == a || p == b) { "exp-cedge on" } else { "exp-cedge" }
                    x1=x1 y1=y1 x2=x2 y2=y2/>
            }
        })
        .collect_view();
    let dots = (0..16)
        .map(|i| {
            let (x, y) = pos(i);
            let (lx, ly) = (
                150.0 + (r + 28.0) * (x - 150.0) / r,
                150.0 + (r + 28.0) * (y - 150.0) / r,
            );
            let v = solution[i];
            view! {
                <g class="exp-cvertex" data-testid="shidoku-vertex" data-cell=i on:click=move |_| picked.set(Some(i))>
                    <circle cx=x cy=y r="11" style=format!("fill:{}", colour(v, 4))
                        class=move || if picked.get() == Some(i) { "on" } else { "" }/>
                    <text x=x y=y + 4.5 text-anchor="middle">{v.to_string()}</text>
                    <text class="exp-clabel" x=lx y=ly + 4.0 text-anchor="middle">{cell_name(i, 4)}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <div class="exp-shidoku">
            <svg class="exp-circle" data-testid="shidoku-graph" viewBox="0 0 300 300" role="img"
                aria-label="The Shidoku graph: 16 vertices and 56 edges on a circle">
                {lines}
                {dots}
            </svg>
            <p class="muted">
                {format!("The Shidoku (4×4) graph drawn on a circle: 16 vertices, {edge_count} edges, each vertex of degree 7. ")}
                "The colours are one solved Shidoku — a proper 4-colouring; the chromatic number is 4, because every row is a clique of 4 vertices. Click a vertex to light up its edges."
            </p>
        </div>
    }
}
