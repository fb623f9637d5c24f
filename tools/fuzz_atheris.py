"""Coverage-guided fuzzing of the public entry points with atheris (libFuzzer for Python).

The fast suite (``tests/test_fuzz.py``) throws a few hundred generated inputs per run; this
script runs for as long as one likes, guided by the coverage of the package's Python code,
and stops at the first input that makes an entry point raise anything but a
:class:`~mahjong.errors.MahjongError` (or that kills the process). Crashing inputs are
written by libFuzzer as ``crash-<sha1>`` files in the working directory; replay one with
``python tools/fuzz_atheris.py <target> crash-<sha1>``.

Usage::

    pip install atheris
    python tools/fuzz_atheris.py tiles -max_total_time=300
    python tools/fuzz_atheris.py records corpus_dir/ -max_total_time=600 -rss_limit_mb=4096

Targets: ``tiles`` (tile strings through the analysis and ``Hand.parse``), ``scores``
(hands, melds and circumstances through every room's ``score``), ``records`` (bytes as a
hand record, and mutations of the golden records, through ``settle``), ``batch`` (bytes as
count arrays, flags and threads through the batch entry points, batch checked against
scalar), ``options`` (decoded JSON as every room's options), ``cli_input`` (bytes as the
input file of ``mahjong settle`` and ``score --jsonl``, through the streaming reader),
``engine`` (actions, seats and Guobiao's arguments through the game engine, the environment
and ``guobiao.score``), ``logs`` (engine logs of every rule set with single edits: events
deleted, duplicated, swapped, given to another seat or another tile, the wall cut or
changed, another dealer; ``settle`` must refuse the edit exactly when the Python-level
replay finds it impossible), ``all`` (one of them per input).
Every flag after the target goes to libFuzzer (``-help=1`` lists them).
"""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["mahjong"]):
    import numpy as np

    import mahjong
    from mahjong import MahjongError, guobiao, sichuan, yunnan
    from mahjong import batch as mbatch
    from mahjong.ruleset import available_rulesets, get_ruleset, settle
    from mahjong.tiles import TENHOU_NAMES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from log_mutations import MUTATIONS, mutate, possible  # noqa: E402  (tests/log_mutations.py)

ROOMS = available_rulesets()
FLAGS = ("self_drawn", "replacement", "after_kong", "robbing_kong", "last_tile", "heavenly",
         "earthly")


def _quiet(f, *args, **kwargs):
    """Call ``f``; a MahjongError is an answer (bad input named), anything else escapes
    and is a finding."""
    try:
        return f(*args, **kwargs)
    except MahjongError as exc:
        if not str(exc):
            raise AssertionError(f"{f.__name__}: a MahjongError without a message") from exc
        return exc


def _text(fdp: atheris.FuzzedDataProvider, n: int = 64) -> str:
    """A tile-like string: half the time built from tenhou names, else raw unicode."""
    if fdp.ConsumeBool():
        return "".join(TENHOU_NAMES[fdp.ConsumeIntInRange(0, 33)]
                       for _ in range(fdp.ConsumeIntInRange(0, 18)))
    return fdp.ConsumeUnicodeNoSurrogates(n)


def _value(fdp: atheris.FuzzedDataProvider, depth: int = 0):
    """Any JSON-like value, or a numpy scalar, or an out-of-range integer."""
    kind = fdp.ConsumeIntInRange(0, 9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeIntInRange(-5, 40)
    if kind == 3:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 12))  # up to 96-bit integers
    if kind == 4:
        return fdp.ConsumeRegularFloat()
    if kind == 5:
        return _text(fdp, 12)
    if kind == 6:
        return [np.int64(3), np.True_, np.float64(2.0), np.uint64(2**63)][
            fdp.ConsumeIntInRange(0, 3)]
    if kind == 7:
        return [_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    if kind == 8:
        return {_text(fdp, 6): _value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 3))}
    return (_text(fdp, 8), _text(fdp, 12))  # a (kind, tiles) meld-like pair


# ---------------------------------------------------------------------------- targets

def tiles(fdp):
    text = _text(fdp, 96)
    for f in (mahjong.parse_tiles, mahjong.tile_counts, mahjong.shanten, mahjong.useful_tiles,
              mahjong.waits, mahjong.shanten_by_form, mahjong.discard_analysis,
              mahjong.Hand.parse):
        _quiet(f, text)


