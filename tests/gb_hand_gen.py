"""Generator of Guobiao winning hands for tests and benchmarks, plus the bridge to the
reference calculator (pymahjonggb's ``MahjongFanCalculator``, a test oracle only).

Hands are built by construction (sets + pair, or a special form), so every hand is complete;
the generator is biased towards rare fans: tile pools by style (one suit, honors, terminals,
evens, 4-6, green, reversible, ...), templates for chow/pung combinations, melds and kongs,
special forms, and every win-context flag. Contexts are always possible ones (the kernel
rejects impossible ones, where the reference silently drops the flag).

A hand is a tuple ``(hand34, win, melds, flags, seat, round, flowers)``: ``hand34`` the
concealed tiles before the win as 34 counts, ``melds`` a list of ``(type, tile)`` with
type 1 chow (lowest tile), 2 pung, 3 kong, 4 concealed kong.
"""
from __future__ import annotations

import random
from typing import List, Optional, Sequence, Tuple

import numpy as np

from mahjong.guobiao.batch import pack_hands
from mahjong.tiles import format_tiles

CHOW, PUNG, KONG, CONCEALED_KONG = 1, 2, 3, 4
SELF_DRAWN, FOURTH_TILE, REPLACEMENT, ROBBING_KONG, LAST_OF_WALL = 1, 2, 4, 8, 16

REFERENCE_NAMES = (
    tuple(f"W{n}" for n in range(1, 10)) + tuple(f"B{n}" for n in range(1, 10))
    + tuple(f"T{n}" for n in range(1, 10)) + ("F1", "F2", "F3", "F4", "J3", "J2", "J1"))

Hand = Tuple[np.ndarray, int, List[Tuple[int, int]], int, int, int, int]

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
GREEN = (19, 20, 21, 23, 25, 32)
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)


def _suit_tiles(suit: int, ranks: Sequence[int]) -> List[int]:
    return [suit * 9 + r - 1 for r in ranks]


def _pool(rng: random.Random) -> List[int]:
    """Tiles the sets of a hand are drawn from (a style biased to some fan)."""
    suit = rng.randrange(3)
    style = rng.randrange(16)
    if style == 0:
        return list(range(34))
    if style == 1:
        return _suit_tiles(suit, range(1, 10))
    if style == 2:
        return _suit_tiles(suit, range(1, 10)) + list(HONORS)
    if style == 3:
        return list(TERMINALS) + list(HONORS)
    if style == 4:
        return list(TERMINALS)
    if style == 5:
        return [t for t in range(27) if t % 9 in (1, 3, 5, 7)]
    if style == 6:
        return [t for t in range(27) if t % 9 in (3, 4, 5)]
    if style == 7:
        return [t for t in range(27) if t % 9 >= 6]
    if style == 8:
        return [t for t in range(27) if t % 9 <= 2]
    if style == 9:
        return [t for t in range(27) if t % 9 >= 5]
    if style == 10:
        return [t for t in range(27) if t % 9 <= 3]
    if style == 11:
        return list(GREEN)
    if style == 12:
        return list(REVERSIBLE)
    if style == 13:
        return list(HONORS) + _suit_tiles(suit, range(1, 10))[::2]
    if style == 14:
        return [t for t in range(27) if t % 9 in (2, 3, 4, 5, 6)]
    return list(range(27)) + [rng.choice(WINDS), rng.choice(DRAGONS)]


def _set_from_pool(rng: random.Random, pool: Sequence[int], chow_bias: float):
    pool_set = set(pool)
    chows = [t for t in pool if t < 27 and t % 9 <= 6 and t + 1 in pool_set and t + 2 in pool_set]
    if chows and rng.random() < chow_bias:
        return (CHOW, rng.choice(chows))
    return (PUNG, rng.choice(pool))


