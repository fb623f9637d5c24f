"""Luck-matched draws: is a duplicate match with them narrower than random seating?
(docs/ENGINE.md, the estimators tried). Seeded: the same table on every run.

    PYTHONPATH=. python benchmarks/duplicate_matched.py [--walls 500] [--seed 2026]
        [--rules guobiao,sichuan] [--keys 1,2,3,4] [--pairs strong,greedy~10%,random,greedy]
        [--formats rotate,challenger] [--check HANDS] [--corr WALLS]

Every seating of a wall is dealt the wall's hands; every later draw of seat s (its k-th)
takes the unrevealed tile (of every wall part) at quantile u[s][k] of those tiles ranked
for the drawer by a key of that game's state, u[s][k] seeded by (seed, wall, seat, k) and
the same in every seating (``mahjong.game.duplicate.play(..., draws="matched:K")``). Keys:
1, the drawer's missing tiles after the draw; 2, then the unseen tiles that would lower
them after its best discard; 3, then the other seats whose standing hand the tile completes
(danger); 4, the strong agent's worth of the hand after its best discard (a self-drawn win
first, by the room's value). The control is ordinary random seating (plain uniform decks)
with as many hands. Each cell: the difference A - B per hand ± the half-width of its 95%
interval (how much narrower than the control at as many hands).

``--check HANDS``: unbiasedness, greedy x4 with matched draws (key 1) against plain decks,
HANDS hands each: mean points per seat, win, self-draw and exhaustive-draw rates, hand
length; and a chi-square of the tiles drawn against the unrevealed tiles at each draw
(by tile kind, and by whether the tile lowers the drawer's shanten / the drawer holds a
copy / a neighbour within 2 / none).

``--corr WALLS``: the correlation of the points of seats 0 and 2 between the two rotations
of strong (or greedy~10%),greedy: the rotation's difference per wall is the first minus
the second, so its half-width is the control's times sqrt(1 - correlation).
"""
import argparse
import math

from duplicate_width import EpsilonGreedy, half

import mahjong.game
from mahjong.game import _table
from mahjong.game.duplicate import play as _play

OPTIONS = {"duplicate_walls": True}
KEYS = {"same": 0, "matched": 1, "matched:1": 1, "matched:2": 2, "matched:3": 3, "matched:4": 4}
MATCH_WORD = 0x4D415443      # the quantile streams of wall w: seed_state([seed, w, this])
_Game = mahjong.game.Game


class MatchedGame(_Game):
    """A Game whose draws after the deal are luck-matched with ``key`` (class attribute,
    0: the wall's own draws); the streams are seeded by the game's seed [S, w], so every
    seating of a wall shares them."""
    key = 0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.key:
            state = _table.seed_state(list(self.seed) + [MATCH_WORD], 1)[0]
            self._table.set_matched_draws(self.key, state)


def play(*args, draws="same", **kwargs):
    """mahjong.game.duplicate.play with matched draws (one process: its Game is ours)."""
    MatchedGame.key = KEYS[draws]
    mahjong.game.Game = MatchedGame
    try:
        return _play(*args, **kwargs)
    finally:
        mahjong.game.Game = _Game
        MatchedGame.key = 0


def game(rules, seed, w, agents, draws):
    """Wall w's game with these agents, as a duplicate match plays it."""
    MatchedGame.key = KEYS[draws]
    try:
        return MatchedGame(rules, seed=[seed, w], options=OPTIONS, agents=agents,
                           dealer=w % len(agents))
    finally:
        MatchedGame.key = 0


