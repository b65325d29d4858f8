"""Instructions for synthetic edits, from a phrasing grammar: an edit described as data, in many words.

The edit generator (editdata.py) describes each edit it makes as an `EditSpec` (the kind; the name
and its role; the new name; the enclosing function or class; old and new values; the parameter,
statement, exception or import). `instruction(spec, rng)` turns it into an instruction the way
people type one: a sentence shape of the edit's family (imperative, "x -> y", "x should be called
y", "B instead of A", ...), a verb of that family, names with or without backticks, `()`, their
role and a scope ("everywhere", "in `f`", "inside class C"), literals quoted or bare, "raise /
lower / double / halve / bump / set ... to" only where the numbers agree, a politeness wrapper
("please ...", "can you ...?"), sentence or lower case, trailing punctuation or none. Every
choice comes from the rng the caller passes.

A fixed part of the grammar is held out: the shapes, verbs and wrappers flagged `heldout` below
(stable, by name, not random per run). Training instructions never use them; `heldout=True`
makes instructions that use at least one of them, to measure how the models generalise to
phrasings they never saw (tests/app/training/test_phrasing.py checks both).
"""

from __future__ import annotations

import ast
import random
import re
import string
from collections.abc import Callable
from dataclasses import asdict, dataclass

# ---------------------------------------------------------------------------------------------
# what an edit does


@dataclass(frozen=True)
class EditSpec:
    """An edit as data; which fields matter depends on the kind (see editdata's edit functions)."""

    kind: str
    name: str = ""  # the name edited, or the function / class the edit is in
    role: str = ""  # function, method, class, variable, parameter, constant, attribute
    new_name: str = ""
    scope: str = ""  # the enclosing function or class that bounds the edit, or holds the name
    scope_role: str = ""  # "function", "method" or "class"
    scope_needed: bool = False  # the name also occurs outside `scope`: the instruction must say where
    uses: int = 0  # references besides the definition that the edit changes too
    calls: int = 0  # of which call sites (keyword arguments, for a parameter)
    param: str = ""  # the parameter added, removed, given a default or a type
    param_text: str = ""  # the parameter as written: `verbose=False`, `verbose: bool = False`
    old: str = ""  # old value, statement, annotation or comparison (source text)
    new: str = ""  # new value, statement, annotation, comparison, docstring text or import line
    anchor: str = ""  # insert_statement: the line the statement goes after
    exception: str = ""  # wrap_try
    handler: str = ""  # wrap_try: "pass" or "return None"
    module: str = ""  # add_import
    names: tuple[str, ...] = ()  # add_import: the names a from-import adds
    hints: tuple[tuple[str, str], ...] = ()  # add_type_hint: (parameter or "return", annotation)

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v not in ("", 0, (), False) or k == "kind"}


@dataclass(frozen=True)
class Phrase:
    """An instruction and the parts of the grammar it was made from."""

    text: str
    shape: str  # family.shape id
    verbs: tuple[str, ...]  # the verbs used (family.field.word)
    wrapper: str
    heldout: bool  # uses a held-out shape, verb or wrapper


# ---------------------------------------------------------------------------------------------
# the grammar: shapes per family, verbs per family and field, wrappers


@dataclass(frozen=True)
class Shape:
    """A sentence shape: a template over the slots of its family. `imperative` shapes start with
    a verb and take a wrapper ("please ...", "can you ...?"); the others stand alone."""

    id: str
    template: str
    heldout: bool = False
    imperative: bool = True

    @property
    def fields(self) -> frozenset[str]:
        return frozenset(f for _, f, _, _ in string.Formatter().parse(self.template) if f)


@dataclass(frozen=True)
class Verb:
    word: str
    prep: str = "to"  # what joins the thing to its new value: "rename x to y", "replace x with y"
    heldout: bool = False


def S(id: str, template: str, heldout: bool = False, imperative: bool = True) -> Shape:  # noqa: N802
    return Shape(id, template, heldout, imperative)


def T(id: str, template: str, heldout: bool = False) -> Shape:  # noqa: N802
    """A shape that is not an imperative (terse "x -> y", "x should be y"): no wrapper."""
    return Shape(id, template, heldout, False)


H = True  # held out

