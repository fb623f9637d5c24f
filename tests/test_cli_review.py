"""Defects found reviewing the commands as a new user, each a test that failed before its
fix: hostile input is an error of the command naming the option, field or line (exit 2),
never a traceback or a silently wrong answer."""
import io
import sys

import pytest

from mahjong.cli import main

# a Botzone request history whose answer needs the shadow table (the made-up wall)
DRAW = "3\n0 0 0\nPASS\n1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1\nPASS\n2 J1\n"


@pytest.mark.parametrize("seed", ["-5", str(2**64)])
def test_botzone_seed_out_of_range_names_the_option(seed, monkeypatch, capsys):
    """Was an OverflowError traceback from the compiled shuffle."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(DRAW))
    assert main(["botzone", "--agent", "random", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mahjong botzone: error: --seed: {seed} ")
    assert "2**64" in err


def test_botzone_seed_in_range_answers(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(DRAW))
    assert main(["botzone", "--agent", "greedy", "--seed", str(2**64 - 1)]) == 0
    assert capsys.readouterr().out == "HU\n"


def _stats_of(tmp_path, capsys, line):
    path = tmp_path / "logs.jsonl"
    path.write_text(line + "\n")
    code = main(["stats", str(path)])
    return code, capsys.readouterr()


@pytest.mark.parametrize("line, words", [
    # a log read from its result: the rule set and the seat count are checked, in the
    # engine's compact form (the fast path) as in any other spelling
    ('{"rules":"nosuch","events":[],"result":{"deltas":[5,-5]}}', "'nosuch'"),
    ('{"rules": "nosuch", "events": [], "result": {"deltas": [5, -5]}}', "'nosuch'"),
    ('{"rules":"sichuan","events":[],"result":{"deltas":[1,-1]}}', "2 deltas"),
    ('{"rules": "sichuan", "events": [], "result": {"deltas": [1, -1]}}', "2 deltas"),
    ('{"rules":"two_player","events":[],"result":{"deltas":[1,-1,0,0]}}', "4 deltas"),
    ('{"rules":"sichuan","seats":4,"events":"x","result":{"deltas":[1,-1,0,0]}}',
     "'events'"),
])
def test_stats_checks_a_logs_rules_and_seats(tmp_path, capsys, line, words):
    """Were counted silently (a rule set of no name, a four-seat hand of two seats, events
    that are no list on the fast path but an error on the slow one)."""
    code, out = _stats_of(tmp_path, capsys, line)
    assert code == 2 and out.out == ""
    assert out.err.startswith(f"mahjong stats: error: {tmp_path / 'logs.jsonl'} line 1: ")
    assert words in out.err


def test_stats_reads_a_good_log_either_way(tmp_path, capsys):
    for line in ('{"rules":"Sichuan","events":[],"result":{"deltas":[1,-1,0,0]}}',
                 '{"rules": "two_player", "events": [], "result": {"deltas": [3, -3]}}'):
        code, out = _stats_of(tmp_path, capsys, line)
        assert code == 0 and "hands: 1" in out.out


@pytest.mark.parametrize("command", [
    ["score", "--rules", "sichuan", "111p123p456p789p99p", "--win", "9p"],
    ["simulate", "--rules", "sichuan", "--hands", "1", "--no-progress"],
])
@pytest.mark.parametrize("option, words", [
    ("max_fan=" + "1" * 5000, "--option 'max_fan=1111"),    # was a ValueError traceback
    ("max_fan=" + "[" * 100_000, "nested too deeply"),        # was a RecursionError
    ("=3", "--option '=3': expected name=value"),              # named an empty option
    (" =3", "--option ' =3': expected name=value"),
])
def test_option_value_json_errors_name_the_option(command, option, words, capsys):
    assert main(command + ["--option", option]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mahjong {command[0]}: error: ") and words in err
    assert len(err) < 500    # the option is named, not echoed whole


def test_option_without_a_value_still_asks_for_name_value(capsys):
    assert main(["score", "--rules", "sichuan", "111p123p456p789p99p", "--win", "9p",
                 "--option", "max_fan"]) == 2
    assert "--option 'max_fan': expected name=value" in capsys.readouterr().err


@pytest.mark.parametrize("flags, words", [
    (["--threads", "300"], "--threads: 300 (1..256)"),      # was "threads: 300"
    (["--threads", "0"], "--threads: 0 (1..256)"),          # was "(at least 1)"
    (["--seed", "-1"], "--seed: -1 is not in [0, 2**64)"),  # was "seed: -1"
    (["--seed", str(2**64)], "--seed: 18446744073709551616 is not in [0, 2**64)"),
])
def test_simulate_names_the_flag_and_its_range(flags, words, capsys):
    assert main(["simulate", "--rules", "sichuan", "--hands", "1", "--no-progress"]
                + flags) == 2
    assert capsys.readouterr().err == f"mahjong simulate: error: {words}\n"


def test_stats_words_a_non_utf8_line_as_the_other_readers(tmp_path, capsys):
    """Was 'line 1: not UTF-8 text (byte 0)': an offset counted from 0 (settle, score and
    gb say 'byte 0x80 at column 1'), and the line counted without the blank lines."""
    path = tmp_path / "logs.jsonl"
    path.write_bytes(b'\n\x80abc\n')
    assert main(["stats", str(path)]) == 2
    assert capsys.readouterr().err == (f"mahjong stats: error: {path} line 2: not UTF-8 "
                                       "text: byte 0x80 at column 1\n")
    assert main(["settle", str(path), "--no-progress"]) == 1
    assert "record 2: not UTF-8 text: byte 0x80 at column 1" in capsys.readouterr().out


def test_stats_names_the_file_of_a_bad_line(tmp_path, capsys):
    """Was 'line 3' for the first line of the second file: lines were counted across the
    files and the file went unnamed."""
    from mahjong.game import Game
    import json

    good = tmp_path / "good.jsonl"
    good.write_text("".join(json.dumps(Game("sichuan", seed=s).play()) + "\n"
                            for s in range(2)))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("[1]\n")
    assert main(["stats", str(good), str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"mahjong stats: error: {bad} line 1: ")
    assert main(["stats", str(good), str(good)]) == 0
    assert "hands: 4 " in capsys.readouterr().out


def test_gb_reads_rules_guobiao_as_every_other_command(capsys):
    """`mahjong gb` is short for `score --rules guobiao`, but `gb --rules guobiao` was an
    error (its --rules took only standard or lianzhong)."""
    hand = ["1112345678999m", "--win", "1m", "--self-drawn", "--json"]
    assert main(["gb"] + hand) == 0
    standard = capsys.readouterr().out
    assert main(["gb"] + hand + ["--rules", "Guobiao"]) == 0
    assert capsys.readouterr().out == standard


def test_score_jsonl_names_the_field_not_a_flag(tmp_path, capsys):
    """A JSON line's field that its rule set does not take, or lacks, was named as a flag of
    the single-hand command (--seat-wind, --indicator, --win-tile)."""
    lines = tmp_path / "hands.jsonl"
    lines.write_text(
        '{"rules": "sichuan", "hand": "111p123p456p789p99p", "win_tile": "9p", '
        '"seat_wind": "E"}\n'
        '{"rules": "huanggang", "hand": "234m567m88m[111m][999m][7z]", "win_tile": "5m"}\n'
        '{"rules": "sichuan", "hand": "111p123p456p789p99p", "win_tile": null}\n')
    assert main(["score", "--jsonl", str(lines), "--no-progress"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        '{"error": "line 1: field \'seat_wind\' does not apply to rules sichuan (it applies '
        'to guobiao)"}',
        '{"error": "line 2: field \'indicator\' is required with rules huanggang"}',
        '{"error": "line 3: field \'win_tile\' (the winning tile) is required"}']


@pytest.mark.parametrize("logs", [5, None, 2.5])
def test_dask_settle_names_logs_that_are_no_bag_or_paths(logs):
    """Was a TypeError ('int' object is not iterable)."""
    mjd = pytest.importorskip("mahjong.dask")
    from mahjong.errors import MahjongError

    with pytest.raises(MahjongError, match="logs: expected a dask.bag or JSONL / Parquet "
                                           "paths, got"):
        mjd.settle(logs)


def test_dask_convert_names_its_own_argument(tmp_path):
    """Was 'logs: expected a dask.bag or JSONL / Parquet paths' (settle's argument)."""
    mjd = pytest.importorskip("mahjong.dask")
    from mahjong.errors import MahjongError

    with pytest.raises(MahjongError, match="^paths: expected a path, a glob pattern or a "
                                           "list of them, got int$"):
        mjd.convert(5, "botzone-text", str(tmp_path))
    with pytest.raises(MahjongError, match="^paths: no file matches"):
        mjd.convert(str(tmp_path / "none*.txt"), "botzone-text", str(tmp_path))


def test_env_before_reset_is_a_mahjong_error():
    """last() before reset() was an AttributeError (agent_selection), and the wrapped
    env's agent_iter() an AssertionError; step and observe already said to call reset()."""
    from mahjong.errors import MahjongError
    from mahjong.game.env import HAS_PETTINGZOO, MahjongEnv, env

    with pytest.raises(MahjongError, match=r"^last: the environment has no episode yet"):
        MahjongEnv("sichuan").last()
    if HAS_PETTINGZOO:
        wrapped = env(rules="sichuan")
        with pytest.raises(MahjongError, match=r"^last: the environment has no episode"):
            wrapped.last()
        with pytest.raises(MahjongError, match=r"^agent_iter: the environment has no"):
            next(iter(wrapped.agent_iter()))
        wrapped.reset(seed=1)
        assert wrapped.last()[2] is False and next(iter(wrapped.agent_iter())) == "player_0"


def test_architecture_lists_every_command():
    """docs/ARCHITECTURE.md's cli/ entry listed nine of the eleven commands (not botzone,
    convert)."""
    import argparse
    import pathlib
    import re

    from mahjong.cli import build_parser

    sub = next(a for a in build_parser()._actions
               if isinstance(a, argparse._SubParsersAction))
    text = (pathlib.Path(__file__).parent.parent / "docs" / "ARCHITECTURE.md").read_text()
    entry = re.search(r"  cli/ +`mahjong ([^`]*)`", text).group(1)
    listed = {w.strip() for w in entry.split("|")}
    assert listed == set(sub.choices)


def test_gb_jsonl_reads_melds_in_the_hand_as_score_jsonl_does(tmp_path, capsys):
    """A line's hand with its melds in brackets was refused by gb --jsonl ('unknown tile
    token [777z][555m]') but read by score --jsonl and by gb HAND."""
    import json

    lines = tmp_path / "hands.jsonl"
    lines.write_text('{"hand": "222m88m11z[777z] [555m]", "win_tile": "8m"}\n'
                     '{"hand": "222m88m11z", "melds": ["[777z]", "[555m]"], "win_tile": "8m"}\n'
                     '{"hand": "222m88m11z[777z]", "melds": ["[555m]"], "win_tile": "8m"}\n')
    assert main(["gb", "--jsonl", str(lines), "--no-progress"]) == 0
    rows = [json.loads(r) for r in capsys.readouterr().out.splitlines()]
    assert len(rows) == 3 and rows[0] == rows[1] == rows[2] and rows[0]["total"] == 14


@pytest.mark.parametrize("call, words", [
    (lambda m: m.Match(5), "players: expected 4 names, got 5"),          # was a TypeError
    (lambda m: m.Match("ABCD"), "players: expected 4 names, got 'ABCD'"),  # was A, B, C, D
    (lambda m: m.Match.from_records(5), "records: expected an iterable of hand records, "
                                        "got int"),                        # was a TypeError
])
def test_guobiao_match_names_a_bad_argument(call, words):
    from mahjong import guobiao
    from mahjong.errors import InvalidRecordError

    with pytest.raises(InvalidRecordError, match="^" + words + "$"):
        call(guobiao)
    assert guobiao.Match(["Ann", "Bo", "Cy", "Di"]).players == ("Ann", "Bo", "Cy", "Di")


@pytest.mark.parametrize("name", ["suit_of", "is_honor", "is_terminal"])
@pytest.mark.parametrize("bad", [99, 34, -1, None, "x", 2.5, True])
def test_tile_helpers_refuse_what_is_no_tile(name, bad):
    """suit_of(99) was 11, is_terminal(-1) True, is_honor(99) True; a string a TypeError."""
    from mahjong import tiles
    from mahjong.errors import TileParseError

    with pytest.raises(TileParseError):
        getattr(tiles, name)(bad)


def test_tile_helpers_answer_for_every_tile():
    from mahjong import tiles

    assert [tiles.suit_of(t) for t in (0, 8, 9, 17, 18, 26, 27, 33)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [t for t in range(34) if tiles.is_terminal(t)] == list(tiles.TERMINALS)
    assert [t for t in range(34) if tiles.is_honor(t)] == list(tiles.HONORS)
    assert tiles.suit_of("5z") == 3 and tiles.is_terminal("9s") and tiles.is_honor("中")


@pytest.mark.parametrize("lines", [5, None, '{"rules": "sichuan"}', b"{}", {"rules": 1}])
def test_stats_summary_of_lines_names_what_is_no_lines(lines):
    """Was a TypeError ('int' object is not iterable), and a string was read a character
    a line, as summary() refuses it."""
    from mahjong import stats
    from mahjong.errors import MahjongError

    with pytest.raises(MahjongError, match="^lines: expected an iterable of JSON lines, got"):
        stats.summary_of_lines(lines)


@pytest.mark.parametrize("concealed", [[-1], [34], ["5m"], [None], 5])
def test_check_copies_refuses_what_is_no_tile_ids(concealed):
    """[-1] counted a copy of 7z (a negative index), [34] was an IndexError, [None] and 5
    TypeErrors."""
    from mahjong.errors import TileParseError
    from mahjong.hand import check_copies

    with pytest.raises(TileParseError, match="^concealed: expected tile ids 0..33, got"):
        check_copies(concealed)


ROOM_PAGES = {"sichuan": "RULESETS", "yunnan": "RULESETS", "guiyang": "GUIYANG",
              "huanggang": "HUANGGANG", "guobiao": "GUOBIAO", "two_player": "TWO_PLAYER",
              "tongcheng": "TONGCHENG"}


@pytest.mark.parametrize("rules", sorted(ROOM_PAGES))
def test_every_option_has_a_row_on_its_rule_sets_page(rules):
    """The option tables of RULESETS.md (Sichuan, Yunnan), HUANGGANG.md, TWO_PLAYER.md and
    TONGCHENG.md had no row for duplicate_walls, and GUOBIAO.md no table of its options."""
    import pathlib

    from mahjong.cli.rules import describe

    page = pathlib.Path(__file__).parent.parent / "docs" / f"{ROOM_PAGES[rules]}.md"
    text = page.read_text(encoding="utf-8")
    names = [o["name"] for o in describe(rules)["options"]]   # as `mahjong rules` lists them
    assert names and [n for n in names if f"| `{n}` |" not in text] == []


@pytest.mark.parametrize("wall, words", [
    (5, "expected a list of tiles, got 5"),                 # was a TypeError
    ({"a": 1}, "expected a list of tiles, got {'a': 1}"),   # was "tile 0 is 'a'"
    ("1m2x", "unknown tile token"),
])
def test_a_wall_that_is_no_list_of_tiles_is_named(wall, words):
    from mahjong.errors import MahjongError
    from mahjong.game import Game, replay

    with pytest.raises(MahjongError, match="^wall: " + words):
        Game("sichuan", wall=wall)
    log = Game("sichuan", seed=1).play()
    with pytest.raises(MahjongError, match="^replay: wall: " + words):
        replay({**log, "wall": wall})
    with pytest.raises(MahjongError, match="^replay: reserve: " + words):
        replay({**log, "reserve": wall})


def test_a_wall_as_a_tile_string_replays_as_settle_reads_it():
    """settle() read a log whose wall is a tile string, but replay() and Game(wall=) read
    it a character a tile ("tile 0 is '7'")."""
    from mahjong.game import Game, replay
    from mahjong.ruleset import settle

    log = Game("sichuan", seed=1, agents="greedy").play()
    text = {**log, "wall": "".join(log["wall"])}
    assert replay(text)["events"] == log["events"]
    assert list(settle(text).deltas) == log["result"]["deltas"]
    again = Game("sichuan", wall=text["wall"], agents="greedy").play()
    assert again["wall"] == log["wall"] and again["events"] == log["events"]


def test_viewer_takes_a_numpy_seat_as_every_other_api():
    """A numpy integer seat (from an array of seats) was refused: 'np.int64(1) is not a
    seat'."""
    import numpy as np

    from mahjong import viewer
    from mahjong.errors import MahjongError
    from mahjong.game import Game

    log = Game("sichuan", seed=2, agents="greedy").play()
    assert viewer.page(log, seat=np.int64(1)) == viewer.page(log, seat=1)
    for bad in (True, np.int64(4), 1.0):
        with pytest.raises(MahjongError, match="is not a seat"):
            viewer.page(log, seat=bad)


@pytest.mark.parametrize("command, flags, words", [
    (["score"], ["--win", "9p"], "--win-tile: with --jsonl each line gives its own "
                                 "('win_tile')"),
    (["score"], ["--self-drawn"], "--self-drawn: with --jsonl each line gives its own "
                                  "('self_drawn')"),
    (["score"], ["--meld", "222p"], "--meld: with --jsonl each line gives its own ('melds')"),
    (["score"], ["--indicator", "3p"], "--indicator: with --jsonl each line gives its own "
                                       "('indicator')"),
    (["gb"], ["--seat-wind", "N"], "--seat-wind: with --jsonl each line gives its own "
                                   "('seat_wind')"),
    (["gb"], ["--flowers", "2"], "--flowers: with --jsonl each line gives its own ('flowers')"),
    (["gb"], ["--waits"], "--waits: with --jsonl each line gives its own"),
    (["gb"], ["--last-of-wall"], "--last-of-wall: with --jsonl each line gives its own "
                                 "('last_tile')"),
])
def test_jsonl_refuses_a_single_hands_flag(command, flags, words, tmp_path, capsys):
    """A single hand's flag given with --jsonl was ignored silently: every line scored as if
    it were not given."""
    lines = tmp_path / "hands.jsonl"
    lines.write_text('{"rules": "guobiao", "hand": "1112345678999m", "win_tile": "1m"}\n')
    assert main(command + ["--jsonl", str(lines), "--no-progress"] + flags) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith(f"mahjong {command[0]}: error: {words}")
    assert main(command + ["--jsonl", str(lines), "--no-progress"]) == 0   # without: scored
