import io, re, tokenize, difflib, sys
from pathlib import Path

ROOT = Path("/tmp/fresh/eval37")
MOD = ROOT / "modules"

def sub(src, old, new, n=1):
    c = src.count(old)
    assert c == n, (old, c, n)
    return src.replace(old, new)

def ren(src, old, new, n):
    c = len(re.findall(r"\b%s\b" % re.escape(old), src))
    assert c == n, (old, c, n)
    return re.sub(r"\b%s\b" % re.escape(old), new, src)

def toks(s):
    return [t.string for t in tokenize.generate_tokens(io.StringIO(s).readline)
            if t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING, tokenize.OP)
            or t.type == getattr(tokenize, "FSTRING_MIDDLE", -1)]

def tokdiff(a, b):
    ta, tb = toks(a), toks(b)
    pairs = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes():
        if op != "equal":
            pairs.append((op, ta[i1:i2], tb[j1:j2]))
    return pairs

TASKS = []
def task(id, kind, source, instruction, edit, tokens=None, scope=None, note=None, after_edit=None):
    TASKS.append(dict(id=id, kind=kind, source=source, instruction=instruction, edit=edit,
                      tokens=tokens, scope=scope, note=note, after_edit=after_edit))

R = "radio_playlists.py"
task("radio-rename-parse-line", "rename_function", R,
     "the helper that turns a single line from the library file into a Track - can you call it parse_library_entry instead",
     lambda s: ren(s, "parse_track_line", "parse_library_entry", 2),
     tokens=["parse_track_line", "parse_library_entry"], scope=["parse_track_line", "load_library"])
task("radio-rename-local-share", "rename_method", R,
     "rename local_share on ShowPlaylist to local_ratio pls",
     lambda s: ren(s, "local_share", "local_ratio", 2),
     tokens=["local_share", "local_ratio"], scope=["ShowPlaylist.local_share", "ShowPlaylist.meets_quota"])
task("radio-rename-show-class", "rename_class", R,
     "The class that holds one show's tracks and works out its running order should really be called ShowRundown, can you rename it",
     lambda s: ren(s, "ShowPlaylist", "ShowRundown", 2),
     tokens=["ShowPlaylist", "ShowRundown"], scope=["ShowPlaylist", "build_playlist"])
task("radio-rename-clock-var", "rename_variable", R,
     "in running_order `clock` is a confusing name, make it on_air",
     lambda s: ren(s, "clock", "on_air", 5),
     tokens=["clock", "on_air"], scope=["ShowPlaylist.running_order"])
task("radio-rename-separator-param", "rename_parameter", R,
     "parse_track_line's separator parameter -> delimiter",
     lambda s: sub(sub(s, 'def parse_track_line(line, separator="|"):\n    parts = [part.strip() for part in line.split(separator)]',
                         'def parse_track_line(line, delimiter="|"):\n    parts = [part.strip() for part in line.split(delimiter)]'),
                   "parse_track_line(line, separator=separator)", "parse_track_line(line, delimiter=separator)"),
     tokens=["separator", "delimiter"], scope=["parse_track_line", "load_library"])
task("radio-rename-ident-constant", "rename_constant", R,
     "the constant that says how many tracks play between station idents, rename it to IDENT_EVERY_N_TRACKS",
     lambda s: ren(s, "STATION_ID_INTERVAL", "IDENT_EVERY_N_TRACKS", 2),
     tokens=["STATION_ID_INTERVAL", "IDENT_EVERY_N_TRACKS"],
     note="that name is too long, just call it IDENT_INTERVAL",
     after_edit=lambda s: ren(s, "STATION_ID_INTERVAL", "IDENT_INTERVAL", 2))
task("radio-rename-skipped-attr", "rename_attribute", R,
     "On the playlist object, the list where tracks that are too long get dumped - rename that attribute to rejected. The \"skipped\" key in the summary dict stays as it is",
     lambda s: sub(sub(s, "self.skipped", "self.rejected", 2), "playlist.skipped", "playlist.rejected"),
     tokens=["skipped", "rejected"], scope=["ShowPlaylist.__init__", "ShowPlaylist.add_track", "summarise"])
