"""The challenger format of a duplicate match (``mahjong match --seatings challenger``,
:mod:`mahjong.game.duplicate`): per wall, the first agent (the challenger) at each seat in
turn among three of the second (the baseline); the difference is the challenger's points
per hand minus the baseline's per seat-hand, paired by wall. A seating whose game is an
earlier seating's event for event is the same hand again: ``hands`` counts the distinct
ones, ``hands_played`` all.

The estimator is checked on constructed walls (a hand-computed example, the exact
cancelling of a seat's luck, the coverage of its interval in a simulated case whose true
difference is known) and on real matches (identical agents, the numbers recounted from the
logs, seeds, threads and Dask, the CLI's ``--json``)."""
import io
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.cli import main
from mahjong.errors import MahjongError
from mahjong.game.duplicate import DuplicateResult, play, seatings, t975

SEATS = 4
PATTERN = [0, 1, 1, 1]
ARRANGEMENTS = seatings(PATTERN, "challenger")
ZERO_COUNTS = [[0] * 5, [0] * 5]


def result_of(walls):
    """The result of constructed walls, through the match's own counting: each wall its 4
    games' points per seat, game k with the challenger at seat k."""
    r = DuplicateResult("sichuan", ["A", "B"], PATTERN, ARRANGEMENTS, "challenger", 0, None)
    for games in walls:
        x = sum(games[k][k] for k in range(SEATS))
        y = sum(games[k][s] for k in range(SEATS) for s in range(SEATS) if s != k)
        r.add_wall([x, y], ZERO_COUNTS, SEATS)
    return r


def wall(x, y):
    """A wall whose challenger scores ``x[k]`` in game k and the baseline ``y`` in all (at
    seat 1 of game 0, 0 elsewhere)."""
    games = [[0] * SEATS for _ in range(SEATS)]
    for k in range(SEATS):
        games[k][k] = x[k]
    games[0][1] = y
    return games


def test_arrangements():
    assert ARRANGEMENTS == [(0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0)]
    assert seatings([0, 1], "challenger") == [(0, 1), (1, 0)]


def test_hand_computed_example():
    """Three walls; per wall the challenger's points over its 4 seat-hands / 4 minus the
    baseline's over its 12 / 12: 4/4 - -4/12 = 4/3, 8/4 - -8/12 = 8/3, -4/4 - 8/12 = -5/3
    (constructed points need not sum to 0). Mean 7/9; deviations 5/9, 17/9, -22/9: sample sd
    sqrt((25 + 289 + 484) / 81 / 2) = sqrt(399) / 9; half-width t(0.975, 2) sd / sqrt(3)
    = 4.3027 sqrt(133) / 9."""
    r = result_of([wall([3, -1, 2, 0], -4), wall([0, 1, 1, 6], -8), wall([-4, 0, 0, 0], 8)])
    d = r.to_dict()
    assert (d["walls"], d["hands"], d["hands_played"]) == (3, 12, 12)
    diff = d["difference"]
    assert diff["of"] == ["A", "B"]
    assert diff["mean"] == pytest.approx(7 / 9)
    half = 4.3027 * math.sqrt(133) / 9
    assert diff["ci95"] == pytest.approx([7 / 9 - half, 7 / 9 + half], abs=1e-4)
    assert diff["sd_per_wall"] == pytest.approx(math.sqrt(399) / 9)
    a, b = d["agents"]
    assert a["points_per_hand"] == pytest.approx(8 / 12)      # (4 + 8 - 4) / 12 seat-hands
    assert b["points_per_hand"] == pytest.approx(-4 / 36)     # (-4 - 8 + 8) / 36
    assert diff["mean"] == pytest.approx(a["points_per_hand"] - b["points_per_hand"])
    assert "challenger" in diff["method"]


points = st.integers(-64, 64)
games = st.lists(st.lists(points, min_size=SEATS, max_size=SEATS), min_size=SEATS,
                 max_size=SEATS)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(games, st.lists(points, min_size=SEATS, max_size=SEATS)),
                min_size=2, max_size=12))
