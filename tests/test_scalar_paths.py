"""The compiled scalar entry points against the full paths they shortcut.

``mahjong.shanten`` and ``mahjong.useful_tiles`` read the common arguments (a tenhou string,
tile ids, 34 counts as a list, tuple or integer numpy array; forms None, a name, a list or
tuple of names, the same names in a new list each call included; no melds; a wildcard as a
tile id or a tenhou name, or none) in one compiled call (``_shanten.shanten_call`` /
``useful_call``); everything else takes the full path (``_prepare`` + the validated kernel
entries ``missing_one`` / ``useful_one`` / ``analyze_one``). Here both are run on the same
hands, random and four-of-a-kind-rich, for every combination of forms and every input form,
with and without melds and wildcards, and on bad input (the same exception, same message).

``mahjong.guobiao.score`` builds its result in the kernel call (``score_standard`` with the
result type); its decomposition comes from the kernel's packed reading. Both are checked
against the kernel's own ``score_one`` answer, which builds the reading in another way.
"""
import itertools
import re
import random

import numpy as np
import pytest

import gb_hand_gen as gen
import slow_oracle as oracle
import mahjong
from mahjong import analysis
from mahjong.errors import MahjongError
from mahjong.guobiao import _kernel, score, scoring
from mahjong.tiles import format_tiles
from mahjong_core import _shanten

FORMS = analysis.FORMS
WALL = [t for t in range(34) for _ in range(4)]
# every non-empty combination of the five forms, as a list (in bit order and reversed)
COMBINATIONS = [list(c) for n in range(1, 6) for c in itertools.combinations(FORMS, n)]


def _hand(rng, n):
    return np.bincount(rng.sample(WALL, n), minlength=34).astype(np.uint8)


def _quad_rich(rng, n):
    """Hands built from a few kinds with up to four copies each (fours are common)."""
    pool = [t for t in rng.sample(range(34), 5) for _ in range(4)]
    return np.bincount(rng.sample(pool, n), minlength=34).astype(np.uint8)


def _hands(seed, count):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = 13 if i % 2 == 0 else 14
        out.append(_quad_rich(rng, n) if i % 3 == 0 else _hand(rng, n))
    return out


def _ids(counts):
    return [t for t in range(34) for _ in range(int(counts[t]))]


def _full_shanten(counts, forms):
    """The full path: the validated kernel entry on uint8 counts."""
    return _shanten.missing_one(np.ascontiguousarray(counts, np.uint8), 0,
                                analysis.forms_mask(forms)) - 1


def _full_useful(counts, forms):
    _, mask = _shanten.useful_one(np.ascontiguousarray(counts, np.uint8), 0,
                                  analysis.forms_mask(forms))
    return [t for t in range(34) if mask >> t & 1]


def _tile_forms(counts):
    """The same hand in every tile form the compiled reader takes (and two it leaves to the
    full path: a generator and a numpy bool array are not read by it)."""
    ids = _ids(counts)
    rng = random.Random(int(counts.sum()) * 131 + int(counts.argmax()))
    shuffled = list(ids)
    rng.shuffle(shuffled)
    wide = np.zeros(68, np.int64)
    wide[::2] = counts
    return [
        format_tiles(ids), ids, tuple(shuffled), [int(c) for c in counts],
        tuple(int(c) for c in counts), counts, counts.astype(np.int8),
        counts.astype(np.int16), counts.astype(np.int32), counts.astype(np.int64),
        counts.astype(np.uint64), wide[::2], counts[::-1].copy()[::-1],
        (t for t in ids),                   # a generator: the full path
        " ".join(format_tiles([t]) for t in ids),  # tenhou tokens with spaces
    ]


def test_forms_combinations_and_argument_forms():
    for counts in _hands(1, 120):
        tiles = _ids(counts)
        for forms in COMBINATIONS:
            want = (_full_shanten(counts, forms), _full_useful(counts, forms))
            # each a fresh argument per call (a generator is used up by one)
            variants = [lambda: forms, lambda: tuple(forms), lambda: tuple(reversed(forms)),
                        lambda: set(forms), lambda: (f for f in forms), lambda: forms * 2]
            if len(forms) == 1:
                variants.append(lambda: forms[0])
            if len(forms) == 5:
                variants.append(lambda: None)
            for make in variants:
                got = (mahjong.shanten(tiles, forms=make()),
                       mahjong.useful_tiles(tiles, forms=make()))
                assert got == want, (tiles, forms, make())


