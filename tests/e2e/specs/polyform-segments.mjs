// Polytrigs and polytwigs in the browser: the library on both grids, solving
// with every shown solution checked here (segments covered exactly once,
// pieces of their own size), counting against Polyform Puzzler's published
// counts, the region editor on both segment grids, and the enumeration.

import { assert } from "../lib/harness.mjs";
import { checkShown as checkCovered, openPolyforms, pick, waitIdle } from "../lib/polyform.mjs";


/** The shown solution, checked as every polyform solution is (segments of
 * the region covered exactly once, pieces of their own size, all used), and
 * as segments: three directions, drawn as strokes. */
async function checkShown(t, page) {
  const sol = await checkCovered(t, page);
  for (const p of sol) for (const c of p.cells) assert.ok(c[2] >= 0 && c[2] <= 2, `segment ${c} has one of the three directions`);
  const d = t.tid("pf-drawing", page);
  assert.ok((await d.locator("g.piece line, g.piece path, g.piece polyline").count()) > 0, "pieces drawn as strokes");
  return sol;
}

/** Click a segment of the editor at its midpoint (a horizontal segment has
 * a zero-height box, which Playwright's own click calls invisible). */
async function clickSegment(page, locator) {
  const b = await locator.boundingBox();
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

const message = async (t, page) => (await t.tid("pf-message", page).innerText()).trim();

export const tests = [
  {
    name: "polytrigs and polytwigs: both families in the library with thumbnails; a puzzle of each solved, checked and counted",
    timeout: 90000,
    async run(t) {
      const page = await openPolyforms(t);
      const families = await page.$$eval(".pf-family", (hs) => hs.map((h) => h.textContent.trim()));
      assert.ok(families.includes("Polytrigs") && families.includes("Polytwigs"), `families: ${families}`);
      const names = await page.$$eval('[data-testid="pf-puzzle"]', (bs) => bs.map((b) => b.dataset.name));
      for (const n of ["tritrigs-heart-2", "pentatwigs-triangle"]) assert.ok(names.includes(n), `${n} listed`);
      assert.equal(await page.locator('[data-testid="pf-puzzle"] svg').count(), names.length, "a thumbnail each");
      // [puzzle, Polyform Puzzler's published count (once up to symmetry)]
      for (const [name, published] of [
        ["tritrigs-heart-2", 52],
        ["pentatwigs-triangle", 56],
      ]) {
        await pick(t, page, name);
        await t.click("pf-solve", page);
        await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]', { timeout: 30000 });
        await waitIdle(t, page);
        await checkShown(t, page);
        await t.shot(`polyforms-${name}`, page);
        await t.click("pf-count", page);
        await page.waitForFunction(
          () => /published count/.test(document.querySelector('[data-testid="pf-message"]').innerText),
          null,
          { timeout: 60000 }
        );
        const text = await message(t, page);
        assert.match(text, new RegExp(`^${published} solutions up to symmetry`), `${name}: ${text}`);
        assert.match(text, /matches the published count/, `${name} agrees with the published count: ${text}`);
      }
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polytrigs and polytwigs editor: each grid draws segments, toggles one by click, validates and solves its preset",
    timeout: 90000,
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/lib/tritrigs-heart-2");
      await t.click("pf-tab-editor", page);
      for (const family of ["polytrig", "polytwig"]) {
        await t.tid("ed-lattice", page).selectOption(family);
        assert.equal(await t.attr("ed-canvas", "data-lattice", page), family);
        const segments = page.locator('[data-testid="ed-canvas"] .ed-cell');
        assert.ok((await segments.count()) > 10, `${family}: a grid of segments`);
        assert.ok((await page.locator('[data-testid="ed-canvas"] line').count()) > 10, `${family}: drawn as lines`);
        await page.waitForFunction(() => document.querySelector('[data-testid="ed-status"]').dataset.state === "ok");
        const on = await page.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').count();
        // Erase one segment: the areas no longer match, and the editor says so.
        const first = page.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').first();
        const i = await first.getAttribute("data-i");
        await clickSegment(page, first);
        assert.equal(await page.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').count(), on - 1);
        assert.equal(await t.attr("ed-status", "data-state", page), "error");
        assert.match(await t.tid("ed-status", page).innerText(), /cover \d+ cells but the region has \d+/);
        await t.click("pf-solve", page);
        assert.match(await message(t, page), /cannot be solved as drawn/);
        // Draw it back and solve.
        await clickSegment(page, page.locator(`[data-testid="ed-canvas"] .ed-cell[data-i="${i}"]`));
        await page.waitForFunction(() => document.querySelector('[data-testid="ed-status"]').dataset.state === "ok");
        await t.click("pf-solve", page);
        await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]', { timeout: 30000 });
        await waitIdle(t, page);
        await checkShown(t, page);
        await page.screenshot({ path: `${t.shots}/polyforms-editor-${family}.png`, fullPage: true });
        // The link reproduces the drawing on its grid.
        const hash = await page.evaluate(() => location.hash);
        assert.match(hash, new RegExp(`^#polyforms/edit/${family}/`));
        const again = await openPolyforms(t, hash);
        assert.equal(await t.attr("ed-canvas", "data-lattice", again), family);
        assert.equal(await again.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').count(), on);
      }
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polytrigs and polytwigs enumeration: the seed's tables, and every piece of a size drawn",
    async run(t) {
      const page = await openPolyforms(t, "#polyforms/enum/polytrig/4");
      await t.click("en-run", page);
      await page.waitForSelector('[data-testid="en-table"]');
      let rows = await page.$$eval('[data-testid="en-row"]', (rs) => rs.map((r) => [+r.dataset.free, r.dataset.ok]));
      assert.deepEqual(rows.map((r) => r[0]), [1, 3, 12, 60]);
      assert.ok(rows.every((r) => r[1] === "true"), "each size matches the published table");
      assert.equal(await page.locator('[data-testid="en-piece"]').count(), 60);
      await t.shot("polyforms-enumerate-polytrigs", page);
      await t.tid("en-lattice", page).selectOption("polytwig");
      await t.tid("en-size", page).fill("6");
      await t.click("en-run", page);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="en-row"]').length === 6 && document.querySelector('[data-testid="en-table"] caption').innerText.includes("Polytwigs"));
      rows = await page.$$eval('[data-testid="en-row"]', (rs) => rs.map((r) => [+r.dataset.free, r.dataset.ok]));
      assert.deepEqual(rows.map((r) => r[0]), [1, 1, 3, 4, 12, 27]);
      assert.ok(rows.every((r) => r[1] === "true"));
      assert.equal(await page.locator('[data-testid="en-piece"]').count(), 27);
      await t.shot("polyforms-enumerate-polytwigs", page);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "polytrigs and polytwigs on a 375 px phone, light and dark: solved and drawn within the screen",
    timeout: 90000,
    async run(t) {
      for (const [name, colorScheme] of [
        ["tritrigs-heart-2", "dark"],
        ["pentatwigs-triangle", "light"],
        ["pentatwigs-triangle", "dark"],
      ]) {
        const page = await openPolyforms(t, `#polyforms/lib/${name}`, { width: 375, height: 812, isMobile: true, colorScheme });
        await t.click("pf-solve", page);
        await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]', { timeout: 30000 });
        await checkShown(t, page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `no horizontal scroll (${overflow}px)`);
        await page.screenshot({ path: `${t.shots}/polyforms-${name}-phone-${colorScheme}.png`, fullPage: true });
      }
      t.assertNoConsoleErrors();
    },
  },
];
