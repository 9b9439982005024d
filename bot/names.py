"""Members' names as the bot writes them into Discord text.

A display name is the member's own text: shown as it is, Discord would read its markdown
(a name with ``` opens a code block over the table) and its mentions (``@everyone``,
``<@id>``). `shown_name` escapes both, so a name only ever reads as itself. Pictures
(Pillow) and the terminal front end draw the raw name.
"""

from __future__ import annotations

import re

_MARKUP = re.compile(r"([\\*_~`|<>\[\]#])")   # a backslash before any of these shows it as it is


def shown_name(name: str) -> str:
    """``name`` for Discord text: markdown escaped, and no mention (a zero-width space after each @)."""
    return _MARKUP.sub(r"\\\1", name).replace("@", "@\u200b")
