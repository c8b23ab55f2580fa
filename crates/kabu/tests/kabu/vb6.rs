//! A deliberately naive second evaluator: the seed's VB6 `Hyouka` (sort included), `CardMark`
//! and `kekka`, transcribed statement by statement, compared with the engine on every hand,
//! role and preset.

// The transcription keeps the VB6 statements as they are (late `goukei`, the manual swap), not
// idiomatic Rust.
#![allow(
    clippy::needless_late_init,
    clippy::manual_swap,
    clippy::single_match_else
)]

use kabu::{Hand, Role, Rules, harness};

/// VB6 `Int`: the largest integer not above the value.
fn vb_int(x: f64) -> i32 {
    x.floor() as i32
}

/// VB6 `Str` of an integer: a leading space for the sign of a non-negative number.
fn vb_str(n: i32) -> String {
    if n >= 0 {
        format!(" {n}")
    } else {
        format!("{n}")
    }
}

/// `CardMark num, mark, number`: the quotient by 13 is the mark, the remainder plus one the
/// number (seed note ※3).
fn card_mark(num: i32, cm: &mut i32, cn: &mut i32) {
    *cm = num / 13;
    *cn = num % 13 + 1;
}

/// `Private Function Hyouka(cnum As Integer) As Integer`, `Tefuda` passed in.
#[allow(clippy::too_many_lines, clippy::needless_range_loop)]
fn hyouka(tefuda: &[i32; 4], cnum: usize) -> i32 {
    let mut hyouka = 0; // the function's return variable starts at 0
    let mut tf = [0i32; 4]; // Dim tf(3) As Integer
    let mut cm = [0i32; 4];
    let mut cn = [0i32; 4];
    let goukei;
    tf[1] = tefuda[cnum];
    tf[2] = tefuda[cnum + 1];
    tf[3] = tefuda[cnum + 2];
    for n in 1..=2 {
        for n2 in n + 1..=3 {
            if tf[n] > tf[n2] && tf[n] != -1 && tf[n2] != -1 {
                let wk = tf[n];
                tf[n] = tf[n2];
                tf[n2] = wk;
            }
        }
    }
    for n in 1..=3 {
        if tf[n] == -1 {
            cm[n] = -1;
            cn[n] = -1;
        } else {
            let (mut m, mut k) = (0, 0);
            card_mark(tf[n], &mut m, &mut k);
            cm[n] = m;
            cn[n] = k;
        }
    }
    if cnum == 0 {
        if cn[1] == 1 && cn[2] == 9 && cn[3] == -1 {
            return 999;
        }
    } else if cn[1] == 1 && cn[2] == 4 && cn[3] == -1 {
        return 998;
    }
    if cn[1] == cn[2] && cn[2] == cn[3] {
        if cn[1] == 1 || cn[1] == 3 || cn[1] == 5 || cn[1] == 10 {
            return 888;
        }
        return 777;
    } else if cn[1] == cn[2] && cn[3] == -1 {
        if cn[1] == 1 || cn[1] == 3 || cn[1] == 5 || cn[1] == 10 {
            hyouka = 800;
        } else {
            hyouka = 700;
        }
    } else if cm[1] == cm[2] && cm[2] == cm[3] {
        if cn[1] == cn[2] - 1 && cn[1] == cn[3] - 2 {
            return 555;
        }
    } else if cm[1] == cm[2] && cm[3] == -1 && cn[1] == cn[2] - 1 {
        hyouka = 500;
    }
    if cn[3] == -1 {
        goukei = (cn[1] + cn[2]) % 10;
    } else {
        goukei = (cn[1] + cn[2] + cn[3]) % 10;
    }
    hyouka + goukei
}

/// `Private Sub kekka(rr As Integer)`: the line it appends to `Text1` (without `vbCrLf`).
/// `cnum` is undeclared there, an empty Variant: 0, so it reads `Tefuda(1)..Tefuda(3)`.
fn kekka(tefuda: &[i32; 4], rr: i32) -> String {
    let cnum = 0usize;
    let mut msg = String::new();
    for n in 1..=3 {
        let x1 = vb_int(f64::from(tefuda[cnum + n]) / 13.0);
        msg.push_str(match x1 {
            0 => "S",
            1 => "C",
            2 => "H",
            3 => "D",
            _ => " ",
        });
        msg += &vb_str((tefuda[cnum + n] % 13) + 1);
        msg += " ";
    }
    if rr == 999 {
        msg += "クッピン";
    } else if rr == 998 {
        msg += "シッピン";
    } else if rr == 888 {
        msg += "嵐10倍";
    } else if rr == 777 {
        msg += "嵐5倍";
    } else if rr == 555 {
        msg += "順子";
    } else if rr >= 800 {
        msg += "嵐10倍リーチ";
    } else if rr >= 700 {
        msg += "嵐5倍リーチ";
    } else if rr >= 500 {
        msg += "順子リーチ";
    } else {
        msg = msg + "なし" + &vb_str(rr);
    }
    msg
}

