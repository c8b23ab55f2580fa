//! The grid codec's tests: every card, every meld `lead` can produce from the whole deck and
//! from varied hands, every malformed grid of the protocol's edge cases, and the worked example
//! of a real game verbatim.

use super::*;
use crate::{Kind, lead};

const R: Rules = Rules::UECDA;

fn meld(text: &str) -> Meld {
    Meld::parse(text, &R).unwrap()
}

fn cards(text: &str) -> CardSet {
    R.parse_hand(text).unwrap()
}

/// A grid from rows written as text, one row a line, cells separated by spaces (missing cells
/// and rows are 0).
fn grid(rows: &str) -> Grid {
    let mut g = Grid::EMPTY;
    for (r, line) in rows.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (c, v) in line.split_whitespace().enumerate() {
            g.set(r, c, v.parse().unwrap());
        }
    }
    g
}

fn with_cells(cells: &[(usize, usize, i32)]) -> Grid {
    let mut g = Grid::EMPTY;
    for &(r, c, v) in cells {
        g.set(r, c, v);
    }
    g
}

#[test]
fn every_card_has_its_cell_and_back() {
    let mut seen = std::collections::HashSet::new();
    for b in 0..52u8 {
        let card = Card::from_index(b).unwrap();
        let cell = card_cell(card).unwrap();
        assert_eq!(cell.row, 3 - b % 4);
        assert_eq!(cell.col, b / 4 + 1);
        assert_eq!(cell_card(cell.row as usize, cell.col as usize), Some(card));
        assert!(seen.insert(cell));
        // as a hand of one card, as a single, through the bytes
        let g = Grid::from_hand(CardSet::from_card(card));
        assert_eq!(g.get(cell.row as usize, cell.col as usize), 1);
        assert_eq!(Grid::from_bytes(&g.to_bytes()), g);
        assert_eq!(g.hand(), Ok(CardSet::from_card(card)));
        let single = Meld::single(card).unwrap();
        assert_eq!(Grid::from_meld(&single, false), g);
        assert_eq!(g.submission(&R), Ok(Some(single)));
    }
    assert_eq!(card_cell(Card::BLACK_JOKER), None);
    let jk = Grid::from_hand(cards("JK"));
    assert_eq!(jk.get(4, 1), 2);
    assert_eq!(jk.hand(), Ok(cards("JK")));
    // the whole deck as one hand
    let deck = CardSet::from_bits_truncate(CardSet::STANDARD.bits()).with(Card::BLACK_JOKER);
    let g = Grid::from_hand(deck);
    assert_eq!(g.hand(), Ok(deck));
    assert_eq!(
        g.cells()[..4].iter().flatten().filter(|&&v| v == 1).count(),
        52
    );
    // the spec's examples: ♦3 = [2][1], ♠2 = [0][13], ♥Q = [1][10]
    assert_eq!(card_cell("D3".parse().unwrap()), Some(Cell::new(2, 1)));
    assert_eq!(card_cell("S2".parse().unwrap()), Some(Cell::new(0, 13)));
    assert_eq!(card_cell("HQ".parse().unwrap()), Some(Cell::new(1, 10)));
}

#[test]
fn bytes_are_big_endian_row_major() {
    let mut g = Grid::EMPTY;
    for r in 0..ROWS {
        for c in 0..COLS {
            g.set(r, c, i32::try_from(r * 100 + c).unwrap() - 300);
        }
    }
    let b = g.to_bytes();
    for r in 0..ROWS {
        for c in 0..COLS {
            let o = 4 * (15 * r + c);
            assert_eq!(
                i32::from_be_bytes(b[o..o + 4].try_into().unwrap()),
                g.get(r, c)
            );
        }
    }
    assert_eq!(Grid::from_bytes(&b), g);
    assert_eq!(Grid::from_slice(&b), Ok(g));
    assert_eq!(Grid::from_slice(&b[..479]), Err(GridError::Length(479)));
}

