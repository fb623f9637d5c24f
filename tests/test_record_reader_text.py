"""The record's text reader (``HandRecord.from_json(text)``: mahjong/record.py's ``_Scan``,
which reads the JSON text straight into the events) against the path it stands in front of:
``json.loads`` and the dict reader. On every text both give the same record or refuse it
with the same message: the valid records of test_record_reader's corpus, its damaged
records, random re-spellings of valid records (whitespace, key order, escapes of plain
characters, repeated keys, 1.0 for 1, true/false/null in odd places) and every truncation
of a few records. Also: the text reader itself takes the usual records (it does not hand
them all back to json.loads), and when it takes a text it reads the dict reader's record.
"""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import record
from mahjong.errors import MahjongError
from mahjong.record import HandRecord
from test_record_reader import CORPUS, GOLDEN, _fields, _mutate


def _view(rec):
    return (rec.to_json(), [_fields(e) for e in rec.events],
            {s: _fields(f) for s, f in rec.final.items()}, dict(rec.options), rec.seats,
            rec.dealer, rec.round_wind, rec.indicator, rec.flower_indicators, rec.wall,
            rec.reserve)


def _read(text):
    """What from_json makes of the text: the text reader first."""
    try:
        return ("read",) + _view(HandRecord.from_json(text))
    except MahjongError as exc:
        return "refused", type(exc).__name__, str(exc)


def _read_by_dicts(text):
    """What json.loads and the dict reader make of it (the decoding's own errors as
    from_json words them)."""
    try:
        return ("read",) + _view(HandRecord.from_json(record._decode(text)))
    except MahjongError as exc:
        return "refused", type(exc).__name__, str(exc)


def _same(text):
    new = _read(text)
    assert new == _read_by_dicts(text), text
    return new


def _bench_texts():
    import sys
    from pathlib import Path
    bench = str(Path(__file__).parent.parent / "benchmarks")
    if bench not in sys.path:
        sys.path.insert(0, bench)
    import bench_huanggang
    import bench_two_player
    from guiyang_records import build_record
    return ([json.dumps(build_record(s), ensure_ascii=False) for s in range(300)]
            + bench_huanggang._records()[:300]
            + bench_two_player.build_records("two_player")[:200]
            + bench_two_player.build_records("tongcheng")[:200])


def test_the_text_reader_takes_the_usual_records():
    texts = _bench_texts() + [json.dumps(r) for r in CORPUS]
    taken = 0
    for text in texts:
        read = record._read_text(HandRecord, text)
        if read is None:
            continue
        taken += 1
        rec, final, _note = read
        by_dicts = HandRecord.from_json(json.loads(text))
        assert _view(rec) == _view(by_dicts), text
        assert final == dict(by_dicts.final)
    # every benchmark record, and most of the corpus (the rest has walls, rule-set data,
    # other tile spellings: json.loads reads those)
    assert taken >= len(texts) - len(CORPUS) // 2
    for text in _bench_texts():
        assert record._read_text(HandRecord, text) is not None, text


def test_valid_records_read_the_same():
    for k, rec in enumerate(CORPUS):
        for text in (json.dumps(rec), json.dumps(rec, indent=1, sort_keys=True),
                     json.dumps(rec, separators=(",", ":"), ensure_ascii=False)):
            assert _same(text)[0] == "read", text
            assert _read(text.encode()) == _read(text)
            GOLDEN.check(f"valid/{k}", _read(text))  # (the read form the old reader gave)


def test_damaged_records_are_read_or_refused_the_same():
    rng = random.Random(20261202)
    refused = 0
    for _ in range(6000):
        text = json.dumps(_mutate(rng.choice(CORPUS), rng))
        refused += _same(text)[0] == "refused"
    assert refused > 3000


# --------------------------------------------------------------- random re-spellings

_SPACES = ["", "", "", " ", "  ", "\n", "\t", "\r\n ", " \n"]


