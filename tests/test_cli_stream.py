"""The command line as a stream (issues 26 and 28): one ``score`` for every rule set and for
files mixing them, answers written as each line is read (a pipe from a game server), constant
memory, the input's format decided by its content, a progress bar with a total on a terminal
only, ``mahjong rules``, rule-set names in any case, seats labelled by number, and no
traceback on a closed standard input, a full disk or a closed pipe."""
import contextlib
import io
import json
import os
import select
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from mahjong import guobiao, sichuan
from mahjong.cli import build_parser, main
from mahjong.ruleset import SEAT_NAMES, available_rulesets, get_ruleset, ruleset_info, settle

from child_env import CHILD_CWD, child_env

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SICHUAN_HAND = {"rules": "sichuan", "hand": "111p123p456p789p99p", "win_tile": "9p"}
GB_HAND = {"rules": "guobiao", "hand": "234m567m345p678s2s", "win_tile": "2s",
           "self_drawn": True, "seat_wind": "N"}
YUNNAN_HAND = {"rules": "yunnan", "hand": "11223344556677s", "win_tile": "7s"}


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def records():
    return [json.loads(line) for line in
            (EXAMPLES / "records.jsonl").read_text(encoding="utf-8").splitlines()]


def rows(text):
    return [json.loads(line) for line in text.splitlines()]


def child(args, **kw):
    return subprocess.run([sys.executable, "-m", "mahjong", *args], capture_output=True,
                          cwd=CHILD_CWD, timeout=300, env=child_env(), **kw)


def shell(command, **kw):
    """``command`` run by sh, ``mahjong`` standing for this interpreter's ``-m mahjong``."""
    command = command.replace("mahjong ", f"'{sys.executable}' -m mahjong ")
    return subprocess.run(["sh", "-c", command], capture_output=True, cwd=CHILD_CWD,
                          timeout=300, env=child_env(), **kw)


# --- one score for every rule set --------------------------------------------------------

def test_score_jsonl_mixes_rule_sets_guobiao_included(tmp_path, capsys):
    path = tmp_path / "mixed.jsonl"
    lines = [SICHUAN_HAND, GB_HAND, YUNNAN_HAND, dict(GB_HAND, rules="GuoBiao"),
             dict(GB_HAND, hand="234m567m345p678s2s2s")]      # 14 tiles: the win among them
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    code, out, err = run(["score", "--jsonl", str(path)], capsys)
    got = rows(out)
    assert code == 0, out
    assert got[0] == sichuan.score("111p123p456p789p99p", win_tile="9p").to_dict()
    expected_gb = dict({"rules": "guobiao"}, **guobiao.score(
        "234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N").to_dict())
    assert got[1] == got[3] == got[4] == expected_gb and got[1]["total"] == 10
    assert got[2]["rules"] == "yunnan" and got[2]["fan"] == 5


def test_score_rules_guobiao_takes_the_guobiao_context(capsys):
    code, out, _ = run(["score", "--rules", "guobiao", "234m567m345p678s2s", "--win", "2s",
                        "--self-drawn", "--seat-wind", "N", "--json"], capsys)
    assert code == 0 and json.loads(out)["total"] == 10
    # 联众 fans need the option; the winds are Guobiao's only
    code, _, err = run(["score", "--rules", "guobiao", "234m567m345p678s2s", "--win", "2s",
                        "--heavenly"], capsys)
    assert code == 2 and "lianzhong=true" in err
    code, _, err = run(["score", "--rules", "sichuan", "111p123p456p789p99p", "--win", "9p",
                        "--seat-wind", "S"], capsys)
    assert code == 2 and "--seat-wind does not apply to rules sichuan (it applies to guobiao)" in err


def test_gb_on_fifteen_tiles_names_the_counts_it_accepts(capsys):
    code, _, err = run(["gb", "123456789m123p456s", "--win", "4s"], capsys)
    assert code == 2 and "15 tiles" in err and "13" in err and "14" in err
    assert "expected 13 (the standing" not in err


