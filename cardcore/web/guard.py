"""Who may act on ``cardcore serve``: its own pages, and programs outside the browser (curl, a
script), but no other site that the person's browser happens to show.

A browser attaches to every request it sends where it comes from: ``Sec-Fetch-Site`` (fetch
metadata) and, on a POST or DELETE, ``Origin``; no page can forge or remove them. A request that
changes anything is refused when either names another origin (another site, or another server on
this machine: another port is another origin). Its body must also be declared JSON, which a form
cannot send and a script of another origin cannot send without a CORS preflight, which this server
never grants. The API's reads are refused to other sites as well: their answers are not theirs
to read, and some cost work (a hint searches). The Host header is checked before (Starlette's TrustedHostMiddleware), so that a
rebound DNS name that points at 127.0.0.1 is refused too.
"""

from __future__ import annotations

import ipaddress
import socket

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse

SAFE_METHODS = ("GET", "HEAD")
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")  # the names of this machine a request may use
ANY_ADDRESS = ("0.0.0.0", "::", "")
OWN_SITE = ("same-origin", "none")  # none: typed by the person, or a bookmark


def other_site_refusal(headers: Headers) -> tuple[str, int] | None:
    """Why a request that the browser says another site sent is refused; None when it did not."""
    site = headers.get("sec-fetch-site")
    if site is not None and site.lower() not in OWN_SITE:
        return f"Refused: this request comes from another site ({site}), not from this server's pages.", 403
    return None


def cross_origin_refusal(scope) -> tuple[str, int] | None:
    """Why a request that changes something is refused, and the status; None when it may go on."""
    headers = Headers(scope=scope)
    refusal = other_site_refusal(headers)
    if refusal is not None:
        return refusal
    origin = headers.get("origin")
    if origin is not None and origin.lower() != f"{scope.get('scheme', 'http')}://{headers.get('host', '')}".lower():
        return f"Refused: this request comes from another origin ({origin[:100]}), not from this server's pages.", 403
    content_type = headers.get("content-type")
    has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
    if content_type is not None or has_body:
        media = (content_type or "").split(";")[0].strip().lower()
        if media != "application/json":
            return "Refused: the body of a request must be JSON, sent as Content-Type: application/json.", 415
    return None


def is_local(host: str) -> bool:
    """Can only this machine reach a server listening on ``host``?"""
    host = host.strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def this_machine_addresses() -> list[str]:
    """The addresses by which other machines of the network may reach this one: those of its
    name, and the one it sends from (found without sending anything)."""
    found: set[str] = set()
    try:
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None))
    except OSError:
        pass
    for family, probe in ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9))):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect(probe)  # a datagram socket: chooses the route, sends nothing
                found.add(s.getsockname()[0])
        except OSError:
            pass
    return sorted(a for a in found if not a.startswith("fe80") and not ipaddress.ip_address(a.split("%")[0]).is_loopback)


def allowed_hosts(host: str | None) -> list[str]:
    """The names a request may give the server (its Host header): this machine's own, and the
    address it listens on; listening on every address (0.0.0.0, ::), this machine's addresses and
    its name. Never any name: a site whose name an attacker points at this machine (DNS
    rebinding) is refused."""
    names = list(LOCAL_HOSTS)
    if host is None:
        return names
    if host in ANY_ADDRESS:
        machine = socket.gethostname()
        extra = [*this_machine_addresses(), machine, f"{machine}.local"]
    else:
        extra = [host]
    return names + [f"[{h}]" if ":" in h else h for h in extra]


class SameOriginOnly:
    """Refuse, with 403 or 415 and ``{"error": ...}``, any request but GET and HEAD that another
    origin sent or whose body is not declared JSON, and any request of the API that another site
    sent (see the module's description). Pages may still be opened from a link elsewhere."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            refusal = None
        elif scope["method"] not in SAFE_METHODS:
            refusal = cross_origin_refusal(scope)
        elif scope["path"].startswith("/api/"):
            refusal = other_site_refusal(Headers(scope=scope))
        else:
            refusal = None
        if refusal is not None:
            message, status = refusal
            return await JSONResponse({"error": message}, status_code=status)(scope, receive, send)
        await self.app(scope, receive, send)


class NoFraming:
    """No page of the server may be shown in a frame of another (clickjacking): the old header
    and its Content-Security-Policy successor, on every answer; and none tells another site its
    address (Referrer-Policy)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_framed(message):
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Frame-Options"] = "DENY"
                headers["Content-Security-Policy"] = "frame-ancestors 'none'"
                # a link to a table carries its seat's secret: no other site is told the address
                headers["Referrer-Policy"] = "no-referrer"
            await send(message)

        await self.app(scope, receive, send_framed)
