"""What the table reads from a seat's plays, and a redeal for the search that heeds it.

People and computer players mostly make the obvious move, the game's rule of thumb
(`Game.heuristic_move`): a Crazy Eights player who keeps 8s for when nothing else fits and
plays one shows that nothing else fitted, and names the suit held most. Each seat's latest
play is kept with what the table showed then (`ReadState.seen_plays`), until the seat takes
cards the others did not see.

`deal_to_explain` is the search's side, after the hidden cards are dealt anew: a seat whose
imagined hand would not have led the rule of thumb to its play is dealt another from its hand
and the stock, up to ``TRIES`` times, unless it is taken for a player who does not play so.
How likely a seat plays by the rule of thumb is weighed from what it did this match
(`ReadState.rule_odds`): each play (and each move a game weighs too: a Crazy Eights draw),
against hands dealt to it at random from the cards the table has not seen, is as likely from
the rule of thumb as the share of those hands in which it makes that move, and from a player
picking at random as one over the moves it had. Before any play four seats in five are taken
for players of the rule of thumb; a seat whose plays the rule of thumb seldom makes is soon
read no more, so against random players the deals stay as random as before.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from games import cards as C
from games.engine import Game, Move, State
from games.playout import imagined

RULE_PRIOR = math.log(0.8 / 0.2)   # the log-odds that a seat plays by the rule of thumb, before its plays
TRIES = 8           # hands dealt to a seat, at most, until one explains its play
SAMPLES = 12        # hands dealt at random to weigh one play
FLOOR = 0.02        # added to both chances of a play: a dozen hands never prove a play impossible


@dataclass(kw_only=True)
class ReadState(State):
    # per seat, its latest play since it last drew: [the move's text, the cards it played, the
    # table then (game's own list)], or [] (nothing read; also in states saved before this existed)
    seen_plays: list[list] = field(default_factory=list)
    # per seat, what its plays this match told: the log-odds of "plays by the rule of thumb"
    # against "picks a move at random", beyond `RULE_PRIOR` ([]: nothing weighed yet)
    rule_odds: list[float] = field(default_factory=list)


def forget_plays(s: ReadState) -> None:
    """A new deal: nobody has played yet."""
    s.seen_plays = [[] for _ in range(s.players)]


def saw_play(game: Game, s: ReadState, seat: int, move: Move, table: list,
             before: Callable[[State, int, list, list], State], lacks: Collection[str] = ()) -> None:
    """Everyone saw ``seat`` make ``move`` (its cards in ``move.args``) at ``table``, before it is
    played; ``before`` as in `deal_to_explain`, ``lacks`` the cards the seat is known to lack."""
    if not s.seen_plays or imagined():   # a playout: no later redeal reads it
        return
    s.seen_plays[seat] = [_gist(move), list(move.args), table]
    saw_move(game, s, seat, move, table, before, lacks)


def saw_move(game: Game, s: ReadState, seat: int, move: Move, table: list,
             before: Callable[[State, int, list, list], State], lacks: Collection[str] = ()) -> None:
    """Everyone saw ``seat`` make ``move``, a play (`saw_play`) or another (a draw, a pass): weigh
    what it tells of how the seat plays (see the module doc)."""
    if not s.seen_plays or imagined():
        return
    if len(s.rule_odds) != s.players:
        s.rule_odds = [0.0] * s.players
    s.rule_odds[seat] += _weigh(game, s, seat, [_gist(move), list(move.args), table], before, lacks)


def _weigh(game: Game, s: ReadState, seat: int, seen: list,
           before: Callable[[State, int, list, list], State], lacks: Collection[str]) -> float:
    """The log of how much likelier the seen play is from the rule of thumb than from a random pick
    (see the module doc), from what the table saw: the seat's hand is dealt from the cards nobody
    but their holder sees and it is not known to lack, the played ones in it."""
    text, cards, table = seen
    held = len(s.hands[seat])  # type: ignore[attr-defined]
    unseen = Counter(c for z in game.zones(s) if z.visible_to != "all" for c in z.cards) - Counter(cards)
    pool = [c for c in unseen.elements() if c not in lacks]
    if len(pool) < held - len(cards):
        return 0.0
    rng = random.Random(f"{s.seed} {seat} {text} {len(pool)}")
    rule = chance = 0.0
    for _ in range(SAMPLES):
        then = copy.copy(s)
        then.hands = list(s.hands)  # type: ignore[attr-defined]
        then.hands[seat] = rng.sample(pool, held - len(cards))  # type: ignore[attr-defined]
        then = before(then, seat, cards, table)
        moves = game.moves(then, seat)
        if moves:
            rule += _gist(game.heuristic_move(then, seat, moves, rng)) == text
            chance += 1 / len(moves)
    return math.log((rule / SAMPLES + FLOOR) / (chance / SAMPLES + FLOOR))


def rule_chance(s: ReadState, seat: int) -> float:
    """How likely ``seat`` plays by the rule of thumb, after its plays this match."""
    odds = RULE_PRIOR + (s.rule_odds[seat] if len(s.rule_odds) == s.players else 0.0)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, odds))))


def drew_unseen_cards(s: ReadState, seat: int) -> None:
    """``seat`` took cards the others did not see: its hand no longer tells what it played from."""
    if s.seen_plays:
        s.seen_plays[seat] = []


def as_played(s: State, seat: int, cards: Sequence[str], **table) -> State:
    """A light copy of ``s`` with ``cards`` back in ``seat``'s hand (kept in the usual order) and
    the given fields as they were: what the rule of thumb saw when ``seat`` played."""
    then = copy.copy(s)
    then.hands = list(s.hands)   # type: ignore[attr-defined]
    then.hands[seat] = C.sorted_hand(s.hands[seat] + list(cards))   # type: ignore[attr-defined]
    for name, value in table.items():
        setattr(then, name, value)
    return then


def explains(game: Game, s: State, seat: int, seen: list, before: Callable[[State, int, list, list], State],
             rng: random.Random) -> bool:
    """Whether the rule of thumb, holding the hand ``s`` gives ``seat``, would have made its seen play."""
    text, cards, table = seen
    then = before(s, seat, cards, table)
    return _gist(game.heuristic_move(then, seat, game.moves(then, seat), rng)) == text


def _gist(move: Move) -> str:
    """A play as the reading compares it: its cards and what it named, not whether it called."""
    return str(Move(move.kind, move.args, tuple(p for p in move.params if p[0] != "call")))


def deal_to_explain(game: Game, twin: ReadState, seat: int | None, rng: random.Random,
                    before: Callable[[State, int, list, list], State],
                    lacks: Sequence[Collection[str]] = ()) -> None:
    """In ``twin``, just dealt anew for ``seat``, give each other seat whose hand does not explain
    its seen play (see the module doc) another hand from itself and the stock, without the cards
    ``lacks[i]`` it is known to lack (even those it may have drawn since: a small bias).
    ``before(s, i, cards, table)`` is the state seat ``i`` played ``cards`` in (`as_played`)."""
    if not twin.seen_plays:
        return
    hands: list[list[str]] = twin.hands  # type: ignore[attr-defined]
    stocks = [z.cards for z in game.zones(twin) if z.visible_to == "none"]
    for other, seen in enumerate(twin.seen_plays):
        if other == seat or not seen:
            continue
        if rng.random() >= rule_chance(twin, other):
            continue    # taken for a seat that does not play by the rule of thumb: its play tells nothing
        for _ in range(TRIES):
            if explains(game, twin, other, seen, before, rng):
                break
            _redeal(hands[other], stocks, lacks[other] if lacks else (), rng)


def _redeal(hand: list[str], stocks: list[list[str]], lacked: Collection[str], rng: random.Random) -> None:
    """``hand`` dealt again from itself and the ``stocks``, none of the ``lacked`` cards in it
    while others are there."""
    pool = hand + [c for cards in stocks for c in cards]
    rng.shuffle(pool)
    if lacked:
        pool.sort(key=lambda c: c in lacked)    # stable: still shuffled among those it may hold
    rest = pool[len(hand):]
    rng.shuffle(rest)
    hand[:] = pool[:len(hand)]
    at = 0
    for cards in stocks:
        cards[:] = rest[at:at + len(cards)]
        at += len(cards)
