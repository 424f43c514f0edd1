// Play mode on the variant grids (X-sudoku, jigsaw, Samurai) with the same
// game as the standard grid — locked givens, digits, marks, colours, Check,
// Reveal, undo, the clock and the saved game — and the graduated Hint on
// them; puzzles imported from f-puzzles and SudokuPad links, and the
// messages for links that cannot be played.

import { assert } from "../lib/harness.mjs";
import { PUZZLES } from "../lib/puzzles.mjs";

// The variant spec's puzzles (sudoku-variants.mjs).
const X_PUZZLE =
  "..3.....6...8.37...4...6.....1..48.9.5.......3..................7..........2813..";
const SAMURAI = [
  ".9..5......1.267.8...1.......8............3.76.7..1.5......2........7...9....5.8.",
  ".1.3..5....9...3....42.9.1..26.4.........1...17..6..3....4...8...7.....94.....2..",
  "....1.........5..7.8...94...56.2.....31...5.......4.............2.9.....1........",
  "...2.....9...6..2.....9.1....1.46.........5....572..9...6..8..1.13......5.....2.6",
  "...6.........3...4....25..13......9...1.4.5...2.....7...21.....7......32.4.......",
];
const SAGE_A = "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

// lz-string compressToBase64 of JSON written for the tests, made with the
// npm lz-string 1.5.0 package by scripts/lz-vectors.cjs: SAGE_A as f-puzzles
// JSON (title "Test classic") and as SudokuPad JSON (`cells` with `v`), the
// f-puzzles one with a killer cage added, and X_PUZZLE with both diagonals.
const FP_CLASSIC = "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0ACAYywEMxIyRVKBXNACwHsAnBAosGDyiTRE0YeiADmHCABMEAbXmgAbpSyNcAVlQSIymADsEaDhoC+yFWo0IAjBeAOHIVetwAOHXsPHTMJ5bOrjbwACxe+kbwJuaWLta4KJLeUTH+ALrISgGOccFaET7Rfjk58W4IAMyFqSWBmdl5CQgAbDW+sVYV8ADs7cWd5SHVyZEd/oGTudNDuLb9aWYNXSHzo0WLTd3a67WdpVOlywcruABMC3Uz+Qieu+MnS1nTj4dbq5eDN/B3umMDGWeswQfXuANe12aYU+E1OdhhQShOz+GyuT0acPgIxRe1hJ2B8AuYM2L3qQO+4WJVwJSRxDzemORKXppMh3WxzPB6XSZiAA";
const FP_KILLER = "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0ACAYywEMxIyRVKBXNACwHsAnBAosGDyiTRE0YeiADmHCABMEAbXmgAbpSyNcAVlQSIymADsEaDhoC+yFWo0IAjBeAOHIVetwAOHXsPHTMJ5bOrjbwACxe+kbwJuaWLta4KJLeUTH+ALrISgGOccFaET7Rfjk58W4IAMyFqSWBmdl5CQgAbDW+sVYV8ADs7cWd5SHVyZEd/oGTudNDuLb9aWYNXSHzo0WLTd3a67WdpVOlywcruABMC3Uz+Qieu+MnS1nTj4dbq5eDN/B3umMDGWeswQfXuANe12aYU+E1OdhhQShOz+GyuT0acPgIxRe1hJ2B8AuYM2L3qQO+4WJVwJSRxDzemORKXppMh3WxzPB6UyIAA1hAsDgOGRKBJcEoQGQYIKxPB5CAAEq2ADCtnESuVZxAPO+IEQICWZiAA=";
const SCL_CLASSIC = "N4IglgJiBcIC4gDQgMYFMA2GDOMDaeoAbjAKwC+iwl1VNIJ0AHDa1QzACz2MCc5AXUSE2tYmVGiO0AMyshI9owBsPGAHY1syXV3joARkHD9RpRL06x8k1ekAmKYxaW6C6649jpZ/S3fSmp5OXFq+0hRutubawTGOwQGM3DH8nhFWWnICAuRAA===";
const FP_X = "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0ACADRFQHMAnCAEwQG0ngBfZdzkANwEMsAV1wBmahB4wAdgjQ1hHLksUru/IbgBs4yTPhyFAXWStVS3gOEIAHDumz5MMxY0IxIKhPv7Hil1fgAdjs9AydOFWNTNUtcABYQhwUIlPN1AO0PL1DfVMiTZRjXeABGRJ9kwtB0+PKwvxqbOty02IQULN0kpyjW4oBWZsqzEbze/1Eh8KrRmd7ZhbGChragqcWZiPm8ooCAJnXd3FtO73qjhDLTnMqJt0PlQ2MQegg+KgB7KQEAam7UV7vL4CAC03TYQA";