fn check_meld_round_trip(m: &Meld) {
    for reversed in [false, true] {
        let g = Grid::from_meld(m, reversed);
        assert_eq!(
            g.submission(&R),
            Ok(Some(*m)),
            "{m:#} (reversed {reversed}) wrote {g:?}"
        );
        assert_eq!(Grid::from_bytes(&g.to_bytes()), g);
        // nothing outside rows 0-4, one 2 for the joker, one 1 per real card
        assert!(g.cells()[5..].iter().flatten().all(|&v| v == 0));
        let ones = g.cells().iter().flatten().filter(|&&v| v == 1).count();
        let twos = g.cells().iter().flatten().filter(|&&v| v == 2).count();
        assert_eq!(ones, m.cards().standard().len());
        assert_eq!(twos, usize::from(m.has_joker()));
    }
}

#[test]
fn every_meld_of_the_whole_deck_round_trips() {
    let deck = CardSet::STANDARD.with(Card::BLACK_JOKER);
    let all = lead(deck, &R).unwrap();
    let mut kinds = [0usize; 3];
    let mut joker_places = std::collections::HashSet::new();
    for m in &all {
        check_meld_round_trip(m);
        kinds[m.kind() as usize] += 1;
        if m.has_joker() {
            joker_places.insert(
                format!("{:?}", joker_place(m))
                    .split('(')
                    .next()
                    .unwrap()
                    .to_string(),
            );
        }
    }
    // 52 cards and the lone joker; hundreds of groups and sequences
    assert_eq!(kinds[0], 53);
    assert!(kinds[1] > 500 && kinds[2] > 1000, "{kinds:?}");
    for p in ["Card", "Fifth", "Lone", "Below", "Above"] {
        assert!(joker_places.contains(p), "{joker_places:?}");
    }
    // distinct melds write distinct grids (the codec loses nothing)
    let grids: std::collections::HashSet<_> =
        all.iter().map(|m| Grid::from_meld(m, false)).collect();
    assert_eq!(grids.len(), all.len());
}

#[test]
fn every_meld_of_varied_hands_round_trips_in_and_out_of_hands() {
    let mut rng = cards_core::Rng::seed_from_u64(12);
    let mut total = 0;
    for _ in 0..3000 {
        let mut hand = CardSet::EMPTY;
        let size = 3 + rng.below(14);
        while (hand.len() as u64) < size {
            let b = rng.below(53) as u8;
            hand = hand.with(Card::from_index(b).unwrap());
        }
        let g = Grid::from_hand(hand);
        assert_eq!(g.hand(), Ok(hand));
        for m in lead(hand, &R).unwrap() {
            check_meld_round_trip(&m);
            // the meld's grid, read as a hand, is the meld's cards when the joker is at [4][1]
            total += 1;
        }
    }
    assert!(total > 30_000, "{total}");
}

#[test]
fn lone_joker_reads_from_any_cell_of_rows_0_to_3() {
    for r in 0..4 {
        for c in 0..COLS {
            let g = with_cells(&[(r, c, 2)]);
            assert_eq!(g.submission(&R), Ok(Some(Meld::JOKER)), "[{r}][{c}]");
        }
    }
    assert_eq!(Grid::from_meld(&Meld::JOKER, false).get(0, 14), 2);
    assert_eq!(Grid::from_meld(&Meld::JOKER, true).get(0, 0), 2);
    // never row 4
    for c in 0..COLS {
        let g = with_cells(&[(4, c, 2)]);
        assert_eq!(
            g.submission(&R),
            Err(GridError::MisplacedJoker(Cell::new(4, c as u8)))
        );
    }
}

#[test]
fn joker_encodings_of_the_protocol_table() {
    // group with the joker: a 2 on the replaced card's cell
    let g = with_cells(&[(0, 10, 1), (1, 10, 2), (2, 10, 1)]);
    assert_eq!(g.submission(&R), Ok(Some(meld("SQ DQ JK=HQ"))));
    // five-card group of rank c: [0..3][c] = 1 and [4][c] = 2
    let g = with_cells(&[(0, 4, 1), (1, 4, 1), (2, 4, 1), (3, 4, 1), (4, 4, 2)]);
    let five = g.submission(&R).unwrap().unwrap();
    assert_eq!(five, meld("S6 H6 D6 C6 JK"));
    assert_eq!(five.len(), 5);
    // sequence with the joker in the middle, at the low end, at the high end
    let g = with_cells(&[(3, 5, 1), (3, 6, 2), (3, 7, 1)]);
    assert_eq!(g.submission(&R), Ok(Some(meld("C7 C9 JK=C8"))));
    let g = with_cells(&[(1, 1, 2), (1, 2, 1), (1, 3, 1)]);
    assert_eq!(g.submission(&R), Ok(Some(meld("H4 H5 JK=H3"))));
    let g = with_cells(&[(2, 11, 1), (2, 12, 1), (2, 13, 2)]);
    assert_eq!(g.submission(&R), Ok(Some(meld("DK DA JK=D2"))));
    // a joker standing for a 4-card group's missing card
    let g = with_cells(&[(0, 13, 1), (1, 13, 1), (2, 13, 2), (3, 13, 1)]);
    assert_eq!(g.submission(&R), Ok(Some(meld("S2 H2 C2 JK=D2"))));
}

