//! Text every workbench shows the same way: durations, grouped counts,
//! plurals, the symbol of a value, time left. One place, so a count reads
//! "1,234,567" and a time "4.56 s" on every page.

/// "0.42 ms", "12.3 ms", "4.56 s", "3 min 07 s".
pub fn format_ms(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.2} ms", ms)
    } else if ms < 1000.0 {
        format!("{:.1} ms", ms)
    } else if ms < 60_000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else {
        let s = (ms / 1000.0).round() as u64;
        format!("{} min {:02} s", s / 60, s % 60)
    }
}

/// 1234567 → "1,234,567" (the engine's, so CLI and browser agree).
pub use tessera_engine::text::group;

/// "1 solution", "2 solutions", "1,000 solutions".
pub fn plural(n: u128, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", group(n))
    }
}

/// The word alone, agreeing with `n`: for text that shows the number in a
/// separate element ("<b>1</b> solution so far").
pub fn noun<'a>(n: u128, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// "hidden single" → "Hidden single".
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The character shown for a grid value: blank for 0, 1-9, then A = 10,
/// B = 11 … Z = 35 (Sage's symbols); larger values as numbers.
pub fn symbol(v: u8) -> String {
    match v {
        0 => String::new(),
        1..=9 => ((b'0' + v) as char).to_string(),
        10..=35 => ((b'A' + v - 10) as char).to_string(),
        _ => v.to_string(),
    }
}

/// Below this much elapsed time, or this fraction of the tree, an
/// extrapolation is noise: say "estimating" instead.
const ETA_MIN_MS: f64 = 500.0;
const ETA_MIN_FRACTION: f64 = 0.001;

/// "about 12.3 s left", extrapolated from the elapsed time and the fraction
/// of the work done; "estimating time left…" until that means something.
pub fn time_left(elapsed_ms: f64, fraction: f64) -> String {
    if fraction <= ETA_MIN_FRACTION || elapsed_ms < ETA_MIN_MS || !fraction.is_finite() {
        return "estimating time left…".into();
    }
    let left = elapsed_ms * (1.0 - fraction.min(1.0)) / fraction;
    format!("about {} left", format_ms(left))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(format_ms(0.4216), "0.42 ms");
        assert_eq!(format_ms(12.34), "12.3 ms");
        assert_eq!(format_ms(4561.0), "4.56 s");
        assert_eq!(format_ms(187_000.0), "3 min 07 s");
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(
            group(6_670_903_752_021_072_936_960),
            "6,670,903,752,021,072,936,960"
        );
    }

    #[test]
    fn plurals_agree_with_their_number() {
        assert_eq!(plural(1, "piece", "pieces"), "1 piece");
        assert_eq!(plural(0, "piece", "pieces"), "0 pieces");
        assert_eq!(plural(12_345, "piece", "pieces"), "12,345 pieces");
        assert_eq!(noun(1, "solution", "solutions"), "solution");
        assert_eq!(noun(0, "solution", "solutions"), "solutions");
        assert_eq!(noun(2, "entry", "entries"), "entries");
    }

    #[test]
    fn capitalize_and_symbols() {
        assert_eq!(capitalize("hidden single"), "Hidden single");
        assert_eq!(capitalize(""), "");
        assert_eq!(capitalize("éclair"), "Éclair");
        assert_eq!(symbol(0), "");
        assert_eq!(symbol(9), "9");
        assert_eq!(symbol(10), "A");
        assert_eq!(symbol(35), "Z");
        assert_eq!(symbol(36), "36");
    }

    #[test]
    fn time_left_waits_for_a_meaningful_estimate() {
        assert_eq!(time_left(100.0, 0.5), "estimating time left…");
        assert_eq!(time_left(10_000.0, 0.0005), "estimating time left…");
        assert_eq!(time_left(1000.0, f64::NAN), "estimating time left…");
        assert_eq!(time_left(1000.0, 0.5), "about 1.00 s left");
        assert_eq!(time_left(2000.0, 0.25), "about 6.00 s left");
        assert_eq!(time_left(2000.0, 1.0), "about 0.00 ms left");
    }
}
