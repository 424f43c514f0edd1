//! Polyform Puzzler solution files (`polyform::format::parse`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::polyform::format;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(file) = format::parse(text) {
        assert!(!file.solutions.is_empty());
    }
});