const cellAttr = (page, i, name) => page.locator(`#cell-${i}`).getAttribute(name);
const said = (t, page = t.page) => t.tid("play-said", page).innerText();

async function play(t, page = t.page) {
  await t.click("mode-play", page);
  await page.waitForSelector('[data-testid="grid"][data-mode="play"] [role="gridcell"]');
}

async function variantImport(t, text, page = t.page) {
  await t.tid("vimport-text", page).fill(text);
  await t.click("vimport", page);
}

/** Solve in the variant editor and read the solution in cell order. */
async function variantSolution(t, page = t.page) {
  await t.click("vsolve", page);
  await page.waitForFunction(() => /Solved/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""), null, { timeout: 30000 });
  const text = await t.attr("variant-grid", "data-grid", page);
  // Layout lines, holes as spaces: the cells in reading order.
  return [...text.replace(/\n/g, "")].filter((c) => c !== " ").join("");
}

/** Open cells (givens '.') of a puzzle in cell order. */
const openCells = (puzzle) => [...puzzle].flatMap((ch, i) => (ch === "." ? [i] : []));

export const tests = [
  {
    name: "X-sudoku played: givens locked, a diagonal clash, marks, colours, Check catches a wrong digit, reload keeps the game, played to the end",
    timeout: 120000,
    async run(t) {
      const page = await t.open();
      await t.click("variant-x");
      await variantImport(t, X_PUZZLE);
      const solution = await variantSolution(t);
      assert.equal(solution.length, 81);
      // A fresh page on the puzzle's link: no engine solution on screen.
      await page.reload();
      await page.waitForSelector('html[data-app="ready"] [data-testid="variant-grid"] .vcell');
      await play(t);
      const grid = t.tid("grid");
      assert.equal(await grid.getAttribute("data-variant"), "x");
      assert.equal(await page.locator("#sudoku-grid .cell.diag").count(), 17, "the diagonals are drawn");
      // A given cannot be typed over.
      await page.locator("#cell-2").click();
      await page.keyboard.press("5");
      assert.equal(await cellAttr(page, 2, "data-kind"), "given");
      // r9c1 = 6 clashes with r1c9's 6 on the anti-diagonal only; undo.
      await page.locator("#cell-72").click();
      await page.keyboard.press("6");
      assert.equal(await cellAttr(page, 72, "data-conflict"), "true", "anti-diagonal clash");
      await page.keyboard.press("Control+z");
      assert.equal(await cellAttr(page, 72, "data-kind"), "empty");
      // Marks and a colour on two cells at once.
      await page.locator("#cell-0").click();
      await page.locator("#cell-1").click({ modifiers: ["Shift"] });
      await page.keyboard.press("Shift+Digit7");
      await page.keyboard.press("Control+Digit1");
      await page.keyboard.press("v");
      await page.keyboard.press("3");
      await page.keyboard.press("z");
      for (const i of [0, 1]) {
        assert.equal(await cellAttr(page, i, "data-corner"), "7");
        assert.equal(await cellAttr(page, i, "data-centre"), "1");
        assert.equal(await cellAttr(page, i, "data-colour"), "3");
      }
      // A wrong digit: Check marks it.
      await page.locator("#cell-0").click();
      const bad = String((Number(solution[0]) % 9) + 1);
      await page.keyboard.press(bad);
      await t.click("check");
      assert.equal(await cellAttr(page, 0, "data-wrong"), "true");
      assert.match(await said(t), /1 digit is wrong/);
      await t.shot("play-x-check-desktop-light");
      await page.locator("#cell-0").click();
      await page.keyboard.press(solution[0]);
      // The clock runs; a reload keeps the game and the clock.
      await t.until(() => Number(document.querySelector('[data-testid="timer"]').dataset.ms) >= 1500, null, { timeout: 10000 });
      const ms = Number(await t.attr("timer", "data-ms"));
      await page.reload();
      await page.waitForSelector('[data-testid="grid"][data-mode="play"][data-variant="x"] [role="gridcell"]');
      assert.equal(await cellAttr(page, 0, "data-kind"), "player");
      assert.equal(await cellAttr(page, 1, "data-colour"), "3");
      const again = Number(await t.attr("timer", "data-ms"));
      assert.ok(again >= ms - 1100, `timer ${again} ms after reload, ${ms} ms before`);
      // Play to the end.
      for (const i of openCells(X_PUZZLE)) {
        if (i === 0) continue;
        await page.locator(`#cell-${i}`).click();
        await page.keyboard.press(solution[i]);
      }
      await t.tid("finish").waitFor({ timeout: 5000 });
      // The worker rates the X puzzle when the game ends: grade and number.
      await t.until(() => /· \d+\.\d$/.test(document.querySelector('[data-testid="finish-rating"]')?.textContent || ""), null, { timeout: 30000 });
      const xRating = await t.tid("finish-rating").innerText();
      assert.match(xRating, /^(Easy|Medium|Hard|Expert) · \d+\.\d$/);
      t.note(`X finish rating: ${xRating}`);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "jigsaw played: Hint is graduated on the jigsaw's regions, applied at the fourth press, and names a wrong digit",
    timeout: 90000,
    async run(t) {
      const page = await t.open();
      await t.click("variant-jigsaw");
      await t.tid("vseed").fill("3");
      await t.tid("vseed").dispatchEvent("change");
      await t.click("vgenerate");
      await page.waitForFunction(() => /Generated/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""), null, { timeout: 30000 });
      await play(t);
      assert.equal(await t.attr("grid", "data-variant"), "jigsaw");
      assert.ok((await page.locator('#sudoku-grid .cell[class*="reg-"]').count()) === 81, "regions drawn");
      const filled = () => page.locator('#sudoku-grid [data-kind="player"]').count();
      const texts = [];
      let raw = await page.evaluate(() => document.querySelector('[data-testid="play-said"]')?.textContent || "");
      for (let press = 1; press <= 3; press++) {
        await t.click("play-hint");
        // The answer to this press: the words change at every press (the
        // worker answers a task or more later; a press while it works is
        // ignored, so the next press waits for this answer).
        await t.until(
          ([n, before]) => {
            const s = document.querySelector('[data-testid="play-said"]')?.textContent || "";
            return s !== before && s.includes(n === 3 ? "apply it" : "for more");
          },
          [press, raw]
        );
        raw = await page.evaluate(() => document.querySelector('[data-testid="play-said"]')?.textContent || "");
        texts.push(await said(t));
        assert.equal(await filled(), 0, `press ${press} changes nothing`);
      }
      assert.equal(new Set(texts).size, 3, JSON.stringify(texts));
      await t.click("play-hint");
      await t.until(() => document.querySelector('[data-testid="play-said"]')?.textContent.startsWith("Applied:"));
      const marks = await page.locator("#sudoku-grid [data-centre]").count();
      assert.ok((await filled()) > 0 || marks > 0, "the fourth press applied the step");
      t.note(`jigsaw hints: ${texts.map((x) => x.slice(0, 50)).join(" | ")}`);
      await page.locator("#sudoku-grid").focus();
      await page.keyboard.press("Control+z");
      assert.equal(await filled(), 0, "one undo takes the step back");
      // A legal but wrong digit: Reveal tells the right one (undone), the
      // auto-candidates a legal other.
      const puzzle = await t.attr("grid", "data-puzzle");
      const cell = [...puzzle.replace(/\n/g, "")].findIndex((c) => c === ".");
      await page.locator(`#cell-${cell}`).click();
      await t.click("reveal");
      const right = await page.locator(`#cell-${cell} .value`).innerText();
      await page.keyboard.press("Control+z");
      await t.click("auto-candidates");
      const cands = await cellAttr(page, cell, "data-centre");
      await t.click("auto-candidates");
      const wrong = [...cands].find((d) => d !== right);
      assert.ok(wrong, `a second candidate in ${cands}`);
      await page.locator(`#cell-${cell}`).click();
      await page.keyboard.press(wrong);
      await t.click("play-hint");
      await t.until((w) => document.querySelector('[data-testid="play-said"]')?.textContent.includes(`is not ${w}`), wrong);
      assert.match(await said(t), /no solution from here/);
      await t.shot("play-jigsaw-hint-desktop-light");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "Samurai played: holes skipped, a digit clashes across the grid, Reveal and Check, Hint names its grid, reload keeps the game",
    timeout: 90000,
    async run(t) {
      const page = await t.open();
      await t.click("variant-samurai");
      await variantImport(t, SAMURAI.join(" "));
      await play(t);
      assert.equal(await t.attr("grid", "data-variant"), "samurai");
      assert.equal(await page.locator("#sudoku-grid [role=gridcell]").count(), 369);
      assert.equal(await page.locator("#sudoku-grid .vhole").count(), 441 - 369);
      // Right from r1c9 jumps the gap to r1c13.
      await page.locator('#sudoku-grid [data-pos="8"]').click();
      await page.keyboard.press("ArrowRight");
      const sel = await t.attr("grid", "aria-activedescendant");
      assert.equal(await page.locator(`#${sel}`).getAttribute("data-pos"), "12", "r1c13");
      // The first empty cell of the centre grid's corner box (r7c7…r9c9).
      const pos = (r, c) => (r - 1) * 21 + (c - 1);
      const cellOf = async (p) => Number(await page.locator(`#sudoku-grid [data-pos="${p}"]`).getAttribute("data-cell"));
      let a = null;
      for (const p of [pos(7, 7), pos(7, 8), pos(7, 9), pos(8, 7), pos(8, 8), pos(8, 9), pos(9, 7), pos(9, 8), pos(9, 9)]) {
        const i = await cellOf(p);
        if ((await cellAttr(page, i, "data-kind")) === "empty") { a = i; break; }
      }
      assert.ok(a !== null, "an empty cell in the shared box");
      await page.locator(`#cell-${a}`).click();
      await t.click("reveal");
      await t.until((a) => document.querySelector(`#cell-${a}`)?.dataset.kind === "player", a, { timeout: 20000 });
      const v = await page.locator(`#cell-${a} .value`).innerText();
      // The same digit in the same layout row, inside the centre grid but
      // outside the top-left one (r7c13…r7c15 are centre and top-right):
      // it clashes through the centre grid's row.
      const row = Number(await page.locator(`#cell-${a}`).getAttribute("data-pos")) / 21 | 0;
      let b = null;
      for (const c of [13, 14, 15, 12, 11, 10]) {
        const i = await cellOf(row * 21 + c - 1);
        if ((await cellAttr(page, i, "data-kind")) === "empty") { b = i; break; }
      }
      assert.ok(b !== null, "an empty cell in the centre grid's row");
      await page.locator(`#cell-${b}`).click();
      await page.keyboard.press(v);
      assert.equal(await cellAttr(page, b, "data-conflict"), "true");
      await t.click("check");
      assert.equal(await cellAttr(page, b, "data-wrong"), "true");
      assert.match(await said(t), /1 digit is wrong/);
      await page.locator(`#cell-${b}`).click();
      await page.keyboard.press("Delete");
      await page.keyboard.press("Shift+Digit2");
      assert.equal(await cellAttr(page, b, "data-corner"), "2");
      await t.click("check");
      assert.match(await said(t), /No mistakes so far/);
      // Hint: the technique and which of the five grids.
      await t.click("play-hint");
      await t.until(() => /In grid \d/.test(document.querySelector('[data-testid="play-said"]')?.textContent || ""));
      t.note(`samurai hint: ${(await said(t)).slice(0, 90)}`);
      await t.shot("play-samurai-desktop-light");
      // A reload keeps the game.
      await page.reload();
      await page.waitForSelector('[data-testid="grid"][data-mode="play"][data-variant="samurai"] [role="gridcell"]');
      assert.equal(await cellAttr(page, a, "data-kind"), "player");
      assert.equal(await cellAttr(page, b, "data-corner"), "2");
      // Reveal every cell (Ctrl+A selects all): the game ends, and the
      // finish screen shows the Samurai's rating from its walk of hints.
      await page.locator(`#cell-${a}`).click();
      await page.keyboard.press("Control+a");
      // After the reload the worker finds the solution again first.
      for (let i = 0; i < 30 && !(await t.tid("finish").isVisible()); i++) {
        await t.click("reveal");
        await page.waitForTimeout(1000);
      }
      await t.tid("finish").waitFor({ timeout: 20000 });
      await t.until(() => /· \d+\.\d$/.test(document.querySelector('[data-testid="finish-rating"]')?.textContent || ""), null, { timeout: 60000 });
      const rating = await t.tid("finish-rating").innerText();
      assert.match(rating, /^(Easy|Medium|Hard|Expert) · \d+\.\d$/);
      t.note(`Samurai finish rating: ${rating}`);
      await t.shot("play-samurai-finished-desktop-light");
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "paste on the grid imports a puzzle or a link with the Import box's checks and messages; the box is one click from the top",
    async run(t) {
      const page = await t.open();
      // What Ctrl/⌘+V sends: a paste event with the clipboard's text.
      const paste = (text, selector = '[data-testid="grid"]') =>
        page.evaluate(([text, selector]) => {
          const data = new DataTransfer();
          data.setData("text/plain", text);
          const target = document.querySelector(selector);
          target.focus();
          return target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
        }, [text, selector]);
      const { escargot } = PUZZLES;
      assert.equal(await paste(escargot.puzzle), false, "the grid takes the paste");
      await t.until((p) => document.querySelector('[data-testid="grid"]')?.dataset.puzzle === p, escargot.puzzle);
      assert.match(await t.statusText(), /Imported a 9×9 puzzle/);
      // A link, pasted while playing: the game is the link's puzzle.
      await play(t);
      await paste(`https://www.f-puzzles.com/?load=${FP_CLASSIC}`);
      await t.until((p) => document.querySelector('[data-testid="grid"][data-mode="play"]')?.dataset.puzzle === p, SAGE_A);
      // Bad text: a notice names what is wrong; the text waits in the box
      // with the same error under it, and the puzzle stays.
      await t.click("mode-edit");
      await paste("12345");
      await t.until(() => [...document.querySelectorAll('[data-testid="notice"]')].some((n) => /pasted text could not be imported: 5 cells: a 4×4 grid needs 16/.test(n.textContent)));
      assert.equal(await t.tid("import-text").inputValue(), "12345", "what was pasted is kept");
      assert.match(await t.tid("import-error").innerText(), /^5 cells: a 4×4 grid needs 16/);
      assert.equal(await t.puzzle(), SAGE_A, "the puzzle is unchanged");
      await t.shot("paste-error-desktop-light");
      // In a text field a paste is only a paste.
      assert.equal(await paste("1", '[data-testid="import-text"]'), true, "the box's own paste is left alone");
      // One click from the top of the view to the box, in either editor.
      await page.evaluate(() => window.scrollTo(0, 0));
      await t.click("open-import");
      await t.until(() => document.activeElement?.id === "import-text");
      assert.ok(await t.tid("import-text").isVisible());
      // In view once the view has settled (the editor's later parts render
      // above the box; the button scrolls to it again after them).
      const inView = (id) => t.until((id) => { const r = document.getElementById(id).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }, id, { timeout: 3000 }).then(() => true, () => false);
      assert.ok(await inView("import-text"), "the box is scrolled into view");
      await t.click("variant-x");
      await page.waitForSelector('[data-testid="variant-grid"]');
      await page.evaluate(() => window.scrollTo(0, 0));
      await t.click("open-import");
      await t.until(() => document.activeElement?.id === "vimport");
      assert.ok(await inView("vimport"), "the variant editor's box is scrolled into view");
      // A paste on the X grid is the X editor's import.
      await paste(X_PUZZLE, '[data-testid="variant-grid"]');
      await t.until((x) => document.querySelector("#vexport")?.value === x, X_PUZZLE);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "f-puzzles and SudokuPad links: classic and X grids imported and played, a killer opens the constraint editor; unsupported links say why",
    timeout: 90000,
    async run(t) {
      const page = await t.open();
      await t.click("clear-all");
      await t.tid("import-text").fill(`https://www.f-puzzles.com/?load=${FP_CLASSIC}`);
      await t.click("import-button");
      assert.equal(await t.puzzle(), SAGE_A, "the f-puzzles givens (not the solver's digit)");
      assert.match(await t.statusText(), /Imported “Test classic” from f-puzzles: a 9×9 classic Sudoku with 26 givens/);
      await play(t);
      await page.locator("#cell-1").click();
      await page.keyboard.press("3");
      assert.equal(await cellAttr(page, 1, "data-kind"), "player");
      // SudokuPad's scl link, in edit mode.
      await t.click("mode-edit");
      await t.click("clear-all");
      await t.tid("import-text").fill(`https://sudokupad.app/scl${SCL_CLASSIC}`);
      await t.click("import-button");
      assert.equal(await t.puzzle(), SAGE_A, "the SudokuPad givens");
      // A killer link opens the constraint editor with its cage.
      await t.tid("import-text").fill(`https://www.f-puzzles.com/?load=${FP_KILLER}`);
      await t.click("import-button");
      await t.tid("cgrid").waitFor();
      assert.ok((await page.locator(".c-cage").count()) >= 1, "the link's cage is drawn");
      assert.match(await t.tid("cmessage").innerText(), /f-puzzles/);
      assert.match(page.url(), /#sudoku\/killer\//);
      await t.click("variant-standard");
      assert.equal(await t.puzzle(), SAGE_A, "the standard grid kept its puzzle");
      // Unsupported: a short id.
      await t.tid("import-text").fill("https://sudokupad.app/k2j4h5g6");
      await t.click("import-button");
      assert.match(await t.tid("import-error").innerText(), /short SudokuPad id/);
      await t.shot("import-link-error-desktop-light");
      // An X-sudoku link opens the X editor with the puzzle, and plays.
      await t.tid("import-text").fill(`https://www.f-puzzles.com/?load=${FP_X}`);
      await t.click("import-button");
      await page.waitForSelector('[data-testid="variant-grid"][data-variant="x"]');
      assert.equal(await page.locator("#vexport").inputValue(), X_PUZZLE);
      assert.match(await t.tid("vmessage").innerText(), /Imported “Test X” from f-puzzles: a 9×9 X-sudoku/);
      assert.match(page.url(), /#sudoku\/x\/\.\.3/);
      await play(t);
      assert.equal(await t.attr("grid", "data-variant"), "x");
      // In the variant editor's box: an unsupported link, then a classic one
      // (back to the standard editor).
      await t.click("mode-edit");
      await variantImport(t, "https://sudokupad.app/scfAAAAAAAAAAAAAAAAAAAA");
      assert.match(await t.tid("vmessage").innerText(), /older compact format/);
      await variantImport(t, `https://sudokupad.app/?puzzle=scl${SCL_CLASSIC}`);
      await page.waitForSelector('[data-testid="sudoku-bench"] [data-testid="grid"]');
      assert.equal(await t.puzzle(), SAGE_A);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: "variant play screenshots: desktop and 375 px, light and dark",
    timeout: 120000,
    async run(t) {
      for (const scheme of ["light", "dark"]) {
        for (const [w, h, tag] of [[1280, 800, "desktop"], [375, 812, "mobile"]]) {
          const page = await t.newPage({ width: w, height: h, colorScheme: scheme, isMobile: w < 500 });
          await t.open("#sudoku", { page });
          for (const [v, text] of [["x", X_PUZZLE], ["samurai", SAMURAI.join(" ")]]) {
            await t.click(`variant-${v}`, page);
            await variantImport(t, text, page);
            await play(t, page);
            const grid = await t.tid("grid", page).boundingBox();
            assert.ok(grid.x >= 0 && grid.x + grid.width <= w + 1, `${v} ${tag}: grid inside the page (${JSON.stringify(grid)})`);
            const empty = page.locator('#sudoku-grid [data-kind="empty"]');
            await empty.nth(3).click();
            await page.keyboard.press("Shift+Digit4");
            await page.keyboard.press("Control+Digit2");
            await empty.nth(5).click();
            await page.keyboard.press("7");
            await t.shot(`play-${v}-${tag}-${scheme}`, page);
            await t.click("mode-edit", page);
          }
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= w + 2, `no horizontal scroll at ${w} px (${width})`);
          await page.close();
        }
      }
    },
  },
  {
    name: "Samurai Hint runs in the worker: the button says it is busy, no long task on the page (a Samurai with one given, where every rule fails on all five grids, and a puzzle's start)",
    timeout: 120000,
    async run(t) {
      const page = await t.open();
      await t.click("variant-samurai");
      const measure = async (what) => {
        await play(t);
        await page.waitForTimeout(500);
        const before = await page.evaluate(() => document.querySelector('[data-testid="play-said"]')?.textContent || "");
        // Record whether the Hint button ever says it is busy.
        await page.evaluate(() => {
          const b = document.querySelector('[data-testid="play-hint"]');
          window.__hintBusy = false;
          new MutationObserver(() => {
            if (b.getAttribute("aria-busy") === "true") window.__hintBusy = true;
          }).observe(b, { attributes: true, attributeFilter: ["aria-busy"] });
        });
        await t.watchLongTasks();
        const t0 = Date.now();
        await t.click("play-hint");
        await t.until((b) => {
          const now = document.querySelector('[data-testid="play-said"]')?.textContent || "";
          return now.length > 0 && now !== b;
        }, before, { timeout: 60000 });
        const wall = Date.now() - t0;
        const tasks = await t.longTasks();
        const text = (await said(t)).slice(0, 80);
        t.note(`samurai hint, ${what}: click to answer ${wall} ms, long tasks ${JSON.stringify(tasks)}: ${text}`);
        assert.ok(await page.evaluate(() => window.__hintBusy), `${what}: the Hint button said it was busy`);
        assert.equal(await t.attr("play-hint", "aria-busy"), "false");
        assert.equal(await t.tid("play-hint").innerText(), "Hint");
        await t.click("mode-edit");
        return Math.max(0, ...tasks);
      };
      // One given: the least a game can have (Play needs a puzzle).
      await variantImport(t, ["1" + ".".repeat(80), ...Array(4).fill(".".repeat(81))].join(" "));
      const stuck = await measure("one given");
      await variantImport(t, SAMURAI.join(" "));
      const start = await measure("puzzle start");
      t.note(`longest: one given ${stuck} ms, start ${start} ms`);
      // The pool marks when jobs run (the harness's "during a job" check).
      assert.ok(t.jobMarks.some((m) => m.busy) && t.jobMarks.some((m) => !m.busy), "busy and idle marks recorded");
      // Before, on the main thread: 170 ms idle, 373 ms under load.
      t.assertNoTaskOver([stuck, start], 200, "the longest task while the worker finds a hint (one given, puzzle start)");
    },
  },
  {
    name: "each variant opens on a real puzzle with Generate beside it; Play is offered only when there is a puzzle to play",
    async run(t) {
      const page = await t.open();
      const givens = async () => (await t.attr("variant-grid", "data-puzzle")).replace(/[^1-9]/g, "").length;
      for (const [id, cells] of [["x", 81], ["jigsaw", 81], ["samurai", 369]]) {
        await t.click(`variant-${id}`);
        await page.waitForSelector(`[data-testid="variant-grid"][data-variant="${id}"]`);
        const n = await givens();
        assert.ok(n >= 10, `${id} opens with ${n} givens`);
        assert.ok(await t.tid("vgenerate").isVisible(), `${id}: Generate is there`);
        assert.equal(await t.tid("mode-play").isDisabled(), false, `${id}: Play is offered`);
        // The opening puzzle is proper: one solution, counted by the worker.
        await t.click("vcount");
        await page.waitForFunction(() => /Counted by/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""), null, { timeout: 30000 });
        assert.match(await t.tid("vmessage").textContent(), /^Exactly 1 solution/, id);
        await play(t);
        assert.equal(await page.locator("#sudoku-grid [role=gridcell]").count(), cells, id);
        assert.match(await t.tid("timer").innerText(), /\d:\d\d/, `${id}: the clock runs on a puzzle`);
        await t.click("mode-edit");
        await page.waitForSelector('[data-testid="variant-grid"]');
      }
      // Cleared, the grid has nothing to play: Play is disabled, and says why.
      await t.click("vclear");
      await t.until(() => document.querySelector('[data-testid="mode-play"]')?.disabled === true);
      assert.match(await t.attr("mode-play", "title"), /empty grid has nothing to play/);
      await t.shot("variant-empty-no-play-desktop");
      // A generated puzzle brings it back.
      await t.click("vgenerate");
      await page.waitForFunction(() => /Generated/.test(document.querySelector('[data-testid="vmessage"]')?.textContent || ""), null, { timeout: 30000 });
      assert.ok((await givens()) >= 10);
      assert.equal(await t.tid("mode-play").isDisabled(), false);
      // The standard editor: Clear all empties it, and Play waits for givens.
      await t.click("variant-standard");
      await t.ready();
      await t.click("clear-all");
      await t.until(() => document.querySelector('[data-testid="mode-play"]')?.disabled === true);
      await page.locator("#cell-0").click();
      await page.keyboard.press("5");
      await t.until(() => document.querySelector('[data-testid="mode-play"]')?.disabled === false);
    },
  },
];
