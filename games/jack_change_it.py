"""Jack Change It: Crazy Eights with trick cards (2s, 8s, jacks, queens and the A♥).

Choices where the rules file leaves room (decisions in ``shared/rules/jack_change_it.md``;
[rec] marks our own):

* A card matches the upcard by suit or rank. Jacks are not wild: they match like any
  card, then name one of the three other suits; the next player plays that suit or
  another jack.
* 2s: the next player draws 2, or plays a 2 of their own (any 2) to pass on 4, and so
  on. Only a 2 answers a 2.
* A♥: the next player draws 5, or plays the 5♥, which cancels the penalty; it cannot
  be passed on with a 2. The A♥ may be played together with a 2 (one move, "A♥ + 2":
  the next player draws 7). One of the two must match; the player chooses which lies
  on top, and the next player matches that card once the penalty is settled. The 5♥
  blocks the combination too (option ``block_combo``). A pending penalty is answered
  only by those cards; the 5♥ that blocks is a normal card on the pile afterwards.
* 8s skip the next player (with two players the same player goes again). Queens
  reverse the direction with three or more players; with two they are plain cards,
  unless ``two_player_queens`` makes them trick cards that act as a skip (the usual
  two-player reading of a reverse) [rec].
* A trick card (2, 8, jack, A♥, and queens when they are trick cards) may not be a
  player's last card: a play that would empty the hand with a trick card in it is not
  offered. The 5♥ is not a trick card.
* Taking a penalty is the turn (option ``penalty_ends_turn``: off lets the player
  play on afterwards, matching the card on top). A stock too short for a penalty
  gives what it has, after the discards under the top card are shuffled in.
* Drawing: with no legal play, draw one card and the turn passes (the drawn card is
  not played). ``voluntary_draw`` allows drawing while holding a legal play.
* When neither stock nor discards can give a card, a player who cannot play passes;
  if every player passes in a row the hand is blocked: the fewest cards win, then the
  fewest penalty points; a remaining tie shares the win [rec].
* A trick card turned as the first upcard has no effect (``upcard=open``); with
  ``upcard=bury`` it is buried in the stock and another card turned.
* Match: one hand by default; ``hands_to_win`` N plays until someone has won N hands;
  ``scoring=penalty`` charges every player their cards left (aces 1, number cards their
  value, court cards 10 [rec]) until someone reaches ``penalty_target``, lowest total
  winning. The first dealer is drawn at random; the deal passes left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games import cards as C
from games.common.lacks import LackState, deal_lacks_around, drew_unseen, forget_lacks, played_seen, saw_lacking
from games.common.match import DealtMatch, MatchFormat, match_outcome, next_seat
from games.common.shedding import (
    PLAIN,
    Effect,
    ShedState,
    combine,
    draw_cards,
    playable,
    resolve,
    score_hand,
    suit_text,
    take_penalty,
    target_text,
)
from games.common.stock import can_draw
from games.common.table import hand_zones, table_view
from games.common.thumb import most_held_suit, shed_pick
from games.engine import BadOption, Choice, Event, Game, Move, Outcome, PileView, SeatView, View, Zone
from games.options import Options, option
from games.playout import imagined
from games.text import Card, Seat, Text, text_from, texts

T, N = texts("jack_change_it")

HAND_SIZE = 7
ACE_OF_HEARTS, BLOCKER = "AH", "5H"
DRAW, PASS = Move("draw"), Move("pass")
_PLAY = {code: Move("play", (code,)) for code in C.french_deck()}
_JACK = {(code, suit): Move("play", (code,), (("suit", suit),))
         for code in C.french_deck() if C.rank(code) == C.JACK for suit in C.SUITS}


@dataclass(frozen=True)
class JackChangeItOptions(Options):
    voluntary_draw: bool = option(False, help=T("allow drawing a card while holding a card you could play"))
    upcard: str = option("open", choices=("open", "bury"),
                         help=T("a trick card turned as the first upcard has no effect, "
                                "or is buried and another turned"))
    penalty_ends_turn: bool = option(True, help=T("drawing a penalty uses up the turn; no lets the player play on"))
    block_combo: bool = option(True, help=T("the {blocker} also blocks the {ace} + 2 combination (draw 7)",
                                                  blocker=Card(BLOCKER), ace=Card(ACE_OF_HEARTS)))
    two_player_queens: bool = option(False, help=T("with 2 players queens are trick cards too, acting as a skip"))
    scoring: str = option("wins", choices=("wins", "penalty"),
                          help=T("count hands won, or penalty points for cards left in hand"))
    hands_to_win: int = option(1, min=1, max=10, only_with=("scoring", "wins"),
                               help=T("hands needed to win the match"))
    penalty_target: int = option(100, min=25, max=1000,
                                 only_with=("scoring", "penalty"),
                                 help=T("the match ends when someone reaches this"))

    def match(self) -> MatchFormat:
        if self.scoring == "penalty":
            return MatchFormat("lowest", self.penalty_target)
        return MatchFormat("wins", self.hands_to_win)

    def check(self, players: int) -> None:
        if players * HAND_SIZE + 1 > 52:
            raise BadOption(T("{players} hands of {size} do not fit in the deck", players=players, size=HAND_SIZE))


@dataclass(kw_only=True)
class JackChangeItState(ShedState, LackState):
    last_result: str = ""


def card_points(code: str) -> int:
    rank = C.RANK[code]
    return 10 if rank >= C.JACK else rank


def effect_of(code: str, players: int, two_player_queens: bool) -> Effect:
    """What a card does in Jack Change It (see the module doc)."""
    rank = C.RANK[code]
    if rank == 2:
        return Effect(draw=2, stack=2, trick=True)
    if code == ACE_OF_HEARTS:
        return Effect(draw=5, block=BLOCKER, trick=True)
    if rank == 8:
        return Effect(skip=1, trick=True)
    if rank == C.JACK:
        return Effect(names="other_suit", trick=True)
    if rank == C.QUEEN:
        if players >= 3:
            return Effect(reverse=True, trick=True)
        if two_player_queens:
            return Effect(skip=1, trick=True)
    return PLAIN


class JackChangeIt(DealtMatch, Game[JackChangeItState]):
    key = "jack_change_it"
    title = T("Jack Change It")
    # other names players search for (/play)
    aliases = ('switch', 'black jack', 'last card')
    seats = range(2, 7)
    Options = JackChangeItOptions
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    State = JackChangeItState
    summary = T("Crazy Eights with trick cards: 2s and the {ace} make you draw, jacks change the suit.",
                ace=Card(ACE_OF_HEARTS))
    rules = T(
        "Seven cards each, and one card turned up to start the pile. On your turn put down a card "
        "of the same suit or rank as the top card; if you have nothing that fits, draw one card and "
        "your turn is over.\n"
        "Trick cards: a 2 makes the next player draw two unless they put down a 2 as well, which "
        "passes the growing bill (4, 6, …) along. The {ace} costs the next player five cards, seven if "
        "you put a 2 down with it in the same move; the {blocker} cancels it. An 8 makes the next player "
        "miss a turn. A jack (which must still match) lets you change the suit to one of the other "
        "three. A queen turns the direction of play round when three or more are playing.\n"
        "You may never finish on a trick card: if one is all you have left, you draw instead. "
        "The first player with no cards wins the hand. When the stock is empty the pile under the "
        "top card is shuffled into a new one.",
        ace=Card(ACE_OF_HEARTS), blocker=Card(BLOCKER),
    )

    # -- dealing
    def setup(self, players: int, options: JackChangeItOptions, seed: int) -> JackChangeItState:
        s = JackChangeItState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: JackChangeItState) -> list[Event]:
        o: JackChangeItOptions = self.options_of(s)
        deck = C.french_deck()
        rng = s.rng()
        rng.shuffle(deck)
        s.hands = [C.sorted_hand([deck.pop() for _ in range(HAND_SIZE)]) for _ in range(s.players)]
        s.stock, s.discard = deck, [deck.pop()]
        events = []
        while o.upcard == "bury" and self._trick(s, s.discard[-1]) and not all(self._trick(s, c) for c in s.stock):
            buried = s.discard.pop()
            s.stock.insert(rng.randrange(len(s.stock)), buried)
            s.discard.append(s.stock.pop())
            events.append(Event(T("{card} is turned up and buried in the stock.", card=Card(buried))))
        s.named, s.owed, s.owed_stack, s.owed_block, s.again = "", 0, 0, "", False
        s.direction, s.passes = 1, 0
        forget_lacks(s)
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        events.insert(0, Event(T("Hand {hand}: {dealer} deals; the upcard is {card}.",
                                 hand=s.hand_no, dealer=Seat(s.dealer), card=Card(s.discard[-1]))))
        return events

    def effect(self, s: JackChangeItState, code: str) -> Effect:
        return effect_of(code, s.players, s.options["two_player_queens"])

    def _trick(self, s: JackChangeItState, code: str) -> bool:
        return self.effect(s, code).trick

    # -- legality
    def to_move(self, s: JackChangeItState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: JackChangeItState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        hand = s.hands[seat]
        plays = self._plays(s, hand)
        if s.owed:
            return plays + [DRAW]
        if can_draw(s.stock, s.discard):
            if not plays or s.options["voluntary_draw"]:
                return plays + [DRAW]
            return plays
        return plays or [PASS]

    def _plays(self, s: JackChangeItState, hand: list[str]) -> list[Move]:
        out: list[Move] = []
        last = len(hand) == 1
        for code in hand:
            if not self._fits(s, code, last):
                continue
            if C.RANK[code] == C.JACK:
                out += [_JACK[code, x] for x in C.SUITS if x != C.SUIT[code]]
            else:
                out.append(_PLAY[code])
        if not s.owed and ACE_OF_HEARTS in hand and len(hand) > 2:
            ace_fits = playable(s, ACE_OF_HEARTS)
            for two in hand:
                if C.RANK[two] == 2 and (ace_fits or playable(s, two)):
                    out += [Move("play", (ACE_OF_HEARTS, two)), Move("play", (two, ACE_OF_HEARTS))]
        return out

    def _fits(self, s: JackChangeItState, code: str, last: bool) -> bool:
        """Whether ``code`` may be played now, as the player's ``last`` card or not."""
        return playable(s, code) and not (last and self._trick(s, code))

    def _saw_no_play(self, s: JackChangeItState, seat: int) -> None:
        """``seat`` drew or passed because it had no play: it holds no card that would fit."""
        if imagined():   # a playout: no later redeal reads it
            return
        last = len(s.hands[seat]) == 1
        saw_lacking(s, seat, [c for c in C.french_deck() if self._fits(s, c, last)])

    def refuse(self, s: JackChangeItState, seat: int, move: Move) -> Text | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        hand = s.hands[seat]
        if move.kind == "play":
            if not move.args or len(move.args) > 2 or not all(C.is_card(a) for a in move.args):
                return T("Say which card to play, e.g. '{example}' (or '{combo}' for the {ace} + 2 combination).",
                         example="play 5S", combo="play AH 2C", ace=Card(ACE_OF_HEARTS))
            codes = [C.card(a).code for a in move.args]
            for code in codes:
                if code not in hand:
                    return T("You do not hold {card}.", card=Card(code))
            if len(codes) == 2:
                others = [c for c in codes if c != ACE_OF_HEARTS]
                if len(others) != 1 or C.RANK[others[0]] != 2:
                    return T("The only two cards played together are the {ace} and a 2.", ace=Card(ACE_OF_HEARTS))
                if s.owed:
                    return self._owed_reason(s)
                if len(hand) == 2:
                    return T("You may not finish on trick cards: the {ace} and 2 cannot be your last cards.",
                             ace=Card(ACE_OF_HEARTS))
                return T("Neither card matches {target}.", target=self._target(s))
            code = codes[0]
            if s.owed and not playable(s, code):
                return self._owed_reason(s)
            if not playable(s, code):
                return T("{card} does not match {target}.", card=Card(code), target=self._target(s))
            if len(hand) == 1 and self._trick(s, code):
                return T("{card} is a trick card, and you may not finish on a trick card: draw instead.",
                         card=Card(code))
            if C.RANK[code] == C.JACK:
                suit = move.param("suit")
                if suit == C.SUIT[code]:
                    return T("A jack changes the suit to one of the other three suits.")
                other = next(x for x in C.SUITS if x != C.SUIT[code])
                return T("Change it to a suit: e.g. '{example}'.", example=f"play {code} suit={other}")
            return T("Write the move as it is offered, e.g. '{example}'.", example=f"play {code}")
        if move.kind == "draw":
            if move.args or move.params:
                return T("To draw, just say '{example}'.", example="draw")
            if not can_draw(s.stock, s.discard):
                return T("There is nothing left to draw.")
            return T("You have a card you can play, so you must play (this table does not allow drawing instead).")
        if move.kind == "pass":
            if move.args or move.params:
                return T("To pass, just say '{example}'.", example="pass")
            if s.owed:
                return T("You must take the penalty of {n} (say '{example}') or answer it.", n=s.owed, example="draw")
            return T("You can only pass when you cannot play or draw.")
        return T("'{move}' is not a move in Jack Change It.", move=str(move))

    def _owed_reason(self, s: JackChangeItState) -> Text:
        if s.owed_stack:
            return T("You owe {n} cards: play a 2 to pass them on, or draw.", n=s.owed)
        if s.owed_block:
            # the blocker in words: the symbol would point at a card someone may hold
            return T("You owe {n} cards: only the five of hearts blocks them, or draw.", n=s.owed)
        return T("You owe {n} cards: draw them.", n=s.owed)

    # -- playing
    def _draw(self, s: JackChangeItState, seat: int, n: int) -> list[Event]:
        held = len(s.hands[seat])
        events = draw_cards(s, seat, n, _short_draw)
        drew_unseen(s, seat, len(s.hands[seat]) - held)
        return events

    def play(self, s: JackChangeItState, seat: int, move: Move) -> list[Event]:
        draw = lambda who, n: self._draw(s, who, n)  # noqa: E731
        if move.kind == "draw":
            s.passes = 0
            if s.owed:
                return take_penalty(s, seat, draw, s.options["penalty_ends_turn"])
            if not s.options["voluntary_draw"]:
                self._saw_no_play(s, seat)
            events = self._draw(s, seat, 1)
            s.turn = next_seat(seat, s.players, s.direction)
            return events
        if move.kind == "pass":
            self._saw_no_play(s, seat)
            s.passes += 1
            events = [Event(T("{seat} cannot play and passes.", seat=Seat(seat)))]
            if s.passes >= s.players:
                return events + self._end_hand(s, None)
            s.turn = next_seat(seat, s.players, s.direction)
            return events
        codes = list(move.args)
        for code in codes:
            s.hands[seat].remove(code)
            s.discard.append(code)
        played_seen(s, seat, codes)
        s.passes = 0
        suit = move.param("suit")
        s.named = suit or ""
        if len(codes) == 2:
            block = BLOCKER if s.options["block_combo"] else ""
            eff = combine([self.effect(s, c) for c in codes], block)
            events = [Event(T("{seat} plays {first} and {second} together.", seat=Seat(seat),
                              first=Card(codes[0]), second=Card(codes[1])))]
        else:
            eff = self.effect(s, codes[0])
            if suit:    # the call ends the line: no period after its "!”"
                said = T("{seat} plays {card} and changes the suit to {suit}: “Jack change it!”",
                         seat=Seat(seat), card=Card(codes[0]), suit=suit_text(suit))
            else:
                said = T("{seat} plays {card}.", seat=Seat(seat), card=Card(codes[0]))
            events = [Event(said)]
        if not s.hands[seat]:
            return events + self._end_hand(s, seat)
        if len(s.hands[seat]) == 1:
            events.append(Event(T("{seat} has one card left.", seat=Seat(seat))))
        events += resolve(s, seat, codes, eff, draw)
        if s.owed:
            events.append(Event(self._must_draw(s, line=True)))
        return events

    @staticmethod
    def _must_draw(s: JackChangeItState, *, line: bool) -> Text:
        """Who must draw the penalty, and how they may answer it: a log ``line`` ends with a
        period, a fact of the view does not. The blocker in words: its symbol would point at a
        card someone may hold."""
        seat, n = Seat(s.turn), s.owed
        if s.owed_stack:
            return (T("{seat} must draw {n} or pass it on with a 2.", seat=seat, n=n) if line
                    else T("{seat} must draw {n} or pass it on with a 2", seat=seat, n=n))
        if s.owed_block:
            return (T("{seat} must draw {n} unless they block it with the five of hearts.", seat=seat, n=n) if line
                    else T("{seat} must draw {n} unless they block it with the five of hearts", seat=seat, n=n))
        return T("{seat} must draw {n}.", seat=seat, n=n) if line else T("{seat} must draw {n}", seat=seat, n=n)

    def _end_hand(self, s: JackChangeItState, out_seat: int | None) -> list[Event]:
        o: JackChangeItOptions = self.options_of(s)
        events = score_hand(s, out_seat, card_points, o.scoring == "penalty", T("Nobody can play or draw"))
        return self.after_hand(s, events, o.match().finished(s.scores, s.hand_no))

    # -- what people see
    def _target(self, s: JackChangeItState) -> str:
        return target_text(s.discard[-1], s.named)

    def instruction(self, s: JackChangeItState, seat: int) -> Text:
        kinds = {m.kind for m in self.moves(s, seat)}
        if s.owed:
            if "play" in kinds and s.owed_stack:
                return T("You must draw {n}, or play a 2 to pass it on.", n=s.owed)
            if "play" in kinds:
                return T("You must draw {n}, or block it with the five of hearts.", n=s.owed)
            return T("You must draw {n}.", n=s.owed)
        target = self._target(s)
        if kinds == {"pass"}:
            return T("You cannot match {target} and nothing is left to draw: pass.", target=target)
        if "play" in kinds and "draw" in kinds:
            return T("Your turn: play on {target}, or draw.", target=target)
        if "play" in kinds:
            return T("Your turn: play on {target}.", target=target)
        return T("Your turn: nothing you may play fits {target}, so draw.", target=target)

    @staticmethod
    def _question(moves: list[Move]) -> Text:
        """The first question of the turn's prompt: "or draw" only when a draw is offered."""
        kinds = {m.kind for m in moves}
        if "draw" in kinds:
            return T("Play or draw") if "play" in kinds else T("Nothing to play")
        return T("Play a card") if "play" in kinds else T("Nothing to play or draw")

    def choices(self, s: JackChangeItState, seat: int, moves: list[Move]) -> tuple[Choice, ...]:
        q = self._question(moves)
        return tuple(Choice(m, self._path(s, q, m)) for m in moves)

    def describe(self, s: JackChangeItState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        return self._path(s, self._question(self.moves(s, seat)), move)

    @staticmethod
    def _path(s: JackChangeItState, q: str, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "draw":
            return ((q, T("Draw {n} (penalty)", n=s.owed) if s.owed else T("Draw a card")),)
        if move.kind == "pass":
            return ((q, T("Pass")),)
        if len(move.args) == 2:
            two = next(c for c in move.args if c != ACE_OF_HEARTS)
            combo = T("{ace} + {two} → next draws {n}", ace=Card(ACE_OF_HEARTS), two=Card(two), n=7)
            return ((q, combo), (T("Which card goes on top?"), T("{card} on top", card=Card(move.args[1]))))
        step = (q, T("{card}", card=Card(move.args[0])))
        suit = move.param("suit")
        if suit:
            return (step, (T("Jack change it to…"), suit_text(suit)))
        return (step,)

    def score_unit(self, s: JackChangeItState) -> tuple[str, str]:
        return self.options_of(s).match().unit

    def view(self, s: JackChangeItState, seat: int | None) -> View:
        o: JackChangeItOptions = self.options_of(s)
        seats = [SeatView(i, len(h), s.scores[i], [T("dealer")] if i == s.dealer else [])
                 for i, h in enumerate(s.hands)]
        facts = [T("Match: {format}", format=o.match().describe())]
        if s.named:
            facts.append(T("Changed to {suit}", suit=suit_text(s.named)))
        if s.owed:
            facts.append(self._must_draw(s, line=False))
        if s.direction < 0:
            facts.append(T("Play goes to the right"))
        if s.last_result:
            facts.append(text_from(s.last_result))
        status = (self.outcome(s).summary if s.over
                  else T("Hand {hand}. {seat} to play on {target}.", hand=s.hand_no, seat=Seat(s.turn),
                         target=self._target(s)))
        piles = [PileView(T("Discard pile"), s.discard[-1:], len(s.discard)), PileView(T("Stock"), [], len(s.stock))]
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def heuristic_move(self, s: JackChangeItState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Answer a penalty when one can; otherwise shed the penalty cards and other trick
        cards first (they may not be one's last), keep jacks for when nothing else fits,
        then the suit one holds most of; after a jack name the suit held most. Reads the
        own hand only."""
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            return moves[0]
        hand = s.hands[seat]
        pick = shed_pick(plays, hand, lambda c: card_points(c) + 20 * self._trick(s, c),
                         lambda c: C.RANK[c] == C.JACK)
        if not pick.param("suit"):
            return pick
        jack = pick.args[0]
        return _JACK[jack, most_held_suit([c for c in hand if c != jack],
                                          suits=[x for x in C.SUITS if x != C.SUIT[jack]])]

    def zones(self, s: JackChangeItState) -> list[Zone]:
        return hand_zones(s.hands) + [Zone("stock", s.stock, "none"), Zone("discard", s.discard, "all")]

    def standing(self, s: JackChangeItState) -> list[float]:
        return self.options_of(s).match().standing(s.scores)

    def outcome(self, s: JackChangeItState) -> Outcome | None:
        if not s.over:
            return None
        return match_outcome(self.options_of(s).match(), s.scores)

    # -- computer players
    def determinize(self, s: JackChangeItState, seat: int | None, rng: random.Random) -> JackChangeItState:
        """Hidden cards dealt anew, then no seat keeps cards everyone saw it lack (it drew or
        passed for want of a play), beyond the cards it drew since."""
        twin = super().determinize(s, seat, rng)
        deal_lacks_around(self, twin, seat, rng)
        return twin

    def hand_progress(self, s: JackChangeItState) -> list[float]:
        return [-float(len(h)) for h in s.hands]

    def rollout_move(self, s, seat, moves, rng):
        """Play rather than draw; play trick cards first (they can never be the last card),
        the combination above all; after a jack name the suit held most."""
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            return moves[rng.randrange(len(moves))]
        best, score = plays[0], -1.0
        for m in plays:
            value = len(m.args) * 2 + (1.5 if self._trick(s, m.args[0]) else 0) + 2 * rng.random()
            if value > score:
                best, score = m, value
        if best.param("suit"):
            jack = best.args[0]
            counts = {x: sum(1 for c in s.hands[seat] if C.SUIT[c] == x and c != jack)
                      for x in C.SUITS if x != C.SUIT[jack]}
            return _JACK[jack, max(counts, key=counts.__getitem__)]
        return best


def _short_draw(seat: int, got: int, n: int) -> Text:
    return N("{seat} draws {n} card: the stock had no more.", "{seat} draws {n} cards: the stock had no more.",
             got, seat=Seat(seat))


GAME = JackChangeIt()
