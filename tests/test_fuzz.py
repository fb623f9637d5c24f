"""Hostile input, generated: strings, arrays, options and records thrown at every public entry
point (and the CLI, in a child process). Whatever comes in:

* nothing crashes: every failure is a :class:`~mahjong.errors.MahjongError` (never a
  TypeError, an OverflowError, a RecursionError or a dead process);
* a failure names the field it is about (the argument, the option, the record's event);
* batch answers equal scalar answers, row by row (a row scalar refuses has a row status);
* nothing impossible is accepted: a settlement that is accepted pays as much as it takes,
  and reads back the same from its own JSON.

The examples per test are few (the suite runs in seconds); ``tools/fuzz_atheris.py`` runs
the same targets coverage-guided for as long as one likes.
"""
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import mahjong
from mahjong import MahjongError, guobiao, sichuan, yunnan
from mahjong import batch as mbatch
from mahjong.game import Game, Match, replay, stack_wall
from mahjong.game.env import MahjongEnv
from mahjong.record import HandRecord
from mahjong.ruleset import WinFlag, available_rulesets, get_ruleset, settle
from mahjong.tiles import TENHOU_NAMES
from mahjong_core._types import ERR_BAD_CONTEXT

from child_env import child_env

DATA = Path(__file__).parent / "data"
FUZZ = settings(max_examples=int(os.environ.get("MAHJONG_FUZZ_EXAMPLES", "60")),
                deadline=None, suppress_health_check=list(HealthCheck))

# --------------------------------------------------------------------------- strategies

TOKENS = list(TENHOU_NAMES) + ["123m", "456p", "789s", "11z", "W1", "B5", "J1", "E", "C",
                               "一万", "白板", "🀄", "🀢", "0m", "8z", "m", "10p", " ", ",",
                               "[", "]", "(", ")", "<", ">", "+", "²", "①", "\x00", "\ufeff"]
#: tile text: mostly tile-like tokens, some random characters, sometimes very long
tile_text = st.one_of(
    st.lists(st.sampled_from(TOKENS), max_size=20).map("".join),
    st.text(max_size=30),
    st.integers(1, 3).map(lambda k: "1m" * (3000 * k)),
)
#: any value a user might pass where something else was wanted
junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-2**70, 2**70),
              st.floats(allow_nan=True), st.text(max_size=8), st.binary(max_size=8),
              st.sampled_from([np.int64(3), np.float64(1.5), np.True_, np.uint64(2**63),
                               2**63, -1, 34, 10**30])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.text(max_size=6), st.integers()),
                                            inner, max_size=3)),
    max_leaves=8,
)
MELD_FORMS = [("pung", "222p"), ("chow", "345s"), ("kong", "7777m"),
              {"type": "concealed_kong", "tiles": "9999s"}, ["pung", "111z"]]
melds_input = st.one_of(junk, st.lists(st.one_of(st.sampled_from(MELD_FORMS), junk),
                                       max_size=5))


def _names_field(exc, *names):
    text = str(exc).lower()
    return any(n.lower() in text for n in names)


def _call(f, *fields):
    """Run ``f``: it returns, or raises a MahjongError whose message names one of
    ``fields`` (when given). Anything else fails the test."""
    try:
        return f()
    except MahjongError as exc:
        assert str(exc), "an error without a message"
        if fields:
            assert _names_field(exc, *fields), f"{exc!r} names none of {fields}"
        return exc


# ----------------------------------------------------------------- tiles and hand strings

ANALYSIS = {
    "parse_tiles": mahjong.parse_tiles, "to_tile_ids": mahjong.to_tile_ids,
    "tile_counts": mahjong.tile_counts, "shanten": mahjong.shanten,
    "useful_tiles": mahjong.useful_tiles, "waits": mahjong.waits,
    "shanten_by_form": mahjong.shanten_by_form, "discard_analysis": mahjong.discard_analysis,
    "Hand.parse": mahjong.Hand.parse,
}


