// Offline PWA and static hosting: service worker, manifest, sub-path.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assert } from "../lib/harness.mjs";
import { PUZZLES } from "../lib/puzzles.mjs";
import { startServer } from "../lib/server.mjs";

async function waitForController(t, page) {
  await t.until(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null, null, {
    page,
    timeout: 20000,
  });
}

/** Requests whose body the server sent (status 200), per path, since `from`. */
function bodiesSent(t, from) {
  const sent = new Map();
  for (const { path, status } of t.server.served.log.slice(from)) {
    if (status === 200) sent.set(path, (sent.get(path) || 0) + 1);
  }
  return sent;
}

export const tests = [
  {
    name: "first visit: every asset crosses the network once, the service worker's precache included",
    async run(t) {
      const from = t.server.served.log.length;
      const page = await t.open();
      await waitForController(t, page);
      // The precache is complete once the worker controls the page (install
      // waits for it); count what the server sent meanwhile.
      const cached = await page.evaluate(async () => {
        const name = (await caches.keys()).find((k) => k.startsWith("tessera-"));
        return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      });
      assert.ok(cached.some((p) => /\/app-[0-9a-f]+\/app_bg\.wasm$/.test(p)), `the app's wasm is precached: ${cached}`);
      // Every workbench's chunk too: each opens offline.
      for (const w of ["sudoku", "polyforms", "quantumino", "hexads"])
        assert.ok(cached.some((p) => p.endsWith(`/split_${w}.wasm`)), `the ${w} chunk is precached: ${cached}`);
      const sent = bodiesSent(t, from);
      const twice = [...sent].filter(([path, n]) => n > 1 && /\.(wasm|js|css|html)$|\/$/.test(path));
      assert.deepEqual(twice, [], `assets whose body was sent more than once: ${JSON.stringify(twice)}`);
      const wasm = [...sent].filter(([path]) => path.endsWith(".wasm"));
      assert.ok(wasm.length >= 2, `the app and worker wasm were downloaded: ${JSON.stringify([...sent])}`);
      t.note(`bodies sent: ${[...sent].map(([p, n]) => `${p.split("/").pop() || "/"}×${n}`).join(", ")}`);
    },
  },
  {
    name: "after one online visit the app reloads and solves with the network off",
    async run(t) {
      const page = await t.open();
      await waitForController(t, page);
      const cacheName = await page.evaluate(async () => (await caches.keys()).find((k) => k.startsWith("tessera-")));
      assert.ok(cacheName, "a tessera-<build> cache");
      await t.context.setOffline(true);
      await page.reload();
      await t.ready();
      // The solver worker loads from the cache too.
      await t.click("example-h5");
      await t.click("alg-backtrack");
      await t.click("solve");
      await t.waitRun("waiting");
      assert.equal(await t.shown(), PUZZLES.h.solutions[0]);
      // A fresh navigation (new URL, not a reload) also works offline.
      await page.goto(t.base + "#sudoku/" + PUZZLES.top95_1.puzzle);
      await t.ready();
      await t.click("solve");
      await t.waitRun("waiting");
      assert.equal(await t.shown(), PUZZLES.top95_1.solution);
      await t.context.setOffline(false);
    },
  },
  {
    name: "installable: a valid manifest with icons, a service worker controlling the page",
    async run(t) {
      const page = await t.open();
      await waitForController(t, page);
      const info = await page.evaluate(async () => {
        const link = document.querySelector('link[rel="manifest"]');
        const url = new URL(link.getAttribute("href"), location.href);
        const res = await fetch(url);
        const manifest = await res.json();
        const icons = [];
        for (const icon of manifest.icons) {
          const r = await fetch(new URL(icon.src, url));
          icons.push([icon.src, icon.sizes, r.status, r.headers.get("content-type")]);
        }
        const reg = await navigator.serviceWorker.getRegistration();
        return { type: res.headers.get("content-type"), manifest, icons, scope: reg && reg.scope };
      });
      assert.match(info.type, /manifest\+json/);
      const m = info.manifest;
      assert.equal(m.display, "standalone");
      assert.equal(m.start_url, "./");
      assert.ok(m.name && m.short_name);
      assert.ok(info.icons.some(([, sizes, status]) => sizes === "192x192" && status === 200));
      assert.ok(info.icons.some(([, sizes, status]) => sizes === "512x512" && status === 200));
      assert.ok(info.icons.every(([, , status]) => status === 200), JSON.stringify(info.icons));
      assert.equal(info.scope, t.base);
    },
  },
  {
    name: "the service worker precaches exactly this build, app and worker, and drops old caches",
    // Opening the manifest as a page makes Chromium ask for /favicon.ico.
    allowConsoleErrors: ["404 (Not Found)"],
    async run(t) {
      const page = await t.newPage();
      // A cache left by an older build, before this build's worker installs.
      await page.goto(t.base + "manifest.webmanifest");
      await page.evaluate(async () => {
        await (await caches.open("tessera-0000000000000000")).put("./old", new Response("old"));
      });
      await t.open();
      await waitForController(t, page);
      const state = await page.evaluate(async () => {
        const names = await caches.keys();
        const mine = names.filter((k) => k.startsWith("tessera-"));
        const cache = await caches.open(mine[0]);
        const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
        const sw = await (await fetch("./sw.js")).text();
        return { mine, urls, sw };
      });
      assert.equal(state.mine.length, 1, `old caches removed: ${state.mine}`);
      assert.notEqual(state.mine[0], "tessera-0000000000000000");
      const has = (re) => state.urls.some((u) => re.test(u));
      assert.ok(has(/\/app-[0-9a-f]+\/app_bg\.wasm$/), "app wasm");
      assert.ok(has(/\/app-[0-9a-f]+\/app\.js$/) && has(/\/app-[0-9a-f]+\/__wasm_split\.js$/), "app js");
      assert.ok(has(/\/worker_bg\.wasm$/) && has(/\/worker\.js$/) && has(/\/solver-worker\.js$/), "worker");
      assert.ok(has(/\/index\.html$/) && has(/\.css$/) && has(/manifest\.webmanifest$/), "shell");
      assert.ok(state.sw.includes(state.mine[0]), "cache name comes from the build");
    },
  },
  {
    name: "works from a sub-path of a static host (relative URLs), including the worker",
    async run(t) {
      const page = await t.newPage();
      await t.open("#sudoku", { sub: true });
      assert.ok(page.url().startsWith(t.subBase));
      await t.click("example-escargot");
      await t.click("solve");
      await t.waitRun("waiting");
      assert.equal(await t.shown(), PUZZLES.escargot.solution);
      await waitForController(t, page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
      assert.equal(scope, t.subBase);
      // Offline under the sub-path too.
      await t.context.setOffline(true);
      await page.reload();
      await t.ready();
      assert.equal(await t.puzzle(), PUZZLES.escargot.puzzle);
      await t.context.setOffline(false);
    },
  },
  {
    name: "an update while a job runs: the page keeps its own build, worker included, until the user reloads",
    timeout: 120000,
    async run(t) {
      // A copy of the build on its own server, so the test can deploy another.
      const dir = mkdtempSync(join(tmpdir(), "tessera-update-"));
      cpSync(t.dist, dir, { recursive: true });
      const server = await startServer(dir);
      try {
        const base = `http://127.0.0.1:${server.port}/`;
        const page = await t.newPage();
        await page.goto(base + "#sudoku");
        await t.ready(page);
        await waitForController(t, page);
        const workerText = () => page.evaluate(async () => (await fetch("./worker.js")).text());
        const oldWorker = await workerText();
        const [oldCache] = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("tessera-")));
        // A long job: counting the empty 9×9 grid.
        await t.click("clear-all", page);
        await t.click("count", page);
        await t.waitRun("counting", page);

        // Deploy build B: a new service worker (new cache name), a changed worker.
        const sw = readFileSync(join(dir, "sw.js"), "utf8");
        assert.ok(sw.includes(oldCache), "sw.js names its cache");
        writeFileSync(join(dir, "sw.js"), sw.replaceAll(oldCache, "tessera-bbbbbbbbbbbbbbbb"));
        appendFileSync(join(dir, "worker.js"), "\n// build B\n");
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());

        // B installs and waits; the page is told, and keeps A meanwhile.
        await page.waitForSelector('[data-testid="update-notice"]', { timeout: 30000 });
        assert.match(await t.tid("update-notice", page).innerText(), /new version .* until you reload/s);
        const state = await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return { waiting: !!reg.waiting, caches: (await caches.keys()).filter((k) => k.startsWith("tessera-")).sort() };
        });
        assert.ok(state.waiting, "build B waits");
        assert.deepEqual(state.caches, [oldCache, "tessera-bbbbbbbbbbbbbbbb"].sort(), "A's cache is kept while A runs");
        assert.equal(await workerText(), oldWorker, "a worker started now would still be build A's");
        // The job was not disturbed: still counting, and counting on.
        assert.equal(await t.attr("status", "data-run", page), "counting");
        const before = await t.tid("running-count", page).innerText();
        await page.waitForTimeout(800);
        assert.equal(await t.attr("status", "data-run", page), "counting");
        const after = await t.tid("running-count", page).innerText();
        assert.notEqual(after, before, "the count moves on");
        t.note(`count ${before} → ${after} while build B waited`);
        await t.click("cancel", page);
        await t.waitRun("idle", page);

        // The user chooses B: one reload, then only B.
        await Promise.all([page.waitForEvent("load", { timeout: 30000 }), t.click("update-reload", page)]);
        await t.ready(page);
        await t.until(
          () => caches.keys().then((k) => k.filter((x) => x.startsWith("tessera-")).join() === "tessera-bbbbbbbbbbbbbbbb"),
          null,
          { page }
        );
        assert.match(await workerText(), /build B/);
      } finally {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
