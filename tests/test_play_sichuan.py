"""mahjong.sichuan.play: the PlaySpec knobs of every option that changes play, golden win
values checked by hand against the rules, and a seeded differential test against
settlement (a win is offered iff the settled record accepts it, at the same value)."""
import random

import pytest

from mahjong.errors import MahjongError
from mahjong.playspec import PlaySpec, WinQuery
from mahjong.sichuan import Rules, settle
import mahjong.sichuan.play as room_play
from mahjong.sichuan.play import play_spec

from play_engine import play_hands
from play_hands import (CHOW, CONCEALED_KONG, counts_of, holding, KONG, kong_event, name,
                        Pool, PUNG, query as room_query, settled_value, win_json)


def query(hand, win_tile, **kwargs):
    return room_query("sichuan", hand, win_tile, **kwargs)


def value(q, **options):
    return play_spec(options or None).win_value(q)


# ---------------------------------------------------------------- knobs ---------------

def test_default_spec():
    s = play_spec()
    assert isinstance(s, PlaySpec)
    assert s.rules == "sichuan" and s.options == {}
    assert (s.seats, s.honours, s.chow, s.multi_ron, s.robbing_kong) == (4, False, False,
                                                                          True, True)
    assert s.bloody and s.pass_lock and s.void_suit_to_win
    assert not s.dingque and not s.exchange_three
    assert s.must_win_last == 4 and s.no_kong_last_tile
    assert not s.ready_at_start and not s.flip_after_win and s.exhausted_data is None
    assert s.extra["earthly_on_dealer_discard"] is True


@pytest.mark.parametrize("option, value, knob, expect", [
    ("xuezhan", False, "bloody", False),
    ("dingque", True, "dingque", True),
    ("huan_san_zhang", True, "exchange_three", True),
    ("pass_lock", False, "pass_lock", False),
])
def test_option_changes_knob(option, value, knob, expect):
    s = play_spec({option: value})
    assert getattr(s, knob) == expect
    assert getattr(play_spec(), knob) != expect
    assert s.options == {option: value}


def test_rules_object_and_mapping_agree():
    a = play_spec(Rules(max_fan=3, xuezhan=False))
    b = play_spec({"max_fan": 3, "xuezhan": False})
    assert a.options == b.options == {"max_fan": 3, "xuezhan": False}
    q = query("111p123p456p789p99p", "9p", src=2)
    assert a.win_value(q) == b.win_value(q) == 4


def test_bad_option_is_refused():
    from mahjong.errors import MahjongError
    with pytest.raises(MahjongError, match="max_fan"):
        play_spec({"max_fan": 9})
    with pytest.raises(MahjongError, match="no_such"):
        play_spec({"no_such": 1})


# ---------------------------------------------------------------- golden values -------
# value = base × 2^(番 − 1), 番 capped by max_fan (RULES text: Sichuan fan table)

