"""The OpenAI-compatible remote backend against a real HTTP server on loopback: streaming, usage,
and every fault the user must hear about in one line (401/403, 404, 429, 5xx, malformed events,
slow tokens, a cut stream, connection refused, a dropped connection retried), and cancel."""

from __future__ import annotations

import json
import threading
import time

import pytest

from specdraft.engine.backends import open_backend
from specdraft.engine.errors import EngineError, IncompleteDraft
from specdraft.engine.interface import DraftStats, collect
from specdraft.engine.remote import (
    RemoteBackend,
    base_url,
    iter_events,
    retry_after_seconds,
    server_message,
)
from tests.engine.openai_server import (
    OpenAIServer,
    chunk,
    drip,
    drop,
    flood,
    free_port,
    raw,
    status,
    stream_pieces,
)

MESSAGES = [{"role": "system", "content": "You rewrite code."}, {"role": "user", "content": "add types"}]


@pytest.fixture
def server():
    with OpenAIServer() as srv:
        yield srv


def backend(server: OpenAIServer, **options) -> RemoteBackend:
    options = {"model": "tiny-coder", "retries": 0, "backoff_s": 0.01, "read_timeout": 5.0, **options}
    return RemoteBackend(server.url, **options)


def one_line(error: pytest.ExceptionInfo) -> str:
    message = str(error.value)
    assert "\n" not in message and message, message
    return message


# -- normal streaming ---------------------------------------------------------------------------


def test_pieces_arrive_in_order_then_stats_with_usage(server):
    server.script = [stream_pieces(["def add(a: int, b: int)", " -> int:\n", "    return a + b\n"],
                                   usage={"prompt_tokens": 31, "completion_tokens": 17, "total_tokens": 48})]
    items = list(backend(server).stream(MESSAGES, max_new_tokens=64, stop=["```"]))
    assert items[:-1] == ["def add(a: int, b: int)", " -> int:\n", "    return a + b\n"]
    stats = items[-1]
    assert isinstance(stats, DraftStats) and stats.complete and stats.finish_reason == "stop"
    assert (stats.prompt_tokens, stats.new_tokens, stats.model, stats.backend) == (31, 17, "tiny-coder", "remote")
    assert stats.tokens_per_s is not None and stats.tokens_per_s > 0 and stats.first_piece_s is not None
    body = server.chat_requests()[0]
    assert body["model"] == "tiny-coder" and body["stream"] is True and body["messages"] == MESSAGES
    assert body["max_tokens"] == 64 and body["temperature"] == 0.0 and body["stop"] == ["```"]
    assert body["stream_options"] == {"include_usage": True}


def test_pieces_are_streamed_incrementally(server):
    """The first piece reaches the caller while the server still holds back the second."""
    got_first = threading.Event()
    server.script = [stream_pieces(["one", "two"], between=got_first)]
    stream = backend(server).stream(MESSAGES)
    assert next(stream) == "one"
    got_first.set()
    text, stats = collect(stream)
    assert text == "two" and stats.complete


def test_without_usage_the_token_counts_are_unknown(server):
    server.script = [stream_pieces(["x = 1\n"])]
    text, stats = collect(backend(server).stream(MESSAGES))
    assert text == "x = 1\n" and stats.new_tokens is None and stats.tokens_per_s is None and stats.complete


def test_event_framing_comments_multiline_data_crlf_and_done_without_finish(server):
    multi = json.dumps(chunk("b")).replace(', "choices"', ',\ndata: "choices"')  # one event, two data lines
    server.script = [raw(
        ": keep-alive\n\n"
        f"data: {json.dumps(chunk('a'))}\r\n\r\n"
        ": ping\n"
        f"data: {multi}\n\n"
        f"event: message\nid: 7\ndata:{json.dumps(chunk('c'))}\n\n"
        "data: [DONE]\n\n"
    )]  # fmt: skip
    text, stats = collect(backend(server).stream(MESSAGES))
    assert text == "abc" and stats.complete  # [DONE] without a finish_reason is a complete answer


def test_finish_at_the_length_limit_is_not_complete(server):
    server.script = [stream_pieces(["def f("], finish="length")]
    text, stats = collect(backend(server).stream(MESSAGES, max_new_tokens=3))
    assert text == "def f(" and stats.finish_reason == "length" and not stats.complete


