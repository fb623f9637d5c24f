"""``mahjong gb``: Guobiao fans of one hand (a readable table), of a JSON-lines file, or
the value of every wait of a ready hand.

Examples::

    mahjong gb 234m567m345p678s2s --win-tile 2s --self-drawn --seat-wind N
    mahjong gb "222m88m11z [777z] [555m]" --win-tile 8m --json
    mahjong gb 1112345678999m --waits
    mahjong gb --jsonl examples/gb_hands.jsonl > scores.jsonl      (- reads standard input)

HAND holds 13 tiles (the standing tiles plus 3 per meld) before the winning tile, or 14
with the winning tile among them, as hand records do; ``--win`` is short for
``--win-tile``.

A JSON line is ``{"hand": "...", "melds": ["[777z]", {"type": "pung", "tiles": "222p"}],
"win_tile": "5z", "self_drawn": true, "fourth_tile": false, "replacement": false,
"robbing_kong": false, "last_tile": false, "seat_wind": 0, "round_wind": 1,
"flowers": 0}`` (only ``hand`` and ``win_tile`` are required; 联众 lines may add
``heavenly``, ``earthly``, ``first_round``, ``heavenly_ready`` with ``--rules lianzhong``;
the old field names ``win`` and ``last_of_wall`` still work for this release, with a note on
standard error). Each line gets one output line, in order, written as soon as its chunk is
scored: ``{"total", "base_total", "meets_minimum", "fans": [{"name", "name_en", "points",
"count"}]}``, or ``{"error": "line N: ..."}`` and the run goes on (a line that is not UTF-8,
not JSON or nested too deeply is such an error). Blank lines are skipped; line ends are
``\n`` or ``\r\n`` for a file and for standard input alike. The exit status is 1 when any
line was an error.
"""
from __future__ import annotations

import functools
import json
import sys
from typing import Any, Dict, Iterable, List, Optional, Tuple

from ..errors import InvalidContextError, MahjongError
from ._items import add_style

# JSON line field -> score() keyword (the record names: hand, win_tile, last_tile ...).
LINE_FIELDS = {
    "hand": "tiles", "melds": "melds", "win_tile": "win_tile", "self_drawn": "self_drawn",
    "fourth_tile": "fourth_tile", "replacement": "replacement",
    "robbing_kong": "robbing_kong", "last_tile": "last_tile",
    "seat_wind": "seat_wind", "round_wind": "round_wind", "flowers": "flowers",
    "heavenly": "heavenly", "earthly": "earthly", "first_round": "first_round",
    "heavenly_ready": "heavenly_ready",
}
#: what a single hand's flags are (flag, dest, default, the JSON line's field)
_HAND_FLAGS = (("--win-tile", "win_tile", None, "win_tile"), ("--meld", "melds", [], "melds"),
               *((f"--{f.replace('_', '-')}", f, False, f)
                 for f in ("self_drawn", "fourth_tile", "replacement", "robbing_kong",
                           "last_tile", "heavenly", "earthly", "first_round", "heavenly_ready")),
               ("--last-of-wall", "last_of_wall_old", False, "last_tile"),
               ("--seat-wind", "seat_wind", "E", "seat_wind"),
               ("--round-wind", "round_wind", "E", "round_wind"),
               ("--flowers", "flowers", 0, "flowers"), ("--waits", "waits", False, None))
# Old field names, accepted for this release (a note on stderr once per run).
LINE_ALIASES = {"win": "win_tile", "last_of_wall": "last_tile"}
CHUNK = 4096  # lines held before their answers are written (when the input keeps coming)


def _variant(text: str) -> str:
    """--rules in any case; ``guobiao`` (the rule set's name elsewhere) is ``standard``."""
    text = text.lower()
    return "standard" if text == "guobiao" else text


