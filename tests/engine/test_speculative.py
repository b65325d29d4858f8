"""Lossless speculative decoding: greedy output equals plain greedy decoding token for token, for
every drafter, on tiny random-weight models (where most drafts are wrong) and on drafts built to
be right for long runs (edits of the true output), at the max_new_tokens / context limits and
with EOS inside an accepted draft."""

from __future__ import annotations

import random

import pytest
import torch

from specdraft.engine.drafters import (
    Draft,
    Drafter,
    EditDrafter,
    HybridDrafter,
    ModelDrafter,
    PromptLookupDrafter,
    build_drafter,
)
from specdraft.engine.errors import EngineError
from specdraft.engine.generate import Sampling, generate, stream_text
from specdraft.engine.model import ModelArgs, Transformer
from specdraft.engine.speculative import (
    SpecStats,
    accept_greedy,
    departures,
    speculative_generate,
    speculative_stream_text,
    speculative_tokens,
)


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    """Tiny models run fastest on one thread; several threads thrash on a busy machine."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)

VOCAB = 48


def tiny_model(seed: int, vocab: int = VOCAB, context: int = 160, std: float = 0.3) -> Transformer:
    """A random 2-layer model; a large init std gives peaked distributions (no near-ties)."""
    torch.manual_seed(seed)
    args = ModelArgs(vocab_size=vocab, dim=32, n_layer=2, n_head=4, n_kv_heads=2,
                     intermediate_size=64, max_position_embeddings=context)
    model = Transformer(args)
    model.init_weights(std=std)
    return model.eval()


@torch.inference_mode()
def plain_greedy(model: Transformer, prompt: list[int], max_new_tokens: int,
                 eos_ids: tuple[int, ...] = (), max_seq_len: int | None = None) -> list[int]:
    """Plain decoding: prefill, then one token per forward, until EOS (excluded), the budget or
    the context. specdraft.engine.generate.generate is the same but refuses to run into the context."""
    max_seq_len = max_seq_len or model.args.max_position_embeddings
    if len(prompt) + max_new_tokens <= model.args.max_position_embeddings:
        return generate(model, prompt, max_new_tokens=max_new_tokens, eos_ids=eos_ids).tokens
    model.setup_caches(1, max(model.max_seq_length, max_seq_len))
    logits = model(torch.tensor([prompt]), torch.arange(len(prompt)))[0, -1]
    out = [int(logits.argmax())]
    while len(out) < max_new_tokens and len(prompt) + len(out) < max_seq_len:
        pos = len(prompt) + len(out) - 1
        logits = model(torch.tensor([[out[-1]]]), torch.tensor([pos]))[0, -1]
        out.append(int(logits.argmax()))
    return out


def prompts(count: int, seed: int = 0) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randrange(VOCAB) for _ in range(rng.randrange(1, 24))] for _ in range(count)]


def edited(tokens: list[int], rng: random.Random) -> list[int]:
    """The true output with a few edits: a draft that is right for long runs, wrong in places."""
    out = list(tokens)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(out) + 1)
        kind = rng.choice(["insert", "delete", "replace"])
        if kind == "insert":
            out[at:at] = [rng.randrange(VOCAB) for _ in range(rng.randrange(1, 5))]
        elif kind == "delete":
            del out[at : at + rng.randrange(1, 5)]
        else:
            out[at : at + 1] = [rng.randrange(VOCAB)]
    return out


TARGET = tiny_model(1)
DRAFT = tiny_model(2)


def make_drafter(kind: str, reference: list[int]) -> Drafter:
    if kind == "none":
        return Drafter()
    if kind == "lookup":
        return PromptLookupDrafter(min_n=1, max_n=3)
    if kind == "default-lookup":  # specdraft generate's: 1- to 8-grams, drafts of 4 or more after a miss
        return build_drafter("lookup")
    if kind == "edit":
        return EditDrafter(reference, min_n=2, max_n=4)
    if kind == "model":
        return ModelDrafter(DRAFT, draft_len=3, max_draft_len=6)
    if kind == "confident-model":
        return ModelDrafter(DRAFT, draft_len=4, max_draft_len=8, min_confidence=0.2)
    if kind == "hybrid":
        return HybridDrafter(edit=EditDrafter(reference, min_n=2, max_n=4),
                             lookup=PromptLookupDrafter(min_n=2, max_n=3),
                             model=ModelDrafter(DRAFT, draft_len=2))
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["none", "lookup", "default-lookup", "edit", "model", "confident-model", "hybrid"])
def test_greedy_equals_plain_decoding_for_every_drafter(kind):
    rng = random.Random(kind)
    totals = {"drafted": 0, "accepted": 0}
    for prompt in prompts(12, seed=len(kind)):
        max_new = rng.randrange(1, 60)
        expected = plain_greedy(TARGET, prompt, max_new)
        drafter = make_drafter(kind, edited(plain_greedy(TARGET, prompt, 80), rng))
        result = speculative_generate(TARGET, prompt, drafter, max_new)
        assert result.tokens == expected, f"prompt {prompt}, max_new {max_new}"
        stats = result.stats
        assert stats.new_tokens == len(expected)
        assert stats.accepted_tokens <= stats.drafted_tokens
        # each forward adds its accepted drafts plus one token of the target's own
        assert stats.new_tokens == 1 + stats.accepted_tokens + stats.target_forwards
        totals["drafted"] += stats.drafted_tokens
        totals["accepted"] += stats.accepted_tokens
    if kind in ("edit", "hybrid"):  # the drafts were right for long runs: they were used
        assert totals["accepted"] > totals["drafted"] / 3, totals
    if kind == "none":
        assert totals["drafted"] == 0


@pytest.mark.parametrize("seed", range(6))
def test_random_draft_model_is_nearly_always_wrong_yet_output_is_exact(seed):
    target, draft = tiny_model(100 + seed), tiny_model(200 + seed)
    for prompt in prompts(4, seed=seed):
        expected = plain_greedy(target, prompt, 40)
        result = speculative_generate(target, prompt, ModelDrafter(draft, draft_len=4), 40)
        assert result.tokens == expected


def test_model_drafter_equal_to_the_target_is_always_accepted():
    """The draft model's own KV cache stays consistent: a copy of the target is never wrong."""
    copy = tiny_model(1)
    for prompt in prompts(5, seed=3):
        expected = plain_greedy(TARGET, prompt, 50)
        result = speculative_generate(TARGET, prompt, ModelDrafter(copy, draft_len=4, max_draft_len=8), 50)
        assert result.tokens == expected
        assert result.stats.accepted_tokens == result.stats.drafted_tokens > 0