task("radio-ident-duration", "change_literal", R,
     "station idents run 20 secs now, not 15. fix the running order maths",
     lambda s: sub(s, "timedelta(seconds=15)", "timedelta(seconds=20)"),
     tokens=["15", "20"], scope=["ShowPlaylist.running_order"])
task("radio-longer-tracks", "change_constant", R,
     "let tracks be a minute longer before the playlist skips them",
     lambda s: sub(s, "MAX_TRACK_SECONDS = 420", "MAX_TRACK_SECONDS = 480"),
     tokens=["420", "480"])

S = "shearing_tallies.py"
task("shear-leaderboard-top", "change_default", S,
     "leaderboard ought to default to the top five shearers rather than three",
     lambda s: sub(s, "def leaderboard(self, top=3):", "def leaderboard(self, top=5):"),
     tokens=["3", "5"], scope=["ShedDay.leaderboard"])
task("shear-add-encoding", "add_parameter", S,
     "read_tally_sheet needs an `encoding` param on the end, default \"utf-8\". just the signature for now, I'll wire it into open() later",
     lambda s: sub(s, 'def read_tally_sheet(path, farm, delimiter=","):', 'def read_tally_sheet(path, farm, delimiter=",", encoding="utf-8"):'),
     scope=["read_tally_sheet"])
task("shear-drop-learners-flag", "remove_parameter", S,
     "the per-shearer average function takes a learners flag it never even looks at. get rid of it, and from the call too",
     lambda s: sub(sub(s, "def average_per_shearer(shed, include_learners=True):", "def average_per_shearer(shed):"),
                   "average_per_shearer(shed, include_learners=False)", "average_per_shearer(shed)"),
     scope=["average_per_shearer", "day_report"])
task("shear-doc-best-run", "add_docstring", S,
     "docstring for best_run please: \"Return the 1-based number of the run with the most sheep shorn.\"",
     lambda s: sub(s, "    def best_run(self):\n", '    def best_run(self):\n        """Return the 1-based number of the run with the most sheep shorn."""\n'),
     scope=["ShearerTally.best_run"])
task("shear-hints-press-bale", "add_type_hints", S,
     "Add type hints to the method that presses a bale of wool: grade is a str, weight_kg a float, and it returns a float.",
     lambda s: sub(s, "def press_bale(self, grade, weight_kg):", "def press_bale(self, grade: str, weight_kg: float) -> float:"),
     scope=["ShedDay.press_bale"])
task("shear-try-record-run", "wrap_try_except", S,
     "one bad row in the tally csv kills the whole load. wrap the record_run call in a try, and on ValueError just continue to the next row",
     lambda s: sub(s, '            tally.record_run(int(row["run"]), int(row["count"]), int(row.get("second_cuts") or 0))\n',
                   '            try:\n                tally.record_run(int(row["run"]), int(row["count"]), int(row.get("second_cuts") or 0))\n'
                   '            except ValueError:\n                continue\n'),
     scope=["read_tally_sheet"])
task("shear-import-logging", "add_import", S,
     "gonna need logging in shearing_tallies, add the import",
     lambda s: sub(s, "import csv\nimport statistics\n", "import csv\nimport logging\nimport statistics\n"),
     scope=["<imports>"])
task("shear-shedday-notes", "insert_statement", S,
     "ShedDay.__init__ should also start an empty self.notes list. stick it at the end of __init__",
     lambda s: sub(s, "        self.bales = defaultdict(int)\n", "        self.bales = defaultdict(int)\n        self.notes = []\n"),
     scope=["ShedDay.__init__"])
task("shear-drop-debug-print", "delete_statement", S,
     "theres a leftover debug print in the function that loads the tally sheet, remove it",
     lambda s: sub(s, '    print("loaded", len(shed.tallies), "shearers from", path)\n', ""),
     scope=["read_tally_sheet"])

