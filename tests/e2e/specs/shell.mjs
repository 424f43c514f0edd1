// The app shell: URL state, session restore, corrupt storage, theme,
// crash banner, navigation and accessibility basics.

import { assert } from "../lib/harness.mjs";
import { PUZZLES } from "../lib/puzzles.mjs";

export const tests = [
  {
    name: "the URL shares the puzzle: a link opens the same grid in a fresh browser",
    async run(t) {
      const page = await t.open();
      await t.click("example-escargot");
      await t.until((p) => location.hash === "#sudoku/" + p, PUZZLES.escargot.puzzle);
      const url = page.url();
      // A new context: no localStorage, no service worker.
      const other = await t.newPage();
      await other.goto(url);
      await t.ready(other);
      assert.equal(await t.puzzle(other), PUZZLES.escargot.puzzle);
      // 16×16: a compact link that round-trips.
      await t.click("example-j16", page);
      await t.until(() => location.hash.startsWith("#sudoku/4x4/"), null, { page });
      const hash = await page.evaluate(() => location.hash);
      assert.ok(hash.includes("_"), `compact encoding: ${hash}`);
      assert.ok(hash.length < 256 + 12, `shorter than the plain string: ${hash.length}`);
      t.note(`16×16 link: ${hash.length} chars`);
      const third = await t.newPage();
      await third.goto(t.base + hash);
      await t.ready(third);
      assert.equal(await t.puzzle(third), PUZZLES.j.puzzle);
      // Rectangular boxes carry their shape.
      await t.tid("size-select", page).selectOption("2x3");
      await page.locator("#cell-0").click();
      await page.keyboard.press("6");
      await t.until(() => location.hash === "#sudoku/2x3/6" + ".".repeat(35), null, { page });
      // Hand-made links in other formats work, and the address bar is live.
      await page.evaluate((p) => { location.hash = "sudoku/" + p; }, PUZZLES.four.puzzle);
      await t.until(() => document.querySelector('[data-testid="grid"]').dataset.size === "4", null, { page });
      assert.equal(await t.puzzle(page), PUZZLES.four.puzzle);
    },
  },
  {
    name: "reload restores the session (puzzle, notes, algorithm), with or without the hash",
    async run(t) {
      const page = await t.open();
      await t.click("example-near-worst");
      await t.click("alg-backtrack");
      await page.locator("#cell-0").click();
      await page.keyboard.press(" ");
      await page.keyboard.press("9");
      await page.keyboard.press(" ");
      await page.reload();
      await t.ready();
      assert.equal(await t.puzzle(), PUZZLES.near_worst.puzzle);
      assert.equal(await t.attr("alg-backtrack", "aria-checked"), "true");
      assert.match(await page.locator("#cell-0").getAttribute("aria-label"), /notes 9/);
      // Without a puzzle in the link the last session comes from localStorage
      // (the bare URL is the home; the Sudoku workbench restores its puzzle).
      await page.goto(t.base + "#sudoku");
      await t.ready();
      assert.equal(await t.puzzle(), PUZZLES.near_worst.puzzle);
      // The app writes the URL after the next frame (dom.rs, "URL writes").
      const want = "#sudoku/" + PUZZLES.near_worst.puzzle;
      await t.until((want) => location.hash === want, want, { timeout: 5000 }).catch(() => {});
      assert.equal(await page.evaluate(() => location.hash), want);
    },
  },
  {
    name: "corrupt stored state is discarded with a visible notice, never a crash",
    async run(t) {
      const page = await t.open();
      await page.evaluate(() => {
        localStorage.setItem("tessera.sudoku.v1", '{"board": {"shape": {"box_rows": 3, "box_cols": 3}, "cells": [1,2');
        localStorage.setItem("tessera.session.v1", "garbage");
      });
      // A fresh load (a new document, not a fragment change).
      await page.goto("about:blank");
      await page.goto(t.base + "#sudoku");
      await t.ready();
      const notices = await t.tid("notice").allInnerTexts();
      assert.ok(notices.some((n) => /saved Sudoku could not be read/.test(n)), JSON.stringify(notices));
      assert.ok(notices.some((n) => /saved from your last visit could not be read/.test(n)), JSON.stringify(notices));
      assert.equal((await t.puzzle()).length, 81, "a usable grid");
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("tessera.sudoku.v1")).board.cells.length), 81, "storage repaired");
      // Well-formed JSON with an impossible board is rejected too.
      await page.evaluate(() => {
        localStorage.setItem("tessera.sudoku.v1", JSON.stringify({ board: { shape: { box_rows: 3, box_cols: 3 }, cells: [99], notes: [] }, algorithm: "Dlx" }));
      });
      await page.goto("about:blank");
      await page.goto(t.base + "#sudoku");
      await t.ready();
      assert.ok((await t.tid("notice").allInnerTexts()).some((n) => /could not be read/.test(n)));
      await t.tid("notice").first().locator("button").click();
      // A broken link is reported, not fatal.
      await page.goto(t.base + "#sudoku/12345");
      await t.ready();
      assert.ok((await t.tid("notice").allInnerTexts()).some((n) => /link could not be read/.test(n)));
    },
  },
  {
    name: "dark theme: follows the system, toggles, and persists",
    async run(t) {
      const page = await t.newPage({ colorScheme: "dark" });
      await t.open();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
      const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await t.click("theme-toggle");
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "light");
      const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(darkBg, lightBg);
      await t.click("theme-toggle");
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
      assert.match(await t.attr("theme-toggle", "aria-label"), /light/);
      await page.reload();
      await t.ready();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
    },
  },
  {
    name: "a panic shows a recoverable error banner, not a blank page",
    allowConsoleErrors: ["simulated crash", "panicked", "RuntimeError", "unreachable"],
    async run(t) {
      const page = await t.open("?debug#sudoku");
      await t.click("simulate-panic");
      await page.waitForSelector('[data-testid="panic-banner"]', { timeout: 5000 });
      const text = await t.tid("panic-banner").innerText();
      assert.match(text, /Something went wrong/);
      assert.match(text, /simulated crash/);
      assert.ok(await t.tid("grid").isVisible(), "the page is still there");
      await t.shot("panic-banner-desktop");
      // Reload recovers.
      await t.tid("panic-banner").locator("button", { hasText: "Reload" }).click();
      await t.ready();
      assert.equal(await t.tid("panic-banner").count(), 0);
    },
  },
  {
    name: "the header nav lists only existing workbenches; unknown links fall back with a notice",
    async run(t) {
      const page = await t.open();
      const links = await page.$$eval(".app-nav a", (as) => as.map((a) => [a.textContent.trim(), a.getAttribute("aria-current")]));
      assert.deepEqual(links, [["Home", null], ["Sudoku", "page"], ["Polyforms", null], ["Quantumino", null], ["Hexads", null]]);
      // An unknown workbench falls back to the home (the default route).
      await page.goto(t.base + "#tetravex");
      await page.reload();
      await t.readyHome();
      assert.ok((await t.tid("notice").allInnerTexts()).some((n) => /unknown workbench/i.test(n)));
      assert.match(await page.title(), /^Tessera/);
      assert.equal(await t.attr("nav-home", "aria-current"), "page");
    },
  },
  {
    name: "accessibility basics: ARIA grid, labels, visible keyboard focus",
    async run(t) {
      const page = await t.open();
      await t.click("example-four");
      const grid = t.tid("grid");
      assert.equal(await grid.getAttribute("role"), "grid");
      assert.match(await grid.getAttribute("aria-label"), /Sudoku grid, 4 by 4/);
      assert.equal(await page.locator('[role="row"]').count(), 4);
      assert.equal(await page.locator("#cell-1").getAttribute("aria-label"), "Row 1, column 2: 4, given");
      assert.equal(await page.locator("#cell-0").getAttribute("aria-label"), "Row 1, column 1: empty");
      // Keyboard only: Tab reaches the grid, arrows move the active cell.
      await page.locator("body").click({ position: { x: 2, y: 2 } });
      let reached = false;
      for (let i = 0; i < 40 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid === "grid");
      }
      assert.ok(reached, "Tab reaches the grid");
      const ring = await page.evaluate(() => getComputedStyle(document.activeElement).boxShadow);
      assert.notEqual(ring, "none", "focus is visible");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowDown");
      assert.equal(await grid.getAttribute("aria-activedescendant"), "cell-5");
      // Every button has an accessible name.
      const unnamed = await page.$$eval("button", (bs) =>
        bs.filter((b) => !(b.getAttribute("aria-label") || b.textContent.trim())).map((b) => b.outerHTML.slice(0, 80))
      );
      assert.deepEqual(unnamed, []);
    },
  },
];
