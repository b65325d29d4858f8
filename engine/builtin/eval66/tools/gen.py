import io, json, re, tokenize
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval66")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def W(word, new, n):
    return ("word", word, new, n)

def S(old, new, n=1):
    return ("str", old, new, n)

def apply(text, edits):
    for kind, old, new, n in edits:
        if kind == "word":
            pat = r"\b%s\b" % re.escape(old)
            found = len(re.findall(pat, text))
            assert found == n, (old, found, n)
            text = re.sub(pat, new, text)
        else:
            found = text.count(old)
            assert found == n, (old, found, n)
            text = text.replace(old, new)
    return text

def count_tok(text, tok):
    c = 0
    for t in tokenize.generate_tokens(io.StringIO(text).readline):
        if t.string == tok:
            c += 1
    return c

T = []
def task(id, kind, module, instruction, edits, tokens=None, scope=None, note=None, after=None):
    T.append(dict(id=id, kind=kind, module=module, instruction=instruction, edits=edits,
                  tokens=tokens, scope=scope, note=note, after=after))

# ---- station_readings.py (weather station) ----
m = "station_readings.py"
task("wx-rename-is-plausible", "rename_function", m,
     "Rename the function is_plausible to passes_sanity_checks.",
     [W("is_plausible", "passes_sanity_checks", 3)], ["is_plausible", "passes_sanity_checks"])
task("wx-rename-frost-hours", "rename_method", m,
     "Rename the ReadingLog method frost_hours to hours_below_freezing.",
     [W("frost_hours", "hours_below_freezing", 2)], ["frost_hours", "hours_below_freezing"])
task("wx-rename-reading-log", "rename_class", m,
     "Rename the class ReadingLog to StationLog.",
     [W("ReadingLog", "StationLog", 2)], ["ReadingLog", "StationLog"],
     note="The reviewer wants the class called WeatherLog, not StationLog.",
     after=[W("ReadingLog", "WeatherLog", 2)])
task("wx-rename-missing", "rename_variable", m,
     "In ReadingLog.gaps, rename the local variable missing to gap_spans.",
     [W("missing", "gap_spans", 3)], ["missing", "gap_spans"], ["ReadingLog.gaps"])
task("wx-rename-separator", "rename_parameter", m,
     "Rename the separator parameter of parse_reading to delimiter.",
     [S('def parse_reading(line, separator=","):', 'def parse_reading(line, delimiter=","):'),
      S("line.split(separator)", "line.split(delimiter)"),
      S("parse_reading(line, separator=separator)", "parse_reading(line, delimiter=separator)")],
     ["separator", "delimiter"], ["parse_reading", "load_readings"])
task("wx-rename-frost-threshold", "rename_constant", m,
     "Rename the constant FROST_THRESHOLD_C to FREEZING_POINT_C.",
     [W("FROST_THRESHOLD_C", "FREEZING_POINT_C", 3)], ["FROST_THRESHOLD_C", "FREEZING_POINT_C"])
task("wx-rename-rejected", "rename_attribute", m,
     "Rename the ReadingLog attribute rejected to rejected_count.",
     [W("rejected", "rejected_count", 3)], ["rejected", "rejected_count"])
task("wx-change-gap-multiplier", "change_literal", m,
     "In ReadingLog.gaps, change `self.interval * 2` to `self.interval * 3`.",
     [S("self.interval * 2", "self.interval * 3")], ["2", "3"], ["ReadingLog.gaps"])
task("wx-change-max-gust", "change_constant", m,
     "Set MAX_GUST_KPH to 200.0 instead of 180.0.",
     [S("MAX_GUST_KPH = 180.0", "MAX_GUST_KPH = 200.0")], ["180.0", "200.0"])

# ---- boatyard_repairs.py (boatyard) ----
m = "boatyard_repairs.py"
task("by-default-markup", "change_default", m,
     "Change the default of markup in estimate_cost from 0.1 to 0.15.",
     [S("markup=0.1)", "markup=0.15)")], ["0.1", "0.15"], ["estimate_cost"])
