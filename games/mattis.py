"""Mattis: collect high cards in tricks, then shed them by beating everything on the table.

The rules are ``shared/rules/mattis.md`` (decisions and clarifications settled there).
Choices where they leave room, and how the game is stored:

* Phase 1 (collecting): every seat holds three cards; the leader and then each seat in
  turn play one card, or turn up the stock's top card and play it (blind play, option
  ``blind_play``, never with only one stock card left: decision 2). The highest rank wins
  whatever the suit (`games.common.tricks.top_rank_seats`); equal top ranks re-play among
  the tied seats in turn order (`tie_replay`: a tied seat with no cards plays blind
  automatically while the stock holds two or more, otherwise drops out; one left wins at
  once; nobody left: the earliest tied seat wins). With ``blind_play`` off a tied seat
  without cards drops out of the tie. The winner takes every card of the
  trick, tie-breaks included, and everyone draws up to three, the winner first, each
  taking all they need at once. The last stock card is shown and goes to its drawer's
  won pile: its suit is trump and its drawer the trump maker. After the drawing, phase 1
  ends when a seat holds no card; everybody's hand cards join their won pile.
* The trump card stays on the table message all game: in phase 2 everyone knows it is
  in its maker's hand until played.
* Won piles lie face down: the table shows their sizes only. Every card in them was
  played face up, as was every play picked up in phase 2, so the state keeps those hand
  cards apart (``known``) as public knowledge: only the cards left in hand at the end of
  phase 1 are secret (`Mattis.held_cards` joins both) [rec].
* Phase 2 (shedding, `games.common.beating`): each won pile becomes a hand. The trump
  maker leads (a leader without cards passes the lead to the left: clarification 7).
  Each play, a card or a run of one suit (K-A consecutive, A-2 not), must beat the last
  play on the table; a seat that cannot picks up the earliest play (option
  ``voluntary_pickup``: also when it could beat). A trick ends when it holds as many
  plays as seats were in when it started; its cards are discarded and the last player
  leads (if they went out, the next seat to the left with cards). A pickup that empties
  the table lets the next seat lead a new trick. A seat goes out when it empties its hand
  after having held cards: a blåmattis who never held any stays in. The game ends when
  one seat is left in: it is the mattis. After 400 actions of phase 2 the seats holding
  the most cards share the title [rec, clarification 10]. Should every seat still in hold
  no card with the table empty (all cards discarded), those seats share it [rec].
* Match (option ``games``): the deal passes left; the seats that were mattis the fewest
  times win. Scores count each seat's mattis titles; the fool's hat 🎩 marks the latest.
* Moves: phase 1 ``play 7H`` or ``blind``; phase 2 ``play 5H 6H 7H`` (lowest first) or
  ``pickup``. `moves` lists every legal play: each card and every run inside the
  hand's maximal runs (at most 91 per suit), which bounds the search's branching.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games import cards as C
from games.common import beating as B
from games.common.match import first_dealer, next_dealer
from games.common.table import draws, hand_zones
from games.common.tricks import power, tie_replay, top_rank_seats
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option
from games.playout import next_deal
from games.text import AndList, Card, Cards, Seat, Seats, Suit, Text, text_data, text_from, texts

T, N = texts("mattis")

COLLECT, SHED = "collect", "shed"
HAND_SIZE = 3
ACTION_CAP = 400
BLIND, PICKUP = Move("blind"), Move("pickup")
TEN = power("10S")


@dataclass(frozen=True)
class MattisOptions(Options):
    blind_play: bool = option(True, help=T("in phase 1 a player may play the top card of the stock unseen"))
    voluntary_pickup: bool = option(False, help=T("in phase 2 a player may pick up even when able to beat"))
    games: int = option(1, min=1, max=20, help=T("games in the match; the player who was mattis the fewest "
                                                  "times wins"))


@dataclass(kw_only=True)
class MattisState(State):
    phase: str = COLLECT
    hands: list[list[str]] = field(default_factory=list)      # phase 2: the cards only their holder has seen
    known: list[list[str]] = field(default_factory=list)      # phase 2: hand cards everyone saw arrive
    stock: list[str] = field(default_factory=list)
    won: list[list[str]] = field(default_factory=list)       # phase 1 won piles, face down
    tricks_won: list[int] = field(default_factory=list)
    trump_card: list[str] = field(default_factory=list)      # the last stock card, shown
    trump: str = ""
    maker: int = -1
    turn: int = 0
    leader: int = 0
    pot: list[str] = field(default_factory=list)              # every card of the phase 1 trick so far
    plays: list[list] = field(default_factory=list)           # this round's [seat, card], in order
    contenders: list[int] = field(default_factory=list)       # seats of this round (all, or the tied)
    queue: list[int] = field(default_factory=list)            # seats still to play this round
    table: list[list[str]] = field(default_factory=list)      # phase 2 plays on the table
    table_seats: list[int] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    size: int = 0                                             # plays the phase 2 trick needs
    last_player: int = -1
    out: list[bool] = field(default_factory=list)
    held: list[bool] = field(default_factory=list)            # has held cards in phase 2
    blue: list[bool] = field(default_factory=list)            # blåmattis: won no trick in phase 1
    went_out: list[int] = field(default_factory=list)         # seats in the order they went out
    actions: int = 0
    hat: list[int] = field(default_factory=list)              # the latest mattis
    last_result: str | dict = ""


def hand_sorted(cards: list[str]) -> list[str]:
    return B.sort_run(cards)


class Mattis(Game[MattisState]):
    @staticmethod
    def held_cards(s: MattisState, seat: int) -> list[str]:
        """Every card ``seat`` holds: its secret cards and those everyone saw it take."""
        return hand_sorted(s.hands[seat] + s.known[seat]) if s.known[seat] else s.hands[seat]

    key = "mattis"
    title = T("Mattis")
    aliases = ("mattis", "blåmattis", "blamattis")
    seats = range(3, 9)
    heuristic_trust = 1.0
    Options = MattisOptions
    State = MattisState
    summary = T("Win high cards in quick tricks, then beat your way out: the last one holding cards is the mattis.")
    rules = T(
        "Mattis is a Scandinavian game in two halves. Its name means the fool: the player left holding cards at "
        "the end.\n"
        "First half: everybody holds three cards. Each trick, everyone plays one card of any suit, and the "
        "highest rank takes it (aces high). If the top rank is tied, the tied players play another card between "
        "them until one wins, and the winner takes everything. While at least two cards are in the stock you "
        "may play its top card blind instead of one of yours. Then everyone draws back to three, the winner "
        "first. Whoever draws the very last stock card shows it: its suit is trump, and it goes straight to "
        "their winnings. The half ends after a trick when somebody has no card left.\n"
        "Second half: your winnings and leftover cards are your new hand. A player who won no trick is "
        "blåmattis (blue fool) and may start with few or no cards. The player who turned the trump leads. "
        "Each play must beat the last one on the table: a higher card of the same suit, or any trump on a "
        "non-trump. Instead of one card you may play a run of the same suit (like 7-8-9; K-A counts, A-2 does "
        "not): it beats and is beaten by its lowest and highest cards. If you cannot beat, pick up the oldest "
        "play on the table. A trick ends when it holds as many plays as there were players in it; those cards "
        "leave the game and the last player leads. Empty your hand and you are out. The last one in is the "
        "mattis."
    )

    # -- dealing
    def setup(self, players: int, options: MattisOptions, seed: int) -> MattisState:
        s = MattisState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: MattisState) -> list[Event]:
        p = s.players
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.hands = [hand_sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(p)]
        s.known = [[] for _ in range(p)]
        s.stock = deck[p * HAND_SIZE:]
        s.phase, s.won, s.tricks_won = COLLECT, [[] for _ in range(p)], [0] * p
        s.trump_card, s.trump, s.maker = [], "", -1
        s.table, s.table_seats, s.discard, s.size, s.last_player = [], [], [], 0, -1
        s.out, s.held, s.blue, s.went_out, s.actions = [False] * p, [False] * p, [False] * p, [], 0
        s.hand_no += 1
        first = (s.dealer + 1) % p
        events = [Event(T("Game {n} of {total}: {dealer} deals three cards each.", n=s.hand_no,
                          total=self.options_of(s).games, dealer=Seat(s.dealer)))]
        return events + self._start_trick(s, first)

    # -- phase 1
    def _start_trick(self, s: MattisState, leader: int) -> list[Event]:
        s.leader, s.pot = leader, []
        order = [(leader + i) % s.players for i in range(s.players)]
        return self._start_round(s, order)

    def _start_round(self, s: MattisState, seats: list[int]) -> list[Event]:
        s.contenders, s.queue, s.plays = list(seats), list(seats), []
        return self._next_in_round(s)

    def _blind_allowed(self, s: MattisState) -> bool:
        return self.options_of(s).blind_play and len(s.stock) >= 2

    def _can_play(self, s: MattisState, seat: int) -> bool:
        return bool(s.hands[seat]) or self._blind_allowed(s)

    def _next_in_round(self, s: MattisState) -> list[Event]:
        """Hand the turn to the next seat of the round, playing blind for a tied seat without
        cards (clarification 4) or passing over one that cannot play; resolve a finished round."""
        events: list[Event] = []
        while s.queue:
            seat = s.queue[0]
            if s.hands[seat]:
                s.turn = seat
                return events
            if self._blind_allowed(s):
                events += self._play_blind(s, seat, automatic=True)
            else:
                s.queue.pop(0)
                events.append(Event(T("{seat} has no card left and drops out of the tie.", seat=Seat(seat))))
        return events + self._end_round(s)

    def _play_blind(self, s: MattisState, seat: int, automatic: bool = False) -> list[Event]:
        code = s.stock.pop()
        text = (T("{seat} has no card and plays blind from the stock: {card}.", seat=Seat(seat), card=Card(code))
                if automatic else T("{seat} plays blind from the stock: {card}.", seat=Seat(seat), card=Card(code)))
        return [Event(text)] + self._record_play(s, seat, code)

    def _record_play(self, s: MattisState, seat: int, code: str) -> list[Event]:
        s.plays.append([seat, code])
        s.pot.append(code)
        s.queue.pop(0)
        return []

    def _end_round(self, s: MattisState) -> list[Event]:
        tied = top_rank_seats([(seat, code) for seat, code in s.plays]) or s.contenders[:1]
        if len(tied) == 1:
            return self._take_trick(s, tied[0])
        again, winner = tie_replay(tied, [self._can_play(s, i) for i in range(s.players)])
        if winner is not None:
            why = (T("{seats} tie; only {seat} can play on and wins the tie.", seats=Seats(tuple(tied)),
                     seat=Seat(winner)) if self._can_play(s, winner)
                   else T("{seats} tie and nobody can play on: {seat}, the first of them, wins the tie.",
                          seats=Seats(tuple(tied)), seat=Seat(winner)))
            return [Event(why)] + self._take_trick(s, winner)
        events = [Event(T("{seats} tie: they play again.", seats=Seats(tuple(tied))))]
        return events + self._start_round(s, again)

    def _take_trick(self, s: MattisState, winner: int) -> list[Event]:
        s.won[winner] += s.pot
        s.tricks_won[winner] += 1
        events = [Event(N("{seat} takes the trick ({n} card).", "{seat} takes the trick ({n} cards).",
                          len(s.pot), seat=Seat(winner)))]
        s.pot, s.plays, s.contenders, s.queue = [], [], [], []
        events += self._draw_round(s, winner)
        if any(not h for h in s.hands):
            return events + self._start_shedding(s)
        return events + self._start_trick(s, winner)

    def _draw_round(self, s: MattisState, first: int) -> list[Event]:
        """Everyone draws up to three, ``first`` first, each taking all they need at once; the
        last stock card goes to its drawer's won pile as the trump card (clarifications 1, 2)."""
        events: list[Event] = []
        for k in range(s.players):
            seat = (first + k) % s.players
            need = min(HAND_SIZE - len(s.hands[seat]), len(s.stock))
            taken = 0
            for _ in range(need):
                code = s.stock.pop()
                if s.stock:
                    s.hands[seat].append(code)
                    taken += 1
                    continue
                if taken:
                    events.append(draws(seat, taken))
                    taken = 0
                s.trump_card, s.trump, s.maker = [code], C.suit(code), seat
                events.append(Event(T("{seat} draws the last card of the stock, {card}: {suit} are trump.",
                                      seat=Seat(seat), card=Card(code), suit=Suit(s.trump))))
            if taken:
                events.append(draws(seat, taken))
            s.hands[seat] = hand_sorted(s.hands[seat])
        return events

    # -- phase 2
    def _start_shedding(self, s: MattisState) -> list[Event]:
        p = s.players
        s.won[s.maker] += s.trump_card
        for i in range(p):
            s.known[i], s.won[i] = hand_sorted(s.won[i]), []
        s.phase = SHED
        s.blue = [n == 0 for n in s.tricks_won]
        s.held = [bool(self.held_cards(s, i)) for i in range(p)]
        events = [Event(T("Phase 1 is over: everyone's winnings become their hand. {suit} are trump.",
                          suit=Suit(s.trump)))]
        blue = [i for i in range(p) if s.blue[i]]
        if blue:
            events.append(Event(T("Blåmattis (no trick won): {seats}.", seats=Seats(tuple(blue)))))
        return events + self._lead(s, s.maker)

    def _in(self, s: MattisState) -> list[int]:
        return [i for i in range(s.players) if not s.out[i]]

    def _lead(self, s: MattisState, seat: int) -> list[Event]:
        """A new trick, led by ``seat`` or the next seat to the left still in and holding cards."""
        s.table, s.table_seats = [], []
        s.size = B.trick_size([not x for x in s.out])
        for k in range(s.players):
            candidate = (seat + k) % s.players
            if not s.out[candidate] and self.held_cards(s, candidate):
                s.turn = candidate
                return []
        return self._finish_game(s, self._in(s))

    def _next_in(self, s: MattisState, seat: int) -> int:
        for k in range(1, s.players + 1):
            candidate = (seat + k) % s.players
            if not s.out[candidate]:
                return candidate
        return seat

    def _shed(self, s: MattisState, seat: int, cards: list[str]) -> list[Event]:
        for code in cards:
            (s.hands[seat] if code in s.hands[seat] else s.known[seat]).remove(code)
        s.table.append(cards)
        s.table_seats.append(seat)
        s.actions += 1
        s.last_player = seat
        events = [Event(T("{seat} plays {cards}.", seat=Seat(seat), cards=Cards(tuple(cards))))]
        if not self.held_cards(s, seat):
            s.out[seat] = True
            s.went_out.append(seat)
            events.append(Event(T("{seat} has no cards left and is out.", seat=Seat(seat))))
            left = self._in(s)
            if len(left) <= 1:
                return events + self._finish_game(s, left)
        if B.trick_complete(s.table, s.size):
            s.discard += [c for play in s.table for c in play]
            events.append(Event(T("The trick is complete and its cards are discarded.")))
            return events + self._after_action(s, lambda: self._lead(s, seat))
        s.turn = self._next_in(s, seat)
        return events + self._after_action(s, lambda: [])

    def _pick_up(self, s: MattisState, seat: int) -> list[Event]:
        cards = s.table.pop(B.lowest_play(s.table))
        s.table_seats.pop(0)
        s.known[seat] = hand_sorted(s.known[seat] + cards)
        s.held[seat] = True
        s.actions += 1
        events = [Event(T("{seat} picks up {cards}.", seat=Seat(seat), cards=Cards(tuple(cards))))]
        if not s.table:
            return events + self._after_action(s, lambda: self._lead(s, self._next_in(s, seat)))
        s.turn = self._next_in(s, seat)
        return events + self._after_action(s, lambda: [])

    def _after_action(self, s: MattisState, then) -> list[Event]:
        """The loop cap (clarification 10) before play goes on."""
        if s.actions < ACTION_CAP:
            return then()
        left = self._in(s)
        most = max(len(self.held_cards(s, i)) for i in left)
        fools = [i for i in left if len(self.held_cards(s, i)) == most]
        return [Event(T("Phase 2 has reached {n} actions: whoever holds the most cards is the mattis.",
                        n=ACTION_CAP))] + self._finish_game(s, fools)

    def _finish_game(self, s: MattisState, fools: list[int]) -> list[Event]:
        for i in fools:
            s.scores[i] += 1
        s.hat = list(fools)
        if fools:
            result = T("Game {n}: {seats} is the mattis 🎩.", n=s.hand_no, seats=Seats(tuple(fools))) \
                if len(fools) == 1 else T("Game {n}: {seats} share the mattis title 🎩.", n=s.hand_no,
                                          seats=Seats(tuple(fools)))
        else:
            result = T("Game {n}: nobody is the mattis.", n=s.hand_no)
        s.last_result = text_data(result)
        events = [Event(result)]
        if s.hand_no >= self.options_of(s).games:
            s.over = True
            return events + [Event(self.outcome(s).summary)]
        s.dealer = next_dealer(s.dealer, s.players)
        return events + next_deal(s, self._deal)

    # -- legality
    def to_move(self, s: MattisState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: MattisState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        if s.phase == COLLECT:
            plays = [Move("play", (c,)) for c in s.hands[seat]]
            return plays + [BLIND] if self._blind_allowed(s) else plays
        plays = [Move("play", tuple(p)) for p in B.beating_plays(self.held_cards(s, seat), s.table, s.trump)]
        if s.table and (not plays or self.options_of(s).voluntary_pickup):
            plays.append(PICKUP)
        return plays

    def refuse(self, s: MattisState, seat: int, move: Move) -> Text | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if move.kind == "blind":
            if s.phase != COLLECT:
                return T("Blind play is only for the first half.")
            if not self.options_of(s).blind_play:
                return T("Blind play is off at this table.")
            return T("You may play blind only while the stock holds two or more cards.")
        if move.kind == "pickup":
            if s.phase != SHED or not s.table:
                return T("There is nothing on the table to pick up.")
            return T("You can beat the table, so you must play.")
        if move.kind == "play":
            if not move.args or not all(C.is_card(a) for a in move.args):
                return T("Name the cards to play, e.g. 'play 7H 8H 9H'.")
            codes = [C.card(a).code for a in move.args]
            missing = [c for c in codes if c not in self.held_cards(s, seat)]
            if missing:
                return T("You do not hold {cards}.", cards=Cards(tuple(missing)))
            if s.phase == COLLECT:
                return T("Play one card in the first half.")
            if not B.is_play(codes):
                return T("Play one card or a run of consecutive cards of one suit.")
            if Move("play", tuple(B.sort_run(codes))) in legal:
                return T("Write the run lowest card first, e.g. '{move}'.", move="play " + " ".join(B.sort_run(codes)))
            top = s.table[-1]
            return T("That does not beat {cards}: play higher in its suit, or a trump.", cards=Cards(tuple(top)))
        return T("'{move}' is not a move in Mattis.", move=str(move))

    # -- playing
    def play(self, s: MattisState, seat: int, move: Move) -> list[Event]:
        if move.kind == "blind":
            return self._play_blind(s, seat) + self._next_in_round(s)
        if move.kind == "pickup":
            return self._pick_up(s, seat)
        if s.phase == COLLECT:
            code = move.args[0]
            s.hands[seat].remove(code)
            events = [Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code)))]
            return events + self._record_play(s, seat, code) + self._next_in_round(s)
        return self._shed(s, seat, list(move.args))

    # -- what people see
    def instruction(self, s: MattisState, seat: int) -> Text:
        if s.phase == COLLECT:
            if len(s.contenders) < s.players:
                return T("Break the tie: play a card; the highest rank takes the trick.")
            return T("Play any card: the highest rank takes the trick, whatever the suit.")
        trump = T("{symbol} {suit} are trump", symbol=C.SUIT_SYMBOLS[s.trump], suit=Suit(s.trump))
        if not s.table:
            return T("Lead a card or a run ({trump}).", trump=trump)
        if not self.held_cards(s, seat):
            return T("You have no cards: pick up the oldest play ({trump}).", trump=trump)
        return T("Beat {cards} with a higher card or run of its suit, or a trump; or pick up if you cannot "
                 "({trump}).", cards=Cards(tuple(s.table[-1])), trump=trump)

    def describe(self, s: MattisState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if s.phase == COLLECT:
            if move.kind == "blind":
                return ((T("Play a card"), T("Play blind from the stock")),)
            return ((T("Play a card"), T("{card}", card=Card(move.args[0]))),)
        suit_q = T("Choose a suit")
        if move.kind == "pickup":
            return ((suit_q, T("Pick up {cards}", cards=Cards(tuple(s.table[0])))),)
        first, last = move.args[0], move.args[-1]
        x = C.suit(first)
        return ((suit_q, T("{symbol} {suit}", symbol=C.SUIT_SYMBOLS[x], suit=Suit(x))),
                (T("From"), T("{card}", card=Card(first))),
                (T("To"), T("{card} alone", card=Card(first)) if len(move.args) == 1
                 else T("up to {card}", card=Card(last))))

    def preview(self, s: MattisState, seat: int, move: Move) -> str:
        if move.kind == "play" and s.phase == SHED:
            return T("Play {cards}", cards=Cards(move.args))
        return self.describe(s, seat, move)[-1][1]

    def view(self, s: MattisState, seat: int | None) -> View:
        seats = []
        for i in range(s.players):
            notes = [T("dealer")] if i == s.dealer else []
            if i in s.hat:
                notes.append(T("🎩 latest mattis"))
            if s.phase == COLLECT:
                notes.append(N("{n} card won", "{n} cards won", len(s.won[i])))
            else:
                if s.blue[i]:
                    notes.append(T("blåmattis"))
                if s.out[i]:
                    notes.append(T("out"))
            seats.append(SeatView(i, len(self.held_cards(s, i)), s.scores[i], notes))
        facts = self._facts(s)
        piles = self._piles(s)
        return View(game=self.key, seat=seat, hand=self.held_cards(s, seat) if seat is not None else [],
                    seats=seats, piles=piles, status=self._status(s), facts=facts, to_move=sorted(self.to_move(s)),
                    over=s.over, result=self.outcome(s).summary if s.over else None)

    def _facts(self, s: MattisState) -> list[str]:
        facts: list[str] = []
        if s.trump:
            facts.append(T("Trump: {card} turned by {seat}: {suit} are trump", card=Card(s.trump_card[0]),
                           seat=Seat(s.maker), suit=Suit(s.trump)))
        if s.phase == COLLECT and len(s.contenders) < s.players and s.contenders:
            facts.append(T("Tie-break between {seats}", seats=Seats(tuple(s.contenders))))
        if s.phase == SHED and s.table:
            facts.append(N("On the table: {plays}; the trick needs {n} more play",
                           "On the table: {plays}; the trick needs {n} more plays", s.size - len(s.table),
                           plays=AndList(tuple(Cards(tuple(p)) for p in s.table))))
        if s.phase == SHED:
            out = [i for i in range(s.players) if s.out[i]]
            if out:
                facts.append(T("Out: {seats}", seats=Seats(tuple(out))))
        if s.last_result:
            facts.append(text_from(s.last_result))
        return facts

    def _piles(self, s: MattisState) -> list[PileView]:
        if s.phase == COLLECT:
            return [PileView(T("Trick"), list(s.pot), len(s.pot)), PileView(T("Stock"), [], len(s.stock)),
                    PileView(T("Trump card"), list(s.trump_card), len(s.trump_card), s.maker if s.maker >= 0
                             else None)]
        shown = [c for play in s.table for c in play]
        return [PileView(T("Table"), shown, len(shown)), PileView(T("Discarded"), [], len(s.discard))]

    def _status(self, s: MattisState) -> Text:
        title = T("Game {n} of {total}", n=s.hand_no, total=self.options_of(s).games)
        if s.over:
            return self.outcome(s).summary
        if s.phase == COLLECT:
            return T("{game}, phase 1. {seat} to play.", game=title, seat=Seat(s.turn))
        if not s.table:
            return T("{game}, phase 2. {seat} to lead.", game=title, seat=Seat(s.turn))
        return T("{game}, phase 2. {seat} to beat or pick up.", game=title, seat=Seat(s.turn))

    def zones(self, s: MattisState) -> list[Zone]:
        trump_card = s.trump_card if s.phase == COLLECT else []   # in phase 2 it is in its maker's hand
        return (hand_zones(s.hands) + [Zone(f"known {i}", k, "all") for i, k in enumerate(s.known)]
                + [Zone("stock", s.stock, "none"), Zone("pot", s.pot, "all"),
                   Zone("trump card", trump_card, "all"), Zone("discard", s.discard, "all"),
                   Zone("table", [c for p in s.table for c in p], "all")]
                + [Zone(f"won {i}", w, "all") for i, w in enumerate(s.won)])

    def standing(self, s: MattisState) -> list[float]:
        return [-float(x) for x in s.scores]

    def hand_progress(self, s: MattisState) -> list[float]:
        if s.phase == COLLECT:
            return [sum(power(c) for c in s.won[i]) / 100.0 for i in range(s.players)]
        return [100.0 - s.went_out.index(i) if s.out[i] else -float(len(self.held_cards(s, i)))
                for i in range(s.players)]

    def outcome(self, s: MattisState) -> Outcome | None:
        if not s.over:
            return None
        placings = placings_from(self.standing(s))
        winners = [i for i, p in enumerate(placings) if p == 1]
        summary = (N("{seats} wins, mattis {n} time.", "{seats} wins, mattis {n} times.", s.scores[winners[0]],
                     seats=Seats(tuple(winners))) if len(winners) == 1
                   else N("{seats} share the win, mattis {n} time each.", "{seats} share the win, mattis {n} times "
                          "each.", s.scores[winners[0]], seats=Seats(tuple(winners))))
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    def score_unit(self, s: MattisState) -> tuple[str, str]:
        return (T("time mattis"), T("times mattis"))

    # -- computer players
    def rollout_move(self, s: MattisState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        if s.phase == COLLECT:
            return self._collect_move(s, seat, moves)
        return self._shed_move(s, seat, moves)

    heuristic_move = rollout_move

    def _collect_move(self, s: MattisState, seat: int, moves: list[Move]) -> Move:
        """Win a trick holding high cards with the cheapest card that wins for sure (last to
        play, or an ace); otherwise throw the lowest card, or play blind holding only high ones."""
        cards = [m.args[0] for m in moves if m.kind == "play"]
        top = max((power(c) for _, c in s.plays), default=-1)
        worth = any(power(c) >= TEN for c in s.pot)
        last = len(s.queue) == 1
        winners = [c for c in cards if power(c) > top and (last or power(c) == power("AS"))]
        if winners and (worth or last and top >= 0 and power(min(winners, key=power)) < TEN):
            return Move("play", (min(winners, key=power),))
        low = min(cards, key=power)
        if BLIND in moves and power(low) >= TEN and not (last and not worth):
            return BLIND
        return Move("play", (low,))

    def _shed_move(self, s: MattisState, seat: int, moves: list[Move]) -> Move:
        """Lead the longest low run outside trumps; beat with the cheapest play, trumps last."""
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            return PICKUP

        def cost(m: Move) -> tuple:
            trump = C.suit(m.args[0]) == s.trump
            return (trump, -len(m.args), B.rank_power(m.args[-1]))
        return min(plays, key=cost)


GAME = Mattis()
