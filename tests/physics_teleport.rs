//! The teleport recipes of the header (`spn_skeleton_physics_translate`), through the C
//! ABI on corpus physics rigs: a skeleton that moves steadily and is teleported halfway
//! must end in the physics pose of the same skeleton never teleported (bone world
//! transforms relative to the skeleton's placement) when the recipe is followed, and
//! visibly elsewhere when it is not.
//!
//! * Engines placing skeletons with `spn_skeleton_set_position`: `set_position(p + d)` then
//!   `spn_skeleton_physics_translate(-d)`. `physics_translate` makes physics feel a move of
//!   `(x, y)` the bones did not make, so `+d` doubles the disturbance.
//! * Engines moving a host transform and feeding its movement with
//!   `spn_skeleton_physics_move`: that frame's movement leaves the jump out.

mod support;

use spine_native::ffi::*;
use std::ffi::{CStr, CString};

const FRAMES: usize = 90;
const TELEPORT_FRAME: usize = 40;
const DT: f64 = 1.0 / 60.0;
/// A steady velocity (world units per frame) and the teleport jump.
const VELOCITY: (f32, f32) = (3.0, -1.5);
const JUMP: (f32, f32) = (700.0, -450.0);

fn ok(status: spn_status, what: &str) {
    let message = unsafe { CStr::from_ptr(spn_last_error_message()) }.to_string_lossy().into_owned();
    assert_eq!(status, spn_status::SPN_OK, "{what}: {message}");
}

/// How the skeleton is placed in the world.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Placement {
    /// `spn_skeleton_set_position` every frame.
    Position,
    /// Skeleton at the origin of a host transform whose movement goes to
    /// `spn_skeleton_physics_move`.
    Host,
}

/// What happens at the teleport frame.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Teleport {
    /// No teleport: the undisturbed skeleton.
    None,
    /// The jump with the header's recipe.
    Recipe,
    /// The jump alone.
    Naive,
    /// `set_position` placement: the jump, then `physics_translate(+jump)`.
    WrongSign,
}

struct Rig {
    data: spn_skeleton_data,
    atlas: spn_atlas,
}

impl Rig {
    fn load(name: &str) -> Option<Rig> {
        let Some(rig) = support::rigs().into_iter().find(|r| r.name == name) else {
            assert!(!support::corpus_required(), "the corpus has no {name}");
            eprintln!("skipped: no corpus rig {name}");
            return None;
        };
        let path = |p: &std::path::PathBuf| CString::new(p.to_str().unwrap()).unwrap();
        let (mut atlas, mut data) = (spn_atlas { bits: 0 }, spn_skeleton_data { bits: 0 });
        unsafe {
            ok(spn_atlas_load_file(path(rig.atlas.as_ref().unwrap()).as_ptr(), Some(&mut atlas)), "atlas");
            ok(
                spn_skeleton_data_load_file(path(rig.pro_skel.as_ref().unwrap()).as_ptr(), atlas, 1.0, Some(&mut data)),
                "data",
            );
        }
        Some(Rig { data, atlas })
    }

