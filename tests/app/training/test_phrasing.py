"""The phrasing grammar: many ways to say each edit, true to its numbers, with a fixed held-out part
that training data never uses."""

from __future__ import annotations

import ast
import random
import re
import string

import pytest

from specdraft.engine.training import corpus
from specdraft.training import editdata, phrasing
from specdraft.training.phrasing import EditSpec

# Specs of every kind with neutral names (words that are no verb of the grammar), in their variants:
# scope needed or not, numbers up, down, doubled, halved, booleans, strings.
SPECS = {
    "rename_function": [EditSpec("rename_function", "alpha_fn", "function", "beta_fn", uses=3, calls=2),
                        EditSpec("rename_function", "alpha_fn", "function", "beta_fn")],
    "rename_method": [EditSpec("rename_method", "alpha_m", "method", "beta_m", scope="Omega", scope_role="class", uses=2, calls=2)],
    "rename_class": [EditSpec("rename_class", "Alpha", "class", "Beta", uses=4, calls=1)],
    "rename_variable": [EditSpec("rename_variable", "alpha", "variable", "beta", scope="omega_fn", scope_role="function"),
                        EditSpec("rename_variable", "alpha", "variable", "beta", scope="omega_fn", scope_role="method",
                                 scope_needed=True),
                        EditSpec("rename_variable", "_alpha", "variable", "_beta", uses=2)],
    "rename_parameter": [EditSpec("rename_parameter", "alpha", "parameter", "beta", scope="omega_fn",
                                  scope_role="function", scope_needed=True, uses=2, calls=1)],
    "rename_constant": [EditSpec("rename_constant", "ALPHA", "constant", "BETA", uses=3)],
    "rename_attribute": [EditSpec("rename_attribute", "_alpha", "attribute", "_beta", scope="Omega", scope_role="class", uses=4)],
    "change_literal": [EditSpec("change_literal", old="30", new="60", scope="omega_fn", scope_role="function"),
                       EditSpec("change_literal", old="'alpha'", new="'beta'", anchor="mode = 'alpha'"),
                       EditSpec("change_literal", old="8", new="4")],
    "change_constant": [EditSpec("change_constant", "ALPHA", "constant", old="3", new="5"),
                        EditSpec("change_constant", "ALPHA", "constant", old="10", new="5"),
                        EditSpec("change_constant", "ALPHA", "constant", old="1.5", new="3.0"),
                        EditSpec("change_constant", "ALPHA", "constant", old="'alpha'", new="'beta'")],
    "change_default": [EditSpec("change_default", "omega_fn", "function", param="alpha", old="10", new="20"),
                       EditSpec("change_default", "omega_fn", "method", scope="Omega", scope_role="class",
                                scope_needed=True, param="alpha", old="False", new="True"),
                       EditSpec("change_default", "omega_fn", "function", param="alpha", old="None", new="0")],
    "add_parameter": [EditSpec("add_parameter", "omega_fn", "function", param="alpha", param_text="alpha=None"),
                      EditSpec("add_parameter", "omega_fn", "method", scope="Omega", scope_role="class",
                               param="alpha", param_text="alpha: int = 0")],
    "remove_parameter": [EditSpec("remove_parameter", "omega_fn", "function", param="alpha", calls=2),
                         EditSpec("remove_parameter", "omega_fn", "function", param="alpha")],
    "add_docstring": [EditSpec("add_docstring", "omega_fn", "function", new="Return the alpha."),
                      EditSpec("add_docstring", "Omega", "class", new="Alpha records.")],
    "remove_docstring": [EditSpec("remove_docstring", "omega_fn", "function")],
    "add_type_hint": [EditSpec("add_type_hint", "omega_fn", "function", hints=(("alpha", "int"),)),
                      EditSpec("add_type_hint", "omega_fn", "function", hints=(("return", "bool"),)),
                      EditSpec("add_type_hint", "omega_fn", "function", hints=(("alpha", "int"), ("return", "bool")))],
    "change_type_hint": [EditSpec("change_type_hint", "omega_fn", "function", param="alpha", old="int", new="float"),
                         EditSpec("change_type_hint", "omega_fn", "function", old="int", new="float")],
    "wrap_try": [EditSpec("wrap_try", "omega_fn", "function", old="alpha = load(beta)", exception="ValueError", handler="pass"),
                 EditSpec("wrap_try", "omega_fn", "function", old="alpha = load(beta)", exception="KeyError",
                          handler="return None")],
    "add_import": [EditSpec("add_import", new="import json", module="json"),
                   EditSpec("add_import", new="from pathlib import Path", module="pathlib", names=("Path",))],
    "insert_statement": [EditSpec("insert_statement", "omega_fn", "function", new="print(alpha)", anchor="alpha = beta()")],
    "delete_statement": [EditSpec("delete_statement", "omega_fn", "function", old="print(alpha)")],
    "swap_comparison": [EditSpec("swap_comparison", "omega_fn", "function", old="alpha < beta", new="alpha <= beta", param="<", param_text="<=")],
}  # fmt: skip


