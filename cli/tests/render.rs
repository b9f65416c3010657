//! `render`: pictures agree with the render output they are drawn from (its bounding box
//! and, page by page, the pixels its triangles cover), premultiplied and straight atlases
//! give the same picture, and the command writes sheets, animated PNGs and GIFs.

mod support;

use spine_native_cli::image::PageImage;
use spine_native_cli::render::{draw, frames, Camera, Frame, Page};
use spine_native_cli::source::{self, Loaded};
use tiny_skia::Pixmap;

fn demo() -> Loaded {
    source::load(None, None, true).unwrap()
}

fn pages(images: &[PageImage]) -> Vec<Page> {
    images.iter().map(|i| Page::new(i).unwrap()).collect()
}

/// Pixels with any alpha, and their bounding box `[x0, y0, x1, y1]` (inclusive).
fn covered(pixmap: &Pixmap) -> (Vec<bool>, Option<[u32; 4]>) {
    let w = pixmap.width();
    let mut mask = Vec::with_capacity((w * pixmap.height()) as usize);
    let mut bbox: Option<[u32; 4]> = None;
    for (i, p) in pixmap.data().chunks_exact(4).enumerate() {
        let on = p[3] > 0;
        mask.push(on);
        if on {
            let (x, y) = (i as u32 % w, i as u32 / w);
            bbox = Some(match bbox {
                None => [x, y, x, y],
                Some([a, b, c, d]) => [a.min(x), b.min(y), c.max(x), d.max(y)],
            });
        }
    }
    (mask, bbox)
}

/// The same triangles filled with an opaque white page: every pixel the geometry covers.
fn solid(frame: &Frame, page_count: usize, camera: &Camera, page: u32) -> Pixmap {
    let white = PageImage { width: 4, height: 4, rgba: vec![255; 64], premultiplied: false };
    let pages: Vec<Page> = (0..page_count).map(|_| Page::new(&white).unwrap()).collect();
    let mut flat = frame.clone();
    for t in &mut flat.triangles {
        (t.color, t.dark_color, t.blend) = (0xffffffff, 0, spine_native::model::BlendMode::Normal);
    }
    let mut pixmap = Pixmap::new(camera.width, camera.height).unwrap();
    draw(&mut pixmap, &flat, &pages, camera, false, Some(page));
    pixmap
}

#[test]
fn a_demo_frame_fills_the_render_outputs_bounding_box_and_no_more() {
    let loaded = demo();
    let images = source::page_images(&loaded).unwrap();
    let frame = frames(&loaded, Some("walk"), &["red".into()], &[0.3], false).unwrap().remove(0);
    let bounds = frame.bounds().unwrap();
    let camera = Camera::fit(Some(bounds), 300, 400);
    let mut pixmap = Pixmap::new(300, 400).unwrap();
    draw(&mut pixmap, &frame, &pages(&images), &camera, false, None);
    let (_, bbox) = covered(&pixmap);
    let [x0, y0, x1, y1] = bbox.expect("the frame draws something");
    let (ex0, ey1) = camera.to_pixel(bounds[0], bounds[1]);
    let (ex1, ey0) = camera.to_pixel(bounds[2], bounds[3]);
    // Texture edges are transparent, so the picture may fall a few pixels inside the
    // geometry, never outside it.
    let inside = |v: u32, lo: f32, hi: f32| (v as f32) >= lo - 1.0 && (v as f32) <= hi + 1.0;
    assert!(
        inside(x0, ex0, ex1) && inside(x1, ex0, ex1) && inside(y0, ey0, ey1) && inside(y1, ey0, ey1),
        "{bbox:?} vs {:?}",
        (ex0, ey0, ex1, ey1)
    );
    assert!(
        x0 as f32 - ex0 < 6.0 && ex1 - x1 as f32 <= 6.0 && y0 as f32 - ey0 < 6.0 && ey1 - y1 as f32 <= 6.0,
        "{bbox:?} vs {:?}",
        (ex0, ey0, ex1, ey1)
    );
}

#[test]
fn each_page_draws_only_inside_its_triangles() {
    // A multi-page corpus rig when there is one, else the demo.
    let rig = support::rigs()
        .into_iter()
        .find(|r| r.atlas.as_ref().is_some_and(|a| spine_native::Atlas::from_file(a).is_ok_and(|a| a.pages.len() > 1)));
    let loaded = match &rig {
        Some(rig) => {
            let skel = rig.skeletons.iter().find(|p| p.extension().is_some_and(|e| e == "json")).unwrap();
            source::load(Some(skel), rig.atlas.as_deref(), false).unwrap()
        }
        None => demo(),
    };
    let images = source::page_images(&loaded).unwrap();
    let page_list = pages(&images);
    let animation = loaded.data.animations.first().map(|a| a.name.clone());
    let skins: Vec<String> =
        loaded.data.skins.iter().filter(|s| s.name != "default").take(1).map(|s| s.name.clone()).collect();
    let frame = frames(&loaded, animation.as_deref(), &skins, &[0.5], false).unwrap().remove(0);
    let camera = Camera::fit(frame.bounds(), 400, 400);
    let mut drawn_pages = 0;
    for page in 0..images.len() as u32 {
        let mut textured = Pixmap::new(400, 400).unwrap();
        draw(&mut textured, &frame, &page_list, &camera, false, Some(page));
        let (mask, _) = covered(&textured);
        let (geometry, _) = covered(&solid(&frame, images.len(), &camera, page));
        let outside = mask.iter().zip(&geometry).filter(|(t, g)| **t && !**g).count();
        let (on, area) = (mask.iter().filter(|m| **m).count(), geometry.iter().filter(|g| **g).count());
        println!("{}: page {page}: {on} px drawn of {area} px covered", loaded.label);
        assert_eq!(outside, 0, "page {page} draws outside its triangles");
        let has_triangles = frame.triangles.iter().any(|t| t.page == page && !t.indices.is_empty());
        assert_eq!(area > 0, has_triangles, "page {page}");
        if area > 0 {
            assert!(on > 0, "page {page}'s triangles draw nothing");
            drawn_pages += 1;
        }
    }
    assert!(drawn_pages >= 1);
}

