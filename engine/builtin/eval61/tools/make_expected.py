import ast, difflib, io, json, tokenize
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval61")
MOD = ROOT / "modules"

def edit(text, reps):
    for old, new, n in reps:
        c = text.count(old)
        assert c == n, (old, c, n)
        text = text.replace(old, new)
    return text

def toks(text):
    out = []
    for t in tokenize.generate_tokens(io.StringIO(text).readline):
        if t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING):
            out.append(t.string)
    return out

def line_scopes(text):
    tree = ast.parse(text)
    m = {}
    def visit(node, prefix, cls):
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = (prefix + "." + ch.name) if prefix else ch.name
                start = min([ch.lineno] + [d.lineno for d in ch.decorator_list])
                for ln in range(start, ch.end_lineno + 1):
                    m[ln] = name
                visit(ch, name if isinstance(ch, ast.ClassDef) else name, None)
            elif isinstance(ch, (ast.Import, ast.ImportFrom)) and node is tree:
                for ln in range(ch.lineno, ch.end_lineno + 1):
                    m[ln] = "<imports>"
    visit(tree, "", None)
    return m

def scope_of(src, exp):
    a, b = src.splitlines(), exp.splitlines()
    sa, sb = line_scopes(src), line_scopes(exp)
    scopes = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if i2 > i1:
            lines = [(sa, ln) for ln in range(i1 + 1, i2 + 1)]
        else:
            lines = [(sb, ln) for ln in range(j1 + 1, j2 + 1)]
        for m, ln in lines:
            s = m.get(ln)
            if s is None:
                return None
            if s not in scopes:
                scopes.append(s)
    return scopes

TASKS = []
def T(mod, tid, kind, instruction, reps, tokens=None, note=None, note_reps=None, use_scope=True):
    TASKS.append(dict(mod=mod, id=tid, kind=kind, instruction=instruction, reps=reps,
                      tokens=tokens, note=note, note_reps=note_reps, use_scope=use_scope))

# ---------- bouldering_setters ----------
M = "bouldering_setters"
T(M, "boulder-rename-spread-grades", "rename_function",
  "Rename the function spread_grades to find_grade_gaps and update its call.",
  [("spread_grades(", "find_grade_gaps(", 2)], ["spread_grades", "find_grade_gaps"],
  note="call it `grade_gaps`, not `find_grade_gaps`",
  note_reps=[("spread_grades(", "grade_gaps(", 2)])
T(M, "boulder-rename-gaps-method", "rename_method",
  "Rename the method WallSection.gaps to missing_grades, including its calls.",
  [("def gaps(", "def missing_grades(", 1), ("self.gaps()", "self.missing_grades()", 1),
   ("section.gaps()", "section.missing_grades()", 1)], ["gaps", "missing_grades"])
T(M, "boulder-rename-route-class", "rename_class",
  "Rename the class Route to BoulderProblem.",
  [("class Route:", "class BoulderProblem:", 1), ("self.add_route(Route(", "self.add_route(BoulderProblem(", 1)],
  ["Route", "BoulderProblem"])
T(M, "boulder-rename-stale-variable", "rename_variable",
  "In due_for_strip, rename the local variable stale to expired.",
  [("    stale = []\n", "    expired = []\n", 1), ("            stale.append(route)", "            expired.append(route)", 1),
   ("return sorted(stale,", "return sorted(expired,", 1)], ["stale", "expired"])
T(M, "boulder-rename-low-param", "rename_parameter",
  "Rename the parameter low of spread_grades to floor_grade, updating the keyword argument where it is called.",
  [('def spread_grades(routes, low="V0"', 'def spread_grades(routes, floor_grade="V0"', 1),
   ("lo = grade_index(low)", "lo = grade_index(floor_grade)", 1),
   ("spread_grades(self.routes, low=low,", "spread_grades(self.routes, floor_grade=low,", 1)],
  ["low", "floor_grade"])