def test_finish_reason_without_done_is_complete(server):
    server.script = [stream_pieces(["ok\n"], done=False)]
    text, stats = collect(backend(server).stream(MESSAGES))
    assert text == "ok\n" and stats.complete


def test_a_server_that_ignores_stream_true_answers_in_one_piece(server):
    server.script = [status(200, {"choices": [{"index": 0, "message": {"role": "assistant", "content": "y = 2\n"},
                                               "finish_reason": "stop"}],
                                  "usage": {"prompt_tokens": 5, "completion_tokens": 4}})]  # fmt: skip
    text, stats = collect(backend(server).stream(MESSAGES))
    assert text == "y = 2\n" and stats.complete and stats.new_tokens == 4


def test_a_server_without_stream_options_is_asked_again_without_them(server):
    server.script = [status(400, {"error": {"message": "Unrecognized request argument: stream_options"}}),
                     stream_pieces(["fine\n"])]  # fmt: skip
    text, stats = collect(backend(server).stream(MESSAGES))
    assert text == "fine\n" and stats.complete
    first, second = server.chat_requests()
    assert "stream_options" in first and "stream_options" not in second


def test_reference_is_sent_as_a_prediction_unless_turned_off(server):
    collect(backend(server).stream(MESSAGES, reference="old text\n"))
    collect(backend(server).stream(MESSAGES))  # no reference (a SEARCH/REPLACE request): nothing predicted
    collect(backend(server, send_prediction=False).stream(MESSAGES, reference="old text\n"))
    predicted, without_reference, turned_off = server.chat_requests()
    assert predicted["prediction"] == {"type": "content", "content": "old text\n"}
    assert "prediction" not in without_reference and "prediction" not in turned_off


@pytest.mark.parametrize("code, message", [
    (400, "Unrecognized request argument supplied: prediction"),
    (422, "Extra inputs are not permitted"),  # FastAPI/pydantic servers with extra="forbid"
    (400, "Bad request"),  # any 400: the field is the likely cause, and asking again costs one request
    (409, "predicted outputs are not supported with this model"),  # another 4xx that names it
])  # fmt: skip
def test_a_server_that_refuses_the_prediction_is_asked_again_without_it_once_per_session(server, code, message):
    server.script = [status(code, {"error": {"message": message}}), stream_pieces(["new text\n"]),
                     stream_pieces(["newer text\n"])]  # fmt: skip
    remote = backend(server)
    text, stats = collect(remote.stream(MESSAGES, reference="old text\n"))
    assert text == "new text\n" and stats.complete
    assert stats.notes and "refused the predicted output" in stats.notes[0] and f"({code}" in stats.notes[0]
    assert stats.notes[0] in stats.summary()  # where the user reads it: the draft's summary line
    text, later = collect(remote.stream(MESSAGES, reference="new text\n"))  # the same session: not sent again
    refused, again, next_request = server.chat_requests()
    assert "prediction" in refused and "prediction" not in again and "prediction" not in next_request
    assert again["messages"] == refused["messages"] and later.notes == []


def test_a_refusal_that_is_not_about_the_prediction_is_not_retried(server):
    server.script = [status(413, {"error": {"message": "request too large"}})]
    with pytest.raises(EngineError) as error:
        collect(backend(server).stream(MESSAGES, reference="old text\n"))
    assert "413" in one_line(error) and len(server.chat_requests()) == 1


def test_a_400_without_a_prediction_is_not_retried(server):
    server.script = [status(400, {"error": {"message": "messages: bad role"}})]
    with pytest.raises(EngineError) as error:
        collect(backend(server).stream(MESSAGES))
    assert "bad role" in one_line(error) and len(server.chat_requests()) == 1


def test_a_second_refusal_after_the_retry_is_an_error(server):
    server.script = [status(400, {"error": {"message": "prediction unsupported"}}),
                     status(400, {"error": {"message": "still bad"}})]  # fmt: skip
    with pytest.raises(EngineError) as error:
        collect(backend(server).stream(MESSAGES, reference="old text\n"))
    assert "still bad" in one_line(error) and len(server.chat_requests()) == 2


# -- models ---------------------------------------------------------------------------------------