@pytest.mark.parametrize("seed", [2, 3])
def test_every_tile_form_random_and_quad_rich(seed):
    n_fast = 0
    for counts in _hands(seed, 400):
        forms = COMBINATIONS[int(counts.sum() + counts.argmax()) % len(COMBINATIONS)]
        for f in (None, ["regular", "seven_pairs", "thirteen_orphans"], forms):
            want = _full_shanten(counts, f)
            want_useful = _full_useful(counts, f)
            for tiles in _tile_forms(counts):
                if not hasattr(tiles, "__next__"):
                    n_fast += _shanten.shanten_call(tiles, (), f, None) is not None
                else:
                    tiles = list(tiles)
                assert mahjong.shanten(tiles, forms=f) == want, (tiles, f)
                assert mahjong.useful_tiles(tiles, forms=f) == want_useful, (tiles, f)
                assert mahjong.is_complete(tiles, forms=f) == (want == -1)
    assert n_fast > 0


def test_compiled_reader_takes_the_common_forms():
    counts = _hands(4, 1)[0]
    assert counts.sum() == 13
    for tiles in _tile_forms(counts)[:13]:
        for f in (None, "regular", ["regular"], ("seven_pairs", "regular")):
            assert _shanten.shanten_call(tiles, (), f, None) is not None, (tiles, f)
            assert _shanten.useful_call(tiles, None, f, None) is not None, (tiles, f)
    ids = _ids(counts)
    # a wildcard as a tile id or a tenhou name, without melds: taken too
    for wildcard in ("1z", 27, "9s", 0, 33):
        assert _shanten.shanten_call(ids, (), None, wildcard) is not None, wildcard
        assert _shanten.useful_call(ids, None, "regular", wildcard) is not None, wildcard
    # anything else: None (the caller's full path)
    for melds, wildcard in (([("pung", "111z")], None), ([("pung", "111z")], "1z"),
                            ("", None), ((), 34), ((), -1), ((), 2 ** 70), ((), True),
                            ((), np.int64(3)), ((), "8z"), ((), "0m"), ((), "1"), ((), "中"),
                            ((), "1m "), ((), b"1z"), ((), 3.0)):
        assert _shanten.shanten_call(ids, melds, None, wildcard) is None, (melds, wildcard)
        assert _shanten.useful_call(ids, melds, None, wildcard) is None, (melds, wildcard)
    for forms in ([], (), "nine_gates", ["regular", "x"], {"regular"}, 1, [b"regular"]):
        assert _shanten.shanten_call(ids, (), forms, None) is None
    for tiles in (ids + [0, 0], ids[:12], [True] + ids[1:], ids[:-1] + [34],
                  ids[:-1] + [-1], ids[:-1] + [2 ** 70], ids[:-1] + [np.int64(3)],
                  counts.astype(np.float64), counts.astype(bool), counts.reshape(2, 17),
                  counts.astype(">i8"), bytes(ids), "123m x", counts[:33]):
        assert _shanten.shanten_call(tiles, (), None, None) is None, tiles
    over = counts.copy()
    over[0] = 5
    for tiles in (over, list(map(int, over)), over.astype(np.int64) - 6 * (over == 5)):
        assert _shanten.shanten_call(tiles, (), None, None) is None


def test_melds_and_wildcards_take_the_exact_kernel():
    rng = random.Random(5)
    for _ in range(300):
        counts = _hand(rng, 11)
        if counts[27] > 1:
            continue
        melds = [("pung", "111z")]
        locked = np.zeros(34, np.uint8)
        locked[27] = 3
        for forms in (None, ["regular"], ["regular", "knitted_straight"]):
            mask = analysis._applicable(analysis.forms_mask(forms), 1)
            missing, useful = _shanten.analyze_one(counts, 1, mask, locked, -1)
            assert mahjong.shanten(counts, melds, forms=forms) == missing - 1
            assert mahjong.useful_tiles(_ids(counts), melds, forms=forms) == [
                t for t in range(34) if useful >> t & 1]
        full = _hand(rng, 14)
        w = rng.randrange(34)
        for forms in (None, ["regular", "seven_pairs"]):
            missing, useful = _shanten.analyze_one(full, 0, analysis.forms_mask(forms), None, w)
            assert mahjong.shanten(_ids(full), forms=forms, wildcard=w) == missing - 1
            assert mahjong.useful_tiles(full, forms=forms, wildcard=w) == [
                t for t in range(34) if useful >> t & 1]


