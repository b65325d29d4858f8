import io, re, tokenize, json
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval74")
MOD = ROOT / "modules"
EXP = ROOT / "expected"
tasks = []

def rep(src, pairs):
    for old, new, n in pairs:
        c = src.count(old)
        assert c == n, (old, c, n)
        src = src.replace(old, new)
    return src

def ren(src, old, new, n):
    c = len(re.findall(r"\b%s\b" % re.escape(old), src))
    assert c == n, (old, c, n)
    return re.sub(r"\b%s\b" % re.escape(old), new, src)

def name_count(src, tok):
    n = 0
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.string == tok and t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING):
            n += 1
    return n

def task(mod, tid, kind, instr, new, tokens=None, scope=None, keep=None, note=None, after=None):
    src = (MOD / mod).read_text()
    assert new != src, tid
    compile(new, tid, "exec")
    (EXP / f"{tid}.py").write_text(new)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{mod}",
         "instruction": instr, "expected": f"expected/{tid}.py"}
    if tokens:
        t["tokens"] = tokens
        k = name_count(new, tokens[0]) if keep is None else keep
        if k:
            t["keep"] = k
    if scope:
        t["scope"] = scope
    if note:
        compile(after, tid + "-after", "exec")
        (EXP / f"{tid}.after-note.py").write_text(after)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    tasks.append(t)

def S(mod):
    return (MOD / mod).read_text()

# ---------------- harbour_tow_log.py ----------------
m = "harbour_tow_log.py"; s = S(m)
task(m, "tow-rename-duration-fn", "rename_function",
     "the helper that turns a distance into a timedelta for the tow - call it sailing_time instead, fix the callers too",
     ren(s, "tow_duration", "sailing_time", 3), tokens=["tow_duration", "sailing_time"])
task(m, "tow-rename-busiest-day", "rename_method",
     "rename TowLog.busiest_day to peak_day pls",
     ren(s, "busiest_day", "peak_day", 1), tokens=["busiest_day", "peak_day"])
task(m, "tow-rename-log-class", "rename_class",
     "the class that keeps the list of booked jobs for a harbour should be called HarbourTowBook",
     ren(s, "TowLog", "HarbourTowBook", 1), tokens=["TowLog", "HarbourTowBook"])
task(m, "tow-rename-removed-var", "rename_variable",
     "in cancel(), the local holding how many jobs got dropped -> rename it to dropped",
     rep(s, [("        removed = before - len(self.jobs)\n        self.cancelled += removed\n        return removed\n",
              "        dropped = before - len(self.jobs)\n        self.cancelled += dropped\n        return dropped\n", 1)]),
     tokens=["removed", "dropped"], scope=["TowLog.cancel"])
task(m, "tow-rename-speed-param", "rename_parameter",
     "tow_duration's speed_knots param is confusing, make it avg_speed_knots (and the keyword where quote_tow passes it)",
     ren(s, "speed_knots", "avg_speed_knots", 3), tokens=["speed_knots", "avg_speed_knots"])
new = ren(s, "FUEL_LITRES_PER_NM", "FUEL_BURN_PER_NM", 2)
task(m, "tow-rename-fuel-const", "rename_constant",
     "rename the litres-of-fuel-per-nautical-mile constant to FUEL_BURN_PER_NM",
     new, tokens=["FUEL_LITRES_PER_NM", "FUEL_BURN_PER_NM"],
     note="not FUEL_BURN_PER_NM, spell it out: FUEL_PER_NAUTICAL_MILE",
     after=ren(s, "FUEL_LITRES_PER_NM", "FUEL_PER_NAUTICAL_MILE", 2))
task(m, "tow-rename-jobs-attr", "rename_attribute",
     "on the tow log object, rename the jobs attribute to bookings everywhere its accessed",
     rep(s, [("self.jobs", "self.bookings", 11)]),
     tokens=["jobs", "bookings"])
task(m, "tow-windy-threshold", "change_literal",
     "in the tug count estimate we bump the pull once wind goes over 25 knots, make that cutoff 30",
     rep(s, [("if wind_knots > 25:", "if wind_knots > 30:", 1)]), tokens=["25", "30"], scope=["required_tugs"])
task(m, "tow-hourly-rate", "change_constant",
     "base hourly rate goes up to 450 from next month, update the constant",
     rep(s, [("BASE_RATE_PER_HOUR = 420.0", "BASE_RATE_PER_HOUR = 450.0", 1)]), tokens=["420.0", "450.0"])

