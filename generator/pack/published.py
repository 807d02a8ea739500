"""Published sheets: a sheet a pack includes by its web address (issue 28 §1).

A designer who keeps the cards in an online spreadsheet publishes it as CSV (Google
Sheets: File > Share > Publish to web > CSV) and names the address in ``include``
(or in ``sheets:`` with the kind of its rows). This module gets the bytes of such a
sheet; :mod:`generator.pack.loader` reads them as it reads a local file.

- Only ``http://`` and ``https://`` addresses are fetched (:func:`refusal` says why
  another is not); a redirect to another scheme is refused too.
- A fetch waits at most :data:`FETCH_TIMEOUT` seconds for a connection or for each
  read, and :data:`FETCH_DEADLINE` seconds in all: it runs in a helper thread that
  is given up when the deadline passes (a server that accepts and never answers, a
  name server that never replies, a server trickling bytes), so a check never hangs.
- At most the file-size cap of YAML files (5 MiB) is read; a larger answer is refused.
- The copy is kept in the pack's cache folder, ``sheets/`` below it, with the
  server's ``ETag`` and ``Last-Modified``; the next fetch sends them back
  (``If-None-Match``, ``If-Modified-Since``) and a ``304 Not Modified`` reuses the copy.
  When the server cannot be reached or fails, the cached copy is used (the loader
  warns, ``RS-C009``); without one it is an error (``RS-C010``). A failed fetch never
  replaces or damages the copy: a new copy is written under a name of its own and
  only then named in the cache's index.
- Without a cache folder (``--no-cache``) the sheet is fetched every run and nothing
  is read from or written to the cache: offline, that is an error.

>>> refusal("file:///home/ana/cards.csv")
"only http:// and https:// addresses are fetched, not 'file://'"
>>> refusal("https://docs.example/pub?output=csv") is None
True
"""
from __future__ import annotations

import datetime as dt
import hashlib
import http.client
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from generator import __version__

FETCH_TIMEOUT = 5.0
"""Seconds a fetch waits for a connection, or for any one read of the answer."""
FETCH_DEADLINE = 10.0
"""Seconds a whole fetch may take, whatever the server does."""
SCHEMES = ("http", "https")
CACHE_SUBFOLDER = "sheets"
_CHUNK = 64 * 1024
_ADDRESS = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_ZIP = b"PK\x03\x04"


def is_address(name: str) -> bool:
    """Whether an ``include`` pattern or a ``sheets`` key is a web address, not a file.

    >>> is_address("https://x.example/pub?output=csv"), is_address("cards/*.csv")
    (True, False)
    """
    return bool(_ADDRESS.match(name))


def without_fragment(url: str) -> str:
    """The address a server is asked for (a ``#...`` part is never sent).

    >>> without_fragment("https://x.example/pub?output=xlsx#Roles")
    'https://x.example/pub?output=xlsx'
    """
    return url.split("#", 1)[0]


def refusal(url: str) -> str | None:
    """Why ``url`` is not fetched, or None when it is.

    >>> refusal("http://[::1/pub")
    'the address cannot be read: Invalid IPv6 URL'
    """
    if any(not " " < ch < "\x7f" for ch in url):
        return ("the address holds a space, a control character or a character outside ASCII "
                "(copy it from the browser, which writes them %-encoded)")
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError as exc:
        return f"the address cannot be read: {exc}"
    if parts.scheme.lower() not in SCHEMES:
        return f"only http:// and https:// addresses are fetched, not '{parts.scheme}://'"
    if not parts.hostname:
        return "the address names no server"
    if parts.username is not None or parts.password is not None:
        return ("an address with a user name or password is not fetched (it would be shown in "
                "every diagnostic)")
    return None


def is_workbook(raw: bytes) -> bool:
    """Whether fetched bytes are an XLSX workbook (a zip archive), not CSV text."""
    return raw.startswith(_ZIP)


def tab_separated(url: str) -> bool:
    """Whether a published sheet's address asks for tab-separated values.

    >>> tab_separated("https://x.example/pub?output=tsv"), tab_separated("https://x.example/a.tsv")
    (True, True)
    """
    parts = urllib.parse.urlsplit(url)
    asked = urllib.parse.parse_qs(parts.query).get("output", [""])
    return parts.path.lower().endswith(".tsv") or asked[-1].lower() == "tsv"


