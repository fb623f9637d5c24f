"""Hostile tile ids reach every public entry point as the package's own ValueError
subclass, never as an OverflowError or a crash (the compiled fast paths included)."""
import pytest

import mahjong
from mahjong import TileParseError, guobiao, sichuan

HUGE = 2 ** 70


@pytest.mark.parametrize("bad", [HUGE, -HUGE, -1, 34])
@pytest.mark.parametrize("call", [
    lambda t: mahjong.shanten([t] + [0] * 12),
    lambda t: mahjong.useful_tiles([t] + [0] * 12),
    lambda t: guobiao.score([t] + [0] * 12, win_tile=0),
    lambda t: sichuan.score([t] + [1] * 13, win_tile=1),
], ids=["shanten", "useful_tiles", "guobiao.score", "sichuan.score"])
def test_out_of_range_tile_id_is_named(call, bad):
    with pytest.raises(TileParseError, match=f"tile id {bad} is out of range"):
        call(bad)


# ---------------------------------------------------------------------------------------
# Issue 14's findings, one regression test each (the issue's wording in the test names).
# Each failure must be a MahjongError (a ValueError) that names the field or the event.

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from mahjong import Hand, InvalidContextError, InvalidHandError, InvalidRecordError, \
    MahjongError, yunnan
from mahjong import batch as mbatch
from mahjong.ruleset import BATCH_STATUS, WinFlag, available_rulesets, get_ruleset, settle
from mahjong.tiles import tile_counts
from mahjong_core._types import ERR_BAD_CONTEXT, ERR_NOT_WINNING

from child_env import CHILD_CWD, child_env

WIN = {"type": "win", "seat": 0, "hand": "123m456m789m234p55p", "win_tile": "5p", "from": 1}


def _rec(events, **top):
    return {"rules": "sichuan", "dealer": 0, "events": events, **top}


# -- impossible records ------------------------------------------------------------------

def test_eight_concealed_kongs_by_one_seat_are_refused_naming_the_fifth():
    kongs = [{"type": "kong", "seat": 1, "kind": "concealed", "tile": f"{n}p"}
             for n in range(1, 9)]
    with pytest.raises(InvalidRecordError, match=r"event 4 \(kong by seat 1\): a fifth kong"):
        settle(_rec(kongs + [WIN]))


def test_two_last_tile_self_draws_then_a_kong_are_refused_naming_the_event():
    events = [dict(WIN, **{"from": None, "last_tile": True}),
              {"type": "win", "seat": 1, "hand": "123s456s789s234s55s", "win_tile": "5s",
               "from": None, "last_tile": True},
              {"type": "kong", "seat": 2, "kind": "concealed", "tile": "9p"}]
    with pytest.raises(InvalidRecordError, match=r"event 1 \(win\): the wall was empty"):
        settle(_rec(events))
    with pytest.raises(InvalidRecordError, match=r"event 1 \(kong\): the wall was empty"):
        settle(_rec([events[0], events[2]]))


@pytest.mark.parametrize("src", [1, None], ids=["discard", "self-draw"])
def test_a_shown_concealed_kong_without_its_kong_event_is_refused_in_sichuan(src):
    win = {"type": "win", "seat": 0, "hand": "123m456m789m55m", "win_tile": "5m", "from": src,
           "melds": [{"type": "concealed_kong", "tiles": "7777p"}]}
    with pytest.raises(InvalidRecordError, match=r"event 0 \(win by seat 0\): shows the "
                                                 r"concealed kong \(7777p\) but no kong event"):
        settle(_rec([win]))
    # with its event the kong money (下雨) is paid
    kong = {"type": "kong", "seat": 0, "kind": "concealed", "tile": "7p"}
    assert settle(_rec([kong, win])).deltas[0] > settle(_rec([kong, win])).deltas[1]


def test_a_winners_impossible_final_hand_is_refused():
    with pytest.raises(InvalidRecordError, match="final hand of seat 0: not a possible holding"):
        settle(_rec([WIN], final={"0": {"hand": "1111111111111m"}}))


# -- Sichuan / Yunnan score_batch: a row status, no overflow --------------------------------

