//! An exact-cover instance: items (primary: covered exactly once; secondary:
//! at most once) and rows (options), each a set of items.
//!
//! Rows are stored flat (one `Vec<u32>` of items plus offsets) because the
//! solver copies them once into its link arrays and the UI only reads them.

use std::collections::HashMap;
use std::fmt;

/// Why a row or a set of forced rows was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExactCoverError {
    /// A row names an item index that does not exist.
    ItemOutOfRange {
        row: usize,
        item: usize,
        items: usize,
    },
    /// A row names an item twice.
    RepeatedItem { row: usize, item: String },
    /// A row with no items can never be part of a cover.
    EmptyRow { row: usize },
    /// A named row refers to an unknown item.
    UnknownItem { row: usize, name: String },
    /// A forced row index does not exist.
    RowOutOfRange { row: usize, rows: usize },
    /// Two forced rows share an item.
    ConflictingRows { row: usize, item: String },
}

impl fmt::Display for ExactCoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactCoverError::ItemOutOfRange { row, item, items } => write!(
                f,
                "row {row}: item {item} does not exist (there are {items} items, 0..{items})"
            ),
            ExactCoverError::RepeatedItem { row, item } => {
                write!(f, "row {row}: item '{item}' appears twice")
            }
            ExactCoverError::EmptyRow { row } => write!(f, "row {row} has no items"),
            ExactCoverError::UnknownItem { row, name } => {
                write!(f, "row {row}: unknown item '{name}'")
            }
            ExactCoverError::RowOutOfRange { row, rows } => {
                write!(f, "row {row} does not exist (there are {rows} rows)")
            }
            ExactCoverError::ConflictingRows { row, item } => write!(
                f,
                "forced row {row} needs item '{item}', which an earlier forced row already covers"
            ),
        }
    }
}

impl std::error::Error for ExactCoverError {}

