"""The record reader (mahjong/record.py, compiled with record.pxd) against its golden
outcomes (tests/data/record_reader_golden.jsonl, made by tools/make_oracle_golden.py when the
plain Python reader it replaced still stood beside it and agreed): on valid records of every
rule set and on thousands of damaged ones, it accepts the same records, reads the same events
and closing hands, and refuses the same records with the same message.

Also: the direct JSON scan against ``json.loads``, and the value classes (events and
final hands: extension types when compiled) compare, hash, print, pickle and refuse
changes as the frozen dataclasses they replace did."""
import copy
import dataclasses
import json
import pickle
import random
from pathlib import Path

import pytest

from golden import Golden, digest
from mahjong import record
from mahjong.errors import MahjongError
from mahjong.record import (ClaimEvent, DiscardEvent, DrawEvent, ExhaustedEvent, FinalHand,
                            FlipEvent, HandRecord, KongEvent, ReadyEvent, WinEvent)
from mahjong.tiles import TENHOU_NAMES, to_tile_ids

DATA = Path(__file__).parent / "data"
GOLDEN = Golden("record_reader_golden", "record reader (tests/test_record_reader.py, "
                "tests/test_record_reader_text.py)")


def _corpus():
    """Valid records: the golden and worked-example records, and generated ones."""
    out = []
    for path in sorted(DATA.glob("*_golden_records.json")) + sorted(
            DATA.glob("*_worked_examples.json")):
        data = json.loads(path.read_text())
        cases = data["records"] if isinstance(data, dict) else data
        out += [c["record"] for c in cases if isinstance(c, dict) and "record" in c]
    from guiyang_records import build_record
    out += [build_record(s) for s in range(150)]
    import sys
    bench = str(Path(__file__).parent.parent / "benchmarks")
    if bench not in sys.path:
        sys.path.insert(0, bench)
    import bench_huanggang
    import bench_two_player
    out += [json.loads(t) for t in bench_huanggang._records()[:150]]
    out += [json.loads(t) for t in bench_two_player.build_records("two_player")[:100]]
    out += [json.loads(t) for t in bench_two_player.build_records("tongcheng")[:100]]
    return out


def _readable(rec):
    try:
        HandRecord.from_json(rec, replay=False)
        return True
    except MahjongError:  # (some golden records are refused on purpose)
        return False


def _kept_corpus():
    """The candidates the reader reads (the golden file holds which, and their digests)."""
    candidates = _corpus()
    kept = [i for i, r in enumerate(candidates) if isinstance(r, dict) and _readable(r)]
    GOLDEN.check("corpus", (kept, [digest(r) for r in candidates]), full=True)
    return [candidates[i] for i in kept]


CORPUS = _kept_corpus()

NEAR_MISSES = [None, True, False, 0, 1, 3, 4, -1, 2 ** 70, 1.0, "1", "", "1m", "0m", "10p",
               "8z", "5p5p", "123m", [], [1], {}, {"a": 1}, "concealed", "exposed", "added",
               "single", "pung", "chow", "kong", "win", "1111m", "123m456m789m234p55p",
               "1m" * 200, [{"type": "pung", "tiles": "222p"}], [{"type": "pung"}],
               [{"type": "pung", "tiles": "223p"}], [["pung", "222p"]], "222p", 8, 9]
KEYS = ["type", "seat", "tile", "tiles", "from", "kind", "hand", "melds", "win_tile",
        "last_tile", "heavenly", "earthly", "first_round", "replacement", "after_kong",
        "robbing_kong", "fourth_tile", "flowers", "chajiao_pairs", "stray"]