    /// Plays animation 0 for `FRAMES` frames while the skeleton moves at `VELOCITY`,
    /// teleporting at `TELEPORT_FRAME` as `teleport` says. Returns every bone's world
    /// transform relative to the skeleton's placement (its position plus the host's).
    fn run(&self, placement: Placement, teleport: Teleport) -> Vec<f32> {
        let (mut skeleton, mut mixes, mut state) =
            (spn_skeleton { bits: 0 }, spn_animation_state_data { bits: 0 }, spn_animation_state { bits: 0 });
        ok(spn_skeleton_create(self.data, Some(&mut skeleton)), "skeleton");
        ok(spn_animation_state_data_create(self.data, Some(&mut mixes)), "mixes");
        ok(spn_animation_state_create(mixes, Some(&mut state)), "state");
        ok(spn_animation_state_set_animation(state, 0, 0, 1, None), "animation");
        ok(spn_skeleton_update_world_transform(skeleton, spn_physics::SPN_PHYSICS_RESET as u32), "reset");
        // Where the skeleton's origin is in the world (for `Host`, the host's position).
        let (mut x, mut y) = (0.0f32, 0.0f32);
        for frame in 0..FRAMES {
            let (mut dx, mut dy) = VELOCITY;
            let teleporting = frame == TELEPORT_FRAME && teleport != Teleport::None;
            if teleporting {
                (dx, dy) = (dx + JUMP.0, dy + JUMP.1);
            }
            (x, y) = (x + dx, y + dy);
            match placement {
                Placement::Position => {
                    ok(spn_skeleton_set_position(skeleton, x, y), "position");
                    match teleport {
                        Teleport::Recipe if teleporting => {
                            ok(spn_skeleton_physics_translate(skeleton, -JUMP.0, -JUMP.1), "translate")
                        }
                        Teleport::WrongSign if teleporting => {
                            ok(spn_skeleton_physics_translate(skeleton, JUMP.0, JUMP.1), "translate")
                        }
                        _ => {}
                    }
                }
                Placement::Host => {
                    // The recipe: the jump is not movement.
                    let (mx, my) = if teleporting && teleport == Teleport::Recipe { VELOCITY } else { (dx, dy) };
                    ok(spn_skeleton_physics_move(skeleton, mx, my, 0.0, 1.0, 1.0, 1.0), "move");
                }
            }
            ok(spn_animation_state_update(state, DT), "update");
            ok(spn_animation_state_apply(state, skeleton), "apply");
            ok(spn_skeleton_update(skeleton, DT), "time");
            ok(spn_skeleton_update_world_transform(skeleton, spn_physics::SPN_PHYSICS_UPDATE as u32), "world");
        }
        let (mut bones, mut sx, mut sy) = (0, 0.0, 0.0);
        ok(spn_skeleton_data_count(self.data, spn_item::SPN_ITEM_BONE as u32, Some(&mut bones)), "bones");
        ok(spn_skeleton_position(skeleton, Some(&mut sx), Some(&mut sy)), "position");
        // The host's offset is not in the skeleton's world: it is only subtracted for
        // `Position`, where the skeleton position is the placement.
        let mut out = Vec::new();
        for bone in 0..bones {
            let mut w = spn_bone_world { a: 0.0, b: 0.0, c: 0.0, d: 0.0, world_x: 0.0, world_y: 0.0 };
            ok(spn_skeleton_bone_world(skeleton, bone, Some(&mut w)), "bone world");
            out.extend([w.a, w.b, w.c, w.d, w.world_x - sx, w.world_y - sy]);
        }
        ok(spn_animation_state_destroy(state), "destroy");
        ok(spn_animation_state_data_destroy(mixes), "destroy");
        ok(spn_skeleton_destroy(skeleton), "destroy");
        out
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        spn_skeleton_data_destroy(self.data);
        spn_atlas_destroy(self.atlas);
    }
}

fn largest_difference(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max)
}

/// Floats near the jump (hundreds of units) round differently from floats near the
/// undisturbed path: what the recipe leaves is rounding, far below what a teleport
/// without it leaves.
const ROUNDING: f32 = 0.01;
const DISTURBED: f32 = 0.1;

#[test]
fn set_position_then_translate_by_minus_the_jump_teleports_without_disturbing_physics() {
    for name in ["celestial-circus", "cloud-pot"] {
        let Some(rig) = Rig::load(name) else { return };
        let undisturbed = rig.run(Placement::Position, Teleport::None);
        let recipe = rig.run(Placement::Position, Teleport::Recipe);
        let naive = rig.run(Placement::Position, Teleport::Naive);
        let wrong_sign = rig.run(Placement::Position, Teleport::WrongSign);
        let (r, n, w) = (
            largest_difference(&recipe, &undisturbed),
            largest_difference(&naive, &undisturbed),
            largest_difference(&wrong_sign, &undisturbed),
        );
        eprintln!("{name}: recipe {r}, naive {n}, wrong sign {w}");
        assert!(r < ROUNDING, "{name}: with the recipe the pose differs by {r}");
        assert!(n > DISTURBED, "{name}: without the recipe the pose differs by only {n}");
        assert!(w > DISTURBED, "{name}: translate(+jump) after the jump differs by only {w}");
    }
}

#[test]
fn a_host_that_leaves_the_jump_out_of_physics_move_teleports_without_disturbing_physics() {
    for name in ["celestial-circus", "cloud-pot"] {
        let Some(rig) = Rig::load(name) else { return };
        let undisturbed = rig.run(Placement::Host, Teleport::None);
        let recipe = rig.run(Placement::Host, Teleport::Recipe);
        let naive = rig.run(Placement::Host, Teleport::Naive);
        assert_eq!(recipe, undisturbed, "{name}: with the recipe the pose is the undisturbed one");
        let n = largest_difference(&naive, &undisturbed);
        eprintln!("{name}: host naive {n}");
        assert!(n > DISTURBED, "{name}: a jump passed to physics_move differs by only {n}");
    }
}
