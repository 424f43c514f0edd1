// axe-core in the page: its script injected once per document, then
// `axe.run` for each scan. @axe-core/playwright's builder re-injects the
// script and finishes every scan in a page of its own: 3–8 s a scan here,
// against 0.2–1.6 s this way, with the same engine, rules and results (the
// app has no frames to walk).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The WCAG 2.1 A/AA rules and best practice. */
export const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** The critical and serious violations on the page (or inside `include`),
 * each as one line: impact, rule, help, node count and a first target. */
export async function axeViolations(page, { include = null, tags = TAGS } = {}) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(SOURCE);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const context = include ? { include: [include] } : document;
      const r = await window.axe.run(context, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, target: v.nodes[0]?.target?.join(" ") ?? "" }));
    },
    { include, tags }
  );
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes} nodes, e.g. ${v.target})`);
}
