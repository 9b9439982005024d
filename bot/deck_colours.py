"""The four-colour deck in text (`/prefs deck:four`): ♠ black, ♥ red, ♦ blue, ♣ green.

Discord draws a suit symbol in one colour whatever its suit, so a member who chose four
colours reads each card with a coloured badge in front of it ("🔵7♦ 🟢K♣"), and the buttons
that play one card take their suit's colour (grey, red, blurple, green: Discord's four
button colours). Everyone else reads the usual two-colour text."""

from __future__ import annotations

from bot.components import DANGER, PRIMARY, SECONDARY, SUCCESS
from games import cards as C
from games.text import Card, Text

BADGES = {"S": "⚫", "H": "🔴", "D": "🔵", "C": "🟢"}
BUTTON_STYLES = {"S": SECONDARY, "H": DANGER, "D": PRIMARY, "C": SUCCESS}


def suit_of(code: str) -> str | None:
    """The suit of a card code, or None for a joker or anything that is not a card."""
    if not C.is_card(code) or C.is_joker(code):
        return None
    return C.card(code).suit


def badged(code: str, shown: str) -> str:
    """``shown`` (the card as the game writes it) with its suit's badge in front."""
    suit = suit_of(code)
    return BADGES[suit] + shown if suit else shown


def label_suit(label: str) -> str | None:
    """The suit of the one card an answer's label shows ("8♠", "Play 8♠"), or None when it shows
    no card, several, or a joker."""
    if not isinstance(label, Text):
        return None
    shown = [p.code for p in label.params.values() if isinstance(p, Card)]
    return suit_of(shown[0]) if len(shown) == 1 else None


def button_style(label: str, default: int) -> int:
    suit = label_suit(label)
    return BUTTON_STYLES[suit] if suit else default


def card_emoji(code: str | None) -> dict[str, str] | None:
    """A select option's emoji: the badge of the card's suit (none for a joker)."""
    suit = suit_of(code) if code else None
    return {"name": BADGES[suit]} if suit else None


def option_emoji(label: str) -> dict[str, str] | None:
    """A select option's emoji for the one card its label shows."""
    suit = label_suit(label)
    return {"name": BADGES[suit]} if suit else None
