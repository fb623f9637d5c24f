"""Huanggang 红中发财杠 口口番: the worked examples of the rules seat by seat, the
hand-checked golden records, the scoring API and properties of settlement."""
import copy
import json
import os

import pytest
from hypothesis import given, settings, strategies as st

import mahjong.huanggang as hg
from mahjong.errors import (InvalidContextError, InvalidHandError, InvalidRecordError,
                            MahjongError, NotWinningError)
from mahjong.ruleset import settle as registry_settle, ruleset_info

import huanggang_examples as X

HERE = os.path.dirname(__file__)
GOLDEN = json.load(open(os.path.join(HERE, "data", "huanggang_golden_records.json"),
                        encoding="utf-8"))["records"]


def deltas(rec, **kw):
    return list(hg.settle(rec, **kw).deltas)


# --- the worked examples, seat by seat (E S W N) ----------------------------------------

def test_example_1_pihu_selfdraw():
    s = hg.settle(X.example_1())
    assert list(s.deltas) == [-64, -16, 144, -64]
    r = s.wins[5]
    assert (r.base, r.fan, r.hard) == (1, 4, True)
    assert [i.key for i in r.fan_items] == ["chow", "pung", "hard", "zimo"]
    assert s.next_dealer == 2


def test_example_2_soft_pihu_not_allowed_hard_allowed():
    with pytest.raises(InvalidRecordError, match="largest share is 32.*needs 64"):
        hg.settle(X.example_2())
    assert deltas(X.example_2(hard=True)) == [0, 0, 64, -64]


def test_example_3_qingyise_cap():
    s = hg.settle(X.example_3())
    assert list(s.deltas) == [-480, -240, 1520, -800]
    r = s.wins[6]
    assert (r.base, r.payer_base, r.fan) == (10, 15, 4)
    assert "封顶 800" in s.payments[2].reason and "1920" in s.payments[2].reason


def test_example_4_tiers():
    assert deltas(X.example_4()) == [-1200, -1500, 3900, -1200]
    assert deltas(X.example_4(s_opened=True)) == [-1200, -1200, 3600, -1200]
    assert deltas(X.example_4(none_opened=True)) == [-2000, -2000, 6000, -2000]
    s = hg.settle(X.example_4())
    assert s.wins[6].base == 20
    assert "哈顶 1500" in s.payments[1].reason and "金顶 1200" in s.payments[0].reason


def test_example_5_robbing_kong_chengbao():
    s = hg.settle(X.example_5())
    assert list(s.deltas) == [-640, 640, 0, 0]
    assert [p.amount for p in s.payments] == [240, 80, 320]
    assert all(p.from_seat == 0 for p in s.payments)


def test_example_6_quanqiuren():
    assert deltas(X.example_6()) == [-320, -800, 1920, -800]
    assert deltas(X.example_6(n_tenpai=False)) == [0, 0, 1920, -1920]


def test_example_7_fengyise():
    s = hg.settle(X.example_7())
    assert list(s.deltas) == [-1200, -1200, 3600, -1200]
    assert s.wins[5].to_cap


def test_registry_and_seats():
    assert ruleset_info("huanggang").tiles == 136
    assert list(registry_settle(X.example_1()).deltas) == [-64, -16, 144, -64]
    rec = json.dumps(X.example_1(), ensure_ascii=False)
    assert list(registry_settle(rec).deltas) == [-64, -16, 144, -64]


# --- the golden records -----------------------------------------------------------------

@pytest.mark.parametrize("row", GOLDEN, ids=[r["name"] for r in GOLDEN])
def test_golden(row):
    assert row["note"]
    if "error" in row:
        with pytest.raises(MahjongError, match=row["error"].replace("(", r"\(")):
            hg.settle(row["record"])
        return
    s = hg.settle(row["record"])
    assert list(s.deltas) == row["deltas"]
    if "next_dealer" in row:
        assert s.next_dealer == row["next_dealer"]


# --- scoring API --------------------------------------------------------------------------

def test_score_reading_and_wildcards():
    r = hg.score("234p678s5m2z", [("pung", "777s"), ("kong", "9999m")], win_tile="8s",
                 indicator="1z")
    assert r.laizi == 28 and not r.hard and r.reading.wildcards == (4,)
    assert r.reading.pair == 4 and r.to_dict()["reading"]["wildcards"] == ["5m"]
    r = hg.score("234p678s5m5m", [("pung", "777s"), ("kong", "9999m")], win_tile="8s",
                 indicator="1z")
    assert r.hard and r.fan == 4


def test_laizi_of_every_indicator():
    names = {0: 1, 8: 0, 17: 9, 26: 18, 27: 28, 28: 29, 29: 30, 30: 31, 31: 27, 32: 31, 33: 31}
    for ind, want in names.items():
        assert hg.laizi_of(ind) == want


def test_best_reading_prefers_big_hand():
    # 赖子 4p: 111m 999m pungs + 234m 567m + 4p4p: the two 赖子 make a 清一色 pair
    r = hg.score("234m567m4p4p", [("pung", "111m"), ("pung", "999m")], win_tile="7m",
                 indicator="3p", self_drawn=True)
    assert [i.key for i in r.big_items] == ["qingyise"] and r.payer_base == 15


