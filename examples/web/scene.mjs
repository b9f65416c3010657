// The scene the page plays, shared by the page (main.mjs) and its test (test/screenshot.mjs,
// which plays the same frames in Node to check the browser's picture against the CPU-side
// render output). Needs an initialised binding (`sn`); nothing here touches the DOM or GL.

/** Loads the rig and builds one skeleton, or a crowd of `crowd` (> 0) skeletons in a grid.
 * `skeleton` is the .skel bytes, or the JSON text when `json` is true. `gpu`: also a second
 * renderer for the GPU-skinning mode (one skeleton only; stepGpu). */
export function createScene(sn, { atlasText, skeleton, json = false, animation = null, skin = null, crowd = 0, gpu = false }) {
  if (gpu && crowd > 0) throw new Error("the GPU-skinning mode plays one skeleton (crowd=0)");
  const atlas = sn.Atlas.load(atlasText);
  const data = json ? sn.SkeletonData.loadJson(skeleton, atlas) : sn.SkeletonData.loadBinary(skeleton, atlas);
  const mixes = sn.AnimationStateData.create(data);
  const animations = data.names(sn.Item.ANIMATION);
  const anim = animation ?? (animations.includes("walk") ? "walk" : animations[0]);
  const pma = atlas.pageCount > 0 && atlas.page(0).pma;
  // Vertex colours premultiplied when the pages are; interleaved vertices (x, y, u, v,
  // light, dark: 24 bytes), 16-bit indices relative to each range's first vertex.
  const renderer = sn.Renderer.create({ premultipliedAlpha: pma, layout: sn.VertexLayout.INTERLEAVED });
  // The GPU mode's renderer: the same colour options (its layout options do not apply).
  const gpuRenderer = gpu ? sn.Renderer.create({ premultipliedAlpha: pma }) : null;
  const members = [];
  const count = Math.max(1, crowd);
  for (let i = 0; i < count; i++) {
    const sk = sn.Skeleton.create(data);
    if (skin) sk.setSkin(skin);
    sk.setupPose();
    const state = sn.AnimationState.create(mixes);
    const entry = state.setAnimation(0, anim, true);
    entry.trackTime = i * 0.137; // a crowd does not march in step
    members.push({ skeleton: sk, state });
  }
  let group = null;
  if (crowd > 0) {
    group = sn.Crowd.create(1);
    // Grid spacing from one member's setup-pose render.
    const sk = members[0].skeleton;
    sk.updateWorldTransform(sn.Physics.UPDATE);
    renderer.render(sk);
    const b = vertexBounds(renderer.output());
    const w = (b[2] - b[0]) * 1.05, h = (b[3] - b[1]) * 1.05;
    const cols = Math.ceil(Math.sqrt(count));
    for (let i = 0; i < count; i++) {
      group.add(members[i].skeleton, members[i].state, null);
      group.setOffset(i, (i % cols) * w, -Math.floor(i / cols) * h);
    }
  }
  const UPDATE = sn.Physics.UPDATE;
  function advance(dt) {
    const { skeleton, state } = members[0];
    state.update(dt);
    state.apply(skeleton);
    skeleton.update(dt);
    skeleton.updateWorldTransform(UPDATE);
    return skeleton;
  }
  return {
    atlas, data, renderer, gpuRenderer, members, crowd: group, animation: anim, pma,
    /** Advances `dt` seconds and renders; returns the renderer's output. */
    step(dt) {
      if (group) {
        group.update(dt, UPDATE);
        group.renderBatched(renderer);
      } else {
        renderer.render(advance(dt));
      }
      return renderer.output();
    },
    /** GPU mode: advances `dt` seconds and renders for GPU skinning; returns the GpuOutput
     * (palette, draws, CPU vertices; the static streams are data.gpuStreams()). */
    stepGpu(dt) {
      return gpuRenderer.renderGpu(advance(dt));
    },
    dispose() {
      group?.dispose();
      for (const m of members) {
        m.state.dispose();
        m.skeleton.dispose();
      }
      renderer.dispose();
      gpuRenderer?.dispose();
      mixes.dispose();
      data.dispose();
      atlas.dispose();
    },
  };
}

/** [minX, minY, maxX, maxY] of an interleaved render output's vertices. */
export function vertexBounds(out) {
  const v = out.vertices, n = out.vertexCount, stride = out.vertexSize / 4;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = v[i * stride], y = v[i * stride + 1];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

/** The world rectangle [x0, y0, x1, y1] shown on a width × height canvas: `bounds` with a
 * margin, widened on one axis to the canvas's aspect ratio. */
export function viewFor(bounds, width, height, margin = 0.2) {
  const cx = (bounds[0] + bounds[2]) / 2, cy = (bounds[1] + bounds[3]) / 2;
  let w = (bounds[2] - bounds[0]) * (1 + margin), h = (bounds[3] - bounds[1]) * (1 + margin);
  if (w / h < width / height) w = (h * width) / height;
  else h = (w * height) / width;
  return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2];
}