class CheckedModelDrafter(ModelDrafter):
    """A model drafter whose every proposal is checked against a cache-free greedy run."""

    def propose(self, tokens, max_tokens):
        draft = super().propose(tokens, max_tokens)
        seq = list(tokens)
        with torch.inference_mode():
            for token in draft.tokens:
                expected = int(self.model(torch.tensor([seq]))[0, -1].argmax())  # no cache at all
                assert token == expected, "the draft model's KV cache went stale after a rollback"
                seq.append(token)
        return draft


def test_model_drafter_cache_is_rolled_back_after_partial_acceptance():
    # a draft model close to the target (noisy copy): partial acceptances at every depth
    noisy = tiny_model(1)
    with torch.no_grad():
        for parameter in noisy.parameters():
            parameter.add_(0.08 * torch.randn_like(parameter))
    accepted = drafted = 0
    for prompt in prompts(6, seed=9):
        expected = plain_greedy(TARGET, prompt, 60)
        result = speculative_generate(TARGET, prompt, CheckedModelDrafter(noisy, draft_len=5), 60)
        assert result.tokens == expected
        accepted += result.stats.accepted_tokens
        drafted += result.stats.drafted_tokens
    assert 0 < accepted < drafted  # both full and partial acceptance happened


@pytest.mark.parametrize("max_new", [1, 2, 3, 7, 31, 64, 65])
def test_drafts_past_max_new_tokens_are_truncated(max_new):
    prompt = [5, 6, 7]
    full = plain_greedy(TARGET, prompt, 100)
    drafter = EditDrafter(full[1:] + full[1:], draft_len=64, max_draft_len=128)  # drafts run past
    result = speculative_generate(TARGET, prompt, drafter, max_new)
    assert result.tokens == full[:max_new]
    assert result.stats.stop_reason == "max_new_tokens"