SHAPES: dict[str, list[Shape]] = {
    "rename": [
        S("verb_to", "{verb} {what} {to} {new}{scope}"),
        S("verb_arrow", "{verb} {what} -> {new}{scope}"),
        T("arrow", "{old} -> {new}{scope}"),
        T("fat_arrow", "{old} => {new}{scope}"),
        T("in_prefix", "{in_scope}, {verb} {what} {to} {new}"),
        S("name_of", "change the name of {what} to {new}{scope}"),
        T("should_be_called", "{what} should be called {new}{scope}"),
        S("call_it", "call {what} {new} instead{scope}"),
        T("instead", "{new} instead of {old}{scope}"),
        S("use_name", "use the name {new} instead of {old}{scope}"),
        S("and_update", "{verb} {what} {to} {new} and update {refs}"),
        T("colon", "{what}: {verb} {to} {new}{scope}"),
        S("give", "give {what} the name {new}{scope}"),
        T("want", "i want {what} renamed to {new}{scope}"),
        T("needs", "{what} needs to be renamed to {new}{scope}"),
        T("better_name", "{new} is a better name for {what}{scope}", H),
        T("sed", "s/{old_plain}/{new_plain}/{g}", H),
        T("badly_named", "{what} is badly named, {verb} it {to} {new}{scope}", H),
        T("rather", "rather than {old}, call it {new}{scope}", H),
        T("go_with", "go with {new} for {what}{scope}"),
        S("take_rename", "take {what} and rename it {new}{scope}"),
    ],
    "literal": [
        S("verb_to", "{verb} {old} {to} {new}{scope}"),
        S("literal", "{verb} the literal {old} {to} {new}{scope}"),
        S("value", "{verb} the value {old} {to} {new}{scope}"),
        T("arrow", "{old} -> {new}{scope}"),
        T("fat_arrow", "{old} => {new}{scope}"),
        T("instead", "{new} instead of {old}{scope}"),
        S("use_instead", "use {new} instead of {old}{scope}"),
        T("in_line", "in the line {line}, {verb} {old} {to} {new}"),
        T("in_prefix", "{in_scope}, {verb} {old} {to} {new}"),
        T("should_be", "{old} should be {new}{scope}"),
        S("up", "{verb_up} {old} to {new}{scope}"),
        S("down", "{verb_down} {old} to {new}{scope}"),
        S("double", "double {old}{x2} (to {new}){scope}"),
        S("halve", "halve {old}{half} (to {new}){scope}"),
        S("make_it", "make it {new} rather than {old}{scope}", H),
        T("where_it_says", "where it says {old}, put {new}{scope}", H),
        T("not_but", "not {old} but {new}{scope}", H),
    ],
    "constant": [
        S("verb_to", "{verb} {what} {to} {new}"),
        S("from_to", "{verb} {what} from {old} {to} {new}"),
        S("up", "{verb_up} {what} to {new}"),
        S("up_from", "{verb_up} {what} from {old} to {new}"),
        S("down", "{verb_down} {what} to {new}"),
        S("down_from", "{verb_down} {what} from {old} to {new}"),
        S("up_by", "{verb_up} {what} by {delta}"),
        S("down_by", "{verb_down} {what} by {delta}"),
        S("double", "double {what}{x2}"),
        S("halve", "halve {what}{half}"),
        T("assign", "{assign}"),
        T("arrow", "{what}: {old} -> {new}"),
        T("fat_arrow", "{what} {old} => {new}"),
        T("should_be", "{what} should be {new}"),
        T("instead", "{what}: {new} instead of {old}"),
        S("use_for", "use {new} for {what}"),
        S("value_of", "{verb} the value of {what} {to} {new}"),
        S("make", "make {what} {new}"),
        T("needs_to_be", "{what} needs to be {new}", H),
        T("rather", "{new} rather than {old} for {what}", H),
        T("want_at", "i want {what} at {new}", H),
    ],
    "default": [
        S("make_default", "make {param} default to {new}{in_func}"),
        S("make_func", "make {func} default {param} to {new}"),
        S("by_default", "make {func} use {param_new} by default"),
        S("set_default", "{verb} the default of {param}{in_func} {to} {new}"),
        S("default_value", "{verb} the default value of {param}{in_func} from {old} {to} {new}"),
        T("should_default", "{param} should default to {new}{in_func}"),
        T("arrow", "{param_old} -> {param_new}{in_func}"),
        S("default_arrow", "default {pname} {old} -> {new}{in_func}"),
        S("up", "{verb_up} the default {pname}{in_func} to {new}"),
        S("down", "{verb_down} the default {pname}{in_func} to {new}"),
        S("double", "double the default {pname}{in_func}{x2}"),
        S("instead", "default {pname} to {new} instead of {old}{in_func}"),
        S("enable", "enable {param} by default{in_func}{on}"),
        S("disable", "disable {param} by default{in_func}{off}"),
        T("func_colon", "{func}: default {pname} to {new}"),
        T("by_default_be", "by default {param} should be {new}{in_func}", H),
        S("have", "have {param} default to {new}{in_func}", H),
        S("make_it", "make the default for {param}{in_func} {new}"),
        T("should_take", "{func} should take {param_new} by default", H),
    ],
    "add_parameter": [
        S("verb_to", "{verb} {param_code} {to} {func}"),
        S("a_param", "{verb} {a_pword} {param_code} {to} {func}"),
        S("with_default", "{verb} {a_pword} {param_name} {to} {func} with default {default}"),
        S("defaulting", "{verb} {a_pword} {param_name} (default {default}) {to} {func}"),
        S("give", "give {func} {a_new_pword} {param_code}"),
        S("last", "{verb} {param_code} as the last {pword} of {func}"),
        T("should_take", "{func} should take {a_pword} {param_code}"),
        T("needs", "{func} needs {a_pword} {param_code}"),
        T("colon", "{func}: {verb} {param_code}"),
        T("new_param", "new {pword} {param_code} on {func}"),
        S("add_to_sig", "{verb} {param_code} {to} the signature of {func}"),
        S("accept", "let {func} accept {param_code}", H),
        S("let_take", "let {func} take {a_pword} {param_code}"),
        T("sig", "{func_bare}(..., {param_plain})", H),
        S("extend", "extend {func} with {a_pword} {param_code}", H),
    ],
    "remove_parameter": [
        S("verb_from", "{verb} the {pword} {param_name} {to} {func}"),
        S("unused", "{verb} the unused {pword} {param_name} {to} {func}"),
        S("verb_of", "{verb} {func_s} {param_name} {pword}"),
        T("no_need", "{func} doesn't need {param_name} anymore"),
        T("colon", "{func}: {verb} {param_name}"),
        T("should_not_take", "{func} should not take {param_name}"),
        S("and_calls", "{verb} {param_name} {to} {func} and from its call sites{calls}"),
        T("is_unused", "{param_name} is unused in {func}, {verb} it"),
        S("verb_bare", "{verb} {param_name} {to} {func}"),
        S("take_out", "take {param_name} out of the signature of {func}", H),
        T("no_more", "no more {param_name} {pword} in {func}", H),
    ],
    "add_docstring": [
        S("verb_to", "{verb} a docstring {to} {what}: {doc_bare}"),
        S("the_doc", "{verb} the docstring {doc} {to} {what}"),
        S("document_as", "document {what} as {doc}"),
        S("document_colon", "document {what}: {doc_bare}"),
        S("give", "give {what} the docstring {doc}"),
        S("one_line", "{verb} a one-line docstring {to} {what} saying {doc}"),
        T("colon", "{what}: docstring {doc}"),
        T("needs", "{what} needs a docstring: {doc_bare}"),
        T("docstring_for", "docstring for {what}: {doc_bare}"),
        S("with_text", "{verb} a docstring {to} {what} with the text {doc}"),
        S("describe", "describe {what} in a docstring: {doc_bare}", H),
        S("write_as", "write {doc} as the docstring of {what}", H),
        T("should_say", "{what}'s docstring should say {doc}", H),
    ],
    "remove_docstring": [
        S("verb_doc", "{verb} the docstring {to} {what}"),
        S("verb_s", "{verb} {what_s} docstring"),
        T("no_need", "{what} doesn't need a docstring"),
        T("should_have_none", "{what} should have no docstring"),
        T("colon", "{what}: {verb} the docstring"),
        T("terse", "no docstring on {what}"),
        S("without", "leave {what} without a docstring"),
        S("get_rid", "get rid of the docstring of {what}", H),
        T("is_noise", "the docstring of {what} is noise, {verb} it", H),
    ],
    "add_type_hint": [
        S("annotate", "{verb} {param} {as_} {hint}{in_func}"),
        S("add_hint", "add the type hint {hint} to {param}{in_func}"),
        S("add_a_hint", "add {a_hint} type hint to {param}{in_func}"),
        T("should_be_typed", "{param} should be typed {hint}{in_func}"),
        T("param_hint", "{param_hint}{in_func_colon}"),
        S("type_as", "type {param} as {hint}{in_func}"),
        S("return_annotate", "annotate {func} as returning {ret}"),
        S("return_add", "add the return type {ret} to {func}"),
        S("return_annotation", "add the return annotation {arrow_ret} to {func}"),
        T("returns", "{func} returns {ret}, annotate it"),
        S("hints_to", "add type hints to {func}: {hints_list}"),
        S("annotate_all", "{verb} {func}: {hints_list}"),
        T("return_colon", "return type of {func}: {ret}", H),
        S("declare", "declare {param} as {hint}{in_func}", H),
        S("hint_with", "hint {param} with {hint}{in_func}", H),
    ],
    "change_type_hint": [
        S("change", "{verb} the type hint of {param}{in_func} from {old} {to} {new}"),
        S("change_short", "{verb} the annotation of {param}{in_func} {to} {new}"),
        T("not", "{param} should be {new}, not {old}{in_func}"),
        T("arrow", "{param}: {old} -> {new}{in_func}"),
        S("annotate_instead", "annotate {param} as {new} instead of {old}{in_func}"),
        S("return_change", "{verb} the return type of {func} {to} {new}"),
        T("returns_not", "{func} returns {ret_new}, not {ret_old}"),
        T("return_arrow", "return type of {func}: {ret_old} -> {ret_new}"),
        S("type_as", "type {param} as {new}{in_func}"),
        T("is_really", "{param} is really {a_new}{in_func}, fix the hint", H),
        S("retype", "retype {param} from {old} to {new}{in_func}", H),
    ],
    "wrap_try": [
        S("wrap", "{verb} {stmt} in {try_block}{handler}{in_func}"),
        S("catch_around", "catch {exc} around {stmt}{handler}{in_func}"),
        S("catch_from", "catch {exc} from {stmt}{handler}"),
        S("ignore", "ignore {exc} raised by {stmt}{ignore}{in_func}"),
        T("terse", "try/except {exc} around {stmt}{handler}"),
        T("if_raises", "if {stmt} raises {exc}, {handler_clause}"),
        S("handle", "handle {exc} in {stmt}{handler}{in_func}"),
        T("in_prefix", "{in_scope}, {verb} {stmt} in {try_block}{handler}"),
        S("return_none", "return None if {stmt} raises {exc}{ret_none}{in_func}"),
        S("guard", "guard {stmt} against {exc}{handler}", H),
        S("swallow", "swallow the {exc} from {stmt}{ignore}", H),
        T("may_raise", "{stmt} may raise {exc}: {handler_clause}", H),
    ],
    "add_import": [
        S("verb", "{verb} {import_code}"),
        S("import_of", "{verb} an import of {module}{straight}"),
        S("import_for", "{verb} an import for {name} from {module}"),
        T("import", "import {module}{straight}"),
        S("import_from", "import {name} from {module}"),
        T("need", "we need {import_code}"),
        T("missing", "{import_code} is missing"),
        S("missing_import", "add the missing import of {name_or_module}"),
        S("at_top", "{verb} {import_code} at the top"),
        S("to_imports", "{verb} {import_code} {to} the imports"),
        T("needs_importing", "{name_or_module} needs to be imported{from_module}"),
        T("forgot", "you forgot to import {name_or_module}{from_module}", H),
        S("bring_in", "bring in {name_or_module}{from_module}", H),
        S("pull_in", "pull in {name_or_module}{from_module}"),
    ],
    "insert_statement": [
        T("after_verb", "{after_cap} {anchor}, {verb} {stmt}"),
        S("verb_after", "{verb} {stmt} {after} {anchor}{in_func}"),
        S("line_after", "{verb} the line {stmt} {after} the line {anchor}"),
        T("in_prefix", "{in_scope}, {verb} {stmt} {after} {anchor}"),
        T("new_line", "new line {after} {anchor}: {stmt}"),
        S("statement", "{verb} the statement {stmt} {after} {anchor}"),
        T("then", "{anchor} -> then {stmt}"),
        T("should_follow", "{anchor} should be followed by {stmt}", H),
        S("follow", "follow {anchor} with {stmt}", H),
    ],
    "delete_statement": [
        S("verb", "{verb} {stmt}{in_func}"),
        S("line", "{verb} the line {stmt}{in_func}"),
        S("statement", "{verb} the statement {stmt}{in_func}"),
        T("not_needed", "{stmt} is not needed{in_func}, {verb} it"),
        T("dont_need", "we don't need {stmt}{in_func} anymore"),
        T("in_prefix", "{in_scope}, {verb} {stmt}"),
        T("colon", "{func}: {verb} {stmt}"),
        S("take_out", "take out {stmt}{in_func}", H),
        T("shouldnt_be", "{stmt} shouldn't be there{in_func}", H),
    ],
    "swap_comparison": [
        S("verb_to", "{verb} {old} {to} {new}{in_func}"),
        T("use_op", "in {old}, use {new_op} instead of {op}"),
        T("instead", "{new} instead of {old}{in_func}"),
        T("arrow", "{old} -> {new}{in_func}"),
        T("should_be", "the condition {old} should be {new}{in_func}"),
        S("condition", "{verb} the condition {old} {to} {new}{in_func}"),
        S("op_in", "{verb} {op} {to} {new_op} in {old}"),
        T("should_read", "{old} should read {new}{in_func}"),
        S("use_op_in", "use {new_op} in {old}{in_func}"),
        S("make_read", "make {old} read {new}{in_func}"),
        S("flip", "flip {old} to {new}", H),
        S("negate_op", "make the {op} in {old} {a_new_op}", H),
    ],
}

