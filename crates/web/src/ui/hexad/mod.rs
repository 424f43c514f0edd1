//! The Hexads workbench: Conway's MINIMOG and Curtis's kitten drawn as SVG;
//! pick five points on either drawing and the hexad of S(5,6,12) through
//! them lights up on both, with its type in words and Sage's description;
//! the lines, crosses and squares of the pictures as small diagrams; and a
//! game of mathematical blackjack against the computer. All mathematics is
//! in `engine::hexad`.

use super::shell::{use_shell, NoticeKind};
use super::workbench::{Code, Workbench};
use crate::model::route::HexadRoute;
use crate::ui::segment::Segment;
use leptos::prelude::*;
use tessera_engine::hexad::minimog::{square, view_list, CROSSES, LINES};
use tessera_engine::hexad::{Game, Labeling, Minimog, Move, Player};

pub const WORKBENCH: Workbench = Workbench {
    id: "hexads",
    title: "Hexads",
    blurb: "The Steiner system S(5,6,12): MINIMOG, kitten, find_hexad and mathematical blackjack",
    code: Code::Chunk {
        load: chunk::load,
        view: chunk::view,
    },
};

crate::chunk!(hexads, HexadBench);

/// Kitten layout (print_kitten's rows): MINIMOG cells at (x, y) in a
/// 200×190 box — the apex, a triangle of 15, and two bottom corners.
const KITTEN: [((usize, usize), f64, f64); 18] = [
    ((0, 2), 100.0, 14.0),
    ((2, 2), 100.0, 46.0),
    ((0, 3), 82.0, 72.0),
    ((1, 3), 118.0, 72.0),
    ((1, 0), 64.0, 98.0),
    ((2, 3), 100.0, 98.0),
    ((0, 1), 136.0, 98.0),
    ((2, 2), 46.0, 124.0),
    ((1, 1), 82.0, 124.0),
    ((2, 0), 118.0, 124.0),
    ((2, 2), 154.0, 124.0),
    ((0, 3), 28.0, 150.0),
    ((1, 3), 64.0, 150.0),
    ((1, 2), 100.0, 150.0),
    ((0, 3), 136.0, 150.0),
    ((1, 3), 172.0, 150.0),
    ((0, 0), 14.0, 180.0),
    ((2, 1), 186.0, 180.0),
];