task("by-add-digits", "add_parameter", m,
     "Add a parameter digits=1 to hull_area.",
     [S("def hull_area(length_m, beam_m, draft_m=1.2):", "def hull_area(length_m, beam_m, draft_m=1.2, digits=1):")],
     scope=["hull_area"])
task("by-remove-yard-code", "remove_parameter", m,
     "Remove the yard_code parameter from parse_job.",
     [S('def parse_job(row, yard_code="BY"):', "def parse_job(row):"),
      S("parse_job(row, yard_code=yard_code)", "parse_job(row)")],
     scope=["parse_job", "load_jobs"])
task("by-doc-haul-out", "add_docstring", m,
     'Give Slipway.haul_out the docstring "Move queued jobs onto free berths and return the boats moved."',
     [S("    def haul_out(self):\n",
        '    def haul_out(self):\n        """Move queued jobs onto free berths and return the boats moved."""\n')],
     scope=["Slipway.haul_out"])
task("by-hints-hull-area", "add_type_hints", m,
     "Add type hints to hull_area: length_m, beam_m and draft_m are float, and it returns float.",
     [S("def hull_area(length_m, beam_m, draft_m=1.2):",
        "def hull_area(length_m: float, beam_m: float, draft_m: float = 1.2) -> float:")],
     scope=["hull_area"])
task("by-try-load-jobs", "wrap_try_except", m,
     "In load_jobs, wrap the jobs.append(parse_job(row, yard_code=yard_code)) call in a try/except ValueError that does continue.",
     [S("            jobs.append(parse_job(row, yard_code=yard_code))\n",
        "            try:\n                jobs.append(parse_job(row, yard_code=yard_code))\n"
        "            except ValueError:\n                continue\n")],
     scope=["load_jobs"])
task("by-import-logging", "add_import", m,
     "Add import logging to the module.",
     [S("import math\n", "import logging\nimport math\n")], scope=["<imports>"])
task("by-insert-launched", "insert_statement", m,
     "In Slipway.__init__, add self.launched = [] after self.on_slip = [].",
     [S("        self.on_slip = []\n", "        self.on_slip = []\n        self.launched = []\n")],
     scope=["Slipway.__init__"])
task("by-delete-days-zero", "delete_statement", m,
     "Delete the days = 0 line at the top of Slipway.forecast.",
     [S("        days = 0\n", "")], scope=["Slipway.forecast"])

# ---- lookout_watches.py (fire lookout) ----
m = "lookout_watches.py"
task("fl-rename-bearing-to-compass", "rename_function", m,
     "Rename bearing_to_compass to compass_point.",
     [W("bearing_to_compass", "compass_point", 2)], ["bearing_to_compass", "compass_point"],
     note="The reviewer wants the function named bearing_to_point rather than compass_point.",
     after=[W("bearing_to_compass", "bearing_to_point", 2)])
task("fl-rename-covers", "rename_method", m,
     "Rename the WatchShift method covers to is_on_duty.",
     [W("covers", "is_on_duty", 2)], ["covers", "is_on_duty"])
task("fl-rename-sighting", "rename_class", m,
     "Rename the Sighting class to SmokeReport.",
     [W("Sighting", "SmokeReport", 2)], ["Sighting", "SmokeReport"])
task("fl-rename-distance-text", "rename_variable", m,
     "In WatchShift.handover_note, rename the variable distance_text to range_text.",
     [W("distance_text", "range_text", 2)], ["distance_text", "range_text"], ["WatchShift.handover_note"])
