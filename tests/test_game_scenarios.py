"""Hand-written scenarios of the game engine: Sichuan 血战到底, and the checks every rule set
shares (an illegal action, legal actions never empty). Each scenario stacks the wall so the
deal and the draws are forced, drives the seats from short scripts (tests/scenario_helpers.py)
and checks the exact events and the settlement, worked out by hand from the rules.

Sichuan money (base 1): a win is worth 2^(番 - 1) per payer; the discarder pays a discard
win, every seat not yet won pays a self-draw; 暗杠 takes 2 from each seat not yet won,
面下杠 1 from each, 直杠 1 from the feeder, at once.
"""
import pytest

from mahjong.errors import MahjongError
from mahjong.game import Game

from scenario_helpers import deal, drive, events_of, names, play, rest_of

SC = "sichuan"

# seat 1: 123m456m789m11m + 46p waits on 5p only (平胡 1番)
WAIT_5P_PINHU = "12345678911m46p"
# seat 2: 222m 777p 888p + 99p 55p, waits on 5p or 9p (对对胡 2番)
WAIT_5P_PUNGS = "222m777p888p99p55p"
# seat 3: 123456789s 23s 88s waits on 1s/4s (清一色 3番)
WAIT_14S_PURE = "12345678923s88s"
# the dealer: nothing near a win
DEALER_LOOSE = "1357m1357p135s799s"


def test_two_winners_on_one_discard_then_the_third_ends_the_hand():
    """一炮多响: seats 1 and 2 both win the dealer's 5p; 血战 goes on with seats 3 and 0
    only (the winners neither draw nor are asked), and the third winner ends the hand."""
    hands = {0: DEALER_LOOSE, 1: WAIT_5P_PINHU, 2: WAIT_5P_PUNGS, 3: WAIT_14S_PURE}
    g = play(SC, hands, "6s7s2p2s5p6s4s",
             {0: ["discard 9s", "discard 5p"], 1: ["ron"], 2: ["ron"],
              3: [".", "discard 5p", "tsumo"]})
    assert events_of(g) == [
        "0 discard 9s", "1 draw 6s", "1 discard 6s", "2 draw 7s", "2 discard 7s",
        "3 draw 2p", "3 discard 2p", "0 draw 2s", "0 discard 5p",
        "1 win 5p from 0", "2 win 5p from 0",
        "3 draw 5p", "3 discard 5p", "0 draw 6s", "0 discard 6s", "3 draw 4s",
        "3 win 4s tsumo"]
    won_at = {1: 10, 2: 11}
    assert all(n_ev < won_at.get(seat, 99) for seat, _, n_ev in g.trace)
    # seat 1 平胡 1番 = 1, seat 2 对对胡 2番 = 2, both paid by the discarder 0;
    # seat 3 清一色 3番 = 4 by self-draw, paid by the only seat not yet won (0):
    # 0: -1 - 2 - 4 = -7
    result = g.log()["result"]
    assert result["deltas"] == [-7, 1, 2, 4]
    assert result["win_values"] == [1, 2, 4]


def test_bloody_hand_ends_at_the_exhausted_wall_after_two_wins():
    """血战 after two wins: seats 3 and 0 draw in turn to the last tile (the winners never
    again), then the wall is exhausted and 流局 settles the two left (查花猪)."""
    hands = {0: "3347m13579p46689m", 1: WAIT_5P_PINHU, 2: WAIT_5P_PUNGS,
             3: "147s258s369s146p2p"}
    g = play(SC, hands, "6s7s2s2s",
             {0: ["discard 1p", "discard 5p"], 1: ["ron"], 2: ["ron"]})
    ev = events_of(g)
    assert ev[:11] == [
        "0 discard 1p", "1 draw 6s", "1 discard 6s", "2 draw 7s", "2 discard 7s",
        "3 draw 2s", "3 discard 2s", "0 draw 2s", "0 discard 5p",
        "1 win 5p from 0", "2 win 5p from 0"]
    after = ev[11:-1]
    assert ev[-1] == "exhausted"
    # 108 - 53 dealt = 55 live tiles; 4 were drawn before the wins: 51 are left, drawn by
    # seats 3 and 0 in turn, each drawn tile discarded again
    assert len(after) == 2 * 51
    drawers = [e.split()[0] for e in after[::2]]
    assert drawers == ["3", "0"] * 25 + ["3"]
    assert all(e.split()[1] == "draw" for e in after[::2])
    assert all(e.split()[1] == "discard" for e in after[1::2])
    final = g.log()["final"]
    assert sorted(final) == ["0", "3"]
    assert final["0"]["hand"] == "334466789m379p2s"      # kept the 2s it drew: three suits
    # 1 +1 (平胡) and 2 +2 (对对胡) from 0. 流局 among seats 0 and 3 (neither ready):
    # 查花猪: 0 holds all three suits and pays 16 to the non-花猪 seat 3; no 查大叫 (nobody
    # ready), no kong money to refund. 0: -1 - 2 - 16 = -19
    assert g.log()["result"]["deltas"] == [-19, 1, 2, 16]