F = WinFlag
CONTRADICTIONS = {
    "self-draw + after_kong": F.SELF_DRAWN | F.AFTER_KONG,
    "replacement without a kong": F.SELF_DRAWN | F.REPLACEMENT,
    "replacement on a discard": F.REPLACEMENT,
    "heavenly + earthly": F.SELF_DRAWN | F.HEAVENLY | F.EARTHLY,
    "robbing + self-drawn": F.SELF_DRAWN | F.ROBBING_KONG,
    "flags=255": 255,
}


@pytest.mark.parametrize("room", [sichuan, yunnan], ids=["sichuan", "yunnan"])
@pytest.mark.parametrize("flags", list(CONTRADICTIONS.values()), ids=list(CONTRADICTIONS))
def test_score_batch_gives_a_row_status_where_scalar_score_refuses(room, flags):
    hand = "123m456m789m234p55p"
    names = ["self_drawn", "replacement", "after_kong", "robbing_kong", "last_tile",
             "heavenly", "earthly"] + (["first_round"] if room is yunnan else [])
    kwargs = {n: bool(int(flags) & int(getattr(F, n.upper()))) for n in names}
    with pytest.raises(InvalidContextError):
        room.score(hand, win_tile="5p", **kwargs)
    good = tile_counts(hand)
    out = room.score_batch(np.stack([good, good]), flags=np.array([int(flags), 0]))
    assert out["status"].tolist() == [ERR_BAD_CONTEXT, 0]
    assert out["fan"][0] == 0 and out["value"][0] == 0 and not out["items"][0].any()
    assert out["fan"][1] == room.score(hand, win_tile="5p").fan
    assert ERR_BAD_CONTEXT in BATCH_STATUS


def test_score_batch_status_marks_non_wins():
    out = sichuan.score_batch(np.stack([tile_counts("123m456m789m234p55p"),
                                        tile_counts("123m456m789m234p59p")]))
    assert out["status"].tolist() == [0, ERR_NOT_WINNING]


@pytest.mark.parametrize("room,option", [(sichuan, "base"), (yunnan, "stake")])
@pytest.mark.parametrize("value", [2 ** 60, 2 ** 62, 2 ** 31])
def test_score_batch_values_never_overflow(room, option, value):
    hands = tile_counts("111p123p456p789p99p")[None]
    with pytest.raises(MahjongError, match=f"option {option}="):
        room.score_batch(hands, rules={option: value})
    top = 2 ** 31 - 1  # the largest allowed: batch equals the exact scalar value
    out = room.score_batch(hands, rules={option: top})
    assert int(out["value"][0]) == room.score("111p123p456p789p99p", win_tile="9p",
                                              rules={option: top}).value


# -- options: exact types ----------------------------------------------------------------

@pytest.mark.parametrize("name,value", [("max_fan", True), ("max_fan", 3.0),
                                        ("longqidui_fan", 5.0), ("base", True),
                                        ("base", 2.0), ("xuezhan", 1), ("zhigang_pay", 1)])
def test_options_take_exact_types(name, value):
    with pytest.raises(MahjongError, match=f"option {name}="):
        sichuan.score("111p123p456p789p99p", win_tile="9p", rules={name: value})
    with pytest.raises(InvalidRecordError, match=f"options: option {name}="):
        settle(_rec([WIN], options={name: value}))


@pytest.mark.parametrize("options", [{1: 2}, {None: 1}, {("a",): 1}])
def test_option_mappings_with_non_string_keys_are_refused(options):
    with pytest.raises(MahjongError, match="option names must be strings"):
        sichuan.score("111p123p456p789p99p", win_tile="9p", rules=options)
    with pytest.raises(InvalidRecordError, match="keys must be strings"):
        settle(_rec([WIN], options=options))


# -- absurd sizes ------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda t: mahjong.parse_tiles(t), lambda t: mahjong.shanten(t),
    lambda t: guobiao.score(t, win_tile="1m"), lambda t: Hand.parse(t),
    lambda t: settle(_rec([dict(WIN, hand=t)])),
], ids=["parse_tiles", "shanten", "guobiao.score", "Hand.parse", "record"])
def test_a_20_mb_tile_string_is_refused_at_once(call):
    with pytest.raises(MahjongError, match="characters: at most 4096"):
        call("1m" * 10_000_000)


