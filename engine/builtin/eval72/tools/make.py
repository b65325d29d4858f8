"""Writes tasks.toml and expected/ for the eval72 held-out set (helper script)."""
import ast, io, tokenize, json
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval72")
MOD = ROOT / "modules"
EXP = ROOT / "expected"


def ranges(src):
    out = {}
    tree = ast.parse(src)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out[node.name] = (node.lineno, node.end_lineno)
            if isinstance(node, ast.ClassDef):
                for sub in node.body:
                    if isinstance(sub, ast.FunctionDef):
                        out[node.name + "." + sub.name] = (sub.lineno, sub.end_lineno)
    return out


def rename(src, old, new, pred=lambda toks, i: True):
    toks = [t for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT)]
    hits = [t for i, t in enumerate(toks) if t.type == tokenize.NAME and t.string == old and pred(toks, i)]
    assert hits, (old, new)
    lines = src.splitlines(keepends=True)
    for t in sorted(hits, key=lambda t: t.start, reverse=True):
        r, c = t.start
        line = lines[r - 1]
        assert line[c:c + len(old)] == old
        lines[r - 1] = line[:c] + new + line[c + len(old):]
    return "".join(lines), len(hits)


def is_attr(toks, i):
    return i > 0 and toks[i - 1].string == "."


def not_attr(toks, i):
    return not is_attr(toks, i)


def within(src, *names):
    rs = ranges(src)
    spans = [rs[n] for n in names]
    return lambda toks, i: any(a <= toks[i].start[0] <= b for a, b in spans)


def both(p, q):
    return lambda toks, i: p(toks, i) and q(toks, i)


def either(p, q):
    return lambda toks, i: p(toks, i) or q(toks, i)


def kwarg(toks, i):
    return toks[i + 1].string == "=" and toks[i - 1].string in ("(", ",")


def call_kwarg(fname):
    return lambda toks, i: kwarg(toks, i) and (fname + "(") in toks[i].line and not toks[i].line.lstrip().startswith("def ")


def rep(src, old, new):
    assert src.count(old) == 1, (old, src.count(old))
    return src.replace(old, new)


TASKS = []


def task(module, tid, kind, instruction, after, tokens=None, keep=0, scope=None, note=None, after_note=None):
    src = (MOD / module).read_text()
    assert after != src
    ast.parse(after)
    exp = EXP / f"{tid}.py"
    exp.write_text(after)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{module}",
         "instruction": instruction, "expected": f"expected/{tid}.py"}
    if tokens:
        t["tokens"] = tokens
        if keep:
            t["keep"] = keep
    if scope:
        t["scope"] = scope
    if note:
        ast.parse(after_note)
        an = EXP / f"{tid}.after-note.py"
        an.write_text(after_note)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    TASKS.append(t)


def src_of(m):
    return (MOD / m).read_text()


# ---------------------------------------------------------------- tapestry looms
M = "tapestry_loom_bookings.py"
s = src_of(M)
a, n = rename(s, "warp_ends", "count_warp_ends")
b, _ = rename(s, "warp_ends", "warp_end_count")
task(M, "loom-rename-warp-ends", "rename_function",
     "Rename the function warp_ends to count_warp_ends.", a,
     tokens=["warp_ends", "count_warp_ends"], scope=["warp_ends", "weaving_hours"],
     note="Call the function `warp_end_count` instead of `count_warp_ends`.", after_note=b)
a, _ = rename(s, "next_free_day", "first_free_day")
task(M, "loom-rename-next-free-day", "rename_method",
     "Rename the method LoomSchedule.next_free_day to first_free_day.", a,
     tokens=["next_free_day", "first_free_day"], scope=["LoomSchedule.book", "LoomSchedule.next_free_day"])
a, _ = rename(s, "LoomSchedule", "LoomRota")
task(M, "loom-rename-loom-schedule", "rename_class",
     "Rename the class LoomSchedule to LoomRota.", a,
     tokens=["LoomSchedule", "LoomRota"], scope=["LoomSchedule", "build_schedule"])
a, _ = rename(s, "subtotal", "before_margin", within(s, "commission_quote"))
task(M, "loom-rename-subtotal", "rename_variable",
     "In commission_quote, rename the local variable subtotal to before_margin.", a,
     tokens=["subtotal", "before_margin"], scope=["commission_quote"])
a, n = rename(s, "margin", "markup",
              either(within(s, "commission_quote"),
                     both(within(s, "batch_quotes"), call_kwarg("commission_quote"))))
