"""Spider: two-deck solitaire, built down in suit, eight runs of king to ace to remove.

Choices where the rules file leaves room (decisions in ``shared/rules/spider.md``;
[rec] marks our own):

* One board per seat, all dealt from the same shuffle: a table of one seat is the
  solo game, a table of several a race (Clarification 9). Every board that has not
  ended may move at any time, so ``to_move`` is every seat still playing.
* Each seat's cards carry their own copy numbers (seat 1's 8♠ is ``8S.8``), so the
  boards of a race never share a card; the shuffle is the same, card for card.
* ``suits`` 4/2/1 (Clarification 1): the 2-suit deck is four copies of spades and
  hearts, the 1-suit deck eight copies of spades.
* A card move names the column it comes from and the column it goes to
  (``move 3 7``). Onto a card exactly one run length fits, so the move carries no
  length; into an empty column it says how many cards go (``move 3 7 n=2``) [rec].
* Two pointless moves are not offered [rec]: a whole column moved into an empty one
  (nothing changes), and a run put straight back where the last move took it from
  (Undo does that); without them a player cannot shuttle cards for ever by accident.
* The daily deal is the option ``daily=yes`` on /play (with ``suits``): its seed is
  the UTC date and the suit count, so everyone playing it that day gets the same deal.
* Deals (Clarification 2) may happen while card moves remain; never with an empty
  column.
* Completed runs go at once, the card they uncover turns up (Clarification 3).
* Score (Clarification 4): 500 − moves + 100 per removed run; a move of any length
  and an undo count one move, deals and removals none; no floor.
* Time (Clarification 5): a move may carry the wall clock as ``at=<unix seconds>``
  (the front end stamps it; the game stays deterministic and replays from its
  log). A board's time runs from its first stamped action to its end.
* Undo (Clarification 6): one card move at a time, back to the last deal or run
  removal; ``no_reveal`` also stops at a move that turned a card up. An undo
  turns such a card face down again. ``undo_limit`` caps the undos per board.
* End (Clarification 7): won with the eighth run; lost on Give up, or at once when
  no card move is legal and the stock is empty. ``idle_minutes`` and the race's
  ``race_minutes`` end boards when a stamped action comes after that time, or when the
  front end's timer plays ``timeout`` at the board's `deadline` [rec: the game cannot see a
  clock on its own]. The limits start at the table's first stamped action; a board nobody
  touches at all is closed without a result after ``idle_minutes`` (`idle_limit`) [rec].
* Hint (Clarification 10): `hint` looks one move ahead (a short search over the legal
  moves, scored by runs, turned cards, empty columns and same-suit links) and
  answers in words; it is not a move, so it changes nothing.
* Places (Clarifications 8–9): won first, then higher score, then shorter time;
  equal results share a place.
"""

from __future__ import annotations

import datetime
import zlib
from dataclasses import dataclass, field

from games import cards as C
from games.engine import COLUMN, Event, Game, IllegalMove, Move, Outcome, PileView, SeatView, State, View, Zone, stamped
from games.options import Options, option
from games.text import Card, Cards, Seat, Text, text_data, text_from, texts

T, N = texts("spider")

COLUMNS = 10
RUN = 13
RUNS = 8
START_SCORE = 500
RUN_BONUS = 100
DECK_COPIES = 8           # copy numbers each seat's deck uses (a 1-suit deck has 8 copies of spades)
SUIT_SETS = {4: ("S", "H", "D", "C"), 2: ("S", "H"), 1: ("S",)}
DEAL, UNDO, GIVE_UP, TIMEOUT = Move("deal"), Move("undo"), Move("giveup"), Move("timeout")
FACE_DOWN = "##"
UNDO_POLICY = {"standard": T("Undo: back to the last deal or removed run"),
               "no_reveal": T("Undo: not past a move that turned a card up"), "off": T("Undo: off")}


