"""cards_rs.doudizhu.solve: the endgame solver, three hands and two (open-hand puzzles), bans,
and errors that say why; the 8 published two-hand puzzles get the published winners."""

import pathlib

import pytest

from cards_rs import CardsError, NoPlayError, ParseError
from cards_rs import doudizhu as ddz

PUZZLES = pathlib.Path(__file__).resolve().parents[2] / "doudizhu" / "data" / "two_hand_puzzles.txt"


def published():
    for line in PUZZLES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            first, second, winner = line.split()
            yield first, second, winner


def test_the_8_published_puzzles_have_the_published_winner():
    rows = list(published())
    assert len(rows) == 8
    for first, second, winner in rows:
        r = ddz.solve([first, second])
        assert r["winner"] == winner, (first, second)
        assert r["side"] == "first" and r["to_move"] == 0
        assert r["lost"] == (winner == "second")
        assert r["lost"] == (r["winning"] == [])


def test_two_hands_with_a_table_and_bans():
    # the second made the play to beat: the first answers it
    r = ddz.solve(["2", "33"], table="K")
    assert (r["to_move"], r["winner"], r["winning"]) == (0, "first", ["2"])
    assert ddz.solve(["3339", "5552"])["winning"] == ["3339"]
    r = ddz.solve(["3339", "5552"], bans=["trio_solo", "four_two_pair"])
    assert (r["winner"], r["lost"], r["bans"]) == ("second", True, ["trio_solo", "four_two_pair"])


def test_three_hands_as_before():
    r = ddz.solve(["66663", "9", "KK4"], table="4", table_seat=2)
    assert (r["winner"], r["score"], r["side"]) == ("landlord", 2, "landlord")
    assert r["winning"] == ["6666"]
    assert ddz.solve(["66553", "9", "KK4"], table="4", table_seat=2)["lost"] is True


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (dict(hands=["333", "33"]), CardsError, "hold 5 of rank 3"),
        (dict(hands=["3"]), CardsError, "give two hands"),
        (dict(hands=["3", "4"], bans=["trio"]), CardsError, '"trio" is no kind a puzzle bans'),
        (dict(hands=["3", "4"], table="3456"), NoPlayError, "3456"),
        (dict(hands=["3", "4"], landlord=1), CardsError, "two hands have no landlord"),
        (dict(hands=["3", "4"], table="5556", bans=["trio_solo"]), CardsError, "banned kind"),
        (dict(hands=["333344445555666677778", "9"]), ParseError, "21 cards"),
        (dict(hands=["3579", "468T", "JQKA"], max_nodes=3), CardsError, "limit of 3 nodes"),
    ],
)
def test_bad_positions_say_why(kwargs, error, message):
    with pytest.raises(error, match=message):
        ddz.solve(**kwargs)


def test_the_line_of_play_ends_the_game_with_the_winner_out():
    r = ddz.solve(["3455KK", "345522"])
    line = r["line"]
    assert line[0] == {"seat": 0, "action": r["winning"][0]}
    played = [c for step in line if step["seat"] == 0 and step["action"] != "pass" for c in step["action"]]
    assert sorted(played) == sorted("3455KK")
    assert ddz.solve(["3455KK", "345522"], bans=["trio_solo"])["line"][0]["seat"] == 0