E = "escape_room_bookings.py"
task("escape-rename-step-param", "rename_parameter", E,
     "in the function that finds open slots, rename step_minutes to interval_minutes",
     lambda s: ren(s, "step_minutes", "interval_minutes", 3),
     tokens=["step_minutes", "interval_minutes"], scope=["open_slots", "daily_sheet"])
task("escape-rename-reset-constant", "rename_constant", E,
     "the constant for how long staff need to reset a room between two games: call it TURNAROUND_MINUTES",
     lambda s: ren(s, "RESET_MINUTES", "TURNAROUND_MINUTES", 3),
     tokens=["RESET_MINUTES", "TURNAROUND_MINUTES"])
task("escape-rename-lead-attr", "rename_attribute", E,
     "Booking's lead_name attribute should be contact_name. leave the __init__ parameter named lead_name though",
     lambda s: sub(sub(s, "self.lead_name = lead_name", "self.contact_name = lead_name"),
                   "booking.lead_name", "booking.contact_name", 3),
     tokens=["lead_name", "contact_name"], scope=["Booking.__init__", "reminder_text", "daily_sheet"])
task("escape-reference-length", "change_literal", E,
     "booking references should be 10 characters long, not 8",
     lambda s: sub(s, "uuid.uuid4().hex[:8]", "uuid.uuid4().hex[:10]"),
     tokens=["8", "10"], scope=["Booking.__init__"])
task("escape-deposit-fraction", "change_constant", E,
     "we're upping the deposit to 25% of the price",
     lambda s: sub(s, "DEPOSIT_FRACTION = 0.2\n", "DEPOSIT_FRACTION = 0.25\n"),
     tokens=["0.2", "0.25"],
     note="the owners settled on thirty percent, not twenty-five",
     after_edit=lambda s: sub(s, "DEPOSIT_FRACTION = 0.2\n", "DEPOSIT_FRACTION = 0.3\n"))
task("escape-reminder-lead", "change_default", E,
     "double the default hours_before in reminder_text",
     lambda s: sub(s, "hours_before=24,", "hours_before=48,"),
     tokens=["24", "48"], scope=["reminder_text"])
task("escape-for-day-cancelled", "add_parameter", E,
     "add include_cancelled=False as a new last param of BookingBook.for_day - don't touch the body yet",
     lambda s: sub(s, "def for_day(self, day):", "def for_day(self, day, include_cancelled=False):"),
     scope=["BookingBook.for_day"])
task("escape-drop-staff-param", "remove_parameter", E,
     "open_slots has a staff_on_shift param that does nothign at all. drop it, plus the argument daily_sheet passes for it",
     lambda s: sub(sub(s, "def open_slots(book, room, day, step_minutes=30, staff_on_shift=2):", "def open_slots(book, room, day, step_minutes=30):"),
                   "step_minutes=step, staff_on_shift=1)", "step_minutes=step)"),
     scope=["open_slots", "daily_sheet"])
task("escape-doc-overlaps", "add_docstring", E,
     "the method that decides whether two bookings clash could use a docstring - \"Return True if both bookings share a room and are too close together.\"",
     lambda s: sub(s, "    def overlaps(self, other):\n", '    def overlaps(self, other):\n        """Return True if both bookings share a room and are too close together."""\n'),
     scope=["Booking.overlaps"])

B = "bonsai_care.py"
task("bonsai-hints-serialise", "add_type_hints", B,
     "add type hints to serialise_tree, it takes a Tree and gives back a dict",
     lambda s: sub(s, "def serialise_tree(tree):", "def serialise_tree(tree: Tree) -> dict:"),
     scope=["serialise_tree"])