@FUZZ
@given(text=tile_text, name=st.sampled_from(sorted(ANALYSIS)))
def test_tile_strings_never_crash_the_analysis(text, name):
    _call(lambda: ANALYSIS[name](text))


@FUZZ
@given(value=junk, name=st.sampled_from(sorted(ANALYSIS)))
def test_any_value_as_tiles_never_crashes(value, name):
    _call(lambda: ANALYSIS[name](value))


SCORES = {
    "guobiao": lambda t, m, w, **kw: guobiao.score(t, melds=m, win_tile=w, **kw),
    "sichuan": lambda t, m, w, **kw: sichuan.score(t, m, win_tile=w, **kw),
    "yunnan": lambda t, m, w, **kw: yunnan.score(t, m, win_tile=w, **kw),
}


@FUZZ
@given(text=tile_text, win=st.one_of(st.sampled_from(TENHOU_NAMES), junk),
       room=st.sampled_from(sorted(SCORES)))
def test_score_functions_take_any_hand_and_winning_tile(text, win, room):
    _call(lambda: SCORES[room](text, (), win))


@FUZZ
@given(melds=melds_input, room=st.sampled_from(sorted(SCORES) + ["analysis"]))
def test_melds_of_any_form_are_read_or_refused_naming_the_melds(melds, room):
    if room == "analysis":
        _call(lambda: mahjong.waits("123456789m1p", melds=melds), "meld", "tile", "kong",
              "chow", "pung", "copies", "form")
    else:
        _call(lambda: SCORES[room]("123m456m789m11p", melds, "1p"), "meld", "tile", "kong",
              "chow", "pung", "copies", "honour", "suit")


FLAG_NAMES = ["self_drawn", "replacement", "after_kong", "robbing_kong", "last_tile",
              "heavenly", "earthly"]


@FUZZ
@given(name=st.sampled_from(FLAG_NAMES), value=junk, room=st.sampled_from(sorted(SCORES)))
def test_win_flags_are_exact_bools_or_named(name, value, room):
    if room == "guobiao":  # Guobiao's circumstances (no 杠上炮/天和 in its score)
        name = {"after_kong": "fourth_tile", "heavenly": "fourth_tile",
                "earthly": "fourth_tile"}.get(name, name)
    out = _call(lambda: SCORES[room]("111p123p456p789p99p", (), "9p", **{name: value}))
    if not isinstance(out, MahjongError):
        ok = value is True or value is False or isinstance(value, np.bool_)
        if room == "guobiao":  # Guobiao also reads 0 and 1 (pymahjonggb's form)
            ok = ok or (isinstance(value, int) and value in (0, 1))
        assert ok, f"{name}={value!r} was accepted"
    elif not (value is True or value is False or isinstance(value, np.bool_)):
        assert _names_field(out, name), out


# ------------------------------------------------------------------------------ options

def _option_values(rules_cls):
    import dataclasses

    fields = [f for f in dataclasses.fields(rules_cls) if f.init]
    names = st.sampled_from([f.name for f in fields])
    documented = st.sampled_from([c for f in fields for c in (f.metadata.get("choices") or ())]
                                 + [f.default for f in fields])
    return fields, st.dictionaries(st.one_of(names, st.text(max_size=5), st.integers()),
                                   st.one_of(documented, junk), max_size=3)


@FUZZ
@given(data=st.data(), room=st.sampled_from(available_rulesets()))
def test_options_are_exact_documented_values_or_refused_naming_the_option(data, room):
    rules_cls = get_ruleset(room).Rules
    fields, options = _option_values(rules_cls)
    given_options = data.draw(options)
    out = _call(lambda: rules_cls.from_mapping(given_options), "option")
    if isinstance(out, MahjongError):
        return
    for f in fields:
        if f.name not in given_options:
            continue
        value = given_options[f.name]
        choices, kind = f.metadata.get("choices"), f.metadata.get("kind")
        if choices is not None:
            assert any(type(value) is type(c) and value == c for c in choices), (f.name, value)
        if kind is int and value is not None:
            assert type(value) is int, (f.name, value)
        if kind is bool:
            assert type(value) is bool, (f.name, value)


