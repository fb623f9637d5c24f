"""The replay viewer (mahjong.viewer, `mahjong replay`): the states it computes, the page it
writes, and the page opened by a real headless browser (Debian's chromium), stepped through
every event of a hand of each rule set."""
import html
import json
import re
import shutil
import subprocess
from collections import Counter

import pytest

from mahjong import viewer
from mahjong.cli import main
from mahjong.errors import MahjongError
from mahjong.game import Game
from mahjong.ruleset import settle
from mahjong.tiles import TENHOU_NAMES, parse_tiles

RULES = ("guobiao", "sichuan", "yunnan", "guiyang", "huanggang", "two_player", "tongcheng")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _won_log(rules):
    """The first seeded greedy hand of ``rules`` with a win and a claim."""
    for seed in range(200):
        log = Game(rules, seed=seed, agents="greedy").play()
        types = {e["type"] for e in log["events"]}
        if "win" in types and types & {"pung", "chow", "kong"}:
            return log
    raise AssertionError(f"no won hand with a claim in 200 seeds of {rules}")


LOGS = {}


def won_log(rules):
    if rules not in LOGS:
        LOGS[rules] = _won_log(rules)
    return LOGS[rules]


def _names(text):
    return sorted(TENHOU_NAMES[i] for i in parse_tiles(text))


@pytest.mark.parametrize("rules", RULES)
def test_steps_follow_the_events(rules):
    log = won_log(rules)
    st = viewer.steps(log)
    events = log["events"]
    assert len(st) == len(events) + 1
    assert st[0]["text"] == "the deal"
    seats = log["seats"]
    for k, e in enumerate(events, 1):
        before, after = st[k - 1], st[k]
        assert after["event"] == e
        if e["type"] == "draw":     # the drawn tile joins that hand, nothing else changes
            assert Counter(after["hands"][e["seat"]]) - Counter(before["hands"][e["seat"]]) \
                == Counter([e["tile"]])
            assert len(after["hands"][e["seat"]]) == len(before["hands"][e["seat"]]) + 1
            assert after["wall"] == before["wall"] - 1
        if e["type"] == "discard":
            assert Counter(before["hands"][e["seat"]]) - Counter(after["hands"][e["seat"]]) \
                == Counter([e["tile"]])
            assert after["discards"][e["seat"]][-1] == [e["tile"], 0]
        if e["type"] in ("pung", "chow") or (e["type"] == "kong" and e.get("from") is not None):
            assert after["discards"][e["from"]][-1][1] == 1       # marked as claimed
            assert len(after["melds"][e["seat"]]) == len(before["melds"][e["seat"]]) + 1
        if e["type"] == "win":
            assert after["won"][e["seat"]]
    # the discards in order, as the events give them
    for s in range(seats):
        river = [e["tile"] for e in events if e["type"] == "discard" and e["seat"] == s]
        assert [d[0] for d in st[-1]["discards"][s]] == river
    # the last step's hands and melds are the log's final ones
    for s, fin in log["final"].items():
        assert sorted(st[-1]["hands"][int(s)]) == (_names(fin["hand"]) if fin["hand"] else [])
        assert [m["tiles"] for m in st[-1]["melds"][int(s)]] == \
            [m["tiles"] for m in fin["melds"]]


def test_huanggang_marks_the_laizi():
    log = won_log("huanggang")
    laizi = settle(log).to_dict()["wins"]
    want = next(iter(laizi.values()))["laizi"]
    assert viewer.steps(log)[-1]["laizi"] == want
    assert f"赖子 {want}" in viewer.page(log)


@pytest.mark.parametrize("rules", RULES)
def test_page_is_self_contained_and_small(rules):
    log = won_log(rules)
    page = viewer.page(log)
    assert len(page.encode()) < 1_000_000
    assert 'name="viewport"' in page
    assert not re.search(r"https?://|<link|src=|@import|url\(", page)
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>',
                                page, re.S).group(1).replace("<\\/", "</"))
    assert data["end"]["deltas"] == list(settle(log).deltas)
    assert len(data["steps"]) == len(log["events"]) + 1


def test_bad_input_raises_mahjong_errors():
    log = won_log("sichuan")
    with pytest.raises(MahjongError, match="seat"):
        viewer.page(log, seat=7)
    with pytest.raises(MahjongError, match="game log"):
        viewer.steps([1, 2])
    with pytest.raises(MahjongError, match="events"):
        viewer.steps({**log, "events": "x"})
    broken = {**log, "events": [dict(e) for e in log["events"]]}
    i = next(i for i, e in enumerate(broken["events"]) if e["type"] == "discard")
    broken["events"][i]["tile"] = "9z" if broken["events"][i]["tile"] != "9z" else "1m"
    with pytest.raises(MahjongError):
        viewer.steps(broken)


def test_cli_writes_the_chosen_game(tmp_path, capsys):
    logs = tmp_path / "logs.jsonl"
    assert main(["simulate", "--rules", "tongcheng", "--hands", "3", "--agents", "greedy",
                 "--out", str(logs), "--no-progress"]) == 0
    out = tmp_path / "game.html"
    assert main(["replay", str(logs), "--out", str(out), "--game", "2", "--seat", "1"]) == 0
    third = json.loads(logs.read_text().splitlines()[2])
    assert out.read_text(encoding="utf-8") == viewer.page(third, seat=1)
    assert main(["replay", str(logs), "--out", str(out), "--game", "3"]) == 2
    assert "--game: 3 is past the last log" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.jsonl"), "--out", str(out)]) == 2