#[component]
fn HexadBench() -> impl IntoView {
    let shell = use_shell();
    // The home's "play mathematical blackjack": the game in view.
    if shell.take_intent("blackjack") {
        crate::ui::dom::when_present("blackjack", |el| {
            el.scroll_into_view_with_bool(true);
        });
    }
    let (route, problems) = HexadRoute::parse(&shell.incoming.get_untracked().payload);
    for p in problems {
        shell.notify(NoticeKind::Warning, p);
    }
    let (lab0, pts0) = (route.labeling, route.points);
    let labeling = RwSignal::new(lab0);
    let selected = RwSignal::new(pts0);
    let minimog = Memo::new(move |_| Minimog::new(labeling.get()));
    let hexad = Memo::new(move |_| {
        let pts = selected.get();
        (pts.len() == 5)
            .then(|| minimog.get().find_hexad(&pts).ok())
            .flatten()
    });
    // Back/Forward (or a link) while the workbench is open: its points.
    Effect::new(move |prev: Option<()>| {
        let route = shell.incoming.get();
        if prev.is_some() && route.workbench == "hexads" {
            let (r, problems) = HexadRoute::parse(&route.payload);
            for p in problems {
                shell.notify(NoticeKind::Warning, p);
            }
            if labeling.get_untracked() != r.labeling {
                labeling.set(r.labeling);
            }
            if selected.get_untracked() != r.points {
                selected.set(r.points);
            }
        }
    });
    Effect::new(move |_| {
        let pts: Vec<String> = selected.get().iter().map(u8::to_string).collect();
        shell.set_url(
            "hexads",
            &format!("{}:{}", labeling.get().name(), pts.join(",")),
        );
    });
    let toggle = move |p: u8| {
        selected.update(|s| {
            if let Some(i) = s.iter().position(|&q| q == p) {
                s.remove(i);
            } else if s.len() < 5 {
                s.push(p);
            } else {
                // A sixth click starts a new choice from this point.
                *s = vec![p];
            }
        })
    };
    // Keyboard: each point is a tab stop; Enter or Space picks it.
    let press = move |e: leptos::ev::KeyboardEvent, p: u8| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            toggle(p);
        }
    };
    let state = move |p: u8| -> &'static str {
        if selected.with(|s| s.contains(&p)) {
            "selected"
        } else if hexad.with(|h| h.as_ref().is_some_and(|h| h.points >> p & 1 == 1)) {
            "completes"
        } else {
            "plain"
        }
    };
    let label = move |p: u8| labeling.get().label(p);
    // In the drawings +Infinity is written ∞ (it does not fit a cell).
    let short = move |p: u8| match label(p).as_str() {
        "+Infinity" => "∞".to_string(),
        l => l.to_string(),
    };

    let minimog_svg = move || {
        let m = minimog.get();
        let table = m.table();
        let cells = (0..3)
            .flat_map(|r| (0..4).map(move |c| (r, c)))
            .map(|(r, c)| {
                let p = table[r][c];
                let (x, y) = (4.0 + c as f64 * 48.0, 4.0 + r as f64 * 48.0);
                view! {
                    <g
                        class="pt"
                        data-state=move || state(p)
                        data-testid=format!("minimog-{p}")
                        role="button"
                        tabindex="0"
                        aria-pressed=move || (state(p) == "selected").to_string()
                        aria-label=move || format!("point {}", label(p))
                        on:click=move |_| toggle(p)
                        on:keydown=move |e| press(e, p)
                    >
                        <rect x=x y=y width="44" height="44" rx="6"></rect>
                        <text x=x + 22.0 y=y + 28.0 text-anchor="middle">{short(p)}</text>
                    </g>
                }
            })
            .collect_view();
        view! {
            <svg
                xmlns="http://www.w3.org/2000/svg"
                class="hexad-svg minimog"
                data-testid="minimog-svg"
                viewBox="0 0 200 152"
                role="group"
                aria-label="MINIMOG: the 12 points in a 3 by 4 array"
            >
                {cells}
            </svg>
        }
    };

    let kitten_svg = move || {
        let m = minimog.get();
        let table = m.table();
        let [a02, a21, a00] = m.infinity();
        let edges = view! {
            <polygon class="kitten-frame" points="100,14 14,180 186,180"></polygon>
        };
        let dots = KITTEN
            .iter()
            .enumerate()
            .map(|(k, &((r, c), x, y))| {
                let p = table[r][c];
                let at_infinity = p == a02 || p == a21 || p == a00;
                view! {
                    <g
                        class="pt"
                        class:infinity=at_infinity
                        data-state=move || state(p)
                        data-testid=format!("kitten-{k}")
                        data-point=p
                        role="button"
                        tabindex="0"
                        aria-pressed=move || (state(p) == "selected").to_string()
                        aria-label=move || format!("point {}", label(p))
                        on:click=move |_| toggle(p)
                        on:keydown=move |e| press(e, p)
                    >
                        <circle cx=x cy=y r="12"></circle>
                        <text x=x y=y + 4.5 text-anchor="middle">{short(p)}</text>
                    </g>
                }
            })
            .collect_view();
        view! {
            <svg
                xmlns="http://www.w3.org/2000/svg"
                class="hexad-svg kitten"
                data-testid="kitten-svg"
                viewBox="0 0 200 196"
                role="group"
                aria-label="The kitten: points at infinity at the corners"
            >
                {edges}
                {dots}
            </svg>
        }
    };

    let result = move || {
        let n = selected.with(Vec::len);
        match hexad.get() {
            Some(h) => {
                let m = minimog.get();
                let sage = m.format_hexad(&h);
                let sage_attr = sage.clone();
                let words = h.describe(&m);
                let points = m.format_points(h.points);
                view! {
                    <div class="hexad-result" data-testid="hexad-result" data-sage=sage_attr data-type=h.kind.type_number()>
                        <p class="hexad-points">"Hexad " <strong>{points}</strong></p>
                        <p>{words}</p>
                        <p class="sage-line">"Sage: " <code>{sage}</code></p>
                    </div>
                }
                .into_any()
            }
            None => view! {
                <div class="hexad-result" data-testid="hexad-result" data-sage="">
                    <p>{format!("Pick {} more point{} on either drawing.", 5 - n, if 5 - n == 1 { "" } else { "s" })}</p>
                </div>
            }
            .into_any(),
        }
    };

    view! {
        <div class="hexad-bench" data-testid="hexad-bench">
            <section class="card hexad-main">
                <div class="hexad-toolbar">
                    <div class="segmented" role="radiogroup" aria-label="Labeling">
                        {[Labeling::Shuffle, Labeling::Modulo11]
                            .into_iter()
                            .map(|l| view! {
                                <Segment testid=format!("labeling-{}", l.name())
                                    checked=Signal::derive(move || labeling.get() == l)
                                    on_pick=move |()| {
                                        labeling.set(l);
                                        selected.set(Vec::new());
                                    }>
                                    {match l { Labeling::Shuffle => "shuffle", Labeling::Modulo11 => "modulo 11" }}
                                </Segment>
                            })
                            .collect_view()}
                    </div>
                    <button type="button" data-testid="hexad-clear" on:click=move |_| selected.set(Vec::new())>
                        "Clear"
                    </button>
                </div>
                <div class="hexad-drawings">
                    <figure>
                        {minimog_svg}
                        <figcaption>
                            "MINIMOG "
                            <button type="button" class="link" data-testid="download-minimog" on:click=move |_| download("minimog-svg", "minimog.svg")>
                                "Download SVG"
                            </button>
                        </figcaption>
                    </figure>
                    <figure>
                        {kitten_svg}
                        <figcaption>
                            "Kitten "
                            <button type="button" class="link" data-testid="download-kitten" on:click=move |_| download("kitten-svg", "kitten.svg")>
                                "Download SVG"
                            </button>
                        </figcaption>
                    </figure>
                </div>
                {result}
                <p class="hint-text">
                    "Any 5 of the 12 points lie in exactly one hexad (132 hexads, 792 = 132 × 6 five-sets). "
                    "Sage's descriptions count lines, crosses and squares from 0 — except \u{201c}lines (a, b)\u{201d}, which counts from 1 — "
                    "and label some pictures 1, 0 and 6 whatever the labeling; the sentence above gives the plain reading."
                </p>
            </section>
            <Shapes minimog=minimog/>
            <Blackjack/>
        </div>
    }
}

