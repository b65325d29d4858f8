"""Reading type hints: "add type hints to area: width: float, height: float, returns float",
"annotate parse's text as str and its return type as list[str]", "mark total as returning int".

Each type is written as Python writes it (`int`, `list[str]`, `Path | None`, in backticks or
bare), or as one of the plain words for the builtin types ("a string", "an integer"). Only the
parameters the instruction names get a hint; a function whose types it does not say reads as
nothing (what the types are is not the reader's to guess).
"""

from __future__ import annotations

import ast
import re

from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.words import asks_more, name_term
from specdraft.ops import Operation
from specdraft.ops.hints import AddTypeHints

_CUE = re.compile(r"\b(?:type[- ]?hints?|type\s+annotations?|annotat\w+|add\s+types|typ(?:e|ing)\s+(?:info|information))\b", re.I)
_OF = rf"\b(?:to|of|on|for)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')}(?:'s)?"
_POSSESSIVE = rf"{name_term('function')}'s\b"
_BRACKETS = r"(?:\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\])?"  # "[str]", "[list[Crew]]": one level nested
_TYPE = rf"`[^`\n]+`|[A-Za-z_][\w.]*{_BRACKETS}(?:\s*\|\s*[A-Za-z_][\w.]*{_BRACKETS})*"
_WORDS = {"string": "str", "strings": "str", "integer": "int", "integers": "int", "ints": "int", "floats": "float",
          "int": "int", "float": "float", "boolean": "bool", "bool": "bool",
          "str": "str", "bytes": "bytes", "none": "None", "nothing": "None", "dict": "dict", "list": "list"}  # fmt: skip
_PAIR = re.compile(rf"`?(?P<name>[A-Za-z_]\w*)`?(?:\s+(?:parameter|param|argument|arg))?\s*(?::|\bas\b|\bis\s+(?:an?\s+)?|\bshould\s+be\s+(?:an?\s+)?|\bto\s+be\s+(?:an?\s+)?)\s*(?P<type>{_TYPE})")
_GROUP = re.compile(rf"(?P<names>`?[A-Za-z_]\w*`?(?:\s*,\s*`?[A-Za-z_]\w*`?)*(?:\s*,?\s+and\s+|\s*,\s*)`?[A-Za-z_]\w*`?)\s+(?:are|should\s+be)"
                    rf"\s+(?:both\s+|all\s+)?(?:an?\s+)?(?P<type>{_TYPE})", re.I)  # fmt: skip
# "skaters is an int, length a float": a pair after a comma may leave out its verb
_ELLIPTIC = re.compile(rf"(?:^|[,;]|\band\b)\s*`?(?P<name>[A-Za-z_]\w*)`?\s+an?\s+(?P<type>{_TYPE})")
# "both parameters are float", "all its parameters are int"
_EVERY = re.compile(rf"\b(?:both|all)\s+(?:the\s+|its\s+)?(?:parameters|params|arguments|args)\s+are\s+(?:an?\s+)?(?P<type>{_TYPE})", re.I)
# a type said of something ("... are ints", "is a str") that is left when what was read is blanked
_LEFT = re.compile(rf"\b(?:is|are)\s+(?:both\s+|all\s+)?(?:an?\s+)?(?P<type>{_TYPE})", re.I)
# the builtin types' words, any left unread
_TYPE_WORD = re.compile(r"\b(?:int|float|str|bool|bytes|dict|tuple|ints|floats|strings?|integers?|booleans?)\b", re.I)
# "give parse type hints: ...": the function before the cue
_GIVEN = re.compile(rf"\b(?:give|add)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')}\s+(?:some\s+|full\s+)?(?:type[- ]?hints?|type\s+annotations?)\b", re.I)
# "a `float` return type"
_RETURN_AFTER = re.compile(rf"\b(?:an?\s+)?(?P<type>{_TYPE})\s+return\s+(?:type|annotation)\b", re.I)
_RETURNS = re.compile(rf"(?:\breturn\s+type(?:\s+(?:is|of|as|should\s+be))?|\breturn\s+annotation(?:\s+(?:is|of|as))?|\breturn(?:s|ing)?\b|->)"
                      rf"\s*:?\s*(?:an?\s+|the\s+)?(?P<type>{_TYPE})", re.I)  # fmt: skip