GOLDEN = [
    # 平胡 self-draw: 1番 -> 1
    ("pinghu self-draw", dict(hand="234m567m678m345p55p", win_tile="5p"), {}, 1),
    # 清一色 3 + 根 1 (four 1p) = 4番 -> 8
    ("qingyise + gen", dict(hand="111p123p456p789p99p", win_tile="9p", src=2), {}, 8),
    # ... capped at 3番 -> 4
    ("max_fan 3", dict(hand="111p123p456p789p99p", win_tile="9p", src=2), {"max_fan": 3}, 4),
    ("base 2", dict(hand="111p123p456p789p99p", win_tile="9p", src=2), {"base": 2}, 16),
    # 龙七对 4番 (its quad not counted again) -> 8; option 5番 -> 16
    ("longqidui", dict(hand="11m22m3333m55p66p77p", win_tile="7p"), {}, 8),
    ("longqidui 5", dict(hand="11m22m3333m55p66p77p", win_tile="7p"), {"longqidui_fan": 5},
     16),
    # 七对 3番 -> 4
    ("qidui", dict(hand="11m22m33m44m55p66p77p", win_tile="7p", src=1), {}, 4),
    # 对对胡 2 + 杠上炮 1 = 3番 -> 4 (worked example 5)
    ("duiduihu after_kong", dict(hand="777m999m33s55s5s", win_tile="5s", src=2,
                                 melds=[("pung", "222m")], after_kong=True), {}, 4),
    # 平胡 1 + 抢杠胡 1 = 2番 -> 2 (worked example 7)
    ("robbing kong", dict(hand="123p456p789p66p567s", win_tile="6s", src=3,
                          robbing_kong=True), {}, 2),
    # robbing while holding another copy of the robbed tile: refused
    ("robbing kong, own copy", dict(hand="123p456p789p66p666s", win_tile="6s", src=3,
                                    robbing_kong=True), {}, 0),
    # 杠上花: 平胡 1 + 根 (the kong) 1 + 杠上花 1 = 3番 -> 4
    ("gangshanghua", dict(hand="234m567m345p55p", win_tile="5p", melds=[("kong", "9999m")],
                          replacement=True), {}, 4),
    # replacement without a kong: refused
    ("replacement, no kong", dict(hand="234m567m678m345p55p", win_tile="5p",
                                  replacement=True), {}, 0),
    # 海底捞月 on a self-draw: 平胡 1 + 1 = 2番 -> 2; on a discard no item -> 1
    ("haidi self-draw", dict(hand="234m567m678m345p55p", win_tile="5p", last_tile=True),
     {}, 2),
    ("haidi discard", dict(hand="234m567m678m345p55p", win_tile="5p", src=1,
                           last_tile=True), {}, 1),
    # 金钩钓: four melds, single wait: 对对胡 2 + 金钩钓 1 = 3番 -> 4
    ("jingoudiao", dict(hand="55p", win_tile="5p", src=1,
                        melds=[("pung", "222m"), ("pung", "444m"), ("pung", "777p"),
                               ("pung", "999p")]), {}, 4),
    # 天胡 (6番) on the dealer's initial 14 -> 32
    ("tianhu", dict(hand="234m567m678m345p55p", win_tile="5p", heavenly=True), {}, 32),
    # 地胡 (6番): a non-dealer's first draw, or the dealer's first discard -> 32
    ("dihu self-draw", dict(hand="234m567m678m345p55p", win_tile="5p", seat=1,
                            earthly=True), {}, 32),
    ("dihu dealer's discard", dict(hand="234m567m678m345p55p", win_tile="5p", seat=1, src=0,
                                   earthly=True), {}, 32),
    # 地胡 on a discard by a non-dealer: refused
    ("dihu other discard", dict(hand="234m567m678m345p55p", win_tile="5p", seat=1, src=2,
                                earthly=True), {}, 0),
    # 缺门: three suits refused
    ("three suits", dict(hand="123m456p789s123m55m", win_tile="5m"), {}, 0),
    # not four sets and a pair, nor seven pairs
    ("no shape", dict(hand="123m456m789m12p458p", win_tile="8p"), {}, 0),
    # a chow meld: Sichuan has no chow
    ("chow meld", dict(hand="456m789m345p55p", win_tile="5p", src=1,
                       melds=[("chow", "123m")]), {}, 0),
    # honours are not Sichuan tiles
    ("honour", dict(hand="123m456m789m111z55m", win_tile="5m"), {}, 0),
]


@pytest.mark.parametrize("args, options, expect", [pytest.param(a, o, e, id=n)
                                                   for n, a, o, e in GOLDEN])
def test_golden_win_value(args, options, expect):
    assert value(query(**args), **options) == expect


def test_golden_values_settle_the_same():
    """Every accepted golden win settles to the same value (checked on records whose
    contexts are complete: a kong before the replacement win, the discarder's kong)."""
    for n, args, options, expect in GOLDEN:
        q = query(**args)
        events = []
        if args.get("replacement") and args.get("melds"):
            events = [{"type": "kong", "seat": 0, "kind": "exposed", "tile": "9m", "from": 1}]
        if args.get("after_kong"):
            events = [{"type": "kong", "seat": 2, "kind": "concealed", "tile": "8s"}]
        rec = dict(q.record, events=events + [dict(q.win)], options=options)
        if expect:
            assert settle(rec).wins[len(events)].value == expect, n
        else:
            with pytest.raises(MahjongError):
                settle(rec)


# ---------------------------------------------------------------- differential --------

CONTEXTS = ("self", "self", "discard", "discard", "replacement", "after_kong", "robbing",
            "last_self", "last_discard", "heavenly", "earthly_self", "earthly_dealer",
            "earthly_other")
OPTIONS = (None, {"max_fan": 3}, {"longqidui_fan": 5}, {"xuezhan": False},
           {"base": 3, "max_fan": 5}, {"dingque": True, "huan_san_zhang": True})


