#!/usr/bin/env node
// Browser end-to-end tests for the Tessera web app.
//
//   node run.mjs [--dist DIR] [--only SUBSTRING] [--list] [--jobs N] [--times FILE]
//
// Serves dist/ (default ../../dist) on 127.0.0.1 at a random free port, at
// "/" and under the sub-path "/sub/tessera/" (proving relative URLs), drives
// Debian's Chromium through playwright-core, runs every spec in specs/*.mjs,
// saves screenshots under target/e2e/, and ends with exactly one line
// `e2e: N passed, N failed`; the exit status is non-zero on any failure.
// `--jobs N` runs N tests at a time (default E2E_JOBS or 1), each in its own
// browser context; `--times FILE` writes each test's wall time
// (`name<TAB>seconds`) for `make test`'s slowest-ten list.
// Every test also fails on a console error or a CSP violation, and on a
// main-thread task over 200 ms while a worker job was live (the long-task rule;
// up to two re-runs forgive noisy tries). Tasks over 200 ms outside jobs
// are listed at the end; E2E_LONG_TASKS=strict fails those too, and
// E2E_LONG_TASKS=report only lists those during jobs.

import { chromium } from "playwright-core";
import { CHROMIUM, launchOptions } from "./lib/chromium.mjs";
import { readdir } from "node:fs/promises";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startServer, SUBPATH } from "./lib/server.mjs";
import { Context, WallClockError } from "./lib/harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dist = resolve(opt("--dist", join(here, "..", "..", "dist")));
const only = opt("--only", process.env.E2E_ONLY || "");
const jobs = Math.max(1, Number(opt("--jobs", process.env.E2E_JOBS || "1")) || 1);
const timesFile = opt("--times", "");
const times = [];
const shots = resolve(here, "..", "..", "target", "e2e");
const executablePath = CHROMIUM;

function fail(message) {
  console.error(`e2e: ${message}`);
  console.log("e2e: 0 passed, 1 failed");
  process.exit(1);
}

if (!existsSync(join(dist, "index.html"))) fail(`no build at ${dist} (run \`make dist\` first)`);
if (!existsSync(executablePath)) fail(`no Chromium at ${executablePath} (apt-get install chromium)`);
mkdirSync(shots, { recursive: true });

// Collect the specs: every specs/*.mjs exports `tests` = [{ name, run }].
const specDir = join(here, "specs");
const tests = [];
for (const file of (await readdir(specDir)).filter((f) => f.endsWith(".mjs")).sort()) {
  const mod = await import(pathToFileURL(join(specDir, file)).href);
  for (const t of mod.tests) tests.push({ ...t, file });
}
const selected = tests.filter((t) => !only || t.name.includes(only) || t.file.includes(only));
if (args.includes("--list")) {
  for (const t of selected) console.log(`${t.file}: ${t.name}`);
  process.exit(0);
}

// One server per runner: a test that counts the requests its page made
// (server.served) sees only its own.
const runners = [];
for (let i = 0; i < Math.min(jobs, selected.length); i++) {
  const server = await startServer(dist);
  runners.push({ server, base: `http://127.0.0.1:${server.port}/`, subBase: `http://127.0.0.1:${server.port}${SUBPATH}` });
}
console.log(`e2e: serving ${dist} at ${runners.map((r) => r.base).join(", ")} and each at ${SUBPATH}`);
console.log(`e2e: ${selected.length} tests, ${runners.length} at a time, Chromium ${executablePath}, screenshots in ${shots}`);

const browser = await chromium.launch(launchOptions(executablePath));

let passed = 0;
let failed = 0;
const failures = [];
const strictLongTasks = process.env.E2E_LONG_TASKS === "strict" || !!process.env.E2E_LONG_TASK_MS;
// The long-task rule — no main-thread task over 200 ms while a worker job is
// live — fails a test that breaks it (such a test is run up to twice more
// and fails if every try breaks it: a task is wall-clock).
// `E2E_LONG_TASKS=strict` also fails every task over 200 ms outside jobs;
// `E2E_LONG_TASKS=report` only lists what breaks the rule (for measuring).
const jobRule = process.env.E2E_LONG_TASKS !== "report" || strictLongTasks;
const longTaskReport = [];
// Tasks over the limit while a worker job was live (the long-task rule).
const duringJobsReport = [];
// Tests whose first try broke the job rule and whose re-run did not.
const rerunReport = [];

