"""Xeri: play a card on the pile; match its top card (or play a jack) to take the whole pile.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/xeri.md``; [rec] marks our own):

* Two players, 52 cards. The first dealer is drawn at random, then the deal
  alternates; the non-dealer opens every hand. Cards are dealt one at a time,
  alternately, the non-dealer first: six each, then four face up to the pile.
  While the pile's top card is a jack or has the rank of the card under it, the
  four go back into the stock, which is shuffled, and four new ones are dealt.
* A card of the top card's rank takes the whole pile; so does a jack, whatever
  lies on top. A card played on an empty pile (a jack too) starts a new pile.
  Nobody has to play a card that captures, but a card that matches the top card
  (or a jack) always takes the pile when it is played [rec: one button per card].
* Taking a lone card with a card of its rank is a xeri, worth 10 (option
  ``jack_xeri``: 20 when a jack takes a lone jack). A jack taking a lone card of
  another rank is an ordinary capture. A xeri with the last card of the hand
  counts (option ``last_card_xeri``).
* When both hands are empty, six more cards each come from the stock, dealt as
  above. After the last card the last player to capture takes what is left on
  the pile (no xeri); if nobody captured in the whole hand, it counts for nobody.
* Scoring (games/common/fishing.py categories): 10 (or 20) per xeri, 3 for the
  most cards (26 each: nobody), 1 per ace, king, queen, jack and 10, 1 more for
  the 10♦, 1 for the 2♣. The higher score wins the hand; equal scores draw it.
* ``scoring=hands`` (default): ``hands`` hands (5) are scheduled and the most
  hands won takes the match. It ends early once one player has won more hands
  than the other could still reach; level after the last scheduled hand, more
  hands are played until someone wins one (drawn hands decide nothing).
  ``scoring=points``: each hand's points add up; after a hand in which someone
  reaches ``target`` (101) the higher total wins, a tie plays another hand.
* The table shows the pile's top card and size (each card is announced when it is
  played), the stock, each player's number of won cards and their xeri cards,
  which lie face up.
* Computer players: the rule of thumb takes xeris and rich piles, keeps its jacks
  for big piles, and otherwise throws a cheap card the other player is unlikely to
  match. The heuristic player knows only its hand and the pile's top card and size;
  the search's playouts also remember every card played (all were shown face up).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from games import cards as C
from games.common.fishing import (
    EachCard,
    Haul,
    MostCards,
    NamedCard,
    Sweeps,
    next_turn,
    noisy_best,
    score_hand,
    table_zones,
    take_rest,
    totals,
)
from games.common.match import DealtMatch, MatchFormat, match_outcome, next_seat
from games.common.table import card_to_play, table_view
from games.engine import POINTS, Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.text import AndList, Card, Cards, Seat, Text, text_data, text_from, texts

T, N = texts("xeri")

HAND_SIZE = 6
PILE_SIZE = 4
XERI_POINTS = 10
COUNTING_RANKS = frozenset((C.ACE, C.KING, C.QUEEN, C.JACK, 10))

CATEGORIES = (
    Sweeps(xeri=True),
    MostCards(3),
    EachCard(COUNTING_RANKS, 1, lambda n: N("{n} card among A, K, Q, J and 10",
                                            "{n} cards among A, K, Q, J and 10", n)),
    NamedCard("10D", 1),
    NamedCard("2C", 1),
)


def takes(top: str | None, code: str) -> bool:
    """Whether ``code`` played on a pile topped by ``top`` takes the pile."""
    return top is not None and (C.RANK[code] == C.RANK[top] or C.RANK[code] == C.JACK)


def is_xeri(pile: list[str], code: str) -> bool:
    """Taking a lone card with one of its rank (a jack counts only on a jack)."""
    return len(pile) == 1 and C.RANK[code] == C.RANK[pile[0]]


CARD_POINTS = {code: (C.RANK[code] in COUNTING_RANKS) + (code in ("10D", "2C")) for code in C.french_deck()}


def card_points(code: str) -> int:
    """What one captured card is worth in the scoring (the 10♦ 2, the 2♣ 1)."""
    return CARD_POINTS[code]


@dataclass(frozen=True)
class XeriOptions(Options):
    hands: int = option(5, min=1, max=21, only_with=("scoring", "hands"),
                        help=T("hands scheduled; most hands won takes the match"))
    scoring: str = option("hands", choices=("hands", "points"),
                          help=T("hands: count hands won; points: add up each hand's points to a target"))
    target: int = option(101, min=11, max=1001, only_with=("scoring", "points"),
                         help=T("the total that ends the match; the higher total then wins"))
    jack_xeri: int = option(10, choices=(10, 20), help=T("points for a xeri made by a jack on a lone jack"))
    last_card_xeri: bool = option(True, help=T("a xeri with the last card of the hand counts"))

    def match(self) -> MatchFormat:
        return MatchFormat("race", self.target) if self.scoring == "points" else MatchFormat("wins", self.hands)

    def finished(self, scores: list[int], hands_played: int) -> bool:
        """Clarifications 2–4: a match never ends level; with hands it ends once the trailing player
        cannot catch up in the scheduled hands left, with points after someone reaches the target."""
        if scores[0] == scores[1]:
            return False
        if self.scoring == "points":
            return max(scores) >= self.target
        return abs(scores[0] - scores[1]) > max(0, self.hands - hands_played)

    def format_text(self) -> Text:
        if self.scoring == "points":
            return N("the higher total once someone reaches {n} point",
                     "the higher total once someone reaches {n} points", self.target)
        return N("most hands won out of {n}", "most hands won out of {n}", self.hands)


@dataclass(kw_only=True)
class XeriState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    pile: list[str] = field(default_factory=list)       # the discard pile, top is the last card
    piles: list[list[str]] = field(default_factory=list)  # won cards per seat
    xeris: list[list] = field(default_factory=list)     # [seat, card taken (face up), points], in order
    turn: int = 0
    last_capturer: int = -1
    last_result: str | dict = ""    # the last hand's result, as text_data


class Xeri(DealtMatch, Game[XeriState]):
    key = "xeri"
    title = T("Xeri")
    # other names players search for (/play)
    aliases = ("kseri", "kséri", "ξερή", "ξερη")
    seats = range(2, 3)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = XeriOptions
    State = XeriState
    summary = T("Greek fishing game: match the top card of the pile to take it all, and score a xeri.")
    rules = T(
        "Two players, a full 52-card pack. Each player gets six cards and four more go face up on a "
        "pile in the middle; if the top one is a jack, or the same rank as the one below it, those four "
        "are shuffled back and replaced. The player who did not deal starts.\n"
        "On your turn play one card onto the pile. If it has the same rank as the card on top, you take "
        "the whole pile. A jack takes the pile whatever is on top. Otherwise your card just stays there, "
        "and on an empty pile it starts a new one. You never have to take: any card may be played.\n"
        "Taking a pile of just one card with a card of the same rank is a xeri, worth 10 points (a jack "
        "taking a lone jack is a xeri too; a jack taking any other lone card is not). The card taken in "
        "a xeri is kept face up for all to see.\n"
        "When both hands are empty each player gets six new cards from the stock. After the last card, "
        "whoever took cards last also takes what is left on the pile.\n"
        "Each hand scores 10 per xeri, 3 for having more cards than the other player, 1 for every ace, "
        "king, queen, jack and 10, 1 more for the 10♦ and 1 for the 2♣. The higher score wins the hand. "
        "By default five hands are played and whoever wins more of them wins; the game stops early once "
        "the result cannot change, and a level game goes on until someone wins a hand. Instead, points "
        "can be added up hand after hand to a target (101)."
    )

    # -- dealing
    def setup(self, players: int, options: XeriOptions, seed: int) -> XeriState:
        s = XeriState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: XeriState) -> list[Event]:
        deck = C.french_deck()
        rng = s.rng()
        rng.shuffle(deck)
        s.stock = deck
        s.hands = [[] for _ in range(s.players)]
        s.piles = [[] for _ in range(s.players)]
        s.xeris = []
        s.last_capturer = -1
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        self._deal_hands(s)
        s.pile = [s.stock.pop() for _ in range(PILE_SIZE)]
        redeals = []
        while _needs_new_pile(s.pile):
            redeals.append(Event(_new_pile_reason(s.pile)))
            s.stock += s.pile
            rng.shuffle(s.stock)
            s.pile = [s.stock.pop() for _ in range(PILE_SIZE)]
        pile, top = Cards(tuple(s.pile)), Card(s.pile[-1])
        if redeals:
            events = [Event(T("Hand {hand}: {seat} deals.", hand=s.hand_no, seat=Seat(s.dealer))), *redeals,
                      Event(T("The new pile is {cards}, with {card} on top.", cards=pile, card=top))]
        else:
            events = [Event(T("Hand {hand}: {seat} deals. The pile is {cards}, with {card} on top.",
                              hand=s.hand_no, seat=Seat(s.dealer), cards=pile, card=top))]
        return events + self._your_cards(s)

    def _deal_hands(self, s: XeriState) -> None:
        """Six cards each from the stock, one at a time, the non-dealer first (Clarification 5)."""
        for _ in range(HAND_SIZE):
            for k in range(s.players):
                s.hands[(s.dealer + 1 + k) % s.players].append(s.stock.pop())
        for hand in s.hands:
            hand.sort(key=C.sort_key)

    def _your_cards(self, s: XeriState) -> list[Event]:
        return [Event(T("Your cards: {cards}.", cards=Cards(tuple(h))), to=i) for i, h in enumerate(s.hands)]

    # -- legality
    def to_move(self, s: XeriState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: XeriState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        return [Move("play", (code,)) for code in s.hands[seat]]

    def refuse(self, s: XeriState, seat: int, move: Move) -> str | None:
        if move.kind != "play":
            return T("'{move}' is not a move in Xeri: play a card, e.g. 'play 7D'.", move=str(move))
        _, why = card_to_play(move, s.hands[seat], s.hands[seat][0] if s.hands[seat] else "7D", params=False)
        return why

    # -- playing
    def play(self, s: XeriState, seat: int, move: Move) -> list[Event]:
        code = move.args[0]
        if code not in s.hands[seat]:   # a move typed as "play 7h"
            code = C.card(code).code
        s.hands[seat].remove(code)
        top = s.pile[-1] if s.pile else None
        if takes(top, code):
            events = self._capture(s, seat, code)
        else:
            s.pile.append(code)
            if top is None:
                events = [Event(T("{seat} plays {card}, starting a new pile.", seat=Seat(seat), card=Card(code)))]
            else:
                events = [Event(T("{seat} plays {card} on {top}.", seat=Seat(seat), card=Card(code),
                                  top=Card(top)))]
        return events + next_turn(s, seat, lambda: self._new_cards(s), lambda: self._end_hand(s))

    def _new_cards(self, s: XeriState) -> list[Event]:
        self._deal_hands(s)
        return [Event(N("Six new cards each; {n} card left in the stock.",
                        "Six new cards each; {n} cards left in the stock.", len(s.stock)))] + self._your_cards(s)

    def _capture(self, s: XeriState, seat: int, code: str) -> list[Event]:
        o: XeriOptions = self.options_of(s)
        pile, top = s.pile, s.pile[-1]
        last_card = not s.stock and not any(s.hands)
        xeri = is_xeri(pile, code)
        s.piles[seat] += pile + [code]
        s.pile = []
        s.last_capturer = seat
        if xeri and last_card and not o.last_card_xeri:
            return [Event(T("{seat} takes the lone {top} with {card}, the last card of the hand: no xeri.",
                            seat=Seat(seat), top=Card(top), card=Card(code)))]
        if xeri:
            points = o.jack_xeri if C.RANK[code] == C.JACK else XERI_POINTS
            s.xeris.append([seat, top, points])
            return [Event(N("Xeri! {seat} takes the lone {top} with {card}: {n} point.",
                            "Xeri! {seat} takes the lone {top} with {card}: {n} points.", points,
                            seat=Seat(seat), top=Card(top), card=Card(code)))]
        return [Event(N("{seat} plays {card} and takes the pile ({n} card).",
                        "{seat} plays {card} and takes the pile ({n} cards).", len(pile),
                        seat=Seat(seat), card=Card(code)))]

    def _end_hand(self, s: XeriState) -> list[Event]:
        o: XeriOptions = self.options_of(s)
        events = []
        left = len(s.pile)
        rest = take_rest(s.piles, s.pile, s.last_capturer)
        if rest:
            events.append(Event(T("{seat} took cards last and takes the rest of the pile: {cards}.",
                                  seat=Seat(s.last_capturer), cards=Cards(tuple(rest)))))
        elif left:
            events.append(Event(N("Nobody took anything this hand: the {n} card on the pile counts for nobody.",
                                  "Nobody took anything this hand: the {n} cards on the pile count for nobody.",
                                  left)))
        awards = self.hand_awards(s)
        points = totals(awards, s.players)
        for seat in range(s.players):
            events.append(Event(_points_line(seat, points[seat], [a for a in awards if a[0] == seat])))
        result = self._record_hand(s, o, points)
        s.last_result = text_data(result)
        events.append(Event(result))
        return self.after_hand(s, events, o.finished(s.scores, s.hand_no))

    def hand_awards(self, s: XeriState) -> list[tuple[int, int, Text]]:
        """The points of the hand so far as (seat, points, reason), in the scoring's order."""
        hauls = [Haul(list(pile), [p for who, _, p in s.xeris if who == i]) for i, pile in enumerate(s.piles)]
        return score_hand(CATEGORIES, hauls)

    @staticmethod
    def _record_hand(s: XeriState, o: XeriOptions, points: list[int]) -> Text:
        """Add the hand to the match scores; the hand's result as a text."""
        if o.scoring == "points":
            s.scores[0] += points[0]
            s.scores[1] += points[1]
            return T("Hand {hand}: {first} – {second}. Totals: {total_first} – {total_second}.", hand=s.hand_no,
                     first=points[0], second=points[1], total_first=s.scores[0], total_second=s.scores[1])
        if points[0] == points[1]:
            return T("Hand {hand} is drawn, {points} points each. Hands won: {first} – {second}.",
                     hand=s.hand_no, points=points[0], first=s.scores[0], second=s.scores[1])
        winner = 0 if points[0] > points[1] else 1
        s.scores[winner] += 1
        return T("{seat} wins hand {hand}, {won} points to {lost}. Hands won: {first} – {second}.",
                 seat=Seat(winner), hand=s.hand_no, won=points[winner], lost=points[1 - winner],
                 first=s.scores[0], second=s.scores[1])

    # -- what people see
    def instruction(self, s: XeriState, seat: int) -> str:
        if not s.pile:
            return T("Your turn: play a card to start a new pile.")
        return N("Your turn: play a card. {card} is on top of the pile ({n} card).",
                 "Your turn: play a card. {card} is on top of the pile ({n} cards).", len(s.pile),
                 card=Card(s.pile[-1]))

    def describe(self, s: XeriState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        return ((T("Play a card"), T("{card}", card=Card(move.args[0]))),)

    def score_unit(self, s: XeriState) -> tuple[str, str]:
        o: XeriOptions = self.options_of(s)
        return POINTS if o.scoring == "points" else o.match().unit

    def counters(self, s: XeriState, seat: int) -> list[Text]:
        """A seat's won cards and xeris this hand: "12 cards won", "2 xeris"."""
        notes = [N("{n} card won", "{n} cards won", len(s.piles[seat]))]
        xeris = sum(1 for who, *_ in s.xeris if who == seat)
        if xeris:
            notes.append(N("{n} xeri", "{n} xeris", xeris))
        return notes

    def view(self, s: XeriState, seat: int | None) -> View:
        o: XeriOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = ([T("dealer")] if i == s.dealer else []) + self.counters(s, i)
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        facts = [T("Match: {format}", format=o.format_text())]
        if s.last_capturer >= 0:
            facts.append(T("Last to take: {seat}", seat=Seat(s.last_capturer)))
        if o.jack_xeri != XERI_POINTS:
            facts.append(T("A jack taking a lone jack scores {n}", n=o.jack_xeri))
        if not o.last_card_xeri:
            facts.append(T("No xeri with the last card of the hand"))
        if s.last_result:
            facts.append(text_from(s.last_result))
        piles = [PileView(T("Pile"), s.pile[-1:], len(s.pile)), PileView(T("Stock"), [], len(s.stock))]
        for i, won in enumerate(s.piles):
            face_up = [card for who, card, _ in s.xeris if who == i]
            piles.append(PileView(T("{seat}'s won cards", seat=Seat(i)), face_up, len(won), owner=i))
        status = self.outcome(s).summary if s.over else T("Hand {hand}. {seat} to play.", hand=s.hand_no,
                                                          seat=Seat(s.turn))
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def zones(self, s: XeriState) -> list[Zone]:
        # every card on the pile and in the won piles was seen face up when it was played
        return table_zones(s.hands, s.stock, s.pile, s.piles, table_name="pile", captured_name="won")

    def outcome(self, s: XeriState) -> Outcome | None:
        if not s.over:
            return None
        outcome = match_outcome(self.options_of(s).match(), s.scores)
        (winner,) = outcome.winners     # a match never ends level
        return replace(outcome, summary=T("{seat} wins the match ({first}–{second})!", seat=Seat(winner),
                                          first=s.scores[0], second=s.scores[1]))

    # -- computer players
    def hand_progress(self, s: XeriState) -> list[float]:
        return [float(p) for p in totals(self.hand_awards(s), s.players)]

    def rollout_move(self, s: XeriState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """The playout policy: `_rule_of_thumb` remembering every card played so far (all were shown)."""
        return _rule_of_thumb(s, seat, moves, rng, memory=True)

    def heuristic_move(self, s: XeriState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """A casual player's `_rule_of_thumb`: it reads only its hand, the pile's top card and size."""
        return _rule_of_thumb(s, seat, moves, rng, memory=False)


def _rule_of_thumb(s: XeriState, seat: int, moves: list[Move], rng: random.Random, memory: bool) -> Move:
    """Take xeris and piles worth having, keep jacks for big piles; when not taking, play a cheap card
    (never a jack) whose rank has mostly been seen, so the other player is unlikely to match it.
    Without ``memory`` only the own hand and the pile's top card count as seen, and each card under
    the top is guessed to be worth the average."""
    if len(moves) == 1:
        return moves[0]
    rank, points = C.RANK, CARD_POINTS
    pile, top = s.pile, (s.pile[-1] if s.pile else None)
    if memory:
        seen = _seen_ranks(s, seat, (s.hands[seat], pile, *s.piles))
        pile_worth = len(pile) + 2 * sum(map(points.__getitem__, pile))
    else:
        seen = _seen_ranks(s, seat, (s.hands[seat], pile[-1:]))
        pile_worth = 1.8 * len(pile)

    def worth(m: Move) -> float:
        code = m.args[0]
        r = rank[code]
        score = 0.0
        if takes(top, code):
            score += 10 + pile_worth + 2 * points[code]
            if is_xeri(pile, code):
                score += 40
            elif r == C.JACK:
                score -= 12         # a jack is worth more kept for a bigger pile
        else:
            unseen = 4 - seen[r]             # copies the other player might hold
            at_stake = pile_worth + 1 + 2 * points[code] + (25 if not pile else 0)
            score -= at_stake * unseen / 4 + 2 * points[code]
            if r == C.JACK:
                score -= 20
        return score

    return noisy_best(moves, worth, rng)


def _seen_ranks(s: XeriState, seat: int, groups: tuple[list[str], ...]) -> dict[int, int]:
    """For each rank in ``seat``'s hand, how many of its cards are among ``groups`` (seen cards)."""
    rank = C.RANK
    seen = dict.fromkeys((rank[c] for c in s.hands[seat]), 0)
    for group in groups:
        for c in group:
            r = rank[c]
            if r in seen:
                seen[r] += 1
    return seen


def _needs_new_pile(pile: list[str]) -> bool:
    """Clarification 6: a jack on top, or a top card of the rank of the card below it."""
    return C.RANK[pile[-1]] == C.JACK or C.RANK[pile[-1]] == C.RANK[pile[-2]]


def _new_pile_reason(pile: list[str]) -> Text:
    if C.RANK[pile[-1]] == C.JACK:
        return T("The pile {cards} has a jack on top: it is shuffled back and dealt again.", cards=Cards(tuple(pile)))
    return T("The pile {cards} has a pair on top: it is shuffled back and dealt again.", cards=Cards(tuple(pile)))


def _points_line(seat: int, points: int, awards: list[tuple[int, int, Text]]) -> Text:
    """One seat's points for the hand: "{p0}: 17 points (2 xeris 20, ...)"."""
    if not awards:
        return T("{seat} scores nothing this hand.", seat=Seat(seat))
    details = AndList(tuple(T("{reason}: {points}", reason=reason, points=p) for _, p, reason in awards))
    return N("{seat} scores {n} point: {details}.", "{seat} scores {n} points: {details}.", points,
             seat=Seat(seat), details=details)


GAME = Xeri()
