"""Builds expected/ and tasks.toml for the held-out set eval39 (helper script, string edits)."""
import ast, io, json, re, tokenize, difflib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"
EXP.mkdir(exist_ok=True)

def rep(text, old, new, n=1):
    c = text.count(old)
    assert c == n, (old, c, n)
    return text.replace(old, new)

def word(text, old, new, n):
    # replace NAME tokens spelled `old` (code only: not strings, comments or docstrings)
    lines = text.splitlines(keepends=True)
    hits = [t.start for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type == tokenize.NAME and t.string == old]
    assert len(hits) == n, (old, len(hits), n)
    for row, col in reversed(hits):
        ln = lines[row - 1]
        lines[row - 1] = ln[:col] + new + ln[col + len(old):]
    return "".join(lines)

def seq(*steps):
    def f(t):
        for s in steps:
            t = s(t)
        return t
    return f

R = lambda old, new, n=1: (lambda t: rep(t, old, new, n))
W = lambda old, new, n: (lambda t: word(t, old, new, n))

TASKS = []
def task(id, kind, src, instruction, edit, tokens=None, note=None, after=None, scope=True):
    TASKS.append(dict(id=id, kind=kind, src=src, instruction=instruction, edit=edit,
                      tokens=tokens, note=note, after=after, scope=scope))

# ---------------------------------------------------------------- ski_passes
S = "ski_passes.py"
task("ski-rename-quote-price", "rename_function", S,
     "the function that works out what a pass costs from the rider's age and number of days - can we call it compute_pass_price instead",
     W("quote_price", "compute_pass_price", 2), ["quote_price", "compute_pass_price"])
task("ski-rename-chairs-needed", "rename_method", S,
     "rename chairs_needed to chairs_required on Turnstile",
     W("chairs_needed", "chairs_required", 1), ["chairs_needed", "chairs_required"])
task("ski-rename-liftpass-class", "rename_class", S,
     "LiftPass -> SkiPass pls, marketing insists",
     W("LiftPass", "SkiPass", 2), ["LiftPass", "SkiPass"])
task("ski-rename-sold-list", "rename_variable", S,
     "in the function that sells a batch of passes, the local list collecting the new pass objects should be called issued",
     W("sold", "issued", 4), ["sold", "issued"])
task("ski-rename-days-param", "rename_parameter", S,
     "in quote_price rename the `days` argument to num_days. the keyword call that passes it needs updating too, nothing else called days should change",
     seq(R("def quote_price(age, days=1, peak=False):", "def quote_price(age, num_days=1, peak=False):"),
         R("ADULT_DAY_PRICE * days", "ADULT_DAY_PRICE * num_days"),
         R("PEAK_SURCHARGE * days", "PEAK_SURCHARGE * num_days"),
         R("quote_price(self.age, days=self.valid_days", "quote_price(self.age, num_days=self.valid_days")),
     ["days", "num_days"])
task("ski-rename-scan-cap", "rename_constant", S,
     "the cap on how many times one pass can go through the gates in an hour: rename that constant to HOURLY_SCAN_LIMIT",
     W("MAX_SCANS_PER_HOUR", "HOURLY_SCAN_LIMIT", 2), ["MAX_SCANS_PER_HOUR", "HOURLY_SCAN_LIMIT"],
     note="not HOURLY_SCAN_LIMIT - our limits are named <THING>_LIMIT_PER_<PERIOD>, so it should be SCAN_LIMIT_PER_HOUR",
     after=W("MAX_SCANS_PER_HOUR", "SCAN_LIMIT_PER_HOUR", 2))
task("ski-rename-scans-attr", "rename_attribute", S,
     "the list where a lift pass keeps its gate scan timestamps, rename that attribute to scan_log",
     R("self.scans", "self.scan_log", 3), ["scans", "scan_log"])
task("ski-senior-discount", "change_literal", S,
     "seniors should get 25% off instead of 20 when the price is worked out",
     R("total *= 0.8", "total *= 0.75"), ["0.8", "0.75"])
task("ski-child-age-cutoff", "change_constant", S,
     "kids pricing shoudl cover one more year of age, bump the child age cutoff by one",
     R("CHILD_AGE_LIMIT = 12", "CHILD_AGE_LIMIT = 13"), ["12", "13"])

