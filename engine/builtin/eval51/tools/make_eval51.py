"""Builds /tmp/fresh7/eval51: expected files and tasks.toml (string edits, counts asserted)."""
import re, json, ast
from pathlib import Path

ROOT = Path("/tmp/fresh7/eval51")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def rep(s, old, new, n=1):
    c = s.count(old)
    assert c == n, (old, c, n)
    return s.replace(old, new)

def word(s, old, new, n):
    pat = r"\b" + re.escape(old) + r"\b"
    c = len(re.findall(pat, s))
    assert c == n, (old, c, n)
    return re.sub(pat, new, s)

TASKS = []

def task(id, mod, kind, instruction, edit, tokens=None, keep=None, scope=None, note=None, after=None):
    TASKS.append(dict(id=id, mod=mod, kind=kind, instruction=instruction, edit=edit,
                      tokens=tokens, keep=keep, scope=scope, note=note, after=after))

# ---------------- seaweed_permits.py : kinds 0-8 ----------------
M = "seaweed_permits.py"
task("seaweed-rename-in-season", M, "rename_function",
     "Rename the function in_season to is_open_season.",
     lambda s: word(s, "in_season", "is_open_season", 2),
     tokens=["in_season", "is_open_season"], scope=["in_season", "SeaweedPermit.log_harvest"])
task("seaweed-rename-tonnes-on", M, "rename_method",
     "Rename the method SeaweedPermit.tonnes_on to tonnes_cut_on.",
     lambda s: word(s, "tonnes_on", "tonnes_cut_on", 2),
     tokens=["tonnes_on", "tonnes_cut_on"], scope=["SeaweedPermit.log_harvest", "SeaweedPermit.tonnes_on"])
task("seaweed-rename-permit-class", M, "rename_class",
     "Rename the class SeaweedPermit to HarvestPermit.",
     lambda s: word(s, "SeaweedPermit", "HarvestPermit", 3),
     tokens=["SeaweedPermit", "HarvestPermit"],
     scope=["SeaweedPermit", "PermitRegister.issue", "PermitRegister.load"],
     note="name the class KelpPermit, not HarvestPermit",
     after=lambda s: word(s, "SeaweedPermit", "KelpPermit", 3))
task("seaweed-rename-used-variable", M, "rename_variable",
     "In SeaweedPermit.log_harvest, rename the local variable used to cut_today.",
     lambda s: rep(rep(s, "        used = self.tonnes_on(day)\n", "        cut_today = self.tonnes_on(day)\n"),
                   "        if used + tonnes", "        if cut_today + tonnes"),
     tokens=["used", "cut_today"], scope=["SeaweedPermit.log_harvest"])
task("seaweed-rename-discount-param", M, "rename_parameter",
     "Rename the discount parameter of permit_fee to discount_rate.",
     lambda s: rep(rep(rep(s, "def permit_fee(zones, discount=0.0):", "def permit_fee(zones, discount_rate=0.0):"),
                       "(1 - discount)", "(1 - discount_rate)"),
                   "permit_fee(zones, discount=discount)", "permit_fee(zones, discount_rate=discount)"),
     tokens=["discount", "discount_rate"], keep=2, scope=["permit_fee", "PermitRegister.issue"])
task("seaweed-rename-max-daily-tonnes", M, "rename_constant",
     "Rename the constant MAX_DAILY_TONNES to DAILY_TONNE_LIMIT.",
     lambda s: word(s, "MAX_DAILY_TONNES", "DAILY_TONNE_LIMIT", 2),
     tokens=["MAX_DAILY_TONNES", "DAILY_TONNE_LIMIT"])
task("seaweed-rename-suspended-attr", M, "rename_attribute",
     "Rename the attribute suspended to is_suspended on every attribute access.",
     lambda s: rep(s, ".suspended", ".is_suspended", 6),
     tokens=["suspended", "is_suspended"],
     scope=["SeaweedPermit.__init__", "SeaweedPermit.covers", "SeaweedPermit.to_dict",
            "PermitRegister.suspend", "PermitRegister.active_holders", "PermitRegister.load"])
task("seaweed-returning-discount", M, "change_literal",
     "In PermitRegister.issue, change the returning-holder discount from 0.1 to 0.15.",
     lambda s: rep(s, "discount = 0.1 if returning", "discount = 0.15 if returning"),
     tokens=["0.1", "0.15"], scope=["PermitRegister.issue"])
task("seaweed-permit-fee-value", M, "change_constant",
     "Set PERMIT_FEE_PER_ZONE to 52.5.",
     lambda s: rep(s, "PERMIT_FEE_PER_ZONE = 45.0", "PERMIT_FEE_PER_ZONE = 52.5"),
     tokens=["45.0", "52.5"])