def test_a_huge_tile_list_is_refused_without_reading_it():
    with pytest.raises(InvalidHandError, match="more than 1024 tiles"):
        mahjong.to_tile_ids(iter(lambda: 1, None))  # endless


# -- errors that were not MahjongError ---------------------------------------------------

@pytest.mark.parametrize("bad", ["²", "①", "1", 2 ** 63, -2 ** 63 - 1, True, 1.0, 10 ** 5000],
                         ids=["²", "①", "'1'", "2**63", "-2**63-1", "True", "1.0", "10**5000"])
@pytest.mark.parametrize("field", ["seat", "from", "dealer", "seats", "final key"])
def test_seats_are_exact_integers_in_range(field, bad):
    if field == "seat":
        record = _rec([dict(WIN, seat=bad)])
    elif field == "from":
        record = _rec([dict(WIN, **{"from": bad})])
    elif field == "final key":
        if bad == "1":
            return  # JSON keys are strings: "1" is seat 1
        record = _rec([WIN], final={bad: {"hand": "123m456m789m234p5p"}})
    else:
        record = _rec([WIN], **{field: bad})
    name = {"final key": "seat key"}.get(field, field)
    with pytest.raises(InvalidRecordError, match=f"'{name}' must be"):
        settle(record)


def test_a_seat_of_2_to_the_63_in_json_and_a_5000_digit_integer():
    with pytest.raises(InvalidRecordError, match="'seat' must be 0..3, got 9223372036854775808"):
        settle(json.dumps(_rec([dict(WIN, seat=2 ** 63)])))
    text = json.dumps(_rec([WIN])).replace('"seat": 0', '"seat": ' + "9" * 5000)
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        settle(text)


@pytest.mark.parametrize("melds", [5, 2.0, True, {}, "x"])
def test_record_melds_must_be_a_list(melds):
    with pytest.raises(InvalidRecordError, match=r"event 0 \(win by seat 0\): 'melds' must be "
                                                 "a list of melds"):
        settle(_rec([dict(WIN, melds=melds)]))
    with pytest.raises(InvalidRecordError, match="final hand of seat 1: 'melds' must be a list"):
        settle(_rec([WIN], final={"1": {"hand": "123m456m789m234p5p", "melds": melds}}))


def _nested_list(depth):
    out = inner = []
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return out


@pytest.mark.parametrize("record", [
    '{"rules": "sichuan", "events": ' + "[" * 100_000 + "]" * 100_000 + "}",
    _rec(_nested_list(100_000)),
    _rec([dict(WIN, hand=_nested_list(100_000))]),
    _rec([dict(WIN, melds=[_nested_list(100_000)])]),
    _rec([WIN], options={"base": _nested_list(100_000)}),
], ids=["json", "events", "hand", "melds", "options"])
def test_deeply_nested_records_are_refused(record):
    with pytest.raises(InvalidRecordError):
        settle(record)


@pytest.mark.parametrize("data", [b"\xff\xfe{", b'{"rules": "\xff"}', b"\xef\xbb\xbf\xff"])
def test_invalid_utf8_records_are_refused(data, tmp_path):
    with pytest.raises(InvalidRecordError, match="not UTF-8"):
        settle(data)
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(InvalidRecordError, match="not UTF-8"):
        settle(path.read_bytes())


def test_a_utf8_bom_is_accepted_as_gb_jsonl_accepts_it():
    text = json.dumps(_rec([WIN]))
    want = settle(text).deltas
    assert settle("\ufeff" + text).deltas == want
    assert settle(b"\xef\xbb\xbf" + text.encode()).deltas == want


@pytest.mark.parametrize("text", [None, b"", b"123m", 5, ["123m"]])
def test_hand_parse_takes_a_string(text):
    with pytest.raises(InvalidHandError, match="Hand.parse reads a hand string"):
        Hand.parse(text)