def test_list_models_name_and_context_length(server):
    server.models = [{"id": "a", "max_model_len": 8192}, {"id": "b", "meta": {"n_ctx_train": 2048}}, {"id": "c"}]
    assert backend(server).list_models() == ["a", "b", "c"]
    assert backend(server, model="a").context_length == 8192
    assert backend(server, model="b").context_length == 2048
    assert backend(server, model="c").context_length is None
    assert backend(server, model="b").name == "b"
    assert backend(server, model="b").count_tokens("x") is None


def test_without_a_model_name_the_servers_only_model_is_used(server):
    server.models = [{"id": "only-one"}]
    remote = RemoteBackend(server.url + "/v1/")  # a base URL with /v1 works too
    assert remote.name == "only-one"
    collect(remote.stream(MESSAGES))
    assert server.chat_requests()[0]["model"] == "only-one"
    server.models = [{"id": "a"}, {"id": "b"}]
    with pytest.raises(EngineError) as error:
        RemoteBackend(server.url).name  # noqa: B018 (the property asks the server)
    assert "offers 2 models (a, b)" in one_line(error) and "--model" in str(error.value)


def test_open_backend_picks_the_server(server):
    remote = open_backend(model="tiny-coder", server=server.url, read_timeout=3.0)
    assert isinstance(remote, RemoteBackend) and remote.kind == "remote" and remote.name == "tiny-coder"
    with pytest.raises(EngineError, match="--draft-model is for the local engine"):
        open_backend(model="m", server=server.url, draft_model="d")
    with pytest.raises(EngineError, match="--drafter edit is for the local engine"):
        open_backend(model="m", server=server.url, drafter="edit")


# -- faults ---------------------------------------------------------------------------------------


def test_401_names_the_unset_key_variable(server, monkeypatch):
    monkeypatch.delenv("SPECDRAFT_TEST_KEY", raising=False)
    server.script = [status(401, {"error": {"message": "Incorrect API key provided"}})]
    with pytest.raises(EngineError) as error:
        collect(backend(server, api_key_env="SPECDRAFT_TEST_KEY").stream(MESSAGES))
    message = one_line(error)
    assert "401" in message and "$SPECDRAFT_TEST_KEY is not set" in message
    assert "Authorization" not in server.requests[-1][2]


def test_403_says_the_key_was_refused_and_never_shows_it(server, monkeypatch):
    monkeypatch.setenv("SPECDRAFT_TEST_KEY", "sk-secret-value")
    server.script = [status(403, {"error": {"message": "no access to this model"}})]
    with pytest.raises(EngineError) as error:
        collect(backend(server, api_key_env="SPECDRAFT_TEST_KEY").stream(MESSAGES))
    message = one_line(error)
    assert "403" in message and "refused the API key in $SPECDRAFT_TEST_KEY" in message
    assert "no access to this model" in message and "sk-secret-value" not in message
    assert server.requests[-1][2]["Authorization"] == "Bearer sk-secret-value"


def test_401_without_a_key_variable_says_how_to_configure_one(server):
    server.script = [status(401, {"error": "unauthorized"})]
    with pytest.raises(EngineError) as error:
        collect(backend(server).stream(MESSAGES))
    assert "api_key_env" in one_line(error)


def test_404_for_the_model_lists_what_the_server_offers(server):
    server.models = [{"id": "qwen2.5-coder-7b"}, {"id": "llama-3.1-8b"}]
    server.script = [status(404, {"error": {"message": "The model `tiny` does not exist."}})]
    with pytest.raises(EngineError) as error:
        collect(backend(server, model="tiny").stream(MESSAGES))
    message = one_line(error)
    assert "'tiny' is not served" in message and "qwen2.5-coder-7b, llama-3.1-8b" in message
    assert ("GET", "/v1/models") in [(m, p) for m, p, _, _ in server.requests]


def test_404_on_the_path_says_the_url_is_wrong(server):
    remote = RemoteBackend(server.url + "/api", model="tiny-coder", retries=0)
    with pytest.raises(EngineError) as error:
        collect(remote.stream(MESSAGES))
    assert "/api/v1/chat/completions was not found (404)" in one_line(error)


