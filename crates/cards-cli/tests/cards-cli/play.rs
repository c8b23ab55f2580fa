//! `cards <game> play` and `replay` end to end: the `--players` forms, and replay reading what
//! `play --json` writes.

use crate::doudizhu::cards;

/// Stdout of a run that must succeed.
fn ok(args: &[&str], stdin: &str) -> String {
    let (code, out, err) = cards(args, stdin);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out
}

#[test]
fn players_take_commas_spaces_or_both_in_every_game() {
    for (game, forms) in [
        (
            "doudizhu",
            [
                &["random,greedy,greedy"][..],
                &["random", "greedy", "greedy"][..],
                &["random,", "greedy,", "greedy"][..],
                &["random", "greedy,greedy"][..],
            ],
        ),
        (
            "daifugo",
            [
                &["random,tutorial,tutorial,random,tutorial"][..],
                &["random", "tutorial", "tutorial", "random", "tutorial"][..],
                &["random,", "tutorial,", "tutorial,", "random,", "tutorial"][..],
                &["random,tutorial", "tutorial", "random,tutorial"][..],
            ],
        ),
    ] {
        let mut outputs = Vec::new();
        for form in forms {
            let mut args = vec![game, "play", "--seed", "5", "--json", "--players"];
            args.extend(form);
            outputs.push(ok(&args, ""));
        }
        assert!(!outputs[0].is_empty());
        // the same players in every form: the same game
        assert!(outputs.iter().all(|o| *o == outputs[0]), "{game}");
        // and a different player is a different game (the flag is read, not ignored)
        let other = if game == "doudizhu" {
            ok(
                &[
                    game,
                    "play",
                    "--seed",
                    "5",
                    "--json",
                    "--players",
                    "greedy",
                    "greedy",
                    "greedy",
                ],
                "",
            )
        } else {
            ok(
                &[
                    game,
                    "play",
                    "--seed",
                    "5",
                    "--json",
                    "--players",
                    "tutorial",
                    "tutorial",
                    "tutorial",
                    "tutorial",
                    "tutorial",
                ],
                "",
            )
        };
        assert_ne!(other, outputs[0], "{game}");
    }
}

