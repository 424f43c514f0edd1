// The Hexads workbench: MINIMOG and kitten drawings, find_hexad by clicking,
// labelings, the shape browser, SVG download and a full blackjack game.

import { assert } from "../lib/harness.mjs";

async function openHexads(t, { width = 1280, height = 900, colorScheme = "light", isMobile = false } = {}) {
  const page = await t.newPage({ width, height, colorScheme, isMobile });
  await page.goto(t.base + "#hexads");
  await page.waitForSelector('html[data-app="ready"] [data-testid="minimog-svg"] [data-testid="minimog-0"]', { timeout: 20000 });
  return page;
}

const sage = (t, page) => t.tid("hexad-result", page).getAttribute("data-sage");

export const tests = [
  {
    name: "hexads: clicking five points shows Sage's hexad on both drawings (Sage's examples)",
    async run(t) {
      const page = await openHexads(t);
      for (const p of [0, 1, 2, 3, 4]) await t.click(`minimog-${p}`, page);
      assert.equal(await sage(t, page), "([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])");
      assert.equal(await t.attr("minimog-11", "data-state", page), "completes");
      // Every kitten copy of point 11 lights up too.
      const kitten11 = await page.$$eval('[data-testid^="kitten-"][data-point="11"]', (gs) => gs.map((g) => g.dataset.state));
      assert.ok(kitten11.length >= 1 && kitten11.every((s) => s === "completes"), JSON.stringify(kitten11));
      assert.match(await t.tid("hexad-result", page).innerText(), /type 3: two points at infinity/);
      // Clear, then pick on the kitten: (2, 3, 4, 5, 8) -> two parallel lines.
      await t.click("hexad-clear", page);
      for (const p of [2, 3, 4, 5, 8]) {
        await page.locator(`[data-testid^="kitten-"][data-point="${p}"]`).first().click();
      }
      assert.equal(await sage(t, page), "([2, 3, 4, 5, 8, 11], ['lines (1, 2)', 'picture 1'])");
      await t.click("hexad-clear", page);
      for (const p of [0, 1, 2, 4, 6]) await t.click(`minimog-${p}`, page);
      assert.equal(await sage(t, page), "([0, 1, 2, 4, 6, 8], ['line 1', 'picture 1'])");
      // The choice is in the URL (written in the frame after the click's).
      await page.waitForFunction(() => location.hash === "#hexads/shuffle:0,1,2,4,6", null, { timeout: 2000 });
      // modulo 11 labeling: infinity is a point.
      await t.click("labeling-modulo11", page);
      for (const p of [1, 2, 3, 4, 11]) await t.click(`minimog-${p}`, page);
      assert.equal(await sage(t, page), "([1, 2, 3, 4, 10, +Infinity], ['square 8', 'picture 0'])");
      assert.equal((await t.tid("minimog-11", page).textContent()).trim(), "∞");
      assert.equal(await t.attr("minimog-11", "aria-label", page), "point +Infinity");
      await page.screenshot({ path: `${t.shots}/hexads-desktop.png`, fullPage: true });
    },
  },
  {
    name: "hexads: the shape browser shows Sage's 12 lines, 18 crosses and 18 squares; SVGs download",
    async run(t) {
      const page = await openHexads(t);
      assert.equal(await page.locator('[data-testid="shape-grid"] figure').count(), 12);
      assert.equal(await page.locator('[data-testid="shape-grid"] figure').nth(1).getAttribute("title"), "[0 0 0]\n[1 1 1]\n[0 0 0]");
      await t.tid("shape-kind", page).selectOption("1");
      assert.equal(await page.locator('[data-testid="shape-grid"] figure').count(), 18);
      assert.equal(await page.locator('[data-testid="shape-grid"] figure').nth(1).getAttribute("title"), "[1 1 1]\n[0 0 1]\n[0 0 1]");
      await t.tid("shape-kind", page).selectOption("2");
      assert.equal(await page.locator('[data-testid="shape-grid"] figure').nth(1).getAttribute("title"), "[0 0 0]\n[1 1 0]\n[1 1 0]");
      const [download] = await Promise.all([page.waitForEvent("download"), t.click("download-kitten", page)]);
      assert.equal(download.suggestedFilename(), "kitten.svg");
    },
  },
  {
    name: "blackjack: a game played with the hints ends, and the hint follower wins; a win is shown in the success colour, a loss in the error colour",
    async run(t) {
      const page = await openHexads(t);
      for (let seed = 0; seed < 3; seed++) {
        if (seed > 0) await t.click("bj-new", page);
        let moves = 0;
        while ((await t.tid("game-over", page).count()) === 0) {
          assert.ok(moves++ < 40, "the game ends");
          const hint = await t.attr("bj-hint", "data-hint", page);
          let from, to;
          if (hint) {
            [from, to] = hint.split("-");
          } else {
            // No winning move: any legal one (a table card above a pile card).
            const table = (await page.$$eval('[data-testid^="table-card-"]', (b) => b.map((x) => +x.textContent))).sort((a, b) => b - a);
            const pile = (await page.$$eval('[data-testid^="pile-card-"]', (b) => b.map((x) => +x.textContent))).sort((a, b) => a - b);
            from = table[0];
            to = pile[0];
          }
          await t.click(`table-card-${from}`, page);
          await t.click(`pile-card-${to}`, page);
        }
        const verdict = await t.tid("game-over", page).innerText();
        assert.match(verdict, /You win!|The computer wins\./);
        t.note(`deal ${seed + 1}: ${verdict} after ${moves} moves`);
      }
      // The verdict's colour is the theme's success or error colour, by winner.
      const verdictColour = () =>
        page.evaluate(() => {
          const el = document.querySelector('[data-testid="game-over"]');
          const probe = (v) => {
            const s = document.createElement("span");
            s.style.color = `var(${v})`;
            document.body.append(s);
            const c = getComputedStyle(s).color;
            s.remove();
            return c;
          };
          const c = getComputedStyle(el).color;
          return { winner: el.dataset.winner, good: c === probe("--good"), bad: c === probe("--bad") };
        });
      assert.deepEqual(await verdictColour(), { winner: "human", good: true, bad: false }, "a win is green");
      // Played without the hints (always the highest table card for the
      // lowest pile card), the computer wins one of the next deals.
      let lost = false;
      for (let deal = 0; deal < 6 && !lost; deal++) {
        await t.click("bj-new", page);
        for (let moves = 0; (await t.tid("game-over", page).count()) === 0; moves++) {
          assert.ok(moves < 40, "the game ends");
          const table = (await page.$$eval('[data-testid^="table-card-"]', (b) => b.map((x) => +x.textContent))).sort((a, b) => b - a);
          const pile = (await page.$$eval('[data-testid^="pile-card-"]', (b) => b.map((x) => +x.textContent))).sort((a, b) => a - b);
          await t.click(`table-card-${table[0]}`, page);
          await t.click(`pile-card-${pile[0]}`, page);
        }
        const c = await verdictColour();
        if (c.winner === "computer") {
          assert.deepEqual(c, { winner: "computer", good: false, bad: true }, "a loss is not shown as a success");
          lost = true;
        } else assert.deepEqual(c, { winner: "human", good: true, bad: false });
      }
      assert.ok(lost, "the computer won a deal played without the hints");
      // Illegal moves are explained, not made.
      await t.click("bj-new", page);
      const table = await page.$$eval('[data-testid^="table-card-"]', (b) => b.map((x) => +x.textContent));
      const pile = await page.$$eval('[data-testid^="pile-card-"]', (b) => b.map((x) => +x.textContent));
      const low = Math.min(...table);
      const higher = pile.find((c) => c > low);
      if (higher !== undefined) {
        await t.click(`table-card-${low}`, page);
        await t.click(`pile-card-${higher}`, page);
        assert.match(await t.tid("bj-message", page).innerText(), /LOWER/);
      }
      await page.screenshot({ path: `${t.shots}/blackjack-desktop.png`, fullPage: true });
      const phone = await openHexads(t, { width: 375, height: 812, isMobile: true });
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no horizontal scroll at 375 px (${overflow})`);
      await phone.screenshot({ path: `${t.shots}/hexads-mobile.png`, fullPage: true });
    },
  },
];
