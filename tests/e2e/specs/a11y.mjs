// Accessibility measured, not assumed: axe-core (through
// @axe-core/playwright) on every workbench and tab, desktop and phone, light
// and dark, with zero critical and serious violations; and the keyboard paths a user
// needs (a skip link, MINIMOG and kitten points, the region editor).

import { axeViolations } from "../lib/axe.mjs";
import { assert } from "../lib/harness.mjs";

/** Every view a user can reach: [name, hash, selector to wait for, optional click]. */
const VIEWS = [
  ["home", "", '[data-testid="home-card-hexads"]'],
  ["sudoku grid", "#sudoku", '[data-testid="grid"] [role="gridcell"]'],
  ["sudoku play", "#sudoku", '[data-testid="grid"] [role="gridcell"]', "mode-play"],
  ["sudoku experiments", "#sudoku", '[data-testid="grid"] [role="gridcell"]', "sudoku-tab-experiments"],
  ["sudoku X", "#sudoku", '[data-testid="grid"] [role="gridcell"]', "variant-x"],
  ["sudoku jigsaw", "#sudoku", '[data-testid="grid"] [role="gridcell"]', "variant-jigsaw"],
  ["sudoku samurai", "#sudoku", '[data-testid="grid"] [role="gridcell"]', "variant-samurai"],
  ["sudoku killer & more", "#sudoku", '[data-testid="grid"] [role="gridcell"]', "variant-killer"],
  ["polyforms library", "#polyforms", '[data-testid="pf-puzzle"]'],
  ["polyforms editor", "#polyforms/edit", '[data-testid="pf-tab-editor"]'],
  ["polyforms enumerate", "#polyforms/enum", '[data-testid="pf-tab-enumerate"]'],
  ["quantumino", "#quantumino", '[data-testid="q-view"]'],
  ["hexads", "#hexads", '[data-testid="minimog-0"]'],
];

const violations = (page) => axeViolations(page);

/** The four looks of a view: desktop and phone width, light and dark. One
 * load per view: the theme is switched with the app's own toggle and the
 * width by resizing (the layout is CSS alone), so 48 scans cost 12 loads. */
async function scanFourWays(t, page, name, found) {
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const scan = async (look) => {
    // The theme's colours fade in (CSS transitions): scan the colours the
    // user ends up with, not a frame of the fade.
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"), null, { polling: "raf", timeout: 10000 });
    for (const v of await violations(page)) found.push(`${name} (${look}): ${v}`);
  };
  assert.equal(await theme(), "light", `${name} opens light`);
  await scan("desktop light");
  await t.click("theme-toggle", page);
  assert.equal(await theme(), "dark");
  await scan("desktop dark");
  await page.setViewportSize({ width: 375, height: 812 });
  await scan("phone dark");
  await t.click("theme-toggle", page);
  assert.equal(await theme(), "light");
  await scan("phone light");
  await page.setViewportSize({ width: 1280, height: 860 });
}

