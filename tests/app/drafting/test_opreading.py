"""The model's reading of an instruction into operations: the outline it reads, the grammar it writes
under (every operation the app can make on the files is admitted, names the files lack are not),
the answer's text both ways, and the draft made from a model's answer (a fake local backend)."""

from __future__ import annotations

import json
import subprocess

import pytest

from specdraft.drafting import opreading
from specdraft.drafting.opreading import (
    AnswerError,
    answer_grammar,
    answer_text,
    named,
    outline,
    parse_answer,
    reading_messages,
)
from specdraft.ops import from_json
from specdraft.training.opdata import admits

SOURCE = '''\
import os
from math import sqrt, pi

LIMIT = 10
NAME = "shapes"


def area(width, height=2, *, unit: str = "cm") -> float:
    total = width * height
    scale = 3
    return total


class Shape:
    SIDES = 4

    def grow(self, factor):
        self.size = factor
        return self.size
'''

llguidance = pytest.importorskip("llguidance")


def test_the_outline_lists_what_an_operation_can_name():
    found = outline([("geo.py", SOURCE)])
    assert "def area(width, height=2, *, unit: str='cm') -> float:" in found.text
    assert "LIMIT = 10" in found.text and "class Shape:" in found.text and "    def grow(self, factor):" in found.text
    assert "# locals: total, scale" in found.text and "# attributes: size" in found.text
    assert ("width", "area") in found.renames and ("grow", "Shape") in found.renames
    assert ("factor", "Shape.grow") in found.renames and ("size", "Shape") in found.renames
    assert found.targets == ["LIMIT", "NAME", "area.height", "area.unit", "area.scale", "Shape.SIDES"]
    assert found.functions == {"area": ["width", "height", "unit"], "Shape.grow": ["factor"]}
    assert found.imports == [("os", None), ("math", "sqrt"), ("math", "pi")]
    assert "area" in reading_messages(found, "rename  area\nto surface")[1]["content"]
    assert reading_messages(found, "rename  area\nto surface", names=True)[1]["content"].endswith("Instruction: rename area to surface\nNamed: area")
    assert reading_messages(found, "rename area to surface", names=False)[1]["content"].endswith("Instruction: rename area to surface")
    assert reading_messages(found, "import json", names=True)[1]["content"].endswith("Instruction: import json")  # names none: no list
    default = reading_messages(found, "rename area to surface")[1]["content"]
    assert default.endswith("Named: area") == opreading.NAMED_IN_PROMPT  # as the shipped weights were trained


def test_named_lists_the_outline_s_names_an_instruction_names_by_name_or_by_words():
    """After the instruction, the outline's names it names: the name itself (any case) first, then
    names all of whose words it says (stemmed), then those sharing two words or more."""
    source = (
        "RESERVE_LITRES_PER_DAY = 4\nFEED_LIMIT = 3\n\n\nclass FeedingRound:\n    def start(self, now=None):\n        pass\n\n\n"
        "def needs_water(tank, litres=2):\n    level = tank - litres\n    return level\n"
    )  # fmt: skip
    found = outline([("hut.py", source)])
    assert named(found, "rename needs_water to thirsty") == ["needs_water"]
    assert named(found, "the function that says if water is needed") == ["needs_water"]  # needed ~ needs
    assert named(found, "rename the feeding round class") == ["FeedingRound"]
    assert named(found, "the daily reserve of litres should be 5") == ["needs_water.litres", "RESERVE_LITRES_PER_DAY"]
    assert named(found, "set feed_limit to 4") == ["FEED_LIMIT"]
    assert named(found, "add a docstring") == []
    crowded = outline([("many.py", "".join(f"def load_{n}(path):\n    return path\n\n\n" for n in range(12)))])
    assert len(named(crowded, "every path")) == opreading.NAMED_AT_MOST


def test_a_file_that_does_not_parse_is_left_out_of_the_outline():
    found = outline([("bad.py", "def (:\n"), ("ok.py", "X = 1\n")])
    assert "bad.py" not in found.text and found.targets == ["X"]


