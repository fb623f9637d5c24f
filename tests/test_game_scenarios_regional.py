"""Scenarios of the engine playing the regional rule sets (see tests/scenario_helpers.py):
Yunnan's 查叫, Guiyang's 报听 and flip, Huanggang's 赖子 and 海底捞, the two-player game's
reserve and 换牌, 通称's 扣听."""
import pytest

from scenario_helpers import deal, drive, events_of, names, play, rest_of


def test_yunnan_exhausted_wall_draws_the_chajiao_pair():
    """Yunnan 流局: two seats ready (on tiles that never come) and two not; the exhausted
    event carries the random 查叫 draw and settlement pays that one transfer of 1番."""
    hands = {0: "8m5p147s269p36m9s23s7p", 1: "123456789m111p5p", 2: "123456789s222m8m",
             3: "5p8m258s147p369m49s"}
    g = play("yunnan", hands, "", {0: ["discard 7p"]})
    log = g.log()
    ev = events_of(g)
    assert ev[0] == "0 discard 7p" and ev[-1] == "exhausted"
    assert len(ev) == 2 + 2 * 55            # the 55 live tiles drawn and discarded
    pairs = log["events"][-1]["yunnan"]["chajiao_pairs"]
    assert len(pairs) == 1
    payer, payee = pairs[0]
    assert payer in (0, 3) and payee in (1, 2)
    # 1番 x 1 豆 from the drawn payer to the drawn ready seat
    deltas = [0, 0, 0, 0]
    deltas[payer], deltas[payee] = -1, 1
    assert log["result"]["deltas"] == deltas


def test_guiyang_ready_at_the_start_locks_the_hand_and_the_win_flips_a_tile():
    """Guiyang 报听: the dealer declares with its first 14 and may then discard only what
    keeps it ready; later it may only discard the tile it draws (or win on it). After the
    win the next wall tile is turned up (翻牌鸡)."""
    hands = {0: "123456789m23p55p9s", 1: "2468m2468p2468s9p", 2: "3579m3579p3579s",
             3: "2345678s2345m67p"}
    g = deal("guiyang", hands, "1m8p8p4p9m")
    assert "ready" in names(g)
    g.step("ready")
    assert names(g) == ["discard 9s"]           # 123456789m 23p 55p: waits 1p/4p
    drive(g, {0: ["discard 9s", "."]}, stop=lambda g: g._table.n_ev == 9)
    assert g.decider == 0 and names(g) == ["discard 4p", "tsumo"]   # the drawn tile only
    drive(g, {0: ["tsumo"]})
    assert events_of(g) == [
        "0 ready", "0 discard 9s", "1 draw 1m", "1 discard 1m", "2 draw 8p", "2 discard 8p",
        "3 draw 8p", "3 discard 8p", "0 draw 4p", "0 win 4p tsumo", "flip 9m"]
    # 平胡 10 + 报听 50 (清一色's value) = 60 from each other seat (180); the flip 9m
    # makes 1m the 翻牌鸡: the dealer's one 1m (1U = 10) from each of the three (30); nobody
    # holds 幺鸡 1s and the three others show no chicken: 0 +210, the others -70
    assert g.log()["result"]["deltas"] == [210, -70, -70, -70]
