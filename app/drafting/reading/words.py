"""The words of an instruction as the readers read them: code, names, values, and clauses.

Pure Python. Code is what the instruction writes as code (in backticks), a value is a literal it
writes (a number, a quoted string, True/False/None, or code that parses as an expression), a
name is an identifier it writes (dotted or not, bare or in backticks). A reader that needs more
than this reads nothing.
"""

from __future__ import annotations

import ast
import keyword
import re
from dataclasses import dataclass

from specdraft.ops.locate import collapse

BACKTICKED = re.compile(r"`([^`\n]+)`")
QUOTED = re.compile(r"(?<![\w`])(?:\"\"\"(.+?)\"\"\"|\'\'\'(.+?)\'\'\'|\"([^\"\n]*)\"|'([^'\n]*)'|\u201c([^\u201d\n]*)\u201d|\u2018([^\u2019\n]*)\u2019)(?![\w`])", re.S)
NAME = r"[A-Za-z_][A-Za-z0-9_]*"
DOTTED = rf"{NAME}(?:\.{NAME})*"
NUMBER = r"-?\d+(?:_\d\d\d)*(?:\.\d+)?(?:[eE][-+]?\d+)?"


_KEPT = re.compile(rf"{BACKTICKED.pattern}|{QUOTED.pattern}", re.S)


def collapsed(instruction: str) -> str:
    """``instruction`` with each run of whitespace one space, but inside quotes and backticks: the
    spaces of a string it writes are the string's ("  (none)")."""
    pieces, at = [], 0
    for kept in _KEPT.finditer(instruction):
        pieces += [re.sub(r"\s+", " ", instruction[at : kept.start()]), kept.group(0)]
        at = kept.end()
    return "".join([*pieces, re.sub(r"\s+", " ", instruction[at:])]).strip()


def name_term(group: str) -> str:
    """A name as an instruction writes it, in backticks or bare, maybe with "()" after a
    function's, captured as ``group``."""
    return rf"`?(?P<{group}>{DOTTED})(?:\(\))?`?"


def value_term(group: str) -> str:
    """A value as an instruction writes it (code, a quoted string, a number, a constant); read it
    with ``value_of(match, group)``."""
    return (rf"(?:`(?P<{group}_code>[^`\n]+)`|\"(?P<{group}_dq>[^\"\n]*)\"|'(?P<{group}_sq>[^'\n]*)'"
            rf"|(?<![\w.])(?P<{group}_num>{NUMBER})(?![\w%]|\.\d)|\b(?P<{group}_const>True|False|None)\b"
            rf"|(?<!\S)(?P<{group}_empty>\[\]|\{{\}}|\(\)|dict\(\)|list\(\)|set\(\))(?![\w(])"
            rf"|\b(?P<{group}_words>an\s+empty\s+(?:list|dict|dictionary|string|str|set|tuple))\b)")


def is_identifier(text: str) -> bool:
    return text.isidentifier() and not keyword.iskeyword(text)


@dataclass(frozen=True)
class Value:
    """A value the instruction writes: its source as it goes into the code, and how it was written."""

    source: str  # Python source: "12", "'utf-8'", "None", "timedelta(days=1)"
    how: str  # "code", "string", "number", "constant"
    text: str  # the string's contents for a string


def value_of(match: re.Match[str], group: str) -> Value | None:
    """The value a ``value_term(group)`` matched, or None where its code does not parse."""
    groups = match.groupdict()
    code = groups.get(f"{group}_code")
    if code is not None:
        try:
            ast.parse(code, mode="eval")
        except SyntaxError:
            return None
        return Value(code, "code", code)
    for quote, part in (('"', "dq"), ("'", "sq")):
        text = groups.get(f"{group}_{part}")
        if text is not None:
            return Value(f"{quote}{text}{quote}", "string", text)
    number = groups.get(f"{group}_num")
    if number is not None:
        return Value(number, "number", number)
    words = groups.get(f"{group}_words")
    if words is not None:
        source = _EMPTY[words.split()[-1].lower()]
        return Value(source, "constant", source)
    constant = groups.get(f"{group}_const") or groups.get(f"{group}_empty")
    return Value(constant, "constant", constant) if constant is not None else None


