// Trunk post_build step (called by scripts/gen-sw.sh): complete the page's
// Content-Security-Policy with the hash of every inline script in the built
// index.html.
//
// Why: a static host cannot be relied on for headers, so the policy is a
// <meta http-equiv> written in index.html. It allows scripts
// from the site itself only ('self', plus 'wasm-unsafe-eval' to compile the
// wasm) — but Trunk writes one inline module script (the wasm loader) and,
// under `trunk serve`, its autoreload script. Both change with every build
// (hashed file names), so their 'sha256-…' sources are added here, after
// Trunk has written the final page, instead of allowing 'unsafe-inline'.
//
// Usage: node scripts/csp.mjs DIST/index.html
import { readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";

const file = process.argv[2];
if (!file) {
  console.error("csp: usage: node scripts/csp.mjs DIST/index.html");
  process.exit(2);
}
let html = readFileSync(file, "utf8");

const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/;
const found = html.match(meta);
if (!found) {
  console.error(`csp: ${file} has no <meta http-equiv="Content-Security-Policy">`);
  process.exit(1);
}

// Inline scripts: <script …> without a src attribute, body hashed as is.
const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
  if (/\bsrc\s*=/.test(m[1]) || m[2].length === 0) continue;
  hashes.push(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
}

const directives = found[1]
  .split(";")
  .map((d) => d.trim())
  .filter(Boolean)
  .map((d) => {
    if (!/^script-src\s/.test(d)) return d;
    const kept = d.split(/\s+/).filter((s) => !s.startsWith("'sha256-"));
    return [...kept, ...hashes].join(" ");
  });
if (!directives.some((d) => d.startsWith("script-src"))) {
  console.error(`csp: the policy in ${file} has no script-src directive`);
  process.exit(1);
}
html = html.replace(meta, `<meta http-equiv="Content-Security-Policy" content="${directives.join("; ")}" />`);
writeFileSync(file, html);
console.log(`csp: ${hashes.length} inline script(s) hashed into the policy of ${file}`);
