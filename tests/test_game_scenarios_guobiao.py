"""Scenarios of the engine playing Guobiao (see tests/scenario_helpers.py): the 8-fan
minimum, 截和, chow by the next seat only, 胡 > 碰 > 吃, flowers.

Guobiao money: F = the winner's fans with flowers; a discard win takes 8 + F from the
discarder and 8 from each other seat; a self-draw 8 + F from each seat.
"""
import pytest

from mahjong.game import Game, replay, stack_wall

from scenario_helpers import deal, drive, events_of, names, play

GB = "guobiao"

# 123m456m789m123p + 5s (单钓): 清龙 16 + 平和 2 + 单钓将 1 + 喜相逢 1, and 门前清 2 on a
# discard (22 fans) or 不求人 4 on a self-draw (24 fans)
DRAGON_5S = "123456789m123p5s"
# 123m567m345p678s + 2s wins in shape but below 8 fans (either way)
SMALL_2S = "123m567m345p678s2s"


def test_a_win_below_eight_fans_is_never_offered():
    """8番起胡: seat 1's hand is complete with 2s, but below 8 fans: no ron window on the
    dealer's 2s, and no tsumo when it draws the next 2s."""
    hands = {0: "2s1479m147p258s167z", 1: SMALL_2S, 2: "1479m258p369s123z",
             3: "258m369p147s1567z"}
    g = deal(GB, hands, "2s")
    drive(g, {0: ["discard 2s"]}, stop=lambda g: g._table.n_ev == 2)
    assert events_of(g.record_so_far()) == ["0 discard 2s", "1 draw 2s"]
    assert [s for s, _, _ in g.trace] == [0]        # nobody was asked on the 2s
    assert g.decider == 1
    assert "tsumo" not in names(g) and names(g)[0].startswith("discard")


def test_only_the_first_claimant_after_the_discarder_wins():
    """截和: seats 3 and 0 both claim seat 1's 5s; seat 3 is first in play order after
    seat 1 and wins alone."""
    hands = {0: DRAGON_5S + "7z", 1: "5s1479m258p369s14z", 2: "1479m258p369s256z",
             3: DRAGON_5S}
    g = play(GB, hands, "5z", {0: ["discard 7z", "ron"], 1: ["discard 5s"], 3: ["ron"]})
    assert events_of(g) == ["0 discard 7z", "1 draw 5z", "1 discard 5s", "3 win 5s from 1"]
    assert (0, "ron", 3) in g.trace                 # seat 0 said ron too
    # F = 22: seat 3 +(24 + 22) = 46, the discarder 1 -(8 + 22) = -30, seats 0 and 2 -8
    assert g.log()["result"]["deltas"] == [-8, -30, -8, 46]


@pytest.mark.parametrize("seat2, winner_event", [
    ("pung", "2 pung 5m from 0"), ("pass", "1 chow 456m from 0")])
def test_pung_beats_chow_and_chow_is_for_the_next_seat(seat2, winner_event):
    """吃 only by the discarder's next seat; 碰 > 吃: seat 1's chow is carried out only
    when seat 2 does not pung."""
    # seat 1 may chow 5m (46m); seat 2 may pung it (55m) but not chow (34m: not the
    # next seat); seat 3 may not chow it either (67m)
    hands = {0: "5m1199p1199s11223z", 1: "46m19m258p258s135z", 2: "3455m147p147s346z",
             3: "67m369p369s12357z"}
    g = deal(GB, hands, "")
    g.step("discard 5m")
    assert (g.decider, names(g)) == (1, ["chow_mid", "pass"])
    g.step("chow_mid")
    assert (g.decider, names(g)) == (2, ["pung", "pass"])
    g.step(seat2)
    # seat 3 holds 67m: not asked (a chow is the next seat's only)
    assert events_of(g.record_so_far()) == ["0 discard 5m", winner_event]
    taker = int(winner_event[0])
    assert g.decider == taker and all(n.startswith("discard") for n in names(g))


def test_a_win_beats_a_pung_claim():
    """胡 > 碰: seat 2 (asked first) pungs seat 1's 5s, seat 3 wins it: no pung is made."""
    hands = {0: "1479m258p369s1234z", 1: "5s1479m258p369s56z", 2: "55s236m147p147s67z",
             3: DRAGON_5S}
    g = deal(GB, hands, "9p")
    drive(g, {0: ["discard 4z"], 1: ["discard 5s"]}, stop=lambda g: g._table.n_ev == 3)
    assert (g.decider, names(g)) == (2, ["pung", "pass"])
    drive(g, {2: ["pung"], 3: ["ron"]})
    assert events_of(g) == ["0 discard 4z", "1 draw 9p", "1 discard 5s", "3 win 5s from 1"]
    # F = 22 as above: 3 +46, the discarder 1 -30, seats 0 and 2 -8
    assert g.log()["result"]["deltas"] == [-8, -30, -8, 46]


def test_no_pass_lock():
    """No 过水 in Guobiao: seat 3 declines seat 1's 5s and wins seat 2's 5s right after."""
    hands = {0: "1479m258p369s1234z", 1: "5s1479m258p369s56z", 2: "55s236m147p147s67z",
             3: DRAGON_5S}
    g = play(GB, hands, "9p9p", {0: ["discard 4z"], 1: ["discard 5s"], 2: ["discard 5s"],
                                 3: ["pass", "ron"]})
    assert events_of(g) == ["0 discard 4z", "1 draw 9p", "1 discard 5s", "2 draw 9p",
                            "2 discard 5s", "3 win 5s from 2"]
    # F = 22: 3 +46, the discarder 2 -30, seats 0 and 1 -8
    assert g.log()["result"]["deltas"] == [-8, -8, -30, 46]