export const tests = [
  ...[
    ["home to Sudoku's variants", VIEWS.slice(0, 8)],
    ["Polyforms, Quantumino and Hexads", VIEWS.slice(8)],
  ].map(([part, views]) => ({
    name: `a11y: axe finds no critical or serious violation, desktop and phone, light and dark (${part})`,
    timeout: 240000,
    async run(t) {
      const page = await t.newPage({ colorScheme: "light" });
      const found = [];
      for (const [name, hash, ready, click] of views) {
        await page.goto("about:blank");
        await page.goto(t.base + hash);
        await page.waitForSelector(`html[data-app="ready"]`, { timeout: 20000 });
        await page.waitForSelector(ready.split(", ").map((s) => `html[data-app="ready"] ${s}`).join(", "), { timeout: 20000 });
        if (click) await t.click(click, page);
        if (click === "variant-killer") await t.tid("cgrid", page).waitFor();
        // Scan the view at rest: its start-up jobs done (an axe scan holds
        // the main thread for up to a second).
        await t.jobsQuiet(page);
        await scanFourWays(t, page, name, found);
      }
      assert.deepEqual(found, [], "axe: critical and serious violations");
      t.note(`${views.length} views × 4 looks clean`);
    },
  })),
  {
    name: "a11y: the first Tab reaches a skip link to the workbench; MINIMOG and kitten points are picked by keyboard",
    async run(t) {
      const page = await t.newPage();
      await page.goto(t.base + "#hexads");
      await page.waitForSelector('html[data-app="ready"] [data-testid="minimog-0"]', { timeout: 20000 });
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "skip-link");
      assert.ok(await t.tid("skip-link", page).isVisible(), "the skip link shows when focused");
      await page.keyboard.press("Enter");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "main");
      // Every view has one h1.
      assert.equal(await page.locator("h1").count(), 1);
      // Tab onwards reaches the MINIMOG's points; Enter and Space pick them.
      let steps = 0;
      while (!(await page.evaluate(() => document.activeElement?.dataset.testid || "")).startsWith("minimog-")) {
        assert.ok(steps++ < 40, "a MINIMOG point is reachable with Tab");
        await page.keyboard.press("Tab");
      }
      const picked = [];
      for (let k = 0; k < 5; k++) {
        const id = await page.evaluate(() => document.activeElement.dataset.testid);
        await page.keyboard.press(k % 2 ? " " : "Enter");
        assert.equal(await t.attr(id, "data-state", page), "selected", `${id} picked by keyboard`);
        assert.equal(await t.attr(id, "aria-pressed", page), "true");
        picked.push(id);
        await page.keyboard.press("Tab");
      }
      // Five points: the hexad through them lights its sixth point.
      assert.equal(await page.locator('[data-testid^="minimog-"][data-state="completes"]').count(), 1, picked.join());
      // The kitten's points are tab stops too.
      const kitten = page.locator('[data-testid^="kitten-"][data-point]').first();
      await kitten.focus();
      assert.equal(await kitten.getAttribute("tabindex"), "0");
      await page.keyboard.press("Enter");
      assert.equal(await page.locator('[data-testid^="minimog-"][data-state="selected"]').count() !== 5, true, "the kitten point toggled the choice");
    },
  },
  {
    name: "a11y: buttons say what they do; table headers are never empty",
    async run(t) {
      const page = await t.open("#sudoku");
      assert.equal(await t.attr("example-top95-1", "aria-label"), "Load top95 puzzle 1");
      assert.equal(await t.tid("example-top95-1").innerText(), "#1", "the chip itself stays short");
      await page.goto(t.base + "#polyforms/enum/polyomino/5");
      await page.waitForSelector('html[data-app="ready"] [data-testid="en-run"]', { timeout: 20000 });
      await t.click("en-run", page);
      await page.waitForSelector('[data-testid="en-table"]', { timeout: 30000 });
      const headers = await page.$$eval('[data-testid="en-table"] th', (ths) => ths.map((th) => th.textContent.trim()));
      assert.ok(headers.length >= 6 && headers.every((h) => h.length > 0), JSON.stringify(headers));
    },
  },
  {
    name: "a11y: the polyform region editor works from the keyboard alone",
    async run(t) {
      const page = await t.newPage();
      await page.goto(t.base + "#polyforms/edit");
      await page.waitForSelector('html[data-app="ready"] [data-testid="ed-canvas"] .ed-cell', { timeout: 20000 });
      await t.click("ed-clear", page);
      const counts = () => t.tid("ed-counts", page).innerText();
      assert.match(await counts(), /^Region: 0 cells/);
      // One cell is the tab stop.
      const stops = await page.locator('[data-testid="ed-canvas"] .ed-cell[tabindex="0"]').count();
      assert.equal(stops, 1, "one tab stop in the canvas");
      // Clicking a cell makes it the tab stop; start in the middle of the
      // canvas (neighbours on every side), then work by keyboard only.
      const middle = await page.evaluate(() => {
        const cells = [...document.querySelectorAll('[data-testid="ed-canvas"] .ed-cell')].map((c) => {
          const r = c.getBoundingClientRect();
          return { i: c.getAttribute("data-i"), x: r.x + r.width / 2, y: r.y + r.height / 2 };
        });
        const cx = cells.reduce((a, c) => a + c.x, 0) / cells.length;
        const cy = cells.reduce((a, c) => a + c.y, 0) / cells.length;
        return cells.sort((a, b) => Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy))[0].i;
      });
      await page.locator(`[data-testid="ed-canvas"] .ed-cell[data-i="${middle}"]`).focus();
      const at = () => page.evaluate(() => document.activeElement?.getAttribute("data-i"));
      const first = await at();
      assert.equal(first, middle);
      // A switch keeps the focus on the switched cell.
      const focusedOn = (i) => t.until((i) => document.activeElement?.getAttribute("data-i") === i, i, { page });
      await page.keyboard.press("Space");
      await t.until(() => /^Region: 1 cell\b/.test(document.querySelector('[data-testid="ed-counts"]').textContent), null, { page });
      await focusedOn(first);
      // Right, then down: two other cells, switched with Enter.
      await page.keyboard.press("ArrowRight");
      const second = await at();
      assert.ok(second !== null && second !== first, `ArrowRight moved (${first} → ${second})`);
      await page.keyboard.press("Enter");
      await focusedOn(second);
      await page.keyboard.press("ArrowDown");
      const third = await at();
      assert.ok(third !== null && third !== second, `ArrowDown moved (${second} → ${third})`);
      await page.keyboard.press("Enter");
      await focusedOn(third);
      await t.until(() => /^Region: 3 cells/.test(document.querySelector('[data-testid="ed-counts"]').textContent), null, { page });
      assert.equal(await page.locator('[data-testid="ed-canvas"] .ed-cell[data-on="true"]').count(), 3);
      assert.equal(await page.locator('[data-testid="ed-canvas"] .ed-cell[aria-pressed="true"]').count(), 3);
      // Space again switches the focused cell off.
      await page.keyboard.press("Space");
      await t.until(() => /^Region: 2 cells/.test(document.querySelector('[data-testid="ed-counts"]').textContent), null, { page });
    },
  },
];
