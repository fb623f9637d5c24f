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


HG_HANDS = {0: "7z6z1357m1357p1357s", 1: "123456789m234p5p", 2: "147m258p369s1234z",
            3: "258m369p147s1234z"}


def test_huanggang_indicator_single_kongs_and_the_open_hand_rule():
    """Huanggang: the 赖子皮 3p is turned up after the deal (out of the wall) and makes 4p
    the 赖子; 红中 and 发财 are konged alone, each with a replacement draw; a closed hand
    complete in shape (seat 1, no 开口) is offered no win, and may kong its 赖子 alone."""
    g = deal("huanggang", HG_HANDS, "9p8p5p", indicator="3p")
    assert g.observe().wildcard == 12                        # 4p
    assert {"kong 6z", "kong 7z"} <= set(names(g))
    drive(g, {0: ["kong 7z", "kong 6z"]}, stop=lambda g: g.decider == 1)
    rec = g.record_so_far()
    assert rec["indicator"] == "3p" and len(rec["wall"]) == 135
    assert events_of(rec) == ["0 kong single 7z", "0 draw 9p", "0 kong single 6z",
                              "0 draw 8p", "0 discard 8p", "1 draw 5p"]
    # 123m456m789m234p55p is complete, but closed: no tsumo
    assert "tsumo" not in names(g) and "kong 4p" in names(g)
    assert g.observe(1).wall_remaining == 136 - 53 - 1 - 3


def test_huanggang_last_four_tiles_are_drawn_and_laid_down():
    """海底捞: with four tiles left each seat in turn draws one and, not winning, may only
    lay it down ("pass": a discard event nobody may claim, so seat 1 is not asked about
    the 5p it holds a pair of); then the wall is exhausted with no payment (黄庄)."""
    hands = {0: "7z6z1357m1357p1357s", 1: "123456789m22p55p", 2: "147m268p369s1234z",
             3: "258m369p147s1234z"}
    # 136 - 53 dealt - the 赖子皮 = 82 live tiles, drawn from seat 1 on: the last four
    # (indices 78..81) by seats 3, 0, 1, 2; seat 3's is a 5p
    rest = rest_of("huanggang", *hands.values(), "3p", "5p")
    assert len(rest) == 81
    g = deal("huanggang", hands, "".join(rest[:78] + ["5p"] + rest[78:]), indicator="3p")
    drive(g, {0: ["discard 1m"]}, stop=lambda g: g.observe().wall_remaining == 3 and
          g._table.phase == 2)
    haidi = []
    while not g.over:
        haidi.append((g.decider, names(g)))
        g.step("pass")
    assert haidi == [(3, ["pass"]), (0, ["pass"]), (1, ["pass"]), (2, ["pass"])]
    ev = events_of(g)
    assert ev[-9:-7] == ["3 draw 5p", "3 discard 5p"]
    assert [e.split()[:2] for e in ev[-9:-1]] == [
        [s, k] for s in "3012" for k in ("draw", "discard")]
    assert ev[-1] == "exhausted"
    assert g.log()["result"]["deltas"] == [0, 0, 0, 0]


def test_huanggang_one_winner_on_a_discard():
    """一炮单响: seats 2 and 3 (each opened by a pung) both claim the dealer's 8s; only
    seat 2, the first after the discarder, wins; 大胡 on a discard: all three pay."""
    hands = {0: "1s8s1357m2468p123z9p", 1: "2468m1357p4567z9m", 2: "11s333s666s999s8s5s",
             3: "55s444s777s222s8s1p"}
    g = play("huanggang", hands, "5m", {0: ["discard 1s", "discard 8s"],
                                        2: ["pung", "discard 5s", "ron"],
                                        3: ["pung", "discard 1p", "ron"]}, indicator="3z")
    assert events_of(g) == [
        "0 discard 1s", "2 pung 1s from 0", "2 discard 5s", "3 pung 5s from 2",
        "3 discard 1p", "0 draw 5m", "0 discard 8s", "2 win 8s from 0"]
    assert g.trace[-2:] == [(2, "ron", 7), (3, "ron", 7)]      # seat 3 said ron too
    # seat 2: (111s) 333s 666s 999s 88s, 清一色 10 + 碰碰胡 10 = base 20, the discarder
    # x1.5 = 30; F(2) = 碰 1 + 硬胡 1 = 2; F(0) = F(1) = 0, F(3) = 碰 1 (大胡: no 庄家):
    # 0 pays 30 * 2^2 = 120, 1 pays 20 * 2^2 = 80, 3 pays 20 * 2^3 = 160; 2 gets 360
    assert g.log()["result"]["deltas"] == [-120, -80, 360, -160]


