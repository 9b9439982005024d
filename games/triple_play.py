"""Triple Play (Hand, Knee and Foot): Canasta with six packs, a knee and a foot to play through, and a
basic book of five canastas to complete before going out.

The game is Canasta's class (games/canasta.py) with its turn, draft, pile take, red 3s and "May I go
out?" window; what differs is here. Choices where the rules file leaves room (decisions and
clarifications in ``shared/rules/triple_play.md``; [rec] marks our own):

* 324 cards (six packs and twelve jokers), four players, partners opposite (seats 0 and 2 against 1 and
  3). Each gets a hand of 15, a knee of 13 and a foot of 11 (face down, seen by nobody). An upcard
  that is a joker, 2, red 3, 5 or 7 is buried in the middle of the stock and another turned.
* Melds (games/common/melds.py, `RULES`): 3 to 7 cards of a rank, at most one wild card up to five
  cards and two in six or seven, none in 5s and 7s; 3 to 7 wild cards alone (the wild meld, rank key
  0). Seven cards close a canasta; a side has one open meld per rank and one open wild meld.
* A turn: draw two (or take the pile), meld through the draft (Canasta's add, undo, clear, commit),
  discard; after a pile take there is no discard, the turn ends with ``knock``. Taking the pile needs a
  natural pair of the upcard's rank (two 2s or two jokers under a wild upcard; option ``pile_pickup``
  relaxed: a natural and a wild card); a black 3 blocks it. Onto an open meld of the rank the upcard and
  the pair go up to its seventh card, the rest of the pair stays in hand (Clarification 3).
* The first commit of a deal must reach a minimum (Clarification 4), by option ``minimums``: ``deal`` (50, 90,
  120, then 150 points, Clarification 12), ``score`` (by the side's score before the deal: below 2500 50,
  then 90, 120 from 5000, 150 from 10000 [rec: common Hand and Foot practice]) or ``flat`` (50 in every deal
  [rec]); Canasta's `minimum` reads both games' tables.
* Knee and foot (Clarifications 7 and 8): the player who completes the side's first canasta picks up the
  knee at once, the partner at the start of their next turn (option ``knee`` manual: a "Pick up knee"
  move from then on); a hand that runs out picks up the next sub-hand, at once after a meld, at the
  start of the next turn after a discard.
* Going out (Clarifications 9 and 10): only on the foot, with the basic book complete, after the
  partner said yes (asking is required [text "must first ask"]); a player on the foot who may not go out
  keeps a card.
* A player on the foot whose draw brought only red 3s may be left one card that cannot go: the turn then
  ends with a knock, without a discard [rec].
* Empty stock (Clarification 5): a player who cannot draw may take the pile (or decline it, ``end``
  [rec]); one who cannot take it ends the deal, without a going-out bonus. Option ``stock_out``
  changes Clarification 5 (and Decision 1): ``end`` (default) as above, ``reshuffle`` [rec]: a player who
  must draw from an empty stock and does not take the pile draws from a new stock shuffled (the game's
  seeded generator, games/common/stock.py as Seven Rummy's) from the discards but the top card, also for
  the second card of a draw that emptied it; only with nothing to shuffle (the pile just taken, or its
  top card alone) does the deal end, still without a going-out bonus. A turn that draws two gives back one
  card at most, so the deal still ends.
* Scoring (Clarification 1): melded cards, one bonus per canasta (7s 5000, 5s 3000, wild 2500, natural
  500, mixed 300), red 3s 100 each and 300 more for seven or more, going out 200, minus the cards in the
  partners' hands, knees and feet (black 3s 100 each, red 3s still face down 500 each). Options
  ``sevens_bonus``, ``fives_bonus``, ``wild_bonus``, ``out_bonus`` and ``red_three_penalty`` change those
  values (the defaults are the rules text's). The match is ``deals`` deals (4); level sides share the win
  (Clarification 12).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from games import cards as C
from games.canasta import ASK, DRAW, JOKER, MELD, NO, THREE, TWO, YES, Canasta, CanastaState, is_red_three, value
from games.common import melds as M
from games.common.fishing import noisy_best
from games.common.match import MatchFormat, match_outcome, next_seat
from games.common.stock import can_draw, restock
from games.common.table import draws, table_view
from games.engine import Event, Game, Move, Outcome, PileView, SeatView, View, Zone
from games.options import Options, option
from games.text import Card, Cards, Rank, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("triple_play")

WILD_MELD = 0                  # the rank key of the all-wild meld
CANASTA = 7
RULES = M.MeldRules(min_set=3, max_set=CANASTA, sequences=False, wild_ranks=frozenset({JOKER, TWO}), max_wild=2,
                    min_natural=2, canasta=CANASTA, wild_by_size=((5, 1), (7, 2)), tame_ranks=frozenset({5, 7}),
                    all_wild=True, barred=frozenset({"3S", "3C"}))
HAND, KNEE, FOOT = 15, 13, 11
BURIED = frozenset({JOKER, TWO, 5, 7})        # upcard ranks buried (and red 3s)
MINIMUMS = (50, 90, 120, 150)                 # option minimums=deal, by the deal's number (150 after the fourth)
SCORE_MINIMUMS = ((-10**9, 50), (2500, 90), (5000, 120), (10000, 150))     # minimums=score, by the side's score
BONUS_7S, BONUS_5S, BONUS_WILD = 5000, 3000, 2500          # the defaults of options sevens_bonus, fives_bonus,
OUT_BONUS, UNPLAYED_RED_THREE = 200, 500                   # wild_bonus, out_bonus and red_three_penalty
CANASTA_BONUS = {M.NATURAL: 500, M.MIXED: 300}
RED_THREE, MANY_RED_THREES, MANY = 100, 300, 7
UNPLAYED_BLACK_THREE = 100
KNOCK, PICK_KNEE = "knock", "knee"
ON_HAND, ON_KNEE, ON_FOOT = 0, 1, 2


@dataclass(frozen=True)
class TriplePlayOptions(Options):
    deals: int = option(4, choices=(4, 1, 2, 3, 5, 6, 8), help=T("deals in the match"))
    minimums: str = option("deal", choices=("deal", "score", "flat"),
                           help=T("what a side's first melds of a deal must reach: by the deal (50, 90, 120, then "
                                  "150), by its score (50, 90 from 2500, 120 from 5000, 150 from 10000), or 50 "
                                  "always"))
    knee: str = option("auto", choices=("auto", "manual"),
                       help=T("the partner's knee is picked up by itself, or with a Pick up knee button"))
    pile_pickup: str = option("pair", choices=("pair", "relaxed"),
                              help=T("taking the pile needs a natural pair, or also a natural and a wild card"))
    ask_timeout: int = option(60, min=5, max=300, help=T("seconds a partner has to answer \"May I go out?\""))
    ask_default: bool = option(True, help=T("the answer when the partner's time runs out: yes, or no"))
    stock_out: str = option("end", choices=("end", "reshuffle"),
                            help=T("when a player must draw from an empty stock and does not take the pile: the "
                                   "deal ends, or the discards but the top card are shuffled into a new stock"))
    sevens_bonus: int = option(BONUS_7S, choices=(5000, 3000, 2500, 1500), help=T("points for a canasta of 7s"))
    fives_bonus: int = option(BONUS_5S, choices=(3000, 2000, 1500, 1000), help=T("points for a canasta of 5s"))
    wild_bonus: int = option(BONUS_WILD, choices=(2500, 2000, 1500, 1000),
                             help=T("points for a canasta of wild cards"))
    out_bonus: int = option(OUT_BONUS, choices=(200, 100, 300, 500), help=T("points for going out"))
    red_three_penalty: int = option(UNPLAYED_RED_THREE, choices=(500, 300, 100),
                                    help=T("points lost for each red 3 still in a knee or foot at the end"))


@dataclass(kw_only=True)
class TriplePlayState(CanastaState):
    knees: list[list[str]] = field(default_factory=list)
    feet: list[list[str]] = field(default_factory=list)
    stage: list[int] = field(default_factory=list)           # per seat: on the hand, the knee or the foot
    closed: list[list[list]] = field(default_factory=list)   # per side: [rank, cards] of each canasta
    took: bool = False                   # this turn took the pile: it ends with a knock, not a discard


def is_black_three(code: str) -> bool:
    return C.RANK[code] == THREE and not is_red_three(code)


def meld_key(code: str) -> int:
    """The meld a card of this rank goes to: its rank, or the wild meld."""
    return WILD_MELD if RULES.is_wild(code) else C.RANK[code]


def penalty(cards: Sequence[str], o: TriplePlayOptions) -> int:
    """What cards left over cost: their values, but 100 for a black 3 and a red 3 option
    ``red_three_penalty`` (500)."""
    return sum(o.red_three_penalty if is_red_three(c) else UNPLAYED_BLACK_THREE if is_black_three(c)
               else value([c]) for c in cards)


def canasta_bonus(rank: int, cards: Sequence[str], o: TriplePlayOptions) -> int:
    """Clarification 1: one bonus per canasta; 7s, 5s and wild cards by options ``sevens_bonus``,
    ``fives_bonus`` and ``wild_bonus``."""
    kind = M.canasta_kind(cards, RULES)
    if kind == M.NATURAL and rank == 7:
        return o.sevens_bonus
    if kind == M.NATURAL and rank == 5:
        return o.fives_bonus
    if kind == M.WILD:
        return o.wild_bonus
    return CANASTA_BONUS[kind] if kind else 0


def book(closed: Sequence[tuple[int, Sequence[str]]]) -> dict[str, bool]:
    """Clarification 2: the basic book's five items, each met by a different canasta."""
    kinds = [(rank, M.canasta_kind(cards, RULES)) for rank, cards in closed]
    naturals = [rank for rank, kind in kinds if kind == M.NATURAL]
    fives, sevens = 5 in naturals, 7 in naturals
    return {"5": fives, "7": sevens, "wild": any(k == M.WILD for _, k in kinds),
            "natural": len(naturals) - fives - sevens >= 1, "mixed": any(k == M.MIXED for _, k in kinds)}