def test_a_seats_luck_cancels_exactly(walls):
    """Whatever a seat of a wall is worth (points ``luck[s]`` won by whoever sits there in
    every game of the wall, summing to anything), the difference and its interval do not
    move: the challenger sits there once and the baseline three times, weighed 1/4 and
    3/12."""
    plain = result_of([g for g, _ in walls]).to_dict()["difference"]
    lucky = result_of([[[v + luck[s] for s, v in enumerate(row)] for row in g]
                       for g, luck in walls]).to_dict()["difference"]
    assert lucky["mean"] == pytest.approx(plain["mean"])
    if plain["ci95"] is None:
        assert lucky["ci95"] is None
    else:
        assert lucky["ci95"] == pytest.approx(plain["ci95"])


def simulated_walls(rng, walls, diverge, effect, spread):
    """Walls of a simulated game, points in tenths: seat ``s`` of a wall is worth ``luck[s]``
    (heavy-tailed, summing to 0) to whoever sits there; a game is the baseline's game (the
    luck plus a small noise) unless the challenger decides differently (probability
    ``diverge``), when it gains ``effect`` plus a wide noise, paid by the three others
    evenly. True difference per hand: ``diverge * effect * (1 + 1/3)``."""
    out = []
    for _ in range(walls):
        luck = rng.standard_t(3, SEATS) * 20
        luck -= luck.mean()
        base = luck + rng.normal(0, 2, SEATS)
        base -= base.mean()
        gs = []
        for k in range(SEATS):
            g = base.copy()
            if rng.random() < diverge:
                gain = effect + rng.normal(0, spread)
                g -= gain / 3
                g[k] += gain + gain / 3
            gs.append([int(v) for v in np.rint(10 * g)])
        out.append(gs)
    return out


@pytest.mark.parametrize("diverge,effect,spread", [(0.3, 2.0, 10.0), (0.9, -1.0, 25.0),
                                                   (0.05, 8.0, 4.0)])
def test_the_interval_covers_the_true_difference(diverge, effect, spread):
    """In 400 simulated matches of 120 walls, the 95% interval holds the true difference
    about 95% of the time (a binomial 95% range for 400 draws: 0.92 .. 0.97), and its mean
    over the matches is the true difference (unbiased)."""
    rng = np.random.default_rng([27, int(diverge * 100)])
    truth = 10 * diverge * effect * 4 / 3
    covered, means = 0, []
    for _ in range(400):
        d = result_of(simulated_walls(rng, 120, diverge, effect, spread)).to_dict()
        lo, hi = d["difference"]["ci95"]
        covered += lo <= truth <= hi
        means.append(d["difference"]["mean"])
    assert 0.92 <= covered / 400 <= 0.975
    se = np.std(means) / math.sqrt(len(means))
    assert abs(np.mean(means) - truth) < 4 * se


def test_identical_agents_come_out_even_in_one_hand_per_wall():
    """Every seating plays the same game again: the difference is 0 with width 0, and each
    wall is one hand."""
    for agents in ("greedy,greedy", "strong,strong", "random,random"):
        d = play("sichuan", agents, walls=6, seed=4, seatings="challenger").to_dict()
        assert (d["hands"], d["hands_played"]) == (6, 24)
        assert d["difference"]["mean"] == 0 and d["difference"]["ci95"] == [0.0, 0.0]


@pytest.mark.parametrize("rules,agents", [("sichuan", "strong,greedy"),
                                          ("guobiao", "greedy,random"),
                                          ("two_player", "random,greedy")])
