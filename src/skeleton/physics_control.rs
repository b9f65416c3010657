//! Physics control: moving and rotating every physics constraint with the skeleton, and
//! reading, resetting or moving one.

use super::*;

impl Skeleton {
    /// Makes every physics constraint feel a movement of `(x, y)` world units that the bones
    /// did not make (the reference's `physicsTranslate`): the simulation's remembered
    /// positions move by `(-x, -y)`, so the next update swings as if the skeleton had just
    /// moved by `(x, y)`. Not a teleport: to teleport without disturbing physics, call
    /// `set_position(x + dx, y + dy)` then `physics_translate(-dx, -dy)` (see the C
    /// header's `spn_skeleton_physics_translate` for engines that move a host transform).
    pub fn physics_translate(&mut self, x: f32, y: f32) {
        for i in 0..self.layout.physics.len() {
            let c = self.layout.physics[i] as usize;
            constraint::physics::translate(self, c, x, y);
        }
    }

    /// Makes every physics constraint feel a rotation of `degrees` around `(x, y)` that the
    /// bones did not make (the reference's `physicsRotate`).
    pub fn physics_rotate(&mut self, x: f32, y: f32, degrees: f32) {
        for i in 0..self.layout.physics.len() {
            let c = self.layout.physics[i] as usize;
            constraint::physics::rotate(self, c, x, y, degrees);
        }
    }

    /// Feeds one frame of the host object's movement into every physics constraint (what
    /// spine-unity's position and rotation inheritance does): the host moved `(dx, dy)`
    /// world units and turned `degrees` since the last frame, and physics sees
    /// `(dx * inherit_x, dy * inherit_y)` of translation and `degrees * inherit_rotation`
    /// of rotation around the skeleton position. Factors of 0 ignore that movement, 1 take
    /// all of it. Call it once per frame before the world transform.
    pub fn physics_move(&mut self, dx: f32, dy: f32, degrees: f32, inherit: [f32; 3]) {
        let [inherit_x, inherit_y, inherit_rotation] = inherit;
        self.physics_translate(dx * inherit_x, dy * inherit_y);
        self.physics_rotate(self.x, self.y, degrees * inherit_rotation);
    }

    /// Indices of the physics constraints in `constraints`.
    pub fn physics_constraints(&self) -> &[u32] {
        &self.layout.physics
    }

    /// Physics constraint `constraint`'s simulation state: its motion, and a spring per
    /// channel it drives (x, y, rotation/shear X, scale X, those it drives in that order).
    pub fn physics_state(&self, constraint: usize) -> Option<(&Motion, &[SpringState])> {
        self.physics_states.of(&self.layout, constraint)
    }

    /// [`Skeleton::physics_state`], to change (tools and tests).
    pub fn physics_state_mut(&mut self, constraint: usize) -> Option<(&mut Motion, &mut [SpringState])> {
        self.physics_states.of_mut(&self.layout, constraint)
    }

    /// Whether constraint `constraint` (an index into `constraints`) is a physics
    /// constraint, so that the per-constraint physics controls below act on it.
    pub fn is_physics_constraint(&self, constraint: usize) -> bool {
        matches!(self.constraints.get(constraint).map(|c| &c.kind), Some(ConstraintState::Physics(..)))
    }

    /// Forgets the motion of physics constraint `constraint` only, so its bones' movement
    /// before now has no effect. Returns false (and does nothing) when `constraint` is not
    /// a physics constraint.
    pub fn physics_constraint_reset(&mut self, constraint: usize) -> bool {
        let physics = self.is_physics_constraint(constraint);
        if physics {
            constraint::physics::reset(self, constraint);
        }
        physics
    }

    /// Makes physics constraint `constraint` feel a movement of `(x, y)` world units that
    /// its bone did not make (as [`Skeleton::physics_translate`], for one constraint).
    /// Returns false (and does nothing) when
    /// `constraint` is not a physics constraint.
    pub fn physics_constraint_translate(&mut self, constraint: usize, x: f32, y: f32) -> bool {
        let physics = self.is_physics_constraint(constraint);
        if physics {
            constraint::physics::translate(self, constraint, x, y);
        }
        physics
    }

    /// Rotates physics constraint `constraint`'s simulation by `degrees` around world
    /// `(x, y)`. Returns false (and does nothing) when `constraint` is not a physics
    /// constraint.
    pub fn physics_constraint_rotate(&mut self, constraint: usize, x: f32, y: f32, degrees: f32) -> bool {
        let physics = self.is_physics_constraint(constraint);
        if physics {
            constraint::physics::rotate(self, constraint, x, y, degrees);
        }
        physics
    }
}
