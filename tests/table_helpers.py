"""Helpers for the games' rule tests: a state laid out with chosen cards, its moves as
text, the lines everyone sees, random play to the end with the state checked after
every move, and the refusals every one-card play words alike."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from games.engine import Event, Game, Move, State
from tests.playthrough import all_cards, assert_refused


def laid_out(game: Game, hands: Sequence[Iterable[str]], pack: Sequence[str], *, stock: Iterable[str] | None = None,
             scores: Iterable[int] | None = None, options: dict | None = None, seed: int = 7,
             **piles: Iterable[str]) -> State:
    """A new game of ``len(hands)`` players with these ``hands`` and ``piles`` (state field →
    cards, e.g. ``discard=["9S"]``). The stock is ``stock``, or without it every other card of
    ``pack`` (so that every card is accounted for, which is checked). ``scores`` replace the
    scores when given."""
    s = game.start(len(hands), options or {}, seed)
    s.hands = [list(h) for h in hands]
    for name, cards in piles.items():
        setattr(s, name, list(cards))
    if stock is None:
        used = {c for z in game.zones(s) if z.name != "stock" for c in z.cards}
        s.stock = [c for c in pack if c not in used]
        assert all_cards(game, s) == Counter(pack)
    else:
        s.stock = list(stock)
    if scores is not None:
        s.scores = list(scores)
    return s


def move_texts(game: Game, s: State, seat: int | None = None) -> list[str]:
    """The legal moves of ``seat`` (by default the seat whose turn it is) as text."""
    return [str(m) for m in game.moves(s, s.turn if seat is None else seat)]


def public(events: Iterable[Event]) -> list[str]:
    """The lines of ``events`` that every seat sees."""
    return [e.text for e in events if e.to is None]


def play_out(game: Game, s: State, rng: random.Random, pack: Counter, *, rollouts: float = 0.5,
             max_moves: int = 100_000) -> State:
    """Play ``s`` on to its end (or ``max_moves`` moves): a random seat of those to move plays
    the game's rollout move with chance ``rollouts``, else a random legal move. After every move
    the state must come back the same from JSON, and the cards in play must be ``pack``."""
    for _ in range(max_moves):
        if s.over:
            break
        seat = rng.choice(sorted(game.to_move(s)))
        moves = game.moves(s, seat)
        game.apply(s, seat, game.rollout_move(s, seat, moves, rng) if rng.random() < rollouts else rng.choice(moves))
        assert type(s).from_json(s.to_json()) == s
        assert all_cards(game, s) == pack
    return s


def assert_card_refusals(game: Game, s: State, seat: int, *, not_held: str, offered: str) -> None:
    """``seat``, to play a card, is refused one it does not hold, a play naming no card or not
    one card, and ``offered`` (a card it may play) written in lower case, not as offered."""
    assert "do not hold" in assert_refused(game, s, seat, Move("play", (not_held,)))
    assert "one card" in assert_refused(game, s, seat, "play")
    assert "one card" in assert_refused(game, s, seat, "play XX")
    assert "as it is offered" in assert_refused(game, s, seat, Move("play", (offered.lower(),)))
