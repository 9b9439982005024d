"""The matching-pile shedding engine: one card-effect mechanism for Crazy Eights,
Jack Change It and Last One, and the last-card call shared by Last One and Page One.

**What may be played.** A state's ``named`` says what the next card must match:

* ``""``: the top discard, by suit or by rank;
* a suit letter (``"H"``): the suit named by a wild 8 or a jack; the named suit, a
  card of the namer's rank (another 8, another jack) or a wild card follows it;
* `ANY`: anything (a Crazy Eights joker);
* a card code (``"7H"``): the card a joker stands for, matched by suit or rank.

Wild ranks (8s, jokers as rank 0) fit anything. `matches` is the predicate; a
pending penalty or a free extra play override it (`playable`).

**Effects.** Each game maps a card to an `Effect` (pure data): a draw penalty for
the next player (answered by stacking a card of ``stack`` rank, cancelled by the
``block`` card, or taken at once with the turn lost, ``draw_at_once``), skips, a
reverse of the direction, a name to give (a suit, a suit other than the card's own,
or a whole card), a free extra play, a melee (the game runs it), and whether it is
a trick card that may not be a player's last. `combine` adds effects of cards played
together (Jack Change It's A♥ + 2). `resolve` carries an effect out on a `ShedState`:
penalty owed, direction, whose turn it is. With two players in, a reverse has no
effect (the same player is next either way). `draw_cards` draws from the stock,
turning the discards over into a new one as it runs out.

**The last-card call** (`LastCard`): a player who plays down to one card must call
("Last one!", "Page One!"). Modes:

* ``auto``: the call is made for them;
* ``manual``: a play that leaves one card is offered with and without the call, and
  while the player holds that one card they may still call, until the deadline: the
  next turn move of another seat (or a melee card played). A missed deadline costs
  the penalty at once;
* ``catch``: as manual, but the penalty applies only when an opponent catches the
  player (a public move) before they call and before the deadline.

A seat that may call or catch out of turn is among the seats to move, with the
option to let it go (``ignore``, also what its timer answers), so a call never
makes the game wait and every state keeps a seat to move. Who can call or catch
follows only from public facts (card counts and calls made), so it leaks nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from games import cards as C
from games.common.stock import recycle
from games.common.table import draws
from games.engine import Event, Move, State
from games.text import Card, Cards, Seat, Seats, Suit, Text, text_data, texts

T, N = texts("shedding")

ANY = "*"
CALL_MODES = ("auto", "manual", "catch")

Draw = Callable[[int, int], list[Event]]     # (seat, how many) -> events; the game's own stock rules
# the public line of a draw that got fewer cards than it asked for: (seat, got, asked) -> text
Short = Callable[[int, int, int], Text]


# --- what may be played ----------------------------------------------------------------

def matches(code: str, top: str, named: str = "", wild: Iterable[int] = ()) -> bool:
    """Whether ``code`` may go on ``top`` given what was ``named`` (see the module doc)."""
    rank = C.RANK[code]
    if rank in wild or named == ANY:
        return True
    if not named:
        return C.SUIT[code] == C.SUIT[top] or rank == C.RANK[top]
    if len(named) == 1:
        return C.SUIT[code] == named or rank == C.RANK[top]
    return C.SUIT[code] == C.SUIT[named] or rank == C.RANK[named]


def words(code: str) -> Text:
    """A card in words ("8 of hearts"). Public lines use it for a card that is only named
    (a joker's, a melee's next card) while the real card may lie in someone's hand."""
    rank, suit = C.RANK[code], Suit(C.SUIT[code])
    if rank == C.ACE:
        return T("ace of {suit}", suit=suit)
    if rank == C.JACK:
        return T("jack of {suit}", suit=suit)
    if rank == C.QUEEN:
        return T("queen of {suit}", suit=suit)
    if rank == C.KING:
        return T("king of {suit}", suit=suit)
    return T("{rank} of {suit}", rank=rank, suit=suit)


def suit_text(suit: str) -> Text:
    """A named suit as every shedding game writes it: the symbol, then the name ("♥ hearts")."""
    return T("{symbol} {suit}", symbol=C.SUIT_SYMBOLS[suit], suit=Suit(suit))


def target_text(top: str, named: str = "") -> Text:
    """What the next card must match, for prompts, refusals and views."""
    if named == ANY:
        return T("anything")
    if not named:
        return T("{card}", card=Card(top))
    if len(named) == 1:
        return T("the named suit, {suit}", suit=suit_text(named))
    return T("the {card} (named by the joker)", card=words(named))


