"""The edit prompt format of the builtin models: chat messages, special tokens and chat template.

The app asks a local model to rewrite a whole file (or a window of its lines) according to an
instruction. The builtin pair was trained on exactly this format, so a caller should build its
prompt with `build_edit_messages` and render it with `render_chat` (or with the tokenizer's
chat template, which renders the same text). Pure Python: no torch at import time.

Rendered prompt, for one edit (the model answers after the last line)::

    <|bos|><|system|>
    You rewrite code. Apply the instruction to the file and answer with the whole new file, nothing else.<|end|>
    <|user|>
    Rename the parameter `path` to `filename`.

    File: json/tool.py
    ```python
    def main(path):
        ...
    ```<|end|>
    <|assistant|>

The answer is the whole edited file, byte for byte, with no code fence, followed by `<|end|>`
(the end-of-sequence token). Because the original file appears verbatim in the prompt and the
answer is mostly a copy of it, the original is an excellent speculative draft (EditDrafter).
"""

from __future__ import annotations

import ast
import builtins
import difflib
import functools
import keyword
import re
import symtable
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

BOS_TOKEN = "<|bos|>"
EOS_TOKEN = "<|end|>"  # ends every turn; generation stops at it
PAD_TOKEN = "<|pad|>"
ROLE_TOKENS = {"system": "<|system|>", "user": "<|user|>", "assistant": "<|assistant|>"}
SPECIAL_TOKENS = [PAD_TOKEN, BOS_TOKEN, EOS_TOKEN, *ROLE_TOKENS.values()]  # ids 0..5 in this order

SYSTEM_PROMPT = (
    "You rewrite code. Apply the instruction to the file and answer with the whole new file, "
    "nothing else."
)

# Jinja template stored in tokenizer_config.json; `render_chat` is its pure-Python twin (tested equal
# through transformers' apply_chat_template). Roles other than system/user/assistant are refused.
CHAT_TEMPLATE = (
    "{{ bos_token }}"
    "{% for message in messages %}"
    "{% if message['role'] not in ['system', 'user', 'assistant'] %}"
    "{{ raise_exception('roles must be system, user or assistant') }}"
    "{% endif %}"
    "{{ '<|' + message['role'] + '|>\\n' + message['content'] + eos_token }}"
    "{% if message['role'] != 'assistant' %}{{ '\\n' }}{% endif %}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|assistant|>\\n' }}{% endif %}"
)


def format_file_block(original: str, path: str | None = None, language: str = "python") -> str:
    """The file part of the user message: an optional `File:` line and the text in a code fence."""
    body = original if original.endswith("\n") or not original else original + "\n"
    head = f"File: {path}\n" if path else ""
    return f"{head}```{language}\n{body}```"


def build_edit_messages(
    instruction: str, original: str, path: str | None = None, language: str = "python"
) -> list[dict[str, str]]:
    """Chat messages asking for the whole of `original` rewritten according to `instruction`."""
    user = instruction.strip() + "\n\n" + format_file_block(original, path, language)
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": user},
    ]


def render_chat(messages: list[dict[str, str]], add_generation_prompt: bool = True) -> str:
    """Render messages exactly as CHAT_TEMPLATE does (the text fed to the tokenizer, specials included)."""
    parts = [BOS_TOKEN]
    for message in messages:
        role = message["role"]
        if role not in ROLE_TOKENS:
            raise ValueError(f"unknown chat role {role!r}: use system, user or assistant")
        parts.append(f"<|{role}|>\n{message['content']}{EOS_TOKEN}")
        if role != "assistant":
            parts.append("\n")
    if add_generation_prompt:
        parts.append("<|assistant|>\n")
    return "".join(parts)


def redraft_feedback(rejected: Sequence[tuple[str, str, str]], rewritten: Sequence[tuple[str, str]] = ()) -> str:
    """A reviewer's corrections of an earlier draft as a redraft's prompt states them, after the
    instruction: (path, the hunk as a patch, the note) for each rejected hunk, (path, hunk) for each
    hunk accepted only as the reviewer rewrote it; "" for none. The app's redraft
    (specdraft.drafting.requests.feedback_text) and the builtin models' training data both write it."""
    if not rejected and not rewritten:
        return ""
    parts = ["The reviewer went through your previous draft of this edit."]
    for path, patch, note in rejected:
        said = f" and said: {note.strip()}" if note.strip() else ""
        parts.append(f"They rejected this change in {path}{said}\n```diff\n{patch}```")
    for path, patch in rewritten:
        parts.append(f"They accepted this change in {path} only as they rewrote it (it is in the file "
                     f"now; keep it):\n```diff\n{patch}```")  # fmt: skip
    parts.append("Draft the edit again with their corrections in mind.")
    return "\n\n".join(parts)


def render_edit_prompt(instruction: str, original: str, path: str | None = None) -> str:
    """The full prompt text for one edit, ending where the model starts writing the new file."""
    return render_chat(build_edit_messages(instruction, original, path), add_generation_prompt=True)


# ---------------------------------------------------------------------------------------------
# windows: a file longer than the model's context is rewritten in windows of lines


def blank_edges(window: str) -> tuple[str, str, str]:
    """(leading blank lines, the rest, trailing blank lines) of a window of lines.

    Windows end where a statement starts, so most end with the blank lines before it; the
    builtin models were trained on windows that begin and end with code (a window ending in a
    blank line gets its last newline written as a separate token, and the model is out of its
    training there). Callers send the middle and put the blank lines back around the answer
    verbatim. Lines of spaces count as blank; a window of blank lines is all head.
    """
    lines = window.splitlines(keepends=True)
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    end = len(lines)
    while end > start and not lines[end - 1].strip():
        end -= 1
    return "".join(lines[:start]), "".join(lines[start:end]), "".join(lines[end:])


def window_ranges(lines: list[str], costs: list[int], budget: int, depth: dict[int, int],
                  starts: Sequence[int] = ()) -> list[tuple[int, int]]:  # fmt: skip
    """Contiguous line ranges [start, end) covering `lines`, each of total cost (tokens) at most
    `budget` where a line alone fits, ending where `best_cut` finds a statement boundary; `depth`
    is `statement_starts` of the text. A line costlier than `budget` gets a window of its own:
    callers refuse those first, with their own message. `starts`: lines where a window must
    start (`named_definitions`: the definitions an instruction is about)."""
    cuts = sorted({start for start in starts if 0 < start < len(lines)})
    if cuts:
        ranges = []
        for begin, end in zip([0, *cuts], [*cuts, len(lines)], strict=True):
            part = {line - begin: level for line, level in depth.items() if begin <= line < end}
            ranges += [(begin + a, begin + b) for a, b in window_ranges(lines[begin:end], costs[begin:end], budget, part)]
        return ranges
    ranges: list[tuple[int, int]] = []
    start, used = 0, 0
    for index, cost in enumerate(costs):
        if used + cost > budget and index > start:
            earliest, kept = index, cost  # the next window keeps lines cut..index: they must fit
            while earliest > start + 1 and kept + costs[earliest - 1] <= budget:
                earliest -= 1
                kept += costs[earliest]
            cut = best_cut(lines, depth, earliest, index)
            ranges.append((start, cut))
            start, used = cut, sum(costs[cut:index])
        used += cost
    ranges.append((start, len(lines)))
    return ranges


def statement_starts(text: str, path: str) -> dict[int, int]:
    """Line index -> nesting depth of the outermost statement starting on that line (0: top level),
    for Python source that parses; otherwise every line that is not blank and does not close a
    bracket, with its indentation width as the depth."""
    if path.endswith((".py", ".pyi")):
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            tree = None
        if tree is not None:
            starts: dict[int, int] = {}

            def visit(body: list[ast.stmt], depth: int) -> None:
                for node in body:
                    first = _first_line(node)
                    starts.setdefault(first, depth)
                    for name in ("body", "orelse", "finalbody"):
                        visit(getattr(node, name, []) or [], depth + 1)
                    for handler in getattr(node, "handlers", []) or []:
                        visit(handler.body, depth + 1)

            visit(tree.body, 0)
            return starts
    indents: dict[int, int] = {}
    for index, line in enumerate(text.splitlines()):
        stripped = line.lstrip()
        if stripped and stripped[0] not in ")]}":
            indents[index] = len(line) - len(stripped)
    return indents


def _first_line(node: ast.stmt) -> int:
    """The index of a statement's first line: its first decorator's, where it has one."""
    return min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]) - 1


def named_definitions(instruction: str, text: str, path: str, feedback: str = "") -> list[int]:
    """The lines (indices) where a function, class or method that the instruction (or the
    reviewer's notes in `feedback`) names is defined, at the top level or in a top-level class:
    the first line of its statement (its first decorator). A window of a long file starts at
    each (`window_ranges`' `starts`): asked to add a parameter to the second function of a
    window, the builtin pair changes the first now and then (its training snippets began with
    the definition they edit), and one that starts at the definition leaves it no other."""
    if not path.endswith((".py", ".pyi")):
        return []
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    quoted, names = _named(_asked(instruction, feedback), text)
    wanted = {part.removesuffix("()") for term in quoted + names for part in term.split(".")}
    found = []
    for node in tree.body:
        inner = node.body if isinstance(node, ast.ClassDef) else []
        for definition in [node, *inner]:
            if isinstance(definition, _DEFINITIONS) and definition.name in wanted:
                found.append(_first_line(definition))
    return sorted(found)


