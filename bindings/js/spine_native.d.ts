// Types of spine_native.mjs (hand-written; enums follow abi.mjs, generated from the header).

export declare const ABI_VERSION: number;
export declare const RUNTIME_ATTACHMENT_BIT: number;
export declare const RANGE_STRIDE: 8;
/** rangeSeparators value of a range that ends at no separator slot (ABI 1.8). */
export declare const NO_SEPARATOR: 0xFFFFFFFF;
/** GpuDraw.block of a draw whose vertices are the frame's CPU vertices (ABI 1.9). */
export declare const NO_BLOCK: 0xFFFFFFFF;
export declare const ErrorKind: { readonly NONE: 0; readonly VERSION: 1; readonly TRUNCATED: 2; readonly OUT_OF_RANGE: 3; readonly INVALID_VALUE: 4; readonly MALFORMED_JSON: 5; readonly MISSING_REGION: 6; readonly TRAILING_BYTES: 7; readonly INVALID_ATLAS: 8; readonly IO: 9 };
export type ErrorKind = (typeof ErrorKind)[keyof typeof ErrorKind];
export declare const Status: { readonly OK: 0; readonly NULL_ARGUMENT: 1; readonly STALE_HANDLE: 2; readonly WRONG_TYPE: 3; readonly OUT_OF_RANGE: 4; readonly INVALID_ARGUMENT: 5; readonly LOAD: 6; readonly IO: 7; readonly PANIC: 8; readonly NOT_FOUND: 9; readonly BUSY: 10 };
export type Status = (typeof Status)[keyof typeof Status];
export declare const Item: { readonly BONE: 0; readonly SLOT: 1; readonly SKIN: 2; readonly ANIMATION: 3; readonly EVENT: 4; readonly CONSTRAINT: 5; readonly ATTACHMENT: 6 };
export type Item = (typeof Item)[keyof typeof Item];
export declare const ConstraintType: { readonly IK: 0; readonly TRANSFORM: 1; readonly PATH: 2; readonly PHYSICS: 3; readonly SLIDER: 4 };
export type ConstraintType = (typeof ConstraintType)[keyof typeof ConstraintType];
export declare const AttachmentType: { readonly REGION: 0; readonly BOUNDING_BOX: 1; readonly MESH: 2; readonly LINKED_MESH: 3; readonly PATH: 4; readonly POINT: 5; readonly CLIPPING: 6 };
export type AttachmentType = (typeof AttachmentType)[keyof typeof AttachmentType];
export declare const AttachmentArray: { readonly VERTICES: 0; readonly UVS: 1; readonly TEXTURE_UVS: 2; readonly OFFSETS: 3; readonly LENGTHS: 4; readonly BONES: 5; readonly TRIANGLES: 6; readonly EDGES: 7 };
export type AttachmentArray = (typeof AttachmentArray)[keyof typeof AttachmentArray];
export declare const Blend: { readonly NORMAL: 0; readonly ADDITIVE: 1; readonly MULTIPLY: 2; readonly SCREEN: 3 };
export type Blend = (typeof Blend)[keyof typeof Blend];
export declare const Inherit: { readonly NORMAL: 0; readonly ONLY_TRANSLATION: 1; readonly NO_ROTATION_OR_REFLECTION: 2; readonly NO_SCALE: 3; readonly NO_SCALE_OR_REFLECTION: 4 };
export type Inherit = (typeof Inherit)[keyof typeof Inherit];
export declare const Pose: { readonly ANIMATED: 0; readonly APPLIED: 1 };
export type Pose = (typeof Pose)[keyof typeof Pose];
export declare const Physics: { readonly NONE: 0; readonly RESET: 1; readonly UPDATE: 2; readonly POSE: 3 };
export type Physics = (typeof Physics)[keyof typeof Physics];
export declare const ConstraintProperty: { readonly MIX: 0; readonly SOFTNESS: 1; readonly BEND_DIRECTION: 2; readonly COMPRESS: 3; readonly STRETCH: 4; readonly MIX_ROTATE: 5; readonly MIX_X: 6; readonly MIX_Y: 7; readonly MIX_SCALE_X: 8; readonly MIX_SCALE_Y: 9; readonly MIX_SHEAR_Y: 10; readonly POSITION: 11; readonly SPACING: 12; readonly INERTIA: 13; readonly STRENGTH: 14; readonly DAMPING: 15; readonly MASS_INVERSE: 16; readonly WIND: 17; readonly GRAVITY: 18; readonly TIME: 19 };
export type ConstraintProperty = (typeof ConstraintProperty)[keyof typeof ConstraintProperty];
export declare const EventType: { readonly START: 0; readonly INTERRUPT: 1; readonly END: 2; readonly DISPOSE: 3; readonly COMPLETE: 4; readonly EVENT: 5 };
export type EventType = (typeof EventType)[keyof typeof EventType];
export declare const EntryField: { readonly LOOP: 0; readonly ADDITIVE: 1; readonly REVERSE: 2; readonly SHORTEST_ROTATION: 3; readonly ALPHA: 4; readonly TIME_SCALE: 5; readonly TRACK_TIME: 6; readonly TRACK_END: 7; readonly DELAY: 8; readonly ANIMATION_START: 9; readonly ANIMATION_END: 10; readonly ANIMATION_LAST: 11; readonly MIX_TIME: 12; readonly MIX_DURATION: 13; readonly MIX_INTERPOLATION: 14; readonly EVENT_THRESHOLD: 15; readonly MIX_ATTACHMENT_THRESHOLD: 16; readonly ALPHA_ATTACHMENT_THRESHOLD: 17; readonly MIX_DRAW_ORDER_THRESHOLD: 18; readonly TRACK_INDEX: 19; readonly ANIMATION: 20; readonly ANIMATION_TIME: 21; readonly IS_COMPLETE: 22; readonly TRACK_COMPLETE: 23; readonly TRACK_LAST: 24; readonly WAS_APPLIED: 25; readonly IS_EMPTY_ANIMATION: 26; readonly IS_NEXT_READY: 27; readonly MIX: 28; readonly TOTAL_ALPHA: 29 };
export type EntryField = (typeof EntryField)[keyof typeof EntryField];
export declare const EntryLink: { readonly NEXT: 0; readonly PREVIOUS: 1; readonly MIXING_FROM: 2; readonly MIXING_TO: 3 };
export type EntryLink = (typeof EntryLink)[keyof typeof EntryLink];
export declare const Interpolation: { readonly LINEAR: 0; readonly SMOOTH: 1; readonly SLOW_FAST: 2; readonly FAST_SLOW: 3; readonly CIRCLE: 4 };
export type Interpolation = (typeof Interpolation)[keyof typeof Interpolation];
export declare const VertexLayout: { readonly SEPARATE: 0; readonly INTERLEAVED: 1 };
export type VertexLayout = (typeof VertexLayout)[keyof typeof VertexLayout];
/** Byte order of packed colors (ABI 1.8): RGBA_BYTES is R, G, B, A in memory (WebGL's UNSIGNED_BYTE x4). */
export declare const ColorOrder: { readonly ARGB: 0; readonly RGBA_BYTES: 1 };
export type ColorOrder = (typeof ColorOrder)[keyof typeof ColorOrder];
/** Why a GPU-mode draw stays on the CPU (ABI 1.9). */
export declare const CpuReason: { readonly NONE: 0; readonly CLIPPED: 1; readonly DEFORMED: 2; readonly INELIGIBLE: 3; readonly RUNTIME: 4 };
export type CpuReason = (typeof CpuReason)[keyof typeof CpuReason];
export declare const MixBlend: { readonly SETUP: 0; readonly FIRST: 1; readonly REPLACE: 2; readonly ADD: 3 };
export type MixBlend = (typeof MixBlend)[keyof typeof MixBlend];
export declare const MixDirection: { readonly IN: 0; readonly OUT: 1 };
export type MixDirection = (typeof MixDirection)[keyof typeof MixDirection];
export declare const TextureFilter: { readonly NEAREST: 0; readonly LINEAR: 1; readonly MIPMAP: 2; readonly MIPMAP_NEAREST_NEAREST: 3; readonly MIPMAP_LINEAR_NEAREST: 4; readonly MIPMAP_NEAREST_LINEAR: 5; readonly MIPMAP_LINEAR_LINEAR: 6 };
export type TextureFilter = (typeof TextureFilter)[keyof typeof TextureFilter];
export declare const TextureWrap: { readonly MIRRORED_REPEAT: 0; readonly CLAMP_TO_EDGE: 1; readonly REPEAT: 2 };
export type TextureWrap = (typeof TextureWrap)[keyof typeof TextureWrap];

