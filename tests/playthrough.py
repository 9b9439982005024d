"""Random play-throughs with every invariant checked after every move.

Used by the shared property tests, which run for every registered game."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field

from games import cards as C
from games.engine import Event, Game, IllegalMove, Move, State, View


@dataclass
class Playthrough:
    game: Game
    players: int
    options: dict
    seed: int
    log: list[tuple[int, Move]] = field(default_factory=list)
    final: State | None = None


def all_cards(game: Game, s: State) -> Counter:
    return Counter(c for z in game.zones(s) for c in z.cards)


def hidden_from(game: Game, s: State, seat: int | None) -> set[str]:
    return {c for z in game.zones(s) if z.visible_to not in ("all", seat) for c in z.cards}


_QUOTED = re.compile(r'"([^"\\]*)"')
_PRETTY = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|(?:Red|Black) 🃏")


def assert_no_leak(game: Game, s: State, seat: int | None, view: View) -> None:
    """No card hidden from ``seat`` appears in its view, as a code or as pretty text
    (pretty text only where no card the seat may see looks the same)."""
    zones = game.zones(s)
    hidden = {c for z in zones if z.visible_to not in ("all", seat) for c in z.cards}
    blob = json.dumps(view.to_dict(), ensure_ascii=False)
    leaked = hidden.intersection(_QUOTED.findall(blob))
    assert not leaked, f"{game.key}: seat {seat} view shows hidden {sorted(leaked)}"
    seen_pretty = {C.text(c) for z in zones if z.visible_to in ("all", seat) for c in z.cards}
    secret_pretty = {C.text(c) for c in hidden} - seen_pretty
    mentioned = secret_pretty.intersection(_PRETTY.findall(blob))
    assert not mentioned, f"{game.key}: seat {seat} view mentions hidden {sorted(mentioned)}"
    if seat is None:
        assert view.hand == []


def assert_events_private(game: Game, s: State, events: list[Event]) -> None:
    """Events must not name a card in a hand of a seat that is not allowed to read them."""
    hands = [(z.visible_to, z.cards) for z in game.zones(s) if isinstance(z.visible_to, int)]
    for e in events:
        for owner, held in hands:
            if e.to == owner:
                continue
            for code in held:
                pretty = C.text(code)
                if code in e.text.split() or pretty in e.text:
                    others = {c for o, h in hands if o != owner for c in h} | {
                        c for z in game.zones(s) if z.visible_to == "all" for c in z.cards}
                    if not any(C.text(c) == pretty for c in others):
                        raise AssertionError(f"{game.key}: event {e.text!r} names {pretty} held by seat {owner}")


def assert_guess_keeps_what_is_seen(game: Game, s: State, seat: int, deck: Counter, rng: random.Random) -> None:
    """A computer's guess at the cards ``seat`` cannot see (its search deals them anew) keeps every card
    the seat sees where it is, and the seat's choices, and neither creates nor loses a card."""
    guess = game.determinize(s, seat, rng)
    seen = [(z.name, z.cards) for z in game.zones(s) if z.visible_to in ("all", seat)]
    assert [(z.name, z.cards) for z in game.zones(guess) if z.visible_to in ("all", seat)] == seen, \
        f"{game.key}: seat {seat}'s guess moved a card it sees"
    assert all_cards(game, guess) == deck, f"{game.key}: seat {seat}'s guess created or lost cards"
    assert game.moves(guess, seat) == game.moves(s, seat), f"{game.key}: seat {seat}'s guess changed its choices"


def illegal_attempts(game: Game, s: State, rng: random.Random) -> list[tuple[int, Move]]:
    """A move of the right seat played by a seat not to move, a card not held,
    and malformed moves."""
    movers = sorted(game.to_move(s))
    seat = movers[rng.randrange(len(movers))]
    legal = game.moves(s, seat)
    attempts: list[tuple[int, Move]] = []
    idle = [i for i in range(s.players) if i not in movers]
    if idle:
        attempts.append((idle[rng.randrange(len(idle))], legal[rng.randrange(len(legal))]))
    with_cards = [m for m in legal if m.args and C.is_card(m.args[0])]
    if with_cards:
        m = with_cards[rng.randrange(len(with_cards))]
        # the seat's own zones, and its hand as its view shows it (a card may lie in a public
        # zone while in a hand: Calabrasella's called card)
        own = {c for z in game.zones(s) if z.visible_to == seat for c in z.cards} | set(game.view(s, seat).hand)
        foreign = sorted({c for z in game.zones(s) for c in z.cards} - own)
        if foreign:
            fake = Move(m.kind, (foreign[rng.randrange(len(foreign))],) + m.args[1:], m.params)
            if fake not in legal:
                attempts.append((seat, fake))
    attempts += [(seat, Move("frobnicate")), (seat, Move("play", ("ZZ",))), (seat, Move("play")),
                 (seat, Move("bid", ("-1",))), (seat, Move("play", ("XX", "YY"), (("q", "?"),)))]
    return [(st, mv) for st, mv in attempts if mv not in game.moves(s, st)]


def play_random(game: Game, players: int, options: dict, seed: int, *, checks: bool = True,
                max_moves: int = 20000) -> Playthrough:
    rng = random.Random(seed * 7919 + players)
    s = game.start(players, options, seed)
    run = Playthrough(game, players, options, seed)
    deck = all_cards(game, s)
    for _ in range(max_moves):
        if checks:
            assert type(s).from_json(s.to_json()) == s, "JSON round trip changed the state"
            assert all_cards(game, s) == deck, "cards were created or lost"
            for seat in [None, *range(players)]:
                assert_no_leak(game, s, seat, game.view(s, seat))
        movers = sorted(game.to_move(s))
        if s.over:
            assert not movers, "a finished game still asks for moves"
            break
        assert movers, "the game is not over but nobody may move"
        if checks:
            before = s.to_json()
            for bad_seat, bad in illegal_attempts(game, s, rng):
                try:
                    game.apply(s, bad_seat, bad)
                except IllegalMove as e:
                    assert str(e), "an IllegalMove must carry a message"
                else:
                    raise AssertionError(f"{game.key}: illegal {bad} by seat {bad_seat} was accepted")
                assert s.to_json() == before, f"refusing {bad} changed the state"
        seat = movers[rng.randrange(len(movers))]
        legal = game.moves(s, seat)
        assert legal, f"seat {seat} is to move but has no legal move"
        if checks:
            assert_guess_keeps_what_is_seen(game, s, seat, deck, random.Random(seed * 7919 + len(run.log)))
            prompt = game.prompt(s, seat)
            assert [c.move for c in prompt.choices] == legal, "the prompt must offer exactly the legal moves"
            assert all(c.path for c in prompt.choices)
        move = legal[rng.randrange(len(legal))]
        hand_before = s.hand_no
        events = game.apply(s, seat, Move.parse(str(move)))
        run.log.append((seat, move))
        if checks and s.hand_no == hand_before:  # a new deal makes old events name new hands' cards
            assert_events_private(game, s, events)
    else:
        raise AssertionError(f"{game.key}: no end after {max_moves} moves")
    run.final = s
    return run


def assert_refused(game: Game, s: State, seat: int, move: Move | str) -> str:
    """Apply an illegal move: it must raise IllegalMove and leave the state as it was.
    Returns the reason, for tests to check it says the right thing."""
    before = s.to_json()
    try:
        game.apply(s, seat, move)
    except IllegalMove as err:
        assert s.to_json() == before, "a refused move changed the state"
        return str(err)
    raise AssertionError(f"{move} by seat {seat} was accepted")
