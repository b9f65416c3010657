//! Slot timelines: colors, attachment, deform and sequence.

use super::curve::{
    before_first, before_first_key, channel_value, clamp01, curve_value, percent, search_curve, search_times, KeyTime,
};
use super::{Mix, MixFrom};
use crate::model::{
    AttachmentId, AttachmentKind, Color, ColorProperty, CurveTimeline, NameId, SequenceKey, SequenceMode, SkeletonData,
};
use crate::skeleton::vertices::vertex_data;
use crate::skeleton::Skeleton;

#[inline]
fn slot_active(skeleton: &Skeleton, slot: usize) -> bool {
    skeleton.bones[skeleton.slot_bone(slot)].active()
}

// ---------------------------------------------------------------------------------------
// Colors

/// A color's r, g, b, a in f64, the precision the mixing arithmetic runs in.
fn channels(color: Color) -> [f64; 4] {
    [color.r as f64, color.g as f64, color.b as f64, color.a as f64]
}

/// Writes channels `0..n` of `values` into `color` (r, g, b, a order), clamped or as is.
fn store(color: &mut Color, values: &[f64], clamp: bool) {
    let fields = [&mut color.r, &mut color.g, &mut color.b, &mut color.a];
    for (channel, &value) in fields.into_iter().zip(values) {
        *channel = (if clamp { clamp01(value) } else { value }) as f32;
    }
}

/// Before the first key: the setup values (`Setup`), or a step from the current values
/// towards them (`First`). `n` channels of `color` from `setup`; with `clamp`, the result
/// is clamped (the reference adds with `Color.add` for the light color of `rgba` and
/// `rgba2`, which clamps all four channels).
fn color_before_first(color: &mut Color, setup: Color, n: usize, from: MixFrom, alpha: f64, clamp: bool) {
    let (current, setup) = (channels(*color), channels(setup));
    match from {
        MixFrom::Setup => store(color, &setup[..n], false),
        MixFrom::First => {
            let mut mixed = current;
            for c in 0..n {
                mixed[c] = current[c] + (setup[c] - current[c]) * alpha;
            }
            store(color, &mixed[..n], clamp);
        }
        MixFrom::Current => {}
    }
}

/// Mixes keyed `values` (`n` channels) into `color`: replaced when alpha is 1, else mixed
/// from the setup or the current color. The result is clamped.
fn mix_color(color: &mut Color, setup: Color, values: &[f64], from: MixFrom, alpha: f64) {
    let n = values.len();
    let mut out = [0.0f64; 4];
    out[..n].copy_from_slice(values);
    if alpha != 1.0 {
        let base = channels(if from == MixFrom::Setup { setup } else { *color });
        for c in 0..n {
            out[c] = base[c] + (values[c] - base[c]) * alpha;
        }
    }
    store(color, &out[..n], true);
}

pub(super) fn apply_color(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    slot: u32,
    property: ColorProperty,
    curve: &CurveTimeline,
    time: KeyTime,
    mix: Mix,
) {
    let slot = slot as usize;
    if !slot_active(skeleton, slot) {
        return;
    }
    let slot_data = &data.slots[slot];
    let setup_light = slot_data.color;
    let setup_dark = slot_data.dark_color.unwrap_or(Color::WHITE);
    let pose = skeleton.slots[slot].posed.get_mut(mix.applied);
    let (alpha, from) = (mix.alpha, mix.from);
    if property == ColorProperty::Alpha {
        let (current, setup) = (pose.color.a as f64, setup_light.a as f64);
        pose.color.a = if before_first_key(curve, time) {
            before_first(from, alpha, current, setup)
        } else {
            let value = curve_value(curve, time, 0);
            let base = if from == MixFrom::Setup { setup } else { current };
            clamp01(if alpha != 1.0 { base + (value - base) * alpha } else { value })
        } as f32;
        return;
    }
    // Light channels (from r) and whether dark r, g, b follow.
    let (light, dark) = match property {
        ColorProperty::Rgba => (4, false),
        ColorProperty::Rgba2 => (4, true),
        ColorProperty::Rgb2 => (3, true),
        _ => (3, false),
    };
    if before_first_key(curve, time) {
        // The reference steps a four-channel light color with `Color.add`, which clamps.
        color_before_first(&mut pose.color, setup_light, light, from, alpha, light == 4);
        // A slot the data gives no dark color has none to set (the reference fails).
        if let (true, Some(dark_color)) = (dark, pose.dark_color.as_deref_mut()) {
            color_before_first(dark_color, setup_dark, 3, from, alpha, false);
        }
        return;
    }
    let frame = search_curve(curve, time);
    let mut values = [0.0f64; 7];
    for (channel, value) in values.iter_mut().enumerate().take(curve.channels()) {
        *value = channel_value(curve, frame, channel, time);
    }
    mix_color(&mut pose.color, setup_light, &values[..light], from, alpha);
    if let (true, Some(dark_color)) = (dark, pose.dark_color.as_deref_mut()) {
        mix_color(dark_color, setup_dark, &values[light..light + 3], from, alpha);
    }
}

