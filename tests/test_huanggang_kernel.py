"""The Huanggang kernel's readings against the slow twin (tests/huanggang_slow.py: every
reading from the wildcard core, valued in plain Python): the best reading (就高) and every
winning reading, hand by hand, on a few thousand random holdings with 0-4 赖子, including
将一色 / 风一色 / 清一色 / 碰碰胡 / pairs-heavy (七对-like) holdings, the one-赖子 rule
of 屁胡 and its exemptions; the batch rows and the 承包 tenpai test too."""
import numpy as np
import pytest

import mahjong.huanggang as hg
from mahjong.errors import InvalidHandError, NotWinningError
from mahjong.hand import Meld
from mahjong.huanggang.rules import GREEN, RED, laizi_of
from mahjong.huanggang.scoring import _best, is_tenpai, prepare_hand, win_flags

import huanggang_slow as slow
from huanggang_gen import random_holding

KINDS = {1: "chow", 2: "pung", 3: "kong", 4: "concealed_kong"}
OPTIONS = [{}, {"kaikou_mode": "kaikou"}, {"qianggang_plus5": False},
           {"laizipi_special": True}]


def _meld(kind, tile):
    tiles = (tile, tile + 1, tile + 2) if kind == "chow" else (tile,) * (
        3 if kind == "pung" else 4 if kind != "single_kong" else 1)
    return Meld(kind, tiles)


def _themed_holding(rng, theme):
    """(indicator, concealed ids, melds) of one theme: every tile from a pool (2/5/8,
    winds and 白, one suit), all pungs, or a pairs-heavy concealed part; the 赖子 are added
    later. None when the draw gets stuck."""
    ind = int(rng.integers(34))
    lz = laizi_of(ind)
    banned = {lz, RED, GREEN, ind}
    if theme == "jiangyise":
        pool = [t for t in range(27) if t % 9 in (1, 4, 7)]
    elif theme == "fengyise":
        pool = list(range(27, 32))
    elif theme == "qingyise":
        s = int(rng.integers(3))
        pool = list(range(9 * s, 9 * s + 9))
    else:
        pool = list(range(34))
    pool = [t for t in pool if t not in banned]
    if not pool:
        return None
    used = np.zeros(34, np.int64)
    used[ind] = 1
    melds = []
    for _ in range(int(rng.integers(1, 4))):
        t = int(rng.choice(pool))
        chow_ok = theme in ("qingyise", "any") and t < 27 and t % 9 <= 6 and not (
            {t, t + 1, t + 2} & banned)
        if chow_ok and rng.random() < 0.5:
            if any(used[x] >= 4 for x in (t, t + 1, t + 2)):
                continue
            used[[t, t + 1, t + 2]] += 1
            melds.append(_meld("chow", t))
        else:
            kind = str(rng.choice(["pung", "pung", "kong", "concealed_kong"]))
            need = 3 if kind == "pung" else 4
            if used[t] + need > 4:
                continue
            used[t] += need
            melds.append(_meld(kind, t))
    if not any(m.kind in ("chow", "pung", "kong") for m in melds):
        return None
    size = 14 - 3 * len(melds)
    concealed = []
    if theme == "pairs":
        while len(concealed) + 2 <= size:
            t = int(rng.choice(pool))
            if used[t] + 2 <= 4:
                used[t] += 2
                concealed += [t, t]
            elif rng.random() < 0.1:
                break
    while len(concealed) < size:
        t = int(rng.choice(pool)) if theme != "pairs" or rng.random() < 0.5 else int(
            rng.choice([x for x in range(34) if x not in banned]))
        if used[t] < 4:
            used[t] += 1
            concealed.append(t)
        elif rng.random() < 0.05:
            return None
    return ind, concealed, melds


