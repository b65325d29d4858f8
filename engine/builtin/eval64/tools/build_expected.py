"""Build expected/ files and tasks.toml for the eval64 held-out set (string edits, checked by eye)."""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"
EXP.mkdir(exist_ok=True)


def rep(s, old, new, n=1):
    c = s.count(old)
    assert c == n, (old, c, n)
    return s.replace(old, new)


def wren(s, old, new, n):
    pat = re.compile(r"\b" + re.escape(old) + r"\b")
    c = len(pat.findall(s))
    assert c == n, (old, c, n)
    return pat.sub(new, s)


TASKS = []


def task(tid, kind, mod, instruction, edit, tokens=None, keep=None, scope=None, note=None, after_edit=None):
    src = (MOD / mod).read_text()
    out = edit(src)
    assert out != src, tid
    (EXP / f"{tid}.py").write_text(out)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{mod}",
         "instruction": instruction, "expected": f"expected/{tid}.py"}
    if tokens:
        t["tokens"] = tokens
    if keep:
        t["keep"] = keep
    if scope:
        t["scope"] = scope
    if note:
        after = after_edit(src)
        (EXP / f"{tid}.after-note.py").write_text(after)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    TASKS.append(t)


# ---------------------------------------------------------------- river_ferry_crossings.py
F = "river_ferry_crossings.py"
task("ferry-rename-function-busiest-hour", "rename_function", F,
     "Rename the function busiest_hour to peak_hour.",
     lambda s: wren(s, "busiest_hour", "peak_hour", 2),
     tokens=["busiest_hour", "peak_hour"])
task("ferry-rename-method-takings", "rename_method", F,
     "Rename the method FerryLog.takings to total_takings.",
     lambda s: wren(s, "takings", "total_takings", 2),
     tokens=["takings", "total_takings"], scope=["FerryLog.takings", "FerryLog.summary"])
task("ferry-rename-class-crossing", "rename_class", F,
     "Rename the class Crossing to FerryCrossing.",
     lambda s: wren(s, "Crossing", "FerryCrossing", 2),
     tokens=["Crossing", "FerryCrossing"])
task("ferry-rename-variable-todays", "rename_variable", F,
     "In daily_report, rename the variable todays to day_crossings.",
     lambda s: wren(s, "todays", "day_crossings", 4),
     tokens=["todays", "day_crossings"], scope=["daily_report"])


def ferry_param(s):
    s = rep(s, "def crossing_fare(passengers, bicycles=0, concession=False):",
            "def crossing_fare(passengers, bicycles=0, half_fare=False):")
    s = rep(s, "    if concession:\n        base = base // 2",
            "    if half_fare:\n        base = base // 2")
    s = rep(s, "crossing.bicycles, concession=concession)", "crossing.bicycles, half_fare=concession)")
    return s


task("ferry-rename-parameter-concession", "rename_parameter", F,
     "Rename the concession parameter of crossing_fare to half_fare.",
     ferry_param, tokens=["concession", "half_fare"], keep=2,
     scope=["crossing_fare", "FerryLog.takings"])
task("ferry-rename-constant-low-tide-delay", "rename_constant", F,
     "Rename the constant LOW_TIDE_DELAY_MIN to TIDE_WINDOW_MIN.",
     lambda s: wren(s, "LOW_TIDE_DELAY_MIN", "TIDE_WINDOW_MIN", 2),
     tokens=["LOW_TIDE_DELAY_MIN", "TIDE_WINDOW_MIN"],
     note="Use the name SLACK_WATER_MIN for this constant instead of TIDE_WINDOW_MIN.",
     after_edit=lambda s: wren(s, "LOW_TIDE_DELAY_MIN", "SLACK_WATER_MIN", 2))
task("ferry-rename-attribute-turned-away", "rename_attribute", F,
     "Rename the attribute turned_away on FerryLog to refused_count.",
     lambda s: wren(s, "turned_away", "refused_count", 3),
     tokens=["turned_away", "refused_count"],
     scope=["FerryLog.__init__", "FerryLog.record", "FerryLog.summary"])
task("ferry-change-literal-over-capacity", "change_literal", F,
     'In FerryLog.record, change the note string "over capacity" to "capacity exceeded".',
     lambda s: rep(s, '"over capacity"', '"capacity exceeded"'),
     tokens=['"over capacity"', '"capacity exceeded"'], scope=["FerryLog.record"])
