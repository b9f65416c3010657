//! Runtime attachments on every corpus rig with an atlas: region attachments made from an
//! atlas region, or from a page rectangle, and region/mesh attachments cloned with another
//! region, stored in runtime skins.
//!
//! The strongest check replaces every single-frame region and mesh of a skin with a runtime
//! copy of itself (made from its own atlas region) and plays every animation: the renders
//! are bit-identical to the original skin's, so lookup through skins, attachment timelines,
//! deform timelines and rendering all see runtime attachments as the data's.

mod support;

use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::model::{AttachmentId, AttachmentKind, NameId};
use spine_native::render::{RenderOptions, RenderOutput, Renderer};
use spine_native::skeleton::runtime_attachment::{
    self as runtime, is_runtime, RegionPlacement, RuntimeAttachmentError, RUNTIME_BIT,
};
use spine_native::skeleton::Skin;
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::sync::Arc;

struct Loaded {
    name: String,
    atlas: Atlas,
    data: Arc<SkeletonData>,
}

/// Every rig with an atlas, its first skeleton input loaded with it.
fn loaded() -> Vec<Loaded> {
    let rigs = support::rigs();
    assert!(!rigs.is_empty() || !support::corpus_required(), "no rigs in {}", support::corpus_dir().display());
    let mut all = Vec::new();
    for rig in &rigs {
        let Ok(Some(atlas)) = rig.load_atlas() else { continue };
        let Some((_, path)) = rig.inputs().into_iter().next() else { continue };
        let Ok(data) = rig.load(&path, Some(&atlas)) else { continue };
        all.push(Loaded { name: rig.name.clone(), atlas, data: Arc::new(data) });
    }
    all
}

/// The default skin plus the first other skin (the skin a rig is usually shown with).
fn base_skin(data: &SkeletonData) -> Skin {
    let mut skin = Skin::new("base");
    if let Some(default) = data.default_skin {
        skin.add_skin(&Skin::from_data(&data.skins[default as usize]));
    }
    if let Some(other) = (0..data.skins.len() as u32).find(|&i| Some(i) != data.default_skin) {
        skin.add_skin(&Skin::from_data(&data.skins[other as usize]));
    }
    skin
}

fn placement_of(region: &spine_native::model::RegionAttachment) -> RegionPlacement {
    RegionPlacement {
        x: region.x,
        y: region.y,
        rotation: region.rotation,
        scale_x: region.scale_x,
        scale_y: region.scale_y,
        width: region.width,
        height: region.height,
        color: region.color,
    }
}

/// The atlas region a single-frame region or mesh shows.
fn own_region(kind: &AttachmentKind) -> Option<usize> {
    let (sequence, region) = match kind {
        AttachmentKind::Region(r) => (&r.sequence, r.frames.first()?.region),
        AttachmentKind::Mesh(m) => (&m.sequence, m.frames.first()?.region),
        _ => return None,
    };
    (sequence.count == 1).then_some(region? as usize)
}

type Flat = Vec<[u32; 7]>;

fn flatten(out: &RenderOutput) -> (Flat, Vec<u32>, Vec<[u32; 4]>) {
    let vertices = (0..out.vertex_count())
        .map(|i| {
            let ([x, y], [u, v]) = (out.position(i), out.uv(i));
            [x.to_bits(), y.to_bits(), u.to_bits(), v.to_bits(), out.color(i), out.dark_color(i), out.slots[i]]
        })
        .collect();
    let indices = (0..out.index_count()).map(|k| out.indices.get(k)).collect();
    let ranges = out.ranges.iter().map(|r| [r.first_index, r.index_count, r.page, r.blend as u32]).collect();
    (vertices, indices, ranges)
}

fn options() -> RenderOptions {
    RenderOptions { slot_indices: true, ..RenderOptions::default() }
}

