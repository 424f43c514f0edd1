//! TEMPORARY stand-in for engine::exact_cover until it lands (same API).
#![allow(dead_code, missing_docs)]
use crate::engine::search::{Progress, Search, Step};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactCoverError(pub String);

#[derive(Clone, Debug)]
pub struct Problem {
    np: usize,
    ns: usize,
    rows: Vec<Vec<u32>>,
}

impl Problem {
    pub fn new(np: usize, ns: usize) -> Problem {
        Problem {
            np,
            ns,
            rows: Vec::new(),
        }
    }
    pub fn with_names(p: Vec<String>, s: Vec<String>) -> Problem {
        Problem::new(p.len(), s.len())
    }
    pub fn add_row(&mut self, items: &[usize]) -> Result<usize, ExactCoverError> {
        if items.iter().any(|&i| i >= self.np + self.ns) {
            return Err(ExactCoverError("item out of range".into()));
        }
        self.rows.push(items.iter().map(|&i| i as u32).collect());
        Ok(self.rows.len() - 1)
    }
    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }
    pub fn row(&self, r: usize) -> &[u32] {
        &self.rows[r]
    }
}

pub struct Solver {
    // nodes: 0..=n headers (0 = root), then entries
    l: Vec<u32>,
    r: Vec<u32>,
    u: Vec<u32>,
    d: Vec<u32>,
    top: Vec<u32>,
    len: Vec<u32>,
    row_of: Vec<u32>,
    np: usize,
    stack: Vec<u32>, // chosen node per level
    state: u8,       // 0 start, 1 running, 2 done
    count_only: bool,
    nodes: u64,
    solutions: u128,
}