# ---------------- cress_bed_rotation.py ----------------
m = "cress_bed_rotation.py"; s = S(m)
task(m, "cress-bed-default-season", "change_default",
     "new CressBed objects shoud default to season \"spring\", not summer",
     rep(s, [('def __init__(self, name, length_m, last_cut, season="summer"):',
              'def __init__(self, name, length_m, last_cut, season="spring"):', 1)]),
     tokens=['"summer"', '"spring"'], scope=["CressBed.__init__"])
task(m, "cress-flow-allow-empty", "add_parameter",
     "give flow_ok an allow_empty=False keyword at the end, dont touch callers or the body yet",
     rep(s, [("def flow_ok(readings, minimum=MIN_FLOW_LITRES_PER_SEC):",
              "def flow_ok(readings, minimum=MIN_FLOW_LITRES_PER_SEC, allow_empty=False):", 1)]),
     scope=["flow_ok"])
task(m, "cress-report-drop-label", "remove_parameter",
     "the label arg on the per-bed report line function does nothing. get rid of it and stop passing it",
     rep(s, [('def bed_report(bed, today, label="bed"):', "def bed_report(bed, today):", 1),
             ('bed_report(bed, today, label="bed"))', "bed_report(bed, today))", 1)]),
     scope=["bed_report", "CressFarm.morning_report"])
task(m, "cress-doc-bunches", "add_docstring",
     'docstring for expected_bunches please: "Number of bunches a bed of this length should give."',
     rep(s, [("def expected_bunches(length_m, width_m=BED_WIDTH_M, density=BUNCHES_PER_SQ_M):\n",
              'def expected_bunches(length_m, width_m=BED_WIDTH_M, density=BUNCHES_PER_SQ_M):\n'
              '    """Number of bunches a bed of this length should give."""\n', 1)]),
     scope=["expected_bunches"])
task(m, "cress-hints-next-cut", "add_type_hints",
     "annotate the function that works out when a bed can next be cut: last_cut is a date, season a str, regrowth an int, returns a date",
     rep(s, [('def next_cut_date(last_cut, season="summer", regrowth=REGROWTH_DAYS):',
              'def next_cut_date(last_cut: date, season: str = "summer", regrowth: int = REGROWTH_DAYS) -> date:', 1)]),
     scope=["next_cut_date"])
task(m, "cress-harvest-try", "wrap_try_except",
     "harvest_round blows up if one bed isnt safe to cut. wrap the bed.cut line so a RuntimeError logs \"skipped <bed name>\" to self.log and moves on to the next bed",
     rep(s, [("            total += bed.cut(today, bunches)\n",
              "            try:\n                total += bed.cut(today, bunches)\n"
              "            except RuntimeError:\n                self.log.append(f\"skipped {bed.name}\")\n"
              "                continue\n", 1)]),
     scope=["CressFarm.harvest_round"])
task(m, "cress-import-math", "add_import",
     "add `import math` up top, above the statistics import",
     rep(s, [("import statistics\n", "import math\nimport statistics\n", 1)]), scope=["<imports>"])
task(m, "cress-log-round-total", "insert_statement",
     "at the end of a harvest round, just before it returns, append f\"round total: {total}\" to the farm's log",
     rep(s, [("            self.log.append(f\"cut {bed.name}: {bunches}\")\n        return total\n",
              "            self.log.append(f\"cut {bed.name}: {bunches}\")\n"
              "        self.log.append(f\"round total: {total}\")\n        return total\n", 1)]),
     scope=["CressFarm.harvest_round"])
task(m, "cress-no-added-log", "delete_statement",
     "when a bed gets added to the farm we write an \"added ...\" log entry - remove that line, it's noise",
     rep(s, [('        self.beds[bed.name] = bed\n        self.log.append(f"added {bed.name}")\n',
              "        self.beds[bed.name] = bed\n", 1)]),
     scope=["CressFarm.add_bed"])

# ---------------- reed_roof_survey.py ----------------
m = "reed_roof_survey.py"; s = S(m)
task(m, "roof-rename-lifespan-fn", "rename_function",
     "rename lifespan_for -> expected_lifespan",
     ren(s, "lifespan_for", "expected_lifespan", 2), tokens=["lifespan_for", "expected_lifespan"])
task(m, "roof-rename-ridge-due", "rename_method",
     "the Roof method that says whether the ridge needs redoing, can we call it needs_new_ridge? update where the survey book uses it",
     ren(s, "ridge_due", "needs_new_ridge", 2), tokens=["ridge_due", "needs_new_ridge"])
task(m, "roof-rename-surveybook", "rename_class",
     "SurveyBook -> RoofRegister",
     ren(s, "SurveyBook", "RoofRegister", 1), tokens=["SurveyBook", "RoofRegister"])
