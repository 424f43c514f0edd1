//! Chains: reasoning along links between candidates.
//!
//! A *strong* link joins two candidates of which at least one is true (the
//! two candidates of a cell that has two, or the two places of a digit in
//! a unit where it has two); a *weak* link joins two that cannot both be
//! true (two candidates of one cell, or one digit in two cells that see
//! each other). Starting from "candidate s is false" and alternating strong
//! and weak links, every candidate reached through a strong link is true;
//! so reaching candidate b means "s or b", and anything that sees both s
//! and b is false. X-chains use one digit; alternating inference chains
//! (AIC) any. Simple colouring and remote pairs are the classic special
//! cases, kept as named rules because players know them.

use super::board::{bit, digits, Board, Candidate};
use super::step::{eliminations_text, length_bonus, mask_text, Step, Technique};
use std::collections::VecDeque;

/// Candidate (cell, digit) as one number: `cell · n + digit − 1`.
type Node = usize;

struct Links<'a> {
    board: &'a Board,
    n: usize,
    /// Only this digit (X-chains), or all.
    digit: Option<u8>,
}

impl Links<'_> {
    fn node(&self, cell: usize, d: u8) -> Node {
        cell * self.n + (d as usize - 1)
    }

    fn split(&self, v: Node) -> (usize, u8) {
        (v / self.n, (v % self.n) as u8 + 1)
    }

    fn strong(&self, v: Node, out: &mut Vec<Node>) {
        out.clear();
        let (c, d) = self.split(v);
        let geo = self.board.geometry();
        let m = self.board.mask(c);
        if self.digit.is_none() && m.count_ones() == 2 {
            let other = (m & !bit(d)).trailing_zeros() as u8 + 1;
            out.push(self.node(c, other));
        }
        for &u in &geo.units_of[c] {
            let mut count = 0;
            let mut other = usize::MAX;
            for &x in &geo.units[u] {
                if self.board.has(x, d) {
                    count += 1;
                    if x != c {
                        other = x;
                    }
                }
            }
            if count == 2 {
                let w = self.node(other, d);
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
    }

    fn weak(&self, v: Node, out: &mut Vec<Node>) {
        out.clear();
        let (c, d) = self.split(v);
        let geo = self.board.geometry();
        if self.digit.is_none() {
            for e in digits(self.board.mask(c) & !bit(d)) {
                out.push(self.node(c, e));
            }
        }
        for &p in &geo.peers[c] {
            if self.board.has(p, d) {
                out.push(self.node(p, d));
            }
        }
    }

    /// Candidates that see both `s` and `b` (s or b is true).
    fn victims(&self, s: Node, b: Node) -> Vec<Candidate> {
        let geo = self.board.geometry();
        let ((cs, ds), (cb, db)) = (self.split(s), self.split(b));
        let mut out = Vec::new();
        if ds == db {
            for &p in &geo.peers[cs] {
                if p != cb && self.board.has(p, ds) && geo.sees(p, cb) {
                    out.push(Candidate { cell: p, digit: ds });
                }
            }
        } else if cs == cb {
            for e in digits(self.board.mask(cs) & !bit(ds) & !bit(db)) {
                out.push(Candidate { cell: cs, digit: e });
            }
        } else if geo.sees(cs, cb) {
            if self.board.has(cb, ds) {
                out.push(Candidate {
                    cell: cb,
                    digit: ds,
                });
            }
            if self.board.has(cs, db) {
                out.push(Candidate {
                    cell: cs,
                    digit: db,
                });
            }
        }
        out.sort();
        out
    }

    fn name(&self, v: Node) -> String {
        let (c, d) = self.split(v);
        format!("{}={d}", self.board.geometry().name(c))
    }
}

/// A chain found: its nodes from `s` to `b` (strong links first, then
/// alternating) and what it eliminates.
struct Found {
    path: Vec<Node>,
    elims: Vec<Candidate>,
}

/// The shortest chain with eliminations from each start, the shortest of
/// all returned (ties: the first start in cell order).
fn search(links: &Links) -> Option<Found> {
    let n = links.n;
    let cells = n * n;
    let total = cells * n;
    let starts: Vec<Node> = (0..cells)
        .flat_map(|c| digits(links.board.mask(c)).into_iter().map(move |d| (c, d)))
        .filter(|&(_, d)| links.digit.is_none_or(|x| x == d))
        .map(|(c, d)| links.node(c, d))
        .collect();
    let mut best: Option<Found> = None;
    // parent[state]: state = node * 2 + on.
    let mut parent = vec![usize::MAX; total * 2];
    let mut stamp = vec![u32::MAX; total * 2];
    let mut queue = VecDeque::new();
    let mut buf = Vec::new();
    for (round, &s) in starts.iter().enumerate() {
        let round = round as u32;
        queue.clear();
        let start = s * 2;
        stamp[start] = round;
        parent[start] = usize::MAX;
        queue.push_back((start, 0usize));
        while let Some((state, depth)) = queue.pop_front() {
            if best.as_ref().is_some_and(|b| depth + 1 >= b.path.len()) {
                break;
            }
            let (v, on) = (state / 2, state % 2 == 1);
            if on {
                if v != s {
                    let elims = links.victims(s, v);
                    if !elims.is_empty() {
                        let mut path = Vec::new();
                        let mut at = state;
                        while at != usize::MAX {
                            path.push(at / 2);
                            at = parent[at];
                        }
                        path.reverse();
                        best = Some(Found { path, elims });
                        break;
                    }
                }
                links.weak(v, &mut buf);
            } else {
                links.strong(v, &mut buf);
            }
            for &w in &buf {
                let next = w * 2 + usize::from(!on);
                if stamp[next] != round {
                    stamp[next] = round;
                    parent[next] = state;
                    queue.push_back((next, depth + 1));
                }
            }
        }
    }
    best
}

fn chain_step(links: &Links, found: Found, technique: Technique, base: u16) -> Step {
    let geo = links.board.geometry();
    let mut text = String::new();
    for (i, &v) in found.path.iter().enumerate() {
        let (c, d) = links.split(v);
        // Links alternate, strong first: s false ⇒ next true ⇒ next false …
        match (i, i % 2) {
            (0, _) => text.push_str(&format!("if {}≠{d}", geo.name(c))),
            (_, 1) => text.push_str(&format!(" then {}={d}", geo.name(c))),
            _ => text.push_str(&format!(", so {}≠{d}", geo.name(c))),
        }
    }
    let links_count = found.path.len() - 1;
    let mut cells: Vec<usize> = found.path.iter().map(|&v| links.split(v).0).collect();
    cells.dedup();
    let mut ds: Vec<u8> = found.path.iter().map(|&v| links.split(v).1).collect();
    ds.sort_unstable();
    ds.dedup();
    let (s, b) = (found.path[0], *found.path.last().expect("a chain"));
    Step {
        weight: base + length_bonus(links_count),
        technique,
        explanation: format!(
            "{} ({links_count} links): {text}; so {} or {} is true, and {}",
            technique.name(),
            links.name(s),
            links.name(b),
            eliminations_text(links.board, &found.elims)
        ),
        cells,
        units: vec![],
        digits: ds,
        placements: vec![],
        eliminations: found.elims,
    }
}

pub fn x_chain(board: &Board) -> Option<Step> {
    let n = board.size();
    let mut best: Option<Step> = None;
    for d in 1..=n as u8 {
        let links = Links {
            board,
            n,
            digit: Some(d),
        };
        if let Some(found) = search(&links) {
            let step = chain_step(&links, found, Technique::XChain, Technique::XChain.weight());
            if best.as_ref().is_none_or(|b| step.weight < b.weight) {
                best = Some(step);
            }
        }
    }
    best
}

pub fn aic(board: &Board) -> Option<Step> {
    let links = Links {
        board,
        n: board.size(),
        digit: None,
    };
    let found = search(&links)?;
    Some(chain_step(
        &links,
        found,
        Technique::Aic,
        Technique::Aic.weight(),
    ))
}

/// Two-colour the components of a graph on `nodes` (edges by `adjacent`);
/// `None` for a component that is not bipartite (the position is broken).
fn colour(
    nodes: &[usize],
    adjacent: impl Fn(usize, usize) -> bool,
) -> Vec<Option<Vec<(usize, bool)>>> {
    let mut seen = vec![false; nodes.len()];
    let mut out = Vec::new();
    for root in 0..nodes.len() {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut comp = vec![(root, false)];
        let mut ok = true;
        let mut i = 0;
        while i < comp.len() {
            let (a, ca) = comp[i];
            i += 1;
            for b in 0..nodes.len() {
                if b == a || !adjacent(nodes[a], nodes[b]) {
                    continue;
                }
                if seen[b] {
                    if let Some(&(_, cb)) = comp.iter().find(|&&(x, _)| x == b) {
                        ok &= cb != ca;
                    }
                    continue;
                }
                seen[b] = true;
                comp.push((b, !ca));
            }
        }
        out.push(ok.then(|| comp.into_iter().map(|(i, c)| (nodes[i], c)).collect()));
    }
    out
}

pub fn simple_colouring(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    for d in 1..=n as u8 {
        let cells: Vec<usize> = (0..n * n).filter(|&c| board.has(c, d)).collect();
        let conjugate = |a: usize, b: usize| {
            geo.units_of[a]
                .iter()
                .any(|&u| geo.units_of[b].contains(&u) && board.positions(u, d).len() == 2)
        };
        for comp in colour(&cells, conjugate).into_iter().flatten() {
            if comp.len() < 3 {
                continue;
            }
            let of = |colour: bool| -> Vec<usize> {
                comp.iter().filter(|x| x.1 == colour).map(|x| x.0).collect()
            };
            let (blue, green) = (of(false), of(true));
            let mut all: Vec<usize> = comp.iter().map(|x| x.0).collect();
            all.sort_unstable();
            // Wrap: two cells of one colour see each other, so that colour
            // is false.
            for (mine, name) in [(&blue, "one colour"), (&green, "the other colour")] {
                let clash = mine.iter().enumerate().find_map(|(i, &a)| {
                    mine[i + 1..]
                        .iter()
                        .find(|&&b| geo.sees(a, b))
                        .map(|&b| (a, b))
                });
                if let Some((a, b)) = clash {
                    let elims: Vec<Candidate> = mine
                        .iter()
                        .map(|&cell| Candidate { cell, digit: d })
                        .collect();
                    return Some(Step {
                        weight: 0,
                        technique: Technique::SimpleColouring,
                        explanation: format!(
                            "Simple colouring on {d}: the strong links of {d} split {} into two colours, \
                             one of which is all true; {} and {} have {name} and see each other, so {name} is false: {}",
                            super::step::cells_text(board, &all),
                            geo.name(a),
                            geo.name(b),
                            eliminations_text(board, &elims)
                        ),
                        cells: all,
                        units: vec![],
                        digits: vec![d],
                        placements: vec![],
                        eliminations: elims,
                    });
                }
            }
            // Trap: a cell seeing both colours.
            let elims: Vec<Candidate> = cells
                .iter()
                .copied()
                .filter(|c| !all.contains(c))
                .filter(|&c| {
                    blue.iter().any(|&b| geo.sees(c, b)) && green.iter().any(|&g| geo.sees(c, g))
                })
                .map(|cell| Candidate { cell, digit: d })
                .collect();
            if !elims.is_empty() {
                return Some(Step {
                    weight: 0,
                    technique: Technique::SimpleColouring,
                    explanation: format!(
                        "Simple colouring on {d}: the strong links of {d} split {} into two colours, \
                         one of which is all true; a cell seeing both colours cannot be {d}: {}",
                        super::step::cells_text(board, &all),
                        eliminations_text(board, &elims)
                    ),
                    cells: all,
                    units: vec![],
                    digits: vec![d],
                    placements: vec![],
                    eliminations: elims,
                });
            }
        }
    }
    None
}

pub fn remote_pair(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    let pairs: Vec<usize> = (0..n * n)
        .filter(|&c| board.mask(c).count_ones() == 2)
        .collect();
    let mut masks: Vec<u64> = pairs.iter().map(|&c| board.mask(c)).collect();
    masks.sort_unstable();
    masks.dedup();
    for m in masks {
        let cells: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&c| board.mask(c) == m)
            .collect();
        if cells.len() < 4 {
            continue;
        }
        for comp in colour(&cells, |a, b| geo.sees(a, b)).into_iter().flatten() {
            if comp.len() < 4 {
                continue;
            }
            let members: Vec<usize> = comp.iter().map(|x| x.0).collect();
            for (i, &(a, ca)) in comp.iter().enumerate() {
                for &(b, cb) in &comp[i + 1..] {
                    if ca == cb || geo.sees(a, b) {
                        continue;
                    }
                    let elims: Vec<Candidate> = (0..n * n)
                        .filter(|&c| {
                            !members.contains(&c)
                                && board.mask(c) & m != 0
                                && geo.sees(c, a)
                                && geo.sees(c, b)
                        })
                        .flat_map(|c| {
                            digits(board.mask(c) & m)
                                .into_iter()
                                .map(move |digit| Candidate { cell: c, digit })
                        })
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let path = path_between(&members, a, b, |x, y| geo.sees(x, y));
                    return Some(Step {
                        weight: 0,
                        technique: Technique::RemotePair,
                        explanation: format!(
                            "Remote pair: {} are all {} and each sees the next, so they alternate; \
                             {} and {} hold different digits of the pair, so {}",
                            super::step::cells_text(board, &path),
                            mask_text(m),
                            geo.name(a),
                            geo.name(b),
                            eliminations_text(board, &elims)
                        ),
                        cells: path,
                        units: vec![],
                        digits: digits(m),
                        placements: vec![],
                        eliminations: elims,
                    });
                }
            }
        }
    }
    None
}

/// A shortest path from `a` to `b` through `nodes` (breadth first).
fn path_between(
    nodes: &[usize],
    a: usize,
    b: usize,
    adjacent: impl Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let mut prev = vec![usize::MAX; nodes.len()];
    let ia = nodes.iter().position(|&x| x == a).expect("a in nodes");
    let ib = nodes.iter().position(|&x| x == b).expect("b in nodes");
    let mut queue = VecDeque::from([ia]);
    prev[ia] = ia;
    while let Some(i) = queue.pop_front() {
        if i == ib {
            break;
        }
        for j in 0..nodes.len() {
            if prev[j] == usize::MAX && adjacent(nodes[i], nodes[j]) {
                prev[j] = i;
                queue.push_back(j);
            }
        }
    }
    let mut path = vec![nodes[ib]];
    let mut i = ib;
    while i != ia {
        i = prev[i];
        path.push(nodes[i]);
    }
    path.reverse();
    path
}
