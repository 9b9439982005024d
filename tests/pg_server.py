"""A throwaway PostgreSQL server for the tests, from the server binaries Debian's `postgresql`
package installs (``/usr/lib/postgresql/<version>/bin``; ``.ci/run`` installs it when missing).

Fixtures (import them into a test module):

- ``pg_server`` (session): starts a server in a fresh temporary directory on a free port of
  127.0.0.1 (as the ``postgres`` user when running as root: the server refuses to run as root),
  with durability off for speed, and stops and deletes it at the end. Every pytest-xdist worker
  is its own session, so each worker has its own server and port.
- ``pg_dsn`` (function): a DSN for one test whose tables live in a new, empty schema of their own
  (first on the search_path of every connection made from the DSN); the schema is dropped afterwards.

Set ``PG_BINDIR`` to use other server binaries, or ``PG_TEST_DSN`` (e.g.
``postgresql://me@localhost/cardtable_test``, a role allowed to create schemas there) to use a
running server instead. When no server binaries are found or the server cannot start, the tests
that need it are skipped with the reason, which is also shown in pytest's warnings summary.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import itertools
import os
import pwd
import re
import shlex
import shutil
import socket
import subprocess
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

SUPERUSER = "postgres"
DIR_PREFIX = "cardtable-pg-"
START_TIMEOUT = 60          # seconds pg_ctl waits for the server to accept connections
_schemas = itertools.count(1)


class PostgresUnavailable(UserWarning):
    """No PostgreSQL server could be started, so the tests that need one are skipped."""


class ServerError(Exception):
    pass


def find_bindir() -> Path | None:
    """The server binaries: the folder PG_BINDIR names if set, else the newest Debian ones, else
    those on PATH (pg_ctl with initdb and postgres beside it)."""
    def version(path: str) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", path.split("/")[-3]))

    if os.environ.get("PG_BINDIR"):
        candidates = [os.path.join(os.environ["PG_BINDIR"], "pg_ctl")]
    else:
        candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=version, reverse=True)
        on_path = shutil.which("pg_ctl")
        if on_path:
            candidates.append(os.path.realpath(on_path))
    for pg_ctl in candidates:
        bindir = Path(pg_ctl).parent
        if all(os.access(bindir / tool, os.X_OK) for tool in ("initdb", "pg_ctl", "postgres")):
            return bindir
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run_in_loop(coro) -> object:
    """Run a coroutine on a private event loop (fixtures here are synchronous; the tests' own
    loops are left alone)."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coro)
    finally:
        loop.close()


class PgServer:
    """A server to make test schemas on: either one started here or one named by PG_TEST_DSN."""

    def __init__(self, dsn: str) -> None:
        self.base_dsn = dsn              # the database the tests' schemas are made in

    def schema_dsn(self, schema: str) -> str:
        """The DSN of `schema`: asyncpg passes unknown DSN parameters on as server settings, so every
        connection made from it has that schema first on its search_path."""
        return f"{self.base_dsn}{'&' if '?' in self.base_dsn else '?'}search_path={schema}"

    def execute(self, sql: str) -> None:
        import asyncpg

        async def run() -> None:
            conn = await asyncpg.connect(self.base_dsn, timeout=30)
            try:
                await conn.execute(sql)
            finally:
                await conn.close()

        _run_in_loop(run())

    def create_schema(self, name: str) -> str:
        self.execute(f'CREATE SCHEMA "{name}"')
        return self.schema_dsn(name)

    def drop_schema(self, name: str) -> None:
        self.execute(f"SET lock_timeout = '20s'; DROP SCHEMA IF EXISTS \"{name}\" CASCADE")

    def stop(self) -> None:
        pass


