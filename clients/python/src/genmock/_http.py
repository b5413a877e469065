"""HTTP calls to genmock, standard library only: any answer, error statuses included."""
import json
import urllib.error
import urllib.request
from typing import Any, Dict, Optional, Tuple


class GenmockError(Exception):
    """A control API call genmock refused, or a genmock that could not be found or started."""


def request(
    base_url: str,
    method: str,
    path: str,
    body: Any = None,
    headers: Optional[Dict[str, str]] = None,
    timeout: float = 30,
) -> Tuple[int, Any]:
    """(status, body) of any answer, error statuses included: the body parsed when it is JSON."""
    data = None if body is None else json.dumps(body).encode()
    call = urllib.request.Request(base_url + path, data=data, method=method)
    if data is not None:
        call.add_header("content-type", "application/json")
    for name, value in (headers or {}).items():
        call.add_header(name, value)
    try:
        with urllib.request.urlopen(call, timeout=timeout) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


class Control:
    """genmock's control API (/__mock) at `base_url`, with the admin token as Bearer when given."""

    def __init__(self, base_url: str, admin_token: Optional[str] = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.admin_token = admin_token

    def __call__(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"authorization": f"Bearer {self.admin_token}"} if self.admin_token else {}
        status, answer = request(self.base_url, method, path, body, headers)
        if status >= 400:
            raise GenmockError(f"genmock: {method} {path} answered {status}: {answer}")
        return answer
