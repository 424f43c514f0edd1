// The Quantumino workbench: Sage's pentacubes in a box, drawn with three-d
// (WebGL2 through SwiftShader here), solved in the Web Worker.

import { assert } from "../lib/harness.mjs";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

async function openQuantumino(t, { hash = "#quantumino", width = 1280, height = 900, colorScheme = "light", isMobile = false } = {}) {
  const page = await t.newPage({ width, height, colorScheme, isMobile });
  await page.goto(t.base + hash);
  await page.waitForSelector('html[data-app="ready"] [data-testid="q-view"][data-webgl="ok"]', { timeout: 20000 });
  return page;
}

/** Wait until the main view shows a state with `pieces` pieces. */
async function waitPieces(t, page, pieces, timeout = 60000) {
  await page.waitForSelector(`[data-testid="q-summary"][data-pieces="${pieces}"]`, { timeout });
}

async function solution(t, page) {
  return JSON.parse(await t.attr("q-summary", "data-solution", page));
}

/** Independent check of a tiling: distinct pieces (not the aside), five
 *  face-connected cells each, no overlap, the whole box covered. */
function checkTiling(sol, aside, box) {
  const [a, b, c] = box;
  assert.equal(sol.length, 16, "16 pieces");
  const ids = sol.map(([p]) => p);
  assert.equal(new Set(ids).size, 16, "distinct pieces");
  assert.ok(ids.every((p) => p >= 0 && p <= 16 && p !== aside), JSON.stringify(ids));
  const seen = new Set();
  for (const [p, cells] of sol) {
    assert.equal(cells.length, 5, `piece ${p} has 5 cells`);
    const key = (v) => v.join(",");
    const mine = new Set(cells.map(key));
    // face-connected: a walk from the first cell reaches all five
    const todo = [cells[0]];
    const reached = new Set([key(cells[0])]);
    while (todo.length) {
      const [x, y, z] = todo.pop();
      for (const d of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]) {
        const n = [x + d[0], y + d[1], z + d[2]];
        if (mine.has(key(n)) && !reached.has(key(n))) {
          reached.add(key(n));
          todo.push(n);
        }
      }
    }
    assert.equal(reached.size, 5, `piece ${p} is connected`);
    for (const [x, y, z] of cells) {
      assert.ok(x >= 0 && x < a && y >= 0 && y < b && z >= 0 && z < c, `cell ${x},${y},${z} inside`);
      assert.ok(!seen.has(key([x, y, z])), `overlap at ${x},${y},${z}`);
      seen.add(key([x, y, z]));
    }
  }
  assert.equal(seen.size, a * b * c, "box filled");
}

/** Pixel statistics of a WebGL canvas: share of drawn (non-transparent)
 *  pixels and number of distinct coarse colours among them. */
async function canvasStats(page, testid) {
  return page.evaluate((id) => {
    const gl = document.querySelector(`[data-testid="${id}"] canvas`);
    const c = document.createElement("canvas");
    c.width = gl.width;
    c.height = gl.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(gl, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let drawn = 0;
    const colours = new Set();
    let hash = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 200) {
        drawn++;
        colours.add(`${d[i] >> 5},${d[i + 1] >> 5},${d[i + 2] >> 5}`);
      }
      hash = (hash * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2] + d[i + 3]) | 0;
    }
    return { share: drawn / (d.length / 4), colours: colours.size, hash };
  }, testid);
}

const frames = async (t, page, id = "q-view") => Number(await t.attr(id, "data-frames", page));

