"""Training data from game records: every decision of every seat, as the engine saw it.

>>> from mahjong.game import Game, OBS_SIZE, N_ACTIONS
>>> from mahjong.formats import decisions
>>> log = Game("guobiao", seed=1, agents="greedy").play()
>>> first = next(decisions(log))
>>> first.game, first.seat, first.observation.shape, first.mask.shape == (N_ACTIONS,)
(0, 0, (372,), True)
>>> bool(first.mask[first.action])
True

``decisions(records)`` plays each full game log of ``records`` again on the engine's own
table (:func:`mahjong.game.replay_steps`: a :class:`~mahjong.game.Game` dealt from the log's
deck, every seat taking the action the log shows) and, at each point where the engine asks
a seat's agent, takes the table's own observation and legal actions, exactly what
:class:`~mahjong.game.env.MahjongEnv` gives there (``observe(agent)["observation"]`` and
``["action_mask"]``: ``float32[OBS_SIZE]`` and ``int8[N_ACTIONS]``), and the action taken
(an index of the engine's action space, :func:`mahjong.game.action_name`). No second
encoding of the game: the observation is the engine's by construction.

The decisions are the agent calls of :meth:`Game.play <mahjong.game.Game.play>`: a seat's
own turn (discard, kong, ready, win on its draw), every claim window in which the engine
offers the seat a claim or a win (``pass`` where the log shows that the seat did not claim),
the 抢杠 window, and the 定缺 void suit where the rule set declares one (from the log's
``note.void_suits``). A claim that a claim of higher priority beat is not in the events:
where the note lists it, as the botzone-text reader keeps the text's ``Ignore`` clauses
(``note["ignored"]``: ``[event index, "Player 3 Chi W8"]``, the index of the event that
beat it), it is the seat's action if it was legal there; otherwise the seat's action is the
``pass`` the record shows. The 换三张 and
two-player 换牌 choices happen before the deal that a log records (its wall is dealt after
them): they are not in the stream.

What a log does not hold is not in the stream either: a beaten claim the note does not
list is a pass (above), and where the log does not say which of the
dealer's 14 tiles was its "draw" (a log without its wall, or after 换三张 / 换牌 moved
tiles), the dealer's first decision shows the 14th tile of the log's deal as drawn (the
observation's plane of the tile on offer; the rest is the same).

Records, in any mix: :class:`~mahjong.record.HandRecord` objects, record mappings (a game
log as :meth:`Game.log <mahjong.game.Game.log>` gives it, with its ``note``), JSON text lines
(an open JSON-lines file; blank lines are skipped) and the :class:`~mahjong.formats.Imported`
games that the readers of :mod:`mahjong.formats` yield. One record, mapping or ``Imported``
alone is one game. A game the reader refused (``Imported.error``) is skipped by default
(``refused="raise"``: its error is raised); its index still counts. Anything else that is
not a full game log (a record with neither a wall nor draw events) raises a
:class:`~mahjong.errors.MahjongError` naming the record. The log's ``note`` matters where it
holds what a :class:`HandRecord` does not keep: the void suits of a 定缺 rule set, and the
places of the flowers in a wall with flowers (without them, such a record is refused).

The stream is a generator: one game on the table at a time, constant memory however many
records. ``batch=N`` yields :class:`Batch` es of up to N decisions (the last one shorter) as
stacked arrays for training; ``seats`` keeps only the decisions of those seats.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, NamedTuple, Optional, Tuple, Union

import numpy as np

from mahjong_core._types import MAX_SEATS
from mahjong.errors import MahjongError
from mahjong.formats._common import Imported
from mahjong.record import DrawEvent, HandRecord
from mahjong.validate import show

__all__ = ["Decision", "Batch", "decisions"]


class Decision(NamedTuple):
    """One decision: the record's index in the input (``game``), the deciding ``seat``, its
    ``observation`` (float32[OBS_SIZE]), the legal-action ``mask`` (int8[N_ACTIONS], 1 =
    legal) and the ``action`` taken (an index of the action space)."""
    game: int
    seat: int
    observation: np.ndarray
    mask: np.ndarray
    action: int


class Batch(NamedTuple):
    """Up to N decisions stacked: ``observation`` float32[n, OBS_SIZE], ``mask``
    int8[n, N_ACTIONS], ``action`` int64[n], ``seat`` int8[n], ``game`` int64[n]."""
    observation: np.ndarray
    mask: np.ndarray
    action: np.ndarray
    seat: np.ndarray
    game: np.ndarray

    def __len__(self) -> int:  # (the decisions, not the five fields)
        return len(self.action)


_ONE = (HandRecord, Imported, Mapping, str, bytes, bytearray)


def decisions(records: Any, *, seats: Optional[Iterable[int]] = None,
              batch: Optional[int] = None, refused: str = "skip"
              ) -> Iterator[Union[Decision, Batch]]:
    """Every decision of every seat (of ``seats``, default all) in the full game logs of
    ``records``, one :class:`Decision` at a time, or ``batch=N`` stacked :class:`Batch` es
    (module doc)."""
    keep = _seats_option(seats)
    if batch is not None and (type(batch) is not int or batch < 1):
        raise MahjongError(f"batch: {show(batch)} is not a positive int")
    if refused not in ("skip", "raise"):
        raise MahjongError(f"refused: {show(refused)} is not 'skip' or 'raise'")
    if isinstance(records, _ONE):
        records = (records,)
    else:
        try:
            records = iter(records)
        except TypeError:
            raise MahjongError(f"records: {show(records)} is not a record or an iterable of "
                               "records") from None
    if batch is None:
        return _one_by_one(records, keep, refused)
    return _batches(records, keep, refused, batch)


def _seats_option(seats) -> Optional[Tuple[bool, ...]]:
    if seats is None:
        return None
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise MahjongError(f"seats: {show(seats)} is not a list of seats")
    keep = [False] * MAX_SEATS
    for s in seats:
        if type(s) is not int or not 0 <= s < MAX_SEATS:
            raise MahjongError(f"seats: {show(s)} is not a seat (0..{MAX_SEATS - 1})")
        keep[s] = True
    return tuple(keep)


def _one_by_one(records, keep, refused) -> Iterator[Decision]:
    from mahjong.game import N_ACTIONS, OBS_SIZE
    for n, t, seat, action in _states(records, keep, refused):
        obs = t.observe_into(seat, np.empty(OBS_SIZE, dtype=np.float32))
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        t.legal_mask(mask)
        yield Decision(n, seat, obs, mask, action)


def _batches(records, keep, refused, size: int) -> Iterator[Batch]:
    from mahjong.game import N_ACTIONS, OBS_SIZE

    def fresh():
        return (np.empty((size, OBS_SIZE), dtype=np.float32),
                np.zeros((size, N_ACTIONS), dtype=np.int8),
                np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int8),
                np.empty(size, dtype=np.int64))

    obs, mask, action_of, seat_of, game_of = fresh()
    k = 0
    for n, t, seat, action in _states(records, keep, refused):
        t.observe_into(seat, obs[k])
        t.legal_mask(mask[k])
        action_of[k] = action
        seat_of[k] = seat
        game_of[k] = n
        k += 1
        if k == size:
            yield Batch(obs, mask, action_of, seat_of, game_of)
            obs, mask, action_of, seat_of, game_of = fresh()
            k = 0
    if k:
        yield Batch(obs[:k], mask[:k], action_of[:k], seat_of[:k], game_of[:k])


def _states(records, keep, refused) -> Iterator[Tuple[int, Any, int, int]]:
    """``(n, table, seat, action)`` at each decision (of a seat of ``keep``) of each game
    ``n`` of ``records``, the table in the decision's state."""
    from mahjong.game import _table
    for n, given in enumerate(records):
        replayed = _replay_of(n, given, refused)
        if replayed is None:
            continue
        t, steps, beaten = replayed
        pass_ = _table.A_PASS
        try:
            for a in steps:
                seat = t.decider
                if keep is None or keep[seat]:
                    if beaten and a == pass_:
                        a = _beaten_action(t, beaten.get((t.n_ev, seat)), a)
                    yield n, t, seat, a
        except MahjongError as exc:
            raise MahjongError(f"record {n}: {exc}") from None


