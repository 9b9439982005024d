"""Canasta: partnerships meld sets of a rank, with 2s and jokers wild, racing for canastas.

Choices where the rules file leaves room (decisions and clarifications in ``shared/rules/canasta.md``;
[rec] marks our own):

* 108 cards (two packs and four jokers). Four players, partners opposite (seats 0 and 2 against 1
  and 3), 11 cards each; option ``two_player`` is implied by two seats: 15 cards, draw 2, two
  canastas to go out, no "May I go out?". The first dealer is drawn at random; the deal passes left.
* Melds (games/common/melds.py, `RULES`): three or more cards of a rank, at least two natural and at
  most three wild; one meld per rank per partnership; seven or more cards is a canasta. Black 3s
  meld only as a closing set (three or four, no wilds) in a going-out commit (Clarification 6).
* A turn: draw (or take the pile), meld through a draft, discard. The draft is game state, private
  to the mover: ``add`` puts naturals and wild cards of one rank into it (a new meld or the side's
  meld of that rank), ``undo`` and ``clear`` take back, ``commit`` lays all of it at once, checked as
  one: the opening minimum (Clarification 4), keeping a card (Clarification 3), black 3s only going
  out. ``take`` starts a draft with the upcard and the cards the rules require (the natural pair, or
  the meld it joins); its commit takes the pile, its ``clear`` gives the take up.
* The opening minimum, by option ``minimums``: ``score`` (the rules text's table by the side's score
  before the hand: below 0 15, then 50, 90 from 1500, 120 from 3000), ``hand`` (50, 90, 120, then 150
  from the fourth hand on [rec]) or ``flat`` (50 in every hand [rec]). Clarification 4's exemption for
  going out after a stock draw holds with each; a pile take always needs it.
* The pile is frozen while it holds a wild card or a red 3 (option ``frozen_until_meld``: also for a
  side that has not melded); a frozen pile is taken only with a natural pair (Clarification 1), and
  nobody takes it under a wild card or a black 3 (Clarification 2).
* "May I go out?" (four players): ``ask`` opens a reaction window (games/common/window.py) for the
  partner alone; ``yes``/``no`` binds for this turn (Clarification 7); an unanswered question is
  answered by option ``ask_default`` when ``ask_timeout`` runs out.
* Empty stock (Clarification 8): each player may only take the pile; the hand ends when one cannot or
  does not (``end``); option ``forced_take``. A red 3 as the last stock card: meld, then ``end``.
* Scoring, per side: melded cards' values, canastas 500/300, red 3s 100 each (800 for all four),
  negative for a side with no meld (option ``red_threes``), going out 100 (200 concealed), minus the
  cards left in the partners' hands. The match ends at ``target`` (5000) or after ``hands`` hands
  (0 = no limit) [rec: for short games], the higher side winning; a tie plays another hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from games import cards as C
from games.common import melds as M
from games.common.fishing import noisy_best
from games.common.match import DealtMatch, MatchFormat, match_outcome, next_seat
from games.common.table import draws, table_view
from games.common.teams import Teams
from games.common.window import answer, complete, open_window, pending, reaction_id
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.text import Card, Cards, Rank, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("canasta")

JOKER, TWO, THREE = 0, 2, 3
RULES = M.MeldRules(min_set=3, max_set=None, sequences=False, wild_ranks=frozenset({JOKER, TWO}), max_wild=3,
                    min_natural=2, canasta=7, closing=frozenset({"3S", "3C"}))
VALUES = {JOKER: 50, TWO: 20, 1: 20, THREE: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 9: 10, 10: 10, 11: 10, 12: 10, 13: 10}
MINIMUMS = ((-10**9, 15), (0, 50), (1500, 90), (3000, 120))     # option minimums=score: by the side's score
HAND_MINIMUMS = (50, 90, 120, 150)                                # minimums=hand: by the hand's number
FLAT_MINIMUM = 50                                                 # minimums=flat
CANASTA_BONUS = {M.NATURAL: 500, M.MIXED: 300}
RED_THREE, ALL_RED_THREES = 100, 800
OUT_BONUS, CONCEALED_BONUS = 100, 200
DRAW, MELD = "draw", "meld"
ASK, YES, NO = "ask", "yes", "no"
BLACK_THREE = THREE          # the rank key of a closing set in a side's melds


@dataclass(frozen=True)
class CanastaOptions(Options):
    target: int = option(5000, choices=(5000, 500, 1000, 2500, 3000, 7500, 10000),
                         help=T("points that end the match"))
    hands: int = option(0, choices=(0, 1, 2, 3, 4, 6, 8), help=T("hands that end the match; 0 = no limit"))
    minimums: str = option("score", choices=("score", "hand", "flat"),
                           help=T("what a side's first melds of a hand must reach: by its score (15 below 0, 50, "
                                  "90 from 1500, 120 from 3000), by the hand (50, 90, 120, then 150), or 50 always"))
    red_threes: str = option("negative", choices=("negative", "positive"),
                             help=T("red 3s of a side that melded nothing count against it, or always for it"))
    frozen_until_meld: bool = option(False, help=T("the pile stays frozen for a side until its first meld"))
    forced_take: bool = option(False, help=T("once the stock is empty, a player must take an unfrozen pile whose "
                                             "upcard matches one of the side's melds"))
    ask_timeout: int = option(60, min=5, max=300, help=T("seconds a partner has to answer \"May I go out?\""))
    ask_default: bool = option(True, help=T("the answer when the partner's time runs out: yes, or no"))


@dataclass(kw_only=True)
class CanastaState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)       # top is the last card
    discard: list[str] = field(default_factory=list)     # top is the last card
    melds: list[dict[str, list[str]]] = field(default_factory=list)   # per side: rank → cards
    red3s: list[list[str]] = field(default_factory=list)              # per side
    turn: int = 0
    phase: str = DRAW
    draft: list[list] = field(default_factory=list)      # [rank, [cards]] in the order added
    taking: bool = False                 # the draft's first entry is a pile take (its upcard on the pile)
    asked: str = ""                      # this turn's answer to "May I go out?"
    window: dict = field(default_factory=dict)
    serial: int = 0
    fresh: bool = True                   # the mover's side had nothing melded when the turn began
    last_turn: bool = False              # the last stock card was a red 3: meld, then the hand ends
    last_result: str | dict = ""


def is_red_three(code: str) -> bool:
    return C.RANK[code] == THREE and C.SUIT[code] in ("H", "D")


def is_wild(code: str) -> bool:
    return RULES.is_wild(code)


def value(cards: Iterable[str]) -> int:
    return M.deadwood(cards, VALUES)


def group_key(code: str) -> str:
    """The group a card shows in, where suits do not matter: its rank, "3b" for black 3s, "0" jokers."""
    if C.RANK[code] == THREE:
        return "3r" if is_red_three(code) else "3b"
    return str(C.RANK[code])


def group_label(key: str, n: int) -> Text:
    if key == "0":
        return T("Joker ×{n}", n=n)
    if key == "3b":
        return T("Black 3 ×{n}", n=n)
    if key == "3r":
        return T("Red 3 ×{n}", n=n)
    return T("{rank} ×{n}", rank=Rank(int(key[0] if key[0] == "3" else key)), n=n)


GROUP_ORDER = ("1", "13", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3b", "3r", "2", "0")


def grouped(cards: Iterable[str]) -> list[tuple[str, int]]:
    """Cards as (group key, count), aces and high ranks first, wild cards last."""
    counts = Counter(group_key(c) for c in cards)
    return [(key, counts[key]) for key in GROUP_ORDER if counts[key]]


class Canasta(DealtMatch, Game[CanastaState]):
    key = "canasta"
    title = T("Canasta")
    aliases = ("canastra", "canasta uruguaya", "kanasta", "канаста", "カナスタ")
    seats = range(2, 5, 2)
    Options = CanastaOptions
    State = CanastaState
    heuristic_trust = 2.0
    summary = T("The partnership rummy from Uruguay: meld sets with wild 2s and jokers, build canastas of seven.")
    rules = T(
        "Two sides of two, partners sitting opposite (or two players alone). Two packs and four jokers are "
        "used; 2s and jokers are wild. Each player gets 11 cards (15 with two players), and one card turned "
        "up starts the discard pile. Red 3s are bonus cards: they are put down at once and replaced.\n"
        "On your turn, draw from the stock (two cards with two players) or take the whole discard pile, "
        "then meld, then discard one card. To take the pile you must meld its top card at once: with a "
        "natural pair from your hand, or onto your side's meld of that rank. Nobody takes it under a wild "
        "card or a black 3. A wild card or red 3 in the pile freezes it: then only a natural pair takes it.\n"
        "A meld is three or more cards of one rank, at least two of them natural and at most three wild. "
        "Partners build on each other's melds; a side has one meld per rank. Seven cards make a canasta: "
        "clean without wild cards (500), dirty with them (300). Your side's first melds of a hand must be "
        "worth 50 points (15 below zero, 90 from 1500, 120 from 3000); only the cards from your hand and "
        "the pile's top card count. Build a turn's melds as a draft, then commit it.\n"
        "To go out, meld or discard your last card; your side needs a canasta (two with two players). "
        "Black 3s meld only then, three or four together. You may first ask your partner \"May I go "
        "out?\": the answer binds. Cards count jokers 50, aces and 2s 20, K to 8 10, 7 to 3 5. A side scores "
        "its melded cards, its canastas, 100 for going out (200 if it had not melded before), 100 per red 3 "
        "(800 for all four; negative if the side melded nothing), minus the cards left in hand. When the "
        "stock runs out, players may only take the pile; the hand ends when one cannot. The first side to "
        "5000 wins.\n"
        "These values are the defaults: options may change the opening minimums, the target and the red 3s "
        "of a side that melded nothing."
    )

    # -- sides
    @staticmethod
    def teams(s: CanastaState) -> Teams:
        return Teams(s.players, 2)

    @staticmethod
    def side(seat: int) -> int:
        return seat % 2

    def partner(self, s: CanastaState, seat: int) -> int | None:
        mates = self.teams(s).teammates(seat)
        return mates[0] if mates else None

    @staticmethod
    def canastas_needed(s: CanastaState) -> int:
        return 2 if s.players == 2 else 1

    # -- dealing
    def setup(self, players: int, options: CanastaOptions, seed: int) -> CanastaState:
        s = CanastaState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: CanastaState) -> list[Event]:
        deck = C.french_deck(jokers=2, decks=2)
        s.rng().shuffle(deck)
        size = 15 if s.players == 2 else 11
        s.hands = [[] for _ in range(s.players)]
        for k in range(size * s.players):
            s.hands[(s.dealer + 1 + k) % s.players].append(deck.pop())
        s.stock, s.discard = deck, [deck.pop()]
        while is_wild(s.discard[-1]) or is_red_three(s.discard[-1]):    # the pile starts frozen
            s.discard.append(s.stock.pop())
        s.melds, s.red3s = [{}, {}], [[], []]
        s.draft, s.taking, s.asked, s.window, s.last_turn = [], False, "", {}, False
        s.hand_no += 1
        return self._open_deal(s, Event(T("Hand {n}: {seat} deals; the upcard is {card}.", n=s.hand_no,
                                          seat=Seat(s.dealer), card=Card(s.discard[-1]))))

    def _open_deal(self, s: CanastaState, announcement: Event) -> list[Event]:
        """After the cards are dealt: red 3s go down from the dealer's left (Clarification 11), each
        seat is shown its cards, and the dealer's left takes the first turn."""
        events = [announcement]
        first = next_seat(s.dealer, s.players)
        for k in range(s.players):
            events += self._lay_red_threes(s, (first + k) % s.players)
        for hand in s.hands:
            hand.sort(key=C.sort_key)
        events += [Event(T("Your cards: {cards}.", cards=Cards(tuple(h))), to=i) for i, h in enumerate(s.hands)]
        return events + self._start_turn(s, first)

    def _lay_red_threes(self, s: CanastaState, seat: int) -> list[Event]:
        """Decision 7 and Clarification 11: red 3s go down at once, each replaced from the stock
        (while `replaces_red_threes` says so)."""
        events = []
        hand = s.hands[seat]
        while any(is_red_three(c) for c in hand):
            threes = [c for c in hand if is_red_three(c)]
            for code in threes:
                hand.remove(code)
            s.red3s[self.side(seat)] += threes
            events.append(Event(N("{seat} lays down a red 3.", "{seat} lays down {n} red 3s.", len(threes),
                                  seat=Seat(seat))))
            if not self.replaces_red_threes(s, seat):
                break
            new = [s.stock.pop() for _ in threes if s.stock]
            hand += new
            if new:
                events.append(Event(T("You draw {cards}.", cards=Cards(tuple(new))), to=seat))
        hand.sort(key=C.sort_key)
        return events

    def replaces_red_threes(self, s: CanastaState, seat: int) -> bool:
        """Whether a red 3 the seat lays down now is replaced from the stock."""
        return True

    def _start_turn(self, s: CanastaState, seat: int) -> list[Event]:
        s.turn, s.phase, s.asked = seat, DRAW, ""
        s.draft, s.taking = [], False
        s.fresh = not s.melds[self.side(seat)]
        if not s.stock and not self.take_options(s, seat):
            return self._end_hand(s, None, [Event(T("The stock is empty and {seat} cannot take the pile: the hand "
                                                    "ends.", seat=Seat(seat)))])
        return []

    # -- the pile
    def frozen(self, s: CanastaState, seat: int) -> bool:
        """A wild card or red 3 in the pile freezes it (option: also for a side yet to meld)."""
        if any(is_wild(c) or is_red_three(c) for c in s.discard):
            return True
        return bool(s.options["frozen_until_meld"]) and not s.melds[self.side(seat)]

    def take_options(self, s: CanastaState, seat: int) -> list[tuple[str, ...]]:
        """The hand cards each way of taking the pile needs (Clarifications 1 and 2): a natural pair of the
        upcard's rank; unfrozen, also nothing when the side has that meld, or a natural and a wild card."""
        if not s.discard:
            return []
        top = s.discard[-1]
        if is_wild(top) or RULES.is_closing(top) or is_red_three(top):
            return []
        hand, rank = s.hands[seat], C.RANK[top]
        naturals = sorted((c for c in hand if C.RANK[c] == rank), key=C.sort_key)
        wild = sorted((c for c in hand if is_wild(c)), key=lambda c: VALUES[C.RANK[c]])
        out: list[tuple[str, ...]] = []
        melded = str(rank) in s.melds[self.side(seat)]
        keep = 1      # the pile joins the hand: a card stays unless the pile is only the upcard
        if len(naturals) >= 2 and (len(hand) - 2 >= keep or len(s.discard) > 1):
            out.append(tuple(naturals[:2]))
        if not self.frozen(s, seat):
            if melded:
                out.insert(0, ())
            elif naturals and wild and (len(hand) - 2 >= keep or len(s.discard) > 1):
                out.append((naturals[0], wild[0]))
        return out

    def forced(self, s: CanastaState, seat: int) -> bool:
        """Clarification 8, option ``forced_take``: with the stock empty, an unfrozen pile whose upcard
        matches the side's meld must be taken."""
        return (bool(s.options["forced_take"]) and not s.stock and bool(s.discard) and not self.frozen(s, seat)
                and () in self.take_options(s, seat))

    # -- the draft
    def reserved(self, s: CanastaState) -> list[str]:
        """The hand cards in the draft (a take's upcard is still on the pile)."""
        out = [c for _, cards in s.draft for c in cards]
        if s.taking:
            out.remove(s.discard[-1])
        return out

    def draft_groups(self, s: CanastaState) -> dict[int, list[str]]:
        groups: dict[int, list[str]] = {}
        for rank, cards in s.draft:
            groups.setdefault(rank, []).extend(cards)
        return groups

    def merged(self, s: CanastaState, side: int) -> dict[int, list[str]]:
        """The side's melds as they would be after committing the draft."""
        out = {int(r): list(cards) for r, cards in s.melds[side].items()}
        for rank, cards in self.draft_groups(s).items():
            out.setdefault(rank, []).extend(cards)
        return out

    def cards_left(self, s: CanastaState, seat: int) -> int:
        """The cards the mover holds after committing the draft (a take brings the rest of the pile, but its
        red 3s, which go down without a replacement)."""
        brought = sum(1 for c in s.discard[:-1] if not is_red_three(c)) if s.taking else 0
        return len(s.hands[seat]) - len(self.reserved(s)) + brought

    def may_go_out(self, s: CanastaState, melds: dict[int, list[str]]) -> bool:
        return s.asked != NO and len(M.canastas(
            [c for r, c in melds.items() if r != BLACK_THREE], RULES)) >= self.canastas_needed(s)

    score_minimums: ClassVar[Sequence[tuple[int, int]]] = MINIMUMS
    numbered_minimums: ClassVar[Sequence[int]] = HAND_MINIMUMS

    def minimum(self, s: CanastaState, seat: int) -> int:
        """What the side's first melds of the hand must reach, by option ``minimums``: by the side's score
        before the hand, by the hand's number (Triple Play's ``deal``), or the same in every hand."""
        how = self.options_of(s).minimums
        if how == "score":
            return M.opening_minimum(s.scores[seat], self.score_minimums)
        if how == "flat":
            return FLAT_MINIMUM
        return M.numbered_minimum(s.hand_no, self.numbered_minimums)

    def draft_points(self, s: CanastaState) -> int:
        return value(c for _, cards in s.draft for c in cards)

    def commit_refusal(self, s: CanastaState, seat: int) -> Text | None:
        """Why the draft cannot be committed as it stands (Clarifications 3, 4, 6, 7), or None."""
        if not s.draft:
            return T("The draft is empty: add cards first.")
        melds = self.merged(s, self.side(seat))
        left = self.cards_left(s, seat)
        out_ok = self.may_go_out(s, melds)
        closing = BLACK_THREE in self.draft_groups(s)
        if left <= 1 and not out_ok:
            return T("Keep a card: you may not go out now.")
        if closing and (left > 1 or not out_ok):
            return T("Black 3s are melded only when going out.")
        if not s.melds[self.side(seat)]:
            exempt = not s.taking and left <= 1 and out_ok          # Clarification 4: going out after a draw
            need, points = self.minimum(s, seat), self.draft_points(s)
            if points < need and not exempt:
                return T("Your side needs {need} points to open: {points} so far.", need=need, points=points)
        if s.asked == YES and left and not self._way_out_after(s, seat, melds):
            return T("Your partner said yes: keep a way to go out this turn.")
        return None

    def _way_out_after(self, s: CanastaState, seat: int, melds: dict[int, list[str]]) -> bool:
        rest = list(s.hands[seat])
        for code in self.reserved(s):
            rest.remove(code)
        return M.way_out(rest, {r: c for r, c in melds.items() if r != BLACK_THREE}, RULES,
                         self.canastas_needed(s)) is not None

    def add_options(self, s: CanastaState, seat: int) -> list[Move]:
        """Every ``add`` that keeps each drafted meld valid: naturals of a rank and up to three wild
        cards (2s and jokers told apart only by kind), to a new meld or the side's meld of that rank."""
        free = list(s.hands[seat])
        for code in self.reserved(s):
            free.remove(code)
        if len(free) == 0:
            return []
        melds = self.merged(s, self.side(seat))
        twos = [c for c in free if C.RANK[c] == TWO]
        jokers = [c for c in free if C.RANK[c] == JOKER]
        by_rank: dict[int, list[str]] = {}
        for code in free:
            if not is_wild(code):
                by_rank.setdefault(C.RANK[code], []).append(code)
        wild_sets = [(t, j) for t in range(min(3, len(twos)) + 1) for j in range(min(3 - t, len(jokers)) + 1)]
        out = []
        for rank in sorted({*by_rank, *(r for r in melds if r != BLACK_THREE)}):
            naturals = by_rank.get(rank, [])
            have = melds.get(rank, [])
            for k in range(len(naturals) + 1):
                for t, j in wild_sets:
                    if rank == BLACK_THREE and (t or j):
                        continue
                    cards = [*naturals[:k], *twos[:t], *jokers[:j]]
                    if not cards:
                        continue
                    whole = [*have, *cards]
                    ok = M.is_closing_set(whole, RULES) if rank == BLACK_THREE else M.is_set(whole, RULES)
                    if ok:
                        out.append(Move("add", tuple(cards), (("r", str(rank)),)))
        return out

    # -- legality
    def to_move(self, s: CanastaState) -> frozenset[int]:
        if s.over:
            return frozenset()
        if s.window:
            return pending(s.window)
        return frozenset((s.turn,))

    def reaction(self, s: CanastaState) -> str | None:
        return reaction_id(s.window) if s.window and not s.over else None

    def window_seconds(self, s: CanastaState) -> int | None:
        return s.options["ask_timeout"] if s.window and not s.over else None

    def timeout_move(self, s: CanastaState, seat: int) -> Move | None:
        if s.window and seat in pending(s.window):
            return Move(YES if s.options["ask_default"] else NO)
        return None

    def moves(self, s: CanastaState, seat: int) -> list[Move]:
        if s.over or seat not in self.to_move(s):
            return []
        if s.window:
            return [Move(YES), Move(NO)]
        if s.phase == DRAW:
            out = [Move("draw")] if s.stock else []
            out += [Move("take", combo) for combo in self.take_options(s, seat)]
            if not s.stock and not self.forced(s, seat):
                out.append(Move("end"))
            return out
        # the moves that end the turn or the draft come first: a player always taking the first answer
        # commits or clears a draft, and then discards
        adds = self.add_options(s, seat)
        if s.draft:
            out = [Move("commit")] if self.commit_refusal(s, seat) is None else []
            out.append(Move("clear"))
            if len(s.draft) > (1 if s.taking else 0):
                out.append(Move("undo"))
            return out + adds
        out = [Move("end")] if s.last_turn else self.discard_options(s, seat)
        if self.may_ask(s, seat):
            out.append(Move(ASK))
        return out + adds

    def may_ask(self, s: CanastaState, seat: int) -> bool:
        """Decision 9 and Clarification 7: once a turn, four players, when the checker finds a way out."""
        partner = self.partner(s, seat)
        if partner is None or s.asked or s.draft or len(s.hands[seat]) < 2:
            return False
        melds = {r: c for r, c in self.merged(s, self.side(seat)).items() if r != BLACK_THREE}
        return M.way_out(s.hands[seat], melds, RULES, self.canastas_needed(s)) is not None

    def discard_options(self, s: CanastaState, seat: int) -> list[Move]:
        """One discard per group (suits do not matter but for 3s); the last card only when going out."""
        hand = s.hands[seat]
        if len(hand) == 1:
            if not self.may_go_out(s, self.merged(s, self.side(seat))):
                return []
        elif s.asked == YES:
            return []
        return self.discards_by_group(hand)

    @staticmethod
    def discards_by_group(hand: Sequence[str]) -> list[Move]:
        """One discard per group: suits do not matter (but for 3s)."""
        seen: dict[str, str] = {}
        for code in hand:
            seen.setdefault(group_key(code), code)
        return [Move("discard", (code,)) for code in seen.values()]

    def refuse(self, s: CanastaState, seat: int, move: Move) -> str | None:
        if move in self.moves(s, seat) or self._same_as_offered(s, seat, move):
            return None
        if s.window:
            return T("Answer your partner: yes or no.")
        if s.phase == DRAW:
            if move.kind == "take":
                return self._why_no_take(s, seat)
            if move.kind == "end" and self.forced(s, seat):
                return T("The stock is empty and the pile matches your side's meld: you must take it.")
            return T("Draw from the stock or take the pile first.")
        if move.kind == "commit":
            return self.commit_refusal(s, seat) or T("'{move}' is not a legal move now.", move=str(move))
        if move.kind == "discard":
            if s.draft:
                return T("Commit or clear your draft before discarding.")
            if s.asked == YES:
                return T("Your partner said yes: you must go out this turn.")
            return T("You may not go out yet: keep a card or meld a canasta first.")
        if move.kind == "add":
            return T("Those cards do not make a meld of one rank: at least two natural cards, at most three wild, "
                     "one meld per rank, black 3s only among themselves.")
        if move.kind == ASK:
            return T("You can ask only once a turn, with an empty draft, when you can go out.")
        return T("'{move}' is not a legal move now.", move=str(move))

    def _same_as_offered(self, s: CanastaState, seat: int, move: Move) -> bool:
        """Whether ``move`` is an offered take, addition or discard made with other copies of the same cards
        (suits do not matter, and the offered moves name one choice of them)."""
        if move.kind not in ("take", "add", "discard") or seat not in self.to_move(s) or s.window:
            return False
        if not all(c in s.hands[seat] for c in move.args) or len(set(move.args)) != len(move.args):
            return False
        if move.kind == "add" and any(c in self.reserved(s) for c in move.args):
            return False
        shape = sorted(map(group_key, move.args))
        return any(m.kind == move.kind and m.params == move.params and sorted(map(group_key, m.args)) == shape
                   for m in self.moves(s, seat))

    def _why_no_take(self, s: CanastaState, seat: int) -> Text:
        if not s.discard:
            return T("The discard pile is empty.")
        top = s.discard[-1]
        if is_wild(top) or RULES.is_closing(top):
            return T("Nobody may take the pile while {card} lies on top.", card=Card(top))
        if self.frozen(s, seat):
            return T("The pile is frozen: you need a natural pair of {card}'s rank.", card=Card(top))
        return T("You cannot meld {card} at once: you need a natural pair, a natural and a wild card, or your "
                 "side's meld of its rank.", card=Card(top))

    # -- playing
    def play(self, s: CanastaState, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        if s.window:
            answer(s.window, seat, kind)
            if complete(s.window):
                s.window, s.asked = {}, kind
                return [Event(T("{seat} answers: yes.", seat=Seat(seat)) if kind == YES else
                              T("{seat} answers: no.", seat=Seat(seat)))]
            return []
        if kind == "draw":
            return self._draw(s, seat)
        if kind == "take":
            top = s.discard[-1]
            s.draft, s.taking, s.phase = [[C.RANK[top], [top, *move.args]]], True, MELD
            return [Event(T("{seat} reaches for the discard pile.", seat=Seat(seat)))]
        if kind == "end":
            text = (T("{seat} does not take the pile: the hand ends.", seat=Seat(seat)) if s.phase == DRAW
                    else T("The stock is exhausted: the hand ends."))
            return self._end_hand(s, None, [Event(text)])
        if kind == "add":
            s.draft.append([int(move.param("r")), list(move.args)])
            return []
        if kind == "undo":
            s.draft.pop()
            return []
        if kind == "clear":
            s.draft = []
            if s.taking:
                s.taking, s.phase = False, DRAW
            return []
        if kind == "commit":
            return self._commit(s, seat)
        if kind == ASK:
            s.serial += 1
            s.window = open_window(ASK, [self.partner(s, seat)], seat, s.serial)
            return [Event(T("{seat} asks their partner: may I go out?", seat=Seat(seat)))]
        return self._discard(s, seat, move.args[0])

    def _draw(self, s: CanastaState, seat: int) -> list[Event]:
        """Draw one card (two with two players, Clarification 12); red 3s go down and are replaced."""
        n = min(2 if s.players == 2 else 1, len(s.stock))
        new = [s.stock.pop() for _ in range(n)]
        s.hands[seat] += new
        s.phase = MELD
        events = [draws(seat, n), Event(T("You draw {cards}.", cards=Cards(tuple(new))), to=seat)]
        events += self._lay_red_threes(s, seat)
        if not s.stock and is_red_three(new[-1]):
            s.last_turn = True
            events.append(Event(T("The last card of the stock was a red 3: {seat} melds, and the hand ends "
                                  "without a discard.", seat=Seat(seat))))
        return events

    def _commit(self, s: CanastaState, seat: int) -> list[Event]:
        side, hand = self.side(seat), s.hands[seat]
        for code in self.reserved(s):
            hand.remove(code)
        events = []
        if s.taking:
            pile, s.discard = s.discard[:-1], []
            events.append(Event(N("{seat} takes the discard pile ({n} card).",
                                  "{seat} takes the discard pile ({n} cards).", len(pile) + 1, seat=Seat(seat))))
            threes = [c for c in pile if is_red_three(c)]      # laid down, not replaced
            s.red3s[side] += threes
            hand += [c for c in pile if not is_red_three(c)]
        for rank, cards in self.draft_groups(s).items():
            meld = s.melds[side].setdefault(str(rank), [])
            meld += cards
            meld.sort(key=lambda c: (is_wild(c), C.sort_key(c)))
            events.append(Event(T("{seat} melds {cards}.", seat=Seat(seat), cards=Cards(tuple(cards)))))
        s.draft, s.taking = [], False
        hand.sort(key=C.sort_key)
        if not hand:
            return self._end_hand(s, seat, events)
        return events

    def _discard(self, s: CanastaState, seat: int, code: str) -> list[Event]:
        s.hands[seat].remove(code)
        s.discard.append(code)
        events = [Event(T("{seat} discards {card}.", seat=Seat(seat), card=Card(code)))]
        if not s.hands[seat]:
            return self._end_hand(s, seat, events)
        return events + self._start_turn(s, next_seat(seat, s.players))

    # -- scoring
    def side_score(self, s: CanastaState, side: int, out_side: int | None, concealed: bool) -> tuple[int, Text]:
        """One side's score for the hand, and the line that explains it."""
        o: CanastaOptions = self.options_of(s)
        melds = list(s.melds[side].values())
        melded = sum(value(cards) for cards in melds)
        kinds = M.canastas([c for r, c in s.melds[side].items() if int(r) != BLACK_THREE], RULES)
        bonus = sum(CANASTA_BONUS[k] for k in kinds)
        threes = len(s.red3s[side])
        reds = ALL_RED_THREES if threes == 4 else RED_THREE * threes
        if not melds and o.red_threes == "negative":
            reds = -reds
        going = (CONCEALED_BONUS if concealed else OUT_BONUS) if out_side == side else 0
        held = sum(value(s.hands[seat]) for seat in self.teams(s).members(side))
        total = melded + bonus + reds + going - held
        line = T("{seats}: melds {melded}, canastas {bonus}, red 3s {reds}, going out {out}, in hand −{held}: "
                 "{total}.", seats=Seats(tuple(self.teams(s).members(side))), melded=melded, bonus=bonus,
                 reds=reds, out=going, held=held, total=total)
        return total, line

    def _end_hand(self, s: CanastaState, winner: int | None, events: list[Event]) -> list[Event]:
        s.window, s.draft, s.taking = {}, [], False
        out_side = None if winner is None else self.side(winner)
        concealed = winner is not None and s.fresh
        if winner is not None:
            events.append(Event(T("{seat} goes out concealed!", seat=Seat(winner)) if concealed
                                else T("{seat} goes out!", seat=Seat(winner))))
        gains = []
        for side in (0, 1):
            gained, line = self.side_score(s, side, out_side, concealed)
            gains.append(gained)
            events.append(Event(line))
        for seat in range(s.players):
            s.scores[seat] += gains[self.side(seat)]
        result = T("Hand {n}: {first} and {second} points", n=s.hand_no, first=gains[0], second=gains[1])
        s.last_result = text_data(result)
        return self.after_hand(s, events, self.match_over(s))

    def match_over(self, s: CanastaState) -> bool:
        """Decision 8: at the target (or after the hands played) with one side ahead; a tie plays on."""
        o: CanastaOptions = self.options_of(s)
        reached = max(s.scores) >= o.target or (o.hands and s.hand_no >= o.hands)
        return bool(reached) and s.scores[0] != s.scores[1]

    # -- what people see
    def hand_text(self, codes: Sequence[str]) -> Text | None:
        if not codes:
            return None
        return T("{groups}", groups=self.groups_text(codes))

    @staticmethod
    def groups_text(codes: Iterable[str]) -> Text:
        labels = [group_label(key, n) for key, n in grouped(codes)]
        return T("{items}", items=_comma(labels))

    def meld_label(self, rank: int, cards: Sequence[str]) -> Text:
        """A meld as the table shows it: "K ×7 clean canasta", "9 ×5 (2 wild)"."""
        wild = sum(1 for c in cards if is_wild(c))
        head = T("Black 3 ×{n}", n=len(cards)) if rank == BLACK_THREE else T("{rank} ×{n}", rank=Rank(rank),
                                                                               n=len(cards))
        kind = M.canasta_kind(cards, RULES) if rank != BLACK_THREE else None
        if kind == M.NATURAL:
            return T("{meld}: clean canasta", meld=head)
        if kind == M.MIXED:
            return T("{meld}: dirty canasta ({wild} wild)", meld=head, wild=wild)
        if wild:
            return T("{meld} ({wild} wild)", meld=head, wild=wild)
        return head

    def draft_lines(self, s: CanastaState, seat: int) -> list[str]:
        lines = []
        side_melds = s.melds[self.side(seat)]
        for rank, cards in self.draft_groups(s).items():
            if str(rank) in side_melds:
                lines.append(T("Draft: {cards} onto your {rank} meld", cards=Cards(tuple(cards)), rank=Rank(rank)))
            else:
                lines.append(T("Draft: {cards} as a new meld", cards=Cards(tuple(cards))))
        if s.taking:
            lines.append(T("Commit takes the pile; Clear gives the take up."))
        return lines

    def opened(self, s: CanastaState, side: int) -> bool:
        """Whether ``side`` has melded this hand (its opening minimum is behind it)."""
        return bool(s.melds[side])

    def draft_summary(self, s: CanastaState, seat: int) -> Text:
        """The draft's points, against the minimum while the side has not opened."""
        points = self.draft_points(s)
        if self.opened(s, self.side(seat)):
            return T("The draft is worth {points} points.", points=points)
        return T("Needs {need} to open: {points} so far.", need=self.minimum(s, seat), points=points)

    def instruction(self, s: CanastaState, seat: int) -> str:
        if s.window:
            return T("{seat} asks: may I go out? Answer yes or no; your answer binds.", seat=Seat(s.window["opener"]))
        if s.phase == DRAW:
            if not s.stock:
                return T("The stock is empty: take the pile, or end the hand.")
            return T("Your turn: draw from the stock or take the discard pile.")
        if s.draft:
            problem = self.commit_refusal(s, seat)
            lines = self.draft_summary(s, seat)
            if problem:
                return T("{draft} Not ready: {problem}", draft=lines, problem=problem)
            return T("{draft} Ready to commit.", draft=lines)
        if s.last_turn:
            return T("Meld what you can, then end the hand.")
        if s.asked == YES:
            return T("Your partner said yes: go out this turn.")
        if s.asked == NO:
            return T("Your partner said no: you may not go out this turn.")
        if not s.melds[self.side(seat)]:
            return T("Add cards to a draft to meld (your side needs {need} to open), or discard.",
                     need=self.minimum(s, seat))
        return T("Add cards to a draft to meld, or discard.")

    def describe(self, s: CanastaState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        kind = move.kind
        if kind in (YES, NO):
            return ((T("May I go out?"), T("Yes") if kind == YES else T("No")),)
        turn = T("Your turn")
        if kind == "draw":
            return ((turn, T("Draw from the stock")),)
        if kind == "take":
            top = Card(s.discard[-1])
            if move.args:
                return ((turn, T("Take the pile")), (T("Meld {card} with", card=top),
                                                     T("{cards}", cards=Cards(move.args))))
            return ((turn, T("Take the pile")), (T("Meld {card} with", card=top), T("your side's meld")))
        if kind == "end":
            return ((turn, T("End the hand")),)
        if kind == "undo":
            return ((turn, T("Undo last")),)
        if kind == "clear":
            return ((turn, T("Clear the draft")),)
        if kind == "commit":
            return ((turn, T("Commit the draft")),)
        if kind == ASK:
            return ((turn, T("Ask partner: may I go out?")),)
        if kind == "discard":
            return ((turn, T("Discard")), (T("Which card?"), group_label(group_key(move.args[0]), 1)))
        rank = int(move.param("r"))
        natural = [c for c in move.args if not is_wild(c)]
        wild = [c for c in move.args if is_wild(c)]
        held = sum(1 for c in s.hands[seat] if not is_wild(c) and C.RANK[c] == rank and group_key(c) != "3r")
        in_meld = len(self.merged(s, self.side(seat)).get(rank, ()))
        rank_label = (T("Black 3 ×{n}", n=held) if rank == BLACK_THREE else
                      T("{rank} ×{n} (meld: {m})", rank=Rank(rank), n=held, m=in_meld) if in_meld else
                      T("{rank} ×{n}", rank=Rank(rank), n=held))
        wild_label = self.groups_text(wild) if wild else T("no wild card")
        return ((turn, T("Add to the draft")), (T("Which rank?"), rank_label),
                (T("How many natural cards?"), T("{n}", n=len(natural))), (T("Wild cards?"), wild_label))

    def view(self, s: CanastaState, seat: int | None) -> View:
        o: CanastaOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            threes = s.red3s[self.side(i)]
            if threes and i in (0, 1):
                notes.append(N("{n} red 3", "{n} red 3s", len(threes)))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        top = s.discard[-1:]
        piles = [PileView(T("Stock"), [], len(s.stock)), PileView(T("Discard pile"), top, len(s.discard))]
        for side in (0, 1):
            for rank, cards in sorted(s.melds[side].items(), key=lambda rc: -int(rc[0])):
                piles.append(PileView(self.meld_label(int(rank), cards), list(cards), len(cards),
                                      self.teams(s).members(side)[0]))
        facts = [T("Match: to {target} points", target=o.target) if not o.hands else
                 N("Match: to {target} points or {n} hand", "Match: to {target} points or {n} hands", o.hands,
                   target=o.target)]
        if s.discard and self.frozen(s, s.turn):
            facts.append(T("The pile is frozen."))
        if o.frozen_until_meld:
            facts.append(T("The pile is frozen for a side until its first meld."))
        if s.last_result:
            facts.append(text_from(s.last_result))
        status = self.outcome(s).summary if s.over else self.turn_status(s, seat)
        v = table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)
        if seat is not None and seat == s.turn and s.draft and not s.over:
            v.private = self.draft_lines(s, seat)
        return v

    # the status line of a turn, by step: the whole sentence, so a game may name its deals otherwise
    STATUS: ClassVar[dict[str, Callable[[int, Seat], Text]]] = {
        "ask": lambda n, seat: T("Hand {n}. {seat} asks their partner: may I go out?", n=n, seat=seat),
        "draw": lambda n, seat: T("Hand {n}. {seat} to draw.", n=n, seat=seat),
        "melding": lambda n, seat: T("Hand {n}. {seat} is melding.", n=n, seat=seat),
        "meld": lambda n, seat: T("Hand {n}. {seat} to meld and discard.", n=n, seat=seat),
    }

    def turn_status(self, s: CanastaState, seat: int | None) -> Text:
        """What the turn is at, as ``seat`` may read it: a draft, and a pile take until it is committed, show to
        their maker only (the others read what they would without it, as in a search's imagined deal)."""
        if s.window:
            step = "ask"
        elif s.phase == DRAW or (s.taking and seat != s.turn):
            step = "draw"
        elif s.draft and seat == s.turn:
            step = "melding"
        else:
            step = "meld"
        return self.STATUS[step](s.hand_no, Seat(s.turn))

    def zones(self, s: CanastaState) -> list[Zone]:
        return ([Zone(f"hand {i}", h, i) for i, h in enumerate(s.hands)]
                + [Zone("stock", s.stock, "none"), Zone("discard", s.discard, "all")]
                + [Zone(f"red 3s {i}", r, "all") for i, r in enumerate(s.red3s)]
                + [Zone(f"meld {i} {r}", c, "all") for i, m in enumerate(s.melds) for r, c in m.items()])

    def outcome(self, s: CanastaState) -> Outcome | None:
        if not s.over:
            return None
        return match_outcome(MatchFormat("race", s.options["target"]), s.scores)

    # -- computer players
    def hand_progress(self, s: CanastaState) -> list[float]:
        out = []
        for seat in range(s.players):
            side = self.side(seat)
            gained, _ = self.side_score(s, side, None, False)
            out.append(float(gained))
        return out

    def determinize(self, s: CanastaState, seat: int | None, rng) -> CanastaState:
        """Another seat's draft is private: in an imagined deal it is given up (a take with it). Nobody holds
        a red 3 (they go down at once): one dealt into a hand is swapped with a stock card."""
        if seat != s.turn and s.draft:
            s = s.clone()
            s.draft = []
            if s.taking:
                s.taking, s.phase = False, DRAW
        twin = super().determinize(s, seat, rng)
        plain = [i for i, c in enumerate(twin.stock) if not is_red_three(c)]
        for hand in twin.hands:
            for k, code in enumerate(hand):
                if is_red_three(code) and plain:
                    at = plain.pop()
                    hand[k], twin.stock[at] = twin.stock[at], code
        return twin

    def heuristic_decides(self, s: CanastaState, seat: int) -> bool:
        """Melding (the draft's many small steps) and answering the partner follow the rule of thumb; the
        search weighs drawing against taking the pile, and which card to discard once the rule of thumb
        would discard (`search_moves`)."""
        if s.window or s.phase == MELD and s.draft:
            return True
        if s.phase == MELD:
            return self._sensible(s, seat, self.moves(s, seat), random.Random(0)).kind != "discard"
        return False

    def search_moves(self, s: CanastaState, seat: int, moves: list[Move]) -> list[Move]:
        if s.phase == MELD and not s.draft and not s.window:
            return [m for m in moves if m.kind == "discard"] or moves
        return moves

    def playout_plies(self, s: CanastaState) -> int | None:
        return 120

    def rollout_move(self, s, seat, moves, rng):
        return self._sensible(s, seat, moves, rng)

    def rollout_play(self, s: CanastaState, seat: int, rng) -> None:
        """A playout's whole turn at once, cheaper than the rule of thumb's planned drafts: take the pile
        when it comes with a meld already down or a pair and three cards or more, meld every rank held three
        times and every card that joins the side's melds (wild cards only to open or to make a canasta),
        keep two cards unless going out, discard as the rule of thumb does. Anything unusual (an open
        question, a draft, the stock's end) is played move by move."""
        if s.window or s.draft or not s.stock or s.last_turn or seat != s.turn:
            return super().rollout_play(s, seat, rng)
        if s.phase == DRAW:
            takes = self.take_options(s, seat)
            pair = next((t for t in takes if len(t) == 2 and not any(map(is_wild, t))), None)
            if () in takes and len(s.discard) >= 2 or pair and len(s.discard) >= 3:
                self.play(s, seat, Move("take", () if () in takes else pair))
            else:
                self._draw(s, seat)
                if s.last_turn:
                    return
        hand_no = s.hand_no
        self._quick_melds(s, seat)
        if s.over or s.hand_no != hand_no or s.last_turn:
            return
        discards = self.discard_options(s, seat)
        if discards:
            self._discard(s, seat, noisy_best(discards, lambda m: self._discard_worth(s, seat, m.args[0]),
                                              rng).args[0])

    def _quick_melds(self, s: CanastaState, seat: int) -> None:
        """`rollout_play`'s melds, committed when the rules allow them; a take they cannot carry is given
        up for a draw. After a take, what the pile brought is melded too."""
        side = self.side(seat)
        free = self._free(s, seat)
        naturals: dict[int, list[str]] = {}
        for code in free:
            if not is_wild(code) and C.RANK[code] != THREE:
                naturals.setdefault(C.RANK[code], []).append(code)
        wild = sorted((c for c in free if is_wild(c)), key=lambda c: VALUES[C.RANK[c]])
        drafted = {rank for rank, _ in s.draft}
        adds = sorted(([rank, cards] for rank, cards in naturals.items()
                       if len(cards) >= 3 or str(rank) in s.melds[side] or rank in drafted), key=lambda a: -len(a[1]))
        left = len(free) - sum(len(cards) for _, cards in adds)
        if left > 1 or not self.may_go_out(s, self._with(self.merged(s, side), adds)):
            left = len(free)
            kept = []
            for rank, cards in adds:
                if left - len(cards) >= 2:
                    kept.append([rank, cards])
                    left -= len(cards)
            adds = kept
        s.draft += adds
        if not s.melds[side] and self.draft_points(s) < self.minimum(s, seat):
            for rank, cards in sorted(naturals.items(), key=lambda a: -VALUES[a[0]]):
                if len(cards) == 2 and wild and left >= 5 and rank not in drafted:
                    s.draft.append([rank, [*cards, wild.pop(0)]])
                    left -= 3
        elif wild and left >= 3:
            for rank, cards in self.merged(s, side).items():
                if rank != BLACK_THREE and len(cards) == 6 and M.is_set([*cards, wild[0]], RULES):
                    s.draft.append([rank, [wild.pop(0)]])
                    break
        taking = s.taking
        if s.draft and self.commit_refusal(s, seat) is None:
            hand_no = s.hand_no
            self._commit(s, seat)
            if taking and not s.over and s.hand_no == hand_no:
                self._quick_melds(s, seat)
            return
        s.draft, s.taking = [], False
        if taking:
            self._draw(s, seat)
            if not s.last_turn:
                self._quick_melds(s, seat)

    @staticmethod
    def _with(melds: dict[int, list[str]], adds: list[list]) -> dict[int, list[str]]:
        out = {rank: list(cards) for rank, cards in melds.items()}
        for rank, cards in adds:
            out.setdefault(rank, []).extend(cards)
        return out

    def heuristic_move(self, s, seat, moves, rng):
        return self._sensible(s, seat, moves, rng)

    def _sensible(self, s: CanastaState, seat: int, moves: list[Move], rng) -> Move:
        """Take the pile when it melds, meld once the minimum is met, keep wild cards for canastas, go out
        when possible, discard singletons and low cards, never feed the other side's melds when avoidable."""
        kinds = {m.kind: m for m in moves}
        if s.window:
            return kinds[YES] if value(s.hands[seat]) <= 100 else kinds[NO]
        if s.phase == DRAW:
            takes = [m for m in moves if m.kind == "take" and self._plan_commits(s, seat, m)]
            if takes and (len(s.discard) >= 3 or not s.stock or () in (m.args for m in takes)):
                return takes[0]
            return kinds.get("draw") or (takes[0] if takes else kinds.get("end") or moves[0])
        if s.draft:
            step = self._next_add(s, seat, moves)
            return step or kinds.get("commit") or kinds["clear"]
        if ASK in kinds and self._going_out_plan(s, seat) is not None:
            return kinds[ASK]
        step = self._next_add(s, seat, moves)
        if step is not None and self._plan_commits(s, seat, step):
            return step
        if "end" in kinds:
            return kinds["end"]
        discards = [m for m in moves if m.kind == "discard"]
        if not discards:
            return moves[rng.randrange(len(moves))]
        return noisy_best(discards, lambda m: self._discard_worth(s, seat, m.args[0]), rng)

    def _plan_commits(self, s: CanastaState, seat: int, first: Move) -> bool:
        """Whether playing ``first`` and then the rule of thumb's additions ends in a draft that commits."""
        twin = s.clone()
        self.play(twin, seat, first)
        for _ in range(30):
            step = self._next_add(twin, seat, self.add_options(twin, seat))
            if step is None:
                break
            self.play(twin, seat, step)
        return self.commit_refusal(twin, seat) is None

    def _free(self, s: CanastaState, seat: int) -> list[str]:
        free = list(s.hands[seat])
        for code in self.reserved(s):
            free.remove(code)
        return free

    def _going_out_plan(self, s: CanastaState, seat: int) -> list[tuple[int, list[str]]] | None:
        if s.asked == NO or (s.taking and not s.melds[self.side(seat)]):
            return None
        melds = {r: c for r, c in self.merged(s, self.side(seat)).items() if r != BLACK_THREE}
        return M.way_out(self._free(s, seat), melds, RULES, self.canastas_needed(s))

    def _next_add(self, s: CanastaState, seat: int, moves: list[Move]) -> Move | None:
        """The rule of thumb's next addition to the draft, or None when it would add nothing more."""
        adds = [m for m in moves if m.kind == "add"]
        if not adds:
            return None
        plan = self._going_out_plan(s, seat)
        if plan:
            rank, cards = plan[0]
            rank = BLACK_THREE if rank == -1 else rank
            want = sorted(group_key(c) for c in cards)
            for m in adds:
                if int(m.param("r")) == rank and sorted(group_key(c) for c in m.args) == want:
                    return m
        free = len(self._free(s, seat))
        melds = self.merged(s, self.side(seat))
        short = not s.melds[self.side(seat)] and self.draft_points(s) < self.minimum(s, seat)
        best, best_worth = None, 0.0
        for m in adds:
            rank = int(m.param("r"))
            if free - len(m.args) < 2 or rank == BLACK_THREE:
                continue
            natural = sum(1 for c in m.args if not is_wild(c))
            wild = len(m.args) - natural
            size = len(melds.get(rank, ())) + len(m.args)
            held = sum(1 for c in self._free(s, seat) if not is_wild(c) and C.RANK[c] == rank)
            if natural < held:
                continue                      # all the naturals of a rank at once
            if wild and not (short or (size >= 7 and len(melds.get(rank, ())) >= 4)):
                continue                      # wild cards only to open or to make a canasta
            worth = value(m.args) + 5 * natural - 3 * wild + (50 if size >= 7 else 0)
            if worth > best_worth:
                best, best_worth = m, worth
        return best

    def _discard_worth(self, s: CanastaState, seat: int, code: str) -> float:
        """How gladly a card goes: singletons and low cards first; never a card the other side melds,
        wild cards last, a black 3 gladly (it blocks the pile)."""
        hand = s.hands[seat]
        rank = C.RANK[code]
        same = sum(1 for c in hand if C.RANK[c] == rank)
        other = s.melds[1 - self.side(seat)]
        worth = 30.0 - VALUES[rank] - 12 * same
        if is_wild(code):
            worth -= 100
        if RULES.is_closing(code):
            worth += 40
        if str(rank) in other:
            worth -= 60
        if str(rank) in s.melds[self.side(seat)]:
            worth -= 20
        return worth


def _comma(items: Sequence[Text]) -> Text:
    """Labels joined with commas ("7 ×3, K ×2, Joker ×1")."""
    out = items[0]
    for item in items[1:]:
        out = T("{first}, {next}", first=out, next=item)
    return out


GAME = Canasta()
