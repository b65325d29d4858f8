"""Builds expected/ files and tasks.toml for this held-out set (string edits, checked by eye)."""
import json, re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def sub(s, old, new, n=1):
    c = s.count(old)
    assert c == n, (old, c, n)
    return s.replace(old, new)

def word(s, old, new, n):
    pat = r"(?<![\w.])" + re.escape(old) + r"\b"
    c = len(re.findall(pat, s))
    assert c == n, (old, c, n)
    return re.sub(pat, new, s)

def attr(s, old, new, n):
    pat = r"\." + re.escape(old) + r"\b"
    c = len(re.findall(pat, s))
    assert c == n, (old, c, n)
    return re.sub(pat, "." + new, s)

def anyword(s, old, new, n):
    # word-boundary rename incl. after a dot (methods called as self.x / obj.x)
    pat = r"\b" + re.escape(old) + r"\b"
    c = len(re.findall(pat, s))
    assert c == n, (old, c, n)
    return re.sub(pat, new, s)

TASKS = []

def task(id, mod, kind, instruction, edit, tokens=None, scope=None, note=None, after=None):
    TASKS.append(dict(id=id, mod=mod, kind=kind, instruction=instruction, edit=edit,
                      tokens=tokens, scope=scope, note=note, after=after))

# ---------------- cottage_changeover_rota.py
C = "cottage_changeover_rota.py"
task("cottage-rename-fit-check", C, "rename_function",
     "the helper that works out whether a clean squeezes in between one stay and the next - rename it to changeover_fits",
     lambda s: anyword(s, "fits_in_window", "changeover_fits", 2),
     ["fits_in_window", "changeover_fits"], ["fits_in_window", "ChangeoverRota.plan"],
     note="not changeover_fits - they'd rather the function was called can_turn_around",
     after=lambda s: anyword(s, "fits_in_window", "can_turn_around", 2))
task("cottage-rename-linen-method", C, "rename_method",
     "rename ChangeoverRota.linen_needed to linen_sets pls",
     lambda s: anyword(s, "linen_needed", "linen_sets", 2),
     ["linen_needed", "linen_sets"], ["ChangeoverRota.linen_needed", "ChangeoverRota.summary"])
task("cottage-rename-booking-class", C, "rename_class",
     "the dataclass describing a guest's booking should be called Stay now, update the spot where they get built too",
     lambda s: anyword(s, "Booking", "Stay", 2),
     ["Booking", "Stay"], ["Booking", "parse_bookings"])
task("cottage-rename-turn-counter", C, "rename_variable",
     "In plan(), turn is a bit vague. it's the counter that cycles through the cleaners, so call it rota_index",
     lambda s: anyword(s, "turn", "rota_index", 3),
     ["turn", "rota_index"], ["ChangeoverRota.plan"])
task("cottage-rename-deep-clean-param", C, "rename_parameter",
     "clean_duration's deep_clean flag -> thorough. the keyword where fits_in_window passes it needs changing as well",
     lambda s: anyword(s, "deep_clean", "thorough", 3),
     ["deep_clean", "thorough"], ["clean_duration", "fits_in_window"])
task("cottage-rename-pet-constant", C, "rename_constant",
     "rename the constant for the extra cleaning time when guests bring a dog to PET_EXTRA_MINUTES",
     lambda s: anyword(s, "PET_SURCHARGE_MINUTES", "PET_EXTRA_MINUTES", 2),
     ["PET_SURCHARGE_MINUTES", "PET_EXTRA_MINUTES"])
task("cottage-rename-assignments-attr", C, "rename_attribute",
     "on the rota class, the dict that maps each changeover day to whichever cleaner has it - rename that attribute to cleaner_for_day",
     lambda s: attr(s, "assignments", "cleaner_for_day", 4),
     ["assignments", "cleaner_for_day"],
     ["ChangeoverRota.__init__", "ChangeoverRota.plan", "ChangeoverRota.summary"])
task("cottage-deep-clean-double", C, "change_literal",
     "deep cleans should take double the normal time, not one and a half times",
     lambda s: sub(s, "int(minutes * 1.5)", "int(minutes * 2)"),
     ["1.5", "2"], ["clean_duration"])
