"""``mahjong.dask.simulate`` on a real two-process cluster and on the threaded scheduler:
the same logs for any number of partitions, equal to ``play_hands``; JSONL and Parquet
written by the workers settle (``mahjong.dask.settle``) to the logs' deltas; bad arguments
raise MahjongError."""
import json

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

from game_configs import spec_or_skip  # noqa: E402
from mahjong import dask as mjd  # noqa: E402
from mahjong.errors import MahjongError  # noqa: E402
from mahjong.game.simulate import play_hands  # noqa: E402

HANDS = 20
RUNS = [("guobiao", "greedy", None), ("sichuan", "random", None),
        ("two_player", "greedy,random", None), ("tongcheng", "random", {"multi_ron": False}),
        ("huanggang", "greedy", None)]
RUN_IDS = [r[0] for r in RUNS]


@pytest.fixture
def compute(compute):
    """One collection at a time (the suite's ``compute`` fixture takes several)."""
    return lambda x: compute(x)[0]


def plain(logs):
    return [json.loads(json.dumps(l, ensure_ascii=False)) for l in logs]


@pytest.mark.parametrize("run", RUNS, ids=RUN_IDS)
def test_same_logs_for_any_partitions(run, compute):
    rules, agents, options = run
    spec_or_skip(rules, options)
    want = plain(play_hands(rules, range(HANDS), 17, agents, options))
    for partitions in (1, 3, 7):
        bag = mjd.simulate(rules, HANDS, 17, agents=agents, partitions=partitions,
                           options=options)
        assert bag.npartitions == partitions
        assert plain(compute(bag)) == want, partitions


@pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
@pytest.mark.parametrize("run", RUNS[:3], ids=RUN_IDS[:3])
def test_written_logs_settle(run, fmt, compute, tmp_path):
    pytest.importorskip("pyarrow")
    rules, agents, options = run
    spec = spec_or_skip(rules, options)
    out = str(tmp_path / "logs")
    paths = compute(mjd.simulate(rules, HANDS, 4, agents=agents, partitions=3,
                                 options=options, out=out, format=fmt))
    assert len(paths) == 3 and all(p.endswith("." + fmt) for p in paths)
    frame = compute(mjd.settle(paths)).sort_values(["partition", "position"])
    want = plain(play_hands(rules, range(HANDS), 4, agents, options))
    assert len(frame) == HANDS
    assert frame["error_type"].isna().all()
    cols = [f"delta_{s}" for s in range(spec.seats)]
    got = [[int(x) for x in row] for row in frame[cols].itertuples(index=False)]
    assert got == [log["result"]["deltas"] for log in want]
    assert (frame["rules"] == rules).all()
    # a glob over the directory reads the same files
    again = compute(mjd.settle(out + "/part-*." + fmt)).sort_values(["partition", "position"])
    assert [[int(x) for x in row] for row in again[cols].itertuples(index=False)] == got
    # the bag of logs settles the same way without files
    bag_frame = compute(mjd.settle(mjd.simulate(rules, HANDS, 4, agents=agents, partitions=3,
                                                options=options)))
    bag_frame = bag_frame.sort_values(["partition", "position"])
    assert [[int(x) for x in row] for row in bag_frame[cols].itertuples(index=False)] == got


def test_empty_and_uneven(compute):
    spec_or_skip("guobiao")
    assert compute(mjd.simulate("guobiao", 0, 1, partitions=3)) == []
    bag = mjd.simulate("guobiao", 2, 1, partitions=5)      # three empty partitions
    assert plain(compute(bag)) == plain(play_hands("guobiao", range(2), 1))


@pytest.mark.parametrize("kwargs, field", [
    (dict(rules="nope"), "rule set"),
    (dict(hands=-1), "hands"),
    (dict(hands=2.5), "hands"),
    (dict(seed=-3), "seed"),
    (dict(seed="x"), "seed"),
    (dict(partitions=0), "partitions"),
    (dict(partitions=True), "partitions"),
    (dict(agents="clever"), "agents"),
    (dict(format="csv"), "format"),
    (dict(options={"no_such_option": 1}), "no_such_option"),
])
def test_bad_arguments(kwargs, field):
    args = dict(rules="guobiao", hands=4, seed=1)
    args.update(kwargs)
    with pytest.raises(MahjongError, match=field):
        mjd.simulate(**args)


def test_bad_settle_paths(tmp_path):
    with pytest.raises(MahjongError, match="logs"):
        mjd.settle(str(tmp_path / "nothing-*.jsonl"))
    with pytest.raises(MahjongError, match="logs"):
        mjd.settle([])
