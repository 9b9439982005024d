"""Calabrasella: one declarer against two defenders, 40 cards, no trumps.

Rules in ``shared/rules/calabrasella.md`` (decisions and clarifications there win);
what this module chooses where they leave room ([rec] our own):

* Cards rank 3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4 (`tricks.THREE_TWO_ACE`).
* Bidding (`games.common.bidding.pass_play`): from the dealer's left, each says
  pass or play; the first play declares; when all pass the next dealer redeals,
  which is not a deal of the match (Clarification 3).
* The declarer names a 3 they lack; holding all four 3s, a 2; and so on down the
  ranks (decision 2). The holder hands it over at once (no choice), and the
  declarer gives back any other card (Clarification 1), seen only by the holder
  (Clarification 6). When the named card is in the widow nobody hands anything.
* Where the named card lies is public from then on (everyone saw it handed over,
  or saw nobody hand it): the state keeps it apart in ``known`` while it lies in
  the declarer's hand or the face-down widow, so views and the search know it.
* Exchange: a blind discard of 1–4 cards, then the widow is turned up and the
  declarer takes as many. The discards stay hidden until the hand is scored.
* The player left of the declarer leads (decision 6). Follow suit; highest of the
  suit led wins. The defenders' tricks go to one pile.
* Scoring: aces 3; 3s, 2s and court cards 1; the last trick 3. The set-aside cards
  (discards and unused widow cards) go to the side of the last trick's winner
  (option ``set_aside`` = ``last_trick``, decision 1) or count for nobody (``none``,
  the text read literally). 35 points in all by default.
* Payments: the side difference times ``stake``, each defender to the declarer or
  the declarer to each defender; doubled when a side ends with 0 points
  (Clarification 2, option ``doubling``); a tie (only possible with ``none``)
  pays nothing (decision 4).
* Match: ``deals`` hands (default 6, a multiple of 3; or 1, a single deal [rec]), running net chips from 0;
  or ``bankroll`` on: everyone starts with ``starting_chips`` and the match ends
  after the first hand that leaves someone at 0 or fewer. The highest total wins;
  equal totals share the win (Clarifications 3 and 4). The deal passes left.
* For the search (`moves`), the blind discard is offered as the 1, 2, 3 or 4
  weakest cards (weakest: fewest points, then lowest rank, then shortest suit);
  a player may discard any 1–4 cards (the multi-select, or typing them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from games import cards as C
from games.common.bidding import PASS_OR_PLAY, call_event, call_label, call_of, pass_play, speaking_order
from games.common.match import first_dealer, next_dealer, next_seat
from games.common.tricks import THREE_TWO_ACE, led_suit, legal_follow, strength, winning_index
from games.engine import (
    BadOption,
    Event,
    Game,
    Move,
    Outcome,
    PileView,
    SeatView,
    SelectionWords,
    State,
    View,
    Zone,
    placings_from,
)
from games.options import Options, option
from games.playout import next_deal
from games.text import Card, Cards, Seat, Seats, Suit, Text, text_data, text_from, texts

T, N = texts("calabrasella")

BID, CALL, GIVE, DISCARD, TAKE, PLAY_PHASE = "bid", "call", "give", "discard", "take", "play"
HAND_SIZE, WIDOW_SIZE, MOST_DISCARDS = 12, 4, 4
LAST_TRICK_BONUS = 3
ORDER = THREE_TWO_ACE
POWER = strength(ORDER)
CALL_RANKS = tuple(reversed(ORDER))   # 3, 2, A, K, …: the ranks the declarer may name, in turn
SUIT_INDEX = {x: i for i, x in enumerate(C.SUITS)}
DECLARER_SIDE, DEFENDERS_SIDE = 0, 1
IN_WIDOW = -1


def _points(code: str) -> int:
    r = C.rank(code)
    if r == C.ACE:
        return 3
    return 1 if r in (2, 3, C.JACK, C.QUEEN, C.KING) else 0


# Looked up per card on the search's hot path.
POINTS = {code: _points(code) for code in C.italian_deck()}
CARD_POWER = {code: POWER[C.rank(code)] for code in C.italian_deck()}
HAND_KEY = {code: (SUIT_INDEX[C.suit(code)], CARD_POWER[code]) for code in C.italian_deck()}
HIGHER = {code: tuple(C.make(r, C.suit(code)) for r in ORDER[CARD_POWER[code] + 1:]) for code in C.italian_deck()}
_PLAY_MOVES = {code: Move("play", (code,)) for code in C.italian_deck()}


def card_points(code: str) -> int:
    """Aces 3; 3s, 2s and court cards 1; 4–7 nothing."""
    return POINTS[code]


def points_of(cards: Sequence[str]) -> int:
    return sum(POINTS[c] for c in cards)


def hand_key(code: str) -> tuple[int, int]:
    return HAND_KEY[code]


def sort_hand(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=hand_key)


@dataclass(frozen=True)
class CalabrasellaOptions(Options):
    deals: int = option(6, min=1, max=30, only_with=("bankroll", "off"),
                        help=T("deals in the match: 1, or a multiple of 3 so everyone deals as often"))
    bankroll: str = option("off", choices=("off", "on"),
                           help=T("on: everyone starts with chips and the match ends when someone has none"))
    starting_chips: int = option(100, min=10, max=10000, only_with=("bankroll", "on"),
                                 help=T("chips each player starts with in bankroll mode"))
    stake: int = option(1, min=1, max=100, help=T("chips paid per point of difference"))
    set_aside: str = option("last_trick", choices=("last_trick", "none"),
                            help=T("the discards and unused widow cards: last_trick: they count for the side "
                                   "taking the last trick; none: they count for nobody"))
    doubling: str = option("on", choices=("on", "off"),
                           help=T("on: payments double when a side ends the hand with no points"))

    def check(self, players: int) -> None:
        if self.bankroll == "off" and self.deals % 3 and self.deals != 1:
            raise BadOption(T("option 'deals': 1, or a multiple of 3 so everyone deals as often (got {n})",
                              n=self.deals))


@dataclass(kw_only=True)
class CalabrasellaState(State):
    hands: list[list[str]] = field(default_factory=list)   # what others cannot place; see `known`
    known: list[str] = field(default_factory=list)          # cards whose place is public: the named card,
    known_at: int = IN_WIDOW                                # the widow cards taken; in the declarer's hand
    #                                                         (`known_at`) or the face-down widow (IN_WIDOW)
    widow: list[str] = field(default_factory=list)
    widow_up: bool = False
    discards: list[str] = field(default_factory=list)       # the declarer's, hidden until the score
    unused: list[str] = field(default_factory=list)         # widow cards not taken (seen by all)
    phase: str = BID
    turn: int = 0
    calls: list[str] = field(default_factory=list)
    declarer: int = -1
    called: str = ""
    holder: int = -1                                        # who handed the named card over (-1: nobody)
    discarded: int = 0
    won: list[list[str]] = field(default_factory=lambda: [[], []])   # per side: declarer, defenders
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    trick: list[str] = field(default_factory=list)
    leader: int = 0
    last_trick: list[str] = field(default_factory=list)
    last_winner: int = -1
    redeals: int = 0                                        # all-pass redeals in a row
    last_result: str | dict = ""
    voids: list[str] = field(default_factory=list)         # per seat: suits it has shown it lacks this deal


def side_of(s: CalabrasellaState, seat: int) -> int:
    return DECLARER_SIDE if seat == s.declarer else DEFENDERS_SIDE


def hand_of(s: CalabrasellaState, seat: int) -> list[str]:
    """The seat's whole hand, the named card included when it holds it."""
    if seat == s.known_at and s.known:
        return s.hands[seat] + s.known
    return s.hands[seat]


