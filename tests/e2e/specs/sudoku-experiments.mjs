// The Sudoku workbench's Experiments tab: the phase-transition plot fills
// in from the worker (one point per k, seed and sample size on the plot,
// CSV), the graph-colouring view (20 neighbours, 81 vertices, 810 edges,
// the Shidoku graph's 56 edges), DSatur and the exact colouring (chi = 9,
// the colouring is the solution), the minimal-puzzle histogram, and the
// counts against published values.

import { assert } from "../lib/harness.mjs";
import { readFile } from "node:fs/promises";

async function openExperiments(t, options, path = "#sudoku") {
  const page = await t.newPage(options);
  await t.open(path, { page });
  await t.click("sudoku-tab-experiments");
  await page.waitForSelector('[data-testid="experiments"]:not([hidden])');
  assert.equal(await page.locator('[data-testid="sudoku-bench"]').isVisible(), false, "the grid editor is hidden");
  return page;
}

/** Set a number field the way a user does: type, then leave the field. */
async function setField(t, id, value) {
  await t.tid(id).fill(String(value));
  await t.tid(id).press("Tab");
}

async function runPhase(t, { samples, seed, min, max, model }) {
  if (model) await t.tid("phase-model").selectOption(model);
  await setField(t, "phase-samples", samples);
  await setField(t, "phase-seed", seed);
  await setField(t, "phase-min", min);
  await setField(t, "phase-max", max);
  await t.click("phase-run");
  await t.until(() => /Done/.test(document.querySelector('[data-testid="phase-message"]')?.innerText ?? ""), null, { timeout: 60000 });
}

/** Neighbours of cell i in the 9×9 Sudoku graph, computed here. */
function neighbours(i) {
  const r = Math.floor(i / 9), c = i % 9;
  const out = [];
  for (let j = 0; j < 81; j++) {
    if (j === i) continue;
    const rj = Math.floor(j / 9), cj = j % 9;
    const sameBox = Math.floor(r / 3) === Math.floor(rj / 3) && Math.floor(c / 3) === Math.floor(cj / 3);
    if (rj === r || cj === c || sameBox) out.push(j);
  }
  return out;
}

