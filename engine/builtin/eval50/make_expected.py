import ast, difflib, io, re, tokenize, json
from pathlib import Path

ROOT = Path("/tmp/fresh7/eval50")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def sub(src, old, new, count, regex=False):
    pat = old if regex else re.escape(old)
    n = len(re.findall(pat, src))
    assert n == count, (old, n, count)
    return re.sub(pat, lambda m: new, src)

def word(src, old, new, count):
    return sub(src, r"\b" + re.escape(old) + r"\b", new, count, regex=True)

def attr(src, old, new, count):
    return sub(src, r"\." + re.escape(old) + r"\b", "." + new, count, regex=True)

def scopes_of(src):
    tree = ast.parse(src)
    owner = {}
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for ln in range(node.lineno, node.end_lineno + 1):
                owner[ln] = "<imports>"
        elif isinstance(node, ast.FunctionDef):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            for ln in range(start, node.end_lineno + 1):
                owner[ln] = node.name
        elif isinstance(node, ast.ClassDef):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            for ln in range(start, node.end_lineno + 1):
                owner[ln] = node.name
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    for ln in range(item.lineno, item.end_lineno + 1):
                        owner[ln] = f"{node.name}.{item.name}"
    return owner

def compute_scope(src, out):
    owner = scopes_of(src)
    a, b = src.splitlines(), out.splitlines()
    found = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        lines = range(i1 + 1, i2 + 1) if tag in ("replace", "delete") else [i1]
        for ln in lines:
            found.append(owner.get(ln))
    if None in found:
        return None
    res = []
    for s in found:
        if s not in res:
            res.append(s)
    return res

def count_tokens(text, tok):
    n = 0
    for t in tokenize.generate_tokens(io.StringIO(text).readline):
        if t.string == tok:
            n += 1
    return n

TASKS = []
def task(mod, tid, kind, instruction, edit, tokens=None, note=None, after=None, scope=True):
    TASKS.append(dict(mod=mod, id=tid, kind=kind, instruction=instruction, edit=edit,
                      tokens=tokens, note=note, after=after, scope=scope))

# ---------------- pigeon_loft ----------------
M = "pigeon_loft.py"
task(M, "pigeon-rename-haversine", "rename_function",
     "Rename the function haversine_km to great_circle_km.",
     lambda s: word(s, "haversine_km", "great_circle_km", 2), ["haversine_km", "great_circle_km"])
task(M, "pigeon-rename-best-velocity", "rename_method",
     "Rename the method Bird.best_velocity to fastest_velocity.",
     lambda s: word(s, "best_velocity", "fastest_velocity", 2), ["best_velocity", "fastest_velocity"])
task(M, "pigeon-rename-bird-class", "rename_class",
     "Rename the class Bird to Pigeon.",
     lambda s: word(s, "Bird", "Pigeon", 2), ["Bird", "Pigeon"],
     note="Please call the class `RacingPigeon` instead of `Pigeon`.",
     after=lambda s: word(s, "Bird", "RacingPigeon", 2))
task(M, "pigeon-rename-flying-minutes", "rename_variable",
     "In velocity_ypm, rename the local variable flying_minutes to minutes_on_wing.",
     lambda s: word(s, "flying_minutes", "minutes_on_wing", 3), ["flying_minutes", "minutes_on_wing"])
task(M, "pigeon-rename-distance-km", "rename_parameter",
     "Rename the parameter distance_km of velocity_ypm to route_km.",
     lambda s: word(s, "distance_km", "route_km", 2), ["distance_km", "route_km"])
task(M, "pigeon-rename-min-tosses", "rename_constant",
     "Rename the constant MIN_TRAINING_TOSSES to TOSSES_BEFORE_RACING.",
     lambda s: word(s, "MIN_TRAINING_TOSSES", "TOSSES_BEFORE_RACING", 2), ["MIN_TRAINING_TOSSES", "TOSSES_BEFORE_RACING"])
task(M, "pigeon-rename-birds-attr", "rename_attribute",
     "Rename the Loft attribute self.birds to self.flock.",
     lambda s: attr(s, "birds", "flock", 6), ["birds", "flock"])
