//! The committed Kabu tables hold the library's codes and labels, row by row (the library equals
//! a transcription of the original program on every hand: the `kabu` crate's own tests). This
//! reads files of the repository, so it lives here rather than in the `kabu` crate.

use kabu::{Hand, Role, Rules};

#[test]
fn every_row_of_the_committed_kabu_tables_is_the_librarys_evaluation() {
    let dir = xtask::project_root().join("fixtures/kabu");
    let mut rows_checked = 0;
    for rules in Rules::PRESETS {
        for role in Role::ALL {
            for (name, count) in [("two", 780), ("three-sa", 741), ("three-all", 9880)] {
                let file = format!("{rules}-{role}-{name}.txt");
                let text = std::fs::read_to_string(dir.join(&file))
                    .unwrap_or_else(|e| panic!("{file}: {e}"));
                let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
                assert_eq!(rows.len(), count, "{file}");
                for row in rows {
                    // harness numbers | cards | code | label
                    let cols: Vec<&str> = row.split(" | ").map(str::trim).collect();
                    let numbers: Vec<i32> = cols[0]
                        .split_whitespace()
                        .map(|n| n.parse().unwrap())
                        .collect();
                    let hand = Hand::from_harness_numbers(&numbers).unwrap();
                    assert_eq!(cols[1].parse::<Hand>().unwrap(), hand, "{file}: {row}");
                    let o = hand.evaluate(role, rules);
                    assert_eq!(cols[2], o.code().to_string(), "{file}: {row}");
                    assert_eq!(cols[3], o.label(), "{file}: {row}");
                    rows_checked += 1;
                }
            }
        }
    }
    assert_eq!(rows_checked, 4 * (780 + 741 + 9880));
}
