import ast, json, re, difflib, sys
from pathlib import Path

ROOT = Path("/tmp/fresh7/eval54")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def src(name):
    return (MOD / name).read_text()

def span(s, qual):
    """line range (1-based, inclusive) of a function, method or class."""
    tree = ast.parse(s)
    parts = qual.split(".")
    body = tree.body
    node = None
    for p in parts:
        node = next(n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == p)
        body = node.body
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return start, node.end_lineno

def sub_lines(s, pattern, repl, qual=None, count=None):
    lines = s.splitlines(keepends=True)
    a, b = (1, len(lines)) if qual is None else span(s, qual)
    n = 0
    for i in range(a - 1, b):
        new, k = re.subn(pattern, repl, lines[i])
        lines[i] = new
        n += k
    if count is not None:
        assert n == count, (pattern, n, count)
    assert n > 0, pattern
    return "".join(lines), n

def rep(s, old, new, count=1):
    assert s.count(old) == count, (old, s.count(old))
    return s.replace(old, new)

def word_count(s, w):
    import io, tokenize
    return sum(1 for t in tokenize.generate_tokens(io.StringIO(s).readline) if t.type == tokenize.NAME and t.string == w)
    return len(re.findall(r"(?<![\w.])%s\b" % re.escape(w), s)) + len(re.findall(r"\.%s\b" % re.escape(w), s))

TASKS = []

def task(tid, kind, source, instruction, new_text, tokens=None, keep=None, scope=None, note=None, after=None):
    exp = EXP / f"{tid}.py"
    exp.write_text(new_text)
    ast.parse(new_text)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{source}",
         "instruction": instruction, "expected": f"expected/{tid}.py"}
    if tokens is not None:
        t["tokens"] = tokens
        if keep:
            t["keep"] = keep
    if scope is not None:
        t["scope"] = scope
    if note is not None:
        (EXP / f"{tid}.after-note.py").write_text(after)
        ast.parse(after)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    TASKS.append(t)

def rename_all(s, old, new):
    out, n = sub_lines(s, r"\b%s\b" % re.escape(old), new)
    return out

# ---------------------------------------------------------------- bagel_oven_rota
F = "bagel_oven_rota.py"; s = src(F)
task("bagel-rename-batch-minutes", "rename_function", F,
     "Rename the function batch_minutes to bake_run_minutes.",
     rename_all(s, "batch_minutes", "bake_run_minutes"), tokens=["batch_minutes", "bake_run_minutes"],
     note="Call the function rack_minutes instead of bake_run_minutes.",
     after=rename_all(s, "batch_minutes", "rack_minutes"))
task("bagel-rename-eligible-bakers", "rename_method", F,
     "Rename the method OvenRota.eligible_bakers to available_bakers.",
     rename_all(s, "eligible_bakers", "available_bakers"), tokens=["eligible_bakers", "available_bakers"],
     scope=["OvenRota"])
task("bagel-rename-oven-rota-class", "rename_class", F,
     "Rename the class OvenRota to DeckRota.",
     rename_all(s, "OvenRota", "DeckRota"), tokens=["OvenRota", "DeckRota"], scope=["OvenRota"])
t, _ = sub_lines(s, r"\bcandidates\b", "options", qual="OvenRota.assign", count=3)
task("bagel-rename-candidates", "rename_variable", F,
     "In OvenRota.assign, rename the local variable candidates to options.",
     t, tokens=["candidates", "options"], scope=["OvenRota.assign"])
t, _ = sub_lines(s, r"\bslot\b", "slot_index", qual="OvenRota.assign", count=2)
t = rep(t, "rota.assign(deck, day, slot=slot)", "rota.assign(deck, day, slot_index=slot)")
task("bagel-rename-slot-param", "rename_parameter", F,
     "Rename the slot parameter of OvenRota.assign to slot_index.",
     t, tokens=["slot", "slot_index"], keep=word_count(s, "slot") - 3, scope=["OvenRota.assign", "fill_week"])
task("bagel-rename-max-shifts", "rename_constant", F,
     "Rename the constant MAX_SHIFTS_PER_WEEK to WEEKLY_SHIFT_LIMIT.",
     rename_all(s, "MAX_SHIFTS_PER_WEEK", "WEEKLY_SHIFT_LIMIT"), tokens=["MAX_SHIFTS_PER_WEEK", "WEEKLY_SHIFT_LIMIT"])