T(M, "boulder-rename-max-routes", "rename_constant",
  "Rename the constant MAX_ROUTES_PER_WALL to ROUTE_LIMIT_PER_WALL everywhere in the module.",
  [("MAX_ROUTES_PER_WALL", "ROUTE_LIMIT_PER_WALL", 2)], ["MAX_ROUTES_PER_WALL", "ROUTE_LIMIT_PER_WALL"],
  use_scope=False)
T(M, "boulder-rename-ascents-attr", "rename_attribute",
  "Rename the Route attribute ascents to ascent_count.",
  [("self.ascents", "self.ascent_count", 3)], ["ascents", "ascent_count"])
T(M, "boulder-change-missing-label", "change_literal",
  'In WallSection.summary, change the string "  missing: " to "  unset grades: ".',
  [('"  missing: "', '"  unset grades: "', 1)], ['"  missing: "', '"  unset grades: "'])
T(M, "boulder-change-strip-days", "change_constant",
  "Set STRIP_AFTER_DAYS to 35.",
  [("STRIP_AFTER_DAYS = 42", "STRIP_AFTER_DAYS = 35", 1)], ["42", "35"], use_scope=False)

# ---------- seed_swap_loans ----------
M = "seed_swap_loans"
T(M, "seeds-rename-packet-is-viable", "rename_function",
  "Rename packet_is_viable to is_viable, including where SeedLibrary.available calls it.",
  [("packet_is_viable(", "is_viable(", 2)], ["packet_is_viable", "is_viable"])
T(M, "seeds-rename-overdue-method", "rename_method",
  "Rename the SeedLibrary method overdue to overdue_loans and update the call in reminder_text.",
  [("def overdue(", "def overdue_loans(", 1), ("library.overdue(", "library.overdue_loans(", 1)],
  ["overdue", "overdue_loans"])
T(M, "seeds-rename-member-class", "rename_class",
  "Rename the class Member to Borrower.",
  [("class Member:", "class Borrower:", 1), ("member = Member(name, email)", "member = Borrower(name, email)", 1)],
  ["Member", "Borrower"])
T(M, "seeds-rename-rows-variable", "rename_variable",
  "In reminder_text, rename the variable rows to late_loans.",
  [("    rows = library", "    late_loans = library", 1), ("if not rows:", "if not late_loans:", 1),
   ("due in rows:", "due in late_loans:", 1)], ["rows", "late_loans"])
T(M, "seeds-rename-this-year-param", "rename_parameter",
  "Rename the this_year parameter of packet_is_viable to current_year, including the keyword argument at its call site.",
  [("def packet_is_viable(crop, harvested_year, this_year=None):\n    this_year = this_year or datetime.date.today().year\n",
    "def packet_is_viable(crop, harvested_year, current_year=None):\n    current_year = current_year or datetime.date.today().year\n", 1),
   ("return this_year - harvested_year", "return current_year - harvested_year", 1),
   ("packet.harvested_year, this_year=this_year)", "packet.harvested_year, current_year=this_year)", 1)],
  ["this_year", "current_year"])
T(M, "seeds-rename-return-ratio", "rename_constant",
  "Rename RETURN_RATIO to SEEDS_BACK_RATIO.",
  [("RETURN_RATIO", "SEEDS_BACK_RATIO", 2)], ["RETURN_RATIO", "SEEDS_BACK_RATIO"], use_scope=False)
T(M, "seeds-rename-history-attr", "rename_attribute",
  "Rename the SeedLibrary attribute history to ledger.",
  [("self.history", "self.ledger", 3)], ["history", "ledger"],
  note="name it `loan_log`, not `ledger`", note_reps=[("self.history", "self.loan_log", 3)])
T(M, "seeds-change-no-overdue-text", "change_literal",
  'In reminder_text, change the message "No overdue packets." to "Nothing is overdue.".',
  [('"No overdue packets."', '"Nothing is overdue."', 1)], ['"No overdue packets."', '"Nothing is overdue."'])
T(M, "seeds-change-max-packets", "change_constant",
  "Change MAX_PACKETS_PER_MEMBER from 6 to 8.",
  [("MAX_PACKETS_PER_MEMBER = 6", "MAX_PACKETS_PER_MEMBER = 8", 1)], ["6", "8"], use_scope=False)

