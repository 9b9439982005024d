"""Kontsina: the Greek children's fishing game (pair one card, or take numerals adding up to yours).

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/kontsina.md``; [rec] marks our own):

* 52 cards, 2–4 players. The first dealer is drawn at random, then the deal passes
  left (alternates with two). Cards are dealt one at a time from the dealer's left:
  four to each hand, then four face up to the table; whenever every hand is empty,
  four more each the same way until the 48 cards are out (6 deals for two players,
  4 for three, 3 for four). The player left of the dealer starts.
* A turn plays one card: lay it, or capture **one** table card of its rank, or
  **one** set of two or more numerals (ace 1, 2–10 their pips) adding up to its
  value. Court cards have no value: they only pair. Never a pairing and a sum at
  once, never two sums at once. Capturing is optional; with ``compulsory_capture``
  a card that can capture may not be laid, but another card may be, and the
  player picks freely among the captures on offer.
* At the end of a hand the last capturer takes what is left on the table; if
  nobody captured, those cards count for nobody. There are no sweeps.
* Scoring: 2 for the most cards, 1 for the most clubs (a tie for either scores
  nothing), 1 for the 2♣, 1 for the 10♦; every point of the hand counts.
* The match ends after a hand in which someone has reached ``target`` (21) and one
  player (or team) alone is highest; otherwise more hands are played, every player
  in them, until that is so.
* ``partnerships`` (four players): seats 0 and 2 play against 1 and 3, share one
  captured pile, and every category and the race to the target is between teams;
  both partners show the team's score.
* The table message shows the table, the stock, and how many cards each player
  (or team) has captured, never which.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from games import cards as C
from games.common.capture import TakeWords, capture_options, captures_text, lay_card, refuse_take, sum_text, table_key
from games.common.capture import numeral_value as value
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
    sides,
    sole_best,
    table_zones,
    take_rest,
)
from games.common.match import DealtMatch, MatchFormat, match_outcome, next_seat
from games.common.table import table_view
from games.engine import Event, Game, IllegalMove, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import BadOption, Options, option
from games.text import Card, Cards, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("kontsina")

HAND_SIZE = 4
TABLE_SIZE = 4
TWO_OF_CLUBS = "2C"
TEN_OF_DIAMONDS = "10D"
LAY_LABEL = T("Lay it on the table (take nothing)")

CATEGORIES = (
    MostCards(2),
    MostOfSuit("C", 1),
    # named in words: the last hand's result stays on the table message while these cards lie hidden again
    NamedCard(TWO_OF_CLUBS, 1, T("the two of clubs")),
    NamedCard(TEN_OF_DIAMONDS, 1, T("the ten of diamonds")),
)


def captures(table: list[str], code: str) -> list[list[str]]:
    """Every capture ``code`` can make: one card of its rank, or one set of 2+ numerals adding up."""
    return capture_options(table, code, value, pairing="one", pairing_first=False, min_addition=2)


@dataclass(frozen=True)
class KontsinaOptions(Options):
    target: int = option(21, min=1, max=100, help=T("points a player (or team) needs to win the match"))
    partnerships: bool = option(False, help=T("four players: partners sitting opposite share captures and score"))
    compulsory_capture: bool = option(False, help=T("a card that can capture may not be laid on the table"))

    def check(self, players: int) -> None:
        if self.partnerships and players != 4:
            raise BadOption(T("option 'partnerships' needs exactly 4 players (got {n})", n=players))

    def match(self) -> MatchFormat:
        return MatchFormat("race", self.target)


@dataclass(kw_only=True)
class KontsinaState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    table: list[str] = field(default_factory=list)      # kept in rank order
    piles: list[list[str]] = field(default_factory=list)  # captured cards per side (seat, or team)
    turn: int = 0
    last_capturer: int = -1     # a seat
    last_result: str | dict = ""    # the last hand's points, as text_data


class Kontsina(DealtMatch, Game[KontsinaState]):
    key = "kontsina"
    title = T("Kontsina")
    # other names players search for (/play)
    aliases = ("koltsina", "kolitsina", "κοντσινα", "κοντσίνα", "κολτσίνα")
    seats = range(2, 5)
    Options = KontsinaOptions
    State = KontsinaState
    # a few hundred playouts of a whole hand barely tell two moves apart (rank rewards, much luck): the rule of
    # thumb stands unless the search is sure of better (games/ai/search.py)
    heuristic_trust = 1.0
    summary = T("Greek fishing game: take cards by pairing or adding up; clubs, 2♣ and 10♦ score.")
    rules = T(
        "Two to four players use a full 52-card pack. Everyone gets four cards, one at a time, and four more "
        "go face up on the table; the player left of the dealer starts.\n"
        "On your turn play one card. It may take one table card of the same rank (just one, even if there are "
        "more), or one group of two or more number cards whose values add up to it: ace counts 1, number cards "
        "their number. Jacks, queens and kings have no value, so they only take a card of their own rank. You "
        "never take a pair and a sum together, nor two sums. If you take nothing, your card stays on the table. "
        "Captured cards go face down into your pile.\n"
        "When all hands are empty, four new cards each come from the stock. After the last card, whoever "
        "captured last also gets what is left on the table.\n"
        "Each hand then scores: 2 points for most cards and 1 for most clubs (nobody scores either on a tie), 1 "
        "for the 2♣ and 1 for the 10♦. The first to 21 wins; if the lead is shared, more hands are played until "
        "one player is ahead on their own.\n"
        "Options: with four players, partners sitting opposite can play as a team sharing one pile and one "
        "score; and capturing can be made compulsory for a card that is able to capture."
    )

    # -- dealing
    def setup(self, players: int, options: KontsinaOptions, seed: int) -> KontsinaState:
        s = KontsinaState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def sides_of(self, s: KontsinaState) -> list[int]:
        """Each seat's side: the seat itself, or its team with ``partnerships``."""
        return sides(s.players, self.options_of(s).partnerships)

    def side_seats(self, s: KontsinaState, side: int) -> tuple[int, ...]:
        return tuple(i for i, x in enumerate(self.sides_of(s)) if x == side)

    def _deal(self, s: KontsinaState) -> list[Event]:
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.stock = deck
        s.hands = [[] for _ in range(s.players)]
        events = self._refill(s)
        s.table = sorted((s.stock.pop() for _ in range(TABLE_SIZE)), key=table_key)
        s.piles = [[] for _ in range(max(self.sides_of(s)) + 1)]
        s.last_capturer = -1
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        return [Event(T("Hand {hand}: {seat} deals; the table is {cards}.", hand=s.hand_no, seat=Seat(s.dealer),
                        cards=Cards(tuple(s.table))))] + events

    def _refill(self, s: KontsinaState) -> list[Event]:
        """Four cards each from the stock, one at a time, from the dealer's left."""
        for k in range(HAND_SIZE * s.players):
            s.hands[(s.dealer + 1 + k) % s.players].append(s.stock.pop())
        for hand in s.hands:
            hand.sort(key=C.sort_key)
        return [Event(T("Your cards: {cards}.", cards=Cards(tuple(h))), to=i) for i, h in enumerate(s.hands)]

    # -- legality
    def to_move(self, s: KontsinaState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: KontsinaState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        compulsory = self.options_of(s).compulsory_capture
        out = []
        for code in s.hands[seat]:
            options = captures(s.table, code)
            out += [Move("play", (code,), (("take", "+".join(taken)),)) for taken in options]
            if not (options and compulsory):
                out.append(Move("play", (code,)))
        return out

    def refuse(self, s: KontsinaState, seat: int, move: Move) -> str | None:
        return refuse_take(move, s.hands[seat], s.table, lambda code: captures(s.table, code), TAKE_WORDS,
                           may_lay=not self.options_of(s).compulsory_capture)

    # -- playing
    def play(self, s: KontsinaState, seat: int, move: Move) -> list[Event]:
        code = C.card(move.args[0]).code
        s.hands[seat].remove(code)
        take = move.param("take")
        if take:
            taken = [C.card(p).code for p in take.split("+")]
            for t in taken:
                s.table.remove(t)
            s.piles[self.sides_of(s)[seat]] += [*taken, code]
            s.last_capturer = seat
            events = [Event(T("{seat} plays {card} and takes {cards}.", seat=Seat(seat), card=Card(code),
                              cards=sum_text(taken)))]
        else:
            lay_card(s.table, code)
            events = [Event(T("{seat} lays {card} on the table.", seat=Seat(seat), card=Card(code)))]
        return events + next_turn(s, seat, lambda: self._new_cards(s), lambda: self._end_hand(s))

    def _new_cards(self, s: KontsinaState) -> list[Event]:
        left = len(s.stock) - HAND_SIZE * s.players
        return [Event(N("Four new cards each; {n} card left in the stock.",
                        "Four new cards each; {n} cards left in the stock.", left))] + self._refill(s)

    def _end_hand(self, s: KontsinaState) -> list[Event]:
        o: KontsinaOptions = self.options_of(s)
        events = []
        last = self.sides_of(s)[s.last_capturer] if s.last_capturer >= 0 else -1
        rest = take_rest(s.piles, s.table, last)
        if rest:
            events.append(Event(T("{seat} captured last and takes the rest of the table: {cards}.",
                                  seat=Seat(s.last_capturer), cards=Cards(tuple(rest)))))
        elif s.table:
            events.append(Event(N("Nobody captured this hand: the {n} card left on the table counts for nobody.",
                                  "Nobody captured this hand: the {n} cards left on the table count for nobody.",
                                  len(s.table))))
        awards = self.hand_awards(s)
        side_of = self.sides_of(s)
        for seat in range(s.players):
            s.scores[seat] += sum(p for side, p, _ in awards if side == side_of[seat])
        result = self._points_text(s, awards)
        s.last_result = text_data(result)
        events.append(Event(result))
        team_scores = self.side_scores(s)
        reached = max(team_scores) >= o.target
        if reached and sole_best(team_scores) is None:
            top = max(team_scores)
            tied = tuple(i for i in range(s.players) if s.scores[i] == top)
            events.append(Event(N("{seats} lead together with {n} point: another hand decides.",
                                  "{seats} lead together with {n} points: another hand decides.", top,
                                  seats=Seats(tied))))
        return self.after_hand(s, events, reached and sole_best(team_scores) is not None)

    def hand_awards(self, s: KontsinaState) -> list[tuple[int, int, Text]]:
        """The points of a finished hand as (side, points, reason), in scoring order."""
        return score_hand(CATEGORIES, [Haul(pile) for pile in s.piles])

    def side_scores(self, s: KontsinaState) -> list[int]:
        """Each side's match score (partners share theirs)."""
        return [s.scores[self.side_seats(s, side)[0]] for side in range(len(s.piles))]

    def _side_name(self, s: KontsinaState, side: int) -> Seats:
        return Seats(self.side_seats(s, side))

    def _points_text(self, s: KontsinaState, awards: list[tuple[int, int, Text]]) -> Text:
        """"Hand 3: {p0} most cards (28) +2; {p1} the 2♣ +1" (a team: "{p0} and {p2} ...")."""
        return points_text(s.hand_no, awards, lambda side, p, reason: N(
            "{who}: {award}, {n} point", "{who}: {award}, {n} points", p, who=self._side_name(s, side), award=reason),
                           POINTS_WORDS)

    # -- what people see
    def instruction(self, s: KontsinaState, seat: int) -> str:
        if not s.table:
            return T("Your turn: play a card. The table is empty.")
        return T("Your turn: play a card. Table: {cards}.", cards=Cards(tuple(s.table)))

    def describe(self, s: KontsinaState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        step = (T("Play a card"), sum_text([move.args[0]]))
        take = move.param("take")
        return (step, (T("Capture"), sum_text(take.split("+")) if take else LAY_LABEL))

    # -- building a move from parts (P7: a hand card, then table cards; P8: a typed move)
    def targets(self, s: KontsinaState, seat: int, card: str) -> list[tuple[str, str]] | None:
        """The loose table cards, each a possible part of a capture."""
        return [(code, sum_text([code])) for code in s.table]

    def compose(self, s: KontsinaState, seat: int, card: str, targets: Sequence[str]) -> list[Move]:
        """The legal move playing ``card`` that takes exactly ``targets`` (none selected: laying it)."""
        wanted = set(targets)
        return [m for m in self.moves(s, seat)
                if m.args[0] == card and set((m.param("take") or "").split("+")) - {""} == wanted]

    def why_not_composed(self, s: KontsinaState, seat: int, card: str, targets: Sequence[str]) -> str:
        if seat not in self.to_move(s):
            return T("It is not your turn.")
        return self.refuse(s, seat, _play(card, list(targets))) or T("That is not a move you can make now.")

    def preview(self, s: KontsinaState, seat: int, move: Move) -> str:
        """"7♦ takes 3♣ + 4♥", or "7♦ is laid on the table"."""
        code, take = move.args[0], move.param("take")
        if take:
            return T("{card} takes {cards}", card=Card(code), cards=sum_text(take.split("+")))
        return T("{card} is laid on the table", card=Card(code))

    def parse_typed(self, s: KontsinaState, seat: int, text: str) -> Move:
        """``7D`` lays (or plays) the 7♦; ``7D take 3C+4H`` takes the 3♣ and the 4♥ with it."""
        words = text.split()
        if words and words[0].lower() == "play":
            words = words[1:]
        cards = [w for part in words[2:] for w in part.split("+") if w]
        if not words or not C.is_card(words[0]) or (len(words) > 1 and (words[1].lower() != "take" or not cards)):
            raise IllegalMove(T("Write a card, then 'take' and the cards it takes, e.g. '{example}'.",
                                example=self.typed_example(s, seat)))
        if not all(C.is_card(w) for w in cards):
            raise IllegalMove(T("'{take}' is not a list of cards; write e.g. take=3C+4H.", take="+".join(cards)))
        card, taken = C.card(words[0]).code, [C.card(w).code for w in cards]
        legal = self.compose(s, seat, card, taken) if len(set(taken)) == len(taken) else []
        if not legal:
            raise IllegalMove(self.why_not_composed(s, seat, card, taken))
        return legal[0]

    def typed_example(self, s: KontsinaState, seat: int) -> str | None:
        """A capture the seat could make now, in the typed grammar (``7D take 3C+4H``), else laying a card."""
        moves = self.moves(s, seat)
        move = next((m for m in moves if m.param("take")), moves[0] if moves else Move("play", ("7D",)))
        take = move.param("take")
        return f"{move.args[0]} take {take}" if take else move.args[0]

    def view(self, s: KontsinaState, seat: int | None) -> View:
        o: KontsinaOptions = self.options_of(s)
        side_of = self.sides_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = ([T("dealer")] if i == s.dealer else []) + [captured_note(len(s.piles[side_of[i]]))]
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        facts = [T("Match: {format}", format=o.match().describe())]
        if o.partnerships:
            facts.append(T("Partners: {first} against {second}", first=self._side_name(s, 0),
                           second=self._side_name(s, 1)))
        if o.compulsory_capture:
            facts.append(T("A card that can capture must capture"))
        if s.last_capturer >= 0:
            facts.append(T("Last capture: {seat}", seat=Seat(s.last_capturer)))
        if s.last_result:
            facts.append(text_from(s.last_result))
        piles = [PileView(T("Table"), list(s.table), len(s.table)), PileView(T("Stock"), [], len(s.stock))]
        for side, pile in enumerate(s.piles):
            owners = self.side_seats(s, side)
            piles.append(PileView(T("{seats}: captured cards", seats=Seats(owners)), [], len(pile),
                                  owner=owners[0]))
        status = self.outcome(s).summary if s.over else T("Hand {hand}. {seat} to play.", hand=s.hand_no,
                                                          seat=Seat(s.turn))
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def zones(self, s: KontsinaState) -> list[Zone]:
        return table_zones(s.hands, s.stock, s.table, s.piles)

    def outcome(self, s: KontsinaState) -> Outcome | None:
        if not s.over:
            return None
        outcome = match_outcome(self.options_of(s).match(), s.scores)
        top = max(s.scores)
        summary = N("{seats} wins with {n} point!", "{seats} wins with {n} points!", top,
                    seats=Seats(tuple(outcome.winners)))
        if len(outcome.winners) > 1:
            summary = N("{seats} win as partners with {n} point!", "{seats} win as partners with {n} points!",
                        top, seats=Seats(tuple(outcome.winners)))
        return Outcome(outcome.placings, outcome.scores, outcome.winners, summary)

    # -- computer players
    def hand_progress(self, s: KontsinaState) -> list[float]:
        """The points each seat's side would score if the hand ended now, a card or a club more
        breaking ties."""
        side_points = [0.0] * len(s.piles)
        for side, p, _ in self.hand_awards(s):
            side_points[side] += p
        for side, pile in enumerate(s.piles):
            side_points[side] += (len(pile) + sum(1 for c in pile if c.endswith("C"))) / 1000
        return [side_points[side] for side in self.sides_of(s)]

    def playout_plies(self, s: KontsinaState) -> int:
        """Playouts look four rounds ahead, then `hand_progress` judges: what a card takes or leaves for
        the next players shows there, while the rest of the hand is mostly the luck of the deal."""
        return 4 * s.players

    def rollout_move(self, s: KontsinaState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Greedy with a little noise, reading only the own hand and the table: capture rather than
        lay, the 10♦, the 2♣, clubs and many cards first; lay court cards and low cards, keep clubs."""
        return noisy_best(moves, move_worth, rng)


def _play(card: str, taken: list[str]) -> Move:
    return Move("play", (card,), (("take", "+".join(taken)),) if taken else ())


def move_worth(move: Move) -> float:
    """What a move is worth to the rule of thumb: the cards it takes, or what the card laid gives away."""
    code, take = move.args[0], move.param("take")
    if take:
        taken = take.split("+")
        return 10 + 2 * len(taken) + sum(card_worth(t) for t in taken)
    # a numeral laid may give the next player a sum; a court card only a pairing
    return -card_worth(code) - (1 if value(code) is not None else 0)


def card_worth(code: str) -> float:
    """How much a card is worth capturing (or keeping off the table)."""
    return 8.0 if code == TEN_OF_DIAMONDS else 7.0 if code == TWO_OF_CLUBS else 1.5 if code.endswith("C") else 0.0


def wrong_capture(code: str, taken: list[str], options: list[list[str]]) -> Text:
    """Why taking ``taken`` with ``code`` is not one of its captures ``options``."""
    rank = C.rank(code)
    pairs = [t for t in taken if C.rank(t) == rank]
    if len(taken) > 1 and len(pairs) == len(taken):
        return T("A pairing takes only one card of the same rank: choose one ({options}).",
                 options=captures_text(options))
    if pairs:
        return T("{card} takes either one card of its rank or cards adding up to it, never both at once: take "
                 "{options}.", card=Card(code), options=captures_text(options))
    if value(code) is None:
        return T("Court cards have no value for adding up: {card} can only take a card of its rank ({options}).",
                 card=Card(code), options=captures_text(options))
    if len(taken) == 1:
        return T("{card} takes a single card only of its own rank, and {taken} is not. It can take {options}.",
                 card=Card(code), taken=Card(taken[0]), options=captures_text(options))
    if any(value(t) is None for t in taken):
        return T("Court cards have no value for adding up. {card} can take {options}.", card=Card(code),
                 options=captures_text(options))
    return T("{cards} add up to {total}, not {value}; only one group at a time. {card} can take {options}.",
             cards=sum_text(taken), total=sum(value(t) or 0 for t in taken), value=value(code), card=Card(code),
             options=captures_text(options))


POINTS_WORDS = PointsWords(
    none=lambda hand: T("Hand {hand}: no points.", hand=hand),
    then=lambda points, point: T("{points}; {point}", points=points, point=point),
    hand=lambda hand, points: T("Hand {hand}: {points}.", hand=hand, points=points),
)
TAKE_WORDS = TakeWords(
    not_a_move=lambda move: T("'{move}' is not a move in Kontsina: play a card, e.g. 'play 7D' or "
                              "'play 7D take=3C+4H'.", move=move),
    not_part=lambda name: T("'{name}=' is not part of a Kontsina move; only take= is (e.g. take=3C+4H).", name=name),
    must_capture=lambda card, options, example: T(
        "Capturing is compulsory at this table: {card} can take {options}, so it may not be laid. Say which, e.g. "
        "'{example}'.", card=card, options=options, example=example),
    cannot_capture=lambda card: T("{card} cannot capture anything: play it without take= to lay it on the table.",
                                  card=card),
    not_cards=lambda take: T("'{take}' is not a list of cards; write e.g. take=3C+4H.", take=take),
    repeated=lambda: T("Name each card to take only once."),
    not_on_table=lambda card: T("{card} is not on the table.", card=card),
    wrong_capture=wrong_capture,
)


def captured_note(n: int) -> Text:
    return N("{n} card captured", "{n} cards captured", n) if n else T("nothing captured yet")


GAME = Kontsina()