assert n == 3, n
task(M, "loom-rename-margin-param", "rename_parameter",
     "Rename the margin parameter of commission_quote to markup.", a,
     tokens=["margin", "markup"], keep=2, scope=["commission_quote", "batch_quotes"])
a, _ = rename(s, "WEAVER_HOURLY_RATE", "HOURLY_WEAVING_RATE")
task(M, "loom-rename-weaver-rate", "rename_constant",
     "Rename the constant WEAVER_HOURLY_RATE to HOURLY_WEAVING_RATE.", a,
     tokens=["WEAVER_HOURLY_RATE", "HOURLY_WEAVING_RATE"])
a, n = rename(s, "waiting", "wait_list", is_attr)
assert n == 4, n
task(M, "loom-rename-waiting-attr", "rename_attribute",
     "Rename the attribute waiting on LoomSchedule to wait_list.", a,
     tokens=["waiting", "wait_list"],
     scope=["LoomSchedule.__init__", "LoomSchedule.book", "schedule_report"])
a = rep(s, '["Workshop: " + schedule.workshop]', '["Tapestry workshop: " + schedule.workshop]')
task(M, "loom-report-heading", "change_literal",
     'In schedule_report, change the string "Workshop: " to "Tapestry workshop: ".', a,
     tokens=['"Workshop: "', '"Tapestry workshop: "'], scope=["schedule_report"])
a = rep(s, "MAX_WARP_METRES = 12.5", "MAX_WARP_METRES = 15.0")
task(M, "loom-max-warp", "change_constant",
     "Set MAX_WARP_METRES to 15.0.", a, tokens=["12.5", "15.0"])

# ---------------------------------------------------------------- shearing sheds
M = "shearing_shed_rota.py"
s = src_of(M)
a, _ = rename(s, "per_head", "head_rate", within(s, "shearer_pay"))
task(M, "shed-rename-per-head", "rename_variable",
     "Rename the variable per_head in shearer_pay to head_rate.", a,
     tokens=["per_head", "head_rate"], scope=["shearer_pay"])
a, n = rename(s, "per_run", "sheep_per_run",
              either(within(s, "days_to_finish"), both(within(s, "Shed.estimate_days"), call_kwarg("days_to_finish"))))
assert n == 3, n
task(M, "shed-rename-per-run", "rename_parameter",
     "Rename the per_run parameter of days_to_finish to sheep_per_run.", a,
     tokens=["per_run", "sheep_per_run"], scope=["days_to_finish", "Shed.estimate_days"])
a, _ = rename(s, "CREW_RUNS_PER_DAY", "RUNS_PER_DAY")
task(M, "shed-rename-crew-runs", "rename_constant",
     "Rename CREW_RUNS_PER_DAY to RUNS_PER_DAY throughout the module.", a,
     tokens=["CREW_RUNS_PER_DAY", "RUNS_PER_DAY"])
a, n = rename(s, "run_tallies", "tallies_today", is_attr)
assert n == 4
task(M, "shed-rename-run-tallies", "rename_attribute",
     "Rename the Shearer attribute run_tallies to tallies_today.", a,
     tokens=["run_tallies", "tallies_today"],
     scope=["Shearer.__init__", "Shearer.record_run", "Shearer.day_total", "Shearer.reset_day"])
a = rep(s, "gross *= 0.8", "gross *= 0.75")
task(M, "shed-learner-rate", "change_literal",
     "In shearer_pay, change gross *= 0.8 to gross *= 0.75.", a,
     tokens=["0.8", "0.75"], scope=["shearer_pay"])
a = rep(s, "SHED_STANDS = 6", "SHED_STANDS = 8")
b = rep(s, "SHED_STANDS = 6", "SHED_STANDS = 7")
task(M, "shed-stands", "change_constant",
     "Change SHED_STANDS from 6 to 8.", a, tokens=["6", "8"],
     note="The shed has seven stands, so set SHED_STANDS to 7 rather than 8.", after_note=b)
a = rep(s, "stands=SHED_STANDS, pens=3)", "stands=SHED_STANDS, pens=4)")
task(M, "shed-pens-default", "change_default",
     "Make the default of pens in Shed.__init__ 4 instead of 3.", a,
     tokens=["3", "4"], scope=["Shed.__init__"])
a = rep(s, "crutched=False, learner=False):", "crutched=False, learner=False, bonus=0.0):")
task(M, "shed-pay-bonus", "add_parameter",
     "Add a parameter bonus=0.0 to shearer_pay.", a, scope=["shearer_pay"])