@pytest.mark.parametrize("kwargs, err", [
    (dict(hand="234s567s55m", melds=[("pung", "444p"), ("chow", "345m")]), InvalidHandError),
    (dict(hand="234s567s55m", melds=[("pung", "777z"), ("chow", "345m")]), InvalidHandError),
    (dict(hand="234s567s55m", melds=[("single_kong", "5z"), ("chow", "345m"),
                                     ("pung", "888p")]), InvalidHandError),
    (dict(hand="234s567s55m", melds=[("chow", "345m"), ("pung", "888p")], last_tile=True),
     InvalidContextError),
    (dict(hand="234s567s55m", melds=[("chow", "345m"), ("pung", "888p")], replacement=True,
          self_drawn=True), InvalidContextError),
    (dict(hand="234s567s77z", melds=[("chow", "345m"), ("pung", "888p")]), NotWinningError),
    (dict(hand="234s567s55m345m"), InvalidHandError),
])
def test_score_errors(kwargs, err):
    with pytest.raises(err):
        hg.score(win_tile="7s", indicator="3p", **kwargs)


def test_options_validation():
    with pytest.raises(MahjongError):
        hg.Rules(cap=None, tiers=None)
    with pytest.raises(MahjongError):
        hg.Rules(tiers=(700, 1500, 2000))
    with pytest.raises(MahjongError):
        hg.Rules(kaikou_mode="x")
    assert hg.Rules.from_mapping({"tiers": [1200, 1500, 2000]}).tiers == (1200, 1500, 2000)
    rec = X.example_1()
    rec["options"] = {"nope": 1}
    with pytest.raises(InvalidRecordError, match="nope"):
        hg.settle(rec)


def test_two_winners_refused():
    rec = X.example_2(hard=True)
    win = copy.deepcopy(rec["events"][-1])
    win.update(seat=0, hand="1234567m1234p11z8s", melds=[])
    rec["events"].append(win)
    del rec["final"]["0"]
    with pytest.raises(MahjongError):
        hg.settle(rec)


# --- properties ---------------------------------------------------------------------------

RECORDS = [X.example_1(), X.example_2(hard=True), X.example_3(), X.example_4(),
           X.example_4(s_opened=True), X.example_4(none_opened=True), X.example_5(),
           X.example_6(), X.example_6(False), X.example_7()] + [
    r["record"] for r in GOLDEN if "deltas" in r]
OPTIONS = st.fixed_dictionaries({
    "kaikou_mode": st.sampled_from(["koukou", "kaikou"]),
    "qihu_points": st.sampled_from([1, 8, 64]),
    "cap": st.sampled_from([None, 400, 800]),
    "tiers": st.sampled_from([None, (1200, 1500, 2000), (800, 900, 1000)]),
    "qianggang_plus5": st.booleans(),
})


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(RECORDS), OPTIONS)
def test_property_zero_sum_and_cap(rec, opts):
    if opts["cap"] is None and opts["tiers"] is None:
        opts["tiers"] = (1200, 1500, 2000)
    if opts["cap"] == 400 and opts["tiers"] is not None and min(opts["tiers"]) < 400:
        opts["tiers"] = None
    opts = dict(rec.get("options", {}), **opts)
    try:
        rules = hg.Rules.from_mapping(opts)
    except MahjongError:
        return
    try:
        s = hg.settle(rec, rules=rules)
    except InvalidRecordError as exc:
        assert "起胡" in str(exc)
        return
    assert sum(s.deltas) == 0
    # with a cap, a share is at most the cap, or a tier when all three reach it
    top = None
    if rules.cap is not None:
        top = rules.cap if rules.tiers is None else max(rules.cap, *rules.tiers)
    if top is not None:
        # a loser never pays more than the top tier for his own share (承包 pays three)
        for p in s.payments:
            if "承包" not in p.reason:
                assert p.amount <= top
        for seat, d in enumerate(s.deltas):
            assert d >= -3 * top


def _reading_payments(result, rec):
    """What the losers of ``rec`` would pay the winner with ``result`` as the hand."""
    from mahjong.huanggang.settlement import win_shares
    from mahjong.record import HandRecord
    r = HandRecord.from_json(rec)
    win = [e for e in r.events if e.type == "win"][0]
    losers = {s: r.holding(s)[1] for s in range(4) if s != win.seat}
    rules = hg.Rules.from_mapping(rec.get("options"))
    shares = win_shares(result, win.seat, losers, rules, discarder=win.from_seat,
                        self_drawn=win.from_seat is None, dealer=r.dealer, laizi=result.laizi)
    return sum(s[1] for s in shares.values())


@pytest.mark.parametrize("rec", RECORDS[:10] + [r["record"] for r in GOLDEN
                                                if "deltas" in r and "laizi" in r["name"]])