# ---------- band_engagements ----------
M = "band_engagements"
T(M, "band-rename-vehicles-needed", "rename_function",
  "Rename the function vehicles_needed to cars_needed and fix its call in quote_fee.",
  [("vehicles_needed(", "cars_needed(", 2)], ["vehicles_needed", "cars_needed"])
T(M, "band-rename-upcoming-method", "rename_method",
  "Rename Diary.upcoming to future_engagements and update season_sheet to match.",
  [("def upcoming(", "def future_engagements(", 1), ("diary.upcoming(", "diary.future_engagements(", 1)],
  ["upcoming", "future_engagements"])
T(M, "band-rename-engagement-class", "rename_class",
  "Rename the class Engagement to Booking.",
  [("class Engagement:", "class Booking:", 1), ("engagement = Engagement(", "engagement = Booking(", 1)],
  ["Engagement", "Booking"])
T(M, "band-rename-away-variable", "rename_variable",
  "Rename the local variable away in Diary.players_free to absent.",
  [("        away = self", "        absent = self", 1), ("not in away]", "not in absent]", 1),
   ("len(away), ", "len(absent), ", 1)], ["away", "absent"])
T(M, "band-rename-vehicles-param", "rename_parameter",
  "Rename the vehicles parameter of travel_cost to car_count, including the keyword argument in quote_fee.",
  [("def travel_cost(miles, vehicles=1,", "def travel_cost(miles, car_count=1,", 1),
   ("miles * 2 * vehicles * rate", "miles * 2 * car_count * rate", 1),
   ("travel_cost(miles, vehicles=", "travel_cost(miles, car_count=", 1)], ["vehicles", "car_count"])
T(M, "band-rename-fee-per-player", "rename_constant",
  "Rename the constant FEE_PER_PLAYER to PLAYER_FEE.",
  [("FEE_PER_PLAYER", "PLAYER_FEE", 2)], ["FEE_PER_PLAYER", "PLAYER_FEE"], use_scope=False)
T(M, "band-rename-confirmed-attr", "rename_attribute",
  "Rename the Engagement attribute confirmed to is_confirmed, including engagement.confirmed in Diary.income.",
  [("self.confirmed", "self.is_confirmed", 3), ("engagement.confirmed", "engagement.is_confirmed", 1)],
  ["confirmed", "is_confirmed"])
T(M, "band-change-pencilled", "change_literal",
  'In Engagement.describe, replace the string "pencilled" with "provisional".',
  [('"pencilled"', '"provisional"', 1)], ['"pencilled"', '"provisional"'])
T(M, "band-change-base-fee", "change_constant",
  "Set BASE_FEE to 500.",
  [("BASE_FEE = 450", "BASE_FEE = 500", 1)], ["450", "500"], use_scope=False,
  note="make it 480, not 500", note_reps=[("BASE_FEE = 450", "BASE_FEE = 480", 1)])

# ---------- sheepdog_runs ----------
M = "sheepdog_runs"
T(M, "sheepdog-default-drop-extremes", "change_default",
  "Make the default of drop_extremes in judges_average True instead of False.",
  [("drop_extremes=False,", "drop_extremes=True,", 1)], ["False", "True"])
T(M, "sheepdog-add-penalty-param", "add_parameter",
  "Add a parameter penalty with a default of 0 at the end of run_score's parameters.",
  [("def run_score(faults_by_phase, retired=False):", "def run_score(faults_by_phase, retired=False, penalty=0):", 1)])
T(M, "sheepdog-remove-weather-param", "remove_parameter",
  "Remove the unused weather parameter from judges_average and drop it from the call in Trial.judged_score.",
  [("def judges_average(scores, drop_extremes=False, weather=None):", "def judges_average(scores, drop_extremes=False):", 1),
   ("drop_extremes=True, weather=self.weather)", "drop_extremes=True)", 1)])
T(M, "sheepdog-docstring-timed-out", "add_docstring",
  'Give Run.timed_out the docstring "Return True when the run went over the time limit."',
  [("    def timed_out(self):\n", '    def timed_out(self):\n        """Return True when the run went over the time limit."""\n', 1)])