def test_kong_money_after_two_wins_comes_from_the_seat_left():
    """血战 after 一炮多响: seat 3 kongs (暗杠) and wins on the replacement; the kong money
    and the self-draw are paid only by seat 0, the one seat not yet won."""
    hands = {0: "1357m1357p135s468m", 1: WAIT_5P_PINHU, 2: WAIT_5P_PUNGS,
             3: "888s23456777s99s"}
    g = play(SC, hands, "1p1p2p2p8s9s", {0: ["discard 1s", "discard 5p"], 1: ["ron"],
                                         2: ["ron"], 3: [".", "kong 8s", "tsumo"]})
    assert events_of(g)[8:] == [
        "0 discard 5p", "1 win 5p from 0", "2 win 5p from 0", "3 draw 8s",
        "3 kong concealed 8s", "3 draw 9s", "3 win 9s tsumo +replacement"]
    # 1 +1, 2 +2 from 0; 暗杠 2 from 0 only; (8888s) 234s 567s 999s 77s: 清一色 3 + 根 1 +
    # 杠上花 1 = 5番 = 16 from 0 only. 0: -1 - 2 - 2 - 16 = -21, 3: +18
    assert g.log()["result"]["deltas"] == [-21, 1, 2, 18]


def test_heavenly_and_earthly_wins():
    """天胡: the dealer's first 14 win (flag heavenly); 地胡: a non-dealer wins the dealer's
    first discard (flag earthly). Both 6番 = 32."""
    g = play(SC, {0: "123456789m11p456p"}, "", {0: ["tsumo"]}, options={"xuezhan": False})
    assert events_of(g) == ["0 win 6p tsumo +heavenly"]
    assert g.log()["result"]["deltas"] == [96, -32, -32, -32]     # 32 from each seat
    g = play(SC, {0: "1357m1357p135s795p", 1: WAIT_5P_PINHU}, "", {0: ["discard 5p"],
             1: ["ron"]}, options={"xuezhan": False})
    assert events_of(g) == ["0 discard 5p", "1 win 5p from 0 +earthly"]
    assert g.log()["result"]["deltas"] == [-32, 32, 0, 0]         # 32 from the discarder


def test_robbing_an_added_kong():
    """抢杠: seat 2 wins the 6s seat 1 adds to its pung; no kong event is written and the
    robbed seat keeps its pung (the robbed tile leaves its hand)."""
    hands = {0: "1357m13572468p6s9m", 1: "123456789m66s89s", 2: "123456789p45s99p",
             3: "2468m1379s258p5s7s"}
    g = play(SC, hands, "5p5m5s6s",
             {0: ["discard 6s"], 1: ["pung", "discard 9s", "kong 6s"], 2: ["pass", "ron"]},
             options={"xuezhan": False})
    assert events_of(g) == [
        "0 discard 6s", "1 pung 6s from 0", "1 discard 9s", "2 draw 5p", "2 discard 5p",
        "3 draw 5m", "3 discard 5m", "0 draw 5s", "0 discard 5s", "1 draw 6s",
        "2 win 6s from 1 +robbing_kong +fourth_tile"]
    log = g.log()
    assert log["final"]["1"] == {"hand": "123456789m8s",
                                 "melds": [{"type": "pung", "tiles": "666s"}]}
    # seat 2: 123p456p789p456s99p 平胡 1番 + 抢杠胡 1番 = 2番 = 2, paid by the robbed seat 1;
    # the void kong earns no 刮风 money
    assert log["result"]["deltas"] == [0, -2, 2, 0]


