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


# The long tests (ten seconds or more in one full run on the shared 2-core machine, from
# pytest --durations): marked slow, so `pytest -m "not slow"` leaves them out (a quicker run
# while developing); `pytest` (CI) runs them. The benchmarks' smoke runs are slow too (each
# module builds its pools of hands). A test's parameters share its mark.
SLOW_TESTS = frozenset([
    "tests/test_analysis.py::test_discard_analysis_against_oracle",
    "tests/test_botzone_judge.py::test_greedy_bots_every_form_through_the_judge",
    "tests/test_botzone_judge.py::test_greedy_bots_several_games_kept_running",
    "tests/test_cli_stream.py::test_settle_and_score_read_in_constant_memory",
    "tests/test_dask.py::test_shanten_equals_numpy_path",
    "tests/test_dask.py::test_useful_tiles_equals_numpy_path",
    "tests/test_decompose.py::test_random_complete_hands_match_oracle",
    "tests/test_decompose.py::test_two_suit_and_honor_combinations_match_oracle",
    "tests/test_docs.py::test_doc_commands_run",
    "tests/test_docs.py::test_doc_examples_run_as_a_script",
    "tests/test_gb_api.py::test_arbitrary_input_never_crashes",
    "tests/test_gb_api.py::test_differential_against_reference",
    "tests/test_gb_api.py::test_scalar_equals_batch_kernel",
    "tests/test_gb_differential.py::test_winning_hands_agree_with_reference",
    "tests/test_guiyang_scoring.py::test_best_wait_on_every_ready_hand_of_a_sample",
    "tests/test_guiyang_scoring.py::test_best_waits_of_many_records_equal_the_slow_twin",
    "tests/test_holdings.py::test_compiled_tile_parser_equals_full_parser",
    "tests/test_holdings.py::test_ids_of_counts_lists_the_counted_tiles_and_zeroes_the_counters",
    "tests/test_huanggang_kernel.py::test_best_reading_equals_slow_twin",
    "tests/test_huanggang_kernel.py::test_tenpai_equals_slow_twin",
    "tests/test_match_stats.py::test_plot_writes_pngs",
    "tests/test_play_guiyang.py::test_win_value_agrees_with_settlement",
    "tests/test_play_huanggang.py::test_win_value_agrees_with_settlement",
    "tests/test_play_sichuan.py::test_win_value_agrees_with_settlement",
    "tests/test_play_yunnan.py::test_win_value_agrees_with_settlement",
    "tests/test_readme.py::test_readme_commands_run",
    "tests/test_readme.py::test_readme_examples",
    "tests/test_readme.py::test_readme_examples_run_as_a_script",
    "tests/test_record_reader.py::test_damaged_records_are_read_or_refused_the_same",
    "tests/test_record_reader_text.py::test_respelled_records_read_the_same",
    "tests/test_record_reader_text.py::test_valid_records_read_the_same",
    "tests/test_ruleset_fastpaths.py::test_pruned_best_wait_search_equals_brute_force",
    "tests/test_ruleset_oracle.py::test_sichuan_kernel_matches_oracle_on_random_hands",
    "tests/test_scalar_paths.py::test_against_the_slow_oracle",
    "tests/test_shanten.py::test_each_form_matches_reference",
    "tests/test_shanten_properties.py::test_matches_slow_oracle",
    "tests/test_shanten_tables.py::test_suit_final_table_is_min_plus_with_pair",
    "tests/test_shanten_tables.py::test_suit_vectors_random_sample",
    "tests/test_shanten_tables.py::test_suit_vectors_small_sums_exhaustive",
    "tests/test_wildcard.py::test_every_form_matches_the_twin",
    "tests/test_wildcard.py::test_exact_search_equals_fast_path_on_many_hands",
    "tests/test_wildcard.py::test_regular_readings_match_every_substitution",
    "tests/test_wildcard.py::test_useful_tiles_match_the_twin",
    "tests/test_wildcard_tables.py::test_wild_suit_vectors_small_sums_exhaustive",
    "tests/test_wildcard_tables.py::test_wild_suit_vectors_with_fours",
])


@pytest.hookimpl(tryfirst=True)  # (before -m deselects by the marks)
def pytest_collection_modifyitems(items):
    """Tests sharing an expensive fixture run on one worker (``--dist loadgroup``), so it is
    built once: everything on the Dask cluster (``cluster_client``, also behind the
    ``compute`` fixture) in one group, and each benchmark module (its module-scoped pools of
    hands and records) in a group of its own."""
    unstable = [item.nodeid for item in items if " at 0x" in item.nodeid]
    if unstable:  # each worker collects for itself: an id with an address differs between them
        raise pytest.UsageError(f"test ids that name a memory address: {unstable}")
    for item in items:
        if item.nodeid.startswith("benchmarks/") or item.nodeid.split("[", 1)[0] in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
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