// ---------------------------------------------------------------------------------------
// Attachment

pub(super) fn apply_attachment(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    slot: u32,
    times: &[f32],
    names: &[Option<NameId>],
    time: KeyTime,
    mix: Mix,
) {
    let index = slot as usize;
    if !slot_active(skeleton, index) {
        return;
    }
    let name = if mix.out || time.is_before(times[0]) {
        if mix.from == MixFrom::Current {
            return;
        }
        data.slots[index].attachment
    } else {
        names[search_times(times, time)]
    };
    let attachment = name.and_then(|name| skeleton.attachment(slot, name));
    skeleton.set_slot_attachment(index, attachment, mix.applied);
}

// ---------------------------------------------------------------------------------------
// Deform and sequence

/// The attachment whose deform and sequence timelines apply to `id` (a data or runtime
/// attachment the skeleton shows): a mesh's timeline attachment, else the attachment
/// itself.
fn timeline_attachment_of(skeleton: &Skeleton, id: AttachmentId) -> AttachmentId {
    match skeleton.attachment_data(id).map(|a| &a.kind) {
        Some(AttachmentKind::Mesh(mesh)) => mesh.timeline_attachment,
        _ => id,
    }
}

/// Further slots whose attachments can take `attachment`'s timelines.
fn timeline_slots(data: &SkeletonData, attachment: AttachmentId) -> &[u32] {
    match &data.attachments[attachment.index()].kind {
        AttachmentKind::Mesh(mesh) => &mesh.timeline_slots,
        _ => &[],
    }
}

/// The slot's attachment, when the slot is active and its attachment takes the timelines
/// of `attachment`.
fn keyed_attachment(skeleton: &Skeleton, slot: usize, attachment: AttachmentId, applied: bool) -> Option<AttachmentId> {
    if !slot_active(skeleton, slot) {
        return None;
    }
    let current = skeleton.slots[slot].posed.get(applied).attachment?;
    (timeline_attachment_of(skeleton, current) == attachment).then_some(current)
}

/// Whether the timeline's slot or one of the attachment's timeline slots shows an
/// attachment taking `attachment`'s timelines.
fn timeline_active(
    data: &SkeletonData,
    skeleton: &Skeleton,
    slot: u32,
    attachment: AttachmentId,
    applied: bool,
) -> bool {
    keyed_attachment(skeleton, slot as usize, attachment, applied).is_some()
        || timeline_slots(data, attachment)
            .iter()
            .any(|&s| keyed_attachment(skeleton, s as usize, attachment, applied).is_some())
}

/// Interpolated deform keys: `v1` alone at or after the last key, else `v1 → v2` by
/// `percent`.
struct DeformKeys<'a> {
    v1: &'a [f32],
    v2: Option<&'a [f32]>,
    percent: f64,
}

/// A deform timeline's keys (`Timeline::Deform`): their times and curves, and their
/// vertex sets.
pub(super) struct DeformBlocks<'a> {
    pub curve: &'a CurveTimeline,
    pub vertices: &'a [f32],
    pub keys: &'a [u32],
    pub length: usize,
}

impl DeformBlocks<'_> {
    fn key(&self, frame: usize) -> &[f32] {
        let start = self.keys[frame] as usize * self.length;
        &self.vertices[start..start + self.length]
    }
}

