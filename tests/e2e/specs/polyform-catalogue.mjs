// Polyform Puzzler's whole catalogue in the Polyforms library: the asset
// fetched when the workbench opens, search and filters narrowing the list
// (expected counts computed here from the asset itself), a light list (only
// visible thumbnails drawn), puzzle pages by link and by click, Solve with
// every shown solution checked, Count against PP's published count, Cancel,
// an unknown id, a failed fetch, no long tasks, and screenshots.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { axeViolations } from "../lib/axe.mjs";
import { assert } from "../lib/harness.mjs";
import { checkShown, openPolyforms, waitIdle } from "../lib/polyform.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ASSET = join(here, "..", "..", "..", "crates", "engine", "data", "pp-catalogue.txt");
const FAMILY = { square: "polyomino", triangle: "polyiamond", hexagon: "polyhex", cube: "polycube", stick: "polystick", trig: "polytrig", twig: "polytwig" };

/** The asset's puzzles: id, lattice, cells, the search text, status. */
function entries() {
  const out = [];
  for (const line of readFileSync(ASSET, "utf8").split("\n")) {
    const f = line.split("\t");
    if (f[0] !== "P") continue;
    const [, id, module, family, lattice, set, region, , published, , designer, status] = f;
    const runs = region.split(":")[2].split(".").map((r) => parseInt(r, 36));
    const cells = runs.reduce((s, r, i) => (i % 2 ? s + r : s), 0);
    const dash = (s) => (s === "-" ? "" : s);
    const hay = [id, module, family, set, dash(designer), FAMILY[lattice]].join(" ").toLowerCase();
    out.push({ id, lattice, cells, hay, status, published });
  }
  return out;
}
const textMatches = (e, q) => q.toLowerCase().split(/\s+/).filter(Boolean).every((t) => e.hay.includes(t));


async function openCatalogue(t, page) {
  await t.click("pf-source-catalogue", page);
  await page.waitForSelector('[data-testid="pf-cat-count"][data-count="1179"]', { timeout: 20000 });
}

const count = async (t, page) => +(await t.attr("pf-cat-count", "data-count", page));

async function search(t, page, q) {
  await t.tid("pf-cat-search", page).fill(q);
  await page.waitForTimeout(50);
  return count(t, page);
}



/** Thumbnails drawn, and whether any is outside the library's visible box. */
async function thumbs(page) {
  return page.evaluate(() => {
    const box = document.querySelector(".pf-library").getBoundingClientRect();
    const top = Math.max(box.top, 0) - 80;
    const bottom = Math.min(box.bottom, innerHeight) + 80;
    const items = [...document.querySelectorAll('[data-testid="pf-cat-item"]')];
    const drawn = items.filter((i) => i.querySelector("svg"));
    const offscreen = drawn.filter((i) => {
      const r = i.getBoundingClientRect();
      return r.bottom < top || r.top > bottom;
    });
    return { items: items.length, drawn: drawn.length, offscreen: offscreen.map((i) => i.dataset.id) };
  });
}