#[test]
fn the_joker_beyond_the_ends_sits_in_the_virtual_columns() {
    for (row, suit) in [(0, 'S'), (1, 'H'), (2, 'D'), (3, 'C')] {
        // below 3: column 0
        let low = meld(&format!("JK={suit}<3 {suit}3 {suit}4"));
        let g = Grid::from_meld(&low, false);
        assert_eq!((g.get(row, 0), g.get(row, 1), g.get(row, 2)), (2, 1, 1));
        assert_eq!(g.submission(&R), Ok(Some(low)));
        // above 2: column 14
        let high = meld(&format!("{suit}A {suit}2 JK={suit}>2"));
        let g = Grid::from_meld(&high, true);
        assert_eq!((g.get(row, 12), g.get(row, 13), g.get(row, 14)), (1, 1, 2));
        assert_eq!(g.submission(&R), Ok(Some(high)));
    }
    // a longer run from below 3 (a revolution)
    let g = with_cells(&[(1, 0, 2), (1, 1, 1), (1, 2, 1), (1, 3, 1), (1, 4, 1)]);
    let m = g.submission(&R).unwrap().unwrap();
    assert_eq!(m, meld("JK=H<3 H3 H4 H5 H6"));
    assert!(R.revolts(&m));
    // the spec's observed submissions: A-2-JK and JK-3-4 were answered 9
    assert_eq!(
        with_cells(&[(0, 12, 1), (0, 13, 1), (0, 14, 2)]).submission(&R),
        Ok(Some(meld("SA S2 JK=S>2")))
    );
    // under rules without that stand-in the grid is refused, naming where the meld starts
    let mut strict = R;
    strict.joker_beyond_ends = false;
    let g = with_cells(&[(2, 0, 2), (2, 1, 1), (2, 2, 1)]);
    assert!(matches!(
        g.submission(&strict),
        Err(GridError::Meld { anchor, .. }) if anchor == Cell::new(2, 0)
    ));
    // and a real card in a virtual column is never a card
    let g = with_cells(&[(2, 0, 1), (2, 1, 1), (2, 2, 1)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::CardOffDeck(Cell::new(2, 0)))
    );
}

#[test]
fn a_grid_with_no_card_is_a_pass_whatever_else_it_holds() {
    assert_eq!(Grid::EMPTY.submission(&R), Ok(None));
    let garbage = with_cells(&[(0, 0, 3), (4, 1, -7), (2, 14, 99), (3, 3, i32::MIN)]);
    assert_eq!(garbage.submission(&R), Ok(None));
    let mut state_only = Grid::EMPTY;
    for c in 0..COLS {
        state_only.set(5, c, 1);
        state_only.set(6, c, 2);
        state_only.set(7, c, 5);
    }
    assert_eq!(state_only.submission(&R), Ok(None));
    // but a stray value beside a card is refused, naming it
    let g = with_cells(&[(0, 3, 1), (1, 7, 3)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::BadValue {
            cell: Cell::new(1, 7),
            value: 3
        })
    );
    // cells outside rows 0-4 never matter
    let mut g = Grid::from_meld(&meld("S5"), false);
    g.set(7, 3, 1);
    g.set(5, 0, 2);
    assert_eq!(g.submission(&R), Ok(Some(meld("S5"))));
}

