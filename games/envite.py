"""Envite: two teams, captains who raise the stakes, three-card hands, first to two tricks.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/envite.md``; [rec] marks our own):

* Teams alternate by seat: seats 1, 3, 5… (team A) against seats 2, 4, 6… (team B), so the
  alternation holds around the table; the engine has no lobby team choice. A captain is drawn at
  random for each team at the start and stays for the whole match. With an odd count team B is
  one player short and its captain also plays a dummy hand seated at the last place of the
  alternation (Clarification 8; `games.common.teams`).
* 40 cards, three each; the next card is turned up and its suit is trump for the hand, even when
  it is one of the extra trumps (decision 3). Extra trumps by players per team: three gives
  3♣ Q♣ J♦, four adds 5♦, five adds 2♦, six adds A♦ (high to low A♦ 2♦ 5♦ 3♣ Q♣ J♦, then
  2 K Q J A 7 6 5 4 3 of the trump suit); they count as the trump suit only.
* Play goes to the right (direction -1): the place to the dealer's right leads, the deal passes
  right. The first dealer is drawn at random among the places (the dummy may deal).
* Negotiation (Clarifications 1–4, `games.common.stakes`): both captains are asked at once
  (Play at 2 / Challenge); both Play → the hand is worth 2; a challenge is answered Accept /
  Decline / Raise, "the game" only Accept / Decline. Declines score the step below (decision 6).
  An unanswered opening counts as Play, an unanswered challenge as Accept.
* ``challenge_timing`` ``in_play`` (Clarification 5): a captain may also raise before a card of
  their team (or dummy) while the stake is below the game; not the same team twice in a row;
  not while a team is lying down.
* Trawling (Clarification 6): leading a trump checks the places still to play; the first without
  a trump loses the hand for their team at once (the stake + 2; decision 4 and Clarification 7
  when a team lies down or the hand is played for the game); their cards are shown to all.
* Lying down: stones stop at one short of ``stones`` (11 of 12). The lying team's captain
  forfeits (opponents +1) or plays (losing: opponents +3; winning: the game). Both lying down:
  the hand is played and decides the game. A game is won only that way or by a hand played for
  the game. A match is ``best_of`` games (3); each new game starts at 0–0, the deal passing on
  (Clarification 9).
* Signals: a non-captain may send one signal from a preset list to their team in the
  negotiation and once in each trick (not more often, so the table never waits on them); they
  are team-private events and the team's panels list them. Computer players send honest signals
  (the rule of thumb decides them, `heuristic_decides`) and a computer captain trusts them: its
  strength estimate counts them, and its search imagines teammates' hands that match them.
* The search player's reward is the change in its team's chance to win the match (`match_chance`:
  stones and games, each later hand taken as a coin toss for 2), so stakes count; nobody signals
  inside its playouts. (``heuristic_trust`` 1.0 measured no better: 32.0 % / 27.0 % over 100 matches.)
* Options from the decisions' list: ``signals`` picks the preset list per table (an admin sets
  it per server with /config): ``standard`` (the list above), ``simple`` (a strong or a weak
  hand: a top trump or two trumps is strong) or ``none`` (no signals at all). ``trawl_penalty``
  no: a trawl is led like any card; players follow with a trump if they can, otherwise play any
  card. ``lying_down`` no: no cap and no lying-down decision; a team that reaches ``stones``
  wins the game.
* Not offered (rules file options left for later): open hands to the captain while lying down
  (a zone seen by two seats).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from games import cards as C
from games.common import stakes as K
from games.common.match import first_dealer
from games.common.teams import Teams, controller, team_events
from games.common.tricks import TrumpLadder, first_to
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.playout import imagined
from games.text import Card, Cards, Seat, Seats, Suit, Text, text_data, text_from, texts

T, N = texts("envite")

NEGOTIATE, LIE, PLAY = "negotiate", "lie", "play"
RIGHT = -1
HAND = 3
NEED = 2   # tricks that win a hand

PLAIN = (2, 3, 4, 5, 6, 7, C.ACE, C.JACK, C.QUEEN, C.KING)           # low → high
TRUMPS = (3, 4, 5, 6, 7, C.ACE, C.JACK, C.QUEEN, C.KING, 2)
EXTRA_HIGH_TO_LOW = ("AD", "2D", "5D", "3C", "QC", "JD")
EXTRAS_PER_TEAM_SIZE = {2: 0, 3: 3, 4: 4, 5: 5, 6: 6}

SIGNAL_PRESETS = {"standard": ("top", "two", "one", "none", "play", "fold"), "simple": ("strong", "weak"),
                  "none": ()}          # option `signals`: the list a server's tables use
SIGNALS = SIGNAL_PRESETS["standard"] + SIGNAL_PRESETS["simple"]
SIGNAL_TEXTS = {"top": T("I hold a top trump"), "two": T("I hold two trumps"), "one": T("I hold one trump"),
                "none": T("I hold no trump"), "play": T("Play it"), "fold": T("Fold"),
                "strong": T("My hand is strong"), "weak": T("My hand is weak")}
HAND_SIGNALS = ("top", "two", "one", "none", "strong", "weak")   # what `Envite.honest_signal` tells of a full hand
DEAL_TRIES = 40                                # redeals to match the signals a search player trusts
SIGNAL_WEIGHT = {"top": 2.2, "two": 1.8, "one": 1.0, "none": 0.2, "play": 1.5, "fold": 0.3, "strong": 2.0,
                 "weak": 0.4}
TEAM_NAMES = (T("Team A"), T("Team B"))
# a captain's thresholds on `Envite.strength` (about 1 per trump held or signalled, more for high ones)
CHALLENGE_AT, ACCEPT_AT, RAISE_AT = 1.2, 0.3, 2.8

PLAY_AT, CHALLENGE, FORFEIT, HOLD, QUIET = "play", "challenge", "forfeit", "hold", "quiet"
_SIMPLE = {k: Move(k) for k in (PLAY_AT, CHALLENGE, FORFEIT, HOLD, QUIET, K.ACCEPT, K.DECLINE, K.RAISE)}
_CARD_MOVES = {code: Move("play", (code,)) for code in C.italian_deck()}
_SIGNAL_MOVES = {k: Move("signal", (k,)) for k in SIGNALS}


def extras(places: int) -> tuple[str, ...]:
    """The extra trumps for a table of ``places`` (dummy included), low → high."""
    k = EXTRAS_PER_TEAM_SIZE[places // 2]
    return tuple(reversed(EXTRA_HIGH_TO_LOW[len(EXTRA_HIGH_TO_LOW) - k:])) if k else ()


@dataclass(frozen=True)
class EnviteOptions(Options):
    challenge_timing: str = option("pre_play", choices=("pre_play", "in_play"),
                                   help=T("pre_play: stakes are set before the cards are played; in_play: a captain "
                                          "may also raise before a card of their team"))
    stones: int = option(12, min=3, max=30, help=T("stones that win a game (lying down one short of it)"))
    best_of: int = option(3, choices=(1, 3, 5), help=T("games in a match: the first to win most of them wins"))
    signals: str = option("standard", choices=tuple(SIGNAL_PRESETS),
                          help=T("the signals teammates may send their captain: standard (top trump, two, one or no "
                                 "trump, play, fold), simple (strong or weak hand) or none"))
    trawl_penalty: bool = option(True, help=T("a player without a trump to answer a trawl loses the hand for their "
                                              "team (the stake + 2); no: they simply play any card"))
    lying_down: bool = option(True, help=T("stones stop one short of the target and the lying team's captain "
                                           "decides; no: stones simply count up to the target"))


@dataclass(kw_only=True)
class EnviteState(State):
    hands: list[list[str]] = field(default_factory=list)   # per seat
    dummy: list[str] = field(default_factory=list)          # the dummy's hand (odd counts)
    stub: list[str] = field(default_factory=list)           # face down, out of play
    upcard: list[str] = field(default_factory=list)         # the turned card: its suit is trump
    trump: str = ""
    captains: list[int] = field(default_factory=list)       # per team
    phase: str = NEGOTIATE
    neg: dict = field(default_factory=dict)                 # games.common.stakes negotiation
    lying: int = -1                                         # -1 nobody, 0/1 that team, 2 both
    turn: int = 0                                           # the place to play
    leader: int = 0
    trick: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)         # this hand's finished tricks (public)
    last_trick: list[str] = field(default_factory=list)
    last_winner: int = -1
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    stones: list[int] = field(default_factory=lambda: [0, 0])
    games: list[int] = field(default_factory=lambda: [0, 0])
    step: int = 0                                           # cards played this hand
    held: list[int] = field(default_factory=lambda: [-1, -1])   # step at which a captain let a raise pass
    round: int = 0                                          # signal round: negotiation 0, then one per trick
    heard: list[int] = field(default_factory=list)          # per seat: the round it last signalled or passed
    signals: list[list] = field(default_factory=list)       # [seat, signal] this hand, team-private
    last_result: str | dict = ""


def _hand_key(code: str) -> tuple[int, int]:
    return C.SUITS.index(C.suit(code)), PLAIN.index(C.rank(code))


class Envite(Game[EnviteState]):
    key = "envite"
    title = T("Envite")
    aliases = ("envite", "el envite", "truc canario")
    seats = range(4, 13)
    Options = EnviteOptions
    State = EnviteState
    summary = T("Canarian team game: captains raise the stakes, teammates signal, first to two tricks wins.")
    rules = T(
        "Two teams sit in alternation; each has a captain who alone speaks about the stakes. With an odd "
        "number of players the smaller team's captain also plays a dummy hand.\n"
        "40 cards (no 8s, 9s or 10s). Everyone gets three cards and the next card is turned face up: its "
        "suit is trump. Trumps rank 2, K, Q, J, A, 7, 6, 5, 4, 3; other suits K, Q, J, A, 7 down to 2. "
        "With more players some cards become the highest trumps whatever their suit: 3♣, Q♣ and J♦ "
        "(highest first) with three a side, then 5♦ above them with four a side, 2♦ with five, A♦ with six.\n"
        "Before the cards are played both captains choose: play for 2 stones, or challenge for 4. A "
        "challenge is accepted, declined (the challengers score the stake below) or raised: 4, 7, 9, then "
        "the whole game, which can only be accepted or declined. Team players may send their captain "
        "signals that only their team sees.\n"
        "Play goes to the right, starting right of the dealer. Follow suit if you can; the highest trump "
        "or the highest card of the suit led wins, and the winner leads. Leading a trump is trawling: "
        "everyone must answer with a trump, and a team whose player has none loses the hand at once, "
        "paying 2 stones more. The first team to take two tricks wins the hand's stake.\n"
        "Stones stop at 11: a team there is lying down. Its captain then forfeits the hand (1 stone to "
        "the other team) or plays it: losing gives the others 3, winning wins the game. With both teams "
        "lying down the hand decides the game. A match is the best of three games of 12 stones.\n"
        "Options: signals chooses the list teammates may send (standard, simple: a strong or weak hand, or none); "
        "with trawl_penalty=no a player without a trump simply plays any card; with lying_down=no stones are not "
        "capped and the first team to reach the target wins the game."
    )

    # -- structure
    def teams(self, s: EnviteState) -> Teams:
        return Teams(s.players)

    def ladder(self, s: EnviteState) -> TrumpLadder:
        return TrumpLadder(s.trump, PLAIN, TRUMPS, extras(self.teams(s).places))

    def held_cards(self, s: EnviteState, place: int) -> list[str]:
        return s.dummy if self.teams(s).is_dummy(place) else s.hands[place]

    def controller(self, s: EnviteState, place: int) -> int:
        return controller(self.teams(s), s.captains, place)

    def next_place(self, s: EnviteState, place: int) -> int:
        return (place + RIGHT) % self.teams(s).places

    def side_of(self, s: EnviteState, seat: int) -> int:
        return seat % 2

    # -- dealing
    def setup(self, players: int, options: EnviteOptions, seed: int) -> EnviteState:
        s = EnviteState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        teams = Teams(players)
        s.captains = teams.draw_captains(s.rng())
        s.dealer = first_dealer(s.rng(), teams.places)
        s.stub = C.italian_deck()
        self._deal(s)
        return s

    def _deal(self, s: EnviteState) -> list[Event]:
        teams = self.teams(s)
        deck = sorted(s.stub + s.upcard + s.dummy + [c for h in s.hands for c in h] + s.trick + s.played)
        s.rng().shuffle(deck)
        hands = [sorted(deck[i * HAND:(i + 1) * HAND], key=_hand_key) for i in range(teams.places)]
        s.hands, s.dummy = hands[:s.players], (hands[s.players] if teams.dummies() else [])
        rest = deck[teams.places * HAND:]
        s.upcard, s.stub = [rest[0]], rest[1:]
        s.trump = C.suit(s.upcard[0])
        s.trick, s.played, s.last_trick, s.last_winner = [], [], [], -1
        s.tricks, s.step, s.held, s.round = [0, 0], 0, [-1, -1], 0
        s.heard, s.signals = [-1] * s.players, []
        s.neg = K.open_negotiation()
        s.leader = s.turn = self.next_place(s, s.dealer)
        s.hand_no += 1
        target = self.options_of(s).stones
        lying = [self.options_of(s).lying_down and K.lying_down(x, target) for x in s.stones]
        s.lying = 2 if all(lying) else lying.index(True) if any(lying) else -1
        s.phase = PLAY if s.lying == 2 else LIE if s.lying >= 0 else NEGOTIATE
        events = [Event(T("Hand {n}: {dealer} deals; the turned card is {card}: {suit} are trump.",
                          n=s.hand_no, dealer=self.place_name(s, s.dealer), card=Card(s.upcard[0]),
                          suit=Suit(s.trump)))]
        if s.lying == 2:
            events.append(Event(T("Both teams are lying down: this hand decides the game.")))
        elif s.lying >= 0:
            events.append(Event(T("{team} is lying down: {seat} decides whether to play the hand.",
                                  team=TEAM_NAMES[s.lying], seat=Seat(s.captains[s.lying]))))
        return events

    def place_name(self, s: EnviteState, place: int) -> Text:
        if self.teams(s).is_dummy(place):
            return T("the dummy of {seat}", seat=Seat(s.captains[place % 2]))
        return T("{seat}", seat=Seat(place))

    # -- who moves
    def signallers(self, s: EnviteState) -> set[int]:
        if s.over or not self.signal_list(s) or imagined():
            return set()       # in a search's playouts nobody signals: signals change no card, only add noise
        return {seat for seat in range(s.players) if seat not in s.captains and s.heard[seat] != s.round}

    def signal_list(self, s: EnviteState) -> tuple[str, ...]:
        """The signals of the table's preset (option ``signals``)."""
        return SIGNAL_PRESETS[self.options_of(s).signals]

    def raisers(self, s: EnviteState) -> set[int]:
        """Captains who may raise before the next card (option in_play), their own turn aside."""
        if (s.over or s.phase != PLAY or s.options["challenge_timing"] != "in_play" or s.lying != -1
                or s.neg["to_answer"] != -1):
            return set()
        side = s.turn % 2
        if not K.may_challenge(s.neg, side) or s.held[side] == s.step:
            return set()
        return {s.captains[side]}

    def to_move(self, s: EnviteState) -> frozenset[int]:
        if s.over:
            return frozenset()
        movers = self.signallers(s)
        if s.phase == LIE:
            movers.add(s.captains[s.lying])
        elif s.neg["to_answer"] != -1:
            movers.add(s.captains[s.neg["to_answer"]])
        elif s.phase == NEGOTIATE:
            movers.update(s.captains[side] for side in (0, 1) if not s.neg["ready"][side])
        else:
            movers.add(self.controller(s, s.turn))
            movers.update(self.raisers(s))
        return frozenset(movers)

    def moves(self, s: EnviteState, seat: int) -> list[Move]:
        if s.over:
            return []
        out: list[Move] = []
        side = self.side_of(s, seat)
        if seat in s.captains:
            out = self._captain_moves(s, seat, side)
        elif s.phase == PLAY and s.neg["to_answer"] == -1 and self.controller(s, s.turn) == seat:
            out = self._card_moves(s)
        if seat in self.signallers(s):
            out += [_SIGNAL_MOVES[k] for k in self.signal_list(s)]
            if not out[:1] or out[0].kind == "signal":
                out.append(_SIMPLE[QUIET])
        return out

    def _captain_moves(self, s: EnviteState, seat: int, side: int) -> list[Move]:
        neg = s.neg
        if s.phase == LIE:
            return [_SIMPLE[PLAY_AT], _SIMPLE[FORFEIT]] if side == s.lying else []
        if neg["to_answer"] != -1:
            return [_SIMPLE[a] for a in K.answers(neg["level"])] if side == neg["to_answer"] else []
        if s.phase == NEGOTIATE:
            return [] if neg["ready"][side] else [_SIMPLE[PLAY_AT], _SIMPLE[CHALLENGE]]
        out: list[Move] = []
        if self.controller(s, s.turn) == seat:
            out = self._card_moves(s)
        if seat in self.raisers(s):
            out.append(_SIMPLE[K.RAISE])
            if not out[0].kind == "play":
                out.append(_SIMPLE[HOLD])
        return out

    def _card_moves(self, s: EnviteState) -> list[Move]:
        cards = self.ladder(s).legal_follow(self.held_cards(s, s.turn), s.trick[0] if s.trick else None)
        return [_CARD_MOVES[c] for c in cards]

    # -- playing
    def play(self, s: EnviteState, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        if kind == "signal":
            return self._signal(s, seat, move.args[0])
        if kind == QUIET:
            s.heard[seat] = s.round
            return []
        side = self.side_of(s, seat)
        if kind == "play" and move.args:
            return self._play_card(s, move.args[0])
        if s.phase == LIE:
            return self._lie(s, side, kind == PLAY_AT)
        if kind == HOLD:
            s.held[side] = s.step
            return []
        return self._negotiate(s, seat, side, kind)

    def _signal(self, s: EnviteState, seat: int, signal: str) -> list[Event]:
        s.heard[seat] = s.round
        s.signals.append([seat, signal])
        team = self.teams(s).members(self.side_of(s, seat))
        return team_events(T("{seat} signals: {signal}.", seat=Seat(seat), signal=SIGNAL_TEXTS[signal]), team)

    def _lie(self, s: EnviteState, side: int, play: bool) -> list[Event]:
        captain = Seat(s.captains[side])
        if play:
            s.phase = PLAY
            self._start_play(s)
            return [Event(T("{seat} plays the hand lying down: losing it gives the others 3 stones, winning it "
                            "wins the game.", seat=captain))]
        events = [Event(T("{seat} forfeits the hand.", seat=captain))]
        return events + self._award(s, 1 - side, K.LYING_FORFEIT, T("the hand was forfeited"))

    def _start_play(self, s: EnviteState) -> None:
        s.phase = PLAY
        s.round += 1

    def _negotiate(self, s: EnviteState, seat: int, side: int, kind: str) -> list[Event]:
        neg, who = s.neg, Seat(seat)
        if kind == PLAY_AT and s.phase == NEGOTIATE and neg["to_answer"] == -1:
            neg["ready"][side] = True
            events = [Event(T("{seat} will play at {stake}.", seat=who, stake=_stake(neg["level"])))]
            if K.opening_done(neg):
                self._start_play(s)
                events.append(Event(T("The hand is played for {stake}.", stake=_stake(neg["level"]))))
            return events
        if kind in (CHALLENGE, K.RAISE):
            K.challenge(neg, side)
            other = Seat(s.captains[neg["to_answer"]])
            return [Event(T("{seat} raises to {stake}: {other} must answer.", seat=who,
                            stake=_stake(neg["level"]), other=other))]
        if kind == K.ACCEPT:
            K.accept(neg)
            if s.phase == NEGOTIATE:
                self._start_play(s)
            return [Event(T("{seat} accepts: the hand is played for {stake}.", seat=who, stake=_stake(neg["level"])))]
        value = K.decline_value(neg["level"])
        events = [Event(T("{seat} declines.", seat=who))]
        return events + self._award(s, 1 - side, value, T("the challenge was declined"))

    def _play_card(self, s: EnviteState, code: str) -> list[Event]:
        place = s.turn
        self.held_cards(s, place).remove(code)
        who = self.place_name(s, place)
        s.step += 1
        ladder = self.ladder(s)
        if not s.trick and ladder.is_trump(code) and self.options_of(s).trawl_penalty:
            failing = self._trawl_failure(s, place)
            s.trick.append(code)
            events = [Event(T("{place} leads {card}: a trawl, everyone must play a trump.", place=who,
                              card=Card(code)))]
            if failing is not None:
                return events + self._trawl_loss(s, failing)
            s.turn = self.next_place(s, place)
            return events
        s.trick.append(code)
        events = [Event(T("{place} plays {card}.", place=who, card=Card(code)))]
        if len(s.trick) < self.teams(s).places:
            s.turn = self.next_place(s, place)
            return events
        return events + self._finish_trick(s)

    def _trawl_failure(self, s: EnviteState, leader: int) -> int | None:
        """The first place after ``leader`` holding no trump (Clarification 6), or None."""
        ladder = self.ladder(s)
        place = self.next_place(s, leader)
        while place != leader:
            if not any(ladder.is_trump(c) for c in self.held_cards(s, place)):
                return place
            place = self.next_place(s, place)
        return None

    def _trawl_loss(self, s: EnviteState, place: int) -> list[Event]:
        loser = place % 2
        shown = list(self.held_cards(s, place))
        s.played += shown           # shown to everyone
        self.held_cards(s, place).clear()
        events = [Event(T("{place} has no trump to answer the trawl and shows {cards}: {team} loses the hand.",
                          place=self.place_name(s, place), cards=Cards(tuple(shown)), team=TEAM_NAMES[loser]))]
        return events + self._win_hand(s, 1 - loser, trawl=True)

    def _finish_trick(self, s: EnviteState) -> list[Event]:
        ladder = self.ladder(s)
        places = self.teams(s).places
        at = ladder.winning_index(s.trick)
        winner = (s.leader + RIGHT * at) % places
        side = winner % 2
        s.tricks[side] += 1
        s.played += s.trick
        s.last_trick, s.last_winner, s.trick = s.trick, winner, []
        s.round += 1
        events = [Event(T("{place} wins the trick with {card}.", place=self.place_name(s, winner),
                          card=Card(s.last_trick[at])))]
        done = first_to(s.tricks, NEED)
        if done is not None:
            return events + self._win_hand(s, done)
        s.leader = s.turn = winner
        return events

    def _win_hand(self, s: EnviteState, side: int, trawl: bool = False) -> list[Event]:
        """``side`` won the hand by tricks or by the others' failed trawl (decision 4, Clarification 7)."""
        bonus = 2 if trawl else 0
        why = T("the other team could not answer a trawl") if trawl else T("two tricks")
        if s.lying == 2 or s.lying == side or (s.lying == -1 and K.is_game(s.neg["level"])):
            return self._win_game(s, side, why)
        if s.lying == 1 - side:
            return self._award(s, side, K.LYING_LOSS + bonus, why)
        return self._award(s, side, K.stake(s.neg["level"]) + bonus, why)

    def _award(self, s: EnviteState, side: int, stones: int, why: Text) -> list[Event]:
        target = self.options_of(s).stones
        if not self.options_of(s).lying_down and s.stones[side] + stones >= target:
            return self._win_game(s, side, why)          # option lying_down=no: stones count to the target
        s.stones[side] = K.add_stones(s.stones[side], stones, target)
        s.scores = self.teams(s).spread(s.stones)
        s.last_result = text_data(T("Hand {n}: {team} scores {stones} ({why}).", n=s.hand_no,
                                    team=TEAM_NAMES[side], stones=stones, why=why))
        events = [Event(text_from(s.last_result))]
        if self.options_of(s).lying_down and K.lying_down(s.stones[side], target):
            events.append(Event(T("{team} is lying down.", team=TEAM_NAMES[side])))
        return events + self._next_hand(s)

    def _win_game(self, s: EnviteState, side: int, why: Text) -> list[Event]:
        s.games[side] += 1
        s.last_result = text_data(T("Hand {n}: {team} wins the game ({why}).", n=s.hand_no, team=TEAM_NAMES[side],
                                    why=why))
        events = [Event(text_from(s.last_result))]
        need = self.options_of(s).best_of // 2 + 1
        if s.games[side] >= need:
            s.over = True
            s.phase = PLAY
            s.scores = self.teams(s).spread(s.games)
            return events + [Event(self.outcome(s).summary)]
        s.stones = [0, 0]
        s.scores = [0] * s.players
        events.append(Event(T("Games: {a} to {b}. A new game starts at 0 stones.", a=s.games[0], b=s.games[1])))
        return events + self._next_hand(s)

    def _next_hand(self, s: EnviteState) -> list[Event]:
        s.dealer = self.next_place(s, s.dealer)
        return self._deal(s)

    # -- what people see
    def instruction(self, s: EnviteState, seat: int) -> Text:
        neg, side = s.neg, self.side_of(s, seat)
        if seat in s.captains and s.phase == LIE and side == s.lying:
            return T("Your team is lying down: play the hand (lose it: the others score 3; win it: you win the "
                     "game) or forfeit it (the others score 1).")
        if seat in s.captains and neg["to_answer"] == side:
            return T("The other captain raised to {stake}: accept, decline (they score {value}) or raise.",
                     stake=_stake(neg["level"]), value=K.decline_value(neg["level"]))
        if seat in s.captains and s.phase == NEGOTIATE and not neg["ready"][side]:
            return T("You are the captain: play at {stake}, or challenge for {more}.", stake=_stake(neg["level"]),
                     more=_stake(neg["level"] + 1))
        if s.phase == PLAY and neg["to_answer"] == -1 and self.controller(s, s.turn) == seat:
            trump = Suit(s.trump)
            if self.teams(s).is_dummy(s.turn):
                return T("Your dummy's turn: play one of its cards ({cards}; {suit} are trump).",
                         cards=Cards(tuple(s.dummy)), suit=trump)
            if not s.trick:
                return T("Lead a card ({suit} are trump).", suit=trump)
            return T("Play a card: follow the suit led if you can ({suit} are trump).", suit=trump)
        if seat in self.raisers(s):
            return T("Your team is to play: raise the stake to {stake} now, or let the card be played.",
                     stake=_stake(neg["level"] + 1))
        return T("You may send your team a signal.")

    def describe(self, s: EnviteState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        level = s.neg.get("level", 0)
        if move.kind == "play" and move.args:
            if self.teams(s).is_dummy(s.turn):
                return ((T("Play from your dummy's hand"), T("{card}", card=Card(move.args[0]))),)
            return ((T("Play a card"), T("{card}", card=Card(move.args[0]))),)
        if move.kind == "signal":
            signal = (T("Signal to your team"), SIGNAL_TEXTS[move.args[0]])
            if s.phase == PLAY and self.controller(s, s.turn) == seat:   # next to the cards: one button first
                return ((T("Play a card"), T("Send a signal to your team")), signal)
            return (signal,)
        if move.kind == QUIET:
            return ((T("Signal to your team"), T("No signal now")),)
        if s.phase == LIE:
            label = T("Play the hand") if move.kind == PLAY_AT else T("Forfeit the hand")
            return ((T("Lying down"), label),)
        kind = move.kind
        if kind == PLAY_AT:
            label = T("Play at {stake}", stake=_stake(level))
        elif kind in (CHALLENGE, K.RAISE):
            label = T("Raise to {stake}", stake=_stake(level + 1))
        elif kind == K.ACCEPT:
            label = T("Accept {stake}", stake=_stake(level))
        else:
            label = T("Decline") if kind == K.DECLINE else T("Do not raise")
        return ((T("Stake"), label),)

    def timeout_move(self, s: EnviteState, seat: int) -> Move | None:
        """Clarification 4: an opening unanswered counts as Play, a challenge as Accept; signals and
        in-play raises are optional (the table does not wait for them)."""
        if s.over or seat not in self.to_move(s):
            return None
        side = self.side_of(s, seat)
        if seat in s.captains:
            if s.neg["to_answer"] == side:
                return _SIMPLE[K.ACCEPT]
            if s.phase == NEGOTIATE:
                return _SIMPLE[PLAY_AT]
            if s.phase == PLAY and self.controller(s, s.turn) != seat:
                return _SIMPLE[HOLD]
            return None
        if s.phase == PLAY and s.neg["to_answer"] == -1 and self.controller(s, s.turn) == seat:
            return None
        return _SIMPLE[QUIET]

    def reaction(self, s: EnviteState) -> str | None:
        """Both captains are asked at once in the negotiation and share one deadline."""
        if s.over or (s.phase != NEGOTIATE and s.neg["to_answer"] == -1):
            return None
        return f"stakes:{s.hand_no}:{sum(s.games)}:{s.neg['level']}:{s.neg['to_answer']}"

    def _stake_text(self, s: EnviteState) -> Text:
        if s.lying == 2:
            return T("Stake: the game (both teams are lying down)")
        if s.lying >= 0:
            return T("Stake: {team} is lying down (losing gives 3, winning wins the game)", team=TEAM_NAMES[s.lying])
        if s.neg["to_answer"] != -1:
            return T("Stake: {stake} is challenged; {seat} must answer", stake=_stake(s.neg["level"]),
                     seat=Seat(s.captains[s.neg["to_answer"]]))
        return T("Stake: {stake}", stake=_stake(s.neg["level"]))

    def view(self, s: EnviteState, seat: int | None) -> View:
        teams = self.teams(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [TEAM_NAMES[i % 2]]
            if i in s.captains:
                notes.append(T("captain"))
            if i == s.dealer:
                notes.append(T("dealer"))
            seats.append(SeatView(i, len(hand), s.stones[i % 2], notes))
        facts = [T("{a}: {x} stones · {b}: {y} stones", a=TEAM_NAMES[0], b=TEAM_NAMES[1], x=s.stones[0],
                   y=s.stones[1]),
                 T("Games won: {x} to {y} (best of {n})", x=s.games[0], y=s.games[1],
                   n=self.options_of(s).best_of),
                 self._stake_text(s),
                 T("Trump: {suit} (turned card {card})", suit=Suit(s.trump), card=Card(s.upcard[0])),
                 T("Tricks this hand: {x} to {y}", x=s.tricks[0], y=s.tricks[1])]
        facts.append(T("Play goes to the right: {order}", order=self._order_text(s)))
        if teams.dummies():
            facts.append(N("{seat} plays the dummy ({n} card).", "{seat} plays the dummy ({n} cards).",
                           len(s.dummy), seat=Seat(s.captains[1])))
            if teams.is_dummy(s.dealer):
                facts.append(T("The dummy deals this hand."))
        if s.last_result:
            facts.append(text_from(s.last_result))
        status = self._status(s)
        piles = [PileView(T("Current trick"), list(s.trick), len(s.trick)),
                 PileView(T("Last trick"), list(s.last_trick), len(s.last_trick),
                          s.last_winner if 0 <= s.last_winner < s.players else None),
                 PileView(T("Turned card"), list(s.upcard), len(s.upcard))]
        return View(game=self.key, seat=seat, hand=list(s.hands[seat]) if seat is not None else [],
                    seats=seats, piles=piles, status=status, facts=facts, to_move=sorted(self.to_move(s)),
                    over=s.over, result=self.outcome(s).summary if s.over else None,
                    private=self.private_lines(s, seat))

    def _order_text(self, s: EnviteState) -> Text:
        """The places in playing order from the one to lead, with arrows (decision 7)."""
        place = s.leader if s.phase == PLAY and (s.trick or s.step) else self.next_place(s, s.dealer)
        order = self.place_name(s, place)
        for _ in range(self.teams(s).places - 1):
            place = self.next_place(s, place)
            order = T("{first} → {next}", first=order, next=self.place_name(s, place))
        return order

    def private_lines(self, s: EnviteState, seat: int | None) -> list[str]:
        """The dummy's cards for its captain, and the team's signals this hand for every teammate."""
        if seat is None or s.over:
            return []
        lines: list[str] = []
        if self.teams(s).dummies() and seat == s.captains[1]:
            lines.append(T("Your dummy's hand: {cards}", cards=Cards(tuple(s.dummy))) if s.dummy
                         else T("Your dummy's hand is empty."))
        side = self.side_of(s, seat)
        latest: dict[int, str] = {}
        for sender, signal in s.signals:
            if sender % 2 == side:
                latest[sender] = signal
        lines += [T("{seat} signals: {signal}", seat=Seat(who), signal=SIGNAL_TEXTS[sig])
                  for who, sig in sorted(latest.items())]
        return lines

    def _status(self, s: EnviteState) -> Text:
        if s.over:
            return self.outcome(s).summary
        if s.phase == LIE:
            return T("Hand {n}: {seat} decides whether to play lying down.", n=s.hand_no,
                     seat=Seat(s.captains[s.lying]))
        if s.neg["to_answer"] != -1:
            return T("Hand {n}: {seat} must answer the raise to {stake}.", n=s.hand_no,
                     seat=Seat(s.captains[s.neg["to_answer"]]), stake=_stake(s.neg["level"]))
        if s.phase == NEGOTIATE:
            waiting = tuple(s.captains[x] for x in (0, 1) if not s.neg["ready"][x])
            return T("Hand {n}: the captains {seats} set the stake.", n=s.hand_no, seats=Seats(waiting))
        return T("Hand {n}: {place} to play.", n=s.hand_no, place=self.place_name(s, s.turn))

    def zones(self, s: EnviteState) -> list[Zone]:
        zones = [Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
        if self.teams(s).dummies():
            zones.append(Zone("dummy", s.dummy, s.captains[1]))
        return zones + [Zone("stub", s.stub, "none"), Zone("upcard", s.upcard, "all"),
                        Zone("trick", s.trick, "all"), Zone("played", s.played, "all")]

    def score_unit(self, s: EnviteState) -> tuple[str, str]:
        return (T("game"), T("games")) if s.over else (T("stone"), T("stones"))

    def standing(self, s: EnviteState) -> list[float]:
        """A team's games counted at the stones of a game (stones never reach it), plus its stones."""
        per_game = self.options_of(s).stones
        return [float(per_game * s.games[i % 2] + s.stones[i % 2]) for i in range(s.players)]

    def search_rewards(self, before: Sequence[float], s: EnviteState) -> list[float]:
        """A seat's reward is its team's chance to win the match after the playout (`match_chance`)
        less its chance before, scaled by the largest change one hand can bring (winning or losing
        the game now) into [0, 1]. Ranks alone would value a hand won for 2 like one won for the
        game, and the search would raise every hand to the top; stones alone would miss that two
        stones matter more at 10 than at 0. Tricks taken break ties in a playout cut short."""
        o = self.options_of(s)
        per_game = o.stones
        was = [(int(before[side] // per_game), int(before[side] % per_game)) for side in (0, 1)]
        stones, games = (was[0][1], was[1][1]), (was[0][0], was[1][0])
        then = match_chance(stones, games, o.stones, o.lying_down, o.best_of)
        won = match_chance((0, 0), (games[0] + 1, games[1]), o.stones, o.lying_down, o.best_of)
        lost = match_chance((0, 0), (games[0], games[1] + 1), o.stones, o.lying_down, o.best_of)
        swing = max(won - then, then - lost, 1e-9)
        if s.over:
            now = 1.0 if s.games[0] > s.games[1] else 0.0
        else:
            now = match_chance(tuple(s.stones), tuple(s.games), o.stones, o.lying_down, o.best_of)
        reward = 0.5 + (now - then) / (2 * swing)
        if not s.over:
            reward += 0.01 * (s.tricks[0] - s.tricks[1])     # 0 once the next hand is dealt
        rewards = (min(1.0, max(0.0, reward)), min(1.0, max(0.0, 1.0 - reward)))
        return [rewards[i % 2] for i in range(s.players)]

    def hand_progress(self, s: EnviteState) -> list[float]:
        return [float(s.tricks[i % 2] - s.tricks[1 - i % 2]) for i in range(s.players)]

    def outcome(self, s: EnviteState) -> Outcome | None:
        if not s.over:
            return None
        side = 0 if s.games[0] > s.games[1] else 1
        winners = self.teams(s).members(side)
        placings = [1 if i % 2 == side else 2 for i in range(s.players)]
        scores = [float(s.games[i % 2]) for i in range(s.players)]
        summary = T("{team} ({seats}) wins the match, {x} games to {y}!", team=TEAM_NAMES[side],
                    seats=Seats(tuple(winners)), x=s.games[side], y=s.games[1 - side])
        return Outcome(placings, scores, winners, summary)

    # -- computer players
    def strength(self, s: EnviteState, seat: int) -> float:
        """How strong the seat's team looks to it, per hand: its own cards (and its dummy's), and
        its teammates' signals (a captain trusts them), trumps counting most."""
        ladder = self.ladder(s)
        known = [s.hands[seat]] + ([s.dummy] if self.teams(s).dummies() and seat == s.captains[1] else [])
        total = sum(_card_value(ladder, c) for hand in known for c in hand)
        side = self.side_of(s, seat)
        latest = {sender: sig for sender, sig in s.signals if sender % 2 == side and sender != seat}
        total += sum(SIGNAL_WEIGHT[sig] for sig in latest.values())
        total += 1.5 * (s.tricks[side] - s.tricks[1 - side])
        return total / (len(known) + len(latest))

    def honest_signal(self, s: EnviteState, seat: int) -> str:
        """What the seat's full hand says in the table's signal preset (its trumps)."""
        ladder = self.ladder(s)
        trumps = [c for c in s.hands[seat] if ladder.is_trump(c)]
        top = any(ladder.power(c) >= len(TRUMPS) - 2 for c in trumps)
        if self.options_of(s).signals == "simple":
            return "strong" if top or len(trumps) >= 2 else "weak"
        return "top" if top else ("none", "one", "two", "two")[len(trumps)]

    def heuristic_move(self, s: EnviteState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        kinds = {m.kind for m in moves}
        if "play" in kinds and any(m.args for m in moves if m.kind == "play"):
            return self._card_choice(s, [m for m in moves if m.kind == "play" and m.args])
        if "signal" in kinds:
            if s.round == 0:
                return _SIGNAL_MOVES[self.honest_signal(s, seat)]
            return _SIMPLE[QUIET]
        return self._stake_choice(s, seat, moves)

    def determinize(self, s: EnviteState, seat: int | None, rng: random.Random) -> EnviteState:
        """Deal the hidden cards anew, keeping each teammate's hand true to the trump signal it sent
        while it still held all its cards (a computer captain trusts signals, decision 5)."""
        promised = self._promised(s, seat)
        twin = super().determinize(s, seat, rng)
        for _ in range(DEAL_TRIES):
            if all(self.honest_signal(twin, who) == signal for who, signal in promised):
                break
            twin = super().determinize(s, seat, rng)
        return twin

    def _promised(self, s: EnviteState, seat: int | None) -> list[tuple[int, str]]:
        if seat is None:
            return []
        latest = {who: signal for who, signal in s.signals
                  if who % 2 == seat % 2 and who != seat and signal in HAND_SIGNALS}
        return [(who, signal) for who, signal in latest.items() if len(s.hands[who]) == HAND]

    def heuristic_decides(self, s: EnviteState, seat: int) -> bool:
        """A signal is sent honestly by the rule of thumb (decision 5), never searched."""
        return all(m.kind in ("signal", QUIET) for m in self.moves(s, seat))

    def rollout_move(self, s: EnviteState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        kinds = {m.kind for m in moves}
        if QUIET in kinds:
            return _SIMPLE[QUIET]
        return self.heuristic_move(s, seat, moves, rng)

    def _stake_choice(self, s: EnviteState, seat: int, moves: list[Move]) -> Move:
        power = self.strength(s, seat)
        kinds = {m.kind for m in moves}
        if FORFEIT in kinds:
            return _SIMPLE[PLAY_AT] if power >= ACCEPT_AT else _SIMPLE[FORFEIT]
        if K.ACCEPT in kinds:
            if K.RAISE in kinds and power >= RAISE_AT:
                return _SIMPLE[K.RAISE]
            return _SIMPLE[K.ACCEPT] if power >= ACCEPT_AT else _SIMPLE[K.DECLINE]
        if CHALLENGE in kinds:
            return _SIMPLE[CHALLENGE] if power >= CHALLENGE_AT else _SIMPLE[PLAY_AT]
        if K.RAISE in kinds:
            return _SIMPLE[K.RAISE] if power >= RAISE_AT else _SIMPLE[HOLD] if HOLD in kinds else moves[0]
        return moves[0]

    def _card_choice(self, s: EnviteState, moves: list[Move]) -> Move:
        """Win cheaply, trump when void, throw the lowest card when the partner holds the trick;
        lead a trump (trawl) with two or more of them, else the best plain card."""
        ladder = self.ladder(s)
        cards = [m.args[0] for m in moves]

        def worth(c: str) -> tuple[int, int]:
            return (1 if ladder.is_trump(c) else 0, ladder.power(c))

        if not s.trick:
            trumps = [c for c in cards if ladder.is_trump(c)]
            if len(trumps) >= 2:
                return _CARD_MOVES[max(trumps, key=worth)]
            return _CARD_MOVES[max(cards, key=worth)]
        at = ladder.winning_index(s.trick)
        best = s.trick[at]
        winner_place = (s.leader + RIGHT * at) % self.teams(s).places
        side = s.turn % 2
        beating = [c for c in cards if ladder.beats(c, best)]
        if winner_place % 2 == side:
            last = len(s.trick) == self.teams(s).places - 1
            if s.tricks[1 - side] == 1 and not last and beating:
                return _CARD_MOVES[max(beating, key=worth)]    # this trick decides the hand: make it safe
            return _CARD_MOVES[min(cards, key=worth)]
        return _CARD_MOVES[min(beating or cards, key=worth)]


def match_chance(stones: tuple[int, int], games: tuple[int, int], target: int, lying: bool, best_of: int) -> float:
    """Team A's chance to win the match from these stones and games, were every hand from now on
    a coin toss for 2 stones (lying down as the rules say): what a computer player's search counts
    as the worth of a position (`Envite.search_rewards`)."""
    game = _game_chance(stones[0], stones[1], target, lying)
    return game * _match_from(games[0] + 1, games[1], best_of) + (1 - game) * _match_from(games[0], games[1] + 1,
                                                                                        best_of)


@cache
def _match_from(a: int, b: int, best_of: int) -> float:
    need = best_of // 2 + 1
    if a >= need or b >= need:
        return 1.0 if a >= need else 0.0
    return 0.5 * _match_from(a + 1, b, best_of) + 0.5 * _match_from(a, b + 1, best_of)


@cache
def _game_chance(a: int, b: int, target: int, lying: bool) -> float:
    """Team A's chance to win the game from ``a`` to ``b`` stones (each hand a coin toss for 2; a
    lying captain plays or forfeits, whichever is better for its team)."""
    if not lying:
        win = 1.0 if a + 2 >= target else _game_chance(a + 2, b, target, lying)
        lose = 0.0 if b + 2 >= target else _game_chance(a, b + 2, target, lying)
        return 0.5 * win + 0.5 * lose
    cap = target - 1
    if a >= cap and b >= cap:
        return 0.5
    if a >= cap:
        play = 0.5 + 0.5 * _game_chance(a, min(b + K.LYING_LOSS, cap), target, lying)
        return max(play, _game_chance(a, min(b + K.LYING_FORFEIT, cap), target, lying))
    if b >= cap:
        return 1.0 - _game_chance(b, a, target, lying)
    return 0.5 * _game_chance(min(a + 2, cap), b, target, lying) + 0.5 * _game_chance(a, min(b + 2, cap), target,
                                                                                       lying)


def _card_value(ladder: TrumpLadder, code: str) -> float:
    if ladder.is_trump(code):
        return 1.0 + ladder.power(code) / len(TRUMPS)
    return 0.3 if C.rank(code) == C.KING else 0.1


def _stake(level: int) -> Text:
    value = K.stake(level)
    return T("the game") if value == K.GAME else N("{n} stone", "{n} stones", value)


GAME = Envite()
