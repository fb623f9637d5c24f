"""Suite-wide fixtures."""
import pytest

from mahjong import batch


@pytest.fixture(autouse=True)
def parallel_small_batches(monkeypatch):
    """Batches run on every thread asked for, however few their rows: the suite's batches
    are small, and its ``threads=2`` cases are there to check the parallel kernels (the
    library itself keeps small batches on one thread: ``batch.ROWS_PER_THREAD``)."""
    monkeypatch.setattr(batch, "ROWS_PER_THREAD", 1)