task(M, "pigeon-literal-yards", "change_literal",
     "In velocity_ypm, change the literal 1093.61 to 1093.6133.",
     lambda s: sub(s, "1093.61", "1093.6133", 1), ["1093.61", "1093.6133"])
task(M, "pigeon-constant-earth-radius", "change_constant",
     "Set EARTH_RADIUS_KM to 6371.0088 instead of 6371.0.",
     lambda s: sub(s, "EARTH_RADIUS_KM = 6371.0\n", "EARTH_RADIUS_KM = 6371.0088\n", 1), ["6371.0", "6371.0088"])

# ---------------- chimney_sweep ----------------
M = "chimney_sweep.py"
task(M, "chimney-rename-overdue", "rename_variable",
     "In Round.due_within, rename the local variable overdue to upcoming.",
     lambda s: word(s, "overdue", "upcoming", 4), ["overdue", "upcoming"])
task(M, "chimney-rename-travel-miles", "rename_parameter",
     "Rename the travel_miles parameter of quote_price to distance_miles.",
     lambda s: sub(sub(sub(s,
        "def quote_price(flues, has_cowl=False, travel_miles=0,", "def quote_price(flues, has_cowl=False, distance_miles=0,", 1),
        "    price += travel_miles * mileage_rate", "    price += distance_miles * mileage_rate", 1),
        "travel_miles=travel_miles)", "distance_miles=travel_miles)", 1),
     ["travel_miles", "distance_miles"])
task(M, "chimney-rename-soot-warning", "rename_constant",
     "Rename SOOT_DEPTH_WARNING_MM to SOOT_ALERT_DEPTH_MM.",
     lambda s: word(s, "SOOT_DEPTH_WARNING_MM", "SOOT_ALERT_DEPTH_MM", 2), ["SOOT_DEPTH_WARNING_MM", "SOOT_ALERT_DEPTH_MM"])
task(M, "chimney-rename-soot-depths", "rename_attribute",
     "Rename the Visit attribute soot_depths to flue_readings.",
     lambda s: attr(s, "soot_depths", "flue_readings", 3), ["soot_depths", "flue_readings"])
task(M, "chimney-literal-cowl", "change_literal",
     "In quote_price, change 12.50 to 15.00.",
     lambda s: sub(s, "price += 12.50", "price += 15.00", 1), ["12.50", "15.00"])
task(M, "chimney-constant-price-per-flue", "change_constant",
     "Change PRICE_PER_FLUE from 30.00 to 35.00.",
     lambda s: sub(s, "PRICE_PER_FLUE = 30.00", "PRICE_PER_FLUE = 35.00", 1), ["30.00", "35.00"],
     note="Make PRICE_PER_FLUE 32.50 rather than 35.00.",
     after=lambda s: sub(s, "PRICE_PER_FLUE = 30.00", "PRICE_PER_FLUE = 32.50", 1))
task(M, "chimney-default-due-within-days", "change_default",
     "Change the default of days in Round.due_within from 30 to 14.",
     lambda s: sub(s, "def due_within(self, today=None, days=30):", "def due_within(self, today=None, days=14):", 1), ["30", "14"])
task(M, "chimney-add-param-next-due", "add_parameter",
     "Add a parameter interval_override=None to next_due.",
     lambda s: sub(s, 'def next_due(last_swept, fuel="wood"):', 'def next_due(last_swept, fuel="wood", interval_override=None):', 1))
task(M, "chimney-remove-param-notes", "remove_parameter",
     "Remove the notes parameter from soot_verdict.",
     lambda s: sub(sub(s, "def soot_verdict(depth_mm, creosote_stage=1, notes=None):", "def soot_verdict(depth_mm, creosote_stage=1):", 1),
                   "creosote_stage=creosote_stage, notes=None)", "creosote_stage=creosote_stage)", 1))

# ---------------- oyster_racks ----------------
M = "oyster_racks.py"
task(M, "oyster-rename-live-count", "rename_attribute",
     "Rename the Bag attribute live_count to survivors.",
     lambda s: attr(s, "live_count", "survivors", 4), ["live_count", "survivors"])
