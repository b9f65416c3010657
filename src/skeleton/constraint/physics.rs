//! Physics constraint solver (being written).
use crate::skeleton::{Physics, Skeleton};

/// Simulation state kept between frames (f64 as the reference runtime).
#[derive(Debug, Clone, Default)]
pub struct PhysicsState {}

pub(crate) fn update(_skeleton: &mut Skeleton, _index: usize, _physics: Physics) {}
pub(crate) fn translate(_skeleton: &mut Skeleton, _index: usize, _x: f32, _y: f32) {}
pub(crate) fn rotate(_skeleton: &mut Skeleton, _index: usize, _x: f32, _y: f32, _degrees: f32) {}