# ---------------- charcoal_kilns.py : kinds 3-11 ----------------
M = "charcoal_kilns.py"
task("kilns-rename-total-kg", M, "rename_variable",
     "In season_report, rename the variable total_kg to charcoal_total.",
     lambda s: word(s, "total_kg", "charcoal_total", 4),
     tokens=["total_kg", "charcoal_total"], scope=["season_report"])
task("kilns-rename-moisture-param", M, "rename_parameter",
     "Rename the moisture parameter of wood_mass to moisture_fraction.",
     lambda s: rep(rep(rep(s, "def wood_mass(volume_m3, moisture=0.2):", "def wood_mass(volume_m3, moisture_fraction=0.2):"),
                       "1.0 - moisture\n", "1.0 - moisture_fraction\n"),
                   "wood_mass(volume_m3, moisture=moisture)", "wood_mass(volume_m3, moisture_fraction=moisture)"),
     tokens=["moisture", "moisture_fraction"], keep=2, scope=["wood_mass", "estimate_yield"])
task("kilns-rename-cooling-hours", M, "rename_constant",
     "Rename COOLING_HOURS to COOLDOWN_HOURS throughout the module.",
     lambda s: word(s, "COOLING_HOURS", "COOLDOWN_HOURS", 2),
     tokens=["COOLING_HOURS", "COOLDOWN_HOURS"])
task("kilns-rename-burn-hours-attr", M, "rename_attribute",
     "Rename the Burn attribute self.burn_hours to self.burn_duration_hours.",
     lambda s: rep(s, "self.burn_hours", "self.burn_duration_hours", 2),
     tokens=["burn_hours", "burn_duration_hours"], keep=4, scope=["Burn.__init__", "Burn.ready_at"])
task("kilns-efficiency-precision", M, "change_literal",
     "In Burn.efficiency, round the result to 2 decimal places instead of 3.",
     lambda s: rep(s, "round(self.yield_kg / expected, 3)", "round(self.yield_kg / expected, 2)"),
     tokens=["3", "2"], scope=["Burn.efficiency"])
task("kilns-sack-weight", M, "change_constant",
     "Change SACK_WEIGHT_KG from 12 to 25.",
     lambda s: rep(s, "SACK_WEIGHT_KG = 12\n", "SACK_WEIGHT_KG = 25\n"),
     tokens=["12", "25"],
     note="the sacks should be 20 kg, not 25 kg",
     after=lambda s: rep(s, "SACK_WEIGHT_KG = 12\n", "SACK_WEIGHT_KG = 20\n"))
task("kilns-kiln-count-default", M, "change_default",
     "Make the default kiln_count of KilnYard.__init__ 6 instead of 4.",
     lambda s: rep(s, "def __init__(self, name, kiln_count=4):", "def __init__(self, name, kiln_count=6):"),
     tokens=["4", "6"], scope=["KilnYard.__init__"])
task("kilns-add-margin-hours", M, "add_parameter",
     "Add a parameter margin_hours with default 0 to Burn.is_ready.",
     lambda s: rep(s, "def is_ready(self, now=None):", "def is_ready(self, now=None, margin_hours=0):"),
     scope=["Burn.is_ready"])
task("kilns-remove-operator", M, "remove_parameter",
     "Remove the unused operator parameter from estimate_yield and from its call.",
     lambda s: rep(rep(s, "def estimate_yield(kiln_type, volume_m3, moisture=0.2, operator=None):",
                       "def estimate_yield(kiln_type, volume_m3, moisture=0.2):"),
                   'estimate_yield(self.kiln_type, self.volume_m3, operator="site crew")',
                   "estimate_yield(self.kiln_type, self.volume_m3)"),
     scope=["estimate_yield", "Burn.efficiency"])

# ---------------- dog_sled_teams.py : kinds 6-14 ----------------
M = "dog_sled_teams.py"
task("sled-rename-injured-attr", M, "rename_attribute",
     "Rename the SledDog attribute injured to is_injured wherever it is accessed.",
     lambda s: rep(s, ".injured", ".is_injured", 4),
     tokens=["injured", "is_injured"], keep=2,
     scope=["SledDog.__init__", "SledDog.can_run", "SledDog.mark_injured", "kennel_summary"])
task("sled-team-full-message", M, "change_literal",
     'In Team.add_dog, change the error message "team is full" to "team already has the maximum number of dogs".',
     lambda s: rep(s, '"team is full"', '"team already has the maximum number of dogs"'),
     tokens=['"team is full"', '"team already has the maximum number of dogs"'], scope=["Team.add_dog"])
