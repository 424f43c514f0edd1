//! Polyform Puzzler's whole catalogue (1,179 puzzles) in the library.
//!
//! The asset is not in the wasm: `pp-catalogue.txt` is copied into dist by
//! trunk (so the service worker precaches it and it works offline) and
//! fetched once, when the Polyforms workbench first opens; the parsed
//! catalogue is kept for the page's life. The list is paged
//! ([`PAGE_SIZE`] entries in the DOM) and each entry's thumbnail is only
//! drawn once it scrolls into view (an `IntersectionObserver`).

use super::{draw, family_title};
use crate::model::catalogue::{page_count, page_label, page_range, Filter, Index, Size, PAGE_SIZE};
use crate::model::format::{group, plural};
use crate::ui::dom;
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;
use tessera_engine::polyform::catalogue::{Catalogue, Entry};
use tessera_engine::polyform::{svg, Lattice, PieceSet, Puzzle};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Where the asset is, relative to the page (any sub-path works).
const ASSET: &str = "pp-catalogue.txt";

/// The parsed catalogue with its search index.
pub struct Loaded {
    pub cat: Catalogue,
    pub index: Index,
    /// How long `Catalogue::parse` and the index took on the main thread.
    pub parse_ms: f64,
}

#[derive(Clone)]
pub enum CatState {
    Loading,
    Ready(Arc<Loaded>),
    Failed(String),
}

thread_local! {
    static CACHE: RefCell<Option<Arc<Loaded>>> = const { RefCell::new(None) };
}

fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let resp = JsFuture::from(dom::window().fetch_with_str(url))
        .await
        .map_err(js_err)?;
    let resp: web_sys::Response = resp.dyn_into().map_err(js_err)?;
    if !resp.ok() {
        return Err(format!("HTTP {}", resp.status()));
    }
    let text = JsFuture::from(resp.text().map_err(js_err)?)
        .await
        .map_err(js_err)?;
    text.as_string()
        .ok_or_else(|| "the reply is not text".into())
}

fn now() -> f64 {
    dom::window().performance().map(|p| p.now()).unwrap_or(0.0)
}

/// Fetch and parse the catalogue once per page; `state` follows.
pub fn load(state: RwSignal<CatState>) {
    if let Some(l) = CACHE.with(|c| c.borrow().clone()) {
        state.set(CatState::Ready(l));
        return;
    }
    state.set(CatState::Loading);
    leptos::task::spawn_local(async move {
        // Reading, parsing, indexing and showing the catalogue are a task
        // each: together they were one task of 250–400 ms on a loaded
        // machine, while the page's first solve could be running.
        let result = match fetch_text(ASSET).await {
            Ok(text) => {
                crate::ui::dom::next_task().await;
                let t0 = now();
                match Catalogue::parse(&text) {
                    Ok(cat) => {
                        let parsed = now() - t0;
                        crate::ui::dom::next_task().await;
                        let t1 = now();
                        let index = Index::new(cat.entries());
                        let parse_ms = parsed + now() - t1;
                        crate::ui::dom::next_task().await;
                        let l = Arc::new(Loaded {
                            cat,
                            index,
                            parse_ms,
                        });
                        CACHE.with(|c| *c.borrow_mut() = Some(l.clone()));
                        CatState::Ready(l)
                    }
                    Err(e) => CatState::Failed(format!("the catalogue could not be read: {e}")),
                }
            }
            Err(e) => CatState::Failed(format!(
                "Polyform Puzzler's catalogue ({ASSET}) could not be loaded: {e}. \
                 Tessera's own library still works; reload when online."
            )),
        };
        state.set(result);
    });
}

/// An entry's region with no pieces (unsupported entries have no puzzle).
fn bare_region(cat: &Catalogue, e: &Entry) -> Puzzle {
    let set = PieceSet {
        name: e.set.clone(),
        lattice: e.lattice,
        pieces: Vec::new(),
    };
    Puzzle::new(&e.id, e.lattice, cat.region(e), set)
}

/// The region of an entry as an SVG (a thumbnail or the page's drawing).
pub fn region_svg(cat: &Catalogue, e: &Entry, style: &svg::SvgStyle) -> String {
    let p = cat.puzzle(e).unwrap_or_else(|_| bare_region(cat, e));
    svg::render_region(&p, style)
}

/// PP's published count in words: "2,339 solutions", or PP's phrase.
pub fn published_text(e: &Entry) -> Option<String> {
    e.published.as_ref().map(|p| {
        let n = plural(p.count, "solution", "solutions");
        match (&p.phrase, p.uncertain) {
            (Some(ph), _) => ph.clone(),
            (None, true) => format!("{n} (uncertain)"),
            (None, false) => n,
        }
    })
}

fn cells_word(l: Lattice) -> &'static str {
    if l.is_segment() {
        "segments"
    } else {
        "cells"
    }
}

/// The entry the list opens on when neither a selection nor the puzzle on
/// screen names one: the 6×10 pentomino rectangle, the best-known polyomino
/// puzzle.
pub const FIRST: &str = "Pentominoes6x10";