MELD_CALLS = {
    "waits": lambda m: mahjong.waits("123456789m1p2s", melds=m),
    "discard_analysis": lambda m: mahjong.discard_analysis("123456789m1p23s", melds=m),
    "shanten_by_form": lambda m: mahjong.shanten_by_form("123456789m1p2s", melds=m),
    "parse_melds": lambda m: mahjong.parse_melds(m),
    "Hand": lambda m: Hand.from_tiles("123456789m1p2s", melds=m),
    "guobiao.score": lambda m: guobiao.score("123m456m789p11s", melds=m, win_tile="1s"),
    "sichuan.score": lambda m: sichuan.score("123m456m789p11p", melds=m, win_tile="1p"),
    "yunnan.score": lambda m: yunnan.score("123m456m789p11p", melds=m, win_tile="1p"),
    "sichuan.tenpai_value": lambda m: sichuan.tenpai_value("123m456m789p1p", melds=m),
}


@pytest.mark.parametrize("melds", [7, 1.5, True, np.int64(3), np.float64(2.0)],
                         ids=["7", "1.5", "True", "np.int64", "np.float64"])
@pytest.mark.parametrize("call", list(MELD_CALLS.values()), ids=list(MELD_CALLS))
def test_melds_that_are_not_a_list_are_refused(call, melds):
    with pytest.raises(InvalidHandError, match="melds must be a list of melds"):
        call(melds)


def test_melds_may_be_a_numpy_array_of_rows():
    rows = np.array([["pung", "222p"]])
    assert mahjong.parse_melds(rows) == mahjong.parse_melds([("pung", "222p")])
    assert sichuan.score("123m456m789m55m", melds=rows, win_tile="5m").fan == \
        sichuan.score("123m456m789m55m", melds=[("pung", "222p")], win_tile="5m").fan


@pytest.mark.parametrize("call", ["shanten", "useful_tiles", "waits", "shanten_by_form"])
@pytest.mark.parametrize("wildcard", [None, "5z"])
def test_analysis_takes_melds_as_a_numpy_array_of_rows(call, wildcard):
    rows = np.array([["pung", "222p"]])
    fn = getattr(mahjong, call)
    assert fn("123m456m789m5m", melds=rows, wildcard=wildcard) == \
        fn("123m456m789m5m", melds=[("pung", "222p")], wildcard=wildcard)


def test_score_batch_threads_0_is_a_mahjong_error():
    hands = np.stack([tile_counts("123456789m1p234s")])
    with pytest.raises(MahjongError, match="threads must be an integer"):
        guobiao.score_batch(hands, [9], threads=0)
    with pytest.raises(MahjongError, match="threads must be an integer"):
        mbatch.shanten(hands, threads=0)


@pytest.mark.parametrize("field,code", [("win_tile", guobiao.batch.BAD_TILE),
                                        ("flags", guobiao.batch.BAD_CONTEXT),
                                        ("seat_wind", guobiao.batch.BAD_CONTEXT),
                                        ("round_wind", guobiao.batch.BAD_CONTEXT),
                                        ("flowers", guobiao.batch.BAD_CONTEXT)])
@pytest.mark.parametrize("value", [2 ** 63, 2 ** 64, -2 ** 63 - 1, np.uint64(2 ** 63)],
                         ids=["2**63", "2**64", "-2**63-1", "np.uint64"])
def test_gb_score_batch_huge_values_get_their_row_code(field, code, value):
    hands = np.stack([tile_counts("123456789m1p234s")] * 2)
    args = {"win_tile": 9, field: value}
    totals, fans = guobiao.score_batch(hands, **args)
    assert totals.tolist() == [code, code] and not fans.any()


def test_gb_score_batch_flags_2_to_the_63_in_a_list():
    hands = np.stack([tile_counts("123456789m1p234s")] * 2)
    with pytest.raises(InvalidContextError, match="flags must hold integers"):
        guobiao.score_batch(hands, 9, flags=[2 ** 64, 0])


@pytest.mark.parametrize("field", ["win_tile", "seat_wind", "round_wind", "flowers"])
def test_gb_score_batch_refuses_bools_as_scalar_score_does(field):
    hands = np.stack([tile_counts("123456789m1p234s")])
    args = {"win_tile": 9, field: True}
    with pytest.raises(MahjongError, match=f"{field} must hold integers, got bools"):
        guobiao.score_batch(hands, **args)
    with pytest.raises(MahjongError):
        guobiao.score("123456789m1p234s", **{"win_tile": "1p", field: True})