# ------------------------------------------------------------------------------ records

def _golden_records():
    out = []
    for path in sorted(DATA.glob("*_golden_records.json")):
        data = json.loads(path.read_text())
        cases = data["records"] if isinstance(data, dict) else data
        out += [c["record"] for c in cases if "record" in c]
    for path in sorted(DATA.glob("*_worked_examples.json")):
        data = json.loads(path.read_text())
        out += [c["record"] for c in data if isinstance(c, dict) and "record" in c]
    return [r for r in out if _accepted(r)]


def _accepted(record):
    try:
        settle(record)
        return True
    except MahjongError:
        return False


GOLDEN = _golden_records()
RECORD_ERROR = ("record", "event", "final", "option", "seat")


def _mutate(record, draw):
    """One hostile change to a copy of ``record``: a field replaced by junk or a near miss,
    an event dropped, duplicated or moved, a seat changed."""
    rec = json.loads(json.dumps(record))
    events = rec.setdefault("events", [])
    what = draw(st.sampled_from(["field", "event_field", "drop", "dup", "move", "seat",
                                 "final", "append", "kind", "no_seats"]))
    if what == "field":
        rec[draw(st.sampled_from(["dealer", "seats", "options", "final", "rules", "events",
                                  "round_wind", "indicator", "wall", "note"]))] = draw(junk)
    elif what == "event_field" and events:
        e = draw(st.sampled_from(events))
        if isinstance(e, dict):
            key = draw(st.sampled_from(sorted(e) + ["melds", "from", "last_tile", "kind"]))
            e[key] = draw(st.one_of(junk, st.sampled_from([0, 1, 2, 3, None, True, "1m",
                                                           "concealed", []])))
    elif what == "drop" and events:
        events.pop(draw(st.integers(0, len(events) - 1)))
    elif what == "dup" and events:
        i = draw(st.integers(0, len(events) - 1))
        events.insert(i, json.loads(json.dumps(events[i])))
    elif what == "move" and len(events) > 1:
        e = events.pop(draw(st.integers(0, len(events) - 1)))
        events.insert(draw(st.integers(0, len(events))), e)
    elif what == "seat" and events:
        e = draw(st.sampled_from(events))
        if isinstance(e, dict) and "seat" in e:
            e["seat"] = draw(st.integers(-1, 4))
    elif what == "kind" and events:
        # a kong of another kind (single: the one-tile kong only Huanggang plays), or a
        # meld of a win turned into another kind
        e = draw(st.sampled_from(events))
        if isinstance(e, dict) and e.get("type") == "kong":
            e["kind"] = draw(st.sampled_from(["concealed", "exposed", "added", "single"]))
        elif isinstance(e, dict) and isinstance(e.get("melds"), list) and e["melds"]:
            m = draw(st.sampled_from(e["melds"]))
            if isinstance(m, dict):
                m["type"] = draw(st.sampled_from(["single_kong", "chow", "pung", "kong",
                                                  "concealed_kong"]))
    elif what == "no_seats":
        rec.pop("seats", None)      # the rule set's own number of seats
    elif what == "final" and isinstance(rec.get("final"), dict) and rec["final"]:
        seat = draw(st.sampled_from(sorted(rec["final"])))
        rec["final"][seat] = {"hand": draw(tile_text)}
    else:
        events.append(draw(st.sampled_from([
            {"type": "kong", "seat": 1, "kind": "concealed", "tile": "9s"},
            {"type": "win", "seat": 2, "hand": "123m456m789m234p55p", "win_tile": "5p",
             "from": None, "last_tile": True},
            {"type": "exhausted"}, {"type": "draw", "seat": 0, "tile": "1m"}])))
    return rec


