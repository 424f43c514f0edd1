// The browser's history: every place a user goes (a workbench, a tab, a
// puzzle, a card, an aside, a box) is an entry of its own, and Back returns
// there with what was shown; what changes within a place (a digit, a
// point, a solution stepped to) replaces the entry. A deep link's Back
// stays in the app, and a polyform solution on screen survives a reload.

import { assert } from "../lib/harness.mjs";

/** Wait until the URL fragment is `hash` (URL writes follow the next frame). */
async function atHash(t, page, hash) {
  try {
    await t.until((h) => decodeURIComponent(location.hash) === h, hash, { page });
  } catch (e) {
    throw new Error(`expected ${hash}, at ${await page.evaluate(() => decodeURIComponent(location.hash))}`);
  }
}

async function hashNow(page) {
  return page.evaluate(() => decodeURIComponent(location.hash));
}

export const tests = [
  {
    name: "history: Home → Sudoku → Experiments and a card → Polyforms → a puzzle → Editor → Hexads with points → Quantumino with an aside, and Back returns through each with its state",
    timeout: 120000,
    async run(t) {
      const page = await t.newPage();
      await page.goto(t.base);
      await t.readyHome(page);
      const visited = [];
      const here = async () => visited.push(await hashNow(page));
      await here();

      await t.click("nav-sudoku", page);
      await t.ready(page);
      await t.until(() => /^#sudoku\/./.test(location.hash), null, { page });
      await here();
      await t.click("sudoku-tab-experiments", page);
      await atHash(t, page, "#sudoku/experiments");
      await here();
      await t.click("exp-go-counting", page);
      await atHash(t, page, "#sudoku/experiments/counting");
      await here();

      await t.click("nav-polyforms", page);
      await page.waitForSelector('[data-testid="pf-puzzle"]', { timeout: 20000 });
      await t.until(() => /^#polyforms\/lib\//.test(location.hash), null, { page });
      await here();
      const other = page.locator('[data-testid="pf-puzzle"][aria-pressed="false"]').nth(2);
      const otherName = await other.getAttribute("data-name");
      await other.click();
      await atHash(t, page, `#polyforms/lib/${otherName}`);
      await here();
      await t.click("pf-tab-editor", page);
      await t.until(() => /^#polyforms\/edit/.test(location.hash), null, { page });
      await here();

      await t.click("nav-hexads", page);
      await page.waitForSelector('[data-testid="minimog-0"]', { timeout: 20000 });
      for (const p of [0, 1, 2]) await t.click(`minimog-${p}`, page);
      await atHash(t, page, "#hexads/shuffle:0,1,2");
      // Points are state within the place: one entry for the three.
      await here();

      await t.click("nav-quantumino", page);
      await page.waitForSelector('[data-testid="q-aside-3"]', { timeout: 20000 });
      await t.until(() => /^#quantumino\/0\//.test(location.hash), null, { page });
      await here();
      await t.click("q-aside-3", page);
      await t.until(() => /^#quantumino\/3\//.test(location.hash), null, { page });

      // Back through every place, newest first, each as it was left.
      const checks = {
        quantumino: async () => assert.equal(await t.attr("q-aside-0", "aria-pressed", page), "true", "aside 0 again"),
        hexads: async () => {
          await page.waitForSelector('[data-testid="minimog-0"]', { timeout: 20000 });
          await t.until(() => document.querySelectorAll('[data-testid^="minimog-"][data-state="selected"]').length === 3, null, { page });
        },
        edit: async () => {
          await page.waitForSelector('[data-testid="pf-tab-editor"][aria-selected="true"]', { timeout: 20000 });
        },
        lib: async (hash) => {
          const name = hash.split("/")[2];
          await page.waitForSelector(`[data-testid="pf-puzzle"][data-name="${name}"][aria-pressed="true"]`, { timeout: 20000 });
        },
        counting: async () => {
          await page.waitForSelector('[data-testid="sudoku-tab-experiments"][aria-selected="true"]', { timeout: 20000 });
          await page.waitForSelector('[data-testid="counting-card"]', { timeout: 20000 });
          await t.until(() => {
            const r = document.getElementById("counting-title").getBoundingClientRect();
            return r.top >= -1 && r.top < innerHeight / 2;
          }, null, { page });
        },
        experiments: async () => {
          await page.waitForSelector('[data-testid="sudoku-tab-experiments"][aria-selected="true"]', { timeout: 20000 });
        },
        grid: async () => {
          await page.waitForSelector('[data-testid="sudoku-tab-grid"][aria-selected="true"]', { timeout: 20000 });
          await t.ready(page);
        },
        home: async () => t.readyHome(page),
      };
      for (const hash of visited.reverse()) {
        await page.goBack();
        await atHash(t, page, hash);
        const kind = hash === "" ? "home"
          : hash.startsWith("#quantumino") ? "quantumino"
          : hash.startsWith("#hexads") ? "hexads"
          : hash.startsWith("#polyforms/edit") ? "edit"
          : hash.startsWith("#polyforms/lib") ? "lib"
          : hash === "#sudoku/experiments/counting" ? "counting"
          : hash === "#sudoku/experiments" ? "experiments"
          : "grid";
        await checks[kind](hash);
      }
      // Forward again to the Editor.
      for (let k = 0; k < 6; k++) await page.goForward();
      await t.until(() => /^#polyforms\/edit/.test(location.hash), null, { page });
      await checks.edit();
      t.note(`${visited.length} places, each its own entry`);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "history: Back from a deep link's first page stays in the app, at the home",
    async run(t) {
      const page = await t.newPage();
      await page.goto("about:blank");
      await page.goto(t.base + "#polyforms/lib/Pentominoes6x10");
      await page.waitForSelector('html[data-app="ready"] [data-testid="pf-drawing"]', { timeout: 20000 });
      await page.goBack();
      await t.readyHome(page);
      assert.equal(await page.evaluate(() => location.hash), "");
      assert.notEqual(page.url(), "about:blank");
      // Forward returns to the puzzle.
      await page.goForward();
      await page.waitForSelector('[data-testid="pf-drawing"]', { timeout: 20000 });
      await atHash(t, page, "#polyforms/lib/Pentominoes6x10");
      // A reload is not a new visit: no second home underneath.
      const length = await page.evaluate(() => history.length);
      await page.reload();
      await page.waitForSelector('html[data-app="ready"] [data-testid="pf-drawing"]', { timeout: 20000 });
      assert.equal(await page.evaluate(() => history.length), length);
    },
  },
  {
    name: "history: a polyform solution on screen survives a reload and Back, and Next goes on from it",
    timeout: 60000,
    async run(t) {
      const page = await t.newPage();
      await page.goto(t.base + "#polyforms/lib/pentominoes-6x10");
      await page.waitForSelector('html[data-app="ready"] [data-testid="pf-solve"]', { timeout: 20000 });
      const shown = () => t.attr("pf-drawing", "data-solution", page);
      await t.click("pf-solve", page);
      await t.until(() => document.querySelector('[data-testid="pf-drawing"]').dataset.shown === "0", null, { page });
      for (const k of ["1", "2"]) {
        await page.waitForSelector('[data-testid="pf-next"]:not([disabled])');
        await t.click("pf-next", page);
        await t.until((k) => document.querySelector('[data-testid="pf-drawing"]').dataset.shown === k, k, { page });
      }
      await atHash(t, page, "#polyforms/lib/pentominoes-6x10/3");
      const third = await shown();
      assert.ok(third.length > 10, "a solution is drawn");
      await page.reload();
      await page.waitForSelector('html[data-app="ready"] [data-testid="pf-drawing"]', { timeout: 20000 });
      await t.until(() => document.querySelector('[data-testid="pf-drawing"]').dataset.shown === "2", null, { page });
      assert.equal(await shown(), third, "the same solution after the reload");
      assert.match(await t.tid("pf-caption", page).innerText(), /^Solution 3 of 3 found/);
      assert.doesNotMatch(await t.tid("pf-caption", page).innerText(), /empty region/);
      // Next goes on to solution 4.
      await page.waitForSelector('[data-testid="pf-next"]:not([disabled])');
      await t.click("pf-next", page);
      await atHash(t, page, "#polyforms/lib/pentominoes-6x10/4");
      // Another puzzle, then Back: solution 4 of the 6×10 again.
      await page.locator('[data-testid="pf-puzzle"]').first().waitFor();
      const other = page.locator('[data-testid="pf-puzzle"][aria-pressed="false"]').first();
      await other.click();
      await t.until(() => !location.hash.includes("pentominoes-6x10"), null, { page });
      await page.goBack();
      await atHash(t, page, "#polyforms/lib/pentominoes-6x10/4");
      await t.until(() => document.querySelector('[data-testid="pf-drawing"]').dataset.shown === "3", null, { page });
      t.assertNoConsoleErrors();
    },
  },
];