type Bytes = Uint8Array | ArrayBuffer | ArrayBufferView;
type Text = string | Bytes;
export interface Color { r: number; g: number; b: number; a: number }
export interface Rect { x: number; y: number; width: number; height: number }
export interface RenderOptions {
  premultipliedAlpha?: boolean; useZ?: boolean; zSpacing?: number; indicesU32?: boolean;
  mergeColors?: boolean; layout?: VertexLayout; slotIndices?: boolean;
  /** ABI 1.8: indices relative to the whole vertex buffer (16-bit while at most 65,536 vertices, else 32-bit). */
  absoluteIndices?: boolean;
  /** ABI 1.8: the byte order of packed colors. */
  colorOrder?: ColorOrder;
  /** ABI 1.8: premultiplied alpha per atlas page (its pma flag); premultipliedAlpha is then ignored. */
  pmaPerPage?: boolean;
}
export interface DrawRange {
  firstIndex: number; indexCount: number; firstVertex: number; vertexCount: number;
  page: number; blend: Blend; color: number; darkColor: number;
}
export interface DrawRangeInfo { firstDraw: number; lastDraw: number; firstSlot: number; lastSlot: number; textureId: bigint }
export interface BoneLocal { inherit: Inherit; x: number; y: number; rotation: number; scaleX: number; scaleY: number; shearX: number; shearY: number }
export interface BoneWorld { a: number; b: number; c: number; d: number; worldX: number; worldY: number }
/** Records read from the library (plain objects; field names are the header's, camelCased). */
export type Record = { [field: string]: any };