@FUZZ
@given(data=st.data())
def test_mutated_records_are_settled_or_refused_naming_the_event(data):
    record = _mutate(data.draw(st.sampled_from(GOLDEN)), data.draw)
    form = data.draw(st.sampled_from(["dict", "json", "bytes"]))
    try:
        text = json.dumps(record)
    except (TypeError, ValueError):  # junk JSON cannot hold (bytes, numpy values)
        form, text = "dict", ""
    given_record = {"dict": record, "json": text, "bytes": text.encode()}[form]
    out = _call(lambda: settle(given_record), *RECORD_ERROR)
    if isinstance(out, MahjongError):
        return
    # accepted: it pays as much as it takes, and reads back the same from its own JSON
    assert sum(out.deltas) == 0, out
    again = settle(HandRecord.coerce(given_record).dumps())
    assert again.deltas == out.deltas


@FUZZ
@given(data=st.binary(max_size=64) | st.text(max_size=64))
def test_any_bytes_or_text_as_a_record(data):
    _call(lambda: settle(data), *RECORD_ERROR, "json", "utf-8")


# ------------------------------------------------------------------- batch equals scalar

def _hands(draw, n, size=14):
    """``n`` random legal hands of suit tiles (count rows), ``size`` tiles each."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    rows = np.zeros((n, 34), np.uint8)
    for r in range(n):
        suits = rng.choice(3, size=rng.integers(1, 3), replace=False)
        pool = np.repeat([s * 9 + k for s in suits for k in range(9)], 4)
        for t in rng.choice(pool, size, replace=False):
            rows[r, t] += 1
    return rows


def _ids(row):
    return [t for t in range(34) for _ in range(int(row[t]))]


@FUZZ
@given(data=st.data(), room=st.sampled_from(["sichuan", "yunnan"]))
def test_regional_score_batch_equals_scalar_row_by_row(data, room):
    mod = {"sichuan": sichuan, "yunnan": yunnan}[room]
    n = data.draw(st.integers(1, 6))
    hands = _hands(data.draw, n)
    flags = np.array(data.draw(st.lists(st.integers(0, 255), min_size=n, max_size=n)))
    wins = [_ids(hands[r])[data.draw(st.integers(0, 13))] for r in range(n)]
    out = mod.score_batch(hands, flags=flags, win_tiles=wins)
    names = FLAG_NAMES + (["first_round"] if room == "yunnan" else [])
    for r in range(n):
        ids = _ids(hands[r])
        win = wins[r]
        kwargs = {k: bool(int(flags[r]) & int(getattr(WinFlag, k.upper()))) for k in names}
        if room == "sichuan" and int(flags[r]) & WinFlag.FIRST_ROUND:
            assert out["status"][r] == ERR_BAD_CONTEXT  # no first_round in Sichuan
            continue
        try:
            want = mod.score(ids, win_tile=win, **kwargs)
        except mahjong.InvalidContextError:
            # the robbed-tile count too: the batch has the winning tiles
            assert out["status"][r] == ERR_BAD_CONTEXT, (r, kwargs)
            assert out["fan"][r] == 0 and out["value"][r] == 0
            continue
        except mahjong.NotWinningError:
            assert out["fan"][r] == 0 and out["status"][r] != 0
            continue
        assert out["status"][r] == 0
        assert out["fan"][r] == want.fan and out["value"][r] == want.value


@FUZZ
@given(data=st.data())
def test_batch_shanten_equals_scalar(data):
    n = data.draw(st.integers(1, 8))
    hands = _hands(data.draw, n, size=data.draw(st.sampled_from([13, 14])))
    threads = data.draw(st.integers(1, 3))
    got = mbatch.shanten(hands, threads=threads)
    assert got.tolist() == [mahjong.shanten(_ids(h)) for h in hands]


@FUZZ
@given(arr=hnp.arrays(dtype=st.sampled_from([np.int8, np.int64, np.uint8, np.float64,
                                             np.bool_, np.uint64]),
                      shape=hnp.array_shapes(min_dims=1, max_dims=3, max_side=35)),
       target=st.sampled_from(["batch.shanten", "batch.useful_tiles", "sichuan.score_batch",
                               "yunnan.score_batch", "guobiao.score_batch"]),
       threads=st.one_of(st.integers(-2, 300), st.sampled_from([True, 2.0, 2**63, None])))
def test_batch_entry_points_take_any_array(arr, target, threads):
    calls = {
        "batch.shanten": lambda: mbatch.shanten(arr, threads=threads),
        "batch.useful_tiles": lambda: mbatch.useful_tiles(arr, threads=threads),
        "sichuan.score_batch": lambda: sichuan.score_batch(arr),
        "yunnan.score_batch": lambda: yunnan.score_batch(arr, flags=None),
        "guobiao.score_batch": lambda: guobiao.score_batch(
            arr, 0 if arr.ndim != 2 else np.zeros(arr.shape[0], np.uint8), threads=threads),
    }
    _call(calls[target])


@FUZZ
@given(data=st.data(), field=st.sampled_from(["win_tile", "flags", "seat_wind", "round_wind",
                                               "flowers"]))
def test_gb_score_batch_values_out_of_range_are_row_codes(data, field):
    hands = np.stack([mahjong.tile_counts("123456789m1p234s")] * 2)
    value = data.draw(st.one_of(st.integers(-2**70, 2**70), junk))
    args = {"win_tile": 9, field: value}
    out = _call(lambda: guobiao.score_batch(hands, **args), field)
    if isinstance(out, MahjongError):
        return
    totals, _ = out
    for t in totals.tolist():
        assert t < 0 or t >= 8  # a code, or a real total (8 fans at least)


# ---------------------------------------------------------------------------------- CLI

CLI_ARGS = st.lists(st.one_of(tile_text.filter(lambda s: "\x00" not in s and len(s) < 200),
                              st.sampled_from(["--win", "--meld", "--melds", "--forms",
                                               "--json", "-", "--self-drawn", "K:7777s",
                                               "regular", "--rules", "sichuan", "1p"])),
                    max_size=6)


@settings(max_examples=1, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_cli_never_shows_a_traceback(data, tmp_path_factory):
    # One child process per command, several argument lists in it (start-up is slow):
    # each argument list runs through the CLI's main and must end with an exit code.
    runs = [[cmd] + data.draw(CLI_ARGS) for cmd in ("analyze", "gb", "score")
            for _ in range(8)]
    bad = tmp_path_factory.mktemp("cli") / "bad.json"
    bad.write_bytes(b"\xff\xfe{" + b"[" * 2000)
    runs.append(["settle", str(bad)])
    code = ("import sys, json, contextlib, io\n"
            "from mahjong.cli import main\n"
            "for argv in json.loads(sys.stdin.read()):\n"
            "    out = io.StringIO()\n"
            "    try:\n"
            "        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):\n"
            "            rc = main(argv)\n"
            "    except SystemExit as exc:\n"
            "        rc = exc.code\n"
            "    print(json.dumps([argv, rc]))\n")
    proc = subprocess.run([sys.executable, "-c", code], input=json.dumps(runs), text=True,
                          capture_output=True, env=child_env(), timeout=300,
                          cwd=tmp_path_factory.getbasetemp())
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == len(runs)
    assert all(rc in (0, 1, 2, None) for _, rc in lines), lines


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                               max_size=3), max_leaves=8)
INPUT_LINES = st.lists(st.one_of(JSON_VALUES.map(lambda v: json.dumps(v).encode()),
                                 st.binary(max_size=24).map(lambda b: b.replace(b"\n", b"")),
                                 st.sampled_from([b"[", b"{", b"]", b"", b"  ", b"[\r",
                                                  b"\xff", b'{"a": 1,',
                                                  b"\xef\xbb\xbf[1]", b"9" * 5000])),
                       min_size=1, max_size=8)


def _read_all(path):
    """(several, items) of the CLI's streaming reader over the file at ``path``."""
    from mahjong.cli._items import IDLE, LineReader, read_items

    reader = LineReader(str(path))
    try:
        several, items = read_items(reader)
        return several, [item for item in items if item is not IDLE]
    finally:
        reader.close()


