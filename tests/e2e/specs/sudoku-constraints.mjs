// The constraint editor ("Killer & more"): a setter draws killer cages and
// thermometers, types the text form, and watches the live count decide
// "unique". Every solution shown is checked here against the rules read
// from the page's own text form (rows, columns, boxes, cage sums, no
// repeats in a cage), not by the engine.

import { assert } from "../lib/harness.mjs";

// The starter without its first five cages: several solutions; the fifth
// cage alone ("killer 13: r1c6 r2c6") makes it unique again.
const PARTIAL = "size 9\nkiller 22: r2c1 r3c1 r4c1 r2c2\nkiller 10: r2c3 r3c3\nkiller 20: r2c5 r3c5 r4c5 r4c6\nkiller 14: r3c2 r4c2\nkiller 19: r3c4 r4c4 r4c3\nkiller 17: r3c6 r3c7 r3c8 r4c7\nkiller 5: r4c8 r4c9\nkiller 7: r5c1 r5c2 r6c2\nkiller 17: r5c3 r6c3 r5c4\nkiller 12: r5c5 r5c6 r6c6\nkiller 21: r5c7 r5c8 r6c8\nkiller 11: r5c9 r6c9 r7c9\nkiller 22: r6c1 r7c1 r7c2\nkiller 16: r6c4 r6c5 r7c4\nkiller 17: r6c7 r7c7 r7c6\nkiller 17: r7c3 r8c3 r9c3 r9c2\nkiller 4: r7c5 r8c5\nkiller 17: r7c8 r8c8 r8c7\nkiller 13: r8c1 r8c2 r9c1\nkiller 6: r8c4 r9c4\nkiller 24: r8c6 r9c6 r9c5 r9c7\nkiller 21: r8c9 r9c9 r9c8";

async function openEditor(t, options) {
  const page = await t.open("#sudoku", options);
  await t.click("variant-killer");
  await t.tid("cgrid").waitFor();
  return page;
}

/** Wait until the live count has a verdict other than "counting". */
async function verdict(t, page = t.page) {
  await t.until(() => {
    const s = document.querySelector('[data-testid="cverdict"]')?.dataset.state;
    return s && s !== "counting";
  }, null, { page });
  return t.attr("cverdict", "data-state", page);
}

/** Select cells by clicking them, the first alone and the rest with Shift. */
async function select(t, cells, page = t.page) {
  for (const [k, c] of cells.entries()) {
    const cell = page.locator(`.c-cell[data-cell="${c}"]`);
    await cell.scrollIntoViewIfNeeded();
    const box = await cell.boundingBox();
    const at = [box.x + box.width / 2, box.y + box.height / 2];
    if (k > 0) await page.keyboard.down("Shift");
    await page.mouse.click(...at);
    if (k > 0) await page.keyboard.up("Shift");
  }
}

/** Check a full 9×9 grid against the page's text form, independently. */
function checkKiller(grid, text) {
  const d = [...grid].map(Number);
  assert.equal(d.length, 81);
  const units = [];
  for (let i = 0; i < 9; i++) {
    units.push([...Array(9).keys()].map((k) => i * 9 + k));
    units.push([...Array(9).keys()].map((k) => k * 9 + i));
    const r0 = Math.floor(i / 3) * 3, c0 = (i % 3) * 3;
    units.push([...Array(9).keys()].map((k) => (r0 + Math.floor(k / 3)) * 9 + c0 + (k % 3)));
  }
  for (const u of units) assert.equal(u.map((c) => d[c]).sort().join(""), "123456789", `unit ${u}`);
  let cages = 0;
  for (const line of text.split("\n")) {
    const m = line.match(/^killer (\d+)?: (.*)$/);
    if (!m) continue;
    cages++;
    const cells = m[2].trim().split(/\s+/).map((rc) => {
      const [, r, c] = rc.match(/r(\d+)c(\d+)/);
      return (r - 1) * 9 + (c - 1);
    });
    const digits = cells.map((c) => d[c]);
    assert.equal(new Set(digits).size, digits.length, `no repeat in ${line}`);
    if (m[1]) assert.equal(digits.reduce((a, b) => a + b, 0), Number(m[1]), line);
  }
  return cages;
}

