//! New sockets and runtime attachments inspected (ABI 1.9, issue #42 items 10 and 12).
//!
//! Item 12: a placeholder name the data does not use is refused until it is added to the
//! data; then skin entries are stored under it, skeletons find and show them by that name,
//! and a snapshot of a skin holding such an entry restores into skeletons of the same data
//! (another data object, which never added the name, refuses it).
//!
//! Item 10: `spn_skin_attachment*` report a runtime region with the placement it was made
//! with, and refuse ids the skin does not hold; `spn_skeleton_attachment*` report what a
//! slot shows even after the skin that made it is gone.

mod support;

use spine_native::ffi::*;
use spine_native::model::{AttachmentKind, NameId};
use spine_native::skeleton::runtime_attachment::{self as runtime, RegionPlacement};
use spine_native::skeleton::Skin;
use spine_native::{Atlas, Physics, Skeleton, SkeletonData};
use std::ffi::{CStr, CString};
use std::sync::Arc;

/// Spineboy (else the first rig with an atlas): its atlas, `.skel` path and data.
fn rig() -> Option<(support::Rig, Atlas, Arc<SkeletonData>)> {
    let rigs = support::rigs();
    assert!(!rigs.is_empty() || !support::corpus_required(), "no rigs");
    let rig = rigs.iter().find(|r| r.name == "spineboy").or(rigs.iter().find(|r| r.atlas.is_some()))?.clone();
    let atlas = rig.load_atlas().unwrap()?;
    let data = rig.load(rig.pro_skel.as_ref()?, Some(&atlas)).unwrap();
    Some((rig, atlas, Arc::new(data)))
}

fn placement() -> RegionPlacement {
    RegionPlacement { x: 10.0, y: 5.0, width: 40.0, height: 20.0, ..RegionPlacement::default() }
}

/// A slot that shows a region in the setup pose, and another slot.
fn slots(data: &SkeletonData) -> (usize, usize) {
    let slot = (0..data.slots.len())
        .find(|&s| {
            let skin = &data.skins[data.default_skin.unwrap() as usize];
            data.slots[s].attachment.is_some_and(|name| {
                skin.entries.iter().any(|e| {
                    e.slot == s as u32
                        && e.name == name
                        && matches!(data.attachment(e.attachment).kind, AttachmentKind::Region(_))
                })
            })
        })
        .expect("a slot showing a region");
    (slot, (slot + 1) % data.slots.len())
}

#[test]
fn an_added_placeholder_name_keys_skin_entries_that_skeletons_find_and_show() {
    let Some((rig, atlas, data)) = rig() else { return };
    let (slot, other) = slots(&data);
    let own = data.slots[slot].attachment.unwrap();
    assert_eq!(data.find_name("new socket"), None, "{}", rig.name);
    let id = data.add_name("new socket").unwrap();
    assert_eq!(id, NameId(data.names.len() as u32), "the first added name follows the data's own");
    assert_eq!(data.add_name("new socket"), Some(id), "adding again finds it");
    assert_eq!(data.add_name(data.name(own)), Some(own), "the data's own name is not added");
    assert_eq!(data.find_name("new socket"), Some(id));
    assert_eq!(&*data.placeholder(id).unwrap(), "new socket");
    assert!(data.knows_name(id) && !data.knows_name(NameId(id.0 + 1)));

    let region = runtime::region_from_atlas(&data, &atlas, 0, "new socket", &placement()).unwrap();
    let mut skin = Skin::new("sockets");
    skin.add_skin(&Skin::from_data(&data.skins[data.default_skin.unwrap() as usize]));
    let made = skin.add_runtime_attachment(slot as u32, id, region).unwrap();
    assert_eq!(skin.attachment(slot as u32, id), Some(made));
    assert_eq!(skin.attachment(other as u32, id), None);

    let mut skeleton = Skeleton::new(data.clone());
    assert!(!skeleton.set_attachment(slot, Some("new socket")), "no skin set holds it yet");
    skeleton.set_skin(Some(Arc::new(skin)));
    skeleton.setup_pose();
    assert_eq!(skeleton.attachment(slot as u32, id), Some(made));
    assert!(!skeleton.set_attachment(other, Some("new socket")), "only the slot it was stored for");
    assert!(skeleton.set_attachment(slot, Some("new socket")));
    assert_eq!(skeleton.slots[slot].posed.pose().attachment, Some(made));
    // Shown where placed: the quad's corners in the bone's space are the placement's box
    // (atlas region 0 may be trimmed of whitespace: then inside it).
    skeleton.update_world_transform(Physics::None);
    let mut world = [0.0f32; 8];
    assert_eq!(skeleton.slot_world_vertices(slot, &mut world), 8);
    let bone = *skeleton.bone_world(data.slots[slot].bone as usize);
    for corner in world.chunks(2) {
        let (x, y) = bone.world_to_local(corner[0], corner[1]);
        assert!((-10.001..=30.001).contains(&x) && (-5.001..=15.001).contains(&y), "{}: corner ({x}, {y})", rig.name);
    }
}

