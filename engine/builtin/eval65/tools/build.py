"""Builds tasks.toml and expected/ for the eval65 held-out set from plain string edits."""
import ast, difflib, io, json, re, tokenize
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval65")
MOD = ROOT / "modules"
EXP = ROOT / "expected"
EXP.mkdir(exist_ok=True)


def rep(text, old, new, count):
    n = text.count(old)
    assert n == count, (old, n, count)
    return text.replace(old, new)


def rx(text, pattern, new, count):
    out, n = re.subn(pattern, new, text)
    assert n == count, (pattern, n, count)
    return out


def spans(src):
    tree = ast.parse(src)
    out = []
    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                out.append((start, child.end_lineno, name))
                if isinstance(child, ast.ClassDef):
                    walk(child, name + ".")
            elif node is tree and isinstance(child, (ast.Import, ast.ImportFrom)):
                out.append((child.lineno, child.end_lineno, "<imports>"))
    walk(tree, "")
    return out


def scope_of(src, lines):
    sp = spans(src)
    names = set()
    for ln in lines:
        inside = [s for s in sp if s[0] <= ln <= s[1]]
        if not inside:
            return None
        names.add(min(inside, key=lambda s: s[1] - s[0])[2])
    return names


def compute_scope(before, after):
    a, b = before.splitlines(), after.splitlines()
    old_lines, new_lines = [], []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        old_lines += range(i1 + 1, i2 + 1)
        new_lines += range(j1 + 1, j2 + 1)
    s1 = scope_of(before, old_lines)
    s2 = scope_of(after, new_lines)
    if s1 is None or s2 is None:
        return None
    return sorted(s1 | s2)


def count_tokens(src, tok):
    return sum(1 for t in tokenize.generate_tokens(io.StringIO(src).readline) if t.string == tok)


TASKS = []


def task(tid, kind, module, instruction, edit, tokens=None, scope=True, note=None, note_edit=None):
    src = (MOD / module).read_text()
    out = edit(src)
    assert out != src, tid
    ast.parse(out)
    exp_rel = f"expected/{tid}.py"
    (ROOT / exp_rel).write_text(out)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{module}",
         "instruction": instruction, "expected": exp_rel}
    if tokens:
        t["tokens"] = tokens
        t["keep"] = count_tokens(out, tokens[0])
    if scope:
        sc = compute_scope(src, out)
        if sc:
            t["scope"] = sc
    if note:
        after = note_edit(src)
        ast.parse(after)
        rel = f"expected/{tid}.after-note.py"
        (ROOT / rel).write_text(after)
        t["note"] = note
        t["after_note"] = rel
    TASKS.append(t)


# ---------------- smokehouse_batches.py ----------------
M = "smokehouse_batches.py"
task("smokehouse-rename-parse-batch-line", "rename_function", M,
     "Rename the function parse_batch_line to read_batch_line.",
     lambda s: rep(s, "parse_batch_line", "read_batch_line", 2),
     tokens=["parse_batch_line", "read_batch_line"], scope=False)
task("smokehouse-rename-has-room-for", "rename_method", M,
     "Rename the Kiln method has_room_for to can_take.",
     lambda s: rep(s, "has_room_for", "can_take", 3),
     tokens=["has_room_for", "can_take"], scope=False)
task("smokehouse-rename-smoke-batch", "rename_class", M,
     "Rename the class SmokeBatch to CuredBatch.",
     lambda s: rep(s, "SmokeBatch", "CuredBatch", 2),
     tokens=["SmokeBatch", "CuredBatch"], scope=False)
task("smokehouse-rename-pending", "rename_variable", M,
     "In plan_kiln_run, rename the local variable pending to queued.",
     lambda s: rx(s, r"\bpending\b", "queued", 3),
     tokens=["pending", "queued"])
task("smokehouse-rename-when", "rename_parameter", M,
     "Rename the when parameter of Kiln.load to loaded_at.",
     lambda s: rx(s, r"\bwhen\b", "loaded_at", 3),
     tokens=["when", "loaded_at"])