t, _ = sub_lines(s, r"self\.start_time\b", "self.first_bake_time", count=2)
task("bagel-rename-start-time-attr", "rename_attribute", F,
     "Rename the attribute self.start_time on OvenRota to self.first_bake_time.",
     t, tokens=["start_time", "first_bake_time"], keep=word_count(s, "start_time") - 2, scope=["OvenRota"])
task("bagel-literal-no-bakes", "change_literal", F,
     'In format_sheet, change the string "  (no bakes booked)" to "  (oven idle)".',
     rep(s, '"  (no bakes booked)"', '"  (oven idle)"'), tokens=['"  (no bakes booked)"', '"  (oven idle)"'],
     scope=["format_sheet"])
task("bagel-shift-hours-8", "change_constant", F,
     "Set SHIFT_HOURS to 8.",
     rep(s, "SHIFT_HOURS = 6\n", "SHIFT_HOURS = 8\n"), tokens=["6", "8"], keep=1)

# ---------------------------------------------------------------- hut_supply_drops
F = "hut_supply_drops.py"; s = src(F)
t, _ = sub_lines(s, r"\bshortfall\b", "deficit", qual="plan_drop", count=2)
task("hut-rename-shortfall", "rename_variable", F,
     "Rename the variable shortfall in plan_drop to deficit.",
     t, tokens=["shortfall", "deficit"], scope=["plan_drop"])
t, _ = sub_lines(s, r"\blimit\b", "max_gust", qual="flyable", count=2)
t = rep(t, "flyable(forecast, limit=limit)", "flyable(forecast, max_gust=limit)")
task("hut-rename-limit-param", "rename_parameter", F,
     "Rename the limit parameter of flyable to max_gust.",
     t, tokens=["limit", "max_gust"], keep=word_count(s, "limit") - 3, scope=["flyable", "next_window"])
task("hut-rename-reorder-days", "rename_constant", F,
     "Rename REORDER_DAYS to REORDER_HORIZON_DAYS.",
     rename_all(s, "REORDER_DAYS", "REORDER_HORIZON_DAYS"), tokens=["REORDER_DAYS", "REORDER_HORIZON_DAYS"])
t, n = sub_lines(s, r"\.unit_kg\b", ".unit_weight_kg", count=3)
task("hut-rename-unit-kg-attr", "rename_attribute", F,
     "Rename the StockItem attribute unit_kg to unit_weight_kg.",
     t, tokens=["unit_kg", "unit_weight_kg"], keep=word_count(s, "unit_kg") - 3,
     scope=["StockItem.__init__", "SupplyDrop.total_kg", "SupplyDrop.manifest"])
task("hut-literal-gust-key", "change_literal", F,
     'In flyable, change the key "gust_kmh" to "gust_speed_kmh".',
     rep(s, '"gust_kmh"', '"gust_speed_kmh"'), tokens=['"gust_kmh"', '"gust_speed_kmh"'], scope=["flyable"])
task("hut-sling-kg-1000", "change_constant", F,
     "Change MAX_SLING_KG from 900 to 1000.",
     rep(s, "MAX_SLING_KG = 900\n", "MAX_SLING_KG = 1000\n"), tokens=["900", "1000"],
     note="The sling limit should be 950 kilograms, not 1000.",
     after=rep(s, "MAX_SLING_KG = 900\n", "MAX_SLING_KG = 950\n"))
task("hut-cover-days-21", "change_default", F,
     "Make the default of cover_days in plan_drop 21.",
     rep(s, "cover_days=30", "cover_days=21"), tokens=["30", "21"], scope=["plan_drop"])
task("hut-manifest-show-slings", "add_parameter", F,
     "Add a parameter show_slings with default True to SupplyDrop.manifest.",
     rep(s, "def manifest(self, catalogue):", "def manifest(self, catalogue, show_slings=True):"),
     scope=["SupplyDrop.manifest"])
t = rep(s, 'def plan_drop(catalogue, forecasts, pilot, today=None, cover_days=30, note=""):',
        "def plan_drop(catalogue, forecasts, pilot, today=None, cover_days=30):")
