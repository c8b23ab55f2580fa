//! `kabu`: rules engine (filled by its issue).
#![forbid(unsafe_code)]
