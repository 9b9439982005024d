"""Scopa: capture cards from the board by pairing or by adding up to your card.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/scopa.md``; [rec] marks our own):

* 40-card pack (A–7, J, Q, K), values A=1, 2–7 their pips, J=8, Q=9, K=10.
* The first dealer is drawn at random, then the deal alternates; the non-dealer
  opens every hand. If three or more of the four board cards are kings the cards
  are shuffled and dealt again by the same dealer (option ``kings_redeal``).
* Capturing is judged card by card: the card played must capture if it can, and
  a card that can pair must pair (one card of its rank, the player picks which);
  otherwise it may take any set of two or more board cards adding up to its
  value (the player picks which set). A card with no capture goes on the board, even if
  another card in hand could have captured.
* Clearing the board is a sweep (scopa), except with the very last card of the
  deal, played when the stock and both hands are empty (option
  ``last_card_sweep`` makes that one count too). Sweeps with the last card of
  an earlier three-card hand count.
* When both hands are empty, three more cards each are dealt from the stock
  (the non-dealer first); the board gets none. At the end of the deal the last
  player to capture takes what is left on the board, which is not a sweep. If
  nobody captured at all, the board stays where it is [rec].
* Scoring, one point each in this order: most cards, most diamonds (a tie in
  either scores nothing), the settebello 7♦, primiera (only players holding all
  four suits qualify; best card per suit 7=21, 6=18, A=16, 5=15, 4=14, 3=13,
  2=12, court card 10; a tie scores nothing; a lone qualifier scores it), then a
  point per sweep, the sweeps taken in the chronological order they were made
  [rec]. Points are added one at a time and scoring stops the moment someone
  reaches the target (11, or 21 with ``target``); the remaining points are lost.
* The next hand is dealt automatically until someone reaches the target.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from games import cards as C
from games.common.capture import TakeWords, capture_options, captures_text, lay_card, refuse_take, sum_text, table_key
from games.common.fishing import (
    Haul,
    MostCards,
    MostOfSuit,
    NamedCard,
    PointsWords,
    next_turn,
    noisy_best,
    points_text,
    score_hand,
    sole_best,
    table_zones,
)
from games.common.match import DealtMatch, MatchFormat, award_in_order, match_outcome, next_seat
from games.common.table import card_to_play, table_view
from games.engine import Event, Game, IllegalMove, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.text import Card, Cards, Seat, Text, text_data, text_from, texts

T, N = texts("scopa")

HAND_SIZE = 3
BOARD_SIZE = 4
SETTEBELLO = "7D"
VALUES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, C.JACK: 8, C.QUEEN: 9, C.KING: 10}
PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, C.JACK: 10, C.QUEEN: 10, C.KING: 10}
TRAIL_LABEL = T("Put it on the board (nothing to take)")
# a typed move: "7D" (on the board) or "7D take 3C+4H"; "play 7D take=3C+4H" is read too
TYPED = re.compile(r"\s*(?:play\s+)?(?P<card>[^\s=+]+)(?:\s+take\s*=?\s*(?P<take>\S.*?))?\s*", re.I)


def value(code: str) -> int:
    return VALUES[C.card(code).rank]


def captures(board: list[str], code: str) -> list[list[str]]:
    """Scopa's captures for ``code``: one equal-rank card, or else 2+ cards adding up."""
    return capture_options(board, code, value, pairing="one", pairing_first=True, min_addition=2)


def primiera(pile: list[str]) -> int | None:
    """The primiera count of a capture pile, or None without all four suits."""
    best: dict[str, int] = {}
    for code in pile:
        c = C.card(code)
        points = PRIMIERA[c.rank]
        if points > best.get(c.suit, 0):
            best[c.suit] = points
    return sum(best.values()) if len(best) == 4 else None