task(M, "oyster-literal-seeded-key", "change_literal",
     'In load_racks, change the key "seeded" to "seeded_on".',
     lambda s: sub(s, 'bag["seeded"]', 'bag["seeded_on"]', 1), ['"seeded"', '"seeded_on"'])
task(M, "oyster-constant-bags-per-rack", "change_constant",
     "Set BAGS_PER_RACK to 30.",
     lambda s: sub(s, "BAGS_PER_RACK = 24", "BAGS_PER_RACK = 30", 1), ["24", "30"])
task(M, "oyster-default-flip-days", "change_default",
     "Change the default of every_days in Rack.flip_due from 14 to 10.",
     lambda s: sub(s, "every_days=14", "every_days=10", 1), ["14", "10"])
task(M, "oyster-add-param-grade-counts", "add_parameter",
     "Add a parameter min_weight_g with default 0 to Rack.grade_counts.",
     lambda s: sub(s, "def grade_counts(self):", "def grade_counts(self, min_weight_g=0):", 1))
task(M, "oyster-remove-param-season", "remove_parameter",
     "Remove the season parameter from mortality_rate.",
     lambda s: sub(sub(s, "def mortality_rate(stocked, alive, season=None):", "def mortality_rate(stocked, alive):", 1),
                   "self.live_count, season=None)", "self.live_count)", 1))
task(M, "oyster-docstring-grade-for", "add_docstring",
     'Add the docstring "Return the market grade label for an oyster weighing weight_g grams." to grade_for.',
     lambda s: sub(s, "def grade_for(weight_g):\n",
                   'def grade_for(weight_g):\n    """Return the market grade label for an oyster weighing weight_g grams."""\n', 1))
task(M, "oyster-hints-weeks-to-market", "add_type_hints",
     "Add type hints to weeks_to_market: mean_weight_g, target_g and growth are float, and it returns int.",
     lambda s: sub(s, "def weeks_to_market(mean_weight_g, target_g=MARKET_WEIGHT_G, growth=GROWTH_G_PER_WEEK):",
                   "def weeks_to_market(mean_weight_g: float, target_g: float = MARKET_WEIGHT_G, growth: float = GROWTH_G_PER_WEEK) -> int:", 1))
task(M, "oyster-try-json-load", "wrap_try_except",
     'In load_racks, wrap `data = json.load(handle)` in try/except json.JSONDecodeError as exc and raise ValueError(f"{path} is not valid rack JSON") from exc.',
     lambda s: sub(s, "        data = json.load(handle)\n",
                   "        try:\n            data = json.load(handle)\n        except json.JSONDecodeError as exc:\n"
                   '            raise ValueError(f"{path} is not valid rack JSON") from exc\n', 1))

# ---------------- lifeboat_station ----------------
M = "lifeboat_station.py"
task(M, "lifeboat-default-sea-state", "change_default",
     "Change the default sea_state in LaunchLog.open_launch from 3 to 4.",
     lambda s: sub(s, "sea_state=3,", "sea_state=4,", 1), ["3", "4"])
task(M, "lifeboat-add-param-recover", "add_parameter",
     'Add a parameter notes="" to Launch.recover.',
     lambda s: sub(s, "def recover(self, when=None, persons_aided=0):", 'def recover(self, when=None, persons_aided=0, notes=""):', 1))
task(M, "lifeboat-remove-param-shift", "remove_parameter",
     "Remove the shift parameter from crew_available.",
     lambda s: sub(sub(s, 'def crew_available(crew, boat_class="all-weather", shift=None):', 'def crew_available(crew, boat_class="all-weather"):', 1),
                   'crew_available(crew, boat_class, shift="day")', "crew_available(crew, boat_class)", 1))
task(M, "lifeboat-docstring-response-minutes", "add_docstring",
     'Give response_minutes the docstring "Return the minutes from the pager alert to the launch."',
     lambda s: sub(s, "def response_minutes(paged_at, launched_at):\n",
                   'def response_minutes(paged_at, launched_at):\n    """Return the minutes from the pager alert to the launch."""\n', 1))
task(M, "lifeboat-hints-can-launch", "add_type_hints",
     "Annotate can_launch so boat_class is str, sea_state is int, crew is list[CrewMember], override is bool, and it returns bool.",
     lambda s: sub(s, "def can_launch(boat_class, sea_state, crew, override=False):",
                   "def can_launch(boat_class: str, sea_state: int, crew: list[CrewMember], override: bool = False) -> bool:", 1))
