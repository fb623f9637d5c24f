"""The compiled record helpers (mahjong_core._holdings) against the full Python parser and
plain counting."""
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from mahjong.errors import MahjongError
from mahjong.hand import Meld
from mahjong.tiles import parse_tiles
from mahjong_core import _holdings


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.text("123456789", min_size=1, max_size=20),
                          st.sampled_from("mpsz")), max_size=6))
def test_compiled_tile_parser_equals_full_parser(groups):
    text = "".join(digits + suit for digits, suit in groups)
    fast = _holdings.sorted_tile_ids(text)
    try:
        full = tuple(sorted(parse_tiles(text)))
    except MahjongError:
        assert fast is None  # only the full parser reports errors (8z, 9z)
        return
    assert fast == full


@pytest.mark.parametrize("text", ["0m", "5mr", "1m 2m", "W1", "m", "12", "一万", "1m2"])
def test_compiled_tile_parser_declines_other_notations(text):
    assert _holdings.sorted_tile_ids(text) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=34, max_size=43))
def test_ids_of_counts_lists_the_counted_tiles_and_zeroes_the_counters(counts):
    """The text reader's hand counters: the sorted ids counted in the first 34, which are
    zeroed; the counters after them are left as they are."""
    buffer = bytearray(counts)
    assert _holdings.ids_of_counts(buffer) == tuple(t for t in range(34)
                                                     for _ in range(counts[t]))
    assert buffer == bytearray(34) + bytearray(counts[34:])


def test_ids_of_counts_needs_34_counters():
    with pytest.raises(ValueError, match="34"):
        _holdings.ids_of_counts(bytearray(33))


class _Holding:
    def __init__(self, hand, melds):
        self.hand, self.melds = hand, melds


def _tiles(holding):
    """The tile ids of a holding's melds (the plain tuple the core reads)."""
    return tuple(t for m in holding.melds for t in m.tiles)


def test_the_core_reads_no_attribute_of_a_holding():
    # plain tuples of tile ids only: a meld object (which the core used to read .tiles of)
    # is refused as any other non-integer
    with pytest.raises(TypeError):
        _holdings.most_copies((1, 2), (Meld("pung", [3, 3, 3]),))
    with pytest.raises(TypeError):
        _holdings.most_held_of([(1, 2)], [(Meld("pung", [3, 3, 3]),)], [], [], [])
    assert not hasattr(_holdings, "most_held")


def test_most_held_counts_holdings_quads_extras_and_shared_tiles():
    rng = random.Random(5)
    for _ in range(2000):
        holdings = []
        total = Counter()
        for _ in range(rng.randrange(4)):
            hand = tuple(sorted(rng.randrange(34) for _ in range(rng.randrange(14))))
            t = rng.randrange(34)
            melds = (Meld("pung", [t] * 3),) if rng.random() < 0.5 else ()
            holdings.append(_Holding(hand, melds))
            total.update(hand)
            total.update(t for m in melds for t in m.tiles)
        quads = [rng.randrange(34) for _ in range(rng.randrange(3))]
        extra = [rng.randrange(34) for _ in range(rng.randrange(3))]
        shared = [rng.randrange(34) for _ in range(rng.randrange(2))]
        for t in quads:
            total[t] += 4
        total.update(extra)
        total.subtract(shared)
        best = max(range(34), key=lambda t: (total[t], -t))
        assert _holdings.most_held_of([h.hand for h in holdings], [_tiles(h) for h in holdings],
                                      quads, shared, extra) == (total[best], best)
        if holdings:
            h = holdings[0]
            c = Counter(h.hand) + Counter(t for m in h.melds for t in m.tiles)
            best = max(range(34), key=lambda t: (c[t], -t))
            assert _holdings.most_copies(h.hand, _tiles(h)) == (c[best], best)


def test_most_held_refuses_ids_outside_the_tile_set():
    with pytest.raises(IndexError):
        _holdings.most_copies((34,), ())
