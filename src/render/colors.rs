//! Vertex colors: the light and dark colors of an attachment packed into `u32`s as the
//! reference multiplies skeleton, slot and attachment colors (premultiplied or not), with
//! the untinted fast path.

use super::*;

/// Packs a float color channel product the way the reference does: `floor`, clamped to
/// a byte. The saturating `as` cast truncates, which is `floor` for every value that
/// survives it (negatives and NaN become 0 either way) and needs no libm call.
#[inline]
pub(crate) fn channel(value: f64) -> u32 {
    (value as u32).min(255)
}

/// The packed light and dark color of an attachment: the product of the skeleton, slot
/// and attachment colors (computed in `f64` as the reference), and the slot's dark color
/// if it has one.
#[inline(always)]
pub fn pack_colors(skeleton: Color, slot: Color, attachment: Color, dark: Option<Color>, pma: bool) -> (u32, u32) {
    pack_colors_known(is_white(&skeleton), skeleton, slot, attachment, dark, pma)
}

/// [`pack_colors`] given whether the skeleton color is white (known once per render).
#[inline(always)]
pub(crate) fn pack_colors_known(
    white_skeleton: bool,
    skeleton: Color,
    slot: Color,
    attachment: Color,
    dark: Option<Color>,
    pma: bool,
) -> (u32, u32) {
    // Most attachments are drawn untinted: every product is 1 and every channel 255, with
    // or without premultiplied alpha.
    let light = if white_skeleton && is_white(&slot) && is_white(&attachment) {
        0xFFFF_FFFF
    } else {
        pack_light(skeleton, slot, attachment, pma)
    };
    let dark = match (dark, pma) {
        (Some(d), _) => pack_dark(d, light, pma),
        (None, true) => 0xFF00_0000,
        (None, false) => 0,
    };
    (light, dark)
}

/// The packed dark color `d` of an attachment whose packed light color is `light`.
#[inline(never)]
pub(crate) fn pack_dark(d: Color, light: u32, pma: bool) -> u32 {
    if pma {
        let scale = (light >> 24) as f64;
        0xFF00_0000 | channel(d.r as f64 * scale) << 16 | channel(d.g as f64 * scale) << 8 | channel(d.b as f64 * scale)
    } else {
        channel(d.r as f64 * 255.0) << 16 | channel(d.g as f64 * 255.0) << 8 | channel(d.b as f64 * 255.0)
    }
}

/// Whether a color is opaque white, compared as bits.
#[inline]
pub(crate) fn is_white(color: &Color) -> bool {
    same_words([color.r, color.g, color.b, color.a].map(f32::to_bits), [1.0f32.to_bits(); 4])
}

/// The packed product of three colors ([`pack_colors`]'s light color).
#[inline(never)]
pub(crate) fn pack_light(k: Color, s: Color, t: Color, pma: bool) -> u32 {
    let product = |a: f32, b: f32, c: f32| a as f64 * b as f64 * c as f64;
    let alpha = channel(product(k.a, s.a, t.a) * 255.0);
    let (r, g, b) = if pma {
        let scale = alpha as f64;
        (
            channel(scale * k.r as f64 * s.r as f64 * t.r as f64),
            channel(scale * k.g as f64 * s.g as f64 * t.g as f64),
            channel(scale * k.b as f64 * s.b as f64 * t.b as f64),
        )
    } else {
        (
            channel(product(k.r, s.r, t.r) * 255.0),
            channel(product(k.g, s.g, t.g) * 255.0),
            channel(product(k.b, s.b, t.b) * 255.0),
        )
    };
    alpha << 24 | r << 16 | g << 8 | b
}

/// The packed light and dark colors of an attachment of color `color` shown by slot `s`
/// in `pose` (`white_skeleton`: whether the skeleton color is white).
#[inline(always)]
pub(crate) fn attachment_colors(
    skeleton: &Skeleton,
    s: usize,
    pose: &SlotPose,
    color: &Color,
    pma: bool,
    white_skeleton: bool,
) -> (u32, u32) {
    let dark = skeleton.data().slots[s].dark_color.map(|_| pose.dark_color.as_deref().copied().unwrap_or(Color::WHITE));
    pack_colors_known(white_skeleton, skeleton.color, pose.color, *color, dark, pma)
}
