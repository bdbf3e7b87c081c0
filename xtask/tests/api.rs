//! The listings of the libraries' public API in docs/api match the code, so that a change to
//! a library's public API is made on purpose: `cargo xtask api` writes them again.

use std::process::Command;

#[test]
fn the_public_api_listings_match_the_code() {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask")).args(["api", "--check"]).output().unwrap();
    assert!(out.status.success(), "{}\n{}", String::from_utf8_lossy(&out.stderr), String::from_utf8_lossy(&out.stdout));
}
