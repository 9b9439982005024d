"""Python's cycle collector, set for a long-running bot.

With Python's defaults the collector ran about 120 times a second under load and took close to
a fifth of the bot's CPU, a full collection pausing every table for 50-80 ms
(``python -m benchmarks.discord_e2e``). Nearly every object a click makes is freed by reference
counting the moment the click is answered (bot/clicks.py cuts the one cycle discord.py leaves
in each), so two changes cost little memory:

* the youngest generation is collected every 50,000 new objects instead of every 700;
* everything alive once the bot has started (modules, commands, the open tables it loaded)
  is frozen, so full collections no longer walk it.
"""

from __future__ import annotations

import gc

YOUNG_OBJECTS = 50_000


def collect_less_often() -> None:
    gc.set_threshold(YOUNG_OBJECTS, 10, 10)


def freeze_startup_objects() -> None:
    """Call once, when start-up is done: what exists now stays, and is never scanned again."""
    gc.collect()
    gc.freeze()
