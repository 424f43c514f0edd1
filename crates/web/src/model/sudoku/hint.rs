//! The graduated Hint's stages, shared by the lab and play mode: each press
//! on the same position tells one thing more (the area, the cells, the
//! step, then applies it); another position starts again.

/// The graduated hint's stage and the position (values, marks) it is for.
pub type HintStage = (u8, Vec<u8>, Vec<u64>);

/// The stage the next press of a graduated Hint answers: one more than the
/// last on the same position (values and marks), after the fourth or on
/// another position the first again.
pub fn next_hint_stage(last: Option<HintStage>, values: &[u8], marks: &[u64]) -> u8 {
    match last {
        Some((s, v, m)) if v == values && m == marks && s < 4 => s + 1,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_on_one_position_go_one_to_four_then_start_again() {
        let (values, marks) = (vec![1, 0, 3], vec![0, 6, 0]);
        let mut last = None;
        let mut seen = Vec::new();
        for _ in 0..6 {
            let s = next_hint_stage(last, &values, &marks);
            seen.push(s);
            last = Some((s, values.clone(), marks.clone()));
        }
        assert_eq!(seen, [1, 2, 3, 4, 1, 2]);
    }

    #[test]
    fn another_digit_or_mark_starts_at_one() {
        let last = Some((3, vec![1, 0, 3], vec![0, 6, 0]));
        assert_eq!(next_hint_stage(last.clone(), &[1, 2, 3], &[0, 6, 0]), 1);
        assert_eq!(next_hint_stage(last.clone(), &[1, 0, 3], &[0, 4, 0]), 1);
        assert_eq!(next_hint_stage(last, &[1, 0, 3], &[0, 6, 0]), 4);
        assert_eq!(next_hint_stage(None, &[], &[]), 1);
    }
}
