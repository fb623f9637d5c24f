"""A game of a source format played on the engine, one recorded action at a time: the
readers of :mod:`mahjong.formats` that know the whole deck (a judge log's wall, or a deck
rebuilt from a human game's deal and draws) drive the engine's own table with it, so every
draw is the deck's next tile and every action is legal by the engine's rules; nothing here
checks a rule itself. ``where`` (e.g. ``"log entry 12"``, ``"line 40"``) names the source's
place in every error."""
from __future__ import annotations

from typing import Optional

from mahjong.errors import MahjongError
from mahjong.tiles import TENHOU_NAMES

__all__ = ["Play"]


class Play:
    """A Guobiao hand on the engine with every seat's actions given from outside."""

    def __init__(self, options, deck, dealer: int = 0, round_wind: int = 0, spell=None):
        from mahjong.game import Game
        from mahjong.game import _table
        self.T = _table
        self.spell = spell or (lambda t: TENHOU_NAMES[t])
        self.g = Game("guobiao", options=options, agents="random", dealer=dealer,
                      round_wind=round_wind, wall=deck)
        self.t = self.g._table
        self.t.set_external()

    @property
    def over(self) -> bool:
        return self.g.over

    def pass_claims(self) -> None:
        """Every seat asked about the tile on offer passes."""
        t, T = self.t, self.T
        while not self.g.over and t.phase != T.PH_ACT:
            t.step(T.A_PASS)

    def turn(self, where: str, seat: int) -> None:
        """Pass the claim window (if one is open) to seat ``seat``'s own turn."""
        self.pass_claims()
        if self.g.over:
            raise MahjongError(f"{where}: seat {seat} acts, but the hand is over (the "
                               "play leaves no tile to draw)")
        if self.t.decider != seat:
            raise MahjongError(f"{where}: out of turn: seat {seat} acts, but it is seat "
                               f"{self.t.decider}'s turn")

    def drawn(self, where: str, seat: int, tile: int) -> None:
        """Seat ``seat`` draws ``tile``: the play's own draw must be it."""
        self.turn(where, seat)
        got = self.t.last_drawn
        if got != tile:
            raise MahjongError(f"{where}: seat {seat} draws {self.spell(tile)}, but the play "
                               f"gives it {self.spell(got) if got is not None else 'no draw'}")

    def on_offer(self) -> Optional[int]:
        """The discard (or robbed kong tile) on offer, None on a seat's own turn."""
        return None if self.t.phase == self.T.PH_ACT else self.t.last_discard

    def act(self, where: str, seat: int, action: int, what: str) -> None:
        """Seat ``seat`` takes ``action`` on its own turn."""
        self.turn(where, seat)
        self._step(where, seat, action, what)

    def claim(self, where: str, seat: int, action: int, what: str) -> None:
        """Seat ``seat`` takes ``action`` on the tile on offer (the seats asked before it
        pass)."""
        t, T = self.t, self.T
        while not self.g.over and t.phase != T.PH_ACT and t.decider != seat:
            t.step(T.A_PASS)
        if self.g.over or t.phase == T.PH_ACT:
            raise MahjongError(f"{where}: {what} by seat {seat}: no tile is on offer to it "
                               "here")
        self._step(where, seat, action, what)

    def win(self, where: str, seat: int) -> None:
        """Seat ``seat`` wins: on its own draw, or on the tile on offer."""
        if self.on_offer() is None:
            self.act(where, seat, self.T.A_TSUMO, "a self-drawn win")
        else:
            self.claim(where, seat, self.T.A_RON, "a win on the tile on offer")
            self.pass_claims()      # (the seats asked after the winner)
        if not self.g.over:
            raise MahjongError(f"{where}: seat {seat} wins, but the hand goes on")

    def exhausted(self, where: str) -> None:
        """The hand ends drawn: the play must run out of tiles here."""
        self.pass_claims()
        if not self.g.over or not self.t.exhausted:
            raise MahjongError(f"{where}: the hand ends drawn, but seat {self.t.decider} "
                               "still has a tile to draw")

    def _step(self, where: str, seat: int, action: int, what: str) -> None:
        legal = self.t.legal_actions()
        if action not in legal:
            names = ", ".join(self.T.action_name(a) for a in legal)
            raise MahjongError(f"{where}: {what} by seat {seat} is not legal here (the "
                               f"legal actions: {names})")
        self.t.step(action)