export declare class SpineError extends Error {
  readonly status: Status; readonly kind: ErrorKind; readonly nativeMessage: string;
}
export declare class StaleOutputError extends Error {}
export declare class ModuleTrappedError extends Error {}

export declare class Runtime {
  readonly memory: WebAssembly.Memory;
  /** Null, or what trapped (the instance then refuses every call). */
  readonly trapped: string | null;
}
export declare function init(source?: Bytes | URL | string | Response | WebAssembly.Module): Promise<Runtime>;
export declare function initSync(source: Bytes | WebAssembly.Module): Runtime;
export declare function abiVersion(): number;
export declare function abiCompatible(): boolean;
export declare function version(): string;
export declare function statusString(status: Status | number): string;
export declare function errorKindString(kind: ErrorKind | number): string;
export declare function lastErrorMessage(): string;
export declare function lastErrorKind(): ErrorKind;
export declare function isRuntimeAttachment(id: number): boolean;

declare class Owned implements Disposable {
  readonly disposed: boolean;
  dispose(): void;
  [Symbol.dispose](): void;
}

export declare class Atlas extends Owned {
  static load(text: Text): Atlas;
  /** Fails with Status.IO in the WebAssembly build (no file system). */
  static loadFile(path: string): Atlas;
  readonly pageCount: number;
  readonly regionCount: number;
  page(index: number): { name: string; width: number; height: number; pma: boolean };
  region(index: number): Record;
  findRegion(name: string): number | null;
  pageDetails(index: number): Record;
  setPageTexture(page: number, textureId: bigint | number): void;
  pageTexture(page: number): bigint;
}

