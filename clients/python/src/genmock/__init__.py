"""genmock's test kit for Python (docs/test-kit-languages.md): `Server` finds or starts a genmock,
`World` is one test's account with its own key and clock; the pytest plugin (genmock.plugin)
gives them as the fixtures `genmock_server` and `genmock_world`."""
from ._http import GenmockError, request
from .server import Server
from .world import Finding, World

__all__ = ["Finding", "GenmockError", "Server", "World", "request"]
