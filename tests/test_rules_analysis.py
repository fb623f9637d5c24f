"""Hand analysis that knows the rule set (rules=, void_suit=, indicator=), 136-format ids
(tiles136=), and the numpy conventions of mahjong.batch (a single row, out=, threads=-1)."""
import os

import numpy as np
import pytest

import mahjong
from mahjong import batch
from mahjong.errors import InvalidHandError, MahjongError, TileParseError
from mahjong.tiles import tile_counts
from mahjong_core import _shanten

RNG_SEED = 20261204


def _hand(rng, n, kinds):
    wall = np.repeat(kinds, 4)
    rng.shuffle(wall)
    return np.bincount(wall[:n], minlength=34).astype(np.uint8)


# --- rules= ---------------------------------------------------------------------------------

def test_the_issue_hand_is_six_away_under_a_rule_set_without_guobiao_forms():
    # the default forms include 全不靠: 0; two-player plays regular, seven pairs, 13 orphans
    assert mahjong.shanten("147m258p369s1234z") == 0
    assert mahjong.shanten("147m258p369s1234z", rules="two_player") == 6
    assert mahjong.shanten("147m258p369s1234z", rules="guobiao") == 0


def test_rule_set_names_are_read_in_any_case_and_rules_objects_are_accepted():
    from mahjong.sichuan import Rules

    hand = "123456789m11p23s"
    assert mahjong.shanten(hand, rules="Sichuan") == mahjong.shanten(hand, rules="sichuan") == 2
    assert mahjong.shanten(hand, rules=Rules()) == 2
    with pytest.raises(MahjongError, match="unknown rule set 'riichi'"):
        mahjong.shanten(hand, rules="riichi")
    with pytest.raises(MahjongError, match="rules must be a rule-set name"):
        mahjong.shanten(hand, rules=3)


@pytest.mark.parametrize("function", [mahjong.shanten, mahjong.useful_tiles, mahjong.waits,
                                      mahjong.shanten_by_form, mahjong.is_complete,
                                      mahjong.decompositions])
@pytest.mark.parametrize("rules", ["sichuan", "yunnan", "guiyang"])
def test_an_honour_outside_the_tile_set_is_named(function, rules):
    with pytest.raises(InvalidHandError, match=f"tile 5z is not in the tile set of {rules}"):
        function("123456789m123p5z", rules=rules)
    with pytest.raises(InvalidHandError, match="tile 1z"):
        mahjong.discard_analysis("123456789m123p1z5z", rules=rules)
    with pytest.raises(InvalidHandError, match="tile 7z"):
        mahjong.shanten("123456789m1p", melds=[("pung", "777z")], rules=rules)


def test_the_forms_are_the_rule_sets():
    seven_pairs = "1133557799m1133p"
    assert mahjong.is_complete(seven_pairs, rules="sichuan")
    assert not mahjong.is_complete(seven_pairs, rules="huanggang")     # regular hands only
    assert mahjong.shanten("19m19p19s1234567z", rules="tongcheng") == 0
    assert mahjong.shanten("19m19p19s1234567z", rules="huanggang") > 0
    by_form = mahjong.shanten_by_form(seven_pairs, rules="huanggang")
    assert by_form["regular"] is not None and by_form["seven_pairs"] is None
    with pytest.raises(MahjongError, match="seven_pairs is not a hand form of huanggang"):
        mahjong.shanten(seven_pairs, forms=["seven_pairs"], rules="huanggang")
    assert mahjong.shanten(seven_pairs, forms=["regular"], rules="sichuan") == \
        mahjong.shanten(seven_pairs, forms=["regular"])


def test_the_default_rule_set_reading_reads_each_rooms_spec():
    from mahjong.analysis import rule_view
    from mahjong.ruleset import available_rulesets, get_ruleset
    import importlib

    for name in available_rulesets():
        spec = importlib.import_module(get_ruleset(name).__name__ + ".play").play_spec()
        view = rule_view(name)
        assert view.void == spec.void_suit_to_win
        assert (view.tiles == (1 << 34) - 1) == spec.honours
        assert sum(mahjong.analysis.FORM_BITS[f] for f in view.forms) == spec.forms