task("bonsai-try-repot-due", "wrap_try_except", B,
     "repot_due falls over for trees last repotted on feb 29th. put the replace() line in a try, and on ValueError set due = self.last_repotted + timedelta(days=365 * years) instead",
     lambda s: sub(s, "        due = self.last_repotted.replace(year=self.last_repotted.year + years)\n",
                   "        try:\n            due = self.last_repotted.replace(year=self.last_repotted.year + years)\n"
                   "        except ValueError:\n            due = self.last_repotted + timedelta(days=365 * years)\n"),
     scope=["Tree.repot_due"])
task("bonsai-import-shutil", "add_import", B,
     "we'll want shutil for backing up the care log, could you import it",
     lambda s: sub(s, "import json\nfrom dataclasses", "import json\nimport shutil\nfrom dataclasses"),
     scope=["<imports>"])
task("bonsai-clear-before-load", "insert_statement", B,
     "when the care log loads from json it should empty self.trees first, straight after the file-exists check, so a reload doesnt keep stale trees around",
     lambda s: sub(s, "            return 0\n        raw = json.loads", "            return 0\n        self.trees.clear()\n        raw = json.loads"),
     scope=["CareLog.load"])
task("bonsai-no-repot-note", "delete_statement", B,
     "stop repot() from appending that 'repotted into ...' note to the tree, the history list allready covers it",
     lambda s: sub(s, '        tree.notes.append(f"repotted into {pot}")\n', ""),
     scope=["CareLog.repot"])
task("bonsai-rename-thirsty", "rename_function", B,
     "rename the function that lists which trees need water on a given day to trees_needing_water",
     lambda s: ren(s, "thirsty_trees", "trees_needing_water", 2),
     tokens=["thirsty_trees", "trees_needing_water"], scope=["thirsty_trees", "weekly_plan"],
     note="I'd rather it was called due_for_water",
     after_edit=lambda s: ren(s, "thirsty_trees", "due_for_water", 2))
task("bonsai-rename-interval-method", "rename_method", B,
     "Tree has a method working out how many days go between waterings; call it days_between_waterings",
     lambda s: ren(s, "watering_interval", "days_between_waterings", 2),
     tokens=["watering_interval", "days_between_waterings"], scope=["Tree.watering_interval", "Tree.next_watering"])
task("bonsai-rename-carelog", "rename_class", B,
     "CareLog -> BonsaiCollection",
     lambda s: ren(s, "CareLog", "BonsaiCollection", 2),
     tokens=["CareLog", "BonsaiCollection"], scope=["CareLog", "open_collection"])
task("bonsai-rename-names-var", "rename_variable", B,
     "in the weekly planner the `names` list is really the trees to water on that day, so rename the variable to to_water",
     lambda s: ren(s, "names", "to_water", 2),
     tokens=["names", "to_water"], scope=["weekly_plan"])

F = "fairground_inspections.py"
task("fair-wind-limit", "change_constant", F,
     "drop the max wind speed rides can run in by 5 mph",
     lambda s: sub(s, "MAX_WIND_MPH = 35", "MAX_WIND_MPH = 30"),
     tokens=["35", "30"])
task("fair-grace-default", "change_default", F,
     "annual_overdue should give a week's grace by default insted of none",
     lambda s: sub(s, "grace_days=0):", "grace_days=7):"),
     tokens=["0", "7"], scope=["annual_overdue"])
task("fair-add-show-faults", "add_parameter", F,
     "sign_off_sheet: add a show_faults param defaulting to True, after site. signature only, no body changes",
     lambda s: sub(s, 'def sign_off_sheet(results, site="Riverside Fair"):', 'def sign_off_sheet(results, site="Riverside Fair", show_faults=True):'),
     scope=["sign_off_sheet"])
task("fair-drop-weather-source", "remove_parameter", F,
     "The morning inspection round has a weather_source argument nobody reads. Remove it, and the one run_day passes in.",
     lambda s: sub(sub(s, 'def morning_round(rides, inspector, wind_text, bolt_readings, weather_source="anemometer"):',
                          'def morning_round(rides, inspector, wind_text, bolt_readings):'),
                   'bolt_readings, weather_source="handheld")', "bolt_readings)"),
     scope=["morning_round", "run_day"])