def register(subparsers) -> None:
    from .._syntax import MELD_SYNTAX

    p = subparsers.add_parser(
        "gb", help="Guobiao (MCR) fans of a hand, a JSON-lines file, or a ready hand's waits "
                   "(short for `score --rules guobiao`, with --waits)",
        description="Score Guobiao hands. HAND is 13 tiles before the winning tile, or 14 "
                    "with it, in any notation (123m456p..., W1 B2 T3 F1 J1, 🀇🀈, 一万 ...); "
                    "melds may be written inside it in brackets: \"222m88m11z [777z] "
                    "[555m]\".",
        epilog=f"Melds (in HAND or with --meld, comma-separated, the option repeatable): "
               f"{MELD_SYNTAX}.")
    p.add_argument("hand", nargs="*", help="the hand: 13 tiles, or 14 with the winning tile "
                                           "(several words are joined: 23m [222p])")
    p.add_argument("--win-tile", "--win", dest="win_tile", metavar="TILE",
                   help="the winning tile (--win for short)")
    p.add_argument("--meld", "--melds", dest="melds", action="append", default=[],
                   metavar="MELDS", help="called sets, e.g. 'pung:222p, chow:345m' or "
                                         "'[222p] (7777s)'")
    p.add_argument("--self-drawn", action="store_true", help="自摸")
    p.add_argument("--fourth-tile", action="store_true", help="和绝张 (last copy)")
    p.add_argument("--replacement", action="store_true", help="杠上开花 (kong replacement)")
    p.add_argument("--robbing-kong", action="store_true", help="抢杠和")
    p.add_argument("--last-tile", action="store_true",
                   help="the last tile of the wall (妙手回春 / 海底捞月)")
    p.add_argument("--last-of-wall", action="store_true", dest="last_of_wall_old",
                   help="old name of --last-tile")
    p.add_argument("--seat-wind", default="E", metavar="WIND",
                   help="seat wind 门风: E S W N, 0-3, east.., 东.. (default E)")
    p.add_argument("--round-wind", default="E", metavar="WIND",
                   help="round (prevalent) wind 圈风 (default E)")
    p.add_argument("--flowers", type=int, default=0, help="flower tiles (0-8)")
    p.add_argument("--rules", choices=("standard", "lianzhong"), default="standard",
                   type=_variant,
                   help="rule set, any case (default standard, also named guobiao; "
                        "lianzhong adds the 联众 extra fans)")
    p.add_argument("--no-ming-an-gang-5", dest="ming_an_gang_5", action="store_false",
                   help="one melded and one concealed kong score 明杠 + 暗杠 (1 + 2), the 1998 "
                        "reading, not 明暗杠 (5): the option ming_an_gang_5=false")
    for flag, text in (("heavenly", "天和"), ("earthly", "地和"), ("first-round", "人和"),
                       ("heavenly-ready", "天听")):
        p.add_argument(f"--{flag}", action="store_true", help=f"{text} (--rules lianzhong)")
    p.add_argument("--waits", action="store_true",
                   help="HAND is a ready hand without --win-tile: list every wait and its "
                        "value")
    add_style(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--jsonl", metavar="FILE",
                   help="score one JSON object per line of FILE (- = stdin), one result "
                        "per line")
    p.add_argument("--decomposition", action="store_true",
                   help="with --jsonl: add the chosen reading of each hand")
    p.add_argument("--no-progress", action="store_true",
                   help="with --jsonl: no progress bar (shown on a terminal when tqdm is "
                        "installed)")
    p.set_defaults(func=run)


# --- argument helpers ---------------------------------------------------------------------

def parse_meld_specs(specs: Iterable[str]):
    """Melds from CLI text: items in the one meld syntax (:data:`mahjong.hand.MELD_SYNTAX`),
    separated by commas or spaces, from each value of a repeatable option."""
    from ..hand import parse_meld_text

    return [m for spec in specs for m in parse_meld_text(spec)]


def _score_kwargs(args) -> Dict[str, Any]:
    from . import deprecated

    if args.last_of_wall_old:
        deprecated("--last-of-wall", "--last-tile")
    kw = dict(self_drawn=args.self_drawn, fourth_tile=args.fourth_tile,
              replacement=args.replacement, robbing_kong=args.robbing_kong,
              last_tile=args.last_tile or args.last_of_wall_old,
              seat_wind=_wind_arg(args.seat_wind), round_wind=_wind_arg(args.round_wind),
              flowers=args.flowers, rules=args.rules)
    if not args.ming_an_gang_5:
        kw["ming_an_gang_5"] = False
    if args.rules == "lianzhong":
        kw.update(heavenly=args.heavenly, earthly=args.earthly, first_round=args.first_round,
                  heavenly_ready=args.heavenly_ready)
    elif args.heavenly or args.earthly or args.first_round or args.heavenly_ready:
        raise InvalidContextError("--heavenly/--earthly/--first-round/--heavenly-ready are "
                                  "联众 fans: add --rules lianzhong")
    return kw


def _wind_arg(value: str):
    return int(value) if value.isascii() and value.isdigit() else value


def standing_tiles(tiles: Any, melds, win_tile: Any) -> Tuple[Any, Any]:
    """:func:`mahjong.hand.standing_tiles`: a 14-tile hand loses its winning tile."""
    from ..hand import standing_tiles as _standing

    return _standing(tiles, melds, win_tile)


# --- single hand ------------------------------------------------------------------------