VERBS: dict[str, dict[str, list[Verb]]] = {
    "rename": {"verb": [Verb("rename"), Verb("change"), Verb("replace", "with", H)]},
    "literal": {
        "verb": [Verb("change"), Verb("replace", "with"), Verb("update"), Verb("switch", heldout=H)],
        "verb_up": [Verb("raise"), Verb("increase"), Verb("bump"), Verb("push"), Verb("up", heldout=H)],
        "verb_down": [Verb("lower"), Verb("decrease"), Verb("reduce"), Verb("cut"), Verb("drop", heldout=H)],
    },
    "constant": {
        "verb": [Verb("set"), Verb("change"), Verb("update"), Verb("switch", heldout=H)],
        "verb_up": [Verb("raise"), Verb("increase"), Verb("bump"), Verb("push"), Verb("up", heldout=H)],
        "verb_down": [Verb("lower"), Verb("decrease"), Verb("reduce"), Verb("cut"), Verb("drop", heldout=H)],
    },
    "default": {
        "verb": [Verb("set"), Verb("change"), Verb("update"), Verb("switch", heldout=H)],
        "verb_up": [Verb("raise"), Verb("increase"), Verb("bump"), Verb("push"), Verb("up", heldout=H)],
        "verb_down": [Verb("lower"), Verb("decrease"), Verb("reduce"), Verb("cut"), Verb("drop", heldout=H)],
    },
    "add_parameter": {"verb": [Verb("add"), Verb("append"), Verb("tack on", heldout=H)]},
    "remove_parameter": {"verb": [Verb("remove", "from"), Verb("drop", "from"), Verb("delete", "from"), Verb("get rid of", "from"),
                                  Verb("strip", "from", H)]},  # fmt: skip
    "add_docstring": {"verb": [Verb("add"), Verb("put", "on"), Verb("attach", "to", H)]},
    "remove_docstring": {"verb": [Verb("remove", "of"), Verb("delete", "from"), Verb("drop", "from"),
                                  Verb("strip", "from", H)]},  # fmt: skip
    "add_type_hint": {"verb": [Verb("annotate", "as"), Verb("type", "as"), Verb("mark", "as", H)]},
    "change_type_hint": {"verb": [Verb("change"), Verb("update"), Verb("switch", heldout=H)]},
    "wrap_try": {"verb": [Verb("wrap", "in"), Verb("put", "in"), Verb("enclose", "in", H)]},
    "add_import": {"verb": [Verb("add"), Verb("insert", "into"), Verb("include", "in", H)]},
    "insert_statement": {"verb": [Verb("insert"), Verb("add"), Verb("put"), Verb("place", heldout=H)]},
    "delete_statement": {"verb": [Verb("delete"), Verb("remove"), Verb("drop"), Verb("kill", heldout=H)]},
    "swap_comparison": {"verb": [Verb("change"), Verb("replace", "with"), Verb("turn", "into"),
                                 Verb("switch", heldout=H)]},  # fmt: skip
}


