"""A slow, obviously-correct pure-Python twin of the Sichuan and Yunnan hand scoring, and
differential tests of the room kernels (mahjong.sichuan._kernel, mahjong.yunnan._kernel)
against it.

The oracle lists every decomposition by brute force and applies the rule definitions
literally (Sichuan: the highest pattern row plus +1 per additive item; Yunnan: the highest
pattern row plus the 加番 items); it shares no code with the kernel.
"""
import random

import numpy as np
import pytest

from mahjong import sichuan, yunnan
from mahjong.ruleset import WinFlag

# ----------------------------------------------------------------------------- the oracle


def decompositions(counts):
    """Every split of counts (list of 27) into sets + one pair: list of (pair, [sets]),
    a set being ("pung", t) or ("chow", t)."""
    out = []
    c = list(counts)

    def rec(start, pair, sets):
        i = start
        while i < 27 and c[i] == 0:
            i += 1
        if i == 27:
            if pair is not None:
                out.append((pair, list(sets)))
            return
        if pair is None and c[i] >= 2:
            c[i] -= 2
            rec(i, i, sets)
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            rec(i, pair, sets + [("pung", i)])
            c[i] += 3
        if i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in range(3):
                c[i + k] -= 1
            rec(i, pair, sets + [("chow", i)])
            for k in range(3):
                c[i + k] += 1

    rec(0, None, [])
    # distinct readings only
    uniq = {(p, tuple(sorted(s))) for p, s in out}
    return [(p, list(s)) for p, s in uniq]


def _tiles_of(kind, t):
    return [t, t + 1, t + 2] if kind == "chow" else [t]


def _has_terminal(kind, t):
    return any(x % 9 in (0, 8) for x in _tiles_of(kind, t))


def oracle_holding(hand_ids, melds):
    """(concealed counts[27], all counts[27] with kongs as 4, meld list (kind, tile))."""
    conc = [0] * 27
    for t in hand_ids:
        conc[t] += 1
    total = list(conc)
    ms = []
    for kind, t in melds:
        ms.append((kind, t))
        if kind == "chow":
            for x in (t, t + 1, t + 2):
                total[x] += 1
        elif kind == "pung":
            total[t] += 3
        else:
            total[t] += 4
    return conc, total, ms


