"""Wall parts (the option ``duplicate_walls`` of every rule set): the wall is cut into one
part per seat; each seat is dealt and draws only from its own part (kong replacements and
flower replacements too); the hand is drawn when the seat to draw has no tile left; a
discard that leaves the next seat no draw can only be won on. The record's ``options`` say
so, and the full-log replay and the settlement read such logs."""
import json
import random

import pytest

from game_configs import CONFIG_IDS, CONFIGS, spec_or_skip
from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.game import Game, _table, replay
from mahjong.record import HandRecord
from mahjong.ruleset import settle
from mahjong.tiles import TENHOU_NAMES

PARTS = {"duplicate_walls": True}


def with_parts(options):
    return dict(options or {}, **PARTS)


def received(log, seats):
    """Per seat, the tiles the events say it was given after the deal, in order."""
    out = [[] for _ in range(seats)]
    for e in log["events"]:
        if e["type"] == "draw":
            out[e["seat"]].append(e["tile"])
    return out


def parts_of(deck, seats):
    """Per seat, its part of the deck as tile names, flowers left out (the engine's cut)."""
    n = len(deck)
    out = []
    for s in range(seats):
        lo, hi = _table.part_start(n, seats, s), _table.part_start(n, seats, s + 1)
        out.append([TENHOU_NAMES[t] for t in deck[lo:hi] if t < 34])
    return out


def play_with(rules, options, seed, agents="greedy"):
    """A game and its log; the dealer changes with the seed."""
    seats = spec_or_skip(rules, options).seats
    g = Game(rules, seed=seed, options=options, agents=agents, dealer=seed % seats)
    return g, g.play()


# --- each seat deals and draws only from its own part ----------------------------------------

def test_each_seat_draws_its_own_part_of_a_stacked_wall():
    # a Guobiao wall whose four 34-tile parts are each one kind of tile in a known order:
    # part 0 the characters, part 1 the dots, part 2 the bamboos, part 3 the honours with
    # six bamboos; whatever is claimed, seat s only ever gets the tiles of part s, in order
    tiles = sorted(t for t in range(34) for _ in range(4))
    deck = tiles[:34] + tiles[34:68] + tiles[68:102] + tiles[102:]
    for dealer in range(4):
        g = Game("guobiao", options=PARTS, agents="greedy", wall=deck, dealer=dealer)
        log = g.play()
        parts = parts_of(deck, 4)
        for s, got in enumerate(received(log, 4)):
            dealt = 14 if s == dealer else 13
            assert got == parts[s][dealt:dealt + len(got)], (dealer, s)
        # the deal: the first 13 (the dealer's 14) tiles of each part
        assert log["wall"] == [TENHOU_NAMES[t] for t in deck]


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_draws_come_from_the_seats_part_in_every_rule_set(config):
    rules, options = config
    spec = spec_or_skip(rules, with_parts(options))
    assert spec.wall_parts
    for seed in range(6):
        agents = "greedy" if seed % 2 else "random"
        g, log = play_with(rules, with_parts(options), seed, agents)
        assert log["options"]["duplicate_walls"] is True
        deck = g._table.deck_ids()
        live = spec.live_tiles or len(deck)
        parts = parts_of(deck[:live], spec.seats)
        if spec.indicator:
            parts[log["dealer"]].remove(log["indicator"])
        for s, got in enumerate(received(log, spec.seats)):
            if spec.swap_at_start or spec.reserve_last_draw:
                got = got[:len(parts[s]) - (14 if s == log["dealer"] else 13)]
            dealt = 14 if s == log["dealer"] else 13
            assert got == parts[s][dealt:dealt + len(got)], (seed, s)
        HandRecord.from_json(json.dumps(log))    # the full-log replay accepts it
        assert replay(log)["events"] == log["events"]