task("smokehouse-rename-min-cure-hours", "rename_constant", M,
     "Rename the constant MIN_CURE_HOURS to CURE_HOURS.",
     lambda s: rep(s, "MIN_CURE_HOURS", "CURE_HOURS", 2),
     tokens=["MIN_CURE_HOURS", "CURE_HOURS"])
task("smokehouse-rename-capacity-kg", "rename_attribute", M,
     "Rename the Kiln attribute capacity_kg to max_load_kg.",
     lambda s: rep(s, "self.capacity_kg", "self.max_load_kg", 2),
     tokens=["capacity_kg", "max_load_kg"],
     note="Call the attribute load_limit_kg instead of max_load_kg.",
     note_edit=lambda s: rep(s, "self.capacity_kg", "self.load_limit_kg", 2))
task("smokehouse-waiting-label", "change_literal", M,
     'In summarise_run, change the string "Waiting: " to "Left over: ".',
     lambda s: rep(s, '"Waiting: "', '"Left over: "', 1),
     tokens=['"Waiting: "', '"Left over: "'])
task("smokehouse-smoke-temp", "change_constant", M,
     "Set SMOKE_TEMP_C to 30.",
     lambda s: rep(s, "SMOKE_TEMP_C = 28", "SMOKE_TEMP_C = 30", 1),
     tokens=["28", "30"])

# ---------------- narrowboat_cruise_log.py ----------------
M = "narrowboat_cruise_log.py"
task("cruise-rename-mean-miles", "rename_variable", M,
     "In trip_report, rename the variable mean_miles to average_miles.",
     lambda s: rep(s, "mean_miles", "average_miles", 2),
     tokens=["mean_miles", "average_miles"])
task("cruise-rename-places", "rename_parameter", M,
     "Rename the places parameter of average_leg_miles to digits.",
     lambda s: rx(s, r"\bplaces\b", "digits", 3),
     tokens=["places", "digits"])
task("cruise-rename-lock-minutes", "rename_constant", M,
     "Rename LOCK_MINUTES to MINUTES_PER_LOCK.",
     lambda s: rep(s, "LOCK_MINUTES", "MINUTES_PER_LOCK", 2),
     tokens=["LOCK_MINUTES", "MINUTES_PER_LOCK"],
     note="Name the constant LOCK_WORKING_MINUTES rather than MINUTES_PER_LOCK.",
     note_edit=lambda s: rep(s, "LOCK_MINUTES", "LOCK_WORKING_MINUTES", 2))
task("cruise-rename-hours-at-start", "rename_attribute", M,
     "Rename the CruiseLog attribute hours_at_start to start_engine_hours.",
     lambda s: rep(s, "self.hours_at_start", "self.start_engine_hours", 3),
     tokens=["hours_at_start", "start_engine_hours"])
task("cruise-service-message", "change_literal", M,
     'In trip_report, change the text "Engine service due" to "Engine service is due".',
     lambda s: rep(s, '"Engine service due"', '"Engine service is due"', 1),
     tokens=['"Engine service due"', '"Engine service is due"'])
task("cruise-speed", "change_constant", M,
     "Change CRUISING_SPEED_MPH from 3.0 to 3.5.",
     lambda s: rep(s, "CRUISING_SPEED_MPH = 3.0", "CRUISING_SPEED_MPH = 3.5", 1),
     tokens=["3.0", "3.5"])
task("cruise-report-title", "change_default", M,
     'Make the default title of trip_report "Trip summary".',
     lambda s: rep(s, 'title="Cruise summary"', 'title="Trip summary"', 1),
     tokens=['"Cruise summary"', '"Trip summary"'])
task("cruise-read-log-encoding", "add_parameter", M,
     'Add an encoding parameter with default "utf-8" to read_log.',
     lambda s: rep(s, "def read_log(path, boat_name, engine_hours_at_start=0.0):",
                   'def read_log(path, boat_name, engine_hours_at_start=0.0, encoding="utf-8"):', 1))
task("cruise-drop-skip-empty", "remove_parameter", M,
     "Remove the unused skip_empty parameter from average_leg_miles.",
     lambda s: rep(rep(s, "places=1, skip_empty=True)", "places=1)", 1),
                   "places=2, skip_empty=False)", "places=2)", 1))

