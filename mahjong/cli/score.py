"""``mahjong score``: the itemised value of winning hands under a regional rule set.

Example: ``mahjong score --rules sichuan "111p123p456p789p99p" --win-tile 9p``. HAND holds 14
tiles with the winning tile among them, or 13 before it, as hand records do; ``--win`` is
short for ``--win-tile``. Melds go in the hand string in brackets (``[222p]`` pung,
``[7777s]`` exposed kong, ``(7777s)`` concealed kong, ``{345m}`` or ``[345m]`` chow,
``[7z]`` or ``<7z>`` a single-tile kong) or as ``--meld pung:222p`` (repeatable): the one
meld syntax of :func:`mahjong.parse_meld`. Huanggang: ``mahjong score --rules huanggang
"{345m}[888p]234s567s55m" --win-tile 7s --indicator 3p --self-drawn``.

Many hands: ``mahjong score --jsonl HANDS`` reads one JSON object per line (or a JSON list
of them): ``{"hand": "...", "win_tile": "9p", "melds": ["[222p]"], "self_drawn": true,
"options": {"max_fan": 3}}`` with any flag below as a field (and ``indicator``, ``dealer``,
``flower_indicators``, and ``rules`` to override ``--rules``), and writes one JSON result
per line, or ``{"error": "line N: ..."}``.

Flags a rule set has no use for are refused with its name: ``--ready`` (报听) and
``--flower-indicators 5z1p`` (the shown 花牌 tiles) are for ``two_player``, ``--kouting``
(扣听) for ``tongcheng``.

``--style reference|unicode|chinese`` prints the tiles of the result (reasons, notes,
Huanggang's reading and 赖子) in that notation instead of tenhou; ``--json`` rows too.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

from ..errors import MahjongError
from ._items import add_style, styled

_FLAGS = ("self_drawn", "replacement", "after_kong", "robbing_kong", "last_tile", "heavenly",
          "earthly", "first_round", "ready", "discarder_ready", "kouting")
_LINE_FIELDS = frozenset(("hand", "win_tile", "melds", "rules", "options", "indicator",
                          "dealer", "flower_indicators") + _FLAGS)


def split_hand(text: str) -> Tuple[str, List[Tuple[str, str]]]:
    """Concealed tiles and bracketed melds of a hand string (the one meld syntax).

    >>> split_hand("333p777p99p [222p] [5555p] (7777s)")
    ('333p777p99p', [('pung', '222p'), ('kong', '5555p'), ('concealed_kong', '7777s')])
    """
    from ..hand import split_melds
    from ..tiles import format_tiles

    concealed, melds = split_melds(text)
    return concealed, [(m.kind, format_tiles(m.tiles)) for m in melds]


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
    p = subparsers.add_parser(
        "score", help="itemised value of a winning hand (regional rule sets)",
        description="Score one winning hand. HAND is the concealed part after the win, the "
                    "winning tile included; melds in brackets ([222p] pung, [7777s] kong, "
                    "(7777s) concealed kong) or with --meld.")
    p.add_argument("hand", metavar="HAND", nargs="*",
                   help="the hand: 14 tiles with the winning tile, or 13 before it (several "
                        "words are joined: 333p777p99p [222p])")
    p.add_argument("--rules", default="sichuan", metavar="RULES",
                   help="the rule set: sichuan (default), yunnan, guiyang, huanggang, "
                        "two_player, tongcheng (mahjong.ruleset.available_rulesets())")
    p.add_argument("--win-tile", "--win", dest="win_tile", metavar="TILE",
                   help="the winning tile (--win for short)")
    p.add_argument("--meld", "--melds", action="append", default=[], metavar="MELDS",
                   help="melds in the one meld syntax, e.g. pung:222p or '[222p] (7777s)' "
                        "(repeatable; kind:tiles, [tiles], {345m}, (7777s), <7z>)")
    for flag in _FLAGS:
        p.add_argument("--" + flag.replace("_", "-"), action="store_true", dest=flag)
    p.add_argument("--flower-indicators", default=None, metavar="TILES",
                   dest="flower_indicators",
                   help="the shown 花牌 tiles, e.g. 5z1p (two_player)")
    p.add_argument("--indicator", metavar="TILE",
                   help="huanggang: the turned-up 赖子皮 (the 赖子 is the next tile)")
    p.add_argument("--dealer", action="store_true", help="huanggang: the winner is the dealer")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-set option, e.g. max_fan=3 (repeatable)")
    p.add_argument("--jsonl", metavar="HANDS",
                   help="score one JSON hand per line of HANDS (or a JSON list; - = stdin)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    add_style(p)
    p.add_argument("--no-progress", action="store_true",
                   help="with --jsonl: no progress bar")
    p.set_defaults(func=run)


def with_win_tile(concealed: str, melds, win_tile) -> str:
    """The concealed tiles with the winning tile among them: a 13-tile hand (concealed +
    3 per set) gets it added, a 14-tile hand is returned as given.

    >>> with_win_tile("111p123p456p789p9p", [], "9p")
    '111p123p456p789p9p9p'
    """
    from ..tiles import format_tiles, parse_tile, to_tile_ids

    try:
        ids = to_tile_ids(concealed)
        win = parse_tile(win_tile)
    except (MahjongError, TypeError):  # the rule set's score() words the error
        return concealed
    sets = sum(1 for m in melds if m[0] not in ("single_kong", "single"))
    if len(ids) + 3 * sets == 13:
        return concealed + format_tiles([win])
    return concealed


def score_hand(rules_name: str, hand: str, win_tile, meld_texts=(), flags=None,
               options=None, flower_indicators=None, indicator=None, dealer=False):
    """One hand scored by a rule set, with the checks of the command line."""
    import inspect

    from ..ruleset import get_ruleset
    from ..tiles import to_tile_ids

    if win_tile is None:
        raise MahjongError("--win-tile TILE (the winning tile) is required")
    if rules_name == "guobiao":  # its context (winds, flowers, 和绝张) has its own command
        raise MahjongError("rules guobiao: score Guobiao hands with `mahjong gb HAND "
                           "--win-tile TILE` (or `mahjong gb --jsonl`)")
    module = get_ruleset(rules_name)
    concealed, melds = split_hand(hand)
    from .._syntax import MELD_SYNTAX
    from ..errors import InvalidHandError
    from ..hand import parse_meld_text

    for text in meld_texts:
        try:
            melds += [(m.kind, m.tiles) for m in parse_meld_text(text)]
        except MahjongError as exc:
            raise InvalidHandError(f"--meld {text!r}: expected KIND:TILES, e.g. pung:222p, "
                                   f"or {MELD_SYNTAX} ({exc})") from None
    flags = dict(flags or {})
    if rules_name == "sichuan":
        flags.pop("first_round", None)
    if rules_name == "huanggang":
        extra = [f for f in ("after_kong", "heavenly", "earthly", "first_round")
                 if flags.pop(f, False)]
        if extra:
            raise MahjongError(f"--{extra[0].replace('_', '-')} is not a Huanggang win flag")
        if indicator is None:
            raise MahjongError("--indicator TILE (the 赖子皮) is required with --rules huanggang")
        flags.update(indicator=indicator, dealer=dealer)
    elif indicator is not None or dealer:
        raise MahjongError(f"--indicator and --dealer are Huanggang options, not {rules_name}")
    accepted = inspect.signature(module.score).parameters
    for f in list(flags):
        if f not in accepted:
            if flags.pop(f):
                raise MahjongError(f"--{f.replace('_', '-')} does not apply to rules "
                                   f"{rules_name}")
    if flower_indicators is not None:
        if "flower_indicators" not in accepted:
            raise MahjongError(f"--flower-indicators does not apply to rules {rules_name}")
        flags["flower_indicators"] = to_tile_ids(flower_indicators)
    concealed = with_win_tile(concealed, melds, win_tile)
    return module.score(concealed, melds, win_tile=win_tile,
                        rules=module.Rules.from_mapping(options or {}), **flags)


def run(args) -> int:
    from ._items import joined_hand

    args.hand = joined_hand(args.hand) if isinstance(args.hand, list) else args.hand
    if args.jsonl:
        if args.hand:
            raise MahjongError("give either HAND or --jsonl HANDS, not both")
        return run_jsonl(args)
    if not args.hand:
        raise MahjongError("give a HAND (with --win-tile TILE) or --jsonl HANDS")
    options: Dict[str, Any] = dict(parse_option(o) for o in args.option)
    result = score_hand(args.rules, args.hand, args.win_tile, args.meld,
                        {f: getattr(args, f) for f in _FLAGS}, options, args.flower_indicators,
                        args.indicator, args.dealer)
    if args.json:
        print(json.dumps(styled(result.to_dict(), args.style), ensure_ascii=False))
    else:
        print(result.format(args.style))
    return 0


def _line_result(obj: Any, args) -> dict:
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - _LINE_FIELDS)
    if unknown:
        raise ValueError(f"unknown field(s) {unknown}; fields are {sorted(_LINE_FIELDS)}")
    if "hand" not in obj or "win_tile" not in obj:
        raise ValueError(f"missing field {'hand' if 'hand' not in obj else 'win_tile'!r}")
    hand, melds = obj["hand"], obj.get("melds") or []
    if not isinstance(hand, str):
        raise ValueError("hand: expected a tile string")
    if not isinstance(melds, list):
        raise ValueError(f"melds: expected a list, got {type(melds).__name__}")
    from ..hand import parse_meld
    from ..tiles import format_tiles

    texts = []
    for i, m in enumerate(melds):
        try:
            meld = parse_meld(tuple(m) if isinstance(m, list) else m)
        except MahjongError as exc:
            raise type(exc)(f"melds[{i}]: {exc}") from None
        texts.append(f"{meld.kind}:{format_tiles(meld.tiles)}")
    options = dict(parse_option(o) for o in args.option)
    line_options = obj.get("options") or {}
    if not isinstance(line_options, dict):
        raise ValueError("options: expected an object")
    options.update(line_options)
    result = score_hand(obj.get("rules", args.rules), hand, obj["win_tile"], texts,
                        {f: obj.get(f, False) for f in _FLAGS}, options,
                        obj.get("flower_indicators"), obj.get("indicator"),
                        obj.get("dealer", False))
    return result.to_dict()


def run_jsonl(args) -> int:
    from ._items import read_bytes, read_items
    from .gb import _progress

    several, items = read_items(read_bytes(args.jsonl))
    if not several:  # one object: score it as a one-line file
        raw = items[0][1]
        try:
            items = [(1, json.loads(raw.decode("utf-8")))]
        except (ValueError, RecursionError) as exc:
            items = [(1, ValueError(f"invalid JSON: {exc}"))]
    failed = False
    bar = _progress(args) if len(items) > 100 else None
    try:
        for number, obj in items:
            try:
                if isinstance(obj, Exception):
                    raise obj
                row = styled(_line_result(obj, args), args.style)
            except (MahjongError, ValueError, TypeError, RecursionError) as exc:
                failed = True
                row = {"error": f"line {number}: {exc}"}
            print(json.dumps(row, ensure_ascii=False), flush=True)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return 1 if failed else 0
