"""The Game-class side the climbing games (Big Two, Thirteen, Dou Dizhu) share, on top of the
rules engine in `games.common.climbing`: whose turn it is, the legal plays, choosing a play by
selecting its cards (`CardSelection`), and starting the match, passing (or knocking), laying
a play, the prompt and most of the view (`ClimbGame`). Each game gives its own words and its
own deal, scoring and seat notes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from games.common.climbing import (
    KIND_WORDS,
    PASS_MOVE,
    ClimbState,
    Combo,
    Legal,
    card_label,
    card_param,
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
from games.common.table import hand_zones, score_text
from games.common.thumb import climb_pick
from games.engine import Choice, Event, Move, Outcome, PileView, Prompt, SeatView, View, Zone, placings_from
from games.options import Options
from games.playout import next_deal
from games.text import Seat, Seats, Text, text_from, texts

T, N = texts("climb_game")


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
        return reason or T("Those cards are not a play you can make now.")


class ClimbGame(CardSelection):
    """The rest of a climbing game's Game class that the games share: starting the match,
    refusing and making passes and plays, moving the turn on, the prompt, and the view's
    table, piles and status. A game adds its deal (``_deal``), its scoring and its seats'
    notes, and overrides what it does or says its own way. Thirteen's players knock instead
    of passing (and stay out until the table clears): the texts about passing say so."""

    knocks: ClassVar[bool] = False                       # a pass keeps the seat out until the table clears
    play_example: ClassVar[str] = "play 3S 3H as=pair"   # in the refusal of a move that is no play

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
        return next_deal(s, self._deal)

    # -- legality
    def refuse(self, s: ClimbState, seat: int, move: Move) -> Text | None:
        if move.kind == "pass":
            return self._refuse_pass(move, leading=not s.table)
        if move.kind != "play":
            return T("'{move}' is not a move in {game}: play cards (e.g. '{example}') or pass.",
                     move=str(move), game=self.title, example=self.play_example)
        return refuse_play(self.rules_of(s), self.hand_of(s, seat), s, move, self._opening_card(s, seat))[1]

    def _refuse_pass(self, move: Move, leading: bool) -> Text | None:
        if move.args or move.params:
            return T("To knock, just say 'pass'.") if self.knocks else T("To pass, just say 'pass'.")
        if leading:
            if self.knocks:
                return T("You lead: play any combination (you cannot knock on an empty table).")
            return T("You lead: play any combination (you cannot pass on an empty table).")
        return None

    def _opening_card(self, s: ClimbState, seat: int | None) -> Any:
        """The card the hand's first play must include, named only to the seat holding it
        (a text's parameter)."""
        return card_param(s.opening) if seat is not None and s.opening in s.hands[seat] else T("the lowest card")

    # -- playing
    def _pass(self, s: ClimbState, seat: int) -> list[Event]:
        s.passed[seat] = True
        said = T("{seat} knocks.", seat=Seat(seat)) if self.knocks else T("{seat} passes.", seat=Seat(seat))
        return [Event(said)] + self._step(s, seat)

    def _left(self, s: ClimbState) -> list[int]:
        """Each seat's cards in hand."""
        return [len(h) for h in s.hands]

    def _step(self, s: ClimbState, seat: int) -> list[Event]:
        leader = step_on(s, seat, self._left(s))
        if leader is None:
            return []
        return [Event(self._table_cleared(leader))]

    def _table_cleared(self, leader: int) -> Text:
        if self.knocks:
            return T("Everyone else knocked: {seat} leads anything.", seat=Seat(leader))
        return T("Everyone else passed: {seat} leads anything.", seat=Seat(leader))

    def _reading(self, s: ClimbState, seat: int, move: Move) -> Combo | None:
        """The reading of a legal play move (as offered, or written another way)."""
        return self._legal(s, seat).combos.get(move) or refuse_play(self.rules_of(s), self.hand_of(s, seat), s, move)[0]

    def _lay(self, s: ClimbState, seat: int, combo: Combo, hands: Sequence[list[str]] = ()) -> list[Event]:
        lay(s, seat, combo, knock=self.knocks, hands=hands)
        return [Event(T("{seat} plays {play}.", seat=Seat(seat), play=describe_combo(combo)))]

    # -- what people see
    def instruction(self, s: ClimbState, seat: int) -> Text:
        if not s.table:
            if s.opening:
                return T("You open the hand: play any combination that includes {card}.", card=card_param(s.opening))
            return T("Your lead: play any combination.")
        table = describe_combo(table_combo(s, self.rules_of(s)))
        if self.knocks:
            return T("Beat {play} (by {seat}) or knock.", play=table, seat=Seat(s.table_by))
        return T("Beat {play} (by {seat}) or pass.", play=table, seat=Seat(s.table_by))

    def prompt(self, s: ClimbState, seat: int) -> Prompt:
        if seat not in self.to_move(s):
            return Prompt(self.waiting_text(s))
        return Prompt(self.instruction(s, seat), tuple(Choice(m, p) for m, p in self._choices(s, seat)))

    def _choices(self, s: ClimbState, seat: int) -> tuple:
        legal = self._legal(s, seat)
        pairs = [(m, legal.combos[m]) for m in legal.moves] + ([(PASS_MOVE, None)] if s.table else [])
        return prompt_choices(self.rules_of(s), pairs, T("Knock (pass)") if self.knocks else T("Pass"))

    def describe(self, s: ClimbState, seat: int, move: Move) -> tuple[tuple[str, str], ...]:
        return dict(self._choices(s, seat)).get(move, ((T("Your move"), str(move)),))

    def _status(self, s: ClimbState) -> Text:
        if s.over:
            return self.outcome(s).summary
        if s.table:
            return T("Hand {n}. {seat} to play.", n=s.hand_no, seat=Seat(s.turn))
        return T("Hand {n}. {seat} to lead.", n=s.hand_no, seat=Seat(s.turn))

    def _view(self, s: ClimbState, seat: int | None, seats: list[SeatView], facts: list[str],
              piles: list[PileView]) -> View:
        """The view: the game's facts, then the table's (the play to beat or the opening card,
        the last result); the table and the played cards, then the game's piles."""
        if s.table:
            facts = facts + [T("To beat: {play} by {seat}", play=self._to_beat(table_combo(s, self.rules_of(s))),
                               seat=Seat(s.table_by))]
        elif s.opening:
            facts = facts + [T("Opening play: must include {card}", card=self._opening_card(s, seat))]
        if s.last_result:
            facts = facts + [text_from(s.last_result)]
        piles = [PileView(T("Table"), list(s.table), len(s.table), s.table_by if s.table else None),
                 PileView(T("Played"), list(s.played), len(s.played))] + piles
        return View(
            game=self.key, seat=seat,
            hand=list(self.hand_of(s, seat)) if seat is not None else [],
            seats=seats, piles=piles, status=self._status(s), facts=facts,
            to_move=sorted(self.to_move(s)), over=s.over, result=self.outcome(s).summary if s.over else None,
        )

    @staticmethod
    def _to_beat(combo: Combo) -> Text:
        """The play on the table by its kind; its cards too where kickers make the reading matter
        (the Table pile shows them as they lie)."""
        return describe_combo(combo) if len(combo.main) < len(combo.cards) else KIND_WORDS[combo.kind]

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
        score = score_text(best, self.score_unit(s))
        if len(winners) == 1:
            summary = T("{seat} wins with {score}!", seat=Seat(winners[0]), score=score)
        else:
            summary = T("{seats} share the win with {score}!", seats=Seats(tuple(winners)), score=score)
        return Outcome(placings_from(s.scores), [float(x) for x in s.scores], winners, summary)

    # -- computer players
    def rollout_move(self, s: ClimbState, seat: int, moves: list[Move], rng: random.Random) -> Move:
        danger = any(0 < len(h) <= 2 for i, h in enumerate(s.hands) if i != seat)
        return rollout_pick(self.rules_of(s), s.hands[seat], self._legal(s, seat), bool(s.table), rng, danger)