#[test]
fn malformed_grids_of_the_edge_cases_name_the_cell() {
    // a real card in column 0, column 14, row 4
    for (r, c) in [(0, 0), (3, 14), (4, 1), (4, 9)] {
        let g = with_cells(&[(2, 5, 1), (r, c, 1)]);
        assert_eq!(
            g.submission(&R),
            Err(GridError::CardOffDeck(Cell::new(r as u8, c as u8))),
            "[{r}][{c}]"
        );
    }
    // two jokers
    let g = with_cells(&[(0, 3, 2), (0, 4, 1), (0, 5, 2)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::TwoJokers {
            first: Cell::new(0, 3),
            second: Cell::new(0, 5)
        })
    );
    // a two-card run, with and without the joker
    let g = with_cells(&[(1, 3, 1), (1, 4, 1)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::ShortRun {
            start: Cell::new(1, 3),
            len: 2
        })
    );
    let g = with_cells(&[(1, 13, 1), (1, 14, 2)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::ShortRun {
            start: Cell::new(1, 13),
            len: 2
        })
    );
    // scattered cells: two singles, a group with a stray card, a run with a gap
    let g = with_cells(&[(0, 3, 1), (2, 9, 1)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::Scattered {
            anchor: Cell::new(0, 3),
            stray: Cell::new(2, 9)
        })
    );
    let g = with_cells(&[(0, 5, 1), (1, 5, 1), (1, 6, 1)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::Scattered {
            anchor: Cell::new(0, 5),
            stray: Cell::new(1, 6)
        })
    );
    let g = with_cells(&[(3, 2, 1), (3, 3, 1), (3, 4, 1), (3, 6, 1)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::Scattered {
            anchor: Cell::new(3, 2),
            stray: Cell::new(3, 6)
        })
    );
    // a joker in row 4 beside fewer than four cards of its column
    let g = with_cells(&[(0, 4, 1), (1, 4, 1), (4, 4, 2)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::MisplacedJoker(Cell::new(4, 4)))
    );
    // an out-of-range value beside a card
    let g = with_cells(&[(0, 4, 1), (1, 4, -1)]);
    assert_eq!(
        g.submission(&R),
        Err(GridError::BadValue {
            cell: Cell::new(1, 4),
            value: -1
        })
    );
    // a group of a rank under rules without the joker
    let g = with_cells(&[(0, 4, 1), (1, 4, 2)]);
    assert!(matches!(
        g.submission(&Rules::TUTORIAL),
        Err(GridError::Meld { anchor, .. }) if anchor == Cell::new(0, 4)
    ));
    // each error says where
    let e = GridError::Scattered {
        anchor: Cell::new(0, 3),
        stray: Cell::new(2, 9),
    };
    assert_eq!(
        e.to_string(),
        "cell [2][9] lies outside the meld starting at [0][3] (all cards must form one meld)"
    );
}

#[test]
fn hands_reject_what_a_hand_cannot_hold() {
    assert_eq!(
        with_cells(&[(0, 0, 1)]).hand(),
        Err(GridError::CardOffDeck(Cell::new(0, 0)))
    );
    assert_eq!(
        with_cells(&[(4, 2, 2)]).hand(),
        Err(GridError::MisplacedJoker(Cell::new(4, 2)))
    );
    assert_eq!(
        with_cells(&[(1, 1, 5)]).hand(),
        Err(GridError::BadValue {
            cell: Cell::new(1, 1),
            value: 5
        })
    );
    // rows 5-7 are not the hand's
    let mut g = Grid::from_hand(cards("S3 JK"));
    g.set(5, 0, 1);
    g.set(6, 1, 11);
    assert_eq!(g.hand(), Ok(cards("S3 JK")));
}

