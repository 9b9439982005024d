"""Trash: race to turn up a face-down layout of ace to 10, one spot at a time.

Choices where the rules file leaves room (decisions in ``shared/rules/trash.md``;
[rec] marks our own):

* Decks: one French deck per two players, rounded up (⌈n/2⌉), every card
  distinct by its copy index. Option ``decks`` overrides the count, but only with
  more than n/4 decks: then some card in the stock or the discard pile always
  fits somebody's layout (each needed rank has more copies than the layouts can
  lock away), so shuffling the discards into a new stock always leads to the end
  of the hand and no draw rule is needed [rec].
* Every layout starts with 10 spots (spot 1 = ace … spot 10). The cards lie face
  down and nobody, the owner included, sees them until they are turned.
* A turn starts with a move: draw from the stock, or take the previous player's
  discard when it fits. "Fits" means a jack, an ace to 10 whose spot is still face
  down, or (with jack swaps on) an ace to 10 whose spot holds a jack. By default
  a fitting discard must be taken (``take_discard=auto``: "take" is the only
  move); ``take_discard=ask`` lets the player draw instead. The discard pile
  starts empty.
* The card in play is face up, so everybody sees it.
* A jack goes to any face-down spot (decision 1); the card lying there is turned
  up and played in turn.
* Swapping a natural card into a spot a jack holds is optional (decision 2);
  the displaced jack must then go to a face-down spot. With ``jack_swaps=no`` it
  is never offered and such a card is discarded.
* A queen, a king, a card above the layout's size, or a card whose spot is
  already filled (and not swapped) is discarded, which ends the turn.
* ``auto_play`` (default yes): the game makes every forced step itself (placing a
  card in its own face-down spot, discarding a card that cannot be placed, a jack
  when one face-down spot is left), so a player moves only to start the turn and
  for real choices (where a jack goes, swap or discard, take or draw). With
  ``auto_play=no`` every step is a move of its own.
* When the last face-down spot is filled, the card turned from it goes to the
  discard pile and the hand is won [rec].
* The hand's winner plays the next hand with one spot fewer (the highest spot
  goes, and that value then counts like a queen or king for them); the others
  keep their size. The deal passes left; the first dealer is drawn at random; the
  player left of the dealer starts.
* Match: by default the full game, won by the first player to fill a one-card
  layout, i.e. to win 10 hands. ``hands_to_win`` N shortens it to the first to
  win N hands, layouts still shrinking [rec, the shared "first to N hand wins"].
* ``max_players`` (2–8, default 8) caps the table size.
* The "same deal for races" per-hand seeding mentioned in the shared README is
  not used: the rules file does not ask for it.
* Computer players [rec]: the rule of thumb takes a fitting discard, always swaps a
  card in for a jack, and puts a jack on the spot whose rank has the most copies
  already face up. A weaker level's slip may decline a swap (the one choice that
  sways a match) or put a jack on another spot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games import cards as C
from games.common.match import first_dealer, next_dealer, next_seat
from games.common.stock import recycle
from games.engine import BadOption, Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option
from games.playout import next_deal
from games.text import AndList, Card, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("trash")

SPOTS = 10
JACK = C.JACK
SPOT_NAMES = {1: "A", **{n: str(n) for n in range(2, SPOTS + 1)}}
FACE_DOWN = "▢"

DRAW, TAKE, DISCARD = Move("draw"), Move("take"), Move("discard")
PLACE = [Move("place", (str(n),)) for n in range(SPOTS + 1)]     # PLACE[n]: into spot n (1 = ace)
SAY_ONLY = {"draw": T("To draw, just say 'draw'."), "take": T("To take, just say 'take'."),
            "discard": T("To discard, just say 'discard'.")}


@dataclass(frozen=True)
class TrashOptions(Options):
    auto_play: bool = option(True, help=T("the game makes every forced step itself; players only start "
                                          "their turn and make real choices"))
    jack_swaps: bool = option(True, help=T("offer to swap a card into the spot a jack holds (the jack then "
                                           "moves to a face-down spot)"))
    take_discard: str = option("auto", choices=("auto", "ask"),
                               help=T("a previous discard that fits is taken automatically, or the player "
                                      "may draw instead"))
    decks: int = option(0, choices=(0, 1, 2, 3, 4),
                        help=T("0 = one deck per two players, rounded up; a set count must be more than a "
                               "quarter of the players"))
    hands_to_win: int = option(10, min=1, max=10,
                               help=T("10 = the full game (fill a one-card layout); fewer for a shorter match"))
    max_players: int = option(8, min=2, max=8, help=T("the most players a table may seat"))

    def deck_count(self, players: int) -> int:
        return self.decks or (players + 1) // 2

    def check(self, players: int) -> None:
        if players > self.max_players:
            raise BadOption(T("option 'max_players': this table allows at most {most} players (got {players})",
                              most=self.max_players, players=players))
        if self.decks and 4 * self.decks <= players:
            raise BadOption(T("option 'decks': {players} players need at least {decks} decks "
                              "(or 0 for one per two players)", players=players, decks=players // 4 + 1))


@dataclass(kw_only=True)
class TrashState(State):
    sizes: list[int] = field(default_factory=list)           # spots in each seat's layout this hand
    up: list[list[str]] = field(default_factory=list)        # per seat and spot: the face-up card, "" if down
    down: list[list[str]] = field(default_factory=list)      # per seat: the face-down cards, in spot order
    stock: list[str] = field(default_factory=list)           # top is the last card
    discard: list[str] = field(default_factory=list)         # top is the last card
    held: list[str] = field(default_factory=list)            # the card in play, face up ([] between turns)
    turn: int = 0
    last_result: Any = ""     # text_data of the last hand's result


def spot_name(n: int) -> str:
    return SPOT_NAMES[n]


class Trash(Game[TrashState]):
    key = "trash"
    title = T("Trash")
    # other names players search for (/play)
    aliases = ('garbage', 'basura', 'spazzatura')
    seats = range(2, 9)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = TrashOptions
    State = TrashState
    summary = T("Race to turn up a face-down layout of ace to 10; jacks are wild.")
    rules = T(
        "Each player is dealt ten cards face down in two rows of five, standing for the spots ace to 10; "
        "nobody may look at them. On your turn, draw from the stock, or pick up the card the previous "
        "player threw away if it fits your layout. A card from ace to 10 belongs in its own spot: put it "
        "there, turn up the card it covers and play that one the same way, and keep going. Jacks are wild "
        "and fill any spot still face down. A card whose spot already holds a jack may take the jack's "
        "place, and the jack moves on to another face-down spot.\n"
        "Your turn stops with a queen, a king or a card you have no free spot for: throw it on the discard "
        "pile. When the stock is used up, the discards (all but the top one) are shuffled into a new "
        "stock. One deck is used per two players, rounded up.\n"
        "Whoever turns their whole layout face up wins the hand and is dealt one card fewer next time: "
        "the highest spot goes, so that value becomes as useless to them as a queen. The first player to "
        "complete a layout of one card, an ace or a jack, wins the game."
    )

    # -- dealing
    def setup(self, players: int, options: TrashOptions, seed: int) -> TrashState:
        s = TrashState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players,
                       sizes=[SPOTS] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _deal(self, s: TrashState) -> list[Event]:
        deck = C.french_deck(decks=self.options_of(s).deck_count(s.players))
        s.rng().shuffle(deck)
        s.down = [[deck.pop() for _ in range(size)] for size in s.sizes]
        s.up = [[""] * size for size in s.sizes]
        s.stock, s.discard, s.held = deck, [], []
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        if len(set(s.sizes)) == 1:
            return [Event(N("Hand {hand}: {seat} deals the layouts ({n} spot each).",
                            "Hand {hand}: {seat} deals the layouts ({n} spots each).", s.sizes[0],
                            hand=s.hand_no, seat=Seat(s.dealer)))]
        sizes = AndList(tuple(N("{seat} {n} spot", "{seat} {n} spots", n, seat=Seat(i)) for i, n in enumerate(s.sizes)))
        return [Event(T("Hand {hand}: {seat} deals the layouts ({sizes}).", hand=s.hand_no, seat=Seat(s.dealer),
                        sizes=sizes))]

    # -- legality
    def _fits(self, s: TrashState, seat: int, code: str) -> bool:
        """Whether ``code`` can go into ``seat``'s layout (to be offered from the discard pile)."""
        r = C.RANK[code]
        if r == JACK:
            return True
        if 1 <= r <= s.sizes[seat]:
            there = s.up[seat][r - 1]
            if not there:
                return True
            return self.options_of(s).jack_swaps and C.RANK[there] == JACK
        return False

    def _face_down(self, s: TrashState, seat: int) -> list[int]:
        return [i + 1 for i, code in enumerate(s.up[seat]) if not code]

    def to_move(self, s: TrashState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: TrashState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        if s.held:
            return self._hold_moves(s, seat)
        if s.discard and self._fits(s, seat, s.discard[-1]):
            return [TAKE] if self.options_of(s).take_discard == "auto" else [TAKE, DRAW]
        return [DRAW]

    def _hold_moves(self, s: TrashState, seat: int) -> list[Move]:
        r = C.RANK[s.held[0]]
        if r == JACK:
            return [PLACE[n] for n in self._face_down(s, seat)]
        if 1 <= r <= s.sizes[seat]:
            there = s.up[seat][r - 1]
            if not there:
                return [PLACE[r]]
            if self.options_of(s).jack_swaps and C.RANK[there] == JACK:
                return [PLACE[r], DISCARD]
        return [DISCARD]

    def refuse(self, s: TrashState, seat: int, move: Move) -> str | None:
        legal = self.moves(s, seat)
        if move in legal:
            return None
        kind = move.kind
        if kind in ("draw", "take", "discard") and (move.args or move.params):
            return SAY_ONLY[kind]
        if kind in ("draw", "take"):
            if s.held:
                return T("You already have {card} in play: {hint}", card=Card(s.held[0]),
                         hint=self._hold_hint(s, seat))
            if kind == "draw":
                return T("The {card} on the discard pile fits your layout: you must take it ('take').",
                         card=Card(s.discard[-1]))
            if not s.discard:
                return T("The discard pile is empty: draw from the stock.")
            return T("The {card} on the discard pile does not fit your layout: draw a card.", card=Card(s.discard[-1]))
        if kind == "place":
            return self._refuse_place(s, seat, move, legal)
        if kind == "discard":
            if not s.held:
                return T("You have no card in play to discard: draw one first.")
            code = s.held[0]
            if C.RANK[code] == JACK:
                return T("A jack is wild: put it into a face-down spot.")
            return T("The {card} fits spot {spot}: it must go there.", card=Card(code), spot=spot_name(C.RANK[code]))
        return T("'{move}' is not a move in Trash.", move=str(move))

    def _refuse_place(self, s: TrashState, seat: int, move: Move, legal: list[Move]) -> Text:
        if not s.held:
            return T("You have no card in play: draw one first.")
        if len(move.args) != 1 or move.params or not move.args[0].isdigit():
            return T("Say which spot, e.g. 'place 3' (spot 1 is the ace).")
        n, size = int(move.args[0]), s.sizes[seat]
        if n <= SPOTS and PLACE[n] in legal:
            return T("Write the move as it is offered: '{move}'.", move=f"place {n}")
        if not 1 <= n <= size:
            if size == 1:
                return T("Your layout has only spot 1.")
            return T("Your layout has spots 1 to {size}.", size=size)
        code = s.held[0]
        r = C.RANK[code]
        if r == JACK:
            return T("Spot {spot} is already face up: a jack goes into a face-down spot.", spot=spot_name(n))
        if not 1 <= r <= size:
            return T("The {card} has no spot in your layout: discard it.", card=Card(code))
        if n != r:
            return T("The {card} can only go into spot {spot}.", card=Card(code), spot=spot_name(r))
        there = s.up[seat][r - 1]
        if C.RANK[there] == JACK:
            return T("Jack swaps are off at this table: discard the {card}.", card=Card(code))
        return T("Spot {spot} already holds {there}: discard the {card}.", spot=spot_name(r), there=Card(there),
                 card=Card(code))

    # -- playing
    def play(self, s: TrashState, seat: int, move: Move) -> list[Event]:
        events = self._step(s, seat, move)
        if self.options_of(s).auto_play:
            while s.held and not s.over:
                forced = self._hold_moves(s, s.turn)
                if len(forced) != 1:
                    break
                events += self._step(s, s.turn, forced[0])
        return events

    def _step(self, s: TrashState, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        if kind == "draw":
            events = []
            if not s.stock and recycle(s.stock, s.discard, s.rng()):
                events.append(Event(T("The discard pile, all but its top card, is shuffled into a new stock.")))
            code = s.stock.pop()
            s.held.append(code)
            return events + [Event(T("{seat} draws {card}.", seat=Seat(seat), card=Card(code)))]
        if kind == "take":
            code = s.discard.pop()
            s.held.append(code)
            return [Event(T("{seat} takes {card} from the discard pile.", seat=Seat(seat), card=Card(code)))]
        if kind == "discard":
            code = s.held.pop()
            s.discard.append(code)
            s.turn = next_seat(seat, s.players)
            return [Event(T("{seat} discards {card}.", seat=Seat(seat), card=Card(code)))]
        n = int(move.args[0])
        code = s.held.pop()
        layout = s.up[seat]
        if layout[n - 1]:                       # a swap: the jack there moves on
            jack = layout[n - 1]
            layout[n - 1] = code
            s.held.append(jack)
            return [Event(T("{seat} puts {card} in spot {spot} in place of {jack}, which moves on.",
                            seat=Seat(seat), card=Card(code), spot=spot_name(n), jack=Card(jack)))]
        under = s.down[seat].pop(layout[:n - 1].count(""))
        layout[n - 1] = code
        events = [Event(T("{seat} puts {card} in spot {spot} and turns up {under}.", seat=Seat(seat),
                          card=Card(code), spot=spot_name(n), under=Card(under)))]
        if s.down[seat]:
            s.held.append(under)
            return events
        s.discard.append(under)
        return events + self._win_hand(s, seat)

    def _win_hand(self, s: TrashState, seat: int) -> list[Event]:
        o: TrashOptions = self.options_of(s)
        s.scores[seat] += 1
        events = [Event(T("{seat} has turned up the whole layout and wins hand {hand}!", seat=Seat(seat),
                          hand=s.hand_no))]
        if s.scores[seat] >= o.hands_to_win:
            s.over = True
            s.last_result = text_data(T("{seat} won hand {hand}", seat=Seat(seat), hand=s.hand_no))
            events.append(Event(self.outcome(s).summary))
            return events
        s.sizes[seat] -= 1
        size = s.sizes[seat]
        s.last_result = text_data(N("{seat} won hand {hand} and now has {n} spot",
                                    "{seat} won hand {hand} and now has {n} spots", size,
                                    seat=Seat(seat), hand=s.hand_no))
        events.append(Event(N("{seat} will have {n} spot from now on.", "{seat} will have {n} spots from now on.",
                              size, seat=Seat(seat))))
        s.dealer = next_dealer(s.dealer, s.players)
        return events + next_deal(s, self._deal)

    # -- what people see
    def _hold_hint(self, s: TrashState, seat: int) -> Text:
        code = s.held[0]
        card = Card(code)
        r = C.RANK[code]
        if r == JACK:
            return T("put the {card} into a face-down spot.", card=card)
        moves = self._hold_moves(s, seat)
        if DISCARD not in moves:
            return T("put the {card} into spot {spot}.", card=card, spot=spot_name(r))
        if len(moves) == 2:
            return T("swap the {card} for the jack in spot {spot}, or discard it.", card=card, spot=spot_name(r))
        return T("the {card} does not fit your layout: discard it.", card=card)

    def instruction(self, s: TrashState, seat: int) -> str:
        if s.held:
            code = s.held[0]
            card = Card(code)
            r = C.RANK[code]
            if r == JACK:
                return T("You have the {card}: jacks are wild. Choose a face-down spot for it.", card=card)
            moves = self._hold_moves(s, seat)
            if len(moves) == 2:
                return T("Your {card} can go into spot {spot} in place of the {jack}, which then moves to a "
                         "face-down spot; or discard it.", card=card, spot=spot_name(r), jack=Card(s.up[seat][r - 1]))
            if DISCARD in moves:
                return T("The {card} does not fit your layout: discard it.", card=card)
            return T("Put the {card} into spot {spot}.", card=card, spot=spot_name(r))
        if s.discard and self._fits(s, seat, s.discard[-1]):
            top = Card(s.discard[-1])
            if self.options_of(s).take_discard == "auto":
                return T("Your turn: the {card} on the discard pile fits your layout, so take it.", card=top)
            return T("Your turn: the {card} on the discard pile fits your layout. Take it, or draw from the stock.",
                     card=top)
        return T("Your turn: draw a card.")

    def describe(self, s: TrashState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "draw":
            return ((T("Your turn"), T("Draw a card")),)
        if move.kind == "take":
            return ((T("Your turn"), T("Take {card}", card=Card(s.discard[-1]))),)
        code = s.held[0]
        card = Card(code)
        r = C.RANK[code]
        if r == JACK:
            return ((T("Where does the {card} go?", card=card), T("Spot {spot}", spot=spot_name(int(move.args[0])))),)
        moves = self._hold_moves(s, seat)
        if len(moves) == 2:
            question = T("Swap the {card} for the jack in spot {spot}?", card=card, spot=spot_name(r))
            return ((question, T("Swap") if move.kind == "place" else T("Discard {card}", card=card)),)
        if move.kind == "place":
            return ((T("Your card"), T("Put {card} in spot {spot}", card=card, spot=spot_name(r))),)
        return ((T("Your card"), T("Discard {card}", card=card)),)

    def layout_text(self, s: TrashState, seat: int) -> str:
        """A layout as two rows of five, face-down spots shown as ▢."""
        cells = [C.TEXT[code] if code else FACE_DOWN for code in s.up[seat]]
        rows = [" ".join(cells[i:i + 5]) for i in range(0, len(cells), 5)]
        return " │ ".join(rows)

    def score_unit(self, s: TrashState) -> tuple[str, str]:
        return (T("hand won"), T("hands won"))

    def view(self, s: TrashState, seat: int | None) -> View:
        o: TrashOptions = self.options_of(s)
        seats = []
        for i in range(s.players):
            filled = sum(1 for code in s.up[i] if code)
            notes = [T("dealer")] if i == s.dealer else []
            notes.append(N("{filled}/{n} spot turned up", "{filled}/{n} spots turned up", len(s.up[i]), filled=filled))
            seats.append(SeatView(i, len(s.held) if i == s.turn else 0, s.scores[i], notes))
        if o.hands_to_win == SPOTS:
            goal = T("Match: first to fill a one-card layout (10 hand wins)")
        else:
            goal = N("Match: first to win {n} hand", "Match: first to win {n} hands", o.hands_to_win)
        facts = [goal]
        facts += [T("{seat}: {layout}", seat=Seat(i), layout=self.layout_text(s, i)) for i in range(s.players)]
        if s.last_result:
            facts.append(text_from(s.last_result))
        piles = [PileView(T("Stock"), [], len(s.stock)),
                 PileView(T("Discard pile"), s.discard[-1:], len(s.discard))]
        if s.held:
            piles.append(PileView(T("Card in play ({seat})", seat=Seat(s.turn)), list(s.held), 1, owner=s.turn))
        if s.over:
            status = self.outcome(s).summary
        elif s.held:
            status = T("Hand {hand}. {seat} is playing {card}.", hand=s.hand_no, seat=Seat(s.turn),
                       card=Card(s.held[0]))
        else:
            status = T("Hand {hand}. {seat} to draw.", hand=s.hand_no, seat=Seat(s.turn))
        return View(
            game=self.key, seat=seat,
            hand=list(s.held) if seat is not None and seat == s.turn else [],
            seats=seats, piles=piles, status=status, facts=facts, to_move=sorted(self.to_move(s)),
            over=s.over, result=self.outcome(s).summary if s.over else None,
        )

    def zones(self, s: TrashState) -> list[Zone]:
        out = [Zone("stock", s.stock, "none"), Zone("discard", s.discard, "all"),
               Zone("card in play", s.held, "all")]
        for p in range(s.players):
            out.append(Zone(f"layout {p} face up", [code for code in s.up[p] if code], "all"))
            out.append(Zone(f"layout {p} face down", s.down[p], "none"))
        return out

    def outcome(self, s: TrashState) -> Outcome | None:
        if not s.over:
            return None
        best = max(s.scores)
        winners = [i for i, x in enumerate(s.scores) if x == best]
        summary = self._result_text(winners, best, self.options_of(s).hands_to_win == SPOTS)
        return Outcome(placings_from(s.scores), [float(x) for x in s.scores], winners, summary)

    @staticmethod
    def _result_text(winners: list[int], best: int, full_game: bool) -> Text:
        if full_game:
            if len(winners) == 1:
                return T("{seat} filled a one-card layout and wins the game!", seat=Seat(winners[0]))
            return T("{seats} filled a one-card layout and share the win!", seats=Seats(tuple(winners)))
        if len(winners) == 1:
            return N("{seat} wins the match with {n} hand won!", "{seat} wins the match with {n} hands won!", best,
                     seat=Seat(winners[0]))
        return N("{seats} share the win with {n} hand won!", "{seats} share the win with {n} hands won!", best,
                 seats=Seats(tuple(winners)))

    # -- computer players
    def hand_progress(self, s: TrashState) -> list[float]:
        return [-float(len(d)) for d in s.down]

    def slip_moves(self, s, seat, move, moves):
        """Leaving a jack where it lies rather than swapping the card in is a beginner's slip (the swap is the
        one choice in Trash that sways a match); at a swap a slip is either move, elsewhere another spot."""
        if move.kind == "place" and DISCARD in moves:
            return moves
        return super().slip_moves(s, seat, move, moves)

    def rollout_move(self, s, seat, moves, rng):
        """Take a fitting discard, swap a card for a jack, and put a jack on the spot whose
        rank has the fewest copies left to come (the most already face up in layouts)."""
        if len(moves) == 1 or moves[-1].kind != "place":
            return moves[0]                     # take rather than draw, swap rather than discard
        dead = [0] * (SPOTS + 1)
        for row in s.up:
            for code in row:
                if code and C.RANK[code] <= SPOTS:
                    dead[C.RANK[code]] += 1
        return max(moves, key=lambda m: (dead[int(m.args[0])], rng.random()))


GAME = Trash()