def best_cut(lines: list[str], depth: dict[int, int], earliest: int, end: int) -> int:
    """Where to end a window: at a line from `earliest` to `end`, the start of the shallowest
    statement in the second half of that span (after a blank line if one is as shallow; the latest
    of equals), so that windows hold whole functions and classes where they fit; `end` when no
    statement starts there."""
    candidates = [k for k in range((earliest + end + 1) // 2, end + 1) if k in depth]
    if not candidates:
        return end
    return min(candidates, key=lambda k: (depth[k], lines[k - 1].strip() != "", -k))


# ---------------------------------------------------------------------------------------------
# what an instruction is about


# `code`; "text" or 'text' as a quoted literal (an apostrophe inside a word, as in "don't", opens nothing)
_QUOTED = re.compile(r"`([^`\n]+)`|(?<!\w)\"([^\"\n]+)\"(?!\w)|(?<!\w)'([^'\n]+)'(?!\w)")


def quoted_spans(instruction: str) -> list[str]:
    """What an instruction quotes: names, code and literals in backticks or quotes."""
    return [next(g for g in match.groups() if g) for match in _QUOTED.finditer(instruction)]


# Words of the instructions themselves, never taken for a name of the code even where the code has
# one so spelled: a window is not "about" an instruction because it holds a variable called `to`.
_INSTRUCTION_WORDS = frozenset("""
a an the this that these those it its to in into of on at by for from with without and or not no
as be is are was make makes set use uses using call called calls rename change replace add adds
remove delete drop insert put wrap give take move raise lower double increase decrease bump update
please can could you we i me my our us let lets should would need want also instead rather than
everywhere throughout all every each any both whole module file function functions method methods
class classes variable variables parameter parameters argument arguments arg args constant constants
attribute attributes field fields name names value values default defaults literal string number
type types hint hints annotation annotations docstring docstrings statement line lines
code import imports new old so then there here after before top bottom start end other keyword
site sites definition usage usages where which what when if else try except handle
""".split())  # fmt: skip
_WORD = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(\(\))?|(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?")
_IMPORT_LINE = re.compile(r"^(?:import|from)\s+[\w.]+", re.M)


def _looks_like_code(word: str, called: bool) -> bool:
    """A bare word an instruction cannot mean as English: snake_case, a digit in a name, camelCase
    or ALL_CAPS, or written as a call (`load()`)."""
    if called or "_" in word.strip("_") or "." in word:
        return True
    if any(ch.isdigit() for ch in word) and not word.isdigit():
        return True
    inner_capital = any(ch.isupper() for ch in word[1:]) and any(ch.islower() for ch in word)
    return inner_capital or (len(word) > 1 and word.isupper())


def instruction_names(instruction: str, code: str) -> list[str]:
    """What an instruction names in `code`, beyond what it quotes (`quoted_spans`): bare words that
    look like code (`_looks_like_code`), that follow "import" or "from" ("add import unicodedata"),
    or that are a name or a number of `code` itself and not an instruction's own word ("rename
    parse_tags to split_tags", "timeout from 30 to 60")."""
    unquoted = _QUOTED.sub(" ", instruction)
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?", code))
    names = []
    for match in _WORD.finditer(unquoted):
        word = match.group(0).removesuffix("()")
        if word.lower() in _INSTRUCTION_WORDS or word in names:
            continue
        # "add import unicodedata", not "add the import pls"
        imported = re.search(r"(?<!\bthe )(?<!\ban )(?<!\bthat )(?<!\bthis )\b(?:import|from)\s+$", unquoted[: match.start()])
        stdlib = word in _STDLIB and _IMPORT_CUE.search(unquoted)  # "I'll need itertools ..., please import it"
        if _looks_like_code(word, bool(match.group(1))) or word in words or imported or stdlib:
            names.append(word)
            if "." in word:  # `Order.cancel`: a window holds `def cancel(` or `order.cancel()`, not the pair
                names += [part for part in word.split(".") if part.lower() not in _INSTRUCTION_WORDS and part not in names]
    return names


def instruction_misses(instruction: str, window: str, code: str | None = None) -> bool:
    """True when the instruction names something (quotes it, or names bare a word of `code`, the
    whole file, by default the window itself: `instruction_names`) and none of it occurs in
    `window`; a quoted span counts even inside a longer word, a bare name as a whole word
    (conservative: a window that merely might be meant is not missed). False when it names
    nothing. The builtin models were trained to answer such a window unchanged (kind
    "no_change"), and the app does not send them one (`windows_about`)."""
    quoted, names = quoted_spans(instruction), instruction_names(instruction, window if code is None else code)
    return bool(quoted or names) and not _holds(window, quoted, names)


def _holds(window: str, quoted: list[str], names: list[str]) -> bool:
    """Whether `window` holds a quoted span (even inside a longer word), a name (as a word), or a
    lower-case word of the instruction as a part of an identifier ("the tax rate": `TAX_RATE`)."""
    if any(q in window for q in quoted) or any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", window) for name in names):
        return True
    words = {name for name in names if name.isalpha() and name.islower()}
    return bool(words) and not words.isdisjoint(_identifier_parts(window))


def _identifier_parts(text: str) -> set[str]:
    """The lower-case parts of the identifiers of `text`: `TAX_RATE` -> tax, rate; `hitRate` -> hit, rate."""
    return {part.lower() for identifier in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)
            for part in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", identifier)}  # fmt: skip


def _mentions(text: str, term: str) -> bool:
    """Whether `text` holds `term` as a word of its own; a number as a value holds it ("to 19%"
    writes 0.19: digits must not touch it, a point may)."""
    edges = (r"(?<!\d)", r"(?!\d)") if term[0].isdigit() else (r"(?<!\w)", r"(?!\w)")
    return re.search(edges[0] + re.escape(term) + edges[1], text) is not None


def _asked(instruction: str, feedback: str = "") -> str:
    """The instruction and the reviewer's notes (not the diffs the feedback quotes), one text; of an
    instruction that takes back what it began with ("add a `note` field... no, add a `quiet`
    keyword"), what it says after."""
    after = _TAKEN_BACK.split(instruction)[-1]
    if after != instruction and _RETRACTED.match(after):
        after = ""  # "can load_splits default to 21.0975? no wait, keep the marathon default": nothing asked
    elif after != instruction and not re.search(r"`[^`\n]+`|\b[a-z]+_\w+|\b[A-Z][a-z]+[A-Z]\w*", after):
        after = instruction  # "rename foo to bar - actually, call it baz": no request of its own, both halves meant
    elif after != instruction and (scope := re.match(r"\s*`?[A-Za-z_][\w.]*(?:\(\))?`?\s*:\s", instruction)):
        after = scope.group(0) + after  # "replay_log: ... no, just insert ...": still in replay_log
    return after + "\n" + feedback_notes(feedback)


_RETRACTED = re.compile(r"\s*(?:keep\b|leave\b|never\s*mind\b|forget\b|don'?t\b|do\s+not\b|ignore\b|scrap\b|cancel\b)", re.I)
_TAKEN_BACK = re.compile(r"(?:\.\.\.|\u2026|[,;.!?-])\s+(?:no|nope|actually|wait|hmm+|scratch\s+that|sorry|i\s+mean)(?:\s+(?:no|wait|actually))?\s*[,:\u2014-]\s+", re.I)


def _named(asked: str, code: str) -> tuple[list[str], list[str]]:
    """What `asked` (`_asked`) quotes and names in `code`: one rule for the windows sent and the
    changes kept. A name quoted as a call, `make_change()`, is the name: its `def` line and its
    calls with arguments hold it."""
    quoted = quoted_spans(asked)
    quoted += [q[:-2] for q in quoted if q.endswith("()") and re.fullmatch(r"[A-Za-z_][\w.]*", q[:-2])]
    return quoted, instruction_names(asked, code)


def windows_about(instruction: str, windows: list[str], feedback: str = "") -> set[int]:
    """The windows of a long file to send to the model: those holding something the instruction
    quotes (a name, code, a literal: `quoted_spans`) or names bare (`instruction_names`: a name or
    number of the file, snake_case, `f()`), or something the reviewer's notes in ``feedback`` so
    name; for an instruction about imports, also the window with the file's imports. The others are
    what the builtin models were trained to answer unchanged, and a small model asked anyway can
    still change them. All windows when nothing is named, or nothing named is found: a window is
    never skipped on a guess; the reviewer's notes alone never narrow."""
    everything = set(range(len(windows)))
    code = "".join(windows)
    if not quoted_spans(instruction) and not instruction_names(instruction, code):
        return everything
    quoted, names = _named(_asked(instruction, feedback), code)  # once for the file, not per window
    about = {number for number, window in enumerate(windows) if _holds(window, quoted, names)}
    if about and re.search(r"\bimports?\b", instruction, re.I):
        about.add(next((n for n, window in enumerate(windows) if _IMPORT_LINE.search(window)), 0))
    return about or everything


def feedback_without_diffs(feedback: str) -> str:
    """A redraft's feedback (`redraft_feedback`) without the hunks it quotes: the reviewer's notes
    in the same words, for a model whose window has no room for the hunks as well as the file."""
    return re.sub(r"\n```diff\n.*?```", "", feedback, flags=re.S)


_DEFINED = re.compile(r"\s*(?:async\s+)?(?:def|class)\s+([A-Za-z_][A-Za-z0-9_]*)")  # a def or class line: the name it defines


def _headers_above(lines: list[str], index: int, changed: list[str]) -> list[str]:
    """The `def` and `class` lines that enclose a change of `changed` lines at `lines[index]`, by
    indentation, innermost first: a change in the body of a function the instruction names is
    about the instruction ("escape_cell should turn newlines into <br>")."""
    first = next((line for line in changed if line.strip()), "")
    indent = len(first) - len(first.lstrip())
    headers = []
    for line in reversed(lines[:index]):
        depth = len(line) - len(line.lstrip())
        if not line.strip() or depth >= indent:
            continue
        if _DEFINED.match(line):
            headers.append(line)
        indent = depth
        if depth == 0:
            break
    return headers


# a note on a rejected hunk (`redraft_feedback`), with the hunk; a note alone (the app's redraft
# of files without a rejected hunk: specdraft.drafting.flow)
_NOTE = re.compile(r" and said: (.*?)\n```diff\n(.*?)```|^The reviewer's note: (.*)$", re.S | re.M)


def _feedback_items(feedback: str) -> list[tuple[str, str]]:
    """(note, the rejected hunk's patch, "" for a note alone) for each note in a redraft's feedback."""
    items = []
    for match in _NOTE.finditer(feedback):
        if match.group(3) is not None:
            items.append((match.group(3).strip(), ""))
        else:
            items.append((match.group(1), match.group(2)))
    return items


def feedback_notes(feedback: str) -> str:
    """What the reviewer said in a redraft's feedback (`redraft_feedback`), one note a line: not
    the diffs it quotes, nor its own words around them (a path there is no name the edit is about)."""
    return "\n".join(note for note, _ in _feedback_items(feedback))


_SCOPE_OF_DOTTED = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]*(?=\.[A-Za-z_])")  # `Garage` of `Garage.leave`


def put_back_unrelated(instruction: str, original: str, answer: str, code: str, feedback: str = "") -> tuple[str, int]:
    """`answer` (a model's rewrite of `original`, a window of the file `code`) with each change
    that neither removes nor adds anything the instruction (or the reviewer's notes in
    `feedback`) quotes or names put back as it was in `original`: (the text, how many changes were
    put back). The answer as it is when the instruction names nothing of the file (nothing to
    judge by), like `windows_about`.

    A change is a run of changed lines, judged with what it removes and adds together (a
    wrapped statement's `try:` goes with the statement); a run that replaces as many lines as it
    removes is judged line by line, so a renamed line keeps its rename while a line the model
    garbled beside it goes back. A change inside a `def` or `class` the instruction names is
    about it, whatever it holds. The builtin pair is small: asked to rename `a`, it can also rewrite a docstring's word or
    drop a blank line, and those are what this takes out."""
    words = _asked(instruction, feedback)
    quoted, names = _named(words, code)
    if not quoted and not names:
        return answer, 0
    numbers = _NUMBER.findall(_QUOTED.sub(" ", words))  # a new value: "to 19%" writes 0.19
    # a class the instruction names only as the scope of a dotted name ("rename Garage.leave") does
    # not make every change in its body about the instruction: its method named does
    unscoped = _SCOPE_OF_DOTTED.sub("", words)
    enclosing = [name for name in names if "." in name or _mentions(unscoped, name)]
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    out: list[str] = []
    put_back = 0
    for (i1, i2, j1, j2), pieces in _changes(old, new, paired=True):
        if not pieces:  # equal lines
            out.extend(new[j1:j2])
            continue
        inside = any(_holds(header, quoted, enclosing) for header in _headers_above(old, i1, old[i1:i2] or new[j1:j2]))
        for a1, a2, b1, b2 in pieces:
            removed, added = "".join(old[a1:a2]), "".join(new[b1:b2])
            if a1 == a2 and i1 != i2:  # lines added within a changed run: judged with the run (a wrap's `try:`)
                removed, added = "".join(old[i1:i2]), "".join(new[j1:j2])
            if (inside or _holds(removed, quoted, names) or _holds(added, quoted, names)
                    or any(_mentions(added, n) for n in numbers)):  # fmt: skip
                out.extend(new[b1:b2])
            else:
                out.extend(old[a1:a2])
                put_back += 1
    return "".join(out), put_back


def shows_what_was_asked(instruction: str, original: str, answer: str, feedback: str = "") -> bool:
    """Whether a change from `original` to `answer` does something the instruction (or the
    reviewer's notes in `feedback`) says, and nothing it does not: it writes a term of the
    instruction that the lines it replaces lacked (a quoted span, a number, a name, a word that is
    not one of an instruction's own, `_INSTRUCTION_WORDS`), or takes away a name the instruction
    gives (quoted, or written bare as code or as a name of the window); and every name or number
    it writes that the replaced lines lacked is the instruction's (a keyword aside; a number
    holding one of its numbers: "19%" writes 0.19). The test of an answer the model did not choose
    itself (its likeliest change, where it changed nothing): "rename parse_tags to split_tags"
    answered `parse_tagz` takes `parse_tags` away but writes a name nobody said; deleting a block
    because it holds `return` ("should return the top 10") takes away only an English word."""
    words = _asked(instruction, feedback)
    spans = quoted_spans(words)
    spans += [q[:-2] for q in spans if q.endswith("()") and re.fullmatch(r"[A-Za-z_][\w.]*", q[:-2])]  # `bill_lines()`
    quoted = [span for span in spans if not _NAME.fullmatch(span)]  # code: found inside words
    spelled = {span for span in spans if _NAME.fullmatch(span)}  # `enabled_for`: a word of its own
    unquoted = _QUOTED.sub(" ", words)
    terms = {match.group(0).removesuffix("()") for match in _WORD.finditer(unquoted)}
    terms |= {part for term in terms for part in term.split(".")}  # `JobQueue.completed`: `self.completed`
    terms = {term for term in terms if term.lower() not in _INSTRUCTION_WORDS}
    numbers = set(_NUMBER.findall(unquoted)) | set(_NUMBER.findall(_in_digits(unquoted)))  # "to 4.0." ends a sentence; "six hours": 6
    numbers |= {format((Decimal(n) / 100).normalize(), "f") for n in re.findall(r"(\d+(?:\.\d+)?)\s*%", unquoted)}  # "30%": 0.3
    terms |= spelled | numbers
    names = {name for name in instruction_names(words, original) if not keyword.iskeyword(name)}
    names |= {part for name in names for part in name.split(".")} | spelled
    said = set(_TOKEN.findall(words))

    def writes(added: str, removed: str) -> bool:
        return any(q in added and q not in removed for q in quoted) or any(
            _mentions(added, term) and not _mentions(removed, term) for term in terms
        )

    def takes_away(added: str, removed: str) -> bool:
        return any(q in removed and q not in added for q in quoted) or any(
            _mentions(removed, name) and not _mentions(added, name) for name in names
        )

    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    for (i1, i2, j1, j2), pieces in _changes(old, new):
        if not pieces:
            continue
        removed, added = "".join(old[i1:i2]), "".join(new[j1:j2])
        unsaid = set(_TOKEN.findall(added)) - set(_TOKEN.findall(removed)) - said
        unsaid = {token for token in unsaid if not keyword.iskeyword(token)
                  and not (token[0].isdigit() and any(_mentions(token, number) for number in numbers))}  # fmt: skip
        if not unsaid and (writes(added, removed) or takes_away(added, removed)):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# a rename the model made, carried to the lines it left as they were


@dataclass(frozen=True)
class CarriedRename:
    """A rename the model made in some lines (`old` -> `new`), carried by `carry_renames` to
    `lines` more lines that it left as they were."""

    old: str
    new: str
    lines: int


_NAME_PIECES = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)")


def _renamed_pair(old_line: str, new_line: str) -> tuple[str, str, tuple[int, ...]] | None:
    """(a, b, columns) when `new_line` is `old_line` with the name `a` written `b` at `columns`
    (character offsets in `old_line`) and nothing else changed; else None."""
    old_pieces, new_pieces = _NAME_PIECES.split(old_line), _NAME_PIECES.split(new_line)
    if len(old_pieces) != len(new_pieces):
        return None
    pairs, columns, at = set(), [], 0
    for index, (a, b) in enumerate(zip(old_pieces, new_pieces, strict=True)):
        if a != b:
            if index % 2 == 0:  # the text between names differs: not a rename
                return None
            pairs.add((a, b))
            columns.append(at)
        at += len(a)
    if len(pairs) != 1:
        return None
    a, b = pairs.pop()
    return a, b, tuple(columns)


def carry_renames(instruction: str, original: str, answer: str, feedback: str = "") -> tuple[str, list[CarriedRename]]:
    """`answer` (the model's rewrite of the Python file `original`) with each rename it made
    carried to the lines it left as they were: (the text, the renames carried).

    A rename counts where a line of the answer is its original line with one name `old` written
    `new` and nothing else changed, the instruction (or the reviewer's notes in `feedback`) names
    both (`old` as `instruction_names` finds it or quoted, `new` as a word of it), and its words
    allow it (`_fits_instruction`: the role it says, the function or class it names). The builtin
    pair often renames a definition and leaves a use in another window, or the uses and not the
    definition; a reviewer would make the same change by hand. Where `old` is carried follows
    Python's scopes (`_Scopes.sites`): a parameter or local variable in its function (and a
    parameter's keyword arguments at calls to it), a method or attribute in attribute accesses
    and its class's definitions, a module-level name wherever it is not shadowed; never inside
    strings or comments, never where `new` already names something there ("call `b` instead of
    `a`"). Nothing is carried where the original does not parse, where a name's scope is unclear,
    or where the result would not parse though the answer does."""
    old_lines, new_lines = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    runs = _changes(old_lines, new_lines)
    renamed: dict[tuple[str, str], list[tuple[int, tuple[int, ...]]]] = {}  # (old, new): [(line, columns)]
    clean: set[int] = set()  # the answer's lines that are such renames
    for _, pieces in runs:
        for a1, a2, b1, b2 in pieces:
            found = _renamed_pair(old_lines[a1], new_lines[b1]) if a2 - a1 == b2 - b1 == 1 else None
            if found is not None:
                renamed.setdefault(found[:2], []).append((a1, found[2]))
                clean.add(b1)
    if not renamed:
        return answer, []
    words = _asked(instruction, feedback)
    quoted, names = _named(words, original)
    given = names + [span for span in quoted if re.fullmatch(r"[A-Za-z_][\w.]*", span)]  # `Order.cancel` too
    named = {part for name in given for part in name.split(".")} | set(given)
    olds = [old for old, _ in renamed]
    changed = [new_lines[j] for (_, _, j1, j2), pieces in runs if pieces for j in range(j1, j2) if j not in clean]
    candidates = [(old, new, at) for (old, new), at in renamed.items()
                  if olds.count(old) == 1 and old in named and _mentions(words, new) and not keyword.iskeyword(new)
                  # a line writing both: the two live on side by side ("a min_length parameter,
                  # defaulting to MIN_LENGTH, used instead of the constant")
                  and not any(_mentions(line, old) and _mentions(line, new) for line in changed)]  # fmt: skip
    if not candidates:
        return answer, []
    tree = _parsed(original)
    if tree is None:
        return answer, []
    scopes = _Scopes(tree, old_lines)
    unchanged = {i1 + k: j1 + k for (i1, i2, j1, _), pieces in runs if not pieces for k in range(i2 - i1)}
    out = list(new_lines)
    carried = []
    for old, new, at in candidates:
        kept = _with_methods(tree, _kept_apart(words, _said_names(words), old, [new]))
        if not _fits_instruction(scopes, old, [line for line, _ in at], words, given):
            continue
        by_line: dict[int, set[int]] = {}
        for line, column in scopes.sites(old, new, at, _owner_said(words, old) or named - kept):
            if line in unchanged:
                by_line.setdefault(line, set()).add(column)
        for line, columns in by_line.items():
            text = out[unchanged[line]]
            for column in sorted(columns, reverse=True):
                if text[column : column + len(old)] == old:
                    text = text[:column] + new + text[column + len(old) :]
            out[unchanged[line]] = text
        if by_line:
            carried.append(CarriedRename(old, new, len(by_line)))
    text = "".join(out)
    if carried and _parses(answer) and not _parses(text):
        return answer, []
    return text, carried


# ---------------------------------------------------------------------------------------------
# the rename an instruction asks, by Python's scopes


# words that say an instruction gives something a new name ("rename", "call it", "X -> Y", "use
# the name Y instead of X", "replace X with Y"): without one, a name the file lacks is something to add
_RENAME_CUE = re.compile(r"renam|\bnamed?\b|\bnames\b|\bcall(?:ed|s|ing)?\s+(?:it|them|this|that|the|its|a)\b|\bcalled\b|->|=>|→|(?<!\w)s/|\binstead\b|\brather than\b"
                         r"|\breplace\b|\bchange\b|\bswap\b|\bmake it\b|\bshould be\b|\bbe\b", re.I)  # fmt: skip
_CALL_AS = re.compile(r"\bcall\s+[`'\"]?[A-Za-z_][\w.]*[`'\"]?\s+(?:`[A-Za-z_]\w*`|[A-Za-z]\w*_\w*)")  # "call CHECK_IN `CUTOFF`"
# the words after which an instruction's plain word is the new name ("rename the delete method to remove")
_BEFORE_NEW = re.compile(r"(?:\bto|->|=>|→|\bit|\bas|\bcalled|\bnamed|\bname|\bwith|\bbe|\bcall\s+(?!(?:it|them|this|that|these|those)\b)[`'\"]?[A-Za-z_][\w.]*[`'\"]?)\s*$", re.I)
_NOT_NEW = frozenset("""
a an the this that these those it its all every each any both one be is are was use uses using
update updates fix fixes change keep make do say so too also and or but not no its their them
there here called named instead rather
""".split())  # fmt: skip


@dataclass(frozen=True)
class _Said:
    """A name an instruction writes: `text` as written (`Order.cancel`), where it starts and ends
    (its quotes and `()` included), and whether it was quoted."""

    text: str
    at: int
    end: int
    quoted: bool

    @property
    def name(self) -> str:
        return self.text.split(".")[-1]

    @property
    def scope(self) -> str | None:
        return self.text.rsplit(".", 1)[0] if "." in self.text else None


def _said_names(words: str) -> list[_Said]:
    """Every name `words` writes, quoted or bare, in order (a call's `()` dropped)."""
    said = []
    for match in _QUOTED.finditer(words):
        text = next(g for g in match.groups() if g).removesuffix("()").strip()
        if re.fullmatch(r"(?:self\.)?[A-Za-z_][\w.]*", text):
            said.append(_Said(text.removeprefix("self."), match.start(), match.end(), True))
    unquoted = _QUOTED.sub(lambda m: " " * len(m.group(0)), words)
    for match in _WORD.finditer(unquoted):
        text = match.group(0).removesuffix("()")
        if not text[0].isdigit():
            said.append(_Said(text.removeprefix("self."), match.start(), match.end(), False))
    return sorted(said, key=lambda s: s.at)


def _style(name: str) -> str:
    """How a name is written: "upper" (MAX_SIZE), "camel" (OrderLine) or "lower" (parse_tags)."""
    bare = name.strip("_")
    if bare and bare.replace("_", "").isupper() or bare.isupper():
        return "upper"
    return "camel" if bare[:1].isupper() else "lower"


@dataclass(frozen=True)
class AskedRename:
    """The rename an instruction asks (`asked_rename`): `old` -> `new` at `sites` ((line, column)
    of the original), where Python's scopes put `old`."""

    old: str
    new: str
    sites: tuple[tuple[int, int], ...]

    def apply(self, lines: list[str], only: set[int] | None = None) -> list[str]:
        """`lines` (the original's) with `old` written `new` at the sites (on the lines `only` names)."""
        out = list(lines)
        by_line: dict[int, list[int]] = {}
        for line, column in self.sites:
            if only is None or line in only:
                by_line.setdefault(line, []).append(column)
        for line, columns in by_line.items():
            text = out[line]
            for column in sorted(columns, reverse=True):
                if text[column : column + len(self.old)] == self.old:
                    text = text[:column] + self.new + text[column + len(self.old) :]
            out[line] = text
        return out


def asked_rename(instruction: str, code: str, feedback: str = "") -> AskedRename | None:
    """The rename the instruction (with the reviewer's notes in `feedback`) asks of the Python file
    `code`, where it reads as one: a word that gives a new name ("rename", "call it", "->",
    "instead of", "replace ... with", `_RENAME_CUE`), a name the file binds (`old`: a function,
    class, method, attribute, constant, parameter or variable) and a name it has nowhere
    (`new`: quoted, code-like, or a plain word where a new name goes, "to remove"), written
    alike (ALL_CAPS, CamelCase or lower), `old` the name written before `new` nearest to it (after
    it where "instead of" or "rather than" follows `new`), in the scope a dotted name gives; where
    `old` stands follows Python's scopes (`_Scopes.sites`) for the bindings the instruction's
    words allow (`_fits_instruction`: the role it says, the function it names). None where the
    instruction asks no rename, where it could mean two, or where the scopes leave it unclear."""
    words = _asked(instruction, feedback)
    unquoted = _QUOTED.sub(" ", words)
    if not (_RENAME_CUE.search(unquoted) or _CALL_AS.search(words)) or _ASSIGNS.search(
            re.sub(r"[\w.]+\([^()]*\)", " ", _INCLUDING.sub(" ", unquoted))):  # fmt: skip ("including the limit=0.2 keyword": a use)
        return None  # a statement to write, not a rename (but "Shift.hours(rounded=...)" names a keyword)
    if re.search(r"\btry\b|\bexcept\b|\bcatch\b", unquoted):  # "try/except KeyError as error": a wrap
        return None
    if _TOO.search(unquoted):  # "rename the rows attribute ... (and the constructor argument too)": two bindings, not read here
        return None
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    scopes = _Scopes(tree, lines)
    bound = _bound_names(tree)
    said = _said_names(words)
    olds = [s for s in said if s.name in bound and (s.quoted or s.text.lower() not in _INSTRUCTION_WORDS | _NOT_NEW
                                                    or _ROLE_AFTER.match(words, s.at + len(s.text)))  # "the delete method"
            and not (s.quoted and _QUOTED_LITERAL.match(words, s.at) and _is_string_in(code, s.text))]  # fmt: skip
    news = [s for s in said if s.name not in bound and s.name not in _PYTHON_NAMES and s.name.lower() not in _NOT_NEW
            and not (s.scope and s.scope.split(".")[-1] not in bound and s.scope != "self") and _may_be_new(words, s)]  # fmt: skip
    if not news:  # "to `amount`", a name the file has only as another function's local: new where the rename goes
        local = _local_only(tree)
        news = [s for s in said if s.name in local and s.name.lower() not in _NOT_NEW and _BEFORE_NEW.search(words[: s.at])]
    if len({s.name for s in news}) > 1:  # "rename class `Column` to `ColumnSpec`? it clashes with the ORM's": the one after "to"
        news = [s for s in news if _BEFORE_NEW.search(words[: s.at])] or news  # ("to Carriage", not "the booking UI")
    if len({s.name for s in news}) > 1:  # a quoted or code-like name before a plain word ("... calls it twice")
        news = [s for s in news if s.quoted or _looks_like_code(s.text, False)]
    if len({s.name for s in news}) != 1 or not olds:
        return None
    new = news[0]
    literals = [q for q in re.findall(r"(?<!\w)[\"']([^\"'\n]+)[\"'](?!\w)", words) if _is_string_in(code, q)]
    if literals and _QUOTED_LITERAL.match(words, new.at):  # 'The category string "yacht" should be "five_of_a_kind"'
        return None  # a string of the file becomes another: a value, not a name
    if not _STRONG_CUE.search(unquoted) and not (_BEFORE_NEW.search(words[: new.at]) or _INSTEAD.match(words, new.end)):
        return None  # "should take an `indent` keyword ... instead of the hard-coded 2": no new name where one goes
    fitting = [s for s in olds if _style(s.name) == _style(new.name) and s.name != new.name
               and (new.scope is None or s.scope is None or s.scope == new.scope)]  # fmt: skip
    # a name after "in" is where the rename is ("rename paired in summarize to matched"), where another is what
    fitting = [s for s in fitting if not _IN_SCOPE.search(words[: s.at])]
    instead, others = _INSTEAD.match(words, new.end), []
    if instead:
        following = [s for s in said if s.at >= instead.end()][:1]  # "the name Y instead of X": X
        fitting = [s for s in fitting if s in following]
    else:
        fitting, others = _old_before(words, new, fitting), [s for s in fitting if s.at < new.at]
    if not fitting:
        return None
    rename = _renamed(fitting[0], new, words, said, tree, lines, scopes, bound)
    if rename is None and not instead and _ROLE_REFERENCE.search(words[: new.at]):
        # "Shift.hours(rounded=...) is confusing ... Rename that keyword to `round_punches`": the one the role fits
        rename = next((found for other in reversed(others) if other is not fitting[0]
                       and (found := _renamed(other, new, words, said, tree, lines, scopes, bound)) is not None), None)  # fmt: skip
    return rename


_TOO = re.compile(r"\b(?:and|plus)\s+(?:the|its|their)\s+(?:constructor|init|__init__|class)?\s*(?:argument|parameter|param|attribute|field"
                  r"|property)s?\b[^.;!?]*?\b(?:too|as\s+well|also)\b", re.I)  # fmt: skip
_INCLUDING = re.compile(r",?\s*\b(?:including|incl\.|as\s+well\s+as|along\s+with|together\s+with)\b[^.;!?]*", re.I)
_ROLE_REFERENCE = re.compile(r"\b(?:rename|call)\s+(?:that|this|the)\s+(?:\w+\s+)?(?:" + "|".join(
    sorted(w for words in [{"param", "parameter", "argument", "arg", "keyword", "kwarg", "attribute", "field", "property",
                            "method", "function", "helper", "class", "variable", "local", "constant"}] for w in words)) + r")\s+to\b", re.I)  # fmt: skip


def _renamed(old: _Said, new: _Said, words: str, said: list[_Said], tree: ast.Module, lines: list[str], scopes: _Scopes,
             bound: set[str]) -> AskedRename | None:  # fmt: skip
    """`asked_rename` once it knows which name the instruction renames to `new`: where Python's
    scopes and the instruction's words put it, or None."""
    included = {s.name for s in said for m in _INCLUDING.finditer(words) if m.start() <= s.at < m.end()}  # uses, not the binding
    given = [s.text for s in said if s.name in bound and s.name not in included]
    # not "... parameter and attribute keep their names", nor "including the keyword in load_bins" (a use it has)
    roles = _roles_beside(words, old) or _roles_said(_INCLUDING.sub(" ", _unkept(words, [new.name])))
    member = old.scope is not None and old.scope != "self" or "self." in _unkept(words, [new.name])
    owner = _owner_said(words, old.name, bound)  # "spread_shuffle's `window` param": that function's
    kept = _with_methods(tree, _kept_apart(words, said, old.name, [new.name]))
    where = owner or {s.name for s in said} - {old.name} - kept - included
    bindings = _bindings(scopes, old.name, where, roles, member)
    allowed = [site for site in bindings if _fits_instruction(scopes, old.name, [site[0]], words, given)]
    if not allowed:
        return None
    named = where if owner else {part for name in given for part in name.split(".")} - kept
    sites = scopes.sites(old.name, new.name, [(line, (column,)) for line, column in allowed], named)
    if not sites:
        return None
    if new.name in bound:  # another function's local: none where the rename goes (`bin_.ratio()` is no local)
        plain = [(line, column) for line, column in sites if not lines[line][:column].rstrip().endswith(".")]
        holders = [f for f in ast.walk(tree) if isinstance(f, _FUNCTIONS[:2])
                   and any(f.lineno - 1 <= line < f.end_lineno for line, _ in plain)]  # fmt: skip
        if any(scopes.binds(f, new.name) for f in holders):
            return None
    rename = AskedRename(old.name, new.name, tuple(sorted(set(sites))))
    if not _parses("".join(rename.apply(lines))):
        return None
    return rename


def _old_before(words: str, new: _Said, fitting: list[_Said]) -> list[_Said]:
    """Of the names that may be renamed to `new`, the one the instruction means, as a list of it or
    none: the one written just before it ("hysteresis -> deadband", "precision to decimals"), else
    the nearest before it after the last rename word ("rename format_quantity's precision
    argument to decimals"), else the nearest written as code before a plain word ("Bracket.size
    reads like the number of entrants. Rename the attribute to bracket_size": not `entrants`),
    else the first after it."""
    before = [s for s in fitting if s.at < new.at]
    # "rename the `origin` parameter of next_sailing to `start`": not the function it is of
    owned = [s for s in before if (_OWNER_BEFORE.search(words[: s.at]) and any(_ROLE_AFTER.match(words, o.end) for o in before if o is not s))
             or re.match(r"`?'s\s", words[s.end :]) and len(before) > 1]  # fmt: skip ("rename gross_pay's local to ...": not gross_pay)
    before = [s for s in before if s not in owned]
    if before and re.fullmatch(r"[`'\"\s]*(?:->|=>|→|\bto\b|\binto\b)?[`'\"\s]*", words[before[-1].end : new.at]):
        return before[-1:]
    cues = [m.end() for m in _RENAME_CUE.finditer(words[: new.at])]
    clause = [s for s in before if cues and s.at >= cues[-1]]
    if not clause and re.search(r"\b(?:rename|call)\s+(?:it|that|this|them)\b", words[: new.at], re.I):
        # "The `answers` parameter of Quiz.mark_round is ...; rename it to `sheet`": the one it
        # is about, said with its role, else quoted ("format_volume: `cups` also holds ..."), else written as
        # code ("how many servings we need (servings_needed?)": not the word "servings"), else the first
        said_so = ([s for s in before if _ROLE_AFTER.match(words, s.end)] or [s for s in before if s.quoted]
                   or [s for s in before if _looks_like_code(s.text, False)])  # fmt: skip
        return (said_so or before)[:1]
    coded = [s for s in before if s.quoted or _looks_like_code(s.text, False)]
    pool = clause or coded or before
    if len(pool) > 1 and len({s.name for s in pool}) == 1 and cues:  # "Sample.storage ... the `storage` argument of
        # storage_ok(). Please rename the dataclass field to ...": the one the role after the rename word says
        roles = _roles_said(words[cues[-1] : new.at])
        member = [s for s in pool if (s.scope is not None) is bool(roles & {"attribute", "method"})]
        pool = member if roles and member else pool
    return pool[-1:] or [s for s in fitting if s.at > new.at][:1]


_OWNER_BEFORE = re.compile(r"\b(?:of|in|inside|within|on)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?[`'\"]?$", re.I)
_CONSTRUCTOR_OF = re.compile(r"(?<![\w.])`?([A-Z]\w*)(?:\(\))?`?'s\s+(?:constructor|initi?ali[sz]er|`?__init__`?|init)\b")
_POSSESSIVE = re.compile(r"(?<![\w.])`?([A-Za-z_]\w*)(?:\(\))?`?'s\s+(?:own\s+)?[`'\"]?$")


_KEEPS = re.compile(r"\bits\s+own\b|\bkeeps?\b(?!\s+(?:on\s+)?[a-z]+ing\b)(?!\s+(?:an?\s+|the\s+)?-?\d)|\bstays?\b(?!\s+(?:open|closed|shut|on|off|lit|up|awake|longer|shorter)\b)|\bleave\s+(?:that|this|it|them|those|these)\b|\buntouched\b|\balone\b|\bunchanged\b|\bdifferent\b|\bunrelated\b"
                    r"|\bas\s+it\s+is\b|\bdoes(?:n't|\s+not)\s+change\b|\btheir\s+own\b|\bsomething\s+else\b"
                    r"|\bshould\s+still\b|\bstill\s+(?:shows?|uses?|reads?|writes?|gets?|has|have|holds?|takes?|calls?)\b"
                    r"|\b(?:don't|do\s+not|never|without)\s+(?:touch|touching|change|changing|modify|modifying|rename|renaming)\b", re.I)  # fmt: skip


def _with_methods(tree: ast.Module, kept: set[str]) -> set[str]:
    """Names kept apart, with the methods of the classes among them ("the `counts` locals in Rota
    stay as they are": Rota's methods keep theirs)."""
    return kept | {f.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.name in kept
                   for f in c.body if isinstance(f, _FUNCTIONS[:2])}  # fmt: skip


def _kept_apart(words: str, said: list[_Said], old: str, new: Sequence[str]) -> set[str]:
    """The names said in a clause that keeps its own `old` ("Progression.chords has its own
    `result`", "Coach.free_seats keeps its own parameter name", "save_bill has its own default,
    leave that one"): not where the edit goes. A clause that writes one of `new` (the new name, the
    values said) is the edit's own."""
    return {s.name for start, end in _kept_clauses(words, new) for s in said if start <= s.at < end and s.name != old}


def _kept_clauses(words: str, new: Sequence[str]) -> list[tuple[int, int]]:
    """The spans of `words` that keep something as it is (`_kept_apart`)."""
    spans = []
    start = previous = 0
    for end in [m.start() for m in re.finditer(r"[.;!?](?:\s|$)|\s(?:--|[-\u2013\u2014])\s|\((?!\))|(?<!\()\)|,\s+(?:but|so)\s",
                                               words)] + [len(words)]:  # fmt: skip
        clause = words[start:end]
        keeps = _KEEPS.search(_NEEDS_NONE.sub(" ", clause))  # not "check_temperatures doesn't need a margin knob of its own"
        if keeps and not any(re.search(rf"(?<![\w.]){re.escape(text)}(?!\w)", clause) for text in new):
            if _ONLY_KEEPS.fullmatch(clause.strip(" \t\n.;!?-\u2013\u2014")):  # "... the same name - that one stays": the one before
                spans.append((previous, start))
            spans.append((start, end))
        previous, start = start, end
    return spans


_NEEDS_NONE = re.compile(r"\b(?:doesn't|does\s+not|don't|do\s+not|no\s+longer|never)\s+(?:need|needs|want|use|have)\b[^.;!?]*?\bits\s+own\b", re.I)
_ONLY_KEEPS = re.compile(r"(?:(?:and|but|so)\s+)?(?:please\s+)?(?:leave\s+(?:them|it|those|that|these)(?:\s+(?:alone|be|as\s+they\s+are|as\s+it\s+is))?"
                         r"|(?:that|those|these|this|they|it)(?:\s+ones?)?\s+(?:stays?|keeps?\s+(?:its|their)\s+names?|(?:is|are)\s+(?:fine|unchanged|untouched)))",
                         re.I)  # fmt: skip


def _unkept_values(words: str, values: list[_Value]) -> list[_Value]:
    """`values` (said in `words`) but those in a clause that keeps something as it is."""
    kept = _kept_clauses(words, [])
    return [v for v in values if not any(start <= v.at < end for start, end in kept)]


def _unkept(words: str, new: Sequence[str]) -> str:
    """`words` without the clauses that keep something as it is ("self.rng stays as it is")."""
    for start, end in reversed(_kept_clauses(words, new)):
        words = words[:start] + " " * (end - start) + words[end:]
    return words


def _owner_said(words: str, name: str, bound: set[str] | None = None) -> set[str]:
    """The function or class whose `name` the instruction says with a possessive, the first time it
    writes `name` ("rename spread_shuffle's `window` param ... shuffled's own `window` stays":
    {"spread_shuffle"}); empty where it says none (or one `bound`, where given, lacks)."""
    first = re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", words)
    owner = _POSSESSIVE.search(words[: first.start()]) if first else None
    if owner is None and first and re.search(r"\bits\s+[`'\"]?$", words[: first.start()]):  # "SleepLog's constructor: rename its x"
        owner = _CONSTRUCTOR_OF.search(words[: first.start()])
    return {owner.group(1)} if owner and (bound is None or owner.group(1) in bound) else set()
_ASSIGNS = re.compile(r"[\w\])]\s*(?::=|[-+*/]?=)(?![=>])")
_QUOTED_LITERAL = re.compile(r"['\"]")  # a name in quotes, not backticks: maybe a string of the file
_IN_SCOPE = re.compile(r"\b(?:in|inside|within|body\s+of)\s+(?:the\s+)?(?:(?:body\s+of|function|method|class|def)\s+)?[`'\"]?$", re.I)
_INSTEAD = re.compile(r"\s*(?:instead\s+of|rather\s+than)\b", re.I)


def _roles_said(words: str) -> set[str]:
    """The roles (`_ROLE_WORDS`: parameter, function, method, ...) `words` say, outside quotes."""
    said = {word.lower() for word in re.findall(r"(?<![\w.])[A-Za-z]+(?![\w.]|\(\))", _QUOTED.sub(" ", words))}
    return {role for role, role_words in _ROLE_WORDS.items() if not role_words.isdisjoint(said)}


def _roles_beside(words: str, said: _Said) -> set[str]:
    """The roles said right beside a name, in the two words before it or the one after ("the
    Account attribute `overdraft`", "the delete method")."""
    before = re.findall(r"[A-Za-z]+", _QUOTED.sub(" ", words[: said.at]))[-2:]
    after = re.findall(r"[A-Za-z]+", _QUOTED.sub(" ", words[said.end :]))[:1]
    return _roles_said(" ".join(before + after))


def _may_be_new(words: str, said: _Said) -> bool:
    """Whether a name the file lacks can be the new name an instruction gives: quoted or code-like,
    or a plain word where a new name goes, ending its clause ("rename the delete method to remove")."""
    if said.quoted or _looks_like_code(said.text, False):
        return True
    rest = words[said.end :]
    return bool(_STRONG_CUE.search(words) and _BEFORE_NEW.search(words[: said.at])
                and re.match(r"\s*(?:$|[,;:.!?)\u2013\u2014]|--?\s|and\b|everywhere\b|throughout\b|in\b|across\b|please\b)", rest))


_STRONG_CUE = re.compile(r"renam|\bnamed?\b|\bcall\s+(?:it|them|this|that|the|its|a)\b|\bcalled\b|->|=>|→", re.I)


def _is_string_in(code: str, text: str) -> bool:
    """Whether a string of `code` holds the word `text` ('authkey' in `b"authkey"`)."""
    return any(_mentions(string, text) for string in re.findall(r"(?<![\w])[rbuf]*(['\"])(.*?)\1", code, re.I) for string in string[1:])


class _Settled(NamedTuple):
    """What `_settle` made of an answer."""

    text: str
    left: int  # sites the answer left as they were, now with the edit
    fixed: int  # changes of the answer's over sites' lines set to the edit
    fixed_sites: int  # ... the sites in those
    back: int  # changes elsewhere that went back


def _settle(answer: str, old: list[str], new: list[str], wanted: list[str], sites: set[int],
            kept: Callable[[list[str], list[str]], bool], elsewhere: Callable[[str, str], bool]) -> _Settled | None:  # fmt: skip
    """The builtin pair's answer (`new`, the lines of `answer`) over the original `old`, settled to
    an asked edit whose lines are `wanted` (`old` with the edit, line for line) at the indexes
    `sites`: a site the answer left as it was gets the edit; a change of the answer's over sites'
    lines stays where `kept(its lines, the wanted ones)` and is otherwise the wanted lines; a
    change elsewhere for which `elsewhere(what it adds, what it removes)` holds goes back as it
    was; the rest of the answer stays. None where the result would not parse though the answer
    does. One walk for finish_rename, finish_value, finish_parameter and finish_hints."""
    out: list[str] = []
    left = fixed = fixed_sites = back = 0
    for (i1, i2, _, _), pieces in _changes(old, new):
        if not pieces:  # lines the answer left as they were
            out.extend(wanted[i1:i2])
            left += len(sites.intersection(range(i1, i2)))
            continue
        for a1, a2, b1, b2 in pieces:
            if sites.intersection(range(a1, a2)):
                if kept(new[b1:b2], wanted[a1:a2]):
                    out.extend(new[b1:b2])
                else:
                    out.extend(wanted[a1:a2])
                    fixed += 1
                    fixed_sites += len(sites.intersection(range(a1, a2)))
            elif elsewhere("".join(new[b1:b2]), "".join(old[a1:a2])):
                out.extend(old[a1:a2])
                back += 1
            else:
                out.extend(new[b1:b2])
    text = "".join(out)
    if _parses(answer) and not _parses(text):
        return None
    return _Settled(text, left, fixed, fixed_sites, back)


def _equal(rewrite: list[str], wanted: list[str]) -> bool:
    return rewrite == wanted


def finish_rename(rename: AskedRename, original: str, answer: str) -> tuple[str, int, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the rename the
    instruction asks (`asked_rename`) made at every site Python's scopes give: (the text, how many
    lines the rename was carried to, how many of the answer's changes went back).

    A line the answer left as it was gets the rename; a change of the answer's over a site's lines
    that is not those lines renamed keeps a line's rewrite only where that writes the names the
    renamed line writes, in order (the rename, with a value changed beside it), and is otherwise
    the original lines renamed; a change elsewhere that writes `new` more often than the lines it
    replaces goes back as it was (asked to rename `timeout` in fetch_json, the pair renamed
    `fetch_json` itself). The answer as it is where the result would not parse though the answer
    does."""
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    renamed = rename.apply(old)

    def kept(rewrite: list[str], wanted: list[str]) -> bool:  # the rename, and a value beside it
        return len(rewrite) == len(wanted) and all(_NAME.findall(x) == _NAME.findall(y) for x, y in zip(rewrite, wanted, strict=True))

    def elsewhere(added: str, removed: str) -> bool:
        return len(_word_at(added, rename.new)) > len(_word_at(removed, rename.new))

    settled = _settle(answer, old, new, renamed, {line for line, _ in rename.sites}, kept, elsewhere)
    return (answer, 0, 0) if settled is None else (settled.text, settled.left, settled.fixed + settled.back)


def _word_at(text: str, word: str) -> list[str]:
    """`word` wherever `text` writes it as a word of its own."""
    return re.findall(rf"(?<!\w){re.escape(word)}(?!\w)", text)


def _bound_names(tree: ast.Module) -> set[str]:
    """The names a module binds itself: definitions, assignment targets, parameters, attributes stored."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, _DEFINITIONS):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            bound.add(node.attr)
    return bound - {"self", "cls"}


def _local_only(tree: ast.Module) -> set[str]:
    """The names a module binds only inside functions, as parameters or local variables: not a
    definition, an import, an attribute stored, nor a name bound at module or class level."""
    wider = set()
    for node in ast.walk(tree):
        if isinstance(node, _DEFINITIONS):
            wider.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            wider |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            wider.add(node.attr)
    for holder in [tree, *(c for c in ast.walk(tree) if isinstance(c, ast.ClassDef))]:
        for statement in holder.body:
            if not isinstance(statement, _DEFINITIONS):
                wider |= {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return _bound_names(tree) - wider


def _bindings(scopes: _Scopes, name: str, said: set[str], roles: set[str], member: bool) -> list[tuple[int, int]]:
    """Where the module binds `name` as the instruction means it: (line, column) of each def,
    class, parameter, assigned name and stored attribute whose kind fits the `roles` it says
    (`_ROLES_OF_KIND`); a member only where it says `member` (a dotted name) or names no function
    that binds `name`, a parameter or local only in the functions among `said` (the names the
    instruction writes, and the methods of the classes among them) where it names some that bind
    it ("in Router.add_route, rename pattern": not `route`'s parameter of that name, nor an
    attribute `self.pattern`)."""
    functions = [f for f in ast.walk(scopes.tree) if isinstance(f, _FUNCTIONS[:2]) and f.name in said and scopes.binds(f, name)]
    functions += [f for c in ast.walk(scopes.tree) if isinstance(c, ast.ClassDef) and c.name in said  # "SleepLog's constructor"
                  for f in c.body if isinstance(f, _FUNCTIONS[:2]) and scopes.binds(f, name)]  # fmt: skip
    found = []
    for node in scopes.occurrences(name):
        kind = _kind_of_binding(scopes, node)
        if kind is None or roles and not roles & _ROLES_OF_KIND[kind]:
            continue
        if kind in ("parameter", "local"):
            if member or functions and scopes.owner(node, name) not in functions and scopes.function_of(node) not in functions:
                continue
        elif kind in ("method", "attribute") and functions and not member and not roles & {"method", "attribute"}:
            continue
        site = scopes.site(node, name)
        if site is not None:
            found.append(site)
    return found


def _kind_of_binding(scopes: _Scopes, node: ast.AST) -> str | None:
    """What a node binds: "function", "method", "class", "parameter", "local", "attribute" or
    "constant"; None where it binds nothing (a use)."""
    if isinstance(node, ast.ClassDef):
        return "class"
    if isinstance(node, _DEFINITIONS):
        return "method" if scopes.in_class_body(node) is not None else "function"
    if isinstance(node, ast.arg):
        return "parameter"
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
        return "attribute"
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        if scopes.in_class_body(node) is not None:
            return "attribute"
        return "local" if scopes.function_of(node) is not None else "constant"
    return None


# ---------------------------------------------------------------------------------------------
# the value an instruction asks


@dataclass(frozen=True)
class _Value:
    """A value an instruction writes: a number (`percent`: "19%"), a string (quoted, or a bare
    token beside a connector: "utf-8 -> latin-1"), or True/False/None; where it stands."""

    kind: str  # "number", "string" or "constant"
    text: str  # the number or string as written (no quotes, no $ or %)
    at: int
    end: int
    percent: bool = False
    quoted: bool = False


@dataclass(frozen=True)
class AskedValue:
    """The literals an instruction asks to change (`asked_value`): (line, start, end) of each in
    the original, with the text each is to be written."""

    sites: tuple[tuple[int, int, int, str], ...]

    def apply(self, lines: list[str]) -> list[str]:
        out = list(lines)
        for line, start, end, text in sorted(self.sites, reverse=True):
            out[line] = out[line][:start] + text + out[line][end:]
        return out


_VALUE_TERM = re.compile(r"""`(?P<b>[^`\n]+)`|(?<!\w)"(?P<d>[^"\n]*)"(?!\w)|(?<!\w)'(?P<s>[^'\n]*)'(?!\w)"""
                         r"""|(?<![\w.$/])(?<![A-Za-z]-)(?<!\d[-:])(?P<dollar>\$)?(?P<num>-?\d+(?:\.\d+)?)(?P<pct>%)?(?!\w)(?!\.\w)(?![-/:]\d)"""
                         r"""|\b(?P<const>True|False|None)\b""")  # fmt: skip
_BARE_TOKEN = re.compile(r"[^\s,;`'\"()]+")
_CLAUSE_END = re.compile(r"[.;?!](?:\s|$)|\n")


def _values_said(words: str) -> list[_Value]:
    """The values `words` write, in order: quoted or bare numbers, strings, True/False/None; not the
    numbers of a score, a date, a time or a fraction ("6-4", "7/5", "2025-03-01", "10:30")."""
    found = []
    for match in _VALUE_TERM.finditer(words):
        quoted = next((match.group(g) for g in ("b", "d", "s") if match.group(g) is not None), None)
        if quoted is not None:
            inner = quoted.strip()
            if _NUMERIC.fullmatch(inner):
                found.append(_Value("number", inner, match.start(), match.end(), quoted=True))
            elif inner in ("True", "False", "None"):
                found.append(_Value("constant", inner, match.start(), match.end(), quoted=True))
            else:
                found.append(_Value("string", quoted, match.start(), match.end(), quoted=True))
        elif match.group("num") is not None:
            found.append(_Value("number", match.group("num"), match.start(), match.end(), percent=bool(match.group("pct"))))
        else:
            found.append(_Value("constant", match.group("const"), match.start(), match.end()))
    for match in _FILE_NAME.finditer(words):  # "the rota file is called rota_2025.json now": a bare file name
        if not any(v.at <= match.start() < v.end for v in found):
            found.append(_Value("string", match.group(0), match.start(), match.end()))
    return sorted(found, key=lambda v: v.at)


def _shape(text: str) -> str | None:
    """What a string says it is, where it says it: a file name of its kind ("json"), a date or time
    format ("strftime"), a web address ("url"); None for anything else."""
    if _FILE_NAME.fullmatch(text):
        return text.rsplit(".", 1)[-1].lower()
    if re.search(r"%[YmHMSbBaAjpyIz]", text) and not re.search(r"%[sr]|\{", text):
        return "strftime"
    if re.match(r"https?://", text):
        return "url"
    return None


_FILE_NAME = re.compile(r"(?<![\w.`'\"/-])[\w-]+(?:\.[\w-]+)*\.(?:json|csv|tsv|txt|log|ini|toml|ya?ml|cfg|conf|md|html|xml|db|sqlite3?|pdf|png)(?![\w.`'\"])")


def _bare_beside(words: str, at: int, before: bool) -> _Value | None:
    """The bare token right before (or after) `at`, as a string value ("utf-8 -> latin-1", "beta,
    not rc"); none that is a word of the instruction's own ("use it instead of the constant")."""
    if before:
        match = re.search(r"([^\s,;`'\"()]+)\s*$", words[:at])
        start = match.start(1) if match else 0
    else:
        match = _BARE_TOKEN.match(words, at + len(words[at:]) - len(words[at:].lstrip()))
        start = match.start() if match else 0
    text = match.group(match.lastindex or 0).rstrip(".:!?") if match else ""
    if not text or text.lower() in _INSTRUCTION_WORDS | _NOT_NEW or text.lower() in _VALUE_STOP:
        return None
    return _Value("string", text, start, start + len(text))


_VALUE_STOP = frozenset("""
is are was were be been being has have had do does did will would shall should can could may might must
he she they them him her his hers we you your our us me my i one ones some something nothing thing things
now then here there today just only also very more less most least much many few same other another
""".split())  # fmt: skip


_CURRENTLY = re.compile(r"(?:[.?!;]\s+|,\s*|\u2014\s*|-\s+)(?:it'?s\s+|it\s+is\s+)?(?:currently|presently|right\s+now|at\s+the\s+moment)"
                        r"\s*[:,]?\s+(?:it'?s\s+|at\s+)?", re.I)  # fmt: skip
# connectors between an old value and a new one: (pattern, which side is old)
_CONNECTORS = [
    (re.compile(r"\s*(?:->|=>|→)\s*"), "before"),
    (re.compile(r"\s+(?:instead\s+of|rather\s+than)\s+", re.I), "after"),
    (re.compile(r"\s*,\s*(?:and\s+)?not\s+", re.I), "after"),
    (re.compile(r"\s*\(\s*(?:today\s+|currently\s+|right\s+now\s+)?(?:it'?s|it\s+is|currently|now)\s+", re.I), "after"),  # "within 0.15 (it's 0.1 now)"
]


def _value_pairs(words: str) -> list[tuple[_Value, _Value]]:
    """(old, new) pairs the instruction's words give: "from A to B", "change A to B", "A -> B",
    "B instead of A", "B rather than A", "B, not A"."""
    values = _values_said(words)
    pairs = []

    def term_at(position: int, before: bool) -> _Value | None:
        if before:
            aside = re.search(r"\s*\([^()]*\)\s*$", words[:position])  # "$5 (500 cents) instead of $10": the $5
            position = aside.start() if aside else position
            unit = re.search(r"\s+([A-Za-z]+)\s*$", words[:position])  # "0.1 hour instead of ...": the number before its unit
            if unit and _unit(unit.group(1)) and any(v.end == unit.start() for v in values):
                position = unit.start()
            near = [v for v in values if 0 <= position - v.end <= 1]
            return near[-1] if near else _bare_beside(words, position, True)
        filler = re.compile(r"\s*(?:(?:every|each|per|only|just|about|around|roughly|nearest|the|a|an)\s+)+").match(words, position)
        position = filler.end() - 1 if filler and any(v.at == filler.end() for v in values) else position  # "instead of every 6"
        near = [v for v in values if 0 <= v.at - position <= 1]
        return near[0] if near else _bare_beside(words, position, False)

    def nearest_before(position: int, like: _Value) -> _Value | None:
        """The value of `like`'s kind (and quoting) nearest before `position` in its clause; for a
        bare string, a bare token that looks like a value ("application/vnd.api+json")."""
        start = max((m.end() for m in _CLAUSE_END.finditer(words[:position])), default=0)
        near = [v for v in values if start <= v.at and v.end <= position and v.kind == like.kind
                and (v.quoted == like.quoted or like.kind != "string")]  # fmt: skip
        if not near and like.kind == "string" and not like.quoted:
            near = [_Value("string", m.group(0), m.start(), m.end()) for m in _BARE_TOKEN.finditer(words, start, position)
                    if re.search(r"[/+\-.]", m.group(0)) and re.search(r"[A-Za-z]", m.group(0))]  # fmt: skip
        return near[-1] if near else None

    for match in re.finditer(r"\bfrom\s+(?=\S)", words, re.I):
        old = term_at(match.end(), False)
        to = re.compile(r"\s*(?:on\s*)?,?\s*to\s+", re.I).match(words, old.end) if old else None
        if old and not to and old.kind == "number":  # "from 15 pence to 12 pence": a unit between
            to = re.compile(r"\s+[A-Za-z%]+\s+to\s+(?=\d)", re.I).match(words, old.end)
        new = term_at(to.end(), False) if to else None
        if old and new:
            pairs.append((old, new))
    for match in _CURRENTLY.finditer(words):  # "stagger mixes 10 minutes apart by default? Currently 15."
        old = term_at(match.end(), False)
        new = next((v for v in reversed(values) if old and v.end <= match.start() and v.kind == old.kind), None)
        if old and new and not re.match(r"\s*(?:[A-Za-z]+\s+)?(?:more|less|higher|lower|longer|shorter)\b", words[old.end :], re.I):
            pairs.append((old, new))
    for match in re.finditer(r"\b(?:change|replace|swap|turn)\s+(?=\S)", words, re.I):
        old = term_at(match.end(), False)
        to = re.compile(r"\s+(?:to|with|for|into)\s+", re.I).match(words, old.end) if old else None
        new = term_at(to.end(), False) if to else None
        if old and new:
            pairs.append((old, new))
    for pattern, old_side in _CONNECTORS:
        for match in pattern.finditer(words):
            if old_side == "before":
                old, new = term_at(match.start(), True), term_at(match.end(), False)
            else:
                old = term_at(match.end(), False)
                new = term_at(match.start(), True)
                if old is not None and (new is None or new.kind != old.kind or new.quoted != old.quoted
                                        or _value_like(old) and not _value_like(new)):  # fmt: skip
                    new = nearest_before(match.start(), old)  # "2 hours, not 4"
            if old and new:
                pairs.append((old, new))
    for match in re.finditer(r"\b(?:make|change|set|turn)\s+(?:that|it|this)\s+(?:to\s+|into\s+|be\s+)?(?=\S)", words, re.I):
        new = next((v for v in values if 0 <= v.at - match.end() <= 1), None)  # "0.75 extra - make that 1.00"
        olds = [v for v in values if v.end <= match.start() and new is not None and v.kind == new.kind]
        if new is not None and olds:
            pairs.append((olds[-1], new))
    now = [v for v in values if _NOW_BEFORE.search(words[: v.at]) or _NOW_AFTER.match(words[v.end :]) and re.search(
        r"\b(?:it's|it\s+is|they're|they\s+are)\s*$", words[: v.at], re.I)]  # fmt: skip
    others = [v for v in values if v not in now and (not now or v.kind == now[0].kind)]
    wanted = [v for v in others if _NEW_BEFORE.search(words[: v.at])]
    if len(now) == 1 and len(others) == 1:  # "assume 4 seconds per rep? It's 3 right now."
        pairs.append((now[0], others[0]))
    elif len(now) == 1 and len(wanted) == 1:  # "it says 2.0 - it should be 2.5 now"
        pairs.append((now[0], wanted[0]))
    for match in _FACTOR_SWAP.finditer(words):  # "triple a team's score now instead of doubling it"
        new, old = (_Value("number", _FACTORS[match.group(g).lower()], match.start(g), match.end(g)) for g in ("new", "old"))
        pairs.append((old, new))
    return [(old, new) for old, new in pairs if old.kind == new.kind or old.kind == "number" and new.kind == "number"]


_NOW_BEFORE = re.compile(r"\b(?:it's|it\s+is|they're|they\s+are|which\s+is)\s+(?:currently|at\s+the\s+moment|now|still)\s*$"
                         r"|\b(?:it|this|that|they|which)\s+(?:was|were|used\s+to\s+be|says|reads)\s*$|\b(?:was|previously|formerly)\s*$", re.I)  # fmt: skip
_NEW_BEFORE = re.compile(r"\b(?:should|must|needs?\s+to|has\s+to|ought\s+to)\s+(?:now\s+|really\s+)?be\s*$|\bmake\s+it\s*$", re.I)
_NOW_AFTER = re.compile(r"\s*(?:right\s+now|now|currently|at\s+the\s+moment|today|at\s+present)\b", re.I)
_FACTORS = {"doubl": "2", "tripl": "3", "quadrupl": "4"}
_FACTOR_SWAP = re.compile(r"\b(?P<new>doubl|tripl|quadrupl)(?:e|es|ed|ing)\b[^.;]{0,80}?\b(?:instead\s+of|rather\s+than|not)\s+"
                          r"(?:just\s+)?(?P<old>doubl|tripl|quadrupl)(?:e|es|ed|ing)\b", re.I)  # fmt: skip


def _value_like(value: _Value) -> bool:
    """A bare string that looks like a value rather than a word: `application/json`, `utf-8`."""
    return value.kind == "string" and not value.quoted and re.search(r"[/+\-.\d]", value.text) is not None


def _literal_value(node: ast.AST) -> tuple[str, object] | None:
    """(kind, value) of a literal node: a number (a numeric string counts as one too: Decimal("50.00")),
    a string, True/False/None; None for anything else."""
    if not isinstance(node, ast.Constant):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
            inner = _literal_value(node.operand)
            return ("number", -inner[1]) if inner and inner[0] == "number" else None
        return None
    value = node.value
    if isinstance(value, bool) or value is None:
        return "constant", value
    if isinstance(value, (int, float)):
        return "number", _decimal(str(value))
    if isinstance(value, str):
        return "string", value
    return None


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _matches(value: _Value, literal: tuple[str, object], percent_as_fraction: bool = True) -> bool:
    """Whether a literal of the file is the value the instruction writes (a percentage its
    fraction: "5%" is 0.05, else, `percent_as_fraction` false, 5; a numeric string its number:
    "50" is "50.00")."""
    kind, held = literal
    if value.kind == "constant":
        return kind == "constant" and str(held) == value.text
    if value.kind == "string":
        return kind == "string" and held == value.text
    number = _decimal(value.text)
    if kind == "string":
        held = _decimal(held) if _NUMERIC.fullmatch(held or "") else None
    elif kind != "number":
        return False
    if held is None or number is None:
        return False
    return held == number / 100 if value.percent and percent_as_fraction else held == number


def _written(value: _Value, literal: tuple[str, object], source: str) -> str | None:
    """How the new `value` is written in place of a literal whose source text is `source`: in its
    kind and form (`0.05` for "10%"'s old 0.05 -> 0.1, `"75.00"` for 75 over `"50.00"`, the
    literal's quotes kept); None where it cannot be (a number over a string, a quote inside)."""
    kind, held = literal
    if value.kind == "constant":
        return value.text if kind == "constant" else None
    if value.kind == "string":
        if kind != "string":
            return None
        quote = source.lstrip("rbuRBU")[:1]
        prefix = source[: len(source) - len(source.lstrip("rbuRBU"))]
        if quote not in "'\"" or quote in value.text or not re.fullmatch(r"(?:[^\\]|\\[tn])*", value.text) or source.lstrip("rbuRBU")[:3] == quote * 3:
            return None  # a quote or a backslash other than \t and \n: escaping to guess
        return f"{prefix}{quote}{value.text}{quote}"
    number = _decimal(value.text)
    if number is None:
        return None
    if kind == "string":  # Decimal("50.00"): the same places
        if not _NUMERIC.fullmatch(held or ""):
            return None
        if value.percent and abs(Decimal(held)) < 1 <= abs(number):
            number = number / 100
        places = len(held.split(".")[1]) if "." in held else 0
        places = max(places, -number.normalize().as_tuple().exponent)  # never fewer places than the value has: 1.25 over "1.5"
        quote = source[:1]
        return f"{quote}{number:.{places}f}{quote}" if quote in "'\"" else None
    if kind != "number":
        return None
    if value.percent and abs(held) < 1 <= abs(number):
        number = number / 100
    text = value.text if not value.percent or abs(held) >= 1 else format(number.normalize(), "f")
    if "." in source and "." not in text and "e" not in source.lower():
        places = len(source.split(".")[1])
        text = f"{number:.{places}f}"
    return text


def asked_value(instruction: str, code: str, feedback: str = "") -> AskedValue | None:
    """The literal (or literals) the instruction (with the reviewer's notes in `feedback`) asks
    to change in the Python file `code`, where its words say it plainly: an old value and a new
    one ("from 40 to 48", "change "unknown" to "unassigned"", "utf-8 -> latin-1", "DEPLOY_
    instead of SHIPIT_", "2 hours, not 4", "10% a day (0.1), not 5%"), the old one a literal of
    the file found once (or once in each function the instruction names, or in the definitions it
    names); or a name of the file and its new value ("set WINDOW_SECONDS to 30", "bump
    MAX_RETRIES to 5", "default `count` to 10", "skip_optional=False by default"): a module or
    class constant's value, a parameter's default (in the function named, else the one
    parameter so named). The new value is written as the literal was (its quotes, its decimal
    places; a percentage over a fraction as the fraction). None where the instruction asks no
    such change, could mean two, or the value does not fit the literal."""
    words = _in_digits(_asked(instruction, feedback))
    if _TYPE_WORDS.search(words) or re.search(r"\b(?:remove|delete|get\s+rid\s+of)\b", words, re.I):
        return None  # an annotation to change, or something to remove, not a value
    if _ADDS_PARAMETER.search(_QUOTED.sub(lambda m: m.group(0).replace(" ", "_"), words)):
        return None  # "reminder_text should take a `clinic` keyword argument, defaulting to CLINIC_NAME": a parameter to add
    if any(_computed_statement(quoted) for quoted in quoted_spans(words)):
        return None  # "clamp it with `attempts = max(attempts, 1)`": a statement to write
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    scopes = _Scopes(tree, lines)
    literals = [(node, found) for node in ast.walk(tree) if (found := _literal_value(node)) is not None
                and not (isinstance(node, ast.Constant) and isinstance(scopes.parents.get(node), ast.UnaryOp))
                and not _one_of_many(scopes.parents.get(node))  # `COINS = (200, 100, 50, 20, 10)`: not "not 10"
                and not isinstance(scopes.parents.get(node), (ast.JoinedStr, ast.FormattedValue))  # an f-string's parts
                and not _is_docstring(scopes, node)]  # fmt: skip
    said = _said_names(words)
    present = set(_NAME.findall(code))
    if any(s.name not in present for s in said if _written_as_code(words, s)):
        return None  # it names code the file lacks: not this file's literal (or a parameter to add)
    kept = _kept_apart(words, said, "", [])  # "(The top list still shows ten.)": top keeps its value
    defs = [node for node in ast.walk(tree) if isinstance(node, _DEFINITIONS) and node.name in {s.name for s in said} - kept]
    away = [node for node in ast.walk(tree) if isinstance(node, _DEFINITIONS) and node.name in kept]
    literals = [(node, found) for node, found in literals  # "save_bill has its own default, leave that one"
                if not any(d.lineno <= node.lineno and node.end_lineno <= d.end_lineno for d in away)]
    named_constants = [node for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                       and _targets(node) & {s.name for s in said}]  # fmt: skip

    def site(node: ast.AST, text: str) -> tuple[int, int, int, str] | None:
        if node.lineno != node.end_lineno:
            return None
        line = node.lineno - 1
        return line, scopes.column(line, node.col_offset), scopes.column(line, node.end_col_offset), text

    def within(node: ast.AST, spans: list[ast.AST]) -> bool:
        return any(span.lineno <= node.lineno and node.end_lineno <= span.end_lineno for span in spans)

    for old, new in _value_pairs(words):
        if (old.kind == "string" and _NAME.fullmatch(old.text) and old.text in _bound_names(tree)
                and not any(found == ("string", old.text) for _, found in literals)):  # fmt: skip
            continue  # a name of the file: a rename ("use the name "Abstracts" instead of "KeyValueMap""), not its string
        candidates = [(node, found) for node, found in literals if _matches(old, found)] or [
            (node, found) for node, found in literals if old.percent and _matches(old, found, False)]
        clues = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", _QUOTED.sub(" ", _unkept(words, [new.text])))}
        clues -= _INSTRUCTION_WORDS | _VALUE_STOP  # not the words of a clause that keeps something
        clues -= {w.lower() for w in re.findall(r"[A-Za-z]+", old.text + " " + new.text)}

        def marked(found: list, clues: set[str] = clues) -> list:
            """Those on a line that holds a word of the instruction as written, else as a plural's stem
            ("jokers": JOKER_MULTIPLIER), where one line does."""
            held = [(node, lit, {w.lower() for w in re.findall(r"[A-Za-z]+", lines[node.lineno - 1])}) for node, lit in found]
            exact = [(node, lit) for node, lit, words_held in held if clues & words_held]
            # else the function it is in ("In the totals CSV": write_totals), else a plural's stem
            within = [(node, lit) for node, lit in found if clues & _identifier_parts(getattr(scopes.function_of(node), "name", ""))]
            if len(exact) > 1 and len([x for x in exact if x in within]) == 1:  # "the weekly report's tip ... 3 hours": in weekly_report
                return [x for x in exact if x in within]
            return exact or within or [(node, lit) for node, lit, words_held in held if _stems(clues) & _stems(words_held)]

        margin = _MARGIN_WORD.match(words, old.end) or _MARGIN_WORD.match(words, new.end)  # "10% more", "30% extra instead of 25%"
        if not candidates and old.percent and new.percent and margin:  # "10% more than the tank holds; make that 5%": 1.1 -> 1.05
            sign = -1 if margin.group(1).lower() in {"less", "under", "below", "lower", "off"} else 1
            factor = [1 + sign * _decimal(v.text) / 100 for v in (old, new)]
            olds = [(node, found) for node, found in literals if found[0] == "number" and found[1] == factor[0]
                    or found[0] == "string" and _NUMERIC.fullmatch(found[1]) and _decimal(found[1]) == factor[0]]  # Decimal("1.25")
            if olds:
                old, new = (replace(v, text=format(f.normalize(), "f"), percent=False) for v, f in zip((old, new), factor, strict=True))
                candidates = olds
        units = [_unit_after(words, v) for v in (old, new)]
        if old.kind == new.kind == "number" and all(units) and units[0][0] == units[1][0] and units[0][1] != units[1][1]:
            number = _decimal(new.text)  # "two weeks ..., instead of ten days": 14
            new = replace(new, text=format((number * units[1][1] / units[0][1]).normalize(), "f")) if number is not None else new
        if old.kind == "number" and new.kind == "number" and (not candidates or any(units)):
            converted = _pair_in_units(words, old, new, tree)  # "every 4 weeks now instead of every 6": RESET_AFTER_DAYS = 42
            if candidates and any(_in_dimension(lines[node.lineno - 1], next(u for u in units if u)[0]) for node, _ in candidates):
                converted = None  # a literal on a line that says the unit itself (`WEEKS = 6`): that one
            if converted is not None:  # not the 2 of `date(2024, 2, 20)` for "three weeks ahead, not two"
                old, new, held = converted
                candidates = [(node, found) for node, found in literals if node is held]
        if old.kind == "number" and new.kind == "number" and _MONEY.search(words):
            in_cents = [(node, found) for node, found in literals if isinstance(node, ast.Constant) and type(node.value) is int
                        and _matches(_in_cents(old), found)]  # fmt: skip
            if in_cents and (not candidates or len(marked(in_cents)) == 1 and not marked(candidates)):
                old, new, candidates = _in_cents(old), _in_cents(new), in_cents  # "20 euros, not 10": MAX_CREDIT = 1000
        in_pence = [re.match(r"\s*(?:cents?|pence|p)\b", words[v.end :], re.I) for v in (old, new)]
        if not candidates and old.kind == new.kind == "number" and all(in_pence):  # "from 15p to 12p" over EXPORT_RATE = 0.15
            old, new = (replace(v, text=format((_decimal(v.text) / 100).normalize(), "f")) for v in (old, new))
            candidates = [(node, found) for node, found in literals if _matches(old, found)]
        if old.kind == "number":  # "1.0": the literal so spelled before a `1` beside it
            spelled = [(node, found) for node, found in candidates if ast.get_source_segment(code, node) == old.text]
            candidates = spelled or candidates
        scope = defs + named_constants
        if scope:  # in what the instruction names, where that holds it ("not 3" in stem(), else MIN_STEM = 3)
            candidates = [(node, found) for node, found in candidates if within(node, scope)] or candidates
        owners = [next((d for d in defs if within(node, [d])), None) for node, _ in candidates]
        one_each = None not in owners and len(set(map(id, owners))) == len(owners)  # "due_date and is_overdue should ...": both
        if len(candidates) > 1 and not one_each and len(marked(candidates)) == 1:  # the one on a line with a word of the instruction
            candidates = marked(candidates)
        groups = {}
        for node, found in candidates:
            owner = next((d for d in defs if within(node, [d])), None)
            groups.setdefault(owner, []).append((node, found))
        if not candidates or not _EVERY_PLACE.search(words) and any(len(group) != 1 for group in groups.values()):
            continue
        sites = []
        for node, found in candidates:
            source = ast.get_source_segment(code, node) or ""
            text = _written(new, found, source)
            spot = site(node, text) if text is not None and text != source else None
            if spot is None:
                break
            sites.append(spot)
        else:
            return AskedValue(tuple(sites))
    return (_asked_by_name(words, said, tree, scopes, code, site) or _asked_by_quotes(words, literals, defs, code, site)
            or _asked_by_presence(words, literals, defs, code, site))


def _asked_by_presence(words: str, literals: list, defs: list[ast.AST], code: str, site) -> AskedValue | None:
    """Two numbers an instruction says where it asks a change, one a literal of the file once (in
    the function it names, where it names one) and the other nowhere in it: the first becomes the
    second ("seeds_to_sow assumes half the seeds come up. That's too pessimistic - assume 70%":
    `rate = 0.5` -> 0.7)."""
    numbers = [v for v in _unkept_values(words, _values_said(words)) if v.kind == "number"]
    if len(numbers) != 2 or _OTHER_EDITS.search(words) or not _PRESENCE_CUE.search(words):
        return None
    kinds = [_dimension_after(words, v) for v in numbers]
    if None not in kinds and kinds[0] != kinds[1]:
        return None  # "50 cents buys 12 minutes of drying": a price and a time, not an old value and a new one
    scoped = [(node, found) for node, found in literals
              if not defs or any(d.lineno <= node.lineno and node.end_lineno <= d.end_lineno for d in defs)]  # fmt: skip
    held = [[node for node, found in scoped if _matches(v, found)] for v in numbers]
    anywhere = [[node for node, found in literals if _matches(v, found) or v.percent and _matches(v, found, False)] for v in numbers]
    olds = [i for i in (0, 1) if len(held[i]) == 1 and not anywhere[1 - i]]
    if len(olds) != 1:
        return None
    node = held[olds[0]][0]
    source = ast.get_source_segment(code, node) or ""
    text = _written(numbers[1 - olds[0]], _literal_value(node), source)
    spot = site(node, text) if text is not None and text != source else None
    return AskedValue((spot,)) if spot is not None else None


def _dimension_after(words: str, value: _Value) -> str | None:
    """What the word after a number says it measures: a unit's dimension ("time", "length",
    "mass"), "money" (cents, euros, dollars), "percent"; None where nothing."""
    if value.percent:
        return "percent"
    unit = _unit_after(words, value)
    if unit:
        return unit[0]
    if value.at > 0 and words[value.at - 1] in "$\u20ac\u00a3" or re.match(r"\s*(?:cents?|euros?|dollars?|pounds?|pence|bucks)\b", words[value.end :], re.I):
        return "money"
    return None


_PRESENCE_CUE = re.compile(r"\b(?:assume|should|must|make|set|change|instead|now|want|wants|needs?|too|rather)\b", re.I)


_MONEY = re.compile(r"[$\u20ac\u00a3]\s*\d|\b(?:euros?|dollars?|pounds?|bucks)\b", re.I)


def _in_cents(value: _Value) -> _Value:
    """A sum of money the instruction writes in euros or dollars, as the file's cents."""
    number = _decimal(value.text)
    cents = number * 100 if number is not None else None
    if cents is None or cents != cents.to_integral_value():
        return value
    return replace(value, text=str(int(cents)), percent=False)


_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                 "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
                 "sixty": 60, "ninety": 90, "hundred": 100, "thousand": 1000}  # fmt: skip
_ONE = re.compile(r"(?<!\bthat\s)(?<!\bthis\s)(?<!\bthe\s)(?<!\beach\s)(?<!\bevery\s)(?<!\bany\s)(?<!\bno\s)(?<!\bwhich\s)"
                  r"\bone\b(?=\s+(?!of\b|that\b|which\b|is\b|are\b|stays?\b|keeps?\b|has\b|with\b|too\b|and\b|or\b)[a-z])", re.I)  # fmt: skip
_A_UNIT = re.compile(r"\b(?:a|an)\s+(?=(?:euro|dollar|pound|cent|penny|second|minute|hour|day|week|month|year|metre|meter|"
                     r"kilo|gram|litre|liter|percent|point)s?\s+(?:more|less|extra|cheaper|dearer|higher|lower|longer|shorter)\b)",
                     re.I)  # fmt: skip ("costs a euro more"; not "60 degrees an hour")


def _in_digits(words: str) -> str:
    """An instruction with the numbers it spells out written as digits: "three hours ..., not two"
    as "3 hours ..., not 2", "one decimal place" as "1 decimal place", "a euro more" as "1 euro
    more", "half the seeds" as "0.5 the seeds", "seven and a half" as "7.5", "10 pm" as "22"; not the
    pronoun ("that one stays")."""
    words = re.sub(r"\b(?:" + "|".join(_NUMBER_WORDS) + r")\b(?![-\w])", lambda m: str(_NUMBER_WORDS[m.group(0).lower()]), words, flags=re.I)
    words = _ONE.sub("1", words)
    words = re.sub(r"\b(\d+)(?:\s+and\s+|-and-)an?[\s-]+(half|quarter)\b",  # "seven and a half hours": 7.5
                   lambda m: format(int(m.group(1)) + Decimal(_FRACTIONS[m.group(2).lower()]), "f"), words, flags=re.I)
    words = re.sub(r"(?<=\bby\s)one\b", "1", words, flags=re.I)  # "bump X by one"
    words = re.sub(r"(?<![\w.])(\d+(?:\.\d+)?)p\b", r"\1 pence", words)  # "15p"
    words = re.sub(r"\b(?:an?\s+)?(half|third|quarter|fifth|tenth)\s+off\b",  # "a quarter off": 25% off
                   lambda m: {"half": "50", "third": "33.3", "quarter": "25", "fifth": "20", "tenth": "10"}[m.group(1).lower()] + "% off",
                   words, flags=re.I)  # fmt: skip
    words = re.sub(r"\btime\s+and\s+(?:an?\s+)?(half|quarter|third|(?:three|3)\s+quarters)\b",  # "time and a half": 1.5
                   lambda m: {"half": "1.5", "quarter": "1.25", "third": "1.333"}.get(m.group(1).lower(), "1.75"), words, flags=re.I)
    words = re.sub(r"\b(pays?|paid|costs?|counts?|is|be|at)\s+(double|triple)\b(?![-\w])",  # "overtime pays double": 2
                   lambda m: f"{m.group(1)} {2 if m.group(2).lower() == 'double' else 3}", words, flags=re.I)
    words = re.sub(r"\b(\d+(?:\.\d+)?)\s+parts?\s+(?:of\s+)?[a-z]+\s+(?:to|per|for\s+every)\s+(\d+(?:\.\d+)?)\s+(?:parts?\s+)?(?:of\s+)?[a-z]+",
                   lambda m: format((Decimal(m.group(1)) / Decimal(m.group(2))).normalize(), "f") if Decimal(m.group(2)) else m.group(0),
                   words, flags=re.I)  # fmt: skip ("3 parts brown to 1 green": 3, a ratio)
    words = _CLOCK.sub(lambda m: str(int(m.group(1)) % 12 + (12 if m.group(2).lower().startswith("p") else 0)), words)  # "10 pm": 22
    words = _A_UNIT.sub(lambda m: m.group(0) if re.search(r"\b(?:once|twice|thrice|times)\s+$", words[: m.start()], re.I) else "1 ",
                        words)  # "twice a week": a rate, no value
    words = re.sub(r"\bhalf\s+an?\s+(hour|minute|day|week|month|year|second)\b", r"0.5 \1", words, flags=re.I)  # "not half an hour"
    words = re.sub(r"\b(?:an?|one)\s+(half|third|quarter|fifth|tenth)(?:\s+of\s+an?\s+|-|\s+)(hour|minute|day|week|month|year)\b",
                   lambda m: f"{_FRACTIONS[m.group(1).lower()]} {m.group(2)}", words, flags=re.I)  # "a tenth of an hour": 0.1 hour
    words = re.sub(r"\b(?:the\s+nearest|nearest)\s+(half|third|quarter|fifth|tenth)(?:\s+of\s+an?\s+|-|\s+)(hour|minute|day|week)\b",
                   lambda m: f"nearest {_FRACTIONS[m.group(1).lower()]} {m.group(2)}", words, flags=re.I)  # fmt: skip
    words = re.sub(r"\b(?:an?|one)\s+(hour|minute|day|week|month|year|second)\b(?!\s+(?:or|and)\b)",
                   lambda m: m.group(0) if _RATE_BEFORE.search(words[: m.start()]) else "1 " + m.group(1), words, flags=re.I)  # fmt: skip
    words = re.sub(r"\b(?:a\s+)?half\b(?=\s+(?:the|of|a|an|as|its|their)\b)", "0.5", words, flags=re.I)
    words = re.sub(r"(?<=\bnot\s)half\b(?=\s*(?:[.,;!?)]|$))|(?<=\binstead\sof\s)half\b(?=\s*(?:[.,;!?)]|$))", "0.5", words,
                   flags=re.I | re.M)  # fmt: skip ("0.6 of a page, not half")
    return _CHAR_WORD.sub(lambda m: m.group(1) + '"' + _CHARS[m.group(2).lower()] + '"', words)  # "default to semicolons": ";"


_MARGIN_WORD = re.compile(r"\s*(more|over|above|higher|extra|less|under|below|lower|off)\b", re.I)
_THAN_BEFORE = re.compile(r"\s*(?:[A-Za-z]+\s+)?(?:earlier|later|sooner|more|less|fewer|higher|lower|longer|shorter)\s+than\s+"
                          r"(?:before|now|it\s+(?:is|was)|today|currently)\b", re.I)  # fmt: skip
_CLOCK = re.compile(r"\b(1[0-2]|0?[1-9])\s*(am|pm|a\.m\.|p\.m\.)(?!\w)", re.I)
_FRACTIONS = {"half": "0.5", "third": "0.333", "quarter": "0.25", "fifth": "0.2", "tenth": "0.1"}
_RATE_BEFORE = re.compile(r"\d\s*%?\s*(?:[A-Za-z]+\s+)?$")  # "60 degrees an hour", "12 cents a minute": a rate, no value of its own
_CHARS = {"semicolon": ";", "comma": ",", "pipe": "|", "colon": ":", "space": " ", "dash": "-", "hyphen": "-",
          "underscore": "_", "slash": "/", "dot": ".", "period": "."}  # fmt: skip
_CHAR_WORD = re.compile(r"(\b(?:to|with|by|on|of|use|uses|using|into|as|for)\s+(?:an?\s+|the\s+|single\s+)*)(" + "|".join(_CHARS) + r")s?\b"
                        r"(?!\s*-)", re.I)  # fmt: skip


def _computed_statement(text: str) -> bool:
    """Whether quoted text is a statement that computes: an assignment of something other than a
    literal (`attempts = max(attempts, 1)`), an augmented assignment or a call."""
    try:
        body = ast.parse(text.strip()).body
    except SyntaxError:
        return False
    if len(body) != 1:
        return False
    node = body[0]
    if isinstance(node, ast.Assign):
        return _literal_value(node.value) is None
    return isinstance(node, ast.AugAssign) or isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)


_EVERY_PLACE = re.compile(r"\b(?:both|all|every|each)\s+(?:\w+\s+)?(?:places?|times|occurrences|uses)\b|\beverywhere\b", re.I)
_CHANGE_CUE = re.compile(r"\b(?:change|make|use|should|instead|rather|expects?|wants?)\b", re.I)


def _asked_by_quotes(words: str, literals: list, defs: list[ast.AST], code: str, site) -> AskedValue | None:
    """Two strings an instruction quotes where it asks a change ('tags them with " (optional)" -
    make that " (to taste)" instead', 'returns "open" ... but the dashboard expects "doors_open".
    Change that string.'): the one that is a string literal of the file once (in the function
    it names, where it names one) becomes the other, which is none."""
    if not _CHANGE_CUE.search(words) or _OTHER_EDITS.search(words):
        return None
    quoted = [m.group(2) or m.group(3) for m in _QUOTED.finditer(words) if not m.group(1)]
    strings = [(node, found) for node, found in literals if found[0] == "string"]
    if defs:
        strings = [(node, found) for node, found in strings
                   if any(d.lineno <= node.lineno and node.end_lineno <= d.end_lineno for d in defs)] or strings  # fmt: skip
    if len(quoted) != 2:
        return None
    everywhere = {found[1] for _, found in literals if found[0] == "string"}
    held = [[node for node, found in strings if found[1] == text] for text in quoted]
    every = _EVERY_PLACE.search(words)  # "in both places it appears": each of them
    olds = [i for i in (0, 1) if (len(held[i]) == 1 or every and held[i]) and quoted[1 - i] not in everywhere]
    parts = {}  # "'times may be out of date' should say 'times may be stale'": a part of `"* times may be out of date"`
    if not olds:
        inside = [[node for node, found in strings if len(text.strip()) > 3 and text in found[1] != text] for text in quoted]
        olds = [i for i in (0, 1) if len(inside[i]) == 1 and not held[1 - i]
                and not any(quoted[1 - i] in text for text in everywhere)]  # fmt: skip
        held = inside if len(olds) == 1 else held
        parts = {id(node): found[1] for node, found in strings for i in olds if node in inside[i]}
    if len(olds) != 1:
        return None
    old = olds[0]
    sites = []
    for node in held[old]:
        source = ast.get_source_segment(code, node) or ""
        whole = parts.get(id(node), quoted[old])
        text = _written(_Value("string", whole.replace(quoted[old], quoted[1 - old], 1), 0, 0, quoted=True), ("string", whole), source)
        spot = site(node, text) if text is not None else None
        if spot is None:
            return None
        sites.append(spot)
    return AskedValue(tuple(sites))


_ADDS_PARAMETER = re.compile(r"\b(?:take|takes|accept|accepts|add|adds|give|gives|get|gets|need|needs|want|wants)\s+(?:an?\s+|the\s+|its\s+"
                             r"|one\s+|another\s+)?(?:new\s+|optional\s+|extra\s+)?(?:[`'\"]?[A-Za-z_][\w=\"'.()]*[`'\"]?\s+)?"
                             r"(?:keyword(?:[- ]only)?|parameter|param|argument|arg|kwarg|option|flag)s?\b", re.I)  # fmt: skip
_TYPE_WORDS = re.compile(r"\bannotat|\btype[ds]?\b|\bhints?\b", re.I)
_SETS_VALUE = re.compile(r"\s*(?:(?:should|must|needs?\s+to|has\s+to)\s+(?:be|default\s+to)|(?:default|defaults)\s+to"
                         r"|to|=|:|is|be|at)\s*$", re.I)  # fmt: skip


def _asked_by_name(words: str, said: list[_Said], tree: ast.Module, scopes: _Scopes, code: str, site) -> AskedValue | None:
    """A name of the file and its new value: "set WINDOW_SECONDS to 30", "`count` to 10",
    "skip_optional=False by default", "MAX_ENTRIES should be 256"."""
    values = _values_said(words)
    constants = {}
    for node in tree.body + [n for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for n in c.body]:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
            value = value.args[0]  # MONTHLY_FEE = Decimal("2.50")
        if value is not None and _literal_value(value):
            for name in _targets(node):
                constants.setdefault(name, []).append(value)
    functions = [f for f in ast.walk(tree) if isinstance(f, _FUNCTIONS[:2])]
    named = {s.name for s in _said_names(_unkept(words, [v.text for v in values]))  # not "read_inventory keeps its comma default"
             if not re.search(r"\d\s*$", words[: s.at])}  # nor a unit after a number ("rest 2 minutes": no method `minutes`)
    named_functions = [f for f in functions if f.name in named] or [  # "Laundromat() should default to ...": its __init__
        f for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.name in named
        for f in c.body if isinstance(f, _FUNCTIONS[:2]) and f.name == "__init__"]  # fmt: skip

    def defaults(name: str) -> list[ast.AST]:
        found = []
        for function in named_functions or functions:
            found += [default for arg, default in _defaults(function) if arg.arg == name and _literal_value(default)]
        return found

    def keywords(name: _Said) -> list[ast.AST]:  # "save the log with indent=4": a call's `indent=2`
        if not re.match(r"\s*=\s*", words[name.end :]):
            return []
        return [k.value for f in (named_functions or [tree]) for c in ast.walk(f) if isinstance(c, ast.Call)
                for k in c.keywords if k.arg == name.name and _literal_value(k.value)]  # fmt: skip

    chosen = []
    for name in said:
        targets = constants.get(name.name, []) or defaults(name.name) or keywords(name)
        if len(targets) != 1:
            continue
        after = [v for v in values if v.at >= name.end and _SETS_VALUE.search(words[name.end : v.at].replace("`", ""))
                 and not _CLAUSE_END.search(words[name.end : v.at])]  # fmt: skip
        scaled = _SCALES.search(words[: name.at])
        stepped = _STEP_BY.match(words, name.end) if _STEP_VERB.search(words[: name.at]) else None
        step = next((v for v in values if stepped and v.at == stepped.end() and v.kind == "number"), None)
        found = _literal_value(targets[0])
        relative = _RELATIVE.match(words, after[0].end) if after else None
        if relative and after[0].kind == "number" and found and found[0] == "number" and _decimal(after[0].text) is not None:
            # "max_drives default should be one less than it is now": 3 - 1
            chosen.append((targets[0], _stepped(after[0], found[1], _decimal(after[0].text), relative.group(1).lower() in _MORE)))
        elif after:
            said_in = _unit_after(words, after[0])
            held = _unit_in_name(name.name)
            number = _decimal(after[0].text)
            if said_in and held and said_in[0] == held[0] and number is not None:  # "grace_minutes should be half an hour": 30
                chosen.append((targets[0], replace(after[0], text=format((number * said_in[1] / held[1]).normalize(), "f"))))
            elif said_in and not held and number is not None and found and found[0] == "number" \
                    and (number != number.to_integral_value()) != (found[1] != found[1].to_integral_value()):  # fmt: skip
                continue  # "grace should be a quarter of an hour" over `grace=10`: in what unit is it? not 0.25
            else:
                chosen.append((targets[0], after[0]))
        elif step is not None and found and found[0] == "number" and _decimal(step.text) is not None:  # "bump MAX_X by one"
            up = _STEP_VERB.search(words[: name.at]).group(1).lower() not in _STEP_DOWN
            chosen.append((targets[0], _stepped(step, found[1], _decimal(step.text), up)))
        elif scaled and re.fullmatch(r"\W*", words[scaled.end() : name.at]) and not [
                v for v in values if not v.at <= name.at < v.end]:  # "double LOW_STOCK_THRESHOLD", "Double `value_31`"
            found = _literal_value(targets[0])
            if found and found[0] == "number":
                factor = _SCALE_FACTORS[scaled.group(1).lower()]
                chosen.append((targets[0], _Value("number", format((found[1] * factor).normalize(), "f"), 0, 0)))
    free = _unkept_values(words, values)  # not "the 6 washers stay"
    free = [v for v in free if not _THAN_BEFORE.match(words, v.end)]  # "from 22 on, 1 hour earlier than before": the 22
    default_to = re.search(r"\bdefault\s+(?:value\s+)?(?:be|(?:it\s+|them\s+)?to|should\s+be|of|becomes?|=)\s+", words, re.I)
    if not chosen and default_to and len(named_functions) == 1:  # "gives up after 100 ticks ... can the default be 500?"
        new = next((v for v in free if v.at >= default_to.end()), None)
        found = [d for _, d in _defaults(named_functions[0]) if _literal_value(d)]
        olds = [d for d in found if any(_matches(v, _literal_value(d)) for v in free if v is not new)]
        if new is not None and len(olds) == 1:
            chosen = [(olds[0], new)]
    if not chosen and not values and len(named_functions) == 1:
        chosen = _boolean_default(words, named_functions[0])
    cue = _BY_DEFAULT.search(words)
    if len(free) > 1 and cue:  # "start numbering at 5000 by default; the old tickets went up to 4999": its clause's
        start = max((m.end() for m in _CLAUSE_END.finditer(words, 0, cue.start())), default=0)
        end = next((m.start() for m in _CLAUSE_END.finditer(words, cue.end())), len(words))
        free = [v for v in free if start <= v.at < end]
    if not chosen and len(free) == 1:
        chosen = _asked_by_words(_unkept(words, []), free[0], constants, named_functions, functions)
    if not chosen and len(free) == 1 and free[0].kind == "string" and (shape := _shape(free[0].text.strip("\"'`"))):
        # "the waiting list is saved to garden_waitlist.json from now on", "dates are '%d/%m/%Y' now": the one
        # constant of that shape (a file of that kind, a date format)
        alike = [targets[0] for targets in constants.values() if len(targets) == 1 and (found := _literal_value(targets[0]))
                 and found[0] == "string" and _shape(found[1]) == shape]  # fmt: skip
        chosen = [(alike[0], free[0])] if len(alike) == 1 else []
    if not chosen and len(free) == 1 and free[0].kind == "number" and not _OTHER_EDITS.search(words):
        # "Customers want rye baked longer - 70 minutes": the entry of a module dict whose key the words say
        spoken = _stems({w.lower() for w in re.findall(r"[A-Za-z]+", _QUOTED.sub(" ", _unkept(words, [])))})
        entries = [value for node in tree.body if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
                   for key, value in zip(node.value.keys, node.value.values, strict=True)
                   if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.lower() in spoken
                   and (found := _literal_value(value)) and found[0] == "number"
                   and (number := _decimal(free[0].text)) is not None and found[1] and Decimal("0.1") <= abs(number / found[1]) <= 10]  # fmt: skip
        chosen = [(entries[0], free[0])] if len(entries) == 1 else []
    if len(chosen) != 1:
        return None
    node, new = chosen[0]
    found = _literal_value(node)
    text = _written(new, found, ast.get_source_segment(code, node) or "")
    spot = site(node, text) if text is not None else None
    if spot is None or text == ast.get_source_segment(code, node):
        return None
    return AskedValue((spot,))


def _defaults(function: ast.AST) -> list[tuple[ast.arg, ast.expr]]:
    """A function's parameters that have a default, with it, in order (positional, then keyword-only)."""
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    return pairs + [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]


def _boolean_default(words: str, function: ast.AST) -> list[tuple[ast.AST, _Value]]:
    """"format_summary should print Fahrenheit by default": the one True/False default of the
    function whose parameter's name the words say, as the words turn it (False where they say
    not, no longer, stop, never)."""
    if not re.search(r"\bby\s+default\b", words, re.I) or _OTHER_EDITS.search(words):
        return []
    spoken = {w.lower() for w in re.findall(r"[A-Za-z]+", _QUOTED.sub(" ", words))}
    flags = [(a, d) for a, d in _defaults(function) if isinstance(d, ast.Constant) and isinstance(d.value, bool)
             and set(_identifier_parts(a.arg)) <= spoken]  # fmt: skip
    if len(flags) != 1:
        return []
    wanted = not re.search(r"\bnot\b|n't\b|\bno\s+longer\b|\bstop\b|\bnever\b", words, re.I)
    arg, default = flags[0]
    return [] if default.value is wanted else [(default, _Value("constant", str(wanted), 0, 0))]


def _written_as_code(words: str, said: _Said) -> bool:
    """Whether the instruction writes a name as code: in backticks or as a call (`tokenize`,
    `top_products()`), not as a string value ("unassigned")."""
    return words[said.at] == "`" or words[said.end : said.end + 2] == "()" or words[said.at : said.end].endswith("()")


_OTHER_EDITS = re.compile(r"\b(?:add|insert|wrap|delete|remove|drop|import|document|docstring|catch)\b"
                          r"|(?<!\bthe\s)(?<!\bits\s)(?<!\bthis\s)(?<!\ba\s)\blog\b", re.I)  # fmt: skip (not "the log says")
_SCALES = re.compile(r"\b(double|triple|halve)\s+(?:the\s+)?[`'\"]?$", re.I)
_SCALE_FACTORS = {"double": Decimal(2), "triple": Decimal(3), "halve": Decimal("0.5")}
_STEP_VERB = re.compile(r"\b(bump|raise|increase|up|lower|decrease|reduce|cut|drop|increment|decrement)\s+(?:up\s+)?(?:the\s+)?"
                        r"(?:(?:constant|default|value|limit)\s+(?:of\s+)?)?`?$", re.I)  # fmt: skip
_STEP_DOWN = frozenset({"lower", "decrease", "reduce", "cut", "drop", "decrement", "shorten"})
_STEP_BY_WORDS = re.compile(r"\b(bump|raise|increase|up|lower|decrease|reduce|cut|increment|decrement|extend|lengthen|shorten)\b"
                            r"[^.;!?\n]{0,60}?\s(?P<by>by)\s*$", re.I)  # fmt: skip
_STEP_BY = re.compile(r"`?(?:\s+(?:constant|default|value|limit|setting))?(?:\s+(?:up|down))?\s+by\s+", re.I)


def _asked_by_words(words: str, value: _Value, constants: dict[str, list[ast.AST]],
                    functions: list[ast.AST], everywhere: Sequence[ast.AST] = ()) -> list[tuple[ast.AST, _Value]]:  # fmt: skip
    """The one value an instruction gives, for what its words describe: the one constant whose
    name's parts it says ("set the tax rate to 19%": TAX_RATE; "we crossfade for 6 seconds":
    CROSSFADE_SECONDS), or "by default" the one default of that kind of the function it names
    ("top_products() should return the top 10 by default")."""
    spoken = {w.lower() for w in re.findall(r"[A-Za-z]+", _QUOTED.sub(" ", words))}
    if _OTHER_EDITS.search(words):
        return []  # "add a check that at least 2 rows ...": a statement to write, not this value
    if re.match(rf"\s*(?:[A-Za-z]+\s+)?(?:more|less|fewer|higher|lower|longer|shorter|cheaper|dearer)\s+than\b(?!{_THAN_NOW})",
                words[value.end :], re.I):  # fmt: skip
        return []  # "a euro more than a walk": a comparison, not the value
    relative = _RELATIVE.match(words, value.end)
    stepped = _STEP_BY_WORDS.search(words[: value.at])  # "raise the due threshold by 30 seconds"
    if relative or stepped:  # "costs a euro more": the value it has and one more
        start, end = (value.at, relative.end()) if relative else (stepped.start("by"), value.end)
        more = relative.group(1).lower() in _MORE if relative else stepped.group(1).lower() not in _STEP_DOWN
        chosen = _asked_by_words(words[:start] + " " * (end - start) + words[end:],
                                 value, constants, functions, everywhere) if value.kind == "number" else []
        step = _decimal(value.text)
        if len(chosen) != 1 or step is None:
            return []
        node, _ = chosen[0]
        found = _literal_value(node)
        if not found or found[0] != "number":
            return []
        node_float = isinstance(node, ast.Constant) and isinstance(node.value, float)
        if node_float and re.match(r"\s*cents?\b", words[value.end :], re.I):
            step = step / 100  # "50 cents less" over a price in euros
        return [(node, _stepped(value, found[1], step, more))]

    def fits(node: ast.AST) -> bool:  # the value can be written over the literal
        found = _literal_value(node)
        return found is not None and _written(value, found, "0" if found[0] == "number" else '""') is not None

    def near(node: ast.AST) -> bool:  # "12 cents a minute" over PER_MINUTE = 0.15: another unit, not this value
        found, number = _literal_value(node), _decimal(value.text)
        if found is None or found[0] != "number" or number is None or not found[1] or value.percent:
            return True
        return Decimal("0.1") <= abs(number / found[1]) <= 10

    def described() -> list[ast.AST]:  # the constants whose name's parts the words say: all, else all but a qualifier
        found = {strict: [targets[0] for name, targets in constants.items() if len(targets) == 1
                          and (parts := [p.lower() for p in re.findall(r"[A-Za-z]+", name)]) and len(parts) >= 2
                          and _parts_said(parts, spoken, strict) and fits(targets[0]) and near(targets[0])]
                 for strict in (True, False)}  # fmt: skip
        if found[True] or found[False]:  # of two, the one more of whose name the words say (MAX_LOAD_KG over load_kg)
            best = found[True] or found[False]
            size = {id(t): len(re.findall(r"[A-Za-z]+", n)) for n, ts in constants.items() for t in ts}
            return [t for t in best if size[id(t)] == max(size[id(b)] for b in best)]
        # a one-word constant said as a word ("the deposit is 40 now": DEPOSIT), the only one said
        alone = [targets[0] for name, targets in constants.items() if len(targets) == 1 and re.fullmatch(r"[A-Z]+", name)
                 and name.lower() in _stems(spoken) and fits(targets[0]) and near(targets[0])]  # fmt: skip
        return alone if len(alone) == 1 else []

    def said_parameter(function: ast.AST) -> list[ast.AST]:  # "glaze_schedule's default hold": hold_minutes; "widen": width
        return [d for a, d in _defaults(function) if (set(_identifier_parts(a.arg)) <= _stems(spoken)
                or _parts_said(sorted(_identifier_parts(a.arg)), spoken, True)) and fits(d) and near(d)]  # fmt: skip

    if _BY_DEFAULT.search(words) or re.search(r"\bdefault\b", words, re.I):
        own = [d for f in functions for d in said_parameter(f)] if functions else []
        if not functions and _BY_DEFAULT.search(words):  # "Bisque firings should candle for 3 hours by default"
            own = [d for f in everywhere for d in said_parameter(f)]
        if len(own) == 1:
            return [(own[0], value)]
    found = described()
    if not found and functions:  # "widen the name column in standings to 25": the function's one default its words say
        own = [d for f in functions for d in said_parameter(f)]
        if len(own) == 1:
            return [(own[0], value)]
    number = _decimal(value.text)
    if not found and number is not None and re.match(r"\s*cents?\b", words[value.end :], re.I):
        value = replace(value, text=format((number / 100).normalize(), "f"))  # "12 cents a minute" over 0.15
        found = [node for node in described() if isinstance(node, ast.Constant) and isinstance(node.value, float)]
    if not found and number is not None:  # "30 cm of safety margin" over SAFETY_MARGIN_M = 0.5
        converted = _in_units_of(words, value, constants, spoken)
        if converted is not None:
            return [converted]
    if len(found) == 1:
        return [(found[0], value)]
    if _BY_DEFAULT.search(words) and len(functions) == 1:
        found = [(a, d) for a, d in _defaults(functions[0]) if fits(d)]
        if len(found) > 1:  # "default to 6 dryers": the parameter the words say
            found = [(a, d) for a, d in found if set(_identifier_parts(a.arg)) <= _stems(spoken)]
        if len(found) == 1:
            return [(found[0][1], value)]
    return []


# words people say for a part of a constant's name ("wash costs 4.50": WASH_PRICE)
_PART_WORDS = {"price": {"cost", "costs", "fee", "fees", "charge", "charges"}, "fee": {"cost", "costs", "price", "charge"},
               "max": {"maximum", "limit", "cap", "most", "up"}, "person": {"people", "each", "everyone"}, "guest": {"head", "person", "people"}, "min": {"minimum", "least"}, "num": {"number"},
               "timeout": {"time", "wait"}, "pct": {"percent"}, "percent": {"%"},
               "hours": {"h", "hr", "hrs"}, "minutes": {"min", "mins"}, "seconds": {"s", "sec", "secs"},
               "monthly": {"month", "months"}, "weekly": {"week", "weeks"}, "daily": {"day", "days"},
               "yearly": {"year", "years"}, "hourly": {"hour", "hours"}, "duplex": {"sided"},
               "litres": {"l", "litre", "liters", "liter"}, "temp": {"temperature", "temperatures", "degrees"},
               "qty": {"quantity"}, "msg": {"message"}, "dir": {"directory", "folder"}, "db": {"database"}, "weight": {"counts", "worth", "weighs", "weighted"}, "multiplier": {"pays", "paid", "times", "double", "triple"}, "width": {"wide", "widen", "wider", "narrow", "narrower"}, "capacity": {"fits", "fit", "holds", "hold", "takes", "take"}}  # fmt: skip ("a colour page counts as four")
_QUALIFIERS = frozenset({"max", "min", "default", "per", "after", "before", "at", "of", "for", "in", "to", "from", "until"})
# parts a name may have that the words need not say (INACTIVE_AFTER_WEEKS: "inactive ... 8 weeks")


def _parts_said(parts: list[str], spoken: set[str], strict: bool = False) -> bool:
    """Whether words say every part of a constant's name (as written, a plural's stem or a word
    people use for it), but for "per" and, not `strict`, a qualifier ("machines take 10 kg loads":
    MAX_LOAD_KG), of which they must say some other part."""
    heard = _stems(spoken)
    said = [p in heard or bool(_PART_WORDS.get(p, set()) & heard) for p in parts]
    optional = {"per"} if strict else _QUALIFIERS
    return all(s or p in optional for p, s in zip(parts, said, strict=True)) and any(
        s for p, s in zip(parts, said, strict=True) if p not in _QUALIFIERS)


# units a constant's name may end in, and words for them, in a dimension's base unit
_UNITS = {
    "length": {"mm": Decimal("0.001"), "millimetres": Decimal("0.001"), "millimeters": Decimal("0.001"), "cm": Decimal("0.01"),
               "centimetres": Decimal("0.01"), "centimeters": Decimal("0.01"), "m": Decimal(1), "metres": Decimal(1),
               "meters": Decimal(1), "km": Decimal(1000), "kilometres": Decimal(1000), "kilometers": Decimal(1000)},
    "time": {"ms": Decimal("0.001"), "millis": Decimal("0.001"), "milliseconds": Decimal("0.001"), "s": Decimal(1),
             "sec": Decimal(1), "secs": Decimal(1), "seconds": Decimal(1), "min": Decimal(60), "mins": Decimal(60),
             "minutes": Decimal(60), "h": Decimal(3600), "hrs": Decimal(3600), "hours": Decimal(3600), "days": Decimal(86400),
             "weeks": Decimal(604800)},
    "mass": {"g": Decimal("0.001"), "grams": Decimal("0.001"), "kg": Decimal(1), "kilos": Decimal(1), "kilograms": Decimal(1)},
}  # fmt: skip


def _in_dimension(line: str, dimension: str) -> bool:
    """Whether a line of code says a unit of `dimension` in a name or a word as a whole word ("weeks",
    DAYS_AHEAD; not the "min" of MIN_FEE)."""
    return any((found := _unit(part)) and found[0] == dimension
               for word in re.findall(r"[A-Za-z]+", line.replace("_", " ")) for part in [word.lower()] if len(part) > 3)


def _unit(word: str) -> tuple[str, Decimal] | None:
    """(dimension, size in its base unit) of a unit word ("cm", "minutes", "minute"), or None."""
    word = word.lower()
    for dimension, sizes in _UNITS.items():
        for form in (word, word + "s"):
            if form in sizes and not (form != word and len(word) < 3):
                return dimension, sizes[form]
    return None


def _unit_after(words: str, value: _Value) -> tuple[str, Decimal] | None:
    """The unit the word after a value names ("4 weeks": time, a week's seconds), or None."""
    word = re.match(r"\s*([A-Za-z]+)\b", words[value.end :])
    return _unit(word.group(1)) if word else None


def _unit_in_name(name: str) -> tuple[str, Decimal] | None:
    """The unit a name says: its last part (SAFETY_MARGIN_M, RESET_AFTER_DAYS), else its one part
    that is a unit written whole (days_ahead; not the "min" of MIN_FEE)."""
    parts = name.lower().split("_")
    if len(parts) < 2:
        return None
    if _unit(parts[-1]):
        return _unit(parts[-1])
    units = [found for part in parts if len(part) > 3 and (found := _unit(part))]
    return units[0] if len(units) == 1 else None


def _pair_in_units(words: str, old: _Value, new: _Value, tree: ast.Module) -> tuple[_Value, _Value, ast.AST] | None:
    """An old and a new value said in a unit ("every 4 weeks now instead of every 6", "three weeks
    ahead, not two") as the one module constant or default whose name says another unit of that
    kind holds them (RESET_AFTER_DAYS = 42: 42 and 28; days_ahead=14: 14 and 21)."""
    said = next((unit for v in (new, old) if (unit := _unit_after(words, v))), None)
    first, second = _decimal(old.text), _decimal(new.text)
    if said is None or first is None or second is None:
        return None
    named = [(node.targets[0].id, node.value) for node in tree.body
             if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)]
    named += [(arg.arg, default) for f in ast.walk(tree) if isinstance(f, _FUNCTIONS[:2]) for arg, default in _defaults(f)]
    found = []
    for name, value in named:
        held = _unit_in_name(name)
        literal = _literal_value(value)
        if held and held[0] == said[0] and held[1] != said[1] and literal and literal[0] == "number":
            if literal[1] == first * said[1] / held[1]:
                found.append((held, value))
    if len(found) != 1:
        return None
    (_, size), node = found[0]
    scale = said[1] / size
    return replace(old, text=format((first * scale).normalize(), "f")), replace(new, text=format((second * scale).normalize(), "f")), node


