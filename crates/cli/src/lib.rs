//! The shared command line.