def test_against_the_slow_oracle():
    rng = random.Random(6)
    for i in range(60):
        counts = _quad_rich(rng, 13) if i % 2 else _hand(rng, 13)
        forms = ["regular", "seven_pairs", "thirteen_orphans"]
        assert mahjong.shanten(_ids(counts), forms=forms) == oracle.shanten(counts, forms)
        assert mahjong.useful_tiles(tuple(_ids(counts)), forms=forms) == oracle.useful_tiles(
            counts, forms)


@pytest.mark.parametrize("tiles, forms, error", [
    ([0] * 5 + list(range(1, 9)), None, "a fifth copy of 1m"),
    (list(range(15)), None, "15 concealed tiles"),
    (list(range(12)) + [34], None, "out of range"),
    (list(range(12)) + [-1], None, "out of range"),
    (list(range(13)), ["regular", "x"], "unknown hand form 'x'"),
    (list(range(13)), [], "forms is empty"),
    (list(range(13)), 5, "forms must be None or an iterable"),
    ([5] + [0] * 33, None, "counts[0] (1m) is 5"),
    (np.array([5] + [0] * 33), None, "counts[0] (1m) is 5"),
    (np.array([-1] + [1] * 13 + [0] * 20), None, "counts[0] (1m) is -1"),
    ("123m456p789s11z8z", None, "8z"),
])
def test_errors_are_those_of_the_full_path(tiles, forms, error):
    for fn in (mahjong.shanten, mahjong.useful_tiles):
        with pytest.raises(MahjongError, match=re.escape(error)):
            fn(tiles, forms=forms)


# --- Guobiao score --------------------------------------------------------------------

def _reading_of_score_one(one):
    sets = sorted((s["kind"], s["tile"], s["meld"], s["concealed"]) for s in one["sets"])
    return one["form"], one["pair"], one["knitted_pattern"], sets


def _reading_of_result(d):
    sets = sorted((s.kind, s.tiles[0], s.melded, s.concealed) for s in d.sets)
    pattern = None
    if d.knitted:
        pattern = next(p for p in range(6) if tuple(oracle.KNITTED_PATTERNS[p]) == d.knitted)
    return d.form, d.pair, pattern, sets


def test_score_result_and_reading_match_score_one():
    pool = gen.generate(1500, seed=77)
    rng = random.Random(8)
    for hand in pool + [gen.perturbed_hand(rng) for _ in range(300)]:
        h, win, melds, flags, seat, rnd, flowers = hand
        one = _kernel.score_one(h, win, melds, flags, seat, rnd, flowers)
        for style in ("ids", "tenhou", "reference"):
            tiles, meld_args, kw = gen.api_args(hand, style)
            if one["total"] < 0:
                with pytest.raises(MahjongError):
                    score(tiles, meld_args, **kw)
                continue
            r = score(tiles, meld_args, **kw)
            assert type(r) is scoring.ScoreResult
            assert r.total == one["total"] and r.base_total == one["total"] - flowers
            assert {f.id: f.count for f in r.fans} == {
                i: int(one["fans"][i]) for i in one["fans"].nonzero()[0]}
            assert (r.win_tile, r.seat_wind, r.round_wind, r.flowers) == (win, seat, rnd,
                                                                          flowers)
            assert r.self_drawn == bool(flags & gen.SELF_DRAWN)
            assert r.robbing_kong == bool(flags & gen.ROBBING_KONG)
            assert r.rules == "standard"
            d = r.decomposition
            assert _reading_of_result(d) == _reading_of_score_one(one), (hand, style)
            all_tiles = _ids(h) + [win]
            for kind, t in melds:
                all_tiles += [t, t + 1, t + 2] if kind == gen.CHOW else [t] * (
                    4 if kind in (gen.KONG, gen.CONCEALED_KONG) else 3)
            assert d.tiles == tuple(sorted(all_tiles))