task("ferry-change-constant-fare-pence", "change_constant", F,
     "Set FARE_PENCE to 200.",
     lambda s: rep(s, "FARE_PENCE = 180", "FARE_PENCE = 200"),
     tokens=["180", "200"])

# ---------------------------------------------------------------- potato_harvest_tally.py
P = "potato_harvest_tally.py"
task("potato-change-default-top", "change_default", P,
     "Change the default of top in season_summary from 3 to 5.",
     lambda s: rep(s, "def season_summary(tally, top=3):", "def season_summary(tally, top=5):"),
     tokens=["3", "5"], scope=["season_summary"])
task("potato-add-parameter-encoding", "add_parameter", P,
     'Add a parameter encoding="utf-8" to read_weighbridge.',
     lambda s: rep(s, 'def read_weighbridge(path, delimiter=","):',
                   'def read_weighbridge(path, delimiter=",", encoding="utf-8"):'),
     scope=["read_weighbridge"])


def potato_remove(s):
    s = rep(s, 'def yield_per_hectare(tonnes, hectares, season="main"):',
            "def yield_per_hectare(tonnes, hectares):")
    s = rep(s, 'yield_per_hectare(self.total_tonnes(), self.hectares, season="main")',
            "yield_per_hectare(self.total_tonnes(), self.hectares)")
    return s


task("potato-remove-parameter-season", "remove_parameter", P,
     "Remove the unused season parameter from yield_per_hectare.",
     potato_remove, scope=["yield_per_hectare", "FieldRecord.yield_rate"])
task("potato-add-docstring-grade-tuber", "add_docstring", P,
     'Give grade_tuber the docstring "Return the grade for a tuber of the given size in millimetres."',
     lambda s: rep(s, "def grade_tuber(size_mm, blemished=False):\n",
                   "def grade_tuber(size_mm, blemished=False):\n"
                   '    """Return the grade for a tuber of the given size in millimetres."""\n'),
     scope=["grade_tuber"])
task("potato-add-type-hints-trailer-count", "add_type_hints", P,
     "Add type hints to trailer_count: tonnes and capacity are float and it returns int.",
     lambda s: rep(s, "def trailer_count(tonnes, capacity=TONNES_PER_TRAILER):",
                   "def trailer_count(tonnes: float, capacity: float = TONNES_PER_TRAILER) -> int:"),
     scope=["trailer_count"])
task("potato-wrap-try-except-tonnes", "wrap_try_except", P,
     'In HarvestTally.import_weighbridge, wrap tonnes = float(row["tonnes"]) in a try/except ValueError that skips the row with continue.',
     lambda s: rep(s, '            tonnes = float(row["tonnes"])\n',
                   "            try:\n"
                   '                tonnes = float(row["tonnes"])\n'
                   "            except ValueError:\n"
                   "                continue\n"),
     scope=["HarvestTally.import_weighbridge"])
task("potato-add-import-logging", "add_import", P,
     "Add import logging to the module's imports.",
     lambda s: rep(s, "import csv\nimport statistics\n", "import csv\nimport logging\nimport statistics\n"),
     scope=["<imports>"])
task("potato-insert-statement-notes", "insert_statement", P,
     "In HarvestTally.__init__, add self.notes = [] after self.fields = {}.",
     lambda s: rep(s, "        self.fields = {}\n", "        self.fields = {}\n        self.notes = []\n"),
     scope=["HarvestTally.__init__"])
task("potato-delete-statement-add-load-return", "delete_statement", P,
     "Delete the return len(self.loads) statement from FieldRecord.add_load.",
     lambda s: rep(s, "        self.graded[grade] += tonnes\n        return len(self.loads)\n",
                   "        self.graded[grade] += tonnes\n"),
     scope=["FieldRecord.add_load"])

# ---------------------------------------------------------------- town_crier_contest.py
C = "town_crier_contest.py"
task("crier-rename-function-overrun-penalty", "rename_function", C,
     "Rename the function overrun_penalty to time_penalty.",
     lambda s: wren(s, "overrun_penalty", "time_penalty", 2),
     tokens=["overrun_penalty", "time_penalty"], scope=["overrun_penalty", "score_cry"],
     note="The function should be called lateness_penalty, not time_penalty.",
     after_edit=lambda s: wren(s, "overrun_penalty", "lateness_penalty", 2))
task("crier-rename-method-totals", "rename_method", C,
     "Rename Contest.totals to crier_totals.",
     lambda s: wren(s, "totals", "crier_totals", 2),
     tokens=["totals", "crier_totals"], scope=["Contest.totals", "Contest.leaderboard"])
