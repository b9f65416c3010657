// Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
// JSON messages separated by NUL on file descriptors 3 and 4), with software WebGL
// (SwiftShader through ANGLE). Debian's `chromium`; CHROMIUM names another binary.
import { spawn } from "node:child_process";

export const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--no-first-run",
  // Software WebGL: ANGLE on SwiftShader, allowed without a GPU.
  "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  "--remote-debugging-pipe", "--hide-scrollbars", "--force-device-scale-factor=1",
];

export async function launch({ width = 640, height = 640 } = {}) {
  const binary = process.env.CHROMIUM ?? "chromium";
  const proc = spawn(binary, [...FLAGS, `--window-size=${width},${height}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr = (stderr + d).slice(-8000)));
  const exited = new Promise((ok) => proc.on("exit", (code) => ok(code)));
  const spawned = new Promise((ok, fail) => {
    proc.on("spawn", ok);
    proc.on("error", (e) => fail(new Error(`${binary}: ${e.message} (Debian package chromium; .ci/run installs it)`)));
  });
  await spawned;
  const toBrowser = proc.stdio[3], fromBrowser = proc.stdio[4];
  let buf = Buffer.alloc(0), nextId = 0;
  const pending = new Map();
  fromBrowser.on("data", (d) => {
    buf = Buffer.concat([buf, d]);
    let z;
    while ((z = buf.indexOf(0)) >= 0) {
      const m = JSON.parse(buf.subarray(0, z).toString());
      buf = buf.subarray(z + 1);
      const p = m.id !== undefined && pending.get(m.id);
      if (p) {
        pending.delete(m.id);
        if (m.error) p.fail(new Error(`${p.method}: ${m.error.message}`));
        else p.ok(m.result);
      }
    }
  });
  exited.then((code) => {
    for (const p of pending.values()) p.fail(new Error(`chromium exited (${code}): ${stderr.slice(-2000)}`));
    pending.clear();
  });
  function send(method, params = {}, sessionId = undefined) {
    const id = ++nextId;
    toBrowser.write(JSON.stringify({ id, method, params, sessionId }) + "\0");
    return new Promise((ok, fail) => pending.set(id, { ok, fail, method }));
  }
  return {
    send,
    get stderr() { return stderr; },
    /** Opens `url` in a new tab; returns { evaluate(expr), screenshot() -> PNG bytes }. */
    async open(url) {
      const { targetId } = await send("Target.createTarget", { url: "about:blank", width, height });
      const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
      await send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false }, sessionId);
      await send("Page.navigate", { url }, sessionId);
      return {
        async evaluate(expression) {
          const r = await send("Runtime.evaluate", { expression, returnByValue: true }, sessionId);
          if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.text}`);
          return r.result.value;
        },
        async screenshot() {
          const r = await send("Page.captureScreenshot", { format: "png" }, sessionId);
          return Buffer.from(r.data, "base64");
        },
        close: () => send("Target.closeTarget", { targetId }),
      };
    },
    async close() {
      try {
        await Promise.race([send("Browser.close"), new Promise((ok) => setTimeout(ok, 3000))]);
      } catch {}
      if (proc.exitCode === null) proc.kill("SIGKILL");
      await exited;
    },
  };
}