task("cottage-checkin-earlier", C, "change_constant",
     "guests can now arrive an hour eariler, adjust the check-in hour accordingly",
     lambda s: sub(s, "CHECKIN_HOUR = 16", "CHECKIN_HOUR = 15"),
     ["16", "15"])

# ---------------- brass_rubbing_sessions.py
B = "brass_rubbing_sessions.py"
task("brass-rename-tally", B, "rename_variable",
     "the Counter in the method that finds which brasses are most popular - call it by_brass instead",
     lambda s: anyword(s, "tally", "by_brass", 2),
     ["tally", "by_brass"], ["CentreDay.popular_brasses"])
task("brass-rename-wax-param", B, "rename_parameter",
     "materials_cost: wax_per_visitor param → sticks_each",
     lambda s: anyword(s, "wax_per_visitor", "sticks_each", 2),
     ["wax_per_visitor", "sticks_each"], ["materials_cost"])
task("brass-rename-tables-constant", B, "rename_constant",
     "could you rename the constant that holds how many tables the centre has? RUBBING_TABLES would be clearer",
     lambda s: anyword(s, "TABLES", "RUBBING_TABLES", 2),
     ["TABLES", "RUBBING_TABLES"])
task("brass-rename-takings-attr", B, "rename_attribute",
     "rename the takings attribute on CentreDay to till_total",
     lambda s: attr(s, "takings", "till_total", 3),
     ["takings", "till_total"], ["CentreDay.__init__", "CentreDay.take_payment", "CentreDay.report"])
task("brass-report-label", B, "change_literal",
     "in the day report the label \"favourites: \" should read \"most rubbed: \" instead",
     lambda s: sub(s, '"favourites: "', '"most rubbed: "'),
     ['"favourites: "', '"most rubbed: "'], ["CentreDay.report"])
task("brass-session-hour", B, "change_constant",
     "sessions last a full hour now, update the session length",
     lambda s: sub(s, "SESSION_MINUTES = 45", "SESSION_MINUTES = 60"),
     ["45", "60"],
     note="not a whole hour after all - sessions should be 50 minutes",
     after=lambda s: sub(s, "SESSION_MINUTES = 45", "SESSION_MINUTES = 50"))
task("brass-opening-longer", B, "change_default",
     "we're open an hour longer these days, bump CentreDay's default opening_minutes to match",
     lambda s: sub(s, "opening_minutes=360", "opening_minutes=420"),
     ["360", "420"], ["CentreDay.__init__"])
task("brass-add-max-sessions", B, "add_parameter",
     "give sessions_for a max_sessions parameter defaulting to None, on the end. dont wire it up yet",
     lambda s: sub(s, "def sessions_for(visit, per_table=2):", "def sessions_for(visit, per_table=2, max_sessions=None):"),
     None, ["sessions_for"])
task("brass-drop-season", B, "remove_parameter",
     "the function that prices a whole visit takes a season argument and never uses it. get rid of it, along with the season= it's handed in take_payment",
     lambda s: sub(sub(s, 'def visit_price(visit, entry_fee=400, season="summer"):', "def visit_price(visit, entry_fee=400):"),
                   'visit_price(visit, season="winter")', "visit_price(visit)"),
     None, ["visit_price", "CentreDay.take_payment"])

# ---------------- fell_race_marshals.py
F = "fell_race_marshals.py"
task("fell-rename-splits-attr", F, "rename_attribute",
     "the attribute on Runner where each checkpoint's elapsed time gets stored should be called times_at",
     lambda s: attr(s, "splits", "times_at", 6),
     ["splits", "times_at"],
     ["Runner.__init__", "Runner.record", "Runner.last_seen", "Runner.finished",
      "RaceControl.log", "RaceControl.marshal_sheet"])
task("fell-sheet-header", F, "change_literal",
     "marshal sheet header should be \"Checkpoint   Runners\" rather than saying Count",
     lambda s: sub(s, '"Checkpoint     Count"', '"Checkpoint   Runners"'),
     ['"Checkpoint     Count"', '"Checkpoint   Runners"'], ["RaceControl.marshal_sheet"])
task("fell-slow-leg-threshold", F, "change_constant",
     "lower the threshold for flagging a slow leg between two checkpoints to an hour and a half",
     lambda s: sub(s, "MAX_SPLIT_MINUTES = 120", "MAX_SPLIT_MINUTES = 90"),
     ["120", "90"])
