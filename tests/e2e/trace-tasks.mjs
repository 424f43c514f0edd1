// Where a long main-thread task's time goes: loads a page of a build, does a
// few steps, records a DevTools timeline trace, and prints every task over
// 100 ms broken down by event (script, microtasks, forced or rendering
// layout, style, paint). A diagnostic for long tasks, not part of
// `make test`; docs/performance.md says what it found.
//
//   node trace-tasks.mjs DIST '#sudoku' [STEP...]
// Steps: a data-testid to click, `wait:MS`, or `fill:TESTID:TEXT`.
// For Rust names in a CPU profile instead, build with APP_KEEP_NAMES=1
// (scripts/build-app.mjs).
import { chromium } from "playwright-core";
import { launchOptions } from "./lib/chromium.mjs";
import { startServer } from "./lib/server.mjs";

const [dist, hash = "#sudoku", ...steps] = process.argv.slice(2);
if (!dist) {
  console.error("usage: node trace-tasks.mjs DIST '#route' [testid | wait:MS | fill:TESTID:TEXT]...");
  process.exit(2);
}
const server = await startServer(dist);
const browser = await chromium.launch(launchOptions());
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"] });
await page.goto(`http://127.0.0.1:${server.port}/${hash}`);
await page.waitForSelector('html[data-app="ready"]');
for (const step of steps) {
  if (step.startsWith("wait:")) await page.waitForTimeout(+step.slice(5));
  else if (step.startsWith("fill:")) {
    const [, id, ...text] = step.split(":");
    await page.fill(`[data-testid="${id}"]`, text.join(":"));
  } else await page.click(`[data-testid="${step}"]`);
}
await page.waitForTimeout(1500);
const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
// The page's main thread: the renderer thread that ran script.
const main = events.find(
  (e) => e.name === "thread_name" && e.args.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === "FunctionCall")
);
const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
const t0 = Math.min(...mine.map((e) => e.ts));
for (const task of mine.filter((e) => e.name === "RunTask" && e.dur > 100000)) {
  const by = new Map();
  for (const e of mine) {
    if (e === task || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
    const detail = e.name === "EventDispatch" ? `:${e.args?.data?.type}` : "";
    by.set(e.name + detail, (by.get(e.name + detail) || 0) + e.dur / 1000);
  }
  console.log(`\ntask at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms (nested events overlap)`);
  for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
}
await browser.close();
server.close();