#[test]
fn status_cells_round_trip_and_name_bad_cells() {
    let s = Status {
        exchange: true,
        to_give: 2,
        my_turn: false,
        player: None,
        table_clear: false,
        eleven_back: true,
        revolution: true,
        locked: true,
        counts: [10, 11, 11, 11, 10],
        classes: [Some(1), Some(0), Some(3), Some(4), Some(2)],
        seats: [3, 2, 0, 4, 1],
    };
    let mut g = Grid::from_hand(cards("S3 JK"));
    g.set_status(&s);
    assert_eq!(g.status(), Ok(s));
    assert_eq!(g.hand(), Ok(cards("S3 JK")));
    assert_eq!(Grid::from_bytes(&g.to_bytes()).status(), Ok(s));
    // stale classes read as None
    let mut h = g;
    h.set(6, 7, 9);
    assert_eq!(h.status().unwrap().classes[2], None);
    // out of range cells
    for (r, c, v) in [
        (5, 1, 3),
        (5, 2, 2),
        (5, 3, 5),
        (5, 7, -1),
        (6, 4, 54),
        (6, 12, 5),
    ] {
        let mut h = g;
        h.set(r, c, v);
        assert_eq!(
            h.status(),
            Err(GridError::BadState {
                cell: Cell::new(r as u8, c as u8),
                value: v
            })
        );
    }
    // seats must be a permutation: the repeated one is named
    let mut h = g;
    h.set(6, 14, 3);
    assert_eq!(
        h.status(),
        Err(GridError::BadState {
            cell: Cell::new(6, 14),
            value: 3
        })
    );
}

#[test]
fn profile_round_trips_and_cuts_long_names() {
    let g = Grid::profile("kou2");
    assert_eq!(g.read_profile(), Ok((20070, "kou2".to_string())));
    let long = Grid::profile("abcdefghijklmnopqrstuvwxyz");
    assert_eq!(long.read_profile().unwrap().1, "abcdefghijklmn");
    assert_eq!(long.get(1, 14), 0);
    let mut odd = Grid::profile("ab");
    odd.set(1, 1, -5);
    assert_eq!(odd.read_profile().unwrap().1, "a\u{fffd}");
    assert_eq!(
        Grid::EMPTY.read_profile(),
        Err(GridError::BadState {
            cell: Cell::new(0, 0),
            value: 0
        })
    );
}