@dataclass(frozen=True, slots=True)
class Fetching:
    """How published sheets are fetched: whether their copies are kept and where (as
    simulator results are: :func:`generator.pack.model.cache_folder`), the waits in
    seconds and the largest answer in bytes. ``progress`` hears of each fetch before it
    starts (a wait of seconds the user should see the cause of)."""

    cache: bool = True
    cache_dir: Path | None = None
    timeout: float = FETCH_TIMEOUT
    deadline: float = FETCH_DEADLINE
    max_bytes: int = 5 * 1024 * 1024
    progress: Callable[[str], None] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Fetched:
    """A published sheet's bytes and where they came from.

    ``raw`` is None when there are none (the fetch failed and nothing is cached);
    ``problem`` says why the server's answer was not used ('' when it was); ``saved``
    is when the copy used was fetched (ISO 8601, UTC; '' for a fresh answer not kept)
    and ``copy`` the file that holds it in the cache.
    """

    raw: bytes | None
    problem: str = ""
    saved: str = ""
    copy: Path | None = None


@dataclass(frozen=True, slots=True)
class _Answer:
    status: int
    body: bytes
    etag: str
    last_modified: str


class _Failed(Exception):
    """The fetch gave nothing usable; the message says why, in a designer's words."""


class _SameScheme(urllib.request.HTTPRedirectHandler):
    """Follow redirects (a published Google Sheet redirects once) only to http(s)."""

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any,
                         newurl: str) -> Any:
        if urllib.parse.urlsplit(newurl).scheme.lower() not in SCHEMES:
            raise _Failed(f"the server redirects to '{newurl}', which is not an http(s) address")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch_sheet(url: str, fetching: Fetching, folder: Path | None) -> Fetched:
    """The bytes of the sheet at ``url``: fresh, revalidated or the copy kept in the cache
    ``folder`` (None: no copy is read or kept; see the module doc)."""
    url = without_fragment(url)
    cached = _read_copy(url, folder)
    headers = {"User-Agent": f"riddlesmith/{__version__}",
               "Accept": "text/csv, text/tab-separated-values, application/vnd.openxmlformats-"
                         "officedocument.spreadsheetml.sheet;q=0.9, */*;q=0.1"}
    if cached is not None:
        if cached[1].get("etag"):
            headers["If-None-Match"] = cached[1]["etag"]
        if cached[1].get("last_modified"):
            headers["If-Modified-Since"] = cached[1]["last_modified"]
    try:
        answer = _fetch_within_deadline(url, headers, fetching)
    except _Failed as exc:
        if cached is None:
            return Fetched(None, str(exc))
        return Fetched(cached[0], str(exc), cached[1].get("saved", ""), cached[2])
    if answer.status == 304 and cached is not None:
        return Fetched(cached[0], "", cached[1].get("saved", ""), cached[2])
    if answer.status == 304:  # asked without validators: a server fault
        return Fetched(None, "the server answered 304 Not Modified to a plain request")
    saved = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
    copy = _write_copy(url, answer, saved, folder)
    return Fetched(answer.body, "", saved if copy else "", copy)


def _fetch_within_deadline(url: str, headers: dict[str, str], fetching: Fetching) -> _Answer:
    """One GET, given up after ``fetching.deadline`` seconds whatever the server does.

    The request runs in a daemon thread: a name lookup or a connection that never ends
    cannot be interrupted from here, so the thread is left to end at its own timeout."""
    outcome: list[_Answer | _Failed] = []

    def work() -> None:
        try:
            outcome.append(_get(url, headers, fetching, time.monotonic() + fetching.deadline))
        except _Failed as exc:
            outcome.append(exc)
        except Exception as exc:  # noqa: BLE001 - any failure of a fetch is a diagnostic
            outcome.append(_Failed(f"the fetch failed: {type(exc).__name__}: {exc}"[:300]))

    worker = threading.Thread(target=work, name="riddlesmith-fetch", daemon=True)
    worker.start()
    worker.join(fetching.deadline)
    if not outcome:
        raise _Failed(f"no complete answer within {fetching.deadline:g} s")
    found = outcome[0]
    if isinstance(found, _Failed):
        raise found
    return found


