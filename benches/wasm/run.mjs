// Times the wasm build of examples/wasm_bench.rs on the same workload the
// native bench timed, and prints the wasm/native ratio.
// usage: node run.mjs <wasm file> <native results json>
import { readFileSync, existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { load, put } from './module.mjs';

const [wasmPath, nativePath] = process.argv.slice(2);
const native = JSON.parse(readFileSync(nativePath, 'utf8'));
const wasm = await load(wasmPath);
const { run } = wasm;

console.log('\nwasm (Node ' + process.version + ') vs native, same workload (parse + prove uniqueness):');
console.log('dataset'.padEnd(24) + 'algorithm'.padEnd(11) + 'native µs'.padStart(11) + 'wasm µs'.padStart(11) + 'wasm/native'.padStart(13));
let worst = 0;
for (const row of native.rows) {
  if (!existsSync(row.path)) continue;
  const text = readFileSync(row.path);
  const ptr = put(wasm, text);
  const alg = row.algorithm === 'dlx' ? 1 : 0;
  run(ptr, text.length, alg); // warm-up
  // Five rounds of 200 ms, the best kept: the native side is timed the
  // same way (benches/sudoku.rs), so load drifts do not enter the ratio.
  let us = Infinity, unique = 0;
  for (let round = 0; round < 5; round++) {
    let reps = 0;
    const t0 = performance.now();
    do { unique = run(ptr, text.length, alg); reps++; } while (performance.now() - t0 < 200);
    us = Math.min(us, (performance.now() - t0) * 1000 / (reps * row.puzzles));
  }
  if (unique !== row.puzzles) { console.error(`wasm found ${unique} unique of ${row.puzzles} in ${row.path}`); process.exit(1); }
  console.log(row.dataset.padEnd(24) + row.algorithm.padEnd(11) + row.us.toFixed(1).padStart(11) + us.toFixed(1).padStart(11) + (us / row.us).toFixed(2).padStart(12) + 'x');
  worst = Math.max(worst, us / row.us);
}
if (worst > 0) {
  console.log(`Target wasm/native ≤ 1.3× for the same workload: worst ${worst.toFixed(2)}× — ${worst <= 1.3 ? 'MET' : 'NOT MET'}`);
}
