"""Seven Rummy (Seven Bridge, セブンブリッジ): meld your whole hand, where any meld with a 7 may be short.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/seven_rummy.md``; [rec] marks our own):

* 52 cards, seven each from the dealer's left, then an upcard starts the discard pile. The
  first dealer is drawn at random; the deal passes left.
* Melds (games/common/melds.py): sets of 3 or 4 of a rank, sequences of 3 or more of a suit,
  ace low only, no wrap; a meld holding a 7 has no minimum length. A lone 7 is declared a set
  or a sequence when laid (``meld 7H as=seq``); two or more 7s are always a set. Sequences grow
  at either end without limit, sets to four cards.
* A turn: draw from the stock, or take the top discard to meld it at once (``take`` with the
  hand cards it melds with), then meld and lay off onto anyone's melds in any order, then
  discard. A take needs an earlier stock draw in this hand: for a new sequence only the
  previous player's discard, for a new set anyone's (Clarification 3). The upcard can never
  be taken (nobody discarded it) [rec].
* Pon: after every discard that does not end the hand, a reaction window
  (games/common/window.py) opens for every other seat for ``pon_window`` seconds; an eligible
  seat may claim the discard with two or three cards of its rank (with a 7: one or more 7s).
  Answers are sealed; the nearest claimant after the discarder wins; the claimer melds the set,
  may meld and lay off more, discards, and play goes on to the claimer's left. A claimer
  whose claimed cards left the hand (only in a search's imagined deal) is skipped.
  ``pon_window`` 0: no window, a set can still be taken on one's own turn.
* Clarification 5: a claim, take, meld or lay-off must leave a card for the final discard.
* Going out: the last card is discarded. The winner scores the others' deadwood (7s 20,
  court cards 10, others their pips, aces 1), doubled (option ``double``) when the winner
  melded and laid off nothing in any earlier turn of the hand (Clarification 7). Options change
  the values: ``sevens`` (20, or 7, 10, 50) and ``courts`` (``ten``, or ``face``: J 11, Q 12, K 13
  [rec]); aces stay 1 (Clarification 10). The computer players weigh cards by the values in force.
* Empty stock (Clarification 8): the discards but the top one are shuffled into a new stock;
  with nothing to shuffle, or with ``stock_out=void``, the hand ends without a winner. To
  guarantee an end [rec], the stock is turned over at most three times a hand: when it runs out a
  fourth time the hand ends without a winner too. (A hand can lock for good: once every free card
  is a rank with two or fewer left and no meld can grow, nobody can go out; random and rule-of-thumb
  players met such hands in the benchmarks.)
* Match: until a total reaches ``target`` (200; 0 = none) or after ``match_hands`` hands (0 =
  no limit); a tie for the highest total plays another hand (Clarification 2).
* Computer players meld whatever they can, lay off, claim and take what makes a meld, keep 7s,
  pairs and near sequences, and discard the highest other card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games import cards as C
from games.common import melds as M
from games.common.fishing import noisy_best
from games.common.match import DealtMatch, MatchFormat, match_outcome, next_seat
from games.common.stock import restock
from games.common.table import draws, table_view
from games.common.window import PASS, answer, complete, open_window, pending, ranked, reaction_id
from games.engine import BadOption, Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.text import Card, Cards, Seat, Text, text_data, text_from, texts

T, N = texts("seven_rummy")

HAND_SIZE = 7
SEVEN = 7
RULES = M.MeldRules(min_set=3, max_set=4, min_seq=3, waiver=SEVEN)
VALUES = {SEVEN: 20}             # the defaults of options sevens and courts (J, Q, K 10; aces 1)
FACE_VALUES = {11: 11, 12: 12, 13: 13}      # courts=face
DRAW, PLAY = "draw", "play"        # the phases of a turn (a pon window is `window`)
PON = "pon"
MAX_RESHUFFLES = 3
KIND_WORDS = {M.SET: T("Set"), M.SEQ: T("Sequence")}


@dataclass(frozen=True)
class SevenRummyOptions(Options):
    target: int = option(200, choices=(200, 0, 50, 100, 150, 300, 500, 1000),
                         help=T("points that end the match; 0 = no target"))
    match_hands: int = option(0, choices=(0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20),
                              help=T("hands that end the match; 0 = no limit"))
    pon_window: int = option(6, min=0, max=60, help=T("seconds to claim a discard for a set (pon); 0 = off"))
    stock_out: str = option("reshuffle", choices=("reshuffle", "void"),
                            help=T("when the stock runs out: shuffle the discards into a new stock, or end the hand "
                                   "without a winner"))
    double: bool = option(True, help=T("a player who goes out having melded nothing in earlier turns scores double"))
    sevens: int = option(VALUES[SEVEN], choices=(20, 7, 10, 50), help=T("points for a 7 left in hand"))
    courts: str = option("ten", choices=("ten", "face"),
                         help=T("points for a J, Q or K left in hand: 10 each, or 11, 12 and 13"))

    def check(self, players: int) -> None:
        if not self.target and not self.match_hands:
            raise BadOption(T("options 'target'/'match_hands': set at least one of them"))


@dataclass(kw_only=True)
class SevenRummyState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)       # top is the last card
    discard: list[str] = field(default_factory=list)     # top is the last card
    discarder: int = -1              # who discarded the top card; -1: the upcard
    melds: list[dict] = field(default_factory=list)      # {"kind", "cards", "owner"}, in the order laid
    turn: int = 0
    phase: str = DRAW
    drew: list[bool] = field(default_factory=list)       # drew from the stock in this hand
    shown: list[bool] = field(default_factory=list)      # melded or laid off in an earlier turn
    this_turn: bool = False          # the seat to move melded, laid off or claimed in this turn
    window: dict = field(default_factory=dict)           # the open pon window, {} when none
    serial: int = 0
    reshuffles: int = 0              # stock turn-overs in this hand
    last_result: str | dict = ""


def deadwood_values(o: SevenRummyOptions) -> dict[int, int]:
    """The points of the ranks that do not count their pips, by options ``sevens`` and ``courts``."""
    return {SEVEN: o.sevens, **(FACE_VALUES if o.courts == "face" else {})}


def points(cards: Sequence[str], values: dict[int, int] = VALUES) -> int:
    """The deadwood of ``cards``: ``values`` by rank (`deadwood_values`), other cards their pips, courts 10,
    aces 1 (Clarification 10)."""
    return M.deadwood(cards, values)


def claim_groups(hand: Sequence[str], top: str) -> list[tuple[str, ...]]:
    """The hand cards that make a new set with the discard ``top`` (two or three of its rank; with
    a 7 one or more 7s), each leaving a card for the final discard."""
    same = sorted((c for c in hand if C.RANK[c] == C.RANK[top]), key=C.sort_key)
    out = []
    for combo in M.combinations_of(same, range(1, 4)):
        if len(hand) - len(combo) >= 1 and M.is_set((top, *combo), RULES):
            out.append(combo)
    return out


def sequence_groups(hand: Sequence[str], top: str) -> list[tuple[str, ...]]:
    """The hand cards that make a new sequence with ``top``, each leaving a card to discard."""
    out = []
    for kind, cards in M.new_melds([*hand, top], RULES):
        if kind == M.SEQ and top in cards and len(cards) >= 2 and len(hand) - (len(cards) - 1) >= 1:
            out.append(tuple(c for c in cards if c != top))
    return out


class SevenRummy(DealtMatch, Game[SevenRummyState]):
    key = "seven_rummy"
    title = T("Seven Rummy")
    # other names players search for (/play)
    aliases = ("seven bridge", "sevens rummy", "7 bridge", "セブンブリッジ", "セブンブリッヂ", "sebun burijji")
    seats = range(2, 6)
    Options = SevenRummyOptions
    State = SevenRummyState
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    summary = T("Japan's rummy: meld your seven cards, where any meld with a 7 may be short; shout pon for a set.")
    rules = T(
        "Each player gets seven cards; the next card is turned up to start the discard pile. The goal is to "
        "lay your whole hand down in melds: three or four cards of a rank, or three or more cards in a row of "
        "one suit (aces are low only). A 7 lifts the minimum: a single 7, two 7s, or 6-7 and 7-8 of a suit "
        "are melds too. A lone 7 is laid as a set or as a sequence, and grows as that.\n"
        "On your turn draw from the stock, meld, lay cards off onto anyone's melds, and discard. Once you "
        "have drawn from the stock in this hand you may instead take the top discard when you meld it at "
        "once: the previous player's discard for a new sequence, anyone's for a new set. A set may even be "
        "claimed out of turn: after every discard, say pon to take it with two or three cards of its rank "
        "(one 7 is enough with a 7). The claimer nearest the discarder's left gets it, and play goes on "
        "from the claimer's left. Every turn ends with a discard, so always keep a card for it.\n"
        "The first to discard their last card wins the hand and scores the cards left in the other hands: "
        "20 for a 7, 10 for a court card, the number for the others (ace 1), double for going out having "
        "melded nothing in earlier turns. The match ends once someone has 200 points; a tie at the top "
        "plays another hand.\n"
        "These values are the defaults: options may change the points of 7s and court cards, the target, "
        "the number of hands and the double score."
    )

    # -- dealing
    def setup(self, players: int, options: SevenRummyOptions, seed: int) -> SevenRummyState:
        s = SevenRummyState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: SevenRummyState) -> list[Event]:
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.hands = [[] for _ in range(s.players)]
        for k in range(HAND_SIZE * s.players):
            s.hands[(s.dealer + 1 + k) % s.players].append(deck.pop())
        for hand in s.hands:
            hand.sort(key=C.sort_key)
        s.discard = [deck.pop()]
        s.stock = deck
        s.discarder = -1
        s.melds = []
        s.turn, s.phase = next_seat(s.dealer, s.players), DRAW
        s.drew, s.shown = [False] * s.players, [False] * s.players
        s.this_turn, s.window, s.reshuffles = False, {}, 0
        s.hand_no += 1
        events = [Event(T("Hand {n}: {seat} deals; the upcard is {card}.", n=s.hand_no, seat=Seat(s.dealer),
                          card=Card(s.discard[-1])))]
        return events + [Event(T("Your cards: {cards}.", cards=Cards(tuple(h))), to=i) for i, h in enumerate(s.hands)]

    # -- legality
    def to_move(self, s: SevenRummyState) -> frozenset[int]:
        if s.over:
            return frozenset()
        if s.window:
            return pending(s.window)
        return frozenset((s.turn,))

    def reaction(self, s: SevenRummyState) -> str | None:
        return reaction_id(s.window) if s.window and not s.over else None

    def window_seconds(self, s: SevenRummyState) -> int | None:
        return s.options["pon_window"] if s.window and not s.over else None

    def timeout_move(self, s: SevenRummyState, seat: int) -> Move | None:
        return Move(PASS) if s.window and seat in pending(s.window) else None

    def may_take(self, s: SevenRummyState, seat: int) -> bool:
        """The discard may be taken (by claim or on one's turn) only after a stock draw in this hand,
        and never one's own discard or the upcard."""
        return s.drew[seat] and s.discarder not in (-1, seat) and bool(s.discard)

    def moves(self, s: SevenRummyState, seat: int) -> list[Move]:
        if s.over or seat not in self.to_move(s):
            return []
        if s.window:
            claims = claim_groups(s.hands[seat], s.discard[-1]) if self.may_take(s, seat) else []
            return [Move(PON, combo) for combo in claims] + [Move(PASS)]
        hand = s.hands[seat]
        if s.phase == DRAW:
            out = [Move("draw")]
            if self.may_take(s, seat):
                top = s.discard[-1]
                groups = claim_groups(hand, top)
                if s.discarder == (seat - 1) % s.players:
                    groups += sequence_groups(hand, top)
                out += [Move("take", combo) for combo in groups]
            return out
        out = []
        for kind, cards in M.new_melds(hand, RULES, keep=1):
            lone = len(cards) == 1
            out.append(Move("meld", cards, (("as", kind),) if lone else ()))
        for i, meld in enumerate(s.melds):
            out += [Move("layoff", combo, (("to", str(i)),)) for combo in M.lay_offs(hand, meld, RULES, keep=1)]
        return out + [Move("discard", (code,)) for code in hand]

    def refuse(self, s: SevenRummyState, seat: int, move: Move) -> str | None:
        if move in self.moves(s, seat):
            return None
        if s.window:
            if move.kind == PON:
                return self._why_no_claim(s, seat)
            return T("A discard may be claimed now: say 'pon' with your cards, or 'pass'.")
        if s.phase == DRAW:
            if move.kind == "take":
                return self._why_no_take(s, seat)
            return T("Draw a card first (or take the discard to meld it at once).")
        if move.kind in ("draw", "take"):
            return T("You have already drawn this turn: meld, lay off or discard.")
        hand = s.hands[seat]
        if move.args and not all(c in hand for c in move.args):
            return T("You do not hold all of those cards.")
        if move.kind in ("meld", "layoff") and len(move.args) >= len(hand):
            return T("Keep a card for your final discard.")
        if move.kind == "meld":
            return T("Those cards are not a meld: three or four of a rank, three or more in a row of one suit, "
                     "or fewer with a 7.")
        if move.kind == "layoff":
            return T("Those cards do not extend that meld.")
        return T("'{move}' is not a legal move now.", move=str(move))

    def _why_no_claim(self, s: SevenRummyState, seat: int) -> Text:
        if not s.drew[seat]:
            return T("You can take a discard only after drawing from the stock once in this hand.")
        return T("Those cards do not make a new set with {card} (keeping a card to discard).",
                 card=Card(s.discard[-1]))

    def _why_no_take(self, s: SevenRummyState, seat: int) -> Text:
        if not s.drew[seat]:
            return T("You can take a discard only after drawing from the stock once in this hand.")
        if s.discarder == -1:
            return T("The upcard cannot be taken: draw from the stock.")
        return T("Those cards do not make a new meld with {card}: a sequence only with the previous player's "
                 "discard, a set with anyone's (keeping a card to discard).", card=Card(s.discard[-1]))

    # -- choosing cards in one go (P4): melds, lay-offs and the discard after the draw
    def selectable(self, s: SevenRummyState, seat: int) -> list[str] | None:
        if s.over or s.window or s.phase != PLAY or seat != s.turn:
            return None
        return list(s.hands[seat])

    def moves_for(self, s: SevenRummyState, seat: int, cards: Sequence[str]) -> list[Move]:
        want = sorted(cards)
        return [m for m in self.moves(s, seat) if m.kind in ("meld", "layoff", "discard") and sorted(m.args) == want]

    def why_not(self, s: SevenRummyState, seat: int, cards: Sequence[str]) -> str:
        if len(cards) >= len(s.hands[seat]):
            return T("Keep a card for your final discard.")
        return T("Those cards are not a meld and extend no meld on the table.")

    # -- playing
    def play(self, s: SevenRummyState, seat: int, move: Move) -> list[Event]:
        if s.window:
            answer(s.window, seat, str(move))
            return self._close_window(s) if complete(s.window) else []
        if move.kind == "draw":
            return self._draw(s, seat)
        if move.kind == "take":
            top = s.discard.pop()
            events = [Event(T("{seat} takes {card} and melds {cards}.", seat=Seat(seat), card=Card(top),
                              cards=Cards(tuple(self._lay(s, seat, [top, *move.args])))))]
            s.phase = PLAY
            return events
        if move.kind == "meld":
            kind = move.param("as")
            cards = self._lay(s, seat, list(move.args), kind)
            if kind:
                return [Event(T("{seat} melds {cards} as a set.", seat=Seat(seat), cards=Cards(tuple(cards)))
                              if kind == M.SET else
                              T("{seat} melds {cards} as a sequence.", seat=Seat(seat), cards=Cards(tuple(cards))))]
            return [Event(T("{seat} melds {cards}.", seat=Seat(seat), cards=Cards(tuple(cards))))]
        if move.kind == "layoff":
            return self._lay_off(s, seat, list(move.args), int(move.param("to")))
        return self._discard(s, seat, move.args[0])

    def _lay(self, s: SevenRummyState, seat: int, cards: list[str], kind: str | None = None) -> list[str]:
        """Lay ``cards`` (from hand, and a taken discard) as a new meld of ``seat``'s."""
        for code in cards:
            if code in s.hands[seat]:
                s.hands[seat].remove(code)
        kind = kind or M.kinds(cards, RULES)[0]
        laid = M.ordered(kind, cards, RULES)
        s.melds.append({"kind": kind, "cards": laid, "owner": seat})
        s.this_turn = True
        return laid

    def _lay_off(self, s: SevenRummyState, seat: int, cards: list[str], index: int) -> list[Event]:
        meld = s.melds[index]
        label = self.meld_label(meld)
        for code in cards:
            s.hands[seat].remove(code)
        meld["cards"] = M.ordered(meld["kind"], meld["cards"] + cards, RULES)
        s.this_turn = True
        return [Event(T("{seat} lays off {cards} on {meld}.", seat=Seat(seat), cards=Cards(tuple(cards)),
                        meld=label))]

    def _draw(self, s: SevenRummyState, seat: int) -> list[Event]:
        events = []
        if not s.stock:
            if s.reshuffles >= MAX_RESHUFFLES:
                events.append(Event(T("The stock has run out again after {n} reshuffles: the hand ends without a "
                                      "winner.", n=s.reshuffles)))
                return self._end_hand(s, None, events)
            told = None if s.options["stock_out"] == "void" else restock(s.stock, s.discard, s.rng())
            if told is None:
                events.append(Event(T("The stock is empty: the hand ends without a winner.")))
                return self._end_hand(s, None, events)
            s.reshuffles += 1
            events.append(told)
        code = s.stock.pop()
        s.hands[seat].append(code)
        s.hands[seat].sort(key=C.sort_key)
        s.drew[seat] = True
        s.phase = PLAY
        return events + [draws(seat), Event(T("You draw {card}.", card=Card(code)), to=seat)]

    def _discard(self, s: SevenRummyState, seat: int, code: str) -> list[Event]:
        s.hands[seat].remove(code)
        s.discard.append(code)
        s.discarder = seat
        events = [Event(T("{seat} discards {card}.", seat=Seat(seat), card=Card(code)))]
        if not s.hands[seat]:
            return self._end_hand(s, seat, events)
        s.shown[seat] = s.shown[seat] or s.this_turn
        s.this_turn = False
        if s.options["pon_window"]:
            s.serial += 1
            s.window = open_window(PON, (i for i in range(s.players) if i != seat), seat, s.serial)
            return events
        return events + self._next_turn(s, next_seat(seat, s.players))

    def _next_turn(self, s: SevenRummyState, seat: int) -> list[Event]:
        s.turn, s.phase, s.this_turn = seat, DRAW, False
        return []

    def _close_window(self, s: SevenRummyState) -> list[Event]:
        window, s.window = s.window, {}
        top = s.discard[-1]
        for seat, text in ranked(window, s.players):
            cards = Move.parse(text).args
            if all(c in s.hands[seat] for c in cards):   # see the docstring: imagined deals
                s.discard.pop()
                s.turn, s.phase = seat, PLAY
                laid = self._lay(s, seat, [top, *cards])
                return [Event(T("Pon! {seat} claims {card} and melds {cards}.", seat=Seat(seat), card=Card(top),
                                cards=Cards(tuple(laid))))]
        return self._next_turn(s, next_seat(window["opener"], s.players))

    def _end_hand(self, s: SevenRummyState, winner: int | None, events: list[Event]) -> list[Event]:
        o: SevenRummyOptions = self.options_of(s)
        s.window = {}
        if winner is None:
            result = T("Hand {n}: no winner", n=s.hand_no)
        else:
            values = deadwood_values(o)
            gained = sum(points(h, values) for h in s.hands)
            doubled = o.double and not s.shown[winner]
            if doubled:
                gained *= 2
                result = T("Hand {n}: {seat} goes out concealed and scores double, {points}", n=s.hand_no,
                           seat=Seat(winner), points=gained)
            else:
                result = T("Hand {n}: {seat} goes out and scores {points}", n=s.hand_no, seat=Seat(winner),
                           points=gained)
            s.scores[winner] += gained
        s.last_result = text_data(result)
        events.append(Event(T("{result}.", result=result)))
        return self.after_hand(s, events, self.match_over(s))

    def match_over(self, s: SevenRummyState) -> bool:
        """Clarifications 1 and 2: the target reached or the hands played, with one player alone highest."""
        o: SevenRummyOptions = self.options_of(s)
        reached = (o.target and max(s.scores) >= o.target) or (o.match_hands and s.hand_no >= o.match_hands)
        return bool(reached) and s.scores.count(max(s.scores)) == 1

    # -- what people see
    def meld_label(self, meld: dict) -> Text:
        """A meld as a target: "{p1}: 4♣ 5♣ 6♣", a lone card with its declared kind."""
        cards, owner = Cards(tuple(meld["cards"])), Seat(meld["owner"])
        if len(meld["cards"]) > 1:
            return T("{seat}: {cards}", seat=owner, cards=cards)
        if meld["kind"] == M.SET:
            return T("{seat}: {cards} (set)", seat=owner, cards=cards)
        return T("{seat}: {cards} (sequence)", seat=owner, cards=cards)

    def instruction(self, s: SevenRummyState, seat: int) -> str:
        if s.window:
            top, who = Card(s.discard[-1]), Seat(s.window["opener"])
            if len(self.moves(s, seat)) > 1:
                return T("{seat} discarded {card}. Pon: claim it for a set? (Answers stay secret until the window "
                         "closes.)", seat=who, card=top)
            return T("{seat} discarded {card}. You cannot claim it: answer No claim.", seat=who, card=top)
        if s.phase == DRAW:
            if len(self.moves(s, seat)) > 1:
                return T("Your turn: draw from the stock, or take {card} to meld it at once.", card=Card(s.discard[-1]))
            return T("Your turn: draw from the stock.")
        return T("Meld, lay off onto any meld, then discard: select cards and press Play selected.")

    def describe(self, s: SevenRummyState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        cards = T("{cards}", cards=Cards(move.args))
        if move.kind in (PON, PASS):
            question = T("Pon: claim {card}?", card=Card(s.discard[-1]))
            return ((question, T("Pon! with {cards}", cards=Cards(move.args)) if move.kind == PON
                     else T("No claim")),)
        turn = T("Your turn")
        if move.kind == "draw":
            return ((turn, T("Draw from the stock")),)
        if move.kind == "take":
            return ((turn, T("Take {card}", card=Card(s.discard[-1]))), (T("Meld it with"), cards))
        if move.kind == "discard":
            return ((turn, T("Discard")), (T("Which card?"), cards))
        if move.kind == "layoff":
            target = self.meld_label(s.melds[int(move.param("to"))])
            return ((turn, T("Lay off")), (T("Which cards?"), cards), (T("Onto which meld?"), target))
        path = ((turn, T("Meld")), (T("Which cards?"), cards))
        kind = move.param("as")
        return path + (((T("Lay the 7 as"), KIND_WORDS[kind]),) if kind else ())

    def view(self, s: SevenRummyState, seat: int | None) -> View:
        o: SevenRummyOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if s.window and str(i) in s.window["answers"]:
                notes.append(T("has answered"))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        piles = [PileView(T("Stock"), [], len(s.stock)), PileView(T("Discard pile"), s.discard[-1:], len(s.discard))]
        for meld in s.melds:
            piles.append(PileView(self.meld_label(meld), list(meld["cards"]), len(meld["cards"]), meld["owner"]))
        facts = [self._match_text(o)]
        if not o.pon_window:
            facts.append(T("No pon window: a set is taken only on one's own turn"))
        if s.last_result:
            facts.append(text_from(s.last_result))
        if s.over:
            status = self.outcome(s).summary
        elif s.window:
            status = T("Hand {n}. {seat} discarded {card}: Pon?", n=s.hand_no, seat=Seat(s.window["opener"]),
                       card=Card(s.discard[-1]))
        elif s.phase == DRAW:
            status = T("Hand {n}. {seat} to draw.", n=s.hand_no, seat=Seat(s.turn))
        else:
            status = T("Hand {n}. {seat} to meld and discard.", n=s.hand_no, seat=Seat(s.turn))
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    @staticmethod
    def _match_text(o: SevenRummyOptions) -> Text:
        if o.target and o.match_hands:
            return T("Match: to {target} points or {n} hands", target=o.target, n=o.match_hands)
        if o.target:
            return T("Match: to {target} points", target=o.target)
        return N("Match: {n} hand", "Match: {n} hands", o.match_hands)

    def zones(self, s: SevenRummyState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone("stock", s.stock, "none"), Zone("discard", s.discard, "all")]
                + [Zone(f"meld {i}", m["cards"], "all") for i, m in enumerate(s.melds)])

    def outcome(self, s: SevenRummyState) -> Outcome | None:
        if not s.over:
            return None
        return match_outcome(MatchFormat("race", s.options["target"]), s.scores)

    # -- computer players
    def hand_progress(self, s: SevenRummyState) -> list[float]:
        values = deadwood_values(self.options_of(s))
        return [-float(points(h, values)) for h in s.hands]

    def determinize(self, s: SevenRummyState, seat: int | None, rng) -> SevenRummyState:
        """Other seats' sealed pon answers are unknown to ``seat``: they answer again in the imagined deal."""
        twin = super().determinize(s, seat, rng)
        if twin.window:
            twin.window["answers"] = {k: v for k, v in twin.window["answers"].items() if k == str(seat)}
        return twin

    def rollout_move(self, s, seat, moves, rng):
        """Claim and take what makes a meld, meld the most cards, lay off, and discard the costliest
        card that is not a 7 or close to a meld."""
        hand = s.hands[seat]
        values = deadwood_values(self.options_of(s))

        def worth(m: Move) -> float:
            if m.kind in (PON, "take", "meld", "layoff"):
                return 100 + 5 * len(m.args) + points(m.args, values) / 10
            if m.kind == "discard":
                return _discard_worth(m.args[0], hand, values)
            return 0.0

        return noisy_best(moves, worth, rng)


def _discard_worth(code: str, hand: Sequence[str], values: dict[int, int]) -> float:
    """How gladly a card goes: high points (by the deadwood ``values`` in force), unless it is a 7 or has
    a partner for a meld (a card of its rank, or one of its suit within two ranks)."""
    rank, suit = C.RANK[code], C.SUIT[code]
    near = sum(1 for c in hand if c != code and (C.RANK[c] == rank or (C.SUIT[c] == suit
                                                                        and abs(C.RANK[c] - rank) <= 2)))
    return points((code,), values) - 30 * (rank == SEVEN) - 8 * near


GAME = SevenRummy()
