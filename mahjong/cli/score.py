"""``mahjong score``: the itemised value of winning hands under a regional rule set.

Example: ``mahjong score --rules sichuan "111p123p456p789p99p" --win-tile 9p``. HAND holds 14
tiles with the winning tile among them, or 13 before it, as hand records do; ``--win`` is
short for ``--win-tile``. Melds go in the hand string in brackets (``[222p]`` pung,
``[7777s]`` exposed kong, ``(7777s)`` concealed kong, ``{345m}`` or ``[345m]`` chow,
``[7z]`` or ``<7z>`` a single-tile kong) or as ``--meld pung:222p`` (repeatable): the one
meld syntax of :func:`mahjong.parse_meld`. Huanggang: ``mahjong score --rules huanggang
"{345m}[888p]234s567s55m" --win-tile 7s --indicator 3p --self-drawn``.

Guobiao hands too: ``mahjong score --rules guobiao 234m567m345p678s2s --win 2s
--self-drawn --seat-wind N`` (the winds, ``--flowers N`` and ``--fourth-tile`` are Guobiao's;
``--option lianzhong=true`` adds the 联众 fans). ``mahjong gb`` is the short name of the
Guobiao command, with its ready-hand ``--waits``.

Many hands: ``mahjong score --jsonl HANDS`` reads one JSON object per line (or a JSON list
of them): ``{"hand": "...", "win_tile": "9p", "melds": ["[222p]"], "self_drawn": true,
"options": {"max_fan": 3}}`` with any flag below as a field (and ``indicator``, ``dealer``,
``flower_indicators``, ``seat_wind``, ``round_wind``, ``flowers``, and ``rules`` to override
``--rules``: one file may mix rule sets), and writes one JSON result per line, or
``{"error": "line N: ..."}``. Lines are read and answered one at a time (constant memory;
each answer is flushed as soon as standard input has nothing more ready, so a program can
feed it line by line).

Flags a rule set has no use for are refused with its name: ``--ready`` (报听) and
``--flower-indicators 5z1p`` (the shown 花牌 tiles) are for ``two_player``, ``--kouting``
(扣听) for ``tongcheng``.

``--style reference|unicode|chinese`` prints the tiles of the result (reasons, notes,
Huanggang's reading and 赖子) in that notation instead of tenhou; ``--json`` rows too.
"""
from __future__ import annotations

import functools
import json
from typing import Any, Dict, List, Tuple

from ..errors import MahjongError
from ._items import add_style, styled

# win flags: field / option name -> what --help says of it
_FLAG_HELP = {
    "self_drawn": "自摸: won on one's own draw (else on a discard)",
    "replacement": "杠上开花: self-drawn on a kong's replacement tile",
    "after_kong": "杠上炮: won on the discard that followed the discarder's kong",
    "robbing_kong": "抢杠: won on the tile another player added to his pung",
    "last_tile": "海底: won on the last tile of the wall",
    "heavenly": "天胡/天和: the dealer's win on his first 14 tiles",
    "earthly": "地胡/地和: a non-dealer's win on his first draw (or the dealer's first "
               "discard, as the rule set says)",
    "first_round": "人和: a win in the first go-around (rule sets that have it)",
    "ready": "报听: the winner had declared ready (two_player, guiyang)",
    "discarder_ready": "the discarder had declared ready (guiyang)",
    "kouting": "扣听: the winner's ready hand was declared and kept hidden (tongcheng)",
    "fourth_tile": "和绝张: the other three copies of the winning tile were visible "
                   "(guobiao)",
    "heavenly_ready": "天听: ready at the deal, declared, then won (guobiao with "
                      "--option lianzhong=true)",
}
_FLAGS = tuple(_FLAG_HELP)
#: the context given by value (field / option name -> --help)
_VALUES = {
    "seat_wind": "guobiao: the winner's seat wind 门风 (E S W N, 0-3, 东 ...; default E)",
    "round_wind": "guobiao: the round (prevalent) wind 圈风 (default E)",
    "flowers": "guobiao: flower tiles shown (0-8), one fan each",
}
#: what a single hand's flags are (flag, dest, default, the JSON line's field)
_HAND_FLAGS = (("--win-tile", "win_tile", None, "win_tile"), ("--meld", "meld", [], "melds"),
               *((f"--{f.replace('_', '-')}", f, False, f) for f in _FLAGS),
               *((f"--{v.replace('_', '-')}", v, None, v) for v in _VALUES),
               ("--flower-indicators", "flower_indicators", None, "flower_indicators"),
               ("--indicator", "indicator", None, "indicator"),
               ("--dealer", "dealer", False, "dealer"))
