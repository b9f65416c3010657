//! The texture frames of region and mesh attachments: where an attachment's atlas region
//! (or the whole texture, without one) puts its quad corners and uvs. Made by the loaders
//! for the data's attachments and by the skeleton for runtime attachments.

use crate::atlas::{Atlas, AtlasRegion};
use crate::model::{MeshFrame, RegionAttachment, RegionFrame};

pub(crate) fn region_frame(attachment: &RegionAttachment, found: Option<(usize, &AtlasRegion, &Atlas)>) -> RegionFrame {
    let (x, y) = (attachment.x as f64, attachment.y as f64);
    let (scale_x, scale_y) = (attachment.scale_x as f64, attachment.scale_y as f64);
    let (width, height) = (attachment.width as f64, attachment.height as f64);
    // Without a region the quad spans the attachment size and the whole texture.
    let (offset_x, offset_y, region_w, region_h, original_w, original_h) = match found {
        Some((_, r, _)) => (
            r.offset_x as f64,
            r.offset_y as f64,
            r.width as f64,
            r.height as f64,
            r.original_width as f64,
            r.original_height as f64,
        ),
        None => (0.0, 0.0, width, height, width, height),
    };
    let region_scale_x = width / original_w * scale_x;
    let region_scale_y = height / original_h * scale_y;
    let local_x = -width / 2.0 * scale_x + offset_x * region_scale_x;
    let local_y = -height / 2.0 * scale_y + offset_y * region_scale_y;
    let local_x2 = local_x + region_w * region_scale_x;
    let local_y2 = local_y + region_h * region_scale_y;
    let radians = attachment.rotation as f64 * std::f64::consts::PI / 180.0;
    let (sin, cos) = radians.sin_cos();
    // Corners in render order: (x, y), (x, y2), (x2, y2), (x2, y) before rotation.
    let corners = [(local_x, local_y), (local_x, local_y2), (local_x2, local_y2), (local_x2, local_y)];
    let mut offsets = [0.0f32; 8];
    for (i, (lx, ly)) in corners.into_iter().enumerate() {
        offsets[i * 2] = (lx * cos + x - ly * sin) as f32;
        offsets[i * 2 + 1] = (ly * cos + y + lx * sin) as f32;
    }
    let uvs = match found {
        Some((_, r, _)) => {
            if r.degrees == 90 {
                [r.u2, r.v2, r.u, r.v2, r.u, r.v, r.u2, r.v]
            } else {
                [r.u, r.v2, r.u, r.v, r.u2, r.v, r.u2, r.v2]
            }
        }
        None => [0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0],
    };
    let (page, region) = match found {
        Some((i, r, _)) => (Some(r.page), Some(i as u32)),
        None => (None, None),
    };
    RegionFrame { page, region, uvs, offsets }
}

pub(crate) fn mesh_frame(region_uvs: &[f32], found: Option<(usize, &AtlasRegion, &Atlas)>) -> MeshFrame {
    let mut uvs = vec![0.0f32; region_uvs.len()];
    let Some((index, r, atlas)) = found else {
        uvs.copy_from_slice(region_uvs);
        return MeshFrame { page: None, region: None, uvs };
    };
    let page = &atlas.pages[r.page as usize];
    let (tw, th) = (page.width as f64, page.height as f64);
    let (mut u, mut v) = (r.u as f64, r.v as f64);
    let (ox, oy) = (r.offset_x as f64, r.offset_y as f64);
    let (rw, rh) = (r.width as f64, r.height as f64);
    let (orig_w, orig_h) = (r.original_width as f64, r.original_height as f64);
    let pairs = uvs.chunks_exact_mut(2).zip(region_uvs.chunks_exact(2));
    match r.degrees {
        90 => {
            u -= (orig_h - oy - rh) / tw;
            v -= (orig_w - ox - rw) / th;
            let (w, h) = (orig_h / tw, orig_w / th);
            for (out, src) in pairs {
                out[0] = (u + src[1] as f64 * w) as f32;
                out[1] = (v + (1.0 - src[0] as f64) * h) as f32;
            }
        }
        180 => {
            u -= (orig_w - ox - rw) / tw;
            v -= oy / th;
            let (w, h) = (orig_w / tw, orig_h / th);
            for (out, src) in pairs {
                out[0] = (u + (1.0 - src[0] as f64) * w) as f32;
                out[1] = (v + (1.0 - src[1] as f64) * h) as f32;
            }
        }
        270 => {
            u -= oy / tw;
            v -= ox / th;
            let (w, h) = (orig_h / tw, orig_w / th);
            for (out, src) in pairs {
                out[0] = (u + (1.0 - src[1] as f64) * w) as f32;
                out[1] = (v + src[0] as f64 * h) as f32;
            }
        }
        _ => {
            u -= ox / tw;
            v -= (orig_h - oy - rh) / th;
            let (w, h) = (orig_w / tw, orig_h / th);
            for (out, src) in pairs {
                out[0] = (u + src[0] as f64 * w) as f32;
                out[1] = (v + src[1] as f64 * h) as f32;
            }
        }
    }
    MeshFrame { page: Some(r.page), region: Some(index as u32), uvs }
}