@dataclass(frozen=True)
class SpiderOptions(Options):
    suits: int = option(4, choices=(4, 2, 1), help=T("how many suits the 104 cards have: 4 (hardest), 2 or 1"))
    undo: str = option("standard", choices=("standard", "no_reveal", "off"),
                       help=T("undo card moves back to the last deal or removed run; no_reveal: not past a move "
                              "that turned a card up; off: no undo"))
    undo_limit: int = option(0, min=0, max=999, help=T("the most undos per board (0 = no limit)"))
    idle_minutes: int = option(1440, min=1, max=10080, help=T("a board ends as it stands after this many minutes "
                                                            "without an action"))
    race: bool = option(False, help=T("a race: several members play the same deal, each on their own board "
                                      "(the table waits in a lobby)"))
    race_minutes: int = option(60, min=1, max=1440, help=T("a race ends after this many minutes, unfinished "
                                                         "boards as they stand"), only_with=("race", True))
    daily: bool = option(False, help=T("play the daily deal: the same deal for everyone today, per suit count"))


@dataclass(kw_only=True)
class SpiderState(State):
    down: list[list[list[str]]] = field(default_factory=list)   # per seat, per column: face-down cards, top last
    up: list[list[list[str]]] = field(default_factory=list)     # per seat, per column: face-up cards, top last
    stock: list[list[str]] = field(default_factory=list)        # per seat: the stock, next deal's first card last
    done: list[list[str]] = field(default_factory=list)         # per seat: the removed runs' cards
    moves_made: list[int] = field(default_factory=list)
    undos: list[int] = field(default_factory=list)              # undos used per seat
    history: list[list[list]] = field(default_factory=list)     # per seat: undoable moves [src, dst, n, turned]
    ended: list[str] = field(default_factory=list)              # per seat: "" playing, "won", "lost", "gave up"
    first_at: list[int] = field(default_factory=list)           # per seat: first stamped action (0: none yet)
    last_at: list[int] = field(default_factory=list)            # per seat: latest stamped action
    started_at: int = 0                                         # the first stamped action at the table
    last_event: list = field(default_factory=list)              # per seat: text_data of the last thing done
    back: list[list[int]] = field(default_factory=list)         # per seat: [src, dst, n] that would put the last
                                                                # card move straight back ([]: none)


def daily_seed(day: datetime.date, suits: int) -> int:
    """The seed of the daily deal: the same for everyone on ``day`` for a suit count."""
    return zlib.crc32(f"spider:{day.isoformat()}:{suits}".encode())


def column_name(index: int) -> str:
    return str(index + 1)


def cell(code: str) -> str:
    return C.text(code).ljust(4)


