"""Suite-wide fixtures, the hypothesis profiles and the grouping of tests on parallel
workers (pyproject's pytest options run the suite with pytest-xdist, ``-n auto``)."""
import os

import pytest
from hypothesis import HealthCheck, settings

from mahjong import batch

# Hypothesis profiles, chosen with HYPOTHESIS_PROFILE (default "ci"). Every property test
# sizes its own max_examples; the profiles set what the tests leave open. "ci": no deadline
# and no too-slow health check, because parallel workers on a loaded 2-core machine make
# any single example's time meaningless (a deadline would fail a correct test); failing
# examples print their reproduction blob. "nightly": ten times the default examples for the
# tests that leave max_examples open (run it with `-m "nightly or not nightly"`, which adds
# the long runs of the nightly marker).
settings.register_profile("ci", deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("nightly", settings.get_profile("ci"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items):
    """Tests sharing an expensive fixture run on one worker (``--dist loadgroup``), so it is
    built once: everything on the Dask cluster (``cluster_client``, also behind the
    ``compute`` fixture) in one group, and each benchmark module (its module-scoped pools of
    hands and records) in a group of its own."""
    unstable = [item.nodeid for item in items if " at 0x" in item.nodeid]
    if unstable:  # each worker collects for itself: an id with an address differs between them
        raise pytest.UsageError(f"test ids that name a memory address: {unstable}")
    for item in items:
        names = getattr(item, "fixturenames", ())
        if "cluster_client" in names or "compute" in names:
            item.add_marker(pytest.mark.xdist_group("dask-cluster"))
        elif item.nodeid.startswith("benchmarks/"):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))


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
