// The module's size: at most 250 KB (250,000 bytes) brotli-compressed (quality 11, what a
// web server's static compression uses), the bound (Rive's web runtime: 222 KB).
// Prints raw, gzip and brotli sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { JS } from "./helpers.mjs";

const LIMIT = 250_000;

test("the module is at most 250 KB brotli-compressed", (t) => {
  const wasm = readFileSync(join(JS, "spine_native.wasm"));
  const gz = gzipSync(wasm, { level: 9 }).length;
  const br = brotliCompressSync(wasm, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
  }).length;
  t.diagnostic(`spine_native.wasm: ${wasm.length} bytes raw, ${gz} gzip -9, ${br} brotli -q 11`);
  assert.ok(br <= LIMIT, `brotli ${br} bytes > ${LIMIT}`);
});