def _in_units_of(words: str, value: _Value, constants: dict[str, list[ast.AST]],
                 spoken: set[str]) -> tuple[ast.AST, _Value] | None:  # fmt: skip
    """A value said in one unit for the one constant whose name says another of the same kind and
    whose other parts the words say: "30 cm of safety margin" over SAFETY_MARGIN_M = 0.5 is 0.3,
    "a timeout of 2 minutes" over TIMEOUT_SECONDS = 60 is 120."""
    said_unit = re.match(r"\s*-?\s*([A-Za-z]+)\b", words[value.end :])
    said = _unit(said_unit.group(1)) if said_unit else None
    number = _decimal(value.text)
    if said is None or number is None or value.percent:
        return None
    found = []
    for name, targets in constants.items():
        parts = [p.lower() for p in re.findall(r"[A-Za-z]+", name.replace("_", " "))]
        held = _unit(parts[-1]) if len(parts) >= 2 else None
        if len(targets) != 1 or held is None or held[0] != said[0] or held[1] == said[1]:
            continue
        if not set(parts[:-1]) - {"per"} <= _stems(spoken) or not isinstance(targets[0], ast.Constant) \
                or not isinstance(targets[0].value, int | float):  # fmt: skip (REST_DAY = "rest" holds no days)
            continue
        new = number * said[1] / held[1]
        if isinstance(targets[0].value, int) and new != new.to_integral_value() or isinstance(targets[0].value, bool):
            continue
        found.append((targets[0], replace(value, text=format(new.normalize(), "f"))))
    return found[0] if len(found) == 1 else None