T(M, "sheepdog-hints-phase-deduction", "add_type_hints",
  "Add type hints to phase_deduction: phase is a str, faults and per_fault are int, and it returns int.",
  [("def phase_deduction(phase, faults, per_fault=1):", "def phase_deduction(phase: str, faults: int, per_fault: int = 1) -> int:", 1)])
T(M, "sheepdog-wrap-load-marks", "wrap_try_except",
  "In Trial.load_marks, wrap the with block in a try/except OSError that returns 0.",
  [("""        with open(path, encoding="utf-8") as handle:
            for line in handle:
                order, mark = line.split(",")
                self.runs[int(order) - 1].judge_marks.append(float(mark))
""", """        try:
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    order, mark = line.split(",")
                    self.runs[int(order) - 1].judge_marks.append(float(mark))
        except OSError:
            return 0
""", 1)])
T(M, "sheepdog-import-logging", "add_import",
  "Add import logging to the module's imports.",
  [("import statistics\n", "import logging\nimport statistics\n", 1)])
T(M, "sheepdog-insert-run-count", "insert_statement",
  'In results_table, add lines.append(f"Runs: {len(trial.runs)}") just before the return.',
  [('''    return "\\n".join(lines)\n''', '''    lines.append(f"Runs: {len(trial.runs)}")\n    return "\\n".join(lines)\n''', 1)])
T(M, "sheepdog-delete-notes", "delete_statement",
  "Delete the line self.notes = [] from Run.__init__.",
  [("        self.notes = []\n", "", 1)])

# ---------- pottery_firings ----------
M = "pottery_firings"
T(M, "pottery-default-efficiency", "change_default",
  "Change the default efficiency in energy_used from 0.9 to 0.85.",
  [("efficiency=0.9)", "efficiency=0.85)", 1)], ["0.9", "0.85"])
T(M, "pottery-add-verbose-param", "add_parameter",
  "Add a verbose parameter defaulting to False at the end of firing_report's parameter list.",
  [("def firing_report(firing, hours):", "def firing_report(firing, hours, verbose=False):", 1)])
T(M, "pottery-remove-currency-param", "remove_parameter",
  "Remove the currency parameter from firing_cost and the currency argument from its call in Firing.bill.",
  [(", tariff=FIRING_COST_PER_KWH, currency=\"GBP\"):", ", tariff=FIRING_COST_PER_KWH):", 1),
   ('firing_cost(hours, currency="GBP")', "firing_cost(hours)", 1)])
T(M, "pottery-docstring-free-area", "add_docstring",
  'Add the docstring "Return the shelf area in cm2 that is still free." to Shelf.free_area.',
  [("    def free_area(self):\n", '    def free_area(self):\n        """Return the shelf area in cm2 that is still free."""\n', 1)])
T(M, "pottery-hints-shelf-place", "add_type_hints",
  "Annotate Shelf.place so that piece is a Piece and the method returns bool.",
  [("    def place(self, piece):", "    def place(self, piece: Piece) -> bool:", 1)])
T(M, "pottery-wrap-target-temperature", "wrap_try_except",
  'In target_temperature, wrap the return in try/except KeyError and raise ValueError(f"unknown cone: {cone}") from None in the handler.',
  [("    return CONE_TEMPERATURES[cone] + offset\n",
    '    try:\n        return CONE_TEMPERATURES[cone] + offset\n    except KeyError:\n        raise ValueError(f"unknown cone: {cone}") from None\n', 1)])
T(M, "pottery-import-math", "add_import",
  "Add import math to the imports of pottery_firings.py.",
  [("import datetime\n", "import datetime\nimport math\n", 1)])
T(M, "pottery-insert-operator-line", "insert_statement",
  'In firing_report, insert lines.append(f"operator: {firing.operator}") right after the lines list is created.',
  [('''    lines = [f"{firing.kind} firing to cone {firing.cone}"]\n''',
    '''    lines = [f"{firing.kind} firing to cone {firing.cone}"]\n    lines.append(f"operator: {firing.operator}")\n''', 1)])