/** The job rule's failure: a long task, so it earns re-runs (and so does a
 * spec's own long-task assertion, `t.assertNoTaskOver`). */
class JobRuleError extends WallClockError {}

/** Tasks that broke the job rule, each with its page and the pool's busy
 * and idle marks there (ms from the page's start), to tell a start-up job
 * from a click's. */
function describeDuring(ctx, tasks) {
  return tasks
    .map((e) => {
      const marks = ctx.jobMarks
        .filter((m) => m.doc === e.doc)
        .map((m) => `${m.busy ? "busy" : "idle"} ${Math.round(m.at)}`)
        .join(" ");
      // The long animation frame holding this task, with its scripts.
      const frame = ctx.frames.find((f) => f.doc === e.doc && f.start <= e.start + 1 && f.start + f.duration >= e.start + e.duration - 1);
      const made = frame
        ? ` [frame ${frame.duration} ms, render ${frame.render} ms: ${frame.scripts.map((s) => `${s.what} ${s.ms} ms at ${s.at}${s.layout ? ` (layout ${s.layout})` : ""}`).join(", ") || "no script"}]`
        : "";
      return `${e.duration} ms at ${Math.round(e.start)} ms on ${e.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 40)} (job marks: ${marks})${made}`;
    })
    .join("; ");
}

/** One try of one test: its own context, run, every check. Returns
 * { ctx, error }. */
async function attempt(t, { server, base, subBase }) {
  const ctx = new Context({ browser, base, subBase, shots, name: t.name, server, dist });
  let error = null;
  try {
    await Promise.race([
      t.run(ctx),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`timed out after ${(t.timeout || 60000) / 1000} s`)), t.timeout || 60000)
      ),
    ]);
    ctx.assertNoConsoleErrors(t.allowConsoleErrors);
    // The page's CSP holds in every test: any violation fails.
    await ctx.assertNoCspViolations();
    // No spec raises it.
    const limit = 200;
    // Outside jobs the 200 ms rule is not met everywhere yet (start-up
    // mounts under load, WebGL on SwiftShader): those tasks are listed at
    // the end unless E2E_LONG_TASKS=strict. Specs that assert on long tasks
    // themselves (Count, Find all, the experiments) fail either way.
    if (strictLongTasks) await ctx.assertNoLongTasks(limit);
    else {
      const over = ctx.longTaskDurations().filter((d) => d > limit);
      if (over.length) longTaskReport.push(`${t.name}: ${over.join(", ")} ms`);
    }
    await ctx.settleLongTasks();
    const during = ctx.longTasksDuringJobs().filter((e) => e.duration > limit);
    if (during.length) {
      const what = describeDuring(ctx, during);
      if (jobRule) throw new JobRuleError(`main-thread tasks over ${limit} ms while a worker job ran: ${what}`);
      duringJobsReport.push(`${t.name}: ${what}`);
    }
  } catch (e) {
    error = e;
  }
  await ctx.close().catch(() => {});
  return { ctx, error };
}