def _mutate(rec, rng):
    """One or two damaging changes to a copy of a valid record."""
    rec = copy.deepcopy(rec)
    for _ in range(rng.choice((1, 1, 2))):
        events = rec.setdefault("events", [])
        what = rng.choice(["field", "event", "event", "event", "drop", "dup", "move",
                           "final", "final", "meld"])
        if what == "field":
            rec[rng.choice(["dealer", "seats", "options", "final", "rules", "events",
                            "round_wind", "indicator", "wall", "flower_indicators",
                            "stray"])] = rng.choice(NEAR_MISSES)
        elif what == "event" and events and isinstance(events, list):
            e = rng.choice(events)
            if isinstance(e, dict):
                e[rng.choice(sorted(e) + KEYS)] = rng.choice(NEAR_MISSES)
        elif what == "drop" and events and isinstance(events, list):
            events.pop(rng.randrange(len(events)))
        elif what == "dup" and events and isinstance(events, list):
            i = rng.randrange(len(events))
            events.insert(i, copy.deepcopy(events[i]))
        elif what == "move" and isinstance(events, list) and len(events) > 1:
            e = events.pop(rng.randrange(len(events)))
            events.insert(rng.randrange(len(events) + 1), e)
        elif what == "final" and isinstance(rec.get("final"), dict) and rec["final"]:
            seat = rng.choice(sorted(rec["final"]))
            fh = rec["final"][seat]
            if isinstance(fh, dict) and rng.random() < 0.6:
                fh[rng.choice(["hand", "melds", "stray"])] = rng.choice(NEAR_MISSES)
            else:
                rec["final"][rng.choice([seat, "5", "x", "0", "00", "3", " 1", "\u0663"])] = \
                    rng.choice(NEAR_MISSES)
        elif what == "meld":
            final = rec.get("final")
            holders = [e for e in (events if isinstance(events, list) else [])
                       if isinstance(e, dict) and e.get("melds")] + [
                f for f in (final.values() if isinstance(final, dict) else [])
                if isinstance(f, dict) and f.get("melds")]
            if holders:
                melds = rng.choice(holders)["melds"]
                if isinstance(melds, list) and melds and isinstance(melds[0], dict):
                    melds[0][rng.choice(["type", "tiles", "from", "stray"])] = \
                        rng.choice(NEAR_MISSES)
    return rec


def _fields(obj):
    """(class name, {field: value}) of a reader's value object, either reader's classes."""
    if dataclasses.is_dataclass(obj):
        names = [f.name for f in dataclasses.fields(obj)]
    else:
        names = list(type(obj)._FIELDS)
    return type(obj).__name__, {n: getattr(obj, n) for n in names}


def _outcome(data):
    try:
        # the reader's own checks (the replay of full game logs, which the old reader did not
        # have, is tested in test_full_log_replay.py)
        rec = HandRecord.from_json(data, replay=False)
    except MahjongError as exc:
        return "refused", type(exc).__name__, str(exc)
    return ("read", rec.to_json(), [_fields(e) for e in rec.events],
            {s: _fields(f) for s, f in rec.final.items()}, dict(rec.options), rec.seats,
            rec.dealer, rec.round_wind, rec.indicator, rec.flower_indicators, rec.wall,
            rec.reserve)


def _same(key, data, full=False):
    """The reader's outcome of case ``key`` (``data``) is the golden one."""
    return GOLDEN.check(key, _outcome(data), data, full)


def test_valid_records_read_the_same():
    assert len(CORPUS) > 400
    for k, rec in enumerate(CORPUS):
        want = _same(f"valid/{k}", rec, full=True)  # (the read form in full)
        assert want[0] == "read", rec
        for form in (json.dumps(rec, ensure_ascii=False), json.dumps(rec).encode()):
            assert _outcome(form) == want, form


def test_damaged_records_are_read_or_refused_the_same():
    rng = random.Random(20261201)
    refused = 0
    for n in range(6000):
        rec = _mutate(rng.choice(CORPUS), rng)
        data = json.dumps(rec) if n % 3 else rec
        refused += _same(f"damaged/{n}", data)[0] == "refused"
    assert refused > 2000  # the damage is mostly found (and named alike)


def test_kong_rich_records_read_the_same():
    # four-of-a-kind-rich holdings: every seat with kongs, several kinds, fifth copies
    rng = random.Random(7)
    for n in range(1500):
        tiles = rng.sample(range(34), 8)
        events, final = [], {}
        for seat in range(4):
            melds = []
            for k in range(rng.randint(0, 3)):
                t = tiles[(2 * seat + k) % 8]
                kind = rng.choice(["concealed", "exposed", "added", "single"])
                e = {"type": "kong", "seat": seat, "kind": kind, "tile": TENHOU_NAMES[t]}
                if kind == "exposed":
                    e["from"] = rng.choice([s for s in range(4) if s != seat] + [seat])
                events.append(e)
                melds.append({"type": {"concealed": "concealed_kong", "exposed": "kong",
                                       "added": "kong", "single": "single_kong"}[kind],
                              "tiles": TENHOU_NAMES[t] * (1 if kind == "single" else 4)})
            size = 13 - 3 * sum(m["type"] != "single_kong" for m in melds)
            hand = "".join(TENHOU_NAMES[rng.choice(tiles)] for _ in range(max(size, 0)))
            final[str(seat)] = {"hand": hand, "melds": melds}
        rng.shuffle(events)
        rec = {"rules": rng.choice(["guiyang", "huanggang", "sichuan"]), "dealer": 0,
               "events": events, "final": final}
        _same(f"kong-rich/{n}", json.dumps(rec))