@pytest.mark.parametrize("max_seq_len", [4, 5, 9, 33, 60])
def test_drafts_past_the_context_length_are_truncated(max_seq_len):
    prompt = [5, 6, 7]
    expected = plain_greedy(TARGET, prompt, 500, max_seq_len=max_seq_len)
    assert len(prompt) + len(expected) == max_seq_len
    full = plain_greedy(TARGET, prompt, 150)
    for drafter in (EditDrafter(full[1:], draft_len=64), ModelDrafter(tiny_model(1), draft_len=8),
                    PromptLookupDrafter()):
        result = speculative_generate(TARGET, prompt, drafter, 500, max_seq_len=max_seq_len)
        assert result.tokens == expected
        assert result.stats.stop_reason == "context"


def test_the_model_context_is_the_default_limit():
    model = tiny_model(1, context=40)
    prompt = [1, 2, 3, 4]
    expected = plain_greedy(model, prompt, 500)
    result = speculative_generate(model, prompt, EditDrafter(expected[1:]), 500)
    assert result.tokens == expected and len(prompt) + len(result.tokens) == 40


def test_eos_inside_an_accepted_draft_ends_the_output_there():
    prompt = [9, 8, 7]
    full = plain_greedy(TARGET, prompt, 80)
    checked = 0
    for position in range(2, 60, 3):
        eos = full[position]
        expected = plain_greedy(TARGET, prompt, 80, eos_ids=(eos,))
        assert expected == full[: full.index(eos)]  # EOS ends the output and is not part of it
        drafter = EditDrafter(full[1:], draft_len=64, max_draft_len=128)  # drafts run across EOS
        result = speculative_generate(TARGET, prompt, drafter, 80, eos_ids=[eos])
        assert result.tokens == expected
        assert result.stats.stop_reason == "eos"
        checked += result.stats.drafted_tokens > len(expected) + 1
    assert checked > 0  # at least some drafts reached past the EOS


def test_closing_the_token_iterator_stops_generation():
    prompt = [1, 2]
    full = plain_greedy(TARGET, prompt, 60)
    tokens = speculative_tokens(TARGET, prompt, EditDrafter(full[1:], draft_len=16), 60)
    seen = [next(tokens) for _ in range(20)]
    tokens.close()
    assert seen == full[:20]


class LetterTokenizer:
    """Token i decodes to a letter pair; enough for streaming and stop strings."""

    def decode(self, ids, skip_special_tokens=True):
        return "".join("abcdefgh"[i % 8] + "xyz "[i % 4] for i in ids)


@pytest.mark.parametrize("stop", [[], ["c "], ["hz", "ax"], ["no such text"]])
def test_streamed_text_equals_plain_streaming(stop):
    tokenizer = LetterTokenizer()
    for prompt in prompts(4, seed=5):
        plain = stream_text(TARGET, tokenizer, prompt, max_new_tokens=50, stop_strings=stop)
        plain_pieces = list(plain)
        full = plain_greedy(TARGET, prompt, 80)
        spec = speculative_stream_text(TARGET, tokenizer, prompt, EditDrafter(edited(full, random.Random(1))),
                                       max_new_tokens=50, stop_strings=stop)
        pieces = list(spec)
        assert "".join(pieces) == "".join(plain_pieces) == spec.text
        assert spec.stats.stop_reason == plain.stats.stop_reason
        assert spec.tokens == plain.tokens[: len(spec.tokens)]


def test_streaming_refuses_what_plain_generation_refuses():
    with pytest.raises(EngineError, match="context"):
        speculative_stream_text(TARGET, LetterTokenizer(), [1] * 100, Drafter(), max_new_tokens=100)


class FixedDrafter(Drafter):
    """Proposes a fixed list every step, ignoring max_tokens: the loop must enforce the cap."""

    def __init__(self, tokens):
        self.tokens = tokens

    def propose(self, tokens, max_tokens):
        return Draft(list(self.tokens))


def test_the_loop_enforces_the_cap_on_a_greedy_drafter():
    prompt = [3, 4, 5]
    expected = plain_greedy(TARGET, prompt, 10)
    result = speculative_generate(TARGET, prompt, FixedDrafter(expected[1:] * 5), 10)
    assert result.tokens == expected


def test_accept_greedy():
    assert accept_greedy([1, 2, 3], [1, 2, 9, 4]) == (2, 9)
    assert accept_greedy([1, 2, 3], [1, 2, 3, 4]) == (3, 4)
    assert accept_greedy([], [7]) == (0, 7)
    assert accept_greedy([5], [6, 1]) == (0, 6)