def run(args) -> int:
    from ..hand import split_melds
    from ..ruleset import get_ruleset
    from ..tiles import format_tiles, to_tile_ids
    from ._items import joined_hand, refuse_hand_flags

    room = get_ruleset("guobiao")     # the room's public face, from the registry
    score, wait_values = room.score, room.wait_values
    args.hand = joined_hand(args.hand) if isinstance(args.hand, list) else args.hand
    if args.jsonl:
        if args.hand:
            raise InvalidContextError("give either HAND or --jsonl FILE, not both")
        refuse_hand_flags(args, _HAND_FLAGS)
        return run_jsonl(args)
    if not args.hand:
        raise InvalidContextError("give a HAND (with --win-tile TILE or --waits) or --jsonl "
                                  "FILE")
    concealed, in_hand = split_melds(args.hand)
    melds = list(in_hand) + parse_meld_specs(args.melds)
    kw = _score_kwargs(args)
    style = args.style
    if args.waits or args.win_tile is None:
        if args.win_tile is not None:
            raise InvalidContextError("--waits tries every tile: do not give --win-tile")
        n = len(to_tile_ids(concealed)) + 3 * sum(1 for m in melds if not m.is_single)
        if n == 14:
            raise InvalidContextError("a 14-tile hand: give --win-tile TILE (which tile "
                                      "completed it) to score it")
        if not args.waits:
            print("mahjong gb: no --win-tile given: listing the waits of this hand (add "
                  "--win-tile TILE to score a win, or --waits to ask for this)",
                  file=sys.stderr)
        waits = wait_values(concealed, melds, **kw)
        if args.json:
            print(json.dumps([dict(tile=format_tiles([w.tile], style),
                                   copies_left=w.copies_left,
                                   **(w.result.to_dict(decomposition=False) if w.result
                                      else {"error": w.error})) for w in waits],
                             ensure_ascii=False))
            return 0
        if not waits:
            print("not ready: no tile completes this hand")
            return 0
        for w in waits:
            text = str(w)
            if style != "tenhou":
                text = format_tiles([w.tile], style) + text[len(w.name):]
            print(text)
        return 0
    from ..hand import check_hand_size

    check_hand_size(concealed, melds)
    tiles, win = standing_tiles(concealed, melds, args.win_tile)
    result = score(tiles, melds, win_tile=win, **kw)
    if args.json:
        print(json.dumps(result.to_dict(style=style), ensure_ascii=False))
        return 0
    as_given = tiles is concealed and style == "tenhou"  # the hand as the user wrote it
    shown = [concealed if as_given else format_tiles(to_tile_ids(tiles), style)] + [
        m.format(style) for m in melds] + [
        "+" + format_tiles([result.win_tile], style)]
    print("hand:    " + " ".join(shown))
    print(f"reading: {result.decomposition.format(style)}")
    print(result.table())
    return 0


# --- JSON lines -------------------------------------------------------------------------

def _decode(number: int, raw: Any) -> str:
    from ._items import decode

    return decode(number, raw)


@functools.lru_cache(maxsize=4096)
def _parse_meld_cached(key) -> Any:
    """A meld of the common hashable forms (text, or a (type, tiles) pair), parsed once per
    distinct meld of the input (files repeat the same few hundred melds)."""
    from ..hand import parse_meld

    return parse_meld(key)


def _line_kwargs(text: str, rules: str, aliases_seen: Optional[set] = None) -> Dict[str, Any]:
    """score() keyword arguments of one JSON line (raises ValueError with the cause)."""
    from ..hand import parse_meld

    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise ValueError("invalid JSON: nested too deeply") from None
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    for old, new in LINE_ALIASES.items():
        if old in obj:
            if new in obj:
                raise ValueError(f"both {old!r} and {new!r} given ({old!r} is the old name "
                                 f"of {new!r})")
            obj[new] = obj.pop(old)
            if aliases_seen is not None:
                aliases_seen.add(old)
    if "rules" in obj:  # a line of a file that mixes rule sets: Guobiao's are ours
        _guobiao_line(obj.pop("rules"))
    unknown = sorted(set(obj) - set(LINE_FIELDS))
    if unknown:
        raise ValueError(f"unknown field(s) {unknown}; fields are {sorted(LINE_FIELDS)}")
    for required in ("hand", "win_tile"):
        if required not in obj:
            raise ValueError(f"missing field {required!r}")
    kw = {LINE_FIELDS[k]: v for k, v in obj.items()}
    melds = kw.get("melds") or []
    if not isinstance(melds, list):
        raise ValueError(f"melds: expected a list, got {type(melds).__name__}")
    parsed = []
    for i, m in enumerate(melds):
        try:
            # the common forms are hashable and parsed once per distinct meld
            if isinstance(m, str) or (isinstance(m, dict) and len(m) == 2
                                      and isinstance(m.get("type"), str)
                                      and isinstance(m.get("tiles"), str)):
                key = m if isinstance(m, str) else (m["type"], m["tiles"])
                parsed.append(_parse_meld_cached(key))
            else:
                parsed.append(parse_meld(tuple(m) if isinstance(m, list) else m))
        except MahjongError as exc:
            raise type(exc)(f"melds[{i}]: {exc}") from None
    tiles = kw["tiles"]
    if isinstance(tiles, str) and ("[" in tiles or "(" in tiles or "{" in tiles
                                   or "<" in tiles):  # melds in the hand, bracketed
        from ..hand import split_melds

        try:
            kw["tiles"], inside = split_melds(tiles)
        except MahjongError as exc:
            raise type(exc)(f"hand: {exc}") from None
        parsed = list(inside) + parsed
    kw["melds"] = parsed
    _check_size(kw["tiles"], parsed)
    if _may_hold_the_win(kw["tiles"], parsed):
        kw["tiles"], kw["win_tile"] = standing_tiles(kw["tiles"], parsed, kw["win_tile"])
    if rules != "standard":
        kw["rules"] = rules
    return kw


