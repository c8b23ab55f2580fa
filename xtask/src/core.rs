//! `fixtures/core/`: binomial coefficients and the colex index of the 2- and 3-card subsets of the
//! 40-card Kabu deck (A to 10), proving the fixture machinery and pinning the index forever.

use std::fmt::Write;

use cards_core::{CardSet, Rank, RankSet, binomial, colex_rank, colex_unrank};

use crate::{Generated, header_line};

/// The 40 cards A..10 of four suits.
fn deck40() -> CardSet {
    let ranks: RankSet = [Rank::Jack, Rank::Queen, Rank::King].into_iter().collect();
    CardSet::of_ranks(ranks.complement())
}

/// Writes (or checks) the core tables.
pub fn generate(check: bool) -> Result<Vec<Generated>, String> {
    let mut out = Vec::new();

    let mut text = header_line("#");
    text.push_str("# C(n, k) for n in 0..=54, k in 0..=n: n then the row\n");
    for n in 0..=54u32 {
        let row = (0..=n)
            .map(|k| binomial(n, k).map(|c| c.to_string()))
            .collect::<Option<Vec<String>>>()
            .ok_or("C(n, k) with n <= 54 fits in a u64")?;
        let _ = writeln!(text, "{n} {}", row.join(" "));
    }
    out.push(Generated::write(
        "fixtures/core/binomial.txt",
        &text,
        format!("55 rows, C(54, 27) = {}", binomial(54, 27).unwrap_or(0)),
        check,
    )?);

    let deck = deck40();
    for k in [2u32, 3] {
        let mut text = header_line("#");
        let _ = writeln!(
            text,
            "# colex index of every {k}-card subset of the 40-card deck A..10 (cards in bit order)"
        );
        let _ = writeln!(text, "# {} subsets", binomial(40, k).unwrap_or(0));
        let mut count = 0u64;
        for (i, s) in deck.subsets_of_size(k).enumerate() {
            let rank = colex_rank(s, deck).ok_or("subset outside the deck")?;
            let back = colex_unrank(rank, k, deck).ok_or("unrank failed")?;
            if rank != i as u64 || back != s {
                return Err(format!(
                    "colex index of {s:#} is {rank}, iteration gave {i}"
                ));
            }
            let _ = writeln!(text, "{rank} {s:#}");
            count += 1;
        }
        out.push(Generated::write(
            &format!("fixtures/core/colex_{k}_of_40.txt"),
            &text,
            format!("{count} subsets"),
            check,
        )?);
    }
    Ok(out)
}