/// Plays every animation of `data` for 12 frames on two skeletons, one with `a` and one
/// with `b` set, and asserts bit-identical renders; returns the frames compared.
fn assert_same_renders(rig: &str, data: &Arc<SkeletonData>, a: Skin, b: Skin) -> usize {
    let state_data = Arc::new(AnimationStateData::new(data.clone()));
    let (a, b) = (Arc::new(a), Arc::new(b));
    let mut frames = 0;
    for animation in 0..data.animations.len().max(1) {
        let mut pair: Vec<(Skeleton, AnimationState, Renderer)> = [&a, &b]
            .into_iter()
            .map(|skin| {
                let mut skeleton = Skeleton::new(data.clone());
                skeleton.set_skin(Some(skin.clone()));
                skeleton.setup_pose();
                let mut state = AnimationState::new(state_data.clone());
                if !data.animations.is_empty() {
                    state.set_animation(0, animation, true);
                }
                (skeleton, state, Renderer::with_options(options()))
            })
            .collect();
        for frame in 0..12 {
            let mut renders = Vec::new();
            for (skeleton, state, renderer) in &mut pair {
                state.update(1.0 / 15.0);
                state.apply(skeleton);
                skeleton.update(1.0 / 15.0);
                skeleton.update_world_transform(Physics::Update);
                renders.push(flatten(&renderer.render(skeleton)));
            }
            assert!(renders[0] == renders[1], "{rig}: animation {animation}, frame {frame}: renders differ");
            frames += 1;
        }
    }
    frames
}

#[test]
fn runtime_copies_of_every_region_and_mesh_render_and_animate_as_the_originals() {
    let (mut rigs, mut made, mut frames) = (0, 0, 0);
    for rig in loaded() {
        let data = &rig.data;
        let base = base_skin(data);
        let mut copy = base.clone();
        let mut ids = Vec::new();
        for entry in base.entries() {
            let attachment = &data.attachments[entry.attachment.index()];
            let Some(region) = own_region(&attachment.kind) else { continue };
            // Regions are made anew from their atlas region and placement, meshes cloned.
            let runtime = match &attachment.kind {
                AttachmentKind::Region(r) => {
                    let name = data.name(entry.name);
                    let mut a = runtime::region_from_atlas(data, &rig.atlas, region, name, &placement_of(r)).unwrap();
                    let AttachmentKind::Region(made) = &mut a.kind else { unreachable!() };
                    assert_eq!(made.path, rig.atlas.regions[region].name, "{}: path is the region's name", rig.name);
                    made.path = r.path.clone();
                    assert_eq!(made, r, "{}: a region made from its atlas region equals the loaded one", rig.name);
                    a
                }
                _ => runtime::clone_with_region(data, attachment, &rig.atlas, region).unwrap(),
            };
            let id = copy.add_runtime_attachment(entry.slot, entry.name, runtime).unwrap();
            assert!(is_runtime(id) && id.get() & RUNTIME_BIT != 0);
            ids.push(id);
        }
        if ids.is_empty() {
            continue;
        }
        assert_eq!(
            copy.runtime_attachments().len(),
            ids.len(),
            "{}: the skin holds every runtime attachment",
            rig.name
        );
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids are fresh");
        // The runtime skin shows runtime attachments in the setup pose.
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.set_skin(Some(Arc::new(copy.clone())));
        let shown = skeleton.slots.iter().filter_map(|s| s.posed.pose().attachment).filter(|&a| is_runtime(a)).count();
        assert!(shown > 0, "{}: a slot shows a runtime attachment", rig.name);
        frames += assert_same_renders(&rig.name, data, base, copy);
        made += ids.len();
        rigs += 1;
    }
    eprintln!("{rigs} rigs, {made} runtime attachments, {frames} frames identical");
    assert!(rigs >= 1 || !support::corpus_required());
}

