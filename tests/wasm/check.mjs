// The 9×9 Sudoku solvers as compiled to wasm (crates/worker/examples/wasm_check.rs),
// checked in wasm itself: the wasm build takes its own memory layouts in
// sudoku::band and sudoku::dlx9, which native tests never run.
//
//   node tests/wasm/check.mjs <wasm_check.wasm> <native tessera binary>
//
// Puzzles: published sets (top95 with its published solutions, hardest11,
// parts of the 17-clue sample and forum_hardest) and seeded random ones
// with 0, 1 and many solutions, and with clashing givens. For each solver
// (backtrack, dlx) every solution must pass an independent checker and
// keep the givens, the counter and the enumerator must agree, the two
// solvers must agree, and the counts must equal the native CLI's.
import { readFileSync, writeFileSync, existsSync, mkdtempSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load, put } from "../../benches/wasm/module.mjs";

const [wasmPath, cliPath] = process.argv.slice(2);
if (!wasmPath || !cliPath) {
  console.error("usage: node check.mjs <wasm_check.wasm> <tessera binary>");
  process.exit(2);
}
// The repository's own copies (tests/data/sets, sources in its README): a clone
// with nothing beside it must pass.
const data = resolve(dirname(fileURLToPath(import.meta.url)), "..", "data", "sets");
const LIMIT = 10;
let failures = 0;
function fail(msg) {
  failures++;
  if (failures <= 20) console.error("FAIL " + msg);
}

// --- inputs -----------------------------------------------------------------
function lines(name, n = Infinity) {
  const path = join(data, name);
  if (!existsSync(path)) throw new Error(`missing correctness vector ${path}`);
  return readFileSync(path, "utf8").split("\n").map((l) => l.trim()).filter(Boolean).slice(0, n);
}
const toCells = (p) => [...p].map((c) => (c === "." ? 0 : Number(c)));
const toText = (cells) => cells.map((v) => (v === 0 ? "." : String(v))).join("");

// Seeded PRNG (mulberry32), so a failure can be replayed.
let seed = 20261124;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (n) => Math.floor(rand() * n);

// --- the independent checker ------------------------------------------------
const UNITS = [];
for (let k = 0; k < 9; k++) {
  UNITS.push([...Array(9).keys()].map((i) => 9 * k + i));
  UNITS.push([...Array(9).keys()].map((i) => 9 * i + k));
  const [r0, c0] = [3 * Math.floor(k / 3), 3 * (k % 3)];
  UNITS.push([...Array(9).keys()].map((i) => 9 * (r0 + Math.floor(i / 3)) + c0 + (i % 3)));
}
function clashes(cells) {
  return UNITS.some((u) => {
    const seen = new Set();
    return u.some((c) => cells[c] !== 0 && (seen.has(cells[c]) || !seen.add(cells[c])));
  });
}
const validGrid = (g) => g.every((v) => v >= 1 && v <= 9) && !clashes(g);

const top95 = lines("top95.txt");
const top95Solutions = lines("top95_solutions.txt");
const grids = top95Solutions.map(toCells);
const puzzles = [...top95, ...lines("hardest11.txt"), ...lines("sudoku17_sample.txt", 300), ...lines("forum_hardest_1106.txt", 40)];
// A solution grid thinned to k givens: one or more solutions.
for (let i = 0; i < 150; i++) {
  const g = grids[pick(grids.length)];
  const k = 17 + pick(20);
  const order = [...Array(81).keys()].sort(() => rand() - 0.5);
  const cells = Array(81).fill(0);
  for (const c of order.slice(0, k)) cells[c] = g[c];
  puzzles.push(toText(cells));
}
// Givens from two grids: often no solution at all, sometimes a clash.
for (let i = 0; i < 100; i++) {
  const [a, b] = [grids[pick(grids.length)], grids[pick(grids.length)]];
  const cells = Array(81).fill(0);
  for (let c = 0; c < 81; c++) {
    const r = rand();
    if (r < 0.18) cells[c] = a[c];
    else if (r < 0.18 + 0.04 * (i % 3)) cells[c] = b[c];
  }
  puzzles.push(toText(cells));
}

// A unique puzzle with one wrong given that clashes with no given: no
// solution, found only by search.
for (let i = 0; i < 60; i++) {
  const j = pick(top95.length);
  const cells = toCells(top95[j]);
  const solution = grids[j];
  for (let tries = 0; tries < 200; tries++) {
    const [c, v] = [pick(81), 1 + pick(9)];
    if (cells[c] !== 0 || v === solution[c]) continue;
    cells[c] = v;
    if (!clashes(cells)) break;
    cells[c] = 0;
  }
  puzzles.push(toText(cells));
}

