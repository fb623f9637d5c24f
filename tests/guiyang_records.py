"""Random valid Guiyang records (JSON dicts) for the property tests and the benchmark.

A record is built like a short game log: maybe a 报听 at the start, maybe the first 1s
discarded (and maybe claimed), some kongs, then a win (self-draw, discard, 热炮, 抢杠 or
several winners on one discard) or an exhausted wall, the tile turned up after a win, and
the closing hands of the players who did not win (some ready, most not). Tiles come from one
pool, so no tile is held five times.
"""
import random

from mahjong.guiyang import Rules, tenpai_value
from mahjong.guiyang.scoring import meld_bytes, readings
from mahjong.guiyang import _kernel
from mahjong.hand import Meld
from mahjong.tiles import format_tiles

YAOJI = 18


def _name(t):
    return format_tiles([t])


class _Pool:
    def __init__(self, rng):
        self.rng = rng
        self.left = [4] * 27

    def take(self, t, n=1):
        if self.left[t] < n:
            return False
        self.left[t] -= n
        return True

    def any_tile(self, suits=None):
        cands = [t for t in range(27) if self.left[t] and (suits is None or t // 9 in suits)]
        if not cands:
            cands = [t for t in range(27) if self.left[t]]
        return self.rng.choice(cands)

    def quad(self, suits):
        # 1s and 8p are claimed only after their listed discard (冲锋鸡 candidates)
        cands = [t for t in range(27) if self.left[t] == 4 and t // 9 in suits
                 and t not in (YAOJI, 16)]
        return self.rng.choice(cands) if cands else None


def _sets(pool, rng, suits, n_sets):
    """A pair and n_sets sets (runs or pungs) from the pool, or None."""
    trial = list(pool.left)
    kinds = [9 * s + r for s in suits for r in range(9)]
    tiles = []
    for _ in range(60):
        t = rng.choice(kinds)
        if trial[t] >= 2:
            trial[t] -= 2
            tiles += [t, t]
            break
    else:
        return None
    while n_sets:
        for _ in range(60):
            t = rng.choice(kinds)
            if rng.random() < 0.6 and t % 9 <= 6 and all(trial[t + k] for k in range(3)):
                for k in range(3):
                    trial[t + k] -= 1
                tiles += [t, t + 1, t + 2]
                break
            if trial[t] >= 3:
                trial[t] -= 3
                tiles += [t] * 3
                break
        else:
            return None
        n_sets -= 1
    pool.left[:] = trial
    return sorted(tiles)


def _meld_json(kind, t):
    return {"type": kind, "tiles": format_tiles([t] * (3 if kind == "pung" else 4))}


def build_record(seed, options=None, exhausted=None, ready_rate=0.35):
    """A random valid Guiyang record (a JSON-ready dict); ``ready_rate``: the chance that a
    player who did not win is dealt a ready closing hand."""
    rng = random.Random(seed)
    while True:
        rec = _try_record(rng, options, exhausted, ready_rate)
        if rec is not None:
            return rec


def _try_record(rng, options, exhausted, ready_rate):
    pool = _Pool(rng)
    dealer = rng.randrange(4)
    suits = {s: rng.sample(range(3), rng.choice((1, 2, 2, 3))) for s in range(4)}
    melds = {s: [] for s in range(4)}     # seat -> [(kind, tile)]
    events = []
    ready = set()
    if ready_rate and rng.random() < 0.15:
        s = rng.randrange(4)
        ready.add(s)
        events.append({"type": "ready", "seat": s})
    if rng.random() < 0.5:
        d = rng.choice([s for s in range(4) if s not in ready] or [0])
        if pool.take(YAOJI):
            events.append({"type": "discard", "seat": d, "tile": "1s"})
            claimers = [s for s in range(4) if s != d and s not in ready]
            if rng.random() < 0.3 and claimers and pool.take(YAOJI, 2):
                c = rng.choice(claimers)
                events.append({"type": "pung", "seat": c, "tiles": "111s", "from": d})
                melds[c].append(("pung", YAOJI))
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        s = rng.choice([x for x in range(4) if x not in ready] or [0])
        if s in ready or len(melds[s]) >= 3:
            continue
        t = pool.quad(suits[s])
        if t is None:
            continue
        pool.take(t, 4)
        kind = rng.choice(("concealed", "exposed", "added", "pung"))
        if kind == "pung":
            pool.left[t] = 1
            src = rng.choice([x for x in range(4) if x != s])
            events.append({"type": "pung", "seat": s, "tiles": format_tiles([t] * 3),
                           "from": src})
            melds[s].append(("pung", t))
            continue
        ev = {"type": "kong", "seat": s, "kind": kind, "tile": _name(t)}
        if kind == "exposed":
            ev["from"] = rng.choice([x for x in range(4) if x != s])
        if kind == "added":
            events.append({"type": "pung", "seat": s, "tiles": format_tiles([t] * 3),
                           "from": rng.choice([x for x in range(4) if x != s])})
        events.append(ev)
        melds[s].append(("concealed_kong" if kind == "concealed" else "kong", t))
    rules = Rules.from_mapping(options)
    winners = []
    if not (exhausted if exhausted is not None else rng.random() < 0.3):
        first = rng.randrange(4)
        n_win = 2 if rng.random() < 0.1 else 1
        for k in range(n_win):
            s = (first + k) % 4
            tiles = _sets(pool, rng, suits[s], 4 - len(melds[s]))
            if tiles is None:
                continue
            winners.append((s, tiles))
        if winners:
            src = None if len(winners) == 1 and rng.random() < 0.5 else \
                rng.choice([x for x in range(4) if x not in {w for w, _ in winners}])
            win_tile = rng.choice(winners[0][1])
            if len(winners) > 1:
                # one discard, several winners: each holds the same winning tile
                winners = [(s, t) for s, t in winners if win_tile in t][:1] + \
                    [(s, t) for s, t in winners[1:] if win_tile in t]
            for s, tiles in winners:
                ms = tuple(Meld(kind, [t] * (3 if kind == "pung" else 4))
                           for kind, t in melds[s])
                pattern, _ = _kernel.best_reading(tuple(tiles), meld_bytes(ms), win_tile,
                                                  rules.pattern_values)
                plain = pattern == 0 and not any(m.is_kong for m in ms)
                if src is not None and plain and s not in ready and src not in ready:
                    return None   # a 平胡 without a 豆 licence cannot win on a discard
                events.append({"type": "win", "seat": s, "hand": format_tiles(tiles),
                               "win_tile": _name(win_tile), "from": src,
                               "melds": [_meld_json(k, t) for k, t in melds[s]]})
            if rng.random() < 0.8:
                events.append({"type": "flip", "tile": _name(pool.any_tile())})
    if not winners:
        events.append({"type": "exhausted"})
    won = {s for s, _ in winners}
    final = {}
    for s in range(4):
        if s in won:
            continue
        n = 13 - 3 * len(melds[s])
        hand = None
        if s in ready or rng.random() < ready_rate:
            full = _sets(pool, rng, suits[s], 4 - len(melds[s]))
            if full is not None:
                out = rng.choice(full)
                full.remove(out)
                pool.left[out] += 1
                hand = full
        if hand is None:
            hand = []
            while len(hand) < n:
                t = pool.any_tile(suits[s] if rng.random() < 0.8 else None)
                pool.take(t)
                hand.append(t)
        final[str(s)] = {"hand": format_tiles(sorted(hand)),
                         "melds": [_meld_json(k, t) for k, t in melds[s]]}
    for s in ready:
        fh = final.get(str(s))
        if fh is not None and not is_ready(fh):
            return None   # a 报听 player stays ready
    rec = {"rules": "guiyang", "dealer": dealer, "events": events, "final": final}
    if options:
        rec["options"] = options
    return rec


def is_ready(fh):
    return tenpai_value(fh["hand"], [(m["type"], m["tiles"]) for m in fh["melds"]]) is not None


__all__ = ["build_record", "is_ready", "readings"]