@dataclass(frozen=True)
class Wrapper:
    id: str
    template: str
    weight: float
    question: bool = False
    heldout: bool = False


WRAPPERS = [
    Wrapper("plain", "{s}", 10),
    Wrapper("please", "please {s}", 3),
    Wrapper("please_end", "{s}, please", 1),
    Wrapper("can_you", "can you {s}", 2, question=True),
    Wrapper("could_you", "could you {s}", 1.5, question=True),
    Wrapper("pls", "pls {s}", 0.7),
    Wrapper("i_want", "i want you to {s}", 0.7),
    Wrapper("need_to", "need to {s}", 0.5),
    Wrapper("lets", "let's {s}", 0.7),
    Wrapper("go_ahead", "go ahead and {s}", 0.5),
    Wrapper("quick", "quick one: {s}", 0.4),
    Wrapper("todo", "todo: {s}", 0.4),
    Wrapper("would_you", "would you {s}", 1, question=True, heldout=H),
    Wrapper("id_like", "i'd like you to {s}", 1, heldout=H),
    Wrapper("kindly", "kindly {s}", 1, heldout=H),
]

KIND_FAMILY = {
    "rename_function": "rename", "rename_method": "rename", "rename_class": "rename",
    "rename_variable": "rename", "rename_parameter": "rename", "rename_constant": "rename",
    "rename_attribute": "rename", "change_literal": "literal", "change_constant": "constant",
    "change_default": "default", "add_parameter": "add_parameter", "remove_parameter": "remove_parameter",
    "add_docstring": "add_docstring", "remove_docstring": "remove_docstring", "add_type_hint": "add_type_hint",
    "change_type_hint": "change_type_hint", "wrap_try": "wrap_try", "add_import": "add_import",
    "insert_statement": "insert_statement", "delete_statement": "delete_statement",
    "swap_comparison": "swap_comparison",
}  # fmt: skip


# ---------------------------------------------------------------------------------------------
# style: how names, code and values are written in one instruction

USER = "\x00"  # marks text that comes from the code (a name, a value): it is never re-cased


@dataclass(frozen=True)
class Style:
    quote: str  # around names: "`", "", "'" or '"'
    code_quote: str  # around code (statements, expressions, imports): "`" or ""
    parens: bool  # callables written `f()`
    sentence_case: bool
    end: str  # ".", "" or "!"

    @classmethod
    def draw(cls, rng: random.Random) -> Style:
        quote = rng.choices(["`", "", "'", '"'], [55, 35, 5, 5])[0]
        code_quote = "`" if rng.random() < (0.85 if quote else 0.6) else ""
        return cls(quote, code_quote, rng.random() < 0.3, rng.random() < 0.6, rng.choices([".", "", "!"], [45, 50, 5])[0])

    def name(self, text: str) -> str:
        return f"{USER}{self.quote}{text}{self.quote}"

    def code(self, text: str) -> str:
        return f"{USER}{self.code_quote}{text}{self.code_quote}"

    def callable(self, name: str, role: str) -> str:
        return self.name(name + "()" if self.parens and role in ("function", "method") else name)


def _value(text: str, st: Style, rng: random.Random) -> str:
    """A literal as written in an instruction: its source text bare or in backticks; a string in
    the other quotes now and then, or its words alone where they cannot be read as a name."""
    if text[:1] in "'\"" and len(text) > 2 and rng.random() < 0.15:
        inner = text[1:-1]
        if " " in inner.strip() and rng.random() < 0.5:
            return f"{USER}{inner}"
        other = '"' if text[0] == "'" else "'"
        if other not in inner:
            return f"{USER}{other}{inner}{other}"
    return f"{USER}`{text}`" if rng.random() < (0.4 if st.code_quote else 0.1) else f"{USER}{text}"


def _number(text: str) -> float | None:
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


ROLE_WORDS = {
    "function": ["function", "function", "func"],
    "method": ["method"],
    "class": ["class"],
    "variable": ["variable", "variable", "var", "local variable", "local"],
    "global": ["variable", "global", "module variable"],
    "parameter": ["parameter", "parameter", "param", "argument", "arg"],
    "constant": ["constant", "constant", "module constant"],
    "attribute": ["attribute", "attribute", "attr", "field", "instance attribute"],
}


def _mentions(display: str, role: str, rng: random.Random, bare_share: int = 2) -> list[str]:
    """Ways to mention a name: alone, or with its role before or after it."""
    words = ROLE_WORDS.get(role, [role])
    out = [display] * bare_share
    out += [f"the {rng.choice(words)} {display}", f"the {rng.choice(words)} {display}", f"{rng.choice(words)} {display}",
            f"the {display} {rng.choice(words)}"]  # fmt: skip
    return out


def _func_mentions(spec_name: str, role: str, scope: str, needed: bool, st: Style, rng: random.Random) -> list[str]:
    """Ways to name the function (or class) an edit is in; with its class where `needed`."""
    role = role or "function"
    if role == "method" and scope:
        qualified = [st.name(f"{scope}.{spec_name}"), f"the method {st.callable(spec_name, role)} of {st.name(scope)}",
                     f"{st.callable(spec_name, role)} in class {st.name(scope)}",
                     f"{st.callable(spec_name, role)} in {st.name(scope)}"]  # fmt: skip
        if needed:
            return qualified
        return _mentions(st.callable(spec_name, role), role, rng) + qualified[:1]
    return _mentions(st.callable(spec_name, role), role, rng)


def _in_scope(scope: str, scope_role: str, st: Style, rng: random.Random) -> list[str]:
    """Prefix scope phrases: "in `f`", "inside class C" (no comma)."""
    if scope_role == "class":
        return [f"in class {st.name(scope)}", f"inside class {st.name(scope)}", f"in {st.name(scope)}",
                f"in the {st.name(scope)} class"]  # fmt: skip
    f = st.callable(scope, scope_role or "function")
    word = "method" if scope_role == "method" else "function"
    return [f"in {f}", f"in {f}", f"inside {f}", f"within {f}", f"in the {word} {f}", f"in the body of {f}"]