/// The first slot entry of the base skin showing a single-frame attachment of `want`
/// (`"region"` or `"mesh"`) it shows visibly in the setup pose, with another unrotated
/// atlas region without whitespace on the same page.
fn pick(rig: &Loaded, want: &str) -> Option<(u32, NameId, AttachmentId, usize)> {
    let data = &rig.data;
    let base = base_skin(data);
    let plain = |i: usize| {
        let r = &rig.atlas.regions[i];
        r.degrees == 0
            && r.offset_x == 0.0
            && r.offset_y == 0.0
            && r.original_width == r.width as f32
            && r.original_height == r.height as f32
    };
    let other = (0..rig.atlas.regions.len()).filter(|&i| plain(i));
    for entry in base.entries() {
        let attachment = &data.attachments[entry.attachment.index()];
        if attachment.kind.attachment_type().name() != want || own_region(&attachment.kind).is_none() {
            continue;
        }
        let own = own_region(&attachment.kind).unwrap();
        // The slot must show the entry, visibly, in the setup pose.
        if data.slots[entry.slot as usize].attachment != Some(entry.name)
            || base.attachment(entry.slot, entry.name) != Some(entry.attachment)
            || slot_vertices(data, base.clone(), entry.slot).is_empty()
        {
            continue;
        }
        if let Some(new) = other.clone().find(|&i| i != own && rig.atlas.regions[i].page == rig.atlas.regions[own].page)
        {
            return Some((entry.slot, entry.name, entry.attachment, new));
        }
    }
    None
}

/// Renders the setup pose with `skin` and returns the slot's vertices `(x, y, u, v)`.
fn slot_vertices(data: &Arc<SkeletonData>, skin: Skin, slot: u32) -> Vec<[f32; 4]> {
    let mut skeleton = Skeleton::new(data.clone());
    skeleton.set_skin(Some(Arc::new(skin)));
    skeleton.setup_pose();
    skeleton.update_world_transform(Physics::None);
    let mut renderer = Renderer::with_options(options());
    let out = renderer.render(&skeleton);
    (0..out.vertex_count())
        .filter(|&i| out.slots[i] == slot)
        .map(|i| {
            let ([x, y], [u, v]) = (out.position(i), out.uv(i));
            [x, y, u, v]
        })
        .collect()
}

#[test]
fn a_clone_with_another_region_shows_that_regions_texture_in_the_same_place() {
    let mut checked = 0;
    for rig in loaded() {
        for want in ["region", "mesh"] {
            let Some((slot, name, source, new)) = pick(&rig, want) else { continue };
            let data = &rig.data;
            let base = base_skin(data);
            let mut skin = base.clone();
            let clone = runtime::clone_with_region(data, data.attachment(source), &rig.atlas, new).unwrap();
            skin.add_runtime_attachment(slot, name, clone).unwrap();
            let (before, after) = (slot_vertices(data, base, slot), slot_vertices(data, skin, slot));
            assert_eq!(before.len(), after.len(), "{}: {want} keeps its vertex count", rig.name);
            assert!(!after.is_empty());
            let r = &rig.atlas.regions[new];
            let region_uvs: Vec<[f32; 2]> = match &data.attachment(source).kind {
                AttachmentKind::Mesh(m) => m.region_uvs.chunks(2).map(|p| [p[0], p[1]]).collect(),
                // A region's corners in render order: (u, v2), (u, v), (u2, v), (u2, v2).
                _ => vec![[0.0, 1.0], [0.0, 0.0], [1.0, 0.0], [1.0, 1.0]],
            };
            for (k, (b, a)) in before.iter().zip(&after).enumerate() {
                if want == "mesh" {
                    assert_eq!([b[0], b[1]], [a[0], a[1]], "{}: mesh vertex {k} stays in place", rig.name);
                }
                let [ru, rv] = region_uvs[k];
                let expected = [r.u + ru * (r.u2 - r.u), r.v + rv * (r.v2 - r.v)];
                for c in 0..2 {
                    assert!(
                        (a[2 + c] - expected[c]).abs() <= 1e-5,
                        "{}: {want} vertex {k} uv {:?}, expected {expected:?} in region {}",
                        rig.name,
                        [a[2], a[3]],
                        r.name
                    );
                }
            }
            checked += 1;
        }
    }
    eprintln!("{checked} clones checked");
    assert!(checked >= 1 || !support::corpus_required());
}