# "an empty list": the value as Python writes it
_EMPTY = {"list": "[]", "dict": "{}", "dictionary": "{}", "string": '""', "str": '""', "set": "set()", "tuple": "()"}


# verbs that ask an edit: two clauses that each hold one ask two edits, and no reader reads that
_ASKS = re.compile(r"\b(?:add|pass|forward|remove|delete|drop|rename|set|change|make|wrap|insert|import|replace|use|return|raise"
                   r"|log|move|convert|fix|handle|catch|annotate|document|rewrite|refactor|extract|split|merge|sort"
                   r"|print|validate|check|cache|update)\b", re.I)  # fmt: skip
_ALSO = re.compile(r"(?:;|\.\s+(?=[A-Z\x00])|,?\s+and\s+(?:then\s+|also\s+)?|,\s+then\s+|,\s+also\s+)")
# what a rename or a signature change brings with it anyway: not a second ask
# (nouns, not verbs: "its uses" brings nothing new, "use it instead of ..." asks)
_BROUGHT = re.compile(r"\b(?:callers?|call\s+sites?|(?:its|the|every|all|each)\s+calls?|calls\b|(?:its|the|every|all|each)\s+uses?"
                      r"|uses\b|usages?|references?|everywhere|tests?|docs?|imports? of it"
                      r"|keyword\s+arguments?|as\s+(?:it|they)\s+(?:is|are)|alone|unchanged|the\s+body|its\s+body"
                      r"|(?:do\s+not|don't|never)\s+(?:touch|change|rename)|rename\s+(?:it|them|the\s+(?:class|function|method|constant|variable|parameter|attribute|field))\b(?!\s+(?:to|as|into)\b)"
                      r"|update\s+(?:every|all|each)\b|update\s+the\s+(?:field|attribute|class|function|method|parameter|definition|name)\b"
                      r"|every\s+(?:`[^`]*`\s+)?access|all\s+accesses|keeps?\b|stays?\b|including\s+the\s+keyword)\b",
                      re.I)  # fmt: skip


# words that take back what was said before them: "... actually no, call it X", "no wait"
_TAKEN_BACK = re.compile(r"\b(?:actually|no\s+wait|scratch\s+that|i\s+mean|on\s+second\s+thought|correction|make\s+that|hmm+|oops)\b"
                         r"|\b(?:wait|rather|sorry)\s*[,;:.!]|(?:^|[.,;!?\u2014-]\s*)no(?:[,.!]|\s+(?:sorry|wait|actually|scratch))",
                         re.I)  # fmt: skip


def asks_more(instruction: str, claimed: str, brought: re.Pattern[str] | None = None) -> bool:
    """Whether ``instruction`` asks another edit besides the clause ``claimed`` (a part of it):
    a clause after "and", ";" or a sentence's end that holds a verb of editing or quotes code,
    other than updating what the edit brings with it (its callers, its uses) or keeping
    something as it is; or words after it that take it back ("... actually no, ...")."""
    at = instruction.find(claimed)
    if at >= 0 and _TAKEN_BACK.search(instruction[at + len(claimed):]):
        return True  # the words take back what was read: which ask stands is not this reader's to say
    # the clause read is marked, so that a sentence before it is a clause of its own
    rest = instruction[:at] + "\x00 " + instruction[at + len(claimed):] if at >= 0 else instruction
    for clause in _ALSO.split(rest):
        if "\x00" in clause:  # the clause the reader read
            continue
        if _BROUGHT.search(clause) or (brought is not None and brought.search(clause)):
            continue
        if _ASKS.search(BACKTICKED.sub(" CODE ", clause)) or BACKTICKED.search(clause):
            return True
    return False


# what a try/except's handler does, said in a clause after it ("... in try/except KeyError and raise
# ..."): the same ask, which a reader of the clause before it alone would read with another handler
_TRY_CLAUSE = re.compile(r"\btry\b|\bexcept\b|\bcatch(?:es|ing)?\b", re.I)
_HANDLER_CLAUSE = re.compile(r"^(?:re-?raise|raise|return|log|print|continue|skip|ignore|swallow|pass|warn)\w*\b", re.I)
# the return type said in a clause after type hints ("... lane is int, and the return type is str"): the same ask
_HINTS_CLAUSE = re.compile(r"\b(?:type[- ]?hints?|annotat\w+|type\s+annotations?)\b", re.I)
_RETURN_CLAUSE = re.compile(r"^(?:(?:the|its)\s+)?(?:return\s+(?:type|annotation|value)|returns?\b|it\s+returns\b)", re.I)