# ---------------------------------------------------------------------------------------------
# slots per family: name -> alternatives; VERB marks a verb field (its words come from VERBS)

def _possessive(slots: Slots, field: str, mentions: list[str]) -> None:
    """`f`'s, f's: not after a closing quote ('f''s), where the field is left out."""
    found = [f"{m}'s" for m in mentions if not m.endswith(("'", '"'))]
    if found:
        slots[field] = found


VERB = ["\x01verb"]
MARK = [""]  # a condition met: the field writes nothing ("double {what}{x2}" where new == 2 * old)
Slots = dict[str, list[str]]


def _rename_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    role = spec.role
    if role == "attribute" and rng.random() < 0.4:
        old, new = st.name(f"self.{spec.name}"), st.name(f"self.{spec.new_name}")
        what = [old, old, f"the attribute {old}"]
    else:
        old, new = st.callable(spec.name, role), st.callable(spec.new_name, role)
        what = _mentions(old, "global" if role == "variable" and not spec.scope else role, rng)
    slots: Slots = {"verb": VERB, "what": what, "old": [old], "new": [new]}
    scoped = bool(spec.scope) and role in ("variable", "parameter")
    scope: list[str] = []
    scoped_phrases: list[str] = []  # those that say where
    if spec.scope:
        inside = _in_scope(spec.scope, spec.scope_role, st, rng)
        slots["in_scope"] = inside
        scoped_phrases = [" " + phrase for phrase in inside]
        if spec.scope_role == "class" and role == "attribute":
            scoped_phrases += [f" everywhere in {st.name(spec.scope)}"]
        scope += scoped_phrases
    if not scoped:
        scope += [" everywhere", " everywhere", " throughout the module", " throughout the file", " across the file",
                  " in the whole file", " (definition and all uses)"]  # fmt: skip
        if spec.uses:
            scope += [" and all its uses", " and every use", " and update the references"]
    if spec.calls and role in ("function", "method", "class"):
        scope += [" and all its call sites", " and its callers", " including the call sites"]
        slots["refs"] = ["all references", "its callers", "every call site", "the call sites", "all uses"]
    elif spec.uses:
        slots["refs"] = ["all references", "all uses", "every use"]
    if role == "parameter" and spec.calls:
        scope += [" (and the keyword at the call sites)", " including callers that pass it by keyword"]
    required = []
    if spec.scope_needed:
        required.append({"scope", "in_scope"})
        slots["scope"] = scoped_phrases
    else:
        slots["scope"] = [""] * max(2, len(scope) // 2) + scope
    if not spec.scope_needed:
        slots["old_plain"], slots["new_plain"] = [USER + spec.name], [USER + spec.new_name]
        slots["g"] = ["g", ""]
    return slots, required


def _value_slots(spec: EditSpec, st: Style, rng: random.Random) -> Slots:
    """old, new, and the number verbs where the values are numbers that agree with them."""
    slots: Slots = {"verb": VERB, "old": [_value(spec.old, st, rng)], "new": [_value(spec.new, st, rng)]}
    old, new = _number(spec.old), _number(spec.new)
    if old is not None and new is not None:
        if new > old:
            slots["verb_up"] = VERB
        elif new < old:
            slots["verb_down"] = VERB
        if old != 0 and new == 2 * old:
            slots["x2"] = MARK
        if new != 0 and old == 2 * new:
            slots["half"] = MARK
        if isinstance(old, int) and isinstance(new, int) and old != new:
            slots["delta"] = [f"{USER}{abs(new - old)}"]
    return slots


def _literal_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots = _value_slots(spec, st, rng)
    slots["scope"] = [""]
    if spec.scope:
        inside = _in_scope(spec.scope, spec.scope_role, st, rng)
        slots["in_scope"] = inside
        slots["scope"] += [""] + [" " + phrase for phrase in inside]
    if spec.anchor:  # the line the literal is on, when short
        slots["line"] = [st.code(spec.anchor) if st.code_quote else f"{USER}`{spec.anchor}`"]
    return slots, []


def _constant_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots = _value_slots(spec, st, rng)
    slots["what"] = _mentions(st.name(spec.name), "constant", rng)
    slots["assign"] = [f"{USER}`{spec.name} = {spec.new}`", f"{USER}{spec.name} = {spec.new}"]
    return slots, []


def _default_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots = _value_slots(spec, st, rng)
    func = _func_mentions(spec.name, spec.role, spec.scope, spec.scope_needed, st, rng)
    slots["func"] = func
    slots["param"] = _mentions(st.name(spec.param), "parameter", rng, 3)
    slots["pname"] = [st.name(spec.param)]
    slots["param_old"] = [st.code(f"{spec.param}={spec.old}")]
    slots["param_new"] = [st.code(f"{spec.param}={spec.new}")]
    in_func = [f" in {f}" for f in func] + [f" for {f}" for f in func[:2]]
    required = []
    if spec.scope_needed:
        slots["in_func"] = in_func
        required.append({"in_func", "func"})
    else:
        slots["in_func"] = [""] * len(in_func) + in_func
    if spec.old == "False" and spec.new == "True":
        slots["on"] = MARK
    if spec.old == "True" and spec.new == "False":
        slots["off"] = MARK
    return slots, required


def _add_parameter_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB}
    slots["func"] = _func_mentions(spec.name, spec.role, spec.scope, spec.scope_needed, st, rng)
    _possessive(slots, "func_s", slots["func"])
    slots["param_code"] = [st.code(spec.param_text)]
    slots["param_plain"] = [USER + spec.param_text]
    slots["func_bare"] = [USER + (f"{spec.scope}.{spec.name}" if spec.scope_needed else spec.name)]
    keyword = "=" in spec.param_text
    words = ["parameter", "param", "argument", "arg"] + (["keyword argument", "option"] if keyword else [])
    slots["pword"] = words
    slots["a_pword"] = [("an " if w[0] in "aeiou" else "a ") + w for w in words]
    slots["a_new_pword"] = [f"a new {w}" for w in words] + ["a new", "an extra"]
    if keyword and ":" not in spec.param_text:
        slots["param_name"] = [st.name(spec.param)]
        slots["default"] = [_value(spec.param_text.split("=", 1)[1], st, rng)]
    return slots, []


def _remove_parameter_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB}
    slots["func"] = _func_mentions(spec.name, spec.role, spec.scope, spec.scope_needed, st, rng)
    _possessive(slots, "func_s", slots["func"])
    slots["param_name"] = [st.name(spec.param)]
    slots["pword"] = ["parameter", "param", "argument", "arg"]
    if spec.calls:
        slots["calls"] = ["", f" ({spec.calls} of them)" if spec.calls > 1 else " (there is one)"]
    return slots, []


