"""Streams run in constant memory: the statistics of a generator of logs, with the
cumulative series of ``mahjong stats --plot`` too, hold totals and a bounded number of
samples, never one value per hand; commands reading standard input answer before it ends."""
import json
import select
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from mahjong import stats
from mahjong.stats import HandFacts, Stats

from child_env import CHILD_CWD, child_env
from test_cli_stream import _peak_memory

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _facts(n, agents=None):
    """``n`` hands of four seats, each seat's points a fresh integer (none of the small
    integers Python shares), so a series that keeps one per hand shows in the peak; few
    distinct values, as real points are (the histogram of points stays small)."""
    for i in range(n):
        d = 1000 + i % 50
        yield HandFacts("sichuan", [d, -d, 3 * d, -3 * d], [(0, 1, 5, False)], [1], False,
                        ["x"], [d], 10, agents)


def _peak(n, **kw) -> int:
    st = Stats(series=True)
    st.add_facts(next(_facts(1, **kw)))  # warm-up: the groups and counters exist
    tracemalloc.start()
    try:
        for f in _facts(n, **kw):
            st.add_facts(f)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_plot_series_stay_bounded_over_ten_times_the_hands():
    """The cumulative series of --plot: 20,000 hands take no more memory than 2,000 (they
    kept four points per hand: several MB more)."""
    for agents in (None, ["a", "b", "a", "b"]):
        small, big = _peak(2_000, agents=agents), _peak(20_000, agents=agents)
        # the samples kept may differ by up to SERIES_POINTS per name (about 0.3 MB for
        # four names); one value per hand and name was 7.7 MB more at 20,000 hands
        assert big < small + 1_000_000, (agents, small, big)


def test_plot_series_are_the_cumulative_points_at_their_sampled_hands():
    n = 5_000
    st = Stats(series=True)
    truth = {f"seat {s}": [0] for s in range(4)}
    for f in _facts(n):
        st.add_facts(f)
        for s, d in enumerate(f.deltas):
            truth[f"seat {s}"].append(truth[f"seat {s}"][-1] + d)
    curves = st.cumulative()
    assert sorted(curves) == sorted(truth)
    assert st.series_stride > 1 and len(curves["seat 0"]) <= stats.SERIES_POINTS + 1
    for name, samples in curves.items():
        assert samples[-1] == (n, truth[name][n])
        hands = [h for h, _ in samples]
        assert hands == sorted(set(hands)) and hands[0] == st.series_stride
        assert all(pts == truth[name][h] for h, pts in samples)
        assert [p["points"] for p in st.rows()][int(name[5:])] == truth[name][n]


def test_a_name_met_late_starts_at_zero_and_one_hand_is_one_point():
    st = Stats(series=True)
    for f in _facts(3):
        st.add_facts(f)
    for f in _facts(2, agents=["a", "b", "b", "b"]):
        st.add_facts(f)
    curves = st.cumulative()
    assert curves["a"] == [(1, 0), (2, 0), (3, 0), (4, 1000), (5, 2001)]
    assert curves["b"] == [(1, 0), (2, 0), (3, 0), (4, -1000), (5, -2001)]
    assert curves["seat 0"][-1] == (5, 1000 + 1001 + 1002)
    assert Stats().cumulative() == {} and Stats(series=True).cumulative() == {}
    one = Stats(series=True)
    one.add_facts(next(_facts(1)))
    assert one.cumulative()["seat 2"] == [(1, 3000)]


def test_summary_of_a_generator_keeps_no_record():
    """stats.summary over a generator of 20,000 logs vs 2,000: the same peak."""
    def logs(n):
        for i in range(n):
            d = 1000 + i % 50
            yield {"rules": "sichuan", "seats": 4,
                   "events": [{"type": "discard", "seat": 0, "tile": "1m"},
                              {"type": "win", "seat": 1, "from": 0, "win_tile": "1m"}],
                   "result": {"deltas": [d, -d, 0, 0], "items": ["x"],
                              "win_values": [d]}}

    def peak(n):
        stats.summary(logs(10))
        tracemalloc.start()
        try:
            st = stats.summary(logs(n))
            return tracemalloc.get_traced_memory()[1], st
        finally:
            tracemalloc.stop()

    peak(2_000)    # (what the first calls set up once, e.g. caches, is not counted)
    (small, _), (big, st) = peak(2_000), peak(20_000)
    assert st.hands == 20_000 and st.rows()[0]["points"] == sum(1000 + i % 50 for i in
                                                                   range(20_000))
    # keeping the 18,000 more logs would take tens of MB; 1 MB is what other tests of the
    # same process may leave to be set up on the way
    assert big < small + 1_000_000, (small, big)


# --- convert from standard input: each game converted as soon as its text is read ----------

def _games_text():
    """The shortest game of the Botzone text example (its lines from its Match line to its
    Score line), and the same game as our JSON-lines log."""
    lines = (EXAMPLES / "botzone_games.txt").read_bytes().splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith(b"Match")]
    games = []
    for first in starts:
        last = next(i for i in range(first, len(lines)) if lines[i].startswith(b"Score"))
        text = b"".join(lines[first:last + 1]) + b"\n"
        log = subprocess.run([sys.executable, "-m", "mahjong", "convert", "--from",
                              "botzone-text", "-"], input=text, capture_output=True,
                             cwd=CHILD_CWD, env=child_env(), timeout=120)
        assert log.returncode == 0 and log.stdout.count(b"\n") == 1, log.stderr
        games.append((len(log.stdout), text, log.stdout))
    return min(games)[1:]


