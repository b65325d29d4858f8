"""OpenAI-compatible chat completions over httpx: vLLM, SGLang, llama.cpp server, Ollama (/v1), hosted APIs.

`RemoteBackend` implements specdraft.engine.interface.Backend: POST {server}/v1/chat/completions with
stream=true, server-sent events parsed as they arrive (data lines, multi-line events, comments and
keep-alives, [DONE]), text from choices[0].delta.content, the finish reason and the usage counts.

Failures are one-line EngineErrors that say what to do: the server unreachable (its URL; start it
or fix --server), 401/403 (the API key's environment variable), 404 for the model (what GET
/v1/models offers), 429 (Retry-After honoured a bounded number of times), 5xx (the status, the
server's own message, and whether /v1/models offers the model asked for), a malformed event (a
short excerpt), a read time-out, and a stream cut in the middle (neither [DONE] nor a
finish_reason): a broken draft always raises (IncompleteDraft once the answer has begun), so the
caller never applies part of one. Connection errors are retried with
backoff, but only before the server answered: a request whose tokens have started to stream is
never sent again.

Two bounds hold on our side, whatever the server does: an overall deadline per request
(request_timeout: the read time-out only covers silence, and a server dripping a token a second
never falls silent) raises IncompleteDraft; and max_new_tokens is counted here too, so a server
that ignores max_tokens is cut (see `_read_events` for how tokens are counted) and the draft ends
with finish_reason "length", like any draft cut at its limit. An answer longer than its byte or
line bound (``AnswerBounds``: by default BYTES_PER_TOKEN bytes and LINES_PER_TOKEN lines per
token of max_new_tokens, whatever the pieces' count) raises IncompleteDraft, saying which bound
it passed, and no line of the stream is held in memory past what that bound allows. A cancel ends the stream within `_Reader.POLL_S` in every case.

A request with a `reference` (a whole-file edit: the text being rewritten) sends it as OpenAI's
Predicted Output (`"prediction": {"type": "content", "content": ...}`), which a server that
speculates drafts from; a server that refuses the field (a 4xx naming it, or any 400 or 422) is asked
again without it, once, the draft's DraftStats.notes say so, and this backend does not send it again.

The API key is read from the environment variable whose *name* is configured (api_key_env); a key
itself never appears in configuration, in messages or in logs.
"""

from __future__ import annotations

import codecs
import email.utils
import json
import os
import queue
import re
import threading
import time
import urllib.parse
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from specdraft.engine.errors import EngineError, IncompleteDraft
from specdraft.engine.interface import (
    DraftStats,
    DraftStream,
    Piece,
    ToolCall,
    check_generation_options,
    check_messages,
)
from specdraft.engine.options import EDIT_FORMAT_SETTINGS, REQUEST_TIMEOUT_S

CHAT_PATH = "/v1/chat/completions"
# An answer's bounds per token of max_new_tokens: a token is a few bytes of text (16 is more than
# the average of any answer: long whitespace tokens are rare), and a line of a real answer holds
# more than one token (a run of blank lines is one token, but far rarer than the lines around it).
BYTES_PER_TOKEN = 16
LINES_PER_TOKEN = 1
# a JSON string may write a character in up to 6 bytes (\u001b); the event's own fields beside it
EVENT_OVERHEAD = 64 * 1024
MODELS_PATH = "/v1/models"
EXCERPT = 120  # characters of a server's text quoted in a message


SERVER_URL_ACCEPTED = ("an http:// or https:// URL with a host, e.g. http://localhost:8000 or "
                       "https://api.example.com/v1 (no query or fragment)")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:(?!\d+(/|$))")  # "javascript:x", not "localhost:8000"


def base_url(server: str) -> str:
    """The server's root URL: a scheme added when missing, a trailing / or /v1 dropped.

    EngineError, naming the URL and what is accepted, for anything but an http(s) URL with a
    host and a valid port (``http://[::1``, ``http://``, ``javascript:alert(1)``)."""
    url = server.strip()
    if not url:
        raise EngineError("--server is empty: give the model server's URL, e.g. http://localhost:8000")

    def refuse(why: str) -> EngineError:
        # repr: the URL is quoted with any control character escaped, never sent to the terminal raw
        return EngineError(f"--server {server!r} is not a server URL ({why}): give {SERVER_URL_ACCEPTED}")

    if any(char.isspace() or not char.isprintable() for char in url):
        raise refuse("it holds spaces or control characters")
    if "://" not in url:
        if _SCHEME.match(url):
            raise refuse(f"scheme {url.split(':', 1)[0]!r}")
        url = "http://" + url
    scheme = url.split("://", 1)[0].lower()
    if scheme not in ("http", "https"):
        raise refuse(f"scheme {scheme!r}")
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port  # ValueError when it is no number in 0-65535
        checked = httpx.URL(url)
    except (ValueError, httpx.InvalidURL) as error:
        raise refuse(str(error) or type(error).__name__) from None
    if not parts.hostname or not checked.host:
        raise refuse("no host")
    if port == 0:
        raise refuse("port 0")
    if parts.query or parts.fragment or url.endswith(("?", "#")):
        raise refuse("a query or fragment")
    url = url.rstrip("/")
    if url.endswith("/v1"):
        url = url[: -len("/v1")]
    return url


