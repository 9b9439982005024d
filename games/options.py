"""Game options: a frozen dataclass per game, with defaults and validation.

Each field is declared with `option(...)`, which records the allowed values and a
help line. Admins and the command line give values as text; `Options.parse`
coerces them to the field's type and every problem is reported as `BadOption`
naming the option and what it accepts.

Some options only count with a value of another: ``option(1, only_with=("scoring", "wins"))``
(the help then says so). Who wins when they contradict each other:

- Two choices given together (`values`: a member's /play options) that contradict each other
  are refused, naming both: "option 'hands_to_win' only counts with scoring=wins; you chose
  scoring=penalty". So is a choice whose condition the game's own default does not meet (the
  message says which value to add). A choice equal to the option's game default changes nothing
  and is let through, so a table's full option set (a rematch's) always parses again.
- Server defaults (`defaults`) give way to what was chosen: a default that a choice makes
  meaningless, or that makes a choice meaningless, is dropped silently, as is a default that
  another default makes meaningless: these relations never stop a table from opening.
- /config sets one default at a time with the same rule: the new value is the choice, the
  stored defaults are `defaults`; the ones it drops are removed and the admin is told
  (`Options.kept_defaults`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Self

from games.text import Text, texts

T, N = texts("options")


class BadOption(ValueError):
    """An option value outside what the game accepts; the message names the option."""


def option(default: Any, *, choices: tuple | None = None, min: int | None = None,
           max: int | None = None, help: str = "", only_with: tuple[str, Any] | None = None) -> Any:
    """A game option. ``only_with=(other, value)`` (or a tuple of values) says it only counts
    when option ``other`` has that value."""
    if only_with is not None:
        other, wanted = only_with
        only_with = (other, wanted if isinstance(wanted, tuple) else (wanted,))
    return field(default=default, metadata={"choices": choices, "min": min, "max": max, "help": help,
                                            "only_with": only_with})


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
    only_with: tuple[str, tuple] | None = None


def condition_text(only_with: tuple[str, tuple]) -> str:
    """``scoring=wins`` (or ``scoring=wins or places``): names and values as players write
    them, joined by "or" in the reader's language."""
    other, wanted = only_with
    out: str = f"{other}={value_text(wanted[0])}"
    for value in wanted[1:]:
        out = T("{first} or {next}", first=out, next=f"{other}={value_text(value)}")
    return out


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _not_a_number(name: str, value: Any) -> Text:
    return T("option '{name}' must be a whole number (got {value})", name=name, value=quoted(value))