def _template_sets(rng: random.Random):
    """Four sets following a combination template (shifted/identical/straight...)."""
    s = rng.randrange(3)
    suits = [0, 1, 2]
    rng.shuffle(suits)
    kind = rng.randrange(17)
    if kind == 0:   # shifted chows in one suit, step 1 or 2
        step = rng.choice((1, 2))
        start = rng.randrange(0, 7 - 2 * step)
        sets = [(CHOW, s * 9 + start + i * step) for i in range(3)]
        if rng.random() < 0.5 and start + 3 * step <= 6:
            sets.append((CHOW, s * 9 + start + 3 * step))
    elif kind == 1:  # identical chows
        t = s * 9 + rng.randrange(7)
        sets = [(CHOW, t)] * rng.choice((2, 3, 4))
    elif kind == 2:  # pure straight
        sets = [(CHOW, s * 9), (CHOW, s * 9 + 3), (CHOW, s * 9 + 6)]
    elif kind == 3:  # mixed straight
        sets = [(CHOW, suits[i] * 9 + 3 * i) for i in range(3)]
    elif kind == 4:  # mixed triple chow / mixed shifted chows
        d = rng.choice((0, 1))
        r = rng.randrange(7 - 2 * d)
        sets = [(CHOW, suits[i] * 9 + r + d * i) for i in range(3)]
    elif kind == 5:  # terminal chows
        if rng.random() < 0.5:
            sets = [(CHOW, s * 9), (CHOW, s * 9), (CHOW, s * 9 + 6), (CHOW, s * 9 + 6)]
        else:
            sets = [(CHOW, suits[0] * 9), (CHOW, suits[0] * 9 + 6),
                    (CHOW, suits[1] * 9), (CHOW, suits[1] * 9 + 6)]
    elif kind == 6:  # shifted pungs in one suit
        start = rng.randrange(0, 6)
        sets = [(PUNG, s * 9 + start + i) for i in range(rng.choice((3, 4)))]
    elif kind == 7:  # triple/double pung, mixed shifted pungs
        r = rng.randrange(7)
        d = rng.choice((0, 1))
        sets = [(PUNG, suits[i] * 9 + r + d * i) for i in range(rng.choice((2, 3)))]
    elif kind == 8:  # winds
        w = list(WINDS)
        rng.shuffle(w)
        sets = [(PUNG, t) for t in w[:rng.choice((2, 3, 4))]]
    elif kind == 9:  # dragons
        d = list(DRAGONS)
        rng.shuffle(d)
        sets = [(PUNG, t) for t in d[:rng.choice((2, 3))]]
    elif kind == 10:  # short straights / mixed double chows in two suits
        r = rng.randrange(4)
        sets = [(CHOW, suits[0] * 9 + r), (CHOW, suits[0] * 9 + r + 3),
                (CHOW, suits[1] * 9 + r), (CHOW, suits[1] * 9 + r + 3)][:rng.choice((2, 3, 4))]
    elif kind == 11:  # two terminal chows + something
        sets = [(CHOW, s * 9), (CHOW, s * 9 + 6), (CHOW, suits[1] * 9), (CHOW, suits[2] * 9 + 6)]
        sets = sets[:rng.choice((2, 3, 4))]
    elif kind == 12:  # mixed shifted chows with a fourth related chow
        r = rng.randrange(5)
        sets = [(CHOW, suits[i] * 9 + r + i) for i in range(3)] + [(CHOW, suits[0] * 9 + r + 1)]
    elif kind == 14:  # mixed plain sets, few fans (无番和 candidates)
        sets = [(CHOW, suits[0] * 9 + rng.randrange(1, 6)), (CHOW, suits[1] * 9 + rng.randrange(7)),
                (PUNG, suits[2] * 9 + rng.randrange(1, 8)), (CHOW, suits[0] * 9 + rng.randrange(7))]
    elif kind == 15:  # four pungs, to be turned into kongs
        sets = [(PUNG, rng.randrange(34)) for _ in range(4)]
    else:  # all fives
        sets = [(rng.choice((CHOW, PUNG)), suits[i % 3] * 9 + rng.choice((2, 3, 4)))
                for i in range(4)]
        sets = [(k, t if k == CHOW else t - t % 9 + 4) for k, t in sets]
    return sets


