// The home (the landing view at the bare URL): what Tessera is, the four
// workbench cards with their miniatures, the "try" links that land in a
// workbench doing something, deep links unchanged, and the "?" help.

import { assert } from "../lib/harness.mjs";
import { PUZZLES } from "../lib/puzzles.mjs";

const BENCHES = ["sudoku", "polyforms", "quantumino", "hexads"];

async function openHome(t, options = {}, requests = null) {
  const page = await t.newPage(options);
  if (requests) page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(t.base);
  await t.readyHome(page);
  return page;
}

export const tests = [
  {
    name: "home: the bare URL says what Tessera is, with four cards and their miniatures, cheaply",
    async run(t) {
      const requests = [];
      const page = await openHome(t, {}, requests);
      assert.match(await t.tid("home-lead").innerText(), /Tessera is a workbench .*Sudoku.*polyforms.*Quantumino.*S\(5,6,12\)/s);
      assert.match(await t.tid("home-offline").innerText(), /offline/i);
      assert.match(await t.tid("home-install").innerText(), /install/i);
      for (const id of BENCHES) {
        const card = t.tid(`home-card-${id}`);
        assert.ok(await card.isVisible(), id);
        // A real miniature: an SVG with content.
        const shapes = await card.locator("svg.mini *").count();
        assert.ok(shapes > 20, `${id} miniature has ${shapes} shapes`);
        assert.ok((await t.tid(`home-try-${id}`).innerText()).length > 10, `${id}: something to try`);
      }
      // The first step plays; the mathematics is the second link.
      assert.match(await t.tid("home-try-sudoku").innerText(), /Play Al Escargot/);
      assert.match(await t.tid("home-maths-sudoku").innerText(), /6\.67 × 10²¹/);
      // The nav has Home first, current; the URL stays bare.
      assert.equal(await t.attr("nav-home", "aria-current"), "page");
      assert.equal(await page.evaluate(() => location.hash), "");
      assert.match(await page.title(), /^Tessera/);
      // Cheap: no 3D canvas, no Web Worker, no catalogue before the user asks
      // (the page's own requests; the service worker precaches on its own).
      await page.waitForTimeout(500);
      assert.equal(await page.locator("canvas").count(), 0, "no WebGL view on the home");
      assert.ok(requests.some((p) => /_bg\.wasm$/.test(p)), `the app loaded: ${requests.join(" ")}`);
      assert.ok(!requests.some((p) => /pp-catalogue|worker/.test(p)), `no catalogue, no worker: ${requests.join(" ")}`);
      // Screenshots: desktop and phone, light and dark.
      await t.shot("home-desktop-light", page, { fullPage: true });
      for (const [scheme, width, height, isMobile] of [["dark", 1280, 900, false], ["light", 375, 812, true], ["dark", 375, 812, true]]) {
        const p = await openHome(t, { width, height, colorScheme: scheme, isMobile });
        const name = width < 500 ? `home-mobile-${scheme}` : `home-desktop-${scheme}`;
        await t.shot(name, p, { fullPage: true });
        if (width < 500) {
          // Nothing wider than the phone.
          const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `no horizontal scroll at 375 px (${overflow})`);
        }
      }
      // On a phone the hero leaves room: the first card's first step is on
      // the first screen, down to 360×640.
      for (const [width, height] of [[390, 844], [360, 640]]) {
        const p = await openHome(t, { width, height, isMobile: true });
        const link = await p.evaluate(() => document.querySelector('[data-testid="home-try-sudoku"]').getBoundingClientRect().bottom);
        assert.ok(link <= height, `at ${width}×${height} the first card's link ends at ${Math.round(link)} px`);
        await t.shot(`home-phone-${width}x${height}`, p);
      }
    },
  },
  {
    name: "home: each card's first step (play, solve, spin, find) and its mathematics link land in the workbench doing the thing",
    timeout: 120000,
    async run(t) {
      // Hexads: the five points are picked and their hexad is lit, the
      // workbench at its top with the whole MINIMOG drawing in view (the
      // card is below the fold: the home was scrolled to reach it).
      let page = await openHome(t, { width: 1280, height: 800 });
      await t.tid("home-try-hexads").scrollIntoViewIfNeeded();
      const homeScroll = await page.evaluate(() => scrollY);
      assert.ok(homeScroll > 100, `the card was below the fold (${homeScroll})`);
      await t.click("home-try-hexads");
      await page.waitForSelector('[data-testid="hexad-result"][data-sage^="("]', { timeout: 20000 });
      assert.equal(await page.evaluate(() => scrollY), 0, "the workbench opens at its top");
      const drawing = await page.evaluate(() => {
        const r = document.querySelector('[data-testid="minimog-0"]').closest("svg").getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: innerHeight };
      });
      assert.ok(drawing.top >= 0 && drawing.bottom <= drawing.height, `the MINIMOG drawing in view: ${JSON.stringify(drawing)}`);
      assert.equal(await t.attr("hexad-result", "data-sage"), "([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])");
      assert.equal(await page.evaluate(() => location.hash), "#hexads/shuffle:0,1,2,3,4");
      // Back returns to the home, where it was scrolled.
      await page.goBack();
      await t.readyHome(page);
      await t.until((y) => Math.abs(scrollY - y) < 2, homeScroll);

      // Hexads' second link: blackjack, in view.
      await t.click("home-maths-hexads");
      await page.waitForSelector('[data-testid="blackjack"]', { timeout: 20000 });
      await t.until(() => {
        const r = document.querySelector('[data-testid="blackjack"]').getBoundingClientRect();
        return r.top >= -1 && r.top < innerHeight / 2;
      });
      await page.goBack();
      await t.readyHome(page);

      // Polyforms: the famous 6×10, solved.
      await t.click("home-try-polyforms");
      await page.waitForSelector('[data-testid="pf-drawing"][data-solution^="["]', { timeout: 60000 });
      assert.match(await page.evaluate(() => location.hash), /^#polyforms\/lib\/pentominoes-6x10/);
      assert.equal(JSON.parse(await t.attr("pf-drawing", "data-solution")).length, 12, "twelve pentominoes placed");
      // Its second link: Dana Scott's puzzle, solved.
      page = await openHome(t);
      await t.click("home-maths-polyforms");
      await page.waitForSelector('[data-testid="pf-drawing"][data-solution^="["]', { timeout: 60000 });
      assert.match(await page.evaluate(() => location.hash), /^#polyforms\/lib\/pentominoes-8x8-hole/);
      const pieces = JSON.parse(await t.attr("pf-drawing", "data-solution"));
      assert.equal(pieces.length, 12, "twelve pentominoes placed");

      // Quantumino: a packed box in 3D, its first solution drawn.
      page = await openHome(t);
      await t.click("home-try-quantumino");
      await page.waitForFunction(() => document.querySelector('[data-testid="q-view"]')?.dataset.pieces === "16", null, { timeout: 30000 });
      // The URL names the solution shown (written after the next frame).
      await t.until(() => /^#quantumino\/0\/2x5x8\/1/.test(location.hash), null, { page });
      // Its second link: the count of an aside starts (progress), and Cancel stops it.
      page = await openHome(t);
      await t.click("home-maths-quantumino");
      await page.waitForSelector('[data-testid="q-count"]', { timeout: 20000 });
      assert.match(await t.tid("q-message").innerText(), /Counting the solutions for aside 0|Resuming the count/);
      assert.match(await page.evaluate(() => location.hash), /^#quantumino\/0\/2x5x8/);
      await t.click("q-cancel");
      await page.waitForFunction(() => /cancelled/i.test(document.querySelector('[data-testid="q-message"]').innerText), null, { timeout: 20000 });

      // Sudoku: Al Escargot in play mode, the clock running.
      page = await openHome(t);
      await t.click("home-try-sudoku");
      await page.waitForSelector('[data-testid="grid"][data-mode="play"] [role="gridcell"]', { timeout: 20000 });
      assert.equal(await t.puzzle(page), "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..");
      // Its second link: the Experiments page opens on the 9×9 count, running.
      page = await openHome(t);
      await t.click("home-maths-sudoku");
      await page.waitForSelector('[data-testid="experiments"]:not([hidden])', { timeout: 20000 });
      assert.equal(await t.attr("sudoku-tab-experiments", "aria-selected"), "true");
      await page.waitForFunction(
        () => {
          const row = document.querySelector('[data-testid="count-nine"]');
          return row && (row.querySelector(".exp-progress") || row.querySelector('[data-testid="count-result-nine"]'));
        },
        null,
        { timeout: 20000 }
      );
      assert.equal(await t.tid("count-run-nine").isDisabled() || (await t.tid("count-result-nine").count()) === 1, true, "counting or counted");
    },
  },
  {
    name: "home: deep links are unchanged, and Home, the brand and the nav lead back and forth",
    async run(t) {
      const page = await t.newPage();
      await page.goto(t.base + "#sudoku/" + PUZZLES.escargot.puzzle);
      await t.ready(page);
      assert.equal(await t.puzzle(page), PUZZLES.escargot.puzzle);
      await page.goto(t.base + "#polyforms/lib/pentominoes-6x10");
      await page.waitForSelector('[data-testid="pf-title"]', { timeout: 20000 });
      assert.match(await page.evaluate(() => location.hash), /^#polyforms\/lib\/pentominoes-6x10/);
      await page.goto(t.base + "#hexads/shuffle:0,1,2,4,6");
      await page.waitForSelector('[data-testid="hexad-result"][data-sage^="("]', { timeout: 20000 });
      assert.equal(await t.attr("hexad-result", "data-sage", page), "([0, 1, 2, 4, 6, 8], ['line 1', 'picture 1'])");
      await page.goto(t.base + "#quantumino/3/2x5x8/0");
      await page.waitForSelector('[data-testid="quantumino-bench"]', { timeout: 20000 });
      assert.equal(await t.attr("q-aside-3", "aria-pressed", page), "true");
      // The nav's Home, then the brand, come back to the bare URL.
      await t.click("nav-home", page);
      await t.readyHome(page);
      assert.equal(await page.evaluate(() => location.hash), "");
      await t.click("nav-sudoku", page);
      await t.ready(page);
      await t.click("brand", page);
      await t.readyHome(page);
      // A workbench card's title opens it.
      await t.click("home-open-hexads", page);
      await page.waitForSelector('[data-testid="hexad-bench"]', { timeout: 20000 });
    },
  },
  {
    name: "help: a ? panel per workbench opens and closes by keyboard",
    async run(t) {
      const page = await openHome(t);
      // "?" on the home.
      await page.keyboard.press("?");
      await page.waitForSelector('[data-testid="help-dialog"][open]');
      assert.match(await t.tid("help-title").textContent(), /Welcome/);
      await page.keyboard.press("Escape");
      await page.waitForSelector('[data-testid="help-dialog"]:not([open])', { state: "attached" });
      // On the Sudoku workbench: keys, buttons and sources.
      await t.click("nav-sudoku");
      await t.ready();
      await page.locator("#cell-0").click();
      const before = await t.puzzle();
      await page.keyboard.press("?");
      await page.waitForSelector('[data-testid="help-dialog"][open]');
      assert.equal(await t.tid("help-title").textContent(), "Sudoku");
      const text = await t.tid("help-dialog").innerText();
      assert.match(text, /What the buttons do/i);
      assert.match(text, /Ctrl\+Z/);
      assert.match(text, /Knuth/);
      assert.match(text, /Sage/i);
      await t.shot("help-sudoku-desktop-light");
      await page.keyboard.press("Escape");
      await page.waitForSelector('[data-testid="help-dialog"]:not([open])', { state: "attached" });
      // "?" typed nothing into the grid.
      assert.equal(await t.puzzle(), before);
      // The header button, reached and pressed with the keyboard.
      // Focus the header button once the closed dialog has handed focus
      // back (that hand-back once came after our focus() under load, and
      // Enter went to the grid).
      for (let i = 0; i < 50; i++) {
        await t.tid("help-button").focus();
        await page.waitForTimeout(100);
        if (await page.evaluate(() => document.activeElement?.dataset.testid === "help-button")) break;
      }
      await page.keyboard.press("Enter");
      await page.waitForSelector('[data-testid="help-dialog"][open]');
      assert.equal(await page.evaluate(() => document.activeElement.closest("dialog") !== null), true, "focus moves into the dialog");
      await page.keyboard.press("Escape");
      await page.waitForSelector('[data-testid="help-dialog"]:not([open])', { state: "attached" });
      assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), "help-button", "focus returns to the button");
      // Every workbench has its own help with its sources.
      for (const [id, title, source] of [["polyforms", "Polyforms", /Polyform Puzzler/], ["quantumino", "Quantumino", /Sage/], ["hexads", "Hexads", /Conway/]]) {
        await t.click(`nav-${id}`);
        await t.click("help-button");
        await page.waitForSelector('[data-testid="help-dialog"][open]');
        assert.equal(await t.tid("help-title").textContent(), title);
        assert.match(await t.tid("help-dialog").innerText(), source);
        await t.click("help-close");
        await page.waitForSelector('[data-testid="help-dialog"]:not([open])', { state: "attached" });
      }
      // Phone: the dialog fits the screen.
      const phone = await openHome(t, { width: 375, height: 812, isMobile: true, colorScheme: "dark" });
      await t.click("nav-quantumino", phone);
      await t.click("help-button", phone);
      await phone.waitForSelector('[data-testid="help-dialog"][open]');
      const box = await t.tid("help-dialog", phone).boundingBox();
      assert.ok(box.width <= 375, `dialog width ${box.width}`);
      await t.shot("help-quantumino-mobile-dark", phone);
    },
  },
];
