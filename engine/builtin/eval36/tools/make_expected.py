"""Builds expected/*.py and tasks.toml for the eval36 held-out set from explicit string edits."""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"


def rename(name, new, count):
    return ("re", name, new, count)


def sub(old, new, count=1):
    return ("s", old, new, count)


def apply(text, edits):
    for kind, old, new, count in edits:
        if kind == "re":
            pat = r"\b" + re.escape(old) + r"\b"
            found = len(re.findall(pat, text))
            assert found == count, (old, found, count)
            text = re.sub(pat, new, text)
        else:
            found = text.count(old)
            assert found == count, (old, found, count)
            text = text.replace(old, new)
    return text


T = []


def task(mod, tid, kind, instruction, edits, tokens=None, keep=0, scope=None, note=None, note_edits=None):
    T.append(dict(mod=mod, id=tid, kind=kind, instruction=instruction, edits=edits, tokens=tokens,
                  keep=keep, scope=scope, note=note, note_edits=note_edits))


# ---------------- ferry_timetable.py
M = "ferry_timetable.py"
task(M, "ferry-rename-round-trip-minutes", "rename_function",
     "Rename the function `round_trip_minutes` to `cycle_minutes`.",
     [rename("round_trip_minutes", "cycle_minutes", 2)],
     tokens=["round_trip_minutes", "cycle_minutes"], scope=["round_trip_minutes", "sailing_times"],
     note="Call the function `round_trip_duration`, not `cycle_minutes`.",
     note_edits=[rename("round_trip_minutes", "round_trip_duration", 2)])
task(M, "ferry-rename-departures-from", "rename_method",
     "Rename the method `Timetable.departures_from` to `open_departures`.",
     [rename("departures_from", "open_departures", 2)],
     tokens=["departures_from", "open_departures"], scope=["Timetable.departures_from", "next_departure"])
task(M, "ferry-rename-sailing-class", "rename_class",
     "Rename the class `Sailing` to `Crossing` everywhere in the module.",
     [rename("Sailing", "Crossing", 6)],
     tokens=["Sailing", "Crossing"], scope=["Sailing", "Timetable", "next_departure"])
task(M, "ferry-rename-current-variable", "rename_variable",
     "In `sailing_times`, rename the local variable `current` to `cursor`.",
     [rename("current", "cursor", 4)],
     tokens=["current", "cursor"], scope=["sailing_times"])
task(M, "ferry-rename-crossing-parameter", "rename_parameter",
     "Rename the `crossing` parameter of `round_trip_minutes` to `crossing_time`.",
     [sub("def round_trip_minutes(crossing: int", "def round_trip_minutes(crossing_time: int"),
      sub("return 2 * (crossing + turnaround)", "return 2 * (crossing_time + turnaround)"),
      sub("round_trip_minutes(crossing=crossing)", "round_trip_minutes(crossing_time=crossing)")],
     tokens=["crossing", "crossing_time"], keep=2, scope=["round_trip_minutes", "sailing_times"])
task(M, "ferry-rename-turnaround-constant", "rename_constant",
     "Rename the constant `TURNAROUND_MINUTES` to `DWELL_MINUTES`.",
     [rename("TURNAROUND_MINUTES", "DWELL_MINUTES", 2)],
     tokens=["TURNAROUND_MINUTES", "DWELL_MINUTES"])
task(M, "ferry-rename-notices-attribute", "rename_attribute",
     "Rename the `notices` attribute of `Timetable` to `bulletins`.",
     [sub("self.notices", "self.bulletins", 3)],
     tokens=["notices", "bulletins"], scope=["Timetable"])
task(M, "ferry-cancelled-label-literal", "change_literal",
     'In `Sailing.label`, change the string `" (cancelled)"` to `" [cancelled]"`.',
     [sub('" (cancelled)"', '" [cancelled]"')],
     tokens=['" (cancelled)"', '" [cancelled]"'], scope=["Sailing.label"])
task(M, "ferry-crossing-minutes-value", "change_constant",
     "Set `CROSSING_MINUTES` to 40.",
     [sub("CROSSING_MINUTES = 35", "CROSSING_MINUTES = 40")],
     tokens=["35", "40"])

