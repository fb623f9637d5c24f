"""Discard tables (mahjong.batch.discard_table) and mahjong.discard_analysis on the compiled
discard kernel: equal to the former implementation (tests/slow_discard.py) on random,
four-of-a-kind-rich, knitted and orphan hands, for every forms combination, with visible
tiles, melds and wildcards; bad rows are named."""
import collections.abc
import itertools
import pickle
import random
import sys

import numpy as np
import pytest

import mahjong
from mahjong import analysis, batch
from mahjong.analysis import FORMS, DiscardOption
from mahjong.errors import InvalidHandError, MahjongError
from mahjong.tiles import format_tiles, tile_counts
from mahjong_core import _discard, _shanten

import slow_discard as slow
import slow_oracle as oracle

WALL = [t for t in range(34) for _ in range(4)]
ALL_FORM_SETS = [list(c) for k in range(1, 6) for c in itertools.combinations(FORMS, k)]


def random_hand(rng, size=14):
    return np.bincount(rng.sample(WALL, size), minlength=34).astype(np.uint8)


def fours_hand(rng, size=14):
    """1-3 kinds held four times, the rest random (at most four copies of a tile)."""
    counts = np.zeros(34, np.uint8)
    for t in rng.sample(range(34), rng.randint(1, min(3, size // 4)) if size >= 4 else 0):
        counts[t] = 4
    while counts.sum() < size:
        t = rng.randrange(34)
        if counts[t] < 4:
            counts[t] += 1
    return counts


def knitted_hand(rng, size=14):
    pool = list(oracle.KNITTED_PATTERNS[rng.randrange(6)]) + list(oracle.HONORS)
    counts = np.bincount(rng.sample(pool, min(12, size - 1)), minlength=34).astype(np.uint8)
    while counts.sum() < size:
        t = rng.randrange(34)
        if counts[t] < 4:
            counts[t] += 1
    return counts


def orphan_hand(rng, size=14):
    pool = list(oracle.ORPHANS) * 2 + rng.sample(WALL, 6)
    counts = np.bincount(rng.sample(pool, size), minlength=34)
    while counts.max() > 4:
        counts[int(np.argmax(counts))] -= 1
        t = rng.randrange(34)
        counts[t] += counts[t] < 4
    return counts.astype(np.uint8)


def make_hands(n, seed, size=14):
    rng = random.Random(seed)
    makers = (random_hand, fours_hand, knitted_hand, orphan_hand)
    return np.stack([makers[i % 4](rng, size) for i in range(n)])


HANDS = make_hands(400, 1)


def option_rows(options):
    return [tuple(o) for o in options]


# --- the scalar discard_analysis against the former implementation ------------------------

@pytest.mark.parametrize("forms", ALL_FORM_SETS, ids=lambda f: "+".join(x[:4] for x in f))
def test_discard_analysis_every_forms_combination(forms):
    for counts in HANDS[:80]:
        assert option_rows(mahjong.discard_analysis(counts, forms=forms)) == option_rows(
            slow.discard_analysis(counts, forms=forms))


@pytest.mark.parametrize("forms", [None, ["regular", "seven_pairs", "thirteen_orphans"]])
def test_discard_analysis_many_hands(forms):
    hands = make_hands(2000, 2)
    for counts in hands:
        expected = option_rows(slow.discard_analysis(counts, forms=forms))
        assert option_rows(mahjong.discard_analysis(counts, forms=forms)) == expected
        # every input form of the fast path gives the same options
        ids = [t for t in range(34) for _ in range(counts[t])]
        assert option_rows(mahjong.discard_analysis(ids, forms=forms)) == expected
        assert option_rows(mahjong.discard_analysis(counts.tolist(), forms=forms)) == expected
    text = format_tiles([t for t in range(34) for _ in range(hands[0][t])])
    assert option_rows(mahjong.discard_analysis(text, forms=forms)) == option_rows(
        slow.discard_analysis(hands[0], forms=forms))


def test_discard_analysis_every_argument_form_of_the_c_path():
    # the one-call path (hand text, ids or 34 counts; forms None, a name, a list or tuple
    # of names, equal strings that are not the interned ones) and the arguments it hands to
    # the full path (numpy counts or integers, a set or an iterator of forms, melds=[])
    # give the same options
    rng = random.Random(12)
    forms_forms = [None, "regular", ["regular", "seven_pairs"],
                   ("regular", "seven_pairs", "thirteen_orphans"),
                   ["".join(["regu", "lar"]), "".join(["seven", "_pairs"])],
                   {"regular", "seven_pairs"}]
    for counts in make_hands(120, 13):
        ids = [t for t in range(34) for _ in range(counts[t])]
        rng.shuffle(ids)
        hands = (ids, tuple(ids), counts.tolist(), tuple(counts.tolist()), counts,
                 [np.int64(x) for x in counts], format_tiles(sorted(ids)))
        for forms in forms_forms:
            names = forms if forms is None or isinstance(forms, str) else sorted(forms)
            expected = option_rows(slow.discard_analysis(counts, forms=names))
            for hand in hands:
                assert option_rows(mahjong.discard_analysis(hand, forms=forms)) == expected
            assert option_rows(mahjong.discard_analysis(ids, [], forms)) == expected
        expected = option_rows(slow.discard_analysis(counts, forms=["regular"]))
        assert option_rows(mahjong.discard_analysis(ids, forms=iter(["regular"]))) == expected


def test_counts_lists_with_other_int_objects_read_as_before():
    # a 34-count list is read by the addresses of the small ints 0..4; an item that is
    # another object (a numpy int, an int subclass) at any position is read the slow way,
    # and the answers are those of the full path
    import enum

    class Count(enum.IntEnum):
        ONE = 1
        TWO = 2

    rng = random.Random(5)
    for counts in make_hands(60, 21):
        expected = option_rows(slow.discard_analysis(counts))
        expected_shanten = int(mahjong.shanten(counts))
        for _ in range(3):
            items = counts.tolist()
            held = [t for t in range(34) if items[t]]
            for t in rng.sample(held, rng.randint(1, 3)):
                items[t] = (np.int64(items[t]) if rng.random() < 0.5 or items[t] > 2
                            else Count(items[t]))
            assert option_rows(mahjong.discard_analysis(items)) == expected
            assert mahjong.shanten(items) == expected_shanten
            assert mahjong.shanten(tuple(items)) == expected_shanten


def test_visible_ids_beyond_fourteen_tiles():
    # visible tiles given as a long list of ids (the fast reader takes up to 136; a list
    # of 34 items is a counts array)
    rng = random.Random(8)
    for counts in make_hands(60, 22):
        rest = [t for t in range(34) for _ in range(4 - counts[t])]
        visible = rng.sample(rest, rng.choice([n for n in range(15, 61) if n != 34]))
        expected = option_rows(slow.discard_analysis(counts, visible=visible))
        assert option_rows(mahjong.discard_analysis(counts.tolist(), visible=visible)) \
            == expected
        assert option_rows(mahjong.discard_analysis(counts.tolist(), visible=tuple(visible))) \
            == expected


def test_discard_analysis_rejects_bad_counts_lists_as_before():
    good = make_hands(1, 14)[0].tolist()
    for bad in ([5] + good[1:], [-1] + good[1:], [True] + good[1:], [1.0] + good[1:],
                [2 ** 70] + good[1:], good[:-1] + [None]):
        with pytest.raises(MahjongError) as new:
            mahjong.discard_analysis(bad)
        with pytest.raises(MahjongError) as old:
            slow.discard_analysis(bad)
        assert type(new.value) is type(old.value) and str(new.value) == str(old.value)


def test_hand_is_the_argument_and_tiles_the_old_name():
    text = "123456789m11p23s5z"
    expected = option_rows(mahjong.discard_analysis(text))
    assert option_rows(mahjong.discard_analysis(hand=text)) == expected
    with pytest.warns(DeprecationWarning, match="'tiles' is now called 'hand'"):
        assert option_rows(mahjong.discard_analysis(tiles=text)) == expected
    with pytest.warns(DeprecationWarning):
        assert option_rows(mahjong.discard_analysis(tiles=text, wildcard="5z")) == option_rows(
            mahjong.discard_analysis(text, wildcard="5z"))
    with pytest.raises(MahjongError, match="not both"):
        mahjong.discard_analysis(text, tiles=text)
    unseen = mahjong.unseen_counts(text, visible="1m")
    assert (mahjong.unseen_counts(hand=text, visible="1m") == unseen).all()
    with pytest.warns(DeprecationWarning, match="unseen_counts"):
        assert (mahjong.unseen_counts(tiles=text, visible="1m") == unseen).all()
    with pytest.raises(MahjongError, match="not both"):
        mahjong.unseen_counts(text, tiles=text)
    import inspect
    for fn in (mahjong.discard_analysis, mahjong.unseen_counts):
        params = inspect.signature(fn).parameters
        assert list(params)[0] == "hand" and params["tiles"].kind is inspect.Parameter.KEYWORD_ONLY
    assert mahjong.discard_analysis.__doc__.startswith("Every distinct discard")


def test_discard_analysis_with_visible_tiles():
    rng = random.Random(3)
    for counts in make_hands(300, 3):
        left = [t for t in range(34) for _ in range(4 - counts[t])]
        seen = rng.sample(left, rng.choice([0, 1, 5, 12, 20, 33, 40]))  # 34 ids = counts
        visible = np.bincount(seen, minlength=34)
        expected = option_rows(slow.discard_analysis(counts, visible=visible))
        assert option_rows(mahjong.discard_analysis(counts, visible=visible)) == expected
        text = format_tiles(sorted(seen)) if seen else ""
        hand_text = format_tiles([t for t in range(34) for _ in range(counts[t])])
        assert option_rows(mahjong.discard_analysis(hand_text, visible=seen)) == expected
        if seen:
            assert option_rows(mahjong.discard_analysis(hand_text, visible=text)) == expected


def test_discard_analysis_with_melds():
    rng = random.Random(4)
    checked = 0
    while checked < 300:
        n_melds = rng.randint(1, 4)
        pool = list(WALL)
        rng.shuffle(pool)
        melds = []
        for _ in range(n_melds):
            kind = rng.choice(["pung", "chow", "kong"])
            t = rng.choice(pool)
            if kind == "chow":
                if t >= 27 or t % 9 > 6:
                    continue
                tiles = [t, t + 1, t + 2]
            else:
                tiles = [t] * (4 if kind == "kong" else 3)
            if any(pool.count(x) < tiles.count(x) for x in set(tiles)):
                continue
            for x in tiles:
                pool.remove(x)
            melds.append((kind, format_tiles(tiles)))
        hand = pool[:14 - 3 * len(melds)]
        forms = rng.choice([None, ["regular"], ["regular", "knitted_straight"]])
        if len(melds) > 1 and forms == ["knitted_straight"]:
            continue
        assert option_rows(mahjong.discard_analysis(hand, melds, forms=forms)) == option_rows(
            slow.discard_analysis(hand, melds, forms=forms)), (hand, melds, forms)
        checked += 1


def test_discard_analysis_with_wildcards():
    rng = random.Random(5)
    for counts in make_hands(200, 5):
        w = rng.choice([int(t) for t in np.flatnonzero(counts)] + [rng.randrange(34)])
        forms = rng.choice([None, ["regular"], ["regular", "seven_pairs"]])
        expected = option_rows(slow.discard_analysis(counts, forms=forms, wildcard=w))
        assert option_rows(mahjong.discard_analysis(counts, forms=forms, wildcard=w)) \
            == expected
        ids = [t for t in range(34) for _ in range(counts[t])]
        assert option_rows(mahjong.discard_analysis(ids, forms=forms, wildcard=w)) == expected


def test_discard_options_are_discard_options():
    options = mahjong.discard_analysis("123456789m11p23s5z")
    best = options[0]
    assert type(best) is DiscardOption and isinstance(best, collections.abc.Sequence)
    assert best == DiscardOption(31, 0, (18, 21), 8) and best.useful == (18, 21)
    assert repr(best) == "DiscardOption(tile=31, shanten=0, useful=(18, 21), unseen=8)"
    assert best._replace(unseen=1).unseen == 1
    assert hash(best) == hash(DiscardOption(31, 0, (18, 21), 8))


def test_discard_options_read_like_the_named_tuple():
    # the fields of the former NamedTuple, by name, index, unpacking and as a tuple
    best = mahjong.discard_analysis("123456789m11p23s5z")[0]
    as_tuple = (31, 0, (18, 21), 8)
    assert DiscardOption._fields == ("tile", "shanten", "useful", "unseen")
    assert tuple(best) == as_tuple and list(best) == list(as_tuple) and len(best) == 4
    tile, shanten, useful, unseen = best
    assert (tile, shanten, useful, unseen) == as_tuple
    assert [best[i] for i in range(-4, 4)] == list(as_tuple) * 2 and best[1:3] == (0, (18, 21))
    assert best == as_tuple and as_tuple == best and not best != as_tuple
    assert hash(best) == hash(as_tuple) and {best: 1}[as_tuple] == 1
    assert best._asdict() == {"tile": 31, "shanten": 0, "useful": (18, 21), "unseen": 8}
    assert best._replace(tile=5, useful=[1]) == (5, 0, (1,), 8)
    with pytest.raises(ValueError):
        best._replace(nope=1)
    with pytest.raises(IndexError):
        best[4]
    assert 31 in best and (18, 21) in best and 99 not in best
    assert best.index(8) == 3 and best.count(0) == 1
    assert pickle.loads(pickle.dumps(best)) == best
    assert DiscardOption(tile=1, shanten=2, useful=(3, 4), unseen=5) == (1, 2, (3, 4), 5)
    assert best != (31, 0, (18, 21), 9) and best != "x" and best != [31, 0, (18, 21), 8]
    with pytest.raises(AttributeError):
        best.tile = 3
    assert DiscardOption.__match_args__ == DiscardOption._fields
    if sys.version_info >= (3, 10):     # a class pattern (3.10's syntax: compiled there only)
        scope = {"best": best, "DiscardOption": DiscardOption}
        exec("match best:\n"
             "    case DiscardOption(tile, shanten, useful, unseen):\n"
             "        got = (tile, unseen)\n", scope)
        assert scope["got"] == (31, 8)
    # options order as the tuples do, and the list is best first
    options = mahjong.discard_analysis("123456789m11p23s5z")
    assert sorted(options) == sorted(tuple(o) for o in options)
    assert [tuple(o) for o in options] == sorted(
        (tuple(o) for o in options), key=lambda o: (o[1], -o[3], o[0]))
    assert min(options) == min(tuple(o) for o in options) and options[0] < (32,) < options[0]._replace(tile=33)


def test_options_made_from_dropped_ones_hold_their_own_values():
    # discard_analysis makes its options from dropped ones (_discard's free list): whatever
    # those held (a useful tuple read, another hand's fields, options of the constructor),
    # the new options read as the full path's, and options still held keep theirs
    hands = make_hands(300, 31)
    held = []
    for i, counts in enumerate(hands):
        expected = option_rows(slow.discard_analysis(counts))
        options = mahjong.discard_analysis(counts.tolist())
        assert option_rows(options) == expected
        if i % 3 == 0:
            assert [o.useful for o in options] == [row[2] for row in expected]
        if i % 5 == 0:
            held.append((options, expected))
        if i % 7 == 0:
            made = [DiscardOption(t, 1, [t, 33], 2) for t in range(20)]
            assert made[3] == (3, 1, (3, 33), 2)
            del made
    for options, expected in held:
        assert option_rows(options) == expected
    # more options dropped at once than are kept (the others are freed)
    many = [mahjong.discard_analysis(c) for c in hands[:100]]
    del many
    for counts in hands[:50]:
        assert option_rows(mahjong.discard_analysis(counts)) == option_rows(
            slow.discard_analysis(counts))
    # a dropped option releases its useful tuple
    useful = tuple(range(5, 9))
    before = sys.getrefcount(useful)
    option = DiscardOption(1, 2, useful, 3)
    with_option = sys.getrefcount(useful)      # (no assertion temporaries hold it)
    assert with_option == before + 1
    del option
    after = sys.getrefcount(useful)
    assert after == before


def test_every_call_shape_of_discard_analysis():
    # discard_analysis's own vectorcall entry takes (hand), (hand, melds), (hand, melds,
    # forms) and (hand, forms=...); every other shape goes on to Cython's entry: all give
    # the same options, and the same errors
    import functools
    counts = make_hands(1, 51)[0]
    hand = counts.tolist()
    forms = ["regular", "seven_pairs"]
    every = option_rows(slow.discard_analysis(counts))
    some = option_rows(slow.discard_analysis(counts, forms=forms))
    da = mahjong.discard_analysis
    assert option_rows(da(hand)) == every
    assert option_rows(da(hand, [])) == every and option_rows(da(hand, ())) == every
    assert option_rows(da(hand, (), forms)) == some
    assert option_rows(da(hand, forms=forms)) == some
    assert option_rows(da(hand, (), forms=forms)) == some
    assert option_rows(da(hand=hand, forms=forms)) == some
    assert option_rows(da(forms=forms, hand=hand)) == some
    assert option_rows(da(*[hand], **{"forms": forms})) == some
    assert option_rows(da(hand, **{"".join(["fo", "rms"]): forms})) == some
    assert option_rows(functools.partial(da, forms=forms)(hand)) == some
    assert option_rows(da(hand, (), forms, None)) == some
    assert option_rows(da(hand, (), forms, None, None)) == some
    assert option_rows(da(hand, visible=None)) == every
    for args, kwargs in [((hand, (), forms, None, None, None), {}), ((hand,), {"nope": 1}),
                         ((hand, ()), {"melds": ()})]:
        with pytest.raises(TypeError):
            da(*args, **kwargs)
    for args, kwargs in [(("12345x",), {}), (("12345x",), {"forms": forms}),
                         (("12345x", [], forms), {}), ((hand,), {"forms": ["nope"]})]:
        with pytest.raises(MahjongError) as new:
            da(*args, **kwargs)
        with pytest.raises(MahjongError) as old:
            slow.discard_analysis(*args, **kwargs)
        assert type(new.value) is type(old.value) and str(new.value) == str(old.value)
    with pytest.raises(MahjongError, match="no concealed tiles given"):
        da(forms=forms)


def test_the_forms_cache_stays_whole_when_dropping_its_old_list_runs_code():
    # forms_bits keeps the last list read; replacing it drops that list, whose items (it
    # was changed in place since) may run code that reads forms again: the cache is set
    # whole before that, so each list keeps its own forms
    import gc
    hand = "19m19p19s1234567z"      # thirteen orphans: ready; the regular form: far off
    orphans = ["thirteen_orphans"]
    ran = []

    class Nested:
        def __del__(self):
            ran.append(mahjong.shanten(hand, forms=orphans))

    def keep_a_changed_list():
        first = ["regular"]
        mahjong.shanten(hand, forms=first)
        first[:] = [Nested()]           # now only the cache refers to it

    keep_a_changed_list()
    gc.collect()
    mahjong.shanten(hand, forms=("seven_pairs",))  # other names: the kept list is dropped
    regular = mahjong.shanten(hand, forms=("regular",))
    assert mahjong.shanten(hand, forms=["regular"]) == regular
    assert ran == [0]
    assert mahjong.shanten(hand, forms=orphans) == 0 != regular


def test_a_forms_list_changed_between_calls_is_read_again():
    # the forms reader keeps the last list or tuple it read: the same list changed in place
    # (an item added, replaced by another name, by a bad one, emptied) reads afresh, in
    # discard_analysis and in shanten, which share it
    counts = make_hands(1, 41)[0]
    hand = counts.tolist()
    forms = ["regular"]
    steps = [lambda: None, lambda: forms.append("seven_pairs"),
             lambda: forms.__setitem__(0, "thirteen_orphans"),
             lambda: forms.__setitem__(0, "".join(["seven", "_pairs"])),
             lambda: forms.__setitem__(slice(None), ["nope"]),
             lambda: forms.__setitem__(slice(None), []),
             lambda: forms.__setitem__(slice(None), FORMS)]
    for step in steps:
        step()
        for _ in range(2):
            try:
                expected = option_rows(slow.discard_analysis(counts, forms=list(forms)))
            except MahjongError as error:
                with pytest.raises(MahjongError) as new:
                    mahjong.discard_analysis(hand, forms=forms)
                assert type(new.value) is type(error) and str(new.value) == str(error)
                with pytest.raises(MahjongError):
                    mahjong.shanten(hand, forms=forms)
                continue
            assert option_rows(mahjong.discard_analysis(hand, forms=forms)) == expected
            assert mahjong.shanten(hand, forms=forms) == min(row[1] for row in expected)
            as_tuple = tuple(forms)
            assert option_rows(mahjong.discard_analysis(hand, forms=as_tuple)) == expected
    # other forms objects in turn (each read replaces the one kept)
    kinds = [("regular",), None, ("seven_pairs", "regular"), "thirteen_orphans", ["regular"]]
    for forms in kinds * 3:
        names = forms if forms is None or isinstance(forms, str) else list(forms)
        assert option_rows(mahjong.discard_analysis(hand, forms=forms)) == option_rows(
            slow.discard_analysis(counts, forms=names))


def test_discard_analysis_errors_as_before():
    for args, kwargs in [(("123456789m1p234s",), {}),              # 13 tiles
                         (("123456789m11p23s5z",), {"forms": ["nope"]}),
                         (("123456789m11p23s5z",), {"forms": []}),
                         (("123456789m11p23s5z",), {"visible": "1111p"}),
                         (("123456789m11p23s5z",), {"wildcard": "9z"}),
                         (("12345x",), {}),
                         (("1111m" * 1 + "1m23456789p11s",), {}),
                         ((list(range(14)) + [99],), {}),
                         (("23m456p789s115z",), {"melds": [("pung", "222p")],
                                                 "forms": ["seven_pairs"]})]:
        with pytest.raises(MahjongError) as new:
            mahjong.discard_analysis(*args, **kwargs)
        with pytest.raises(MahjongError) as old:
            slow.discard_analysis(*args, **kwargs)
        assert type(new.value) is type(old.value) and str(new.value) == str(old.value)


def _assert_masks_match(counts, n_melds, bits, mask):
    # every discard's shanten and useful-tile mask, from the kernel given the forms `bits`,
    # equal those of the 13 - 3m tile hand left under the forms that apply (`mask`)
    shanten, masks = _discard.discard_masks(counts, n_melds, bits)
    for t in range(34):
        if not counts[t]:
            assert shanten[t] == -1 and masks[t] == 0
            continue
        after = counts.copy()
        after[t] -= 1
        missing, useful = _shanten.useful_one(after, n_melds, mask)
        assert (shanten[t], int(masks[t])) == (missing - 1, useful), (bits, t)


def test_masks_equal_the_useful_tile_kernel():
    # the kernel's useful tiles of each discard are those of the 13-tile hand left
    for n_melds, size in ((0, 14), (1, 11), (2, 8), (4, 2)):
        for counts in make_hands(150, 6 + n_melds, size):
            for forms in ALL_FORM_SETS[::3] + [["regular"]]:
                mask = analysis._applicable(analysis.forms_mask(forms), n_melds)
                if mask:
                    _assert_masks_match(counts, n_melds, mask, mask)


@pytest.mark.parametrize("n_melds", range(5))
def test_masks_every_forms_subset_and_meld_count(n_melds):
    # the kernel is compiled once per combination of the forms that apply (regular, seven
    # pairs, thirteen orphans, the knitted forms) and per group: every subset of the five
    # forms (and the bits of forms that do not apply with n_melds) on every meld count
    size = 14 - 3 * n_melds
    hands = make_hands(100, 20 + n_melds, size)
    for bits in range(1, 32):
        mask = analysis._applicable(bits, n_melds)
        if not mask:
            continue
        for counts in hands:
            _assert_masks_match(counts, n_melds, bits, mask)


# --- the batch discard_table -----------------------------------------------------------------

def expected_table(rows, n_melds=0, forms=None, visible=None, wildcard=None, locked=None):
    sh = np.empty((len(rows), 34), np.int8)
    un = np.empty((len(rows), 34), np.int16)
    for i, counts in enumerate(rows):
        vis = None if visible is None else (visible if visible.ndim == 1 else visible[i])
        wild = None if wildcard is None else (
            wildcard if np.ndim(wildcard) == 0 else (None if wildcard[i] < 0 else wildcard[i]))
        melds = n_melds if np.ndim(n_melds) == 0 else int(n_melds[i])
        sh[i], un[i] = slow.discard_table(counts, melds, forms, vis, wild,
                                          None if locked is None else locked[i])
    return sh, un


@pytest.mark.parametrize("forms", ALL_FORM_SETS, ids=lambda f: "+".join(x[:4] for x in f))
def test_table_every_forms_combination(forms):
    sh, un = batch.discard_table(HANDS[:60], forms=forms)
    esh, eun = expected_table(HANDS[:60], forms=forms)
    assert (sh == esh).all() and (un == eun).all()


def test_table_many_hands_and_threads(monkeypatch):
    hands = make_hands(1500, 7)
    esh, eun = expected_table(hands)
    sh, un = batch.discard_table(hands)
    assert sh.dtype == np.int8 and un.dtype == np.int16 and sh.shape == un.shape == (1500, 34)
    assert (sh == esh).all() and (un == eun).all()
    monkeypatch.setattr(batch, "ROWS_PER_THREAD", 1)    # make two threads really run
    sh2, un2 = batch.discard_table(hands, threads=2)
    assert (sh2 == esh).all() and (un2 == eun).all()
    # the best discard of each row is discard_analysis's first option
    for i in range(0, 1500, 50):
        best = mahjong.discard_analysis(hands[i])[0]
        held = np.flatnonzero(hands[i])
        key = [(int(sh[i, t]), -int(un[i, t]), int(t)) for t in held]
        assert min(key)[2] == best.tile and (best.shanten, best.unseen) == (
            int(sh[i, best.tile]), int(un[i, best.tile]))


def test_table_visible_one_row_and_per_row():
    rng = random.Random(8)
    hands = make_hands(200, 8)
    per_row = np.zeros((200, 34), np.uint8)
    for i, counts in enumerate(hands):
        left = [t for t in range(34) for _ in range(4 - counts[t])]
        per_row[i] = np.bincount(rng.sample(left, rng.randrange(40)), minlength=34)
    esh, eun = expected_table(hands, visible=per_row)
    sh, un = batch.discard_table(hands, visible=per_row)
    assert (sh == esh).all() and (un == eun).all()
    common = np.zeros(34, np.int64)
    common[[27, 28, 33]] = 1         # one copy of E, S and red seen by every row
    ok = (hands[:, [27, 28, 33]] <= 3).all(axis=1)
    esh, eun = expected_table(hands[ok], visible=common)
    sh, un = batch.discard_table(hands[ok], visible=common)
    assert (sh == esh).all() and (un == eun).all()
    assert (batch.discard_table(hands, visible=np.zeros(34, int))[1]
            == batch.discard_table(hands)[1]).all()


def test_table_melds_inferred_and_given():
    for size, n_melds in ((11, 1), (8, 2), (5, 3), (2, 4)):
        hands = make_hands(120, 10 + size, size)
        for forms in (None, ["regular"], ["knitted_straight"] if n_melds == 1 else None):
            esh, eun = expected_table(hands, n_melds, forms)
            for given in (None, n_melds, np.full(120, n_melds)):
                sh, un = batch.discard_table(hands, n_melds=given, forms=forms)
                assert (sh == esh).all() and (un == eun).all()


def test_table_wildcards_and_locked():
    rng = random.Random(11)
    hands = make_hands(150, 11)
    wild = np.array([rng.choice([-1, rng.randrange(34)]) for _ in range(150)], np.int8)
    esh, eun = expected_table(hands, wildcard=wild)
    sh, un = batch.discard_table(hands, wildcard=wild)
    assert (sh == esh).all() and (un == eun).all()
    sh, un = batch.discard_table(hands, wildcard=5)
    esh, eun = expected_table(hands, wildcard=5)
    assert (sh == esh).all() and (un == eun).all()
    # 11 concealed tiles and one pung locked
    rows, locked = [], []
    while len(rows) < 100:
        pool = list(WALL)
        rng.shuffle(pool)
        t = pool[0]
        if pool.count(t) < 3:
            continue
        for _ in range(3):
            pool.remove(t)
        lk = np.zeros(34, np.uint8)
        lk[t] = 3
        rows.append(np.bincount(pool[:11], minlength=34).astype(np.uint8))
        locked.append(lk)
    rows, locked = np.stack(rows), np.stack(locked)
    esh, eun = expected_table(rows, 1, locked=locked)
    sh, un = batch.discard_table(rows, locked=locked)
    assert (sh == esh).all() and (un == eun).all()
    for i in range(0, 100, 10):       # the same as discard_analysis with the meld
        t = int(np.flatnonzero(locked[i])[0])
        options = mahjong.discard_analysis(rows[i], melds=[("pung", format_tiles([t] * 3))])
        for o in options:
            assert (o.shanten, o.unseen) == (sh[i, o.tile], un[i, o.tile])


def test_table_non_contiguous_other_dtypes_and_empty():
    hands = make_hands(100, 12)
    esh, eun = expected_table(hands)
    wide = np.zeros((100, 40), np.int64)
    wide[:, 3:37] = hands
    sh, un = batch.discard_table(wide[:, 3:37])
    assert (sh == esh).all() and (un == eun).all()
    sh, un = batch.discard_table(np.repeat(hands, 2, axis=0)[::2])
    assert (sh == esh).all() and (un == eun).all()
    sh, un = batch.discard_table(np.zeros((0, 34), np.uint8))
    assert sh.shape == un.shape == (0, 34)


def test_table_bad_rows_are_named():
    good = tile_counts("123456789m11p23s5z").astype(np.uint8)
    rows = np.stack([good, good, good])
    bad = rows.copy()
    bad[1, 0] = 5
    with pytest.raises(InvalidHandError, match="row 1 has a tile count outside 0..4"):
        batch.discard_table(bad.astype(np.int64))
    with pytest.raises(InvalidHandError, match="row 1 has a tile count above 4"):
        batch.discard_table(bad)
    bad = rows.copy()
    bad[2, 31] = 0                   # 13 tiles: no discard to make
    with pytest.raises(InvalidHandError, match=r"row 2 has a tile count that is not 14 - 3m"
                                               r".*1 bad row\(s\)"):
        batch.discard_table(bad)
    with pytest.raises(InvalidHandError, match="row 0 has a tile count that is not 14 - 3m"):
        batch.discard_table(rows, n_melds=1)
    with pytest.raises(InvalidHandError, match="n_melds row 0 is 5"):
        batch.discard_table(rows, n_melds=5)
    eleven = np.stack([tile_counts("2345678m11p23s").astype(np.uint8)])
    with pytest.raises(InvalidHandError, match="none of the chosen forms"):
        batch.discard_table(eleven, forms=["seven_pairs"])
    visible = np.zeros((3, 34), np.uint8)
    visible[2, 9] = 3                # 11p held twice + 3 seen
    with pytest.raises(InvalidHandError, match="row 2 has more than four copies of a tile "
                                               "across hand, locked and visible"):
        batch.discard_table(rows, visible=visible)
    locked = np.zeros((3, 34), np.uint8)
    locked[0, 0] = 4
    with pytest.raises(InvalidHandError, match="row 0 has more than four copies of a tile "
                                               "across hand and locked"):
        batch.discard_table(rows, locked=locked)
    with pytest.raises(InvalidHandError, match=r"visible must have shape \(34,\) or \(3, 34\)"):
        batch.discard_table(rows, visible=np.zeros((2, 34), np.uint8))
    with pytest.raises(InvalidHandError, match="visible must be integers"):
        batch.discard_table(rows, visible=np.zeros(34, float))
    with pytest.raises(InvalidHandError, match="visible row 0 has a count outside 0..4"):
        batch.discard_table(rows, visible=np.full(34, 5))
    with pytest.raises(InvalidHandError, match=r"counts must have shape \(N, 34\)"):
        batch.discard_table(good[:33])
    with pytest.raises(MahjongError, match="unknown hand form"):
        batch.discard_table(rows, forms=["regular", "nope"])
    with pytest.raises(MahjongError, match="threads must be an integer"):
        batch.discard_table(rows, threads=0)
    with pytest.raises(MahjongError, match="wildcard must be a tile id"):
        batch.discard_table(rows, wildcard=40)