def _docstring_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB}
    role = spec.role or "function"
    if role == "class" or not spec.scope:
        what = _mentions(st.callable(spec.name, role), role, rng)
        if spec.scope_needed and spec.scope:
            what = [f"{w} in {st.name(spec.scope)}" for w in what]
    else:
        what = _func_mentions(spec.name, role, spec.scope, spec.scope_needed, st, rng)
    slots["what"] = what
    _possessive(slots, "what_s", what)
    if spec.kind == "add_docstring":
        text = spec.new
        slots["doc"] = [f'{USER}"{text}"', f'{USER}"{text}"', f'{USER}"""{text}"""', f"{USER}`{text}`"]
        slots["doc_bare"] = slots["doc"] + [USER + text]
    return slots, []


def _type_hint_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB}
    func = _func_mentions(spec.name, spec.role, spec.scope, spec.scope_needed, st, rng)
    slots["func"] = func
    in_func = [f" in {f}" for f in func]
    slots["in_func"] = in_func if spec.scope_needed else [""] * len(in_func) + in_func
    slots["in_func_colon"] = [f" ({f[1:]})" for f in in_func] + ([] if spec.scope_needed else [""] * len(in_func))
    required = [{"in_func", "in_func_colon", "func"}] if spec.scope_needed else []
    if spec.kind == "add_type_hint":
        hints = spec.hints
        if len(hints) == 1 and hints[0][0] != "return":
            param, hint = hints[0]
            slots["param"] = _mentions(st.name(param), "parameter", rng, 3)
            slots["hint"] = [st.code(hint)]
            slots["param_hint"] = [st.code(f"{param}: {hint}")]
            slots["a_hint"] = [("an " if hint[0] in "aeiou" else "a ") + st.code(hint)]
            slots["as_"] = ["as", "as", "with"]
        elif len(hints) == 1:
            slots["ret"] = [st.code(hints[0][1])]
            slots["arrow_ret"] = [st.code(f"-> {hints[0][1]}")]
        else:
            parts = [st.code(f"{p}: {h}") if p != "return" else st.code(f"-> {h}") for p, h in hints]
            joined = ", ".join(parts[:-1]) + " and " + parts[-1]
            slots["hints_list"] = [joined, ", ".join(parts)]
    else:
        old, new = st.code(spec.old), st.code(spec.new)
        if spec.param:
            slots.update(param=_mentions(st.name(spec.param), "parameter", rng, 3), old=[old], new=[new],
                         a_new=[("an " if spec.new[0] in "aeiou" else "a ") + new])  # fmt: skip
        else:
            slots.update(ret_old=[old], ret_new=[new], new=[new])
    return slots, required


def _wrap_try_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB}
    exc = spec.exception
    excs = [f"{USER}{exc}", f"{USER}`{exc}`"] if st.code_quote else [f"{USER}{exc}"]
    slots["exc"] = excs
    slots["stmt"] = [st.code(spec.old)]
    slots["try_block"] = [f"{t} {e}" for t in ("a try/except", "try/except", "a try-except for", "try/except") for e in excs]
    slots["try_block"] += [f"a try block that catches {e}" for e in excs] + [f"a try/except {e} that ignores the error" for e in excs] * (spec.handler == "pass")
    required = []
    if spec.handler == "pass":
        slots["handler"] = ["", "", " and ignore it", ": pass", " (pass)", " and ignore the error"]
        slots["handler_clause"] = ["ignore it", "pass", "ignore the error", "just pass"]
        slots["ignore"] = ["", " (just pass)"]
    else:
        slots["handler"] = [" and return None", " returning None on error", ", returning None", " (return None)"]
        slots["handler_clause"] = ["return None", "return None instead"]
        slots["ret_none"] = [""]
        required.append({"handler", "handler_clause", "ret_none"})
    if spec.name:
        inside = _in_scope(spec.name, spec.role or "function", st, rng)
        slots["in_scope"] = inside
        slots["in_func"] = [""] * len(inside) + [" " + phrase for phrase in inside]
    else:
        slots["in_func"] = [""]
    return slots, required


def _import_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB, "import_code": [st.code(spec.new)], "module": [st.name(spec.module)]}
    if spec.names:
        name = st.name(", ".join(spec.names))
        slots["name"] = [name]
        slots["name_or_module"] = [name]
        slots["from_module"] = [f" from {st.name(spec.module)}"]
    else:
        slots["straight"] = MARK
        slots["name_or_module"] = [st.name(spec.module)]
        slots["from_module"] = [""]
    return slots, []


def _insert_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB, "stmt": [st.code(spec.new)], "anchor": [st.code(spec.anchor)]}
    slots["after"] = ["after", "after", "right after", "just after", "below", "directly after"]
    slots["after_cap"] = ["after", "after", "right after", "just after", "below"]
    if spec.name:
        inside = _in_scope(spec.name, spec.role or "function", st, rng)
        slots["in_scope"] = inside
        slots["in_func"] = [""] * len(inside) + [" " + phrase for phrase in inside]
    else:
        slots["in_func"] = [""]
    return slots, []


def _delete_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    slots: Slots = {"verb": VERB, "stmt": [st.code(spec.old)]}
    if spec.name:
        inside = _in_scope(spec.name, spec.role or "function", st, rng)
        slots["in_scope"] = inside
        slots["in_func"] = [""] * len(inside) + [" " + phrase for phrase in inside]
        slots["func"] = [st.callable(spec.name, spec.role or "function")]
    else:
        slots["in_func"] = [""]
    return slots, []


def _swap_slots(spec: EditSpec, st: Style, rng: random.Random) -> tuple[Slots, list[set[str]]]:
    old_op, new_op = spec.param, spec.param_text
    slots: Slots = {"verb": VERB, "old": [st.code(spec.old)], "new": [st.code(spec.new)],
                    "op": [st.code(old_op)], "new_op": [st.code(new_op)]}  # fmt: skip
    slots["a_new_op"] = [f"an {st.code(new_op)}" if new_op[0] in "aeiou" else f"a {st.code(new_op)}"]
    if spec.name:
        inside = _in_scope(spec.name, spec.role or "function", st, rng)
        slots["in_func"] = [""] * len(inside) + [" " + phrase for phrase in inside]
    else:
        slots["in_func"] = [""]
    return slots, []


SLOT_MAKERS: dict[str, Callable[[EditSpec, Style, random.Random], tuple[Slots, list[set[str]]]]] = {
    "rename": _rename_slots, "literal": _literal_slots, "constant": _constant_slots, "default": _default_slots,
    "add_parameter": _add_parameter_slots, "remove_parameter": _remove_parameter_slots,
    "add_docstring": _docstring_slots, "remove_docstring": _docstring_slots, "add_type_hint": _type_hint_slots,
    "change_type_hint": _type_hint_slots, "wrap_try": _wrap_try_slots, "add_import": _import_slots,
    "insert_statement": _insert_slots, "delete_statement": _delete_slots, "swap_comparison": _swap_slots,
}  # fmt: skip


# ---------------------------------------------------------------------------------------------
# names told by what they mean: "the function that counts boiled kettles" for `count_boiled_kettles`

