"""The Guobiao rule-set options ``ming_an_gang_5`` (明暗杠 5, or off the 1998 reading 明杠 +
暗杠) and ``pass_lock`` (过水, off by default): every path that scores a Guobiao hand sees
the first; the engine plays the second as the other rule sets do.

Hand-checked values (fan table of docs/GUOBIAO.md):

* ``[G1s1][GE0]234m9s567p+9s`` (GUOBIAO.md example 29: a melded kong of 1s, a concealed
  kong of East, seat and round East, a discard win on the 9s pair): 圈风刻 2 + 门风刻 2 (the
  East kong, each taking its own 幺九刻) + 幺九刻 1 (the 1s kong) + 独听・单钓 1 (only the
  9s wins), and for the two kongs 明暗杠 5 = **11**; with the option off 明杠 1 + 暗杠 2
  instead = **9**. Nothing else changes: one concealed kong alone is no 双暗刻 (the
  concealed-pung series counts 1), the hand is not concealed (a melded kong).
* the same with a concealed pung of 5p (``234m555p9s``): 双暗刻 2 (the concealed kong +
  the concealed pung: counting concealed pungs does not depend on the option) besides the
  above: **13** on, **11** off.
* ``123p789p5p`` + a melded kong of 2s + a concealed kong of 5m, 5p on a discard: 老少副 1
  (123p + 789p) + 无字 1 + 独听・单钓 1 + 明暗杠 5 = **8** (a win); off 明杠 1 + 暗杠 2 =
  **6**, below the 8-fan minimum (no win).
"""
import json

import numpy as np
import pytest

from mahjong import guobiao
from mahjong.errors import InvalidContextError, InvalidRecordError, MahjongError
from mahjong.game import Game, replay
from mahjong.guobiao import Rules, score, score_batch, wait_values
from mahjong.guobiao.play import play_spec
from mahjong.ruleset import settle
from mahjong.tiles import to_tile_ids
from mahjong_core._types import MELD_CONCEALED_KONG, MELD_KONG

from gb_hand_gen import generate
from scenario_helpers import deal, drive, events_of, play

EX29_KONGS = [("kong", "1111s"), ("concealed_kong", "EEEE")]
BOUNDARY_KONGS = [("kong", "2222s"), ("concealed_kong", "5555m")]


@pytest.mark.parametrize("hand,melds,win,on,off,off_fans", [
    ("234m567p9s", EX29_KONGS, "9s", 11, 9,
     {"圈风刻": 1, "门风刻": 1, "幺九刻": 1, "独听・单钓": 1, "明杠": 1, "暗杠": 1}),
    ("234m555p9s", EX29_KONGS, "9s", 13, 11,
     {"圈风刻": 1, "门风刻": 1, "幺九刻": 1, "独听・单钓": 1, "双暗刻": 1, "明杠": 1,
      "暗杠": 1}),
    ("123p789p5p", BOUNDARY_KONGS, "5p", 8, 6,
     {"老少副": 1, "无字": 1, "独听・单钓": 1, "明杠": 1, "暗杠": 1}),
])
def test_hand_checked_values_both_ways(hand, melds, win, on, off, off_fans):
    default = score(hand, melds, win_tile=win)
    assert default.total == on and default.fan_counts()["明暗杠"] == 1
    assert score(hand, melds, win_tile=win, ming_an_gang_5=True).total == on
    r = score(hand, melds, win_tile=win, ming_an_gang_5=False)
    assert r.total == off and r.fan_counts() == off_fans
    assert r.meets_minimum == (off >= 8)


def test_other_kong_counts_do_not_depend_on_the_option():
    """双明杠, 双暗杠, 三杠 and a single kong score the same either way."""
    cases = [("234m567p9s", [("kong", "1111s"), ("kong", "EEEE")], "9s"),
             ("234m567p9s", [("concealed_kong", "1111s"), ("concealed_kong", "EEEE")], "9s"),
             ("67mEE", [("concealed_kong", "2222s"), ("concealed_kong", "3333s"),
                        ("kong", "5555p")], "8m"),
             ("234m567p99sEEE", [("kong", "1111s")], "9s")]
    for hand, melds, win in cases:
        on = score(hand, melds, win_tile=win)
        off = score(hand, melds, win_tile=win, ming_an_gang_5=False)
        assert on.total == off.total and on.fan_counts() == off.fan_counts()


