//! The `quzzle` puzzle (filled in by its own issue).