KONG_HANDS = {0: "1357m1357p1355s99s", 1: "777s123456789m9m", 2: WAIT_5P_PUNGS,
              3: "3468m2468p2468s9p"}


def test_win_on_the_kong_replacement():
    """杠上开花: seat 1 kongs its four 7s and wins on the replacement draw (flag
    replacement); the 暗杠 money is taken at once."""
    g = play(SC, KONG_HANDS, "7s9m", {0: ["discard 1s"], 1: ["kong 7s", "tsumo"]},
             options={"xuezhan": False})
    assert events_of(g) == ["0 discard 1s", "1 draw 7s", "1 kong concealed 7s",
                            "1 draw 9m", "1 win 9m tsumo +replacement"]
    # 123m456m789m99m + (7777s): 平胡 1 + 根 1 + 杠上花 1 = 3番 = 4 from each other seat;
    # 暗杠 (下雨) 2 from each other seat: seat 1 +3*4 +3*2 = +18, the others -6 each
    assert g.log()["result"]["deltas"] == [-6, 18, -6, -6]


def test_win_on_the_discard_after_a_kong():
    """杠上炮: seat 1 kongs, discards its replacement 5p, seat 2 wins it (flag
    after_kong); seat 1 keeps its kong money (呼叫转移 is off)."""
    g = play(SC, KONG_HANDS, "7s5p", {0: ["discard 1s"], 1: ["kong 7s", "discard 5p"],
                                     2: ["ron"]}, options={"xuezhan": False})
    assert events_of(g) == ["0 discard 1s", "1 draw 7s", "1 kong concealed 7s",
                            "1 draw 5p", "1 discard 5p", "2 win 5p from 1 +after_kong"]
    # seat 2: 222m777p888p555p99p 对对胡 2 + 杠上炮 1 = 3番 = 4, paid by seat 1;
    # 暗杠: 2 from each of 0, 2, 3 to seat 1 -> 0: -2, 1: +6 - 4 = +2, 2: -2 + 4 = +2, 3: -2
    assert g.log()["result"]["deltas"] == [-2, 2, 2, -2]


PASS_LOCK_HANDS = {0: DEALER_LOOSE, 1: WAIT_5P_PINHU, 2: "2468s2468p5p39s1p7s",
                   3: "1357s1379p5p289m9s"}
PASS_LOCK_SCRIPTS = {0: ["discard 9s", "discard 5p"], 1: ["pass", "ron"],
                     2: ["discard 5p", "discard 5p"], 3: ["discard 5p"]}


def _asked(g, seat):
    """The events (by count before them) at which ``seat`` decided."""
    return [n for s, _, n in g.trace if s == seat]


def test_declined_discard_win_locks_until_the_next_draw():
    """过水: seat 1 declines seat 2's 5p; it is not asked on the 5p of seats 3 and 0 (no
    draw of its own since), and after its next draw it may win the next 5p."""
    g = play(SC, PASS_LOCK_HANDS, "6s4s8p2s6s5p", PASS_LOCK_SCRIPTS,
             options={"xuezhan": False})
    assert events_of(g) == [
        "0 discard 9s", "1 draw 6s", "1 discard 6s", "2 draw 4s", "2 discard 5p",
        "3 draw 8p", "3 discard 5p", "0 draw 2s", "0 discard 5p",
        "1 draw 6s", "1 discard 6s", "2 draw 5p", "2 discard 5p", "1 win 5p from 2 +fourth_tile"]
    # seat 1 decided: its draw, the pass on 2's 5p (after event 5), its next draw, the win
    assert _asked(g, 1) == [2, 5, 10, 13]
    # 平胡 1番 = 1 from the discarder
    assert g.log()["result"]["deltas"] == [0, 1, -1, 0]


def test_without_pass_lock_the_declined_win_is_offered_again():
    """过水 off: after declining seat 2's 5p, seat 1 is offered seat 3's 5p at once."""
    g = deal(SC, PASS_LOCK_HANDS, "6s4s8p2s6s5p", options={"xuezhan": False,
                                                          "pass_lock": False})
    drive(g, PASS_LOCK_SCRIPTS, stop=lambda g: g._table.n_ev == 7)
    assert events_of(g.record_so_far())[-1] == "3 discard 5p"
    assert g.decider == 1 and names(g) == ["ron", "pass"]


