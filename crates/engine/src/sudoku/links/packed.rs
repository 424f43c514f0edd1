//! SudokuPad's packed JSON: what an `scl`/`ctc` link holds once
//! decompressed, when it is not plain JSON.
//!
//! SudokuPad shortens its puzzle JSON before compressing it (its
//! "PuzzleZipper"); the form is public through the links it writes:
//!
//! - keys are bare words (`ce:`), and the common ones are abbreviated
//!   (`ce` = `cells`, `v` = `value`, `re` = `regions`, `ca` = `cages`, …,
//!   the table in [`LONG_KEYS`]);
//! - strings use `'` instead of `"` (an apostrophe inside is `\'`); text
//!   that contains a `"` anywhere is not quote-swapped at all;
//! - an empty object in an array is left out: `[{v:5},,]` is
//!   `[{"value":5},{},{}]`, and `[]` is `[{}]` (empty arrays are dropped
//!   before packing, so `[]` never means an empty list);
//! - after a key, `t`/`f` are `true`/`false`, `#0`/`#F` are black and
//!   white, and six hex digits are a colour `#rrggbb`.
//!
//! This is a reader written from that description, not SudokuPad's code:
//! a small recursive-descent parser that builds a [`serde_json::Value`]
//! with the long key names, so the link importer reads both forms the same
//! way. It is total: any text gives a value or a message naming the
//! character where reading stopped.

use serde_json::{Map, Number, Value};

/// Abbreviation → SudokuPad's key.
pub const LONG_KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Nesting deeper than this is refused (a puzzle is a few levels deep; the
/// limit keeps hostile input from exhausting the stack).
const MAX_DEPTH: usize = 64;

/// Read packed JSON; the error names the position where reading stopped.
pub fn unpack(text: &str) -> Result<Value, String> {
    let chars: Vec<char> = text.trim().chars().collect();
    // Only text without a `"` was quote-swapped.
    let quote = if chars.contains(&'"') { '"' } else { '\'' };
    let mut p = Parser {
        s: &chars,
        i: 0,
        quote,
    };
    let v = p.value(Slot::Top, 0)?;
    if p.i != chars.len() {
        return Err(p.stop("unexpected text after the puzzle"));
    }
    Ok(v)
}

/// Where a value stands: the packed form abbreviates differently after a
/// key than in a list.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Top,
    Item,
    Member,
}

