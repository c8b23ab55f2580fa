//! A stale or missing fixture fails `cargo test`.

#[test]
fn fixtures_are_fresh() {
    if let Err(e) = xtask::generate_all(true) {
        panic!("{e}");
    }
}
