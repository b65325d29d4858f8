"""Reading a value to set: "set MAX_RETRIES to 5", "change the default of timeout in fetch to 30",
"change 0.2 to 0.25 in apply_tax", "TAX_RATE should be 0.19".

The value is written as the instruction writes it (a number, a quoted string, True/False/None,
code in backticks), never computed: "raise it by 2" reads as nothing. A string is written in the
quotes the old string has, as the file writes its strings. The target must be one binding of the files
holding a literal (a constant, a class attribute, a local, a parameter's default), or a literal
written in the one function named.
"""

from __future__ import annotations

import ast
import re

from specdraft.drafting.reading.names import NOT_LITERAL, Binding, Names, literal
from specdraft.drafting.reading.words import (
    NAME,
    Value,
    asks_more,
    name_term,
    value_of,
    value_term,
    written_in,
)
from specdraft.ops import Operation
from specdraft.ops.values import SetValue

_VERB = r"(?:set|change|make|update|bump|raise|lower|increase|decrease|reduce|switch|move|up|drop|cut|adjust)"
_DEFAULT = r"(?:(?:the\s+)?default(?:\s+value)?\s+(?:(?:of|for)\s+)?(?:the\s+)?(?:(?:parameter|param|argument|arg|keyword)\s+)?)"
_KIND = r"(?:(?:the\s+)?(?:value\s+of\s+|constant\s+|variable\s+|attribute\s+|field\s+|setting\s+)?)"
_IN = rf"(?:\s+(?:in|of|inside|for|on)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?{name_term('owner')})?"
_FROM = rf"(?:\s+from\s+{value_term('old')})?"
_TO = rf"\s+(?:to|=)\s+{value_term('new')}"
_PATTERNS = [
    # "set the default of timeout in fetch to 30", "change fetch's timeout default from 10 to 30"
    re.compile(rf"\b{_VERB}\s+(?P<default>{_DEFAULT}){name_term('target')}{_IN}{_FROM}{_TO}", re.I),
    re.compile(rf"\b{_VERB}\s+(?:the\s+)?{name_term('possessor')}'s\s+{name_term('target')}\s+(?P<default>default)"
               rf"(?:\s+value)?{_FROM}{_TO}", re.I),  # fmt: skip
    # "change the timeout default in fetch from 10 to 30"
    re.compile(rf"\b{_VERB}\s+(?:the\s+)?{name_term('target')}\s+(?P<default>default)(?:\s+value)?{_IN}{_FROM}{_TO}", re.I),
    # "set MAX_RETRIES to 5", "change the value of RATE from 0.2 to 0.25", "update Config.timeout to 30"
    re.compile(rf"\b{_VERB}\s+{_KIND}{name_term('target')}{_IN}{_FROM}{_TO}", re.I),
    # "change the default in fetch from `timeout=10` to `timeout=30`"
    re.compile(rf"\b{_VERB}\s+(?P<default>(?:the\s+)?default)(?:\s+(?!from\b)[\w-]+){{0,3}}{_IN}(?:\s+from)?\s+`(?P<target>{NAME})\s*=\s*[^`\n]+`\s+to\s+"
               rf"`(?P=target)\s*=\s*(?P<new_code>[^`\n]+)`", re.I),  # fmt: skip
    # "make the default timeout in fetch 30 instead of 10", "make the default of timeout in fetch 30."
    re.compile(rf"\bmake\s+(?P<default>{_DEFAULT}){name_term('target')}{_IN}\s+(?:be\s+)?{value_term('new')}(?:\s+"
               rf"(?:instead\s+of|rather\s+than|not)\s+{value_term('old')}|(?=\s*[.!]?\s*$))", re.I),  # fmt: skip
    # "make the retries parameter of fetch default to 5 instead of 3"
    re.compile(rf"\bmake\s+(?:the\s+)?(?:(?:parameter|param|argument|arg)\s+)?{name_term('target')}(?:\s+(?:parameter|param|argument|arg))?{_IN}"
               rf"\s+(?P<default>default)\s+to\s+{value_term('new')}(?:\s*,?\s*(?:instead\s+of|rather\s+than|not)\s+{value_term('old')})?", re.I),  # fmt: skip
    # "MAX_RETRIES should be 5", "timeout in fetch should default to 30"
    re.compile(rf"(?:^|[\s(])`?(?P<target>{NAME}(?:\.{NAME})*)`?{_IN}\s+(?:should|must)\s+(?:now\s+)?(?:be|(?P<default>default)\s+to)"
               rf"\s+{value_term('new')}", re.I),  # fmt: skip
]
# "change 0.2 to 0.25 in apply_tax", "in publish, change the status string "draft" to "final""
_LITERAL_IN = re.compile(rf"\b(?:change|replace|swap|raise|lower|increase|decrease|bump|reduce|cut)\s+(?:the\s+)?"
                         rf"(?P<words>(?:(?!from\b|to\b|with\b|by\b)(?:[A-Za-z][\w-]*|\"[^\"\n]*\"|'[^'\n]*')\s+){{0,6}})(?:from\s+)?{value_term('old')}"
                         rf"(?:\s+(?!to\b|with\b|by\b|for\b|into\b)[A-Za-z][\w-]*){{0,3}}"  # "the 30 s limit to 45"
                         rf"\s+(?:to|with|by|for|into)\s+{value_term('new')}(?:\s+(?:in|inside|within)\s+(?:the\s+)?(?:function\s+|method\s+)?"
                         rf"{name_term('owner')})?", re.I)  # fmt: skip