/// Mean absolute difference per channel (0..255) of two pictures.
fn mean_difference(a: &Pixmap, b: &Pixmap) -> f64 {
    let sum: u64 = a.data().iter().zip(b.data()).map(|(x, y)| (*x as i32 - *y as i32).unsigned_abs() as u64).sum();
    sum as f64 / a.data().len() as f64
}

#[test]
fn premultiplied_and_straight_atlases_draw_the_same_picture() {
    let Some(rig) = support::rigs().into_iter().find(|r| r.atlas.is_some() && r.pma_atlas.is_some()) else {
        println!("no rig with both atlases");
        return;
    };
    let skel = rig.skeletons.iter().find(|p| p.extension().is_some_and(|e| e == "json")).unwrap();
    let straight = source::load(Some(skel), rig.atlas.as_deref(), false).unwrap();
    let pma = source::load(Some(skel), rig.pma_atlas.as_deref(), false).unwrap();
    let animation = straight.data.animations.first().map(|a| a.name.clone());
    let picture = |loaded: &Loaded, images: &[PageImage], premultiplied: bool| {
        let frame = frames(loaded, animation.as_deref(), &[], &[0.4], premultiplied).unwrap().remove(0);
        let camera = Camera::fit(frame.bounds(), 256, 256);
        let mut pixmap = Pixmap::new(256, 256).unwrap();
        draw(&mut pixmap, &frame, &pages(images), &camera, premultiplied, None);
        pixmap
    };
    let straight_images = source::page_images(&straight).unwrap();
    let pma_images = source::page_images(&pma).unwrap();
    assert!(!straight_images[0].premultiplied && pma_images[0].premultiplied);
    let a = picture(&straight, &straight_images, false);
    let b = picture(&pma, &pma_images, true);
    let same = mean_difference(&a, &b);
    // Treating the premultiplied pages as straight (the classic mistake) darkens edges.
    let wrong: Vec<PageImage> =
        pma_images.iter().map(|i| PageImage { premultiplied: false, rgba: i.rgba.clone(), ..*i }).collect();
    let c = picture(&pma, &wrong, false);
    let mistaken = mean_difference(&a, &c);
    println!("{}: straight vs premultiplied {same:.3}, vs premultiplied read as straight {mistaken:.3}", rig.name);
    assert!(same < 1.0, "{same}");
    assert!(mistaken > same * 2.0, "{mistaken} vs {same}");
}

fn png_info(path: &std::path::Path) -> (u32, u32, Option<u32>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    (info.width, info.height, info.animation_control.map(|a| a.num_frames))
}

#[test]
fn the_command_renders_the_demo_as_a_sheet_an_animated_png_and_a_gif() {
    let dir = support::scratch("render-cli");
    let sheet = dir.join("demo.png");
    let (code, _, err) = support::run(&["render", "--out", sheet.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("8 frame(s) of walk"), "{err}");
    assert_eq!(png_info(&sheet), (4 * 224, 2 * 224, None));
    let apng = dir.join("wave.png");
    let (code, _, err) = support::run(&[
        "render",
        "--animation",
        "wave",
        "--frames",
        "6",
        "--fps",
        "12",
        "--format",
        "apng",
        "--size",
        "120x160",
        "--out",
        apng.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(png_info(&apng), (120, 160, Some(6)));
    let gif = dir.join("jump.gif");
    let (code, _, err) = support::run(&[
        "render",
        "--animation",
        "jump",
        "--skin",
        "blue",
        "--frames",
        "4",
        "--background",
        "203040",
        "--out",
        gif.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut decoder = gif::DecodeOptions::new();
    decoder.set_color_output(gif::ColorOutput::RGBA);
    let mut reader = decoder.read_info(std::fs::File::open(&gif).unwrap()).unwrap();
    let mut count = 0;
    while reader.read_next_frame().unwrap().is_some() {
        count += 1;
    }
    assert_eq!(count, 4);
    let one = dir.join("one.png");
    let (code, _, err) = support::run(&["render", "--time", "0.5", "--out", one.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(png_info(&one), (224, 224, None));
    let (code, _, err) = support::run(&["render", "--animation", "dance", "--out", one.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("no animation \"dance\" (animations: walk, wave, jump)"), "{err}");
}
