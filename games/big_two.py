"""Big Two: climb with singles, pairs, trips and five-card poker hands; the cards you are
left holding when someone goes out count against you.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/big_two.md``; [rec] marks our own):

* Order: ranks 3 … K < A < 2, suits ♦ < ♣ < ♥ < ♠. Combinations: single, pair, trips, and
  five-card hands (straight < flush < full house < four of a kind + one card < straight
  flush, the royal flush being the top straight flush). Five cards always count as their
  highest category. Plays of 1, 2, 3 or 5 cards only meet plays of the same size.
* Straights (option ``straights``): the ten sequences A-2-3-4-5, 2-3-4-5-6 … 10-J-Q-K-A
  (no wrapping past the 2: J-Q-K-A-2 is none). ``sequence`` (default, decision 2) ranks
  them by the top card of the sequence, A-2-3-4-5 lowest and 10-J-Q-K-A highest, the top
  card's suit breaking ties; ``twos_high`` compares their cards from the highest down in
  the game's order (so A-2-3-4-5 > 2-3-4-5-6 > 10-J-Q-K-A > …), then the suit of the
  highest card [rec: a common house order].
* Pairs and trips by rank, equal pairs by their higher suit. Full house by its trips,
  four of a kind by the four. Flushes (option ``flushes``): by suit, then by the cards from
  the highest down (default, the text), or by the cards first, then the suit.
* The holder of the lowest card dealt (3♦ unless it lies unused) leads, and that play must
  include it: every hand (default, the text) or only the first, later hands being led by
  the last winner (option ``next_lead``).
* Passing does not keep a player out: they may play on their next turn. When everyone else
  has passed in a row, the last player to play leads anything.
* Scoring: when a player goes out each other player scores 1 per card left, 2 per card
  from ``double_from`` (10) cards, 3 per card from ``triple_from`` (13) cards (so 13 cards
  score 39). When someone reaches ``threshold`` (100) the lowest total wins. Several tied
  lowest share the win (option ``ties``), or play off: only they are dealt an extra hand,
  scored as usual, whose winner has the lowest total [rec].
* Two players leave 26 cards unused and three leave 13, face down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import cards as C
from games.common import climbing as K
from games.common.climb_game import ClimbGame
from games.common.match import MatchFormat
from games.engine import BadOption, Event, Game, Move, Outcome, PileView, SeatView, View, Zone, placings_from
from games.options import Options, option
from games.text import AndList, Seat, Seats, text_data, texts

T, N = texts("big_two")

HAND_SIZE = 13
_RULES = {(s, f): K.big_two_rules(s, f) for s in ("sequence", "twos_high") for f in ("suit", "rank")}


@dataclass(frozen=True)
class BigTwoOptions(Options):
    threshold: int = option(100, min=10, max=1000, help=T("the match ends when someone's score reaches this"))
    double_from: int = option(10, min=2, max=14,
                              help=T("with this many cards left or more, each counts 2 (14 = never)"))
    triple_from: int = option(13, min=2, max=14,
                              help=T("with this many cards left or more, each counts 3 (14 = never)"))
    next_lead: str = option("lowest", choices=("lowest", "winner"),
                            help=T("who leads later hands: the holder of the lowest card, or the last winner"))
    straights: str = option("sequence", choices=("sequence", "twos_high"),
                            help=T("sequence: A-2-3-4-5 lowest … 10-J-Q-K-A highest; twos_high: by the highest "
                                   "card in the game's order"))
    flushes: str = option("suit", choices=("suit", "rank"), help=T("compare flushes by suit first, or by rank first"))
    ties: str = option("share", choices=("share", "playoff"),
                       help=T("several tied lowest at the end share the win, or play an extra hand among them"))

    def check(self, players: int) -> None:
        if self.triple_from < self.double_from:
            raise BadOption(T("option 'triple_from' must be at least 'double_from'"))

    def match(self) -> MatchFormat:
        return MatchFormat("lowest", self.threshold)

    def penalty(self, left: int) -> int:
        return left * (3 if left >= self.triple_from else 2 if left >= self.double_from else 1)


@dataclass(kw_only=True)
class BigTwoState(K.ClimbState):
    unused: list[str] = field(default_factory=list)     # not dealt, face down
    last_winner: int = -1
    playoff: list[int] = field(default_factory=list)    # seats in a play-off hand ([] = a normal hand)


class BigTwo(ClimbGame, Game[BigTwoState]):
    key = "big_two"
    title = T("Big Two")
    # other names players search for (/play)
    aliases = ('big 2', 'deuces', 'pusoy dos', '大老二', '锄大地', 'choh dai di', 'dai di', 'đại lão hai')
    play_example = "play 3D 3S as=pair"
    seats = range(2, 5)
    Options = BigTwoOptions
    State = BigTwoState
    summary = T("Climbing game with poker hands: 2s are high, cards left in hand are penalty points.")
    rules = T(
        "Each player gets 13 cards. Cards rank 3 low up to king, ace and 2 high; equal ranks are sorted by "
        "suit: diamonds, clubs, hearts, then spades on top.\n"
        "The player with the lowest card (usually the 3 of diamonds) starts, and must use it in that first "
        "play. Plays are a single card, a pair, three of a kind, or a five-card poker hand: straight, flush, "
        "full house, four of a kind with any fifth card, or straight flush (weakest to strongest). Each "
        "player in turn must beat the last play with a higher one of the same number of cards, or pass; "
        "passing does not stop you playing next time round. When everybody else passes, the last player to "
        "play starts a new round with anything.\n"
        "Straights may use the ace low (A-2-3-4-5) or high (10-J-Q-K-A) but never run past the 2. Flushes "
        "compare by suit before rank.\n"
        "When someone is out of cards, everyone else scores a point per card still held, doubled from ten "
        "cards and tripled with all thirteen. Once a score reaches the limit (100), the lowest total wins."
    )

    # -- helpers
    def rules_of(self, s: BigTwoState) -> K.Rules:
        return _RULES[(s.options["straights"], s.options["flushes"])]

    # -- dealing
    def _deal(self, s: BigTwoState) -> list[Event]:
        o: BigTwoOptions = self.options_of(s)
        power = self.rules_of(s).power
        deck = C.french_deck()
        s.rng().shuffle(deck)
        seats = s.playoff or list(range(s.players))
        s.hands = [[] for _ in range(s.players)]
        for n, seat in enumerate(seats):
            s.hands[seat] = sorted(deck[n * HAND_SIZE:(n + 1) * HAND_SIZE], key=power.__getitem__)
        s.unused = deck[len(seats) * HAND_SIZE:]
        K.new_hand(s)
        if s.playoff:
            events = [Event(T("Play-off hand: {seats} are dealt {n} cards each.", seats=Seats(tuple(s.playoff)),
                              n=HAND_SIZE))]
        else:
            events = [Event(T("Hand {hand}: {seat} deals {n} cards each.", hand=s.hand_no, seat=Seat(s.dealer),
                              n=HAND_SIZE))]
        winner_leads = o.next_lead == "winner" and s.last_winner >= 0 and bool(s.hands[s.last_winner])
        return events + K.open_lead(s, power, by_winner=winner_leads)

    # -- playing
    def play(self, s: BigTwoState, seat: int, move: Move) -> list[Event]:
        if move.kind == "pass":
            return self._pass(s, seat)
        events = self._lay(s, seat, self._reading(s, seat, move))
        left = len(s.hands[seat])
        if not left:
            s.finished.append(seat)
            events.append(Event(T("{seat} is out of cards!", seat=Seat(seat))))
            return events + self._end_hand(s, seat)
        if left == 1:
            events.append(Event(T("{seat} has one card left.", seat=Seat(seat))))
        return events + self._step(s, seat)

    def _end_hand(self, s: BigTwoState, winner: int) -> list[Event]:
        o: BigTwoOptions = self.options_of(s)
        charged = [o.penalty(len(h)) for h in s.hands]
        for i, pts in enumerate(charged):
            s.scores[i] += pts
        s.last_winner = winner
        playing = s.playoff or list(range(s.players))
        charges = AndList(tuple(T("{seat} +{points} ({n} left)", seat=Seat(i), points=charged[i], n=len(s.hands[i]))
                                for i in playing))
        s.last_result = text_data(T("Hand {hand}: {charges}", hand=s.hand_no, charges=charges))
        events = [Event(T("Hand {hand}: {charges}.", hand=s.hand_no, charges=charges))]
        was_playoff = bool(s.playoff)
        s.playoff = []
        over = was_playoff or o.match().finished(s.scores, s.hand_no)
        if over and not was_playoff and o.ties == "playoff":
            tied = o.match().leaders(s.scores)
            if len(tied) > 1:
                s.playoff = tied
                events.append(Event(T("{seats} are tied lowest: they play off.", seats=Seats(tuple(tied)))))
                over = False
        return events + self._next_hand(s, over)

    # -- what people see
    def score_unit(self, s: BigTwoState) -> tuple[str, str]:
        return self.options_of(s).match().unit

    def view(self, s: BigTwoState, seat: int | None) -> View:
        o: BigTwoOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if s.playoff and i not in s.playoff:
                notes.append(T("sits out the play-off"))
            elif s.table and s.passed[i]:
                notes.append(T("passed"))
            if len(hand) == 1:
                notes.append(T("one card left"))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        facts = [T("Match: {match}", match=o.match().describe()),
                 T("Cards left score 1 each, 2 each from {double}, 3 each from {triple}", double=o.double_from,
                   triple=o.triple_from)]
        return self._view(s, seat, seats, facts, [PileView(T("Unused"), [], len(s.unused))])

    def zones(self, s: BigTwoState) -> list[Zone]:
        return self._round_zones(s) + [Zone("unused", s.unused, "none")]

    def standing(self, s: BigTwoState) -> list[float]:
        return self.options_of(s).match().standing(s.scores)

    def outcome(self, s: BigTwoState) -> Outcome | None:
        if not s.over:
            return None
        fmt = self.options_of(s).match()
        winners = fmt.leaders(s.scores)
        if len(winners) == 1:
            summary = T("{seat} wins with the lowest score, {n}!", seat=Seat(winners[0]), n=min(s.scores))
        else:
            summary = T("{seats} share the win with the lowest score, {n}!", seats=Seats(tuple(winners)),
                        n=min(s.scores))
        return Outcome(placings_from(fmt.standing(s.scores)), [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def hand_progress(self, s: BigTwoState) -> list[float]:
        o: BigTwoOptions = self.options_of(s)
        return [-float(o.penalty(len(h))) for h in s.hands]


GAME = BigTwo()
