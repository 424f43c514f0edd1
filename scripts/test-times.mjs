// `make test-native`, after cargo-nextest: read its JUnit report and write
// each test's time to a TSV (`name<TAB>seconds`, read by
// scripts/test-layers.sh for the slowest-ten list); then fail when nextest's
// own summary (its output, LOG) counts any test skipped: in the `checked`
// profile every test runs, so a skipped one hides something. (The JUnit
// report cannot tell: nextest leaves skipped tests out of it.)
//
// Usage: node scripts/test-times.mjs junit REPORT.xml OUT.tsv LOG
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const [kind, report, out, log] = process.argv.slice(2);
if (kind !== "junit" || !report || !out || !log) {
  console.error("usage: node scripts/test-times.mjs junit REPORT.xml OUT.tsv LOG");
  process.exit(2);
}
const xml = readFileSync(report, "utf8");
const attr = (tag, name) => {
  const m = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return m ? m[1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&") : "";
};
const rows = [];
// <testcase name="…" classname="binary" time="1.234"> … </testcase> or />
for (const m of xml.matchAll(/<testcase\b[^>]*?(\/>|>[\s\S]*?<\/testcase>)/g)) {
  const tag = m[0].slice(0, m[0].indexOf(">") + 1);
  rows.push(`${attr(tag, "classname")} ${attr(tag, "name")}\t${Number(attr(tag, "time")) || 0}`);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, rows.join("\n") + "\n");
console.log(`test-times: ${rows.length} tests timed (${out})`);
// "Summary [ 293.351s] 616 tests run: 616 passed (1 slow), 0 skipped"
const summary = readFileSync(log, "utf8").match(/Summary \[[^\]]*\] .*?(\d+) skipped/);
if (!summary) {
  console.error(`test-times: no nextest summary line in ${log}`);
  process.exit(1);
}
if (Number(summary[1]) > 0) {
  console.error(`test-times: ${summary[1]} tests were skipped, and none may be (${log})`);
  process.exit(1);
}