def _replay_of(n: int, given: Any, refused: str) -> Optional[tuple]:
    """(the table dealt from record n's deck, its :func:`~mahjong.game.replay_steps`, its
    beaten claims), or None for a refused Imported that is skipped (or a blank line)."""
    from mahjong.game import play_spec
    from mahjong.game._drive import Drive
    from mahjong.game._logcheck import _deck_of_wall, _rebuilt_deck, played_events
    note: Any = None
    try:
        if isinstance(given, Imported):
            if given.error is not None or given.record is None:
                if refused == "raise":
                    raise given.error if given.error is not None else \
                        MahjongError(f"{given.name}: no record")
                return None
            rec, note = given.record, given.note
        elif isinstance(given, HandRecord):
            rec = given
        elif isinstance(given, Mapping):
            rec, note = HandRecord.from_json(given), given.get("note")
        elif isinstance(given, (str, bytes, bytearray)):
            if not isinstance(given, str):
                try:
                    given = bytes(given).decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise MahjongError(f"not UTF-8 text ({exc.reason} at byte "
                                       f"{exc.start})") from None
            if not given.strip():
                return None                 # a blank line of a JSON-lines file
            rec = HandRecord.from_json(given)
            note = _note_of_text(given) if _NOTE in given else None
        else:
            raise MahjongError(f"{show(given)} is not a HandRecord, a record mapping, a "
                               "JSON line or an Imported game")
        spec = play_spec(rec.rules, dict(rec.options) if rec.options else None)
        if rec.wall is None and not any(type(e) is DrawEvent for e in rec.events):
            raise MahjongError("not a full game log (neither a wall nor draw events): the "
                               "decisions of its seats are not known")
        if not isinstance(note, Mapping):
            note = {}
        if rec.wall is not None:
            deck, flowers = _deck_of_wall(rec, spec, note)
        else:
            deck, flowers = _rebuilt_deck(rec, spec), False
            if deck is None:
                raise MahjongError("its events add up to no deal (a summary record): the "
                                   "decisions of its seats are not known")
        if spec.flowers and not flowers:
            raise MahjongError("note: a game with flowers needs the places of its flowers "
                               "in the wall (note.flower_positions, as the engine's log "
                               "gives them): the flowers each seat drew are in the "
                               "observation")
        d = Drive.deal(rec.rules, dict(rec.options) if rec.options else None, deck,
                       rec.dealer, rec.round_wind, setup=False)
    except MahjongError as exc:
        if isinstance(given, Imported) and refused == "raise" and exc is given.error:
            raise
        raise MahjongError(f"record {n}: {exc}") from None
    played = played_events(rec.events)      # (a judge's penalty: the offending answer is
    events = rec.to_json()["events"][:played]     # no decision; the play stops before it)
    try:
        beaten = _beaten_claims(note.get("ignored"), rec.seats)
    except MahjongError as exc:
        raise MahjongError(f"record {n}: {exc}") from None
    return d.t, d.replay(events, note.get("void_suits"),
                         to_the_end=played == len(rec.events)), beaten