# --- seats and direction ------------------------------------------------------------------

def next_in(seat: int, players: int, direction: int = 1, out: Sequence[int] = ()) -> int:
    """The next seat in ``direction`` that is still in (not in ``out``)."""
    nxt = (seat + direction) % players
    while nxt in out and nxt != seat:
        nxt = (nxt + direction) % players
    return nxt


# --- effects --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Effect:
    draw: int = 0               # the next player must draw this many...
    stack: int = 0              # ...unless they play a card of this rank, adding its own draw
    block: str = ""             # ...or this card, which cancels the penalty
    draw_at_once: bool = False  # the next player draws straight away and loses the turn
    skip: int = 0               # players who lose their turn
    reverse: bool = False       # the direction of play turns round (with 3 or more players in)
    names: str = ""             # "suit", "other_suit" (not the card's own) or "card" (a joker)
    again: bool = False         # the player may play one more card, any card
    melee: bool = False         # Last One's 4: the game runs the melee
    trick: bool = False         # may not be the player's last card

    @property
    def plain(self) -> bool:
        return self == PLAIN


PLAIN = Effect()


def combine(effects: Sequence[Effect], block: str = "") -> Effect:
    """The effect of several cards played at once (Jack Change It's A♥ + 2): the draws
    add up, the result cannot be passed on, and ``block`` (if any) cancels it all."""
    return Effect(draw=sum(e.draw for e in effects), block=block,
                  skip=sum(e.skip for e in effects), trick=any(e.trick for e in effects))


def may_go_out(effects: Iterable[Effect]) -> bool:
    """A play that empties the hand is allowed only without a trick card in it."""
    return not any(e.trick for e in effects)


# --- the state the mechanism works on ---------------------------------------------------------

@dataclass(kw_only=True)
class ShedState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    discard: list[str] = field(default_factory=list)    # top is the last card
    turn: int = 0
    direction: int = 1          # 1 = to the left (next seat), -1 = to the right
    named: str = ""             # see the module doc
    owed: int = 0               # cards the player to move must draw unless they answer
    owed_stack: int = 0         # rank that passes the penalty on
    owed_block: str = ""        # card that cancels the penalty
    again: bool = False         # the player to move has a free extra play
    passes: int = 0             # passes in a row (nothing to play or draw)
    out: list[int] = field(default_factory=list)        # seats no longer in the game


def playable(s: ShedState, code: str, wild: Iterable[int] = ()) -> bool:
    """Whether the player to move may play ``code`` now: anything on a free extra play,
    only an answer (stack or block) to a pending penalty, otherwise a match."""
    if s.again:
        return True
    if s.owed:
        return (s.owed_stack and C.RANK[code] == s.owed_stack) or code == s.owed_block
    return matches(code, s.discard[-1], s.named, wild)


def seats_in(s: ShedState) -> list[int]:
    return [i for i in range(s.players) if i not in s.out]


def resolve(s: ShedState, seat: int, played: Sequence[str], eff: Effect, draw: Draw) -> list[Event]:
    """Carry out ``eff``, the effect of ``played`` (already on the pile, names already set)
    by ``seat``: the penalty owed, the direction, and whose turn it is next."""
    events: list[Event] = []
    if s.owed and s.owed_block in played:
        events.append(Event(T("{card} blocks the penalty: nobody draws.", card=Card(s.owed_block))))
        s.owed, s.owed_stack, s.owed_block = 0, 0, ""
    if eff.draw:
        s.owed += eff.draw
        s.owed_stack, s.owed_block = eff.stack, eff.block
    still_in = len(seats_in(s))
    if eff.reverse and still_in > 2:
        s.direction = -s.direction
        events.append(Event(T("Play changes direction.")))
    if eff.again:
        s.turn, s.again = seat, True
        return events
    s.again = False
    nxt = next_in(seat, s.players, s.direction, s.out)
    if s.owed and eff.draw_at_once:
        events += draw(nxt, s.owed)
        events.append(Event(T("{seat} misses a turn.", seat=Seat(nxt))))
        s.owed, s.owed_stack, s.owed_block = 0, 0, ""
        nxt = next_in(nxt, s.players, s.direction, s.out)
    for _ in range(eff.skip):
        events.append(Event(T("{seat} is skipped.", seat=Seat(nxt))))
        nxt = next_in(nxt, s.players, s.direction, s.out)
    s.turn = nxt
    return events


