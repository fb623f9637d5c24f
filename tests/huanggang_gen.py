"""Random Huanggang holdings (mostly winning) for the batch tests and the benchmark."""
import numpy as np

from mahjong.huanggang.rules import GREEN, RED, laizi_of

KINDS = {1: "chow", 2: "pung", 3: "kong", 4: "concealed_kong"}


def _take(counts, tiles):
    for t in set(tiles):
        if counts[t] + tiles.count(t) > 4:
            return False
    for t in tiles:
        counts[t] += 1
    return True


def random_holding(rng, *, wild_rate=0.3, indicator=None, laizipi=False):
    """(indicator, hand counts (34,), meld rows (4, 2), singles (2,), flags, dealer)."""
    ind = int(rng.integers(34)) if indicator is None else indicator
    lz = laizi_of(ind)
    banned = {lz, RED, GREEN} | ({ind} if laizipi else set())
    used = np.zeros(34, np.int64)
    used[ind] += 1  # the turned-up tile is out
    suit = int(rng.integers(3)) if rng.random() < 0.25 else None
    pung_bias = 0.7 if rng.random() < 0.2 else 0.35

    def random_set():
        for _ in range(50):
            if suit is not None:
                t = suit * 9 + int(rng.integers(9))
            else:
                t = int(rng.integers(34))
            if rng.random() < pung_bias or t >= 27 or t % 9 > 6:
                tiles = (t, t, t)
            else:
                tiles = (t, t + 1, t + 2)
            if banned & set(tiles):
                continue
            if _take(used, tiles):
                return tiles
        return None

    n_melds = int(rng.integers(1, 5)) if rng.random() < 0.95 else 0
    melds = np.zeros((4, 2), np.uint8)
    k = 0
    for _ in range(n_melds):
        tiles = random_set()
        if tiles is None:
            continue
        if tiles[0] == tiles[1]:
            kind = int(rng.choice([2, 2, 2, 3, 4]))
            if kind in (3, 4):
                if used[tiles[0]] >= 4:
                    kind = 2
                else:
                    used[tiles[0]] += 1
        else:
            kind = 1
        melds[k] = (kind, tiles[0])
        k += 1
    concealed = np.zeros(34, np.int64)
    for _ in range(4 - k):
        tiles = random_set()
        if tiles is None:
            return None
        for t in tiles:
            concealed[t] += 1
    for _ in range(50):
        p = suit * 9 + int(rng.integers(9)) if suit is not None else int(rng.integers(34))
        if p not in banned and used[p] <= 2:
            used[p] += 2
            concealed[p] += 2
            break
    else:
        return None
    # swap some concealed tiles for 赖子
    n_wild = int(rng.integers(1, 3)) if rng.random() < wild_rate else 0
    for _ in range(n_wild):
        if used[lz] >= 4:
            break
        held = np.flatnonzero(concealed)
        t = int(rng.choice(held))
        concealed[t] -= 1
        used[t] -= 1
        concealed[lz] += 1
        used[lz] += 1
    singles = np.zeros(2, np.uint8)
    if rng.random() < 0.2 and used[RED] < 4:
        singles[0] = 1
        used[RED] += 1
    if rng.random() < 0.1 and used[lz] < 4:
        singles[1] = 1
        used[lz] += 1
    self_drawn = rng.random() < 0.5
    has_kong = bool(singles.any() or (melds[:, 0] >= 3).any())
    flags = int(self_drawn)
    if self_drawn and has_kong and rng.random() < 0.2:
        flags |= 2
    elif self_drawn and rng.random() < 0.1:
        flags |= 16
    elif not self_drawn and rng.random() < 0.1:
        flags |= 8
    return ind, concealed.astype(np.uint8), melds, singles, flags, bool(rng.random() < 0.25)


def random_batch(n, seed=0, **kw):
    rng = np.random.default_rng(seed)
    rows = []
    while len(rows) < n:
        r = random_holding(rng, **kw)
        if r is not None:
            rows.append(r)
    ind = np.array([r[0] for r in rows], np.uint8)
    hands = np.array([r[1] for r in rows], np.uint8)
    melds = np.array([r[2] for r in rows], np.uint8)
    singles = np.array([r[3] for r in rows], np.uint8)
    flags = np.array([r[4] for r in rows], np.uint32)
    dealer = np.array([r[5] for r in rows], bool)
    return ind, hands, melds, singles, flags, dealer


