//! The one accessor mechanism behind the many field getters and setters.
//!
//! A door names *where* a value lives (a [`Place`]: the skeleton itself, a slot's pose, a
//! bone's pose or instance, a constraint) and *which* value (a [`Field`] from a table of
//! `const`s: how to read it as the C type and how to write it back, with its own
//! validation). [`get`], [`get_xy`], [`set`], [`set_xy`] and [`set_from`] do every check
//! an accessor needs — null out/in pointers, versioned struct sizes, finite numbers, the
//! handle and its claim, index ranges, the pose selector — once, in one place. Data records (`spn_skeleton_data_*`
//! structs with a `size` field) go through [`record`] the same way.

use crate::ffi::error::*;
use crate::ffi::objects::{data_object, skeleton_object, spn_skeleton, spn_skeleton_data, SkeletonDataObject};

use crate::model::SkeletonData;
use crate::skeleton::constraint::Constraint;
use crate::skeleton::pose::BonePose;
use crate::skeleton::{Bone, SlotPose};
use crate::Skeleton;

/// How a value of a `T` is read and written as the C type `C`.
pub(crate) struct Field<T, C> {
    pub(crate) get: fn(&T) -> C,
    pub(crate) set: Setter<T, C>,
}

/// How a field stores a value.
pub(crate) enum Setter<T, C> {
    /// Any value is valid.
    Plain(fn(&mut T, C)),
    /// Validates the value first (`Err` leaves `T` unchanged).
    Checked(fn(&mut T, C) -> Result<(), Failure>),
    /// The field has no setter.
    ReadOnly,
}

impl<T, C> Field<T, C> {
    pub(crate) const fn new(get: fn(&T) -> C, set: fn(&mut T, C)) -> Self {
        Field { get, set: Setter::Plain(set) }
    }

    pub(crate) const fn checked(get: fn(&T) -> C, set: fn(&mut T, C) -> Result<(), Failure>) -> Self {
        Field { get, set: Setter::Checked(set) }
    }

    pub(crate) const fn read_only(get: fn(&T) -> C) -> Self {
        Field { get, set: Setter::ReadOnly }
    }

    fn store(&self, target: &mut T, value: C) -> Result<(), Failure> {
        match self.set {
            Setter::Plain(set) => {
                set(target, value);
                Ok(())
            }
            Setter::Checked(set) => set(target, value),
            Setter::ReadOnly => Err(Failure::invalid("the value is read only")),
        }
    }
}

/// Where in a skeleton an accessor's value lives; resolves after the handle is claimed.
pub(crate) trait Place {
    type Target;
    fn locate<'a>(&self, skeleton: &'a Skeleton) -> Result<&'a Self::Target, Failure>;
    fn locate_mut<'a>(&self, skeleton: &'a mut Skeleton) -> Result<&'a mut Self::Target, Failure>;
}

/// The skeleton itself (skeleton-wide values).
pub(crate) struct Whole;

/// Pose `pose` (an `spn_pose` value) of slot `slot`.
pub(crate) struct SlotAt(pub(crate) u32, pub(crate) u32);

/// Pose `pose` (an `spn_pose` value) of bone `bone`.
pub(crate) struct BonePoseAt(pub(crate) u32, pub(crate) u32);

/// Bone instance `bone` (activity, applied world transform).
pub(crate) struct BoneAt(pub(crate) u32);

/// Constraint instance `constraint`.
pub(crate) struct ConstraintAt(pub(crate) u32);

/// Whether an `spn_pose` value selects the applied pose.
pub(crate) fn applied_pose(pose: u32) -> Result<bool, Failure> {
    match pose {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(Failure::invalid(format!("{pose} is not an spn_pose value"))),
    }
}

impl Place for Whole {
    type Target = Skeleton;
    fn locate<'a>(&self, skeleton: &'a Skeleton) -> Result<&'a Skeleton, Failure> {
        Ok(skeleton)
    }
    fn locate_mut<'a>(&self, skeleton: &'a mut Skeleton) -> Result<&'a mut Skeleton, Failure> {
        Ok(skeleton)
    }
}

impl Place for SlotAt {
    type Target = SlotPose;
    fn locate<'a>(&self, skeleton: &'a Skeleton) -> Result<&'a SlotPose, Failure> {
        let applied = applied_pose(self.1)?;
        let s = index_in(self.0, skeleton.slots.len(), "slot")?;
        Ok(skeleton.slots[s].posed.get(applied))
    }
    fn locate_mut<'a>(&self, skeleton: &'a mut Skeleton) -> Result<&'a mut SlotPose, Failure> {
        let applied = applied_pose(self.1)?;
        let s = index_in(self.0, skeleton.slots.len(), "slot")?;
        Ok(skeleton.slots[s].posed.get_mut(applied))
    }
}

