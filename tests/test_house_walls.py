"""The house's walls, read from the imports: no rule-set room imports the game engine (a
room describes its play through the framework's mahjong.playspec), and the command line
and mahjong.dask use only a room's public names."""
import ast
import re
from pathlib import Path

import pytest

from mahjong import ruleset

PACKAGE = Path(__file__).resolve().parent.parent / "mahjong"
ROOMS = sorted(ruleset.available_rulesets())


def _imports(path: Path):
    """(module, names) of every import of a source file, relative ones made absolute."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = parts[:len(parts) - node.level]
                module = ".".join(base + ([module] if module else []))
            yield module, tuple(a.name for a in node.names)


def _sources(folder: Path):
    return sorted(folder.rglob("*.py"))


_ENGINE_IN_PYX = re.compile(r"^\s*(?:from|c?import)\s+mahjong\.game\b", re.M)


@pytest.mark.parametrize("room", ROOMS)
def test_no_room_imports_the_engine(room):
    for path in _sources(PACKAGE / room):
        for module, _ in _imports(path):
            assert not (module == "mahjong.game" or module.startswith("mahjong.game.")), \
                f"{path.name} imports {module}"
    for path in sorted((PACKAGE / room).glob("*.pyx")):     # Cython: not Python syntax
        assert not _ENGINE_IN_PYX.search(path.read_text(encoding="utf-8")), path.name


@pytest.mark.parametrize("path", _sources(PACKAGE / "cli") + [PACKAGE / "dask.py"],
                         ids=lambda p: p.name)
def test_cli_and_dask_use_only_public_names_of_rooms(path):
    for module, names in _imports(path):
        parts = module.split(".")
        if len(parts) >= 2 and parts[0] == "mahjong" and parts[1] in ROOMS:
            private = [p for p in parts[2:] if p.startswith("_")]
            private += [n for n in names if n.startswith("_")]
            assert not private, f"{path.name} takes {private} from {module}"
