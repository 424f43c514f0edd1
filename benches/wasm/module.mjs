// Loading a raw wasm build of the engine examples (examples/wasm_bench.rs,
// crates/worker/examples/wasm_check.rs): no wasm-bindgen, exports `memory`, `alloc` and
// the example's own functions. Shared by run.mjs, ab.mjs and
// tests/wasm/check.mjs.
import { readFileSync } from 'node:fs';

// The library also carries the web app's wasm-bindgen glue, which imports
// from JS. The examples never reach it: every import gets a stub that
// fails loudly if it is ever called.
export async function load(path) {
  const module = await WebAssembly.compile(readFileSync(path));
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') throw new Error(`unexpected ${imp.kind} import ${imp.module}.${imp.name}`);
    (imports[imp.module] ??= {})[imp.name] = () => { throw new Error(`${path} called JS import ${imp.name}`); };
  }
  return (await WebAssembly.instantiate(module, imports)).exports;
}

// Copy `bytes` into memory the module allocated; returns the pointer.
export function put(exports, bytes) {
  const ptr = exports.alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  return ptr;
}