def test_the_numbers_equal_its_logs(rules, agents):
    """Recounted from the logs written (every game, a repeat marked ``same_as`` the earlier
    seating whose events it repeats): per wall the challenger's points at its seat over
    its games / seats minus the baseline's over theirs / (seats (seats - 1)); the distinct
    hands are the games not marked."""
    out = io.StringIO()
    r = play(rules, agents, walls=6, seed=8, seatings="challenger", out=out)
    logs = [json.loads(line) for line in out.getvalue().splitlines()]
    seats = len(logs[0]["result"]["deltas"])
    assert len(logs) == r.hands_played == 6 * seats
    assert r.hands == sum("same_as" not in g["note"]["duplicate"] for g in logs)
    per_wall = []
    for w in range(6):
        games = {g["note"]["duplicate"]["seating"]: g for g in logs
                 if g["note"]["duplicate"]["wall"] == w}
        x = y = 0
        for k, g in games.items():
            note = g["note"]["duplicate"]
            if "same_as" in note:
                assert note["same_as"] < k and g["events"] == games[note["same_as"]]["events"]
            for s, (player, delta) in enumerate(zip(note["players"], g["result"]["deltas"])):
                assert player == (s != k)
                if player == 0:
                    x += delta
                else:
                    y += delta
        per_wall.append(x / seats - y / (seats * (seats - 1)))
    d = r.to_dict()
    mean = sum(per_wall) / 6
    sd = math.sqrt(sum((v - mean) ** 2 for v in per_wall) / 5)
    half = t975(5) * sd / math.sqrt(6)
    assert d["difference"]["mean"] == pytest.approx(mean)
    assert d["difference"]["ci95"] == pytest.approx([mean - half, mean + half])


def test_seeded_threads_and_dask_equal():
    one, two = io.StringIO(), io.StringIO()
    a = play("sichuan", "strong,greedy", walls=7, seed=3, seatings="challenger", out=one)
    b = play("sichuan", "strong,greedy", walls=7, seed=3, seatings="challenger", out=two,
             threads=2, chunk=2)
    assert a.to_dict() == b.to_dict() and one.getvalue() == two.getvalue()
    assert play("sichuan", "strong,greedy", walls=7, seed=4,
                seatings="challenger").to_dict() != a.to_dict()
    pytest.importorskip("dask")
    from mahjong import dask as mjd
    c = mjd.match("sichuan", "strong,greedy", walls=7, seed=3, seatings="challenger",
                  partitions=3)
    assert c.compute(scheduler="sync").to_dict() == a.to_dict()


def test_cli_json_contract_and_repeatable(capsys):
    argv = ["match", "--rules", "guobiao", "--agents", "strong,greedy", "--walls", "5",
            "--seed", "2", "--seatings", "challenger", "--json"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    d = json.loads(first)
    assert {"rules", "walls", "hands", "agents", "difference"} <= set(d)
    assert (d["rules"], d["walls"], d["seatings"], d["hands_played"]) == (
        "guobiao", 5, "challenger", 20)
    assert 5 <= d["hands"] <= 20
    for a in d["agents"]:
        assert {"name", "points_per_hand", "ci95", "win_rate", "deal_in_rate",
                "self_draw_rate", "average_value"} <= set(a)
        assert len(a["ci95"]) == 2
    assert [a["seat_hands"] for a in d["agents"]] == [20, 60]
    diff = d["difference"]
    assert diff["of"] == ["strong", "greedy"] and len(diff["ci95"]) == 2
    assert diff["ci95"][0] <= diff["mean"] <= diff["ci95"][1]
    assert diff["mean"] == pytest.approx(d["agents"][0]["points_per_hand"]
                                         - d["agents"][1]["points_per_hand"])
    assert main(argv[:-1]) == 0
    assert "strong - greedy" in capsys.readouterr().out


def test_challenger_takes_two_agents(capsys):
    with pytest.raises(MahjongError, match="agents: 4 given; seatings 'challenger'"):
        play("guobiao", "strong,greedy,greedy,greedy", walls=2, seatings="challenger")
    code = main(["match", "--rules", "sichuan", "--agents", "greedy,random,greedy",
                 "--walls", "2", "--seatings", "challenger"])
    assert code == 2 and "--agents" in capsys.readouterr().err
