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
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import cards as C
from games.common.match import first_dealer, next_dealer, next_seat
from games.common.stock import recycle
from games.common.table import plural, seat_names
from games.engine import BadOption, Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone, placings_from
from games.options import Options, option

SPOTS = 10
JACK = C.JACK
SPOT_NAMES = {1: "A", **{n: str(n) for n in range(2, SPOTS + 1)}}
FACE_DOWN = "▢"

DRAW, TAKE, DISCARD = Move("draw"), Move("take"), Move("discard")
PLACE = [Move("place", (str(n),)) for n in range(SPOTS + 1)]     # PLACE[n]: into spot n (1 = ace)


@dataclass(frozen=True)
class TrashOptions(Options):
    auto_play: bool = option(True, help="the game makes every forced step itself; players only start "
                                        "their turn and make real choices")
    jack_swaps: bool = option(True, help="offer to swap a card into the spot a jack holds (the jack then "
                                         "moves to a face-down spot)")
    take_discard: str = option("auto", choices=("auto", "ask"),
                               help="a previous discard that fits is taken automatically, or the player "
                                    "may draw instead")
    decks: int = option(0, choices=(0, 1, 2, 3, 4),
                        help="0 = one deck per two players, rounded up; a set count must be more than a "
                             "quarter of the players")
    hands_to_win: int = option(10, min=1, max=10,
                               help="10 = the full game (fill a one-card layout); fewer for a shorter match")
    max_players: int = option(8, min=2, max=8, help="the most players a table may seat")

    def deck_count(self, players: int) -> int:
        return self.decks or (players + 1) // 2

    def check(self, players: int) -> None:
        if players > self.max_players:
            raise BadOption(f"option 'max_players': this table allows at most {self.max_players} players "
                            f"(got {players})")
        if self.decks and 4 * self.decks <= players:
            raise BadOption(f"option 'decks': {players} players need at least {players // 4 + 1} decks "
                            f"(or 0 for one per two players)")


@dataclass(kw_only=True)
class TrashState(State):
    sizes: list[int] = field(default_factory=list)           # spots in each seat's layout this hand
    up: list[list[str]] = field(default_factory=list)        # per seat and spot: the face-up card, "" if down
    down: list[list[str]] = field(default_factory=list)      # per seat: the face-down cards, in spot order
    stock: list[str] = field(default_factory=list)           # top is the last card
    discard: list[str] = field(default_factory=list)         # top is the last card
    held: list[str] = field(default_factory=list)            # the card in play, face up ([] between turns)
    turn: int = 0
    last_result: str = ""


def spot_name(n: int) -> str:
    return SPOT_NAMES[n]


