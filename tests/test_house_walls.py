"""The house's walls, read from the imports: no rule-set room imports the game engine (a
room describes its play through the framework's mahjong.playspec), and the command line
and mahjong.dask use only a room's public names."""
import ast
import re
import sys
from pathlib import Path

import pytest

from mahjong import rooms, ruleset

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


# --- the framework names no room --------------------------------------------------------------

ROOM_PACKAGES = set(rooms.room_packages())
#: the framework: every module of the package but the rooms (mahjong/*.py, the engine, the
#: command line, mahjong.dask)
FRAMEWORK = sorted(PACKAGE.glob("*.py")) + _sources(PACKAGE / "game") + _sources(PACKAGE / "cli")
_ROOM_PATH = re.compile(r"(?:mahjong)?\.*(%s)(?:\.\w+)*" % "|".join(sorted(ROOM_PACKAGES)))


def _docstrings(tree):
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def _code_strings(path: Path, skip_defaults: bool = False):
    """(line, text) of the string constants of a source file that are not docstrings (nor,
    with ``skip_defaults``, a parameter's default value)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    if skip_defaults:
        for node in ast.walk(tree):
            if isinstance(node, ast.arguments):
                skip |= {id(d) for d in node.defaults + node.kw_defaults if d is not None}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node.lineno, node.value


def test_the_rooms_are_found_not_named():
    assert {"guobiao", "sichuan", "yunnan", "guiyang", "huanggang", "two_player",
            "tongcheng"} <= ROOM_PACKAGES
    assert not {"game", "cli"} & ROOM_PACKAGES


@pytest.mark.parametrize("path", FRAMEWORK, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_framework_module_imports_or_names_a_room_package(path):
    for module, names in _imports(path):
        parts = module.split(".")
        assert not (len(parts) >= 2 and parts[0] == "mahjong" and parts[1] in ROOM_PACKAGES), \
            f"{path.name} imports {module}"
        assert not (module == "mahjong" and set(names) & ROOM_PACKAGES), \
            f"{path.name} imports {sorted(set(names) & ROOM_PACKAGES)} from mahjong"
    for line, text in _code_strings(path):
        assert not _ROOM_PATH.fullmatch(text) or text in ROOM_PACKAGES, \
            f"{path.name}:{line} names the room module {text!r}"


# Edges that may name a rule set: the command line and Dask (their defaults and the rule-set
# specific commands such as `mahjong gb`), and the Botzone program, whose protocol is defined
# for one rule set (Botzone's Chinese Standard Mahjong, i.e. Guobiao with duplicate walls).
_EDGES = {"dask.py", "botzone.py"}
_ENGINE_AND_REGISTRY = [p for p in FRAMEWORK if p.name not in _EDGES and p.parent.name != "cli"]


@pytest.mark.parametrize("path", _ENGINE_AND_REGISTRY, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_engine_and_the_registry_name_no_rule_set(path):
    """No rule set's name in the code of the registry, the record reader or the engine (a
    parameter's default value aside: the environments default to one rule set): what differs
    between rule sets is asked of the room."""
    named = [(line, text) for line, text in _code_strings(path, skip_defaults=True)
             if text in ROOM_PACKAGES]
    assert not named, f"{path.name} names rule sets at {named}"


def test_no_import_circles_in_the_package():
    """No two modules of the package import each other, at any depth of code (lazy imports
    included), nor any longer loop."""
    graph = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        graph[name] = path
    edges = {m: set() for m in graph}
    for m, path in graph.items():
        for module, names in _imports(path):
            for target in [module] + [f"{module}.{n}" for n in names]:
                while target and target not in graph:
                    target = target.rpartition(".")[0]
                # a module's import of its own package's __init__ is not an edge (Python
                # runs the package first)
                if target and target != m and not m.startswith(target + "."):
                    edges[m].add(target)
    state: dict = {}
    loops = []

    def visit(m, stack):
        state[m] = 1
        stack.append(m)
        for n in sorted(edges[m]):
            if state.get(n) == 1:
                loops.append(stack[stack.index(n):] + [n])
            elif n not in state:
                visit(n, stack)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    # a package's __init__ that imports its own modules, which import their siblings, is
    # no loop; a loop through two modules that are not a package and its member is
    loops = [loop for loop in loops
             if not any(b.startswith(a + ".") or a.startswith(b + ".")
                        for a, b in zip(loop, loop[1:]))]
    assert not loops, " ; ".join(" -> ".join(loop) for loop in loops[:5])


# --- a third-party room: registered at run time, played, settled and listed -----------------

from dataclasses import dataclass  # noqa: E402
from typing import ClassVar  # noqa: E402

from mahjong.errors import NotWinningError  # noqa: E402
from mahjong.playspec import PlaySpec  # noqa: E402
from mahjong.record import WinEvent  # noqa: E402
from mahjong.ruleset import (Ledger, RuleOptions, ScoreItem, ScoreResult,  # noqa: E402
                             Settlement, option)

TOY = "toy_room"


@dataclass(frozen=True)
class ToyRules(RuleOptions):
    """The toy rule set's options: what one win is worth."""

    name: ClassVar[str] = TOY
    unit: int = option(2, kind=int, minimum=1, rule="toy", doc="money per payer of a win")


