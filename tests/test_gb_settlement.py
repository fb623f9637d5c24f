"""Guobiao competition scoring (8 + F from the discarder, 8 from the others) and the 16-hand
match record (four rounds of four hands, seats swapped before West).

The Guobiao worked examples of the rules text are run end to end: hand -> score -> settle.
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import InvalidRecordError, NotWinningError
from mahjong.guobiao import (HANDS_PER_MATCH, Match, hand_info, score, settle, settle_draw)

# RULES.md §2.7, prevalent wind East; (winner, discarder or None, score() arguments,
# expected F, expected payments E S W N)
WORKED = [
    ("ex2 碰碰和 混一色", "S", "W",
     dict(tiles="222m88m11z", melds=[("pung", "777z"), ("pung", "555m")], win_tile="8m",
          seat_wind="S"), 14, (-8, 38, -22, -8)),
    ("ex3 平和 不求人", "N", None,
     dict(tiles="234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N"),
     10, (-18, -18, -18, 54)),
    ("ex4 七对", "W", "N",
     dict(tiles="22m33m44p55p66s77s8s", win_tile="8s", seat_wind="W"), 26, (-8, -8, 50, -34)),
    ("ex5 抢杠和 清龙", "S", "E",
     dict(tiles="123m456m789m35p99s", win_tile="4p", robbing_kong=True, seat_wind="S"),
     29, (-37, 53, -8, -8)),
    ("ex6 十三幺", "E", "S",
     dict(tiles="19m19p19s1234567z", win_tile="7z", seat_wind="E"), 88, (112, -96, -8, -8)),
]


@pytest.mark.parametrize("name, winner, discarder, hand, fans, payments", WORKED,
                         ids=[w[0] for w in WORKED])
def test_worked_examples(name, winner, discarder, hand, fans, payments):
    hand = dict(hand)
    result = score(hand.pop("tiles"), hand.pop("melds", ()), **hand)
    assert result.total == fans and result.meets_minimum
    s = settle(winner, result, discarder=discarder)
    assert s.payments == payments
    assert sum(s.payments) == 0
    # the same from the plain number
    assert settle(winner, fans, discarder=discarder).payments == payments


def test_worked_example_1_is_not_a_win():
    result = score("678s5p", [("chow", "234m"), ("chow", "456p"), ("pung", "222s")],
                   win_tile="5p", seat_wind="S")
    assert result.total == 3 and not result.meets_minimum
    with pytest.raises(NotWinningError, match="false win: 3 fans"):
        settle("S", result, discarder="E")


def test_flowers_are_paid_but_do_not_make_the_minimum():
    assert settle(0, 10, flowers=2).payments == (54, -18, -18, -18)   # 8 base + 2 flowers
    with pytest.raises(NotWinningError, match="7 fans without flowers"):
        settle(0, 9, flowers=2)
    # from a result: 7 base fans + 2 flowers = 9 is still a false win
    r = score("234m567m345p67s88s", win_tile="8s", flowers=2)
    assert (r.total, r.base_total) == (9, 7)
    with pytest.raises(NotWinningError):
        settle(0, r, discarder=1)


def test_robbing_kong_pays_as_a_discard():
    # RULES.md §2.6: the robbed player is the discarder
    r = score("123m456m789m35p99s", win_tile="4p", robbing_kong=True, seat_wind="S")
    assert r.robbing_kong and not r.self_drawn
    assert settle("S", r, discarder="E").payments == (-(8 + 29), 24 + 29, -8, -8)


def test_result_context_is_checked():
    sd = score("234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N")
    with pytest.raises(InvalidRecordError, match="self-drawn"):
        settle("N", sd, discarder="E")
    ron = score("22m33m44p55p66s77s8s", win_tile="8s", seat_wind="W")
    with pytest.raises(InvalidRecordError, match="discarder"):
        settle("W", ron)


@pytest.mark.parametrize("args, kwargs, exc, words", [
    (("E", 10), dict(discarder="E"), InvalidRecordError, "own discard"),
    ((4, 10), {}, InvalidRecordError, "winner"),
    (("X", 10), {}, InvalidRecordError, "winner"),
    (("E", 10), dict(discarder=7), InvalidRecordError, "discarder"),
    (("E", 7), {}, NotWinningError, "false win"),
    (("E", "12"), {}, InvalidRecordError, "fans"),
    (("E", True), {}, InvalidRecordError, "fans"),
    (("E", 12), dict(flowers=9), InvalidRecordError, "flowers"),
])
def test_settle_errors(args, kwargs, exc, words):
    with pytest.raises(exc, match=words):
        settle(*args, **kwargs)


def test_draw_pays_nothing():
    s = settle_draw()
    assert s.payments == (0, 0, 0, 0) and s.is_draw and not s.self_drawn
    assert str(settle("S", 14, discarder="W")) == "E -8, S +38, W -22, N -8"


@settings(max_examples=400, deadline=None)
@given(winner=st.integers(0, 3), fans=st.integers(8, 400), discarder=st.integers(-1, 3),
       flowers=st.integers(0, 8))
def test_payment_properties(winner, fans, discarder, flowers):
    discarder = None if discarder < 0 or discarder == winner else discarder
    total = fans + flowers
    s = settle(winner, total, discarder=discarder, flowers=flowers)
    assert sum(s.payments) == 0
    losers = [p for seat, p in enumerate(s.payments) if seat != winner]
    assert all(p <= -8 for p in losers)
    assert s.payments[winner] == -sum(losers)
    if discarder is None:
        assert losers == [-(8 + total)] * 3
        assert s.payments[winner] == 3 * (8 + total)
    else:
        assert s.payments[discarder] == -(8 + total)
        assert sorted(losers) == [-(8 + total), -8, -8]
        # the discarder pays F more than each bystander
        assert s.payments[discarder] - (-8) == -total


# --- the match -----------------------------------------------------------------------------

def test_schedule():
    infos = [hand_info(n) for n in range(1, 17)]
    assert [i.round_wind for i in infos] == [r for r in range(4) for _ in range(4)]
    for info in infos:
        # every seat wind has exactly one player, and seat_winds inverts players
        assert sorted(info.players) == [0, 1, 2, 3]
        assert all(info.seat_winds[p] == w for w, p in enumerate(info.players))
    # no dealer repeat: each player deals once per round
    for r in range(4):
        assert sorted(i.dealer for i in infos[4 * r:4 * r + 4]) == [0, 1, 2, 3]
    # East and South rounds: the deal passes in play order from player 0
    assert [i.dealer for i in infos[:8]] == [0, 1, 2, 3, 0, 1, 2, 3]
    # before the West round E<->S and W<->N swap seats; the former South deals first
    assert infos[8].dealer == 1
    assert infos[8].players == (1, 0, 3, 2)
    assert [i.dealer for i in infos[8:]] == [1, 0, 3, 2, 1, 0, 3, 2]
    # play order (seat winds) follows the table: in hand 9 player 1 is East, 0 South
    assert infos[8].seat_winds == (1, 0, 3, 2)
    with pytest.raises(InvalidRecordError):
        hand_info(17)
    with pytest.raises(InvalidRecordError):
        hand_info(0)


def test_match_records_and_standings():
    m = Match(["Ann", "Bo", "Cy", "Di"])
    h1 = m.record_win("S", 14, discarder="W")          # hand 1: Bo (S) wins off Cy (W)
    assert h1.deltas == (-8, 38, -22, -8)
    assert m.current.number == 2 and m.current.dealer == 1
    h2 = m.record_win("E", 10)                          # hand 2: dealer Bo self-draws
    assert h2.deltas == (-18, 54, -18, -18)
    m.record_draw()
    assert m.scores == (-26, 92, -40, -26)
    ranks = m.standings()
    assert [(s.rank, s.name, s.score) for s in ranks] == [
        (1, "Bo", 92), (2, "Ann", -26), (2, "Di", -26), (4, "Cy", -40)]


def test_full_match_sums_to_zero_and_ends():
    rng = random.Random(4)
    m = Match()
    while not m.finished:
        if rng.random() < 0.2:
            m.record_draw()
            continue
        winner = rng.randrange(4)
        discarder = rng.choice([None] + [s for s in range(4) if s != winner])
        m.record_win(winner, rng.randrange(8, 90), discarder=discarder)
    assert len(m.hands) == HANDS_PER_MATCH and m.current is None
    assert sum(m.scores) == 0
    for hand in m.hands:
        assert sum(hand.deltas) == 0
        # the player with seat wind w receives the seat's payment
        for w, p in enumerate(hand.info.players):
            assert hand.deltas[p] == hand.settlement.payments[w]
    with pytest.raises(InvalidRecordError, match="over"):
        m.record_draw()


def test_match_from_records_and_errors():
    records = [{"winner": "S", "fans": 14, "discarder": "W"}, {"draw": True},
               {"winner": "N", "fans": 10}]
    m = Match.from_records(records, players=["A", "B", "C", "D"])
    # hand 3: dealer is player 2, so seat N is player 1
    assert m.hands[2].info.players[3] == 1
    assert m.scores == (-26, 38 + 54, -40, -26)
    with pytest.raises(NotWinningError, match="hand record 2"):
        Match.from_records([{"draw": True}, {"winner": "E", "fans": 5}])
    with pytest.raises(InvalidRecordError, match="hand record 1: unknown field"):
        Match.from_records([{"winer": "E", "fans": 9}])
    with pytest.raises(InvalidRecordError, match="hand record 1"):
        Match.from_records([{"draw": True, "winner": "E"}])
    with pytest.raises(InvalidRecordError, match="4 players"):
        Match(["A", "B"])


def test_failed_record_leaves_match_unchanged():
    m = Match()
    m.record_win(0, 20)
    before = (m.scores, len(m.hands))
    with pytest.raises(NotWinningError):
        m.record_win(1, 6)
    with pytest.raises(InvalidRecordError):
        m.record_win(1, 16, discarder=1)
    assert (m.scores, len(m.hands)) == before


def test_results_winds_are_checked():
    r = score("234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N",
              round_wind="S")
    assert (r.seat_wind, r.round_wind) == (3, 1)
    with pytest.raises(InvalidRecordError, match="seat_wind N"):
        settle("E", r)
    m = Match()
    with pytest.raises(InvalidRecordError, match="East round but was scored with round_wind S"):
        m.record_win("N", r)
    for _ in range(4):
        m.record_draw()
    assert m.record_win("N", r).deltas == (-18, -18, -18, 54)  # hand 5: South round
