//! Hexad point lists (`#hexads/<labeling>:<p>,<p>,…` and the CLI's
//! points): labelings, points in either labeling, and `find_hexad` on
//! whatever was read. A point read prints back to itself.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::hexad::minimog::{Labeling, Minimog};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (lab, pts) = text.split_once(':').unwrap_or((text, ""));
    let labeling: Labeling = lab.parse().unwrap_or(Labeling::Shuffle);
    let mut points = Vec::new();
    for p in pts.split(',') {
        if let Ok(v) = labeling.parse_point(p) {
            assert!(v < 12, "{p} read as {v}");
            assert_eq!(labeling.parse_point(&labeling.label(v)), Ok(v));
            points.push(v);
        }
    }
    let m = Minimog::new(labeling);
    let _ = m.find_hexad(&points);
});
