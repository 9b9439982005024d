"""Stop the Bus (Bastard): swap cards with the centre for the best Brag hand; the worst loses a token.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/stop_the_bus.md``; [rec] marks our own):

* Hands are ranked by three-card Brag (`games.common.brag`): prial > running flush >
  run > flush > pair > high card; 3-3-3 the top prial and A-2-3 the top run, suits
  never count. Option ``brag``: ``aces_top`` (A-A-A the top prial) or ``poker``
  (A-A-A top and A-2-3 the lowest run).
* A turn: take one of the three face-up centre cards and put one of your own in its
  place (``take C drop=D``). Taking a card and putting the same one back is the
  same as keeping the hand, offered as one move, ``pass``. With ``swap_three`` a
  player may instead swap the whole hand with the centre (``swap``).
* Stopping (option ``stop``): ``after`` (default) calls "Stop the bus!" at the end
  of the caller's own turn, with the exchange (``stop=yes`` on the move); ``instead``
  calls it in place of exchanging (``stop``, knock style). Only one stop per hand.
  After the stop every other player still in takes one more turn, then the hands
  are shown.
* Nobody stops: once every player still in has had ``round_cap`` turns the bus stops
  by itself and the hands are shown at once [rec].
* Cards taken from the centre are known to everybody, so they are shown with the
  taker's seat until they go back to the centre; the cards dealt stay secret until
  the showdown. The rest of the pack is not used and stays face down.
* For computer players: every exchange is public, and it tells something of the
  cards kept. Determinizing deals another seat's secret cards so that its latest
  exchanges were ones a sensible player makes (the best hand one exchange could
  give), as far as a few tries find such cards.
* Showdown: the worst hand loses a token; when several tie for worst, each of them
  loses one. If that would leave nobody with a token (all the players still in tie
  for worst on their last token), nobody loses one and the hand is dealt again by
  the same dealer.
* Players without tokens drop out. The deal passes left to the next player still
  in; the first dealer is drawn at random; the player after the dealer starts.
* The last player with a token wins. The others place in the reverse order of
  dropping out; players dropping out in the same hand share their place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from games import cards as C
from games.common import brag
from games.common.match import first_dealer
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option
from games.playout import next_deal
from games.text import AndList, Card, Cards, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("stop_the_bus")

HAND = 3
INFERENCE_TRIES = 20   # deals of one seat's secret cards a determinization tries to explain its exchanges
INFERRED_TURNS = 4     # with its latest exchanges (a bound on the time a determinization takes)
BRAG_TEXTS = {   # the brag option as players read it
    "standard": T("3-3-3 is the best prial, A-2-3 the best run"),
    "aces_top": T("A-A-A is the best prial, A-2-3 the best run"),
    "poker": T("A-A-A is the best prial, A-2-3 the lowest run"),
}


@dataclass(frozen=True)
class StopTheBusOptions(Options):
    tokens: int = option(3, min=1, max=20, help=T("tokens each player starts with; losing them all drops you out"))
    swap_three: bool = option(False, help=T("a turn may also swap all three of your cards with the centre"))
    stop: str = option("after", choices=("after", "instead"),
                       help=T("call 'Stop the bus!' after your exchange, or instead of exchanging"))
    brag: str = option("standard", choices=brag.VARIANTS,
                       help=T("standard: 3-3-3 and A-2-3 on top; aces_top: A-A-A the top prial; "
                              "poker: A-A-A on top and A-2-3 the lowest run"))
    round_cap: int = option(8, choices=(4, 6, 8, 10, 12, 16),
                            help=T("if nobody stops, the bus stops by itself after this many rounds"))


@dataclass(kw_only=True)
class StopTheBusState(State):
    hands: list[list[str]] = field(default_factory=list)   # dealt cards, secret
    known: list[list[str]] = field(default_factory=list)   # held cards taken from the centre, public
    centre: list[str] = field(default_factory=list)
    stub: list[str] = field(default_factory=list)          # the unused rest of the pack, face down
    turn: int = 0
    stopper: int = -1          # who stopped the bus this hand
    turns: int = 0             # turns taken this hand
    gone: list[int] = field(default_factory=list)          # per seat: the hand it dropped out in, 0 = still in
    showdown: bool = False     # the hands lie face up (after the last hand)
    # per seat, this hand's exchanges as seen by all: the centre before, the card taken, the card
    # put back ("" "" when the hand was kept); a whole-hand swap clears its seat's list
    exchanges: list[list[list[str]]] = field(default_factory=list)
    last_result: Any = ""     # text_data of the last hand's result


@lru_cache(maxsize=1 << 16)
def _hand_key(cards: frozenset[str], variant: str) -> tuple[int, int, int, int]:
    return brag.key(sorted(cards), variant)


def hand_key(cards: list[str], variant: str) -> tuple[int, int, int, int]:
    """`brag.key`, remembered: the computer players rank the same few hands over and over."""
    return _hand_key(frozenset(cards), variant)


def _stop_moves(move: Move) -> list[Move]:
    return [move, Move(move.kind, move.args, tuple(sorted(move.params + (("stop", "yes"),))))]


class StopTheBus(Game[StopTheBusState]):
    key = "stop_the_bus"
    title = T("Stop the Bus")
    # other names players search for (/play)
    aliases = ('bastard brag', 'brag', "ferma l'autobus")
    seats = range(2, 7)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = StopTheBusOptions
    State = StopTheBusState
    summary = T("Trade cards with the centre for the best Brag hand; the worst hand loses a token.")
    rules = T(
        "Everyone starts with the same number of tokens. Each hand, players get three cards "
        "and three more lie face up in the middle. On your turn you take one middle card and "
        "put one of yours there in its place, or keep your hand as it is, aiming for a strong "
        "three-card Brag hand: best is three of a kind (three 3s beat everything, then three aces, kings and so on), "
        "then three in sequence of one suit, three in sequence (A-2-3 the best, then A-K-Q "
        "down to 4-3-2), three of one suit, a pair, and last the highest cards.\n"
        "When you like your hand, say \"Stop the bus!\" as you end your turn: everyone else "
        "gets one last turn, then all hands are shown and the weakest hand (every tied "
        "weakest hand) gives up a token. A player with no tokens left is out, and the last "
        "player still holding a token wins."
    )

    # -- dealing
    def setup(self, players: int, options: StopTheBusOptions, seed: int) -> StopTheBusState:
        s = StopTheBusState(players=players, seed=seed, options=options.to_dict(),
                            scores=[options.tokens] * players, gone=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def active(self, s: StopTheBusState) -> list[int]:
        return [i for i in range(s.players) if s.scores[i] > 0]

    def _next_active(self, s: StopTheBusState, seat: int) -> int:
        for step in range(1, s.players + 1):
            nxt = (seat + step) % s.players
            if s.scores[nxt] > 0:
                return nxt
        return seat

    def _deal(self, s: StopTheBusState) -> list[Event]:
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.hands = [[] for _ in range(s.players)]
        s.known = [[] for _ in range(s.players)]
        s.exchanges = [[] for _ in range(s.players)]
        order = self.active(s)
        start = order.index(self._next_active(s, s.dealer))
        order = order[start:] + order[:start]
        for _ in range(HAND):
            for i in order:
                s.hands[i].append(deck.pop())
        for h in s.hands:
            h.sort(key=C.sort_key)
        s.centre = [deck.pop() for _ in range(HAND)]
        s.stub = deck
        s.turn = order[0]
        s.stopper, s.turns, s.showdown = -1, 0, False
        s.hand_no += 1
        return [Event(T("Hand {hand}: {dealer} deals; the centre shows {cards}. {seat} starts.", hand=s.hand_no,
                        dealer=Seat(s.dealer), cards=Cards(tuple(s.centre)), seat=Seat(s.turn)))]

    # -- legality
    def held(self, s: StopTheBusState, seat: int) -> list[str]:
        return s.hands[seat] + s.known[seat]

    def to_move(self, s: StopTheBusState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: StopTheBusState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        o = s.options
        may_stop = s.stopper < 0
        exchanges = [Move("take", (c,), (("drop", d),)) for c in s.centre for d in self.held(s, seat)]
        exchanges.append(Move("pass"))
        if o["swap_three"]:
            exchanges.append(Move("swap"))
        if may_stop and o["stop"] == "after":
            return [m for e in exchanges for m in _stop_moves(e)]
        if may_stop:
            exchanges.append(Move("stop"))
        return exchanges

    def refuse(self, s: StopTheBusState, seat: int, move: Move) -> str | None:
        if move in self.moves(s, seat):
            return None
        o = s.options
        stop = move.param("stop")
        if stop is not None and stop != "yes":
            return T("To stop the bus with your turn, add stop=yes; leave it out to go on.")
        if stop and s.stopper >= 0:
            return T("The bus has already been stopped this hand.")
        if stop and o["stop"] == "instead":
            return T("At this table you stop the bus instead of exchanging: just say 'stop'.")
        if move.kind == "take":
            if len(move.args) != 1 or not C.is_card(move.args[0]) or set(dict(move.params)) - {"drop", "stop"}:
                return T("Say which centre card you take and which card of yours goes back, "
                         "e.g. 'take 5S drop=KD'.")
            code = C.card(move.args[0]).code
            if code not in s.centre:
                return T("{card} is not in the centre.", card=Card(code))
            drop = move.param("drop")
            if not drop or not C.is_card(drop):
                return T("Say which of your cards goes to the centre with drop=, e.g. 'take 5S drop=KD'.")
            if C.card(drop).code not in self.held(s, seat):
                return T("You do not hold {card}.", card=Card(C.card(drop).code))
            return T("Write the move as it is offered, e.g. '{move}'.", move=f"take {code} drop={C.card(drop).code}")
        if move.kind == "swap":
            if not o["swap_three"]:
                return T("Swapping all three cards is not allowed at this table.")
            return T("To swap your hand with the centre, just say 'swap' (add stop=yes to stop the bus).")
        if move.kind == "stop":
            if s.stopper >= 0:
                return T("The bus has already been stopped this hand.")
            if o["stop"] == "after":
                return T("Stop the bus with your exchange: add stop=yes to it, e.g. 'pass stop=yes'.")
            return T("To stop the bus, just say 'stop'.")
        if move.kind == "pass":
            return T("To keep your hand, just say 'pass'.")
        return T("'{move}' is not a move in Stop the Bus.", move=str(move))

    # -- playing
    def play(self, s: StopTheBusState, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        self._record_exchange(s, seat, move)
        if move.kind == "take":
            take, drop = move.args[0], move.param("drop")
            at = s.centre.index(take)
            (s.hands if drop in s.hands[seat] else s.known)[seat].remove(drop)
            s.known[seat].append(take)
            s.centre[at] = drop
            events.append(Event(T("{seat} takes {card} and puts {drop} in its place.", seat=Seat(seat), card=Card(take),
                                  drop=Card(drop))))
        elif move.kind == "swap":
            mine = self.held(s, seat)
            s.hands[seat], s.known[seat] = [], list(s.centre)
            s.centre = mine
            events.append(Event(T("{seat} swaps the whole hand: the centre now shows {cards}.", seat=Seat(seat),
                                  cards=Cards(tuple(s.centre)))))
        elif move.kind == "pass":
            events.append(Event(T("{seat} keeps the hand.", seat=Seat(seat))))
        s.turns += 1
        if move.kind == "stop" or move.param("stop") == "yes":
            s.stopper = seat
            events.append(Event(T("{seat} calls \"Stop the bus!\" Everyone else has one more turn.", seat=Seat(seat))))
        nxt = self._next_active(s, seat)
        if s.stopper >= 0 and nxt == s.stopper:
            return events + self._showdown(s)
        if s.stopper < 0 and s.turns >= s.options["round_cap"] * len(self.active(s)):
            events.append(Event(T("Nobody stopped the bus in {rounds} rounds: it stops by itself.",
                                  rounds=s.options["round_cap"])))
            return events + self._showdown(s)
        s.turn = nxt
        return events

    @staticmethod
    def _record_exchange(s: StopTheBusState, seat: int, move: Move) -> None:
        if len(s.exchanges) != s.players:   # a state saved before exchanges were recorded
            return
        if move.kind == "swap":
            s.exchanges[seat] = []
        elif move.kind == "take":
            s.exchanges[seat].append(s.centre + [move.args[0], move.param("drop")])
        else:
            s.exchanges[seat].append(s.centre + ["", ""])

    def _showdown(self, s: StopTheBusState) -> list[Event]:
        variant = s.options["brag"]
        players = self.active(s)
        s.showdown = True
        lines = [T("{seat} {cards} ({hand})", seat=Seat(i), cards=Cards(tuple(self.held(s, i))),
                   hand=brag.describe(self.held(s, i), variant)) for i in players]
        events = [Event(T("Showdown: {hands}.", hands=AndList(tuple(lines))))]
        losers = [players[i] for i in brag.worst([self.held(s, i) for i in players], variant)]
        names = Seats(tuple(losers))
        if all(s.scores[i] <= 1 for i in players) and len(losers) == len(players):
            s.last_result = text_data(T("Hand {hand}: {seats} tied for the worst hand on their last tokens; replayed",
                                        hand=s.hand_no, seats=names))
            events.append(Event(T("{seats} tie for the worst hand on their last tokens: nobody loses one, "
                                  "and the hand is dealt again.", seats=names)))
            return events + next_deal(s, self._deal)
        for i in losers:
            s.scores[i] -= 1
            if not s.scores[i]:
                s.gone[i] = s.hand_no
        hands = AndList(tuple(T("{seat} ({hand})", seat=Seat(i), hand=brag.describe(self.held(s, i), variant))
                              for i in losers))
        s.last_result = text_data(N("Hand {hand}: {losers} lost a token", "Hand {hand}: {losers} lost a token",
                                    len(losers), hand=s.hand_no, losers=hands))
        events.append(Event(N("{seats} has the worst hand and loses a token.",
                              "{seats} have the worst hand and each lose a token.", len(losers), seats=names)))
        dropped = [i for i in losers if not s.scores[i]]
        if dropped:
            events.append(Event(N("{seats} out of tokens: out of the game.", "{seats} out of tokens: out of the game.",
                                  len(dropped), seats=Seats(tuple(dropped)))))
        if len(self.active(s)) == 1:
            s.over = True
            events.append(Event(self.outcome(s).summary))
            return events
        s.dealer = self._next_active(s, s.dealer)
        return events + next_deal(s, self._deal)

    # -- what people see
    def _name(self, s: StopTheBusState, cards: list[str]) -> Text | str:
        return brag.describe(cards, s.options["brag"])

    def instruction(self, s: StopTheBusState, seat: int) -> str:
        mine = self.held(s, seat)
        hand = self._name(s, mine)
        if s.stopper >= 0:
            return T("Your turn: your hand is {hand}. Take a centre card and put one of yours back, or keep your "
                     "hand. {seat} stopped the bus: this is your last turn.", hand=hand, seat=Seat(s.stopper))
        if s.options["stop"] == "after":
            return T("Your turn: your hand is {hand}. Take a centre card and put one of yours back, or keep your "
                     "hand; then stop the bus or go on.", hand=hand)
        return T("Your turn: your hand is {hand}. Take a centre card and put one of yours back, keep your hand, "
                 "or stop the bus instead.", hand=hand)

    def describe(self, s: StopTheBusState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        mine = self.held(s, seat)
        first = T("Take a centre card")
        if move.kind == "take":
            take, drop = move.args[0], move.param("drop")
            after = [c for c in mine if c != drop] + [take]
            path = [(first, T("{card}", card=Card(take))),
                    (T("Put back one of yours (for {card})", card=Card(take)),
                     T("{card}: {hand}", card=Card(drop), hand=self._name(s, after)))]
        elif move.kind == "pass":
            path = [(first, T("Keep my hand ({hand})", hand=self._name(s, mine)))]
        elif move.kind == "swap":
            path = [(first, T("Swap all three: {hand}", hand=self._name(s, s.centre)))]
        else:
            return ((first, T("Stop the bus! (no exchange)")),)
        if s.stopper < 0 and s.options["stop"] == "after":
            path.append((T("Stop the bus?"), T("Stop the bus!") if move.param("stop") else T("No, go on")))
        return tuple(path)

    def score_unit(self, s: StopTheBusState) -> tuple[str, str]:
        return (T("token"), T("tokens"))

    def view(self, s: StopTheBusState, seat: int | None) -> View:
        seats = []
        for i in range(s.players):
            notes = []
            if i == s.dealer:
                notes.append(T("dealer"))
            if s.gone[i]:
                notes.append(T("out (hand {hand})", hand=s.gone[i]))
            if i == s.stopper:
                notes.append(T("stopped the bus"))
            if s.showdown and self.held(s, i):
                held = self.held(s, i)
                notes.append(T("showed {cards} ({hand})", cards=Cards(tuple(held)), hand=self._name(s, held)))
            elif s.known[i]:
                notes.append(T("took {cards}", cards=Cards(tuple(s.known[i]))))
            seats.append(SeatView(i, len(self.held(s, i)), s.scores[i], notes))
        o: StopTheBusOptions = self.options_of(s)
        facts = [T("Brag ranking: {ranking}", ranking=BRAG_TEXTS[o.brag]),
                 T("Tokens to start: {tokens}", tokens=o.tokens)]
        if o.swap_three:
            facts.append(T("You may swap all three cards with the centre"))
        if seat is not None and self.held(s, seat) and not s.over:
            facts.append(T("Your hand: {hand}", hand=self._name(s, self.held(s, seat))))
        if s.stopper >= 0 and not s.over:
            facts.append(T("{seat} stopped the bus: everyone else has one last turn", seat=Seat(s.stopper)))
        elif not s.over:
            rounds = s.turns // max(1, len(self.active(s)))
            facts.append(T("Round {round} of at most {most}", round=rounds + 1, most=o.round_cap))
        if s.last_result:
            facts.append(text_from(s.last_result))
        status = (self.outcome(s).summary if s.over
                  else T("Hand {hand}. {seat} to take a card from the centre.", hand=s.hand_no, seat=Seat(s.turn)))
        return View(game=self.key, seat=seat,
                    hand=list(self.held(s, seat)) if seat is not None else [],
                    seats=seats,
                    piles=[PileView(T("Centre"), list(s.centre), len(s.centre)),
                           PileView(T("Unused cards"), [], len(s.stub))],
                    status=status, facts=facts, to_move=sorted(self.to_move(s)),
                    over=s.over, result=self.outcome(s).summary if s.over else None)

    def zones(self, s: StopTheBusState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, "all" if s.showdown else i) for i, h in enumerate(s.hands)]
                + [Zone(f"taken {i}", k, "all") for i, k in enumerate(s.known)]
                + [Zone("centre", s.centre, "all"), Zone("stub", s.stub, "none")])

    def standing(self, s: StopTheBusState) -> list[float]:
        """Tokens; among players out, a later drop-out stands higher."""
        return [float(s.scores[i]) + s.gone[i] / 100000 for i in range(s.players)]

    def outcome(self, s: StopTheBusState) -> Outcome | None:
        if not s.over:
            return None
        placings = placings_from(self.standing(s))
        winners = [i for i, p in enumerate(placings) if p == 1]
        if len(winners) == 1:
            summary = T("{seat} wins: the last with a token!", seat=Seat(winners[0]))
        else:
            summary = T("{seats} share the win: the last with a token!", seats=Seats(tuple(winners)))
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def hand_progress(self, s: StopTheBusState) -> list[float]:
        """The strength of each hand (a playout cut short ranks seats by it)."""
        variant = s.options["brag"]
        out = []
        for i in range(s.players):
            held = self.held(s, i)
            if len(held) != HAND:
                out.append(-1.0)
                continue
            cat, a, b, c = brag.key(held, variant)
            out.append(cat + a / 16 + b / 256 + c / 4096)
        return out

    def determinize(self, s: StopTheBusState, seat: int | None, rng: random.Random) -> StopTheBusState:
        """Deal the unseen cards anew (`Game.determinize`), then re-deal each other seat's
        secret cards from the unused pack until its latest exchanges look sensible
        (`_explains`): a seat that kept its hand while the centre showed good cards
        most likely holds a hand those cards would not improve."""
        twin = super().determinize(s, seat, rng)
        if twin.showdown or len(twin.exchanges) != twin.players:
            return twin
        for other in self.active(twin):
            if other != seat and twin.hands[other] and twin.exchanges[other]:
                self._infer_secret_cards(twin, other, rng)
        return twin

    def _infer_secret_cards(self, s: StopTheBusState, seat: int, rng: random.Random) -> None:
        turns = s.exchanges[seat][-INFERRED_TURNS:]
        secret, pool = s.hands[seat], s.hands[seat] + s.stub
        best, best_score = list(secret), self._explains(s, seat, secret, turns)
        for _ in range(INFERENCE_TRIES):
            if best_score == len(turns):
                break
            guess = rng.sample(pool, len(secret))
            score = self._explains(s, seat, guess, turns)
            if score > best_score:
                best, best_score = guess, score
        chosen = set(best)
        secret[:] = best
        s.stub[:] = [c for c in pool if c not in chosen]

    def _explains(self, s: StopTheBusState, seat: int, secret: list[str], turns: list[list[str]]) -> int:
        """How many of ``turns`` (a seat's latest exchanges) made the best hand one exchange
        could, had the seat's secret cards been ``secret``. Walks back from the hand held now."""
        variant = s.options["brag"]
        after = secret + s.known[seat]
        explained = 0
        for *centre, take, drop in reversed(turns):
            before = [c for c in after if c != take] + [drop] if take else after
            best = max([hand_key(before, variant)]
                       + [hand_key([x for x in before if x != d] + [c], variant) for c in centre for d in before])
            explained += hand_key(after, variant) >= best
            after = before
        return explained

    def rollout_move(self, s: StopTheBusState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Take the exchange that makes the best hand (keep the hand when nothing improves
        it), and stop the bus with a pair of nines or better."""
        variant = s.options["brag"]
        mine = self.held(s, seat)
        best, best_key = None, hand_key(mine, variant)
        for c in s.centre:
            for d in mine:
                k = hand_key([x for x in mine if x != d] + [c], variant)
                if k > best_key:
                    best, best_key = (c, d), k
        stop = s.stopper < 0 and best_key >= (brag.PAIR, 9, 0, 0) and rng.random() < 0.8
        if stop and s.options["stop"] == "instead" and best is None:
            return Move("stop")
        if best is None:
            want = Move("pass")
        else:
            want = Move("take", (best[0],), (("drop", best[1]),))
        if stop and s.options["stop"] == "after":
            want = _stop_moves(want)[1]
        return want if want in moves else moves[rng.randrange(len(moves))]


GAME = StopTheBus()