/** One test with its re-runs, reported as it ends. */
async function runOne(t, runner) {
  const started = Date.now();
  let { ctx, error } = await attempt(t, runner);
  // A wall-clock limit broken (a task over the limit during a job, a slow
  // Cancel) can be the machine (another process took the core for a
  // moment, the CI host is shared) rather than the app: such a test is run
  // again, up to twice, and fails only if every try breaks it — a limit the
  // app breaks every time still fails (in two full runs of the suite, 3 of
  // 254 first tries broke the job rule, and every re-run was clean). The
  // earlier tries are reported either way.
  const tries = [];
  while (error instanceof WallClockError && tries.length < 2) {
    tries.push(error.message);
    ({ ctx, error } = await attempt(t, runner));
  }
  if (tries.length) {
    if (error instanceof JobRuleError) duringJobsReport.push(`${t.name}: ${tries.length + 1} tries (${tries[0]})`);
    else if (!error) {
      rerunReport.push(`${t.name}: ${tries.map((m, i) => `try ${i + 1} ${m}`).join("; ")}`);
      ctx.note(`re-run ${tries.length}× after a wall-clock limit was broken`);
    }
  }
  const ms = Date.now() - started;
  if (error) {
    failed++;
    failures.push({ file: t.file.replace(/\.mjs$/, ""), name: t.name, error });
    console.log(`  ✗ ${t.name} (${ms} ms)\n      ${String(error && error.stack ? error.stack : error).split("\n").slice(0, 6).join("\n      ")}`);
    for (const line of ctx.log.slice(-15)) console.log(`      | ${line}`);
  } else {
    passed++;
    const long = ctx.longTaskDurations();
    if (long.length) ctx.note(`long tasks (> 50 ms): ${long.length}, longest ${Math.max(...long)} ms`);
    console.log(`  ✓ ${t.name} (${ms} ms)${ctx.notes.length ? " — " + ctx.notes.join("; ") : ""}`);
  }
  times.push(`${t.file.replace(/\.mjs$/, "")}: ${t.name}\t${ms / 1000}`);
}

// `jobs` runners take the tests in order, one at a time each. A test marked
// `alone: true` (it times something in the page, or keeps both workers busy)
// runs afterwards, with nothing beside it.
const queue = selected.filter((t) => !t.alone);
await Promise.all(
  runners.map(async (runner) => {
    while (queue.length) await runOne(queue.shift(), runner);
  })
);
for (const t of selected.filter((t) => t.alone)) await runOne(t, runners[0]);

await browser.close();
for (const r of runners) r.server.close();

if (duringJobsReport.length) {
  console.log(`\ne2e: tasks over 200 ms while a worker job was live (the long-task rule${jobRule ? ", failed" : "; only listed, E2E_LONG_TASKS=report"}) in ${duringJobsReport.length} tests:`);
  for (const line of duringJobsReport) console.log(`  - ${line}`);
} else console.log("\ne2e: no task over 200 ms while a worker job was live" + (rerunReport.length ? " (after re-runs)" : ""));
if (rerunReport.length) {
  console.log(`e2e: re-run for a wall-clock limit (a task over 200 ms during a job, a Cancel's time), then clean (${rerunReport.length}):`);
  for (const line of rerunReport) console.log(`  - ${line}`);
}
if (longTaskReport.length) {
  console.log(`\ne2e: main-thread tasks over 200 ms (reported; E2E_LONG_TASKS=strict fails them) in ${longTaskReport.length} tests:`);
  for (const line of longTaskReport) console.log(`  - ${line}`);
}
const shotCount = existsSync(shots) ? (await readdir(shots)).filter((f) => f.endsWith(".png") && statSync(join(shots, f)).size > 0).length : 0;
console.log(`e2e: screenshots: ${shotCount} in ${shots}`);
// The failures come last, after the long reports, so that the end of the
// output (all a CI log may keep) names them; beside the times file they are
// listed again in `make test`'s summary.
const failureLines = failures.map((f) => `${f.file}: ${f.name}: ${String(f.error && f.error.message ? f.error.message : f.error).split("\n")[0].slice(0, 300)}`);
if (failureLines.length) {
  console.log(`\ne2e failures:`);
  for (const line of failureLines) console.log(`  - ${line}`);
}
if (timesFile) {
  mkdirSync(dirname(resolve(timesFile)), { recursive: true });
  writeFileSync(resolve(timesFile), times.join("\n") + "\n");
  writeFileSync(resolve(timesFile).replace(/\.tsv$/, "") + ".failures", failureLines.map((l) => l + "\n").join(""));
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
