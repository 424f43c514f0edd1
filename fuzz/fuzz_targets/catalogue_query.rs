//! The polyform catalogue's search box and size key (both travel in the
//! link): `parse_query`, `Size::from_key`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_web::model::catalogue::{parse_query, Size};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let terms = parse_query(text);
    assert!(terms.len() <= text.split_whitespace().count());
    let size = Size::from_key(text);
    assert_eq!(Size::from_key(size.key()), size);
});
