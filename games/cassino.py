"""Cassino: capture table cards by pairing and adding up, and build captures for later turns.

Rules in ``shared/rules/cassino.md`` (decisions and clarifications); choices made here:

* 52 cards, two players. Values for adding and building: ace 1, 2–10 their pips; court cards
  have none and only pair. Dealt in twos: two to the non-dealer, two to the table, two to the
  dealer, twice; later hands of four come two at a time, the non-dealer first, and the table
  gets no more. The non-dealer opens each hand and the deal alternates.
* One play takes any non-empty mix of: every loose card of the played card's rank (all or none;
  with ``face_capture=one`` a court card takes just one of its rank), any number of disjoint
  sets of two or more loose numerals adding up to its value, and the build of its value.
* A build (``play 3H build=8 with=5C``) combines the played card with loose numerals into sets
  of one value ≤ 10, and the player keeps another card of that value. Only one build per value:
  a new set of that value is added to the existing build (``with=`` names it: ``5C+b1``), in the
  manner it was started (a pairing build takes only cards of its rank). A single addition build
  may be increased by one hand card (``play 2H build=9 with=b1``) when the player holds a card of
  the new value (option ``increasing_builds``). Anyone may add or increase; the last to do so owns
  the build. The owner may not trail (option ``trail_with_build``), and while holding a single
  card of a build's value may play that card only in a capture that takes the build.
* Trailing is judged card by card: only a card that could capture may not be trailed. A player
  with no legal move at all (only possible in the computer's imagined deals) may trail any card.
* Clearing the table (loose cards and builds) is a sweep, the last play of the hand included;
  the last capturer's sweep-up is not. If nobody captured, the rest counts for nobody.
* Scoring after each hand, in this order: sweeps 1 each (option ``sweeps``), aces 1 each, most
  spades 1, 2♠ 1, 10♦ 2, most cards 3 (a tie in a "most" scores nothing). Totals are checked only
  after a hand: the first to ``target`` (21 or 11) wins, the higher total when both get there; a
  tie at the top plays another hand.
* ``moves()`` lists every legal move (at most 91 in 33,000 states of random and heuristic games;
  p99 0.14 ms, python -m benchmarks.move_generation cassino). On freak tables the combinations of
  sets searched are capped (120 captures per card, 240 build unions per card and value: 14 small
  loose cards give some 700 moves in 17 ms); `refuse` judges any move exactly, listed or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games import cards as C
from games.common.capture import CaptureWords, lay_card, multi_capture_refusal, multi_captures, table_key
from games.common.capture import numeral_value as value
from games.common.fishing import (
    EachCard,
    Haul,
    MostCards,
    MostOfSuit,
    NamedCard,
    PointsWords,
    Sweeps,
    next_turn,
    noisy_best,
    points_text,
    score_hand,
    sole_best,
    table_zones,
    take_rest,
    totals,
)
from games.common.match import DealtMatch, MatchFormat, match_outcome, next_seat
from games.common.piles import (
    PAIRING,
    SINGLE,
    LayWhenStuck,
    Pile,
    build_unions,
    keeps_capturer,
    may_trail,
    named_items,
    next_pile_id,
    partition,
    pile_zones,
    reserved_cards,
    split_into_sets,
    table_cards,
    take_from_table,
)
from games.common.table import card_to_play, table_view
from games.engine import Event, Game, IllegalMove, Move, Outcome, PileView, SeatView, State, View, Zone
from games.options import Options, option
from games.text import AndList, Card, Cards, Seat, Text, text_data, text_from, texts

T, N = texts("cassino")

HAND_SIZE = 4
BIG_CASSINO, LITTLE_CASSINO = "10D", "2S"
CAPTURE_LIMIT, BUILD_LIMIT = 120, 60


CATEGORIES = (
    EachCard(frozenset({C.ACE}), 1, lambda n: N("{n} ace", "{n} aces", n)),
    MostOfSuit("S", 1),
    NamedCard(LITTLE_CASSINO, 1, T("little cassino")),
    NamedCard(BIG_CASSINO, 2, T("big cassino")),
    MostCards(3),
)


@dataclass(frozen=True)
class CassinoOptions(Options):
    target: int = option(21, choices=(21, 11), help=T("points needed to win the match"))
    trail_with_build: bool = option(False, help=T("a player who owns a build may still trail a card"))
    face_capture: str = option("all", choices=("all", "one"),
                               help=T("a court card takes all the loose cards of its rank, or only one"))
    increasing_builds: bool = option(True, help=T("a single addition build may be increased with one hand card"))
    sweeps: bool = option(True, help=T("each sweep scores a point"))

    def match(self) -> MatchFormat:
        return MatchFormat("race", self.target)


@dataclass(kw_only=True)
class CassinoState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    table: list[str] = field(default_factory=list)      # loose cards, in rank order
    builds: list[dict] = field(default_factory=list)    # Pile data, oldest first
    piles: list[list[str]] = field(default_factory=list)  # captured cards per seat
    sweeps: list[int] = field(default_factory=list)     # the seat of each sweep this hand
    sweep_cards: list[str] = field(default_factory=list)  # the card that made each sweep (face up)
    turn: int = 0
    last_capturer: int = -1
    last_result: str | dict = ""


@dataclass(frozen=True)
class Play:
    """A move read: the card, and either a capture (``take``), a build of ``value`` or a trail."""

    card: str
    action: str                     # "take", "build" or "trail"
    loose: tuple[str, ...] = ()
    build_ids: tuple[str, ...] = ()
    value: int = 0


class Cassino(DealtMatch, LayWhenStuck, Game[CassinoState]):
    key = "cassino"
    title = T("Cassino")
    aliases = ("casino", "kasino", "κασίνο")
    lay_action = "trail"
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    seats = range(2, 3)
    Options = CassinoOptions
    State = CassinoState
    summary = T("Classic fishing game: capture by pairing and adding up, and build captures for later.")
    rules = T(
        "Two players, 52 cards. For adding, an ace counts 1 and number cards their number; jacks, "
        "queens and kings count nothing and only take cards of their own rank. Each player gets four "
        "cards and four lie face up on the table; when both hands are empty four more each come from "
        "the stock, but the table gets no more.\n"
        "On your turn play one card. It may capture, all at once: every loose card of its rank (all of "
        "them or none), any number of separate groups of loose cards adding up to its value, and the "
        "build of its value. Taking everything on the table is a sweep.\n"
        "Or it may build: put it with loose cards so that they make one or more groups of the same "
        "value (up to 10), which only a card of that value can later take as a whole. You must keep "
        "such a card in hand. There is only one build of each value: further groups of that value are "
        "added to it (a build of equal cards only takes more of that rank), and a build of one group "
        "may be raised by adding one card from your hand if you hold a card of the new value. The last "
        "player to make or change a build owns it: the owner may not just put down a card, and if "
        "they hold a single card of the build's value, that card may only capture the build.\n"
        "Otherwise put the card down on the table (trail); a card that could capture may not be "
        "trailed. At the end the last player to capture takes what is left.\n"
        "Points per hand: 1 per sweep, 1 per ace, 1 for most spades, 1 for the 2♠ (little cassino), "
        "2 for the 10♦ (big cassino) and 3 for most cards (ties score nothing). The first to 21 wins; "
        "if both pass it in the same hand the higher total wins, and a tie plays another hand."
    )

    # -- dealing
    def setup(self, players: int, options: CassinoOptions, seed: int) -> CassinoState:
        s = CassinoState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def _deal(self, s: CassinoState) -> list[Event]:
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.stock = deck
        s.hands = [[] for _ in range(s.players)]
        s.table, s.builds = [], []
        s.piles = [[] for _ in range(s.players)]
        s.sweeps, s.sweep_cards = [], []
        s.last_capturer = -1
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        for _ in range(2):      # two to the non-dealer, two to the table, two to the dealer
            s.hands[s.turn] += [s.stock.pop(), s.stock.pop()]
            s.table += [s.stock.pop(), s.stock.pop()]
            s.hands[s.dealer] += [s.stock.pop(), s.stock.pop()]
        s.table.sort(key=table_key)
        for hand in s.hands:
            hand.sort(key=C.sort_key)
        events = [Event(T("Hand {hand}: {seat} deals; the table is {cards}.", hand=s.hand_no,
                          seat=Seat(s.dealer), cards=Cards(tuple(s.table))))]
        return events + self._hand_events(s)

    def _refill(self, s: CassinoState) -> list[Event]:
        """Four cards each from the stock, two at a time, the non-dealer first."""
        for _ in range(2):
            for k in range(s.players):
                s.hands[(s.dealer + 1 + k) % s.players] += [s.stock.pop(), s.stock.pop()]
        for hand in s.hands:
            hand.sort(key=C.sort_key)
        if s.stock:
            events = [Event(N("Four new cards each; {n} left in the stock.",
                              "Four new cards each; {n} left in the stock.", len(s.stock)))]
        else:
            events = [Event(T("Last deal: four new cards each, and the stock is empty."))]
        return events + self._hand_events(s)

    @staticmethod
    def _hand_events(s: CassinoState) -> list[Event]:
        return [Event(T("Your cards: {cards}.", cards=Cards(tuple(h))), to=i) for i, h in enumerate(s.hands)]

    # -- reading the table
    @staticmethod
    def piles_of(s: CassinoState) -> list[Pile]:
        return [Pile.from_data(b) for b in s.builds]

    def _reserved(self, s: CassinoState, seat: int) -> dict[str, int]:
        """The seat's reserved cards: its only card of an owned build's value, with that value."""
        return reserved_cards(s.hands[seat], [b["value"] for b in s.builds if b["owner"] == seat], value)

    def _pairing(self, s: CassinoState, code: str) -> str:
        court = value(code) is None
        return "one" if court and self.options_of(s).face_capture == "one" else "all"

    def _captures(self, s: CassinoState, code: str) -> list[tuple[list[str], list[str]]]:
        piles = [(b["id"], b["value"]) for b in s.builds]
        return multi_captures(s.table, code, value, piles, pairing=self._pairing(s, code), limit=CAPTURE_LIMIT)

    def _can_capture(self, s: CassinoState, code: str) -> bool:
        v = value(code)
        if any(b["value"] == v for b in s.builds) or any(C.RANK[c] == C.RANK[code] for c in s.table):
            return True
        return bool(self._captures(s, code))

    # -- legality
    def to_move(self, s: CassinoState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def _regular_moves(self, s: CassinoState, seat: int) -> list[Move]:
        o: CassinoOptions = self.options_of(s)
        reserved = self._reserved(s, seat)
        owns = any(b["owner"] == seat for b in s.builds)
        out: list[Move] = []
        for code in s.hands[seat]:
            captures = self._captures(s, code)
            if code in reserved:
                bid = next(b["id"] for b in s.builds if b["value"] == reserved[code])
                captures = [cap for cap in captures if bid in cap[1]]
            out += [_take_move(code, loose, ids) for loose, ids in captures]
            if code not in reserved:
                out += self._build_moves(s, seat, code, o)
                if not captures and may_trail(owns, o.trail_with_build):
                    out.append(Move("play", (code,)))
        return out

    def _build_moves(self, s: CassinoState, seat: int, code: str, o: CassinoOptions) -> list[Move]:
        played = value(code)
        if played is None:
            return []
        hand = s.hands[seat]
        targets = sorted({v for c in hand if c != code and (v := value(c)) is not None and v >= played})
        loose = [c for c in s.table if value(c) is not None]
        by_value = {b["value"]: b for b in s.builds}
        out = []
        for target in targets:
            existing = by_value.get(target)
            candidates = loose
            if existing is not None and Pile.from_data(existing).kind == PAIRING:
                if played != target:
                    continue
                candidates = [c for c in loose if value(c) == target]
            unions = build_unions(played, [value(c) for c in candidates], target, need_loose=existing is None,
                                  limit=BUILD_LIMIT)
            extra = (existing["id"],) if existing is not None else ()
            out += [_build_move(code, target, tuple(candidates[k] for k in union) + extra) for union in unions]
        if o.increasing_builds:
            for b in s.builds:
                target = b["value"] + played
                if (target <= 10 and target not in by_value and Pile.from_data(b).kind == SINGLE
                        and keeps_capturer(hand, code, target, value)):
                    out.append(_build_move(code, target, (b["id"],)))
        return out

    def read(self, s: CassinoState, seat: int, move: Move) -> Play:
        """The move as a `Play`, checking only its form (IllegalMove with the reason)."""
        if move.kind != "play":
            raise IllegalMove(T("'{move}' is not a Cassino move: e.g. 'play 7D', 'play 7D take=3C+4H' or "
                                "'play 3H build=8 with=5C'.", move=str(move)))
        code, why = card_to_play(move, s.hands[seat], "7D")
        if why:
            raise IllegalMove(why)
        names = {name for name, _ in move.params}
        if names not in (set(), {"take"}, {"build", "with"}):
            raise IllegalMove(T("A Cassino move has take=, or build= with with=, e.g. 'play 3H build=8 with=5C'."))
        if not names:
            return Play(code, "trail")
        items = (move.param("take") or move.param("with") or "").split("+")
        loose, ids = self._items(s, items)
        if "take" in names:
            return Play(code, "take", loose, ids)
        raw = move.param("build") or ""
        if not raw.isdigit() or not 1 <= int(raw) <= 10:
            raise IllegalMove(T("A build is worth 1 to 10 (got '{value}').", value=raw))
        return Play(code, "build", loose, ids, int(raw))

    def _items(self, s: CassinoState, items: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Table items named in a move: loose cards (table order) and build ids (table order)."""
        return named_items(items, s.table, s.builds, unknown=lambda item: T(
            "'{item}' is neither a loose card on the table nor a build (b1, b2…).", item=item),
                           repeated=lambda: T("Name each table item only once."))

    def _fault(self, s: CassinoState, seat: int, play: Play) -> Text | None:
        """Why ``play`` is not legal now, or None."""
        reserved = self._reserved(s, seat).get(play.card)
        if play.action == "take":
            return self._capture_fault(s, play, reserved)
        if reserved is not None:
            return T("{card} is the only card you hold for your build of {value}: it may only capture that "
                     "build.", card=Card(play.card), value=reserved)
        if play.action == "build":
            return self._build_fault(s, seat, play)
        o: CassinoOptions = self.options_of(s)
        if self._can_capture(s, play.card):
            return T("{card} can capture, so it may not be trailed: say what it takes.", card=Card(play.card))
        if not may_trail(any(b["owner"] == seat for b in s.builds), o.trail_with_build):
            return T("You own a build, so you may not trail: capture or build instead.")
        return None

    def _capture_fault(self, s: CassinoState, play: Play, reserved: int | None) -> Text | None:
        builds = [(b["id"], b["value"]) for b in s.builds if b["id"] in play.build_ids]
        fault = multi_capture_refusal(s.table, play.card, value, play.loose, builds, CAPTURE_WORDS,
                                      pairing=self._pairing(s, play.card))
        if fault:
            return fault
        if reserved is not None:
            bid = next(b["id"] for b in s.builds if b["value"] == reserved)
            if bid not in play.build_ids:
                return T("{card} is the only card you hold for your build of {value}: it may only capture that "
                         "build.", card=Card(play.card), value=reserved)
        return None

    def _build_fault(self, s: CassinoState, seat: int, play: Play) -> Text | None:
        o: CassinoOptions = self.options_of(s)
        card, target, played = Card(play.card), play.value, value(play.card)
        if played is None or any(value(c) is None for c in play.loose):
            return T("Court cards cannot be built.")
        if played > target:
            return T("{card} is worth more than {value}.", card=card, value=target)
        if not keeps_capturer(s.hands[seat], play.card, target, value):
            return T("To build {value} you must keep another card of value {value} in hand.", value=target)
        if len(play.build_ids) > 1:
            return T("Add to one build at a time.")
        same_value = next((Pile.from_data(b) for b in s.builds if b["value"] == target), None)
        if play.build_ids:
            pile = Pile.from_data(next(b for b in s.builds if b["id"] == play.build_ids[0]))
            if pile.value != target:
                return self._increase_fault(play, pile, same_value, o)
            if pile.kind == PAIRING and any(value(c) != target for c in (play.card, *play.loose)):
                return T("The build of {value} is a pairing build: only cards of value {value} may be added.",
                         value=target)
        elif same_value is not None:
            return T("There is already a build of {value}: add to it (with={id}).", value=target, id=same_value.id)
        elif not play.loose:
            return T("A new build takes {card} with at least one loose card.", card=card)
        if partition([value(c) for c in (play.card, *play.loose)], target) is None:
            return T("{cards} do not split into groups adding up to {value}.",
                     cards=Cards((play.card, *play.loose)), value=target)
        return None

    @staticmethod
    def _increase_fault(play: Play, pile: Pile, same_value: Pile | None, o: CassinoOptions) -> Text | None:
        new = pile.value + (value(play.card) or 0)
        if not o.increasing_builds:
            return T("Builds may not be increased at this table.")
        if pile.kind != SINGLE:
            return T("Only a build of one group adding up can be increased.")
        if play.loose:
            return T("Increasing a build adds only the card you play.")
        if new != play.value:
            return T("{card} on the build of {old} makes {new}, not {value}.", card=Card(play.card), old=pile.value,
                     new=new, value=play.value)
        if same_value is not None:
            return T("There is already a build of {value}.", value=new)
        return None

    # -- playing
    def play(self, s: CassinoState, seat: int, move: Move) -> list[Event]:
        play = self.read(s, seat, move)
        s.hands[seat].remove(play.card)
        if play.action == "take":
            events = self._take(s, seat, play)
        elif play.action == "build":
            events = self._build(s, seat, play)
        else:
            lay_card(s.table, play.card)
            events = [Event(T("{seat} trails {card}.", seat=Seat(seat), card=Card(play.card)))]
        return events + next_turn(s, seat, lambda: self._refill(s), lambda: self._end_hand(s))

    def _take(self, s: CassinoState, seat: int, play: Play) -> list[Event]:
        taken, builds = take_from_table(s.table, s.builds, play.loose, play.build_ids)
        values = [b["value"] for b in builds]
        s.piles[seat] += taken + [play.card]
        s.last_capturer = seat
        events = [Event(T("{seat} plays {card} and takes {items}.", seat=Seat(seat), card=Card(play.card),
                          items=_items_text(play.loose, values)))]
        if not s.table and not s.builds and self.options_of(s).sweeps:
            s.sweeps.append(seat)
            s.sweep_cards.append(play.card)
            events.append(Event(T("Sweep! {seat} clears the table.", seat=Seat(seat))))
        return events

    def _build(self, s: CassinoState, seat: int, play: Play) -> list[Event]:
        for code in play.loose:
            s.table.remove(code)
        if play.build_ids:
            pile = next(b for b in s.builds if b["id"] == play.build_ids[0])
            old = pile["value"]
            pile["owner"] = seat
            if old != play.value:
                pile["sets"][0].append(play.card)
                pile["value"] = play.value
                return [Event(T("{seat} plays {card} and increases the build of {old} to {value}.", seat=Seat(seat),
                                card=Card(play.card), old=old, value=play.value))]
            pile["sets"] += split_into_sets((play.card, *play.loose), play.value, value)
            return [Event(T("{seat} plays {card} and adds to the build of {value}.", seat=Seat(seat),
                            card=Card(play.card), value=play.value))]
        sets = split_into_sets((play.card, *play.loose), play.value, value)
        pile = Pile(next_pile_id(s.builds), play.value, sets, seat)
        s.builds.append(pile.to_data())
        return [Event(T("{seat} plays {card} on {cards}: building {value}.", seat=Seat(seat), card=Card(play.card),
                        cards=Cards(play.loose), value=play.value))]

    def _end_hand(self, s: CassinoState) -> list[Event]:
        o: CassinoOptions = self.options_of(s)
        events = []
        rest = table_cards(s.table, s.builds)
        if rest and s.last_capturer >= 0:
            events.append(Event(T("{seat} captured last and takes the rest of the table: {cards}.",
                                  seat=Seat(s.last_capturer), cards=Cards(tuple(rest)))))
            take_rest(s.piles, rest, s.last_capturer)
            s.table, s.builds = [], []
        awards = self.hand_awards(s)
        for seat, points in enumerate(totals(awards, s.players)):
            s.scores[seat] += points
        result = _points_text(s.hand_no, awards)
        s.last_result = text_data(result)
        events.append(Event(T("{result}. Score {first} – {second}.", result=result, first=s.scores[0],
                              second=s.scores[1])))
        finished = max(s.scores) >= o.target and sole_best(s.scores) is not None
        if max(s.scores) >= o.target and not finished:
            events.append(Event(T("Both players have {points}: another hand decides.", points=s.scores[0])))
        return self.after_hand(s, events, finished)

    def hand_awards(self, s: CassinoState) -> list[tuple[int, int, Text]]:
        """A finished hand's points as (seat, points, reason), in the rules' order."""
        hauls = [Haul(pile, [1 for who in s.sweeps if who == seat]) for seat, pile in enumerate(s.piles)]
        sweeps = score_hand((Sweeps(),), hauls) if self.options_of(s).sweeps else []
        return sweeps + score_hand(CATEGORIES, hauls)

    # -- what people see
    def instruction(self, s: CassinoState, seat: int) -> str:
        return T("Your turn: capture, build or trail a card.")

    def describe(self, s: CassinoState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        play = self.read(s, seat, move)
        return ((T("Play a card"), T("{card}", card=Card(play.card))), (T("Move"), self._label(s, play)))

    def _label(self, s: CassinoState, play: Play) -> Text:
        """What a move does, for the suggested-moves menu."""
        values = [b["value"] for b in s.builds if b["id"] in play.build_ids]
        if play.action == "take":
            return T("take {items}", items=_items_text(play.loose, values))
        if play.action == "trail":
            return T("trail it (put it on the table)")
        if values and values[0] != play.value:
            return T("increase the build of {old} to {value}", old=values[0], value=play.value)
        if values:
            if play.loose:
                return T("add to the build of {value} with {cards}", value=play.value, cards=Cards(play.loose))
            return T("add to the build of {value}", value=play.value)
        return T("build {value} with {cards}", value=play.value, cards=Cards(play.loose))

    def build_name(self, pile: Pile) -> Text:
        """"Build of 9 — {p0}'s", by kind."""
        if pile.kind == PAIRING:
            return T("Pairing build of {value} — {seat}'s", value=pile.value, seat=Seat(pile.owner))
        if pile.kind == SINGLE:
            return T("Build of {value} — {seat}'s", value=pile.value, seat=Seat(pile.owner))
        return T("Multiple build of {value} — {seat}'s", value=pile.value, seat=Seat(pile.owner))

    def view(self, s: CassinoState, seat: int | None) -> View:
        o: CassinoOptions = self.options_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            notes.append(N("captured {n} card", "captured {n} cards", len(s.piles[i])))
            sweeps = s.sweeps.count(i)
            if sweeps:
                notes.append(N("{n} sweep", "{n} sweeps", sweeps))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        facts = [T("Match: {format}", format=o.match().describe())]
        if not s.stock and not s.over:
            facts.append(T("Last deal: the stock is empty"))
        if s.last_capturer >= 0:
            facts.append(T("Last capture: {seat}", seat=Seat(s.last_capturer)))
        if s.last_result:
            facts.append(text_from(s.last_result))
        piles = [PileView(T("Table"), list(s.table), len(s.table))]
        for pile in self.piles_of(s):
            piles.append(PileView(self.build_name(pile), pile.cards, len(pile.cards), owner=pile.owner))
        piles.append(PileView(T("Stock"), [], len(s.stock)))
        for i, pile in enumerate(s.piles):
            shown = [c for who, c in zip(s.sweeps, s.sweep_cards, strict=True) if who == i]
            piles.append(PileView(T("{seat}'s captures", seat=Seat(i)), shown, len(pile), owner=i))
        status = self.outcome(s).summary if s.over else T("Hand {hand}. {seat} to play.", hand=s.hand_no,
                                                          seat=Seat(s.turn))
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def zones(self, s: CassinoState) -> list[Zone]:
        return table_zones(s.hands, s.stock, s.table, s.piles, piles=pile_zones(s.builds, "build"))

    def outcome(self, s: CassinoState) -> Outcome | None:
        if not s.over:
            return None
        return match_outcome(self.options_of(s).match(), s.scores)

    # -- moves built in two steps (pick the hand card, then table items) or typed
    def targets(self, s: CassinoState, seat: int, card: str) -> list[tuple[str, str]] | None:
        """The table items ``card`` may be played onto, as (id, label): a loose card's id is its code,
        a build's its id ("b1"). None when ``seat`` cannot play ``card`` now."""
        if seat != s.turn or s.over or card not in s.hands[seat]:
            return None
        loose = [(c, T("{card}", card=Card(c))) for c in s.table]
        return loose + [(pile.id, self.build_name(pile)) for pile in self.piles_of(s)]

    def compose(self, s: CassinoState, seat: int, card: str, targets: Sequence[str]) -> list[Move]:
        """Every legal move playing ``card`` onto exactly ``targets``: a capture, a build of some
        value, an addition to a build or an increase (or a trail, with no targets)."""
        if self.targets(s, seat, card) is None:
            return []
        if not targets:
            candidates = [Move("play", (card,))]
        else:
            candidates = [_take_move(card, targets, ())]
            candidates += [_build_move(card, v, targets) for v in range(1, 11)]
        return [self.canonical(s, seat, m) for m in candidates if self.refuse(s, seat, m) is None]

    def canonical(self, s: CassinoState, seat: int, move: Move) -> Move:
        """A legal move written as `moves` lists it (table items in table order)."""
        play = self.read(s, seat, move)
        if play.action == "take":
            return _take_move(play.card, play.loose, play.build_ids)
        if play.action == "build":
            return _build_move(play.card, play.value, (*play.loose, *play.build_ids))
        return Move("play", (play.card,))

    def why_not_composed(self, s: CassinoState, seat: int, card: str, targets: Sequence[str]) -> str:
        """Why no legal move plays ``card`` onto ``targets``: the reason of the reading the selection
        looks most like (a capture when it could add up to the card, else a build)."""
        if self.targets(s, seat, card) is None:
            return T("You cannot play {card} now.", card=Card(card))
        if not targets:
            return self.refuse(s, seat, Move("play", (card,))) or T("Those cards are not a play you can make now.")
        try:
            loose, ids = self._items(s, targets)
        except IllegalMove as e:
            return str(e)
        take = _take_move(card, targets, ())
        played = value(card)
        pile_values = [b["value"] for b in s.builds if b["id"] in ids]
        total = sum(value(c) or 0 for c in loose) + sum(pile_values)
        target = _build_value(played, [value(c) or 0 for c in loose], pile_values) if played else 0
        if played is None or any(C.RANK[c] == C.RANK[card] for c in loose) or total % played == 0 or target > 10:
            return self.refuse(s, seat, take) or T("Those cards are not a play you can make now.")
        return self.refuse(s, seat, _build_move(card, target, targets)) or T("Those cards are not a play you can "
                                                                              "make now.")

    def preview(self, s: CassinoState, seat: int, move: Move) -> str:
        """One line saying what ``move`` does: "3♥ builds 8 with 5♣; you keep 8♦."."""
        play = self.read(s, seat, move)
        card = Card(play.card)
        values = [b["value"] for b in s.builds if b["id"] in play.build_ids]
        if play.action == "trail":
            return T("{card} goes on the table.", card=card)
        if play.action == "take":
            items = _items_text(play.loose, values)
            if len(play.loose) == len(s.table) and len(values) == len(s.builds):
                return T("{card} takes {items}: a sweep!", card=card, items=items)
            return T("{card} takes {items}.", card=card, items=items)
        keep = Cards(tuple(c for c in s.hands[seat] if c != play.card and value(c) == play.value))
        if values and values[0] != play.value:
            return T("{card} increases the build of {old} to {value}; you keep {keep}.", card=card, old=values[0],
                     value=play.value, keep=keep)
        if values and play.loose:
            return T("{card} adds {cards} to the build of {value}; you keep {keep}.", card=card,
                     cards=Cards(play.loose), value=play.value, keep=keep)
        if values:
            return T("{card} adds to the build of {value}; you keep {keep}.", card=card, value=play.value, keep=keep)
        return T("{card} builds {value} with {cards}; you keep {keep}.", card=card, value=play.value,
                 cards=Cards(play.loose), keep=keep)

    def parse_typed(self, s: CassinoState, seat: int, text: str) -> Move:
        """A typed move: ``5H take 9 4D+5H`` (a number is the build of that value), ``3H build 8 5C``
        (``7C build 9`` alone when only one build of 9 is possible with it), ``KC trail`` or ``KC``.
        Raises IllegalMove with the reason."""
        words = text.replace("+", " ").replace(",", " ").split()
        if words and words[0].lower() == "play":
            words = words[1:]
        if not words or not C.is_card(words[0]):
            raise IllegalMove(T("Start with the card you play, e.g. '{example}'.", example=self._example(s, seat)))
        card = C.card(words[0]).code
        action = words[1].lower() if len(words) > 1 else "trail"
        if action not in ("take", "build", "trail"):
            raise IllegalMove(T("After the card write take, build or trail, e.g. '{example}'.",
                                example=self._example(s, seat)))
        if action == "trail":
            move = Move("play", (card,))
        elif action == "take":
            move = _take_move(card, [self._typed_item(s, w) for w in words[2:]], ())
        else:
            move = self._typed_build(s, seat, card, words[2:])
        reason = self.refuse(s, seat, move)
        if reason:
            raise IllegalMove(reason)
        return self.canonical(s, seat, move)

    def _typed_item(self, s: CassinoState, word: str) -> str:
        """A typed table item: a card code, a build's value or id."""
        if word.isdigit():
            found = next((b["id"] for b in s.builds if b["value"] == int(word)), None)
            if found is None:
                raise IllegalMove(T("There is no build of {value} on the table.", value=int(word)))
            return found
        return C.card(word).code if C.is_card(word) else word

    def _typed_build(self, s: CassinoState, seat: int, card: str, words: Sequence[str]) -> Move:
        if not words or not words[0].isdigit():
            raise IllegalMove(T("Say the value of the build, e.g. '{example}'.", example=f"{card} build 8"))
        target, rest = int(words[0]), words[1:]
        if rest:
            return _build_move(card, target, [self._typed_item(s, w) for w in rest])
        options = [m for m in self._build_moves(s, seat, card, self.options_of(s)) if m.param("build") == str(target)]
        if len(options) == 1:
            return options[0]
        if not options:
            return _build_move(card, target, ())
        raise IllegalMove(T("{card} can build {value} in several ways: name the table cards, e.g. '{example}'.",
                            card=Card(card), value=target, example=self.typed(s, options[0])))

    def typed(self, s: CassinoState, move: Move) -> str:
        """A move in the typed grammar: "9S take 4D+5H 8"."""
        card = move.args[0]
        values = {b["id"]: str(b["value"]) for b in s.builds}
        if move.param("take"):
            items = move.param("take", "").split("+")
            loose = "+".join(i for i in items if i not in values)
            builds = [values[i] for i in items if i in values]
            return " ".join(w for w in (card, "take", loose, *builds) if w)
        if move.param("build"):
            items = [values.get(i, i) for i in move.param("with", "").split("+")]
            loose = "+".join(i for i in items if not i.isdigit())
            return " ".join(w for w in (card, "build", move.param("build", ""), loose) if w)
        return f"{card} trail"

    def typed_example(self, s: CassinoState, seat: int) -> str | None:
        """An example of the typed grammar fitting the table now (a capture or build if any)."""
        if seat != s.turn or s.over:
            return None
        return self._example(s, seat)

    def _example(self, s: CassinoState, seat: int) -> str:
        moves = self.moves(s, seat)
        richer = [m for m in moves if m.params] or moves
        return self.typed(s, richer[0]) if richer else "7D take 3C+4H"

    # -- computer players
    def hand_progress(self, s: CassinoState) -> list[float]:
        points = totals(self.hand_awards(s), s.players)
        return [p + 0.05 * len(pile) for p, pile in zip(points, s.piles, strict=True)]

    def rollout_move(self, s, seat, moves, rng):
        """Greedy with a little noise: take sweeps and valuable cards (10♦, 2♠, aces, spades),
        take or protect builds, build rather than trail, and trail cheap cards that leave no
        easy sweep."""
        table_total = sum(value(c) or 0 for c in s.table)
        exposed = bool(s.stock) or any(h for i, h in enumerate(s.hands) if i != seat)
        return noisy_best(moves, lambda m: self._move_worth(s, seat, self.read(s, seat, m), table_total, exposed), rng)

    def _move_worth(self, s: CassinoState, seat: int, play: Play, table_total: int, exposed: bool) -> float:
        if play.action == "take":
            cards = [play.card, *play.loose]
            builds = [b for b in s.builds if b["id"] in play.build_ids]
            for b in builds:
                cards += Pile.from_data(b).cards
            worth = 10 + len(cards) + sum(_card_worth(c) for c in cards)
            worth += sum(3 if b["owner"] != seat else 2 for b in builds)
            if len(play.loose) == len(s.table) and len(builds) == len(s.builds):
                worth += 15 if self.options_of(s).sweeps else 2
            return worth
        if play.action == "build":
            worth = 7 + 0.5 * len(play.loose) + sum(_card_worth(c) for c in (play.card, *play.loose)) * 0.6
            if any(b["owner"] != seat for b in s.builds if b["id"] in play.build_ids):
                worth += 2      # the opponent's build becomes ours
            return worth
        worth = -4 - 2 * _card_worth(play.card)
        v = value(play.card)
        if v is not None and exposed and table_total + v <= 10 and not s.builds:
            worth -= 5          # one card could take the whole table
        return worth


def _card_worth(code: str) -> float:
    """How much a card scores for its capturer, roughly."""
    worth = {BIG_CASSINO: 4.0, LITTLE_CASSINO: 2.0}.get(code, 0.0)
    if C.RANK[code] == C.ACE:
        worth += 2
    if C.SUIT[code] == "S":
        worth += 0.3
    return worth


def _take_move(code: str, loose: Sequence[str], ids: Sequence[str]) -> Move:
    return Move("play", (code,), (("take", "+".join((*loose, *ids))),))


def _build_move(code: str, target: int, items: Sequence[str]) -> Move:
    return Move("play", (code,), (("build", str(target)), ("with", "+".join(items))))


def _build_value(played: int, loose: Sequence[int], pile_values: Sequence[int]) -> int:
    """The value a selection most likely builds: an existing build's value (or that plus the card,
    increasing it), else the total, or the smallest value up to 10 splitting it evenly."""
    total = played + sum(loose) + sum(pile_values)
    if pile_values:
        return pile_values[0] if loose or played == pile_values[0] else pile_values[0] + played
    top = max([played, *loose])
    return next((v for v in range(top, 11) if total % v == 0), total)


def _items_text(loose: Sequence[str], build_values: Sequence[int]) -> Text:
    """What a capture takes: "4♠, 5♦ and the build of 9"."""
    parts: list = [Card(c) for c in loose] + [T("the build of {value}", value=v) for v in build_values]
    return T("{items}", items=AndList(tuple(parts)))


def _points_text(hand: int, awards: list[tuple[int, int, Text]]) -> Text:
    """A hand's points: "Hand 3: {p0} 2 aces (2); {p1} big cassino (2)"."""
    return points_text(hand, awards, lambda seat, n, award: T("{seat} {award} ({points})", seat=Seat(seat),
                                                               award=award, points=n), POINTS_WORDS)


CAPTURE_WORDS = CaptureWords(
    pairing_all=lambda card, cards: T("{card} takes all the loose cards of its rank ({cards}) or none of them.",
                                      card=card, cards=cards),
    pairing_one=lambda card: T("{card} takes only one card of its rank.", card=card),
    pile_value=lambda card: T("{card} can only take a build of its own value.", card=card),
    no_value=lambda: T("Court cards have no value: they are only taken by pairing."),
    sums=lambda cards, value: T("{cards} do not split into groups of two or more adding up to {value}.",
                                cards=cards, value=value),
    unsaid=lambda card: T("Say what {card} takes.", card=card),
)
POINTS_WORDS = PointsWords(
    none=lambda hand: T("Hand {hand}: no points", hand=hand),
    then=lambda points, point: T("{points}; {point}", points=points, point=point),
    hand=lambda hand, points: T("Hand {hand}: {points}", hand=hand, points=points),
)

GAME = Cassino()