task("fair-doc-parse-wind", "add_docstring", F,
     "put this docstring on parse_wind_reading: \"Turn a reading like '22 mph' into miles per hour as a float.\"",
     lambda s: sub(s, "def parse_wind_reading(text):\n", "def parse_wind_reading(text):\n    \"\"\"Turn a reading like '22 mph' into miles per hour as a float.\"\"\"\n"),
     scope=["parse_wind_reading"])
task("fair-hints-wind-ok", "add_type_hints", F,
     "annotate the function that checks whether the wind is ok for a ride: ride is a Ride, wind_mph is float | None, limit is a float, returns bool",
     lambda s: sub(s, "def wind_ok(ride, wind_mph, limit=MAX_WIND_MPH):", "def wind_ok(ride: Ride, wind_mph: float | None, limit: float = MAX_WIND_MPH) -> bool:"),
     scope=["wind_ok"])
task("fair-try-wind-parse", "wrap_try_except", F,
     "if the wind text can't be parsed morning_round shouldnt crash - catch the ValueError around the parse and use None for the wind",
     lambda s: sub(s, "    wind = parse_wind_reading(wind_text)\n",
                   "    try:\n        wind = parse_wind_reading(wind_text)\n    except ValueError:\n        wind = None\n"),
     scope=["morning_round"])
task("fair-import-csv", "add_import", F,
     "add `import csv` to the fairground inspections module",
     lambda s: sub(s, "import logging\nfrom dataclasses", "import csv\nimport logging\nfrom dataclasses"),
     scope=["<imports>"])
task("fair-log-each-ride", "insert_statement", F,
     "could we log.info(\"inspecting %s\", ride.name) as the very first thing inside the per-ride loop of the morning round? helps when reading back the logs",
     lambda s: sub(s, "    for ride in rides:\n        record = InspectionRecord(ride, inspector)\n",
                   "    for ride in rides:\n        log.info(\"inspecting %s\", ride.name)\n        record = InspectionRecord(ride, inspector)\n"),
     scope=["morning_round"])

C = "choir_attendance.py"
task("choir-drop-summary-print", "delete_statement", C,
     "kill the stray print in the concert summary function",
     lambda s: sub(s, '    print(f"summary built for {len(register.singers)} singers")\n', ""),
     scope=["concert_summary"])
task("choir-rename-part-balance", "rename_function", C,
     "part_balance → voice_part_counts",
     lambda s: ren(s, "part_balance", "voice_part_counts", 2),
     tokens=["part_balance", "voice_part_counts"], scope=["part_balance", "concert_summary"])
task("choir-rename-mark-method", "rename_method", C,
     "the Singer method that records a status for one rehearsal day is just called mark, which is a bit vague. rename it set_status",
     lambda s: ren(s, "mark", "set_status", 5),
     tokens=["mark", "set_status"], scope=["Singer.mark", "Register.take_register", "Register.excuse"])
task("choir-rename-singer-class", "rename_class", C,
     "rename the Singer class to Chorister please",
     lambda s: ren(s, "Singer", "Chorister", 2),
     tokens=["Singer", "Chorister"], scope=["Singer", "Register.enrol"],
     note="we call them members in this choir - use Member as the class name",
     after_edit=lambda s: ren(s, "Singer", "Member", 2))
task("choir-rename-eligible-var", "rename_variable", C,
     "in attendance_score `eligible` should be called counted_days, definately clearer",
     lambda s: ren(s, "eligible", "counted_days", 4),
     tokens=["eligible", "counted_days"], scope=["Singer.attendance_score"])
