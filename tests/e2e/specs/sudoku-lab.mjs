// The Sudoku lab: Hint / Step / Solve logically with explanations drawn on
// the grid, the difficulty rating, the seeded generator (reproducible,
// unique, cancellable, clear errors) and the model exports.

import { assert } from "../lib/harness.mjs";

// The first puzzle of tests/data/sets/easy50.txt: singles are enough.
const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/** Import a puzzle through the Import card. */
async function load(t, text) {
  await t.tid("import-text").fill(text);
  await t.click("import-button");
  await t.until((p) => document.querySelector('[data-testid="grid"]').dataset.puzzle === p, text);
}

/** Wait until the rating of the current puzzle is computed. */
async function rating(t) {
  await t.until(() => {
    const r = document.querySelector('[data-testid="rating"]');
    const g = document.querySelector('[data-testid="grid"]');
    return r && r.dataset.rating !== "pending" && r.dataset.for === g.dataset.puzzle;
  });
  return t.attr("rating", "data-rating");
}

/** Independent checker: a complete n×n grid (n = 9 here) whose rows,
 * columns and 3×3 boxes are permutations, keeping the givens. */
function checkSolution(grid, puzzle) {
  assert.equal(grid.length, 81, "81 cells");
  assert.ok(!grid.includes("."), `complete: ${grid}`);
  const at = (r, c) => grid[r * 9 + c];
  const perm = (cells, what) =>
    assert.equal([...cells].sort().join(""), "123456789", `${what} is a permutation`);
  for (let i = 0; i < 9; i++) {
    perm([...Array(9)].map((_, j) => at(i, j)), `row ${i + 1}`);
    perm([...Array(9)].map((_, j) => at(j, i)), `column ${i + 1}`);
    const br = Math.floor(i / 3) * 3, bc = (i % 3) * 3;
    perm([...Array(9)].map((_, j) => at(br + Math.floor(j / 3), bc + (j % 3))), `box ${i + 1}`);
  }
  for (let k = 0; k < 81; k++) {
    if (puzzle[k] !== ".") assert.equal(grid[k], puzzle[k], `given ${k} kept`);
  }
}

const count = (page, sel) => page.locator(sel).count();

/** Press a worker-backed button (Hint or Step) and wait for the worker's
 * answer to that press (the button counts its answers in data-answers). */
async function pressAnswered(t, id, page = t.page) {
  const button = t.tid(id, page);
  const before = Number(await button.getAttribute("data-answers"));
  await button.click();
  await t.until(
    ([id, n]) => Number(document.querySelector(`[data-testid="${id}"]`).dataset.answers) > n,
    [id, before],
    { page },
  );
}
const pressHint = (t, page = t.page) => pressAnswered(t, "hint", page);
const pressStep = (t, page = t.page) => pressAnswered(t, "step", page);

// tdoku's forum_hardest_1106, line 1: the logical rules need a guess.
const FORUM = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