@pytest.mark.parametrize("room", ["sichuan", "yunnan", "guiyang", "tongcheng", "two_player",
                                  "huanggang"])
@pytest.mark.parametrize("bad", ["yes", 1, None, 0.0, np.int64(1)], ids=str)
def test_win_flags_are_true_or_false(room, bad):
    from mahjong.ruleset import checked_win_bits

    with pytest.raises(InvalidContextError, match="self_drawn must be true or false"):
        checked_win_bits(bad, False, False, False, False, False, False)
    if room == "sichuan":
        with pytest.raises(InvalidContextError, match="self_drawn must be true or false"):
            sichuan.score("111p123p456p789p99p", win_tile="9p", self_drawn=bad)
    if room == "yunnan":
        with pytest.raises(InvalidContextError, match="last_tile must be true or false"):
            yunnan.score("111p123p456p789p99p", win_tile="9p", last_tile=bad)
    # the compiled rooms once truth-tested a ``self_drawn: bool`` argument ("yes" -> True)
    from mahjong import guiyang, tongcheng, two_player
    calls = {"guiyang": lambda: guiyang.score("111s234p567p789m55m", win_tile="5m",
                                              self_drawn=bad),
             "tongcheng": lambda: tongcheng.score("123s456s789s111s55s", win_tile="5s",
                                                  self_drawn=bad),
             "two_player": lambda: two_player.score("123m456m789m111z55z", win_tile="5z",
                                                    self_drawn=bad),
             "huanggang": lambda: mahjong.huanggang.score(
                 "234s567s55m", [("chow", "345m"), ("pung", "888p")], win_tile="7s",
                 indicator="3p", self_drawn=bad)}
    if room in calls:
        with pytest.raises(InvalidContextError, match="self_drawn must be true or false"):
            calls[room]()


def test_numpy_bools_are_flags():
    assert guobiao.score("111m234m567m789p1s", win_tile="1s", self_drawn=np.True_).total == \
        guobiao.score("111m234m567m789p1s", win_tile="1s", self_drawn=True).total
    assert sichuan.score("111p123p456p789p99p", win_tile="9p", self_drawn=np.True_).value == \
        sichuan.score("111p123p456p789p99p", win_tile="9p", self_drawn=True).value


@pytest.mark.parametrize("name", available_rulesets())
@pytest.mark.parametrize("bad", [True, 3.0, "1", [1], 2 ** 70], ids=str)
def test_every_rooms_integer_options_take_exact_ints(name, bad):
    import dataclasses

    rules = get_ruleset(name).Rules
    for f in dataclasses.fields(rules):
        if not f.init or type(f.default) is not int or f.metadata.get("kind") is bool:
            continue
        with pytest.raises(MahjongError, match=f"option {f.name}"):
            rules.from_mapping({f.name: bad})