def phrases(kind: str, n: int, heldout: bool = False, seed: int = 0) -> list[phrasing.Phrase]:
    rng = random.Random(f"{kind}-{seed}-{heldout}")
    return [phrasing.instruction(rng.choice(SPECS[kind]), rng, heldout) for _ in range(n)]


def test_every_kind_is_in_the_grammar():
    assert set(SPECS) == set(phrasing.KIND_FAMILY) == set(editdata.EDIT_KINDS)


@pytest.mark.parametrize("kind", sorted(SPECS))
def test_many_ways_to_say_each_kind(kind):
    made = phrases(kind, 1200)
    shapes = {p.shape for p in made}
    texts = {p.text for p in made}
    family = phrasing.KIND_FAMILY[kind]
    trained = [s for s in phrasing.SHAPES[family] if not s.heldout]
    assert len(shapes) >= min(6, len(trained)), f"{kind}: {len(shapes)} shapes"
    assert len(texts) >= 400, f"{kind}: only {len(texts)} distinct instructions in 1200"
    assert len({p.wrapper for p in made}) >= 8
    lowered = sum(t[0].islower() for t in texts if t[0].isalpha())
    assert 0.2 < lowered / len(texts) < 0.8, "both lower-case and capitalised"
    assert {t[-1] for t in texts} & {".", "?"} and any(t[-1].isalnum() or t[-1] in "`'\")" for t in texts)


def test_grammar_size_holds_a_held_out_part_per_kind():
    for kind, size in phrasing.grammar_size().items():
        assert size["shapes"] >= 6 and size["heldout_shapes"] >= 2, kind
        assert size["verbs"] >= 2 and size["heldout_verbs"] >= 1, kind
        assert 0.1 <= size["heldout_shapes"] / (size["shapes"] + size["heldout_shapes"]) <= 0.35, kind


IMPERATIVE_STARTS = {"add", "annotate", "bring", "call", "catch", "change", "declare", "default", "describe", "disable",
                     "document", "double", "enable", "extend", "flip", "follow", "get", "give", "guard", "halve", "handle",
                     "have", "hint", "ignore", "import", "leave", "let", "make", "pull", "return", "retype", "swallow", "take",
                     "type", "use", "write", "{verb}", "{verb_up}", "{verb_down}"}  # fmt: skip


def test_shapes_that_take_a_wrapper_start_with_a_verb():
    """"please ..." / "can you ...?" go around imperatives only ("can you in `f`, ..." is no sentence)."""
    for family, shapes in phrasing.SHAPES.items():
        for shape in shapes:
            if shape.imperative:
                assert shape.template.split(" ")[0] in IMPERATIVE_STARTS, f"{family}.{shape.id}"