def test_hand_built_records_and_event_objects_read_the_same():
    for rec in CORPUS[:80]:
        new = HandRecord.from_json(rec)
        again = HandRecord(new.rules, new.dealer, new.events, new.final, new.options,
                           new.seats, new.round_wind, new.indicator, new.flower_indicators,
                           new.wall, new.reserve)
        assert again.to_json() == new.to_json()
        assert again == new


# ------------------------------------------------------------------------ JSON scan

JSON_TEXTS = ["", " ", "{}", " {} ", "{}\n", "\t{}\r\n", "{} x", "{}}", "[1, 2]", "1",
              '"a"', "nul", "{", '{"a": 1', '{"a": 1,}', '{"a" 1}', "{'a': 1}", "NaN",
              "-Infinity", "1e999", '{"a": [1, {"b": null}]}', "  \n", "{}\u00a0",
              "\u00a0{}", '"\\ud800"', '{"a": "\x01"}', "[" * 50 + "]" * 50, "1 2",
              '{"rules": "sichuan"} ', "tru", "[1,]", "9" * 5000]


@pytest.mark.parametrize("text", JSON_TEXTS)
def test_the_direct_json_scan_is_json_loads(text):
    def run(f):
        try:
            return "ok", f(text)
        except ValueError as exc:
            return type(exc).__name__, str(exc)
    assert repr(run(record._json_loads)) == repr(run(json.loads))