def test_429_honours_retry_after_then_succeeds(server, monkeypatch):
    server.script = [status(429, {"error": {"message": "slow down"}}, {"Retry-After": "2"}),
                     status(429, {"error": {"message": "slow down"}}, {"Retry-After": "1"}),
                     stream_pieces(["done\n"])]  # fmt: skip
    remote = backend(server)
    waits: list[float] = []
    monkeypatch.setattr(remote, "_sleep", lambda seconds, cancel: waits.append(seconds) or False)
    text, stats = collect(remote.stream(MESSAGES))
    assert text == "done\n" and stats.complete and waits == [2.0, 1.0]
    assert len(server.chat_requests()) == 3


def test_429_really_waits_for_retry_after(server):
    server.script = [status(429, {"error": "busy"}, {"Retry-After": "1"}), stream_pieces(["ok"])]
    started = time.monotonic()
    text, _ = collect(backend(server).stream(MESSAGES))
    assert text == "ok" and time.monotonic() - started >= 0.95


def test_429_gives_up_after_a_bounded_number_of_waits(server, monkeypatch):
    server.script = [status(429, {"error": {"message": "quota"}}, {"Retry-After": "0"}) for _ in range(5)]
    remote = backend(server, rate_limit_waits=2)
    with pytest.raises(EngineError) as error:
        collect(remote.stream(MESSAGES))
    message = one_line(error)
    assert "rate limited" in message and "3 times" in message and "quota" in message
    assert len(server.chat_requests()) == 3


def test_429_with_a_long_retry_after_fails_at_once(server, monkeypatch):
    server.script = [status(429, {"error": "quota"}, {"Retry-After": "3600"})]
    remote = backend(server, max_wait_s=30)
    monkeypatch.setattr(remote, "_sleep", lambda seconds, cancel: pytest.fail("must not wait an hour"))
    with pytest.raises(EngineError) as error:
        collect(remote.stream(MESSAGES))
    assert "asks to wait 3600 s" in one_line(error)


@pytest.mark.parametrize("code", [500, 503])
def test_5xx_shows_the_status_and_the_servers_message(server, code):
    server.script = [status(code, {"error": {"message": "CUDA out of memory", "type": "InternalServerError"}})]
    with pytest.raises(EngineError) as error:
        collect(backend(server).stream(MESSAGES))
    message = one_line(error)
    assert f"({code} " in message and "CUDA out of memory" in message and server.url in message
    assert "it offers model 'tiny-coder'" in message  # /v1/models was asked: the name is right


def test_5xx_says_when_the_model_name_is_not_among_those_offered(server):
    server.models = [{"id": f"model-{n}", "object": "model"} for n in range(7)]
    server.script = [status(500, {"detail": "Internal Server Error"})]
    with pytest.raises(EngineError) as error:
        collect(backend(server, model="tiny-codr").stream(MESSAGES))
    message = one_line(error)
    assert "(500 " in message and "'tiny-codr' is not among those it offers" in message
    assert "model-0, model-1, model-2, model-3, model-4 and 2 more" in message and "--model" in message
    assert [path for method, path, _, _ in server.requests if method == "GET"] == ["/v1/models"]


def test_5xx_when_the_model_list_fails_too(server):
    server.script = [status(502, {"error": {"message": "bad gateway"}})]
    remote = backend(server)
    server.models = "not a list"  # /v1/models answers something that is no model list
    with pytest.raises(EngineError) as error:
        collect(remote.stream(MESSAGES))
    message = one_line(error)
    assert "(502 " in message and "model list could not be read either" in message


def test_a_malformed_event_is_quoted(server):
    server.script = [raw(f"data: {json.dumps(chunk('ok'))}\n\ndata: {{\"choices\": [{{\"delta\": \n\n")]
    stream = backend(server).stream(MESSAGES)
    assert next(stream) == "ok"
    with pytest.raises(EngineError) as error:
        collect(stream)
    message = one_line(error)
    assert "malformed event" in message and '{"choices": [{"delta":' in message


def test_an_event_with_the_wrong_shape_is_malformed(server):
    server.script = [raw('data: {"choices": {"delta": "x"}}\n\n')]
    with pytest.raises(EngineError, match="choices is not a list"):
        collect(backend(server).stream(MESSAGES))


def test_an_error_event_mid_stream_raises(server):
    server.script = [raw(f"data: {json.dumps(chunk('par'))}\n\n"
                         'data: {"error": {"message": "engine crashed", "code": 500}}\n\n')]  # fmt: skip
    with pytest.raises(EngineError) as error:
        collect(backend(server).stream(MESSAGES))
    assert "engine crashed" in one_line(error) and "incomplete" in str(error.value)