def draw_cards(s: ShedState, seat: int, n: int, short: Short) -> list[Event]:
    """``seat`` draws ``n`` cards, the discards under the top card shuffled into a new stock
    whenever it runs out, as far as cards are left. ``short`` gives the public line when fewer
    than ``n`` came: ``short(seat, got, n)``, e.g. "{p1} draws 2 cards (the stock had only 2)."."""
    got: list[str] = []
    events: list[Event] = []
    for _ in range(n):
        if not s.stock and recycle(s.stock, s.discard, s.rng()):
            events.append(Event(T("The discard pile was shuffled into a new stock.")))
        if not s.stock:
            break
        got.append(s.stock.pop())
    s.hands[seat] += got
    s.hands[seat].sort(key=C.sort_key)
    if not got:
        return events + [Event(T("{seat} has nothing to draw.", seat=Seat(seat)))]
    private = Event(T("You drew {cards}.", cards=Cards(tuple(got))), to=seat)
    if len(got) == n:
        return events + [draws(seat, n), private]
    return events + [Event(short(seat, len(got), n)), private]


def take_penalty(s: ShedState, seat: int, draw: Draw, ends_turn: bool = True) -> list[Event]:
    """``seat`` draws the penalty it owes; the turn passes on unless ``ends_turn`` is off."""
    owed = s.owed
    s.owed, s.owed_stack, s.owed_block = 0, 0, ""
    events = draw(seat, owed)
    if ends_turn:
        s.turn = next_in(seat, s.players, s.direction, s.out)
    return events


# --- the last-card call ------------------------------------------------------------------------

@dataclass(kw_only=True)
class CallState(State):
    hook: int = -1              # the seat that played down to one card without calling (-1: none)
    called: list[int] = field(default_factory=list)     # seats holding one card that have called
    ignored: list[int] = field(default_factory=list)    # seats that let the current chance go


CALL, CATCH, IGNORE = Move("call"), Move("catch"), Move("ignore")


@dataclass(frozen=True)
class LastCard:
    """The call rules of one game: its ``word`` ("Last one"), ``mode`` and ``penalty``."""

    word: str
    mode: str = "manual"
    penalty: int = 2

    # -- offering
    def offers_call(self, cards_left: int) -> bool:
        """Whether a play leaving ``cards_left`` cards comes in a calling variant too."""
        return cards_left == 1 and self.mode != "auto"

    def optional(self, s: CallState, hands: Sequence[Sequence[str]], turn: int,
                 still_in: Iterable[int]) -> set[int]:
        """Seats, besides ``turn``, that may call or catch now."""
        if s.hook < 0 or self.mode == "auto" or len(hands[s.hook]) != 1:
            return set()
        seats = {s.hook}
        if self.mode == "catch":
            seats |= set(still_in)
        return {x for x in seats if x != turn and x not in s.ignored}

    def moves(self, s: CallState, seat: int, on_turn: bool) -> list[Move]:
        """The call moves of ``seat``: added to its turn's moves when ``on_turn``, otherwise
        with the option to let the chance go."""
        if s.hook < 0 or self.mode == "auto":
            return []
        out = []
        if seat == s.hook:
            out.append(CALL)
        elif self.mode == "catch":
            out.append(CATCH)
        if out and not on_turn:
            out.append(IGNORE)
        return out

    def is_call_move(self, move: Move) -> bool:
        return move in (CALL, CATCH, IGNORE)

    def refuse(self, s: CallState, seat: int, move: Move) -> str:
        if move.args or move.params:
            return T("To {move}, just say '{move}'.", move=move.kind)
        if self.mode == "auto":
            return T("Calls are made for you at this table: there is nothing to {move}.", move=move.kind)
        if move == CALL:
            return T("You can call “{word}!” only right after playing down to one card.", word=self.word)
        if move == CATCH:
            if self.mode != "catch":
                return T("Catching is not used at this table.")
            return T("Nobody can be caught now: nobody has one card without having called.")
        return T("There is nothing to let go now.")

    # -- events of the game
    def played(self, s: CallState, seat: int, cards_left: int, call: bool) -> list[Event]:
        """``seat`` just played and holds ``cards_left`` cards (its call flag ``call``)."""
        if cards_left != 1:
            self._forget(s, seat)
            return []
        if self.mode == "auto" or call:
            return self._called(s, seat)
        s.hook, s.ignored = seat, []
        return []

    def drew(self, s: CallState, seat: int, cards_now: int) -> None:
        """A draw changed ``seat``'s hand: a call only counts while holding one card."""
        if cards_now != 1:
            self._forget(s, seat)

    def deadline(self, s: CallState, mover: int, hands: Sequence[Sequence[str]], draw: Draw) -> list[Event]:
        """``mover`` makes a turn move (or a melee card is played): a seat that has not called
        by now is too late; in manual mode it draws the penalty."""
        if s.hook < 0 or s.hook == mover:
            return []
        late = s.hook
        s.hook, s.ignored = -1, []
        if self.mode == "manual" and len(hands[late]) == 1:
            return [Event(T("{seat} did not call “{word}!” in time and draws {n}.", seat=Seat(late), word=self.word,
                            n=self.penalty)),
                    *draw(late, self.penalty)]
        return []

    def act(self, s: CallState, seat: int, move: Move, draw: Draw) -> list[Event]:
        """Carry out a call move already known to be legal."""
        if move == IGNORE:
            s.ignored.append(seat)
            return []
        if move == CALL:
            s.hook, s.ignored = -1, []
            return self._called(s, seat)
        caught = s.hook
        s.hook, s.ignored = -1, []
        return [Event(T("{seat} catches {caught}, who did not call “{word}!”: {caught} draws {n}.", seat=Seat(seat),
                        caught=Seat(caught), word=self.word, n=self.penalty)), *draw(caught, self.penalty)]

    def reset(self, s: CallState) -> None:
        s.hook, s.called, s.ignored = -1, [], []

    # -- showing
    def note(self, s: CallState, seat: int) -> str | None:
        if seat in s.called:
            return T("📣 {word}!", word=self.word)
        if seat == s.hook:
            return T("one card, no call yet")
        return None

    def with_note(self, s: CallState, seat: int, notes: list[str]) -> list[str]:
        """A seat's ``notes`` with its `note` added when it has one."""
        note = self.note(s, seat)
        if note:
            notes.append(note)
        return notes

    def label(self, move: Move, hook: int) -> str:
        if move == CALL:
            return T("📣 {word}!", word=self.word)
        if move == CATCH:
            return T("Catch! ({seat} has not called)", seat=Seat(hook))
        return T("Let it go")

    # -- internals
    def _called(self, s: CallState, seat: int) -> list[Event]:
        if seat not in s.called:
            s.called.append(seat)
        if s.hook == seat:
            s.hook, s.ignored = -1, []
        return [Event(T("{seat}: “{word}!”", seat=Seat(seat), word=self.word))]

    def _forget(self, s: CallState, seat: int) -> None:
        if seat in s.called:
            s.called.remove(seat)
        if s.hook == seat:
            s.hook, s.ignored = -1, []