a = rep(s, "def gang_payroll(shed, rate=RATE_PER_SHEEP, week=1):", "def gang_payroll(shed, rate=RATE_PER_SHEEP):")
a = rep(a, "gang_payroll(shed, RATE_PER_SHEEP, week_number)", "gang_payroll(shed, RATE_PER_SHEEP)")
task(M, "shed-drop-week", "remove_parameter",
     "Remove the unused week parameter from gang_payroll.", a,
     scope=["gang_payroll", "close_week"])

# ---------------------------------------------------------------- ferry fares
M = "ferry_fare_office.py"
s = src_of(M)
a, n = rename(s, "till", "till_balance", is_attr)
b, _ = rename(s, "till", "cash_in_till", is_attr)
assert n == 2
task(M, "ferry-rename-till", "rename_attribute",
     "Rename the TicketOffice attribute till to till_balance.", a,
     tokens=["till", "till_balance"], scope=["TicketOffice.__init__", "TicketOffice.sell"],
     note="Name the attribute `cash_in_till`, not `till_balance`.", after_note=b)
a = rep(s, 'total * 2 * Decimal("0.9")', 'total * 2 * Decimal("0.85")')
task(M, "ferry-return-discount", "change_literal",
     'In ticket_total, change Decimal("0.9") to Decimal("0.85").', a,
     tokens=['"0.9"', '"0.85"'], scope=["ticket_total"])
a = rep(s, 'ADULT_FARE = Decimal("7.40")', 'ADULT_FARE = Decimal("7.80")')
task(M, "ferry-adult-fare", "change_constant",
     'Set ADULT_FARE to Decimal("7.80").', a, tokens=['"7.40"', '"7.80"'])
a = rep(s, 'peak_markup=Decimal("1.2")', 'peak_markup=Decimal("1.25")')
task(M, "ferry-peak-markup-default", "change_default",
     'Change the default peak_markup in FareTable.__init__ to Decimal("1.25").', a,
     tokens=['"1.2"', '"1.25"'], scope=["FareTable.__init__"])
a = rep(s, "vehicle=None, return_trip=False):", "vehicle=None, return_trip=False, discount_code=None):")
task(M, "ferry-discount-code", "add_parameter",
     "Add a discount_code parameter defaulting to None to ticket_total.", a, scope=["ticket_total"])
a = rep(s, "def load_overrides(table, path, strict=True):", "def load_overrides(table, path):")
a = rep(a, "load_overrides(table, overrides_path, strict=False)", "load_overrides(table, overrides_path)")
task(M, "ferry-drop-strict", "remove_parameter",
     "Remove the strict parameter from load_overrides and from its call.", a,
     scope=["load_overrides", "prepare_table"])
a = rep(s, 'def vehicle_charge(vehicle, length_m=None, oversize_rate=Decimal("3.00")):\n',
        'def vehicle_charge(vehicle, length_m=None, oversize_rate=Decimal("3.00")):\n'
        '    """Return the surcharge for a vehicle, plus a rate per metre over five metres."""\n')
task(M, "ferry-doc-vehicle-charge", "add_docstring",
     'Give vehicle_charge the docstring "Return the surcharge for a vehicle, plus a rate per metre over five metres."', a,
     scope=["vehicle_charge"])
a = rep(s, "def base_fare(self, passenger_type):", "def base_fare(self, passenger_type: str) -> Decimal:")
task(M, "ferry-hints-base-fare", "add_type_hints",
     "Annotate FareTable.base_fare: passenger_type is a str and it returns a Decimal.", a,
     scope=["FareTable.base_fare"])
a = rep(s, "    with open(path) as handle:\n        data = json.load(handle)\n",
        "    with open(path) as handle:\n        try:\n            data = json.load(handle)\n"
        "        except json.JSONDecodeError:\n            return 0\n")
task(M, "ferry-wrap-json-load", "wrap_try_except",
     "In load_overrides, wrap data = json.load(handle) in a try/except json.JSONDecodeError that returns 0.", a,
     scope=["load_overrides"])

# ---------------------------------------------------------------- reef dives
M = "reef_dive_survey.py"
s = src_of(M)
a = rep(s, "def coral_cover(points_hit, points_total, precision=1):", "def coral_cover(points_hit, points_total, precision=2):")
task(M, "reef-cover-precision", "change_default",
     "Change the default precision of coral_cover from 1 to 2.", a,
     tokens=["1", "2"], keep=4, scope=["coral_cover"])
