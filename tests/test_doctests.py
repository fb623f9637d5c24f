"""Every docstring example in the pure-Python API runs and prints what it shows."""
import doctest
import importlib
import pkgutil

import pytest

import mahjong

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(mahjong.__path__, prefix="mahjong.")
    if not name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