task(m, "roof-rename-found-var", "rename_variable",
     "in the method listing roofs that need work soon, the accumulator list is just called found. rename to at_risk",
     rep(s, [("        found = []\n", "        at_risk = []\n", 1),
             ("                found.append(roof)\n        return found\n",
              "                at_risk.append(roof)\n        return at_risk\n", 1)]),
     tokens=["found", "at_risk"], scope=["SurveyBook.urgent"])
task(m, "roof-rename-bundle-price", "rename_parameter",
     "rethatch_estimate(): rename bundle_price to price_per_bundle",
     ren(s, "bundle_price", "price_per_bundle", 2), tokens=["bundle_price", "price_per_bundle"])
task(m, "roof-rename-day-rate", "rename_constant",
     "the thatcher's daily labour rate constant should be THATCHER_DAY_RATE so it's obvious what it is",
     ren(s, "DAY_RATE", "THATCHER_DAY_RATE", 2), tokens=["DAY_RATE", "THATCHER_DAY_RATE"])
task(m, "roof-rename-coat-depth", "rename_attribute",
     "rename the coat_depth_mm attribute on roofs to reed_depth_mm (every place it's read or set)",
     ren(s, "coat_depth_mm", "reed_depth_mm", 3), tokens=["coat_depth_mm", "reed_depth_mm"])
task(m, "roof-area-per-day", "change_literal",
     "the estimate assumes 6 sq m thatched per day, realistically its 5. change that divisor",
     rep(s, [("days = math.ceil(area / 6)", "days = math.ceil(area / 5)", 1)]),
     tokens=["6", "5"], scope=["rethatch_estimate"])
task(m, "roof-ridge-lifespan", "change_constant",
     "ridges here only last about ten years, not 12 - change the ridge lifespan constant",
     rep(s, [("RIDGE_LIFESPAN_YEARS = 12", "RIDGE_LIFESPAN_YEARS = 10", 1)]), tokens=["12", "10"],
     note="ten is too pessimistic, use 11 years for the ridge",
     after=rep(s, [("RIDGE_LIFESPAN_YEARS = 12", "RIDGE_LIFESPAN_YEARS = 11", 1)]))

# ---------------- narrow_gauge_departures.py ----------------
m = "narrow_gauge_departures.py"; s = S(m)
task(m, "rail-departures-interval", "change_default",
     "build_departures should default to a train every half hour instead of every 20 min",
     rep(s, [("def build_departures(day, interval_minutes=20,", "def build_departures(day, interval_minutes=30,", 1)]),
     tokens=["20", "30"], scope=["build_departures"],
     note="half hourly is too sparse, make the default 15 minutes",
     after=rep(s, [("def build_departures(day, interval_minutes=20,", "def build_departures(day, interval_minutes=15,", 1)]))
task(m, "rail-journey-dwell", "add_parameter",
     "add dwell_minutes=0 as a last param on the one-way journey time function. body stays as is for now",
     rep(s, [("def journey_minutes(length_km=LINE_LENGTH_KM, speed_kmh=TRAIN_SPEED_KMH):",
              "def journey_minutes(length_km=LINE_LENGTH_KM, speed_kmh=TRAIN_SPEED_KMH, dwell_minutes=0):", 1)]),
     scope=["journey_minutes"])
task(m, "rail-drop-driver", "remove_parameter",
     "round_trip_minutes takes a driver it never uses, remove it + the driver= at the call",
     rep(s, [('def round_trip_minutes(length_km=LINE_LENGTH_KM, driver="volunteer"):',
              "def round_trip_minutes(length_km=LINE_LENGTH_KM):", 1),
             ('trip = round_trip_minutes(length_km, driver="volunteer")', "trip = round_trip_minutes(length_km)", 1)]),
     scope=["round_trip_minutes", "locos_needed"])
task(m, "rail-doc-allocate", "add_docstring",
     "the timetable method that deals departures out round-robin to the engines needs a docstring: Hand departures out to the locos in turn.",
     rep(s, [("    def allocate(self):\n",
              '    def allocate(self):\n        """Hand departures out to the locos in turn."""\n', 1)]),
     scope=["Timetable.allocate"])
task(m, "rail-hints-locos-needed", "add_type_hints",
     "type hints on locos_needed: interval int, length float, returns int",
     rep(s, [("def locos_needed(interval_minutes, length_km=LINE_LENGTH_KM):",
              "def locos_needed(interval_minutes: int, length_km: float = LINE_LENGTH_KM) -> int:", 1)]),
     scope=["locos_needed"])