def test_without_the_option_a_claim_moves_the_draws_and_with_it_not():
    # the point of the parts: the same deck, the same seat gets the same tiles whoever claims
    found = 0
    for seed in range(40):
        for agents in ("greedy", "random"):
            _, shared = play_with("sichuan", None, seed, agents)
            g, parted = play_with("sichuan", PARTS, seed, agents)
            parts = parts_of(g._table.deck_ids(), 4)
            for s, got in enumerate(received(parted, 4)):
                dealt = 14 if s == parted["dealer"] else 13
                assert got == parts[s][dealt:dealt + len(got)]
            claims = any(e["type"] in ("pung", "chow") or e["type"] == "kong" and
                         e.get("kind") == "exposed" for e in shared["events"])
            if claims and received(shared, 4) != received(parted, 4):
                found += 1
    assert found > 10


# --- exhaustion and the last discard -----------------------------------------------------------

def test_the_hand_is_drawn_when_the_seat_to_draw_has_no_tile_left():
    exhausted = 0
    for seed in range(60):
        g, log = play_with("guobiao", PARTS, seed, "random")
        if log["events"][-1]["type"] != "exhausted":
            continue
        exhausted += 1
        got = received(log, 4)
        last = [e for e in log["events"] if e["type"] == "discard"][-1]["seat"]
        nxt = (last + 1) % 4
        dealt = 14 if nxt == log["dealer"] else 13
        assert dealt + len(got[nxt]) == 34          # its part is used up
        assert g.observe(0).wall_remaining == sum(34 - len(x) for x in got) - 13 * 4 - 1
    assert exhausted >= 3


def test_a_discard_leaving_the_next_seat_no_draw_can_only_be_won_on():
    pung_refused = 0        # hands drawn though a seat held a pair of the last discard ...
    claims_before = 0       # ... and claim windows with a pung or chow offered before it
    for seed in range(80):
        g = Game("guobiao", seed=seed, options=PARTS)
        rng = random.Random(seed)
        drawn = [14 if s == 0 else 13 for s in range(4)]     # tiles taken from each part
        t = g._table
        while not g.over:
            legal = g.legal_actions()
            if g.observe().phase == "claim":
                discarder = g.record_so_far()["events"][-1]["seat"]
                if drawn[(discarder + 1) % 4] == 34:
                    assert set(legal) <= {_table.A_RON, _table.A_PASS}, legal
                elif set(legal) - {_table.A_RON, _table.A_PASS}:
                    claims_before += 1
            n = t.n_ev
            g.step(rng.choice(legal))
            for x in range(n, t.n_ev):
                code, seat = t.table_event(x)[:2]
                if code == _table.EV_DRAW:
                    drawn[seat] += 1
        events = g.log()["events"]
        if events[-1]["type"] == "exhausted":
            last = events[-2]
            assert last["type"] == "discard" and drawn[(last["seat"] + 1) % 4] == 34
            for o in range(4):
                if o != last["seat"] and t.hand_of(o)[_table_id(last["tile"])] >= 2 and \
                        min(drawn) < 34:      # another part still held tiles
                    pung_refused += 1
    assert pung_refused >= 1 and claims_before > 50


def _table_id(name):
    return TENHOU_NAMES.index(name)


def test_last_tile_flag_and_no_claim_in_the_shared_wall_are_unchanged():
    # the default play is the engine's as before: the golden file tests it byte for byte;
    # here only that the default spec has no parts and the option is recorded only when on
    g = Game("guobiao", seed=1, agents="greedy")
    assert not g.spec.wall_parts
    assert "duplicate_walls" not in g.play()["options"]


# --- records: replay, settlement, determinism -----------------------------------------------

@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "huanggang", "two_player"])
def test_logs_replay_and_settle(rules):
    spec_or_skip(rules, PARTS)
    for seed in range(4):
        _, log = play_with(rules, PARTS, seed, "greedy")
        rec = HandRecord.from_json(json.dumps(log))    # replayed on the engine: accepted
        assert list(settle(rec).deltas) == log["result"]["deltas"]
        # the same wall read as one shared wall (the option dropped) deals other hands
        other = dict(log, options={k: v for k, v in log["options"].items()
                                   if k != "duplicate_walls"})
        with pytest.raises(InvalidRecordError):
            HandRecord.from_json(json.dumps(other))