/// The harness's `cnum` array: `cnum(1..40)` are the seed numbers of the 40 cards.
fn harness_cnum() -> [i32; 41] {
    let mut cnum = [0i32; 41];
    let mut cn = 1;
    for range in [1..=10, 14..=23, 27..=36, 40..=49] {
        for n in range {
            cnum[cn] = n - 1;
            cn += 1;
        }
    }
    cnum
}

/// Runs `Hyouka` on seed numbers in the given order, for a role: the dealer's cards are
/// `Tefuda(0..2)` with `cnum = 0`, a child's `Tefuda(1..3)` with `cnum = 1` (as the harness).
fn naive(cards: &[i32], role: Role) -> i32 {
    let mut tefuda = [-1i32; 4];
    let base = match role {
        Role::Dealer => 0,
        Role::Child => 1,
    };
    for (i, &c) in cards.iter().enumerate() {
        tefuda[base + i] = c;
    }
    hyouka(&tefuda, base)
}

fn seed_numbers(hand: Hand) -> Vec<i32> {
    hand.seed_numbers().into_iter().map(i32::from).collect()
}

fn numbers_of(hand: Hand) -> Vec<u8> {
    hand.cards().iter().filter_map(kabu::number).collect()
}

/// Every order of two or three numbers.
fn permutations(v: &[i32]) -> Vec<Vec<i32>> {
    match v.len() {
        2 => vec![vec![v[0], v[1]], vec![v[1], v[0]]],
        _ => {
            let mut out = Vec::new();
            for i in 0..3 {
                for j in 0..3 {
                    for k in 0..3 {
                        if i != j && j != k && i != k {
                            out.push(vec![v[i], v[j], v[k]]);
                        }
                    }
                }
            }
            out
        }
    }
}

#[test]
fn the_harness_cnum_array_is_the_seed_numbering() {
    let cnum = harness_cnum();
    for n in 1..=40 {
        let card = kabu::from_harness_number(n).unwrap();
        assert_eq!(
            cnum[usize::try_from(n).unwrap()],
            i32::from(kabu::seed_number(card).unwrap())
        );
    }
}

#[test]
fn vb6_preset_equals_hyouka_on_every_two_card_hand_and_order() {
    let cnum = harness_cnum();
    let mut count = 0;
    for (n1, n2) in (1..40).flat_map(|a| (a + 1..=40).map(move |b| (a, b))) {
        let cards = [cnum[n1], cnum[n2]];
        let hand = Hand::from_seed_numbers(&cards).unwrap();
        for role in Role::ALL {
            let expected = naive(&cards, role);
            for order in permutations(&cards) {
                assert_eq!(
                    naive(&order, role),
                    expected,
                    "{hand} {role}: Hyouka sorts first"
                );
            }
            let got = hand.evaluate(role, Rules::VB6);
            assert_eq!(i32::from(got.code()), expected, "{hand} as {role}");
            assert_eq!(kabu::evaluate_by_rule(hand, role, Rules::VB6), got);
        }
        count += 1;
    }
    assert_eq!(count, 780);
}

#[test]
fn default_preset_differs_from_hyouka_only_on_an_a_after_its_9_or_4() {
    let mut differ = [(Role::Dealer, Vec::new()), (Role::Child, Vec::new())];
    for hand in harness::two_card_hands() {
        for (role, list) in &mut differ {
            let naive_code = naive(&seed_numbers(hand), *role);
            let got = hand.evaluate(*role, Rules::DEFAULT);
            assert_eq!(kabu::evaluate_by_rule(hand, *role, Rules::DEFAULT), got);
            if i32::from(got.code()) != naive_code {
                list.push(format!("{hand:#} {} {naive_code}", got.code()));
            }
        }
    }
    // The six A+9 (dealer) and A+4 (child) hands whose 9 or 4 is in a suit before the A's in
    // the seed's order ♠ ♣ ♥ ♦: the intent gives the yaku, the program plain points. (Listed
    // in the harness's order.)
    assert_eq!(
        differ[0].1,
        [
            "S9 CA 999 0",
            "S9 HA 999 0",
            "S9 DA 999 0",
            "C9 HA 999 0",
            "C9 DA 999 0",
            "H9 DA 999 0",
        ]
    );
    assert_eq!(
        differ[1].1,
        [
            "S4 CA 998 5",
            "S4 HA 998 5",
            "S4 DA 998 5",
            "C4 HA 998 5",
            "C4 DA 998 5",
            "H4 DA 998 5",
        ]
    );
}

