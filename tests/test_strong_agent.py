"""The strong built-in agent (``agents="strong"``, issue #27): scenario tests on stacked
walls (tests/scenario_helpers.py) that ask the table which action the agent would take
(``Table.choose``), beside the greedy agent's choice where the two must differ; whole games
of every rule set; same-seed determinism.
"""
import pytest

from mahjong.game import Game, Match, StrongAgent, _table, action_name, play_spec, replay
from mahjong.playspec import WinQuery
from mahjong.tiles import TENHOU_NAMES

from scenario_helpers import deal, drive, events_of

RULES = ("sichuan", "yunnan", "guobiao", "guiyang", "huanggang", "two_player", "tongcheng")


def strong(g, seat=None):
    seat = g.decider if seat is None else seat
    return action_name(g._table.choose(seat, _table.AGENT_STRONG))


def greedy(g, seat=None):
    seat = g.decider if seat is None else seat
    return action_name(g._table.choose(seat, _table.AGENT_GREEDY))


# --- it wins when it can -------------------------------------------------------------------

def test_it_wins_on_its_own_draw_and_on_a_discard():
    g = deal("sichuan", {0: "11122233344455m"})          # the dealer's 14 tiles win
    assert strong(g) == "tsumo"
    # seat 1: 123m456m789m11m + 46p waits on 5p; the dealer's 5p is offered to it (in
    # Sichuan's 普通场, where the first win ends the hand)
    g = deal("sichuan", {0: "1357m1357p135s795p", 1: "12345678911m46p"},
             options={"xuezhan": False})
    g.step("discard 5p")
    assert g.decider == 1 and "ron" in [a.name for a in g.legal_actions()]
    assert strong(g) == "ron"


# (rules, options): the first win ends the hand
FIRST_WIN_ENDS = [("sichuan", {"xuezhan": False}), ("guobiao", None), ("huanggang", None)]


def _strong_decisions(rules, options, seed):
    """Every decision of a whole hand of four strong seats: (legal names, its choice)."""
    g = Game(rules, seed=seed, options=options, agents="strong")
    g._table.set_external()
    while not g.over:
        legal = [a.name for a in g.legal_actions()]
        a = strong(g)
        yield legal, a
        g.step(a)


@pytest.mark.parametrize("rules, options", FIRST_WIN_ENDS)
def test_it_wins_in_a_whole_hand_whenever_a_win_is_offered(rules, options):
    """Where the first win ends the hand, every decision of a strong seat that offered a
    win took it."""
    for seed in range(4):
        for legal, a in _strong_decisions(rules, options, seed):
            if "tsumo" in legal or "ron" in legal:
                assert a in ("tsumo", "ron"), (rules, seed, legal, a)


def test_bloody_it_always_wins_on_its_own_draw():
    """Sichuan's 血战: a self-draw offered is always taken (a win on a discard may be
    passed, below)."""
    offered = 0
    for seed in range(4):
        for legal, a in _strong_decisions("sichuan", None, seed):
            if "tsumo" in legal:
                offered += 1
                assert a == "tsumo", (seed, legal, a)
    assert offered > 0


# --- 血战 (Sichuan: the hand goes on after a win, kong money is paid at once) ------------

def test_bloody_it_passes_a_win_on_a_discard_for_a_likely_self_draw():
    """血战: early in the hand (13 draws of its own to come), ready on 3m/6m/9m (about
    nine copies unseen), a win on the 9m from one seat is passed for the self-draw that
    every seat still in would pay (greedy takes it); ready on the 5p alone (two copies
    unseen), the 5p is taken. In the 普通场 the 9m is taken too."""
    dealer = "1357m1357p135s9s"
    g = deal("sichuan", {0: dealer + "9m", 1: "12345678m456p11p"})
    g.step("discard 9m")
    assert g.decider == 1 and {"ron", "pass"} <= {a.name for a in g.legal_actions()}
    assert greedy(g) == "ron"
    assert strong(g) == "pass"
    g = deal("sichuan", {0: dealer + "5p", 1: "123456789m111p5p"})
    g.step("discard 5p")
    assert g.decider == 1 and strong(g) == "ron"
    g = deal("sichuan", {0: dealer + "9m", 1: "12345678m456p11p"}, options={"xuezhan": False})
    g.step("discard 9m")
    assert strong(g) == "ron"


