//! Samurai puzzles (five 9×9 strings or the 21-line layout) and X grids:
//! whatever parses is written as a line and as a layout, and both read back
//! to the same values.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tessera_engine::sudoku::variant::Variant;
use tessera_engine::sudoku::Shape;

/// Built once: a variant's units and peers cost more than a parse.
static VARIANTS: OnceLock<(Variant, Variant)> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (samurai, x) = VARIANTS.get_or_init(|| {
        (
            Variant::samurai(),
            Variant::x(Shape::square(3).expect("3x3")),
        )
    });
    if let Ok(values) = samurai.parse(text) {
        assert_eq!(values.len(), samurai.cells());
        let _ = samurai.verify(&values);
        assert_eq!(
            samurai.parse(&samurai.to_line(&values)).expect("line"),
            values
        );
        assert_eq!(
            samurai.parse(&samurai.to_layout(&values)).expect("layout"),
            values
        );
    }
    if let Ok(values) = x.parse(text) {
        let _ = x.verify(&values);
        assert_eq!(x.parse(&x.to_line(&values)).expect("x line"), values);
    }
});
