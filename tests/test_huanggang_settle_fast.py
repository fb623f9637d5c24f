"""The Huanggang settlement against its golden outcomes
(tests/data/huanggang_settle_golden.jsonl, made by tools/make_oracle_golden.py when the
settlement it replaced still stood beside it and agreed): the same deltas, payments
(reasons and events included), next dealer, results and notes, or the same refusal with the
same message, on random records (kongs, single kongs and 赖子 included), the golden records
under several options, and broken variants of them."""
import copy
import json
import random

import numpy as np
import pytest

import huanggang_examples as X
from golden import Golden
from huanggang_gen import random_record
from mahjong import huanggang as hg
from mahjong.errors import MahjongError
from mahjong.huanggang.scoring import clear_caches
from regional_helpers import DATA

GOLDEN = [r["record"] for r in json.loads((DATA / "huanggang_golden_records.json")
                                          .read_text(encoding="utf-8"))["records"]]
EXAMPLES = [X.example_1(), X.example_2(), X.example_2(hard=True), X.example_3(),
            X.example_4(), X.example_4(s_opened=True), X.example_4(none_opened=True),
            X.example_5(), X.example_6(), X.example_6(False), X.example_7()]

OPTION_SETS = [
    None, {"kaikou_mode": "kaikou"}, {"cap": None}, {"tiers": None},
    {"cap": 400, "tiers": None, "qihu_points": 16}, {"qianggang_plus5": False},
    {"laizipi_special": True}, {"dealer_after_huang": "next"},
]


def outcome(settle, record, rules=None):
    """Everything a settlement answers, or the refusal (its type and message)."""
    try:
        s = settle(record, rules)
    except MahjongError as exc:
        return ("refused", type(exc).__name__, str(exc))
    return (s.deltas, [p.to_dict() for p in s.payments], s.next_dealer,
            {k: v.to_dict() for k, v in s.wins.items()}, s.notes)


GOLDEN_OUTCOMES = Golden("huanggang_settle_golden",
                         "Huanggang settlements (tests/test_huanggang_settle_fast.py)")


def same(key, record, rules=None):
    """The settlement of case ``key`` is the golden one."""
    return GOLDEN_OUTCOMES.check(key, outcome(hg.settle, record, rules), record)


def _id(options):
    return json.dumps(options, sort_keys=True)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_records_settle_as_before(options):
    rng = np.random.default_rng(11)
    settled = 0
    for n in range(150):
        rec = random_record(rng, wild_rate=0.5)
        if rec is None:
            continue
        want = same(f"random/{_id(options)}/{n}", rec, options)
        settled += want[0] != "refused"
        assert outcome(hg.settle, json.dumps(rec, ensure_ascii=False), options) == want
    assert settled > 10


@pytest.mark.parametrize("options", OPTION_SETS)
def test_golden_records_and_examples_settle_as_before(options):
    for k, rec in enumerate(GOLDEN + EXAMPLES):
        same(f"golden/{_id(options)}/{k}", rec, options)


def test_cold_and_warm_result_caches_agree():
    for k, rec in enumerate(GOLDEN + EXAMPLES):
        clear_caches()
        cold = same(f"golden/null/{k}", rec)
        assert same(f"golden/null/{k}", rec) == cold


def _broken(rec, rng):
    rec = copy.deepcopy(rec)
    events = rec.get("events", [])
    what = rng.randrange(6)
    if what == 0 and rec.get("final"):
        rec["final"].pop(rng.choice(sorted(rec["final"])))
    elif what == 1 and events:
        events.insert(rng.randrange(len(events) + 1),
                      {"type": "kong", "seat": rng.randrange(4), "kind": "single",
                       "tile": rng.choice(["7z", "6z", "5m", "3p"])})
    elif what == 2 and events:
        events.pop(rng.randrange(len(events)))
    elif what == 3:
        rec["indicator"] = rng.choice(["1m", "9s", "5z", "7z", "6z", "4p"])
    elif what == 4:
        rec.pop("indicator", None)
    else:
        events.append({"type": "exhausted"})
    return rec


def test_broken_records_are_refused_as_before():
    rng = random.Random(3)
    refused = 0
    pool = GOLDEN + EXAMPLES
    for k in range(300):
        refused += same(f"broken/{k}", _broken(pool[k % len(pool)], rng))[0] == "refused"
    assert refused > 20