# ---------------------------------------------------------------- goat_dairy
G = "goat_dairy.py"
task("goat-rename-averages", "rename_variable", G,
     "inside low_yielders, rename averages to avg_by_doe",
     W("averages", "avg_by_doe", 4), ["averages", "avg_by_doe"])
task("goat-rename-parlour-param", "rename_parameter", G,
     "the parlour arg of the function that turns one csv row into a record dict is really a fallback. rename it default_parlour and fix the keyword where it gets called",
     seq(R("def parse_record(row, line_no, parlour=DEFAULT_PARLOUR):", "def parse_record(row, line_no, default_parlour=DEFAULT_PARLOUR):"),
         R('row.get("parlour") or parlour,', 'row.get("parlour") or default_parlour,'),
         R("parse_record(row, line_no, parlour=parlour)", "parse_record(row, line_no, default_parlour=parlour)")),
     ["parlour", "default_parlour"])
task("goat-rename-window-const", "rename_constant", G,
     "ROLLING_WINDOW_DAYS → AVERAGE_WINDOW_DAYS",
     W("ROLLING_WINDOW_DAYS", "AVERAGE_WINDOW_DAYS", 2), ["ROLLING_WINDOW_DAYS", "AVERAGE_WINDOW_DAYS"])
task("goat-rename-history-attr", "rename_attribute", G,
     "on the doe class, the dict mapping each day to litres milked is called history which realy tells you nothing. make it daily_litres",
     R("self.history", "self.daily_litres", 4), ["history", "daily_litres"])
task("goat-cell-reason-text", "change_literal", G,
     "change the reason text we store when a reading has too many somatic cells to 'somatic cell count over limit'",
     R('"high cell count"', '"somatic cell count over limit"'), ['"high cell count"', '"somatic cell count over limit"'])
task("goat-milkings-per-day", "change_constant", G,
     "we've added one more milking a day, update the milkings-per-day constant",
     R("MILKINGS_PER_DAY = 2", "MILKINGS_PER_DAY = 3"), ["2", "3"],
     note="three is wrong, the new parlour lets us milk four times a day so it should be 4",
     after=R("MILKINGS_PER_DAY = 2", "MILKINGS_PER_DAY = 4"))
task("goat-keep-blank-rows", "change_default", G,
     "load_records should keep rows with a blank kg by default now, flip that default",
     R("skip_blank=True", "skip_blank=False"), ["True", "False"])
task("goat-daily-totals-until", "add_parameter", G,
     "add an until=None param to daily_totals at the end of its params, don't use it yet",
     R("def daily_totals(records, doe, since=None):", "def daily_totals(records, doe, since=None, until=None):"))
task("goat-drop-line-no", "remove_parameter", G,
     "line_no isn't used anywhere in parse_record. get rid of the parameter and stop passing it in",
     seq(R("def parse_record(row, line_no, parlour=DEFAULT_PARLOUR):", "def parse_record(row, parlour=DEFAULT_PARLOUR):"),
         R("parse_record(row, line_no, parlour=parlour)", "parse_record(row, parlour=parlour)")))

# ---------------------------------------------------------------- repair_cafe
C = "repair_cafe.py"
task("cafe-rename-max-open-attr", "rename_attribute", C,
     "on Volunteer, rename the max_open attribute to open_limit. only the self. attribute - the constructor arg keeps its name",
     R("self.max_open", "self.open_limit", 2), ["max_open", "open_limit"])
task("cafe-safety-extra-minutes", "change_literal", C,
     "safety-checked stuff takes longer than we think, add five more minutes to the extra time the estimate gives those categories",
     R("minutes += 15", "minutes += 20"), ["15", "20"])
task("cafe-fewer-open-tickets", "change_constant", C,
     "volunteers are getting swamped. by default allow one fewer open ticket per volunteer (the module-level constant)",
     R("MAX_OPEN_PER_VOLUNTEER = 3", "MAX_OPEN_PER_VOLUNTEER = 2"), ["3", "2"])
task("cafe-json-indent", "change_default", C,
     "double the default json indent in save_queue",
     R("def save_queue(tickets, path, indent=2):", "def save_queue(tickets, path, indent=4):"), ["2", "4"],
     note="4 makes the saved files far too long; the reviewer wants the default indent to be 1",
     after=R("def save_queue(tickets, path, indent=2):", "def save_queue(tickets, path, indent=1):"))
