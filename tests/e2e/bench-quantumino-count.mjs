#!/usr/bin/env node
// Browser benchmark for the browser count's target: one Quantumino aside of the 5×8×2
// game counted in the browser (the slice counter shared by the Web Workers)
// in at most 10 minutes on a 2-core machine.
//
//   node bench-quantumino-count.mjs [--aside K] [--dist DIR] [--timeout-min M]
//
// Serves dist/, opens the Quantumino workbench in Debian's Chromium, clears
// any saved checkpoint of that aside, clicks Count and waits for the total;
// prints the wall time, the worker count, and the count next to the
// README's table (computed natively by `tessera quantumino count --all`).
// Not part of `make test` (it needs minutes and several GB of memory);
// `make bench-browser` runs it.

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
const aside = Number(opt("--aside", "0"));
const dist = resolve(opt("--dist", join(here, "..", "..", "dist")));
const timeoutMin = Number(opt("--timeout-min", "30"));
if (!existsSync(join(dist, "index.html"))) {
  console.error(`no build at ${dist} (run \`make dist\` first)`);
  process.exit(2);
}

// The README's per-aside table: "| 0, 1 | 2,539,601,972 each | 9 | ...".
function expectedFromReadme() {
  const readme = readFileSync(join(here, "..", "..", "README.md"), "utf8");
  const table = new Map();
  for (const line of readme.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    for (let i = 1; i + 1 < cells.length; i += 2) {
      const m = /^([\d, ]+)$/.exec(cells[i]);
      const n = /^\**([\d,]+)\**( each)?$/.exec(cells[i + 1] || "");
      if (m && n && /\d/.test(cells[i])) {
        for (const a of cells[i].split(",").map((s) => Number(s.trim()))) table.set(a, n[1].replace(/,/g, ""));
      }
    }
  }
  return table.get(aside);
}

const server = await startServer(dist);
const base = `http://127.0.0.1:${server.port}/`;
const browser = await chromium.launch(launchOptions());
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${base}#quantumino/${aside}/5x8x2/0`);
  await page.waitForSelector('html[data-app="ready"] [data-testid="q-count-start"]', { timeout: 30000 });
  await page.evaluate((k) => localStorage.removeItem(k), `tessera.quantumino.count.v1.${aside}.5x8x2`);
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  const start = Date.now();
  await page.click('[data-testid="q-count-start"]');
  const deadline = start + timeoutMin * 60000;
  let message = "";
  while (Date.now() < deadline) {
    await page.waitForTimeout(15000);
    const [kind, text] = await page.evaluate(() => {
      const m = document.querySelector('[data-testid="q-message"]');
      return [m?.dataset.kind || "", m?.textContent || ""];
    });
    message = text;
    const line = await page.evaluate(() => document.querySelector('[data-testid="q-count"]')?.textContent || "");
    console.log(`${((Date.now() - start) / 1000).toFixed(0).padStart(5)} s  ${line.trim()}`);
    if (kind === "success" || kind === "error" || /cancelled/.test(message)) break;
  }
  const secs = (Date.now() - start) / 1000;
  const count = await page.evaluate(() => document.querySelector('[data-testid="q-count-value"]')?.dataset.count);
  const expected = expectedFromReadme();
  console.log(`\n${message}`);
  console.log(
    `browser count, aside ${aside}, 5x8x2: ${count} in ${secs.toFixed(0)} s ` +
      `(hardwareConcurrency ${workers}); README ${expected ?? "?"}: ${count === expected ? "match" : "MISMATCH"}; ` +
      `target <= 600 s: ${secs <= 600 && count === expected ? "met" : "not met"}`,
  );
  process.exitCode = count === expected ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