#[test]
fn a_region_from_a_page_rectangle_shows_that_rectangle_as_its_atlas_region_would() {
    let mut checked = 0;
    for rig in loaded() {
        let Some((slot, name, source, new)) = pick(&rig, "region") else { continue };
        let data = &rig.data;
        let r = &rig.atlas.regions[new];
        let AttachmentKind::Region(old) = &data.attachment(source).kind else { unreachable!() };
        let placement =
            RegionPlacement { width: r.width as f32 * 0.5, height: r.height as f32 * 2.0, ..placement_of(old) };
        let from_page =
            runtime::region_from_page(data, r.page, [r.u, r.v, r.u2, r.v2], "p", "path", &placement).unwrap();
        let from_atlas = runtime::region_from_atlas(data, &rig.atlas, new, "p", &placement).unwrap();
        let (mut a, mut b) = (base_skin(data), base_skin(data));
        a.add_runtime_attachment(slot, name, from_page).unwrap();
        b.add_runtime_attachment(slot, name, from_atlas).unwrap();
        let (a, b) = (slot_vertices(data, a, slot), slot_vertices(data, b, slot));
        assert_eq!(a.len(), 4);
        assert_eq!(a, b, "{}: page rectangle and atlas region give the same quad", rig.name);
        assert_eq!([a[1][2], a[1][3], a[3][2], a[3][3]], [r.u, r.v, r.u2, r.v2], "{}: corner UVs", rig.name);
        checked += 1;
    }
    assert!(checked >= 1 || !support::corpus_required());
}

#[test]
fn skins_hold_runtime_attachments_while_an_entry_refers_to_them() {
    for rig in loaded().into_iter().take(3) {
        let Some((slot, name, source, new)) = pick(&rig, "region").or_else(|| pick(&rig, "mesh")) else { continue };
        let data = &rig.data;
        let mut skin = base_skin(data);
        let clone = runtime::clone_with_region(data, data.attachment(source), &rig.atlas, new).unwrap();
        let id = skin.add_runtime_attachment(slot, name, clone.clone()).unwrap();
        assert_eq!(skin.runtime_attachment(id), Some(&clone));
        assert!(skin.knows(id, data.attachments.len()) && skin.knows(source, data.attachments.len()));
        assert!(!skin.knows(AttachmentId::new(id.get() + 1).unwrap(), data.attachments.len()));
        assert!(!skin.knows(AttachmentId::of(data.attachments.len()), data.attachments.len()));
        // Another skin takes it over with the entry.
        let mut other = Skin::new("other");
        other.add_skin(&skin);
        assert_eq!(other.attachment(slot, name), Some(id));
        assert_eq!(other.runtime_attachment(id), Some(&clone));
        // Replacing the entry forgets it; so does removing.
        skin.set_attachment(slot, name, source);
        assert_eq!(skin.runtime_attachment(id), None);
        assert!(other.remove_attachment(slot, name));
        assert!(other.runtime_attachments().is_empty());
        // A skeleton keeps showing it after its skin is replaced.
        let mut with = base_skin(data);
        let id = with.add_runtime_attachment(slot, name, clone.clone()).unwrap();
        let mut skeleton = Skeleton::new(data.clone());
        skeleton.set_skin(Some(Arc::new(with)));
        skeleton.set_slot_attachment(slot as usize, Some(id), false);
        skeleton.set_skin(Some(Arc::new(Skin::new("empty"))));
        assert_eq!(skeleton.slots[slot as usize].posed.pose().attachment, Some(id));
        assert_eq!(skeleton.attachment_data(id), Some(&clone));
        skeleton.update_world_transform(Physics::None);
        let mut renderer = Renderer::new();
        assert!(renderer.render(&skeleton).vertex_count() > 0);
        // A snapshot of a skeleton showing it restores.
        let mut bytes = Vec::new();
        spine_native::snapshot::snapshot(&skeleton, None, &mut bytes);
        let mut fresh = skeleton.clone();
        fresh.setup_pose();
        spine_native::snapshot::restore(&bytes, &mut fresh, None).unwrap();
        assert_eq!(fresh.slots[slot as usize].posed.pose().attachment, Some(id));
        // One that never knew it refuses the snapshot.
        let mut stranger = Skeleton::new(data.clone());
        assert!(spine_native::snapshot::restore(&bytes, &mut stranger, None).is_err(), "{}", rig.name);
        // Once no slot shows it and the skin does not hold it, setting a skin forgets it:
        // equipping anew, skin after skin, does not pile attachments up.
        skeleton.set_slot_attachment(slot as usize, None, false);
        assert_eq!(skeleton.runtime_attachments().len(), 1, "kept until the skin changes");
        for round in 0..3 {
            let mut equip = base_skin(data);
            let made = equip.add_runtime_attachment(slot, name, clone.clone()).unwrap();
            skeleton.set_skin(Some(Arc::new(equip)));
            assert_eq!(skeleton.runtime_attachments().len(), 1, "{}: round {round}", rig.name);
            assert!(skeleton.attachment_data(made).is_some());
            assert!(skeleton.attachment_data(id).is_none(), "{}: the earlier one is forgotten", rig.name);
        }
    }
}

