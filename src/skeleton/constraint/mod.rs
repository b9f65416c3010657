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
    Path(Posed<PathPose>, path::PathScratch),
    Physics(Posed<PhysicsPose>, physics::PhysicsState),
    Slider(Posed<SliderPose>),
}

impl Constraint {
    pub(crate) fn new(data: &SkeletonData, index: usize) -> Self {
        let kind = match &data.constraints[index].kind {
            ConstraintKind::Ik(c) => ConstraintState::Ik(Posed::new(c.setup)),
            ConstraintKind::Transform(c) => ConstraintState::Transform(Posed::new(c.setup)),
            ConstraintKind::Path(c) => ConstraintState::Path(Posed::new(c.setup), path::PathScratch::default()),
            ConstraintKind::Physics(c) => {
                ConstraintState::Physics(Posed::new(c.setup), physics::PhysicsState::default())
            }
            ConstraintKind::Slider(c) => ConstraintState::Slider(Posed::new(c.setup)),
        };
        Constraint { data: index as u32, active: false, kind }
    }

    /// Resets the animated pose to the setup pose.
    pub(crate) fn setup_pose(&mut self, data: &SkeletonData) {
        match (&mut self.kind, &data.constraints[self.data as usize].kind) {
            (ConstraintState::Ik(p), ConstraintKind::Ik(c)) => p.pose = c.setup,
            (ConstraintState::Transform(p), ConstraintKind::Transform(c)) => p.pose = c.setup,
            (ConstraintState::Path(p, _), ConstraintKind::Path(c)) => p.pose = c.setup,
            (ConstraintState::Physics(p, _), ConstraintKind::Physics(c)) => p.pose = c.setup,
            (ConstraintState::Slider(p), ConstraintKind::Slider(c)) => p.pose = c.setup,
            _ => unreachable!("constraint state matches its data"),
        }
    }

    pub(crate) fn set_constrained(&mut self, constrained: bool) {
        match &mut self.kind {
            ConstraintState::Ik(p) => p.is_constrained = constrained,
            ConstraintState::Transform(p) => p.is_constrained = constrained,
            ConstraintState::Path(p, _) => p.is_constrained = constrained,
            ConstraintState::Physics(p, _) => p.is_constrained = constrained,
            ConstraintState::Slider(p) => p.is_constrained = constrained,
        }
    }

    pub(crate) fn is_constrained(&self) -> bool {
        match &self.kind {
            ConstraintState::Ik(p) => p.is_constrained,
            ConstraintState::Transform(p) => p.is_constrained,
            ConstraintState::Path(p, _) => p.is_constrained,
            ConstraintState::Physics(p, _) => p.is_constrained,
            ConstraintState::Slider(p) => p.is_constrained,
        }
    }

    /// Copies the animated pose into the constrained copy (start of a frame).
    pub(crate) fn reset_constrained(&mut self) {
        match &mut self.kind {
            ConstraintState::Ik(p) => p.constrained = p.pose,
            ConstraintState::Transform(p) => p.constrained = p.pose,
            ConstraintState::Path(p, _) => p.constrained = p.pose,
            ConstraintState::Physics(p, _) => p.constrained = p.pose,
            ConstraintState::Slider(p) => p.constrained = p.pose,
        }
    }
}