_LINE_FIELDS = frozenset(("hand", "win_tile", "melds", "rules", "options", "indicator",
                          "dealer", "flower_indicators") + _FLAGS + tuple(_VALUES))


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
    from ..validate import show

    name, _, raw = text.partition("=")
    if "=" not in text or not name.strip():
        raise MahjongError(f"--option {show(text)}: expected name=value")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    except RecursionError:
        raise MahjongError(f"--option {show(text)}: the value is nested too deeply") from None
    except ValueError:  # an integer of more digits than int() reads
        raise MahjongError(f"--option {show(text)}: the number has too many digits") from None
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
                   help="the rule set, any case (default sichuan; `mahjong rules` lists "
                        "them and their options)")
    p.add_argument("--win-tile", "--win", dest="win_tile", metavar="TILE",
                   help="the winning tile (--win for short)")
    p.add_argument("--meld", "--melds", action="append", default=[], metavar="MELDS",
                   help="melds in the one meld syntax, e.g. pung:222p or '[222p] (7777s)' "
                        "(repeatable; kind:tiles, [tiles], {345m}, (7777s), <7z>)")
    for flag, text in _FLAG_HELP.items():
        p.add_argument("--" + flag.replace("_", "-"), action="store_true", dest=flag,
                       help=text)
    for name, text in _VALUES.items():
        p.add_argument("--" + name.replace("_", "-"), dest=name, default=None,
                       metavar="N" if name == "flowers" else "WIND",
                       type=int if name == "flowers" else str, help=text)
    p.add_argument("--flower-indicators", default=None, metavar="TILES",
                   dest="flower_indicators",
                   help="the shown 花牌 tiles, e.g. 5z1p (two_player)")
    p.add_argument("--indicator", metavar="TILE",
                   help="huanggang: the turned-up 赖子皮 (the 赖子 is the next tile)")
    p.add_argument("--dealer", action="store_true", help="huanggang: the winner is the dealer")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-set option, e.g. max_fan=3 (repeatable)")
    p.add_argument("--jsonl", metavar="HANDS",
                   help="score one JSON hand per line of HANDS (or a JSON list; - = "
                        "stdin), each line with its own rules if it names them")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    add_style(p)
    p.add_argument("--no-progress", action="store_true",
                   help="with --jsonl: no progress bar (one is shown on a terminal when "
                        "tqdm is installed)")
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


@functools.lru_cache(maxsize=None)
def _context_of(room) -> Tuple[frozenset, Tuple[str, ...]]:
    """What a room's hand scorer (its ``score_text``, else its ``score``) takes: the
    context keywords it names, and those it requires."""
    import inspect

    params = inspect.signature(room.score_text or room.score).parameters
    names = frozenset(params) - _NOT_CONTEXT
    required = tuple(n for n in names if params[n].default is inspect.Parameter.empty
                     and params[n].kind is inspect.Parameter.KEYWORD_ONLY)
    return names, required


#: the scorers' parameters that are not context the user gives by a flag or field
_NOT_CONTEXT = frozenset(("hand", "melds", "win_tile", "rules", "options", "tiles"))


def _owners(context: str) -> List[str]:
    """The rule sets whose hand scorer takes ``context``."""
    from ..rooms import find_room, room_names

    return [n for n in room_names() if context in _context_of(find_room(n))[0]]


def score_hand(rules_name: str, hand: str, win_tile, meld_texts=(), flags=None,
               options=None, flower_indicators=None, indicator=None, dealer=False,
               values=None, fields=False):
    """One hand scored by a rule set (any registered name, in any case), with the checks of
    the command line: the result object of the rule set's own ``score``. The flags and
    values that apply are the ones the room's scorer names (``Room.score_text``, else
    ``Room.score``): any other one given is refused with the rule set's name. ``fields``:
    errors name a JSON line's fields (``'seat_wind'``), not the flags (``--seat-wind``)."""
    from ..rooms import find_room
    from ..tiles import to_tile_ids

    def named(name: str) -> str:
        return f"field {name!r}" if fields else f"--{name.replace('_', '-')}"

    with_rules = "rules" if fields else "--rules"
    if win_tile is None:
        raise MahjongError(f"{named('win_tile')}{'' if fields else ' TILE'} (the winning "
                           "tile) is required")
    room = find_room(rules_name)
    rules_name = room.name
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
    given = {k: v for k, v in (flags or {}).items() if v}
    given.update((k, v) for k, v in (values or {}).items() if v is not None)
    if indicator is not None:
        given["indicator"] = indicator
    if dealer:
        given["dealer"] = dealer
    if flower_indicators is not None:
        given["flower_indicators"] = flower_indicators
    accepted, required = _context_of(room)
    for name in given:
        if name not in accepted:
            owners = _owners(name)
            raise MahjongError(f"{named(name)} does not apply to rules {rules_name}" +
                               (f" (it applies to {', '.join(owners)})" if owners else ""))
    for name in required:
        if name not in given:
            raise MahjongError(f"{named(name)} is required with {with_rules} {rules_name}")
    if "flower_indicators" in given:
        given["flower_indicators"] = to_tile_ids(flower_indicators)
    rules = room.Rules.from_mapping(options or {})
    if room.score_text is not None:
        return room.score_text(concealed, melds, win_tile=win_tile, rules=rules, **given)
    concealed = with_win_tile(concealed, melds, win_tile)
    return room.score(concealed, melds, win_tile=win_tile, rules=rules, **given)