# C0 and C1 controls, DEL, bidi overrides and isolates: a server's text quoted in a message is
# printed to a terminal, where they would be obeyed (engine/ has no app/ to escape them for it)
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def escaped(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\x1b``), tabs and newlines too."""
    return _CONTROLS.sub(lambda match: repr(match.group())[1:-1], text.replace("\t", "\\t").replace("\n", "\\n"))


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """A short one-line quote of a server's text, its control characters as escapes."""
    flat = escaped(" ".join(text.split()))
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def server_message(body: bytes | str) -> str:
    """The error message in a server's response body (OpenAI, FastAPI, plain text), one line."""
    text = body.decode("utf-8", errors="replace") if isinstance(body, bytes) else body
    try:
        data = json.loads(text)
    except ValueError:
        return excerpt(text)
    if isinstance(data, dict):
        for key in ("error", "detail", "message"):
            value = data.get(key)
            if isinstance(value, dict):
                value = value.get("message") or value.get("msg") or value
            if value:
                return excerpt(value if isinstance(value, str) else json.dumps(value))
    return excerpt(text)


def retry_after_seconds(value: str | None) -> float | None:
    """Retry-After as seconds: a number, or an HTTP date (RFC 9110); None when absent or unreadable."""
    if not value:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)


@dataclass
class ServerEvent:
    """One server-sent event: its type ("" = message) and its data lines joined by newlines."""

    event: str
    data: str
    terminated: bool = True  # False: the stream ended before the blank line that ends an event


def iter_events(lines: Iterable[str]) -> Iterator[ServerEvent]:
    """Server-sent events from the stream's lines (the WHATWG event-stream format).

    Comment lines (`: keep-alive`) are skipped, `data:` lines of one event are joined with newlines,
    a blank line dispatches the event; id and retry fields are ignored.
    """
    data: list[str] = []
    event = ""
    for line in lines:
        if line == "":
            if data:
                yield ServerEvent(event, "\n".join(data))
            data, event = [], ""
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if field == "data":
            data.append(value)
        elif field == "event":
            event = value
    if data:
        yield ServerEvent(event, "\n".join(data), terminated=False)


@dataclass(frozen=True)
class AnswerBounds:
    """How much text one answer may hold: UTF-8 bytes and lines (its line breaks, plus one)."""

    max_bytes: int
    max_lines: int

    @classmethod
    def for_tokens(cls, max_new_tokens: int, max_bytes: int | None = None,
                   max_lines: int | None = None) -> AnswerBounds:  # fmt: skip
        """The bounds for an answer of at most ``max_new_tokens`` tokens (a given bound wins)."""
        return cls(max_bytes or BYTES_PER_TOKEN * max_new_tokens, max_lines or LINES_PER_TOKEN * max_new_tokens)

    @property
    def max_raw_line(self) -> int:
        """The longest line of the event stream (or whole JSON body) worth reading for such an answer."""
        return 6 * self.max_bytes + EVENT_OVERHEAD

    def passed(self, text_bytes: int, line_breaks: int) -> str | None:
        """Which bound an answer of ``text_bytes`` bytes and ``line_breaks`` line breaks passed, if any."""
        if text_bytes > self.max_bytes:
            return f"more than {self.max_bytes:,} bytes"
        if line_breaks + 1 > self.max_lines:
            return f"more than {self.max_lines:,} lines"
        return None


class _TooLong(Exception):
    """A line of the event stream (or a whole body) longer than the answer's bounds allow."""


class ServerRefused(EngineError):
    """The server answered a request with an error status; `status` and its own message `said`."""

    def __init__(self, message: str, status: int, said: str) -> None:
        super().__init__(message)
        self.status, self.said = status, said