t = rep(t, 'plan_drop(catalogue, forecasts, pilot, today=today, note="auto")',
        "plan_drop(catalogue, forecasts, pilot, today=today)")
task("hut-remove-note-param", "remove_parameter", F,
     "Remove the unused note parameter from plan_drop.",
     t, scope=["plan_drop", "schedule"])

# ---------------------------------------------------------------- diveboard_scores
F = "diveboard_scores.py"; s = src(F)
t, _ = sub_lines(s, r"\.club\b", ".home_club", count=2)
task("dive-rename-club-attr", "rename_attribute", F,
     "Rename the Diver attribute club to home_club.",
     t, tokens=["club", "home_club"], keep=word_count(s, "club") - 1,
     scope=["Diver.__init__", "Competition.results_table"])
task("dive-total-round-1", "change_literal", F,
     "In Diver.total, round to 1 decimal place instead of 2.",
     rep(s, "return round(sum(self.dive_points(dive) for dive in self.dives), 2)",
         "return round(sum(self.dive_points(dive) for dive in self.dives), 1)"), tokens=["2", "1"], keep=2, scope=["Diver.total"])
task("dive-judge-panel-7", "change_constant", F,
     "Change JUDGE_PANEL to 7.",
     rep(s, "JUDGE_PANEL = 5\n", "JUDGE_PANEL = 7\n"), tokens=["5", "7"], keep=2)
task("dive-width-30", "change_default", F,
     "Change the default width in Competition.results_table from 24 to 30.",
     rep(s, "width=24", "width=30"), tokens=["24", "30"], scope=["Competition.results_table"],
     note="Make the default width 28 rather than 30.",
     after=rep(s, "width=24", "width=28"))
task("dive-best-dive-height", "add_parameter", F,
     "Add a height parameter defaulting to None to Diver.best_dive.",
     rep(s, "def best_dive(self):", "def best_dive(self, height=None):"), scope=["Diver.best_dive"])
t = rep(s, "def ranking(self, age_group=None, verbose=False):", "def ranking(self, age_group=None):")
t = rep(t, "self.ranking(age_group, verbose=True)", "self.ranking(age_group)")
task("dive-remove-verbose", "remove_parameter", F,
     "Drop the verbose parameter from Competition.ranking.",
     t, scope=["Competition.ranking", "Competition.results_table"])
task("dive-doc-parse-award", "add_docstring", F,
     'Give parse_award the docstring "Parse one judge\'s award and check it is on a half point."',
     rep(s, "def parse_award(raw):\n",
         'def parse_award(raw):\n    """Parse one judge\'s award and check it is on a half point."""\n'),
     scope=["parse_award"])
task("dive-hints-trimmed-total", "add_type_hints", F,
     "Annotate trimmed_total as (awards: list[float], drop: int = DROP_EACH_END) -> float.",
     rep(s, "def trimmed_total(awards, drop=DROP_EACH_END):",
         "def trimmed_total(awards: list[float], drop: int = DROP_EACH_END) -> float:"),
     scope=["trimmed_total"])
task("dive-try-parse-award", "wrap_try_except", F,
     'In parse_award, wrap value = float(raw) in a try/except ValueError that does raise ValueError(f"award is not a number: {raw}") from None.',
     rep(s, "    value = float(raw)\n",
         "    try:\n        value = float(raw)\n    except ValueError:\n"
         '        raise ValueError(f"award is not a number: {raw}") from None\n'),
     scope=["parse_award"])

# ---------------------------------------------------------------- tidepool_tours
F = "tidepool_tours.py"; s = src(F)
task("tide-discount-015", "change_default", F,
     "Set the default discount in ticket_price to 0.15.",
     rep(s, "discount=0.1)", "discount=0.15)"), tokens=["0.1", "0.15"], scope=["ticket_price"])
task("tide-find-tour-guide", "add_parameter", F,
     "Add a guide=None parameter to TourDay.find_tour.",
     rep(s, "def find_tour(self, when, pool=None):", "def find_tour(self, when, pool=None, guide=None):"),
     scope=["TourDay.find_tour"])
task("tide-remove-label", "remove_parameter", F,
     "Remove the label parameter from TourDay.schedule.",
     rep(s, 'def schedule(self, tide_path, pool_cycle=POOLS, label="tours"):',
         "def schedule(self, tide_path, pool_cycle=POOLS):"), scope=["TourDay.schedule"])