def oracle_sichuan(hand_ids, melds, flags=0, longqidui_fan=4):
    """Uncapped Sichuan fan (0 = not a win) by the literal fan-table rules."""
    conc, total, ms = oracle_holding(hand_ids, melds)
    suits = {t // 9 for t in range(27) if total[t]}
    if len(suits) > 2 or any(k == "chow" for k, _ in ms):
        return 0
    one_suit = len(suits) == 1
    quads = sum(1 for t in range(27) if total[t] == 4)
    candidates = []  # (pattern fan, 根 count)
    for pair, sets in decompositions(conc):
        all_sets = sets + [("pung", t) for _, t in ms]  # melds are pungs/kongs here
        all_pungs = all(k == "pung" for k, _ in all_sets)
        yaojiu = pair % 9 in (0, 8) and all(_has_terminal(k, t) for k, t in all_sets)
        all258 = all(total[t] == 0 or t % 9 in (1, 4, 7) for t in range(27))
        fan = 1
        if all_pungs:
            fan = 2
        if one_suit or yaojiu:
            fan = 3
        if (one_suit and all_pungs) or (all_pungs and all258):
            fan = 4
        if one_suit and yaojiu:
            fan = 5
        candidates.append((fan, quads))
    if not ms and all(c % 2 == 0 for c in conc) and sum(conc) == 14:
        n_quads = sum(1 for c in conc if c == 4)
        if n_quads == 0:
            candidates.append((5 if one_suit else 3, 0))
        else:
            candidates.append((6 if one_suit else longqidui_fan, n_quads - 1))
    if not candidates:
        return 0
    best = max(f + g for f, g in candidates)
    if flags & (WinFlag.HEAVENLY | WinFlag.EARTHLY):
        best = max(best, 6 + quads)
    sd = bool(flags & WinFlag.SELF_DRAWN)
    best += bool(flags & WinFlag.REPLACEMENT) and sd
    best += bool(flags & WinFlag.AFTER_KONG) and not sd
    best += bool(flags & WinFlag.ROBBING_KONG)
    best += bool(flags & WinFlag.LAST_TILE) and sd
    best += len(ms) == 4
    return best


def oracle_yunnan(hand_ids, melds, flags=0, stack_heavenly=False):
    """Yunnan fan without 查花 (0 = not a win) by the literal pattern and 加番 rules."""
    conc, total, ms = oracle_holding(hand_ids, melds)
    suits = {t // 9 for t in range(27) if total[t]}
    if len(suits) > 2:
        return 0
    one_suit = len(suits) == 1
    shape = 0
    for pair, sets in decompositions(conc):
        all_pungs = all(k == "pung" for k, _ in sets) and all(k != "chow" for k, _ in ms)
        if all_pungs:
            shape = max(shape, 4 if one_suit else 2)
        else:
            shape = max(shape, 3 if one_suit else 1)
    if not ms and all(c % 2 == 0 for c in conc) and sum(conc) == 14:
        shape = max(shape, 5 if one_suit else 3)
    if not shape:
        return 0
    heaven = flags & (WinFlag.HEAVENLY | WinFlag.EARTHLY | WinFlag.FIRST_ROUND)
    fan = (6 + shape if stack_heavenly else max(6, shape)) if heaven else shape
    konged = {t for k, t in ms if k in ("kong", "concealed_kong")}
    fan += sum(1 for t in range(27) if total[t] == 4 and t not in konged)
    fan += sum(1 for k, _ in ms if k in ("kong", "concealed_kong"))
    sd = bool(flags & WinFlag.SELF_DRAWN)
    fan += 2 * (bool(flags & WinFlag.REPLACEMENT) and sd)
    fan += bool(flags & WinFlag.AFTER_KONG) and not sd
    fan += bool(flags & WinFlag.ROBBING_KONG)
    return fan


# ------------------------------------------------------------------------ hand generator

_MELD_CODE = {"chow": 1, "pung": 2, "kong": 3, "concealed_kong": 4}


def random_hand(rng, *, n_suits=None, allow_chow_melds=False, seven_pairs_share=0.15,
                complete=True):
    """(hand ids incl. the winning tile, melds [(kind, tile)], win tile). With
    complete=False the 14 tiles are random (mostly not a win)."""
    suits = rng.sample(range(3), n_suits or rng.choice((1, 2, 2, 2, 3)))
    kinds = [s * 9 + r for s in suits for r in range(9)]
    used = [0] * 27
    if not complete:
        ids = []
        while len(ids) < 14:
            t = rng.choice(kinds)
            if used[t] < 4:
                used[t] += 1
                ids.append(t)
        return ids, [], rng.choice(ids)
    if rng.random() < seven_pairs_share:
        ids = []
        while len(ids) < 14:
            t = rng.choice(kinds)
            if used[t] <= 2:
                used[t] += 2
                ids += [t, t]
        return ids, [], rng.choice(ids)
    for _ in range(100):
        used = [0] * 27
        hand, melds = [], []
        pair = rng.choice(kinds)
        used[pair] += 2
        hand += [pair, pair]
        n_melds = rng.choice((0, 0, 1, 2, 3, 4))
        ok = True
        for k in range(4):
            chow = rng.random() < 0.5
            t = rng.choice(kinds)
            if chow and t % 9 > 6:
                t -= 2
            tiles = [t, t + 1, t + 2] if chow else [t, t, t]
            meld_kind = None
            if k < n_melds:
                if chow and not allow_chow_melds:
                    chow, tiles = False, [t, t, t]
                meld_kind = "chow" if chow else rng.choice(("pung", "pung", "kong",
                                                            "concealed_kong"))
                if meld_kind in ("kong", "concealed_kong"):
                    tiles = [t] * 4
            for x in tiles:
                used[x] += 1
            if max(used) > 4:
                ok = False
                break
            if meld_kind:
                melds.append((meld_kind, t))
            else:
                hand += tiles
        if ok:
            return hand, melds, rng.choice(hand)
    raise RuntimeError("generator failed")


def _arrays(hand, melds):
    counts = np.zeros(34, dtype=np.uint8)
    for t in hand:
        counts[t] += 1
    rows = np.array([[_MELD_CODE[k], t] for k, t in melds], dtype=np.uint8).reshape(-1, 2)
    return counts, rows


def _random_flags(rng, hand, melds, win):
    self_drawn = rng.random() < 0.5
    flags = WinFlag.SELF_DRAWN if self_drawn else WinFlag.NONE
    r = rng.random()
    if self_drawn and r < 0.1 and any(k in ("kong", "concealed_kong") for k, _ in melds):
        flags |= WinFlag.REPLACEMENT
    elif not self_drawn and r < 0.2:
        flags |= WinFlag.AFTER_KONG
    elif not self_drawn and r < 0.3 and hand.count(win) == 1 and \
            all(t != win for _, t in melds):
        flags |= WinFlag.ROBBING_KONG
    if rng.random() < 0.1:
        flags |= WinFlag.LAST_TILE
    if self_drawn and rng.random() < 0.05:
        flags |= WinFlag.EARTHLY
    return flags


N_DIFF = 20000


def test_sichuan_kernel_matches_oracle_on_random_hands():
    rng = random.Random(20261130)
    mismatches, wins = [], 0
    batch_h, batch_m, batch_f, expected = [], [], [], []
    for n in range(N_DIFF):
        hand, melds, win = random_hand(rng, complete=n % 5 != 0)
        flags = _random_flags(rng, hand, melds, win)
        want = oracle_sichuan(hand, melds, int(flags), 4)
        counts, rows = _arrays(hand, melds)
        items = np.zeros(len(sichuan.ITEMS), dtype=np.int16)
        got = sichuan._kernel.scorer(4).score_one(counts, rows.ravel(), int(flags), items)
        wins += want > 0
        if got != want:
            mismatches.append((hand, melds, win, int(flags), want, got))
        m = np.zeros((4, 2), dtype=np.uint8)
        m[:len(melds)] = rows
        batch_h.append(counts), batch_m.append(m), batch_f.append(int(flags))
        expected.append(got)
    assert not mismatches, mismatches[:5]
    assert wins > N_DIFF // 2  # the generator mostly makes wins, so this tested scoring
    out = sichuan.score_batch(np.array(batch_h), np.array(batch_m),
                              np.array(batch_f, dtype=np.uint32))
    assert out["uncapped_fan"].tolist() == expected


def test_yunnan_kernel_matches_oracle_on_random_hands():
    rng = random.Random(1130)
    mismatches, wins = [], 0
    for n in range(N_DIFF):
        hand, melds, win = random_hand(rng, allow_chow_melds=n % 3 == 0, complete=n % 5 != 0)
        flags = _random_flags(rng, hand, melds, win)
        if rng.random() < 0.05:
            flags |= WinFlag.HEAVENLY if flags & WinFlag.SELF_DRAWN else WinFlag.FIRST_ROUND
            flags &= ~WinFlag.EARTHLY
        stack = n % 7 == 0
        want = oracle_yunnan(hand, melds, int(flags), stack)
        counts, rows = _arrays(hand, melds)
        items = np.zeros(len(yunnan.ITEMS), dtype=np.int16)
        got = yunnan._kernel.scorer(int(stack)).score_one(counts, rows.ravel(), int(flags), items)
        wins += want > 0
        if got != want:
            mismatches.append((hand, melds, win, int(flags), stack, want, got))
    assert not mismatches, mismatches[:5]
    assert wins > N_DIFF // 2


@pytest.mark.parametrize("rules", ["sichuan", "yunnan"])
def test_best_wait_matches_oracle(rules):
    """查大叫/查叫 value: the best discard win over every wait, by brute force."""
    rng = random.Random(7)
    checked_ready = 0
    for n in range(3000):
        hand, melds, _ = random_hand(rng, complete=n % 4 != 0, seven_pairs_share=0.2)
        hand = list(hand)
        hand.remove(rng.choice(hand))
        own = [0] * 27
        for t in hand:
            own[t] += 1
        for k, t in melds:
            for x in ([t, t + 1, t + 2] if k == "chow" else [t] * (3 if k == "pung" else 4)):
                own[x] += 1
        best = -1
        for t in range(27):
            if own[t] >= 4:
                continue  # 空听: no copy left outside the player's own tiles
            if rules == "sichuan":
                f = oracle_sichuan(hand + [t], melds)
            else:
                f = oracle_yunnan(hand + [t], melds)
            if f > 0:
                best = max(best, f)
        counts, rows = _arrays(hand, melds)
        kernel = sichuan._kernel if rules == "sichuan" else yunnan._kernel
        fan, tile = kernel.scorer(4 if rules == "sichuan" else 0).best_wait_one(
            counts, rows.ravel(), True)
        assert fan == best, (hand, melds, fan, best)
        if best > 0:
            checked_ready += 1
            assert own[tile] < 4
    assert checked_ready > 500


def test_oracle_itself_on_hand_checked_cases():
    """The oracle agrees with RULES.md's own worked numbers (so it can fail)."""
    from mahjong.tiles import parse_tiles as p
    assert oracle_sichuan(p("111p123p456p789p99p"), []) == 4
    assert oracle_sichuan(p("11m22m3333m55p66p77p"), [], int(WinFlag.SELF_DRAWN)) == 4
    assert oracle_sichuan(p("123p456p789p66p567s"), [], int(WinFlag.ROBBING_KONG)) == 2
    assert oracle_sichuan(p("123m456m789m123p5p5s"), []) == 0
    assert oracle_yunnan(p("11m22m33m44m5555p66p"), []) == 4
    assert oracle_yunnan(p("333p777p99p"), [("pung", 10), ("kong", 13)],
                         int(WinFlag.SELF_DRAWN | WinFlag.REPLACEMENT)) == 7
