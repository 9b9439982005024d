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
from games.common.table import plural, seat_names, winners_text
from games.common.tricks import ACES_HIGH, beats, led_suit, legal_follow, strength, winning_index
from games.engine import BadOption, Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option

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
                              help="text: the dealer must bring the bids above the hand size; "
                                   "hook: the bids may not total the hand size; none: no constraint")
    schedule: str = option("down_up", choices=("down_up", "up_down", "fixed"),
                           help="hand sizes: start down to 1 and back up, 1 up to start and back down, "
                                "or the starting size every hand")
    start_size: int = option(0, min=0, max=DECK_SIZE // 3,
                             help="cards in the first hand; 0 = 10 for 3-5 players, 8 for 6, 7 for 7")
    fixed_hands: int = option(0, min=0, max=50, only_with=("schedule", "fixed"),
                              help="hands in the match (0 = as many as down_up)")

    def start(self, players: int) -> int:
        return self.start_size or default_start(players)

    def check(self, players: int) -> None:
        most = DECK_SIZE // players
        if self.start_size > most:
            raise BadOption(f"option 'start_size': with {players} players each can be dealt at most "
                            f"{most} cards (got {self.start_size})")

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
    last_result: str = ""


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
    title = "Oh Hell!"
    seats = range(3, 8)
    Options = OhHellOptions
    State = OhHellState
    summary = "Bid the exact number of tricks you will take: no more, no less."
    rules = (
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
            title = f"Tie-break hand {s.tiebreaks} (only {seat_names(s.tied)} count)"
        else:
            title = f"Hand {s.hand_no} of {len(o.sizes(p))}"
        trump = (f"the upcard is {C.text(s.upcard[0])}: {C.SUIT_NAMES[s.trump]} are trump"
                 if s.upcard else "no card is left to turn up: no trump")
        return [Event(f"{title}: {{p{s.dealer}}} deals {plural(n, 'card')} each; {trump}.")]

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

    def refuse(self, s: OhHellState, seat: int, move: Move) -> str | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        if move.kind == "bid":
            if s.phase != BID:
                return "The bidding is over: play a card."
            if len(move.args) != 1 or not move.args[0].isdigit():
                return "Say how many tricks you bid, e.g. 'bid 2'."
            bid = int(move.args[0])
            if bid in self.bid_range(s, seat):
                return f"Write the bid as a plain number, e.g. 'bid {bid}'."
            rule = self.options_of(s).dealer_rule
            if seat != s.dealer or rule == "none":
                return f"You can bid from 0 to {s.size}: there {'is' if s.size == 1 else 'are'} " \
                       f"{plural(s.size, 'trick')} this hand."
            others = sum(b for b in s.bids if b is not None)
            if rule == "hook":
                if others + bid == s.size:
                    return f"As dealer you may not bid {bid}: the bids would total exactly {s.size}."
                return f"You can bid from 0 to {s.size}."
            low = max(0, s.size + 1 - others)
            if bid < low:
                return (f"As dealer you must bid at least {low}, so that the bids total more than "
                        f"{s.size} (the others bid {others}).")
            if low > s.size:
                return f"As dealer you must bid exactly {low}: the others bid {others}."
            return f"You can bid from {low} to {s.size}."
        if move.kind == "play":
            if s.phase != PLAY:
                return "Everyone must bid before the play starts."
            if len(move.args) != 1 or not C.is_card(move.args[0]):
                return "Say which one card to play, e.g. 'play QH'."
            code = C.card(move.args[0]).code
            if code not in s.hands[seat]:
                return f"You do not hold {C.text(code)}."
            led = C.suit(s.trick[0]) if s.trick else None
            if led and C.suit(code) != led:
                return (f"You must follow suit: {C.text(s.trick[0])} was led and you hold "
                        f"{C.SUIT_NAMES[led]}.")
            return f"Write the card as a code, e.g. 'play {code}'."
        return f"'{move}' is not a move in Oh Hell!"

    # -- playing
    def play(self, s: OhHellState, seat: int, move: Move) -> list[Event]:
        if move.kind == "bid":
            return self._bid(s, seat, int(move.args[0]))
        return self._play_card(s, seat, move.args[0])

    def _bid(self, s: OhHellState, seat: int, bid: int) -> list[Event]:
        s.bids[seat] = bid
        events = [Event(f"{{p{seat}}} bids {bid}.")]
        if seat != s.dealer:
            s.turn = next_seat(seat, s.players)
            return events
        events.append(Event(f"Everyone has bid. {{p{s.leader}}} leads."))
        s.phase = PLAY
        s.turn = s.leader
        return events

    @staticmethod
    def _bids_total(s: OhHellState) -> str:
        total = sum(s.bids)
        if total > s.size:
            balance = f"overbid by {total - s.size}"
        elif total < s.size:
            balance = f"underbid by {s.size - total}"
        else:
            balance = "exactly the tricks available"
        return f"Bids total {total} for {plural(s.size, 'trick')} ({balance})"

    def _play_card(self, s: OhHellState, seat: int, code: str) -> list[Event]:
        s.hands[seat].remove(code)
        trick = s.trick
        if trick:
            led = C.suit(trick[0])
            if C.suit(code) != led and led not in s.voids[seat]:
                s.voids[seat] += led
        trick.append(code)
        events = [Event(f"{{p{seat}}} plays {C.text(code)}.")]
        if len(trick) < s.players:
            s.turn = next_seat(seat, s.players)
            return events
        winner = (s.leader + winning_index(trick, s.trump)) % s.players
        s.won[winner] += trick
        s.taken[winner] += 1
        s.last_trick, s.last_leader, s.last_winner = trick, s.leader, winner
        s.trick = []
        s.leader = s.turn = winner
        events.append(Event(f"{{p{winner}}} takes the trick ({C.texts(trick)}) and has "
                            f"{plural(s.taken[winner], 'trick')} of {s.bids[winner]} bid."))
        if not s.hands[winner]:
            events += self._end_hand(s)
        return events

    def _end_hand(self, s: OhHellState) -> list[Event]:
        o: OhHellOptions = self.options_of(s)
        points = [hand_points(b, t) for b, t in zip(s.bids, s.taken, strict=True)]
        detail = "; ".join(f"{{p{i}}} bid {b}, took {t}: {pts:+d}"
                           for i, (b, t, pts) in enumerate(zip(s.bids, s.taken, points, strict=True)))
        events = []
        if s.tied:
            best = max(points[i] for i in s.tied)
            stay = [i for i in s.tied if points[i] == best]
            for i in stay:
                s.survived[i] += 1
            s.last_result = f"Tie-break hand {s.tiebreaks} (points not added): {detail}"
            events.append(Event(s.last_result + "."))
            if len(stay) > 1:
                events.append(Event(f"{seat_names(stay)} are still tied: another one-card hand."))
            s.tied = stay if len(stay) > 1 else []
            if len(stay) == 1:
                return events + self._finish(s)
        else:
            for i, pts in enumerate(points):
                s.scores[i] += pts
            s.last_result = f"Hand {s.hand_no}: {detail}"
            events.append(Event(s.last_result + "."))
            if s.hand_no >= len(o.sizes(s.players)):
                top = max(s.scores)
                leaders = [i for i, x in enumerate(s.scores) if x == top]
                if len(leaders) == 1:
                    return events + self._finish(s)
                s.tied = leaders
                events.append(Event(f"{seat_names(leaders)} are tied on {top}: a one-card tie-break hand "
                                    f"decides between them."))
        s.dealer = next_dealer(s.dealer, s.players)
        return events + self._deal(s)

    def _finish(self, s: OhHellState) -> list[Event]:
        s.over = True
        return [Event(self.outcome(s).summary)]

    # -- what people see
    def instruction(self, s: OhHellState, seat: int) -> str:
        trump = f"{C.SUIT_SYMBOLS[s.trump]} {C.SUIT_NAMES[s.trump]} are trump" if s.trump else "no trump"
        if s.phase == BID:
            bids = list(self.bid_range(s, seat))
            others = sum(b for b in s.bids if b is not None)
            rule = self.options_of(s).dealer_rule
            base = f"Bid how many of the {plural(s.size, 'trick')} you will take ({trump})."
            if seat != s.dealer or rule == "none":
                return base
            if rule == "hook" and len(bids) <= s.size:
                return f"{base} You deal and the others bid {others}: you may not bid {s.size - others}."
            if rule == "text" and bids[0] > 0:
                return (f"{base} You deal and the others bid {others}: the total must pass {s.size}, "
                        f"so bid {bids[0]}" + (" or more." if len(bids) > 1 else "."))
            return base
        need = s.bids[seat] - s.taken[seat]
        aim = (f"you need {plural(need, 'more trick')}" if need > 0
               else "you have your bid: avoid taking more" if need == 0
               else f"you are {plural(-need, 'trick')} over your bid")
        if not s.trick:
            return f"Lead a card ({trump}; {aim})."
        led = C.suit(s.trick[0])
        if any(C.suit(c) == led for c in s.hands[seat]):
            return f"Follow {C.SUIT_SYMBOLS[led]} {C.SUIT_NAMES[led]} ({trump}; {aim})."
        return f"You have no {C.SUIT_NAMES[led]}: play any card ({trump}; {aim})."

    def describe(self, s: OhHellState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "bid":
            return (("Bid", move.args[0]),)
        return (("Play a card", C.text(move.args[0])),)

    def _hand_title(self, s: OhHellState) -> str:
        if s.tiebreaks and (s.tied or s.over):
            return f"Tie-break hand {s.tiebreaks}"
        return f"Hand {s.hand_no} of {len(self.options_of(s).sizes(s.players))}"

    def view(self, s: OhHellState, seat: int | None) -> View:
        seats = []
        for i, hand in enumerate(s.hands):
            notes = ["dealer"] if i == s.dealer else []
            if s.bids[i] is not None:
                notes.append(f"bid {s.bids[i]}")
            if s.phase == PLAY:
                notes.append(plural(s.taken[i], "trick"))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        if s.trump:
            facts = [f"Trump: {C.SUIT_SYMBOLS[s.trump]} {C.SUIT_NAMES[s.trump]}"]
        else:
            facts = ["No trump: no card was left to turn up"]
        facts.append(f"{plural(s.size, 'card')} each")
        if s.tied:
            facts.append(f"Tie-break between {seat_names(s.tied)}: only their results count, "
                         f"and the points are not added")
        if s.phase == PLAY:
            facts.append(self._bids_total(s))
        if s.last_result:
            facts.append(s.last_result)
        if s.over:
            status = self.outcome(s).summary
        elif s.phase == BID:
            status = f"{self._hand_title(s)}. {{p{s.turn}}} to bid."
        else:
            status = f"{self._hand_title(s)}. {{p{s.turn}}} to {'play' if s.trick else 'lead'}."
        piles = [PileView("Current trick", list(s.trick), len(s.trick)),
                 PileView("Last trick", list(s.last_trick), len(s.last_trick),
                          s.last_winner if s.last_winner >= 0 else None),
                 PileView("Upcard", list(s.upcard), len(s.upcard)),
                 PileView("Stock", [], len(s.stock))]
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
        how = " after the tie-break" if s.tiebreaks else ""
        return Outcome(placings, [float(x) for x in s.scores], winners,
                       f"{winners_text(winners)} with {best} points{how}!")

    # -- computer players
    def determinize(self, s: OhHellState, seat: int | None, rng: random.Random) -> OhHellState:
        """Deal the unseen cards anew, but never a suit to a seat that has shown it
        holds none (it failed to follow that suit this hand)."""
        others = [i for i in range(s.players) if i != seat]
        if not any(s.voids[i] for i in others):
            return super().determinize(s, seat, rng)
        twin = s.clone()
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