def scores(fdp):
    hand = _text(fdp) if fdp.ConsumeBool() else _value(fdp)
    melds = _value(fdp) if fdp.ConsumeBool() else [(_text(fdp, 8), _text(fdp, 12))]
    win = TENHOU_NAMES[fdp.ConsumeIntInRange(0, 33)] if fdp.ConsumeBool() else _value(fdp)
    flags = {name: (fdp.ConsumeBool() if fdp.ConsumeBool() else _value(fdp))
             for name in FLAGS if fdp.ConsumeBool()}
    room = fdp.ConsumeIntInRange(0, 2)
    if room == 0:
        gb = {"self_drawn": flags.get("self_drawn", False),
              "last_of_wall": flags.get("last_tile", False)}
        _quiet(guobiao.score, hand, melds=melds, win_tile=win, **gb)
    else:
        _quiet((sichuan, yunnan)[room - 1].score, hand, melds, win_tile=win, **flags)


def _golden():
    out = []
    for path in sorted((ROOT / "tests" / "data").glob("*_golden_records.json")):
        data = json.loads(path.read_text())
        cases = data["records"] if isinstance(data, dict) else data
        out += [c["record"] for c in cases if "record" in c]
    return out


GOLDEN = _golden()


def records(fdp):
    if not GOLDEN or fdp.ConsumeBool():
        _quiet(settle, fdp.ConsumeBytes(fdp.remaining_bytes()))
        return
    rec = json.loads(json.dumps(GOLDEN[fdp.ConsumeIntInRange(0, len(GOLDEN) - 1)]))
    events = rec.setdefault("events", [])
    for _ in range(fdp.ConsumeIntInRange(1, 3)):
        what = fdp.ConsumeIntInRange(0, 4)
        if what == 0 or not events:
            rec[["dealer", "seats", "options", "final", "wall", "indicator"][
                fdp.ConsumeIntInRange(0, 5)]] = _value(fdp)
        elif what == 1:
            e = events[fdp.ConsumeIntInRange(0, len(events) - 1)]
            if isinstance(e, dict):
                keys = sorted(e) + ["melds", "from", "last_tile", "kind", "tile"]
                e[keys[fdp.ConsumeIntInRange(0, len(keys) - 1)]] = _value(fdp)
        elif what == 2:
            events.pop(fdp.ConsumeIntInRange(0, len(events) - 1))
        elif what == 3:
            i = fdp.ConsumeIntInRange(0, len(events) - 1)
            events.insert(fdp.ConsumeIntInRange(0, len(events)), copy.deepcopy(events[i]))
        else:
            events.insert(fdp.ConsumeIntInRange(0, len(events)), {
                "type": ["kong", "win", "draw", "discard", "pung", "exhausted"][
                    fdp.ConsumeIntInRange(0, 5)],
                "seat": fdp.ConsumeIntInRange(0, 3), "tile": TENHOU_NAMES[
                    fdp.ConsumeIntInRange(0, 33)],
                "kind": ["concealed", "exposed", "added", "single"][
                    fdp.ConsumeIntInRange(0, 3)]})
    out = _quiet(settle, rec)
    if not isinstance(out, MahjongError):
        # accepted: it pays as much as it takes and reads back the same from its JSON
        assert sum(out.deltas) == 0, (rec, out.deltas)
        assert settle(mahjong.record.HandRecord.coerce(rec).dumps()).deltas == out.deltas


_LOGS = {}


def _engine_log(rules: str, seed: int):
    key = (rules, seed)
    if key not in _LOGS:
        from mahjong.game import Game
        _LOGS[key] = Game(rules, seed=seed, agents=("random", "greedy")[seed % 2]).play()
    return _LOGS[key]


def logs(fdp):
    log = _engine_log(ROOMS[fdp.ConsumeIntInRange(0, len(ROOMS) - 1)],
                      fdp.ConsumeIntInRange(0, 7))
    for _ in range(fdp.ConsumeIntInRange(1, 2)):
        edited = mutate(log, MUTATIONS[fdp.ConsumeIntInRange(0, len(MUTATIONS) - 1)],
                        lambda n: fdp.ConsumeIntInRange(0, n - 1))
        log = edited if edited is not None else log
    out = _quiet(settle, json.dumps(log))
    refused = isinstance(out, MahjongError)
    assert refused != possible(log), (refused and str(out), log)


