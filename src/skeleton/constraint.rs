//! Constraint instances: each with its animated pose, its constrained copy and whatever
//! state it keeps between frames. The solvers live in the submodules.

pub mod ik;
pub mod path;
pub mod physics;
pub mod slider;
pub mod transform;

pub use physics::MAX_PHYSICS_STEPS;

use super::pose::Posed;
use crate::model::{ConstraintKind, IkPose, PathPose, PhysicsPose, SkeletonData, SliderPose, TransformPose};

/// One constraint of a skeleton instance: the skeleton's constraint `i` is the data's
/// constraint `i`.
///
/// Whether it is active is kept in its poses' padding (the `extra` of each [`Posed`]),
/// so that a constraint is no larger than its largest state.
#[derive(Debug, Clone)]
pub struct Constraint {
    pub kind: ConstraintState,
}

#[derive(Debug, Clone)]
pub enum ConstraintState {
    Ik(Posed<IkPose, bool>),
    Transform(Posed<TransformPose, bool>),
    // Every constraint stays small: a path constraint's buffers are the thread's (see
    // `path::SCRATCH`), the physics constraints' simulation state the skeleton's
    // (`PhysicsStates`).
    Path(Posed<PathPose, bool>),
    Physics(Posed<PhysicsPose, bool>),
    Slider(Posed<SliderPose, bool>),
}

impl Constraint {
    pub(crate) fn new(data: &SkeletonData, index: usize) -> Self {
        let kind = match &data.constraints[index].kind {
            ConstraintKind::Ik(c) => ConstraintState::Ik(Posed::new(c.setup)),
            ConstraintKind::Transform(c) => ConstraintState::Transform(Posed::new(c.setup)),
            ConstraintKind::Path(c) => ConstraintState::Path(Posed::new(c.setup)),
            ConstraintKind::Physics(c) => ConstraintState::Physics(Posed::new(c.setup)),
            ConstraintKind::Slider(c) => ConstraintState::Slider(Posed::new(c.setup)),
        };
        Constraint { kind }
    }

    /// Whether it is updated: its source is active and, when skin-required, the skin lists it.
    #[inline]
    pub fn active(&self) -> bool {
        match &self.kind {
            ConstraintState::Ik(p) => p.extra,
            ConstraintState::Transform(p) => p.extra,
            ConstraintState::Path(p) => p.extra,
            ConstraintState::Physics(p) => p.extra,
            ConstraintState::Slider(p) => p.extra,
        }
    }

    pub(crate) fn set_active(&mut self, active: bool) {
        match &mut self.kind {
            ConstraintState::Ik(p) => p.extra = active,
            ConstraintState::Transform(p) => p.extra = active,
            ConstraintState::Path(p) => p.extra = active,
            ConstraintState::Physics(p) => p.extra = active,
            ConstraintState::Slider(p) => p.extra = active,
        }
    }

    /// Resets the animated pose to the setup pose (`data` is the constraint's).
    pub(crate) fn setup_pose(&mut self, data: &ConstraintKind) {
        match (&mut self.kind, data) {
            (ConstraintState::Ik(p), ConstraintKind::Ik(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Transform(p), ConstraintKind::Transform(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Path(p), ConstraintKind::Path(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Physics(p), ConstraintKind::Physics(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Slider(p), ConstraintKind::Slider(c)) => *p.pose_mut() = c.setup,
            _ => unreachable!("constraint state matches its data"),
        }
    }

    /// Makes the constrained copy the applied pose (made from the setup values the first
    /// time); returns whether it was already.
    /// `data` is the constraint's.
    pub(crate) fn constrain(&mut self, data: &ConstraintKind) -> bool {
        match (&mut self.kind, data) {
            (ConstraintState::Ik(p), ConstraintKind::Ik(c)) => p.constrain(|| c.setup),
            (ConstraintState::Transform(p), ConstraintKind::Transform(c)) => p.constrain(|| c.setup),
            (ConstraintState::Path(p), ConstraintKind::Path(c)) => p.constrain(|| c.setup),
            (ConstraintState::Physics(p), ConstraintKind::Physics(c)) => p.constrain(|| c.setup),
            (ConstraintState::Slider(p), ConstraintKind::Slider(c)) => p.constrain(|| c.setup),
            _ => unreachable!("constraint state matches its data"),
        }
    }

    /// Makes the animated pose the applied pose.
    pub(crate) fn unconstrain(&mut self) {
        match &mut self.kind {
            ConstraintState::Ik(p) => p.unconstrain(),
            ConstraintState::Transform(p) => p.unconstrain(),
            ConstraintState::Path(p) => p.unconstrain(),
            ConstraintState::Physics(p) => p.unconstrain(),
            ConstraintState::Slider(p) => p.unconstrain(),
        }
    }

    /// Copies the animated pose into the constrained copy (start of a frame).
    pub(crate) fn reset_constrained(&mut self) {
        fn reset<T: Copy>(p: &mut Posed<T, bool>) {
            if let (pose, Some(copy)) = p.split_mut() {
                *copy = *pose;
            }
        }
        match &mut self.kind {
            ConstraintState::Ik(p) => reset(p),
            ConstraintState::Transform(p) => reset(p),
            ConstraintState::Path(p) => reset(p),
            ConstraintState::Physics(p) => reset(p),
            ConstraintState::Slider(p) => reset(p),
        }
    }
}
