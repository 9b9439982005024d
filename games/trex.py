"""Trex (Trix): four kingdoms of five contracts each; every hand, the kingdom's owner
chooses which game is played.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/trex.md``; [rec] marks our own):

* Whoever is dealt the 7♥ owns the first kingdom and holds it face up until it is
  played. The first dealer is random and deals, leads or starts hand 1; from hand 2 on the owner deals and leads (option
  ``first_dealer=owner``: the owner deals hand 1 too). After its five contracts the
  kingdom passes to the owner's right (option ``rotation=play``: to the left, the way
  play goes); ``kingdoms`` (default 4, 20 hands) shortens the match.
* Trick contracts: the dealer leads, play goes left, follow suit, no trumps, aces high.
  Diamonds ``diamonds`` points each (+10, or -10 with the option), Eltoosh -15 a trick,
  Girls -25 a queen, King of Hearts -75 for the K♥ (hearts may not be led while the
  leader holds another suit).
* Doubling (option ``doubling``, on): once Girls or King of Hearts is chosen, each player
  in turn from the dealer may double the queens or the K♥ they hold (one button per card,
  then Continue; everyone else sees Continue only; a timeout is Continue). A doubled card
  lies face up in its holder's hand. Its taker loses twice the penalty and its holder gains
  the penalty; if the holder takes it, the player who led that trick gains (the same player
  when the holder led: net -25 or -75).
* ``early_end`` (on): a trick contract stops once no card that scores in it is left in a
  hand (never Eltoosh). ``forced_scoring_discard`` (off): a player who cannot follow suit
  must play a card that scores in the contract, doubled or not.
* Trex: jacks start the rows, which grow to the ace and down to the 2. The dealer starts;
  a player who cannot play is passed automatically and a player out of cards is skipped.
  Places score +200/+150/+100/+50; when the third player goes out, the last one's cards
  are laid out by themselves to complete the layout [rec]. Before play, with
  ``twos_redeal`` on, each player in turn from the dealer may show all four 2s or three
  2s and the 3 of the fourth suit: the same dealer redeals, the hand does not count and
  uses no contract, and the kingdom stays with its owner.
* The highest total after the last kingdom wins; equal totals share the win.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from games import cards as C
from games.common.contracts import kingdom_complete, next_owner, remaining, use
from games.common.layout import ACES_HIGH, Rows
from games.common.match import first_dealer, next_seat
from games.common.tricks import beats, legal_play, scoring_cards_out, strength, winning_index
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option
from games.playout import next_deal
from games.text import AndList, Card, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("trex")

PLAYERS = 4
DIAMONDS, ELTOOSH, GIRLS, KING, TREX = "diamonds", "eltoosh", "girls", "king", "trex"
CONTRACTS = (DIAMONDS, ELTOOSH, GIRLS, KING, TREX)
NAMES = {DIAMONDS: T("Diamonds"), ELTOOSH: T("Eltoosh"), GIRLS: T("Girls"), KING: T("King of Hearts"),
         TREX: T("Trex")}
CHOOSE, DOUBLE, EXPOSE, TRICKS, LAYOUT = "choose", "double", "expose", "tricks", "layout"
TRICK_PENALTY = -15
QUEEN_PENALTY, KING_PENALTY = -25, -75
PLACES = (200, 150, 100, 50)
ROWS = Rows(C.JACK, ACES_HIGH)
POWER = strength(ACES_HIGH)
KING_OF_HEARTS, SEVEN_OF_HEARTS = "KH", "7H"

_PLAY = {code: Move("play", (code,)) for code in C.french_deck()}
_CHOOSE = {c: Move("choose", (c,)) for c in CONTRACTS}
_DOUBLE = {code: Move("double", (code,)) for code in C.french_deck()}
_CONTINUE, _EXPOSE = Move("continue"), Move("expose")


@dataclass(frozen=True)
class TrexOptions(Options):
    diamonds: int = option(10, choices=(10, -10),
                           help=T("points for each diamond taken in Diamonds: 10 as the rules text says, "
                                  "or -10 as most tables play"))
    first_dealer: str = option("random", choices=("random", "owner"),
                               help=T("who deals and leads the first hand: a random player, or the owner of "
                                      "the first kingdom"))
    rotation: str = option("right", choices=("right", "play"),
                           help=T("where the kingdom passes after its five contracts: to the owner's right, "
                                  "or on in the direction of play"))
    early_end: bool = option(True, help=T("stop a trick contract once no card that scores in it is left "
                                          "(Eltoosh always plays 13 tricks)"))
    forced_scoring_discard: str = option("off", choices=("off", "on"),
                                         help=T("on: a player who cannot follow suit must play a card that "
                                                "scores in the contract if they hold one"))
    doubling: bool = option(True, help=T("let players double their queens in Girls and the K♥ in King of "
                                         "Hearts before the first trick"))
    twos_redeal: bool = option(True, help=T("in Trex, a player holding all four 2s, or three 2s and the 3 of "
                                            "the fourth suit, may show them and have the pack redealt"))
    kingdoms: int = option(4, min=1, max=4, help=T("kingdoms in the match: 4 (20 hands) lets every player own "
                                                   "one; fewer make a shorter match"))


@dataclass(kw_only=True)
class TrexState(State):
    hands: list[list[str]] = field(default_factory=list)
    shown: list[list[str]] = field(default_factory=list)     # held face up: doubled cards, the first 7♥
    owner: int = 0                                            # who owns the kingdom
    kingdom: int = 1
    used: list[str] = field(default_factory=list)             # contracts played in this kingdom
    contract: str = ""
    phase: str = CHOOSE
    turn: int = 0
    asked: int = 0                                            # seats that answered the doubling or 2s round
    doubled: dict[str, int] = field(default_factory=dict)     # doubled card -> the seat that doubled it
    trick: list[str] = field(default_factory=list)
    leader: int = 0
    last_trick: list[str] = field(default_factory=list)
    last_winner: int = -1
    won: list[list[str]] = field(default_factory=list)        # cards of the tricks each seat took
    tricks: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)           # this hand
    rows: dict[str, list[str]] = field(default_factory=dict)  # the Trex layout
    out: list[int] = field(default_factory=list)              # Trex: seats out of cards, in order
    last_result: str | dict = ""


def scores_in(contract: str) -> Callable[[str], bool] | None:
    """Whether a card scores in ``contract`` (None for Eltoosh and Trex, where no card does)."""
    if contract == DIAMONDS:
        return lambda code: C.SUIT[code] == "D"
    if contract == GIRLS:
        return lambda code: C.RANK[code] == C.QUEEN
    if contract == KING:
        return lambda code: code == KING_OF_HEARTS
    return None


def twos_to_show(hand: list[str]) -> bool:
    """All four 2s, or three 2s and the 3 of the fourth suit (the Trex redeal)."""
    twos = {C.SUIT[c] for c in hand if C.RANK[c] == 2}
    if len(twos) == 4:
        return True
    return len(twos) == 3 and C.make(3, next(x for x in C.SUITS if x not in twos)) in hand


def _signed(points: int) -> str:
    return f"{points:+d}"


def _points_list(points: dict[int, int] | list[int]) -> AndList:
    items = points.items() if isinstance(points, dict) else enumerate(points)
    return AndList(tuple(T("{seat} {points}", seat=Seat(i), points=_signed(p)) for i, p in items))


class Trex(Game[TrexState]):
    key = "trex"
    title = T("Trex")
    aliases = ("trix", "trix complex", "تركس", "تريكس", "kingdom")
    seats = range(PLAYERS, PLAYERS + 1)
    Options = TrexOptions
    State = TrexState
    summary = T("Four kingdoms of five games: choose the contract that suits your hand.")
    rules = T(
        "Four players, 13 cards each. Whoever is dealt the 7♥ owns the first kingdom: for five "
        "hands they choose which of five contracts is played, each contract once, and from the "
        "second hand on they deal. Then the kingdom passes to their right, until all four players "
        "have owned one (20 hands).\n"
        "Four contracts are played in tricks: the dealer leads, you follow suit if you can, and "
        "the highest card of the suit led takes the trick (aces high, no trumps).\n"
        "Diamonds: each diamond you take is worth 10 (or -10 if the table chose so).\n"
        "Eltoosh: each trick you take costs 15.\n"
        "Girls: each queen you take costs 25.\n"
        "King of Hearts: taking the K♥ costs 75, and hearts may not be led while you hold "
        "anything else.\n"
        "In Girls and King of Hearts the holders may double their queens or the K♥ before the "
        "first trick, showing them: whoever takes a doubled card loses twice as much and its "
        "holder gains the penalty (if the holder takes it, the player who led that trick gains).\n"
        "Trex is a layout game: the jacks start four rows, built up to the ace and down to the 2 "
        "in suit. You must play a card if one fits; if none does, you pass. The first player out "
        "of cards scores 200, then 150, 100 and 50. A player dealt all four 2s (or three 2s and "
        "the 3 of the fourth suit) may show them to have the pack redealt.\n"
        "The highest total after the 20 hands wins."
    )

    # -- dealing
    def setup(self, players: int, options: TrexOptions, seed: int) -> TrexState:
        s = TrexState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: TrexState, redeal: bool = False) -> list[Event]:
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.hands = [sorted(deck[i * 13:(i + 1) * 13], key=C.sort_key) for i in range(s.players)]
        s.shown = [[] for _ in range(s.players)]
        s.won, s.tricks, s.points = [[] for _ in range(s.players)], [0] * s.players, [0] * s.players
        s.contract, s.phase, s.asked, s.doubled = "", CHOOSE, 0, {}
        s.trick, s.last_trick, s.last_winner, s.rows, s.out = [], [], -1, {}, []
        events = []
        if not redeal:
            s.hand_no += 1
            if s.hand_no == 1:
                s.owner = next(i for i, h in enumerate(s.hands) if SEVEN_OF_HEARTS in h)
                s.hands[s.owner].remove(SEVEN_OF_HEARTS)    # shown to the table until it is played
                s.shown[s.owner].append(SEVEN_OF_HEARTS)
                if self.options_of(s).first_dealer == "owner":
                    s.dealer = s.owner
                events.append(Event(T("{seat} was dealt the 7♥ and owns the first kingdom.", seat=Seat(s.owner))))
        s.turn = s.owner
        events.append(Event(T("Hand {n} of {total}: {dealer} deals; {owner} chooses the contract.",
                              n=s.hand_no, total=self._hands_total(s), dealer=Seat(s.dealer), owner=Seat(s.owner))))
        return events

    def _hands_total(self, s: TrexState) -> int:
        return self.options_of(s).kingdoms * len(CONTRACTS)

    # -- legality
    def held(self, s: TrexState, seat: int) -> list[str]:
        """The cards ``seat`` holds, doubled ones (face up) included."""
        return sorted(s.hands[seat] + s.shown[seat], key=C.sort_key)

    def to_move(self, s: TrexState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: TrexState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        if s.phase == CHOOSE:
            return [_CHOOSE[c] for c in remaining(CONTRACTS, s.used)]
        if s.phase == DOUBLE:
            return [_DOUBLE[c] for c in self.doublable(s, seat)] + [_CONTINUE]
        if s.phase == EXPOSE:
            return ([_EXPOSE] if twos_to_show(s.hands[seat]) else []) + [_CONTINUE]
        if s.phase == LAYOUT:
            return [_PLAY[c] for c in ROWS.playable_cards(s.rows, self.held(s, seat))]
        return [_PLAY[c] for c in self.playable(s, seat)]

    def doublable(self, s: TrexState, seat: int) -> list[str]:
        """The cards ``seat`` may still double in the doubling round."""
        scoring = scores_in(s.contract)
        return [c for c in s.hands[seat] if scoring(c)]

    def playable(self, s: TrexState, seat: int) -> list[str]:
        """The cards ``seat`` may play to the trick now."""
        forced = self.options_of(s).forced_scoring_discard == "on"
        return legal_play(self.held(s, seat), s.trick, barred_lead="H" if s.contract == KING else (),
                          must_shed=scores_in(s.contract) if forced else None)

    def refuse(self, s: TrexState, seat: int, move: Move) -> Text | None:
        if move in self.moves(s, seat):
            return None
        if move.kind == "choose":
            if s.phase != CHOOSE:
                return T("The contract for this hand is already chosen.")
            return T("Choose one of the contracts still open: {contracts}.",
                     contracts=AndList(tuple(NAMES[c] for c in remaining(CONTRACTS, s.used))))
        if move.kind in ("double", "continue", "expose") and s.phase not in (DOUBLE, EXPOSE):
            return T("There is nothing to double or show now.")
        if move.kind == "double":
            return T("You can double only a queen in Girls or the K♥ in King of Hearts, held and not yet "
                     "doubled.")
        if move.kind == "expose":
            return T("Only a hand with all four 2s, or three 2s and the 3 of the fourth suit, may be shown.")
        if move.kind == "play":
            return self._refuse_play(s, seat, move)
        return T("'{move}' is not a move in Trex.", move=str(move))

    def _refuse_play(self, s: TrexState, seat: int, move: Move) -> Text:
        if s.phase not in (TRICKS, LAYOUT):
            return T("Play starts once the contract is chosen and everyone has answered.")
        if len(move.args) != 1 or move.params or not C.is_card(move.args[0]):
            return T("Say which one card to play, e.g. '{move}'.", move="play 5C")
        code = C.card(move.args[0]).code
        if code not in self.held(s, seat):
            return T("You do not hold {card}.", card=Card(code))
        if s.phase == LAYOUT:
            return T("{card} does not fit the layout yet.", card=Card(code))
        if not s.trick and C.SUIT[code] == "H" and s.contract == KING:
            return T("Hearts may not be led while you hold another suit.")
        if s.trick and C.SUIT[code] != C.SUIT[s.trick[0]] and any(C.SUIT[c] == C.SUIT[s.trick[0]]
                                                                     for c in self.held(s, seat)):
            return T("You must follow suit: {card} was led.", card=Card(s.trick[0]))
        if s.trick:
            return T("You cannot follow suit, so you must play a card that scores in this contract.")
        return T("Write the card as a code, e.g. '{move}'.", move=f"play {code}")

    # -- playing
    def play(self, s: TrexState, seat: int, move: Move) -> list[Event]:
        if move.kind == "choose":
            return self._choose(s, seat, move.args[0])
        if move.kind == "double":
            return self._double(s, seat, move.args[0])
        if move.kind == "expose":
            return self._expose(s, seat)
        if move.kind == "continue":
            return self._continue(s, seat)
        if s.phase == LAYOUT:
            return self._lay(s, seat, move.args[0])
        return self._play_card(s, seat, move.args[0])

    def _choose(self, s: TrexState, seat: int, contract: str) -> list[Event]:
        o: TrexOptions = self.options_of(s)
        s.contract = contract
        events = [Event(T("{seat} chooses {contract}.", seat=Seat(seat), contract=NAMES[contract]))]
        if contract in (GIRLS, KING) and o.doubling:
            return events + self._open_round(s, DOUBLE)
        if contract == TREX and o.twos_redeal:
            return events + self._open_round(s, EXPOSE)
        return events + self._start_play(s)

    def _open_round(self, s: TrexState, phase: str) -> list[Event]:
        s.phase, s.asked, s.turn = phase, 0, s.dealer
        return []

    def _double(self, s: TrexState, seat: int, code: str) -> list[Event]:
        s.hands[seat].remove(code)
        s.shown[seat].append(code)
        s.doubled[code] = seat
        return [Event(T("{seat} doubles {card}.", seat=Seat(seat), card=Card(code)))]

    def _expose(self, s: TrexState, seat: int) -> list[Event]:
        four = sum(1 for c in s.hands[seat] if C.RANK[c] == 2) == 4
        text = (T("{seat} shows all four 2s: the same dealer deals the hand again.", seat=Seat(seat)) if four
                else T("{seat} shows three 2s and the 3 of the fourth suit: the same dealer deals the hand again.",
                       seat=Seat(seat)))
        return [Event(text)] + self._deal(s, redeal=True)

    def _continue(self, s: TrexState, seat: int) -> list[Event]:
        s.asked += 1
        if s.asked < s.players:
            s.turn = next_seat(seat, s.players)
            return []
        return self._start_play(s)

    def _start_play(self, s: TrexState) -> list[Event]:
        s.turn = s.leader = s.dealer
        if s.contract != TREX:
            s.phase = TRICKS
            return [Event(T("{seat} leads.", seat=Seat(s.dealer)))]
        s.phase, s.rows = LAYOUT, ROWS.new()
        return [Event(T("{seat} starts.", seat=Seat(s.dealer)))] + self._pass_unable(s, s.dealer)

    def _take_from_hand(self, s: TrexState, seat: int, code: str) -> None:
        (s.shown[seat] if code in s.shown[seat] else s.hands[seat]).remove(code)

    # trick contracts
    def _play_card(self, s: TrexState, seat: int, code: str) -> list[Event]:
        self._take_from_hand(s, seat, code)
        if not s.trick:
            s.leader = seat
        s.trick.append(code)
        events = [Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code)))]
        if len(s.trick) < s.players:
            s.turn = next_seat(seat, s.players)
            return events
        return events + self._end_trick(s)

    def _end_trick(self, s: TrexState) -> list[Event]:
        winner = (s.leader + winning_index(s.trick)) % s.players
        awards = self.trick_points(s, winner)
        for i, p in awards.items():
            s.points[i] += p
        s.won[winner] += s.trick
        s.tricks[winner] += 1
        s.last_trick, s.last_winner, s.trick = s.trick, winner, []
        s.turn = s.leader = winner
        if awards:
            events = [Event(T("{seat} takes the trick: {points}.", seat=Seat(winner), points=_points_list(awards)))]
        else:
            events = [Event(T("{seat} takes the trick.", seat=Seat(winner)))]
        if not any(s.hands) and not any(s.shown):
            return events + self._end_hand(s)
        scoring = scores_in(s.contract)
        if scoring and self.options_of(s).early_end and not scoring_cards_out(s.hands + s.shown, scoring):
            events.append(Event(T("Every card that scores in {contract} is taken: the hand ends.",
                                  contract=NAMES[s.contract])))
            return events + self._end_hand(s)
        return events

    def trick_points(self, s: TrexState, winner: int) -> dict[int, int]:
        """The points the trick just completed gives, by seat (none when it scores nothing)."""
        awards: dict[int, int] = {}

        def add(seat: int, points: int) -> None:
            awards[seat] = awards.get(seat, 0) + points

        if s.contract == ELTOOSH:
            add(winner, TRICK_PENALTY)
        elif s.contract == DIAMONDS:
            diamonds = sum(1 for c in s.trick if C.SUIT[c] == "D")
            if diamonds:
                add(winner, diamonds * self.options_of(s).diamonds)
        elif s.contract in (GIRLS, KING):
            penalty = QUEEN_PENALTY if s.contract == GIRLS else KING_PENALTY
            for code in filter(scores_in(s.contract), s.trick):
                holder = s.doubled.get(code)
                if holder is None:
                    add(winner, penalty)
                    continue
                add(winner, 2 * penalty)
                add(s.leader if holder == winner else holder, -penalty)
        return awards

    # the Trex contract
    def _lay(self, s: TrexState, seat: int, code: str) -> list[Event]:
        self._take_from_hand(s, seat, code)
        ROWS.place(s.rows, code)
        events = [Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code)))]
        if not s.hands[seat] and not s.shown[seat]:
            events += self._goes_out(s, seat)
            if len(s.out) == s.players - 1:
                return events + self._lay_out_last(s)
        return events + self._pass_unable(s, next_seat(seat, s.players))

    def _goes_out(self, s: TrexState, seat: int) -> list[Event]:
        s.out.append(seat)
        s.points[seat] += PLACES[len(s.out) - 1]
        return [Event(T("{seat} is out of cards in place {place}: {points}.", seat=Seat(seat), place=len(s.out),
                        points=_signed(PLACES[len(s.out) - 1])))]

    def _lay_out_last(self, s: TrexState) -> list[Event]:
        """The last player's cards complete the layout by themselves (each fits in turn)."""
        last = next(i for i in range(s.players) if i not in s.out)
        while s.hands[last]:
            code = ROWS.playable_cards(s.rows, s.hands[last])[0]
            s.hands[last].remove(code)
            ROWS.place(s.rows, code)
        events = [Event(T("{seat} lays out the last cards.", seat=Seat(last)))]
        return events + self._goes_out(s, last) + self._end_hand(s)

    def _pass_unable(self, s: TrexState, seat: int) -> list[Event]:
        """Give the turn to the first seat from ``seat`` on with a card that fits, passing
        automatically those without one and skipping those out of cards (Clarification 5)."""
        events = []
        for _ in range(s.players):
            if seat not in s.out:
                if ROWS.playable_cards(s.rows, self.held(s, seat)):
                    s.turn = seat
                    return events
                events.append(Event(T("{seat} cannot play and passes.", seat=Seat(seat))))
            seat = next_seat(seat, s.players)
        raise AssertionError("nobody can play to the layout")

    # end of a hand
    def _end_hand(self, s: TrexState) -> list[Event]:
        for i, p in enumerate(s.points):
            s.scores[i] += p
        result = T("Hand {n} ({contract}): {points}", n=s.hand_no, contract=NAMES[s.contract],
                   points=_points_list(s.points))
        s.last_result = text_data(result)
        events = [Event(T("{result}.", result=result))]
        s.used = use(CONTRACTS, s.used, s.contract)
        if kingdom_complete(CONTRACTS, s.used):
            if s.kingdom >= self.options_of(s).kingdoms:
                s.over = True
                return events + [Event(self.outcome(s).summary)]
            s.kingdom += 1
            s.used = []
            direction = -1 if self.options_of(s).rotation == "right" else 1
            s.owner = next_owner(s.owner, s.players, direction)
            events.append(Event(T("The kingdom passes to {seat}.", seat=Seat(s.owner))))
        s.dealer = s.owner
        return events + next_deal(s, self._deal)

    # -- what people see
    def instruction(self, s: TrexState, seat: int) -> Text:
        if s.phase == CHOOSE:
            return T("You own the kingdom: choose the contract for this hand.")
        if s.phase == DOUBLE:
            if self.doublable(s, seat):
                return T("{contract}: you may double your cards that score (shown face up, twice the penalty "
                         "for the taker, the penalty for you), then continue.", contract=NAMES[s.contract])
            return T("{contract}: players may double before the first trick. Continue.", contract=NAMES[s.contract])
        if s.phase == EXPOSE:
            if twos_to_show(s.hands[seat]):
                return T("Trex: you may show your 2s to have the pack dealt again, or continue.")
            return T("Trex: players holding the 2s may ask for a new deal. Continue.")
        if s.phase == LAYOUT:
            return T("Trex: play a card to the layout (jacks start the rows).")
        if not s.trick:
            if s.contract == KING:
                return T("{contract}: lead a card (no hearts while you hold another suit).",
                         contract=NAMES[s.contract])
            return T("{contract}: lead a card.", contract=NAMES[s.contract])
        return T("{contract}: play a card (follow suit if you can).", contract=NAMES[s.contract])

    def describe(self, s: TrexState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "choose":
            return ((T("Choose a contract"), NAMES[move.args[0]]),)
        if move.kind == "double":
            return ((T("Doubling"), T("Double {card}", card=Card(move.args[0]))),)
        if move.kind == "expose":
            return ((T("New deal"), T("Expose & redeal")),)
        if move.kind == "continue":
            return ((T("Doubling") if s.phase == DOUBLE else T("New deal"), T("Continue")),)
        return ((T("Play a card"), T("{card}", card=Card(move.args[0]))),)

    def reaction(self, s: TrexState) -> str | None:
        """The doubling and 2s rounds ask one seat at a time, each with its own fixed time."""
        return f"{s.phase}:{s.hand_no}:{s.rng_n}:{s.asked}" if s.phase in (DOUBLE, EXPOSE) else None

    def timeout_move(self, s: TrexState, seat: int) -> Move | None:
        return _CONTINUE if s.phase in (DOUBLE, EXPOSE) and seat == s.turn else None

    def _status(self, s: TrexState) -> Text:
        hand = T("Hand {n} of {total}", n=s.hand_no, total=self._hands_total(s))
        if s.over:
            return self.outcome(s).summary
        if s.phase == CHOOSE:
            return T("{hand}. {seat} chooses the contract.", hand=hand, seat=Seat(s.turn))
        contract = NAMES[s.contract]
        if s.phase == DOUBLE:
            return T("{hand}, {contract}. {seat} to double or continue.", hand=hand, contract=contract,
                     seat=Seat(s.turn))
        if s.phase == EXPOSE:
            return T("{hand}, {contract}. {seat} to show 2s or continue.", hand=hand, contract=contract,
                     seat=Seat(s.turn))
        if s.phase == TRICKS and not s.trick:
            return T("{hand}, {contract}. {seat} to lead.", hand=hand, contract=contract, seat=Seat(s.turn))
        return T("{hand}, {contract}. {seat} to play.", hand=hand, contract=contract, seat=Seat(s.turn))

    def _facts(self, s: TrexState) -> list[Text]:
        open_ = remaining(CONTRACTS, s.used + ([s.contract] if s.contract else []))
        facts = [T("Contract: {contract}", contract=NAMES[s.contract]) if s.contract
                 else T("Contract: not chosen yet"),
                 T("Kingdom {n} of {total}, owned by {seat}", n=s.kingdom, total=self.options_of(s).kingdoms,
                   seat=Seat(s.owner))]
        if open_:
            facts.append(T("Still open in this kingdom: {contracts}",
                           contracts=AndList(tuple(NAMES[c] for c in open_))))
        else:
            facts.append(T("Last contract of this kingdom"))
        if s.doubled:
            facts.append(T("Doubled: {cards}", cards=AndList(tuple(
                T("{card} ({seat})", card=Card(c), seat=Seat(i)) for c, i in s.doubled.items()))))
        if s.phase == LAYOUT:
            facts += [T("Layout {row}", row=ROWS.row_text(s.rows, x)) for x in C.SUITS]
            if s.out:
                facts.append(T("Out of cards: {seats}", seats=Seats(tuple(s.out))))
        if s.last_result:
            facts.append(text_from(s.last_result))
        return facts

    def _piles(self, s: TrexState) -> list[PileView]:
        if s.phase == LAYOUT:
            return [PileView(T("{symbol} row", symbol=C.SUIT_SYMBOLS[x]), list(s.rows[x]), len(s.rows[x]))
                    for x in C.SUITS]
        piles = [PileView(T("Current trick"), list(s.trick), len(s.trick)),
                 PileView(T("Last trick"), list(s.last_trick), len(s.last_trick),
                          s.last_winner if s.last_winner >= 0 else None)]
        scoring = scores_in(s.contract)
        for i, won in enumerate(s.won):
            shown = [c for c in won if scoring(c)] if scoring else []
            piles.append(PileView(T("Taken by {seat}", seat=Seat(i)), shown, len(won), i))
        for i, cards in enumerate(s.shown):
            if cards:
                piles.append(PileView(T("Face up in the hand of {seat}", seat=Seat(i)), list(cards), len(cards), i))
        return piles

    def view(self, s: TrexState, seat: int | None) -> View:
        seats = []
        for i in range(s.players):
            notes = [T("dealer")] if i == s.dealer else []
            if i == s.owner:
                notes.append(T("owns the kingdom"))
            if s.phase == TRICKS:
                notes.append(N("{n} trick", "{n} tricks", s.tricks[i]))
            if s.phase in (TRICKS, LAYOUT) and s.points[i]:
                notes.append(T("this hand {points}", points=_signed(s.points[i])))
            if i in s.out:
                notes.append(T("out in place {n}", n=s.out.index(i) + 1))
            seats.append(SeatView(i, len(s.hands[i]) + len(s.shown[i]), s.scores[i], notes))
        return View(game=self.key, seat=seat, hand=self.held(s, seat) if seat is not None else [],
                    seats=seats, piles=self._piles(s), status=self._status(s), facts=self._facts(s),
                    to_move=sorted(self.to_move(s)), over=s.over,
                    result=self.outcome(s).summary if s.over else None)

    def zones(self, s: TrexState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone(f"shown {i}", h, "all") for i, h in enumerate(s.shown)]
                + [Zone("trick", s.trick, "all")]
                + [Zone(f"won {i}", w, "all") for i, w in enumerate(s.won)]
                + [Zone(f"{x} row", s.rows[x], "all") for x in sorted(s.rows)])

    def outcome(self, s: TrexState) -> Outcome | None:
        if not s.over:
            return None
        placings = placings_from([float(x) for x in s.scores])
        winners = [i for i, p in enumerate(placings) if p == 1]
        best = s.scores[winners[0]]
        if len(winners) > 1:
            summary = N("{seats} share the win with {n} point!", "{seats} share the win with {n} points!", best,
                        seats=Seats(tuple(winners)))
        else:
            summary = N("{seat} wins with {n} point!", "{seat} wins with {n} points!", best, seat=Seat(winners[0]))
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def hand_progress(self, s: TrexState) -> list[float]:
        if s.phase == LAYOUT:
            return [p - 10.0 * (len(s.hands[i]) + len(s.shown[i])) for i, p in enumerate(s.points)]
        return [float(p) for p in s.points]

    def rollout_move(self, s: TrexState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """The rule of thumb (it reads only the own hand and the table): choose the contract
        the hand suits best, double a scoring card guarded by four or more of its suit, show
        2s whenever allowed, shed dangerous cards and duck in the trick contracts, and in the
        layout open the way for one's own cards."""
        kinds = {m.kind for m in moves}
        if "choose" in kinds:
            hand = self.held(s, seat)
            return max(moves, key=lambda m: (contract_appeal(hand, m.args[0], s.options["diamonds"]),
                                             rng.random()))
        if "expose" in kinds:
            return _EXPOSE
        if "double" in kinds:
            hand = self.held(s, seat)
            for m in moves:
                if m.kind == "double" and sum(1 for c in hand if C.SUIT[c] == C.SUIT[m.args[0]]) >= 4:
                    return m
            return _CONTINUE
        if len(moves) == 1:
            return moves[0]
        cards = [m.args[0] for m in moves]
        if s.phase == LAYOUT:
            return _PLAY[self._layout_pick(s, seat, cards, rng)]
        return _PLAY[self._trick_pick(s, seat, cards)]

    def _layout_pick(self, s: TrexState, seat: int, cards: list[str], rng: random.Random) -> str:
        hand = set(self.held(s, seat))

        def score(code: str) -> float:
            beyond = ROWS.beyond(code)
            mine = sum(1 for c in beyond if c in hand)
            return 2.0 * mine - (len(beyond) - mine) + rng.random()
        return max(cards, key=score)

    @staticmethod
    def _top_diamond(s: TrexState, seat: int, cards: list[str]) -> str | None:
        """The diamond among ``cards`` that no unseen diamond beats (it wins the diamonds
        the others must follow with), or None."""
        seen = {c for won in s.won for c in won} | set(s.hands[seat]) | set(s.shown[seat])
        diamonds = [c for c in cards if C.SUIT[c] == "D"]
        if not diamonds:
            return None
        best = max(diamonds, key=lambda c: POWER[C.RANK[c]])
        higher = [C.make(r, "D") for r in ACES_HIGH if POWER[r] > POWER[C.RANK[best]]]
        return best if all(c in seen for c in higher) else None

    def _trick_pick(self, s: TrexState, seat: int, cards: list[str]) -> str:
        bad = danger(s.contract, s.options["diamonds"])
        if not s.trick:
            top = self._top_diamond(s, seat, cards) if s.contract == DIAMONDS and s.options["diamonds"] > 0 else None
            if top:
                return top
            # lead low, never a card that scores against us
            return min(cards, key=lambda c: (bad(c) != 0, POWER[C.RANK[c]]))
        best = s.trick[winning_index(s.trick)]
        led = C.SUIT[s.trick[0]]
        following = C.SUIT[cards[0]] == led
        prize = s.contract == DIAMONDS and s.options["diamonds"] > 0    # taking cards is good
        if not following:
            # a free discard: the most dangerous card, else the highest
            return max(cards, key=lambda c: (bad(c), POWER[C.RANK[c]]))
        wants = sum(bad(c) for c in s.trick) < 0 or (prize and led == "D")
        under = [c for c in cards if not beats(c, best, None)]
        over = [c for c in cards if c not in under]
        if wants and over:
            return min(over, key=lambda c: POWER[C.RANK[c]])
        if under and prize:
            return min(under, key=lambda c: POWER[C.RANK[c]])
        if under:
            return max(under, key=lambda c: (bad(c), POWER[C.RANK[c]]))
        # every card wins for now: take it with the highest card that does not score against us
        return max(cards, key=lambda c: (-bad(c), POWER[C.RANK[c]]))


def danger(contract: str, diamond_points: int) -> Callable[[str], int]:
    """How much a card hurts whoever takes it in ``contract`` (negative: it helps)."""
    scoring = scores_in(contract)
    if contract == DIAMONDS:
        return lambda code: -diamond_points if scoring(code) else 0
    if contract == GIRLS:
        return lambda code: 25 if scoring(code) else 0
    if contract == KING:
        return lambda code: 75 if scoring(code) else 0
    return lambda code: 0


def contract_appeal(hand: list[str], contract: str, diamond_points: int) -> float:
    """A rough guess of how well ``hand`` does in ``contract`` compared with the others at
    the table (higher is better)."""
    ranks = [C.RANK[c] for c in hand]
    by_suit = {x: [C.RANK[c] for c in hand if C.SUIT[c] == x] for x in C.SUITS}
    high = sum(1 for r in ranks if r in (C.ACE, C.KING))
    short = sum(1 for x in C.SUITS if len(by_suit[x]) <= 1)
    if contract == TREX:
        middle = sum(1 for r in ranks if r in (9, 10, C.QUEEN, C.KING))
        far = sum(1 for r in ranks if r in (2, 3, C.ACE))
        return 25 * ranks.count(C.JACK) + 6 * middle - 10 * far
    if contract == KING:
        hearts = by_suit["H"]
        if C.KING not in hearts:
            return 15 + 5 * short - (10 if C.ACE in hearts and len(hearts) <= 2 else 0)
        return -40 + 12 * len(hearts) + (15 if C.ACE in hearts else 0)
    if contract == GIRLS:
        unguarded = sum(1 for x in C.SUITS if C.QUEEN in by_suit[x] and len(by_suit[x]) < 4)
        return 15 - 25 * unguarded + 5 * short
    if contract == ELTOOSH:
        return 25 - 15 * high - 5 * ranks.count(C.QUEEN)
    diamonds_high = sum(1 for r in by_suit["D"] if r in (C.ACE, C.KING, C.QUEEN, C.JACK))
    if diamond_points > 0:
        return -10 + 15 * diamonds_high + 5 * high
    return 15 - 15 * diamonds_high - 5 * high + 5 * (len(by_suit["D"]) <= 2)


GAME = Trex()