pub(super) fn apply_deform(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    slot: u32,
    attachment: AttachmentId,
    blocks: &DeformBlocks,
    time: KeyTime,
    mix: Mix,
) {
    let curve = blocks.curve;
    if !timeline_active(data, skeleton, slot, attachment, mix.applied) {
        return;
    }
    let length = blocks.length;
    let extra = timeline_slots(data, attachment);
    let slots = std::iter::once(slot).chain(extra.iter().copied());
    if before_first_key(curve, time) {
        for s in slots {
            deform_before_first(data, skeleton, s as usize, attachment, length, mix);
        }
        return;
    }
    let count = curve.frame_count();
    let key = |frame: usize| blocks.key(frame);
    // A NaN time (only reachable through the Rust API) holds the last key, as the other
    // curve timelines do, instead of reading past it.
    let keys = if time.seconds >= curve.time(count - 1) as f64 || time.seconds.is_nan() {
        DeformKeys { v1: key(count - 1), v2: None, percent: 0.0 }
    } else {
        let frame = search_curve(curve, time);
        DeformKeys { v1: key(frame), v2: Some(key(frame + 1)), percent: percent(curve, frame, time) }
    };
    for s in slots {
        deform_slot(data, skeleton, s as usize, attachment, &keys, mix);
    }
}

fn deform_before_first(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    slot: usize,
    attachment: AttachmentId,
    length: usize,
    mix: Mix,
) {
    if keyed_attachment(skeleton, slot, attachment, mix.applied).is_none() {
        return;
    }
    // The shown attachment has the timeline attachment's vertices (it is that attachment,
    // a linked mesh of it, or a runtime copy of one of those).
    let Some(setup) = vertex_data(data, attachment) else { return };
    let deform = &mut skeleton.slots[slot].posed.get_mut(mix.applied).deform;
    let from = if deform.is_empty() { MixFrom::Setup } else { mix.from };
    match from {
        MixFrom::Setup => deform.clear(),
        MixFrom::First => {
            if mix.alpha == 1.0 {
                deform.clear();
                return;
            }
            deform.resize(length, 0.0);
            let alpha = mix.alpha;
            if !setup.is_weighted() {
                for (d, &s) in deform.iter_mut().zip(&setup.vertices) {
                    let v = *d as f64;
                    *d = (v + (s as f64 - v) * alpha) as f32;
                }
            } else {
                let keep = 1.0 - alpha;
                for d in deform.iter_mut() {
                    *d = (*d as f64 * keep) as f32;
                }
            }
        }
        MixFrom::Current => {}
    }
}

fn deform_slot(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    slot: usize,
    attachment: AttachmentId,
    keys: &DeformKeys,
    mix: Mix,
) {
    if keyed_attachment(skeleton, slot, attachment, mix.applied).is_none() {
        return;
    }
    // As in `deform_before_first`: the timeline attachment's vertices are the shown one's.
    let Some(setup) = vertex_data(data, attachment) else { return };
    let deform = &mut skeleton.slots[slot].posed.get_mut(mix.applied).deform;
    let from_setup = deform.is_empty() || mix.from == MixFrom::Setup;
    let length = keys.v1.len();
    deform.resize(length, 0.0);
    let alpha = mix.alpha;
    // Unweighted keys are positions (setup included), weighted keys offsets: the setup
    // value subtracted to get an offset, or mixed from.
    let weighted = setup.is_weighted();
    let setup_at = |i: usize| if weighted { 0.0 } else { setup.vertices[i] as f64 };
    let (v1, percent) = (keys.v1, keys.percent);
    let keyed = |i: usize| -> f64 {
        match keys.v2 {
            None => v1[i] as f64,
            Some(v2) => {
                let prev = v1[i] as f64;
                prev + (v2[i] as f64 - prev) * percent
            }
        }
    };
    if alpha == 1.0 {
        if mix.add && !from_setup {
            for (i, d) in deform.iter_mut().enumerate() {
                *d = (*d as f64 + (keyed(i) - setup_at(i))) as f32;
            }
        } else if keys.v2.is_none() || percent == 0.0 {
            deform.copy_from_slice(v1);
        } else {
            for (i, d) in deform.iter_mut().enumerate() {
                *d = keyed(i) as f32;
            }
        }
    } else if from_setup {
        for (i, d) in deform.iter_mut().enumerate() {
            let s = setup_at(i);
            *d = (s + (keyed(i) - s) * alpha) as f32;
        }
    } else if mix.add {
        for (i, d) in deform.iter_mut().enumerate() {
            *d = (*d as f64 + (keyed(i) - setup_at(i)) * alpha) as f32;
        }
    } else {
        for (i, d) in deform.iter_mut().enumerate() {
            let v = *d as f64;
            *d = (v + (keyed(i) - v) * alpha) as f32;
        }
    }
}

