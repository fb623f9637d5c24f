"""``mahjong score``: the itemised value of one winning hand under a regional rule set.

Example: ``mahjong score --rules sichuan "111p123p456p789p99p" --win 9p``. Melds go in the
hand string in brackets (``[222p]`` pung, ``[7777s]`` exposed kong, ``(7777s)`` concealed
kong, ``{345m}`` chow, ``[7z]`` a single-tile kong) or as ``--meld pung:222p`` (repeatable).
Huanggang: ``mahjong score --rules huanggang "{345m}[888p]234s567s55m" --win 7s
--indicator 3p --self-drawn``.

Flags a rule set has no use for are refused with its name: ``--ready`` (报听) and
``--flower-indicators 5z1p`` (the shown 花牌 tiles) are for ``two_player``, ``--kouting``
(扣听) for ``tongcheng``.
"""
from __future__ import annotations

import inspect
import json
import re
from typing import Any, Dict, List, Tuple

from ..errors import InvalidHandError, MahjongError

_FLAGS = ("self_drawn", "replacement", "after_kong", "robbing_kong", "last_tile", "heavenly",
          "earthly", "first_round", "ready", "discarder_ready", "kouting")
_BRACKET = re.compile(r"\[([^\]]*)\]|\(([^)]*)\)|\{([^}]*)\}")


def split_hand(text: str) -> Tuple[str, List[Tuple[str, str]]]:
    """Concealed tiles and bracketed melds of a hand string.

    >>> split_hand("333p777p99p [222p] [5555p] (7777s)")
    ('333p777p99p', [('pung', '222p'), ('kong', '5555p'), ('concealed_kong', '7777s')])
    """
    from ..tiles import to_tile_ids

    melds: List[Tuple[str, str]] = []
    for m in _BRACKET.finditer(text):
        exposed, concealed, chow = m.groups()
        if concealed is not None:
            melds.append(("concealed_kong", concealed.strip()))
        elif chow is not None:
            melds.append(("chow", chow.strip()))
        else:
            body = exposed.split()[0] if exposed.split() else ""
            n = len(to_tile_ids(body)) if body else 0
            melds.append(({4: "kong", 1: "single_kong"}.get(n, "pung"), body))
    rest = _BRACKET.sub(" ", text)
    if any(c in rest for c in "[](){}"):
        raise InvalidHandError(f"unbalanced brackets in {text!r}")
    return "".join(rest.split()), melds


def parse_option(text: str) -> Tuple[str, Any]:
    """``name=value`` with a JSON value (numbers, true/false, null) or a bare string."""
    if "=" not in text:
        raise MahjongError(f"--option {text!r}: expected name=value")
    name, raw = text.split("=", 1)
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def register(subparsers) -> None:
    from ..ruleset import available_rulesets

    p = subparsers.add_parser(
        "score", help="itemised value of a winning hand (regional rule sets)",
        description="Score one winning hand. HAND is the concealed part after the win, the "
                    "winning tile included; melds in brackets ([222p] pung, [7777s] kong, "
                    "(7777s) concealed kong) or with --meld.")
    p.add_argument("hand", metavar="HAND")
    p.add_argument("--rules", default="sichuan", choices=available_rulesets())
    p.add_argument("--win", required=True, metavar="TILE", help="the winning tile")
    p.add_argument("--meld", action="append", default=[], metavar="KIND:TILES",
                   help="a meld, e.g. pung:222p or concealed_kong:7777s (repeatable)")
    for flag in _FLAGS:
        p.add_argument("--" + flag.replace("_", "-"), action="store_true", dest=flag)
    p.add_argument("--flower-indicators", default=None, metavar="TILES", dest="flower_tiles",
                   help="the shown 花牌 tiles, e.g. 5z1p (two_player)")
    p.add_argument("--indicator", metavar="TILE",
                   help="huanggang: the turned-up 赖子皮 (the 赖子 is the next tile)")
    p.add_argument("--dealer", action="store_true", help="huanggang: the winner is the dealer")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-set option, e.g. max_fan=3 (repeatable)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..ruleset import get_ruleset
    from ..tiles import to_tile_ids

    module = get_ruleset(args.rules)
    concealed, melds = split_hand(args.hand)
    for text in args.meld:
        if ":" not in text:
            raise InvalidHandError(f"--meld {text!r}: expected KIND:TILES, e.g. pung:222p")
        kind, tiles = text.split(":", 1)
        melds.append((kind, tiles))
    options: Dict[str, Any] = dict(parse_option(o) for o in args.option)
    flags = {f: getattr(args, f) for f in _FLAGS}
    if args.rules == "sichuan":
        flags.pop("first_round")
    if args.rules == "huanggang":
        extra = [f for f in ("after_kong", "heavenly", "earthly", "first_round") if flags.pop(f)]
        if extra:
            raise MahjongError(f"--{extra[0].replace('_', '-')} is not a Huanggang win flag")
        if args.indicator is None:
            raise MahjongError("--indicator TILE (the 赖子皮) is required with --rules huanggang")
        flags.update(indicator=args.indicator, dealer=args.dealer)
    elif args.indicator is not None or args.dealer:
        raise MahjongError(f"--indicator and --dealer are Huanggang options, not {args.rules}")
    accepted = inspect.signature(module.score).parameters
    for f in list(flags):
        if f not in accepted:
            if flags.pop(f):
                raise MahjongError(f"--{f.replace('_', '-')} does not apply to rules "
                                   f"{args.rules}")
    if args.flower_tiles is not None:
        if "flower_tiles" not in accepted:
            raise MahjongError(f"--flower-indicators does not apply to rules {args.rules}")
        flags["flower_tiles"] = to_tile_ids(args.flower_tiles)
    result = module.score(concealed, melds, win_tile=args.win,
                          rules=module.Rules.from_mapping(options), **flags)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(result)
    return 0