def test_a_draw_from_another_seats_part_is_refused():
    g, log = play_with("guobiao", PARTS, 3, "greedy")
    draws = [i for i, e in enumerate(log["events"]) if e["type"] == "draw"]
    i = draws[0]
    e = log["events"][i]
    # the tile the next seat's part would give instead
    other = next(x for x in log["events"][i + 1:] if x["type"] == "draw" and
                 x["seat"] != e["seat"] and x["tile"] != e["tile"])
    bad = json.loads(json.dumps(log))
    bad["events"][i]["tile"] = other["tile"]
    with pytest.raises(InvalidRecordError, match=f"event {i}"):
        HandRecord.from_json(json.dumps(bad))


def test_same_seed_same_log():
    a = play_with("guobiao", PARTS, 11, "random")[1]
    b = play_with("guobiao", PARTS, 11, "random")[1]
    assert a == b
    c = play_with("guobiao", None, 11, "random")[1]
    assert c["wall"] == a["wall"] and c["events"] != a["events"]


# --- options -------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["yes", 1, None])
def test_option_value_is_checked(value):
    with pytest.raises(MahjongError, match="duplicate_walls"):
        Game("guobiao", options={"duplicate_walls": value})


def test_option_is_known_to_every_rule_set_and_settles_nothing_differently():
    from mahjong.ruleset import available_rulesets, get_ruleset
    for name in available_rulesets():
        rules = get_ruleset(name).Rules
        assert "duplicate_walls" in [r["name"] for r in rules.describe()]
        assert rules.from_mapping(PARTS).changed() == PARTS


# --- duplicate matches (mahjong match) play wall parts by default ------------------------------

def _match_logs(rules, agents, walls, **kwargs):
    import io
    from mahjong.game.duplicate import play
    buf = io.StringIO()
    result = play(rules, agents, walls, seed=5, out=buf, **kwargs)
    return result, [json.loads(line) for line in buf.getvalue().splitlines()]


def _seat_streams(logs, seats):
    """Per wall, the tiles each seat drew in each seating, in order."""
    by_wall = {}
    for log in logs:
        w = log["note"]["duplicate"]["wall"]
        by_wall.setdefault(w, []).append(received(log, seats))
    return by_wall


def _is_prefix(a, b):
    return a == b[:len(a)] or b == a[:len(b)]


@pytest.mark.parametrize("rules", ["sichuan", "guobiao"])
def test_match_gives_a_seat_the_same_tiles_in_every_seating(rules):
    result, logs = _match_logs(rules, "greedy,random", 12)
    assert result.to_dict()["wall_parts"] is True
    assert all(log["options"].get("duplicate_walls") is True for log in logs)
    for w, seatings in _seat_streams(logs, 4).items():
        for s in range(4):
            for a in seatings:
                for b in seatings:
                    assert _is_prefix(a[s], b[s]), (w, s)
    # one shared wall: a claim in one seating moves the draws to other seats
    result, logs = _match_logs(rules, "greedy,random", 12, wall_parts=False)
    assert result.to_dict()["wall_parts"] is False
    moved = sum(not _is_prefix(a[s], b[s]) for seatings in _seat_streams(logs, 4).values()
                for s in range(4) for a in seatings for b in seatings)
    assert moved > 0


def test_match_wall_parts_argument_is_checked():
    from mahjong.game.duplicate import play
    with pytest.raises(MahjongError, match="wall_parts"):
        play("sichuan", "greedy,random", 1, wall_parts="yes")
    with pytest.raises(MahjongError, match="duplicate_walls"):
        play("sichuan", "greedy,random", 1, options={"duplicate_walls": False})
    # agreeing options are fine; the same call gives the same numbers
    a = play("sichuan", "greedy,random", 6, seed=3, options={"duplicate_walls": True})
    b = play("sichuan", "greedy,random", 6, seed=3)
    assert a.to_dict() == b.to_dict()


