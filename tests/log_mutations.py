"""Single edits of full game logs, and an independent judge of whether an edited log is still
a possible play (shared by tests/test_full_log_replay.py and tools/fuzz_atheris.py).

The judge is the Python-level :func:`mahjong.game.replay` (one ``Game.step`` per decision,
from the log's wall): a log is possible when that replay goes through and plays exactly its
events and closing hands. The reader's check (``Table.replay_log``, in C over event codes) is
another code path; the two must agree on every edit.
"""
import copy
import json

from mahjong.game import replay
from mahjong.tiles import TENHOU_NAMES

#: the edit classes: an event deleted, duplicated, swapped with the next, given to another
#: seat (or taken from another), given another tile; the wall cut short or changed (two
#: tiles swapped, or one replaced); another dealer
MUTATIONS = ("delete", "duplicate", "swap", "retarget", "retile", "cut_wall", "change_wall",
             "dealer")


def _retile(e, pick):
    """Another tile for event e (a copy), or None when it has none."""
    if "tile" in e:
        e["tile"] = TENHOU_NAMES[pick(34)]
    elif "win_tile" in e:
        e["win_tile"] = TENHOU_NAMES[pick(34)]
    elif e.get("type") == "pung":
        t = TENHOU_NAMES[pick(34)]
        e["tiles"] = t[0] * 2 + t
    elif e.get("type") == "chow":
        suit, rank = pick(3), pick(7)
        e["tiles"] = f"{rank + 1}{rank + 2}{rank + 3}{'mps'[suit]}"
    else:
        return None
    return e


def mutate(log, kind, pick):
    """A copy of ``log`` with one edit of class ``kind``; ``pick(n)`` chooses in range(n)
    (a random generator's or a fuzzer's). None when the edit does not apply."""
    out = copy.deepcopy(log)
    events = out["events"]
    n = len(events)
    seats = out.get("seats", 4)
    if kind in ("delete", "duplicate", "retarget", "retile") and not n:
        return None
    if kind == "delete":
        events.pop(pick(n))
    elif kind == "duplicate":
        i = pick(n)
        events.insert(i, copy.deepcopy(events[i]))
    elif kind == "swap":
        if n < 2:
            return None
        i = pick(n - 1)
        events[i], events[i + 1] = events[i + 1], events[i]
    elif kind == "retarget":
        e = events[pick(n)]
        field = "from" if e.get("from") is not None and pick(2) else "seat"
        if field not in e:
            return None
        e[field] = (e[field] + 1 + pick(seats - 1)) % seats
    elif kind == "retile":
        if _retile(events[pick(n)], pick) is None:
            return None
    elif kind == "cut_wall":
        if not out.get("wall"):
            return None
        out["wall"] = out["wall"][:pick(len(out["wall"]))]
    elif kind == "change_wall":
        wall = out.get("wall")
        if not wall:
            return None
        i, j = pick(len(wall)), pick(len(wall))
        if pick(2):
            wall[i], wall[j] = wall[j], wall[i]
        else:
            wall[i] = TENHOU_NAMES[pick(34)]
    elif kind == "dealer":
        out["dealer"] = (out.get("dealer", 0) + 1 + pick(seats - 1)) % seats
    else:
        raise ValueError(kind)
    return out


def _plain(value):
    return json.loads(json.dumps(value))


def possible(log) -> bool:
    """Is ``log`` a possible play? The Python-level replay from its wall must go through
    and give exactly its events and closing hands (any error: not possible)."""
    try:
        again = replay(log)
    except Exception:
        return False
    return all(_plain(again.get(k)) == _plain(log.get(k))
               for k in ("events", "final", "dealer", "wall"))