class Primiera:
    """A point for the best primiera; only a pile holding all four suits qualifies."""

    def awards(self, hauls: Sequence[Haul]) -> list[tuple[int, int, Text]]:
        prim = [primiera(h.cards) for h in hauls]
        leader = sole_best([-1 if p is None else p for p in prim])
        if leader is None or prim[leader] is None:
            return []
        return [(leader, 1, T("primiera ({n})", n=prim[leader]))]


CATEGORIES = (
    MostCards(1),
    MostOfSuit("D", 1, lambda n: T("most diamonds ({n})", n=n)),
    NamedCard(SETTEBELLO, 1, T("settebello")),
    Primiera(),
)


def diamonds(pile: list[str]) -> int:
    return sum(1 for code in pile if code.endswith("D"))


@dataclass(frozen=True)
class ScopaOptions(Options):
    target: int = option(11, choices=(11, 21), help=T("points needed to win the match"))
    kings_redeal: bool = option(True, help=T("deal again when three or more of the four board cards are kings"))
    last_card_sweep: bool = option(False, help=T("a sweep with the very last card of the deal counts"))

    def match(self) -> MatchFormat:
        return MatchFormat("race", self.target)


@dataclass(kw_only=True)
class ScopaState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    board: list[str] = field(default_factory=list)      # kept in rank order
    piles: list[list[str]] = field(default_factory=list)  # captured cards per seat
    sweeps: list[int] = field(default_factory=list)     # the seat of each sweep this hand, in order
    sweep_cards: list[str] = field(default_factory=list)  # the card that made each sweep (face up)
    turn: int = 0
    last_capturer: int = -1
    last_result: str | dict = ""    # the last hand's points, as text_data