def book_complete(closed: Sequence[tuple[int, Sequence[str]]]) -> bool:
    return all(book(closed).values())


class TriplePlay(Canasta):
    key = "triple_play"
    title = T("Triple Play")
    aliases = ("hand knee and foot", "hand, knee and foot", "hand knee foot", "triple play canasta")
    seats = range(4, 5)
    Options = TriplePlayOptions
    State = TriplePlayState
    score_minimums = SCORE_MINIMUMS
    numbered_minimums = MINIMUMS
    summary = T("Canasta with six packs: play through your hand, your knee and your foot, and build the "
                "basic book of five canastas.")
    rules = T(
        "Four players in two partnerships, partners opposite. Six packs and twelve jokers are used; 2s and "
        "jokers are wild. Each player gets a hand of 15 cards and two face-down piles to come: a knee of 13 "
        "and a foot of 11. Red 3s are put down at once (100 points each) and replaced until you reach your "
        "knee.\n"
        "On your turn, draw two cards and end by discarding one, or take the whole discard pile with two "
        "cards from your hand that meld with its top card (two 2s or two jokers under a wild card; never "
        "under a black 3): after a take you do not discard.\n"
        "A meld is 3 to 7 cards of one rank: one wild card at most up to five cards, two in six or seven, "
        "none among 5s and 7s. Three to seven wild cards may also meld alone. Seven cards close a canasta, "
        "and a new meld of that rank may start. Your side's first melds of a deal must be worth 50, 90, "
        "120, then 150 points. Build a turn's melds as a draft, then commit it.\n"
        "Completing your side's first canasta gives you your knee at once; your partner takes theirs on "
        "their next turn. When your hand runs out you take your next pile and play on. To go out you must "
        "be on your foot, your side must hold the basic book (a clean canasta of 5s, one of 7s, a wild "
        "canasta, another clean one and a dirty one), and your partner must agree to \"May I go out?\".\n"
        "A side scores its melded cards, 5000 per canasta of 7s, 3000 of 5s, 2500 wild, 500 other clean, "
        "300 dirty, its red 3s (300 more for seven), 200 for going out, minus every card left in hands, "
        "knees and feet (black 3s 100, red 3s 500). After four deals the higher side wins.\n"
        "These values are the defaults: options may change the opening minimums, the bonuses for canastas of "
        "7s, 5s and wild cards and for going out, the penalty for a red 3 and the number of deals."
    )

    # -- dealing
    def setup(self, players: int, options: TriplePlayOptions, seed: int) -> TriplePlayState:
        s = TriplePlayState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: TriplePlayState) -> list[Event]:
        deck = C.french_deck(jokers=2, decks=6)
        rng = s.rng()
        rng.shuffle(deck)
        s.hands = [[deck.pop() for _ in range(HAND)] for _ in range(s.players)]
        s.knees = [[deck.pop() for _ in range(KNEE)] for _ in range(s.players)]
        s.feet = [[deck.pop() for _ in range(FOOT)] for _ in range(s.players)]
        s.stock, s.discard = deck, [deck.pop()]
        while C.RANK[s.discard[-1]] in BURIED or is_red_three(s.discard[-1]):
            s.stock.insert(len(s.stock) // 2, s.discard.pop())
            s.discard.append(s.stock.pop())
        s.stage = [ON_HAND] * s.players
        s.melds, s.closed, s.red3s = [{}, {}], [[], []], [[], []]
        s.draft, s.taking, s.took, s.asked, s.window, s.last_turn = [], False, False, "", {}, False
        s.hand_no += 1
        return self._open_deal(s, Event(T("Deal {n}: {seat} deals; the upcard is {card}.", n=s.hand_no,
                                          seat=Seat(s.dealer), card=Card(s.discard[-1]))))

    def replaces_red_threes(self, s: TriplePlayState, seat: int) -> bool:
        """Clarification 6: red 3s are replaced only until the knee is picked up."""
        return s.stage[seat] == ON_HAND

    def _pick_up(self, s: TriplePlayState, seat: int) -> list[Event]:
        """The seat's next sub-hand (knee, then foot) joins its hand."""
        knee = s.stage[seat] == ON_HAND
        pile = s.knees[seat] if knee else s.feet[seat]
        cards, pile[:] = list(pile), []
        s.stage[seat] += 1
        s.hands[seat] += cards
        events = [Event(T("{seat} picks up their knee.", seat=Seat(seat)) if knee
                        else T("{seat} picks up their foot.", seat=Seat(seat))),
                  Event(T("Your knee: {cards}.", cards=Cards(tuple(cards))) if knee
                        else T("Your foot: {cards}.", cards=Cards(tuple(cards))), to=seat)]
        return events + self._lay_red_threes(s, seat)

    def _refill(self, s: TriplePlayState, seat: int) -> list[Event]:
        """Clarification 7: an empty hand takes up the next sub-hand while one lies face down."""
        events: list[Event] = []
        while not s.hands[seat] and s.stage[seat] != ON_FOOT:
            events += self._pick_up(s, seat)
        return events

    def _start_turn(self, s: TriplePlayState, seat: int) -> list[Event]:
        s.turn, s.phase, s.asked = seat, DRAW, ""
        s.draft, s.taking, s.took, s.fresh = [], False, False, False
        events = self._refill(s, seat)
        if s.options["knee"] == "auto" and self._knee_due(s, seat):          # Clarification 8
            events += self._pick_up(s, seat)
        if not s.stock and not self.take_options(s, seat) and not self.may_restock(s):     # Clarification 5
            return self._end_hand(s, None, events + [Event(T("The stock is empty and {seat} cannot take the "
                                                             "pile: the deal ends.", seat=Seat(seat)))])
        return events

    def may_restock(self, s: TriplePlayState) -> bool:
        """Option ``stock_out: reshuffle``: a draw from an empty stock shuffles the discards but the top card
        into a new one, while there are some."""
        return self.options_of(s).stock_out == "reshuffle" and can_draw(s.stock, s.discard)

    def _knee_due(self, s: TriplePlayState, seat: int) -> bool:
        return s.stage[seat] == ON_HAND and bool(s.closed[self.side(seat)])

    # -- the pile
    def frozen(self, s: TriplePlayState, seat: int) -> bool:
        return False

    def forced(self, s: TriplePlayState, seat: int) -> bool:
        return False

    def take_options(self, s: TriplePlayState, seat: int) -> list[tuple[str, ...]]:
        """Decision 2 and the rules text: a natural pair of the upcard's rank (two of the same wild rank under
        a wild card; option ``pile_pickup`` relaxed: or a natural and a wild card); never under a black 3."""
        if not s.discard:
            return []
        top = s.discard[-1]
        if is_black_three(top) or is_red_three(top):
            return []
        hand = s.hands[seat]
        same = sorted((c for c in hand if C.RANK[c] == C.RANK[top]), key=C.sort_key)
        combos = [tuple(same[:2])] if len(same) >= 2 else []
        if not RULES.is_wild(top) and same and not combos and s.options["pile_pickup"] == "relaxed":
            wild = sorted((c for c in hand if RULES.is_wild(c)), key=lambda c: value([c]))
            if wild:
                combos.append((same[0], wild[0]))
        return [combo for combo in combos if M.is_set(self._take_meld(s, seat, combo)[0], RULES)]

    def _take_meld(self, s: TriplePlayState, seat: int, pair: Sequence[str]) -> tuple[list[str], list[str]]:
        """Clarification 3: the open meld the upcard and the pair make (up to seven cards), and the cards
        of the take that go into it."""
        top = s.discard[-1]
        have = s.melds[self.side(seat)].get(str(meld_key(top)), [])
        cards = [top, *pair][:CANASTA - len(have)]
        return [*have, *cards], cards

    # -- the draft
    def opened(self, s: TriplePlayState, side: int) -> bool:
        """Open melds or closed canastas: either means the side has melded."""
        return bool(s.melds[side] or s.closed[side])

    def after_draft(self, s: TriplePlayState, side: int) -> tuple[dict[int, list[str]], list[tuple[int, list[str]]]]:
        """The side's open melds and canastas as they would be after committing the draft: a meld closes at
        seven cards, and a later addition of its rank starts a new one."""
        open_melds = {int(r): list(cards) for r, cards in s.melds[side].items()}
        closed = [(int(rank), list(cards)) for rank, cards in s.closed[side]]
        for rank, cards in s.draft:
            meld = open_melds.setdefault(rank, [])
            meld += cards
            if len(meld) >= CANASTA:
                closed.append((rank, sorted(open_melds.pop(rank), key=lambda c: (RULES.is_wild(c), C.sort_key(c)))))
        return open_melds, closed

    def merged(self, s: TriplePlayState, side: int) -> dict[int, list[str]]:
        return self.after_draft(s, side)[0]

    def may_go_out(self, s: TriplePlayState, seat: int, closed: Sequence[tuple[int, Sequence[str]]]) -> bool:
        """Clarification 9: on the foot, the partner said yes, the basic book complete."""
        return s.stage[seat] == ON_FOOT and s.asked == YES and book_complete(closed)

    def ends_with_discard(self, s: TriplePlayState) -> bool:
        return not (s.taking or s.took)

    def commit_refusal(self, s: TriplePlayState, seat: int) -> Text | None:
        """Why the draft cannot be committed as it stands (Clarifications 4, 9 and 10), or None."""
        if not s.draft:
            return T("The draft is empty: add cards first.")
        side = self.side(seat)
        _, closed = self.after_draft(s, side)
        left = self.cards_left(s, seat)
        if not self.opened(s, side):
            need, points = self.minimum(s, seat), self.draft_points(s)
            if points < need:
                return T("Your side needs {need} points to open: {points} so far.", need=need, points=points)
        if s.stage[seat] == ON_FOOT and not self.may_go_out(s, seat, closed):
            if left == 0:
                return T("Keep a card: you may not go out now.")
            if left == 1 and self.ends_with_discard(s):
                return T("Keep two cards: your discard would leave you none, and you may not go out now.")
        if s.asked == YES and left and not self._way_out_after(s, seat, None):
            return T("Your partner said yes: keep a way to go out this turn.")
        return None

    def _free(self, s: TriplePlayState, seat: int) -> list[str]:
        free = list(s.hands[seat])
        for code in self.reserved(s):
            free.remove(code)
        return free

    def _way_out_after(self, s: TriplePlayState, seat: int, melds: object) -> bool:
        return self.way_out_plan(s, seat) is not None

    def way_out_plan(self, s: TriplePlayState, seat: int) -> list[tuple[int, list[str]]] | None:
        """A way for the seat's free cards to go out after the draft (the shared greedy checker), or None."""
        if s.stage[seat] != ON_FOOT or s.asked == NO:
            return None
        open_melds, closed = self.after_draft(s, self.side(seat))

        def enough(sets: list[list[str]]) -> bool:
            whole = [(M.natural_rank(c, RULES) or WILD_MELD, c) for c in sets if len(c) == CANASTA]
            return book_complete([*closed, *whole])

        return M.way_out(self._free(s, seat), open_melds, RULES, may_discard=self.ends_with_discard(s),
                         enough=enough)

    def add_options(self, s: TriplePlayState, seat: int) -> list[Move]:
        """Every ``add`` that keeps each drafted meld valid: naturals of a rank with the wild cards its quota
        allows, or wild cards alone to the wild meld, up to the seventh card."""
        free = self._free(s, seat)
        if not free:
            return []
        open_melds = self.merged(s, self.side(seat))
        twos = [c for c in free if C.RANK[c] == TWO]
        jokers = [c for c in free if C.RANK[c] == JOKER]
        by_rank: dict[int, list[str]] = {}
        for code in free:
            if not RULES.is_wild(code) and not is_black_three(code):
                by_rank.setdefault(C.RANK[code], []).append(code)
        out = []
        for rank in sorted({*by_rank, *(r for r in open_melds if r != WILD_MELD)}):
            naturals, have = by_rank.get(rank, []), open_melds.get(rank, [])
            have_wild = sum(1 for c in have if RULES.is_wild(c))
            for k in range(min(len(naturals), CANASTA - len(have)) + 1):
                for t in range(min(2, len(twos)) + 1):
                    for j in range(min(2 - t, len(jokers)) + 1):
                        size = len(have) + k + t + j
                        if (k + t + j and RULES.min_set <= size <= CANASTA and len(have) - have_wild + k >= 2
                                and have_wild + t + j <= RULES.wild_limit(size, rank)):
                            cards = (*naturals[:k], *twos[:t], *jokers[:j])
                            out.append(Move("add", cards, (("r", str(rank)),)))
        have = open_melds.get(WILD_MELD, [])
        for t in range(min(CANASTA - len(have), len(twos)) + 1):
            for j in range(min(CANASTA - len(have) - t, len(jokers)) + 1):
                if t + j and len(have) + t + j >= RULES.min_set:
                    out.append(Move("add", (*twos[:t], *jokers[:j]), (("r", str(WILD_MELD)),)))
        return out

    # -- legality
    def may_pick_up_knee(self, s: TriplePlayState, seat: int) -> bool:
        """Clarification 8, ``knee: manual``: offered on the partner's turns once the side has a canasta."""
        return (s.options["knee"] == "manual" and not s.window and not s.draft and seat == s.turn
                and self._knee_due(s, seat))

    def moves(self, s: TriplePlayState, seat: int) -> list[Move]:
        if s.over or seat not in self.to_move(s):
            return []
        if s.window:
            return [Move(YES), Move(NO)]
        knee = [Move(PICK_KNEE)] if self.may_pick_up_knee(s, seat) else []
        if s.phase == DRAW:
            drawable = bool(s.stock) or self.may_restock(s)
            out = [Move("draw")] if drawable else []
            out += [Move("take", combo) for combo in self.take_options(s, seat)]
            if not drawable:
                out.append(Move("end"))
            return out + knee
        adds = self.add_options(s, seat)
        if s.draft:      # the moves that end the draft or the turn come first (a first-answer player finishes)
            out = [Move("commit")] if self.commit_refusal(s, seat) is None else []
            out.append(Move("clear"))
            if len(s.draft) > (1 if s.taking else 0):
                out.append(Move("undo"))
            return out + adds
        out = [] if s.took else self.discard_options(s, seat)
        if s.took or not out and not (s.asked == YES and adds):
            out = [Move(KNOCK)]           # after a take; or red 3s drawn left a single card on the foot
        if self.may_ask(s, seat):
            out.append(Move(ASK))
        return out + knee + adds

    def may_ask(self, s: TriplePlayState, seat: int) -> bool:
        """Clarification 10: once a turn, after drawing, on the foot, when the checker finds a way out."""
        if s.asked or s.draft or s.stage[seat] != ON_FOOT or len(s.hands[seat]) < 1:
            return False
        return self.way_out_plan(s, seat) is not None

    def discard_options(self, s: TriplePlayState, seat: int) -> list[Move]:
        """One discard per group; after "yes" only the last card (going out); on the foot the last card only
        when going out."""
        hand = s.hands[seat]
        if s.asked == YES and len(hand) > 1:
            return []
        if len(hand) == 1 and s.stage[seat] == ON_FOOT and not self.may_go_out(s, seat, self._closed(s, seat)):
            return []
        return self.discards_by_group(hand)

    def _closed(self, s: TriplePlayState, seat: int) -> list[tuple[int, list[str]]]:
        return self.after_draft(s, self.side(seat))[1]

    def refuse(self, s: TriplePlayState, seat: int, move: Move) -> str | None:
        if move in self.moves(s, seat) or self._same_as_offered(s, seat, move):
            return None
        if s.window:
            return T("Answer your partner: yes or no.")
        if move.kind == PICK_KNEE:
            return T("Your knee is not yours to pick up now.")
        if s.phase == DRAW:
            if move.kind == "take":
                return self._why_no_take(s, seat)
            return T("Draw from the stock or take the pile first.")
        if move.kind == "commit":
            return self.commit_refusal(s, seat) or T("'{move}' is not a legal move now.", move=str(move))
        if move.kind == "discard":
            if s.draft:
                return T("Commit or clear your draft before discarding.")
            if s.took:
                return T("You took the pile: knock to end your turn, there is no discard.")
            if s.asked == YES:
                return T("Your partner said yes: you must go out this turn.")
            return T("You may not go out yet: keep a card.")
        if move.kind == KNOCK:
            return T("Only a turn that took the pile ends with a knock: discard instead.")
        if move.kind == "add":
            return T("Those cards do not make a meld: 3 to 7 cards of one rank, one wild card up to five cards "
                     "and two in six or seven, none with 5s or 7s; or 3 to 7 wild cards alone.")
        if move.kind == ASK:
            return T("You can ask only once a turn, on your foot, with an empty draft, when you can go out.")
        return T("'{move}' is not a legal move now.", move=str(move))

    def _why_no_take(self, s: TriplePlayState, seat: int) -> Text:
        if not s.discard:
            return T("The discard pile is empty.")
        top = s.discard[-1]
        if is_black_three(top):
            return T("Nobody may take the pile while a black 3 lies on top.")
        if RULES.is_wild(top):
            return T("To take the pile under {card} you need two more cards of its rank.", card=Card(top))
        return T("To take the pile you need a natural pair of {card}'s rank.", card=Card(top))

    # -- playing
    def play(self, s: TriplePlayState, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        if s.window:
            return super().play(s, seat, move)
        if kind == "take":
            _, cards = self._take_meld(s, seat, move.args)
            s.draft, s.taking, s.phase = [[meld_key(s.discard[-1]), cards]], True, MELD
            return [Event(T("{seat} reaches for the discard pile.", seat=Seat(seat)))]
        if kind == KNOCK:
            return [Event(T("{seat} knocks.", seat=Seat(seat)))] + self._start_turn(s, next_seat(seat, s.players))
        if kind == PICK_KNEE:
            return self._pick_up(s, seat)
        if kind == "end" and s.phase == DRAW:
            return self._end_hand(s, None, [Event(T("{seat} does not take the pile: the deal ends.",
                                                    seat=Seat(seat)))])
        return super().play(s, seat, move)

    def _draw(self, s: TriplePlayState, seat: int) -> list[Event]:
        """Draw two (Clarification 5: what is left of the stock; option ``stock_out: reshuffle``: the discards
        but the top card become a new stock when it runs out); red 3s go down."""
        events, new = [], []
        while len(new) < 2 and (s.stock or self.may_restock(s)):
            if not s.stock:
                events.append(restock(s.stock, s.discard, s.rng()))
            new.append(s.stock.pop())
        s.hands[seat] += new
        s.phase = MELD
        events += [draws(seat, len(new)), Event(T("You draw {cards}.", cards=Cards(tuple(new))), to=seat)]
        return events + self._lay_red_threes(s, seat)

    def _commit(self, s: TriplePlayState, seat: int) -> list[Event]:
        side, hand = self.side(seat), s.hands[seat]
        first_canasta = not s.closed[side]
        for code in self.reserved(s):
            hand.remove(code)
        events = []
        if s.taking:
            pile, s.discard = s.discard[:-1], []
            events.append(Event(N("{seat} takes the discard pile ({n} card).",
                                  "{seat} takes the discard pile ({n} cards).", len(pile) + 1, seat=Seat(seat))))
            hand += pile
            s.took = True
        open_melds, closed = self.after_draft(s, side)
        for _, cards in s.draft:
            events.append(Event(T("{seat} melds {cards}.", seat=Seat(seat), cards=Cards(tuple(cards)))))
        made = len(closed) - len(s.closed[side])
        s.melds[side] = {str(r): sorted(c, key=lambda x: (RULES.is_wild(x), C.sort_key(x)))
                         for r, c in open_melds.items()}
        s.closed[side] = [[rank, cards] for rank, cards in closed]
        s.draft, s.taking = [], False
        if made:
            events.append(Event(N("{seat} completes a canasta.", "{seat} completes {n} canastas.", made,
                                  seat=Seat(seat))))
        if made and first_canasta and s.stage[seat] == ON_HAND:
            events += self._pick_up(s, seat)
        events += self._lay_red_threes(s, seat)
        if not hand and s.stage[seat] == ON_FOOT:
            return self._end_hand(s, seat, events)
        events += self._refill(s, seat)
        hand.sort(key=C.sort_key)
        return events

    def _discard(self, s: TriplePlayState, seat: int, code: str) -> list[Event]:
        s.hands[seat].remove(code)
        s.discard.append(code)
        events = [Event(T("{seat} discards {card}.", seat=Seat(seat), card=Card(code)))]
        if not s.hands[seat] and s.stage[seat] == ON_FOOT:
            return self._end_hand(s, seat, events)
        return events + self._start_turn(s, next_seat(seat, s.players))

    # -- scoring
    def side_score(self, s: TriplePlayState, side: int, out_side: int | None, concealed: bool) -> tuple[int, Text]:
        """One side's score for the deal, and the line that explains it."""
        o: TriplePlayOptions = self.options_of(s)
        melded = sum(value(c) for c in s.melds[side].values()) + sum(value(c) for _, c in s.closed[side])
        bonus = sum(canasta_bonus(int(rank), cards, o) for rank, cards in s.closed[side])
        threes = len(s.red3s[side])
        reds = RED_THREE * threes + (MANY_RED_THREES if threes >= MANY else 0)
        going = o.out_bonus if out_side == side else 0
        members = self.teams(s).members(side)
        held = sum(penalty([*s.hands[i], *s.knees[i], *s.feet[i]], o) for i in members)
        total = melded + bonus + reds + going - held
        line = T("{seats}: melds {melded}, canastas {bonus}, red 3s {reds}, going out {out}, left over −{held}: "
                 "{total}.", seats=Seats(tuple(members)), melded=melded, bonus=bonus, reds=reds, out=going,
                 held=held, total=total)
        return total, line

    def _end_hand(self, s: TriplePlayState, winner: int | None, events: list[Event]) -> list[Event]:
        s.window, s.draft, s.taking = {}, [], False
        out_side = None if winner is None else self.side(winner)
        if winner is not None:
            events.append(Event(T("{seat} goes out!", seat=Seat(winner))))
        gains = []
        for side in (0, 1):
            gained, line = self.side_score(s, side, out_side, False)
            gains.append(gained)
            events.append(Event(line))
        for seat in range(s.players):
            s.scores[seat] += gains[self.side(seat)]
        s.last_result = text_data(T("Deal {n}: {first} and {second} points", n=s.hand_no, first=gains[0],
                                    second=gains[1]))
        return self.after_hand(s, events, self.match_over(s))

    def match_over(self, s: TriplePlayState) -> bool:
        """Clarification 12: after ``deals`` deals; level sides share the win."""
        return s.hand_no >= s.options["deals"]

    def outcome(self, s: TriplePlayState) -> Outcome | None:
        if not s.over:
            return None
        return match_outcome(MatchFormat("fixed", s.options["deals"]), s.scores)

    # -- what people see
    def meld_label(self, rank: int, cards: Sequence[str]) -> Text:
        """A meld as the table shows it: "K ×5 (1 wild)", "Wild ×4"."""
        wild = sum(1 for c in cards if RULES.is_wild(c))
        if rank == WILD_MELD:
            return T("Wild ×{n}", n=len(cards))
        head = T("{rank} ×{n}", rank=Rank(rank), n=len(cards))
        return T("{meld} ({wild} wild)", meld=head, wild=wild) if wild else head

    def canasta_label(self, rank: int, cards: Sequence[str]) -> Text:
        kind = M.canasta_kind(cards, RULES)
        if kind == M.WILD:
            return T("wild")
        if kind == M.MIXED:
            return T("{rank} dirty", rank=Rank(rank))
        return T("{rank} clean", rank=Rank(rank))

    def draft_lines(self, s: TriplePlayState, seat: int) -> list[str]:
        lines = []
        for rank, cards in s.draft:
            if rank == WILD_MELD:
                lines.append(T("Draft: {cards} to the wild meld", cards=Cards(tuple(cards))))
            else:
                lines.append(T("Draft: {cards} to a {rank} meld", cards=Cards(tuple(cards)), rank=Rank(rank)))
        if s.taking:
            lines.append(T("Commit takes the pile; Clear gives the take up."))
        return lines

    def instruction(self, s: TriplePlayState, seat: int) -> str:
        if s.window:
            return T("{seat} asks: may I go out? Answer yes or no; your answer binds.", seat=Seat(s.window["opener"]))
        if s.phase == DRAW:
            if not s.stock and not self.may_restock(s):
                return T("The stock is empty: take the pile, or end the deal.")
            return T("Your turn: draw two cards or take the discard pile.")
        if s.draft:
            problem = self.commit_refusal(s, seat)
            lines = self.draft_summary(s, seat)
            if problem:
                return T("{draft} Not ready: {problem}", draft=lines, problem=problem)
            return T("{draft} Ready to commit.", draft=lines)
        if s.asked == YES:
            return T("Your partner said yes: go out this turn.")
        if s.asked == NO:
            return T("Your partner said no: you may not go out this turn.")
        if s.took:
            return T("You took the pile: meld, then knock.")
        if not self.opened(s, self.side(seat)):
            return T("Add cards to a draft to meld (your side needs {need} to open), or discard.",
                     need=self.minimum(s, seat))
        return T("Add cards to a draft to meld, or discard.")

    def describe(self, s: TriplePlayState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        turn = T("Your turn")
        if move.kind == KNOCK:
            return ((turn, T("Knock: end the turn")),)
        if move.kind == PICK_KNEE:
            return ((turn, T("Pick up knee")),)
        if move.kind == "draw":
            return ((turn, T("Draw two from the stock")),)
        if move.kind == "end":
            return ((turn, T("End the deal")),)
        if move.kind == "add" and int(move.param("r")) == WILD_MELD:
            have = len(self.merged(s, self.side(seat)).get(WILD_MELD, ()))
            target = T("Wild meld (open: {m})", m=have) if have else T("New wild meld")
            return ((turn, T("Add to the draft")), (T("Which rank?"), target),
                    (T("Wild cards?"), self.groups_text(move.args)))
        return super().describe(s, seat, move)

    STATUS: ClassVar[dict[str, Callable[[int, Seat], Text]]] = {
        "ask": lambda n, seat: T("Deal {n}. {seat} asks their partner: may I go out?", n=n, seat=seat),
        "draw": lambda n, seat: T("Deal {n}. {seat} to draw.", n=n, seat=seat),
        "melding": lambda n, seat: T("Deal {n}. {seat} is melding.", n=n, seat=seat),
        "meld": lambda n, seat: T("Deal {n}. {seat} to meld and discard.", n=n, seat=seat),
    }

    def view(self, s: TriplePlayState, seat: int | None) -> View:
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            if s.knees[i]:
                notes.append(N("knee of {n} card", "knee of {n} cards", len(s.knees[i])))
            if s.feet[i]:
                notes.append(N("foot of {n} card", "foot of {n} cards", len(s.feet[i])))
            if s.stage[i] == ON_FOOT:
                notes.append(T("on the foot"))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        piles = [PileView(T("Stock"), [], len(s.stock)), PileView(T("Discard pile"), s.discard[-1:], len(s.discard))]
        facts = [N("Match: {n} deal", "Match: {n} deals", s.options["deals"]),
                 T("Deal {n}: the first melds need {need}.", n=s.hand_no, need=self.minimum(s, s.turn))]
        for side in (0, 1):
            owner = self.teams(s).members(side)[0]
            for rank, cards in sorted(s.melds[side].items(), key=lambda rc: _shown_order(int(rc[0]))):
                piles.append(PileView(self.meld_label(int(rank), cards), list(cards), len(cards), owner))
            if s.closed[side]:
                labels = [self.canasta_label(int(r), c) for r, c in s.closed[side]]
                piles.append(PileView(N("{n} canasta: {list}", "{n} canastas: {list}", len(labels),
                                        list=self._comma(labels)),
                                      [c[0] for _, c in s.closed[side]], CANASTA * len(labels), owner))
            items = book(s.closed[side])
            facts.append(T("Book of {seats}: clean 5s {a}, clean 7s {b}, wild {c}, clean {d}, dirty {e}; "
                           "red 3s {reds}.", seats=Seats(tuple(self.teams(s).members(side))),
                           a=_tick(items["5"]), b=_tick(items["7"]), c=_tick(items["wild"]),
                           d=_tick(items["natural"]), e=_tick(items["mixed"]), reds=len(s.red3s[side])))
        if s.last_result:
            facts.append(text_from(s.last_result))
        status = self.outcome(s).summary if s.over else self.turn_status(s, seat)
        v = table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)
        if seat is not None and seat == s.turn and s.draft and not s.over:
            v.private = self.draft_lines(s, seat)
        return v

    @staticmethod
    def _comma(items: Sequence[Text]) -> Text:
        out = items[0]
        for item in items[1:]:
            out = T("{first}, {next}", first=out, next=item)
        return out

    def zones(self, s: TriplePlayState) -> list[Zone]:
        return (super().zones(s) + [Zone(f"knee {i}", k, "none") for i, k in enumerate(s.knees)]
                + [Zone(f"foot {i}", f, "none") for i, f in enumerate(s.feet)]
                + [Zone(f"canasta {side} {k}", c[1], "all") for side, cs in enumerate(s.closed)
                   for k, c in enumerate(cs)])

    # -- computer players
    def heuristic_decides(self, s: TriplePlayState, seat: int) -> bool:
        """Melding, the discard and answering the partner follow the rule of thumb; the search weighs
        drawing against taking the pile (Canasta's quick playout turns know nothing of knees, feet and
        the basic book, so the discard is not searched here)."""
        return bool(s.window) or s.phase == MELD

    search_moves = Game.search_moves      # every move, as in any game
    rollout_play = Game.rollout_play      # move by move

    def _sensible(self, s: TriplePlayState, seat: int, moves: list[Move], rng) -> Move:
        """Canasta's rule of thumb, plus: pick up the knee when offered, knock after a take, go out when
        the partner agreed, and build toward the basic book."""
        kinds = {m.kind: m for m in moves}
        if s.window:
            return kinds[YES]
        if PICK_KNEE in kinds:
            return kinds[PICK_KNEE]
        if s.phase == DRAW:
            takes = [m for m in moves if m.kind == "take" and self._plan_commits(s, seat, m)]
            if takes and (len(s.discard) >= 3 or not s.stock):
                return takes[0]
            return kinds.get("draw") or (takes[0] if takes else kinds.get("end") or moves[0])
        if s.draft:
            step = self._next_add(s, seat, moves)
            return step or kinds.get("commit") or kinds["clear"]
        if ASK in kinds:
            return kinds[ASK]
        step = self._next_add(s, seat, moves)
        if step is not None and self._plan_commits(s, seat, step):
            return step
        if KNOCK in kinds:
            return kinds[KNOCK]
        discards = [m for m in moves if m.kind == "discard"]
        if not discards:
            return moves[rng.randrange(len(moves))]
        return noisy_best(discards, lambda m: self._discard_worth(s, seat, m.args[0]), rng)

    def _going_out_plan(self, s: TriplePlayState, seat: int) -> list[tuple[int, list[str]]] | None:
        return self.way_out_plan(s, seat)

    def _next_add(self, s: TriplePlayState, seat: int, moves: list[Move]) -> Move | None:
        """The next addition: the going-out plan's, else the most worth adding that keeps two free cards;
        wild cards go to the wild meld, or to open a side or close a canasta; 7s and 5s pulled by their bonuses."""
        adds = [m for m in moves if m.kind == "add"]
        if not adds:
            return None
        plan = self.way_out_plan(s, seat) if s.asked == YES else None
        if plan:
            rank, cards = plan[0]
            want = sorted(map(meld_key, cards))
            for m in adds:
                if int(m.param("r")) == rank and sorted(map(meld_key, m.args)) == want and len(m.args) == len(cards):
                    return m
        free = self._free(s, seat)
        melds = self.merged(s, self.side(seat))
        short = not self.opened(s, self.side(seat)) and self.draft_points(s) < self.minimum(s, seat)
        best, best_worth = None, 0.0
        held_by_rank = Counter(C.RANK[c] for c in free if not RULES.is_wild(c))
        o: TriplePlayOptions = self.options_of(s)
        pull = {7: 40 * o.sevens_bonus / BONUS_7S, 5: 40 * o.fives_bonus / BONUS_5S}   # as the options pay
        for m in adds:
            rank = int(m.param("r"))
            if s.stage[seat] == ON_FOOT and len(free) - len(m.args) < 2:
                continue                      # on the foot, a card to discard and one to hold
            natural = sum(1 for c in m.args if not RULES.is_wild(c))
            wild = len(m.args) - natural
            size = len(melds.get(rank, ())) + len(m.args)
            held = held_by_rank[rank]
            if rank != WILD_MELD and natural < min(held, CANASTA - len(melds.get(rank, ()))):
                continue                      # all the naturals of a rank at once
            if rank != WILD_MELD and wild and not (short or size == CANASTA):
                continue
            worth = value(m.args) + 5 * natural + (50 if size == CANASTA else 0) + pull.get(rank, 0)
            if worth > best_worth:
                best, best_worth = m, worth
        return best


def _shown_order(rank: int) -> int:
    """Melds as the table lists them: aces, kings down to 4s, the wild meld last."""
    return 99 if rank == WILD_MELD else -(14 if rank == 1 else rank)


def _tick(done: bool) -> str:
    return "✓" if done else "✗"


GAME = TriplePlay()
