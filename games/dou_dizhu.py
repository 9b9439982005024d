"""Dou Dizhu (Fight the Landlord): an auction makes one player the landlord, who plays
alone against the other two; the first side to run out of cards wins the stake.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/dou_dizhu.md``; [rec] marks our own):

* Deal: 54 cards (two jokers, red above black), 17 each and 3 face down as the widow.
  One dealt card is picked at random and shown to everyone (the text's face-up card); its
  holder bids first. The card stays known to all until it is played.
* Auction: bids 1, 2 or 3 or pass, in turn to the left, each bid above the highest so far.
  A bid of 3 ends it at once; otherwise, once someone has bid, it ends when the next two
  players in turn pass. A player who passed may bid when their turn comes round again. If
  all three pass before anyone bids, the cards are thrown in and dealt again with a new
  face-up card; the thrown-in deal counts towards the match's ``deals`` [rec: so a match
  always ends].
* The widow is turned face up for everyone (option ``widow_reveal``, default on) and the
  landlord takes it; those cards stay known to all while the landlord holds them. With the
  option off only the landlord sees them.
* Combinations and order from the shared classifier (`games.common.climbing`): single,
  pair, trips, trips + single, trips + pair, straights of 5–12 (3 to A), 3 or more pairs in
  a row, airplanes of 2 or more trips in a row bare or with one single or one pair per trip
  (never mixed), four of a kind + two singles or two pairs, the bomb (four of a kind) and
  the rocket (both jokers). 2s and jokers never join a run. A play must match the last one's
  kind and number of cards and be higher by its main part; kickers never count. A bomb goes
  over anything but a higher bomb or the rocket; nothing beats the rocket.
* Kickers, whatever the options: the kicker of trips is of another rank (a bare four of a
  kind is only ever a bomb, so every bomb counts for the doubling); four of a kind takes
  two pairs of two other ranks, or two singles of other ranks; both jokers are never
  kickers together. Option ``quad_kickers``: four of a kind's two singles differ in rank
  (``distinct``, default) or may be a pair (``pair_ok``). Option ``kickers`` is about an
  airplane's wings: ``strict`` (default) makes their ranks differ from the trips' and from
  each other; ``relaxed`` lets them repeat a rank or share the trips' ranks. The same cards
  may then read several ways (3-3-3-4-4-4-5-5-5-6-6-6 is 333-444-555 + 6, 6, 6 or
  444-555-666 + 3, 3, 3; 4-4-4-4-5-5-5-5 is only 444-555 + 4, 5), and a play says which:
  ``top=`` names its highest main rank.
* Suits never matter: the moves list one card set per play (the first cards of each rank
  in the hand's order); another choice of suits is refused with the written form of the
  same play (`games.common.climbing.canonical` maps a selection of cards onto it).
* Play: the landlord leads; passing does not keep a player out. After two passes in a row
  the last player to play leads anything.
* Settlement: the bid × ``stake``, multiplied by ``bomb_multiplier`` (2) for each bomb or
  rocket played in the hand, and by 2 for a spring (option ``spring``, off: the landlord
  wins before either peasant plays a card, or the peasants win while the landlord has
  played only the first lead). If the landlord goes out first each peasant pays the
  landlord that amount; otherwise the landlord pays it to each peasant.
* Match: scores are chip stacks starting at ``chips`` (100); the match lasts ``deals`` (3)
  deals, or ends early when a stack reaches zero. With ``chips`` 0 scores are plain running
  totals with no early end. The highest stack wins; ties share the win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games import cards as C
from games.common import climbing as K
from games.common.climb_game import ClimbGame
from games.common.thumb import climb_pick
from games.engine import Event, Game, Move, PileView, SeatView, View, Zone
from games.options import Options, option
from games.text import AndList, Card, Cards, Seat, Text, text_data, text_from, texts

T, N = texts("dou_dizhu")

PASS = K.PASS_MOVE
BID, PLAY = "bid", "play"
PLAYERS, HAND_SIZE = 3, 17
_RULES = {(k, q): K.dou_dizhu_rules(k, q == "pair_ok") for k in ("strict", "relaxed") for q in ("distinct", "pair_ok")}
_BIDS = [Move("bid", (str(n),)) for n in range(4)]


@dataclass(frozen=True)
class DouDizhuOptions(Options):
    kickers: str = option("strict", choices=("strict", "relaxed"),
                          help=T("strict: an airplane's kickers differ in rank from its trips and from each other; "
                                 "relaxed: they need not"))
    quad_kickers: str = option("distinct", choices=("distinct", "pair_ok"),
                               help=T("distinct: the two singles with four of a kind differ in rank; "
                                      "pair_ok: they may be a pair"))
    bomb_multiplier: int = option(2, choices=(2, 1, 3),
                                  help=T("the payment is multiplied by this for each bomb or rocket"))
    spring: bool = option(False, help=T("double the payment when the losing side never got to play (a spring)"))
    widow_reveal: bool = option(True, help=T("show the widow to everyone before the landlord takes it"))
    stake: int = option(1, min=1, max=100, help=T("chips per bid point"))
    chips: int = option(100, min=0, max=100000,
                        help=T("starting chips; the match ends early when a stack runs out (0 = plain running totals)"))
    deals: int = option(3, min=1, max=50, help=T("deals in the match (thrown-in deals count)"))


@dataclass(kw_only=True)
class DouDizhuState(K.ClimbState):
    phase: str = BID
    shown: list[list[str]] = field(default_factory=list)   # cards in hand that everyone knows
    widow: list[str] = field(default_factory=list)         # face down until the landlord is known
    widow_shown: list[str] = field(default_factory=list)   # the widow as it was revealed (a record)
    faceup: str = ""                                       # the face-up card of this deal
    first_bidder: int = 0
    high_bid: int = 0
    high_bidder: int = -1
    passes: int = 0                                        # passes in a row in the auction
    bids: list = field(default_factory=list)               # the auction so far ("{p1} 1", "{p2} pass") as text data
    landlord: int = -1
    bombs: int = 0                                         # bombs and rockets played this hand
    plays_made: list[int] = field(default_factory=list)    # plays per seat this hand


class DouDizhu(ClimbGame, Game[DouDizhuState]):
    key = "dou_dizhu"
    title = T("Dou Dizhu")
    # other names players search for (/play)
    aliases = ('doudizhu', '斗地主', 'fight the landlord', 'landlord', 'dau dia chu', 'đấu địa chủ')
    seats = range(3, 4)
    Options = DouDizhuOptions
    State = DouDizhuState
    summary = T("Fight the Landlord: one bidder plays alone against two partners in a climbing game.")
    rules = T(
        "Three players and a 54-card pack with both jokers. Cards rank 3 low up to king, ace, 2, then the black "
        "and the red joker; suits do not matter. Each player gets 17 cards and 3 lie face down. One dealt card "
        "is shown to all: its holder opens the auction.\n"
        "In turn, bid 1, 2 or 3 (each bid higher than the last) or pass; you may bid after passing. A bid of 3, "
        "or two passes after a bid, ends it. The top bidder is the landlord, takes the 3 hidden cards (shown "
        "to everybody first) and plays against the two others, who win together.\n"
        "The landlord leads. Plays: single, pair, trips (alone or with one extra single or pair), a straight of "
        "five or more, three or more pairs in a row, two or more trips in a row (alone or with one single or "
        "one pair per trip, all of different ranks), four of a kind with two singles or two pairs. 2s and "
        "jokers never join a sequence. The next player must play the same shape with the same number of cards "
        "and a higher main part (extras do not count), or pass and come back later. After two passes the last "
        "player leads anything.\n"
        "A bomb (four of a kind on its own) beats anything but a higher bomb; the rocket (both jokers) beats "
        "everything. Each bomb or rocket doubles the stake.\n"
        "If the landlord runs out first, each partner pays the landlord the bid; if a partner does, the "
        "landlord pays each partner."
    )

    # -- helpers
    def rules_of(self, s: DouDizhuState) -> K.Rules:
        return _RULES[(s.options["kickers"], s.options["quad_kickers"])]

    def hand_of(self, s: DouDizhuState, seat: int) -> list[str]:
        """Everything the seat holds, in power order (its private cards and its known ones)."""
        if not s.shown[seat]:
            return s.hands[seat]
        return sorted(s.hands[seat] + s.shown[seat], key=self.rules_of(s).power.__getitem__)

    def _left(self, s: DouDizhuState) -> list[int]:
        return [len(s.hands[i]) + len(s.shown[i]) for i in range(PLAYERS)]

    def _side(self, s: DouDizhuState, seat: int) -> Text:
        return T("landlord") if seat == s.landlord else T("peasant")

    # -- dealing
    def start_score(self, options: DouDizhuOptions) -> int:
        return options.chips

    def _deal(self, s: DouDizhuState) -> list[Event]:
        power = self.rules_of(s).power
        deck = C.french_deck(jokers=2)
        rng = s.rng()
        rng.shuffle(deck)
        s.hands = [sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=power.__getitem__) for i in range(PLAYERS)]
        s.widow = deck[PLAYERS * HAND_SIZE:]
        s.shown = [[] for _ in range(PLAYERS)]
        s.faceup = deck[rng.randrange(PLAYERS * HAND_SIZE)]
        s.first_bidder = next(i for i, h in enumerate(s.hands) if s.faceup in h)
        s.hands[s.first_bidder].remove(s.faceup)
        s.shown[s.first_bidder].append(s.faceup)
        K.new_hand(s)
        s.widow_shown = []
        s.phase, s.turn = BID, s.first_bidder
        s.high_bid, s.high_bidder, s.passes, s.bids = 0, -1, 0, []
        s.landlord, s.bombs, s.plays_made = -1, 0, [0] * PLAYERS
        return [Event(T("Deal {n}: {dealer} deals. The face-up card {card} went to {seat}, who bids first.",
                        n=s.hand_no, dealer=Seat(s.dealer), card=Card(s.faceup), seat=Seat(s.first_bidder)))]

    # -- legality
    def moves(self, s: DouDizhuState, seat: int) -> list[Move]:
        if s.phase == BID and not s.over and seat == s.turn:
            return _BIDS[s.high_bid + 1:] + [PASS]
        return super().moves(s, seat)

    def moves_for(self, s: DouDizhuState, seat: int, cards) -> list[Move]:
        """Suits do not matter: any cards of the right ranks select the play."""
        same = K.canonical(self.rules_of(s), self.hand_of(s, seat), cards)
        return super().moves_for(s, seat, same) if same is not None else []

    def refuse(self, s: DouDizhuState, seat: int, move: Move) -> str | None:
        if move.kind == "pass":
            return self._refuse_pass(move, leading=s.phase == PLAY and not s.table)
        if s.phase == BID:
            if move.kind != "bid":
                return T("The auction is on: bid 1, 2 or 3 (e.g. 'bid 2'), or pass.")
            if len(move.args) != 1 or move.params or move.arg not in ("1", "2", "3"):
                return T("Bid 1, 2 or 3, e.g. 'bid 2'.")
            if int(move.arg) <= s.high_bid:
                return T("You must bid more than {n}, or pass.", n=s.high_bid)
            return None
        if move.kind != "play":
            return T("'{move}' is not a move now: play cards (e.g. '{example}') or pass.", move=str(move),
                     example=self.play_example)
        rules, hand = self.rules_of(s), self.hand_of(s, seat)
        combo, reason = K.refuse_play(rules, hand, s, move)
        if reason:
            return reason
        legal = self._legal(s, seat)
        if move not in legal.combos:
            same = Move("play", K.canonical(rules, hand, combo.cards), move.params)
            if same in legal.combos and same != move:
                return T("Suits do not matter in Dou Dizhu: this play is written '{move}'.", move=str(same))
            if legal.moves:
                return T("Write the play as it is offered, e.g. '{move}'.", move=str(legal.moves[0]))
            return T("Pass.")
        return None

    # -- playing
    def play(self, s: DouDizhuState, seat: int, move: Move) -> list[Event]:
        if s.phase == BID:
            return self._bid(s, seat, move)
        if move.kind == "pass":
            return self._pass(s, seat)
        combo = self._legal(s, seat).combos[move]
        events = self._lay(s, seat, combo, hands=(s.shown[seat], s.hands[seat]))
        s.plays_made[seat] += 1
        if combo.kind in (K.BOMB, K.ROCKET):
            s.bombs += 1
            times = s.options["bomb_multiplier"]
            said = T("A bomb! The stake is multiplied by {n}.", n=times) if combo.kind == K.BOMB else \
                T("A rocket! The stake is multiplied by {n}.", n=times)
            events.append(Event(said))
        left = self._left(s)[seat]
        if not left:
            s.finished.append(seat)
            return events + self._settle(s, seat)
        if left <= 2:
            events.append(Event(N("{seat} has {n} card left.", "{seat} has {n} cards left.", left, seat=Seat(seat))))
        return events + self._step(s, seat)

    def _bid(self, s: DouDizhuState, seat: int, move: Move) -> list[Event]:
        if move.kind == "pass":
            s.passes += 1
            s.bids.append(text_data(T("{seat} pass", seat=Seat(seat))))
            events = [Event(T("{seat} passes.", seat=Seat(seat)))]
            if s.high_bid == 0 and s.passes == PLAYERS:
                events.append(Event(T("Nobody bid: the cards are thrown in.")))
                return events + self._next_deal(s)
            if s.high_bid and s.passes == 2:
                return events + self._make_landlord(s, s.high_bidder)
        else:
            s.high_bid, s.high_bidder, s.passes = int(move.arg), seat, 0
            s.bids.append(text_data(T("{seat} {n}", seat=Seat(seat), n=s.high_bid)))
            events = [Event(T("{seat} bids {n}.", seat=Seat(seat), n=s.high_bid))]
            if s.high_bid == 3:
                return events + self._make_landlord(s, seat)
        s.turn = (seat + 1) % PLAYERS
        return events

    def _make_landlord(self, s: DouDizhuState, seat: int) -> list[Event]:
        o: DouDizhuOptions = self.options_of(s)
        s.landlord, s.phase, s.turn = seat, PLAY, seat
        widow, s.widow = s.widow, []
        events = [Event(T("{seat} is the landlord for {n}.", seat=Seat(seat), n=s.high_bid))]
        if o.widow_reveal:
            s.widow_shown = list(widow)
            s.shown[seat] += widow
            events.append(Event(T("The widow, {cards}, goes to {seat}.", cards=Cards(tuple(widow)), seat=Seat(seat))))
        else:
            s.hands[seat] += widow
            s.hands[seat].sort(key=self.rules_of(s).power.__getitem__)
            events += [Event(T("{seat} takes the widow.", seat=Seat(seat))),
                       Event(T("The widow was {cards}.", cards=Cards(tuple(widow))), to=seat)]
        events.append(Event(T("{seat} leads.", seat=Seat(seat))))
        return events

    def payment(self, s: DouDizhuState, winner: int) -> tuple[int, bool]:
        """The amount each peasant pays or receives, and whether it was a spring."""
        o: DouDizhuOptions = self.options_of(s)
        unit = s.high_bid * o.stake * o.bomb_multiplier ** s.bombs
        peasants = [i for i in range(PLAYERS) if i != s.landlord]
        if winner == s.landlord:
            spring = all(s.plays_made[i] == 0 for i in peasants)
        else:
            spring = s.plays_made[s.landlord] <= 1
        spring = spring and o.spring
        return unit * (2 if spring else 1), spring

    def _settle(self, s: DouDizhuState, winner: int) -> list[Event]:
        amount, spring = self.payment(s, winner)
        landlord_wins = winner == s.landlord
        sign = 1 if landlord_wins else -1
        for i in range(PLAYERS):
            s.scores[i] += sign * (2 * amount if i == s.landlord else -amount)
        if landlord_wins:
            events = [Event(T("{seat} is out of cards: the landlord wins!", seat=Seat(winner)))]
        else:
            events = [Event(T("{seat} is out of cards: the peasants win!", seat=Seat(winner)))]
        detail = [T("bid {n}", n=s.high_bid)]
        if s.bombs:
            detail.append(N("{n} bomb", "{n} bombs", s.bombs))
        if spring:
            detail.append(T("spring"))
        why = AndList(tuple(detail))
        if landlord_wins:
            result = T("Deal {n}: each peasant pays {seat} {amount} ({why})", n=s.hand_no, seat=Seat(s.landlord),
                       amount=amount, why=why)
        else:
            result = T("Deal {n}: {seat} pays each peasant {amount} ({why})", n=s.hand_no, seat=Seat(s.landlord),
                       amount=amount, why=why)
        s.last_result = text_data(result)
        events.append(Event(T("{result}.", result=result)))
        return events + self._next_deal(s)

    def _next_deal(self, s: DouDizhuState) -> list[Event]:
        o: DouDizhuOptions = self.options_of(s)
        over = s.hand_no >= o.deals or (o.chips > 0 and min(s.scores) <= 0)
        if over:
            K.clear_table(s)        # the match is over: every card goes back to the pack (face down)
        return self._next_hand(s, over)

    # -- what people see
    def instruction(self, s: DouDizhuState, seat: int) -> str:
        if s.phase == BID:
            if s.high_bid:
                return T("The auction stands at {n} by {seat}: bid higher or pass.", n=s.high_bid,
                         seat=Seat(s.high_bidder))
            return T("Bid 1, 2 or 3 to become the landlord, or pass.")
        if not s.table:
            if seat == s.landlord:
                return T("Your lead (landlord): play any combination.")
            return T("Your lead (peasant): play any combination.")
        return super().instruction(s, seat)

    def _choices(self, s: DouDizhuState, seat: int) -> tuple:
        if s.phase == BID:
            return tuple((m, ((T("Your bid"), T("Pass") if m.kind == "pass" else m.arg),))
                         for m in self.moves(s, seat))
        return super()._choices(s, seat)

    def _status(self, s: DouDizhuState) -> Text:
        if s.over:
            return super()._status(s)
        if s.phase == BID:
            return T("Deal {n}. {seat} to bid.", n=s.hand_no, seat=Seat(s.turn))
        if s.table:
            return T("Deal {n}. {seat} to play.", n=s.hand_no, seat=Seat(s.turn))
        return T("Deal {n}. {seat} to lead.", n=s.hand_no, seat=Seat(s.turn))

    def _table_cleared(self, leader: int) -> Text:
        return T("Both others passed: {seat} leads anything.", seat=Seat(leader))

    def score_unit(self, s: DouDizhuState) -> tuple[str, str]:
        return (T("chip"), T("chips"))

    def view(self, s: DouDizhuState, seat: int | None) -> View:
        o: DouDizhuOptions = self.options_of(s)
        left = self._left(s)
        seats = []
        for i in range(PLAYERS):
            notes = [T("dealer")] if i == s.dealer else []
            if s.landlord >= 0:
                notes.append(self._side(s, i))
            if s.phase == PLAY and s.table and s.passed[i]:
                notes.append(T("passed"))
            seats.append(SeatView(i, left[i], s.scores[i], notes))
        # the face-up card and a revealed widow show once, among the known cards
        if o.chips:
            facts = [N("Match: {n} deal, {chips} chips each to start", "Match: {n} deals, {chips} chips each to start",
                       o.deals, chips=o.chips)]
        else:
            facts = [N("Match: {n} deal", "Match: {n} deals", o.deals)]
        if s.bids and s.landlord < 0:
            facts.append(T("Auction: {bids}", bids=AndList(tuple(text_from(b) for b in s.bids))))
        if s.landlord >= 0:
            facts.append(N("Landlord {seat} for {bid}; stake ×{times} ({n} bomb or rocket)",
                           "Landlord {seat} for {bid}; stake ×{times} ({n} bombs or rockets)", s.bombs,
                           seat=Seat(s.landlord), bid=s.high_bid, times=o.bomb_multiplier ** s.bombs))
        piles = [PileView(T("Widow"), [], len(s.widow))] if s.widow else []
        piles += [PileView(T("Known cards of {seat}", seat=Seat(i)), list(s.shown[i]), len(s.shown[i]), i)
                  for i in range(PLAYERS) if s.shown[i] and i != seat]
        return self._view(s, seat, seats, facts, piles)

    def heuristic_move(self, s: DouDizhuState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Bid by hand strength (the rollout's rule); in play the climbing rule of thumb
        (`climb_pick`), spending power when the other side is close to going out and
        passing rather than beating one's partner. Reads the own hand and card counts only."""
        if s.phase == BID:
            return self.rollout_move(s, seat, moves, rng)
        left = self._left(s)
        danger = any(0 < left[i] <= 2 for i in range(PLAYERS) if i != seat and (seat == s.landlord or i == s.landlord))
        partner_play = s.table_by not in (-1, seat, s.landlord) and seat != s.landlord
        return climb_pick(self.rules_of(s), self.hand_of(s, seat), self._legal(s, seat), bool(s.table), danger,
                          hold_back=partner_play)

    def zones(self, s: DouDizhuState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone(f"known {i}", h, "all") for i, h in enumerate(s.shown)]
                + [Zone("widow", s.widow, "none"), Zone("table", s.table, "all"), Zone("played", s.played, "all")])

    # -- computer players
    def hand_progress(self, s: DouDizhuState) -> list[float]:
        if s.phase == BID:
            return [0.0] * PLAYERS
        left = self._left(s)
        peasants = min(left[i] for i in range(PLAYERS) if i != s.landlord)
        return [-float(left[i]) if i == s.landlord else -float(peasants) for i in range(PLAYERS)]

    def rollout_move(self, s: DouDizhuState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        if s.phase == BID:
            hand = self.hand_of(s, seat)
            strength = sum({K.RED: 4, K.BLACK: 3, K.TWO: 2, K.ACE: 1}.get(K.RANK_INDEX[c], 0) for c in hand)
            counts: dict[int, int] = {}
            for c in hand:
                counts[K.RANK_INDEX[c]] = counts.get(K.RANK_INDEX[c], 0) + 1
            strength += 4 * sum(1 for n in counts.values() if n == 4) + rng.randrange(-2, 3)
            want = 3 if strength >= 14 else 2 if strength >= 11 else 1 if strength >= 8 else 0
            return _BIDS[want] if want > s.high_bid else PASS
        left = self._left(s)
        partner = s.table_by if s.table_by not in (-1, seat, s.landlord) and seat != s.landlord else -1
        danger = any(0 < left[i] <= 2 for i in range(PLAYERS)
                     if i != seat and (seat == s.landlord or i == s.landlord))
        return K.rollout_pick(self.rules_of(s), self.hand_of(s, seat), self._legal(s, seat), bool(s.table), rng,
                              danger, hold_back=partner >= 0)


GAME = DouDizhu()