def test_slow_tokens_within_the_read_timeout_arrive(server):
    server.script = [stream_pieces(["a", "b", "c"], delay=0.1)]
    text, stats = collect(backend(server, read_timeout=2.0).stream(MESSAGES))
    assert text == "abc" and stats.complete


def test_a_stalled_stream_hits_the_read_timeout(server):
    stall = threading.Event()
    server.script = [stream_pieces(["first ", "never"], between=stall)]
    stream = backend(server, read_timeout=0.3).stream(MESSAGES)
    assert next(stream) == "first "
    try:
        with pytest.raises(EngineError) as error:
            collect(stream)
    finally:
        stall.set()
    message = one_line(error)
    assert "read time-out" in message and "after 6 characters" in message and "not used" in message


def test_a_server_that_drips_forever_hits_the_request_deadline(server):
    """A token every 0.05 s never trips the read time-out (silence); the overall deadline ends it."""
    server.script = [drip(0.05)]
    started = time.monotonic()
    stream = backend(server, read_timeout=5.0, request_timeout=0.5).stream(MESSAGES, max_new_tokens=10_000)
    with pytest.raises(IncompleteDraft) as error:
        collect(stream)
    assert time.monotonic() - started < 2
    message = one_line(error)
    assert "within 0.5 s" in message and "not used" in message
    assert "--request-timeout" in message and "request_timeout" in message  # what raises it
    assert server.hung_up.wait(2)  # the connection was closed: the server stops generating


def test_the_request_deadline_covers_a_server_that_never_answers(server):
    gate = threading.Event()
    server.script = [lambda handler, body: gate.wait(10)]
    started = time.monotonic()
    try:
        with pytest.raises(IncompleteDraft, match="within 0.3 s"):
            collect(backend(server, read_timeout=30, request_timeout=0.3).stream(MESSAGES))
        assert time.monotonic() - started < 2
    finally:
        gate.set()


def test_the_request_deadline_must_be_positive(server):
    with pytest.raises(EngineError, match="time-outs must be more than 0"):
        backend(server, request_timeout=0)


def test_a_server_that_ignores_max_tokens_is_cut_after_max_new_tokens_pieces(server):
    """Without usage counts, each streamed piece counts as one token (servers send at least one
    token per piece, so a server that honours max_tokens is never cut by this)."""
    server.script = [drip(0.01, "tok ", limit=50)]  # (a limit: no hang when the cut is missing)
    text, stats = collect(backend(server, request_timeout=30).stream(MESSAGES, max_new_tokens=5))
    assert text == "tok " * 5 and stats.finish_reason == "length" and not stats.complete
    assert server.hung_up.wait(2)


def test_the_servers_running_usage_counts_against_max_new_tokens(server):
    """A server that reports usage on every chunk (vLLM's continuous_usage_stats): its counts decide."""
    server.script = [drip(0.01, "tok ", usage=True, limit=50)]
    text, stats = collect(backend(server, request_timeout=30).stream(MESSAGES, max_new_tokens=3))
    assert text == "tok " * 3 and stats.finish_reason == "length" and stats.new_tokens == 4


def test_exactly_max_new_tokens_pieces_then_stop_is_complete(server):
    server.script = [stream_pieces(["a", "b", "c"])]
    text, stats = collect(backend(server).stream(MESSAGES, max_new_tokens=3))
    assert text == "abc" and stats.complete


def test_cancel_while_a_server_drips_ends_the_stream_at_once(server):
    server.script = [drip(0.05)]
    cancel = threading.Event()
    stream = backend(server, read_timeout=30, request_timeout=60).stream(MESSAGES, max_new_tokens=10_000,
                                                                          cancel=cancel)  # fmt: skip
    assert next(stream) == "x "
    threading.Timer(0.2, cancel.set).start()
    started = time.monotonic()
    text, stats = collect(stream)
    ended = time.monotonic() - started
    assert stats.finish_reason == "cancelled" and not stats.complete
    assert ended < 1.0, f"the stream took {ended:.2f} s to end after the cancel"
    assert server.hung_up.wait(2)