# "In speed, return 5 instead of 7 if ...": the literal returned, in the function in focus
_RETURN_INSTEAD = re.compile(rf"\b(?:return|use|should\s+(?:now\s+)?be)\s+{value_term('new')}\s*(?:\s(?:instead\s+of|rather\s+than)|,?\s+not)\s+{value_term('old')}"
                             rf"(?:\s+(?:in|inside|within)\s+(?:the\s+)?(?:function\s+|method\s+)?{name_term('owner')})?", re.I)  # fmt: skip


# "In fetch, wait 5 seconds instead of 10": the one literal of the function in focus the words say
# it was, with the words between a value and "instead of" the same on both sides where both say them
_INSTEAD = re.compile(rf"(?:^|\s)(?:to\s+|at\s+|of\s+|by\s+|for\s+)?{value_term('new')}(?P<unit>(?:\s+[A-Za-z][\w-]*){{0,3}})\s+"
                      rf"(?:instead\s+of|rather\s+than)\s+{value_term('old')}(?:(?P=unit))?(?=$|\s|[.!,;])", re.I)  # fmt: skip


# "change rate * 0.2 to rate * 0.25", "replace `hours / 50` with `hours / 40`": code of the function
# in focus that differs from the new code in one literal
_CODE_CHANGE = re.compile(r"^\s*(?:change|replace)\s+`?(?P<before>[^`]+?)`?\s+(?:to|with)\s+`?(?P<after>[^`]+?)`?\s*[.!]?\s*$", re.I)


# "change the 8 in code[:8] to 12": a literal of code the function in focus writes
_LITERAL_OF_CODE = re.compile(rf"^\s*(?:change|replace)\s+the\s+{value_term('old')}\s+in\s+`?(?P<code>[^`]+?)`?\s+(?:to|with)\s+{value_term('new')}\s*[.!]?\s*$",
                              re.I)  # fmt: skip


# "change `limit=14` to `limit=10`" (a keyword passed in the function in focus): its literal
_KEYWORD_IN = re.compile(rf"\b(?:change|replace|swap)\s+`(?P<kw>{NAME})\s*=\s*(?P<old_code>[^`\n]+)`\s+(?:to|with|for)\s+"
                         rf"`(?P=kw)\s*=\s*(?P<new_code>[^`\n]+)`(?:\s+(?:in|inside|within)\s+(?:the\s+)?(?:function\s+|method\s+)?"
                         rf"{name_term('owner')})?", re.I)  # fmt: skip


