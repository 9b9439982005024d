"""A terminal front end: play against computer players, or watch them.

    python -m games list
    python -m games rules crazy_eights
    python -m games play crazy_eights --players 4 --seat 0
    python -m games play scopa --seat none --ai search

It shows what the Discord front end shows (the view, the events a seat may see)
and builds moves by walking the same prompts, one question at a time."""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from collections.abc import Callable

from games import cards as C
from games.ai import make_player
from games.common.table import score_text
from games.engine import POINTS, BadOption, Event, Game, IllegalMove, Move, State, View
from games.registry import GAMES, get

Ask = Callable[[str], str]
Say = Callable[[str], None]


class Quit(Exception):
    pass


NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou")


def seat_names(players: int, human: int | None) -> list[str]:
    return [NAMES[i] + (" (you)" if i == human else "") for i in range(players)]


def render_view(game: Game, view: View, names: list[str], unit: tuple[str, str] = POINTS) -> str:
    def sub(text: str) -> str:
        return Event(text).render(names)
    lines = [f"── {game.title} ── {sub(view.status)}"]
    lines += [f"   {sub(f)}" for f in view.facts]
    for pile in view.piles:
        if not pile.count:
            body = "empty"
        elif len(pile.cards) == pile.count:
            body = C.texts(pile.cards)
        elif pile.cards:
            body = f"{C.texts(pile.cards)} ({pile.count} cards)"
        else:
            body = f"{pile.count} cards"
        lines.append(f"   {sub(pile.name)}: {body}")
    for sv in view.seats:
        marks = ", ".join(sub(n) for n in sv.notes)
        score = "" if sv.score is None else f", {score_text(sv.score, unit)}"
        turn = " ◀" if sv.seat in view.to_move else ""
        lines.append(f"   {names[sv.seat]}: {sv.cards} cards{score}{f' [{marks}]' if marks else ''}{turn}")
    if view.seat is not None:
        lines.append(f"   Your hand: {C.texts(view.hand) or '(empty)'}")
    return "\n".join(lines)


def ask_move(game: Game, s: State, seat: int, names: list[str], ask: Ask, say: Say) -> Move:
    prompt = game.prompt(s, seat)
    say(Event(prompt.text).render(names))
    chosen: list[str] = []
    while True:
        step = prompt.step(chosen)
        assert step is not None, "a prompt step must offer answers"
        say(f"{step.question}:")
        for i, (label, _) in enumerate(step.answers, 1):
            say(f"  {i}. {label}")
        extra = "  (b = back)" if chosen else ""
        answer = ask(f"Choose 1–{len(step.answers)}{extra}, q to quit: ").strip().lower()
        if answer == "q":
            raise Quit
        if answer == "b" and chosen:
            chosen.pop()
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(step.answers):
            say("Please type one of the numbers shown.")
            continue
        label, move = step.answers[int(answer) - 1]
        if move is not None:
            return move
        chosen.append(label)


def play(game: Game, players: int, human: int | None, options: dict, seed: int, ai: str,
         iterations: int, seconds: float | None, ask: Ask = input, say: Say = print) -> State:
    s = game.start(players, options, seed)
    names = seat_names(players, human)
    bots = {i: make_player(ai, seed=seed + i, iterations=iterations, seconds=seconds)
            for i in range(players) if i != human}
    say(render_view(game, game.view(s, human), names, game.score_unit(s)))
    while not s.over:
        movers = sorted(game.to_move(s))
        seat = human if human in movers else movers[0]
        if seat == human:
            say(render_view(game, game.view(s, human), names, game.score_unit(s)))
            move = ask_move(game, s, seat, names, ask, say)
        else:
            move = bots[seat].choose(game, s, seat)
        try:
            events = game.apply(s, seat, move)
        except IllegalMove as e:
            say(f"Not allowed: {e}")
            continue
        for e in events:
            if e.visible_to(human):
                say(e.render(names))
    say(render_view(game, game.view(s, human), names, game.score_unit(s)))
    outcome = game.outcome(s)
    assert outcome is not None
    say("Final placings: " + ", ".join(f"{names[i]} {p}" for i, p in
                                       sorted(enumerate(outcome.placings), key=lambda x: x[1])))
    return s


def rules_text(game: Game) -> str:
    lines = [f"{game.title} ({player_range(game)})", ""]
    lines += [textwrap.fill(p, 78) for p in game.rules.split("\n")]
    lines += ["", "Options (name = default; allowed values):"]
    for info in game.Options.describe():
        lines.append(f"  {info.name} = {info.default}; {info.allowed}. {info.help}")
    return "\n".join(lines)


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise BadOption(f"write options as name=value (got {pair!r})")
        options[name.strip()] = value.strip()
    return options


def player_range(game: Game) -> str:
    low, high = game.seats.start, game.seats.stop - 1
    return f"{low} players" if low == high else f"{low}–{high} players"


def main(argv: list[str] | None = None, ask: Ask = input, say: Say = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description="Play card games in a terminal.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games")
    rules = sub.add_parser("rules", help="show a game's rules and options")
    rules.add_argument("game", choices=sorted(GAMES))
    p = sub.add_parser("play", help="play a game against computer players")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--players", type=int, help="number of players (default: the fewest the game allows)")
    p.add_argument("--seat", default="0", help="your seat (0 is first), or 'none' to watch")
    p.add_argument("--seed", type=int, default=None, help="deal number, for a repeatable game")
    p.add_argument("--ai", choices=("search", "random"), default="search", help="computer player kind")
    p.add_argument("--iterations", type=int, default=1000, help="search budget in playouts per move")
    p.add_argument("--seconds", type=float, default=0.9, help="search time limit per move")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    args = parser.parse_args(argv)

    if args.command == "list":
        for key, game in sorted(GAMES.items()):
            say(f"{key:16} {game.title:16} {player_range(game):12} {game.summary}")
        return 0
    game = get(args.game)
    if args.command == "rules":
        say(rules_text(game))
        return 0
    players = args.players or game.seats.start
    human = None if args.seat.lower() == "none" else int(args.seat)
    if human is not None and not 0 <= human < players:
        say(f"--seat must be between 0 and {players - 1}, or none")
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        play(game, players, human, parse_options(args.option), seed, args.ai, args.iterations,
             args.seconds, ask, say)
    except BadOption as e:
        say(f"Cannot start: {e}")
        return 2
    except (Quit, EOFError, KeyboardInterrupt):
        say("Bye.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
