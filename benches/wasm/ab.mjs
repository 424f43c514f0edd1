// A/B timing of wasm builds of examples/wasm_bench.rs in one Node process:
// every build runs the same workload in alternating 100 ms rounds and keeps
// its best, so that a shared machine's load drifts hit all builds alike
// (separate runs were too noisy to tell 5% apart).
//
//   node benches/wasm/ab.mjs DATASET_FILE 0|1 ROUNDS a.wasm b.wasm ...
//
// 0 = backtrack, 1 = dlx. Prints milliseconds per pass of the dataset.
import { readFileSync } from 'node:fs';
import { load, put } from './module.mjs';
const [dataPath, alg, rounds, ...files] = process.argv.slice(2);
const text = readFileSync(dataPath);
const mods = [];
for (const f of files) {
  const wasm = await load(f);
  const run = wasm.run;
  const ptr = put(wasm, text);
  for (let i = 0; i < 3; i++) run(ptr, text.length, +alg);
  mods.push({ f, run: () => run(ptr, text.length, +alg), best: Infinity });
}
for (let r = 0; r < +rounds; r++) for (const m of mods) {
  let reps = 0; const t0 = performance.now();
  do { m.run(); reps++; } while (performance.now() - t0 < 100);
  m.best = Math.min(m.best, (performance.now() - t0) / reps);
}
for (const m of mods) console.log(m.f.padEnd(24), m.best.toFixed(4));