def _random_case(rng):
    """(indicator, concealed ids, melds, flags, dealer) with 0-4 赖子 held."""
    theme = str(rng.choice(["gen", "gen", "gen", "jiangyise", "fengyise", "qingyise",
                            "pengpenghu", "pairs", "any"]))
    if theme == "gen":
        row = random_holding(rng, wild_rate=0)
        if row is None:
            return None
        ind, counts, mrows, singles, flags, dealer = row
        concealed = [int(t) for t in np.repeat(np.arange(34), counts)]
        melds = [_meld(KINDS[int(k)], int(t)) for k, t in mrows if k]
        lz = laizi_of(int(ind))
        melds += [_meld("single_kong", RED)] * int(singles[0])
        melds += [_meld("single_kong", lz)] * int(singles[1])
    else:
        if theme == "pengpenghu":
            row = _themed_holding(rng, "any")
            if row is None:
                return None
            ind, concealed, melds = row
            melds = [m if m.kind != "chow" else _meld("pung", m.tile) for m in melds]
        else:
            row = _themed_holding(rng, theme)
            if row is None:
                return None
            ind, concealed, melds = row
        lz = laizi_of(ind)
        flags = int(rng.choice([0, 1, 1, 1 | 2, 1 | 16, 8]))
        dealer = bool(rng.random() < 0.25)
        if flags & 2 and not any(m.is_kong for m in melds):
            melds.append(_meld("single_kong", RED))
    # swap 0-4 concealed tiles for 赖子
    lz = laizi_of(int(ind))
    room = 4 - sum(1 for m in melds if m.kind == "single_kong" and m.tile == lz)
    n_wild = min(int(rng.choice([0, 1, 1, 2, 2, 3, 4])), room)
    concealed = list(concealed)
    for _ in range(n_wild):
        real = [i for i, t in enumerate(concealed) if t != lz]
        if not real:
            break
        concealed[int(rng.choice(real))] = lz
    return int(ind), concealed, melds, int(flags), bool(dealer)


def _cases(n, seed):
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        case = _random_case(rng)
        if case is None:
            continue
        ind, concealed, melds, flags, dealer = case
        # a 抢杠 on a self-draw, or a replacement win without a kong, is no win context
        if flags & 8 and flags & 1:
            continue
        out.append(case)
    return out


def _prepared(case, rules):
    """The validated holding of a case, or None when the case is no valid holding (a fifth
    copy, or a meld of the 赖子皮 under option laizipi_special)."""
    ind, concealed, melds, flags, dealer = case
    try:
        return prepare_hand(tuple(concealed), tuple(melds), concealed[0], ind, rules)
    except InvalidHandError:
        return None


def _both(case, rules):
    """(the kernel's (status, result), the twin's (status, result)) of one case, or None
    when the case is no valid holding."""
    ind, concealed, melds, flags, dealer = case
    prepared = _prepared(case, rules)
    if prepared is None:
        return None
    c, ms, set_melds, w, laizi, ind = prepared
    try:
        got = (0, _best(c, ms, set_melds, laizi, ind, rules, flags, dealer))
    except NotWinningError as exc:
        got = (exc.code, None)
    ctx = slow.Context(bool(flags & 1), bool(flags & 2), bool(flags & 8), bool(flags & 16),
                       dealer)
    want = slow.best(c, ms, set_melds, laizi, ind, rules, ctx)
    return got, want, (c, ms, set_melds, laizi, ind, ctx)


@pytest.mark.parametrize("options", OPTIONS)
def test_best_reading_equals_slow_twin(options):
    """The result of the kernel's best reading equals the twin's field by field: base,
    payer base, 大胡 items (in order), 番 items, 硬胡 and the reading itself (what each
    赖子 stands for); a refusal has the twin's status."""
    rules = hg.Rules.from_mapping(options)
    cases = _cases(1500, seed=11 + len(str(options)))
    statuses, wild_counts, patterns = set(), set(), set()
    for case in cases:
        both = _both(case, rules)
        if both is None:
            continue
        got, want, (c, *_rest) = both
        assert got == want, case
        statuses.add(got[0])
        wild_counts.add(c.count(laizi_of(case[0])))
        if got[1] is not None:
            patterns.update(i.key for i in got[1].big_items)
            if not got[1].big_items:
                patterns.add("pihu")
    # the cases reach every status, 0-4 赖子 and every item
    assert statuses >= {0, 1, 2, 5}
    assert wild_counts == {0, 1, 2, 3, 4}
    assert patterns >= {"pihu", "qingyise", "jiangyise", "pengpenghu", "fengyise", "gangkai",
                        "haidi", "qianggang"}