class RemoteBackend:
    """A model served over the OpenAI chat-completions protocol (see the module docstring)."""

    kind = "remote"

    def __init__(self, server: str, model: str | None = None, *, api_key_env: str | None = None,
                 connect_timeout: float = 10.0, read_timeout: float = 120.0,
                 request_timeout: float = REQUEST_TIMEOUT_S, retries: int = 3,
                 backoff_s: float = 0.5, rate_limit_waits: int = 3, max_wait_s: float = 60.0,
                 send_prediction: bool = True, extra_body: dict[str, Any] | None = None,
                 edit_format: str = "auto", max_answer_bytes: int | None = None,
                 max_answer_lines: int | None = None) -> None:  # fmt: skip
        """connect_timeout / read_timeout: seconds to connect, and the longest silence while reading;
        request_timeout: seconds one chat request may take in all (retries and waits included);
        retries: connection errors retried (before any answer) with backoff_s * 2**n waits;
        rate_limit_waits: 429 answers waited out (Retry-After, at most max_wait_s each);
        send_prediction: send `reference` as OpenAI's predicted output (servers that support it
        draft from it; one that refuses the field is asked again without it); extra_body: more
        request fields; edit_format: how the model is asked for an edit ("auto": search-replace);
        max_answer_bytes / max_answer_lines: an answer's bounds (None: AnswerBounds.for_tokens)."""
        self.base = base_url(server)
        if edit_format not in EDIT_FORMAT_SETTINGS:
            raise EngineError(f"unknown edit format {edit_format!r}: use one of {', '.join(EDIT_FORMAT_SETTINGS)}")
        self._edit_format = edit_format
        self._model = model or None
        if api_key_env and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", api_key_env):
            # never echo it: it may be the key itself, pasted where the variable's name belongs
            raise EngineError(
                "api_key_env must name an environment variable (e.g. OPENAI_API_KEY), not hold the key "
                "itself: export the key in a variable and put that variable's name in the configuration"
            )
        self.api_key_env = api_key_env or None
        if connect_timeout <= 0 or read_timeout <= 0 or request_timeout <= 0:
            raise EngineError("time-outs must be more than 0 seconds")
        if retries < 0 or rate_limit_waits < 0:
            raise EngineError("retries must be 0 or more")
        if any(bound is not None and bound <= 0 for bound in (max_answer_bytes, max_answer_lines)):
            raise EngineError("an answer's byte and line bounds must be more than 0")
        self.max_answer_bytes, self.max_answer_lines = max_answer_bytes, max_answer_lines
        self.timeout = httpx.Timeout(connect=connect_timeout, read=read_timeout, write=read_timeout,
                                     pool=connect_timeout)  # fmt: skip
        self.connect_timeout, self.read_timeout = connect_timeout, read_timeout
        self.request_timeout = request_timeout
        self.retries, self.backoff_s = retries, backoff_s
        self.rate_limit_waits, self.max_wait_s = rate_limit_waits, max_wait_s
        self.send_prediction = send_prediction
        self.send_tools = True  # offer tools when asked to (a server that refuses them is not offered them again)
        self.extra_body = dict(extra_body or {})
        self._models: list[dict[str, Any]] | None = None
        self._models_lock = threading.Lock()

    # -- what the app asks before drafting ------------------------------------------------------

    @property
    def offers_tools(self) -> bool:
        """Whether a request may offer tools (OpenAI tool calls): until the server refuses them."""
        return self.send_tools

    @property
    def edit_format(self) -> str:
        """How the served model is asked for an edit: the one chosen when opening the backend, else
        SEARCH/REPLACE blocks (short answers, all files in one request, any instruct model)."""
        return "search-replace" if self._edit_format == "auto" else self._edit_format

    @property
    def name(self) -> str:
        """The model's name; when none was given, the server's only model (asks the server)."""
        if self._model is None:
            ids = self.list_models()
            if len(ids) != 1:
                offered = ", ".join(escaped(name) for name in ids[:20]) or "none"
                raise EngineError(f"{self.base} offers {len(ids)} models ({offered}): choose one with --model NAME")
            if escaped(ids[0]) != ids[0]:  # shown in the review and written in commit trailers: not as it is
                raise EngineError(f"the only model {self.base} offers has control characters in its name "
                                  f"({escaped(ids[0])}): name the model with --model NAME")  # fmt: skip
            self._model = ids[0]
        return self._model

    @property
    def context_length(self) -> int | None:
        """The window /v1/models reports (vLLM max_model_len, context_length, llama.cpp n_ctx_train);
        None when the server does not say or cannot be asked."""
        try:
            entries = self._model_entries()
            model = self.name
        except EngineError:
            return None
        for entry in entries:
            if entry.get("id") != model:
                continue
            meta = entry.get("meta") if isinstance(entry.get("meta"), dict) else {}
            for value in (entry.get("max_model_len"), entry.get("context_length"), entry.get("context_window"),
                          meta.get("n_ctx"), meta.get("n_ctx_train")):  # fmt: skip
                if isinstance(value, int) and value > 0:
                    return value
        return None

    def count_tokens(self, text: str) -> int | None:
        return None  # the server's tokenizer is not known here

    def count_prompt_tokens(self, messages: Sequence[dict[str, str]]) -> int | None:
        return None

    def list_models(self) -> list[str]:
        """The model ids GET /v1/models offers (asked again on every call)."""
        with self._models_lock:
            self._models = None
        return [str(entry.get("id")) for entry in self._model_entries() if entry.get("id") is not None]

    def _model_entries(self) -> list[dict[str, Any]]:
        with self._models_lock:
            if self._models is None:
                with self._client() as client:
                    response = self._send(client, "GET", MODELS_PATH, None, cancel=None, what="the model list")
                    body = response.read()
                try:
                    data = json.loads(body)
                    entries = data["data"] if isinstance(data, dict) else data
                    if not isinstance(entries, list):
                        raise TypeError
                except (ValueError, KeyError, TypeError):
                    raise EngineError(
                        f"{self.base}{MODELS_PATH} did not answer with a model list: "
                        f"{excerpt(body.decode('utf-8', errors='replace'))!r}"
                    ) from None
                self._models = [e for e in entries if isinstance(e, dict)]
            return self._models

    # -- HTTP ------------------------------------------------------------------------------------

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "text/event-stream, application/json"}
        key = os.environ.get(self.api_key_env) if self.api_key_env else None
        if key:
            headers["Authorization"] = f"Bearer {key.strip()}"
        return headers

    def _client(self) -> httpx.Client:
        return httpx.Client(timeout=self.timeout, headers=self._headers(), follow_redirects=True)

    def _sleep(self, seconds: float, cancel: threading.Event | None) -> bool:
        """Wait; True when cancelled meanwhile."""
        if cancel is None:
            time.sleep(seconds)
            return False
        return cancel.wait(seconds)

    def _send(self, client: httpx.Client, method: str, path: str, body: dict[str, Any] | None, *,
              cancel: threading.Event | None, what: str) -> httpx.Response:  # fmt: skip
        """A streamed response with status < 400, after the bounded retries and waits; EngineError
        otherwise. None is never returned; a cancel during a wait raises _Cancelled."""
        url = self.base + path
        failures = waits = 0
        while True:
            try:
                request = client.build_request(method, url, json=body)
                response = client.send(request, stream=True)
            except httpx.ConnectTimeout:
                error_text = f"no connection within {self.connect_timeout:g} s (connect time-out)"
            except httpx.ReadTimeout:
                raise EngineError(
                    f"the model server at {self.base} did not answer {what} within {self.read_timeout:g} s "
                    "(read time-out): it may be busy or loading the model; try again or raise the time-out"
                ) from None
            except (httpx.ConnectError, httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as error:
                # nothing was answered yet, so sending the request again is safe
                error_text = _reason(error)
            else:
                if response.status_code == 429:
                    response.read()
                    response.close()
                    wait = retry_after_seconds(response.headers.get("retry-after"))
                    if wait is None:
                        wait = self.backoff_s * 2**waits
                    if waits < self.rate_limit_waits and wait <= self.max_wait_s:
                        waits += 1
                        if self._sleep(wait, cancel):
                            raise _Cancelled
                        continue
                    asked = f"; it asks to wait {wait:.0f} s" if wait > self.max_wait_s else ""
                    raise EngineError(
                        f"rate limited by {self.base} (429 Too Many Requests, {waits + 1} times{asked}): "
                        f"wait and try again, or check your plan's limits: {server_message(response.content)}"
                    )
                if response.status_code >= 400:
                    content = response.read()
                    response.close()
                    raise self._status_error(response.status_code, response.reason_phrase, content, path, what)
                return response
            if failures >= self.retries:
                tries = f" (tried {failures + 1} times)" if failures else ""
                raise EngineError(
                    f"cannot reach the model server at {self.base}: {error_text}{tries}; "
                    "start the server there or fix --server"
                )
            if self._sleep(self.backoff_s * 2**failures, cancel):
                raise _Cancelled
            failures += 1

    def _status_error(self, status: int, reason: str, content: bytes, path: str, what: str) -> ServerRefused:
        message = server_message(content)
        return ServerRefused(self._status_text(status, reason, message, path, what), status, message)

    def _status_text(self, status: int, reason: str, message: str, path: str, what: str) -> str:
        said = f": {message}" if message else ""
        if status in (401, 403):
            if not self.api_key_env:
                fix = ("it needs an API key: put the key in an environment variable and name that variable "
                       "in the configuration (api_key_env)")  # fmt: skip
            elif not os.environ.get(self.api_key_env):
                fix = f"the API key variable ${self.api_key_env} is not set: export it"
            else:
                fix = f"it refused the API key in ${self.api_key_env}: check that key and its access to the model"
            return f"{self.base} answered {status} {reason}: {fix}{said}"
        if status == 404 and path == CHAT_PATH:
            try:
                offered = self.list_models()
            except EngineError:
                offered = None
            if offered is not None and self._model not in offered:
                listing = ", ".join(map(escaped, offered[:20])) + (" …" if len(offered) > 20 else "") if offered else "none"
                return (
                    f"model {self._model!r} is not served at {self.base}; it offers: {listing} "
                    f"(choose one with --model){said}"
                )
            return (
                f"{self.base}{path} was not found (404): is --server the base URL of an OpenAI-compatible "
                f"server?{said}"
            )
        if status == 404:
            return (f"{self.base}{path} was not found (404): is --server the base URL of an "
                    f"OpenAI-compatible server?{said}")  # fmt: skip
        if status >= 500:
            offered = self._offered_after_failure() if path == CHAT_PATH else ""
            return (f"the model server at {self.base} failed on {what} ({status} {reason}){said}; "
                    f"{offered}check its log, then try again")  # fmt: skip
        return f"{self.base} refused {what} ({status} {reason}){said}"

    def _offered_after_failure(self) -> str:
        """After a 5xx on the chat request: whether GET /v1/models offers the model asked for (a
        wrong name makes some servers fail instead of answering 404), as a clause ending in "; "."""
        try:
            offered = self.list_models()
        except EngineError as error:
            return f"its model list could not be read either ({excerpt(str(error), 80)}); "
        listing = ", ".join(map(escaped, offered[:5])) + (f" and {len(offered) - 5} more" if len(offered) > 5 else "")
        if self._model in offered:
            return f"it offers model {self._model!r}, so the fault is the server's: "
        return (f"model {self._model!r} is not among those it offers ({listing or 'none'}): "
                "choose one with --model, or ")

    # -- streaming -------------------------------------------------------------------------------

    def request_body(self, messages: Sequence[dict[str, str]], *, reference: str | None, max_new_tokens: int,
                     temperature: float, stop: Sequence[str], usage: bool = True,
                     tools: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:  # fmt: skip
        body: dict[str, Any] = {
            "model": self.name,
            "messages": check_messages(messages),
            "stream": True,
            "max_tokens": max_new_tokens,
            "temperature": temperature,
        }
        if usage:
            body["stream_options"] = {"include_usage": True}
        if stop:
            body["stop"] = list(stop)
        if reference is not None and self.send_prediction:
            body["prediction"] = {"type": "content", "content": reference}
        if tools and self.send_tools:  # the model may answer with tool calls (operations) instead of text
            body["tools"] = list(tools)
            body["tool_choice"] = "auto"
        body.update(self.extra_body)
        return body

    def stream(self, messages: Sequence[dict[str, str]], *, reference: str | None = None,
               max_new_tokens: int = 2048, temperature: float = 0.0, stop: Sequence[str] = (),
               cancel: threading.Event | None = None, tools: Sequence[dict[str, Any]] = ()) -> DraftStream:  # fmt: skip
        """Text pieces as the server streams them, then a DraftStats (with the answer's tool calls,
        where ``tools`` were offered and the model called them); EngineError on any failure,
        including a stream that ends before the server said it was done."""
        check_generation_options(max_new_tokens, temperature)
        body = self.request_body(messages, reference=reference, max_new_tokens=max_new_tokens,
                                 temperature=temperature, stop=stop, tools=tools)  # fmt: skip
        stats = DraftStats(model=str(body["model"]), backend="remote", finish_reason="")
        return DraftStream(self._stream(body, cancel, stats, max_new_tokens), stats)

    def answer_bounds(self, max_new_tokens: int) -> AnswerBounds:
        """The byte and line bounds of one answer asked for with ``max_new_tokens``."""
        return AnswerBounds.for_tokens(max_new_tokens, self.max_answer_bytes, self.max_answer_lines)

    def _stream(self, body: dict[str, Any], cancel: threading.Event | None, stats: DraftStats,
                max_new_tokens: int) -> Iterator[Piece]:  # fmt: skip
        started = time.perf_counter()
        # HTTP runs in a reader thread and hands lines over a queue, so that a cancel is seen at once,
        # even while the server is silent (a long prefill, a stalled stream): the caller never waits
        # for the next byte to learn that the user pressed Esc. The request's deadline is kept there too.
        bounds = self.answer_bounds(max_new_tokens)
        reader = _Reader(self, body, cancel, deadline=time.monotonic() + self.request_timeout, notes=stats.notes,
                         max_line=bounds.max_raw_line)  # fmt: skip
        reader.start()
        try:
            yield from self._read_events(reader, stats, cancel, started, max_new_tokens, bounds)
        finally:
            reader.hang_up()
        stats.elapsed_s = time.perf_counter() - started
        yield stats

    def _open_chat(self, client: httpx.Client, body: dict[str, Any], cancel: threading.Event | None,
                   notes: list[str]) -> httpx.Response:  # fmt: skip
        """The chat request's streamed response; a field the server refuses is dropped and the request
        sent again, once per field: stream_options (servers that predate it: no usage then), and
        prediction (a 4xx naming it, or any 400 or 422: a note in `notes`, and never sent again)."""
        if cancel is not None and cancel.is_set():
            raise _Cancelled
        try:
            return self._send(client, "POST", CHAT_PATH, body, cancel=cancel, what="the chat request")
        except ServerRefused as error:
            names = error.said.lower()
            if "stream_options" in body and "stream_options" in names and error.status == 400:
                field = "stream_options"
            elif "tools" in body and 400 <= error.status < 500 and ("tool" in names or error.status in (400, 422)):
                field = "tools"
                self.send_tools = False  # for the session: later requests go without them
                said = f": {excerpt(error.said, 80)}" if error.said else ""
                notes.append(f"{self.base} refused the operations offered as tools ({error.status}{said}); "
                             "asked again for a text edit, and will not offer them again")  # fmt: skip
                body = {k: v for k, v in body.items() if k != "tool_choice"}
            elif "prediction" in body and 400 <= error.status < 500 and (
                    "predict" in names or error.status in (400, 422)):  # fmt: skip
                field = "prediction"
                self.send_prediction = False  # for the session: later requests go without it
                said = f": {excerpt(error.said, 80)}" if error.said else ""
                notes.append(f"{self.base} refused the predicted output ({error.status}{said}); "
                             "asked again without it, and will not send it again")  # fmt: skip
            else:
                raise
            return self._open_chat(client, {k: v for k, v in body.items() if k != field}, cancel, notes)

    def _read_events(self, reader: _Reader, stats: DraftStats, cancel: threading.Event | None,
                     started: float, max_new_tokens: int, bounds: AnswerBounds) -> Iterator[str]:  # fmt: skip
        """The text pieces of the answer; stats filled in as they come.

        max_new_tokens is counted on our side, for servers that ignore max_tokens: the tokens so far
        are the server's own completion_tokens when it reports usage while streaming (vLLM's
        continuous_usage_stats), else the content pieces streamed, one token each. A server sends at
        least one token per piece (it holds back a partial character or a possible stop string, it
        never splits a token), so pieces never overcount: a server that honours max_tokens is never
        cut here. The piece that would go past the limit is not passed on; the server is hung up on
        and the draft ends with finish_reason "length".

        ``bounds`` hold whatever the pieces' count: the piece that would take the answer past its
        bytes or lines, or an event line too long for them, is not passed on either, and raises
        IncompleteDraft saying which bound it passed (a server that sends a whole file a piece)."""
        done = False
        finish: str | None = None
        received = 0  # characters of text
        pieces = 0  # content pieces streamed
        reported = 0  # completion_tokens in the usage the server reported while streaming
        cut = False  # the server went past max_new_tokens
        text_bytes = line_breaks = 0  # of the text passed on, for the answer's bounds
        calls: dict[int, list[str]] = {}  # the answer's tool calls, as they stream: index -> [name, arguments]
        try:
            for event in iter_events(reader.lines()):
                data = event.data.strip()
                if data == "[DONE]":
                    done = True
                    break
                if not event.terminated:  # the last event lost its end: the stream was cut inside it
                    try:
                        json.loads(data)
                    except ValueError:
                        break
                payload = self._parse_event(event, data)
                usage = payload.get("usage")
                if isinstance(usage, dict):
                    stats.prompt_tokens = _int_or(usage.get("prompt_tokens"), stats.prompt_tokens)
                    stats.new_tokens = _int_or(usage.get("completion_tokens"), stats.new_tokens)
                    reported = _int_or(usage.get("completion_tokens"), reported) or 0
                for text, reason in self._choices(payload, data, calls):
                    if reason:
                        finish = reason
                    if text:
                        pieces += 1
                        if max(pieces, reported) > max_new_tokens:  # the server ignored max_tokens
                            cut = True
                            break
                        size = len(text.encode("utf-8", "surrogatepass"))
                        passed = bounds.passed(text_bytes + size, line_breaks + text.count("\n"))
                        if passed is not None:  # the piece is not passed on; the server is hung up on
                            raise self._too_long(passed, bounds, max_new_tokens, stats)
                        text_bytes += size
                        line_breaks += text.count("\n")
                        if stats.first_piece_s is None:
                            stats.first_piece_s = time.perf_counter() - started
                        received += len(text)
                        stats.chars = received
                        stats.elapsed_s = time.perf_counter() - started
                        yield text
                called = sum(len(name) + len(arguments) for name, arguments in calls.values())
                if bounds.passed(text_bytes + called, line_breaks) is not None:
                    raise self._too_long("its tool calls' size", bounds, max_new_tokens, stats)
                if cut:  # the rest is not read: the server is hung up on (finally, in _stream)
                    finish = "length"
                    break
                if cancel is not None and cancel.is_set():
                    break
            if reader.whole_body is not None:  # a server that ignored stream=true answered in one piece
                yield from self._whole_answer(reader.whole_body, stats, bounds, max_new_tokens)
                return
            stats.tool_calls = [ToolCall(name, arguments) for _, (name, arguments) in sorted(calls.items())]
        except _TooLong:
            passed = f"a line of its stream of more than {bounds.max_raw_line:,} bytes"
            raise self._too_long(passed, bounds, max_new_tokens, stats) from None
        except _DeadlinePassed:
            raise IncompleteDraft(
                f"the model server at {self.base} did not finish within {self.request_timeout:g} s (request "
                f"time-out) after {received} characters; the draft is incomplete and was not used: raise "
                "--request-timeout or the request_timeout setting for a slow server, or lower --max-new-tokens"
            ) from None
        except httpx.ReadTimeout:
            raise IncompleteDraft(
                f"the model server at {self.base} sent nothing for {self.read_timeout:g} s (read time-out) after "
                f"{received} characters of the draft; the draft is incomplete and was not used: try again, "
                "or raise the read time-out for a slow server"
            ) from None
        except (httpx.RemoteProtocolError, httpx.ReadError) as error:
            raise IncompleteDraft(
                f"the stream from {self.base} broke after {received} characters ({_reason(error)}); "
                "the draft is incomplete and was not used: try again"
            ) from None
        if reader.cancelled or (cancel is not None and cancel.is_set() and not done):
            stats.finish_reason = "cancelled"
            return
        if not done and finish is None:
            raise IncompleteDraft(
                f"the stream from {self.base} was cut after {received} characters (neither a finish_reason "
                "nor [DONE] came); the draft is incomplete and was not used: check the server, then try again"
            )
        # an answer that ends in tool calls is whole: its operations are the draft
        stats.finish_reason = "stop" if finish in (None, "tool_calls", "function_call") else finish

    def _parse_event(self, event: ServerEvent, data: str) -> dict[str, Any]:
        try:
            payload = json.loads(data)
        except ValueError as error:
            raise EngineError(
                f"malformed event from {self.base} ({error.args[0] if error.args else error}): {excerpt(data)!r}; "
                "is it an OpenAI-compatible server?"
            ) from None
        if not isinstance(payload, dict):
            raise EngineError(f"malformed event from {self.base} (not a JSON object): {excerpt(data)!r}")
        if "error" in payload or event.event == "error":
            raise IncompleteDraft(
                f"the model server at {self.base} reported an error in the middle of the draft: "
                f"{server_message(data)}; the draft is incomplete and was not used"
            )
        return payload

    def _choices(self, payload: dict[str, Any], data: str,
                 calls: dict[int, list[str]] | None = None) -> Iterator[tuple[str, str | None]]:  # fmt: skip
        choices = payload.get("choices", [])
        if not isinstance(choices, list):
            raise EngineError(f"malformed event from {self.base} (choices is not a list): {excerpt(data)!r}")
        for choice in choices:
            if not isinstance(choice, dict):
                raise EngineError(f"malformed event from {self.base} (a choice is not an object): {excerpt(data)!r}")
            if choice.get("index", 0) != 0:
                continue  # n > 1 is never asked for; only the first answer is the draft
            delta = choice.get("delta")
            if delta is None:
                delta = choice.get("message") or {}
            if not isinstance(delta, dict):
                raise EngineError(f"malformed event from {self.base} (delta is not an object): {excerpt(data)!r}")
            content = delta.get("content")
            if content is not None and not isinstance(content, str):
                raise EngineError(f"malformed event from {self.base} (content is not text): {excerpt(data)!r}")
            if calls is not None:
                self._tool_call_parts(delta.get("tool_calls"), calls, data)
            reason = choice.get("finish_reason")
            yield content or "", str(reason) if reason else None

    def _tool_call_parts(self, parts: Any, calls: dict[int, list[str]], data: str) -> None:
        """Adds a delta's tool-call parts to ``calls`` (index: [name, arguments so far]); a whole
        message's tool calls come as one part each."""
        if parts is None:
            return
        if not isinstance(parts, list):
            raise EngineError(f"malformed event from {self.base} (tool_calls is not a list): {excerpt(data)!r}")
        for number, part in enumerate(parts):
            function = part.get("function") if isinstance(part, dict) else None
            if not isinstance(function, dict):
                raise EngineError(f"malformed event from {self.base} (a tool call has no function): {excerpt(data)!r}")
            index = part.get("index", number)
            call = calls.setdefault(index if isinstance(index, int) else number, ["", ""])
            name, arguments = function.get("name"), function.get("arguments")
            if isinstance(name, str):
                call[0] += name if call[0] != name else ""
            if isinstance(arguments, str):
                call[1] += arguments
            elif isinstance(arguments, dict):  # some servers send the arguments parsed
                call[1] += json.dumps(arguments)

    def _too_long(self, passed: str, bounds: AnswerBounds, max_new_tokens: int, stats: DraftStats) -> IncompleteDraft:
        """The error that ends an answer past its bounds (its stats end as "length", cut at its limit)."""
        stats.finish_reason = "length"
        return IncompleteDraft(
            f"the answer from {self.base} was cut at {passed}: an answer of {max_new_tokens} tokens "
            f"(--max-new-tokens) may hold {bounds.max_bytes:,} bytes and {bounds.max_lines:,} lines; the draft "
            "is incomplete and was not used: raise --max-new-tokens if the answer is meant to be that long"
        )

    def _whole_answer(self, body: bytes, stats: DraftStats, bounds: AnswerBounds,
                      max_new_tokens: int) -> Iterator[str]:  # fmt: skip
        data = body.decode("utf-8", errors="replace")
        payload = self._parse_event(ServerEvent("", data), data)
        usage = payload.get("usage")
        if isinstance(usage, dict):
            stats.prompt_tokens = _int_or(usage.get("prompt_tokens"), None)
            stats.new_tokens = _int_or(usage.get("completion_tokens"), None)
        finish = None
        text_bytes = line_breaks = 0
        calls: dict[int, list[str]] = {}
        for text, reason in self._choices(payload, data, calls):
            finish = reason or finish
            if text:
                text_bytes += len(text.encode("utf-8", "surrogatepass"))
                line_breaks += text.count("\n")
                passed = bounds.passed(text_bytes, line_breaks)
                if passed is not None:
                    raise self._too_long(passed, bounds, max_new_tokens, stats)
                stats.chars += len(text)
                yield text
        if finish is None:
            raise EngineError(f"the answer from {self.base} has no finish_reason: {excerpt(data)!r}")
        stats.tool_calls = [ToolCall(name, arguments) for _, (name, arguments) in sorted(calls.items())]
        stats.finish_reason = "stop" if finish in ("tool_calls", "function_call") else finish


class _Cancelled(Exception):
    """The caller cancelled while a request waited for a retry."""


class _DeadlinePassed(Exception):
    """The request's overall deadline (request_timeout) passed before its answer ended."""


class _Reader:
    """Sends the chat request and reads the answer's lines in a daemon thread, handing them over a
    queue; `lines()` yields them in the caller's thread, stops as soon as `cancel` is set, and raises
    _DeadlinePassed at `deadline` (time.monotonic()), whether lines still come or not."""

    POLL_S = 0.05  # how often a silent wait looks at the cancel event and the deadline

    def __init__(self, backend: RemoteBackend, body: dict[str, Any], cancel: threading.Event | None,
                 deadline: float = float("inf"), notes: list[str] | None = None,
                 max_line: int | None = None) -> None:  # fmt: skip
        self.backend, self.body, self.cancel, self.deadline = backend, body, cancel, deadline
        self.max_line = max_line  # the longest line (or JSON body) read; longer: _TooLong, unread
        self.notes = notes if notes is not None else []  # a field the server refused, for the user
        self.items: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.stop = threading.Event()  # set by hang_up: the thread's retry waits end too
        self.client: httpx.Client | None = None
        self.response: httpx.Response | None = None
        self.whole_body: bytes | None = None
        self.cancelled = False
        self.thread = threading.Thread(target=self._run, name="specdraft-remote", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        try:
            with self.backend._client() as client:
                self.client = client
                if self.cancel is not None and self.cancel.is_set():
                    raise _Cancelled
                # waits between retries end on hang_up (which a cancel or the deadline leads to)
                response = self.backend._open_chat(client, self.body, self.stop, self.notes)
                self.response = response
                try:
                    content_type = response.headers.get("content-type", "")
                    if "json" in content_type and "event-stream" not in content_type:
                        self.items.put(("body", self._whole_body(response)))
                    else:
                        for line in _bounded_lines(response.iter_bytes(), self.max_line):
                            if self.stop.is_set():
                                break
                            self.items.put(("line", line))
                finally:
                    response.close()
            self.items.put(("end", None))
        except _Cancelled:
            self.items.put(("cancelled", None))
        except BaseException as error:  # handed to the caller's thread, which raises it
            self.items.put(("error", error))

    def _whole_body(self, response: httpx.Response) -> bytes:
        body = bytearray()
        for data in response.iter_bytes():
            body += data
            if self.max_line is not None and len(body) > self.max_line:
                raise _TooLong
            if self.stop.is_set():
                break
        return bytes(body)

    def lines(self) -> Iterator[str]:
        while True:
            if self.cancel is not None and self.cancel.is_set():
                self.cancelled = True
                return
            if time.monotonic() >= self.deadline:  # checked between lines too: a drip never pauses
                raise _DeadlinePassed
            try:
                kind, value = self.items.get(timeout=max(min(self.POLL_S, self.deadline - time.monotonic()), 0.0))
            except queue.Empty:
                if self.cancel is not None and self.cancel.is_set():
                    self.cancelled = True
                    return
                continue
            if kind == "line":
                yield value
            elif kind == "body":
                self.whole_body = value
            elif kind == "error":
                raise value
            elif kind == "cancelled":
                self.cancelled = True
                return
            else:
                return

    def hang_up(self) -> None:
        """Stop reading and close the connection (a server stops generating when its client leaves);
        before the answer's headers came, close the client, which drops the connection being waited on."""
        self.stop.set()
        if not self.thread.is_alive():
            return
        target = self.response if self.response is not None else self.client
        if target is not None:
            try:
                target.close()
            except Exception:  # noqa: BLE001 (best effort from another thread; the reader ends anyway)
                pass


_LINE_END = re.compile(r"\r\n|\r|\n")


def _bounded_lines(chunks: Iterable[bytes], max_line: int | None) -> Iterator[str]:
    """The lines of a stream of bytes (ended by CRLF, CR or LF, as the event-stream format has
    them), decoded as UTF-8; _TooLong as soon as one grows past ``max_line`` characters, so that
    a line longer than any answer may be is never held whole."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    line: list[str] = []  # the line so far, in the pieces it came in
    size = 0
    carry = ""  # a CR that ended a chunk: the first half of a CRLF, or a line end of its own
    for data in chunks:
        text = carry + decoder.decode(data)
        carry = ""
        if text.endswith("\r"):
            text, carry = text[:-1], "\r"
        parts = _LINE_END.split(text)
        if len(parts) > 1:
            yield "".join(line) + parts[0]
            yield from parts[1:-1]
            line, size = [], 0
        line.append(parts[-1])
        size += len(parts[-1])
        if max_line is not None and size > max_line:
            raise _TooLong
    lines = _LINE_END.split("".join(line) + carry + decoder.decode(b"", final=True))
    yield from (lines if lines[-1] else lines[:-1])


def _reason(error: Exception) -> str:
    text = str(error) or type(error).__name__
    if "Connection refused" in text or "Errno 111" in text:
        return "connection refused"
    return excerpt(text)


def _int_or(value: Any, default: int | None) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
