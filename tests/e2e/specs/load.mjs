// The first visit on a slow link: the loading screen says what is coming
// and how much of the app has arrived.

import { assert } from "../lib/harness.mjs";

export const tests = [
  {
    name: "on a slow link the loading screen shows what is coming and the bytes received",
    timeout: 90000,
    async run(t) {
      const page = await t.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      // About 16 Mbit/s: the app's wasm takes a couple of seconds.
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 60,
        downloadThroughput: 2_000_000,
        uploadThroughput: 500_000,
      });
      await page.goto(t.base + "#sudoku");
      const what = await page.locator("#boot .boot-what").innerText();
      assert.match(what, /Sudoku/);
      assert.match(what, /offline/);
      const readings = new Set();
      let text = "";
      const until = Date.now() + 60000;
      while (Date.now() < until) {
        const r = await page.evaluate(() => {
          const p = document.getElementById("boot-progress");
          return {
            bytes: p && p.getAttribute("data-bytes"),
            text: p ? p.textContent : "",
            ready: document.documentElement.getAttribute("data-app") === "ready",
          };
        });
        if (r.bytes) readings.add(r.bytes);
        if (/MB/.test(r.text)) text = r.text;
        if (r.ready) break;
        await page.waitForTimeout(50);
      }
      await t.ready(page);
      assert.ok(readings.size >= 3, `several progress readings while loading: ${[...readings]}`);
      assert.match(text, /^\d+\.\d of \d+\.\d MB \(\d+ %\)$/, `progress in MB and per cent: "${text}"`);
      // The app replaced the loading screen.
      assert.equal(await page.locator("#boot").isVisible(), false);
      t.note(`${readings.size} readings, last "${text}"`);
    },
  },
];