def test_stats_as_dict_has_the_cli_keys():
    prompt = [1, 2, 3]
    full = plain_greedy(TARGET, prompt, 40)
    stats = speculative_generate(TARGET, prompt, EditDrafter(full[1:]), 40).stats.as_dict()
    for key in ("drafted_tokens", "accepted_tokens", "acceptance_rate", "mean_accepted_per_forward",
                "target_forwards", "draft_s", "verify_s", "tokens_per_s"):
        assert key in stats
    assert stats["acceptance_rate"] == 1.0 and stats["target_forwards"] < 10


def test_an_empty_or_too_long_prompt_is_refused():
    with pytest.raises(EngineError):
        speculative_generate(TARGET, [], Drafter(), 5)
    with pytest.raises(EngineError):
        speculative_generate(TARGET, [1] * 200, Drafter(), 5, max_seq_len=100)


def test_sampling_params_greedy_threshold():
    assert Sampling(temperature=0).greedy and not Sampling(temperature=0.7).greedy


class PartlyRightDrafter(Drafter):
    """Proposes a random-length prefix of the true continuation, then random tokens: every
    acceptance length from 0 to k happens, and drafts often run past the budget."""

    def __init__(self, truth: list[int], prompt_len: int, seed: int) -> None:
        self.truth, self.prompt_len, self.rng = truth, prompt_len, random.Random(seed)

    def propose(self, tokens, max_tokens):
        at = len(tokens) - self.prompt_len  # index in the output of the next token
        right = self.truth[at : at + self.rng.randrange(0, 12)]
        junk = [self.rng.randrange(VOCAB) for _ in range(self.rng.randrange(0, 4))]
        return Draft(right + junk)


@pytest.mark.parametrize("seed", range(20))
def test_every_acceptance_length_keeps_the_output_exact(seed):
    rng = random.Random(seed)
    prompt = [rng.randrange(VOCAB) for _ in range(rng.randrange(1, 30))]
    max_new = rng.randrange(1, 90)
    truth = plain_greedy(TARGET, prompt, 128)
    drafter = PartlyRightDrafter(truth, len(prompt), seed)
    result = speculative_generate(TARGET, prompt, drafter, max_new)
    assert result.tokens == truth[:max_new]


def test_model_drafter_grows_its_cache_on_demand():
    """The draft cache starts near the prompt's size and grows (refed in one forward) as needed."""
    target, copy = tiny_model(3, context=2048), tiny_model(3, context=2048)
    prompt = [4, 5, 6]
    expected = plain_greedy(target, prompt, 1000)
    drafter = ModelDrafter(copy, draft_len=8, max_draft_len=16)
    result = speculative_generate(target, prompt, drafter, 1000)
    assert result.tokens == expected
    assert result.stats.accepted_tokens == result.stats.drafted_tokens  # a copy is never wrong
    assert copy.max_seq_length == 1536  # 768 (the prompt + 512, rounded up), then doubled once


def test_a_compiled_draft_model_drafts_what_the_eager_one_drafts():
    """torch.compile'd one-token steps (static shapes: the whole cache, masked) give the same drafts."""
    prompt = prompts(1, seed=7)[0]
    draft = tiny_model(2)
    expected = plain_greedy(TARGET, prompt, 50)
    eager = speculative_generate(TARGET, prompt, ModelDrafter(draft, draft_len=4), 50)
    compiled = speculative_generate(TARGET, prompt, ModelDrafter(draft, draft_len=4, compile=True), 50)
    assert eager.tokens == compiled.tokens == expected
    assert draft.static_shapes and draft.max_seq_length == draft.args.max_position_embeddings
    assert (compiled.stats.drafted_tokens, compiled.stats.accepted_tokens) == (
        eager.stats.drafted_tokens, eager.stats.accepted_tokens)


def test_a_draft_model_that_cannot_be_compiled_drafts_eagerly(monkeypatch):
    import specdraft.engine.drafters

    def no_compiler(*args, **kwargs):
        raise RuntimeError("no C++ compiler")

    monkeypatch.setattr(specdraft.engine.drafters.torch, "compile", no_compiler)
    draft = tiny_model(4)
    prompt = prompts(1, seed=8)[0]
    with pytest.warns(UserWarning, match="could not be compiled, drafting without: no C\\+\\+ compiler"):
        result = speculative_generate(TARGET, prompt, ModelDrafter(draft, draft_len=4, compile=True), 40)
    assert result.tokens == plain_greedy(TARGET, prompt, 40)
    assert result.stats.drafted_tokens > 0 and not draft.static_shapes