def test_all_results_equal_slow_twin():
    """Every winning reading (and its order) equals the twin's."""
    rules = hg.Rules()
    for case in _cases(600, seed=5):
        ind, concealed, melds, flags, dealer = case
        kw = dict(win_tile=concealed[0], indicator=ind, self_drawn=bool(flags & 1),
                  replacement=bool(flags & 2), robbing_kong=bool(flags & 8),
                  last_tile=bool(flags & 16), dealer=dealer, rules=rules)
        prepared = _prepared(case, rules)
        if prepared is None:
            continue
        c, ms, set_melds, w, laizi, _ = prepared
        ctx = slow.Context(bool(flags & 1), bool(flags & 2), bool(flags & 8),
                           bool(flags & 16), dealer)
        want = slow.all_results(c, ms, set_melds, laizi, rules, ctx)
        assert hg.all_results(concealed, melds, **kw) == want, case


def test_one_laizi_rule_of_pihu():
    """屁胡 keeps at most one 赖子: two are refused, unless 杠上开花 / 海底捞 / 抢杠, and a
    大胡 reading may keep any number (here each 赖子 stands for its own kind or not)."""
    melds = [("chow", "345m"), ("pung", "888p")]
    # 赖子 4p (indicator 3p): 234s 56s+4p 55m -> 屁胡 with one 赖子
    r = hg.score("234s56s4p55m", melds, win_tile="2s", indicator="3p", self_drawn=True)
    assert (r.base, r.hard, r.reading.wildcards) == (1, False, (18,))  # 123s 456s, or 7s
    with pytest.raises(NotWinningError, match="at most one 赖子") as exc:
        hg.score("234s56s4p5m4p", melds, win_tile="2s", indicator="3p", self_drawn=True)
    assert exc.value.code == slow.TWO_LAIZI
    melds_k = melds[:1] + [("kong", "8888p")]
    for flag in ("replacement", "last_tile"):
        r = hg.score("234s56s4p5m4p", melds_k, win_tile="2s", indicator="3p",
                     self_drawn=True, **{flag: True})
        assert r.is_big and r.base == 10
    r = hg.score("234s56s4p5m4p", melds, win_tile="2s", indicator="3p", robbing_kong=True)
    assert [i.key for i in r.big_items] == ["qianggang"]


@pytest.mark.parametrize("hand,melds,indicator,want", [
    # 将一色: no set structure; the 赖子 5z (indicator 4z) stands for the lowest real tile
    ("258m258p2s5z", [("pung", "222s"), ("pung", "555s")], "4z", ("jiangyise", (1,), False)),
    # 将一色 with the 赖子 a 2/5/8 itself (indicator 1m -> 2m): it stands for its own kind
    ("258m258p58s", [("pung", "555m"), ("pung", "888s")], "1m", ("jiangyise", (1,), True)),
    # 风一色: winds and 白 (the 赖子 1z under 5z)
    ("2z3z4z1z1z", [("pung", "222z"), ("pung", "333z"), ("pung", "444z")], "5z",
     ("fengyise", None, None)),
])
def test_loose_readings(hand, melds, indicator, want):
    r = hg.score(hand, melds, win_tile="5p" if "p" in hand else "2z", indicator=indicator,
                 self_drawn=True)
    assert r.reading.shape == want[0]
    if want[1] is not None:
        assert (r.reading.wildcards, r.hard) == want[1:]
    else:
        assert r.to_cap


def test_pairs_are_not_a_shape():
    """Seven pairs (七对) is no Huanggang shape, 赖子 or not."""
    with pytest.raises(NotWinningError):
        hg.score("1133m5577p99s4z", [("pung", "333z")], win_tile="1m", indicator="1z",
                 self_drawn=True)
    with pytest.raises(NotWinningError):  # 2z is the 赖子
        hg.score("1133m5577p9s2z4z", [("pung", "111z")], win_tile="1m", indicator="1z",
                 self_drawn=True)