export declare class SkeletonData extends Owned {
  static loadBinary(bytes: Bytes, atlas?: Atlas | null, scale?: number): SkeletonData;
  static loadJson(text: Text, atlas?: Atlas | null, scale?: number): SkeletonData;
  static loadFile(path: string, atlas?: Atlas | null, scale?: number): SkeletonData;
  count(item: Item): number;
  name(item: Item, index: number): string;
  names(item: Item): string[];
  /** ABI 1.8: the atlas this data was loaded with (a new handle, kept alive by the data). */
  atlas(): Atlas;
  /** ABI 1.9: adds a placeholder name for new sockets (a name the data does not use is NOT_FOUND until added). */
  addPlaceholder(name: string): this;
  /** ABI 1.8: the entries of data skin `skin` in load order. */
  skinEntries(skin: number): { slot: number; attachment: number; name: string }[];
  /** ABI 1.9: the static streams of GPU skinning (copied). */
  gpuStreams(): GpuStreams;
  find(item: Item, name: string): number | null;
  animationDuration(index: number): number;
  info(): Record;
  bone(index: number): Record;
  boneSetup(index: number): BoneLocal;
  slot(index: number): Record;
  event(index: number): Record;
  attachment(id: number): Record;
  attachmentSequence(id: number): Record;
  constraint(index: number): Record;
  attachmentGeometry(id: number): Record;
  constraintData(index: number): Record;
  defaultSkin(): number;
  animationKeyed(animation: number, item: Item): Uint32Array;
  animationEventKeys(animation: number): Record[];
  animationSequenceKeys(animation: number): Record[];
  attachmentFloats(id: number, array: AttachmentArray): Float32Array;
  attachmentIndices(id: number, array: AttachmentArray): Uint32Array;
  constraintBones(index: number): Uint32Array;
  constraintTransformMappings(index: number): Record[];
}

export interface RegionPlacement {
  x?: number; y?: number; rotation?: number; scaleX?: number; scaleY?: number; width?: number; height?: number; color?: Color;
}
export declare class Skin extends Owned {
  static create(data: SkeletonData, name: string): Skin;
  addDataSkin(skin: number | string, data?: SkeletonData): this;
  addSkin(other: Skin): this;
  setAttachment(slot: number, name: string, attachment: number): void;
  removeAttachment(slot: number, name: string): void;
  clear(): void;
  copy(): Skin;
  readonly attachmentCount: number;
  readonly name: string;
  entries(): { slot: number; attachment: number; name: string }[];
  createRegionAttachment(slot: number, name: string, atlas: Atlas, region: number, placement?: RegionPlacement): number;
  createRegionAttachmentUv(slot: number, name: string, page: number, u: number, v: number, u2: number, v2: number, placement?: RegionPlacement): number;
  cloneAttachment(slot: number, name: string, attachment: number, atlas: Atlas, region: number): number;
  /** ABI 1.9: attachment `id` as this skin knows it (a data id, or a runtime id the skin holds). */
  attachment(id: number): Record;
  attachmentGeometry(id: number): Record;
  attachmentFloats(id: number, array: AttachmentArray): Float32Array;
  attachmentIndices(id: number, array: AttachmentArray): Uint32Array;
}