def test_score_result_is_a_plain_frozen_dataclass():
    import dataclasses

    r = score("234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N")
    assert dataclasses.asdict(r)["total"] == 10
    # the kernel fills the slots of the fields (no __dict__), in the fields' order
    assert scoring.ScoreResult.__slots__[:10] == tuple(f.name for f in dataclasses.fields(r))
    assert not hasattr(r, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.total = 3
    assert r == dataclasses.replace(r)
    assert str(r.decomposition) == "regular: 234m 567m 345p 678s 22s"
    assert r.decomposition is r.decomposition


def test_score_result_pickles_and_copies_with_its_reading():
    import copy
    import pickle

    for decomposition_first in (False, True):
        for r in (score("234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N"),
                  score("23m456p789s11z", [("pung", "222p")], win_tile="1m"),
                  score("19m19p19s1234567z", win_tile="7z", rules="lianzhong")):
            if decomposition_first:
                str(r.decomposition)
            for twin in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
                assert type(twin) is scoring.ScoreResult and twin == r
                assert hash(twin) == hash(r)
                assert str(twin.decomposition) == str(r.decomposition)


def _counts_reader_twin(items):
    """What the compiled reader of a list of 34 counts must give: the counts when every
    item is an exact int 0..4 (no bool, no numpy int, no int subclass), else None."""
    if len(items) != 34 or any(type(x) is not int or not 0 <= x <= 4 for x in items):
        return None
    return list(items)


class _Int(int):
    pass


def test_34_count_lists_read_by_pointer_as_the_slow_twin():
    rng = random.Random(15)
    odd_items = [True, False, 5, -1, 2 ** 70, 2 ** 31, np.int64(2), 2.0, "1", None, _Int(1),
                 int("3"), 10 ** 20 - 10 ** 20 + 4]
    n_fast = 0
    for counts in _hands(6, 600):  # random and four-of-a-kind-rich hands of 13 and 14
        for spoil in (False, True):
            items = [int(c) for c in counts]
            if spoil:
                items[rng.randrange(34)] = rng.choice(odd_items)
            for seq in (items, tuple(items)):
                want = _counts_reader_twin(seq)
                got = _shanten.shanten_call(seq, (), None, None)
                if want is None or sum(want) not in (13, 14):
                    assert got is None, seq
                    continue
                n_fast += 1
                assert got == _full_shanten(np.array(want), None), seq
                assert got == mahjong.shanten(np.array(want, dtype=np.int64))
    assert n_fast > 600


def _full_wild(counts, forms, w):
    """The full path with a wildcard kind w: the validated kernel entry."""
    missing, mask = _shanten.analyze_one(np.ascontiguousarray(counts, np.uint8), 0,
                                         analysis.forms_mask(forms), None, w, True)
    return missing - 1, [t for t in range(34) if mask >> t & 1]


@pytest.mark.parametrize("seed", [5, 6])
def test_wildcard_calls_take_the_compiled_path_with_the_full_answer(seed):
    # a wildcard (an id or a tenhou name; a fifth copy and other notations go to the full
    # path) with every tile form the compiled reader takes: the full path's answer
    taken = 0
    for k, counts in enumerate(_hands(seed, 150)):
        w = int(np.argmax(counts)) if k % 3 == 0 else (k * 7) % 34
        name = format_tiles([w])
        forms = COMBINATIONS[k % len(COMBINATIONS)]
        for f in (None, forms):
            want = _full_wild(counts, f, w)
            for tiles in _tile_forms(counts)[:13]:
                for wildcard in (w, name):
                    taken += _shanten.shanten_call(tiles, (), f, wildcard) is not None
                    assert (mahjong.shanten(tiles, forms=f, wildcard=wildcard),
                            mahjong.useful_tiles(tiles, forms=f, wildcard=wildcard)) == want, \
                        (tiles, f, wildcard)
    assert taken == 150 * 2 * 13 * 2


def test_new_forms_lists_of_the_same_names_read_alike():
    # a new list each call (forms=["regular"] written in the call) is read from the names
    # kept from the last call; a list changed in place, or other names, is read again
    counts = _hands(8, 1)[0]
    ids = _ids(counts)
    for forms in COMBINATIONS + [list(reversed(c)) for c in COMBINATIONS]:
        want = _full_shanten(counts, forms)
        for _ in range(3):
            assert mahjong.shanten(ids, forms=list(forms)) == want, forms
    forms = ["regular"]
    assert mahjong.shanten(ids, forms=forms) == _full_shanten(counts, ["regular"])
    forms[0] = "seven_pairs"
    assert mahjong.shanten(ids, forms=forms) == _full_shanten(counts, ["seven_pairs"])
    forms.append("thirteen_orphans")
    assert mahjong.shanten(ids, forms=forms) == _full_shanten(counts, forms)
    with pytest.raises(MahjongError, match="nine_gates"):
        mahjong.shanten(ids, forms=["regular", "nine_gates"])


def test_the_core_calls_no_python():
    # the compiled shanten module registers no Python function and exposes no public entry
    # that would call one: mahjong.shanten and mahjong.useful_tiles are analysis's own
    for name in ("set_full_paths", "shanten", "useful_tiles", "fast_text_wild"):
        assert not hasattr(_shanten, name), name
    assert mahjong.shanten is analysis.shanten and mahjong.useful_tiles is analysis.useful_tiles
    assert analysis.shanten.__module__ == "mahjong.analysis"
