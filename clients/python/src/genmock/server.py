"""The genmock a test session uses: the one at GENMOCK_URL, else one it starts from GENMOCK_BIN, a
`genmock` on PATH, or the image genmock:latest through podman or docker, on GENMOCK_PORT or a
free port, stopped again by `stop()`."""
import os
import shutil
import socket
import subprocess
import time
from typing import Any, List, Optional, Sequence

from ._http import Control, GenmockError, request
from .world import World

IMAGE = "genmock:latest"
READY_SECONDS = 60


def _port() -> int:
    if os.environ.get("GENMOCK_PORT"):
        return int(os.environ["GENMOCK_PORT"])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _engine() -> Optional[str]:
    """podman or docker, the first that has the image."""
    for engine in ("podman", "docker"):
        found = shutil.which(engine)
        if found and subprocess.run([found, "image", "inspect", IMAGE], capture_output=True).returncode == 0:
            return found
    return None


class Server:
    """A genmock: `base_url`, and `new_world()` for a fresh account with its own key and clock."""

    def __init__(self, base_url: str, admin_token: Optional[str] = None) -> None:
        self.base_url = base_url.rstrip("/")
        self._control = Control(self.base_url, admin_token)
        self._process: Optional["subprocess.Popen[bytes]"] = None
        self._container: Optional[List[str]] = None

    @classmethod
    def from_environment(cls, scenarios: Sequence[str] = ()) -> "Server":
        """GENMOCK_URL's genmock, else one started with the scenario files or folders `scenarios`.
        GENMOCK_ADMIN_TOKEN is sent on control calls; a genmock started reads it too (a container
        is given it), so it is locked with that token."""
        token = os.environ.get("GENMOCK_ADMIN_TOKEN") or None
        if os.environ.get("GENMOCK_URL"):
            return cls(os.environ["GENMOCK_URL"], token)
        port = _port()
        flags = ["--clock", "manual", "--log", "silent"]
        binary = os.environ.get("GENMOCK_BIN") or shutil.which("genmock")
        server = cls(f"http://127.0.0.1:{port}", token)
        if binary:
            scenario_flags = [arg for path in scenarios for arg in ("--scenarios", os.path.abspath(path))]
            command = [binary, "--port", str(port), *flags, *scenario_flags]
        else:
            engine = _engine()
            if engine is None:
                raise GenmockError(
                    "genmock not found: set GENMOCK_URL to a running genmock, GENMOCK_BIN to the executable, "
                    f"put it on PATH as genmock, or load the image {IMAGE} into podman or docker"
                )
            name = f"genmock-pytest-{port}-{os.getpid()}"
            server._container = [engine, "rm", "-f", name]
            mounts: List[str] = []
            inside: List[str] = []
            for i, path in enumerate(scenarios):
                mounts += ["-v", f"{os.path.abspath(path)}:/scenarios/{i}:ro"]
                inside += ["--scenarios", f"/scenarios/{i}"]
            mounts += ["-e", "GENMOCK_ADMIN_TOKEN"] if token else []
            run = [engine, "run", "--rm", "--name", name, "-p", f"127.0.0.1:{port}:4600", *mounts]
            command = [*run, IMAGE, *flags, *inside]
        server._process = subprocess.Popen(command, stdin=subprocess.DEVNULL)
        server._wait(command)
        return server

    def new_world(self, **options: Any) -> World:
        """A fresh account with its own key and clock (options: credits, scenario, strict, name)."""
        return World(self._control, **options)

    def stop(self) -> None:
        """Stops the genmock this server started (nothing for GENMOCK_URL's)."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._container is not None:
            subprocess.run(self._container, capture_output=True)
        self._process = None

    def _wait(self, command: List[str]) -> None:
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            try:
                request(self.base_url, "GET", "/__mock/health", timeout=2)
                return
            except OSError:
                assert self._process is not None
                if self._process.poll() is not None:
                    raise GenmockError(f"genmock: {' '.join(command)} exited {self._process.returncode}")
                time.sleep(0.1)
        self.stop()
        raise GenmockError(f"genmock: {' '.join(command)} did not answer in {READY_SECONDS} seconds")