task(M, "lifeboat-try-min-crew", "wrap_try_except",
     'In crew_available, wrap the return statement in try/except KeyError and raise ValueError(f"unknown boat class: {boat_class}") from None.',
     lambda s: sub(s, "    return has_helm and len(ready) >= MIN_CREW[boat_class]\n",
                   "    try:\n        return has_helm and len(ready) >= MIN_CREW[boat_class]\n    except KeyError:\n"
                   '        raise ValueError(f"unknown boat class: {boat_class}") from None\n', 1))
task(M, "lifeboat-import-optional", "add_import",
     "Add `from typing import Optional` to the imports.",
     lambda s: sub(s, "from datetime import datetime, timedelta\n", "from datetime import datetime, timedelta\nfrom typing import Optional\n", 1))
task(M, "lifeboat-insert-recover-log", "insert_statement",
     'At the end of Launch.recover, add `log.info("%s back with %d aided", self.boat_class, persons_aided)`.',
     lambda s: sub(s, "        self.persons_aided = persons_aided\n",
                   '        self.persons_aided = persons_aided\n        log.info("%s back with %d aided", self.boat_class, persons_aided)\n', 1))
task(M, "lifeboat-delete-open-log", "delete_statement",
     'Delete the line `log.info("%s: %s launch for %s", self.station, boat_class, service)` from LaunchLog.open_launch.',
     lambda s: sub(s, '        log.info("%s: %s launch for %s", self.station, boat_class, service)\n', "", 1))

# ---------------- tugboat_jobs ----------------
M = "tugboat_jobs.py"
task(M, "tug-docstring-billable-hours", "add_docstring",
     'Add the docstring "Return the hours to bill, rounded up to the next quarter hour." to billable_hours.',
     lambda s: sub(s, "def billable_hours(started, finished, minimum=2.0):\n",
                   'def billable_hours(started, finished, minimum=2.0):\n    """Return the hours to bill, rounded up to the next quarter hour."""\n', 1))
task(M, "tug-hints-required-pull", "add_type_hints",
     "Add type hints to required_pull: deadweight_t, wind_knots and margin are float, and the return type is float.",
     lambda s: sub(s, "def required_pull(deadweight_t, wind_knots=10, margin=1.25):",
                   "def required_pull(deadweight_t: float, wind_knots: float = 10, margin: float = 1.25) -> float:", 1))
task(M, "tug-try-hourly-rate", "wrap_try_except",
     'In TowJob.invoice, wrap `rate = HOURLY_RATE[self.area]` in try/except KeyError and raise ValueError(f"no tariff for area {self.area!r}") from None.',
     lambda s: sub(s, "        rate = HOURLY_RATE[self.area]\n",
                   "        try:\n            rate = HOURLY_RATE[self.area]\n        except KeyError:\n"
                   '            raise ValueError(f"no tariff for area {self.area!r}") from None\n', 1))
task(M, "tug-import-decimal", "add_import",
     "Add `from decimal import Decimal` to the imports.",
     lambda s: sub(s, "from datetime import datetime\n", "from datetime import datetime\nfrom decimal import Decimal\n", 1))
task(M, "tug-insert-sort-lines", "insert_statement",
     "In fleet_report, insert `lines.sort()` right before the return.",
     lambda s: sub(s, '    return "\\n".join(lines)\n', '    lines.sort()\n    return "\\n".join(lines)\n', 1))
task(M, "tug-delete-assign-print", "delete_statement",
     'Delete the line `print(f"{self.name} assigned")` from Tug.assign.',
     lambda s: sub(s, '        print(f"{self.name} assigned")\n', "", 1))
task(M, "tug-rename-required-pull", "rename_function",
     "Rename the function required_pull to needed_pull.",
     lambda s: word(s, "required_pull", "needed_pull", 3), ["required_pull", "needed_pull"],
     note="Name the function `bollard_pull_needed` instead of `needed_pull`.",
     after=lambda s: word(s, "required_pull", "bollard_pull_needed", 3))
