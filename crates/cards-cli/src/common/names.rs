//! The lists of names the help texts print, made from the registries the commands read them
//! with (each game's [`Players::POLICY_NAMES`](cards_core::game::Players::POLICY_NAMES), its
//! rule presets' `NAMES`, Kabu's draw policies), so `--help` never names a player or a preset
//! the command refuses, nor leaves out one it takes. A test walks every `--help` and checks
//! each list against its registry.

/// `a, b, c or d` (`a` alone, `a or b`).
///
/// ```
/// use cards_cli::common::or_list;
/// assert_eq!(or_list(&["random", "greedy", "search"]), "random, greedy or search");
/// assert_eq!(or_list(&["tutorial", "uecda"]), "tutorial or uecda");
/// assert_eq!(or_list(&["house"]), "house");
/// ```
#[must_use]
pub fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The names of `names` and then `human` (a person at this terminal), as [`or_list`] writes
/// them.
///
/// ```
/// assert_eq!(cards_cli::common::or_human(&["random", "greedy"]), "random, greedy or human");
/// ```
#[must_use]
pub fn or_human(names: &[&str]) -> String {
    let mut all = names.to_vec();
    all.push("human");
    or_list(&all)
}

/// The help of `--policy` of a `play` command.
pub(crate) fn policy_help(names: &[&str]) -> String {
    format!(
        "The player of every seat: {}, or exec:COMMAND (your own program, one JSON line a \
         decision: see the README)",
        or_human(names)
    )
}

/// The help of `--players` of a `play` command (`example`: the names of one seating).
pub(crate) fn players_help(names: &[&str], seats: &str, example: &[&str]) -> String {
    format!(
        "One player per seat ({seats}): {} (this terminal) or exec:COMMAND (your own program), \
         separated by commas or spaces, e.g. `{}` or `{}`",
        or_human(names),
        example.join(","),
        example.join(" ")
    )
}

/// The help of `--entrants` of an `arena` command.
pub(crate) fn entrants_help(names: &[&str]) -> String {
    format!(
        "The players compared: two or more of {} or exec:COMMAND (your own program), separated \
         by commas or spaces (e.g. `{}`), seated by every seating in turn",
        or_list(names),
        names.iter().take(2).copied().collect::<Vec<_>>().join(",")
    )
}
