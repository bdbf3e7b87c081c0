//! The `seven` puzzle (filled in by its own issue).
