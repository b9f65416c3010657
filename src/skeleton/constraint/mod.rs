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

/// One constraint of a skeleton instance.
#[derive(Debug, Clone)]
pub struct Constraint {
    /// Index into `SkeletonData::constraints`.
    pub data: u32,
    /// Whether it is updated: its source is active and, when skin-required, the skin lists it.
    pub active: bool,
    pub kind: ConstraintState,
}

#[derive(Debug, Clone)]
pub enum ConstraintState {
    Ik(Posed<IkPose>),
    Transform(Posed<TransformPose>),
    // The larger states are boxed so that every constraint stays small (most are IK and
    // transform constraints). A path constraint's buffers are the thread's (see
    // `path::SCRATCH`).
    Path(Posed<PathPose>),
    Physics(Posed<PhysicsPose>, Box<physics::PhysicsState>),
    Slider(Posed<SliderPose>),
}

impl Constraint {
    pub(crate) fn new(data: &SkeletonData, index: usize) -> Self {
        let kind = match &data.constraints[index].kind {
            ConstraintKind::Ik(c) => ConstraintState::Ik(Posed::new(c.setup)),
            ConstraintKind::Transform(c) => ConstraintState::Transform(Posed::new(c.setup)),
            ConstraintKind::Path(c) => ConstraintState::Path(Posed::new(c.setup)),
            ConstraintKind::Physics(c) => ConstraintState::Physics(Posed::new(c.setup), Box::default()),
            ConstraintKind::Slider(c) => ConstraintState::Slider(Posed::new(c.setup)),
        };
        Constraint { data: index as u32, active: false, kind }
    }

    /// Resets the animated pose to the setup pose.
    pub(crate) fn setup_pose(&mut self, data: &SkeletonData) {
        match (&mut self.kind, &data.constraints[self.data as usize].kind) {
            (ConstraintState::Ik(p), ConstraintKind::Ik(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Transform(p), ConstraintKind::Transform(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Path(p), ConstraintKind::Path(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Physics(p, _), ConstraintKind::Physics(c)) => *p.pose_mut() = c.setup,
            (ConstraintState::Slider(p), ConstraintKind::Slider(c)) => *p.pose_mut() = c.setup,
            _ => unreachable!("constraint state matches its data"),
        }
    }

    /// Makes the constrained copy the applied pose (made from the setup values the first
    /// time); returns whether it was already.
    pub(crate) fn constrain(&mut self, data: &SkeletonData) -> bool {
        match (&mut self.kind, &data.constraints[self.data as usize].kind) {
            (ConstraintState::Ik(p), ConstraintKind::Ik(c)) => p.constrain(|| c.setup),
            (ConstraintState::Transform(p), ConstraintKind::Transform(c)) => p.constrain(|| c.setup),
            (ConstraintState::Path(p), ConstraintKind::Path(c)) => p.constrain(|| c.setup),
            (ConstraintState::Physics(p, _), ConstraintKind::Physics(c)) => p.constrain(|| c.setup),
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
            ConstraintState::Physics(p, _) => p.unconstrain(),
            ConstraintState::Slider(p) => p.unconstrain(),
        }
    }

    /// Copies the animated pose into the constrained copy (start of a frame).
    pub(crate) fn reset_constrained(&mut self) {
        fn reset<T: Copy>(p: &mut Posed<T>) {
            if let (pose, Some(copy)) = p.split_mut() {
                *copy = *pose;
            }
        }
        match &mut self.kind {
            ConstraintState::Ik(p) => reset(p),
            ConstraintState::Transform(p) => reset(p),
            ConstraintState::Path(p) => reset(p),
            ConstraintState::Physics(p, _) => reset(p),
            ConstraintState::Slider(p) => reset(p),
        }
    }
}
