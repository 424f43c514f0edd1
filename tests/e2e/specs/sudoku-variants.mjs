// Sudoku variants: X, jigsaw and Samurai solved in the browser, each shown
// solution checked here against units built from the rules and the page's
// own region map (not from the engine); a bad jigsaw map shows its message.

import { assert } from "../lib/harness.mjs";

const X_PUZZLE =
  "..3.....6...8.37...4...6.....1..48.9.5.......3..................7..........2813..";
const SAMURAI = [
  ".9..5......1.267.8...1.......8............3.76.7..1.5......2........7...9....5.8.",
  ".1.3..5....9...3....42.9.1..26.4.........1...17..6..3....4...8...7.....94.....2..",
  "....1.........5..7.8...94...56.2.....31...5.......4.............2.9.....1........",
  "...2.....9...6..2.....9.1....1.46.........5....572..9...6..8..1.13......5.....2.6",
  "...6.........3...4....25..13......9...1.4.5...2.....7...21.....7......32.4.......",
];
const CORNERS = [[0, 0], [0, 12], [6, 6], [12, 0], [12, 12]];

/** The grid's layout lines (' ' = no cell) as a 2D array of chars. */
async function layout(t, attr) {
  const text = await t.attr("variant-grid", attr);
  const h = Number(await t.attr("variant-grid", "data-height"));
  const w = Number(await t.attr("variant-grid", "data-width"));
  const lines = text.split("\n");
  return Array.from({ length: h }, (_, r) =>
    Array.from({ length: w }, (_, c) => (lines[r] || "")[c] || " "));
}

function nineByNine(top, left, boxes = true) {
  const units = [];
  for (let i = 0; i < 9; i++) {
    units.push([...Array(9).keys()].map((k) => [top + i, left + k]));
    units.push([...Array(9).keys()].map((k) => [top + k, left + i]));
    if (boxes) {
      const r0 = Math.floor(i / 3) * 3, c0 = (i % 3) * 3;
      units.push([...Array(9).keys()].map((k) => [top + r0 + Math.floor(k / 3), left + c0 + (k % 3)]));
    }
  }
  return units;
}

function checkSolution(grid, puzzle, units, what) {
  for (const u of units) {
    const digits = u.map(([r, c]) => grid[r][c]).sort().join("");
    assert.equal(digits, "123456789", `${what}: unit ${JSON.stringify(u)}`);
  }
  for (let r = 0; r < puzzle.length; r++) {
    for (let c = 0; c < puzzle[r].length; c++) {
      const p = puzzle[r][c];
      if (p !== " " && p !== ".") assert.equal(grid[r][c], p, `${what}: given at r${r + 1}c${c + 1}`);
    }
  }
}

async function importPuzzle(t, text) {
  await t.tid("vimport-text").fill(text);
  await t.click("vimport");
}

async function solveAndWait(t, page) {
  await t.click("vsolve");
  await page.waitForFunction(() => {
    const m = document.querySelector('[data-testid="vmessage"]');
    return m && /Solved|No solution/.test(m.textContent);
  }, null, { timeout: 30000 });
}

