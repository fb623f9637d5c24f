"""The baseline comparison of a duplicate match (``mahjong match --seatings baseline``,
:mod:`mahjong.game.duplicate`): per wall, the second agent's game at every seat, and the
first agent at each seat among the second; the difference is the first agent's points at a
seat minus the second's at the same seat of the same wall, averaged over the seats.

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
ARRANGEMENTS = seatings(PATTERN, "baseline")
ZERO_COUNTS = [[0] * 5, [0] * 5]


def result_of(walls):
    """The result of constructed walls: each a (challenger's points at seats 0..3 in its
    games, the baseline game's points at seats 0..3), through the match's own counting."""
    r = DuplicateResult("sichuan", ["A", "B"], PATTERN, ARRANGEMENTS, "baseline", 0, None)
    for x, b in walls:
        r.add_wall([sum(x), sum(b)], ZERO_COUNTS, 1 + SEATS)
    return r


def test_arrangements():
    assert ARRANGEMENTS == [(1, 1, 1, 1), (0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1),
                            (1, 1, 1, 0)]
    assert seatings([0, 1], "baseline") == [(1, 1), (0, 1), (1, 0)]


def test_hand_computed_example():
    """Three walls. Per wall (sum of the challenger's points - sum of the baseline's) / 4:
    (4 - 0) / 4 = 1, (8 - 0) / 4 = 2, (-4 - -8) / 4 = 1 (a baseline game whose points do not
    sum to 0 is subtracted as it is). Mean 4/3; sample sd sqrt(((1/3)^2 + (2/3)^2 +
    (1/3)^2) / 2) = sqrt(1/3); half-width t(0.975, 2) sqrt(1/3) / sqrt(3) = 4.3027 / 3."""
    r = result_of([([3, -1, 2, 0], [1, -1, 0, 0]),
                   ([0, 1, 1, 6], [2, -2, 5, -5]),
                   ([-4, 0, 0, 0], [-2, -2, -2, -2])])
    d = r.to_dict()
    assert (d["walls"], d["hands"]) == (3, 15)
    diff = d["difference"]
    assert diff["of"] == ["A", "B"]
    assert diff["mean"] == pytest.approx(4 / 3)
    assert diff["ci95"] == pytest.approx([4 / 3 - 4.3027 / 3, 4 / 3 + 4.3027 / 3], abs=1e-4)
    assert diff["sd_per_wall"] == pytest.approx(math.sqrt(1 / 3))    # of the per-wall means
    a, b = d["agents"]
    assert a["points_per_hand"] == pytest.approx(8 / 12)       # (4 + 8 - 4) / 12 seat-hands
    assert b["points_per_hand"] == pytest.approx(-8 / 12)
    assert diff["mean"] == pytest.approx(a["points_per_hand"] - b["points_per_hand"])
    assert "baseline" in diff["method"]


seat_points = st.lists(st.integers(-64, 64), min_size=SEATS, max_size=SEATS)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(seat_points, seat_points, seat_points), min_size=2, max_size=12))
def test_a_seats_luck_cancels_exactly(walls):
    """Whatever a seat of a wall is given (points ``luck[s]`` won by whoever sits there,
    in the baseline's game and in the challenger's), the difference and its interval do not
    move: only what the challenger does differently counts."""
    plain = result_of([(x, b) for x, b, _ in walls]).to_dict()["difference"]
    lucky = result_of([([xi + li for xi, li in zip(x, luck)],
                        [bi + li for bi, li in zip(b, luck)]) for x, b, luck in walls]
                      ).to_dict()["difference"]
    assert lucky["mean"] == pytest.approx(plain["mean"])
    if plain["ci95"] is None:
        assert lucky["ci95"] is None
    else:
        assert lucky["ci95"] == pytest.approx(plain["ci95"])


def simulated_walls(rng, walls, diverge, effect, spread):
    """Walls of a simulated game: seat ``s`` of a wall holds a luck worth ``luck[s]``
    (heavy-tailed, the four summing to 0, as points do); the baseline scores its luck plus
    a small noise; the challenger at seat s plays the baseline's game (the same points)
    unless it decides differently (probability ``diverge``), and then scores the luck plus
    ``effect`` plus a wide noise. True difference per hand: ``diverge * effect`` (in
    tenths of a point: ten times that)."""
    out = []
    for _ in range(walls):
        luck = rng.standard_t(3, SEATS) * 20
        luck -= luck.mean()
        b = luck + rng.normal(0, 2, SEATS)
        x = b.copy()
        d = rng.random(SEATS) < diverge
        x[d] = luck[d] + effect + rng.normal(0, spread, d.sum())
        # points are whole (a tenth, here): the match sums them exactly
        out.append(([int(v) for v in np.rint(10 * x)], [int(v) for v in np.rint(10 * b)]))
    return out


@pytest.mark.parametrize("diverge,effect,spread", [(0.3, 2.0, 10.0), (0.9, -1.0, 25.0),
                                                   (0.05, 8.0, 4.0)])
def test_the_interval_covers_the_true_difference(diverge, effect, spread):
    """In 400 simulated matches of 120 walls, the 95% interval holds the true difference
    about 95% of the time (a binomial 95% range for 400 draws: 0.92 .. 0.97), and its mean
    over the matches is the true difference (unbiased)."""
    rng = np.random.default_rng([27, int(diverge * 100)])
    truth = 10 * diverge * effect
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
    """The challenger's games are all the baseline's game: the difference is 0 with width
    0, and only the baseline's hands are hands."""
    for agents in ("greedy,greedy", "strong,strong", "random,random"):
        d = play("sichuan", agents, walls=6, seed=4, seatings="baseline").to_dict()
        assert d["hands"] == 6
        assert d["difference"]["mean"] == 0 and d["difference"]["ci95"] == [0.0, 0.0]


@pytest.mark.parametrize("rules,agents", [("sichuan", "strong,greedy"),
                                          ("guobiao", "greedy,random"),
                                          ("two_player", "random,greedy")])
def test_the_numbers_equal_its_logs(rules, agents):
    """Recounted from the logs written: per wall the baseline's game (seating 0) and every
    challenger's game that differs from it (an absent one is the baseline's game); the
    difference per wall is the mean over the seats of the challenger's points minus the
    baseline's at that seat."""
    out = io.StringIO()
    r = play(rules, agents, walls=6, seed=8, seatings="baseline", out=out)
    logs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(logs) == r.hands
    seats = len(logs[0]["result"]["deltas"])
    per_wall = []
    for w in range(6):
        games = {g["note"]["duplicate"]["seating"]: g for g in logs
                 if g["note"]["duplicate"]["wall"] == w}
        base = games[0]["result"]["deltas"]
        assert games[0]["note"]["duplicate"]["players"] == [1] * seats
        x = []
        for s in range(seats):
            g = games.get(1 + s)
            if g is None:
                x.append(base[s])
            else:
                assert g["note"]["duplicate"]["players"][s] == 0
                assert g["events"] != games[0]["events"]
                x.append(g["result"]["deltas"][s])
        per_wall.append(sum(xs - bs for xs, bs in zip(x, base)) / seats)
    d = r.to_dict()
    mean = sum(per_wall) / 6
    sd = math.sqrt(sum((v - mean) ** 2 for v in per_wall) / 5)
    half = t975(5) * sd / math.sqrt(6)
    assert d["difference"]["mean"] == pytest.approx(mean)
    assert d["difference"]["ci95"] == pytest.approx([mean - half, mean + half])


def test_seeded_threads_and_dask_equal():
    one, two = io.StringIO(), io.StringIO()
    a = play("sichuan", "strong,greedy", walls=7, seed=3, seatings="baseline", out=one)
    b = play("sichuan", "strong,greedy", walls=7, seed=3, seatings="baseline", out=two,
             threads=2, chunk=2)
    assert a.to_dict() == b.to_dict() and one.getvalue() == two.getvalue()
    assert play("sichuan", "strong,greedy", walls=7, seed=4,
                seatings="baseline").to_dict() != a.to_dict()
    pytest.importorskip("dask")
    from mahjong import dask as mjd
    c = mjd.match("sichuan", "strong,greedy", walls=7, seed=3, seatings="baseline",
                  partitions=3)
    assert c.compute(scheduler="sync").to_dict() == a.to_dict()


def test_cli_json_contract_and_repeatable(capsys):
    argv = ["match", "--rules", "guobiao", "--agents", "strong,greedy", "--walls", "5",
            "--seed", "2", "--seatings", "baseline", "--json"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    d = json.loads(first)
    assert {"rules", "walls", "hands", "agents", "difference"} <= set(d)
    assert (d["rules"], d["walls"], d["seatings"]) == ("guobiao", 5, "baseline")
    assert 5 <= d["hands"] <= 25
    for a in d["agents"]:
        assert {"name", "points_per_hand", "ci95", "win_rate", "deal_in_rate",
                "self_draw_rate", "average_value"} <= set(a)
        assert len(a["ci95"]) == 2
    diff = d["difference"]
    assert diff["of"] == ["strong", "greedy"] and len(diff["ci95"]) == 2
    assert diff["ci95"][0] <= diff["mean"] <= diff["ci95"][1]
    assert diff["mean"] == pytest.approx(d["agents"][0]["points_per_hand"]
                                         - d["agents"][1]["points_per_hand"])
    assert main(argv[:-1]) == 0
    assert "strong - greedy" in capsys.readouterr().out


def test_baseline_takes_two_agents(capsys):
    with pytest.raises(MahjongError, match="agents: 4 given; seatings 'baseline'"):
        play("guobiao", "strong,greedy,greedy,greedy", walls=2, seatings="baseline")
    code = main(["match", "--rules", "sichuan", "--agents", "greedy,random,greedy",
                 "--walls", "2", "--seatings", "baseline"])
    assert code == 2 and "--agents" in capsys.readouterr().err
