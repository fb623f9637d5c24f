"""Timing runs (``--benchmark-enable``) run in one process: pyproject's pytest options
start parallel workers (pytest-xdist, ``-n auto``), under which pytest-benchmark times
nothing."""
import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    if config.getoption("benchmark_enable", False) and config.getoption("dist", "no") != "no":
        config.option.dist = "no"
        config.option.numprocesses = 0
