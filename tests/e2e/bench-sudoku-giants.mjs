#!/usr/bin/env node
// Browser benchmark for the giants' target: every giant (16×16 and 25×25)
// solved and proven unique in the web app, in the Web Worker, within 3 s.
//
//   node bench-sudoku-giants.mjs [--dist DIR] [--alg auto|sat|dlx|backtrack]
//                                [--sets giants,frisch25] [--only 1,5] [--timeout-s 120]
//
// Serves dist/ (a release build: `make dist`, or trunk build --release),
// opens the Sudoku workbench in Debian's Chromium, and for each puzzle of
// tests/data/sets/giants.txt and frisch25.txt imports it, picks the
// algorithm and presses Count: a count that ends at 1 is a solution found
// and proven unique. Prints the wall time from the click to the answer, the
// worker's own time (the stats line) and the engine that answered. Not part
// of `make test` (minutes on the hard public 25×25s); numbers in docs/sat.md.

import { chromium } from "playwright-core";
import { launchOptions } from "./lib/chromium.mjs";
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./lib/server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dist = resolve(opt("--dist", join(here, "..", "..", "dist")));
const alg = opt("--alg", "auto");
const sets = opt("--sets", "giants,frisch25").split(",");
const only = opt("--only", "")
  .split(",")
  .filter(Boolean)
  .map(Number);
const timeoutMs = Number(opt("--timeout-s", "120")) * 1000;
if (!existsSync(join(dist, "index.html"))) {
  console.error(`no build at ${dist} (run \`make dist\` first)`);
  process.exit(2);
}

const server = await startServer(dist);
const base = `http://127.0.0.1:${server.port}/`;
const browser = await chromium.launch(launchOptions());
let failed = 0;
const rows = [];
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${base}#sudoku`);
  await page.waitForSelector('html[data-app="ready"] [data-testid="grid"]', { timeout: 30000 });
  const tid = (id) => `[data-testid="${id}"]`;
  for (const set of sets) {
    const path = join(here, "..", "data", "sets", `${set}.txt`);
    const lines = readFileSync(path, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    for (const [i, puzzle] of lines.entries()) {
      if (only.length && !only.includes(i + 1)) continue;
      const n = Math.round(Math.sqrt(puzzle.length));
      await page.fill(tid("import-text"), puzzle);
      await page.click(tid("import-button"));
      await page.waitForSelector(`${tid("grid")}[data-size="${n}"]`);
      await page.click(tid(`alg-${alg}`));
      const start = Date.now();
      await page.click(tid("count"));
      let status = "";
      try {
        await page.waitForSelector(`${tid("status")}[data-run="idle"]`, { timeout: timeoutMs });
        status = (await page.innerText(tid("status"))).trim();
      } catch {
        await page.click(tid("cancel"));
        await page.waitForSelector(`${tid("status")}[data-run="idle"]`, { timeout: 10000 });
        status = `over ${timeoutMs / 1000} s (cancelled)`;
      }
      const wall = Date.now() - start;
      const stats = (await page.innerText(tid("stats"))).trim();
      const ok = /^Exactly 1 solution\b/.test(status);
      if (!ok) failed++;
      const engine = (/Counted by ([^.]+)\./.exec(status) || [])[1] || "?";
      const row = { set, no: i + 1, size: `${n}x${n}`, wall, stats, engine, ok };
      rows.push(row);
      console.log(
        `${set.padEnd(9)} #${String(i + 1).padEnd(3)} ${row.size.padEnd(6)} ${String(wall).padStart(7)} ms  ` +
          `${ok ? "unique" : "NOT PROVEN"}  ${engine}  [${stats}]${ok ? "" : `  ${status}`}`,
      );
    }
  }
  const over = rows.filter((r) => !r.ok || r.wall > 3000);
  console.log(
    `\nbrowser, ${alg}: ${rows.length} giants, ${over.length} over 3 s or unproven; ` +
      `target every giant <= 3 s: ${over.length === 0 ? "met" : "NOT MET"}`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await browser.close();
  server.close();
}