# seat 1 waits on 5p alone (123m456m789m111p + 5p); the other 5p are in hands that never
# discard them; the fourth is placed in the draws
LAST_FOUR_HANDS = {0: "147m258p369s147s9m2m", 1: "123456789m1115p", 2: "258m569p258s147s3m",
                   3: "369m347p369s258s1m"}


def _last_four(index, xuezhan=False):
    """Seat 1's 5p drawn as live tile ``index`` (0 = the first draw after the deal) by
    seat (1 + index) % 4; every other seat discards what it draws."""
    rest = rest_of(SC, *LAST_FOUR_HANDS.values(), "5p")
    assert len(rest) == 54          # 55 live tiles, one of them the 5p
    draws = rest[:index] + ["5p"] + rest[index:]
    g = deal(SC, LAST_FOUR_HANDS, "".join(draws), options={"xuezhan": xuezhan})
    return drive(g, {0: ["discard 2m"]},
                 stop=lambda g: g.decider == 1 and {"tsumo", "ron"} & set(names(g)))


@pytest.mark.parametrize("index, drawer, left, legal", [
    (52, 1, 2, ["tsumo"]),          # seat 1 draws its 5p with 2 tiles left: must win
    (51, 0, 3, ["ron"]),            # seat 0 draws it with 3 left and discards it
    (47, 0, 7, ["ron", "pass"]),    # before the last four the win may be declined
])
def test_last_four_tiles_force_the_win(index, drawer, left, legal):
    """最后四张自动胡: a win possible on one of the last four tiles is the only action."""
    g = _last_four(index)
    last = events_of(g.record_so_far())[-1]
    assert last == (f"1 draw 5p" if drawer == 1 else f"0 discard 5p")
    assert g.observe(1).wall_remaining == left
    assert g.decider == 1 and names(g) == legal
    g.step(legal[0])
    # 123m456m789m111p55p 平胡 1番 = 1: by self-draw from each other seat, else from seat 0
    assert g.log()["result"]["deltas"] == ([-1, 3, -1, -1] if drawer == 1 else [-1, 1, 0, 0])


NO_KONG_HANDS = {0: "147m258p369s147s9m2m", 1: "258m136p258s369s4m", 2: "258m569p258s147s3m",
                 3: "369m777p369s258s1m"}


@pytest.mark.parametrize("index, kong", [(54, False), (50, True)])
def test_no_kong_on_the_last_tile(index, kong):
    """No kong when the wall is empty: seat 3 (777p) draws the fourth 7p as the last
    tile and may not kong it; drawn earlier, it may."""
    rest = rest_of(SC, *NO_KONG_HANDS.values(), "7p")
    g = deal(SC, NO_KONG_HANDS, "".join(rest[:index] + ["7p"] + rest[index:]))
    drive(g, {0: ["discard 2m"]}, stop=lambda g: g.decider == 3 and
          g._table.last_drawn == 15 and g._table.phase == 2)
    assert g.observe(3).wall_remaining == 54 - index
    assert ("kong 7p" in names(g)) == kong


def test_void_suit_is_discarded_first_and_blocks_the_win():
    """定缺: the dealer must discard its void suit (p) first; seats 1 and 2, each holding
    its void suit, are not offered the 5p they wait on; seat 1 then discards only p."""
    hands = {0: DEALER_LOOSE, 1: WAIT_5P_PINHU, 2: WAIT_5P_PUNGS, 3: WAIT_14S_PURE}
    g = deal(SC, hands, "6s", options={"dingque": True, "xuezhan": False})
    assert names(g) == ["void m", "void p", "void s"]
    drive(g, {0: ["void p"], 1: ["void p"], 2: ["void m"], 3: ["void m"]},
          stop=lambda g: g._table.phase == 2)
    assert g.decider == 0 and names(g) == ["discard 1p", "discard 3p", "discard 5p",
                                           "discard 7p"]
    g.step("discard 5p")
    # seat 1 (46p) and seat 2 (222m) hold their void suit: no win; seat 2 may pung (p is
    # not its void suit)
    assert g.decider == 2 and names(g) == ["pung", "pass"]
    g.step("pass")
    assert g.decider == 1 and events_of(g.record_so_far()) == ["0 discard 5p", "1 draw 6s"]
    assert names(g) == ["discard 4p", "discard 6p"]