# ---------------- tennis_court_bookings.py ----------------
M = "tennis_court_bookings.py"
task("tennis-rename-cancelled", "rename_attribute", M,
     "Rename the CourtSheet attribute cancelled to cancellations.",
     lambda s: rep(rep(s, "self.cancelled", "self.cancellations", 2),
                   "{sheet.cancelled}", "{sheet.cancellations}", 1),
     tokens=["cancelled", "cancellations"])
task("tennis-slot-taken-message", "change_literal", M,
     'In CourtSheet.book, change the message "slot already taken" to "slot already booked".',
     lambda s: rep(s, '"slot already taken"', '"slot already booked"', 1),
     tokens=['"slot already taken"', '"slot already booked"'])
task("tennis-floodlight-fee", "change_constant", M,
     "Change FLOODLIGHT_FEE to 5.00.",
     lambda s: rep(s, "FLOODLIGHT_FEE = 4.50", "FLOODLIGHT_FEE = 5.00", 1),
     tokens=["4.50", "5.00"],
     note="The fee should be 5.25, not 5.00.",
     note_edit=lambda s: rep(s, "FLOODLIGHT_FEE = 4.50", "FLOODLIGHT_FEE = 5.25", 1))
task("tennis-dusk-default", "change_default", M,
     "In daily_summary, change the default of dusk from time(20, 30) to time(21, 30).",
     lambda s: rep(s, "dusk=time(20, 30)", "dusk=time(21, 30)", 1),
     tokens=["20", "21"])
task("tennis-book-guests", "add_parameter", M,
     "Add a guests parameter with a default of 0 to CourtSheet.book.",
     lambda s: rep(s, "def book(self, court, member, start, minutes=SLOT_MINUTES):",
                   "def book(self, court, member, start, minutes=SLOT_MINUTES, guests=0):", 1))
task("tennis-drop-club-name", "remove_parameter", M,
     "Remove the club_name parameter from load_sheet.",
     lambda s: rep(rep(s, 'def load_sheet(path, day, club_name="Riverside LTC"):', "def load_sheet(path, day):", 1),
                   'load_sheet(path, day, club_name="Riverside LTC")', "load_sheet(path, day)", 1))
task("tennis-doc-floodlight-charge", "add_docstring", M,
     'Give floodlight_charge the docstring "Return the floodlight fee owed for bookings that end after dusk."',
     lambda s: rep(s, "def floodlight_charge(bookings, dusk, fee=FLOODLIGHT_FEE):\n",
                   "def floodlight_charge(bookings, dusk, fee=FLOODLIGHT_FEE):\n"
                   '    """Return the floodlight fee owed for bookings that end after dusk."""\n', 1))
task("tennis-hints-booking-window", "add_type_hints", M,
     "Annotate within_booking_window as (start: datetime, today: date, max_days: int = MAX_ADVANCE_DAYS) -> bool.",
     lambda s: rep(s, "def within_booking_window(start, today, max_days=MAX_ADVANCE_DAYS):",
                   "def within_booking_window(start: datetime, today: date, max_days: int = MAX_ADVANCE_DAYS) -> bool:", 1))
task("tennis-try-json-load", "wrap_try_except", M,
     "In load_sheet, wrap records = json.load(handle) in a try/except json.JSONDecodeError that sets records to an empty list.",
     lambda s: rep(s, "        records = json.load(handle)\n",
                   "        try:\n            records = json.load(handle)\n"
                   "        except json.JSONDecodeError:\n            records = []\n", 1))

# ---------------- brewery_cask_rota.py ----------------
M = "brewery_cask_rota.py"
task("cask-prefix-default", "change_default", M,
     'Change the default prefix of parse_cask_number from "C" to "K".',
     lambda s: rep(s, 'prefix="C"', 'prefix="K"', 1),
     tokens=['"C"', '"K"'])
