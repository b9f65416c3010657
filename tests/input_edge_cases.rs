//! Inputs no corpus rig contains: strings as the (Java) editor writes them, text files
//! handed to the wrong loader, older exports, byte-order marks, JSON without a version.
//! Every input is written by the test itself.

use spine_native::{ErrorKind, Location, SkeletonData};

/// The error of a load that must fail.
fn failure(result: Result<SkeletonData, spine_native::Error>, what: &str) -> spine_native::Error {
    match result {
        Ok(_) => panic!("{what}: should not load"),
        Err(error) => error,
    }
}

/// Writes binary skeleton values; strings either as UTF-8 or as the editor writes them
/// (every UTF-16 unit on its own: surrogate halves as two 3-byte sequences).
#[derive(Default)]
struct Writer {
    bytes: Vec<u8>,
    java: bool,
}

/// Java's encoding of a string (`DataOutput` of the editor).
fn java_bytes(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for unit in text.encode_utf16() {
        let unit = u32::from(unit);
        match unit {
            0x00..=0x7f => out.push(unit as u8),
            0x80..=0x7ff => out.extend([0xc0 | (unit >> 6) as u8, 0x80 | (unit & 0x3f) as u8]),
            _ => out.extend([0xe0 | (unit >> 12) as u8, 0x80 | ((unit >> 6) & 0x3f) as u8, 0x80 | (unit & 0x3f) as u8]),
        }
    }
    out
}

impl Writer {
    fn java() -> Writer {
        Writer { bytes: Vec::new(), java: true }
    }
    fn byte(&mut self, value: u8) -> &mut Self {
        self.bytes.push(value);
        self
    }
    fn int(&mut self, value: i32) -> &mut Self {
        self.bytes.extend_from_slice(&value.to_be_bytes());
        self
    }
    fn float(&mut self, value: f32) -> &mut Self {
        self.bytes.extend_from_slice(&value.to_be_bytes());
        self
    }
    fn varint(&mut self, mut value: u32) -> &mut Self {
        loop {
            let group = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                self.bytes.push(group);
                return self;
            }
            self.bytes.push(group | 0x80);
        }
    }
    fn string(&mut self, text: Option<&str>) -> &mut Self {
        match text {
            None => self.varint(0),
            Some(text) => {
                let encoded = if self.java { java_bytes(text) } else { text.as_bytes().to_vec() };
                self.varint(encoded.len() as u32 + 1);
                self.bytes.extend_from_slice(&encoded);
                self
            }
        }
    }
    /// Header without nonessential data.
    fn header(&mut self, version: &str) -> &mut Self {
        self.int(0x1234).int(-2).string(Some(version));
        self.float(0.0).float(0.0).float(100.0).float(200.0).float(100.0).byte(0)
    }
    fn bone(&mut self, name: &str, parent: Option<u32>) -> &mut Self {
        self.string(Some(name));
        if let Some(parent) = parent {
            self.varint(parent);
        }
        self.float(0.0).float(1.0).float(2.0).float(1.0).float(1.0).float(0.0).float(0.0);
        self.byte(0).float(0.0).byte(0)
    }
}

/// A skeleton whose names, string table, attachment name, event name, event string and
/// audio path all hold characters outside the Basic Multilingual Plane.
fn emoji_skeleton(mut w: Writer) -> Vec<u8> {
    w.header("4.3.44");
    w.varint(2).string(Some("p😀int")).string(Some("🎵 beat")); // string table
    w.varint(2).bone("root", None).bone("b😀", Some(0));
    // One slot on bone 1 showing table string 0.
    w.varint(1).string(Some("sl😀t")).varint(1).int(-1).int(-1).varint(1).varint(0);
    w.varint(0); // constraints
                 // Default skin: slot 0 holds a point attachment under placeholder table[0].
    w.varint(1).varint(0).varint(1).varint(1).byte(5).float(0.0).float(3.0).float(4.0);
    w.varint(1).string(Some("h👋y")).varint(0).varint(0).varint(0); // a named skin, empty
                                                                    // One event with audio.
    w.varint(1).string(Some("ev😀")).varint(0).float(0.0).string(Some("t𝄞xt")).string(Some("sounds/🎵.ogg"));
    w.float(0.5).float(0.25);
    w.varint(0); // animations
    w.bytes
}