def test_exchange_three_moves_three_tiles_of_one_suit():
    """换三张: each seat picks three tiles of one suit (a suit it holds three of; then only
    that suit), and all four sets move the same way round; the log deals the new hands."""
    hands = {0: DEALER_LOOSE, 1: WAIT_5P_PINHU, 2: WAIT_5P_PUNGS, 3: WAIT_14S_PURE}
    g = deal(SC, hands, "6s", options={"huan_san_zhang": True, "xuezhan": False})
    before = [g._table.hand_of(s) for s in range(4)]
    # seat 1 holds two p only: its first pick may not be a p
    assert names(g)[0] == "swap 1m"
    picks = {0: ["swap 1m", "swap 3m", "swap 5m"], 1: ["swap 1m", "swap 2m", "swap 3m"],
             2: ["swap 7p", "swap 7p", "swap 7p"], 3: ["swap 1s", "swap 2s", "swap 3s"]}
    g.step("swap 1m")
    assert names(g) == ["swap 3m", "swap 5m", "swap 7m"]     # m only after an m
    for seat in range(4):
        for a in picks[seat][1 if seat == 0 else 0:]:
            g.step(a)
    assert g._table.phase == 2
    from mahjong.tiles import to_tile_ids
    moves = g._table.setup_notes
    shift = moves[0]["to"]
    assert shift in (1, 2, 3)
    for seat, move in enumerate(moves):
        assert move["exchange"] == seat and move["to"] == (seat + shift) % 4
        giver = (seat - shift) % 4
        expect = list(before[seat])
        for a in picks[seat]:
            expect[to_tile_ids(a[5:])[0]] -= 1
        for a in picks[giver]:
            expect[to_tile_ids(a[5:])[0]] += 1
        assert g._table.hand_of(seat) == tuple(expect)


@pytest.mark.parametrize("rules, options", [(SC, {"huan_san_zhang": True}),
                                            ("two_player", None)])
def test_a_callable_agent_plays_the_setup_phases(rules, options):
    """A callable agent is given an Observation in 换三张 and 换牌 too."""
    log = Game(rules, options=options, agents=lambda obs, legal: legal[0]).play()
    assert sum(log["result"]["deltas"]) == 0


@pytest.mark.parametrize("rules, options", [
    (SC, {"dingque": True}), (SC, {"huan_san_zhang": True}), ("guobiao", {"flowers": True}),
    ("yunnan", None), ("guiyang", None), ("huanggang", None), ("two_player", None),
    ("tongcheng", None)])
def test_an_illegal_action_raises_and_changes_nothing(rules, options):
    """An illegal action raises MahjongError naming it; the legal actions and the events
    stay as they were. Checked at every decision of a random hand."""
    import random
    g = Game(rules, seed=3, options=options)
    g._table.set_external()
    rng = random.Random(3)
    from mahjong.game import N_ACTIONS, action_name
    while not g.over:
        legal = names(g)
        assert legal, "a live hand has a legal action"
        before = (legal, g.decider, g._table.events(), g._table.hand_of(g.decider))
        bad = [a for a in range(N_ACTIONS) if action_name(a) not in legal]
        a = rng.choice(bad)
        with pytest.raises(MahjongError, match=f"action {action_name(a)}:"):
            g.step(a)
        after = (names(g), g.decider, g._table.events(), g._table.hand_of(g.decider))
        assert after == before
        g.step(rng.choice(legal))
    with pytest.raises(MahjongError, match="over"):
        g.step(0)


@pytest.mark.parametrize("rules, options", [
    ("two_player", None), (SC, {"huan_san_zhang": True, "dingque": True})])
def test_the_record_so_far_in_a_setup_phase(rules, options):
    """The record so far can be read at every decision, the setup phases included."""
    g = Game(rules, seed=3, options=options)
    g._table.set_external()
    while g._table.phase != 2:
        g.record_so_far()
        g.step(names(g)[0])
    assert g.record_so_far()["events"] == []
