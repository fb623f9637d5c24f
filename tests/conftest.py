"""Suite-wide fixtures."""
import pytest

from mahjong import batch


@pytest.fixture(autouse=True)
def parallel_small_batches(monkeypatch):
    """Batches run on every thread asked for, however few their rows: the suite's batches
    are small, and its ``threads=2`` cases are there to check the parallel kernels (the
    library itself keeps small batches on one thread: ``batch.ROWS_PER_THREAD``)."""
    monkeypatch.setattr(batch, "ROWS_PER_THREAD", 1)


@pytest.fixture(scope="session")
def cluster_client():
    """A real Dask cluster: two worker processes, one thread each (closed at the end)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        with distributed.Client(cluster, set_as_default=False) as client:
            yield client


@pytest.fixture(params=["threads", "distributed"])
def compute(request):
    """Compute dask collections (a tuple of results) on the threaded scheduler or on the
    cluster."""
    dask = pytest.importorskip("dask")
    if request.param == "threads":
        return lambda *xs: dask.compute(*xs, scheduler="threads")
    client = request.getfixturevalue("cluster_client")
    return lambda *xs: tuple(client.compute(list(xs), sync=True))