def test_the_option_is_a_bool():
    with pytest.raises(InvalidContextError, match="ming_an_gang_5"):
        score("234m567p9s", EX29_KONGS, win_tile="9s", ming_an_gang_5="no")
    with pytest.raises(InvalidContextError, match="ming_an_gang_5"):
        score_batch(np.zeros((1, 34), np.uint8), [0], ming_an_gang_5=2)
    with pytest.raises(MahjongError, match="ming_an_gang_5"):
        Rules(ming_an_gang_5="false")


def test_lianzhong_and_wait_values_take_it():
    on = score("234m567p9s", EX29_KONGS, win_tile="9s", rules="lianzhong")
    off = score("234m567p9s", EX29_KONGS, win_tile="9s", rules="lianzhong",
                ming_an_gang_5=False)
    assert on.total - off.total == 2 and "明暗杠" not in off.fan_counts()
    [w] = wait_values("234m567p9s", EX29_KONGS, ming_an_gang_5=False)
    assert (w.name, w.total) == ("9s", 9)
    [w] = wait_values("123p789p5p", BOUNDARY_KONGS, ming_an_gang_5=False)
    assert w.total == 6 and not w.meets_minimum


def _batch_rows(hands):
    from mahjong.guobiao.batch import pack_hands
    return pack_hands(hands)


def test_batch_equals_scalar_both_ways():
    """Generated hands holding a kong (the 1 + 1 kong hands the option is about among them):
    score_batch with the per-call flag agrees with score() row by row, and the option
    changes some."""
    hands = [h for h in generate(3000, seed=7)
             if sum(1 for t, _ in h[2] if t in (MELD_KONG, MELD_CONCEALED_KONG)) >= 1]
    hands = hands[:300]
    conc, win, melds, flags, seat, rnd, flw = _batch_rows(hands)
    changed = 0
    for option in (True, False):
        totals, fans = score_batch(conc, win, melds, flags, seat, rnd, flw,
                                   ming_an_gang_5=option)
        for i, (h34, w, ms, f, s, r, fl) in enumerate(hands):
            kinds = {1: "chow", 2: "pung", 3: "kong", 4: "concealed_kong"}
            tiles = [t for t in range(34) for _ in range(h34[t])]
            mobj = [{"type": kinds[k], "tiles": _meld_tiles(k, t)} for k, t in ms]
            try:
                res = score(tiles, mobj, win_tile=w, self_drawn=bool(f & 1),
                            fourth_tile=bool(f & 2), replacement=bool(f & 4),
                            robbing_kong=bool(f & 8), last_tile=bool(f & 16), seat_wind=s,
                            round_wind=r, flowers=fl, ming_an_gang_5=option)
            except MahjongError:
                assert totals[i] < 0
                continue
            assert totals[i] == res.total
            assert {guobiao.FANS[j].name: int(c) for j, c in enumerate(fans[i]) if c} \
                == res.fan_counts()
        if not option:
            changed = int((totals != score_batch(conc, win, melds, flags, seat, rnd,
                                                 flw)[0]).sum())
    assert changed > 0


def _meld_tiles(kind, t):
    from mahjong.tiles import format_tiles
    if kind == 1:
        return format_tiles([t, t + 1, t + 2])
    return format_tiles([t] * (3 if kind == 2 else 4))


def _rec(options, hand, win, melds, src=1):
    return {"rules": "guobiao", "dealer": 0, "round_wind": 0, "options": options,
            "events": [{"type": "win", "seat": 0, "hand": hand, "win_tile": win, "from": src,
                        "melds": [{"type": k, "tiles": t} for k, t in melds]}],
            "final": {}}