@FUZZ
@given(lines=INPUT_LINES)
def test_the_cli_reader_answers_every_line_of_json_lines(lines, tmp_path_factory):
    """Any bytes as the input of ``settle``/``score``: the reader never fails but with a
    MahjongError, and JSON lines (a first line that is a value alone, more lines after it)
    get one item per non-blank line, numbered by line, in order."""
    path = tmp_path_factory.mktemp("reader") / "in.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    several, got = _read_all(path)
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if len(numbered) < 2:
        return
    first = numbered[0][1]
    try:
        json.loads(first.decode("utf-8").lstrip("\ufeff"))
    except ValueError:
        return
    assert several and [n for n, _ in got] == [n for n, _ in numbered]


@FUZZ
@given(values=st.lists(JSON_VALUES, max_size=6), indent=st.sampled_from([None, 1, 2]))
def test_the_cli_reader_reads_a_list_over_any_lines(values, indent, tmp_path_factory):
    path = tmp_path_factory.mktemp("reader") / "list.json"
    path.write_text(json.dumps(values, indent=indent), encoding="utf-8")
    several, got = _read_all(path)
    assert several and got == list(enumerate(values, 1))


def test_score_values_stay_exact():
    # the largest base and the highest 番 a Sichuan hand reaches stay exact in the batch
    hands = mahjong.tile_counts("11m22m3333m55m66m77m")[None]
    out = sichuan.score_batch(hands, flags=np.array([int(WinFlag.SELF_DRAWN
                                                         | WinFlag.HEAVENLY)]),
                              rules={"base": 2**31 - 1})
    want = sichuan.score("11m22m3333m55m66m77m", win_tile="7m", self_drawn=True,
                         heavenly=True, rules={"base": 2**31 - 1})
    assert int(out["value"][0]) == want.value == (2**31 - 1) * 2 ** (want.fan - 1)
    assert math.log2(want.value) < 62