# ---------------- falconry_weights.py
M = "falconry_weights.py"
task(M, "falconry-rename-loaded-variable", "rename_variable",
     "Rename the local variable `loaded` in `load_weighings` to `row_count`.",
     [rename("loaded", "row_count", 3)],
     tokens=["loaded", "row_count"], scope=["load_weighings"])
task(M, "falconry-rename-window-parameter", "rename_parameter",
     "Rename the parameter `window` of `weight_trend` to `span`.",
     [rename("window", "span", 3)],
     tokens=["window", "span"], scope=["weight_trend"])
task(M, "falconry-rename-weight-unit", "rename_constant",
     "Rename `WEIGHT_UNIT` to `MASS_UNIT` throughout the module.",
     [rename("WEIGHT_UNIT", "MASS_UNIT", 3)],
     tokens=["WEIGHT_UNIT", "MASS_UNIT"])
task(M, "falconry-rename-target-attribute", "rename_attribute",
     "Rename the attribute `target` on `Bird` to `target_grams`.",
     [sub("self.target ", "self.target_grams ", 2), sub("self.target:", "self.target_grams:", 1),
      sub("self.target)", "self.target_grams)", 1)],
     tokens=["target", "target_grams"], scope=["Bird"])
task(M, "falconry-flying-today-literal", "change_literal",
     'In `daily_report`, change the string `"Flying today: "` to `"Cleared to fly: "`.',
     [sub('"Flying today: "', '"Cleared to fly: "')],
     tokens=['"Flying today: "', '"Cleared to fly: "'], scope=["daily_report"])
task(M, "falconry-margin-value", "change_constant",
     "Change `FLYING_WEIGHT_MARGIN` from 0.05 to 0.04.",
     [sub("FLYING_WEIGHT_MARGIN = 0.05", "FLYING_WEIGHT_MARGIN = 0.04")],
     tokens=["0.05", "0.04"],
     note="Make the margin 0.03 instead of 0.04.",
     note_edits=[sub("FLYING_WEIGHT_MARGIN = 0.05", "FLYING_WEIGHT_MARGIN = 0.03")])
task(M, "falconry-delimiter-default", "change_default",
     'Make the default `delimiter` of `load_weighings` `";"` instead of `","`.',
     [sub('delimiter=","', 'delimiter=";"')],
     tokens=['","', '";"'], scope=["load_weighings"])
task(M, "falconry-add-include-flying", "add_parameter",
     "Add a parameter `include_flying` with default `True` to the end of `daily_report`'s parameters.",
     [sub("def daily_report(mews, unit=WEIGHT_UNIT):", "def daily_report(mews, unit=WEIGHT_UNIT, include_flying=True):")],
     scope=["daily_report"])
task(M, "falconry-remove-verbose", "remove_parameter",
     "Remove the unused `verbose` parameter from `describe_bird`, along with the argument passed for it.",
     [sub("def describe_bird(bird, unit=WEIGHT_UNIT, verbose=False):", "def describe_bird(bird, unit=WEIGHT_UNIT):"),
      sub("describe_bird(mews.birds[name], unit=unit, verbose=True)", "describe_bird(mews.birds[name], unit=unit)")],
     scope=["describe_bird", "daily_report"])

# ---------------- glass_cutting.py
M = "glass_cutting.py"
task(M, "glass-rename-rejected-attribute", "rename_attribute",
     "Rename the `rejected` attribute of `CuttingPlan` to `oversized`.",
     [rename("rejected", "oversized", 4)],
     tokens=["rejected", "oversized"], scope=["CuttingPlan", "plan_summary"])
task(M, "glass-code-fallback-literal", "change_literal",
     'In `GlassPiece.code`, replace the fallback string `"X"` with `"?"`.',
     [sub('self.colour, "X")', 'self.colour, "?")')],
     tokens=['"X"', '"?"'], scope=["GlassPiece.code"])
task(M, "glass-kerf-value", "change_constant",
     "Set `KERF_MM` to 3.",
     [sub("KERF_MM = 2", "KERF_MM = 3")],
     tokens=["2", "3"], keep=1)
task(M, "glass-separator-default", "change_default",
     'Change the default of `separator` in `plan_summary` from `" | "` to `"; "`.',
     [sub('separator=" | "', 'separator="; "')],
     tokens=['" | "', '"; "'], scope=["plan_summary"])
