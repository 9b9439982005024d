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

TIMEOUT_ACTIONS = {
    "computer": "a computer player makes the move for them",
    "skip": "they pass where the rules allow a pass (otherwise a computer moves for them)",
    "remove": "a computer player takes over their seat at once",
}
STRENGTHS = LEVELS                 # the computer players' levels: games/ai/levels.py says what each means
TIMER_RANGE = (0, 86_400)          # seconds per decision; 0 = no timer
MAX_TABLES_RANGE = (1, 25)


class ConfigError(ValueError):
    """A setting value that cannot be used; the message says what is allowed."""


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

    def lines(self, game: str | None = None) -> list[str]:
        """The settings as lines for /config show (one game's, or the server's)."""
        def secs(n: int) -> str:
            return "no timer" if n == 0 else f"{n} s" if n < 120 else f"{n // 60} min" + (
                f" {n % 60} s" if n % 60 else "")
        if game is not None:
            g = GAMES[game]
            mine = self.options.get(game, {})
            out = [f"**{g.title}**", f"Turn timer: {secs(self.timer_for(game))}"
                   + ("" if game in self.timers else " (server default)")]
            for info in g.Options.describe():
                value = mine.get(info.name)
                shown = (f"**{value_text(value)}** (server default)" if value is not None
                         else f"{value_text(info.default)} (game default)")
                out.append(f"`{info.name}` = {shown}; allowed {info.allowed}")
            return out
        return [
            f"Turn timer: {secs(self.timer)}"
            + (" · per game: " + ", ".join(f"{k} {secs(v)}" for k, v in sorted(self.timers.items()))
               if self.timers else ""),
            f"Reaction windows: {secs(self.window)}",
            f"On timeout: {self.timeout_action} ({TIMEOUT_ACTIONS[self.timeout_action]}); "
            f"after {self.replace_after} timeouts in a row a computer takes the seat",
            "Channels: " + (", ".join(f"<#{c}>" for c in self.channels) if self.channels else "every channel"),
            f"Open tables per channel: at most {self.max_tables}",
            f"Computer players: {'allowed' if self.computers else 'not allowed'}, strength {self.strength}",
            f"Card pictures: {'on' if self.pictures else 'off (text only)'}",
            f"Table language: {LANGUAGES[self.language] if self.language else 'the server’s Discord language'}",
            "Game option defaults: " + ("; ".join(
                f"{k}: " + " ".join(f"{n}={value_text(v)}" for n, v in sorted(opts.items()))
                for k, opts in sorted(self.options.items()) if opts) or "none"),
        ]


def check_game(game: str) -> str:
    key = game.strip().lower()
    if key not in GAMES:
        raise ConfigError(f"There is no game called {quoted(game)}. Games: {', '.join(sorted(GAMES))}.")
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
        raise ConfigError(f"Bad value: {e}.") from None
    chosen = {name: value_text(getattr(parsed, name))}   # as written back: "21", not "0021 "
    return g.Options.kept_defaults(current, chosen) | chosen


def reset_option(game: str, name: str, current: dict[str, str]) -> dict[str, str]:
    """The game's option defaults without ``name``, and without those that only counted with it."""
    g = GAMES[check_game(game)]
    name = check_option_name(game, name)
    return g.Options.kept_defaults({k: v for k, v in current.items() if k != name}, {})


def dropped_text(before: dict[str, str], after: dict[str, str], name: str) -> str:
    """Tells the admin which other defaults a change removed, or nothing."""
    gone = [f"{k}={v}" for k, v in sorted(before.items()) if k != name and k not in after]
    return f" Removed {', '.join(gone)}: it no longer counts with {name} set like this." if gone else ""


def check_option_name(game: str, name: str) -> str:
    g = GAMES[check_game(game)]
    name = name.strip().lower()
    known = {i.name for i in g.Options.describe()}
    if name not in known:
        raise ConfigError(f"{g.title} has no option {quoted(name)}. Options: {', '.join(sorted(known)) or 'none'}.")
    return name


def check_range(name: str, value: int, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low} and {high} (got {value}).")
    return value
