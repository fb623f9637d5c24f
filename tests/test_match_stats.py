"""Duplicate matches (``mahjong match``, :mod:`mahjong.game.duplicate`,
``mahjong.dask.match``) and statistics of logs (``mahjong stats``, :mod:`mahjong.stats`).

The statistics are checked against counts written here independently: a walk over the
events of each log, and each log settled again by the rule set."""
import io
import json
import sys

import pytest

from game_configs import spec_or_skip
from mahjong import stats
from mahjong.cli import main
from mahjong.errors import MahjongError
from mahjong.game import Game, Match
from mahjong.game.duplicate import play, seatings, t975
from mahjong.ruleset import available_rulesets, settle

RULES = available_rulesets()


def cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def sample_logs():
    """Logs of every playable rule set, greedy and random agents (血战 hands with several
    wins and wins on one discard by two seats among them)."""
    logs = []
    for rules in RULES:
        try:
            spec = spec_or_skip(rules)
        except pytest.skip.Exception:
            continue
        for seed in range(12):
            mixed = ",".join(["random", "greedy"] * (spec.seats // 2))
            agents = "greedy" if seed % 3 else mixed
            logs.append(Game(rules, seed=seed, agents=agents, dealer=seed % spec.seats).play())
    # hands where two seats win on one discard (一炮多响: one deal-in)
    for rules, seed in [("sichuan", 23), ("yunnan", 139), ("tongcheng", 41), ("guiyang", 267)]:
        if rules in RULES:
            logs.append(Game(rules, seed=seed, agents="greedy", dealer=seed % 4).play())
    return logs


@pytest.fixture(scope="module")
def logs():
    return sample_logs()


def independent_count(logs):
    """The --json contract's numbers, counted by walking the events and settling again."""
    hands = wins = self_draws = exhausted = 0
    items = {}
    per_seat = {}
    for log in logs:
        hands += 1
        s = settle(json.loads(json.dumps(log)))
        events = log["events"]
        for s_, d in enumerate(s.deltas):
            per_seat.setdefault(s_, {"wins": 0, "deal_ins": 0, "points": 0})["points"] += d
        if any(e["type"] == "exhausted" for e in events):
            exhausted += 1
        for i, e in enumerate(events):
            if e["type"] != "win":
                continue
            wins += 1
            per_seat[e["seat"]]["wins"] += 1
            if e["from"] is None:
                self_draws += 1
                continue
            prev = events[i - 1]
            same_discard = (prev["type"] == "win" and prev["from"] == e["from"]
                            and prev["win_tile"] == e["win_tile"])
            if not same_discard:
                per_seat[e["from"]]["deal_ins"] += 1
        for k in sorted(s.wins):
            res = s.wins[k]
            for item in getattr(res, "items", None) or res.fans:
                items[item.name] = items.get(item.name, 0) + 1
    return {"hands": hands, "wins": wins, "self_draws": self_draws, "exhausted": exhausted,
            "items": items, "per_seat": [per_seat[s] for s in sorted(per_seat)]}


def contract(d):
    return {"hands": d["hands"], "wins": d["wins"], "self_draws": d["self_draws"],
            "exhausted": d["exhausted"], "items": d["items"],
            "per_seat": [{k: p[k] for k in ("wins", "deal_ins", "points")}
                         for p in d["per_seat"]]}


def test_sample_holds_the_hard_cases(logs):
    several = one_discard_two = False
    for log in logs:
        ws = [i for i, e in enumerate(log["events"]) if e["type"] == "win"]
        several |= len(ws) > 1
        one_discard_two |= any(b == a + 1 and log["events"][a]["from"] is not None and
                               log["events"][a]["from"] == log["events"][b]["from"]
                               for a, b in zip(ws, ws[1:]))
    assert several and one_discard_two


def test_counts_equal_an_independent_count(logs):
    expected = independent_count(logs)
    got = stats.summary(logs).to_dict()
    assert contract(got) == expected
    # the JSON-lines fast path, the whole decode of other spellings, and records with no
    # result (settled) all agree
    lines = [json.dumps(log, ensure_ascii=False, separators=(",", ":")) for log in logs]
    assert contract(stats.summary_of_lines(lines).to_dict()) == expected
    assert contract(stats.summary_of_lines(
        [json.dumps(log).encode() for log in logs]).to_dict()) == expected
    bare = [{k: v for k, v in log.items() if k != "result"} for log in logs]
    assert contract(stats.summary(bare).to_dict()) == expected
    assert contract(stats.summary_of_lines([json.dumps(r) for r in bare]).to_dict()) == expected


def test_stats_cli_json_contract_and_csv(logs, tmp_path, capsys):
    path = tmp_path / "logs.jsonl"
    path.write_text("".join(json.dumps(log, ensure_ascii=False, separators=(",", ":")) + "\n"
                            for log in logs if log["rules"] == "sichuan"), encoding="utf-8")
    code, out, _ = cli(capsys, "stats", str(path), "--json")
    assert code == 0
    d = json.loads(out)
    assert {"hands", "wins", "self_draws", "exhausted", "items", "per_seat"} <= set(d)
    for p in d["per_seat"]:
        assert {"wins", "deal_ins", "points"} <= set(p)
    assert contract(d) == independent_count([g for g in logs if g["rules"] == "sichuan"])
    code, out, _ = cli(capsys, "stats", str(path), "--csv")
    rows = out.strip().splitlines()
    assert code == 0 and rows[0].startswith("seat,hands,wins") and len(rows) == 5
    code, out, _ = cli(capsys, "stats", str(path))
    assert code == 0 and "hands: 13" in out


def test_stats_bad_input_names_the_line(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"rules": "sichuan"}\nnot json\n', encoding="utf-8")
    code, _, err = cli(capsys, "stats", str(path))
    assert code == 2 and "line 1" in err
    with pytest.raises(MahjongError, match="record 0"):
        stats.summary([{"rules": "nonesuch", "events": []}])
    code, _, err = cli(capsys, "stats", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "missing.jsonl" in err


def test_stats_by_agent_needs_named_agents(logs):
    with pytest.raises(MahjongError, match="name no agents"):
        stats.summary(logs).to_dict("agent")


@pytest.mark.parametrize("rules,agents,n", [("sichuan", "greedy,random", 2),
                                            ("guobiao", "greedy,random,random,greedy", 4),
                                            ("two_player", "greedy,random", 2)])
def test_match_numbers_equal_its_logs(rules, agents, n):
    """Every hand of a wall is written with the agent at each seat; the points, wins,
    deal-ins and self-draws per agent recounted from the logs equal the result."""
    spec_or_skip(rules)
    out = io.StringIO()
    r = play(rules, agents, walls=5, seed=11, out=out)
    logs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(logs) == r.hands == 5 * n
    by = stats.summary(logs).rows("agent")
    got = {a["name"]: a for a in r.to_dict()["agents"]}
    assert sorted(got) == sorted(row["agent"] for row in by)
    for row in by:
        a = got[row["agent"]]
        assert a["seat_hands"] == row["hands"]
        assert a["points_per_hand"] == pytest.approx(row["points"] / row["hands"])
        assert (a["wins"], a["deal_ins"], a["self_draws"]) == (
            row["wins"], row["deal_ins"], row["self_draws"])
    # every wall: the same deck in every seating, each agent in every seat position
    for w in range(5):
        hands = [g for g in logs if g["note"]["duplicate"]["wall"] == w]
        assert len({g["dealer"] for g in hands}) == 1
        if rules != "two_player":   # (whose log shows its wall as the flowers left it)
            assert len({json.dumps(g["wall"]) for g in hands}) == 1
        seats_of = {}
        for g in hands:
            for s, a in enumerate(g["note"]["duplicate"]["agents"]):
                seats_of.setdefault(a, []).append(s)
        per_seat = {a: {s: v.count(s) for s in set(v)} for a, v in seats_of.items()}
        for a, c in per_seat.items():       # each agent occupies every seat equally often
            assert len(set(c.values())) == 1 and len(c) == len(hands[0]["result"]["deltas"])


def test_seatings():
    assert seatings([0, 1, 0, 1], "rotate") == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert len(seatings([0, 1, 0, 1], "all")) == 6
    assert len(seatings([0, 1, 2, 3], "rotate")) == 4
    assert len(seatings([0, 1, 2, 3], "all")) == 24
    assert seatings([0, 1], "rotate") == seatings([0, 1], "all") == [(0, 1), (1, 0)]
    with pytest.raises(MahjongError, match="seatings"):
        seatings([0, 1], "every")


def test_t975():
    # Student's t 97.5% quantiles (published tables)
    for df, q in [(1, 12.706), (5, 2.571), (10, 2.228), (30, 2.042), (120, 1.980)]:
        assert t975(df) == pytest.approx(q, abs=2e-3)


def test_match_json_contract_and_repeatable(capsys):
    argv = ["match", "--rules", "sichuan", "--agents", "greedy,random", "--walls", "4",
            "--seed", "5"]
    code, first, _ = cli(capsys, *argv, "--json")
    assert code == 0
    _, second, _ = cli(capsys, *argv, "--json")
    assert first == second
    d = json.loads(first)
    assert {"rules", "walls", "hands", "agents", "difference"} <= set(d)
    assert (d["rules"], d["walls"], d["hands"]) == ("sichuan", 4, 8)
    for a in d["agents"]:
        assert {"name", "points_per_hand", "ci95", "win_rate", "deal_in_rate",
                "self_draw_rate", "average_value"} <= set(a)
        assert len(a["ci95"]) == 2 and a["ci95"][0] <= a["points_per_hand"] <= a["ci95"][1]
    diff = d["difference"]
    assert diff["of"] == ["greedy", "random"]
    assert diff["mean"] == pytest.approx(d["agents"][0]["points_per_hand"]
                                         - d["agents"][1]["points_per_hand"])
    assert diff["ci95"][0] <= diff["mean"] <= diff["ci95"][1]
    _, text1, _ = cli(capsys, *argv)
    _, text2, _ = cli(capsys, *argv)
    assert text1 == text2 and "greedy - random" in text1
    _, other, _ = cli(capsys, *argv[:-1], "6", "--json")
    assert other != first


def test_threads_and_dask_equal_one_process(tmp_path):
    one, two = io.StringIO(), io.StringIO()
    a = play("sichuan", "greedy,random", walls=7, seed=3, out=one)
    b = play("sichuan", "greedy,random", walls=7, seed=3, out=two, threads=2, chunk=2)
    assert a.to_dict() == b.to_dict()
    assert one.getvalue() == two.getvalue()
    pytest.importorskip("dask")
    from mahjong import dask as mjd
    c = mjd.match("sichuan", "greedy,random", walls=7, seed=3, partitions=3)
    assert c.compute(scheduler="sync").to_dict() == a.to_dict()
    assert Match.duplicate("sichuan", "greedy,random", 7, 3).to_dict() == a.to_dict()


@pytest.mark.parametrize("agents", ["greedy,greedy", "random,random",
                                    "greedy,greedy,greedy,greedy"])
def test_duplicate_cancels_the_luck_of_identical_agents(agents):
    """The property behind the format: identical agents on the same walls in every seating
    come out exactly even (interval of width 0), where independent walls with a random
    seating, for as many hands, leave a spread."""
    dup = play("sichuan", agents, walls=8, seed=9).to_dict()
    ctrl = play("sichuan", agents, walls=dup["hands_played"], seed=9,
                seatings="random").to_dict()
    assert dup["hands"] == 8 < dup["hands_played"]     # every seating the same game again
    assert dup["difference"]["ci95"] == [0.0, 0.0]
    width = ctrl["difference"]["ci95"][1] - ctrl["difference"]["ci95"][0]
    assert width > 0
    assert all(a["points_per_hand"] == 0 for a in dup["agents"])


def test_random_control_plays_one_seating_per_wall():
    r = play("guobiao", "greedy,random", walls=6, seed=2, seatings="random")
    assert r.hands == 6 and r.to_dict()["agents"][0]["seat_hands"] == 12


@pytest.mark.parametrize("kwargs,word", [
    ({"agents": "greedy,nonesuch"}, "nonesuch"),
    ({"agents": "greedy,random,greedy"}, "agents"),
    ({"walls": -1}, "walls"),
    ({"seed": "x"}, "seed"),
    ({"seatings": "some"}, "seatings"),
    ({"threads": 0}, "threads"),
])
def test_match_bad_input(kwargs, word):
    args = {"rules": "sichuan", "agents": "greedy,random", "walls": 2, "seed": 0}
    args.update(kwargs)
    with pytest.raises(MahjongError, match=word):
        play(**args)


def test_match_cli_bad_input_exit_2(capsys):
    code, _, err = cli(capsys, "match", "--rules", "sichuan", "--agents", "greedy,bogus",
                       "--walls", "2")
    assert code == 2 and "bogus" in err and "--agents" in err
    code, _, err = cli(capsys, "match", "--rules", "nonesuch", "--agents", "greedy",
                       "--walls", "2")
    assert code == 2 and "nonesuch" in err


def test_to_dataframe_and_a_clear_hint_without_pandas(monkeypatch):
    r = play("two_player", "greedy,random", walls=2, seed=1)
    st = stats.summary([Game("sichuan", seed=1).play()])
    pd = pytest.importorskip("pandas")
    frame = r.to_dataframe()
    assert list(frame.index) == ["greedy", "random"] and "ci95_low" in frame
    assert isinstance(st.to_dataframe(), pd.DataFrame)
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(MahjongError, match="pip install"):
        r.to_dataframe()
    with pytest.raises(MahjongError, match="pip install"):
        st.to_dataframe()


def test_plot_writes_pngs(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed: "
                                             "pip install 'mahjong-core[stats]'")
    logs = tmp_path / "m.jsonl"
    code, _, _ = cli(capsys, "match", "--rules", "sichuan", "--agents", "greedy,random",
                     "--walls", "2", "--out", str(logs))
    assert code == 0
    code, out, err = cli(capsys, "stats", str(logs), "--by", "agent", "--plot",
                         str(tmp_path / "plots"))
    assert code == 0 and "greedy:" in out
    for name in ("items.png", "scores.png", "cumulative.png"):
        data = (tmp_path / "plots" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000


def test_threads_need_picklable_agents_and_zero_walls():
    with pytest.raises(MahjongError, match="worker processes"):
        play("sichuan", ["greedy", lambda obs, legal: legal[0]], 2, threads=2)
    d = play("sichuan", "greedy,random", 0).to_dict()
    assert (d["walls"], d["hands"]) == (0, 0)
    assert d["agents"][0]["points_per_hand"] is None and d["difference"]["ci95"] is None


def test_stats_of_no_logs(tmp_path, capsys):
    path = tmp_path / "empty.jsonl"
    path.write_text("\n", encoding="utf-8")
    code, out, _ = cli(capsys, "stats", str(path), "--json")
    assert code == 0
    assert contract(json.loads(out)) == {"hands": 0, "wins": 0, "self_draws": 0,
                                         "exhausted": 0, "items": {}, "per_seat": []}


def test_by_agent_reads_a_matchs_players():
    m = Match("sichuan", seed=4, agents="greedy", hands=3)
    logs = m.play()
    rows = stats.summary(logs).rows("agent")
    assert [r["agent"] for r in rows] == [f"player {p}" for p in range(4)]
    assert [r["points"] for r in rows] == m.scores


def test_match_cli_all_seatings_two_seats(capsys):
    code, out, _ = cli(capsys, "match", "--rules", "two_player", "--agents", "greedy,random",
                       "--walls", "3", "--seatings", "all", "--json")
    d = json.loads(out)
    assert code == 0 and (d["walls"], d["hands"]) == (3, 6)
    assert d["agents"][0]["points_per_hand"] == -d["agents"][1]["points_per_hand"]


def test_audit_stats_a_line_not_utf8_is_a_mahjong_error(tmp_path, capsys):
    # was a UnicodeDecodeError traceback out of `mahjong stats`
    with pytest.raises(MahjongError, match="line 1: not UTF-8"):
        stats.summary_of_lines([b"\xff\xfe{}\n"])
    with pytest.raises(MahjongError, match="not a JSON line"):
        stats.line_facts(5)
    f = tmp_path / "bad.jsonl"
    f.write_bytes(b"\xff\n")
    code, _, err = cli(capsys, "stats", str(f))
    assert code != 0 and "not UTF-8" in err and "Traceback" not in err


def test_audit_match_rules_in_any_case(capsys):
    code, out, _ = cli(capsys, "match", "--rules", "Sichuan", "--agents", "greedy,random",
                       "--walls", "1", "--json")
    assert code == 0 and json.loads(out)["rules"] == "sichuan"


def test_audit_match_jobs_are_made_lazily(monkeypatch):
    # every chunk's job tuple was built before the first hand (memory grew with --walls)
    import tracemalloc

    from mahjong.game import duplicate

    class Stop(Exception):
        pass

    def stop(job):
        raise Stop

    monkeypatch.setattr(duplicate, "_chunk", stop)
    tracemalloc.start()
    try:
        with pytest.raises(Stop):
            duplicate.play("sichuan", "random,random", walls=400_000, chunk=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, peak


@pytest.mark.parametrize("line", [
    "[" * 100_000 + "]" * 100_000,
    '{"rules":"sichuan","result":{"x":' + "[" * 100_000 + "]" * 100_000
    + "}}"], ids=["list", "fast_path"])
def test_audit_stats_a_deeply_nested_line_is_a_mahjong_error(line):
    # was a RecursionError out of json's decoder
    with pytest.raises(MahjongError, match="line 1"):
        stats.summary_of_lines([line])


@pytest.mark.parametrize("field", ["deltas", "win_values", "items"])
def test_audit_stats_a_result_of_wrong_types_is_not_counted(field):
    # a nested list in the result's numbers or items was a TypeError out of the counting
    log = Game("sichuan", seed=1).play()
    log["result"][field] = [[[]]] * len(log["result"][field] or [0])
    line = json.dumps(log, separators=(",", ":"))
    for call in (lambda: stats.summary_of_lines([line]), lambda: stats.summary([log])):
        try:
            st = call()
        except MahjongError:
            continue
        # else the hand was settled from its events instead of its result
        assert st.hands == 1


def test_audit_stats_summary_and_plot_arguments():
    for bad in (None, 5, 1.5):
        with pytest.raises(MahjongError, match="records"):
            stats.summary(bad)
    with pytest.raises(MahjongError, match="out_dir"):
        stats.plot(stats.summary([]), 5)


def test_audit_match_out_is_written_whole_or_not_at_all(tmp_path, capsys, monkeypatch):
    # --out was opened in place: a match that failed part way left a partial file
    from mahjong.game import duplicate

    real = duplicate.play

    def fails_late(*a, out=None, **k):
        real(*a, out=out, **k)
        raise MahjongError("stopped")

    path = tmp_path / "logs.jsonl"
    monkeypatch.setattr(duplicate, "play", fails_late)
    code, _, err = cli(capsys, "match", "--rules", "sichuan", "--agents", "greedy,random",
                       "--walls", "2", "--out", str(path))
    assert code != 0 and "stopped" in err
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(duplicate, "play", real)
    code, _, _ = cli(capsys, "match", "--rules", "sichuan", "--agents", "greedy,random",
                     "--walls", "2", "--out", str(path))
    assert code == 0 and len(path.read_text().splitlines()) == 4
    assert list(tmp_path.iterdir()) == [path]
    code, _, err = cli(capsys, "match", "--rules", "sichuan", "--agents", "greedy,random",
                       "--walls", "2", "--out", "/dev/full")
    assert code != 0 and "/dev/full" in err and "Traceback" not in err


def test_audit_dask_match_more_partitions_than_walls():
    # every partition's bounds were listed first: partitions=2**70 was a MemoryError (or
    # the process killed), 10**6 about 100 MB for 3 walls
    import tracemalloc

    pytest.importorskip("dask")
    from mahjong import dask as mjd
    tracemalloc.start()
    try:
        c = mjd.match("sichuan", "greedy,random", walls=3, seed=3, partitions=10 ** 6)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10_000_000, peak
    want = play("sichuan", "greedy,random", walls=3, seed=3).to_dict()
    assert c.compute(scheduler="sync").to_dict() == want
    big = mjd.match("sichuan", "greedy,random", walls=3, seed=3, partitions=2 ** 70)
    assert big.compute(scheduler="sync").to_dict() == want