task("sled-distance-cap", M, "change_constant",
     "Raise DAILY_DISTANCE_CAP_KM to 100.",
     lambda s: rep(s, "DAILY_DISTANCE_CAP_KM = 80", "DAILY_DISTANCE_CAP_KM = 100"),
     tokens=["80", "100"])
task("sled-pick-team-size", M, "change_default",
     "Change the default of size in pick_team from 8 to 10.",
     lambda s: rep(s, "def pick_team(dogs, distance_km, size=8,", "def pick_team(dogs, distance_km, size=10,"),
     tokens=["8", "10"], keep=1, scope=["pick_team"])
task("sled-load-dogs-encoding", M, "add_parameter",
     'Add an encoding parameter with default "utf-8" to load_dogs.',
     lambda s: rep(s, 'def load_dogs(path, delimiter=","):', 'def load_dogs(path, delimiter=",", encoding="utf-8"):'),
     scope=["load_dogs"])
task("sled-remove-weather", M, "remove_parameter",
     "Drop the weather parameter from pick_team and the weather argument passed in build_team.",
     lambda s: rep(rep(s, "size=8, seed=None, weather=None):", "size=8, seed=None):"),
                   'pick_team(dogs, distance_km, size=size, weather="clear")', "pick_team(dogs, distance_km, size=size)"),
     scope=["pick_team", "build_team"])
task("sled-docstring-position-counts", M, "add_docstring",
     'Give position_counts the docstring "Count the dogs in each harness position of a team."',
     lambda s: rep(s, "def position_counts(team):\n",
                   'def position_counts(team):\n    """Count the dogs in each harness position of a team."""\n'),
     scope=["position_counts"])
task("sled-hints-kennel-summary", M, "add_type_hints",
     "Annotate kennel_summary as (dogs: list[SledDog], min_distance: float = 0) -> dict[str, int].",
     lambda s: rep(s, "def kennel_summary(dogs, min_distance=0):",
                   "def kennel_summary(dogs: list[SledDog], min_distance: float = 0) -> dict[str, int]:"),
     scope=["kennel_summary"])
task("sled-wrap-load-row", M, "wrap_try_except",
     "In load_dogs, wrap the dogs.append(...) call in try/except (KeyError, ValueError) that does continue.",
     lambda s: rep(s,
         '            dogs.append(SledDog(row["name"], int(row["age"]), row.get("position", "team")))\n',
         '            try:\n'
         '                dogs.append(SledDog(row["name"], int(row["age"]), row.get("position", "team")))\n'
         '            except (KeyError, ValueError):\n'
         '                continue\n'),
     scope=["load_dogs"])

# ---------------- neon_repairs.py : kinds 9-17 ----------------
M = "neon_repairs.py"
task("neon-fault-hours-default", M, "change_default",
     "Set the default hours in RepairJob.add_fault to 0.5.",
     lambda s: rep(s, "tube_metres=0.0, hours=1.0):", "tube_metres=0.0, hours=0.5):"),
     tokens=["1.0", "0.5"], scope=["RepairJob.add_fault"],
     note="the default should be 0.75 hours, not 0.5",
     after=lambda s: rep(s, "tube_metres=0.0, hours=1.0):", "tube_metres=0.0, hours=0.75):"))
task("neon-add-waste-factor", M, "add_parameter",
     "Add a waste_factor parameter defaulting to 1.0 to tube_cost.",
     lambda s: rep(s, 'def tube_cost(metres, gas="neon"):', 'def tube_cost(metres, gas="neon", waste_factor=1.0):'),
     scope=["tube_cost"])
task("neon-remove-customer-note", M, "remove_parameter",
     "Remove the customer_note parameter from quote and the customer_note argument in RepairJob.estimate.",
     lambda s: rep(rep(s, 'rush=False, customer_note=""):', "rush=False):"),
                   "            customer_note=self.customer,\n", ""),
     scope=["quote", "RepairJob.estimate"])
task("neon-docstring-warranty", M, "add_docstring",
     'Add the docstring "Return the last day covered by the repair warranty." to RepairJob.warranty_until.',
     lambda s: rep(s, "    def warranty_until(self):\n",
                   '    def warranty_until(self):\n        """Return the last day covered by the repair warranty."""\n'),
     scope=["RepairJob.warranty_until"])
