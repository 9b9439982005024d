"""Fan Tan (Parliament, Sevens): build the suits out from the 7s; the first player
out of cards takes the pot.

Choices where the rules file leaves room (decisions in ``shared/rules/fan_tan.md``;
[rec] marks our own):

* All 52 cards are dealt one at a time from the dealer's left, so the seats
  nearest the dealer's left get the extra cards. Everyone antes ``ante`` chips;
  a seat dealt fewer cards than the most antes one chip more (one chip per card
  short, as a card left in hand costs one chip) [rec for ante > 1].
* Aces are low: rows build down from the 7 to the ace and up to the king. Any 7
  may be played at any time; it starts its suit's row.
* Play is compulsory. A seat that cannot play passes and puts ``pass_cost`` chips
  in the pot, on every pass, not only at the start.
* Illegal passes are prevented by default. With ``fines`` a seat may pass while
  able to play; it pays the pass cost, 3 chips more to the pot, and for each 7
  it holds, 5 chips to the holder of that suit's 6 and 5 to the holder of its 8
  (nothing for a 6 or 8 it holds itself). The event names who is paid, never a
  card, each payee once with the chips added up [rec].
* The first player out wins the hand: every other player puts one chip per card
  left in hand in the pot, and the winner takes the pot.
* Chips (`games.common.match.ChipsFormat`): everyone starts with ``chips``. The
  match is ``rounds`` rounds, each one deal by every player (so ``rounds`` ×
  players hands), and ``broke`` decides what running out means: ``end`` (default,
  "until someone is broke") pays only what one has and stops after the hand
  that leaves someone with nothing; ``negative`` lets counts go below zero and
  plays every hand; ``eliminate`` pays only what one has and drops broke players
  (the match ends when one is left). Most chips wins; equal counts share a place.
* ``auto_play``: ``off`` (default) asks for every move; ``pass`` makes a pass
  that is the only move by itself; ``forced`` also plays a seat's only playable
  card by itself (with ``fines`` a seat always has a choice to pass, so only
  passes with nothing playable are automatic).
* The first dealer is drawn at random; the deal passes left (skipping seats
  knocked out).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games import cards as C
from games.common.chips import ChipsMatch
from games.common.layout import ACES_LOW, Rows
from games.common.match import ChipsFormat, next_active, round_from
from games.common.table import card_to_play, hand_zones, table_view
from games.engine import Event, Game, Move, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.text import AndList, Card, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("fan_tan")

ROWS = Rows(7, ACES_LOW)
PASS_FINE = 3        # extra chips for passing while able to play (fines option)
SEVEN_FINE = 5       # to each holder of the 6 and 8 of a 7 held while passing

_PLAY = {code: Move("play", (code,)) for code in C.french_deck()}
_PASS = Move("pass")


def _chips(n: int) -> Text:
    return N("{n} chip", "{n} chips", n)


def _cards(codes: list[str]) -> AndList:
    return AndList(tuple(Card(c) for c in codes))


def _payments_text(paid: dict[int, int]) -> AndList:
    """Payees grouped by amount: ``10 chips each to {p1} and {p3} and 5 chips to {p2}``."""
    parts = []
    for amount in dict.fromkeys(paid.values()):
        payees = tuple(i for i, n in paid.items() if n == amount)
        if len(payees) > 1:
            parts.append(T("{chips} each to {seats}", chips=_chips(amount), seats=Seats(payees)))
        else:
            parts.append(T("{chips} to {seat}", chips=_chips(amount), seat=Seat(payees[0])))
    return AndList(tuple(parts))


@dataclass(frozen=True)
class FanTanOptions(Options):
    ante: int = option(1, min=0, max=10, help=T("chips each player puts in the pot at the start of a hand"))
    pass_cost: int = option(1, min=0, max=10, help=T("chips put in the pot for every pass"))
    fines: bool = option(False, help=T("allow passing while able to play, for a fine: 3 chips more to the pot, "
                                       "and for each 7 kept back, 5 chips to whoever holds its 6 and to "
                                       "whoever holds its 8"))
    chips: int = option(50, min=5, max=1000, help=T("chips each player starts the match with"))
    rounds: int = option(1, min=1, max=10, help=T("rounds in the match; in each round every player deals once"))
    broke: str = option("end", choices=("end", "negative", "eliminate"),
                        help=T("end: the match stops when someone runs out of chips; negative: counts may go "
                               "below zero; eliminate: players out of chips drop out"))
    auto_play: str = option("off", choices=("off", "pass", "forced"),
                            help=T("make forced moves automatically: off, passes only, or passes and single plays"))

    def match(self, players: int) -> ChipsFormat:
        return ChipsFormat(self.rounds * players, self.broke)


@dataclass(kw_only=True)
class FanTanState(State):
    hands: list[list[str]] = field(default_factory=list)
    rows: dict[str, list[str]] = field(default_factory=dict)   # suit -> row, lowest card first
    pot: int = 0
    turn: int = 0
    out: list[bool] = field(default_factory=list)               # seats knocked out of the match
    last_result: Any = ""        # text_data of the last hand's result


class FanTan(ChipsMatch, Game[FanTanState]):
    key = "fan_tan"
    title = T("Fan Tan")
    # other names players search for (/play)
    aliases = ('sevens', 'parliament', 'domino', '排七', '七並べ', 'shichinarabe')
    seats = range(3, 9)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = FanTanOptions
    State = FanTanState
    summary = T("Build the suits out from the 7s; play when you can, pay when you can't.")
    rules = T(
        "The whole pack is dealt out and everybody puts an ante in the pot (one chip more "
        "if you got fewer cards than others). Starting left of the dealer, each turn you "
        "add one card to the layout in the middle.\n"
        "A 7 can always go down: it opens the row of its suit. A row then grows one card "
        "at a time on both sides: the 6, 5, … down to the ace, and the 8, 9, … up to the "
        "king, always in the row's suit.\n"
        "If you have a card that fits you must play one (you pick which). If nothing fits, "
        "you pass and pay into the pot. (Tables with the fines option let you pass anyway, at a "
        "price: 3 more chips go to the pot, and for every 7 you keep back you hand 5 chips to the "
        "player holding the 6 of that suit and 5 to the one holding its 8.) Whoever gets rid "
        "of all their cards first wins the hand: everyone else pays a chip per card still "
        "held into the pot, and the winner scoops it. After the agreed number of deals (or "
        "when someone is broke), the most chips wins."
    )

    # -- dealing
    def setup(self, players: int, options: FanTanOptions, seed: int) -> FanTanState:
        s = FanTanState(players=players, seed=seed, options=options.to_dict(),
                        scores=[options.chips] * players, out=[False] * players)
        return self.first_deal(s)

    def _deal(self, s: FanTanState) -> list[Event]:
        o: FanTanOptions = self.options_of(s)
        fmt = self.match_format(s)
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.hands = [[] for _ in range(s.players)]
        order = round_from(s.dealer, s.out)
        for i, code in enumerate(deck):
            s.hands[order[i % len(order)]].append(code)
        for hand in s.hands:
            hand.sort(key=C.sort_key)
        s.rows = ROWS.new()
        s.hand_no += 1
        most = max(len(s.hands[i]) for i in order)
        paid = []
        for i in order:
            short = most - len(s.hands[i])
            s.pot += fmt.take(s.scores, i, o.ante + short)
            if short:
                paid.append(i)
        s.turn = order[0]
        events = [Event(T("Hand {hand}: {seat} dealt. Everyone antes {ante}; the pot holds {pot}.",
                          hand=s.hand_no, seat=Seat(s.dealer), ante=_chips(o.ante), pot=_chips(s.pot)))]
        if paid:
            events.append(Event(N("{seats} got fewer cards and antes one chip more.",
                                  "{seats} got fewer cards and ante one chip more.", len(paid),
                                  seats=Seats(tuple(paid)))))
        return events + self._settle(s)

    # -- legality
    def to_move(self, s: FanTanState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: FanTanState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        plays = [_PLAY[c] for c in ROWS.playable_cards(s.rows, s.hands[seat])]
        if not plays:
            return [_PASS]
        if s.options["fines"]:
            return plays + [_PASS]
        return plays

    def refuse(self, s: FanTanState, seat: int, move: Move) -> str | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if move.kind == "play":
            code, why = card_to_play(move, s.hands[seat], "7S", params=False)
            if why:
                return why
            if ROWS.playable(s.rows, code):
                return T("Write the move as it is offered, e.g. '{move}'.", move=f"play {code}")
            gap = ROWS.gap(s.rows, code)
            if not gap:
                return T("{card} is already on the layout.", card=Card(code))
            return T("{card} does not fit yet: {cards} must be played first.", card=Card(code), cards=_cards(gap))
        if move.kind == "pass":
            if move.args or move.params:
                return T("To pass, just say 'pass'.")
            playable = ROWS.playable_cards(s.rows, s.hands[seat])
            return N("You must play when you can: {cards} fits.", "You must play when you can: {cards} fit.",
                     len(playable), cards=_cards(playable))
        return T("'{move}' is not a move in Fan Tan.", move=str(move))

    # -- playing
    def play(self, s: FanTanState, seat: int, move: Move) -> list[Event]:
        events = self._move(s, seat, move)
        if not s.over:
            events += self._settle(s)
        return events

    def _move(self, s: FanTanState, seat: int, move: Move) -> list[Event]:
        if move.kind == "pass":
            return self._pass(s, seat)
        code = move.args[0]
        s.hands[seat].remove(code)
        ROWS.place(s.rows, code)
        events = [Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code)))]
        if not s.hands[seat]:
            return events + self._end_hand(s, seat)
        s.turn = next_active(seat, s.out)
        return events

    def _pass(self, s: FanTanState, seat: int) -> list[Event]:
        o: FanTanOptions = self.options_of(s)
        fmt = self.match_format(s)
        hand = s.hands[seat]
        able = bool(ROWS.playable_cards(s.rows, hand))
        cost = fmt.take(s.scores, seat, o.pass_cost)
        s.pot += cost
        if not able:
            events = [Event(T("{seat} cannot play and passes, paying {chips} into the pot.",
                              seat=Seat(seat), chips=_chips(cost)))]
        else:
            fine = fmt.take(s.scores, seat, PASS_FINE)
            s.pot += fine
            paid: dict[int, int] = {}     # payee → chips, in the order first paid
            sevens = [c for c in hand if C.RANK[c] == 7]
            for seven in sevens:
                for rank in (6, 8):
                    target = C.make(rank, C.SUIT[seven])   # unplayed, as its 7 is
                    holder = next(i for i, h in enumerate(s.hands) if target in h)
                    if holder != seat:
                        paid[holder] = paid.get(holder, 0) + fmt.pay(s.scores, seat, holder, SEVEN_FINE)
            events = [Event(self._fined_pass_text(seat, cost, fine, len(sevens), paid))]
        s.turn = next_active(seat, s.out)
        return events

    @staticmethod
    def _fined_pass_text(seat: int, cost: int, fine: int, sevens: int, paid: dict[int, int]) -> Text:
        if not paid:
            return T("{seat} passes while able to play: {cost} for the pass and a fine of {fine} into the pot.",
                     seat=Seat(seat), cost=_chips(cost), fine=_chips(fine))
        return N("{seat} passes while able to play: {cost} for the pass and a fine of {fine} into the pot, "
                 "and for holding back a 7, {payments}.",
                 "{seat} passes while able to play: {cost} for the pass and a fine of {fine} into the pot, "
                 "and for holding back 7s, {payments}.",
                 sevens, seat=Seat(seat), cost=_chips(cost), fine=_chips(fine), payments=_payments_text(paid))

    def _settle(self, s: FanTanState) -> list[Event]:
        """Make the moves the auto_play option makes by themselves."""
        mode = s.options["auto_play"]
        events: list[Event] = []
        passes = 0     # in a dealt game someone can always play; this only guards odd test states
        while mode != "off" and not s.over and passes < s.players:
            legal = self.moves(s, s.turn)
            if legal == [_PASS] or (mode == "forced" and len(legal) == 1):
                passes = passes + 1 if legal == [_PASS] else 0
                events += self._move(s, s.turn, legal[0])
            else:
                break
        return events

    def _end_hand(self, s: FanTanState, winner: int) -> list[Event]:
        fmt = self.match_format(s)
        events = [Event(T("{seat} is out of cards and wins the hand!", seat=Seat(winner)))]
        paid: list[Text] = []
        for i, hand in enumerate(s.hands):
            if i != winner and not s.out[i] and hand:
                n = fmt.take(s.scores, i, len(hand))
                s.pot += n
                paid.append(T("{seat} {n}", seat=Seat(i), n=n))
        won = s.pot
        s.scores[winner] += won
        s.pot = 0
        if paid:
            result = T("Hand {hand}: {seat} went out and took the pot of {chips} (cards left paid: {paid}).",
                       hand=s.hand_no, seat=Seat(winner), chips=_chips(won), paid=AndList(tuple(paid)))
        else:
            result = T("Hand {hand}: {seat} went out and took the pot of {chips} (cards left paid: none).",
                       hand=s.hand_no, seat=Seat(winner), chips=_chips(won))
        s.last_result = text_data(result)
        events.append(Event(result))
        return self.next_hand(s, events)

    # -- what people see
    def instruction(self, s: FanTanState, seat: int) -> str:
        o: FanTanOptions = self.options_of(s)
        playable = ROWS.playable_cards(s.rows, s.hands[seat])
        if not playable:
            return T("Nothing you hold fits the layout: pass and pay {chips} into the pot.", chips=_chips(o.pass_cost))
        if o.fines:
            return T("Your turn: play a card to the layout (you must play when you can). Passing anyway costs "
                     "{chips}, plus {fine} to each holder of the 6 and 8 next to any 7 you hold.",
                     chips=_chips(o.pass_cost + PASS_FINE), fine=SEVEN_FINE)
        return T("Your turn: play a card to the layout (you must play when you can).")

    def describe(self, s: FanTanState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "pass":
            able = bool(ROWS.playable_cards(s.rows, s.hands[seat]))
            return ((T("Play a card"), T("Pass (fined)") if able else T("Pass")),)
        return ((T("Play a card"), T("{card}", card=Card(move.args[0]))),)

    def view(self, s: FanTanState, seat: int | None) -> View:
        seats = [SeatView(i, len(hand), s.scores[i], self.seat_notes(s, i)) for i, hand in enumerate(s.hands)]
        piles = [PileView(T("{symbol} row", symbol=C.SUIT_SYMBOLS[x]), list(s.rows[x]), len(s.rows[x]))
                 for x in C.SUITS]
        facts = [T("Pot: {chips}", chips=_chips(s.pot)), self.match_fact(s)]
        if s.last_result:
            facts.append(text_from(s.last_result))
        status = self.outcome(s).summary if s.over else T("Hand {hand}. {seat} to play.", hand=s.hand_no,
                                                          seat=Seat(s.turn))
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def zones(self, s: FanTanState) -> list[Zone]:
        return hand_zones(s.hands) + [Zone(f"{x} row", s.rows[x], "all") for x in C.SUITS]

    # -- computer players
    def hand_progress(self, s: FanTanState) -> list[float]:
        return [-float(len(h)) for h in s.hands]

    def rollout_move(self, s: FanTanState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Never pass by choice. Prefer a card behind which (further out along its
        row) one holds many cards and others few: it opens the way for oneself."""
        plays = [m for m in moves if m.kind == "play"]
        if len(plays) < 2:
            return plays[0] if plays else moves[0]
        hand = s.hands[seat]
        best, best_score = plays[0], -99.0
        for m in plays:
            beyond = _BEYOND[m.args[0]]
            mine = sum(1 for c in beyond if c in hand)
            score = 2.0 * mine - (len(beyond) - mine) + rng.random()
            if score > best_score:
                best, best_score = m, score
        return best


_BEYOND = {code: ROWS.beyond(code) for code in C.french_deck()}


GAME = FanTan()
