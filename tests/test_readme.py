"""The README's Python examples run and print what the README shows."""
import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, "the README shows no Python example"
    assert result.failed == 0, f"{result.failed} README example(s) failed"