task("tide-doc-tour-slots", "add_docstring", F,
     'Add the docstring "Return tour start times spaced around one low water." to tour_slots.',
     rep(s, "def tour_slots(low_water, length=TOUR_MINUTES, margin=LOW_TIDE_MARGIN, spacing=15):\n",
         "def tour_slots(low_water, length=TOUR_MINUTES, margin=LOW_TIDE_MARGIN, spacing=15):\n"
         '    """Return tour start times spaced around one low water."""\n'),
     scope=["tour_slots"])
task("tide-hints-load-tide-times", "add_type_hints", F,
     'Add type hints to load_tide_times: path: str, key: str = "low_water", returning list[datetime].',
     rep(s, 'def load_tide_times(path, key="low_water"):',
         'def load_tide_times(path: str, key: str = "low_water") -> list[datetime]:'),
     scope=["load_tide_times"])
task("tide-try-json-load", "wrap_try_except", F,
     "In load_tide_times, wrap data = json.load(handle) in a try/except json.JSONDecodeError that returns [].",
     rep(s, "        data = json.load(handle)\n",
         "        try:\n            data = json.load(handle)\n        except json.JSONDecodeError:\n            return []\n"),
     scope=["load_tide_times"])
task("tide-import-logging", "add_import", F,
     "Add import logging right after import json.",
     rep(s, "import json\n", "import json\nimport logging\n"), scope=["<imports>"])
task("tide-insert-guides-line", "insert_statement", F,
     'In TourDay.day_report, insert lines.append(f"Guides on duty: {len(self.guides)}") just before the "Visitors booked" line is appended.',
     rep(s, '        lines.append(f"Visitors booked: {booked}")\n',
         '        lines.append(f"Guides on duty: {len(self.guides)}")\n        lines.append(f"Visitors booked: {booked}")\n'),
     scope=["TourDay.day_report"])
task("tide-delete-lows-sort", "delete_statement", F,
     "Delete the lows.sort() line from TourDay.schedule.",
     rep(s, "        lows.sort()\n", ""), scope=["TourDay.schedule"])

# ---------------------------------------------------------------- shearing_bookings
F = "shearing_bookings.py"; s = src(F)
task("shear-doc-next-free-day", "add_docstring", F,
     'Add the one-line docstring "Return the first unbooked day on or after the given date." to GangDiary.next_free_day.',
     rep(s, "    def next_free_day(self, after):\n",
         '    def next_free_day(self, after):\n        """Return the first unbooked day on or after the given date."""\n'),
     scope=["GangDiary.next_free_day"])
task("shear-hints-travel-cost", "add_type_hints", F,
     "Add type hints to travel_cost: distance_km: float, return_trip: bool = True, rate: float = TRAVEL_RATE_PER_KM, and return type float.",
     rep(s, "def travel_cost(distance_km, return_trip=True, rate=TRAVEL_RATE_PER_KM):",
         "def travel_cost(distance_km: float, return_trip: bool = True, rate: float = TRAVEL_RATE_PER_KM) -> float:"),
     scope=["travel_cost"])
task("shear-try-days-needed", "wrap_try_except", F,
     "In Booking.days_needed, wrap the return statement in a try/except ZeroDivisionError that returns 1.",
     rep(s, "        return max(1, math.ceil(self.farm.flock_size / per_day))\n",
         "        try:\n            return max(1, math.ceil(self.farm.flock_size / per_day))\n"
         "        except ZeroDivisionError:\n            return 1\n"),
     scope=["Booking.days_needed"])
task("shear-import-json", "add_import", F,
     "Add import json after import math.",
     rep(s, "import math\n", "import json\nimport math\n" if False else "import math\nimport json\n"), scope=["<imports>"])
task("shear-insert-confirm-note", "insert_statement", F,
     'In GangDiary.confirm, add booking.notes.append("confirmed") right after booking.confirmed = True.',
     rep(s, "                booking.confirmed = True\n",
         '                booking.confirmed = True\n                booking.notes.append("confirmed")\n'),
     scope=["GangDiary.confirm"])