export const tests = [
  {
    name: "catalogue: it opens on the page of the puzzle on screen, not on its 168-cell first entry; a long Solve shows nodes, share and time, and cancels",
    async run(t) {
      const page = await openPolyforms(t);
      await openCatalogue(t, page);
      // Tessera's 6×10 is on screen: the list opens where PP's 6×10 is.
      await page.waitForSelector('[data-testid="pf-cat-item"][data-id="Pentominoes6x10"]', { timeout: 5000 });
      assert.equal(await page.locator('[data-testid="pf-cat-item"][data-id="Heptiamonds3x28"]').count(), 0, "not the file's first page");
      // The file's first entry, by link: Solve shows the search going.
      await page.goto(t.base + "#polyforms/lib/Heptiamonds3x28");
      await page.waitForFunction(() => document.querySelector('[data-testid="pf-title"]')?.textContent.trim() === "Heptiamonds3x28", null, { timeout: 20000 });
      await t.click("pf-solve", page);
      await page.waitForFunction(() => {
        const p = document.querySelector('[data-testid="pf-progress"]');
        return +(p?.dataset.nodes || 0) > 0 && /[\d,]+ nodes · [\d.]+% of the tree · [\d.]+ (ms|s|min)/.test(p.textContent);
      }, null, { timeout: 20000 });
      const line = await t.tid("pf-progress", page).innerText();
      assert.doesNotMatch(line, /left/, "no time left for a first solution");
      assert.ok(+(await t.attr("pf-progress", "data-nodes", page)) > 0, line);
      t.note(`solve progress: ${line.trim()}`);
      await t.click("pf-cancel", page);
      await waitIdle(t, page, 10000);
      assert.equal(await t.tid("pf-progress", page).count(), 0, "the progress line leaves with the search");
    },
  },
  {
    name: "catalogue: search and filters narrow the list with correct counts; only visible thumbnails are drawn; no long tasks",
    async run(t) {
      const all = entries();
      assert.equal(all.length, 1179);
      const page = await openPolyforms(t);
      // Tessera's own library is still there, unchanged.
      assert.ok((await page.locator('[data-testid="pf-puzzle"][data-name="pentominoes-6x10"]').count()) === 1);
      await openCatalogue(t, page);
      t.note(`catalogue parsed in ${await t.attr("pf-cat-meta", "data-parse-ms", page)} ms on the main thread`);
      await t.watchLongTasks(page);

      // The list is light: one page in the DOM, thumbnails only where visible.
      await page.waitForTimeout(300);
      let th = await thumbs(page);
      assert.equal(th.items, 20, "one page of 20 entries");
      assert.ok(th.drawn > 0 && th.drawn < th.items, `only visible thumbnails drawn (${th.drawn} of ${th.items})`);
      assert.deepEqual(th.offscreen, [], "nothing drawn off-screen");
      await page.locator(".pf-library").evaluate((el) => (el.scrollTop = el.scrollHeight));
      await page.waitForTimeout(300);
      const th2 = await thumbs(page);
      assert.ok(th2.drawn > th.drawn, `scrolling draws more (${th.drawn} → ${th2.drawn})`);
      await t.shot("catalogue-list-desktop", page);

      // Search: a class name, a designer, a family.
      for (const q of ["Pentominoes6x10", "Klarskov", "hexiamonds", "polytwig hexagon"]) {
        const want = all.filter((e) => textMatches(e, q)).length;
        assert.ok(want > 0, q);
        assert.equal(await search(t, page, q), want, `search "${q}"`);
        const shown = await page.locator('[data-testid="pf-cat-item"]').count();
        assert.equal(shown, Math.min(want, 20));
      }
      await search(t, page, "Pentominoes6x10");
      assert.equal(await page.locator('[data-testid="pf-cat-item"]').first().getAttribute("data-id"), "Pentominoes6x10");

      // Filters: group, then size.
      await search(t, page, "");
      await t.tid("pf-cat-group", page).selectOption("polycube");
      assert.equal(await count(t, page), all.filter((e) => e.lattice === "cube").length);
      await t.tid("pf-cat-size", page).selectOption("small");
      const small = all.filter((e) => e.lattice === "cube" && e.cells <= 30).length;
      assert.equal(await count(t, page), small);
      await t.tid("pf-cat-size", page).selectOption("any");
      await t.tid("pf-cat-group", page).selectOption("");
      assert.equal(await count(t, page), 1179);

      // Paging and scrolling through the whole list stays light.
      for (let i = 0; i < 8; i++) {
        await t.click("pf-cat-next", page);
        await page.locator(".pf-library").evaluate((el) => (el.scrollTop = (el.scrollTop + 400) % el.scrollHeight));
        await page.waitForTimeout(60);
      }
      assert.equal(await t.tid("pf-cat-page", page).innerText(), "161–180 of 1,179");
      th = await thumbs(page);
      assert.deepEqual(th.offscreen, [], "nothing drawn off-screen after paging");
      await search(t, page, "klarskov pentominoes");
      await search(t, page, "");

      // An unsupported entry says why.
      const unsupported = all.find((e) => e.status.startsWith("unsupported"));
      await search(t, page, unsupported.id);
      const badge = page.locator(`[data-testid="pf-cat-item"][data-id="${unsupported.id}"] [data-testid="pf-cat-unsupported"]`);
      assert.match(await badge.innerText(), /^unsupported: /);

      t.assertNoTaskOver(await t.longTasks(page), 200, "search and scrolling");
      t.note(`long tasks (> 50 ms) during search and scrolling: ${JSON.stringify(await t.longTasks(page))}`);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "catalogue: a puzzle by link and by click; Solve checked; Count equals the published count; Cancel; polycubes in 3D; unknown id",
    async run(t) {
      const all = entries();
      // By link.
      const page = await openPolyforms(t, "#polyforms/lib/Pentominoes6x10");
      await page.waitForSelector('[data-testid="pf-title"][data-catalogue="true"]', { timeout: 20000 });
      assert.equal((await t.tid("pf-title", page).textContent()).trim(), "Pentominoes6x10");
      assert.equal(await t.attr("pf-cat-published", "data-count", page), "2339");
      assert.match(await t.tid("pf-cat-published", page).innerText(), /Published \(Polyform Puzzler\): 2,339 solutions/);
      assert.equal(await page.locator('[data-testid="pf-piece"]').count(), 12);
      assert.equal(page.url().split("#")[1], "polyforms/lib/Pentominoes6x10");
      await t.click("pf-solve", page);
      await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]', { timeout: 60000 });
      await waitIdle(t, page);
      await checkShown(t, page);
      await t.shot("catalogue-puzzle-desktop", page, { fullPage: true });

      // By click, then Count on a small published puzzle.
      await page.waitForSelector('[data-testid="pf-cat-count"][data-count="1179"]');
      await search(t, page, "Pentominoes3x20");
      await page.locator('[data-testid="pf-cat-item"][data-id="Pentominoes3x20"]').click();
      await page.waitForFunction(() => location.hash === "#polyforms/lib/Pentominoes3x20");
      await page.waitForFunction(() => document.querySelector('[data-testid="pf-title"]').textContent.trim() === "Pentominoes3x20");
      await t.click("pf-count", page);
      await page.waitForSelector('[data-testid="pf-cat-tessera"]', { timeout: 60000 });
      const published = await t.attr("pf-cat-published", "data-count", page);
      assert.equal(published, "2");
      assert.equal(await t.attr("pf-cat-tessera", "data-count", page), published, "Tessera's count is PP's");
      assert.equal(await t.attr("pf-cat-tessera", "data-complete", page), "true");
      assert.match(await t.tid("pf-cat-tessera", page).innerText(), /^Tessera: 2 solutions up to symmetry · [\d,]+ nodes · /);

      // Cancel stops a long count.
      await search(t, page, "OneSidedHexiamondsOBeirnesHexagon");
      await page.locator('[data-testid="pf-cat-item"][data-id="OneSidedHexiamondsOBeirnesHexagon"]').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="pf-title"]').textContent.trim() === "OneSidedHexiamondsOBeirnesHexagon");
      await t.click("pf-count", page);
      await page.waitForSelector('[data-testid="pf-progress"]', { timeout: 20000 });
      await page.waitForTimeout(500);
      await t.click("pf-cancel", page);
      await waitIdle(t, page, 10000);
      assert.match(await t.tid("pf-message", page).innerText(), /Cancelled/);
      assert.equal(await t.attr("pf-cat-tessera", "data-complete", page), "false");

      // A polycube in the 3D view.
      const cube = all.filter((e) => e.lattice === "cube" && e.status === "ok").sort((a, b) => a.cells - b.cells)[0];
      await page.goto(t.base + `#polyforms/lib/${cube.id}`);
      await page.waitForFunction((id) => document.querySelector('[data-testid="pf-title"]')?.textContent.trim() === id, cube.id, { timeout: 20000 });
      await t.click("pf-solve", page);
      await page.waitForSelector('[data-testid="pf-drawing"][data-shown="0"]', { timeout: 60000 });
      await waitIdle(t, page);
      await checkShown(t, page, { allPieces: false });
      await page.waitForFunction(() => +document.querySelector('[data-testid="pf-voxel"]')?.dataset.cells > 0);
      assert.equal(+(await t.attr("pf-voxel", "data-cells", page)), cube.cells);

      // An unknown id is named, not replaced.
      const p2 = await openPolyforms(t, "#polyforms/lib/NoSuchPuzzle42");
      await p2.waitForSelector('[data-testid="pf-unknown"]', { timeout: 20000 });
      assert.match(await t.tid("pf-unknown", p2).innerText(), /No puzzle “NoSuchPuzzle42”/);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "catalogue: an impossible puzzle's Count is proven without searching, in 2D and 3D",
    async run(t) {
      // PentacubesCornerSlant: PP publishes "0 solutions?"; a search takes
      // over 20 minutes, the weighting proof well under a second natively.
      const cases = [
        ["PentominoesChevron_X", { width: 375, height: 812, isMobile: true, colorScheme: "dark" }, "catalogue-impossible-proof-phone-dark"],
        ["PentacubesCornerSlant", {}, "catalogue-impossible-proof"],
        // PP: "impossible, since O06 requires a hole". No weighting sees a
        // hole: the ring's placements are set aside first (each cuts off
        // the cell it surrounds), and O06 is left with none.
        ["HexahexesHexagonRing_x1", {}, "catalogue-impossible-hole"],
      ];
      for (const [id, view, shot] of cases) {
        const page = await openPolyforms(t, `#polyforms/lib/${id}`, view);
        await page.waitForFunction((id) => document.querySelector('[data-testid="pf-title"]')?.textContent.trim() === id, id, { timeout: 20000 });
        await t.click("pf-count", page);
        await page.waitForSelector('[data-testid="pf-cat-tessera"][data-complete="true"]', { timeout: 60000 });
        await waitIdle(t, page);
        assert.equal(await t.attr("pf-cat-tessera", "data-count", page), "0");
        const message = await t.tid("pf-message", page).innerText();
        if (id === "HexahexesHexagonRing_x1") {
          assert.match(message, /^No solution, proven in [\d.,]+ (ms|s) without searching: [\d,]+ placements would each cut off a cell or a piece that nothing else can then cover, and without them one piece or cell has no placement left, so no tiling exists/, message);
        } else {
          // Placements that cut off a cell may be set aside first; what
          // is left is then bare or weighed.
          assert.match(message, /^No solution, proven in [\d.,]+ (ms|s) without searching: (([\d,]+ placements? would each cut off a cell or a piece that nothing else can then cover; without (it|them), )?weighing the cells and pieces with integers from -\d+ to \d+ gives every placement of every piece a weight of at least 0, but the whole puzzle -\d+|[\d,]+ placements? would each cut off a cell or a piece that nothing else can then cover, and without (it|them) one piece or cell has no placement left), so no tiling exists/, message);
          t.note(`${id}: ${message.replace(/^No solution, proven in [^:]+: /, "").slice(0, 60)}…`);
        }
        await t.tid("pf-message", page).scrollIntoViewIfNeeded();
        await t.shot(shot, page);
        // The proof's message (a success tone) reads well in both themes.
        const serious = await axeViolations(page, { include: '[data-testid="pf-message"]', tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] });
        assert.deepEqual(serious, [], `axe on the proof message (${id})`);
        await page.close();
      }
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "catalogue: a failed fetch says so; Tessera's own library still works",
    allowConsoleErrors: ["Failed to load resource"],
    async run(t) {
      const page = await t.newPage();
      await page.route("**/pp-catalogue.txt", (r) => r.abort());
      await page.goto(t.base + "#polyforms");
      await page.waitForSelector('html[data-app="ready"] [data-testid="polyform-bench"]', { timeout: 20000 });
      await t.click("pf-source-catalogue", page);
      await page.waitForSelector('[data-testid="pf-cat-error"]', { timeout: 20000 });
      assert.match(await t.tid("pf-cat-error", page).innerText(), /could not be loaded/);
      await t.click("pf-source-tessera", page);
      await page.locator('[data-testid="pf-puzzle"][data-name="pentominoes-3x20"]').click();
      await page.waitForFunction(() => location.hash === "#polyforms/lib/pentominoes-3x20");
    },
  },
  {
    name: "catalogue: screenshots at 1280 and 375 px, light and dark",
    async run(t) {
      for (const colorScheme of ["light", "dark"]) {
        for (const [width, height, isMobile] of [[1280, 860, false], [375, 812, true]]) {
          const page = await openPolyforms(t, "#polyforms/lib/HexiamondsSpikedHexagon2", { width, height, isMobile, colorScheme });
          await page.waitForSelector('[data-testid="pf-cat-count"][data-count="1179"]', { timeout: 20000 });
          await page.waitForTimeout(300);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(overflow <= 0, `nothing scrolls sideways at ${width} px (${overflow})`);
          await t.shot(`catalogue-${width}-${colorScheme}`, page, { fullPage: true });
        }
      }
      t.assertNoConsoleErrors();
    },
  },
];