def _check_size(tiles: Any, melds) -> None:
    """13 tiles (before the winning tile) or 14 (with it), melds counted as 3; a tenhou
    string is counted without parsing it."""
    from .._reader import tenhou_size
    from ..hand import check_hand_size

    n = tenhou_size(tiles)
    if n >= 0:
        if n + 3 * sum(1 for m in melds if not m.is_single) in (13, 14):
            return
    check_hand_size(tiles, melds)


def _guobiao_line(rules: Any) -> None:
    """A line's ``rules`` field: ``guobiao`` (any case) is this command's; another rule set
    is scored by ``mahjong score --jsonl``, which reads every rule set."""
    from ..ruleset import ruleset_info

    try:
        name = ruleset_info(rules).name
    except MahjongError as exc:
        raise ValueError(f"rules: {exc}") from None
    if name != "guobiao":
        raise ValueError(f"rules: {name!r} lines are scored by `mahjong score --jsonl` (it "
                         "reads every rule set)")


def _may_hold_the_win(tiles: Any, melds) -> bool:
    """False when ``tiles`` is surely not a 14-tile hand (a tenhou string is counted without
    parsing it: its digits are its tiles), so most lines skip :func:`standing_tiles`."""
    from .._reader import tenhou_size

    n = tenhou_size(tiles)
    if n >= 0:
        return n + 3 * sum(1 for m in melds if not m.is_single) == 14
    return True


def _result_row(result, with_decomposition: bool) -> dict:
    return result.to_dict(decomposition=with_decomposition)


def run_jsonl(args) -> int:
    """Score every line, in order, as it is read (:func:`mahjong.guobiao.score`, the room's
    public face), in chunks, each chunk written as soon as it is scored and flushed whenever the
    input has nothing more ready (and at the end)."""
    from ..ruleset import get_ruleset
    from . import deprecated
    from ._items import Answers, LineReader, lines

    score = get_ruleset("guobiao").score
    if not args.ming_an_gang_5:
        score = functools.partial(score, ming_an_gang_5=False)
    failed = False
    chunk: List[Tuple[int, Any]] = []
    aliases: set = set()
    reader = LineReader(args.jsonl)
    answers = Answers(args, reader, "lines")

    def answer():
        nonlocal failed
        if not chunk:
            return
        rows = _score_chunk(chunk, args.rules, args.decomposition, score)
        for row in rows:
            failed = failed or "error" in row
            answers.write(json.dumps(row, ensure_ascii=False))
        answers.done(len(rows))
        chunk.clear()

    try:
        for number, raw in lines(reader):
            if raw is None:  # the input has nothing more ready: answer what we hold
                answer()
                answers.flush()
                continue
            try:
                text = _decode(number, raw)
                if not text.strip():
                    continue
                chunk.append((number, _line_kwargs(text, args.rules, aliases)))
            except (ValueError, TypeError, RecursionError) as exc:
                chunk.append((number, f"line {number}: {exc}"))
            if len(chunk) >= CHUNK:
                answer()
        answer()
    finally:
        answers.close()
        reader.close()
        for old in sorted(aliases):
            deprecated(f"the JSON field {old!r}", repr(LINE_ALIASES[old]))
    return 1 if failed else 0


def _score_chunk(chunk, rules: str, with_decomposition: bool, score) -> List[dict]:
    """Output rows of a chunk of parsed lines (an error string or score() kwargs)."""
    rows = []
    for number, kw in chunk:
        if isinstance(kw, str):
            rows.append({"error": kw})
            continue
        kw = dict(kw)
        try:
            result = score(kw.pop("tiles"), kw.pop("melds", ()), **kw)
        except (MahjongError, ValueError, TypeError, RecursionError) as exc:
            rows.append({"error": f"line {number}: {exc}"})
            continue
        rows.append(_result_row(result, with_decomposition))
    return rows


