//! The Polyform Puzzler catalogue as the library shows it: the query
//! (search terms, a cell range such as `40-60`), the filters by group
//! (lattice) and size, the per-group result counts and the paging of the
//! result list. Pure data over the engine's [`Entry`]s, tested natively.

use tessera_engine::polyform::catalogue::Entry;
use tessera_engine::polyform::Lattice;

/// Entries per page of the list (a page is what may be drawn at once).
pub const PAGE_SIZE: usize = 20;

/// Size bands of the size filter, by cells (or segments).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Size {
    #[default]
    Any,
    /// Up to 30 cells.
    Small,
    /// 31 to 80.
    Medium,
    /// 81 to 200.
    Large,
    /// Over 200.
    Huge,
}

impl Size {
    pub const ALL: [Size; 5] = [
        Size::Any,
        Size::Small,
        Size::Medium,
        Size::Large,
        Size::Huge,
    ];

    /// The key used in the select's value.
    pub fn key(self) -> &'static str {
        match self {
            Size::Any => "any",
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
            Size::Huge => "huge",
        }
    }

    pub fn from_key(k: &str) -> Size {
        Size::ALL
            .into_iter()
            .find(|s| s.key() == k)
            .unwrap_or_default()
    }

    pub fn label(self) -> &'static str {
        match self {
            Size::Any => "Any size",
            Size::Small => "Up to 30 cells",
            Size::Medium => "31–80 cells",
            Size::Large => "81–200 cells",
            Size::Huge => "Over 200 cells",
        }
    }

    pub fn contains(self, cells: usize) -> bool {
        match self {
            Size::Any => true,
            Size::Small => cells <= 30,
            Size::Medium => (31..=80).contains(&cells),
            Size::Large => (81..=200).contains(&cells),
            Size::Huge => cells > 200,
        }
    }
}

/// One term of a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// Found in the id, module, family, piece set, designer or lattice family.
    Text(String),
    /// Equal to the cell or the piece count.
    Number(usize),
    /// Cells (or segments) in this inclusive range: `40-60`.
    Range(usize, usize),
}

/// A search box's text as terms (whitespace-separated, lower-cased).
pub fn parse_query(q: &str) -> Vec<Term> {
    q.split_whitespace()
        .map(|t| {
            let t = t.to_ascii_lowercase();
            if let Ok(n) = t.parse::<usize>() {
                return Term::Number(n);
            }
            if let Some((a, b)) = t.split_once('-') {
                if let (Ok(a), Ok(b)) = (a.parse::<usize>(), b.parse::<usize>()) {
                    return Term::Range(a.min(b), a.max(b));
                }
            }
            Term::Text(t)
        })
        .collect()
}

/// The entries with their search text computed once (lower-cased id,
/// module, family, set, designer and lattice family).
pub struct Index {
    hay: Vec<String>,
    cells: Vec<usize>,
    pieces: Vec<usize>,
    lattice: Vec<Lattice>,
}

/// What the list shows: a query, a group and a size band.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub query: String,
    pub lattice: Option<Lattice>,
    pub size: Size,
}

