"""A room's compiled win check (mahjong_core/_wincheck.pxd): the engine calls it with its own
arrays and no Python; the same check answers a WinQuery (mahjong.playspec.check_query), and
the engine's Python fallback (a room with only ``win_value``) plays the same hands."""
import dataclasses
import importlib
import json

import pytest

import mahjong.game
from mahjong.errors import MahjongError
from mahjong.game import Game
from mahjong.playspec import PlaySpec, WinCheck, check_query
from mahjong_core._types import (MELD_PUNG, WIN_FOURTH_TILE, WIN_HEAVENLY, WIN_ROBBING_KONG,
                                 WIN_SELF_DRAWN)

#: (rule set, options) every built-in room plays with a compiled check
COMPILED = [("sichuan", {}), ("sichuan", {"xuezhan": False, "max_fan": 3}),
            ("sichuan", {"dingque": True, "huan_san_zhang": True, "pass_lock": True}),
            ("yunnan", {}), ("yunnan", {"allow_chow": True, "multi_ron": False}),
            ("guobiao", {}), ("guobiao", {"flowers": True}),
            ("guiyang", {}), ("guiyang", {"pass_lock": True, "scale": "B"}),
            ("two_player", {}), ("two_player", {"min_fan": 3}),
            ("tongcheng", {}), ("tongcheng", {"multi_ron": False}),
            ("huanggang", {})]


def _room(rules):
    return importlib.import_module(f"mahjong.{rules}.play")


def _with_spec(monkeypatch, rules, make):
    """Make the engine play ``rules`` with ``make(spec)`` in place of the room's spec."""
    room = _room(rules)
    orig = room.play_spec
    monkeypatch.setattr(room, "play_spec", lambda options=None: make(orig(options)))
    monkeypatch.setattr(mahjong.game, "_SPECS", {})


def _logs(rules, options, n):
    return [json.dumps(Game(rules, seed=[7, k], options=options,
                            agents="greedy" if k % 2 else "random", dealer=k % 2).play())
            for k in range(n)]


@pytest.mark.parametrize("rules,options", COMPILED)
def test_builtin_room_checks_are_compiled(rules, options):
    spec = _room(rules).play_spec(options)
    assert isinstance(spec.win_check, WinCheck)
    assert spec.win_check.rules == rules


@pytest.mark.parametrize("rules,options", COMPILED)
def test_the_engine_calls_no_python_per_win(rules, options, monkeypatch):
    """The table asks the compiled check only: a Python win_value that fails is never
    called (before, every possible win was a call of the room's Python win_value)."""
    def refuse(q):
        raise AssertionError("the engine called Python for a win")

    _with_spec(monkeypatch, rules, lambda spec: dataclasses.replace(spec, win_value=refuse))
    logs = _logs(rules, options, 12)
    assert any('"type": "win"' in log for log in logs)


@pytest.mark.parametrize("rules,options", COMPILED)
def test_table_arrays_and_the_record_give_the_same_answers(rules, options, monkeypatch):
    """The check asked with the table's own arrays and the same check asked through the
    engine's Python fallback (a WinQuery with the record so far, read back by
    check_query) play the same hands, value for value."""
    compiled = _logs(rules, options, 16)
    asked = []

    def fallback(spec):
        def win_value(q):
            asked.append(q)
            return check_query(spec, q)
        return dataclasses.replace(spec, win_check=None, win_value=win_value)

    _with_spec(monkeypatch, rules, fallback)
    assert _logs(rules, options, 16) == compiled
    assert asked


def test_guobiao_lianzhong_keeps_its_python_win_value():
    spec = _room("guobiao").play_spec({"lianzhong": True})
    assert spec.win_check is None and callable(spec.win_value)


def test_a_spec_needs_a_check():
    with pytest.raises(MahjongError, match="win_check .compiled. or win_value"):
        PlaySpec(rules="mine", options={})
    with pytest.raises(MahjongError, match="win_check is a compiled WinCheck"):
        PlaySpec(rules="mine", options={}, win_check=lambda q: 1)


def _sichuan_check():
    return _room("sichuan").play_spec().win_check


def _counts(ids):
    counts = [0] * 34
    for t in ids:
        counts[t] += 1
    return counts


@pytest.mark.parametrize("hand,win,self_drawn", [
    ("123456789m123p55p", "5p", True), ("123456789m123p55p", "5p", False),
    ("11223344556677m", "7m", True), ("111222333m44455p", "5p", False)])
