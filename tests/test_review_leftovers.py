"""The defects the new-user review found in the formats, match and action-name code (each
test failed before its fix)."""
import io
import json

import pytest

from mahjong import formats
from mahjong.cli import main
from mahjong.errors import MahjongError
from mahjong.game import N_ACTIONS, Game, action_name


def _logs(rules, n=3):
    return [Game(rules, seed=i, agents="greedy").play() for i in range(n)]


@pytest.mark.parametrize("rules", ["sichuan", "huanggang", "guobiao"])
def test_convert_check_settles_logs_of_any_rule_set(rules, tmp_path, capsys):
    """`convert --from jsonl --check` of Sichuan logs was an AttributeError traceback (the
    check read a Guobiao fan total of every win)."""
    path = tmp_path / "logs.jsonl"
    path.write_text("".join(json.dumps(log) + "\n" for log in _logs(rules)))
    assert main(["convert", "--from", "jsonl", str(path), "--check"]) == 0
    err = capsys.readouterr().err
    assert "3 games: 3 converted, 0 refused, 0 differ" in err


def test_jsonl_is_a_format_of_read_and_write():
    """`formats.read("jsonl", ...)` was "unknown format 'jsonl'" though `convert --from
    jsonl` reads it."""
    logs = _logs("yunnan")
    out = io.StringIO()
    assert formats.write("jsonl", logs, out) == 3
    games = list(formats.read("jsonl", io.BytesIO(out.getvalue().encode())))
    assert [g.ok for g in games] == [True] * 3
    assert [g.record.to_json()["events"] for g in games] == [log["events"] for log in logs]
    with pytest.raises(MahjongError, match="record 1: not a JSON record"):
        formats.write("jsonl", ["{"], io.StringIO())


def test_match_help_shows_one_percent_sign(capsys):
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "a 95% interval" in out and "95%%" not in out


def test_match_duplicate_walls_option_names_the_flags(capsys):
    """Was "duplicate_walls=False but wall_parts=True": the API's argument, no flag."""
    code = main(["match", "--rules", "guobiao", "--agents", "greedy,random", "--walls", "1",
                 "--option", "duplicate_walls=false"])
    assert code == 2
    err = capsys.readouterr().err
    assert "--option duplicate_walls=False" in err and "--shared-wall" in err


@pytest.mark.parametrize("bad", [10**19, -1, N_ACTIONS, "x", True, 2.0, None])
def test_action_name_refuses_what_is_no_action(bad):
    """10**19 was an OverflowError, 'x' a TypeError, 115 'action 115'."""
    with pytest.raises(MahjongError, match="no action index"):
        action_name(bad)


def test_action_name_names_every_action():
    import numpy as np
    names = [action_name(a) for a in range(N_ACTIONS)]
    assert len(set(names)) == N_ACTIONS
    assert action_name(np.int64(5)) == "discard 6m" and names[0] == "discard 1m"


def test_meld_unknown_field_is_named_once():
    """Was "has unknown field(s) [\\"'bogus'\\"]" (the name quoted twice)."""
    from mahjong.hand import parse_meld
    from mahjong.errors import InvalidHandError
    with pytest.raises(InvalidHandError) as info:
        parse_meld({"type": "pung", "tiles": "777z", "bogus": 1, "alpha": 2})
    assert str(info.value).endswith("has unknown field(s) 'alpha', 'bogus'")


@pytest.mark.parametrize("first, words", [
    ("[1,2]", "is JSON but no request object"),
    ("hello", "is neither JSON nor the number of turns"),
])
def test_botzone_first_line_that_is_no_request(first, words, monkeypatch, capsys):
    """'[1,2]' was "neither JSON nor the number of turns" (it is JSON)."""
    import sys
    monkeypatch.setattr(sys, "stdin", io.StringIO(first + "\n"))
    assert main(["botzone", "--agent", "greedy"]) == 2
    assert words in capsys.readouterr().err


def test_convert_to_judge_logs_refuses_one_game_and_goes_on(tmp_path, capsys):
    """A game dealt by seat 1 stopped the whole run with an error after the games before
    it were written; it is one refused game now, as with --to botzone-text."""
    logs = [Game("guobiao", seed=s, dealer=d, options={"duplicate_walls": True},
                 agents="greedy").play() for s, d in ((1, 0), (2, 1), (3, 0))]
    path = tmp_path / "logs.jsonl"
    path.write_text("".join(json.dumps(log) + "\n" for log in logs))
    assert main(["convert", "--from", "jsonl", str(path), "--to", "botzone-json"]) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2
    assert "line 2: cannot be written as botzone-json: dealer 1" in err
    assert "3 games: 2 converted, 1 refused" in err
