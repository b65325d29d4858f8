"""Reading a statement to wrap in try/except: "wrap the call to json.loads in parse in a try/except
ValueError that returns None", "catch OSError around `os.remove(path)` in cleanup and ignore it".

The statement is quoted as code or named by the call it makes; the exception is written as
Python names it (`OSError`, `json.JSONDecodeError`, "KeyError or ValueError"); what the handler
does is said plainly (returns a value, passes, continues, re-raises) or written as code, and
where it is not said the handler passes.
"""

from __future__ import annotations

import ast
import keyword
import re

from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.words import (
    BACKTICKED,
    DOTTED,
    STATEMENT,
    anchor_of,
    asks_more,
    bare_anchor,
    name_term,
    value_of,
    value_term,
)
from specdraft.ops import Operation
from specdraft.ops.wrap import WrapInTry

_EXCEPTION = r"`?(?:[A-Za-z_]\w*\.)*(?:[A-Z]\w*(?:Error|Exception|Warning|Interrupt|Exit)|StopIteration|Exception)`?"
_EXCEPTIONS = rf"(?P<exceptions>{_EXCEPTION}(?:\s*(?:,|\bor\b|\band\b|/)\s*{_EXCEPTION})*)(?:\s+as\s+`?(?P<as>[A-Za-z_]\w*)`?)?"
_TARGET = STATEMENT
_IN = rf"(?:\s+(?:in|inside|within)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')})?"
_TRY = r"(?:a\s+)?try(?:\s*(?:/|-|\s|\.\.\.)\s*except)?(?:\s+block)?\s*[;,]?(?:\s+and)?(?:\s+(?:on|for|catching))?"
_PATTERNS = [
    re.compile(rf"\bwrap\s+{_TARGET}{_IN}\s+(?:in|with)\s+{_TRY}\s+(?:(?:for|catching|that\s+catches|on|of)\s+)?{_EXCEPTIONS}", re.I),
    re.compile(rf"\bwrap\s+{_TARGET}{_IN}\s+(?:in|with)\s+{_TRY}\s+(?:(?:for|catching|that\s+catches|on|of)\s+)?", re.I),
    re.compile(rf"\bput\s+{_TARGET}{_IN}\s+inside\s+{_TRY}\s+(?:(?:for|catching|that\s+catches|on|of)\s+)?{_EXCEPTIONS}", re.I),
    re.compile(rf"\bcatch\s+{_EXCEPTIONS}\s+(?:raised\s+by|from|around|in|when\s+calling|thrown\s+by)\s+{_TARGET}{_IN}", re.I),
    # the statement written bare, in an instruction with no backticks: "wrap total = sum(parts) in try/except TypeError"
    re.compile(rf"^\s*(?:wrap|put)\s+(?P<bare>[^`]+?){_IN}\s+(?:in|with|inside)\s+{_TRY}\s+(?:(?:for|catching|that\s+catches|on|of)\s+)?{_EXCEPTIONS}", re.I),
]
# code spans one after another, the handler's statements: "`log.warning(...)` and then `continue`"
_CODES = r"(?P<handler>`[^`\n]+`(?:\s*(?:,|;|and|then|and\s+then)\s*(?:(?:do|call|run|write)\s+)?`[^`\n]+`)*)"
_HANDLER = [
    (re.compile(rf"^\s*[,:;]?\s*(?:then\s+)?{_CODES}"), "code"),  # the handler's code right after the exception
    (re.compile(rf"\b(?:and\s+|that\s+|to\s+)?return(?:s|ing)?\s+{value_term('value')}", re.I), "return"),
    # "that returns fallback", "and return self.total", "returns timedelta()": code written bare, of names the file has
    (re.compile(rf"\b(?:and\s+|that\s+|to\s+)?return(?:s|ing)?\s+(?P<returned>{DOTTED}(?:\([^()\n]*\))?)"
                rf"(?=\s*(?:$|[.,;!]|\s+(?:in\s+the|and|instead|from)\b))", re.I), "returned"),
    # "that sets hours to 0", "and sets `total` to MAX_TOTAL": a name given a value, or another name
    (re.compile(rf"\b(?:and\s+|that\s+|to\s+)?sets?\s+`?(?P<set>{DOTTED})`?\s+to\s+(?:{value_term('value')}|`?(?P<ref>{DOTTED})`?(?![\w(]))",
                re.I), "set"),
    (re.compile(rf"\b(?:handler|except\s+(?:block|body|clause|branch))\s*(?:is|does|:|should\s+be|,)?\s*(?:(?:do|does|runs?|write|sets?|calls?|log|raises?)\s+)?"
                rf"{_CODES}", re.I), "code"),
    (re.compile(rf"\bwith\s+(?:an?\s+)?(?:bare\s+|plain\s+|just\s+)?{_CODES}\s+in\s+the\s+(?:handler|except(?:\s+(?:block|branch|clause))?)\b", re.I), "code"),
    (re.compile(rf"\b(?:and\s+|then\s+|to\s+)?(?:do|does|runs?|write|sets?|calls?|log\s+with)\s+{_CODES}(?:\s+in\s+the\s+(?:handler|except\s+(?:block|branch|clause)))?", re.I), "code"),
    (re.compile(r"\b(?:and\s+|that\s+|then\s+|to\s+)?(?:raise[sd]?|raising)\s+(?P<raised>`[^`\n]+`)(?:\s+in\s+the\s+(?:handler|except\s+(?:block|branch|clause)))?", re.I),
     "raises"),  # "and raise `ValueError(...) from None` in the handler"
    (re.compile(r"\b(?:and\s+|that\s+|then\s+|to\s+)?(?:re-?raise[sd]?|raise[sd]?|raising)\s+(?P<raised_bare>(?-i:[A-Z])[\w.]*(?:\(.*\))?"
                r"(?:\s+from\s+[A-Za-z_]\w*)?)(?:\s+in\s+the\s+(?:handler|except\s+(?:block|branch|clause)))?\s*[.!]?\s*$", re.I),
     "raises"),  # the raise written bare, to the end: "and raise ValueError(f'...') from exc."
    (re.compile(r"\b(?:and\s+)?(?:re-?raise|raise\s+it\s+again)\b", re.I), "raise"),
    (re.compile(r"\b(?:and\s+|that\s+)?(?:continue[sd]?|skips?\s+(?:it|to\s+the\s+next))\b", re.I), "continue"),
    (re.compile(r"\b(?:and\s+|that\s+)?break(?:s|ing)?(?:\s+out)?(?:\s+of\s+the\s+loop)?\b", re.I), "break"),
    (re.compile(r"\b(?:and\s+|that\s+)?(?:ignores?|swallows?|silences?)\s+(?:it|them|the\s+(?:error|exception)|errors)\b"
                r"|\b(?:and\s+)?pass(?:es)?\b|\bsilently\b", re.I), "pass"),
]  # fmt: skip