task(m, "rail-steam-try", "wrap_try_except",
     "when adding a loco to the timetable, put the raise_steam() call in a try and on OSError just set loco.in_steam = False",
     rep(s, [("        self.locos.append(loco)\n        loco.raise_steam()\n",
              "        self.locos.append(loco)\n        try:\n            loco.raise_steam()\n"
              "        except OSError:\n            loco.in_steam = False\n", 1)]),
     scope=["Timetable.add_loco"])
task(m, "rail-import-logging", "add_import",
     "import logging at the top of the module pls, before the datetime import",
     rep(s, [("\nfrom datetime import datetime, time, timedelta\n",
              "\nimport logging\nfrom datetime import datetime, time, timedelta\n", 1)]), scope=["<imports>"])
task(m, "rail-board-journey-line", "insert_statement",
     "on the departure board, right after the heading line is made, add a line to it saying f\"Journey time {journey_minutes()} minutes\"",
     rep(s, [('        lines = [f"Departures for {self.day:%A %d %B}"]\n',
              '        lines = [f"Departures for {self.day:%A %d %B}"]\n'
              '        lines.append(f"Journey time {journey_minutes()} minutes")\n', 1)]),
     scope=["Timetable.board"])
task(m, "rail-no-sort-turns", "delete_statement",
     "no need to re-sort a loco's turns every time one is assigned, take that line out",
     rep(s, [("        self.turns.append(departure)\n        self.turns.sort()\n",
              "        self.turns.append(departure)\n", 1)]),
     scope=["Loco.assign"])

# ---------------- scent_accord_batches.py ----------------
m = "scent_accord_batches.py"; s = S(m)
task(m, "scent-rename-allergen-fn", "rename_function",
     "the module function computing a formula's allergen load as a percent — rename it allergen_exposure and fix the call",
     ren(s, "allergen_load", "allergen_exposure", 2), tokens=["allergen_load", "allergen_exposure"])
task(m, "scent-rename-tier-balance", "rename_method",
     "Blend.tier_balance ought to be tier_shares, rename it",
     ren(s, "tier_balance", "tier_shares", 2), tokens=["tier_balance", "tier_shares"])
task(m, "scent-rename-note-class", "rename_class",
     "rename the class for a single raw material (name, tier, price per ml) to Ingredient",
     ren(s, "Note", "Ingredient", 1), tokens=["Note", "Ingredient"],
     note="Ingredient is too generic for us, call the class ScentNote",
     after=ren(s, "Note", "ScentNote", 1))
task(m, "scent-rename-data-var", "rename_variable",
     "in to_json the dict is called data, rename to payload",
     rep(s, [("        data = {\n", "        payload = {\n", 1),
             ("json.dumps(data, indent=2", "json.dumps(payload, indent=2", 1)]),
     tokens=["data", "payload"], scope=["Blend.to_json"])
task(m, "scent-rename-concentrate", "rename_parameter",
     "in scale_batch only, rename the concentrate parameter to oil_fraction; the caller passing it by keyword needs updating, leave the other functions' concentrate alone",
     rep(s, [("def scale_batch(formula, batch_ml=DEFAULT_BATCH_ML, concentrate=0.2):",
              "def scale_batch(formula, batch_ml=DEFAULT_BATCH_ML, oil_fraction=0.2):", 1),
             ("    oil_ml = batch_ml * concentrate\n", "    oil_ml = batch_ml * oil_fraction\n", 1),
             ("batch_ml=batch_ml, concentrate=concentrate)", "batch_ml=batch_ml, oil_fraction=concentrate)", 1)]),
     tokens=["concentrate", "oil_fraction"])
task(m, "scent-rename-alcohol-const", "rename_constant",
     "ALCOHOL_STRENGTH --> ETHANOL_FRACTION",
     ren(s, "ALCOHOL_STRENGTH", "ETHANOL_FRACTION", 2), tokens=["ALCOHOL_STRENGTH", "ETHANOL_FRACTION"])
task(m, "scent-rename-batches-attr", "rename_attribute",
     "the attribute on a blend where made batches pile up, rename to made_batches. dont touch the json key",
     rep(s, [("        self.batches = []\n", "        self.made_batches = []\n", 1),
             ("        self.batches.append(recipe)\n", "        self.made_batches.append(recipe)\n", 1),
             ('"batches": len(self.batches),', '"batches": len(self.made_batches),', 1)]),
     tokens=["batches", "made_batches"])
