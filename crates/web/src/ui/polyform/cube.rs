//! Polycube solutions in 3D: the shown solution (or the empty box) in the
//! shared three-d viewer, with frame/explode controls and click-to-identify.
//! The flat layer-by-layer SVG stays beside it for printing and downloads.

use super::solver::Solver;
use crate::ui::voxel::{ViewControls, VoxelView};
use leptos::prelude::*;
use tessera_voxel::{solutions, Scene, ViewOptions};

fn scene_of(solver: &Solver) -> Scene {
    solver.puzzle.with(|p| {
        let Ok(p) = p else {
            return Scene::new(Vec::new(), None);
        };
        let shown = solver.shown.get();
        let pieces = solver
            .solutions
            .with(|s| match shown.and_then(|i| s.get(i)) {
                Some(sol) => solutions::polycube_pieces(p, sol),
                None => Vec::new(),
            });
        Scene::new(pieces, solutions::polycube_frame(p))
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