def read(instruction: str, names: Names) -> Operation | None:
    for pattern in _PATTERNS:
        match = pattern.search(instruction)
        if match is None:
            continue
        at = match.end()  # where the words after the statement and its exception begin
        exceptions = match.groupdict().get("exceptions")
        if exceptions is None:  # the exception named after other words ("wrap X with try/except catching E")
            found = re.compile(_EXCEPTIONS).search(instruction, at)
            if found is None or found.start() - at > 40:
                return None
            exceptions, at = found.group("exceptions"), found.end()
        handler, end = _handler(instruction[at:], names)
        if handler is None or asks_more(instruction, instruction[match.start() : at + end]):
            return None
        return _wrap(match, exceptions, handler, names)
    return None


# a verb of doing in the words before what the handler is read to do: something else it does, which
# one reading would drop ("... KeyError that records the name and continues")
_DOES_MORE = re.compile(r"\b(?:append|add|set|log|record|print|increment|count|store|save|write|call|update|mark|collect|remove|delete"
                        r"|send|notify|warn|raise|return|assign|put|push|clear|reset)\w*", re.I)  # fmt: skip


def _handler(rest: str, names: Names) -> tuple[str | None, int]:
    """What the handler does, as code, from the words after the exception, and where those words
    end; "pass" where they say nothing of it (None where they say what this reader does not read)."""
    found = [(match, kind) for pattern, kind in _HANDLER if (match := pattern.search(rest)) is not None and match.start() <= 40]
    for match, kind in sorted(found, key=lambda item: item[0].start())[:1]:  # what the words say first
        if _DOES_MORE.search(BACKTICKED.sub(" ", rest[: match.start()])):
            return None, 0
        if kind == "return":
            value = value_of(match, "value")
            return (None, 0) if value is None else (f"return {value.source}", match.end())
        if kind == "returned":  # every name of it one the files have, so that no word is taken for code
            returned = match.group("returned").rstrip(".")
            try:
                tree = ast.parse(returned, mode="eval")
            except SyntaxError:
                return None, 0
            used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
            return (f"return {returned}", match.end()) if used and used <= names.spelled else (None, 0)
        if kind == "set":  # a name given a value written as one, or a name the files have ("sets x to nothing" is no code)
            ref = match.group("ref")
            if ref is not None:
                value = ref if ref.split(".")[0] in names.spelled else None
            else:
                value = getattr(value_of(match, "value"), "source", None)
            return (None, 0) if value is None or keyword.iskeyword(match.group("set")) else (f"{match.group('set')} = {value}", match.end())
        if kind == "raises":
            code = "raise " + (match.groupdict().get("raised") or match.group("raised_bare")).strip("`").removeprefix("raise ").strip()
            try:
                ast.parse(code)
            except SyntaxError:
                return None, 0
            return code, match.end()
        if kind == "code":
            code = "\n".join(re.findall(r"`([^`\n]+)`", match.group("handler")))
            try:
                ast.parse(code)
            except SyntaxError:
                return None, 0
            return code, match.end()
        return kind, match.end()
    words = re.sub(r"[\s.!,;]|please|thanks", "", rest, flags=re.I)
    return ("pass", 0) if not words else (None, 0)


def _wrap(match: re.Match[str], exceptions: str, handler: str, names: Names) -> Operation | None:
    groups = match.groupdict()
    parts = [part.strip("` ") for part in re.split(r"\s*(?:,|\bor\b|\band\b|/)\s*", exceptions) if part.strip("` ")]
    exception = parts[0] if len(parts) == 1 else "(" + ", ".join(parts) + ")"
    function = groups.get("function") or names.focus
    scope = None if function is None else names.the_scope(function)
    if scope is not None:
        function, path = scope.dotted, scope.path
    elif function is None and len(names.trees) == 1:
        path = next(iter(names.trees))
    else:
        return None
    # a statement written bare (``words.bare_anchor``), or quoted or named
    anchor = bare_anchor(groups["bare"], names.texts[path], scope.node if scope else None) if groups.get("bare") else anchor_of(match)
    if anchor is None:
        return None
    return WrapInTry(statement=anchor, exception=exception, name=groups.get("as"), handler=handler, function=function,
                     path=path)  # fmt: skip