@pytest.mark.parametrize("later", [False, True])
def test_two_player_swap_ready_and_the_reserve_draw(later):
    """Two players: 71 live tiles, the other 65 the reserve (4 shown as 花牌); the dealer
    swaps 7z for the reserve's next tile (换牌), declares ready (any time: at its first
    discard, or a turn later; the ready event follows the discard), and when the live
    tiles run out draws once from the reserve (海底捞月) and wins."""
    from mahjong.game import replay
    hands = {0: "123456789m234p5p7z", 1: "147m258p369s1234z"}
    reserve = ["9s", "9s", "9s", "9p", "6z", "5p"]    # 花牌, the swap's tile, 海底捞月's
    live = [t for t in rest_of("two_player", *hands.values(), "".join(reserve))
            if t != "5p"][:44]                        # 71 - 27 dealt: no 5p among them
    g = deal("two_player", hands, "".join(live + reserve))
    assert "swap 7z" in names(g) and "done" in names(g)
    ready = (["discard 6z", "ready", f"discard {live[1]}"] if later
             else ["ready", "discard 6z"])
    drive(g, {0: ["swap 7z", "done"] + ready, 1: ["done"]},
          stop=lambda g: g._table.n_ev == 91)
    assert names(g) == ["tsumo", "pass"]            # the reserve tile: win or lay it down
    g.step("tsumo")
    log = g.log()
    ev = events_of(g)
    if later:
        assert ev[:6] == ["0 discard 6z", f"1 draw {live[0]}", f"1 discard {live[0]}",
                          f"0 draw {live[1]}", f"0 discard {live[1]}", "0 ready"]
    else:
        assert ev[:2] == ["0 discard 6z", "0 ready"]
    assert ev[-2:] == ["0 draw 5p", "0 win 5p tsumo +last_tile"]
    assert len(ev) == 2 + 2 * 44 + 2                # the 44 live draws, each discarded
    assert len(log["wall"]) == 71 and log["flower_indicators"] == ["9s", "9s", "9s", "9p"]
    assert len(log["reserve"]) == 65 - 4
    assert log["note"]["setup"] == [{"swap": 0, "out": "7z", "in": "6z"}]
    assert replay(log)["events"] == log["events"]
    # 胡牌 1 + 门清 1 + 自摸 1 + 报听 1 + 海底捞月 1 = 5番 (no 花牌 held, 1m/9m: no 断幺),
    # paid by the opponent
    assert log["result"]["deltas"] == [5, -5]


def test_tongcheng_ready_on_the_dealers_first_discard_then_two_winners():
    """通称 扣听: seats 1 and 2 declare ready in the window of the dealer's first discard
    (before its claims); seat 1's hand is then locked (it discards what it draws); the
    dealer's 5p is won by both (一炮多响), each paid by the discarder."""
    hands = {0: DEALER_LOOSE_TC, 1: "12345678911m46p", 2: "222m777p888p99p55p",
             3: "12345678923s88s"}
    g = deal("tongcheng", hands, "6s7s2p2s")
    g.step("discard 9s")
    assert (g.decider, names(g)) == (1, ["pass", "ready"])
    drive(g, {1: ["ready"], 2: ["ready"]}, stop=lambda g: g._table.n_ev == 4)
    assert g.decider == 1 and names(g) == ["discard 6s"]       # locked after 扣听
    drive(g, {0: ["discard 5p"], 1: ["ron"], 2: ["ron"]})
    assert events_of(g) == [
        "0 discard 9s", "1 ready", "2 ready", "1 draw 6s", "1 discard 6s", "2 draw 7s",
        "2 discard 7s", "3 draw 2p", "3 discard 2p", "0 draw 2s", "0 discard 5p",
        "1 win 5p from 0", "2 win 5p from 0"]
    # seat 1: 扣听 25 + 一条龙 8 + 缺门 1 + 缺字 1 = 35 (扣听 replaces 门清);
    # seat 2: 扣听 25 + 三箱次 10 (222m 777p 888p) + 对对胡 7 + 缺门 1 + 缺字 1 = 44;
    # both paid by the dealer: -79
    assert g.log()["result"]["deltas"] == [-79, 35, 44, 0]


DEALER_LOOSE_TC = "1357m1357p135s799s"


