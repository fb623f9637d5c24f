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
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

__all__ = ["PlaySpec", "WinQuery", "WIN_FLAGS"]

#: the win flags of record v2, in the order the engine packs them
WIN_FLAGS = ("replacement", "after_kong", "robbing_kong", "last_tile", "heavenly", "earthly",
             "first_round", "fourth_tile")


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
    win_value: Callable[[WinQuery], int]   # 0 = the rule set refuses this win
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
                                    # only from its own (the option duplicate_walls)
    swap_at_start: bool = False     # two-player 换牌 with the reserve
    reserve_last_draw: bool = False # two-player 海底捞月 from the reserve
    min_flower_indicators: int = 0  # two-player shown 花牌 tiles
    forms: int = 3                  # FORM_* bits the shape filter tries (regular + 7 pairs)
    free_shapes: Tuple[int, ...] = ()   # 34-bit masks: a hand all inside one is a candidate
    exhausted_data: Optional[Callable[[Mapping[str, Any], Any], Optional[Dict[str, Any]]]] = None
    #  (record so far, numpy Generator) -> the exhausted event's rule-set data, or None
    extra: Mapping[str, Any] = field(default_factory=dict)
    #  plain data for the engine: "win_flags" (the flags the room records; default all),
    #  "earthly" ("self_draw" | "dealer_first_discard" | "both"; or
    #  "earthly_on_dealer_discard": True for "both"), "lone_pung_fourth_tile" (Guiyang's
    #  地龙 is asked for on the pung's fourth tile), "indicator_copies_single_kong",
    #  "last_tile_flags_haidi_phase" (every self-draw of the 海底捞 phase is last_tile)