task("fl-rename-baseline-km", "rename_parameter", m,
     "Rename the baseline_km parameter of distance_km to baseline.",
     [S("def distance_km(bearing_a, bearing_b, baseline_km=12.0):",
        "def distance_km(bearing_a, bearing_b, baseline=12.0):"),
      S("distance = baseline_km / math.sin(angle)", "distance = baseline / math.sin(angle)"),
      S("baseline_km=baseline_km)", "baseline=baseline_km)")],
     ["baseline_km", "baseline"], ["distance_km", "Sighting.estimated_distance"])
task("fl-rename-handover-minutes", "rename_constant", m,
     "Rename HANDOVER_MINUTES to HANDOVER_OVERLAP_MIN.",
     [W("HANDOVER_MINUTES", "HANDOVER_OVERLAP_MIN", 2)], ["HANDOVER_MINUTES", "HANDOVER_OVERLAP_MIN"])
task("fl-rename-radio-checks", "rename_attribute", m,
     "Rename the attribute radio_checks on WatchShift to radio_check_count.",
     [W("radio_checks", "radio_check_count", 4)], ["radio_checks", "radio_check_count"])
task("fl-change-moderate-cutoff", "change_literal", m,
     "In danger_rating, change score < 12 to score < 10.",
     [S("if score < 12:", "if score < 10:")], ["12", "10"], ["danger_rating"])
task("fl-change-visibility", "change_constant", m,
     "Change VISIBILITY_KM from 40.0 to 35.0.",
     [S("VISIBILITY_KM = 40.0", "VISIBILITY_KM = 35.0")], ["40.0", "35.0"])

# ---- dance_recitals.py (dance school) ----
m = "dance_recitals.py"
task("dr-default-concession-rate", "change_default", m,
     "Change the default concession_rate of ticket_revenue from 0.6 to 0.5.",
     [S("concession_rate=0.6)", "concession_rate=0.5)")], ["0.6", "0.5"], ["ticket_revenue"],
     note="The reviewer wants the default to be 0.55, not 0.5.",
     after=[S("concession_rate=0.6)", "concession_rate=0.55)")])
task("dr-add-interval-label", "add_parameter", m,
     'Add a parameter interval_label="Interval" to Recital.running_order.',
     [S("def running_order(self, interval_minutes=20):",
        'def running_order(self, interval_minutes=20, interval_label="Interval"):')],
     scope=["Recital.running_order"])
task("dr-remove-grade", "remove_parameter", m,
     "Remove the grade parameter from clashing_dancers.",
     [S("def clashing_dancers(first, second, grade=None):", "def clashing_dancers(first, second):"),
      S('clashing_dancers(first, second, grade="all")', "clashing_dancers(first, second)")],
     scope=["clashing_dancers", "Recital.back_to_back"])
task("dr-doc-ticket-revenue", "add_docstring", m,
     'Add the docstring "Return the takings for tickets sold, with concessions at the reduced rate." to ticket_revenue.',
     [S("def ticket_revenue(sold, concessions=0, concession_rate=0.6):\n",
        "def ticket_revenue(sold, concessions=0, concession_rate=0.6):\n"
        '    """Return the takings for tickets sold, with concessions at the reduced rate."""\n')],
     scope=["ticket_revenue"])
task("dr-hints-piece-length", "add_type_hints", m,
     "Add type hints to piece_length: bars, tempo_bpm and beats_per_bar are int, and the return type is timedelta.",
     [S("def piece_length(bars, tempo_bpm=120, beats_per_bar=4):",
        "def piece_length(bars: int, tempo_bpm: int = 120, beats_per_bar: int = 4) -> timedelta:")],
     scope=["piece_length"])
task("dr-try-piece-length", "wrap_try_except", m,
     "In piece_length, wrap the seconds = ... line in try/except ZeroDivisionError that returns timedelta().",
     [S("    seconds = bars * beats_per_bar * 60 / tempo_bpm\n",
        "    try:\n        seconds = bars * beats_per_bar * 60 / tempo_bpm\n"
        "    except ZeroDivisionError:\n        return timedelta()\n")],
     scope=["piece_length"])