ADMITTED = [
    [{"kind": "rename", "old": "area", "new": "surface"}],
    [{"kind": "rename", "old": "factor", "scope": "Shape.grow", "new": "amount"}],
    [{"kind": "rename", "old": "size", "scope": "Shape", "new": "bulk"}],
    [{"kind": "set_value", "target": "area.height", "value": "3"}],
    [{"kind": "set_value", "target": "NAME", "value": "'figures'"}],
    [{"kind": "add_parameter", "function": "Shape.grow", "name": "verbose", "default": "False", "keyword_only": True}],
    [{"kind": "remove_parameter", "function": "area", "name": "unit"}],
    [{"kind": "add_import", "module": "os.path", "name": "join"}],
    [{"kind": "remove_import", "module": "math", "name": "pi"}],
    [{"kind": "add_docstring", "target": "Shape.grow", "text": "Grow the shape \"by\" a factor."}],
    [{"kind": "add_type_hints", "function": "area", "parameters": {"width": "float", "height": "float"}, "returns": "float"}],
    [{"kind": "add_type_hints", "function": "Shape.grow", "returns": "None"}],
    [{"kind": "rename", "old": "LIMIT", "new": "MAX"}, {"kind": "set_value", "target": "MAX", "value": "20"}][:1],
    [{"kind": "delete_statement", "function": "area", "statement": "scale = 3"}],
    [{"kind": "wrap_try", "function": "Shape.grow", "statement": "self.size = factor", "exception": "TypeError",
      "handler": "return None"}],
    [{"kind": "insert_statement", "function": "area", "where": "after", "anchor": "total = width * height",
      "code": "print(\"total £\", total)"}],
    [{"kind": "insert_statement", "function": "Shape.grow", "where": "start", "code": "assert factor > 0"}],
    [],
]


@pytest.mark.parametrize("answer", ADMITTED, ids=lambda a: a[0]["kind"] if a else "none")
def test_the_grammar_admits_each_operation_written_as_the_model_writes_it(answer):
    found = outline([("geo.py", SOURCE)])
    text = answer_text([from_json(item) for item in answer])
    assert parse_answer(text) == [from_json(item) for item in answer]
    assert admits(answer_grammar(found), text), text


def test_statements_are_named_by_texts_that_each_name_one_statement_of_their_function():
    """delete_statement, wrap_try and insert_statement name a statement by its text, as specdraft.ops
    finds it: the grammar lists, per function, the texts that name exactly one statement (a simple
    statement whole, a compound one by its first line), and each of them applies."""
    from specdraft.ops import apply
    from specdraft.ops.statements import DeleteStatement

    source = (
        'def tidy(rows, limit=3):\n    """Keep the short rows."""\n    kept = []\n    for row in rows:\n'
        "        if len(row) > limit:\n            continue\n        kept.append(row)\n        kept.append(row)\n"
        "    if not kept: return None\n    while False:  # never\n        pass\n    total = sum(\n        len(r) for r in kept\n    )\n"
        "    if total:\n        total -= 1\n    else: total = 0\n    first = 1; second = 2\n    return kept\n"
    )  # fmt: skip
    found = outline([("rows.py", source)])
    assert found.statements == {"tidy": [
        "kept = []", "for row in rows:", "if len(row) > limit:", "continue", "while False:",
        "total = sum( len(r) for r in kept )", "if total:", "total -= 1", "return kept"]}  # fmt: skip
    # left out: the docstring, `kept.append(row)` (twice), the one-line `if` and `else` bodies,
    # `pass`, the statements of a line they share; a header's comment is not its text
    for text in found.statements["tidy"]:
        assert apply(DeleteStatement(statement=text, function="tidy"), {"rows.py": source}), text
    grammar = answer_grammar(found)
    assert not admits(grammar, '[{"kind":"delete_statement","function":"tidy","statement":"kept.append(row)"}]')
    assert admits(grammar, '[{"kind":"delete_statement","function":"tidy","statement":"continue"}]')


def test_a_name_bound_at_module_level_and_in_a_class_can_be_renamed_at_either():
    """No binding's literal in the grammar is a prefix of another's (`"code"` and `"code","scope":"D"`):
    a lexer takes the longer, and the module-level one could never be written."""
    source = "import os\nfrom os import path\n\n\ndef code(x):\n    return x\n\n\nclass D:\n    def code(self):\n        return path\n"
    grammar = answer_grammar(outline([("m.py", source)]))
    for text in ('[{"kind":"rename","old":"code","new":"c2"}]', '[{"kind":"rename","old":"code","scope":"D","new":"c2"}]',
                 '[{"kind":"remove_import","module":"os"}]', '[{"kind":"remove_import","module":"os","name":"path"}]'):  # fmt: skip
        assert admits(grammar, text), text


