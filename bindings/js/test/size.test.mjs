// The module's size brotli-compressed (quality 11, what a web server's static compression
// uses): at most the target, 250,000 bytes (Rive's web runtime: 222 KB), and at most
// the current budget, 244,000, just above the module's 243,047 after #39's cuts (239,404),
// the GPU-skinning mode of #41 and #44's layout (bindings/js/README.md, Size): an addition
// that needs more raises the budget on purpose, never past the target. Prints raw, gzip and
// brotli sizes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { JS } from "./helpers.mjs";

const TARGET = 250_000;
const BUDGET = 244_000;

test("the module is within its size budget brotli-compressed (244 KB; the target, 250 KB, is enforced)", (t) => {
  const wasm = readFileSync(join(JS, "spine_native.wasm"));
  const gz = gzipSync(wasm, { level: 9 }).length;
  const br = brotliCompressSync(wasm, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
  }).length;
  t.diagnostic(`spine_native.wasm: ${wasm.length} bytes raw, ${gz} gzip -9, ${br} brotli -q 11`);
  assert.ok(br <= TARGET, `brotli ${br} bytes > the issue's target ${TARGET}`);
  assert.ok(br <= BUDGET, `brotli ${br} bytes > the budget ${BUDGET}`);
});