task("neon-hints-labour-cost", M, "add_type_hints",
     "Add type hints to labour_cost: hours: float, rate: float, rush: bool, returning float.",
     lambda s: rep(s, "def labour_cost(hours, rate=LABOUR_RATE, rush=False):",
                   "def labour_cost(hours: float, rate: float = LABOUR_RATE, rush: bool = False) -> float:"),
     scope=["labour_cost"])
task("neon-wrap-ticket-number", M, "wrap_try_except",
     "In parse_ticket_number, wrap the return in try/except ValueError that returns None.",
     lambda s: rep(s, "    return int(ticket[1:])\n",
                   "    try:\n        return int(ticket[1:])\n    except ValueError:\n        return None\n"),
     scope=["parse_ticket_number"])
task("neon-import-json", M, "add_import",
     "Add import json right after import logging.",
     lambda s: rep(s, "import logging\n", "import logging\nimport json\n"),
     scope=["<imports>"])
task("neon-log-open-job", M, "insert_statement",
     'In Workshop.open_job, add log.info("opened job %s for %s", ticket, customer) after self.jobs[ticket] = job.',
     lambda s: rep(s, "        self.jobs[ticket] = job\n",
                   '        self.jobs[ticket] = job\n        log.info("opened job %s for %s", ticket, customer)\n'),
     scope=["Workshop.open_job"])
task("neon-drop-complete-log", M, "delete_statement",
     'Delete the log.info("job %s completed", self.ticket) line from RepairJob.complete.',
     lambda s: rep(s, '        log.info("job %s completed", self.ticket)\n', ""),
     scope=["RepairJob.complete"])

# ---------------- whisky_casks.py : kinds 12-17, 0-2 ----------------
M = "whisky_casks.py"
task("whisky-docstring-duty-due", M, "add_docstring",
     'Add a docstring to duty_due: "Return the excise duty owed on a volume of spirit at the given strength."',
     lambda s: rep(s, "def duty_due(litres, abv):\n",
                   'def duty_due(litres, abv):\n    """Return the excise duty owed on a volume of spirit at the given strength."""\n'),
     scope=["duty_due"])
task("whisky-hints-years-between", M, "add_type_hints",
     "Type years_between as taking start: date and end: date and returning float.",
     lambda s: rep(s, "def years_between(start, end):", "def years_between(start: date, end: date) -> float:"),
     scope=["years_between"])
task("whisky-wrap-fill-date", M, "wrap_try_except",
     "Wrap the return in parse_fill_date in a try/except ValueError that returns None.",
     lambda s: rep(s, "    return date.fromisoformat(text)\n",
                   "    try:\n        return date.fromisoformat(text)\n    except ValueError:\n        return None\n"),
     scope=["parse_fill_date"])
task("whisky-import-logging", M, "add_import",
     "Add import logging above import math.",
     lambda s: rep(s, "import math\n", "import logging\nimport math\n"),
     scope=["<imports>"])
task("whisky-store-return", M, "insert_statement",
     "At the end of Warehouse.store, add return bay, level.",
     lambda s: rep(s, "        self.slots[(bay, level)] = cask\n\n",
                   "        self.slots[(bay, level)] = cask\n        return bay, level\n\n"),
     scope=["Warehouse.store"])
task("whisky-drop-abv-update", M, "delete_statement",
     "Remove the statement self.abv = abv_reading from Cask.take_sample.",
     lambda s: rep(s, "        self.abv = abv_reading\n", ""),
     scope=["Cask.take_sample"])
task("whisky-rename-remaining-volume", M, "rename_function",
     "Rename remaining_volume to volume_after_evaporation.",
     lambda s: word(s, "remaining_volume", "volume_after_evaporation", 2),
     tokens=["remaining_volume", "volume_after_evaporation"], scope=["remaining_volume", "Cask.volume_on"])
task("whisky-rename-age-on", M, "rename_method",
     "Rename the Cask method age_on to age_in_years.",
     lambda s: word(s, "age_on", "age_in_years", 4),
     tokens=["age_on", "age_in_years"],
     scope=["Cask.age_on", "Cask.volume_on", "Cask.can_bottle", "stock_report"])
task("whisky-rename-cask-class", M, "rename_class",
     "Rename the class Cask to WhiskyCask.",
     lambda s: rep(rep(s, "class Cask:", "class WhiskyCask:"), "cask = Cask(row", "cask = WhiskyCask(row"),
     tokens=["Cask", "WhiskyCask"], scope=["Cask", "load_casks"])

# ---------------- weather_balloons.py : kinds 15-17, 0-5 ----------------
M = "weather_balloons.py"
task("balloon-import-statistics", M, "add_import",
     "Add import statistics after import math.",
     lambda s: rep(s, "import math\n", "import math\nimport statistics\n"),
     scope=["<imports>"])