def _coerce(name: str, kind: type, value: Any) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise BadOption(T("option '{name}' must be yes or no (got {value})", name=name, value=quoted(value)))
    if kind is int:
        if isinstance(value, bool):
            raise BadOption(_not_a_number(name, value))
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            raise BadOption(_not_a_number(name, value)) from None
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
                allowed = T("any")
            only_with = meta.get("only_with")
            help = meta.get("help", "")
            if only_with:
                help = T("only with {condition}: {help}", condition=condition_text(only_with), help=help)
            infos.append(OptionInfo(f.name, f.default if f.default is not MISSING else None,
                                    allowed, help, meta.get("choices"),
                                    meta.get("min"), meta.get("max"), only_with))
        return infos

    @classmethod
    def parse(cls, values: Mapping[str, Any] | None = None, players: int | None = None,
              defaults: Mapping[str, Any] | None = None) -> Self:
        """Build options from text or typed values; unknown names and bad values
        raise `BadOption`. With ``players``, also checks rules that depend on it.
        ``defaults`` (a server's) fill in what ``values`` leave out, minus those that
        contradict them (see the module's docstring)."""
        chosen = cls._typed(values or {})
        kept = cls._typed(cls.kept_defaults(defaults or {}, values or {}))
        opts = cls(**(kept | chosen))
        opts.validate()
        cls._check_relations(chosen, kept)
        if players is not None:
            opts.check(players)
        return opts

    @classmethod
    def kept_defaults(cls, defaults: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        """The ``defaults`` that still count next to the chosen ``values``: without those
        that a choice makes meaningless or that would make a choice meaningless, and
        without those another kept default makes meaningless."""
        chosen, typed = cls._typed(values), cls._typed(defaults)
        relations = cls._relations()
        kept = {name: value for name, value in typed.items() if name not in chosen
                and not cls._contradicts(name, value, chosen, relations)}
        current = cls._game_defaults() | kept | chosen
        kept = {name: value for name, value in kept.items()
                if name not in relations or current[relations[name][0]] in relations[name][1]}
        return {name: value for name, value in defaults.items() if name in kept}

    @classmethod
    def _contradicts(cls, name: str, value: Any, chosen: Mapping[str, Any],
                     relations: Mapping[str, tuple[str, tuple]]) -> bool:
        """Whether a default ``name=value`` contradicts one of the ``chosen`` options."""
        if name in relations:
            other, wanted = relations[name]
            if other in chosen and chosen[other] not in wanted:
                return True
        return any(other == name and value not in wanted and chosen[dependent] != cls._game_defaults()[dependent]
                   for dependent, (other, wanted) in relations.items() if dependent in chosen)

    @classmethod
    def _check_relations(cls, chosen: Mapping[str, Any], kept: Mapping[str, Any]) -> None:
        """Refuse a chosen option (other than its game default) whose condition does not hold."""
        game_defaults = cls._game_defaults()
        current = game_defaults | dict(kept) | dict(chosen)
        for name, (other, wanted) in cls._relations().items():
            if name not in chosen or chosen[name] == game_defaults[name] or current[other] in wanted:
                continue
            condition = condition_text((other, wanted))
            if other in chosen:
                raise BadOption(T("option '{name}' only counts with {condition}; you chose {choice}", name=name,
                                  condition=condition, choice=f"{other}={value_text(chosen[other])}"))
            raise BadOption(T("option '{name}' only counts with {condition}; {other} is {value} unless you choose "
                              "{condition}", name=name, condition=condition, other=other,
                              value=value_text(current[other])))

    @classmethod
    def _relations(cls) -> dict[str, tuple[str, tuple]]:
        return {f.name: f.metadata["only_with"] for f in fields(cls) if f.metadata.get("only_with")}

    @classmethod
    def _game_defaults(cls) -> dict[str, Any]:
        return {f.name: f.default for f in fields(cls)}

    @classmethod
    def _typed(cls, values: Mapping[str, Any]) -> dict[str, Any]:
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(values) - set(known))
        if unknown:
            if not known:
                raise BadOption(T("unknown option {name} (options: none)", name=quoted(unknown[0])))
            raise BadOption(T("unknown option {name} (options: {options})", name=quoted(unknown[0]),
                              options=", ".join(known)))
        typed = {}
        for name, value in values.items():
            f = known[name]
            kind = {"bool": bool, "int": int, "str": str}.get(f.type, f.type) if isinstance(f.type, str) else f.type
            typed[name] = _coerce(name, kind, value)
        return typed

    def validate(self, players: int | None = None) -> None:
        for f in fields(self):
            value, meta = getattr(self, f.name), f.metadata
            choices = meta.get("choices")
            if choices and value not in choices:
                allowed = ", ".join(map(str, choices))
                raise BadOption(T("option '{name}' must be one of {allowed} (got {value})", name=f.name,
                                  allowed=allowed, value=quoted(value)))
            lo, hi = meta.get("min"), meta.get("max")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise BadOption(T("option '{name}' must be between {low} and {high} (got {value})", name=f.name,
                                  low=lo, high=hi, value=quoted(value)))
        if players is not None:
            self.check(players)

    def check(self, players: int) -> None:
        """Rules that involve several options or the player count; raise `BadOption`."""

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