def _counts_of(sets, pair) -> np.ndarray:
    c = np.zeros(34, np.int64)
    for kind, t in sets:
        if kind == CHOW:
            c[t:t + 3] += 1
        else:
            c[t] += 3
    c[pair] += 2
    return c


def _regular(rng: random.Random) -> Optional[Hand]:
    pool = _pool(rng)
    chow_bias = rng.choice((0.0, 0.3, 0.6, 0.9, 1.0))
    if rng.random() < 0.45:
        sets = _template_sets(rng)
    else:
        sets = []
    while len(sets) < 4:
        sets.append(_set_from_pool(rng, pool, chow_bias))
    rng.shuffle(sets)
    r = rng.random()
    if r < 0.15:
        pair = rng.choice((4, 13, 22))           # a five (双龙会)
    elif r < 0.25:
        pair = rng.choice(HONORS)                # 小四喜 / 小三元 candidates
    else:
        pair = rng.choice(pool)
    counts = _counts_of(sets, pair)
    if counts.max() > 4:
        return None
    # melds: 0-4 of the sets, biased to few
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))
    kong_bias = 0.35
    if rng.random() < 0.05:      # all sets melded, pungs as kongs (四杠, 三杠, 全求人)
        n_melds, kong_bias = 4, 0.9
    melds = []
    concealed_sets = list(sets)
    for kind, t in sets[:n_melds]:
        concealed_sets.remove((kind, t))
        if kind == CHOW:
            melds.append((CHOW, t))
        else:
            r = rng.random()
            if r < kong_bias and counts[t] == 3:
                melds.append((rng.choice((KONG, CONCEALED_KONG)), t))
                counts[t] += 1
            else:
                melds.append((PUNG, t))
    # concealed kongs can also come from concealed sets
    if rng.random() < 0.1:
        for kind, t in list(concealed_sets):
            if kind == PUNG and counts[t] == 3 and len(melds) < 4:
                concealed_sets.remove((kind, t))
                melds.append((rng.choice((KONG, CONCEALED_KONG)), t))
                counts[t] += 1
                break
    standing = _counts_of(concealed_sets, pair)
    tiles = [t for t in range(34) for _ in range(int(standing[t]))]
    win = rng.choice(tiles)
    standing[win] -= 1
    return _with_context(rng, standing, win, melds)