def test_jupyter_display_is_the_page():
    log = won_log("yunnan")
    shown = viewer.LogView(log)._repr_html_()
    assert shown.startswith("<iframe")
    srcdoc = re.search(r'srcdoc="(.*?)"', shown, re.S).group(1)
    assert html.unescape(srcdoc) == viewer.page(log)


# --- a real browser ---------------------------------------------------------------------

needs_browser = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium binary on PATH (apt-get install chromium): "
                             "the viewer's browser tests need a real headless browser")


def _open(path, fragment="#test"):
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                        "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000",
                        "--dump-dom", path.as_uri() + fragment],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout, r.stderr


def _tiles_shown(step, seat=None):
    n = 0
    for s in range(len(step["hands"])):
        n += len(step["hands"][s]) + len(step["discards"][s])
        n += sum(1 if m["type"] == "single_kong" else len(parse_tiles(m["tiles"]))
                 for m in step["melds"][s])
    return n


def _console_errors(stderr):
    return [line for line in stderr.splitlines()
            if "CONSOLE" in line and ("Uncaught" in line or "Error" in line)]


@needs_browser
@pytest.mark.parametrize("rules", RULES)
def test_browser_shows_every_event(rules, tmp_path):
    log = won_log(rules)
    path = tmp_path / f"{rules}.html"
    viewer.write_html(log, str(path))
    dom, stderr = _open(path)
    assert not _console_errors(stderr)
    errors = re.search(r'<pre id="errors">(.*?)</pre>', dom, re.S).group(1)
    assert errors == ""
    st = viewer.steps(log)
    n = len(st) - 1
    assert f'<div id="testdone">shown {len(st)}</div>' in dom
    lines = html.unescape(re.search(r'<pre id="testlog">(.*?)</pre>', dom, re.S).group(1))
    lines = lines.split("\n")
    assert len(lines) == len(st)
    for k, (line, step) in enumerate(zip(lines, st)):     # every step drawn, all its tiles
        assert line == f"step {k}/{n}: {step['text']} | {_tiles_shown(step)}"
    shown = [int(d.replace("+", "")) for d in
             re.findall(r'<td class="delta" data-seat="\d+">([-+]?\d+)</td>', dom)]
    assert shown == list(settle(log).deltas) == log["result"]["deltas"]
    assert any(x != 0 for x in shown)
    for w in settle(log).to_dict()["wins"].values():      # the scoring items
        for item in w.get("items") or w["fans"]:              # Guobiao names them fans
            assert html.escape(item["name"]) in dom


@needs_browser
def test_browser_seat_view_hides_the_other_hands(tmp_path):
    log = won_log("guobiao")
    path = tmp_path / "seat.html"
    viewer.write_html(log, str(path), seat=2)
    dom, stderr = _open(path, "#step=5")
    assert not _console_errors(stderr)
    step = viewer.steps(log)[5]
    seats = re.search(r'<div id="seats">(.*?)<div id="end"', dom, re.S).group(1)
    backs = seats.count('class="t back')
    assert seats.count('class="t ') > backs > 0          # seat 2's own tiles are shown
    assert backs == sum(len(step["hands"][s]) for s in (0, 1, 3))
    assert "step 5/" in dom


@needs_browser
def test_browser_reports_a_script_error(tmp_path):
    """The harness sees a broken page (so a clean run above means something)."""
    page = viewer.page(won_log("sichuan")).replace('"steps":[', '"steps":[null,', 1)
    path = tmp_path / "broken.html"
    path.write_text(page, encoding="utf-8")
    dom, stderr = _open(path)
    errors = re.search(r'<pre id="errors">(.*?)</pre>', dom, re.S).group(1)
    assert "ERROR" in errors and _console_errors(stderr)
    assert '<div id="testdone">' not in dom


@needs_browser
def test_browser_shows_the_flowers_set_aside(tmp_path):
    """Guobiao with the 8 flowers: each seat's flowers drawn and replaced so far."""
    log = next(lg for lg in (Game("guobiao", seed=sd, options={"flowers": True},
                                  agents="greedy").play() for sd in range(50))
               if lg["result"]["win_values"])
    last = viewer.steps(log)[-1]
    assert sum(last["flowers"]) > 0
    path = tmp_path / "flowers.html"
    viewer.write_html(log, str(path))
    dom, stderr = _open(path, f"#step={len(log['events'])}")
    assert not _console_errors(stderr)
    seats = re.search(r'<div id="seats">(.*?)<div id="end"', dom, re.S).group(1)
    heads = re.findall(r"<h2>(.*?)</h2>", seats)
    assert len(heads) == 4
    for head, n in zip(heads, last["flowers"]):
        assert (f"花 ×{n}" in head) if n else ("花" not in head)
    assert f"wall: {last['wall']} tiles left" in dom


def test_cli_names_a_bad_line_or_out_file(tmp_path, capsys):
    """A line that is not UTF-8 or nested too deeply, and an --out that cannot be written,
    are errors of the command naming the line or the option (were an AttributeError, a
    RecursionError and an unnamed OSError)."""
    out = tmp_path / "game.html"
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\x80abc\n")
    assert main(["replay", str(bad), "--out", str(out)]) == 2
    assert "line 1: not UTF-8 text: byte 0x80 at column 1" in capsys.readouterr().err
    bad.write_text("[" * 100_000 + "\n")
    assert main(["replay", str(bad), "--out", str(out)]) == 2
    assert "line 1: invalid JSON: nested too deeply" in capsys.readouterr().err
    logs = tmp_path / "logs.jsonl"
    logs.write_text(json.dumps(won_log("sichuan")) + "\n")
    missing = tmp_path / "no" / "game.html"
    assert main(["replay", str(logs), "--out", str(missing)]) == 2
    assert f"--out: cannot write {missing}" in capsys.readouterr().err
    assert not out.exists()
