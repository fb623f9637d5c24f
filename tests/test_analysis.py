"""Scalar analysis API: waits, unseen counts, discard analysis, decompositions."""
import random

import numpy as np
import pytest

import mahjong
from mahjong import analysis
from mahjong.tiles import tile_counts

import slow_oracle as oracle


def test_public_names():
    for name in ("shanten", "shanten_by_form", "useful_tiles", "waits", "is_complete",
                 "unseen_counts", "discard_analysis", "decompositions", "FORMS"):
        assert hasattr(analysis, name) and name in analysis.__all__


# --- waits --------------------------------------------------------------------------------

@pytest.mark.parametrize("tiles, melds, expected", [
    ("1112345678999m", (), list(range(9))),          # nine gates: all nine
    ("123456789m1p234s", (), [9]),                    # single wait
    ("23m456p789s11z", [("pung", "222p")], [0, 3]),   # two-sided with a meld
    ("1122m", [("pung", "777z"), ("chow", "123p"), ("pung", "999s")], [0, 1]),  # shanpon
    ("13m", [("pung", "777z"), ("chow", "123p"), ("pung", "999s"), ("kong", "5555z")], [1]),
    ("11335577m99p1133s", (), None),                  # 14 tiles: waits need 13
])
def test_waits(tiles, melds, expected):
    counts = tile_counts(tiles)
    if counts.sum() + 3 * len(melds) != 13:
        with pytest.raises(mahjong.InvalidHandError, match="waits need"):
            mahjong.waits(tiles, melds)
        return
    assert mahjong.waits(tiles, melds) == expected


def test_waits_special_forms():
    assert mahjong.waits("19m19p19s1234567z") == list(oracle.ORPHANS)
    assert mahjong.waits("1133557799m113p") == [11]              # seven pairs
    assert mahjong.waits("147m258p369s1234z") == [31, 32, 33]    # honors and knitted
    assert mahjong.waits("147m258p369s1234z", forms=["regular"]) == []  # not ready there
    assert mahjong.waits("13579m13579p135s") == []               # far from ready


def test_waits_never_a_fifth_copy():
    # 1111m + three melds: not ready (the pair would need a fifth 1m)
    assert mahjong.waits("1111m", [("pung", "222p"), ("pung", "333p"), ("pung", "444p")]) == []
    assert mahjong.waits("2345m", [("pung", "222p"), ("pung", "333p"), ("pung", "444p")]) == [1, 4]


# --- unseen counts and discards --------------------------------------------------------------

def test_unseen_counts():
    unseen = mahjong.unseen_counts("123m456p789s1122z", visible="1m1m1z")
    assert unseen.dtype == np.int8 and unseen.shape == (34,)
    assert unseen[0] == 1 and unseen[27] == 1 and unseen[28] == 2 and unseen[33] == 4
    unseen = mahjong.unseen_counts("123m456p789s1z", melds=[("pung", "555z")])
    assert unseen[31] == 1
    with pytest.raises(mahjong.InvalidHandError, match="visible"):
        mahjong.unseen_counts("123m456p789s1122z", visible="1z1z1z")


def test_discard_analysis_golden():
    options = mahjong.discard_analysis("123456789m11p23s5z")
    assert [o.tile for o in options[:1]] == [31]
    best = options[0]
    assert (best.shanten, best.useful, best.unseen) == (0, (18, 21), 8)
    # visible tiles change the order: with 1s and 4s all gone, keeping 5z is no better
    options = mahjong.discard_analysis("123456789m11p23s5z", visible="1111s444s")
    by_tile = {o.tile: o for o in options}
    assert by_tile[31].unseen == 1
    assert options[0].unseen >= by_tile[31].unseen


def test_discard_analysis_with_melds_and_forms():
    options = mahjong.discard_analysis("23m456p789s115z", melds=[("pung", "222p")])
    assert options[0].tile == 31 and options[0].useful == (0, 3)
    options = mahjong.discard_analysis("19m19p19s1234567z5m", forms=["thirteen_orphans"])
    assert options[0].tile == 4 and options[0].shanten == 0 and len(options[0].useful) == 13