def _spell(value, rng, odd):
    """JSON text of ``value``, spelled at random; ``odd``: how often to change a value
    (1.0 for 1, true/false/null for a scalar, a repeated key)."""
    sp = lambda: rng.choice(_SPACES)  # noqa: E731
    if isinstance(value, dict):
        items = list(value.items())
        if rng.random() < 0.5:
            rng.shuffle(items)
        parts = []
        for key, v in items:
            if items and rng.random() < odd:  # a repeated key: json.loads keeps the last
                junk = rng.choice([None, True, 0, "x", [], {}, 1.5])
                parts.append(f"{sp()}{_spell_str(key, rng)}{sp()}:{sp()}"
                             f"{_spell(junk, rng, 0)}{sp()}")
            parts.append(f"{sp()}{_spell_str(key, rng)}{sp()}:{sp()}{_spell(v, rng, odd)}{sp()}")
        if rng.random() < odd / 2:  # the same key again, after
            if items:
                key, v = rng.choice(items)
                parts.append(f"{sp()}{_spell_str(key, rng)}:{_spell(v, rng, odd)}")
        return "{" + ",".join(parts) + sp() + "}"
    if isinstance(value, list):
        return "[" + ",".join(sp() + _spell(v, rng, odd) + sp() for v in value) + sp() + "]"
    if rng.random() < odd:
        value = rng.choice([None, True, False, value])
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        r = rng.random()
        if r < odd:
            return rng.choice([f"{value}.0", f"{value}e0", f"{value}E+0", f"-{value}",
                               f"0{value}", f"{value}.5"])
        return str(value)
    if isinstance(value, float):
        return repr(value)
    return _spell_str(value, rng)


def _spell_str(text, rng):
    out = []
    for ch in text:
        r = rng.random()
        if r < 0.04:
            out.append("\\u%04x" % ord(ch))  # "\u0035" for "5"
        elif r < 0.05 and ch in "/":
            out.append("\\/")
        elif ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(CORPUS) - 1), st.randoms(use_true_random=False),
       st.sampled_from([0.0, 0.0, 0.02, 0.1]))
def test_respelled_records_read_the_same(index, rng, odd):
    rec = CORPUS[index]
    text = rng.choice(_SPACES) + _spell(rec, rng, odd) + rng.choice(_SPACES)
    outcome = _same(text)
    if odd == 0:  # only the spelling changed
        assert outcome == _read(json.dumps(rec))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(CORPUS) - 1), st.randoms(use_true_random=False))
def test_texts_with_a_changed_character_read_the_same(index, rng):
    text = json.dumps(CORPUS[index])
    for _ in range(rng.choice((1, 1, 2))):
        i = rng.randrange(len(text))
        text = text[:i] + rng.choice('{}[]":, 0123456789-.eEtfnulx\\\x00\x1f\u00e9') + \
            text[i + rng.choice((0, 1, 1)):]
    _same(text)


