"""A world (docs/test-kit-languages.md): one test's account, with its own key and clock, and its
views of tasks and findings, all through genmock's control API."""
from typing import Any, Dict, List, Optional, Set
from urllib.parse import quote

from ._http import Control

Finding = Dict[str, Any]


class World:
    """A fresh account on a genmock: `base_url`, `api_key` and `account_id` configure the client;
    the clock is the account's own, moved only by `advance`, `next_event` and `until_idle`."""

    def __init__(self, control: Control, **options: Any) -> None:
        self._control = control
        account = control("POST", "/__mock/accounts", {**options, "clock": "own"})
        self.base_url: str = control.base_url
        self.api_key: str = account["apiKey"]
        self.account_id: str = account["id"]
        self._path = f"/__mock/accounts/{quote(self.account_id, safe='')}"
        self._expected: Set[str] = set()

    def advance(self, seconds: float) -> Dict[str, Any]:
        """Moves this world's clock forward; its due task changes apply in time order."""
        return self._control("POST", f"{self._path}/clock/advance", {"seconds": seconds})

    def next_event(self) -> Dict[str, Any]:
        """To the next scheduled change of one of its tasks."""
        return self._control("POST", f"{self._path}/clock/advance", {"until": "next-event"})

    def until_idle(self) -> Dict[str, Any]:
        """Change by change until none of its tasks is pending (at most 7 simulated days)."""
        return self._control("POST", f"{self._path}/clock/advance", {"until": "idle"})

    def now(self) -> str:
        """Its simulated now, ISO 8601."""
        return self._control("GET", f"{self._path}/clock")["now"]

    def tasks(self) -> List[Dict[str, Any]]:
        """This account's tasks, newest first."""
        return self._pages("/__mock/tasks", "tasks")

    def journal(self) -> List[Dict[str, Any]]:
        """This account's requests as the journal keeps them, newest first."""
        return self._pages("/__mock/requests", "requests")

    def findings(self) -> List[Finding]:
        """This account's conformance findings, newest first: dicts with `rule`, `severity`, `message`."""
        account = quote(self.account_id, safe="")
        return self._control("GET", f"/__mock/conformance?account={account}")["findings"]

    def expect_finding(self, rule: str) -> None:
        """This test breaks `rule` on purpose: its findings of that rule do not fail the test, and
        the test fails if the client never broke it."""
        self._expected.add(rule)

    def check(self) -> None:
        """Raises AssertionError, naming the rules, when the client broke an error rule this world
        did not expect, or never broke one it did: the pytest plugin calls it after each test."""
        findings = self.findings()
        missing = sorted(self._expected - {f["rule"] for f in findings})
        if missing:
            raise AssertionError(
                f"genmock: the test expected findings of {', '.join(missing)} (expect_finding), "
                "and the client broke no such rule"
            )
        errors = [f for f in findings if f["severity"] == "error" and f["rule"] not in self._expected]
        if errors:
            lines = "\n".join(f"  {f['rule']}: {f['message']}" for f in errors)
            rules = "rule" if len(errors) == 1 else "rules"
            broke = f"genmock: the client broke {len(errors)} conformance {rules} of the interface"
            raise AssertionError(f"{broke}:\n{lines}")

    def _pages(self, path: str, field: str) -> List[Dict[str, Any]]:
        items: List[Dict[str, Any]] = []
        cursor: Optional[str] = None
        account = quote(self.account_id, safe="")
        while True:
            query = f"?account={account}&limit=1000" + (f"&cursor={quote(cursor, safe='')}" if cursor else "")
            page = self._control("GET", path + query)
            items.extend(page[field])
            cursor = page.get("nextCursor")
            if cursor is None:
                return items