task("fell-grace-double", F, "change_default",
     "double the default grace in missed_cutoff",
     lambda s: sub(s, "grace=5,", "grace=10,"),
     ["5", "10"], ["missed_cutoff"])
task("fell-add-skip-header", F, "add_parameter",
     "can you add a skip_header=False param to the function that reads the dibber csv? last in the list, dont use it yet",
     lambda s: sub(s, 'def load_dibber_file(path, race_day, delimiter=","):', 'def load_dibber_file(path, race_day, delimiter=",", skip_header=False):'),
     None, ["load_dibber_file"])
task("fell-drop-category", F, "remove_parameter",
     "missed_cutoff never looks at category. remove that param and the category= arg log() passes",
     lambda s: sub(sub(s, "def missed_cutoff(checkpoint, elapsed, grace=5, category=None):", "def missed_cutoff(checkpoint, elapsed, grace=5):"),
                   'missed_cutoff(checkpoint, elapsed, category="senior")', "missed_cutoff(checkpoint, elapsed)"),
     None, ["missed_cutoff", "RaceControl.log"])
task("fell-doc-last-seen", F, "add_docstring",
     "docstring for the Runner method that gives the furthest checkpoint someone has reached: \"Return the furthest checkpoint this runner has dibbed at, or None.\"",
     lambda s: sub(s, "    def last_seen(self):\n", '    def last_seen(self):\n        """Return the furthest checkpoint this runner has dibbed at, or None."""\n'),
     None, ["Runner.last_seen"])
task("fell-hints-minutes", F, "add_type_hints",
     "annotate minutes_since_start - clock is a dt.datetime, race_day a dt.date, start a dt.time, and it returns a float",
     lambda s: sub(s, "def minutes_since_start(clock, race_day, start=RACE_START):",
                   "def minutes_since_start(clock: dt.datetime, race_day: dt.date, start: dt.time = RACE_START) -> float:"),
     None, ["minutes_since_start"])
task("fell-import-guard", F, "wrap_try_except",
     "in import_file wrap the self.log(...) call in a try/except KeyError, and when it fires append f\"unknown runner #{number}\" to self.alerts rather than blowing up",
     lambda s: sub(s, "            self.log(number, checkpoint, clock)\n",
                   "            try:\n                self.log(number, checkpoint, clock)\n"
                   "            except KeyError:\n                self.alerts.append(f\"unknown runner #{number}\")\n"),
     None, ["RaceControl.import_file"])

# ---------------- mobile_library_halts.py
L = "mobile_library_halts.py"
task("library-fine-cap", L, "change_default",
     "overdue fines should max out at 300p by default, not 500",
     lambda s: sub(s, "cap=500", "cap=300"),
     ["500", "300"], ["overdue_fine"])
task("library-add-stop-buffer", L, "add_parameter",
     "add stop_buffer=0 as the last parameter of drive_minutes, nothing else",
     lambda s: sub(s, "def drive_minutes(miles, speed=DRIVE_SPEED_MPH):", "def drive_minutes(miles, speed=DRIVE_SPEED_MPH, stop_buffer=0):"),
     None, ["drive_minutes"])
task("library-drop-branch-code", L, "remove_parameter",
     "The fine calculation accepts a branch_code that it ignores completely. Please remove it, and the branch_code= argument passed from take_back too.",
     lambda s: sub(sub(s, 'cap=500, branch_code="MV1"):', "cap=500):"),
                   'overdue_fine(issued, returned, branch_code="MV1")', "overdue_fine(issued, returned)"),
     None, ["overdue_fine", "Route.take_back"])
task("library-doc-find", L, "add_docstring",
     "the private helper on Route that looks up a village's stop needs a docstring: \"Return the stop for a village, or raise KeyError if the van doesn't call there.\"",
     lambda s: sub(s, "    def _find(self, village):\n", '    def _find(self, village):\n        """Return the stop for a village, or raise KeyError if the van doesn\'t call there."""\n'),
     None, ["Route._find"])
task("library-hints-due-date", L, "add_type_hints",
     "type hints for due_date please: issued is a dt.date, period an int, returns dt.date",
     lambda s: sub(s, "def due_date(issued, period=LOAN_PERIOD_DAYS):", "def due_date(issued: dt.date, period: int = LOAN_PERIOD_DAYS) -> dt.date:"),
     None, ["due_date"])