export const tests = [
  {
    name: "lab: Hint in four presses (area, cells, step, applied); Step applies it and Undo restores",
    async run(t) {
      const page = await t.open();
      await load(t, EASY);
      assert.equal(await rating(t), "easy", "an easy50 puzzle rates easy");
      assert.match(await t.tid("rating").innerText(), /logical steps, hardest: (Hidden|Naked) single/);
      assert.match(await t.attr("rating", "data-score"), /^\d+\.\d$/, "a numeric rating beside the grade");
      const said = t.tid("hint-text");
      const hl = (kind) => count(page, `[role="gridcell"][data-hl~="${kind}"]`);

      // 1st press: the technique and the area, nothing more.
      await pressHint(t);
      assert.equal(await said.getAttribute("data-stage"), "1");
      const one = (await said.innerText()).trim();
      assert.match(one, /Look at (box|row|column) \d for a (hidden|naked) single/i, one);
      assert.doesNotMatch(one, /r\dc\d/, "stage 1 names no cell");
      assert.ok((await hl("unit")) >= 4, "the area is outlined");
      assert.equal(await hl("cell"), 0, "no cell yet");
      assert.equal(await hl("place"), 0, "no placement yet");
      await t.shot("lab-hint-1-desktop");

      // 2nd press: the cells.
      await pressHint(t);
      assert.equal(await said.getAttribute("data-stage"), "2");
      assert.match(await said.innerText(), /look at r\dc\d/);
      assert.ok((await hl("cell")) >= 1, "pattern cell");
      assert.equal(await hl("place"), 0, "still no placement");

      // 3rd press: the step itself.
      await pressHint(t);
      assert.equal(await said.getAttribute("data-stage"), "3");
      const technique = await said.getAttribute("data-technique");
      assert.ok(technique, "technique named");
      assert.equal(await t.attr("grid", "data-lab"), technique);
      assert.equal(await hl("place"), 1, "one placement");
      assert.equal(await t.puzzle(), EASY, "three hints change nothing");
      await t.shot("lab-hint-desktop");
      const placeCell = Number(await page.locator('[data-hl~="place"]').getAttribute("data-cell"));

      // 4th press: applied, one undoable edit.
      await pressHint(t);
      assert.match(await said.innerText(), /Applied \(hint 4 of 4\)/);
      const after = await t.puzzle();
      const changed = [...after].map((c, i) => (c !== EASY[i] ? i : -1)).filter((i) => i >= 0);
      assert.deepEqual(changed, [placeCell], "the fourth press fills exactly the hinted cell");
      await t.click("undo");
      assert.equal(await t.puzzle(), EASY, "undo restores");
      // A new position starts again at stage 1.
      await pressHint(t);
      assert.equal(await said.getAttribute("data-stage"), "1");

      // Step: the whole step at once, as before.
      await pressStep(t);
      assert.match(await said.innerText(), /Applied/);
      const stepped = await t.puzzle();
      assert.deepEqual([...stepped].map((c, i) => (c !== EASY[i] ? i : -1)).filter((i) => i >= 0), [placeCell]);
      await t.click("undo");
      assert.equal(await t.puzzle(), EASY, "undo restores");
      assert.equal(await t.attr("grid", "data-lab"), null, "highlights go with the edit");
      await t.click("redo");
      assert.equal(await t.puzzle(), stepped, "redo re-applies");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "lab: a wrong digit is named by the hint instead of a step built on it",
    async run(t) {
      const page = await t.open();
      await load(t, EASY);
      await rating(t);
      // r1c1 may hold 4 or 5 by the rules; the solution has 4.
      await page.locator('[role="gridcell"][data-cell="0"]').click();
      await page.keyboard.press("5");
      await t.until(() => document.querySelector('[data-testid="grid"]').dataset.puzzle[0] === "5");
      await pressHint(t);
      const text = (await t.tid("hint-text").innerText()).trim();
      assert.equal(text, "r1c1 is not 5: the puzzle has no solution from here. Remove it before going on.");
      assert.equal(await count(page, '[role="gridcell"][data-cell="0"][data-hl~="cell"]'), 1, "the wrong cell is marked");
      await t.shot("lab-hint-wrong-digit-desktop");
      // Pressing again does not move on to a step.
      await pressHint(t);
      assert.match(await t.tid("hint-text").innerText(), /r1c1 is not 5/);
      for (const [name, opts] of [
        ["lab-hint-wrong-digit-desktop-dark", { colorScheme: "dark" }],
        ["lab-hint-wrong-digit-375-light", { width: 375, height: 812, isMobile: true }],
      ]) {
        await t.newPage(opts);
        await t.open();
        await load(t, EASY);
        await rating(t);
        await t.page.locator('[role="gridcell"][data-cell="0"]').click();
        await t.page.keyboard.press("5");
        await pressHint(t);
        assert.match(await t.tid("hint-text").innerText(), /r1c1 is not 5/);
        await t.tid("hint-text").scrollIntoViewIfNeeded();
        await t.shot(name);
      }
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "lab: new techniques in the step list; a graduated hint at 375 px, light and dark",
    timeout: 90000,
    async run(t) {
      // Sudoku Exchange's bank, rated 7.2 by Sukaku Explainer: it needs
      // chains (tests/data/rated).
      const RATED = "083020090000800100029300008000098700070000060006740000300006980002005000010030540".replace(/0/g, ".");
      for (const [name, opts] of [
        ["lab-hint-stage2-desktop-dark", { colorScheme: "dark" }],
        ["lab-hint-stage2-375-light", { width: 375, height: 812, isMobile: true }],
        ["lab-hint-stage2-375-dark", { width: 375, height: 812, isMobile: true, colorScheme: "dark" }],
      ]) {
        await t.newPage(opts);
        await t.open();
        await load(t, RATED);
        await rating(t);
        await pressHint(t);
        await pressHint(t);
        assert.equal(await t.tid("hint-text").getAttribute("data-stage"), "2");
        await t.tid("grid").scrollIntoViewIfNeeded();
        await t.shot(name);
      }
      const page = t.page;
      await t.click("solve-logically");
      await t.until(() => document.querySelector('[data-testid="verdict"]'));
      const names = await page.locator('[data-testid="step-item"] .tech').allInnerTexts();
      const fresh = ["Finned X-wing", "XYZ-wing", "W-wing", "Unique rectangle type 1", "Unique rectangle type 2",
        "Jellyfish", "BUG+1", "Remote pair", "Simple colouring", "X-chain", "Alternating inference chain", "Forcing chain"];
      const seen = names.filter((n) => fresh.includes(n));
      assert.ok(seen.length >= 1, `a new technique in the step list: ${[...new Set(names)].join(", ")}`);
      t.note(`new techniques used: ${[...new Set(seen)].join(", ")}`);
      const k = names.findIndex((n) => fresh.includes(n));
      await page.locator(`[data-testid="step-item"][data-index="${k}"]`).click();
      assert.ok((await count(page, '[role="gridcell"][data-hl~="cell"]')) >= 1, "its cells are highlighted");
      await t.shot("lab-new-technique-375-dark");
      assert.match(await t.tid("rating").innerText(), /\d\.\d/);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "lab: Step through eliminations: struck candidates in the grid, pencil marks updated, Undo restores",
    timeout: 90000,
    async run(t) {
      const page = await t.open();
      // Find a top95 example whose logical line has a step beyond singles.
      let k = -1;
      for (let i = 1; i <= 10 && k < 0; i++) {
        await t.click(`example-top95-${i}`);
        await rating(t);
        await t.click("solve-logically");
        await t.until(() => document.querySelector('[data-testid="verdict"]'));
        const names = await page.locator('[data-testid="step-item"] .tech').allInnerTexts();
        k = names.findIndex((n) => !/single/i.test(n));
        await t.click("steps-close");
      }
      assert.ok(k >= 0, "some top95 puzzle needs more than singles");
      for (let s = 0; s <= k; s++) await pressStep(t);
      const technique = await t.tid("hint-text").getAttribute("data-technique");
      assert.ok(technique && !/single/i.test(technique), `reached a non-single step: ${technique}`);
      const text = await t.tid("hint-text").innerText();
      assert.match(text, /≠/, `eliminations named: ${text}`);
      const struck = await count(page, ".notes span.elim");
      assert.ok(struck >= 1, "eliminated candidates are drawn struck");
      assert.ok((await count(page, '[role="gridcell"][data-elim]')) >= 1);
      // The pencil marks now hold the candidates (minus the eliminated ones).
      const notes = await page.locator('[role="gridcell"][aria-label*="notes"]').count();
      assert.ok(notes > 10, `pencil marks written: ${notes}`);
      await t.shot("lab-step-elimination-desktop");
      await t.click("undo");
      assert.equal(await count(page, '[role="gridcell"][aria-label*="notes"]'), 0, "undo takes the marks back");
    },
  },
  {
    name: "lab: Solve logically lists every step; the final grid is a valid solution; Before/After",
    async run(t) {
      const page = await t.open();
      await load(t, EASY);
      await rating(t);
      await t.click("solve-logically");
      await t.until(() => document.querySelector('[data-testid="verdict"]'));
      assert.equal(await t.attr("verdict", "data-outcome"), "solved");
      const steps = Number(await t.attr("verdict", "data-steps"));
      const blanks = [...EASY].filter((c) => c === ".").length;
      assert.equal(steps, blanks, "singles only: one step per blank");
      assert.equal(await count(page, '[data-testid="step-item"]'), steps, "all steps listed");
      assert.equal(await count(page, '[data-testid="tree"]'), 0, "no tree needed");
      // Solve logically opens on the last step, after it: the solved grid.
      checkSolution(await t.shown(), EASY);
      await t.shot("lab-solve-logically-desktop");
      // The first step, before: the givens; after: one more value.
      await page.locator('[data-testid="step-item"][data-index="0"]').click();
      await t.click("step-before");
      assert.equal(await t.shown(), EASY, "before step 1 = the puzzle");
      assert.ok((await count(page, '[role="gridcell"][data-hl~="cell"]')) >= 1);
      await t.click("step-after");
      const one = await t.shown();
      assert.equal([...one].filter((c, i) => c !== EASY[i]).length, 1, "after step 1: one value more");
      assert.equal(await t.puzzle(), EASY, "viewing never edits");
      await t.click("steps-close");
      assert.equal(await t.shown(), EASY);
    },
  },
  {
    name: "lab: a puzzle that needs a guess shows the exploration tree and rates expert",
    async run(t) {
      const page = await t.open();
      // The first of forum_hardest_1106: even forcing chains stall.
      await load(t, FORUM);
      assert.equal(await rating(t), "expert");
      assert.match(await t.tid("rating").innerText(), /needs guessing/);
      await t.click("solve-logically");
      await t.until(() => document.querySelector('[data-testid="tree"]'));
      assert.equal(await t.attr("verdict", "data-outcome"), "solved");
      assert.ok((await count(page, '[data-testid="tree-guess"]')) >= 1, "a guess");
      const branches = await count(page, '[data-testid="tree-branch"]');
      assert.ok(branches >= 2, `branches: ${branches}`);
      assert.ok((await count(page, '[data-testid="tree-branch"][data-end="solved"]')) >= 1 ||
        (await count(page, '[data-testid="tree-branch"][data-end="guess"]')) >= 1, "a branch goes on");
      // Collapsible: a top branch toggles its steps.
      const head = page.locator('[data-testid="tree-branch"] > .branch-head:not([disabled])').first();
      const before = await head.getAttribute("aria-expanded");
      await head.click();
      assert.notEqual(await head.getAttribute("aria-expanded"), before);
      await t.shot("lab-tree-desktop");
    },
  },
  {
    name: "lab: Generate is reproducible by seed, unique by count, undoable; bad seeds are explained",
    timeout: 90000,
    async run(t) {
      const page = await t.open();
      await load(t, EASY);
      await t.tid("gen-size").selectOption("9");
      await t.tid("gen-seed").fill("20261123");
      const generate = async () => {
        await t.click("generate");
        await t.until(() => {
          const n = document.querySelector('[data-testid="gen-note"]');
          return n.dataset.busy === "false" && /Generated/.test(n.innerText);
        }, null, { timeout: 60000 });
        return t.puzzle();
      };
      const first = await generate();
      assert.notEqual(first, EASY);
      assert.match(await t.tid("gen-note").innerText(), /seed 20261123/);
      assert.match(await t.statusText(), /Generated a 9×9 puzzle/);
      await t.click("clear-all");
      const second = await generate();
      assert.equal(second, first, "same seed, same puzzle");
      assert.notEqual(await rating(t), "none", "a generated puzzle is rated");
      // Unique: the existing Count button says so.
      await t.click("count");
      await t.until(() => /Exactly 1 solution/.test(document.querySelector('[data-testid="status"]').innerText), null, { timeout: 30000 });
      await t.shot("lab-generated-desktop");
      await t.click("undo");
      assert.notEqual(await t.puzzle(), first, "undo brings back the previous grid");

      // A different seed gives a different puzzle.
      await t.click("gen-new-seed");
      assert.match(await t.tid("gen-seed").inputValue(), /^\d+$/);

      // A bad seed: clear message, typed text kept, grid unchanged.
      const grid = await t.puzzle();
      await t.tid("gen-seed").fill("12ab");
      await t.click("generate");
      const err = (await t.tid("gen-error").innerText()).trim();
      assert.match(err, /seed must be a whole number/i);
      assert.match(err, /12ab/);
      assert.equal(await t.tid("gen-seed").inputValue(), "12ab", "typed text kept");
      assert.equal(await t.attr("gen-seed", "aria-invalid"), "true");
      assert.equal(await t.puzzle(), grid);
      await t.shot("lab-bad-seed-desktop");

      // A request the generator cannot meet: the engine's reason, grid kept.
      await t.tid("gen-seed").fill("7");
      await t.tid("gen-size").selectOption("4");
      await t.tid("gen-difficulty").selectOption("expert");
      await t.click("generate");
      await t.until(() => document.querySelector('[data-testid="gen-error"]').innerText.length > 0, null, { timeout: 60000 });
      assert.match(await t.tid("gen-error").innerText(), /gave up generating a 4x4 puzzle/i);
      assert.equal(await t.puzzle(), grid, "the grid is as it was");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "lab: Cancel stops a slow generation and leaves the grid as it was",
    timeout: 60000,
    async run(t) {
      const page = await t.open();
      await load(t, EASY);
      await t.tid("gen-size").selectOption("16");
      await t.tid("gen-symmetry").selectOption("rot180");
      await t.tid("gen-minimal").check();
      await t.tid("gen-seed").fill("5");
      await t.click("generate");
      await t.until(() => document.querySelector('[data-testid="gen-note"]').dataset.busy === "true");
      await page.waitForTimeout(400);
      assert.equal(await t.attr("gen-note", "data-busy"), "true", "still generating");
      await t.shot("lab-generating-desktop");
      const t0 = Date.now();
      await t.click("gen-cancel");
      await t.until(() => document.querySelector('[data-testid="gen-note"]').dataset.busy === "false");
      t.note(`cancel took ${Date.now() - t0} ms`);
      assert.match(await t.tid("gen-note").innerText(), /cancelled/i);
      assert.equal(await t.puzzle(), EASY, "grid unchanged");
      // The pool recovers: the next job still runs.
      await t.click("count");
      await t.until(() => /Exactly 1 solution/.test(document.querySelector('[data-testid="status"]').innerText), null, { timeout: 30000 });
    },
  },
  {
    name: "lab: every model export, with its explanation",
    async run(t) {
      const page = await t.open();
      await load(t, EASY);
      const text = async (fmt) => {
        await t.tid("export-format").selectOption(fmt);
        await t.until((f) => document.querySelector('[data-testid="export-text"]').dataset.format === f, fmt);
        const about = (await t.tid("export-about").innerText()).trim();
        assert.ok(about.length > 10, `${fmt} explained: ${about}`);
        return t.tid("export-text").inputValue();
      };
      const givens = [...EASY].filter((c) => c !== ".").length;
      const cnf = await text("cnf");
      const header = cnf.split("\n").find((l) => l.startsWith("p cnf"));
      assert.match(header, /^p cnf 729 \d+$/, header);
      const clauses = Number(header.split(" ")[3]);
      const body = cnf.split("\n").filter((l) => /^-?\d/.test(l));
      assert.equal(body.length, clauses, "clause count matches the header");
      assert.match(await t.tid("export-about").innerText(), /SAT/);
      const lp = await text("lp");
      assert.match(lp, /Subject To/);
      assert.match(lp, /Binar/);
      assert.match(lp, /\bEnd\b/);
      const dot = await text("dot");
      assert.equal(dot.split("\n").filter((l) => l.includes(" -- ")).length, 810, "810 edges");
      assert.match(dot, /^graph sudoku \{/m);
      const edges = await text("edges");
      assert.equal(edges.trim().split("\n").filter((l) => /^\d+ \d+$/.test(l)).length, 810);
      const poly = await text("poly");
      assert.match(poly, /x1/);
      assert.ok(poly.trim().split("\n").filter((l) => !l.startsWith("#")).length >= 81 + 810 + givens);
      const mzn = await text("minizinc");
      assert.match(mzn, /alldifferent|all_different/);
      await t.shot("lab-export-minizinc-desktop");
      // Download offers a file (a data URL on a temporary link).
      const [download] = await Promise.all([page.waitForEvent("download"), t.click("download-export")]);
      assert.equal(download.suggestedFilename(), "sudoku.mzn");
    },
  },
  {
    name: "lab: a 16×16 is rated on demand, so Solve and Count are never held up",
    timeout: 60000,
    async run(t) {
      const page = await t.open();
      await t.click("example-j16");
      await t.until(() => document.querySelector('[data-testid="rating"]').dataset.rating === "deferred");
      assert.match(await t.tid("rating").innerText(), /on demand/);
      await t.click("solve");
      await t.waitRun("waiting", page, 30000);
      await t.click("solve-logically");
      assert.ok((await t.attr("rating", "data-rating")) !== "deferred", "analysis started");
      await t.click("steps-close");
      await t.until(() => document.querySelector('[data-testid="rating"]').dataset.rating !== "pending");
      const r = await t.attr("rating", "data-rating");
      assert.ok(["deferred", "easy", "medium", "hard", "expert"].includes(r), `rating state ${r}`);
    },
  },
  {
    name: "lab: phone layout and dark theme stay readable",
    async run(t) {
      const page = await t.newPage({ width: 390, height: 844, isMobile: true, colorScheme: "dark" });
      await t.open("#sudoku", { page });
      await load(t, EASY);
      // Three presses: the area, the cells, then the step with its placement.
      for (let i = 0; i < 3; i++) await pressHint(t, page);
      await t.shot("lab-hint-phone-dark", page, { fullPage: true });
      assert.ok((await count(page, '[role="gridcell"][data-hl~="place"]')) === 1);
    },
  },
];
