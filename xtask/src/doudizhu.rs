//! `fixtures/doudizhu/<preset>.txt`: every play of each rule preset, one reading a line
//! (`cards type length main`), sorted by type, length, main rank and cards, after a header with
//! the totals by type (distinct card multisets, as the spec's table counts them).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use doudizhu::{Kind, Preset, universe};

use crate::{Generated, header_line};

/// Writes (or checks) every doudizhu table.
pub fn generate(check: bool) -> Result<Vec<Generated>, String> {
    let mut out = Vec::new();
    for preset in Preset::ALL {
        let moves = universe(&preset.rules());
        // distinct multisets per (type, length), per type, and overall
        let mut per_len: BTreeMap<(Kind, u8), BTreeSet<u64>> = BTreeMap::new();
        let mut all = BTreeSet::new();
        for m in &moves {
            per_len
                .entry((m.kind(), m.body_len()))
                .or_default()
                .insert(m.cards().bits());
            all.insert(m.cards().bits());
        }
        let mut text = header_line("#");
        let _ = writeln!(
            text,
            "# Dou Dizhu: every play under the `{preset}` rules, one reading a line: cards type length main"
        );
        let _ = writeln!(
            text,
            "# (sorted by type, length, main rank, cards). Totals: distinct card multisets by type"
        );
        for kind in Kind::ALL {
            let lens: Vec<(u8, usize)> = per_len
                .iter()
                .filter(|((k, _), _)| *k == kind)
                .map(|((_, l), s)| (*l, s.len()))
                .collect();
            let total: usize = lens.iter().map(|(_, n)| n).sum();
            let mut line = format!("# {:<14} {total}", kind.name());
            if matches!(kind, Kind::PlaneSolo | Kind::PlanePair) && total > 0 {
                let parts: Vec<String> = lens.iter().map(|(l, n)| format!("n={l}: {n}")).collect();
                let _ = write!(line, " ({})", parts.join(", "));
            }
            let _ = writeln!(text, "{line}");
        }
        let _ = writeln!(text, "# distinct plays in all {}", all.len());
        let _ = writeln!(text, "# readings (lines) {}", moves.len());
        for m in &moves {
            let _ = writeln!(text, "{m}");
        }
        out.push(Generated::write(
            &format!("fixtures/doudizhu/{preset}.txt"),
            &text,
            format!("{} plays, {} readings", all.len(), moves.len()),
            check,
        )?);
    }
    Ok(out)
}