task("choir-rename-threshold-param", "rename_parameter", C,
     "the function that splits singers into ready and at-risk lists: rename its threshold parameter to min_rate",
     lambda s: sub(sub(s, "def concert_ready(register, threshold=MIN_ATTENDANCE_RATE):", "def concert_ready(register, min_rate=MIN_ATTENDANCE_RATE):"),
                   "        if singer.attendance_score(register.rehearsals) >= threshold:", "        if singer.attendance_score(register.rehearsals) >= min_rate:")
                   .replace("concert_ready(register, threshold=threshold)", "concert_ready(register, min_rate=threshold)"),
     tokens=["threshold", "min_rate"], scope=["concert_ready", "concert_summary"])
task("choir-rename-late-constant", "rename_constant", C,
     "whats the constant for how many minutes after the start someone counts as late... rename it LATE_AFTER_MINUTES",
     lambda s: ren(s, "LATE_MINUTES", "LATE_AFTER_MINUTES", 2),
     tokens=["LATE_MINUTES", "LATE_AFTER_MINUTES"])
task("choir-rename-rehearsals-attr", "rename_attribute", C,
     "Register.rehearsals attribute -> rehearsal_days. the `rehearsals` params on the Singer methods aren't part of this",
     lambda s: sub(sub(s, "self.rehearsals", "self.rehearsal_days", 2), "register.rehearsals", "register.rehearsal_days", 3),
     tokens=["rehearsals", "rehearsal_days"], scope=["Register.__init__", "Register.take_register", "concert_ready", "export_register"])
task("choir-new-singer-score", "change_literal", C,
     "right now someone who joined after every rehearsal so far gets a perfect attendance score. make that 0.0 instead of 1.0",
     lambda s: sub(s, "            return 1.0\n", "            return 0.0\n"),
     tokens=["1.0", "0.0"], scope=["Singer.attendance_score"])


def tq(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

def tl(xs):
    return "[" + ", ".join(tq(x) for x in xs) + "]"

out = ["# Held-out edit tasks (eval37), written by a helper session. phrasing = heldout for all.\n"]
(ROOT / "expected").mkdir(exist_ok=True)
for t in TASKS:
    src = (MOD / t["source"]).read_text()
    exp = t["edit"](src)
    assert exp != src, t["id"]
    compile(exp, t["id"], "exec")
    (ROOT / "expected" / f"{t['id']}.py").write_text(exp)
    d = tokdiff(src, exp)
    keep = None
    if t["tokens"]:
        old, new = t["tokens"]
        bad = [p for p in d if not (p[0] == "replace" and all(x == old for x in p[1]) and all(y == new for y in p[2]) and len(p[1]) == len(p[2]))]
        if bad:
            print("TOKEN MISMATCH", t["id"], bad)
        keep = toks(exp).count(old)
    print(f"{t['id']:34} {t['kind']:18} keep={keep} diff={d[:3]}")
    lines = ["[[task]]", f"id = {tq(t['id'])}", f"kind = {tq(t['kind'])}", 'phrasing = "heldout"',
             f"source = {tq('modules/' + t['source'])}", f"instruction = {tq(t['instruction'])}",
             f"expected = {tq('expected/' + t['id'] + '.py')}", f"path = {tq(t['source'])}"]
    if t["tokens"]:
        lines.append(f"tokens = {tl(t['tokens'])}")
        lines.append(f"keep = {keep}")
    if t["scope"]:
        lines.append(f"scope = {tl(t['scope'])}")
    if t["note"]:
        after = t["after_edit"](src)
        compile(after, t["id"] + "-after", "exec")
        (ROOT / "expected" / f"{t['id']}.after-note.py").write_text(after)
        lines.append(f"note = {tq(t['note'])}")
        lines.append(f"after_note = {tq('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines) + "\n")
(ROOT / "tasks.toml").write_text("\n".join(out))

from collections import Counter
print(len(TASKS), Counter(t["kind"] for t in TASKS))
per_mod = {}
for t in TASKS:
    per_mod.setdefault(t["source"], []).append(t["kind"])
for m, ks in per_mod.items():
    print(m, len(ks), len(set(ks)))