def test_every_truncation_reads_the_same():
    texts = [json.dumps(CORPUS[i]) for i in (0, len(CORPUS) // 3, len(CORPUS) - 1)]
    texts += _bench_texts()[::300]
    for text in texts:
        for k in range(len(text)):
            assert _same(text[:k])[0] == "refused"
        _same(text + " x")
        _same(text + "\x00")


@pytest.mark.parametrize("text", [
    '{"rules": "sichuan", "dealer": 0, "events": []}',
    '{"rules": "sichuan", "dealer": -0, "events": []}',
    '{"rules": "sichuan", "dealer": 00, "events": []}',
    '{"rules": "sichuan", "dealer": 0.0, "events": []}',
    '{"rules": "sichuan", "dealer": 1e0, "events": []}',
    '{"rules": "sichuan", "dealer": 1234567890123, "events": []}',
    '{"rules": "sichuan", "dealer": 3, "events": [], "seats": 3}',
    '{"rules": "sichuan", "dealer": 1, "events": [{"type": "draw", "seat": 1, "tile": "1m"}],'
    ' "seats": 2}',
    '{"rules": "sichuan", "dealer": 1, "events": [{"type": "chow", "seat": 1, '
    '"tiles": "123m", "from": 0}], "seats": 2}',
    '{"rules": "sichuan", "dealer": 0, "seats": null, "round_wind": null, "indicator": null,'
    ' "wall": null, "final": null, "options": null, "events": []}',
    '{"rules": "\\u0073ichuan", "dealer": 0, "events": []}',
    '{"rules": "", "dealer": 0, "events": []}',
    '{"rules": "sichuan", "rules": "guiyang", "dealer": 0, "events": []}',
    '{"rules": "sichuan", "dealer": 0, "events": [], "note": {"a": [1, 2.5, "\\n"]}}',
    '{"rules": "sichuan", "dealer": 0, "events": [], "options": {"x": NaN}}',
    '{"rules": "sichuan", "dealer": 0, "events": [], "stray": 1}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "flip", "tile": "9z"}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "exhausted"}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "exhausted", "x": 1}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "kong", "seat": 1, '
    '"kind": "concealed", "tile": "1m", "from": null}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "kong", "seat": 1, '
    '"kind": "exposed", "tile": "1m", "from": 1}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": 1, '
    '"hand": "123m456m789m123p5p", "win_tile": "5p", "from": 0, "last_tile": true, '
    '"heavenly": null, "flowers": 2}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": 1, '
    '"hand": "123m456m789m123p5p", "win_tile": "5p", "replacement": true, "from": 0}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": 1, '
    '"hand": "123m456m789m123p", "win_tile": "5p", "flowers": 9}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": 1, '
    '"hand": "123m456m789m 123p5p", "win_tile": "5p"}]}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": 1, '
    '"hand": "123m456m789m123p5p", "win_tile": "5p"}], "final": {"0": {"hand": "m"}}}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": 1, '
    '"hand": "123m456m789m123p5p", "win_tile": "5p"}], "final": {"0": {"hand": ""}}}',
    '{"rules": "sichuan", "dealer": 0, "events": [], "final": {"0": {"hand": '
    '"1111122223333m"}, "0": {"hand": "1112223334445m"}}}',
    '{"rules": "sichuan", "dealer": 0, "events": [], "final": {"0": {"hand": '
    '"1112223334445m", "melds": null}}}',
    # a closing hand in another notation: its melds read as the mapping reader reads them
    '{"rules": "sichuan", "dealer": 0, "events": [], "final": {"0": {"hand": '
    '"111m 222m 333m 444m 5m", "melds": null}}}',
    '{"rules": "sichuan", "dealer": 0, "events": [], "final": {"0": {"hand": '
    '"111m 222m 333m 5m", "melds": [{"type": "pung", "tiles": "777s"}]}}}',
    '{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": 1, '
    '"hand": "123m 456m 789m 123p 5p", "melds": null, "win_tile": "5p"}]}',
    '\ufeff{"rules": "sichuan", "dealer": 0, "events": []}',
    ' \n{"rules": "sichuan", "dealer": 0, "events": []} \n',
    '{"rules": "sichuan", "dealer": 0, "events": []}\x00',
    '[]', '', ' ', 'null', '{}',
])
def test_edge_texts_read_the_same(text):
    _same(text)
    assert _read(text.encode()) == _read(text)


def _engine_logs(per_room=6):
    """Full engine logs (a wall, every draw; a won hand's result names its items in
    Chinese) of every rule set, as ``mahjong simulate --out`` writes them."""
    from mahjong.game import Game
    from mahjong.ruleset import available_rulesets
    out = []
    for rules in available_rulesets():
        for seed in range(per_room * 8):
            log = Game(rules, seed=seed, agents="random").play()
            won = any(e["type"] == "win" for e in log["events"])
            if won or seed < per_room:
                out.append(json.dumps(log, ensure_ascii=False))
            if seed >= per_room and won:
                break
    return out


ENGINE_LOGS = _engine_logs()


def test_the_text_reader_takes_full_engine_logs():
    """A full log (its wall, a non-ASCII result) is read by the text reader itself, into the
    dict reader's record (json.loads was the only way before)."""
    assert any(not text.isascii() for text in ENGINE_LOGS)
    for text in ENGINE_LOGS:
        read = record._read_text(HandRecord, text)
        assert read is not None, text
        rec, final, _note = read
        by_dicts = HandRecord.from_json(json.loads(text))
        assert rec.wall is not None and rec.wall == by_dicts.wall
        assert _view(rec) == _view(by_dicts), text
        assert final == dict(by_dicts.final)
        assert _same(text)[0] == "read"


def test_every_truncation_of_an_engine_log_reads_the_same():
    for text in ENGINE_LOGS[::9]:
        for k in range(0, len(text), 7):
            assert _same(text[:k])[0] == "refused"


def _with(text, key, raw):
    """An engine log's text with its field ``key`` spelled ``raw`` (JSON text)."""
    data = json.loads(text)
    data.pop(key, None)
    return json.dumps(data, ensure_ascii=False)[:-1] + f', "{key}": {raw}}}'


@pytest.mark.parametrize("key,raw", [
    ("result", '{"a": "\\u6e05\\u4e00", "b": [1, -2.5e3, true, false, null, {}], "c": "\\n"}'),
    ("result", '"清一色"'), ("result", '[[[[]]]]'), ("result", '{"x": 01}'),
    ("result", '{"x": 1.}'), ("result", '{"x": NaN}'), ("result", '{"x": "\\q"}'),
    ("result", '{"x": "a\tb"}'), ("result", '{"x": -Infinity}'), ("result", '{"x": "\\ud800"}'),
    ("result", '{"x": 1e5, "y": -0, "z": 1E+2}'), ("result", '1' * 120), ("result", '[' * 200),
    ("note", '{"void_suits": null, "x": "清"}'), ("note", '{"x": ["\\u00e9", 2]}'),
    ("wall", 'null'), ("wall", '[]'), ("wall", '"123m"'), ("wall", '[0, 1, 2]'),
    ("wall", '["1m", "1m", "1m", "1m", "1m"]'), ("wall", '["1m", "8z"]'),
    ("reserve", '["1m", "2m"]'), ("reserve", 'null'), ("reserve", '[1]'),
    ("rules", '"清"'), ("options", '{"清": 1}'),
])
def test_engine_log_fields_read_the_same(key, raw):
    for text in ENGINE_LOGS[:3] + [t for t in ENGINE_LOGS if not t.isascii()][:2]:
        _same(_with(text, key, raw))


def test_the_text_reader_packs_the_events_as_log_codes():
    # the replay's packed events come from the text reader itself (no second pass); they
    # are the ones log_codes packs from the record's events
    for text in ENGINE_LOGS + [json.dumps(r) for r in CORPUS]:
        packed = []
        read = record._read_text(HandRecord, text, packed)
        if read is None:
            assert packed == []
            continue
        rec = read[0]
        assert tuple(packed) == record.log_codes(rec.events, rec.final, rec.seats)[:2]


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) |
    st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=12)


