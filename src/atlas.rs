//! Atlas loading (placeholder, being written).
