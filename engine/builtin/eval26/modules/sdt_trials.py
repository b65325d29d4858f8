"""Scoring for sheepdog trials: outrun, lift, fetch, drive, shed and pen."""

import json
from dataclasses import dataclass, field
from pathlib import Path

PHASE_MAXIMUMS = {
    "outrun": 20,
    "lift": 10,
    "fetch": 20,
    "drive": 30,
    "shed": 10,
    "pen": 10,
}
COURSE_TIME_LIMIT_S = 900


@dataclass
class Run:
    handler: str
    dog: str
    deductions: dict[str, int] = field(default_factory=dict)
    elapsed_s: int = 0
    retired: bool = False


def phase_score(run, phase):
    maximum = PHASE_MAXIMUMS[phase]
    lost = run.deductions.get(phase, 0)
    return max(0, maximum - lost)


def total_score(run: Run) -> int:
    if run.retired:
        return 0
    return sum(phase_score(run, phase) for phase in PHASE_MAXIMUMS)


def over_time(run: Run, limit_s: int = 900) -> bool:
    return run.elapsed_s > limit_s


def record_deduction(run: Run, phase: str, points: int, judge: str) -> None:
    if phase not in PHASE_MAXIMUMS:
        raise ValueError(f"unknown phase: {phase}")
    run.deductions[phase] = run.deductions.get(phase, 0) + points


def rank_runs(runs: list[Run]) -> list[Run]:
    scored = [run for run in runs if not run.retired]
    scored.sort(key=lambda run: (-total_score(run), run.elapsed_s))
    return scored


def format_result(run: Run, place: int, width: int = 24) -> str:
    name = f"{run.handler} with {run.dog}"
    return f"{place:>2}. {name:<{width}} {total_score(run):>3}"


def load_runs(path: Path) -> list[Run]:
    raw = json.loads(path.read_text())
    runs = []
    for entry in raw:
        runs.append(Run(entry["handler"], entry["dog"], entry.get("deductions", {})))
    return runs


def save_results(runs: list[Run], path: Path) -> None:
    rows = [{"handler": run.handler, "dog": run.dog, "score": total_score(run)} for run in runs]
    path.write_text(json.dumps(rows, indent=2))


def median_score(runs: list[Run]) -> float:
    scores = [total_score(run) for run in runs if not run.retired]
    if not scores:
        return 0.0
    return statistics.median(scores)


def retire(run: Run, reason: str) -> None:
    print(f"retiring {run.dog}: {reason}")
    run.retired = True
    run.deductions.clear()


def shed_attempts_allowed(class_name: str) -> int:
    if class_name == "open":
        return 2
    return 3


def results_table(runs: list[Run], top: int = 10) -> list[str]:
    ranked = rank_runs(runs)
    lines = []
    for place, run in enumerate(ranked[:top], start=1):
        lines.append(format_result(run, place))
    return lines


def judge_sheet(run: Run, judge: str) -> dict[str, int]:
    sheet = {}
    for phase in PHASE_MAXIMUMS:
        sheet[phase] = phase_score(run, phase)
    sheet["total"] = total_score(run)
    return sheet


def enter_scores(run: Run, sheet: dict[str, int]) -> None:
    for phase, points in sheet.items():
        record_deduction(run, phase, points, judge="head")