task("library-lend-unknown-village", L, "wrap_try_except",
     "in lend(), catch the KeyError from looking the stop up and raise ValueError(f\"{village} is not on this route\") from None instead",
     lambda s: sub(s, "    def lend(self, village, count):\n        stop = self._find(village)\n",
                   "    def lend(self, village, count):\n        try:\n            stop = self._find(village)\n"
                   "        except KeyError:\n            raise ValueError(f\"{village} is not on this route\") from None\n"),
     None, ["Route.lend"])
task("library-import-math", L, "add_import",
     "import math at the top pls, gonna need it shortly",
     lambda s: sub(s, "import datetime as dt\n", "import datetime as dt\nimport math\n"),
     None, ["<imports>"])
task("library-lend-stock-check", L, "insert_statement",
     "lend shouldnt hand out more books than are on board. straight after the stop lookup, assert count <= self.stock with the message \"not enough books on the van\"",
     lambda s: sub(s, "        stop = self._find(village)\n        stop.loans_out += count\n",
                   "        stop = self._find(village)\n        assert count <= self.stock, \"not enough books on the van\"\n        stop.loans_out += count\n"),
     None, ["Route.lend"])
task("library-drop-debug-print", L, "delete_statement",
     "theres a leftover debug print in the method that handles returned books, take it out",
     lambda s: sub(s, '        print("returned", village, count)\n', ""),
     None, ["Route.take_back"])

# ---------------- pumpkin_weighin_board.py
P = "pumpkin_weighin_board.py"
task("pumpkin-doc-eligible", P, "add_docstring",
     "one-liner docstring on the function that decides whether a pumpkin counts for the standings: \"Check an entry is heavy enough for its class and the show minimum.\"",
     lambda s: sub(s, "def eligible(entry, minimum=MIN_ENTRY_KG):\n", 'def eligible(entry, minimum=MIN_ENTRY_KG):\n    """Check an entry is heavy enough for its class and the show minimum."""\n'),
     None, ["eligible"])
task("pumpkin-hints-pounds", P, "add_type_hints",
     "add type hints to the kg to lb converter: kg is a float, places an int, and it gives back a float",
     lambda s: sub(s, "def to_pounds(kg, places=1):", "def to_pounds(kg: float, places: int = 1) -> float:"),
     None, ["to_pounds"])
task("pumpkin-reading-guard", P, "wrap_try_except",
     "add_reading: put the parse_reading call in a try, and on ValueError raise ValueError(f\"can't read scale value {text!r}\") from None",
     lambda s: sub(s, "        value = parse_reading(text, unit)\n",
                   "        try:\n            value = parse_reading(text, unit)\n"
                   "        except ValueError:\n            raise ValueError(f\"can't read scale value {text!r}\") from None\n"),
     None, ["WeighIn.add_reading"])
task("pumpkin-import-counter", P, "add_import",
     "pull in Counter from collections",
     lambda s: sub(s, "import statistics\n", "import statistics\nfrom collections import Counter\n"),
     None, ["<imports>"])
task("pumpkin-scale-flag", P, "insert_statement",
     "WeighIn should start out with a scale_checked flag set to False, add it at the end of __init__",
     lambda s: sub(s, "        self.rejected = []\n", "        self.rejected = []\n        self.scale_checked = False\n"),
     None, ["WeighIn.__init__"])
task("pumpkin-board-no-print", P, "delete_statement",
     "drop the print(rank, entry.grower) from board(), it's just debug noise",
     lambda s: sub(s, "            print(rank, entry.grower)\n", ""),
     None, ["WeighIn.board"])
task("pumpkin-rename-parse", P, "rename_function",
     "the function turning the scale's typed reading into kilos should be read_scale",
     lambda s: anyword(s, "parse_reading", "read_scale", 2),
     ["parse_reading", "read_scale"], ["parse_reading", "WeighIn.add_reading"])