def _oracle(counts, void):
    """The exact kernel with the targets restricted by hand: honours and the void suit
    locked (no copy left to use); each void-suit tile held moved to an honour of which no
    other copy is left (a tile no target can use)."""
    moved = counts.copy()
    locked = np.zeros(34, np.uint8)
    locked[27:] = 4
    if void is not None:
        lo = 9 * void
        moved[lo:lo + 9] = 0
        locked[lo:lo + 9] = 4
        j = 27
        for t in range(lo, lo + 9):
            for _ in range(int(counts[t])):
                moved[j], locked[j] = 1, 3
                j += 1
    missing, mask = _shanten.analyze_one(moved, 0, 3, locked, -1, True)
    return missing - 1, [t for t in range(34) if mask >> t & 1]


def test_void_suit_and_tile_set_agree_with_the_exact_search_restricted_by_hand():
    rng = np.random.default_rng(RNG_SEED)
    checked = 0
    for i in range(1500):
        counts = _hand(rng, 13 + i % 2, np.arange(27) if i % 3 else np.arange(18))
        void = i % 3
        if counts[9 * void:9 * void + 9].sum() > 7:
            continue
        checked += 1
        suit = "mps"[void]
        expected = _oracle(counts, void)
        assert (mahjong.shanten(counts, rules="sichuan", void_suit=suit),
                mahjong.useful_tiles(counts, rules="sichuan", void_suit=suit)) == expected
        assert (mahjong.shanten(counts, rules="guiyang"),
                mahjong.useful_tiles(counts, rules="guiyang")) == _oracle(counts, None)
    assert checked > 1000


def test_without_void_suit_a_void_rule_set_takes_the_best_suit():
    hand = "123456789m11p23s"
    assert mahjong.shanten(hand) == 0
    per_suit = [mahjong.shanten(hand, rules="sichuan", void_suit=s) for s in "mps"]
    assert mahjong.shanten(hand, rules="sichuan") == min(per_suit) == 2
    assert mahjong.shanten(hand, rules="yunnan") == 2
    assert mahjong.shanten(hand, rules="guiyang") == 0          # no 缺门 in Guiyang
    assert mahjong.waits("111222333m456p7p", rules="sichuan") == [12, 15]
    assert mahjong.waits("111222333m456p7p", void_suit="p") == []
    # a meld of a suit: that suit cannot be void
    meld = [("pung", "999p")]
    assert mahjong.shanten("123m456p78p11m", melds=meld, rules="sichuan", void_suit="s") == \
        mahjong.shanten("123m456p78p11m", melds=meld, forms=["regular", "seven_pairs"]) == 0
    assert mahjong.shanten("123m456p78p11s", melds=meld, rules="sichuan") == 2   # void s
    with pytest.raises(InvalidHandError, match="every suit that could be void"):
        mahjong.shanten("123m456p78p11m", melds=meld, rules="sichuan", void_suit="p")
    with pytest.raises(InvalidHandError, match="every suit that could be void"):
        mahjong.shanten("78p11m", melds=meld + [("pung", "111s"), ("pung", "555m")],
                        rules="sichuan")
    # a suit held only in the hand can be void: its tiles are discards
    assert mahjong.shanten("123m78p11m", melds=meld + [("pung", "111s")], rules="sichuan") \
        == mahjong.shanten("123m78p11m", melds=meld + [("pung", "111s")], void_suit="m",
                           forms=["regular", "seven_pairs"]) == 5
    assert mahjong.shanten_by_form(hand, void_suit="s")["regular"] == 2
    assert mahjong.shanten_by_form(hand, void_suit="s")["knitted_straight"] is not None
    with pytest.raises(MahjongError, match="void_suit must be a suit"):
        mahjong.shanten(hand, void_suit="z")


def test_discard_analysis_with_rules_is_useful_tiles_after_each_discard():
    rng = np.random.default_rng(RNG_SEED + 1)
    for i in range(60):
        counts = _hand(rng, 14, np.arange(27))
        visible = _hand(rng, 10, np.arange(27))
        visible = np.minimum(visible, 4 - counts)
        options = mahjong.discard_analysis(counts, rules="sichuan", visible=visible.tolist()
                                           and np.repeat(np.arange(34), visible).tolist())
        assert [o.tile for o in options] and sorted(o.tile for o in options) == \
            np.flatnonzero(counts).tolist()
        unseen = mahjong.unseen_counts(counts, visible=np.repeat(np.arange(34), visible).tolist())
        for o in options:
            rest = counts.copy()
            rest[o.tile] -= 1
            assert o.shanten == mahjong.shanten(rest, rules="sichuan")
            assert list(o.useful) == mahjong.useful_tiles(rest, rules="sichuan")
            assert o.unseen == sum(int(unseen[t]) for t in o.useful)
        keys = [(o.shanten, -o.unseen, o.tile) for o in options]
        assert keys == sorted(keys)