#[test]
fn players_count_and_names_are_checked() {
    for (args, needle) in [
        (
            &["doudizhu", "play", "--players", "greedy,greedy"][..],
            "--players needs 3 names, one per seat, not 2",
        ),
        (
            &[
                "doudizhu",
                "play",
                "--players",
                "greedy",
                "greedy",
                "greedy",
                "greedy",
            ][..],
            "not 4",
        ),
        (
            &[
                "doudizhu",
                "play",
                "--players",
                "greedy",
                "wizard",
                "greedy",
            ][..],
            "unknown player \"wizard\"",
        ),
        (
            &[
                "daifugo",
                "play",
                "--players",
                "tutorial",
                "tutorial",
                "tutorial",
                "tutorial",
            ][..],
            "--players needs 5 names, one per player, not 4",
        ),
        (
            &[
                "daifugo",
                "play",
                "--players",
                "tutorial,tutorial,tutorial,tutorial,wizard",
            ][..],
            "unknown player \"wizard\"",
        ),
    ] {
        let (code, out, err) = cards(args, "");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn doudizhu_replay_reads_what_play_json_writes() {
    let played = ok(&["doudizhu", "play", "--seed", "9", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&played).unwrap();
    // the replay of the whole `play --json` object is the replay of its record, and the result
    // is the one play printed
    let whole = ok(&["doudizhu", "replay", "--json"], &played);
    let record = ok(&["doudizhu", "replay", "--json"], &v["record"].to_string());
    assert_eq!(whole, record);
    let replayed: serde_json::Value = serde_json::from_str(&whole).unwrap();
    assert_eq!(replayed, v["result"]);
    // the text form too, and the batch form line by line
    let text = ok(&["doudizhu", "replay"], &played);
    assert!(!text.is_empty());
    let batch = ok(
        &["doudizhu", "replay", "--batch"],
        &format!("{}\n", played.trim()),
    );
    assert_eq!(batch, whole);
}

#[test]
fn daifugo_replay_reads_play_json_and_checks_its_standings() {
    let played = ok(
        &["daifugo", "play", "--seed", "4", "--games", "4", "--json"],
        "",
    );
    let lines: Vec<&str> = played.lines().collect();
    assert_eq!(lines.len(), 5, "four records and the standings");
    let standings: serde_json::Value = serde_json::from_str(lines[4]).unwrap();
    let points = &standings["points"];
    assert_eq!(standings["games"], 4);

    // --json: one result a game, then the totals, which are the standings' points
    let results = ok(&["daifugo", "replay", "--json"], &played);
    let results: Vec<serde_json::Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(results.len(), 5);
    let mut sums = [0u64; 5];
    for result in &results[..4] {
        for (s, p) in sums.iter_mut().zip(result["points"].as_array().unwrap()) {
            *s += p.as_u64().unwrap();
        }
    }
    assert_eq!(&serde_json::json!(sums), points);
    assert_eq!(&results[4]["points"], points);
    assert_eq!(results[4]["games"], 4);

    // text: each game's transcript and the totals
    let text = ok(&["daifugo", "replay"], &played);
    assert!(text.starts_with("game 1\n"), "{text}");
    assert!(text.contains("\ngame 4\n"), "{text}");
    let last = text.lines().last().unwrap();
    let want: Vec<String> = points
        .as_array()
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        last,
        format!(
            "points after 4 games, players 0..4: {} (as the standings line says)",
            want.join(", ")
        )
    );

    // --batch: one answer a line, the standings line checked
    let batch = ok(&["daifugo", "replay", "--batch"], &played);
    let batch: Vec<&str> = batch.lines().collect();
    assert_eq!(batch.len(), 5);
    assert_eq!(
        batch[4],
        format!(r#"{{"standings":{}}}"#, lines[4]),
        "the standings line is answered with itself"
    );

    // a standings line that the records do not add up to is refused, naming both
    let mut forged = points.as_array().unwrap().clone();
    forged[0] = serde_json::json!(forged[0].as_u64().unwrap() + 1);
    let forged_line = serde_json::json!({"seed": standings["seed"], "games": 4, "points": forged});
    let input = format!("{}\n{forged_line}\n", lines[..4].join("\n"));
    let (code, out, err) = cards(&["daifugo", "replay"], &input);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("the standings line says 4 games and points"),
        "{err}"
    );
    let batch = ok(&["daifugo", "replay", "--batch"], &input);
    assert!(
        batch
            .lines()
            .nth(4)
            .unwrap()
            .starts_with(r#"{"error":"the standings line says"#),
        "{batch}"
    );

    // one record alone replays as before: its transcript, or its result
    let one = ok(&["daifugo", "replay", "--json"], lines[0]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&one).unwrap(),
        results[0]
    );
}

#[test]
fn a_human_whose_input_ends_stops_the_game_in_every_game() {
    for (args, needle) in [
        (
            &[
                "doudizhu",
                "play",
                "--seed",
                "2",
                "--players",
                "human",
                "greedy",
                "greedy",
            ][..],
            ": the input ended",
        ),
        (
            &[
                "daifugo",
                "play",
                "--seed",
                "2",
                "--players",
                "human",
                "tutorial",
                "tutorial",
                "tutorial",
                "tutorial",
            ][..],
            "game 1, player 0: the input ended",
        ),
    ] {
        let (code, out, err) = cards(args, "");
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(
            err.lines().last().unwrap().contains(needle),
            "{args:?}: {err}"
        );
        // the prompt went to stderr
        assert!(err.contains("your "), "{args:?}: {err}");
        assert!(!out.contains("points"), "{args:?}: {out}");
    }
}

/// `play` seats every player of the game's registry by name, and an unknown name lists them all.
#[test]
fn play_seats_every_registered_player_and_lists_them_on_a_typo() {
    use cards_core::game::Players;
    for (game, registry, seats) in [
        ("doudizhu", <doudizhu::Game as Players>::POLICY_NAMES, 3),
        ("daifugo", <daifugo::Game as Players>::POLICY_NAMES, 5),
    ] {
        for name in registry {
            let out = ok(
                &[game, "play", "--seed", "4", "--policy", name, "--json"],
                "",
            );
            assert!(out.contains("\"seed\":4"), "{game} {name}: {out}");
        }
        let mut names = vec!["wizard"];
        names.resize(seats, registry[0]);
        let players = names.join(",");
        let (code, _, err) = cards(&[game, "play", "--players", &players], "");
        assert_eq!(code, Some(2), "{game}");
        assert_eq!(
            err,
            format!(
                "cards: unknown player \"wizard\" (expected one of: {}, human, exec:COMMAND)\n",
                registry.join(", ")
            ),
            "{game}"
        );
    }
}

/// Whether `lines` occur in `within` in this order, each at the end of a line of its own (a
/// prompt without a newline may stand before it); the first missing line otherwise.
fn in_order<'a>(lines: &[&'a str], within: &str) -> Result<(), &'a str> {
    let mut rest = within.lines();
    for want in lines {
        if !rest.any(|l| l.ends_with(want)) {
            return Err(want);
        }
    }
    Ok(())
}