def test_a_stream_cut_without_done_or_finish_raises(server):
    server.script = [raw(f"data: {json.dumps(chunk('def f():'))}\n\ndata: {json.dumps(chunk(' pass'))}\n\n")]
    stream = backend(server, retries=3).stream(MESSAGES)
    pieces = [next(stream), next(stream)]
    with pytest.raises(EngineError) as error:
        next(stream)
    assert pieces == ["def f():", " pass"]
    message = one_line(error)
    assert "was cut after 13 characters" in message and "not used" in message
    assert len(server.chat_requests()) == 1  # never sent again once tokens have streamed


def test_a_stream_cut_inside_an_event_raises(server):
    server.script = [raw(f"data: {json.dumps(chunk('x'))}\n\ndata: {{\"choices\": [{{\"ind")]
    with pytest.raises(EngineError, match="was cut after 1 characters"):
        collect(backend(server).stream(MESSAGES))


def test_connection_refused_names_the_url_and_what_to_do():
    url = f"http://127.0.0.1:{free_port()}"
    remote = RemoteBackend(url, model="m", retries=2, backoff_s=0.01)
    with pytest.raises(EngineError) as error:
        collect(remote.stream(MESSAGES))
    message = one_line(error)
    assert url in message and "connection refused" in message and "(tried 3 times)" in message
    assert "start the server there or fix --server" in message


def test_a_dropped_connection_is_retried_then_succeeds(server):
    server.script = [drop(), drop(), stream_pieces(["retried\n"])]
    text, stats = collect(backend(server, retries=2).stream(MESSAGES))
    assert text == "retried\n" and stats.complete and len(server.chat_requests()) == 3


def test_a_server_that_starts_late_is_reached_by_a_retry():
    port = free_port()
    late = OpenAIServer.__new__(OpenAIServer)
    started = threading.Event()

    def start_later() -> None:
        time.sleep(0.3)
        OpenAIServer.__init__(late, port)
        late.__enter__()
        started.set()

    threading.Thread(target=start_later, daemon=True).start()
    try:
        remote = RemoteBackend(f"127.0.0.1:{port}", model="tiny-coder", retries=6, backoff_s=0.1)
        text, stats = collect(remote.stream(MESSAGES))
        assert text == "def add(a, b):\n    return a + b\n" and stats.complete
    finally:
        started.wait(5)
        late.__exit__()


def test_cancel_mid_stream_stops_at_once(server):
    gate = threading.Event()
    server.script = [stream_pieces(["one ", "two ", "three "], between=gate)]
    cancel = threading.Event()
    items = []
    for piece in backend(server).stream(MESSAGES, cancel=cancel):
        items.append(piece)
        cancel.set()
    gate.set()
    assert items[0] == "one " and len(items) == 2
    assert isinstance(items[1], DraftStats) and items[1].finish_reason == "cancelled" and not items[1].complete


def test_cancel_while_the_server_is_silent_returns_at_once(server):
    """Esc during a long prefill (no headers yet) or a stalled stream: the caller does not wait for
    the server's next byte, nor for the read time-out."""
    gate = threading.Event()

    def silent(handler, body):
        gate.wait(10)

    server.script = [silent, stream_pieces(["one ", "two "], between=gate)]
    try:
        for expected in ("", "one "):
            cancel = threading.Event()
            threading.Timer(0.3, cancel.set).start()
            started = time.monotonic()
            text, stats = collect(backend(server, read_timeout=30).stream(MESSAGES, cancel=cancel))
            assert stats.finish_reason == "cancelled" and text == expected
            assert time.monotonic() - started < 5  # not the 10 s the server stays silent
    finally:
        gate.set()


def test_cancel_during_a_rate_limit_wait(server):
    server.script = [status(429, {"error": "busy"}, {"Retry-After": "30"})]
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    started = time.monotonic()
    text, stats = collect(backend(server).stream(MESSAGES, cancel=cancel))
    assert text == "" and stats.finish_reason == "cancelled" and time.monotonic() - started < 10


# -- parts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("given, expected", [
    ("http://h:8000", "http://h:8000"), ("http://h:8000/", "http://h:8000"), ("h:8000/v1", "http://h:8000"),
    ("https://api.example.com/v1/", "https://api.example.com"), ("http://h/proxy", "http://h/proxy"),
])  # fmt: skip
def test_base_url(given, expected):
    assert base_url(given) == expected