task(M, "glass-add-minimum-sheets", "add_parameter",
     "Add a `minimum_sheets=1` parameter at the end of the parameter list of `sheets_for_area`.",
     [sub("sheet_area=SHEET_WIDTH_MM * SHEET_HEIGHT_MM):", "sheet_area=SHEET_WIDTH_MM * SHEET_HEIGHT_MM, minimum_sheets=1):")],
     scope=["sheets_for_area"])
task(M, "glass-remove-validate", "remove_parameter",
     "Remove the parameter `validate` from `load_pieces` and the `validate=` argument at its call site.",
     [sub('def load_pieces(path, default_colour="opal", validate=True):', 'def load_pieces(path, default_colour="opal"):'),
      sub("load_pieces(path, validate=strict)", "load_pieces(path)")],
     scope=["load_pieces", "build_plan"])
task(M, "glass-area-docstring", "add_docstring",
     "Give `GlassPiece.area` the docstring \"Return the piece's area in square millimetres.\"",
     [sub("    def area(self):\n", "    def area(self):\n        \"\"\"Return the piece's area in square millimetres.\"\"\"\n")],
     scope=["GlassPiece.area"])
task(M, "glass-sheets-type-hints", "add_type_hints",
     "Annotate `sheets_for_area` with `area_mm2: float`, `allowance: float`, `sheet_area: int` and an `int` return type.",
     [sub("def sheets_for_area(area_mm2, allowance=WASTE_ALLOWANCE, sheet_area=SHEET_WIDTH_MM * SHEET_HEIGHT_MM):",
          "def sheets_for_area(area_mm2: float, allowance: float = WASTE_ALLOWANCE, sheet_area: int = SHEET_WIDTH_MM * SHEET_HEIGHT_MM) -> int:")],
     scope=["sheets_for_area"])
task(M, "glass-load-pieces-try", "wrap_try_except",
     "In `load_pieces`, wrap `data = json.loads(Path(path).read_text())` in a try/except `json.JSONDecodeError` that returns `[]`.",
     [sub("    data = json.loads(Path(path).read_text())\n",
          "    try:\n        data = json.loads(Path(path).read_text())\n    except json.JSONDecodeError:\n        return []\n")],
     scope=["load_pieces"])

# ---------------- balloon_manifest.py
M = "balloon_manifest.py"
task(M, "balloon-indent-default", "change_default",
     "Change the default `indent` of `export_manifest` from 2 to 4.",
     [sub("def export_manifest(manifest, path, indent=2):", "def export_manifest(manifest, path, indent=4):")],
     tokens=["2", "4"], scope=["export_manifest"],
     note="An indent of 4 is too wide; the default should be 3.",
     note_edits=[sub("def export_manifest(manifest, path, indent=2):", "def export_manifest(manifest, path, indent=3):")])
task(M, "balloon-add-dry-run", "add_parameter",
     "Add a parameter `dry_run=False` at the end of `build_manifest`'s parameters.",
     [sub("def build_manifest(flight_id, pilot, records, launch_site=DEFAULT_LAUNCH_SITE):",
          "def build_manifest(flight_id, pilot, records, launch_site=DEFAULT_LAUNCH_SITE, dry_run=False):")],
     scope=["build_manifest"])
task(M, "balloon-remove-strict", "remove_parameter",
     "Remove the `strict` parameter from `parse_passenger` and the `strict=True` argument where it is called.",
     [sub("def parse_passenger(record, default_age=30, strict=False):", "def parse_passenger(record, default_age=30):"),
      sub("parse_passenger(record, strict=True)", "parse_passenger(record)")],
     scope=["parse_passenger", "build_manifest"])
task(M, "balloon-spare-capacity-docstring", "add_docstring",
     "Add the docstring \"Return how many kilograms the basket can still take.\" to `Manifest.spare_capacity`.",
     [sub("    def spare_capacity(self):\n",
          "    def spare_capacity(self):\n        \"\"\"Return how many kilograms the basket can still take.\"\"\"\n")],
     scope=["Manifest.spare_capacity"])