def _first_answer(argv, data: bytes, timeout: float = 30.0) -> bytes:
    """The first line a child ``mahjong`` writes after ``data`` while its standard input
    stays open (b"" when none comes in ``timeout`` seconds)."""
    env = child_env()
    env.pop("PYTHONUNBUFFERED", None)  # standard output buffered, as a user's is
    proc = subprocess.Popen([sys.executable, "-m", "mahjong", *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            cwd=CHILD_CWD, env=env, bufsize=0)
    try:
        proc.stdin.write(data)
        if not select.select([proc.stdout], [], [], timeout)[0]:
            return b""
        return proc.stdout.readline()
    finally:
        proc.kill()
        proc.wait(timeout=60)


@pytest.mark.parametrize("source", ["botzone-text", "jsonl"])
def test_convert_answers_a_game_while_standard_input_stays_open(source):
    """One game written to ``convert --from F -`` and its log comes back before standard
    input ends: the Botzone text was read a 256 kB block at a time (no answer until a
    hundred games had come), and a converted game waited in the output buffer."""
    text, log = _games_text()
    assert len(log) < 4096  # less than an output buffer: it must be flushed to be seen
    data = text if source == "botzone-text" else log
    answer = _first_answer(["convert", "--from", source, "-"], data)
    assert answer.endswith(b"\n")
    got, want = json.loads(answer), json.loads(log)
    assert got["rules"] == "guobiao" and len(got["events"]) > 50
    assert (got["wall"], got["events"]) == (want["wall"], want["events"])


def test_plot_axes_write_negative_numbers_with_a_minus_every_font_has(tmp_path, monkeypatch):
    """The tick labels of negative points use the ASCII minus: U+2212, matplotlib's
    default, is missing from the CJK fonts put first for the item names (it showed as a
    box beside every negative number on the axis)."""
    pytest.importorskip("matplotlib", reason="matplotlib is not installed: "
                                             "pip install 'mahjong-core[stats]'")
    import matplotlib

    seen = []
    save = stats._save

    def spy(fig, path, plt):
        seen.append(matplotlib.rcParams["axes.unicode_minus"])
        return save(fig, path, plt)

    monkeypatch.setattr(stats, "_save", spy)
    st = Stats(series=True)
    for f in _facts(30):
        st.add_facts(f)
    assert len(stats.plot(st, str(tmp_path))) == 3
    assert seen == [False, False, False]


# --- a JSON list of many records on one line ------------------------------------------------

def _records_line(n: int) -> str:
    recs = [json.loads(line) for line in
            (EXAMPLES / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    return json.dumps([recs[i % len(recs)] for i in range(n)]) + "\n"


def test_a_list_on_one_line_is_settled_an_item_at_a_time(tmp_path):
    """A JSON list of records written on one line (800 kB): the line is held, its records
    are not all decoded at once (they were: ten times the line's size)."""
    line = _records_line(1)
    n = 800_000 // len(line) + 1
    big, small = tmp_path / "big.json", tmp_path / "small.json"
    big.write_text(_records_line(n), encoding="utf-8")
    small.write_text(_records_line(3), encoding="utf-8")
    size = big.stat().st_size
    peak = _peak_memory(["settle", str(big), "--json"], ["settle", str(small), "--json"])
    assert peak < 3.5 * size, (peak, size)


@pytest.mark.parametrize("command", ["settle", "score"])
def test_a_list_on_one_line_answers_as_its_items_one_per_line(tmp_path, command):
    """The same answers, in order, for a one-line list as for its items one per line (with
    a bad item among them, and spaces JSON allows around the brackets and commas)."""
    if command == "settle":
        items = [json.loads(line) for line in
                 (EXAMPLES / "records.jsonl").read_text(encoding="utf-8").splitlines()]
        items.insert(1, {"rules": "sichuan"})
        argv = ["settle", "--json"]
    else:
        items = [json.loads(line) for line in
                 (EXAMPLES / "hands.jsonl").read_text(encoding="utf-8").splitlines()]
        items.insert(2, {"hand": "1m"})
        argv = ["score", "--jsonl"]
    listed, lines = tmp_path / "list.json", tmp_path / "lines.jsonl"
    listed.write_text(" [ " + " ,\t".join(json.dumps(i) for i in items) + " ] \n",
                      encoding="utf-8")
    lines.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")

    def answers(path):
        r = subprocess.run([sys.executable, "-m", "mahjong", *argv[:1], str(path), *argv[1:]]
                           if command == "settle" else
                           [sys.executable, "-m", "mahjong", *argv, str(path)],
                           capture_output=True, cwd=CHILD_CWD, env=child_env(), timeout=120)
        assert r.returncode == 1, r.stderr  # the bad item
        return [json.loads(x) for x in r.stdout.splitlines()]

    got, want = answers(listed), answers(lines)
    assert len(got) == len(items) and sum("error" in row for row in got) == 1
    assert got == want