@pytest.mark.parametrize("kind", sorted(SPECS))
def test_training_never_uses_the_held_out_part(kind):
    held = phrasing.heldout_parts()
    family = phrasing.KIND_FAMILY[kind]
    made = phrases(kind, 3000)
    for p in made:
        assert not p.heldout
        assert p.shape not in held["shapes"] and p.wrapper not in held["wrappers"]
        assert not set(p.verbs) & held["verbs"]
    # ... and in the words themselves: no held-out verb, wrapper, or sentence that a held-out shape would make
    texts = [p.text.lower() for p in made]
    joined = " || ".join(texts)
    for verb in (v for field in phrasing.VERBS[family].values() for v in field if v.heldout):
        assert not re.search(rf"\b{re.escape(verb.word)}\b", joined), f"{kind}: held-out verb {verb.word!r} in training"
    for wrapper in (w for w in phrasing.WRAPPERS if w.heldout):
        assert wrapper.template.replace("{s}", "").strip() not in joined
    for shape in (s for s in phrasing.SHAPES[family] if s.heldout):
        pattern = shape_pattern(shape.template)
        matched = [t for t in texts if pattern.match(t)]
        assert not matched, f"{kind}: {matched[:3]} read as held-out shape {shape.id}"


def shape_pattern(template: str) -> re.Pattern:
    """A template as a regex over whole instructions: any text for a slot, a wrapper around it."""
    body = "".join(re.escape(text) + (".+?" if field else "") for text, field, _, _ in string.Formatter().parse(template))
    prefixes = "|".join(re.escape(w.template.split("{s}")[0]) for w in phrasing.WRAPPERS if w.template.split("{s}")[0])
    suffixes = "|".join(re.escape(w.template.split("{s}")[1]) for w in phrasing.WRAPPERS if w.template.split("{s}")[1])
    return re.compile(rf"^(?:{prefixes})?{body}(?:{suffixes})?[.!?]?$", re.I)


@pytest.mark.parametrize("kind", sorted(SPECS))
def test_heldout_generation_uses_the_held_out_part(kind):
    held = phrasing.heldout_parts()
    made = phrases(kind, 600, heldout=True)
    for p in made:
        assert p.heldout
        assert p.shape in held["shapes"] or p.wrapper in held["wrappers"] or set(p.verbs) & held["verbs"]
    assert len({p.shape for p in made} & held["shapes"]) >= 2  # more than one held-out shape in use


def test_training_data_from_real_edits_never_uses_the_held_out_part():
    held = phrasing.heldout_parts()
    root = corpus.stdlib_root()
    files = [(name, corpus.read_source(root, name)) for name in ("shlex.py", "tempfile.py", "calendar.py", "textwrap.py", "string.py")]
    seen = 0
    for number, (_, text) in enumerate(files):
        rng = random.Random(number)
        for snippet in [text, *editdata.extract_snippets(text)]:
            src = editdata._Source(snippet)
            for kind in editdata.EDIT_KINDS:
                described = editdata.describe_edit(src, kind, rng)
                if described is None:
                    continue
                p = described.phrase
                assert not p.heldout and p.shape not in held["shapes"] and p.wrapper not in held["wrappers"]
                assert not set(p.verbs) & held["verbs"]
                seen += 1
    assert seen > 1000
    examples = list(editdata.generate_edits(files, seed=1, limit=300, heldout_phrasing=1.0))
    assert examples and all(e.phrasing == "heldout" for e in examples)


def numbers(text: str) -> float:
    return float(ast.literal_eval(text))


@pytest.mark.parametrize("kind", ["change_literal", "change_constant", "change_default"])
def test_number_words_are_true(kind):
    for heldout in (False, True):
        for p, spec in ((phrasing.instruction(spec, rng, heldout), spec) for rng in [random.Random(kind)]
                        for spec in SPECS[kind] * 400):  # fmt: skip
            text = p.text.lower()
            try:
                old, new = numbers(spec.old), numbers(spec.new)
            except (ValueError, SyntaxError, TypeError):
                old = new = None
            if re.search(r"\b(raise|increase|bump|up)\b", text) and "verb_up" in " ".join(p.verbs):
                assert new > old, p.text
            if re.search(r"\b(lower|decrease|reduce|drop)\b", text) and "verb_down" in " ".join(p.verbs):
                assert new < old, p.text
            if p.shape.endswith(".double"):
                assert new == 2 * old, p.text
            if p.shape.endswith(".halve"):
                assert old == 2 * new, p.text
            if p.shape.endswith((".enable", ".disable")):
                assert {spec.old, spec.new} == {"True", "False"}


