"""Shared hand generators for the benchmarks (random walls, as described in the README's
"Performance" section)."""
import numpy as np

from mahjong.tiles import REFERENCE_NAMES


def random_hands(n, n_tiles=13, seed=0):
    """(n, 34) uint8 counts of n_tiles tiles drawn from a shuffled 136-tile wall."""
    rng = np.random.default_rng(seed)
    counts = np.zeros((n, 34), np.uint8)
    chunk = 200_000
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        picks = np.argsort(rng.random((m, 136)), axis=1)[:, :n_tiles] // 4
        rows = np.repeat(np.arange(start, start + m), n_tiles)
        np.add.at(counts, (rows, picks.ravel()), 1)
    return counts


def reference_hands(counts):
    """The same hands as tuples of reference (pymahjonggb) tile names."""
    return [tuple(REFERENCE_NAMES[t] for t in range(34) for _ in range(int(row[t])))
            for row in counts]


def tenhou_strings(counts):
    from mahjong.tiles import format_tiles
    return [format_tiles([t for t in range(34) for _ in range(int(row[t]))]) for row in counts]
