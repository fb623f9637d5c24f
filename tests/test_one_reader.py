"""One reader of tile text and meld spellings (``mahjong/_reader.pyx``, on the compiled
``mahjong_core/_tileparse.pxd``), one writer back to text.

The scan below fails when a module of the package other than the reader parses tenhou tile
text or meld spellings itself: a suit-letter table (``"mpsz"``, ``"mps"``, ``("m", "p",
"s")``), an inverse of a tile-name table (``{name: i for i, name in enumerate(TENHOU_NAMES)}``,
``TENHOU_NAMES.index(...)``), a regex over tile text, a table of meld-kind spellings or of
meld codes. Then the reader's answers are checked against each other.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import _reader
from mahjong.errors import MahjongError
from mahjong.hand import MELD_TYPE_CODES, Meld, parse_meld, parse_melds
from mahjong.tiles import (STYLES, TENHOU_NAMES, format_tiles, parse_tile, parse_tiles,
                           tile_counts, to_tile_ids)
from mahjong_core import _types

ROOT = Path(__file__).resolve().parent.parent
READER = {"mahjong/_reader.pyx", "mahjong_core/_tileparse.pxd"}

# Readers in files other helpers own this round, each to go (the lead removes the entry
# when its reader is gone; test_known_readers_are_still_there keeps the list honest).
KNOWN = {
    "mahjong/game/_table.pyx": "_hand_text writes tenhou text itself; 'mps' void letters",
}

NAME_TABLES = {"TENHOU_NAMES", "REFERENCE_NAMES", "UNICODE_NAMES", "CHINESE_NAMES",
               "LETTER_NAMES", "ENGLISH_NAMES"}
SUIT_STRINGS = {"mpsz", "mps", "mpz", "MPSZ"}
MELD_SPELLINGS = set(_reader._KIND_ALIASES) | set(_reader._PACK_TYPES)
MELD_ALIASES = {s for s in MELD_SPELLINGS if s not in _types.MELD_NAMES}
MELD_CODES = {name: code for code, name in enumerate(_types.MELD_NAMES) if name}
TILE_REGEX = re.compile(r"\[[0-9-]*[mpsz]{2,4}\]|\[mps\]|\[1-[79]\]\+?z")


def _sources():
    for pattern in ("mahjong/**/*.py", "mahjong/**/*.pyx", "mahjong/**/*.pxd",
                    "mahjong_core/*.pyx", "mahjong_core/*.pxd"):
        for path in sorted(ROOT.glob(pattern)):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in READER:
                yield rel, path.read_text(encoding="utf-8")


def _int_names(tree: ast.Module) -> dict:
    """Module-level names bound to int literals (``_PUNG, _KONG = 2, 3`` included)."""
    out = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Constant):
                out[target.id] = node.value.value
            elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                for t, v in zip(target.elts, node.value.elts):
                    if isinstance(t, ast.Name) and isinstance(v, ast.Constant):
                        out[t.id] = v.value
    return out


def _value(node, ints):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return ints.get(node.id)
    return None


def _python_findings(text: str) -> list:
    tree = ast.parse(text)
    ints = _int_names(tree)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and node.value in SUIT_STRINGS:
            found.append((line, f"suit-letter table {node.value!r}"))
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and [
                _value(e, {}) for e in node.elts][:3] == ["m", "p", "s"]:
            found.append((line, "suit-letter table ('m', 'p', 's')"))
        elif isinstance(node, (ast.DictComp, ast.For)):
            iters = [g.iter for g in node.generators] if isinstance(node, ast.DictComp) \
                else [node.iter]
            for it in iters:
                if (isinstance(it, ast.Call) and getattr(it.func, "id", "") == "enumerate"
                        and it.args and getattr(it.args[0], "id", "") in NAME_TABLES):
                    found.append((line, f"an inverse of {it.args[0].id}"))
                elif isinstance(it, (ast.Tuple, ast.List)) and any(
                        getattr(e, "id", "") in NAME_TABLES for e in it.elts):
                    found.append((line, "an inverse of the name tables"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "index"
              and getattr(node.func.value, "id", "") in NAME_TABLES):
            found.append((line, f"{node.func.value.id}.index(...) reads a tile name"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("compile", "match", "fullmatch", "search", "findall")
              and getattr(node.func.value, "id", "") == "re" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and TILE_REGEX.search(node.args[0].value)):
            found.append((line, "a regex over tile text"))
        elif isinstance(node, ast.Dict):
            keys = [_value(k, ints) for k in node.keys if k is not None]
            values = [_value(v, ints) for v in node.values]
            aliases = [k for k in keys if isinstance(k, str) and k in MELD_ALIASES]
            codes = sum(1 for k, v in zip(keys, values)
                        if (isinstance(k, str) and isinstance(v, int) and MELD_CODES.get(k) == v)
                        or (isinstance(k, int) and isinstance(v, str) and MELD_CODES.get(v) == k))
            spelled = all(k in MELD_SPELLINGS or k in MELD_CODES
                          for k in keys if isinstance(k, str))
            if len(aliases) >= 2 and spelled:     # (a table of protocol verbs such as
                found.append((line, f"a table of meld spellings {aliases}"))  # Botzone's
            # DRAW/PLAY/PENG/CHI is not one: its other keys are no meld spelling)
            elif codes >= 2:
                found.append((line, "a table of meld codes (MELD_* of mahjong_core._types)"))
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            letters = {c.value for node in ast.walk(func) if isinstance(node, ast.Compare)
                       for c in [node.left, *node.comparators]
                       if isinstance(c, ast.Constant) and c.value in ("m", "p", "s", "z")}
            if len(letters) >= 2:
                found.append((func.lineno, f"a suit-letter switch {sorted(letters)}"))
            codes = {c.value for node in ast.walk(func) if isinstance(node, ast.Compare)
                     for c in [node.left, *node.comparators]
                     if isinstance(c, ast.Constant) and type(c.value) is int
                     and c.value in (109, 112, 115, 122)}          # ord("m"), "p", "s", "z"
            if len(codes) >= 3:
                found.append((func.lineno, "a suit-letter switch on character codes"))
    return found


_TEXT_PATTERNS = [
    (re.compile(r"""["'](?:mpsz|mps)["']"""), "suit-letter table"),
    (re.compile(r"enumerate\((?:%s)\)" % "|".join(sorted(NAME_TABLES))), "an inverse of a name table"),
    (re.compile(r"(?:%s)\.index\(" % "|".join(sorted(NAME_TABLES))), "a name table's .index()"),
]