def read(instruction: str, names: Names) -> Operation | None:
    for pattern in _PATTERNS:
        match = pattern.search(instruction)
        if match is not None:
            if asks_more(instruction, match.group(0)):
                return None
            made = _set(match, names)
            if made is not None:
                return made  # else the words name no binding ("the multiplier should be ..."): a literal, maybe
    match = _CODE_CHANGE.match(instruction)
    if match is not None and (changed := _code_change(match.group("before"), match.group("after"), names)) is not None:
        return changed
    match = _LITERAL_OF_CODE.match(instruction)
    if match is not None:
        return _literal_of_code(match, names)
    for pattern in (_KEYWORD_IN, _LITERAL_IN, _RETURN_INSTEAD):  # the words before a literal only say what it is
        match = pattern.search(instruction)
        if match is not None:
            return None if asks_more(instruction, match.group(0)) else _literal_in(match, names)
    match = _INSTEAD.search(instruction)
    if match is not None and names.focus is not None and not asks_more(instruction, match.group(0)):
        return _literal_in(match, names)
    return None


def _set(match: re.Match[str], names: Names) -> Operation | None:
    groups = match.groupdict()
    target, owner = groups["target"], groups.get("owner") or groups.get("possessor") or names.focus
    if "." in target and owner is None:
        owner, target = target.rsplit(".", 1)
    new = value_of(match, "new")
    old = value_of(match, "old")
    if new is None:
        return None
    if groups.get("default"):
        found = [b for b in names.named(target, ("parameter",)) if b.owned_by(owner) and _default_of(b, names) is not None]
        if not found:  # a dataclass's field: its value in the class body is its default
            found = [b for b in names.named(target, ("attribute",)) if b.owned_by(owner) and isinstance(b.node, ast.expr)
                     and not isinstance(b.node, ast.Attribute)]  # fmt: skip
    else:
        found = [b for b in names.named(target, ("constant", "variable", "attribute", "local", "parameter")) if b.owned_by(owner)]
        found = [b for b in found if (_default_of(b, names) if b.role == "parameter" else b.node) is not None
                 and not isinstance(b.node, ast.Attribute)]  # `self.x = ...`: its value is not a literal of the class
    if len(found) != 1:
        return None
    binding = found[0]
    current = _default_of(binding, names) if binding.role == "parameter" else binding.node
    value = literal(current)
    if value is NOT_LITERAL:
        return None  # a value computed from others: what to write is not the instruction's to say
    source = _written(new, value, ast.get_source_segment(names.texts[binding.path], current) or "")
    if source is None or (old is not None and literal(_expression(old.source)) != value):
        return None  # the old value the instruction says is not the one there
    dotted = f"{binding.owner}.{target}" if binding.owner else target
    return SetValue(target=dotted, value=source, path=binding.path)


def _literal_in(match: re.Match[str], names: Names) -> Operation | None:
    old, new, owner = value_of(match, "old"), value_of(match, "new"), match.groupdict().get("owner") or names.focus
    if old is None or new is None or (owner is None and re.search(r"[\"']", match.groupdict().get("words") or "")):
        return None  # a quoted word before the value may be a name the files bind: read only in the function named
    old_value = literal(_expression(old.source))
    if old_value is NOT_LITERAL:
        return None
    if owner is not None:
        scopes = names.scopes(owner)
    else:  # no function named: the one function that holds such a literal
        scopes = [b for b in names.bindings if b.role in ("function", "method") and _holds_literal(b.node, old_value)]
        scopes = [b for b in scopes if not any(o is not b and o.dotted.startswith(b.dotted + ".") for o in scopes)]
    if len(scopes) != 1:
        return None
    source = _written(new, old_value, old.source)
    if source is None:
        return None
    return SetValue(target=scopes[0].dotted, value=source, old=old.source, path=scopes[0].path)