export const tests = [
  {
    name: "quantumino: pick an aside, solve, the worker's tiling is drawn; Next/Previous; the route reproduces it",
    async run(t) {
      const page = await openQuantumino(t);
      await page.waitForSelector('[data-testid="q-gallery"][data-pieces="17"]');
      await t.click("q-aside-5", page);
      assert.match(await t.tid("q-aside-caption", page).innerText(), /piece 5 \(red\)/);
      assert.equal(await t.attr("q-aside-5", "aria-pressed", page), "true");
      assert.equal(await page.evaluate(() => location.hash), "#quantumino/5/5x8x2/0");
      await t.click("q-solve", page);
      await waitPieces(t, page, 16);
      assert.equal(await t.attr("q-summary", "data-cells", page), "80");
      const first = await solution(t, page);
      checkTiling(first, 5, [5, 8, 2]);
      assert.equal(await t.attr("q-view", "data-pieces", page), "16");
      assert.equal(await t.attr("q-view", "data-cells", page), "80");
      // Sage's text of the solution is on the page.
      const text = await t.tid("q-solution-text", page).textContent();
      assert.match(text, /^Quantumino state where the following pentamino is put aside :\nPolyomino: \[.*\], Color: red\n/);
      assert.equal(text.trim().split("\n").length, 18);
      // The canvas shows the pieces: much of it drawn, in many colours.
      await page.waitForTimeout(300);
      const stats = await canvasStats(page, "q-view");
      assert.ok(stats.share > 0.15, `drawn share ${stats.share}`);
      assert.ok(stats.colours >= 8, `colours ${stats.colours}`);
      // Idle means idle: no frames drawn while nothing changes.
      const f0 = await frames(t, page);
      await page.waitForTimeout(800);
      assert.equal(await frames(t, page), f0, "no rendering while idle");
      await t.shot("quantumino-solved", page);
      // Next: another valid tiling; Previous: the first again.
      await t.click("q-next", page);
      await page.waitForSelector('[data-testid="q-summary"][data-index="2"]', { timeout: 60000 });
      const second = await solution(t, page);
      checkTiling(second, 5, [5, 8, 2]);
      assert.notDeepEqual(second, first);
      assert.ok((await canvasStats(page, "q-view")).hash !== stats.hash, "the drawing changed");
      assert.equal(await page.evaluate(() => location.hash), "#quantumino/5/5x8x2/2");
      await t.click("q-prev", page);
      await page.waitForSelector('[data-testid="q-summary"][data-index="1"]');
      assert.deepEqual(await solution(t, page), first);
      // The link reproduces aside, box and solution.
      const again = await openQuantumino(t, { hash: "#quantumino/5/5x8x2/2" });
      await page.waitForTimeout(10);
      await again.waitForSelector('[data-testid="q-summary"][data-index="2"][data-pieces="16"]', { timeout: 60000 });
      assert.deepEqual(await solution(t, again), second);
      assert.equal(await t.attr("q-aside-5", "aria-pressed", again), "true");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "quantumino: frame toggle, explode slider, click-pick a piece, downloads",
    // The 3D view's first frames under SwiftShader while the solve job runs
    // are near the 200 ms rule: measured with nothing beside it.
    alone: true,
    async run(t) {
      const page = await openQuantumino(t, { hash: "#quantumino/0/5x8x2/1" });
      await waitPieces(t, page, 16);
      await page.waitForTimeout(300);
      const before = await canvasStats(page, "q-view");
      // Do something, wait for the frame it causes (and let it settle).
      const redrawn = async (action) => {
        const f0 = await frames(t, page);
        await action();
        await page.waitForFunction((n) => Number(document.querySelector('[data-testid="q-view"]').dataset.frames) > n, f0);
        await page.waitForTimeout(150);
      };
      await redrawn(() => t.tid("q-view-frame", page).uncheck());
      const noFrame = await canvasStats(page, "q-view");
      assert.notEqual(noFrame.hash, before.hash, "the frame disappeared");
      await redrawn(() => t.tid("q-view-frame", page).check());
      assert.equal((await canvasStats(page, "q-view")).hash, before.hash, "the frame is back, same picture");
      await redrawn(() => t.tid("q-view-explode", page).fill("1"));
      const exploded = await canvasStats(page, "q-view");
      assert.notEqual(exploded.hash, before.hash, "exploded view differs");
      await t.shot("quantumino-exploded", page);
      await t.tid("q-view-explode", page).fill("0");
      // Click the middle of the view: the box is there, so a piece is hit.
      const box = await t.tid("q-view", page).locator("canvas").boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForSelector('[data-testid="q-picked"]');
      const picked = Number(await t.attr("q-picked", "data-piece", page));
      const sol = await solution(t, page);
      assert.ok(sol.some(([p]) => p === picked), `picked ${picked}`);
      assert.match(await t.tid("q-picked", page).innerText(), new RegExp(`Piece ${picked} \\(.+\\).*cells \\(\\d, \\d, \\d\\)`));
      await t.shot("quantumino-picked", page);
      // Drag to orbit (frames are drawn).
      const f = await frames(t, page);
      await page.mouse.move(box.x + 100, box.y + 100);
      await page.mouse.down();
      await page.mouse.move(box.x + 220, box.y + 140, { steps: 5 });
      await page.mouse.up();
      assert.ok((await frames(t, page)) > f, "orbit redraws");
      assert.ok(await t.tid("q-picked", page).count(), "a drag is not a click");
      // Downloads.
      const [txt] = await Promise.all([page.waitForEvent("download"), t.click("q-download-text", page)]);
      assert.equal(txt.suggestedFilename(), "quantumino-aside0-5x8x2-1.txt");
      const [x3d] = await Promise.all([page.waitForEvent("download"), t.click("q-download-x3d", page)]);
      assert.equal(x3d.suggestedFilename(), "quantumino-aside0-5x8x2-1.x3d");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "quantumino: clicking a piece in the 3D gallery puts it aside",
    async run(t) {
      const page = await openQuantumino(t);
      await page.waitForSelector('[data-testid="q-gallery"][data-webgl="ok"][data-pieces="17"]');
      assert.equal(await t.attr("q-aside-0", "aria-pressed", page), "true");
      // The Pieces card sits under the Solve card: brought into view first.
      await t.tid("q-gallery", page).scrollIntoViewIfNeeded();
      const box = await t.tid("q-gallery", page).locator("canvas").boundingBox();
      // Sweep a grid of points until one lands on another piece.
      let chosen = null;
      for (let j = 1; j < 8 && chosen === null; j++) {
        for (let i = 1; i < 12 && chosen === null; i++) {
          await page.mouse.click(box.x + (box.width * i) / 12, box.y + (box.height * j) / 8);
          const caption = await t.tid("q-aside-caption", page).innerText();
          const k = Number(/piece (\d+)/.exec(caption)[1]);
          if (k !== 0) chosen = k;
        }
      }
      assert.ok(chosen !== null, "some gallery click picks a piece");
      assert.equal(await t.attr(`q-aside-${chosen}`, "aria-pressed", page), "true");
      assert.equal(await t.attr("q-aside-0", "aria-pressed", page), "false");
      assert.equal(await page.evaluate(() => location.hash), `#quantumino/${chosen}/5x8x2/0`);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "quantumino: at 1280×800 the panel's box and Solve are on the first screen, the aside named beside them",
    async run(t) {
      const page = await t.newPage({ width: 1280, height: 800 });
      await page.goto(t.base + "#quantumino/7/5x8x2/0");
      await page.waitForSelector('html[data-app="ready"] [data-testid="q-solve"]', { timeout: 20000 });
      for (const id of ["q-preset", "q-solve", "q-next", "q-aside-line"]) {
        const r = await t.tid(id, page).boundingBox();
        assert.ok(r && r.y >= 0 && r.y + r.height <= 800, `${id} on the first screen: ${JSON.stringify(r)}`);
      }
      assert.match(await t.tid("q-aside-line", page).innerText(), /^Piece 7 \(.+\) is put aside/);
      await t.click("q-aside-3", page);
      assert.match(await t.tid("q-aside-line", page).innerText(), /^Piece 3 /);
      await t.shot("quantumino-desktop-1280x800", page);
    },
  },
  {
    name: "quantumino: a bad custom box shows a clear error and keeps what was typed",
    async run(t) {
      const page = await openQuantumino(t);
      await t.tid("q-side-a", page).fill("abc");
      await page.waitForSelector('[data-testid="q-box-error"]');
      assert.match(await t.tid("q-box-error", page).innerText(), /Side a .*abc.* is not a whole number/);
      assert.equal(await t.tid("q-side-a", page).inputValue(), "abc");
      assert.equal(await t.attr("q-side-a", "aria-invalid", page), "true");
      assert.ok(await t.tid("q-solve", page).isDisabled());
      assert.equal(await t.tid("q-preset", page).inputValue(), "custom");
      await t.tid("q-side-a", page).fill("0");
      assert.match(await t.tid("q-box-error", page).innerText(), /must be positive/);
      await t.shot("quantumino-bad-box", page);
      await t.tid("q-side-a", page).fill("3");
      await t.tid("q-side-b", page).fill("3");
      await t.tid("q-side-c", page).fill("3");
      assert.equal(await t.tid("q-box-error", page).count(), 0);
      assert.match(await t.tid("q-box-note", page).innerText(), /Volume 27/);
      await t.click("q-solve", page);
      await page.waitForSelector('[data-testid="q-message"][data-kind="error"]');
      assert.match(await t.tid("q-message", page).innerText(), /No solution for a 3x3x3 box/);
      // A preset puts its numbers back.
      await t.tid("q-preset", page).selectOption("2x2x20");
      assert.equal(await t.tid("q-side-c", page).inputValue(), "20");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "quantumino: incremental build-up animates step by step; count progresses and cancels",
    // The count runs on a 2×4×10 box: the same slice counter, parts and
    // workers as the game box, with a first estimate in about 2 s instead of
    // the game box's 40–50 s of slice planning under SwiftShader (the game
    // box's whole count in the browser is `make bench-browser`).
    timeout: 90000,
    // The build-up is paced by timers and the count keeps both workers busy:
    // nothing runs beside it.
    alone: true,
    async run(t) {
      const page = await openQuantumino(t, { hash: "#quantumino/3/2x2x20/0" });
      await t.tid("q-partial", page).selectOption("incremental");
      await t.click("q-animate", page);
      await page.waitForFunction(() => /Build-up step ([4-9]|\d\d)/.test(document.querySelector('[data-testid="q-summary"]')?.textContent || ""), null, { timeout: 30000 });
      const n = Number(await t.attr("q-summary", "data-pieces", page));
      assert.ok(n >= 1 && n <= 16, `pieces ${n}`);
      await t.shot("quantumino-buildup", page);
      await t.click("q-stop", page);
      await page.waitForFunction(() => /Build-up stopped/.test(document.querySelector('[data-testid="q-message"]')?.textContent || ""));
      // Count: the workers share it, it progresses, then Cancel stops every
      // worker before the last part.
      await t.tid("q-side-a", page).fill("2");
      await t.tid("q-side-b", page).fill("4");
      await t.tid("q-side-c", page).fill("10");
      await t.click("q-count-start", page);
      await page.waitForFunction(() => /Web Workers, 8 parts/.test(document.querySelector('[data-testid="q-message"]')?.textContent || ""));
      await page.waitForFunction(() => /left/.test(document.querySelector('[data-testid="q-count"]')?.textContent || ""), null, { timeout: 60000 });
      await t.shot("quantumino-count", page);
      await t.click("q-cancel", page);
      await page.waitForFunction(() => /Count cancelled after .*: [0-7] of 8 parts are saved/.test(document.querySelector('[data-testid="q-message"]')?.textContent || ""));
      assert.ok(!(await t.tid("q-count-start", page).isDisabled()));
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "quantumino: count by slices in the workers, saved part by part, resumes after a reload",
    timeout: 300000,
    // Both workers count at full speed: nothing runs beside it.
    alone: true,
    async run(t) {
      // The expected count from the native CLI (the same counter, run whole
      // in one process: this checks the split over workers, the parts and
      // the checkpoint, not the counter itself — tests/quantumino_count.rs
      // checks that against enumeration).
      // `make test` names the CLI that test-native built (TESSERA_CLI);
      // alone, the spec builds it.
      const count = ["quantumino", "count", "--aside", "3", "--box", "2x2x20"];
      const cli = process.env.TESSERA_CLI;
      const expected = (cli
        ? execFileSync(cli, count, { encoding: "utf8", timeout: 280000, stdio: ["ignore", "pipe", "pipe"] })
        : execFileSync("cargo", ["run", "--profile", "checked", "--quiet", "--bin", "tessera", "--", ...count], { cwd: repo, encoding: "utf8", timeout: 280000, stdio: ["ignore", "pipe", "pipe"] })
      ).trim();
      assert.match(expected, /^\d+$/);
      const page = await openQuantumino(t, { hash: "#quantumino/3/2x2x20/0" });
      const message = () => page.evaluate(() => document.querySelector('[data-testid="q-message"]')?.textContent || "");
      const key = "tessera.quantumino.count.v1.3.2x2x20";
      await t.click("q-count-start", page);
      await page.waitForFunction(() => /solutions for aside 3 in a 2x2x20 box .*counted by slices/.test(document.querySelector('[data-testid="q-message"]')?.textContent || ""), null, { timeout: 120000 });
      assert.equal(await t.attr("q-count-value", "data-count", page), expected);
      assert.equal(await t.attr("q-count-value", "data-parts", page), "8");
      const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);
      assert.equal(saved.parts, 8);
      assert.deepEqual(Object.keys(saved.done).map(Number).sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7]);
      assert.equal(String(Object.values(saved.done).reduce((a, b) => a + BigInt(b), 0n)), expected);
      // Forget half the parts, as if the count had been interrupted, and reload.
      await page.evaluate((k) => {
        const c = JSON.parse(localStorage.getItem(k));
        for (const p of [0, 3, 5, 6]) delete c.done[p];
        localStorage.setItem(k, JSON.stringify(c));
      }, key);
      await page.reload();
      await page.waitForSelector('html[data-app="ready"] [data-testid="q-view"]');
      await t.click("q-count-start", page);
      await page.waitForFunction(() => /solutions for aside 3 .*counted by slices in .*, 4 of 8 parts from a saved checkpoint/.test(document.querySelector('[data-testid="q-message"]')?.textContent || ""), null, { timeout: 120000 });
      assert.equal(await t.attr("q-count-value", "data-count", page), expected);
      const again = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);
      assert.deepEqual(again.done, saved.done, "the resumed parts count the same");
      // A finished count is shown again without counting.
      await t.click("q-count-start", page);
      await page.waitForFunction(() => /the count saved in this browser/.test(document.querySelector('[data-testid="q-message"]')?.textContent || ""));
      assert.ok((await message()).includes(Number(expected).toLocaleString("en-US")), await message());
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "quantumino: without WebGL2 the view says so and draws the layers in SVG",
    async run(t) {
      const page = await t.newPage();
      await page.addInitScript(() => {
        const get = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
          return kind === "webgl2" ? null : get.call(this, kind, ...rest);
        };
      });
      await page.goto(t.base + "#quantumino/0/5x8x2/1");
      await page.waitForSelector('html[data-app="ready"] [data-testid="q-view"][data-webgl="none"]', { timeout: 20000 });
      await waitPieces(t, page, 16);
      const fallback = t.tid("q-view", page).locator('[data-testid="voxel-fallback"]');
      assert.match(await fallback.innerText(), /no WebGL2/);
      // Two layers (z = 0, 1), 80 coloured squares in all.
      assert.equal(await fallback.locator("figure").count(), 2);
      assert.equal(await fallback.locator("rect[fill]").count(), 80);
      await t.shot("quantumino-no-webgl", page);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "quantumino: phone width in the dark theme",
    // Its start-up task (the 3D view's first frames under SwiftShader while
    // the solve job runs) is near the 200 ms rule: measured with nothing beside it.
    alone: true,
    async run(t) {
      const page = await openQuantumino(t, { hash: "#quantumino/0/5x8x2/1", width: 390, height: 844, colorScheme: "dark", isMobile: true });
      await waitPieces(t, page, 16);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `no horizontal scroll (${width})`);
      await page.waitForTimeout(300);
      const stats = await canvasStats(page, "q-view");
      assert.ok(stats.share > 0.1, `drawn share ${stats.share}`);
      await t.shot("quantumino-phone-dark", page, { fullPage: true });
      t.assertNoConsoleErrors();
    },
  },
];