export declare class Skeleton extends Owned {
  /** ABI 1.9: attachment `id` as this skeleton knows it (a data id, or a runtime id it holds). */
  attachment(id: number): Record;
  attachmentGeometry(id: number): Record;
  attachmentFloats(id: number, array: AttachmentArray): Float32Array;
  attachmentIndices(id: number, array: AttachmentArray): Uint32Array;
  static create(data: SkeletonData): Skeleton;
  readonly data: SkeletonData;
  setupPose(): void; setupPoseBones(): void; setupPoseSlots(): void; setupPoseSlot(slot: number): void; updateCache(): void;
  setSkin(skin: Skin | string | null): void;
  readonly skinName: string | null;
  setAttachment(slot: number, name: string | null): void;
  findAttachment(slot: number, name: string): number | null;
  slotAttachment(slot: number, pose?: Pose): number;
  setSlotAttachment(slot: number, attachment: number, pose?: Pose): void;
  pointAttachmentWorld(slot: number, attachment: number): { x: number; y: number; rotation: number };
  boneLocal(bone: number, pose?: Pose): BoneLocal;
  setBoneLocal(bone: number, local: Partial<BoneLocal>, pose?: Pose): void;
  boneWorld(bone: number): BoneWorld;
  setBoneWorld(bone: number, world: BoneWorld): void;
  boneActive(bone: number): boolean;
  boneWorldInfo(bone: number): { rotationX: number; rotationY: number; scaleX: number; scaleY: number };
  boneWorldToLocal(bone: number, x: number, y: number): [number, number];
  boneLocalToWorld(bone: number, x: number, y: number): [number, number];
  boneWorldToParent(bone: number, x: number, y: number): [number, number];
  boneParentToWorld(bone: number, x: number, y: number): [number, number];
  boneWorldToLocalRotation(bone: number, degrees: number): number;
  boneLocalToWorldRotation(bone: number, degrees: number): number;
  slotColor(slot: number, pose?: Pose): Color;
  setSlotColor(slot: number, color: Color, pose?: Pose): void;
  slotDarkColor(slot: number, pose?: Pose): Color;
  setSlotDarkColor(slot: number, color: Color, pose?: Pose): void;
  slotSequenceIndex(slot: number, pose?: Pose): number;
  setSlotSequenceIndex(slot: number, index: number, pose?: Pose): void;
  drawOrder(pose?: Pose): Uint32Array;
  setDrawOrder(slots: ArrayLike<number>, pose?: Pose): void;
  readonly position: [number, number]; setPosition(x: number, y: number): void;
  readonly scale: [number, number]; setScale(x: number, y: number): void;
  readonly wind: [number, number]; setWind(x: number, y: number): void;
  readonly gravity: [number, number]; setGravity(x: number, y: number): void;
  color: Color;
  yDown: boolean;
  time: number;
  update(delta: number): void;
  updateWorldTransform(physics?: Physics): void;
  physicsTranslate(x: number, y: number): void;
  physicsRotate(x: number, y: number, degrees: number): void;
  physicsMove(dx: number, dy: number, degrees: number, inheritX: number, inheritY: number, inheritRotation: number): void;
  physicsConstraintReset(constraint: number): void;
  physicsConstraintTranslate(constraint: number, x: number, y: number): void;
  physicsConstraintRotate(constraint: number, x: number, y: number, degrees: number): void;
  constraintGet(constraint: number, property: ConstraintProperty, pose?: Pose): number;
  constraintSet(constraint: number, property: ConstraintProperty, value: number, pose?: Pose): void;
  constraintActive(constraint: number): boolean;
  bounds(): Rect | null;
  slotWorldVertices(slot: number): Float32Array;
  snapshot(state?: AnimationState | null): Uint8Array;
  snapshotBound(withState: boolean, tracks?: number, entries?: number, callbacks?: number): number;
  restore(bytes: Bytes, state?: AnimationState | null): void;
  applyAnimation(animation: number, lastTime: number, time: number, loop: boolean, alpha: number, blend: MixBlend, direction: MixDirection): Record[];
}

export declare class AnimationStateData extends Owned {
  static create(data: SkeletonData): AnimationStateData;
  readonly data: SkeletonData;
  defaultMix: number;
  setMix(from: string | number, to: string | number, duration: number): void;
  mix(from: number, to: number): number;
  clearMixes(): void;
}

export declare class TrackEntry {
  get(field: EntryField): number;
  set(field: EntryField, value: number): void;
  alpha: number; timeScale: number; trackTime: number;
  readonly animation: number; readonly trackIndex: number; readonly animationTime: number; readonly isComplete: boolean;
  setMixDuration(mixDuration: number, delay: number): void;
  link(link: EntryLink): TrackEntry | null;
  resetRotationDirections(): void;
  equals(other: unknown): boolean;
}

/** One poll's records, read in place; valid until the state's next call. */
export declare class Events {
  readonly length: number;
  type(i: number): EventType; track(i: number): number; animation(i: number): number; eventIndex(i: number): number;
  time(i: number): number; intValue(i: number): number; floatValue(i: number): number; volume(i: number): number; balance(i: number): number;
  name(i: number): string | null; stringValue(i: number): string | null; entry(i: number): TrackEntry;
  toArray(): Record[];
}

