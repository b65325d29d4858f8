"""Reading a parameter to add or remove: "add a parameter `retries: int = 3` to fetch", "add a
keyword-only argument verbose defaulting to False to run", "remove the unused parameter width
from render".

The function must be one function or method of the files; a parameter to add is written as
code (`name: type = default`) or as a name with its default ("defaulting to 3", "with a default
of None") and type ("of type int"); one with no default is read only where the function is never
called with positional arguments that would shift (specdraft.ops checks the calls).
"""

from __future__ import annotations

import ast
import re

from specdraft.drafting.reading.names import Names
from specdraft.drafting.reading.words import NAME, asks_more, name_term, value_of, value_term
from specdraft.ops import Operation
from specdraft.ops.arguments import AddArgument
from specdraft.ops.parameters import AddParameter, RemoveParameter
from specdraft.ops.values import SetValue

_PARAMETER = r"(?:parameter|param|argument|arg|kwarg|keyword\s+argument|keyword)"
_SPEC = (r"`(?P<spec>[^`\n]+)`|(?P<bare_spec>[A-Za-z_]\w*(?:\s*:\s*[\w.\[\], |]+?)?\s*=\s*[^\s`]+)(?=\s)"
         r"|(?!(?:a|an|the|new|one|another|optional|extra|some|to|for|on|in|it|this|that|them)\b)(?P<name>" + NAME + r")")
# not "to the end of ...": a place in words, whatever function "end" may name
_TO = rf"\s+(?:to|on|for|in)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')}(?!\s+of\b)"


def _default(group: str) -> str:
    return (r"(?:\s*,?\s*(?:with\s+(?:a\s+)?default(?:\s+value)?\s+(?:of\s+)?|defaulting\s+to\s+|that\s+defaults\s+to\s+"
            rf"|defaults?\s+(?:to\s+)?|=\s*|\(default\s+){value_term(group)}\)?)?")  # fmt: skip


def _type(group: str) -> str:
    return (r"(?:\s*,?\s*(?:of\s+type|typed(?:\s+as)?|annotated\s+as|:)\s*"
            rf"`?(?P<{group}>[A-Za-z_][\w.]*(?:\[[^\]\n]*\])?(?:\s*\|\s*[A-Za-z_][\w.]*)?)`?)?")  # fmt: skip


_AFTER = r"(?:\s*,?\s+(?:right\s+|just\s+)?after\s+(?:the\s+)?`?(?P<after>[A-Za-z_]\w*)`?(?:\s+(?:parameter|param|argument))?)?"
_ADD = [
    re.compile(rf"\badd\s+(?:an?\s+|the\s+)?(?:new\s+|optional\s+)?(?P<kwonly>keyword[- ]only\s+)?(?:optional\s+)?{_PARAMETER}\s+"
               rf"(?:{_SPEC}){_type('type')}{_default('default')}{_type('type2')}{_AFTER}{_TO}{_default('default2')}", re.I),
    re.compile(rf"\badd\s+(?:an?\s+|the\s+)?(?:new\s+|optional\s+)?(?:{_SPEC})\s+(?:as\s+)?(?:an?\s+)?(?:new\s+|optional\s+)?"
               rf"(?P<kwonly>keyword[- ]only\s+)?{_PARAMETER}{_type('type')}{_default('default')}"
               rf"{_TO}{_default('default2')}", re.I),
]  # fmt: skip
_GIVE = re.compile(rf"\bgive\s+{name_term('function')}\s+(?:an?\s+|the\s+)?(?:new\s+|second\s+|third\s+|extra\s+|optional\s+)*"
                   rf"(?P<kwonly>keyword[- ]only\s+)?{_PARAMETER}\s+(?:{_SPEC}){_type('type')}{_default('default')}", re.I)  # fmt: skip
_REMOVE_HERE = re.compile(rf"\b(?:remove|drop|delete|get\s+rid\s+of)\s+(?:the\s+)?(?:unused\s+)?{name_term('name')}\s+{_PARAMETER}\b(?!\s+(?:from|of|in)\b)", re.I)
_REMOVE = [
    re.compile(rf"{name_term('function')}\s+(?:never|doesn't|does\s+not|no\s+longer)\s+uses?\s+(?:its\s+|the\s+)?{name_term('name')}"
               rf"(?:\s+{_PARAMETER})?(?:\s+(?:anywhere|at\s+all))?\s*[.;,]\s*(?:so\s+)?(?:please\s+)?(?:remove|drop|delete)\s+(?:it|that"
               rf"(?:\s+{_PARAMETER})?)\b(?:\s+from\s+(?:the|its)\s+signature)?", re.I),
    re.compile(rf"\b(?:remove|drop|delete|get\s+rid\s+of)\s+(?:the\s+)?(?:unused\s+)?{_PARAMETER}\s+{name_term('name')}"
               rf"\s+(?:from|of|in)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')}", re.I),
    re.compile(rf"\b(?:remove|drop|delete|get\s+rid\s+of)\s+(?:the\s+)?(?:unused\s+)?{name_term('name')}\s+{_PARAMETER}"
               rf"\s+(?:from|of|in)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('function')}", re.I),
    re.compile(rf"\b(?:remove|drop|delete|get\s+rid\s+of)\s+(?:the\s+)?{name_term('function')}'s\s+(?:unused\s+)?{name_term('name')}"
               rf"\s+{_PARAMETER}", re.I),
]  # fmt: skip


