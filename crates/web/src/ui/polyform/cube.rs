//! Polycube solutions in 3D: the shown solution (or the empty box) in the
//! shared three-d viewer, with frame/explode controls and click-to-identify.
//! The flat layer-by-layer SVG stays beside it for printing and downloads.

use super::solver::Solver;
use crate::ui::voxel::{ViewControls, VoxelView};
use leptos::prelude::*;
use tessera_engine::polyform::{svg, Puzzle};
use tessera_voxel::{Scene, ViewOptions, VoxelPiece};

/// The size of the region's bounding box (the viewer's frame).
fn frame_of(p: &Puzzle) -> Option<[i32; 3]> {
    let first = p.region.first()?;
    let (mut lo, mut hi) = (*first, *first);
    for c in &p.region {
        for k in 0..3 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    // The viewer draws the frame from the origin; library regions start there.
    (lo == [0, 0, 0]).then(|| [hi[0] + 1, hi[1] + 1, hi[2] + 1])
}

fn scene_of(solver: &Solver) -> Scene {
    solver.puzzle.with(|p| {
        let Ok(p) = p else {
            return Scene::new(Vec::new(), None);
        };
        let shown = solver.shown.get();
        let pieces = solver
            .solutions
            .with(|s| match shown.and_then(|i| s.get(i)) {
                Some(sol) => sol
                    .pieces
                    .iter()
                    .filter(|x| !x.cells.is_empty())
                    .map(|x| VoxelPiece {
                        cells: x.cells.clone(),
                        color: svg::piece_color(p, &x.name).to_string(),
                        label: x.name.clone(),
                    })
                    .collect(),
                None => Vec::new(),
            });
        Scene::new(pieces, frame_of(p))
    })
}

#[component]
pub fn CubeView(solver: Solver) -> impl IntoView {
    let options = RwSignal::new(ViewOptions::default());
    let scene = Signal::derive(move || scene_of(&solver));
    // A new solution: forget the highlighted piece.
    Effect::new(move |_| {
        solver.shown.track();
        options.update(|o| o.selected = None);
    });
    let picked = move || {
        let i = options.get().selected?;
        let s = scene.get();
        let piece = s.pieces.get(i)?;
        let cells: Vec<String> = piece
            .cells
            .iter()
            .map(|c| format!("({},{},{})", c[0], c[1], c[2]))
            .collect();
        Some(format!("Piece {}: {}", piece.label, cells.join(" ")))
    };
    view! {
        <div class="pf-cube">
            <VoxelView
                scene=scene
                options=options
                on_pick=Callback::new(move |hit: Option<usize>| options.update(|o| o.selected = hit))
                label="The solution in 3D: drag to turn, wheel or pinch to zoom, click a piece"
                testid="pf-voxel"
            />
            <ViewControls options=options testid="pf-voxel"/>
            <p class="muted pf-picked" data-testid="pf-picked">{picked}</p>
        </div>
    }
}