/// The catalogue section of the library: search, filters, count, pages.
#[component]
pub fn CatalogueList(
    state: RwSignal<CatState>,
    /// The catalogue id on the page, if any.
    selected: Signal<Option<String>>,
    /// The entry whose page the list opens on when none is selected: a
    /// friendly first puzzle, not the file's first (a 168-cell heptiamond).
    #[prop(into)]
    first: Signal<String>,
    on_pick: Callback<String>,
) -> impl IntoView {
    let query = RwSignal::new(String::new());
    let lattice = RwSignal::new(None::<Lattice>);
    let size = RwSignal::new(Size::Any);
    let page = RwSignal::new(0usize);
    let filter = Memo::new(move |_| Filter {
        query: query.get(),
        lattice: lattice.get(),
        size: size.get(),
    });
    let results = Memo::new(move |_| {
        let f = filter.get();
        state.with(|s| match s {
            CatState::Ready(l) => l.index.filter(&f),
            _ => Vec::new(),
        })
    });
    let counts = Memo::new(move |_| {
        let f = filter.get();
        state.with(|s| match s {
            CatState::Ready(l) => l.index.group_counts(&f),
            _ => [0; 7],
        })
    });
    // A new filter starts at the first page.
    Effect::new(move |prev: Option<()>| {
        filter.track();
        if prev.is_some() {
            page.set(0);
        }
    });
    // Opened on an entry (the selected one, else `first`): its page.
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) {
            return true;
        }
        let ids = match selected.get_untracked() {
            Some(id) => vec![id],
            None => vec![first.get_untracked(), FIRST.to_string()],
        };
        state.with(|s| match s {
            CatState::Ready(l) => {
                let at = |id: &String| {
                    l.cat
                        .entries()
                        .iter()
                        .position(|e| e.id.eq_ignore_ascii_case(id))
                };
                if let Some(i) = ids.iter().find_map(at) {
                    page.set(i / PAGE_SIZE);
                }
                true
            }
            _ => false,
        })
    });

    // Thumbnails are drawn once their entry is visible.
    let drawn = RwSignal::new(HashSet::<usize>::new());
    type Obs = (
        web_sys::IntersectionObserver,
        Closure<dyn FnMut(js_sys::Array, web_sys::IntersectionObserver)>,
    );
    let observer = StoredValue::new_local(None::<Obs>);
    let ensure_observer = move || {
        if observer.with_value(|o| o.is_some()) {
            return;
        }
        let cb = Closure::<dyn FnMut(js_sys::Array, web_sys::IntersectionObserver)>::new(
            move |entries: js_sys::Array, obs: web_sys::IntersectionObserver| {
                let mut newly: Vec<usize> = Vec::new();
                for e in entries.iter() {
                    let e: web_sys::IntersectionObserverEntry = e.unchecked_into();
                    if e.is_intersecting() {
                        let t = e.target();
                        if let Some(i) = t.get_attribute("data-idx").and_then(|v| v.parse().ok()) {
                            newly.push(i);
                        }
                        obs.unobserve(&t);
                    }
                }
                if !newly.is_empty() {
                    drawn.update(|d| d.extend(newly));
                }
            },
        );
        let opts = web_sys::IntersectionObserverInit::new();
        opts.set_root_margin("40px");
        if let Ok(io) =
            web_sys::IntersectionObserver::new_with_options(cb.as_ref().unchecked_ref(), &opts)
        {
            observer.set_value(Some((io, cb)));
        }
    };
    // After each page is built: observe its thumbnails not drawn yet.
    Effect::new(move |_| {
        results.track();
        page.track();
        ensure_observer();
        // After the new page is in the DOM: observe its thumbnails.
        request_animation_frame(move || {
            let _ = observer.try_with_value(|o| {
                if let Some((io, _)) = o {
                    io.disconnect();
                    if let Ok(nodes) =
                        dom::document().query_selector_all(".pf-cat-thumb[data-pending]")
                    {
                        for k in 0..nodes.length() {
                            if let Some(n) = nodes
                                .item(k)
                                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                            {
                                io.observe(&n);
                            }
                        }
                    }
                }
            });
        });
    });
    on_cleanup(move || {
        observer.update_value(|o| {
            if let Some((io, _)) = o.take() {
                io.disconnect();
            }
        })
    });

    let items = move || {
        let Some(l) = state.with(|s| match s {
            CatState::Ready(l) => Some(l.clone()),
            _ => None,
        }) else {
            return Vec::new();
        };
        let res = results.get();
        let r = page_range(res.len(), page.get());
        res[r]
            .iter()
            .map(|&i| {
                let e = &l.cat.entries()[i];
                let id = e.id.clone();
                let id_click = id.clone();
                let id_cur = id.clone();
                let l2 = l.clone();
                let is_drawn = move || drawn.with(|d| d.contains(&i));
                let thumb = move || {
                    if is_drawn() {
                        let e = &l2.cat.entries()[i];
                        region_svg(&l2.cat, e, &draw::thumb_style())
                    } else {
                        String::new()
                    }
                };
                let published = published_text(e).map(|p| format!("PP: {p}"));
                let badge = e.unsupported.clone().map(|why| {
                    view! {
                        <span class="pf-badge" data-testid="pf-cat-unsupported" title=why.clone()>
                            {format!("unsupported: {why}")}
                        </span>
                    }
                });
                view! {
                    <li>
                        <a class="pf-item pf-cat-item" data-testid="pf-cat-item" data-id=id.clone()
                            href=format!("#polyforms/lib/{id}")
                            aria-current=move || selected.with(|s| s.as_deref() == Some(id_cur.as_str())).then_some("page")
                            on:click=move |ev| {
                                // Same-page navigation without rebuilding the view.
                                let plain = !(ev.ctrl_key() || ev.meta_key() || ev.shift_key()) && ev.button() == 0;
                                if plain {
                                    ev.prevent_default();
                                    on_pick.run(id_click.clone());
                                }
                            }>
                            <span class="pf-item-thumb pf-cat-thumb" data-idx=i.to_string()
                                data-pending=move || (!is_drawn()).then_some("")
                                inner_html=thumb></span>
                            <span class="pf-item-text">
                                <span class="pf-item-title">{e.id.clone()}</span>
                                <span class="muted">
                                    {format!("{} · {} {} · {}", e.family, e.cells, cells_word(e.lattice),
                                        plural(e.pieces as u128, "piece", "pieces"))}
                                </span>
                                {published.map(|p| view! { <span class="muted" data-testid="pf-cat-published-short">{p}</span> })}
                                {badge}
                            </span>
                        </a>
                    </li>
                }
            })
            .collect::<Vec<_>>()
    };

    let header = move || {
        state.with(|s| match s {
            CatState::Loading => view! {
                <p class="muted" data-testid="pf-cat-loading">"Loading Polyform Puzzler's catalogue…"</p>
            }
            .into_any(),
            CatState::Failed(msg) => view! {
                <p class="message error" role="alert" data-testid="pf-cat-error">{msg.clone()}</p>
            }
            .into_any(),
            CatState::Ready(l) => {
                let n = l.cat.entries().len();
                view! {
                    <p class="muted pf-cat-meta" data-testid="pf-cat-meta" data-parse-ms=format!("{:.1}", l.parse_ms)>
                        {format!("{} puzzles from David Goodger's Polyform Puzzler", group(n as u128))}
                    </p>
                }
                .into_any()
            }
        })
    };
    let n_results = move || results.with(Vec::len);
    let last_page = move || page.get() + 1 >= page_count(n_results());
    let group_options = move || {
        let c = counts.get();
        let total: usize = c.iter().sum();
        let mut opts = vec![
            view! { <option value="">{format!("All groups ({})", group(total as u128))}</option> }
                .into_any(),
        ];
        for (k, l) in Lattice::ALL.iter().enumerate() {
            opts.push(
                view! {
                    <option value=l.family() selected=move || lattice.get() == Some(*l)>
                        {format!("{} ({})", family_title(*l), group(c[k] as u128))}
                    </option>
                }
                .into_any(),
            );
        }
        opts
    };
    view! {
        <section class="pf-cat" data-testid="pf-catalogue" aria-label="Polyform Puzzler catalogue">
            <h3 class="pf-cat-title">"Polyform Puzzler catalogue"</h3>
            {header}
            <input type="search" class="pf-cat-search" data-testid="pf-cat-search"
                placeholder="Search: name, family, set, designer, size"
                aria-label="Search the catalogue"
                prop:value=move || query.get()
                on:input=move |ev| query.set(event_target_value(&ev))/>
            <div class="pf-cat-filters">
                <select data-testid="pf-cat-group" aria-label="Group"
                    on:change=move |ev| lattice.set(Lattice::from_family(&event_target_value(&ev)))>
                    {group_options}
                </select>
                <select data-testid="pf-cat-size" aria-label="Size"
                    on:change=move |ev| size.set(Size::from_key(&event_target_value(&ev)))>
                    {Size::ALL.iter().map(|s| view! { <option value=s.key()>{s.label()}</option> }).collect::<Vec<_>>()}
                </select>
            </div>
            <p class="pf-cat-count" data-testid="pf-cat-count" data-count=move || n_results().to_string() aria-live="polite">
                {move || plural(n_results() as u128, "puzzle", "puzzles")}
            </p>
            <ul class="pf-list pf-cat-list" data-testid="pf-cat-list">{items}</ul>
            <div class="pf-cat-pager">
                <button type="button" data-testid="pf-cat-prev" aria-label="Previous page"
                    disabled=move || page.get() == 0
                    on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>"‹"</button>
                <span class="muted" data-testid="pf-cat-page">{move || page_label(n_results(), page.get())}</span>
                <button type="button" data-testid="pf-cat-next" aria-label="Next page"
                    disabled=last_page
                    on:click=move |_| page.update(|p| *p += 1)>"›"</button>
            </div>
        </section>
    }
}