export const tests = [
  {
    name: "experiments: the phase plot has one point per k, shows seed and sample size, and exports CSV",
    async run(t) {
      const page = await openExperiments(t);
      await runPhase(t, { samples: 6, seed: 7, min: 20, max: 32 });
      const points = page.locator('[data-testid="phase-point"]');
      assert.equal(await points.count(), 13, "one point per k = 20..32");
      const ks = await points.evaluateAll((els) => els.map((e) => Number(e.dataset.clues)));
      assert.deepEqual(ks, [...Array(13)].map((_, i) => 20 + i));
      for (const [u, s] of await points.evaluateAll((els) => els.map((e) => [Number(e.dataset.unique), Number(e.dataset.samples)]))) {
        assert.equal(s, 6, "every point has all its samples");
        assert.ok(u >= 0 && u <= s);
      }
      const caption = await t.tid("plot-caption").textContent();
      assert.match(caption, /n = 6 per k/, caption);
      assert.match(caption, /seed 7/, caption);
      assert.equal(await t.attr("phase-plot", "data-seed"), "7");
      // Grid subsets are always solvable: no "solvable" curve is drawn.
      assert.equal(await page.locator('[data-testid="phase-solvable"]').count(), 0);

      const [download] = await Promise.all([page.waitForEvent("download"), t.click("phase-csv")]);
      const csv = (await readFile(await download.path(), "utf8")).trim().split("\n");
      assert.match(csv[0], /^clues,samples,unique,multiple,none,fraction_unique,fraction_solvable/);
      assert.equal(csv.length, 14, "header + 13 rows");
      const rows = csv.slice(1).map((l) => l.split(",").map(Number));
      const shown = await points.evaluateAll((els) => els.map((e) => Number(e.dataset.unique)));
      assert.deepEqual(rows.map((r) => r[2]), shown, "the CSV holds the plotted counts");
      for (const r of rows) assert.equal(r[2] + r[3] + r[4], r[1], "unique + multiple + none = samples");
      await t.tid("phase-plot").scrollIntoViewIfNeeded();
      await t.shot("experiments-phase-desktop");

      // The same seed again gives the same points (reproducible).
      await t.click("phase-run");
      await t.until(() => /Done/.test(document.querySelector('[data-testid="phase-message"]')?.innerText ?? ""), null, { timeout: 60000 });
      assert.deepEqual(await points.evaluateAll((els) => els.map((e) => Number(e.dataset.unique))), shown);

      // Random givens: a second curve, the share with any solution.
      await runPhase(t, { samples: 4, seed: 3, min: 18, max: 30, model: "givens" });
      assert.equal(await page.locator('[data-testid="phase-solvable"]').count(), 13);
      assert.equal(await page.locator('[data-testid="phase-point"]').count(), 13);
      await t.tid("phase-plot").scrollIntoViewIfNeeded();
      await t.shot("experiments-phase-givens-desktop");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: Cancel stops a long phase run and keeps what was drawn",
    async run(t) {
      const page = await openExperiments(t);
      await setField(t, "phase-samples", 5000);
      await t.click("phase-run");
      await page.waitForSelector('[data-testid="phase-point"]', { timeout: 30000 });
      await t.click("phase-cancel");
      await t.until(() => /Cancelled/.test(document.querySelector('[data-testid="phase-message"]')?.innerText ?? ""));
      assert.equal(await page.locator('[data-testid="phase-point"]').count(), 24, "17..40: one point per k");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: clicking a cell highlights exactly its 20 neighbours; 81 vertices, 810 edges; Shidoku graph",
    async run(t) {
      const page = await openExperiments(t);
      for (const cell of [0, 40, 80, 13]) {
        await page.locator(`[data-testid="colour-cell"][data-cell="${cell}"]`).click();
        const lit = await page
          .locator('[data-testid="colour-cell"][data-neighbour="true"]')
          .evaluateAll((els) => els.map((e) => Number(e.dataset.cell)).sort((a, b) => a - b));
        assert.deepEqual(lit, neighbours(cell), `neighbours of cell ${cell}`);
        assert.equal(lit.length, 20);
        assert.match(await t.tid("neighbour-count").innerText(), /^20 neighbours$/);
      }
      assert.match(await t.tid("colouring-graph").innerText(), /81 vertices and 810 edges/);
      // Sage's first example: its givens never share a colour with a neighbour.
      assert.match(await t.tid("colouring-status").innerText(), /^Proper so far/);
      assert.equal(await page.locator('[data-testid="colour-cell"][data-clash="true"]').count(), 0);

      assert.equal(await page.locator('[data-testid="shidoku-graph"] line').count(), 56, "56 edges");
      await page.locator('[data-testid="shidoku-vertex"][data-cell="5"] circle').click();
      assert.equal(await page.locator('[data-testid="shidoku-graph"] line.on').count(), 7, "degree 7");
      await page.locator('[data-testid="colouring-card"]').scrollIntoViewIfNeeded();
      await t.shot("experiments-colouring-desktop");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: counts in the worker equal the published values (288, 28,200,960, 9×9, bands)",
    timeout: 400000,
    async run(t) {
      const page = await openExperiments(t);
      await t.click("count-run-shidoku");
      await page.waitForSelector('[data-testid="count-result-shidoku"]', { timeout: 30000 });
      assert.equal((await t.tid("count-result-shidoku").innerText()).trim(), "288");
      await t.click("count-run-six");
      await page.waitForSelector('[data-testid="count-result-six"]', { timeout: 120000 });
      assert.equal((await t.tid("count-result-six").innerText()).trim(), "28,200,960");
      await t.click("count-run-bands");
      await page.waitForSelector('[data-testid="count-result-bands"]', { timeout: 60000 });
      assert.match(await t.tid("count-result-bands").innerText(), /12,096 right, 12,096 below, 146,313,216 pairs/);
      // The 9×9 total by band signatures, in the browser: progress, then the number.
      await t.click("count-run-nine");
      await page.waitForSelector('[data-testid="count-result-nine"]', { timeout: 300000 });
      assert.equal((await t.tid("count-result-nine").innerText()).trim(), "6,670,903,752,021,072,936,960");
      await page.locator('[data-testid="counting-card"]').scrollIntoViewIfNeeded();
      await t.shot("experiments-counting-desktop");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: on a 390 px phone everything fits without horizontal scrolling",
    async run(t) {
      const page = await openExperiments(t, { width: 390, height: 844, isMobile: true });
      await runPhase(t, { samples: 3, seed: 1, min: 17, max: 40 });
      assert.equal(await page.locator('[data-testid="phase-point"]').count(), 24);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `no horizontal scroll (${width})`);
      await t.shot("experiments-phone", page, { fullPage: true });
      await t.tid("phase-plot").scrollIntoViewIfNeeded();
      await t.shot("experiments-phone-plot");
      await t.tid("colouring-grid").scrollIntoViewIfNeeded();
      await t.shot("experiments-phone-colouring");
      await t.click("sudoku-tab-grid");
      assert.equal(await t.tid("sudoku-bench").isVisible(), true, "back to the grid");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: the J notes' Method 1 lists their run 5 grids and the estimate table matches their numbers",
    timeout: 300000,
    async run(t) {
      const page = await openExperiments(t);
      await t.watchLongTasks();
      // One pass of the loop: row 1 popped, its candidates for row 2 pushed.
      await t.click("jnotes-step");
      assert.match(await t.tid("jnotes-line").innerText(), /Rows 1–1 popped: [\d,]+ candidates for row 2 pushed/);
      for (let k = 0; k < 5; k++) await t.click("jnotes-next");
      const found = await page.locator('[data-testid="jnotes-found"] li').allInnerTexts();
      // The notes' `run 5`: rows 7-9 of each grid (rows 1-6 are shared).
      const ends = ["531642978642978531978531642", "531642978648971532972538641", "531642978672938541948571632",
        "531642978678931542942578631", "531642978942578631678931542"];
      const head = "123456789456789123789123456214365897365897214897214365";
      assert.deepEqual(found.map((g) => g.trim()), ends.map((e) => head + e));
      const digits = await page.locator('[data-testid="jnotes-top"] td').allInnerTexts();
      assert.equal(digits.join(""), head + ends[4], "the last grid found is drawn");
      await t.click("jnotes-estimate");
      await page.waitForSelector('[data-testid="jnotes-table"]', { timeout: 240000 });
      const table = await t.tid("jnotes-table").innerText();
      for (const n of ["12,096", "146,313,216", "392", "1,536 × 1,728", "337,536", "7,168,473,431,594,237,952,000",
        "6,670,903,752,021,072,936,960", "0.930589"]) {
        assert.ok(table.includes(n), `the table shows ${n}`);
      }
      await page.locator('[data-testid="jnotes-card"]').scrollIntoViewIfNeeded();
      await t.shot("experiments-jnotes-desktop");
      t.assertNoTaskOver(await t.longTasks(), 200, "the main thread");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: the walkthrough's sweeps replay its games (test3a in 3 iterations; test5a splits on (1,1))",
    async run(t) {
      const page = await openExperiments(t);
      await t.click("sweep-test3a");
      const outcome = async () => page.locator('[data-testid="sweep-outcome"]').allInnerTexts();
      assert.deepEqual(await outcome(), ["Finished"]);
      // Three sweeps finish the grid; a fourth confirms nothing changes.
      const heads = await page.locator('[data-testid="sweep-iteration"] .sweep-head').allInnerTexts();
      assert.equal(heads.length, 4, heads.join(" | "));
      assert.match(heads[3], /0 cells narrowed, 0 set/);
      await t.click("sweep-test5a");
      assert.deepEqual(await outcome(), [
        "Stuck: splits on (1,1) into 1 and 8",
        "Invalid: sweeping meets a contradiction",
        "Finished",
      ]);
      assert.match(await t.tid("sweep-error").innerText(), /Not all values 1-9 possible in/);
      const sets = await page.locator('[data-testid="sweep-node"]').nth(1).locator(".sweep-sets li").allInnerTexts();
      assert.equal(sets[0], "Set (1,3) to 9", "the seed's first tracked line");
      await page.locator('[data-testid="sweep-card"]').scrollIntoViewIfNeeded();
      await t.shot("experiments-sweeps-desktop");
      // A grid that is not 9x9 is refused with a message, not a panic.
      await t.click("sudoku-tab-grid");
      await t.click("example-four");
      await t.click("sudoku-tab-experiments");
      await t.click("sweep-bench");
      assert.match(await t.tid("sweep-message").innerText(), /9×9 grids only/);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: essentially different grids, Shidoku and 6x6, beside the published values; Cancel stops a 9x9 count",
    timeout: 180000,
    async run(t) {
      const page = await openExperiments(t);
      await t.watchLongTasks();
      // Shidoku: 2 (the 9x9 takes over 16 min natively, so the browser test stays with the small grids).
      await t.click("essential-count");
      await page.waitForSelector('[data-testid="essential-total"]', { timeout: 60000 });
      assert.equal((await t.tid("essential-total").innerText()).trim(), "2");
      assert.match(await t.tid("essential-published").innerText(), /Published: 2 .*\(agrees\)/);
      await page.selectOption('[data-testid="essential-shape"]', "2x3");
      await t.click("essential-count");
      await page.waitForFunction(() => document.querySelector('[data-testid="essential-total"]')?.innerText.trim() === "49",
        null, { timeout: 60000 });
      assert.match(await t.tid("essential-published").innerText(), /Pettersen.*\(agrees\)/);
      assert.ok((await page.locator('[data-testid="essential-table"] tbody tr').count()) > 1, "classes listed");
      await page.locator('[data-testid="essential-card"]').scrollIntoViewIfNeeded();
      await t.shot("experiments-essential-desktop");
      // 9x9 (about 40 s natively, too long for every run here): it starts,
      // its progress moves (the identity's band orbits count as nodes),
      // and Cancel stops it with a sentence saying how far it got.
      await page.selectOption('[data-testid="essential-shape"]', "3x3");
      await t.click("essential-count");
      await page.waitForSelector('[data-testid="essential-progress"]', { timeout: 30000 });
      await t.until(() => /[1-9][\d,]* nodes?/.test(document.querySelector('[data-testid="essential-progress"]')?.innerText ?? ""),
        null, { timeout: 90000 });
      await t.click("essential-cancel");
      await page.waitForFunction(() => !document.querySelector('[data-testid="essential-count"]').disabled, null,
        { timeout: 30000 });
      assert.match(await t.tid("essential-message").innerText(), /^Cancelled after [\d.]+% of the conjugacy classes \([\d,]+ nodes\)\.$/);
      assert.equal(await page.locator('[data-testid="essential-total"]').count(), 0, "no total after a Cancel");
      t.assertNoTaskOver(await t.longTasks(), 200, "the main thread");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: DSatur and the exact colouring of the Sudoku graph; chi = 9 and the colouring is the solution",
    timeout: 120000,
    async run(t) {
      const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
      // top95 #1's solution (Norvig's set; the CLI's `sudoku solve` prints it too).
      const solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
      const page = await openExperiments(t, undefined, "#sudoku/" + puzzle);
      await t.watchLongTasks();
      await t.click("colour-run");
      await page.waitForSelector('[data-testid="colour-result"]', { timeout: 60000 });
      assert.equal((await t.tid("colour-chromatic").innerText()).trim(), "9");
      assert.equal(await t.attr("colour-verdict", "data-against"), "IsTheSolution");
      const cells = async (id) => (await t.tid(id).locator("td").allInnerTexts()).map((x) => Number(x.trim()));
      const exact = await cells("colour-exact-grid");
      assert.equal(exact.join(""), solution, "the exact colouring is the solution");
      // DSatur's colouring, checked here: a proper colouring that keeps the givens.
      const greedy = await cells("colour-greedy-grid");
      assert.equal(greedy.length, 81);
      for (let i = 0; i < 81; i++) {
        assert.ok(greedy[i] >= 1, `cell ${i} coloured`);
        if (puzzle[i] !== ".") assert.equal(greedy[i], Number(puzzle[i]), `given ${i} kept`);
        for (const j of neighbours(i)) assert.notEqual(greedy[i], greedy[j], `edge ${i}-${j}`);
      }
      const used = new Set(greedy).size;
      assert.equal(Number(await t.tid("colour-greedy-used").innerText()), used);
      assert.ok(used >= 9, "greedy needs at least chi colours");
      await t.tid("colour-result").scrollIntoViewIfNeeded();
      await t.shot("experiments-colour-algorithms-desktop");
      t.assertNoTaskOver(await t.longTasks(), 200, "the main thread");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: minimal puzzles' clue counts as a histogram with intervals, published figures beside, CSV, Cancel",
    timeout: 180000,
    async run(t) {
      const page = await openExperiments(t);
      await t.watchLongTasks();
      await setField(t, "minimal-samples", 40);
      await setField(t, "minimal-seed", 3);
      await t.click("minimal-run");
      await t.until(() => /Done/.test(document.querySelector('[data-testid="minimal-message"]')?.innerText ?? ""), null, { timeout: 120000 });
      const bars = page.locator('[data-testid="minimal-bar"]');
      const counts = await bars.evaluateAll((els) => els.map((e) => [Number(e.dataset.clues), Number(e.dataset.count)]));
      assert.equal(counts.reduce((a, [, c]) => a + c, 0), 40, "40 puzzles in the bars");
      for (const [k] of counts) assert.ok(k >= 17 && k <= 40, `a 9x9 minimal puzzle has ${k} clues`);
      const mean = counts.reduce((a, [k, c]) => a + k * c, 0) / 40;
      assert.equal(Number(await t.tid("minimal-mean").innerText()), Number(mean.toFixed(2)));
      assert.match(await t.tid("minimal-published").innerText(), /24\.38[\s\S]*Berthier/);
      const [download] = await Promise.all([page.waitForEvent("download"), t.click("minimal-csv")]);
      const csv = (await readFile(await download.path(), "utf8")).trim().split("\n");
      assert.equal(csv[0], "clues,count,share,low95,high95");
      const rows = csv.filter((l) => /^\d/.test(l)).map((l) => l.split(",").map(Number));
      assert.deepEqual(rows.map((r) => [r[0], r[1]]), counts, "the CSV holds the drawn counts");
      for (const r of rows) assert.ok(r[3] <= r[2] && r[2] <= r[4], "share inside its interval");
      await t.tid("minimal-plot").scrollIntoViewIfNeeded();
      await t.shot("experiments-minimal-desktop");
      // A long run cancels and keeps what was drawn.
      await setField(t, "minimal-samples", 5000);
      await t.click("minimal-run");
      await page.waitForSelector('[data-testid="minimal-bar"]', { timeout: 30000 });
      await t.click("minimal-cancel");
      await t.until(() => /Cancelled after \d+ puzzles/.test(document.querySelector('[data-testid="minimal-message"]')?.innerText ?? ""));
      t.assertNoTaskOver(await t.longTasks(), 200, "the main thread");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: the colouring and minimal-puzzle cards fit a 375 px phone, light and dark",
    timeout: 180000,
    async run(t) {
      for (const colorScheme of ["light", "dark"]) {
        const page = await openExperiments(t, { width: 375, height: 812, isMobile: true, colorScheme },
          "#sudoku/4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        await t.click("colour-run");
        await page.waitForSelector('[data-testid="colour-result"]', { timeout: 60000 });
        await setField(t, "minimal-samples", 20);
        await t.click("minimal-run");
        await t.until(() => /Done/.test(document.querySelector('[data-testid="minimal-message"]')?.innerText ?? ""), null, { timeout: 120000 });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        const wide = await page.evaluate(() => [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > 375.5)
          .slice(0, 8).map((e) => `${e.tagName.toLowerCase()}.${e.className?.baseVal ?? e.className}[${e.dataset.testid ?? ""}]`));
        assert.ok(width <= 375, `no horizontal scroll (${width}, ${colorScheme}): ${wide.join(", ")}`);
        await t.tid("colour-result").scrollIntoViewIfNeeded();
        await t.shot(`experiments-phone-colour-algorithms-${colorScheme}`);
        await t.tid("minimal-plot").scrollIntoViewIfNeeded();
        await t.shot(`experiments-phone-minimal-${colorScheme}`);
        t.assertNoConsoleErrors();
      }
    },
  },
  {
    name: "experiments: SAT encodings compared on top95 #1-#10; three rows, sizes by the formulas, the same solutions; Cancel",
    timeout: 120000,
    async run(t) {
      const page = await openExperiments(t);
      await t.watchLongTasks();
      await t.click("encodings-run");
      await t.until(() => /Done/.test(document.querySelector('[data-testid="encodings-message"]')?.innerText ?? ""), null, { timeout: 90000 });
      const rows = t.tid("encodings-row");
      assert.equal(await rows.count(), 3);
      const names = [], sols = [];
      for (let i = 0; i < 3; i++) {
        names.push(await rows.nth(i).getAttribute("data-encoding"));
        sols.push(await rows.nth(i).getAttribute("data-solutions"));
      }
      assert.deepEqual(names, ["minimal", "efficient", "extended"]);
      assert.equal(sols[0].length, 810, "ten 81-cell solutions");
      assert.equal(sols[1], sols[0]);
      assert.equal(sols[2], sols[0]);
      // top95 #1's solution comes first (the colouring test above has it too).
      assert.equal(sols[0].slice(0, 81), "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
      // Clauses per puzzle: the formulas (n = 9, C(9,2) = 36) plus the average number of givens.
      const vars = (await t.tid("encodings-variables").allInnerTexts()).map((x) => x.trim());
      assert.deepEqual(vars, ["729", "729", "729"]);
      const clauses = (await t.tid("encodings-clauses").allInnerTexts()).map((x) => Number(x.replace(/[^\d]/g, "")));
      assert.equal(clauses[1] - clauses[0], 81 * 36, "efficient adds cell uniqueness");
      assert.equal(clauses[2] - clauses[1], 3 * 81, "extended adds unit definedness");
      assert.ok(clauses[0] >= 8829 + 17 && clauses[0] <= 8829 + 30, `minimal: 8,829 + the givens (${clauses[0]})`);
      assert.match(await page.locator('[data-testid="encodings-card"]').innerText(), /tessera experiment encodings/);
      await t.tid("encodings-table").scrollIntoViewIfNeeded();
      await t.shot("experiments-encodings-desktop");
      t.assertNoTaskOver(await t.longTasks(), 200, "the main thread");
      // Cancel: started and cancelled at once, it stops before the third row.
      await page.evaluate(() => new Promise((resolve) => {
        document.querySelector('[data-testid="encodings-run"]').click();
        setTimeout(() => { document.querySelector('[data-testid="encodings-cancel"]').click(); resolve(); }, 0);
      }));
      await t.until(() => /Cancelled after \d of 3/.test(document.querySelector('[data-testid="encodings-message"]')?.innerText ?? ""), null, { timeout: 30000 });
      const said = Number((await t.tid("encodings-message").innerText()).match(/after (\d) of/)[1]);
      assert.ok(said < 3, "stopped before the end");
      assert.equal(await t.tid("encodings-row").count(), said);
      assert.equal(await t.tid("encodings-run").isEnabled(), true);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "experiments: the SAT encodings card on a 375 px phone, light and dark, the Grid tab's puzzle",
    timeout: 120000,
    async run(t) {
      for (const colorScheme of ["light", "dark"]) {
        const page = await openExperiments(t, { width: 375, height: 812, isMobile: true, colorScheme },
          "#sudoku/4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
        await t.tid("encodings-source").selectOption("0");
        await t.click("encodings-run");
        await t.until(() => /Done/.test(document.querySelector('[data-testid="encodings-message"]')?.innerText ?? ""), null, { timeout: 60000 });
        assert.equal(await t.tid("encodings-row").count(), 3);
        const sol = await t.tid("encodings-row").first().getAttribute("data-solutions");
        assert.equal(sol, "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
        const clauses = (await t.tid("encodings-clauses").allInnerTexts()).map((x) => Number(x.replace(/[^\d]/g, "")));
        assert.deepEqual(clauses, [8829 + 17, 11745 + 17, 11988 + 17], "the formulas plus top95 #1's 17 givens");
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 375, `no page-wide horizontal scroll (${width}, ${colorScheme})`);
        await t.tid("encodings-table").scrollIntoViewIfNeeded();
        await t.shot(`experiments-phone-encodings-${colorScheme}`);
        t.assertNoConsoleErrors();
      }
    },
  },
];
