"""Scopa: capture cards from the board by pairing or by adding up to your card.

Choices where the rules file leaves room (decisions and clarifications in
``shared/rules/scopa.md``; [rec] marks our own):

* 40-card pack (A–7, J, Q, K), values A=1, 2–7 their pips, J=8, Q=9, K=10.
* The first dealer is drawn at random, then the deal alternates; the non-dealer
  opens every hand. If three or more of the four board cards are kings the cards
  are shuffled and dealt again by the same dealer (option ``kings_redeal``).
* Capturing is judged card by card: the card played must capture if it can, and
  a card that can pair must pair (one card of its rank, the player picks which);
  otherwise it may take any set of two or more board cards adding up to its
  value (the player picks which set). A card with no capture goes on the board, even if
  another card in hand could have captured.
* Clearing the board is a sweep (scopa), except with the very last card of the
  deal, played when the stock and both hands are empty (option
  ``last_card_sweep`` makes that one count too). Sweeps with the last card of
  an earlier three-card hand count.
* When both hands are empty, three more cards each are dealt from the stock
  (the non-dealer first); the board gets none. At the end of the deal the last
  player to capture takes what is left on the board, which is not a sweep. If
  nobody captured at all, the board stays where it is [rec].
* Scoring, one point each in this order: most cards, most diamonds (a tie in
  either scores nothing), the settebello 7♦, primiera (only players holding all
  four suits qualify; best card per suit 7=21, 6=18, A=16, 5=15, 4=14, 3=13,
  2=12, court card 10; a tie scores nothing; a lone qualifier scores it), then a
  point per sweep, the sweeps taken in the chronological order they were made
  [rec]. Points are added one at a time and scoring stops the moment someone
  reaches the target (11, or 21 with ``target``); the remaining points are lost.
* The next hand is dealt automatically until someone reaches the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games import cards as C
from games.common.capture import capture_options
from games.common.match import DealtMatch, MatchFormat, award_in_order, match_outcome, next_seat
from games.common.table import card_to_play, hand_zones, table_view
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import Options, option

HAND_SIZE = 3
BOARD_SIZE = 4
SETTEBELLO = "7D"
VALUES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, C.JACK: 8, C.QUEEN: 9, C.KING: 10}
PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, C.JACK: 10, C.QUEEN: 10, C.KING: 10}
TRAIL_LABEL = "Put it on the board (nothing to take)"


def value(code: str) -> int:
    return VALUES[C.card(code).rank]


def board_key(code: str) -> tuple[int, int]:
    """The board is kept in rank order (then suit), so captures list low cards first."""
    c = C.card(code)
    return (c.rank, C.SUITS.index(c.suit))


def captures(board: list[str], code: str) -> list[list[str]]:
    """Scopa's captures for ``code``: one equal-rank card, or else 2+ cards adding up."""
    return capture_options(board, code, value, pairing="one", pairing_first=True, min_addition=2)


def primiera(pile: list[str]) -> int | None:
    """The primiera count of a capture pile, or None without all four suits."""
    best: dict[str, int] = {}
    for code in pile:
        c = C.card(code)
        points = PRIMIERA[c.rank]
        if points > best.get(c.suit, 0):
            best[c.suit] = points
    return sum(best.values()) if len(best) == 4 else None


def diamonds(pile: list[str]) -> int:
    return sum(1 for code in pile if code.endswith("D"))


@dataclass(frozen=True)
class ScopaOptions(Options):
    target: int = option(11, choices=(11, 21), help="points needed to win the match")
    kings_redeal: bool = option(True, help="deal again when three or more of the four board cards are kings")
    last_card_sweep: bool = option(False, help="a sweep with the very last card of the deal counts")

    def match(self) -> MatchFormat:
        return MatchFormat("race", self.target)


@dataclass(kw_only=True)
class ScopaState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    board: list[str] = field(default_factory=list)      # kept in rank order
    piles: list[list[str]] = field(default_factory=list)  # captured cards per seat
    sweeps: list[int] = field(default_factory=list)     # the seat of each sweep this hand, in order
    sweep_cards: list[str] = field(default_factory=list)  # the card that made each sweep (face up)
    turn: int = 0
    last_capturer: int = -1
    last_result: str = ""


