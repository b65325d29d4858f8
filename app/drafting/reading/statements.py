"""Reading a statement to insert or delete: "insert `log.debug(path)` at the start of load", "add
`total += fee` after `fee = rate * hours` in bill", "delete the print call in report", "remove
`cache.clear()` from reset".

The statement to insert is written as code; the place is the start or end of one function, or
before or after a statement the instruction quotes as code ("the call to save" quotes `save(`,
"the return" quotes `return`). specdraft.ops finds that statement, and refuses a text that
matches none or several. An instruction with no backticks may write its statements bare ("add
total += fee after fee = rate * hours"), where each parses as one statement.
"""

from __future__ import annotations

import ast
import re

from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.words import (
    STATEMENT,
    anchor_of,
    asks_more,
    bare_anchor,
    bare_statement,
    name_term,
)
from specdraft.ops import Operation
from specdraft.ops.statements import DeleteStatement, InsertStatement

_IN = rf"(?:\s+(?:in|inside|within|from|of)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')}(?:\s+(?:function|method))?)?"
_ANCHOR = STATEMENT
_DELETE = re.compile(rf"\b(?:delete|remove|drop|get\s+rid\s+of|take\s+out)\s+{_ANCHOR}{_IN}", re.I)
_CODE = r"(?:the\s+)?(?:line\s+|statement\s+|call\s+)?`(?P<new>[^`\n]+)`"
_PLACE = (rf"(?:(?P<start>at\s+the\s+(?:start|beginning|top)|as\s+the\s+first\s+(?:line|statement))\s+of\s+(?:the\s+)?"
          rf"(?:(?:the\s+)?(?:method|function)(?:'s)?\s+body|its\s+body|(?:(?:function|method)\s+)?{name_term('scope_start')})"
          rf"|(?P<end>at\s+the\s+(?:end|bottom)|as\s+the\s+last\s+(?:line|statement))\s+of\s+(?:the\s+)?(?:(?:function|method)\s+)?"
          rf"(?:(?:the\s+)?(?:method|function)(?:'s)?\s+body|its\s+body|(?:(?:function|method)\s+)?{name_term('scope_end')})"
          rf"|(?:right\s+|just\s+|directly\s+|immediately\s+)?(?P<rel>before|after|above|below)\s+{_ANCHOR}{_IN})")  # fmt: skip
_INSERT = [
    re.compile(rf"\bmake\s+{_CODE}\s+the\s+(?:(?P<start>first)|(?P<end>last))\s+(?:line|statement)\s+(?:of|in)\s+(?:the\s+)?(?:(?:function|method)\s+)?"
               rf"{name_term('scope')}", re.I),  # fmt: skip
    re.compile(rf"\b(?:insert|add|put|append|prepend|write)\s+{_CODE}\s+{_PLACE}", re.I),
    re.compile(rf"{_PLACE}\s*,?\s*(?:insert|add|put|append|write)\s+{_CODE}", re.I),
]
# code written bare, the whole instruction: "add total += fee after fee = rate * hours", "delete
# the print(total) line from report", "at the end of save, add return path"; read where each span
# parses as one statement with code's marks in it, and a statement it names is in the file
_FUNCTION = r"(?:the\s+)?(?:(?:function|method)\s+)?`?(?P<function>[A-Za-z_]\w*(?:\.\w+)*)`?(?:\(\))?"
_BARE_INSERT = re.compile(r"^\s*(?:insert|add|put|append)\s+(?P<new>.+?)\s+(?:(?:right|just|directly|immediately)\s+)?"
                          r"(?P<rel>before|after|above|below)\s+(?P<code>.+?)\s*[.!]?\s*$", re.I)
_BARE_END = re.compile(rf"^\s*at\s+the\s+(?P<where>end|bottom|start|beginning|top)\s+of\s+{_FUNCTION}\s*,?\s*(?:insert|add|put|append)\s+"
                       r"(?P<new>.+?)\s*[.!]?\s*$", re.I)
_BARE_AT = re.compile(rf"^\s*(?:insert|add|put|append)\s+(?P<new>.+?)\s+(?:at\s+the\s+(?P<where>end|bottom|start|beginning|top)\s+of"
                      rf"|as\s+the\s+(?P<nth>first|last)\s+(?:line|statement)(?:\s+(?:of|in))?)(?:\s+{_FUNCTION})?\s*[.!]?\s*$", re.I)  # fmt: skip
_BARE_DELETE = re.compile(rf"^\s*(?:delete|remove|drop)\s+(?:the\s+)?(?:(?:line|statement|call)\s+)?(?P<code>.+?)(?:\s+(?:line|statement|call))?"
                          rf"(?:\s+(?:from|in|at\s+the\s+(?:top|start|end|bottom)\s+of)\s+{_FUNCTION})?\s*[.!]?\s*$", re.I)
