"""A bot (ours or the bare baseline) running as its own process, for the emulator
tests, the restart test and the Discord benchmark."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Awaitable
from contextlib import suppress
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")

# A parent that ignores SIGCHLD (some CI runners do, and exec keeps it) has its children reaped
# by the kernel, so their exit status is lost: asyncio then reports 255 instead of -SIGKILL.
signal.signal(signal.SIGCHLD, signal.SIG_DFL)


class BotProcess:
    """``python -m <module>`` with its output appended to ``log``."""

    def __init__(self, proc: asyncio.subprocess.Process, log: Path, start: int = 0) -> None:
        self.proc, self.log, self.start = proc, log, start  # start: log offset of this run

    @classmethod
    async def spawn(cls, module: str, env: dict[str, str], log: Path,
                    wrap: list[str] | None = None) -> BotProcess:
        full = dict(os.environ) | env | {"PYTHONUNBUFFERED": "1"}
        start = log.stat().st_size if log.exists() else 0
        with log.open("ab") as out:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, *(wrap or []), "-m", module, cwd=REPO, env=full,
                stdout=out, stderr=asyncio.subprocess.STDOUT)
        return cls(proc, log, start)

    def output(self) -> str:
        """What this run of the process printed."""
        return self.log.read_bytes()[self.start:].decode(errors="replace") if self.log.exists() else ""

    def cpu(self) -> float:
        """CPU seconds (user + system) the process used so far."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    async def alive(self, awaitable: Awaitable[Any], timeout: float = 20.0) -> Any:
        """Await ``awaitable``; fail at once, with the process's log, if it exits meanwhile."""
        task = asyncio.ensure_future(awaitable)
        died = asyncio.ensure_future(self.proc.wait())
        try:
            done, _ = await asyncio.wait({task, died}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                return task.result()
            why = f"exited with {self.proc.returncode}" if died in done else f"timed out after {timeout}s"
            raise AssertionError(f"bot {why}; its log:\n{self.output()[-4000:]}")
        finally:
            for fut in (task, died):
                if not fut.done():
                    fut.cancel()
                    with suppress(asyncio.CancelledError, Exception):
                        await fut

    def signal(self, sig: int) -> None:
        """Send ``sig``, unless the process is known to have ended.

        Not ``Process.send_signal``: it polls with ``waitpid`` first, and a poll just after the
        process died can reap it before asyncio's child watcher does, which then reports 255
        ("Unknown child process pid") instead of -SIGKILL."""
        if self.proc.returncode is None:
            with suppress(ProcessLookupError):
                os.kill(self.proc.pid, sig)

    async def kill(self) -> None:
        """SIGKILL (kill -9) and reap."""
        await self.stop()

    async def stop(self, graceful: bool = False) -> None:
        """SIGINT (graceful) or SIGKILL, then reap; a process that ignores SIGINT is killed."""
        self.signal(signal.SIGINT if graceful else signal.SIGKILL)
        try:
            await asyncio.wait_for(self.proc.wait(), 15)
        except TimeoutError:
            self.signal(signal.SIGKILL)
            with suppress(Exception):
                await asyncio.wait_for(self.proc.wait(), 10)
