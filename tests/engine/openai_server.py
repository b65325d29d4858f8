"""A real OpenAI-protocol HTTP server on loopback for the remote backend's tests, with faults on demand.

Each POST /v1/chat/completions takes the next scenario from `server.script` (a list of callables
`scenario(handler, body)`), or streams `server.default_pieces` when the script is empty; GET
/v1/models lists `server.models`. Every request is recorded in `server.requests`.

Run as a script, it serves on a fixed port for trying the client by hand (a server that drips a
token a second and never ends, ignoring max_tokens)::

    python -m tests.engine.openai_server --port 8765 --drip 1.0
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def chunk(content: str | None = None, finish: str | None = None, **extra: Any) -> dict[str, Any]:
    """One chat.completion.chunk as vLLM / OpenAI send it."""
    delta = {} if content is None else {"content": content}
    return {
        "id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 0, "model": "tiny-coder",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra,
    }  # fmt: skip


class Handler(BaseHTTPRequestHandler):
    server: OpenAIServer  # type: ignore[assignment]

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        return json.loads(raw) if raw else {}

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self.server.requests.append(("GET", self.path, dict(self.headers), None))
        if self.path == "/v1/models":
            self.send_json(200, {"object": "list", "data": self.server.models})
        else:
            self.send_json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:  # noqa: N802
        body = self._body()
        self.server.requests.append(("POST", self.path, dict(self.headers), body))
        if self.path != "/v1/chat/completions":
            self.send_json(404, {"detail": "Not Found"})
            return
        scenario = self.server.script.pop(0) if self.server.script else stream_pieces(self.server.default_pieces)
        scenario(self, body)

    # -- writing helpers -------------------------------------------------------------------------

    def send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def start_events(self) -> None:
        # HTTP/1.0 without Content-Length: the body ends when the server closes the connection
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.flush()

    def write(self, raw: str) -> None:
        self.wfile.write(raw.encode())
        self.wfile.flush()

    def event(self, payload: Any) -> None:
        self.write(f"data: {payload if isinstance(payload, str) else json.dumps(payload)}\n\n")


Scenario = Callable[[Handler, dict[str, Any]], None]


def stream_pieces(pieces: Sequence[str], *, finish: str = "stop", usage: dict[str, int] | None = None,
                  done: bool = True, delay: float = 0.0, between: threading.Event | None = None) -> Scenario:
    """Stream pieces as chunks, then the finish reason, the usage chunk and [DONE].
    between: after the first piece, wait until this event is set (the client got piece one)."""

    def scenario(handler: Handler, body: dict[str, Any]) -> None:
        handler.start_events()
        handler.event({**chunk(None), "choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": None}]})
        for i, piece in enumerate(pieces):
            if delay:
                time.sleep(delay)
            handler.event(chunk(piece))
            if i == 0 and between is not None:
                between.wait(5)
        handler.event(chunk(None, finish))
        if usage is not None:
            handler.event({**chunk(None), "choices": [], "usage": usage})
        if done:
            handler.event("[DONE]")

    return scenario


def drip(every: float, piece: str = "x ", *, usage: bool = False, limit: int | None = None) -> Scenario:
    """A server that ignores max_tokens and never ends: one piece every `every` seconds until the
    client hangs up (or `limit` pieces). usage: each chunk carries the running usage counts, as
    vLLM's continuous_usage_stats does (one token per piece). The pieces sent are counted in
    `server.dripped`; `server.hung_up` is set when the client left."""

    def scenario(handler: Handler, body: dict[str, Any]) -> None:
        handler.start_events()
        sent = 0
        try:
            while limit is None or sent < limit:
                extra = {"usage": {"prompt_tokens": 7, "completion_tokens": sent + 1, "total_tokens": sent + 8}}
                handler.event(chunk(piece, **(extra if usage else {})))
                sent += 1
                handler.server.dripped = sent
                time.sleep(every)
        except OSError:  # the client hung up: a real server stops generating here
            handler.server.hung_up.set()
            handler.close_connection = True

    return scenario


def flood(piece: str, count: int, *, whole: bool = False) -> Scenario:
    """A server that sends ``piece`` ``count`` times (never built whole: 70 MB costs nothing here),
    then stop: an answer far past any bound, in few chunks. whole: one JSON object ignoring
    stream=true, its content written out piece by piece. The chunks written are counted in
    `server.dripped`; `server.hung_up` is set when the client left before the end."""

    def scenario(handler: Handler, body: dict[str, Any]) -> None:
        try:
            if whole:
                handler.send_response(200)
                handler.send_header("Content-Type", "application/json")
                handler.end_headers()
                handler.write('{"choices": [{"index": 0, "message": {"content": "')
                for _ in range(count):
                    handler.write(json.dumps(piece)[1:-1])
                    handler.server.dripped += 1
                handler.write('"}, "finish_reason": "stop"}]}')
                return
            handler.start_events()
            for _ in range(count):
                handler.event(chunk(piece))
                handler.server.dripped += 1
            handler.event(chunk(None, "stop"))
            handler.event("[DONE]")
        except OSError:  # the client hung up
            handler.server.hung_up.set()
            handler.close_connection = True

    return scenario


def tool_calls(calls: Sequence[tuple[str, dict[str, Any] | str]], *, whole: bool = False) -> Scenario:
    """An answer of tool calls, (name, arguments) each, as OpenAI streams them: the name, then the
    arguments' JSON in pieces; ``whole``: one JSON body with the message's tool_calls."""

    def text_of(arguments: dict[str, Any] | str) -> str:
        return arguments if isinstance(arguments, str) else json.dumps(arguments)

    def scenario(handler: Handler, body: dict[str, Any]) -> None:
        if whole:
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"call_{n}", "type": "function", "function": {"name": name, "arguments": text_of(arguments)}}
                for n, (name, arguments) in enumerate(calls)]}  # fmt: skip
            handler.send_json(200, {"id": "chatcmpl-test", "object": "chat.completion", "model": "tiny-coder",
                                    "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]})  # fmt: skip
            return
        handler.start_events()
        for n, (name, arguments) in enumerate(calls):
            head = {"index": n, "id": f"call_{n}", "type": "function", "function": {"name": name, "arguments": ""}}
            handler.event({**chunk(), "choices": [{"index": 0, "delta": {"tool_calls": [head]}, "finish_reason": None}]})
            text = text_of(arguments)
            for start in range(0, len(text), 7):
                part = {"index": n, "function": {"arguments": text[start : start + 7]}}
                handler.event({**chunk(), "choices": [{"index": 0, "delta": {"tool_calls": [part]}, "finish_reason": None}]})
        handler.event(chunk(finish="tool_calls"))
        handler.write("data: [DONE]\n\n")

    return scenario


def raw(text: str) -> Scenario:
    """An event stream whose body is exactly `text` (for framing and malformed events)."""

    def scenario(handler: Handler, body: dict[str, Any]) -> None:
        handler.start_events()
        handler.write(text)

    return scenario


def status(code: int, payload: Any, headers: dict[str, str] | None = None) -> Scenario:
    def scenario(handler: Handler, body: dict[str, Any]) -> None:
        handler.send_json(code, payload, headers)

    return scenario


def drop() -> Scenario:
    """Close the connection without an answer (a server restarting, a proxy resetting)."""

    def scenario(handler: Handler, body: dict[str, Any]) -> None:
        handler.close_connection = True
        handler.connection.shutdown(socket.SHUT_RDWR)

    return scenario


class OpenAIServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True

    def __init__(self, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), Handler)
        self.script: list[Scenario] = []
        self.requests: list[tuple[str, str, dict[str, str], dict[str, Any] | None]] = []
        self.models: list[dict[str, Any]] = [{"id": "tiny-coder", "object": "model", "max_model_len": 4096}]
        self.default_pieces = ["def add(a, b):\n", "    return a + b\n"]
        self.errors: list[BaseException] = []
        self.dripped = 0  # pieces a drip() scenario has sent
        self.hung_up = threading.Event()  # a drip() scenario's client closed the connection
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        self.errors.append(sys.exc_info()[1])  # a client that hung up: recorded, not printed

    def chat_requests(self) -> list[dict[str, Any]]:
        return [body for method, path, _, body in self.requests if method == "POST" and body is not None]

    def __enter__(self) -> OpenAIServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.shutdown()
        self.server_close()


def free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main(argv: list[str] | None = None) -> None:
    """Serve on 127.0.0.1 until interrupted; --drip SECONDS: every answer drips forever."""
    import argparse

    parser = argparse.ArgumentParser(description="a fake OpenAI-compatible server on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--drip", type=float, metavar="SECONDS",
                        help="answer every chat request with a piece every SECONDS, never ending")  # fmt: skip
    args = parser.parse_args(argv)
    with OpenAIServer(args.port) as server:
        if args.drip:
            server.script = _Always(drip(args.drip))
        print(f"serving on {server.url}" + (f", dripping a piece every {args.drip:g} s" if args.drip else ""),
              flush=True)  # fmt: skip
        try:
            server.thread.join()
        except KeyboardInterrupt:
            pass


class _Always(list):
    """A script that hands out the same scenario for every request."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__([scenario])

    def pop(self, index: int = -1) -> Scenario:
        return self[0]


if __name__ == "__main__":
    main()
