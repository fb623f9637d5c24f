"""``mahjong gb``: Guobiao fans of one hand (a readable table), of a JSON-lines file, or
the value of every wait of a ready hand.

Examples::

    mahjong gb 234m567m345p678s2s --win 2s --self-drawn --seat-wind N
    mahjong gb 222m88m11z --melds "pung:777z, pung:555m" --win 8m --json
    mahjong gb 1112345678999m --waits
    mahjong gb --jsonl hands.jsonl > scores.jsonl        (- reads standard input)

A JSON line is ``{"hand": "...", "melds": [{"type": "pung", "tiles": "222p"}],
"win": "5z", "self_drawn": true, "fourth_tile": false, "replacement": false,
"robbing_kong": false, "last_of_wall": false, "seat_wind": 0, "round_wind": 1,
"flowers": 0}`` (only ``hand`` and ``win`` are required; 联众 lines may add
``heavenly``, ``earthly``, ``first_round``, ``heavenly_ready`` with ``--rules lianzhong``).
Each line gets one output line: ``{"total", "base_total", "meets_minimum", "fans":
[{"name", "name_en", "points", "count"}]}``, or ``{"error": "line N: ..."}`` and the
run goes on. Blank lines are skipped. The exit status is 1 when any line was an error.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple

from ..errors import InvalidHandError, MahjongError
from ..hand import Meld, parse_meld
from ..tiles import format_tiles

LINE_FIELDS = {
    "hand": "tiles", "melds": "melds", "win": "win_tile", "self_drawn": "self_drawn",
    "fourth_tile": "fourth_tile", "replacement": "replacement",
    "robbing_kong": "robbing_kong", "last_of_wall": "last_of_wall",
    "seat_wind": "seat_wind", "round_wind": "round_wind", "flowers": "flowers",
    "heavenly": "heavenly", "earthly": "earthly", "first_round": "first_round",
    "heavenly_ready": "heavenly_ready",
}
CHUNK = 4096  # lines scored per batch-kernel call


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "gb", help="Guobiao (MCR) fans of a hand, a JSON-lines file, or a ready hand's waits",
        description="Score Guobiao hands. HAND is the standing tiles before the winning "
                    "tile, in any notation (123m456p..., W1 B2 T3 F1 J1, 🀇🀈, 一万 ...).",
        epilog="Melds: kind:tiles (chow:345m, pung:222p, kong:7777s, concealed_kong:1111z) "
               "or [222p] / [7777s] / (7777s) for an exposed pung / kong / concealed kong, "
               "comma-separated, the option repeatable.")
    p.add_argument("hand", nargs="?", help="standing tiles before the winning tile")
    p.add_argument("--win", metavar="TILE", help="the winning tile")
    p.add_argument("--melds", action="append", default=[], metavar="MELDS",
                   help="called sets, e.g. 'pung:222p, chow:345m' or '[222p] (7777s)'")
    p.add_argument("--self-drawn", action="store_true", help="自摸")
    p.add_argument("--fourth-tile", action="store_true", help="和绝张 (last copy)")
    p.add_argument("--replacement", action="store_true", help="杠上开花 (kong replacement)")
    p.add_argument("--robbing-kong", action="store_true", help="抢杠和")
    p.add_argument("--last-of-wall", action="store_true",
                   help="last tile of the wall (妙手回春 / 海底捞月)")
    p.add_argument("--seat-wind", default="E", metavar="WIND",
                   help="seat wind 门风: E S W N, 0-3, east.., 东.. (default E)")
    p.add_argument("--round-wind", default="E", metavar="WIND",
                   help="round (prevalent) wind 圈风 (default E)")
    p.add_argument("--flowers", type=int, default=0, help="flower tiles (0-8)")
    p.add_argument("--rules", choices=("standard", "lianzhong"), default="standard",
                   help="rule set (default standard; lianzhong adds the 联众 extra fans)")
    for flag, text in (("heavenly", "天和"), ("earthly", "地和"), ("first-round", "人和"),
                       ("heavenly-ready", "天听")):
        p.add_argument(f"--{flag}", action="store_true", help=f"{text} (--rules lianzhong)")
    p.add_argument("--waits", action="store_true",
                   help="HAND is a ready hand without --win: list every wait and its value")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--jsonl", metavar="FILE",
                   help="score one JSON object per line of FILE (- = stdin), one result "
                        "per line")
    p.add_argument("--decomposition", action="store_true",
                   help="with --jsonl: add the chosen reading of each hand")
    p.set_defaults(func=run)


# --- argument helpers ---------------------------------------------------------------------

def parse_meld_specs(specs: Iterable[str]) -> List[Meld]:
    """Melds from CLI text: ``kind:tiles`` items or bracketed ``[222p]`` / ``(7777s)``,
    separated by commas or spaces."""
    melds = []
    for spec in specs:
        for item in spec.replace(",", " ").split():
            melds.append(_meld_item(item))
    return melds


def _meld_item(item: str) -> Meld:
    if ":" in item:
        kind, tiles = item.split(":", 1)
        return Meld(kind, tiles)
    if item.startswith("(") and item.endswith(")"):
        return Meld("concealed_kong", item[1:-1])
    if item.startswith("[") and item.endswith("]"):
        return _meld_from_tiles(item[1:-1])
    raise InvalidHandError(f"meld {item!r}: write kind:tiles (e.g. pung:222p) or [222p] / "
                           "(7777s)")


def _meld_from_tiles(text: str) -> Meld:
    from ..tiles import parse_tiles

    ids = parse_tiles(text)
    kind = "chow" if len(set(ids)) > 1 else ("pung" if len(ids) == 3 else "kong")
    return Meld(kind, ids)


def _line_meld(value: Any) -> Meld:
    from ..guobiao.scoring import _cached_meld

    if isinstance(value, str):
        return _meld_item(value)
    # the common JSON forms are parsed once per distinct meld
    if (isinstance(value, dict) and len(value) == 2 and isinstance(value.get("type"), str)
            and isinstance(value.get("tiles"), str)):
        return _cached_meld((value["type"], value["tiles"]))
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return _cached_meld(tuple(value))
    return parse_meld(tuple(value) if isinstance(value, list) else value)


def _score_kwargs(args) -> Dict[str, Any]:
    kw = dict(self_drawn=args.self_drawn, fourth_tile=args.fourth_tile,
              replacement=args.replacement, robbing_kong=args.robbing_kong,
              last_of_wall=args.last_of_wall, seat_wind=_wind_arg(args.seat_wind),
              round_wind=_wind_arg(args.round_wind), flowers=args.flowers, rules=args.rules)
    if args.rules == "lianzhong":
        kw.update(heavenly=args.heavenly, earthly=args.earthly, first_round=args.first_round,
                  heavenly_ready=args.heavenly_ready)
    elif args.heavenly or args.earthly or args.first_round or args.heavenly_ready:
        from ..errors import InvalidContextError
        raise InvalidContextError("--heavenly/--earthly/--first-round/--heavenly-ready are "
                                  "联众 fans: add --rules lianzhong")
    return kw


def _wind_arg(value: str):
    return int(value) if value.isdigit() else value


# --- single hand ------------------------------------------------------------------------

def run(args) -> int:
    from ..guobiao import score, wait_values

    if args.jsonl:
        if args.hand:
            from ..errors import InvalidContextError
            raise InvalidContextError("give either HAND or --jsonl FILE, not both")
        return run_jsonl(args)
    if not args.hand:
        from ..errors import InvalidContextError
        raise InvalidContextError("give a HAND (with --win TILE or --waits) or --jsonl FILE")
    melds = parse_meld_specs(args.melds)
    kw = _score_kwargs(args)
    if args.waits or args.win is None:
        if args.win is not None:
            from ..errors import InvalidContextError
            raise InvalidContextError("--waits tries every tile: do not give --win")
        waits = wait_values(args.hand, melds, **kw)
        if args.json:
            print(json.dumps([dict(tile=w.name, copies_left=w.copies_left,
                                   **(w.result.to_json(decomposition=False) if w.result
                                      else {"error": w.error})) for w in waits],
                             ensure_ascii=False))
            return 0
        if not waits:
            print("not ready: no tile completes this hand")
            return 0
        for w in waits:
            print(w)
        return 0
    result = score(args.hand, melds, win_tile=args.win, **kw)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    shown = [args.hand] + [str(m) for m in melds] + ["+" + format_tiles([result.win_tile])]
    print("hand:    " + " ".join(shown))
    print(f"reading: {result.decomposition}")
    print(result.table())
    return 0


# --- JSON lines -------------------------------------------------------------------------

def _read_lines(path: str) -> Iterator[Tuple[int, str]]:
    if path == "-":
        for number, line in enumerate(sys.stdin, 1):
            # a UTF-8 byte order mark (Windows editors, PowerShell) is not part of line 1
            yield number, line.lstrip("\ufeff") if number == 1 else line
        return
    try:
        f = open(path, encoding="utf-8-sig")  # -sig: skip a byte order mark
    except OSError as exc:
        from ..errors import InvalidRecordError
        raise InvalidRecordError(f"cannot read {path}: {exc.strerror}") from None
    with f:
        for number, line in enumerate(f, 1):
            yield number, line


def _line_kwargs(text: str, rules: str) -> Dict[str, Any]:
    """score() keyword arguments of one JSON line (raises ValueError with the cause)."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - set(LINE_FIELDS))
    if unknown:
        raise ValueError(f"unknown field(s) {unknown}; fields are {sorted(LINE_FIELDS)}")
    for required in ("hand", "win"):
        if required not in obj:
            raise ValueError(f"missing field {required!r}")
    kw = {LINE_FIELDS[k]: v for k, v in obj.items()}
    melds = kw.get("melds") or []
    if not isinstance(melds, list):
        raise ValueError(f"melds: expected a list, got {type(melds).__name__}")
    parsed = []
    for i, m in enumerate(melds):
        try:
            parsed.append(_line_meld(m))
        except MahjongError as exc:
            raise type(exc)(f"melds[{i}]: {exc}") from None
    kw["melds"] = parsed
    if rules != "standard":
        kw["rules"] = rules
    return kw