# Verbs a function's name often starts with; such a name can be told as "the function that <verb>s
# <the rest>". Others are told by their words only ("the kettle log class").
NAME_VERBS = frozenset(
    "add apply build calc calculate check clean compute convert count create draw fetch find format get "
    "handle load log make merge parse print read record remove render report reset save score send "
    "set sort split store sum total track update validate write".split()
)


def _third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _plural(word: str) -> str:
    return word if word.endswith("s") else _third_person(word)


def name_words(name: str) -> list[str]:
    """`count_boiled_kettles` and `CountBoiledKettles` -> ["count", "boiled", "kettles"]."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", name)]


# (form, held out) per role; {words}: the name's words, {plural}: with the last one plural,
# {does}: "<verb>s <the rest>" where the name starts with a verb
DESCRIPTIONS: dict[str, list[tuple[str, bool]]] = {
    "function": [("the {words} function", False), ("the function that {does}", False), ("the {words} helper", False),
                 ("the helper that {does}", True), ("whatever {does}", True)],
    "method": [("the {words} method", False), ("the method that {does}", False), ("the {words} method of {owner}", False),
               ("the bit of {owner} that {does}", True)],
    "class": [("the {words} class", False), ("the class for {plural}", False), ("the {words} type", True)],
    "constant": [("the {words} constant", False), ("the {words} setting", False), ("the {words}", False),
                 ("the {words} value", True)],
    "parameter": [("the {words} parameter", False), ("the {words} argument", False), ("the {words} option", True)],
    "variable": [("the {words} variable", False), ("the local for the {words}", True)],
    "attribute": [("the {words} attribute", False), ("the {words} field", False), ("the stored {words}", True)],
}  # fmt: skip


def described(name: str, role: str, rng: random.Random, heldout: bool, owner: str = "") -> tuple[str, bool] | None:
    """`name` told by its words and role, with whether the form is held out; None where the name
    has a single short word (nothing to tell it by) or no form fits."""
    words = name_words(name)
    if not words or (len(words) == 1 and len(words[0]) < 4):
        return None
    forms = [(f, held) for f, held in DESCRIPTIONS.get(role, []) if (heldout or not held)]
    if words[0] in NAME_VERBS and len(words) > 1:
        rest = words[1:] if rng.random() < 0.5 else words[1:-1] + [_plural(words[-1])]
        does = " ".join([_third_person(words[0]), *rest])
    else:
        forms = [(f, held) for f, held in forms if "{does}" not in f]
        does = ""
    if not owner:
        forms = [(f, held) for f, held in forms if "{owner}" not in f]
    if not forms:
        return None
    form, held = rng.choice(forms)
    text = form.format(words=" ".join(words), plural=" ".join(words[:-1] + [_plural(words[-1])]), does=does,
                       owner=" ".join(name_words(owner)))  # fmt: skip
    return text, held


# The slots that name the edited thing, per family: (slot, which name, its role).
DESCRIBED_SLOTS: dict[str, list[tuple[str, str, str]]] = {
    "rename": [("what", "name", "")], "constant": [("what", "name", "constant")],
    "default": [("func", "name", ""), ("param", "param", "parameter")],
    "add_parameter": [("func", "name", "")], "remove_parameter": [("func", "name", "")],
    "add_docstring": [("what", "name", "")], "add_type_hint": [("func", "name", "")],
}


def _describe(spec: EditSpec, family: str, slots: Slots, rng: random.Random, heldout: bool) -> bool:
    """Now and then, tell the edited name by what it means instead of writing it; True where a held-out
    form was used. Not where the instruction must say which of two same-named things it means."""
    if spec.scope_needed or rng.random() >= 0.3:
        return False
    used_heldout = False
    for slot, which, role in DESCRIBED_SLOTS.get(family, []):
        name = getattr(spec, which)
        role = role or spec.role or "function"
        if slot not in slots or not name or role not in DESCRIPTIONS or (role == "variable" and spec.scope):
            continue
        found = described(name, role, rng, heldout, spec.scope if role == "method" else "")
        if found:
            slots[slot] = [found[0]]
            used_heldout |= found[1]
    if "what" in slots and "what_s" in slots:
        _possessive(slots, "what_s", slots["what"])
    if "func" in slots and "func_s" in slots:
        _possessive(slots, "func_s", slots["func"])
    return used_heldout


# Words of the grammar that a hurried person mistypes; never code, which comes from the edit.
def _template_words() -> frozenset[str]:
    texts = [s.template for shapes in SHAPES.values() for s in shapes] + [w.template for w in WRAPPERS]
    texts += [v.word for fields in VERBS.values() for verbs in fields.values() for v in verbs]
    texts += [w for words in ROLE_WORDS.values() for w in words]
    texts += ["everywhere throughout module file whole instead signature return returning value", "their there"]
    words = re.findall(r"(?<![{\w])[a-z]{4,}(?![\w}])", " ".join(texts))
    return frozenset(words)


TYPO_WORDS = _template_words()


def _typo(text: str, spec: EditSpec, rng: random.Random) -> str:
    """One typo in one grammar word that is not also a word of the edit's names or code."""
    fields = {k: v for k, v in spec.to_dict().items() if k not in ("kind", "role", "scope_role")}
    code = {w.lower() for w in re.findall(r"[A-Za-z]+", " ".join(map(str, fields.values())))}
    spots = [m for m in re.finditer(r"(?<![\w`'\"\x00.])[a-z]{4,}(?![\w`'\"(])", text)
             if m.group() in TYPO_WORDS and m.group() not in code]
    if not spots:
        return text
    m = rng.choice(spots)
    w, i = m.group(), rng.randrange(1, len(m.group()) - 1)
    how = rng.randrange(3)
    wrong = w[:i] + w[i + 1] + w[i] + w[i + 2:] if how == 0 else w[:i] + w[i + 1:] if how == 1 else w[:i] + w[i] + w[i:]
    return text[: m.start()] + wrong + text[m.end():]


# ---------------------------------------------------------------------------------------------
# making an instruction


def _verb_fields(shape: Shape, family: str) -> list[str]:
    return sorted(f for f in shape.fields if f in VERBS[family])


def _usable(shape: Shape, slots: Slots, required: list[set[str]]) -> bool:
    return all(f in slots or f == "to" for f in shape.fields) and all(shape.fields & group for group in required)