def test_instructions_say_where_when_a_name_is_ambiguous():
    spec = SPECS["rename_variable"][1]
    rng = random.Random(0)
    for _ in range(500):
        text = phrasing.instruction(spec, rng).text
        assert "omega_fn" in text, text
    spec = SPECS["change_default"][1]
    for _ in range(500):
        text = phrasing.instruction(spec, rng).text
        assert "Omega" in text and "omega_fn" in text or "Omega.omega_fn" in text, text
    spec = SPECS["wrap_try"][1]
    for _ in range(300):
        text = phrasing.instruction(spec, rng).text
        assert "None" in text, text  # returning None must be said


def test_same_rng_same_instruction():
    spec = SPECS["rename_function"][0]
    assert [phrasing.instruction(spec, random.Random(5)).text for _ in range(3)] == [phrasing.instruction(spec, random.Random(5)).text] * 3


def test_sample_for_a_human_names_every_kind():
    sample = editdata.sample_instructions(per_kind=2, seed=0)
    assert set(sample) == set(editdata.EDIT_KINDS)
    assert all(len(found) == 2 for found in sample.values()), {k: len(v) for k, v in sample.items()}
    text = editdata.format_sample(2, 0)
    assert all(kind in text for kind in editdata.EDIT_KINDS)


def test_a_name_can_be_told_by_its_words_and_role():
    rng = random.Random(0)
    told = {phrasing.described("count_boiled_kettles", "function", rng, heldout=False) for _ in range(200)}
    texts = {text for text, _ in told}
    assert not any(held for _, held in told)  # training never uses a held-out form
    assert all("boiled kettles" in t for t in texts)
    assert "the function that counts boiled kettles" in texts and "the count boiled kettles function" in texts
    assert {t for t, _ in (phrasing.described("KettleLog", "class", rng, False) for _ in range(50))} == {
        "the kettle log class", "the class for kettle logs"}
    held = {phrasing.described("count_boiled_kettles", "function", rng, heldout=True) for _ in range(200)}
    assert any(h for _, h in held) and any(not h for _, h in held)
    assert phrasing.described("x", "variable", rng, False) is None  # nothing to tell it by


def test_training_instructions_tell_some_names_by_their_words_and_never_where_two_share_a_name():
    spec = EditSpec("rename_function", "count_boiled_kettles", "function", "tally_kettles", uses=2)
    rng = random.Random(1)
    texts = [phrasing.instruction(spec, rng).text.lower() for _ in range(400)]
    told = [t for t in texts if "count_boiled_kettles" not in t]
    assert 0.1 < len(told) / len(texts) < 0.4
    assert all("boiled kettle" in t and "tally_kettles" in t for t in told)
    ambiguous = EditSpec("rename_variable", "kettle_total", "variable", "kettles", scope="count_kettles",
                         scope_role="function", scope_needed=True)
    assert all("kettle_total" in phrasing.instruction(ambiguous, rng).text for _ in range(200))


def test_a_typo_lands_in_a_word_of_the_grammar_never_in_the_code():
    spec = EditSpec("rename_variable", "default", "variable", "change")
    text = "please rename `default` to `change` everywhere in the module"
    seen = set()
    for seed in range(300):
        typo = phrasing._typo(text, spec, random.Random(seed))
        assert "`default`" in typo and "`change`" in typo
        changed = [a for a, b in zip(text.split(), typo.split(), strict=True) if a != b]
        assert len(changed) == 1 and len(typo.split()) == len(text.split())
        seen.add(changed[0])
    assert seen == {"please", "rename", "everywhere", "module"}