def test_bloody_it_takes_a_kong_that_costs_one_missing_tile():
    """血战 pays a concealed kong at once (2 from each seat still in): the dealer's
    1222234m 567p 789p 9p is ready after the 9p (on 1m/3m/4m); greedy lets the 9p go,
    the strong agent makes the kong of 2m (one tile further from ready). In the 普通场
    (no 血战) it discards the 9p as greedy does."""
    hand = "1222234m567p789p9p"
    g = deal("sichuan", {0: hand})
    assert "kong 2m" in [a.name for a in g.legal_actions()]
    assert greedy(g) == "discard 9p"
    assert strong(g) == "kong 2m"
    g = deal("sichuan", {0: hand}, options={"xuezhan": False})
    assert strong(g) == greedy(g) == "discard 9p"


# --- it defends ----------------------------------------------------------------------------

# 通称: seat 1 declares ready (扣听) in the window of the dealer's first discard, on
# 123456789m 11m + 46p; the dealer's hand is far from ready (five tiles or more missing
# whatever it discards): 2m6m9m 2p6p9p 3s5s7s 1z2z3z5z and the 7z it draws
FAR_HAND = "269m269p379s1235z"


def _defence_scenario(ready: bool):
    g = deal("tongcheng", {0: FAR_HAND, 1: "12345678911m46p"}, "5z8m8p7z")
    g.step("discard 9s")
    drive(g, {1: ["ready"] if ready else []},
          stop=lambda g: g.decider == 0 and g._table.last_drawn is not None)
    assert events_of(g.record_so_far())[-1] == "0 draw 7z"
    return g


def test_far_from_ready_it_does_not_discard_a_middle_tile_into_a_ready_seat():
    """Without a threat the strong agent discards as greedy does (the 3s: the fewest
    missing tiles, then the most useful tiles unseen). With seat 1 ready it keeps that
    middle tile, which a ready hand waits on most often, and lets go a terminal instead
    (as far from ready after it)."""
    calm = _defence_scenario(ready=False)
    assert strong(calm) == greedy(calm) == "discard 3s"
    g = _defence_scenario(ready=True)
    assert greedy(g) == "discard 3s"
    assert strong(g) in ("discard 9m", "discard 9p")


@pytest.mark.parametrize("void", ["s", "p"])
def test_a_seat_s_void_suit_is_safe_against_it(void):
    """Sichuan 定缺: seat 1 has claimed two pungs (2m, 5m of the dealer's void suit m) and
    declared the void suit s (or, the control, p). The dealer's hand is the same in p and
    s (13579 and a 9 pair each, then the 5p and 5s it draws). Greedy lets go of the 1p
    either way; the strong agent lets go of the 1s when seat 1 can never win on an s,
    and of the 1p as greedy when it is seat 1's p it gave up."""
    g = deal("sichuan", {0: "25m135799p135799s", 1: "2255m123467889p"}, "1m9m5p1m9m5s",
             options={"dingque": True})
    for seat, suit in ((0, "m"), (1, void), (2, "m"), (3, "m")):
        assert g.decider == seat
        g.step(f"void {suit}")
    drive(g, {0: ["discard 2m", "discard 5m"],
              1: ["pung", "discard 6p", "pung", "discard 8p"]},
          stop=lambda g: g._table.n_ev > 10 and g.decider == 0
          and g._table.last_drawn is not None)
    assert events_of(g.record_so_far())[-1] == "0 draw 5s"
    assert greedy(g) == "discard 1p"
    assert strong(g) == ("discard 1s" if void == "s" else "discard 1p")


# --- Guobiao: a ready hand that can never be declared --------------------------------------

GB_HAND = "223344m44p3345s55z"     # the dealer's 14 tiles (no melds)


def _gb_values(hand13: str):
    """The room's value of a win on each tile completing the 13 tiles (0: no Guobiao win,
    a shape that does not win or fewer than 8 fans)."""
    spec = play_spec("guobiao")
    record = {"rules": "guobiao", "dealer": 0, "events": []}
    out = {}
    for w in TENHOU_NAMES:
        win = {"type": "win", "seat": 0, "hand": hand13 + w, "win_tile": w, "from": 1,
               "melds": []}
        out[w] = spec.win_value(WinQuery(record, win, ()))
    return out