impl Index {
    pub fn new(entries: &[Entry]) -> Index {
        Index {
            hay: entries
                .iter()
                .map(|e| {
                    format!(
                        "{} {} {} {} {} {}",
                        e.id,
                        e.module,
                        e.family,
                        e.set,
                        e.designer.as_deref().unwrap_or(""),
                        e.lattice.family()
                    )
                    .to_ascii_lowercase()
                })
                .collect(),
            cells: entries.iter().map(|e| e.cells).collect(),
            pieces: entries.iter().map(|e| e.pieces).collect(),
            lattice: entries.iter().map(|e| e.lattice).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.hay.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hay.is_empty()
    }

    fn matches_terms(&self, i: usize, terms: &[Term]) -> bool {
        terms.iter().all(|t| match t {
            Term::Text(s) => self.hay[i].contains(s.as_str()),
            Term::Number(n) => {
                *n == self.cells[i] || *n == self.pieces[i] || self.hay[i].contains(&n.to_string())
            }
            Term::Range(a, b) => (*a..=*b).contains(&self.cells[i]),
        })
    }

    /// Indices of the entries the filter keeps, in catalogue order.
    pub fn filter(&self, f: &Filter) -> Vec<usize> {
        let terms = parse_query(&f.query);
        (0..self.len())
            .filter(|&i| {
                f.lattice.is_none_or(|l| self.lattice[i] == l)
                    && f.size.contains(self.cells[i])
                    && self.matches_terms(i, &terms)
            })
            .collect()
    }

    /// For each lattice (in [`Lattice::ALL`] order), how many entries the
    /// query and size keep: the numbers on the group filter.
    pub fn group_counts(&self, f: &Filter) -> [usize; 7] {
        let terms = parse_query(&f.query);
        let mut out = [0; 7];
        for i in 0..self.len() {
            if f.size.contains(self.cells[i]) && self.matches_terms(i, &terms) {
                if let Some(k) = Lattice::ALL.iter().position(|&l| l == self.lattice[i]) {
                    out[k] += 1;
                }
            }
        }
        out
    }
}

/// How many pages `n` results take (at least one).
pub fn page_count(n: usize) -> usize {
    n.div_ceil(PAGE_SIZE).max(1)
}

/// The index range of page `page` (clamped to the last page).
pub fn page_range(n: usize, page: usize) -> std::ops::Range<usize> {
    let page = page.min(page_count(n) - 1);
    let start = page * PAGE_SIZE;
    start..(start + PAGE_SIZE).min(n)
}

/// "41–60 of 326".
pub fn page_label(n: usize, page: usize) -> String {
    let r = page_range(n, page);
    if n == 0 {
        "none".to_string()
    } else {
        format!(
            "{}–{} of {}",
            r.start + 1,
            r.end,
            super::format::group(n as u128)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_engine::polyform::catalogue::Catalogue;

    const TEXT: &str = include_str!("../../../engine/data/pp-catalogue.txt");

    fn index() -> (Catalogue, Index) {
        let c = Catalogue::parse(TEXT).unwrap();
        let i = Index::new(c.entries());
        (c, i)
    }

    #[test]
    fn parses_queries() {
        assert_eq!(
            parse_query(" Pentominoes  60 40-30 "),
            vec![
                Term::Text("pentominoes".into()),
                Term::Number(60),
                Term::Range(30, 40)
            ]
        );
        assert_eq!(parse_query("a-b"), vec![Term::Text("a-b".into())]);
        assert!(parse_query("   ").is_empty());
    }

    #[test]
    fn filters_like_the_engine_search() {
        let (c, idx) = index();
        assert_eq!(idx.len(), 1179);
        for q in [
            "pentominoes",
            "klarskov",
            "polytwig hexagon",
            "pentominoes 60",
        ] {
            let f = Filter {
                query: q.into(),
                ..Filter::default()
            };
            let ours: Vec<&str> = idx
                .filter(&f)
                .iter()
                .map(|&i| c.entries()[i].id.as_str())
                .collect();
            let engine: Vec<&str> = c.search(q).map(|e| e.id.as_str()).collect();
            assert!(!engine.is_empty(), "{q}");
            // A number also matches digits in the name ("6x10"), so ours
            // is a superset of the engine's.
            for id in &engine {
                assert!(ours.contains(id), "{q}: {id}");
            }
        }
        let exact = idx.filter(&Filter {
            query: "Pentominoes6x10".into(),
            ..Filter::default()
        });
        assert!(exact
            .iter()
            .any(|&i| c.entries()[i].id == "Pentominoes6x10"));
    }

    #[test]
    fn groups_and_sizes_narrow() {
        let (c, idx) = index();
        let all = Filter::default();
        let counts = idx.group_counts(&all);
        assert_eq!(counts.iter().sum::<usize>(), 1179);
        assert_eq!(counts[3], 261, "polycubes");
        let cubes = Filter {
            lattice: Some(Lattice::Cube),
            ..Filter::default()
        };
        assert_eq!(idx.filter(&cubes).len(), 261);
        let small = Filter {
            size: Size::Small,
            ..cubes.clone()
        };
        let got = idx.filter(&small);
        assert!(!got.is_empty() && got.len() < 261);
        assert!(got.iter().all(|&i| c.entries()[i].cells <= 30));
        let total: usize = Size::ALL[1..]
            .iter()
            .map(|&s| {
                idx.filter(&Filter {
                    size: s,
                    ..Filter::default()
                })
                .len()
            })
            .sum();
        assert_eq!(total, 1179, "the bands partition the catalogue");
        let range = idx.filter(&Filter {
            query: "60-60".into(),
            ..Filter::default()
        });
        assert!(range.iter().all(|&i| c.entries()[i].cells == 60));
        assert!(!range.is_empty());
    }

    #[test]
    fn pages() {
        assert_eq!(page_count(0), 1);
        assert_eq!(page_count(20), 1);
        assert_eq!(page_count(21), 2);
        assert_eq!(page_range(45, 2), 40..45);
        assert_eq!(page_range(45, 9), 40..45);
        assert_eq!(page_range(0, 0), 0..0);
        assert_eq!(page_label(1179, 1), "21–40 of 1,179");
        assert_eq!(page_label(0, 0), "none");
        assert_eq!(Size::from_key("large"), Size::Large);
        assert_eq!(Size::from_key("?"), Size::Any);
    }
}
