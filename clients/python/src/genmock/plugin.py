"""The pytest plugin, registered by the `pytest11` entry point: the fixtures `genmock_server` (the
session's genmock) and `genmock_world` (a world per test, whose unexpected error findings fail it
in teardown). Options: `--genmock-scenarios PATH` (or the ini option `genmock_scenarios`), the
scenario files or folder a genmock the plugin starts loads; the marker
`@pytest.mark.genmock(scenario=..., credits=..., strict=...)` sets the world's account."""
import os
from typing import Any, Iterator, List

import pytest

from .server import Server
from .world import World


def pytest_addoption(parser: Any) -> None:
    help = "scenario files or a folder for the genmock the plugin starts"
    parser.addoption("--genmock-scenarios", action="append", default=[], help=help)
    parser.addini("genmock_scenarios", help, type="pathlist", default=[])


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "genmock(**options): the world's account: scenario, credits, strict, name")


def _scenarios(config: Any) -> List[str]:
    paths = [os.path.abspath(p) for p in config.getoption("genmock_scenarios")]
    return paths + [str(p) for p in config.getini("genmock_scenarios")]


@pytest.fixture(scope="session")
def genmock_server(pytestconfig: Any) -> Iterator[Server]:
    """The session's genmock: GENMOCK_URL's, else one started and stopped after the session."""
    server = Server.from_environment(_scenarios(pytestconfig))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def genmock_world(genmock_server: Server, request: Any) -> Iterator[World]:
    """A fresh account with its own key and clock; after the test, an error finding it did not
    expect (expect_finding) fails it, naming the rule, as an error in teardown."""
    marker = request.node.get_closest_marker("genmock")
    world = genmock_server.new_world(**(marker.kwargs if marker else {}))
    yield world
    try:
        world.check()
    except AssertionError as error:
        pytest.fail(str(error), pytrace=False)
