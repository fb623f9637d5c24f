"""Whole hands played by the engine (mahjong.game) with a room's play spec, for the
tests/test_play_*.py end-to-end checks.

Every log must settle (any error fails the test). The room's compiled win check is asked
through the engine's Python fallback (``win_value`` on a WinQuery, the check's answer by
:func:`mahjong.playspec.check_query`), so that a wrapper can check that no refused win
would have been accepted without its flags (an engine flag refusing a good win).
"""
import collections
import dataclasses

import mahjong.game
from mahjong.game import Game
from mahjong.playspec import WIN_FLAGS, WinQuery, check_query


def play_hands(room_module, rules, option_sets, n_hands, monkeypatch):
    """Play ``n_hands`` hands (seeds 0.., greedy and random agents in turn, the option
    sets in turn); return the counts of what happened."""
    flagged = []
    orig = room_module.play_spec

    def checked_spec(options=None):
        spec = orig(options)

        def checked(q):
            v = check_query(spec, q)
            if v == 0:
                plain = {k: x for k, x in q.win.items() if k not in WIN_FLAGS}
                if check_query(spec, WinQuery(q.record, plain, q.counts)) > 0:
                    flagged.append(q.win)
            return v

        return dataclasses.replace(spec, win_check=None, win_value=checked)

    monkeypatch.setattr(room_module, "play_spec", checked_spec)
    monkeypatch.setattr(mahjong.game, "_SPECS", {})
    stats = collections.Counter()
    for k in range(n_hands):
        g = Game(rules, seed=k, options=option_sets[k % len(option_sets)],
                 agents="greedy" if k % 2 == 0 else "random")
        log = g.play()
        stats["settled"] += 1
        wins = [i for i, e in enumerate(log["events"]) if e["type"] == "win"]
        stats["wins"] += len(wins)
        stats["exhausted"] += log["events"][-1]["type"] == "exhausted"
        for i, table_value in zip(wins, log["result"]["win_values"]):
            stats["values checked"] += 1
            stats["values differ"] += table_value != g.settlement.wins[i].value
    stats["refused by a flag alone"] = len(flagged)
    return stats
