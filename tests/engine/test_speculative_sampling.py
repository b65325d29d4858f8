"""Speculative sampling draws from the target's distribution: chi-square tests against the exact
distribution, for the rejection step alone and for whole generations of a small-vocabulary model."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
import torch

from specdraft.engine.drafters import Draft, EditDrafter, HybridDrafter, ModelDrafter
from specdraft.engine.generate import Sampling, logits_to_probs
from specdraft.engine.model import ModelArgs, Transformer
from specdraft.engine.speculative import accept_sampling, speculative_generate


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    """Tiny models run fastest on one thread; several threads thrash on a busy machine."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def chi_square_p_value(observed: Counter, expected: dict, samples: int) -> float:
    """Pearson's chi-square test; cells expected below 5 are pooled into one."""
    stat, df, pooled_obs, pooled_exp = 0.0, -1, 0, 0.0
    for cell, probability in expected.items():
        e = probability * samples
        if e < 5:
            pooled_obs += observed.get(cell, 0)
            pooled_exp += e
            continue
        stat += (observed.get(cell, 0) - e) ** 2 / e
        df += 1
    if pooled_exp > 0:
        stat += (pooled_obs - pooled_exp) ** 2 / max(pooled_exp, 1e-9)
        df += 1
    assert sum(observed.values()) == samples and set(observed) <= set(expected), "impossible outcome"
    return float(torch.special.gammaincc(torch.tensor(df / 2), torch.tensor(stat / 2)))


def test_rejection_step_emits_the_target_distribution():
    """First emitted token ~ p[0], whatever q is (a drafted sample from q, or a one-hot draft)."""
    generator = torch.Generator().manual_seed(0)
    vocab, k, samples = 6, 3, 20000
    p = torch.softmax(torch.randn(k + 1, vocab, generator=generator) * 2, -1)
    q = torch.softmax(torch.randn(k, vocab, generator=generator) * 2, -1)
    expected = {token: float(p[0, token]) for token in range(vocab)}
    for one_hot in (False, True):
        counts: Counter = Counter()
        for _ in range(samples):
            if one_hot:
                draft = Draft([2, 4, 1])
            else:
                tokens = [int(torch.multinomial(q[i], 1, generator=generator)) for i in range(k)]
                draft = Draft(tokens, q)
            accepted, nxt = accept_sampling(draft, p, generator)
            counts[draft.tokens[0] if accepted > 0 else nxt] += 1
        assert chi_square_p_value(counts, expected, samples) > 1e-3, (one_hot, counts)


def tiny(seed: int, vocab: int) -> Transformer:
    torch.manual_seed(seed)
    model = Transformer(ModelArgs(vocab_size=vocab, dim=16, n_layer=1, n_head=2,
                                  intermediate_size=32, max_position_embeddings=32))
    model.init_weights(std=0.6)
    return model.eval()


@torch.inference_mode()
def exact_distribution(model: Transformer, prompt: list[int], length: int, sampling: Sampling) -> dict:
    """P(continuation) for every continuation of `length` tokens, from cache-free forwards."""
    vocab = model.args.vocab_size
    result = {}
    for continuation in itertools.product(range(vocab), repeat=length):
        probability, seq = 1.0, list(prompt)
        for token in continuation:
            p = logits_to_probs(model(torch.tensor([seq]))[0, -1], sampling.temperature, sampling.top_k)
            probability *= float(p[token])
            seq.append(token)
        result[continuation] = probability
    return result


VOCAB, LENGTH, PROMPT = 5, 3, [1, 3, 0, 2]


@pytest.mark.slow
@pytest.mark.parametrize("drafter_kind", ["model", "confident-model", "edit", "hybrid"])
@pytest.mark.parametrize("temperature, top_k", [(1.0, None), (0.7, 3)])
def test_speculative_sampling_draws_from_the_target_distribution(drafter_kind, temperature, top_k):
    target, draft_model = tiny(11, VOCAB), tiny(12, VOCAB)
    expected = exact_distribution(target, PROMPT, LENGTH, Sampling(temperature, top_k))
    samples = 3000
    counts: Counter = Counter()
    accepted = 0
    for i in range(samples):
        if drafter_kind == "model":
            drafter = ModelDrafter(draft_model, draft_len=2, adaptive=False)
        elif drafter_kind == "confident-model":  # drafts cut where the draft's own q is low
            drafter = ModelDrafter(draft_model, draft_len=3, adaptive=False, min_confidence=0.3)
        elif drafter_kind == "edit":
            drafter = EditDrafter([0, 0, 3, 3], min_n=1, draft_len=3, adaptive=False)
        else:
            drafter = HybridDrafter(edit=EditDrafter([0, 3], min_n=1, draft_len=1, adaptive=False),
                                    model=ModelDrafter(draft_model, draft_len=2, adaptive=False))
        sampling = Sampling(temperature, top_k, seed=1000 * i + 7)  # each run seeds its own generator
        result = speculative_generate(target, PROMPT, drafter, LENGTH, sampling=sampling)
        counts[tuple(result.tokens)] += 1
        accepted += result.stats.accepted_tokens
    assert accepted > samples / 20  # drafts were accepted: the rejection path and the bonus both ran
    assert chi_square_p_value(counts, expected, samples) > 1e-3, counts.most_common(8)