def callable_cards(hand: Sequence[str]) -> list[str]:
    """The cards the declarer may name: the 3s they lack; holding every 3, the 2s; and so on."""
    held = set(hand)
    for rank in CALL_RANKS:
        missing = [C.make(rank, x) for x in C.SUITS if C.make(rank, x) not in held]
        if missing:
            return missing
    return []


def weakness(code: str, hand: Sequence[str]) -> tuple[int, int, int]:
    """Fewest points, then lowest rank, then shortest suit: the cards to throw first."""
    return card_points(code), POWER[C.rank(code)], sum(1 for c in hand if C.suit(c) == C.suit(code))


def weakest(hand: Sequence[str], k: int) -> list[str]:
    return sorted(sorted(hand, key=lambda c: weakness(c, hand))[:k])


def value(code: str) -> int:
    """How much a card is worth holding: its power and its points."""
    return POWER[C.rank(code)] + 3 * card_points(code)


def hand_strength(hand: Sequence[str]) -> float:
    """A rough count of the tricks and points a hand can win alone: 3s, 2s, aces and long suits."""
    est = 0.0
    for x in C.SUITS:
        ranks = [C.rank(c) for c in hand if C.suit(c) == x]
        est += 2.0 * (3 in ranks) + 1.5 * (2 in ranks) + 1.0 * (C.ACE in ranks)
        if 3 in ranks and 2 in ranks:
            est += 1.0
        est += max(0, len(ranks) - 3) * 1.0
    return est


PLAY_THRESHOLD = 11.0   # hand_strength to say play at (measured: weaker declarers lose on average)