# "... and use it rather than the literal 0.5": the parameter takes the place of a literal of its function
_USE = re.compile(rf"\s*(?:,\s*)?(?:and\s+)?(?:then\s+)?use\s+(?:it\b|`(?P<used>{NAME})`|(?P<used_bare>{NAME})\b)[^`\"'\d]{{0,40}}?\b(?:instead\s+of|in\s+place\s+of|rather\s+than)\s+"
                  rf"(?:the\s+)?(?:hard-?coded\s+|literal\s+|fixed\s+|constant\s+)*(?:value\s+)?{value_term('old')}", re.I)  # fmt: skip


# "... and pass it through to `parse` as `strict=strict`", "... pass it along as `g(x, n=n)`": the
# new parameter threaded through to one call of its function
_PASS = re.compile(rf"\s*(?:,\s*)?(?:and\s+)?(?:then\s+)?pass\s+it\s+(?:on\s+|through\s+|along\s+)?"
                   rf"(?:to\s+`?(?P<callee>[A-Za-z_][\w.]*)`?(?:\(\))?(?:\s+as\s+`?(?P<kw>{NAME})\s*=\s*(?P<kwval>{NAME})`?)?"
                   rf"|as\s+`(?P<callcode>[^`\n]+)`)", re.I)  # fmt: skip


# a default said in words after those read ("... with default `time.time`" where the value is not one
# this reader reads): the parameter would be added without it
_UNREAD_DEFAULT = re.compile(r"\bdefault", re.I)


def _passed(match: re.Match[str], name: str) -> tuple[str, str] | None:
    """(the called name, the keyword) the new parameter ``name`` is passed to, from a ``_PASS`` match."""
    if match.group("callcode"):
        try:
            call = ast.parse(match.group("callcode"), mode="eval").body
        except SyntaxError:
            return None
        if not isinstance(call, ast.Call):
            return None
        keywords = [k.arg for k in call.keywords if isinstance(k.value, ast.Name) and k.value.id == name and k.arg]
        return (ast.unparse(call.func), keywords[0]) if len(keywords) == 1 else None
    if match.group("kw") and match.group("kwval") != name:
        return None
    return match.group("callee"), match.group("kw") or name


# "to the end of fetch's parameters", "at the end of the parameter list of fetch": where the operation
# adds one, where the function has no *args, keyword-only parameters or **kwargs
_SIGNATURE = r"(?:parameters|parameter\s+list|signature|arguments)"
_END_OF = re.compile(rf"\b(?:(?:to|at)\s+the\s+end\s+of\s+(?:the\s+{_SIGNATURE}\s+(?:of|for)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('of')}"
                     rf"|`?(?P<owner>[A-Za-z_][\w.]*)`?(?:\(\))?'s\s+{_SIGNATURE}|the\s+`?(?P<the>[A-Za-z_][\w.]*)`?(?:\(\))?\s+{_SIGNATURE})"
                     rf"|as\s+(?:the\s+|a\s+(?:new\s+)?)last\s+(?:parameter|argument)\s+(?:of|to|in)\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('last')}"
                     rf"|(?:to|at)\s+the\s+end\s+of\s+(?:the\s+)?(?:(?:function|method)\s+)?{name_term('end')}(?=\s*[.!,;]?\s*$))", re.I)  # fmt: skip


# "a trailing parameter", "a new last parameter": the same place
_LAST = re.compile(rf"\b(?P<word>trailing|final|last)\s+(?=(?:optional\s+)?{_PARAMETER}\b)", re.I)