def test_plain_rule_sets_give_the_plain_answers():
    # Guobiao: the default forms; rules= changes nothing
    for hand in ("147m258p369s1234z", "123456789m11p23s", "19m19p19s1234567z"):
        assert mahjong.shanten(hand, rules="guobiao") == mahjong.shanten(hand)
        assert mahjong.useful_tiles(hand, rules="guobiao") == mahjong.useful_tiles(hand)
    hand = "123456789m11p23s5z"
    assert mahjong.discard_analysis(hand, rules="guobiao") == mahjong.discard_analysis(hand)


def test_indicator_shows_the_huanggang_wildcard():
    hand = "123m456p789s11z2z5z"
    # 4z shows 白 (5z); 9p shows 1p
    assert mahjong.shanten(hand, rules="huanggang", indicator="4z") == \
        mahjong.shanten(hand, forms=["regular"], wildcard="5z")
    assert mahjong.waits("1112345678999m", rules="huanggang", indicator="9p") == \
        mahjong.waits("1112345678999m", forms=["regular"], wildcard="1p") == list(range(10))
    assert mahjong.decompositions("123m456p789s1z5z", melds=[("pung", "222s")],
                                  rules="huanggang", indicator="4z")
    with pytest.raises(MahjongError, match="indicator: give rules= too"):
        mahjong.shanten(hand, indicator="4z")
    with pytest.raises(MahjongError, match="indicator: sichuan shows no wildcard indicator"):
        mahjong.shanten("123456789m11p23s", rules="sichuan", indicator="1m")
    with pytest.raises(MahjongError, match="give wildcard= or indicator=, not both"):
        mahjong.shanten(hand, rules="huanggang", indicator="4z", wildcard="5z")
    with pytest.raises(TileParseError, match="indicator"):
        mahjong.shanten(hand, rules="huanggang", indicator="0x")


def test_decompositions_keep_the_rule_sets_forms_and_void():
    assert [d.form for d in mahjong.decompositions("1133557799m1133p", rules="sichuan")] == \
        ["seven_pairs"]
    assert mahjong.decompositions("1133557799m1133p", rules="huanggang") == []
    assert mahjong.decompositions("123m456p789s11s456m") != []
    assert mahjong.decompositions("123m456p789s11s456m", rules="sichuan") == []  # 3 suits
    assert mahjong.decompositions("123m456789s11s456m", rules="sichuan") == \
        mahjong.decompositions("123m456789s11s456m")


# --- tiles136= ---------------------------------------------------------------------------------

def test_tiles136_reads_136_format_ids():
    ids136 = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 37, 40, 44]   # 123456789m1123p
    hand = "123456789m1123p"
    assert mahjong.shanten(tiles136=ids136) == mahjong.shanten(hand) == 0
    assert mahjong.useful_tiles(tiles136=np.array(ids136)) == mahjong.useful_tiles(hand)
    assert mahjong.waits(tiles136=np.array(ids136, np.int16)) == mahjong.waits(hand)
    assert mahjong.discard_analysis(tiles136=ids136 + [135]) == \
        mahjong.discard_analysis(hand + "7z")
    assert mahjong.shanten_by_form(tiles136=ids136) == mahjong.shanten_by_form(hand)
    assert mahjong.is_complete(tiles136=ids136 + [48])
    assert (mahjong.unseen_counts(tiles136=ids136) == mahjong.unseen_counts(hand)).all()
    assert mahjong.decompositions(tiles136=ids136 + [48]) == \
        mahjong.decompositions(hand + "4p")
    with pytest.raises(TileParseError, match="tiles136: tile id 136 is out of range 0..135"):
        mahjong.shanten(tiles136=ids136[:-1] + [136])
    with pytest.raises(TileParseError, match="tiles136: tile id 36 given twice"):
        mahjong.shanten(tiles136=ids136[:-1] + [36])
    with pytest.raises(MahjongError, match="not both"):
        mahjong.shanten(hand, tiles136=ids136)
    with pytest.raises(TileParseError, match="tiles136"):
        mahjong.shanten(tiles136="123m")
    with pytest.raises(InvalidHandError, match="tiles136: more than 14 tiles"):
        mahjong.shanten(tiles136=range(10**7))
    with pytest.raises(TileParseError, match="tiles136: tile id an integer of"):
        mahjong.shanten(tiles136=[2**100])
    with pytest.raises(TileParseError, match="tiles136: True is not a tile id"):
        mahjong.shanten(tiles136=[True])
    with pytest.raises(TileParseError, match="tiles136"):
        mahjong.shanten(tiles136=np.array(ids136, float))