def _cython_findings(text: str) -> list:
    found = []
    for i, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        for pattern, what in _TEXT_PATTERNS:
            if pattern.search(code):
                found.append((i, what))
    return found


def _findings(rel: str, text: str) -> list:
    return _python_findings(text) if rel.endswith(".py") else _cython_findings(text)


def test_no_module_but_the_reader_parses_tile_text_or_melds():
    bad = []
    for rel, text in _sources():
        if rel in KNOWN:
            continue
        bad += [f"{rel}:{line}: {what}" for line, what in _findings(rel, text)]
    assert not bad, ("tile text or meld spellings parsed outside mahjong/_reader.pyx (use "
                     "the reader: mahjong.tiles / mahjong.hand / mahjong._reader):\n"
                     + "\n".join(bad))


def test_known_readers_are_still_there():
    """An entry of KNOWN whose reader is gone must leave the list (so it cannot hide a new
    one)."""
    for rel, why in KNOWN.items():
        text = (ROOT / rel).read_text(encoding="utf-8")
        assert _findings(rel, text), f"{rel} reads no tile text any more: drop it from KNOWN"


@pytest.mark.parametrize("snippet, what", [
    ('SUITS = "mps"', "suit-letter"),
    ('X = ("m", "p", "s")', "suit-letter"),
    ('name = f"{n}{SUIT_LETTERS[s]}" if 0 else "mpsz"[s]', "suit-letter"),
    ("IDS = {n: i for i, n in enumerate(TENHOU_NAMES)}", "inverse of TENHOU_NAMES"),
    ('t = TENHOU_NAMES.index(name)', "TENHOU_NAMES.index"),
    ('def f(c):\n    if c == 109:\n        b = 0\n    elif c == 112:\n        b = 9\n'
     '    elif c == 115:\n        b = 18', "character codes"),
    ('def f(c):\n    if c == "m":\n        return 0\n    elif c == "p":\n        return 9',
     "suit-letter switch"),
    ("for t, n in enumerate(TENHOU_NAMES):\n    D[n] = t", "inverse of TENHOU_NAMES"),
    ("for names in (CHINESE_NAMES, TENHOU_NAMES):\n    pass", "inverse of the name tables"),
    ('import re\nR = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")', "regex over tile text"),
    ('import re\nR = re.compile(r"([1-9]+)([mpsz])")', "regex over tile text"),
    ('K = {"peng": "pung", "chi": "chow"}', "meld spellings"),
    ('_PUNG, _KONG = 2, 3\nC = {"pung": _PUNG, "kong": _KONG}', "meld codes"),
    ('G = {1: "chow", 2: "pung"}', "meld codes"),
])
def test_the_scan_finds_each_telltale(snippet, what):
    assert any(what in message for _, message in _python_findings(snippet))


def test_the_scan_passes_ordinary_code():
    ok = ('EVENTS = {"discard": 0, "draw": 1, "kong": 3, "pung": 4}\n'
          'NAME = TENHOU_NAMES[t]\nK = {"concealed_kong": 0, "kong": 34}\n')
    assert _python_findings(ok) == []