@given(value=_JSON_VALUES, ascii_only=st.booleans(), compact=st.booleans(),
       key=st.sampled_from(["result", "note"]))
@settings(max_examples=300, deadline=None)
def test_engine_logs_with_any_result_or_note_read_the_same(value, ascii_only, compact, key):
    # the values the text reader passes over (a result) or hands to json (a note): any JSON
    # value, spelled by json.dumps in either form, reads as json.loads and the dict reader
    # read it
    raw = json.dumps(value, ensure_ascii=ascii_only,
                     separators=(",", ":") if compact else None)
    text = _with(ENGINE_LOGS[1], key, raw)
    if key == "result":
        assert _same(text)[0] == "read"
        if "NaN" not in raw and "Infinity" not in raw:   # (json's own words: left to it)
            assert record._read_text(HandRecord, text) is not None, raw
    else:
        _same(text)


def _claims_and_kongs(seat, src):
    """Chows, pungs and kongs in the engine's spelling (the text reader reads these without
    its general event reader), with tiles and kinds that read and that do not."""
    out = []
    for kind in ("chow", "pung"):
        for tiles in ("123m", "345p", "789s", "567z", "111m", "999s", "777z", "888z", "1111m",
                      "5z", "12m", "0m", "123456789m12345678", "1m2m3m"):
            out.append(f'{{"type": "{kind}", "seat": {seat}, "tiles": "{tiles}", '
                       f'"from": {src}}}')
    for kind in ("concealed", "exposed", "added", "single", "exposedd", "singl", "x"):
        for tile in ("1m", "7z", "8z", "0p"):
            out.append(f'{{"type": "kong", "seat": {seat}, "kind": "{kind}", "tile": "{tile}"}}')
            out.append(f'{{"type": "kong", "seat": {seat}, "kind": "{kind}", "tile": "{tile}", '
                       f'"from": {src}}}')
    return out