_MORE = frozenset({"more", "extra", "higher", "longer", "dearer", "up"})
_THAN_NOW = r"\s+(?:it\s+is|it'?s|now|before|currently|today|the\s+current\s+one)\b"  # "one less than it is now": a step
_RELATIVE = re.compile(r"\s*(?:[A-Za-z]+\s+)?(more|extra|higher|longer|dearer|less|fewer|lower|shorter|cheaper)\b"
                       rf"(?!\s+than\b(?!{_THAN_NOW}))", re.I)  # fmt: skip


def _stepped(value: _Value, held: Decimal, step: Decimal, up: bool) -> _Value:
    """`value` written as the number a literal holding `held` has after a step of `step` up (or
    down): "a euro more", "bump X by one", "one less than it is now"."""
    return replace(value, text=format((held + step if up else held - step).normalize(), "f"))
_BY_DEFAULT = re.compile(r"\bby\s+default\b|\bdefaults?\s+(?:to|of)\b|\bdefault\s+(?:value\s+)?(?:is|should\s+be)\b", re.I)


def _one_of_many(parent: ast.AST | None) -> bool:
    """Whether a literal is one element of a tuple, list or set of three or more numbers: a value
    there is one of a series, which an instruction's "not 10" does not name."""
    return (isinstance(parent, (ast.Tuple, ast.List, ast.Set)) and len(parent.elts) >= 3
            and all(isinstance(e, ast.Constant) and isinstance(e.value, int | float) for e in parent.elts))


def _is_docstring(scopes: _Scopes, node: ast.AST) -> bool:
    parent = scopes.parents.get(node)
    holder = scopes.parents.get(parent) if isinstance(parent, ast.Expr) else None
    return isinstance(holder, (ast.Module, *_DEFINITIONS)) and holder.body and holder.body[0] is parent