def _special(rng: random.Random) -> Optional[Hand]:
    kind = rng.randrange(6)
    c = np.zeros(34, np.int64)
    if kind == 0:    # seven pairs, sometimes shifted, sometimes with four of a kind
        if rng.random() < 0.3:
            s, lo = rng.randrange(3), rng.randrange(3)
            for r in range(lo, lo + 7):
                c[s * 9 + r] = 2
        else:
            pool = _pool(rng)
            for _ in range(7):
                c[rng.choice(pool)] += 2
    elif kind == 1:  # thirteen orphans
        for t in TERMINALS + HONORS:
            c[t] = 1
        c[rng.choice(TERMINALS + HONORS)] += 1
    elif kind in (2, 3):  # honors and knitted / knitted straight
        suits = [0, 1, 2]
        rng.shuffle(suits)
        knitted = [suits[i] * 9 + r for i in range(3) for r in range(i, 9, 3)]
        if kind == 2:
            n_num = rng.choice((7, 8, 9))
            chosen = rng.sample(knitted, n_num) + rng.sample(HONORS, 14 - n_num)
            for t in chosen:
                c[t] = 1
        else:
            for t in knitted:
                c[t] = 1
            pool = _pool(rng)
            kind_, tile = _set_from_pool(rng, pool, 0.5)
            c[rng.choice(pool)] += 2
            melds = []
            if rng.random() < 0.3:   # the set as the one meld
                if kind_ == CHOW:
                    melds = [(CHOW, tile)]
                else:
                    melds = [(rng.choice((PUNG, KONG, CONCEALED_KONG)), tile)]
            else:
                c += _counts_of([(kind_, tile)], 0) - _counts_of([], 0)
            total = c.copy()
            for mk, mt in melds:
                if mk == CHOW:
                    total[mt:mt + 3] += 1
                else:
                    total[mt] += 3 if mk == PUNG else 4
            if total.max() > 4:
                return None
            tiles = [t for t in range(34) for _ in range(int(c[t]))]
            win = rng.choice(tiles)
            c[win] -= 1
            return _with_context(rng, c, win, melds)
    elif kind == 4:  # nine gates
        s = rng.randrange(3)
        for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            c[s * 9 + r] = n
        c[s * 9 + rng.randrange(9)] += 1
    else:            # nine-gates-like shapes that are not nine gates
        s = rng.randrange(3)
        for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            c[s * 9 + r] = n
        extra = s * 9 + rng.randrange(9)
        c[extra] += 1
        tiles = [t for t in range(34) for _ in range(int(c[t]))]
        win = rng.choice(tiles)
        if c.max() > 4:
            return None
        c[win] -= 1
        return _with_context(rng, c, win, [])
    if c.max() > 4:
        return None
    tiles = [t for t in range(34) for _ in range(int(c[t]))]
    win = rng.choice(tiles)
    c[win] -= 1
    return _with_context(rng, c, win, [])


def _with_context(rng: random.Random, hand: np.ndarray, win: int, melds) -> Hand:
    total = hand.copy()
    total[win] += 1
    n_kongs = 0
    for k, t in melds:
        if k == CHOW:
            total[t:t + 3] += 1
        else:
            total[t] += 4 if k in (KONG, CONCEALED_KONG) else 3
            n_kongs += k in (KONG, CONCEALED_KONG)
    flags = 0
    if rng.random() < 0.4:
        flags |= SELF_DRAWN
        if n_kongs and rng.random() < 0.3:
            flags |= REPLACEMENT
    elif total[win] == 1 and rng.random() < 0.15:
        flags |= ROBBING_KONG
    if hand[win] == 0 and rng.random() < 0.15:
        flags |= FOURTH_TILE
    if rng.random() < 0.1:
        flags |= LAST_OF_WALL
    flowers = rng.choice((0, 0, 0, 0, 1, 2, 3, 8))
    melds = list(melds)
    rng.shuffle(melds)
    return (hand.astype(np.uint8), int(win), melds, flags, rng.randrange(4), rng.randrange(4),
            flowers)


def random_hand(rng: random.Random) -> Hand:
    """One random winning hand (complete by construction) with a possible context."""
    while True:
        h = _special(rng) if rng.random() < 0.15 else _regular(rng)
        if h is not None:
            return h


def generate(n: int, seed: int = 0) -> List[Hand]:
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


# Batch arrays (concealed, win, melds, flags, seat, round, flowers) for score_batch.
to_arrays = pack_hands



MELD_KIND_NAMES = {CHOW: "chow", PUNG: "pung", KONG: "kong", CONCEALED_KONG: "concealed_kong"}


def public_melds(melds):
    """A generated hand's melds as ``(kind, tiles)`` tuples for the public API."""
    return [(MELD_KIND_NAMES[k], format_tiles(
        [t, t + 1, t + 2] if k == CHOW else [t] * (3 if k == PUNG else 4))) for k, t in melds]


