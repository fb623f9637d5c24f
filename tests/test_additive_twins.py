"""The compiled fan kernels of two_player and tongcheng against their plain Python twins
(tests/slow_two_player.py, tests/slow_tongcheng.py) on random winning hands, and the
hypothesis properties of both rule sets' scoring."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import slow_tongcheng
import slow_two_player
from additive_hands import random_record, random_win
from mahjong import tongcheng as tc
from mahjong import two_player as tp
from mahjong.errors import MahjongError
from mahjong.ruleset import settle

TWO_PLAYER_OPTIONS = [{}, {"fan_table": {"qidui": 0, "hupai": 2, "huapai": 3}},
                      {"base": 3}]
TONGCHENG_OPTIONS = [{}, {"tail_values": 0}, {"tail_values": {"门清": 4, "dandiao": 2}},
                     {"fan_table": {"qidui": 0, "duiduihu": 0, "qionghu": 9}}]


def _same(fast, slow, *args, **kwargs):
    """Both raise the same error, or both give the same items and totals."""
    try:
        want = slow(*args, **kwargs)
    except MahjongError as exc:
        with pytest.raises(type(exc)):
            fast(*args, **kwargs)
        return None
    got = fast(*args, **kwargs)
    assert got.items == want.items, (args, kwargs)
    assert (got.fan, got.uncapped_fan, got.value, got.notes) == \
        (want.fan, want.uncapped_fan, want.value, want.notes), (args, kwargs)
    return got


@pytest.mark.parametrize("options", TWO_PLAYER_OPTIONS)
def test_two_player_kernel_equals_twin(options):
    rng = random.Random(11)
    for _ in range(3000):
        ids, melds, win, flags = random_win(rng)
        flowers = rng.sample(range(34), rng.randrange(5))
        kw = dict(win_tile=win, ready=rng.random() < 0.3, flower_indicators=flowers,
                  rules=options, **flags)
        _same(tp.score, slow_two_player.score, ids, melds, **kw)


@pytest.mark.parametrize("options", TONGCHENG_OPTIONS)
def test_tongcheng_kernel_equals_twin(options):
    rng = random.Random(7)
    for _ in range(3000):
        ids, melds, win, flags = random_win(rng)
        if flags.get("earthly") and rng.random() < 0.5:
            flags["kouting"] = True
        _same(tc.score, slow_tongcheng.score, ids, melds, win_tile=win, rules=options, **flags)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), base=st.integers(1, 50))
def test_two_player_total_never_exceeds_the_cap(seed, base):
    rng = random.Random(seed)
    ids, melds, win, flags = random_win(rng)
    try:
        r = tp.score(ids, melds, win_tile=win, ready=True,
                     flower_indicators=rng.sample(range(34), 4), rules={"base": base}, **flags)
    except MahjongError:
        return
    assert r.fan == min(r.uncapped_fan, 13) and r.value == r.fan * base <= 13 * base
    assert r.uncapped_fan == sum(i.total for i in r.items) >= 1


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tail=st.integers(0, 5))
def test_tongcheng_total_is_the_sum_and_at_least_qionghu_or_an_entry(seed, tail):
    rng = random.Random(seed)
    ids, melds, win, flags = random_win(rng)
    try:
        r = tc.score(ids, melds, win_tile=win, rules={"tail_values": tail}, **flags)
    except MahjongError:
        return
    keys = {i.key for i in r.items}
    assert r.fan == sum(i.total for i in r.items) == r.value
    # 穷胡 stands alone; otherwise some entry above the tail is there
    assert keys == {"qionghu"} or (keys - set(tc.TAIL_KEYS) and "qionghu" not in keys)
    # no excluded pair of fans together
    for i in r.items:
        assert not keys & set(tc.FANS[i.key].excludes), i.key


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(["two_player", "tongcheng"]))
def test_settlement_deltas_sum_to_zero(seed, rules):
    record = random_record(random.Random(seed), rules)
    try:
        s = settle(record)
    except MahjongError as exc:
        # only a 十三不靠 shape is no two-player win; everything else settles
        assert rules == "two_player" and "not a winning hand" in str(exc)
        return
    assert sum(s.deltas) == 0
    (index, result), = s.wins.items()
    winner = record["events"][index]["seat"]
    assert s.deltas[winner] > 0 and s.next_dealer == winner
    if rules == "two_player":
        base = record["options"]["base"]
        assert s.deltas[winner] == result.value <= 13 * base
    else:
        payers = 3 if record["events"][index]["from"] is None else 1
        assert s.deltas[winner] == payers * result.fan * record["options"]["stake"]


def _slow_score_of_win(rules, record, index):
    """The slow twin's score of the record's win event ``index`` (a random_record)."""
    e = dict(record["events"][index])
    flags = {k: e[k] for k in ("replacement", "last_tile") if e.get(k)}
    kw = dict(win_tile=e["win_tile"], self_drawn=e["from"] is None,
              rules=record["options"], **flags)
    melds = [(m["type"], m["tiles"]) for m in e["melds"]]
    if rules == "two_player":
        ready = any(x["type"] == "ready" and x["seat"] == e["seat"]
                    for x in record["events"][:index])
        return slow_two_player.score(e["hand"], melds, ready=ready,
                                     flower_indicators=record["flower_indicators"], **kw)
    return slow_tongcheng.score(e["hand"], melds, **kw)


@pytest.mark.parametrize("rules", ["two_player", "tongcheng"])
def test_settlement_equals_twin_on_random_records(rules):
    """settle (the record reader, the kernel's one call from the hand to the fan counts, the
    cached results and payment reasons) against the slow twin's score of the same win."""
    module = tp if rules == "two_player" else tc
    rng = random.Random(2024)
    for n in range(2500):
        record = random_record(rng, rules)
        index = len(record["events"]) - 1
        if n % 500 == 0:
            module.Rules.clear_caches()     # cold and warm caches give the same answers
        try:
            want = _slow_score_of_win(rules, record, index)
        except MahjongError as exc:
            with pytest.raises(MahjongError, match="not a winning hand"):
                settle(record)
            assert rules == "two_player", exc
            continue
        s = settle(record)
        got = s.wins[index]
        assert got.items == want.items, record
        assert (got.fan, got.uncapped_fan, got.value, got.notes) == \
            (want.fan, want.uncapped_fan, want.value, want.notes), record
        win = record["events"][index]
        payers = 1 if rules == "two_player" or win["from"] is not None else 3
        assert s.deltas[win["seat"]] == payers * want.value
        assert all(p.reason.endswith(f"{want.fan}番") and p.amount == want.value
                   for p in s.payments)