#[test]
fn editor_strings_outside_the_basic_plane_load_from_binary() {
    let java = emoji_skeleton(Writer::java());
    let utf8 = emoji_skeleton(Writer::default());
    assert_ne!(java, utf8, "the editor's encoding differs from UTF-8");
    assert!(!java.contains(&0xf0), "no 4-byte sequences in the editor's encoding");
    for (label, bytes) in [("modified UTF-8", &java), ("UTF-8", &utf8)] {
        let data = SkeletonData::from_binary(bytes, None, 1.0).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(data.bones[1].name, "b😀", "{label}");
        assert_eq!(data.find_bone("b😀"), Some(1), "{label}");
        assert_eq!(data.slots[0].name, "sl😀t", "{label}");
        let setup = data.slots[0].attachment.map(|n| data.name(n).to_owned());
        assert_eq!(setup.as_deref(), Some("p😀int"), "{label}");
        let entry = &data.skins[0].entries[0];
        assert_eq!(data.name(entry.name), "p😀int", "{label}");
        assert_eq!(data.attachment(entry.attachment).name, "p😀int", "{label}");
        assert_eq!(data.skins[1].name, "h👋y", "{label}");
        let event = &data.events[0];
        assert_eq!(
            (event.name.as_str(), event.string_value.as_str(), event.audio_path.as_str()),
            ("ev😀", "t𝄞xt", "sounds/🎵.ogg"),
            "{label}"
        );
        assert_eq!((event.volume, event.balance), (0.5, 0.25), "{label}");
    }
    let a = SkeletonData::from_binary(&java, None, 1.0).unwrap();
    let b = SkeletonData::from_binary(&utf8, None, 1.0).unwrap();
    assert_eq!(format!("{:?}", a.bones), format!("{:?}", b.bones));
    assert_eq!(format!("{:?}", a.attachments), format!("{:?}", b.attachments));
}