def read(instruction: str, names: Names) -> Operation | None:
    cue = _CUE.search(instruction)
    if cue is None:
        return None
    target = (re.search(_OF, instruction[cue.start():], re.I) or re.search(_POSSESSIVE, instruction) or _GIVEN.search(instruction)
              or re.compile(rf"\bannotate\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')}", re.I).search(instruction))
    if target is None:
        return None
    function = names.the_function(target.group("function"))
    if function is None:
        return None
    if asks_more(instruction, instruction[cue.start():]):
        return None
    parameters = {a.arg for a in names.parameters(function)}
    imported = _imported(names.trees[function.path])
    said: dict[str, str] = {}
    returns = None
    text = instruction.replace(target.group(0), " ")
    for match in _RETURN_AFTER.finditer(text):  # "a `float` return type" (not "the return type ...")
        if (after := _type(match.group("type"), imported)) is not None:
            returns = after
            text = text[: match.start()] + " " * len(match.group(0)) + text[match.end():]
    every = _EVERY.search(text)
    if every is not None:
        hint = _type(every.group("type"), imported)
        if hint is None or (every.group(0).lower().startswith("both") and len(parameters - {"self", "cls"}) != 2):
            return None
        said.update(dict.fromkeys(sorted(parameters - {"self", "cls"}), hint))
        text = text[: every.start()] + " " * len(every.group(0)) + text[every.end():]
    for match in _RETURNS.finditer(text):
        returns = _type(match.group("type"), imported)
        if returns is None:
            return None
        text = text[: match.start()] + " " * len(match.group(0)) + text[match.end():]
    for match in _GROUP.finditer(text):  # "width and height are float"
        hint = _type(match.group("type"), imported)
        named = [name.strip("` ") for name in re.split(r"\s*,\s*|\s+and\s+", match.group("names")) if name.strip("` ")]
        while len(named) > 2 and named[0] not in parameters:  # "puppet is a Puppet, a and b are int": Puppet is a type
            named.pop(0)
        if hint is None or not all(name in parameters for name in named):
            return None
        following = re.match(r"\s*(?:,\s*|\s+and\s+)(?:an?\s+)?`?([A-Za-z_][\w.]*(?:\[[^\]\n]*\])?)`?", text[match.end():])
        if following is not None and following.group(1) not in parameters and _type(following.group(1), imported) is not None \
                and following.group(1) not in ("it", "its"):  # fmt: skip
            return None  # "x and y are int and str": a type each, which one reading does not pair
        said.update(dict.fromkeys(named, hint))
        start = match.start("names") + match.group("names").find(named[0])  # the kept names only
        text = text[:start] + " " * (match.end() - start) + text[match.end():]
    for match in _ELLIPTIC.finditer(text):
        if match.group("name") in parameters and (hint := _type(match.group("type"), imported)) is not None:
            said.setdefault(match.group("name"), hint)
            text = text[: match.start("name")] + " " * (match.end() - match.start("name")) + text[match.end():]
    at = 0
    while (match := _PAIR.search(text, at)) is not None:
        name = match.group("name")
        at = match.end() if name in parameters else match.start("name") + len(name)
        if name not in parameters:
            continue
        hint = _type(match.group("type"), imported)
        if hint is None:
            return None
        said[name] = hint
    if not said and returns is None:
        return None
    at = 0
    while (match := _PAIR.search(text, at)) is not None:  # blank what was read, then see whether a parameter is left
        at = match.start("name") + len(match.group("name"))  # "hints: x is int": `hints: x` is no pair, `x is int` is
        if match.group("name") in said:
            text = text[: match.start()] + " " * len(match.group(0)) + text[match.end():]
            at = match.end()
    if any(re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) for name in parameters - set(said) - {"self", "cls"}):
        return None  # a parameter named and given no type this reader read: part of the ask would be dropped
    if not said and re.search(r"\b(?:takes?|accepts?|parameters?|params?|arguments?|args?|inputs?)\b", text, re.I):
        return None  # its parameters described, not named ("it takes the weight as a float"): not read
    if any(_type(left.group("type"), imported) for left in _LEFT.finditer(text)):
        return None  # a type said of something this reader did not read ("the two widths are floats"): part of the ask
    if _TYPE_WORD.search(text):
        return None  # a type's word left when what was read is blanked ("count int, size float"): part of the ask
    return AddTypeHints(function=function.dotted, parameters=said, returns=returns, path=function.path)


# the standard library's classes with lower-case names, by module: a type where the module imports one
_LOWER_CLASSES = {"datetime": {"date", "datetime", "time", "timedelta", "timezone", "tzinfo"}, "collections": {"deque", "defaultdict"},
                  "array": {"array"}}  # fmt: skip


def _imported(tree: ast.Module) -> frozenset[str]:
    """The lower-case classes a module imports by name (``from datetime import date``): types there,
    where a word like "path" (``from os import path``) is not one."""
    return frozenset(alias.asname or alias.name for node in tree.body if isinstance(node, ast.ImportFrom)
                     for alias in node.names if alias.name in _LOWER_CLASSES.get(node.module or "", ()))  # fmt: skip


def _type(text: str, imported: frozenset[str] = frozenset()) -> str | None:
    """A type as Python writes it, from the words; None where they do not read as one (a plain
    word: lower case, not a builtin type nor a name the module imports)."""
    text = text.strip("`").strip().rstrip(".,;:")  # a sentence's end is no part of a dotted name
    text = _WORDS.get(text.lower(), text) if text.lower() in _WORDS else text
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, ast.Name | ast.Attribute | ast.Subscript | ast.BinOp | ast.Constant):
        return None
    if isinstance(node, ast.Name) and node.id[:1].islower() and node.id not in imported and node.id not in (
            "str", "int", "float", "bool", "bytes", "list", "dict", "set", "tuple", "object", "complex"):
        return None  # a plain word, not a type
    return text