def test_random_json_texts_scan_as_json_loads():
    rng = random.Random(3)
    pieces = ["{", "}", "[", "]", ",", ":", '"a"', "1", " ", "\n", "null", "true", "x", '"',
              "-", "0", ".5", "e3"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        for f in (record._json_loads, json.loads):
            try:
                got = ("ok", f(text))
            except ValueError as exc:
                got = (type(exc).__name__, str(exc))
            if f is json.loads:
                assert repr(got) == repr(mine), text
            mine = got


# ---------------------------------------------------------------------- value classes

VALUES = [DrawEvent(1, 5), DiscardEvent(2, 33), ClaimEvent("pung", 1, (4, 4, 4), 0),
          ClaimEvent("chow", 2, (0, 1, 2), 1), KongEvent(3, "exposed", 7, 1),
          KongEvent(0, "single", 31), ReadyEvent(2), FlipEvent(9),
          WinEvent(0, (0, 0, 1, 2, 3), (), 3, 2, last_tile=True, flowers=2),
          ExhaustedEvent({"yunnan": {"chajiao_pairs": [[1, 0]]}}), ExhaustedEvent(),
          FinalHand((1, 2, 3)), FinalHand((1,), (record.meld_from_strings("pung", "222p"),))]


@pytest.mark.parametrize("index", range(len(VALUES)),
                         ids=[f"{type(v).__name__}-{i}" for i, v in enumerate(VALUES)])
def test_value_classes_behave_as_frozen_dataclasses(index):
    # their fields, repr, JSON form and hashability as the frozen dataclasses they replaced
    # gave them (the golden file)
    value = VALUES[index]
    name, fields = _fields(value)
    args = [fields[n] for n in type(value)._ARGS]
    if name == "ExhaustedEvent":
        args = [record._thaw(a) for a in args]
    try:
        hash(value)
        hashable = True
    except TypeError:  # (rule-set data is a dict: unhashable, as it was)
        hashable = False
    GOLDEN.check(f"value/{index}", (name, fields, repr(value), hashable,
                                   value.to_json() if hasattr(value, "to_json") else None),
                 full=True)
    assert value == type(value)(*args) and not value != type(value)(*args)
    if hashable:
        assert hash(value) == hash(type(value)(*args))
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value and copy.deepcopy(value) == value
    for n in fields:
        with pytest.raises(AttributeError):
            setattr(value, n, fields[n])
        with pytest.raises(AttributeError):
            delattr(value, n)


def test_read_events_are_shared_values_that_cannot_change():
    rec = HandRecord.from_json(CORPUS[0])
    for e in rec.events:
        with pytest.raises(dataclasses.FrozenInstanceError):
            e.type = "x"
    assert pickle.loads(pickle.dumps(rec)) == rec


def test_the_meld_table_is_bounded_and_clearable():
    record.meld_from_strings.cache_clear()
    assert record.meld_from_strings("pung", "222p") is record.meld_from_strings("pung", "222p")
    for i in range(3 * record._MELD_CACHE_SIZE):
        try:
            record.meld_from_strings("pung", "2" * (i % 5 + 3) + "p" + " " * (i // 5))
        except MahjongError:
            pass
    assert all(len(t) <= record._MELD_CACHE_SIZE for t in record._MELDS_BY_KIND.values())
    for i in range(200):
        try:
            record.meld_from_strings("PuNg"[: 1 + i % 4] + str(i), "222p")
        except MahjongError:
            pass
    assert len(record._MELDS_BY_KIND) <= 64


def test_tile_names_are_read_as_the_name_table_reads_them():
    chars = "0123456789mpsz zM１٣\u00b2mpszZ"
    texts = [a + b for a in chars for b in chars] + list(chars) + ["", "1m1", "10m", "1mm"]
    texts += list(TENHOU_NAMES)
    names = {name: i for i, name in enumerate(TENHOU_NAMES)}
    for text in texts:
        assert record._tile_name_id(text) == names.get(text, -1), text


def test_most_held_of_counts_as_most_held():
    # the record's fifth-copy count from plain tuples (most_held_of) against a count in
    # Python, on random and four-of-a-kind-rich input
    from collections import Counter
    from mahjong.hand import Meld
    from mahjong_core import _holdings

    class Holding:
        def __init__(self, hand, melds):
            self.hand, self.melds = hand, melds

    rng = random.Random(11)
    for _ in range(3000):
        holdings = []
        for _ in range(rng.randrange(5)):
            pool = rng.sample(range(34), 3) if rng.random() < 0.5 else list(range(34))
            hand = tuple(sorted(rng.choice(pool) for _ in range(rng.randrange(15))))
            melds = []
            for _ in range(rng.randrange(4)):
                t = rng.choice(pool)
                kind = rng.choice(["pung", "kong", "concealed_kong", "single_kong", "chow"])
                if kind == "chow":
                    t = 9 * rng.randrange(3) + rng.randrange(7)
                    melds.append(Meld("chow", [t, t + 1, t + 2]))
                else:
                    size = {"pung": 3, "single_kong": 1}.get(kind, 4)
                    melds.append(Meld(kind, [t] * size))
            holdings.append(Holding(hand, tuple(melds)))
        quads = [rng.randrange(34) for _ in range(rng.randrange(3))]
        extra = [rng.randrange(34) for _ in range(rng.randrange(3))]
        shared = [rng.randrange(34) for _ in range(rng.randrange(2))]
        total = Counter(t for h in holdings for t in h.hand + tuple(
            x for m in h.melds for x in m.tiles))
        for t in quads:
            total[t] += 4
        total.update(extra)
        total.subtract(shared)
        best = max(range(34), key=lambda t: (total[t], -t))
        assert _holdings.most_held_of(
            [h.hand for h in holdings],
            [tuple(x for m in h.melds for x in m.tiles) for h in holdings],
            quads, shared, extra) == (total[best], best)
    with pytest.raises(IndexError):
        _holdings.most_held_of([(34,)], [()], [], [], [])


def test_claims_against_final_melds_are_refused_the_same():
    # records that list claims: a claim dropped, added, or turned into the other kind, and
    # a final meld changed, each read (or refused, by the same message) as the old reader
    rng = random.Random(7)
    listing = [r for r in CORPUS if any(e.get("type") in ("pung", "chow")
                                        for e in r.get("events", []))]
    assert len(listing) > 50
    outcomes = set()
    for n in range(3000):
        rec = copy.deepcopy(rng.choice(listing))
        events = rec["events"]
        claims = [i for i, e in enumerate(events) if e.get("type") in ("pung", "chow")]
        pick = rng.randrange(4)
        if pick == 0:
            del events[rng.choice(claims)]
        elif pick == 1:
            events.insert(rng.randrange(len(events) + 1), copy.deepcopy(events[rng.choice(claims)]))
        elif pick == 2:
            e = events[rng.choice(claims)]
            e["type"] = "chow" if e["type"] == "pung" else "pung"
        else:
            seats = [s for s, h in rec.get("final", {}).items() if h.get("melds")]
            if not seats:
                continue
            m = rng.choice(rec["final"][rng.choice(seats)]["melds"])
            m["type"] = rng.choice(["pung", "chow", "kong"])
        outcomes.add(_same(f"claims/{n}", json.dumps(rec))[0])
    assert outcomes == {"read", "refused"}


# ------------------------------------------- the counted checks (claims, kongs, copies)

def _holding_tiles(rec):
    """Tiles of the record's holdings (win hands and final hands), by seat."""
    out = {}
    for e in rec.get("events", []):
        if e.get("type") == "win":
            out[e["seat"]] = e
    for s, fh in rec.get("final", {}).items():
        out.setdefault(int(s), fh)
    return out


def test_counted_checks_refuse_as_the_old_reader():
    # _check_record counts each seat's claims, kongs and the tiles held in C arrays and
    # names a failure from the events only then: kongs added (repeated, a fifth, an added
    # kong without its pung, one the holding does not show), claims added or dropped,
    # melds changed to kongs of tiles held elsewhere (fifth copies), discards of held
    # tiles (out of every hand, in full logs): each read or refused as the old reader
    rng = random.Random(11)
    kinds = ["concealed", "exposed", "added", "single"]
    outcomes = {}
    for n in range(4000):
        rec = copy.deepcopy(rng.choice(CORPUS))
        events = rec.setdefault("events", [])
        seats = rec.get("seats") or 4
        seat = rng.randrange(seats)
        tile = TENHOU_NAMES[rng.randrange(34)]
        held = _holding_tiles(rec)
        if held and rng.random() < 0.6:  # a tile somebody holds
            h = held[rng.choice(sorted(held))]
            tiles = [TENHOU_NAMES[t] for t in sorted(to_tile_ids(h["hand"]))]
            tile = rng.choice(tiles) if tiles else tile
        pick = rng.randrange(9)
        at = rng.randrange(len(events) + 1)
        kongs = [e for e in events if e.get("type") == "kong"]
        if pick == 7 and kongs:  # a kong again
            events.insert(at, copy.deepcopy(rng.choice(kongs)))
        elif pick == 8:  # five kongs of one seat
            for t in rng.sample(range(34), 5):
                events.insert(at, {"type": "kong", "seat": seat, "kind": "concealed",
                                   "tile": TENHOU_NAMES[t]})
        elif pick == 0:  # a kong
            kind = rng.choice(kinds)
            e = {"type": "kong", "seat": seat, "kind": kind, "tile": tile}
            if kind == "exposed":
                e["from"] = (seat + 1) % seats
            events.insert(at, e)
        elif pick == 1:  # a pung and, later, the added kong of it
            events.insert(at, {"type": "pung", "seat": seat, "tiles": tile[0] * 3 + tile[1],
                               "from": (seat + 1) % seats})
            events.insert(rng.randrange(at, len(events) + 1),
                          {"type": "kong", "seat": seat, "kind": "added", "tile": tile})
        elif pick == 2:  # a claim
            d = int(tile[0])
            if tile[1] != "z" and d <= 7 and rng.random() < 0.5:
                e = {"type": "chow", "seat": seat, "tiles": f"{d}{d + 1}{d + 2}{tile[1]}",
                     "from": (seat - 1) % seats}
            else:
                e = {"type": "pung", "seat": seat, "tiles": tile[0] * 3 + tile[1],
                     "from": (seat + 1) % seats}
            events.insert(at, e)
        elif pick == 3:  # a claim or a kong dropped
            listed = [i for i, e in enumerate(events) if e.get("type") in ("pung", "chow",
                                                                         "kong")]
            if not listed:
                continue
            del events[rng.choice(listed)]
        elif pick == 4 and held:  # a holding's meld made a kong (or a pung) of the tile
            h = held[rng.choice(sorted(held))]
            melds = h.setdefault("melds", []) or []
            h["melds"] = melds
            new = {"type": rng.choice(["kong", "concealed_kong", "pung", "single_kong"]),
                   "tiles": tile}
            new["tiles"] = tile[0] * {"kong": 4, "concealed_kong": 4, "pung": 3,
                                      "single_kong": 1}[new["type"]] + tile[1]
            if melds and rng.random() < 0.7:
                melds[rng.randrange(len(melds))] = new
            else:
                melds.append(new)
        elif pick == 5:  # a discard (out of every hand, in a full log)
            events.insert(at, {"type": "discard", "seat": seat, "tile": tile})
        elif pick == 6:  # a second winner on a win's discard
            wins = [i for i, e in enumerate(events) if e.get("type") == "win" and
                    e.get("from") is not None]
            if not wins:
                continue
            w = copy.deepcopy(events[wins[0]])
            w["seat"] = rng.choice([s for s in range(seats) if s != w["from"]])
            rec.get("final", {}).pop(str(w["seat"]), None)
            events.insert(wins[0] + 1, w)
        outcome = _same(f"counted/{n}", json.dumps(rec))
        outcomes.setdefault(outcome[0], set()).add(outcome[-1] if outcome[0] == "refused"
                                                   else None)
    assert "read" in outcomes and len(outcomes["refused"]) > 100
    # the checks the counts stand for each refused some record
    for words in ("already konged", "with no pung of it", "a fifth kong",
                  "shows no kong", "shows no concealed", "shows no single",
                  "the seat's final hand sh", "shows a pung from",
                  "a fifth copy of"):
        assert any(words in m for m in outcomes["refused"]), words


MELD_SPELLINGS = [
    ("pung", "111s"), ("pung", "1s1s1s"), ("pung", "111z"), ("pung", "888z"),
    ("pung", "1111s"), ("pung", "112s"), ("pung", "000m"), ("Pung", "555p"),
    ("chow", "345m"), ("chow", "354m"), ("chow", "3m4m5m"), ("chow", "123z"),
    ("chow", "789m"), ("chow", "890m"), ("chow", "135p"), ("chow", "345"),
    ("kong", "1111z"), ("kong", "7777z"), ("gang", "2222m"), ("exposed_kong", "2222m"),
    ("concealed_kong", "9999s"), ("concealed_kong", "999s"), ("angang", "9999s"),
    ("single_kong", "5z"), ("single_kong", "55z"), ("single", "5z"), ("single_kong", "8z"),
    ("kong", "5z"), ("single_kong", "1111m"), ("pung", "1m"), ("kong", "11111m"),
    ("pung", "111m "), ("pung", "222222222222222p"),
]


@pytest.mark.parametrize("kind,tiles", MELD_SPELLINGS)
def test_melds_in_every_spelling_read_the_same(kind, tiles):
    # the text reader finds the usual spellings in its meld table and reads any other
    # through _meld (or leaves the record to the dict reader): as the old reader, either
    # way, in a final hand, a win and a claim
    import test_record_reader_text
    final = {"rules": "huanggang", "dealer": 0, "events": [],
             "final": {"0": {"hand": "1234567m", "melds": [{"type": kind, "tiles": tiles},
                                                          {"type": "pung", "tiles": "111p"}]},
                       "1": {"hand": "1112223334445m"}}}
    win = {"rules": "huanggang", "dealer": 0, "events": [
        {"type": "win", "seat": 1, "hand": "123456789m55p", "win_tile": "5p", "from": None,
         "melds": [{"tiles": tiles, "type": kind}]}]}
    claim = {"rules": "huanggang", "dealer": 0, "events": [
        {"type": "pung" if kind != "chow" else "chow", "seat": 1, "tiles": tiles, "from": 0}]}
    for where, rec in (("final", final), ("win", win), ("claim", claim)):
        text = json.dumps(rec)
        _same(f"meld-spelling/{kind}/{tiles}/{where}", text)
        test_record_reader_text._same(text)


def test_the_meld_table_holds_the_melds_of_their_spelling():
    from mahjong.hand import parse_meld
    from mahjong_core._types import MELD_NAMES as names  # (by meld code)
    for rec in CORPUS:
        record._read_text(HandRecord, json.dumps(rec))  # (the text reader fills the table)
    filled = 0
    table, table_tiles = record._meld_slots()
    for slot, meld in enumerate(table):
        if meld is None:
            continue
        filled += 1
        code, tile = divmod(slot, 34)
        name = TENHOU_NAMES[tile]
        spelling = {1: f"{name[0]}{int(name[0]) + 1}{int(name[0]) + 2}{name[1]}",
                    2: name[0] * 3 + name[1], 3: name[0] * 4 + name[1],
                    4: name[0] * 4 + name[1], 5: name}[code]
        assert meld == parse_meld({"type": names[code], "tiles": spelling})
        assert table_tiles[slot] == meld.tiles
    assert filled > 20


@pytest.mark.skipif(not record._COMPILED, reason="the compiled build's GC flags")
def test_read_melds_are_not_tracked_by_the_garbage_collector():
    # the melds the reader makes from their text (a str and a tuple of ints each) and the
    # tuples of them cannot form cycles: the compiled reader leaves them out of the
    # collector's view (records kept by the thousand then cost fewer collections)
    import gc
    texts = [json.dumps(r) for r in CORPUS[:100]]
    texts = [t for t in texts if record._read_text(HandRecord, t) is not None]
    assert len(texts) > 50
    checked = 0
    for text in texts:  # (records the text reader takes)
        rec = HandRecord.from_json(text)
        for e in list(rec.events) + list(rec.final.values()):
            for m in getattr(e, "melds", ()):
                assert not gc.is_tracked(m)
                checked += 1
            if getattr(e, "melds", ()):
                assert not gc.is_tracked(e.melds)
        assert gc.is_tracked(rec)  # (the record itself is an ordinary object)
    assert checked > 50
    # a record and everything in it is freed once dropped
    import weakref
    rec = HandRecord.from_json(texts[0])
    ref = weakref.ref(rec)
    del rec
    assert ref() is None


def test_cycles_through_events_are_collected():
    # an event made by a caller may hold any objects: the events stay in the collector's
    # view, so a cycle through one is freed
    import gc
    freed = []

    class Sentinel:
        def __del__(self):
            freed.append(1)

    for make in (lambda box: WinEvent(0, (box,), (), 1),
                 lambda box: FinalHand((box,), ())):
        box = [Sentinel()]
        box.append(make(box))
        del box
        gc.collect()
    assert freed == [1, 1]


def _loose_meld(kind, tiles):
    from dataclasses import dataclass

    from mahjong.hand import Meld

    @dataclass(frozen=True)
    class LooseMeld(Meld):
        def __post_init__(self):  # a subclass that skips Meld's checks
            pass
    return LooseMeld(kind, tiles)


def _record_with_meld(meld, where):
    """A Guobiao record whose win (where="win") or seat 1's closing hand ("final") holds
    ``meld`` as an object."""
    win = {"type": "win", "seat": 0, "hand": "123m456p789s11z", "win_tile": "1z",
           "from": None, "melds": [meld if where == "win" else {"type": "pung", "tiles": "222z"}]}
    rec = {"rules": "guobiao", "dealer": 0, "events": [win]}
    if where == "final":
        rec["final"] = {"1": {"hand": "123m456p789s5z", "melds": [meld]}}
    return rec


@pytest.mark.parametrize("where", ["win", "final"])
@pytest.mark.parametrize("tiles", [(40, 40, 40), (-3, -3, -3), (100000,) * 3, (33, 34, 35)])
def test_melds_given_as_objects_are_checked_again(tiles, where):
    # a Meld subclass (or a Meld changed after it was made) can hold any tiles: the
    # reader makes each given meld again as a plain Meld, which refuses them
    from mahjong.hand import Meld
    good = _loose_meld("pung", (29, 29, 29))
    rec = HandRecord.from_json(_record_with_meld(good, where))
    held = rec.events[0].melds[0] if where == "win" else rec.final[1].melds[0]
    assert type(held) is Meld and (held.kind, held.tiles) == (good.kind, good.tiles)
    kind = "chow" if tiles == (33, 34, 35) else "pung"
    with pytest.raises(MahjongError, match="meld"):
        HandRecord.from_json(_record_with_meld(_loose_meld(kind, tiles), where))


def test_a_kong_spelled_with_two_digits_is_refused_whatever_was_read_before():
    # "11p" is no kong: refused by the text reader as by the dict reader, also once the
    # reader has met the kong "1111p" (its meld table then holds that kong)
    base = {"rules": "guobiao", "dealer": 0, "events": [
        {"type": "win", "seat": 0, "hand": "123m456p789s11z", "win_tile": "1z", "from": None,
         "melds": [{"type": "kong", "tiles": "1111p"}]}]}
    HandRecord.from_json(json.dumps(base))
    for kind in ("kong", "concealed_kong"):
        bad = json.loads(json.dumps(base))
        bad["events"][0]["melds"] = [{"type": kind, "tiles": "11p"}]
        text = json.dumps(bad)
        assert _same(f"two-digit-kong/{kind}", text)[0] == "refused"
        with pytest.raises(MahjongError):
            HandRecord.from_json(text)