def read(instruction: str, names: Names) -> Operation | tuple[Operation, ...] | None:
    end_of, last = _END_OF.search(instruction), _LAST.search(instruction)
    if last is not None and end_of is None:
        instruction = instruction[: last.start()] + instruction[last.end() :]
    said = end_of is not None and re.search(rf"\b{_PARAMETER}\b", instruction[: end_of.start()], re.I)
    if end_of is not None and end_of.group("end") and not said:
        end_of = None  # "add it at the end of f", said of no parameter: the end of its body, not of its parameters
    if end_of is not None:  # read as "... to fetch", where the end of its parameters is where the operation adds one
        named = end_of.group("of") or end_of.group("owner") or end_of.group("the") or end_of.group("last") or end_of.group("end")
        # "add `x=1` as the last parameter of f": the word parameter goes with it
        instruction = instruction[: end_of.start()] + ("to " if said else "as a parameter to ") + named + instruction[end_of.end() :]
    for pattern in (*_REMOVE, *((_REMOVE_HERE,) if names.focus else ())):  # "In f, remove the `p` parameter."
        match = pattern.search(instruction)
        if match is not None:
            brought = re.compile(rf"\b(?:argument|arg|keyword)s?\b[^.;]*\b(?:calls?|in|from)\b|`{re.escape(match.group('name'))}\s*=", re.I)
            return None if asks_more(instruction, match.group(0), brought) else _remove(match, names)
    for pattern in (*_ADD, _GIVE):
        match = pattern.search(instruction)
        if match is None:
            continue
        use = _USE.search(instruction, match.end())
        passing = _PASS.match(instruction, match.end()) or _PASS.match(instruction, (use or match).end())
        end = max(m.end() for m in (match, use, passing) if m is not None)
        if asks_more(instruction, instruction[match.start() : end]) or _UNREAD_DEFAULT.search(instruction, end):
            return None
        added = _add(match, names, at_end=end_of is not None or last is not None)
        if added is None:
            return None
        if passing is not None:
            passed = _passed(passing, added.name)
            if passed is None:
                return None
            through = AddArgument(call=passed[0], name=passed[1], value=added.name, function=added.function, path=added.path)
            return (added, through) if use is None else None  # both a literal replaced and a call: not this reader's
        if use is None:
            return added
        value = value_of(use, "old")  # the literal the new parameter takes the place of, in its function
        if value is None or use.start() - match.end() > 40 or (use.group("used") or use.group("used_bare") or added.name) != added.name:
            return None
        # the literal first: once the parameter is added, its default may be a literal equal to it
        return (SetValue(target=added.function, value=added.name, old=value.source, path=added.path), added)
    return None


def _remove(match: re.Match[str], names: Names) -> Operation | None:
    function = names.the_function(match.groupdict().get("function") or names.focus or "")
    name = match.group("name")
    if function is None or name not in [a.arg for a in names.parameters(function)]:
        return None
    return RemoveParameter(function=function.dotted, name=name, path=function.path)


def _last_plain(function, name: str) -> bool:
    """Whether ``name`` is the last of the function's plain parameters (before any ``*``)."""
    args = function.node.args
    plain = [*args.posonlyargs, *args.args]
    return bool(plain) and plain[-1].arg == name


def _add(match: re.Match[str], names: Names, at_end: bool = False) -> Operation | None:
    groups = match.groupdict()
    function = names.the_function(groups["function"])
    if function is None:
        return None
    name, annotation, default = groups.get("name"), groups.get("type") or groups.get("type2"), None
    given = value_of(match, "default") or value_of(match, "default2")
    if given is not None:
        default = given.source
    if groups.get("bare_spec"):
        groups["spec"] = groups["bare_spec"]
    if groups.get("spec"):  # `retries: int = 3`, `retries=3`
        try:
            signature = ast.parse(f"def f({groups['spec']}): pass").body[0]
        except SyntaxError:
            return None
        assert isinstance(signature, ast.FunctionDef)
        args = signature.args
        every = [*args.args, *args.kwonlyargs]
        if len(every) != 1 or args.vararg or args.kwarg:
            return None
        spec = groups["spec"]
        name = every[0].arg
        if every[0].annotation is not None:
            annotation = ast.get_source_segment(f"def f({spec}): pass", every[0].annotation)
        defaults = args.defaults or [d for d in args.kw_defaults if d is not None]
        if defaults:
            default = ast.get_source_segment(f"def f({spec}): pass", defaults[0])
    if name is None or name in [a.arg for a in names.parameters(function)]:
        return None
    if groups.get("after") and not _last_plain(function, groups["after"]):
        return None  # a place other than the end of the plain parameters: not where the operation adds one
    if at_end and (function.node.args.vararg or function.node.args.kwonlyargs or function.node.args.kwarg):
        return None  # "at the end" of a signature with a * part: after it, or before it, is not said
    return AddParameter(function=function.dotted, name=name, default=default, annotation=annotation,
                        keyword_only=bool(groups.get("kwonly")), path=function.path)  # fmt: skip