def test_a_module_constant_set_by_a_call_is_a_value_to_set_and_a_variable_is_not():
    source = 'from decimal import Decimal\n\nFEE = Decimal("1.50")\nlog = make_log()\n'
    found = outline([("fees.py", source)])
    assert found.targets == ["FEE"]
    assert admits(answer_grammar(found), '[{"kind":"set_value","target":"FEE","value":"Decimal(\\"1.75\\")"}]')


REFUSED = [
    '[{"kind":"rename","old":"missing","new":"x"}]',  # a name the files lack
    '[{"kind":"rename","old":"factor","new":"amount"}]',  # a parameter without its function
    '[{"kind":"rename","old":"area","new":"not an identifier"}]',
    '[{"kind":"set_value","target":"area.width","value":"3"}]',  # no default to set
    '[{"kind":"remove_parameter","function":"area","name":"factor"}]',  # not area's
    '[{"kind":"remove_import","module":"json"}]',
    '[{"kind":"add_type_hints","function":"area","parameters":{"factor":"int"}}]',
    '[{"kind":"delete_statement","statement":"return total"}]',  # a statement without its function
    '[{"kind":"delete_statement","function":"area","statement":"return self.size"}]',  # not area's
    '[{"kind":"delete_statement","function":"area","statement":"total ="}]',  # not a whole text listed
    '[{"kind":"insert_statement","function":"area","where":"after","code":"x = 1"}]',  # after what?
    '[{"kind":"rename","old":"area","new":"surface"}',  # unfinished
]


@pytest.mark.parametrize("text", REFUSED)
def test_the_grammar_refuses_what_does_not_fit_the_files(text):
    assert not admits(answer_grammar(outline([("geo.py", SOURCE)])), text)


@pytest.mark.parametrize("text, message", [
    ("[{", "not JSON"),
    ('{"kind":"rename"}', "not a list"),
    ('[{"kind":"add_argument","call":"print","name":"x","value":"1"}]', "not asked to read"),
    ('[{"kind":"rename","old":"a"}]', "missing"),
])  # fmt: skip
def test_a_malformed_answer_is_an_error_that_says_what_is_wrong(text, message):
    with pytest.raises(Exception, match=message):
        parse_answer(text)


def test_answer_error_is_an_op_error():
    from specdraft.ops import OpError

    assert issubclass(AnswerError, OpError)


# ------------------------------------------------------------------------------------ the draft


class FakeLocal:
    """A local backend that answers the operation-reading request with a fixed text under a grammar,
    and any other request with the file unchanged; it records the grammars it was given."""

    kind = "local"
    edit_format = "builtin"
    constrained = True
    name = "fake-builtin"
    context_length = 4096

    def __init__(self, answer: str, least: float = 0.95) -> None:
        self.answer, self.least, self.grammars, self.requests, self.prompts = answer, least, [], 0, []

    def count_prompt_tokens(self, messages):
        return sum(len(m["content"]) for m in messages) // 4

    def count_tokens(self, text):
        return len(text) // 4

    def stream(self, messages, *, reference=None, max_new_tokens=0, temperature=0.0, cancel=None, grammar=None, **_):
        from specdraft.engine.interface import DraftStats

        self.requests += 1
        if grammar is not None:
            self.grammars.append(grammar)
            self.prompts.append(messages[-1]["content"])
            text = self.answer
        else:
            text = reference or ""
        yield text
        yield DraftStats(model=self.name, backend="local", finish_reason="stop", prompt_tokens=10,
                         new_tokens=5, least_token_prob=self.least)  # fmt: skip


@pytest.fixture
def repo(tmp_path, monkeypatch):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "geo.py").write_text(SOURCE)
    return tmp_path


def _draft(repo, backend, instruction="call area surface", **options):
    from specdraft.drafting.requests import EditRequester, read_sources

    said = []
    requester = EditRequester(backend, repo, read=False, on_progress=lambda e, p: said.append(p) if e == "kept" else None, **options)
    return requester.draft(instruction, read_sources(repo, ["geo.py"])), said


def test_an_operation_the_model_reads_is_made_and_credited_to_it(repo):
    backend = FakeLocal('[{"kind":"rename","old":"area","new":"surface"}]')
    draft, said = _draft(repo, backend)
    assert draft.operation is not None and draft.operation.origin == "model"
    assert draft.made_by == "rename `area` -> `surface`, an operation by fake-builtin"
    assert draft.drafter == "fake-builtin (operations)"
    assert "def surface(" in draft.result.files[0].new_text
    assert len(backend.grammars) == 1 and '"\\"area\\""' in backend.grammars[0]
    assert draft.stats and draft.summary().startswith("rename `area` -> `surface`, an operation by fake-builtin: ")


