// Thin JavaScript binding of the spine_native C ABI (include/spine_native.h), compiled to
// WebAssembly (bindings/js/build.sh). The module's exports are the header's functions;
// this file only wraps them. See bindings/js/README.md.
//
// - `await init()` instantiates the module (in Node from the .wasm next to this file, in a
//   browser by fetch; or pass bytes / a URL / a WebAssembly.Module). The objects made
//   afterwards belong to that module instance.
// - Every failing call throws SpineError carrying `status` (Status), `kind` (ErrorKind)
//   and the library's message.
// - Objects own one handle each: call `dispose()` (or `using` with Symbol.dispose). A
//   FinalizationRegistry destroys handles of objects collected undisposed, as a safety net
//   only. A disposed object holds the zero handle; calling it throws SpineError with
//   Status.NULL_ARGUMENT, reported by the library.
// - Panics abort on this target: a trap inside the module becomes ModuleTrappedError, and
//   every later call on that module instance throws it too (call init() again for a new one).
// - Render output and polled events are read in place, in the module's memory, through
//   accessor objects that check on every read that they are still current (no render,
//   state call, disposal or memory growth since): otherwise StaleOutputError.
import * as abi from "./abi.mjs";

export {
  ABI_VERSION, RUNTIME_ATTACHMENT_BIT, Status, ErrorKind, Item, ConstraintType, AttachmentType, AttachmentArray,
  Blend, Inherit, Pose, Physics, ConstraintProperty, EventType, EntryField, EntryLink, Interpolation, VertexLayout,
  MixBlend, MixDirection, TextureFilter, TextureWrap, ColorOrder, CpuReason,
} from "./abi.mjs";
import { Status, Item, VertexLayout, Physics, Pose, ColorOrder } from "./abi.mjs";

const STATUS_NAMES = Object.fromEntries(Object.entries(Status).map(([k, v]) => [v, k]));

/** A failed call: `status` (Status), `kind` (ErrorKind) and the library's message. */
export class SpineError extends Error {
  constructor(status, kind, message) {
    super(`${STATUS_NAMES[status] ?? status}: ${message}`);
    this.name = "SpineError";
    this.status = status;
    this.kind = kind;
    this.nativeMessage = message;
  }
}

/** A render output or event view read after the buffers it describes changed. */
export class StaleOutputError extends Error {
  constructor(message) {
    super(message);
    this.name = "StaleOutputError";
  }
}

/** The module trapped (a panic aborts on wasm32); the module instance takes no more calls. */
export class ModuleTrappedError extends Error {
  constructor(message, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "ModuleTrappedError";
  }
}

const SCRATCH = 65536; // bytes of the per-instance scratch block
const OUT = 0; // out structs (up to 1 KB)
const OUT2 = 1024; // a second out area (render output checks, event pointers)
const ENTRY = 1536; // the spn_track_entry passed by pointer
const ENTRY2 = 1568;
const STR = [2048, 33792]; // two string areas
const STR_END = [33792, SCRATCH];

const registry = new FinalizationRegistry((held) => {
  if (!held.lib.dead) {
    try {
      held.lib.raw[held.destroy](held.h);
    } catch {
      // a trap here marks nothing: the instance is already broken or the handle gone
    }
  }
});

/** One instantiated module: its exports, memory views and scratch block. */
class Lib {
  constructor(instance) {
    const raw = instance.exports;
    this.raw = raw;
    this.memory = raw.memory;
    this.dead = null;
    this.buf = null;
    this.decoder = new TextDecoder("utf-8");
    this.encoder = new TextEncoder();
    this.temps = [];
    this.x = {};
    for (const name of Object.keys(raw)) {
      if (typeof raw[name] === "function") this.x[name] = this.guard(raw[name], name);
    }
    this.refresh();
    this.scratch = raw.spn_wasm_alloc(SCRATCH);
    if (this.scratch === 0) throw new Error("spine_native: cannot allocate the scratch block");
  }

  // Every export called through one closure: a trap marks the instance dead. Arguments past
  // a function's arity are ignored by WebAssembly, so one shape serves all (no allocation).
  guard(fn, name) {
    const lib = this;
    return function (a, b, c, d, e, f, g, h, i, j, k, l) {
      if (lib.dead) throw new ModuleTrappedError(`spine_native: the module trapped earlier (${lib.dead}); call init() again`);
      try {
        return fn(a, b, c, d, e, f, g, h, i, j, k, l);
      } catch (err) {
        if (err instanceof WebAssembly.RuntimeError || err instanceof RangeError) {
          lib.dead = `${name}: ${err.message}`;
          throw new ModuleTrappedError(`spine_native: ${name} trapped (${err.message}); this module instance takes no more calls`, err);
        }
        throw err;
      }
    };
  }

  refresh() {
    const buf = this.memory.buffer;
    if (buf !== this.buf) {
      this.buf = buf;
      this.u8 = new Uint8Array(buf);
      this.u32a = new Uint32Array(buf);
      this.i32a = new Int32Array(buf);
      this.f32a = new Float32Array(buf);
      this.f64a = new Float64Array(buf);
      this.dv = new DataView(buf);
    }
  }

  // Reads after a call (which may have grown the memory). Growing a (non-shared) memory
  // detaches its old buffer, so a view of length 0 is the cheap sign of growth: no
  // `memory.buffer` getter (a call into the engine) on every read.
  u32(p) {
    if (this.u32a.length === 0) this.refresh();
    return this.u32a[p >>> 2];
  }
  i32(p) {
    if (this.u32a.length === 0) this.refresh();
    return this.i32a[p >>> 2];
  }
  f32(p) {
    if (this.u32a.length === 0) this.refresh();
    return this.f32a[p >>> 2];
  }
  f64(p) {
    if (this.u32a.length === 0) this.refresh();
    return this.f64a[p >>> 3];
  }
  u64(p) {
    if (this.u32a.length === 0) this.refresh();
    return this.dv.getBigUint64(p, true);
  }
  s(offset) {
    return this.scratch + offset;
  }

  /** Throws SpineError for a failed status; frees temporary blocks of the call. */
  ok(status) {
    if (this.temps.length !== 0) this.freeTemps();
    if (status !== 0) throw this.error(status);
  }

  error(status) {
    return new SpineError(status, this.x.spn_last_error_kind(), this.string(this.x.spn_last_error_message()) ?? "");
  }

  freeTemps() {
    for (let i = 0; i < this.temps.length; i += 2) this.raw.spn_wasm_free(this.temps[i], this.temps[i + 1]);
    this.temps.length = 0;
  }

  /** A temporary block, freed after the next ok() (or explicitly). */
  temp(len) {
    const p = this.raw.spn_wasm_alloc(len);
    if (p === 0) throw new SpineError(Status.INVALID_ARGUMENT, 0, `cannot allocate ${len} bytes in the module's memory`);
    this.temps.push(p, len);
    this.refresh();
    return p;
  }

  /** A NUL-terminated UTF-8 copy of `text` in string area `which` (0 or 1) or a temporary block. */
  cstr(text, which = 0) {
    if (typeof text !== "string") throw new TypeError(`expected a string, got ${typeof text}`);
    this.refresh();
    let p = this.s(STR[which]);
    let room = STR_END[which] - STR[which];
    if (text.length * 3 + 1 > room) {
      room = text.length * 3 + 1;
      p = this.temp(room);
    }
    const { written } = this.encoder.encodeInto(text, this.u8.subarray(p, p + room - 1));
    this.u8[p + written] = 0;
    return p;
  }

  /**
   * `bytes` (a string is UTF-8 encoded) in the module's memory for one call: [pointer, length].
   * Up to 63.5 KB go in the scratch block's string areas (no allocation in the module; the
   * callers pass no other string), more in a temporary block.
   */
  bytes(data) {
    if (this.u32a.length === 0) this.refresh();
    const room = SCRATCH - STR[0];
    if (typeof data === "string") {
      if (data.length * 3 <= room) {
        const p = this.s(STR[0]);
        const { written } = this.encoder.encodeInto(data, this.u8.subarray(p, p + room));
        return [p, written];
      }
      data = this.encoder.encode(data);
    } else {
      data = toBytes(data);
    }
    const p = data.length <= room ? this.s(STR[0]) : this.temp(data.length);
    this.u8.set(data, p);
    return [p, data.length];
  }

  /** The NUL-terminated UTF-8 string at `p` (null for NULL). */
  string(p) {
    if (p === 0) return null;
    this.refresh();
    const end = this.u8.indexOf(0, p);
    return this.decoder.decode(this.u8.subarray(p, end));
  }

  read(layout, p) {
    const o = {};
    for (const [name, kind, off] of layout.fields) o[name] = this.field(kind, p + off);
    return o;
  }

  field(kind, p) {
    switch (kind) {
      case "u32": return this.u32(p);
      case "i32": return this.i32(p);
      case "f32": return this.f32(p);
      case "f64": return this.f64(p);
      case "u64": return this.u64(p);
      case "str": return this.string(this.u32(p));
      case "ptr": return this.u32(p);
      default: return this.read(abi[kind], p);
    }
  }

  /** Writes `values` (missing fields 0) as `layout` at `p`, `size` set to the struct size. */
  write(layout, p, values = {}) {
    this.refresh();
    this.u8.fill(0, p, p + layout.size);
    for (const [name, kind, off] of layout.fields) {
      const v = name === "size" ? layout.size : values[name];
      if (v === undefined || v === null) continue;
      switch (kind) {
        case "u32": case "ptr": this.dv.setUint32(p + off, typeof v === "boolean" ? +v : v, true); break;
        case "i32": this.dv.setInt32(p + off, v, true); break;
        case "f32": this.dv.setFloat32(p + off, v, true); break;
        case "f64": this.dv.setFloat64(p + off, v, true); break;
        case "u64": this.dv.setBigUint64(p + off, BigInt(v), true); break;
        case "str": throw new TypeError("strings are not written into structs");
        default: this.write(abi[kind], p + off, v);
      }
    }
    return p;
  }

  /** Sets the `size` field (the first) of an out struct at `p` (allocates nothing). */
  sized(p, size) {
    if (this.u32a.length === 0) this.refresh();
    this.u32a[p >>> 2] = size;
  }

  /** Out struct `layout` at OUT with `size` set, ready for a call. */
  outStruct(layout) {
    return this.write(layout, this.s(OUT));
  }

  handle(p) {
    return this.u64(p);
  }

  /** Calls `call(out, capacity, countPtr)` twice (size, then fill): a copy of the records. */
  array(call, recordSize, read) {
    const countPtr = this.s(OUT2);
    this.ok(call(0, 0, countPtr));
    const count = this.u32(countPtr);
    const p = this.temp(Math.max(count * recordSize, 1));
    const status = call(p, count, countPtr);
    if (status !== 0) this.ok(status);
    const result = read(p, Math.min(count, this.u32(countPtr)));
    this.freeTemps();
    return result;
  }

  u32s(p, n) {
    this.refresh();
    return Uint32Array.from(this.u32a.subarray(p >>> 2, (p >>> 2) + n));
  }
  f32s(p, n) {
    this.refresh();
    return Float32Array.from(this.f32a.subarray(p >>> 2, (p >>> 2) + n));
  }
  records(layout) {
    return (p, n) => Array.from({ length: n }, (_, i) => this.read(layout, p + i * layout.size));
  }