# --- the reader's answers agree -------------------------------------------------------------

tile_lists = st.lists(st.integers(0, 33), min_size=0, max_size=14)


@settings(max_examples=300, deadline=None)
@given(tile_lists, st.sampled_from(STYLES))
def test_every_notation_reads_back(ids, style):
    text = format_tiles(ids, style)
    assert parse_tiles(text) == ids


@settings(max_examples=300, deadline=None)
@given(tile_lists)
def test_the_compiled_paths_agree_with_the_tokenizer(ids):
    text = format_tiles(ids)
    spaced = " ".join(format_tiles([t]) for t in ids)
    assert parse_tiles(text) == parse_tiles(spaced) == ids
    over = max((ids.count(t) for t in ids), default=0) > 4
    assert _reader.tenhou_size(text) == (-1 if over else len(ids))
    assert _reader.name_ids(spaced) == ids
    assert [_reader.tile_id(TENHOU_NAMES[t]) for t in ids] == ids
    assert _reader.sorted_ids(text) == tuple(sorted(ids))
    if not over:
        expected = np.bincount(np.array(ids, dtype=np.int64), minlength=34).astype(np.uint8)
        assert tile_counts(text).tolist() == expected.tolist()
        assert tile_counts(spaced).tolist() == expected.tolist()
        assert tile_counts(ids).tolist() == expected.tolist()


@pytest.mark.parametrize("text", ["0m", "8z", "123x", "12 3", "9z1m", "🀢", "1m,,2p", "",
                                  "1112223334445m5m", "11111m"])
def test_fast_paths_and_tokenizer_raise_alike(text):
    """Text the compiled path refuses gets the tokenizer's answer or its worded error."""
    try:
        expected = ("ok", sorted(parse_tiles(text)))
    except MahjongError as exc:
        expected = ("error", str(exc))
    try:
        counts = tile_counts(text)
        got = ("ok", [t for t in range(34) for _ in range(int(counts[t]))])
    except MahjongError as exc:
        got = ("error", str(exc))
    if expected[0] == "ok" and got[0] == "error":
        assert "fifth copy" in got[1]            # parse_tiles does not count copies
    else:
        assert got == expected


def test_one_tile_in_any_notation():
    for t in range(34):
        for name in (TENHOU_NAMES[t], format_tiles([t], "reference"),
                     format_tiles([t], "unicode"), format_tiles([t], "chinese"), t):
            assert _reader.tile_id(name) == parse_tile(name) == t
    with pytest.raises(MahjongError, match="out of range"):
        _reader.tile_id(34)
    with pytest.raises(MahjongError, match="unknown tile token"):
        _reader.tile_id("x9")
    with pytest.raises(MahjongError):
        _reader.tile_id(True)


MELD_FORMS = [
    (("pung", "222p"), ("pung", (10, 10, 10))),
    ({"type": "chow", "tiles": "345m"}, ("chow", (2, 3, 4))),
    ("[7777s]", ("kong", (24,) * 4)),
    ("(1111z)", ("concealed_kong", (27,) * 4)),
    ("{678s}", ("chow", (23, 24, 25))),
    ("<7z>", ("single_kong", (33,))),
    ("peng:W1 W1 W1", ("pung", (0, 0, 0))),
    (("GANG", "B5", 0), ("concealed_kong", (13,) * 4)),
    (["CHI", "T2", 1], ("chow", (18, 19, 20))),
    (("碰", [31, 31, 31]), ("pung", (31, 31, 31))),
]


@pytest.mark.parametrize("given_meld, expected", MELD_FORMS)
def test_every_meld_spelling(given_meld, expected):
    assert _reader.read_meld(given_meld) == expected
    meld = parse_meld(given_meld)
    assert (meld.kind, meld.tiles) == expected
    assert _reader.meld_pairs([meld]) == bytes((MELD_TYPE_CODES[expected[0]], expected[1][0]))
    assert parse_meld(str(meld)) == meld           # the writer's form reads back


def test_meld_pairs_use_the_shared_codes():
    melds = parse_melds([("chow", "123m"), ("pung", "555z"), ("kong", "9999s"),
                         ("concealed_kong", "1111p")][:3] + ["<7z>"])
    assert _reader.meld_pairs(melds) == bytes([_types.MELD_CHOW, 0, _types.MELD_PUNG, 31,
                                               _types.MELD_KONG, 26,
                                               _types.MELD_SINGLE_KONG, 33])
    assert _reader.meld_pairs(()) == b""
    assert Meld("peng", "111z") == parse_meld("pung:1z1z1z")


def test_the_writer():
    assert _reader.tenhou_text([0, 1, 2, 31, 9, 10]) == "123m5z12p"
    assert format_tiles(to_tile_ids("W1 J1 东 B2")) == "1m71z2p"
    assert format_tiles([0, 33], "reference") == "W1 J1"