def _result_row(result, with_decomposition: bool) -> dict:
    return result.to_json(decomposition=with_decomposition)


def run_jsonl(args) -> int:
    """Score every line; standard rules go through the batch kernel in chunks."""
    from ..guobiao import score

    failed = False
    out = sys.stdout
    chunk: List[Tuple[int, Any]] = []

    def flush():
        nonlocal failed
        rows = _score_chunk(chunk, args.rules, args.decomposition, score)
        for row in rows:
            failed = failed or "error" in row
            out.write(json.dumps(row, ensure_ascii=False))
            out.write("\n")
        chunk.clear()

    for number, text in _read_lines(args.jsonl):
        if not text.strip():
            continue
        try:
            chunk.append((number, _line_kwargs(text, args.rules)))
        except (ValueError, TypeError) as exc:
            chunk.append((number, f"line {number}: {exc}"))
        if len(chunk) >= CHUNK:
            flush()
    if chunk:
        flush()
    out.flush()
    return 1 if failed else 0


def _score_chunk(chunk, rules: str, with_decomposition: bool, score) -> List[dict]:
    """Output rows of a chunk of parsed lines (an error string or score() kwargs)."""
    if rules == "standard" and not with_decomposition:
        return _score_chunk_batch(chunk)
    rows = []
    for number, kw in chunk:
        if isinstance(kw, str):
            rows.append({"error": kw})
            continue
        kw = dict(kw)
        try:
            result = score(kw.pop("tiles"), kw.pop("melds", ()), **kw)
        except (MahjongError, ValueError, TypeError) as exc:
            rows.append({"error": f"line {number}: {exc}"})
            continue
        rows.append(_result_row(result, with_decomposition))
    return rows