// --- wasm -------------------------------------------------------------------
const wasm = await load(wasmPath);
const { memory, alloc, check } = wasm;
const input = new TextEncoder().encode(puzzles.join("\n"));
const inPtr = put(wasm, input);
const record = 8 + 81 * LIMIT;
const outPtr = alloc(puzzles.length * record);

function runWasm(alg) {
  const n = check(inPtr, input.length, alg, LIMIT, outPtr);
  if (n !== puzzles.length) throw new Error(`wasm read ${n} puzzles of ${puzzles.length}`);
  const out = new Uint8Array(memory.buffer, outPtr, n * record);
  const view = new DataView(memory.buffer, outPtr, n * record);
  return puzzles.map((_, i) => {
    const count = view.getUint32(i * record, true);
    const listed = view.getUint32(i * record + 4, true);
    const sols = [];
    for (let k = 0; k < Math.min(listed, LIMIT); k++) {
      sols.push([...out.slice(i * record + 8 + 81 * k, i * record + 8 + 81 * (k + 1))]);
    }
    return { count: count === 0xffffffff ? "error" : count, listed, sols };
  });
}

const results = { backtrack: runWasm(0), dlx: runWasm(1) };
const classes = { error: 0, none: 0, one: 0, many: 0 };
puzzles.forEach((p, i) => {
  const givens = toCells(p);
  const clash = clashes(givens);
  const [bt, dl] = [results.backtrack[i], results.dlx[i]];
  classes[clash ? "error" : bt.count === 0 ? "none" : bt.count === 1 ? "one" : "many"]++;
  for (const [name, r] of Object.entries(results).map(([k, v]) => [k, v[i]])) {
    if (clash) {
      if (r.count !== "error") fail(`${name} #${i}: clashing givens counted ${r.count}, not an error`);
      continue;
    }
    if (r.count === "error") { fail(`${name} #${i}: error on a puzzle without clash: ${p}`); continue; }
    if (r.listed !== r.count) fail(`${name} #${i}: counter ${r.count}, enumerator ${r.listed}`);
    const seen = new Set();
    for (const s of r.sols) {
      if (!validGrid(s)) fail(`${name} #${i}: invalid solution ${s.join("")}`);
      if (givens.some((v, c) => v !== 0 && s[c] !== v)) fail(`${name} #${i}: solution drops a given`);
      seen.add(s.join(""));
    }
    if (seen.size !== r.sols.length) fail(`${name} #${i}: repeated solutions`);
  }
  if (bt.count !== dl.count) fail(`#${i}: backtrack ${bt.count} vs dlx ${dl.count}: ${p}`);
  if (i < top95.length) {
    if (bt.count !== 1 || bt.sols[0]?.join("") !== top95Solutions[i]) fail(`top95 #${i}: not the published solution`);
  }
});
for (const [k, v] of Object.entries(classes)) if (v === 0) fail(`no puzzle with outcome "${k}": the inputs no longer exercise it`);

// --- the native CLI on the same puzzles (without clashes) ---------------------
const clean = puzzles.map((p, i) => [p, i]).filter(([p]) => !clashes(toCells(p)));
const file = join(mkdtempSync(join(tmpdir(), "tessera-wasm-")), "puzzles.txt");
writeFileSync(file, clean.map(([p]) => p).join("\n") + "\n");
for (const alg of ["backtrack", "dlx"]) {
  const native = execFileSync(cliPath, ["sudoku", "solve", "--count", "--max", String(LIMIT), "--algorithm", alg, file], { encoding: "utf8" })
    .trim().split("\n").map(Number);
  if (native.length !== clean.length) fail(`native ${alg} printed ${native.length} counts for ${clean.length} puzzles`);
  clean.forEach(([p, i], k) => {
    if (native[k] !== results[alg][i].count) fail(`${alg} #${i}: wasm ${results[alg][i].count}, native ${native[k]}: ${p}`);
  });
}

console.log(`wasm solvers on ${puzzles.length} puzzles (clashing ${classes.error}, no solution ${classes.none}, ` +
  `unique ${classes.one}, several ${classes.many}; limit ${LIMIT}): ${failures ? failures + " failures" : "all agree"}`);
process.exit(failures ? 1 : 0);
