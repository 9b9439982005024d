"""Game options: a frozen dataclass per game, with defaults and validation.

Each field is declared with `option(...)`, which records the allowed values and a
help line. Admins and the command line give values as text; `Options.parse`
coerces them to the field's type and every problem is reported as `BadOption`
naming the option and what it accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Self


class BadOption(ValueError):
    """An option value outside what the game accepts; the message names the option."""


def option(default: Any, *, choices: tuple | None = None, min: int | None = None,
           max: int | None = None, help: str = "") -> Any:
    return field(default=default, metadata={"choices": choices, "min": min, "max": max, "help": help})


QUOTE_LIMIT = 60


def quoted(text: Any, limit: int = QUOTE_LIMIT) -> str:
    """A member's input, repeated back in a message: in quotes, cut to ``limit`` characters."""
    text = str(text)
    return f"'{text if len(text) <= limit else text[:limit - 1] + '…'}'"


def value_text(value: Any) -> str:
    """An option's value as players write it: ``yes``/``no`` for flags."""
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class OptionInfo:
    name: str
    default: Any
    allowed: str
    help: str
    choices: tuple | None
    min: int | None
    max: int | None


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _coerce(name: str, kind: type, value: Any) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise BadOption(f"option '{name}' must be yes or no (got {quoted(value)})")
    if kind is int:
        if isinstance(value, bool):
            raise BadOption(f"option '{name}' must be a whole number (got {quoted(value)})")
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            raise BadOption(f"option '{name}' must be a whole number (got {quoted(value)})") from None
    return str(value).strip()


@dataclass(frozen=True)
class Options:
    """Base class for a game's options. Subclasses are frozen dataclasses whose
    fields use `option(...)`; `check` adds rules that involve several options or
    the number of players."""

    @classmethod
    def describe(cls) -> list[OptionInfo]:
        infos = []
        for f in fields(cls):
            meta = f.metadata
            if meta.get("choices"):
                allowed = " / ".join(str(c) for c in meta["choices"])
            elif meta.get("min") is not None or meta.get("max") is not None:
                allowed = f"{meta.get('min')}–{meta.get('max')}"
            elif f.type in (bool, "bool"):
                allowed = "yes / no"
            else:
                allowed = "any"
            infos.append(OptionInfo(f.name, f.default if f.default is not MISSING else None,
                                    allowed, meta.get("help", ""), meta.get("choices"),
                                    meta.get("min"), meta.get("max")))
        return infos

    @classmethod
    def parse(cls, values: Mapping[str, Any] | None = None, players: int | None = None) -> Self:
        """Build options from text or typed values; unknown names and bad values
        raise `BadOption`. With ``players``, also checks rules that depend on it."""
        values = dict(values or {})
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise BadOption(f"unknown option {quoted(unknown[0])} (options: {', '.join(known) or 'none'})")
        typed = {}
        for name, value in values.items():
            f = known[name]
            kind = {"bool": bool, "int": int, "str": str}.get(f.type, f.type) if isinstance(f.type, str) else f.type
            typed[name] = _coerce(name, kind, value)
        opts = cls(**typed)
        opts.validate(players)
        return opts

    def validate(self, players: int | None = None) -> None:
        for f in fields(self):
            value, meta = getattr(self, f.name), f.metadata
            choices = meta.get("choices")
            if choices and value not in choices:
                allowed = ", ".join(map(str, choices))
                raise BadOption(f"option '{f.name}' must be one of {allowed} (got {quoted(value)})")
            lo, hi = meta.get("min"), meta.get("max")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise BadOption(f"option '{f.name}' must be between {lo} and {hi} (got {quoted(value)})")
        if players is not None:
            self.check(players)

    def check(self, players: int) -> None:
        """Rules that involve several options or the player count; raise `BadOption`."""

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
