"""Last One: a Crazy Eights variant with many special cards, a melee on 4s, a
"last one" call, and elimination at a score threshold.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/last_one.md``; [rec] marks our own):

* Hand size: by default the dealer chooses 4 to 8 cards before dealing (9 with
  ``allow_nine``); ``hand_size`` fixes it instead. Only sizes the 54-card pack can
  deal to everyone still in, with an upcard, are offered.
* A card matches the upcard by suit or rank. 8s and jokers may be played on
  anything. Drawing one card instead of playing is always allowed and ends the turn.
  When neither stock nor discards can give a card, a player who cannot play passes;
  if everyone still in passes in a row the hand is blocked and scored as it stands [rec].
* Hand limit [rec]: a hand still going after ``round_limit`` rounds (25 by default:
  that many turns per player still in; 0 = no limit) ends and is scored as it stands.
  Real hands end far sooner; the limit guarantees that every hand ends.
* 2: the next player draws 2 at once and misses the turn (no stacking). 3: the player
  may add any one card (no match needed, its own effect applies; another 3 allows
  another) or stop. J: the next player is skipped. A: the direction reverses (no
  effect with two players in). 8: name a suit; the named suit or another 8 (or a
  joker) follows.
* Joker: names any card (rank and suit); the next player matches that card by rank or
  suit. With ``joker_effects`` (default) it also does what the named card does (a 2
  makes the next draw, a 4 starts a melee on its suit, a 3 gives an extra card…);
  naming an 8 names its suit.
* Melee (a 4, or a joker named as a 4): the player is the aggressor, the next player
  the defender. A reaction window opens to every seat still in, for the same time:
  the holder of the next card of the suit (not the aggressor) may take over; the
  others can only pass. Answers are sealed; when everyone has answered the takers are
  ranked by seat order from the aggressor (one deck: at most one). A taker becomes the
  aggressor, the old aggressor the defender, and a window opens for the next card.
  When nobody takes over, the defender draws the last melee card's value and play
  goes on after the defender, matching that card. Face cards in a melee count 10
  (``melee_faces=rank``: 11/12/13; ``stop``: the melee ends after the 10); the melee
  ends after the king. Effects of melee cards are suppressed. A joker cannot take
  over [rec]. A melee card that is a player's last card ends the hand at once.
  ``melee_seconds`` is the window's length for the Discord timer (the engine has no
  clock; a seat that does not answer in time passes).
* A special upcard counts as played by the dealer: a 2 makes the first player draw
  2 and miss the turn, a J skips them, an A reverses (the dealer's right starts), a 4
  starts a melee with the dealer as aggressor, an 8 or a joker is named by the dealer
  (a move of theirs); a 3 does nothing.
* "Last one": see `games.common.shedding.LastCard` (``call_mode``: manual by
  default, auto or catch; the penalty is 2 cards). A play leaving one card is offered
  with and without the call; a player who forgot may still call until the next turn
  move of another seat or the next melee card. In a melee window the call goes with
  the answer (it is announced when the window closes); nobody can catch inside a
  window, so in catch mode a deadline passed there goes unpunished [rec].
* Scoring: the player who went out, and everyone holding one card, score 0; the
  others add jokers 40, 8s 25, aces 15, court cards 10, others their pip value. A
  player at or above ``threshold`` drops out; the deal passes left among the players
  still in. The last player in wins; if everyone still in drops out in the same hand
  the lowest total wins (a tie shares it). Placings: later drop-outs rank higher.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

from games import cards as C
from games.common.match import first_dealer
from games.common.shedding import (
    CALL,
    CALL_MODES,
    IGNORE,
    PLAIN,
    CallState,
    Effect,
    LastCard,
    ShedState,
    draw_cards,
    matches,
    next_in,
    resolve,
    seats_in,
    suit_text,
    target_text,
    words,
)
from games.common.stock import can_draw
from games.common.table import card_to_play, hand_zones, table_view
from games.common.window import PASS, answer, complete, open_window, pending, ranked, reaction_id
from games.engine import BadOption, Event, Game, Move, Outcome, PileView, SeatView, View, Zone, placings_from
from games.options import Options, option
from games.playout import next_deal
from games.text import Card, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("last_one")

DECK_SIZE = 54
WILD = (0, 8)
SIZE, NAME, PLAY, MELEE = "size", "name", "play", "melee"
DRAW_MOVE, PASS_MOVE, STOP, TAKE = Move("draw"), Move("pass"), Move("stop"), "take"
SIZES = (4, 5, 6, 7, 8, 9)
BIG = 24                    # more answers than this in one step: ask for the suit first (P5)
NATURAL = C.french_deck()
CALL_WORD = T("Last one")

_CALLS = {mode: LastCard(CALL_WORD, mode, 2) for mode in CALL_MODES}
_TURN_MOVES: dict[tuple, list[Move]] = {}     # memo: the same hand and pile give the same moves

EFFECTS = {
    2: Effect(draw=2, draw_at_once=True),
    3: Effect(again=True),
    4: Effect(melee=True),
    8: Effect(names="suit"),
    C.JACK: Effect(skip=1),
    C.ACE: Effect(reverse=True),
    0: Effect(names="card"),
}


@cache
def _play(code: str, call: bool = False, suit: str = "", named: str = "") -> Move:
    params = []
    if named:
        params.append(("as", named))
    if call:
        params.append(("call", "1"))
    if suit:
        params.append(("suit", suit))
    return Move("play", (code,), tuple(params))


@cache
def _answer(kind: str, code: str = "", call: bool = False) -> Move:
    return Move(kind, (code,) if code else (), (("call", "1"),) if call else ())


def card_value(code: str) -> int:
    rank = C.RANK[code]
    if rank == 0:
        return 40
    if rank == 8:
        return 25
    if rank == C.ACE:
        return 15
    return 10 if rank >= C.JACK else rank


@dataclass(frozen=True)
class LastOneOptions(Options):
    threshold: int = option(250, min=50, max=1000, help=T("a player whose total reaches this drops out"))
    hand_size: int = option(0, choices=(0, *SIZES), help=T("cards dealt each hand; 0 = the dealer chooses 4–8"))
    allow_nine: bool = option(False, only_with=("hand_size", 0),
                              help=T("the dealer may also choose a 9-card hand (everyone agreed)"))
    melee_faces: str = option("ten", choices=("ten", "rank", "stop"),
                              help=T("melee draws for court cards: 10 each, 11/12/13, or the melee stops at 10"))
    joker_effects: bool = option(True, help=T("a joker also does what the card it names does"))
    call_mode: str = option("manual", choices=CALL_MODES,
                            help=T("the “Last one!” call: made for you, made by you, or only punished when caught"))
    melee_seconds: int = option(8, min=2, max=60, help=T("how long each melee window stays open (Discord timer)"))
    round_limit: int = option(25, min=0, max=200,
                              help=T("a hand still going after this many rounds (turns per player in) ends as it "
                                     "stands; 0 = no limit"))

    def check(self, players: int) -> None:
        if self.hand_size and players * self.hand_size + 1 > DECK_SIZE:
            raise BadOption(T("option 'hand_size': {players} hands of {size} do not fit in the pack",
                              players=players, size=self.hand_size))

    def calls(self) -> LastCard:
        return LastCard(CALL_WORD, self.call_mode, 2)


@dataclass(kw_only=True)
class LastOneState(ShedState, CallState):
    phase: str = SIZE
    window: dict | None = None      # the open melee window (games.common.window)
    serial: int = 0                 # windows opened so far
    melee: dict = field(default_factory=dict)       # aggressor, defender, last (the card to follow)
    out_hand: list[int] = field(default_factory=list)   # per seat: the hand it dropped out in (0 = still in)
    size: int = 0                   # cards dealt this hand
    turns: int = 0                  # turns taken this hand (plays, draws, passes, stops)
    last_result: str | dict = ""    # the last hand's points, as text_data


class LastOne(Game[LastOneState]):
    key = "last_one"
    title = T("Last One")
    # other names players search for (/play)
    aliases = ('ラストワン',)
    seats = range(2, 7)
    Options = LastOneOptions
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    State = LastOneState
    summary = T("Crazy Eights with a twist on every other card, a melee on 4s, and elimination at 250.")
    rules = T(
        "The dealer picks a hand size (4 to 8 cards) and turns one card up. Play a card of the same "
        "suit or rank on the pile, or draw one card and end your turn. 8s and jokers go on anything.\n"
        "Special cards: a 2 makes the next player draw two and miss their turn. After a 3 you may put "
        "down one more card of any kind. A jack skips the next player, an ace turns the direction "
        "round. An 8 lets you choose the suit to follow. A joker stands for any card you name, and "
        "does what that card does.\n"
        "A 4 starts a melee: whoever holds the 5 of that suit may jump in with it, then the 6, and so "
        "on; each newcomer becomes the attacker and the previous attacker the target. When nobody "
        "continues, the target draws as many cards as the last card's value.\n"
        "Going down to one card? Say “Last one!” (with your play, or right after) before the next "
        "player moves, or draw two.\n"
        "When someone runs out, everyone else except those holding a single card scores the cards "
        "left: jokers 40, 8s 25, aces 15, court cards 10, others their number. Reach the threshold "
        "(250) and you are out; the last player left wins."
    )

    # -- dealing
    def setup(self, players: int, options: LastOneOptions, seed: int) -> LastOneState:
        s = LastOneState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players,
                         out_hand=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._begin(s)
        return s

    def _begin(self, s: LastOneState) -> list[Event]:
        """A new hand: the pack gathered, the dealer to choose a size (or the deal itself)."""
        s.hand_no += 1
        s.hands = [[] for _ in range(s.players)]
        s.stock, s.discard = C.french_deck(jokers=2), []
        s.named, s.owed, s.owed_stack, s.owed_block, s.again = "", 0, 0, "", False
        s.direction, s.passes, s.turn, s.window, s.melee, s.turns = 1, 0, s.dealer, None, {}, 0
        self.calls(s).reset(s)
        size = s.options["hand_size"]
        if size:
            return self._deal(s, size)
        s.phase = SIZE
        return [Event(T("Hand {hand}: {seat} deals and chooses how many cards.", hand=s.hand_no,
                        seat=Seat(s.dealer)))]

    def _deal(self, s: LastOneState, size: int) -> list[Event]:
        deck = C.french_deck(jokers=2)
        s.rng().shuffle(deck)
        for seat in seats_in(s):
            s.hands[seat] = C.sorted_hand([deck.pop() for _ in range(size)])
        s.stock, s.discard, s.size = deck, [deck.pop()], size
        s.turn = next_in(s.dealer, s.players, 1, s.out)
        top = s.discard[-1]
        events = [Event(T("Hand {hand}: {seat} deals {n} cards each; the upcard is {card}.", hand=s.hand_no,
                          seat=Seat(s.dealer), n=size, card=Card(top)))]
        if C.RANK[top] in WILD:
            s.phase = NAME
            if C.is_joker(top):
                return events + [Event(T("{seat} names a card for the joker.", seat=Seat(s.dealer)))]
            return events + [Event(T("{seat} names a suit for the 8.", seat=Seat(s.dealer)))]
        s.phase = PLAY
        return events + self._upcard(s, top, self._effect(s, top, ""))

    def _upcard(self, s: LastOneState, last: str, eff: Effect) -> list[Event]:
        """The upcard's effect, as if the dealer had played it (a 3 does nothing)."""
        if eff.again:
            return []
        if eff.melee:
            return self._open_melee(s, s.dealer, last)
        return resolve(s, s.dealer, [s.discard[-1]], eff, self._drawer(s))

    def calls(self, s: LastOneState) -> LastCard:
        return _CALLS[s.options["call_mode"]]

    def _effect(self, s: LastOneState, code: str, named: str) -> Effect:
        if C.is_joker(code):
            if named and s.options["joker_effects"]:
                eff = EFFECTS.get(C.RANK[named], PLAIN)
                return PLAIN if eff.names else eff
            return PLAIN
        eff = EFFECTS.get(C.RANK[code], PLAIN)
        return PLAIN if eff.names else eff

    def _sizes(self, s: LastOneState) -> list[int]:
        most = 9 if s.options["allow_nine"] else 8
        players = len(seats_in(s))
        return [n for n in SIZES if n <= most and n * players + 1 <= DECK_SIZE]

    # -- turns
    def to_move(self, s: LastOneState) -> frozenset[int]:
        if s.over:
            return frozenset()
        if s.phase in (SIZE, NAME):
            return frozenset((s.dealer,))
        if s.phase == MELEE:
            return pending(s.window)
        return frozenset({s.turn} | self.calls(s).optional(s, s.hands, s.turn, seats_in(s)))

    def moves(self, s: LastOneState, seat: int) -> list[Move]:
        if s.over:
            return []
        if s.phase == SIZE:
            return [Move("deal", (str(n),)) for n in self._sizes(s)] if seat == s.dealer else []
        if s.phase == NAME:
            if seat != s.dealer:
                return []
            if C.is_joker(s.discard[-1]):
                return [Move("name", (code,)) for code in NATURAL]
            return [Move("name", (suit,)) for suit in C.SUITS]
        if s.phase == MELEE:
            return self._melee_moves(s, seat) if seat in pending(s.window) else []
        rules = self.calls(s)
        if seat == s.turn:
            return self._turn_moves(s, seat) + rules.moves(s, seat, on_turn=True)
        if seat in rules.optional(s, s.hands, s.turn, seats_in(s)):
            return rules.moves(s, seat, on_turn=False)
        return []

    def _playable(self, s: LastOneState, code: str) -> bool:
        return s.again or matches(code, s.discard[-1], s.named, WILD)

    def _turn_moves(self, s: LastOneState, seat: int) -> list[Move]:
        hand = s.hands[seat]
        key = (tuple(hand), s.discard[-1], s.named, s.again, s.options["call_mode"], can_draw(s.stock, s.discard))
        found = _TURN_MOVES.get(key)
        if found is None:
            if len(_TURN_MOVES) > 20000:
                _TURN_MOVES.clear()
            found = _TURN_MOVES[key] = self._list_turn_moves(s, hand, key[-1])
        return list(found)

    def _list_turn_moves(self, s: LastOneState, hand: list[str], drawable: bool) -> list[Move]:
        offer = self.calls(s).offers_call(len(hand) - 1)
        out: list[Move] = []
        for code in dict.fromkeys(hand):
            if not self._playable(s, code):
                continue
            for call in ((False, True) if offer else (False,)):
                if len(hand) == 1:
                    out.append(_play(code))
                elif C.is_joker(code):
                    out += [_play(code, call, named=n) for n in NATURAL]
                elif C.RANK[code] == 8:
                    out += [_play(code, call, suit=x) for x in C.SUITS]
                else:
                    out.append(_play(code, call))
        if s.again:
            return out + [STOP]
        if drawable:
            return out + [DRAW_MOVE]
        return out or [PASS_MOVE]

    def _melee_moves(self, s: LastOneState, seat: int) -> list[Move]:
        card = s.window["data"]["card"]
        hand = s.hands[seat]
        out = []
        if card in hand and seat != s.melee["aggressor"]:
            out.append(_answer(TAKE, card))
            if self.calls(s).offers_call(len(hand) - 1):
                out.append(_answer(TAKE, card, True))
        out.append(PASS_MOVE)
        if s.hook == seat and len(hand) == 1 and self.calls(s).mode != "auto":
            out.append(_answer(PASS, call=True))
        return out

    # -- refusals
    def refuse(self, s: LastOneState, seat: int, move: Move) -> str | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if s.phase == SIZE:
            sizes = ", ".join(map(str, self._sizes(s)))
            if move.kind != "deal":
                return T("{seat} first chooses the hand size: say e.g. '{example}'.", seat=Seat(s.dealer),
                         example=f"deal {self._sizes(s)[0]}")
            return T("Deal one of these hand sizes: {sizes}.", sizes=sizes)
        if s.phase == NAME:
            if C.is_joker(s.discard[-1]):
                return T("Name the card the upcard joker stands for, e.g. 'name 7H'.")
            return T("Name a suit for the upcard 8: 'name S', 'name H', 'name D' or 'name C'.")
        if s.phase == MELEE:
            return self._refuse_in_melee(s, seat, move)
        if move.kind in ("call", "catch", "ignore"):
            return self.calls(s).refuse(s, seat, move)
        if seat != s.turn:
            return T("It is not your turn.")
        if move.kind == "play":
            return self._refuse_play(s, seat, move)
        if move.kind == "draw":
            if s.again:
                return T("After a 3 you may add one more card or stop; you cannot draw.")
            if move.args or move.params:
                return T("To draw, just say 'draw'.")
            return T("There is nothing left to draw.")
        if move.kind == "stop":
            return T("You can only stop after playing a 3.")
        if move.kind == "pass":
            if move.args or move.params:
                return T("To pass, just say 'pass'.")
            return T("You can only pass when you can neither play nor draw.")
        return T("'{move}' is not a move in Last One.", move=str(move))

    def _refuse_in_melee(self, s: LastOneState, seat: int, move: Move) -> Text:
        card = s.window["data"]["card"]
        if str(seat) in s.window["answers"]:
            return T("You have already answered in this melee.")
        if move.kind == TAKE:
            if seat == s.melee["aggressor"]:
                return T("You are the aggressor: someone else must continue the melee.")
            if card not in s.hands[seat]:
                return T("Only the holder of the {card} can take over.", card=words(card))
            return T("To take over, say '{move}'.", move=f"take {card}")
        return T("The melee is on: take over with the next card if you hold it, or pass.")

    def _refuse_play(self, s: LastOneState, seat: int, move: Move) -> str:
        hand = s.hands[seat]
        code, why = card_to_play(move, hand, "5S")
        if why:
            return why
        if not self._playable(s, code):
            return T("{card} does not match {target}.", card=Card(code), target=self._target(s))
        named, suit = move.param("as"), move.param("suit")
        if len(hand) > 1 and C.is_joker(code) and (not named or not C.is_card(named) or C.is_joker(named)):
            return T("Name the card your joker stands for, e.g. 'play JKR as=7H'.")
        if len(hand) > 1 and C.RANK[code] == 8 and suit not in C.SUITS:
            return T("Name a suit for your 8, e.g. '{example}'.", example=f"play {code} suit=H")
        if move.param("call") and not self.calls(s).offers_call(len(hand) - 1):
            return T("You can only call “{call}!” with a play that leaves you one card.", call=CALL_WORD)
        return T("Write the move as it is offered, e.g. 'play 5S' (add 'call=1' to call “{call}!”).", call=CALL_WORD)

    # -- playing
    def _drawer(self, s: LastOneState):
        return lambda seat, n: self._draw(s, seat, n)

    def _draw(self, s: LastOneState, seat: int, n: int) -> list[Event]:
        events = draw_cards(s, seat, n, _short_draw)
        self.calls(s).drew(s, seat, len(s.hands[seat]))
        return events

    def play(self, s: LastOneState, seat: int, move: Move) -> list[Event]:
        if s.phase == SIZE:
            return self._deal(s, int(move.args[0]))
        if s.phase == NAME:
            return self._name_upcard(s, move.args[0])
        if s.phase == MELEE:
            return self._melee_answer(s, seat, move)
        rules = self.calls(s)
        if rules.is_call_move(move):
            return rules.act(s, seat, move, self._drawer(s))
        events = rules.deadline(s, seat, s.hands, self._drawer(s))
        s.turns += 1
        hand = s.hand_no
        events += self._turn(s, seat, move)
        too_long = s.hand_no == hand and not s.over and s.phase == PLAY and not s.again and self._too_long(s)
        if too_long:
            events += too_long + self._end_hand(s, None)
        return events

    def _too_long(self, s: LastOneState) -> list[Event]:
        """The hand limit [rec]: it guarantees an end (random play could go on for long)."""
        rounds = s.options["round_limit"]
        if rounds and s.turns >= rounds * len(seats_in(s)):
            return [Event(N("{n} round and nobody is out: the hand ends as it stands.",
                            "{n} rounds and nobody is out: the hand ends as it stands.", rounds))]
        return []

    def _turn(self, s: LastOneState, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        if move.kind == "draw":
            s.passes = 0
            events += self._draw(s, seat, 1)
            return events + self._pass_turn(s, seat)
        if move.kind == "pass":
            s.passes += 1
            events.append(Event(T("{seat} can neither play nor draw, and passes.", seat=Seat(seat))))
            if s.passes >= len(seats_in(s)):
                blocked = Event(T("Nobody can play or draw: the hand is blocked."))
                return events + [blocked] + self._end_hand(s, None)
            return events + self._pass_turn(s, seat)
        if move.kind == "stop":
            s.again = False
            events.append(Event(T("{seat} adds nothing to the 3.", seat=Seat(seat))))
            return events + self._pass_turn(s, seat)
        return events + self._play_card(s, seat, move)

    def _pass_turn(self, s: LastOneState, seat: int) -> list[Event]:
        s.again = False
        s.turn = next_in(seat, s.players, s.direction, s.out)
        return []

    def _play_card(self, s: LastOneState, seat: int, move: Move) -> list[Event]:
        code = move.args[0]
        named, suit = move.param("as", ""), move.param("suit", "")
        hand = s.hands[seat]
        hand.remove(code)
        s.discard.append(code)
        s.passes = 0
        events = [Event(_play_text(seat, code, named, suit, s.again))]
        events += self.calls(s).played(s, seat, len(hand), bool(move.param("call")))
        if not hand:
            return events + self._end_hand(s, seat)
        s.named = named or suit
        eff = self._effect(s, code, named)
        s.again = False
        if eff.melee:
            return events + self._open_melee(s, seat, named or code)
        events += resolve(s, seat, [code], eff, self._drawer(s))
        if s.again:
            events.append(Event(T("{seat} may add any one card.", seat=Seat(seat))))
        return events

    def _name_upcard(self, s: LastOneState, what: str) -> list[Event]:
        top = s.discard[-1]
        s.phase = PLAY
        if len(what) == 1:
            s.named = what
            events = [Event(T("{seat} names {suit} for the upcard 8.", seat=Seat(s.dealer), suit=suit_text(what)))]
            return events + self._upcard(s, top, PLAIN)
        s.named = what
        events = [Event(T("{seat} names the {card} for the upcard joker.", seat=Seat(s.dealer), card=words(what)))]
        return events + self._upcard(s, what, self._effect(s, top, what))

    # -- the melee
    def _open_melee(self, s: LastOneState, aggressor: int, last: str) -> list[Event]:
        defender = next_in(aggressor, s.players, s.direction, s.out)
        s.melee = {"aggressor": aggressor, "defender": defender, "last": last}
        return [Event(T("Melee! {aggressor} attacks, {defender} defends.", aggressor=Seat(aggressor),
                        defender=Seat(defender)))] + self._next_window(s)

    def _melee_draw(self, s: LastOneState, code: str) -> int:
        rank = C.RANK[code]
        return rank if rank <= 10 or s.options["melee_faces"] == "rank" else 10

    def _next_window(self, s: LastOneState) -> list[Event]:
        last = s.melee["last"]
        rank = C.RANK[last]
        if rank == C.KING or (rank == 10 and s.options["melee_faces"] == "stop"):
            return [Event(T("That is as far as a melee goes."))] + self._melee_ends(s)
        card = C.make(rank + 1, C.SUIT[last])
        s.serial += 1
        s.window = open_window("melee", seats_in(s), s.melee["aggressor"], s.serial, card=card, calls=[])
        s.phase = MELEE
        owe = self._melee_draw(s, last)
        return [Event(N("{seat} draws {n} unless someone takes over with the {card}. Everyone answers.",
                        "{seat} draws {n} unless someone takes over with the {card}. Everyone answers.", owe,
                        seat=Seat(s.melee["defender"]), card=words(card)))]

    def _melee_answer(self, s: LastOneState, seat: int, move: Move) -> list[Event]:
        w = s.window
        answer(w, seat, TAKE if move.kind == TAKE else PASS)
        if move.param("call"):
            w["data"]["calls"].append(seat)
        # no public line per answer (it would crowd the log): the view's fact tells who answered
        return self._close_window(s) if complete(w) else []

    def _close_window(self, s: LastOneState) -> list[Event]:
        w, s.window = s.window, None
        rules = self.calls(s)
        events: list[Event] = []
        takers = [seat for seat, value in ranked(w, s.players) if value == TAKE]
        for seat in sorted(w["data"]["calls"], key=lambda x: (x - w["opener"] - 1) % s.players):
            if seat not in takers and s.hook == seat:
                events += rules.act(s, seat, CALL, self._drawer(s))
        if not takers:
            return events + [Event(T("Nobody takes over."))] + self._melee_ends(s)
        taker, card = takers[0], w["data"]["card"]
        events += rules.deadline(s, taker, s.hands, self._drawer(s))
        s.hands[taker].remove(card)
        s.discard.append(card)
        s.named = ""
        events.append(Event(T("{seat} takes over with {card}!", seat=Seat(taker), card=Card(card))))
        events += rules.played(s, taker, len(s.hands[taker]), taker in w["data"]["calls"])
        if not s.hands[taker]:
            return events + self._end_hand(s, taker)
        s.melee = {"aggressor": taker, "defender": s.melee["aggressor"], "last": card}
        events.append(Event(T("{aggressor} attacks, {defender} defends.", aggressor=Seat(taker),
                              defender=Seat(s.melee["defender"]))))
        return events + self._next_window(s)

    def _melee_ends(self, s: LastOneState) -> list[Event]:
        defender, last = s.melee["defender"], s.melee["last"]
        events = self._draw(s, defender, self._melee_draw(s, last))
        s.named = "" if s.discard and s.discard[-1] == last else last
        s.turn = next_in(defender, s.players, s.direction, s.out)
        s.phase, s.melee, s.window = PLAY, {}, None
        too_long = self._too_long(s)
        if too_long:
            events += too_long + self._end_hand(s, None)
        return events

    # -- the end of a hand
    def _end_hand(self, s: LastOneState, out_seat: int | None) -> list[Event]:
        events = [Event(T("{seat} is out of cards!", seat=Seat(out_seat)))] if out_seat is not None else []
        still = seats_in(s)
        points = {i: 0 if len(s.hands[i]) <= 1 else sum(map(card_value, s.hands[i])) for i in still}
        for i in still:
            s.scores[i] += points[i]
        scores = _scores_text([(i, points[i]) for i in still])
        s.last_result = text_data(T("Hand {hand}: {scores}", hand=s.hand_no, scores=scores))
        events.append(Event(T("Hand {hand}: {scores}.", hand=s.hand_no, scores=scores)))
        dropped = [i for i in still if s.scores[i] >= s.options["threshold"]]
        for i in dropped:
            s.out.append(i)
            s.out_hand[i] = s.hand_no
            events.append(Event(T("{seat} reaches {score} and drops out.", seat=Seat(i), score=s.scores[i])))
        s.window, s.melee, s.phase = None, {}, PLAY
        self.calls(s).reset(s)
        if len(still) - len(dropped) <= 1:
            s.over = True
            s.out.sort()
            events.append(Event(self.outcome(s).summary))
            return events
        s.out.sort()
        s.dealer = next_in(s.dealer, s.players, 1, s.out)
        return events + next_deal(s, self._begin)

    # -- what people see
    def _target(self, s: LastOneState) -> str:
        if s.again:
            return T("anything (the extra card after a 3)")
        return target_text(s.discard[-1], s.named)

    def instruction(self, s: LastOneState, seat: int) -> str:
        if s.phase == SIZE:
            return T("You deal: choose how many cards each player gets.")
        if s.phase == NAME:
            if C.is_joker(s.discard[-1]):
                return T("The upcard is a joker: name the card it stands for.")
            return T("The upcard is an 8: name the suit to follow.")
        if s.phase == MELEE:
            card = s.window["data"]["card"]
            defender = s.melee["defender"]
            if any(m.kind == TAKE for m in self.moves(s, seat)):
                return T("Melee! Take over with {card} (then {seat} is off the hook), or pass.", card=Card(card),
                         seat=Seat(defender))
            return T("Melee! You have nothing to add: pass.")
        if seat != s.turn:
            if seat == s.hook:
                return T("You are down to one card: call “{call}!” before the next player moves.", call=CALL_WORD)
            return T("{seat} is down to one card and has not called: catch them before the next move!",
                     seat=Seat(s.hook))
        kinds = {m.kind for m in self.moves(s, seat)}
        if s.hook == seat:
            return _turn_text(s.again, kinds, self._target(s), call=CALL_WORD)
        if "catch" in kinds:
            return _turn_text(s.again, kinds, self._target(s), hook=Seat(s.hook))
        return _turn_text(s.again, kinds, self._target(s))

    def describe(self, s: LastOneState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        rules = self.calls(s)
        if move.kind == "deal":
            n = int(move.args[0])
            return ((T("How many cards each?"), N("{n} card", "{n} cards", n)),)
        if move.kind == "name":
            what = move.args[0]
            if len(what) == 1:
                return ((T("Name a suit for the upcard 8"), suit_text(what)),)
            return ((T("The upcard joker stands for: rank"), C.RANK_CODES[C.RANK[what]]),
                    (T("Suit"), suit_text(C.SUIT[what])))
        call = bool(move.param("call"))
        if s.phase == MELEE:
            if move.kind == TAKE:
                card = Card(move.args[0])
                label = (T("Play {card} — take over + 📣 {call}!", card=card, call=CALL_WORD) if call
                         else T("Play {card} — take over", card=card))
            elif s.hook == seat or self._can_take(s, seat):
                label = T("Pass + 📣 {call}!", call=CALL_WORD) if call else T("Pass")
            else:
                label = T("Nothing to do — pass + 📣 {call}!", call=CALL_WORD) if call else T("Nothing to do — pass")
            return ((T("Melee"), label),)
        q = self._question(s, seat) if seat == s.turn else CALL_WORD
        if move.kind in ("call", "catch", "ignore"):
            label = rules.label(move, s.hook)
            if move.kind == "ignore" and seat == s.hook:
                label = T("Say nothing")
            return ((q, label),)
        if move.kind == "draw":
            return ((q, T("Draw a card")),)
        if move.kind == "pass":
            return ((q, T("Pass")),)
        if move.kind == "stop":
            return ((q, T("Stop: no extra card")),)
        code = move.args[0]
        label = T("{card} + 📣 {call}!", card=Card(code), call=CALL_WORD) if call else T("{card}", card=Card(code))
        steps: tuple[tuple[str, str], ...] = ((q, label),)
        if s.again and len(set(s.hands[seat])) > BIG:     # P5: any card may follow a 3: the suit first
            group = T("🃏 joker") if C.is_joker(code) else suit_text(C.SUIT[code])
            steps = ((q, group), (T("Which card?"), label))
        named, suit = move.param("as"), move.param("suit")
        if named:
            return steps + ((T("The joker stands for: rank"), C.RANK_CODES[C.RANK[named]]),
                            (T("Suit"), suit_text(C.SUIT[named])))
        if suit:
            return steps + ((T("Name a suit"), suit_text(suit)),)
        return steps

    def _question(self, s: LastOneState, seat: int) -> str:
        """The first question of a turn's prompt: it offers only what the moves allow."""
        if s.again:
            return T("Add a card or stop")
        kinds = {m.kind for m in self._turn_moves(s, seat)}
        if "draw" in kinds:
            return T("Play or draw") if "play" in kinds else T("Nothing to play")
        return T("Play or pass") if "play" in kinds else T("Nothing to play or draw")

    def _can_take(self, s: LastOneState, seat: int) -> bool:
        return s.window is not None and s.window["data"]["card"] in s.hands[seat] and seat != s.melee["aggressor"]

    def score_unit(self, s: LastOneState) -> tuple[str, str]:
        return (T("penalty point"), T("penalty points"))

    def view(self, s: LastOneState, seat: int | None) -> View:
        rules = self.calls(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if i in s.out:
                notes.append(T("out (hand {hand})", hand=s.out_hand[i]))
            if s.melee and not s.over:
                if i == s.melee["aggressor"]:
                    notes.append(T("melee aggressor"))
                elif i == s.melee["defender"]:
                    notes.append(T("melee defender"))
            seats.append(SeatView(i, len(hand), s.scores[i], rules.with_note(s, i, notes)))
        facts = [T("Elimination at {n} points; the last player in wins", n=s.options["threshold"])]
        if s.phase == PLAY and not s.over and s.named:
            facts.append(T("To follow: {target}", target=target_text(s.discard[-1], s.named)))
        if s.direction < 0:
            facts.append(T("Play goes to the right"))
        if s.phase == MELEE and s.window:
            card = s.window["data"]["card"]
            owe = self._melee_draw(s, s.melee["last"])
            answered = sorted(int(x) for x in s.window["answers"])
            waiting = sorted(pending(s.window))
            facts.append(N("Melee: {seat} draws {n} unless someone takes over with the {card}",
                           "Melee: {seat} draws {n} unless someone takes over with the {card}", owe,
                           seat=Seat(s.melee["defender"]), card=words(card)))
            if answered:
                facts.append(T("Answered: {answered}; waiting for {waiting}", answered=Seats(tuple(answered)),
                               waiting=Seats(tuple(waiting))))
            else:
                facts.append(T("Waiting for {seats}", seats=Seats(tuple(waiting))))
        if s.again and not s.over:
            facts.append(T("{seat} may add any one card to the 3", seat=Seat(s.turn)))
        if s.last_result:
            facts.append(text_from(s.last_result))
        piles = [PileView(T("Discard pile"), s.discard[-1:], len(s.discard)),
                 PileView(T("Stock"), [], len(s.stock))]
        return table_view(self, s, seat, seats=seats, piles=piles, status=self._status(s), facts=facts)

    def _status(self, s: LastOneState) -> str:
        if s.over:
            return self.outcome(s).summary
        if s.phase == SIZE:
            return T("Hand {hand}. {seat} chooses the hand size.", hand=s.hand_no, seat=Seat(s.dealer))
        if s.phase == NAME:
            return T("Hand {hand}. {seat} names the upcard.", hand=s.hand_no, seat=Seat(s.dealer))
        if s.phase == MELEE:
            return T("Hand {hand}. Melee: everyone answers.", hand=s.hand_no)
        return T("Hand {hand}. {seat} to play on {target}.", hand=s.hand_no, seat=Seat(s.turn),
                 target=self._target(s))

    def zones(self, s: LastOneState) -> list[Zone]:
        return hand_zones(s.hands) + [Zone("stock", s.stock, "none"), Zone("discard", s.discard, "all")]

    def reaction(self, s: LastOneState) -> str | None:
        return reaction_id(s.window) if s.phase == MELEE else None

    def window_seconds(self, s: LastOneState) -> int | None:
        return s.options["melee_seconds"]

    def timeout_move(self, s: LastOneState, seat: int) -> Move | None:
        if s.phase == MELEE:
            return PASS_MOVE if seat in pending(s.window) else None
        if s.phase == PLAY and seat != s.turn and seat in self.to_move(s):
            return IGNORE
        return None

    def standing(self, s: LastOneState) -> list[float]:
        """Higher is better: players still in by their total; those out below, later drop-outs
        above earlier ones, then by total (so it orders seats as the outcome does)."""
        return [(-1e9 + 1e6 * s.out_hand[i] if i in s.out else 0.0) - s.scores[i] for i in range(s.players)]

    def outcome(self, s: LastOneState) -> Outcome | None:
        if not s.over:
            return None
        standing = self.standing(s)
        placings = placings_from(standing)
        winners = [i for i, p in enumerate(placings) if p == 1]
        summary = N("{seats} wins!", "{seats} share the win!", len(winners), seats=Seats(tuple(winners)))
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def determinize(self, s: LastOneState, seat: int | None, rng: random.Random) -> LastOneState:
        """Hidden cards dealt anew; sealed melee answers of the other seats are replaced by
        what their new hands suggest (the holder takes over), never read."""
        twin = super().determinize(s, seat, rng)
        w = twin.window
        if w:
            card = w["data"]["card"]
            for key in list(w["answers"]):
                other = int(key)
                if other != seat:
                    holds = card in twin.hands[other] and other != twin.melee["aggressor"]
                    w["answers"][key] = TAKE if holds else PASS
            calls = [x for x in w["data"]["calls"] if x == seat]
            if twin.hook >= 0 and twin.hook != seat and str(twin.hook) in w["answers"]:
                calls.append(twin.hook)     # assume a seat that owes a call made it with its answer
            w["data"]["calls"] = calls
        return twin

    def hand_progress(self, s: LastOneState) -> list[float]:
        return [0.0 if i in s.out else -float(sum(map(card_value, h))) for i, h in enumerate(s.hands)]

    def rollout_move(self, s, seat, moves, rng):
        """Take over in a melee, always call and catch, play rather than draw, keep 8s and
        jokers for when nothing else fits."""
        if len(moves) == 1:
            return moves[0]
        first = moves[0].kind
        if s.phase == MELEE or first in ("call", "catch"):
            calls = [m for m in moves if m.kind in (TAKE, "call", "catch")] or \
                    [m for m in moves if m.param("call")] or moves
            return calls[0]
        if first in ("deal", "name"):
            return moves[rng.randrange(len(moves))]
        plays = [m for m in moves if m.kind == "play"]
        calling = [m for m in moves if m.kind in ("call", "catch")]
        if calling:
            return calling[0]
        if not plays:
            return moves[rng.randrange(len(moves))]
        if any(m.param("call") for m in plays):
            plays = [m for m in plays if m.param("call")]
        plain = [m for m in plays if C.RANK[m.args[0]] not in WILD]
        pick = plain or plays
        return pick[rng.randrange(len(pick))]


def _play_text(seat: int, code: str, named: str, suit: str, extra: bool) -> Text:
    """The line of a card played: a joker with the card it stands for, an 8 with its suit, and
    whether it is the extra card after a 3."""
    if named:
        if extra:
            return T("{seat} plays {card} (as the {named}) as the extra card.", seat=Seat(seat), card=Card(code),
                     named=words(named))
        return T("{seat} plays {card} (as the {named}).", seat=Seat(seat), card=Card(code), named=words(named))
    if suit:
        if extra:
            return T("{seat} plays {card} as the extra card and names {suit}.", seat=Seat(seat), card=Card(code),
                     suit=suit_text(suit))
        return T("{seat} plays {card} and names {suit}.", seat=Seat(seat), card=Card(code), suit=suit_text(suit))
    if extra:
        return T("{seat} plays {card} as the extra card.", seat=Seat(seat), card=Card(code))
    return T("{seat} plays {card}.", seat=Seat(seat), card=Card(code))


def _turn_text(again: bool, kinds: set[str], target: str, **reminder: Text | Seat) -> Text:
    """What the player on turn can do; with ``call`` it reminds them of their own call, with
    ``hook`` that the seat who forgot to call may be caught."""
    if again:
        if "call" in reminder:
            return T("You played a 3: add any one card, or stop. You have not called “{call}!” yet.", **reminder)
        if "hook" in reminder:
            return T("You played a 3: add any one card, or stop. {hook} has not called: you may catch them.",
                     **reminder)
        return T("You played a 3: add any one card, or stop.")
    if kinds <= {"pass", "catch", "call"}:
        if "call" in reminder:
            return T("Nothing fits {target} and nothing is left to draw: pass. You have not called “{call}!” yet.",
                     target=target, **reminder)
        if "hook" in reminder:
            return T("Nothing fits {target} and nothing is left to draw: pass. {hook} has not called: you may "
                     "catch them.", target=target, **reminder)
        return T("Nothing fits {target} and nothing is left to draw: pass.", target=target)
    if "play" in kinds:
        if "call" in reminder:
            return T("Your turn: play on {target}, or draw. You have not called “{call}!” yet.", target=target,
                     **reminder)
        if "hook" in reminder:
            return T("Your turn: play on {target}, or draw. {hook} has not called: you may catch them.",
                     target=target, **reminder)
        return T("Your turn: play on {target}, or draw.", target=target)
    if "call" in reminder:
        return T("Your turn: nothing fits {target}, so draw. You have not called “{call}!” yet.", target=target,
                 **reminder)
    if "hook" in reminder:
        return T("Your turn: nothing fits {target}, so draw. {hook} has not called: you may catch them.",
                 target=target, **reminder)
    return T("Your turn: nothing fits {target}, so draw.", target=target)


def _scores_text(points: list[tuple[int, int]]) -> Text:
    """A hand's points per seat: "{p0} +0, {p1} +23"."""
    text = None
    for seat, n in points:
        one = T("{seat} +{points}", seat=Seat(seat), points=n)
        text = one if text is None else T("{scores}, {score}", scores=text, score=one)
    return text


def _short_draw(seat: int, got: int, n: int) -> Text:
    return N("{seat} draws {n} card, all there was of {want}.", "{seat} draws {n} cards, all there was of {want}.",
             got, seat=Seat(seat), want=n)


GAME = LastOne()