export declare class AnimationState extends Owned {
  static create(stateData: AnimationStateData): AnimationState;
  readonly stateData: AnimationStateData;
  update(delta: number): void;
  apply(skeleton: Skeleton): void;
  setAnimation(track: number, animation: string | number, loop?: boolean): TrackEntry;
  addAnimation(track: number, animation: string | number, loop?: boolean, delay?: number): TrackEntry;
  setEmptyAnimation(track: number, mixDuration: number): TrackEntry;
  addEmptyAnimation(track: number, mixDuration: number, delay: number): TrackEntry;
  setEmptyAnimations(mixDuration: number): void;
  clearTrack(track: number): void;
  clearTracks(): void;
  timeScale: number;
  readonly trackCount: number;
  current(track: number): TrackEntry | null;
  events(): Events;
  clearEvents(): void;
}

/** One render's buffers, read in place; every read throws StaleOutputError once they changed. */
export declare class RenderOutput {
  readonly layout: VertexLayout; readonly vertexCount: number; readonly indexCount: number; readonly rangeCount: number;
  readonly positionStride: number; readonly indexSize: 2 | 4; readonly vertexSize: number; readonly generation: bigint;
  readonly positions: Float32Array | null; readonly uvs: Float32Array | null;
  readonly colors: Uint32Array | null; readonly darkColors: Uint32Array | null;
  readonly vertices: Float32Array | null; readonly verticesU32: Uint32Array | null;
  readonly indices: Uint16Array | Uint32Array;
  readonly ranges: Uint32Array; readonly slots: Uint32Array | null;
  /** ABI 1.8: whether the indices are relative to the whole vertex buffer. */
  readonly absoluteIndices: boolean;
  /** ABI 1.8: per range, the separator slot it ends at (NO_SEPARATOR: none). */
  readonly rangeSeparators: Uint32Array | null;
  range(i: number): DrawRange;
  rangeInfo(i: number): DrawRangeInfo;
}

/** ABI 1.9: a run of the static streams (one attachment at one sequence frame). */
export interface GpuBlock { firstVertex: number; vertexCount: number; firstIndex: number; indexCount: number; rigidBone: number }
/** ABI 1.9: the static streams of a skeleton data, read in place (views of the module's memory, valid until the
 * data is disposed: then every read throws StaleOutputError; after a memory growth the getters give fresh views).
 * `vertices` holds 64-byte spn_gpu_vertex records (`vertexFloats`: the same, 16 floats a vertex); `blocks` holds
 * GPU_BLOCK_STRIDE words a block (firstVertex, vertexCount, firstIndex, indexCount, rigidBone). */
export declare class GpuStreams {
  readonly vertexCount: number; readonly indexCount: number; readonly blockCount: number;
  readonly vertices: Uint8Array; readonly vertexFloats: Float32Array; readonly indices: Uint16Array; readonly blocks: Uint32Array;
  readonly eligibleAttachments: number; readonly tooManyInfluences: number; readonly noSingleBone: number;
  /** Block `i` as an object (allocates). */
  block(i: number): GpuBlock;
}
/** ABI 1.9: one drawn attachment of a GPU-mode frame (block NO_BLOCK: CPU vertices). */
export interface GpuDraw {
  block: number; firstVertex: number; vertexCount: number; firstIndex: number; indexCount: number; page: number;
  blend: Blend; color: number; darkColor: number; draw: number; slot: number; cpuReason: CpuReason; textureId: bigint;
}
export interface GpuCoverage {
  gpuDraws: number; cpuDraws: number; gpuVertices: number; cpuVertices: number;
  clippedDraws: number; deformedDraws: number; ineligibleDraws: number; runtimeDraws: number;
}
/** ABI 1.9: one GPU-mode frame read in place, with RenderOutput's staleness checks (next render of either mode,
 * option change, dispose, memory growth: StaleOutputError). palette: 6 floats a bone (a, c, b, d, x, y); draws:
 * GPU_DRAW_STRIDE words a draw at GpuDrawWord; cpuPositions/cpuUvs: 2 floats a CPU vertex; cpuIndices relative to
 * their draw's firstVertex. */