# --------------------------------------------------- issue 26: kongs, seats, the engine

KONG_GOLDEN = [r for r in GOLDEN if any(isinstance(e, dict) and e.get("type") == "kong"
                                         for e in r.get("events", ()))]


@FUZZ
@given(data=st.data())
def test_a_single_kong_is_refused_naming_it_wherever_the_rule_set_has_none(data):
    rec = json.loads(json.dumps(data.draw(st.sampled_from(KONG_GOLDEN))))
    kongs = [e for e in rec["events"] if e.get("type") == "kong"]
    kong = data.draw(st.sampled_from(kongs))
    kong["kind"] = "single"
    kong.pop("from", None)
    if data.draw(st.booleans()):   # the holding shows it as a single kong too
        for e in rec["events"]:
            if e.get("type") == "win" and e.get("seat") == kong["seat"]:
                e["melds"] = [m for m in e.get("melds") or []
                              if m.get("tiles", "")[:2] != kong["tile"]] + [
                    {"type": "single_kong", "tiles": kong["tile"]}]
    out = _call(lambda: settle(rec), *RECORD_ERROR)
    if rec["rules"] != "huanggang":
        assert isinstance(out, MahjongError), rec


@FUZZ
@given(record=st.sampled_from(GOLDEN))
def test_a_record_without_seats_settles_as_with_its_rule_sets_seats(record):
    rec = dict(record)
    rec.pop("seats", None)
    want = settle(record)
    assert settle(rec).deltas == want.deltas
    assert settle(json.dumps(rec)).deltas == want.deltas


