"""`specdraft bench reading`: the model reading an instruction into operations, phase by phase.

On a Python file of about ``--lines`` lines (the builtin task sets' modules, joined), for each of a
few instructions: the outline and its grammar (app), the grammar compiled against the tokenizer
(llguidance), and the model's answer under it (prompt and decoding), with the answer's tokens.
Medians over ``--repeat`` runs, after one warm-up; ``--json`` for machines. The goal of issue 38:
an operation read in <= 0.3 s of model time for a 300-line file, on a laptop CPU.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

INSTRUCTIONS = (
    "rename {function} to {function}_v2",
    "set {constant} to 42",
    "add a parameter verbose=False to {function}",
    "import functools",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default="builtin", help="a checkpoint directory, or builtin (default)")
    parser.add_argument("--lines", type=int, default=300, help="the file's length in lines (default 300)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")


def sample_file(lines: int) -> str:
    """About ``lines`` lines of real Python: the shipped task sets' modules, joined until long enough."""
    import specdraft.engine

    root = Path(specdraft.engine.__file__).resolve().parent / "builtin"
    parts, count = [], 0
    for module in sorted(root.glob("eval*/modules/*.py")):
        text = module.read_text(encoding="utf-8")
        parts.append(text)
        count += text.count("\n")
        if count >= lines:
            break
    return "\n\n".join(parts)


def run(args: argparse.Namespace) -> int:
    import ast

    from specdraft.drafting.opreading import answer_grammar, outline, reading_messages
    from specdraft.engine.grammar import GrammarConstraint
    from specdraft.engine.interface import collect
    from specdraft.engine.local import LocalBackend

    text = sample_file(args.lines)
    tree = ast.parse(text)
    function = next(n.name for n in tree.body if isinstance(n, ast.FunctionDef))
    constant = next(t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name))
    backend = LocalBackend(args.model)
    backend.load()
    tokenizer_json = (backend.path / "tokenizer.json").read_text(encoding="utf-8")
    rows = []
    for template in INSTRUCTIONS:
        instruction = template.format(function=function, constant=constant)
        times: dict[str, list[float]] = {"outline_s": [], "grammar_s": [], "model_s": []}
        answer, tokens, prompt = "", 0, 0
        for attempt in range(args.repeat + 1):
            started = time.perf_counter()
            found = outline([("sample.py", text)])
            grammar = answer_grammar(found)
            outlined = time.perf_counter()
            GrammarConstraint(grammar, tokenizer_json)
            compiled = time.perf_counter()
            answer, stats = collect(backend.stream(reading_messages(found, instruction), max_new_tokens=200, grammar=grammar))
            done = time.perf_counter()
            if attempt:  # the first is a warm-up
                times["outline_s"].append(outlined - started)
                times["grammar_s"].append(compiled - outlined)
                times["model_s"].append(done - compiled)
            tokens, prompt = stats.new_tokens, stats.prompt_tokens
        rows.append({"instruction": instruction, "answer": answer, "prompt_tokens": prompt, "answer_tokens": tokens,
                     **{name: round(statistics.median(values), 4) for name, values in times.items()}})  # fmt: skip
    report = {"model": backend.name, "file_lines": text.count("\n") + 1, "repeat": args.repeat, "rows": rows}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{backend.name}, a {report['file_lines']}-line file, medians of {args.repeat} runs (s):")
    print(f"{'instruction':<44} {'outline':>8} {'grammar':>8} {'model':>8} {'prompt':>7} {'answer':>7}")
    for row in rows:
        print(f"{row['instruction'][:44]:<44} {row['outline_s']:>8.3f} {row['grammar_s']:>8.3f} {row['model_s']:>8.3f} "
              f"{row['prompt_tokens']:>7} {row['answer_tokens']:>7}  {row['answer'][:60]}")  # fmt: skip
    return 0