export declare class GpuOutput {
  readonly boneCount: number; readonly drawCount: number; readonly cpuVertexCount: number; readonly cpuIndexCount: number;
  readonly generation: bigint;
  /** Allocates: use coverageOf in a frame loop. */
  readonly coverage: GpuCoverage;
  coverageOf(name: keyof GpuCoverage): number;
  readonly palette: Float32Array; readonly draws: Uint32Array;
  readonly cpuPositions: Float32Array | null; readonly cpuUvs: Float32Array | null; readonly cpuIndices: Uint16Array | null;
  /** Draw `i` as an object (allocates). */
  draw(i: number): GpuDraw;
}
export declare const GPU_DRAW_STRIDE: 14;
export declare const GPU_BLOCK_STRIDE: 5;
export declare const GPU_VERTEX_SIZE: 64;
export declare const GpuDrawWord: {
  readonly BLOCK: 0; readonly FIRST_VERTEX: 1; readonly VERTEX_COUNT: 2; readonly FIRST_INDEX: 3; readonly INDEX_COUNT: 4;
  readonly PAGE: 5; readonly BLEND: 6; readonly COLOR: 7; readonly DARK_COLOR: 8; readonly DRAW: 9; readonly SLOT: 10;
  readonly CPU_REASON: 11; readonly TEXTURE_ID_LO: 12; readonly TEXTURE_ID_HI: 13;
};

export declare class Renderer extends Owned {
  static create(options?: RenderOptions | null, runtime?: Runtime | null): Renderer;
  readonly options: Required<RenderOptions>;
  setOptions(options: RenderOptions): void;
  render(skeleton: Skeleton): void;
  renderSlots(skeleton: Skeleton, first: number, last: number): void;
  /** ABI 1.9: renders for GPU skinning; returns the renderer's one GpuOutput accessor bound to the frame
   * (allocates nothing; earlier output views of either mode go stale). */
  renderGpu(skeleton: Skeleton): GpuOutput;
  setSeparatorSlots(slots: ArrayLike<number>): void;
  output(): RenderOutput;
}

export declare class Bounds extends Owned implements Iterable<{ slot: number; attachment: number; vertices: Float32Array }> {
  static create(runtime?: Runtime | null): Bounds;
  update(skeleton: Skeleton, updateAabb?: boolean): void;
  readonly aabb: Rect;
  readonly count: number;
  box(index: number): { slot: number; attachment: number; vertices: Float32Array };
  [Symbol.iterator](): Iterator<{ slot: number; attachment: number; vertices: Float32Array }>;
  aabbContainsPoint(x: number, y: number): boolean;
  aabbIntersectsSegment(x1: number, y1: number, x2: number, y2: number): boolean;
  aabbIntersectsBounds(other: Bounds): boolean;
  containsPoint(x: number, y: number): number | null;
  intersectsSegment(x1: number, y1: number, x2: number, y2: number): number | null;
  skeletonClipped(skeleton: Skeleton): Rect | null;
}

/** Members update on the calling thread in the WebAssembly build. */
export declare class Crowd extends Owned {
  static create(threads?: number, runtime?: Runtime | null): Crowd;
  add(skeleton: Skeleton, state?: AnimationState | null, renderer?: Renderer | null): void;
  clear(): void;
  remove(member: number): void;
  /** ABI 1.8: stable member ids. */
  addMember(skeleton: Skeleton, state?: AnimationState | null, renderer?: Renderer | null): number;
  removeMember(id: number): void;
  indexOf(id: number): number;
  memberId(index: number): number;
  readonly count: number;
  setThreads(threads: number): void;
  update(delta: number, physics?: Physics): void;
  updateRange(first: number, count: number, delta: number, physics?: Physics): void;
  setEnabled(member: number, enabled: boolean): void;
  enabled(member: number): boolean;
  setTimeScale(member: number, timeScale: number): void;
  timeScale(member: number): number;
  setOffset(member: number, x: number, y: number): void;
  offset(member: number): [number, number];
  renderBatched(renderer: Renderer): void;
}
