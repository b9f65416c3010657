//! JSON loader (being written).
use crate::atlas::Atlas;
use crate::error::Result;
use crate::model::SkeletonData;

pub fn read(_text: &str, _atlas: Option<&Atlas>, _scale: f32) -> Result<SkeletonData> {
    todo!()
}
