"""Luck-matched draws (the measurement of benchmarks/duplicate_matched.py, through the
table's ``set_matched_draws``): every draw after the deal takes the unrevealed tile at a
seeded quantile of those tiles ranked for the drawer. The deal stays the wall's, the deck
stays a legal wall (its log replays and settles as played), the same seed gives the same
game, and each draw is uniform over the unrevealed tiles whatever the ranking.
"""
import math
from collections import Counter

import pytest

import mahjong
from mahjong.errors import MahjongError
from mahjong.game import Game, _table, replay
from mahjong.ruleset import settle

DW = {"duplicate_walls": True}


def _game(rules, seed, key, agents="greedy"):
    g = Game(rules, seed=seed, options=DW, agents=agents, dealer=seed % 4)
    if key:
        g._table.set_matched_draws(key, 1000 + seed)
    return g


def _useful(hand, melds):
    try:
        return set(mahjong.useful_tiles(hand, melds=melds, rules="sichuan"))
    except MahjongError:       # melds of every suit: the hand can never win
        return set()


def _deal(log):
    """Each wall part's dealt tiles (13, the dealer's 14)."""
    n = len(log["wall"])
    return [log["wall"][_table.part_start(n, 4, s):
                        _table.part_start(n, 4, s) + 13 + (s == log["dealer"])]
            for s in range(4)]


@pytest.mark.parametrize("rules", ["guobiao", "sichuan"])
@pytest.mark.parametrize("key", [1, 2, 3, 4])
def test_matched_logs_are_legal_walls_that_replay_and_settle(rules, key):
    moved = 0
    for seed in range(3):
        for agents in ("greedy", "strong", "random"):
            log = _game(rules, seed, key, agents).play()
            plain = _game(rules, seed, 0, agents).play()
            assert sorted(log["wall"]) == sorted(plain["wall"])        # a permutation
            assert _deal(log) == _deal(plain)                           # the wall's deal
            assert replay(log)["events"] == log["events"]
            assert list(settle(log).deltas) == log["result"]["deltas"]
            moved += log["wall"] != plain["wall"]
            again = _game(rules, seed, key, agents).play()
            assert again == log                                         # seeded
    assert moved >= 8          # the draws are the matched ones, not the wall's


def test_refused_without_wall_parts_or_with_an_unknown_key():
    with pytest.raises(MahjongError, match="wall parts"):
        Game("guobiao", seed=1)._table.set_matched_draws(1, 5)
    with pytest.raises(MahjongError, match="key 9"):
        Game("guobiao", seed=1, options=DW)._table.set_matched_draws(9, 5)


def test_each_draw_is_uniform_over_the_unrevealed_tiles():
    """Over every draw of 400 Sichuan hands (key 1 ranks the drawer's useful tiles first):
    how often the tile drawn is useful to the drawer, held by it, or neither, against the
    chance the unrevealed tiles gave each (z within 4), and a chi-square over the tile
    kinds. A table that gave the drawer its best-ranked tile at one draw in 32 (a lean of
    about 2% of the draws to its useful tiles) fails it (z about 5; tried)."""
    full = Counter(t for t in range(27) for _ in range(4))
    obs, exp, var = Counter(), Counter(), Counter()
    kinds_o, kinds_e, kinds_v = Counter(), Counter(), Counter()
    for seed in range(400):
        g = _game("sichuan", seed, 1, None)
        t = g._table
        t.set_external()
        hidden = full - sum((Counter({k: n for k, n in enumerate(t.hand_of(x)) if n})
                             for x in range(4)), Counter())
        while t.phase != _table.PH_OVER:
            n0 = t.n_ev
            t.step(t.choose(t.decider, _table.AGENT_GREEDY))
            for e in range(n0, t.n_ev):
                typ, x, tile = t.table_event(e)[:3]
                if typ != _table.EV_DRAW:
                    continue
                assert e == t.n_ev - 1 and hidden[tile] > 0
                h = list(t.hand_of(x))
                h[tile] -= 1
                useful = _useful(h, t.melds_of(x))
                total = sum(hidden.values())
                for k, n in hidden.items():
                    p = n / total
                    c = "useful" if k in useful else "held" if h[k] else "other"
                    exp[c] += p
                    var[c] += p * (1 - p)
                    kinds_e[k] += p
                    kinds_v[k] += p * (1 - p)
                obs["useful" if tile in useful else "held" if h[tile] else "other"] += 1
                kinds_o[tile] += 1
                hidden[tile] -= 1
    assert sum(obs.values()) > 15000
    for c in ("useful", "held", "other"):
        assert abs(obs[c] - exp[c]) / math.sqrt(var[c]) < 4, (c, obs[c], exp[c])
    chi = sum((kinds_o[k] - kinds_e[k]) ** 2 / kinds_v[k] for k in kinds_e)
    assert chi < 26 + 4 * math.sqrt(2 * 26), chi      # 26 degrees of freedom