def row_as_scalar(ind, counts, melds, singles, flags, dealer):
    """The arguments of mahjong.huanggang.score for one batch row."""
    lz = laizi_of(int(ind))
    hand = [int(t) for t in np.repeat(np.arange(34), counts)]
    ms = []
    for kind, tile in melds:
        if kind == 0:
            break
        tile = int(tile)
        tiles = [tile, tile + 1, tile + 2] if kind == 1 else [tile] * (3 if kind == 2 else 4)
        ms.append((KINDS[int(kind)], tiles))
    ms += [("single_kong", [RED])] * int(singles[0]) + [("single_kong", [lz])] * int(singles[1])
    win = hand[len(hand) // 2]
    return dict(hand=hand, melds=ms, win_tile=win, indicator=int(ind),
                self_drawn=bool(flags & 1), replacement=bool(flags & 2),
                robbing_kong=bool(flags & 8), last_tile=bool(flags & 16), dealer=bool(dealer))


def random_record(rng, wild_rate=0.3):
    """A random Huanggang record (a win, or None when the generator gets stuck): the
    winner's holding of :func:`random_holding`, every meld made by events, and three
    losers with random pungs and closing hands from the tiles left."""
    from mahjong.tiles import TENHOU_NAMES as N
    row = random_holding(rng, wild_rate=wild_rate)
    if row is None:
        return None
    ind, counts, melds, singles, flags, _ = row
    flags &= ~8  # no 抢杠 (the robbed seat's pung is not generated)
    lz = laizi_of(ind)
    w = int(rng.integers(4))
    dealer = int(rng.integers(4))
    left = np.full(34, 4, np.int64)
    left[ind] -= 1
    left -= counts
    events, win_melds, kong_events = [], [], []
    for kind, tile in melds:
        if kind == 0:
            break
        kind, tile = int(kind), int(tile)
        name = N[tile]
        if kind == 1:
            tiles = "".join(N[t][0] for t in (tile, tile + 1, tile + 2)) + N[tile][1]
            events.append({"type": "chow", "seat": w, "tiles": tiles, "from": (w - 1) % 4})
            win_melds.append({"type": "chow", "tiles": tiles})
            for t in (tile, tile + 1, tile + 2):
                left[t] -= 1
            continue
        src = int((w + rng.integers(1, 4)) % 4)
        if kind == 2:
            events.append({"type": "pung", "seat": w, "tiles": name[0] * 3 + name[1], "from": src})
            win_melds.append({"type": "pung", "tiles": name[0] * 3 + name[1]})
            left[tile] -= 3
        elif kind == 3:
            if rng.random() < 0.5:
                kong_events.append({"type": "kong", "seat": w, "kind": "exposed", "tile": name,
                                    "from": src})
            else:
                events.append({"type": "pung", "seat": w, "tiles": name[0] * 3 + name[1],
                               "from": src})
                kong_events.append({"type": "kong", "seat": w, "kind": "added", "tile": name})
            win_melds.append({"type": "kong", "tiles": name[0] * 4 + name[1]})
            left[tile] -= 4
        else:
            kong_events.append({"type": "kong", "seat": w, "kind": "concealed", "tile": name})
            win_melds.append({"type": "concealed_kong", "tiles": name[0] * 4 + name[1]})
            left[tile] -= 4
    for t, k in ((RED, int(singles[0])), (lz, int(singles[1]))):
        for _ in range(k):
            kong_events.append({"type": "kong", "seat": w, "kind": "single", "tile": N[t]})
            win_melds.append({"type": "single_kong", "tiles": N[t]})
            left[t] -= 1
    if (left < 0).any():
        return None
    final = {}
    for seat in range(4):
        if seat == w:
            continue
        ms = []
        for _ in range(int(rng.integers(0, 3))):
            cands = [t for t in range(34) if left[t] >= 3 and t not in (lz, RED, GREEN)]
            if not cands:
                break
            t = int(rng.choice(cands))
            left[t] -= 3
            src = int((seat + rng.integers(1, 4)) % 4)
            if src == w:
                src = (w + 1) % 4 if (w + 1) % 4 != seat else (w + 2) % 4
            events.insert(int(rng.integers(len(events) + 1)),
                          {"type": "pung", "seat": seat, "tiles": N[t][0] * 3 + N[t][1],
                           "from": src})
            ms.append({"type": "pung", "tiles": N[t][0] * 3 + N[t][1]})
        pool = np.repeat(np.arange(34), left)
        take = rng.choice(len(pool), 13 - 3 * len(ms), replace=False)
        hand = [int(pool[i]) for i in take]
        for t in hand:
            left[t] -= 1
        final[str(seat)] = {"hand": "".join(N[t] for t in sorted(hand)), "melds": ms}
    hand_ids = [int(t) for t in np.repeat(np.arange(34), counts)]
    win = {"type": "win", "seat": w, "hand": "".join(N[t] for t in hand_ids),
           "melds": win_melds, "win_tile": N[hand_ids[int(rng.integers(len(hand_ids)))]]}
    if not flags & 1:
        win["from"] = int((w + rng.integers(1, 4)) % 4)
    if flags & 2:
        if not kong_events:
            return None
        win["replacement"] = True
    if flags & 16:
        win["last_tile"] = True
    events += kong_events + [win]
    return {"rules": "huanggang", "dealer": dealer, "indicator": N[ind], "events": events,
            "final": final}