def test_numpy_integer_arrays_of_34_format_ids_are_hands():
    ids = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 11], np.int64)
    assert mahjong.shanten(ids) == mahjong.shanten("123456789m1123p")
    assert mahjong.useful_tiles(ids.astype(np.uint8)) == mahjong.useful_tiles("123456789m1123p")


# --- mahjong.batch ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules,kwargs", [
    ("sichuan", {}), ("yunnan", {}), ("guiyang", {}), ("guobiao", {}), ("two_player", {}),
    ("huanggang", {"indicator": "5m"}), ("sichuan", {"void_suit": "p"}),
])
def test_batch_with_rules_agrees_with_the_scalar_calls(rules, kwargs):
    rng = np.random.default_rng(RNG_SEED + 2)
    kinds = np.arange(27) if rules in ("sichuan", "yunnan", "guiyang") else np.arange(34)
    rows = np.stack([_hand(rng, 13 + i % 2, kinds) for i in range(150)])
    sh, useful = batch.shanten_and_useful(rows, rules=rules, **kwargs)
    assert (batch.shanten(rows, rules=rules, **kwargs) == sh).all()
    assert (batch.useful_tiles(rows, rules=rules, **kwargs) == useful).all()
    for i, row in enumerate(rows):
        assert sh[i] == mahjong.shanten(row, rules=rules, **kwargs)
        assert np.flatnonzero(useful[i]).tolist() == mahjong.useful_tiles(row, rules=rules,
                                                                          **kwargs)
    full = np.stack([_hand(rng, 14, kinds) for i in range(60)])
    shanten, unseen = batch.discard_table(full, rules=rules, **kwargs)
    for i, row in enumerate(full):
        for o in mahjong.discard_analysis(row, rules=rules, **kwargs):
            assert (shanten[i, o.tile], unseen[i, o.tile]) == (o.shanten, o.unseen)


def test_batch_void_with_locked_copies_and_all_forms():
    rows = np.stack([tile_counts("123m456p78p11s"), tile_counts("123m456p78p11s")])
    locked = np.stack([tile_counts("999p"), tile_counts("999m")])
    got = batch.shanten(rows, rules="sichuan", locked=locked)
    assert got.tolist() == [mahjong.shanten("123m456p78p11s", melds=[("pung", m)],
                                            rules="sichuan") for m in ("999p", "999m")]
    with pytest.raises(InvalidHandError, match="locked row 0: the melds hold a tile of every"):
        batch.shanten(rows, rules="sichuan", void_suit="p", locked=locked)
    hands = np.stack([tile_counts("1133557799m11p1s2s"), tile_counts("19m19p19s1234567z")])
    assert batch.shanten(hands, void_suit="s").tolist() == \
        [mahjong.shanten(h, void_suit="s") for h in ("1133557799m11p1s2s", "19m19p19s1234567z")]


def test_batch_names_a_row_outside_the_tile_set():
    rows = np.stack([tile_counts("123456789m11p23s"), tile_counts("123456789m11p2s5z")])
    with pytest.raises(InvalidHandError, match="counts row 1 holds 5z, not a tile of sichuan"):
        batch.shanten(rows, rules="sichuan")
    with pytest.raises(InvalidHandError, match="counts row 0 holds 5z"):
        batch.discard_table(np.stack([tile_counts("123456789m11p23s5z")] * 2), rules="guiyang")
    with pytest.raises(MahjongError, match="wildcard row 0 is 1z"):
        batch.shanten(rows[:1], rules="sichuan", wildcard=np.array([27]))


