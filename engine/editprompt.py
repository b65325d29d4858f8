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
import re
import sys
from collections.abc import Sequence

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


# a note on a rejected hunk (`redraft_feedback`), with the hunk; a note alone (the app's redraft
# of files without a rejected hunk: specdraft.drafting.flow)
_NOTE = re.compile(r" and said: (.*?)\n```diff\n(.*?)```|^The reviewer's note: (.*)$", re.S | re.M)


def feedback_notes(feedback: str) -> str:
    """What the reviewer said in a redraft's feedback (`redraft_feedback`), one note a line: not
    the diffs it quotes, nor its own words around them (a path there is no name the edit is about)."""
    notes = (match.group(1) if match.group(3) is None else match.group(3).strip() for match in _NOTE.finditer(feedback))
    return "\n".join(notes)


_STDLIB = frozenset(sys.stdlib_module_names) - {"this", "antigravity", "test", "idlelib", "turtledemo", "__future__"}


_IMPORT_CUE = re.compile(r"\bimport(?:s|ed)?\b|\bpull\b.*\bin\b|\bbring\b.*\bin\b|\bneed\b|\bwe'?ll\s+use\b", re.I)


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