#[test]
fn bad_requests_are_refused_with_the_reason() {
    let Some(rig) = loaded().into_iter().next() else { return };
    let data = &rig.data;
    let placement = RegionPlacement::default();
    let again =
        Atlas::from_file(support::rigs().iter().find(|r| r.name == rig.name).unwrap().atlas.as_ref().unwrap()).unwrap();
    assert_eq!(runtime::region_from_atlas(data, &again, 0, "a", &placement), Err(RuntimeAttachmentError::OtherAtlas));
    let regions = rig.atlas.regions.len();
    assert_eq!(
        runtime::region_from_atlas(data, &rig.atlas, regions, "a", &placement),
        Err(RuntimeAttachmentError::NoRegion(regions))
    );
    let nan = RegionPlacement { rotation: f32::NAN, ..placement };
    assert_eq!(
        runtime::region_from_atlas(data, &rig.atlas, 0, "a", &nan),
        Err(RuntimeAttachmentError::BadValue("rotation"))
    );
    let sized = RegionPlacement { width: 10.0, height: 10.0, ..placement };
    let pages = data.atlas_pages;
    assert_eq!(
        runtime::region_from_page(data, pages, [0.0, 0.0, 1.0, 1.0], "a", "a", &sized),
        Err(RuntimeAttachmentError::NoPage(pages))
    );
    assert_eq!(
        runtime::region_from_page(data, 0, [0.0, 0.0, 1.0, 1.0], "a", "a", &placement),
        Err(RuntimeAttachmentError::BadValue("width"))
    );
    assert_eq!(
        runtime::region_from_page(data, 0, [0.0, f32::INFINITY, 1.0, 1.0], "a", "a", &sized),
        Err(RuntimeAttachmentError::BadValue("uv"))
    );
    let untextured = loaded().into_iter().find_map(|r| {
        r.data.attachments.iter().find(|a| own_region(&a.kind).is_none() && a.kind.sequence().is_none()).cloned()
    });
    if let Some(untextured) = untextured {
        assert_eq!(
            runtime::clone_with_region(data, &untextured, &rig.atlas, 0),
            Err(RuntimeAttachmentError::NotTextured)
        );
    }
}