impl Place for BonePoseAt {
    type Target = BonePose;
    fn locate<'a>(&self, skeleton: &'a Skeleton) -> Result<&'a BonePose, Failure> {
        let applied = applied_pose(self.1)?;
        let b = index_in(self.0, skeleton.bones.len(), "bone")?;
        Ok(skeleton.bones[b].posed.get(applied))
    }
    fn locate_mut<'a>(&self, skeleton: &'a mut Skeleton) -> Result<&'a mut BonePose, Failure> {
        let applied = applied_pose(self.1)?;
        let b = index_in(self.0, skeleton.bones.len(), "bone")?;
        Ok(skeleton.bones[b].posed.get_mut(applied))
    }
}

impl Place for BoneAt {
    type Target = Bone;
    fn locate<'a>(&self, skeleton: &'a Skeleton) -> Result<&'a Bone, Failure> {
        let b = index_in(self.0, skeleton.bones.len(), "bone")?;
        Ok(&skeleton.bones[b])
    }
    fn locate_mut<'a>(&self, skeleton: &'a mut Skeleton) -> Result<&'a mut Bone, Failure> {
        let b = index_in(self.0, skeleton.bones.len(), "bone")?;
        Ok(&mut skeleton.bones[b])
    }
}

impl Place for ConstraintAt {
    type Target = Constraint;
    fn locate<'a>(&self, skeleton: &'a Skeleton) -> Result<&'a Constraint, Failure> {
        let c = index_in(self.0, skeleton.constraints.len(), "constraint")?;
        Ok(&skeleton.constraints[c])
    }
    fn locate_mut<'a>(&self, skeleton: &'a mut Skeleton) -> Result<&'a mut Constraint, Failure> {
        let c = index_in(self.0, skeleton.constraints.len(), "constraint")?;
        Ok(&mut skeleton.constraints[c])
    }
}

/// A C value an accessor writes through an out pointer. Versioned structs check the
/// caller's `size` before anything is written.
pub(crate) trait OutValue: Sized {
    fn check_out(&self) -> Result<(), Failure> {
        Ok(())
    }
}

impl OutValue for f32 {}
impl OutValue for f64 {}
impl OutValue for u32 {}
impl OutValue for i32 {}

/// Reads `field` of `place` into `*out`.
#[inline]
pub(crate) fn get<P: Place, C: OutValue>(
    skeleton: spn_skeleton,
    place: P,
    field: &Field<P::Target, C>,
    out: Option<&mut C>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        out.check_out()?;
        let object = skeleton_object(skeleton)?;
        *out = (field.get)(place.locate(&object.skeleton)?);
        Ok(())
    })
}

/// Reads a two-component `field` of `place` into `*out_x`, `*out_y`.
#[inline]
pub(crate) fn get_xy<P: Place>(
    skeleton: spn_skeleton,
    place: P,
    field: &Field<P::Target, [f32; 2]>,
    out_x: Option<&mut f32>,
    out_y: Option<&mut f32>,
) -> spn_status {
    guard(|| {
        let (out_x, out_y) = (required(out_x, "out_x")?, required(out_y, "out_y")?);
        let object = skeleton_object(skeleton)?;
        [*out_x, *out_y] = (field.get)(place.locate(&object.skeleton)?);
        Ok(())
    })
}

/// Writes `value` (the argument named `what`; its floats must be finite) to `field` of
/// `place`.
#[inline]
pub(crate) fn set<P: Place, C: Finite>(
    skeleton: spn_skeleton,
    place: P,
    field: &Field<P::Target, C>,
    value: C,
    what: &str,
) -> spn_status {
    guard(|| {
        let value = finite(value, what)?;
        let mut object = skeleton_object(skeleton)?;
        field.store(place.locate_mut(&mut object.skeleton)?, value)
    })
}

/// Writes the arguments `x` and `y` (finite) to a two-component `field` of `place`.
#[inline]
pub(crate) fn set_xy<P: Place>(
    skeleton: spn_skeleton,
    place: P,
    field: &Field<P::Target, [f32; 2]>,
    x: f32,
    y: f32,
) -> spn_status {
    guard(|| {
        let value = [finite(x, "x")?, finite(y, "y")?];
        let mut object = skeleton_object(skeleton)?;
        field.store(place.locate_mut(&mut object.skeleton)?, value)
    })
}

/// Writes `*value` (passed by pointer, named `what` in the messages; its floats must be
/// finite) to `field` of `place`.
#[inline]
pub(crate) fn set_from<P: Place, C: Copy + Finite>(
    skeleton: spn_skeleton,
    place: P,
    field: &Field<P::Target, C>,
    value: Option<&C>,
    what: &str,
) -> spn_status {
    guard(|| {
        let value = finite(*input(value, what)?, what)?;
        let mut object = skeleton_object(skeleton)?;
        field.store(place.locate_mut(&mut object.skeleton)?, value)
    })
}

// ---------------------------------------------------------------------------------------
// Data records

/// Implements [`OutValue`] for versioned structs (with a `size` field the caller sets):
/// a `size` below this version's struct is `SPN_ERROR_INVALID_ARGUMENT`.
macro_rules! records {
    ($($t:ident),* $(,)?) => {$(
        impl $crate::ffi::access::OutValue for $t {
            fn check_out(&self) -> Result<(), $crate::ffi::error::Failure> {
                $crate::ffi::error::check_size(self.size, size_of::<$t>(), stringify!($t))
            }
        }
    )*};
}
pub(crate) use records;