task("crier-rename-class-judge", "rename_class", C,
     "Rename the class Judge to Adjudicator.",
     lambda s: wren(s, "Judge", "Adjudicator", 2),
     tokens=["Judge", "Adjudicator"], scope=["Judge", "Contest.add_judge"])
task("crier-rename-variable-seen", "rename_variable", C,
     "In Contest.complete, rename the local variable seen to rounds_by_crier.",
     lambda s: wren(s, "seen", "rounds_by_crier", 3),
     tokens=["seen", "rounds_by_crier"], scope=["Contest.complete"])
task("crier-rename-parameter-weights", "rename_parameter", C,
     "Rename the weights parameter of weighted_mark to criteria_weights.",
     lambda s: wren(s, "weights", "criteria_weights", 4),
     tokens=["weights", "criteria_weights"], scope=["weighted_mark"])
task("crier-rename-constant-time-limit", "rename_constant", C,
     "Rename TIME_LIMIT_SEC to CRY_TIME_LIMIT throughout the module.",
     lambda s: wren(s, "TIME_LIMIT_SEC", "CRY_TIME_LIMIT", 4),
     tokens=["TIME_LIMIT_SEC", "CRY_TIME_LIMIT"])


def crier_attr(s):
    s = rep(s, "        self.strictness = strictness\n", "        self.severity = strictness\n")
    s = rep(s, "v / self.strictness", "v / self.severity")
    return s


task("crier-rename-attribute-strictness", "rename_attribute", C,
     "Rename the Judge attribute strictness to severity, leaving the strictness parameters as they are.",
     crier_attr, tokens=["strictness", "severity"], keep=4, scope=["Judge.__init__", "Judge.mark"])
task("crier-change-literal-no-entries", "change_literal", C,
     'In announce_winner, change "No entries this year." to "No criers entered this year."',
     lambda s: rep(s, '"No entries this year."', '"No criers entered this year."'),
     tokens=['"No entries this year."', '"No criers entered this year."'], scope=["announce_winner"])
task("crier-change-constant-max-mark", "change_constant", C,
     "Change MAX_MARK from 10 to 20.",
     lambda s: rep(s, "MAX_MARK = 10\n", "MAX_MARK = 20\n"),
     tokens=["10", "20"])

# ---------------------------------------------------------------- map_shop_orders.py
M = "map_shop_orders.py"
task("map-change-default-courier", "change_default", M,
     'Make the default courier in MapOrder.dispatch "Parcelforce" instead of "Royal Mail".',
     lambda s: rep(s, 'def dispatch(self, courier="Royal Mail"):', 'def dispatch(self, courier="Parcelforce"):'),
     tokens=['"Royal Mail"', '"Parcelforce"'], scope=["MapOrder.dispatch"],
     note='The default courier should be "DPD", not "Parcelforce".',
     after_edit=lambda s: rep(s, 'def dispatch(self, courier="Royal Mail"):', 'def dispatch(self, courier="DPD"):'))
task("map-add-parameter-express", "add_parameter", M,
     "Add an express parameter to postage_for with a default of False.",
     lambda s: rep(s, "def postage_for(subtotal, overseas=False):",
                   "def postage_for(subtotal, overseas=False, express=False):"),
     scope=["postage_for"])
task("map-remove-parameter-currency", "remove_parameter", M,
     "Drop the unused currency parameter from load_orders.",
     lambda s: rep(s, 'def load_orders(path, currency="GBP"):', "def load_orders(path):"),
     scope=["load_orders"])
task("map-add-docstring-vat-portion", "add_docstring", M,
     'Add the docstring "Return the VAT included in a gross amount." to vat_portion.',
     lambda s: rep(s, "def vat_portion(gross, rate=VAT_RATE):\n",
                   "def vat_portion(gross, rate=VAT_RATE):\n"
                   '    """Return the VAT included in a gross amount."""\n'),
     scope=["vat_portion"])
task("map-add-type-hints-format-sheet", "add_type_hints", M,
     "Annotate format_sheet with series: str, number: str, edition: str | None and a str return type.",
     lambda s: rep(s, "def format_sheet(series, number, edition=None):",
                   "def format_sheet(series: str, number: str, edition: str | None = None) -> str:"),
     scope=["format_sheet"])
