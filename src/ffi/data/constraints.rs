//! Constraint data by type (ABI 1.4): every setup value of an IK, transform, path,
//! physics or slider constraint in one versioned record, its bones and a transform
//! constraint's property mappings through the two-call size protocol.

use crate::ffi::access::{self, List, Versioned};
use crate::ffi::data::constraint_type;
use crate::ffi::error::*;
use crate::ffi::objects::{data_object, spn_skeleton_data};
use crate::model::{ConstraintKind, ScaleYMode};

/// The setup values of one constraint (`spn_skeleton_data_constraint_data`; ABI 1.4).
/// Fields another type uses are 0 (indices -1). Set `size` first.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct spn_constraint_data {
    pub size: u32,
    /// An `spn_constraint_type` value.
    pub kind: u32,
    /// IK: target bone; transform: source bone; path: target slot (its path attachment);
    /// physics: its bone; slider: the driving bone, -1 without one.
    pub target: i32,
    /// Slider: the animation it plays; else -1.
    pub animation: i32,
    /// IK, physics, slider: the mix.
    pub mix: f32,
    /// IK.
    pub softness: f32,
    /// IK: 1 or -1.
    pub bend_direction: i32,
    /// IK: non-zero when compressing / stretching.
    pub compress: u32,
    pub stretch: u32,
    /// IK, physics: how Y scales with X (0 none, 1 uniform, 2 volume; JSON `scaleY`).
    pub scale_y_mode: u32,
    /// Transform: non-zero for local source / local target / additive / clamp. Slider:
    /// `additive` is its additive flag.
    pub local_source: u32,
    pub local_target: u32,
    pub additive: u32,
    pub clamp: u32,
    /// Transform: offsets added to the source values (degrees, world units, scales).
    /// Path: `offset_rotation` only.
    pub offset_rotation: f32,
    pub offset_x: f32,
    pub offset_y: f32,
    pub offset_scale_x: f32,
    pub offset_scale_y: f32,
    pub offset_shear_y: f32,
    /// Transform: the mixes; path: `mix_rotate`, `mix_x`, `mix_y`.
    pub mix_rotate: f32,
    pub mix_x: f32,
    pub mix_y: f32,
    pub mix_scale_x: f32,
    pub mix_scale_y: f32,
    pub mix_shear_y: f32,
    /// Transform: the number of property mappings
    /// (`spn_skeleton_data_constraint_transform_mappings`).
    pub mapping_count: u32,
    /// Path: position mode (0 fixed, 1 percent), spacing mode (0 length, 1 fixed, 2
    /// percent, 3 proportional), rotate mode (0 tangent, 1 chain, 2 chain scale).
    pub position_mode: u32,
    pub spacing_mode: u32,
    pub rotate_mode: u32,
    /// Path.
    pub position: f32,
    pub spacing: f32,
    /// Physics: how much of the bone's movement it inherits (x, y, rotation, scale X,
    /// shear X).
    pub inherit_x: f32,
    pub inherit_y: f32,
    pub inherit_rotate: f32,
    pub inherit_scale_x: f32,
    pub inherit_shear_x: f32,
    /// Physics: the largest movement per step (world units).
    pub limit: f32,
    /// Physics: seconds per simulation step (1 / fps).
    pub step: f64,
    /// Physics.
    pub inertia: f32,
    pub strength: f32,
    pub damping: f32,
    pub mass_inverse: f32,
    pub wind: f32,
    pub gravity: f32,
    /// Physics: which values the skeleton-wide physics timelines set, a bit each: 1
    /// inertia, 2 strength, 4 damping, 8 mass, 16 wind, 32 gravity, 64 mix.
    pub global: u32,
    /// Slider: setup time (without a driving bone).
    pub time: f32,
    /// Slider: non-zero when the animation loops.
    pub looped: u32,
    /// Slider with a driving bone: the bone property (0 rotate, 1 x, 2 y, 3 scale X, 4
    /// scale Y, 5 shear Y, as in `spn_transform_mapping`), the offset added to it
    /// (JSON `from`), the offset added to the time (`to`), the property-to-time ratio, the
    /// editor range (nonessential) and whether the bone's local pose is read.
    pub drive_property: u32,
    pub drive_from: f32,
    pub drive_to: f32,
    pub drive_scale: f32,
    pub drive_max: f32,
    pub drive_local: u32,
}