def test_threads_beyond_the_bound_do_not_kill_the_process():
    code = ("import numpy as np, mahjong; from mahjong import batch, guobiao\n"
            "from mahjong.tiles import tile_counts\n"
            "h = np.stack([tile_counts('123456789m1p234s')] * 3)\n"
            "for t in (100000, 50000, 2**31 - 1, 2**63):\n"
            "    for f in (lambda: batch.shanten(h, threads=t),\n"
            "              lambda: guobiao.score_batch(h, [9] * 3, threads=t)):\n"
            "        try:\n"
            "            f()\n"
            "        except mahjong.MahjongError:\n"
            "            pass\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=child_env(), cwd=CHILD_CWD, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


@pytest.mark.parametrize("melds", [np.int64(3), np.True_, np.float64(1.0)], ids=str)
def test_numpy_scalar_melds_in_a_record_are_refused(melds):
    # found by tools/fuzz_atheris.py: `melds == []` on a numpy scalar is an empty array
    with pytest.raises(InvalidRecordError, match="'melds' must be a list of melds"):
        settle(_rec([dict(WIN, melds=melds)]))
    with pytest.raises(InvalidRecordError, match="'melds' must be a list of melds"):
        settle(_rec([WIN], final={"1": {"hand": "123m456m789m234p5p", "melds": melds}}))


@pytest.mark.parametrize("value", [b"", b"x", np.int64(1), {1, 2}, object()],
                         ids=["empty-bytes", "bytes", "int64", "set", "object"])
def test_rule_set_data_must_be_json_values(value):
    # found by tests/test_fuzz.py: an accepted record whose dumps() then failed
    with pytest.raises(InvalidRecordError, match="must be JSON values"):
        settle({"rules": "yunnan", "dealer": 0,
                "events": [{"type": "exhausted", "melds": {"x": value}}]})


def test_a_bad_wall_string_and_an_unknown_rule_set_name_the_field():
    # found by tests/test_fuzz.py: these errors named no field
    with pytest.raises(InvalidRecordError, match="record: 'wall': unknown tile token"):
        settle(_rec([WIN], wall="0"))
    with pytest.raises(InvalidRecordError, match="record: 'rules': unknown rule set"):
        settle(dict(_rec([WIN]), rules="0"))


def test_a_meld_mapping_with_mixed_key_types_is_refused():
    # found by tests/test_fuzz.py: sorting the unknown keys raised a TypeError
    for call in (lambda: mahjong.parse_melds([{"": None, 0: None}]),
                 lambda: guobiao.score("123m456m789p11s", melds=[{"": None, 0: None}],
                                       win_tile="1s")):
        with pytest.raises(InvalidHandError, match="unknown field"):
            call()


@pytest.mark.parametrize("value", [[None, []], [[1], 2]], ids=str)
def test_ragged_batch_input_is_a_mahjong_error(value):
    # found by tests/test_fuzz.py: np.asarray raised a plain ValueError on ragged input
    hands = np.stack([tile_counts("123456789m1p234s")] * 2)
    with pytest.raises(MahjongError, match="win_tile"):
        guobiao.score_batch(hands, value)
    with pytest.raises(MahjongError, match="flags"):
        sichuan.score_batch(np.stack([tile_counts("123m456m789m234p55p")] * 2), flags=value)
    with pytest.raises(MahjongError, match="counts"):
        mbatch.shanten([[1] * 34, [1]])


def _room_calls():
    from mahjong import guiyang, huanggang, tongcheng, two_player

    return {
        "guiyang ready": lambda v: guiyang.score("111s234p567p789m55m", win_tile="5m",
                                                 self_drawn=True, ready=v),
        "guiyang discarder_ready": lambda v: guiyang.score(
            "111s222p333m444s55m", win_tile="5m", discarder_ready=v),
        "tongcheng kouting": lambda v: tongcheng.score("123s456s789s111s55s", win_tile="5s",
                                                       kouting=v),
        "two_player ready": lambda v: two_player.score("123m456m789m111z55z", win_tile="5z",
                                                       self_drawn=True, ready=v),
        "huanggang dealer": lambda v: huanggang.score(
            "234s567s55m", [("chow", "345m"), ("pung", "888p")], win_tile="7s",
            indicator="3p", self_drawn=True, dealer=v),
        "huanggang all_results dealer": lambda v: huanggang.scoring.all_results(
            "234s567s55m", [("chow", "345m"), ("pung", "888p")], win_tile="7s",
            indicator="3p", self_drawn=True, dealer=v),
    }


ROOM_FLAGS = _room_calls()


@pytest.mark.parametrize("call", list(ROOM_FLAGS.values()), ids=list(ROOM_FLAGS))
@pytest.mark.parametrize("bad", ["yes", 2, None, 1, 0.0, np.int64(1)], ids=str)
def test_room_only_flags_are_true_or_false(call, bad):
    name = [k for k, v in ROOM_FLAGS.items() if v is call][0].split()[-1]
    with pytest.raises(InvalidContextError, match=f"{name} must be true or false"):
        call(bad)


@pytest.mark.parametrize("call", list(ROOM_FLAGS.values()), ids=list(ROOM_FLAGS))
def test_room_only_flags_take_bools_and_numpy_bools(call):
    def values(r):
        return [x.value if hasattr(x, "value") else x.payment for x in r] \
            if isinstance(r, list) else r.value
    for yes, no in ((True, False), (np.True_, np.False_)):
        if yes is True:
            expect = (values(call(True)), values(call(False)))
        assert (values(call(yes)), values(call(no))) == expect


@pytest.mark.parametrize("field", ["hands", "melds", "flags", "single_kongs", "dealer",
                                   "indicator"])
def test_huanggang_batch_ragged_input_is_a_mahjong_error(field):
    from mahjong import huanggang

    hands = np.stack([tile_counts("234s567s55m789p")] * 2)
    args = {"hands": hands, "indicator": "3p"}
    args[field] = [[1], 2, [3, [4]]]
    with pytest.raises(InvalidHandError, match=field):
        huanggang.score_batch(**args)


def test_huanggang_batch_dealer_must_be_booleans():
    from mahjong import huanggang

    hands = np.stack([tile_counts("234s567s55m789p")] * 2)
    with pytest.raises(InvalidHandError, match="dealer"):
        huanggang.score_batch(hands, indicator="3p", dealer=["yes", "no"])


# --- the CLI's line readers: every bad line on stdin gets its own answer ------------------

def _hostile_lines(good: dict) -> list:
    """One good line, hostile ones (bytes), the good line again."""
    g = json.dumps(good, ensure_ascii=False).encode()
    return [g,
            b"[" * 1000 + b"]" * 1000,                       # nested too deeply
            b"{" * 50000,                                    # deeper, and not closed
            b'{"hand": "\xff\xfe", "win_tile": "2s"}',      # not UTF-8
            b"\xef\xbb\xbf\xff",                             # a BOM, then not UTF-8
            b"9" * 5000,                                     # a 5000-digit number
            b'{"hand": 1e400, "win_tile": 2e308}',           # floats beyond double
            b'{"hand": 5, "win_tile": [1], "melds": {"a": 1}}',   # wrong types
            b'{"hand": "123m", "win_tile": "1m", "dealer": 18446744073709551616, '
            b'"seat": "\xc2\xb2", "events": 5}',             # 2**64, "²", events not a list
            b'{"rules": "sichuan", "dealer": 0, "events": [{"type": "win", "seat": '
            b'99999999999999999999999, "hand": "x"}]}',        # a huge seat in a record
            b"[]", b"null", b'"x"', b"{", b"\x00\x01",
            g]


_STDIN_READERS = {
    "gb --jsonl -": (["gb", "--jsonl", "-"], {"hand": "234m567m345p678s2s", "win_tile": "2s"},
                     "line", "total"),
    "score --jsonl -": (["score", "--jsonl", "-"], {"hand": "111p123p456p789p99p",
                                                    "win_tile": "9p"}, "line", "value"),
    "settle --json -": (["settle", "--json", "-"], None, "record", "deltas"),
}


@pytest.mark.parametrize("name", list(_STDIN_READERS))
def test_the_cli_stdin_readers_answer_every_bad_line(name):
    argv, good, label, key = _STDIN_READERS[name]
    if good is None:
        good = json.loads((Path(__file__).parent / "data" / "sichuan_worked_examples.json")
                          .read_text(encoding="utf-8"))[0]["record"]
    lines = _hostile_lines(good)
    proc = subprocess.run([sys.executable, "-m", "mahjong", *argv],
                          input=b"\n".join(lines) + b"\n", capture_output=True, timeout=300,
                          env=child_env(), cwd=CHILD_CWD)
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err[-2000:]
    assert proc.returncode == 1, err[-2000:]
    rows = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert len(rows) == len(lines)                 # one answer per line, in order
    assert key in rows[0] and rows[-1] == rows[0]  # the good line, before and after
    for i, row in enumerate(rows[1:-1], start=2):
        assert list(row) == ["error"] and row["error"].startswith(f"{label} {i}:"), row


def test_plain_settle_on_stdin_reports_each_bad_record():
    good = json.loads((Path(__file__).parent / "data" / "sichuan_worked_examples.json")
                      .read_text(encoding="utf-8"))[0]["record"]
    lines = _hostile_lines(good)
    proc = subprocess.run([sys.executable, "-m", "mahjong", "settle", "-"],
                          input=b"\n".join(lines) + b"\n", capture_output=True, timeout=300,
                          env=child_env(), cwd=CHILD_CWD)
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "Traceback" not in out, (out + err)[-2000:]
    assert proc.returncode == 1
    assert out.count("deltas: ") == 2
    assert all(f"error: record {i}:" in out for i in range(2, len(lines)))