def test_check_value_is_the_value_score_gives(hand, win, self_drawn):
    """One path: the check answers from the kernel score() calls (Sichuan: the value)."""
    from mahjong.sichuan import score
    from mahjong.tiles import parse_tile, to_tile_ids

    value = _sichuan_check().value(
        _counts(to_tile_ids(hand)), win_tile=parse_tile(win),
        flags=WIN_SELF_DRAWN if self_drawn else 0, from_seat=-1 if self_drawn else 1)
    assert value == score(hand, win_tile=win, self_drawn=self_drawn).value > 0


def test_guobiao_check_is_score_total_and_needs_8_fans():
    from mahjong.guobiao import score
    from mahjong.tiles import to_tile_ids

    check = _room("guobiao").play_spec().win_check
    hand = to_tile_ids("234m567m345p678s22s")
    r = score(hand[:-1], win_tile=hand[-1], self_drawn=True)
    assert r.total >= 8
    assert check.value(_counts(hand), win_tile=hand[-1], flags=WIN_SELF_DRAWN) == r.total
    small = to_tile_ids("123m567m345p22s678s")      # 平和-less, below 8 fans on a discard
    assert score(small[:-1], win_tile=small[-1]).total < 8
    assert check.value(_counts(small), win_tile=small[-1], from_seat=1) == 0
    with_fourth = check.value(_counts(small), win_tile=small[-1], from_seat=1,
                              flags=WIN_FOURTH_TILE)
    assert with_fourth == score(small[:-1], win_tile=small[-1], fourth_tile=True).total


def test_check_refuses_impossible_circumstances():
    check = _sichuan_check()
    counts = _counts((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 13))
    # a robbed tile of which the winner holds two copies: not a Sichuan win
    assert check.value(counts, win_tile=13, flags=WIN_ROBBING_KONG, from_seat=1) == 0
    # 天胡 with an exposed pung
    c = list(counts)
    for t in (0, 1, 2):
        c[t] -= 1
    assert check.value(c, [(MELD_PUNG, 3)], win_tile=13,
                       flags=WIN_SELF_DRAWN | WIN_HEAVENLY) == 0


@pytest.mark.parametrize("kwargs,needle", [
    (dict(counts=[0] * 33, win_tile=0), "counts: 33 values"),
    (dict(counts=[5] + [0] * 33, win_tile=0), "counts: 5 copies"),
    (dict(counts=[0] * 34, win_tile=34), "win_tile: 34"),
    (dict(counts=[0] * 34, win_tile=0, seat=4), "seat: 4"),
    (dict(counts=[0] * 34, win_tile=0, from_seat=0), "from_seat: 0"),
    (dict(counts=[0] * 34, win_tile=0, from_seat=1, flags=WIN_SELF_DRAWN), "WIN_SELF_DRAWN"),
    (dict(counts=[0] * 34, win_tile=0), "WIN_SELF_DRAWN"),
    (dict(counts=[0] * 34, melds=[(9, 0)], win_tile=0), "meld code 9"),
    (dict(counts=[0] * 34, melds=[(MELD_PUNG, 40)], win_tile=0), "meld tile 40"),
    (dict(counts=[0] * 34, win_tile=0, ready_at=(-1,)), "ready_at: 1 seats"),
    (dict(counts=[0] * 34, win_tile=0, flower_indicators=[50]), "flower_indicators: tile 50"),
])
def test_check_value_bad_input_names_the_argument(kwargs, needle):
    counts = kwargs.pop("counts")
    with pytest.raises(MahjongError, match=needle.replace("(", r"\(")):
        _sichuan_check().value(counts, **kwargs)


def test_a_win_check_is_made_by_a_kernel():
    with pytest.raises(MahjongError, match="made by a room's kernel"):
        WinCheck()


def test_a_value_beyond_a_c_int_is_an_error_naming_it():
    """Before, the table raised a plain OverflowError from the Python value."""
    with pytest.raises(MahjongError, match=r"exceeds 2\^31 - 1"):
        for k in range(40):
            Game("sichuan", seed=[3, k], agents="greedy", options={"base": 2**31 - 1}).play()


@pytest.mark.parametrize("rules", ["sichuan", "yunnan", "guiyang", "huanggang"])
def test_logs_with_pass_lock_settle_through_the_replay(rules):
    """Settling a full log replays it (checking mode): a declined win's 过水 lock is decided
    by the compiled check with the table as it was at that win."""
    from mahjong.ruleset import settle

    for k in range(24):
        log = Game(rules, seed=[11, k], options={"pass_lock": True},
                   agents="random" if k % 2 else "greedy").play()
        assert settle(json.dumps(log, ensure_ascii=False)).deltas == \
            tuple(log["result"]["deltas"])