struct Parser<'a> {
    s: &'a [char],
    i: usize,
    quote: char,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }

    fn stop(&self, what: &str) -> String {
        match self.peek() {
            Some(c) => format!("{what} at character {} (“{c}”)", self.i + 1),
            None => format!("{what} at the end"),
        }
    }

    /// Does a value end here (a delimiter or the end of the text)?
    fn at_end_of_value(&self, k: usize) -> bool {
        matches!(self.s.get(k), None | Some(',' | '}' | ']'))
    }

    fn value(&mut self, slot: Slot, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.stop("nested too deeply"));
        }
        match self.peek() {
            Some('{') => self.object(depth),
            Some('[') => self.array(depth),
            Some(c) if c == self.quote || c == '"' => self.string().map(Value::String),
            // A left-out empty object.
            Some(',' | ']') if slot == Slot::Item => Ok(Value::Object(Map::new())),
            Some(_) => self.scalar(slot),
            None => Err(self.stop("a value is missing")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.i += 1; // `{`
        let mut map = Map::new();
        if self.peek() == Some('}') {
            self.i += 1;
            return Ok(Value::Object(map));
        }
        loop {
            let key = match self.peek() {
                Some(c) if c == self.quote || c == '"' => self.string()?,
                _ => {
                    let start = self.i;
                    while self
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
                    {
                        self.i += 1;
                    }
                    if start == self.i {
                        return Err(self.stop("a key was expected"));
                    }
                    self.s[start..self.i].iter().collect()
                }
            };
            if self.peek() != Some(':') {
                return Err(self.stop("“:” was expected after a key"));
            }
            self.i += 1;
            let v = self.value(Slot::Member, depth + 1)?;
            let key = LONG_KEYS
                .iter()
                .find(|(short, _)| *short == key)
                .map_or(key, |(_, long)| (*long).to_string());
            map.insert(key, v);
            match self.peek() {
                Some(',') => self.i += 1,
                Some('}') => {
                    self.i += 1;
                    return Ok(Value::Object(map));
                }
                _ => return Err(self.stop("“,” or “}” was expected")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.i += 1; // `[`
        let mut items = Vec::new();
        loop {
            items.push(self.value(Slot::Item, depth + 1)?);
            match self.peek() {
                Some(',') => self.i += 1,
                Some(']') => {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.stop("“,” or “]” was expected")),
            }
        }
    }

    /// A quoted string; `\'` is an apostrophe, other escapes are JSON's.
    fn string(&mut self) -> Result<String, String> {
        let close = self.s[self.i];
        self.i += 1;
        let mut out = String::new();
        loop {
            match self.peek() {
                None => return Err(self.stop("a string is not closed")),
                Some(c) if c == close => {
                    self.i += 1;
                    return Ok(out);
                }
                Some('\\') => {
                    self.i += 1;
                    let c = self
                        .peek()
                        .ok_or_else(|| self.stop("a string is not closed"))?;
                    self.i += 1;
                    match c {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        'u' => {
                            let hex: String = self
                                .s
                                .get(self.i..self.i + 4)
                                .map_or_else(|| String::from("?"), |h| h.iter().collect());
                            let code = u32::from_str_radix(&hex, 16)
                                .map_err(|_| self.stop("a \\u escape needs four hex digits"))?;
                            self.i += 4;
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        other => out.push(other),
                    }
                }
                Some(c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }

    /// A number, a keyword or (after a key) an abbreviated flag or colour.
    fn scalar(&mut self, slot: Slot) -> Result<Value, String> {
        let start = self.i;
        let mut end = start;
        while !self.at_end_of_value(end) {
            end += 1;
        }
        let word: String = self.s[start..end].iter().collect();
        let member = slot == Slot::Member;
        let v = match word.as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            "t" if member => Value::Bool(true),
            "f" if member => Value::Bool(false),
            "#0" if member => Value::String("#000000".into()),
            "#F" if member => Value::String("#FFFFFF".into()),
            w if member && w.len() == 6 && w.chars().all(|c| c.is_ascii_hexdigit()) => {
                Value::String(format!("#{w}"))
            }
            w => match serde_json::from_str::<Number>(w) {
                Ok(n) => Value::Number(n),
                Err(_) => return Err(self.stop("a value was not understood")),
            },
        };
        self.i = end;
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_lengthened_and_empty_cells_restored() {
        let v = unpack("{ce:[[{v:5},,,{v:'8'}],[]],re:[[[0,0],[0,1]]],t:'It\\'s a test'}").unwrap();
        assert_eq!(
            v,
            json!({
                "cells": [[{"value": 5}, {}, {}, {"value": "8"}], [{}]],
                "regions": [[[0, 0], [0, 1]]],
                "title": "It's a test"
            })
        );
    }

    #[test]
    fn flags_and_colours_after_a_key_only() {
        let v = unpack("{k:t,b:f,c:#0,d2:#F,e:FF00aa,n:[1,-2.5e1,null],x:{}}").unwrap();
        assert_eq!(
            v,
            json!({"k": true, "b": false, "color": "#000000", "d": "#FFFFFF",
                   "e": "#FF00aa", "n": [1, -25.0, null], "x": {}})
        );
        // In a list `t` is not a value the packer writes.
        assert!(unpack("[t]").is_err());
    }

    #[test]
    fn plain_json_reads_the_same_with_long_keys() {
        let v = unpack(r#"{"ce":[[{"v":1}]],"title":"a 'b'"}"#).unwrap();
        assert_eq!(v, json!({"cells": [[{"value": 1}]], "title": "a 'b'"}));
    }

    #[test]
    fn broken_text_names_where_it_stopped() {
        for (text, want) in [
            ("{ce:[[{v:5}]]", "at the end"),
            ("{ce [1]}", "“:” was expected"),
            ("{ce:[1}", "“,” or “]” was expected"),
            ("{ce:'abc}", "not closed"),
            ("{ce:zz}", "not understood at character 5"),
            ("{ce:1}x", "after the puzzle"),
            ("", "missing"),
        ] {
            let e = unpack(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
        let deep = "[".repeat(200);
        assert!(unpack(&deep).unwrap_err().contains("nested too deeply"));
    }
}
