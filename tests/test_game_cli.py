"""``mahjong simulate``: the JSONL logs it writes (count, settlement, the same file for any
``--threads``), per-seat agents, the JSON summary, and bad flags."""
import json
import os
import subprocess
import sys

import pytest

from game_configs import CONFIG_IDS, CONFIGS, spec_or_skip
from mahjong.cli import main
from mahjong.game.simulate import play_hands
from mahjong.ruleset import available_rulesets, settle
from child_env import child_env

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def option_flags(options):
    out = []
    for k, v in (options or {}).items():
        out += ["--option", f"{k}={json.dumps(v)}"]
    return out


def simulate(capsys, *args):
    code = main(["simulate", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_jsonl_logs_settle(config, tmp_path, capsys):
    rules, options = config
    spec = spec_or_skip(rules, options)
    out = tmp_path / "logs.jsonl"
    code, stdout, err = simulate(capsys, "--rules", rules, "--hands", "12", "--seed", "5",
                                 "--agents", "greedy", "--out", str(out), "--json",
                                 *option_flags(options))
    assert code == 0, err
    logs = read_jsonl(out)
    assert len(logs) == 12
    for i, log in enumerate(logs):
        assert log["rules"] == rules and log["dealer"] == i % spec.seats
        assert list(settle(log).deltas) == log["result"]["deltas"]
        assert sum(log["result"]["deltas"]) == 0
    # the same logs as the Python API
    assert logs == [json.loads(json.dumps(l)) for l in
                    play_hands(rules, range(12), 5, "greedy", options)]
    summary = json.loads(stdout)
    assert summary["hands"] == 12
    wins = [0] * spec.seats
    for log in logs:
        for e in log["events"]:
            if e["type"] == "win":
                wins[e["seat"]] += 1
    assert summary["wins_per_seat"] == wins
    no_win = sum(1 for log in logs if not any(e["type"] == "win" for e in log["events"]))
    assert summary["no_win_rate"] == pytest.approx(no_win / 12)
    # `mahjong settle` on one written log gives its result's deltas
    one = tmp_path / "one.json"
    one.write_text(json.dumps(logs[3], ensure_ascii=False), encoding="utf-8")
    assert main(["settle", str(one), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deltas"] == logs[3]["result"]["deltas"]


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "two_player"])
def test_two_threads_write_the_same_file(rules, tmp_path, capsys):
    """More hands than one worker chunk (200), so that two processes really share them."""
    spec_or_skip(rules)
    files = []
    for threads in ("1", "2"):
        out = tmp_path / f"t{threads}.jsonl"
        code, stdout, err = simulate(capsys, "--rules", rules, "--hands", "450", "--seed",
                                     "9", "--out", str(out), "--threads", threads, "--json")
        assert code == 0, err
        files.append(out.read_bytes())
        assert json.loads(stdout)["hands"] == 450
    assert files[0] == files[1]
    assert files[0].count(b"\n") == 450


def test_per_seat_agents(tmp_path, capsys):
    rules = "guobiao"
    spec_or_skip(rules)
    out = tmp_path / "mixed.jsonl"
    code, _, err = simulate(capsys, "--rules", rules, "--hands", "10", "--seed", "3",
                            "--agents", "greedy,random,random,greedy", "--out", str(out))
    assert code == 0, err
    logs = read_jsonl(out)
    want = list(play_hands(rules, range(10), 3, "greedy,random,random,greedy"))
    assert logs == [json.loads(json.dumps(l)) for l in want]
    # it is not the all-greedy or all-random run
    for agents in ("greedy", "random"):
        assert logs != [json.loads(json.dumps(l)) for l in play_hands(rules, range(10), 3, agents)]


def test_text_summary_and_zero_hands(tmp_path, capsys):
    rules = "guobiao"
    spec_or_skip(rules)
    code, stdout, _ = simulate(capsys, "--rules", rules, "--hands", "5", "--no-progress")
    assert code == 0
    assert "hands: 5" in stdout and "wins per seat" in stdout
    out = tmp_path / "none.jsonl"
    code, stdout, _ = simulate(capsys, "--rules", rules, "--hands", "0", "--out", str(out),
                               "--json")
    assert code == 0 and json.loads(stdout)["hands"] == 0
    assert out.read_text() == ""


def test_python_dash_m(tmp_path):
    rules = next(r for r in ("guobiao", "sichuan") if r in available_rulesets())
    spec_or_skip(rules)
    out = tmp_path / "sub.jsonl"
    proc = subprocess.run([sys.executable, "-m", "mahjong", "simulate", "--rules", rules,
                           "--hands", "7", "--seed", "2", "--agents", "greedy",
                           "--out", str(out), "--json"],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env=child_env())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["hands"] == 7
    logs = read_jsonl(out)
    assert logs == [json.loads(json.dumps(l)) for l in play_hands(rules, range(7), 2, "greedy")]
    for log in logs:
        assert list(settle(log).deltas) == log["result"]["deltas"]
    # and a bad flag through the real command line
    proc = subprocess.run([sys.executable, "-m", "mahjong", "simulate", "--rules", "nope",
                           "--hands", "1"], capture_output=True, text=True, timeout=300,
                          cwd=tmp_path, env=child_env())
    assert proc.returncode == 2 and "--rules" in proc.stderr


@pytest.mark.parametrize("args, flag", [
    (["--rules", "nope", "--hands", "3"], "--rules"),
    (["--rules", "guobiao", "--hands", "-3"], "--hands"),
    (["--rules", "guobiao", "--hands", "3", "--threads", "0"], "--threads"),
    (["--rules", "guobiao", "--hands", "3", "--agents", "clever"], "agents"),
    (["--rules", "guobiao", "--hands", "3", "--agents", "greedy,random"], "agents"),
    (["--rules", "guobiao", "--hands", "3", "--agents", "greedy,,random,greedy"], "agents"),
    (["--rules", "guobiao", "--hands", "3", "--option", "nope=1"], "nope"),
    (["--rules", "guobiao", "--hands", "3", "--out", "/nonexistent/dir/x.jsonl"], "--out"),
])
def test_bad_flags_exit_2(args, flag, capsys):
    code, stdout, err = simulate(capsys, *args)
    assert code == 2
    assert flag in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("agents", ["clever", "greedy,random"])
def test_bad_agents_message_names_the_flag(agents, capsys):
    code, _, err = simulate(capsys, "--rules", "guobiao", "--hands", "3", "--agents", agents)
    assert code == 2 and "--agents" in err, err


def test_argparse_errors_exit_2(capsys):
    for args in (["--hands", "3"], ["--rules", "guobiao", "--hands", "x"],
                 ["--rules", "guobiao"]):
        with pytest.raises(SystemExit) as exc:
            main(["simulate", *args])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert "--rules" in err or "--hands" in err
