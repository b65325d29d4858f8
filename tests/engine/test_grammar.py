"""Constrained decoding: the mask admits only what the grammar does, and speculative decoding under
the mask is lossless (greedy: token for token plain masked decoding), for every kind of drafter,
on random-weight models with the builtin tokenizer (most drafts wrong) and with drafts built to
be right (the masked output itself as the reference of an edit drafter)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import torch

from specdraft.engine.drafters import EditDrafter, ModelDrafter, PromptLookupDrafter
from specdraft.engine.errors import EngineError
from specdraft.engine.generate import generate_tokens
from specdraft.engine.grammar import GrammarConstraint, GrammarError
from specdraft.engine.model import ModelArgs, Transformer
from specdraft.engine.speculative import speculative_generate, speculative_tokens

pytest.importorskip("llguidance")

TOKENIZER = Path(__file__).resolve().parents[2] / "engine" / "builtin" / "tokenizer.json"
NAMES = ["area", "scale", "factor", "RATE", "Shape.scale", "load_config"]
GRAMMAR = "\n".join([
    'start: "[" (op ("," op)*)? "]"',
    "op: rename | setv",
    'rename: "{\\"kind\\":\\"rename\\",\\"old\\":" OLD ",\\"new\\":" IDENT "}"',
    "OLD: " + " | ".join(json.dumps(json.dumps(n)) for n in NAMES),
    'setv: "{\\"kind\\":\\"set_value\\",\\"target\\":" OLD ",\\"value\\":" TEXT "}"',
    'IDENT: /"[A-Za-z_][A-Za-z0-9_]{0,12}"/',
    'TEXT: /"[0-9a-z .]{1,8}"/',
])


@pytest.fixture(scope="module")
def tokenizer_json() -> str:
    return TOKENIZER.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def backend():
    from tokenizers import Tokenizer

    return Tokenizer.from_file(str(TOKENIZER))


@pytest.fixture(autouse=True, scope="module")
def one_thread():
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def random_model(seed: int, dim: int = 32, layers: int = 2) -> Transformer:
    torch.manual_seed(seed)
    args = ModelArgs(vocab_size=4096, dim=dim, n_layer=layers, n_head=4, n_kv_heads=2,
                     intermediate_size=64, max_position_embeddings=256)  # fmt: skip
    model = Transformer(args)
    model.init_weights(std=0.3)
    return model.eval()


def constraint(tokenizer_json: str) -> GrammarConstraint:
    return GrammarConstraint(GRAMMAR, tokenizer_json, eos_token=2)


def plain_masked(model, prompt, tokenizer_json, n=60) -> list[int]:
    return list(generate_tokens(model, prompt, max_new_tokens=n, eos_ids=(2,), constraint=constraint(tokenizer_json)))


def test_the_mask_admits_exactly_the_grammar(tokenizer_json, backend):
    c = constraint(tokenizer_json)
    text = '[{"kind":"rename","old":"Shape.scale","new":"resize"}]'
    for token in backend.encode(text, add_special_tokens=False).ids:
        assert c.allowed()[token], backend.decode([token])
        c.advance(token)
    assert c.finished
    c = constraint(tokenizer_json)
    bad = backend.encode('[{"kind":"rename","old":"missing"', add_special_tokens=False).ids
    admitted = c.admitted_prefix(bad)
    assert 0 < admitted < len(bad)
    for token in bad[:admitted]:
        c.advance(token)
    with pytest.raises(GrammarError):
        c.advance(bad[admitted])
    logits = torch.zeros(4096)
    masked = constraint(tokenizer_json).mask(logits)
    assert torch.isinf(masked).sum() == 4095  # only "[" opens an answer
    assert backend.decode([int(masked.argmax())]) == "["


def test_a_grammar_that_does_not_compile_is_a_clear_error(tokenizer_json):
    with pytest.raises(GrammarError, match="does not compile"):
        GrammarConstraint('start: "[" undefined_rule', tokenizer_json)


def test_masked_plain_decoding_writes_only_what_the_grammar_admits(tokenizer_json, backend):
    model = random_model(0)
    rng = random.Random(0)
    whole = 0
    for _ in range(5):
        prompt = [1] + [rng.randrange(6, 4096) for _ in range(rng.randrange(3, 30))]
        tokens = plain_masked(model, prompt, tokenizer_json, n=120)
        assert constraint(tokenizer_json).admitted_prefix(tokens) == len(tokens)
        text = backend.decode(tokens)
        if "}" not in text:
            continue
        answer = json.loads(text[: text.rindex("}") + 1] + "]")  # what it wrote so far: whole operations
        assert all(op["kind"] in ("rename", "set_value") for op in answer)
        assert all(op.get("old", op.get("target")) in NAMES for op in answer)
        whole += len(answer)
    assert whole > 0


@pytest.mark.parametrize("kind", ["model", "lookup", "edit"])
def test_masked_speculative_output_equals_masked_plain_decoding(kind, tokenizer_json, backend):
    target = random_model(1)
    draft_model = random_model(2, dim=16, layers=1)
    rng = random.Random(hash(kind) % 1000)
    accepted = forced_accepted = 0
    for trial in range(12):
        prompt = [1] + [rng.randrange(6, 4096) for _ in range(rng.randrange(3, 40))]
        n = rng.choice([1, 7, 40, 80])
        expected = plain_masked(target, prompt, tokenizer_json, n)
        if kind == "model":
            drafter = ModelDrafter(draft_model, draft_len=rng.choice([2, 4, 8]))
        elif kind == "lookup":
            drafter = PromptLookupDrafter(draft_len=4)
            prompt = prompt + backend.encode('[{"kind":"rename","old":"area","new":"x"}]', add_special_tokens=False).ids
            expected = plain_masked(target, prompt, tokenizer_json, n)
        else:  # drafts of the right answer, spoiled at random: long runs accepted, then a fix-up
            reference = list(expected)
            for _ in range(rng.randrange(0, 3)):
                if reference:
                    reference[rng.randrange(len(reference))] = rng.randrange(6, 4096)
            drafter = EditDrafter(reference, draft_len=8)
        result = speculative_generate(target, prompt, drafter, n, eos_ids=(2,), constraint=constraint(tokenizer_json))
        assert result.tokens == expected, (kind, trial)
        accepted += result.stats.accepted_tokens
        forced_accepted += result.stats.by_source.get("grammar", [0, 0])[1]
    if kind == "edit":
        assert accepted > 0  # the drafts were used, not only the target's own tokens
    else:
        assert forced_accepted > 0  # what the grammar forces was drafted free, and accepted


def test_a_forced_output_and_a_constraint_are_refused(tokenizer_json):
    with pytest.raises(EngineError, match="grammar"):
        speculative_tokens(random_model(3), [1, 7], PromptLookupDrafter(draft_len=2), 5, forced=[9],
                           constraint=constraint(tokenizer_json))  # fmt: skip
