//! The `goat` puzzle (filled in by its own issue).