task("cask-cleaning-skip-sundays", "add_parameter", M,
     "Add a skip_sundays parameter defaulting to False to cleaning_days.",
     lambda s: rep(s, "def cleaning_days(queue, start, per_day=CLEANING_SLOTS_PER_DAY):",
                   "def cleaning_days(queue, start, per_day=CLEANING_SLOTS_PER_DAY, skip_sundays=False):", 1))
task("cask-drop-note", "remove_parameter", M,
     "Remove the note parameter from dispatch_sheet.",
     lambda s: rep(rep(s, "customer_orders, note=None):", "customer_orders):", 1),
                   'orders, note="morning run")', "orders)", 1))
task("cask-doc-volume-in-trade", "add_docstring", M,
     'Add the docstring "Return the litres of beer currently out with customers." to volume_in_trade.',
     lambda s: rep(s, "def volume_in_trade(rota):\n",
                   'def volume_in_trade(rota):\n    """Return the litres of beer currently out with customers."""\n', 1))
task("cask-hints-parse-number", "add_type_hints", M,
     'Add type hints to parse_cask_number: text is a str, prefix is a str, and it returns an int.',
     lambda s: rep(s, 'def parse_cask_number(text, prefix="C"):',
                   'def parse_cask_number(text: str, prefix: str = "C") -> int:', 1))
task("cask-try-book-return", "wrap_try_except", M,
     'In CaskRota.book_return, wrap cask = self.casks[number] in a try/except KeyError that raises ValueError(f"no cask numbered {number}") from None.',
     lambda s: rep(s, "        cask = self.casks[number]\n",
                   "        try:\n            cask = self.casks[number]\n        except KeyError:\n"
                   '            raise ValueError(f"no cask numbered {number}") from None\n', 1))
task("cask-import-decimal", "add_import", M,
     "Add from decimal import Decimal to the imports.",
     lambda s: rep(s, "from datetime import date, timedelta\n",
                   "from datetime import date, timedelta\nfrom decimal import Decimal\n", 1))
task("cask-log-send", "insert_statement", M,
     'At the end of Cask.send, add log.info("cask %s sent to %s", self.number, customer).',
     lambda s: rep(s, "        self.sent_on = day\n\n",
                   '        self.sent_on = day\n        log.info("cask %s sent to %s", self.number, customer)\n\n', 1))
task("cask-drop-dispatch-print", "delete_statement", M,
     'Delete the print(f"dispatched {len(lines)} casks") line from dispatch_sheet.',
     lambda s: rep(s, '    print(f"dispatched {len(lines)} casks")\n', "", 1))

# ---------------- apple_grading.py ----------------
M = "apple_grading.py"
task("apple-doc-bins-needed", "add_docstring", M,
     'Add a docstring to bins_needed: "Return how many bins are needed to hold count apples."',
     lambda s: rep(s, "def bins_needed(count, capacity=BIN_CAPACITY):\n",
                   'def bins_needed(count, capacity=BIN_CAPACITY):\n    """Return how many bins are needed to hold count apples."""\n', 1))
task("apple-hints-grade-apple", "add_type_hints", M,
     "Annotate grade_apple so that sample is an AppleSample and the return type is str.",
     lambda s: rep(s, "def grade_apple(sample):", "def grade_apple(sample: AppleSample) -> str:", 1))
task("apple-try-diameter", "wrap_try_except", M,
     "In parse_sample, wrap diameter = float(fields[1]) in a try/except ValueError that sets diameter to 0.0.",
     lambda s: rep(s, "    diameter = float(fields[1])\n",
                   "    try:\n        diameter = float(fields[1])\n    except ValueError:\n        diameter = 0.0\n", 1))
task("apple-import-logging", "add_import", M,
     "Add import logging to the imports of apple_grading.py.",
     lambda s: rep(s, "import math\n", "import logging\nimport math\n", 1))
task("apple-title-variety", "insert_statement", M,
     "In parse_sample, add variety = variety.title() right after the line that assigns variety.",
     lambda s: rep(s, "    variety = fields[0].strip() or default_variety\n",
                   "    variety = fields[0].strip() or default_variety\n    variety = variety.title()\n", 1))
