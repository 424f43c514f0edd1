// Trunk post_build step (Trunk.toml): build the app's and the worker's wasm
// in one cargo run, split the app into a main module and one chunk per
// workbench, and bind the worker.
//
// Why one cargo run: cargo unifies the features of shared dependencies
// (serde, web-sys, the engine…) within one run only. Built apart, as Trunk
// built the worker before this hook built the app, 28 crates (the engine and
// the job runner among them) were compiled twice, with different features.
//
// Why not Trunk's `rel="rust"`: the split is a post-link step Trunk 0.21 cannot
// run. Leptos marks the split points (`crate::chunk!` in
// crates/web/src/ui/workbench.rs, on wasm_split_helpers); `wasm-split-cli`
// (crates.io `wasm_split_cli_support`, installed by `make tools`) cuts the
// linked module at them using the relocations `--emit-relocs` keeps
// (.cargo/config.toml). Then, as Trunk would: wasm-bindgen (`--target web`,
// keeping the linker's exports the chunks import) and, for release builds,
// wasm-opt -Oz on every part.
//
// Output, into Trunk's staging directory:
//   worker.js, worker_bg.wasm            the Web Worker (wasm-bindgen's
//                                        no-modules glue, as Trunk's own
//                                        worker pipeline wrote it; booted by
//                                        public/solver-worker.js)
//   app-<hash>/app.js, app_bg.wasm       the main module (shell + home)
//   app-<hash>/__wasm_split.js           the chunk loader the main module imports
//   app-<hash>/split_<workbench>.wasm    a workbench's own code
//   app-<hash>/chunk_<n>.wasm            code shared by some of the workbenches
// The directory's name is a hash of all of them: a new build never mixes with
// an old one in any cache. index.html gets the preloads and the loader: it
// starts the main module and, for a link straight into a workbench
// (`#sudoku/…`), fetches that workbench's chunks at the same time.
//
// Usage (Trunk sets the variables): node scripts/build-app.mjs
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const profile = process.env.TRUNK_PROFILE ?? "release";
const stage = resolve(process.env.TRUNK_STAGING_DIR ?? join(root, "dist"));
const release = profile === "release";
const target = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(root, "target");
const work = join(target, "app-split");
// The wasm features the build emits, which wasm-opt must be told of.
const features = [
  "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
  "--enable-mutable-globals",
  "--enable-reference-types",
  "--enable-multivalue",
];