/// Save the SVG element with test id `id` as a file.
fn download(id: &str, name: &str) {
    let doc = crate::ui::dom::document();
    let Ok(Some(svg)) = doc.query_selector(&format!("[data-testid=\"{id}\"]")) else {
        return;
    };
    let text = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        svg.outer_html()
    );
    crate::ui::dom::download_text(name, "image/svg+xml", &text);
}

/// Sage's `view_list` diagrams of the 12 lines, 18 crosses and 18 squares,
/// with the points of a chosen picture.
#[component]
fn Shapes(minimog: Memo<Minimog>) -> impl IntoView {
    let kind = RwSignal::new(0usize);
    let diagram = move |cells: u16, title: String, pic: [[u8; 3]; 3], lab: Labeling| {
        let squares = (0..9)
            .map(|i| {
                let on = cells >> i & 1 == 1;
                let (x, y) = ((i % 3) as f64 * 20.0, (i / 3) as f64 * 20.0);
                view! {
                    <g class:on=on>
                        <rect x=x + 1.0 y=y + 1.0 width="18" height="18" rx="3"></rect>
                        <text x=x + 10.0 y=y + 14.0 text-anchor="middle">{lab.label(pic[i / 3][i % 3]).replace("+Infinity", "∞")}</text>
                    </g>
                }
            })
            .collect_view();
        let sage = view_list(cells);
        view! {
            <figure class="shape" title=sage>
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60" class="shape-svg">{squares}</svg>
                <figcaption>{title}</figcaption>
            </figure>
        }
    };
    let picture = RwSignal::new(0usize);
    let list = move || {
        let m = minimog.get();
        let pics = [
            tessera_engine::hexad::Picture::P00,
            tessera_engine::hexad::Picture::P21,
            tessera_engine::hexad::Picture::P02,
        ];
        let (_, pic) = m.picture(pics[picture.get()]);
        let lab = m.labeling();
        let shapes: Vec<(u16, String)> = match kind.get() {
            0 => LINES
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, format!("line {i}")))
                .collect(),
            1 => CROSSES
                .iter()
                .enumerate()
                .map(|(i, &c)| (c, format!("cross {i}")))
                .collect(),
            _ => (0..18)
                .map(|i| (square(i), format!("square {i}")))
                .collect(),
        };
        shapes
            .into_iter()
            .map(|(c, t)| diagram(c, t, pic, lab))
            .collect_view()
    };
    let pic_names = move || {
        let m = minimog.get();
        let [a02, a21, a00] = m.infinity();
        let l = m.labeling();
        [l.label(a00), l.label(a21), l.label(a02)]
    };
    view! {
        <section class="card shapes-card">
            <h2>"Lines, crosses and squares"</h2>
            <div class="hexad-toolbar">
                <select data-testid="shape-kind" aria-label="Shapes" on:change=move |ev| kind.set(event_target_value(&ev).parse().unwrap_or(0))>
                    <option value="0">"12 lines"</option>
                    <option value="1">"18 crosses"</option>
                    <option value="2">"18 squares"</option>
                </select>
                <select data-testid="shape-picture" aria-label="Picture" on:change=move |ev| picture.set(event_target_value(&ev).parse().unwrap_or(0))>
                    {move || pic_names().into_iter().enumerate().map(|(i, n)| view! { <option value=i.to_string()>{format!("picture at {n}")}</option> }).collect_view()}
                </select>
            </div>
            <div class="shape-grid" data-testid="shape-grid">{list}</div>
        </section>
    }
}