old_msg = '"an accord needs at least one note"'
new_msg = '"an accord needs at least one ingredient"'
task(m, "scent-empty-accord-msg", "change_literal",
     "the ValueError text when normalising an empty formula should say ingredient rather than note",
     rep(s, [(old_msg, new_msg, 1)]), tokens=[old_msg, new_msg], scope=["normalise"])
task(m, "scent-allergen-cap", "change_constant",
     "halve the allergen cap constant",
     rep(s, [("MAX_ALLERGEN_PERCENT = 1.0", "MAX_ALLERGEN_PERCENT = 0.5", 1)]), tokens=["1.0", "0.5"])

# ---------------- ferryman_tide_windows.py ----------------
m = "ferryman_tide_windows.py"; s = S(m)
task(m, "ferry-default-ferryman", "change_default",
     "day_from_file defaults the ferryman to Ned, Ned's retired, make it \"Silas\"",
     rep(s, [('def day_from_file(path, ferryman="Ned",', 'def day_from_file(path, ferryman="Silas",', 1)]),
     tokens=['"Ned"', '"Silas"'], scope=["day_from_file"])
task(m, "ferry-windows-slip-param", "add_parameter",
     "add slip_height=SLIPWAY_HEIGHT_M as the last parameter of crossing_windows (signature only)",
     rep(s, [("def crossing_windows(readings, minimum=MIN_DEPTH_M):",
              "def crossing_windows(readings, minimum=MIN_DEPTH_M, slip_height=SLIPWAY_HEIGHT_M):", 1)]),
     scope=["crossing_windows"])
task(m, "ferry-drop-station", "remove_parameter",
     "the csv tide loader has a station param thats never used. remove it, and the station= where it's called",
     rep(s, [('def load_tides(path, station="quay"):', "def load_tides(path):", 1),
             ("readings = load_tides(path, station=station)", "readings = load_tides(path)", 1)]),
     scope=["load_tides", "day_from_file"])
task(m, "ferry-doc-next-window", "add_docstring",
     'next_window on FerryDay - add the docstring "Return the next open window after a time, or None."',
     rep(s, [("    def next_window(self, after):\n",
              '    def next_window(self, after):\n        """Return the next open window after a time, or None."""\n', 1)]),
     scope=["FerryDay.next_window"])
task(m, "ferry-hints-depth", "add_type_hints",
     "annotate the func giving water depth over the slipway: both args float, returns float",
     rep(s, [("def depth_at_slip(tide_height_m, slip_height=SLIPWAY_HEIGHT_M):",
              "def depth_at_slip(tide_height_m: float, slip_height: float = SLIPWAY_HEIGHT_M) -> float:", 1)]),
     scope=["depth_at_slip"])
task(m, "ferry-bad-time-try", "wrap_try_except",
     "some rows in the tide csv have garbage timestamps. in load_tides wrap the fromisoformat line in try/except ValueError and skip the row (continue)",
     rep(s, [('            when = datetime.fromisoformat(row["time"])\n',
              '            try:\n                when = datetime.fromisoformat(row["time"])\n'
              '            except ValueError:\n                continue\n', 1)]),
     scope=["load_tides"])
task(m, "ferry-import-logging", "add_import",
     "need logging in here, add the import after csv",
     rep(s, [("import csv\n", "import csv\nimport logging\n", 1)]), scope=["<imports>"])
task(m, "ferry-sort-readings", "insert_statement",
     "make the function that finds crossing windows sort its readings first: readings = sorted(readings) as its very first line",
     rep(s, [("def crossing_windows(readings, minimum=MIN_DEPTH_M):\n    windows = []\n",
              "def crossing_windows(readings, minimum=MIN_DEPTH_M):\n    readings = sorted(readings)\n    windows = []\n", 1)]),
     scope=["crossing_windows"])
task(m, "ferry-drop-dogs", "delete_statement",
     "the dogs counter set up in a crossing's constructor is never used, delete that line",
     rep(s, [("        self.children = children\n        self.dogs = 0\n", "        self.children = children\n", 1)]),
     scope=["Crossing.__init__"])

# ---------------- write toml ----------------
def q(v):
    return json.dumps(v, ensure_ascii=False)

out = []
for t in tasks:
    out.append("[[task]]")
    for k, v in t.items():
        if isinstance(v, list):
            out.append(f"{k} = [" + ", ".join(q(x) for x in v) + "]")
        else:
            out.append(f"{k} = {q(v)}")
    out.append("")
(ROOT / "tasks.toml").write_text("\n".join(out))
from collections import Counter
print(len(tasks), Counter(t["kind"] for t in tasks))
print(Counter(t["source"] for t in tasks))
print(sum(1 for t in tasks if "note" in t), "redraft")
