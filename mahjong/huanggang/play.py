"""How Huanggang (红中发财杠 口口番) is played, for the game engine: :func:`play_spec`.

What differs from the engine's common model:

* after the deal one tile is turned up, the 赖子皮 (the record's ``indicator``); the tile
  after it is the 赖子 (wildcard), which never joins a chow, pung or kong with other tiles;
* 红中, 发财 and the 赖子 are konged alone (single-tile kongs, each with a replacement
  draw); 红中 and 发财 never join a chow, pung or kong with other tiles and a winning hand
  may not hold them;
* a win needs 开口 (a chow, pung, or exposed or added kong before it), a winning shape
  (屁胡 with a 2/5/8 pair, or a 大胡), at most one 赖子 in a 屁胡 (杠上开花, 抢杠 and
  海底捞 are exempt), and 起胡: some loser's share, before the cap, reaches
  ``qihu_points`` (64). Seven pairs is not a shape; 将一色 and 风一色 need no sets;
* one winner on a discard (一炮单响: the first claimant in play order);
* only an added kong may be robbed (a 冲杠 on a discard and a concealed kong may not);
* the 海底捞 phase: with four tiles left each player in turn draws one, wins only by
  self-draw and neither discards nor kongs;
* 过水 (option ``pass_lock``).

A win's value is what the winner receives in all (the sum of the losers' shares after the
cap or the tiers), as settlement books it.
"""
from __future__ import annotations

import functools
from typing import Any, List, Mapping, Optional, Sequence, Union

from mahjong_core._types import FORM_REGULAR

from ..additive import tile_of
from ..hand import Meld
from ..playspec import PlaySpec
from ..record import meld_from_strings
from ..tiles import to_tile_ids
from . import _kernel
from .rules import GREEN, RED, RULES_NAME, Rules, laizi_of

__all__ = ["play_spec", "melds_so_far"]

N_SEATS = 4
HAIDI_TILES = 4

#: 将一色: every tile a 2, 5 or 8; 风一色: every tile a wind or 白 (as 34-bit masks)
MASK_258 = sum(1 << t for t in range(27) if t % 9 in (1, 4, 7))
MASK_WINDS_WHITE = sum(1 << t for t in range(27, 32))

_KONG_MELD = {"exposed": "kong", "concealed": "concealed_kong", "single": "single_kong"}


@functools.lru_cache(maxsize=1024)
def _kong_meld(kind: str, tile: int) -> Meld:
    """The meld of a kong event (``kind`` exposed, concealed, single; melds are immutable,
    so each is built once)."""
    return Meld(_KONG_MELD[kind], (tile,) * (1 if kind == "single" else 4))


def melds_so_far(events: Sequence[Mapping[str, Any]], seats: int = N_SEATS
                 ) -> List[List[Meld]]:
    """Each seat's melds after the record events ``events`` (JSON-ready dicts): chows and
    pungs claimed, kongs of every kind (an added kong turns its pung into a kong)."""
    melds: List[List[Meld]] = [[] for _ in range(seats)]
    for ev in events:
        kind = ev["type"]
        if kind == "chow" or kind == "pung":
            tiles = ev["tiles"]
            melds[ev["seat"]].append(meld_from_strings(kind, tiles) if type(tiles) is str
                                     else Meld(kind, tuple(to_tile_ids(tiles))))
        elif kind == "kong":
            t = tile_of(ev["tile"])
            own = melds[ev["seat"]]
            if ev["kind"] == "added":
                k = next(k for k, m in enumerate(own) if m.kind == "pung" and m.tile == t)
                own[k] = _kong_meld("exposed", t)
            else:
                own.append(_kong_meld(ev["kind"], t))
    return melds


def play_spec(rules: Optional[Union[Rules, Mapping[str, Any]]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of Huanggang with the options ``rules``
    (None, a :class:`~mahjong.huanggang.Rules` or a mapping of options).

    >>> spec = play_spec()
    >>> spec.wildcard_of(11), spec.single_kong_tiles, spec.haidi_draw_only  # 3p shows 4p
    (12, (32, 33), 4)
    >>> from mahjong.playspec import WinQuery
    >>> record = {"rules": "huanggang", "dealer": 0, "indicator": "3p", "events": [
    ...     {"type": "pung", "seat": 0, "tiles": "111s", "from": 1},
    ...     {"type": "chow", "seat": 2, "tiles": "345m", "from": 1},
    ...     {"type": "pung", "seat": 2, "tiles": "888p", "from": 3},
    ...     {"type": "chow", "seat": 3, "tiles": "123s", "from": 2},
    ...     {"type": "chow", "seat": 3, "tiles": "789s", "from": 2}]}
    >>> win = {"type": "win", "seat": 2, "hand": "234s567s55m", "win_tile": "7s",
    ...        "melds": [{"type": "chow", "tiles": "345m"}, {"type": "pung", "tiles": "888p"}]}
    >>> spec.win_value(WinQuery(record, win, ()))   # 64 + 16 + 64
    144
    """
    rules = Rules.from_mapping(rules)

    options = rules.changed()
    if "tiers" in options and options["tiers"] is not None:
        options["tiers"] = list(options["tiers"])
    return PlaySpec(
        rules=RULES_NAME,
        options=options,
        # what settlement books for a win, by the kernel score() reads (the losers' shares
        # from every seat's melds on the table)
        win_check=_kernel.win_check(rules.kaikou_mode == "koukou", rules.qianggang_plus5,
                                    rules.cap, rules.tiers, rules.qihu_points,
                                    rules.laizipi_special),
        multi_ron=False,              # 一炮单响
        robbing_kong=True,            # only an added kong (明杠) is robbed
        pass_lock=rules.pass_lock,
        indicator=True,
        wildcard_of=laizi_of,
        single_kong_tiles=(GREEN, RED),
        single_kong_wildcard=True,
        wildcard_claims=False,
        haidi_draw_only=HAIDI_TILES,
        forms=FORM_REGULAR,           # four sets and a pair only (no seven pairs)
        free_shapes=(MASK_258, MASK_WINDS_WHITE),
        extra={
            # the other copies of the 赖子皮 are fixed kong tiles too (konged alone, never
            # claimed, never held when winning), unless the 赖子皮 is 红中 or 发财
            "indicator_copies_single_kong": rules.laizipi_special,
            # every self-draw win in the last-four-tiles phase is 海底捞 (flag last_tile)
            "last_tile_flags_haidi_phase": True,
            # 红中 and 发财 never join a chow, pung or set kong
            "unclaimable_tiles": (GREEN, RED),
        },
    )