export const tests = [
  {
    name: "X-sudoku: diagonals shaded, a diagonal clash is marked, the solution holds on both diagonals",
    async run(t) {
      const page = await t.open();
      await t.click("variant-x");
      await page.waitForSelector('[data-testid="variant-grid"][data-variant="x"]');
      assert.equal(await page.locator(".vcell.diag").count(), 17, "two diagonals share the centre");
      await importPuzzle(t, X_PUZZLE);
      await solveAndWait(t, page);
      const units = nineByNine(0, 0);
      units.push([...Array(9).keys()].map((i) => [i, i]));
      units.push([...Array(9).keys()].map((i) => [8 - i, i]));
      checkSolution(await layout(t, "data-grid"), await layout(t, "data-puzzle"), units, "X");
      assert.match(await page.locator("#vexport").inputValue(), /^\.\.3/);
      assert.match(page.url(), /#sudoku\/x\/\.\.3/);
      await t.shot("variant-x-solved-desktop");
      // Count: one solution, and the engine that counted it.
      await t.click("vcount");
      await page.waitForFunction(() => /Counted by/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""), null, { timeout: 30000 });
      assert.match(await t.tid("vmessage").textContent(), /^Exactly 1 solution: the puzzle is proper\. Counted by Dancing Links\./);
      // Type a 6 at r9c1: r1c9 holds 6 on the same anti-diagonal only.
      await page.locator("#vcell-72").click();
      await page.keyboard.press("6");
      await page.waitForSelector('[data-testid="variant-grid"]:not([data-conflicts="0"])');
      assert.match(await page.locator("#vcell-72").getAttribute("class"), /conflict/);
      await t.click("vsolve");
      await page.waitForFunction(() => /diagonal ↗/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""));
    },
  },
  {
    name: "jigsaw: generate on a random map, solve, check regions from the page; a bad map is named",
    timeout: 60000,
    async run(t) {
      const page = await t.open();
      await t.click("variant-jigsaw");
      await t.tid("vseed").fill("3");
      await t.tid("vseed").dispatchEvent("change");
      await t.click("vgenerate");
      await page.waitForFunction(() => /Generated/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""), null, { timeout: 30000 });
      await solveAndWait(t, page);
      const map = await t.attr("variant-grid", "data-regions");
      assert.equal(map.length, 81);
      const units = nineByNine(0, 0, false);
      for (const l of new Set(map)) {
        units.push([...map].flatMap((x, p) => (x === l ? [[Math.floor(p / 9), p % 9]] : [])));
      }
      assert.equal(units.length, 27, "nine regions");
      checkSolution(await layout(t, "data-grid"), await layout(t, "data-puzzle"), units, "jigsaw");
      await t.shot("variant-jigsaw-solved-desktop");
      // Paint r1c1 with another region's label: two regions change size.
      const puzzleBefore = await t.attr("variant-grid", "data-puzzle");
      const other = map[0] === "a" ? "b" : "a";
      await t.click(`region-${other}`);
      await page.locator("#vcell-0").click();
      const msg = await t.tid("region-error").innerText();
      assert.match(msg, /region [a-i] has (8|10) cells/);
      await t.click("vsolve");
      assert.match(await t.tid("vmessage").innerText(), /Region map: region/);
      assert.equal(await t.attr("variant-grid", "data-puzzle"), puzzleBefore, "nothing typed is lost");
      await t.click("paint-off");
      await t.click("preset-boxes");
      assert.equal(await t.tid("region-error").count(), 0);
    },
  },
  {
    name: "Samurai: five grids, holes skipped by the keyboard, solved and checked on all 131 units",
    timeout: 60000,
    async run(t) {
      const page = await t.open();
      await t.click("variant-samurai");
      await page.waitForSelector('[data-testid="variant-grid"][data-variant="samurai"]');
      assert.equal(await page.locator(".vcell").count(), 369);
      assert.equal(await page.locator(".vhole").count(), 441 - 369);
      // Right from r1c9 (top-left grid) jumps the gap to r1c13.
      await page.locator("#vcell-8").click();
      await page.keyboard.press("ArrowRight");
      const sel = await t.attr("variant-grid", "aria-activedescendant");
      const pos = Number(await page.locator(`#${sel}`).getAttribute("data-pos"));
      assert.equal(pos, 12, "r1c13");
      await importPuzzle(t, SAMURAI.join(" "));
      await solveAndWait(t, page);
      const units = CORNERS.flatMap(([r, c]) => nineByNine(r, c));
      checkSolution(await layout(t, "data-grid"), await layout(t, "data-puzzle"), units, "Samurai");
      await t.shot("variant-samurai-solved-desktop");
      // The link reproduces variant and puzzle.
      const url = page.url();
      assert.match(url, /#sudoku\/samurai\//);
      const again = await t.newPage();
      await again.goto(url);
      await again.waitForSelector('[data-testid="variant-grid"][data-variant="samurai"] .vcell');
      assert.equal(await again.locator("#vexport").inputValue(), SAMURAI.join(" "));
    },
  },
  {
    name: "variants on a 390 px phone",
    async run(t) {
      const page = await t.newPage({ width: 390, height: 844, isMobile: true });
      await t.open("#sudoku", { page });
      await t.click("variant-samurai", page);
      await importPuzzle({ tid: (id) => t.tid(id, page), click: (id) => t.click(id, page) }, SAMURAI.join(" "));
      await t.shot("variant-samurai-phone", page, { fullPage: true });
      await t.click("variant-jigsaw", page);
      await t.shot("variant-jigsaw-phone", page, { fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 392, `no horizontal scroll (${width})`);
    },
  },
  {
    name: "the step list and rating on X and jigsaw (their own units), Samurai named; screenshots at 1280 and 375 px, light and dark",
    timeout: 150000,
    async run(t) {
      const page = await t.open();
      const card = () => t.tid("vlab-card");
      const rated = (p = page) => p.waitForFunction(() => {
        const r = document.querySelector('[data-testid="vlab-card"] [data-testid="rating"]');
        return r && !["pending"].includes(r.dataset.rating);
      }, null, { timeout: 30000 });
      const steps = (p = page) => p.locator('[data-testid="vlab-card"] [data-testid="step-item"]');
      // X: rated after the import, in the worker.
      await t.click("variant-x");
      await importPuzzle(t, X_PUZZLE);
      await page.waitForFunction((want) => document.querySelector('[data-testid="vlab-card"] [data-testid="rating"]')?.dataset.for === want, X_PUZZLE, { timeout: 30000 });
      await rated();
      const rating = card().getByTestId("rating");
      const grade = await rating.getAttribute("data-rating");
      assert.ok(["easy", "medium", "hard", "expert"].includes(grade), `graded: ${grade}`);
      assert.match(await rating.getAttribute("data-score"), /^\d+\.\d$/);
      assert.match(await rating.innerText(), /logical steps, hardest: /);
      await t.click("vsolve-logically");
      await card().getByTestId("step-list").waitFor();
      assert.equal(await card().getByTestId("verdict").getAttribute("data-outcome"), "solved");
      const n = Number(await card().getByTestId("verdict").getAttribute("data-steps"));
      assert.equal(await steps().count(), n);
      const texts = await steps().allInnerTexts();
      const diagonal = texts.filter((x) => /diagonal [↘↗]/.test(x));
      assert.ok(diagonal.length > 0, `a step names a diagonal: ${texts.slice(0, 5).join(" | ")}`);
      t.note(`X: ${grade} ${await rating.getAttribute("data-score")}, ${n} steps, ${diagonal.length} on a diagonal, e.g. ${diagonal[0]}`);
      await t.shot("variant-x-steps-desktop-light");
      // An edit re-rates: a clash on the anti-diagonal is named.
      await page.locator("#vcell-72").click();
      await page.keyboard.press("6");
      await card().getByTestId("steps-error").waitFor({ timeout: 30000 });
      assert.match(await card().getByTestId("steps-error").innerText(), /6/);
      assert.equal(await rating.getAttribute("data-rating"), "none");
      await page.keyboard.press("Backspace");
      await card().getByTestId("step-list").waitFor({ timeout: 30000 });
      // Jigsaw: the steps read its regions.
      await t.click("variant-jigsaw");
      await t.tid("vseed").fill("3");
      await t.tid("vseed").dispatchEvent("change");
      await t.click("vgenerate");
      await page.waitForFunction(() => /Generated/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""), null, { timeout: 30000 });
      await page.waitForFunction(() => {
        const r = document.querySelector('[data-testid="vlab-card"] [data-testid="rating"]');
        return r && ["easy", "medium", "hard", "expert"].includes(r.dataset.rating);
      }, null, { timeout: 30000 });
      await t.click("vsolve-logically");
      await card().getByTestId("step-list").waitFor();
      assert.equal(await card().getByTestId("verdict").getAttribute("data-outcome"), "solved");
      const jtexts = await steps().allInnerTexts();
      assert.ok(jtexts.length > 0);
      assert.ok(jtexts.some((x) => /region \d/.test(x)), `a step names a region: ${jtexts.slice(0, 5).join(" | ")}`);
      assert.ok(!jtexts.some((x) => /box \d/.test(x)), "no box in a jigsaw's steps");
      t.note(`jigsaw: ${await card().getByTestId("rating").getAttribute("data-score")}, ${jtexts.length} steps`);
      await t.shot("variant-jigsaw-steps-desktop-light");
      // Samurai: a clear message, no list.
      await t.click("variant-samurai");
      await card().getByTestId("steps-error").waitFor({ timeout: 30000 });
      assert.match(await card().getByTestId("steps-error").innerText(), /Samurai is five overlapping/);
      t.assertNoConsoleErrors();
      // Screenshots: the X step list at 1280 and 375 px, light and dark.
      for (const scheme of ["light", "dark"]) {
        for (const [w, h, tag] of [[1280, 800, "desktop"], [375, 812, "mobile"]]) {
          const p = await t.newPage({ width: w, height: h, colorScheme: scheme, isMobile: w < 500 });
          await t.open("#sudoku", { page: p });
          await t.click("variant-x", p);
          await t.tid("vimport-text", p).fill(X_PUZZLE);
          await t.click("vimport", p);
          await rated(p);
          await t.click("vsolve-logically", p);
          await p.locator('[data-testid="vlab-card"] [data-testid="step-list"]').waitFor();
          await p.locator('[data-testid="vlab-card"]').scrollIntoViewIfNeeded();
          await t.shot(`variant-x-steps-${tag}-${scheme}`, p);
          const width = await p.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= w + 2, `no horizontal scroll at ${w} px (${width})`);
          await p.close();
        }
      }
    },
  },
];