def batch(fdp):
    n = fdp.ConsumeIntInRange(0, 6)
    raw = np.frombuffer(fdp.ConsumeBytes(n * 34).ljust(n * 34, b"\0"), np.uint8)
    hands = (raw % 5).reshape(n, 34) if fdp.ConsumeBool() else raw.reshape(n, 34)
    threads = fdp.ConsumeIntInRange(-1, 300) if fdp.ConsumeBool() else _value(fdp)
    out = _quiet(mbatch.shanten, hands, threads=threads)
    if isinstance(out, np.ndarray):  # batch equals scalar on the rows it accepted
        for r in range(n):
            ids = [t for t in range(34) for _ in range(int(hands[r, t]))]
            if len(ids) in (13, 14):  # (other sizes: batch infers melds, scalar needs them)
                assert out[r] == mahjong.shanten(ids), (hands[r].tolist(), out[r])
    flags = np.frombuffer(fdp.ConsumeBytes(n).ljust(n, b"\0"), np.uint8)
    _quiet(sichuan.score_batch, hands, flags=flags)
    _quiet(yunnan.score_batch, hands, flags=flags)
    win = _value(fdp) if fdp.ConsumeBool() else np.full(n, fdp.ConsumeIntInRange(0, 40))
    _quiet(guobiao.score_batch, hands, win, flags=_value(fdp) if fdp.ConsumeBool() else 0,
           threads=threads)


def options(fdp):
    room = ROOMS[fdp.ConsumeIntInRange(0, len(ROOMS) - 1)]
    rules = get_ruleset(room).Rules
    names = [f for f in rules.__dataclass_fields__ if not f.startswith("_")]
    given = {names[fdp.ConsumeIntInRange(0, len(names) - 1)] if fdp.ConsumeBool()
             else _text(fdp, 6): _value(fdp) for _ in range(fdp.ConsumeIntInRange(1, 3))}
    _quiet(rules.from_mapping, given)


def cli_input(fdp):
    """Bytes as the input file of ``mahjong settle`` / ``score --jsonl`` (the streaming
    reader): items come out, or a MahjongError; JSON lines get one item per line."""
    import tempfile

    from mahjong.cli._items import IDLE, LineReader, read_items

    data = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 4096))
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as f:
        f.write(data)
        f.flush()
        reader = _quiet(LineReader, f.name)
        if isinstance(reader, MahjongError):
            return
        try:
            out = _quiet(read_items, reader)
            if not isinstance(out, MahjongError):
                several, items = out
                got = [item for item in items if item is not IDLE]
                if not several and len(got) != 1:
                    raise AssertionError(f"one value read as {len(got)} items")
        finally:
            reader.close()


TARGETS = {"tiles": tiles, "scores": scores, "records": records, "batch": batch,
           "options": options, "cli_input": cli_input, "logs": logs}


def engine(fdp):
    """Any action to a game (or answered by an agent) and to the environment, any seat to
    stack_wall, any value as Guobiao's rules, flowers and winds."""
    from mahjong.game import Game, stack_wall
    from mahjong.game.env import MahjongEnv

    action = fdp.ConsumeIntInRange(-2**70, 2**70) if fdp.ConsumeBool() else _value(fdp)
    g = Game("sichuan", seed=fdp.ConsumeIntInRange(0, 99))
    _quiet(g.step, action)
    _quiet(Game("sichuan", agents=lambda obs, legal: action).play)
    env = MahjongEnv("sichuan")
    _quiet(env.step, action)                 # before reset()
    env.reset(seed=fdp.ConsumeIntInRange(0, 99))
    _quiet(env.observe, _value(fdp))
    _quiet(env.step, action)
    seat = _value(fdp)
    try:
        hands = {seat: _text(fdp, 8)}
    except TypeError:       # unhashable
        hands = _value(fdp)
    _quiet(stack_wall, "sichuan", hands)
    field = ["rules", "flowers", "seat_wind", "round_wind"][fdp.ConsumeIntInRange(0, 3)]
    _quiet(guobiao.score, "123m456m789m123p55p", win_tile="5p", **{field: _value(fdp)})


TARGETS["engine"] = engine


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in list(TARGETS) + ["all"]:
        sys.exit(f"usage: {sys.argv[0]} {{{'|'.join(TARGETS)}|all}} [libFuzzer flags]")
    name = sys.argv.pop(1)
    if name == "all":
        targets = list(TARGETS.values())

        def one(data):
            fdp = atheris.FuzzedDataProvider(data)
            targets[fdp.ConsumeIntInRange(0, len(targets) - 1)](fdp)
    else:
        target = TARGETS[name]

        def one(data):
            target(atheris.FuzzedDataProvider(data))

    atheris.Setup(sys.argv, one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