def test_a_cut_first_line_then_a_line_not_utf8_are_two_bad_lines(tmp_path, capsys):
    path = tmp_path / "in.jsonl"
    path.write_bytes(b'{"a": 1,\n\xff\xfe\n' + json.dumps(SICHUAN_HAND).encode() + b"\n")
    code, out, _ = run(["score", "--jsonl", str(path)], capsys)
    got = rows(out)
    assert code == 1 and [list(r)[0] for r in got] == ["error", "error", "rules"]
    assert got[1]["error"].startswith("line 2: not UTF-8")


def test_gb_jsonl_takes_guobiao_lines_of_a_mixed_file(tmp_path, capsys):
    path = tmp_path / "mixed.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in (GB_HAND, SICHUAN_HAND)),
                    encoding="utf-8")
    code, out, _ = run(["gb", "--jsonl", str(path)], capsys)
    got = rows(out)
    assert code == 1 and got[0]["total"] == 10
    assert got[1] == {"error": "line 2: rules: 'sichuan' lines are scored by `mahjong score "
                               "--jsonl` (it reads every rule set)"}


# --- answers line by line, as the input comes -----------------------------------------

@contextlib.contextmanager
def _pipe_to(argv):
    """A child ``mahjong`` whose standard input stays open until the block ends; the
    child's rest of standard output is the ``rest`` attribute of the process afterwards."""
    # unbuffered: a line the child wrote is never hidden from select() in our own buffer
    proc = subprocess.Popen([sys.executable, "-m", "mahjong", *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(),
                            cwd=CHILD_CWD, bufsize=0)
    with proc:
        try:
            yield proc
        finally:
            proc.stdin.close()
            proc.rest = proc.stdout.read()
            proc.wait(timeout=60)


def _answer(proc, timeout=60.0) -> bytes:
    """The next line the child writes, or a failure if none comes while its stdin is open."""
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "no answer while standard input is held open"
    return proc.stdout.readline()


_PIPES = {
    "score --jsonl -": (["score", "--jsonl", "-"], SICHUAN_HAND, "fan"),
    "settle -": (["settle", "--json", "-"], records()[0], "deltas"),
}


@pytest.mark.parametrize("name", list(_PIPES))
def test_two_lines_answered_while_stdin_is_held_open(name):
    argv, line, key = _PIPES[name]
    data = (json.dumps(line) + "\n").encode()
    with _pipe_to(argv) as proc:
        proc.stdin.write(data + data)          # two lines, and stdin stays open
        first, second = json.loads(_answer(proc)), json.loads(_answer(proc))
        assert key in first and first == second
        # one more line at a time: each answered before the next is written
        proc.stdin.write(data)
        assert json.loads(_answer(proc)) == first
    assert proc.returncode == 0 and proc.rest == b""


def test_settle_text_on_a_pipe_answers_each_record_at_once():
    """Plain ``settle -`` (text): the first record alone is answered at once, then two
    more written together, all while standard input stays open."""
    line = (json.dumps(records()[0]) + "\n").encode()

    def one_answer(proc, number):
        assert _answer(proc) == f"--- {number}\n".encode()
        text = b""
        while not text.startswith(b"next dealer:"):
            text = _answer(proc)
            if text.startswith(b"deltas:"):
                assert text == b"deltas: E(0) -2, S(1) +6, W(2) -1, N(3) -3\n"

    with _pipe_to(["settle", "-"]) as proc:
        proc.stdin.write(line)
        one_answer(proc, 1)
        proc.stdin.write(line + line)
        one_answer(proc, 2)
        one_answer(proc, 3)
    assert proc.returncode == 0 and proc.rest == b""


_PEAK = """
import json, os, sys, tracemalloc
from mahjong.cli import main
argv, warm = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.stdout = open(os.devnull, "w", encoding="utf-8")
main(warm)
tracemalloc.start()
main(argv)
sys.stderr.write(str(tracemalloc.get_traced_memory()[1]))
"""


def _peak_memory(argv, warm_argv) -> int:
    """Peak Python allocation of ``main(argv)`` (output to /dev/null) after a warm-up run
    (imports and caches) of ``warm_argv``, in a fresh interpreter: what earlier tests left
    in this process's caches cannot count toward it."""
    r = subprocess.run([sys.executable, "-c", _PEAK, json.dumps(argv), json.dumps(warm_argv)],
                       capture_output=True, text=True, cwd=CHILD_CWD, env=child_env(),
                       timeout=300)
    assert r.returncode == 0, r.stderr
    return int(r.stderr.strip().splitlines()[-1])


SIZE = 600_000


def test_settle_and_score_read_in_constant_memory(tmp_path):
    """A 600 kB input is never held: the peak stays below its size (it was ten times the
    size: the bytes, their lines and every decoded record at once)."""
    recs = (EXAMPLES / "records.jsonl").read_bytes()
    big = tmp_path / "records.jsonl"
    with open(big, "wb") as f:
        for _ in range(SIZE // len(recs) + 1):
            f.write(recs)
    small = tmp_path / "small.jsonl"
    small.write_bytes(recs)
    peak = _peak_memory(["settle", str(big), "--json"], ["settle", str(small), "--json"])
    assert peak < 0.75 * SIZE, peak
    hands = "".join(json.dumps(h) + "\n" for h in (SICHUAN_HAND, GB_HAND, YUNNAN_HAND))
    big.write_text(hands * (SIZE // len(hands) + 1), encoding="utf-8")
    small.write_text(hands, encoding="utf-8")
    peak = _peak_memory(["score", "--jsonl", str(big)], ["score", "--jsonl", str(small)])
    assert peak < 0.75 * SIZE, peak


def test_simulate_makes_its_chunks_as_it_needs_them():
    """10**7 hands: the run is stopped after its first chunk; the jobs of the others were
    never made (they were all built before the first hand was played)."""
    from mahjong.game import simulate

    class Stop(Exception):
        pass

    def stop(n):
        raise Stop

    simulate.run("sichuan", 10, 0)  # warm-up: imports and tables
    tracemalloc.start()
    try:
        with pytest.raises(Stop):
            simulate.run("sichuan", 10**7, 0, progress=stop, chunk=20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3_000_000, peak


def test_simulate_summary_keeps_totals_not_values():
    from mahjong.game.simulate import play_hands, summarize

    logs = list(play_hands("sichuan", range(40), 3, "greedy"))
    s = summarize(logs, 4)
    values = [v for log in logs for v in log["result"].get("win_values", ()) if v and v > 0]
    assert not hasattr(s, "values")
    expected = sum(values) / len(values) if values else None
    assert s.to_dict()["average_win_value"] == expected


# --- the format is the file's, not its first character's -------------------------------

def test_a_jsonl_file_whose_first_line_is_a_list_is_one_bad_line(tmp_path, capsys):
    path = tmp_path / "records.jsonl"
    path.write_text("[1, 2]\n" + (EXAMPLES / "records.jsonl").read_text(encoding="utf-8"),
                    encoding="utf-8")
    code, out, _ = run(["settle", str(path), "--json"], capsys)
    got = rows(out)
    assert code == 1 and len(got) == 4
    assert list(got[0]) == ["error"] and got[0]["error"].startswith("record 1:")
    assert [r["deltas"] for r in got[1:]] == [[-2, 6, -1, -3], [-8, 38, -22, -8],
                                              [0, 23, 0, -23]]
    hands = tmp_path / "hands.jsonl"
    hands.write_text('["not", "a hand"]\n' + json.dumps(SICHUAN_HAND) + "\n",
                     encoding="utf-8")
    code, out, _ = run(["score", "--jsonl", str(hands)], capsys)
    got = rows(out)
    assert code == 1 and got[0]["error"].startswith("line 1:") and got[1]["fan"] == 4


def test_a_list_over_many_lines_is_a_list_and_a_record_over_many_lines_one_record(
        tmp_path, capsys):
    recs = records()
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps(recs, indent=2), encoding="utf-8")
    code, out, _ = run(["settle", str(listed), "--json"], capsys)
    assert code == 0 and [r["deltas"] for r in rows(out)] == [
        [-2, 6, -1, -3], [-8, 38, -22, -8], [0, 23, 0, -23]]
    one = tmp_path / "one.json"
    one.write_text(json.dumps(recs[0], indent=2), encoding="utf-8")
    code, out, _ = run(["settle", str(one)], capsys)
    assert code == 0 and out.startswith("[event 0]") and "--- 1" not in out
    # a first line that opens a list the file does not hold: JSON lines, that line bad
    text = "[\n" + json.dumps(recs[0]) + "\n" + json.dumps(recs[1]) + "\n"
    broken = tmp_path / "broken.jsonl"
    broken.write_text(text, encoding="utf-8")
    code, out, _ = run(["settle", str(broken), "--json"], capsys)
    got = rows(out)
    assert code == 1 and got[0]["error"].startswith("record 1:")
    assert [r["deltas"] for r in got[1:]] == [[-2, 6, -1, -3], [-8, 38, -22, -8]]
    # on a pipe (read once, as it comes) the list is read until it breaks, the break
    # reported, the lines after it read as JSON lines
    proc = child(["settle", "--json", "-"], input=text.encode())
    got = rows(proc.stdout.decode())
    assert proc.returncode == 1 and got[0]["deltas"] == [-2, 6, -1, -3]
    assert "breaks off" in got[1]["error"] and got[2]["deltas"] == [-8, 38, -22, -8]
    # a list followed by more lines is no list either
    broken.write_text(json.dumps(recs[:2], indent=1) + "\n" + json.dumps(recs[2]) + "\n",
                      encoding="utf-8")
    code, out, _ = run(["settle", str(broken), "--json"], capsys)
    got = rows(out)
    assert code == 1 and got[-1]["deltas"] == [0, 23, 0, -23]
    assert all(list(r) == ["error"] for r in got[:-1])


@pytest.mark.parametrize("first", [
    b"[" * 1000 + b"]" * 1000, b"{" * 50000, b"[" * 50000, b'{"hand": "\xff\xfe"}',
    b"\xef\xbb\xbf\xff", b"9" * 5000, b"[]", b"null", b'"x"', b"{", b"[", b"\x00\x01",
    b"[1, 2]", b'{"a": 1,', b"[\n"], ids=lambda b: repr(b[:12]))
def test_any_bad_first_line_is_one_bad_line(first, tmp_path, capsys):
    for argv, good, key in ((["settle", "--json"], records()[0], "deltas"),
                            (["score", "--jsonl"], SICHUAN_HAND, "fan")):
        path = tmp_path / "in.jsonl"
        line = json.dumps(good).encode()
        path.write_bytes(first + b"\n" + line + b"\n" + line + b"\n")
        code, out, err = run(argv + [str(path)], capsys)
        got = rows(out)
        assert code == 1 and err == "" and len(got) == 3, (argv, out, err)
        assert list(got[0]) == ["error"] and key in got[1] and got[1] == got[2]


# --- progress bar: a total on a terminal, nothing on a pipe ----------------------------

class _Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("argv", [["settle", "--json"], ["score", "--jsonl"],
                                  ["gb", "--jsonl"]])
def test_progress_bar_has_a_total_on_a_terminal_only(argv, tmp_path, capsys, monkeypatch):
    pytest.importorskip("tqdm")
    path = tmp_path / "in.jsonl"
    line = {"settle": json.dumps(records()[0]), "score": json.dumps(SICHUAN_HAND),
            "gb": json.dumps({k: v for k, v in GB_HAND.items() if k != "rules"})}[argv[0]]
    path.write_text((line + "\n") * 30, encoding="utf-8")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(argv[:1] + [str(path)] + argv[1:] if argv[0] == "settle"
                else argv + [str(path)]) == 0
    shown = terminal.getvalue()
    assert "100%" in shown and "30 " in shown, shown      # a total (the bytes), and the count
    monkeypatch.setitem(sys.modules, "tqdm", None)      # tqdm missing: no bar, same answers
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main(argv[:1] + [str(path)] + argv[1:] if argv[0] == "settle"
                else argv + [str(path)]) == 0
    assert quiet.getvalue() == ""
    monkeypatch.undo()
    capsys.readouterr()
    proc = child((argv[:1] + [str(path)] + argv[1:]) if argv[0] == "settle"
                 else argv + [str(path)])                 # stderr is a pipe: no bar
    assert proc.returncode == 0 and proc.stderr == b""


# --- mahjong rules, names in any case, help --------------------------------------------

def test_rules_lists_every_rule_set_and_option_from_the_registry(capsys):
    code, out, _ = run(["rules", "--json"], capsys)
    listed = rows(out)
    assert code == 0 and [e["name"] for e in listed] == available_rulesets()
    for entry in listed:
        info = ruleset_info(entry["name"])
        assert (entry["seats"], entry["tiles"]) == (info.seats, info.tiles)
        described = get_ruleset(entry["name"]).Rules.describe()
        assert [o["name"] for o in entry["options"]] == [r["name"] for r in described]
        for o, r in zip(entry["options"], described):
            assert o["default"] == json.loads(json.dumps(r["default"]))
            if r["choices"] is not None:
                assert o["choices"] == list(r["choices"])
    code, out, _ = run(["rules", "Sichuan"], capsys)
    assert code == 0 and out.startswith("sichuan: 4 seats, 108 tiles")
    for r in sichuan.Rules.describe():
        assert f"  {r['name']} = {json.dumps(r['default'], ensure_ascii=False)}" in out
    code, _, err = run(["rules", "mars"], capsys)
    assert code == 2 and "unknown rule set 'mars'" in err


def test_rule_set_names_in_any_case(capsys):
    assert ruleset_info("Sichuan").name == "sichuan" and get_ruleset("YUNNAN").__name__ == \
        "mahjong.yunnan"
    code, out, _ = run(["score", "--rules", "Sichuan", "111p123p456p789p99p", "--win", "9p",
                        "--json"], capsys)
    assert code == 0 and json.loads(out)["rules"] == "sichuan"
    code, out, _ = run(["simulate", "--rules", "SiChuan", "--hands", "2", "--json"], capsys)
    assert code == 0 and json.loads(out)["hands"] == 2
    code, out, _ = run(["gb", "234m567m345p678s2s", "--win", "2s", "--rules", "LianZhong",
                        "--json"], capsys)
    assert code == 0 and json.loads(out)["total"] == 9
    for rec in records():                      # a record's "rules" in any case
        shouted = dict(rec, rules=rec["rules"].upper())
        assert settle(shouted).to_dict() == settle(rec).to_dict()


def test_settle_json_labels_seats_by_number_with_winds_beside(capsys):
    code, out, _ = run(["settle", str(EXAMPLES / "records.jsonl"), "--json"], capsys)
    got = rows(out)
    assert code == 0
    for row, rec in zip(got, records()):
        dealer = rec["dealer"]
        assert row["dealer"] == dealer
        assert row["seats"] == [{"seat": s, "wind": SEAT_NAMES[(s - dealer) % 4],
                                 "delta": d} for s, d in enumerate(row["deltas"])]
        assert row["deltas"] == list(settle(rec).deltas)
    assert got[1]["seats"][2]["wind"] == "E"        # the guobiao record: dealer 2


def test_score_help_describes_every_flag_and_analyze_help_says_what_it_means():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for command in ("score", "settle", "gb", "simulate", "rules", "analyze"):
        for action in sub.choices[command]._actions:
            assert action.help, (command, action.option_strings)
    analyze_help = sub.choices["analyze"].format_help()
    assert "14 - 3m" not in analyze_help and "13-tile hand" in analyze_help


# --- no tracebacks: closed stdin, full disk, closed pipe ------------------------------

@pytest.mark.parametrize("argv", ["gb --jsonl -", "settle -", "score --jsonl -"])
def test_closed_or_empty_stdin_ends_cleanly(argv):
    closed = shell(f"mahjong {argv} 0<&-")
    assert closed.returncode == 2 and b"Traceback" not in closed.stderr
    assert closed.stderr.decode().strip() == \
        f"mahjong {argv.split()[0]}: error: cannot read standard input: it is closed"
    empty = shell(f"mahjong {argv} < /dev/null")
    assert empty.returncode == 0 and empty.stdout == b"" and empty.stderr == b""


def test_a_full_disk_ends_with_one_line_and_no_complete_looking_file(tmp_path, monkeypatch,
                                                                     capsys):
    proc = shell(f"mahjong settle '{EXAMPLES / 'records.jsonl'}' > /dev/full")
    err = proc.stderr.decode()
    assert proc.returncode != 0 and "Traceback" not in err
    assert err.strip() == "mahjong settle: error: cannot write standard output: No space " \
                          "left on device"
    proc = child(["simulate", "--rules", "sichuan", "--hands", "5", "--out", "/dev/full"])
    err = proc.stderr.decode()
    assert proc.returncode != 0 and "Traceback" not in err and len(err.splitlines()) == 1
    assert "cannot write /dev/full" in err
    # a run that fails part way leaves neither the target nor a temporary file
    import errno

    from mahjong.game import simulate

    real, calls = simulate._chunk, []

    def failing(job):
        calls.append(job)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(job)

    monkeypatch.setattr(simulate, "_chunk", failing)
    target = tmp_path / "logs.jsonl"
    code = main(["simulate", "--rules", "sichuan", "--hands", "400", "--out", str(target)])
    err = capsys.readouterr().err
    assert code == 2 and "No space left on device" in err and str(target) in err
    assert list(tmp_path.iterdir()) == []


def test_simulate_out_replaces_the_file_only_when_complete(tmp_path, capsys):
    target = tmp_path / "logs.jsonl"
    target.write_text("old\n", encoding="utf-8")
    assert main(["simulate", "--rules", "sichuan", "--hands", "3", "--out", str(target)]) == 0
    logs = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert len(logs) == 3 and [p.name for p in tmp_path.iterdir()] == ["logs.jsonl"]


def test_a_closed_pipe_ends_quietly(tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text((json.dumps(records()[0]) + "\n") * 3000, encoding="utf-8")
    for argv in (f"settle '{path}'", f"settle --json '{path}'"):
        proc = shell(f"mahjong {argv} | head -1")
        assert proc.stderr == b"", proc.stderr.decode()
        assert proc.stdout in (b"--- 1\n",) or proc.stdout.startswith(b'{"rules"')


def test_version_still_answers():
    proc = child(["--version"])
    assert proc.returncode == 0 and proc.stdout.decode().startswith("mahjong-core ")


def test_audit_answers_has_no_reader_methods():
    # Answers carried a copy of LineReader.can_rewind / rewind, over attributes it does not
    # have (an AttributeError if ever called): dead code, a duplicated block
    from mahjong.cli._items import Answers, LineReader

    assert hasattr(LineReader, "rewind")
    assert not hasattr(Answers, "rewind") and not hasattr(Answers, "can_rewind")