def api_args(hand: Hand, style: str = "tenhou"):
    """``(tiles, melds, keywords)`` for :func:`mahjong.guobiao.score`: the standing tiles in
    one notation (``"ids"`` for a list of tile ids), melds as tuples, the context as keywords."""
    h, win, melds, flags, seat, rnd, flowers = hand
    ids = [t for t in range(34) for _ in range(int(h[t]))]
    tiles = ids if style == "ids" else format_tiles(ids, style)
    kw = dict(win_tile=format_tiles([win]), self_drawn=bool(flags & SELF_DRAWN),
              fourth_tile=bool(flags & FOURTH_TILE), replacement=bool(flags & REPLACEMENT),
              robbing_kong=bool(flags & ROBBING_KONG), last_tile=bool(flags & LAST_OF_WALL),
              seat_wind=seat, round_wind=rnd, flowers=flowers)
    return tiles, public_melds(melds), kw


def reference_kwargs(hand: Hand) -> dict:
    """Arguments of MahjongFanCalculator for a hand (flags mapped to its four booleans)."""
    h, win, melds, flags, seat, rnd, flowers = hand
    pack = []
    for i, (k, t) in enumerate(melds):
        if k == CHOW:
            pack.append(("CHI", REFERENCE_NAMES[t + 1], 1 + i % 3))
        elif k == PUNG:
            pack.append(("PENG", REFERENCE_NAMES[t], 1 + i % 3))
        elif k == KONG:
            pack.append(("GANG", REFERENCE_NAMES[t], 1 + i % 3))
        else:
            pack.append(("GANG", REFERENCE_NAMES[t], 0))
    tiles = tuple(REFERENCE_NAMES[t] for t in range(34) for _ in range(int(h[t])))
    return dict(pack=tuple(pack), hand=tiles, winTile=REFERENCE_NAMES[win],
                flowerCount=int(flowers), isSelfDrawn=bool(flags & SELF_DRAWN),
                is4thTile=bool(flags & FOURTH_TILE),
                isAboutKong=bool(flags & (REPLACEMENT | ROBBING_KONG)),
                isWallLast=bool(flags & LAST_OF_WALL), seatWind=int(seat),
                prevalentWind=int(rnd), verbose=True)


def reference_args(hand: Hand) -> tuple:
    """The same arguments, positional and without ``verbose``: the reference's fastest call
    (keyword arguments cost it about 0.8 us), which is what the benchmarks time."""
    kw = reference_kwargs(hand)
    return tuple(kw[k] for k in ("pack", "hand", "winTile", "flowerCount", "isSelfDrawn",
                                 "is4thTile", "isAboutKong", "isWallLast", "seatWind",
                                 "prevalentWind"))


def reference_result(hand: Hand):
    """(total, fan_counts uint8[N_FANS]) from the reference, or (None, error text)."""
    import MahjongGB

    from mahjong.guobiao.fans import FAN_BY_NAME_EN, N_FANS

    try:
        res = MahjongGB.MahjongFanCalculator(**reference_kwargs(hand))
    except Exception as exc:   # the reference raises TypeError with an error name
        return None, str(exc)
    counts = np.zeros(N_FANS, np.uint8)
    total = 0
    for points, count, _zh, en in res:
        counts[FAN_BY_NAME_EN[en].id] += count
        total += points * count
    return total, counts


def perturbed_hand(rng: random.Random) -> Hand:
    """A winning hand with one concealed tile (or the winning tile) replaced by another
    kind: usually not winning any more, sometimes a different winning hand. Only the
    always-possible flags (self-drawn, last of wall) are kept."""
    while True:
        h, win, melds, flags, seat, rnd, flowers = random_hand(rng)
        h = h.astype(np.int64)
        total = h.copy()
        total[win] += 1
        for k, t in melds:
            if k == CHOW:
                total[t:t + 3] += 1
            else:
                total[t] += 3 if k == PUNG else 4
        new = rng.randrange(34)
        if total[new] >= 4:
            continue
        if rng.random() < 0.3:
            win = new
        else:
            held = [t for t in range(34) if h[t]]
            old = rng.choice(held)
            h[old] -= 1
            h[new] += 1
        return (h.astype(np.uint8), int(win), melds, flags & (SELF_DRAWN | LAST_OF_WALL), seat,
                rnd, flowers)