class Scopa(DealtMatch, Game[ScopaState]):
    key = "scopa"
    title = "Scopa"
    seats = range(2, 3)
    Options = ScopaOptions
    State = ScopaState
    summary = "Italian fishing game: capture by pairing or adding up, and sweep the board."
    rules = (
        "Two players use a 40-card pack (ace to 7 plus jack, queen and king). For adding, "
        "an ace is 1, number cards their number, a jack 8, a queen 9 and a king 10. Each "
        "player gets three cards and four go face up in the middle; the player who did not "
        "deal starts.\n"
        "On your turn play one card. If a board card has the same rank, you must take exactly "
        "one such card (you choose which). Otherwise, if two or more board cards add up to "
        "your card's value, you must take one such set (again your choice). A card that can "
        "take nothing is simply added to the board, and you may always play such a card "
        "instead of one that could capture. Emptying the board scores a scopa (sweep), but "
        "not with the last card of the whole deal.\n"
        "When both hands are empty, three new cards each come from the stock. Once everything "
        "has been played, whoever captured last also collects the cards left on the board.\n"
        "Then points are given in this order: one for the most cards, one for the most "
        "diamonds (a tie gives nobody the point), one for the 7♦, one for primiera, and one "
        "for every sweep. Primiera compares the best card of each suit (7 is worth 21, 6 is "
        "18, ace 16, 5 is 15, 4 is 14, 3 is 13, 2 is 12, court cards 10) and only counts for a "
        "player who captured all four suits. The first to 11 points wins; points are handed "
        "out one by one in that order and counting stops as soon as someone gets there."
    )

    # -- dealing
    def setup(self, players: int, options: ScopaOptions, seed: int) -> ScopaState:
        s = ScopaState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: ScopaState) -> list[Event]:
        o: ScopaOptions = self.options_of(s)
        events = []
        while True:
            deck = C.italian_deck()
            s.rng().shuffle(deck)
            s.hands = [[] for _ in range(s.players)]
            s.board = sorted(deck[-BOARD_SIZE:], key=board_key)
            s.stock = deck[:-BOARD_SIZE]
            kings = sum(1 for code in s.board if C.rank(code) == C.KING)
            if not (o.kings_redeal and kings >= 3):
                break
            events.append(Event(f"{kings} kings are dealt to the board ({C.texts(s.board)}): "
                                f"the cards are dealt again."))
        s.piles = [[] for _ in range(s.players)]
        s.sweeps, s.sweep_cards = [], []
        s.last_capturer = -1
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        events.append(Event(f"Hand {s.hand_no}: {{p{s.dealer}}} deals; the board is {C.texts(s.board)}."))
        return events + self._refill(s)

    def _refill(self, s: ScopaState) -> list[Event]:
        """Three cards each from the stock, the non-dealer first."""
        for k in range(s.players):
            hand = s.hands[(s.dealer + 1 + k) % s.players]
            for _ in range(min(HAND_SIZE, len(s.stock))):
                hand.append(s.stock.pop())
            hand.sort(key=C.sort_key)
        return [Event(f"Your cards: {C.texts(h)}.", to=i) for i, h in enumerate(s.hands)]

    # -- legality
    def to_move(self, s: ScopaState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def moves(self, s: ScopaState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        out = []
        board = s.board
        for code in s.hands[seat]:
            options = captures(board, code)
            if options:
                out += [Move("play", (code,), (("take", "+".join(taken)),)) for taken in options]
            else:
                out.append(Move("play", (code,)))
        return out

    def refuse(self, s: ScopaState, seat: int, move: Move) -> str | None:
        if move.kind != "play":
            return f"'{move}' is not a move in Scopa: play a card, e.g. 'play 7D' or 'play 7D take=3C+4H'."
        code, why = card_to_play(move, s.hands[seat], "7D")
        if why:
            return why
        extra = [name for name, _ in move.params if name != "take"]
        if extra:
            return f"'{extra[0]}=' is not part of a Scopa move; only take= is (e.g. take=3C+4H)."
        options = captures(s.board, code)
        take = move.param("take")
        if take is None:
            if options:
                return (f"{C.text(code)} can capture ({self._options_text(options)}), so it may not just go "
                        f"on the board: say which cards it takes, e.g. 'play {code} take={'+'.join(options[0])}'.")
            return None
        if not options:
            return f"{C.text(code)} cannot capture anything: play it without take= to put it on the board."
        parts = take.split("+")
        if not all(C.is_card(p) for p in parts):
            return f"'{take}' is not a list of cards; write e.g. take=3C+4H."
        taken = [C.card(p).code for p in parts]
        if len(set(taken)) != len(taken):
            return "Name each card to take only once."
        for t in taken:
            if t not in s.board:
                return f"{C.text(t)} is not on the board."
        if set(taken) in [set(o) for o in options]:
            return None
        rank = C.rank(code)
        if any(C.rank(t) == rank for t in s.board):
            if len(taken) > 1 and all(C.rank(t) == rank for t in taken):
                return f"A pairing takes only one card of the same rank: choose one ({self._options_text(options)})."
            return (f"{C.text(code)} can pair with a card of its rank, and pairing comes before adding: "
                    f"take {self._options_text(options)}.")
        total = sum(value(t) for t in taken)
        if len(taken) == 1:
            return (f"{C.text(code)} can take a single card only of its own rank, and {C.text(taken[0])} "
                    f"is not. It can take {self._options_text(options)}.")
        return (f"{C.texts(taken, ' + ')} adds up to {total}, not {value(code)}. "
                f"{C.text(code)} can take {self._options_text(options)}.")

    @staticmethod
    def _options_text(options: list[list[str]], most: int = 4) -> str:
        text = " or ".join(C.texts(taken, " + ") for taken in options[:most])
        return text + (f" (or {len(options) - most} more)" if len(options) > most else "")

    # -- playing
    def play(self, s: ScopaState, seat: int, move: Move) -> list[Event]:
        code = C.card(move.args[0]).code
        hand = s.hands[seat]
        hand.remove(code)
        take = move.param("take")
        last_card = not s.stock and not any(s.hands)
        if take:
            board = s.board
            taken = [C.card(p).code for p in take.split("+")]
            for t in taken:
                board.remove(t)
            pile = s.piles[seat]
            pile += taken
            pile.append(code)
            s.last_capturer = seat
            events = [Event(f"{{p{seat}}} plays {C.text(code)} and takes {C.texts(taken, ' + ')}.")]
            if not board:
                if last_card and not self.options_of(s).last_card_sweep:
                    events.append(Event("The board is cleared, but with the last card of the deal: no sweep."))
                else:
                    s.sweeps.append(seat)
                    s.sweep_cards.append(code)
                    events.append(Event(f"Scopa! {{p{seat}}} sweeps the board."))
        else:
            s.board.append(code)
            s.board.sort(key=board_key)
            events = [Event(f"{{p{seat}}} puts {C.text(code)} on the board.")]
        s.turn = next_seat(seat, s.players)
        if not any(s.hands):
            if s.stock:
                left = max(0, len(s.stock) - HAND_SIZE * s.players)
                events.append(Event(f"Three new cards each; {left} left in the stock."))
                events += self._refill(s)
            else:
                events += self._end_hand(s)
        return events

    def _end_hand(self, s: ScopaState) -> list[Event]:
        o: ScopaOptions = self.options_of(s)
        events = []
        if s.board and s.last_capturer >= 0:
            events.append(Event(f"{{p{s.last_capturer}}} captured last and takes the rest of the board: "
                                f"{C.texts(s.board)}."))
            s.piles[s.last_capturer] += s.board
            s.board = []
        counted = award_in_order(s.scores, self.hand_awards(s), o.target)
        if counted:
            lines = [f"{{p{seat}}} {reason}" + (f" +{pts}" if pts > 1 else "") for seat, pts, reason in counted]
            s.last_result = f"Hand {s.hand_no}: " + "; ".join(lines)
        else:
            s.last_result = f"Hand {s.hand_no}: no points"
        score_text = " – ".join(str(x) for x in s.scores)
        events.append(Event(f"{s.last_result}. Score {score_text}."))
        return self.after_hand(s, events, o.match().finished(s.scores, s.hand_no))

    def hand_awards(self, s: ScopaState) -> list[tuple[int, int, str]]:
        """The points of a finished hand as (seat, points, reason), in scoring order."""
        awards = []
        counts = [len(p) for p in s.piles]
        leader = _sole_best(counts)
        if leader is not None:
            awards.append((leader, 1, f"most cards ({counts[leader]})"))
        dia = [diamonds(p) for p in s.piles]
        leader = _sole_best(dia)
        if leader is not None:
            awards.append((leader, 1, f"most diamonds ({dia[leader]})"))
        for seat, pile in enumerate(s.piles):
            if SETTEBELLO in pile:
                awards.append((seat, 1, "settebello"))
        prim = [primiera(p) for p in s.piles]
        leader = _sole_best([-1 if p is None else p for p in prim])
        if leader is not None and prim[leader] is not None:
            awards.append((leader, 1, f"primiera ({prim[leader]})"))
        awards += [(seat, 1, "sweep") for seat in s.sweeps]
        return awards

    # -- what people see
    def instruction(self, s: ScopaState, seat: int) -> str:
        board = C.texts(s.board) if s.board else "empty"
        return f"Your turn: play a card, capturing if it can. Board: {board}."

    def describe(self, s: ScopaState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        step = ("Play a card", C.text(move.args[0]))
        take = move.param("take")
        if not take:
            return (step, ("Capture", TRAIL_LABEL))
        return (step, ("Capture", C.texts(take.split("+"), " + ")))

    def counters(self, s: ScopaState, seat: int) -> list[str]:
        """Live scoring counters of one seat's capture pile, worded as captures (the seat line
        also shows the cards in hand): "captured 10 (1 diamond, primiera 66)", "1 sweep"."""
        pile = s.piles[seat]
        if pile:
            dia = diamonds(pile)
            parts = [f"{dia} diamond{'' if dia == 1 else 's'}"]
            if SETTEBELLO in pile:
                parts.append("the settebello")
            prim = primiera(pile)
            if prim is None:
                missing = "".join(C.SUIT_SYMBOLS[x] for x in C.SUITS if not any(c.endswith(x) for c in pile))
                parts.append(f"primiera needs {missing}")
            else:
                parts.append(f"primiera {prim}")
            notes = [f"captured {len(pile)} ({', '.join(parts)})"]
        else:
            notes = ["nothing captured yet"]
        sweeps = s.sweeps.count(seat)
        if sweeps:
            notes.append(f"{sweeps} sweep{'s' if sweeps > 1 else ''}")
        return notes

    def score_unit(self, s: ScopaState) -> tuple[str, str]:
        return self.options_of(s).match().unit

    def view(self, s: ScopaState, seat: int | None) -> View:
        o: ScopaOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = (["dealer"] if i == s.dealer else []) + self.counters(s, i)
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        # the dealer (a seat note) and the stock (a pile) are shown already: no facts for them
        facts = [f"Match: {o.match().describe()}"]
        if s.last_capturer >= 0:
            facts.append(f"Last capture: {{p{s.last_capturer}}}")
        if o.last_card_sweep:
            facts.append("A sweep with the last card of the deal counts")
        if s.last_result:
            facts.append(s.last_result)
        piles = [PileView("Board", list(s.board), len(s.board)), PileView("Stock", [], len(s.stock))]
        for i, pile in enumerate(s.piles):
            shown = [c for who, c in zip(s.sweeps, s.sweep_cards, strict=True) if who == i]
            piles.append(PileView(f"{{p{i}}}'s captures", shown, len(pile), owner=i))
        status = self.outcome(s).summary if s.over else f"Hand {s.hand_no}. {{p{s.turn}}} to play."
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def zones(self, s: ScopaState) -> list[Zone]:
        return (hand_zones(s.hands)
                + [Zone("stock", s.stock, "none"), Zone("board", s.board, "all")]
                + [Zone(f"captures {i}", p, "all") for i, p in enumerate(s.piles)])

    def outcome(self, s: ScopaState) -> Outcome | None:
        if not s.over:
            return None
        score_text = "–".join(str(x) for x in s.scores)
        return match_outcome(self.options_of(s).match(), s.scores, f" ({score_text})!")

    # -- computer players
    def rollout_move(self, s, seat, moves, rng):
        """Greedy with a little noise: capture rather than trail, value sweeps, the
        settebello, 7s and diamonds; trail cheap cards and avoid leaving a board
        whose total one card could sweep."""
        if len(moves) == 1:
            return moves[0]
        board = s.board
        board_total = sum(VALUES[C.card(c).rank] for c in board)
        # can the opponent still play after this card (a board it could sweep is a risk)?
        exposed = bool(s.stock) or any(h for i, h in enumerate(s.hands) if i != seat)
        best, best_score = moves[0], -1e9
        for m in moves:
            code = m.args[0]
            take = m.param("take")
            score = rng.random()
            if take:
                taken = take.split("+")
                score += 20 + 2 * len(taken)
                for t in (code, *taken):
                    if t == SETTEBELLO:
                        score += 30
                    if t[0] == "7":
                        score += 4
                    if t[-1] == "D":
                        score += 2
                left = board_total - sum(VALUES[C.card(t).rank] for t in taken)
                if len(taken) == len(board):
                    score += 40
                elif left <= 10 and exposed:
                    score -= 6              # the opponent may sweep what is left
            else:
                c = C.card(code)
                total = board_total + VALUES[c.rank]
                if total <= 10 and exposed:
                    score -= 12             # one card could sweep the board
                if code == SETTEBELLO:
                    score -= 30
                score -= 4 if c.rank == 7 else 2 if c.rank == 6 else 0
                score -= 2 if c.suit == "D" else 0
            if score > best_score:
                best, best_score = m, score
        return best


def _sole_best(values: list[int]) -> int | None:
    """The seat with the strictly highest value, or None on a tie for the top."""
    top = max(values)
    leaders = [i for i, v in enumerate(values) if v == top]
    return leaders[0] if len(leaders) == 1 else None


GAME = Scopa()