def test_guobiao_it_avoids_a_ready_hand_with_no_8_fan_wait():
    """Greedy discards the 3s and is ready on 4p/5z with fewer than 8 fans whatever comes:
    a hand that can never be declared. The strong agent asks the room the value of each
    wait and discards the 4s: ready on a wait the room allows."""
    g = deal("guobiao", {0: GB_HAND})
    assert greedy(g) == "discard 3s"
    assert strong(g) == "discard 4s"
    assert not any(_gb_values("223344m44p345s55z").values())       # after the 3s: dead
    assert any(_gb_values("223344m44p335s55z").values())           # after the 4s: a win


# --- claims ----------------------------------------------------------------------------------

def test_it_claims_when_the_claim_helps_and_passes_otherwise():
    """Sichuan: a pung of the 5p that makes the hand ready (123456789m 55p 1p 9p: two
    tiles missing; after the pung and the 1p, one) is taken; a pung of the 9p pair of a
    hand already ready (12345678m 456p 99p) brings it no nearer and is declined."""
    g = deal("sichuan", {0: "1357m1357p135s795p", 1: "123456789m55p19p"})
    g.step("discard 5p")
    assert g.decider == 1 and strong(g) == "pung"
    g = deal("sichuan", {0: "1357m13579p135s79s", 1: "12345678m45699p"})
    g.step("discard 9p")
    assert g.decider == 1 and "pung" in [a.name for a in g.legal_actions()]
    assert strong(g) == "pass"


def test_it_never_claims_a_tile_of_the_suit_it_gives_up():
    """缺门 (a Sichuan win holds two suits at most): seat 1's 12356m 11p 249p 55s 8s gives
    up s. A pung of the dealer's 5s lowers its missing count, and greedy takes it: a set of
    s that can never be let go, so the hand cannot win unless it gives up a second suit.
    The strong agent passes; a pung of the 1p, a suit it keeps, it takes as greedy does."""
    hand = "12356m11p249p55s8s"
    g = deal("sichuan", {0: "1357m1357p13s79s9p5s", 1: hand})
    g.step("discard 5s")
    assert g.decider == 1 and "pung" in [a.name for a in g.legal_actions()]
    assert greedy(g) == "pung"
    assert strong(g) == "pass"
    g = deal("sichuan", {0: "1357m357p13s79s9p5s1p", 1: hand})
    g.step("discard 1p")
    assert g.decider == 1 and strong(g) == greedy(g) == "pung"


# --- whole games, determinism ------------------------------------------------------------------

@pytest.mark.parametrize("rules", RULES)
def test_every_rule_set_plays_whole_games_with_strong_agents(rules):
    wins = 0
    for seed in range(6):
        log = Game(rules, seed=seed, agents="strong").play()
        assert sum(log["result"]["deltas"]) == 0
        assert replay(log)["events"] == log["events"]
        wins += sum(e["type"] == "win" for e in log["events"])
    assert wins > 0


def test_strong_agent_names_and_objects():
    a = Game("guobiao", seed=3, agents="strong,greedy,strong,greedy").play()
    b = Game("guobiao", seed=3, agents=[StrongAgent(), "greedy", StrongAgent(), "greedy"]).play()
    assert a["events"] == b["events"]
    # a StrongAgent called as a Python agent takes the compiled agent's action
    c = Game("guobiao", seed=3, agents=[lambda o, l: StrongAgent()(o, l), "greedy",
                                        "strong", "greedy"]).play()
    assert c["events"] == a["events"]


def test_same_seed_same_games_and_match():
    assert Game("sichuan", seed=8, agents="strong").play() == \
        Game("sichuan", seed=8, agents="strong").play()
    one = Match.duplicate("guobiao", "strong,greedy", walls=6, seed=4).to_dict()
    two = Match.duplicate("guobiao", "strong,greedy", walls=6, seed=4).to_dict()
    assert one == two
    assert one["difference"]["of"] == ["strong", "greedy"]