class Scopa(DealtMatch, Game[ScopaState]):
    key = "scopa"
    title = T("Scopa")
    # other names players search for (/play)
    aliases = ('scopone', 'escoba')
    seats = range(2, 3)
    Options = ScopaOptions
    State = ScopaState
    summary = T("Italian fishing game: capture by pairing or adding up, and sweep the board.")
    rules = T(
        "Two players use a 40-card pack (ace to 7 plus jack, queen and king). For adding, "
        "an ace is 1, number cards their number, a jack 8, a queen 9 and a king 10. Each "
        "player gets three cards and four go face up in the middle; the player who did not "
        "deal starts.\n"
        "On your turn play one card. If a board card has the same rank, you must take exactly "
        "one such card (you choose which). Otherwise, if two or more board cards add up to "
        "your card's value, you must take one such set (again your choice). A card that can "
        "take nothing is simply added to the board, and you may always play such a card "
        "instead of one that could capture. Emptying the board scores a scopa (sweep), but "
        "not with the last card of the whole deal.\n"
        "When both hands are empty, three new cards each come from the stock. Once everything "
        "has been played, whoever captured last also collects the cards left on the board.\n"
        "Then points are given in this order: one for the most cards, one for the most "
        "diamonds (a tie gives nobody the point), one for the 7♦, one for primiera, and one "
        "for every sweep. Primiera compares the best card of each suit (7 is worth 21, 6 is "
        "18, ace 16, 5 is 15, 4 is 14, 3 is 13, 2 is 12, court cards 10) and only counts for a "
        "player who captured all four suits. The first to 11 points wins; points are handed "
        "out one by one in that order and counting stops as soon as someone gets there."
    )

    # -- dealing
    def setup(self, players: int, options: ScopaOptions, seed: int) -> ScopaState:
        s = ScopaState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: ScopaState) -> list[Event]:
        o: ScopaOptions = self.options_of(s)
        events = []
        while True:
            deck = C.italian_deck()
            s.rng().shuffle(deck)
            s.hands = [[] for _ in range(s.players)]
            s.board = sorted(deck[-BOARD_SIZE:], key=table_key)
            s.stock = deck[:-BOARD_SIZE]
            kings = sum(1 for code in s.board if C.rank(code) == C.KING)
            if not (o.kings_redeal and kings >= 3):
                break
            events.append(Event(T("{kings} kings are dealt to the board ({cards}): the cards are dealt again.",
                                  kings=kings, cards=Cards(tuple(s.board)))))
        s.piles = [[] for _ in range(s.players)]
        s.sweeps, s.sweep_cards = [], []
        s.last_capturer = -1
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        events.append(Event(T("Hand {hand}: {seat} deals; the board is {cards}.", hand=s.hand_no,
                              seat=Seat(s.dealer), cards=Cards(tuple(s.board)))))
        return events + self._refill(s)

    def _refill(self, s: ScopaState) -> list[Event]:
        """Three cards each from the stock, the non-dealer first."""
        for k in range(s.players):
            hand = s.hands[(s.dealer + 1 + k) % s.players]
            for _ in range(min(HAND_SIZE, len(s.stock))):
                hand.append(s.stock.pop())
            hand.sort(key=C.sort_key)
        return [Event(T("Your cards: {cards}.", cards=Cards(tuple(h))), to=i) for i, h in enumerate(s.hands)]

    # -- legality
    def to_move(self, s: ScopaState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: ScopaState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        out = []
        board = s.board
        for code in s.hands[seat]:
            options = captures(board, code)
            if options:
                out += [Move("play", (code,), (("take", "+".join(taken)),)) for taken in options]
            else:
                out.append(Move("play", (code,)))
        return out

    def refuse(self, s: ScopaState, seat: int, move: Move) -> str | None:
        return refuse_take(move, s.hands[seat], s.board, lambda code: captures(s.board, code), TAKE_WORDS,
                           may_lay=False)

    # -- building a move from parts (P7): a hand card, then the board cards it takes
    def targets(self, s: ScopaState, seat: int, card: str) -> list[tuple[str, str]] | None:
        return [(code, sum_text([code])) for code in s.board]

    def compose(self, s: ScopaState, seat: int, card: str, targets: Sequence[str]) -> list[Move]:
        want = set(targets)
        return [m for m in self.moves(s, seat) if m.args[0] == card and set(_taken(m)) == want]

    def why_not_composed(self, s: ScopaState, seat: int, card: str, targets: Sequence[str]) -> str:
        return (self._why_not_taking(s, seat, card, list(targets))
                or T("{card} cannot take exactly those cards.", card=Card(card)))

    def _why_not_taking(self, s: ScopaState, seat: int, card: str, taken: list[str]) -> str | None:
        """Why ``card`` may not take exactly ``taken`` (nothing: go on the board), worded for a
        selection or a typed move alike; None when it may."""
        code, why = card_to_play(Move("play", (card,)), s.hands[seat], "7D")
        if why:
            return why
        options = captures(s.board, code)
        if options and not taken:
            return T("{card} can capture, so it may not just go on the board: it can take {options}.",
                     card=Card(code), options=captures_text(options))
        if taken and not options:
            return T("{card} cannot capture anything: it goes on the board without taking cards.", card=Card(code))
        return self.refuse(s, seat, Move("play", (code,), (("take", "+".join(taken)),) if taken else ()))

    def preview(self, s: ScopaState, seat: int, move: Move) -> str:
        taken = _taken(move)
        if taken:
            return T("{card} takes {cards}", card=Card(move.args[0]), cards=sum_text(taken))
        return T("{card} goes on the board", card=Card(move.args[0]))

    def parse_typed(self, s: ScopaState, seat: int, text: str) -> Move:
        typed = TYPED.fullmatch(text)
        if typed is None:
            raise IllegalMove(T("Type a card to put on the board, or a card, 'take' and the cards it takes: "
                                "e.g. {example}.", example=_typed_form(self._example_move(s, seat))))
        words = [typed["card"]] + (re.split(r"[+\s]+", typed["take"].strip(" +")) if typed["take"] else [])
        for word in words:
            if not C.is_card(word):
                raise IllegalMove(T("'{word}' is not a card: write a rank and a suit letter, e.g. 7D or KS.",
                                    word=word))
        card, *taken = (C.card(w).code for w in words)
        reason = self._why_not_taking(s, seat, card, taken)
        if reason:
            raise IllegalMove(reason)
        return self.compose(s, seat, card, taken)[0]

    def typed_example(self, s: ScopaState, seat: int) -> str | None:
        return T("e.g. {example}", example=_typed_form(self._example_move(s, seat)))

    def _example_move(self, s: ScopaState, seat: int) -> Move:
        """A move of the seat's own to show how one is typed: a capture if it has one."""
        moves = self.moves(s, seat) or [Move("play", ("7D",), (("take", "3C+4H"),))]
        return next((m for m in moves if _taken(m)), moves[0])

    # -- playing
    def play(self, s: ScopaState, seat: int, move: Move) -> list[Event]:
        code = C.card(move.args[0]).code
        hand = s.hands[seat]
        hand.remove(code)
        take = move.param("take")
        last_card = not s.stock and not any(s.hands)
        if take:
            board = s.board
            taken = [C.card(p).code for p in take.split("+")]
            for t in taken:
                board.remove(t)
            pile = s.piles[seat]
            pile += taken
            pile.append(code)
            s.last_capturer = seat
            events = [Event(T("{seat} plays {card} and takes {cards}.", seat=Seat(seat), card=Card(code),
                              cards=sum_text(taken)))]
            if not board:
                if last_card and not self.options_of(s).last_card_sweep:
                    events.append(Event(T("The board is cleared, but with the last card of the deal: no sweep.")))
                else:
                    s.sweeps.append(seat)
                    s.sweep_cards.append(code)
                    events.append(Event(T("Scopa! {seat} sweeps the board.", seat=Seat(seat))))
        else:
            lay_card(s.board, code)
            events = [Event(T("{seat} puts {card} on the board.", seat=Seat(seat), card=Card(code)))]
        return events + next_turn(s, seat, lambda: self._new_cards(s), lambda: self._end_hand(s))

    def _new_cards(self, s: ScopaState) -> list[Event]:
        left = max(0, len(s.stock) - HAND_SIZE * s.players)
        return [Event(N("Three new cards each; {n} left in the stock.",
                        "Three new cards each; {n} left in the stock.", left))] + self._refill(s)

    def _end_hand(self, s: ScopaState) -> list[Event]:
        o: ScopaOptions = self.options_of(s)
        events = []
        if s.board and s.last_capturer >= 0:
            events.append(Event(T("{seat} captured last and takes the rest of the board: {cards}.",
                                  seat=Seat(s.last_capturer), cards=Cards(tuple(s.board)))))
            s.piles[s.last_capturer] += s.board
            s.board = []
        counted = award_in_order(s.scores, self.hand_awards(s), o.target)
        result = _points_text(s.hand_no, counted)
        s.last_result = text_data(result)
        events.append(Event(T("{result}. Score {first} – {second}.", result=result, first=s.scores[0],
                              second=s.scores[1])))
        return self.after_hand(s, events, o.match().finished(s.scores, s.hand_no))

    def hand_awards(self, s: ScopaState) -> list[tuple[int, int, Text]]:
        """The points of a finished hand as (seat, points, reason), in scoring order; the sweeps
        one point each, in the order they were made."""
        hauls = [Haul(pile) for pile in s.piles]
        awards = score_hand(CATEGORIES, hauls)
        return awards + [(seat, 1, T("sweep")) for seat in s.sweeps]

    # -- what people see
    def instruction(self, s: ScopaState, seat: int) -> str:
        if not s.board:
            return T("Your turn: play a card, capturing if it can. Board: empty.")
        return T("Your turn: play a card, capturing if it can. Board: {cards}.", cards=Cards(tuple(s.board)))

    def describe(self, s: ScopaState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        step = (T("Play a card"), sum_text([move.args[0]]))
        take = move.param("take")
        return (step, (T("Capture"), sum_text(take.split("+")) if take else TRAIL_LABEL))

    def counters(self, s: ScopaState, seat: int) -> list[Text]:
        """Live scoring counters of one seat's capture pile, worded as captures (the seat line
        also shows the cards in hand): "captured 10 (1 diamond, primiera 66)", "1 sweep"."""
        pile = s.piles[seat]
        notes = [_capture_note(pile)] if pile else [T("nothing captured yet")]
        sweeps = s.sweeps.count(seat)
        if sweeps:
            notes.append(N("{n} sweep", "{n} sweeps", sweeps))
        return notes

    def score_unit(self, s: ScopaState) -> tuple[str, str]:
        return self.options_of(s).match().unit

    def view(self, s: ScopaState, seat: int | None) -> View:
        o: ScopaOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = ([T("dealer")] if i == s.dealer else []) + self.counters(s, i)
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        # the dealer (a seat note) and the stock (a pile) are shown already: no facts for them
        facts = [T("Match: {format}", format=o.match().describe())]
        if s.last_capturer >= 0:
            facts.append(T("Last capture: {seat}", seat=Seat(s.last_capturer)))
        if o.last_card_sweep:
            facts.append(T("A sweep with the last card of the deal counts"))
        if s.last_result:
            facts.append(text_from(s.last_result))
        piles = [PileView(T("Board"), list(s.board), len(s.board)), PileView(T("Stock"), [], len(s.stock))]
        for i, pile in enumerate(s.piles):
            shown = [c for who, c in zip(s.sweeps, s.sweep_cards, strict=True) if who == i]
            piles.append(PileView(T("{seat}'s captures", seat=Seat(i)), shown, len(pile), owner=i))
        status = self.outcome(s).summary if s.over else T("Hand {hand}. {seat} to play.", hand=s.hand_no,
                                                          seat=Seat(s.turn))
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def zones(self, s: ScopaState) -> list[Zone]:
        return table_zones(s.hands, s.stock, s.board, s.piles, table_name="board")

    def outcome(self, s: ScopaState) -> Outcome | None:
        if not s.over:
            return None
        outcome = match_outcome(self.options_of(s).match(), s.scores)
        (winner,) = outcome.winners     # points stop at the target: one player reaches it
        return replace(outcome, summary=T("{seat} wins ({first}–{second})!", seat=Seat(winner),
                                          first=s.scores[0], second=s.scores[1]))

    # -- computer players
    def rollout_move(self, s, seat, moves, rng):
        """Greedy with a little noise: capture rather than trail, value sweeps, the
        settebello, 7s and diamonds; trail cheap cards and avoid leaving a board
        whose total one card could sweep."""
        board = s.board
        board_total = sum(VALUES[C.card(c).rank] for c in board)
        # can the opponent still play after this card (a board it could sweep is a risk)?
        exposed = bool(s.stock) or any(h for i, h in enumerate(s.hands) if i != seat)

        def worth(m: Move) -> float:
            code = m.args[0]
            take = m.param("take")
            score = 0.0
            if take:
                taken = take.split("+")
                score += 20 + 2 * len(taken)
                for t in (code, *taken):
                    if t == SETTEBELLO:
                        score += 30
                    if t[0] == "7":
                        score += 4
                    if t[-1] == "D":
                        score += 2
                left = board_total - sum(VALUES[C.card(t).rank] for t in taken)
                if len(taken) == len(board):
                    score += 40
                elif left <= 10 and exposed:
                    score -= 6              # the opponent may sweep what is left
            else:
                c = C.card(code)
                total = board_total + VALUES[c.rank]
                if total <= 10 and exposed:
                    score -= 12             # one card could sweep the board
                if code == SETTEBELLO:
                    score -= 30
                score -= 4 if c.rank == 7 else 2 if c.rank == 6 else 0
                score -= 2 if c.suit == "D" else 0
            return score

        return noisy_best(moves, worth, rng)

def _wrong_capture(code: str, taken: list[str], options: list[list[str]]) -> Text:
    """Why taking ``taken`` with ``code`` is not one of its captures ``options`` (pairings, when the
    board holds its rank)."""
    rank = C.rank(code)
    if any(C.rank(t) == rank for t in options[0]):
        if len(taken) > 1 and all(C.rank(t) == rank for t in taken):
            return T("A pairing takes only one card of the same rank: choose one ({options}).",
                     options=captures_text(options))
        return T("{card} can pair with a card of its rank, and pairing comes before adding: take {options}.",
                 card=Card(code), options=captures_text(options))
    if len(taken) == 1:
        return T("{card} can take a single card only of its own rank, and {taken} is not. It can take "
                 "{options}.", card=Card(code), taken=Card(taken[0]), options=captures_text(options))
    return T("{cards} adds up to {total}, not {value}. {card} can take {options}.",
             cards=sum_text(taken), total=sum(value(t) for t in taken), value=value(code), card=Card(code),
             options=captures_text(options))


def _taken(move: Move) -> list[str]:
    """The board cards a play takes (none: it goes on the board)."""
    take = move.param("take")
    return take.split("+") if take else []


def _typed_form(move: Move) -> str:
    """A move as typed in the Type move box: "7D take 3C+4H", "7D"."""
    take = move.param("take")
    return f"{move.args[0]} take {take}" if take else move.args[0]


def _capture_note(pile: list[str]) -> Text:
    """A seat's captures so far: "captured 10 (1 diamond, the settebello, primiera 66)"."""
    n, dia, prim = len(pile), N("{n} diamond", "{n} diamonds", diamonds(pile)), primiera(pile)
    if prim is None:
        missing = "".join(C.SUIT_SYMBOLS[x] for x in C.SUITS if not any(c.endswith(x) for c in pile))
        if SETTEBELLO in pile:
            return T("captured {n} ({diamonds}, the settebello, primiera needs {suits})", n=n, diamonds=dia,
                     suits=missing)
        return T("captured {n} ({diamonds}, primiera needs {suits})", n=n, diamonds=dia, suits=missing)
    if SETTEBELLO in pile:
        return T("captured {n} ({diamonds}, the settebello, primiera {points})", n=n, diamonds=dia, points=prim)
    return T("captured {n} ({diamonds}, primiera {points})", n=n, diamonds=dia, points=prim)


def _points_text(hand: int, counted: list[tuple[int, int, Text]]) -> Text:
    """The points a hand gave, in the order they were counted: "Hand 3: {p0} most cards (22); {p1} sweep"."""
    # each award is one point
    return points_text(hand, counted, lambda seat, _, award: T("{seat} {award}", seat=Seat(seat), award=award),
                       POINTS_WORDS)


POINTS_WORDS = PointsWords(
    none=lambda hand: T("Hand {hand}: no points", hand=hand),
    then=lambda points, point: T("{points}; {point}", points=points, point=point),
    hand=lambda hand, points: T("Hand {hand}: {points}", hand=hand, points=points),
)

TAKE_WORDS = TakeWords(
    not_a_move=lambda move: T("'{move}' is not a move in Scopa: play a card, e.g. 'play 7D' or 'play 7D take=3C+4H'.",
                              move=move),
    not_part=lambda name: T("'{name}=' is not part of a Scopa move; only take= is (e.g. take=3C+4H).", name=name),
    must_capture=lambda card, options, example: T(
        "{card} can capture ({options}), so it may not just go on the board: say which cards it takes, e.g. "
        "'{example}'.", card=card, options=options, example=example),
    cannot_capture=lambda card: T("{card} cannot capture anything: play it without take= to put it on the board.",
                                  card=card),
    not_cards=lambda take: T("'{take}' is not a list of cards; write e.g. take=3C+4H.", take=take),
    repeated=lambda: T("Name each card to take only once."),
    not_on_table=lambda card: T("{card} is not on the board.", card=card),
    wrong_capture=_wrong_capture,
)

GAME = Scopa()
