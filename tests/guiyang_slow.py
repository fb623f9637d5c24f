"""A slow, obviously correct twin of the Guiyang hand-type kernel (tests only).

It knows nothing of the kernel: it splits the concealed tiles into sets and a pair by plain
recursion, tests seven pairs and 地龙 by counting, and takes the most valuable reading with
values typed here from the rules (scale A: 平胡 10, 大对子 30, 七对 40, 龙七对 50, 清一色 50,
清大对 80, 清七对 90, 青龙背 100, 地龙 40, 清地龙 100, 金钩钓 40, 清金钩 90).
"""
from collections import Counter

SCALE_A = {"pinghu": 10, "daduizi": 30, "qidui": 40, "longqidui": 50, "qingyise": 50,
           "qingdadui": 80, "qingqidui": 90, "qinglongbei": 100, "dilong": 40,
           "qingdilong": 100, "jingoudiao": 40, "qingjingou": 90}
SCALE_B = {"pinghu": 1, "daduizi": 5, "qidui": 10, "longqidui": 20, "qingyise": 10,
           "qingdadui": 15, "qingqidui": 20, "qinglongbei": 30, "dilong": 10,
           "qingdilong": 30, "jingoudiao": 10, "qingjingou": 20}


def splits(counts):
    """Every way to split ``counts`` (a Counter) into sets: lists of ("pung"|"chow", tile)."""
    tiles = sorted(t for t, c in counts.items() if c)
    if not tiles:
        yield []
        return
    t = tiles[0]
    if counts[t] >= 3:
        rest = counts.copy()
        rest[t] -= 3
        for more in splits(rest):
            yield [("pung", t)] + more
    if t % 9 <= 6 and counts[t + 1] and counts[t + 2]:
        rest = counts.copy()
        for k in range(3):
            rest[t + k] -= 1
        for more in splits(rest):
            yield [("chow", t)] + more


def regular_readings(counts):
    """Every (pair, sets) reading of the concealed tiles."""
    out = []
    for p in sorted(counts):
        if counts[p] >= 2:
            rest = counts.copy()
            rest[p] -= 2
            for sets in splits(rest):
                out.append((p, sets))
    return out


def readings(hand, melds, win_tile):
    """Keys of every hand type the 14 tiles read as. ``melds``: (kind, tile) pairs."""
    counts = Counter(hand)
    suits = {t // 9 for t in hand} | {t // 9 for _, t in melds}
    qing = len(suits) == 1
    out = set()
    for pair, sets in regular_readings(counts):
        out.add("qingyise" if qing else "pinghu")
        if all(kind == "pung" for kind, _ in sets):
            out.add("qingdadui" if qing else "daduizi")
        if len(melds) == 4:
            out.add("qingjingou" if qing else "jingoudiao")
    if not melds and all(c % 2 == 0 for c in counts.values()):
        if any(c == 4 for c in counts.values()):
            out.add("qinglongbei" if qing else "longqidui")
        else:
            out.add("qingqidui" if qing else "qidui")
    if len(melds) == 1 and melds[0][0] == "pung" and win_tile == melds[0][1] and \
            counts[win_tile] == 1 and all(c % 2 == 0 for t, c in counts.items() if t != win_tile):
        out.add("qingdilong" if qing else "dilong")
    return out


def best(hand, melds, win_tile, values):
    """(value, key) of the most valuable reading; (0, None) when not a hand."""
    cands = [(values[k], k) for k in readings(hand, melds, win_tile) if values.get(k, 0) > 0]
    return max(cands) if cands else (0, None)


def best_wait(hand, melds, values, kongting=True):
    """(value, tile) of the most valuable wait of a 13-tile holding; None if not ready."""
    held = Counter(hand)
    for kind, t in melds:
        held[t] += 3 if kind == "pung" else 4
    found = None
    for t in range(27):
        if Counter(hand)[t] >= 4 or (kongting and held[t] >= 4):
            continue
        v, _ = best(list(hand) + [t], melds, t, values)
        if v > 0 and (found is None or v > found[0]):
            found = (v, t)
    return found
