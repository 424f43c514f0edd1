//! Jigsaw region maps (`RegionMap::parse`); a map read must print back to
//! a text that reads the same map, and grid text must read against it.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::sudoku::variant::{RegionMap, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (map_text, grid_text) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(map) = RegionMap::parse(map_text) else {
        return;
    };
    let again = RegionMap::parse(&map.to_string()).expect("a written map reads back");
    assert_eq!(again.regions(), map.regions());
    let variant = Variant::jigsaw(map);
    if let Ok(values) = variant.parse(grid_text) {
        assert_eq!(values.len(), variant.cells());
        let _ = variant.verify(&values);
    }
});