task("cafe-normalise-aliases", "add_parameter", C,
     "normalise_category needs a new last parameter aliases, default None. no need to use it yet",
     R('def normalise_category(raw, fallback="furniture"):', 'def normalise_category(raw, fallback="furniture", aliases=None):'))
task("cafe-drop-fault-arg", "remove_parameter", C,
     "the fault argument to the repair-time estimator is never read. remove it from the signature and from the call in Ticket",
     seq(R("def estimate_minutes(category, item, fault, base=DEFAULT_ESTIMATE_MINUTES):", "def estimate_minutes(category, item, base=DEFAULT_ESTIMATE_MINUTES):"),
         R("estimate_minutes(self.category, item, fault)", "estimate_minutes(self.category, item)")))
task("cafe-doc-can-take", "add_docstring", C,
     'give the method that decides whether a volunteer can pick up a ticket a one-line docstring: "Return True if the volunteer has the skill and a free slot for this ticket."',
     R("    def can_take(self, ticket):\n", '    def can_take(self, ticket):\n        """Return True if the volunteer has the skill and a free slot for this ticket."""\n'))
task("cafe-hints-estimate", "add_type_hints", C,
     "type hints for estimate_minutes please: category, item and fault are str, base is int, and it returns int",
     R("def estimate_minutes(category, item, fault, base=DEFAULT_ESTIMATE_MINUTES):",
       "def estimate_minutes(category: str, item: str, fault: str, base: int = DEFAULT_ESTIMATE_MINUTES) -> int:"))
task("cafe-save-oserror", "wrap_try_except", C,
     "when we write the queue out to disk, catch OSError around the with-block and return 0 if teh write blows up",
     R('''    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle, indent=indent)
''', '''    try:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(payload, handle, indent=indent)
    except OSError:
        return 0
'''))

# ---------------------------------------------------------------- bowling_lanes
B = "bowling_lanes.py"
task("bowl-shoes-default", "change_default", B,
     "most folks bring their own shoes now, so the function that prices a booking shouldn't assume shoe hire unless it's told to",
     R("shoes=True", "shoes=False"), ["True", "False"])
task("bowl-total-max-score", "add_parameter", B,
     "total_score: tack a max_score=300 parameter on the end, nothing else",
     R("def total_score(rolls, handicap=0):", "def total_score(rolls, handicap=0, max_score=300):"))
task("bowl-drop-lane-number", "remove_parameter", B,
     "the game-length estimate takes a lane_number it never looks at; drop it, and the arg in Lane.start",
     seq(R("def estimate_duration(players, games=1, slow_group=False, lane_number=None):", "def estimate_duration(players, games=1, slow_group=False):"),
         R("estimate_duration(booking.players, games=booking.games, lane_number=self.number)", "estimate_duration(booking.players, games=booking.games)")))
task("bowl-doc-frame-scores", "add_docstring", B,
     'docstring for the function that scores each frame from the raw list of rolls: "Return per-frame scores for a flat list of rolls."',
     R("def frame_scores(rolls):\n", 'def frame_scores(rolls):\n    """Return per-frame scores for a flat list of rolls."""\n'))
task("bowl-hints-booking-price", "add_type_hints", B,
     "annotate booking_price: players and games are ints, shoes and member are bools, returns a float",
     R("def booking_price(players, games=1, shoes=True, member=False):",
       "def booking_price(players: int, games: int = 1, shoes: bool = True, member: bool = False) -> float:"))
task("bowl-lane-lookup-try", "wrap_try_except", B,
     "lane_by_number blows up on a bad number. wrap the lookup in a try and return None on IndexError",
     R('''        return self.lanes[number - 1]
''', '''        try:
            return self.lanes[number - 1]
        except IndexError:
            return None
'''))
task("bowl-import-logging", "add_import", B,
     "add `import logging` with the other imports, going to need it",
     R("import math\n", "import logging\nimport math\n"))
task("bowl-clamp-players", "insert_statement", B,
     "at the very top of the function that estimates how long a booking runs, clamp players to at least 1 (players = max(players, 1))",
     R("def estimate_duration(players, games=1, slow_group=False, lane_number=None):\n",
       "def estimate_duration(players, games=1, slow_group=False, lane_number=None):\n    players = max(players, 1)\n"))
task("bowl-release-no-reset", "delete_statement", B,
     "releasing a lane doesnt need to zero busy_until, is_free already says free once booking is None. delete that line",
     R("""    def release(self):
        self.booking = None
        self.busy_until = 0.0
""", """    def release(self):
        self.booking = None
"""))

