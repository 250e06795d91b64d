"""A browser as the Flask app sees it, for the test-client tests."""

from __future__ import annotations

PIN = "424242"


class Tablet:
    """A browser as the app sees it: a cookie jar, the page's CSRF token, JSON POSTs."""

    def __init__(self, client) -> None:
        self.client = client
        self.csrf = client.get("/api/session").get_json()["csrf"]

    def post(self, url: str, body=None, *, csrf: bool = True, **kwargs):
        headers = {"X-CSRF-Token": self.csrf} if csrf else {}
        return self.client.post(url, json=body if body is not None else {}, headers=headers, **kwargs)

    def get(self, url: str, **kwargs):
        return self.client.get(url, **kwargs)

    def pair(self, pin: str = PIN):
        return self.post("/api/pair", {"pin": pin})