def test_a_record_with_the_option_off_settles_with_the_lower_value():
    """Seat 0 (East) wins example 29 on seat 1's discard: F = 11 (8 + 11 = 19 from the
    discarder), with the option off F = 9 (17)."""
    on = settle(_rec({}, "234m567p9s9s", "9s", EX29_KONGS))
    assert on.deltas == (35, -19, -8, -8)
    off_rec = _rec({"ming_an_gang_5": False}, "234m567p9s9s", "9s", EX29_KONGS)
    assert settle(off_rec).deltas == (33, -17, -8, -8)
    assert guobiao.settle_record(off_rec).deltas == (33, -17, -8, -8)
    assert guobiao.settle_record(_rec({}, "234m567p9s9s", "9s", EX29_KONGS),
                                 {"ming_an_gang_5": False}).deltas == (33, -17, -8, -8)
    # 8 fans with 明暗杠, 6 without: a false win when the option is off
    assert settle(_rec({}, "123p789p5p5p", "5p", BOUNDARY_KONGS)).deltas == (32, -16, -8, -8)
    with pytest.raises(InvalidRecordError, match="event 0.*6 fans without flowers"):
        settle(_rec({"ming_an_gang_5": False}, "123p789p5p5p", "5p", BOUNDARY_KONGS))


def test_the_engine_check_sees_the_option():
    """The engine's compiled win check: the boundary hand is a win worth 8 by default and
    no win (below 8) with the option off; example 29 is 11 or 9."""
    def counts(text):
        c = [0] * 34
        for t in to_tile_ids(text):
            c[t] += 1
        return c

    melds29 = [(MELD_KONG, 18), (MELD_CONCEALED_KONG, 27)]
    melds_b = [(MELD_KONG, 19), (MELD_CONCEALED_KONG, 4)]
    for option, v29, vb in ((True, 11, 8), (False, 9, 0)):
        check = play_spec({"ming_an_gang_5": option}).win_check
        assert check.value(counts("234m567p9s9s"), melds29, win_tile=26, from_seat=1) == v29
        assert check.value(counts("123p789p5p5p"), melds_b, win_tile=13, from_seat=1) == vb


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_engine_game_with_the_option_off_replays_and_settles(seed):
    g = Game("guobiao", seed=seed, options={"ming_an_gang_5": False}, agents="strong")
    log = g.play()
    assert log["options"] == {"ming_an_gang_5": False}
    text = json.dumps(log, ensure_ascii=False)
    assert replay(json.loads(text)) == log
    assert list(settle(log).deltas) == list(log["result"]["deltas"])


# seat 1 claims an exposed kong of seat 0's 2s (replacement 5p), declares a concealed kong of
# 5m (replacement 6z, discarded) and waits on 5p with 123p789p5p: the boundary hand above
KONG_HANDS = {0: "2s1479m258p369s134z", 1: "5555m222s123p789p", 2: "1479m369p147s257z",
              3: "368m147p58s12346z"}
KONG_EVENTS = ["0 discard 2s", "1 kong exposed 2s from 0", "1 draw 5p", "1 kong concealed 5m",
               "1 draw 6z", "1 discard 6z", "2 draw 5p", "2 discard 5p"]


def test_the_engine_offers_the_win_only_when_it_reaches_8_fans():
    """By default seat 1 wins seat 2's 5p with 8 fans (明暗杠 5 + 老少副 + 无字 + 单钓): 8 + 8
    from the discarder, 8 from each other seat. With the option off the hand is 6 fans:
    no win is offered, play goes on, and the log replays and settles."""
    scripts = {0: ["discard 2s"], 1: ["exposed_kong", "kong 5m", "ron"]}
    g = play("guobiao", KONG_HANDS, "5p6z5p", scripts)
    assert events_of(g) == KONG_EVENTS + ["1 win 5p from 2"]
    assert g.log()["result"]["deltas"] == [-8, 32, -16, -8]
    opts = {"ming_an_gang_5": False}
    g = deal("guobiao", KONG_HANDS, "5p6z5p", options=opts)
    drive(g, {0: ["discard 2s"], 1: ["exposed_kong", "kong 5m"]})
    evs = events_of(g)
    assert evs[:len(KONG_EVENTS)] == KONG_EVENTS
    assert evs[len(KONG_EVENTS)].startswith("3 draw")        # nobody was asked on the 5p
    assert not any(" win " in e for e in evs)
    log = g.log()
    assert log["options"] == opts
    assert replay(json.loads(json.dumps(log, ensure_ascii=False))) == log
    assert list(settle(log).deltas) == list(log["result"]["deltas"])


# --- pass_lock ----------------------------------------------------------------------------

