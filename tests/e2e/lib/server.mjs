// A tiny static file server for dist/: at "/" and under SUBPATH, on
// 127.0.0.1 and a random free port. Good enough for a PWA: correct MIME
// types (wasm, manifest), no directory listing, no path escapes, and
// validators (ETag + Last-Modified, answered with 304) as every real static
// host sends them. It logs each request's path and status (`served.log`) so
// a test can count how often an asset's body was really sent, and when each
// request arrived (`at`, epoch ms: the same clock as a page's
// `performance.timeOrigin + performance.now()`).

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

export const SUBPATH = "/sub/tessera/";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

export function startServer(root) {
  const served = { count: 0, log: [] };
  const server = createServer(async (req, res) => {
    served.count++;
    const entry = { path: new URL(req.url, "http://x").pathname, status: 0, at: Date.now() };
    served.log.push(entry);
    res.on("finish", () => (entry.status = res.statusCode));
    try {
      let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (path.startsWith(SUBPATH)) path = "/" + path.slice(SUBPATH.length);
      else if (path === SUBPATH.slice(0, -1)) {
        res.writeHead(301, { Location: SUBPATH });
        return res.end();
      }
      if (path.endsWith("/")) path += "index.html";
      const file = normalize(join(root, path));
      if (!file.startsWith(normalize(root) + sep)) throw Object.assign(new Error("escape"), { code: "ENOENT" });
      const info = await stat(file);
      if (!info.isFile()) throw Object.assign(new Error("not a file"), { code: "ENOENT" });
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const validators = {
        "Cache-Control": "no-cache",
        ETag: etag,
        "Last-Modified": info.mtime.toUTCString(),
      };
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, validators);
        return res.end();
      }
      const body = await readFile(file);
      res.writeHead(200, {
        "Content-Type": TYPES[extname(file)] || "application/octet-stream",
        "Content-Length": body.length,
        ...validators,
      });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === "ENOENT" ? 404 : 500, { "Content-Type": "text/plain" });
      res.end(e.code === "ENOENT" ? "not found" : "server error");
    }
  });
  return new Promise((resolvePromise) => {
    server.listen(0, "127.0.0.1", () => {
      resolvePromise({ port: server.address().port, close: () => server.close(), served });
    });
  });
}
