"""``mahjong.game.Match``: Guobiao's 16 hands (seats and winds per hand as
``mahjong.guobiao.hand_info`` gives them, the seat swap before the West round, the scores
equal to the Guobiao match table's); other rule sets: the next dealer is the settlement's
``next_dealer``; cumulative scores are the sums of the deltas per player."""
import json

import pytest

from game_configs import CONFIG_IDS, CONFIGS, spec_or_skip
from mahjong.errors import MahjongError
from mahjong.game import Game, GreedyAgent, Match
from mahjong.ruleset import settle

try:
    from mahjong.guobiao import hand_info
except ImportError:  # pragma: no cover - the Guobiao room always has it here
    hand_info = None


def player_totals(match):
    totals = [0] * match.seats
    for log in match.logs:
        at = log["note"]["match"]["players"]
        for seat, d in enumerate(log["result"]["deltas"]):
            totals[at[seat]] += d
    return totals


@pytest.mark.parametrize("options", [None, {"flowers": True}], ids=["plain", "flowers"])
@pytest.mark.parametrize("seed", [0, 7])
def test_guobiao_sixteen_hands(seed, options):
    spec_or_skip("guobiao", options)
    m = Match("guobiao", seed=seed, options=options, agents="greedy,random,greedy,random")
    logs = m.play()
    assert len(logs) == 16 and m.hands == 16
    for h, log in enumerate(logs):
        at = log["note"]["match"]["players"]
        assert log["note"]["match"]["hand"] == h
        assert sorted(at) == [0, 1, 2, 3]
        # the seat swap before the West round: positions 0/1 and 2/3 hold swapped players
        assert at == ([1, 0, 3, 2] if h >= 8 else [0, 1, 2, 3])
        assert log["round_wind"] == h // 4           # 4 hands per round, no dealer repeat
        assert log["dealer"] == h % 4
        if hand_info is not None:
            info = hand_info(h + 1)
            assert log["round_wind"] == info.round_wind
            assert at[log["dealer"]] == info.dealer
            for seat in range(4):
                assert (seat - log["dealer"]) % 4 == info.seat_winds[at[seat]]
        # the scores after the hand
        partial = [0] * 4
        for earlier in logs[:h + 1]:
            pat = earlier["note"]["match"]["players"]
            for seat, d in enumerate(earlier["result"]["deltas"]):
                partial[pat[seat]] += d
        assert log["note"]["match"]["scores"] == partial
    assert m.scores == player_totals(m)
    assert sum(m.scores) == 0
    # the players keep their agents when they change seats: replay hand 9 as a lone Game
    log = logs[9]
    at = log["note"]["match"]["players"]
    kinds = ["greedy", "random", "greedy", "random"]
    again = Game("guobiao", seed=[seed, 9], options=options,
                 agents=[kinds[at[s]] for s in range(4)], dealer=log["dealer"],
                 round_wind=log["round_wind"]).play()
    assert again["events"] == log["events"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_guobiao_scores_equal_the_match_table(seed):
    """The Guobiao room's own match table, fed each hand's winner, discarder and fans by
    seat wind, gives the same scores per player."""
    spec_or_skip("guobiao")
    from mahjong.guobiao.settlement import Match as GuobiaoMatch
    m = Match("guobiao", seed=seed, agents="greedy")
    m.play()
    records = []
    for log in m.logs:
        wins = [e for e in log["events"] if e["type"] == "win"]
        if not wins:
            records.append({"draw": True})
            continue
        (win,) = wins
        wind = (win["seat"] - log["dealer"]) % 4
        rec = {"winner": wind, "fans": log["result"]["win_values"][0],
               "flowers": win.get("flowers", 0)}
        if win["from"] is not None:
            rec["discarder"] = (win["from"] - log["dealer"]) % 4
        records.append(rec)
    assert any("winner" in r for r in records)
    assert list(GuobiaoMatch.from_records(records).scores) == m.scores


MATCH_CONFIGS = [(c, i) for c, i in zip(CONFIGS, CONFIG_IDS) if c[0] != "guobiao"]


@pytest.mark.parametrize("config", [c for c, _ in MATCH_CONFIGS],
                         ids=[i for _, i in MATCH_CONFIGS])
def test_dealers_follow_the_settlement(config):
    rules, options = config
    spec = spec_or_skip(rules, options)
    for seed in range(3):
        m = Match(rules, seed=seed, options=options, agents="greedy", hands=6)
        logs = m.play()
        assert len(logs) == 6
        assert logs[0]["dealer"] == m.dealer
        for h, log in enumerate(logs):
            assert log["note"]["match"]["players"] == list(range(spec.seats))
            assert 0 <= log["dealer"] < spec.seats
            if h + 1 < len(logs):
                nxt = log["result"]["next_dealer"]
                if nxt is not None:        # None: the rule set leaves it to the dice
                    assert logs[h + 1]["dealer"] == nxt, (seed, h)
            assert log["result"]["deltas"] == list(settle(json.loads(json.dumps(log))).deltas)
        assert m.scores == player_totals(m)
        assert sum(m.scores) == 0
        # the same seed plays the same match
        again = Match(rules, seed=seed, options=options, agents="greedy", hands=6)
        assert json.dumps(again.play()) == json.dumps(logs)


def test_match_arguments():
    spec_or_skip("guobiao")
    with pytest.raises(MahjongError, match="hands"):
        Match("guobiao", hands=0)
    with pytest.raises(MahjongError, match="agents"):
        Match("guobiao", agents="greedy,random")
    m = Match("guobiao", agents=[lambda o, l: GreedyAgent()(o, l)] * 4, hands=2)
    assert len(m.play()) == 2
    assert Match("tongcheng", dealer=2, hands=1).dealer == 2
    with pytest.raises(MahjongError, match="dealer"):
        Match("tongcheng", dealer=9, hands=1).play()