def _get(url: str, headers: dict[str, str], fetching: Fetching, deadline: float) -> _Answer:
    opener = urllib.request.build_opener(_SameScheme)
    request = urllib.request.Request(url, headers=headers)
    host = urllib.parse.urlsplit(url).hostname or url
    try:
        with opener.open(request, timeout=fetching.timeout) as response:
            return _read_answer(response, fetching, deadline)
    except urllib.error.HTTPError as exc:
        if exc.code == 304:
            return _Answer(304, b"", "", "")
        target = exc.headers.get("Location", "") if exc.headers is not None else ""
        if 300 <= exc.code < 400 and urllib.parse.urlsplit(target).scheme.lower() not in SCHEMES:
            raise _Failed(f"the server redirects to '{target}', which is not an http(s) address") from None
        raise _Failed(f"the server answered {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, (TimeoutError, socket.timeout)):
            raise _Failed(f"{host} did not answer within {fetching.timeout:g} s") from None
        raise _Failed(f"cannot reach {host}: {getattr(reason, 'strerror', None) or reason}") from None
    except (TimeoutError, socket.timeout):
        raise _Failed(f"{host} did not answer within {fetching.timeout:g} s") from None
    except (http.client.HTTPException, OSError) as exc:
        raise _Failed(f"the answer of {host} broke off: {type(exc).__name__}: {exc}"[:300]) from None


def _read_answer(response: Any, fetching: Fetching, deadline: float) -> _Answer:
    length = response.headers.get("Content-Length", "")
    if length.isdigit() and int(length) > fetching.max_bytes:
        raise _Failed(f"the sheet is {int(length):,} bytes; the limit is {fetching.max_bytes:,} bytes")
    body = bytearray()
    while True:
        if time.monotonic() > deadline:
            raise _Failed(f"the download took longer than {fetching.deadline:g} s")
        chunk = response.read(_CHUNK)
        if not chunk:
            break
        body.extend(chunk)
        if len(body) > fetching.max_bytes:
            raise _Failed(f"the sheet is larger than the limit of {fetching.max_bytes:,} bytes")
    kind = response.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
    if kind in ("text/html", "application/xhtml+xml") or bytes(body[:200]).lstrip().lower().startswith(
            (b"<!doctype html", b"<html")):
        raise _Failed("the address gives a web page, not a sheet (a sheet that is not published, "
                      "or its page rather than its CSV)")
    return _Answer(response.status, bytes(body), response.headers.get("ETag", ""),
                   response.headers.get("Last-Modified", ""))


def _key(url: str) -> str:
    return hashlib.sha256(url.encode("utf-8")).hexdigest()[:24]


def _read_copy(url: str, folder: Path | None) -> tuple[bytes, dict[str, str], Path] | None:
    """The cached bytes of ``url``, its index entry and its file; None when there is no
    sound copy (none kept, unreadable, or not the bytes the index describes)."""
    if folder is None:
        return None
    base = folder / CACHE_SUBFOLDER
    try:
        meta = json.loads((base / f"{_key(url)}.json").read_text(encoding="utf-8"))
        if not isinstance(meta, dict) or meta.get("url") != url:
            return None
        copy = base / str(meta["file"])
        if copy.parent != base:
            return None
        raw = copy.read_bytes()
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if hashlib.sha256(raw).hexdigest() != meta.get("sha256"):
        return None
    return raw, {k: str(v) for k, v in meta.items()}, copy


def _write_copy(url: str, answer: _Answer, saved: str, folder: Path | None) -> Path | None:
    """Keep ``answer`` as the copy of ``url``: the bytes under a name of their own, then
    the index naming them, then older copies removed; None when nothing could be kept
    (no cache, or a folder that cannot be written: the check goes on without a copy)."""
    if folder is None:
        return None
    base = folder / CACHE_SUBFOLDER
    key = _key(url)
    digest = hashlib.sha256(answer.body).hexdigest()
    copy = base / f"{key}-{digest[:12]}{'.xlsx' if is_workbook(answer.body) else '.csv'}"
    meta = {"url": url, "file": copy.name, "sha256": digest, "etag": answer.etag,
            "last_modified": answer.last_modified, "saved": saved}
    try:
        base.mkdir(parents=True, exist_ok=True)
        _write_atomically(copy, answer.body)
        _write_atomically(base / f"{key}.json",
                          (json.dumps(meta, indent=1, sort_keys=True) + "\n").encode("utf-8"))
        for old in base.glob(f"{key}-*"):
            if old != copy and not old.name.endswith(".tmp"):
                old.unlink(missing_ok=True)
    except OSError:
        return None
    return copy


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
