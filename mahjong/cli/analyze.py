"""``mahjong analyze``: shanten per form, useful tiles with unseen counts, and the waits
of a hand that is one tile short of complete (13 tiles, a meld counted as 3) or the
discard table of a hand holding the extra tile (14).

Examples::

    mahjong analyze 123456789m11p23s5z
    mahjong analyze 23m456p789s11z --meld pung:222p --visible 1m4m
    mahjong analyze 19m19p19s1234567z --forms thirteen_orphans,regular --json
    mahjong analyze 123m456p789s11z2z4p --wildcard 4p
    mahjong analyze 123456789m11p23s --rules sichuan
    mahjong analyze 123m456p789s11z2z5z --rules huanggang --indicator 4z
    mahjong analyze "23m456p789s11z [222p]" --style unicode

Melds use the one meld syntax (``pung:222p``, ``[222p]``, ``{345m}``, ``(7777s)``, or bare
tiles read by shape), inside HAND in brackets or with ``--meld``. Options that take several
values (``--forms``, ``--meld``) never swallow the hand: when HAND is missing, the last
value given to them is the hand.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List

from ..errors import MahjongError
from ._items import add_style

_MELD_HELP = ("a meld as KIND:TILES (kind chow, pung, kong or concealed_kong), [TILES] / {345m} / "
              "(7777s), or TILES alone (123m = chow, 222p = pung, 2222p = kong); several may "
              "follow one flag, and the flag may repeat")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "analyze", help="shanten, useful tiles, waits and discards of a hand",
        description="Shanten per form and useful tiles with unseen counts; then the waits "
                    "of a 13-tile hand, or the discard table of a 14-tile hand (a meld "
                    "counts as 3 tiles: 11 concealed tiles and one meld make 14).")
    p.add_argument("tiles", nargs="*", metavar="HAND",
                   help="concealed tiles in any notation, e.g. 123m456p789s1122z; melds may "
                        "follow in brackets: \"23m456p789s11z [222p]\"")
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
    p.add_argument("--rules", default=None, metavar="NAME",
                   help="analyse as the rule set plays: its hand forms, its tile set, its "
                        "void suit (缺门) and wildcard indicator (e.g. sichuan, guobiao, "
                        "huanggang); default: no rule set (all five forms, all 34 tiles)")
    p.add_argument("--void-suit", dest="void_suit", default=None, metavar="SUIT",
                   help="the suit (m, p or s) the hand must end without (缺门, e.g. the "
                        "Sichuan 定缺); with --rules sichuan or yunnan the default is the "
                        "best suit")
    p.add_argument("--indicator", default=None, metavar="TILE",
                   help="the turned-up indicator of --rules huanggang (赖子皮): the "
                        "wildcard is the tile it shows")
    add_style(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def parse_meld_arg(text: str):
    """``pung:222p`` -> ("pung", "222p"); ``222p`` -> ("pung", "222p"); any form of the one
    meld syntax (:data:`mahjong.hand.MELD_SYNTAX`).

    >>> parse_meld_arg("chow:123m"), parse_meld_arg("7777s"), parse_meld_arg("(1111z)")
    (('chow', '123m'), ('kong', '7777s'), ('concealed_kong', '1111z'))
    """
    from ..hand import parse_meld
    from ..tiles import format_tiles

    try:
        meld = parse_meld(text)
    except MahjongError as exc:
        raise MahjongError(f"--meld {text!r}: give KIND:TILES or a chow/pung/kong's tiles "
                           f"({exc})") from None
    return meld.kind, format_tiles(meld.tiles)


def analyze(hand, melds=(), forms=None, visible=None, wildcard=None,
            style: str = "tenhou", rules=None, void_suit=None, indicator=None
            ) -> Dict[str, Any]:
    """Everything ``mahjong analyze`` prints, as a JSON-ready dict (tiles in ``style``);
    ``rules``, ``void_suit`` and ``indicator`` as for :func:`mahjong.shanten`."""
    from .. import analysis
    from ..hand import parse_melds
    from ..tiles import format_tiles as _format, tile_counts

    def format_tiles(ids):
        return _format(ids, style)

    melds = parse_melds(melds)
    counts = tile_counts(hand)
    n_tiles = int(counts.sum())
    w = analysis.wildcard_id(wildcard)
    unseen = analysis.unseen_counts(counts, melds, visible)
    wild = None if w < 0 else w
    ruled = dict(rules=rules, void_suit=void_suit, indicator=indicator)
    if indicator is not None and rules is not None:   # the wildcard the indicator shows
        w = analysis.wildcard_id(analysis._plan(rules, forms, None, void_suit,
                                                indicator).wildcard)
    shown = forms if rules is None or forms is not None else analysis.rule_view(rules).forms
    chosen = analysis.FORMS if shown is None else [
        f for f in analysis.FORMS if analysis.forms_mask(shown) & analysis.FORM_BITS[f]]
    by_form = analysis.shanten_by_form(counts, melds, wildcard=wild, **ruled)
    useful = analysis.useful_tiles(counts, melds, forms, wildcard=wild, **ruled)
    result: Dict[str, Any] = {
        "hand": format_tiles([t for t in range(34) for _ in range(int(counts[t]))]),
        "melds": [m.to_dict(style) for m in melds],
        "shanten": analysis.shanten(counts, melds, forms, wildcard=wild, **ruled),
        "shanten_by_form": {f: by_form[f] for f in chosen},
        "useful": [{"tile": format_tiles([t]), "unseen": int(unseen[t])} for t in useful],
        "useful_unseen": int(sum(int(unseen[t]) for t in useful)),
    }
    result["tiles"] = result["hand"]  # the old key (records say "hand"): kept for 0.2
    if rules is not None:
        result["rules"] = analysis.rule_view(rules).name
    if w >= 0:
        result["wildcard"] = format_tiles([w])
    if n_tiles + 3 * len(melds) == 13:
        result["waits"] = [format_tiles([t])
                           for t in analysis.waits(counts, melds, forms, wildcard=wild,
                                                   **ruled)]
    else:
        result["discards"] = [
            {"discard": format_tiles([o.tile]), "shanten": o.shanten,
             "useful": [format_tiles([t]) for t in o.useful], "unseen": o.unseen}
            for o in analysis.discard_analysis(counts, melds, forms, visible, wildcard=wild,
                                               **ruled)]
    return result


def _text(result: Dict[str, Any]) -> str:
    lines: List[str] = []
    melds = " ".join(f"[{m['type']} {m['tiles']}]" for m in result["melds"])
    lines.append(f"hand     {result['hand']}" + (f"  {melds}" if melds else "")
                 + (f"  wildcard {result['wildcard']}" if "wildcard" in result else "")
                 + (f"  rules {result['rules']}" if "rules" in result else ""))
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


def _hand_from_options(args) -> None:
    """When HAND is missing, an option taking several values took it: the last value given
    to ``--forms`` (when it is no form name) or to ``--meld`` is the hand."""
    from .. import analysis

    from ._items import joined_hand

    args.tiles = joined_hand(args.tiles) if isinstance(args.tiles, list) else args.tiles
    if args.tiles is not None:
        return
    if args.forms and not all(f.strip() in analysis.FORM_BITS
                              for f in args.forms[-1].split(",") if f.strip()):
        args.tiles = args.forms.pop()
    elif args.melds:
        args.tiles = args.melds.pop()
    else:
        raise MahjongError("give a HAND, e.g. mahjong analyze 123m456p789s1122z")


def run(args) -> int:
    from ..hand import split_melds

    _hand_from_options(args)
    concealed, in_hand = split_melds(args.tiles)
    melds = [(m.kind, m.tiles) for m in in_hand] + [parse_meld_arg(m) for m in args.melds]
    forms = None
    if args.forms:
        forms = [f.strip() for group in args.forms for f in group.split(",") if f.strip()]
    result = analyze(concealed, melds, forms, args.visible, args.wildcard,
                     getattr(args, "style", "tenhou"), args.rules, args.void_suit,
                     args.indicator)
    print(json.dumps(result, ensure_ascii=False) if args.json else _text(result))
    return 0
