"""Diloti: Greek fishing with declarations, raises and group declarations, and xeris.

Rules in ``shared/rules/diloti.md`` (decisions and clarifications); choices made here:

* 52 cards; two players, or four (partners opposite share their captures; option ``partnerships``).
  Values: ace 1, 2–10 their pips; court cards have none. Six cards each, dealt one at a time from
  the dealer's left, then four face up to the table; while three or more of those four share a
  rank they go back into the stock, which is shuffled, and four more are dealt. Hands are refilled
  six at a time, the same way; the table gets no more. The dealer's left plays first.
* A capture (``play 8S take=5H+3D+b1``) takes any non-empty mix of: every loose card of the played
  card's rank (a numeral takes all or none; a court card exactly one, option ``face_capture``), any
  number of disjoint sets of two or more loose numerals adding up to its value, and any
  declarations (regular or group) of its value.
* A declaration (``play 5C declare=10 with=2H+3S``) is the played card and one or more loose
  numerals, worth their total (≤ 10); the player keeps another card of that value.
* A raise (``play 2C raise=b1``) adds the played card to an opponent's regular declaration; the
  player keeps a card of the new value (≤ 10). Option ``self_raise``: own and partner's too.
* A group (``play 9H group=9 with=9C+b1``) splits the played card, loose numerals and
  declarations into at least two sets of one value V: the player's own and partner's
  declarations (groups too) join at value V; one opponent's regular declaration may join when the
  played card raises it to exactly V. The player keeps another V card.
* Whoever forms, raises or groups a declaration owns it and is bound: they may only capture (their
  only card of its value, the reserved card, only in a capture that takes it) or group it. A bound
  player without any such move (only in the search's imagined deals) may lay a card.
* A capture leaving the table bare (no loose cards, no declarations) is a xeri, worth ``xeri_value``,
  except the first play of a hand; with ``last_card_xeri`` off, not the hand's last play either.
  The last capturer's side takes what is left at the end (declarations included); no xeri. If
  nobody captured, it counts for nobody.
* Build a move offers the loose cards and declarations as targets; Type move reads a card, then
  ``take``/``declare V``/``raise``/``group V`` and the table items (``2C group 9 b1 9C``, ``2C declare 9 7S``,
  ``8S take 5H+3D``, ``2C raise b1``; a card alone is laid).
* Scoring per hand, in this order: xeris, most cards 4 (a tie scores nothing), 10♦ 2, aces 1 each,
  2♣ 1. After a hand, the first side to ``target`` wins; the higher total if both; a tie plays on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from games import cards as C
from games.common.capture import CaptureWords, lay_card, multi_capture_refusal, multi_captures, sum_subsets, table_key
from games.common.capture import numeral_value as value
from games.common.fishing import (
    EachCard,
    Haul,
    MostCards,
    NamedCard,
    PointsWords,
    Sweeps,
    next_turn,
    noisy_best,
    points_text,
    score_hand,
    sides,
    sole_best,
    table_zones,
    take_rest,
    totals,
)
from games.common.match import DealtMatch, MatchFormat, match_outcome, next_seat
from games.common.piles import (
    LayWhenStuck,
    Pile,
    build_unions,
    keeps_capturer,
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
from games.text import AndList, Card, Cards, Seat, Seats, Text, text_data, text_from, texts

T, N = texts("diloti")

HAND_SIZE, TABLE_SIZE = 6, 4
BIG_DIAMOND, LITTLE_CLUB = "10D", "2C"
CAPTURE_LIMIT, UNION_LIMIT = 400, 300


CATEGORIES = (
    MostCards(4),
    NamedCard(BIG_DIAMOND, 2, T("the ten of diamonds")),   # named in words: the last hand's result stays on
    EachCard(frozenset({C.ACE}), 1, lambda n: N("{n} ace", "{n} aces", n)),   # the table into the next one
    NamedCard(LITTLE_CLUB, 1, T("the two of clubs")),
)


@dataclass(frozen=True)
class DilotiOptions(Options):
    target: int = option(61, choices=(61, 101, 31), help=T("points needed to win the match"))
    partnerships: bool = option(True, help=T("with four players, partners sitting opposite share their captures"))
    xeri_value: int = option(10, choices=(10, 5, 20), help=T("points for each xeri"))
    compulsory_capture: bool = option(False, help=T("a card that can capture must capture"))
    face_capture: str = option("one", choices=("one", "all"),
                               help=T("a court card takes one card of its rank, or all of them"))
    last_card_xeri: bool = option(True, help=T("clearing the table with the hand's last card is a xeri"))
    self_raise: bool = option(False, help=T("players may raise their own or their partner's declarations"))

    def match(self) -> MatchFormat:
        return MatchFormat("race", self.target)


@dataclass(kw_only=True)
class DilotiState(State):
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)      # top is the last card
    table: list[str] = field(default_factory=list)      # loose cards, in rank order
    decls: list[dict] = field(default_factory=list)     # Pile data (extra "group": True for groups)
    piles: list[list[str]] = field(default_factory=list)  # captured cards per side
    xeris: list[int] = field(default_factory=list)      # the seat of each xeri this hand
    xeri_cards: list[str] = field(default_factory=list)  # the card that made each xeri (face up)
    turn: int = 0
    plays: int = 0                                       # plays since this hand's deal
    last_capturer: int = -1
    last_result: str | dict = ""


@dataclass(frozen=True)
class Play:
    """A move read: the card and what it does (``lay``, ``take``, ``declare``, ``raise``, ``group``)."""

    card: str
    action: str
    loose: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    value: int = 0


def is_group(pile: dict) -> bool:
    return bool(pile.get("extra", {}).get("group"))


class Diloti(DealtMatch, LayWhenStuck, Game[DilotiState]):
    key = "diloti"
    title = T("Diloti")
    aliases = ("diloti", "dilotti", "διλωτή", "διλωτη", "dhiloti")
    seats = range(2, 5, 2)
    Options = DilotiOptions
    State = DilotiState
    lay_action = "lay"    # a bound player without a move lays a card: decision 5 (clarification 2: not in real deals)
    heuristic_trust = 1.0    # the search overrules the rule of thumb only when sure (games/ai/search.py)
    summary = T("Greek fishing game: capture by matching and adding up, declare captures for later, score xeris.")
    rules = T(
        "Two players, or four in two partnerships (partners sit opposite and share what they capture). "
        "52 cards; an ace counts 1 and number cards their number, while jacks, queens and kings count "
        "nothing. Everyone gets six cards and four lie face up on the table (redealt if three share a "
        "rank); when all hands are empty, six more each come from the stock.\n"
        "On your turn play one card. It may capture, all at once: the loose cards of its rank (a number "
        "card takes all of them or none, a court card just one), any number of separate groups of loose "
        "cards adding up to its value, and declarations of its value. Clearing the whole table is a "
        "xeri, except with the first card of a hand.\n"
        "Or it may declare: put it with loose number cards adding up to at most 10, a bundle only a card "
        "of that value can take. You must keep such a card. An opponent may raise your declaration by "
        "adding a card, if they keep a card of the new value. A group gathers sets of one value: your "
        "card, loose cards, your own or your partner's declarations, or an opponent's declaration your "
        "card raises to that value.\n"
        "Whoever declared, raised or grouped last is bound: until the declaration is taken or raised by "
        "an opponent they may only capture, or take their declaration into a group, and their only card "
        "of its value may only capture it. Otherwise lay the card on the table. At the end the last "
        "player to capture takes what is left (no xeri).\n"
        "Points per hand: 10 per xeri, 4 for most cards (none at 26 each), 2 for the 10♦, 1 per ace and "
        "1 for the 2♣. The first side to 61 wins; the higher total if both pass it, a tie plays on."
    )

    # -- dealing
    def setup(self, players: int, options: DilotiOptions, seed: int) -> DilotiState:
        s = DilotiState(players=players, seed=seed, options=options.to_dict(), scores=[0] * players)
        return self.first_deal(s)

    def sides_of(self, s: DilotiState) -> list[int]:
        return sides(s.players, self.options_of(s).partnerships)

    def _deal(self, s: DilotiState) -> list[Event]:
        deck = C.french_deck()
        s.rng().shuffle(deck)
        s.stock = deck
        s.hands = [[] for _ in range(s.players)]
        s.table, s.decls = [], []
        s.piles = [[] for _ in range(max(self.sides_of(s)) + 1)]
        s.xeris, s.xeri_cards = [], []
        s.last_capturer, s.plays = -1, 0
        s.turn = next_seat(s.dealer, s.players)
        s.hand_no += 1
        self._deal_hands(s)
        events = []
        s.table = [s.stock.pop() for _ in range(TABLE_SIZE)]
        while three_of_a_rank(s.table):
            events.append(Event(T("Three cards of a rank on the table ({cards}): they go back and four more are "
                                  "dealt.", cards=Cards(tuple(s.table)))))
            s.stock = s.table + s.stock
            s.rng().shuffle(s.stock)
            s.table = [s.stock.pop() for _ in range(TABLE_SIZE)]
        s.table.sort(key=table_key)
        events.insert(0, Event(T("Hand {hand}: {seat} deals; the table is {cards}.", hand=s.hand_no,
                                 seat=Seat(s.dealer), cards=Cards(tuple(s.table)))))
        return events + self._hand_events(s)

    @staticmethod
    def _deal_hands(s: DilotiState) -> None:
        """Six cards each, one at a time, from the dealer's left."""
        for _ in range(HAND_SIZE):
            for k in range(s.players):
                s.hands[(s.dealer + 1 + k) % s.players].append(s.stock.pop())
        for hand in s.hands:
            hand.sort(key=C.sort_key)

    def _refill(self, s: DilotiState) -> list[Event]:
        self._deal_hands(s)
        if s.stock:
            events = [Event(N("Six new cards each; {n} left in the stock.",
                              "Six new cards each; {n} left in the stock.", len(s.stock)))]
        else:
            events = [Event(T("Last deal: six new cards each, and the stock is empty."))]
        return events + self._hand_events(s)

    @staticmethod
    def _hand_events(s: DilotiState) -> list[Event]:
        return [Event(T("Your cards: {cards}.", cards=Cards(tuple(h))), to=i) for i, h in enumerate(s.hands)]

    # -- reading the table
    def _pile(self, s: DilotiState, pid: str) -> dict:
        return next(d for d in s.decls if d["id"] == pid)

    def bound_values(self, s: DilotiState, seat: int) -> list[int]:
        """The values of the declarations ``seat`` is bound by."""
        return [d["value"] for d in s.decls if d["owner"] == seat]

    def _reserved(self, s: DilotiState, seat: int) -> dict[str, int]:
        return reserved_cards(s.hands[seat], self.bound_values(s, seat), value)

    def _pairing(self, s: DilotiState, code: str) -> str:
        return self.options_of(s).face_capture if value(code) is None else "all"

    def _captures(self, s: DilotiState, code: str) -> list[tuple[list[str], list[str]]]:
        piles = [(d["id"], d["value"]) for d in s.decls]
        return multi_captures(s.table, code, value, piles, pairing=self._pairing(s, code), limit=CAPTURE_LIMIT)

    def _can_capture(self, s: DilotiState, code: str) -> bool:
        v = value(code)
        if any(d["value"] == v for d in s.decls) or any(C.RANK[c] == C.RANK[code] for c in s.table):
            return True
        return bool(self._captures(s, code))

    def _partners(self, s: DilotiState, a: int, b: int) -> bool:
        side = self.sides_of(s)
        return side[a] == side[b]

    # -- legality
    def to_move(self, s: DilotiState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def _regular_moves(self, s: DilotiState, seat: int) -> list[Move]:
        out: list[Move] = []
        for code in s.hands[seat]:
            candidates = [_move(Play(code, "take", tuple(loose), tuple(ids))) for loose, ids in self._captures(s, code)]
            candidates.append(Move("play", (code,)))
            candidates += [_move(p) for p in self._declarations(s, seat, code)]
            candidates += [_move(p) for p in self._groups(s, seat, code)]
            out += [m for m in candidates if self._fault(s, seat, self.read(s, seat, m)) is None]
        return out

    def _declarations(self, s: DilotiState, seat: int, code: str) -> list[Play]:
        """Regular declarations and raises ``code`` might make (checked later by `_fault`)."""
        played = value(code)
        if played is None or self.bound_values(s, seat) and not self.options_of(s).self_raise:
            return []
        hand_values = {v for c in s.hands[seat] if c != code and (v := value(c)) is not None and v > played}
        loose = [c for c in s.table if value(c) is not None]
        out = []
        for target in sorted(hand_values):
            for subset in sum_subsets([value(c) for c in loose], target - played, 1, limit=UNION_LIMIT):
                out.append(Play(code, "declare", tuple(loose[k] for k in subset), (), target))
        for d in s.decls:
            if not is_group(d) and d["value"] + played in hand_values:
                out.append(Play(code, "raise", (), (d["id"],), d["value"] + played))
        return out

    def _groups(self, s: DilotiState, seat: int, code: str) -> list[Play]:
        """Group declarations ``code`` might make (checked later by `_fault`)."""
        played = value(code)
        if played is None:
            return []
        hand_values = {v for c in s.hands[seat] if c != code and (v := value(c)) is not None and v >= played}
        bound = self.bound_values(s, seat)
        if bound:
            hand_values &= set(bound)
        loose = [c for c in s.table if value(c) is not None]
        loose_values = [value(c) for c in loose]
        out = []
        for target in sorted(hand_values):
            ours = [d["id"] for d in s.decls if self._partners(s, seat, d["owner"]) and d["value"] == target]
            must = [d["id"] for d in s.decls if d["owner"] == seat and d["value"] == target]
            raised = [d["id"] for d in s.decls if not self._partners(s, seat, d["owner"]) and not is_group(d)
                      and d["value"] + played == target]
            starts: list[tuple[tuple[int, ...], tuple[str, ...]]] = [
                (u, ()) for u in build_unions(played, loose_values, target, need_loose=False, limit=UNION_LIMIT)]
            for rid in raised:
                starts += [(u, (rid,)) for u in build_unions(target, loose_values, target, need_loose=False,
                                                               limit=UNION_LIMIT)]
            for union, raise_ids in starts:
                for extra in _subsets(ours, must):
                    if union or raise_ids or extra:
                        out.append(Play(code, "group", tuple(loose[k] for k in union), raise_ids + extra,
                                        target))
        return out

    def read(self, s: DilotiState, seat: int, move: Move) -> Play:
        """The move as a `Play`, checking only its form (IllegalMove with the reason)."""
        if move.kind != "play":
            raise IllegalMove(T("'{move}' is not a Diloti move: {example}.", move=str(move), example=_example()))
        code, why = card_to_play(move, s.hands[seat], "7D")
        if why:
            raise IllegalMove(why)
        names = {name for name, _ in move.params}
        if names not in (set(), {"take"}, {"raise"}, {"declare", "with"}, {"group", "with"}):
            raise IllegalMove(T("A Diloti move plays one card, alone or with one of these: {example}.",
                                example=_example()))
        if not names:
            return Play(code, "lay")
        if "raise" in names:
            pid = (move.param("raise") or "").lower()
            pile = next((d for d in s.decls if d["id"] == pid), None)
            if pile is None:
                raise IllegalMove(T("There is no declaration '{item}' on the table.", item=pid))
            return Play(code, "raise", (), (pid,), pile["value"] + (value(code) or 0))
        loose, ids = self._items(s, (move.param("take") or move.param("with") or "").split("+"))
        if "take" in names:
            return Play(code, "take", loose, ids)
        action = "declare" if "declare" in names else "group"
        raw = move.param(action) or ""
        if not raw.isdigit() or not 1 <= int(raw) <= 10:
            raise IllegalMove(T("A declaration is worth 1 to 10 (got '{value}').", value=raw))
        return Play(code, action, loose, ids, int(raw))

    def _items(self, s: DilotiState, items: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Table items named in a move: loose cards and declaration ids, in table order."""
        return named_items(items, s.table, s.decls, unknown=lambda item: T(
            "'{item}' is neither a loose card on the table nor a declaration (b1, b2…).", item=item),
                           repeated=lambda: T("Name each table item only once."))

    def _fault(self, s: DilotiState, seat: int, play: Play) -> Text | None:
        """Why ``play`` is not legal now, or None."""
        card = Card(play.card)
        reserved = self._reserved(s, seat).get(play.card)
        if play.action == "take":
            return self._capture_fault(s, seat, play, reserved)
        if reserved is not None:
            return T("{card} is your only card for your declaration of {value}: it may only capture it.",
                     card=card, value=reserved)
        if self.options_of(s).compulsory_capture and self._can_capture(s, play.card):
            return T("{card} can capture, and capturing is compulsory at this table: say what it takes.", card=card)
        bound = self.bound_values(s, seat)
        if play.action == "group":
            return self._group_fault(s, seat, play)
        if play.action == "raise":
            return self._raise_fault(s, seat, play)
        if bound:
            return T("You are bound by your declaration of {value}: capture, or take it into a group.",
                     value=bound[0])
        if play.action == "lay":
            return None
        return self._declare_fault(s, seat, play)

    def _capture_fault(self, s: DilotiState, seat: int, play: Play, reserved: int | None) -> Text | None:
        piles = [(d["id"], d["value"]) for d in s.decls if d["id"] in play.ids]
        fault = multi_capture_refusal(s.table, play.card, value, play.loose, piles, CAPTURE_WORDS,
                                      pairing=self._pairing(s, play.card))
        if fault:
            return fault
        if reserved is not None and not any(d["value"] == reserved and d["owner"] == seat
                                            for d in s.decls if d["id"] in play.ids):
            return T("{card} is your only card for your declaration of {value}: it may only capture it.",
                     card=Card(play.card), value=reserved)
        return None

    def _declare_fault(self, s: DilotiState, seat: int, play: Play) -> Text | None:
        played = value(play.card)
        if play.ids:
            return T("A declaration is made of your card and loose cards only: to use declarations, form a group.")
        if played is None or any(value(c) is None for c in play.loose):
            return T("Court cards cannot be declared.")
        if not play.loose:
            return T("A declaration takes {card} with at least one loose card.", card=Card(play.card))
        total = played + sum(value(c) or 0 for c in play.loose)
        if total != play.value:
            return T("{cards} add up to {total}, not {value}.", cards=Cards((play.card, *play.loose)), total=total,
                     value=play.value)
        return self._keep_fault(s, seat, play)

    def _keep_fault(self, s: DilotiState, seat: int, play: Play) -> Text | None:
        if not keeps_capturer(s.hands[seat], play.card, play.value, value):
            return T("To declare {value} you must keep another card of value {value} in hand.", value=play.value)
        return None

    def _raise_fault(self, s: DilotiState, seat: int, play: Play) -> Text | None:
        pile = self._pile(s, play.ids[0])
        own = self._partners(s, seat, pile["owner"])
        bound = self.bound_values(s, seat)
        self_raise = self.options_of(s).self_raise
        if value(play.card) is None:
            return T("Court cards cannot be declared.")
        if is_group(pile):
            return T("A group declaration cannot be raised.")
        if own and not self_raise:
            return T("You may not raise your own or your partner's declaration.")
        if bound and not (self_raise and pile["owner"] == seat):
            return T("You are bound by your declaration of {value}: capture, or take it into a group.",
                     value=bound[0])
        if play.value > 10:
            return T("A declaration is worth at most 10; {card} would make it {value}.", card=Card(play.card),
                     value=play.value)
        return self._keep_fault(s, seat, play)

    def _group_fault(self, s: DilotiState, seat: int, play: Play) -> Text | None:
        target, played = play.value, value(play.card)
        if played is None or any(value(c) is None for c in play.loose):
            return T("Court cards cannot be declared.")
        piles = [self._pile(s, pid) for pid in play.ids]
        ours = [d for d in piles if self._partners(s, seat, d["owner"])]
        theirs = [d for d in piles if not self._partners(s, seat, d["owner"])]
        if any(d["value"] != target for d in ours):
            return T("Your own and your partner's declarations join a group only at its value, {value}.",
                     value=target)
        if len(theirs) > 1 or any(is_group(d) or d["value"] + played != target for d in theirs):
            return T("An opponent's declaration joins a group only when {card} raises it to exactly {value}.",
                     card=Card(play.card), value=target)
        bound = self.bound_values(s, seat)
        if bound and not any(d["owner"] == seat for d in piles):
            return T("You are bound by your declaration of {value}: capture, or take it into a group.",
                     value=bound[0])
        if theirs:
            cards_sets = partition([value(c) for c in play.loose], target) if play.loose else []
            sets = None if cards_sets is None else len(cards_sets) + 1
        else:
            cards_sets = partition([played, *(value(c) for c in play.loose)], target)
            sets = None if cards_sets is None else len(cards_sets)
        if sets is None:
            return T("{cards} do not split into sets adding up to {value}.", cards=Cards((play.card, *play.loose)),
                     value=target)
        if sets + len(ours) < 2:
            return T("A group needs at least two sets of {value}.", value=target)
        return self._keep_fault(s, seat, play)

    # -- building a move from parts (P7): a hand card, then the table items it plays with
    def targets(self, s: DilotiState, seat: int, card: str) -> list[tuple[str, str]] | None:
        return ([(code, T("{card}", card=Card(code))) for code in s.table]
                + [(d["id"], self.decl_name(d)) for d in s.decls])

    def compose(self, s: DilotiState, seat: int, card: str, targets: Sequence[str]) -> list[Move]:
        want = sorted(targets)
        return [m for m in self.moves(s, seat) if m.args[0] == card and sorted(_items(m)) == want]

    def why_not_composed(self, s: DilotiState, seat: int, card: str, targets: Sequence[str]) -> str:
        try:
            loose, ids = self._items(s, list(targets)) if targets else ((), ())
            lay = self.read(s, seat, Move("play", (card,)))
        except IllegalMove as e:
            return str(e)
        if not targets:
            return self._fault(s, seat, lay) or T("That card and that selection are not a move you can make now.")
        readings = [Play(card, "take", loose, ids)]
        if len(ids) == 1 and not loose:
            readings.insert(0, Play(card, "raise", (), ids, self._pile(s, ids[0])["value"] + (value(card) or 0)))
        total = (value(card) or 0) + sum(value(c) or 0 for c in loose)
        if loose and not ids and total <= 10 and total != value(card):
            readings.insert(0, Play(card, "declare", loose, (), total))
        for play in readings:
            why = self._fault(s, seat, play)
            if why:
                return why
        return T("That card and that selection are not a move you can make now.")

    def preview(self, s: DilotiState, seat: int, move: Move) -> str:
        play = self.read(s, seat, move)
        if play.action in ("declare", "raise", "group"):
            return T("Play {card}: {move}. You must keep a card of value {value}.", card=Card(play.card),
                     move=self._label(s, play), value=play.value)
        return T("Play {card}: {move}.", card=Card(play.card), move=self._label(s, play))

    def parse_typed(self, s: DilotiState, seat: int, text: str) -> Move:
        words = [w for w in re.split(r"[+\s,]+", text.strip()) if w]
        if words and words[0].lower() == "play":
            words = words[1:]
        example = _typed_form(self._example_move(s, seat))
        if not words or not C.is_card(words[0]):
            raise IllegalMove(T("Type a card, then what it does: take, declare V, raise, group V, with the table items "
                                "(cards, b1…); a card alone is laid. E.g. {example}.", example=example))
        card = C.card(words[0]).code
        action, rest = (words[1].lower(), words[2:]) if len(words) > 1 else ("lay", [])
        params: tuple[tuple[str, str], ...] = ()
        if action in ("declare", "group"):
            if not rest or not rest[0].isdigit():
                raise IllegalMove(T("Say the value after '{action}', e.g. {example}.", action=action, example=example))
            params = ((action, rest[0]), ("with", "+".join(_typed_items(rest[1:]))))
        elif action in ("take", "raise") and rest:
            params = ((action, "+".join(_typed_items(rest))),)
        elif action != "lay":
            raise IllegalMove(T("Type a card, then what it does: take, declare V, raise, group V, with the table items "
                                "(cards, b1…); a card alone is laid. E.g. {example}.", example=example))
        move = Move("play", (card,), params)
        reason = self.refuse(s, seat, move)
        if reason:
            raise IllegalMove(reason)
        return self.compose(s, seat, card, _items(move))[0] if params else move

    def typed_example(self, s: DilotiState, seat: int) -> str | None:
        return T("e.g. {example}", example=_typed_form(self._example_move(s, seat)))

    def _example_move(self, s: DilotiState, seat: int) -> Move:
        """A move of the seat's own to show how one is typed: a declaration or a capture if it has one."""
        moves = self.moves(s, seat) or [Move("play", ("2C",), (("group", "9"), ("with", "b1+9C")))]
        return next((m for m in moves if m.params and m.params[0][0] in ("group", "declare")),
                    next((m for m in moves if m.params), moves[0]))

    # -- playing
    def play(self, s: DilotiState, seat: int, move: Move) -> list[Event]:
        play = self.read(s, seat, move)
        s.hands[seat].remove(play.card)
        if play.action == "take":
            events = self._take(s, seat, play)
        elif play.action == "declare":
            events = self._declare(s, seat, play)
        elif play.action == "raise":
            events = self._raise(s, seat, play)
        elif play.action == "group":
            events = self._group(s, seat, play)
        else:
            lay_card(s.table, play.card)
            events = [Event(T("{seat} lays {card}.", seat=Seat(seat), card=Card(play.card)))]
        s.plays += 1
        return events + next_turn(s, seat, lambda: self._refill(s), lambda: self._end_hand(s))

    def _take(self, s: DilotiState, seat: int, play: Play) -> list[Event]:
        o: DilotiOptions = self.options_of(s)
        taken, piles = take_from_table(s.table, s.decls, play.loose, play.ids)
        s.piles[self.sides_of(s)[seat]] += taken + [play.card]
        s.last_capturer = seat
        events = [Event(T("{seat} plays {card} and takes {items}.", seat=Seat(seat), card=Card(play.card),
                          items=_items_text(play.loose, piles)))]
        last_play = not s.stock and not any(s.hands)
        if not s.table and not s.decls and s.plays > 0 and (o.last_card_xeri or not last_play):
            s.xeris.append(seat)
            s.xeri_cards.append(play.card)
            events.append(Event(T("Xeri! {seat} clears the table.", seat=Seat(seat))))
        return events

    def _declare(self, s: DilotiState, seat: int, play: Play) -> list[Event]:
        for code in play.loose:
            s.table.remove(code)
        pile = Pile(next_pile_id(s.decls), play.value, [[*play.loose, play.card]], seat)
        s.decls.append(pile.to_data())
        return [Event(T("{seat} plays {card} on {cards}: a declaration of {value}.", seat=Seat(seat),
                        card=Card(play.card), cards=Cards(play.loose), value=play.value))]

    def _raise(self, s: DilotiState, seat: int, play: Play) -> list[Event]:
        pile = self._pile(s, play.ids[0])
        old, owner = pile["value"], pile["owner"]
        pile["sets"][0].append(play.card)
        pile["value"], pile["owner"] = play.value, seat
        return [Event(T("{seat} plays {card} and raises {owner}'s declaration of {old} to {value}.", seat=Seat(seat),
                        card=Card(play.card), owner=Seat(owner), old=old, value=play.value))]

    def _group(self, s: DilotiState, seat: int, play: Play) -> list[Event]:
        for code in play.loose:
            s.table.remove(code)
        piles = [self._pile(s, pid) for pid in play.ids]
        sets: list[list[str]] = []
        free = list(play.loose)
        for pile in piles:
            s.decls.remove(pile)
            if pile["value"] == play.value:
                sets += [list(g) for g in pile["sets"]]
            else:       # the opponent's declaration the played card raises
                sets.append([*Pile.from_data(pile).cards, play.card])
        if all(pile["value"] == play.value for pile in piles):
            free.append(play.card)
        sets += split_into_sets(free, play.value, value)
        group = Pile(next_pile_id(s.decls), play.value, sets, seat, {"group": True})
        s.decls.append(group.to_data())
        return [Event(N("{seat} plays {card}: a group of {value}s ({n} card).",
                        "{seat} plays {card}: a group of {value}s ({n} cards).", len(group.cards), seat=Seat(seat),
                        card=Card(play.card), value=play.value))]

    def _end_hand(self, s: DilotiState) -> list[Event]:
        o: DilotiOptions = self.options_of(s)
        events = []
        side = self.sides_of(s)
        rest = table_cards(s.table, s.decls)
        if rest and s.last_capturer >= 0:
            events.append(Event(T("{seat} captured last and takes the rest of the table: {cards}.",
                                  seat=Seat(s.last_capturer), cards=Cards(tuple(rest)))))
            take_rest(s.piles, rest, side[s.last_capturer])
            s.table, s.decls = [], []
        awards = self.hand_awards(s)
        points = totals(awards, len(s.piles))
        for seat in range(s.players):
            s.scores[seat] += points[side[seat]]
        result = _points_text(s.hand_no, awards, self._side_seats(s))
        s.last_result = text_data(result)
        events.append(Event(T("{result}. Score: {scores}.", result=result, scores=self._scores_text(s))))
        team_scores = [s.scores[self._side_seats(s)[k][0]] for k in range(len(s.piles))]
        finished = max(team_scores) >= o.target and sole_best(team_scores) is not None
        if max(team_scores) >= o.target and not finished:
            events.append(Event(T("The lead is shared at {points}: another hand decides.", points=max(team_scores))))
        return self.after_hand(s, events, finished)

    def _side_seats(self, s: DilotiState) -> list[tuple[int, ...]]:
        side = self.sides_of(s)
        return [tuple(i for i in range(s.players) if side[i] == k) for k in range(max(side) + 1)]

    def _scores_text(self, s: DilotiState) -> Text:
        parts = [T("{seats} {points}", seats=Seats(seats), points=s.scores[seats[0]]) for seats in self._side_seats(s)]
        return T("{items}", items=AndList(tuple(parts)))

    def hand_awards(self, s: DilotiState) -> list[tuple[int, int, Text]]:
        """A finished hand's points as (side, points, reason), in the rules' order."""
        xeri = self.options_of(s).xeri_value
        side = self.sides_of(s)
        hauls = [Haul(pile, [xeri for who in s.xeris if side[who] == k]) for k, pile in enumerate(s.piles)]
        return score_hand((Sweeps(xeri=True), *CATEGORIES), hauls)

    # -- what people see
    def instruction(self, s: DilotiState, seat: int) -> str:
        bound = self.bound_values(s, seat)
        if bound:
            return T("Your turn. You are bound by your declaration of {value}: capture, or take it into a group.",
                     value=bound[0])
        return T("Your turn: capture, declare, raise, group or lay a card.")

    def describe(self, s: DilotiState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        play = self.read(s, seat, move)
        return ((T("Play a card"), T("{card}", card=Card(play.card))), (T("Move"), self._label(s, play)))

    def _label(self, s: DilotiState, play: Play) -> Text:
        """What a move does, for the suggested-moves menu and the preview."""
        piles = [self._pile(s, pid) for pid in play.ids]
        if play.action == "take":
            return T("take {items}", items=_items_text(play.loose, piles))
        if play.action == "lay":
            return T("lay it on the table")
        if play.action == "declare":
            return T("declare {value} with {cards}", value=play.value, cards=Cards(play.loose))
        if play.action == "raise":
            return T("raise {seat}'s declaration of {old} to {value}", seat=Seat(piles[0]["owner"]),
                     old=piles[0]["value"], value=play.value)
        return T("group of {value}s with {items}", value=play.value, items=_items_text(play.loose, piles))

    def decl_name(self, pile: dict) -> Text:
        """"Declaration of 9 (b1) — {p0}'s" or "Group of 9s (b2) — {p1}'s"."""
        if is_group(pile):
            return T("Group of {value}s ({id}) — {seat}'s", value=pile["value"], id=pile["id"],
                     seat=Seat(pile["owner"]))
        return T("Declaration of {value} ({id}) — {seat}'s", value=pile["value"], id=pile["id"],
                 seat=Seat(pile["owner"]))

    def view(self, s: DilotiState, seat: int | None) -> View:
        o: DilotiOptions = self.options_of(s)
        side = self.sides_of(s)
        seats = []
        for i, hand in enumerate(s.hands):
            notes = [T("dealer")] if i == s.dealer else []
            notes.append(N("captured {n} card", "captured {n} cards", len(s.piles[side[i]])))
            xeris = sum(1 for who in s.xeris if side[who] == side[i])
            if xeris:
                notes.append(N("{n} xeri", "{n} xeris", xeris))
            for v in self.bound_values(s, i):
                notes.append(T("bound: keeps a card of {value}", value=v))
            seats.append(SeatView(i, len(hand), s.scores[i], notes))
        facts = [T("Match: {format}", format=o.match().describe())]
        if not s.stock and not s.over:
            facts.append(T("Last deal: the stock is empty"))
        if s.last_capturer >= 0:
            facts.append(T("Last capture: {seat}", seat=Seat(s.last_capturer)))
        if s.last_result:
            facts.append(text_from(s.last_result))
        piles = [PileView(T("Table"), list(s.table), len(s.table))]
        for d in s.decls:
            cards = Pile.from_data(d).cards
            piles.append(PileView(self.decl_name(d), cards, len(cards), owner=d["owner"]))
        piles.append(PileView(T("Stock"), [], len(s.stock)))
        for k, seats_of in enumerate(self._side_seats(s)):
            shown = [c for who, c in zip(s.xeris, s.xeri_cards, strict=True) if side[who] == k]
            piles.append(PileView(T("{seats}'s captures", seats=Seats(seats_of)), shown, len(s.piles[k]),
                                  owner=seats_of[0]))
        status = self.outcome(s).summary if s.over else T("Hand {hand}. {seat} to play.", hand=s.hand_no,
                                                          seat=Seat(s.turn))
        return table_view(self, s, seat, seats=seats, piles=piles, status=status, facts=facts)

    def zones(self, s: DilotiState) -> list[Zone]:
        return table_zones(s.hands, s.stock, s.table, s.piles, piles=pile_zones(s.decls, "declaration"))

    def outcome(self, s: DilotiState) -> Outcome | None:
        if not s.over:
            return None
        return match_outcome(self.options_of(s).match(), s.scores)

    # -- computer players
    def hand_progress(self, s: DilotiState) -> list[float]:
        xeri = self.options_of(s).xeri_value
        side = self.sides_of(s)
        hauls = [Haul(pile, [xeri for who in s.xeris if side[who] == k]) for k, pile in enumerate(s.piles)]
        points = totals(score_hand((Sweeps(xeri=True), *CATEGORIES), hauls), len(s.piles))
        return [points[side[i]] + 0.05 * len(s.piles[side[i]]) for i in range(s.players)]

    def rollout_move(self, s, seat, moves, rng):
        """Greedy with a little noise: take xeris, declarations and valuable cards (10♦, 2♣, aces),
        declare rather than lay, and lay cheap cards that leave no easy xeri."""
        return noisy_best(moves, lambda m: self._move_worth(s, seat, self.read(s, seat, m)), rng)

    def _move_worth(self, s: DilotiState, seat: int, play: Play) -> float:
        piles = [self._pile(s, pid) for pid in play.ids]
        theirs = sum(1 for d in piles if not self._partners(s, seat, d["owner"]))
        if play.action == "take":
            cards = [play.card, *play.loose] + [c for d in piles for c in Pile.from_data(d).cards]
            worth = 10 + len(cards) + sum(_card_worth(c) for c in cards) + 3 * theirs
            left = len(s.table) - len(play.loose) + len(s.decls) - len(piles)
            if left == 0 and s.plays > 0:
                worth += 25
            elif left == 1 and len(s.decls) == len(piles) and s.hands[next_seat(seat, s.players)]:
                worth -= 6      # a lone card left is an easy xeri
            return worth
        if play.action == "lay":
            worth = -4 - 2 * _card_worth(play.card)
            v = value(play.card)
            if not s.decls and (not s.table or v is not None and sum(value(c) or 99 for c in s.table) + v <= 10):
                worth -= 6      # one card could take the whole table
            return worth
        return 6 + 0.5 * len(play.loose) + 0.6 * sum(_card_worth(c) for c in (play.card, *play.loose)) + 3 * theirs


def _example() -> Text:
    return T("e.g. 'play 7D', 'play 8S take=5H+3D', 'play 5C declare=10 with=2H+3S', 'play 2C raise=b1' "
             "or 'play 9H group=9 with=9C+b1'")


def three_of_a_rank(cards: Sequence[str]) -> bool:
    """Whether three or more of ``cards`` share a rank (the table is then redealt)."""
    ranks = [C.RANK[c] for c in cards]
    return any(ranks.count(r) >= 3 for r in ranks)


def _subsets(optional: Sequence[str], required: Sequence[str]) -> list[tuple[str, ...]]:
    """Every subset of ``optional`` (in order) that holds all of ``required``."""
    out = []
    for chosen in range(1 << len(optional)):
        picked = tuple(pid for k, pid in enumerate(optional) if chosen >> k & 1)
        if set(required) <= set(picked):
            out.append(picked)
    return out


def _card_worth(code: str) -> float:
    """How much a card scores for its capturer, roughly."""
    worth = {BIG_DIAMOND: 4.0, LITTLE_CLUB: 2.0}.get(code, 0.0)
    return worth + (2 if C.RANK[code] == C.ACE else 0)


def _move(play: Play) -> Move:
    items = "+".join((*play.loose, *play.ids))
    if play.action == "take":
        params: tuple[tuple[str, str], ...] = (("take", items),)
    elif play.action == "raise":
        params = (("raise", play.ids[0]),)
    elif play.action in ("declare", "group"):
        params = ((play.action, str(play.value)), ("with", items))
    else:
        params = ()
    return Move("play", (play.card,), params)


def _items(move: Move) -> list[str]:
    """The table items a move plays with (loose cards and declaration ids)."""
    raw = move.param("take") or move.param("with") or move.param("raise") or ""
    return raw.split("+") if raw else []


def _typed_items(words: Sequence[str]) -> list[str]:
    """Typed table items as a move names them: cards as codes, declarations as ids."""
    return [C.card(w).code if C.is_card(w) else w.lower() for w in words]


def _typed_form(move: Move) -> str:
    """A move as typed in the Type move box: "2C group 9 b1 9C", "8S take 5H+3D", "7D"."""
    if not move.params:
        return move.args[0]
    action, first = move.params[0]
    if action in ("declare", "group"):
        return f"{move.args[0]} {action} {first} {' '.join(_items(move))}"
    return f"{move.args[0]} {action} {first}"


def _items_text(loose: Sequence[str], piles: Sequence[dict]) -> Text:
    """What a move takes in: "4♠, 5♦ and the declaration of 9"."""
    parts: list = [Card(c) for c in loose]
    parts += [T("the group of {value}s", value=d["value"]) if is_group(d) else
              T("the declaration of {value}", value=d["value"]) for d in piles]
    return T("{items}", items=AndList(tuple(parts)))


def _points_text(hand: int, awards: list[tuple[int, int, Text]], side_seats: list[tuple[int, ...]]) -> Text:
    """A hand's points: "Hand 3: {p0} 1 xeri (10); {p1} most cards (27) (4)"."""
    return points_text(hand, awards, lambda side, n, award: T("{seats} {award} ({points})",
                                                               seats=Seats(side_seats[side]), award=award, points=n),
                       POINTS_WORDS)


CAPTURE_WORDS = CaptureWords(
    pairing_all=lambda card, cards: T("{card} takes all the loose cards of its rank ({cards}) or none of them.",
                                      card=card, cards=cards),
    pairing_one=lambda card: T("A court card takes only one card of its rank."),
    pile_value=lambda card: T("{card} can only take a declaration of its own value.", card=card),
    no_value=lambda: T("Court cards have no value: they only take a card of their own rank."),
    sums=lambda cards, value: T("{cards} do not split into groups of two or more adding up to {value}.",
                                cards=cards, value=value),
    unsaid=lambda card: T("Say what {card} takes.", card=card),
)
POINTS_WORDS = PointsWords(
    none=lambda hand: T("Hand {hand}: no points", hand=hand),
    then=lambda points, point: T("{points}; {point}", points=points, point=point),
    hand=lambda hand, points: T("Hand {hand}: {points}", hand=hand, points=points),
)

GAME = Diloti()