def test_engine_spelled_claims_and_kongs_read_the_same():
    # the first claim or kong of full logs of 4 and of 2 seats, spelled every other way
    # (each seat and "from", valid and invalid tiles and kinds): read as json.loads and
    # the dict reader read them, and taken by the text reader itself when they read
    import re
    event = re.compile(r'\{"type": "(?:chow|pung|kong)"[^{}]*\}')
    texts = [next(t for t in ENGINE_LOGS if event.search(t) and '"seats": 4' in t),
             next(t for t in ENGINE_LOGS if event.search(t) and '"seats": 2' in t)]
    for text in texts:
        assert _same(text)[0] == "read" and record._read_text(HandRecord, text) is not None
        at = event.search(text)
        for seat, src in (("0", "1"), ("1", "0"), ("2", "1"), ("3", "2"), ("1", "1"),
                          ("0", "3"), ("4", "0"), ("9", "9"), ("10", "1"), ("1", "null"),
                          ("1", "01"), ("-1", "0")):
            for spelled in _claims_and_kongs(seat, src):
                changed = text[:at.start()] + spelled + text[at.end():]
                new = _same(changed)
                if new[0] == "read":
                    assert record._read_text(HandRecord, changed) is not None, spelled


@pytest.mark.parametrize("raw", [
    '{"void_suits": ["m", "p", "s", "m"], "setup": [{"swap": 0, "out": "8p", "in": "9m"}]}',
    '{"void_suits": ["s", null, "p", "m"]}', '{"void_suits": ["m", "p"]}',
    '{"x": {"void_suits": 1}, "void_suits": "m"}', '{"void_suits": 5, "flower_positions": 5}',
    '{"void_suits": null, "void_suits": ["m", "m", "m", "m"]}',
    '{"v\\u006fid_suits": ["m", "p", "s", "m"]}', '{"flower_positions": [0, 1, 2, 3, 4, 5, 6, 7]}',
    '{"flower_positions": [7, 6, 5, 4, 3, 2, 1, 0], "setup": "\\u6e05"}',
    '{"flower_positions": [0, 1, 2, 3, 4, 5, 6, 7], "flower_positions": null}',
    '{"setup": [[[]]], "y": -1.5e3, "void_suits": ["p", "p", "p", "p"]}', '[]', '"x"',
    '{}', '{"void_suits": [], }',
])
def test_the_notes_the_replay_reads_read_the_same(raw):
    # the text reader keeps only the note's fields the replay reads (void suits, flower
    # positions): a full log with any note replays, or is refused, as with json.loads'
    from mahjong.ruleset import available_rulesets
    texts = [next(t for t in ENGINE_LOGS if f'"rules": "{rules}"' in t)
             for rules in available_rulesets()]
    for text in texts + _NOTED_LOGS:
        _same(_with(text, "note", raw))


def _noted_logs():
    """Full logs whose replay reads their note: Sichuan with 定缺 (void suits), Guobiao with
    flowers (their places in the deck)."""
    from mahjong.game import Game
    return [json.dumps(Game(rules, seed=seed, agents="random", options=options).play(),
                       ensure_ascii=False)
            for rules, options in (("sichuan", {"dingque": True}), ("guobiao", {"flowers": True}))
            for seed in range(2)]


_NOTED_LOGS = _noted_logs()


def test_logs_whose_replay_reads_the_note_are_taken_by_the_text_reader():
    for text in _NOTED_LOGS:
        note = json.loads(text)["note"]
        assert "void_suits" in note or "flower_positions" in note
        read = record._read_text(HandRecord, text)
        assert read is not None
        assert read[2] == {k: v for k, v in note.items()
                           if k in ("void_suits", "flower_positions")}
        assert _same(text)[0] == "read"
