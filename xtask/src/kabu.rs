//! Tables under `fixtures/kabu/`: for both presets and both roles, the seed harness's 780
//! two-card hands, its 741 three-card hands from ♠A, and all 9880 three-card hands, in the
//! harness's order, one hand a line (harness numbers, cards, seed code, label), under a header
//! naming the rules, the role and the totals by label.

use std::fmt::Write;

use kabu::{Hand, Role, Rules, Yaku, harness};

use crate::{Generated, header_line};

/// What the preset means, for the header.
fn rules_note(rules: Rules) -> &'static str {
    if rules.vb6_card_order {
        "vb6 (the VB6 program exactly: cards sorted by seed number, then the A must come first)"
    } else {
        "default (the seed's stated intent: any A with any 9 is クッピン, any A with any 4 シッピン)"
    }
}

/// One table: the text and its summary line.
fn table(hands: &[Hand], what: &str, role: Role, rules: Rules) -> (String, String) {
    let mut text = header_line("#");
    let totals = harness::totals(hands.iter().copied(), role, rules);
    let totals_text = harness::format_totals(&totals);
    let mut by_points = [0usize; 10];
    for h in hands {
        let o = h.evaluate(role, rules);
        if o.yaku() == Yaku::None {
            by_points[o.points() as usize] += 1;
        }
    }
    let by_points: Vec<String> = by_points
        .iter()
        .enumerate()
        .map(|(p, n)| format!("{p}: {n}"))
        .collect();
    let _ = writeln!(text, "# Kabu hand evaluation (crates/kabu): {what}");
    let _ = writeln!(
        text,
        "# harness order and numbers: 1..40 = SA..S10, CA..C10, HA..H10, DA..D10; n1 < n2 < n3, n1 the outer loop"
    );
    let _ = writeln!(text, "# rules: {}", rules_note(rules));
    let _ = writeln!(text, "# role: {role}");
    let _ = writeln!(text, "# hands: {}", hands.len());
    let _ = writeln!(text, "# totals: {totals_text}");
    let _ = writeln!(text, "# なし by points: {}", by_points.join(", "));
    let _ = writeln!(
        text,
        "# columns: harness numbers | cards | seed code (Hyouka) | label (kekka)"
    );
    for &hand in hands {
        let o = hand.evaluate(role, rules);
        let numbers: Vec<String> = hand
            .harness_numbers()
            .iter()
            .map(|n| format!("{n:>2}"))
            .collect();
        let cards = format!("{hand:#}");
        let _ = writeln!(
            text,
            "{} | {cards:<11} | {:>3} | {}",
            numbers.join(" "),
            o.code(),
            o.label()
        );
    }
    (text, format!("{} hands: {totals_text}", hands.len()))
}

/// Writes (or checks) every kabu table.
pub fn generate(check: bool) -> Result<Vec<Generated>, String> {
    let two: Vec<Hand> = harness::two_card_hands().collect();
    let three_sa: Vec<Hand> = harness::three_card_hands_from(1)
        .map_err(|e| e.to_string())?
        .collect();
    let three_all: Vec<Hand> = harness::three_card_hands().collect();
    let tables: [(&str, &str, &[Hand]); 3] = [
        (
            "two",
            "every two-card hand (the harness's two-card test)",
            &two,
        ),
        (
            "three-sa",
            "every three-card hand from SA (the harness's three-card test with 1 in its box)",
            &three_sa,
        ),
        ("three-all", "every three-card hand", &three_all),
    ];
    let mut out = Vec::new();
    for rules in Rules::PRESETS {
        for role in Role::ALL {
            for (name, what, hands) in tables {
                let (text, summary) = table(hands, what, role, rules);
                out.push(Generated::write(
                    &format!("fixtures/kabu/{rules}-{role}-{name}.txt"),
                    &text,
                    summary,
                    check,
                )?);
            }
        }
    }
    Ok(out)
}
