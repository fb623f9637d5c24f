"""Discard-table cases for benchmarks/compare_libraries.py: every discard of a 14-tile hand
with its shanten (and, for us, the unseen copies of the useful tiles after it).

Rows: our batch ``mahjong.batch.discard_table`` over all N hands in one call, and one call
per hand of our ``mahjong.discard_analysis``, each beside xiangting's
``calculate_unnecessary_tiles`` and jansou's ``ShantenKernel.probe_shantens(counts, 0, -1)``
called once per hand (neither has a batch API). All use the riichi forms (regular, seven
pairs, thirteen orphans), the forms the others know. The others give less per call:
xiangting the discards that keep the shanten, jansou the shanten after each discard; ours
adds the useful tiles after each discard and their unseen copies (and, per call, the sorted
list of options). Libraries that are not installed are left out of the rows.
"""
from __future__ import annotations

RIICHI_FORMS = ("regular", "seven_pairs", "thirteen_orphans")


def _xiangting(lists):
    try:
        import xiangting
    except ImportError:
        return None
    fn, four = xiangting.calculate_unnecessary_tiles, xiangting.PlayerCount.FOUR

    def run():
        for hand in lists:
            fn(hand, four)
    return run


def _jansou(lists):
    try:
        from jansou.analysis._native import build
        kernel, _ = build()
    except Exception:            # not installed, or its native part did not build
        return None
    probe = kernel.probe_shantens

    def run():
        for hand in lists:
            probe(hand, 0, -1)
    return run


def cases(hands13, hands14):
    import numpy as np

    import mahjong
    from mahjong import batch

    del hands13
    counts = np.ascontiguousarray(hands14, np.uint8)
    lists = [row.tolist() for row in counts]     # 34 counts per hand, what the others take
    discard_analysis = mahjong.discard_analysis

    def ours_batch():
        batch.discard_table(counts, forms=RIICHI_FORMS)

    def ours_scalar():
        for hand in lists:
            discard_analysis(hand, forms=RIICHI_FORMS)

    others = {}
    for name, make in (("xiangting", _xiangting), ("jansou", _jansou)):
        fn = make(lists)
        if fn is not None:
            others[name] = fn
    return [
        ("discard table, 14 tiles (ours: one batch call)", {"mahjong-core": ours_batch, **others}),
        ("discard table, 14 tiles (ours: discard_analysis per hand)",
         {"mahjong-core": ours_scalar, **others}),
    ]