def toy_score(tiles, melds=(), *, win_tile=None, rules=None) -> ScoreResult:
    """Any complete hand is worth ``unit`` (108 suit tiles, no melds needed)."""
    import mahjong

    rules = ToyRules.from_mapping(rules)
    if mahjong.shanten(tiles) != -1:
        raise NotWinningError(f"{tiles} is not complete")
    item = ScoreItem("win", "和", "win", 1)
    return ScoreResult(TOY, (item,), 1, 1, rules.unit, "win")


def toy_settle(record, rules=None) -> Settlement:
    """A self-draw: every other seat pays ``unit``; a discard: the discarder pays it."""
    rules = ToyRules.for_record(record, rules)
    ledger = Ledger(record.seats)
    for i, e in enumerate(record.events):
        if type(e) is WinEvent:
            if e.from_seat is None:
                ledger.book_from_others(range(record.seats), e.seat, rules.unit, "toy 自摸",
                                        event=i)
            else:
                ledger.book(e.from_seat, e.seat, rules.unit, "toy 点炮", event=i)
    return Settlement.from_ledger(TOY, ledger, next_dealer=record.dealer)


def toy_play_spec(options=None) -> PlaySpec:
    rules = ToyRules.from_mapping(options)
    return PlaySpec(rules=TOY, options=rules.changed(), win_value=lambda q: rules.unit,
                    honours=False, chow=False)


@pytest.fixture
def toy_room():
    room = rooms.register_room(rooms.Room(TOY, __name__, ToyRules, toy_score, toy_settle,
                                          seats=4, tiles=108, play=toy_play_spec,
                                          aliases=("toy",)))
    yield room
    rooms.unregister_room(TOY)


def _wins(log):
    return [e for e in log["events"] if e["type"] == "win"]