def result_row(result, style: str, rules_name: str) -> dict:
    """The JSON row of a scored hand: its ``to_dict`` in ``style``, with the registered name
    of rule set ``rules_name`` first where the result does not give it."""
    from ..rooms import find_room

    if _takes_style(type(result)):
        row = result.to_dict(style=style)
    else:
        row = styled(result.to_dict(), style)
    if "rules" not in row:
        row = {"rules": find_room(rules_name).name, **row}
    return row


@functools.lru_cache(maxsize=None)
def _takes_style(result_type) -> bool:
    """Whether a result class's ``to_dict`` takes ``style`` (asked once per class: the
    JSON lines scorer asks for every line)."""
    import inspect

    return "style" in inspect.signature(result_type.to_dict).parameters


def result_text(result, style: str) -> str:
    """The result as text, its tiles in ``style``: its ``format(style)``, else its text
    restyled."""
    if hasattr(result, "format"):
        return result.format(style)
    from ..tiles import restyle

    return restyle(str(result), style)


def run(args) -> int:
    from ._items import joined_hand, refuse_hand_flags

    args.hand = joined_hand(args.hand) if isinstance(args.hand, list) else args.hand
    if args.jsonl:
        if args.hand:
            raise MahjongError("give either HAND or --jsonl HANDS, not both")
        refuse_hand_flags(args, _HAND_FLAGS)
        return run_jsonl(args)
    if not args.hand:
        raise MahjongError("give a HAND (with --win-tile TILE) or --jsonl HANDS")
    options: Dict[str, Any] = dict(parse_option(o) for o in args.option)
    result = score_hand(args.rules, args.hand, args.win_tile, args.meld,
                        {f: getattr(args, f) for f in _FLAGS}, options, args.flower_indicators,
                        args.indicator, args.dealer,
                        {k: getattr(args, k) for k in _VALUES})
    if args.json:
        print(json.dumps(result_row(result, args.style, args.rules),
                         ensure_ascii=False))
    else:
        print(result_text(result, args.style))
    return 0


def _line_result(obj: Any, args, options: Dict[str, Any]) -> dict:
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
    line_options = obj.get("options") or {}
    if not isinstance(line_options, dict):
        raise ValueError("options: expected an object")
    if line_options:
        options = dict(options)
        options.update(line_options)
    rules = obj.get("rules", args.rules)
    if not isinstance(rules, str):
        raise ValueError(f"rules: expected a rule set name, got {type(rules).__name__}")
    result = score_hand(rules, hand, obj["win_tile"], texts,
                        {f: obj.get(f, False) for f in _FLAGS}, options,
                        obj.get("flower_indicators"), obj.get("indicator"),
                        obj.get("dealer", False),
                        {k: obj.get(k) for k in _VALUES}, fields=True)
    return result_row(result, args.style, rules)


def run_jsonl(args) -> int:
    """Score every line as it is read; answers flushed whenever the input has nothing
    more ready, and at the end."""
    from ._items import IDLE, Answers, LineReader, read_items

    options = dict(parse_option(o) for o in args.option)
    reader = LineReader(args.jsonl)
    failed = False
    answers = None
    try:
        several, items = read_items(reader)
        answers = Answers(args, reader, "hands")
        for item in items:
            if item is IDLE:
                answers.flush()
                continue
            number, obj = item
            try:
                if isinstance(obj, Exception):
                    raise obj
                if not several:  # one JSON value: its text
                    obj = json.loads(obj)
                row = _line_result(obj, args, options)
            except (MahjongError, ValueError, TypeError, RecursionError) as exc:
                failed = True
                row = {"error": f"line {number}: {exc}"}
            answers.write(json.dumps(row, ensure_ascii=False))
            answers.done()
    finally:
        if answers is not None:
            answers.close()
        reader.close()
    return 1 if failed else 0