@pytest.mark.parametrize("given", ["ftp://h", "javascript:alert(1)", "data:text/html,x", "file:///etc/passwd"])
def test_base_url_refuses_other_schemes(given):
    with pytest.raises(EngineError, match="is not a server URL \\(scheme '(ftp|javascript|data|file)'\\)"):
        base_url(given)


@pytest.mark.parametrize("given, why", [
    ("http://[::1", "Invalid IPv6 URL"), ("http://", "no host"), ("https://:8000", "no host"),
    ("http://h:99999", "Port out of range"), ("http://h:port", "Port could not be cast"),
    ("http://h/v1?x=1", "a query or fragment"), ("http://h\x1b[2K", "control characters"),
    ("http://a b", "spaces"),
])  # fmt: skip
def test_a_malformed_server_url_is_named_with_what_is_accepted(given, why):
    with pytest.raises(EngineError) as error:
        base_url(given)
    message = str(error.value)
    assert message.startswith(f"--server {given!r} is not a server URL (") and why in message
    assert "give an http:// or https:// URL with a host, e.g. http://localhost:8000" in message
    assert "\x1b" not in message  # the URL is quoted with its control characters escaped
    with pytest.raises(EngineError, match="is not a server URL"):
        open_backend(server=given, model="m")  # the backend refuses it before any request


@pytest.mark.parametrize("given, expected", [
    ("localhost:8000", "http://localhost:8000"), ("127.0.0.1:8080/v1", "http://127.0.0.1:8080"),
    ("http://[::1]:8000/v1/", "http://[::1]:8000"), ("localhost", "http://localhost"),
])  # fmt: skip
def test_a_host_and_port_without_a_scheme_is_no_scheme(given, expected):
    assert base_url(given) == expected


def test_retry_after_forms():
    assert retry_after_seconds("7") == 7.0
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None
    from email.utils import formatdate

    assert 8 <= retry_after_seconds(formatdate(time.time() + 10, usegmt=True)) <= 10


def test_server_message_forms():
    assert server_message(b'{"error": {"message": "bad"}}') == "bad"
    assert server_message(b'{"detail": "Not Found"}') == "Not Found"
    assert server_message(b'{"error": "plain"}') == "plain"
    assert server_message(b"<html>\n  oops\n</html>") == "<html> oops </html>"


def test_iter_events_joins_data_lines_and_skips_comments():
    lines = [": hi", "data: a", "data:b", "", "event: error", "data: c", "", "data: tail"]
    events = list(iter_events(lines))
    assert [(e.event, e.data, e.terminated) for e in events] == [("", "a\nb", True), ("error", "c", True),
                                                                 ("", "tail", False)]  # fmt: skip


def test_stats_are_live_while_the_draft_streams(server):
    server.script = [stream_pieces(["ab", "cde"], usage={"prompt_tokens": 3, "completion_tokens": 2})]
    stream = backend(server).stream(MESSAGES)
    assert next(stream) == "ab" and stream.stats.chars == 2 and stream.stats.finish_reason == ""
    assert next(stream) == "cde" and stream.stats.chars == 5
    final = next(stream)
    assert final is stream.stats and final.complete and final.new_tokens == 2


def test_a_key_where_the_variable_name_belongs_is_refused_without_echoing_it(server):
    with pytest.raises(EngineError) as error:
        RemoteBackend(server.url, model="m", api_key_env="sk-proj-abc123")
    assert "must name an environment variable" in one_line(error) and "abc123" not in str(error.value)


# -- an answer's bounds ----------------------------------------------------------------------------


def until_cut(stream) -> tuple[str, IncompleteDraft]:
    """The text a stream passed on before it raised IncompleteDraft, and that error."""
    text = ""
    with pytest.raises(IncompleteDraft) as error:
        for piece in stream:
            if isinstance(piece, str):
                text += piece
    return text, error.value