#[test]
fn a_snapshot_restores_an_entry_under_an_added_name_into_skeletons_of_the_same_data_only() {
    let Some((rig, atlas, data)) = rig() else { return };
    let (slot, other) = slots(&data);
    let id = data.add_name("holster").unwrap();
    let shown = data.skins[data.default_skin.unwrap() as usize].entries.iter().find(|e| e.slot == slot as u32).unwrap();
    let mut skin = Skin::new("holsters");
    skin.set_attachment(other as u32, id, shown.attachment);
    let mut skeleton = Skeleton::new(data.clone());
    skeleton.set_skin(Some(Arc::new(skin)));
    assert!(skeleton.set_attachment(other, Some("holster")));
    skeleton.update_world_transform(Physics::None);
    let mut bytes = Vec::new();
    spine_native::snapshot::snapshot(&skeleton, None, &mut bytes);

    let mut fresh = Skeleton::new(data.clone());
    spine_native::snapshot::restore(&bytes, &mut fresh, None).unwrap();
    assert_eq!(fresh.slots[other].posed.pose().attachment, Some(shown.attachment));
    assert_eq!(fresh.skin().unwrap().entries().len(), 1);
    assert_eq!(fresh.skin().unwrap().entries()[0].name, id);
    fresh.set_attachment(other, None);
    assert!(fresh.set_attachment(other, Some("holster")), "the restored skin answers by the name");
    assert_eq!(fresh.slots[other].posed.pose().attachment, Some(shown.attachment));

    // Another load of the same file never added the name: the entry's name is unknown.
    let again = Arc::new(rig.load(rig.pro_skel.as_ref().unwrap(), Some(&atlas)).unwrap());
    let mut stranger = Skeleton::new(again);
    let error = spine_native::snapshot::restore(&bytes, &mut stranger, None).unwrap_err().to_string();
    assert!(error.contains(&format!("name {}", id.0)), "{}: {error}", rig.name);
}

/// A status with the last error message when it is not `SPN_OK`.
fn ok(status: spn_status, what: &str) {
    let message = unsafe { CStr::from_ptr(spn_last_error_message()) }.to_string_lossy().into_owned();
    assert_eq!(status, SPN_OK, "{what}: {message}");
}