/// One list of a skeleton data that an indexed record accessor reads.
pub(crate) struct List<R> {
    /// Named in the out-of-range message.
    pub(crate) what: &'static str,
    pub(crate) len: fn(&SkeletonData) -> usize,
    /// Builds the record of entry `index` (in range), `size` included.
    pub(crate) build: fn(&SkeletonDataObject, usize) -> Result<R, Failure>,
}

/// Fills `*out` with the record of entry `index` of `list`. Checks `out->size` first.
#[inline]
pub(crate) fn record<R: OutValue>(
    data: spn_skeleton_data,
    index: u32,
    list: &List<R>,
    out: Option<&mut R>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        out.check_out()?;
        let object = data_object(data)?;
        let i = index_in(index, (list.len)(&object.data), list.what)?;
        *out = (list.build)(&object, i)?;
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// Lookups by name

/// The door of the functions that find an index or id by name: inside the panic guard,
/// checks `out`, reads `name` (NUL-terminated UTF-8), then writes what `lookup` finds, or
/// fails with `SPN_ERROR_NOT_FOUND` and the message `missing` words for the name.
///
/// # Safety
/// `name` must be null or a NUL-terminated string.
#[inline]
pub(crate) unsafe fn find_by_name(
    name: *const std::ffi::c_char,
    out: Option<&mut u32>,
    lookup: impl FnOnce(&str) -> Result<Option<u32>, Failure>,
    missing: impl FnOnce(&str) -> String,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: as the caller promises.
        let name = unsafe { in_c_str(name, "name")? };
        *out = lookup(name)?.ok_or_else(|| Failure::not_found(missing(name)))?;
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// Lists copied to caller buffers (two-call size protocol)

/// The door of every function of the two-call size protocol (`out`, `capacity`,
/// `out_count`): inside the panic guard, checks `out_count` and runs `fill`, which writes at
/// most `capacity` items (through [`copy_list`] or [`copy_records`]) and the full count.
#[inline]
pub(crate) fn list(out_count: Option<&mut u32>, fill: impl FnOnce(&mut u32) -> Result<(), Failure>) -> spn_status {
    guard(|| fill(required(out_count, "out_count")?))
}

/// Copies `min(capacity, items.len())` items to `out` and reports `items.len()` through
/// `out_count`: call with capacity 0 (and `out` NULL) to size the buffer.
///
/// # Safety
/// A non-null `out` must have room for `capacity` items.
pub(crate) unsafe fn copy_list<T: Copy>(
    items: &[T],
    out: *mut T,
    capacity: u32,
    out_count: &mut u32,
) -> Result<(), Failure> {
    let n = items.len().min(capacity as usize);
    if n > 0 {
        if out.is_null() {
            return Err(null_argument("out"));
        }
        // SAFETY: the caller promises room for `capacity` >= `n` items at `out`.
        unsafe { std::slice::from_raw_parts_mut(out, n) }.copy_from_slice(&items[..n]);
    }
    *out_count = items.len() as u32;
    Ok(())
}

/// A record of a caller-sized array: its C name and the size of its first version.
pub(crate) trait Versioned: Copy {
    const NAME: &'static str;
    const FIRST_SIZE: usize;
}

/// [`copy_list`] for `count` versioned records (from `items`) laid out `record_size` bytes apart (the caller's
/// `sizeof`): each record's first `min(record_size, size_of::<T>())` bytes are written, so
/// callers built against a smaller (older) record keep working. `record_size` below the
/// first version's size is `SPN_ERROR_INVALID_ARGUMENT`.
///
/// # Safety
/// A non-null `out` must have room for `capacity` records of `record_size` bytes.
pub(crate) unsafe fn copy_records<T: Versioned>(
    count: usize,
    items: impl Iterator<Item = T>,
    record_size: u32,
    out: *mut T,
    capacity: u32,
    out_count: &mut u32,
) -> Result<(), Failure> {
    if (record_size as usize) < T::FIRST_SIZE {
        let (what, minimum) = (T::NAME, T::FIRST_SIZE);
        return Err(Failure::invalid(format!("record size {record_size} is below sizeof({what}) = {minimum}")));
    }
    let out = out.cast::<u8>();
    let n = count.min(capacity as usize);
    if n > 0 && out.is_null() {
        return Err(null_argument("out"));
    }
    let bytes = (record_size as usize).min(size_of::<T>());
    for (i, item) in items.take(n).enumerate() {
        // SAFETY: record `i < capacity` lies inside the caller's buffer; `bytes` is within
        // both the record and `T`.
        unsafe {
            std::ptr::copy_nonoverlapping((&item as *const T).cast::<u8>(), out.add(i * record_size as usize), bytes)
        };
    }
    *out_count = count as u32;
    Ok(())
}

/// The address of `slice`'s first element for an out record, null for an empty slice.
pub(crate) fn pointer<T>(slice: &[T]) -> *const T {
    if slice.is_empty() {
        std::ptr::null()
    } else {
        slice.as_ptr()
    }
}