task("balloon-recovered-flag", M, "insert_statement",
     "In Launch.__init__, add self.recovered = False after self.burst_at = None.",
     lambda s: rep(s, "        self.burst_at = None\n", "        self.burst_at = None\n        self.recovered = False\n"),
     scope=["Launch.__init__"])
task("balloon-drop-reading-return", M, "delete_statement",
     "Delete the return reading statement at the end of Launch.add_reading.",
     lambda s: rep(s, "        return reading\n", ""),
     scope=["Launch.add_reading"])
task("balloon-rename-lift-needed", M, "rename_function",
     "Rename the function lift_needed to gross_lift_kg.",
     lambda s: word(s, "lift_needed", "gross_lift_kg", 2),
     tokens=["lift_needed", "gross_lift_kg"], scope=["lift_needed", "fill_volume"])
task("balloon-rename-max-altitude", M, "rename_method",
     "Rename Launch.max_altitude to peak_altitude.",
     lambda s: word(s, "max_altitude", "peak_altitude", 3),
     tokens=["max_altitude", "peak_altitude"],
     scope=["Launch.max_altitude", "LaunchLog.highest", "LaunchLog.summary"],
     note="call the method highest_altitude instead of peak_altitude",
     after=lambda s: word(s, "max_altitude", "highest_altitude", 3))
task("balloon-rename-launch-class", M, "rename_class",
     "Rename the class Launch to BalloonLaunch.",
     lambda s: rep(rep(s, "class Launch:", "class BalloonLaunch:"), "launch = Launch(serial", "launch = BalloonLaunch(serial"),
     tokens=["Launch", "BalloonLaunch"], scope=["Launch", "LaunchLog.record"])
task("balloon-rename-climb", M, "rename_variable",
     "Rename the variable climb in Launch.mean_ascent_rate to altitude_gain.",
     lambda s: word(s, "climb", "altitude_gain", 2),
     tokens=["climb", "altitude_gain"], scope=["Launch.mean_ascent_rate"])
task("balloon-rename-free-lift", M, "rename_parameter",
     "In fill_volume, rename the parameter free_lift_kg to free_lift.",
     lambda s: rep(rep(s, "def fill_volume(payload_kg, balloon_kg, free_lift_kg=0.3):",
                       "def fill_volume(payload_kg, balloon_kg, free_lift=0.3):"),
                   "lift_needed(payload_kg, balloon_kg, free_lift_kg)", "lift_needed(payload_kg, balloon_kg, free_lift)"),
     tokens=["free_lift_kg", "free_lift"], keep=2, scope=["fill_volume"])
task("balloon-rename-ascent-rate", M, "rename_constant",
     "Rename ASCENT_RATE_MS to NOMINAL_ASCENT_RATE_MS.",
     lambda s: word(s, "ASCENT_RATE_MS", "NOMINAL_ASCENT_RATE_MS", 2),
     tokens=["ASCENT_RATE_MS", "NOMINAL_ASCENT_RATE_MS"])


def q(v):
    return json.dumps(v, ensure_ascii=False)

out = []
for t in TASKS:
    src = (MOD / t["mod"]).read_text()
    new = t["edit"](src)
    assert new != src, t["id"]
    ast.parse(new)
    (EXP / (t["id"] + ".py")).write_text(new)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'])}", f"instruction = {q(t['instruction'])}",
             f"expected = {q('expected/' + t['id'] + '.py')}", f"path = {q(t['mod'])}"]
    if t["tokens"]:
        lines.append(f"tokens = {q(t['tokens'])}")
        if t["keep"]:
            lines.append(f"keep = {t['keep']}")
    if t["scope"]:
        lines.append(f"scope = {q(t['scope'])}")
    if t["note"]:
        after = t["after"](src)
        ast.parse(after)
        (EXP / (t["id"] + ".after-note.py")).write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines))

header = ("# Held-out edit tasks (eval51), written by a helper session for a held-out evaluation.\n"
          "# 6 modules x 9 tasks; 18 kinds x 3 tasks; 4 redraft tasks.\n\n")
(ROOT / "tasks.toml").write_text(header + "\n\n".join(out) + "\n")
from collections import Counter
print(len(TASKS), Counter(t["kind"] for t in TASKS), Counter(t["mod"] for t in TASKS))
for m in set(t["mod"] for t in TASKS):
    ks = [t["kind"] for t in TASKS if t["mod"] == m]
    assert len(set(ks)) == 9, m
