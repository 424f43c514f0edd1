// The benchmark's static server for dist/, on 127.0.0.1 and a free port.
// Like a real static host it sends the precompressed sibling `F.gz` (written
// by `make dist`, scripts/precompress.sh) with `Content-Encoding: gzip` when
// the browser accepts gzip, compressing on the fly (gzip -9, cached) when no
// sibling exists, so the transfer the benchmark measures is what a visitor
// downloads. Validators (ETag) and `Cache-Control: no-cache` as in the e2e
// server. `log` lists { path, status, bytes } per request (body bytes sent).

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { gzipSync } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".wasm", ".json", ".webmanifest", ".svg", ".txt"]);

export function startServer(root) {
  const log = [];
  const gzCache = new Map();
  const server = createServer(async (req, res) => {
    const entry = { path: new URL(req.url, "http://x").pathname, status: 0, bytes: 0 };
    log.push(entry);
    try {
      let path = decodeURIComponent(entry.path);
      if (path.endsWith("/")) path += "index.html";
      const file = normalize(join(root, path));
      if (!file.startsWith(normalize(root) + sep)) throw Object.assign(new Error("escape"), { code: "ENOENT" });
      const info = await stat(file);
      if (!info.isFile()) throw Object.assign(new Error("not a file"), { code: "ENOENT" });
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const headers = { "Cache-Control": "no-cache", ETag: etag, Vary: "Accept-Encoding" };
      if (req.headers["if-none-match"] === etag) {
        entry.status = 304;
        res.writeHead(304, headers);
        return res.end();
      }
      let body = await readFile(file);
      const ext = extname(file);
      headers["Content-Type"] = TYPES[ext] || "application/octet-stream";
      if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers["accept-encoding"] || "")) {
        let gz = gzCache.get(file);
        if (!gz) {
          gz = await readFile(file + ".gz").catch(() => gzipSync(body, { level: 9 }));
          gzCache.set(file, gz);
        }
        body = gz;
        headers["Content-Encoding"] = "gzip";
      }
      headers["Content-Length"] = body.length;
      entry.status = 200;
      entry.bytes = body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      entry.status = e.code === "ENOENT" ? 404 : 500;
      res.writeHead(entry.status, { "Content-Type": "text/plain" });
      res.end(entry.status === 404 ? "not found" : "server error");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ port: server.address().port, close: () => server.close(), log }));
  });
}
