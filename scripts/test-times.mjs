// `make test-native`, after cargo-nextest: read its JUnit report, write each
// test's time to a TSV (`name<TAB>seconds`, read by scripts/test-layers.sh
// for the slowest-ten list), and fail when any test was skipped: in the
// `checked` profile every test runs, so a skipped one hides something.
//
// Usage: node scripts/test-times.mjs junit REPORT.xml OUT.tsv
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const [kind, report, out] = process.argv.slice(2);
if (kind !== "junit" || !report || !out) {
  console.error("usage: node scripts/test-times.mjs junit REPORT.xml OUT.tsv");
  process.exit(2);
}
const xml = readFileSync(report, "utf8");
const attr = (tag, name) => {
  const m = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return m ? m[1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&") : "";
};
const rows = [];
const skipped = [];
// <testcase name="…" classname="binary" time="1.234"> … </testcase> or />
for (const m of xml.matchAll(/<testcase\b[^>]*?(\/>|>[\s\S]*?<\/testcase>)/g)) {
  const tag = m[0].slice(0, m[0].indexOf(">") + 1);
  const name = `${attr(tag, "classname")} ${attr(tag, "name")}`;
  if (/<skipped\b/.test(m[0])) skipped.push(name);
  rows.push(`${name}\t${Number(attr(tag, "time")) || 0}`);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, rows.join("\n") + "\n");
console.log(`test-times: ${rows.length} tests timed (${out})`);
if (skipped.length) {
  console.error(`test-times: ${skipped.length} tests were skipped, and none may be:\n  ${skipped.join("\n  ")}`);
  process.exit(1);
}
