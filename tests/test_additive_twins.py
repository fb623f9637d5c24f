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
        kw = dict(win_tile=win, ready=rng.random() < 0.3, flower_tiles=flowers,
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
                     flower_tiles=rng.sample(range(34), 4), rules={"base": base}, **flags)
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