def test_model_drafter_stops_a_draft_at_a_token_it_is_unsure_of():
    prompt = prompts(1, seed=5)[0]
    sure = ModelDrafter(DRAFT, draft_len=6, adaptive=False)
    unsure = ModelDrafter(DRAFT, draft_len=6, adaptive=False, min_confidence=1.01)  # nothing is that sure
    for drafter in (sure, unsure):
        drafter.reset(prompt)
    full, cut = sure.propose(prompt, 6), unsure.propose(prompt, 6)
    assert len(full.tokens) == 6 and cut.tokens == full.tokens[:1]  # the first token is always drafted


@torch.inference_mode()
def _answer_logprobs(model: Transformer, prompt: list[int], answer: list[int]) -> torch.Tensor:
    """[len(answer), V]: log-probabilities before each answer token, from one forward without caches."""
    logits = model(torch.tensor([prompt + answer]))[0, len(prompt) - 1 : len(prompt) + len(answer) - 1]
    return torch.log_softmax(logits.float(), -1)


@pytest.mark.parametrize("chunk", [256, 3])
def test_departures_are_the_likeliest_answers_that_leave_the_reference(chunk):
    """Every departure (logprob, kept, token): the reference's first `kept` tokens, then the likeliest
    other token there (never a banned one), scored as one forward without caches scores it; the
    likeliest first, one per position, the same whatever the chunk of the pass."""
    prompt = [5, 9, 2, 7]
    reference = plain_greedy(TARGET, prompt, 30) + [0]  # the greedy answer, "EOS" 0 after it
    banned = {1, 2}
    logprobs = _answer_logprobs(TARGET, prompt, reference)
    found = departures(TARGET, prompt, reference, 6, banned=banned, chunk=chunk)
    assert len(found) == 6 and len({kept for _, kept, _ in found}) == 6
    assert [score for score, _, _ in found] == sorted((score for score, _, _ in found), reverse=True)
    every = []
    for kept in range(len(reference)):
        row = logprobs[kept].clone()
        row[reference[kept]] = float("-inf")
        row[list(banned)] = float("-inf")
        token = int(row.argmax())
        every.append((float(sum(logprobs[i, reference[i]] for i in range(kept)) + row[token]), kept, token))
    every.sort(reverse=True)
    for (score, kept, token), (want_score, want_kept, want_token) in zip(found, every[:6], strict=True):
        assert (kept, token) == (want_kept, want_token) and token not in banned
        assert score == pytest.approx(want_score, abs=1e-3)


def test_forced_tokens_start_the_output_and_decoding_goes_on_from_them():
    """speculative_tokens(forced=...): the forced tokens first, then exactly what plain greedy
    decoding writes after prompt + forced; the edit drafter, seeing them as output, drafts its
    reference from where the output rejoins it (a forced token in place of one of the reference's:
    drafts accepted after it), and an EOS among them ends the output."""
    prompt = [3, 1, 4, 1, 5]
    forced = [11, 12, 13]
    expected = forced + plain_greedy(TARGET, prompt + forced, 37)
    reference = expected[:2] + [(expected[2] + 1) % VOCAB] + expected[3:]  # the answer, but for the forced token
    stats = SpecStats()
    out = list(speculative_tokens(TARGET, prompt, EditDrafter(reference, min_n=2, max_n=4), 40,
                                  forced=forced, stats=stats))  # fmt: skip
    assert out == expected
    assert stats.new_tokens == len(out) and stats.accepted_tokens > 20
    assert list(speculative_tokens(TARGET, prompt, Drafter(), 40, forced=[6, 7, 0, 8], eos_ids=[0])) == [6, 7]
    assert list(speculative_tokens(TARGET, prompt, Drafter(), 2, forced=[6, 7, 9])) == [6, 7]
    with pytest.raises(EngineError, match="forced output"):
        list(speculative_tokens(TARGET, prompt, Drafter(), 5, forced=[6] * 200))
