"""Page One: a Japanese shedding game played in tricks; who cannot follow suit draws.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/page_one.md``; [rec] marks our own):

* 2–6 players (the game is made for 2–4; five and six fit the pack), four cards each,
  no upcard. The player left of the dealer leads; the winner of a trick leads the next.
* Follow suit if you can. The joker may be played to any trick, even when you could
  follow, and wins it. Led, it leaves the next player free to play any card, whose suit
  the rest then follow.
* A player who cannot follow (and does not play the joker) draws from the stock until
  a card of the suit led, or the joker, turns up, and must play that card: one move,
  "draw". The cards drawn before it are seen only by the drawer.
* When the stock is empty the completed tricks (never the trick in progress) are
  shuffled into a new stock. If a draw is needed and neither has a card, the hand is a
  draw.
* The first player to play their last card wins the hand at once, also in the middle
  of a trick; a player going out owes no call.
* ``joker_last`` (default yes) allows the joker as the last card. Without it the
  joker may not be played as the last card: holding only the joker, a player who
  must follow draws until they can, and one who leads first draws one card [rec].
* "Page One!": see `games.common.shedding.LastCard` (``call_mode`` manual by default,
  auto or catch; ``penalty`` 5 cards). A play leaving one card is offered with and
  without the call; the call may still be made until the next player's move (a play
  or a draw). A player holding one card who must draw to follow may add the call to
  the draw: it counts if the draw-and-play leaves them one card again. A missed
  call costs the penalty at once (manual) or when an opponent catches it first
  (catch). A penalty takes what the stock and the completed tricks
  can give; it never makes the hand a draw [rec].
* Match: one hand by default (a drawn hand then ends the match with everyone sharing
  it). ``hands_to_win`` N plays until someone has won N hands; ``scoring=penalty``
  charges every loser one point per card left, until someone reaches
  ``penalty_target``, lowest total winning. In a longer match a drawn hand scores
  nothing and is dealt again. The first dealer is drawn at random; the deal passes left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games import cards as C
from games.common.lacks import deal_around
from games.common.match import DealtMatch, MatchFormat, next_seat
from games.common.shedding import CALL_MODES, CallState, LastCard, suit_text
from games.common.table import card_to_play, hand_zones, table_view
from games.common.thumb import call_or_catch, most_held_suit, with_call
from games.common.tricks import ACES_HIGH, strength, winning_index
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, View, Zone, placings_from
from games.options import Options, option
from games.text import AndList, Card, Cards, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("page_one")

HAND_SIZE = 4
JOKER = "JKR"
CALL_WORD = T("Page One")   # the call, "Page One!"
DRAW, DRAW_CALL = Move("draw"), Move("draw", (), (("call", "1"),))
BIG = 24                    # more answers than this in one step: ask for the suit first (P5)
_CALLS: dict[tuple[str, int], LastCard] = {}
POWER = strength(ACES_HIGH)
SUITED = C.french_deck()     # every card but the joker


def _play(code: str, call: bool = False) -> Move:
    return Move("play", (code,), (("call", "1"),) if call else ())


_PLAYS = {(code, call): _play(code, call) for code in C.french_deck(jokers=1) for call in (False, True)}


@dataclass(frozen=True)
class PageOneOptions(Options):
    call_mode: str = option("manual", choices=CALL_MODES,
                            help=T("the “Page One!” call: made for you, made by you, or only punished when caught"))
    penalty: int = option(5, min=1, max=10, help=T("cards drawn for a missed “Page One!” call"))
    joker_last: bool = option(True, help=T("the joker may be played as your last card"))
    scoring: str = option("wins", choices=("wins", "penalty"),
                          help=T("count hands won, or one penalty point per card left in hand"))
    hands_to_win: int = option(1, min=1, max=10, only_with=("scoring", "wins"),
                               help=T("hands needed to win the match"))
    penalty_target: int = option(30, min=5, max=500,
                                 only_with=("scoring", "penalty"),
                                 help=T("the match ends when someone reaches this"))

    def match(self) -> MatchFormat:
        if self.scoring == "penalty":
            return MatchFormat("lowest", self.penalty_target)
        return MatchFormat("wins", self.hands_to_win)


@dataclass(kw_only=True)
class PageOneState(CallState):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    discard: list[str] = field(default_factory=list)    # the completed tricks, face up, oldest first
    trick: list[str] = field(default_factory=list)      # the trick in progress, in play order
    leader: int = 0
    turn: int = 0
    last_trick: list[str] = field(default_factory=list)
    last_leader: int = -1
    last_winner: int = -1
    drawn_game: bool = False        # the match ended on a hand nobody could finish
    void: list[str] = field(default_factory=list)   # per seat, the suits it is known to lack (it drew to follow)
    last_result: str | dict = ""     # text_data of the last hand's result


def led_suit(trick: list[str]) -> str | None:
    """The suit to follow: that of the first card that is not the joker (None: any card)."""
    for code in trick:
        if code != JOKER:
            return C.SUIT[code]
    return None


class PageOne(DealtMatch, Game[PageOneState]):
    key = "page_one"
    title = T("Page One")
    # other names players search for (/play)
    aliases = ('ページワン', 'pageone')
    seats = range(2, 7)
    Options = PageOneOptions
    State = PageOneState
    summary = T("Shed four cards by following suit in tricks; who cannot follow draws until they can.")
    rules = T(
        "Everyone starts with four cards; there is no card turned up. The player left of the dealer "
        "leads any card and the others must follow its suit. If you cannot, you keep drawing from the "
        "stock until you get a card of that suit (or the joker) and play it. The highest card of the "
        "suit led wins the trick (aces high), except that the joker wins any trick it is played to; "
        "you may play it whenever you like. A joker led lets the next player choose the suit. The "
        "winner leads the next trick.\n"
        "When you play down to your last card, call “Page One!” before the next player moves, or you "
        "draw five cards. The first player to get rid of every card wins. Played tricks are shuffled "
        "into a new stock when it runs out; if nothing at all is left to draw, the game is a draw."
    )

    # -- dealing
    def setup(self, players: int, options: PageOneOptions, seed: int) -> PageOneState:
        s = PageOneState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: PageOneState) -> list[Event]:
        deck = C.french_deck(jokers=1)
        s.rng().shuffle(deck)
        s.hands = [C.sorted_hand([deck.pop() for _ in range(HAND_SIZE)]) for _ in range(s.players)]
        s.stock, s.discard, s.trick = deck, [], []
        s.leader = s.turn = next_seat(s.dealer, s.players)
        s.last_trick, s.last_leader, s.last_winner = [], -1, -1
        s.void = [""] * s.players
        self.calls(s).reset(s)
        s.hand_no += 1
        return [Event(T("Hand {hand}: {dealer} deals {n} cards each; {leader} leads.", hand=s.hand_no,
                       dealer=Seat(s.dealer), n=HAND_SIZE, leader=Seat(s.leader)))]

    def calls(self, s: PageOneState) -> LastCard:
        key = (s.options["call_mode"], s.options["penalty"])
        rules = _CALLS.get(key)
        if rules is None:
            rules = _CALLS[key] = LastCard(CALL_WORD, *key)
        return rules

    # -- legality
    def to_move(self, s: PageOneState) -> frozenset[int]:
        if s.over:
            return frozenset()
        if s.hook < 0:
            return frozenset((s.turn,))
        return frozenset({s.turn} | self.calls(s).optional(s, s.hands, s.turn, range(s.players)))

    def moves(self, s: PageOneState, seat: int) -> list[Move]:
        if s.over:
            return []
        if seat == s.turn:
            moves = self._turn_moves(s, seat)
            return moves + self.calls(s).moves(s, seat, on_turn=True) if s.hook >= 0 else moves
        rules = self.calls(s)
        if seat in rules.optional(s, s.hands, s.turn, range(s.players)):
            return rules.moves(s, seat, on_turn=False)
        return []

    def _cards(self, s: PageOneState, seat: int) -> list[str]:
        """The cards ``seat`` may play now (drawing aside)."""
        hand = s.hands[seat]
        joker_ok = JOKER in hand and (len(hand) > 1 or s.options["joker_last"])
        suit = led_suit(s.trick)
        if suit is None:
            return [c for c in hand if c != JOKER or joker_ok]
        return [c for c in hand if C.SUIT[c] == suit] + ([JOKER] if joker_ok else [])

    def _must_draw(self, s: PageOneState, seat: int) -> bool:
        """Draw is offered when no card of the suit is held (or, leading, only a joker that may not go last)."""
        hand = s.hands[seat]
        suit = led_suit(s.trick)
        if suit is None:
            return not self._cards(s, seat)
        return not any(C.SUIT[c] == suit for c in hand)

    def _turn_moves(self, s: PageOneState, seat: int) -> list[Move]:
        hand = s.hands[seat]
        offer = len(hand) == 2 and s.options["call_mode"] != "auto"
        cards = self._cards(s, seat)
        if offer:
            out = [_PLAYS[code, call] for code in cards for call in (False, True)]
        else:
            out = [_PLAYS[code, False] for code in cards]
        if not cards or (s.trick and cards == [JOKER]):        # cheap pre-check for the hot path
            if self._must_draw(s, seat):
                out.append(DRAW)
                if s.trick and len(hand) == 1 and s.options["call_mode"] != "auto":
                    out.append(DRAW_CALL)   # one card held: the draw may end with one card again
        return out

    def refuse(self, s: PageOneState, seat: int, move: Move) -> str | None:
        if move in self.moves(s, seat):
            return None
        rules = self.calls(s)
        if move.kind in ("call", "catch", "ignore"):
            return rules.refuse(s, seat, move)
        if seat != s.turn:
            return T("It is not your turn.")
        hand = s.hands[seat]
        suit = led_suit(s.trick)
        if move.kind == "play":
            code, why = card_to_play(move, hand, "5S")
            if why:
                return why
            if code == JOKER and len(hand) == 1 and not s.options["joker_last"]:
                return T("The joker may not be your last card at this table: draw instead.")
            if suit and code != JOKER and C.SUIT[code] != suit:
                return T("You must follow suit ({suit}).", suit=suit_text(suit))
            if move.param("call"):
                return T("You can only call “{call}!” with a play that leaves you one card.", call=CALL_WORD)
            return T("Write the move as it is offered, e.g. '{move}'.", move=f"play {code}")
        if move.kind == "draw":
            if move.args or move.params not in ((), (("call", "1"),)):
                return T("To draw, just say '{move}'.", move="draw")
            if move.params:
                return T("'{move}' is only for a player holding one card who must draw to follow.", move="draw call=1")
            if suit:
                return T("You can follow suit ({suit}), so you may not draw.", suit=suit_text(suit))
            return T("You have a card to lead, so you may not draw.")
        return T("'{move}' is not a move in Page One.", move=str(move))

    # -- playing
    def _take(self, s: PageOneState, events: list[Event]) -> str | None:
        """The top card of the stock, shuffling the completed tricks in when it is empty."""
        if not s.stock and s.discard:
            events.append(Event(T("The played tricks were shuffled into a new stock.")))
            s.stock[:] = s.discard
            s.discard.clear()
            s.rng().shuffle(s.stock)
            s.last_trick = []       # its cards are hidden in the stock now
        return s.stock.pop() if s.stock else None

    def _penalty(self, s: PageOneState, seat: int, n: int) -> list[Event]:
        got: list[str] = []
        events: list[Event] = []
        for _ in range(n):
            code = self._take(s, events)
            if code is None:
                break
            got.append(code)
        s.hands[seat] += got
        s.hands[seat].sort(key=C.sort_key)
        _knows_void(s, seat, "")
        self.calls(s).drew(s, seat, len(s.hands[seat]))
        if len(got) < n:
            events.append(Event(N("Only 1 card was left to draw.", "Only {n} cards were left to draw.", len(got))
                                if got else T("No cards were left to draw.")))
        return events + ([_drew(seat, got)] if got else [])

    def play(self, s: PageOneState, seat: int, move: Move) -> list[Event]:
        draw = lambda who, n: self._penalty(s, who, n)  # noqa: E731
        if move.kind in ("call", "catch", "ignore"):
            return self.calls(s).act(s, seat, move, draw)
        events = self.calls(s).deadline(s, seat, s.hands, draw) if s.hook >= 0 else []
        if move.kind == "draw":
            return events + self._draw(s, seat, bool(move.param("call")))
        return events + self._play_card(s, seat, move.args[0], bool(move.param("call")))

    def _draw(self, s: PageOneState, seat: int, call: bool = False) -> list[Event]:
        hand = s.hands[seat]
        suit = led_suit(s.trick)
        leading = not s.trick
        got: list[str] = []
        found = None
        events: list[Event] = []
        while found is None:
            code = self._take(s, events)
            if code is None:
                break
            got.append(code)
            if leading or code == JOKER or C.SUIT[code] == suit:
                found = code
        if found is None:
            hand += got
            hand.sort(key=C.sort_key)
            events.append(Event(T("{seat} must draw, but no card is left in the stock or the tricks.",
                                  seat=Seat(seat))))
            if got:
                events.append(_drew(seat, got))
            return events + self._end_hand(s, None)
        self.calls(s).drew(s, seat, len(hand) + len(got))
        _knows_void(s, seat, "" if leading else suit)    # every card drawn before the one played was of another suit
        if leading:
            hand.append(found)
            hand.sort(key=C.sort_key)
            return events + [Event(T("{seat} may not lead the joker as the last card and draws a card.",
                                     seat=Seat(seat))), _drew(seat, [found])]
        hand += got[:-1]
        hand.sort(key=C.sort_key)
        n = len(got)
        events.append(Event(N("{seat} cannot follow and draws a card.", "{seat} cannot follow and draws {n} cards.", n,
                              seat=Seat(seat))))
        if n > 1:
            events.append(Event(T("You drew {cards} before {card}.", cards=Cards(tuple(got[:-1])), card=Card(found)),
                                to=seat))
        hand.append(found)
        return events + self._play_card(s, seat, found, call)

    def _play_card(self, s: PageOneState, seat: int, code: str, call: bool) -> list[Event]:
        hand = s.hands[seat]
        hand.remove(code)
        s.trick.append(code)
        who, card = Seat(seat), Card(code)
        line = T("{seat} leads {card}.", seat=who, card=card) if len(s.trick) == 1 else \
            T("{seat} plays {card}.", seat=who, card=card)
        events = [Event(line)]
        if len(hand) == 1 or s.called or s.hook >= 0:      # (the call rules have nothing to do otherwise)
            events += self.calls(s).played(s, seat, len(hand), call)
        if not hand:
            return events + self._end_hand(s, seat)
        if len(s.trick) < s.players:
            s.turn = next_seat(seat, s.players)
            return events
        if JOKER in s.trick:
            at = s.trick.index(JOKER)
        else:
            at = winning_index(s.trick, None, ACES_HIGH)
        winner = (s.leader + at) % s.players
        s.last_trick, s.last_leader, s.last_winner = list(s.trick), s.leader, winner
        s.discard += s.trick
        s.trick = []
        s.leader = s.turn = winner
        return events + [Event(T("{seat} wins the trick with {card} and leads.", seat=Seat(winner),
                                  card=Card(s.last_trick[at])))]

    def _end_hand(self, s: PageOneState, out_seat: int | None) -> list[Event]:
        o: PageOneOptions = self.options_of(s)
        fmt = o.match()
        if out_seat is None:
            events = [Event(T("Nothing is left to draw: the hand is a draw."))]
            s.drawn_game = fmt.kind == "wins" and fmt.target == 1    # a single hand: the match is drawn
            result = T("The hand was a draw") if s.drawn_game else T("Hand {hand} was a draw", hand=s.hand_no)
            s.last_result = text_data(result)
            return self.after_hand(s, events, s.drawn_game)
        events = [Event(T("{seat} has played every card and wins the hand!", seat=Seat(out_seat)))]
        if o.scoring == "penalty":
            charged = [len(h) for h in s.hands]
            for i, pts in enumerate(charged):
                s.scores[i] += pts
            left = AndList(tuple(T("{seat} {n}", seat=Seat(i), n=p) for i, p in enumerate(charged)))
            s.last_result = text_data(T("Cards left: {counts}", counts=left))
            events.append(Event(T("Cards left: {counts}.", counts=left)))
        else:
            # the line above already says who won: the result is kept for the view only
            s.scores[out_seat] += 1
            s.last_result = text_data(T("Hand {hand} won by {seat}", hand=s.hand_no, seat=Seat(out_seat)))
        return self.after_hand(s, events, fmt.finished(s.scores, s.hand_no))

    # -- what people see
    def instruction(self, s: PageOneState, seat: int) -> str:
        rules = self.calls(s)
        if seat != s.turn:
            if seat == s.hook:
                return T("You are down to one card: call “{call}!” before the next player moves.", call=CALL_WORD)
            return T("{seat} is down to one card and has not called: catch them before the next move!",
                     seat=Seat(s.hook))
        task = self._task(s, seat)
        if s.hook == seat:
            return T("{task} You have not called “{call}!” yet.", task=task, call=CALL_WORD)
        if any(m.kind == "catch" for m in rules.moves(s, seat, True)):
            return T("{task} {seat} has not called: you may catch them.", task=task, seat=Seat(s.hook))
        return task

    def _task(self, s: PageOneState, seat: int) -> Text:
        """What the seat on turn has to do with its cards."""
        suit = led_suit(s.trick)
        cards = self._cards(s, seat)
        if not s.trick:
            if not cards:
                return T("You hold only the joker, which may not be your last card: draw a card.")
            return T("Your lead: play any card.")
        if suit is None:
            return T("The joker was led: play any card; its suit is the one to follow.")
        name = suit_text(suit)
        if self._must_draw(s, seat):
            if cards:
                return T("You cannot follow {suit}: draw until you can or play the joker.", suit=name)
            return T("You cannot follow {suit}: draw until you can.", suit=name)
        return T("Follow {suit}.", suit=name)

    def describe(self, s: PageOneState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        rules = self.calls(s)
        if seat != s.turn:
            label = T("Say nothing") if move.kind == "ignore" and seat == s.hook else rules.label(move, s.hook)
            return ((CALL_WORD, label),)
        suit = led_suit(s.trick)
        q = T("Lead a card") if not s.trick else (T("Play any card") if suit is None
                                                  else T("Follow {suit}", suit=suit_text(suit)))
        if move.kind in ("call", "catch"):
            return ((q, rules.label(move, s.hook)),)
        if move.kind == "draw":
            if not s.trick:
                return ((q, T("Draw a card")),)
            if move.params:
                return ((q, T("Draw until you can follow + 📣 {call}! (if one card is left)", call=CALL_WORD)),)
            return ((q, T("Draw until you can follow")),)
        code = move.args[0]
        label = T("{card} + 📣 {call}!", card=Card(code), call=CALL_WORD) if move.param("call") else \
            T("{card}", card=Card(code))
        if not s.trick and len(s.hands[seat]) > BIG:     # P5: the suit first, then the card
            group = T("🃏 joker") if code == JOKER else suit_text(C.SUIT[code])
            return ((q, group), (T("Which card?"), label))
        return ((q, label),)

    def score_unit(self, s: PageOneState) -> tuple[str, str]:
        return self.options_of(s).match().unit

    def view(self, s: PageOneState, seat: int | None) -> View:
        o: PageOneOptions = self.options_of(s)
        rules = self.calls(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if i == s.leader and s.trick and not s.over:
                notes.append(T("led"))
            seats.append(SeatView(i, len(hand), s.scores[i], rules.with_note(s, i, notes)))
        facts = [T("Match: {format}", format=o.match().describe())]
        suit = led_suit(s.trick)
        if s.trick and not s.over:
            facts.append(T("Suit to follow: {suit}", suit=suit_text(suit)) if suit
                         else T("Suit to follow: any (the joker was led)"))
        if s.last_trick:
            facts.append(T("Last trick: {cards}, won by {seat}", cards=Cards(tuple(s.last_trick)),
                           seat=Seat(s.last_winner)))
        if s.last_result:
            facts.append(text_from(s.last_result))
        if s.over:
            status = self.outcome(s).summary
        elif not s.trick:
            status = T("Hand {hand}. {seat} to lead.", hand=s.hand_no, seat=Seat(s.turn))
        else:
            status = T("Hand {hand}. {seat} to play.", hand=s.hand_no, seat=Seat(s.turn))
        piles = [PileView(T("Trick"), list(s.trick), len(s.trick)), PileView(T("Stock"), [], len(s.stock)),
                 PileView(T("Played tricks"), [], len(s.discard))]
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def heuristic_move(self, s: PageOneState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """Call and catch at once; keep the joker (it can always go last) unless it saves a
        draw; lead the highest card of the longest suit (others likely lack it and must draw);
        follow with the cheapest winner, or else the lowest card. Reads the own hand and the
        trick on the table only."""
        urgent = call_or_catch(moves)
        if urgent:
            return urgent
        moves = with_call(moves)
        plays = [m for m in moves if m.kind == "play"]
        plain = [m for m in plays if m.args[0] != JOKER]
        if not plain:
            return plays[0] if plays else moves[0]
        hand = s.hands[seat]
        suit = led_suit(s.trick)
        if suit is None:
            longest = most_held_suit(hand, lambda c: c == JOKER)
            return max(plain, key=lambda m: (C.SUIT[m.args[0]] == longest, POWER[C.RANK[m.args[0]]]))
        low = min(plain, key=lambda m: POWER[C.RANK[m.args[0]]])
        if JOKER in s.trick:
            return low
        best = max(POWER[C.RANK[c]] for c in s.trick if C.SUIT[c] == suit)
        above = [m for m in plain if POWER[C.RANK[m.args[0]]] > best]
        return min(above, key=lambda m: POWER[C.RANK[m.args[0]]]) if above else low

    def zones(self, s: PageOneState) -> list[Zone]:
        return (hand_zones(s.hands)
                + [Zone("stock", s.stock, "none"), Zone("trick", s.trick, "all"),
                   Zone("played tricks", s.discard, "all")])

    def timeout_move(self, s: PageOneState, seat: int) -> Move | None:
        if not s.over and seat != s.turn and seat in self.to_move(s):
            return Move("ignore")
        return None

    def standing(self, s: PageOneState) -> list[float]:
        return self.options_of(s).match().standing(s.scores)

    def outcome(self, s: PageOneState) -> Outcome | None:
        if not s.over:
            return None
        fmt = self.options_of(s).match()
        standing = fmt.standing(s.scores)
        placings = placings_from(standing)
        winners = [i for i, p in enumerate(placings) if p == 1]
        if s.drawn_game:
            summary = T("The game is a draw: nobody could draw a card.")
        else:
            summary = N("{seats} wins!", "{seats} share the win!", len(winners), seats=Seats(tuple(winners)))
        return Outcome(placings, [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def determinize(self, s: PageOneState, seat: int | None, rng: random.Random) -> PageOneState:
        """Hidden cards dealt anew, but no card of a suit to a seat that drew to follow it (and
        has not drawn since): everyone saw it lacked that suit."""
        twin = super().determinize(s, seat, rng)
        if any(twin.void):
            lacks = [{c for c in SUITED if C.SUIT[c] in suits} for suits in twin.void]
            deal_around(self, twin, seat, lacks, [0] * twin.players, rng)
        return twin

    def hand_progress(self, s: PageOneState) -> list[float]:
        return [-float(len(h)) for h in s.hands]

    def rollout_move(self, s, seat, moves, rng):
        """Call and catch at once; when following, win as cheaply as possible or else throw
        the lowest card (keeping the joker); when leading, a random card, calling when it
        leaves one."""
        if len(moves) == 1:
            return moves[0]
        # on the turn the call comes last; out of turn first, before "ignore"
        for shout in (moves[-1], moves[0]):
            if shout.kind in ("call", "catch"):
                return shout
        if len(s.hands[seat]) == 2 and seat == s.turn:
            moves = [m for m in moves if m.param("call")] or moves
        plain = [m for m in moves if m.kind == "play" and m.args[0] != JOKER]
        if not plain:
            return moves[rng.randrange(len(moves))]
        suit = led_suit(s.trick)
        if suit and JOKER not in s.trick:
            best = max(POWER[C.RANK[c]] for c in s.trick if C.SUIT[c] == suit)
            low = min(plain, key=lambda m: POWER[C.RANK[m.args[0]]])
            above = [m for m in plain if POWER[C.RANK[m.args[0]]] > best]
            return min(above, key=lambda m: POWER[C.RANK[m.args[0]]]) if above else low
        return plain[rng.randrange(len(plain))]


def _drew(seat: int, got: list[str]) -> Event:
    """The drawer's private line naming the cards drawn."""
    return Event(T("You drew {cards}.", cards=Cards(tuple(got))), to=seat)


def _knows_void(s: PageOneState, seat: int, suit: str) -> None:
    """After ``seat`` drew: it is known to lack ``suit`` (""; nothing), and cards it drew may be of any other."""
    if s.void:
        s.void[seat] = suit


GAME = PageOne()
