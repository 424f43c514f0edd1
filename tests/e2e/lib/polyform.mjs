// Helpers shared by the Polyforms specs: open the workbench, check the shown
// solution independently of the engine, pick a library puzzle, wait for idle.

import { assert } from "./harness.mjs";

export async function openPolyforms(t, hash = "#polyforms", opts = {}) {
  const page = await t.newPage(opts);
  await page.goto(t.base + hash);
  await page.waitForSelector('html[data-app="ready"] [data-testid="polyform-bench"]', { timeout: 20000 });
  return page;
}

/** Read the shown solution and check it: every region cell covered exactly
 * once, every piece used at most once with its own number of cells, and
 * (unless pieces may be reused or omitted) every piece used. */
export async function checkShown(t, page, { allPieces = true } = {}) {
  const d = t.tid("pf-drawing", page);
  const region = JSON.parse(await d.getAttribute("data-region"));
  const pieces = JSON.parse(await d.getAttribute("data-pieces"));
  const sol = JSON.parse(await d.getAttribute("data-solution"));
  assert.ok(Array.isArray(sol) && sol.length > 0, "a solution is shown");
  const key = (c) => c.join(",");
  const inRegion = new Set(region.map(key));
  const seen = new Set();
  const sizes = new Map(pieces.map(([n, k]) => [n, k]));
  const used = new Set();
  for (const p of sol) {
    if (p.cells.length === 0) continue; // an omitted piece
    assert.ok(sizes.has(p.name), `unknown piece ${p.name}`);
    assert.equal(p.cells.length, sizes.get(p.name), `piece ${p.name} has its size`);
    assert.ok(!used.has(p.name), `piece ${p.name} used twice`);
    used.add(p.name);
    for (const c of p.cells) {
      assert.ok(inRegion.has(key(c)), `cell ${key(c)} of ${p.name} is outside the region`);
      assert.ok(!seen.has(key(c)), `cell ${key(c)} covered twice`);
      seen.add(key(c));
    }
  }
  assert.equal(seen.size, inRegion.size, "every region cell is covered");
  if (allPieces) assert.equal(used.size, sizes.size, "every piece is used");
  // The drawing has one group per placed piece.
  assert.equal(await d.locator("g.piece").count(), used.size);
  return sol;
}

export async function pick(t, page, name) {
  await page.locator(`[data-testid="pf-puzzle"][data-name="${name}"]`).click();
  await page.waitForFunction((n) => location.hash === `#polyforms/lib/${n}`, name);
}

export async function waitIdle(t, page, timeout = 60000) {
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="pf-solve"]').disabled,
    null,
    { timeout, polling: 50 }
  );
}

export const message = async (t, page) => (await t.tid("pf-message", page).innerText()).trim();