def test_300000_lines_in_30_pieces_are_cut_at_the_line_bound(server):
    """max_new_tokens counts pieces: 30 pieces pass it, not the answer's lines (one per token)."""
    server.script = [flood("\n" * 10_000, 30)]
    stream = backend(server).stream(MESSAGES, max_new_tokens=2048)
    text, error = until_cut(stream)
    assert text == ""  # the first piece already passes 2,048 lines
    assert str(error) == (
        f"the answer from {server.url} was cut at more than 2,048 lines: an answer of 2048 tokens "
        "(--max-new-tokens) may hold 32,768 bytes and 2,048 lines; the draft is incomplete and was not "
        "used: raise --max-new-tokens if the answer is meant to be that long"
    )
    assert stream.stats.finish_reason == "length" and not stream.stats.complete


def test_the_line_bound_cuts_between_pieces(server):
    server.script = [flood("ab\n" * 100, 30)]  # 100 lines a piece, well within the bytes
    text, _ = until_cut(backend(server).stream(MESSAGES, max_new_tokens=250))
    assert text == "ab\n" * 200  # a third piece: 301 lines > 250


def test_the_byte_bound_is_16_bytes_a_token(server):
    server.script = [flood("x" * 1000, 100)]  # no line breaks: only the bytes bound it
    text, error = until_cut(backend(server).stream(MESSAGES, max_new_tokens=200))
    assert text == "x" * 3000 and "cut at more than 3,200 bytes" in str(error)  # 16 * 200


def test_the_bounds_count_bytes_not_characters(server):
    server.script = [flood("é" * 100, 100)]  # 200 bytes a piece
    text, _ = until_cut(backend(server).stream(MESSAGES, max_new_tokens=100))
    assert text == "é" * 800  # 1,600 bytes; 9 pieces: 1,800


def test_an_answer_within_its_bounds_is_whole(server):
    server.script = [flood("y = 1\n", 100)]  # 100 lines, 600 bytes
    text, stats = collect(backend(server).stream(MESSAGES, max_new_tokens=101))
    assert stats.complete and text == "y = 1\n" * 100


def test_a_70_mb_answer_in_30_pieces_ends_at_once_without_reading_it(server):
    """Each event is one 2.4 MB line: the stream is cut while that line is read, never held whole."""
    server.script = [flood("z" * 2_400_000, 30)]
    started = time.monotonic()
    text, error = until_cut(backend(server).stream(MESSAGES, max_new_tokens=2048))
    assert time.monotonic() - started < 10
    assert text == "" and "cut at a line of its stream of more than 262,144 bytes" in str(error)
    assert server.dripped < 30 and server.hung_up.wait(5)


def test_a_whole_json_answer_past_its_bounds_is_cut(server):
    server.script = [flood("w\n" * 1000, 40, whole=True)]  # 40,000 lines as one JSON body
    text, error = until_cut(backend(server).stream(MESSAGES, max_new_tokens=20_000))
    assert text == "" and "cut at more than 20,000 lines" in str(error)


def test_given_bounds_win_and_must_be_positive(server):
    server.script = [flood("abc\n", 50)]
    text, _ = until_cut(backend(server, max_answer_lines=10).stream(MESSAGES, max_new_tokens=2048))
    assert text == "abc\n" * 9  # a 10th break: 11 lines
    with pytest.raises(EngineError, match="bounds must be more than 0"):
        backend(server, max_answer_bytes=0)


# -- a server's text in messages -------------------------------------------------------------------


def test_a_servers_message_is_quoted_with_its_escape_sequences_made_visible(server):
    server.script = [status(500, {"error": {"message": "boom\x1b]0;owned\x07\x1b[2K\u202e"}})]
    with pytest.raises(EngineError) as error:
        collect(backend(server).stream(MESSAGES))
    message = str(error.value)
    assert "boom\\x1b]0;owned\\x07\\x1b[2K\\u202e" in message
    assert "\x1b" not in message and "\x07" not in message and "\u202e" not in message


def test_model_names_with_control_characters_are_never_shown_or_used_as_they_are(server):
    server.models = [{"id": "coder\x1b]0;owned\x07"}]
    with pytest.raises(EngineError) as error:
        RemoteBackend(server.url).name  # noqa: B018 (the property asks the server)
    assert "control characters in its name (coder\\x1b]0;owned\\x07): name the model with --model" in str(error.value)
    server.models = [{"id": "a\x1b[2K"}, {"id": "b"}]
    with pytest.raises(EngineError) as error:
        RemoteBackend(server.url).name  # noqa: B018
    assert "offers 2 models (a\\x1b[2K, b)" in str(error.value) and "\x1b" not in str(error.value)