#[test]
fn errors_after_an_editor_string_name_offsets_of_the_original_file() {
    let java = emoji_skeleton(Writer::java());
    let utf8 = emoji_skeleton(Writer::default());
    // Cut both inside the event's volume float: the error offset is that of each file.
    for (bytes, cut) in [(&java, java.len() - 6), (&utf8, utf8.len() - 6)] {
        let error = failure(SkeletonData::from_binary(&bytes[..cut], None, 1.0), "truncated");
        assert_eq!(error.kind(), ErrorKind::Truncated, "{error}");
        match error.location() {
            Some(Location::Binary { offset, section }) => {
                assert_eq!(*offset, bytes.len() - 9, "{error}");
                assert!(section.contains("events"), "{error}");
            }
            other => panic!("{other:?}"),
        }
    }
    // Bytes after the end: the offset is the original file's length.
    let mut longer = java.clone();
    longer.push(0);
    match SkeletonData::from_binary(&longer, None, 1.0) {
        Err(spine_native::Error::TrailingBytes { count: 1, offset }) => assert_eq!(offset, java.len()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_unpaired_surrogate_loads_as_the_replacement_character_and_other_bytes_fail() {
    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1);
    w.varint(5).byte(b'b').byte(0xed).byte(0xa0).byte(0xbd); // "b" + a lone high surrogate
    w.float(0.0).float(0.0).float(0.0).float(1.0).float(1.0).float(0.0).float(0.0).byte(0).float(0.0).byte(0);
    w.varint(0).varint(0).varint(0).varint(0).varint(0).varint(0);
    let data = SkeletonData::from_binary(&w.bytes, None, 1.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(data.bones[0].name, "b\u{fffd}");

    let mut w = Writer::default();
    w.header("4.3.0").varint(0).varint(1);
    w.varint(3).byte(0xff).byte(0xfe);
    w.float(0.0).float(0.0).float(0.0).float(1.0).float(1.0).float(0.0).float(0.0).byte(0).float(0.0).byte(0);
    let error = failure(SkeletonData::from_binary(&w.bytes, None, 1.0), "not a string");
    assert_eq!(error.kind(), ErrorKind::InvalidValue);
    assert!(error.to_string().contains("neither UTF-8 nor modified UTF-8"), "{error}");
    assert!(error.to_string().contains("bones[0]"), "{error}");
}

const JSON: &str = r#"{
"skeleton": { "hash": "x", "spine": "4.3.39", "x": 0, "y": 0, "width": 10, "height": 20 },
"bones": [ { "name": "root" }, { "name": "b😀", "parent": "root", "x": 2 } ],
"animations": { "idle": {} }
}"#;

#[test]
fn a_json_export_with_a_byte_order_mark_loads_as_json() {
    let with_bom = format!("\u{feff}{JSON}");
    let data = SkeletonData::from_json(&with_bom, None, 1.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((data.bones[1].name.as_str(), data.info.version.as_str()), ("b😀", "4.3.39"));
    let path = std::env::temp_dir().join(format!("spine-native-bom-{}.json", std::process::id()));
    std::fs::write(&path, with_bom.as_bytes()).unwrap();
    let loaded = SkeletonData::from_file(&path, None, 1.0);
    std::fs::remove_file(&path).ok();
    let data = loaded.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(data.bones.len(), 2);
    assert_eq!(data.bones[1].setup.x, 2.0);
}

#[test]
fn a_json_export_without_a_version_loads_with_an_empty_version() {
    let text = JSON.replace(r#""spine": "4.3.39", "#, "");
    let data = SkeletonData::from_json(&text, None, 1.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(data.info.version, "");
    assert_eq!(data.info.height, 20.0);
    let text = r#"{ "bones": [ { "name": "root" } ] }"#;
    let data = SkeletonData::from_json(text, None, 1.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((data.bones.len(), data.info.version.as_str()), (1, ""));
    // A version that is present has to be 4.2 or 4.3.
    let error = failure(SkeletonData::from_json(&JSON.replace("4.3.39", "4.1.24"), None, 1.0), "4.1");
    assert_eq!(error.kind(), ErrorKind::Version);
    assert!(error.to_string().contains("Spine 4.1 exports are not supported"), "{error}");
    let data = SkeletonData::from_json(&JSON.replace("4.3.39", "4.2.11"), None, 1.0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(data.info.spine, spine_native::model::SpineVersion::V42);
}

#[test]
fn json_handed_to_the_binary_loader_is_named_as_json() {
    for text in [JSON.to_string(), format!("\u{feff}  {JSON}"), "{}".to_string()] {
        let error = failure(SkeletonData::from_binary(text.as_bytes(), None, 1.0), "JSON is not binary");
        let message = error.to_string();
        assert_eq!(error.kind(), ErrorKind::InvalidValue, "{message}");
        assert!(message.contains("JSON text"), "{message}");
        assert!(!message.contains("truncated"), "{message}");
    }
}

#[test]
fn an_atlas_handed_to_a_skeleton_loader_is_named_as_an_atlas() {
    let atlas = "\nhero.png\nsize: 1024, 512\nfilter: Linear, Linear\nhead\n  bounds: 0, 0, 10, 10\n";
    let error = failure(SkeletonData::from_binary(atlas.as_bytes(), None, 1.0), "an atlas is no skeleton");
    let message = error.to_string();
    assert_eq!(error.kind(), ErrorKind::InvalidValue, "{message}");
    assert!(message.contains("atlas text"), "{message}");
    assert!(!message.contains("version"), "{message}");
}

#[test]
fn a_spine_3_binary_is_a_version_error_naming_its_version() {
    // 3.x header: hash string, version string, then x, y, width, height, nonessential.
    let mut w = Writer::default();
    w.string(Some("mXn5HEHN2Dc")).string(Some("3.8.99"));
    w.float(-100.0).float(-10.0).float(200.0).float(300.0).byte(0);
    w.varint(1).string(Some("root"));
    w.bytes.extend_from_slice(&[0u8; 40]);
    let error = failure(SkeletonData::from_binary(&w.bytes, None, 1.0), "3.8 is not 4.3");
    let message = error.to_string();
    assert_eq!(error.kind(), ErrorKind::Version, "{message}");
    assert!(message.contains("\"3.8.99\""), "{message}");
    assert!(!message.contains("UTF-8"), "{message}");
}