class LocalServer(PgServer):
    """A server of our own in a temporary directory, run by pg_ctl."""

    def __init__(self, bindir: Path) -> None:
        super().__init__("")             # the DSN is known once the server has started
        self.bindir = bindir
        self.user = _server_user()
        self.port = 0
        self.base = Path(tempfile.mkdtemp(prefix=DIR_PREFIX))
        self.data = self.base / "data"
        self.log = self.base / "server.log"
        try:
            (self.base / "owner.pid").write_text(str(os.getpid()))     # see _reap_orphans
            if self.user is not None:
                os.chown(self.base, self.user.pw_uid, self.user.pw_gid)
        except BaseException:
            shutil.rmtree(self.base, ignore_errors=True)
            raise

    def _command(self, *args: str | Path) -> list[str]:
        cmd = [str(a) for a in args]
        if self.user is None:
            return cmd
        if shutil.which("runuser"):
            return ["runuser", "-u", self.user.pw_name, "--", *cmd]
        return ["su", "-s", "/bin/sh", self.user.pw_name, "-c", shlex.join(cmd)]

    def _run(self, *args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run(self._command(*args), cwd=self.base, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=timeout)

    def start(self) -> None:
        initdb = self._run(self.bindir / "initdb", "-D", self.data, "-U", SUPERUSER, "-A", "trust",
                           "-E", "UTF8", "--locale=C", "--no-sync")
        if initdb.returncode != 0:
            raise ServerError(f"initdb failed: {_tail(initdb.stdout + initdb.stderr)}")
        for _ in range(5):            # another process may take the free port before the server binds it
            self.port = _free_port()
            options = " ".join([
                f"-p {self.port}", "-c listen_addresses=127.0.0.1",
                f"-c unix_socket_directories={shlex.quote(str(self.base))}",
                "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off",
                "-c shared_buffers=32MB", "-c max_connections=100",
            ])
            started = self._run(self.bindir / "pg_ctl", "-D", self.data, "-l", self.log, "-w",
                                "-t", str(START_TIMEOUT), "-o", options, "start", timeout=START_TIMEOUT + 30)
            if started.returncode == 0:
                self.base_dsn = f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"
                return
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            if "could not bind" not in log and "already in use" not in log:
                raise ServerError(f"pg_ctl start failed: {_tail(started.stdout + started.stderr + log)}")
        raise ServerError("pg_ctl start failed: no free port found")

    def stop(self) -> None:
        _stop_and_remove(self.bindir, self.base, self._command)


def _server_user() -> pwd.struct_passwd | None:
    """Who runs the server: ourselves, or when we are root (which postgres refuses) the
    `postgres` user the Debian package creates (else `nobody`)."""
    if os.geteuid() != 0:
        return None
    for name in (SUPERUSER, "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise ServerError("running as root and there is no 'postgres' or 'nobody' user to run the server as")


def _tail(text: str, lines: int = 15) -> str:
    return " | ".join(line.strip() for line in text.strip().splitlines()[-lines:] if line.strip())


def _stop_and_remove(bindir: Path, base: Path, command) -> None:
    data = base / "data"
    if (data / "postmaster.pid").exists():
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(command(bindir / "pg_ctl", "-D", data, "-m", "immediate", "-w", "-t", "30", "stop"),
                           cwd=base, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    shutil.rmtree(base, ignore_errors=True)


def _reap_orphans(bindir: Path) -> None:
    """Stop servers left behind by test runs that were killed before their teardown."""
    for base in Path(tempfile.gettempdir()).glob(DIR_PREFIX + "*"):
        try:
            owner = int((base / "owner.pid").read_text())
        except (OSError, ValueError):
            continue
        try:
            os.kill(owner, 0)
            continue                     # its pytest is still running
        except ProcessLookupError:
            pass
        except PermissionError:
            continue
        user = None
        with contextlib.suppress(OSError, KeyError):
            user = pwd.getpwuid(base.stat().st_uid).pw_name

        def command(*args, user=user):
            cmd = [str(a) for a in args]
            return ["runuser", "-u", user, "--", *cmd] if user and os.geteuid() == 0 and user != "root" else cmd

        _stop_and_remove(bindir, base, command)


def start_server() -> PgServer:
    """A server for this test session, or ServerError saying why there is none."""
    dsn = os.environ.get("PG_TEST_DSN", "").strip()
    if dsn:
        return PgServer(dsn)
    bindir = find_bindir()
    if bindir is None:
        where = os.environ.get("PG_BINDIR") or "/usr/lib/postgresql/*/bin and pg_ctl on PATH"
        raise ServerError(f"no PostgreSQL server binaries (looked in {where}); install Debian's 'postgresql' "
                          "package, as .ci/run does")
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        raise ServerError("the asyncpg package is not installed (pip install '.[test]')") from None
    _reap_orphans(bindir)
    server = LocalServer(bindir)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    return server


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    try:
        server = start_server()
    except (ServerError, OSError, subprocess.SubprocessError) as exc:
        reason = f"PostgreSQL tests skipped: no server could be started: {exc}"
        warnings.warn(PostgresUnavailable(reason), stacklevel=1)
        pytest.skip(reason)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_dsn(pg_server: PgServer) -> Iterator[str]:
    """A DSN for one test: its tables live in a new schema of their own, dropped afterwards (much
    cheaper than a database per test)."""
    name = f"test_{os.getpid()}_{next(_schemas)}"
    dsn = pg_server.create_schema(name)
    try:
        yield dsn
    finally:
        pg_server.drop_schema(name)