DRAGON_5S = "123456789m123p5s"
PASS_HANDS = {0: "1479m258p369s1234z", 1: "5s1479m258p369s56z", 2: "55s236m147p147s67z",
              3: DRAGON_5S}


def test_pass_lock_default_off_and_on():
    """Off (the default, as Guobiao's rule): seat 3 declines seat 1's 5s and wins seat 2's
    right after. On: after declining, seat 3 is not offered seat 2's 5s (过水) and wins
    nothing until its own draw."""
    assert Rules().pass_lock is False and play_spec().pass_lock is False
    assert play_spec({"pass_lock": True}).pass_lock is True
    scripts = {0: ["discard 4z"], 1: ["discard 5s"], 2: ["discard 5s"], 3: ["pass", "ron"]}
    g = play("guobiao", PASS_HANDS, "9p9p", scripts)
    assert events_of(g)[-1] == "3 win 5s from 2"
    g = play("guobiao", PASS_HANDS, "9p9p9s", {0: ["discard 4z"], 1: ["discard 5s"],
                                               2: ["discard 5s"], 3: ["pass", "discard 9s"]},
             options={"pass_lock": True})
    evs = events_of(g)
    assert evs[:6] == ["0 discard 4z", "1 draw 9p", "1 discard 5s", "2 draw 9p",
                       "2 discard 5s", "3 draw 9s"]
    assert "3 win 5s from 2" not in evs
    assert g.log()["options"] == {"pass_lock": True}


def test_pass_lock_has_no_effect_on_settlement():
    record = _rec({"pass_lock": True}, "234m567p9s9s", "9s", EX29_KONGS)
    assert settle(record).deltas == settle(_rec({}, "234m567p9s9s", "9s", EX29_KONGS)).deltas


def test_rules_lists_both_options(capsys):
    from mahjong.cli import main
    assert main(["rules", "guobiao"]) == 0
    out = capsys.readouterr().out
    assert "ming_an_gang_5 = true" in out and "pass_lock = false" in out


def test_the_score_command_takes_the_option(capsys):
    from mahjong.cli import main
    argv = ["score", "--rules", "guobiao", "234m567p9s9s", "--meld",
            "kong:1111s, concealed_kong:EEEE", "--win", "9s", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 11
    assert main(argv + ["--option", "ming_an_gang_5=false"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 9


def test_dask_score_batch_takes_the_option():
    da = pytest.importorskip("dask.array")
    from mahjong.dask import score_batch as dask_score_batch
    from mahjong.tiles import tile_counts
    conc = da.from_array(np.stack([tile_counts("234m567p9s")] * 2).astype(np.uint8),
                         chunks=(1, 34))
    melds = np.array([[[MELD_KONG, 18], [MELD_CONCEALED_KONG, 27], [0, 0], [0, 0]]] * 2,
                     np.uint8)
    for option, total in ((True, 11), (False, 9)):
        totals, _ = dask_score_batch(conc, 26, melds, ming_an_gang_5=option)
        assert totals.compute().tolist() == [total, total]
    with pytest.raises(InvalidContextError, match="ming_an_gang_5"):
        dask_score_batch(conc, 26, melds, ming_an_gang_5="no")


def test_the_gb_command_takes_the_option(capsys, tmp_path):
    from mahjong.cli import main
    hand = ["234m567p9s [1111s] (EEEE)", "--win", "9s", "--json"]
    assert main(["gb", *hand]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 11
    assert main(["gb", *hand, "--no-ming-an-gang-5"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 9
    lines = tmp_path / "hands.jsonl"
    lines.write_text(json.dumps({"hand": "234m567p9s9s", "win_tile": "9s",
                                 "melds": ["kong:1111s", "concealed_kong:EEEE"]}) + "\n")
    assert main(["gb", "--jsonl", str(lines), "--no-progress", "--no-ming-an-gang-5"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 9


@pytest.mark.parametrize("seed", range(4))
def test_engine_games_with_pass_lock_replay_and_settle(seed):
    opts = {"pass_lock": True, "ming_an_gang_5": False}
    log = Game("guobiao", seed=seed, options=opts, agents=["strong", "greedy"] * 2).play()
    assert log["options"] == opts
    assert replay(json.loads(json.dumps(log, ensure_ascii=False))) == log
    assert list(settle(log).deltas) == list(log["result"]["deltas"])
