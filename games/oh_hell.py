"""Oh Hell!: bid the exact number of tricks you will take, then take exactly that many.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/oh_hell.md``; [rec] marks our own):

* Dealer's constraint (option ``dealer_rule``): ``text`` (default) makes the
  dealer bring the total of the bids above the hand size: the dealer's minimum
  is n+1 minus the others' total (at least 0), any bid from that minimum up to n
  is allowed, and when the minimum itself is above n it is the only bid.
  ``hook`` forbids the one dealer bid that makes the total equal n; ``none``
  lets the dealer bid 0..n freely. Everyone else bids 0..n.
* Schedule (option ``schedule``): ``down_up`` (default, the text's) deals the
  starting size, one card fewer each hand down to one card, then back up to the
  starting size; the one-card hand is dealt once. ``up_down`` goes 1 → start → 1.
  ``fixed`` deals the starting size every hand, ``fixed_hands`` times (0 = as
  many hands as the down-and-up schedule would have).
* Starting size (option ``start_size``): 0 = 10 cards for 3–5 players, 8 for 6,
  7 for 7; otherwise any size the deck can deal to everyone.
* The card left on top of the stub is turned up and its suit is trump. When no
  card is left over (e.g. 4 players × 13), the hand is played without trump.
* Aces are high. The dealer's left bids first and leads the first trick; the
  winner of a trick leads the next.
* The first dealer is drawn at random; the deal passes left.
* Tie for the highest score after the schedule: another one-card hand is dealt
  and played by everyone, but only the tied players' results on it decide. Those
  with the best tie-break result stay in; if several do, another one-card hand
  is played among them, until one is left. Tie-break points are shown, never
  added to the match scores. Players knocked out of the tie-break share the
  placing below those who stayed in longer [rec].
* For computer players, `standing` is the score plus a bonus below one point for
  each tie-break hand survived, so tie-break hands are worth winning and the
  final standing orders the seats as the outcome does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

from games import cards as C
from games.common.match import first_dealer, next_dealer, next_seat
from games.common.tricks import ACES_HIGH, beats, led_suit, legal_follow, strength, winning_index
from games.engine import (
    BadOption,
    Event,
    Game,
    Move,
    Outcome,
    PileView,
    SeatView,
    State,
    View,
    Zone,
    placings_from,
    reseeded,
)
from games.options import Options, option
from games.playout import next_deal
from games.text import Card, Cards, Seat, Seats, Suit, Text, text_data, text_from, texts

T, N = texts("oh_hell")

BID, PLAY = "bid", "play"
DECK_SIZE = 52
POWER = strength(ACES_HIGH)
SUIT_INDEX = {s: i for i, s in enumerate(C.SUITS)}

# Moves are plain data; building each once keeps `moves` cheap on the AI's hot path.
_PLAY_MOVES = {code: Move("play", (code,)) for code in C.french_deck()}
_BID_MOVES = [Move("bid", (str(n),)) for n in range(DECK_SIZE + 1)]


def default_start(players: int) -> int:
    return 10 if players <= 5 else 8 if players == 6 else 7


@cache
def _schedule(kind: str, start: int, hands: int) -> tuple[int, ...]:
    if kind == "fixed":
        return (start,) * (hands or 2 * start - 1)
    if kind == "up_down":
        return tuple(range(1, start + 1)) + tuple(range(start - 1, 0, -1))
    return tuple(range(start, 0, -1)) + tuple(range(2, start + 1))


@dataclass(frozen=True)
class OhHellOptions(Options):
    dealer_rule: str = option("text", choices=("text", "hook", "none"),
                              help=T("text: the dealer must bring the bids above the hand size; "
                                   "hook: the bids may not total the hand size; none: no constraint"))
    schedule: str = option("down_up", choices=("down_up", "up_down", "fixed"),
                           help=T("hand sizes: start down to 1 and back up, 1 up to start and back down, "
                                "or the starting size every hand"))
    start_size: int = option(0, min=0, max=DECK_SIZE // 3,
                             help=T("cards in the first hand; 0 = 10 for 3-5 players, 8 for 6, 7 for 7"))
    fixed_hands: int = option(0, min=0, max=50, only_with=("schedule", "fixed"),
                              help=T("hands in the match (0 = as many as down_up)"))

    def start(self, players: int) -> int:
        return self.start_size or default_start(players)

    def check(self, players: int) -> None:
        most = DECK_SIZE // players
        if self.start_size > most:
            raise BadOption(T("option 'start_size': with {players} players each can be dealt at most {n} cards "
                              "(got {size})", players=players, n=most, size=self.start_size))

    def sizes(self, players: int) -> tuple[int, ...]:
        """The hand size of each hand of the schedule, in order."""
        return _schedule(self.schedule, self.start(players), self.fixed_hands)


@dataclass(kw_only=True)
class OhHellState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # the undealt stub, face down
    upcard: list[str] = field(default_factory=list)     # the turned card, or empty if none was left
    trump: str = ""                                     # "" = no trump this hand
    size: int = 0                                       # cards dealt to each player this hand
    phase: str = BID
    turn: int = 0
    bids: list[int | None] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)      # tricks won this hand
    won: list[list[str]] = field(default_factory=list)  # cards of the tricks won this hand (public)
    trick: list[str] = field(default_factory=list)      # the current trick, in play order
    leader: int = 0                                     # who led the current trick
    last_trick: list[str] = field(default_factory=list)
    last_leader: int = -1
    last_winner: int = -1
    voids: list[str] = field(default_factory=list)      # per seat: suits it has shown it lacks this hand
    tied: list[int] = field(default_factory=list)       # seats still in the tie-break ([] = no tie-break)
    survived: list[int] = field(default_factory=list)   # tie-break hands each seat came through
    tiebreaks: int = 0                                   # tie-break hands dealt so far
    last_result: str | dict = ""   # text_data of the last hand's result


def hand_points(bid: int, taken: int) -> int:
    """10 per trick bid when exact (10 for an exact 0), else -10 per trick over or under."""
    if bid == taken:
        return 10 * bid if bid else 10
    return -10 * abs(bid - taken)


def _hand_key(code: str) -> tuple[int, int]:
    c = C.card(code)
    return SUIT_INDEX[c.suit], POWER[c.rank]


class OhHell(Game[OhHellState]):
    key = "oh_hell"
    title = T("Oh Hell!")
    # other names players search for (/play)
    aliases = ('oh hell', 'up and down the river', 'podrida', 'contract whist', 'nomination whist', 'blackout')
    seats = range(3, 8)
    Options = OhHellOptions
    State = OhHellState
    summary = T("Bid the exact number of tricks you will take: no more, no less.")
    rules = T(
        "Each hand, everybody is dealt the same number of cards and the next card of the pack "
        "is turned face up: its suit is trump for that hand (if the pack ran out, there is no "
        "trump). Starting left of the dealer and ending with the dealer, each player says how "
        "many tricks they expect to win, zero included. The dealer has a handicap: the bids "
        "together must come to more than the number of cards in each hand, so someone is bound "
        "to miss.\n"
        "The player left of the dealer leads. Follow the suit led when you can; otherwise play "
        "anything, a trump included. The highest trump takes the trick, or failing that the "
        "highest card of the suit led (aces high), and the taker leads next.\n"
        "Hitting your bid exactly earns 10 points per trick bid, or 10 for a bid of zero. "
        "Missing it, either way, costs 10 points for every trick you are out by.\n"
        "The first hand has 10 cards each (8 with six players, 7 with seven); each later hand "
        "has one card fewer down to a single card, then one more each hand back up to the "
        "start. The best total at the end wins. Players tied for first play extra one-card "
        "hands, which do not change the totals, until one of them comes out ahead."
    )

    # -- dealing
    def setup(self, players: int, options: OhHellOptions, seed: int) -> OhHellState:
        s = OhHellState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players,
                        survived=[0] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: OhHellState) -> list[Event]:
        o: OhHellOptions = self.options_of(s)
        p = s.players
        n = 1 if s.tied else o.sizes(p)[s.hand_no]
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.hands = [sorted(deck[i * n:(i + 1) * n], key=_hand_key) for i in range(p)]
        s.stock = deck[p * n:]
        s.upcard = [s.stock.pop()] if s.stock else []
        s.trump = C.suit(s.upcard[0]) if s.upcard else ""
        s.size, s.phase = n, BID
        s.bids, s.taken = [None] * p, [0] * p
        s.won, s.voids = [[] for _ in range(p)], [""] * p
        s.trick, s.last_trick, s.last_leader, s.last_winner = [], [], -1, -1
        s.turn = s.leader = next_seat(s.dealer, p)
        s.hand_no += 1
        if s.tied:
            s.tiebreaks += 1
            title = T("Tie-break hand {n} (only {seats} count)", n=s.tiebreaks, seats=Seats(tuple(s.tied)))
        else:
            title = T("Hand {n} of {total}", n=s.hand_no, total=len(o.sizes(p)))
        trump = (T("the upcard is {card}: {suit} are trump", card=Card(s.upcard[0]), suit=Suit(s.trump))
                 if s.upcard else T("no card is left to turn up: no trump"))
        return [Event(N("{hand}: {dealer} deals {n} card each; {trump}.",
                        "{hand}: {dealer} deals {n} cards each; {trump}.", n,
                        hand=title, dealer=Seat(s.dealer), trump=trump))]

    # -- legality
    def bid_range(self, s: OhHellState, seat: int) -> range | list[int]:
        """The bids ``seat`` may make now (assuming it is their turn to bid)."""
        n = s.size
        if seat != s.dealer:
            return range(n + 1)
        rule = self.options_of(s).dealer_rule
        if rule == "none":
            return range(n + 1)
        others = sum(b for b in s.bids if b is not None)
        if rule == "hook":
            return [b for b in range(n + 1) if others + b != n]
        low = max(0, n + 1 - others)
        return range(low, max(n, low) + 1)

    def to_move(self, s: OhHellState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: OhHellState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        if s.phase == BID:
            return [_BID_MOVES[b] for b in self.bid_range(s, seat)]
        return [_PLAY_MOVES[c] for c in legal_follow(s.hands[seat], led_suit(s.trick))]

    def refuse(self, s: OhHellState, seat: int, move: Move) -> Text | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if move.kind == "bid":
            if s.phase != BID:
                return T("The bidding is over: play a card.")
            if len(move.args) != 1 or not move.args[0].isdigit():
                return T("Say how many tricks you bid, e.g. 'bid 2'.")
            bid = int(move.args[0])
            if bid in self.bid_range(s, seat):
                return T("Write the bid as a plain number, e.g. '{move}'.", move=f"bid {bid}")
            rule = self.options_of(s).dealer_rule
            if seat != s.dealer or rule == "none":
                return N("You can bid from 0 to {n}: there is {n} trick this hand.",
                         "You can bid from 0 to {n}: there are {n} tricks this hand.", s.size)
            others = sum(b for b in s.bids if b is not None)
            if rule == "hook":
                if others + bid == s.size:
                    return T("As dealer you may not bid {bid}: the bids would total exactly {n}.", bid=bid, n=s.size)
                return T("You can bid from 0 to {n}.", n=s.size)
            low = max(0, s.size + 1 - others)
            if bid < low:
                return T("As dealer you must bid at least {low}, so that the bids total more than {n} (the others "
                         "bid {others}).", low=low, n=s.size, others=others)
            if low > s.size:
                return T("As dealer you must bid exactly {low}: the others bid {others}.", low=low, others=others)
            return T("You can bid from {low} to {n}.", low=low, n=s.size)
        if move.kind == "play":
            if s.phase != PLAY:
                return T("Everyone must bid before the play starts.")
            if len(move.args) != 1 or not C.is_card(move.args[0]):
                return T("Say which one card to play, e.g. 'play QH'.")
            code = C.card(move.args[0]).code
            if code not in s.hands[seat]:
                return T("You do not hold {card}.", card=Card(code))
            led = C.suit(s.trick[0]) if s.trick else None
            if led and C.suit(code) != led:
                return T("You must follow suit: {card} was led and you hold {suit}.", card=Card(s.trick[0]),
                         suit=Suit(led))
            return T("Write the card as a code, e.g. '{move}'.", move=f"play {code}")
        return T("'{move}' is not a move in Oh Hell!", move=str(move))

    # -- playing
    def play(self, s: OhHellState, seat: int, move: Move) -> list[Event]:
        if move.kind == "bid":
            return self._bid(s, seat, int(move.args[0]))
        return self._play_card(s, seat, move.args[0])

    def _bid(self, s: OhHellState, seat: int, bid: int) -> list[Event]:
        s.bids[seat] = bid
        events = [Event(T("{seat} bids {n}.", seat=Seat(seat), n=bid))]
        if seat != s.dealer:
            s.turn = next_seat(seat, s.players)
            return events
        events.append(Event(T("Everyone has bid. {seat} leads.", seat=Seat(s.leader))))
        s.phase = PLAY
        s.turn = s.leader
        return events

    @staticmethod
    def _bids_total(s: OhHellState) -> Text:
        total = sum(s.bids)
        if total > s.size:
            return N("Bids total {total} for {n} trick (overbid by {by})",
                     "Bids total {total} for {n} tricks (overbid by {by})", s.size, total=total, by=total - s.size)
        if total < s.size:
            return N("Bids total {total} for {n} trick (underbid by {by})",
                     "Bids total {total} for {n} tricks (underbid by {by})", s.size, total=total, by=s.size - total)
        return N("Bids total {total} for {n} trick (exactly the tricks available)",
                 "Bids total {total} for {n} tricks (exactly the tricks available)", s.size, total=total)

    def _play_card(self, s: OhHellState, seat: int, code: str) -> list[Event]:
        s.hands[seat].remove(code)
        trick = s.trick
        if trick:
            led = C.suit(trick[0])
            if C.suit(code) != led and led not in s.voids[seat]:
                s.voids[seat] += led
        trick.append(code)
        events = [Event(T("{seat} plays {card}.", seat=Seat(seat), card=Card(code)))]
        if len(trick) < s.players:
            s.turn = next_seat(seat, s.players)
            return events
        winner = (s.leader + winning_index(trick, s.trump)) % s.players
        s.won[winner] += trick
        s.taken[winner] += 1
        s.last_trick, s.last_leader, s.last_winner = trick, s.leader, winner
        s.trick = []
        s.leader = s.turn = winner
        events.append(Event(N("{seat} takes the trick ({cards}) and has {n} trick of {bid} bid.",
                              "{seat} takes the trick ({cards}) and has {n} tricks of {bid} bid.", s.taken[winner],
                              seat=Seat(winner), cards=Cards(tuple(trick)), bid=s.bids[winner])))
        if not s.hands[winner]:
            events += self._end_hand(s)
        return events

    def _end_hand(self, s: OhHellState) -> list[Event]:
        o: OhHellOptions = self.options_of(s)
        points = [hand_points(b, t) for b, t in zip(s.bids, s.taken, strict=True)]
        detail = self._hand_detail(s, points)
        events = []
        if s.tied:
            best = max(points[i] for i in s.tied)
            stay = [i for i in s.tied if points[i] == best]
            for i in stay:
                s.survived[i] += 1
            s.last_result = text_data(T("Tie-break hand {n} (points not added): {detail}", n=s.tiebreaks,
                                        detail=detail))
            events.append(Event(T("Tie-break hand {n} (points not added): {detail}.", n=s.tiebreaks, detail=detail)))
            if len(stay) > 1:
                events.append(Event(T("{seats} are still tied: another one-card hand.", seats=Seats(tuple(stay)))))
            s.tied = stay if len(stay) > 1 else []
            if len(stay) == 1:
                return events + self._finish(s)
        else:
            for i, pts in enumerate(points):
                s.scores[i] += pts
            s.last_result = text_data(T("Hand {n}: {detail}", n=s.hand_no, detail=detail))
            events.append(Event(T("Hand {n}: {detail}.", n=s.hand_no, detail=detail)))
            if s.hand_no >= len(o.sizes(s.players)):
                top = max(s.scores)
                leaders = [i for i, x in enumerate(s.scores) if x == top]
                if len(leaders) == 1:
                    return events + self._finish(s)
                s.tied = leaders
                events.append(Event(T("{seats} are tied on {n}: a one-card tie-break hand decides between them.",
                                      seats=Seats(tuple(leaders)), n=top)))
        s.dealer = next_dealer(s.dealer, s.players)
        return events + next_deal(s, self._deal)

    @staticmethod
    def _hand_detail(s: OhHellState, points: list[int]) -> Text:
        """Each seat's bid, tricks and points: ``{p0} bid 2, took 2: +20; {p1} bid 0, took 1: -10``."""
        lines = [T("{seat} bid {bid}, took {taken}: {points}", seat=Seat(i), bid=b, taken=t, points=f"{pts:+d}")
                 for i, (b, t, pts) in enumerate(zip(s.bids, s.taken, points, strict=True))]
        detail = lines[0]
        for line in lines[1:]:
            detail = T("{first}; {next}", first=detail, next=line)
        return detail

    def _finish(self, s: OhHellState) -> list[Event]:
        s.over = True
        return [Event(self.outcome(s).summary)]

    # -- what people see
    def instruction(self, s: OhHellState, seat: int) -> Text:
        trump = (T("{symbol} {suit} are trump", symbol=C.SUIT_SYMBOLS[s.trump], suit=Suit(s.trump)) if s.trump
                 else T("no trump"))
        if s.phase == BID:
            return self._bid_instruction(s, seat, trump)
        need = s.bids[seat] - s.taken[seat]
        aim = (N("you need {n} more trick", "you need {n} more tricks", need) if need > 0
               else T("you have your bid: avoid taking more") if need == 0
               else N("you are {n} trick over your bid", "you are {n} tricks over your bid", -need))
        if not s.trick:
            return T("Lead a card ({trump}; {aim}).", trump=trump, aim=aim)
        led = C.suit(s.trick[0])
        if any(C.suit(c) == led for c in s.hands[seat]):
            return T("Follow {symbol} {suit} ({trump}; {aim}).", symbol=C.SUIT_SYMBOLS[led], suit=Suit(led),
                     trump=trump, aim=aim)
        return T("You have no {suit}: play any card ({trump}; {aim}).", suit=Suit(led), trump=trump, aim=aim)

    def _bid_instruction(self, s: OhHellState, seat: int, trump: Text) -> Text:
        """What to bid, and as dealer, what the dealer's rule leaves."""
        bids = list(self.bid_range(s, seat))
        others = sum(b for b in s.bids if b is not None)
        rule = self.options_of(s).dealer_rule
        n = s.size
        if seat == s.dealer and rule == "hook" and len(bids) <= n:
            return N("Bid how many of the {n} trick you will take ({trump}). You deal and the others bid {others}: "
                     "you may not bid {forbidden}.",
                     "Bid how many of the {n} tricks you will take ({trump}). You deal and the others bid {others}: "
                     "you may not bid {forbidden}.", n, trump=trump, others=others, forbidden=n - others)
        if seat == s.dealer and rule == "text" and bids[0] > 0 and len(bids) > 1:
            return N("Bid how many of the {n} trick you will take ({trump}). You deal and the others bid {others}: "
                     "the total must pass {n}, so bid {least} or more.",
                     "Bid how many of the {n} tricks you will take ({trump}). You deal and the others bid {others}: "
                     "the total must pass {n}, so bid {least} or more.", n, trump=trump, others=others,
                     least=bids[0])
        if seat == s.dealer and rule == "text" and bids[0] > 0:
            return N("Bid how many of the {n} trick you will take ({trump}). You deal and the others bid {others}: "
                     "the total must pass {n}, so bid {least}.",
                     "Bid how many of the {n} tricks you will take ({trump}). You deal and the others bid {others}: "
                     "the total must pass {n}, so bid {least}.", n, trump=trump, others=others, least=bids[0])
        return N("Bid how many of the {n} trick you will take ({trump}).",
                 "Bid how many of the {n} tricks you will take ({trump}).", n, trump=trump)

    def describe(self, s: OhHellState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "bid":
            return ((T("Bid"), move.args[0]),)
        return ((T("Play a card"), T("{card}", card=Card(move.args[0]))),)

    def _hand_title(self, s: OhHellState) -> Text:
        if s.tiebreaks and (s.tied or s.over):
            return T("Tie-break hand {n}", n=s.tiebreaks)
        return T("Hand {n} of {total}", n=s.hand_no, total=len(self.options_of(s).sizes(s.players)))

    def view(self, s: OhHellState, seat: int | None) -> View:
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if s.bids[i] is not None:
                notes.append(T("bid {n}", n=s.bids[i]))
            if s.phase == PLAY:
                notes.append(N("{n} trick", "{n} tricks", s.taken[i]))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        if s.trump:
            facts = [T("Trump: {symbol} {suit}", symbol=C.SUIT_SYMBOLS[s.trump], suit=Suit(s.trump))]
        else:
            facts = [T("No trump: no card was left to turn up")]
        facts.append(N("{n} card each", "{n} cards each", s.size))
        if s.tied:
            facts.append(T("Tie-break between {seats}: only their results count, and the points are not added",
                           seats=Seats(tuple(s.tied))))
        if s.phase == PLAY:
            facts.append(self._bids_total(s))
        if s.last_result:
            facts.append(text_from(s.last_result))
        if s.over:
            status = self.outcome(s).summary
        elif s.phase == BID:
            status = T("{hand}. {seat} to bid.", hand=self._hand_title(s), seat=Seat(s.turn))
        elif s.trick:
            status = T("{hand}. {seat} to play.", hand=self._hand_title(s), seat=Seat(s.turn))
        else:
            status = T("{hand}. {seat} to lead.", hand=self._hand_title(s), seat=Seat(s.turn))
        piles = [PileView(T("Current trick"), list(s.trick), len(s.trick)),
                 PileView(T("Last trick"), list(s.last_trick), len(s.last_trick),
                          s.last_winner if s.last_winner >= 0 else None),
                 PileView(T("Upcard"), list(s.upcard), len(s.upcard)),
                 PileView(T("Stock"), [], len(s.stock))]
        return View(
            game=self.key, seat=seat,
            hand=list(s.hands[seat]) if seat is not None else [],
            seats=seats, piles=piles, status=status, facts=facts, to_move=sorted(self.to_move(s)),
            over=s.over, result=self.outcome(s).summary if s.over else None,
        )

    def zones(self, s: OhHellState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone("stock", s.stock, "none"), Zone("upcard", s.upcard, "all"),
                   Zone("trick", s.trick, "all")]
                + [Zone(f"won {i}", w, "all") for i, w in enumerate(s.won)])

    def standing(self, s: OhHellState) -> list[float]:
        return [x + 1.0 - 0.5 ** k for x, k in zip(s.scores, s.survived, strict=True)]

    def outcome(self, s: OhHellState) -> Outcome | None:
        if not s.over:
            return None
        placings = placings_from(self.standing(s))
        winners = [i for i, p in enumerate(placings) if p == 1]
        best = s.scores[winners[0]]
        return Outcome(placings, [float(x) for x in s.scores], winners, self._result(s, winners, best))

    @staticmethod
    def _result(s: OhHellState, winners: list[int], best: int) -> Text:
        """``{p0} wins with 120 points!``, ``… after the tie-break!``; tied winners share the win."""
        seat, seats = Seat(winners[0]), Seats(tuple(winners))
        if len(winners) > 1:
            if s.tiebreaks:
                return N("{seats} share the win with {n} point after the tie-break!",
                         "{seats} share the win with {n} points after the tie-break!", best, seats=seats)
            return N("{seats} share the win with {n} point!", "{seats} share the win with {n} points!", best,
                     seats=seats)
        if s.tiebreaks:
            return N("{seat} wins with {n} point after the tie-break!",
                     "{seat} wins with {n} points after the tie-break!", best, seat=seat)
        return N("{seat} wins with {n} point!", "{seat} wins with {n} points!", best, seat=seat)

    # -- computer players
    def determinize(self, s: OhHellState, seat: int | None, rng: random.Random) -> OhHellState:
        """Deal the unseen cards anew, but never a suit to a seat that has shown it
        holds none (it failed to follow that suit this hand)."""
        others = [i for i in range(s.players) if i != seat]
        if not any(s.voids[i] for i in others):
            return super().determinize(s, seat, rng)
        twin = reseeded(s.clone(), rng)
        # Usually it is enough that the hands with the most voids draw first, each
        # at random from the unseen cards it may hold.
        pool = sorted([c for i in others for c in s.hands[i]] + s.stock)
        order = sorted(others, key=lambda i: len(s.voids[i]), reverse=True)
        left = set(pool)
        for i in order:
            allowed = [c for c in pool if c in left and C.suit(c) not in s.voids[i]]
            if len(allowed) < len(s.hands[i]):
                break
            twin.hands[i] = sorted(rng.sample(allowed, len(s.hands[i])), key=_hand_key)
            left.difference_update(twin.hands[i])
        else:
            twin.stock = [c for c in pool if c in left]
            rng.shuffle(twin.stock)
            return twin
        # Otherwise fill the hands slot by slot, choosing a suit in proportion to the
        # unseen cards of it, and only a suit after which the rest can still be dealt.
        by_suit: dict[str, list[str]] = {x: [] for x in C.SUITS}
        for code in pool:
            by_suit[C.suit(code)].append(code)
        for cards in by_suit.values():
            rng.shuffle(cards)
        counts = {x: len(cards) for x, cards in by_suit.items()}
        rooms = [len(s.hands[i]) for i in others]
        voids = [s.voids[i] for i in others]
        for k, i in enumerate(others):
            hand = []
            while rooms[k]:
                suits = [x for x in C.SUITS if counts[x] and x not in voids[k]]
                rooms[k] -= 1
                while True:
                    x = rng.choices(suits, weights=[counts[y] for y in suits])[0]
                    counts[x] -= 1
                    if _dealable(counts, rooms, voids):
                        break
                    counts[x] += 1
                    suits.remove(x)
                hand.append(by_suit[x].pop())
            twin.hands[i] = sorted(hand, key=_hand_key)
        twin.stock = [c for cards in by_suit.values() for c in cards]
        rng.shuffle(twin.stock)
        return twin

    def rollout_move(self, s: OhHellState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Bid about the number of aces and high trumps held; in play, try to win
        tricks cheaply while short of the bid and duck once it is made."""
        if s.phase == BID:
            want = round(self._expected_tricks(s, seat))
            return min(moves, key=lambda m: (abs(int(m.args[0]) - want), rng.random()))
        cards = [m.args[0] for m in moves]
        trump = s.trump
        short = s.bids[seat] > s.taken[seat]
        if not s.trick:
            # Lead: strongest card when chasing tricks, weakest when ducking.
            pick = max(cards, key=lambda c: _strength(c, trump)) if short \
                else min(cards, key=lambda c: _strength(c, trump))
            return _PLAY_MOVES[pick]
        best = s.trick[winning_index(s.trick, trump)]
        winners = [c for c in cards if beats(c, best, trump)]
        losers = [c for c in cards if c not in winners]
        if short:
            if winners:
                return _PLAY_MOVES[min(winners, key=lambda c: _strength(c, trump))]
            return _PLAY_MOVES[min(cards, key=lambda c: _strength(c, trump))]
        if losers:
            return _PLAY_MOVES[max(losers, key=lambda c: _strength(c, trump))]
        return _PLAY_MOVES[min(cards, key=lambda c: _strength(c, trump))]

    def _expected_tricks(self, s: OhHellState, seat: int) -> float:
        hand = s.hands[seat]
        trumps = [c for c in hand if C.suit(c) == s.trump]
        est = 0.0
        for code in hand:
            r = POWER[C.rank(code)]
            if C.suit(code) == s.trump:
                est += 1.0 if r >= POWER[C.QUEEN] else 0.5 if r >= POWER[10] else 0.25
            elif r == POWER[C.ACE]:
                est += 0.9
            elif r == POWER[C.KING] and s.size >= 5:
                est += 0.4
        if len(trumps) >= 4:
            est += 0.5
        return min(est, s.size)


_SUIT_SETS = [tuple(x for b, x in enumerate(C.SUITS) if mask >> b & 1) for mask in range(1, 16)]


def _dealable(counts: dict[str, int], rooms: list[int], voids: list[str]) -> bool:
    """Whether the unseen cards (``counts`` per suit) can fill the hands' ``rooms``
    without giving a hand a suit in its ``voids``, the stock taking the rest (Hall's
    condition: every set of suits fits in the hands that accept one of them plus the stock)."""
    stock = sum(counts.values()) - sum(rooms)
    for suits in _SUIT_SETS:
        need = sum(counts[x] for x in suits)
        if need > stock and need > stock + sum(r for r, v in zip(rooms, voids, strict=True)
                                               if any(x not in v for x in suits)):
            return False
    return True


def _strength(code: str, trump: str) -> int:
    """A rough value for choosing cards: trumps above everything else, then rank."""
    c = C.card(code)
    return POWER[c.rank] + (20 if c.suit == trump else 0)


GAME = OhHell()