def test_flowers_are_set_aside_replaced_and_counted():
    """Flowers: seat 1 is dealt one and draws two, sets them aside (no event; the note
    keeps where they were) and takes the next tile each time; its win on the 5s shows 3
    flowers, 3 fans more."""
    opts = {"flowers": True}
    hands = {0: DRAGON_5S + "7z", 1: DRAGON_5S, 2: "1479m258p369s256z",
             3: "258m369p147s1234z"}
    wall = stack_wall(GB, hands, "5s", options=opts)
    flowers = [t for t in wall if t >= 34]
    wall = [t for t in wall if t < 34]
    wall[53:53] = flowers[1:3]         # seat 1's first draw: two flowers, then the 5s
    wall[13:13] = flowers[:1]          # the first tile dealt to seat 1
    wall += flowers[3:]
    g = Game(GB, options=opts, wall=wall)
    g._table.set_external()
    drive(g, {0: ["discard 7z"], 1: ["tsumo"]})
    log = g.log()
    assert events_of(g) == ["0 discard 7z", "1 draw 5s", "1 win 5s tsumo"]
    assert log["events"][-1]["flowers"] == 3
    assert log["final"]["2"]["hand"] == "1479m258p369s256z"    # the deal is not shifted
    assert log["note"]["flower_positions"][:3] == [13, 54, 55]
    assert len(log["wall"]) == 136
    # 24 fans by self-draw + 3 flowers = F 27: +3 * (8 + 27) = 105, each other seat -35
    assert log["result"]["win_values"] == [27]
    assert log["result"]["deltas"] == [-35, 105, -35, -35]
    assert replay(log)["events"] == log["events"]


def test_a_flower_drawn_between_two_offers_counts_in_the_second():
    """The offered value follows the flowers: seat 3 declines seat 1's 5s (22 fans), then
    draws a flower; seat 2's 5s is offered at 23 and won with 1 flower."""
    opts = {"flowers": True}
    hands = {0: "1479m258p369s1234z", 1: "5s1479m258p369s56z", 2: "55s236m147p147s67z",
             3: DRAGON_5S}
    wall = stack_wall(GB, hands, "9p9p2z1z7z7z", options=opts)
    flowers = [t for t in wall if t >= 34]
    wall = [t for t in wall if t < 34]
    wall[55:55] = flowers[:1]          # seat 3's first draw: a flower, then the 2z
    wall += flowers[1:]
    g = Game(GB, options=opts, wall=wall)
    g._table.set_external()
    offers = []

    def note_offers(g):
        if g.decider == 3 and "ron" in names(g):
            offers.append(g.observe(3).win_offer)
        return False

    drive(g, {0: ["discard 4z"], 1: ["discard 5s"], 2: [".", "discard 5s"],
              3: ["pass", "ron"]}, stop=note_offers)
    assert offers == [22, 23]
    assert events_of(g)[-2:] == ["2 discard 5s", "3 win 5s from 2"]
    assert g.log()["events"][-1]["flowers"] == 1
    # F = 23: 3 +(24 + 23) = 47, the discarder 2 -31, seats 0 and 1 -8
    assert g.log()["result"]["deltas"] == [-8, -8, -31, 47]


def _exact_greedy_discard(concealed, melds):
    """The greedy agent's discard worked out with the public analysis: the lowest shanten
    with the seat's melds, then the most unseen useful tiles (4 less the copies the seat
    holds; nothing else is visible yet), the lowest tile on a tie."""
    import mahjong
    from mahjong.tiles import to_tile_ids
    hand = to_tile_ids(concealed)
    best = None
    for t in sorted(set(hand)):
        rest = list(hand)
        rest.remove(t)
        s = mahjong.shanten(rest, melds=melds)
        unseen = sum(4 - rest.count(u) for u in mahjong.useful_tiles(rest, melds=melds))
        if best is None or (s, -unseen) < best[0]:
            best = ((s, -unseen), t)
    return best[1]


def test_the_greedy_agent_knows_its_own_concealed_kong():
    """After a concealed kong of 5m the seat holds every 5m: 46m waits on nothing. The
    greedy agent reads its hand with its melds (the public analysis does the same), so it
    neither builds on the dead 46m nor counts four unseen 5m."""
    from mahjong.game import _table
    from mahjong.tiles import TENHOU_NAMES
    # the dealer: 5555m + 4m6m6m7m8m 2p4p5p 5s6s (14), the kong's replacement tile is 7s
    hands = {0: "555546678m245p56s", 1: "1479m258p369s123z", 2: "147m258p369s1567z",
             3: "28m369p147s12567z"}
    g = deal(GB, hands, "7s")
    g.step("kong 5m")
    assert g.decider == 0 and g._table.last_drawn == 24          # 7s
    want = _exact_greedy_discard("46678m245p567s", ["5555m"])
    assert TENHOU_NAMES[want] == "4m"   # with four phantom 5m it would keep 46m (2p goes)
    got = g._table_choose(0, _table.AGENT_GREEDY)
    assert got == _table.A_DISCARD + want