task(M, "tug-rename-release", "rename_method",
     "Rename Tug.release to stand_down.",
     lambda s: word(s, "release", "stand_down", 2), ["release", "stand_down"])
task(M, "tug-rename-towjob", "rename_class",
     "Rename the class TowJob to TowingJob.",
     lambda s: word(s, "TowJob", "TowingJob", 2), ["TowJob", "TowingJob"])

# ---------------- wetsuit_hire ----------------
M = "wetsuit_hire.py"
task(M, "wetsuit-import-enum", "add_import",
     "Add `from enum import Enum` to the imports.",
     lambda s: sub(s, "from dataclasses import dataclass, field\n", "from dataclasses import dataclass, field\nfrom enum import Enum\n", 1))
task(M, "wetsuit-insert-takings", "insert_statement",
     "In HireShop.hire_out, add `self.takings += price` just before the final return.",
     lambda s: sub(s, "        self.agreements[suit.tag] = (customer, due_back, price)\n",
                   "        self.agreements[suit.tag] = (customer, due_back, price)\n        self.takings += price\n", 1))
task(M, "wetsuit-delete-hires-increment", "delete_statement",
     "Delete `suit.hires += 1` from HireShop.hire_out.",
     lambda s: sub(s, "        suit.hires += 1\n", "", 1))
task(M, "wetsuit-rename-thickness-for", "rename_function",
     "Rename the function thickness_for to thickness_for_temp.",
     lambda s: word(s, "thickness_for", "thickness_for_temp", 2), ["thickness_for", "thickness_for_temp"])
task(M, "wetsuit-rename-find-suit", "rename_method",
     "Rename the method HireShop.find_suit to first_free_suit.",
     lambda s: word(s, "find_suit", "first_free_suit", 2), ["find_suit", "first_free_suit"])
task(M, "wetsuit-rename-wetsuit-class", "rename_class",
     "Rename the class Wetsuit to HireSuit.",
     lambda s: word(s, "Wetsuit", "HireSuit", 2), ["Wetsuit", "HireSuit"])
task(M, "wetsuit-rename-late-days", "rename_variable",
     "In HireShop.check_in, rename the variable late_days to days_late.",
     lambda s: word(s, "late_days", "days_late", 2), ["late_days", "days_late"])
task(M, "wetsuit-rename-discount-param", "rename_parameter",
     "Rename the parameter multi_day_discount of hire_cost to discount.",
     lambda s: word(s, "multi_day_discount", "discount", 2), ["multi_day_discount", "discount"])
task(M, "wetsuit-rename-deposit", "rename_constant",
     "Rename the constant DEPOSIT to SUIT_DEPOSIT.",
     lambda s: word(s, "DEPOSIT", "SUIT_DEPOSIT", 3), ["DEPOSIT", "SUIT_DEPOSIT"],
     note="Call the constant `DEPOSIT_GBP` so the currency is in its name, not `SUIT_DEPOSIT`.",
     after=lambda s: word(s, "DEPOSIT", "DEPOSIT_GBP", 3))

def q(v):
    return json.dumps(v, ensure_ascii=False)

out = []
for t in TASKS:
    src = (MOD / t["mod"]).read_text()
    res = t["edit"](src)
    assert res != src, t["id"]
    ast.parse(res)
    (EXP / f"{t['id']}.py").write_text(res)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'])}", f"instruction = {q(t['instruction'])}",
             f"expected = {q('expected/' + t['id'] + '.py')}"]
    if t["tokens"]:
        lines.append(f"tokens = {q(t['tokens'])}")
        keep = count_tokens(res, t["tokens"][0])
        if keep:
            lines.append(f"keep = {keep}")
    sc = compute_scope(src, res)
    if sc:
        lines.append(f"scope = {q(sc)}")
    if t["note"]:
        after = t["after"](src)
        ast.parse(after)
        (EXP / f"{t['id']}.after-note.py").write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("# Held-out edit tasks (eval50), written by a helper session.\n\n" + "\n\n".join(out) + "\n")
from collections import Counter
print(len(TASKS), Counter(t["kind"] for t in TASKS))
print(Counter(t["mod"] for t in TASKS))
