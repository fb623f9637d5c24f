"""Hypothesis properties of shanten, useful tiles, waits and discards."""
import numpy as np
from hypothesis import given, settings, strategies as st

import mahjong
from mahjong import analysis

import slow_oracle as oracle

FORM_SETS = st.one_of(
    st.none(),
    st.sets(st.sampled_from(analysis.FORMS), min_size=1).map(sorted),
)


@st.composite
def concealed(draw, n_tiles=13):
    """A multiset of n_tiles tile ids with at most 4 copies each."""
    wall = [t for t in range(34) for _ in range(4)]
    picks = draw(st.lists(st.integers(0, len(wall) - 1), min_size=n_tiles, max_size=n_tiles,
                          unique=True))
    counts = np.zeros(34, np.uint8)
    for i in picks:
        counts[wall[i]] += 1
    return counts


@settings(max_examples=300, deadline=None)
@given(concealed(), FORM_SETS, st.integers(0, 33))
def test_a_draw_lowers_shanten_by_at_most_one(counts, forms, tile):
    before = mahjong.shanten(counts, forms=forms)
    if counts[tile] == 4:
        return
    more = counts.copy()
    more[tile] += 1
    after = mahjong.shanten(more, forms=forms)
    assert after in (before, before - 1)
    # a useful tile is exactly a draw that lowers it
    assert (after == before - 1) == (tile in mahjong.useful_tiles(counts, forms=forms))


@settings(max_examples=300, deadline=None)
@given(concealed(), FORM_SETS)
def test_ready_iff_some_tile_completes(counts, forms):
    ready = mahjong.shanten(counts, forms=forms) == 0
    completing = []
    for t in range(34):
        if counts[t] < 4:
            more = counts.copy()
            more[t] += 1
            if mahjong.is_complete(more, forms=forms):
                completing.append(t)
    assert ready == bool(completing)
    assert mahjong.waits(counts, forms=forms) == (completing if ready else [])


@settings(max_examples=200, deadline=None)
@given(concealed(14), FORM_SETS)
def test_fourteen_tiles_best_discard(counts, forms):
    options = mahjong.discard_analysis(counts, forms=forms)
    shanten14 = mahjong.shanten(counts, forms=forms)
    assert len(options) == int((counts > 0).sum())
    # shanten of 14 tiles = shanten after the best discard (unless already complete)
    assert options[0].shanten == max(shanten14, 0)
    for a, b in zip(options, options[1:]):
        assert (a.shanten, -a.unseen, a.tile) < (b.shanten, -b.unseen, b.tile)
    for option in options:
        after = counts.copy()
        after[option.tile] -= 1
        assert option.shanten == mahjong.shanten(after, forms=forms)
        assert list(option.useful) == mahjong.useful_tiles(after, forms=forms)
    # useful tiles of a 14-tile hand: draws that lower the shanten after some best discard
    best = [o for o in options if o.shanten == shanten14]
    if shanten14 >= 0:
        union = sorted(set().union(*(o.useful for o in best)))
        assert mahjong.useful_tiles(counts, forms=forms) == union


@settings(max_examples=60, deadline=None)
@given(concealed(), st.sampled_from(analysis.FORMS))
def test_matches_slow_oracle(counts, form):
    assert mahjong.shanten(counts, forms=[form]) == oracle.shanten(counts, [form])
    assert mahjong.useful_tiles(counts, forms=[form]) == oracle.useful_tiles(counts, [form])


@settings(max_examples=200, deadline=None)
@given(concealed(14))
def test_complete_iff_some_decomposition(counts):
    assert mahjong.is_complete(counts) == bool(mahjong.decompositions(counts))
    for d in mahjong.decompositions(counts):
        assert mahjong.shanten(counts, forms=[d.form]) == -1