/// Mathematical blackjack against the computer.
#[component]
fn Blackjack() -> impl IntoView {
    let seed = RwSignal::new(1u64);
    let game = RwSignal::new(Game::new(1));
    let picked = RwSignal::new(None::<u8>);
    let message = RwSignal::new(String::from(
        "Your move: click a table card, then a lower card from the pile.",
    ));
    let new_game = move |s: u64| {
        seed.set(s);
        game.set(Game::new(s));
        picked.set(None);
        message.set("New deal. Your move.".into());
    };
    // The last move's message ends with how the game ended, so no stale
    // line ("The computer swapped 5 for 1.") sits above the verdict.
    let ending = move |g: &Game| match g.winner() {
        Some(_) if g.table_sum() < 21 => format!(" The table totals {}, under 21.", g.table_sum()),
        Some(_) => " No legal move is left.".to_string(),
        None => String::new(),
    };
    let after_human = move |m: Move| {
        let g = game.get_untracked();
        if g.winner().is_some() {
            message.set(format!(
                "You swapped {} for {}.{}",
                m.from,
                m.to,
                ending(&g)
            ));
            return;
        }
        game.update(|g| {
            if let Some(c) = g.computer_choice() {
                let _ = g.play(c);
                message.set(format!(
                    "You swapped {} for {}; the computer swapped {} for {}.{}",
                    m.from,
                    m.to,
                    c.from,
                    c.to,
                    ending(g)
                ));
            }
        });
    };
    let ended = move || game.with(|g| g.winner().is_some());
    let play_pile = move |to: u8| {
        if game.with_untracked(|g| g.winner().is_some()) {
            return;
        }
        let Some(from) = picked.get_untracked() else {
            message.set("First click a card on the table.".into());
            return;
        };
        let mut result = Ok(());
        game.update(|g| result = g.play(Move { from, to }));
        picked.set(None);
        match result {
            Ok(()) => after_human(Move { from, to }),
            Err(e) => message.set(e.to_string()),
        }
    };
    let hint = move || {
        let g = game.get();
        match g.hint() {
            Some((m, h)) => message.set(format!(
                "Hint: swap {} for {} — the table becomes the hexad {:?}.",
                m.from, m.to, h
            )),
            None if g.table_is_hexad() => {
                message.set("No winning move: the table is a hexad. Any legal move will do.".into())
            }
            None => message.set("No winning move from here.".into()),
        }
    };
    let over = move || {
        game.with(|g| {
            g.winner().map(|w| match w {
                Player::Human => ("You win!", "human"),
                Player::Computer => ("The computer wins.", "computer"),
            })
        })
    };
    let hint_data = move || {
        game.with(|g| {
            g.hint()
                .map(|(m, _)| format!("{}-{}", m.from, m.to))
                .unwrap_or_default()
        })
    };
    view! {
        <section class="card blackjack" id="blackjack" data-testid="blackjack">
            <h2>"Mathematical blackjack"</h2>
            <p class="hint-text">
                "Twelve cards 0–11 (king = 0, jack = 11). A move swaps a table card for a lower card from the pile. "
                "Whoever makes the table total drop below 21 loses. Winning strategy (Conway, Kahane–Ryba): "
                "move so that the table is a hexad of the shuffle MINIMOG."
            </p>
            <div class="bj-row">
                <span class="bj-label">"Table"</span>
                {move || game.get().table().into_iter().map(|c| view! {
                    <button
                        type="button"
                        class="bj-card"
                        class:picked=move || picked.get() == Some(c)
                        data-testid=format!("table-card-{c}")
                        disabled=ended
                        on:click=move |_| picked.set(Some(c))
                    >{c}</button>
                }).collect_view()}
                <span class="bj-total" data-testid="bj-total">{move || format!("total {}", game.get().table_sum())}</span>
            </div>
            <div class="bj-row">
                <span class="bj-label">"Pile"</span>
                {move || game.get().pile().into_iter().map(|c| view! {
                    <button type="button" class="bj-card pile" data-testid=format!("pile-card-{c}") disabled=ended on:click=move |_| play_pile(c)>{c}</button>
                }).collect_view()}
            </div>
            <div class="bj-actions">
                <button type="button" data-testid="bj-hint" data-hint=hint_data disabled=ended on:click=move |_| hint()>"Hint"</button>
                <button type="button" data-testid="bj-new" on:click=move |_| new_game(seed.get_untracked() + 1)>"New deal"</button>
                <span class="hint-text" data-testid="bj-seed">{move || format!("deal #{}", seed.get())}</span>
            </div>
            <p class="bj-message" data-testid="bj-message" role="status">{move || message.get()}</p>
            // A win in the success colour, a loss in the error colour.
            {move || over().map(|(text, who)| view! {
                <p class="bj-over" class:lost=who == "computer" data-testid="game-over" data-winner=who>{text}</p>
            })}
        </section>
    }
}
