"""The tile model: every notation parses to the same ids, formats round-trip, and bad
tokens are named in the error."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mahjong
from mahjong import (InvalidHandError, MahjongError, TileParseError, format_tiles, parse_tile,
                     parse_tiles)
from mahjong.tiles import (CHINESE_NAMES, REFERENCE_NAMES, STYLES, TENHOU_NAMES, UNICODE_NAMES,
                           tile_counts, tile_name, to_tile_ids)

ALL = list(range(34))


def test_id_order_matches_notation_table():
    # Spot checks straight from shared/NOTATION.md.
    assert parse_tiles("1m 9m 1p 9p 1s 9s") == [0, 8, 9, 17, 18, 26]
    assert parse_tiles("1234567z") == [27, 28, 29, 30, 31, 32, 33]
    assert [REFERENCE_NAMES[t] for t in (31, 32, 33)] == ["J3", "J2", "J1"]
    assert parse_tiles("J1 J2 J3") == [33, 32, 31]
    assert parse_tiles("F1F2F3F4") == [27, 28, 29, 30]
    assert parse_tiles("🀇🀙🀐🀀🀆🀅🀄") == [0, 9, 18, 27, 31, 32, 33]
    assert parse_tiles("E S W N P F C") == [27, 28, 29, 30, 31, 32, 33]


@pytest.mark.parametrize("style", STYLES)
def test_every_style_round_trips_all_tiles(style):
    assert parse_tiles(format_tiles(ALL, style)) == ALL


def test_names_tables_have_34_distinct_entries():
    for names in (TENHOU_NAMES, REFERENCE_NAMES, UNICODE_NAMES, CHINESE_NAMES):
        assert len(names) == 34 and len(set(names)) == 34


@pytest.mark.parametrize("text, ids", [
    ("一万 五筒 九条", [0, 13, 26]),
    ("五饼 九索 幺鸡", None),  # 幺鸡 is not a tile name we read: must raise, not guess
    ("东风 南 西风 北", [27, 28, 29, 30]),
    ("白板 发财 红中", [31, 32, 33]),
    ("白 发 中", [31, 32, 33]),
    ("5万", [4]),
    ("萬東發", None),
    ("🀄️🀄", [33, 33]),  # a variation selector after the red dragon is not a tile
])
def test_chinese_and_unicode(text, ids):
    if ids is None:
        with pytest.raises(TileParseError):
            parse_tiles(text)
    else:
        assert parse_tiles(text) == ids


def test_tenhou_groups_keep_order_and_mix_with_other_notations():
    assert parse_tiles("3m1m 2p,W1|中") == [2, 0, 10, 0, 33]
    assert format_tiles([9, 0, 1]) == "1p12m"
    assert format_tiles([]) == ""


@pytest.mark.parametrize("text, token", [
    ("123m45x", "45x"),
    ("W0", "W0"),
    ("J4", "J4"),
    ("hello", "hello"),
])
def test_unknown_token_is_named(text, token):
    with pytest.raises(TileParseError, match=repr(token)):
        parse_tiles(text)


@pytest.mark.parametrize("text, message", [
    ("05m", "red fives"),
    ("8z", "honors are 1z-7z"),
    ("🀢", "flower"),
])
def test_not_a_tile_of_these_rules(text, message):
    with pytest.raises(TileParseError, match=message):
        parse_tiles(text)


def test_parse_tile_single_and_ids():
    assert parse_tile("7z") == 33
    assert parse_tile(5) == 5
    with pytest.raises(TileParseError):
        parse_tile("12m")
    with pytest.raises(TileParseError):
        parse_tile(34)
    assert tile_name(33, "english") == "Red"


def test_counts_input_forms_agree():
    text = "1112345678999m5m"
    ids = parse_tiles(text)
    counts = tile_counts(text)
    assert counts.dtype == np.uint8 and counts.sum() == 14
    assert to_tile_ids(counts) == sorted(ids)
    assert to_tile_ids(list(counts)) == sorted(ids)
    assert to_tile_ids(ids) == ids


def test_fifth_copy_is_rejected():
    with pytest.raises(InvalidHandError, match="fifth copy of 1m"):
        tile_counts("11111m")
    bad = np.zeros(34, np.uint8)
    bad[3] = 5
    with pytest.raises(InvalidHandError, match=r"counts\[3\] \(4m\) is 5"):
        to_tile_ids(bad)


def test_non_string_input_is_a_clear_error():
    with pytest.raises(TileParseError):
        parse_tiles(123)
    with pytest.raises(TileParseError):
        to_tile_ids(3.5)


@given(st.lists(st.integers(0, 33), max_size=20), st.sampled_from(STYLES))
def test_format_then_parse_is_identity(ids, style):
    assert parse_tiles(format_tiles(ids, style)) == ids


@pytest.mark.parametrize("bad, shown", [(1.5, "1.5"), (0.7, "0.7"), (float("nan"), "nan"),
                                        (float("inf"), "inf")])
def test_fractional_counts_are_rejected_not_truncated(bad, shown):
    # int() would read 1.5 as 1 and 0.7 as 0: a different hand, silently.
    counts = tile_counts("123m456p789s1z2z34s").astype(float)
    counts[5] = bad
    with pytest.raises(InvalidHandError, match=rf"counts\[5\] \(6m\) is {shown}"):
        to_tile_ids(counts)
    with pytest.raises(InvalidHandError, match=r"counts\[5\]"):
        mahjong.shanten(counts)
    whole = tile_counts("123m456p789s1z2z34s").astype(float)
    assert mahjong.shanten(whole) == mahjong.shanten("123m456p789s1z2z34s")


def test_non_numeric_count_is_named():
    counts = tile_counts("123m456p789s1z2z34s").astype(object)
    counts[0] = None
    with pytest.raises(InvalidHandError, match=r"counts\[0\] \(1m\) is None"):
        mahjong.useful_tiles(counts)


def test_two_dimensional_tiles_array_is_a_clear_error():
    rows = tile_counts("123m456p789s1z2z34s")[None, :]
    with pytest.raises(InvalidHandError, match=r"1-D .*shape \(1, 34\)"):
        mahjong.shanten(rows)


def test_format_tiles_bad_input_is_a_package_error():
    with pytest.raises(MahjongError, match="unknown style 'x'"):
        format_tiles([0], style="x")
    with pytest.raises(TileParseError, match="got int"):
        format_tiles(5)
    # a tile string is converted between notations
    assert format_tiles("123m 发财 J1", style="chinese") == "一万 二万 三万 发 中"