_NOTE = '"note"'


def _note_of_text(text) -> Any:
    import json
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data.get("note") if isinstance(data, dict) else None


#: the verbs of the Botzone text's claims -> the name of the action (a chow: its lowest)
_CLAIM_VERBS = {"chi": "A_CHOW_LOW", "peng": "A_PUNG", "gang": "A_MINGKONG", "hu": "A_RON"}


def _beaten_claims(raw, seats: int) -> dict:
    """The claims a note's ``ignored`` list gives (the botzone-text reader's: ``[event
    index, "Player m Chi W8"]`` for each claim beaten by the one at that event) as
    ``(event index, seat) -> (action, tile)``."""
    from mahjong.botzone import tile_of
    from mahjong.game import _table
    if not raw:
        return {}
    if not isinstance(raw, (list, tuple)):
        raise MahjongError(f"note: ignored is {show(raw)}, not a list of [event index, "
                           "claim]")
    out = {}
    for entry in raw:
        where = f"note: ignored entry {show(entry)}"
        if not isinstance(entry, (list, tuple)) or len(entry) != 2 or \
                type(entry[0]) is not int or not isinstance(entry[1], str):
            raise MahjongError(f"{where} is not [event index, 'Player m Verb Tile']")
        words = entry[1].split()
        if len(words) != 4 or words[0].lower() != "player" or \
                words[1] not in [str(s) for s in range(seats)] or \
                words[2].lower() not in _CLAIM_VERBS:
            raise MahjongError(f"{where}: not 'Player m Chi|Peng|Gang|Hu Tile'")
        out[(entry[0], int(words[1]))] = (int(getattr(_table, _CLAIM_VERBS[words[2].lower()])),
                                          tile_of(words[3].upper(), where))
    return out


def _beaten_action(t, claim, a: int) -> int:
    """The action of a seat's claim that another seat's claim beat, where it was legal
    (else ``a``, the pass the record shows)."""
    from mahjong.game import _table
    if claim is None or t.last_discard is None:
        return a
    action, tile = claim
    disc = t.last_discard
    if action == _table.A_CHOW_LOW:
        if not 0 <= disc - (tile - 1) <= 2:       # (a chow names its middle tile)
            return a
        action += disc - (tile - 1)
    elif tile != disc:
        return a
    return action if action in t.legal_actions() else a

