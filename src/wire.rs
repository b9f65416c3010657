//! The byte codec of pose snapshots: how values are appended to a payload and read back
//! ([`Wire`], [`Reader`], `wire_struct!`), the payload's format version and the errors a
//! restore reports. The skeleton's and the animation state's snapshot modules describe
//! their values with it; [`crate::snapshot`] frames the payload and runs the restore.

/// Format version of the payload (4: an animation state's exact rotations are kept only
/// for the bones rotate timelines turn; a slot pose's dark color is optional; 5: a track
/// entry's interrupted mix, which 4.2 data mixes by).
pub const SNAPSHOT_VERSION: u32 = 5;

/// Why a snapshot cannot be restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error("not a pose snapshot (bad magic)")]
    Magic,
    #[error("snapshot format version {0}, this library reads {SNAPSHOT_VERSION}")]
    Version(u32),
    #[error("the snapshot was taken of other skeleton data")]
    OtherRig,
    #[error("the snapshot {0} an animation state, the call {1}")]
    State(&'static str, &'static str),
    /// The buffer ends before what is read next: `need` bytes at payload byte `at` (the
    /// header counts as `at` 0 for the header), `left` there.
    #[error("the snapshot is truncated: {need} bytes needed at payload byte {at}, {left} left")]
    Truncated { at: usize, need: usize, left: usize },
    /// The header's payload length disagrees with the bytes after the header.
    #[error("the snapshot is truncated: its header gives a payload of {payload} bytes, {have} follow the header")]
    ShortPayload { payload: u64, have: usize },
    /// Bytes follow the snapshot (its header's payload length, or its decoded contents).
    #[error("{extra} trailing bytes after the snapshot ({size} bytes)")]
    Trailing { extra: usize, size: usize },
    #[error("the snapshot's checksum does not match its contents")]
    Checksum,
    #[error("invalid snapshot: {0}")]
    Invalid(String),
}

pub(crate) type Result<T> = std::result::Result<T, SnapshotError>;

pub(crate) fn invalid<T>(what: impl Into<String>) -> Result<T> {
    Err(SnapshotError::Invalid(what.into()))
}

/// Appends values to a payload, and reads them back.
pub(crate) trait Wire: Sized {
    fn put(&self, w: &mut Vec<u8>);
    fn get(r: &mut Reader<'_>) -> Result<Self>;
    /// Reads a value over `self`, reusing the memory it holds (vectors keep their
    /// capacity): what restoring into the reused scratch does, so that a warm restore
    /// allocates nothing. On error `self` is left some valid value.
    #[inline]
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        *self = Self::get(r)?;
        Ok(())
    }
}

/// Reads `n` values into `v` over the ones it holds (see [`Wire::get_into`]).
pub(crate) fn get_n_into<T: Wire>(v: &mut Vec<T>, n: usize, r: &mut Reader<'_>) -> Result<()> {
    v.truncate(n);
    for value in v.iter_mut() {
        value.get_into(r)?;
    }
    v.reserve(n - v.len());
    for _ in v.len()..n {
        v.push(T::get(r)?);
    }
    Ok(())
}

/// Reads a payload.
pub(crate) struct Reader<'a> {
    /// What is left to read.
    pub(crate) bytes: &'a [u8],
    /// The length of the whole buffer read (for the offsets errors name).
    pub(crate) total: usize,
}

impl<'a> Reader<'a> {
    /// The offset of the next byte in the buffer.
    pub(crate) fn at(&self) -> usize {
        self.total - self.bytes.len()
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.bytes.len() < n {
            return Err(SnapshotError::Truncated { at: self.at(), need: n, left: self.bytes.len() });
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    /// A length prefix, bounded by what the rest of the payload can hold (each element
    /// takes at least one byte), so a changed length cannot allocate without bound.
    pub(crate) fn len(&mut self) -> Result<usize> {
        let at = self.at();
        let n = u32::get(self)? as usize;
        if n > self.bytes.len() {
            return invalid(format!(
                "a list of {n} at byte {at} is longer than the {} bytes after it",
                self.bytes.len()
            ));
        }
        Ok(n)
    }
}

macro_rules! wire_number {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            #[inline]
            fn put(&self, w: &mut Vec<u8>) {
                w.extend_from_slice(&self.to_le_bytes());
            }
            #[inline]
            fn get(r: &mut Reader<'_>) -> Result<Self> {
                let b = r.take(size_of::<$t>())?;
                Ok(<$t>::from_le_bytes(b.try_into().expect("sized")))
            }
        }
    )*};
}
wire_number!(u8, u16, u32, i32, u64, f32, f64);

impl Wire for bool {
    fn put(&self, w: &mut Vec<u8>) {
        w.push(*self as u8);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        match u8::get(r)? {
            0 => Ok(false),
            1 => Ok(true),
            v => invalid(format!("{v} at byte {} is not a boolean", r.at() - 1)),
        }
    }
}

impl<T: Wire> Wire for Box<T> {
    fn put(&self, w: &mut Vec<u8>) {
        (**self).put(w);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        T::get(r).map(Box::new)
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        (**self).get_into(r)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, w: &mut Vec<u8>) {
        match self {
            None => w.push(0),
            Some(v) => {
                w.push(1);
                v.put(w);
            }
        }
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        Ok(if bool::get(r)? { Some(T::get(r)?) } else { None })
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        match (bool::get(r)?, self.as_mut()) {
            (true, Some(v)) => v.get_into(r)?,
            (true, None) => *self = Some(T::get(r)?),
            (false, _) => *self = None,
        }
        Ok(())
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, w: &mut Vec<u8>) {
        (self.len() as u32).put(w);
        for v in self {
            v.put(w);
        }
    }
    fn get(r: &mut Reader<'_>) -> Result<Self> {
        let n = r.len()?;
        (0..n).map(|_| T::get(r)).collect()
    }
    fn get_into(&mut self, r: &mut Reader<'_>) -> Result<()> {
        let n = r.len()?;
        get_n_into(self, n, r)
    }
}

/// `Wire` for a struct by its named fields, all of them listed (the compiler checks the
/// list is complete); `skip { field: value }` ones are not stored and get `value`.
macro_rules! wire_struct {
    ($t:ty { $($f:ident),* $(,)? } $(skip { $($s:ident : $e:expr),* $(,)? })?) => {
        impl $crate::wire::Wire for $t {
            fn put(&self, w: &mut Vec<u8>) {
                $($crate::wire::Wire::put(&self.$f, w);)*
            }
            fn get(r: &mut $crate::wire::Reader<'_>) -> $crate::wire::Result<Self> {
                Ok(Self { $($f: $crate::wire::Wire::get(r)?,)* $($($s: $e,)*)? })
            }
            fn get_into(&mut self, r: &mut $crate::wire::Reader<'_>) -> $crate::wire::Result<()> {
                $($crate::wire::Wire::get_into(&mut self.$f, r)?;)*
                $($(self.$s = $e;)*)?
                Ok(())
            }
        }
    };
}
pub(crate) use wire_struct;