def test_options_cache_keeps_types_apart():
    """Options read from a mapping are cached by value and type: True is not 1, 1.0 is not
    1, and a nested mapping is a key too."""
    assert tp.Rules.from_mapping({"base": 2}).base == 2
    with pytest.raises(MahjongError, match="base"):
        tp.Rules.from_mapping({"base": True})
    assert tc.Rules.from_mapping({"multi_ron": False}).multi_ron is False
    with pytest.raises(MahjongError, match="multi_ron"):
        tc.Rules.from_mapping({"multi_ron": 0})
    a = tc.Rules.from_mapping({"tail_values": {"门清": 3}})
    assert a is tc.Rules.from_mapping({"tail_values": {"门清": 3}})
    assert a.table["menqing"] == 3
    assert tc.Rules.from_mapping({"tail_values": {"门清": 4}}).table["menqing"] == 4
    assert tc.Rules.from_mapping({"tail_values": 2, "stake": 1}).table["quemen"] == 2


def test_kernels_refuse_what_is_not_a_checked_hand():
    """The kernels read hands as the record reader or full_hand give them; anything else is
    a ValueError (never a write outside their arrays)."""
    from mahjong.hand import Meld
    from mahjong.tongcheng import _kernel as tck
    from mahjong.two_player import _kernel as tpk

    hand = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12)
    table = tp.Rules().table.packed
    assert isinstance(tpk.win_fans(hand, (), 0, False, (), table, 13), bytes)
    too_many = (0,) * 5 + hand[5:]                     # five copies of 1m
    for bad_hand, melds in [(hand[:-1], ()),            # 13 tiles
                            (hand[:-1] + (34,), ()),    # no tile 34
                            (too_many, ()),
                            (hand[:-3], (Meld("pung", (0, 0, 0)), Meld("pung", (1, 1, 1))))]:
        with pytest.raises(ValueError):
            tpk.win_fans(bad_hand, melds, 0, False, (), table, 13)
    with pytest.raises(ValueError):
        tpk.win_fans(hand, (), 0, False, (40,), table, 13)
    assert tpk.win_fans(hand, (), 0, False, (12, 12, 12), table, 13) == tpk.TOO_MANY_SHOWN
    with pytest.raises(ValueError):
        tck.win_mask(hand, (), 40, 0, False, tc.Rules().table.packed, b"\0" * 8 * 32, 0)


@pytest.mark.parametrize("rules,extra", [("two_player", {"seats": 2, "options":
                                                         {"flower_indicators": 0}}),
                                         ("tongcheng", {})])
def test_a_ready_hand_then_the_wall_runs_out(rules, extra):
    """流局 after a 报听 / 扣听: no payment, the dealer stays (events without a seat after a
    ready declaration are no claims)."""
    record = {"rules": rules, "dealer": 0, "events": [
        {"type": "discard", "seat": 0, "tile": "1m"}, {"type": "ready", "seat": 1},
        {"type": "exhausted"}], **extra}
    s = settle(record)
    assert set(s.deltas) == {0} and s.next_dealer == 0