class Trash(Game[TrashState]):
    key = "trash"
    title = "Trash"
    seats = range(2, 9)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    Options = TrashOptions
    State = TrashState
    summary = "Race to turn up a face-down layout of ace to 10; jacks are wild."
    rules = (
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
            sizes = f"{plural(s.sizes[0], 'spot')} each"
        else:
            sizes = ", ".join(f"{{p{i}}} {plural(n, 'spot')}" for i, n in enumerate(s.sizes))
        return [Event(f"Hand {s.hand_no}: {{p{s.dealer}}} deals the layouts ({sizes}).")]

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
            return f"To {kind}, just say '{kind}'."
        if kind in ("draw", "take"):
            if s.held:
                return f"You already have {C.text(s.held[0])} in play: {self._hold_hint(s, seat)}"
            if kind == "draw":
                return (f"The {C.text(s.discard[-1])} on the discard pile fits your layout: "
                        f"you must take it ('take').")
            if not s.discard:
                return "The discard pile is empty: draw from the stock."
            return f"The {C.text(s.discard[-1])} on the discard pile does not fit your layout: draw a card."
        if kind == "place":
            if not s.held:
                return "You have no card in play: draw one first."
            if len(move.args) != 1 or move.params or not move.args[0].isdigit():
                return "Say which spot, e.g. 'place 3' (spot 1 is the ace)."
            n, size = int(move.args[0]), s.sizes[seat]
            if n <= SPOTS and PLACE[n] in legal:
                return f"Write the move as it is offered: 'place {n}'."
            if not 1 <= n <= size:
                return "Your layout has only spot 1." if size == 1 else f"Your layout has spots 1 to {size}."
            code = s.held[0]
            r = C.RANK[code]
            if r == JACK:
                return f"Spot {spot_name(n)} is already face up: a jack goes into a face-down spot."
            if not 1 <= r <= size:
                return f"The {C.text(code)} has no spot in your layout: discard it."
            if n != r:
                return f"The {C.text(code)} can only go into spot {spot_name(r)}."
            there = s.up[seat][r - 1]
            if C.RANK[there] == JACK:
                return f"Jack swaps are off at this table: discard the {C.text(code)}."
            return f"Spot {spot_name(r)} already holds {C.text(there)}: discard the {C.text(code)}."
        if kind == "discard":
            if not s.held:
                return "You have no card in play to discard: draw one first."
            code = s.held[0]
            if C.RANK[code] == JACK:
                return "A jack is wild: put it into a face-down spot."
            return f"The {C.text(code)} fits spot {spot_name(C.RANK[code])}: it must go there."
        return f"'{move}' is not a move in Trash."

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
                events.append(Event("The discard pile, all but its top card, is shuffled into a new stock."))
            code = s.stock.pop()
            s.held.append(code)
            return events + [Event(f"{{p{seat}}} draws {C.text(code)}.")]
        if kind == "take":
            code = s.discard.pop()
            s.held.append(code)
            return [Event(f"{{p{seat}}} takes {C.text(code)} from the discard pile.")]
        if kind == "discard":
            code = s.held.pop()
            s.discard.append(code)
            s.turn = next_seat(seat, s.players)
            return [Event(f"{{p{seat}}} discards {C.text(code)}.")]
        n = int(move.args[0])
        code = s.held.pop()
        layout = s.up[seat]
        if layout[n - 1]:                       # a swap: the jack there moves on
            jack = layout[n - 1]
            layout[n - 1] = code
            s.held.append(jack)
            return [Event(f"{{p{seat}}} puts {C.text(code)} in spot {spot_name(n)} in place of "
                          f"{C.text(jack)}, which moves on.")]
        under = s.down[seat].pop(layout[:n - 1].count(""))
        layout[n - 1] = code
        events = [Event(f"{{p{seat}}} puts {C.text(code)} in spot {spot_name(n)} and turns up {C.text(under)}.")]
        if s.down[seat]:
            s.held.append(under)
            return events
        s.discard.append(under)
        return events + self._win_hand(s, seat)

    def _win_hand(self, s: TrashState, seat: int) -> list[Event]:
        o: TrashOptions = self.options_of(s)
        s.scores[seat] += 1
        events = [Event(f"{{p{seat}}} has turned up the whole layout and wins hand {s.hand_no}!")]
        if s.scores[seat] >= o.hands_to_win:
            s.over = True
            s.last_result = f"{{p{seat}}} won hand {s.hand_no}"
            events.append(Event(self.outcome(s).summary))
            return events
        s.sizes[seat] -= 1
        s.last_result = f"{{p{seat}}} won hand {s.hand_no} and now has {plural(s.sizes[seat], 'spot')}"
        events.append(Event(f"{{p{seat}}} will have {plural(s.sizes[seat], 'spot')} from now on."))
        s.dealer = next_dealer(s.dealer, s.players)
        return events + self._deal(s)

    # -- what people see
    def _hold_hint(self, s: TrashState, seat: int) -> str:
        code = s.held[0]
        text = C.text(code)
        r = C.RANK[code]
        if r == JACK:
            return f"put the {text} into a face-down spot."
        moves = self._hold_moves(s, seat)
        if DISCARD not in moves:
            return f"put the {text} into spot {spot_name(r)}."
        if len(moves) == 2:
            return f"swap the {text} for the jack in spot {spot_name(r)}, or discard it."
        return f"the {text} does not fit your layout: discard it."

    def instruction(self, s: TrashState, seat: int) -> str:
        if s.held:
            code = s.held[0]
            text = C.text(code)
            r = C.RANK[code]
            if r == JACK:
                return f"You have the {text}: jacks are wild. Choose a face-down spot for it."
            moves = self._hold_moves(s, seat)
            if len(moves) == 2:
                return (f"Your {text} can go into spot {spot_name(r)} in place of the "
                        f"{C.text(s.up[seat][r - 1])}, which then moves to a face-down spot; or discard it.")
            if DISCARD in moves:
                return f"The {text} does not fit your layout: discard it."
            return f"Put the {text} into spot {spot_name(r)}."
        if s.discard and self._fits(s, seat, s.discard[-1]):
            top = C.text(s.discard[-1])
            if self.options_of(s).take_discard == "auto":
                return f"Your turn: the {top} on the discard pile fits your layout, so take it."
            return f"Your turn: the {top} on the discard pile fits your layout. Take it, or draw from the stock."
        return "Your turn: draw a card."

    def describe(self, s: TrashState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        if move.kind == "draw":
            return (("Your turn", "Draw a card"),)
        if move.kind == "take":
            return (("Your turn", f"Take {C.text(s.discard[-1])}"),)
        code = s.held[0]
        text = C.text(code)
        r = C.RANK[code]
        if r == JACK:
            return ((f"Where does the {text} go?", f"Spot {spot_name(int(move.args[0]))}"),)
        moves = self._hold_moves(s, seat)
        if len(moves) == 2:
            question = f"Swap the {text} for the jack in spot {spot_name(r)}?"
            return ((question, "Swap" if move.kind == "place" else f"Discard {text}"),)
        if move.kind == "place":
            return (("Your card", f"Put {text} in spot {spot_name(r)}"),)
        return (("Your card", f"Discard {text}"),)

    def layout_text(self, s: TrashState, seat: int) -> str:
        """A layout as two rows of five, face-down spots shown as ▢."""
        cells = [C.TEXT[code] if code else FACE_DOWN for code in s.up[seat]]
        rows = [" ".join(cells[i:i + 5]) for i in range(0, len(cells), 5)]
        return " │ ".join(rows)

    def score_unit(self, s: TrashState) -> tuple[str, str]:
        return ("hand won", "hands won")

    def view(self, s: TrashState, seat: int | None) -> View:
        o: TrashOptions = self.options_of(s)
        seats = []
        for i in range(s.players):
            filled = sum(1 for code in s.up[i] if code)
            notes = ["dealer"] if i == s.dealer else []
            notes.append(f"{filled}/{len(s.up[i])} spots turned up")
            seats.append(SeatView(i, len(s.held) if i == s.turn else 0, s.scores[i], notes))
        goal = ("first to fill a one-card layout (10 hand wins)" if o.hands_to_win == SPOTS
                else f"first to win {o.hands_to_win} hand{'s' if o.hands_to_win > 1 else ''}")
        facts = [f"Match: {goal}"]
        facts += [f"{{p{i}}}: {self.layout_text(s, i)}" for i in range(s.players)]
        if s.last_result:
            facts.append(s.last_result)
        piles = [PileView("Stock", [], len(s.stock)), PileView("Discard pile", s.discard[-1:], len(s.discard))]
        if s.held:
            piles.append(PileView(f"Card in play ({{p{s.turn}}})", list(s.held), 1, owner=s.turn))
        if s.over:
            status = self.outcome(s).summary
        elif s.held:
            status = f"Hand {s.hand_no}. {{p{s.turn}}} is playing {C.text(s.held[0])}."
        else:
            status = f"Hand {s.hand_no}. {{p{s.turn}}} to draw."
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
        names, alone = seat_names(winners), len(winners) == 1
        if self.options_of(s).hands_to_win == SPOTS:
            summary = f"{names} filled a one-card layout and {'wins the game' if alone else 'share the win'}!"
        else:
            summary = (f"{names} {'wins the match' if alone else 'share the win'} "
                       f"with {best} hand{'s' if best > 1 else ''} won!")
        return Outcome(placings_from(s.scores), [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def hand_progress(self, s: TrashState) -> list[float]:
        return [-float(len(d)) for d in s.down]

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