const run = (cmd, args, opts = {}) => {
  try {
    execFileSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"], cwd: root, ...opts });
  } catch (e) {
    console.error(`build-app: ${cmd} ${args.join(" ")} failed${e.code === "ENOENT" ? ` (${cmd} is not installed: run \`make tools\`)` : ""}`);
    process.exit(1);
  }
};

/** A wasm module without its custom sections `linking` and `reloc.*` (the
 * linker's relocation data): each section is an id byte and a LEB128 size;
 * a custom section (id 0) starts with its name. */
function withoutRelocations(wasm) {
  const keep = [wasm.subarray(0, 8)];
  let i = 8;
  const leb = () => {
    let r = 0;
    let shift = 0;
    let b;
    do {
      b = wasm[i++];
      r += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return r;
  };
  while (i < wasm.length) {
    const start = i;
    const id = wasm[i++];
    const size = leb();
    const body = i;
    let drop = false;
    if (id === 0) {
      const len = leb();
      const name = wasm.subarray(i, i + len).toString();
      drop = name === "linking" || name.startsWith("reloc.");
    }
    if (!drop) keep.push(wasm.subarray(start, body + size));
    i = body + size;
  }
  return Buffer.concat(keep);
}

// 1. Link the app and the worker (the workspace's wasm32 rustflags add
//    --emit-relocs). `make test-wasm` builds its example with the same
//    packages, so that it reuses this run's crates.
const cargoArgs = [
  "build", "-p", "tessera-web", "--bin", "app", "-p", "tessera-worker", "--bin", "worker",
  "--target", "wasm32-unknown-unknown",
];
if (release) cargoArgs.push("--release");
run("cargo", cargoArgs);
const out = join(target, "wasm32-unknown-unknown", release ? "release" : "debug");
const linked = join(out, "app.wasm");

// 1b. The worker: wasm-bindgen's no-modules glue (a classic worker script
//     loads it with importScripts), -O3 in release builds: its kernels are
//     the hot loops, so speed, not size.
//     The linker's relocations (`--emit-relocs`, for the app's split) are
//     dropped first: the worker is not split, and they were a third of it.
const workerOut = join(target, "worker-bindgen");
rmSync(workerOut, { recursive: true, force: true });
mkdirSync(workerOut, { recursive: true });
writeFileSync(join(workerOut, "worker.wasm"), withoutRelocations(readFileSync(join(out, "worker.wasm"))));
run("wasm-bindgen", [
  "--target", "no-modules", "--no-typescript", "--out-dir", workerOut, "--out-name", "worker",
  join(workerOut, "worker.wasm"),
]);
if (release) {
  run("wasm-opt", ["-O3", ...features, join(workerOut, "worker_bg.wasm"), "-o", join(workerOut, "worker_bg.wasm")]);
}
for (const f of ["worker.js", "worker_bg.wasm"]) cpSync(join(workerOut, f), join(stage, f));

// 2. Split it.
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, "bindgen"), { recursive: true });
run("wasm-split-cli", [linked, work, "--out-name", "app"]);

// 3. wasm-bindgen on the main module.
run("wasm-bindgen", [
  "--target", "web", "--keep-lld-exports", "--no-typescript",
  "--out-dir", join(work, "bindgen"), "--out-name", "app", join(work, "app.wasm"),
]);

// 4. The parts, optimised for size in release builds.
const parts = new Map(); // name -> source path
parts.set("app.js", join(work, "bindgen", "app.js"));
parts.set("app_bg.wasm", join(work, "bindgen", "app_bg.wasm"));
parts.set("__wasm_split.js", join(work, "__wasm_split.js"));
for (const f of readdirSync(work).sort()) {
  if (/^(chunk|split)_\w+\.wasm$/.test(f)) parts.set(f, join(work, f));
}
// APP_KEEP_NAMES=1 keeps the function names (-g), so that a CPU profile of a
// release build names Rust functions rather than `wasm-function[N]`.
const names = process.env.APP_KEEP_NAMES === "1" ? ["-g"] : [];
if (release) {
  for (const [name, path] of parts) {
    if (name.endsWith(".wasm")) run("wasm-opt", ["-Oz", ...names, ...features, path, "-o", path]);
  }
}

// 5. Which files each workbench needs, read from the loader wasm-split wrote:
//    `export const __wasm_split_load_<name> = wrapAsyncCb(makeLoad(... "./split_<name>.wasm" ...), [__chunk_<n>, …]))`
//    and `const __chunk_<n> = makeLoad(... "./chunk_<n>.wasm" ...)`.
const loader = readFileSync(parts.get("__wasm_split.js"), "utf8");
const chunkFile = new Map();
for (const m of loader.matchAll(/const (__chunk_\d+) = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/(chunk_\d+\.wasm)"/g)) {
  chunkFile.set(m[1], m[2]);
}
const needs = {};
for (const m of loader.matchAll(
  /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/(split_\w+\.wasm)"[\s\S]*?, \[([^\]]*)\]\)\);/g,
)) {
  const deps = m[3].split(",").map((s) => s.trim()).filter(Boolean);
  for (const d of deps) {
    if (!chunkFile.has(d)) throw new Error(`build-app: ${m[1]} needs ${d}, which the loader does not define`);
  }
  needs[m[1]] = [...deps.map((d) => chunkFile.get(d)), m[2]];
}
if (Object.keys(needs).length === 0) {
  console.error("build-app: wasm-split found no split points (is `crate::chunk!` used, and --emit-relocs set?)");
  process.exit(1);
}
const bytes = {};
for (const [name, path] of parts) bytes[name] = statSync(path).size;

// 6. Into the staging directory, under a name that hashes every part.
const digest = createHash("sha256");
for (const [name, path] of parts) digest.update(name).update(readFileSync(path));
const dir = `app-${digest.digest("hex").slice(0, 16)}`;
for (const old of readdirSync(stage)) if (/^app-[0-9a-f]{16}$/.test(old)) rmSync(join(stage, old), { recursive: true });
mkdirSync(join(stage, dir));
for (const [name, path] of parts) cpSync(path, join(stage, dir, name));

// 7. index.html: preload the main module, then the loader.
const page = join(stage, "index.html");
if (!existsSync(page)) {
  console.error(`build-app: ${page} is missing`);
  process.exit(1);
}
const loaderScript = `
import init from "./${dir}/app.js";
// A link straight into a workbench: fetch its chunks beside the main module
// (the app asks for them once it runs; the preloads answer). The loading
// screen counts the bytes of every part this route needs.
const needs = ${JSON.stringify(needs)};
const bytes = ${JSON.stringify(bytes)};
const route = location.hash.replace(/^#/, "").split(/[/?]/)[0];
const need = needs[route] || [];
for (const file of need) {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "anonymous";
  link.href = "./${dir}/" + file;
  document.head.append(link);
}
const progress = document.getElementById("boot-progress");
if (progress) progress.setAttribute("data-wasm-bytes", String(need.reduce((a, f) => a + bytes[f], bytes["app_bg.wasm"])));
await init({ module_or_path: "./${dir}/app_bg.wasm" });
`;
const head =
  `<link rel="modulepreload" href="./${dir}/app.js" crossorigin="anonymous">` +
  `<link rel="preload" href="./${dir}/app_bg.wasm" crossorigin="anonymous" as="fetch" type="application/wasm">` +
  `<script type="module">${loaderScript}</script>`;
let html = readFileSync(page, "utf8");
html = html.replace(/<link rel="modulepreload" href="\.\/app-[^>]*>|<link rel="preload" href="\.\/app-[^>]*>|<script type="module">\s*import init from "\.\/app-[\s\S]*?<\/script>/g, "");
if (!html.includes("</head>")) throw new Error("build-app: index.html has no </head>");
html = html.replace("</head>", `${head}</head>`);
writeFileSync(page, html);

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`build-app: ${dir}/ (${profile}): main ${kb(bytes["app_bg.wasm"])}; ` +
  Object.entries(needs).map(([w, f]) => `${w} +${kb(f.reduce((a, x) => a + bytes[x], 0))}`).join(", "));
