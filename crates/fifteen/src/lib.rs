//! The `fifteen` puzzle (filled in by its own issue).
