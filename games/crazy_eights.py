"""Crazy Eights: shed your hand by matching the top discard by suit or rank.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/crazy_eights.md``; [rec] marks our own):

* An 8 or a joker turned as the first upcard is buried in the stock and another
  card turned (option ``upcard=open`` keeps it: an open 8 is matched like any
  card, an open joker allows anything).
* After an 8 the next player must play the named suit, another 8 or a joker. An
  8 that is a player's last card names no suit: the hand is over.
* A joker names nothing: the next player may play any card.
* Drawing (default ``draw=until_playable``): a player may draw instead of playing;
  once they hold a playable card after drawing they must play one (any playable
  card, not only the drawn one). With ``draw=one_then_pass`` a player draws one
  card and then plays that card if it fits, or passes.
* When the stock is empty the discards under the top card are shuffled into a new
  stock, at most ``MAX_RECYCLES`` times a hand [rec]: without a limit, players who
  each name a suit the next one lacks can pass the four 8s round the table for ever
  (draw an 8, play it, the next player draws it back). When nothing can be drawn, a
  player who cannot play passes; if every player passes in a row the hand is
  blocked and the fewest cards wins, then the lowest penalty points; a remaining
  tie shares the win [rec].
* Penalty points: 8s 50, court cards 10, aces 1, other cards their pip value,
  jokers 50 [rec: like the other wild card].
* Scoring: by default one hand decides (``hands_to_win`` = 1). ``hands_to_win``
  N plays until someone has won N hands (tied winners of a blocked hand each
  count a win). ``scoring=penalty`` charges every player the penalty points left
  in their hand; when someone reaches ``penalty_target`` the lowest total wins.
* Two decks for six or more players (``decks`` 0 = automatic); with one deck at
  most five may play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games import cards as C
from games.common.lacks import LackState, deal_lacks_around, drew_unseen, forget_lacks, played_seen, saw_lacking
from games.common.match import MatchFormat, first_dealer, next_dealer, next_seat
from games.common.reading import (
    ReadState,
    as_played,
    deal_to_explain,
    drew_unseen_cards,
    forget_plays,
    saw_move,
    saw_play,
)
from games.common.shedding import ANY, matches, score_hand, suit_text
from games.common.stock import can_draw, recycle
from games.common.table import draws
from games.common.thumb import most_held_suit, shed_pick
from games.engine import (
    BadOption,
    Choice,
    Event,
    Game,
    Move,
    Outcome,
    PileView,
    SeatView,
    View,
    Zone,
    placings_from,
)
from games.options import Options, option
from games.playout import imagined, next_deal
from games.text import Card, Seat, Seats, Text, text_from, texts

T, N = texts("crazy_eights")

WILD_RANK = 8
WILD = (0, WILD_RANK)   # jokers (rank 0) and 8s fit anything; after a joker `named` is ANY
EVERY_CARD = sorted(set(C.french_deck(jokers=2)))
MAX_RECYCLES = 20       # a hand turns its discards into a new stock at most this often
NO_MORE_RECYCLES = T("The discard pile will not be turned over again this hand.")


@dataclass(frozen=True)
class CrazyEightsOptions(Options):
    jokers: int = option(0, choices=(0, 2), help=T("jokers per deck; jokers are wild but name no suit"))
    decks: int = option(0, choices=(0, 1, 2), help=T("0 = one deck up to 5 players, two decks for more"))
    hand_size: int = option(8, min=5, max=10, help=T("cards dealt to each player"))
    draw: str = option("until_playable", choices=("until_playable", "one_then_pass"),
                       help=T("draw until you can play, or draw one card then play it or pass"))
    upcard: str = option("bury", choices=("bury", "open"),
                         help=T("an 8 or joker turned as the first upcard is buried, or left open"))
    scoring: str = option("wins", choices=("wins", "penalty"),
                          help=T("count hands won, or penalty points left in hand"))
    hands_to_win: int = option(1, min=1, max=10, only_with=("scoring", "wins"),
                               help=T("hands needed to win the match"))
    penalty_target: int = option(100, min=25, max=1000,
                                 only_with=("scoring", "penalty"),
                                 help=T("the match ends when someone reaches this"))

    def deck_count(self, players: int) -> int:
        return self.decks or (1 if players <= 5 else 2)

    def check(self, players: int) -> None:
        if self.decks == 1 and players > 5:
            raise BadOption(T("option '{option}': one deck is enough for at most {most} players; "
                              "use 2 (or 0 for automatic)", option="decks", most=5))
        size = 52 * self.deck_count(players) + self.jokers * self.deck_count(players)
        if players * self.hand_size + 1 > size:
            raise BadOption(T("option '{option}': {players} hands of {size} do not fit in the deck",
                              option="hand_size", players=players, size=self.hand_size))

    def match(self) -> MatchFormat:
        if self.scoring == "penalty":
            return MatchFormat("lowest", self.penalty_target)
        return MatchFormat("wins", self.hands_to_win)


@dataclass(kw_only=True)
class CrazyEightsState(LackState, ReadState):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)     # top is the last card
    discard: list[str] = field(default_factory=list)   # top is the last card
    turn: int = 0
    named: str = ""          # suit named by the last 8, ANY after a joker, "" otherwise
    drawn: str = ""          # the card this player drew last this turn ("" = not drawn yet)
    passes: int = 0          # passes in a row
    recycles: int = 0        # times this hand's discards were shuffled into a new stock
    last_result: str = ""


def penalty(code: str) -> int:
    c = C.card(code)
    if c.is_joker or c.rank == WILD_RANK:
        return 50
    if c.rank >= C.JACK:
        return 10
    return c.rank


def is_wild(code: str) -> bool:
    return C.RANK[code] in (0, WILD_RANK)


class CrazyEights(Game[CrazyEightsState]):
    key = "crazy_eights"
    title = T("Crazy Eights")
    # other names players search for (/play)
    aliases = ('uno', 'mau mau', 'ocho loco', 'ochos locos', 'oito maluco', 'crazy 8s', 'crazy 8')
    seats = range(2, 9)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = CrazyEightsOptions
    State = CrazyEightsState
    summary = T("Shed your hand by matching suit or rank; 8s are wild.")
    rules = T(
        "Everyone gets eight cards and one card is turned up to start the discard pile. "
        "On your turn, put down a card with the same suit or the same rank as the top "
        "discard. Any 8 can be played at any time: you then choose the suit the next "
        "player must follow (or they may answer with another 8). Jokers, when used, are "
        "wild too and leave the next player free to play anything.\n"
        "If you cannot or would rather not play, draw cards one at a time until you hold "
        "something playable, then play. An empty stock is rebuilt by shuffling the discards "
        "under the top card, up to {n} times a hand. If nobody can play or draw, the player "
        "with the fewest cards wins the blocked hand.\n"
        "The first player to get rid of every card wins the hand. Matches can be played to a "
        "number of hand wins, or with penalty points for cards left in hand (8s 50, court "
        "cards 10, aces 1, others their number), lowest total winning.",
        n=MAX_RECYCLES,
    )

    # -- dealing
    def setup(self, players: int, options: CrazyEightsOptions, seed: int) -> CrazyEightsState:
        s = CrazyEightsState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: CrazyEightsState) -> list[Event]:
        o: CrazyEightsOptions = self.options_of(s)
        deck = C.french_deck(jokers=o.jokers, decks=o.deck_count(s.players))
        rng = s.rng()
        rng.shuffle(deck)
        s.hands = [C.sorted_hand([deck.pop() for _ in range(o.hand_size)]) for _ in range(s.players)]
        s.stock, s.discard = deck, [deck.pop()]
        events = []
        # bury under the top of the stock, so the next card turned is another one; if
        # the stock holds only wild cards, the upcard stays open
        while o.upcard == "bury" and is_wild(s.discard[-1]) and not all(map(is_wild, s.stock)):
            buried = s.discard.pop()
            s.stock.insert(rng.randrange(len(s.stock)), buried)
            s.discard.append(s.stock.pop())
            events.append(Event(T("{card} is turned up and buried in the stock.", card=Card(buried))))
        s.named = ANY if C.is_joker(s.discard[-1]) else ""
        s.turn = next_seat(s.dealer, s.players)
        s.drawn, s.passes, s.recycles = "", 0, 0
        forget_lacks(s)
        forget_plays(s)
        s.hand_no += 1
        events.insert(0, Event(T("Hand {hand}: {dealer} deals; the upcard is {card}.",
                                 hand=s.hand_no, dealer=Seat(s.dealer), card=Card(s.discard[-1]))))
        return events

    # -- legality
    def playable(self, s: CrazyEightsState, code: str) -> bool:
        # the shared predicate: after an 8 the named suit, or another 8 (wild anyway)
        return matches(code, s.discard[-1], s.named, WILD)

    def to_move(self, s: CrazyEightsState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: CrazyEightsState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        o: CrazyEightsOptions = self.options_of(s)
        hand = s.hands[seat]
        drawable = self._can_draw(s)
        if s.drawn and o.draw == "one_then_pass":
            plays = self._plays(s, seat, [s.drawn] if self.playable(s, s.drawn) else [])
            return plays + [Move("pass")]
        plays = self._plays(s, seat, [c for c in hand if self.playable(s, c)])
        if s.drawn and plays:
            return plays
        if drawable:
            return plays + [Move("draw")]
        return plays or [Move("pass")]

    def _plays(self, s: CrazyEightsState, seat: int, codes: list[str]) -> list[Move]:
        out = []
        last = len(s.hands[seat]) == 1
        for code in dict.fromkeys(codes):
            if C.rank(code) == WILD_RANK and not last:
                out += [Move("play", (code,), (("suit", suit),)) for suit in C.SUITS]
            else:
                out.append(Move("play", (code,)))
        return out

    def refuse(self, s: CrazyEightsState, seat: int, move: Move) -> Text | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if move.kind == "play":
            if len(move.args) != 1 or not C.is_card(move.args[0]):
                return T("Say which one card to play, e.g. '{example}'.", example="play 5S")
            code = C.card(move.args[0]).code
            if code not in s.hands[seat]:
                return T("You do not hold {card}.", card=Card(code))
            if C.rank(code) == WILD_RANK and move.param("suit") not in C.SUITS and len(s.hands[seat]) > 1:
                return T("Name a suit for your 8: {example}.", example="suit=S, H, D or C")
            one_draw = s.drawn and self.options_of(s).draw == "one_then_pass"
            if one_draw and code != s.drawn:
                return T("After drawing you may only play the card you drew, or pass.")
            if not self.playable(s, code):
                return T("{card} does not match {target}.", card=Card(code), target=self._target_text(s))
            if len(s.hands[seat]) == 1 or C.rank(code) != WILD_RANK:
                example = f"play {code}"
            else:
                example = f"play {code} suit={move.param('suit')}"
            return T("Write the move as it is offered, e.g. '{example}'.", example=example)
        if move.kind == "draw":
            if move.args or move.params:
                return T("To draw, just say '{example}'.", example="draw")
            if s.drawn and self.options_of(s).draw == "one_then_pass":
                return T("You have drawn your one card: play it if it fits, or pass.")
            if s.drawn and any(m.kind == "play" for m in legal):
                return T("You drew a card you can play: you must play now.")
            return T("There is nothing left to draw.")
        if move.kind == "pass":
            if move.args or move.params:
                return T("To pass, just say '{example}'.", example="pass")
            return T("You can only pass when you cannot play or draw.")
        return T("'{move}' is not a move in Crazy Eights.", move=str(move))

    # -- playing
    def play(self, s: CrazyEightsState, seat: int, move: Move) -> list[Event]:
        one_draw = self.options_of(s).draw == "one_then_pass"
        if move.kind == "draw":
            if s.drawn and not one_draw:    # drawing again: nothing held fitted
                self._saw_no_play(s, seat)
            elif not s.drawn:
                saw_move(self, s, seat, move, [s.discard[-1], s.named], self._as_it_was,
                         s.lacks[seat] if s.lacks else ())
            return self._draw(s, seat)
        if move.kind == "pass":
            # only passes forced by an empty stock can block the hand; a pass after a
            # draw (draw=one_then_pass) leaves the player cards to try next time
            voluntary = bool(s.drawn) and one_draw
            if not voluntary:
                self._saw_no_play(s, seat)
            s.passes = 0 if voluntary else s.passes + 1
            s.drawn = ""
            events = [Event(T("{seat} passes.", seat=Seat(seat)))]
            if s.passes >= s.players:
                return events + self._end_hand(s, None)
            s.turn = next_seat(seat, s.players)
            return events
        code = move.args[0]
        saw_play(self, s, seat, move, [s.discard[-1], s.named], self._as_it_was,
                 s.lacks[seat] if s.lacks else ())
        s.hands[seat].remove(code)
        s.discard.append(code)
        played_seen(s, seat, [code])
        s.passes, s.drawn = 0, ""
        suit = move.param("suit")
        if C.is_joker(code):
            s.named = ANY
            events = [Event(T("{seat} plays {card}: anything goes.", seat=Seat(seat), card=Card(code)))]
        elif suit:
            s.named = suit
            events = [Event(T("{seat} plays {card} and names {suit}.", seat=Seat(seat), card=Card(code),
                                suit=suit_text(suit)))]
        else:
            s.named = ""
            events = [Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code)))]
        if not s.hands[seat]:
            return events + self._end_hand(s, seat)
        if len(s.hands[seat]) == 1:
            events.append(Event(T("{seat} has one card left.", seat=Seat(seat))))
        s.turn = next_seat(seat, s.players)
        return events

    @staticmethod
    def _can_draw(s: CrazyEightsState) -> bool:
        return bool(s.stock) or (s.recycles < MAX_RECYCLES and can_draw(s.stock, s.discard))

    def _draw(self, s: CrazyEightsState, seat: int) -> list[Event]:
        events = []
        if not s.stock and recycle(s.stock, s.discard, s.rng()):
            s.recycles += 1
            events.append(Event(T("The discard pile was shuffled into a new stock.")))
            if s.recycles == MAX_RECYCLES:
                events.append(Event(NO_MORE_RECYCLES))
        code = s.stock.pop()
        s.hands[seat].append(code)
        s.hands[seat].sort(key=C.sort_key)
        s.drawn = code
        s.passes = 0
        drew_unseen(s, seat, 1)
        drew_unseen_cards(s, seat)
        events += [draws(seat), Event(T("You drew {card}.", card=Card(code)), to=seat)]
        return events

    def _saw_no_play(self, s: CrazyEightsState, seat: int) -> None:
        """``seat`` drew again or passed because nothing it held fitted: everyone knows it."""
        if imagined():   # a playout: no later redeal reads it
            return
        saw_lacking(s, seat, [c for c in EVERY_CARD if self.playable(s, c)])

    def _end_hand(self, s: CrazyEightsState, out_seat: int | None) -> list[Event]:
        o: CrazyEightsOptions = self.options_of(s)
        events = score_hand(s, out_seat, penalty, o.scoring == "penalty")
        if o.match().finished(s.scores, s.hand_no):
            s.over = True
            out = self.outcome(s)
            events.append(Event(out.summary))
            return events
        s.dealer = next_dealer(s.dealer, s.players)
        return events + next_deal(s, self._deal)

    # -- what people see
    def _target_text(self, s: CrazyEightsState) -> Text:
        if s.named == ANY:
            return T("anything (a joker is on top)")
        if s.named:
            return T("the named suit, {suit}", suit=suit_text(s.named))
        return T("{card}", card=Card(s.discard[-1]))

    def instruction(self, s: CrazyEightsState, seat: int) -> Text:
        moves = self.moves(s, seat)
        kinds = {m.kind for m in moves}
        target = self._target_text(s)
        drawn = Card(s.drawn)
        if s.drawn and self.options_of(s).draw == "one_then_pass":
            if "play" in kinds:
                return T("You drew {card}. Play it on {target}, or pass.", card=drawn, target=target)
            return T("You drew {card}; it does not match {target}: pass.", card=drawn, target=target)
        if kinds == {"pass"}:
            return T("You cannot match {target} and nothing is left to draw: pass.", target=target)
        if s.drawn and "play" in kinds:
            return T("You drew {card}. Play a card on {target}.", card=drawn, target=target)
        if s.drawn:
            return T("You drew {card}; it does not match {target}. Draw again.", card=drawn, target=target)
        if "play" in kinds and "draw" in kinds:
            return T("Your turn: play on {target}, or draw.", target=target)
        if "play" in kinds:
            return T("Your turn: play on {target}.", target=target)
        return T("Your turn: nothing matches {target}, so draw.", target=target)

    @staticmethod
    def _question(moves: list[Move]) -> Text:
        """The first question of the turn's prompt: it offers only what the moves allow."""
        kinds = {m.kind for m in moves}
        if "draw" in kinds:
            return T("Play or draw") if "play" in kinds else T("Nothing to play")
        if "play" in kinds:
            return T("Play or pass") if "pass" in kinds else T("Play a card")
        return T("Nothing to play or draw")

    def choices(self, s: CrazyEightsState, seat: int, moves: list[Move]) -> tuple[Choice, ...]:
        q = self._question(moves)
        return tuple(Choice(m, self._path(q, m)) for m in moves)

    def describe(self, s: CrazyEightsState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        return self._path(self._question(self.moves(s, seat)), move)

    @staticmethod
    def _path(q: str, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "draw":
            return ((q, T("Draw a card")),)
        if move.kind == "pass":
            return ((q, T("Pass")),)
        step = (q, T("{card}", card=Card(move.args[0])))
        suit = move.param("suit")
        if suit:
            return (step, (T("Name a suit"), suit_text(suit)))
        return (step,)

    def score_unit(self, s: CrazyEightsState) -> tuple[str, str]:
        return self.options_of(s).match().unit

    def view(self, s: CrazyEightsState, seat: int | None) -> View:
        o: CrazyEightsOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        facts = [T("Match: {format}", format=o.match().describe())]
        if s.named == ANY:
            facts.append(T("A joker is on top: any card may follow"))
        elif s.named:
            facts.append(T("Named suit: {suit}", suit=suit_text(s.named)))
        if s.recycles >= MAX_RECYCLES:
            facts.append(NO_MORE_RECYCLES)
        if s.last_result:
            facts.append(text_from(s.last_result))
        status = (self.outcome(s).summary if s.over
                  else T("Hand {hand}. {seat} to play on {target}.", hand=s.hand_no, seat=Seat(s.turn),
                         target=self._target_text(s)))
        return View(
            game=self.key, seat=seat,
            hand=list(s.hands[seat]) if seat is not None else [],
            seats=seats,
            piles=[PileView(T("Discard pile"), s.discard[-1:], len(s.discard)),
                   PileView(T("Stock"), [], len(s.stock))],
            status=status, facts=facts, to_move=sorted(self.to_move(s)),
            over=s.over, result=self.outcome(s).summary if s.over else None,
        )

    def heuristic_move(self, s: CrazyEightsState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Keep 8s and jokers for when nothing else fits; otherwise play the suit one holds
        most of, the highest penalty first; with an 8 name the suit held most; draw only
        when there is nothing to play. Reads the own hand only."""
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            return moves[0]
        hand = s.hands[seat]
        pick = shed_pick(plays, hand, penalty, is_wild)
        if not pick.param("suit"):
            return pick
        return Move("play", pick.args, (("suit", most_held_suit([c for c in hand if c not in pick.args], is_wild)),))

    def zones(self, s: CrazyEightsState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone("stock", s.stock, "none"), Zone("discard", s.discard, "all")])

    def standing(self, s: CrazyEightsState) -> list[float]:
        return self.options_of(s).match().standing(s.scores)

    def outcome(self, s: CrazyEightsState) -> Outcome | None:
        if not s.over:
            return None
        fmt: MatchFormat = self.options_of(s).match()
        winners = fmt.leaders(s.scores)
        summary = (T("{seat} wins!", seat=Seat(winners[0])) if len(winners) == 1
                   else T("{seats} share the win!", seats=Seats(tuple(winners))))
        return Outcome(placings_from(fmt.standing(s.scores)), [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def determinize(self, s: CrazyEightsState, seat: int | None, rng: random.Random) -> CrazyEightsState:
        """Hidden cards dealt anew, then no seat keeps cards everyone saw it lack (it drew again
        or passed for want of a play), beyond the cards it drew since; and a seat whose hand would not
        have led the rule of thumb to its latest play is mostly dealt another, the more so the more its
        plays and first draws this match looked like the rule of thumb's (games/common/reading.py:
        people, too, keep their 8s and name the suit they hold most)."""
        twin = super().determinize(s, seat, rng)
        deal_lacks_around(self, twin, seat, rng)
        deal_to_explain(self, twin, seat, rng, self._as_it_was, [set(x) for x in twin.lacks])
        return twin

    @staticmethod
    def _as_it_was(s: CrazyEightsState, seat: int, cards: list[str], table: list) -> CrazyEightsState:
        top, named = table
        return as_played(s, seat, cards, discard=[top], named=named, drawn="", turn=seat)

    def hand_progress(self, s: CrazyEightsState) -> list[float]:
        return [-float(len(h)) for h in s.hands]

    def rollout_move(self, s, seat, moves, rng):
        """Play a plain card if possible, keep 8s and jokers for when nothing else fits,
        name the suit held most, and draw only when there is nothing to play."""
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            return moves[rng.randrange(len(moves))]
        plain = [m for m in plays if not is_wild(m.args[0])]
        if plain:
            return plain[rng.randrange(len(plain))]
        hand = s.hands[seat]
        counts = {suit: sum(1 for c in hand if not is_wild(c) and C.suit(c) == suit) for suit in C.SUITS}
        best = max(C.SUITS, key=lambda x: counts[x])
        for m in plays:
            if m.param("suit") in (None, best):
                return m
        return plays[0]


GAME = CrazyEights()
