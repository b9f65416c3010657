//! What every skeleton of a data shares and how its update list is stored: the update
//! items (bones and constraints, packed in a `u32`), the resettable items of a setup pose,
//! and [`SharedLayout`] (each bone's children, the physics constraints, update orders),
//! derived once per data.

use super::*;

/// What the update cache runs, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UpdateItem {
    Bone(u32),
    Constraint(u32),
}

/// An [`UpdateItem`] in 4 bytes (the update cache holds one per active bone and
/// constraint): a bone's index, or a constraint's with the high bit set.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct PackedUpdateItem(pub(crate) u32);

/// The high bit of a packed item.
pub(crate) const PACKED_HIGH: u32 = 1 << 31;

impl From<UpdateItem> for PackedUpdateItem {
    #[inline]
    fn from(item: UpdateItem) -> Self {
        // Indices come from `u32` counts of objects that each take far more than 2 bytes:
        // they are below 2^30.
        match item {
            UpdateItem::Bone(b) => PackedUpdateItem(b),
            UpdateItem::Constraint(c) => PackedUpdateItem(c | PACKED_HIGH),
        }
    }
}

impl PackedUpdateItem {
    #[inline]
    pub(crate) fn is_bone(self) -> bool {
        self.0 & PACKED_HIGH == 0
    }

    #[inline]
    pub(crate) fn get(self) -> UpdateItem {
        if self.is_bone() {
            UpdateItem::Bone(self.0)
        } else {
            UpdateItem::Constraint(self.0 & !PACKED_HIGH)
        }
    }
}

impl std::fmt::Debug for PackedUpdateItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// Objects whose applied pose is a constrained copy that must be reset every frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resettable {
    Bone(u32),
    Slot(u32),
    Constraint(u32),
}

/// A [`Resettable`] in 4 bytes: the index, with the kind in the two high bits (0 bone,
/// 1 slot, 2 constraint).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct PackedResettable(pub(crate) u32);

impl From<Resettable> for PackedResettable {
    #[inline]
    fn from(object: Resettable) -> Self {
        match object {
            Resettable::Bone(b) => PackedResettable(b),
            Resettable::Slot(s) => PackedResettable(s | 1 << 30),
            Resettable::Constraint(c) => PackedResettable(c | 2 << 30),
        }
    }
}

impl PackedResettable {
    /// 0 bone, 1 slot, 2 constraint (the order of the reset cache).
    #[inline]
    pub(crate) fn kind(self) -> u32 {
        self.0 >> 30
    }

    #[inline]
    pub(crate) fn index(self) -> usize {
        (self.0 & !(3 << 30)) as usize
    }

    #[inline]
    pub(crate) fn get(self) -> Resettable {
        let index = self.index() as u32;
        match self.kind() {
            0 => Resettable::Bone(index),
            1 => Resettable::Slot(index),
            _ => Resettable::Constraint(index),
        }
    }
}

impl std::fmt::Debug for PackedResettable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// What every skeleton of a data derives from it alike, made once and shared: each bone's
/// children (in bone order) and link, the physics constraints, and the update orders the
/// skeletons have derived.
#[derive(Debug, Default)]
pub(crate) struct SharedLayout {
    /// For each bone, the range of its children in `list`.
    pub(crate) ranges: Vec<(u32, u32)>,
    pub(crate) list: Vec<u32>,
    /// What every world transform reads of each bone's data, densely, rather than in each
    /// instance's bones.
    pub(crate) links: Vec<BoneLink>,
    /// Indices of the physics constraints.
    pub(crate) physics: Box<[u32]>,
    /// Per constraint, its place among the physics constraints (`u32::MAX` for others).
    pub(crate) physics_places: Box<[u32]>,
    /// Per physics constraint, where its springs start in [`PhysicsStates::springs`]; then
    /// the total.
    pub(crate) spring_starts: Box<[u32]>,
    /// Per physics constraint, the per-step damping of its setup damping (`powf` is
    /// costly; an animated damping is computed when it differs).
    pub(crate) setup_damping: Box<[f64]>,
    /// Update orders, shared by the skeletons that derive the same one.
    pub(crate) orders: update_order::SharedOrders,
}