export const tests = [
  {
    name: "killer editor: the example is unique and its solution keeps every cage; the link reopens it",
    async run(t) {
      const page = await openEditor(t);
      assert.equal(await verdict(t), "unique");
      assert.equal(await page.locator(".c-cage").count(), 27, "27 cages drawn");
      assert.equal(await page.locator('[data-testid="cconstraint"]').count(), 27);
      await t.click("csolve");
      await t.until(() => !document.querySelector('[data-testid="cgrid"]').dataset.shown.includes("."));
      const grid = await t.attr("cgrid", "data-shown");
      const text = await t.tid("ctext").inputValue();
      assert.equal(checkKiller(grid, text), 27);
      // The URL carries the puzzle: a reload opens the same cages.
      assert.match(page.url(), /#sudoku\/killer\/[A-Za-z0-9+$-]+/);
      await page.reload();
      await t.tid("cgrid").waitFor();
      assert.equal(await page.locator(".c-cage").count(), 27);
      assert.equal(await verdict(t), "unique");
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.evaluate((s) => (document.documentElement.dataset.theme = s), scheme);
        await t.shot(`killer-editor-desktop-${scheme}`);
      }
    },
  },
  {
    name: "killer editor: drawing the missing cage turns several solutions into one; a bad line is named and kept",
    async run(t) {
      const page = await openEditor(t);
      await t.tid("ctext").fill(PARTIAL);
      await t.click("capply-text");
      assert.equal(await verdict(t), "several", "without five cages there is more than one solution");
      // True candidates: some cell has more than one.
      await t.click("ccandidates");
      await t.until(() => document.querySelectorAll(".c-cand").length > 0);
      // Draw the cage r1c6 + r2c6 with its sum.
      await select(t, [5, 14]);
      assert.match(await t.tid("cselection").innerText(), /r1c6 r2c6/);
      await t.tid("csum").fill("13");
      await t.click("ctool-cage");
      assert.equal(await verdict(t), "unique", "the drawn cage makes it unique");
      assert.match(await t.tid("ctext").inputValue(), /killer 13: r1c6 r2c6/);
      // Undo takes the cage back out.
      await t.click("cundo");
      assert.equal(await verdict(t), "several");
      // A line that does not read: the message names it, the text stays.
      const bad = "size 9\nthermo r1c1 r9c9";
      await t.tid("ctext").fill(bad);
      await t.click("capply-text");
      assert.match(await t.tid("cmessage").innerText(), /line 2/);
      assert.equal(await t.tid("ctext").inputValue(), bad, "what was typed is kept");
      // A dot between cells that do not touch is refused by name.
      await select(t, [0, 40]);
      await t.click("ctool-white");
      assert.match(await t.tid("cmessage").innerText(), /white dot/i);
    },
  },
  {
    name: "killer editor: a thermometer drawn by dragging, a digit typed, a global rule, at 375 px light and dark",
    async run(t) {
      for (const scheme of ["light", "dark"]) {
        const page = await t.newPage({ width: 375, height: 812, colorScheme: scheme, isMobile: true });
        await openEditor(t, { page });
        await t.click("cclear", page);
        assert.equal(await verdict(t, page), "several");
        // Drag across r1c1 → r1c3.
        await t.tid("cgrid", page).scrollIntoViewIfNeeded();
        const a = await page.locator('.c-cell[data-cell="0"]').boundingBox();
        const c = await page.locator('.c-cell[data-cell="2"]').boundingBox();
        await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
        await page.mouse.down();
        await page.mouse.move(a.x + a.width * 1.5, a.y + a.height / 2, { steps: 4 });
        await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2, { steps: 4 });
        await page.mouse.up();
        assert.match(await t.tid("cselection", page).innerText(), /r1c1 r1c2 r1c3/);
        await t.click("ctool-thermo", page);
        assert.equal(await page.locator(".c-thermo").count(), 1);
        assert.match(await t.tid("ctext", page).inputValue(), /thermo r1c1 r1c2 r1c3/);
        // A digit on the selected cell (the last one picked).
        await select(t, [40], page);
        await t.click("cpad-5", page);
        assert.equal((await t.attr("cgrid", "data-shown", page))[40], "5");
        await t.tid("crule-antiknight", page).check();
        assert.match(await t.tid("clist", page).innerText(), /anti-knight/);
        assert.equal(await verdict(t, page), "several");
        await t.shot(`killer-editor-mobile-${scheme}`, page, { fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `no sideways scroll at 375 px (${overflow} px)`);
      }
    },
  },
];
