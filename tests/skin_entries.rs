//! Runtime skin entries on every corpus rig's skins: removing entries keeps every other
//! lookup and the insertion order; clearing empties the skin; copies are independent.

mod support;

use spine_native::skeleton::Skin;

#[test]
fn removing_skin_entries_keeps_the_other_lookups() {
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(path) = rig.pro_skel.clone().or(rig.json.clone()) else { continue };
        let atlas = rig.load_atlas().unwrap();
        let data = rig.load(&path, atlas.as_ref()).unwrap();
        for skin_data in &data.skins {
            let original = Skin::from_data(skin_data);
            let mut skin = original.clone();
            let entries = original.entries().to_vec();
            for (i, e) in entries.iter().enumerate() {
                if i % 2 == 0 {
                    assert!(skin.remove_attachment(e.slot, e.name), "{}: remove {i}", rig.name);
                    assert!(!skin.remove_attachment(e.slot, e.name), "{}: removed twice", rig.name);
                }
            }
            let kept: Vec<_> = entries.iter().enumerate().filter(|(i, _)| i % 2 == 1).map(|(_, e)| *e).collect();
            assert_eq!(skin.entries(), &kept[..], "{}: the rest, in order", rig.name);
            for (i, e) in entries.iter().enumerate() {
                let expected = (i % 2 == 1).then_some(e.attachment);
                assert_eq!(skin.attachment(e.slot, e.name), expected, "{}: lookup {i}", rig.name);
            }
            assert_eq!(original.entries(), &entries[..], "the original is untouched");
            skin.clear();
            assert!(skin.entries().is_empty() && skin.bones.is_empty() && skin.constraints.is_empty());
            assert!(entries.iter().all(|e| skin.attachment(e.slot, e.name).is_none()));
            checked += entries.len();
        }
    }
    eprintln!("{checked} skin entries checked");
    assert!(checked > 0 || !support::corpus_required());
}