def test_discard_analysis_rejects_13_tiles():
    with pytest.raises(mahjong.InvalidHandError, match="discard"):
        mahjong.discard_analysis("123456789m1p234s")


def test_discard_analysis_against_oracle():
    rng = random.Random(9)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(4):
        counts = np.bincount(rng.sample(wall, 14), minlength=34).astype(np.uint8)
        for option in mahjong.discard_analysis(counts, forms=["regular", "seven_pairs"]):
            after = counts.copy()
            after[option.tile] -= 1
            forms = ["regular", "seven_pairs"]
            assert option.shanten == oracle.shanten(after, forms)
            assert list(option.useful) == oracle.useful_tiles(after, forms)
            assert option.unseen == sum(4 - int(counts[t]) for t in option.useful)


# --- decompositions -----------------------------------------------------------------------

def test_decompositions_regular_golden():
    ds = mahjong.decompositions("111222333m44455p")
    assert {(d.pair, d.sets) for d in ds} == {
        (13, (("chow", 0), ("chow", 0), ("chow", 0), ("pung", 12))),
        (13, (("pung", 0), ("pung", 1), ("pung", 2), ("pung", 12)))}
    assert all(d.form == "regular" for d in ds)
    assert mahjong.decompositions("123456789m1p234s") == []       # 13 tiles
    assert mahjong.decompositions("123456789m12p234s") == []      # not complete


def test_decompositions_with_melds():
    melds = [("pung", "222p"), ("chow", "789s")]
    ds = mahjong.decompositions("234m55m666p", melds=melds)
    assert [(d.form, d.pair, d.sets) for d in ds] == [
        ("regular", 4, (("chow", 1), ("pung", 14)))]
    ds = mahjong.decompositions("11123m666p", melds=melds)
    assert [(d.pair, d.sets) for d in ds] == [(0, (("chow", 0), ("pung", 14)))]
    assert mahjong.decompositions("2345m666p1z", melds=melds) == []
    assert mahjong.decompositions("2345m666p", melds=melds) == []     # 7 tiles: not complete


def test_decompositions_special_forms():
    (d,) = [d for d in mahjong.decompositions("1133557799m1133p") if d.form == "seven_pairs"]
    assert d.pairs == (0, 2, 4, 6, 8, 9, 11)
    (d,) = mahjong.decompositions("19m19p19s12345677z")
    assert d.form == "thirteen_orphans" and d.pair == 33
    (d,) = mahjong.decompositions("147m258p369s12345z")
    assert d.form == "honors_knitted" and d.pattern == 0 and len(d.knitted) == 9
    (d,) = mahjong.decompositions("147m258p369s123m11z")
    assert d.form == "knitted_straight" and d.pair == 27 and d.sets == (("chow", 0),)
    assert d.knitted == (0, 3, 6, 10, 13, 16, 20, 23, 26)
    (d,) = mahjong.decompositions("147m258p369s11z", melds=[("pung", "555z")])
    assert d.form == "knitted_straight" and d.sets == ()
    # seven pairs that is also regular: both listed
    ds = mahjong.decompositions("112233m445566p77s")
    assert sorted(d.form for d in ds) == ["regular", "seven_pairs"]
    assert [d.sets for d in ds if d.form == "regular"] == [
        (("chow", 0), ("chow", 0), ("chow", 12), ("chow", 12))]


def test_decompositions_agree_with_complete_check():
    rng = random.Random(21)
    for _ in range(500):
        counts = np.zeros(34, np.uint8)
        counts[rng.randrange(34)] += 2
        for _ in range(4):
            for t in rng.choice(oracle.SETS)[2]:
                counts[t] += 1
        if counts.max() > 4:
            continue
        ds = mahjong.decompositions(counts)
        assert mahjong.is_complete(counts)
        regular = {(d.pair, tuple((1 if k == "chow" else 2, t) for k, t in d.sets))
                   for d in ds if d.form == "regular"}
        assert regular == oracle.decompositions(counts)


# --- the `mahjong analyze` subcommand ----------------------------------------------------------

def run_cli(capsys, *argv):
    import argparse

    from mahjong.cli import analyze

    parser = argparse.ArgumentParser(prog="mahjong")
    analyze.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["analyze", *argv])
    code = args.func(args)
    return code, capsys.readouterr().out