a = rep(s, 'def read_transect(path, site, delimiter=","):', 'def read_transect(path, site, delimiter=",", encoding="utf-8"):')
task(M, "reef-transect-encoding", "add_parameter",
     'Add an encoding parameter with default "utf-8" to read_transect.', a, scope=["read_transect"])
a = rep(s, "def survey_report(log, top=5, verbose=False):", "def survey_report(log, top=5):")
a = rep(a, "survey_report(log, top=10, verbose=True)", "survey_report(log, top=10)")
task(M, "reef-drop-verbose", "remove_parameter",
     "Drop the verbose parameter from survey_report, including the verbose=True argument in print_survey.", a,
     scope=["survey_report", "print_survey"])
a = rep(s, "def bleaching_index(dive, weights=(0, 1, 2, 3)):\n",
        "def bleaching_index(dive, weights=(0, 1, 2, 3)):\n"
        '    """Return the mean bleaching score of the colonies logged on a dive."""\n')
task(M, "reef-doc-bleaching-index", "add_docstring",
     'Add the docstring "Return the mean bleaching score of the colonies logged on a dive." to bleaching_index.', a,
     scope=["bleaching_index"])
a = rep(s, "def coral_cover(points_hit, points_total, precision=1):",
        "def coral_cover(points_hit: int, points_total: int, precision: int = 1) -> float:")
task(M, "reef-hints-coral-cover", "add_type_hints",
     "Add type hints to coral_cover: points_hit, points_total and precision are int, and it returns float.", a,
     scope=["coral_cover"])
old = '''    with open(path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter=delimiter):
            if row["site"] != site:
                continue
            total += 1
            if row["substrate"] == "coral":
                hits += 1
'''
new = '''    try:
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle, delimiter=delimiter):
                if row["site"] != site:
                    continue
                total += 1
                if row["substrate"] == "coral":
                    hits += 1
    except FileNotFoundError:
        return 0.0
'''
a = rep(s, old, new)
task(M, "reef-wrap-open-transect", "wrap_try_except",
     "In read_transect, wrap the with open(...) block in a try/except FileNotFoundError that returns 0.0.", a,
     scope=["read_transect"])
a = rep(s, "import csv\n", "import csv\nimport logging\n")
task(M, "reef-import-logging", "add_import",
     "Add import logging to reef_dive_survey.py.", a, scope=["<imports>"])
a = rep(s, "        self.dives.append(dive)\n", "        self.dives.append(dive)\n        return len(self.dives)\n")
task(M, "reef-add-dive-return", "insert_statement",
     "At the end of SurveyLog.add_dive, add return len(self.dives).", a, scope=["SurveyLog.add_dive"])
a = rep(s, '    lines.append(f"dives: {len(log.dives)}, sites: {len(log.sites())}")\n', "")
task(M, "reef-drop-dives-line", "delete_statement",
     'Delete the statement lines.append(f"dives: {len(log.dives)}, sites: {len(log.sites())}") from survey_report.', a, scope=["survey_report"])

# ---------------------------------------------------------------- barber queue
M = "barber_shop_queue.py"
s = src_of(M)
a = rep(s, "def estimated_wait(queue, barbers=2):\n",
        "def estimated_wait(queue, barbers=2):\n"
        '    """Return the estimated wait in minutes for a new walk-in."""\n')
task(M, "barber-doc-estimated-wait", "add_docstring",
     'Put the docstring "Return the estimated wait in minutes for a new walk-in." on estimated_wait.', a,
     scope=["estimated_wait"])
a = rep(s, "def is_open(hour, late_night=False):", "def is_open(hour: int, late_night: bool = False) -> bool:")
task(M, "barber-hints-is-open", "add_type_hints",
     "Add type hints to is_open: hour is int, late_night is bool, and it returns bool.", a, scope=["is_open"])
a = rep(s, "        customer, priority = parse_booking(line)\n",
        "        try:\n            customer, priority = parse_booking(line)\n"
        "        except ValueError:\n            continue\n")
task(M, "barber-wrap-parse-booking", "wrap_try_except",
     "In load_queue, wrap the parse_booking(line) call in try/except ValueError and continue on error.", a,
     scope=["load_queue"])
a = rep(s, "import time\n", "import time\nfrom datetime import datetime\n")
task(M, "barber-import-datetime", "add_import",
     "Add from datetime import datetime to the imports of barber_shop_queue.py.", a, scope=["<imports>"])
a = rep(s, "        queue.heap.clear()\n", "        queue.heap.clear()\n        queue.in_chair.clear()\n")
task(M, "barber-clear-chairs", "insert_statement",
     "In end_of_day, add queue.in_chair.clear() right after queue.heap.clear().", a, scope=["end_of_day"])
