// A locked-down page. The Content-Security-Policy is a <meta> in
// index.html (static hosts may send no headers) completed at build time with
// the hash of Trunk's inline loader (scripts/csp.mjs). Every test of the run
// fails on any violation (run.mjs); this spec checks that the policy is the
// one promised and that it is really enforced. Also: hostile links, a full
// storage and the end of a blackjack game answered in words.

import { assert } from "../lib/harness.mjs";

export const tests = [
  {
    name: "trust: the page's CSP allows only this site's scripts and is enforced (no eval, no inline, no plugins)",
    async run(t) {
      const page = await t.open("#sudoku");
      const policy = await page.evaluate(
        () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content") || ""
      );
      const directives = new Map(
        policy
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...sources]) => [name, sources])
      );
      const script = directives.get("script-src") || [];
      assert.ok(script.includes("'self'") && script.includes("'wasm-unsafe-eval'"), `script-src: ${script.join(" ")}`);
      assert.ok(!script.includes("'unsafe-eval'") && !script.includes("'unsafe-inline'"), `script-src: ${script.join(" ")}`);
      // Trunk's loader is allowed by its hash, nothing else inline.
      const hashes = script.filter((s) => s.startsWith("'sha256-"));
      assert.equal(hashes.length, await page.evaluate(() => [...document.scripts].filter((s) => !s.src).length));
      assert.deepEqual(directives.get("worker-src"), ["'self'"]);
      assert.deepEqual(directives.get("object-src"), ["'none'"]);
      assert.deepEqual(directives.get("base-uri"), ["'none'"]);
      // The policy comes before every script, so it governs all of them.
      assert.ok(
        await page.evaluate(() => {
          const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
          return [...document.scripts].every((s) => meta.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);
        }),
        "the CSP meta precedes every script"
      );

      // Enforced: an injected inline script and a foreign script are
      // refused, and the refusals reported (which is how every other test
      // would fail). (Playwright's own evaluate runs outside the policy, so
      // eval is checked through the directive above, not by calling it.)
      await page.evaluate(() => {
        const s = document.createElement("script");
        s.src = "https://example.invalid/tracker.js";
        document.body.appendChild(s);
      });
      await page.evaluate(() => {
        const s = document.createElement("script");
        s.textContent = "window.__injected = true;";
        document.body.appendChild(s);
      });
      assert.equal(await page.evaluate(() => window.__injected === true), false, "an injected inline script must not run");
      await page.waitForFunction(() => true);
      for (let i = 0; i < 40 && t.cspViolations.length < 2; i++) await page.waitForTimeout(50);
      assert.ok(t.cspViolations.some((v) => /^script-src.* blocked inline/.test(v)), t.cspViolations.join("\n"));
      assert.ok(t.cspViolations.some((v) => /^script-src.* blocked https:\/\/example\.invalid/.test(v)), t.cspViolations.join("\n"));
      t.note(`policy: ${policy.length} chars; refusals seen: ${t.cspViolations.length}`);
      // Those two were ours; the app itself must have caused none.
      t.cspViolations.length = 0;
      // Chrome logs the refusals as console errors: they were ours too.
      t.errors = t.errors.filter((e) => !/Content Security Policy|unsafe-eval|EvalError/i.test(e));

      // The app still works under the policy: the worker solves.
      await t.click("solve");
      await t.waitRun("waiting");
      assert.match(await t.statusText(), /Solved with/);
    },
  },
  {
    name: "trust: bad or oversized links in every workbench are answered with a notice naming what was wrong",
    async run(t) {
      const notices = (page) => t.tid("notice", page).allInnerTexts();
      const page = await t.newPage();
      const cases = [
        ["#quantumino/aside=99", /piece aside “aside=99” is not a piece number from 0 to 16/],
        ["#quantumino/5/999x999x999/0", /box “999x999x999” cannot be used/],
        ["#hexads/shuffle:1,1,1,1,1", /point 1 more than once/],
        ["#hexads/octal:3,99", /MINIMOG “octal”/],
        ["#polyforms/lib/does-not-exist", /No puzzle “does-not-exist”/],
        [`#quantumino/${"9".repeat(5000)}`, /is not a piece number/],
      ];
      for (const [hash, expected] of cases) {
        await page.goto("about:blank");
        await page.goto(t.base + hash);
        await page.waitForSelector('html[data-app="ready"] [data-testid="notice"]', { timeout: 20000 });
        await t.until((re) => [...document.querySelectorAll('[data-testid="notice"]')].some((n) => new RegExp(re).test(n.textContent)), expected.source, { page });
        const all = await notices(page);
        assert.ok(all.some((n) => expected.test(n)), `${hash.slice(0, 40)}: ${JSON.stringify(all)}`);
        assert.ok(all.every((n) => n.length < 400), "a notice quotes at most a clipped part of the link");
      }
      // The hexads link chose point 1 once: one point selected, four to pick.
      await page.goto("about:blank");
      await page.goto(t.base + "#hexads/shuffle:1,1,1,1,1");
      await page.waitForSelector('html[data-app="ready"] [data-testid="minimog-1"]');
      assert.equal(await page.locator('[data-testid^="minimog-"][data-state="selected"]').count(), 1);
      assert.doesNotMatch(await page.locator("body").innerText(), /Pick 0 more/);
      // A good link says nothing.
      await page.goto("about:blank");
      await page.goto(t.base + "#hexads/shuffle:0,1,2,3,4");
      await page.waitForSelector('html[data-app="ready"] [data-testid="minimog-1"]');
      assert.deepEqual(await notices(page), []);
    },
  },
  {
    name: "trust: a full localStorage is reported once and nothing on the page is lost",
    async run(t) {
      const page = await t.newPage();
      // From the next write on, every setItem fails as a full quota does.
      await page.addInitScript(() => {
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (window.__storageFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
          return real.call(this, key, value);
        };
      });
      await t.open("#sudoku", { page });
      await t.click("clear-all", page);
      await page.evaluate(() => (window.__storageFull = true));
      await page.locator("#cell-0").click();
      await page.keyboard.press("5");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("7");
      await t.until(() => [...document.querySelectorAll('[data-testid="notice"]')].some((n) => /cannot save your work/.test(n.textContent)), null, { page });
      const all = await t.tid("notice", page).allInnerTexts();
      assert.equal(all.filter((n) => /cannot save/.test(n)).length, 1, "told once");
      assert.match(all.find((n) => /cannot save/.test(n)), /storage for the site is full.*share link/s);
      // What the user typed is on the page, and further typing still works.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("3");
      assert.match(await t.puzzle(page), /^573/);
      assert.equal((await t.tid("notice", page).allInnerTexts()).filter((n) => /cannot save/.test(n)).length, 1);
      // The theme toggle (another write) neither throws nor repeats the notice.
      await t.click("theme-toggle", page).catch(() => {});
      assert.match(await t.puzzle(page), /^573/);
    },
  },
  {
    name: "trust: blackjack's last message says how the game ended, and the cards are dead after it",
    async run(t) {
      const page = await t.newPage();
      await page.goto(t.base + "#hexads");
      await page.waitForSelector('html[data-app="ready"] [data-testid="blackjack"]', { timeout: 20000 });
      for (let deal = 0; deal < 2; deal++) {
        if (deal > 0) await t.click("bj-new", page);
        let moves = 0;
        while ((await t.tid("game-over", page).count()) === 0) {
          assert.ok(moves++ < 40, "the game ends");
          // Deal 0 follows the hints (the human wins), deal 1 plays the
          // highest card for the lowest (the computer may win).
          const hint = deal === 0 ? await t.attr("bj-hint", "data-hint", page) : "";
          let from, to;
          if (hint) [from, to] = hint.split("-");
          else {
            const table = (await page.$$eval('[data-testid^="table-card-"]', (b) => b.map((x) => +x.textContent))).sort((a, b) => b - a);
            const pile = (await page.$$eval('[data-testid^="pile-card-"]', (b) => b.map((x) => +x.textContent))).sort((a, b) => a - b);
            [from, to] = [table[0], pile[0]];
          }
          await t.click(`table-card-${from}`, page);
          await t.click(`pile-card-${to}`, page);
        }
        const verdict = await t.tid("game-over", page).innerText();
        const message = await t.tid("bj-message", page).innerText();
        const total = +(await t.tid("bj-total", page).innerText()).replace(/\D+/g, "");
        // The message is the last move, ending the way the verdict says.
        assert.match(message, /^You swapped \d+ for \d+/, message);
        assert.ok(message.includes(`totals ${total}, under 21`) || /No legal move is left/.test(message), `${message} / total ${total}`);
        t.note(`deal ${deal + 1}: ${verdict} — “${message}”`);
        // Every card and the hint are disabled; a click changes nothing.
        assert.equal(await page.locator('.bj-card:not([disabled])').count(), 0);
        assert.ok(await t.tid("bj-hint", page).isDisabled());
        await page.locator('[data-testid^="pile-card-"]').first().click({ force: true });
        assert.equal(await t.tid("bj-message", page).innerText(), message);
      }
    },
  },
];