task("pumpkin-rename-lookup", P, "rename_method",
     "WeighIn.lookup → find_entry, fix up the callers as well",
     lambda s: anyword(s, "lookup", "find_entry", 3),
     ["lookup", "find_entry"], ["WeighIn.add_reading", "WeighIn.lookup", "WeighIn.disqualify"],
     note="not find_entry - the reviewer wants the method named entry_for",
     after=lambda s: anyword(s, "lookup", "entry_for", 3))
task("pumpkin-rename-weighin-class", P, "rename_class",
     "rename the class that runs the whole show's weigh-in to WeighInDay",
     lambda s: anyword(s, "WeighIn", "WeighInDay", 1),
     ["WeighIn", "WeighInDay"], ["WeighIn"])

# ---------------- panto_rehearsal_calls.py
T = "panto_rehearsal_calls.py"
task("panto-import-path", T, "add_import",
     "add from pathlib import Path to the imports",
     lambda s: sub(s, "import itertools\n", "import itertools\nfrom pathlib import Path\n"),
     None, ["<imports>"])
task("panto-scripts-reminder", T, "insert_statement",
     "at the very bottom of the rendered call sheet add a line \"Bring your scripts!\" - append it to lines just before the join",
     lambda s: sub(s, '        lines.append("called: " + ", ".join(self.people_called()))\n',
                   '        lines.append("called: " + ", ".join(self.people_called()))\n        lines.append("Bring your scripts!")\n'),
     None, ["CallSheet.render"])
task("panto-drop-printed-flag", T, "delete_statement",
     "nothing ever reads the call sheet's printed flag, so delete the line that sets it",
     lambda s: sub(s, "        self.printed = False\n", ""),
     None, ["CallSheet.__init__"])
task("panto-rename-needed-for", T, "rename_function",
     "the function that lists which cast members a scene needs - rename to cast_for_scene",
     lambda s: anyword(s, "needed_for", "cast_for_scene", 3),
     ["needed_for", "cast_for_scene"], ["needed_for", "can_rehearse", "build_calls"])
task("panto-rename-plays-dame", T, "rename_method",
     "CastMember.plays_dame -> is_dame",
     lambda s: anyword(s, "plays_dame", "is_dame", 1),
     ["plays_dame", "is_dame"], ["CastMember.plays_dame"])
task("panto-rename-scene-class", T, "rename_class",
     "rename class Scene to PantoScene",
     lambda s: anyword(s, "Scene", "PantoScene", 1),
     ["Scene", "PantoScene"], ["Scene"])
task("panto-rename-done-counter", T, "rename_variable",
     "in build_calls, the running count of how many scenes have been slotted in so far - rename it scenes_done, its a bit clearer",
     lambda s: anyword(s, "done", "scenes_done", 3),
     ["done", "scenes_done"], ["build_calls"])
task("panto-rename-break-after", T, "rename_parameter",
     "rename build_calls' break_after param to scenes_per_break",
     lambda s: anyword(s, "break_after", "scenes_per_break", 2),
     ["break_after", "scenes_per_break"], ["build_calls"])
task("panto-rename-curfew", T, "rename_constant",
     "the constant for when the kids have to be finished by: rename it JUNIOR_CURFEW",
     lambda s: anyword(s, "CHILD_CURFEW", "JUNIOR_CURFEW", 2),
     ["CHILD_CURFEW", "JUNIOR_CURFEW"],
     note="the reviewer doesn't like JUNIOR_CURFEW; they want it called CHILDREN_OFF_BY",
     after=lambda s: anyword(s, "CHILD_CURFEW", "CHILDREN_OFF_BY", 2))


def q(x):
    return json.dumps(x, ensure_ascii=False)

out = []
for t in TASKS:
    src = (MOD / t["mod"]).read_text()
    new = t["edit"](src)
    assert new != src
    (EXP / f"{t['id']}.py").write_text(new)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'])}", f"instruction = {q(t['instruction'])}",
             f"expected = {q('expected/' + t['id'] + '.py')}"]
    if t["tokens"]:
        lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
    if t["scope"]:
        lines.append("scope = [" + ", ".join(q(x) for x in t["scope"]) + "]")
    if t["note"]:
        after = t["after"](src)
        (EXP / f"{t['id']}.after-note.py").write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("\n\n".join(out) + "\n")
print(len(TASKS), "tasks")
from collections import Counter
print(Counter(t["kind"] for t in TASKS))
print(Counter(t["mod"] for t in TASKS))