def _after_the_win(rec, rng):
    """A record with an event after its win, or a second winner on the same discard."""
    rec = copy.deepcopy(rec)
    events = rec.get("events", [])
    wins = [k for k, e in enumerate(events) if e.get("type") == "win"]
    if not wins:
        events.append({"type": "exhausted"})
        return rec
    k = wins[0]
    what = rng.randrange(3)
    if what == 0:
        events.insert(k + 1, {"type": "discard", "seat": events[k]["seat"], "tile": "1m"})
    elif what == 1:
        second = dict(events[k], seat=(events[k]["seat"] + 1) % 4)
        events.insert(k + 1, second)
    else:
        events.insert(k + 1, {"type": "exhausted"})
    return rec


def test_events_after_the_win_are_refused_as_before():
    """The settlement walks the events itself (the hand ends with the first win, no second
    winner on one discard): the same refusals as record.walk_tuples gave."""
    rng = random.Random(5)
    pool = GOLDEN + EXAMPLES
    outcomes = [same(f"after-win/{k}", _after_the_win(pool[k % len(pool)], rng))
                for k in range(120)]
    assert sum(o[0] == "refused" for o in outcomes) > 10


TILE_NAMES = [f"{n}{s}" for s in "mpsz" for n in range(1, 10)][:34]


@pytest.mark.parametrize("options", [None, {"laizipi_special": True}, {"kaikou_mode": "kaikou"}])
def test_every_indicator_settles_as_before(options):
    """Each record under every 赖子皮: its claims, kongs and melds meet the 赖子 and the
    fixed kong tiles in every way (the typed claim, kong and holding checks, the winning
    hand's meld checks), with the same results or refusals."""
    outcomes = []
    for k, rec in enumerate(GOLDEN + EXAMPLES):
        for name in TILE_NAMES:
            outcomes.append(same(f"indicator/{_id(options)}/{k}/{name}",
                                 dict(rec, indicator=name), options))
    refused = [o for o in outcomes if o[0] == "refused"]
    assert len(refused) > 50 and len(outcomes) - len(refused) > 50
    messages = " ".join(o[2] for o in refused)
    for part in ("is never claimed", "konged alone", "no kong event made it", "not a winning"):
        assert part in messages, part


def _holding_broken(rec, rng):
    """A record whose kongs, single kongs, claims or win flags disagree with its holdings
    in one way (most are refused, by the reader or by the settlement)."""
    rec = copy.deepcopy(rec)
    events = rec.get("events", [])
    final = rec.get("final", {})
    wins = [e for e in events if e.get("type") == "win"]
    holders = [h for h in list(final.values()) + wins]
    kongs = [e for e in events if e.get("type") == "kong"]
    claims = [e for e in events if e.get("type") in ("chow", "pung")]
    what = rng.randrange(8)
    if what == 0 and holders:       # a single kong shown that no event made
        h = rng.choice(holders)
        h.setdefault("melds", []).append({"type": "single_kong",
                                          "tiles": rng.choice(["7z", "6z", "5z", "4m"])})
    elif what == 1 and holders:     # a shown single kong twice
        h = rng.choice(holders)
        singles = [m for m in h.get("melds", []) if m["type"] == "single_kong"]
        if singles:
            h["melds"].append(dict(singles[0]))
        else:
            h.setdefault("melds", []).append({"type": "single_kong", "tiles": "7z"})
    elif what == 2 and kongs:       # a kong of another kind
        k = rng.choice(kongs)
        k["kind"] = rng.choice(["concealed", "exposed", "added", "single"])
        if k["kind"] == "exposed":
            k["from"] = (k["seat"] + 1) % 4
        else:
            k.pop("from", None)
    elif what == 3 and kongs:       # a kong event made twice
        k = rng.choice(kongs)
        events.insert(events.index(k), dict(k))
    elif what == 4 and claims:      # a claim of a special tile
        c = rng.choice(claims)
        c["type"], c["tiles"] = "pung", rng.choice(["777z", "666z", "555z"])
    elif what == 5 and wins:        # the win flags changed
        w = rng.choice(wins)
        flag = rng.choice(["last_tile", "robbing_kong", "replacement"])
        w[flag] = not w.get(flag, False)
    elif what == 6 and wins:        # a discard win made self-drawn, or the other way
        w = rng.choice(wins)
        if "from" in w:
            w.pop("from")
        else:
            w["from"] = (w["seat"] + 1) % 4
    elif what == 7 and holders:     # a shown meld dropped
        h = rng.choice(holders)
        if h.get("melds"):
            h["melds"].pop(rng.randrange(len(h["melds"])))
    return rec