/// The number of frames of the sequence shown by attachment `id` (a data or runtime
/// attachment the skeleton shows).
fn sequence_count(skeleton: &Skeleton, id: AttachmentId) -> i32 {
    match skeleton.attachment_data(id).map(|a| &a.kind) {
        Some(AttachmentKind::Region(region)) => region.sequence.count as i32,
        Some(AttachmentKind::Mesh(mesh)) => mesh.sequence.count as i32,
        _ => 0,
    }
}

/// The reference's `x | 0`: truncation to a wrapping 32-bit integer, 0 for NaN and
/// infinities.
fn to_int32(value: f64) -> i32 {
    if !value.is_finite() {
        return 0;
    }
    value.trunc().rem_euclid(4_294_967_296.0) as u32 as i32
}

/// The frame a sequence key shows `elapsed` seconds after the key.
fn sequence_index(key: &SequenceKey, elapsed: f64, count: i32) -> i32 {
    let mut index = key.index;
    if key.mode == SequenceMode::Hold {
        return index;
    }
    index = index.wrapping_add(to_int32(elapsed / key.delay as f64 + 0.00001));
    // `count` is at least 1 for real sequences; the checked forms only guard malformed data.
    let rem = |a: i32, b: i32| a.checked_rem(b).unwrap_or(0);
    match key.mode {
        SequenceMode::Hold => index,
        SequenceMode::Once => index.min(count - 1),
        SequenceMode::Loop => rem(index, count),
        SequenceMode::PingPong => {
            let n = (count << 1) - 2;
            let index = if n == 0 { 0 } else { rem(index, n) };
            if index >= count {
                n - index
            } else {
                index
            }
        }
        SequenceMode::OnceReverse => (count - 1 - index).max(0),
        SequenceMode::LoopReverse => count - 1 - rem(index, count),
        SequenceMode::PingPongReverse => {
            let n = (count << 1) - 2;
            let index = if n == 0 { 0 } else { rem(index + count - 1, n) };
            if index >= count {
                n - index
            } else {
                index
            }
        }
    }
}

pub(super) fn apply_sequence(
    data: &SkeletonData,
    skeleton: &mut Skeleton,
    slot: u32,
    attachment: AttachmentId,
    keys: &[SequenceKey],
    time: f64,
    mix: Mix,
) {
    if !timeline_active(data, skeleton, slot, attachment, mix.applied) {
        return;
    }
    let extra = timeline_slots(data, attachment);
    let slots = std::iter::once(slot).chain(extra.iter().copied());
    if mix.out || time < keys[0].time as f64 {
        if mix.from != MixFrom::Current {
            for s in slots {
                let s = s as usize;
                if keyed_attachment(skeleton, s, attachment, mix.applied).is_some() {
                    skeleton.slots[s].posed.get_mut(mix.applied).sequence_index = -1;
                }
            }
        }
        return;
    }
    let mut frame = keys.len() - 1;
    for (i, key) in keys.iter().enumerate().skip(1) {
        if key.time as f64 > time {
            frame = i - 1;
            break;
        }
    }
    let key = &keys[frame];
    let elapsed = time - key.time as f64;
    for s in slots {
        let s = s as usize;
        let Some(current) = keyed_attachment(skeleton, s, attachment, mix.applied) else { continue };
        let index = sequence_index(key, elapsed, sequence_count(skeleton, current));
        skeleton.slots[s].posed.get_mut(mix.applied).sequence_index = index;
    }
}