def test_batch_rows_equal_slow_twin():
    """score_batch (rows holding 赖子 included) equals the twin row by row."""
    from huanggang_gen import random_batch
    from mahjong.huanggang.batch import BAD_CONTEXT, BIG_BITS
    rules = hg.Rules()
    ind, h, m, s, f, d = random_batch(1500, seed=21, wild_rate=0.6)
    out = hg.score_batch(h, m, indicator=ind, flags=f, single_kongs=s, dealer=d)
    for i in range(len(h)):
        lz = laizi_of(int(ind[i]))
        concealed = tuple(int(t) for t in np.repeat(np.arange(34), h[i]))
        set_melds = tuple(_meld(KINDS[int(k)], int(t)) for k, t in m[i] if k)
        ms = set_melds + (_meld("single_kong", RED),) * int(s[i, 0]) + (
            _meld("single_kong", lz),) * int(s[i, 1])
        bits = int(f[i])
        ctx = slow.Context(bool(bits & 1), bool(bits & 2), bool(bits & 8), bool(bits & 16),
                           bool(d[i]))
        status, r = slow.best(concealed, ms, set_melds, lz, int(ind[i]), rules, ctx)
        if bits & 8:
            # 抢杠: the robbed tile is its fourth copy, so the winner holds exactly one
            # copy of it (melds and single kongs counted); without the winning tile the
            # batch refuses a row where no concealed tile is held exactly once, as scalar
            # score refuses every winning tile of it
            held = [concealed.count(t) + sum(x.tiles.count(t) for x in ms) for t in range(34)]
            if not any(held[t] == 1 for t in set(concealed)):
                status = BAD_CONTEXT
        assert int(out["status"][i]) == status, i
        if status == 0:
            got = (int(out["base"][i]), int(out["payer_base"][i]), int(out["fan"][i]),
                   bool(out["hard"][i]), int(out["big"][i]))
            assert got == (r.base, r.payer_base, r.fan, r.hard,
                           sum(BIG_BITS[x.key] for x in r.big_items)), i


def test_tenpai_equals_slow_twin():
    """The 承包 tenpai test (would some tile complete the 13 tiles?) equals the twin's."""
    rng = np.random.default_rng(8)
    seen = set()
    for case in _cases(800, seed=9):
        if _prepared(case, hg.Rules()) is None:
            continue
        ind, concealed, melds, flags, dealer = case
        lz = laizi_of(ind)
        c = list(concealed)
        c.pop(int(rng.integers(len(c))))
        set_melds = tuple(x for x in melds if not x.is_single)
        fixed = (GREEN, RED) if rng.random() < 0.7 else (GREEN, RED, ind)
        got = is_tenpai(tuple(sorted(c)), set_melds, lz, fixed)
        assert got == slow.is_tenpai(tuple(sorted(c)), set_melds, lz, fixed), case
        seen.add(got)
    assert seen == {True, False}


def test_win_flags_are_kernel_bits():
    from mahjong.huanggang import _kernel
    assert win_flags(True, True, False, True) == (_kernel.PY_WIN_BITS["self_drawn"]
                                                 | _kernel.PY_WIN_BITS["replacement"]
                                                 | _kernel.PY_WIN_BITS["last_tile"])
    assert win_flags(False, False, True, False) == _kernel.PY_WIN_BITS["robbing_kong"]


@pytest.mark.parametrize("mode", ["koukou", "kaikou"])
def test_meld_fan_is_the_total_of_the_items(mode):
    """Settlement's F(L) count equals the total of the 番 items the result lists."""
    from mahjong.huanggang.scoring import meld_fan, meld_fan_items, total_fan
    rules = hg.Rules(kaikou_mode=mode)
    for case in _cases(300, seed=4):
        ind, concealed, melds, flags, dealer = case
        lz = laizi_of(ind)
        for ms in (melds, [m for m in melds if m.kind == "concealed_kong"], []):
            assert meld_fan(ms, mode == "koukou", lz) == total_fan(
                meld_fan_items(ms, rules, lz))
