// Layout: phones (375 px, touch) without horizontal scrolling, comfortable
// touch targets, and the screenshots (desktop and phone, light and dark)
// that a person looks at under target/e2e/.

import { assert } from "../lib/harness.mjs";
import { PUZZLES } from "../lib/puzzles.mjs";

async function noHorizontalScroll(page) {
  return page.evaluate(() => {
    const d = document.documentElement;
    return { scroll: d.scrollWidth, client: d.clientWidth, body: document.body.scrollWidth };
  });
}

export const tests = [
  {
    name: "375 px wide: no horizontal scroll for 9×9, 16×16 and 25×25; tap entry works",
    async run(t) {
      const page = await t.newPage({ width: 375, height: 812, isMobile: true });
      await t.open();
      for (const shape of ["3x3", "4x4", "5x5", "2x3"]) {
        await t.tid("size-select").selectOption(shape);
        const m = await noHorizontalScroll(page);
        assert.ok(m.scroll <= m.client && m.body <= m.client, `${shape}: ${JSON.stringify(m)}`);
        const box = await t.tid("grid").boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= 375, `${shape} grid inside: ${JSON.stringify(box)}`);
      }
      await t.tid("size-select").selectOption("3x3");
      // Touch: tap a cell, tap a keypad digit.
      await page.locator("#cell-12").tap();
      await t.tid("pad-7").tap();
      assert.equal((await t.puzzle())[12], "7");
      const pad = await t.tid("pad-7").boundingBox();
      assert.ok(pad.height >= 44 && pad.width >= 44, `keypad key ${pad.width}×${pad.height}`);
      const cell = await page.locator("#cell-12").boundingBox();
      t.note(`9×9 cell ${Math.round(cell.width)} px, key ${Math.round(pad.width)}×${Math.round(pad.height)} px`);
      assert.ok(cell.width >= 36, `cells ${cell.width} px`);
      const m = await noHorizontalScroll(page);
      assert.ok(m.scroll <= m.client, JSON.stringify(m));
      // Every workbench tab is whole on screen (no sideways-scrolling nav).
      for (const id of ["sudoku", "polyforms", "quantumino", "hexads"]) {
        const link = t.tid(`nav-${id}`);
        const b = await link.boundingBox();
        assert.ok(b && b.x >= 0 && b.x + b.width <= 375, `nav ${id}: ${JSON.stringify(b)}`);
        const clipped = await link.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        assert.ok(!clipped, `nav ${id} label clipped`);
        assert.ok(b.height >= 32, `nav ${id} tap target ${b.height} px high`);
      }
    },
  },
  {
    name: "screenshots: desktop and 375 px, light and dark",
    timeout: 120000,
    async run(t) {
      for (const scheme of ["light", "dark"]) {
        // Desktop: a solved puzzle with a selection and a note.
        let page = await t.newPage({ width: 1280, height: 900, colorScheme: scheme });
        await t.open("#sudoku/" + PUZZLES.escargot.puzzle);
        await t.click("solve");
        await t.waitRun("waiting");
        await page.locator("#cell-30").click();
        await t.shot(`desktop-${scheme}`);
        await t.click("clear-solution");
        await page.locator("#cell-1").click();
        await page.keyboard.press(" ");
        for (const d of ["2", "4", "5", "6"]) await page.keyboard.press(d);
        await page.keyboard.press(" ");
        await page.locator("#cell-3").click();
        await page.keyboard.press("1");
        await t.shot(`desktop-editing-${scheme}`);
        // Phone.
        page = await t.newPage({ width: 375, height: 812, colorScheme: scheme, isMobile: true });
        await t.open("#sudoku/" + PUZZLES.h.puzzle);
        await t.click("solve");
        await t.waitRun("waiting");
        await page.locator("#cell-40").tap();
        await t.shot(`mobile-${scheme}`);
        await t.shot(`mobile-full-${scheme}`, page, { fullPage: true });
      }
      let page = await t.newPage({ width: 375, height: 812, isMobile: true });
      await t.open("#sudoku/" + PUZZLES.j.puzzle.replace(/^/, "4x4/"));
      await t.shot("mobile-16x16-light");
      // A first visit: no link, no saved state.
      // It opens on the home; the nav leads to the Sudoku grid.
      page = await t.newPage({ width: 1280, height: 900 });
      await page.goto(t.base);
      await t.readyHome();
      await t.click("nav-sudoku");
      await t.ready();
      assert.match(await t.statusText(), /Welcome/);
      await t.shot("first-visit-desktop-light");
    },
  },
];
