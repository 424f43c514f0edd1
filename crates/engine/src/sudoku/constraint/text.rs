//! The text form of a constrained puzzle: one line per statement, cells
//! written `r3c5` (row and column from 1), `#` starts a comment, blank
//! lines are skipped. People write it by hand and read it in a diff, and
//! [`print`] writes what [`parse`] reads back to the same puzzle.
//!
//! ```text
//! size 9                  # or: size 6 boxes 2x3, or: size 9 regions <81 labels>
//! givens 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! killer 15: r1c1 r1c2 r2c1
//! killer: r9c8 r9c9       # a cage without a sum
//! thermo r3c3 r3c4 r3c5   # from the bulb
//! arrow r5c5 -> r4c6 r3c7 # circle cells, then the path
//! white r1c1 r1c2
//! black r2c2 r3c2
//! x r4c4 r4c5
//! v r6c6 r6c7
//! negative kropki         # every dot is given; also: negative xv
//! sandwich row 3: 12      # or: sandwich column 3: 12
//! littlekiller 23: r1c2 r2c3 r3c4
//! whisper r7c1 r8c2 r9c3  # also renban, palindrome, regionsum, between
//! odd r1c1
//! even r2c2
//! antiknight              # also antiking, nonconsecutive
//! diagonal main           # r1c1 to r9c9; diagonal anti: r1c9 to r9c1
//! region r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3
//! ```
//!
//! `size` comes first; `givens` (one character per cell: `.` or `0` for an
//! empty cell, `1`–`9`, then `a` = 10 … `g` = 16) is optional and at most
//! once; the constraints keep their order. A square grid (4, 9, 16) has
//! square boxes unless told otherwise; other sizes name their boxes or
//! regions.
//!
//! ```
//! use tessera_engine::sudoku::constraint::text::{parse, print};
//!
//! let puzzle = parse("size 4\nkiller 3: r1c1 r1c2\nthermo r2c1 r2c2 r2c3").unwrap();
//! assert_eq!(puzzle.constraints().len(), 2);
//! assert_eq!(parse(&print(&puzzle)).unwrap(), puzzle);
//! let error = parse("size 4\nthermo r1c1 r1c9").unwrap_err();
//! assert_eq!(error.to_string(), "line 2, at 'r1c9': the cell is outside the 4x4 grid");
//! ```

use super::{Constraint, ConstraintError, Diagonal, Dot, Puzzle, Regions, RowOrColumn, Xv};
use crate::sudoku::grid::{cell_name, symbol_char};
use crate::sudoku::shape::Shape;
use crate::sudoku::variant::RegionMap;

