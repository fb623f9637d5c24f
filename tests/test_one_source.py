"""One source per constant: the codes that cross a module boundary (named tiles, seats, meld
codes, event and kong kinds, win bits and flag names, form bits and names, error codes) are
declared once, in mahjong_core/_types.pxd (the name tuples in _types.pyx). This test reads
every other source file of the package and fails where one defines its own copy: a
module-level name or an enum member of the same name, a tuple literal equal to one of the
name tuples, or a tile-class boundary written as a bare 27 instead of FIRST_HONOR/N_SUITED
(or ``tiles.is_honor``)."""
import ast
import re
from pathlib import Path

import pytest

import mahjong_core._types as T

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(p for folder in ("mahjong", "mahjong_core")
                 for ext in ("*.py", "*.pyx", "*.pxd")
                 for p in (ROOT / folder).rglob(ext)
                 if p.stem != "_types")
SHARED = {n for n in dir(T) if n.isupper() and not n.startswith("_")}
NAME_TUPLES = {getattr(T, n): n for n in SHARED if isinstance(getattr(T, n), tuple)}

# `NAME = value` at the start of a line, or an enum member `    NAME = value` inside a
# cdef/cpdef enum block (Cython: not Python syntax, so read as text).
_ASSIGN = re.compile(r"^(?P<indent>[ \t]*)(?P<name>[A-Z][A-Z0-9_]*)[ \t]*(?::[^=\n]+)?=(?!=)"
                     r"[ \t]*(?P<value>[^\n]*)", re.M)
_ENUM = re.compile(r"^c(?:p)?def\s+enum\b[^\n]*:\s*\n((?:[ \t]+[^\n]*\n|[ \t]*\n)+)", re.M)
_BOUNDARY = re.compile(r"(?<![<>])(?:[<>]=?|==)\s*2[67]\b")   # (not a shift: << 27)


def _ids(p):
    return str(p.relative_to(ROOT))


def _alias(m) -> bool:
    """``NAME = _types.NAME``: a re-export of the one source, not a copy."""
    return re.fullmatch(r"(?:\w+\.)*_types\." + m["name"] + r"\s*(?:#.*)?", m["value"]) is not None


def _module_names(text: str):
    names = {m["name"] for m in _ASSIGN.finditer(text) if not m["indent"] and not _alias(m)}
    for block in _ENUM.finditer(text):
        names |= {m["name"] for m in _ASSIGN.finditer(block.group(1))}
    return names


@pytest.mark.parametrize("path", SOURCES, ids=_ids)
def test_no_copy_of_a_shared_constant(path):
    text = path.read_text(encoding="utf-8")
    copies = sorted(_module_names(text) & SHARED)
    assert not copies, f"{_ids(path)} defines its own {copies}: import them from mahjong_core._types"


@pytest.mark.parametrize("path", [p for p in SOURCES if p.suffix == ".py"], ids=_ids)
def test_no_copy_of_a_name_tuple(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) > 2:
            try:
                value = tuple(ast.literal_eval(node))
                hash(value)
            except (ValueError, TypeError):     # not a literal, or one holding lists
                continue
            assert value not in NAME_TUPLES, \
                f"{_ids(path)} line {node.lineno} spells out {NAME_TUPLES[value]}"


@pytest.mark.parametrize("path", SOURCES, ids=_ids)
def test_no_bare_honour_boundary(path):
    hits = [i + 1 for i, line in enumerate(path.read_text(encoding="utf-8").splitlines())
            if _BOUNDARY.search(line.split("#")[0])]
    assert not hits, f"{_ids(path)} lines {hits}: use FIRST_HONOR / N_SUITED or tiles.is_honor"


def test_the_check_sees_a_copy():
    """The scanner itself: a copy in a module is found, an import is not."""
    assert "GREEN" in _module_names("GREEN = 32\n")
    assert "EV_DRAW" in _module_names("cpdef enum:\n    EV_DRAW = 1\n    EV_X = 2\n")
    assert not _module_names("from mahjong_core._types import GREEN\n")
    assert not _module_names("GREEN = _types.GREEN\n")
    assert not _BOUNDARY.search("mask << 27")
    assert _BOUNDARY.search("if t >= 27:")
