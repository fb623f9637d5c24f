# cython: language_level=3
"""The compiled scanner of the IJCAI / Botzone strong-AI text (mahjong.formats.botzone_text).

:func:`next_game` reads one game (``Match`` .. ``Score``) from a block of the source's bytes
and turns it into what the engine's table replays: the deck (each seat's 34-tile part of the
wall: its deal, its draws in order, then the tiles nobody drew in ascending order) and the
events packed as ``Table.replay_log`` reads them (5 bytes each), with the source line of
every event, and the note (what the source recorded: match id, fans, scores, ignored
claims) as JSON text. It checks what the text alone shows (the grammar, tiles of the set, no
copy beyond the fourth, a claim of the discard just made, a part that holds the draws); the
replay checks the play.
"""
cimport cython
from libc.string cimport memset, memcpy
from libc.stdint cimport uint8_t, int32_t
from cpython.bytes cimport PyBytes_FromStringAndSize

from mahjong_core._types cimport (FIRST_HONOR, EV_DRAW, EV_DISCARD, EV_CHOW, EV_PUNG,
                                  EV_KONG, EV_WIN, EV_EXHAUSTED, KONG_CONCEALED,
                                  KONG_EXPOSED, KONG_ADDED)
from mahjong_core._types import WIN_FLAGS
from mahjong.tiles import REFERENCE_NAMES

cdef enum:
    SEATS = 4
    PART = 34
    DECK = 136
    MAX_EV = 512
    MAX_TOK = 24

#: the win flag bit of robbing a kong as the packed log holds it (WIN_FLAGS[i]: 1 << i)
cdef int ROB_BIT = 1 << WIN_FLAGS.index("robbing_kong")

cdef enum:      # the verbs
    V_DRAW = 1
    V_PLAY
    V_CHI
    V_PENG
    V_GANG
    V_ANGANG
    V_BUGANG
    V_HU

cdef const char* _VERB_WORDS[V_HU + 1]
_VERB_WORDS[:] = [b"", b"draw", b"play", b"chi", b"peng", b"gang", b"angang", b"bugang", b"hu"]

cdef int _TILE[256 * 16]        # (letter, digit) -> tile id, -1: none
cdef int _t
memset(_TILE, 255, sizeof(_TILE))
for _t in range(34):
    _TILE[ord(REFERENCE_NAMES[_t][0]) * 16 + ord(REFERENCE_NAMES[_t][1]) - 48] = _t


cdef inline int _lower(int c) noexcept nogil:
    return c + 32 if 65 <= c <= 90 else c


cdef struct Line:
    int ntok
    int start[MAX_TOK]
    int end[MAX_TOK]


@cython.final
cdef class _Out:
    """A growing byte buffer (the note's JSON text)."""
    cdef bytearray buf

    def __cinit__(self):
        self.buf = bytearray()

    cdef void raw(self, const uint8_t* p, int n):
        self.buf += (<char*>p)[:n]

    cdef void s(self, bytes b):
        self.buf += b

    cdef void num(self, long v):
        self.buf += str(v).encode()