_NOT_STATEMENTS = re.compile(r"\b(?:parameters?|params?|arguments?|args?|imports?|docstrings?|decorators?|comments?)\b", re.I)


# "... from the __main__ block": the module's `if __name__ == "__main__":`, where no function is
_MAIN = re.compile(r"\s+(?:from|in|at\s+the\s+(?:end|bottom|start|top)\s+of)\s+the\s+`?__main__`?\s+(?:block|section|guard)(?=\s*[.!]?\s*$)", re.I)


def read(instruction: str, names: Names) -> Operation | None:
    if (main := _MAIN.search(instruction)) is not None and names.focus is None:
        instruction = instruction[: main.start()] + instruction[main.end() :]  # the statement is found in the whole module
    if "`" not in instruction and (bare := _bare(instruction, names)) is not None:
        return bare  # the whole instruction read, before a pattern that reads a part of it ("delete the return x statement")
    found: Operation | None = None
    for pattern in _INSERT:
        match = pattern.search(instruction)
        if match is not None:
            found = None if asks_more(instruction, match.group(0)) else _insert(match, names)
            break
    else:
        match = _DELETE.search(instruction)
        if match is not None and not _NOT_STATEMENTS.search(instruction[: match.end()]):
            found = None if asks_more(instruction, match.group(0)) else _delete(match, names)
    return found


def _bare(instruction: str, names: Names) -> Operation | None:
    """An insertion or deletion whose statements are written bare (`_BARE_INSERT` ...)."""
    if (match := _BARE_END.match(instruction) or _BARE_AT.match(instruction)) is not None:
        scope = _scope(names, match.group("function") or names.focus)
        if scope is None or scope[0] is None or not bare_statement(match.group("new")):
            return None
        where = "end" if (match.groupdict().get("where") or match.group("nth")).lower() in ("end", "bottom", "last") else "start"
        return InsertStatement(code=match.group("new"), function=scope[0], where=where, path=scope[1])
    insert, delete = _BARE_INSERT.match(instruction), _BARE_DELETE.match(instruction)
    match = insert or delete
    if match is None or (insert is not None and not bare_statement(insert.group("new"))):
        return None
    scope = _scope(names, match.groupdict().get("function") or names.focus, instruction)
    if scope is None or scope[1] is None:
        return None
    function = names.the_scope(scope[0]) if scope[0] else None
    anchor = bare_anchor(match.group("code"), names.texts[scope[1]], function.node if function else None)
    if anchor is None:
        return None  # no statement the file holds as written
    if delete is not None:
        return DeleteStatement(statement=anchor, function=scope[0], path=scope[1])
    where = "before" if match.group("rel").lower() in ("before", "above") else "after"
    return InsertStatement(code=match.group("new"), function=scope[0], where=where, anchor=anchor, path=scope[1])


def _scope(names: Names, dotted: str | None, instruction: str = "") -> tuple[str | None, str | None] | None:
    """(the function's dotted name, its file), (None, None) for none named, None where it is not one.
    "it" is the one function or method the instruction names ("f should not print. Delete ... from it")."""
    if dotted is not None and dotted.lower() in ("it", "them"):
        named = {b.dotted: b for word in re.findall(r"[A-Za-z_][\w.]*", instruction) for b in names.scopes(word)
                 if b.role in ("function", "method")}  # fmt: skip
        if len(named) != 1:
            return None
        only = next(iter(named.values()))
        return only.dotted, only.path
    if dotted is None:
        return (None, next(iter(names.trees), None)) if len(names.trees) == 1 else None
    scope = names.the_scope(dotted)
    return None if scope is None else (scope.dotted, scope.path)


def _insert(match: re.Match[str], names: Names) -> Operation | None:
    groups = match.groupdict()
    code = groups["new"]
    try:
        ast.parse(code)
    except SyntaxError:
        return None
    if groups.get("start") or groups.get("end"):
        where = "start" if groups.get("start") else "end"
        scope = _scope(names, groups.get("scope_start") or groups.get("scope_end") or groups.get("scope") or names.focus)
        if scope is None or scope[0] is None:
            return None
        return InsertStatement(code=code, function=scope[0], where=where, path=scope[1])
    anchor = anchor_of(match)
    scope = _scope(names, groups.get("function") or names.focus, match.string)
    if anchor is None or scope is None or scope[1] is None:
        return None
    where = "before" if groups["rel"].lower() in ("before", "above") else "after"
    return InsertStatement(code=code, function=scope[0], where=where, anchor=anchor, path=scope[1])


def _delete(match: re.Match[str], names: Names) -> Operation | None:
    anchor = anchor_of(match)
    scope = _scope(names, match.groupdict().get("function") or names.focus, match.string)
    if anchor is None or scope is None or scope[1] is None:
        return None
    return DeleteStatement(statement=anchor, function=scope[0], path=scope[1])