task(M, "balloon-parse-passenger-hints", "add_type_hints",
     "Add type hints to `parse_passenger`: `record: dict`, `default_age: int`, `strict: bool`, returning `Passenger`.",
     [sub("def parse_passenger(record, default_age=30, strict=False):",
          "def parse_passenger(record: dict, default_age: int = 30, strict: bool = False) -> Passenger:")],
     scope=["parse_passenger"])
task(M, "balloon-board-try", "wrap_try_except",
     "In `build_manifest`, wrap `manifest.board(passenger)` in a try/except `ValueError` whose handler is `continue`.",
     [sub("        manifest.board(passenger)\n",
          "        try:\n            manifest.board(passenger)\n        except ValueError:\n            continue\n")],
     scope=["build_manifest"])
task(M, "balloon-import-logging", "add_import",
     "Add `import logging` to the imports.",
     [sub("import json\n", "import json\nimport logging\n")],
     scope=["<imports>"])
task(M, "balloon-log-manifest-closed", "insert_statement",
     'In `build_manifest`, add `manifest.log.append("manifest closed")` right before `return manifest`.',
     [sub("        manifest.board(passenger)\n    return manifest\n",
          "        manifest.board(passenger)\n    manifest.log.append(\"manifest closed\")\n    return manifest\n")],
     scope=["build_manifest"])
task(M, "balloon-drop-boarded-log", "delete_statement",
     'Delete the `self.log.append(f"boarded {passenger.name}")` line from `Manifest.board`.',
     [sub("        self.log.append(f\"boarded {passenger.name}\")\n", "")],
     scope=["Manifest.board"])

# ---------------- darts_fixtures.py
M = "darts_fixtures.py"
task(M, "darts-parse-result-docstring", "add_docstring",
     "Add the docstring \"Split a score like 5-4 into home and away legs.\" to `parse_result`.",
     [sub("def parse_result(text):\n", "def parse_result(text):\n    \"\"\"Split a score like 5-4 into home and away legs.\"\"\"\n")],
     scope=["parse_result"])
task(M, "darts-parse-result-hints", "add_type_hints",
     "Annotate `parse_result` so that `text` is a `str` and it returns `tuple[int, int]`.",
     [sub("def parse_result(text):", "def parse_result(text: str) -> tuple[int, int]:")],
     scope=["parse_result"])
task(M, "darts-parse-result-try", "wrap_try_except",
     'In `parse_result`, wrap `home_text, away_text = text.split("-")` in a try/except `ValueError` that does `return 0, 0`.',
     [sub("    home_text, away_text = text.split(\"-\")\n",
          "    try:\n        home_text, away_text = text.split(\"-\")\n    except ValueError:\n        return 0, 0\n")],
     scope=["parse_result"])
task(M, "darts-import-csv", "add_import",
     "Add `import csv` at the top of the import block.",
     [sub("import itertools\n", "import csv\nimport itertools\n")],
     scope=["<imports>"])
task(M, "darts-round-robin-list", "insert_statement",
     "Insert `teams = list(teams)` as the first statement of `round_robin`.",
     [sub("def round_robin(teams, seed=None, double=True):\n",
          "def round_robin(teams, seed=None, double=True):\n    teams = list(teams)\n")],
     scope=["round_robin"])
task(M, "darts-drop-shuffle", "delete_statement",
     "Remove the `rng.shuffle(pairs)` call from `round_robin`.",
     [sub("    rng.shuffle(pairs)\n", "")],
     scope=["round_robin"])
task(M, "darts-rename-round-robin", "rename_function",
     "Rename the function `round_robin` to `pair_teams`.",
     [rename("round_robin", "pair_teams", 2)],
     tokens=["round_robin", "pair_teams"], scope=["round_robin", "schedule_fixtures"])
task(M, "darts-rename-is-played", "rename_method",
     "Rename `Fixture.is_played` to `has_result`.",
     [rename("is_played", "has_result", 4)],
     tokens=["is_played", "has_result"], scope=["Fixture", "league_table"])
task(M, "darts-rename-fixture-class", "rename_class",
     "Rename the class `Fixture` to `Match`.",
     [rename("Fixture", "Match", 2)],
     tokens=["Fixture", "Match"], scope=["Fixture", "schedule_fixtures"])