def test_property_best_reading_pays_most(rec):
    """就高: no other reading of the winning hand (another assignment of the 赖子) pays more."""
    from mahjong.record import HandRecord
    r = HandRecord.from_json(rec)
    if not any(e.type == "win" for e in r.events):
        return
    win = [e for e in r.events if e.type == "win"][0]
    kw = dict(win_tile=win.win_tile, indicator=r.indicator, self_drawn=win.from_seat is None,
              replacement=win.replacement, robbing_kong=win.robbing_kong,
              last_tile=win.last_tile, dealer=win.seat == r.dealer,
              rules=hg.Rules.from_mapping(rec.get("options")))
    best = hg.score(win.hand, win.melds, **kw)
    others = hg.all_results(win.hand, win.melds, **kw)
    assert others
    paid = _reading_payments(best, rec)
    for o in others:
        assert _reading_payments(o, rec) <= paid


# --- command line -------------------------------------------------------------------------

def test_cli_score_and_settle(capsys, tmp_path):
    from mahjong.cli import main
    assert main(["score", "--rules", "huanggang", "{345m}[888p]234s567s55m", "--win", "7s",
                 "--indicator", "3p", "--self-drawn", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["base"] == 1 and out["fan"] == 4 and out["hard"]
    assert main(["score", "--rules", "huanggang", "[111m][999m][7z]234m567m88m", "--win", "5m",
                 "--indicator", "3p", "--self-drawn"]) == 0
    text = capsys.readouterr().out
    assert "清一色" in text and "红中杠/发财杠1" in text
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(X.example_4(), ensure_ascii=False), encoding="utf-8")
    assert main(["settle", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == [-1200, -1500, 3900, -1200]
    assert main(["settle", str(path), "--option", "tiers=null"]) == 0
    assert "+2400" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["score", "--rules", "huanggang", "{345m}[888p]234s567s55m", "--win", "7s"],
    ["score", "--rules", "huanggang", "{345m}[888p]234s567s55m", "--win", "7s",
     "--indicator", "3p", "--heavenly"],
    ["score", "--rules", "sichuan", "111p123p456p789p99p", "--win", "9p", "--indicator", "3p"],
])
def test_cli_errors(argv, capsys):
    from mahjong.cli import main
    assert main(argv) == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_property_random_wild_hands_best_reading(seed):
    """就高 on random hands holding 赖子: the result of score() pays at least what any other
    reading (any other assignment of the 赖子) would, for a loser with F 0 and for the
    discarder / self-draw payer."""
    import numpy as np
    from huanggang_gen import random_holding, row_as_scalar
    row = random_holding(np.random.default_rng(seed), wild_rate=1.0)
    if row is None:
        return
    args = row_as_scalar(*row)
    try:
        best = hg.score(**args)
    except (NotWinningError, InvalidContextError):
        return
    for other in hg.all_results(**args):
        if best.to_cap:
            break
        assert not other.to_cap
        assert (other.payer_base << other.fan) <= (best.payer_base << best.fan)
        assert (other.base << other.fan) <= (best.base << best.fan) or \
            (other.payer_base << other.fan) < (best.payer_base << best.fan)


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 100_000), OPTIONS)
def test_property_random_records(seed, opts):
    """Random records (random winners, melds, losers' melds and options): the deltas sum
    to zero, no loser's own share exceeds the cap or the tier, the winner receives at least
    what any other reading of his hand would bring, and a refusal is one of the Huanggang
    winning conditions."""
    import numpy as np
    from huanggang_gen import random_record
    rec = random_record(np.random.default_rng(seed))
    if rec is None:
        return
    if opts["cap"] is None and opts["tiers"] is None:
        opts["tiers"] = (1200, 1500, 2000)
    if opts["cap"] == 400 and opts["tiers"] is not None and min(opts["tiers"]) < 400:
        opts["tiers"] = None
    rules = hg.Rules.from_mapping(opts)
    try:
        s = hg.settle(rec, rules=rules)
    except InvalidRecordError as exc:
        assert "not a winning hand" in str(exc) or "起胡" in str(exc), str(exc)
        return
    assert sum(s.deltas) == 0
    if rules.cap is not None:
        top = rules.cap if rules.tiers is None else max(rules.cap, *rules.tiers)
        for p in s.payments:
            assert p.amount <= top or "承包" in p.reason
    win = [e for e in rec["events"] if e["type"] == "win"][0]
    received = s.deltas[win["seat"]]
    assert received > 0
    from mahjong.record import HandRecord
    r = HandRecord.from_json(rec)
    e = r.events[-1]
    kw = dict(win_tile=e.win_tile, indicator=r.indicator, self_drawn=e.from_seat is None,
              replacement=e.replacement, last_tile=e.last_tile, dealer=e.seat == r.dealer,
              rules=rules)
    from mahjong.huanggang.settlement import win_shares
    losers = {x: r.holding(x)[1] for x in range(4) if x != e.seat}
    for other in hg.all_results(e.hand, e.melds, **kw):
        shares = win_shares(other, e.seat, losers, rules, discarder=e.from_seat,
                            self_drawn=e.from_seat is None, dealer=r.dealer, laizi=other.laizi)
        assert sum(v[1] for v in shares.values()) <= received