/// One property mapping of a transform constraint
/// (`spn_skeleton_data_constraint_transform_mappings`; ABI 1.4): the source property
/// `from` (plus `from_offset`) drives property `to` by `scale`, offset by `offset`, at
/// most `max`. Properties: 0 rotate, 1 x, 2 y, 3 scale X, 4 scale Y, 5 shear Y.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct spn_transform_mapping {
    pub from: u32,
    pub from_offset: f32,
    pub to: u32,
    pub offset: f32,
    pub max: f32,
    pub scale: f32,
}

impl Versioned for spn_transform_mapping {
    const NAME: &'static str = "spn_transform_mapping";
    /// ABI 1.4.
    const FIRST_SIZE: usize = size_of::<spn_transform_mapping>();
}

access::records!(spn_constraint_data);

fn scale_y(mode: ScaleYMode) -> u32 {
    mode as u32
}

const CONSTRAINT_DATA: List<spn_constraint_data> = List {
    what: "constraint",
    len: |d| d.constraints.len(),
    build: |object, i| {
        let data = &object.data;
        let constraint = &data.constraints[i];
        let mut c = spn_constraint_data {
            size: size_of::<spn_constraint_data>() as u32,
            kind: constraint_type(&constraint.kind) as u32,
            target: -1,
            animation: -1,
            ..Default::default()
        };
        match &constraint.kind {
            ConstraintKind::Ik(ik) => {
                c.target = ik.target as i32;
                c.mix = ik.setup.mix;
                c.softness = ik.setup.softness;
                c.bend_direction = ik.setup.bend_direction;
                (c.compress, c.stretch) = (ik.setup.compress as u32, ik.setup.stretch as u32);
                c.scale_y_mode = scale_y(ik.scale_y_mode);
            }
            ConstraintKind::Transform(t) => {
                c.target = t.source as i32;
                (c.local_source, c.local_target) = (t.local_source as u32, t.local_target as u32);
                (c.additive, c.clamp) = (t.additive as u32, t.clamp as u32);
                (c.offset_rotation, c.offset_x, c.offset_y) = (t.offset_rotation, t.offset_x, t.offset_y);
                (c.offset_scale_x, c.offset_scale_y, c.offset_shear_y) =
                    (t.offset_scale_x, t.offset_scale_y, t.offset_shear_y);
                let m = &t.setup;
                (c.mix_rotate, c.mix_x, c.mix_y) = (m.mix_rotate, m.mix_x, m.mix_y);
                (c.mix_scale_x, c.mix_scale_y, c.mix_shear_y) = (m.mix_scale_x, m.mix_scale_y, m.mix_shear_y);
                c.mapping_count = t.properties.iter().map(|p| p.to.len() as u32).sum();
            }
            ConstraintKind::Path(p) => {
                c.target = p.slot as i32;
                c.position_mode = p.position_mode as u32;
                c.spacing_mode = p.spacing_mode as u32;
                c.rotate_mode = p.rotate_mode as u32;
                c.offset_rotation = p.offset_rotation;
                (c.position, c.spacing) = (p.setup.position, p.setup.spacing);
                (c.mix_rotate, c.mix_x, c.mix_y) = (p.setup.mix_rotate, p.setup.mix_x, p.setup.mix_y);
            }
            ConstraintKind::Physics(p) => {
                c.target = p.bone as i32;
                (c.inherit_x, c.inherit_y, c.inherit_rotate) = (p.x, p.y, p.rotate);
                (c.inherit_scale_x, c.inherit_shear_x) = (p.scale_x, p.shear_x);
                c.scale_y_mode = scale_y(p.scale_y_mode);
                c.limit = p.limit;
                c.step = p.step;
                let s = &p.setup;
                (c.inertia, c.strength, c.damping, c.mass_inverse) = (s.inertia, s.strength, s.damping, s.mass_inverse);
                (c.wind, c.gravity, c.mix) = (s.wind, s.gravity, s.mix);
                let flags = [
                    p.inertia_global,
                    p.strength_global,
                    p.damping_global,
                    p.mass_global,
                    p.wind_global,
                    p.gravity_global,
                    p.mix_global,
                ];
                c.global = flags.iter().enumerate().map(|(k, &f)| (f as u32) << k).sum();
            }
            ConstraintKind::Slider(s) => {
                c.animation = optional_index(s.animation);
                (c.additive, c.looped) = (s.additive as u32, s.looped as u32);
                (c.time, c.mix) = (s.setup.time, s.setup.mix);
                if let Some(d) = &s.drive {
                    c.target = d.bone as i32;
                    c.drive_property = d.property as u32;
                    (c.drive_from, c.drive_to, c.drive_scale, c.drive_max) =
                        (d.property_offset, d.offset, d.scale, d.max);
                    c.drive_local = d.local as u32;
                }
            }
        }
        Ok(c)
    },
};