def test_guiyang_hot_discard_after_a_kong():
    """Guiyang 热炮: seat 1 makes a 闷豆 (concealed kong), discards its replacement 5p into
    seat 2's win (flag after_kong); the 豆 is void and seat 1 pays its value on top."""
    hands = {0: "1357m1357p1355s99s", 1: "777s123456789m9m", 2: "222m777p888p99p55p",
             3: "3468m2468p2468s9p"}
    g = play("guiyang", hands, "7s5p4s", {0: ["discard 9s"], 1: ["kong 7s", "discard 5p"],
                                          2: ["ron"]})
    assert events_of(g) == ["0 discard 9s", "1 draw 7s", "1 kong concealed 7s", "1 draw 5p",
                            "1 discard 5p", "2 win 5p from 1 +after_kong", "flip 4s"]
    # 大对子 30 from the discarder, + 热炮: the void 闷豆's 60; the flip 4s makes 5s the
    # 翻牌鸡 (nobody holds one); the dealer's 1s is concealed in a hand not ready (ignored)
    assert g.log()["result"]["deltas"] == [0, -90, 90, 0]


def test_guiyang_exhausted_wall_pays_the_ready_seat():
    """Guiyang 黄庄: nobody wins; seat 1 is ready (平胡 on a 5p that never comes), the three
    others are not and each pay it its hand value; no flip, no chickens, no 豆."""
    hands = {0: "147m258p369s147s9m2m", 1: "123456789m1115p", 2: "258m569p258s147s3m",
             3: "369m357p369s258s1m"}
    g = play("guiyang", hands, "", {0: ["discard 2m"]})
    ev = events_of(g)
    assert ev[0] == "0 discard 2m" and ev[-1] == "exhausted"
    assert not any(e.startswith("flip") for e in ev)
    assert len(ev) == 2 + 2 * 55
    result = g.log()["result"]
    # 123m456m789m111p + 5p: 平胡 10 (as a discard win) from each seat not ready
    assert result["deltas"] == [-10, 30, -10, -10]
    # the dealer is not ready: the first ready seat after it deals next
    assert result["next_dealer"] == 1


def test_guiyang_non_dealer_ready_only_on_its_first_draw():
    """Guiyang 报听 is for the start only: seat 1, ready on its first draw, may declare
    then; one turn later it may not."""
    hands = {0: "1357m1357p135s799s", 1: "12345678911m46p", 2: "222m777p888p99p55p",
             3: "3468m2468p2468s9p"}
    g = deal("guiyang", hands, "2s2s3p3s9m")
    g.step("discard 9s")
    assert g.decider == 1 and "ready" in names(g)
    drive(g, {}, stop=lambda g: g._table.n_ev == 10)
    assert events_of(g.record_so_far())[-1] == "1 draw 9m" and g.decider == 1
    assert "ready" not in names(g)


@pytest.mark.parametrize("ready", [True, False])
def test_guiyang_ready_seat_makes_no_pung(ready):
    """Guiyang 报听 lock: the dealer, ready, is not offered a pung of seat 1's 5p although
    it holds 55p; without 报听 it is."""
    hands = {0: "123456789m23p55p9s", 1: "2468m2468p2468s5p", 2: "3579m3579p3579s",
             3: "2345678s2345m67p"}
    g = deal("guiyang", hands, "1m")
    drive(g, {0: ["ready"] * ready + ["discard 9s"], 1: ["discard 5p"]},
          stop=lambda g: g._table.n_ev >= 3 + ready)
    ev = events_of(g.record_so_far())
    if ready:
        # no claim window: seat 2 draws at once
        assert ev[-3:-1] == ["1 draw 1m", "1 discard 5p"] and ev[-1].startswith("2 draw")
        assert 0 not in [s for s, _, n in g.trace if n >= 3]
    else:
        assert ev[-2:] == ["1 draw 1m", "1 discard 5p"]
        assert g.decider == 0 and names(g) == ["pung", "pass"]


def test_tongcheng_single_winner_option():
    """通称 with multi_ron off: of the two claimants of the dealer's 5p only seat 1, the
    first after the discarder, wins."""
    hands = {0: DEALER_LOOSE_TC, 1: "12345678911m46p", 2: "222m777p888p99p55p",
             3: "12345678923s88s"}
    g = play("tongcheng", hands, "6s7s2p2s", {0: ["discard 9s", "discard 5p"],
                                              1: ["ready", "ron"], 2: ["ready", "ron"]},
             options={"multi_ron": False})
    assert events_of(g)[-2:] == ["0 discard 5p", "1 win 5p from 0"]
    assert g.trace[-1] == (2, "ron", 11)              # seat 2 said ron too
    # seat 1's 35 (as above) from the dealer
    assert g.log()["result"]["deltas"] == [-35, 35, 0, 0]
