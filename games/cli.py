"""A terminal front end: play against computer players, or watch them.

    python -m games list
    python -m games rules crazy_eights
    python -m games play crazy_eights --players 4 --seat 0
    python -m games play scopa --seat none --ai search --language it

It shows what the Discord front end shows (the view, the events a seat may see)
and builds moves by walking the same prompts, one question at a time. Every text
is rendered for the reader's ``--language`` (`games.localize.render`), seat names
filled in."""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from collections.abc import Callable

from games.ai import make_player
from games.common.table import score_text
from games.engine import COLUMN, POINTS, BadOption, Event, Game, IllegalMove, Move, State, View, players_text
from games.localize import ENGLISH_CODE, LANGUAGES, render
from games.registry import GAMES, get
from games.text import Cards, Seat, Text, texts

T, N = texts("cli")

Ask = Callable[[str], str]
Say = Callable[[str], None]


class Quit(Exception):
    pass


NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou")


def seat_names(players: int, human: int | None, language: str = ENGLISH_CODE) -> list[str]:
    return [render(T("{name} (you)", name=NAMES[i]), language) if i == human else NAMES[i] for i in range(players)]


def render_view(game: Game, view: View, names: list[str], unit: tuple[str, str] = POINTS,
                language: str = ENGLISH_CODE) -> str:
    def sub(text: str) -> str:
        return Event(text).render(names, language)
    lines = [sub(T("── {game} ── {status}", game=game.title, status=view.status))]
    lines += [f"   {sub(f)}" for f in view.facts]
    for pile in view.piles:
        if pile.layout == COLUMN:    # the game writes its columns itself
            continue
        cards = Cards(tuple(pile.cards))
        if not pile.count:
            body = T("{pile}: empty", pile=pile.name)
        elif len(pile.cards) == pile.count:
            body = T("{pile}: {cards}", pile=pile.name, cards=cards)
        elif pile.cards:
            body = N("{pile}: {cards} ({n} card)", "{pile}: {cards} ({n} cards)", pile.count, pile=pile.name,
                     cards=cards)
        else:
            body = N("{pile}: {n} card", "{pile}: {n} cards", pile.count, pile=pile.name)
        lines.append(f"   {sub(body)}")
    for sv in view.seats:
        lines.append(f"   {sub(_seat_line(sv.seat, sv.cards, sv.score, sv.notes, unit))}"
                     f"{' ◀' if sv.seat in view.to_move else ''}")
    if view.seat is not None:
        cards = game.hand_text(view.hand) or Cards(tuple(view.hand))
        hand = T("Your hand: {cards}", cards=cards) if view.hand else T("Your hand: (empty)")
        lines.append(f"   {sub(hand)}")
        lines += [f"   🔒 {sub(line)}" for line in view.private]   # what only this seat may read (a draft)
    return "\n".join(lines)


def _seat_line(seat: int, cards: int, score: float | None, notes: list[str], unit: tuple[str, str]) -> str:
    """``Ann: 5 cards, 12 points [dealer]`` (as a text, the name a placeholder)."""
    held = N("{seat}: {n} card", "{seat}: {n} cards", cards, seat=Seat(seat))
    if score is not None:
        held = T("{cards}, {score}", cards=held, score=score_text(score, unit))
    if not notes:
        return held
    marks = notes[0]
    for note in notes[1:]:
        marks = T("{first}, {next}", first=marks, next=note)
    return T("{seat_line} [{notes}]", seat_line=held, notes=marks)


def ask_move(game: Game, s: State, seat: int, names: list[str], ask: Ask, say: Say,
             language: str = ENGLISH_CODE) -> Move:
    def sub(text: str) -> str:
        return Event(text).render(names, language)
    prompt = game.prompt(s, seat)
    say(sub(prompt.text))
    chosen: list[str] = []
    while True:
        step = prompt.step(chosen)
        assert step is not None, "a prompt step must offer answers"
        say(sub(T("{question}:", question=step.question)))
        for i, (label, _) in enumerate(step.answers, 1):
            say(f"  {i}. {sub(label)}")
        n = len(step.answers)
        question = T("Choose 1–{n} (b = back), q to quit: ", n=n) if chosen else T("Choose 1–{n}, q to quit: ", n=n)
        answer = ask(sub(question)).strip().lower()
        if answer == "q":
            raise Quit
        if answer == "b" and chosen:
            chosen.pop()
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(step.answers):
            say(sub(T("Please type one of the numbers shown.")))
            continue
        label, move = step.answers[int(answer) - 1]
        if move is not None:
            return move
        chosen.append(label)


