"""Per-server settings: what a server's admins choose, validated, with sensible defaults.

Stored in the store's ``guild_settings`` as one JSON value per key. A table copies what
it needs when it is created (see `TableService.create`), so changing a setting never
changes a table that is already open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.ai.levels import LEVELS
from games.localize import LANGUAGES
from games.options import BadOption, quoted, value_text
from games.registry import GAMES
from games.text import AndList, Text, texts

T, N = texts("bot_config")

TIMEOUT_ACTIONS = {
    "computer": T("a computer player makes the move for them"),
    "skip": T("they pass where the rules allow a pass (otherwise a computer moves for them)"),
    "remove": T("a computer player takes over their seat at once"),
}
STRENGTHS = LEVELS                 # the computer players' levels: games/ai/levels.py says what each means
TIMER_RANGE = (0, 86_400)          # seconds per decision; 0 = no timer
MAX_TABLES_RANGE = (1, 25)


class ConfigError(ValueError):
    """A setting value that cannot be used; the message (a `Text`, ``args[0]``) says what is allowed."""


def seconds_text(n: int) -> Text:
    """A duration for /config show: "no timer", "45 s", "5 min", "2 min 30 s"."""
    if n == 0:
        return T("no timer")
    if n < 120:
        return T("{n} s", n=n)
    if n % 60:
        return T("{minutes} min {seconds} s", minutes=n // 60, seconds=n % 60)
    return T("{minutes} min", minutes=n // 60)


@dataclass(frozen=True)
class GuildConfig:
    timer: int = 300                                   # seconds per decision, every game
    timers: dict[str, int] = field(default_factory=dict)   # per game, overriding `timer`
    window: int = 20                                   # seconds a reaction window stays open
    timeout_action: str = "computer"
    replace_after: int = 2                             # timeouts in a row before a computer takes the seat
    channels: tuple[int, ...] = ()                     # channels that may host tables; empty = all
    max_tables: int = 3                                # open tables per channel
    computers: bool = True
    strength: str = "normal"
    pictures: bool = True                              # False: text only
    language: str = ""                                 # of new tables' messages; "" = the server's Discord locale
    options: dict[str, dict[str, str]] = field(default_factory=dict)   # per game: option defaults

    @classmethod
    def from_settings(cls, values: dict[str, Any]) -> GuildConfig:
        """From the store's rows; unknown or broken values fall back to the defaults."""
        base = cls()
        timers = {k.removeprefix("timer:"): int(v) for k, v in values.items()
                  if k.startswith("timer:") and k.removeprefix("timer:") in GAMES}
        options = {k.removeprefix("options:"): dict(v) for k, v in values.items()
                   if k.startswith("options:") and k.removeprefix("options:") in GAMES and isinstance(v, dict)}
        return cls(
            timer=int(values.get("timer", base.timer)),
            timers=timers,
            window=int(values.get("window", base.window)),
            timeout_action=values.get("timeout_action", base.timeout_action)
            if values.get("timeout_action") in TIMEOUT_ACTIONS else base.timeout_action,
            replace_after=int(values.get("replace_after", base.replace_after)),
            channels=tuple(int(c) for c in values.get("channels", ())),
            max_tables=int(values.get("max_tables", base.max_tables)),
            computers=bool(values.get("computers", base.computers)),
            strength=values.get("strength", base.strength) if values.get("strength") in STRENGTHS
            else base.strength,
            pictures=bool(values.get("pictures", base.pictures)),
            language=values.get("language", "") if values.get("language") in LANGUAGES else "",
            options=options,
        )

    def timer_for(self, game: str) -> int:
        return self.timers.get(game, self.timer)

    def allows_channel(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels

    def lines(self, game: str | None = None) -> list[Text]:
        """The settings as lines for /config show (one game's, or the server's)."""
        if game is not None:
            return self.game_lines(game)
        timer = seconds_text(self.timer)
        per_game = AndList(tuple(T("{game} {time}", game=k, time=seconds_text(v))
                                 for k, v in sorted(self.timers.items())))
        defaults = "; ".join(f"{k}: " + " ".join(f"{n}={value_text(v)}" for n, v in sorted(opts.items()))
                             for k, opts in sorted(self.options.items()) if opts)
        return [
            T("Turn timer: {time} · per game: {games}", time=timer, games=per_game) if self.timers
            else T("Turn timer: {time}", time=timer),
            T("Reaction windows: {time}", time=seconds_text(self.window)),
            N("On timeout: {action} ({meaning}); after {n} timeout in a row a computer takes the seat",
              "On timeout: {action} ({meaning}); after {n} timeouts in a row a computer takes the seat",
              self.replace_after, action=self.timeout_action, meaning=TIMEOUT_ACTIONS[self.timeout_action]),
            T("Channels: {channels}", channels=", ".join(f"<#{c}>" for c in self.channels)) if self.channels
            else T("Channels: every channel"),
            T("Open tables per channel: at most {n}", n=self.max_tables),
            T("Computer players: allowed, strength {strength}", strength=self.strength) if self.computers
            else T("Computer players: not allowed, strength {strength}", strength=self.strength),
            T("Card pictures: on") if self.pictures else T("Card pictures: off (text only)"),
            T("Table language: {language}", language=LANGUAGES[self.language]) if self.language
            else T("Table language: the server’s Discord language"),
            T("Game option defaults: {defaults}", defaults=defaults) if defaults else T("Game option defaults: none"),
        ]

    def game_lines(self, game: str) -> list[Text]:
        g = GAMES[game]
        mine = self.options.get(game, {})
        timer = seconds_text(self.timer_for(game))
        out = [T("**{game}**", game=g.title),
               T("Turn timer: {time}", time=timer) if game in self.timers
               else T("Turn timer: {time} (server default)", time=timer)]
        for info in g.Options.describe():
            value = mine.get(info.name)
            if value is not None:
                out.append(T("`{name}` = **{value}** (server default); allowed {allowed}", name=info.name,
                             value=value_text(value), allowed=info.allowed))
            else:
                out.append(T("`{name}` = {value} (game default); allowed {allowed}", name=info.name,
                             value=value_text(info.default), allowed=info.allowed))
        return out


def check_game(game: str) -> str:
    key = game.strip().lower()
    if key not in GAMES:
        raise ConfigError(T("There is no game called {game}. Games: {games}.", game=quoted(game),
                            games=", ".join(sorted(GAMES))))
    return key


def check_option(game: str, name: str, value: str, current: dict[str, str]) -> dict[str, str]:
    """The game's option defaults with ``name`` set to ``value``, validated against the
    game's option dataclass, in its plain form. The new value wins over the defaults already set:
    those it makes meaningless (or that would make it meaningless) are left out, as at /play."""
    g = GAMES[check_game(game)]
    name = check_option_name(game, name)
    chosen = {name: value.strip()}
    try:
        parsed = g.Options.parse(chosen, defaults=current)
    except BadOption as e:
        raise ConfigError(T("Bad value: {error}.", error=e.args[0] if e.args else str(e))) from None
    chosen = {name: value_text(getattr(parsed, name))}   # as written back: "21", not "0021 "
    return g.Options.kept_defaults(current, chosen) | chosen


def reset_option(game: str, name: str, current: dict[str, str]) -> dict[str, str]:
    """The game's option defaults without ``name``, and without those that only counted with it."""
    g = GAMES[check_game(game)]
    name = check_option_name(game, name)
    return g.Options.kept_defaults({k: v for k, v in current.items() if k != name}, {})


def dropped_text(before: dict[str, str], after: dict[str, str], name: str) -> Text | None:
    """Tells the admin which other defaults a change removed, or None."""
    gone = [f"{k}={v}" for k, v in sorted(before.items()) if k != name and k not in after]
    if not gone:
        return None
    return T("Removed {options}: it no longer counts with {name} set like this.", options=", ".join(gone), name=name)


def check_option_name(game: str, name: str) -> str:
    g = GAMES[check_game(game)]
    name = name.strip().lower()
    known = {i.name for i in g.Options.describe()}
    if name not in known:
        if not known:
            raise ConfigError(T("{game} has no option {name}. Options: none.", game=g.title, name=quoted(name)))
        raise ConfigError(T("{game} has no option {name}. Options: {options}.", game=g.title, name=quoted(name),
                            options=", ".join(sorted(known))))
    return name


def check_range(name: Text, value: int, bounds: tuple[int, int]) -> int:
    """``value`` if within ``bounds``; else ConfigError naming the setting (``name``, a text)."""
    low, high = bounds
    if not low <= value <= high:
        raise ConfigError(T("{setting} must be between {low} and {high} (got {value}).", setting=name, low=low,
                            high=high, value=value))
    return value
