"""Card games as pure state machines: no Discord, no asyncio, no database."""