# ---------------- kiln_log.py
M = "kiln_log.py"
task(M, "kiln-import-logging", "add_import",
     "Add an `import logging` line to the module's imports.",
     [sub("import json\n", "import json\nimport logging\n")],
     scope=["<imports>"])
task(M, "kiln-start-clears-readings", "insert_statement",
     "In `Firing.start`, add `self.readings = []` after the line that sets `self.started`.",
     [sub("        self.started = when or datetime.now()\n",
          "        self.started = when or datetime.now()\n        self.readings = []\n")],
     scope=["Firing.start"])
task(M, "kiln-drop-first-stage", "delete_statement",
     "Delete the `firing.add_stage(600, 100)` line from `standard_glaze_schedule`.",
     [sub("    firing.add_stage(600, 100)\n", "")],
     scope=["standard_glaze_schedule"])
task(M, "kiln-rename-estimate-hours", "rename_function",
     "Rename the function `estimate_hours` to `schedule_hours`.",
     [rename("estimate_hours", "schedule_hours", 2)],
     tokens=["estimate_hours", "schedule_hours"], scope=["estimate_hours", "Firing.expected_finish"])
task(M, "kiln-rename-peak-method", "rename_method",
     "Rename the `peak` method of `Firing` to `peak_temperature`.",
     [rename("peak", "peak_temperature", 3)],
     tokens=["peak", "peak_temperature"], scope=["Firing.peak", "firing_record"])
task(M, "kiln-rename-firing-stage", "rename_class",
     "Rename `FiringStage` to `Segment` throughout the module.",
     [rename("FiringStage", "Segment", 2)],
     tokens=["FiringStage", "Segment"], scope=["FiringStage", "Firing.add_stage"])
task(M, "kiln-rename-current-variable", "rename_variable",
     "In `estimate_hours`, rename the variable `current` to `previous_c`.",
     [rename("current", "previous_c", 3)],
     tokens=["current", "previous_c"], scope=["estimate_hours"])
task(M, "kiln-rename-start-c-parameter", "rename_parameter",
     "Rename the `start_c` parameter of `estimate_hours` to `ambient_c`.",
     [sub("def estimate_hours(stages, start_c=20):", "def estimate_hours(stages, ambient_c=20):"),
      sub("    current = start_c\n", "    current = ambient_c\n"),
      sub("estimate_hours(self.stages, start_c=room_c)", "estimate_hours(self.stages, ambient_c=room_c)")],
     tokens=["start_c", "ambient_c"], keep=2, scope=["estimate_hours", "Firing.expected_finish"])
task(M, "kiln-rename-cool-down-constant", "rename_constant",
     "Rename the constant `COOL_DOWN_HOURS` to `COOLING_HOURS`.",
     [rename("COOL_DOWN_HOURS", "COOLING_HOURS", 2)],
     tokens=["COOL_DOWN_HOURS", "COOLING_HOURS"],
     note="Please name it `COOLDOWN_HOURS` rather than `COOLING_HOURS`.",
     note_edits=[rename("COOL_DOWN_HOURS", "COOLDOWN_HOURS", 2)])


def q(s):
    return json.dumps(s, ensure_ascii=False)


out = []
for t in T:
    src = (MOD / t["mod"]).read_text()
    after = apply(src, t["edits"])
    assert after != src
    compile(after, t["id"], "exec")
    (EXP / f"{t['id']}.py").write_text(after)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'])}", f"instruction = {q(t['instruction'])}",
             f"expected = {q('expected/' + t['id'] + '.py')}"]
    if t["tokens"]:
        lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
        lines.append(f"keep = {t['keep']}")
    if t["scope"]:
        lines.append("scope = [" + ", ".join(q(s) for s in t["scope"]) + "]")
    if t["note"]:
        alt = apply(src, t["note_edits"])
        compile(alt, t["id"] + "-after-note", "exec")
        (EXP / f"{t['id']}.after-note.py").write_text(alt)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines))

(ROOT / "tasks.toml").write_text(
    "# Held-out edit tasks (eval36): 6 modules, 54 tasks, 3 per kind; see README.md\n\n" + "\n\n".join(out) + "\n")
print(len(T), "tasks")
