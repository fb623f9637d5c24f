"""What a new user expects of the command line and the API (issue 14): --version and help,
one vocabulary (tile counts, names, one meld syntax), JSON lines that survive any line,
settle/score over many inputs, readable result objects, a usable source tree, a quick
start."""
import io
import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import mahjong
from mahjong import guobiao
from mahjong.cli import main
from mahjong.hand import Meld, parse_meld, parse_meld_text, split_melds

from child_env import CHILD_CWD, child_env

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GOOD = {"hand": "234m567m345p678s2s", "win_tile": "2s", "self_drawn": True, "seat_wind": 3}


def run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def child(args, *, stdin=None, cwd=CHILD_CWD, **kw):
    return subprocess.run([sys.executable, "-m", "mahjong", *args], input=stdin,
                          capture_output=True, cwd=cwd, timeout=120, env=child_env(), **kw)


# --- start: --version, help, lazy imports, the source tree ------------------------------

def test_version_and_bare_help(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"mahjong-core {mahjong.__version__}"
    code, out, _ = run([], capsys)
    assert code == 0 and out.startswith("usage: mahjong") and "analyze" in out


def test_version_in_a_child_imports_no_core(tmp_path):
    """`mahjong --version` and `import mahjong` load neither numpy nor the compiled core
    (the start-up cost the issue measured)."""
    code = ("import sys, runpy; sys.argv = ['mahjong', '--version']\n"
            "try:\n    runpy.run_module('mahjong', run_name='__main__')\n"
            "except SystemExit: pass\n"
            "print(sorted(m for m in ('numpy', 'mahjong_core._shanten', 'mahjong.analysis') "
            "if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, env=child_env())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [f"mahjong-core {mahjong.__version__}", "[]"]


def test_lazy_names_match_the_analysis_module():
    from mahjong import analysis

    assert tuple(mahjong.ANALYSIS_NAMES) == tuple(analysis.__all__)
    assert set(mahjong.__all__) <= set(dir(mahjong))
    assert mahjong.shanten is analysis.shanten and mahjong.Hand is mahjong.hand.Hand


def _unbuilt_tree(tmp_path):
    """A copy of the source tree with no compiled core (a fresh clone)."""
    shutil.copytree(ROOT / "mahjong", tmp_path / "mahjong",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"))
    (tmp_path / "mahjong_core").mkdir()
    (tmp_path / "mahjong_core" / "__init__.py").write_text("")


def test_unbuilt_source_tree_says_what_to_run(tmp_path):
    """A checkout whose core is not built, and no built copy anywhere else on the path
    (``-S``: no site-packages): the error says what to run."""
    _unbuilt_tree(tmp_path)
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([sys.executable, "-S", "-c", "import mahjong"], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120, env=env)
    assert proc.returncode != 0
    assert "ImportError" in proc.stderr and "pip install -e ." in proc.stderr
    assert "build_ext --inplace" in proc.stderr


def test_unbuilt_source_tree_uses_the_installed_copy(tmp_path):
    """`python -m mahjong --version` from the root of a fresh clone after a plain `pip install
    .`: the unbuilt source folder comes first on the path, the installed copy answers, and a
    warning names both (it stopped with an ImportError before)."""
    _unbuilt_tree(tmp_path)
    installed = os.path.dirname(os.path.dirname(os.path.abspath(mahjong.__file__)))
    for argv in (["-m", "mahjong", "--version"],
                 ["-c", "import mahjong, mahjong_core._shanten as s; "
                        "print(mahjong.shanten('1112345678999m5m'), mahjong.__file__, s.__file__)"]):
        proc = subprocess.run([sys.executable, *argv], capture_output=True, text=True,
                              cwd=tmp_path, timeout=120, env=child_env())
        assert proc.returncode == 0, proc.stderr
        assert "is not built" in proc.stderr and str(tmp_path) in proc.stderr
        assert installed in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout.split()[0] == "-1"
    assert all(path.startswith(installed) for path in proc.stdout.split()[1:])
    proc = subprocess.run([sys.executable, "-m", "mahjong", "--version"], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120, env=child_env())
    assert proc.stdout.strip() == f"mahjong-core {mahjong.__version__}"


def test_benchmark_scripts_import_the_installed_package(tmp_path):
    """`python benchmarks/engine_speed.py` after a plain `pip install .`: the script no
    longer puts the (unbuilt) repository root first on the path. A fresh clone is mimicked
    by an unbuilt tree with the script beside it; any use of the unbuilt tree is an error
    (``-W error::RuntimeWarning``)."""
    _unbuilt_tree(tmp_path)
    (tmp_path / "benchmarks").mkdir()
    for name in ("engine_speed.py", "bench_game.py"):
        shutil.copy(ROOT / "benchmarks" / name, tmp_path / "benchmarks" / name)
    proc = subprocess.run([sys.executable, "-W", "error::RuntimeWarning",
                           str(tmp_path / "benchmarks" / "engine_speed.py"), "--help"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          env=child_env())
    assert proc.returncode == 0, proc.stderr
    assert "--hands" in proc.stdout


# --- gb --jsonl: every line its answer, in order, flushed ------------------------------

def _bad_lines() -> bytes:
    good = json.dumps(GOOD).encode()
    return b"\n".join([
        good,
        b"[" * 1000 + b"]" * 1000,                     # RecursionError in json.loads
        b'{"hand": "\xff\xfe", "win_tile": "2s"}',    # not UTF-8
        good + b"\r",                                  # CRLF end
        b'{"hand": "234m567m345p678s2s",\r"win_tile": "2s"}',  # a lone CR inside
        good,
    ]) + b"\n"


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_jsonl_bad_bytes_are_per_line_errors(tmp_path, source):
    data = _bad_lines()
    if source == "file":
        path = tmp_path / "bad.jsonl"
        path.write_bytes(data)
        proc = child(["gb", "--jsonl", str(path)])
    else:
        proc = child(["gb", "--jsonl", "-"], stdin=data)
    assert proc.returncode == 1, proc.stderr
    assert b"Traceback" not in proc.stderr
    rows = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(rows) == 6
    assert rows[1] == {"error": "line 2: invalid JSON: nested too deeply"}
    assert rows[2]["error"].startswith("line 3: not UTF-8 text: byte 0xff")
    assert [r.get("total") for r in rows] == [10, None, None, 10, 8, 10]


def test_jsonl_file_and_stdin_read_a_lone_cr_alike(tmp_path):
    data = (json.dumps(GOOD) + "\r" + json.dumps(GOOD) + "\n").encode()  # one line
    path = tmp_path / "cr.jsonl"
    path.write_bytes(data)
    from_file = child(["gb", "--jsonl", str(path)])
    from_stdin = child(["gb", "--jsonl", "-"], stdin=data)
    assert from_file.stdout == from_stdin.stdout
    assert from_file.returncode == from_stdin.returncode == 1
    assert json.loads(from_file.stdout)["error"].startswith("line 1: invalid JSON")


def test_jsonl_answers_each_line_before_the_next_arrives():
    """A program feeding one line at a time gets each answer at once (flushed, not held
    for a chunk of 4096)."""
    proc = subprocess.Popen([sys.executable, "-m", "mahjong", "gb", "--jsonl", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=child_env(), cwd=CHILD_CWD)
    try:
        for expected in (10, 10):
            proc.stdin.write((json.dumps(GOOD) + "\n").encode())
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline())["total"] == expected
        proc.stdin.write(b"not json\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["error"].startswith("line 3:")
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == 1


def test_jsonl_old_field_names_work_with_a_note(tmp_path, capsys):
    path = tmp_path / "old.jsonl"
    old = {"hand": "234m567m345p678s2s", "win": "2s", "last_of_wall": True,
           "self_drawn": True}
    new = {"hand": "234m567m345p678s2s", "win_tile": "2s", "last_tile": True,
           "self_drawn": True}
    path.write_text(json.dumps(old) + "\n" + json.dumps(new) + "\n"
                    + json.dumps(dict(new, win="2s")) + "\n")
    code, out, err = run(["gb", "--jsonl", str(path)], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[0] == rows[1] and "妙手回春" in [f["name"] for f in rows[0]["fans"]]
    assert "both 'win' and 'win_tile'" in rows[2]["error"]
    assert "'win' is deprecated" in err and "'last_of_wall' is deprecated" in err


def test_jsonl_fourteen_tiles_with_the_win(tmp_path, capsys):
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(dict(GOOD, hand="234m567m345p678s2s2s")) + "\n"
                    + json.dumps(dict(GOOD, hand="234m567m345p678s3s3s")) + "\n")
    code, out, _ = run(["gb", "--jsonl", str(path)], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[0]["total"] == 10
    assert "do not hold the winning tile 2s" in rows[1]["error"]


# --- gb single hand: one vocabulary ---------------------------------------------------

def test_gb_thirteen_or_fourteen_tiles_and_win_tile_name(capsys):
    a = run(["gb", "234m567m345p678s2s", "--win-tile", "2s", "--json"], capsys)
    b = run(["gb", "234m567m345p678s2s2s", "--win", "2s", "--json"], capsys)
    assert a[0] == b[0] == 0 and json.loads(a[1]) == json.loads(b[1])


def test_gb_melds_inside_the_hand_with_spaces(capsys):
    code, out, _ = run(["gb", "222m88m11z [777z] [555m]", "--win", "8m", "--json"], capsys)
    assert code == 0 and json.loads(out)["total"] == 14
    code, out2, _ = run(["gb", "222m88m11z", "--meld", "pung:777z, [ 555m ]", "--win", "8m",
                         "--json"], capsys)
    assert json.loads(out2) == json.loads(out)


def test_gb_without_win_tile(capsys):
    code, out, err = run(["gb", "1112345678999m"], capsys)
    assert code == 0 and out.startswith("1m: 106") and "no --win-tile given" in err
    code, out, err = run(["gb", "1112345678999m", "--waits"], capsys)
    assert code == 0 and err == ""
    code, out, err = run(["gb", "1112345678999m5m"], capsys)  # 14 tiles: which won?
    assert code == 2 and "give --win-tile" in err


def test_gb_last_of_wall_is_the_old_name_of_last_tile(capsys):
    new = run(["gb", "234m567m345p678s2s", "--win", "2s", "--last-tile", "--json"], capsys)
    old = run(["gb", "234m567m345p678s2s", "--win", "2s", "--last-of-wall", "--json"], capsys)
    assert json.loads(new[1]) == json.loads(old[1])
    assert "海底捞月" in new[1] and new[2] == ""
    assert "--last-of-wall is deprecated" in old[2]


def test_gb_style(capsys):
    code, out, _ = run(["gb", "234m567m345p678s2s", "--win", "2s", "--style", "reference"],
                       capsys)
    assert out.splitlines()[0] == "hand:    W2 W3 W4 W5 W6 W7 B3 B4 B5 T6 T7 T8 T2 +T2"
    assert out.splitlines()[1] == "reading: regular: W2 W3 W4 W5 W6 W7 B3 B4 B5 T6 T7 T8 T2 T2"
    code, out, _ = run(["gb", "1112345678999m", "--waits", "--style", "chinese"], capsys)
    assert out.splitlines()[0].startswith("一万: 106")


# --- analyze: options that take several values do not swallow the hand ----------------

@pytest.mark.parametrize("argv", [
    ["analyze", "--forms", "regular", "1112345678999m", "--json"],
    ["analyze", "--forms", "regular", "seven_pairs", "1112345678999m", "--json"],
    ["analyze", "1112345678999m", "--forms", "regular", "--json"],
])
def test_analyze_forms_do_not_swallow_the_hand(argv, capsys):
    code, out, _ = run(argv, capsys)
    data = json.loads(out)
    assert code == 0 and data["hand"] == data["tiles"] == "1112345678999m"
    assert data["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]


def test_analyze_melds_in_the_hand_and_after_a_meld_flag(capsys):
    a = json.loads(run(["analyze", "23m456p789s11z [222p]", "--json"], capsys)[1])
    b = json.loads(run(["analyze", "--meld", "pung:222p", "23m456p789s11z", "--json"],
                       capsys)[1])
    c = json.loads(run(["analyze", "23m456p789s11z", "--meld", "[222p]", "--json"], capsys)[1])
    assert a == b == c and a["waits"] == ["1m", "4m"]
    code, out, err = run(["analyze"], capsys)
    assert code == 2 and "give a HAND" in err


# --- score and settle: 13 or 14 tiles, JSON lines and lists ---------------------------

def test_score_thirteen_plus_win_tile(capsys):
    a = run(["score", "111p123p456p789p99p", "--win-tile", "9p", "--json"], capsys)
    b = run(["score", "111p123p456p789p9p", "--win", "9p", "--json"], capsys)
    assert a[0] == b[0] == 0 and json.loads(a[1]) == json.loads(b[1])
    assert json.loads(a[1])["fan"] == 4
    code, _, err = run(["score", "111p123p456p789p9p"], capsys)
    assert code == 2 and "--win-tile" in err


def test_score_jsonl_and_list(tmp_path, capsys):
    lines = (EXAMPLES / "hands.jsonl").read_text().splitlines()
    code, out, _ = run(["score", "--jsonl", str(EXAMPLES / "hands.jsonl")], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["fan"] for r in rows] == [4, 4, 5, 23]
    assert rows[0] == rows[1] | {} or rows[0]["value"] == 8
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([json.loads(line) for line in lines] + [{"hand": "12m"}]))
    code, out, _ = run(["score", "--jsonl", str(listed)], capsys)
    rows2 = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and rows2[:4] == rows and rows2[4] == {"error": "line 5: missing field "
                                                                     "'win_tile'"}


def test_settle_one_list_and_lines(tmp_path, capsys):
    code, one, _ = run(["settle", str(EXAMPLES / "record.json"), "--json"], capsys)
    assert code == 0 and json.loads(one)["deltas"] == [-2, 6, -1, -3]
    code, out, _ = run(["settle", str(EXAMPLES / "records.jsonl"), "--json"], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["deltas"] for r in rows] == [[-2, 6, -1, -3], [-8, 38, -22, -8],
                                                         [0, 23, 0, -23]]
    records = [json.loads(line) for line in
               (EXAMPLES / "records.jsonl").read_text().splitlines()]
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps(records[:2] + [{"rules": "sichuan"}]))
    code, out, _ = run(["settle", str(listed), "--json"], capsys)
    rows2 = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and rows2[:2] == rows[:2] and rows2[2]["error"].startswith("record 3:")


def test_settle_seat_labels_follow_the_dealer(capsys, tmp_path):
    code, out, _ = run(["settle", str(EXAMPLES / "records.jsonl")], capsys)
    block = out.split("--- 2\n")[1].split("--- 3\n")[0]   # the guobiao record, dealer 2
    assert "deltas: W(0) -8, N(1) +38, E(2) -22, S(3) -8" in block
    assert "next dealer: S(3)" in block


# --- one meld syntax everywhere -------------------------------------------------------

@pytest.mark.parametrize("text, kind, tiles", [
    ("pung:222p", "pung", "222p"), ("[222p]", "pung", "222p"), ("222p", "pung", "222p"),
    ("[345m]", "chow", "345m"), ("{345m}", "chow", "345m"), ("chow:345m", "chow", "345m"),
    ("[7777s]", "kong", "7777s"), ("(7777s)", "concealed_kong", "7777s"),
    ("<7z>", "single_kong", "7z"), ("[7z]", "single_kong", "7z"), (" [ 222p ] ", "pung", "222p"),
    (("PENG", "F1", 1), "pung", "111z"), (("CHI", "W2", 3), "chow", "123m"),
    (("GANG", "B5", 0), "concealed_kong", "5555p"), (("GANG", "J1", 2), "kong", "7777z"),
    (("pung", "222p"), "pung", "222p"), ({"type": "kong", "tiles": "7777s"}, "kong", "7777s"),
])
def test_parse_meld_reads_every_form(text, kind, tiles):
    assert parse_meld(text) == Meld(kind, tiles)


@pytest.mark.parametrize("bad, words", [
    ("22p", "2 tiles are no meld"), ("[222p", "without its"), ("", "empty"),
    (("PENG", "F1", 0), "concealed pung is not a meld"), (("CHI", "W1", 1), "middle tile"),
    (("PENG", "F1", True), "offer"), ("[135m]", "not a chow"),
])
def test_parse_meld_errors(bad, words):
    with pytest.raises(mahjong.InvalidHandError, match=words):
        parse_meld(bad)


def test_meld_text_and_hand_split():
    assert [str(m) for m in parse_meld_text("pung:777z, [555m] (9999s) {123p}")] == [
        "[777z]", "[555m]", "(9999s)", "[123p]"]
    assert split_melds("222m88m11z [777z][555m]") == split_melds("222m88m11z[777z] [555m]")
    with pytest.raises(mahjong.InvalidHandError, match="unbalanced"):
        split_melds("222m [777z")


def test_guobiao_score_takes_pymahjonggb_packs():
    ref = guobiao.score("222m88m11z", [("pung", "777z"), ("pung", "555m")], win_tile="8m")
    packs = guobiao.score("222m88m11z", [("PENG", "J1", 1), ("PENG", "W5", 2)],
                          win_tile="8m")
    texts = guobiao.score("222m88m11z", ["[777z]", "pung:555m"], win_tile="8m")
    assert ref.to_dict() == packs.to_dict() == texts.to_dict()


# --- result objects -----------------------------------------------------------------

def test_guobiao_result_str_dict_json():
    r = guobiao.score("19m19p19s1234567z", win_tile="7z", flowers=1)
    text = str(r)
    assert text.startswith("reading: thirteen_orphans: 19m19p19s12345677z")
    assert "Thirteen Orphans" in text and "89  total" in text
    assert isinstance(r.to_json(), str) and json.loads(r.to_json()) == r.to_dict()
    assert r.to_dict(style="unicode")["decomposition"].endswith("🀄🀄")
    assert r.decomposition.format("reference").startswith("thirteen_orphans: W1 W9")
    d = r.decomposition.to_dict()
    assert d["form"] == "thirteen_orphans" and d["tiles"] == "19m19p19s12345677z"


def test_ruleset_results_str_dict_json():
    from mahjong import sichuan
    from mahjong.ruleset import settle

    r = sichuan.score("111p123p456p789p99p", win_tile="9p")
    assert "total 4番 -> 8 per payer" in str(r)
    assert json.loads(r.to_json()) == r.to_dict() and r.to_dict()["fan"] == 4
    s = settle(json.loads((EXAMPLES / "record.json").read_text()))
    assert json.loads(s.to_json()) == s.to_dict() and s.to_dict()["deltas"] == [-2, 6, -1, -3]
    assert "deltas: W(0) -2, N(1) +6, E(2) -1, S(3) -3" in s.format(dealer=2)


def test_format_styles_of_melds():
    m = parse_meld("(7777s)")
    assert m.format("chinese") == "(七条 七条 七条 七条)" and m.format() == str(m) == "(7777s)"
    assert m.to_dict("unicode") == {"type": "concealed_kong", "tiles": "🀖🀖🀖🀖"}


def test_old_dict_uses_of_to_json_warn_but_work():
    r = guobiao.score("19m19p19s1234567z", win_tile="7z")
    text = r.to_json()
    assert isinstance(text, str) and json.loads(text) == r.to_dict()
    with pytest.warns(DeprecationWarning, match="use to_dict"):
        assert text["total"] == 88
    with pytest.warns(DeprecationWarning):
        assert text == r.to_dict()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert text[:1] == "{" and text == str(text) and json.dumps(json.loads(text))


# --- progress on a terminal, quiet when piped ----------------------------------------

class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_jsonl_progress_bar_on_a_terminal_only(tmp_path, capsys, monkeypatch):
    pytest.importorskip("tqdm")
    path = tmp_path / "h.jsonl"
    path.write_text((json.dumps(GOOD) + "\n") * 50)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["gb", "--jsonl", str(path)]) == 0
    assert "50" in terminal.getvalue() and "lines" in terminal.getvalue()
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main(["gb", "--jsonl", str(path), "--no-progress"]) == 0
    assert quiet.getvalue() == ""
    monkeypatch.undo()
    proc = child(["gb", "--jsonl", str(path)])       # stderr is a pipe: no bar
    assert proc.returncode == 0 and proc.stderr == b""


@pytest.mark.parametrize("command", ["analyze", "gb", "score", "settle", "simulate"])
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: mahjong {command}")
    if command in ("gb", "score"):
        assert "--win-tile" in out and "kind:tiles" in out.replace("KIND:TILES", "kind:tiles")
