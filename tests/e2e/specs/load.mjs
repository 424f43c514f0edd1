// The first visit on a slow link: the loading screen says what is coming
// and how much of the app has arrived, and the first screen fetches only
// what it needs.

import { assert } from "../lib/harness.mjs";

/** A slow phone's profile: 9 Mbit/s down, 60 ms round trip (or another). */
async function throttle(page, { mbits = 9, latency = 60 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency,
    downloadThroughput: ((mbits * 1_000_000) / 8) | 0,
    uploadThroughput: ((mbits * 1_000_000) / 8) | 0,
  });
  return cdp;
}

/** Note (in the page, before its scripts run) the wall-clock moment the
 * Sudoku grid is usable. */
async function markGridReady(page) {
  await page.addInitScript(() => {
    const sel = 'html[data-app="ready"] [data-testid="grid"] [role="gridcell"]';
    new MutationObserver(() => {
      if (window.__gridWall === undefined && document.querySelector(sel))
        window.__gridWall = performance.timeOrigin + performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

export const tests = [
  {
    // index.html's loading screen copies the home's hero so that its words
    // are on screen before the wasm (Lighthouse's LCP): it must say what the
    // app then says, in the same place and size.
    name: "the loading screen is the home's hero: the same words, and the same size of lead text",
    async run(t) {
      const page = await t.newPage({ width: 412, height: 823, isMobile: true });
      // Before the app runs: the static page alone (no scripts).
      const bare = await t.browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
      const stat = await bare.newPage();
      await stat.goto(t.base);
      const boot = await stat.evaluate(() => {
        const lead = document.querySelector("#boot .home-lead");
        const r = lead.getBoundingClientRect();
        return { title: document.querySelector("#boot h1").textContent, lead: lead.textContent, w: r.width, h: r.height };
      });
      await bare.close();
      await page.goto(t.base);
      await t.readyHome(page);
      const app = await page.evaluate(() => {
        const lead = document.querySelector('[data-testid="home-lead"]');
        const r = lead.getBoundingClientRect();
        return { title: document.getElementById("home-title").textContent, lead: lead.textContent, w: r.width, h: r.height };
      });
      const squash = (s) => s.replace(/\s+/g, "");
      assert.equal(squash(boot.title), squash(app.title), "the same title");
      assert.equal(boot.lead.replace(/\s+/g, " ").trim(), app.lead.replace(/\s+/g, " ").trim(), "the same lead");
      assert.ok(Math.abs(boot.w - app.w) <= 2 && Math.abs(boot.h - app.h) <= 2, `lead box: boot ${boot.w}×${boot.h}, app ${app.w}×${app.h}`);
      t.note(`lead ${app.w}×${app.h} px in both`);
    },
  },
  {
    name: "on a slow link the loading screen shows what is coming and the bytes received",
    timeout: 90000,
    async run(t) {
      const page = await t.newPage();
      // A slower link still (1.6 Mbit/s, 150 ms), watched from the first
      // byte of the page: the split app's first screen is small enough to
      // arrive between two readings on the 9 Mbit/s one.
      await throttle(page, { mbits: 1.6, latency: 150 });
      await page.goto(t.base + "#sudoku", { waitUntil: "commit" });
      const what = await page.locator("#boot .boot-what").innerText();
      assert.match(what, /Sudoku/);
      assert.match(await page.locator("#boot").innerText(), /offline/);
      await t.shot("loading-screen", page);
      const readings = new Set();
      let built = 0; // the loading screen is gone once the app is ready
      let text = "";
      const until = Date.now() + 60000;
      while (Date.now() < until) {
        const r = await page.evaluate(() => {
          const p = document.getElementById("boot-progress");
          return {
            built: p && p.getAttribute("data-wasm-bytes"),
            bytes: p && p.getAttribute("data-bytes"),
            text: p ? p.textContent : "",
            ready: document.documentElement.getAttribute("data-app") === "ready",
          };
        });
        if (r.bytes) readings.add(r.bytes);
        if (r.built) built = +r.built;
        if (/MB/.test(r.text)) text = r.text;
        if (r.ready) break;
        await page.waitForTimeout(50);
      }
      await t.ready(page);
      assert.ok(readings.size >= 3, `several progress readings while loading: ${[...readings]}`);
      assert.match(text, /^\d+\.\d of \d+\.\d MB \(\d+ %\)$/, `progress in MB and per cent: "${text}"`);
      // The total shown is the real size of the wasm this route needs: the
      // main module and the Sudoku workbench's chunks, which the loader
      // preloaded beside it. The build wrote their sizes into the page (a
      // compressing host's Content-Length would not be theirs).
      const parts = await page.evaluate(async () => {
        const srcs = [...document.querySelectorAll('link[rel="preload"][as="fetch"]')].map((l) => l.href).filter((h) => h.endsWith(".wasm"));
        return Promise.all(srcs.map(async (src) => [src.split("/").pop(), (await (await fetch(src)).arrayBuffer()).byteLength]));
      });
      const names = parts.map(([n]) => n);
      assert.ok(names.includes("app_bg.wasm") && names.includes("split_sudoku.wasm"), `main module and Sudoku chunk preloaded: ${names}`);
      assert.ok(!names.some((n) => /^split_(?!sudoku)/.test(n)), `no other workbench preloaded: ${names}`);
      const real = parts.reduce((a, [, n]) => a + n, 0);
      assert.equal(built, real, "the page knows the size of what it loads");
      assert.equal(text.split(" of ")[1].split(" MB")[0], (real / 1048576).toFixed(1), "the total shown is that size");
      // Received bytes never exceed the total.
      assert.ok(Math.max(...[...readings].map(Number)) <= real, "received ≤ total");
      // The app replaced the loading screen.
      assert.equal(await page.locator("#boot").count(), 0);
      t.note(`${readings.size} readings, last "${text}"`);
    },
  },
  {
    name: "the home's first screen is the main module alone; a workbench's chunk arrives when it is opened",
    timeout: 90000,
    async run(t) {
      const page = await t.newPage();
      await page.goto(t.base);
      await t.readyHome(page);
      // What the page itself fetched (the service worker's precache, which
      // takes every chunk for offline use once the page is idle, is not the
      // page's).
      const chunks = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((e) => new URL(e.name).pathname)
            .filter((p) => /\/app-[0-9a-f]+\/(chunk|split)_\w+\.wasm$/.test(p))
        );
      assert.deepEqual(await chunks(), [], "no workbench chunk for the home");
      // Opening Polyforms fetches its chunk (and what it shares with
      // others), shows it, and nothing of the other workbenches.
      await page.locator('.app-nav a[href="#polyforms"]').click();
      await page.locator('[data-testid="view-title"]', { hasText: "Polyforms" }).waitFor();
      await page.locator('[data-testid="workbench-loading"]').waitFor({ state: "detached" });
      const got = (await chunks()).map((p) => p.split("/").pop());
      assert.ok(got.includes("split_polyforms.wasm"), `the Polyforms chunk: ${got}`);
      assert.ok(!got.some((n) => /^split_(?!polyforms)/.test(n)), `only that workbench's chunk: ${got}`);
      // Back home and in again: the chunk is not fetched twice.
      await page.locator('[data-testid="brand"]').click();
      await page.locator(".home-hero h1").waitFor();
      await page.goto(t.base + "#polyforms");
      await page.locator('[data-testid="view-title"]', { hasText: "Polyforms" }).waitFor();
      const again = (await chunks()).filter((p) => p.endsWith("/split_polyforms.wasm"));
      assert.equal(again.length, 1, `fetched once: ${again}`);
      t.note(`home: no chunk; Polyforms: ${got.join(", ")}`);
    },
  },
  {
    name: "a workbench whose chunk fails to load: a notice names it, the page keeps working",
    allowConsoleErrors: ["Failed to load resource", "Failed to fetch"],
    timeout: 60000,
    async run(t) {
      const page = await t.newPage();
      await page.route(/\/split_polyforms\.wasm$/, (r) => r.abort());
      await page.goto(t.base);
      await t.readyHome(page);
      await page.locator('.app-nav a[href="#polyforms"]').click();
      const notice = page.locator('[data-testid="notice"]', { hasText: "The Polyforms workbench could not be loaded" });
      await notice.waitFor({ timeout: 20000 });
      assert.match(await notice.innerText(), /Check the connection, then reload the page/);
      // No panic, no stuck status line; the home is still on screen.
      await page.locator('[data-testid="workbench-loading"]').waitFor({ state: "detached" });
      assert.equal(await page.locator(".panic-banner").count(), 0, "no crash banner");
      assert.equal(await page.locator(".home-hero h1").count(), 1, "the home stays");
      // Another workbench still opens.
      await t.click("nav-sudoku", page);
      await t.ready(page);
      await t.shot("chunk-failed", page);
    },
  },
  {
    name: "first screen: before the grid only the page, its CSS and JS and the app wasm; worker and service worker after, catalogue never",
    timeout: 90000,
    async run(t) {
      const page = await t.newPage();
      await markGridReady(page);
      await throttle(page);
      const from = t.server.served.log.length;
      await page.goto(t.base + "#sudoku");
      await t.ready(page);
      await page.waitForFunction(() => window.__gridWall !== undefined);
      const gridAt = await page.evaluate(() => window.__gridWall);
      // The worker (warmed up after the first paint) and the service
      // worker (registered when the app is ready and the page idle) follow.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
      const log = t.server.served.log.slice(from);
      const before = log.filter((e) => e.at <= gridAt).map((e) => e.path);
      const after = log.filter((e) => e.at > gridAt).map((e) => e.path);
      for (const p of before)
        assert.match(
          p,
          /^\/(|index\.html|theme\.js|boot\.js|icon\.svg|icon-192\.png|manifest\.webmanifest|[a-z]+-[0-9a-f]+\.css|app-[0-9a-f]+\/(app\.js|app_bg\.wasm|__wasm_split\.js|chunk_\d+\.wasm|split_sudoku\.wasm))$/,
          `fetched before the grid: ${p}`
        );
      assert.ok(before.some((p) => /app-[0-9a-f]+\/app_bg\.wasm$/.test(p)), `the app wasm came first: ${before}`);
      assert.ok(before.some((p) => p.endsWith("/split_sudoku.wasm")), `the Sudoku workbench's chunk came with it: ${before}`);
      assert.ok(after.some((p) => /worker(-[0-9a-f]+)?_bg\.wasm$/.test(p)), `the worker's wasm followed: ${after}`);
      assert.ok(after.includes("/sw.js"), `the service worker followed: ${after}`);
      // The catalogue is precached by the service worker for offline use,
      // but the page itself never asked for it.
      const pageRequests = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
      assert.ok(!pageRequests.some((u) => /pp-catalogue/.test(u)), "the page did not fetch the catalogue");
      t.note(`${before.length} requests before the grid, ${after.length} after`);
    },
  },
];