/// A bone's parent ([`NO_PARENT`] for a root) and its setup rotation and shears with their
/// axes (see [`KnownAxes`]), side by side: one record per world transform.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BoneLink {
    pub(crate) parent: u32,
    pub(crate) setup: KnownAxes,
}

impl SharedLayout {
    pub(crate) fn of_data(data: &SkeletonData) -> SharedLayout {
        let mut counts = vec![0u32; data.bones.len()];
        for b in &data.bones {
            if let Some(p) = b.parent {
                counts[p as usize] += 1;
            }
        }
        let mut ranges = Vec::with_capacity(counts.len());
        let mut start = 0;
        for &n in &counts {
            ranges.push((start, start));
            start += n;
        }
        let mut list = vec![0; start as usize];
        for (i, b) in data.bones.iter().enumerate() {
            if let Some(p) = b.parent {
                let end = &mut ranges[p as usize].1;
                list[*end as usize] = i as u32;
                *end += 1;
            }
        }
        let links = data
            .bones
            .iter()
            .map(|b| BoneLink {
                parent: b.parent.unwrap_or(NO_PARENT),
                setup: KnownAxes::of(b.setup.rotation, b.setup.shear_x, b.setup.shear_y),
            })
            .collect();
        let (mut physics, mut physics_places, mut spring_starts) = (Vec::new(), Vec::new(), vec![0]);
        let mut setup_damping = Vec::new();
        for (i, c) in data.constraints.iter().enumerate() {
            match &c.kind {
                ConstraintKind::Physics(p) => {
                    physics_places.push(physics.len() as u32);
                    physics.push(i as u32);
                    spring_starts.push(spring_starts[spring_starts.len() - 1] + physics::spring_count(p) as u32);
                    setup_damping.push(physics::damping_factor(p.setup.damping, p.step));
                }
                _ => physics_places.push(u32::MAX),
            }
        }
        SharedLayout {
            ranges,
            list,
            links,
            physics: physics.into(),
            physics_places: physics_places.into(),
            spring_starts: spring_starts.into(),
            setup_damping: setup_damping.into(),
            orders: Default::default(),
        }
    }

    /// Physics constraint `constraint`'s place among the physics constraints, and its
    /// springs' range in [`PhysicsStates::springs`].
    #[inline]
    pub(crate) fn physics_place(&self, constraint: usize) -> Option<(usize, std::ops::Range<usize>)> {
        let place = *self.physics_places.get(constraint)? as usize;
        let (&start, &end) = (self.spring_starts.get(place)?, self.spring_starts.get(place + 1)?);
        Some((place, start as usize..end as usize))
    }

    /// The per-step damping of physics constraint `place`'s setup damping.
    #[inline]
    pub(crate) fn setup_damping(&self, place: usize) -> f64 {
        self.setup_damping[place]
    }

    /// How many springs the physics constraints keep in all.
    pub(crate) fn spring_count(&self) -> usize {
        self.spring_starts.last().map_or(0, |&n| n as usize)
    }

    #[inline]
    pub(crate) fn parent(&self, bone: usize) -> Option<u32> {
        let parent = self.links[bone].parent;
        (parent != NO_PARENT).then_some(parent)
    }

    #[inline]
    pub(crate) fn of(&self, bone: usize) -> &[u32] {
        let (start, end) = self.ranges[bone];
        &self.list[start as usize..end as usize]
    }
}

/// The data's [`SharedLayout`] (see [`DerivedCache`]).
impl Derive for Arc<SharedLayout> {
    const KIND: DerivedKind = DerivedKind::Layout;
    fn derive(data: &SkeletonData) -> Self {
        Arc::new(SharedLayout::of_data(data))
    }
}

impl SharedLayout {
    /// The layout of `data`, made once per data and shared.
    pub(crate) fn of_shared(data: &SkeletonData) -> Arc<SharedLayout> {
        data.derived.get::<Arc<SharedLayout>>(data).clone()
    }
}