def play(game: Game, players: int, human: int | None, options: dict, seed: int, ai: str,
         iterations: int, seconds: float | None, ask: Ask = input, say: Say = print,
         language: str = ENGLISH_CODE) -> State:
    s = game.start(players, options, seed)
    names = seat_names(players, human, language)
    bots = {i: make_player(ai, seed=seed + i, iterations=iterations, seconds=seconds)
            for i in range(players) if i != human}

    def show_view() -> None:
        say(render_view(game, game.view(s, human), names, game.score_unit(s), language))

    show_view()
    while not s.over:
        movers = sorted(game.to_move(s))
        seat = human if human in movers else movers[0]
        if seat == human:
            show_view()
            move = ask_move(game, s, seat, names, ask, say, language)
        else:
            move = bots[seat].choose(game, s, seat)
        try:
            events = game.apply(s, seat, move)
        except IllegalMove as e:
            say(Event(T("Not allowed: {reason}", reason=e.args[0] if e.args else str(e))).render(names, language))
            continue
        for e in events:
            if e.visible_to(human):
                say(e.render(names, language))
    show_view()
    outcome = game.outcome(s)
    assert outcome is not None
    order = sorted(enumerate(outcome.placings), key=lambda x: x[1])
    placings = T("{name} {place}", name=names[order[0][0]], place=order[0][1])
    for i, place in order[1:]:
        placings = T("{first}, {next}", first=placings, next=T("{name} {place}", name=names[i], place=place))
    say(render(T("Final placings: {placings}", placings=placings), language))
    return s


def rules_text(game: Game, language: str = ENGLISH_CODE) -> str:
    lines = [render(T("{game} ({players})", game=game.title, players=player_range(game)), language), ""]
    lines += [textwrap.fill(p, 78) for p in render(game.rules, language).split("\n")]
    lines += ["", render(T("Options (name = default; allowed values):"), language)]
    for info in game.Options.describe():
        default = str(info.default)   # as Python writes it, like the option's type
        lines.append("  " + render(T("{name} = {default}; {allowed}. {help}", name=info.name, default=default,
                                     allowed=info.allowed, help=info.help), language))
    return "\n".join(lines)


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise BadOption(T("write options as name=value (got {pair})", pair=repr(pair)))
        options[name.strip()] = value.strip()
    return options


def player_range(game: Game) -> Text:
    return players_text(game.seats)


def main(argv: list[str] | None = None, ask: Ask = input, say: Say = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description="Play card games in a terminal.")
    sub = parser.add_subparsers(dest="command", required=True)
    lister = sub.add_parser("list", help="list the games")
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
    for command in (rules, p, lister):
        command.add_argument("--language", choices=sorted(LANGUAGES), default=ENGLISH_CODE,
                             help="the language of the game's texts (default: en, English)")
    args = parser.parse_args(argv)
    language = args.language

    def tell(text: str) -> None:
        say(render(text, language))

    if args.command == "list":
        for key, game in sorted(GAMES.items()):
            title, players = render(game.title, language), render(player_range(game), language)
            say(f"{key:16} {title:16} {players:12} {render(game.summary, language)}")
        return 0
    game = get(args.game)
    if args.command == "rules":
        say(rules_text(game, language))
        return 0
    players = args.players or game.seats.start
    human = None if args.seat.lower() == "none" else int(args.seat)
    if human is not None and not 0 <= human < players:
        tell(T("--seat must be between 0 and {last}, or none", last=players - 1))
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        play(game, players, human, parse_options(args.option), seed, args.ai, args.iterations,
             args.seconds, ask, say, language)
    except BadOption as e:
        tell(T("Cannot start: {reason}", reason=e.args[0] if e.args else str(e)))
        return 2
    except (Quit, EOFError, KeyboardInterrupt):
        tell(T("Bye."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