@cython.final
cdef class Scanner:
    """One game at a time from the bytes of a source (see :func:`next_game`)."""
    cdef const uint8_t* p
    cdef Py_ssize_t n
    cdef Line ln
    cdef public int line             # the number of the line read last (1-based)
    cdef uint8_t deal[SEATS][PART]
    cdef int n_part[SEATS]
    cdef int copies[34]
    cdef uint8_t ev[5 * MAX_EV]
    cdef int32_t ev_line[MAX_EV]
    cdef int n_ev
    cdef public object error         # (line, message) of the game read last, or None

    def __cinit__(self):
        self.line = 0
        self.error = None

    # --- lines and tokens ---------------------------------------------------------------

    cdef Py_ssize_t _read_line(self, Py_ssize_t pos) noexcept:
        """Tokenise the line at pos (spaces and tabs; a CR before the LF dropped); return
        the position after its LF (or n)."""
        cdef const uint8_t* p = self.p
        cdef Py_ssize_t i = pos, n = self.n
        cdef int k = 0
        while i < n and p[i] != 10:
            while i < n and (p[i] == 32 or p[i] == 9 or p[i] == 13):
                i += 1
            if i >= n or p[i] == 10:
                break
            if k < MAX_TOK:
                self.ln.start[k] = <int>i
            while i < n and p[i] != 32 and p[i] != 9 and p[i] != 13 and p[i] != 10:
                i += 1
            if k < MAX_TOK:
                self.ln.end[k] = <int>i
            k += 1
        self.ln.ntok = k
        return i + 1 if i < n else n

    cdef int _line_at(self, Py_ssize_t i, bint eof, Py_ssize_t* nxt) noexcept:
        """Read the line at i: 1 (its tokens in ``self.ln``, ``nxt`` after it), 0 (the
        source ends before it) or -1 (the block ends inside it, or before it, and more may
        follow: not ``eof``)."""
        if i >= self.n:
            return 0 if eof else -1
        nxt[0] = self._read_line(i)
        if nxt[0] >= self.n and self.p[self.n - 1] != 10 and not eof:
            return -1
        return 1

    cdef inline bint _is(self, int k, const char* word) noexcept:
        """Is token k ``word`` (lower case), in any capitalisation?"""
        cdef int a = self.ln.start[k], b = self.ln.end[k], j = 0
        while word[j]:
            if a + j >= b or _lower(self.p[a + j]) != <uint8_t>word[j]:
                return 0
            j += 1
        return a + j == b

    cdef str _tok(self, int k):
        cdef int a = self.ln.start[k], b = self.ln.end[k]
        if b - a > 40:
            b = a + 40
        return (<char*>self.p)[a:b].decode("utf-8", "replace")

    cdef str _text(self):
        """The line read last, its tokens joined by single spaces (for messages)."""
        cdef int k, m = min(self.ln.ntok, MAX_TOK)
        return " ".join([self._tok(k) for k in range(m)])

    cdef int _tile(self, int k) except -2:
        """The tile id of token k, or an error."""
        cdef int a = self.ln.start[k], b = self.ln.end[k], t = -1
        if b - a == 2 and 48 <= self.p[a + 1] <= 57:
            t = _TILE[self.p[a] * 16 + self.p[a + 1] - 48]
        if t < 0:
            self._fail(f"{self._tok(k)!r} is not a tile (W1-9 B1-9 T1-9 F1-4 J1-3)")
            return -1
        return t

    cdef int _player(self, int k) except -2:
        cdef int a = self.ln.start[k], b = self.ln.end[k]
        if b - a != 1 or not 48 <= self.p[a] <= 51:
            self._fail(f"{self._tok(k)!r} is not a player (0-3)")
            return -1
        return self.p[a] - 48

    cdef int _fail(self, str message) except -1:
        if self.error is None:
            self.error = (self.line, message)
        return 0

    # --- a game -------------------------------------------------------------------------

    cdef int _add(self, int seat, int t) except -2:
        """Tile t dealt to or drawn by ``seat`` from its part."""
        if self.copies[t] >= 4:
            self._fail(f"a fifth copy of {REFERENCE_NAMES[t]}: the deals and draws before "
                       "hold all four")
            return -1
        if self.n_part[seat] >= PART:
            self._fail(f"player {seat} draws more tiles than its part of the wall holds "
                       f"({PART})")
            return -1
        self.copies[t] += 1
        self.deal[seat][self.n_part[seat]] = t
        self.n_part[seat] += 1
        return 0

    cdef int _event(self, int code, int seat, int tile, int aux, int frm) except -2:
        cdef int j = 5 * self.n_ev
        if self.n_ev >= MAX_EV:
            self._fail(f"more than {MAX_EV} events in one game")
            return -1
        self.ev[j] = code
        self.ev[j + 1] = seat
        self.ev[j + 2] = tile
        self.ev[j + 3] = aux
        self.ev[j + 4] = frm
        self.ev_line[self.n_ev] = self.line
        self.n_ev += 1
        return 0

    cdef void _json_str(self, _Out o, int a, int b):
        """Token bytes [a, b) as a JSON string."""
        cdef int i, c, start = a
        for i in range(a, b):
            if self.p[i] >= 128:
                try:
                    (<char*>self.p)[a:b].decode("utf-8")
                except UnicodeDecodeError:
                    self._fail(f"{(<char*>self.p)[a:b].decode('utf-8', 'replace')!r} is not "
                               "UTF-8 text")
                break
        o.s(b'"')
        for i in range(a, b):
            c = self.p[i]
            if c == 34 or c == 92 or c < 32:
                o.raw(self.p + start, i - start)
                if c == 34:
                    o.s(b'\\"')
                elif c == 92:
                    o.s(b'\\\\')
                else:
                    o.s(("\\u%04x" % c).encode())
                start = i + 1
        o.raw(self.p + start, b - start)
        o.s(b'"')

    cdef long _int(self, int k, long low, long high, str what) except? -99999:
        cdef int a = self.ln.start[k], b = self.ln.end[k], i = a
        cdef long v = 0
        cdef bint neg = 0
        if i < b and self.p[i] == 45:
            neg = 1
            i += 1
        if i >= b or b - i > 9:
            self._fail(f"{what} {self._tok(k)!r} is not a number")
            return -99999
        while i < b:
            if not 48 <= self.p[i] <= 57:
                self._fail(f"{what} {self._tok(k)!r} is not a number")
                return -99999
            v = 10 * v + self.p[i] - 48
            i += 1
        if neg:
            v = -v
        if not low <= v <= high:
            self._fail(f"{what} {self._tok(k)!r} is out of range ({low}..{high})")
            return -99999
        return v

    def next_game(self, const uint8_t[::1] buf, Py_ssize_t pos, bint eof):
        """Read the game that starts at ``pos`` of ``buf`` (blank lines first skipped).

        Returns None when ``buf`` ends before the game does and more may follow (not
        ``eof``; ``self.line`` is then as before the call), else ``(end, start_line,
        match, wind, deck, events, lines, note)``: ``end`` the position after the game;
        ``match`` its id (str, or None); then, when the text is a game (``self.error``
        None), the deck (136 bytes), the packed events, the source line of each event
        (int32 bytes) and the note as JSON text (bytes); when not, ``self.error`` is
        ``(line, message)`` and the rest is None. A game that stops at the next ``Match``
        line or at the end of the source is refused there ("truncated"). Text outside a
        game (before a ``Match`` line) is refused as a game of its own, up to the next
        ``Match`` line."""
        cdef Py_ssize_t n = buf.shape[0], i, nxt, end
        cdef int line0 = self.line, start_line, s, k, t, v, seat, last_code, last_seat, \
            last_tile, code, wind = -1, n_ign = 0, m, j, got
        cdef int last_draw[SEATS]
        cdef object match = None
        cdef bint done = 0, first_draw = 1, ended = 0, huang = 0
        cdef long total = -1
        cdef _Out note, ign = _Out()
        if n == 0:
            return None
        self.p = &buf[0]
        self.n = n
        self.error = None
        i = pos
        # skip blank lines
        while True:
            got = self._line_at(i, eof, &nxt)
            if got <= 0:
                self.line = line0
                return None             # (the end, or a line not complete yet)
            self.line += 1
            if self.ln.ntok:
                break
            i = nxt
        start_line = self.line
        if not self._is(0, b"match"):
            # text outside a game: refused up to the next Match line
            self._fail(f"{self._text()!r} is outside a game (a game starts with "
                       "'Match <id>')")
            while True:
                i = nxt
                got = self._line_at(i, eof, &nxt)
                if got < 0:
                    self.line = line0
                    return None
                if got == 0 or self.ln.ntok and self._is(0, b"match"):
                    break
                self.line += 1
            return (i, start_line, None, None, None, None, None, None)
        if self.ln.ntok != 2:
            self._fail(f"{self._text()!r} is not 'Match <id>'")
        else:
            match = (<char*>self.p)[self.ln.start[1]:self.ln.end[1]].decode("utf-8", "replace")
        memset(self.n_part, 0, sizeof(self.n_part))
        memset(self.copies, 0, sizeof(self.copies))
        self.n_ev = 0
        for s in range(SEATS):
            last_draw[s] = -1
        last_code = last_seat = last_tile = -1
        note = _Out()
        note.s(b'{"match":')
        if match is None:
            note.s(b'null')
        else:
            self._json_str(note, self.ln.start[1], self.ln.end[1])
        m = 0           # lines read after Match
        i = nxt
        while True:
            got = self._line_at(i, eof, &nxt)
            if got < 0:
                self.line = line0
                return None
            if got == 0:
                if self.error is None:
                    self._fail("the game is truncated: the source ends before its 'Score' "
                               "line")
                end = n
                break
            if self.ln.ntok and _lower(self.p[self.ln.start[0]]) == 109 and \
                    self._is(0, b"match"):      # ('m')
                if self.error is None:
                    self.line += 1
                    self._fail("the game is truncated: a new 'Match' starts before its "
                               "'Score' line")
                    self.line -= 1
                end = i
                break
            self.line += 1
            i = nxt
            if self.ln.ntok == 0:
                continue
            if self.ln.ntok > MAX_TOK and self.error is None:
                self._fail(f"{self._text()!r}...: more than {MAX_TOK} words on a line")
            if self.error is not None:
                if self._is(0, b"score"):
                    end = i
                    break
                continue        # (skip to the end of a refused game)
            m += 1
            if m == 1:
                if not self._is(0, b"wind") or self.ln.ntok != 2:
                    self._fail(f"{self._text()!r} is not 'Wind <0-3>'")
                    continue
                wind = self._int(1, 0, 3, "wind")
                continue
            if m <= 5:
                s = m - 2
                if self.ln.ntok < 3 or not self._is(0, b"player") or not self._is(2, b"deal"):
                    self._fail(f"{self._text()!r} is not 'Player {s} Deal <13 tiles>'")
                    continue
                if self._player(1) != s:
                    if self.error is None:
                        self._fail(f"player {self._tok(1)}'s deal where player {s}'s is due")
                    continue
                if self.ln.ntok != 16:
                    self._fail(f"player {s} is dealt {self.ln.ntok - 3} tiles, not 13")
                    continue
                for k in range(3, 16):
                    t = self._tile(k)
                    if t < 0 or self._add(s, t) < 0:
                        break
                continue
            if ended:
                if self._is(0, b"score"):
                    if self.ln.ntok != 5:
                        self._fail(f"{self._text()!r} is not 'Score <4 scores>'")
                        continue
                    note.s(b',"score":[')
                    for k in range(4):
                        v = self._int(1 + k, -100000, 100000, "score")
                        if k:
                            note.s(b',')
                        note.num(v)
                    note.s(b']')
                    done = 1
                    end = i
                    break
                self._fail(f"{self._text()!r} where the 'Score' line is due")
                continue
            if self._is(0, b"huang"):
                if self.ln.ntok != 1:
                    self._fail(f"{self._text()!r} is not 'Huang'")
                    continue
                self._event(EV_EXHAUSTED, 255, 255, 0, 255)
                ended = huang = 1
                continue
            if self._is(0, b"fan"):
                if last_code != EV_WIN:
                    self._fail("a 'Fan' line, but no player has won")
                    continue
                if self.ln.ntok < 2:
                    self._fail(f"{self._text()!r} is not 'Fan <total> <name>*<count>+...'")
                    continue
                total = self._int(1, 0, 100000, "fan total")
                note.s(b',"fan":')
                note.num(total)
                note.s(b',"fans":[')
                if self.ln.ntok > 3:
                    self._fail(f"{self._text()!r} is not 'Fan <total> <name>*<count>+...'")
                    continue
                if self.ln.ntok == 3:
                    self._fans(note, self.ln.start[2], self.ln.end[2])
                note.s(b']')
                ended = 1
                continue
            if self._is(0, b"score"):
                self._fail("a 'Score' line before the game's end ('Fan' or 'Huang')")
                continue
            if not self._is(0, b"player") or self.ln.ntok < 4:
                self._fail(f"{self._text()!r} is not 'Player <n> <action> <tile>'")
                continue
            if last_code == EV_WIN:
                self._fail(f"{self._text()!r} after the win: the 'Fan' line is due")
                continue
            seat = self._player(1)
            if seat < 0:
                continue
            code = self._verb(2)
            if code < 0:
                continue
            t = self._tile(3)
            if t < 0:
                continue
            # Ignore clauses: 'Ignore Player m VERB T', kept in the note (with the index of
            # the event they follow)
            k = 4
            while k < self.ln.ntok and self.error is None:
                if k + 5 > self.ln.ntok or not self._is(k, b"ignore") or \
                        not self._is(k + 1, b"player"):
                    self._fail(f"{self._text()!r}: after the action only 'Ignore Player <n> "
                               "<action> <tile>' clauses")
                    break
                if self._player(k + 2) < 0 or self._verb(k + 3) < 0 or self._tile(k + 4) < 0:
                    break
                k += 5
            if self.error is not None:
                continue
            if k > 4 and (code != V_CHI and code != V_PENG and code != V_GANG and
                          code != V_HU):
                self._fail(f"{self._text()!r}: 'Ignore' follows a claim (Chi Peng Gang Hu)")
                continue
            if first_draw:
                if code != V_DRAW or seat != 0:
                    self._fail(f"{self._text()!r}: the play starts with player 0's draw")
                    continue
                first_draw = 0
                if self._add(0, t) < 0:
                    continue
                last_code, last_seat, last_tile = EV_DRAW, 0, t
                last_draw[0] = t
                continue
            if code == V_DRAW:
                if self._add(seat, t) < 0:
                    continue
                self._event(EV_DRAW, seat, t, 0, 255)
                last_draw[seat] = t
                last_code = EV_DRAW
            elif code == V_PLAY:
                self._event(EV_DISCARD, seat, t, 0, 255)
                last_code = EV_DISCARD
            elif code == V_CHI or code == V_PENG or code == V_GANG:
                if last_code != EV_DISCARD:
                    self._fail(f"{self._text()!r}: a claim out of turn (no discard to claim "
                               "just before)")
                    continue
                if seat == last_seat:
                    self._fail(f"{self._text()!r}: player {seat} claims its own discard")
                    continue
                if code == V_CHI:
                    if t >= FIRST_HONOR or t % 9 == 0 or t % 9 == 8 or last_tile >= FIRST_HONOR or \
                            last_tile // 9 != t // 9 or not -1 <= last_tile - t <= 1:
                        self._fail(f"{self._text()!r}: no run around {REFERENCE_NAMES[t]} "
                                   f"holds the discard {REFERENCE_NAMES[last_tile]}")
                        continue
                    self._event(EV_CHOW, seat, t - 1, 0, last_seat)
                    last_code = EV_CHOW
                else:
                    if t != last_tile:
                        self._fail(f"{self._text()!r}: the discard is "
                                   f"{REFERENCE_NAMES[last_tile]}")
                        continue
                    if code == V_PENG:
                        self._event(EV_PUNG, seat, t, 0, last_seat)
                        last_code = EV_PUNG
                    else:
                        self._event(EV_KONG, seat, t, KONG_EXPOSED, last_seat)
                        last_code = EV_KONG
            elif code == V_ANGANG:
                self._event(EV_KONG, seat, t, KONG_CONCEALED, 255)
                last_code = EV_KONG
            elif code == V_BUGANG:
                self._event(EV_KONG, seat, t, KONG_ADDED, 255)
                last_code = -EV_KONG        # (an added kong: may be robbed)
            else:       # HU
                if last_code == EV_DRAW and last_seat == seat:
                    # self-drawn: the text's tile is no guide (the source writes the last
                    # discard there); the win is on the tile drawn
                    self._event(EV_WIN, seat, last_draw[seat], 0, 255)
                elif last_code == EV_DISCARD or last_code == -EV_KONG:
                    if seat == last_seat:
                        self._fail(f"{self._text()!r}: player {seat} wins on its own "
                                   "discard")
                        continue
                    if t != last_tile:
                        self._fail(f"{self._text()!r}: the tile on offer is "
                                   f"{REFERENCE_NAMES[last_tile]}")
                        continue
                    if last_code == -EV_KONG:       # robbing the added kong
                        self.n_ev -= 1
                        self._event(EV_WIN, seat, t, ROB_BIT, last_seat)
                    else:
                        self._event(EV_WIN, seat, t, 0, last_seat)
                else:
                    self._fail(f"{self._text()!r}: a win out of turn (neither on one's own "
                               "draw nor on a discard or added kong just before)")
                    continue
                last_code = EV_WIN
            if self.error is not None:
                continue
            j = 4
            while j < k:
                ign.s(b'[[' if n_ign == 0 else b',[')
                ign.num(self.n_ev - 1)
                ign.s(b',')
                self._json_str(ign, self.ln.start[j + 1], self.ln.end[j + 4])
                ign.s(b']')
                n_ign += 1
                j += 5
            last_seat, last_tile = seat, t
        if self.error is None and not done:
            self._fail("the game is truncated: it ends before its 'Score' line")
        if self.error is not None:
            return (end, start_line, match, None, None, None, None, None)
        if wind < 0:
            self._fail("no 'Wind' line")
            return (end, start_line, match, None, None, None, None, None)
        if n_ign:
            note.s(b',"ignored":')
            note.s(bytes(ign.buf))
            note.s(b']')
        note.s(b'}')
        return (end, start_line, match, wind, self._deck(), bytes((<char*>self.ev)[:5 * self.n_ev]),
                bytes((<char*>self.ev_line)[:4 * self.n_ev]), bytes(note.buf))

    cdef void _fans(self, _Out note, int a, int b):
        """``name*count+name*count...`` as JSON pairs."""
        cdef int i = a, j, star, first = 1
        cdef long cnt
        while i < b:
            j = i
            star = -1
            while j < b and self.p[j] != 43:        # '+'
                if self.p[j] == 42:                 # '*'
                    star = j
                j += 1
            if not first:
                note.s(b',')
            first = 0
            note.s(b'[')
            if star < 0:
                self._json_str(note, i, j)
                note.s(b',1]')
            else:
                self._json_str(note, i, star)
                cnt = 0
                for k in range(star + 1, j):
                    if not 48 <= self.p[k] <= 57 or cnt > 1000:
                        self._fail(f"fan {(<char*>self.p)[i:j].decode('utf-8', 'replace')!r}"
                                   " is not 'name*count'")
                        return
                    cnt = 10 * cnt + self.p[k] - 48
                if star + 1 == j:
                    self._fail("a fan 'name*' without its count")
                    return
                note.s(b',')
                note.num(cnt)
                note.s(b']')
            i = j + 1

    cdef int _verb(self, int k) except -2:
        cdef int v
        for v in range(V_DRAW, V_HU + 1):
            if self._is(k, _VERB_WORDS[v]):
                return v
        self._fail(f"{self._tok(k)!r} is not an action (Draw Play Chi Peng Gang AnGang "
                   "BuGang Hu)")
        return -1

    cdef bytes _deck(self):
        """Each seat's part: its deal and draws, then the tiles nobody drew, ascending."""
        cdef uint8_t deck[DECK]
        cdef int rest[34]
        cdef int s, j, t = 0, at = 0
        for j in range(34):
            rest[j] = 4 - self.copies[j]
        for s in range(SEATS):
            memcpy(deck + at, self.deal[s], self.n_part[s])
            at += self.n_part[s]
            for j in range(PART - self.n_part[s]):
                while rest[t] == 0:
                    t += 1
                deck[at] = t
                rest[t] -= 1
                at += 1
        return PyBytes_FromStringAndSize(<char*>deck, DECK)