a = rep(s, "                heapq.heapify(self.heap)\n", "")
task(M, "barber-drop-heapify", "delete_statement",
     "Remove the heapq.heapify(self.heap) line from WalkInQueue.next_customer.", a,
     scope=["WalkInQueue.next_customer"])
a, n = rename(s, "parse_booking", "parse_walk_in")
assert n == 2, n
task(M, "barber-rename-parse-booking", "rename_function",
     "Rename parse_booking to parse_walk_in.", a,
     tokens=["parse_booking", "parse_walk_in"], scope=["parse_booking", "load_queue"])
a, n = rename(s, "waiting_names", "queued_names")
assert n == 2
task(M, "barber-rename-waiting-names", "rename_method",
     "Rename the WalkInQueue method waiting_names to queued_names.", a,
     tokens=["waiting_names", "queued_names"], scope=["WalkInQueue.waiting_names", "end_of_day"])
a, n = rename(s, "Customer", "WalkIn")
assert n == 2
task(M, "barber-rename-customer", "rename_class",
     "Rename the Customer class to WalkIn.", a,
     tokens=["Customer", "WalkIn"], scope=["Customer", "parse_booking"])

# ---------------------------------------------------------------- canoe polo
M = "canoe_polo_fixtures.py"
s = src_of(M)
a = rep(s, "import random\n", "import itertools\nimport random\n")
task(M, "polo-import-itertools", "add_import",
     "Add import itertools to canoe_polo_fixtures.py.", a, scope=["<imports>"])
a = rep(s, "def build_fixtures(league, shuffle=True, seed=None):\n",
        "def build_fixtures(league, shuffle=True, seed=None):\n    league.matches.clear()\n")
task(M, "polo-clear-matches", "insert_statement",
     "Insert league.matches.clear() as the first line of build_fixtures.", a, scope=["build_fixtures"])
a = rep(s, "        self.season = season\n", "")
task(M, "polo-drop-season", "delete_statement",
     "Delete self.season = season from League.__init__.", a, scope=["League.__init__"])
a, n = rename(s, "round_robin", "circle_fixtures")
assert n == 2
task(M, "polo-rename-round-robin", "rename_function",
     "Rename round_robin to circle_fixtures.", a,
     tokens=["round_robin", "circle_fixtures"], scope=["round_robin", "build_fixtures"])
a, n = rename(s, "winner", "winning_team", either(is_attr, within(s, "Match.winner")))
assert n == 2, n
task(M, "polo-rename-winner", "rename_method",
     "Rename the Match method winner to winning_team.", a,
     tokens=["winner", "winning_team"], keep=3, scope=["Match.winner", "league_table"])
a, n = rename(s, "Match", "Fixture")
b, _ = rename(s, "Match", "PoloMatch")
assert n == 2
task(M, "polo-rename-match", "rename_class",
     "Rename the class Match to Fixture.", a,
     tokens=["Match", "Fixture"], scope=["Match", "round_robin"],
     note="Please call the class `PoloMatch` instead of `Fixture`.", after_note=b)
a, n = rename(s, "goal_diff", "goal_difference", within(s, "league_table"))
assert n == 4, n
task(M, "polo-rename-goal-diff", "rename_variable",
     "In league_table, rename goal_diff to goal_difference.", a,
     tokens=["goal_diff", "goal_difference"], scope=["league_table"])
a, n = rename(s, "win_points", "points_per_win")
assert n == 2
task(M, "polo-rename-win-points", "rename_parameter",
     "Rename the win_points parameter of league_table to points_per_win.", a,
     tokens=["win_points", "points_per_win"], scope=["league_table"])
a, n = rename(s, "EJECTION_LIMIT", "MAX_EJECTIONS")
assert n == 3
task(M, "polo-rename-ejection-limit", "rename_constant",
     "Rename the constant EJECTION_LIMIT to MAX_EJECTIONS.", a,
     tokens=["EJECTION_LIMIT", "MAX_EJECTIONS"])


def toml_value(v):
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, int):
        return str(v)
    return json.dumps(v, ensure_ascii=False)


out = []
for t in TASKS:
    out.append("[[task]]")
    for k, v in t.items():
        out.append(f"{k} = {toml_value(v)}")
    out.append("")
(ROOT / "tasks.toml").write_text("\n".join(out))
from collections import Counter
print(len(TASKS), Counter(t["kind"] for t in TASKS))
print(Counter(t["source"] for t in TASKS))
