"""``mahjong rules [NAME]``: every registered rule set (seats, tile set) and its options,
each with its default and its choices, read from the registry (:mod:`mahjong.rooms`) and
from each room's ``Rules`` (:meth:`mahjong.ruleset.RuleOptions.describe`).

Examples::

    mahjong rules                 # every rule set and its options
    mahjong rules Sichuan         # one (any case)
    mahjong rules --json          # one JSON object per rule set

An option is given to ``score``, ``settle`` and ``simulate`` as ``--option NAME=VALUE``.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "rules", help="list the rule sets and their options (defaults and choices)",
        description="List every rule set, or the one NAME, with its options: default, "
                    "allowed values and what each does. Give an option to score, settle "
                    "or simulate as --option NAME=VALUE.")
    p.add_argument("name", nargs="?", metavar="NAME",
                   help="one rule set (any case); default: all of them")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per rule set: name, seats, tiles, options")
    p.set_defaults(func=run)


def describe(name: str) -> Dict[str, Any]:
    """A rule set as the registry and its room's ``Rules`` describe it."""
    from ..rooms import find_room

    room = find_room(name)
    options: List[Dict[str, Any]] = []
    for row in room.Rules.describe():
        choices = row["choices"]
        default = row["default"]
        if choices is None and isinstance(default, bool):
            choices = (False, True)
        options.append({"name": row["name"], "default": default,
                        "choices": None if choices is None else list(choices),
                        "kind": row.get("kind"), "minimum": row.get("minimum"),
                        "doc": row["doc"], "rule": row["rule"]})
    return {"name": room.name, "seats": room.seats, "tiles": room.tiles, "options": options}


def _value(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


def text(entry: Dict[str, Any]) -> str:
    lines = [f"{entry['name']}: {entry['seats']} seats, {entry['tiles']} tiles"]
    if not entry["options"]:
        lines.append("  (no options)")
    for o in entry["options"]:
        if o["choices"] is not None:
            allowed = " | ".join(_value(c) for c in o["choices"])
        elif o["kind"] == "int":
            allowed = "an integer" + ("" if o["minimum"] is None else f" >= {o['minimum']}")
            if o["default"] is None:
                allowed += ", or null"
        else:
            allowed = f"a {o['kind']}" if o["kind"] else "any value"
        lines.append(f"  {o['name']} = {_value(o['default'])}   [{allowed}]")
        about = o["doc"] or o["rule"]
        if about:
            lines.append(f"      {about}")
    return "\n".join(lines)


def run(args) -> int:
    from ..ruleset import available_rulesets

    names = [args.name] if args.name is not None else available_rulesets()
    entries = [describe(n) for n in names]
    if args.json:
        for entry in entries:
            print(json.dumps(entry, ensure_ascii=False))
    else:
        print("\n\n".join(text(e) for e in entries))
    return 0