def test_match_cli_wall_flags(capsys):
    from mahjong.cli import main
    out = {}
    for flag in ("--wall-parts", "--shared-wall", None):
        argv = ["match", "--rules", "guobiao", "--agents", "greedy,random", "--walls", "4",
                "--seed", "2", "--json", "--no-progress"] + ([flag] if flag else [])
        assert main(argv) == 0
        out[flag] = json.loads(capsys.readouterr().out)
    assert out[None] == out["--wall-parts"] and out[None]["wall_parts"] is True
    assert out["--shared-wall"]["wall_parts"] is False


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "huanggang"])
def test_a_log_without_its_wall_is_checked_on_the_parts_its_events_imply(rules):
    # (an imported game, e.g. Botzone's, gives its draws but not the wall)
    for seed in range(4):
        _, log = play_with(rules, PARTS, seed, "greedy")
        bare = {k: v for k, v in log.items() if k != "wall"}
        rec = HandRecord.from_json(json.dumps(bare))      # the parts rebuilt: accepted
        assert list(settle(rec).deltas) == log["result"]["deltas"]
    # a seat drawing more than its part holds is refused, naming the part
    g, log = play_with("guobiao", PARTS, 1, "greedy")
    bare = {k: v for k, v in log.items() if k != "wall"}
    seat = log["events"][-2]["seat"]
    used = received(log, 4)
    undrawn = [TENHOU_NAMES[t] for t in g._table.deck_ids()]
    for s in range(4):          # the tiles no seat was dealt or drew
        dealt = 14 if s == log["dealer"] else 13
        for x in parts_of(g._table.deck_ids(), 4)[s][:dealt] + used[s]:
            undrawn.remove(x)
    extra = []
    for tile in undrawn[:34 - len(used[seat])]:
        extra += [{"type": "draw", "seat": seat, "tile": tile},
                  {"type": "discard", "seat": seat, "tile": tile}]
    bare["events"] = extra + bare["events"]
    with pytest.raises(InvalidRecordError, match=f"seat {seat} is dealt and draws"):
        HandRecord.from_json(json.dumps(bare))


# --- the competition's schedule: 4 walls, every seat order, 4/3/2/1 per wall ------------------

def test_rank_points_share_places_between_level_players():
    from fractions import Fraction
    from mahjong.game.duplicate import rank_points
    assert rank_points([5, -5, 0, 0]) == [4, 1, Fraction(5, 2), Fraction(5, 2)]
    assert rank_points([0, 0, 0, 0]) == [Fraction(5, 2)] * 4
    assert rank_points([-3, 9, 1, 2]) == [1, 4, 2, 3]
    assert rank_points([3, -3]) == [2, 1]


def test_the_botzone_schedule_ranks_the_players_per_wall():
    agents = ["greedy", "random", "random", "greedy"]
    result, logs = _match_logs("guobiao", agents, 4, seatings="all")
    assert result.hands_played == 96 and len(logs) == 96
    # the two greedy players (and the two random ones: the random agent's stream is the
    # seat's) exchanged play the same game again: 6 distinct hands of a wall's 24
    assert result.hands == 24
    assert all(log["options"] == {"duplicate_walls": True} for log in logs)
    # independently: each wall's points per player from the logs, then 4/3/2/1 by hand
    totals = {}
    for log in logs:
        note = log["note"]["duplicate"]
        wall = totals.setdefault(note["wall"], [0] * 4)
        for seat, d in enumerate(log["result"]["deltas"]):
            wall[note["players"][seat]] += d
    expect = [0.0] * 4
    for wall in totals.values():
        order = sorted(range(4), key=lambda p: -wall[p])
        for p in order:
            level = [q for q in range(4) if wall[q] == wall[p]]
            places = [k for k, q in enumerate(order) if q in level]
            expect[p] += sum(4 - k for k in places) / len(places)
    got = [a["rank_points"] for a in result.to_dict()["agents"]]
    assert got == pytest.approx(expect) and sum(got) == 40