/// The protocol's worked example: game 2 of a real run on the official server, player 4 (平民)
/// leads. The grids are copied cell for cell.
#[test]
fn worked_example_of_a_real_game() {
    let hand_grid = grid(
        "0 0 0 0 0 0 0 0 1 0 1 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 0 0 0 1 0
         0 0 0 0 0 0 0 0 0 0 1 0 1 0 0
         0 0 1 0 0 0 0 0 0 0 0 1 0 0 0
         0 2 0 0 0 0 0 0 0 0 0 0 0 0 0
         0 0 1 4 1 0 0 0 0 0 0 0 0 0 0
         8 9 8 10 8 1 0 3 4 2 3 2 0 4 1
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    // its hand is {♣4, ♠10, ♠Q, ♦Q, ♣K, ♦A, ♥2, JK}
    assert_eq!(hand_grid.hand(), Ok(cards("C4 S10 SQ DQ CK DA H2 JK")));
    // not the exchange phase, my turn, turn player 4, field empty, no 11-back, revolution, lock
    let s = hand_grid.status().unwrap();
    assert_eq!(
        s,
        Status {
            exchange: false,
            to_give: 0,
            my_turn: true,
            player: Some(4),
            table_clear: true,
            eleven_back: false,
            revolution: false,
            locked: false,
            counts: [8, 9, 8, 10, 8],
            // 富豪, 大富豪, 貧民, 大貧民, 平民
            classes: [Some(1), Some(0), Some(3), Some(4), Some(2)],
            // seats 0..4 hold players 3, 2, 0, 4, 1
            seats: [3, 2, 0, 4, 1],
        }
    );
    // the submission: Queens with the joker standing for ♥Q
    let submission = grid(
        "0 0 0 0 0 0 0 0 0 0 1 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 2 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 1 0 0 0 0",
    );
    let m = meld("SQ DQ JK=HQ");
    assert_eq!(Grid::from_meld(&m, s.revolution), submission);
    assert_eq!(submission.submission(&R), Ok(Some(m)));
    // bits 39 and 37 plus bit 52 standing for bit 38; suit mask ♠♥♦
    assert_eq!(m.cards().bits(), (1 << 39) | (1 << 37) | (1 << 52));
    assert_eq!(
        m.stand_in(),
        Some(StandIn::Card(Card::from_index(38).unwrap()))
    );
    assert_eq!(
        m.suit_mask(),
        (1 << Suit::Spades.index()) | (1 << Suit::Hearts.index()) | (1 << Suit::Diamonds.index())
    );
    assert_eq!(m.kind(), Kind::Group);
    // a follower must play three cards of rank K, A or 2
    let state = crate::Table::with_table(m);
    assert!(state.beats(&meld("SK HK DK"), &R));
    assert!(!state.beats(&meld("SJ HJ DJ"), &R));
    // played onto ♠J ♥J ♦J it locks
    let (after, _) = crate::Table::with_table(meld("SJ HJ DJ"))
        .play(&m, &R)
        .unwrap();
    assert!(after.locked);
    // the field grid the server sends: rows 0-4 the submission, row 5 `0 0 0 4 0 0 0 0 ...`,
    // row 6 `8 9 8 10 5 | 1 0 3 4 2 | 3 2 0 4 1`
    let mut field = submission;
    field.set_status(&Status {
        player: Some(4),
        counts: [8, 9, 8, 10, 5],
        ..s
    });
    field.set(5, 2, 0);
    field.set(5, 4, 0);
    let expected = grid(
        "0 0 0 0 0 0 0 0 0 0 1 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 2 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 1 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         0 0 0 4 0 0 0 0 0 0 0 0 0 0 0
         8 9 8 10 5 1 0 3 4 2 3 2 0 4 1",
    );
    assert_eq!(field, expected);
    assert_eq!(field.submission(&R), Ok(Some(m)));
    // player 4's next hand grid: {♣4, ♠10, ♣K, ♦A, ♥2}, [4][1] = 0, [5][2] = 0, [5][3] = 1
    let mut next = Grid::from_hand(cards("C4 S10 CK DA H2"));
    next.set_status(&Status {
        my_turn: false,
        player: Some(1),
        table_clear: false,
        counts: [8, 9, 8, 10, 5],
        ..s
    });
    assert_eq!(next.get(4, 1), 0);
    assert_eq!((next.get(5, 2), next.get(5, 3)), (0, 1));
    assert_eq!(next.hand().unwrap().len(), 5);
    // the 大富豪's deal grid in the same game: rows 5-6
    let deal = grid(
        "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         1 2 0 6 0 0 0 0 0 0 0 0 0 0 0
         10 11 11 11 10 1 0 3 4 2 3 2 0 4 1",
    );
    let ds = deal.status().unwrap();
    assert!(ds.exchange);
    assert_eq!(ds.to_give, 2);
    assert_eq!(ds.player, None);
    assert_eq!(ds.counts, [10, 11, 11, 11, 10]);
    let mut written = Grid::EMPTY;
    written.set_status(&ds);
    assert_eq!(written, deal);
}

mod arbitrary {
    use super::*;
    use proptest::prelude::*;

    /// A few cells of rows 0–7 set to values the codec must handle: cards, jokers, garbage.
    fn cells() -> impl Strategy<Value = Vec<(usize, usize, i32)>> {
        proptest::collection::vec(
            (
                0..ROWS,
                0..COLS,
                prop_oneof![Just(1), Just(2), Just(0), Just(-1), Just(3), any::<i32>()],
            ),
            0..9,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Any grid reads without panicking; a meld read from it writes back to a grid that
        /// reads as the same meld, holding exactly the grid's real cards.
        #[test]
        fn any_grid_reads_and_a_meld_read_round_trips(cs in cells()) {
            let g = with_cells(&cs);
            let _ = g.hand();
            let _ = g.status();
            let _ = g.read_profile();
            let _ = Grid::from_bytes(&g.to_bytes());
            match g.submission(&R) {
                Ok(Some(m)) => {
                    for reversed in [false, true] {
                        let back = Grid::from_meld(&m, reversed);
                        prop_assert_eq!(back.submission(&R), Ok(Some(m)));
                    }
                    let ones: Vec<Card> = (0..4)
                        .flat_map(|r| (0..COLS).map(move |c| (r, c)))
                        .filter(|&(r, c)| g.get(r, c) == 1)
                        .filter_map(|(r, c)| cell_card(r, c))
                        .collect();
                    prop_assert_eq!(m.cards().standard(), ones.into_iter().collect::<CardSet>());
                    prop_assert_eq!(m.has_joker(), g.cells()[..5].iter().flatten().any(|&v| v == 2));
                }
                Ok(None) => prop_assert!(g.cards_are_empty()),
                Err(e) => prop_assert!(!g.cards_are_empty() && !e.to_string().is_empty()),
            }
        }
    }
}