/// Write a puzzle in the text form.
pub fn print(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let mut out = String::new();
    match puzzle.regions() {
        Regions::Boxes(shape) if Shape::square(isqrt(n)) == Some(*shape) => {
            out.push_str(&format!("size {n}\n"));
        }
        Regions::Boxes(shape) => out.push_str(&format!("size {n} boxes {shape}\n")),
        Regions::Map(map) => out.push_str(&format!("size {n} regions {map}\n")),
    }
    if puzzle.givens().iter().any(|&g| g != 0) {
        let line: String = puzzle
            .givens()
            .iter()
            .map(|&g| symbol_char(g).unwrap_or('?'))
            .collect();
        out.push_str(&format!("givens {line}\n"));
    }
    let cells = |list: &[usize]| {
        list.iter()
            .map(|&c| cell_name(c, n))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for c in puzzle.constraints() {
        let line = match c {
            Constraint::Killer { cells: l, sum } => match sum {
                Some(s) => format!("killer {s}: {}", cells(l)),
                None => format!("killer: {}", cells(l)),
            },
            Constraint::Thermo(l) => format!("thermo {}", cells(l)),
            Constraint::Arrow { circle, path } => {
                format!("arrow {} -> {}", cells(circle), cells(path))
            }
            Constraint::Kropki { dot, cells: p } => format!(
                "{} {}",
                match dot {
                    Dot::White => "white",
                    Dot::Black => "black",
                },
                cells(p)
            ),
            Constraint::NegativeKropki => "negative kropki".into(),
            Constraint::Xv { mark, cells: p } => format!(
                "{} {}",
                match mark {
                    Xv::X => "x",
                    Xv::V => "v",
                },
                cells(p)
            ),
            Constraint::NegativeXv => "negative xv".into(),
            Constraint::Sandwich { line, sum } => match line {
                RowOrColumn::Row(r) => format!("sandwich row {}: {sum}", r + 1),
                RowOrColumn::Column(c) => format!("sandwich column {}: {sum}", c + 1),
            },
            Constraint::LittleKiller { cells: l, sum } => {
                format!("littlekiller {sum}: {}", cells(l))
            }
            Constraint::Whisper(l) => format!("whisper {}", cells(l)),
            Constraint::Renban(l) => format!("renban {}", cells(l)),
            Constraint::Palindrome(l) => format!("palindrome {}", cells(l)),
            Constraint::RegionSum(l) => format!("regionsum {}", cells(l)),
            Constraint::Between(l) => format!("between {}", cells(l)),
            Constraint::Odd(c) => format!("odd {}", cell_name(*c, n)),
            Constraint::Even(c) => format!("even {}", cell_name(*c, n)),
            Constraint::AntiKnight => "antiknight".into(),
            Constraint::AntiKing => "antiking".into(),
            Constraint::NonConsecutive => "nonconsecutive".into(),
            Constraint::Diagonal(Diagonal::Main) => "diagonal main".into(),
            Constraint::Diagonal(Diagonal::Anti) => "diagonal anti".into(),
            Constraint::Region(l) => format!("region {}", cells(l)),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn isqrt(n: usize) -> usize {
    (1..=n).find(|b| b * b >= n).unwrap_or(1)
}

/// Read a puzzle from the text form; errors name the line and the token.
pub fn parse(text: &str) -> Result<Puzzle, ConstraintError> {
    let mut regions: Option<(Regions, usize)> = None;
    let mut givens: Option<(Vec<u8>, usize)> = None;
    let mut constraints = Vec::new();
    let mut lines_of = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let err = |token: &str, problem: String| ConstraintError::Text {
            line: number,
            token: token.to_string(),
            problem,
        };
        let (head, tail) = match body.split_once(':') {
            Some((h, t)) => (h, Some(t)),
            None => (body, None),
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let keyword = words[0].to_ascii_lowercase();
        if keyword == "size" {
            if regions.is_some() {
                return Err(err(words[0], "the size is given twice".into()));
            }
            regions = Some((read_size(&words, tail, &err)?, number));
            continue;
        }
        let Some((ref grid, _)) = regions else {
            return Err(err(
                words[0],
                "the first line must give the size, e.g. 'size 9'".into(),
            ));
        };
        let n = grid.size();
        if keyword == "givens" {
            if givens.is_some() {
                return Err(err(words[0], "the givens are given twice".into()));
            }
            if tail.is_some() || words.len() != 2 {
                return Err(err(
                    words[0],
                    format!("give the givens as one word of {} characters", n * n),
                ));
            }
            let mut values = Vec::new();
            for ch in words[1].chars() {
                let v = match ch {
                    '.' | '0' => 0,
                    '1'..='9' => ch as u8 - b'0',
                    'a'..='z' | 'A'..='Z' => ch.to_ascii_lowercase() as u8 - b'a' + 10,
                    _ => {
                        return Err(err(
                            &ch.to_string(),
                            "a given is '.', a digit or a letter (a = 10)".into(),
                        ))
                    }
                };
                if v as usize > n {
                    return Err(err(
                        &ch.to_string(),
                        format!("{v} is not a digit of a {n}x{n} grid"),
                    ));
                }
                values.push(v);
            }
            if values.len() != n * n {
                return Err(err(
                    words[1],
                    format!(
                        "the givens have {} characters, but the grid has {} cells",
                        values.len(),
                        n * n
                    ),
                ));
            }
            givens = Some((values, number));
            continue;
        }
        let cell = |token: &str| -> Result<usize, ConstraintError> {
            let t = token.to_ascii_lowercase();
            let parsed = t.strip_prefix('r').and_then(|rest| {
                let (r, c) = rest.split_once('c')?;
                Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?))
            });
            match parsed {
                None => Err(err(token, "a cell is written like r3c5".into())),
                Some((r, c)) if r == 0 || c == 0 || r > n || c > n => {
                    Err(err(token, format!("the cell is outside the {n}x{n} grid")))
                }
                Some((r, c)) => Ok((r - 1) * n + c - 1),
            }
        };
        let cells = |tokens: &[&str]| {
            tokens
                .iter()
                .map(|t| cell(t))
                .collect::<Result<Vec<_>, _>>()
        };
        let number_of = |token: &str, what: &str| -> Result<u32, ConstraintError> {
            token
                .parse::<u32>()
                .map_err(|_| err(token, format!("{what} should be a number")))
        };
        let no_colon = || match tail {
            Some(_) => Err(err(words[0], format!("a {keyword} has no ':'"))),
            None => Ok(()),
        };
        let pair = |tokens: &[&str]| -> Result<[usize; 2], ConstraintError> {
            no_colon()?;
            match cells(tokens)?.as_slice() {
                &[a, b] => Ok([a, b]),
                _ => Err(err(words[0], format!("a {keyword} joins two cells"))),
            }
        };
        let one = |tokens: &[&str]| -> Result<usize, ConstraintError> {
            no_colon()?;
            match tokens {
                [t] => cell(t),
                _ => Err(err(words[0], format!("an {keyword} line names one cell"))),
            }
        };
        let bare = || -> Result<(), ConstraintError> {
            no_colon()?;
            match words.get(1) {
                Some(t) => Err(err(t, format!("'{keyword}' takes nothing after it"))),
                None => Ok(()),
            }
        };
        let line = |tokens: &[&str]| -> Result<Vec<usize>, ConstraintError> {
            no_colon()?;
            cells(tokens)
        };
        let summed = |what: &str| -> Result<(Option<u32>, Vec<usize>), ConstraintError> {
            let Some(tail) = tail else {
                return Err(err(
                    words[0],
                    format!("write the {what} as '{keyword} SUM: CELLS'"),
                ));
            };
            let sum = match &words[1..] {
                [] => None,
                [s] => Some(number_of(s, "the sum")?),
                [_, extra, ..] => return Err(err(extra, "only the sum comes before ':'".into())),
            };
            let list: Vec<&str> = tail.split_whitespace().collect();
            Ok((sum, cells(&list)?))
        };
        let rest = &words[1..];
        let constraint = match keyword.as_str() {
            "killer" => {
                let (sum, list) = summed("cage")?;
                Constraint::Killer { cells: list, sum }
            }
            "thermo" => Constraint::Thermo(line(rest)?),
            "arrow" => {
                no_colon()?;
                let Some(split) = rest.iter().position(|&t| t == "->") else {
                    return Err(err(
                        words[0],
                        "write an arrow as 'arrow CIRCLE -> PATH'".into(),
                    ));
                };
                Constraint::Arrow {
                    circle: cells(&rest[..split])?,
                    path: cells(&rest[split + 1..])?,
                }
            }
            "white" => Constraint::Kropki {
                dot: Dot::White,
                cells: pair(rest)?,
            },
            "black" => Constraint::Kropki {
                dot: Dot::Black,
                cells: pair(rest)?,
            },
            "x" => Constraint::Xv {
                mark: Xv::X,
                cells: pair(rest)?,
            },
            "v" => Constraint::Xv {
                mark: Xv::V,
                cells: pair(rest)?,
            },
            "negative" => {
                no_colon()?;
                match rest {
                    [w] if w.eq_ignore_ascii_case("kropki") => Constraint::NegativeKropki,
                    [w] if w.eq_ignore_ascii_case("xv") => Constraint::NegativeXv,
                    _ => {
                        return Err(err(
                            rest.first().copied().unwrap_or(words[0]),
                            "say 'negative kropki' or 'negative xv'".into(),
                        ))
                    }
                }
            }
            "sandwich" => {
                let (Some(tail), [kind, index]) = (tail, rest) else {
                    return Err(err(
                        words[0],
                        "write a sandwich as 'sandwich row 3: 12' or 'sandwich column 3: 12'"
                            .into(),
                    ));
                };
                let i = number_of(index, "the row or column")? as usize;
                if i == 0 || i > n {
                    return Err(err(
                        index,
                        format!("the grid has rows and columns 1 to {n}"),
                    ));
                }
                let line = match kind.to_ascii_lowercase().as_str() {
                    "row" => RowOrColumn::Row(i - 1),
                    "column" | "col" => RowOrColumn::Column(i - 1),
                    _ => return Err(err(kind, "a sandwich is on a row or a column".into())),
                };
                let sum = match tail.split_whitespace().collect::<Vec<_>>().as_slice() {
                    [s] => number_of(s, "the sum")?,
                    _ => return Err(err(tail.trim(), "one sum comes after ':'".into())),
                };
                Constraint::Sandwich { line, sum }
            }
            "littlekiller" => match summed("little killer")? {
                (Some(sum), list) => Constraint::LittleKiller { cells: list, sum },
                (None, _) => return Err(err(words[0], "a little killer needs its sum".into())),
            },
            "whisper" => Constraint::Whisper(line(rest)?),
            "renban" => Constraint::Renban(line(rest)?),
            "palindrome" => Constraint::Palindrome(line(rest)?),
            "regionsum" => Constraint::RegionSum(line(rest)?),
            "between" => Constraint::Between(line(rest)?),
            "odd" => Constraint::Odd(one(rest)?),
            "even" => Constraint::Even(one(rest)?),
            "antiknight" => {
                bare()?;
                Constraint::AntiKnight
            }
            "antiking" => {
                bare()?;
                Constraint::AntiKing
            }
            "nonconsecutive" => {
                bare()?;
                Constraint::NonConsecutive
            }
            "diagonal" => {
                no_colon()?;
                match rest {
                    [w] if w.eq_ignore_ascii_case("main") => Constraint::Diagonal(Diagonal::Main),
                    [w] if w.eq_ignore_ascii_case("anti") => Constraint::Diagonal(Diagonal::Anti),
                    _ => {
                        return Err(err(
                            rest.first().copied().unwrap_or(words[0]),
                            "say 'diagonal main' or 'diagonal anti'".into(),
                        ))
                    }
                }
            }
            "region" => Constraint::Region(line(rest)?),
            _ => {
                return Err(err(
                    words[0],
                    "this is not a kind of constraint (killer, thermo, arrow, white, black, x, v, \
                     negative, sandwich, littlekiller, whisper, renban, palindrome, regionsum, \
                     between, odd, even, antiknight, antiking, nonconsecutive, diagonal, region)"
                        .into(),
                ))
            }
        };
        constraints.push(constraint);
        lines_of.push(number);
    }
    let Some((regions, size_line)) = regions else {
        return Err(ConstraintError::Text {
            line: 1,
            token: String::new(),
            problem: "the puzzle has no 'size' line".into(),
        });
    };
    let n = regions.size();
    let (values, givens_line) = givens.unwrap_or((vec![0; n * n], size_line));
    Puzzle::new(regions, values, constraints).map_err(|e| match e {
        ConstraintError::Constraint { index, .. } => ConstraintError::Text {
            line: lines_of[index],
            token: String::new(),
            problem: e.to_string(),
        },
        ConstraintError::Text { .. } => e,
        other => ConstraintError::Text {
            line: givens_line,
            token: String::new(),
            problem: other.to_string(),
        },
    })
}

/// The grid of a `size` line: `size N`, `size N boxes RxC` or
/// `size N regions LABELS`.
fn read_size(
    words: &[&str],
    tail: Option<&str>,
    err: &dyn Fn(&str, String) -> ConstraintError,
) -> Result<Regions, ConstraintError> {
    if tail.is_some() {
        return Err(err(words[0], "a size line has no ':'".into()));
    }
    let Some(size) = words.get(1) else {
        return Err(err(words[0], "give the size, e.g. 'size 9'".into()));
    };
    let n: usize = size
        .parse()
        .map_err(|_| err(size, "the size should be a number".into()))?;
    if !(super::MIN_SIZE..=super::MAX_SIZE).contains(&n) {
        return Err(err(size, ConstraintError::Size(n).to_string()));
    }
    match &words[2..] {
        [] => match Shape::square(isqrt(n)).filter(|s| s.size() == n) {
            Some(shape) => Ok(Regions::Boxes(shape)),
            None => Err(err(
                size,
                format!("a {n}x{n} grid needs its boxes, e.g. 'size 6 boxes 2x3', or its regions"),
            )),
        },
        [kind, value] if kind.eq_ignore_ascii_case("boxes") => {
            let shape = Shape::parse(value).map_err(|m| err(value, m.to_string()))?;
            if shape.size() != n {
                return Err(err(
                    value,
                    format!(
                        "{shape} boxes make a {0}x{0} grid, not {n}x{n}",
                        shape.size()
                    ),
                ));
            }
            Ok(Regions::Boxes(shape))
        }
        [kind, value] if kind.eq_ignore_ascii_case("regions") => {
            let map = RegionMap::parse(value).map_err(|m| err(value, m.to_string()))?;
            if map.size() != n {
                return Err(err(
                    value,
                    ConstraintError::RegionSize {
                        map: map.size(),
                        grid: n,
                    }
                    .to_string(),
                ));
            }
            Ok(Regions::Map(map))
        }
        [other, ..] => Err(err(
            other,
            "after the size comes 'boxes RxC' or 'regions LABELS'".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_example_reads_and_prints_back() {
        let text = "size 9\n\
            givens 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
            killer 15: r1c1 r1c2 r2c1\n\
            killer: r9c8 r9c9\n\
            thermo r3c3 r3c4 r3c5\n\
            arrow r5c5 -> r4c6 r3c7\n\
            white r1c1 r1c2\n\
            black r2c2 r3c2\n\
            x r4c4 r4c5\n\
            v r6c6 r6c7\n\
            negative kropki\n\
            negative xv\n\
            sandwich row 3: 12\n\
            sandwich column 4: 0\n\
            littlekiller 23: r1c2 r2c3 r3c4\n\
            whisper r7c1 r8c2 r9c3\n\
            renban r1c5 r1c6\n\
            palindrome r2c5 r2c6 r2c7\n\
            regionsum r4c1 r4c2 r4c3 r4c4\n\
            between r5c1 r6c1 r7c1\n\
            odd r1c1\n\
            even r2c2\n\
            antiknight\n\
            antiking\n\
            nonconsecutive\n\
            diagonal main\n\
            diagonal anti\n\
            region r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3\n";
        let puzzle = parse(text).unwrap();
        assert_eq!(puzzle.constraints().len(), 26);
        assert_eq!(puzzle.givens()[0], 4);
        assert_eq!(print(&puzzle), text);
        let six = parse("size 6 boxes 3x2 # tall boxes\n\nodd r6c6").unwrap();
        assert_eq!(six.regions(), &Regions::Boxes(Shape::new(3, 2).unwrap()));
        assert_eq!(print(&six), "size 6 boxes 3x2\nodd r6c6\n");
    }

    #[test]
    fn errors_name_the_line_and_the_token() {
        let cases = [
            (
                "thermo r1c1",
                "line 1, at 'thermo': the first line must give the size",
            ),
            ("size 6", "line 1, at '6': a 6x6 grid needs its boxes"),
            (
                "size 9\nkiller 15 r1c1",
                "line 2, at 'killer': write the cage as",
            ),
            (
                "size 9\n\nthermo r1c1 rxc2",
                "line 3, at 'rxc2': a cell is written like r3c5",
            ),
            (
                "size 9\nsandwich row 10: 3",
                "line 2, at '10': the grid has rows and columns 1 to 9",
            ),
            (
                "size 9\nwhite r1c1 r2c2",
                "line 2: the white dot between r1c1 and r2c2 joins",
            ),
            (
                "size 9\nfrobnicate",
                "line 2, at 'frobnicate': this is not a kind",
            ),
            (
                "size 4\ngivens 12345",
                "line 2, at '5': 5 is not a digit of a 4x4 grid",
            ),
            (
                "size 4\ngivens 1234",
                "line 2, at '1234': the givens have 4 characters",
            ),
            (
                "size 4 boxes 2x3",
                "line 1, at '2x3': 2x3 boxes make a 6x6 grid",
            ),
        ];
        for (text, start) in cases {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.starts_with(start), "{text:?}: {e}");
        }
    }
}