task("dr-import-json", "add_import", m,
     "Add import json to the imports.",
     [S("import itertools\n", "import itertools\nimport json\n")], scope=["<imports>"])
task("dr-insert-understudies", "insert_statement", m,
     "In Piece.__init__, add self.understudies = [] as the last line.",
     [S("        self.costume_ready = False\n",
        "        self.costume_ready = False\n        self.understudies = []\n")],
     scope=["Piece.__init__"])
task("dr-delete-blank-append", "delete_statement", m,
     'In programme_text, delete the statement lines.append("").',
     [S('    lines.append("")\n', "")], scope=["programme_text"])

# ---- club_time_trials.py (cycling club) ----
m = "club_time_trials.py"
task("tt-rename-average-speed", "rename_function", m,
     "Rename the function average_speed to speed_kph.",
     [W("average_speed", "speed_kph", 2)], ["average_speed", "speed_kph"])
task("tt-rename-finishers", "rename_method", m,
     "Rename TimeTrial.finishers to ranked_finishers.",
     [W("finishers", "ranked_finishers", 3)], ["finishers", "ranked_finishers"])
task("tt-rename-rider", "rename_class", m,
     "Rename the class Rider to ClubRider.",
     [S("class Rider:", "class ClubRider:"),
      S("rider = Rider(name, age, category)", "rider = ClubRider(name, age, category)")],
     ["Rider", "ClubRider"])
task("tt-rename-adjusted", "rename_variable", m,
     "In TimeTrial.handicap_order, rename the variable adjusted to handicapped.",
     [W("adjusted", "handicapped", 4)], ["adjusted", "handicapped"], ["TimeTrial.handicap_order"])
task("tt-rename-base-age", "rename_parameter", m,
     "Rename the base_age parameter of age_allowance to reference_age.",
     [S("def age_allowance(age, base_age=AGE_STANDARD_BASE):",
        "def age_allowance(age, reference_age=AGE_STANDARD_BASE):"),
      S("if age <= base_age:", "if age <= reference_age:"),
      S("(age - base_age)", "(age - reference_age)"),
      S("age_allowance(rider.age, base_age=base_age)", "age_allowance(rider.age, reference_age=base_age)")],
     ["base_age", "reference_age"], ["age_allowance", "TimeTrial.handicap_order"])
task("tt-rename-seconds-per-year", "rename_constant", m,
     "Rename STANDARD_SECONDS_PER_YEAR to SECONDS_PER_YEAR_OVER.",
     [W("STANDARD_SECONDS_PER_YEAR", "SECONDS_PER_YEAR_OVER", 2)],
     ["STANDARD_SECONDS_PER_YEAR", "SECONDS_PER_YEAR_OVER"])
task("tt-rename-times", "rename_attribute", m,
     "Rename the TimeTrial attribute times to entries.",
     [W("times", "entries", 4)], ["times", "entries"])
task("tt-change-speed-digits", "change_literal", m,
     "In average_speed, change the rounding digits from 2 to 1.",
     [S("/ 3600), 2)", "/ 3600), 1)")], ["2", "1"], ["average_speed"])
task("tt-change-age-base", "change_constant", m,
     "Change AGE_STANDARD_BASE from 40 to 45.",
     [S("AGE_STANDARD_BASE = 40", "AGE_STANDARD_BASE = 45")], ["40", "45"],
     note="The reviewer wants AGE_STANDARD_BASE set to 50, not 45.",
     after=[S("AGE_STANDARD_BASE = 40", "AGE_STANDARD_BASE = 50")])

# ---- groomer_appointments.py (pet groomer) ----
m = "groomer_appointments.py"
task("pg-default-per-kg", "change_default", m,
     "Change the default per_kg in size_surcharge from 0.5 to 0.75.",
     [S("per_kg=0.5,", "per_kg=0.75,")], ["0.5", "0.75"], ["size_surcharge"])
