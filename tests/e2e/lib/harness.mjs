// Test harness: one Context per test (fresh browser contexts, so fresh
// storage and service workers), console error capture, and helpers that read
// the app's state from data- attributes rather than pixels.

import assert from "node:assert/strict";
import { join } from "node:path";

export { assert };

/** A wall-clock limit broken (a main-thread task over 200 ms, a Cancel
 * slower than promised): it can be the machine (another process took the
 * core for a moment, a CI host is shared) rather than the app. The runner
 * re-runs a test that fails with it, up to twice, and fails it only if
 * every try does (run.mjs): a limit the app breaks every time still fails. */
export class WallClockError extends Error {}

export class Context {
  constructor({ browser, base, subBase, shots, name, server, dist }) {
    this.browser = browser;
    /** The build under test (a spec may copy it to serve a changed build). */
    this.dist = dist;
    /** The static server: `server.served.log` lists { path, status } per request. */
    this.server = server;
    this.base = base;
    this.subBase = subBase;
    this.shots = shots;
    this.name = name;
    this.contexts = [];
    this.errors = [];
    this.log = [];
    this.notes = [];
    this.page = null;
    this.context = null;
    /** Every main-thread long task of every page of this test:
     * { duration, start, url, doc } (see `newPage`; checked by
     * `assertNoLongTasks`). `doc` names the document (times are relative
     * to its origin). */
    this.allLongTasks = [];
    /** The worker pool's busy/idle marks of every page: { busy, at, doc }
     * (crates/web/src/pool.rs `mark_busy`). */
    this.jobMarks = [];
    /** Long animation frames over 150 ms of every page, with the scripts
     * that ran in them (`recordLongTasks`): what a long task was made of,
     * for the report of a task that breaks the job rule. */
    this.frames = [];
    /** Every Content-Security-Policy violation of every page of this test
     * (the run fails on any; see `recordCspViolations`). */
    this.cspViolations = [];
  }

