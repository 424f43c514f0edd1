//! Quantumino boxes and routes (`#quantumino/<aside>/<a>x<b>x<c>/<n>`): the
//! sides as the page reads them, checked by the engine (`check_box`), and
//! Sage's `partial` names.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::quantumino::solver::{check_box, Partial};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Partial::parse(text);
    let mut parts = text.split('/');
    let _aside = parts.next().and_then(|a| a.parse::<u8>().ok());
    if let Some(b) = parts.next() {
        let sides: Vec<Option<i64>> = b
            .split(['x', 'X', '×'])
            .map(|s| s.trim().parse::<i64>().ok())
            .collect();
        if let [Some(a), Some(b), Some(c)] = sides.as_slice() {
            if let Ok(v) = check_box([*a, *b, *c]) {
                assert!(v.iter().all(|&s| s > 0));
                assert_eq!(
                    [i64::from(v[0]), i64::from(v[1]), i64::from(v[2])],
                    [*a, *b, *c]
                );
            }
        }
    }
    let _n = parts.next().and_then(|n| n.parse::<usize>().ok());
});
