//! The finish screen and the side card (Check, Reveal, Hint, mistakes,
//! sharing).

use super::*;

/// "Hard · 4.2": the named grade and the numeric rating.
fn rating_text(rating: Option<logic::Rating>, score: Option<u16>) -> Option<String> {
    let grade = lab::rating_label(rating?);
    Some(match score {
        Some(s) => format!("{grade} · {}", logic::weight_text(s)),
        None => grade.to_string(),
    })
}

/// The finish screen, over the pad: time, hints, reveals, rating. A
/// standard grid's rating is the lab's (it rates the grid on screen after
/// every edit); a variant's is asked of the worker when the game ends.
#[component]
pub fn Finish(play: Play, lab: Lab) -> impl IntoView {
    let finished = Memo::new(move |_| play.game.with(|g| g.finished_ms.is_some()));
    Effect::new(move |_| {
        if finished.get() && play.vb.mode.get() != Mode::Standard {
            play.ask_rating();
        }
    });
    let rating = move || -> String {
        if play.vb.mode.get() != Mode::Standard {
            return match play.rated.get() {
                FinishRating::Rated(r) => {
                    rating_text(r.rating, r.score).unwrap_or_else(|| "—".into())
                }
                FinishRating::Pending => "rating…".into(),
                FinishRating::NotAsked | FinishRating::Failed => "—".into(),
            };
        }
        lab.analysis
            .with(|a| {
                a.as_ref().and_then(|a| match &a.result {
                    Ok((e, _)) if e.outcome == Outcome::Solved => rating_text(e.rating, e.score),
                    _ => None,
                })
            })
            .unwrap_or_else(|| "—".into())
    };
    move || {
        play.game.with(|g| g.finished_ms.map(|ms| (ms, g.hints, g.reveals))).map(|(ms, hints, reveals)| {
            view! {
                <section class="finish" data-testid="finish" role="status">
                    <p class="finish-title">"Solved!"</p>
                    <dl class="finish-stats">
                        <div><dt>"Time"</dt><dd data-testid="finish-time">{clock(ms as f64)}</dd></div>
                        <div><dt>"Hints"</dt><dd data-testid="finish-hints">{hints}</dd></div>
                        <div><dt>"Revealed"</dt><dd>{reveals}</dd></div>
                        <div><dt>"Rating"</dt><dd data-testid="finish-rating" title="The hardest step a logical solver needs (Sudoku Explainer's scale: 1.2 hidden single … 10.0 a guess)">{rating}</dd></div>
                    </dl>
                    <button type="button" data-testid="play-again" on:click=move |_| play.restart()>"Play again"</button>
                </section>
            }
        })
    }
}

/// The side card in play mode: Check, Reveal, Hint, mistakes, sharing.
#[component]
pub fn PlayCard(play: Play) -> impl IntoView {
    let with_progress = RwSignal::new(false);
    let copied = RwSignal::new(false);
    view! {
        <section class="card play-card" aria-labelledby="play-title" data-testid="play-card">
            <h2 id="play-title">"Play"</h2>
            <div class="actions wide-only">
                <button type="button" class="primary" data-testid="check" title="Mark wrong digits (the solution stays hidden)" on:click=move |_| play.check()>
                    "Check"
                </button>
                <button type="button" data-testid="reveal" title="Show the right digit in the selected cells" on:click=move |_| play.reveal()>
                    "Reveal cell"
                </button>
                <button type="button" data-testid="play-hint" title="The next logical step on your position" aria-busy=move || play.hint_busy.get().to_string() on:click=move |_| play.hint()>
                    {move || if play.hint_busy.get() { "Hint…" } else { "Hint" }}
                </button>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="mistakes"
                    prop:checked=move || play.mistakes.get()
                    on:change=move |e| play.mistakes.set(event_target_checked(&e))
                />
                " Show mistakes as I type"
            </label>
            {move || play.said.get().map(|(tone, text)| view! {
                <p class=format!("message wide-only {}", tone.name()) data-testid="play-said" role="status">{text}</p>
            })}
            <h3>"Share"</h3>
            <div class="segmented" role="radiogroup" aria-label="What the link carries">
                <Segment testid="share-puzzle" checked=Signal::derive(move || !with_progress.get())
                    on_pick=move |()| with_progress.set(false)>"Puzzle only"</Segment>
                <Segment testid="share-progress" checked=with_progress
                    on_pick=move |()| with_progress.set(true)>"With my progress"</Segment>
            </div>
            <input
                class="mono share-link"
                readonly
                id="play-link"
                data-testid="share-link"
                aria-label="Share link"
                prop:value=move || {
                    play.game.track();
                    play.id.track();
                    play.link(with_progress.get())
                }
            />
            <div class="row">
                <button
                    type="button"
                    data-testid="copy-play-link"
                    on:click=move |_| {
                        // Confirmed only once the browser says the copy worked.
                        dom::copy_text(&play.link(with_progress.get_untracked()), move |ok| {
                            if ok {
                                copied.set(true);
                                set_timeout(move || copied.set(false), std::time::Duration::from_millis(1600));
                            }
                        });
                    }
                >
                    {move || if copied.get() { "Link copied ✓" } else { "Copy link" }}
                </button>
            </div>
        </section>
    }
}
