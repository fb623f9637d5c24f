"""The engine's typed game log: the finished hand goes from the table to a HandRecord
(record.record_from_table) and to its JSON line (Game.log_json, `mahjong simulate --out`)
without a log mapping in between, and both equal what the mapping gives."""
import io
import json
import os

import pytest

from mahjong import ruleset
from mahjong.errors import MahjongError
from mahjong.game import Game, Match, _table, play_spec
from mahjong.game import simulate
from mahjong.record import HandRecord, WinEvent
from mahjong_core import _types

RULE_SETS = ruleset.available_rulesets()
FIELDS = ("rules", "dealer", "events", "final", "options", "seats", "round_wind", "indicator",
          "flower_indicators", "wall", "reserve")


def _dumps(log):
    return json.dumps(log, ensure_ascii=False, separators=(",", ":"))


def _games(rules, agents, n, seed=11, options=None):
    seats = play_spec(rules, options).seats
    for i in range(n):
        yield i, (lambda i=i: Game(rules, seed=[seed, i], options=options, agents=agents,
                                   dealer=i % seats))


# special hands: Yunnan's 查叫 pairs on the exhausted event, 换三张's setup note
SPECIAL = [("yunnan", "greedy", [3, 1897], None), ("yunnan", "greedy", [3, 1998], None),
           ("sichuan", "random", 1, {"huan_san_zhang": True}),
           ("sichuan", "greedy", 2, {"huan_san_zhang": True})]


def _check_hand(make):
    typed = make()
    record = typed.play_record()
    assert typed.hand_record() is record
    line = typed.log_json()
    plain = make()
    log = plain.play()
    assert line == _dumps(log)
    read = HandRecord.from_json(log, replay=False)
    for name in FIELDS:
        assert getattr(record, name) == getattr(read, name), name
    assert typed.settlement.to_dict() == plain.settlement.to_dict()
    # the typed game's mapping, made after its record, is the same log
    assert typed.log() == log
    return record


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_typed_record_and_json_line_equal_the_log_mapping(rules, agents):
    n = 12 if rules == "huanggang" and agents == "greedy" else 40
    wins = 0
    for _, make in _games(rules, agents, n):
        record = _check_hand(make)
        wins += sum(type(e) is WinEvent for e in record.events)
    if agents == "greedy":      # (random agents seldom win)
        assert wins > 0


@pytest.mark.parametrize("rules, agents, seed, options", SPECIAL)
def test_special_hands(rules, agents, seed, options):
    seats = play_spec(rules, options).seats
    dealer = seed[1] % seats if isinstance(seed, list) else 0

    def make():
        return Game(rules, seed=seed, options=options, agents=agents, dealer=dealer)

    record = _check_hand(make)
    log = make().play()
    if options:
        assert log["note"]["setup"] and log["options"] == options
    else:
        assert log["events"][-1]["yunnan"]["chajiao_pairs"]
        assert record.events[-1].rule_data("yunnan")["chajiao_pairs"]


def test_hand_record_of_a_hand_in_play_is_refused():
    g = Game("sichuan", seed=1, agents=lambda obs, legal: legal[0])
    with pytest.raises(MahjongError, match="hand_record: the hand is not over"):
        g.hand_record()
    with pytest.raises(MahjongError, match="log: the hand is not over"):
        g.log_json()


def test_log_json_after_the_mapping_changed_writes_the_mapping():
    # Match adds its note to the mapping Game.log() returned: the JSON line follows it
    m = Match("sichuan", seed=4, hands=1)
    log = m.play()[0]
    assert "match" in log["note"]
    g = Game("sichuan", seed=4, agents="random")
    g.play()["note"] = {"match": 1}
    assert json.loads(g.log_json())["note"] == {"match": 1}


@pytest.mark.parametrize("rules", ["sichuan", "guobiao", "huanggang", "two_player"])
def test_simulate_out_writes_the_json_of_each_log(rules):
    out = io.StringIO()
    summary = simulate.run(rules, 30, seed=5, agents="random", out=out, chunk=7)
    lines = out.getvalue().split("\n")
    assert lines[-1] == ""
    expected = [_dumps(simulate.play_hand(rules, 5, i)) for i in range(30)]
    assert lines[:-1] == expected
    again = simulate.summarize((json.loads(x) for x in expected), summary.seats)
    assert summary.to_dict() == again.to_dict()
    assert list(simulate.play_lines(rules, range(3, 6), 5)) == expected[3:6]


def test_dask_writes_the_same_lines(tmp_path):
    pytest.importorskip("dask")
    from mahjong import dask as mjd
    mjd.simulate("guobiao", hands=6, seed=2, partitions=2, out=str(tmp_path)).compute()
    got = []
    for name in sorted(os.listdir(tmp_path)):
        with open(tmp_path / name, encoding="utf-8") as f:
            got += f.read().splitlines()
    assert got == [_dumps(simulate.play_hand("guobiao", 2, i)) for i in range(6)]


def test_the_table_takes_its_codes_from_the_core():
    for name in ("EV_DRAW", "EV_DISCARD", "EV_CHOW", "EV_PUNG", "EV_KONG", "EV_READY",
                 "EV_FLIP", "EV_WIN", "EV_EXHAUSTED", "KONG_CONCEALED", "KONG_EXPOSED",
                 "KONG_ADDED", "KONG_SINGLE"):
        assert getattr(_table, name) == getattr(_types, name)
    assert _table.WIN_FLAG_NAMES is _types.WIN_FLAGS and _table.KONG_KINDS is _types.KONG_KINDS
    src = os.path.join(os.path.dirname(_table.__file__), "_table.pyx")
    if os.path.exists(src):
        with open(src, encoding="utf-8") as f:
            text = f.read()
        for copy in ("EV_DRAW = ", "KONG_EXPOSED = ", "F_REPLACEMENT", "F_FOURTH_TILE",
                     '("replacement", "after_kong"', '"concealed", "exposed"'):
            assert copy not in text, copy


def test_the_fourth_tile_flag_is_its_core_bit():
    # a win's flags are the core's WIN_* bits: the fourth-tile win (bit 256, past a byte)
    # reaches the record and its JSON
    seen = 0
    for i in range(400):
        g = Game("guobiao", seed=[9, i], agents="greedy", dealer=i % 4)
        g._advance(())
        for e in g.hand_record().events:
            if type(e) is WinEvent and e.fourth_tile:
                seen += 1
                assert '"fourth_tile":true' in g.log_json()
        if seen:
            break
    assert seen and _types.WIN_FOURTH_TILE == 2 << _types.WIN_FLAGS.index("fourth_tile")


def test_simulate_out_to_a_text_file_keeps_its_order(tmp_path):
    # the lines go to the file's binary buffer: what was written before comes first
    path = tmp_path / "logs.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        f.write("first\n")
        simulate.run("guobiao", 9, seed=6, agents="greedy", out=f, chunk=4)
        f.write("last\n")
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[0] == "first" and lines[-2:] == ["last", ""]
    assert lines[1:-2] == [_dumps(simulate.play_hand("guobiao", 6, i, agents="greedy"))
                           for i in range(9)]


def test_record_so_far_is_still_the_mapping_of_the_hand_in_play():
    g = Game("sichuan", seed=1, agents=lambda obs, legal: legal[0])
    g._advance((0,))
    rec = g.record_so_far()
    assert rec["rules"] == "sichuan" and "final" not in rec and isinstance(rec["events"], list)