/// At the terminal, Dou Dizhu shows each action as it is made (the transcript's lines, on
/// stderr with the prompts), never another seat's hand, and numbers the auction's choices as
/// the plays are numbered: `3` is the third choice.
#[test]
fn doudizhu_at_the_terminal_shows_every_action_as_it_is_made() {
    let input = format!("3\n{}", "1\n".repeat(40));
    let (code, out, err) = cards(
        &[
            "doudizhu",
            "play",
            "--seed",
            "3",
            "--players",
            "human",
            "greedy",
            "greedy",
        ],
        &input,
    );
    assert_eq!(code, Some(0), "{err}");
    // choices 1. pass 2. bid 1 3. bid 2 4. bid 3: the third is bid 2
    assert!(
        err.contains("   1. pass\n   2. bid 1\n   3. bid 2\n   4. bid 3\n"),
        "{err}"
    );
    assert!(out.contains("\nseat 0: bid 2\n"), "{out}");
    // every action line of the final transcript was shown as it was made, the landlord's
    // whole hand cut away
    let lines: Vec<&str> = out.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with("first bidder"))
        .unwrap()
        + 1;
    let shown: Vec<&str> = lines[first..]
        .iter()
        .map(|l| match l.find(", takes the kitty: hand ") {
            Some(at) => &l[..at + ", takes the kitty".len()],
            None => l,
        })
        .collect();
    assert!(shown.len() > 10, "{out}");
    assert_eq!(in_order(&shown, &err), Ok(()), "{err}");
    // the other seats' hands are never shown
    for seat in [1, 2] {
        let hand = lines
            .iter()
            .find_map(|l| l.strip_prefix(&format!("seat {seat}: ")))
            .unwrap();
        assert!(!err.contains(hand), "{hand}: {err}");
    }
    assert!(!err.contains("takes the kitty: hand"), "{err}");
    insta::assert_snapshot!("doudizhu_terminal_seed_3", err);
}

/// At the terminal, Daifugo's first prompt comes after the tricks played before it, and every
/// action of the game is shown as it is made.
#[test]
fn daifugo_at_the_terminal_shows_the_tricks_before_the_first_prompt() {
    let (code, out, err) = cards(
        &[
            "daifugo",
            "play",
            "--seed",
            "2",
            "--players",
            "human",
            "tutorial",
            "tutorial",
            "tutorial",
            "tutorial",
        ],
        &"1\n".repeat(200),
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("trick 1")).unwrap();
    let mine = lines
        .iter()
        .position(|l| l.starts_with("  player 0: "))
        .unwrap();
    assert!(mine > first + 1, "player 0 does not move first here: {out}");
    let prompt = err.find("your move").unwrap();
    // the tricks before player 0's first move stand before its first prompt
    assert_eq!(
        in_order(&lines[first..mine], &err[..prompt]),
        Ok(()),
        "{err}"
    );
    // and every line from the first trick to the points, in order
    assert_eq!(in_order(&lines[first..], &err), Ok(()), "{err}");
    assert!(err.contains(" points"), "{err}");
}

/// A deal every seat passes is dealt again by itself, with a line saying so: deal `k` of
/// `play --seed S` is the game `play --seed S+k-1` deals (seed 8: `expert-fixed`, the fixed
/// bidding rule, passes all round on seeds 8 and 9, bids on 10).
#[test]
fn doudizhu_play_deals_again_when_everyone_passes() {
    let played = ok(
        &[
            "doudizhu",
            "play",
            "--policy",
            "expert-fixed",
            "--seed",
            "8",
        ],
        "",
    );
    let line2 = "Everyone passed: dealing again (deal 2, seed 9)\n";
    let line3 = "Everyone passed: dealing again (deal 3, seed 10)\n";
    let deals: Vec<&str> = played.split(line2).flat_map(|d| d.split(line3)).collect();
    assert_eq!(deals.len(), 3, "{played}");
    assert!(deals[0].starts_with("seed: 8\n"), "{played}");
    assert!(deals[0].contains("all pass: deal again"), "{played}");
    // deal k is the game of seed 8+k-1, players included (the first deal of that seed)
    let alone = |seed: &str| {
        ok(
            &[
                "doudizhu",
                "play",
                "--policy",
                "expert-fixed",
                "--seed",
                seed,
            ],
            "",
        )
    };
    assert!(alone("9").starts_with(deals[1]), "{played}");
    assert_eq!(deals[2], alone("10"));
    assert!(!deals[2].contains("Everyone passed"), "{played}");
    // as JSON: one object a line, each with its seed, the lines about dealing again on stderr
    let (code, out, err) = cards(
        &[
            "doudizhu",
            "play",
            "--policy",
            "expert-fixed",
            "--seed",
            "8",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, format!("{line2}{line3}"));
    let seeds: Vec<u64> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["seed"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(seeds, [8, 9, 10]);
    // a game no one passed all round is one deal, as before
    let once = ok(
        &[
            "doudizhu",
            "play",
            "--policy",
            "expert-fixed",
            "--seed",
            "10",
            "--json",
        ],
        "",
    );
    assert_eq!(once.lines().count(), 1);
}