@pytest.mark.parametrize("answer, least, why, instruction", [
    ("[]", 0.9, "read no operation", "call area surface"),
    ('[{"kind":"rename","old":"area","new":"surface"}]', 0.2, "not sure of it", "call area surface"),
    ('[{"kind":"rename","old":"area","new":"surface"}]', 0.85, "not sure of it", "call area surface"),  # under the bar
    ('[{"kind":"set_value","target":"LIMIT","value":"10"}]', 0.9, "does not fit", "LIMIT is 10"),  # changes nothing
    ("[{", 0.9, "do not read", "call area surface"),
    # sure, but what it writes is in no word of the instruction: made up, not read
    ('[{"kind":"rename","old":"area","new":"size"}]', 0.99, "its new `size` is not in the instruction", "call area surface"),
    ('[{"kind":"set_value","target":"LIMIT","value":"20"}]', 0.99, "its value `20` is not in", "double the limit"),
    ('[{"kind":"set_value","target":"NAME","value":"False"}]', 0.99, "its value `False` is not in", "leave the name off"),
])  # fmt: skip
def test_no_operation_an_unsure_or_unfitting_one_leaves_the_text_edit_to_the_model(repo, answer, least, why, instruction):
    backend = FakeLocal(answer, least)
    draft, said = _draft(repo, backend, instruction)
    assert draft.operation is None
    assert backend.requests == 2  # the reading, then the text edit
    assert any(why in line for line in said), said


def test_show_unsure_shows_an_unsure_operation(repo):
    draft, _ = _draft(repo, FakeLocal('[{"kind":"rename","old":"area","new":"surface"}]', 0.2), show_unsure=True)
    assert draft.operation is not None
    draft, _ = _draft(repo, FakeLocal('[{"kind":"rename","old":"area","new":"size"}]'), show_unsure=True)
    assert draft.operation is not None  # made up: shown anyway


@pytest.mark.parametrize("answer, instruction", [
    ('[{"kind":"set_value","target":"NAME","value":"\\"solids\\""}]', "NAME should say solids"),  # a string, its quotes not said
    ('[{"kind":"set_value","target":"LIMIT","value":"False"}]', "set LIMIT to false"),  # True/False/None in any case
    ('[{"kind":"add_docstring","target":"area","text":"The area of a   rectangle."}]', "area: The area of a rectangle."),
    ('[{"kind":"add_parameter","function":"area","name":"depth","default":"1.5"}]', "area takes `depth=1.5` now"),
])  # fmt: skip
def test_what_the_instruction_says_counts_as_said_however_it_is_written(repo, answer, instruction):
    draft, said = _draft(repo, FakeLocal(answer), instruction)
    assert draft.operation is not None, said


def test_operations_off_never_asks_the_model_to_read(repo):
    backend = FakeLocal('[{"kind":"rename","old":"area","new":"surface"}]')
    draft, _ = _draft(repo, backend, operations=False)
    assert draft.operation is None and backend.grammars == []


def test_the_answer_text_is_compact_json_in_the_grammar_field_order():
    op = from_json({"kind": "rename", "new": "b", "scope": "f", "old": "a", "path": "x.py"})
    assert answer_text([op]) == '[{"kind":"rename","old":"a","scope":"f","new":"b"}]'
    assert json.loads(answer_text([])) == []


def test_a_note_on_the_model_s_operation_goes_back_to_it_with_the_answer_it_rejected(repo):
    from specdraft.drafting.requests import EditRequester, read_sources

    backend = FakeLocal('[{"kind":"rename","old":"area","new":"surface"}]')
    requester = EditRequester(backend, repo, read=False)
    sources = read_sources(repo, ["geo.py"])
    first = requester.draft("call area surface", sources)
    assert first.operation is not None
    backend.answer = '[{"kind":"rename","old":"area","new":"extent"}]'
    feedback = "The reviewer's note: call it `extent`, not `surface`"
    again = requester.draft("call area surface", sources, feedback)
    assert again.operation is not None and "def extent(" in again.result.files[0].new_text
    asked = backend.prompts[-1]
    assert 'Rejected: [{"kind":"rename","old":"area","new":"surface"}]' in asked
    assert "Note: call it `extent`, not `surface`" in asked