def asks(instruction: str) -> list[str]:
    """The asks of an instruction, in order: its clauses (after "and", ";", "then" or a sentence's
    end) that hold a verb of editing or quote code, each with the clauses after it that only say
    what it brings (its callers, its uses). One element where it asks one thing; [] where words
    take something back ("... actually no, ..."): which ask stands is not for a rule to say."""
    if _TAKEN_BACK.search(instruction):
        return []
    found: list[str] = []
    for clause in _ALSO.split(instruction):
        clause = clause.strip(" .,;")
        if not clause:
            continue
        handler = bool(found) and (_TRY_CLAUSE.search(found[-1]) is not None and _HANDLER_CLAUSE.match(clause) is not None
                                   or _HINTS_CLAUSE.search(found[-1]) is not None and _RETURN_CLAUSE.match(clause) is not None)
        if found and (handler or _BROUGHT.search(clause) or not (_ASKS.search(BACKTICKED.sub(" CODE ", clause)) or BACKTICKED.search(clause))):
            found[-1] += " and " + clause  # what the ask before brings, or words that ask nothing
        else:
            found.append(clause)
    return found


# a statement as an instruction points at it: quoted as code (`print(...)`: what comes before the
# ellipsis), "the call to save", "the save() call", "the print statement", "the return", "the line
# that builds "total = ..."" (a text it holds), "`total` is assigned" (tried before `total` alone),
# "the row is appended to `rows`"; read with ``anchor_of``
STATEMENT = (r"(?:the\s+|its\s+)?(?:line\s+|statement\s+)?(?:`?(?P<assigned>[A-Za-z_][\w.]*)`?(?:\s+(?:list|dict|dictionary|set|tuple|string|variable))?"
             r"\s+is\s+(?:first\s+)?(?:assigned|set|created|computed|built|defined)"
             r"|(?:the\s+)?line\s+(?:that|which)\s+(?:assigns|sets|creates|computes|builds|defines)\s+`?(?!(?:it|them|this|that)\b)(?P<assigns>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)`?(?=\s*$|\s*[.,;!]|\s+in\b)"
             r"|`(?P<code>[^`\n]+)`(?:\s+(?:line|call|statement|block|loop))?"
             r"|call\s+to\s+`?(?P<call>[A-Za-z_][\w.]*)`?(?:\(\))?|(?!return\b)`?(?P<called>[A-Za-z_][\w.]*)(?:\(\))?`?\s+call"
             r"|(?!(?:return|the|a|an|that|this|its|whole|entire|first|last|next|same|other|final|new|old|one)\b)"
             r"`?(?P<named>[A-Za-z_][\w.]*)`?\s+(?:statement|line)\b|(?P<ret>return)(?:\s+statement)?"
             r"|(?:the\s+)?line\s+(?:that|which)\s+\w+\s+(?:\w+\s+)?\"(?P<holds>[^\"\n]+)\""
             r"|(?:the\s+)?line\s+(?:that|which)\s+[^`\"\n]{0,40}?`(?P<holds_code>[^`\n]+)`"
             r"|(?:the\s+)?\w+\s+is\s+appended\s+to\s+`?(?P<appended>[A-Za-z_][\w.]*)`?)")  # fmt: skip
_ELLIPSIS = re.compile(r"\.\.\.|\u2026")