T(M, "pottery-delete-operator-attr", "delete_statement",
  "Remove the statement self.operator = operator from Firing.__init__.",
  [("        self.operator = operator\n", "", 1)])

# ---------- folk_floor_spots ----------
M = "folk_floor_spots"
T(M, "folk-default-interval", "change_default",
  "Change the default interval of slot_times from 20 to 15.",
  [("interval=20)", "interval=15)", 1)], ["20", "15"],
  note="use 25 minutes, not 15", note_reps=[("interval=20)", "interval=25)", 1)])
T(M, "folk-add-email-param", "add_parameter",
  "Add a parameter email=None to the end of Performer.__init__'s parameters.",
  [('def __init__(self, name, instrument="voice", songs=2, regular=False):',
    'def __init__(self, name, instrument="voice", songs=2, regular=False, email=None):', 1)])
T(M, "folk-remove-verbose-param", "remove_parameter",
  "Remove the verbose parameter from shuffle_order and the verbose keyword from its call in ClubNight.draw_order.",
  [("keep_first=True, verbose=False):", "keep_first=True):", 1),
   ("keep_first=hosts_first, verbose=False)", "keep_first=hosts_first)", 1)])
T(M, "folk-docstring-total-songs", "add_docstring",
  'Add a one-line docstring "Return how many songs the floor spots will sing in all." to ClubNight.total_songs.',
  [("    def total_songs(self):\n", '    def total_songs(self):\n        """Return how many songs the floor spots will sing in all."""\n', 1)])
T(M, "folk-hints-slot-times", "add_type_hints",
  "Add type hints to slot_times: evening is a datetime, count, minutes and interval are int, and it returns a list.",
  [("def slot_times(evening, count, minutes=SPOT_MINUTES, interval=20):",
    "def slot_times(evening: datetime, count: int, minutes: int = SPOT_MINUTES, interval: int = 20) -> list:", 1)])
T(M, "folk-wrap-parse-start", "wrap_try_except",
  'In parse_start, wrap hours, minutes = start.split(":") in a try/except ValueError that raises ValueError(f"bad start time: {start}") from None.',
  [('    hours, minutes = start.split(":")\n',
    '    try:\n        hours, minutes = start.split(":")\n    except ValueError:\n        raise ValueError(f"bad start time: {start}") from None\n', 1)])
T(M, "folk-import-csv", "add_import",
  "Add import csv to the top-level imports.",
  [("import random\n", "import csv\nimport random\n", 1)])
T(M, "folk-insert-collection", "insert_statement",
  "Add self.collection = 0.0 as the last line of ClubNight.__init__.",
  [("        self.signups = []\n        self.order = []\n", "        self.signups = []\n        self.order = []\n        self.collection = 0.0\n", 1)])
T(M, "folk-delete-host-line", "delete_statement",
  'Delete the lines.append(f"Host: {HOST_NAME}") statement from print_sheet.',
  [('    lines.append(f"Host: {HOST_NAME}")\n', "", 1)])

def q(s):
    return json.dumps(s)

out = []
for t in TASKS:
    src_path = MOD / (t["mod"] + ".py")
    src = src_path.read_text()
    exp = edit(src, t["reps"])
    ast.parse(exp)
    (ROOT / "expected" / (t["id"] + ".py")).write_text(exp)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'] + '.py')}", f"instruction = {q(t['instruction'])}",
             f"expected = {q('expected/' + t['id'] + '.py')}"]
    if t["tokens"]:
        keep = toks(exp).count(t["tokens"][0])
        lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
        lines.append(f"keep = {keep}")
    if t["use_scope"]:
        sc = scope_of(src, exp)
        if sc:
            lines.append("scope = [" + ", ".join(q(s) for s in sc) + "]")
        else:
            print("no scope for", t["id"])
    if t["note"]:
        after = edit(src, t["note_reps"])
        ast.parse(after)
        (ROOT / "expected" / (t["id"] + ".after-note.py")).write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("\n\n".join(out) + "\n")
from collections import Counter
print(len(TASKS), Counter(t["kind"] for t in TASKS))
print(Counter(t["mod"] for t in TASKS))