#[test]
fn a_skin_and_a_skeleton_report_a_runtime_region_with_the_placement_it_was_made_with() {
    let Some((rig, _, data)) = rig() else { return };
    let (slot, _) = slots(&data);
    let atlas_path = CString::new(rig.atlas.as_ref().unwrap().to_str().unwrap()).unwrap();
    let skel_path = CString::new(rig.pro_skel.as_ref().unwrap().to_str().unwrap()).unwrap();
    let (mut atlas, mut data) = (spn_atlas::default(), spn_skeleton_data::default());
    ok(unsafe { spn_atlas_load_file(atlas_path.as_ptr(), Some(&mut atlas)) }, "atlas");
    ok(unsafe { spn_skeleton_data_load_file(skel_path.as_ptr(), atlas, 1.0, Some(&mut data)) }, "data");
    let (mut skin, socket) = (spn_skin::default(), c"back socket");
    ok(unsafe { spn_skin_create(data, c"gear".as_ptr(), Some(&mut skin)) }, "skin");
    let mut p: spn_region_placement = unsafe { std::mem::zeroed() };
    p.size = size_of::<spn_region_placement>() as u32;
    (p.x, p.y, p.rotation, p.scale_x, p.scale_y, p.width) = (10.0, 5.0, 30.0, 2.0, 0.5, 40.0);
    p.color = spn_color { r: 0.25, g: 0.5, b: 0.75, a: 1.0 };
    let mut id = 0u32;
    let status = unsafe {
        spn_skin_create_region_attachment(skin, slot as u32, socket.as_ptr(), atlas, 1, Some(&p), Some(&mut id))
    };
    assert_eq!(status, SPN_ERROR_NOT_FOUND, "a name the data does not use, not added");
    ok(unsafe { spn_skeleton_data_add_placeholder(data, socket.as_ptr()) }, "add");
    ok(
        unsafe {
            spn_skin_create_region_attachment(skin, slot as u32, socket.as_ptr(), atlas, 1, Some(&p), Some(&mut id))
        },
        "create",
    );
    assert_ne!(id & SPN_RUNTIME_ATTACHMENT_BIT, 0);

    let mut info: spn_attachment_info = unsafe { std::mem::zeroed() };
    info.size = size_of::<spn_attachment_info>() as u32;
    ok(spn_skin_attachment(skin, id, Some(&mut info)), "info");
    assert_eq!(info.kind, spn_attachment_type::SPN_ATTACHMENT_REGION as u32);
    assert_eq!(info.skin, u32::MAX);
    assert_eq!(unsafe { CStr::from_ptr(info.name) }, socket);

    let mut region: spn_atlas_region_info = unsafe { std::mem::zeroed() };
    region.size = size_of::<spn_atlas_region_info>() as u32;
    ok(spn_atlas_region(atlas, 1, Some(&mut region)), "region");
    let mut g: spn_attachment_geometry = unsafe { std::mem::zeroed() };
    g.size = size_of::<spn_attachment_geometry>() as u32;
    ok(spn_skin_attachment_geometry(skin, id, Some(&mut g)), "geometry");
    assert_eq!((g.x, g.y, g.rotation, g.scale_x, g.scale_y, g.width), (10.0, 5.0, 30.0, 2.0, 0.5, 40.0));
    assert_eq!(g.height, region.original_height, "a 0 height takes the region's original");
    assert_eq!((g.color.r, g.color.g, g.color.b, g.color.a), (0.25, 0.5, 0.75, 1.0));
    assert_eq!((g.page, g.region, g.vertex_count), (region.page as i32, 1, 4));
    assert_eq!(unsafe { CStr::from_ptr(g.path) }, unsafe { CStr::from_ptr(region.name) }, "its path is the region's");
    let mut uvs = [0.0f32; 8];
    let mut n = 0;
    let texture = spn_attachment_array::SPN_ATTACHMENT_ARRAY_TEXTURE_UVS as u32;
    ok(unsafe { spn_skin_attachment_floats(skin, id, texture, uvs.as_mut_ptr(), 8, Some(&mut n)) }, "uvs");
    assert_eq!(n, 8);
    assert!(uvs.chunks(2).all(|uv| (region.u..=region.u2).contains(&uv[0]) && (region.v..=region.v2).contains(&uv[1])));

    // The data does not know it (the "index 2147483648 is out of range"), the skin
    // forgets it once its entry is replaced.
    assert_eq!(spn_skeleton_data_attachment_geometry(data, id, Some(&mut g)), SPN_ERROR_OUT_OF_RANGE);
    let mut skeleton = spn_skeleton::default();
    ok(spn_skeleton_create(data, Some(&mut skeleton)), "skeleton");
    assert_eq!(spn_skeleton_attachment_geometry(skeleton, id, Some(&mut g)), SPN_ERROR_OUT_OF_RANGE, "not yet held");
    ok(spn_skeleton_set_skin(skeleton, skin), "set skin");
    ok(unsafe { spn_skeleton_set_attachment(skeleton, slot as u32, socket.as_ptr()) }, "show");
    ok(unsafe { spn_skin_set_attachment(skin, slot as u32, socket.as_ptr(), 0) }, "replace");
    assert_eq!(spn_skin_attachment_geometry(skin, id, Some(&mut g)), SPN_ERROR_OUT_OF_RANGE);
    ok(spn_skin_destroy(skin), "destroy skin");

    // The skeleton still shows it, and reports it as the skin did.
    let mut shown = 0i32;
    ok(spn_skeleton_slot_attachment(skeleton, slot as u32, 0, Some(&mut shown)), "shown");
    assert_eq!(shown as u32, id);
    ok(spn_skeleton_attachment_geometry(skeleton, shown as u32, Some(&mut g)), "skeleton geometry");
    assert_eq!((g.x, g.y, g.rotation, g.scale_x, g.scale_y, g.width), (10.0, 5.0, 30.0, 2.0, 0.5, 40.0));
    assert_eq!((g.page, g.region), (region.page as i32, 1));
    ok(spn_skeleton_attachment(skeleton, id, Some(&mut info)), "skeleton info");
    assert_eq!((info.skin, unsafe { CStr::from_ptr(info.name) }), (u32::MAX, socket));
    let mut again = [0.0f32; 8];
    let status = unsafe { spn_skeleton_attachment_floats(skeleton, id, texture, again.as_mut_ptr(), 8, Some(&mut n)) };
    ok(status, "skeleton uvs");
    assert_eq!(again, uvs);
    ok(spn_skeleton_destroy(skeleton), "destroy skeleton");
    ok(spn_skeleton_data_destroy(data), "destroy data");
    ok(spn_atlas_destroy(atlas), "destroy atlas");
}
