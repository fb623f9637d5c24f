"""What a rule set tells the game engine: :class:`PlaySpec` (the flow knobs and hooks) and
:class:`WinQuery` (the question "may this seat win now, and what is it worth?").

Each rule-set room has a module ``play.py`` with ``play_spec(rules) -> PlaySpec``, where
``rules`` is the room's ``Rules`` (its options). The engine knows no rule set: every
difference between rule sets it plays is a field here or a hook the room supplies. This
module is part of the framework (it imports nothing of the engine), so a room describes how
it is played without loading :mod:`mahjong.game`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from mahjong_core._types import (MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_NAMES,
                                 MELD_PUNG, MELD_SINGLE_KONG, WIN_FLAGS, WIN_FOURTH_TILE)
from mahjong_core._wincheck import WinCheck

from .errors import InvalidRecordError, MahjongError
from .record import read_event, read_win
from .tiles import parse_tile, to_tile_ids

__all__ = ["PlaySpec", "WinQuery", "WIN_FLAGS", "WinCheck", "check_query"]



@dataclass(frozen=True)
class WinQuery:
    """A win the engine could offer: the room's ``win_value`` says whether the rule set allows
    it (a value > 0) or not (0).

    ``record`` is the hand's record v2 so far, JSON-ready (``rules``, ``options``, ``dealer``,
    ``seats``, ``round_wind``, ``indicator``, ``flower_indicators``, ``wall`` and ``events``
    up to, not including, this win; for a second winner on one discard (一炮多响) the first
    winner's event is not in it). ``win`` is the win event exactly as the engine would write
    it (``type``, ``seat``, ``hand`` (tenhou string, 14 tiles counting melds, the winning tile
    included), ``melds`` (record v2 meld dicts), ``win_tile``, ``from`` (None = self-draw; the
    robbed seat with ``robbing_kong``), the flags of :data:`WIN_FLAGS` and ``flowers``).
    ``counts`` are the 34 counts of the concealed hand with the winning tile; ``index`` the
    index the win would have among the events (so a room needs not build them to know it).
    """

    record: Mapping[str, Any]
    win: Mapping[str, Any]
    counts: Tuple[int, ...]
    index: int = -1     # the index the win event would have in the events (-1: unknown)

    @property
    def event_index(self) -> int:
        """The index of the win in the record's events (cheap when the engine asks)."""
        return self.index if self.index >= 0 else len(self.record["events"])

    @property
    def seat(self) -> int:
        return self.win["seat"]

    @property
    def self_drawn(self) -> bool:
        return self.win.get("from") is None


@dataclass(frozen=True)
class PlaySpec:
    """How a rule set is played. Defaults are the common engine model: draw, then kong or
    win or discard; claims 胡 > 杠/碰 > 吃; the first win ends the hand."""

    rules: str                      # the registry name ("sichuan", ...)
    options: Mapping[str, Any]      # the record's "options" (non-default options only)
    win_value: Optional[Callable[[WinQuery], int]] = None
    #  0 = the rule set refuses this win. A room with a compiled ``win_check`` leaves it
    #  None: it is then the check asked with a WinQuery (check_query); the engine calls the
    #  check itself, with its own arrays. A Python win_value is the fallback for rule sets
    #  with no compiled check (a third-party room): the engine then asks it per possible
    #  win, with the record so far as JSON-ready dicts (much slower).
    seats: int = 4
    honours: bool = True            # False: the 108-tile sets (no winds or dragons)
    flowers: bool = False           # 8 flower tiles drawn, set aside and replaced (Guobiao)
    live_tiles: Optional[int] = None   # two-player: only this many tiles play (71)
    chow: bool = True
    multi_ron: bool = False         # True: 一炮多响; False: the first claimant after the discarder
    robbing_kong: bool = True       # an added kong may be robbed
    pass_lock: bool = False         # 过水: after declining a discard win, none until own draw
    bloody: bool = False            # 血战到底: play on until seats - 1 have won
    dingque: bool = False           # declare a void suit first; discard it first
    exchange_three: bool = False    # 换三张 at the start
    void_suit_to_win: bool = False  # at most two suits in the winning hand (缺门)
    ready_at_start: bool = False    # 报听 with the first 14 (Guiyang)
    ready_any_time: bool = False    # 报听 whenever tenpai (two-player)
    ready_locks_hand: bool = False  # after 报听: no claims or kongs, the drawn tile is
                                    # discarded unless it wins
    ready_after_discard: bool = False   # the ready event follows the discard (two-player,
                                        # 通称's dealer); default: it comes just before it
    ready_in_first_claim_window: bool = False  # non-dealers declare ready on the dealer's
                                               # first discard, before its claims (通称)
    ready_test: Optional[Callable[[Tuple[int, ...], Tuple[Mapping[str, Any], ...]], bool]] = None
    #  (34 counts of the 13 tiles kept, the melds) -> is the hand ready by the rule set's own
    #  test (e.g. 地龙 waits, 空听); None: one tile from a complete shape
    flip_after_win: bool = False    # Guiyang: turn up a tile after the (last) win
    indicator: bool = False         # Huanggang: turn up the 赖子皮 after the deal
    wildcard_of: Optional[Callable[[int], int]] = None   # indicator tile -> wildcard tile
    single_kong_tiles: Tuple[int, ...] = ()   # tiles konged alone (红中 6z=33? see room)
    single_kong_wildcard: bool = False        # the wildcard may be konged alone
    wildcard_claims: bool = True    # False: the wildcard never joins a chow/pung/kong
    haidi_draw_only: int = 0        # last N tiles: draw in turn, self-draw wins only
    must_win_last: int = 0          # N: a possible win must be taken on the last N draws
                                    # (the wall held N or fewer before the draw) and on the
                                    # discards made after them
    no_kong_last_tile: bool = True  # no kong when the wall is empty
    wall_parts: bool = False        # one wall part per seat: each seat is dealt and draws
                                    # only from its own (set by the framework's option
                                    # duplicate_walls of every rule set, in options)
    swap_at_start: bool = False     # two-player 换牌 with the reserve
    reserve_last_draw: bool = False # two-player 海底捞月 from the reserve
    min_flower_indicators: int = 0  # two-player shown 花牌 tiles
    forms: int = 3                  # FORM_* bits the shape filter tries (regular + 7 pairs)
    free_shapes: Tuple[int, ...] = ()   # 34-bit masks: a hand all inside one is a candidate
    exhausted_data: Optional[Callable[[Mapping[str, Any], Any], Optional[Dict[str, Any]]]] = None
    #  (record so far, numpy Generator) -> the exhausted event's rule-set data, or None
    win_check: Optional[WinCheck] = None
    #  the room's compiled win check (mahjong_core/_wincheck.pxd), made by its kernel from
    #  the same scoring function its score() calls: the engine calls it without Python
    extra: Mapping[str, Any] = field(default_factory=dict)
    #  plain data for the engine: "win_flags" (the flags the room records; default all),
    #  "earthly" ("self_draw" | "dealer_first_discard" | "both"; or
    #  "earthly_on_dealer_discard": True for "both"), "lone_pung_fourth_tile" (Guiyang's
    #  地龙 is asked for on the pung's fourth tile), "indicator_copies_single_kong",
    #  "last_tile_flags_haidi_phase" (every self-draw of the 海底捞 phase is last_tile)

    def __post_init__(self):
        if self.options.get("duplicate_walls"):     # (mahjong.ruleset.RuleOptions)
            object.__setattr__(self, "wall_parts", True)
        if self.win_check is not None and not isinstance(self.win_check, WinCheck):
            raise MahjongError(f"{self.rules}: win_check is a compiled WinCheck (a room "
                               f"kernel's), not {type(self.win_check).__name__}")
        if self.win_value is None:
            if self.win_check is None:
                raise MahjongError(f"{self.rules}: a PlaySpec needs win_check (compiled) or "
                                   "win_value (a Python function of a WinQuery)")
            object.__setattr__(self, "win_value", lambda q: check_query(self, q))