def finish_value(asked: AskedValue, original: str, answer: str) -> tuple[str, int, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the value the
    instruction asks (`asked_value`) written: (the text, how many lines got it where the answer
    did not write it, how many of the answer's changes went back). A site's line the answer left,
    or a change of the answer's over a site's lines that is not those lines with the value, becomes
    the original lines with the value; a change elsewhere that writes the new value more often
    than the lines it replaces goes back as it was."""
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    texts = {text for *_, text in asked.sites}

    def elsewhere(added: str, removed: str) -> bool:
        return any(added.count(text) > removed.count(text) for text in texts)

    settled = _settle(answer, old, new, asked.apply(old), {line for line, *_ in asked.sites}, _equal, elsewhere)
    return (answer, 0, 0) if settled is None else (settled.text, settled.left + settled.fixed_sites, settled.back)


# ---------------------------------------------------------------------------------------------
# the import an instruction asks


@dataclass(frozen=True)
class AskedImport:
    """The import statement an instruction asks (`asked_import`), and the line of the original
    it goes before."""

    statement: str  # "import os", "from typing import Any"
    before: int

    def apply(self, lines: list[str]) -> list[str]:
        return lines[: self.before] + [self.statement + "\n"] + lines[self.before :]


_STDLIB = frozenset(sys.stdlib_module_names) - {"this", "antigravity", "test", "idlelib", "turtledemo", "__future__"}
_POLITE = frozenset({"please", "pls", "plz", "thanks", "thx", "too", "now"})
_IMPORT_CUE = re.compile(r"\bimport(?:s|ed)?\b|\bpull\b.*\bin\b|\bbring\b.*\bin\b|\bneed\b|\bwe'?ll\s+use\b", re.I)


def asked_import(instruction: str, code: str, feedback: str = "") -> AskedImport | None:
    """The import the instruction (with the reviewer's notes in `feedback`) asks of the Python file
    `code`, where its words say it plainly: "import threading", "add `from pathlib import Path`",
    "we need Any from typing", "pull `date` in from the datetime module", "pull in the logging
    module", "need os in here, add the import" (a standard-library module, as the only module the
    instruction names); placed as isort places it among the module's first imports (plain imports
    before from-imports, each in the order of the module's name). None where it asks no import,
    the file imports that module already, has no imports to place it among, or the module is not
    the standard library's (its section is not known)."""
    words = _asked(instruction, feedback)
    if not _IMPORT_CUE.search(words) or re.search(r"\b(?:remove|delete|drop|unused)\b", words, re.I):
        return None
    plain = " ".join(_QUOTED.sub(lambda m: " " + next(g for g in m.groups() if g) + " ", words).split())
    found = None
    explicit = re.search(r"\bfrom\s+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s+import\s+([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)", plain)
    if explicit:
        found = ("from", explicit.group(1), explicit.group(2))
    elif (named := re.search(r"(?<![\w.])([A-Za-z_]\w*)\s+(?:in\s+)?from\s+(?:the\s+)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)", plain)) \
            and named.group(2).split(".")[0] in _STDLIB:  # fmt: skip
        found = ("from", named.group(2), named.group(1))
    elif (bare := re.search(r"(?<![\w.])import\s+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)", plain)) and bare.group(1).split(".")[0] in _STDLIB:
        found = ("import", bare.group(1), "")
    else:
        # "calls math.log but math is never imported": the module, once
        modules = {w.split(".")[0] for w in re.findall(r"(?<![\w.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", plain)
                   if w.split(".")[0] in _STDLIB and w.lower() not in _INSTRUCTION_WORDS | _VALUE_STOP}  # fmt: skip
        if len(modules) == 1:
            found = ("import", modules.pop(), "")
    if found is None or found[1].split(".")[0] not in _STDLIB:
        return None
    how, module, names = found
    listed = [n.strip() for n in names.split(",") if not n.strip().islower()  # "Callable, please": not `please`
              or n.strip().lower() not in _INSTRUCTION_WORDS | _VALUE_STOP | _POLITE]  # fmt: skip
    if how == "from" and not listed:
        return None
    statement = f"import {module}" if how == "import" else f"from {module} import {', '.join(listed)}"
    tree = _parsed(code)
    if tree is None:
        return None
    block = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            block.append(node)
        elif block or not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            break
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    if not block or module in imported or any(node.lineno != node.end_lineno for node in block):
        return None
    section = [node for node in block if (getattr(node, "module", None) or node.names[0].name).split(".")[0] in _STDLIB
               and getattr(node, "level", 0) == 0 and getattr(node, "module", None) != "__future__"]  # fmt: skip
    if not section:
        return None

    def key(node: ast.AST) -> tuple[int, str]:
        name = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
        return (1 if isinstance(node, ast.ImportFrom) else 0), name.lower()

    mine = (1 if how == "from" else 0, module.lower())
    after = [node for node in section if key(node) > mine]
    before = (after[0].lineno if after else section[-1].end_lineno + 1) - 1
    return AskedImport(statement, before)


def finish_import(asked: AskedImport, original: str, answer: str) -> tuple[str, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the import the
    instruction asks (`asked_import`) where isort puts it: (the text, 1 where it was placed, 0
    where the answer has it there already). Any other line the answer added that imports the same
    module goes (a second import of it, elsewhere); the rest of the answer stays."""
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    wanted = "".join(asked.apply(old))
    if answer == wanted:
        return answer, 0
    module = asked.statement.split()[1]
    same = re.compile(rf"^\s*(?:import|from)\s+{re.escape(module)}\b")
    kept = [line for line in new if not (same.match(line) and line not in old)]
    # the original's lines in the answer map back to where the import goes
    matcher = difflib.SequenceMatcher(None, old, kept, autojunk=False)
    at = None
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if tag == "equal" and i1 <= asked.before <= i2:
            at = j1 + asked.before - i1
            break
    if at is None:
        return answer, 0
    text = "".join(kept[:at] + [asked.statement + "\n"] + kept[at:])
    return (text, 1) if _parses(text) or not _parses(answer) else (answer, 0)


# ---------------------------------------------------------------------------------------------
# the statement an instruction asks to delete


@dataclass(frozen=True)
class AskedDeletion:
    """The statement an instruction asks to delete (`asked_deletion`): its lines [start, end) of the
    original."""

    start: int
    end: int

    def apply(self, lines: list[str]) -> list[str]:
        return lines[: self.start] + lines[self.end :]


_DELETE_CUE = re.compile(r"\b(?:delete|remove|drop|lose|get\s+rid\s+of|take\s+(?:(?:it|that|this|them)\s+)?out|strip\s+out)\b|\bshould(?:n't|\s+not)\b"
                         r"|\btake(?=\s+the\s+(?:[^.;!?\n]|\.(?=\S)){1,60}?\s+out\s+of\b)"  # "take the logger.info call out of add_dish"
                         r"|\bmust(?:n't|\s+not)\b|\bnot\s+needed\b|\bno\s+longer\b|\bleftover\b|\bany\s+more\b"
                         r"|\bstop\s+(?!passing\b)\w+ing\b", re.I)  # fmt: skip
# "import" as a noun, of something that runs: "the nightly import", "Head office's payroll import chokes"
_NOUN_IMPORT = re.compile(r"\b(?:the|a|an|our|their|its|this|that|nightly|daily|weekly|monthly|bulk|data|csv|payroll|file|batch)\s+"
                          r"(?:[\w-]+\s+)?imports?\b(?!\s+(?:of|statements?|lines?|for|from)\b)", re.I)  # fmt: skip
_NOT_A_STATEMENT = re.compile(r"\b(?:param(?:eter)?s?|arg(?:ument)?s?|kwargs?|imports?|docstrings?|decorators?|comments?"
                              r"|hints?|annotations?|blank|default)\b", re.I)  # fmt: skip


def asked_deletion(instruction: str, code: str, feedback: str = "") -> AskedDeletion | None:
    """The statement the instruction (with the reviewer's notes in `feedback`) asks to delete from
    the Python file `code`, where its words say it plainly: a word that deletes ("remove", "drop",
    "get rid of", "shouldn't ... any more") and the one simple statement, in the function or
    class it names (else in the file), that it quotes whole (`self.checks += 1`), or that calls
    what it names (the log.info call), or that alone holds a name or text it gives beside those
    ("the line in apply_month_end that posts MONTHLY_FEE", "the Content-Type header"). None where
    it asks no deletion, names a parameter, import, docstring or the like, could mean two
    statements, or the statement is its block's only one."""
    words = _asked(instruction, feedback)
    cue = _DELETE_CUE.search(words)
    if not cue:
        return None
    sentence = re.split(r"[.;!?](?:\s|$)", words[cue.start() :], maxsplit=1)[0]  # "the payroll import chokes. Remove ...": a noun before
    around = _NOUN_IMPORT.sub(" ", _QUOTED.sub(" ", words[max(0, words.rfind(". ", 0, cue.start())) : cue.start()] + sentence))
    if _NOT_A_STATEMENT.search(around) or re.search(r"\b(?:flag|keyword|option|setting|switch)s?\b", around, re.I):  # "takes a `verbose` flag ... drop it"
        return None
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    said = _said_names(words)
    scope_names = {s.name for s in _said_names(_unkept(words, []))} or {s.name for s in said}  # not "write_totals keeps its log line"
    scopes = [node for node in ast.walk(tree) if isinstance(node, _DEFINITIONS) and node.name in scope_names]
    functions = [node for node in scopes if not isinstance(node, ast.ClassDef)] or scopes
    statements = [node for node in ast.walk(tree) if isinstance(node, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return))
                  and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]  # fmt: skip
    if functions:
        statements = [node for node in statements if any(f.lineno < node.lineno <= f.end_lineno for f in functions)]

    def source(node: ast.AST) -> str:
        return _statement_text(lines, node)

    def called(node: ast.AST) -> str:
        call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
        return ast.unparse(call.func) if call is not None else ""

    quoted = [" ".join(q.split()) for q in quoted_spans(words)]
    found = [node for node in statements if source(node) in quoted]  # a `return winner` only where quoted whole
    for elided in [q for q in quoted if "..." in q and not found]:  # `candidates.sort(...)`: the rest as written
        pattern = ".*".join(re.escape(part) for part in elided.split("..."))
        found = [node for node in statements if re.fullmatch(pattern, source(node))]
    statements = [node for node in statements if not isinstance(node, ast.Return)]
    if not found:
        dotted = {s.text for s in said if "." in s.text}
        found = [node for node in statements if called(node) in dotted]
    if not found:
        clues = [s.name for s in said if s.name not in {f.name for f in scopes}] + [q for q in quoted if q]
        clues = [clue for clue in clues if clue.lower() not in _INSTRUCTION_WORDS | _NOT_NEW]
        def holders(names: list[str]) -> list[ast.AST]:
            return [node for node in statements if any(re.search(rf"(?<!\w){re.escape(clue)}(?!\w)", source(node)) for clue in names)]

        holding = holders(clues)
        if len(holding) > 1:  # "must stop recalculating self.average": the one holding what it writes as code
            holding = holders([c for c in clues if _looks_like_code(c, False) or re.search(rf"\bself\.{re.escape(c)}\b", words)])
        found = holding if len(holding) == 1 else []
    if not found and functions and len(functions) == 1 and _LOG_LINE.search(words):  # "delete the log line in record"
        found = [node for node in statements if re.match(r"(?:logger|logging|log|LOGGER|LOG)\.\w+$", called(node))]
    if not found and functions and len(functions) == 1:  # "the warning about short parts in fill_service"
        found = _described_statement(words, statements, lines, {f.name for f in scopes})
    if len(found) != 1:
        return None
    node = found[0]
    bare = {t.id for t in (node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]) if isinstance(t, ast.Name)}
    holder = next((f for f in ast.walk(tree) if isinstance(f, _FUNCTIONS[:2]) and f.lineno < node.lineno <= f.end_lineno
                   and not any(isinstance(g, _FUNCTIONS[:2]) and g is not f and f.lineno < g.lineno and node.lineno <= g.end_lineno
                               for g in ast.walk(f))), tree)  # fmt: skip (the innermost function holding it)
    bare -= {a.arg for a in ast.walk(holder) if isinstance(a, ast.arg)} | {  # `password = password.strip()`: bound besides
        n.id for n in ast.walk(holder) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.lineno != node.lineno}
    if not any(q and q in _statement_text(lines, node) for q in quoted) and any(
            isinstance(n, ast.Name) and n.id in bare and isinstance(n.ctx, ast.Load) and n.lineno > node.end_lineno
            for n in ast.walk(tree)):  # fmt: skip
        return None  # "stop logging turns" is not `logger = logging.getLogger(...)`: a binding still read, unless quoted
    siblings = next((block for holder in ast.walk(tree) for field in ("body", "orelse", "finalbody", "handlers")
                     if isinstance(block := getattr(holder, field, None), list) and node in block), [])  # fmt: skip
    if len(siblings) < 2 or lines[node.lineno - 1][: node.col_offset].strip() or lines[node.end_lineno - 1][node.end_col_offset :].strip():
        return None  # its block's only statement, or one sharing a line
    return AskedDeletion(node.lineno - 1, node.end_lineno)


_LOG_LINE = re.compile(r"\b(?:the|its|that)\s+(?:log|logging)\s+(?:line|call|statement|message)\b", re.I)


def _described_statement(words: str, statements: list[ast.AST], lines: list[str], named: set[str]) -> list[ast.AST]:
    """The one statement (of a function the instruction names) its words describe: the most of
    them among the statement's names and text, the name of what it calls counting twice ("the
    warning about short parts": the logger.warning whose message says short; "the total volume
    line": the print of "Total volume"); at least two; none where two tie."""
    plain = _QUOTED.sub(" ", _unkept(words, []))  # not "The callsign still gets normalized there"
    clues = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", plain)} - _INSTRUCTION_WORDS - _NOT_NEW - _VALUE_STOP
    clues -= {n.lower() for n in named} | _identifier_parts(" ".join(named)) | {
        "line", "lines", "call", "statement", "bottom", "top", "end", "start", "nobody", "reads", "get", "rid", "about", "out"}

    def score(node: ast.AST) -> int:
        text = _statement_text(lines, node)
        held = _stems(_identifier_parts(text) | {w.lower() for w in re.findall(r"[A-Za-z]+", text)})
        call = node.value if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else None
        callee = ast.unparse(call.func).split(".")[-1].lower() if call is not None else ""
        logs = callee in {"debug", "info", "warning", "warn", "error", "critical", "exception", "log", "print"}
        return sum(2 if clue == callee or clue.rstrip("s") == callee else 1 for clue in clues if _stems({clue}) & held) + sum(
            1 for clue in clues if logs and clue in {"message", "messages", "log", "logging", "output", "printout"})

    scored = [(score(node), node) for node in statements]
    top = max((s for s, _ in scored), default=0)
    best = [node for s, node in scored if s == top]
    return best if top >= 2 and len(best) == 1 else []


def finish_deletion(asked: AskedDeletion, original: str, answer: str) -> tuple[str, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) without the statement the
    instruction asks to delete (`asked_deletion`): (the text, 1 where the answer still had it, else
    0). The rest of the answer stays."""
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    gone = old[asked.start : asked.end]
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if tag == "equal" and i1 <= asked.start and asked.end <= i2:
            at = j1 + asked.start - i1
            if new[at : at + len(gone)] == gone:
                text = "".join(new[:at] + new[at + len(gone) :])
                return (text, 1) if _parses(text) or not _parses(answer) else (answer, 0)
    return answer, 0


# ---------------------------------------------------------------------------------------------
# the parameter an instruction asks to add


@dataclass(frozen=True)
class AskedParameter:
    """The parameter an instruction asks to add (`asked_parameter`) or to remove
    (`asked_parameter_removal`, `removed`): the original's lines as they become, by index (the
    `def` line, and the lines that use it or pass it)."""

    name: str
    lines: tuple[tuple[int, str], ...]
    removed: bool = False

    def apply(self, lines: list[str]) -> list[str]:
        out = list(lines)
        for index, text in self.lines:
            out[index] = text
        return out


_TYPE_TEXT = r"[A-Za-z_][\w.]*(?:\[[^\]=]*\])?(?:\s*\|\s*[A-Za-z_][\w.]*(?:\[[^\]=]*\])?)*"  # int, str | None, list[str]
_ADD_PARAMETER = re.compile(r"\b(?:add|adds|append|give|gives|accept|accepts|take|takes|need|needs|want|wants|allow|allows"
                            r"|overridable|configurable|customi[sz]able|adjustable)\b", re.I)  # fmt: skip
_PASS_ON = re.compile(r"(?:\bit\s+)?\b(?:pass|hand|forward|send)\w*\s+(?:it\b|them\b|that\b|this\b|on\b|through\b|along\b"
                      r"|(?<=\bit\spasses\s)to\b|(?<=\bit\shands\s)to\b)(?P<rest>.*)"
                      r"|\buse\s+it\s+in\s+(?=[A-Za-z_][\w.]*(?:\(\))?\s+(?:instead|rather|as|for)\b)(?P<used>.*)", re.I)  # fmt: skip
_INSTEAD_OF_CONSTANT = re.compile(r"\b(?:instead\s+of|rather\s+than)\b", re.I)


_THAT_AS_DEFAULT = re.compile(r"\b(?:with|using|and)\s+(?:that|this|the\s+same|the\s+current|the\s+old)\s+(?:text|string|value|message|"
                              r"literal|prefix|label)\s+as\s+(?:the\s+|its\s+)?default\b", re.I)  # fmt: skip
_DEFAULT_CUE = (r"(?:\bwith\s+(?:a\s+)?default(?:\s+(?:value\s+)?of)?|\bdefaulting\s+to|\bdefaults?\s+(?:to|is|=)"
                r"|[(,;]\s*default(?:\s+(?:of|is|=))?)")  # fmt: skip


def asked_parameter(instruction: str, code: str, feedback: str = "") -> AskedParameter | None:
    """The keyword parameter the instruction (with the reviewer's notes in `feedback`) asks to add
    to a function of the Python file `code`, where its words say it plainly: "add a keyword
    parameter headers=None to fetch_json", "Order.cancel() should accept a notify=False keyword",
    "a parameter `holidays` with default `()`", "a min_length parameter ..., defaulting to
    MIN_TOKEN_LENGTH", "after `fallback`"; appended to the function's parameters (or after the one
    named), and, where the instruction says so, used: "use it instead of the constant" (the
    constant its default names, in the function's body), "pass it (on) to build_request" (to the
    calls of it in the function: by position where that is the callee's next parameter, else
    by keyword), "as `day=day`", "as its delimiter". None where it asks no such parameter, the
    function is not found once or has it already, its signature spans lines or ends in `*args`,
    keyword-only parameters or `**kwargs`, or the instruction asks a use of it this cannot make."""
    words = _asked(instruction, feedback)
    if not _ADD_PARAMETER.search(words) or re.search(r"\b(?:remove|delete|drop|rename)\b", words, re.I):
        return None
    plain = " ".join(re.sub(r"`([^`\n]+)`", r" \1 ", words).split())  # backticks off; a string keeps its quotes
    quoted = [m.group(0) for m in re.finditer(r"\"[^\"\n]*\"|'[^'\n]*'", words)]
    if len(quoted) == 1:  # 'hard-codes "safe to cross ". ... with that text as the default': that string
        plain = _THAT_AS_DEFAULT.sub(f"with default {quoted[0]}", plain)
    value = r"(\(\)|\[\]|\{\}|[\"'][^\"']*[\"']|[^\s,;`)]+(?:\(\))?)"
    role = r"(?:parameter|param|argument|arg|keyword|flag|option)"
    shapes = [
        re.compile(r"(?<![\w.])([A-Za-z_]\w*\s*:\s*" + _TYPE_TEXT + r")\s*=\s*" + value),  # drops: int = 0
        re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*=\s*" + value),  # headers=None
        re.compile(rf"\b{role}\s+([A-Za-z_]\w*)\b.*?{_DEFAULT_CUE}\s+" + value, re.I),
        re.compile(rf"\ban?\s+(?:(?:optional|new|extra|keyword|boolean|bool|integer|int|string|str|float)\s+)*(?!{role}\b)([A-Za-z_]\w*)"
                   rf"\s+{role}\b.*?{_DEFAULT_CUE}\s+" + value, re.I),
    ]  # fmt: skip
    found = min((m for shape in shapes if (m := shape.search(plain))), key=lambda m: m.start(), default=None)
    if found is None:
        return None
    annotated, default = found.group(1), found.group(2).rstrip(".")
    name = annotated.split(":")[0].strip()
    # a parameter it says ("keyword", "argument"), or one it adds as written ("add cutoffs=LETTER_CUTOFFS"),
    # not a statement it quotes ("kill `headers = []`")
    if not re.search(rf"\b{role}s?\b", plain, re.I) and not re.search(rf"\b(?:add|append)\s+{re.escape(annotated)}\s*=", plain):
        return None
    if not _NAME.fullmatch(name) or name.lower() in _VALUE_STOP | {"a", "an", "the", "it", "this", "that"} or keyword.iskeyword(name):
        return None
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    present = set(_NAME.findall(code))
    if any(s.name not in present and s.name != name for s in _said_names(words) if _written_as_code(words, s)):
        return None  # it names code the file lacks (`__init__` in class `_DupFd`): another file's
    said = {s.name for s in _said_names(words) if s.quoted or _looks_like_code(s.text, False)
            or s.text.lower() not in _INSTRUCTION_WORDS | _VALUE_STOP | {"pass", "loop", "hand", "give", "take", "let"}}  # fmt: skip
    functions = [f for f in ast.walk(tree) if isinstance(f, _FUNCTIONS[:2]) and f.name in said and f.name != name
                 and name not in {a.arg for a in (*f.args.posonlyargs, *f.args.args, *f.args.kwonlyargs)}]  # fmt: skip
    passing = _PASS_ON.search(plain)
    if passing and len(functions) > 1:  # what it is passed on to is no function to add it to
        passed_to = set(re.findall(r"[A-Za-z_]\w*", passing.group("rest") or passing.group("used")))
        functions = [f for f in functions if f.name not in passed_to] or functions
    target_names = {f.name for f in functions}
    if len(functions) != 1 and len(target_names) == 1:
        return None  # defined twice
    if len(functions) != 1:  # the one it adds to ("... to fetch_json")
        to = {m.group(1).split(".")[-1] for m in re.finditer(r"\bto\s+(?:the\s+)?(?:function\s+|method\s+)?([A-Za-z_][\w.]*)", plain)}
        functions = [f for f in functions if f.name in to]
        if len(functions) != 1:
            return None
    function = functions[0]
    args = function.args
    header = lines[function.lineno - 1]
    if args.vararg or args.kwarg or args.kwonlyargs or not header.rstrip().endswith(":") \
            or function.body[0].lineno == function.lineno or "(" not in header:  # fmt: skip
        return None  # `*args`, keyword-only or `**kwargs`, a signature over several lines, a one-line body
    after = re.search(r"\bafter\s+`?([A-Za-z_]\w*)`?", plain)
    params = [*args.posonlyargs, *args.args]
    if after:
        spot = next((a for a in params if a.arg == after.group(1)), None)
        if spot is None:
            return None
        index = params.index(spot) + 1
    else:
        index = len(params)
    written = f"{annotated.replace(' :', ':')} = {default}" if ":" in annotated else f"{name}={default}"
    if re.search(r"\bkeyword[- ]only\b", plain, re.I):  # "add a keyword-only `max_distance=...` after `site`"
        if index != len(params):
            return None
        written = "*, " + written
    if index == len(params):
        close = header.rindex(")", 0, header.rindex(":"))
        joint = ", " if params else ""
        new_header = header[:close] + joint + written + header[close:]
    else:
        following = params[index]
        at = _Scopes(tree, lines).column(following.lineno - 1, following.col_offset)
        new_header = header[:at] + written + ", " + header[at:]
    changed = {function.lineno - 1: new_header}
    # the uses the instruction asks of it
    body = [n for n in ast.walk(function) if getattr(n, "lineno", 0) > function.lineno]
    replaced = False  # a keyword the calls pass already, given the parameter instead
    if passing:
        rest = passing.group("rest") or passing.group("used")
        explicit = (re.search(r"\bas\s+`?[A-Za-z_][\w.]*\([^()=]*?(?<![\w.])([A-Za-z_]\w*\s*=\s*[A-Za-z_]\w*)\s*\)`?", rest)  # "as f(line, x=x)"
                    or re.search(r"\bas\s+`?([A-Za-z_]\w*\s*=\s*[^`]+?)`?(?=\s+to\b|\s*$|[,;.](?:\s|$))", rest))  # fmt: skip
        its = re.search(r"\bas\s+its\s+([A-Za-z_]\w*)", rest)
        callees = {w for w in re.findall(r"[A-Za-z_]\w*", rest) if w in {_callee(c) for c in body if isinstance(c, ast.Call)}}
        callees |= {"print"} if re.search(r"\bprints?\b", rest) else set()
        calls = [c for c in body if isinstance(c, ast.Call) and _callee(c) in callees]
        if not calls or any(c.lineno != c.end_lineno for c in calls):
            return None
        for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset), reverse=True):
            given = next((k for k in call.keywords if k.arg == name), None)
            if given is not None:  # "hand it to json.dumps instead of the hard-coded 2": `indent=2` passes it now
                if given.value.lineno != given.value.end_lineno or given.value.lineno - 1 in changed:
                    return None
                replaced = _replace_nodes(lines, changed, [given.value], name, tree)
                if not replaced:
                    return None
                continue
            if explicit:
                argument = " ".join(explicit.group(1).split()).replace(" = ", "=")
            elif its:
                argument = f"{its.group(1)}={name}"
            else:
                argument = name if _next_parameter(tree, call) == name else f"{name}={name}"
            line = call.end_lineno - 1
            text = changed.get(line, lines[line])
            scopes = _Scopes(tree, lines)
            end = scopes.column(line, call.end_col_offset) - 1 + (len(text) - len(lines[line]) if line in changed else 0)
            if text[end] != ")":
                return None
            joint = ", " if call.args or call.keywords else ""
            changed[line] = text[:end] + joint + argument + text[end:]
    elif (re.search(rf"\b(?:use|uses|using)\s+(?:it|{re.escape(name)})\b", plain)
          or re.search(rf"\b(?:it|that|this|{re.escape(name)})\s+instead\b|\bhard[- ]?cod(?:e|es|ed|ing)\s+(?:the\s+)?{re.escape(default)}(?!\w)", plain, re.I)) \
            and re.fullmatch(r"[\"'].*[\"']|-?\d[\d.]*", default):  # fmt: skip
        # the literal it stands for, once in the function: "use prefix in the return", "shouldn't hard-code the 10 ... add that instead"
        held = [n for n in body if isinstance(n, ast.Constant) and ast.get_source_segment(code, n) == default]
        if len(held) != 1 or not _replace_nodes(lines, changed, held, name, tree):
            return None
        replaced = True
    elif re.search(r"\b(?:use|uses|using)\s+it\b", plain) and not _INSTEAD_OF_CONSTANT.search(plain):
        return None  # a use this cannot make ("use it for self.eco")
    if re.search(r"\b(?:store|save|keep|assign|record|remember|set)\s+(?:it|that|this)\b", plain, re.I):
        return None  # "and store it as self.currency": a statement beside it, not read here
    if _INSTEAD_OF_CONSTANT.search(plain) and not replaced:
        constant = default if default in _bound_names(tree) else None
        named_constant = re.search(r"\b(?:instead\s+of|rather\s+than)\s+(?:from\s+)?(?:the\s+)?`?([A-Z][A-Z0-9_]+)`?", plain)
        constant = named_constant.group(1) if named_constant else constant
        uses = [n for n in body if isinstance(n, ast.Name) and n.id == constant and isinstance(n.ctx, ast.Load)]
        if not constant or not uses or not _replace_nodes(lines, changed, uses, name, tree):
            return None
    asked = AskedParameter(name, tuple(sorted(changed.items())))
    return asked if _parses("".join(asked.apply(lines))) else None


_REMOVE_CUE = re.compile(r"\b(?:remove|drop|delete|lose|ditch|get\s+rid\s+of|take\s+out)\b", re.I)
_STOP_PASSING = re.compile(r"\b(?:stop|quit|don'?t|do\s+not|no\s+longer|never)\s+(?:pass|hand|forward|send)|\bjust\s+call\b"
                           r"|\bwith\s+no\s+arguments\b|\bwithout\s+(?:any\s+)?arguments\b|\bcall\s+[\w.]+(?:\(\))?\s+without\b", re.I)  # fmt: skip
_RETURN_BECOMES = re.compile(r"\b(?:the\s+return\s+(?:becomes|is\s+now|should\s+be|will\s+be)|(?:it\s+)?(?:just|should|then)\s+returns?)"
                             r"\s+`?([^`\n;]+?)`?\s*(?:[.;](?:\s|$)|$)", re.I)  # fmt: skip


def asked_parameter_removal(instruction: str, code: str, feedback: str = "") -> AskedParameter | None:
    """The parameter the instruction (with the reviewer's notes in `feedback`) asks to remove from
    one function of the Python file `code`, where its words say it plainly: a word that removes
    ("remove", "drop", "get rid of") and one parameter of the function it names ("drop the unused
    `width` parameter from format_item()", "strict isn't used anywhere in convert_all, remove
    it"), or the one function with a parameter so named. Removed from the `def` line and from the
    calls of that function in the file (by position or keyword); where the body passes it on to a
    call, from that call too, if the instruction says so ("stop passing it to Request", "just call
    policy.problems(password)"). None where the body uses it otherwise (what would stand in its
    place is not said), a call passes `*args` or `**kwargs`, or a line to change spans lines."""
    words = _asked(instruction, feedback)
    if not _REMOVE_CUE.search(words) or re.search(r"\b(?:add|rename|docstring|import)\b", words, re.I):
        return None
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    # what it names outside the calls it writes ("just call policy.problems(password)": not `problems`)
    said = {s.name for s in _said_names(re.sub(r"[\w.]+\([^()]+\)|(?<=\bcall\s)[\w.]+(?:\(\))?", " ", _unkept(words, [])))
            if not _plain_instruction_word(s)}  # fmt: skip (not what it calls, nor what a clause keeps: "storage_ok keeps its margin")
    functions = [f for f in ast.walk(tree) if isinstance(f, _FUNCTIONS[:2])]
    named = [f for f in functions if f.name in said]

    def parameters(function: ast.AST) -> list[ast.arg]:
        args = function.args
        return [*args.posonlyargs, *args.args, *args.kwonlyargs]

    found = [(f, a) for f in (named or functions) for a in parameters(f) if a.arg in said and a.arg not in ("self", "cls")]
    its = re.search(r"\b(?:remove|drop|delete|lose|ditch)\s+its\b", words, re.I)
    if len(found) > 1 and its:  # "check_temperatures doesn't need ...: remove its `margin`": the function it is about
        before = words[: its.start()]
        named_first = sorted((before.find(f.name), i) for i, (f, _) in enumerate(found) if f.name in before)
        found = [found[named_first[0][1]]] if named_first else found
    if len(found) > 1:  # "the member=member that Network.rent passes": the one it passes it to, not the caller
        callees = {f.name for f, _ in found}
        found = [(f, a) for f, a in found if not any(isinstance(c, ast.Call) and _callee(c) in callees - {f.name}
                                                    for c in ast.walk(f))] or found  # fmt: skip
    if len(found) != 1:
        return None
    function, param = found[0]
    header = lines[function.lineno - 1]
    if not header.rstrip().endswith(":") or function.body[0].lineno == function.lineno or function.args.vararg:
        return None
    scopes = _Scopes(tree, lines)
    cuts: list[tuple[int, int, int] | tuple[int, int, int, str]] = []  # (line, start, end[, written instead]) in characters

    def cut(items: list[ast.AST], index: int, ends: list[ast.AST]) -> bool:
        """Cut items[index] (ending where ends[index] ends) with the comma beside it, on its line."""
        item, end = items[index], ends[index]
        line = item.lineno - 1
        if end.end_lineno != item.lineno:
            return False
        start, stop = scopes.column(line, item.col_offset), scopes.column(line, end.end_col_offset)
        if index + 1 < len(items):
            following = items[index + 1]
            if following.lineno != item.lineno:
                return False
            stop = scopes.column(line, following.col_offset)
        elif index > 0:
            previous = ends[index - 1]
            if previous.end_lineno != item.lineno:
                return False
            start = scopes.column(line, previous.end_col_offset)
        cuts.append((line, start, stop))
        return True

    # the def: the parameter with its annotation and default
    params = parameters(function)
    positional = [*function.args.posonlyargs, *function.args.args]
    defaults = dict(_defaults(function))
    if not cut(params, params.index(param), [defaults.get(a, a) for a in params]):
        return None
    # its uses in the body: passed on to a call, where the instruction stops that; else its default
    # where that is a name the instruction says ("divide by DRY_RATE directly")
    becomes = _RETURN_BECOMES.search(words)  # "the return becomes round(subtotal, 2)": that return, written so
    returns = [n for n in ast.walk(function) if isinstance(n, ast.Return) and n.value is not None
               and any(isinstance(u, ast.Name) and u.id == param.arg for u in ast.walk(n))]  # fmt: skip
    written_return = None
    if becomes and len(returns) == 1 and returns[0].lineno == returns[0].end_lineno and _parses(becomes.group(1).strip()):
        node = returns[0]
        line = node.lineno - 1
        start, stop = scopes.column(line, node.value.col_offset), scopes.column(line, node.value.end_col_offset)
        cuts.append((line, start, stop, becomes.group(1).strip()))
        written_return = node
    default = defaults.get(param)
    stands_in = (ast.get_source_segment(code, default) if isinstance(default, (ast.Name, ast.Attribute))
                 and ast.unparse(default).split(".")[-1] in {s.name for s in _said_names(words)} else None)  # fmt: skip
    if isinstance(default, ast.Constant) and _literal_value(default) and any(  # "drop the width param, just use 24"
            _matches(v, _literal_value(default)) for v in _values_said(_in_digits(words))):  # fmt: skip
        stands_in = ast.get_source_segment(code, default)
    for node in ast.walk(function):
        if written_return is not None and written_return.lineno <= getattr(node, "lineno", 0) <= written_return.end_lineno:
            continue  # the return as the instruction writes it
        if isinstance(node, ast.Name) and node.id == param.arg and isinstance(node.ctx, ast.Load):
            holder = next((c for c in ast.walk(function) if isinstance(c, ast.Call)
                           and (node in c.args or any(k.value is node for k in c.keywords))), None)  # fmt: skip
            if holder is not None and _STOP_PASSING.search(words):
                if not _cut_argument(holder, node, cut):
                    return None
            elif stands_in is not None and node.lineno == node.end_lineno:
                line = node.lineno - 1
                at = scopes.column(line, node.col_offset)
                cuts.append((line, at, at + len(node.id), stands_in))
            else:
                return None
    # the calls of the function in this file
    index = positional.index(param) if param in positional else None
    bound = 1 if positional and positional[0].arg in ("self", "cls") else 0
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and _callee(call) == function.name):
            continue
        if len([f for f in functions if f.name == function.name]) != 1:
            return None  # two functions so named: which calls are whose
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        shift = bound if isinstance(call.func, ast.Attribute) else 0
        given = [k.value for k in call.keywords if k.arg == param.arg]
        if given:
            if not _cut_argument(call, given[0], cut):
                return None
        elif index is not None and 0 <= index - shift < len(call.args):
            if not _cut_argument(call, call.args[index - shift], cut):
                return None
    changed: dict[int, str] = {}
    for line, start, stop, *instead in sorted(cuts, key=lambda c: (c[0], -c[1])):
        text = changed.get(line, lines[line])
        changed[line] = text[:start] + "".join(instead) + text[stop:]
    asked = AskedParameter(param.arg, tuple(sorted(changed.items())), removed=True)
    return asked if _parses("".join(asked.apply(lines))) else None


def _cut_argument(call: ast.Call, value: ast.AST, cut: Callable[[list[ast.AST], int, list[ast.AST]], bool]) -> bool:
    """Cut the argument of `call` whose value is `value` (positional, or a keyword's), comma and all."""
    items: list[ast.AST] = [*call.args, *call.keywords]
    items.sort(key=lambda n: (n.lineno, n.col_offset))
    ends = [n.value if isinstance(n, ast.keyword) else n for n in items]
    index = next((i for i, n in enumerate(items) if n is value or getattr(n, "value", None) is value), None)
    return index is not None and cut(items, index, ends)


def finish_parameter(asked: AskedParameter, original: str, answer: str) -> tuple[str, int, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the parameter the
    instruction asks (`asked_parameter`) added and used, or removed (`asked_parameter_removal`):
    (the text, how many of its lines the answer did not have so, how many of the answer's changes
    went back). A change over those lines that is not them becomes them; a change elsewhere that
    writes an added parameter's name more often than the lines it replaces goes back as it was
    (added to the function beside)."""
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)

    def elsewhere(added: str, removed: str) -> bool:
        return not asked.removed and len(_word_at(added, asked.name)) > len(_word_at(removed, asked.name))

    settled = _settle(answer, old, new, asked.apply(old), {index for index, _ in asked.lines}, _equal, elsewhere)
    return (answer, 0, 0) if settled is None else (settled.text, settled.left + settled.fixed_sites, settled.back)


def _callee(call: ast.Call) -> str:
    return getattr(call.func, "id", None) or getattr(call.func, "attr", None) or ""


def _next_parameter(tree: ast.Module, call: ast.Call) -> str | None:
    """The name of the parameter a call's next positional argument would fill, where the callee is
    a function of the module (one so named) or a class whose fields are annotated (a dataclass)."""
    defined = [f for f in ast.walk(tree) if isinstance(f, _DEFINITIONS) and f.name == _callee(call)]
    if len(defined) != 1 or call.keywords:
        return None
    if isinstance(defined[0], ast.ClassDef):
        params = [n.target.id for n in defined[0].body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
    else:
        params = [a.arg for a in (*defined[0].args.posonlyargs, *defined[0].args.args) if a.arg not in ("self", "cls")]
    return params[len(call.args)] if len(call.args) < len(params) else None


def _replace_nodes(lines: list[str], changed: dict[int, str], nodes: list[ast.AST], name: str, tree: ast.Module) -> bool:
    """`nodes` (expressions on one line each: a Name, a literal) written `name` in `changed` (the
    lines as they become)."""
    scopes = _Scopes(tree, lines)
    for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        line = node.lineno - 1
        if line in changed and changed[line] != lines[line] or node.end_lineno != node.lineno:
            return False  # a line changed already (the def line): not here
        text = changed.get(line, lines[line])
        start, end = scopes.column(line, node.col_offset), scopes.column(line, node.end_col_offset)
        changed[line] = text[:start] + name + text[end:]
    return True


# ---------------------------------------------------------------------------------------------
# the try/except an instruction asks around a statement


@dataclass(frozen=True)
class AskedWrap:
    """The statement an instruction asks to wrap in try/except (`asked_wrap`): its lines [start,
    end) of the original, and the lines that replace them."""

    start: int
    end: int
    text: tuple[str, ...]

    def apply(self, lines: list[str]) -> list[str]:
        return lines[: self.start] + list(self.text) + lines[self.end :]


_EXCEPTION_TEXT = r"(?:(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Interrupt|Exit)|StopIteration)\b"
_EXCEPTION_NAME = f"({_EXCEPTION_TEXT})"
_EXCEPTION = re.compile(r"(?<![\w.])" + _EXCEPTION_NAME)
_SUBSCRIPT = re.compile(r"(?<![\w.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\[[^\]\n]+\]")  # `self.plots[number]`, written bare
_EXCEPTIONS_TOGETHER = re.compile(rf"\(?`?{_EXCEPTION_TEXT}(?:`?\s*(?:,\s*(?:or\s+|and\s+)?|/|\bor\b|\band\b)\s*`?{_EXCEPTION_TEXT})+`?\)?")
_WRAP_CUE = re.compile(r"\btry\b|\bexcept\b|\bcatch\b|\bignore[sd]?\b|\bwrap\b", re.I)
_EMPTY = {"list": "[]", "dict": "{}", "dictionary": "{}", "tuple": "()", "string": '""', "set": "set()"}


def asked_wrap(instruction: str, code: str, feedback: str = "") -> AskedWrap | None:
    """The try/except the instruction (with the reviewer's notes in `feedback`) asks around one
    statement of the Python file `code`, where its words say it plainly: one exception it names
    ("ignore OSError", "catch json.JSONDecodeError as error"), the one simple statement in the
    function it names that holds the code it quotes or names ("around json.load", "the value +=
    line", "put the split in a try"), and what the handler does: "ignore" (`pass`), "and
    continue", "return None" / "return an empty list", "raise ... from None" (as written), "set
    raw = {}". None where it asks no such wrap, names no exception or two, or the statement or the
    handler is not found once."""
    words = _asked(instruction, feedback)
    if not _WRAP_CUE.search(words):
        return None
    caught = re.findall(r"\b(?:except|catch(?:es|ing)?|on|ignor\w*)\s+`?" + _EXCEPTION_NAME, words)  # the one caught
    exceptions = set(caught) or {m.group(1) for m in _EXCEPTION.finditer(_strip_raise(words))}
    together = _EXCEPTIONS_TOGETHER.search(words)  # "KeyError or ValueError", `except (KeyError, ValueError):`
    if together:
        named = list(dict.fromkeys(m.group(1) for m in _EXCEPTION.finditer(together.group(0))))
        if not exceptions <= set(named) or {m.group(1) for m in _EXCEPTION.finditer(_strip_raise(words))} - set(named):
            return None  # another exception besides them
        exception, at = f"({', '.join(named)})", together.end()
        bound = re.match(r"`?\)?`?\s+as\s+([A-Za-z_]\w*)", words[at:])
    elif len(exceptions) == 1:
        exception = exceptions.pop()
        at = words.find(exception) + len(exception)
        bound = re.search(rf"\b{re.escape(exception)}`?\s+as\s+([A-Za-z_]\w*)", words)
    else:
        return None  # none, or two apart
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    said = _said_names(words)
    classes = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    # where: a function it names (`Order.cancel`, not the call `recipe.add(...)` it wraps)
    named = {s.name for s in said if s.scope is None or s.scope.split(".")[0] in classes | {"self"}}
    functions = [node for node in ast.walk(tree) if isinstance(node, _FUNCTIONS[:2]) and node.name in named]
    statements = [node for node in ast.walk(tree) if isinstance(node, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return))]
    if functions:
        statements = [node for node in statements if any(f.lineno < node.lineno <= f.end_lineno for f in functions)]
    statements = [node for node in statements if not _inside_try(tree, node) and not lines[node.lineno - 1][: node.col_offset].strip()
                  and not lines[node.end_lineno - 1][node.end_col_offset :].split("#")[0].strip()]  # fmt: skip

    def source(node: ast.AST) -> str:
        return " ".join(lines[node.lineno - 1].split())

    quoted = [" ".join(q.split()) for q in quoted_spans(words) if not _EXCEPTION.fullmatch(q.strip())]
    found = [node for node in statements if any(q and q in source(node) for q in quoted)]
    if not found:
        dotted = {s.text for s in said if "." in s.text and not _EXCEPTION.fullmatch(s.text)}
        found = [node for node in statements if any(re.search(rf"(?<![\w.]){re.escape(d)}\s*\(", source(node)) for d in dotted)]
    if not found:  # "wrap the self.plots[number] lookup": the statement that writes it
        subscripts = [" ".join(m.group(0).split()) for m in _SUBSCRIPT.finditer(_QUOTED.sub(" ", words))]
        found = [node for node in statements if any(sub in source(node) for sub in subscripts)]
    if not found:
        clues = {s.name for s in said} - {f.name for f in functions} - {e.split(".")[-1] for e in _EXCEPTION.findall(exception)}
        clues = {c for c in clues if c.lower() not in _INSTRUCTION_WORDS | _NOT_NEW | _VALUE_STOP and not keyword.iskeyword(c)}
        found = [node for node in statements if clues & set(_NAME.findall(source(node)))]  # not "return" of "and return None"
        if len({f.name for f in functions}) == 1 and len(found) > 1:
            found = [node for node in found if len(clues & set(_NAME.findall(source(node)))) ==
                     max(len(clues & set(_NAME.findall(source(n)))) for n in found)]  # fmt: skip
    if len(found) != 1:
        return None
    node = found[0]
    wrapped = lines[node.lineno - 1 : node.end_lineno]
    handler = _handler(words, at, " ".join("".join(wrapped).split()), tree, lines)
    if not handler:
        return None
    line = wrapped[0]
    indent = line[: len(line) - len(line.lstrip())]
    inner = indent + "    "
    clause = f"except {exception}" + (f" as {bound.group(1)}" if bound else "") + ":"
    text = (f"{indent}try:\n", *("    " + part if part.strip() else part for part in wrapped), f"{indent}{clause}\n",
            *(f"{inner}{statement}\n" for statement in handler))  # fmt: skip
    asked = AskedWrap(node.lineno - 1, node.end_lineno, text)
    return asked if _parses("".join(asked.apply(lines))) else None


def _strip_raise(words: str) -> str:
    """`words` without the statement a handler raises (its exception is not the one caught)."""
    return re.sub(r"\braise\s+[A-Za-z_][\w.]*\(.*?\)(?:\s+from\s+\w+)?", " ", words)


def _handler(words: str, at: int, wrapped: str, tree: ast.Module, lines: list[str]) -> list[str]:
    """The statements an instruction gives a handler of the exception it names before `at` (around
    the statement `wrapped`): "ignore" `pass`, "return X", "raise ... from ...", "set NAME = VALUE", "break",
    a statement written as code after the exception's name ("log it with logger.warning(...)",
    "count it with log.rejected += 1"), and "continue" / "skip" after it. None read: []."""
    plain = re.sub(r"`([^`\n]+)`", r"\1", words)
    written = _statement_written(words[at:], tree, lines)
    first = []  # a statement written before it leaves ("log `logger.warning(...)` and return an empty dict")
    if written is not None and written[0] is not None and not re.match(r"(?:return|raise)\b", written[0]) \
            and written[0] not in wrapped and not _names_wrapped(written[0], wrapped):  # fmt: skip
        first = [written[0]]
    raised = re.search(r"\b(raise\s+[A-Za-z_][\w.]*\(.*\)(?:\s+from\s+\w+)?)", plain)
    if raised:
        return [*(f for f in first if f not in raised.group(1)), raised.group(1)]
    returned = re.search(r"\breturns?\s+(?:an?\s+)?(empty\s+(\w+)|None|True|False|-?\d+|\[\]|\{\}|\(\)|\"\"|''"
                         r"|[A-Za-z_][\w.]*\(\))(?![\w(])", plain)  # fmt: skip ("return Ladder()": a fresh one)
    if returned:
        if returned.group(2):
            return [*first, "return " + _EMPTY[returned.group(2)]] if returned.group(2) in _EMPTY else []
        return [*first, "return " + returned.group(1)]
    setting = re.search(r"\bset\s+([A-Za-z_][\w.]*\s*=\s*[^\s,;]+)", plain)
    if setting:
        return [" ".join(setting.group(1).split())]
    if re.search(r"\bbreak\b", plain, re.I):
        return ["break"]
    handler = [written[0]] if written is not None and written[0] is not None and written[0] not in wrapped \
        and not _names_wrapped(written[0], wrapped) else []  # fmt: skip
    if re.search(r"\bcontinue\b|\bskip\b", plain, re.I):
        return [*handler, "continue"]
    if _RERAISE.search(plain):  # "log ... and re-raise with a bare raise"
        return [*(h for h in handler if not h.startswith("raise")), "raise"]  # not "raise it" as code
    if not handler and re.search(r"\bignor", plain, re.I):
        return ["pass"]
    return handler


_RERAISE = re.compile(r"\bre-?raise|\bbare\s+`?raise\b|\braise\s+(?:it|the\s+error|the\s+exception)\s+again\b"
                      r"|\b(?:then|and)\s+`?raise`?\s*(?:$|[.;,)]|\bit\b)", re.I)  # fmt: skip


def _names_wrapped(statement: str, wrapped: str) -> bool:
    """Whether a statement an instruction writes names the one it wraps rather than a handler: a
    placeholder's `...` (`out.add(...)`), a call of what the wrapped statement calls, or its
    beginning said before "line" ("the value += line")."""
    named = re.match(r"(.*\S)\s+(?:line|statement|call)$", statement)
    if named and wrapped.startswith(named.group(1)):
        return True
    tree = ast.parse(statement)
    if any(isinstance(node, ast.Constant) and node.value is Ellipsis for node in ast.walk(tree)):
        return True
    calls = [ast.unparse(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)]
    return any(re.search(rf"(?<![\w.]){re.escape(call)}\s*\(", wrapped) for call in calls)


def _inside_try(tree: ast.Module, node: ast.AST) -> bool:
    return any(isinstance(t, ast.Try) and node in t.body for t in ast.walk(tree))


def finish_wrap(asked: AskedWrap, original: str, answer: str) -> tuple[str, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the try/except the
    instruction asks (`asked_wrap`): (the text, 1 where the answer did not have it so). A change
    of the answer's over the statement's line that is not the wrap becomes it; the rest stays."""
    return _finish_region(asked, original, answer)


def _finish_region(asked: AskedWrap | AskedInsertion, original: str, answer: str, beside: bool = False,
                   line: str = "") -> tuple[str, int]:  # fmt: skip
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the original's lines
    [asked.start, asked.end) written as `asked.text`: (the text, 1 where the answer did not have
    them so). The answer's changes over those lines, or adding lines just before them, go; with
    `beside`, so do lines it added just after them, and lines it added anywhere that are `line`
    (the one asked, put elsewhere: a run of changes is cut into lines paired by likeness for it). The rest of the answer stays; where the result would not parse
    and the answer does, the answer."""
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    kept: list[Span] = []
    for _run, pieces in _changes(old, new, paired=beside):
        for a1, a2, b1, b2 in pieces:
            over = a1 < asked.end and a2 > asked.start or a1 == a2 == asked.start
            if beside and a1 == a2:
                added = {text.strip() for text in new[b1:b2] if text.strip()}
                over = over or a1 == asked.end or added == {line}
            if not over:
                kept.append((a1, a2, b1, b2))
    out: list[str] = []
    at = 0
    for a1, a2, b1, b2 in sorted([*kept, (asked.start, asked.end, -1, -1)]):
        out += old[at:a1] + (list(asked.text) if b1 < 0 else new[b1:b2])
        at = a2
    text = "".join(out + old[at:])
    if text == answer or (_parses(answer) and not _parses(text)):
        return answer, 0
    return text, 1


# ---------------------------------------------------------------------------------------------
# the statement or docstring an instruction asks to insert


@dataclass(frozen=True)
class AskedInsertion:
    """A line an instruction asks to insert (`asked_insertion`, `asked_docstring`): the original's
    lines [start, end) it goes beside (the statement it follows or precedes) and the lines that
    replace them (those and the new one), and the new line itself, stripped."""

    start: int
    end: int
    text: tuple[str, ...]
    line: str
    docstring: bool = False

    def apply(self, lines: list[str]) -> list[str]:
        return lines[: self.start] + list(self.text) + lines[self.end :]


_DOC_CUE = re.compile(r"\bdoc[- ]?strings?\b|\bdocument\b", re.I)
_DOC_TEXT = re.compile(r"(?<!\w)[\"\u201c]([^\"\u201c\u201d\n]{3,})[\"\u201d](?!\w)")
_DOC_SINGLE = re.compile(r"(?<![\w'])'([^'\n]{3,})'(?![\w'])")  # "document it as 'How many more bottles fit.'"
_DOC_AFTER = re.compile(r"\bdoc[- ]?string\b[^:\"\n]*:\s*([^\"\n]+?)\s*$", re.I | re.M)


def asked_docstring(instruction: str, code: str, feedback: str = "") -> AskedInsertion | None:
    """The docstring the instruction (with the reviewer's notes in `feedback`) asks of one function
    or class of the Python file `code`, where its words say it plainly: "docstring" or
    "document", the one function or class it names (`Order.is_final`, "the TokenBucket class"),
    and the text, in double quotes or after "docstring:" to the end. One line, as written, first
    in the body. None where it asks none, names no definition or two, the definition has a
    docstring already or its body shares the `def` line, or the text would need escaping."""
    words = _asked(instruction, feedback)
    if not _DOC_CUE.search(words) or re.search(r"\b(?:remove|delete|drop)\b", words, re.I):
        return None
    quoted = _DOC_TEXT.search(words) or _DOC_SINGLE.search(words) or _DOC_AFTER.search(words)
    if quoted is None:
        return None
    doc = quoted.group(1).strip()
    if len(doc) > 2 and doc[0] == doc[-1] and doc[0] in "'`":  # "...: 'One member of the choir.'"
        doc = doc[1:-1].strip()
    if len(doc.split()) < 2 or '"""' in doc or "\\" in doc or doc.endswith('"'):
        return None
    tree = _parsed(code)
    if tree is None:
        return None
    rest = words[: quoted.start(1)] + " " + words[quoted.end(1) :]
    found = _definitions_said(tree, _said_names(rest))
    if len(found) != 1:
        return None
    node = found[0]
    first = node.body[0]
    if _docstring_of(node) is not None or first.lineno == node.lineno:
        return None
    lines = code.splitlines(keepends=True)
    if first.lineno > len(lines):
        return None
    anchor = lines[first.lineno - 1]
    indent = anchor[: len(anchor) - len(anchor.lstrip())]
    line = f'{indent}"""{doc}"""\n'
    asked = AskedInsertion(first.lineno - 1, first.lineno, (line, anchor), line.strip(), docstring=True)
    return asked if _parses("".join(asked.apply(lines))) else None


def finish_insertion(asked: AskedInsertion, original: str, answer: str) -> tuple[str, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the line the
    instruction asks to insert (`asked_insertion`, `asked_docstring`) where it asks it: (the text, 1
    where the answer did not have it there). What the answer changed of the statement beside it,
    or added just before or after it, goes (its own try at the line), and so does the line where
    the answer put it elsewhere; the rest stays."""
    return _finish_region(asked, original, answer, beside=True, line=asked.line)


def _docstring_of(node: ast.AST) -> str | None:
    body = getattr(node, "body", [])
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        return body[0].value.value
    return None


def _plain_instruction_word(said: _Said) -> bool:
    """Whether a name an instruction writes is one of its own words, written bare ("add", not
    `add` nor add())."""
    return not said.quoted and said.scope is None and said.end - said.at == len(said.text) and said.text.lower() in _INSTRUCTION_WORDS


def _definitions_said(tree: ast.Module, said: list[_Said]) -> list[ast.AST]:
    """The functions and classes of `tree` that names in `said` name: `Order.is_final` the method of
    that class, a bare name every definition so called; "its __init__" after a class the class's
    method. One each."""
    classes = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    found: list[ast.AST] = []
    for s in said:
        if _plain_instruction_word(s):
            continue  # "add a docstring to X": not a method `add`
        if s.scope is not None:
            holder = classes.get(s.scope.split(".")[-1])
            matches = [n for n in (holder.body if holder else []) if isinstance(n, _DEFINITIONS) and n.name == s.name]
        else:
            matches = [n for n in ast.walk(tree) if isinstance(n, _DEFINITIONS) and n.name == s.name]
        for node in matches:
            if node not in found:
                found.append(node)
    # "GradeBook ... its __init__": the class's own method, not the class as well
    inner = [n for n in found if any(n in getattr(outer, "body", []) for outer in found if outer is not n)]
    return [n for n in found if not any(n in getattr(outer, "body", []) for outer in inner)] if not inner else inner


_INSERT_AFTER = re.compile(r"\b(?:right\s+|just\s+|directly\s+|immediately\s+)?(?:after|once|when|as\s+soon\s+as)\b", re.I)
_INSERT_BEFORE = re.compile(r"\b(?:right\s+|just\s+|directly\s+|immediately\s+)?before\b", re.I)
_INSERT_END = re.compile(r"\b(?:at\s+the\s+(?:very\s+)?end\s+of|as\s+the\s+(?:very\s+)?last\s+(?:line|statement|thing)\s+(?:of|in)"
                         r"|to\s+the\s+end\s+of|(?:should|must)\s+end\s+with|finish\s+with"
                         r"|(?:make|be)\s+(?:its|the)\s+(?:very\s+)?last\s+(?:line|statement))\b", re.I)  # fmt: skip
_INSERT_START = re.compile(r"\b(?:at\s+the\s+(?:very\s+)?(?:start|top|beginning)\s+of|as\s+the\s+(?:very\s+)?first\s+"
                           r"(?:line|statement|thing)\s+(?:of|in)|(?:should|must)\s+(?:begin|start)\s+with|begins?\s+with"
                           r"|starts?\s+with|first\s+thing\s+in|(?:its|the)\s+(?:very\s+)?first\s+(?:line|statement)"
                           r"|before\s+(?:it\s+does\s+)?anything\s+else)\b", re.I)  # fmt: skip
_BLOCKS = (ast.If, ast.For, ast.While, ast.With, ast.Try)
_MADE = re.compile(r"\s*(?:is|gets|has\s+been|was)\s+(?:first\s+)?(?:created|built|made|defined|set(?:\s+up)?|initiali[sz]ed|assigned"
                   r"|declared|computed|worked\s+out)\b", re.I)  # fmt: skip
_BLOCK_KINDS = {"for": (ast.For, ast.AsyncFor), "loop": (ast.For, ast.AsyncFor, ast.While), "while": (ast.While,),
                "if": (ast.If,), "with": (ast.With, ast.AsyncWith), "try": (ast.Try,)}  # fmt: skip
_BESIDE_LOOP = re.compile(r"\b(before|after)\s+(?:the|its)\s+(?:for\s+|while\s+)?loop\b", re.I)
_INSERT_IN_BLOCK = re.compile(r"\b(?P<end>first|last)\s+(?:line|statement|thing)\s+(?:of|in|inside)\s+(?:the|its)\s+"
                              r"(?P<block>for(?:\s+loop)?|while(?:\s+loop)?|loop|if(?:\s+block)?|with(?:\s+block)?|try(?:\s+block)?)\b", re.I)  # fmt: skip
_SIMPLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Assert, ast.Raise, ast.Return, ast.Delete)


def asked_insertion(instruction: str, code: str, feedback: str = "") -> AskedInsertion | None:
    """The statement the instruction (with the reviewer's notes in `feedback`) asks to insert into a
    function of the Python file `code`, where its words say it plainly: the statement written as
    code (`assert free >= 0`, "add logger.info(...)", "put self.archived = False"), or "set NAME
    (back) to VALUE", "store X as self.NAME"; and where, in the function it names: after or before
    a statement it quotes, "at the end of F" / "as the last line of its __init__", "should begin
    with", or after (before) the one statement of F that its clause names ("right after the
    Booking is created", "once renew() has bumped loan.renewals", "before moving to PAID").
    Indented as the statement beside it. None where it gives no statement or no place, or either
    could be two, or the function has the statement already."""
    words = _asked(instruction, feedback)
    plain = _NOUN_IMPORT.sub(" ", _QUOTED.sub(" ", words))  # not "when the nightly import runs"
    if (_DOC_CUE.search(words) or _DELETE_CUE.search(words) or re.search(r"\btry\b|\bexcept\b|\bcatch\b|\bimport\b|\bkeywords?\b", plain)
            or _NOT_A_STATEMENT.search(plain)):  # fmt: skip
        return None
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    written = _statement_written(words, tree, lines)
    if written is None:
        return None
    statement, (at, end) = written
    rest = words[:at] + " " * (end - at) + words[end:]
    said = _said_names(rest)
    functions = [n for n in _definitions_said(tree, said) if not isinstance(n, ast.ClassDef)]
    if len(functions) > 1:  # "In nights_for, ... before the load_session call": the one it is in
        inside = {s.name for s in said if _IN_SCOPE.search(rest[: s.at])}
        functions = [n for n in functions if n.name in inside]
        if len(functions) != 1:
            return None
    scope = functions[0] if functions else None
    if statement is None:  # "set started_at back to None": what the function's names make of it
        statement = _assignment_said(words[at:end], scope, tree)
        if statement is None:
            return None
    place = _insertion_place(rest, tree, lines, scope)
    if place is None:
        return None
    beside, after = place
    if after and isinstance(beside, (ast.Return, ast.Raise, ast.Continue, ast.Break)):
        return None  # after a return nothing runs: not what is asked
    block = next((b for holder in ast.walk(scope if scope is not None else tree) for field in ("body", "orelse", "finalbody")
                  if isinstance(b := getattr(holder, field, None), list) and beside in b), [beside])  # fmt: skip
    if any(" ".join(lines[n.lineno - 1].split()) == statement for n in block if isinstance(n, _SIMPLE)):
        return None  # there already, in the block it would go into
    anchor = lines[beside.lineno - 1]
    indent = anchor[: len(anchor) - len(anchor.lstrip())]
    new = indent + statement + "\n"
    if after:
        start, stop = beside.end_lineno - 1, beside.end_lineno
        asked = AskedInsertion(start, stop, (lines[start], new), statement)
    else:
        asked = AskedInsertion(beside.lineno - 1, beside.lineno, (new, anchor), statement)
    return asked if _parses("".join(asked.apply(lines))) else None


def _statement_written(words: str, tree: ast.Module, lines: list[str]) -> tuple[str | None, tuple[int, int]] | None:
    """The statement an instruction writes as code, and where it stands in `words`: a quoted one
    the file does not hold, else the longest stretch of words that Python reads as one simple
    statement (a call of something the file or Python knows, an assignment, assert, raise,
    return), not a function named by its call alone (`pay()`) nor a statement of the file quoted
    (where the new one goes). (None, span) for "set NAME (back) to VALUE" or "store X as Y", read
    by `_assignment_said` once the function is known; None where there is none."""
    held = {" ".join(line.split()) for line in lines}
    anchors = []  # quoted statements of the file: where the new one goes, not what it is
    for match in _QUOTED.finditer(words):
        text = " ".join(next(g for g in match.groups() if g).split())
        if text in held:
            anchors.append(match.span())
        elif match.group(1) and _one_statement(text, tree, quoted=True):
            return text, match.span()
    starts = [m.start() for m in re.finditer(r"(?<![\w.'\"])[A-Za-z_]", words)]
    best: tuple[str, tuple[int, int]] | None = None
    for begin in starts:
        for stop in range(len(words), begin, -1):
            if best is not None and stop - begin <= best[1][1] - best[1][0]:
                break
            if words[stop - 1] not in ")]}'\"" and not words[stop - 1].isalnum() or stop < len(words) and _NAME.match(words[stop]):
                continue  # a stretch ends after a word or a bracket, not inside a word
            text = words[begin:stop]
            if (("(" in text or "=" in text or re.match(r"(?:assert|raise|return)\b", text)) and _one_statement(text, tree)
                    and not any(a < stop and begin < b for a, b in anchors)):  # fmt: skip
                best = " ".join(text.split()), (begin, stop)
    if best is not None:
        return best
    said = re.search(r"\b(?:set|reset|put)\s+`?[A-Za-z_][\w.]*`?\s+(?:back\s+)?to\s+\S+|\b(?:store|save|keep|record|remember)\s+"
                     r"(?:the\s+|its\s+)?[A-Za-z_]\w*\s+(?:as|in)\s+`?(?:self\.)?[A-Za-z_]\w*`?", words, re.I)  # fmt: skip
    return (None, said.span()) if said else None


def _one_statement(text: str, tree: ast.Module, quoted: bool = False) -> bool:
    """Whether `text` is one simple statement an instruction would ask to insert (see
    `_statement_written`)."""
    try:
        body = ast.parse(text.strip()).body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    if len(body) != 1 or not isinstance(body[0], _SIMPLE) or "\n" in text.strip():
        return False
    node = body[0]
    present = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}
    if any(isinstance(value, ast.Name) and value.id not in present and value.id not in vars(builtins)
           for op in ast.walk(node) if isinstance(op, ast.BoolOp) for value in op.values):  # fmt: skip
        return False  # "log.skipped += 1 and keep going": English after the code
    if isinstance(node, ast.AnnAssign):
        return quoted and node.value is not None
    if isinstance(node, ast.Expr):
        call = node.value
        if not isinstance(call, ast.Call):
            return False
        func = call.func
        classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        root = func
        while isinstance(root, ast.Attribute):
            root = root.value
        if not (call.args or call.keywords or quoted) and (isinstance(func, ast.Name) or isinstance(root, ast.Name) and root.id in classes):
            return False  # `pay()`, `Order.pay()`: a function named, not a call to add
        if isinstance(func, ast.Name):
            known = {n.name for n in ast.walk(tree) if isinstance(n, _DEFINITIONS)} | {
                a.asname or a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
            return func.id in known or func.id in vars(builtins)
        return isinstance(func, ast.Attribute)
    if isinstance(node, (ast.Assign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return all(isinstance(t, (ast.Name, ast.Attribute, ast.Subscript)) for t in targets)
    return True


def _assignment_said(words: str, scope: ast.AST | None, tree: ast.Module) -> str | None:
    """"set NAME (back) to VALUE" as `self.NAME = VALUE` in a method whose class uses `self.NAME`,
    else `NAME = VALUE` where the function binds NAME; "store (the) X as (self.)Y" as `Y = X` where
    the function binds X; "set self.NAME to VALUE" as written. VALUE: None, True, False, a number,
    a quoted string, a parameter of the function or a name the module binds (`DEFAULT_ENCODING`)."""
    if scope is None:
        return None
    setting = re.search(r"\b(?:set|reset|put)\s+`?(self\.)?([A-Za-z_]\w*)`?\s+(?:back\s+)?to\s+`?"
                        r"(None|True|False|-?\d+(?:\.\d+)?|\"[^\"\n]*\"|'[^'\n]*'|[A-Za-z_]\w*)(?!\w|\.\w)", words)  # fmt: skip
    storing = re.search(r"\b(?:store|save|keep|record|remember)\s+(?:the\s+|its\s+)?([A-Za-z_]\w*)\s+(?:as|in)\s+`?(self\.)?"
                        r"([A-Za-z_]\w*)`?", words, re.I)  # fmt: skip
    params = {a.arg for a in (*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs)}
    stored = {n.id for n in ast.walk(scope) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    if setting:
        explicit, name, value = setting.groups()
        module = {t.id for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                  for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}  # fmt: skip
        if _NAME.fullmatch(value) and value not in {"None", "True", "False"} | params | module:
            return None  # a word, not a value ("set it to zero")
        if explicit:
            return f"self.{name} = {value}" if "self" in params else None
        owner = next((c for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and scope in c.body), scope)
        on_self = {n.attr for n in ast.walk(owner) if isinstance(n, ast.Attribute)
                   and isinstance(n.value, ast.Name) and n.value.id == "self"}  # fmt: skip
        if "self" in params and name in on_self and name not in stored | params:
            return f"self.{name} = {value}"
        if name in stored and name not in params:
            return f"{name} = {value}"
        return None
    if storing:
        value, on_self, name = storing.groups()
        if value not in params | stored:
            return None
        if on_self and "self" in params:
            return f"self.{name} = {value}"
        return None if on_self else f"{name} = {value}"
    return None


def _statement_text(lines: list[str], node: ast.AST) -> str:
    """A statement's lines as one line, its runs of white space one space each."""
    return " ".join("".join(lines[node.lineno - 1 : node.end_lineno]).split())


def _stems(parts: set[str]) -> set[str]:
    """Parts of names with a plural's s off as well: `self.throws` is about a throw."""
    return parts | {part[:-1] for part in parts if len(part) > 3 and part.endswith("s")} | {
        part[:-3] + "y" for part in parts if len(part) > 4 and part.endswith("ies")} | {  # "retries": a retry
        part[:-2] for part in parts if len(part) > 4 and re.search(r"(?:sh|ch|x|ss|z)es$", part)} | {  # "washes": a wash
        part[:-2] for part in parts if len(part) > 5 and part.endswith("ed")} | {  # "appended": append
        stem for part in parts if len(part) > 5 and part.endswith("ing") for stem in (part[:-3], part[:-3] + "e")}  # "shaping": shape


def _stores(node: ast.AST) -> bool:
    """Whether a statement sets or stores something: an assignment, or a call of append, add,
    insert, extend, update, put, push, write or save."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        return True
    call = node.value if isinstance(node, ast.Expr) else None
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and call.func.attr in {"append", "add", "insert", "extend", "update", "put", "push", "write", "save", "appendleft"})  # fmt: skip


def _insertion_place(words: str, tree: ast.Module, lines: list[str], scope: ast.AST | None) -> tuple[ast.AST, bool] | None:
    """Where the instruction's words put a new statement: (the statement it goes beside, whether
    after it), in `scope` (the function named, else the file); see `asked_insertion`."""
    body = scope.body if scope is not None else None
    statements = [n for n in ast.walk(scope if scope is not None else tree) if isinstance(n, _SIMPLE)
                  and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]  # fmt: skip

    def source(node: ast.AST) -> str:
        return _statement_text(lines, node)

    for cue, after in ((_INSERT_AFTER, True), (_INSERT_BEFORE, False)):
        for match in cue.finditer(words):
            tail = re.sub(r"^(?:that|the|this)\s+", "", words[match.end() :].lstrip())
            quoted = _QUOTED.match(tail)  # "before that `return None`"
            if quoted:
                text = " ".join(next(g for g in quoted.groups() if g).split())
                found = [n for n in statements if source(n) == text]
                if not found and _NAME.fullmatch(text) and _MADE.match(tail, quoted.end()):  # "after `lines` is created": its binding
                    found = [n for n in statements if isinstance(n, (ast.Assign, ast.AnnAssign)) and text in _targets(n)]
                found = found or [n for n in statements if text in source(n)]
                if not found:  # "after the `if code not in self.problems` check": after its block
                    found = [n for n in ast.walk(scope if scope is not None else tree) if isinstance(n, _BLOCKS)
                             and " ".join(lines[n.lineno - 1].split()).rstrip(":") == text.rstrip(":")]  # fmt: skip
                return (found[0], after) if len(found) == 1 else None
    beside_loop = _BESIDE_LOOP.search(words)  # "before the loop": the one loop of the function
    if beside_loop and scope is not None and not _INSERT_IN_BLOCK.search(words):
        loops = [n for n in ast.walk(scope) if isinstance(n, (ast.For, ast.AsyncFor, ast.While))]
        return (loops[0], beside_loop.group(1).lower() != "before") if len(loops) == 1 else None
    inside = _INSERT_IN_BLOCK.search(words)  # "the first line of the for loop": of the one such block of the function
    if inside and scope is not None:
        kind = _BLOCK_KINDS[inside.group("block").split()[0].lower()]
        blocks = [n for n in ast.walk(scope) if isinstance(n, kind)]
        if len(blocks) != 1:
            return None
        if inside.group("end").lower() == "first":
            return blocks[0].body[0], False
        return blocks[0].body[-1], not isinstance(blocks[0].body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))
    if body is not None and _INSERT_END.search(words):
        last = body[-1]
        if isinstance(last, (ast.Return, ast.Raise)):
            return last, False
        return last, True  # after it, at its indentation: after a closing block, the body's
    if body is not None and _INSERT_START.search(words):
        first = body[1] if _docstring_of(scope) is not None and len(body) > 1 else body[0]
        return first, False
    if scope is None:
        return None
    for cue, after in ((_INSERT_AFTER, True), (_INSERT_BEFORE, False)):
        for match in cue.finditer(words):
            tail = words[match.end() :].replace("()", "")
            clause = re.split(r"[,:;(]|\balso\b|\bthen\b|\badd\b|\bput\b|\bset\b|\blog\b", tail, maxsplit=1)[0]
            own = {scope.name} | {d.name for d in ast.walk(tree) if isinstance(d, ast.ClassDef) and scope in d.body}
            clues = {w for w in _TOKEN.findall(clause) if w.lower() not in _INSTRUCTION_WORDS | _NOT_NEW | _VALUE_STOP
                     and w not in own and not w.isdigit()}  # fmt: skip (not "Turn" of "in Turn.throw_again")
            if not clues:
                continue
            # a clue written as the code writes it counts twice a part of a name ("the Booking": `Booking(...)`
            # before `bookings.append(booking)`)
            scored = [(sum(2 if _mentions(source(n), c) else bool(_stems({c.lower()}) & _stems(_identifier_parts(source(n))))
                           for c in clues), n) for n in statements]  # fmt: skip
            top = max((s for s, _ in scored), default=0)
            found = [n for s, n in scored if s == top and s > 0]
            if len(found) > 1:  # "before the path is built": the one that binds it
                found = [n for n in found if isinstance(n, (ast.Assign, ast.AnnAssign))
                         and {t.split(".")[-1] for t in _targets(n)} & clues] or found  # fmt: skip
            if after and len(found) > 1:  # "once renew() has bumped loan.renewals": the one that sets or stores it
                found = [n for n in found if _stores(n)] or found
            if len(found) == 1:
                return found[0], after
            if found:
                return None  # two: which?
            # none: a clause that names no statement ("fails when the target folder doesn't exist yet"); the next
    return None


# ---------------------------------------------------------------------------------------------
# the type hints an instruction asks


@dataclass(frozen=True)
class AskedHints:
    """The type hints an instruction asks of one function (`asked_hints`): its `def` line (index)
    as it becomes."""

    line: int
    text: str

    def apply(self, lines: list[str]) -> list[str]:
        out = list(lines)
        out[self.line] = self.text
        return out


_BUILTIN_TYPES = frozenset("str int float bool bytes list dict tuple set frozenset None object complex bytearray".split())
# a type as people write it: "ints", "a string", "booleans"
_TYPE_SPELLINGS = {"ints": "int", "integer": "int", "integers": "int", "floats": "float", "string": "str", "strings": "str",
               "strs": "str", "boolean": "bool", "booleans": "bool", "bools": "bool"}  # fmt: skip
_PLAIN_TYPES = frozenset("str int float bool bytes complex".split())  # type words that are no English verb or noun
_HINT_CUE = re.compile(r"\bannotat\w*|\btype[- ]?hints?\b|\bhints?\b|\btype-annotate\b|\btyped?\b", re.I)
_SUBSCRIPTED = r"(?:\[(?:[^\[\]]|\[[^\[\]]*\])*\])?"  # list[str], dict[str, list[int]]: two levels of brackets
_A_TYPE = rf"(?:an?\s+)?`?([A-Za-z_][\w.]*{_SUBSCRIPTED}(?:\s*\|\s*[A-Za-z_][\w.]*{_SUBSCRIPTED})*)`?"


def asked_hints(instruction: str, code: str, feedback: str = "") -> AskedHints | None:
    """The type hints the instruction (with the reviewer's notes in `feedback`) asks of one
    function of the Python file `code`, where its words say them plainly: a signature written
    whole ("parse_version(text: str) -> Version"), "returns a float" / "str out", "PARAM is a
    TYPE", "a and b are str", "PARAM TYPE" in a list ("grams float, imperial bool"), "the
    parameter `token` of `stem` as `str`", "takes a str" / "float in" for its one parameter. A type
    is a builtin's name (with `[...]` or `| ...`) or a name of the file. None where it asks no
    hints, names no function or two, names a parameter the function lacks, or the signature spans
    lines."""
    words = _asked(instruction, feedback)
    signature = re.search(r"\w\s*\([^()]*:\s*\w[^()]*\)\s*->\s*\w", words)  # "Singer.available_on(day: date) -> bool"
    if not (_HINT_CUE.search(words) or signature) or re.search(r"\b(?:remove|delete|drop)\b", words, re.I):
        return None
    tree = _parsed(code)
    if tree is None:
        return None
    lines = code.splitlines(keepends=True)
    present = set(_NAME.findall(code))
    said = {s.name for s in _said_names(words) if not _plain_instruction_word(s)}
    functions = [f for f in ast.walk(tree) if isinstance(f, _FUNCTIONS[:2]) and f.name in said]
    if len(functions) > 1:  # "fare: kind: str, passengers: int": a parameter of fare, not the method passengers
        functions = [f for f in functions if not any(f.name in {a.arg for a in ast.walk(g.args) if isinstance(a, ast.arg)}
                                                     for g in functions if g is not f)]  # fmt: skip
    if len({f.name for f in functions}) != 1 or len(functions) != 1:
        return None
    function = functions[0]
    header = lines[function.lineno - 1]
    args = function.args
    params = [a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg not in ("self", "cls")]
    if not header.rstrip().endswith(":") or function.body[0].lineno == function.lineno or args.vararg or args.kwarg:
        return None
    plain = " ".join(re.sub(r"(?<=\w)[.?!](?=\s|$)", " ", words.replace("`", " ")).split())  # "returns a float.": no dotted name

    def a_type(text: str) -> str | None:
        text = _TYPE_SPELLINGS.get(text.strip(), text.strip())  # "ints", "a string"
        base = re.split(r"[\[|]", text)[0].strip()
        return text if base in _BUILTIN_TYPES or base.split(".")[0] in present else None

    types: dict[str, str] = {}
    returns = None
    whole = re.search(rf"\b{re.escape(function.name)}\s*\((.*?)\)\s*->\s*" + _A_TYPE, plain)
    if whole:
        for part in whole.group(1).split(","):
            name, _, hint = part.partition("=")[0].partition(":")  # "width: int = 14": its default stays
            if hint and a_type(hint):
                types[name.strip()] = a_type(hint)
        returns = a_type(whole.group(1 + 1))
    else:
        returned = (re.search(r"\breturn\s+(?:type|value|annotation|hint)\s*(?:of|is|:|=|as)?\s+" + _A_TYPE, plain)  # "a return type of bool"
                    or re.search(r"\b(?:returns?|returning)\s+" + _A_TYPE, plain) or re.search(_A_TYPE + r"\s+out\b", plain)
                    or re.search(r"->\s*" + _A_TYPE, plain))  # fmt: skip
        returns = a_type(returned.group(1)) if returned else None
        names = {a.arg for a in params}
        for match in re.finditer(r"(?<![\w.])([A-Za-z_]\w*)((?:\s*(?:,|and)\s*[A-Za-z_]\w*)*)\s+(?:is|are)\s+" + _A_TYPE, plain):
            for name in [match.group(1), *re.findall(r"[A-Za-z_]\w*", match.group(2))]:
                if name in names and a_type(match.group(3)):
                    types[name] = a_type(match.group(3))
        for match in re.finditer(r"(?:^|[:,;]\s*|\band\s+)([A-Za-z_]\w*)\s+" + _A_TYPE + r"(?=\s*(?:,|;|$|\band\b))", plain):
            if match.group(1) in names and a_type(match.group(2)):
                types.setdefault(match.group(1), a_type(match.group(2)))
        for match in re.finditer(r"(?:^|[:,;]\s*|\band\s+|\bannotate\s+)([A-Za-z_]\w*)\s+as\s+" + _A_TYPE + r"(?=\s*(?:,|;|$|\band\b))", plain):
            if match.group(1) in names and a_type(match.group(2)):  # "annotate arrival as Arrival, now as datetime"
                types.setdefault(match.group(1), a_type(match.group(2)))
        for match in re.finditer(r"\bparam(?:eter)?\s+([A-Za-z_]\w*)\s+of\s+[A-Za-z_][\w.]*\s+as\s+" + _A_TYPE, plain):
            if match.group(1) in names and a_type(match.group(2)):
                types[match.group(1)] = a_type(match.group(2))
        for name in names:  # "`set1: dict`"
            match = re.search(rf"(?<![\w.]){re.escape(name)}\s*:\s*" + _A_TYPE, plain)
            if match and a_type(match.group(1)):
                types[name] = a_type(match.group(1))
        for match in re.finditer(_A_TYPE + r"\s+type\s+hint\s+to\s+(?:the\s+)?(?:param(?:eter)?\s+)?([A-Za-z_]\w*)", plain):
            if match.group(2) in names and a_type(match.group(1)):  # "add a bytes type hint to iterator"
                types[match.group(2)] = a_type(match.group(1))
        classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        classes |= {(a.asname or a.name).split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
        one = (re.search(r"\btakes\s+(?:(?:the|its|a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+as\s+)?" + _A_TYPE, plain)
               or re.search(_A_TYPE + r"\s+in\b(?=.*\bout\b)", plain))  # fmt: skip
        if one and len(params) == 1 and a_type(one.group(1)) and re.split(r"[\[|]", a_type(one.group(1)))[0] in _BUILTIN_TYPES | classes:
            types.setdefault(params[0].arg, a_type(one.group(1)))  # "float in, str out": a type, not a name of the code
    if set(types) - {a.arg for a in params} or not (types or returns):
        return None
    said_types = {_TYPE_SPELLINGS.get(w, w) for w in re.findall(r"(?<![\w.])[a-z]+(?![\w.(])", plain) if _TYPE_SPELLINGS.get(w, w) in _PLAIN_TYPES}
    if said_types - {w for t in [*types.values(), returns] if t for w in re.findall(r"\w+", t)}:
        return None  # a type it says that no parameter got ("it takes the milliseconds as an int"): not all read
    text = header
    scopes = _Scopes(tree, lines)
    for arg in sorted((a for a in params if a.arg in types and a.annotation is None), key=lambda a: a.col_offset, reverse=True):
        start = scopes.column(function.lineno - 1, arg.col_offset)
        end = start + len(arg.arg)
        default = text[end:].lstrip()
        hint = f"{arg.arg}: {types[arg.arg]}"
        text = text[:start] + hint + (" = " + default[1:].lstrip() if default.startswith("=") else text[end:])
    if returns and function.returns is None:
        close = text.rindex(")", 0, text.rindex(":"))
        text = text[: close + 1] + f" -> {returns}" + text[close + 1 :]
    if text == header:
        return None
    asked = AskedHints(function.lineno - 1, text)
    return asked if _parses("".join(asked.apply(lines))) else None


def finish_hints(asked: AskedHints, original: str, answer: str) -> tuple[str, int]:
    """`answer` (the builtin pair's rewrite of the Python file `original`) with the `def` line the
    instruction's hints ask (`asked_hints`): (the text, 1 where the answer did not have it so)."""
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    settled = _settle(answer, old, new, asked.apply(old), {asked.line}, _equal, lambda added, removed: False)
    return (answer, 0) if settled is None else (settled.text, int(bool(settled.left or settled.fixed)))


def put_back_misplaced_renames(instruction: str, original: str, answer: str, code: str,
                               feedback: str = "") -> tuple[str, int]:  # fmt: skip
    """`answer` (a model's rewrite of `original`, a window of the Python file `code`) with each
    `def` or `class` line that renames what it defines, a name the instruction (or the reviewer's
    notes in `feedback`) never mentions but as the scope of a dotted name (`TTLCache` of
    `TTLCache.purge_expired`), to a new name the instruction gives, put back as it was:
    (the text, how many lines went back).

    Asked to "rename parse_tags to split_tags", the builtin pair now and then writes `split_tags`
    over the function beside it (`def parse_bool` -> `def split_tags`). Only where the instruction
    names something of the file (a name it quotes or writes bare): one that names nothing may
    describe what to rename ("rename the helper that parses booleans to read_bool"). Only the
    name a `def` or `class` defines: elsewhere a name the instruction does not say may well be
    what it means to replace ("make lines() return a frozenset" writes `frozenset` over `list`)."""
    words = _asked(instruction, feedback)
    quoted, names = _named(words, code)
    if not any(_mentions(code, name.split(".")[-1]) for name in names + quoted if _NAME.fullmatch(name.split(".")[-1])):
        return answer, 0
    # the scope of a dotted name it gives is no name it asks to rename: `TTLCache` of
    # "rename TTLCache.purge_expired to evict_expired"
    unscoped = _SCOPE_OF_DOTTED.sub("", words)
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    out, put_back = list(new), 0
    for _, pieces in _changes(old, new):
        for a1, a2, b1, b2 in pieces:
            if a2 - a1 != 1 or b2 - b1 != 1:
                continue
            found = _renamed_pair(old[a1], new[b1])
            defined = _DEFINED.match(old[a1])
            if (found is None or defined is None or found[2] != (defined.start(1),) or _mentions(unscoped, found[0])
                    or not _mentions(words, found[1]) or _mentions(code, found[1])):  # fmt: skip
                continue
            out[b1] = old[a1]
            put_back += 1
    return "".join(out), put_back


def put_back_invented_names(instruction: str, original: str, answer: str, code: str,
                             feedback: str = "") -> tuple[str, int]:  # fmt: skip
    """`answer` (a model's rewrite of `original`, a window of the Python file `code`) with each line
    it rewrote into one that writes, in code, a name found nowhere in the file, the instruction
    or the reviewer's notes in `feedback`, and that is no builtin or keyword, put back as it was:
    (the text, how many lines went back).

    The builtin pair now and then slips while copying a name (`SLOT_LAINUTES` for
    `SLOT_LENGTH_MINUTES`, `end = Text_to_slot(start)`): a name nobody wrote is no edit anyone
    asked for. Only a line rewritten into one line (lines added stay: a new statement may bring
    a new local name); strings and comments are not read."""
    known = set(_NAME.findall(code)) | set(_NAME.findall(_asked(instruction, feedback))) | _PYTHON_NAMES
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    out, put_back = list(new), 0
    for _, pieces in _changes(old, new, paired=True):
        for a1, a2, b1, b2 in pieces:
            if a2 - a1 == 1 and b2 - b1 == 1 and _code_names(new[b1]) - known:
                out[b1] = old[a1]
                put_back += 1
    return "".join(out), put_back


# words that ask fewer lines than there are: a deletion, or a rewrite that may shorten
_FEWER_LINES = re.compile(r"\b(?:delete|remove|drop|lose|ditch|strip|get\s+rid|take\b[^.;!?\n]*\bout|shorten|simplify|replace|merge"
                          r"|combine|collapse|inline|instead|rewrite|refactor|condense|docstrings?|comments?|no\s+longer|any\s+more"
                          r"|should(?:n't|\s+not)|stop)\b", re.I)  # fmt: skip


def put_back_astray(instruction: str, original: str, answer: str, code: str, feedback: str = "") -> tuple[str, int]:
    """`answer` (a model's rewrite of `original`, a window of the Python file `code`) with each
    change that does what the instruction (with the reviewer's notes in `feedback`) does not ask
    put back as it was: (the text, how many changes went back). Three such changes:

    - lines dropped (two or more statements' lines more than it writes) where the words ask
      nothing that shortens (`_FEWER_LINES`: no deletion, replacement, docstring, ...);
    - a number written that the instruction gives as a new value ("3 hours ..., not 5") over a
      number that is not the old one it gives (`TARGET_HOURS = 8.0` made 3.0); a note's pair is
      about the draft it rejects, not the file, and judges nothing;
    - a parameter added to a function the instruction does not name, where it names some
      (`def expected(self, due_seconds)` for "a `due_seconds` parameter of minutes_until"), or to
      any function where the words speak of no parameter (`def conditions_label(session, bad)`);
    - a `def` or `class` renamed where the words ask no rename, to a name they do not write as
      code (`def rent` made `def kayak`; not "make it RouteNotFound");
    - a docstring written where the words ask none.

    The builtin pair, asked what it did not learn, writes what it half read where it reads it:
    these are its commonest changes that a reviewer would reject whole."""
    words = _asked(instruction, feedback)
    tree = _parsed(code)
    if tree is None:
        return answer, 0
    # the instruction's own pairs: a reviewer's "three, not two" is about the rejected draft, not the file
    pairs = [(_as_numbers(old), _as_numbers(new)) for old, new in _value_pairs(_in_digits(_asked(instruction, "")))
             if old.kind == new.kind == "number"]  # fmt: skip
    shortens = bool(_FEWER_LINES.search(words))
    functions = {n.name for n in _definitions_said(tree, _said_names(words)) if not isinstance(n, ast.ClassDef)}
    parameters = bool(_PARAMETER_TALK.search(words))
    renames = bool(_RENAME_WORD.search(words))
    documents = bool(_DOC_CUE.search(words) or re.search(r"\bcomment|\bdescri|\bexplain", words, re.I))
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    out, put_back = [], 0

    def statements(lines: list[str]) -> int:
        return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))

    for (_, _, j1, j2), pieces in _changes(old, new, paired=True):
        if not pieces:
            out.extend(new[j1:j2])
            continue
        for a1, a2, b1, b2 in pieces:
            removed, added = old[a1:a2], new[b1:b2]
            gone = set(_NUMBER.findall(_code_only("".join(removed)))) - set(_NUMBER.findall(_code_only("".join(added))))
            come = set(_NUMBER.findall(_code_only("".join(added)))) - set(_NUMBER.findall(_code_only("".join(removed))))
            defined = [(_DEFINED.match(line), line) for line in removed[:1] + added[:1]]
            astray = (
                not shortens and statements(removed) - statements(added) >= 2
                or any(_decimal(c) in n for _, n in pairs for c in come) and gone
                and not any(_decimal(g) in o for o, _ in pairs for g in gone)
                or len(removed) == len(added) == 1 and all(m for m, _ in defined)
                and (defined[0][0].group(1) != defined[1][0].group(1) and not renames
                     and not (_mentions(words, defined[1][0].group(1)) and _looks_like_code(defined[1][0].group(1), False))
                     or defined[0][0].group(1) == defined[1][0].group(1) and _parameter_count(added[0]) > _parameter_count(removed[0])
                     and (not parameters or bool(functions) and defined[0][0].group(1) not in functions))
                or not documents and any(re.match(r"\s*[rbuRBU]?(?:\"\"\"|\'\'\')", line) for line in added)
                and not any(re.match(r"\s*[rbuRBU]?(?:\"\"\"|\'\'\')", line) for line in removed)
            )  # fmt: skip
            if astray:
                out.extend(removed)
                put_back += 1
            else:
                out.extend(added)
    return "".join(out), put_back


def put_back_unshown(instruction: str, original: str, answer: str, code: str, feedback: str = "") -> tuple[str, int]:
    """`answer` (a model's rewrite of `original`, a window of the file `code`) with each change that
    does not show what the instruction (with the reviewer's notes in `feedback`) asks put back as
    it was: a change stays where, made alone, it writes a term of the instruction that the lines
    it replaces lacked or takes away a name it gives, and writes no name or number nobody said
    (`shows_what_was_asked`, the test of a guess). (The text, how many changes went back.) The
    answer as it is where the instruction names nothing of the file ("make the greeting
    friendlier": nothing to judge by, like `put_back_unrelated`).

    The app applies this where none of its readers read the instruction, so the builtin pair's
    draft is all there is: on the hand-written sets it made 1 of ~100 such tasks right, while its
    other changes were most of the collateral damage a reviewer had to reject."""
    quoted, names = _named(_asked(instruction, feedback), code)
    if not quoted and not names:
        return answer, 0
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    changes = [piece for _, pieces in _changes(old, new, paired=True) for piece in pieces]
    kept = [change for change in changes if shows_what_was_asked(instruction, original, _applied(old, new, [change]), feedback)]
    return _applied(old, new, kept), len(changes) - len(kept)


_PARAMETER_TALK = re.compile(r"\b(?:param(?:eter)?s?|arg(?:ument)?s?|kwargs?|keywords?|options?|flags?|signature|accepts?|takes?"
                             r"|overridable|configurable|customi[sz]able|pass(?:es|ed|ing)?)\b|\w=", re.I)  # fmt: skip
_RENAME_WORD = re.compile(r"renam|\bcall\s+(?:it|them|this|that|the)\b|\bcalled\b|\bnamed?\b|->|=>|\u2192", re.I)


def _as_numbers(value: _Value) -> set[Decimal]:
    """The numbers a value said may stand for in code: itself, and a percentage's fraction."""
    number = _decimal(value.text)
    return set() if number is None else {number, number / 100} if value.percent else {number}


def _code_only(text: str) -> str:
    """Python text without its strings and comments (as far as a line shows them)."""
    return re.sub(r"#.*", " ", re.sub(r"\"[^\"\n]*\"|'[^'\n]*'", " ", text))


def _parameter_count(line: str) -> int:
    """How many parameters a one-line `def` writes (0 where it does not parse alone, or is a class)."""
    try:
        node = ast.parse(line.strip() + "\n    pass\n").body[0]
    except SyntaxError:
        return 0
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return 0
    args = node.args
    return len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs) + bool(args.vararg) + bool(args.kwarg)


def put_back_unbinding(instruction: str, original: str, answer: str, code: str,
                       feedback: str = "") -> tuple[str, int]:  # fmt: skip
    """`answer` (a model's rewrite of `original`, a window of the Python file `code`) with each
    change that leaves a name the file uses bound nowhere put back as it was, unless the
    instruction or the reviewer's notes in `feedback` mention the name: (the text, how many
    changes went back).

    The builtin pair now and then drops a `def` line and the lines above it (the body below
    joins the function before, its parameters bound nowhere), deletes an import whose names stay
    in use, or renames a definition to a name nobody asked for while its uses stay: a reviewer
    has nothing to gain from code that fails with a NameError. A right edit leaves no such name
    but the ones the instruction is about (a rename it asked for, finished in another window or
    by `carry_renames`). By Python's scopes (`symtable`), in the file with this window's answer;
    nothing runs. The answer as it is where the file does not parse (`put_back_unparsable`
    judges that), a star import hides what is bound, or the window is not found once in `code`.
    A change that adds lines as well as dropping them keeps the lines it adds where they stand
    alone (the docstring written above the lines it dropped)."""
    if code.count(original) != 1 or original == answer:
        return answer, 0
    before = _unbound_names(code)
    if before is None:
        return answer, 0
    words = _asked(instruction, feedback)
    start = code.index(original)
    head, tail = code[:start], code[start + len(original):]

    def unbinds(text: str) -> bool:
        found = _unbound_names(head + text + tail)
        return found is not None and any(not _mentions(words, name) for name in found - before)

    if not unbinds(answer):
        return answer, 0
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    changes = [piece for _, pieces in _changes(old, new, paired=True) for piece in pieces]

    kept, put_back = [], 0
    for change in changes:
        if not unbinds(_applied(old, new, [change])):
            kept.append(change)
            continue
        put_back += 1
        i1, i2, j1, j2 = change
        added = (i1, i1, j1, j2)  # the lines it adds, without dropping any: a docstring written above a deletion
        alone = _applied(old, new, [added])
        if i1 < i2 and j1 < j2 and not unbinds(alone) and _parses(head + alone + tail):
            kept.append(added)
    text = _applied(old, new, kept)
    if kept and unbinds(text):
        return original, len(changes)
    return text, put_back


_STAR_IMPORT = re.compile(r"^\s*from\s+\S+\s+import\s+\*", re.M)


def _unbound_names(code: str) -> set[str] | None:
    """The names `code` reads that nothing binds: no module-level assignment, definition or
    import, no builtin, and in a function no local, parameter or enclosing function's name
    (`symtable`'s scopes). None where it does not parse or a star import binds unknown names."""
    if _STAR_IMPORT.search(code):
        return None
    try:
        top = symtable.symtable(code, "<window>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    bound = {symbol.get_name() for symbol in top.get_symbols() if symbol.is_assigned() or symbol.is_imported()}
    bound |= {child.get_name() for child in top.get_children()} | _PYTHON_NAMES | _MODULE_NAMES
    unbound: set[str] = set()
    tables = [top]
    while tables:
        table = tables.pop()
        tables.extend(table.get_children())
        for symbol in table.get_symbols():
            name = symbol.get_name()
            if symbol.is_declared_global():  # `global name` binds it at module level, wherever assigned
                bound.add(name)
            elif symbol.is_referenced() and (symbol.is_global() if table is not top else not symbol.is_assigned()
                                             and not symbol.is_imported()):  # fmt: skip
                unbound.add(name)
    return unbound - bound


_MODULE_NAMES = frozenset({"__name__", "__file__", "__doc__", "__spec__", "__loader__", "__package__",
                           "__builtins__", "__path__", "__annotations__", "__dict__"})  # fmt: skip


_PYTHON_NAMES = frozenset(dir(builtins)) | frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) | {"self", "cls"}


def _code_names(line: str) -> set[str]:
    """The names `line` writes in code (not in a string or comment); none where it does not
    tokenize alone (a line inside a docstring, say)."""
    import io
    import tokenize

    try:
        return {token.string for token in tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline)
                if token.type == tokenize.NAME}  # fmt: skip
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return set()


# the words an instruction gives a name's role in, by role, and the roles a binding of each kind
# may be called by ("the variable" of a parameter, "the function" of a method)
_ROLE_WORDS = {
    "parameter": {"param", "params", "parameter", "parameters", "argument", "arguments", "arg", "args", "kwarg", "kwargs", "keyword"},
    "function": {"function", "functions", "func", "helper", "def"},
    "method": {"method", "methods"},
    "class": {"class", "classes", "exception"},
    "attribute": {"attribute", "attributes", "attr", "field", "fields", "property"},
    "variable": {"variable", "variables", "var", "local"},
    "constant": {"constant", "constants"},
}
_ROLES_OF_KIND = {
    "parameter": {"parameter", "variable"}, "local": {"variable"}, "function": {"function"},
    "method": {"method", "function"}, "class": {"class"}, "attribute": {"attribute", "variable"},
    "constant": {"constant", "variable"},
}  # fmt: skip
# a role word right after a name: "the delete method" names `delete`, an instruction's word otherwise
_ROLE_AFTER = re.compile(r"\s+(?:" + "|".join(sorted({w for ws in _ROLE_WORDS.values() for w in ws})) + r")\b", re.I)


def _fits_instruction(scopes: _Scopes, old: str, lines: list[int], words: str, given: list[str]) -> bool:
    """Whether renaming `old` (done by the model at original line indexes `lines`) is what the
    instruction's words allow: not the scope of a dotted name it gives (`Account.owner`: not
    `Account`); a binding of a role it says, where it says roles ("the `precision` param of
    format_quantity": not the function); where `old` is no function or class of its own, a rename
    inside a function or class it names, where it names some ("in load_items, rename `path`")."""
    if any(old in name.split(".")[:-1] for name in given if "." in name):
        return False
    # the instruction's own words, not the parts of a name it writes (`class_report`, `PARAM_RE`)
    said = {word.lower() for word in re.findall(r"(?<![\w.])[A-Za-z]+(?![\w.]|\(\))", _QUOTED.sub(" ", _INCLUDING.sub(" ", _unkept(words, []))))}
    roles = {role for role, role_words in _ROLE_WORDS.items() if not role_words.isdisjoint(said)}
    kinds = _binding_kinds(scopes, old)
    if roles and not any(roles & _ROLES_OF_KIND[kind] for kind in kinds):
        return False
    if kinds & {"function", "method", "class"} or kinds == {"constant"}:  # a module's own name: wherever it is used
        return True
    parts = {part for name in given for part in name.split(".")}
    named = [node for node in ast.walk(scopes.tree) if isinstance(node, _DEFINITIONS) and node.name != old and node.name in parts]
    return not named or any(node.lineno - 1 <= line <= node.end_lineno - 1 for node in named for line in lines)


def _binding_kinds(scopes: _Scopes, name: str) -> set[str]:
    """How `name` is bound in the module: parameter, local, function, method, class, attribute, constant."""
    tree = scopes.tree
    module = {"def": "function", "class": "class", "assign": "constant"}
    kinds = {module[how] for how in (_binds(statement, name) for statement in tree.body) if how}
    member = {"def": "method", "class": "class", "assign": "attribute"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            kinds |= {member[how] for how in (_binds(statement, name) for statement in node.body) if how}
        elif isinstance(node, ast.arg) and node.arg == name:
            kinds.add("parameter")
        elif isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.ctx, ast.Store):
            kinds.add("attribute")
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store) and scopes.function_of(node):
            kinds.add("local")
    return kinds


def _binds(statement: ast.AST, name: str) -> str | None:
    """How a statement of a body binds `name`: "def", "class" or "assign"; None where it does not."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == name:
        return "def"
    if isinstance(statement, ast.ClassDef) and statement.name == name:
        return "class"
    if isinstance(statement, (ast.Assign, ast.AnnAssign)) and name in _targets(statement):
        return "assign"
    return None


def _targets(node: ast.Assign | ast.AnnAssign) -> set[str]:
    """The plain names an assignment binds."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return {t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)}


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class _Scopes:
    """A parsed module's names by where they stand and what they are bound to."""

    def __init__(self, tree: ast.Module, lines: list[str]):
        self.tree, self.lines = tree, lines
        self.parents: dict[ast.AST, ast.AST] = {}
        self._binds: dict[tuple[int, str], bool] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node

    def function_of(self, node: ast.AST) -> ast.AST | None:
        node = self.parents.get(node)
        while node is not None and not isinstance(node, _FUNCTIONS):
            node = self.parents.get(node)
        return node

    def binds(self, function: ast.AST, name: str) -> bool:
        """Whether `name` is a parameter or an assigned local of `function` (not a global there).
        Remembered: each use of a name asks it of every function around it."""
        key = (id(function), name)
        if key not in self._binds:
            args = function.args
            params = (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
            self._binds[key] = any(a.arg == name for a in params if a) or any(
                isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
                and self.function_of(node) is function for node in ast.walk(function))  # fmt: skip
        return self._binds[key]

    def owner(self, node: ast.AST, name: str) -> ast.AST | None:
        """The function whose binding of `name` a use at `node` reads; None: the module's."""
        function = self.function_of(node)
        while function is not None and not self.binds(function, name):
            function = self.function_of(function)
        return function

    def column(self, line: int, byte: int) -> int:  # ast's columns count UTF-8 bytes
        return len(self.lines[line].encode("utf-8")[:byte].decode("utf-8", "replace"))

    def site(self, node: ast.AST, name: str) -> tuple[int, int] | None:
        """Where `name` stands in `node` (a Name, arg, keyword, Attribute, def or class): (line, column)."""
        if isinstance(node, (ast.Name, ast.arg, ast.keyword)):
            return node.lineno - 1, self.column(node.lineno - 1, node.col_offset)
        if isinstance(node, ast.Attribute):
            return node.end_lineno - 1, self.column(node.end_lineno - 1, node.end_col_offset) - len(name)
        match = re.search(rf"\b(?:def|class)\s+({re.escape(name)})\b", self.lines[node.lineno - 1])
        return (node.lineno - 1, match.start(1)) if match else None

    def occurrences(self, name: str) -> list[ast.AST]:
        """Every node that names `name` itself: Name, arg, keyword, Attribute, def and class."""
        return [node for node in ast.walk(self.tree)
                if isinstance(node, ast.Name) and node.id == name or isinstance(node, ast.arg) and node.arg == name
                or isinstance(node, ast.keyword) and node.arg == name or isinstance(node, ast.Attribute) and node.attr == name
                or isinstance(node, _DEFINITIONS) and node.name == name]  # fmt: skip

    def in_class_body(self, node: ast.AST) -> ast.ClassDef | None:
        """The class whose body `node` (a def, or a Name assigned there) is written in; not a name
        read there (`region: str = DEFAULT_REGION` reads the module's constant)."""
        parent = self.parents.get(node)
        if isinstance(node, ast.Name) and isinstance(parent, (ast.Assign, ast.AnnAssign)):
            if not isinstance(node.ctx, ast.Store):
                return None
            parent = self.parents.get(parent)
        return parent if isinstance(parent, ast.ClassDef) and not isinstance(node, ast.ClassDef) else None

    def called(self, call: ast.Call) -> str | None:
        return getattr(call.func, "id", None) or getattr(call.func, "attr", None)

    def sites(self, old: str, new: str, at: list[tuple[int, tuple[int, ...]]], named: set[str]) -> list[tuple[int, int]]:
        """Where `old` stands for the binding the model renamed at `at` ((line, columns) of the
        original): [] where that is unclear, or where `new` already names something there."""
        occurrences = self.occurrences(old)
        renamed = {(line, column) for line, columns in at for column in columns}
        anchors = [node for node in occurrences if self.site(node, old) in renamed]
        if not anchors:
            return []
        members = [n for n in anchors if isinstance(n, ast.Attribute) or self.in_class_body(n) is not None]
        if members:
            return self._member_sites(old, new, occurrences)
        functions = set()
        for node in anchors:
            if isinstance(node, ast.keyword):  # f(old=...): f's parameter
                call = self.parents[node]
                functions |= {f for f in ast.walk(self.tree) if isinstance(f, _FUNCTIONS[:2])
                              and f.name == self.called(call) and self.binds(f, old)}  # fmt: skip
                functions |= {f for c in ast.walk(self.tree) if isinstance(c, ast.ClassDef) and c.name == self.called(call)
                              for f in c.body if isinstance(f, _FUNCTIONS[:2]) and f.name == "__init__" and self.binds(f, old)}  # fmt: skip
            elif not isinstance(node, _DEFINITIONS) and (owner := self.owner(node, old)) is not None:
                functions.add(owner)
        if functions:  # a parameter or local: its functions, and those the instruction names that bind it too
            functions |= {f for f in ast.walk(self.tree) if isinstance(f, _FUNCTIONS[:2]) and f.name in named
                          and self.binds(f, old)}  # fmt: skip
            return self._local_sites(old, new, occurrences, functions)
        return self._module_sites(old, new, occurrences)

    def _local_sites(self, old: str, new: str, occurrences: list[ast.AST], functions: set[ast.AST]) -> list[tuple[int, int]]:
        spans = [(f.lineno, f.end_lineno) for f in functions]
        if any(first <= node.lineno <= last for node in self.occurrences(new) for first, last in spans):
            return []  # `new` names something there already (a local, a global it reads, a builtin)
        sites = []
        parameters = {getattr(f, "name", None) for f in functions if any(a.arg == old for a in ast.walk(f.args) if isinstance(a, ast.arg))}
        parameters |= {c.name for c in ast.walk(self.tree) if isinstance(c, ast.ClassDef)  # Log(x=...): Log.__init__'s x
                       for f in c.body if f in functions and f.name == "__init__" and "__init__" in parameters}  # fmt: skip
        for node in occurrences:
            if isinstance(node, ast.Name) and self.owner(node, old) in functions:
                sites.append(self.site(node, old))
            elif isinstance(node, ast.arg) and self.function_of(node) in functions:
                sites.append(self.site(node, old))
            elif isinstance(node, ast.keyword) and self.called(self.parents[node]) in parameters - {None}:
                sites.append(self.site(node, old))
        return sites

    def _member_sites(self, old: str, new: str, occurrences: list[ast.AST]) -> list[tuple[int, int]]:
        classes = {self.in_class_body(node) for node in occurrences} - {None}
        if len(classes) > 1 or any(isinstance(node, ast.Attribute) and node.attr == new for node in ast.walk(self.tree)) \
                or any(self.in_class_body(node) for node in self.occurrences(new)):
            return []  # defined in two classes (which one is meant?), or `new` is a member already
        owner = next(iter(classes), None)
        modules = {(alias.asname or alias.name).split(".")[0] for node in ast.walk(self.tree)
                   if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}  # fmt: skip
        sites = []
        for node in occurrences:
            if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) in modules:
                continue  # `unicodedata.normalize`: what an import gives, not a member of this file's class
            if isinstance(node, ast.Attribute) or self.in_class_body(node) is not None:
                sites.append(self.site(node, old))
            elif isinstance(node, ast.keyword) and owner is not None and self.called(self.parents[node]) == owner.name:
                sites.append(self.site(node, old))  # a dataclass field: Booking(title=...)
        return [site for site in sites if site is not None]

    def _module_sites(self, old: str, new: str, occurrences: list[ast.AST]) -> list[tuple[int, int]]:
        bound = any(_binds(node, old) for node in self.tree.body)
        imported = any(isinstance(n, (ast.Import, ast.ImportFrom)) and any((a.asname or a.name) in (old, new) for a in n.names)
                       for n in ast.walk(self.tree))  # fmt: skip
        taken = any(isinstance(node, ast.Name) and self.owner(node, new) is None or isinstance(node, _DEFINITIONS)
                    and self.in_class_body(node) is None for node in self.occurrences(new))  # fmt: skip
        shadowed = any(isinstance(node, ast.Name) and self.owner(node, old) is None and self.owner(node, new) is not None
                       for node in occurrences)  # fmt: skip
        if not bound or imported or taken or shadowed:
            return []  # `new` is a local where a use of `old` would read it
        sites = []
        for node in occurrences:
            if isinstance(node, ast.Name) and self.owner(node, old) is None and self.in_class_body(node) is None:
                sites.append(self.site(node, old))
            elif isinstance(node, _DEFINITIONS) and self.in_class_body(node) is None:
                sites.append(self.site(node, old))
        return [site for site in sites if site is not None]


Span = tuple[int, int, int, int]  # old[i1:i2] -> new[j1:j2]


def _changes(old: list[str], new: list[str], paired: bool = False) -> list[tuple[Span, list[Span]]]:
    """Lines `old` to lines `new` as runs in order, each with its changes: none for a run of equal
    lines; for a run of changed lines (between two equal runs), the run, or, where it replaces as
    many lines as it removes, each line of it (a renamed line is judged apart from a garbled one
    beside it). `paired`: a run replacing more or fewer lines than it removes is cut too, into
    the lines it rewrites, paired by likeness (`_paired`), and the lines it drops or adds between
    them (a changed constant beside two lines dropped below it)."""
    import difflib

    out: list[tuple[Span, list[Span]]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        pieces = [] if tag == "equal" else [(i1, i2, j1, j2)]
        if tag == "replace" and i2 - i1 == j2 - j1:
            pieces = [(i1 + k, i1 + k + 1, j1 + k, j1 + k + 1) for k in range(i2 - i1)]
        elif tag == "replace" and paired:
            pieces = _paired(old, new, i1, i2, j1, j2)
        out.append(((i1, i2, j1, j2), pieces))
    return out


def _paired(old: list[str], new: list[str], i1: int, i2: int, j1: int, j2: int) -> list[Span]:
    """old[i1:i2] -> new[j1:j2] cut into pieces in order: each old line paired with the new line
    it most likely became (difflib's ratio at least PAIR_RATIO, the pairs in order, the most
    likeness in all), and the runs of lines between pairs (dropped, added, or both: rewritten
    past likeness). No pair: the one piece, the whole run."""
    import difflib

    rows, cols = i2 - i1, j2 - j1
    ratio = [[difflib.SequenceMatcher(None, old[i1 + a].strip(), new[j1 + b].strip()).ratio() for b in range(cols)]
             for a in range(rows)]  # fmt: skip
    score = [[0.0] * (cols + 1) for _ in range(rows + 1)]
    for a in range(rows - 1, -1, -1):
        for b in range(cols - 1, -1, -1):
            pair = ratio[a][b] + score[a + 1][b + 1] if ratio[a][b] >= PAIR_RATIO else 0.0
            score[a][b] = max(pair, score[a + 1][b], score[a][b + 1])
    pieces: list[Span] = []
    a = b = 0
    start_a, start_b = 0, 0
    while a < rows and b < cols:
        if ratio[a][b] >= PAIR_RATIO and score[a][b] == ratio[a][b] + score[a + 1][b + 1]:
            if (start_a, start_b) != (a, b):  # the lines dropped and added since the last pair
                pieces.append((i1 + start_a, i1 + a, j1 + start_b, j1 + b))
            pieces.append((i1 + a, i1 + a + 1, j1 + b, j1 + b + 1))
            a, b = a + 1, b + 1
            start_a, start_b = a, b
        elif score[a][b] == score[a + 1][b]:
            a += 1
        else:
            b += 1
    if (start_a, start_b) != (rows, cols):
        pieces.append((i1 + start_a, i2, j1 + start_b, j2))
    return pieces


PAIR_RATIO = 0.6


def _applied(old: list[str], new: list[str], kept: list[Span]) -> str:
    """Lines `old` with the changes `kept` (spans of `_changes`, in order) made as in `new`."""
    out, at = [], 0
    for i1, i2, j1, j2 in kept:
        out += old[at:i1] + new[j1:j2]
        at = i2
    return "".join(out + old[at:])


def _enclosing_blocks(window: str) -> str:
    """`if 1:` lines that open a block at each indentation the window's first line sits in: a
    window cut from a function body parses with them before it, as the whole file did."""
    indents = [len(line) - len(line.lstrip(" ")) for line in window.splitlines()
               if line.strip() and not line.lstrip().startswith("#")]  # a comment's indentation is free
    if not indents or indents[0] == 0:
        return ""
    levels = sorted({0, *(indent for indent in indents if indent < indents[0])})
    return "".join(" " * level + "if 1:\n" for level in levels)


@functools.lru_cache(maxsize=8)
def _parsed(code: str) -> ast.Module | None:
    """The module `code` parses to, or None where it does not. Remembered for the few texts last
    asked: the app asks every reader of an instruction (ASKED_READERS) about one file, and each
    reads its tree; no reader changes a tree."""
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def _parses(text: str) -> bool:
    """Whether Python would compile `text` as far as a parse and its symbol table tell (a duplicate
    parameter, `def f(a, x=1, x=1)`, parses but is refused). Nothing of it runs."""
    try:
        ast.parse(text)
        symtable.symtable(text, "<window>", "exec")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return True


def put_back_unparsable(original: str, answer: str) -> tuple[str, int]:
    """`answer` (a model's rewrite of `original`, a window of a Python file) with the changes that
    break the syntax put back as they were: (the text, how many changes were put back).

    Only where `original` parses (with `_enclosing_blocks` before it) and `answer` does not. Each
    change (`_changes`) is tried alone on `original`: those that parse are kept together, unless
    together they do not either, and then the window stays as it was. A right edit parses, so
    this never takes one out; the builtin pair's wrong answers often do not (of run 13's 91 wrong
    answers on held-out edits whose original parses, 41), and a reviewer has nothing to gain from
    a garbled line. Parsing only: nothing of the file runs."""
    head = _enclosing_blocks(original)
    if _parses(head + answer) or not _parses(head + original):
        return answer, 0
    old, new = original.splitlines(keepends=True), answer.splitlines(keepends=True)
    changes = [piece for _, pieces in _changes(old, new) for piece in pieces]

    kept = [change for change in changes if _parses(head + _applied(old, new, [change]))]
    text = _applied(old, new, kept)
    if kept and not _parses(head + text):
        kept, text = [], original
    return text, len(changes) - len(kept)


# ---------------------------------------------------------------------------------------------
# a reviewer's note read as a correction of the instruction


@dataclass(frozen=True)
class Correction:
    """A reviewer's note read as a correction of the instruction: where it wrote `old` (a name, a
    number or a quoted text), `new` instead ("call it `allocate_id`, not `new_id`")."""

    note: str
    old: str
    new: str


@dataclass(frozen=True)
class _Term:
    kind: str  # "name" (dotted too), "value" (a number, True, False, None) or "text" (any other quoted span)
    text: str
    start: int = 0
    end: int = 0
    quoted: bool = False


# the words a note corrects with, never the name or value it gives ("no, name it X instead")
_NOTE_WORDS = _INSTRUCTION_WORDS | frozenset("""
yes nope oops wrong right better best prefer preferred go going meant mean say said write read reads
named naming wanted like how about try but over was were been being has have had do does did just
only actually really sorry ok okay thanks thank one ones way instead rather here used called choose
pick went more less fine good bad sure keep hmm hm ah oh well also actually param params kwarg kwargs
func attr var ca wo
""".split())  # fmt: skip
_GLUE_WORDS = frozenset("a an the to of in on at by for from with and or not no it its as is be this that".split())
_VALUE_WORDS = frozenset({"True", "False", "None"})
_DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_NUMERIC = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_NOTE_TERM = re.compile(
    r"`(?P<code>[^`\n]+)`|(?<!\w)\"(?P<double>[^\"\n]+)\"(?!\w)|(?<!\w)'(?P<single>[^'\n]+)'(?!\w)"
    rf"|(?<![\w.])(?P<number>{_NUMERIC.pattern})(?!\w|\.\d)"
    r"|(?<![\w.-])(?P<hyphened>[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+)(?![\w-])"  # latin-1: one text
    rf"|(?<![\w.])(?P<word>{_DOTTED.pattern})(?:\(\))?"
)
_CONTRACTION = re.compile(r"(?<=[A-Za-z])(?:n['’]t|['’](?:s|d|m|ll|re|ve|t))\b")  # "don't": "do"


def _uncontracted(text: str) -> str:
    """`text` without its contractions ("don't": "do"), but in what it quotes ("today's queue")."""
    out, at = [], 0
    for match in re.finditer(r"`[^`\n]*`|\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d", text):
        out += [_CONTRACTION.sub("", text[at : match.start()]), match.group(0)]
        at = match.end()
    return "".join(out) + _CONTRACTION.sub("", text[at:])
_ARROW = re.compile(r"->|=>|→")


def _kind(text: str) -> str:
    """"value", "name" or "text": how a term written `text` is matched and replaced."""
    if _NUMERIC.fullmatch(text) or text in _VALUE_WORDS:
        return "value"
    return "name" if _DOTTED.fullmatch(text) else "text"


def _terms(text: str, words: frozenset[str] = _NOTE_WORDS) -> list[_Term]:
    """The names, values and quoted texts of a note or an instruction, in order; its own words
    (`words`) left out."""
    terms = []
    for match in _NOTE_TERM.finditer(text):
        quoted = match.group("code") or match.group("double") or match.group("single")
        if quoted is not None:
            inner = quoted.strip().removesuffix("()")
            kind = _kind(inner)
            terms.append(_Term(kind, inner if kind != "text" else quoted, match.start(), match.end(), True))
        elif match.group("number") is not None:
            terms.append(_Term("value", match.group("number"), match.start(), match.end()))
        elif match.group("hyphened") is not None:
            terms.append(_Term("text", match.group("hyphened"), match.start(), match.end()))
        elif match.group("word") in _VALUE_WORDS:
            terms.append(_Term("value", match.group("word"), match.start(), match.end()))
        elif match.group("word").lower() not in words:
            terms.append(_Term("name", match.group("word"), match.start(), match.end()))
    return terms


def _term_at(text: str, term: _Term) -> list[re.Match[str]]:
    """Where `text` writes `term`: a name or value as a word of its own, a quoted text as it is."""
    if term.kind == "text":
        return list(re.finditer(re.escape(term.text), text))
    numeric = term.text[-1].isdigit()
    edges = (r"(?<![\d.])", r"(?!\d|\.\d)") if numeric else (r"(?<![\w.])", r"(?!\w)")
    return list(re.finditer(edges[0] + re.escape(term.text) + edges[1], text))


def _patch_lines(patch: str, sign: str) -> str:
    """The added (`sign` "+") or removed ("-") lines of a unified diff, without their signs."""
    return "".join(line[1:] + "\n" for line in patch.splitlines()
                   if line.startswith(sign) and not line.startswith(sign * 3 + " "))  # fmt: skip


# where a note's reason or second thought begins: "PRIMARY_COLOR, it matches the theme module"
_CLAUSES = re.compile(r"[,;:!?]\s+|\.\s+|\s+[-–—]+\s+")


def read_correction(note: str, instruction: str, code: str, patch: str = "") -> Correction | None:
    """`note` read as a correction of `instruction` (asked of `code`, the files' text), or None.

    A note that gives two terms (names, values, quoted texts) says which one it replaces: "use
    `delimiter`, not `sep`", "3, not 2", "value_date instead of day", "not 30 but 120", "sep ->
    delimiter", "change 30 to 120"; the replaced one must be the instruction's. A note that gives
    one ("no, name it `dimension_for`", 'say "..." instead', "make it 120", "handler?") replaces
    the one term of the instruction of its shape (a name, a value, a text) that the rejected
    draft (`patch`, the hunk the note was left on) wrote and did not remove, or else the one the
    files lack (the new name, value or text the instruction asked for), or else, where the files
    have every candidate, the one after "to" or "->". A note that reads as
    neither whole is read a clause at a time, the first clause that reads winning ("PI clashes
    with math.pi, go with APPROX_PI"; "1e-9, 1e-6 is too coarse"). Anything else (no term, three,
    no term of that shape, two that could be meant) is no correction: the note goes to the model
    as it was."""
    said = _uncontracted(note)
    found = _read_clause(said.strip(), instruction, code, patch, whole=True)
    if found is None and len(_terms(said)) > 2:  # two terms are a pair whose verdict stands
        parts = [part.strip() for part in _CLAUSES.split(said)]
        reads = [(part, read) for part in parts if (read := _read_clause(part, instruction, code, patch)) is not None]
        # "we have a DoorController coming, so make it `CarController`": the clause that gives it
        given = [read for part, read in reads if _GIVEN_IN.search(part)]
        found = (given or [read for _, read in reads] or [None])[0]
    if found is not None:  # "the warning should read "..."" of `logger.warning("...", path)`: the text in the code
        found = found[0], _text_in_code(*found)
    return None if found is None else Correction(note, *found)


def _text_in_code(old: str, new: str) -> str:
    """`new` as it replaces `old`: where `old` is a statement or call holding one string (the
    instruction's `logger.warning("no recipe file at %s", path)`) and `new` a plain text, that
    statement with its string's text `new`."""
    try:
        tree = ast.parse(old.strip())
    except SyntaxError:
        return new
    strings = [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    if len(strings) != 1 or not any(isinstance(n, ast.Call) for n in ast.walk(tree)) or re.search(r"[\"'`]", new):
        return new
    segment = ast.get_source_segment(old.strip(), strings[0]) or ""
    if len(segment) < 2 or segment[0] not in "\"'" or segment[-1] != segment[0]:
        return new  # a prefixed or triple-quoted string: left to the model
    return old.strip().replace(segment, segment[0] + new + segment[0], 1)


_GIVEN_IN = re.compile(r"\b(?:make\s+it|call\s+it|name\s+it|go\s+with|use|say|rename|instead|rather|prefer)\b|^\W*[`'\"]", re.I)


def _meant(said: str, term: _Term, instruction: str) -> bool:
    """Whether a term of a note can be one it gives or replaces: a value, a quoted text, a name
    that looks like code, one the instruction writes, or a plain word where a note gives a name
    ("call it discard"); not the note's own English ("the timetable feed calls them `RailCar`")."""
    if term.kind == "name" and not term.quoted and re.search(r"\d\s*$", said[: term.start]):
        return False  # "13 cents": a unit, not a name
    if term.kind == "name" and not term.quoted and term.text.lower() in _INSTRUCTION_WORDS | _NOT_NEW | _DETERMINERS:
        return False  # "calls them", "some names": no name
    paired = re.match(r"[`'\"]?\s*,?\s*(?:not|instead\s+of|rather\s+than)\b|\s*(?:->|=>|\u2192)", said[term.end :])  # "User, not Person"
    return (term.kind != "name" or term.quoted or _codelike(term.text) or bool(_term_at(instruction, term))
            or _gives(said, term, whole=True) or paired is not None or re.search(r"(?:->|=>|\u2192)\s*[`'\"]?$", said[: term.start]) is not None)  # fmt: skip


_DETERMINERS = frozenset({"some", "many", "few", "several", "more", "most", "other", "others", "such", "same", "own", "one"})
# what a note says of a term it rejects: '"to taste" is wrong for eggs', "`sep` reads oddly"
_REJECTED_AFTER = re.compile(r"^[`'\"]?\W*(?:is|are|was|sounds?|reads?|looks?)\s+(?:\w+\s+)?(?:wrong|bad|odd|oddly|off|confusing|misleading)\b"
                             r"|^\W*(?:is|are)\s+too\b|^\W*(?:does\s+not|doesn't|isn't|is\s+not)\b", re.I)  # fmt: skip


def _read_clause(said: str, instruction: str, code: str, patch: str, whole: bool = False) -> tuple[str, str] | None:
    """(old, new) of `read_correction` for one clause of a note (`whole`: the whole note), or None."""
    everything = _terms(said)
    terms = [term for term in everything if _meant(said, term, instruction)]
    if len(terms) == 1:
        if not _gives(said, terms[0], whole) or _REJECTED_AFTER.search(said[terms[0].end :]):
            return None
        if len(everything) > 1 and not terms[0].quoted and not (_GIVEN_IN.search(said) or re.search(r"\bcalls?\s+(?:it|them)\b", said)):
            return None  # "you also renamed it inside the SQL string, don't": a bare name in a sentence that gives none
        new, old = terms[0], _implied(terms[0], instruction, code, patch)
    elif len(terms) == 2:
        first, second = terms
        between, before = said[first.end:second.start].lower(), said[:first.start].lower()
        if _ARROW.search(between):
            old, new = first, second
        elif re.search(r"\b(?:not|instead|rather|than|over)\b", between):
            new, old = first, second
        elif re.search(r"\bnot\b", before):
            old, new = first, second
        elif re.search(r"\b(?:to|with|into|be|becomes?)\b", between):
            old, new = first, second
            if re.search(r"\bbe\b", between) and _term_at(code, old):
                return None  # "factor should be int": what `factor` is, not a new name for it
        else:
            return None
        if not _term_at(instruction, old):
            return None
    else:
        return None
    if old is None or old.text == new.text:
        return None
    return old.text, new.text


# a plain word a note gives as the name to use: "call it allocate", "use discard", "rather discard"
_GIVES_BEFORE = re.compile(r"\b(?:call|name|rename|use|called|named|meant|rather|prefer|with|say|try|about|want)\b"
                           r"(?:\s+(?:it|this|that|them))?(?:\s+to)?\W*$", re.I)
_GIVES_AFTER = re.compile(r"^\W*(?:instead|please|(?:would|will|might|does)?\s*(?:read|reads|sound|sounds|look|looks"
                          r"|be|is|fit|fits)\s+better)\b", re.I)


def _codelike(word: str) -> bool:
    return _looks_like_code(word, False) or word.startswith("__")


def _gives(note: str, term: _Term, whole: bool = False) -> bool:
    """Whether a note's one term is what it gives in place of the instruction's: a value, a quoted
    span or a name that looks like code, a plain word after a naming word ("call it discard",
    "discard instead") or alone in the whole note (`whole`: "handler?"), never one in a sentence
    about something else ("keep the old one as an alias")."""
    if term.kind != "name" or term.quoted or _codelike(term.text):
        return True
    if whole and note.strip(" ?.!") == term.text:
        return True
    return bool(_GIVES_BEFORE.search(note[:term.start]) or _GIVES_AFTER.search(note[term.end:]))


def _implied(new: _Term, instruction: str, code: str, patch: str) -> _Term | None:
    """The term of `instruction` that a note giving only `new` replaces (`read_correction`)."""
    said = _uncontracted(instruction)  # "fetch()'s signature": no name `s`

    def candidates(words: frozenset[str]) -> list[_Term]:
        found: dict[str, _Term] = {}
        for term in _terms(said, words):
            inner = [term]
            if term.kind == "text" and term.quoted and " " not in term.text:  # `verbose=False`: its names and values
                inner = [_Term(t.kind, t.text, term.start, term.end, True) for t in _terms(term.text.strip("`'\""), words)]
            for each in inner:
                # `None` in "return None" is no value a note renames, nor `len` a name
                if (each.kind == new.kind and each.text != new.text and each.text not in _PYTHON_NAMES - _VALUE_WORDS
                        and not (each.kind == "value" and new.text[-1].isdigit() != each.text[-1].isdigit())):  # fmt: skip
                    found.setdefault(each.text, each)
        return list(found.values())

    # a word of the instruction's that the draft wrote as code is a name, a verb or not
    # ("rename the delete method to remove")
    added, removed = _patch_lines(patch, "+"), _patch_lines(patch, "-")
    wrote = [term for term in candidates(_GLUE_WORDS) if _term_at(added, term) and not _term_at(removed, term)]
    if len(wrote) == 1:
        return wrote[0]

    # the new name, value or text the instruction asks for: the files lack it (a dotted name's
    # last part); a bare English word ("everywhere it's used") is no name unless it looks like
    # code, is quoted, or stands where a rename puts the new name ("tmp -> buffer")
    def slot(term: _Term) -> bool:
        return re.search(r"(?:\bto|->|=>|→|\binto|\bas)\W*$", said[:term.start]) is not None

    def fresh(term: _Term) -> bool:
        if term.kind == "name" and re.search(rf"(?<!\w){re.escape(term.text.rsplit('.', 1)[-1])}(?!\w)", code):
            return False
        if term.kind != "name" and _term_at(code, term):
            return False
        return term.kind != "name" or term.quoted or _codelike(term.text) or slot(term)

    named = candidates(_NOTE_WORDS)
    after = _DOC_AFTER.search(said)  # "Add a docstring to restock: Refill one slot ...": that text
    if new.kind == "text" and not any(term.kind == "text" for term in named) and after:
        return _Term("text", after.group(1), after.start(1), after.end(1), True)
    found = [term for term in named if fresh(term)]
    if len(found) > 1:  # "to Carriage, that's what the booking UI calls them": the one where a rename puts it
        found = [term for term in found if slot(term)] or found
    if len(found) > 1:  # "easy to mix up ... rename the dataclass field to `storage_unit`": the one written as code
        found = [term for term in found if term.quoted or _codelike(term.text)] or found
    if len(found) == 1:
        return found[0]
    # none the files lack (`items`, where `.items()` is called): the one where a rename puts its new name
    found = [term for term in named if slot(term)] if not found else []
    return found[0] if len(found) == 1 else None


def apply_correction(instruction: str, correction: Correction) -> str:
    """`instruction` with the correction's `old` written `new` wherever it stands as a term of its
    own; a dotted name given a plain one keeps its scope (`self.items`, "entries": `self.entries`);
    in `old=old` (passing a parameter on under its own keyword, "pass it on as day=day") the
    keyword is the callee's and stays: `day=value_date`."""
    old, new = correction.old, correction.new
    kind = _kind(old)
    if kind == "name" and _kind(new) == "text" and not re.search(r"[\"'`]", new):
        new = f'"{new}"'  # "default to semicolons", note '... a tab ("\t") instead': the literal, quoted
    if kind == "name" and "." in old and "." not in new:
        new = old.rsplit(".", 1)[0] + "." + new
    out, at = [], 0
    for match in _term_at(instruction, _Term(kind, old)):
        if kind == "name" and re.match(rf"={re.escape(old)}(?!\w)", instruction[match.end():]):
            continue
        out += [instruction[at:match.start()], new]
        at = match.end()
    return "".join(out) + instruction[at:]


def corrected_instruction(instruction: str, feedback: str, code: str) -> tuple[str, list[Correction], list[str]]:
    """The instruction with the reviewer's notes in a redraft's `feedback` (`redraft_feedback`)
    that read as corrections of it applied in order (`read_correction`; each note once, with the
    hunks it was left on): (the instruction corrected, the corrections, the notes that read as
    none). The builtin pair follows a corrected instruction where it rarely follows a note beside
    it (run 15: 0 of 9 hand-written redrafts)."""
    patches: dict[str, list[str]] = {}
    for note, patch in _feedback_items(feedback):
        if note.strip():
            patches.setdefault(note.strip(), []).append(patch)
    corrections, unread = [], []
    for note, hunks in patches.items():
        correction = read_correction(note, instruction, code, "".join(hunks))
        if correction is None:
            unread.append(note)
            continue
        instruction = apply_correction(instruction, correction)
        corrections.append(correction)
    return instruction, corrections, unread


# What an instruction asks plainly, in the order the app asks it (the first that reads it wins):
# EditRequester._asked_edit, and the task sets' tests of each reader
ASKED_READERS = (asked_rename, asked_value, asked_import, asked_deletion, asked_parameter_removal, asked_parameter,
                 asked_wrap, asked_hints, asked_docstring, asked_insertion)  # fmt: skip