def test_a_single_row_gives_the_scalar_answer():
    row = tile_counts("123456789m11p23s")
    assert batch.shanten(row) == mahjong.shanten("123456789m11p23s") == 0
    assert batch.shanten(row, rules="sichuan") == 2
    assert batch.useful_tiles(row).shape == (34,)
    assert np.flatnonzero(batch.useful_tiles(row)).tolist() == \
        mahjong.useful_tiles("123456789m11p23s")
    sh, useful = batch.shanten_and_useful(row.tolist())
    assert sh == 0 and useful.shape == (34,)
    full = tile_counts("123456789m11p23s5z")
    shanten, unseen = batch.discard_table(full)
    assert shanten.shape == unseen.shape == (34,)
    best = mahjong.discard_analysis("123456789m11p23s5z")[0]
    assert (shanten[best.tile], unseen[best.tile]) == (best.shanten, best.unseen)


def test_out_receives_the_result():
    rows = np.stack([tile_counts("123456789m11p23s"), tile_counts("19m19p19s1234567z")])
    out = np.full(2, 99, np.int8)
    assert batch.shanten(rows, out=out) is out and out.tolist() == [0, 0]
    useful = np.zeros((2, 34), bool)
    assert batch.useful_tiles(rows, out=useful) is useful
    assert (useful == batch.useful_tiles(rows)).all()
    strided = np.zeros((2, 68), bool)[:, ::2]          # not contiguous: filled by a copy
    assert batch.useful_tiles(rows, out=strided) is strided
    assert (strided == useful).all()
    sh, us = np.empty(2, np.int8), np.empty((2, 34), bool)
    assert batch.shanten_and_useful(rows, out=(sh, us)) == (sh, us)
    assert sh.tolist() == [0, 0] and (us == useful).all()
    full = np.stack([tile_counts("123456789m11p23s5z")])
    pair = (np.empty((1, 34), np.int8), np.empty((1, 34), np.int16))
    got = batch.discard_table(full, out=pair)
    assert got[0] is pair[0] and got[1] is pair[1]
    assert (pair[0] == batch.discard_table(full)[0]).all()
    one = np.empty((), np.int8)
    assert batch.shanten(rows[0], out=one) is one and int(one) == 0
    sh_ruled = np.empty(2, np.int8)
    batch.shanten(np.stack([tile_counts("123456789m11p23s")] * 2), rules="sichuan", out=sh_ruled)
    assert sh_ruled.tolist() == [2, 2]
    with pytest.raises(MahjongError, match=r"out must have shape \(2,\) and dtype int8"):
        batch.shanten(rows, out=np.empty(2, np.int16))
    with pytest.raises(MahjongError, match=r"out must have shape \(2, 34\)"):
        batch.useful_tiles(rows, out=np.empty((3, 34), bool))
    with pytest.raises(MahjongError, match="out must be a numpy array"):
        batch.shanten(rows, out=[0, 0])
    with pytest.raises(MahjongError, match="out must be a pair"):
        batch.discard_table(full, out=pair[0])
    frozen = np.empty(2, np.int8)
    frozen.flags.writeable = False
    with pytest.raises(MahjongError, match="out is read-only"):
        batch.shanten(rows, out=frozen)


def test_threads_minus_one_is_every_core():
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    rows = np.stack([tile_counts("123456789m11p23s")] * 5)
    assert batch.shanten(rows, threads=-1).tolist() == [0] * 5
    big = 10**9
    assert batch.threads_for(-1, big) == min(cores, batch.MAX_THREADS)
    assert batch.threads_for(-cores, big) == 1
    if cores > 1:
        assert batch.threads_for(-2, big) == cores - 1
    for bad in (0, -cores - 1):
        with pytest.raises(MahjongError, match=r"threads must be an integer 1\.\.256, or -1"):
            batch.shanten(rows, threads=bad)
    with pytest.raises(MahjongError, match="threads"):
        batch.discard_table(np.stack([tile_counts("123456789m11p23s5z")]), threads=-cores - 1)


def test_the_analyze_command_takes_rules_void_suit_and_indicator(capsys):
    from mahjong.cli import main

    assert main(["analyze", "123456789m11p23s", "--rules", "Sichuan", "--json"]) == 0
    import json

    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == "sichuan" and out["shanten"] == 2
    assert list(out["shanten_by_form"]) == ["regular", "seven_pairs"]
    assert main(["analyze", "123m456p789s11z2z5z", "--rules", "huanggang", "--indicator",
                 "4z", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wildcard"] == "5z" and out["shanten"] == 0
    assert main(["analyze", "123456789m11p23s", "--void-suit", "s", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] == 2