/// Every setup value of constraint `index` (update order) by its type: bones' target or
/// source, mixes, IK softness / bend / compress / stretch / scale-Y mode, transform
/// local / additive / clamp flags and offsets, path modes and values, physics inherit
/// factors, limit, step and simulation values, slider animation, loop, time and bone drive.
/// Set `out->size` first. Errors: `SPN_ERROR_OUT_OF_RANGE` (index),
/// `SPN_ERROR_INVALID_ARGUMENT` (`size` too small). Any thread. ABI 1.4.
#[no_mangle]
pub extern "C" fn spn_skeleton_data_constraint_data(
    data: spn_skeleton_data,
    index: u32,
    out: Option<&mut spn_constraint_data>,
) -> spn_status {
    access::record(data, index, &CONSTRAINT_DATA, out)
}

/// The bones constraint `index` poses: IK (parent first), transform and path
/// constraints their bones, physics its one bone, a slider none. Writes
/// `min(capacity, count)` bone indices to `out` and the count to `out_count`; capacity 0
/// (`out` may then be NULL) sizes the buffer. Allocates nothing. Errors:
/// `SPN_ERROR_OUT_OF_RANGE` (index). Any thread. ABI 1.4.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_constraint_bones(
    data: spn_skeleton_data,
    index: u32,
    out: *mut u32,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let i = index_in(index, object.data.constraints.len(), "constraint")?;
        let bones: &[u32] = match &object.data.constraints[i].kind {
            ConstraintKind::Ik(c) => &c.bones,
            ConstraintKind::Transform(c) => &c.bones,
            ConstraintKind::Path(c) => &c.bones,
            ConstraintKind::Physics(c) => std::slice::from_ref(&c.bone),
            ConstraintKind::Slider(_) => &[],
        };
        // SAFETY: the caller passes room for `capacity` u32s at `out`.
        unsafe { access::copy_list(bones, out, capacity, out_count) }
    })
}

/// The property mappings of transform constraint `index` (4.3: each source property with
/// each property it drives), source by source in load order: writes `min(capacity,
/// count)` records `record_size` bytes apart (pass `sizeof(spn_transform_mapping)`) and
/// the count to `out_count`; capacity 0 (`out` may then be NULL) sizes the buffer.
/// Allocates nothing. Errors: `SPN_ERROR_OUT_OF_RANGE` (index), `SPN_ERROR_INVALID_ARGUMENT`
/// (not a transform constraint, or `record_size` below the ABI 1.4 record). Any thread.
/// ABI 1.4.
#[no_mangle]
pub unsafe extern "C" fn spn_skeleton_data_constraint_transform_mappings(
    data: spn_skeleton_data,
    index: u32,
    record_size: u32,
    out: *mut spn_transform_mapping,
    capacity: u32,
    out_count: Option<&mut u32>,
) -> spn_status {
    access::list(out_count, |out_count| {
        let object = data_object(data)?;
        let i = index_in(index, object.data.constraints.len(), "constraint")?;
        let ConstraintKind::Transform(t) = &object.data.constraints[i].kind else {
            return Err(Failure::invalid(format!("constraint {index} is not a transform constraint")));
        };
        let mappings = t.properties.iter().flat_map(|from| {
            from.to.iter().map(move |to| spn_transform_mapping {
                from: from.property as u32,
                from_offset: from.offset,
                to: to.property as u32,
                offset: to.offset,
                max: to.max,
                scale: to.scale,
            })
        });
        let count = t.properties.iter().map(|p| p.to.len()).sum();
        // SAFETY: the caller passes room for `capacity` records of `record_size` bytes.
        unsafe { access::copy_records(count, mappings, record_size, out, capacity, out_count) }
    })
}
