"""``mahjong analyze``: shanten per form, useful tiles with unseen counts, and for a
14 - 3m tile hand the discard table.

Examples::

    mahjong analyze 123456789m11p23s5z
    mahjong analyze 23m456p789s11z --meld pung:222p --visible 1m4m
    mahjong analyze 19m19p19s1234567z --forms thirteen_orphans,regular --json
    mahjong analyze 123m456p789s11z2z4p --wildcard 4p
"""
from __future__ import annotations

import json
from typing import Any, Dict, List

from ..errors import MahjongError

_MELD_HELP = ("a meld as KIND:TILES (kind chow, pung, kong or concealed_kong), or TILES alone "
              "(123m = chow, 222p = pung, 2222p = kong); several may follow one flag, and the flag "
              "may repeat")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "analyze", help="shanten, useful tiles, waits and discards of a hand",
        description="Shanten per form, useful tiles with unseen counts, waits, and for a "
                    "14 - 3m tile hand the discard table.")
    p.add_argument("tiles", help="concealed tiles in any notation, e.g. 123m456p789s1122z")
    p.add_argument("--meld", "--melds", dest="melds", action="extend", nargs="+", default=[],
                   metavar="MELD", help=_MELD_HELP)
    p.add_argument("--forms", default=None, action="extend", nargs="+", metavar="FORM",
                   help="forms, comma- or space-separated (regular, seven_pairs, "
                        "thirteen_orphans, honors_knitted, knitted_straight); default: all")
    p.add_argument("--visible", default=None,
                   help="tiles seen elsewhere (discards, other melds) for the unseen counts")
    p.add_argument("--wildcard", default=None, metavar="TILE",
                   help="the wildcard kind (赖子), e.g. 4p: every concealed copy may stand "
                        "for any tile")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def parse_meld_arg(text: str):
    """``pung:222p`` -> ("pung", "222p"); ``222p`` -> ("pung", "222p").

    >>> parse_meld_arg("chow:123m"), parse_meld_arg("7777s")
    (('chow', '123m'), ('kong', '7777s'))
    """
    from ..tiles import to_tile_ids

    if ":" in text:
        kind, tiles = text.split(":", 1)
        return kind.strip(), tiles.strip()
    ids = to_tile_ids(text)
    if len(set(ids)) > 1 and len(ids) == 3:
        return "chow", text
    if len(set(ids)) == 1 and len(ids) == 4:
        return "kong", text
    if len(set(ids)) == 1 and len(ids) == 3:
        return "pung", text
    raise MahjongError(f"--meld {text!r}: give KIND:TILES or a chow/pung/kong's tiles")


def analyze(tiles, melds=(), forms=None, visible=None, wildcard=None) -> Dict[str, Any]:
    """Everything ``mahjong analyze`` prints, as a JSON-ready dict."""
    from .. import analysis
    from ..hand import parse_melds
    from ..tiles import format_tiles, tile_counts

    melds = parse_melds(melds)
    counts = tile_counts(tiles)
    n_tiles = int(counts.sum())
    w = analysis.wildcard_id(wildcard)
    unseen = analysis.unseen_counts(counts, melds, visible)
    chosen = analysis.FORMS if forms is None else [
        f for f in analysis.FORMS if analysis.forms_mask(forms) & analysis.FORM_BITS[f]]
    wild = None if w < 0 else w
    by_form = analysis.shanten_by_form(counts, melds, wildcard=wild)
    useful = analysis.useful_tiles(counts, melds, forms, wildcard=wild)
    result: Dict[str, Any] = {
        "tiles": format_tiles([t for t in range(34) for _ in range(int(counts[t]))]),
        "melds": [m.to_json() for m in melds],
        "shanten": analysis.shanten(counts, melds, forms, wildcard=wild),
        "shanten_by_form": {f: by_form[f] for f in chosen},
        "useful": [{"tile": format_tiles([t]), "unseen": int(unseen[t])} for t in useful],
        "useful_unseen": int(sum(int(unseen[t]) for t in useful)),
    }
    if wild is not None:
        result["wildcard"] = format_tiles([w])
    if n_tiles + 3 * len(melds) == 13:
        result["waits"] = [format_tiles([t])
                           for t in analysis.waits(counts, melds, forms, wildcard=wild)]
    else:
        result["discards"] = [
            {"discard": format_tiles([o.tile]), "shanten": o.shanten,
             "useful": [format_tiles([t]) for t in o.useful], "unseen": o.unseen}
            for o in analysis.discard_analysis(counts, melds, forms, visible, wildcard=wild)]
    return result


def _text(result: Dict[str, Any]) -> str:
    lines: List[str] = []
    melds = " ".join(f"[{m['type']} {m['tiles']}]" for m in result["melds"])
    lines.append(f"hand     {result['tiles']}" + (f"  {melds}" if melds else "")
                 + (f"  wildcard {result['wildcard']}" if "wildcard" in result else ""))
    lines.append(f"shanten  {result['shanten']}" + ("  (complete)" if result["shanten"] == -1
                                                   else "  (ready)" if result["shanten"] == 0
                                                   else ""))
    for form, value in result["shanten_by_form"].items():
        lines.append(f"  {form:<18}{'n/a' if value is None else value}")
    useful = " ".join(f"{u['tile']}({u['unseen']})" for u in result["useful"]) or "-"
    lines.append(f"useful   {useful}   [{result['useful_unseen']} unseen]")
    if "waits" in result:
        lines.append(f"waits    {' '.join(result['waits']) or '-'}")
    if "discards" in result:
        lines.append("discard  shanten  unseen  useful")
        for d in result["discards"]:
            lines.append(f"  {d['discard']:<7}{d['shanten']:>7}{d['unseen']:>8}  "
                         f"{' '.join(d['useful']) or '-'}")
    return "\n".join(lines)


def run(args) -> int:
    melds = [parse_meld_arg(m) for m in args.melds]
    forms = None
    if args.forms:
        forms = [f.strip() for group in args.forms for f in group.split(",") if f.strip()]
    result = analyze(args.tiles, melds, forms, args.visible, args.wildcard)
    print(json.dumps(result, ensure_ascii=False) if args.json else _text(result))
    return 0