def _code_change(before: str, after: str, names: Names) -> Operation | None:
    """The literal that code written in the function in focus has where the new code has another:
    the two parse as one expression or statement each, alike but for that one literal."""
    old, new = _one_code(before), _one_code(after)
    if old is None or new is None or isinstance(old, ast.Constant) or names.focus is None:
        return None  # a literal alone is the other readers' ("change 0.2 to 0.25")
    pairs = [(a, b) for a, b in zip(ast.walk(old), ast.walk(new), strict=False) if isinstance(a, ast.Constant)]
    changed = [(a, b) for a, b in pairs if isinstance(b, ast.Constant) and (type(a.value), a.value) != (type(b.value), b.value)]
    if len(changed) != 1:
        return None
    a, b = changed[0]
    b.value = a.value  # the new code with the old literal back is the old code, or the two differ elsewhere too
    scopes = names.scopes(names.focus)
    if ast.dump(old) != ast.dump(new) or len(scopes) != 1:
        return None
    scope = scopes[0]
    if not written_in(before, ast.get_source_segment(names.texts[scope.path], scope.node) or ""):
        return None
    old_source, new_source = ast.get_source_segment(before, a), ast.get_source_segment(after, b)
    if old_source is None or new_source is None:
        return None
    return SetValue(target=scope.dotted, value=new_source, old=old_source, path=scope.path)


def _one_code(source: str) -> ast.AST | None:
    """``source`` parsed as one expression, or else as one statement ("total *= 0.8")."""
    expression = _expression(source)
    if expression is not None:
        return expression
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return None
    return body[0] if len(body) == 1 and not isinstance(body[0], ast.Expr) else None


def _literal_of_code(match: re.Match[str], names: Names) -> Operation | None:
    """"the 8 in code[:8]": the code with that literal, its one, made the new value, as a change of code."""
    code, old, new = match.group("code"), value_of(match, "old"), value_of(match, "new")
    tree = _expression(code)
    if tree is None or old is None or new is None:
        return None
    value = literal(_expression(old.source))
    found = [node for node in ast.walk(tree) if isinstance(node, ast.Constant) and (type(node.value), node.value) == (type(value), value)]
    source = _written(new, value, old.source)
    if len(found) != 1 or source is None or found[0].end_col_offset is None or found[0].lineno != found[0].end_lineno:
        return None  # the literal twice in the code, or not in it
    lines = code.splitlines()
    line = lines[found[0].lineno - 1].encode()  # ast's columns count bytes
    lines[found[0].lineno - 1] = (line[: found[0].col_offset] + source.encode() + line[found[0].end_col_offset :]).decode()
    return _code_change(code, "\n".join(lines), names)


def _default_of(binding: Binding, names: Names) -> ast.expr | None:
    """The default of a parameter binding (None where it has none)."""
    function = next((b for b in names.bindings if b.role in ("function", "method", "local") and b.dotted == binding.owner
                     and b.path == binding.path), None)  # fmt: skip
    if function is None or not isinstance(function.node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    args = function.node.args
    positional = [*args.posonlyargs, *args.args]
    defaults = dict(zip([a.arg for a in positional[len(positional) - len(args.defaults):]], args.defaults, strict=True))
    defaults |= {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None}
    return defaults.get(binding.name)


def _expression(source: str) -> ast.expr | None:
    try:
        return ast.parse(source, mode="eval").body
    except SyntaxError:
        return None


def _written(new: Value, old: object, old_source: str) -> str | None:
    """How the new value is written over a literal whose value is ``old`` (written ``old_source``):
    as the instruction writes it, a string in the old string's quotes; a number over a string, or a
    string over a number, is no reading."""
    value = literal(_expression(new.source))
    if new.how == "code":
        return new.source
    if isinstance(old, str) != isinstance(value, str) or isinstance(old, bool) != isinstance(value, bool):
        return None
    quote = old_source[-1:] if isinstance(old, str) and old_source[-1:] in ("'", '"') else ""
    if new.how == "string" and quote and old_source[:1] in (quote, *"bBrRuUfF") and quote not in new.text and "\\" not in new.text:
        return f"{quote}{new.text}{quote}"
    return new.source


def _holds_literal(node: ast.AST, value: object) -> bool:
    """Whether a function holds a literal of ``value`` (its own type too: 1 is not True)."""
    return any(isinstance(child, ast.Constant) and type(child.value) is type(value) and child.value == value
               for child in ast.walk(node))  # fmt: skip