def anchor_of(match: re.Match[str]) -> str | None:
    """The text of the statement a ``STATEMENT`` match points at, as specdraft.ops finds it (the
    one statement that holds it), or None where it is too little to find one by."""
    groups = match.groupdict()
    if groups.get("code"):
        code = _ELLIPSIS.split(groups["code"], maxsplit=1)[0]
        return code if code.strip() else None
    callee = groups.get("call") or groups.get("called")
    if callee:
        return callee + "("
    if groups.get("named"):  # "the print statement": the one statement that says print
        return groups["named"]
    if groups.get("holds"):
        held = _ELLIPSIS.split(groups["holds"], maxsplit=1)[0]
        return held if len(held.strip()) >= 4 else None
    if groups.get("holds_code"):  # "the line that stores it in `self.items`"
        return _ELLIPSIS.split(groups["holds_code"], maxsplit=1)[0] or None
    if groups.get("assigned") or groups.get("assigns"):  # "right after `ordered` is assigned": its assignment
        return (groups.get("assigned") or groups["assigns"]) + " ="
    if groups.get("appended"):  # "after the row is appended to `rows`"
        return groups["appended"] + ".append("
    return "return" if groups.get("ret") else None


_MARKS = re.compile(r"[()\[\]=.+\-*/<>]|\breturn\b")


def bare_statement(code: str) -> bool:
    """Whether ``code``, written in an instruction without backticks, is one Python statement with
    code's marks in it: not a few words, nor two calls joined by "and" (two asks)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    if len(tree.body) != 1 or _MARKS.search(code) is None:
        return False
    statement = tree.body[0]
    return not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.BoolOp))


_LINE_WORDS = re.compile(r"^(?:the|its)\s+(?:(?:line|statement|call)\s+)?|\s+(?:line|call|statement|block|loop)$", re.I)
_COMPOUND = re.compile(r"^(?:with|for|while|if|async\s+with|async\s+for)\b")
_BLOCK = re.compile(r"^(?:the|its)\s+(?P<kind>with|for|while|try)\s+(?:block|loop|statement)$", re.I)
_BLOCKS: dict[str, tuple[type[ast.stmt], ...]] = {"with": (ast.With, ast.AsyncWith), "for": (ast.For, ast.AsyncFor), "while": (ast.While,),
                                                  "try": (ast.Try,)}  # fmt: skip


def bare_anchor(words: str, text: str, scope: ast.AST | None = None) -> str | None:
    """The statement that ``words``, a span of an instruction with no backticks, points at, as
    specdraft.ops finds it: written in full ("fee = rate * hours"), cut short by an ellipsis ("the
    rows.append(...) line": what comes before it), the first line of a block ("the with open(path)
    block", "the with block": the one in ``scope``, a function's node), or pointed at in words
    ("the return", "the total line", "the call to save"); None where it is none of these, or not
    in ``text``."""
    words = words.strip()
    if (block := _BLOCK.match(words)) is not None:  # "the with block": the one in the function, by its first line
        found = [node for node in ast.walk(scope) if isinstance(node, _BLOCKS[block.group("kind").lower()])] if scope else []
        if len(found) != 1:
            return None
        first = text.splitlines()[found[0].lineno - 1].strip()
        return first[:-1] if first.endswith(":") else first
    called = re.fullmatch(r"(?:the|its)\s+([a-z_]\w*)", words)
    if called is not None and not keyword.iskeyword(called.group(1)):  # "after the pop": the statement that calls pop
        calls = [call for call in (f".{called.group(1)}(", f"{called.group(1)}(") if written_in(call, text)]
        if calls:
            return calls[0]  # specdraft.ops finds the one statement that holds it, or refuses two
    pointed = re.fullmatch(STATEMENT, words, re.I)
    if pointed is not None:
        anchor = anchor_of(pointed)
    else:
        span = _LINE_WORDS.sub("", words).replace("\u2026", "...")
        if _COMPOUND.match(span) and _parses(f"{span}:\n    pass"):  # "the with open(path) block": its first line
            span = _ELLIPSIS.split(span, maxsplit=1)[0]  # up to an ellipsis: "the with open(...) block"
            return span if len(span.strip()) >= 4 and written_in(span, text) else None
        if not bare_statement(span):  # Python reads an ellipsis too: "rows.append(...)" parses
            return None
        anchor = _ELLIPSIS.split(span, maxsplit=1)[0]  # what comes before an ellipsis: "rows.append("
        anchor = anchor if len(anchor.strip()) >= 4 else None
    return anchor if anchor is not None and written_in(anchor, text) else None


def _parses(code: str) -> bool:
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return True


def written_in(code: str, text: str) -> bool:
    """Whether ``code`` is in ``text`` as written (whitespace aside), as specdraft.ops finds a statement."""
    return collapse(code) in collapse(text)