task("map-wrap-try-except-json-load", "wrap_try_except", M,
     "In load_orders, wrap raw = json.load(handle) in a try/except json.JSONDecodeError that returns an empty list.",
     lambda s: rep(s, "        raw = json.load(handle)\n",
                   "        try:\n"
                   "            raw = json.load(handle)\n"
                   "        except json.JSONDecodeError:\n"
                   "            return []\n"),
     scope=["load_orders"])
task("map-add-import-date", "add_import", M,
     "Add from datetime import date to the imports.",
     lambda s: rep(s, "import json\nfrom decimal import Decimal\n",
                   "import json\nfrom datetime import date\nfrom decimal import Decimal\n"),
     scope=["<imports>"])
task("map-insert-statement-backordered", "insert_statement", M,
     "At the end of OrderLine.__init__, add self.backordered = False.",
     lambda s: rep(s, "        self.laminated = laminated\n\n    def cost(self):",
                   "        self.laminated = laminated\n        self.backordered = False\n\n    def cost(self):"),
     scope=["OrderLine.__init__"])
task("map-delete-statement-quantity-clamp", "delete_statement", M,
     "Remove the line quantity = max(quantity, 1) from MapOrder.add.",
     lambda s: rep(s, "        quantity = max(quantity, 1)\n", ""),
     scope=["MapOrder.add"])

# ---------------------------------------------------------------- bee_bole_survey.py
B = "bee_bole_survey.py"
task("bole-rename-function-classify-recess", "rename_function", B,
     "Rename classify_recess to recess_kind.",
     lambda s: wren(s, "classify_recess", "recess_kind", 2),
     tokens=["classify_recess", "recess_kind"], scope=["classify_recess", "Bole.kind"])
task("bole-rename-method-worst-condition", "rename_method", B,
     "Rename the method BoleSite.worst_condition to poorest_condition.",
     lambda s: wren(s, "worst_condition", "poorest_condition", 1),
     tokens=["worst_condition", "poorest_condition"], scope=["BoleSite.worst_condition"])
task("bole-rename-class-bole", "rename_class", B,
     "Rename the class Bole to BeeBole.",
     lambda s: wren(s, "Bole", "BeeBole", 2),
     tokens=["Bole", "BeeBole"], scope=["Bole", "BoleSite.add_bole"])


def bole_var(s):
    start = s.index("def at_risk(")
    end = s.index("def survey_report(")
    body = wren(s[start:end], "flagged", "risky_boles", 3)
    return s[:start] + body + s[end:]


task("bole-rename-variable-flagged", "rename_variable", B,
     "In at_risk, rename the local variable flagged to risky_boles.",
     bole_var, tokens=["flagged", "risky_boles"], keep=2, scope=["at_risk"])


def bole_param(s):
    s = rep(s, "def classify_recess(width_cm, depth_cm, arched=False):",
            "def classify_recess(width_cm, depth_cm, is_arched=False):")
    s = rep(s, 'return "arched bole" if arched else "square bole"',
            'return "arched bole" if is_arched else "square bole"')
    s = rep(s, "classify_recess(self.width_cm, self.depth_cm, arched=self.arched)",
            "classify_recess(self.width_cm, self.depth_cm, is_arched=self.arched)")
    return s


task("bole-rename-parameter-arched", "rename_parameter", B,
     "Rename the arched parameter of classify_recess to is_arched.",
     bole_param, tokens=["arched", "is_arched"], keep=6, scope=["classify_recess", "Bole.kind"])
task("bole-rename-constant-max-depth", "rename_constant", B,
     "Rename the constant MAX_DEPTH_CM to ALCOVE_DEPTH_CM.",
     lambda s: wren(s, "MAX_DEPTH_CM", "ALCOVE_DEPTH_CM", 2),
     tokens=["MAX_DEPTH_CM", "ALCOVE_DEPTH_CM"])
task("bole-rename-attribute-visits", "rename_attribute", B,
     "Rename the BoleSite attribute visits to visit_count.",
     lambda s: wren(s, "visits", "visit_count", 3),
     tokens=["visits", "visit_count"], scope=["BoleSite.__init__", "BoleSite.record_visit"],
     note="Call the attribute visit_total rather than visit_count.",
     after_edit=lambda s: wren(s, "visits", "visit_total", 3))
task("bole-change-literal-too-small", "change_literal", B,
     'In classify_recess, change the string "too small" to "undersized".',
     lambda s: rep(s, '"too small"', '"undersized"'),
     tokens=['"too small"', '"undersized"'], scope=["classify_recess"])