# ---------------------------------------------------------------- rowing_bookings
O = "rowing_bookings.py"
task("row-doc-latest-return", "add_docstring", O,
     'one-line docstring on the helper that works out the back-by time from sunset: "Return the time crews must be back, a margin before sunset."',
     R("def latest_return(sunset, margin=SUNSET_MARGIN_MINUTES):\n",
       'def latest_return(sunset, margin=SUNSET_MARGIN_MINUTES):\n    """Return the time crews must be back, a margin before sunset."""\n'))
task("row-hints-crew-size", "add_type_hints", O,
     "crew_size should take boat_class: str and return int, add the hints",
     R("def crew_size(boat_class):", "def crew_size(boat_class: str) -> int:"))
task("row-slot-parse-error", "wrap_try_except", O,
     'in parse_slot wrap the line that splits the text into start/end in try/except ValueError, and re-raise as ValueError(f"bad slot {text!r}, expected HH:MM-HH:MM") from None',
     R('''    start_text, end_text = text.split("-")
''', '''    try:
        start_text, end_text = text.split("-")
    except ValueError:
        raise ValueError(f"bad slot {text!r}, expected HH:MM-HH:MM") from None
'''))
task("row-import-json", "add_import", O,
     "import json up top becuase we'll be exporting the day sheet soon",
     R("import datetime as dt\n", "import datetime as dt\nimport json\n"))
task("row-sort-day-sheet", "insert_statement", O,
     "the printout of a day's bookings should come out in time order - sort the rows in place just before they're returned",
     R("""                    rows.append(f"{start:%H:%M}-{end:%H:%M} {boat_name}: {names}")
        return rows
""", """                    rows.append(f"{start:%H:%M}-{end:%H:%M} {boat_name}: {names}")
        rows.sort()
        return rows
"""))
task("row-no-derig-on-damage", "delete_statement", O,
     "when damage gets reported we also set rigged to False, which is pointless since a damage note already makes the boat unusable. drop that line",
     R("""        self.damage_notes.append(note)
        self.rigged = False
""", """        self.damage_notes.append(note)
"""))
task("row-rename-flag-check", "rename_function", O,
     "the function that decides from the flag colour whether a crew may go out: rename it may_launch",
     W("allowed_on_water", "may_launch", 2), ["allowed_on_water", "may_launch"])
task("row-rename-clashes", "rename_method", O,
     "BookingSheet.clashes -> overlaps_existing",
     W("clashes", "overlaps_existing", 2), ["clashes", "overlaps_existing"])
task("row-rename-boat-class", "rename_class", O,
     "rename the class that represents a single boat in the fleet to Shell, that's what rowers call them",
     W("Boat", "Shell", 2), ["Boat", "Shell"])

# ---------------------------------------------------------------- sauna_sessions
N = "sauna_sessions.py"
task("sauna-import-decimal", "add_import", N,
     "add from decimal import Decimal to the imports, prices are going decimal soon",
     R("from datetime import datetime, timedelta\n", "from datetime import datetime, timedelta\nfrom decimal import Decimal\n"))
task("sauna-admit-strip-name", "insert_statement", N,
     "names come in from the till with stray spaces. first thing in admit, do name = name.strip()",
     R("""    def admit(self, name, concession=False, towel=False):
""", """    def admit(self, name, concession=False, towel=False):
        name = name.strip()
"""))
task("sauna-sell-no-truncate", "delete_statement", N,
     "the bit in sell that chops seconds and microseconds off the time isn't needed, session_at copes with any datetime. remove it",
     R("""        when = when.replace(second=0, microsecond=0)
""", ""))
task("sauna-rename-timetable-fn", "rename_function", N,
     "the function that lays out a day's session start times - call it session_start_times",
     W("build_timetable", "session_start_times", 2), ["build_timetable", "session_start_times"],
     note="session_start_times is too wordy; name it day_slots instead",
     after=W("build_timetable", "day_slots", 2))
task("sauna-rename-places-left", "rename_method", N,
     "rename places_left to free_places on Session",
     W("places_left", "free_places", 3), ["places_left", "free_places"])
task("sauna-rename-session-class", "rename_class", N,
     "the class for one timed sitting in the sauna should be called SaunaSession",
     W("Session", "SaunaSession", 2), ["Session", "SaunaSession"])