def instruction(spec: EditSpec, rng: random.Random, heldout: bool = False) -> Phrase:
    """An instruction for `spec`. Training (`heldout` False) uses no held-out shape, verb or
    wrapper; held-out instructions use at least one."""
    family = KIND_FAMILY[spec.kind]
    st = Style.draw(rng)
    slots, required = SLOT_MAKERS[family](spec, st, rng)
    described_heldout = _describe(spec, family, slots, rng, heldout)
    shapes = [s for s in SHAPES[family] if _usable(s, slots, required)]

    def has_heldout_verb(shape: Shape) -> bool:
        return any(v.heldout for f in _verb_fields(shape, family) for v in VERBS[family][f])

    forced = ""  # the held-out part of the grammar this instruction must use
    if heldout:
        axes = []
        if any(s.heldout for s in shapes):
            axes.append("shape")
        if any(not s.heldout and has_heldout_verb(s) for s in shapes):
            axes.append("verb")
        if any(not s.heldout and s.imperative for s in shapes):
            axes.append("wrapper")
        if not axes:
            raise ValueError(f"no held-out phrasing fits this {spec.kind} edit")
        forced = rng.choice(axes)
        if forced == "shape":
            shapes = [s for s in shapes if s.heldout]
        elif forced == "verb":
            shapes = [s for s in shapes if not s.heldout and has_heldout_verb(s)]
        else:
            shapes = [s for s in shapes if not s.heldout and s.imperative]
    else:
        shapes = [s for s in shapes if not s.heldout]
    if not shapes:
        raise ValueError(f"no phrasing fits this {spec.kind} edit: {spec}")
    shape = rng.choice(shapes)

    values: dict[str, str] = {}
    verbs = []
    verb_fields = _verb_fields(shape, family)
    forced_verb = rng.choice([f for f in verb_fields if any(v.heldout for v in VERBS[family][f])]) if forced == "verb" else ""
    for field in verb_fields:
        choices = VERBS[family][field]
        if field == forced_verb:
            choices = [v for v in choices if v.heldout]
        elif not heldout:
            choices = [v for v in choices if not v.heldout]
        verb = rng.choice(choices)
        values[field] = verb.word
        if field == "verb":
            values["to"] = verb.prep
        verbs.append(f"{family}.{field}.{verb.word}")
    for field in sorted(shape.fields):  # in one order: the random choices must not follow the hash seed
        if field not in values:
            values[field] = rng.choice(slots[field])
    text = shape.template.format(**values)

    wrappers = [w for w in WRAPPERS if heldout or not w.heldout] if shape.imperative else WRAPPERS[:1]
    if forced == "wrapper":
        wrappers = [w for w in WRAPPERS if w.heldout]
    wrapper = rng.choices(wrappers, [w.weight for w in wrappers])[0]
    text = wrapper.template.format(s=text)
    text = text.strip()  # (no re-spacing: code in the instruction keeps its spaces)
    if st.sentence_case and text[:1].isalpha():
        text = text[0].upper() + text[1:]
    end = ("?" if rng.random() < 0.7 else "") if wrapper.question else st.end
    if text.replace(USER, "").rstrip("`'\"").endswith((".", "?", "!", ":")):
        end = ""
    if rng.random() < 0.12:
        text = _typo(text, spec, rng)
    text = (text + end).replace(USER, "")
    used_heldout = described_heldout or shape.heldout or wrapper.heldout or any(
        v.heldout for f in verb_fields for v in VERBS[family][f] if v.word == values[f]
    )
    return Phrase(text, f"{family}.{shape.id}", tuple(verbs), wrapper.id, used_heldout)


# ---------------------------------------------------------------------------------------------
# a reviewer's note on a rejected draft: what it should have been instead

# (template, held out); {new} and {old}: the wanted and the drafted name or value, as written
NOTE_SHAPES: dict[str, list[tuple[str, bool]]] = {
    "name": [
        ("use {new}, not {old}", False), ("call it {new}, not {old}", False), ("{new}, not {old}", False),
        ("name it {new} instead", False), ("please use {new} instead of {old}", False), ("not {old}: {new}", False),
        ("it should be called {new}", False), ("{old} -> {new}", False), ("wrong name, use {new}", False),
        ("I want it called {new}", True), ("{new} would be better than {old}", True), ("rather {new}", True),
        ("please name it {new} rather than {old}", False), ("i'd prefer {new}", False), ("{new} reads better", False),
        ("the name should be {new}", False), ("go with {new} instead of {old}", False),
        ("not quite: {new}", True), ("{new} please, {old} is wrong", True),
    ],
    "value": [
        ("make it {new}, not {old}", False), ("{new}, not {old}", False), ("use {new} instead", False),
        ("set it to {new} instead of {old}", False), ("it should be {new}", False), ("{old} -> {new}", False),
        ("not {old}, {new}", False), ("no, {new}", True), ("I meant {new}", True), ("change it to {new} instead", True),
        ("the value should be {new}", False), ("{old} is wrong, it should be {new}", False), ("i'd prefer {new}", False),
        ("should be {new} rather than {old}", False), ("make that {new}", True),
    ],
    "docstring": [
        ('say "{new}" instead', False), ('the docstring should read "{new}"', False), ('make it "{new}"', False),
        ('"{new}" instead', False), ('use "{new}" as the docstring', True), ('write "{new}"', True),
    ],
}  # fmt: skip


def redraft_note(what: str, new: str, old: str, rng: random.Random, heldout: bool = False) -> Phrase:
    """A reviewer's note that corrects a draft: `what` is "name", "value" or "docstring"; `new` the
    name or value (source text) it should have used, `old` the one it used. Training (`heldout`
    False) uses no held-out shape; held-out notes use one."""
    shapes = [(i, t) for i, (t, held) in enumerate(NOTE_SHAPES[what]) if held == heldout]
    number, template = rng.choice(shapes)
    quote = rng.choices(["`", ""], [60, 40])[0] if what != "docstring" else ""
    text = template.format(new=f"{USER}{quote}{new}{quote}", old=f"{USER}{quote}{old}{quote}")
    if rng.random() < 0.3 and text[:1].isalpha():
        text = text[0].upper() + text[1:]
    if rng.random() < 0.3 and not text.replace(USER, "").rstrip("`'\"").endswith((".", "?", "!")):
        text += "."
    return Phrase(text.replace(USER, ""), f"note.{what}.{number}", (), "", heldout)


# ---------------------------------------------------------------------------------------------
# the grammar's size, for the card and the tests


def heldout_parts() -> dict[str, set[str]]:
    """The held-out part of the grammar: shape ids, verbs (family.field.word) and wrapper ids."""
    return {
        "shapes": {f"{family}.{s.id}" for family, shapes in SHAPES.items() for s in shapes if s.heldout},
        "verbs": {f"{family}.{field}.{v.word}" for family, fields in VERBS.items()
                  for field, verbs in fields.items() for v in verbs if v.heldout},  # fmt: skip
        "wrappers": {w.id for w in WRAPPERS if w.heldout},
    }


def grammar_size() -> dict[str, dict[str, int]]:
    """Per kind: shapes and verbs, in training and held out."""
    sizes = {}
    for kind, family in KIND_FAMILY.items():
        shapes = SHAPES[family]
        verbs = [v for field in VERBS[family].values() for v in field]
        sizes[kind] = {
            "shapes": sum(not s.heldout for s in shapes), "heldout_shapes": sum(s.heldout for s in shapes),
            "verbs": sum(not v.heldout for v in verbs), "heldout_verbs": sum(v.heldout for v in verbs),
        }  # fmt: skip
    return sizes
