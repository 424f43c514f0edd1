import { chromium } from "playwright-core";
import { startServer } from "/work/main/benches/web/server.mjs";
const server = await startServer("/work/main/dist");
const base = `http://127.0.0.1:${server.port}/`;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const path of [process.argv[2] || "#sudoku/1....7.9..3..2...8..96..5....53"]) {
  const ctx = await b.newContext();
  const p = await ctx.newPage();
  await p.addInitScript(() => {
    window.__loaf = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push({ start: Math.round(e.startTime), dur: Math.round(e.duration), block: Math.round(e.blockingDuration), scripts: e.scripts.map((s) => `${s.invokerType}:${s.invoker} ${Math.round(s.duration)}ms compile?${Math.round(s.pauseDuration)} fwd:${Math.round(s.forcedStyleAndLayoutDuration)} ${s.sourceURL.split("/").pop()}:${s.sourceFunctionName}`), render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0), style: Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0) }); }).observe({ type: "long-animation-frame", buffered: true });
    window.__marks = () => performance.getEntriesByType("mark").map((m) => `${m.name}@${Math.round(m.startTime)}`);
  });
  await p.goto(base + path);
  await p.waitForTimeout(4000);
  const r = await p.evaluate(() => ({ loaf: window.__loaf.filter((e) => e.dur > 100), marks: window.__marks(), res: performance.getEntriesByType("resource").filter((e) => /wasm/.test(e.name)).map((e) => `${e.name.split("/").pop()} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`) }));
  console.log(path); console.log(JSON.stringify(r, null, 1));
  await ctx.close();
}
await b.close(); server.close?.();
process.exit(0);
