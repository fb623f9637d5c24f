"""Random holdings of the 108 suit tiles for the play-spec differential tests
(test_play_sichuan.py, test_play_yunnan.py, test_play_guiyang.py).

A :class:`Pool` holds four copies of each tile, so the holdings of one record never hold a
fifth copy. :func:`holding` builds a 14-tile holding of a given form: four sets and a pair,
seven pairs (maybe with a four-of-a-kind), 地龙 (a lone pung and five pairs, won on its
fourth tile) or random tiles (almost never a win).
"""
from mahjong.errors import InvalidRecordError
from mahjong.playspec import WinQuery
from mahjong.ruleset import settle
from mahjong.tiles import format_tiles, parse_tiles

PUNG, KONG, CONCEALED_KONG, CHOW = "pung", "kong", "concealed_kong", "chow"
SIZE = {PUNG: 3, KONG: 4, CONCEALED_KONG: 4, CHOW: 3}


def name(t):
    return format_tiles([t])


class Pool:
    def __init__(self, rng):
        self.rng = rng
        self.left = [4] * 27

    def take(self, t, n=1):
        if self.left[t] < n:
            return False
        self.left[t] -= n
        return True

    def give_back(self, tiles):
        for t in tiles:
            self.left[t] += 1

    def pick(self, suits, n=1, forbid=()):
        """A tile of ``suits`` with ``n`` copies left (taken), or None."""
        cands = [t for t in range(27) if t // 9 in suits and self.left[t] >= n
                 and t not in forbid]
        if not cands:
            return None
        t = self.rng.choice(cands)
        self.left[t] -= n
        return t


def meld_json(kind, t):
    tiles = [t, t + 1, t + 2] if kind == CHOW else [t] * SIZE[kind]
    return {"type": kind, "tiles": format_tiles(tiles)}


def _meld(pool, rng, suits, kind, forbid):
    if kind == CHOW:
        cands = [t for t in range(27) if t // 9 in suits and t % 9 <= 6
                 and all(pool.left[t + k] for k in range(3))]
        if not cands:
            return None
        t = rng.choice(cands)
        for k in range(3):
            pool.take(t + k)
        return t
    return pool.pick(suits, SIZE[kind], forbid)


def _sets(pool, rng, suits, n_sets, tiles):
    for _ in range(n_sets):
        if rng.random() < 0.6:
            cands = [t for t in range(27) if t // 9 in suits and t % 9 <= 6
                     and all(pool.left[t + k] for k in range(3))]
            if cands:
                t = rng.choice(cands)
                for k in range(3):
                    pool.take(t + k)
                tiles += [t, t + 1, t + 2]
                continue
        t = pool.pick(suits, 3)
        if t is None:
            return False
        tiles += [t] * 3
    return True


def holding(pool, rng, suits, form, n_melds=0, meld_kinds=(PUNG, KONG, CONCEALED_KONG),
            forbid=()):
    """``(concealed tiles, [(kind, tile)], win tile)`` of a 14-tile holding of ``form``
    ("regular", "pairs", "dilong", "junk") in ``suits``, or None when the pool runs dry.
    ``forbid``: tiles no meld may be made of."""
    melds = []
    if form == "dilong":
        x = pool.pick(suits, 4, forbid)
        if x is None:
            return None
        melds.append((PUNG, x))
        tiles = [x]
        for _ in range(5):
            t = pool.pick(suits, 2)
            if t is None:
                return None
            tiles += [t, t]
        return sorted(tiles), melds, x
    if form == "pairs":
        n_melds = 0
    for _ in range(n_melds):
        kind = rng.choice(meld_kinds)
        t = _meld(pool, rng, suits, kind, forbid)
        if t is None:
            return None
        melds.append((kind, t))
    tiles = []
    n = 14 - 3 * len(melds)
    if form == "regular":
        t = pool.pick(suits, 2)
        if t is None or not _sets(pool, rng, suits, (n - 2) // 3, tiles):
            return None
        tiles += [t, t]
    elif form == "pairs":
        while len(tiles) < 14:
            k = 4 if len(tiles) <= 10 and rng.random() < 0.15 else 2
            t = pool.pick(suits, k)
            if t is None:
                return None
            tiles += [t] * k
    else:
        while len(tiles) < n:
            t = pool.pick(suits, 1)
            if t is None:
                return None
            tiles.append(t)
    return sorted(tiles), melds, rng.choice(tiles)


def junk(pool, rng, n, suits=(0, 1, 2)):
    """``n`` random tiles from the pool (a closing hand that is rarely ready)."""
    out = []
    while len(out) < n:
        t = pool.pick(suits if rng.random() < 0.8 else (0, 1, 2), 1)
        if t is None:
            t = pool.pick((0, 1, 2), 1)
        out.append(t)
    return sorted(out)


def win_json(seat, tiles, melds, win_tile, src, **flags):
    e = {"type": "win", "seat": seat, "hand": format_tiles(tiles),
         "melds": [meld_json(k, t) for k, t in melds], "win_tile": name(win_tile),
         "from": src}
    e.update({k: True for k, v in flags.items() if v})
    return e


def counts_of(tiles):
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return tuple(c)


def kong_event(seat, kind, t, src=None):
    """A kong event for a meld of ``kind`` (kong = exposed, from ``src``)."""
    if kind == CONCEALED_KONG:
        return {"type": "kong", "seat": seat, "kind": "concealed", "tile": name(t)}
    return {"type": "kong", "seat": seat, "kind": "exposed", "tile": name(t), "from": src}


def query(rules, hand, win_tile, *, seat=0, dealer=0, src=None, melds=(), events=(), **flags):
    """A WinQuery of rule set ``rules``: the win of ``seat`` with the tiles ``hand``."""
    rec = {"rules": rules, "dealer": dealer, "events": list(events)}
    win = {"type": "win", "seat": seat, "hand": hand, "win_tile": win_tile, "from": src,
           "melds": [{"type": k, "tiles": t} for k, t in melds]}
    win.update({k: True for k, v in flags.items() if v})
    return WinQuery(rec, win, counts_of(parse_tiles(hand)))


def settled_value(q, final=None):
    """The win's value in the settlement of the record so far + the win (+ ``final``), or 0
    when the settlement refuses the win (an error naming the win event)."""
    index = len(q.record["events"])
    rec = dict(q.record, events=q.record["events"] + [dict(q.win)])
    if final is not None:
        rec["final"] = final
    try:
        s = settle(rec)
    except InvalidRecordError as exc:
        assert f"event {index} (win" in str(exc), exc
        return 0
    return s.wins[index].value