def test_a_room_registered_at_run_time_is_played_settled_and_listed(toy_room, tmp_path,
                                                                   capsys):
    import json

    from mahjong.cli import main
    from mahjong.game import Game, Match, simulate

    assert TOY in ruleset.available_rulesets()
    assert ruleset.ruleset_info("TOY") == ruleset.RuleSetInfo(TOY, 4, 108, __name__,
                                                               "toy_settle")
    assert ruleset.get_ruleset("toy") is sys.modules[__name__]
    logs = list(simulate.play_hands(TOY, range(30), seed=5, agents="random",
                                    options={"unit": 3}))
    logs += list(simulate.play_hands(TOY, range(10), seed=5, agents="greedy",
                                     options={"unit": 3}))
    won = [log for log in logs if _wins(log)]
    assert won and len(won) < len(logs)       # hands won and hands drawn, by the toy's rules
    for log in logs:
        wins = _wins(log)
        deltas = log["result"]["deltas"]
        assert sum(deltas) == 0
        if not wins:
            assert deltas == [0, 0, 0, 0]
        else:
            winner = wins[0]["seat"]
            assert deltas[winner] == (9 if wins[0]["from"] is None else 3)
        assert ruleset.settle(log).deltas == tuple(deltas)
    assert Game(TOY, seed=1, agents="random").play()["rules"] == TOY
    match = Match(TOY, seed=2, agents="random", hands=3)
    assert len(match.play()) == 3 and match.seat_of_players(2) == [0, 1, 2, 3]

    path = tmp_path / "toy.jsonl"
    path.write_text("".join(json.dumps(log) + "\n" for log in won[:3]), encoding="utf-8")
    capsys.readouterr()
    assert main(["settle", str(path), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["deltas"] for row in rows] == [log["result"]["deltas"] for log in won[:3]]
    assert main(["settle", str(path), "--json", "--option", "unit=5"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [max(row["deltas"]) for row in rows] == \
        [15 if _wins(log)[0]["from"] is None else 5 for log in won[:3]]

    assert main(["rules", "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    toy = [entry for entry in listed if entry["name"] == TOY]
    assert toy and toy[0]["seats"] == 4 and toy[0]["tiles"] == 108 and \
        [o["name"] for o in toy[0]["options"]] == ["duplicate_walls", "unit"]   # (the
    # engine's option of every rule set, then the room's own)
    assert main(["rules", "Toy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("toy_room: 4 seats, 108 tiles\n  duplicate_walls = false") and \
        "\n  unit = 2   [an integer >= 1]\n" in out

    out = tmp_path / "sim.jsonl"
    assert main(["simulate", "--rules", "toy", "--hands", "12", "--seed", "3",
                 "--out", str(out), "--json"]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12 and all(json.loads(line)["rules"] == TOY for line in lines)


def test_a_room_forgotten_is_unknown_again(toy_room):
    from mahjong.errors import MahjongError

    rooms.unregister_room(TOY)
    with pytest.raises(MahjongError, match="unknown rule set 'toy'; available: guiyang"):
        ruleset.ruleset_info("toy")
    rooms.register_room(toy_room)


def test_a_bad_room_is_refused_naming_the_field():
    from mahjong.errors import MahjongError

    with pytest.raises(MahjongError, match="room toy_room: seats 5 is not 2..4"):
        rooms.Room(TOY, __name__, ToyRules, toy_score, toy_settle, seats=5)
    with pytest.raises(MahjongError, match="room toy_room: tiles 100"):
        rooms.Room(TOY, __name__, ToyRules, toy_score, toy_settle, tiles=100)
    with pytest.raises(MahjongError, match="alias 'sichuan' is not free"):
        rooms.register_room(rooms.Room(TOY, __name__, ToyRules, toy_score, toy_settle,
                                       aliases=("sichuan",)))
    with pytest.raises(MahjongError, match="is not a mahjong.rooms.Room"):
        rooms.register_room("toy")


def test_the_registry_imports_a_room_on_first_use_only():
    import subprocess

    from child_env import CHILD_CWD, child_env

    code = ("import sys, mahjong.ruleset as r; info = r.ruleset_info('sichuan'); "
            "print(info.seats, sorted(m for m in sys.modules if m.startswith('mahjong.') and "
            "m.count('.') == 1 and m.split('.')[1] in %r))" % sorted(ROOM_PACKAGES))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=CHILD_CWD, env=child_env()).stdout
    assert out.strip() == "4 ['mahjong.sichuan']"


def test_guobiao_match_schedule_is_its_rooms_hook():
    from mahjong.game import Match

    room = rooms.find_room("guobiao")
    assert room.match_hands == 16
    match = Match("guobiao", seed=0, agents="random")
    assert match.hands == 16
    # the West round swaps players 0<->1 and 2<->3; hand 9 (index 8) is dealt by the former
    # South at position 0
    assert match.seat_of_players(8) == [1, 0, 3, 2] and room.schedule(8).round_wind == 2
    assert [room.schedule(h).dealer for h in range(5)] == [0, 1, 2, 3, 0]
    assert rooms.find_room("sichuan").schedule(3) == rooms.MatchSeating((0, 1, 2, 3))


# the test module as a room's public module (what get_ruleset returns and the CLI reads)
Rules, score, settle = ToyRules, toy_score, toy_settle


class _EntryPoint:
    """An installed entry point of the group mahjong.rooms, as importlib.metadata gives it."""

    def __init__(self, name, value, obj):
        self.name, self.value, self._obj = name, value, obj

    def load(self):
        return self._obj


def test_a_room_named_by_an_entry_point_is_found_on_first_use(monkeypatch):
    room = rooms.Room(TOY, __name__, ToyRules, toy_score, toy_settle, play=toy_play_spec)
    plugins = dict(rooms._plugin_rooms())
    plugins[TOY] = _EntryPoint(TOY, f"{__name__}:ROOM", room)
    monkeypatch.setattr(rooms, "_plugins", plugins)
    try:
        assert TOY not in rooms._ROOMS
        assert rooms.SEATS_OF_RULES.get(TOY) == 4        # a record without seats has 4
        assert ruleset.ruleset_info(TOY).seats == 4 and TOY in ruleset.available_rulesets()
        assert ruleset.settle_function(TOY) is toy_settle
    finally:
        rooms.unregister_room(TOY)


def test_register_ruleset_still_names_a_room_by_its_module():
    ruleset.register_ruleset("toy_legacy", __name__, seats=4, tiles=108, settle="toy_settle")
    try:
        assert "toy_legacy" in ruleset.available_rulesets()
        assert ruleset.ruleset_info("Toy_Legacy") == ruleset.RuleSetInfo(
            "toy_legacy", 4, 108, __name__, "toy_settle")
        assert ruleset.get_ruleset("toy_legacy") is sys.modules[__name__]
        assert ruleset.settle_function("toy_legacy") is toy_settle
        assert rooms.find_room("toy_legacy").Rules is ToyRules
    finally:
        rooms.unregister_room("toy_legacy")
    assert "toy_legacy" not in ruleset.available_rulesets()


def test_a_rooms_exhausted_field_in_its_older_spelling_is_filed_under_its_name():
    from mahjong.record import HandRecord

    record = HandRecord.from_json({"rules": "yunnan", "dealer": 0, "events": [
        {"type": "exhausted", "chajiao_pairs": [[1, 0]]}]})
    assert dict(record.events[0].rule_data("yunnan")) == {"chajiao_pairs": ((1, 0),)}
    assert rooms.exhausted_field_owner("chajiao_pairs") == "yunnan"
    assert rooms.exhausted_field_owner("nothing_of_a_room") is None


def test_a_room_without_a_play_module_is_not_played():
    from mahjong.errors import MahjongError
    from mahjong.game import Game

    room = rooms.Room("toy_unplayed", __name__, ToyRules, toy_score, toy_settle,
                      play=__name__ + ".no_such_play")
    with pytest.raises(MahjongError, match="'toy_unplayed' cannot be played by the engine"):
        room.play_spec()
    rooms.register_room(room)
    try:
        with pytest.raises(MahjongError, match="cannot be played by the engine yet"):
            Game("toy_unplayed", seed=0)
    finally:
        rooms.unregister_room("toy_unplayed")
    with pytest.raises(MahjongError, match="Rules 'x' is not a mahjong.ruleset.RuleOptions"):
        rooms.Room(TOY, __name__, "x", toy_score, toy_settle)


def test_the_score_command_asks_the_rooms():
    """`mahjong score` takes what applies to a rule set from its room (the scorer's
    keywords, `Room.score_text`): no rule set is named in its code but the --rules default."""
    path = PACKAGE / "cli" / "score.py"
    named = [text for _, text in _code_strings(path, skip_defaults=True) if text in ROOM_PACKAGES]
    assert named == ["sichuan"]