task("apple-drop-report-print", "delete_statement", M,
     'Delete the print("graded", ...) call in shift_report.',
     lambda s: rep(s, '    print("graded", sum(grader.counts.values()), "apples on", grader.name)\n', "", 1))
task("apple-rename-grade-apple", "rename_function", M,
     "Rename grade_apple to classify_apple.",
     lambda s: rep(s, "grade_apple", "classify_apple", 2),
     tokens=["grade_apple", "classify_apple"], scope=False,
     note="Use the name assign_grade instead of classify_apple.",
     note_edit=lambda s: rep(s, "grade_apple", "assign_grade", 2))
task("apple-rename-share-of", "rename_method", M,
     "Rename the GradingLine method share_of to fraction_of.",
     lambda s: rep(s, "share_of", "fraction_of", 2),
     tokens=["share_of", "fraction_of"], scope=False)
task("apple-rename-apple-sample", "rename_class", M,
     "Rename the class AppleSample to AppleReading.",
     lambda s: rep(s, "AppleSample", "AppleReading", 2),
     tokens=["AppleSample", "AppleReading"], scope=False)

# ---------------- tuner_rounds.py ----------------
M = "tuner_rounds.py"
task("tuner-import-logging", "add_import", M,
     "Add import logging to the imports.",
     lambda s: rep(s, "import math\n", "import logging\nimport math\n", 1))
task("tuner-reset-visits", "insert_statement", M,
     "Add self.visits = [] as the first statement of Round.plan.",
     lambda s: rep(s, "    def plan(self):\n", "    def plan(self):\n        self.visits = []\n", 1))
task("tuner-drop-notes", "delete_statement", M,
     "Delete the line self.notes = [] from Client.__init__.",
     lambda s: rep(s, "        self.notes = []\n", "", 1))
task("tuner-rename-distance-km", "rename_function", M,
     "Rename the function distance_km to travel_km.",
     lambda s: rep(s, "distance_km", "travel_km", 3),
     tokens=["distance_km", "travel_km"], scope=False)
task("tuner-rename-due-on", "rename_method", M,
     "Rename the Client method due_on to next_due_date.",
     lambda s: rep(s, "due_on", "next_due_date", 2),
     tokens=["due_on", "next_due_date"], scope=False)
task("tuner-rename-round", "rename_class", M,
     "Rename the class Round to TuningRound.",
     lambda s: rep(rep(s, "class Round:", "class TuningRound:", 1), "= Round(", "= TuningRound(", 1),
     tokens=["Round", "TuningRound"], scope=False)
task("tuner-rename-minutes-used", "rename_variable", M,
     "In Round.plan, rename the variable minutes_used to booked_minutes.",
     lambda s: rep(s, "minutes_used", "booked_minutes", 3),
     tokens=["minutes_used", "booked_minutes"])
task("tuner-rename-tolerance-cents", "rename_parameter", M,
     "Rename the tolerance_cents parameter of Client.needs_pitch_raise to max_cents.",
     lambda s: rep(s, "tolerance_cents", "max_cents", 3),
     tokens=["tolerance_cents", "max_cents"])
task("tuner-rename-visit-minutes", "rename_constant", M,
     "Rename VISIT_MINUTES to VISIT_LENGTH_MINUTES.",
     lambda s: rx(s, r"\bVISIT_MINUTES\b", "VISIT_LENGTH_MINUTES", 3),
     tokens=["VISIT_MINUTES", "VISIT_LENGTH_MINUTES"])


def toml_value(v):
    return json.dumps(v, ensure_ascii=False)


order = ["id", "kind", "phrasing", "source", "instruction", "expected", "tokens", "keep", "scope", "note", "after_note"]
chunks = []
for t in TASKS:
    lines = ["[[task]]"]
    for k in order:
        if k in t:
            lines.append(f"{k} = {toml_value(t[k])}")
    chunks.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("\n\n".join(chunks) + "\n")
print(len(TASKS), "tasks")
from collections import Counter
print(Counter(t["kind"] for t in TASKS))
print(Counter(t["source"] for t in TASKS))
