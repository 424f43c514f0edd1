// Boots the solver Web Worker (see crates/worker/): wasm-bindgen's no-modules
// glue (scripts/build-app.mjs) for the `worker` binary, then its wasm. Relative URLs,
// so the app works from any sub-path; the service worker precaches all three.
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