NOBODY_CAN_PLAY = T("Nobody can play")


def _comma_list(items: Sequence[Text]) -> Text:
    """``A, B, C``: every item listed, no "and" (a score line of each seat)."""
    out = items[0]
    for item in items[1:]:
        out = T("{first}, {next}", first=out, next=item)
    return out


def score_hand(s: State, out_seat: int | None, points: Callable[[str], int], penalty: bool,
               blocked: str = NOBODY_CAN_PLAY) -> list[Event]:
    """End a shedding hand in ``s`` (``hands``, ``scores``, ``last_result``): the player who
    went out wins, or in a blocked hand the fewest cards, then the fewest points, a tie
    sharing the win. Scores: a point per win, or with ``penalty`` every player is charged the
    points left in their hand. ``last_result`` keeps the result as `text_data` (show it with
    `games.text.text_from`)."""
    hands = s.hands  # type: ignore[attr-defined]
    if out_seat is not None:
        winners = [out_seat]
        events = [Event(T("{seat} is out of cards and wins the hand!", seat=Seat(out_seat)))]
    else:
        key = [(len(h), sum(map(points, h))) for h in hands]
        best = min(key)
        winners = [i for i, k in enumerate(key) if k == best]
        events = [Event(N("{blocked}: the hand is blocked. {seats} wins with the fewest cards.",
                          "{blocked}: the hand is blocked. {seats} share the win with the fewest cards.",
                          len(winners), blocked=blocked, seats=Seats(tuple(winners))))]
    if penalty:
        charged = [sum(map(points, h)) for h in hands]
        for i, pts in enumerate(charged):
            s.scores[i] += pts
        each = _comma_list([T("{seat} {points}", seat=Seat(i), points=p) for i, p in enumerate(charged)])
        s.last_result = text_data(T("Penalties this hand: {penalties}", penalties=each))
        events.append(Event(T("Penalties this hand: {penalties}.", penalties=each)))
    else:
        # the winner line above already says who won: the result is kept for the view only
        for i in winners:
            s.scores[i] += 1
        s.last_result = text_data(T("Hand {n} won by {seats}", n=s.hand_no, seats=Seats(tuple(winners))))
    return events