  /** Writes a track entry to ENTRY (or ENTRY2) for a call taking `const spn_track_entry*`. */
  entry(e, at = ENTRY) {
    this.refresh();
    const p = this.s(at);
    this.dv.setBigUint64(p, e._state, true);
    this.dv.setBigUint64(p + 8, e._entry, true);
    return p;
  }
}

function toBytes(data) {
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw new TypeError("expected a Uint8Array, ArrayBuffer, typed array or string");
}

/** A checked uint32 argument (indices, enum values, counts): NaN and fractions throw. */
function u32(v, what) {
  if (typeof v === "boolean") return +v;
  if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`${what} must be an integer in [0, 2^32), got ${v}`);
  return v;
}
function i32(v, what) {
  if (!Number.isInteger(v) || v < -0x80000000 || v > 0x7fffffff) throw new RangeError(`${what} must be a 32-bit integer, got ${v}`);
  return v;
}
function num(v, what) {
  if (typeof v !== "number") throw new TypeError(`${what} must be a number, got ${typeof v}`);
  return v;
}

let defaultLib = null;

function lib() {
  if (defaultLib === null) throw new Error("spine_native: call `await init()` first");
  return defaultLib;
}

async function wasmSource(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source === undefined) source = new URL("./spine_native.wasm", import.meta.url);
  if (typeof source === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(source)) {
    source = new URL(source, import.meta.url);
  }
  if (source instanceof URL || typeof source === "string") {
    const url = new URL(source);
    if (url.protocol === "file:") {
      const { readFile } = await import("node:fs/promises");
      return WebAssembly.compile(await readFile(url));
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`spine_native: cannot fetch ${url}: ${response.status}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
  if (typeof Response !== "undefined" && source instanceof Response) return WebAssembly.compile(await source.arrayBuffer());
  return WebAssembly.compile(toBytes(source));
}

/**
 * Instantiates the module and makes it the default for the objects made afterwards.
 * `source`: bytes, a URL (default: spine_native.wasm beside this file), a Response or a
 * WebAssembly.Module. Resolves to the module instance (`Runtime`).
 */
export async function init(source) {
  const module = await wasmSource(source);
  return adopt(new WebAssembly.Instance(module, {}));
}

/** init() from bytes or a compiled WebAssembly.Module, synchronously. */
export function initSync(source) {
  const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(toBytes(source));
  return adopt(new WebAssembly.Instance(module, {}));
}

function adopt(instance) {
  const l = new Lib(instance);
  const major = l.x.spn_abi_version() >>> 16;
  if (major !== abi.ABI_VERSION >>> 16) {
    throw new Error(`spine_native: module ABI ${major}.x, binding written for ${abi.ABI_VERSION >>> 16}.x`);
  }
  defaultLib = l;
  return new Runtime(l);
}

/** One module instance: its memory and whether it trapped. */
export class Runtime {
  constructor(l) {
    this._lib = l;
  }
  /** The module's linear memory (WebAssembly.Memory). */
  get memory() {
    return this._lib.memory;
  }
  /** Null, or what trapped: the instance then refuses every call. */
  get trapped() {
    return this._lib.dead;
  }
}

/** The module's ABI version (`major << 16 | minor`). */
export function abiVersion() {
  return lib().x.spn_abi_version();
}
/** Whether the module's ABI has the major version this binding was written for. */
export function abiCompatible() {
  return abiVersion() >>> 16 === abi.ABI_VERSION >>> 16;
}
/** The library version, e.g. "0.1.0". */
export function version() {
  const l = lib();
  return l.string(l.x.spn_version_string());
}
/** The name of a status, e.g. "SPN_ERROR_STALE_HANDLE" ("SPN_STATUS_UNKNOWN" for other values). */
export function statusString(status) {
  const l = lib();
  return l.string(l.x.spn_status_string(status >>> 0));
}
/** The name of an error kind, e.g. "SPN_ERROR_KIND_TRUNCATED" ("SPN_ERROR_KIND_UNKNOWN" for other values). */
export function errorKindString(kind) {
  const l = lib();
  return l.string(l.x.spn_error_kind_string(kind >>> 0));
}
/** The message of the last failed call. */
export function lastErrorMessage() {
  const l = lib();
  return l.string(l.x.spn_last_error_message());
}
/** The ErrorKind of the last failed load. */
export function lastErrorKind() {
  return lib().x.spn_last_error_kind();
}
/** Whether an attachment id was made at runtime. */
export function isRuntimeAttachment(id) {
  return (id & abi.RUNTIME_ATTACHMENT_BIT) !== 0;
}

/** Base of the handle-owning classes. */
class Owned {
  constructor(l, h, destroy) {
    this._lib = l;
    this._h = h;
    this._destroy = destroy;
    registry.register(this, { lib: l, h, destroy }, this);
  }
  /** Whether dispose() ran. */
  get disposed() {
    return this._h === 0n;
  }
  /** Destroys the handle (a second call does nothing). */
  dispose() {
    if (this._h !== 0n) {
      const h = this._h;
      this._h = 0n;
      registry.unregister(this);
      this._lib.ok(this._lib.x[this._destroy](h));
    }
  }
  [Symbol.dispose]() {
    this.dispose();
  }
}

function notFound(l, status) {
  if (status === Status.NOT_FOUND) {
    if (l.temps.length !== 0) l.freeTemps();
    return true;
  }
  l.ok(status);
  return false;
}

// ---------------------------------------------------------------------------------------
// Atlas

export class Atlas extends Owned {
  /** Parses atlas text (a string or UTF-8 bytes). */
  static load(text) {
    const l = lib();
    const [p, n] = l.bytes(text);
    l.ok(l.x.spn_atlas_load(p, n, l.s(OUT)));
    return new Atlas(l, l.handle(l.s(OUT)));
  }
  /** Always fails in the WebAssembly build (Status.IO: no file system); load from memory. */
  static loadFile(path) {
    const l = lib();
    l.ok(l.x.spn_atlas_load_file(l.cstr(path), l.s(OUT)));
    return new Atlas(l, l.handle(l.s(OUT)));
  }
  constructor(l, h) {
    super(l, h, "spn_atlas_destroy");
  }
  get pageCount() {
    const l = this._lib;
    l.ok(l.x.spn_atlas_page_count(this._h, l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  get regionCount() {
    const l = this._lib;
    l.ok(l.x.spn_atlas_region_count(this._h, l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  /** { name, width, height, pma } */
  page(index) {
    const l = this._lib;
    l.ok(l.x.spn_atlas_page(this._h, u32(index, "index"), l.outStruct(abi.spn_atlas_page_info)));
    const o = l.read(abi.spn_atlas_page_info, l.s(OUT));
    o.pma = o.pma !== 0;
    return o;
  }
  region(index) {
    const l = this._lib;
    l.ok(l.x.spn_atlas_region(this._h, u32(index, "index"), l.outStruct(abi.spn_atlas_region_info)));
    const o = l.read(abi.spn_atlas_region_info, l.s(OUT));
    delete o.size;
    return o;
  }
  /** The index of the first region with this name, or null. */
  findRegion(name) {
    const l = this._lib;
    if (notFound(l, l.x.spn_atlas_find_region(this._h, l.cstr(name), l.s(OUT)))) return null;
    return l.u32(l.s(OUT));
  }
  /** Page size, filters, wraps, pma, name, format and texture id (BigInt). */
  pageDetails(index) {
    const l = this._lib;
    l.ok(l.x.spn_atlas_page_details(this._h, u32(index, "index"), l.outStruct(abi.spn_page_details)));
    const o = l.read(abi.spn_page_details, l.s(OUT));
    delete o.size;
    o.pma = o.pma !== 0;
    return o;
  }
  /** Sets the texture id (a BigInt or number) reported by the draw ranges of the page. */
  setPageTexture(page, textureId) {
    const l = this._lib;
    l.ok(l.x.spn_atlas_set_page_texture(this._h, u32(page, "page"), BigInt.asUintN(64, BigInt(textureId))));
  }
  pageTexture(page) {
    const l = this._lib;
    l.ok(l.x.spn_atlas_page_texture(this._h, u32(page, "page"), l.s(OUT)));
    return l.u64(l.s(OUT));
  }
}

// ---------------------------------------------------------------------------------------
// Skeleton data

const ITEMS = Object.keys(Item).length;

export class SkeletonData extends Owned {
  /** Loads a binary .skel export (bytes); `atlas` resolves regions (null: no textures). */
  static loadBinary(bytes, atlas = null, scale = 1) {
    const l = lib();
    const [p, n] = l.bytes(toBytes(bytes));
    l.ok(l.x.spn_skeleton_data_load_binary(p, n, atlas ? atlas._h : 0n, num(scale, "scale"), l.s(OUT)));
    return new SkeletonData(l, l.handle(l.s(OUT)));
  }
  /** Loads a JSON export (a string or UTF-8 bytes). */
  static loadJson(text, atlas = null, scale = 1) {
    const l = lib();
    const [p, n] = l.bytes(text);
    l.ok(l.x.spn_skeleton_data_load_json(p, n, atlas ? atlas._h : 0n, num(scale, "scale"), l.s(OUT)));
    return new SkeletonData(l, l.handle(l.s(OUT)));
  }
  /** Always fails in the WebAssembly build (Status.IO: no file system); load from memory. */
  static loadFile(path, atlas = null, scale = 1) {
    const l = lib();
    l.ok(l.x.spn_skeleton_data_load_file(l.cstr(path), atlas ? atlas._h : 0n, num(scale, "scale"), l.s(OUT)));
    return new SkeletonData(l, l.handle(l.s(OUT)));
  }
  constructor(l, h) {
    super(l, h, "spn_skeleton_data_destroy");
    this._names = null; // per Item, the decoded names: made on the first name() (a load makes none)
    this._gpuStreams = null;
  }
  count(item) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_data_count(this._h, u32(item, "item"), l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  /** The name of entry `index` of `item` (decoded once, then cached). */
  name(item, index) {
    if (this._names === null) this._names = Array.from({ length: ITEMS }, () => []);
    const cache = this._names[item];
    const cached = cache === undefined ? undefined : cache[index];
    if (cached !== undefined) return cached;
    const l = this._lib;
    l.ok(l.x.spn_skeleton_data_name(this._h, u32(item, "item"), u32(index, "index"), l.s(OUT)));
    const name = l.string(l.u32(l.s(OUT)));
    cache[index] = name;
    return name;
  }
  names(item) {
    return Array.from({ length: this.count(item) }, (_, i) => this.name(item, i));
  }
  /** The atlas this data was loaded with (ABI 1.8): a new Atlas over the same atlas, kept alive by the data. */
  atlas() {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_data_atlas(this._h, l.s(OUT)));
    return new Atlas(l, l.handle(l.s(OUT)));
  }
  /** Adds placeholder name `name` for new sockets (ABI 1.9): skins then store attachments under it for any slot
   * and skeletons find them by it; without it a name the data does not use is NOT_FOUND. Adding again changes
   * nothing. Returns this. */
  addPlaceholder(name) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_data_add_placeholder(this._h, l.cstr(name)));
    return this;
  }
  /** The static streams of GPU skinning (ABI 1.9), made once per data and shared, read in
   * place: a GpuStreams accessor (one per data, allocated on the first call) whose typed
   * arrays are views of the module's memory, valid until this data is disposed. Upload them
   * once per data. */
  gpuStreams() {
    if (this._gpuStreams === null) this._gpuStreams = new GpuStreams(this);
    this._gpuStreams._check();
    return this._gpuStreams;
  }
  /** The entries of data skin `skin` in load order, with no runtime skin (ABI 1.8): [{ slot, attachment, name }] */
  skinEntries(skin) {
    const l = this._lib;
    const L = abi.spn_skin_entry;
    const s = u32(skin, "skin");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_skin_entries(this._h, s, L.size, p, cap, cnt), L.size, l.records(L));
  }
  /** The index of the entry named `name`, or null. */
  find(item, name) {
    const l = this._lib;
    if (notFound(l, l.x.spn_skeleton_data_find(this._h, u32(item, "item"), l.cstr(name), l.s(OUT)))) return null;
    return l.u32(l.s(OUT));
  }
  animationDuration(index) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_data_animation_duration(this._h, u32(index, "index"), l.s(OUT)));
    return l.f32(l.s(OUT));
  }
  info() {
    return this._struct("spn_skeleton_data_info", abi.spn_skeleton_info);
  }
  bone(index) {
    return this._struct("spn_skeleton_data_bone", abi.spn_bone_data, u32(index, "index"));
  }
  boneSetup(index) {
    return this._struct("spn_skeleton_data_bone_setup", abi.spn_bone_local, u32(index, "index"));
  }
  slot(index) {
    return this._struct("spn_skeleton_data_slot", abi.spn_slot_data, u32(index, "index"));
  }
  event(index) {
    return this._struct("spn_skeleton_data_event", abi.spn_event_data, u32(index, "index"));
  }
  attachment(id) {
    return this._struct("spn_skeleton_data_attachment", abi.spn_attachment_info, u32(id, "id"));
  }
  attachmentSequence(id) {
    return this._struct("spn_skeleton_data_attachment_sequence", abi.spn_sequence_data, u32(id, "id"));
  }
  constraint(index) {
    return this._struct("spn_skeleton_data_constraint", abi.spn_constraint_info, u32(index, "index"));
  }
  attachmentGeometry(id) {
    return this._struct("spn_skeleton_data_attachment_geometry", abi.spn_attachment_geometry, u32(id, "id"));
  }
  constraintData(index) {
    return this._struct("spn_skeleton_data_constraint_data", abi.spn_constraint_data, u32(index, "index"));
  }
  _struct(fn, layout, arg) {
    const l = this._lib;
    const p = l.outStruct(layout);
    l.ok(arg === undefined ? l.x[fn](this._h, p) : l.x[fn](this._h, arg, p));
    const o = l.read(layout, p);
    delete o.size;
    return o;
  }
  /** Index of the `default` skin, or -1. */
  defaultSkin() {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_data_default_skin(this._h, l.s(OUT)));
    return l.i32(l.s(OUT));
  }
  /** Indices (Uint32Array) of the bones, slots or constraints an animation keys. */
  animationKeyed(animation, item) {
    const l = this._lib;
    const a = u32(animation, "animation");
    const it = u32(item, "item");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_animation_keyed(this._h, a, it, p, cap, cnt), 4, (p, n) => l.u32s(p, n));
  }
  animationEventKeys(animation) {
    const l = this._lib;
    const a = u32(animation, "animation");
    const L = abi.spn_event_key;
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_animation_event_keys(this._h, a, L.size, p, cap, cnt), L.size, l.records(L));
  }
  animationSequenceKeys(animation) {
    const l = this._lib;
    const a = u32(animation, "animation");
    const L = abi.spn_sequence_key;
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_animation_sequence_keys(this._h, a, L.size, p, cap, cnt), L.size, l.records(L));
  }
  /** One float array of an attachment (AttachmentArray), as a Float32Array copy. */
  attachmentFloats(id, array) {
    const l = this._lib;
    const i = u32(id, "id");
    const k = u32(array, "array");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_attachment_floats(this._h, i, k, p, cap, cnt), 4, (p, n) => l.f32s(p, n));
  }
  attachmentIndices(id, array) {
    const l = this._lib;
    const i = u32(id, "id");
    const k = u32(array, "array");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_attachment_indices(this._h, i, k, p, cap, cnt), 4, (p, n) => l.u32s(p, n));
  }
  constraintBones(index) {
    const l = this._lib;
    const i = u32(index, "index");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_constraint_bones(this._h, i, p, cap, cnt), 4, (p, n) => l.u32s(p, n));
  }
  constraintTransformMappings(index) {
    const l = this._lib;
    const i = u32(index, "index");
    const L = abi.spn_transform_mapping;
    return l.array((p, cap, cnt) => l.x.spn_skeleton_data_constraint_transform_mappings(this._h, i, L.size, p, cap, cnt), L.size, l.records(L));
  }
}

// ---------------------------------------------------------------------------------------
// Skins

/**
 * The static streams of a skeleton data (spn_gpu_streams, ABI 1.9), read in place. Every
 * read checks that the data is not disposed (StaleOutputError otherwise); after the module's
 * memory grew the getters return fresh views (the streams stay where they are). Views taken
 * earlier are detached by a growth: take them again after any call that may grow it.
 * - vertices: Uint8Array, vertexCount × GPU_VERTEX_SIZE (64) bytes of spn_gpu_vertex records
 *   (bones: 4 × uint16 at 0, weights: 4 × float at 8, bone-local positions: 8 × float at 24,
 *   u, v at 56): upload as one vertex buffer;
 * - vertexFloats: the same bytes as a Float32Array (16 per vertex; weights at 2..5,
 *   positions at 6..13, u, v at 14, 15);
 * - indices: Uint16Array, indexCount indices relative to their block's first vertex;
 * - blocks: Uint32Array, GPU_BLOCK_STRIDE (5) words a block: firstVertex, vertexCount,
 *   firstIndex, indexCount, rigidBone; block(i) reads one as an object (allocates).
 */
export class GpuStreams {
  constructor(data) {
    this._d = data;
    this._buf = null;
    this._o = null;
    this._views = { vertices: null, vertexFloats: null, indices: null, blocks: null };
  }
  _check() {
    const d = this._d;
    const l = d._lib;
    if (d._h === 0n) throw new StaleOutputError("GPU streams read after their skeleton data was disposed");
    if (this._o === null) {
      const L = abi.spn_gpu_streams;
      const p = l.outStruct(L);
      l.ok(l.x.spn_skeleton_data_gpu_streams(d._h, p));
      this._o = l.read(L, p);
    }
    if (l.memory.buffer !== this._buf) {
      const o = this._o;
      const buf = l.memory.buffer;
      const v = this._views;
      v.vertices = new Uint8Array(buf, o.vertices, o.vertexCount * abi.spn_gpu_vertex.size);
      v.vertexFloats = new Float32Array(buf, o.vertices, o.vertexCount * (abi.spn_gpu_vertex.size >>> 2));
      v.indices = new Uint16Array(buf, o.indices, o.indexCount);
      v.blocks = new Uint32Array(buf, o.blocks, o.blockCount * GPU_BLOCK_STRIDE);
      this._buf = buf;
    }
    return this._views;
  }
  get vertexCount() { this._check(); return this._o.vertexCount; }
  get indexCount() { this._check(); return this._o.indexCount; }
  get blockCount() { this._check(); return this._o.blockCount; }
  get eligibleAttachments() { this._check(); return this._o.eligibleAttachments; }
  get tooManyInfluences() { this._check(); return this._o.tooManyInfluences; }
  get noSingleBone() { this._check(); return this._o.noSingleBone; }
  get vertices() { return this._check().vertices; }
  get vertexFloats() { return this._check().vertexFloats; }
  get indices() { return this._check().indices; }
  get blocks() { return this._check().blocks; }
  /** Block `i` as { firstVertex, vertexCount, firstIndex, indexCount, rigidBone } (allocates). */
  block(i) {
    const b = this._check().blocks;
    if (!(i >= 0 && i < this._o.blockCount)) throw new RangeError(`block ${i}`);
    const w = GPU_BLOCK_STRIDE * i;
    return { firstVertex: b[w], vertexCount: b[w + 1], firstIndex: b[w + 2], indexCount: b[w + 3], rigidBone: b[w + 4] };
  }
}

export class Skin extends Owned {
  /** A new empty runtime skin of `data`. */
  static create(data, name) {
    const l = data._lib;
    l.ok(l.x.spn_skin_create(data._h, l.cstr(name), l.s(OUT)));
    return new Skin(l, l.handle(l.s(OUT)));
  }
  constructor(l, h) {
    super(l, h, "spn_skin_destroy");
  }
  /** Adds the data's skin (index or name; a name needs `data`). Returns this. */
  addDataSkin(skin, data) {
    const l = this._lib;
    let index = skin;
    if (typeof skin === "string") {
      index = data.find(Item.SKIN, skin);
      if (index === null) throw new SpineError(Status.NOT_FOUND, 0, `no skin named ${JSON.stringify(skin)}`);
    }
    l.ok(l.x.spn_skin_add_data_skin(this._h, u32(index, "skin")));
    return this;
  }
  addSkin(other) {
    this._lib.ok(this._lib.x.spn_skin_add_skin(this._h, other._h));
    return this;
  }
  setAttachment(slot, name, attachment) {
    const l = this._lib;
    l.ok(l.x.spn_skin_set_attachment(this._h, u32(slot, "slot"), l.cstr(name), u32(attachment, "attachment")));
  }
  removeAttachment(slot, name) {
    const l = this._lib;
    l.ok(l.x.spn_skin_remove_attachment(this._h, u32(slot, "slot"), l.cstr(name)));
  }
  clear() {
    this._lib.ok(this._lib.x.spn_skin_clear(this._h));
  }
  copy() {
    const l = this._lib;
    l.ok(l.x.spn_skin_copy(this._h, l.s(OUT)));
    return new Skin(l, l.handle(l.s(OUT)));
  }
  get attachmentCount() {
    const l = this._lib;
    l.ok(l.x.spn_skin_attachment_count(this._h, l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  get name() {
    const l = this._lib;
    l.ok(l.x.spn_skin_name(this._h, l.s(OUT)));
    return l.string(l.u32(l.s(OUT)));
  }
  /** [{ slot, attachment, name }] */
  entries() {
    const l = this._lib;
    const L = abi.spn_skin_entry;
    return l.array((p, cap, cnt) => l.x.spn_skin_entries(this._h, L.size, p, cap, cnt), L.size, l.records(L));
  }
  /** A runtime region attachment from atlas region `region`; returns its id. */
  createRegionAttachment(slot, name, atlas, region, placement = {}) {
    const l = this._lib;
    const pl = l.write(abi.spn_region_placement, l.s(OUT), placementDefaults(placement));
    l.ok(l.x.spn_skin_create_region_attachment(this._h, u32(slot, "slot"), l.cstr(name), atlas._h, u32(region, "region"), pl, l.s(OUT2)));
    return l.u32(l.s(OUT2));
  }
  /** A runtime region attachment from a page rectangle (u, v, u2, v2); returns its id. */
  createRegionAttachmentUv(slot, name, page, u, v, u2, v2, placement = {}) {
    const l = this._lib;
    const pl = l.write(abi.spn_region_placement, l.s(OUT), placementDefaults(placement));
    l.ok(l.x.spn_skin_create_region_attachment_uv(this._h, u32(slot, "slot"), l.cstr(name), u32(page, "page"), u, v, u2, v2, pl, l.s(OUT2)));
    return l.u32(l.s(OUT2));
  }
  /** A clone of region/mesh `attachment` showing atlas region `region`; returns its id. */
  cloneAttachment(slot, name, attachment, atlas, region) {
    const l = this._lib;
    l.ok(l.x.spn_skin_clone_attachment(this._h, u32(slot, "slot"), l.cstr(name), u32(attachment, "attachment"), atlas._h, u32(region, "region"), l.s(OUT2)));
    return l.u32(l.s(OUT2));
  }
  /** Attachment `id` as this skin knows it (ABI 1.9): a data id, or a runtime id the skin holds (OUT_OF_RANGE
   * otherwise): { kind, name, skin }; a runtime attachment's skin is 0xFFFFFFFF. */
  attachment(id) {
    const l = this._lib;
    const p = l.outStruct(abi.spn_attachment_info);
    l.ok(l.x.spn_skin_attachment(this._h, u32(id, "id"), p));
    const o = l.read(abi.spn_attachment_info, p);
    delete o.size;
    return o;
  }
  /** The geometry of attachment `id` as this skin knows it (ABI 1.9), as SkeletonData.attachmentGeometry: for a
   * runtime region the placement it was made with, its page and region (-1 for a page rectangle). */
  attachmentGeometry(id) {
    const l = this._lib;
    const p = l.outStruct(abi.spn_attachment_geometry);
    l.ok(l.x.spn_skin_attachment_geometry(this._h, u32(id, "id"), p));
    const o = l.read(abi.spn_attachment_geometry, p);
    delete o.size;
    return o;
  }
  /** One float array (AttachmentArray) of attachment `id` as this skin knows it (ABI 1.9), a Float32Array copy. */
  attachmentFloats(id, array) {
    const l = this._lib;
    const i = u32(id, "id");
    const k = u32(array, "array");
    return l.array((p, cap, cnt) => l.x.spn_skin_attachment_floats(this._h, i, k, p, cap, cnt), 4, (p, n) => l.f32s(p, n));
  }
  /** One index array (AttachmentArray) of attachment `id` as this skin knows it (ABI 1.9), a Uint32Array copy. */
  attachmentIndices(id, array) {
    const l = this._lib;
    const i = u32(id, "id");
    const k = u32(array, "array");
    return l.array((p, cap, cnt) => l.x.spn_skin_attachment_indices(this._h, i, k, p, cap, cnt), 4, (p, n) => l.u32s(p, n));
  }
}

function placementDefaults(p) {
  return { scaleX: 1, scaleY: 1, color: { r: 1, g: 1, b: 1, a: 1 }, ...p };
}

// ---------------------------------------------------------------------------------------
// Skeleton

export class Skeleton extends Owned {
  static create(data) {
    const l = data._lib;
    l.ok(l.x.spn_skeleton_create(data._h, l.s(OUT)));
    return new Skeleton(l, l.handle(l.s(OUT)), data);
  }
  constructor(l, h, data) {
    super(l, h, "spn_skeleton_destroy");
    this.data = data;
  }
  setupPose() {
    this._lib.ok(this._lib.x.spn_skeleton_setup_pose(this._h));
  }
  setupPoseBones() {
    this._lib.ok(this._lib.x.spn_skeleton_setup_pose_bones(this._h));
  }
  setupPoseSlots() {
    this._lib.ok(this._lib.x.spn_skeleton_setup_pose_slots(this._h));
  }
  setupPoseSlot(slot) {
    this._lib.ok(this._lib.x.spn_skeleton_setup_pose_slot(this._h, u32(slot, "slot")));
  }
  updateCache() {
    this._lib.ok(this._lib.x.spn_skeleton_update_cache(this._h));
  }
  /** Sets a skin: a Skin, the name of a data skin, or null for none. */
  setSkin(skin) {
    const l = this._lib;
    if (typeof skin === "string") l.ok(l.x.spn_skeleton_set_skin_by_name(this._h, l.cstr(skin)));
    else l.ok(l.x.spn_skeleton_set_skin(this._h, skin ? skin._h : 0n));
  }
  /** The current skin's name, or null. */
  get skinName() {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_skin_name(this._h, l.s(OUT)));
    return l.string(l.u32(l.s(OUT)));
  }
  /** Shows attachment `name` (null: none) on `slot`, looked up in the skins. */
  setAttachment(slot, name) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_set_attachment(this._h, u32(slot, "slot"), name === null ? 0 : l.cstr(name)));
  }
  /** The id of attachment `name` of `slot` in the skins, or null. */
  findAttachment(slot, name) {
    const l = this._lib;
    if (notFound(l, l.x.spn_skeleton_find_attachment(this._h, u32(slot, "slot"), l.cstr(name), l.s(OUT)))) return null;
    return l.u32(l.s(OUT));
  }
  /** Attachment `id` as this skeleton knows it (ABI 1.9): a data id, or a runtime id it holds (what its slots
   * show, its skin's), also after the skin that made it is gone: { kind, name, skin }. */
  attachment(id) {
    const l = this._lib;
    const p = l.outStruct(abi.spn_attachment_info);
    l.ok(l.x.spn_skeleton_attachment(this._h, u32(id, "id"), p));
    const o = l.read(abi.spn_attachment_info, p);
    delete o.size;
    return o;
  }
  /** The setup geometry of attachment `id` as this skeleton knows it (ABI 1.9). */
  attachmentGeometry(id) {
    const l = this._lib;
    const p = l.outStruct(abi.spn_attachment_geometry);
    l.ok(l.x.spn_skeleton_attachment_geometry(this._h, u32(id, "id"), p));
    const o = l.read(abi.spn_attachment_geometry, p);
    delete o.size;
    return o;
  }
  /** One float array (AttachmentArray) of attachment `id` as this skeleton knows it (ABI 1.9). */
  attachmentFloats(id, array) {
    const l = this._lib;
    const i = u32(id, "id");
    const k = u32(array, "array");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_attachment_floats(this._h, i, k, p, cap, cnt), 4, (p, n) => l.f32s(p, n));
  }
  /** One index array (AttachmentArray) of attachment `id` as this skeleton knows it (ABI 1.9). */
  attachmentIndices(id, array) {
    const l = this._lib;
    const i = u32(id, "id");
    const k = u32(array, "array");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_attachment_indices(this._h, i, k, p, cap, cnt), 4, (p, n) => l.u32s(p, n));
  }
  /** The attachment id shown on `slot` (-1: none). */
  slotAttachment(slot, pose = Pose.APPLIED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_slot_attachment(this._h, u32(slot, "slot"), u32(pose, "pose"), l.s(OUT)));
    return l.i32(l.s(OUT));
  }
  setSlotAttachment(slot, attachment, pose = Pose.ANIMATED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_set_slot_attachment(this._h, u32(slot, "slot"), u32(pose, "pose"), i32(attachment, "attachment")));
  }
  /** { x, y, rotation } of a point attachment in world space. */
  pointAttachmentWorld(slot, attachment) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_point_attachment_world(this._h, u32(slot, "slot"), u32(attachment, "attachment"), l.s(OUT)));
    return l.read(abi.spn_point, l.s(OUT));
  }
  boneLocal(bone, pose = Pose.ANIMATED) {
    const l = this._lib;
    const p = l.outStruct(abi.spn_bone_local);
    l.ok(l.x.spn_skeleton_bone_local(this._h, u32(bone, "bone"), u32(pose, "pose"), p));
    const o = l.read(abi.spn_bone_local, p);
    delete o.size;
    return o;
  }
  setBoneLocal(bone, local, pose = Pose.ANIMATED) {
    const l = this._lib;
    const p = l.write(abi.spn_bone_local, l.s(OUT), local);
    l.ok(l.x.spn_skeleton_set_bone_local(this._h, u32(bone, "bone"), u32(pose, "pose"), p));
  }
  /** { a, b, c, d, worldX, worldY } */
  boneWorld(bone) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_bone_world(this._h, u32(bone, "bone"), l.s(OUT)));
    return l.read(abi.spn_bone_world, l.s(OUT));
  }
  setBoneWorld(bone, world) {
    const l = this._lib;
    const p = l.write(abi.spn_bone_world, l.s(OUT), world);
    l.ok(l.x.spn_skeleton_set_bone_world(this._h, u32(bone, "bone"), p));
  }
  boneActive(bone) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_bone_active(this._h, u32(bone, "bone"), l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  boneWorldInfo(bone) {
    const l = this._lib;
    const p = l.outStruct(abi.spn_bone_world_info);
    l.ok(l.x.spn_skeleton_bone_world_info(this._h, u32(bone, "bone"), p));
    const o = l.read(abi.spn_bone_world_info, p);
    delete o.size;
    return o;
  }
  _xy(fn, bone, x, y) {
    const l = this._lib;
    l.ok(l.x[fn](this._h, u32(bone, "bone"), num(x, "x"), num(y, "y"), l.s(OUT), l.s(OUT + 4)));
    return [l.f32(l.s(OUT)), l.f32(l.s(OUT + 4))];
  }
  boneWorldToLocal(bone, x, y) {
    return this._xy("spn_skeleton_bone_world_to_local", bone, x, y);
  }
  boneLocalToWorld(bone, x, y) {
    return this._xy("spn_skeleton_bone_local_to_world", bone, x, y);
  }
  boneWorldToParent(bone, x, y) {
    return this._xy("spn_skeleton_bone_world_to_parent", bone, x, y);
  }
  boneParentToWorld(bone, x, y) {
    return this._xy("spn_skeleton_bone_parent_to_world", bone, x, y);
  }
  boneWorldToLocalRotation(bone, degrees) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_bone_world_to_local_rotation(this._h, u32(bone, "bone"), num(degrees, "degrees"), l.s(OUT)));
    return l.f32(l.s(OUT));
  }
  boneLocalToWorldRotation(bone, degrees) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_bone_local_to_world_rotation(this._h, u32(bone, "bone"), num(degrees, "degrees"), l.s(OUT)));
    return l.f32(l.s(OUT));
  }
  /** { r, g, b, a } */
  slotColor(slot, pose = Pose.APPLIED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_slot_color(this._h, u32(slot, "slot"), u32(pose, "pose"), l.s(OUT)));
    return l.read(abi.spn_color, l.s(OUT));
  }
  setSlotColor(slot, color, pose = Pose.ANIMATED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_set_slot_color(this._h, u32(slot, "slot"), u32(pose, "pose"), l.write(abi.spn_color, l.s(OUT), color)));
  }
  slotDarkColor(slot, pose = Pose.APPLIED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_slot_dark_color(this._h, u32(slot, "slot"), u32(pose, "pose"), l.s(OUT)));
    return l.read(abi.spn_color, l.s(OUT));
  }
  setSlotDarkColor(slot, color, pose = Pose.ANIMATED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_set_slot_dark_color(this._h, u32(slot, "slot"), u32(pose, "pose"), l.write(abi.spn_color, l.s(OUT), color)));
  }
  slotSequenceIndex(slot, pose = Pose.APPLIED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_slot_sequence_index(this._h, u32(slot, "slot"), u32(pose, "pose"), l.s(OUT)));
    return l.i32(l.s(OUT));
  }
  setSlotSequenceIndex(slot, index, pose = Pose.ANIMATED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_set_slot_sequence_index(this._h, u32(slot, "slot"), u32(pose, "pose"), i32(index, "index")));
  }
  /** Slot indices in draw order (Uint32Array copy). */
  drawOrder(pose = Pose.APPLIED) {
    const l = this._lib;
    const ps = u32(pose, "pose");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_draw_order(this._h, ps, p, cap, cnt), 4, (p, n) => l.u32s(p, n));
  }
  setDrawOrder(slots, pose = Pose.ANIMATED) {
    const l = this._lib;
    const p = l.temp(Math.max(slots.length * 4, 4));
    for (let i = 0; i < slots.length; i++) l.dv.setUint32(p + 4 * i, u32(slots[i], "slot"), true);
    l.ok(l.x.spn_skeleton_set_draw_order(this._h, u32(pose, "pose"), p, slots.length));
  }
  _pair(fn) {
    const l = this._lib;
    l.ok(l.x[fn](this._h, l.s(OUT), l.s(OUT + 4)));
    return [l.f32(l.s(OUT)), l.f32(l.s(OUT + 4))];
  }
  /** [x, y] */
  get position() {
    return this._pair("spn_skeleton_position");
  }
  setPosition(x, y) {
    this._lib.ok(this._lib.x.spn_skeleton_set_position(this._h, num(x, "x"), num(y, "y")));
  }
  get scale() {
    return this._pair("spn_skeleton_scale");
  }
  setScale(x, y) {
    this._lib.ok(this._lib.x.spn_skeleton_set_scale(this._h, num(x, "x"), num(y, "y")));
  }
  get wind() {
    return this._pair("spn_skeleton_wind");
  }
  setWind(x, y) {
    this._lib.ok(this._lib.x.spn_skeleton_set_wind(this._h, num(x, "x"), num(y, "y")));
  }
  get gravity() {
    return this._pair("spn_skeleton_gravity");
  }
  setGravity(x, y) {
    this._lib.ok(this._lib.x.spn_skeleton_set_gravity(this._h, num(x, "x"), num(y, "y")));
  }
  /** { r, g, b, a } */
  get color() {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_color(this._h, l.s(OUT)));
    return l.read(abi.spn_color, l.s(OUT));
  }
  set color(c) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_set_color(this._h, l.write(abi.spn_color, l.s(OUT), c)));
  }
  get yDown() {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_y_down(this._h, l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  set yDown(v) {
    this._lib.ok(this._lib.x.spn_skeleton_set_y_down(this._h, v ? 1 : 0));
  }
  get time() {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_time(this._h, l.s(OUT)));
    return l.f64(l.s(OUT));
  }
  set time(t) {
    this._lib.ok(this._lib.x.spn_skeleton_set_time(this._h, num(t, "time")));
  }
  /** Advances the skeleton's time (physics) by `delta` seconds. */
  update(delta) {
    this._lib.ok(this._lib.x.spn_skeleton_update(this._h, num(delta, "delta")));
  }
  updateWorldTransform(physics = Physics.UPDATE) {
    this._lib.ok(this._lib.x.spn_skeleton_update_world_transform(this._h, u32(physics, "physics")));
  }
  physicsTranslate(x, y) {
    this._lib.ok(this._lib.x.spn_skeleton_physics_translate(this._h, num(x, "x"), num(y, "y")));
  }
  physicsRotate(x, y, degrees) {
    this._lib.ok(this._lib.x.spn_skeleton_physics_rotate(this._h, num(x, "x"), num(y, "y"), num(degrees, "degrees")));
  }
  physicsMove(dx, dy, degrees, inheritX, inheritY, inheritRotation) {
    this._lib.ok(this._lib.x.spn_skeleton_physics_move(this._h, num(dx, "dx"), num(dy, "dy"), num(degrees, "degrees"),
      num(inheritX, "inheritX"), num(inheritY, "inheritY"), num(inheritRotation, "inheritRotation")));
  }
  physicsConstraintReset(constraint) {
    this._lib.ok(this._lib.x.spn_skeleton_physics_constraint_reset(this._h, u32(constraint, "constraint")));
  }
  physicsConstraintTranslate(constraint, x, y) {
    this._lib.ok(this._lib.x.spn_skeleton_physics_constraint_translate(this._h, u32(constraint, "constraint"), num(x, "x"), num(y, "y")));
  }
  physicsConstraintRotate(constraint, x, y, degrees) {
    this._lib.ok(this._lib.x.spn_skeleton_physics_constraint_rotate(this._h, u32(constraint, "constraint"), num(x, "x"), num(y, "y"), num(degrees, "degrees")));
  }
  /** A ConstraintProperty of a constraint's pose. */
  constraintGet(constraint, property, pose = Pose.APPLIED) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_constraint_get(this._h, u32(constraint, "constraint"), u32(pose, "pose"), u32(property, "property"), l.s(OUT)));
    return l.f32(l.s(OUT));
  }
  constraintSet(constraint, property, value, pose = Pose.ANIMATED) {
    this._lib.ok(this._lib.x.spn_skeleton_constraint_set(this._h, u32(constraint, "constraint"), u32(pose, "pose"), u32(property, "property"), num(value, "value")));
  }
  constraintActive(constraint) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_constraint_active(this._h, u32(constraint, "constraint"), l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  /** { x, y, width, height } of the visible attachments, or null when none. */
  bounds() {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_bounds(this._h, l.s(OUT), l.s(OUT2)));
    return l.u32(l.s(OUT2)) === 0 ? null : l.read(abi.spn_rect, l.s(OUT));
  }
  /** World vertices of the attachment on `slot` (Float32Array copy). */
  slotWorldVertices(slot) {
    const l = this._lib;
    const s = u32(slot, "slot");
    return l.array((p, cap, cnt) => l.x.spn_skeleton_slot_world_vertices(this._h, s, p, cap, cnt), 4, (p, n) => l.f32s(p, n));
  }
  /** The pose (and `state`'s, if given) as plain bytes (Uint8Array). */
  snapshot(state = null) {
    const l = this._lib;
    const st = state ? state._h : 0n;
    l.ok(l.x.spn_skeleton_snapshot(this._h, st, 0, 0, l.s(OUT2)));
    const n = l.u32(l.s(OUT2));
    const p = l.temp(Math.max(n, 1));
    const status = l.x.spn_skeleton_snapshot(this._h, st, p, n, l.s(OUT2));
    if (status !== 0) l.ok(status);
    const copy = l.u8.slice(p, p + l.u32(l.s(OUT2)));
    l.freeTemps();
    if (state) state._calls++;
    return copy;
  }
  /** The most bytes a snapshot can take (ABI 1.8), whatever the pose: without a state
   * (`withState` false, counts 0) or with one of at most `tracks` tracks, `entries` track
   * entries alive at once and `callbacks` unpolled callbacks. */
  snapshotBound(withState, tracks = 0, entries = 0, callbacks = 0) {
    const l = this._lib;
    l.ok(l.x.spn_skeleton_snapshot_bound(this._h, withState ? 1 : 0, u32(tracks, "tracks"), u32(entries, "entries"), u32(callbacks, "callbacks"), l.s(OUT2)));
    return l.u32(l.s(OUT2));
  }
  restore(bytes, state = null) {
    const l = this._lib;
    const [p, n] = l.bytes(toBytes(bytes));
    if (state) state._calls++;
    l.ok(l.x.spn_skeleton_restore(this._h, state ? state._h : 0n, p, n));
  }
  /** Applies one animation directly; returns the event keys it fired. */
  applyAnimation(animation, lastTime, time, loop, alpha, blend, direction) {
    const l = this._lib;
    const L = abi.spn_fired_event;
    const args = [u32(animation, "animation"), num(lastTime, "lastTime"), num(time, "time"), loop ? 1 : 0, num(alpha, "alpha"), u32(blend, "blend"), u32(direction, "direction")];
    const cap = 64;
    const p = l.temp(cap * L.size);
    l.ok(l.x.spn_skeleton_apply_animation(this._h, ...args, L.size, p, cap, l.s(OUT2)));
    const n = l.u32(l.s(OUT2));
    if (n <= cap) return Array.from({ length: n }, (_, i) => l.read(L, p + i * L.size));
    throw new SpineError(Status.OUT_OF_RANGE, 0, `more than ${cap} events fired`);
  }
}

// ---------------------------------------------------------------------------------------
// Animation state

export class AnimationStateData extends Owned {
  static create(data) {
    const l = data._lib;
    l.ok(l.x.spn_animation_state_data_create(data._h, l.s(OUT)));
    return new AnimationStateData(l, l.handle(l.s(OUT)), data);
  }
  constructor(l, h, data) {
    super(l, h, "spn_animation_state_data_destroy");
    this.data = data;
  }
  get defaultMix() {
    const l = this._lib;
    l.ok(l.x.spn_animation_state_data_default_mix(this._h, l.s(OUT)));
    return l.f64(l.s(OUT));
  }
  set defaultMix(d) {
    this._lib.ok(this._lib.x.spn_animation_state_data_set_default_mix(this._h, num(d, "duration")));
  }
  /** The mix duration between two animations, by name or index. */
  setMix(from, to, duration) {
    const l = this._lib;
    if (typeof from === "string") l.ok(l.x.spn_animation_state_data_set_mix_by_name(this._h, l.cstr(from, 0), l.cstr(to, 1), num(duration, "duration")));
    else l.ok(l.x.spn_animation_state_data_set_mix(this._h, u32(from, "from"), u32(to, "to"), num(duration, "duration")));
  }
  mix(from, to) {
    const l = this._lib;
    l.ok(l.x.spn_animation_state_data_mix(this._h, i32(from, "from"), i32(to, "to"), l.s(OUT)));
    return l.f64(l.s(OUT));
  }
  clearMixes() {
    this._lib.ok(this._lib.x.spn_animation_state_data_clear_mixes(this._h));
  }
}

/** A track entry: a plain value; calls on a disposed entry throw STALE_HANDLE. */
export class TrackEntry {
  constructor(l, state, entry) {
    this._lib = l;
    this._state = state;
    this._entry = entry;
  }
  get(field) {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_get(l.entry(this), u32(field, "field"), l.s(OUT)));
    return l.f64(l.s(OUT));
  }
  set(field, value) {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_set(l.entry(this), u32(field, "field"), num(value, "value")));
  }
  get alpha() { return this.get(abi.EntryField.ALPHA); }
  set alpha(v) { this.set(abi.EntryField.ALPHA, v); }
  get timeScale() { return this.get(abi.EntryField.TIME_SCALE); }
  set timeScale(v) { this.set(abi.EntryField.TIME_SCALE, v); }
  get trackTime() { return this.get(abi.EntryField.TRACK_TIME); }
  set trackTime(v) { this.set(abi.EntryField.TRACK_TIME, v); }
  /** The animation index (-1: the empty animation). */
  get animation() {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_animation(l.entry(this), l.s(OUT)));
    return l.i32(l.s(OUT));
  }
  get trackIndex() {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_track_index(l.entry(this), l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  get animationTime() {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_animation_time(l.entry(this), l.s(OUT)));
    return l.f64(l.s(OUT));
  }
  get isComplete() {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_is_complete(l.entry(this), l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  setMixDuration(mixDuration, delay) {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_set_mix_duration(l.entry(this), num(mixDuration, "mixDuration"), num(delay, "delay")));
  }
  /** The linked entry (EntryLink), or null. */
  link(link) {
    const l = this._lib;
    const out = l.s(ENTRY2);
    l.ok(l.x.spn_track_entry_link(l.entry(this), u32(link, "link"), out));
    return readEntry(l, out);
  }
  resetRotationDirections() {
    const l = this._lib;
    l.ok(l.x.spn_track_entry_reset_rotation_directions(l.entry(this)));
  }
  equals(other) {
    return other instanceof TrackEntry && other._state === this._state && other._entry === this._entry;
  }
}

function readEntry(l, p) {
  const state = l.u64(p);
  return state === 0n ? null : new TrackEntry(l, state, l.u64(p + 8));
}

export class AnimationState extends Owned {
  static create(stateData) {
    const l = stateData._lib;
    l.ok(l.x.spn_animation_state_create(stateData._h, l.s(OUT)));
    return new AnimationState(l, l.handle(l.s(OUT)), stateData);
  }
  constructor(l, h, stateData) {
    super(l, h, "spn_animation_state_destroy");
    this.stateData = stateData;
    this._calls = 0;
    this._events = new Events(this);
  }
  dispose() {
    this._calls++;
    super.dispose();
  }
  update(delta) {
    this._calls++;
    this._lib.ok(this._lib.x.spn_animation_state_update(this._h, num(delta, "delta")));
  }
  apply(skeleton) {
    this._calls++;
    this._lib.ok(this._lib.x.spn_animation_state_apply(this._h, skeleton._h));
  }
  /** Sets an animation (name or index) on a track; returns its entry. */
  setAnimation(track, animation, loop = false) {
    const l = this._lib;
    this._calls++;
    const out = l.s(ENTRY2);
    if (typeof animation === "string") l.ok(l.x.spn_animation_state_set_animation_by_name(this._h, u32(track, "track"), l.cstr(animation), loop ? 1 : 0, out));
    else l.ok(l.x.spn_animation_state_set_animation(this._h, u32(track, "track"), u32(animation, "animation"), loop ? 1 : 0, out));
    return readEntry(l, out);
  }
  addAnimation(track, animation, loop = false, delay = 0) {
    const l = this._lib;
    this._calls++;
    const out = l.s(ENTRY2);
    if (typeof animation === "string") l.ok(l.x.spn_animation_state_add_animation_by_name(this._h, u32(track, "track"), l.cstr(animation), loop ? 1 : 0, num(delay, "delay"), out));
    else l.ok(l.x.spn_animation_state_add_animation(this._h, u32(track, "track"), u32(animation, "animation"), loop ? 1 : 0, num(delay, "delay"), out));
    return readEntry(l, out);
  }
  setEmptyAnimation(track, mixDuration) {
    const l = this._lib;
    this._calls++;
    l.ok(l.x.spn_animation_state_set_empty_animation(this._h, u32(track, "track"), num(mixDuration, "mixDuration"), l.s(ENTRY2)));
    return readEntry(l, l.s(ENTRY2));
  }
  addEmptyAnimation(track, mixDuration, delay) {
    const l = this._lib;
    this._calls++;
    l.ok(l.x.spn_animation_state_add_empty_animation(this._h, u32(track, "track"), num(mixDuration, "mixDuration"), num(delay, "delay"), l.s(ENTRY2)));
    return readEntry(l, l.s(ENTRY2));
  }
  setEmptyAnimations(mixDuration) {
    this._calls++;
    this._lib.ok(this._lib.x.spn_animation_state_set_empty_animations(this._h, num(mixDuration, "mixDuration")));
  }
  clearTrack(track) {
    this._calls++;
    this._lib.ok(this._lib.x.spn_animation_state_clear_track(this._h, u32(track, "track")));
  }
  clearTracks() {
    this._calls++;
    this._lib.ok(this._lib.x.spn_animation_state_clear_tracks(this._h));
  }
  get timeScale() {
    const l = this._lib;
    l.ok(l.x.spn_animation_state_time_scale(this._h, l.s(OUT)));
    return l.f64(l.s(OUT));
  }
  set timeScale(v) {
    this._lib.ok(this._lib.x.spn_animation_state_set_time_scale(this._h, num(v, "timeScale")));
  }
  get trackCount() {
    const l = this._lib;
    l.ok(l.x.spn_animation_state_track_count(this._h, l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  /** The entry on `track`, or null. */
  current(track) {
    const l = this._lib;
    l.ok(l.x.spn_animation_state_current(this._h, u32(track, "track"), l.s(ENTRY2)));
    return readEntry(l, l.s(ENTRY2));
  }
  /**
   * Polls the queued callbacks: the state's one Events view, rebound to the new records
   * (allocates nothing). It is valid until the state's next call.
   */
  events() {
    const l = this._lib;
    this._calls++;
    l.ok(l.x.spn_animation_state_events(this._h, abi.spn_event.size, l.s(OUT2), l.s(OUT2 + 4)));
    this._events._bind(l.u32(l.s(OUT2)), l.u32(l.s(OUT2 + 4)), this._calls);
    return this._events;
  }
  /** Drops the queued callbacks unread. */
  clearEvents() {
    this._calls++;
    this._lib.ok(this._lib.x.spn_animation_state_clear_events(this._h));
  }
}

const EV = Object.fromEntries(abi.spn_event.fields.map(([n, , o]) => [n, o]));
const EV_SIZE = abi.spn_event.size;

/** The records of one poll, read in place. Every read checks the poll is still current. */
export class Events {
  constructor(state) {
    this._state = state;
    this._p = 0;
    this._n = 0;
    this._calls = -1;
    this._words = null; // the memory's Uint32Array when polled: length 0 once the memory grew
  }
  _bind(p, n, calls) {
    const l = this._state._lib;
    this._p = p;
    this._n = n;
    this._calls = calls;
    if (l.u32a.length === 0) l.refresh();
    this._words = l.u32a;
  }
  _check() {
    const st = this._state;
    if (this._calls !== st._calls || st._h === 0n) throw new StaleOutputError("events read after the state's next call: poll again");
    if (this._words.length === 0) throw new StaleOutputError("events read after the module's memory grew: poll again");
  }
  _at(i, off) {
    this._check();
    if (!(i >= 0 && i < this._n)) throw new RangeError(`event ${i} of ${this._n}`);
    return this._p + i * EV_SIZE + off;
  }
  get length() {
    this._check();
    return this._n;
  }
  /** EventType */
  type(i) { return this._state._lib.u32(this._at(i, EV.kind)); }
  track(i) { return this._state._lib.u32(this._at(i, EV.track)); }
  animation(i) { return this._state._lib.i32(this._at(i, EV.animation)); }
  /** The event data index (EventType.EVENT), else -1. */
  eventIndex(i) { return this._state._lib.i32(this._at(i, EV.event)); }
  time(i) { return this._state._lib.f32(this._at(i, EV.time)); }
  intValue(i) { return this._state._lib.i32(this._at(i, EV.intValue)); }
  floatValue(i) { return this._state._lib.f32(this._at(i, EV.floatValue)); }
  volume(i) { return this._state._lib.f32(this._at(i, EV.volume)); }
  balance(i) { return this._state._lib.f32(this._at(i, EV.balance)); }
  /** The event's name (cached by the skeleton data: no allocation), or null. */
  name(i) {
    const e = this.eventIndex(i);
    return e < 0 ? null : this._state.stateData.data.name(Item.EVENT, e);
  }
  /** The key's string value (decoded: allocates), or null. */
  stringValue(i) {
    const l = this._state._lib;
    return l.string(l.u32(this._at(i, EV.stringValue)));
  }
  /** The record's track entry (a new TrackEntry). */
  entry(i) {
    const l = this._state._lib;
    const p = this._at(i, EV.entry);
    return new TrackEntry(l, l.u64(p), l.u64(p + 8));
  }
  /** Copies of the records as plain objects. */
  toArray() {
    return Array.from({ length: this.length }, (_, i) => ({
      type: this.type(i), track: this.track(i), animation: this.animation(i), event: this.eventIndex(i),
      time: this.time(i), intValue: this.intValue(i), floatValue: this.floatValue(i), stringValue: this.stringValue(i),
      volume: this.volume(i), balance: this.balance(i), name: this.name(i),
    }));
  }
}

// ---------------------------------------------------------------------------------------
// Rendering

const RO = Object.fromEntries(abi.spn_render_output.fields.map(([n, , o]) => [n, o]));
const RO_SIZE = abi.spn_render_output.size;

/** Render options (all default 0/false: the reference runtime's output). */
function optionsStruct(l, options, p) {
  const o = options ?? {};
  return l.write(abi.spn_render_options, p, {
    premultipliedAlpha: !!o.premultipliedAlpha, useZ: !!o.useZ, zSpacing: o.zSpacing ?? 0, indicesU32: !!o.indicesU32,
    mergeColors: !!o.mergeColors, layout: o.layout ?? VertexLayout.SEPARATE, slotIndices: !!o.slotIndices,
    absoluteIndices: !!o.absoluteIndices, colorOrder: o.colorOrder ?? ColorOrder.ARGB, pmaPerPage: !!o.pmaPerPage,
  });
}

export class Renderer extends Owned {
  /**
   * A renderer with `options` ({ premultipliedAlpha, useZ, zSpacing, indicesU32, mergeColors, layout, slotIndices,
   * and ABI 1.8: absoluteIndices (indices relative to the whole vertex buffer: WebGL2 draws a range with a plain
   * drawElements), colorOrder (ColorOrder.RGBA_BYTES: colors as R, G, B, A bytes, WebGL's UNSIGNED_BYTE x4 as they
   * are), pmaPerPage (premultiplied alpha per atlas page, its pma flag) }).
   */
  static create(options = null, runtime = null) {
    const l = runtime ? runtime._lib : lib();
    const p = options ? optionsStruct(l, options, l.s(OUT2)) : 0;
    l.ok(l.x.spn_renderer_create(p, l.s(OUT)));
    return new Renderer(l, l.handle(l.s(OUT)));
  }
  constructor(l, h) {
    super(l, h, "spn_renderer_destroy");
    // Bumped by every call that can render into this renderer or change its options (its
    // own, and a crowd's update or batched render): output views compare it (no call).
    this._renders = 0;
    this._output = new RenderOutput(this);
    this._gpu = new GpuOutput(this);
  }
  get options() {
    const l = this._lib;
    const p = l.outStruct(abi.spn_render_options);
    l.ok(l.x.spn_renderer_options(this._h, p));
    const o = l.read(abi.spn_render_options, p);
    return {
      premultipliedAlpha: o.premultipliedAlpha !== 0, useZ: o.useZ !== 0, zSpacing: o.zSpacing, indicesU32: o.indicesU32 !== 0,
      mergeColors: o.mergeColors !== 0, layout: o.layout, slotIndices: o.slotIndices !== 0,
      absoluteIndices: o.absoluteIndices !== 0, colorOrder: o.colorOrder, pmaPerPage: o.pmaPerPage !== 0,
    };
  }
  setOptions(options) {
    const l = this._lib;
    this._renders++;
    l.ok(l.x.spn_renderer_set_options(this._h, optionsStruct(l, options, l.s(OUT2))));
  }
  /** Renders the skeleton's applied pose (read it with output(): earlier views go stale). */
  render(skeleton) {
    this._renders++;
    this._lib.ok(this._lib.x.spn_renderer_render(this._h, skeleton._h, 0));
  }
  /** Renders the skeleton's applied pose for GPU skinning (ABI 1.9) and returns the renderer's
   * one GpuOutput accessor bound to the frame (allocates nothing): palette, draws, CPU
   * vertices and coverage read in place. Earlier output views of either mode go stale. */
  renderGpu(skeleton) {
    this._renders++;
    this._gpu._render(skeleton);
    return this._gpu;
  }
  /** Renders the draw-order span [first, last] of the skeleton. */
  renderSlots(skeleton, first, last) {
    this._renders++;
    this._lib.ok(this._lib.x.spn_renderer_render_slots(this._h, skeleton._h, u32(first, "first"), u32(last, "last"), 0));
  }
  /** Slots before which a new draw range starts. */
  setSeparatorSlots(slots) {
    const l = this._lib;
    const p = l.temp(Math.max(slots.length * 4, 4));
    for (let i = 0; i < slots.length; i++) l.dv.setUint32(p + 4 * i, u32(slots[i], "slot"), true);
    l.ok(l.x.spn_renderer_set_separator_slots(this._h, p, slots.length));
  }
  /** The renderer's one RenderOutput view, bound to the current buffers (allocates nothing). */
  output() {
    this._output._bind();
    return this._output;
  }
}

/**
 * A typed-array view of `n` elements at byte `p` of `buf`, kept in the cache slot `c` and
 * made again only when the address, the length or the buffer changed (so a warm frame
 * allocates no view).
 */
function cachedView(c, Type, buf, p, n) {
  if (c.p !== p || c.n !== n || c.buf !== buf) {
    c.view = new Type(buf, p, n);
    c.p = p;
    c.n = n;
    c.buf = buf;
  }
  return c.view;
}

/**
 * The buffers of one render, read in place. Every read checks that the renderer has not
 * rendered again, changed options or been disposed, and that the memory did not grow,
 * since output()/render(): otherwise StaleOutputError. The typed arrays returned are views
 * of the module's memory: read them right away (the next render reuses them).
 *
 * The checks cost no call into the module: output() copies the description (spn_renderer_output)
 * and notes the renderer's count of renders (Renderer._renders, bumped by every binding call
 * that renders into it: its render calls, setOptions, a crowd's update or batched render) and
 * a view of the memory at that moment (growing the memory detaches it: length 0).
 */
export class RenderOutput {
  constructor(renderer) {
    this._r = renderer;
    this._p = 0; // the struct's copy (per renderer) in module memory
    this._renders = -1;
    this._words = null; // the memory's Uint32Array when bound
    this._buf = null;
    this._cache = {};
    for (const k of ["positions", "uvs", "colors", "darkColors", "vertices", "verticesU32", "indices", "ranges", "slots", "rangeInfos", "rangeSeparators"]) {
      this._cache[k] = { p: -1, n: -1, buf: null, view: null };
    }
  }
  _bind() {
    const r = this._r;
    const l = r._lib;
    if (this._p === 0) {
      // A block of its own for this renderer's output struct, freed with the module.
      this._p = l.raw.spn_wasm_alloc(abi.spn_render_output.size);
      if (this._p === 0) throw new SpineError(Status.INVALID_ARGUMENT, 0, "cannot allocate the output struct");
    }
    this._renders = -1;
    l.sized(this._p, RO_SIZE);
    l.ok(l.x.spn_renderer_output(r._h, this._p));
    if (l.u32a.length === 0) l.refresh();
    this._words = l.u32a;
    this._buf = l.buf;
    this._renders = r._renders;
  }
  _check() {
    const r = this._r;
    if (r._h === 0n) throw new StaleOutputError("render output read after the renderer was disposed");
    if (this._words.length === 0) throw new StaleOutputError("render output read after the module's memory grew: call output() again");
    if (r._renders !== this._renders) {
      throw new StaleOutputError("render output read after the renderer's next render or option change: call output() again");
    }
  }
  _u32(field) {
    return this._words[(this._p + RO[field]) >>> 2];
  }
  _view(key, Type, field, n) {
    this._check();
    const p = this._u32(field);
    if (p === 0) return null;
    return cachedView(this._cache[key], Type, this._buf, p, n);
  }
  /** VertexLayout */
  get layout() { this._check(); return this._u32("layout"); }
  get vertexCount() { this._check(); return this._u32("vertexCount"); }
  get indexCount() { this._check(); return this._u32("indexCount"); }
  get rangeCount() { this._check(); return this._u32("rangeCount"); }
  get positionStride() { this._check(); return this._u32("positionStride"); }
  /** 2 or 4 bytes. */
  get indexSize() { this._check(); return this._u32("indexSize"); }
  get vertexSize() { this._check(); return this._u32("vertexSize"); }
  /** Render generation (BigInt). */
  get generation() {
    this._check();
    return this._r._lib.u64(this._p + RO.generation);
  }
  /** Separate layout: x, y[, z] per vertex (Float32Array), else null. */
  get positions() { return this._view("positions", Float32Array, "positions", this._u32("vertexCount") * this._u32("positionStride")); }
  get uvs() { return this._view("uvs", Float32Array, "uvs", this._u32("vertexCount") * 2); }
  /** Packed A<<24|R<<16|G<<8|B per vertex (Uint32Array). */
  get colors() { return this._view("colors", Uint32Array, "colors", this._u32("vertexCount")); }
  get darkColors() { return this._view("darkColors", Uint32Array, "darkColors", this._u32("vertexCount")); }
  /** Interleaved layout: the vertex records as floats (Float32Array, vertexSize/4 per vertex). */
  get vertices() { return this._view("vertices", Float32Array, "vertices", this._u32("vertexCount") * (this._u32("vertexSize") >>> 2)); }
  /** Interleaved layout: the same records as 32-bit unsigned words (for the colors). */
  get verticesU32() { return this._view("verticesU32", Uint32Array, "vertices", this._u32("vertexCount") * (this._u32("vertexSize") >>> 2)); }
  /** Uint16Array or Uint32Array (indexSize), relative to each range's firstVertex (to the whole buffer with absoluteIndices). */
  get indices() {
    return this._u32("indexSize") === 4
      ? this._view("indices", Uint32Array, "indices", this._u32("indexCount"))
      : this._view("indices", Uint16Array, "indices", this._u32("indexCount"));
  }
  /** The draw ranges, RANGE_STRIDE (8) uint32 each: firstIndex, indexCount, firstVertex, vertexCount, page, blend, color, darkColor. */
  get ranges() { return this._view("ranges", Uint32Array, "ranges", this._u32("rangeCount") * 8); }
  /** Whether the indices are relative to the whole vertex buffer (the absoluteIndices option, ABI 1.8). */
  get absoluteIndices() { this._check(); return this._u32("absoluteIndices") !== 0; }
  /** Per range, the separator slot it ends at, NO_SEPARATOR when none (Uint32Array, ABI 1.8), or null without ranges. */
  get rangeSeparators() { return this._view("rangeSeparators", Uint32Array, "rangeSeparators", this._u32("rangeCount")); }
  /** With the slotIndices option: the slot of each vertex (Uint32Array), else null. */
  get slots() { return this._view("slots", Uint32Array, "slots", this._u32("vertexCount")); }
  /** Draw range `i` as an object (allocates). */
  range(i) {
    this._check();
    if (!(i >= 0 && i < this._u32("rangeCount"))) throw new RangeError(`range ${i}`);
    return this._r._lib.read(abi.spn_draw_range, this._r._lib.u32(this._p + RO.ranges) + i * abi.spn_draw_range.size);
  }
  /** What draw range `i` covers: { firstDraw, lastDraw, firstSlot, lastSlot, textureId (BigInt) }. */
  rangeInfo(i) {
    this._check();
    if (!(i >= 0 && i < this._u32("rangeCount"))) throw new RangeError(`range ${i}`);
    return this._r._lib.read(abi.spn_draw_range_info, this._r._lib.u32(this._p + RO.rangeInfos) + i * abi.spn_draw_range_info.size);
  }
}

const GO = Object.fromEntries(abi.spn_gpu_output.fields.map(([n, , o]) => [n, o]));
const GC_ = Object.fromEntries(abi.spn_gpu_coverage.fields.map(([n, , o]) => [n, o]));
const GO_SIZE = abi.spn_gpu_output.size;

/**
 * One GPU-mode frame (spn_gpu_output, ABI 1.9), read in place, with RenderOutput's rules:
 * every read checks that the renderer has not rendered again (either mode), changed options
 * or been disposed, and that the memory did not grow, since renderGpu(): otherwise
 * StaleOutputError. The typed arrays are views of the module's memory (cached: a new view
 * only when a buffer moves or its length changes): read them within the frame.
 * - palette: Float32Array, boneCount × 6 floats (a, c, b, d, x, y per bone);
 * - draws: Uint32Array, GPU_DRAW_STRIDE (14) words a draw in draw order, at GpuDrawWord
 *   (block, firstVertex, vertexCount, firstIndex, indexCount, page, blend, color, darkColor,
 *   draw, slot, cpuReason, textureId low and high words); draw(i) reads one as an object;
 * - cpuPositions, cpuUvs: Float32Array, cpuVertexCount × 2; cpuIndices: Uint16Array,
 *   cpuIndexCount indices relative to their draw's firstVertex.
 */
export class GpuOutput {
  constructor(renderer) {
    this._r = renderer;
    this._p = 0; // the struct (per renderer) in module memory
    this._renders = -1; // the renderer's count of renders when bound (see RenderOutput)
    this._words = null; // the memory's Uint32Array when bound: length 0 once the memory grew
    this._buf = null;
    this._cache = {};
    for (const k of ["palette", "draws", "cpuPositions", "cpuUvs", "cpuIndices"]) this._cache[k] = { p: -1, n: -1, buf: null, view: null };
  }
  _render(skeleton) {
    const r = this._r;
    const l = r._lib;
    if (this._p === 0) {
      // A block of its own for this renderer's GPU output struct, freed with the module.
      this._p = l.raw.spn_wasm_alloc(GO_SIZE);
      if (this._p === 0) throw new SpineError(Status.INVALID_ARGUMENT, 0, "cannot allocate the GPU output struct");
    }
    this._renders = -1; // stale if the render fails
    l.sized(this._p, GO_SIZE);
    l.ok(l.x.spn_renderer_render_gpu(r._h, skeleton._h, this._p));
    if (l.u32a.length === 0) l.refresh();
    this._words = l.u32a;
    this._buf = l.buf;
    this._renders = r._renders;
  }
  // No call into the module: the renderer's count of renders and a detached view (RenderOutput).
  _check() {
    const r = this._r;
    if (r._h === 0n) throw new StaleOutputError("GPU output read after the renderer was disposed");
    if (this._words === null || this._words.length === 0) {
      throw new StaleOutputError("GPU output read after the module's memory grew: call renderGpu() again");
    }
    if (r._renders !== this._renders) {
      throw new StaleOutputError("GPU output read after the renderer's next render (or a failed one) or option change: call renderGpu() again");
    }
  }
  _u32(field) {
    return this._words[(this._p + GO[field]) >>> 2];
  }
  _view(key, Type, n) {
    this._check();
    const p = this._u32(key);
    if (p === 0) return null;
    return cachedView(this._cache[key], Type, this._buf, p, n);
  }
  get boneCount() { this._check(); return this._u32("boneCount"); }
  get drawCount() { this._check(); return this._u32("drawCount"); }
  get cpuVertexCount() { this._check(); return this._u32("cpuVertexCount"); }
  get cpuIndexCount() { this._check(); return this._u32("cpuIndexCount"); }
  /** Render generation (BigInt). */
  get generation() { this._check(); return this._r._lib.u64(this._p + GO.generation); }
  /** Coverage field `name` (a GpuCoverage key, e.g. "gpuVertices"), allocating nothing. */
  coverageOf(name) {
    this._check();
    if (!(name in GC_)) throw new TypeError(`no coverage field ${name}`);
    return this._r._lib.u32(this._p + GO.coverage + GC_[name]);
  }
  /** { gpuDraws, cpuDraws, gpuVertices, cpuVertices, clippedDraws, deformedDraws, ineligibleDraws, runtimeDraws } (allocates). */
  get coverage() { this._check(); return this._r._lib.read(abi.spn_gpu_coverage, this._p + GO.coverage); }
  get palette() { return this._view("palette", Float32Array, this._u32("boneCount") * 6); }
  get draws() { return this._view("draws", Uint32Array, this._u32("drawCount") * GPU_DRAW_STRIDE); }
  get cpuPositions() { return this._view("cpuPositions", Float32Array, this._u32("cpuVertexCount") * 2); }
  get cpuUvs() { return this._view("cpuUvs", Float32Array, this._u32("cpuVertexCount") * 2); }
  get cpuIndices() { return this._view("cpuIndices", Uint16Array, this._u32("cpuIndexCount")); }
  /** Draw `i` as { block, firstVertex, vertexCount, firstIndex, indexCount, page, blend, color, darkColor, draw, slot, cpuReason, textureId (BigInt) } (allocates). */
  draw(i) {
    this._check();
    if (!(i >= 0 && i < this._u32("drawCount"))) throw new RangeError(`draw ${i}`);
    return this._r._lib.read(abi.spn_gpu_draw, this._u32("draws") + i * abi.spn_gpu_draw.size);
  }
}

/** Words of one draw in GpuOutput.draws (spn_gpu_draw is 56 bytes). */
export const GPU_DRAW_STRIDE = 14;
/** Word offsets of the fields of a draw in GpuOutput.draws. */
export const GpuDrawWord = Object.freeze({
  BLOCK: 0, FIRST_VERTEX: 1, VERTEX_COUNT: 2, FIRST_INDEX: 3, INDEX_COUNT: 4, PAGE: 5, BLEND: 6, COLOR: 7,
  DARK_COLOR: 8, DRAW: 9, SLOT: 10, CPU_REASON: 11, TEXTURE_ID_LO: 12, TEXTURE_ID_HI: 13,
});
/** Words of one block in GpuStreams.blocks (spn_gpu_block). */
export const GPU_BLOCK_STRIDE = 5;
/** Bytes of one static vertex (spn_gpu_vertex). */
export const GPU_VERTEX_SIZE = 64;

export const RANGE_STRIDE = 8;
/** rangeSeparators value of a range that ends at no separator slot (SPN_NO_SEPARATOR, ABI 1.8). */
export const NO_SEPARATOR = 0xFFFFFFFF;
/** GPU draw block of a draw whose vertices are the frame's CPU vertices (SPN_NO_BLOCK, ABI 1.9). */
export const NO_BLOCK = 0xFFFFFFFF;

// ---------------------------------------------------------------------------------------
// Bounds

export class Bounds extends Owned {
  static create(runtime = null) {
    const l = runtime ? runtime._lib : lib();
    l.ok(l.x.spn_bounds_create(l.s(OUT)));
    return new Bounds(l, l.handle(l.s(OUT)));
  }
  constructor(l, h) {
    super(l, h, "spn_bounds_destroy");
  }
  /** Collects the skeleton's bounding-box attachments (and their AABB with updateAabb). */
  update(skeleton, updateAabb = true) {
    this._lib.ok(this._lib.x.spn_bounds_update(this._h, skeleton._h, updateAabb ? 1 : 0));
  }
  get aabb() {
    const l = this._lib;
    l.ok(l.x.spn_bounds_aabb(this._h, l.s(OUT)));
    return l.read(abi.spn_rect, l.s(OUT));
  }
  get count() {
    const l = this._lib;
    l.ok(l.x.spn_bounds_count(this._h, l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  /** { slot, attachment, vertices (Float32Array copy) } */
  box(index) {
    const l = this._lib;
    const p = l.outStruct(abi.spn_bounding_box);
    l.ok(l.x.spn_bounds_box(this._h, u32(index, "index"), p));
    const o = l.read(abi.spn_bounding_box, p);
    return { slot: o.slot, attachment: o.attachment, vertices: l.f32s(o.vertices, o.vertexCount * 2) };
  }
  *[Symbol.iterator]() {
    const n = this.count;
    for (let i = 0; i < n; i++) yield this.box(i);
  }
  aabbContainsPoint(x, y) {
    const l = this._lib;
    l.ok(l.x.spn_bounds_aabb_contains_point(this._h, num(x, "x"), num(y, "y"), l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  aabbIntersectsSegment(x1, y1, x2, y2) {
    const l = this._lib;
    l.ok(l.x.spn_bounds_aabb_intersects_segment(this._h, num(x1, "x1"), num(y1, "y1"), num(x2, "x2"), num(y2, "y2"), l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  aabbIntersectsBounds(other) {
    const l = this._lib;
    l.ok(l.x.spn_bounds_aabb_intersects_bounds(this._h, other._h, l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  /** The slot of the first box containing the point, or null. */
  containsPoint(x, y) {
    const l = this._lib;
    l.ok(l.x.spn_bounds_contains_point(this._h, num(x, "x"), num(y, "y"), l.s(OUT)));
    const s = l.i32(l.s(OUT));
    return s < 0 ? null : s;
  }
  intersectsSegment(x1, y1, x2, y2) {
    const l = this._lib;
    l.ok(l.x.spn_bounds_intersects_segment(this._h, num(x1, "x1"), num(y1, "y1"), num(x2, "x2"), num(y2, "y2"), l.s(OUT)));
    const s = l.i32(l.s(OUT));
    return s < 0 ? null : s;
  }
  /** The skeleton's bounds with clipping applied, or null. */
  skeletonClipped(skeleton) {
    const l = this._lib;
    l.ok(l.x.spn_bounds_skeleton_clipped(this._h, skeleton._h, l.s(OUT), l.s(OUT2)));
    return l.u32(l.s(OUT2)) === 0 ? null : l.read(abi.spn_rect, l.s(OUT));
  }
}

// ---------------------------------------------------------------------------------------
// Crowd

/**
 * Many skeletons updated (and rendered) in one call. The WebAssembly build has no threads:
 * members update on the calling thread whatever `threads` says.
 */
export class Crowd extends Owned {
  static create(threads = 0, runtime = null) {
    const l = runtime ? runtime._lib : lib();
    l.ok(l.x.spn_crowd_create(u32(threads, "threads"), l.s(OUT)));
    return new Crowd(l, l.handle(l.s(OUT)));
  }
  constructor(l, h) {
    super(l, h, "spn_crowd_destroy");
    this._states = [];
    this._renderers = [];
  }
  /** Adds a member (state and renderer may be null). */
  add(skeleton, state = null, renderer = null) {
    this._lib.ok(this._lib.x.spn_crowd_add(this._h, skeleton._h, state ? state._h : 0n, renderer ? renderer._h : 0n));
    this._states.push(state);
    this._renderers.push(renderer);
  }
  clear() {
    this._lib.ok(this._lib.x.spn_crowd_clear(this._h));
    this._states.length = 0;
    this._renderers.length = 0;
  }
  /** Adds a member and returns its stable id (ABI 1.8): it names the member until it is removed. */
  addMember(skeleton, state = null, renderer = null) {
    const l = this._lib;
    l.ok(l.x.spn_crowd_add_member(this._h, skeleton._h, state ? state._h : 0n, renderer ? renderer._h : 0n, l.s(OUT)));
    this._states.push(state);
    this._renderers.push(renderer);
    return l.u32(l.s(OUT));
  }
  /** Removes the member with stable id `id`; the others keep theirs (ABI 1.8). */
  removeMember(id) {
    const index = this.indexOf(id);
    this._lib.ok(this._lib.x.spn_crowd_remove_member(this._h, u32(id, "id")));
    this._states.splice(index, 1);
    this._renderers.splice(index, 1);
  }
  /** The current index of the member with stable id `id` (ABI 1.8). */
  indexOf(id) {
    const l = this._lib;
    l.ok(l.x.spn_crowd_member_index(this._h, u32(id, "id"), l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  /** The stable id of the member at `index` (ABI 1.8). */
  memberId(index) {
    const l = this._lib;
    l.ok(l.x.spn_crowd_member_id(this._h, u32(index, "index"), l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  remove(member) {
    this._lib.ok(this._lib.x.spn_crowd_remove(this._h, u32(member, "member")));
    this._states.splice(member, 1);
    this._renderers.splice(member, 1);
  }
  get count() {
    const l = this._lib;
    l.ok(l.x.spn_crowd_count(this._h, l.s(OUT)));
    return l.u32(l.s(OUT));
  }
  /** Kept for the native build; here every update runs on the calling thread. */
  setThreads(threads) {
    this._lib.ok(this._lib.x.spn_crowd_set_threads(this._h, u32(threads, "threads")));
  }
  // Members [first, first + count) are about to update: their events and render output views
  // go stale (every member's, enabled or not, as for a failed call).
  _touch(first, count) {
    const s = this._states;
    const r = this._renderers;
    const end = Math.min(s.length, first + count);
    for (let i = first; i < end; i++) {
      if (s[i] !== null) s[i]._calls++;
      if (r[i] !== null) r[i]._renders++;
    }
  }
  /** One frame of every enabled member: state update/apply, skeleton update, world transforms, render. */
  update(delta, physics = Physics.UPDATE) {
    this._touch(0, this._states.length);
    this._lib.ok(this._lib.x.spn_crowd_update(this._h, num(delta, "delta"), u32(physics, "physics")));
  }
  updateRange(first, count, delta, physics = Physics.UPDATE) {
    this._touch(first, count);
    this._lib.ok(this._lib.x.spn_crowd_update_range(this._h, u32(first, "first"), u32(count, "count"), num(delta, "delta"), u32(physics, "physics")));
  }
  setEnabled(member, enabled) {
    this._lib.ok(this._lib.x.spn_crowd_set_enabled(this._h, u32(member, "member"), enabled ? 1 : 0));
  }
  enabled(member) {
    const l = this._lib;
    l.ok(l.x.spn_crowd_enabled(this._h, u32(member, "member"), l.s(OUT)));
    return l.u32(l.s(OUT)) !== 0;
  }
  setTimeScale(member, timeScale) {
    this._lib.ok(this._lib.x.spn_crowd_set_time_scale(this._h, u32(member, "member"), num(timeScale, "timeScale")));
  }
  timeScale(member) {
    const l = this._lib;
    l.ok(l.x.spn_crowd_time_scale(this._h, u32(member, "member"), l.s(OUT)));
    return l.f64(l.s(OUT));
  }
  setOffset(member, x, y) {
    this._lib.ok(this._lib.x.spn_crowd_set_offset(this._h, u32(member, "member"), num(x, "x"), num(y, "y")));
  }
  /** [x, y] */
  offset(member) {
    const l = this._lib;
    l.ok(l.x.spn_crowd_offset(this._h, u32(member, "member"), l.s(OUT), l.s(OUT + 4)));
    return [l.f32(l.s(OUT)), l.f32(l.s(OUT + 4))];
  }
  /** Renders every enabled member into `renderer`, one batched output (read with renderer.output()). */
  renderBatched(renderer) {
    renderer._renders++;
    this._lib.ok(this._lib.x.spn_crowd_render_batched(this._h, renderer._h, 0));
  }
}