class Spider(Game[SpiderState]):
    key = "spider"
    title = T("Spider")
    aliases = ("spider solitaire", "araña", "ragno", "aranha", "αράχνη", "蜘蛛纸牌", "スパイダー")
    seats = range(1, 9)
    computers = False        # no computer players: a solitaire (the bot never offers them)
    clock_moves = True       # the front end stamps moves with the time (Clarification 5)
    Options = SpiderOptions
    State = SpiderState
    summary = T("Two-deck solitaire: build runs from king down to ace in one suit and clear the board.")
    rules = T(
        "Two decks are dealt into ten columns: six cards in each of the first four, five in the others, only the "
        "top card of each face up. The other 50 cards wait in the stock.\n"
        "Move a card onto any card one rank higher, whatever its suit. Several cards move together only when "
        "they run down in one suit. Any card or run may go into an empty column. A face-down card left on top "
        "turns up.\n"
        "Deal puts one card from the stock on every column; no column may be empty then. A run of one suit from "
        "king down to ace leaves the board at once. Remove all eight runs to win; Give up ends the game, and so "
        "does being stuck with an empty stock.\n"
        "Score: 500, minus one for every move or undo, plus 100 for every run removed. Time only breaks ties. "
        "Undo takes back card moves up to the last deal or removed run. Hint suggests a move and costs nothing. "
        "With 2 or 1 suits the game is easier. Several players may race on the same deal, each on their own "
        "board; the daily deal is the same for everyone on a given day."
    )

    # -- dealing
    def setup(self, players: int, options: SpiderOptions, seed: int) -> SpiderState:
        s = SpiderState(players=players, seed=seed, options=options.to_dict(), scores=[START_SCORE] * players)
        order = self._deck(options.suits)
        s.rng().shuffle(order)
        for seat in range(players):
            deck = [self._seat_card(code, seat) for code in order]
            columns = [[deck.pop() for _ in range(6 if col < 4 else 5)] for col in range(COLUMNS)]
            s.down.append([c[:-1] for c in columns])
            s.up.append([c[-1:] for c in columns])
            s.stock.append(deck)
        s.done = [[] for _ in range(players)]
        s.moves_made, s.undos = [0] * players, [0] * players
        s.history = [[] for _ in range(players)]
        s.ended = [""] * players
        s.first_at, s.last_at = [0] * players, [0] * players
        s.last_event = [None] * players
        s.back = [[] for _ in range(players)]
        return s

    @staticmethod
    def _deck(suits: int) -> list[str]:
        chosen = SUIT_SETS[suits]
        copies = DECK_COPIES // len(chosen)
        return [C.make(rank, suit, copy) for copy in range(copies) for suit in chosen for rank in range(1, RUN + 1)]

    @staticmethod
    def _seat_card(code: str, seat: int) -> str:
        card = C.card(code)
        return C.make(card.rank, card.suit, card.copy + DECK_COPIES * seat)

    # -- what may move
    def to_move(self, s: SpiderState) -> frozenset[int]:
        return frozenset(i for i in range(s.players) if not s.ended[i])

    @staticmethod
    def movable(column: list[str]) -> int:
        """How many cards at the top of a column of face-up cards run down in one suit."""
        n = min(1, len(column))
        while n < len(column):
            lower, upper = C.card(column[-n]), C.card(column[-n - 1])
            if upper.suit != lower.suit or upper.rank != lower.rank + 1:
                break
            n += 1
        return n

    def card_moves(self, s: SpiderState, seat: int) -> list[Move]:
        up = s.up[seat]
        out = []
        for src in range(COLUMNS):
            run = self.movable(up[src])
            if not run:
                continue
            for dst in range(COLUMNS):
                if dst == src:
                    continue
                if up[dst]:
                    need = C.card(up[dst][-1]).rank - 1
                    n = need - C.card(up[src][-1]).rank + 1
                    if 1 <= n <= run and s.back[seat] != [src, dst, n]:
                        out.append(Move("move", (column_name(src), column_name(dst))))
                else:
                    whole = len(up[src]) == run and not s.down[seat][src]
                    for n in range(run - 1 if whole else run, 0, -1):
                        if s.back[seat] == [src, dst, n]:
                            continue
                        out.append(Move("move", (column_name(src), column_name(dst)), (("n", str(n)),)))
        return out

    def can_deal(self, s: SpiderState, seat: int) -> bool:
        return bool(s.stock[seat]) and all(s.up[seat])

    def can_undo(self, s: SpiderState, seat: int) -> bool:
        o: SpiderOptions = self.options_of(s)
        if o.undo == "off" or not s.history[seat]:
            return False
        return not o.undo_limit or s.undos[seat] < o.undo_limit

    def moves(self, s: SpiderState, seat: int) -> list[Move]:
        if s.over or s.ended[seat]:
            return []
        out = self.card_moves(s, seat)
        if self.can_deal(s, seat):
            out.append(DEAL)
        if self.can_undo(s, seat):
            out.append(UNDO)
        out.append(GIVE_UP)
        return out

    def refuse(self, s: SpiderState, seat: int, move: Move) -> str | None:
        plain = Move(move.kind, move.args, tuple(p for p in move.params if p[0] != "at"))
        at = move.param("at")
        if at is not None and not (at.isascii() and at.isdigit()):
            return T("The time stamp 'at' must be whole seconds.")
        if plain == TIMEOUT:
            return None if self._timed_out(s, seat, int(at or 0)) else T("There is still time to play.")
        if plain in self.moves(s, seat):
            return None
        if plain.kind == "deal":
            if not s.stock[seat]:
                return T("The stock is empty.")
            return T("Fill every empty column before you deal.")
        if plain.kind == "undo":
            if self.options_of(s).undo == "off":
                return T("Undo is off at this table.")
            if not s.history[seat]:
                return T("There is no move to undo since the last deal or removed run.")
            return T("You have used all your undos.")
        if plain.kind == "move":
            if self._back_move(s, seat, plain):
                return T("That puts your last move straight back: use Undo instead.")
            return T("That move is not possible: a card goes onto a card one rank higher, and only a run of one "
                     "suit moves together.")
        return T("'{move}' is not a move in Spider.", move=str(move))

    @staticmethod
    def _back_move(s: SpiderState, seat: int, move: Move) -> bool:
        if not s.back[seat] or len(move.args) != 2:
            return False
        src, dst, _ = s.back[seat]
        return move.args == (column_name(src), column_name(dst))

    def _timed_out(self, s: SpiderState, seat: int, now: int) -> bool:
        """Whether a stamped action at ``now`` comes after the board's idle time or the race's end."""
        due = self.deadline(s, seat)
        return bool(now) and due is not None and now >= due

    def deadline(self, s: SpiderState, seat: int) -> int | None:
        """When the board ends as it stands: the earlier of its idle limit and the race's end (no limit before
        the table's first stamped action)."""
        o: SpiderOptions = self.options_of(s)
        if s.over or s.ended[seat]:
            return None
        due = []
        last = s.last_at[seat] or s.started_at
        if last:
            due.append(last + 60 * o.idle_minutes)
        if o.race and s.started_at:
            due.append(s.started_at + 60 * o.race_minutes)
        return min(due, default=None)

    def idle_limit(self, s: SpiderState) -> int | None:
        """A board nobody has touched yet has no deadline (its clock starts with the first action): the
        table closes after the same idle time, instead of holding a place in the channel for days."""
        return 60 * self.options_of(s).idle_minutes

    def deadline_move(self, s: SpiderState, seat: int) -> Move | None:
        """Time up ends the board as it stands (Clarifications 7 and 9)."""
        return TIMEOUT

    # -- playing
    def play(self, s: SpiderState, seat: int, move: Move) -> list[Event]:
        at = int(move.param("at") or 0)
        if self._timed_out(s, seat, at):
            return self._time_up(s, at)
        if at:
            s.started_at = s.started_at or at
            s.first_at[seat] = s.first_at[seat] or at
            s.last_at[seat] = at
        if move.kind == "deal":
            events = self._deal(s, seat)
        elif move.kind == "undo":
            events = self._undo(s, seat)
        elif move.kind == "giveup":
            events = self._end(s, seat, "gave up")
        else:
            events = self._move(s, seat, move)
        if not s.ended[seat] and not s.stock[seat] and not self.card_moves(s, seat):
            events += self._end(s, seat, "lost")
        return events

    def _move(self, s: SpiderState, seat: int, move: Move) -> list[Event]:
        src, dst = int(move.args[0]) - 1, int(move.args[1]) - 1
        up = s.up[seat]
        if up[dst]:
            n = C.card(up[dst][-1]).rank - C.card(up[src][-1]).rank
        else:
            n = int(move.param("n"))
        run = up[src][-n:]
        del up[src][-n:]
        up[dst] += run
        turned = self._turn_up(s, seat, src)
        s.moves_made[seat] += 1
        s.history[seat].append([src, dst, n, turned])
        s.back[seat] = [] if turned else [dst, src, n]
        if turned and self.options_of(s).undo == "no_reveal":
            s.history[seat].clear()
        text = T("{seat} moves {cards} from column {src} to column {dst}.", seat=Seat(seat), cards=Cards(tuple(run)),
                 src=src + 1, dst=dst + 1)
        events = [Event(text)]
        events += self._remove_runs(s, seat, [dst])
        self._score(s, seat)
        s.last_event[seat] = text_data(text)
        return events

    def _turn_up(self, s: SpiderState, seat: int, col: int) -> bool:
        if s.up[seat][col] or not s.down[seat][col]:
            return False
        s.up[seat][col].append(s.down[seat][col].pop())
        return True

    def _remove_runs(self, s: SpiderState, seat: int, columns: list[int]) -> list[Event]:
        events = []
        for col in columns:
            up = s.up[seat][col]
            if self.movable(up) < RUN or C.card(up[-RUN]).rank != C.KING:
                continue
            s.done[seat] += up[-RUN:]
            del up[-RUN:]
            self._turn_up(s, seat, col)
            s.history[seat].clear()
            events.append(Event(T("{seat} completes a run in column {col} and removes it ({n} of 8).",
                                  seat=Seat(seat), col=col + 1, n=self.runs(s, seat))))
        if len(s.done[seat]) == RUN * RUNS:
            events += self._end(s, seat, "won")
        return events

    def _deal(self, s: SpiderState, seat: int) -> list[Event]:
        for col in range(COLUMNS):
            s.up[seat][col].append(s.stock[seat].pop())
        s.back[seat] = []
        s.history[seat].clear()
        text = N("{seat} deals a row from the stock ({n} deal left).",
                 "{seat} deals a row from the stock ({n} deals left).", len(s.stock[seat]) // COLUMNS, seat=Seat(seat))
        events = [Event(text)] + self._remove_runs(s, seat, list(range(COLUMNS)))
        self._score(s, seat)
        s.last_event[seat] = text_data(text)
        return events

    def _undo(self, s: SpiderState, seat: int) -> list[Event]:
        src, dst, n, turned = s.history[seat].pop()
        s.back[seat] = []
        up = s.up[seat]
        if turned:
            s.down[seat][src].append(up[src].pop())
        run = up[dst][-n:]
        del up[dst][-n:]
        up[src] += run
        s.moves_made[seat] += 1
        s.undos[seat] += 1
        self._score(s, seat)
        text = T("{seat} takes back a move.", seat=Seat(seat))
        s.last_event[seat] = text_data(text)
        return [Event(text)]

    def _score(self, s: SpiderState, seat: int) -> None:
        s.scores[seat] = START_SCORE - s.moves_made[seat] + RUN_BONUS * self.runs(s, seat)

    def _end(self, s: SpiderState, seat: int, how: str) -> list[Event]:
        s.ended[seat] = how
        s.history[seat].clear()
        self._score(s, seat)
        if how == "won":
            text = T("{seat} has removed all eight runs and wins with {score} points!", seat=Seat(seat),
                     score=s.scores[seat])
        elif how == "gave up":
            text = T("{seat} gives up with {score} points.", seat=Seat(seat), score=s.scores[seat])
        elif how == "lost":
            text = T("{seat} has no move left and the stock is empty: the game ends with {score} points.",
                     seat=Seat(seat), score=s.scores[seat])
        else:
            text = T("{seat}'s time is up: the board ends with {score} points.", seat=Seat(seat),
                     score=s.scores[seat])
        s.last_event[seat] = text_data(text)
        events = [Event(text)]
        if all(s.ended):
            s.over = True
            events.append(Event(self.outcome(s).summary))
        return events

    def _time_up(self, s: SpiderState, now: int) -> list[Event]:
        """The race's time or a board's idle time has run out: every board past its time ends as it stands."""
        events = []
        for seat in range(s.players):
            if self._timed_out(s, seat, now):
                events += self._end(s, seat, "timed out")
        return events

    # -- facts
    @staticmethod
    def runs(s: SpiderState, seat: int) -> int:
        return len(s.done[seat]) // RUN

    @staticmethod
    def seconds(s: SpiderState, seat: int) -> int:
        return s.last_at[seat] - s.first_at[seat] if s.first_at[seat] else 0

    def result_key(self, s: SpiderState, seat: int) -> tuple[int, int, int]:
        """What places compare (Clarification 8): won, then score, then shorter time."""
        return (s.ended[seat] == "won", s.scores[seat], -self.seconds(s, seat))

    def result_scores(self, s: SpiderState) -> list[dict]:
        """Each seat's result for the leaderboard: won, score, moves, seconds, and the board it ranks on
        (one per suit count: a 1-suit game is far easier than a 4-suit one)."""
        board = text_data(N("{n} suit", "{n} suits", self.options_of(s).suits))
        return [{"won": s.ended[i] == "won", "score": s.scores[i], "moves": s.moves_made[i],
                 "seconds": self.seconds(s, i), "board": board} for i in range(s.players)]

    def daily_seed(self, options: dict, day: datetime.date) -> int | None:
        """The daily deal's seed when the options ask for it, else None."""
        if not options.get("daily"):
            return None
        return daily_seed(day, int(options.get("suits", 4)))

    def starts_alone(self, options: dict) -> bool:
        """A solo game starts at once on /play; a race waits in a lobby for racers."""
        return not options.get("race")

    # -- hints
    def _eval(self, s: SpiderState, seat: int) -> float:
        up, down = s.up[seat], s.down[seat]
        links = sum(self.movable(col) - 1 for col in up if col)
        empty = sum(1 for col in up if not col)
        hidden = sum(len(col) for col in down)
        return 1000 * self.runs(s, seat) - 20 * hidden + 8 * empty + 3 * links

    def best_move(self, s: SpiderState, seat: int) -> Move | None:
        """The card move that improves the board most, looking one move ahead, else the deal, else None."""
        base = self._eval(s, seat)
        best, best_gain = None, 0.0
        for move in self.card_moves(s, seat):
            twin = s.clone()
            self._move(twin, seat, move)
            gain = self._eval(twin, seat) - base
            if gain > best_gain:
                best, best_gain = move, gain
        if best is None and self.can_deal(s, seat):
            return DEAL
        return best

    def hint(self, s: SpiderState, seat: int) -> Text | None:
        """A good move for ``seat`` in words, or None when the board has ended."""
        if s.ended[seat]:
            return None
        move = self.best_move(s, seat)
        if move is None:
            return T("No move improves the board: try moving a run to another column, or give up.")
        if move == DEAL:
            return T("Hint: deal a row from the stock.")
        src, dst = int(move.args[0]) - 1, int(move.args[1]) - 1
        n = int(move.param("n") or 0) or C.card(s.up[seat][dst][-1]).rank - C.card(s.up[seat][src][-1]).rank
        card = s.up[seat][src][-n]
        return T("Hint: move {card} from column {src} to column {dst}.", card=Card(card), src=src + 1, dst=dst + 1)

    # -- what people see
    def instruction(self, s: SpiderState, seat: int) -> str:
        return T("Pick the column to move from, then the column to move to; or deal, undo or give up.")

    def waiting_text(self, s: SpiderState) -> str:
        if s.over:
            return T("The game is over.")
        return T("The racers are playing.")

    def describe(self, s: SpiderState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "deal":
            return ((T("Move from column"), T("Deal a row")),)
        if move.kind == "undo":
            return ((T("Move from column"), T("Undo")),)
        if move.kind == "giveup":
            return ((T("Move from column"), T("Give up")),)
        src, dst = int(move.args[0]) - 1, int(move.args[1]) - 1
        up = s.up[seat]
        top = Card(up[src][-1])
        path = ((T("Move from column"), T("Column {col} ({card})", col=src + 1, card=top)),)
        if up[dst]:
            n = C.card(up[dst][-1]).rank - C.card(up[src][-1]).rank
            return path + ((T("to column"), T("Column {col}: {card} onto {onto}", col=dst + 1,
                                                card=Card(up[src][-n]), onto=Card(up[dst][-1]))),)
        n = int(move.param("n"))
        path += ((T("to column"), T("Column {col} (empty)", col=dst + 1)),)
        return path + ((T("Run length"), N("{n} card from {card}", "{n} cards from {card}", n,
                                             card=Card(up[src][-n]))),)

    def board_text(self, s: SpiderState, seat: int) -> str:
        """The board as a monospace code block: ten columns, face-down cards as ##."""
        cells = [[FACE_DOWN.ljust(4)] * len(s.down[seat][col]) + [cell(c) for c in s.up[seat][col]]
                 for col in range(COLUMNS)]
        depth = max(len(col) for col in cells)
        lines = ["".join(str(col + 1).ljust(4) for col in range(COLUMNS)).rstrip()]
        for row in range(depth):
            lines.append("".join(col[row] if row < len(col) else "    " for col in cells).rstrip())
        return "```\n" + "\n".join(lines) + "\n```"

    def progress(self, s: SpiderState, seat: int) -> Text:
        return T("{seat}: {runs}/8 runs, {moves} moves, {score} points, {deals} deals left", seat=Seat(seat),
                 runs=self.runs(s, seat), moves=s.moves_made[seat], score=s.scores[seat],
                 deals=len(s.stock[seat]) // COLUMNS)

    def score_unit(self, s: SpiderState) -> tuple[str, str]:
        return (T("point"), T("points"))

    def view(self, s: SpiderState, seat: int | None) -> View:
        o: SpiderOptions = self.options_of(s)
        shown = seat if seat is not None else (0 if s.players == 1 else None)
        seats = [SeatView(i, 0, s.scores[i], self._notes(s, i)) for i in range(s.players)]
        facts = [N("{n} suit", "{n} suits", o.suits), UNDO_POLICY[o.undo]]
        if o.daily:
            facts.append(T("Daily deal"))
        if s.players > 1:
            facts += [self.progress(s, i) for i in range(s.players)]
        if shown is not None:
            facts.append(self.board_text(s, shown))
            if s.last_event[shown]:
                facts.append(text_from(s.last_event[shown]))
        piles = []
        if shown is not None:
            # the ten columns on one row of the picture, face-down cards first; the stock and removed runs below
            piles = [PileView(str(col + 1), list(s.up[shown][col]), len(s.down[shown][col]) + len(s.up[shown][col]),
                              layout=COLUMN) for col in range(COLUMNS)]
            piles += [PileView(T("Stock"), [], len(s.stock[shown])),
                      PileView(T("Removed runs"), s.done[shown][-1:], len(s.done[shown]))]
        status = self.outcome(s).summary if s.over else (
            self.progress(s, shown) if shown is not None else T("The racers are playing."))
        # the seat's own board beside its buttons (the fence on a line of its own after the panel's 🔒)
        private = ["\n" + self.board_text(s, seat)] if seat is not None else []
        return View(game=self.key, seat=seat, hand=[], seats=seats, piles=piles, status=status, facts=facts,
                    to_move=sorted(self.to_move(s)), over=s.over,
                    result=self.outcome(s).summary if s.over else None, private=private)

    def _notes(self, s: SpiderState, seat: int) -> list[str]:
        notes = [N("{n} run removed", "{n} runs removed", self.runs(s, seat)),
                 N("{n} move", "{n} moves", s.moves_made[seat])]
        if s.ended[seat] == "won":
            notes.append(T("won"))
        elif s.ended[seat]:
            notes.append(T("ended"))
        return notes

    def zones(self, s: SpiderState) -> list[Zone]:
        out = []
        for seat in range(s.players):
            out.append(Zone(f"stock {seat}", s.stock[seat], "none"))
            out.append(Zone(f"removed {seat}", s.done[seat], "all"))
            for col in range(COLUMNS):
                out.append(Zone(f"down {seat}.{col}", s.down[seat][col], "none"))
                out.append(Zone(f"up {seat}.{col}", s.up[seat][col], "all"))
        return out

    def outcome(self, s: SpiderState) -> Outcome | None:
        if not s.over:
            return None
        keys = [self.result_key(s, i) for i in range(s.players)]
        placings = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        winners = [i for i, p in enumerate(placings) if p == 1]
        if s.players == 1:
            if s.ended[0] == "won":
                summary = T("{seat} wins with {score} points in {moves} moves!", seat=Seat(0), score=s.scores[0],
                            moves=s.moves_made[0])
            else:
                summary = N("{seat} ends the game with {n} run removed and {score} points.",
                            "{seat} ends the game with {n} runs removed and {score} points.", self.runs(s, 0),
                            seat=Seat(0), score=s.scores[0])
        elif len(winners) == 1:
            summary = T("{seat} wins the race with {score} points!", seat=Seat(winners[0]),
                        score=s.scores[winners[0]])
        else:
            summary = T("The race ends in a tie for first place.")
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    # -- computer players (used by the shared tests and playouts; the bot offers none for Spider)
    def standing(self, s: SpiderState) -> list[float]:
        return [float(x) for x in s.scores]

    def hand_progress(self, s: SpiderState) -> list[float]:
        return [self._eval(s, i) for i in range(s.players)]

    def rollout_move(self, s, seat, moves, rng):
        """The hint's move when there is one, else give up (a playout never wanders)."""
        best = self.best_move(s, seat)
        return best if best in moves else GIVE_UP

GAME = Spider()


__all__ = ["GAME", "IllegalMove", "Spider", "SpiderOptions", "SpiderState", "daily_seed", "stamped"]
