// A static file server for the page: the repository at /, the corpus (SPINE_CORPUS,
// default ../shared/corpus of the repository) at /corpus/. Listens on 127.0.0.1 only.
//
//   node examples/web/serve.mjs [PORT]     then open http://127.0.0.1:PORT/examples/web/
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { dirname, extname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const TYPES = {
  ".html": "text/html; charset=utf-8", ".mjs": "text/javascript", ".js": "text/javascript",
  ".wasm": "application/wasm", ".png": "image/png", ".json": "application/json", ".atlas": "text/plain",
  ".skel": "application/octet-stream", ".css": "text/css",
};

export function corpusDir() {
  let dir = process.env.SPINE_CORPUS ?? "../shared/corpus";
  if (!isAbsolute(dir)) dir = resolve(REPO, dir);
  return dir;
}

/** Starts the server; resolves to { server, port, url }. */
export function serve(port = 0, corpus = corpusDir()) {
  const server = createServer(async (req, res) => {
    try {
      let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      let root = REPO;
      if (path.startsWith("/corpus/")) {
        root = corpus;
        path = path.slice("/corpus".length);
      }
      if (path.endsWith("/")) path += "index.html";
      const file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error("outside"), { code: "ENOENT" });
      if (!(await stat(file)).isFile()) throw Object.assign(new Error("not a file"), { code: "ENOENT" });
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
      res.end(body);
    } catch (e) {
      res.writeHead(e.code === "ENOENT" ? 404 : 500, { "content-type": "text/plain" });
      res.end(String(e.message));
    }
  });
  return new Promise((ok) =>
    server.listen(port, "127.0.0.1", () => {
      const p = server.address().port;
      ok({ server, port: p, url: `http://127.0.0.1:${p}` });
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await serve(parseInt(process.argv[2] ?? "8080", 10));
  console.log(`serving ${REPO} and the corpus (${corpusDir()} at /corpus/): ${url}/examples/web/`);
}