task("pg-add-deshedding", "add_parameter", m,
     "Add a deshedding=False parameter to service_price.",
     [S("def service_price(service, weight_kg, matted=False, discount=0.0):",
        "def service_price(service, weight_kg, matted=False, discount=0.0, deshedding=False):")],
     scope=["service_price"])
task("pg-remove-country", "remove_parameter", m,
     "Remove the country parameter from valid_phone.",
     [S('def valid_phone(number, country="GB"):', "def valid_phone(number):"),
      S('valid_phone(owner_phone, country="GB")', "valid_phone(owner_phone)")],
     scope=["valid_phone", "Appointment.__init__"])
task("pg-doc-day-takings", "add_docstring", m,
     'Add the docstring "Return the total price of checked-in appointments on the given day." to AppointmentBook.day_takings.',
     [S("    def day_takings(self, day, discount=0.0):\n",
        "    def day_takings(self, day, discount=0.0):\n"
        '        """Return the total price of checked-in appointments on the given day."""\n')],
     scope=["AppointmentBook.day_takings"])
task("pg-hints-size-surcharge", "add_type_hints", m,
     "Add type hints to size_surcharge: weight_kg, per_kg and free_up_to are float, and it returns float.",
     [S("def size_surcharge(weight_kg, per_kg=0.5, free_up_to=10):",
        "def size_surcharge(weight_kg: float, per_kg: float = 0.5, free_up_to: float = 10) -> float:")],
     scope=["size_surcharge"])
task("pg-try-cancel", "wrap_try_except", m,
     "In AppointmentBook.cancel, wrap the self.appointments.pop(starts_at) line in try/except KeyError that returns None.",
     [S("        appointment = self.appointments.pop(starts_at)\n",
        "        try:\n            appointment = self.appointments.pop(starts_at)\n"
        "        except KeyError:\n            return None\n")],
     scope=["AppointmentBook.cancel"])
task("pg-import-decimal", "add_import", m,
     "Add from decimal import Decimal to the imports.",
     [S("from datetime import datetime, timedelta\n",
        "from datetime import datetime, timedelta\nfrom decimal import Decimal\n")],
     scope=["<imports>"])
task("pg-insert-checked-in-reset", "insert_statement", m,
     "In AppointmentBook.cancel, add appointment.checked_in = False right after the pop.",
     [S("        appointment = self.appointments.pop(starts_at)\n",
        "        appointment = self.appointments.pop(starts_at)\n        appointment.checked_in = False\n")],
     scope=["AppointmentBook.cancel"])
task("pg-delete-cancelled-append", "delete_statement", m,
     "In AppointmentBook.cancel, delete the line self.cancelled.append(appointment).",
     [S("        self.cancelled.append(appointment)\n", "")], scope=["AppointmentBook.cancel"])

def q(s):
    return json.dumps(s, ensure_ascii=False)

out = []
for t in T:
    src = (MOD / t["module"]).read_text()
    exp = apply(src, t["edits"])
    assert exp != src
    compile(exp, t["id"], "exec")
    (EXP / f"{t['id']}.py").write_text(exp)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['module'])}", f"instruction = {q(t['instruction'])}",
             f"expected = {q('expected/' + t['id'] + '.py')}"]
    if t["tokens"]:
        lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
        keep = count_tok(exp, t["tokens"][0])
        if keep:
            lines.append(f"keep = {keep}")
    if t["scope"]:
        lines.append("scope = [" + ", ".join(q(s) for s in t["scope"]) + "]")
    if t["note"]:
        after = apply(src, t["after"])
        (EXP / f"{t['id']}.after-note.py").write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("\n\n".join(out) + "\n")
from collections import Counter
print(len(T), Counter(t["kind"] for t in T))
print(Counter(t["module"] for t in T))
for mod in set(t["module"] for t in T):
    ks = [t["kind"] for t in T if t["module"] == mod]
    assert len(set(ks)) == 9, mod