def test_a_long_outline_keeps_what_the_instruction_names_within_its_budget():
    from specdraft.drafting.opreading import OUTLINE_CHARS

    functions = "\n\n".join(f"def step_{n}(value):\n    local_{n} = value\n    return local_{n}\n" for n in range(200))
    found = outline([("long.py", functions)])
    assert len(found.text) > OUTLINE_CHARS
    asked = reading_messages(found, "rename local_3 in step_3 to kept")[1]["content"]
    assert len(asked) <= OUTLINE_CHARS + 100
    assert "# locals: local_3" in asked and "# locals: local_150" not in asked
    assert ("local_150", "step_150") in found.renames  # the grammar still admits every name


def test_a_note_after_a_withheld_operation_does_not_send_the_operation_back(repo):
    from specdraft.drafting.requests import EditRequester, read_sources

    backend = FakeLocal('[{"kind":"rename","old":"area","new":"surface"}]', least=0.3)
    requester = EditRequester(backend, repo, read=False)
    sources = read_sources(repo, ["geo.py"])
    first = requester.draft("call area surface", sources)
    assert first.operation is None  # withheld: the reviewer saw the text edit
    requester.draft("call area surface", sources, "The reviewer's note: keep it")
    assert all("Rejected:" not in prompt for prompt in backend.prompts)


def test_a_note_on_a_reader_s_operation_goes_to_the_model_with_that_operation(repo):
    from specdraft.drafting.requests import EditRequester, read_sources

    backend = FakeLocal('[{"kind":"rename","old":"area","new":"extent"}]')
    requester = EditRequester(backend, repo, read=True)
    sources = read_sources(repo, ["geo.py"])
    first = requester.draft("rename `area` to `surface`", sources)
    assert first.operation is not None and first.operation.origin == "instruction"  # a reader read it
    assert backend.prompts == []
    again = requester.draft("rename `area` to `surface`", sources, "The reviewer's note: extent reads better to me")
    assert again.operation is not None and again.operation.origin == "model"
    assert 'Rejected: [{"kind":"rename","old":"area","new":"surface"}]' in backend.prompts[-1]
    assert "def extent(" in again.result.files[0].new_text
    # a note that names nothing: the name the model picks is its own, not read, and not made
    said: list[str] = []
    requester = EditRequester(backend, repo, read=True, on_progress=lambda event, payload: said.append(str(payload)))
    requester.draft("rename `area` to `surface`", sources)
    vague = requester.draft("rename `area` to `surface`", sources, "The reviewer's note: I'd want something else")
    assert vague.operation is None and any("its new `extent` is not in the instruction" in line for line in said), said


def test_the_operation_the_reviewer_rejected_answered_again_is_not_drafted(repo):
    from specdraft.drafting.requests import EditRequester, read_sources

    backend = FakeLocal('[{"kind":"rename","old":"area","new":"surface"}]')
    said = []
    requester = EditRequester(backend, repo, read=False, on_progress=lambda e, p: said.append(p) if e == "kept" else None)
    sources = read_sources(repo, ["geo.py"])
    assert requester.draft("call area surface", sources).operation is not None
    again = requester.draft("call area surface", sources, "The reviewer's note: call it `extent`")
    assert again.operation is None
    assert any("the operation the reviewer rejected, answered again" in line for line in said), said


def test_an_outline_too_long_for_the_window_is_shortened_until_the_reading_fits(repo):
    from specdraft.drafting.opreading import OUTLINE_CHARS

    functions = "\n\n".join(f"def step_{n}(value):\n    local_{n} = value\n    return local_{n}\n" for n in range(200))
    (repo / "geo.py").write_text(functions)
    backend = FakeLocal('[{"kind":"rename","old":"step_3","new":"first"}]')
    backend.context_length = 256 + OUTLINE_CHARS // 4  # the whole budget's outline does not fit, a shorter one does
    draft, said = _draft(repo, backend, instruction="rename step_3 to first")
    assert draft.operation is not None and "def first(" in draft.result.files[0].new_text
    assert len(backend.prompts[-1]) < OUTLINE_CHARS
    backend.context_length = 300  # no outline fits: the text edit, said why
    draft, said = _draft(repo, backend, instruction="rename step_3 to first")
    assert draft.operation is None and any("prompt does not fit" in line for line in said), said
