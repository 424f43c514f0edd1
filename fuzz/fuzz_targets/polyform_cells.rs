//! The polyform editor's region in a link (`editor::decode_cells`): what
//! decodes encodes back to cells that decode the same.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::polyform::editor::{decode_cells, encode_cells};
use tessera_engine::polyform::Lattice;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (family, cells) = text.split_once('/').unwrap_or(("", text));
    let _ = Lattice::from_family(family);
    if let Ok(cells) = decode_cells(cells) {
        assert_eq!(
            decode_cells(&encode_cells(&cells)).expect("re-decode"),
            cells
        );
    }
});