#: a kong event's kind -> the meld code of the kong it makes (an added kong: MELD_KONG)
_KONG_MELDS = {"exposed": MELD_KONG, "added": MELD_KONG, "concealed": MELD_CONCEALED_KONG,
               "single": MELD_SINGLE_KONG}


def check_query(spec: PlaySpec, q: WinQuery) -> int:
    """The answer of ``spec.win_check`` (compiled) to a :class:`WinQuery`, the record so far
    read by the record reader: what ``spec.win_value`` is for a room with a compiled check.
    The engine does not come here: it hands the check its own arrays."""
    record = q.record
    seats = record.get("seats", 4)
    dealer = record.get("dealer", 0)
    index = q.event_index
    e = read_win(q.win, index, seats)
    melds: List[List[Tuple[int, int]]] = [[] for _ in range(seats)]
    ready_at = [-1] * seats
    first_discard = [0] * seats
    dealer_discards = discards = 0
    opened = False      # a claim or kong so far
    drawn = set()       # the seats that drew
    for i, raw in enumerate(record.get("events", ())):
        ev = read_event(i, raw, seats)
        kind = ev.type
        if kind == "discard":
            dealer_discards += ev.seat == dealer
            discards += 1
        elif kind == "draw":
            drawn.add(ev.seat)
        elif kind == "ready":
            if ready_at[ev.seat] < 0:
                ready_at[ev.seat] = i
                # on the dealer's first discard (see _wincheck.pxd's ready_first_discard)
                first_discard[ev.seat] = not opened and discards == dealer_discards and (
                    discards <= 1 if ev.seat == dealer else
                    discards == 1 and ev.seat not in drawn)
        else:
            opened = opened or kind in ("chow", "pung", "kong")
        if kind == "chow" or kind == "pung":
            melds[ev.seat].append((MELD_CHOW if kind == "chow" else MELD_PUNG, min(ev.tiles)))
        elif kind == "kong":
            own = melds[ev.seat]
            if ev.kind == "added":
                own[own.index((MELD_PUNG, ev.tile))] = (MELD_KONG, ev.tile)
            else:
                own.append((_KONG_MELDS[ev.kind], ev.tile))
    counts = [0] * 34
    for t in e.hand:
        counts[t] += 1
    melds[e.seat] = [(MELD_NAMES.index(m.kind), m.tile) for m in e.melds]
    indicator = record.get("indicator")
    ind = -1 if indicator is None else parse_tile(indicator)
    wildcard = -1 if ind < 0 or spec.wildcard_of is None else spec.wildcard_of(ind)
    v = spec.win_check.value(
        counts, melds[e.seat], win_tile=e.win_tile,
        flags=e.bits | (WIN_FOURTH_TILE if e.fourth_tile else 0), seat=e.seat,
        from_seat=-1 if e.from_seat is None else e.from_seat, flowers=e.flowers,
        event_index=index, seats=seats, dealer=dealer,
        round_wind=record.get("round_wind", 0), indicator=ind, wildcard=wildcard,
        dealer_discards=dealer_discards, discards=discards,
        flower_indicators=to_tile_ids(record.get("flower_indicators") or ()),
        seat_melds=melds, ready_at=ready_at, ready_first_discard=first_discard)
    if v < 0:
        raise InvalidRecordError(f"event {index} (win by seat {e.seat}): "
                                 f"{spec.win_check.error_text(v)}")
    return v