task("bole-change-constant-min-width", "change_constant", B,
     "Set MIN_WIDTH_CM to 25.",
     lambda s: rep(s, "MIN_WIDTH_CM = 30\n", "MIN_WIDTH_CM = 25\n"),
     tokens=["30", "25"])

# ---------------------------------------------------------------- lido_swim_lanes.py
L = "lido_swim_lanes.py"
task("lido-change-default-water-temp", "change_default", L,
     "Change the default water_temp_c in LaneBoard.__init__ from 18.0 to 16.0.",
     lambda s: rep(s, "water_temp_c=18.0):", "water_temp_c=16.0):"),
     tokens=["18.0", "16.0"], scope=["LaneBoard.__init__"])
task("lido-add-parameter-show-queue", "add_parameter", L,
     "Add a show_queue parameter with default True to board_notice.",
     lambda s: rep(s, 'def board_notice(board, headline="Lane allocation"):',
                   'def board_notice(board, headline="Lane allocation", show_queue=True):'),
     scope=["board_notice"])


def lido_remove(s):
    s = rep(s, "def session_end(start, minutes=SESSION_MINUTES, rounding=None):",
            "def session_end(start, minutes=SESSION_MINUTES):")
    s = rep(s, 'return session_end(self.session_start, rounding="minute")',
            "return session_end(self.session_start)")
    return s


task("lido-remove-parameter-rounding", "remove_parameter", L,
     "Remove the rounding parameter from session_end.",
     lido_remove, scope=["session_end", "LaneBoard.closes_at"])
task("lido-add-docstring-has-room", "add_docstring", L,
     'Add a docstring to Lane.has_room: "Return True if the lane can take another swimmer."',
     lambda s: rep(s, "    def has_room(self):\n",
                   "    def has_room(self):\n"
                   '        """Return True if the lane can take another swimmer."""\n'),
     scope=["Lane.has_room"])
task("lido-add-type-hints-lengths-to-metres", "add_type_hints", L,
     "Add type hints to lengths_to_metres: lengths and pool_length are int and the return type is int.",
     lambda s: rep(s, "def lengths_to_metres(lengths, pool_length=LANE_LENGTH_M):",
                   "def lengths_to_metres(lengths: int, pool_length: int = LANE_LENGTH_M) -> int:"),
     scope=["lengths_to_metres"])
task("lido-wrap-try-except-popleft", "wrap_try_except", L,
     "In LaneBoard.fill_from_queue, wrap swimmer, band = self.queue.popleft() in a try/except IndexError that breaks out of the loop.",
     lambda s: rep(s, "            swimmer, band = self.queue.popleft()\n",
                   "            try:\n"
                   "                swimmer, band = self.queue.popleft()\n"
                   "            except IndexError:\n"
                   "                break\n"),
     scope=["LaneBoard.fill_from_queue"])
task("lido-add-import-logging", "add_import", L,
     "Add import logging to the imports.",
     lambda s: rep(s, "import datetime as dt\nfrom collections import deque\n",
                   "import datetime as dt\nimport logging\nfrom collections import deque\n"),
     scope=["<imports>"])
task("lido-insert-statement-strip", "insert_statement", L,
     "Add swimmer = swimmer.strip() as the first line of LaneBoard.place.",
     lambda s: rep(s, "    def place(self, swimmer, seconds_per_100m):\n",
                   "    def place(self, swimmer, seconds_per_100m):\n"
                   "        swimmer = swimmer.strip()\n"),
     scope=["LaneBoard.place"])
task("lido-delete-statement-closes", "delete_statement", L,
     'In board_notice, delete the statement lines.append(f"Closes: {board.closes_at():%H:%M}").',
     lambda s: rep(s, '    lines.append(f"Closes: {board.closes_at():%H:%M}")\n', ""),
     scope=["board_notice"])


# ---------------------------------------------------------------- write tasks.toml
def q(v):
    if isinstance(v, list):
        return "[" + ", ".join(q(x) for x in v) + "]"
    if isinstance(v, int):
        return str(v)
    return json.dumps(v, ensure_ascii=False)


ORDER = ["id", "kind", "phrasing", "source", "instruction", "expected", "tokens", "keep", "scope",
         "note", "after_note"]
lines = ["# Held-out edit tasks (eval64), written by a helper session. See README.md.", ""]
for t in TASKS:
    lines.append("[[task]]")
    for k in ORDER:
        if k in t:
            lines.append(f"{k} = {q(t[k])}")
    lines.append("")
(ROOT / "tasks.toml").write_text("\n".join(lines))
print(len(TASKS), "tasks")