task("sauna-rename-cursor", "rename_variable", N,
     "in the timetable builder the variable that steps through the day is called cursor, rename it slot_start",
     W("cursor", "slot_start", 4), ["cursor", "slot_start"])
task("sauna-rename-towel-param", "rename_parameter", N,
     "ticket_price's towel flag → towel_hire, fix the keyword at its call site too. the towel params on the other methods stay as they are",
     seq(R("def ticket_price(concession=False, towel=False, base=BASE_TICKET_PRICE):", "def ticket_price(concession=False, towel_hire=False, base=BASE_TICKET_PRICE):"),
         R("    if towel:\n        price += TOWEL_HIRE", "    if towel_hire:\n        price += TOWEL_HIRE"),
         R("ticket_price(concession=concession, towel=towel)", "ticket_price(concession=concession, towel_hire=towel)")),
     ["towel", "towel_hire"])
task("sauna-rename-gap-const", "rename_constant", N,
     "the constant for the cleaning break between sessions: rename to TURNAROUND_MINUTES",
     W("CLEANING_GAP_MINUTES", "TURNAROUND_MINUTES", 2), ["CLEANING_GAP_MINUTES", "TURNAROUND_MINUTES"])

# ---------------------------------------------------------------- scope / keep helpers
def tok_strings(text):
    out = []
    for t in tokenize.generate_tokens(io.StringIO(text).readline):
        if t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING, tokenize.OP):
            out.append(t.string)
    return out

def line_owner(tree):
    owners = {}
    imports = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for ln in range(node.lineno, node.end_lineno + 1):
                imports.add(ln)
        if isinstance(node, ast.FunctionDef):
            for ln in range(node.lineno, node.end_lineno + 1):
                owners[ln] = node.name
        if isinstance(node, ast.ClassDef):
            for ln in range(node.lineno, node.end_lineno + 1):
                owners[ln] = node.name
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef):
                    for ln in range(sub.lineno, sub.end_lineno + 1):
                        owners[ln] = f"{node.name}.{sub.name}"
    return owners, imports

def scope_of(before, after, tokens=None):
    def renamed_back(name):
        if tokens:
            return ".".join(tokens[0] if part == tokens[1] else part for part in name.split("."))
        return name
    ob, ib = line_owner(ast.parse(before))
    oa, ia = line_owner(ast.parse(after))
    a, b = before.splitlines(), after.splitlines()
    names = []
    def add(n):
        if n not in names:
            names.append(n)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for ln in range(i1 + 1, i2 + 1):
            if ln in ib: add("<imports>")
            elif ln in ob: add(ob[ln])
            else: return None
        for ln in range(j1 + 1, j2 + 1):
            if ln in ia: add("<imports>")
            elif ln in oa: add(renamed_back(oa[ln]))
            else: return None
    return names

def s(v):
    return json.dumps(v, ensure_ascii=False)

out = ["# eval39: held-out edit tasks written by a helper session (see README.md).", ""]
ids = set()
for t in TASKS:
    assert t["id"] not in ids
    ids.add(t["id"])
    src = (MOD / t["src"]).read_text()
    new = t["edit"](src)
    assert new != src, t["id"]
    ast.parse(new)
    (EXP / f"{t['id']}.py").write_text(new)
    out.append("[[task]]")
    out.append(f"id = {s(t['id'])}")
    out.append(f"kind = {s(t['kind'])}")
    out.append('phrasing = "heldout"')
    out.append(f"source = {s('modules/' + t['src'])}")
    out.append(f"instruction = {s(t['instruction'])}")
    out.append(f"expected = {s('expected/' + t['id'] + '.py')}")
    if t["tokens"]:
        keep = tok_strings(new).count(t["tokens"][0])
        out.append(f"tokens = {s(t['tokens'])}")
        out.append(f"keep = {keep}")
    sc = scope_of(src, new, t['tokens'])
    if sc:
        out.append(f"scope = {s(sc)}")
    if t["note"]:
        after = t["after"](src)
        ast.parse(after)
        (EXP / f"{t['id']}.after-note.py").write_text(after)
        out.append(f"note = {s(t['note'])}")
        out.append(f"after_note = {s('expected/' + t['id'] + '.after-note.py')}")
    out.append("")
(ROOT / "tasks.toml").write_text("\n".join(out))
print(len(TASKS), "tasks")