# --- stack_wall with wall parts ---------------------------------------------------------------

def test_stack_wall_gives_each_seat_its_own_draws():
    from mahjong.game import stack_wall
    hands = {0: "19m19p1988s123456z", 1: "11z258m258p258s46m", 2: "2468m246p357s246z",
             3: "9m1357p2468s1357z"}
    draws = {1: ["9s"], 2: ["7m", "8m"], 3: ["1s", "2s"]}
    wall = stack_wall("guobiao", hands, draws, options=PARTS, dealer=0, seed=4)
    assert sorted(wall) == sorted(t for t in range(34) for _ in range(4))
    parts = parts_of(wall, 4)
    for s, hand in hands.items():
        assert "".join(sorted(parts[s][:14 if s == 0 else 13])) == "".join(sorted(
            TENHOU_NAMES[t] for t in _ids(hand)))
        assert parts[s][14 if s == 0 else 13:][:len(draws.get(s, ()))] == draws.get(s, [])
    log = Game("guobiao", wall=wall, options=PARTS, agents="greedy").play()
    for s, got in enumerate(received(log, 4)):
        dealt = 14 if s == 0 else 13
        assert got == parts[s][dealt:dealt + len(got)]
    assert min(len(got) for got in received(log, 4)) >= 2     # (a hand of several turns)
    with pytest.raises(MahjongError, match="draws is a mapping"):
        stack_wall("guobiao", hands, ["1m"], options=PARTS)
    with pytest.raises(MahjongError, match="more than its part"):
        stack_wall("sichuan", {0: "1112223334445m"}, {0: ["5p"] * 4 + ["6p"] * 4 +
                   ["7p"] * 4 + ["8p"] * 4}, options=PARTS)


def _ids(text):
    from mahjong.tiles import to_tile_ids
    return list(to_tile_ids(text))


def test_the_flip_after_a_win_is_the_next_tile_of_the_next_drawers_part():
    # Guiyang turns up a tile after the win: with wall parts, the next tile of the part the
    # next seat would have drawn from; none after a win on the last tile (its settlement
    # refuses a flip there)
    flips = last = 0
    for seed in range(150):
        for agents in ("random", "greedy"):
            g, log = play_with("guiyang", PARTS, seed, agents)
            assert list(settle(HandRecord.from_json(json.dumps(log))).deltas) == \
                log["result"]["deltas"]
            wins = [e for e in log["events"] if e["type"] == "win"]
            if not wins:
                continue
            win = wins[-1]
            nxt = ((win["seat"] if win["from"] is None else win["from"]) + 1) % 4
            parts = parts_of(g._table.deck_ids(), 4)
            dealt = 14 if nxt == log["dealer"] else 13
            ahead = parts[nxt][dealt + len(received(log, 4)[nxt]):]
            flip = [e["tile"] for e in log["events"] if e["type"] == "flip"]
            if win.get("last_tile"):
                last += 1
                assert not flip and not ahead
            else:
                flips += 1
                assert flip == ahead[:1]
    assert flips > 50 and last >= 1


@pytest.mark.parametrize("rules, options", [("guobiao", {"flowers": True}),
                                            ("two_player", None), ("guiyang", None)])
def test_a_log_without_its_wall_whose_parts_cannot_be_rebuilt_is_read(rules, options):
    # (flowers in unknown places, a reserve draw, a flip: the parts are not rebuilt, the
    # record is read as a summary record would be)
    for seed in range(3):
        _, log = play_with(rules, with_parts(options), seed, "greedy")
        bare = {k: v for k, v in log.items() if k != "wall"}
        assert list(settle(HandRecord.from_json(json.dumps(bare))).deltas) == \
            log["result"]["deltas"]