/// Items and rows of an exact-cover problem.
#[derive(Clone, Debug, Default)]
pub struct Problem {
    num_primary: usize,
    num_secondary: usize,
    names: Option<Vec<String>>,
    index: HashMap<String, usize>,
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl Problem {
    /// Items `0..num_primary` are primary, the next `num_secondary` secondary.
    pub fn new(num_primary: usize, num_secondary: usize) -> Problem {
        Problem {
            num_primary,
            num_secondary,
            names: None,
            index: HashMap::new(),
            starts: vec![0],
            items: Vec::new(),
        }
    }

    /// Named items: the primary names first, then the secondary ones.
    pub fn with_names(primary: Vec<String>, secondary: Vec<String>) -> Problem {
        let mut p = Problem::new(primary.len(), secondary.len());
        let names: Vec<String> = primary.into_iter().chain(secondary).collect();
        p.index = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        p.names = Some(names);
        p
    }

    /// Unnamed items and the given rows (tests and small examples).
    pub fn from_rows(
        num_primary: usize,
        num_secondary: usize,
        rows: &[&[usize]],
    ) -> Result<Problem, ExactCoverError> {
        let mut p = Problem::new(num_primary, num_secondary);
        for r in rows {
            p.add_row(r)?;
        }
        Ok(p)
    }

    /// The same items (and names), no rows.
    pub fn without_rows(&self) -> Problem {
        Problem {
            starts: vec![0],
            items: Vec::new(),
            ..self.clone()
        }
    }

    /// Index of the item called `name`.
    pub fn item_index(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The item's name, or `#i` for unnamed items.
    pub fn item_name(&self, item: usize) -> String {
        match &self.names {
            Some(n) if item < n.len() => n[item].clone(),
            _ => format!("#{item}"),
        }
    }

    /// Add a row covering `items`; returns its index. As in Knuth's dlx1, a
    /// row made only of secondary items is never chosen by the search.
    pub fn add_row(&mut self, items: &[usize]) -> Result<usize, ExactCoverError> {
        let row = self.num_rows();
        if items.is_empty() {
            return Err(ExactCoverError::EmptyRow { row });
        }
        let total = self.num_items();
        for (k, &item) in items.iter().enumerate() {
            if item >= total {
                return Err(ExactCoverError::ItemOutOfRange {
                    row,
                    item,
                    items: total,
                });
            }
            if items[..k].contains(&item) {
                return Err(ExactCoverError::RepeatedItem {
                    row,
                    item: self.item_name(item),
                });
            }
        }
        self.items.extend(items.iter().map(|&i| i as u32));
        self.starts.push(self.items.len() as u32);
        Ok(row)
    }

    /// Add a row given by item names.
    pub fn add_named_row(&mut self, names: &[&str]) -> Result<usize, ExactCoverError> {
        let items = names
            .iter()
            .map(|n| {
                self.item_index(n)
                    .ok_or_else(|| ExactCoverError::UnknownItem {
                        row: self.num_rows(),
                        name: n.to_string(),
                    })
            })
            .collect::<Result<Vec<usize>, _>>()?;
        self.add_row(&items)
    }

    pub fn num_rows(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn num_items(&self) -> usize {
        self.num_primary + self.num_secondary
    }

    pub fn num_primary(&self) -> usize {
        self.num_primary
    }

    pub fn num_secondary(&self) -> usize {
        self.num_secondary
    }

    /// The items of row `r`, in the order given.
    pub fn row(&self, r: usize) -> &[u32] {
        &self.items[self.starts[r] as usize..self.starts[r + 1] as usize]
    }

    /// The problem left once the rows `chosen` are in the cover: the items
    /// they do not cover (renumbered, primary first, in order) and the rows
    /// that avoid those they do. Returned with the original index of each
    /// row left. `None` if `chosen` names a row that does not exist. Why:
    /// a problem with covered items kept would show them as primary items
    /// with no row, which reads as "no cover" to the presolve.
    pub fn after_choosing(&self, chosen: &[usize]) -> Option<(Problem, Vec<usize>)> {
        if chosen.iter().any(|&r| r >= self.num_rows()) {
            return None;
        }
        let mut covered = vec![false; self.num_items()];
        for &r in chosen {
            for &i in self.row(r) {
                covered[i as usize] = true;
            }
        }
        let mut new_item = vec![u32::MAX; self.num_items()];
        let (mut primary, mut secondary) = (0, 0);
        for i in (0..self.num_items()).filter(|&i| !covered[i]) {
            if i < self.num_primary {
                new_item[i] = primary as u32;
                primary += 1;
            } else {
                secondary += 1;
            }
        }
        let mut next = primary as u32;
        for (i, n) in new_item.iter_mut().enumerate().skip(self.num_primary) {
            if !covered[i] {
                *n = next;
                next += 1;
            }
        }
        let mut left = Problem::new(primary, secondary);
        let mut origin = Vec::new();
        for r in 0..self.num_rows() {
            let row = self.row(r);
            if row.iter().any(|&i| covered[i as usize]) {
                continue;
            }
            left.items.extend(row.iter().map(|&i| new_item[i as usize]));
            left.starts.push(left.items.len() as u32);
            origin.push(r);
        }
        Some((left, origin))
    }

    /// Total number of (row, item) incidences.
    pub fn num_entries(&self) -> usize {
        self.items.len()
    }

    /// The problem in the text format of Knuth's exact-cover programs
    /// (dlx1 and its successors), so that the same matrix can be handed to
    /// them for comparison: a first line naming the primary items, `|`, the
    /// secondary ones; then one line per row listing its items. Names are
    /// `p<k>` and `s<k>` (at most eight characters, as dlx1 requires, for
    /// up to 10⁷ items of each kind); a comment line gives the size.
    pub fn to_dlx_format(&self) -> String {
        use std::fmt::Write;
        let name = |i: usize| {
            if i < self.num_primary {
                format!("p{i}")
            } else {
                format!("s{}", i - self.num_primary)
            }
        };
        let mut out = format!(
            "| {} primary items, {} secondary, {} rows\n",
            self.num_primary,
            self.num_secondary,
            self.num_rows()
        );
        let names: Vec<String> = (0..self.num_items()).map(name).collect();
        out.push_str(&names[..self.num_primary].join(" "));
        if self.num_secondary > 0 {
            out.push_str(" | ");
            out.push_str(&names[self.num_primary..].join(" "));
        }
        out.push('\n');
        for r in 0..self.num_rows() {
            let row: Vec<&str> = self
                .row(r)
                .iter()
                .map(|&i| names[i as usize].as_str())
                .collect();
            let _ = writeln!(out, "{}", row.join(" "));
        }
        out
    }
}
