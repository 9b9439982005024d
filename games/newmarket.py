"""Newmarket (Michigan, Boodle): runs in suit played by whoever holds the next
card; pay cards collect their pots and the first player out is paid per card.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/newmarket.md``; [rec] marks our own):

* Pay cards A♥, K♣, Q♦, J♠, each with its pot. Every player antes ``ante`` chips
  to each pot before the widow decision (twice that for the dealer with
  ``dealer_double``). Playing a pay card collects its pot at once. Pots not won
  carry over to the next hand; chips left in the pots when the match ends
  belong to nobody.
* The deal: n + 1 hands, one card at a time from the dealer's left with the
  widow dealt last in each round, so the hands dealt first get the extra cards.
* The widow: the dealer, who sees only their own hand, keeps it or takes the
  widow unseen; their old hand is dead. After a keep the widow is auctioned to
  the other players. Bids are whole chips from 1 (the lowest chip) up to 20
  [rec: a cap that keeps the bid list one select long], never more than the
  bidder holds (a player with no chips can only pass). The buyer pays the dealer
  and takes the widow; their old hand is dead. With no bid the widow is dead.
* ``auction=sealed`` (default): one reaction window for every other player; each
  answers once with a bid or a pass, nobody learns any bid (only who has
  answered) until all have answered. The highest bid wins; equal bids go to the
  first of them clockwise from the dealer. Then every bid is announced.
  ``auction=round_robin``: open bidding in turn from the dealer's left; each
  player raises or passes, a pass is final, and the auction ends when everyone
  has passed or only the high bidder is left.
* A dead hand is never shown, only its card count; the player who held it may
  still see it (it was their own hand).
* Play: the dealer's left starts a run in a suit of their choice with their
  lowest card of it (aces high). The next-higher card is played by whoever
  holds it. A run stops after the ace or when the next card is in no live hand
  (dead, or played before); the event says the run stopped, never which card
  was missing. Whoever played last starts a new run with their lowest card in
  a suit of the opposite colour, choosing between the two. Holding none, the
  first player to their left who holds one does; if nobody does, the last
  player leads their lowest card of any suit.
* ``chain=auto`` (default): the next card of a run plays itself, one event per
  card so a front end can pace them. ``chain=manual``: its holder must play it
  (their only move). Choices (a suit to lead, keep or swap, bids) are always
  asked.
* The first player out wins the hand and is paid one chip per card by each
  other player. The deal passes left.
* Chips (`games.common.match.ChipsFormat`): everyone starts with ``chips``; the
  match is ``hands`` hands (0 = one deal by each player), most chips wins.
  ``broke``: ``negative`` (default) lets counts go below zero; ``end`` pays only
  what one has and ends the match after a hand that leaves someone broke;
  ``eliminate`` drops broke players until one is left.
* For computer players: determinizing keeps public facts (who must play the
  next card, who leads after a stop) and replaces other seats' sealed bids,
  which the searching seat cannot know, with guesses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games import cards as C
from games.common.chips import ChipsMatch, chips_text
from games.common.layout import ACES_HIGH, Chain, opposite_suits
from games.common.match import ChipsFormat, next_active, round_from
from games.common.shedding import suit_text
from games.common.table import card_to_play, hand_zones, table_view
from games.common.window import PASS, answer, complete, open_window, pending, ranked, reaction_id
from games.engine import Event, Game, Move, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.text import AndList, Card, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("newmarket")

PAY_CARDS = ("AH", "KC", "QD", "JS")
PAY_NAMES = (T("ace of ♥"), T("king of ♣"), T("queen of ♦"), T("jack of ♠"))   # never "A♥": that reads as a card
MAX_BID = 20
WIDOW, AUCTION, PLAY = "widow", "auction", "play"
CHAIN = Chain(ACES_HIGH)

_PLAY = {code: Move("play", (code,)) for code in C.french_deck()}
_BID = [Move("bid", (str(n),)) for n in range(MAX_BID + 1)]
_PASS, _KEEP, _SWAP = Move("pass"), Move("keep"), Move("swap")


@dataclass(frozen=True)
class NewmarketOptions(Options):
    ante: int = option(1, min=0, max=10, help=T("chips each player puts on each of the four pay cards per hand"))
    dealer_double: bool = option(False, help=T("the dealer antes twice as much on each pay card"))
    chips: int = option(50, min=5, max=1000, help=T("chips each player starts the match with"))
    hands: int = option(0, min=0, max=50, help=T("hands in the match; 0 = one deal by each player"))
    auction: str = option("sealed", choices=("sealed", "round_robin"),
                          help=T("the widow auction: one sealed bid each, or open bidding in turn"))
    broke: str = option("negative", choices=("negative", "end", "eliminate"),
                        help=T("negative: counts may go below zero; end: the match stops when someone runs "
                               "out of chips; eliminate: players out of chips drop out"))
    chain: str = option("auto", choices=("auto", "manual"),
                        help=T("auto: the next card of a run plays itself; manual: its holder plays it"))

    def match(self, players: int) -> ChipsFormat:
        return ChipsFormat(self.hands or players, self.broke)


@dataclass(kw_only=True)
class NewmarketState(State):
    hands: list[list[str]] = field(default_factory=list)
    widow: list[str] = field(default_factory=list)      # the extra hand, before it is sold or dead
    dead: list[str] = field(default_factory=list)       # out of play this hand, face down
    dead_seat: int = -1                                 # whose old hand the dead cards are (-1: the widow's)
    swapped: int = -1                                   # the seat that took the widow (-1: nobody)
    played: dict[str, list[str]] = field(default_factory=dict)   # suit -> cards played this hand, in order
    pots: list[int] = field(default_factory=list)       # per pay card, in PAY_CARDS order
    phase: str = WIDOW
    turn: int = 0
    window: dict | None = None                          # the sealed auction
    serial: int = 0
    high: int = 0                                       # round-robin auction: high bid and bidder
    high_seat: int = -1
    bidders: list[int] = field(default_factory=list)    # round-robin auction: seats still in
    need: str = ""                                      # chain=manual: the next card, held by `turn`
    lead_suits: list[str] = field(default_factory=list)  # suits `turn` may lead ([] = any)
    stopped: str = ""                                   # the suit whose run stopped last
    out: list[bool] = field(default_factory=list)
    last_result: str | dict = ""                        # text_data of the last hand's result


def _hand_key(code: str) -> tuple[int, int]:
    """Hands are shown by suit, aces high as they play."""
    return C.SUITS.index(C.SUIT[code]), CHAIN.power(code)


def _suits_text(suits: list[str]) -> str:
    """One suit, or two: "♥ hearts or ♦ diamonds"."""
    if len(suits) == 1:
        return suit_text(suits[0])
    first, other = suits
    return T("{suit} or {other}", suit=suit_text(first), other=suit_text(other))


class Newmarket(ChipsMatch, Game[NewmarketState]):
    key = "newmarket"
    title = T("Newmarket")
    # other names players search for (/play)
    aliases = ('michigan', 'boodle', 'stops', 'chicago')
    seats = range(3, 9)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = NewmarketOptions
    State = NewmarketState
    summary = T("Runs in suit played by whoever holds the next card; pay cards win their pots.")
    rules = T(
        "Four pay cards (A♥, K♣, Q♦ and J♠) each have a pot, and every hand each player puts "
        "chips on all four. The cards are dealt into one hand more than there are players: "
        "the spare hand is the widow.\n"
        "The dealer may swap their hand for the widow without looking at it. If they keep "
        "their hand, the others bid chips for the widow and the best bid buys it, paying the "
        "dealer. A hand given up is dead and stays face down.\n"
        "Left of the dealer starts: pick a suit and play your lowest card in it. Whoever "
        "holds the next card up in that suit plays it (aces are high), and so on, until the "
        "ace is reached or the next card is dead or gone. Then the last player starts a new "
        "run with their lowest card in a suit of the other colour (if they have none, the "
        "next player to the left who has does).\n"
        "Playing a pay card wins its pot; pots nobody wins stay for the next hand. The first "
        "player out of cards is paid a chip for every card the others still hold. After the "
        "agreed number of hands the most chips wins."
    )

    # -- dealing
    def setup(self, players: int, options: NewmarketOptions, seed: int) -> NewmarketState:
        s = NewmarketState(players=players, seed=seed, options=options.to_dict(),
                           scores=[options.chips] * players, out=[False] * players, pots=[0] * len(PAY_CARDS))
        return self.first_deal(s)

    def _deal(self, s: NewmarketState) -> list[Event]:
        o: NewmarketOptions = self.options_of(s)
        fmt = self.match_format(s)
        deck = C.french_deck()
        s.rng().shuffle(deck)
        order = round_from(s.dealer, s.out)
        slots: list[list[str]] = [[] for _ in range(len(order) + 1)]     # the widow last
        for i, code in enumerate(deck):
            slots[i % len(slots)].append(code)
        s.hands = [[] for _ in range(s.players)]
        for seat, cards in zip(order, slots, strict=False):
            s.hands[seat] = sorted(cards, key=_hand_key)
        s.widow, s.dead, s.dead_seat, s.swapped = slots[-1], [], -1, -1
        s.played = {x: [] for x in C.SUITS}
        s.phase, s.turn, s.window = WIDOW, s.dealer, None
        s.high, s.high_seat, s.bidders = 0, -1, []
        s.need, s.lead_suits, s.stopped = "", [], ""
        s.hand_no += 1
        for seat in order:
            each = o.ante * (2 if o.dealer_double and seat == s.dealer else 1)
            for k in range(len(PAY_CARDS)):
                s.pots[k] += fmt.take(s.scores, seat, each)
        return [Event(T("Hand {hand}: {dealer} dealt {hands} hands and a widow of {n} cards. Pots: {pots}.",
                        hand=s.hand_no, dealer=Seat(s.dealer), hands=len(order), n=len(s.widow),
                        pots=self._pots_text(s)))]

    # -- whose turn, which moves
    def to_move(self, s: NewmarketState) -> frozenset[int]:
        if s.over:
            return frozenset()
        if s.window is not None:
            return pending(s.window)
        return frozenset((s.turn,))

    def bid_cap(self, s: NewmarketState, seat: int) -> int:
        return min(MAX_BID, self.match_format(s).can_spend(s.scores, seat))

    def _bid_floor(self, s: NewmarketState) -> int:
        return 1 if s.window is not None else s.high + 1

    def moves(self, s: NewmarketState, seat: int) -> list[Move]:
        if seat not in self.to_move(s):
            return []
        if s.phase == WIDOW:
            return [_KEEP, _SWAP]
        if s.phase == AUCTION:
            return [_PASS] + _BID[self._bid_floor(s):self.bid_cap(s, seat) + 1]
        if s.need:
            return [_PLAY[s.need]]
        return [_PLAY[c] for c in self._leads(s, seat)]

    def _leads(self, s: NewmarketState, seat: int) -> list[str]:
        hand = s.hands[seat]
        return (s.lead_suits and CHAIN.leads(hand, s.lead_suits)) or CHAIN.leads(hand)

    def refuse(self, s: NewmarketState, seat: int, move: Move) -> str | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if move.kind in ("keep", "swap"):
            if s.phase != WIDOW:
                return T("The widow has already been decided this hand.")
            return T("Just say '{move}'.", move=move.kind)
        if move.kind == "bid":
            if s.phase != AUCTION:
                return T("There is no auction now.")
            if len(move.args) != 1 or move.params or not move.args[0].isdigit():
                return T("Bid a whole number of chips, e.g. '{move}'.", move="bid 3")
            amount, floor, cap = int(move.args[0]), self._bid_floor(s), self.bid_cap(s, seat)
            if amount < floor:
                return T("The opening bid is 1 chip.") if floor == 1 else \
                    T("Bid more than the high bid of {n}.", n=s.high)
            if amount > MAX_BID:
                return T("Bids go up to {n} chips.", n=MAX_BID)
            if amount <= cap:
                return T("Write the move as it is offered, e.g. '{move}'.", move=f"bid {amount}")
            return T("You cannot bid more than the {chips} you have.", chips=chips_text(cap)) if cap > 0 else \
                T("You have no chips to bid with: pass.")
        if move.kind == "pass":
            if move.args or move.params:
                return T("To pass, just say '{move}'.", move="pass")
            if s.phase == WIDOW:
                return T("Keep your hand or take the widow.")
            return T("There is nothing to pass on: play a card.")
        if move.kind == "play":
            if s.phase != PLAY:
                return T("The widow must be settled before play starts.")
            code, why = card_to_play(move, s.hands[seat], "5H", params=False)
            if why:
                return why
            if _PLAY[code] in legal:
                return T("Write the move as it is offered, e.g. '{move}'.", move=f"play {code}")
            if s.need:
                return T("You must play {card}, the next card of the run.", card=Card(s.need))
            lowest = CHAIN.lowest(s.hands[seat], C.SUIT[code])
            if lowest != code:
                return T("A run starts with your lowest card of the suit: {card}.", card=Card(lowest))
            return T("After the {symbol} run stopped, start a run in {suits}.", symbol=C.SUIT_SYMBOLS[s.stopped],
                     suits=_suits_text(s.lead_suits))
        return T("'{move}' is not a move in Newmarket.", move=str(move))

    # -- playing
    def play(self, s: NewmarketState, seat: int, move: Move) -> list[Event]:
        if move.kind == "keep":
            return self._keep(s)
        if move.kind == "swap":
            events = [Event(T("{seat} takes the widow unseen; their old hand is dead.", seat=Seat(seat)))]
            return events + self._take_widow(s, seat) + self._start_play(s)
        if move.kind in ("bid", "pass") and s.window is not None:
            return self._sealed_answer(s, seat, move)
        if move.kind in ("bid", "pass"):
            return self._open_bid(s, seat, move)
        return self._play_card(s, seat, move.args[0])

    def _take_widow(self, s: NewmarketState, seat: int) -> list[Event]:
        s.dead, s.dead_seat = s.hands[seat], seat
        s.hands[seat] = sorted(s.widow, key=_hand_key)
        s.widow = []
        s.swapped = seat
        return []

    def _keep(self, s: NewmarketState) -> list[Event]:
        o: NewmarketOptions = self.options_of(s)
        bidders = [i for i in round_from(s.dealer, s.out) if i != s.dealer]
        s.phase = AUCTION
        events = [Event(T("{seat} keeps their hand: the widow is auctioned.", seat=Seat(s.dealer)))]
        if o.auction == "sealed":
            s.serial += 1
            s.window = open_window("widow_bids", bidders, opener=s.dealer, serial=s.serial)
            events.append(Event(T("Sealed bids: everyone else bids once (or passes); nothing is shown until "
                                  "all have answered.")))
        else:
            s.bidders, s.high, s.high_seat = bidders, 0, -1
            s.turn = bidders[0]
        return events

    def _sealed_answer(self, s: NewmarketState, seat: int, move: Move) -> list[Event]:
        w = s.window
        assert w is not None
        answer(w, seat, PASS if move.kind == "pass" else move.args[0])
        # no event: the seat note "has answered" tells, and the Recent log keeps the auction's lines
        events: list[Event] = []
        if not complete(w):
            return events
        bids = {v: -int(v) for v in w["answers"].values() if v != PASS}
        best = ranked(w, s.players, bids)
        shown = AndList(tuple(T("{seat} passed", seat=Seat(i)) if w["answers"][str(i)] == PASS
                              else T("{seat} {n}", seat=Seat(i), n=int(w["answers"][str(i)])) for i in w["seats"]))
        events.append(Event(T("The bids: {bids}.", bids=shown)))
        s.window = None
        if best:
            winner, amount = best[0][0], int(best[0][1])
            return events + self._sold(s, winner, amount)
        return events + self._unsold(s)

    def _open_bid(self, s: NewmarketState, seat: int, move: Move) -> list[Event]:
        if move.kind == "bid":
            s.high, s.high_seat = int(move.args[0]), seat
            events = [Event(T("{seat} bids {chips}.", seat=Seat(seat), chips=chips_text(s.high)))]
        else:
            events = [Event(T("{seat} passes.", seat=Seat(seat)))]
        nxt = self._next_bidder(s, seat)
        if move.kind == "pass":
            s.bidders.remove(seat)
        if not s.bidders:
            return events + self._unsold(s)
        if s.bidders == [s.high_seat]:
            return events + self._sold(s, s.high_seat, s.high)
        s.turn = nxt
        return events

    def _next_bidder(self, s: NewmarketState, seat: int) -> int:
        for k in range(1, s.players + 1):
            other = (seat + k) % s.players
            if other in s.bidders and other != seat:
                return other
        return seat

    def _sold(self, s: NewmarketState, winner: int, amount: int) -> list[Event]:
        paid = self.match_format(s).pay(s.scores, winner, s.dealer, amount)
        self._take_widow(s, winner)
        events = [Event(T("{seat} buys the widow for {chips}, paid to {dealer}; their old hand is dead.",
                          seat=Seat(winner), chips=chips_text(paid), dealer=Seat(s.dealer)))]
        return events + self._start_play(s)

    def _unsold(self, s: NewmarketState) -> list[Event]:
        s.dead, s.dead_seat, s.widow = s.widow, -1, []
        return [Event(T("Nobody bids: the widow stays dead, unseen."))] + self._start_play(s)

    def _start_play(self, s: NewmarketState) -> list[Event]:
        s.phase = PLAY
        s.bidders, s.high, s.high_seat = [], 0, -1
        s.turn = next_active(s.dealer, s.out)
        s.lead_suits, s.stopped, s.need = [], "", ""
        return [Event(T("{seat} starts a run in any suit.", seat=Seat(s.turn)))]

    def _play_card(self, s: NewmarketState, seat: int, code: str) -> list[Event]:
        auto = s.options["chain"] == "auto"
        events: list[Event] = []
        while True:
            s.hands[seat].remove(code)
            suit = C.SUIT[code]
            s.played[suit].append(code)
            events.append(Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code))))
            if code in PAY_CARDS:
                k = PAY_CARDS.index(code)
                won, s.pots[k] = s.pots[k], 0
                s.scores[seat] += won
                events.append(Event(T("{seat} collects the {pay_card} pot: {chips}.", seat=Seat(seat),
                                      pay_card=PAY_NAMES[k], chips=chips_text(won))))
            if not s.hands[seat]:
                return events + self._end_hand(s, seat)
            follow = CHAIN.follow(s.hands, code)
            if follow is None:
                break
            code, seat = follow
            if not auto:
                s.need, s.turn = code, seat
                return events
        s.need = ""
        s.stopped = suit
        last = seat
        leader, options = CHAIN.restart(s.hands, last, suit)
        wanted = list(opposite_suits(suit))
        s.turn = leader
        # both suits of the other colour (which of them the leader holds stays private)
        s.lead_suits = wanted if any(C.SUIT[c] in wanted for c in options) else []
        symbol = C.SUIT_SYMBOLS[suit]
        events.append(Event(T("The {symbol} run stops after the ace.", symbol=symbol) if CHAIN.next_card(code) is None
                            else T("The {symbol} run stops (the next card is not in play).", symbol=symbol)))
        if not s.lead_suits:
            events.append(Event(T("Nobody holds a card of {suits}: {seat} starts a run in any suit.",
                                  suits=_suits_text(wanted), seat=Seat(leader))))
        elif leader != last:
            events.append(Event(T("{last} holds no {suits}: {seat} starts the next run.", last=Seat(last),
                                  suits=_suits_text(wanted), seat=Seat(leader))))
        return events

    def _end_hand(self, s: NewmarketState, winner: int) -> list[Event]:
        fmt = self.match_format(s)
        paid = []
        for i, hand in enumerate(s.hands):
            if i != winner and hand:
                paid.append((i, fmt.pay(s.scores, i, winner, len(hand))))
        s.need, s.lead_suits = "", []
        payments = AndList(tuple(T("{seat} paid {chips}", seat=Seat(i), chips=chips_text(n)) for i, n in paid))
        who = Seat(winner)
        if paid:
            result = T("Hand {hand}: {seat} went out; {payments}", hand=s.hand_no, seat=who, payments=payments)
            line = T("Hand {hand}: {seat} went out; {payments}.", hand=s.hand_no, seat=who, payments=payments)
        else:
            result = T("Hand {hand}: {seat} went out; nobody had to pay", hand=s.hand_no, seat=who)
            line = T("Hand {hand}: {seat} went out; nobody had to pay.", hand=s.hand_no, seat=who)
        s.last_result = text_data(result)
        events = [Event(T("{seat} is out of cards and wins the hand!", seat=who)), Event(line)]
        return self.next_hand(s, events)

    # -- reaction window
    def reaction(self, s: NewmarketState) -> str | None:
        return reaction_id(s.window)

    def timeout_move(self, s: NewmarketState, seat: int) -> Move | None:
        return _PASS if s.window is not None and seat in pending(s.window) else None

    # -- what people see
    def _pots_text(self, s: NewmarketState) -> AndList:
        pots = zip(PAY_NAMES, s.pots, strict=True)
        return AndList(tuple(T("{pay_card} {n}", pay_card=name, n=n) for name, n in pots))

    def instruction(self, s: NewmarketState, seat: int) -> str:
        if s.phase == WIDOW:
            return T("You dealt. Keep your hand (the widow is then auctioned to the others, and you get "
                     "the price) or take the widow without seeing it?")
        if s.phase == AUCTION:
            return self._bid_instruction(s, seat)
        if s.need:
            return T("You hold the next card of the run, {card}: play it.", card=Card(s.need))
        if s.lead_suits:
            return T("The {symbol} run stopped. Start a run in {suits}: you play your lowest card of the suit.",
                     symbol=C.SUIT_SYMBOLS[s.stopped], suits=_suits_text(s.lead_suits))
        return T("Start a run: choose a suit and you play your lowest card of it.")

    def _bid_instruction(self, s: NewmarketState, seat: int) -> Text:
        cap = self.bid_cap(s, seat)
        floor = self._bid_floor(s)
        if s.window is not None:
            if cap < 1:
                return T("Sealed bids for the widow: you have no chips to bid with, so pass.")
            if cap == 1:
                return T("Sealed bid for the widow: bid 1 chip or pass. No bid is shown until "
                         "everyone has answered; the highest buys the widow.")
            return T("Sealed bid for the widow: bid 1–{most} chips or pass. No bid is shown until "
                     "everyone has answered; the highest buys the widow.", most=cap)
        if cap < floor:
            return T("The widow is bid up to {chips}; you cannot go higher: pass.", chips=chips_text(s.high))
        bid = chips_text(cap) if floor == cap else T("{least}–{most} chips", least=floor, most=cap)
        if s.high:
            return T("The high bid is {chips} by {seat}. Bid {bid} for the widow, or pass (a pass is final).",
                     chips=chips_text(s.high), seat=Seat(s.high_seat), bid=bid)
        return T("Bid {bid} for the widow, or pass (a pass is final).", bid=bid)

    def describe(self, s: NewmarketState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "keep":
            return ((T("The widow"), T("Keep my hand")),)
        if move.kind == "swap":
            return ((T("The widow"), T("Take the widow")),)
        if move.kind == "pass":
            return ((T("Bid for the widow"), T("Pass")),)
        if move.kind == "bid":
            return ((T("Bid for the widow"), chips_text(int(move.args[0]))),)
        card = T("{card}", card=Card(move.args[0]))
        if s.need:
            return ((T("Play the next card"), card),)
        return ((T("Start a run with your lowest card of a suit"), card),)

    def view(self, s: NewmarketState, seat: int | None) -> View:
        seats = []
        for i, hand in enumerate(s.hands):
            notes = self.seat_notes(s, i)
            if i == s.swapped:
                notes.append(T("took the widow"))
            if s.window is not None and i in s.window["seats"]:
                notes.append(T("has answered") if str(i) in s.window["answers"] else T("bidding"))
            if s.window is None and s.phase == AUCTION:
                if i == s.high_seat:
                    notes.append(T("high bid {n}", n=s.high))
                elif i != s.dealer and not s.out[i] and i not in s.bidders:
                    notes.append(T("passed"))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        piles = [PileView(T("{symbol} played", symbol=C.SUIT_SYMBOLS[x]), sorted(s.played[x], key=CHAIN.power),
                          len(s.played[x])) for x in C.SUITS]
        if s.widow:
            piles.append(PileView(T("Widow"), [], len(s.widow)))
        if s.dead:
            mine = seat is not None and seat == s.dead_seat
            piles.append(PileView(T("Dead hand"), list(s.dead) if mine else [], len(s.dead),
                                  s.dead_seat if s.dead_seat >= 0 else None))
        facts = [T("Pots: {pots}", pots=self._pots_text(s)), self.match_fact(s)]
        if s.window is not None and seat is not None and str(seat) in s.window["answers"]:
            mine = s.window["answers"][str(seat)]
            facts.append(T("Your sealed answer: pass") if mine == PASS
                         else T("Your sealed answer: bid {chips}", chips=chips_text(int(mine))))
        if s.last_result:
            facts.append(text_from(s.last_result))
        return table_view(self, s, seat, seats=seats, piles=piles, status=self._status(s), facts=facts)

    def _status(self, s: NewmarketState) -> str:
        hand, turn = s.hand_no, Seat(s.turn)
        if s.over:
            return self.outcome(s).summary
        if s.phase == WIDOW:
            return T("Hand {hand}. {seat} decides about the widow.", hand=hand, seat=Seat(s.dealer))
        if s.window is not None:
            return T("Hand {hand}. Sealed bids for the widow: waiting for {seats}.", hand=hand,
                     seats=Seats(tuple(sorted(pending(s.window)))))
        if s.phase == AUCTION:
            return T("Hand {hand}. Auction of the widow: {seat} to bid or pass.", hand=hand, seat=turn)
        if s.need:
            return T("Hand {hand}. {seat} plays the next card of the run.", hand=hand, seat=turn)
        return T("Hand {hand}. {seat} starts a run.", hand=hand, seat=turn)

    def heuristic_move(self, s: NewmarketState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Keep a hand that holds a pay card or two aces (stoppers that win the next lead),
        and swap or buy the widow at the lowest bid otherwise; in play, the rollout's rule
        (lead the suit one's own cards run longest in). Reads the own hand only."""
        if s.phase not in (WIDOW, AUCTION):
            return self.rollout_move(s, seat, moves, rng)
        hand = s.hands[seat]
        good = any(c in PAY_CARDS for c in hand) or sum(1 for c in hand if C.RANK[c] == C.ACE) >= 2
        if s.phase == WIDOW:
            return _KEEP if good else _SWAP
        return _PASS if good or len(moves) == 1 else moves[1]

    def zones(self, s: NewmarketState) -> list[Zone]:
        return (hand_zones(s.hands)
                + [Zone("widow", s.widow, "none"),
                   Zone("dead hand", s.dead, s.dead_seat if s.dead_seat >= 0 else "none")]
                + [Zone(f"{x} played", s.played[x], "all") for x in C.SUITS])

    # -- computer players
    def determinize(self, s: NewmarketState, seat: int | None, rng: random.Random) -> NewmarketState:
        """Deal the unseen cards anew, then restore what the table knows: the seat to
        play holds the next card of a run (chain=manual) or a card of the suits it
        must lead. Other seats' sealed bids, unknown to ``seat``, become guesses."""
        twin = super().determinize(s, seat, rng)
        if twin.window is not None:
            for key in sorted(twin.window["answers"], key=int):
                if int(key) != seat:
                    cap = self.bid_cap(twin, int(key))
                    guess = rng.randint(1, min(cap, 5)) if cap >= 1 and rng.random() < 0.5 else 0
                    twin.window["answers"][key] = str(guess) if guess else PASS
        if twin.phase == PLAY and twin.turn != seat and not twin.over:
            hand = twin.hands[twin.turn]
            if twin.need and twin.need not in hand:
                self._swap_in(twin, seat, twin.turn, twin.need, rng)
            elif twin.lead_suits and not any(C.SUIT[c] in twin.lead_suits for c in hand):
                wanted = [c for c in self._unseen(twin, seat) if C.SUIT[c] in twin.lead_suits]
                if wanted:
                    self._swap_in(twin, seat, twin.turn, wanted[rng.randrange(len(wanted))], rng)
        return twin

    def _unseen(self, s: NewmarketState, seat: int | None) -> list[str]:
        return [c for z in self.zones(s) if z.visible_to not in ("all", seat) for c in z.cards]

    def _swap_in(self, s: NewmarketState, seat: int | None, to: int, code: str, rng: random.Random) -> None:
        """Swap ``code`` (in a zone hidden from ``seat``) with a random card of hand ``to``."""
        hand = s.hands[to]
        for z in self.zones(s):
            if z.visible_to not in ("all", seat) and code in z.cards and z.cards is not hand:
                k = rng.randrange(len(hand))
                z.cards[z.cards.index(code)], hand[k] = hand[k], code
                hand.sort(key=_hand_key)
                return

    def hand_progress(self, s: NewmarketState) -> list[float]:
        return [-float(len(h)) for h in s.hands]

    def rollout_move(self, s: NewmarketState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Keep or swap at random, seldom bid (and then low), and lead the suit in which
        one's own cards run longest from the lowest (a pay card counting extra)."""
        if len(moves) == 1:
            return moves[0]
        if s.phase == WIDOW:
            return moves[rng.randrange(2)]
        if s.phase == AUCTION:
            return moves[1] if rng.random() < 0.2 else _PASS
        hand = s.hands[seat]
        best, best_score = moves[0], -1.0
        for m in moves:
            code, run = m.args[0], 0.0
            while code is not None and code in hand:
                run += 3.0 if code in PAY_CARDS else 1.0
                code = CHAIN.next_card(code)
            score = run + rng.random()
            if score > best_score:
                best, best_score = m, score
        return best


GAME = Newmarket()