task("shear-delete-clash-note", "delete_statement", F,
     'Delete the booking.notes.append(f"clashes with {clash.farm.name}") statement from GangDiary.book.',
     rep(s, '            booking.notes.append(f"clashes with {clash.farm.name}")\n', ""),
     scope=["GangDiary.book"])
task("shear-rename-shearing-cost", "rename_function", F,
     "Rename shearing_cost to shearing_fee.",
     rename_all(s, "shearing_cost", "shearing_fee"), tokens=["shearing_cost", "shearing_fee"])
task("shear-rename-overlaps", "rename_method", F,
     "Rename the GangDiary.overlaps method to find_clash.",
     rename_all(s, "overlaps", "find_clash"), tokens=["overlaps", "find_clash"], scope=["GangDiary"])
task("shear-rename-booking-class", "rename_class", F,
     "Rename the class Booking to FarmBooking.",
     rename_all(s, "Booking", "FarmBooking"), tokens=["Booking", "FarmBooking"])

# ---------------------------------------------------------------- hovercraft_crossings
F = "hovercraft_crossings.py"; s = src(F)
task("hover-import-logging", "add_import", F,
     "Add import logging after import csv.",
     rep(s, "import csv\n", "import csv\nimport logging\n"), scope=["<imports>"])
task("hover-insert-crew", "insert_statement", F,
     "In Sailing.__init__, add self.crew = 2 after self.held = False.",
     rep(s, "        self.held = False\n", "        self.held = False\n        self.crew = 2\n"),
     scope=["Sailing.__init__"])
task("hover-delete-print", "delete_statement", F,
     'Remove the print(f"{len(log.sailings)} sailings logged") call from run_day.',
     rep(s, '    print(f"{len(log.sailings)} sailings logged")\n', ""), scope=["run_day"])
task("hover-rename-build-timetable", "rename_function", F,
     "Rename build_timetable to make_timetable.",
     rename_all(s, "build_timetable", "make_timetable"), tokens=["build_timetable", "make_timetable"])
task("hover-rename-board-queue", "rename_method", F,
     "Rename CrossingLog.board_queue to load_queue.",
     rename_all(s, "board_queue", "load_queue"), tokens=["board_queue", "load_queue"])
task("hover-rename-sailing-class", "rename_class", F,
     "Rename the class Sailing to Departure.",
     rename_all(s, "Sailing", "Departure"), tokens=["Sailing", "Departure"],
     note="Name the class FerrySailing instead of Departure.",
     after=rename_all(s, "Sailing", "FerrySailing"))
t, _ = sub_lines(s, r"\bleftover\b", "stranded", qual="CrossingLog.board_queue", count=3)
task("hover-rename-leftover", "rename_variable", F,
     "In CrossingLog.board_queue, rename leftover to stranded.",
     t, tokens=["leftover", "stranded"], scope=["CrossingLog.board_queue"])
t, _ = sub_lines(s, r"\bwind_knots\b", "wind_speed_kn", qual="sea_state_ok", count=2)
t = rep(t, "sea_state_ok(wave, wind_knots=wind)", "sea_state_ok(wave, wind_speed_kn=wind)")
task("hover-rename-wind-knots", "rename_parameter", F,
     "Rename the wind_knots parameter of sea_state_ok to wind_speed_kn.",
     t, tokens=["wind_knots", "wind_speed_kn"], scope=["sea_state_ok", "CrossingLog.apply_weather"])
task("hover-rename-turnaround", "rename_constant", F,
     "Rename TURNAROUND_MINUTES to DOCK_TURNAROUND_MINUTES.",
     rename_all(s, "TURNAROUND_MINUTES", "DOCK_TURNAROUND_MINUTES"),
     tokens=["TURNAROUND_MINUTES", "DOCK_TURNAROUND_MINUTES"])

# ---------------------------------------------------------------- write toml
def q(v):
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(q(x) for x in v) + "]"
    raise TypeError(v)

out = ["# Held-out edit tasks (eval54), written by a helper session. See README.md.", ""]
for t in TASKS:
    out.append("[[task]]")
    for k, v in t.items():
        out.append(f"{k} = {q(v)}")
    out.append("")
(ROOT / "tasks.toml").write_text("\n".join(out))
print(len(TASKS), "tasks")
from collections import Counter
print(Counter(t["kind"] for t in TASKS))
