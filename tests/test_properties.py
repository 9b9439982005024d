"""Shared property tests: every registered game, random games to the end.

Checked after every move (see tests/playthrough.py): cards conserved, JSON round
trip exact, no hidden card in any seat's or the onlookers' view or in events,
illegal moves refused with a message and no change, prompts offering exactly
the legal moves. At the end: an outcome exists, and replaying the move log from
the seed gives the same final state."""

from __future__ import annotations

import random

import pytest

from games.options import BadOption
from games.registry import GAMES
from tests.playthrough import play_random

GAMES_PER_KEY = 40
# What counts is the number of moves checked, and CI's time: each game's random games take at most
# about 35 s of one CI worker. A random game of I Doubt It runs to its play limit (about 2,000 moves with
# every seat's window answers), twenty times a Crazy Eights game; Last One's random matches run to their
# drop-out total (about 1,800 moves); Trash, Oh Hell and Big Two matches last many hands.
FEWER_GAMES = {"i_doubt_it": 6, "diloti": 6,     # Diloti: a match to 61 or 101 is 300 to 900 moves
               "last_one": 12, "trash": 18, "oh_hell": 22, "crazy_eights": 24, "big_two": 26, "kontsina": 34,
               "trex": 14,                        # Trex: 20 hands of 52 cards, over 1,000 moves
               "envite": 20,                      # Envite: up to 12 seats, each one's view checked every move
               "seven_rummy": 20,                 # Seven Rummy: a hand of random play is 200 to 600 moves
               "pirate": 6,                       # Pirate: a random race is 400 to 600 ticks, 1,500 moves
               "canasta": 10,                     # Canasta: a hand of random play is 200 to 500 moves
               "triple_play": 2}                  # Triple Play: 324 cards, a deal of random play is 600 moves
# Random players score little per hand in Seven Rummy (they meld whatever they can), so a match to
# its 200 points takes thousands of moves: its random games play one or two hands
SHORT_MATCHES = {"seven_rummy": lambda rng: {"target": 0, "match_hands": rng.choice((1, 2))},
                 "canasta": lambda rng: {"hands": rng.choice((1, 2))},   # a match to 5000 is five hands and more
                 "triple_play": lambda rng: {"deals": 1}}               # four deals of 324 cards
CHUNKS = 2


def random_options(game, players: int, rng: random.Random) -> dict:
    """A quarter of the games use defaults; the rest pick among each option's listed
    choices, and for a numeric option its default or its minimum (short matches, so
    every game's whole life, end included, is played often)."""
    if rng.random() < 0.25:
        return {}
    for _ in range(20):
        opts = {info.name: rng.choice(info.choices) if info.choices else rng.choice((info.default, info.min))
                for info in game.Options.describe() if info.choices or info.min is not None}
        try:
            game.Options.parse(opts, players)
        except BadOption:
            continue
        return opts
    return {}


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("key", sorted(GAMES))
def test_random_games_keep_every_invariant(key: str, chunk: int) -> None:
    game = GAMES[key]
    per_chunk = FEWER_GAMES.get(key, GAMES_PER_KEY) // CHUNKS
    for n in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        rng = random.Random(f"{key}:{n}")
        players = rng.choice(list(game.seats))
        options = random_options(game, players, rng)
        if key in SHORT_MATCHES:
            options.update(SHORT_MATCHES[key](rng))
        run = play_random(game, players, options, seed=n)
        final = run.final
        outcome = game.outcome(final)
        assert outcome is not None and final.over
        assert len(outcome.placings) == players and outcome.winners
        assert all(outcome.placings[w] == 1 for w in outcome.winners)
        replay = game.start(players, options, n)
        for seat, move in run.log:
            game.apply(replay, seat, move)
        assert replay == final, "replaying the move log from the seed must reproduce the game"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_options_describe_defaults_that_validate(key: str) -> None:
    game = GAMES[key]
    infos = game.Options.describe()
    defaults = {i.name: i.default for i in infos}
    for players in game.seats:
        assert game.Options.parse(defaults, players).to_dict() == defaults
    assert game.rules and game.summary and game.title