  /** A fresh browser context + page (default: desktop, light). */
  async newPage({ width = 1280, height = 860, colorScheme = "light", isMobile = false } = {}) {
    const context = await this.browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: isMobile ? 2 : 1,
      isMobile,
      hasTouch: isMobile,
      colorScheme,
      serviceWorkers: "allow",
    });
    this.contexts.push(context);
    await this.recordLongTasks(context);
    await this.recordCspViolations(context);
    const page = await context.newPage();
    this.watch(page);
    this.context = context;
    this.page = page;
    return page;
  }

  watch(page) {
    page.on("console", (m) => {
      const line = `[${m.type()}] ${m.text()}`;
      this.log.push(line);
      if (m.type() === "error") this.errors.push(line);
    });
    page.on("pageerror", (e) => {
      const line = `[pageerror] ${e.message}`;
      this.log.push(line);
      this.errors.push(line);
    });
    page.on("crash", () => this.errors.push("[crash] page crashed"));
  }

  /** Report every long task (> 50 ms, the browser's threshold) of every page
   * of `context` to this test, from the first script on and across
   * navigations: the observer is installed before the page's own scripts,
   * and each entry is handed to Node at once (a page may be closed or
   * navigated before the test ends). */
  async recordLongTasks(context) {
    await context.exposeBinding("__tesseraLongTask", ({ frame }, duration, start, doc) => {
      const url = frame ? frame.url() : "";
      this.allLongTasks.push({ duration, start, url, doc });
    });
    await context.exposeBinding("__tesseraJobMark", (_source, busy, at, doc) => {
      this.jobMarks.push({ busy, at, doc });
    });
    await context.exposeBinding("__tesseraFrame", (_source, frame, doc) => {
      this.frames.push({ ...frame, doc });
    });
    await context.addInitScript(() => {
      const doc = `${Date.now()}-${Math.random()}`;
      try {
        // The Long Animation Frames API names the scripts of a long frame
        // (which callback, which function, how long each): the only way to
        // tell a job's own work from whatever else shared its task.
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (e.duration < 150) continue;
            const scripts = (e.scripts || [])
              .filter((s) => s.duration >= 10)
              .map((s) => ({
                at: Math.round(s.startTime),
                ms: Math.round(s.duration),
                what: `${s.invokerType}:${s.invoker}`.slice(0, 80),
                layout: Math.round(s.forcedStyleAndLayoutDuration || 0),
              }));
            window.__tesseraFrame(
              {
                start: Math.round(e.startTime),
                duration: Math.round(e.duration),
                blocking: Math.round(e.blockingDuration || 0),
                render: e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0,
                scripts,
              },
              doc
            );
          }
        }).observe({ type: "long-animation-frame", buffered: true });
      } catch (e) {
        // No long-animation-frame entries in this browser.
      }
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            window.__tesseraLongTask(Math.round(e.duration), Math.round(e.startTime), doc);
        }).observe({ type: "longtask", buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            if (e.name === "tessera-jobs-busy" || e.name === "tessera-jobs-idle")
              window.__tesseraJobMark(e.name === "tessera-jobs-busy", e.startTime, doc);
        }).observe({ type: "mark", buffered: true });
      } catch (e) {
        // No longtask entries in this browser: nothing to report.
      }
    });
  }

  /** The long tasks that overlap a time when a worker job was live (the
   * pool's busy/idle marks): the long-task rule is about these — start-up,
   * test tooling (axe) and rendering with no job running are reported
   * with the rest but are not "during a job". */
  longTasksDuringJobs() {
    const spans = new Map();
    for (const m of [...this.jobMarks].sort((a, b) => a.at - b.at)) {
      const list = spans.get(m.doc) || [];
      if (m.busy) list.push([m.at, Infinity]);
      else if (list.length && list[list.length - 1][1] === Infinity) list[list.length - 1][1] = m.at;
      spans.set(m.doc, list);
    }
    return this.allLongTasks.filter((t) =>
      (spans.get(t.doc) || []).some(([a, b]) => t.start < b && t.start + t.duration > a)
    );
  }

  /** Let long-task reports still in flight arrive (one round trip per open
   * page) before reading `allLongTasks`. */
  async settleLongTasks() {
    for (const c of this.contexts)
      for (const p of c.pages()) await p.evaluate(() => 0).catch(() => {});
  }

  /** The long-task rule: no task over `limit` ms (200) on any page while a
   * worker job is live. */
  async assertNoLongTasksDuringJobs(limit = 200) {
    await this.settleLongTasks();
    const over = this.longTasksDuringJobs().filter((e) => e.duration > limit);
    assert.deepEqual(
      over.map((e) => `${e.duration} ms at ${e.start} ms on ${e.url.replace(/^https?:\/\/[^/]+/, "")}`),
      [],
      `main-thread tasks over ${limit} ms while a worker job ran`
    );
  }

  /** Report every Content-Security-Policy violation (the page's or a
   * worker's `securitypolicyviolation` event) to this test, from the first
   * script on: the run fails on any, so a change that needs an inline script,
   * eval or a foreign origin is caught here rather than by a user's console. */
  async recordCspViolations(context) {
    await context.exposeBinding("__tesseraCsp", ({ frame }, directive, blocked, sample) => {
      const url = frame ? frame.url().replace(/^https?:\/\/[^/]+/, "") : "";
      this.cspViolations.push(`${directive} blocked ${blocked || "(inline)"}${sample ? ` "${sample}"` : ""} on ${url}`);
    });
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        window.__tesseraCsp(e.effectiveDirective, e.blockedURI, (e.sample || "").slice(0, 60))
      );
    });
  }

  /** No CSP violation in any page of this test. */
  async assertNoCspViolations() {
    for (const c of this.contexts)
      for (const p of c.pages()) await p.evaluate(() => 0).catch(() => {});
    assert.deepEqual(this.cspViolations, [], "Content-Security-Policy violations");
  }

  /** The rule of the house: no main-thread task over `limit` ms (200) in any
   * page during the test. Fails with each offending task's duration.
   * `E2E_LONG_TASK_MS` overrides the limit for a machine known to be
   * overloaded (tasks are wall-clock); the default is the rule. */
  async assertNoLongTasks(limit = +(process.env.E2E_LONG_TASK_MS || 200)) {
    await this.settleLongTasks();
    const over = this.allLongTasks.filter((e) => e.duration > limit);
    assert.deepEqual(
      over.map((e) => `${e.duration} ms at ${e.start} ms on ${e.url.replace(/^https?:\/\/[^/]+/, "")}`),
      [],
      `main-thread tasks over ${limit} ms`
    );
  }

  /** Long tasks (> 50 ms) seen so far, in ms, for a test's note. */
  longTaskDurations() {
    return this.allLongTasks.map((e) => e.duration);
  }

  assertNoConsoleErrors(allow) {
    const errors = allow ? this.errors.filter((e) => !allow.some((a) => e.includes(a))) : this.errors;
    assert.deepEqual(errors, [], "console errors");
  }

  async close() {
    for (const c of this.contexts) await c.close().catch(() => {});
  }

  /** Start recording the page's main-thread long tasks (> 50 ms, the
   * browser's own threshold); `longTasks` reads them back. */
  async watchLongTasks(page = this.page) {
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
      }).observe({ type: "longtask" });
    });
  }

  /** Durations (ms) of the long tasks since `watchLongTasks`. */
  /** Fails (with a WallClockError, which earns re-runs) when `ms` is not
   * under `limit`. */
  assertWithin(ms, limit, what) {
    if (!(ms < limit)) throw new WallClockError(`${what} took ${Math.round(ms)} ms (limit ${limit} ms)`);
  }

  /** Fails (with a WallClockError, which earns re-runs) when any of
   * `durations` is over `limit` ms. */
  assertNoTaskOver(durations, limit, what) {
    const over = durations.filter((d) => d > limit);
    if (over.length) throw new WallClockError(`${what}: tasks over ${limit} ms: ${durations.join(", ")} ms`);
  }

  async longTasks(page = this.page) {
    return page.evaluate(() => window.__longTasks || []);
  }

  note(text) {
    this.notes.push(text);
  }

  /** Load the app (path relative to the served root) and wait for it.
   * The bare URL is the home; the default here is the Sudoku workbench,
   * which most specs start from. */
  async open(path = "#sudoku", { sub = false, page = this.page } = {}) {
    if (!page) page = await this.newPage();
    await page.goto((sub ? this.subBase : this.base) + path);
    await this.ready(page);
    return page;
  }

  async ready(page = this.page) {
    await page.waitForSelector('html[data-app="ready"] [data-testid="grid"] [role="gridcell"]', { timeout: 20000 });
  }

  /** Wait for the home (the landing view). */
  async readyHome(page = this.page) {
    await page.waitForSelector('html[data-app="ready"] [data-testid="home"] [data-testid="home-card-hexads"]', { timeout: 20000 });
  }

  tid(id, page = this.page) {
    return page.locator(`[data-testid="${id}"]`);
  }

  /** Click a control, then wait for the change it made: a click whose
   * change is a large rebuild runs it in a task of its own (`dom::soon`),
   * and `<html data-pending>` says one is still to come. */
  async click(id, page = this.page) {
    await this.tid(id, page).click();
    await this.settled(page);
  }

  /** Wait until no worker job has been live for `ms` (the pool's busy and
   * idle marks): test tooling that blocks the page's main thread for
   * seconds (an axe scan) then measures the app at rest, and its own long
   * tasks do not count against the long-task rule for the app's jobs. */
  async jobsQuiet(page = this.page, ms = 300) {
    await page.waitForFunction(
      (ms) => {
        const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("tessera-jobs-"));
        const last = marks[marks.length - 1];
        const since = last ? performance.now() - last.startTime : performance.now();
        return (!last || last.name === "tessera-jobs-idle") && since >= ms;
      },
      ms,
      { polling: 50, timeout: 60000 }
    );
  }

  /** No change queued by a click is still to run (see `click`). */
  async settled(page = this.page) {
    await page.waitForFunction(() => !document.documentElement.hasAttribute("data-pending"), null, { polling: 10, timeout: 20000 });
  }

  async attr(id, name, page = this.page) {
    return this.tid(id, page).getAttribute(name);
  }

  /** The givens, as a Sage string. */
  puzzle(page = this.page) {
    return this.attr("grid", "data-puzzle", page);
  }

  /** What the grid shows (givens + solver-filled), as a Sage string. */
  shown(page = this.page) {
    return this.attr("grid", "data-grid", page);
  }

  async statusText(page = this.page) {
    return (await this.tid("status", page).innerText()).trim();
  }

  /** Wait until the status says the solver is in `run` (idle, waiting…). */
  async waitRun(run, page = this.page, timeout = 20000) {
    await page.waitForSelector(`[data-testid="status"][data-run="${run}"]`, { timeout });
  }

  /** Wait for a predicate on the page. */
  async until(fn, arg, { timeout = 20000, page = this.page } = {}) {
    return page.waitForFunction(fn, arg, { timeout, polling: 25 });
  }

  async cell(i, page = this.page) {
    return page.locator(`#cell-${i}`);
  }

  /** Clear the grid and type a puzzle cell by cell with the keyboard. */
  async typePuzzle(text, page = this.page) {
    const n = Math.round(Math.sqrt(text.length));
    await this.click("clear-all", page);
    await page.locator("#cell-0").click();
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const ch = text[r * n + c];
        if (ch !== "." && ch !== "0") await page.keyboard.press(ch);
        if (c < n - 1) await page.keyboard.press("ArrowRight");
      }
      if (r < n - 1) {
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Home");
      }
    }
  }

  async shot(name, page = this.page, options = {}) {
    // Transitions and animations jump to their end state for the picture,
    // instead of a wait for them to settle.
    await page.screenshot({ path: join(this.shots, `${name}.png`), animations: "disabled", ...options });
  }
}
