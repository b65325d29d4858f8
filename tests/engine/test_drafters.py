"""Drafters' token logic without a model: n-gram index, prompt lookup, speculative edits, hybrid."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdraft.engine.drafters import (
    AdaptiveDraftLength,
    Draft,
    Drafter,
    EditDrafter,
    HybridDrafter,
    NgramIndex,
    PromptLookupDrafter,
    build_drafter,
    overlapping_copy,
)
from specdraft.engine.generate import Sampling


def simulate(drafter: Drafter, prompt: list[int], target: list[int], max_k: int = 1000) -> dict:
    """Greedy speculative loop against an oracle target that writes `target` after `prompt`.

    Mirrors engine/speculative.py's accept rule without a model: returns the output and counts.
    """
    seq = list(prompt) + target[:1]
    drafter.reset(prompt, Sampling())
    forwards = drafted = accepted_total = 0
    while len(seq) - len(prompt) < len(target):
        room = len(target) - (len(seq) - len(prompt))
        draft = drafter.propose(seq, min(room - 1, max_k)).tokens[: room - 1]
        assert len(draft) <= min(room - 1, max_k), "a drafter proposed more than it was allowed"
        pos = len(seq) - len(prompt)
        truth = target[pos : pos + len(draft) + 1]
        accepted = 0
        while accepted < len(draft) and draft[accepted] == truth[accepted]:
            accepted += 1
        seq.extend(draft[:accepted] + [truth[accepted]])
        drafter.update(seq, len(draft), accepted)
        forwards += 1
        drafted += len(draft)
        accepted_total += accepted
    return {"output": seq[len(prompt) :], "forwards": forwards, "drafted": drafted,
            "accepted": accepted_total}


def brute_lookup(seq: list[int], min_n: int, max_n: int, k: int) -> list[int]:
    """Reference prompt lookup: longest n first, latest earlier occurrence, what followed it (a
    copy that reaches the end of seq goes on through what it copied)."""
    for n in range(min(max_n, len(seq)), min_n - 1, -1):
        suffix = seq[len(seq) - n :]
        for end in range(len(seq) - 2, n - 2, -1):
            if seq[end - n + 1 : end + 1] == suffix:
                grown = list(seq)
                for i in range(k):
                    grown.append(grown[end + 1 + i])
                return grown[len(seq) :]
    return []


# -- n-gram index -----------------------------------------------------------------------------


@given(st.lists(st.integers(0, 4), max_size=60), st.integers(1, 3), st.integers(0, 3))
@settings(max_examples=60, deadline=None)
def test_ngram_index_matches_brute_force(tokens, min_n, extra):
    index = NgramIndex(min_n, min_n + extra)
    cut = len(tokens) // 2
    index.extend(tokens[:cut])  # built in two pieces: growth must not lose or duplicate entries
    index.extend(tokens[cut:])
    for n in range(min_n, min_n + extra + 1):
        for end in range(n - 1, len(tokens)):
            gram = tokens[end - n + 1 : end + 1]
            expected = [e for e in range(n - 1, len(tokens)) if tokens[e - n + 1 : e + 1] == gram]
            assert index.ends(gram) == expected


# -- prompt lookup ----------------------------------------------------------------------------


def test_lookup_prefers_the_longest_ngram():
    # "5 1" occurs followed by 7; "2 5 1"... the 3-gram "9 5 1" occurs earlier, followed by 8
    prompt = [9, 5, 1, 8, 8, 3, 5, 1, 7, 7, 9, 5, 1]
    drafter = PromptLookupDrafter(min_n=1, max_n=3, draft_len=2, adaptive=False)
    drafter.reset(prompt, Sampling())
    assert drafter.propose(prompt, 10).tokens == [8, 8]
    shorter = PromptLookupDrafter(min_n=1, max_n=2, draft_len=2, adaptive=False)
    shorter.reset(prompt, Sampling())
    assert shorter.propose(prompt, 10).tokens == [7, 7]  # latest occurrence of "5 1"


def test_lookup_without_a_match_proposes_nothing_and_respects_max_tokens():
    drafter = PromptLookupDrafter(min_n=2, max_n=3, draft_len=8)
    drafter.reset([1, 2, 3, 4], Sampling())
    assert drafter.propose([1, 2, 3, 4], 8).tokens == []
    seq = [1, 2, 3, 4, 5, 6, 7, 1, 2]
    assert drafter.propose(seq, 3).tokens == [3, 4, 5]
    assert drafter.propose(seq, 0).tokens == []


@given(st.lists(st.integers(0, 3), min_size=1, max_size=40), st.lists(st.integers(0, 3), max_size=30))
@settings(max_examples=80, deadline=None)
def test_lookup_matches_brute_force_as_the_sequence_grows(prompt, generated):
    drafter = PromptLookupDrafter(min_n=1, max_n=3, draft_len=5, adaptive=False)
    drafter.reset(prompt, Sampling())
    seq = list(prompt)
    for token in [None, *generated]:
        if token is not None:
            seq.append(token)
        assert drafter.propose(seq, 5).tokens == brute_lookup(seq, 1, 3, 5)


def test_lookup_finds_text_generated_earlier_in_the_output():
    drafter = PromptLookupDrafter(min_n=2, max_n=2, draft_len=3, adaptive=False)
    prompt = [100, 101]
    drafter.reset(prompt, Sampling())
    seq = prompt + [1, 2, 3, 4, 5, 1, 2]
    assert drafter.propose(seq, 8).tokens == [3, 4, 5]


def test_overlapping_copy_goes_on_through_its_own_output():
    assert overlapping_copy([5, 1, 2, 1, 2], 3, 5) == [1, 2, 1, 2, 1]
    assert overlapping_copy([5, 1, 2, 3, 4], 1, 3) == [1, 2, 3]  # far enough back: a plain copy
    assert overlapping_copy([9, 9], 1, 4) == [9, 9, 9, 9]


def test_lookup_drafts_repeating_text_in_long_runs():
    """A target that repeats itself (a list of similar lines, a small model stuck in a loop): the
    latest occurrence is one period back, and the draft runs on through the repetition."""
    target = [7, 8, 9] * 60
    result = simulate(PromptLookupDrafter(min_n=2, max_n=4), [1, 2], target)
    assert result["output"] == target
    assert result["forwards"] <= 12, result  # one token a forward (the old copy) took ~90


def test_lookup_after_a_miss_drafts_no_fewer_than_its_minimum():
    drafter = PromptLookupDrafter(min_n=1, max_n=8, draft_len=8, max_draft_len=32, min_draft_len=4)
    prompt = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]
    drafter.reset(prompt, Sampling())
    assert len(drafter.propose(prompt, 32).tokens) == 8
    drafter.update(prompt + [2], 8, 0)  # a miss at the first token
    assert drafter.length.value == 4  # not 1: a verify of 4 tokens costs about what 1 costs
    drafter.update(prompt + [2, 3, 4, 5, 6], 4, 4)
    assert drafter.length.value == 8


def test_the_default_lookup_drafts_a_loop_whose_period_repeats_a_phrase():
    """`x = x` lines: the last 4 tokens occur twice a period, and only a longer n-gram (the
    default goes up to 8) finds where the loop goes on."""
    line = [10, 11, 12, 13, 14, 15, 11, 12, 13, 14, 16]  # "self._triple = self._triple\n"
    target = line * 20
    result = simulate(build_drafter("lookup"), [1, 2], target)
    assert result["output"] == target
    before = simulate(PromptLookupDrafter(min_n=2, max_n=4), [1, 2], target)  # the old default
    assert result["forwards"] < before["forwards"], (result, before)


# -- adaptive length --------------------------------------------------------------------------


def test_adaptive_length_grows_on_full_acceptance_and_shrinks_on_a_miss():
    length = AdaptiveDraftLength(4, 1, 16)
    length.update(4, 4)
    assert length.value == 8
    length.update(8, 8)
    length.update(16, 16)
    assert length.value == 16  # capped at the maximum
    length.update(16, 2)
    assert length.value == 3  # what held, plus one
    additive = AdaptiveDraftLength(4, 1, 6, grow="add", shrink="sub")
    additive.update(4, 4)
    assert additive.value == 6
    additive.update(6, 0)
    assert additive.value == 5
    fixed = AdaptiveDraftLength(4, 1, 16, adaptive=False)
    fixed.update(4, 4)
    assert fixed.value == 4


# -- speculative edits ------------------------------------------------------------------------


def make_file(rng: random.Random, lines: int = 60) -> list[int]:
    """A token stream shaped like code: lines of a few tokens out of a small vocabulary."""
    tokens: list[int] = []
    for _ in range(lines):
        tokens += [rng.randrange(10, 200) for _ in range(rng.randrange(3, 12))] + [1]  # 1 = newline
    return tokens


def apply_edit(original: list[int], kind: str, rng: random.Random) -> list[int]:
    lines, line = [], []
    for token in original:
        line.append(token)
        if token == 1:
            lines.append(line)
            line = []
    at = rng.randrange(5, len(lines) - 5)
    if kind == "insert":
        lines.insert(at, [rng.randrange(200, 300) for _ in range(6)] + [1])
    elif kind == "delete":
        del lines[at : at + 2]
    elif kind == "replace":
        lines[at] = lines[at][:1] + [rng.randrange(200, 300)] + lines[at][2:]
    elif kind == "rename":  # every occurrence of one token becomes another
        old = lines[at][0]
        lines = [[299 if t == old else t for t in ln] for ln in lines]
    return [t for ln in lines for t in ln]


@pytest.mark.parametrize("kind", ["none", "insert", "delete", "replace", "rename"])
@pytest.mark.parametrize("seed", range(4))
def test_edit_drafter_rewrites_a_file_in_few_forwards(kind, seed):
    rng = random.Random(seed)
    original = make_file(rng)
    target = apply_edit(original, kind, rng) + [2]  # 2 = EOS after the file
    prompt = [3, 4] + original + [5]
    result = simulate(EditDrafter(original), prompt, target)
    assert result["output"] == target
    edits = sum(1 for t in target if t == 299) if kind == "rename" else 1
    # long drafts where the text agrees: a few forwards per edit site plus the long runs
    assert result["forwards"] <= len(target) // 20 + 12 * edits, result


def test_edit_drafter_proposes_the_original_from_the_start():
    original = list(range(10, 60))
    drafter = EditDrafter(original, draft_len=32)
    prompt = [1, 2, 3]
    drafter.reset(prompt, Sampling())
    seq = prompt + [10]
    drafter.update(seq, 0, 0)
    assert drafter.propose(seq, 100).tokens == list(range(11, 43))
    assert drafter.propose(seq, 5).tokens == list(range(11, 16))


def test_edit_drafter_rejoins_nearest_to_where_it_diverged():
    block = [7, 8, 9, 1]
    # the same line appears at the start and right after the edit site, near position 40
    original = block + list(range(20, 56)) + block + list(range(60, 80))
    drafter = EditDrafter(original, min_n=2, max_n=4, draft_len=64)
    drafter.reset([], Sampling())
    output = original[:40] + [500, 501] + block  # an inserted pair, then the repeated line
    drafter.update(output, 0, 0)
    assert drafter.ref_pos is None and drafter.anchor == 40
    draft = drafter.propose(output, 5).tokens
    assert draft == list(range(60, 65))  # the copy after position 40, not the one at the start


def test_edit_drafter_keeps_its_anchor_after_a_false_rejoin():
    original = list(range(10, 50)) + [3, 4, 5] + list(range(50, 70))
    drafter = EditDrafter(original, min_n=1, max_n=2, draft_len=8, rejoin_draft_len=4)
    drafter.reset([], Sampling())
    seq = original[:20] + [900]  # diverge at 20
    drafter.update(seq, 0, 0)
    assert drafter.anchor == 20
    seq.append(4)  # "4" occurs in the original at 41: a rejoin, which the target refutes
    assert drafter.propose(seq, 8).tokens[:1] == [5]
    seq.append(901)
    drafter.update(seq, 4, 0)
    assert drafter.ref_pos is None and drafter.anchor == 20


def test_edit_drafter_looks_up_new_text_that_does_not_rejoin_the_original():
    """Text the edit writes is found in the prompt (the instruction quotes it) or in the output
    (a loop); without the lookup each of its tokens costs a forward."""
    original = list(range(10, 70))
    quoted = [200, 201, 202, 203, 204, 205, 206, 207]
    prompt = [4, *quoted, 5, *original, 6]
    target = original[:10] + quoted + original[10:30] + [300, 301, 302] * 30 + [2]
    with_lookup = simulate(EditDrafter(original, min_n=2, max_n=4), prompt, target)
    without = simulate(EditDrafter(original, min_n=2, max_n=4, lookup_min_n=None), prompt, target)
    assert with_lookup["output"] == without["output"] == target
    assert without["forwards"] >= 90, without
    assert with_lookup["forwards"] <= 20, with_lookup


def test_edit_drafter_stops_at_the_end_of_the_original():
    original = [10, 11, 12]
    drafter = EditDrafter(original)
    drafter.reset([], Sampling())
    seq = [10, 11, 12]
    drafter.update(seq, 0, 0)
    assert drafter.propose(seq, 10).tokens == []


# -- hybrid -----------------------------------------------------------------------------------


class CountingDrafter(Drafter):
    """Stands in for a draft model: always proposes the same token, counts its updates."""

    name = "model"

    def __init__(self) -> None:
        self.updates: list[tuple[int, int]] = []

    def propose(self, tokens, max_tokens):
        return Draft([42] * min(2, max_tokens), source=self.name)

    def update(self, tokens, drafted, accepted):
        self.updates.append((drafted, accepted))


def test_hybrid_tries_edit_then_lookup_then_the_model():
    original = [10, 11, 12, 13]
    model = CountingDrafter()
    hybrid = HybridDrafter(edit=EditDrafter(original), lookup=PromptLookupDrafter(min_n=2),
                           model=model)
    prompt = [5, 6, 7, 5, 6, 8]
    hybrid.reset(prompt, Sampling())
    seq = prompt + [10]
    draft = hybrid.propose(seq, 8)
    assert (draft.source, draft.tokens) == ("edit", [11, 12, 13])
    seq += [11, 99, 5, 6]  # diverges from the original; "5 6" occurs in the prompt
    hybrid.update(seq, 3, 1)
    draft = hybrid.propose(seq, 8)
    assert draft.source == "lookup" and draft.tokens[:1] == [8]
    seq += [77, 78]
    hybrid.update(seq, len(draft.tokens), 0)
    draft = hybrid.propose(seq, 8)
    assert (draft.source, draft.tokens) == ("model", [42, 42])
    hybrid.update(seq + [1], 2, 0)
    assert model.updates[-1] == (2, 0) and model.updates[0] == (0, 0)


def test_edit_drafter_learns_a_rename_at_its_first_occurrence():
    rng = random.Random(5)
    original: list[int] = []
    for _ in range(40):  # identifier 77 used on many lines
        original += [rng.randrange(10, 60) for _ in range(rng.randrange(2, 6))] + [77, 3, 1]
    target = [t for token in original for t in ([300, 301] if token == 77 else [token])] + [2]
    prompt = [4] + original + [5]
    learnt = simulate(EditDrafter(original), prompt, target)
    plain = simulate(EditDrafter(original, substitutions=False), prompt, target)
    assert learnt["output"] == plain["output"] == target
    assert plain["forwards"] >= 2 * 40  # without it: a miss and a rejoin at every occurrence
    assert learnt["forwards"] <= 12, learnt  # with it: the first occurrence teaches the rest


def test_edit_drafter_drops_a_replacement_the_target_refuses():
    original = [10, 11, 77, 12, 13, 14, 15, 16, 17, 77, 18, 19, 20, 21, 22, 23, 77, 24, 25, 26]
    # the first 77 becomes 300; the later ones stay as they were
    target = [10, 11, 300, 12, 13, 14, 15, 16, 17, 77, 18, 19, 20, 21, 22, 23, 77, 24, 25, 26, 2]
    drafter = EditDrafter(original, min_n=2, max_n=3)
    result = simulate(drafter, [1], target)
    assert result["output"] == target
    assert drafter.substitutions == {}  # learnt at the first 77, refused at the second


def test_edit_drafters_lookup_respects_the_draft_length_cap():
    """--draft-len K caps every draft, the edit drafter's lookup fallback's too."""
    original = list(range(10, 70))
    target = original[:10] + [300, 301, 302] * 30 + [2]
    drafter = EditDrafter(original, min_n=2, max_n=4, draft_len=4, max_draft_len=4)
    lengths = []
    propose = drafter.propose

    def recording(tokens, max_tokens):
        draft = propose(tokens, max_tokens)
        lengths.append((draft.source, len(draft.tokens)))
        return draft

    drafter.propose = recording
    assert simulate(drafter, [1], target)["output"] == target
    assert max(n for source, n in lengths if source == "lookup") == 4