@pytest.mark.parametrize("options", [None, {"laizipi_special": True}, {"tiers": None}])
def test_holdings_kongs_and_claims_broken_as_before(options):
    rng = random.Random(17)
    pool = GOLDEN + EXAMPLES
    outcomes = [same(f"holdings/{_id(options)}/{k}", _holding_broken(pool[k % len(pool)], rng),
                     options) for k in range(400)]
    refused = [o for o in outcomes if o[0] == "refused"]
    assert len(refused) > 50 and len(outcomes) - len(refused) > 20


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_records_read_first_settle_as_before(options):
    """Records handed over already read (HandRecord): the settlement's typed path."""
    from mahjong.errors import MahjongError as _Error
    from mahjong.record import HandRecord

    rng = np.random.default_rng(23)
    settled = 0
    for n in range(120):
        rec = random_record(rng, wild_rate=0.5)
        if rec is None:
            continue
        try:
            read = HandRecord.from_json(rec)
        except _Error:
            continue
        got = same(f"read-first/{_id(options)}/{n}", rec, options)
        assert outcome(hg.settle, read, options) == got, (rec, options)
        settled += got[0] != "refused"
    assert settled > 10


def test_win_shares_as_before():
    """The public win_shares (the settlement's shares, as tuples) against the golden ones."""
    from mahjong.huanggang.settlement import win_shares
    from mahjong.record import HandRecord

    checked = 0
    for options in OPTION_SETS:
        for k, rec in enumerate(GOLDEN + EXAMPLES):
            s = outcome(hg.settle, rec, options)
            if s[0] == "refused" or not s[3]:
                continue
            read = HandRecord.from_json(rec)
            rules = hg.Rules.from_mapping(options)
            for i, result in hg.settle(read, options).wins.items():
                e = read.events[i]
                losers = {seat: (read.final[seat].melds) for seat in range(4)
                          if seat != e.seat}
                kw = dict(discarder=e.from_seat, self_drawn=e.from_seat is None,
                          dealer=read.dealer, laizi=result.laizi)
                GOLDEN_OUTCOMES.check(f"win-shares/{_id(options)}/{k}/{i}",
                                      (win_shares(result, e.seat, losers, rules, **kw),), rec)
                checked += 1
    assert checked > 50


def test_a_quanqiuren_whose_discarder_wins_later_is_refused():
    # the discarder of a 全求人 shows no closing hand when it wins later in the record (a
    # record may list a second win; Huanggang's hand ends with the first): the settlement
    # refuses that second win, and never reads the missing closing hand
    rec = X.example_6()
    assert hg.settle(rec).payments               # (the example settles as it is)
    del rec["final"]["3"]                         # the discarder, seat 3, ...
    rec["events"].append({"type": "win", "seat": 3, "hand": "123m456m789m55s",
                          "melds": [X.pung("111z")], "win_tile": "5s", "from": None})
    for given in (rec, json.dumps(rec, ensure_ascii=False)):     # ... wins later
        with pytest.raises(MahjongError, match="the hand already ended at event"):
            hg.settle(given)


@pytest.mark.parametrize("options", [{}, {"tiers": None}, {"cap": None}, {"cap": 100},
                                     {"kaikou_mode": "kaikou"}, {"qihu_points": 16}])
def test_engine_values_are_the_settled_shares(options):
    """The losers' shares are computed once (the kernel's, for the engine's win check and
    for the settlement): what the engine values a played win at is what the settlement
    books for it, win by win."""
    from mahjong.game import Game
    checked = 0
    for seed in range(60):
        log = Game("huanggang", seed=seed, options=options,
                   agents="greedy" if seed % 2 else "random").play()
        wins = [i for i, e in enumerate(log["events"]) if e["type"] == "win"]
        settled = hg.settle({k: v for k, v in log.items() if k != "result"})
        for k, i in enumerate(wins):
            assert sum(p.amount for p in settled.payments if p.event == i) == \
                log["result"]["win_values"][k]
            checked += 1
    assert checked
