"""A 天胡 after 换三张: the engine's log deals the hands as they stand after the exchange
(each in order, the dealer's last tile 14th), so the dealer's "drawn" tile, the win tile of
his 天胡, is that 14th tile, and the engine's own log replays and settles. (Seed 15239 was
refused before: the dealer kept his own 14th tile 4m, which the log's wall does not deal
14th.)"""
import json

from mahjong.game import Game
from mahjong.ruleset import settle


def _heavenly(seed):
    game = Game("sichuan", seed=seed, agents="greedy", options={"huan_san_zhang": True})
    log = game.play()
    return log, [e for e in log["events"] if e["type"] == "win" and e.get("heavenly")]


def test_heavenly_win_after_the_exchange_replays():
    log, wins = _heavenly(15239)
    assert len(wins) == 1 and log["note"]["setup"][0]["exchange"] == 0
    dealt_14th = log["wall"][4 * 13]                 # after every seat's 13
    assert wins[0]["win_tile"] == dealt_14th
    played = settle(json.dumps(log, ensure_ascii=False))
    assert list(played.deltas) == log["result"]["deltas"]


def test_exchange_logs_replay():
    for seed in range(40):
        game = Game("sichuan", seed=seed, agents="random", options={"huan_san_zhang": True})
        log = game.play()
        assert list(settle(json.dumps(log)).deltas) == log["result"]["deltas"]
