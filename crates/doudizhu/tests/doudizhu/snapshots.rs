//! Reviewed snapshots: the classification of tricky plays under every preset, and the sorted
//! lead lists of two fixed hands.

use std::fmt::Write;

use doudizhu::{Counts, Preset, classify, lead};

/// Plays a reviewer should look at: every type's edge, the seed's faults, the disputed points.
const TRICKY: &[&str] = &[
    "3",
    "R",
    "22",
    "BR",
    "3B",
    "333",
    "3333",
    "3334",
    "333B",
    "33344",
    "3334B",
    "34567",
    "3456789TJQKA",
    "TJQKA",
    "JQKA2",
    "34567B",
    "334455",
    "KKAA22",
    "33445566778899TTJJ",
    "333444",
    "AAA222",
    "333444555666",
    "333444555666777888",
    "333444555666777",
    "33344456",
    "33344455",
    "3334445R",
    "333444BR",
    "33334444",
    "33334445",
    "33334455",
    "333344",
    "333345",
    "3333BR",
    "AAAA22",
    "2222BR",
    "333555666777",
    "444555666999",
    "QQQKKKAAA222",
    "333444555777",
    "3334445556667777",
    "3334445556667778",
    "3334445556668889",
    "3334445556667788",
    "3334445566",
    "3334445555",
    "33344455566677788899",
    "333444555666777888BR",
    "3334445556667777889",
];

#[test]
fn tricky_plays_under_every_preset() {
    let mut out = String::new();
    for play in TRICKY {
        let cards: Counts = play.parse().unwrap();
        let _ = writeln!(out, "{play}");
        for p in Preset::ALL {
            let text = match classify(cards, &p.rules()) {
                Ok(r) => r
                    .iter()
                    .map(|m| {
                        format!(
                            "{} {} main {} value {}",
                            m.kind(),
                            m.body_len(),
                            m.main(),
                            m.value()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" | "),
                Err(e) => format!("no play: {e}"),
            };
            let _ = writeln!(out, "  {:<9} {text}", p.name());
        }
    }
    insta::assert_snapshot!(out);
}

fn lead_list(hand: &str, preset: Preset) -> String {
    let mut moves = lead(hand.parse().unwrap(), &preset.rules());
    moves.sort();
    let mut out = format!("{hand} under {preset}: {} leads\n", moves.len());
    for m in moves {
        let _ = writeln!(out, "{m}");
    }
    out
}

#[test]
fn lead_list_of_a_plane_hand_standard() {
    insta::assert_snapshot!(lead_list("333444555677899TJQKR", Preset::Standard));
}

#[test]
fn lead_list_of_a_bomb_hand_douzero() {
    insta::assert_snapshot!(lead_list("3333456789TTJJQQA2BR", Preset::Douzero));
}
