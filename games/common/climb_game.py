"""The Game-class side the climbing games (Big Two, Thirteen, Dou Dizhu) share, on top of the
rules engine in `games.common.climbing`: whose turn it is, the legal plays, choosing a play by
selecting its cards (`CardSelection`), and starting the match, passing (or knocking), laying
a play, the prompt and most of the view (`ClimbGame`). Each game gives its own words and its
own deal, scoring and seat notes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, NamedTuple

from games.common.climbing import (
    KIND_NAMES,
    PASS_MOVE,
    ClimbState,
    Combo,
    Legal,
    card_label,
    describe_combo,
    lay,
    legal,
    prompt_choices,
    refuse_play,
    rollout_pick,
    step_on,
    table_combo,
)
from games.common.match import first_dealer, next_dealer
from games.common.table import hand_zones, score_text, winners_text
from games.common.thumb import climb_pick
from games.engine import Choice, Event, Move, Outcome, PileView, Prompt, SeatView, View, Zone, placings_from
from games.options import Options


class CardSelection:
    """For the climbing games' Game classes: whose turn it is, the legal plays (or a pass when
    the table holds a play), and choosing a play by selecting its cards from the hand in one
    multi-select (the front end's P4), the step-by-step prompt serving as a hint."""

    def hand_of(self, s: ClimbState, seat: int) -> list[str]:
        return s.hands[seat]

    def to_move(self, s: ClimbState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def _legal(self, s: ClimbState, seat: int) -> Legal:
        return legal(self.rules_of(s), self.hand_of(s, seat), s)

    def moves(self, s: ClimbState, seat: int) -> list[Move]:
        if s.over or seat != s.turn:
            return []
        plays = list(self._legal(s, seat).moves)
        return plays + [PASS_MOVE] if s.table else plays

    def selectable(self, s: ClimbState, seat: int) -> list[str] | None:
        if not any(m.kind == "play" for m in self.moves(s, seat)):
            return None
        return list(self.hand_of(s, seat))

    def why_not(self, s: ClimbState, seat: int, cards: Sequence[str]) -> str:
        reason = self.refuse(s, seat, Move("play", tuple(cards)))
        if reason is None or reason.startswith(("Write the play", "Suits do not matter")):
            reason = refuse_play(self.rules_of(s), self.hand_of(s, seat), s, Move("play", tuple(cards)))[1]
        return reason or "Those cards are not a play you can make now."



class PassWords(NamedTuple):
    """How a game names a pass: Thirteen's players knock (and stay out until the table clears)."""

    verb: str       # "To pass, just say 'pass'."; "… or pass."
    does: str       # "{p1} passes."
    did: str        # "Everyone else passed: …"
    label: str      # the prompt's answer


PASSING = PassWords("pass", "passes", "passed", "Pass")
KNOCKING = PassWords("knock", "knocks", "knocked", "Knock (pass)")


class ClimbGame(CardSelection):
    """The rest of a climbing game's Game class that the games share: starting the match,
    refusing and making passes and plays, moving the turn on, the prompt, and the view's
    table, piles and status. The class attributes hold each game's words; a game adds its
    deal (``_deal``), its scoring and its seats' notes, and overrides what it does its own way."""

    knocks: ClassVar[bool] = False                       # a pass keeps the seat out until the table clears
    everyone_else: ClassVar[str] = "Everyone else"       # who passed when the table clears
    play_example: ClassVar[str] = "play 3S 3H as=pair"   # in the refusal of a move that is no play
    hand_word: ClassVar[str] = "Hand"                    # "Hand 2. {p1} to play."

    @property
    def words(self) -> PassWords:
        return KNOCKING if self.knocks else PASSING

    # -- the match
    def start_score(self, options: Options) -> int:
        return 0

    def setup(self, players: int, options: Options, seed: int) -> ClimbState:
        s = self.State(players=players, seed=seed, options=options.to_dict(),
                       scores=[self.start_score(options)] * players)
        s.dealer = first_dealer(s.rng(), players)
        self._deal(s)
        return s

    def _next_hand(self, s: ClimbState, over: bool) -> list[Event]:
        """After a hand: the result when the match is over, else the deal passes left."""
        if over:
            s.over = True
            return [Event(self.outcome(s).summary)]
        s.dealer = next_dealer(s.dealer, s.players)
        return self._deal(s)

    # -- legality
    def refuse(self, s: ClimbState, seat: int, move: Move) -> str | None:
        if move.kind == "pass":
            return self._refuse_pass(move, leading=not s.table)
        if move.kind != "play":
            return f"'{move}' is not a move in {self.title}: play cards (e.g. '{self.play_example}') or pass."
        return refuse_play(self.rules_of(s), self.hand_of(s, seat), s, move, self._opening_text(s, seat))[1]

    def _refuse_pass(self, move: Move, leading: bool) -> str | None:
        if move.args or move.params:
            return f"To {self.words.verb}, just say 'pass'."
        if leading:
            return f"You lead: play any combination (you cannot {self.words.verb} on an empty table)."
        return None

    def _opening_text(self, s: ClimbState, seat: int | None) -> str:
        """The card the hand's first play must include, named only to the seat holding it."""
        return card_label(s.opening) if seat is not None and s.opening in s.hands[seat] else "the lowest card"

    # -- playing
    def _pass(self, s: ClimbState, seat: int) -> list[Event]:
        s.passed[seat] = True
        return [Event(f"{{p{seat}}} {self.words.does}.")] + self._step(s, seat)

    def _left(self, s: ClimbState) -> list[int]:
        """Each seat's cards in hand."""
        return [len(h) for h in s.hands]

    def _step(self, s: ClimbState, seat: int) -> list[Event]:
        leader = step_on(s, seat, self._left(s))
        if leader is None:
            return []
        return [Event(f"{self.everyone_else} {self.words.did}: {{p{leader}}} leads anything.")]

    def _reading(self, s: ClimbState, seat: int, move: Move) -> Combo | None:
        """The reading of a legal play move (as offered, or written another way)."""
        return self._legal(s, seat).combos.get(move) or refuse_play(self.rules_of(s), self.hand_of(s, seat), s, move)[0]

    def _lay(self, s: ClimbState, seat: int, combo: Combo, hands: Sequence[list[str]] = ()) -> list[Event]:
        lay(s, seat, combo, knock=self.knocks, hands=hands)
        return [Event(f"{{p{seat}}} plays {describe_combo(combo)}.")]

    # -- what people see
    def instruction(self, s: ClimbState, seat: int) -> str:
        if not s.table:
            if s.opening:
                return f"You open the hand: play any combination that includes {card_label(s.opening)}."
            return "Your lead: play any combination."
        table = table_combo(s, self.rules_of(s))
        return f"Beat {describe_combo(table)} (by {{p{s.table_by}}}) or {self.words.verb}."

    def prompt(self, s: ClimbState, seat: int) -> Prompt:
        if seat not in self.to_move(s):
            return Prompt(self.waiting_text(s))
        return Prompt(self.instruction(s, seat), tuple(Choice(m, p) for m, p in self._choices(s, seat)))

    def _choices(self, s: ClimbState, seat: int) -> tuple:
        legal = self._legal(s, seat)
        pairs = [(m, legal.combos[m]) for m in legal.moves] + ([(PASS_MOVE, None)] if s.table else [])
        return prompt_choices(self.rules_of(s), pairs, self.words.label)

    def describe(self, s: ClimbState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        return dict(self._choices(s, seat)).get(move, (("Your move", str(move)),))

    def _status(self, s: ClimbState) -> str:
        if s.over:
            return self.outcome(s).summary
        return f"{self.hand_word} {s.hand_no}. {{p{s.turn}}} to {'play' if s.table else 'lead'}."

    def _view(self, s: ClimbState, seat: int | None, seats: list[SeatView], facts: list[str],
              piles: list[PileView]) -> View:
        """The view: the game's facts, then the table's (the play to beat or the opening card,
        the last result); the table and the played cards, then the game's piles."""
        if s.table:
            facts = facts + [f"To beat: {self._to_beat(table_combo(s, self.rules_of(s)))} by {{p{s.table_by}}}"]
        elif s.opening:
            facts = facts + [f"Opening play: must include {self._opening_text(s, seat)}"]
        if s.last_result:
            facts = facts + [s.last_result]
        piles = [PileView("Table", list(s.table), len(s.table), s.table_by if s.table else None),
                 PileView("Played", list(s.played), len(s.played))] + piles
        return View(
            game=self.key, seat=seat,
            hand=list(self.hand_of(s, seat)) if seat is not None else [],
            seats=seats, piles=piles, status=self._status(s), facts=facts,
            to_move=sorted(self.to_move(s)), over=s.over, result=self.outcome(s).summary if s.over else None,
        )

    @staticmethod
    def _to_beat(combo: Combo) -> str:
        """The play on the table by its kind; its cards too where kickers make the reading matter
        (the Table pile shows them as they lie)."""
        return describe_combo(combo) if len(combo.main) < len(combo.cards) else KIND_NAMES[combo.kind].lower()

    def _round_zones(self, s: ClimbState) -> list[Zone]:
        return hand_zones(s.hands) + [Zone("table", s.table, "all"), Zone("played", s.played, "all")]

    def heuristic_move(self, s: ClimbState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """The climbing rule of thumb (`climb_pick`); reads the own hand and card counts only."""
        danger = any(0 < len(h) <= 2 for i, h in enumerate(s.hands) if i != seat)
        return climb_pick(self.rules_of(s), s.hands[seat], self._legal(s, seat), bool(s.table), danger)

    def card_text(self, code: str) -> str:
        return card_label(code)   # a second pack's copy ranks higher: 5♥²

    def outcome(self, s: ClimbState) -> Outcome | None:
        """The highest total wins; ties share the win."""
        if not s.over:
            return None
        best = max(s.scores)
        winners = [i for i, x in enumerate(s.scores) if x == best]
        return Outcome(placings_from(s.scores), [float(x) for x in s.scores], winners,
                       f"{winners_text(winners)} with {score_text(best, self.score_unit(s))}!")

    # -- computer players
    def rollout_move(self, s: ClimbState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        danger = any(0 < len(h) <= 2 for i, h in enumerate(s.hands) if i != seat)
        return rollout_pick(self.rules_of(s), s.hands[seat], self._legal(s, seat), bool(s.table), rng, danger)