class Calabrasella(Game[CalabrasellaState]):
    key = "calabrasella"
    title = T("Calabrasella")
    aliases = ("calabrasella", "calabresella", "terziglio", "three-handed tressette")
    seats = range(3, 4)
    Options = CalabrasellaOptions
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    State = CalabrasellaState
    summary = T("One player takes on the other two, with a card called from them and a look at the widow.")
    rules = T(
        "Three players, 40 cards (no 8s, 9s or 10s). The 3 is the highest card of each suit, then the 2, "
        "the ace, king, queen, jack, 7, 6, 5 and 4. There are no trumps. Each player gets 12 cards and the "
        "last 4 lie face down as the widow.\n"
        "Starting left of the dealer, each player may pass or say play; the first to say play becomes the "
        "declarer and plays alone against the other two. If all three pass, the next player deals again.\n"
        "The declarer asks for a 3 they do not hold (holding all four, a 2; and so on). Whoever has it must "
        "hand it over and gets back a card of the declarer's choice, which only they see. If the card is "
        "in the widow, bad luck. Then the declarer throws away 1 to 4 cards unseen, turns the widow up and "
        "takes as many cards from it as they threw away.\n"
        "The player left of the declarer leads. Follow suit if you can; the highest card of the suit led "
        "wins the trick and leads next. The two defenders keep their tricks together.\n"
        "Aces are worth 3 points; 3s, 2s, kings, queens and jacks 1; the last trick 3 more, and the "
        "cards put aside count for whoever takes the last trick (35 points in all). Each defender pays "
        "the declarer the difference between the two sides' points, or the declarer pays it to each "
        "defender; double if one side scored nothing. After six deals the most chips wins."
    )

    # -- dealing
    def setup(self, players: int, options: Options, seed: int) -> CalabrasellaState:
        o: CalabrasellaOptions = options  # type: ignore[assignment]
        start = o.starting_chips if o.bankroll == "on" else 0
        s = CalabrasellaState(players=players, seed=seed, options=options.to_dict(), scores=[start] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: CalabrasellaState, redeal: bool = False) -> list[Event]:
        deck = C.italian_deck()
        s.rng().shuffle(deck)
        s.hands = [sort_hand(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(s.players)]
        s.widow = deck[s.players * HAND_SIZE:]
        s.known, s.known_at, s.widow_up = [], IN_WIDOW, False
        s.discards, s.unused, s.discarded = [], [], 0
        s.phase, s.calls, s.declarer, s.called, s.holder = BID, [], -1, "", -1
        s.won, s.tricks, s.trick, s.last_trick, s.last_winner = [[], []], [0, 0], [], [], -1
        s.voids = [""] * s.players
        s.turn = s.leader = next_seat(s.dealer, s.players)
        if not redeal:
            s.hand_no += 1
            s.redeals = 0
        return [Event(T("{deal}: {dealer} deals.", deal=self._deal_title(s), dealer=Seat(s.dealer)))]

    def _deal_title(self, s: CalabrasellaState) -> Text:
        o: CalabrasellaOptions = self.options_of(s)  # type: ignore[assignment]
        return T("Deal {n} of {total}", n=s.hand_no, total=o.deals) if o.bankroll == "off" else \
            T("Deal {n}", n=s.hand_no)

    # -- legality
    def to_move(self, s: CalabrasellaState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: CalabrasellaState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        hand = hand_of(s, seat)
        if s.phase == BID:
            return list(PASS_OR_PLAY)
        if s.phase == CALL:
            return [Move("call", (c,)) for c in callable_cards(hand)]
        if s.phase == GIVE:
            return [Move("give", (c,)) for c in sort_hand(hand) if c != s.called]
        if s.phase == DISCARD:
            return [Move("discard", tuple(weakest(hand, k))) for k in range(1, MOST_DISCARDS + 1)]
        if s.phase == TAKE:
            return [Move("take", tuple(sorted(pick))) for pick in combinations(sorted(s.widow), s.discarded)]
        return [_PLAY_MOVES[c] for c in legal_follow(hand, led_suit(s.trick))]

    def refuse(self, s: CalabrasellaState, seat: int, move: Move) -> Text | None:
        if s.phase == DISCARD and move.kind == "discard":
            return self._refuse_discard(s, seat, move.args)
        if s.phase == TAKE and move.kind == "take":
            return self._refuse_take(s, move.args)
        if move in self.moves(s, seat):
            return None
        expected = {BID: "bid", CALL: "call", GIVE: "give", DISCARD: "discard", TAKE: "take", PLAY_PHASE: "play"}
        if move.kind != expected[s.phase]:
            return self._phase_text(s)
        hand = hand_of(s, seat)
        if s.phase == BID:
            return T("Say 'bid play' or 'bid pass'.")
        if len(move.args) != 1 or not C.is_card(move.args[0]):
            return T("Name one card, e.g. '{move}'.", move=str(self.moves(s, seat)[0]))
        code = C.card(move.args[0]).code
        if s.phase == CALL:
            if code in hand:
                return T("You hold {card} already: name a card you lack.", card=Card(code))
            return T("You must name one of {cards}.", cards=Cards(tuple(callable_cards(hand))))
        if code not in hand:
            return T("You do not hold {card}.", card=Card(code))
        if s.phase == GIVE:
            return T("You cannot give back {card}, the card you just received.", card=Card(code))
        led = led_suit(s.trick)
        if led and C.suit(code) != led:
            return T("You must follow suit: {card} was led and you hold {suit}.", card=Card(s.trick[0]),
                     suit=Suit(led))
        return T("Write the card as a code, e.g. '{move}'.", move=f"play {code}")

    @staticmethod
    def _phase_text(s: CalabrasellaState) -> Text:
        return {
            BID: T("Say whether you play or pass first."),
            CALL: T("Name the card you ask for first, e.g. 'call 3H'."),
            GIVE: T("Give a card back first, e.g. 'give 4S'."),
            DISCARD: T("Discard 1 to 4 cards first, e.g. 'discard 4S 5C'."),
            TAKE: T("Take cards from the widow first, e.g. 'take 3H'."),
            PLAY_PHASE: T("The exchange is over: play a card."),
        }[s.phase]

    def _refuse_discard(self, s: CalabrasellaState, seat: int, cards: Sequence[str]) -> Text | None:
        hand = hand_of(s, seat)
        if not 1 <= len(cards) <= MOST_DISCARDS or not all(C.is_card(c) for c in cards):
            return T("Discard 1 to 4 of your cards.")
        codes = [C.card(c).code for c in cards]
        if len(set(codes)) != len(codes):
            return T("Name each card once, e.g. '{move}'.", move="discard 4S 5C")
        missing = [c for c in codes if c not in hand]
        if missing:
            return T("You do not hold {card}.", card=Card(missing[0]))
        return self._canonical(cards, codes, "discard")

    def _refuse_take(self, s: CalabrasellaState, cards: Sequence[str]) -> Text | None:
        if len(cards) != s.discarded or not all(C.is_card(c) for c in cards):
            return N("Take exactly {n} card from the widow: you discarded {n}.",
                     "Take exactly {n} cards from the widow: you discarded {n}.", s.discarded)
        codes = [C.card(c).code for c in cards]
        if len(set(codes)) != len(codes):
            return T("Name each card once, e.g. '{move}'.", move="take 3H")
        missing = [c for c in codes if c not in s.widow]
        if missing:
            return T("{card} is not in the widow.", card=Card(missing[0]))
        return self._canonical(cards, codes, "take")

    @staticmethod
    def _canonical(cards: Sequence[str], codes: list[str], kind: str) -> Text | None:
        """A move names its cards as codes in sorted order, so each move has one spelling."""
        if list(cards) != sorted(codes):
            return T("Write the cards as codes in this order: '{move}'.", move=str(Move(kind, tuple(sorted(codes)))))
        return None

    # -- choosing the discard and the widow cards in one go
    def selectable(self, s: CalabrasellaState, seat: int) -> list[str] | None:
        if s.over or seat != s.turn:
            return None
        if s.phase == DISCARD:
            return sort_hand(hand_of(s, seat))
        if s.phase == TAKE:
            return sort_hand(s.widow)
        return None

    def selection_words(self, s: CalabrasellaState, seat: int, chosen: Sequence[str]) -> SelectionWords | None:
        picked = Cards(tuple(chosen))
        if s.phase == DISCARD:
            question = (T("Discard {cards} face down? Press Discard.", cards=picked) if chosen else
                        T("Select 1 to 4 cards to discard face down, then press Discard."))
            return SelectionWords(T("Select the cards to discard"), T("Discard"), question)
        if s.phase == TAKE:
            question = (T("Take {cards}? Press Take from the widow.", cards=picked) if chosen else
                        N("Select {n} card of the widow, then press Take from the widow.",
                          "Select {n} cards of the widow, then press Take from the widow.", s.discarded))
            return SelectionWords(T("Select the widow cards to take"), T("Take from the widow"), question)
        return None

    def moves_for(self, s: CalabrasellaState, seat: int, cards: Sequence[str]) -> list[Move]:
        kind = {DISCARD: "discard", TAKE: "take"}.get(s.phase)
        if kind is None or seat != s.turn or s.over:
            return []
        move = Move(kind, tuple(sorted(cards)))
        return [] if self.refuse(s, seat, move) else [move]

    def why_not(self, s: CalabrasellaState, seat: int, cards: Sequence[str]) -> str:
        kind = {DISCARD: "discard", TAKE: "take"}.get(s.phase, "play")
        return self.refuse(s, seat, Move(kind, tuple(sorted(cards)))) or T("Those cards are not a move you can "
                                                                            "make now.")

    # -- playing
    def play(self, s: CalabrasellaState, seat: int, move: Move) -> list[Event]:
        if s.phase == BID:
            return self._bid(s, seat, call_of(move) or "")
        if s.phase == CALL:
            return self._call(s, move.args[0])
        if s.phase == GIVE:
            return self._give(s, move.args[0])
        if s.phase == DISCARD:
            return self._discard(s, list(move.args))
        if s.phase == TAKE:
            return self._take(s, list(move.args))
        return self._play_card(s, seat, move.args[0])

    def _bid(self, s: CalabrasellaState, seat: int, call: str) -> list[Event]:
        s.calls.append(call)
        events = [call_event(seat, call)]
        result = pass_play(next_seat(s.dealer, s.players), s.players, s.calls)
        if result.redeal:
            s.dealer = next_dealer(s.dealer, s.players)
            s.redeals += 1
            events.append(Event(T("Everyone passed: {dealer} deals again.", dealer=Seat(s.dealer))))
            return events + self._deal(s, redeal=True)[1:]
        if result.winner is None:
            s.turn = result.to_speak if result.to_speak is not None else s.turn
            return events
        s.declarer = s.turn = result.winner
        s.phase = CALL
        return events

    def _call(self, s: CalabrasellaState, code: str) -> list[Event]:
        s.called = code
        holder = next((i for i, h in enumerate(s.hands) if code in h), IN_WIDOW)
        s.known = [code]
        if holder == IN_WIDOW:
            s.widow.remove(code)
            s.known_at = IN_WIDOW
            s.phase = DISCARD
            return [Event(T("{seat} asks for {card}. Nobody has it: it is in the widow.", seat=Seat(s.declarer),
                            card=Card(code)))]
        s.hands[holder].remove(code)
        s.holder, s.known_at, s.phase = holder, s.declarer, GIVE
        return [Event(T("{seat} asks for {card}, and {holder} hands it over.", seat=Seat(s.declarer),
                        card=Card(code), holder=Seat(holder)))]

    def _give(self, s: CalabrasellaState, code: str) -> list[Event]:
        s.hands[s.declarer].remove(code)
        s.hands[s.holder].append(code)
        s.hands[s.holder] = sort_hand(s.hands[s.holder])
        s.phase = DISCARD
        return [Event(T("{seat} gives {holder} a card back.", seat=Seat(s.declarer), holder=Seat(s.holder))),
                Event(T("{seat} gives you {card}.", seat=Seat(s.declarer), card=Card(code)), to=s.holder)]

    def _remove_from_hand(self, s: CalabrasellaState, seat: int, code: str) -> None:
        if code in s.known and s.known_at == seat:
            s.known.remove(code)
        else:
            s.hands[seat].remove(code)

    def _discard(self, s: CalabrasellaState, codes: list[str]) -> list[Event]:
        for code in codes:
            self._remove_from_hand(s, s.declarer, code)
        s.discards = sorted(codes)
        s.discarded = len(codes)
        if s.known_at == IN_WIDOW and s.known:
            s.widow += s.known
            s.known = []
        s.widow = sort_hand(s.widow)
        s.widow_up, s.phase = True, TAKE
        return [Event(N("{seat} discards {n} card face down and turns up the widow: {cards}.",
                        "{seat} discards {n} cards face down and turns up the widow: {cards}.", len(codes),
                        seat=Seat(s.declarer), cards=Cards(tuple(s.widow))))]

    def _take(self, s: CalabrasellaState, codes: list[str]) -> list[Event]:
        for code in codes:
            s.widow.remove(code)
        s.known = sort_hand(s.known + codes)   # everyone saw them taken from the turned-up widow
        s.known_at = s.declarer
        s.unused, s.widow = s.widow, []
        s.phase = PLAY_PHASE
        s.leader = s.turn = next_seat(s.declarer, s.players)
        return [Event(T("{seat} takes {cards} from the widow. {leader} leads.", seat=Seat(s.declarer),
                        cards=Cards(tuple(codes)), leader=Seat(s.leader)))]

    def _play_card(self, s: CalabrasellaState, seat: int, code: str) -> list[Event]:
        self._remove_from_hand(s, seat, code)
        led = led_suit(s.trick)
        if led and C.suit(code) != led and led not in s.voids[seat]:
            s.voids[seat] += led
        s.trick.append(code)
        events = [Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code)))]
        if len(s.trick) < s.players:
            s.turn = next_seat(seat, s.players)
            return events
        winner = (s.leader + winning_index(s.trick, None, ORDER)) % s.players
        side = side_of(s, winner)
        s.won[side] += s.trick
        s.tricks[side] += 1
        s.last_trick, s.last_winner, s.trick = s.trick, winner, []
        s.leader = s.turn = winner
        events.append(Event(T("{seat} takes the trick ({cards}).", seat=Seat(winner),
                              cards=Cards(tuple(s.last_trick)))))
        if not any(s.hands) and not s.known:
            events += self._end_hand(s)
        return events

    # -- scoring
    def side_points(self, s: CalabrasellaState) -> list[int]:
        """The hand's points per side (declarer, defenders) once the last trick is taken."""
        o: CalabrasellaOptions = self.options_of(s)  # type: ignore[assignment]
        points = [points_of(s.won[0]), points_of(s.won[1])]
        last = side_of(s, s.last_winner)
        points[last] += LAST_TRICK_BONUS
        if o.set_aside == "last_trick":
            points[last] += points_of(s.discards + s.unused)
        return points

    def payment(self, s: CalabrasellaState, points: Sequence[int]) -> int:
        """What each defender pays the declarer (negative: the declarer pays each defender)."""
        o: CalabrasellaOptions = self.options_of(s)  # type: ignore[assignment]
        each = (points[0] - points[1]) * o.stake
        return 2 * each if self.doubles(s, points) else each

    def doubles(self, s: CalabrasellaState, points: Sequence[int]) -> bool:
        """Clarification 2: payments double when a side ends the hand with 0 points."""
        return self.options_of(s).doubling == "on" and min(points) == 0  # type: ignore[attr-defined]

    def _end_hand(self, s: CalabrasellaState) -> list[Event]:
        o: CalabrasellaOptions = self.options_of(s)  # type: ignore[assignment]
        points = self.side_points(s)
        each = self.payment(s, points)
        defenders = [i for i in range(s.players) if i != s.declarer]
        for i in defenders:
            s.scores[i] -= each
            s.scores[s.declarer] += each
        set_aside = tuple(sort_hand(s.discards + s.unused))
        if o.set_aside == "last_trick":
            aside = T("Set aside: {cards}, to {seat} with the last trick.", cards=Cards(set_aside),
                      seat=Seat(s.last_winner))
        else:
            aside = T("Set aside: {cards}, counted for nobody.", cards=Cards(set_aside))
        result = self._result_text(s, points, each, self.doubles(s, points))
        s.last_result = text_data(result)
        events = [Event(T("Deal {n}: {result} {aside}", n=s.hand_no, result=result, aside=aside))]
        finished = (min(s.scores) <= 0 if o.bankroll == "on" else s.hand_no >= o.deals)
        if finished:
            s.over = True
            s.phase = "done"
            return events + [Event(self.outcome(s).summary)]
        s.dealer = next_dealer(s.dealer, s.players)
        return events + next_deal(s, self._deal)

    @staticmethod
    def _result_text(s: CalabrasellaState, points: Sequence[int], each: int, doubled: bool) -> Text:
        seat = Seat(s.declarer)
        if each > 0:
            text = (T("{seat} scores {mine} to {theirs} and each defender pays {n}, doubled.", seat=seat,
                      mine=points[0], theirs=points[1], n=each) if doubled else
                    T("{seat} scores {mine} to {theirs} and each defender pays {n}.", seat=seat,
                      mine=points[0], theirs=points[1], n=each))
        elif each < 0:
            text = (T("{seat} scores {mine} to {theirs} and pays each defender {n}, doubled.", seat=seat,
                      mine=points[0], theirs=points[1], n=-each) if doubled else
                    T("{seat} scores {mine} to {theirs} and pays each defender {n}.", seat=seat,
                      mine=points[0], theirs=points[1], n=-each))
        else:
            text = T("{seat} scores {mine} to {theirs}: a tie, nobody pays.", seat=seat, mine=points[0],
                     theirs=points[1])
        return text

    # -- what people see
    def instruction(self, s: CalabrasellaState, seat: int) -> Text:
        if s.phase == BID:
            return T("Play alone against the other two, or pass?")
        if s.phase == CALL:
            return T("Name a card you lack: its holder must hand it to you.")
        if s.phase == GIVE:
            return T("You received {card}: give {holder} any other card back.", card=Card(s.called),
                     holder=Seat(s.holder))
        if s.phase == DISCARD:
            return T("Discard 1 to 4 cards face down; then the widow is turned up and you take as many.")
        if s.phase == TAKE:
            return N("Take {n} card from the widow.", "Take {n} cards from the widow.", s.discarded)
        if not s.trick:
            return T("Lead a card.")
        led = C.suit(s.trick[0])
        if any(C.suit(c) == led for c in hand_of(s, seat)):
            return T("Follow {suit}.", suit=Suit(led))
        return T("You have no {suit}: play any card.", suit=Suit(led))

    def describe(self, s: CalabrasellaState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        """Each exchange step asks to confirm its answer (a button saying what it does), so the panel
        offers Back until then."""
        what = self.preview(s, seat, move)
        if move.kind == "bid":
            return ((T("Play or pass?"), what),)
        if move.kind == "call":
            return ((T("Name a card"), what), (T("Ask for this card?"), T("Ask for {card}", card=Card(move.args[0]))))
        if move.kind == "give":
            return ((T("Give a card back"), what),
                    (T("Give this card back?"), T("Give {card} back", card=Card(move.args[0]))))
        if move.kind == "discard":
            return ((T("Discard face down"), what),
                    (T("Discard these cards face down?"), T("Discard {cards}", cards=Cards(move.args))))
        if move.kind == "take":
            return ((T("Take from the widow"), what),
                    (T("Take these cards?"), T("Take {cards}", cards=Cards(move.args))))
        return ((T("Play a card"), what),)

    def preview(self, s: CalabrasellaState, seat: int, move: Move) -> str:
        if move.kind == "bid":
            return call_label(move.args[0])
        if move.kind in ("discard", "take"):
            return T("{cards}", cards=Cards(move.args))
        return T("{card}", card=Card(move.args[0]))

    def typed_example(self, s: CalabrasellaState, seat: int) -> str | None:
        if s.phase == DISCARD:
            return T("discard 4S 5C")
        if s.phase == TAKE:
            return T("take 3H")
        return None

    def _seat_notes(self, s: CalabrasellaState, seat: int) -> list[str]:
        notes: list[str] = [T("dealer")] if seat == s.dealer else []
        if s.declarer >= 0:
            notes.append(T("declarer") if seat == s.declarer else T("defender"))
        elif seat in speaking_order(next_seat(s.dealer, s.players), s.players)[:len(s.calls)]:
            notes.append(T("passed"))
        return notes

    def view(self, s: CalabrasellaState, seat: int | None) -> View:
        seats = [SeatView(i, len(hand_of(s, i)), s.scores[i], self._seat_notes(s, i)) for i in range(s.players)]
        facts: list[str] = []
        if s.called:
            if s.holder >= 0:
                facts.append(T("{seat} asked for {card}; {holder} handed it over.", seat=Seat(s.declarer),
                               card=Card(s.called), holder=Seat(s.holder)))
            else:
                facts.append(T("{seat} asked for {card}; it was in the widow.", seat=Seat(s.declarer),
                               card=Card(s.called)))
        if s.phase == PLAY_PHASE or s.over:
            facts.append(T("Tricks: {seat} {mine}, defenders {theirs}", seat=Seat(s.declarer), mine=s.tricks[0],
                           theirs=s.tricks[1]))
        if s.last_result:
            facts.append(T("Last deal: {result}", result=text_from(s.last_result)))
        piles = [PileView(T("Current trick"), list(s.trick), len(s.trick)),
                 PileView(T("Last trick"), list(s.last_trick), len(s.last_trick),
                          s.last_winner if s.last_winner >= 0 else None)]
        widow_size = len(s.widow) + (len(s.known) if s.known_at == IN_WIDOW else 0)
        if s.phase in (BID, CALL, GIVE, DISCARD, TAKE):
            piles.append(PileView(T("Widow"), list(s.widow) if s.widow_up else [], widow_size))
        if s.unused or s.discards:
            shown = (s.over or seat == s.declarer)
            cards = list(s.unused) + (list(s.discards) if shown else [])
            piles.append(PileView(T("Set aside"), cards, len(s.unused) + len(s.discards)))
        return View(game=self.key, seat=seat, hand=sort_hand(hand_of(s, seat)) if seat is not None else [],
                    seats=seats, piles=piles, status=self._status(s), facts=facts,
                    to_move=sorted(self.to_move(s)), over=s.over,
                    result=self.outcome(s).summary if s.over else None)

    def _status(self, s: CalabrasellaState) -> Text:
        if s.over:
            return self.outcome(s).summary
        deal = self._deal_title(s)
        if s.phase == BID:
            return T("{deal}, {dealer} dealt. {seat} to say play or pass.", deal=deal, dealer=Seat(s.dealer),
                     seat=Seat(s.turn))
        if s.phase in (CALL, GIVE, DISCARD, TAKE):
            return T("{deal}, {dealer} dealt. {seat} plays alone and exchanges cards.", deal=deal,
                     dealer=Seat(s.dealer), seat=Seat(s.declarer))
        return T("{deal}, {dealer} dealt. {seat} plays alone; {turn} to play.", deal=deal, dealer=Seat(s.dealer),
                 seat=Seat(s.declarer), turn=Seat(s.turn))

    def zones(self, s: CalabrasellaState) -> list[Zone]:
        zones = [Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
        zones += [Zone("known", s.known, "all"), Zone("widow", s.widow, "all" if s.widow_up else "none"),
                  Zone("discards", s.discards, "all" if s.over else s.declarer),
                  Zone("unused", s.unused, "all"), Zone("trick", s.trick, "all")]
        return zones + [Zone(f"won {i}", w, "all") for i, w in enumerate(s.won)]

    def outcome(self, s: CalabrasellaState) -> Outcome | None:
        if not s.over:
            return None
        placings = placings_from([float(x) for x in s.scores])
        winners = [i for i, p in enumerate(placings) if p == 1]
        best = s.scores[winners[0]]
        summary = N("{seats} wins with {n} chip!", "{seats} wins with {n} chips!", best, seats=Seats(tuple(winners))) \
            if len(winners) == 1 else \
            N("{seats} share the win with {n} chip!", "{seats} share the win with {n} chips!", best,
              seats=Seats(tuple(winners)))
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    def score_unit(self, s: CalabrasellaState) -> tuple[str, str]:
        return (T("chip"), T("chips"))

    # -- computer players
    def determinize(self, s: CalabrasellaState, seat: int | None, rng: random.Random) -> CalabrasellaState:
        """Deal the unseen cards anew, then swap away any card of a suit a hand has shown
        it lacks, with an unseen card from a place that may hold it (a hand without that
        void, the face-down widow or the discards)."""
        twin = super().determinize(s, seat, rng)
        places = [(z.cards, s.voids[int(z.name[5:])] if z.name.startswith("hand ") else "")
                  for z in self.zones(twin) if z.visible_to not in ("all", seat)]
        for cards, void in places:
            for i, code in enumerate(cards):
                if C.suit(code) in void:
                    self._swap_out(cards, i, void, places)
        return twin

    @staticmethod
    def _swap_out(cards: list[str], i: int, void: str, places: list[tuple[list[str], str]]) -> None:
        code = cards[i]
        for other, other_void in places:
            if other is cards or C.suit(code) in other_void:
                continue
            for j, swap in enumerate(other):
                if C.suit(swap) not in void:
                    cards[i], other[j] = swap, code
                    return

    def hand_progress(self, s: CalabrasellaState) -> list[float]:
        if s.declarer < 0:
            return [0.0] * s.players
        lead = points_of(s.won[0]) - points_of(s.won[1])
        return [float(2 * lead if i == s.declarer else -lead) for i in range(s.players)]

    def heuristic_decides(self, s: CalabrasellaState, seat: int) -> bool:
        """Play or pass is said by hand strength (`PLAY_THRESHOLD`), not searched. A playout's
        reward ranks the seats by the deal's chips, win or lose, so a declaration worth chips on
        average but lost more often than won looked worse than passing: the search passed about
        two in five of the hands the rule of thumb plays, each worth far more declared."""
        return s.phase == BID

    def rollout_move(self, s: CalabrasellaState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Say play with a strong hand; ask for the 3 of the longest suit; give back and
        discard the weakest cards; take the best widow cards; in play win tricks with the
        cheapest winning card, keep 3s and 2s for tricks worth taking, and feed points to a
        partner who is winning."""
        hand = hand_of(s, seat)
        if s.phase == BID:
            return moves[0] if hand_strength(hand) >= PLAY_THRESHOLD else moves[1]
        if s.phase == CALL:
            return max(moves, key=lambda m: (sum(1 for c in hand if C.suit(c) == C.suit(m.args[0])), m.args[0]))
        if s.phase == GIVE:
            return min(moves, key=lambda m: weakness(m.args[0], hand))
        if s.phase == DISCARD:
            junk = [c for c in hand if card_points(c) == 0]
            k = max(1, min(MOST_DISCARDS, len(junk)))
            return Move("discard", tuple(weakest(hand, k)))
        if s.phase == TAKE:
            return max(moves, key=lambda m: sum(value(c) for c in m.args))
        return _PLAY_MOVES[self._card_to_play(s, seat, [m.args[0] for m in moves])]

    def _card_to_play(self, s: CalabrasellaState, seat: int, cards: list[str]) -> str:
        cheapest = min(cards, key=lambda c: (POINTS[c], CARD_POWER[c]))
        gone = set(s.won[0])
        gone.update(s.won[1], s.trick, s.unused, hand_of(s, seat))
        if not s.trick:
            masters = [c for c in cards if _is_master(c, gone)]
            if masters:
                return max(masters, key=lambda c: (POINTS[c], CARD_POWER[c]))
            return cheapest
        best_at = winning_index(s.trick, None, ORDER)
        best = s.trick[best_at]
        winner_seat = (s.leader + best_at) % s.players
        last = len(s.trick) == s.players - 1
        led = C.suit(s.trick[0])
        winners = [c for c in cards if C.suit(c) == led and POWER[C.rank(c)] > POWER[C.rank(best)]]
        partner_wins = side_of(s, winner_seat) == side_of(s, seat) and winner_seat != seat
        if partner_wins and (last or _is_master(best, gone)):
            return max(cards, key=lambda c: (card_points(c), -POWER[C.rank(c)]))
        if winners:
            pick = min(winners, key=lambda c: POWER[C.rank(c)])
            at_stake = points_of(s.trick)
            if last or at_stake > 0 or _is_master(pick, gone) or card_points(pick) == 0:
                return pick
        return cheapest


def _is_master(code: str, gone: set[str]) -> bool:
    """Whether every higher card of the suit is ``gone`` (played, set aside or in the own hand)."""
    return all(c in gone for c in HIGHER[code])


GAME = Calabrasella()