def _score_chunk_batch(chunk) -> List[dict]:
    """The standard rules through the batch kernel: each line is validated in Python
    (a clear message per bad line), the valid ones scored in one kernel call."""
    import numpy as np

    from ..guobiao import _kernel as _gb
    from ..guobiao.batch import ERROR_MESSAGES, pack_hands
    from ..guobiao.fans import MIN_FANS
    from ..guobiao.scoring import _fan_order, _fan, prepare

    rows: List[Optional[dict]] = [None] * len(chunk)
    valid = []
    for i, (number, kw) in enumerate(chunk):
        if isinstance(kw, str):
            rows[i] = {"error": kw}
            continue
        try:
            if set(kw) - {"tiles", "melds", "win_tile", "self_drawn", "fourth_tile",
                          "replacement", "robbing_kong", "last_of_wall", "seat_wind",
                          "round_wind", "flowers"}:
                from ..errors import InvalidContextError
                raise InvalidContextError("heavenly/earthly/first_round/heavenly_ready are "
                                          "联众 fans: run with --rules lianzhong")
            prepared = prepare(kw["tiles"], kw.get("melds", ()), kw["win_tile"],
                               kw.get("self_drawn", False), kw.get("fourth_tile", False),
                               kw.get("replacement", False), kw.get("robbing_kong", False),
                               kw.get("last_of_wall", False), kw.get("seat_wind", 0),
                               kw.get("round_wind", 0), kw.get("flowers", 0))
        except (MahjongError, ValueError, TypeError) as exc:
            rows[i] = {"error": f"line {number}: {exc}"}
            continue
        valid.append((i, number, prepared))
    if valid:
        arrays = pack_hands([prepared[:7] for _, _, prepared in valid])
        totals, fan_counts = _gb.score_batch_kernel(*arrays, 1)
        totals = totals.tolist()
        for j, (i, number, prepared) in enumerate(valid):
            total = totals[j]
            if total < 0:
                message = ("not a winning hand: the tiles form no complete hand"
                           if total == -1 else ERROR_MESSAGES.get(total, f"error {total}"))
                rows[i] = {"error": f"line {number}: {message}"}
                continue
            fans = sorted((_fan(int(f), int(fan_counts[j, f]))
                           for f in np.flatnonzero(fan_counts[j])), key=_fan_order)
            n_flowers = prepared[6]
            rows[i] = {"total": total, "base_total": total - n_flowers,
                       "meets_minimum": total - n_flowers >= MIN_FANS,
                       "fans": [{"name": f.name, "name_en": f.name_en, "points": f.points,
                                 "count": f.count} for f in fans]}
    return rows
