"""A throwaway PostgreSQL cluster for tests, benches and subprocess drivers: initdb in a temp dir, trust auth,
127.0.0.1 on a free port, fsync on; stopped and removed at exit. `start_cluster()` is the entry point.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import re
import shlex
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

INSTALL_HINT = (
    "install the PostgreSQL server binaries: `apt-get install postgresql` (Debian/Ubuntu, as root), "
    "or set PG_BINDIR to a directory holding initdb, pg_ctl, postgres and psql"
)
_DEBIAN_ROOT = Path("/usr/lib/postgresql")
_names = itertools.count(1)
# Every schema a test made (public included), with everything in it; then the database must hold nothing.
_RESET_SCHEMAS = """DO $$ DECLARE s text; BEGIN
  FOR s IN SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP; END $$"""
_CHECK_EMPTY = """DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public')
     OR EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public')
  THEN RAISE EXCEPTION 'not empty'; END IF; END $$"""


class PostgresUnavailable(RuntimeError):
    """PostgreSQL could not be found or started; the message is one line saying why and what to do."""


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", path.name)) or (0,)


def find_bindir() -> Path:
    """The newest PostgreSQL server binaries: $PG_BINDIR, else Debian's /usr/lib/postgresql/<ver>/bin, else PATH."""
    if override := os.environ.get("PG_BINDIR"):
        candidates = [Path(override)]
    else:
        versions = sorted(_DEBIAN_ROOT.glob("*/"), key=_version_key, reverse=True) if _DEBIAN_ROOT.is_dir() else []
        candidates = [version / "bin" for version in versions]
        if on_path := shutil.which("initdb"):
            candidates.append(Path(on_path).resolve().parent)
    for bindir in candidates:
        if all((bindir / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres", "psql")):
            return bindir
    looked = os.environ.get("PG_BINDIR") or f"{_DEBIAN_ROOT}/<version>/bin and PATH"
    raise PostgresUnavailable(f"PostgreSQL binaries (initdb, pg_ctl, postgres, psql) not found in {looked}: "
                              f"{INSTALL_HINT}")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _one_line(text: str, limit: int = 400) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    joined = " | ".join(lines[-4:])
    return joined if len(joined) <= limit else "…" + joined[-limit:]


class Cluster:
    """One running PostgreSQL server owning a temp directory; `stop()` (also run at exit) removes both."""

    def __init__(self, bindir: Path, root: Path, as_postgres: bool) -> None:
        self.bindir = bindir
        self.root = root
        self.data = root / "data"
        self.log_path = root / "server.log"
        self.host = "127.0.0.1"
        self.port = 0
        self.user = "postgres"
        self._as_postgres = as_postgres
        self._running = False
        self._stopped = False
        self._spare: list[str] = []  # emptied databases for `fresh_database`
        self._watchdog: subprocess.Popen[bytes] | None = None

    # Running the server binaries: initdb and postgres refuse root, so root runs them as the postgres user.
    def _cmd(self, tool: str, *args: str) -> list[str]:
        command = [str(self.bindir / tool), *args]
        return ["runuser", "-u", "postgres", "--", *command] if self._as_postgres else command

    def _run(self, tool: str, *args: str, timeout: float = 120) -> None:
        done = subprocess.run(self._cmd(tool, *args), capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            log = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
            raise PostgresUnavailable(f"PostgreSQL {tool} failed (exit {done.returncode}): "
                                      f"{_one_line(done.stderr + done.stdout + log)}")

    def _init(self) -> None:
        # --no-sync only skips syncing initdb's own files; the server below runs with fsync on.
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", self.user, "-E", "UTF8", "--locale=C",
                  "--no-sync", "--no-instructions")

    def start(self) -> None:
        """Start the server (again, after `crash()` or `stop_server()`), on the same port when it had one."""
        options = " ".join([
            f"-c listen_addresses={self.host}",
            # A socket path is limited to ~107 bytes: under a long TMPDIR the tests go on over TCP alone.
            f"-c unix_socket_directories='{self.root if len(str(self.root)) < 80 else ''}'",
            "-c fsync=on",  # durability tests kill processes and rely on committed data being on disk
            "-c synchronous_commit=on",
            "-c max_connections=200",
            "-c shared_buffers=32MB",
            "-c logging_collector=off",
            "-c recovery_init_sync_method=syncfs",  # after a crash: one syncfs() instead of fsync of every file
        ])
        attempts = 1 if self.port else 3  # a fresh free port can be taken between probing and binding: retry
        for attempt in range(attempts):
            port = self.port or _free_port()
            try:
                self._run("pg_ctl", "start", "-D", str(self.data), "-l", str(self.log_path), "-w", "-t", "60",
                          "-o", f"-p {port} {options}")
            except PostgresUnavailable:
                if attempt == attempts - 1:
                    raise
                continue
            self.port = port
            self._running = True
            return

    def stop_server(self, mode: str = "fast") -> None:
        """Stop the server process, keeping its data; mode `immediate` is a crash (no shutdown checkpoint)."""
        if self._running:
            self._running = False
            self._run("pg_ctl", "stop", "-D", str(self.data), "-m", mode, "-w", "-t", "60")

    def crash(self) -> None:
        """Stop the server as a crash would (`immediate`: no checkpoint) and start it again on the same port."""
        self.stop_server("immediate")
        self.start()

    def watch(self) -> None:
        """Stop the server and remove its directory also when this process dies without running `stop()` (SIGKILL,
        a timeout): a detached shell polls this process once a second and cleans up after it."""
        stop = " ".join(shlex.quote(arg) for arg in self._cmd("pg_ctl", "stop", "-D", str(self.data), "-m",
                                                               "immediate", "-w", "-t", "30"))
        script = (f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; "
                  f"rm -rf {shlex.quote(str(self.root))}")
        self._watchdog = subprocess.Popen(["sh", "-c", script], start_new_session=True, stdin=subprocess.DEVNULL,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        """Stop the server and remove its directory; safe to call twice (it also runs at exit)."""
        if self._stopped:
            return
        self._stopped = True
        try:
            # Immediate: the directory goes next, so a shutdown checkpoint would only fsync files for nothing.
            self.stop_server("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            if self._watchdog is not None:
                self._watchdog.kill()
                self._watchdog.wait()

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{self.user}@{self.host}:{self.port}/{dbname}"

    def create_database(self, name: str | None = None) -> str:
        """Create an empty database (a fresh unique name unless given) and return its URL."""
        name = name or f"t{os.getpid()}_{next(_names)}_{uuid.uuid4().hex[:6]}"
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
            raise ValueError(f"database name {name[:80]!r}: use lowercase letters, digits and _ (at most 63)")
        self._psql(f"CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8'")
        return self.url(name)

    def drop_database(self, name: str) -> None:
        self._psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def fresh_database(self) -> str:
        """The URL of an empty database: one given back by `recycle` if there is one, else a new one.

        Creating a database with fsync on writes and syncs its ~300 catalog files (0.1 s idle, 1-2 s on a loaded
        machine); emptying a used one drops a few tables.
        """
        return self.url(self._spare.pop()) if self._spare else self.create_database()

    def recycle(self, url: str) -> None:
        """Empty the database at `url` for the next `fresh_database`: its connections are ended and every schema
        of its own dropped (public made anew). One that does not come out empty is left alone, not reused."""
        name = url.rsplit("/", 1)[1]
        try:
            self._psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'",
                       _RESET_SCHEMAS, "CREATE SCHEMA public AUTHORIZATION pg_database_owner",
                       "GRANT USAGE ON SCHEMA public TO PUBLIC", _CHECK_EMPTY, then=name)
        except (PostgresUnavailable, subprocess.TimeoutExpired):
            return
        self._spare.append(name)

    def _psql(self, *sql: str, then: str | None = None) -> None:
        # Over TCP with trust auth: any OS user may connect as `postgres`, no runuser needed. With `then`, the first
        # statement runs in `postgres` and the others in database `then`.
        commands = [sql[0], *([f"\\connect {then}"] if then else []), *sql[1:]]
        args = [arg for command in commands for arg in ("-c", command)]
        done = subprocess.run([str(self.bindir / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d",
                               self.url(), *args], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise PostgresUnavailable(f"psql failed on {sql[-1][:60]!r}: {_one_line(done.stderr)}")

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_cluster() -> Cluster:
    """Initialise and start a new cluster; raises PostgresUnavailable with a one-line reason and install hint."""
    bindir = find_bindir()
    as_postgres = os.geteuid() == 0
    if as_postgres and shutil.which("runuser") is None:
        raise PostgresUnavailable("running as root, PostgreSQL must run as the `postgres` user but runuser is "
                                  "missing: install util-linux or run the tests as an ordinary user")
    root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    cluster = Cluster(bindir, root, as_postgres)
    atexit.register(cluster.stop)
    try:
        if as_postgres:
            try:
                shutil.chown(root, user="postgres", group="postgres")
            except (LookupError, PermissionError) as error:
                raise PostgresUnavailable(f"running as root but cannot hand {root} to the `postgres` user "
                                          f"({error}): {INSTALL_HINT} (the package creates that user)") from None
            if subprocess.run(["runuser", "-u", "postgres", "--", "test", "-w", str(root)]).returncode != 0:
                raise PostgresUnavailable(f"the `postgres` user cannot reach {root} (a parent folder is closed to "
                                          "other users): set TMPDIR to a folder such as /tmp")
        cluster._init()
        cluster.watch()
        cluster.start()
    except BaseException:
        cluster.stop()
        raise
    return cluster


if __name__ == "__main__":
    # A cluster for trying things by hand: prints its URL, stops on Enter or Ctrl-C.
    with start_cluster() as running:
        print(running.url(), flush=True)
        with contextlib.suppress(EOFError, KeyboardInterrupt):
            input("PostgreSQL running; press Enter to stop\n")