def test_cli_text_discards(capsys):
    code, out = run_cli(capsys, "123456789m11p23s5z")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("shanten  0")
    assert "useful   1s(4) 4s(4)   [8 unseen]" in out
    first_discard = lines[lines.index("discard  shanten  unseen  useful") + 1].split()
    assert first_discard == ["5z", "0", "8", "1s", "4s"]


def test_cli_json_with_melds_and_visible(capsys):
    import json
    code, out = run_cli(capsys, "23m456p789s11z", "--meld", "pung:222p", "--visible", "1m4m",
                        "--json")
    data = json.loads(out)
    assert code == 0 and data["shanten"] == 0 and data["waits"] == ["1m", "4m"]
    assert data["useful"] == [{"tile": "1m", "unseen": 3}, {"tile": "4m", "unseen": 3}]
    assert data["shanten_by_form"]["seven_pairs"] is None
    assert data["melds"] == [{"type": "pung", "tiles": "222p"}]


def test_cli_forms_and_meld_shorthand(capsys):
    import json
    code, out = run_cli(capsys, "19m19p19s1234567z", "--forms", "thirteen_orphans,regular",
                        "--json")
    data = json.loads(out)
    assert set(data["shanten_by_form"]) == {"regular", "thirteen_orphans"}
    assert len(data["waits"]) == 13
    code, out = run_cli(capsys, "19m19p19s1234567z", "--forms", "seven_pairs", "regular",
                        "--json")  # space-separated works too
    assert set(json.loads(out)["shanten_by_form"]) == {"regular", "seven_pairs"}
    code, out = run_cli(capsys, "1p", "--meld", "123m", "--meld", "456m", "--meld", "789m",
                        "--meld", "2222s", "--json")
    assert json.loads(out)["waits"] == ["1p"]


def test_cli_errors(capsys):
    from mahjong.cli.analyze import parse_meld_arg
    with pytest.raises(mahjong.TileParseError):
        run_cli(capsys, "19m19p19s1234567x")
    with pytest.raises(mahjong.MahjongError, match="KIND:TILES"):
        parse_meld_arg("12m")


def test_counts_array_input_is_validated():
    counts = tile_counts("123m456p789s1122z")
    assert mahjong.shanten(counts.astype(np.int64)) == mahjong.shanten("123m456p789s1122z")
    bad = counts.astype(np.int16)
    bad[5] = 5
    with pytest.raises(mahjong.InvalidHandError, match=r"counts\[5\] \(6m\) is 5"):
        mahjong.shanten(bad)
    bad[5] = -1
    with pytest.raises(mahjong.InvalidHandError, match=r"counts\[5\]"):
        mahjong.useful_tiles(bad)


def test_cli_melds_after_one_flag(capsys):
    import json
    code, out = run_cli(capsys, "1p", "--melds", "123m", "456m", "789m", "--meld", "kong:2222s",
                        "--json")
    data = json.loads(out)
    assert code == 0 and data["waits"] == ["1p"] and len(data["melds"]) == 4


def test_fast_paths_agree_with_full_parser():
    # strings and id lists take a compiled fast path; everything else the full parser
    rng = random.Random(4)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(300):
        ids = rng.sample(wall, rng.choice([13, 14]))
        counts = np.bincount(ids, minlength=34).astype(np.uint8)
        text = mahjong.format_tiles(sorted(ids))
        expected = oracle.shanten(counts) if _ < 30 else mahjong.shanten(counts)
        assert mahjong.shanten(text) == mahjong.shanten(ids) == mahjong.shanten(tuple(ids)) \
            == expected
        assert mahjong.useful_tiles(text) == mahjong.useful_tiles(ids) \
            == mahjong.useful_tiles(counts)
    # errors from either path are the full parser's
    with pytest.raises(mahjong.InvalidHandError, match="fifth"):
        mahjong.shanten([0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8])
    with pytest.raises(mahjong.MahjongError):
        mahjong.shanten([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 34])
    with pytest.raises(mahjong.InvalidHandError, match="12 concealed"):
        mahjong.shanten([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
