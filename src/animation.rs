//! Applying animations: timeline evaluation (`apply`) and the animation state that mixes
//! and queues animations on tracks (`state`).

pub mod apply;
pub mod state;

pub use apply::{apply_animation, apply_timeline, FiredEvent, Mix, MixFrom};
pub use state::{
    AnimationState, AnimationStateData, Interpolation, StateEvent, StateEventKind, TrackEntry, TrackEntryId,
};
