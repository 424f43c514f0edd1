//! Numbers as people read them, for the text the engine itself writes
//! (tables, explanations). The web app's `model::format` re-exports these,
//! so a count reads the same in the CLI and the browser.

/// 1234567 → "1,234,567".
pub fn group(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn groups_of_three() {
        assert_eq!(super::group(12_096), "12,096");
    }
}