impl Solver {
    pub fn new(p: &Problem) -> Solver {
        let n = p.np + p.ns;
        let mut s = Solver {
            l: vec![],
            r: vec![],
            u: vec![],
            d: vec![],
            top: vec![],
            len: vec![0; n + 1],
            row_of: vec![],
            np: p.np,
            stack: vec![],
            state: 0,
            count_only: false,
            nodes: 0,
            solutions: 0,
        };
        for i in 0..=n {
            s.l.push(if i == 0 { p.np as u32 } else { i as u32 - 1 });
            s.r.push(if i == p.np { 0 } else { i as u32 + 1 });
            s.u.push(i as u32);
            s.d.push(i as u32);
            s.top.push(0);
            s.row_of.push(u32::MAX);
        }
        // secondary headers link to themselves
        for i in p.np + 1..=n {
            s.l[i] = i as u32;
            s.r[i] = i as u32;
        }
        for (ri, row) in p.rows.iter().enumerate() {
            let first = s.l.len() as u32;
            for (k, &item) in row.iter().enumerate() {
                let h = item + 1;
                let x = s.l.len() as u32;
                let up = s.u[h as usize];
                s.u.push(up);
                s.d.push(h);
                s.d[up as usize] = x;
                s.u[h as usize] = x;
                s.top.push(h);
                s.row_of.push(ri as u32);
                s.len[h as usize] += 1;
                let last = first + row.len() as u32 - 1;
                s.l.push(if k == 0 { last } else { x - 1 });
                s.r.push(if k + 1 == row.len() { first } else { x + 1 });
            }
        }
        s
    }
    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.l[c], self.r[c]);
        self.r[l as usize] = r;
        self.l[r as usize] = l;
        let mut i = self.d[c];
        while i as usize != c {
            let mut j = self.r[i as usize];
            while j != i {
                let (u, d) = (self.u[j as usize], self.d[j as usize]);
                self.d[u as usize] = d;
                self.u[d as usize] = u;
                self.len[self.top[j as usize] as usize] -= 1;
                j = self.r[j as usize];
            }
            i = self.d[i as usize];
        }
    }
    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.u[c];
        while i as usize != c {
            let mut j = self.l[i as usize];
            while j != i {
                let (u, d) = (self.u[j as usize], self.d[j as usize]);
                self.d[u as usize] = j;
                self.u[d as usize] = j;
                self.len[self.top[j as usize] as usize] += 1;
                j = self.l[j as usize];
            }
            i = self.u[i as usize];
        }
        let (l, r) = (self.l[c], self.r[c]);
        self.r[l as usize] = c as u32;
        self.l[r as usize] = c as u32;
    }
    fn cover_row_others(&mut self, x: u32) {
        let mut j = self.r[x as usize];
        while j != x {
            self.cover(self.top[j as usize]);
            j = self.r[j as usize];
        }
    }
    fn uncover_row_others(&mut self, x: u32) {
        let mut j = self.l[x as usize];
        while j != x {
            self.uncover(self.top[j as usize]);
            j = self.l[j as usize];
        }
    }
    fn choose(&self) -> Option<u32> {
        let mut best = None;
        let mut bl = u32::MAX;
        let mut c = self.r[0];
        while c != 0 {
            if self.len[c as usize] < bl {
                bl = self.len[c as usize];
                best = Some(c);
            }
            c = self.r[c as usize];
        }
        best
    }
    fn solution(&self) -> Vec<usize> {
        self.stack
            .iter()
            .map(|&x| self.row_of[x as usize] as usize)
            .collect()
    }
    pub fn count_all(mut self) -> u128 {
        Search::count_solutions(&mut self, None)
    }
    pub fn first_k(mut self, k: usize) -> Vec<Vec<usize>> {
        let mut v = vec![];
        while v.len() < k {
            match self.step(u64::MAX) {
                Step::Solution(s) => v.push(s),
                Step::Paused => {}
                Step::Done => break,
            }
        }
        v
    }
    pub fn with_forced_rows(p: &Problem, _rows: &[usize]) -> Result<Solver, ExactCoverError> {
        Ok(Solver::new(p))
    }
    // advance: after choosing node x at current level, try next
    fn advance(&mut self) -> bool {
        // backtrack from top of stack to next alternative; false if exhausted
        while let Some(x) = self.stack.pop() {
            self.uncover_row_others(x);
            let c = self.top[x as usize];
            let nx = self.d[x as usize];
            if nx != c {
                self.stack.push(nx);
                self.cover_row_others(nx);
                self.nodes += 1;
                return true;
            }
            self.uncover(c);
        }
        false
    }
}

impl Search<Vec<usize>> for Solver {
    fn step(&mut self, budget: u64) -> Step<Vec<usize>> {
        if self.state == 2 {
            return Step::Done;
        }
        let start = self.nodes;
        if self.state == 1 {
            // resume after a reported solution or pause marker
        }
        loop {
            if self.nodes - start >= budget && self.state == 1 {
                return Step::Paused;
            }
            if self.state == 3 {
                // after solution: backtrack
                self.state = 1;
                if !self.advance() {
                    self.state = 2;
                    return Step::Done;
                }
                continue;
            }
            self.state = 1;
            match self.choose() {
                None => {
                    self.solutions += 1;
                    self.state = 3;
                    if !self.count_only {
                        return Step::Solution(self.solution());
                    }
                }
                Some(c) => {
                    self.cover(c);
                    let x = self.d[c as usize];
                    if x == c {
                        self.uncover(c);
                        if !self.advance() {
                            self.state = 2;
                            return Step::Done;
                        }
                    } else {
                        self.stack.push(x);
                        self.cover_row_others(x);
                        self.nodes += 1;
                    }
                }
            }
        }
    }
    fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            solutions: self.solutions,
            fraction: 0.0,
        }
    }
    fn set_count_only(&mut self, c: bool) {
        self.count_only = c;
    }
}

impl Iterator for Solver {
    type Item = Vec<usize>;
    fn next(&mut self) -> Option<Vec<usize>> {
        loop {
            match self.step(u64::MAX) {
                Step::Solution(s) => return Some(s),
                Step::Paused => {}
                Step::Done => return None,
            }
        }
    }
}