#: what a caller may pass as an action: legal indices, names and anything else
action_input = st.one_of(junk, st.integers(-2**70, 2**70), st.integers(0, 200),
                         st.sampled_from([np.int64(2**40), np.uint64(2**64 - 1), np.int8(-1),
                                          "pass", "discard 1m", "nonsense", 1.0]))


@FUZZ
@given(seed=st.integers(0, 50), action=action_input, rules=st.sampled_from(
    ["sichuan", "guobiao", "two_player"]))
def test_any_action_is_applied_or_refused_naming_it(seed, action, rules):
    g = Game(rules, seed=seed)
    legal = {int(a) for a in g.legal_actions()}
    out = _call(lambda: g.step(action), "action")
    if not isinstance(out, MahjongError):
        assert isinstance(action, str) or int(action) in legal
    # an agent answering it: the error names its seat
    decider = Game(rules, seed=seed).decider
    agents = ["greedy"] * g.spec.seats
    agents[decider] = lambda obs, legal_actions: action
    try:
        Game(rules, seed=seed, agents=agents).play()
    except MahjongError as exc:
        assert f"agent of seat {decider}" in str(exc)


@FUZZ
@given(seed=st.integers(0, 20), action=action_input, agent=junk)
def test_the_environment_refuses_any_bad_step_or_agent_naming_it(seed, action, agent):
    env = MahjongEnv("sichuan")
    _call(lambda: env.step(action), "step")           # before reset()
    _call(lambda: env.observe(agent), "observe")
    env.reset(seed=seed)
    _call(lambda: env.observe(agent), "observe", "agent")
    _call(lambda: env.step(action), "action", "step")
    # a finished agent takes None only
    while env.agents and not env.terminations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    if action is not None:
        before = list(env.agents)
        _call(lambda: env.step(action), "done")
        assert env.agents == before


@FUZZ
@given(hands=junk, seat=junk, seed=junk, events=junk, agents=junk)
def test_engine_arguments_are_used_or_refused_naming_them(hands, seat, seed, events, agents):
    _call(lambda: stack_wall("sichuan", hands), "stack_wall")
    try:
        seat_hands = {seat: "1m"}
    except TypeError:           # an unhashable key: no mapping can hold it
        seat_hands = {str(seat): "1m"}
    _call(lambda: stack_wall("sichuan", seat_hands), "seat", "stack_wall")
    _call(lambda: Match("sichuan", seed=seed, hands=1), "seed")
    log = {"rules": "sichuan", "wall": [], "events": events}
    _call(lambda: replay(log), "replay", "wall")
    _call(lambda: Game("sichuan", agents=agents), "agents")


gb_argument = st.one_of(junk, st.sampled_from([np.array([5] * 35), np.array([[1]]),
                                               np.zeros(0)]),
                        st.integers(1, 5).map(lambda k: _nested(200 * k)))


def _nested(depth):
    value = 0
    for _ in range(depth):
        value = [value]
    return value


@FUZZ
@given(field=st.sampled_from(["rules", "flowers", "seat_wind", "round_wind", "heavenly",
                              "options"]), value=gb_argument)
def test_gb_score_arguments_are_used_or_refused_naming_them(field, value):
    out = _call(lambda: guobiao.score("123m456m789m123p55p", win_tile="5p",
                                      **{field: value}), field)
    if not isinstance(out, MahjongError):
        assert out.total > 0


@FUZZ
@given(field=st.sampled_from(["flags", "seat_wind", "round_wind", "flowers", "win_tile"]),
       value=st.one_of(st.integers(-2**70, 2**70), st.sampled_from([2**63, np.uint64(2**63),
                                                                    np.int64(-1), 2**64])))
def test_gb_score_batch_scalar_arguments_are_used_or_refused_naming_them(field, value):
    hands = np.stack([mahjong.tile_counts("123m456m789m123p5p")] * 2)
    args = {"win_tile": 13, field: value}
    out = _call(lambda: guobiao.score_batch(hands, **args), field)
    if not isinstance(out, MahjongError):
        totals, _ = out
        assert (totals == totals[0]).all()