def random_case(rng):
    """``(options, WinQuery)`` of a random win in a record-valid context."""
    pool = Pool(rng)
    options = rng.choice(OPTIONS)
    dealer = rng.randrange(4)
    ctx = rng.choice(CONTEXTS)
    seat = dealer if ctx == "heavenly" else rng.choice([s for s in range(4) if s != dealer])
    suits = rng.sample(range(3), rng.choice((1, 2, 2, 2, 3)))
    form = rng.choice(("regular",) * 6 + ("pairs", "pairs", "junk"))
    plain = ctx in ("heavenly", "earthly_self", "earthly_dealer", "earthly_other")
    n_melds = 0 if plain else rng.choice((0, 0, 1, 2, 3, 4))
    kinds = (PUNG, KONG, CONCEALED_KONG, CHOW) if rng.random() < 0.1 else \
        (PUNG, KONG, CONCEALED_KONG)
    h = holding(pool, rng, suits, form, n_melds, kinds)
    if h is None:
        return None
    tiles, melds, win_tile = h
    others = [s for s in range(4) if s != seat]
    src = None
    events = []
    flags = {}
    for kind, t in melds:
        if kind in (KONG, CONCEALED_KONG):
            events.append(kong_event(seat, kind, t, rng.choice(others)))
    if ctx in ("discard", "last_discard", "after_kong", "robbing"):
        src = rng.choice(others)
    if ctx == "earthly_dealer":
        src = dealer
    if ctx == "earthly_other":
        src = rng.choice([s for s in others if s != dealer])
    if ctx == "replacement":
        kongs = [i for i, (k, _) in enumerate(melds) if k in (KONG, CONCEALED_KONG)]
        if not kongs:
            return None
        flags["replacement"] = True
        # the winner's latest kong is the event just before the win
    if ctx == "after_kong":
        t = pool.pick(range(3), 4)
        if t is None:
            return None
        events.append({"type": "kong", "seat": src, "kind": "concealed", "tile": name(t)})
        flags["after_kong"] = True
    flags["robbing_kong"] = ctx == "robbing"
    flags["last_tile"] = ctx.startswith("last")
    flags["heavenly"] = ctx == "heavenly"
    flags["earthly"] = ctx.startswith("earthly")
    record = {"rules": "sichuan", "dealer": dealer, "events": events}
    if options:
        record["options"] = options
    win = win_json(seat, tiles, melds, win_tile, src, **flags)
    return options, WinQuery(record, win, counts_of(tiles))



def test_win_value_agrees_with_settlement():
    rng = random.Random(20261201)
    seen = {True: 0, False: 0}
    n = 0
    while n < 3000:
        case = random_case(rng)
        if case is None:
            continue
        options, q = case
        n += 1
        v = play_spec(options).win_value(q)
        assert v == settled_value(q), (options, q.win)
        seen[v > 0] += 1
    assert seen[True] > 800 and seen[False] > 300, seen


def test_spec_is_cheap_to_reuse():
    """play_spec reads the options once; its hook keeps them (no per-call parsing)."""
    s = play_spec({"max_fan": 2})
    q = query("111p123p456p789p99p", "9p", src=2)
    assert [s.win_value(q) for _ in range(3)] == [2, 2, 2]


def test_bloody_second_win_is_valued_on_its_prefix():
    """血战: after a first win the hand goes on; the next win is asked with the record so
    far (the first win in it) and settles at the same value."""
    spec = play_spec()
    first = {"type": "win", "seat": 1, "hand": "234m567m678m345p55p", "win_tile": "5p"}
    rec = {"rules": "sichuan", "dealer": 0, "events": [first]}
    second = {"type": "win", "seat": 2, "hand": "111s123s456s789s99s", "win_tile": "9s",
              "from": 3}
    v = spec.win_value(WinQuery(rec, second, counts_of([18] * 4 + [19, 20, 21, 22, 23, 24, 25,
                                                                   26, 26, 26])))
    assert v == 8      # 清一色 3 + 根 1 = 4番
    s = settle(dict(rec, events=[first, second]))
    assert s.wins[1].value == v
    assert s.deltas == (-1, 3, 7, -9)      # the self-draw: 1 from each; then 3 pays 8


# ---------------------------------------------------------------- engine --------------

ENGINE_OPTIONS = [{}, {"xuezhan": False}, {"dingque": True, "huan_san_zhang": True},
                  {"max_fan": 3, "pass_lock": False}]


def test_engine_hands_settle(monkeypatch):
    """Hands played by the engine with this spec settle; the table's values are
    settlement's; no engine flag alone refuses a win."""
    stats = play_hands(room_play, "sichuan", ENGINE_OPTIONS, 400, monkeypatch)
    assert not [k for k in stats if k.startswith("error")], stats
    assert stats["values differ"] == 0 and stats["values checked"] > 20, stats
    assert stats["refused by a flag alone"] == 0, stats
    assert stats["wins"] > 100 and stats["exhausted"] > 50, stats