def corr(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else float("nan")


def seat_corr(rules, a, walls, seed, draws):
    """The correlation, over walls, of the points of seats 0 and 2 in the two rotations of
    A,B,A,B (A there in the first, B in the second). The rotation's difference per wall
    is (first - second) + skill; 2x narrower than random seating needs it near 0.75."""
    xs, ys = [], []
    for w in range(walls):
        d0 = game(rules, seed, w, [a, "greedy", a, "greedy"], draws).play()["result"]["deltas"]
        d1 = game(rules, seed, w, ["greedy", a, "greedy", a], draws).play()["result"]["deltas"]
        xs.append(d0[0] + d0[2])
        ys.append(d1[0] + d1[2])
    return corr(xs, ys)


def pairs_of(names):
    out = []
    for n in names.split(","):
        out.append(EpsilonGreedy(0.1) if n == "greedy~10%" else n)
    return out


def _tiles(rules):
    from mahjong.game import _tile_set, play_spec
    from collections import Counter
    return Counter(_tile_set(play_spec(rules, OPTIONS)))


def _useful(hand, melds, rules):
    """The kinds whose draw lowers the hand's shanten (none for a hand that can never win,
    e.g. melds of every suit in Sichuan)."""
    import mahjong
    from mahjong.errors import MahjongError
    try:
        return set(mahjong.useful_tiles(hand, melds=melds, rules=rules))
    except MahjongError:
        return set()


def check_hands(rules, hands, seed, draws):
    """greedy x4, hands hands: per-hand facts and, per draw, the tile drawn with the
    chances the unrevealed tiles gave each kind and each relation to the drawer's hand."""
    from collections import Counter
    full = _tiles(rules)
    seats = 4
    facts = []           # (points by seat from the dealer, won, self-drawn, exhausted, events)
    kinds_o, kinds_e, kinds_v = Counter(), Counter(), Counter()
    rel = {c: [0, 0.0, 0.0] for c in ("useful", "held", "near", "other")}
    for i in range(hands):
        g = game(rules, seed, i, ["greedy"] * seats, draws)
        t = g._table
        t.set_external()
        hidden = full.copy()
        for x in range(seats):
            for k, n in enumerate(t.hand_of(x)):
                hidden[k] -= n
        while t.phase != _table.PH_OVER:
            seat = t.decider
            n0 = t.n_ev
            t.step(t.choose(seat, _table.AGENT_GREEDY))
            for e in range(n0, t.n_ev):
                typ, x, tile = t.table_event(e)[:3]
                if typ != _table.EV_DRAW:
                    continue
                if e == t.n_ev - 1:       # the drawer's hand before it: now, less the tile
                    h = list(t.hand_of(x))
                    h[tile] -= 1
                    total = sum(hidden.values())
                    useful = _useful(h, t.melds_of(x), rules)
                    for k, n in hidden.items():
                        if n <= 0:
                            continue
                        p = n / total
                        kinds_e[k] += p
                        kinds_v[k] += p * (1 - p)
                        c = ("useful" if k in useful else "held" if h[k] else
                             "near" if k < 27 and any(h[j] for j in range(k - 2, k + 3)
                                                      if 0 <= j < 27 and j // 9 == k // 9)
                             else "other")
                        rel[c][1] += p
                        rel[c][2] += p * (1 - p)
                    kinds_o[tile] += 1
                    c = ("useful" if tile in useful else "held" if h[tile] else
                         "near" if tile < 27 and any(h[j] for j in range(tile - 2, tile + 3)
                                                     if 0 <= j < 27 and j // 9 == tile // 9)
                         else "other")
                    rel[c][0] += 1
                hidden[tile] -= 1
        log = g.log()
        d = log["result"]["deltas"]
        wins = [e for e in log["events"] if e["type"] == "win"]
        facts.append(([d[(t.dealer + k) % seats] for k in range(seats)], bool(wins),
                      any("from" not in e or e.get("from") is None for e in wins),
                      not wins, len(log["events"])))
    return facts, (kinds_o, kinds_e, kinds_v), rel


def mean_se(xs):
    n = len(xs)
    m = sum(xs) / n
    v = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(v / n)


def check(args):
    """Unbiasedness: greedy x4 with matched draws (key 1) against plain decks."""
    for rules in args.rules.split(","):
        got = {d: check_hands(rules, args.check, args.seed + 1, d) for d in ("same", "matched")}
        print(f"\n{rules}, greedy x4, {args.check} hands each (seed {args.seed + 1})\n")
        print("| quantity | plain decks | matched draws | z |")
        print("|---|---|---|---|")
        rows = [(f"points, seat {k} from the dealer", lambda f, k=k: f[0][k]) for k in range(4)]
        rows += [("hands won", lambda f: f[1]), ("hands won by a self-draw", lambda f: f[2]),
                 ("hands drawn (wall exhausted)", lambda f: f[3]),
                 ("events per hand", lambda f: f[4])]
        for name, fn in rows:
            (m0, s0), (m1, s1) = (mean_se([fn(f) for f in got[d][0]]) for d in ("same", "matched"))
            z = (m1 - m0) / math.sqrt(s0 ** 2 + s1 ** 2) if s0 or s1 else 0.0
            print(f"| {name} | {m0:.3f} ± {1.96 * s0:.3f} | {m1:.3f} ± {1.96 * s1:.3f} | {z:+.2f} |")
        print("\n| draws | drawn tile | observed | expected | z |")
        print("|---|---|---|---|---|")
        for d in ("same", "matched"):
            (ko, ke, kv), rel = got[d][1], got[d][2]
            chi = sum((ko[k] - ke[k]) ** 2 / kv[k] for k in ke if kv[k])
            n = sum(ko.values())
            print(f"| {d} | by kind: {len(ke)} kinds, {n} draws | chi-square {chi:.1f} | "
                  f"df {len(ke) - 1} | |")
            for c, (o, e, v) in rel.items():
                print(f"| {d} | {c} | {o} | {e:.1f} | {(o - e) / math.sqrt(v):+.2f} |")


def width_table(args):
    """Per rule set, pair and format: the control's half-width (random seating, plain
    decks, at the same-wall duplicate's distinct hands), then per draw scheme the
    duplicate's half-width and how much narrower than the control at as many hands."""
    w, seed = args.walls, args.seed
    keys = ["same"] + [f"matched:{k}" for k in args.keys.split(",")]
    print("| rule set | A vs B | format | hands | random seating | same wall | "
          + " | ".join(f"matched, key {k[8:]}" for k in keys[1:]) + " |")
    print("|---|---|---|---|---|---" + "|---" * (len(keys) - 1) + "|")
    for rules in args.rules.split(","):
        for a in pairs_of(args.pairs):
            name = a if isinstance(a, str) else a.name
            for fmt in args.formats.split(","):
                row, first = [], None
                for key in keys:
                    dup = play(rules, [a, "greedy"], w, seed=seed, seatings=fmt, draws=key)
                    if fmt == "rotate":
                        c = _play(rules, [a, "greedy"], dup.hands, seed=seed,
                                  seatings="random").to_dict()["difference"]
                        ctl = half(c["ci95"])
                    else:
                        x = _play(rules, [a, "greedy", "greedy", "greedy"], dup.hands,
                                  seed=seed, seatings="random").to_dict()["agents"][0]
                        ctl = 4 / 3 * half(x["ci95"])
                    first = first or (dup.hands, ctl)
                    h = half(dup.to_dict()["difference"]["ci95"])
                    row.append(f"{dup.to_dict()['difference']['mean']:+.2f} ± {h:.2f} ("
                               + ("exact" if h == 0 else f"{ctl / h:.2f}x") + ")")
                print(f"| {rules} | {name} vs greedy | {fmt} | {first[0]} | ± {first[1]:.2f} | "
                      + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--walls", type=int, default=500)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rules", default="guobiao,sichuan")
    ap.add_argument("--keys", default="1,2,3,4")
    ap.add_argument("--pairs", default="strong,greedy~10%,random,greedy")
    ap.add_argument("--formats", default="rotate,challenger")
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--corr", type=int, default=0)
    args = ap.parse_args()
    if args.check:
        check(args)
    elif args.corr:
        for rules in args.rules.split(","):
            for a in pairs_of(args.pairs):
                for key in ["same"] + [f"matched:{k}" for k in args.keys.split(",")]:
                    print(rules, getattr(a, "name", a), key,
                          f"{seat_corr(rules, a, args.corr, args.seed, key):+.3f}", flush=True)
    else:
        width_table(args)
