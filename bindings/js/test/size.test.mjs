// The module's size brotli-compressed (quality 11, what a web server's static compression
// uses): at most the current budget, 260,000 bytes. The target is 250,000 (Rive's
// web runtime: 222 KB) and is not met since the ABI 1.8 additions (bindings/js/README.md,
// Size); the budget stops growth until the next cuts bring it back under the target.
// Prints raw, gzip and brotli sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { JS } from "./helpers.mjs";

const LIMIT = 260_000;

test("the module is within its size budget brotli-compressed (260 KB; the target is 250 KB)", (t) => {
  const wasm = readFileSync(join(JS, "spine_native.wasm"));
  const gz = gzipSync(wasm, { level: 9 }).length;
  const br = brotliCompressSync(wasm, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
  }).length;
  t.diagnostic(`spine_native.wasm: ${wasm.length} bytes raw, ${gz} gzip -9, ${br} brotli -q 11`);
  assert.ok(br <= LIMIT, `brotli ${br} bytes > ${LIMIT}`);
});
