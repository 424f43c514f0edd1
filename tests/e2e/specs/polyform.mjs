// The Polyforms workbench: the library on seven lattices, solving in the
// worker (every shown solution checked here, independently of the engine),
// find all / count with progress and cancel, the gallery, downloads, the
// region editor with its validation, and the enumeration view.

import { assert } from "../lib/harness.mjs";
import { checkShown, message, openPolyforms, pick, waitIdle } from "../lib/polyform.mjs";


export const tests = [
  {
    // The worker pool holds a job's start for a task of its own
    // (crates/web/src/pool.rs, `Slot::held`): a click that mounts or renders
    // and submits a job is done before the job is live, so its work never
    // counts as a task during a job.
    name: "jobs: a job starts in the task after the one that submitted it",
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/lib/pentominoes-6x10");
      await waitIdle(t, page);
      const clicked = await page.evaluate(() => {
        const marks = () => performance.getEntriesByName("tessera-jobs-busy").length;
        const before = marks();
        document.querySelector('[data-testid="pf-solve"]').click();
        // Still the click's task: the job is submitted, not yet started.
        return { at: performance.now(), before, after: marks() };
      });
      assert.equal(clicked.after, clicked.before, "no busy mark inside the click's task");
      await page.waitForSelector('[data-testid="pf-drawing"][data-solution^="["]', { timeout: 30000 });
      const busy = await page.evaluate(() => performance.getEntriesByName("tessera-jobs-busy").map((m) => m.startTime));
      assert.ok(busy.length >= 1, "the job was marked busy");
      assert.ok(busy[busy.length - 1] >= clicked.at, `busy at ${busy[busy.length - 1]} ms, click's task ended at ${clicked.at} ms`);
      await checkShown(t, page);
    },
  },
  {
    name: "polyforms: the library lists puzzles of all seven families with thumbnails; Solve and Next walk the 3x20's two solutions",
    async run(t) {
      const page = await openPolyforms(t);
      const names = await page.$$eval('[data-testid="pf-puzzle"]', (bs) => bs.map((b) => b.dataset.name));
      for (const n of ["pentominoes-6x10", "hexiamonds-4x9", "tetrahexes-4x7", "soma-3x3x3", "tetrasticks-5x5"]) {
        assert.ok(names.includes(n), `${n} listed`);
      }
      const families = await page.$$eval(".pf-family", (hs) => hs.map((h) => h.textContent.trim()));
      assert.deepEqual(families, ["Polyominoes", "Polyiamonds", "Polyhexes", "Polycubes", "Polysticks", "Polytrigs", "Polytwigs"]);
      assert.ok((await page.locator('[data-testid="pf-puzzle"] svg').count()) === names.length, "a thumbnail each");
      await pick(t, page, "pentominoes-3x20");
      assert.equal((await t.tid("pf-title", page).textContent()).trim(), "Pentominoes 3×20");
      assert.equal(await t.attr("pf-title", "data-file-title", page), "Pentominoes3x20");
      assert.equal(await page.locator('[data-testid="pf-piece"]').count(), 12);
      await t.click("pf-solve", page);
      await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]');
      await waitIdle(t, page);
      const first = await checkShown(t, page);
      assert.match(await message(t, page), /Solution 1 found/);
      await t.click("pf-next", page);
      await page.waitForSelector('[data-testid="pf-drawing"][data-shown="1"]');
      await waitIdle(t, page);
      const second = await checkShown(t, page);
      assert.notDeepEqual(first, second);
      await t.click("pf-next", page);
      await page.waitForFunction(() => /No more solutions/.test(document.querySelector('[data-testid="pf-message"]').innerText));
      assert.match(await message(t, page), /2 solutions in all \(up to symmetry\) — matches the published count/);
      assert.equal(await page.locator('[data-testid="pf-thumb"]').count(), 2);
      await page.locator('[data-testid="pf-thumb"]').first().click();
      assert.equal(await t.attr("pf-drawing", "data-shown", page), "0");
      const [download] = await Promise.all([page.waitForEvent("download"), t.click("pf-download-file", page)]);
      assert.equal(download.suggestedFilename(), "pentominoes-3x20.txt");
      const text = await (await download.createReadStream()).toArray().then((b) => Buffer.concat(b).toString());
      assert.match(text, /^Solving Pentominoes3x20:\n/);
      assert.match(text, /solution 2:/);
      assert.match(text, /\n2 solutions, \d+ searches, duration \d:\d\d:\d\d\.\d{6}\n$/);
      const [svgDl] = await Promise.all([page.waitForEvent("download"), t.click("pf-download-svg", page)]);
      assert.equal(svgDl.suggestedFilename(), "pentominoes-3x20-1.svg");
      await page.screenshot({ path: `${t.shots}/polyforms-library.png`, fullPage: true });
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polyforms: two puzzles of every lattice solve in the browser, each solution checked",
    async run(t) {
      const page = await openPolyforms(t);
      const puzzles = [
        ["pentominoes-6x10", true],
        ["pentominoes-8x8-hole", true],
        ["hexiamonds-4x9", true],
        ["hexiamonds-6x6", true],
        ["tetrahexes-4x7", true],
        ["polyhexes-34-hexagon", true],
        ["soma-3x3x3", true],
        ["solid-pentominoes-3x4x5", true],
        ["tetrasticks-5x5", false],
        ["tetrasticks-5x5-no-h", true],
      ];
      for (const [name, allPieces] of puzzles) {
        await pick(t, page, name);
        await t.click("pf-solve", page);
        await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]', { timeout: 60000 });
        await waitIdle(t, page);
        await checkShown(t, page, { allPieces });
        if (name === "soma-3x3x3" || name === "solid-pentominoes-3x4x5") {
          // Polycubes are also shown in the three-d viewer.
          const v = t.tid("pf-voxel", page);
          await page.waitForFunction(() => {
            const el = document.querySelector('[data-testid="pf-voxel"]');
            return el && +el.dataset.cells > 0;
          });
          assert.equal(await v.getAttribute("data-webgl"), "ok");
          const cells = JSON.parse(await t.attr("pf-drawing", "data-region", page)).length;
          assert.equal(+(await v.getAttribute("data-cells")), cells);
          const pieces = JSON.parse(await t.attr("pf-drawing", "data-pieces", page)).length;
          assert.equal(+(await v.getAttribute("data-pieces")), pieces);
          // A click in the middle of the box picks a piece and names it.
          await v.locator("canvas").click();
          await page.waitForFunction(() => /^Piece \S+: \(/.test(document.querySelector('[data-testid="pf-picked"]').innerText));
        }
        if (name === "soma-3x3x3") await t.shot("polyforms-soma", page);
        if (name === "tetrasticks-5x5") await t.shot("polyforms-tetrasticks", page);
        if (name === "hexiamonds-6x6") await t.shot("polyforms-hexiamonds", page);
      }
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polyforms: Find all fills the gallery, Count matches the published count with progress, Cancel stops a long count",
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/lib/tetrahexes-4x7");
      await t.click("pf-find-all", page);
      await page.waitForFunction(() => /9 solutions up to symmetry/.test(document.querySelector('[data-testid="pf-message"]').innerText), null, { timeout: 30000 });
      assert.match(await message(t, page), /matches the published count/);
      assert.equal(await page.locator('[data-testid="pf-thumb"]').count(), 9);
      // Each thumbnail's number sits beside its drawing, not over it.
      const overlaps = await page.$$eval('[data-testid="pf-thumb"]', (thumbs) =>
        thumbs.filter((b) => {
          const s = b.querySelector(".pf-thumb-svg svg").getBoundingClientRect();
          const n = b.querySelector(".pf-thumb-n").getBoundingClientRect();
          return n.left < s.right && s.left < n.right && n.top < s.bottom && s.top < n.bottom;
        }).length);
      assert.equal(overlaps, 0, "gallery numbers drawn over their thumbnails");
      for (const i of [3, 8]) {
        await page.locator('[data-testid="pf-thumb"]').nth(i).click();
        await checkShown(t, page);
      }
      await t.shot("polyforms-gallery", page);
      // Count after Find all keeps the gallery and the shown solution, and
      // reports beside them.
      const shownBefore = await t.attr("pf-drawing", "data-solution", page);
      // Every text the message line shows, recorded from before the click.
      await page.evaluate(() => {
        const m = document.querySelector('[data-testid="pf-message"]');
        window.__pfSaid = [];
        new MutationObserver(() => window.__pfSaid.push(m.innerText)).observe(m, { childList: true, characterData: true, subtree: true });
      });
      await t.click("pf-count", page);
      await page.waitForFunction(() => {
        const said = window.__pfSaid;
        const at = said.findIndex((s) => /Counting/.test(s));
        return at >= 0 && said.slice(at + 1).some((s) => /9 solutions up to symmetry/.test(s));
      }, null, { timeout: 30000 });
      assert.equal(await page.locator('[data-testid="pf-thumb"]').count(), 9, "Count kept the gallery");
      assert.equal(await page.locator('[data-testid="pf-thumb"]').nth(8).getAttribute("aria-pressed"), "true", "the shown solution is still the ninth");
      assert.equal(await t.attr("pf-drawing", "data-solution", page), shownBefore, "Count kept the drawing");
      // All solutions of the 6x10 up to symmetry: 2,339 (Polyform Puzzler).
      await pick(t, page, "pentominoes-6x10");
      // Progress is shown while the count runs: recorded by an observer
      // installed before the click, so a fast count cannot slip between
      // two polls of a waitForSelector.
      await page.evaluate(() => {
        window.__pfProgressSeen = false;
        const seen = () => {
          if (document.querySelector('[data-testid="pf-progress"]')) window.__pfProgressSeen = true;
        };
        new MutationObserver(seen).observe(document.body, { subtree: true, childList: true });
      });
      await t.click("pf-count", page);
      await page.waitForFunction(() => /2,339 solutions up to symmetry/.test(document.querySelector('[data-testid="pf-message"]').innerText), null, { timeout: 120000 });
      assert.ok(await page.evaluate(() => window.__pfProgressSeen), "progress was shown while counting");
      assert.match(await message(t, page), /matches the published count/);
      // A long count: progress with a time estimate, then Cancel.
      await pick(t, page, "solid-pentominoes-3x4x5");
      await t.tid("pf-unique", page).uncheck();
      await t.click("pf-count", page);
      await page.waitForFunction(() => {
        const p = document.querySelector('[data-testid="pf-progress"]');
        return p && /left/.test(p.innerText) && +p.dataset.solutions > 0;
      }, null, { timeout: 60000 });
      await t.shot("polyforms-counting", page);
      const t0 = Date.now();
      await t.click("pf-cancel", page);
      await page.waitForFunction(() => /Cancelled after/.test(document.querySelector('[data-testid="pf-message"]').innerText), null, { timeout: 5000 });
      assert.ok(Date.now() - t0 < 5000);
      assert.match(await message(t, page), /counting symmetric copies/);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polyforms: Find all on the 6×10 keeps the tab responsive (no main-thread task over 200 ms) and pages the gallery",
    timeout: 120000,
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/lib/pentominoes-6x10");
      await t.watchLongTasks(page);
      await t.click("pf-find-all", page);
      await page.waitForFunction(() => /2,339 solutions up to symmetry/.test(document.querySelector('[data-testid="pf-message"]').innerText), null, { timeout: 100000 });
      assert.match(await message(t, page), /matches the published count/);
      const long = await t.longTasks(page);
      const worst = Math.max(0, ...long);
      t.note(`${long.length} tasks over 50 ms, the longest ${worst} ms`);
      t.assertNoTaskOver(long, 200, "main-thread tasks during Find all");
      assert.equal(await t.tid("pf-gallery-count", page).innerText(), "2,339 kept");
      assert.equal(await page.locator('[data-testid="pf-thumb"]').count(), 24);
      // The last page and a solution on it.
      for (let i = 0; i < 3; i++) await t.click("pf-next-page", page);
      await page.locator('[data-testid="pf-thumb"]').nth(5).click();
      await checkShown(t, page);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polyforms editor: draw, validate (empty, area, disconnected, no pieces, bad size), solve, and the link reproduces it",
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/lib/pentominoes-6x10");
      await t.click("pf-tab-editor", page);
      assert.equal(await t.attr("ed-status", "data-state", page), "ok");
      assert.equal(await page.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').count(), 60);
      // A 3x3 square with the 1-, 2- and 3-ominoes (9 cells).
      await t.tid("ed-w", page).fill("3");
      await t.tid("ed-w", page).press("Enter");
      await t.tid("ed-w", page).dispatchEvent("change");
      await t.tid("ed-h", page).fill("3");
      await t.tid("ed-h", page).dispatchEvent("change");
      await t.click("ed-fill", page);
      await t.tid("ed-set", page).selectOption("polyominoes-123");
      await page.waitForFunction(() => document.querySelector('[data-testid="ed-status"]').dataset.state === "ok");
      assert.match(await t.tid("ed-counts", page).innerText(), /Region: 9 cells · 4 pieces covering 9 cells/);
      await t.click("pf-solve", page);
      await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]');
      await waitIdle(t, page);
      await checkShown(t, page);
      // Remove one cell: the areas no longer match.
      await page.locator('[data-testid="ed-canvas"] .ed-cell[data-i="4"]').click();
      assert.equal(await t.attr("ed-status", "data-state", page), "error");
      assert.match(await t.tid("ed-status", page).innerText(), /cover 9 cells but the region has 8/);
      await t.click("pf-solve", page);
      assert.match(await message(t, page), /cannot be solved as drawn/);
      assert.equal(await page.locator('[data-testid="pf-drawing"] g.piece').count(), 0, "no search ran");
      // Remove the rest of the middle column: two parts.
      await page.locator('[data-testid="ed-canvas"] .ed-cell[data-i="3"]').click();
      await page.locator('[data-testid="ed-canvas"] .ed-cell[data-i="5"]').click();
      assert.match(await t.tid("ed-status", page).innerText(), /2 separate parts/);
      // Empty piece list, empty region.
      await t.click("ed-fill", page);
      await t.click("ed-no-pieces", page);
      assert.match(await t.tid("ed-status", page).innerText(), /no pieces are chosen/);
      await t.click("ed-all-pieces", page);
      await t.click("ed-clear", page);
      assert.match(await t.tid("ed-status", page).innerText(), /region is empty/);
      // Drag to paint the top row back (mouse down on one cell, move across).
      const box = async (i) => page.locator(`[data-testid="ed-canvas"] .ed-cell[data-i="${i}"]`).boundingBox();
      const a = await box(0);
      const c = await box(2);
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2, { steps: 8 });
      await page.mouse.up();
      assert.ok((await page.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').count()) >= 2, "dragging paints cells");
      // A bad size is an error and the typed text stays.
      await t.tid("ed-w", page).fill("99");
      await t.tid("ed-w", page).dispatchEvent("change");
      assert.match(await t.tid("ed-error", page).innerText(), /Width must be a whole number from 1 to 16 \(you typed “99”\)/);
      assert.equal(await t.tid("ed-w", page).inputValue(), "99");
      // The link reproduces the drawing.
      await t.click("ed-fill", page);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').length === 9);
      const filled = await page.evaluate(() => location.hash);
      await page.locator('[data-testid="ed-canvas"] .ed-cell[data-i="0"]').click();
      // The link follows the drawing a moment later (it is written after the render).
      await page.waitForFunction((before) => location.hash !== before, filled);
      const hash = await page.evaluate(() => location.hash);
      assert.match(hash, /^#polyforms\/edit\/polyomino\/3x3x1\/polyominoes-123\//);
      const again = await openPolyforms(t, hash);
      assert.equal(await again.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').count(), 8);
      assert.equal(await t.tid("ed-set", again).inputValue(), "polyominoes-123");
      // Other lattices draw their own canvases.
      for (const [family, tag] of [["polyiamond", "polygon"], ["polyhex", "polygon"], ["polystick", "line"], ["polycube", "polygon"]]) {
        await t.tid("ed-lattice", again).selectOption(family);
        assert.equal(await t.attr("ed-canvas", "data-lattice", again), family);
        assert.ok((await again.locator(`[data-testid="ed-canvas"] ${tag}`).count()) > 10);
        assert.equal(await t.attr("ed-status", "data-state", again), "ok", `${family} preset is solvable`);
      }
      await t.tid("ed-lattice", again).selectOption("polyhex");
      await t.click("pf-solve", again);
      await again.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]');
      await checkShown(t, again);
      await again.screenshot({ path: `${t.shots}/polyforms-editor.png`, fullPage: true });
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polyforms enumeration: counts match the published tables and the pieces are drawn",
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/enum/polyomino/6", { colorScheme: "dark" });
      assert.equal(await t.tid("en-size", page).inputValue(), "6");
      // Before a run: one card that says what a run shows, no empty cards.
      const visibleCards = () => page.$$eval(".pf-enum .pf-main > .card", (cs) => cs.filter((c) => c.offsetParent !== null).map((c) => c.innerText.trim().length));
      assert.equal((await visibleCards()).length, 1, "one card before the first run");
      assert.ok((await visibleCards())[0] > 40, "it says what Enumerate does");
      // The size box wears the dark theme, not the browser's light grey.
      const box = await t.tid("en-size", page).evaluate((el) => getComputedStyle(el).backgroundColor);
      const surface = await page.evaluate(() => {
        const s = document.createElement("span");
        s.style.color = "var(--surface-2)";
        document.body.append(s);
        const c = getComputedStyle(s).color;
        s.remove();
        return c;
      });
      assert.equal(box, surface, "the size box has the theme's field colour");
      await t.shot("polyforms-enumerate-before-dark", page);
      await t.click("en-run", page);
      await page.waitForSelector('[data-testid="en-table"]');
      assert.equal((await visibleCards()).length, 2, "the table and the pieces after a run");
      const rows = await page.$$eval('[data-testid="en-row"]', (rs) => rs.map((r) => [+r.dataset.free, r.dataset.ok]));
      assert.deepEqual(rows.map((r) => r[0]), [1, 1, 2, 5, 12, 35]);
      assert.ok(rows.every((r) => r[1] === "true"));
      assert.equal(await page.locator('[data-testid="en-piece"]').count(), 35);
      await t.shot("polyforms-enumerate", page);
      await t.tid("en-lattice", page).selectOption("polyhex");
      await t.tid("en-size", page).fill("4");
      await t.click("en-run", page);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="en-row"]').length === 4);
      assert.equal(await page.locator('[data-testid="en-piece"]').count(), 7);
      await t.tid("en-lattice", page).selectOption("polyomino");
      await t.tid("en-size", page).fill("5");
      await t.tid("en-one-sided", page).check();
      await t.click("en-run", page);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="en-piece"]').length === 18);
      assert.equal(await page.evaluate(() => location.hash), "#polyforms/enum/polyomino/5/one-sided");
      await t.tid("en-size", page).fill("0");
      await t.click("en-run", page);
      assert.match(await t.tid("en-error", page).innerText(), /from 1 to 16 .*you typed “0”/);
      assert.equal(await t.tid("en-size", page).inputValue(), "0");
      // Polycubes: rotations count, compared with the published 1, 1, 2, 8, 29.
      await t.tid("en-lattice", page).selectOption("polycube");
      await t.tid("en-size", page).fill("5");
      await t.click("en-run", page);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="en-row"]').length === 5 && document.querySelector('[data-testid="en-table"] caption').innerText.includes("Polycubes"));
      const cubes = await page.$$eval('[data-testid="en-row"]', (rs) => rs.map((r) => [+r.dataset.oneSided, r.dataset.ok]));
      assert.deepEqual(cubes.map((r) => r[0]), [1, 1, 2, 8, 29]);
      assert.ok(cubes.every((r) => r[1] === "true"));
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polyforms on a phone, dark theme: the library, the drawing and the solver fit the screen",
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/lib/hexiamonds-4x9", { width: 390, height: 844, isMobile: true, colorScheme: "dark" });
      await t.click("pf-solve", page);
      await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]', { timeout: 30000 });
      await checkShown(t, page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no horizontal scroll (${overflow}px)`);
      await page.screenshot({ path: `${t.shots}/polyforms-phone-dark.png`, fullPage: true });
      t.assertNoConsoleErrors();
    },
  },
];