#[test]
fn both_presets_equal_hyouka_on_every_three_card_hand_role_and_order() {
    let mut count = 0;
    for hand in harness::three_card_hands() {
        let cards = seed_numbers(hand);
        for role in Role::ALL {
            let expected = naive(&cards, role);
            for order in permutations(&cards) {
                assert_eq!(naive(&order, role), expected, "{hand}: Hyouka sorts first");
            }
            for rules in Rules::PRESETS {
                let got = hand.evaluate(role, rules);
                assert_eq!(i32::from(got.code()), expected, "{hand} {role} {rules}");
                assert_eq!(kabu::evaluate_by_rule(hand, role, rules), got);
                let sum: u8 = numbers_of(hand).iter().sum();
                assert_eq!(got.points(), sum % 10);
            }
        }
        count += 1;
    }
    assert_eq!(count, 9880);
}

/// The harness's text box: `Command1_Click` (two cards) or `Command2_Click` with every first
/// card in turn (three cards), one `kekka` line a hand, `Hyouka(1)` (a child).
fn text1(three: bool) -> Vec<(Vec<i32>, String)> {
    let cnum = harness_cnum();
    let mut lines = Vec::new();
    if three {
        for n1 in 1..=38 {
            for n2 in n1 + 1..40 {
                for n3 in n2 + 1..=40 {
                    let tefuda = [0, cnum[n1], cnum[n2], cnum[n3]];
                    let rr = hyouka(&tefuda, 1);
                    lines.push((vec![cnum[n1], cnum[n2], cnum[n3]], kekka(&tefuda, rr)));
                }
            }
        }
    } else {
        for n1 in 1..40 {
            for n2 in n1 + 1..=40 {
                let tefuda = [0, cnum[n1], cnum[n2], -1];
                let rr = hyouka(&tefuda, 1);
                lines.push((vec![cnum[n1], cnum[n2]], kekka(&tefuda, rr)));
            }
        }
    }
    lines
}

#[test]
fn the_harness_text_is_reproduced_line_for_line() {
    for three in [false, true] {
        let expected = text1(three);
        let hands: Vec<Hand> = if three {
            harness::three_card_hands().collect()
        } else {
            harness::two_card_hands().collect()
        };
        assert_eq!(hands.len(), expected.len());
        for (hand, (numbers, line)) in hands.into_iter().zip(expected) {
            assert_eq!(seed_numbers(hand), numbers);
            assert_eq!(harness::seed_line(hand, Role::Child, Rules::VB6), line);
        }
    }
}

#[test]
fn kekka_lines_of_a_few_hands_verbatim() {
    let line = |cards: &[i32]| {
        let mut tefuda = [0, -1, -1, -1];
        tefuda[1..=cards.len()].copy_from_slice(cards);
        kekka(&tefuda, hyouka(&tefuda, 1))
    };
    assert_eq!(line(&[0, 1]), "S 1 S 2   0 順子リーチ");
    assert_eq!(line(&[0, 3]), "S 1 S 4   0 シッピン");
    assert_eq!(line(&[3, 13]), "S 4 C 1   0 なし 5");
    assert_eq!(line(&[0, 13, 26]), "S 1 C 1 H 1 嵐10倍");
    assert_eq!(line(&[9, 22, 48]), "S 10 C 10 D 10 嵐10倍");
    assert_eq!(line(&[0, 8, 9]), "S 1 S 9 S 10 なし 0");
}

#[test]
fn the_spec_example_s9_ca_is_not_kuppin_in_the_program() {
    // "So ♠9 + ♣A is not クッピン in the VB6 program, although the comment says "A and 9"."
    let hand: Hand = "S9 CA".parse().unwrap();
    assert_eq!(naive(&[8, 13], Role::Dealer), 0);
    assert_eq!(hand.evaluate(Role::Dealer, Rules::VB6).code(), 0);
    assert_eq!(hand.evaluate(Role::Dealer, Rules::DEFAULT).code(), 999);
    // "Only 10 of the 16 A+9 hands score 999 there."
    let nines = harness::two_card_hands()
        .filter(|h| {
            let mut n = numbers_of(*h);
            n.sort_unstable();
            n == [1, 9]
        })
        .collect::<Vec<_>>();
    assert_eq!(nines.len(), 16);
    let vb6 = nines
        .iter()
        .filter(|h| h.evaluate(Role::Dealer, Rules::VB6).code() == 999)
        .count();
    assert_eq!(vb6, 10);
    // "A two-card hand with A and 9 for a child, or A and 4 for the dealer, is plain points."
    for h in &nines {
        assert_eq!(h.evaluate(Role::Child, Rules::DEFAULT).code(), 0);
    }
    let a4: Hand = "SA S4".parse().unwrap();
    assert_eq!(a4.evaluate(Role::Dealer, Rules::DEFAULT).code(), 5);
}
