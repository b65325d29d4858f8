import re, json
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval60")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def S(old, new, n=1):
    return ("s", old, new, n)

def W(word, new, n):
    return ("w", word, new, n)

def apply(text, edits):
    for kind, old, new, n in edits:
        if kind == "s":
            c = text.count(old)
            assert c == n, (old, c, n)
            text = text.replace(old, new)
        else:
            pat = r"(?<![\w.])" + re.escape(old) + r"\b" if kind == "w" else None
            pat = r"\b" + re.escape(old) + r"\b"
            c = len(re.findall(pat, text))
            assert c == n, (old, c, n)
            text = re.sub(pat, new, text)
    return text

tasks = []

def task(mod, tid, kind, instruction, edits, tokens=None, keep=None, scope=None, note=None, after_edits=None):
    src = (MOD / mod).read_text()
    out = apply(src, edits)
    assert out != src
    exp = f"expected/{tid}.py"
    (ROOT / exp).write_text(out)
    t = dict(id=tid, kind=kind, phrasing="heldout", source=f"modules/{mod}", instruction=instruction, expected=exp)
    if tokens: t["tokens"] = tokens
    if keep: t["keep"] = keep
    if scope: t["scope"] = scope
    if note:
        an = apply(src, after_edits)
        ap = f"expected/{tid}.after-note.py"
        (ROOT / ap).write_text(an)
        t["note"] = note
        t["after_note"] = ap
    tasks.append(t)

# ---------------- rowing_outings.py ----------------
M = "rowing_outings.py"
task(M, "rowing-rename-crew-label", "rename_function",
     "Rename the function crew_label to format_crew.",
     [W("crew_label", "format_crew", 2)], tokens=["crew_label", "format_crew"],
     scope=["crew_label", "Outing.summary"])
task(M, "rowing-rename-log-distance", "rename_method",
     "Rename the method Outing.log_distance to add_distance.",
     [W("log_distance", "add_distance", 1)], tokens=["log_distance", "add_distance"],
     scope=["Outing.log_distance"])
task(M, "rowing-rename-boat-class", "rename_class",
     "Rename the class Boat to Shell.",
     [W("Boat", "Shell", 4)], tokens=["Boat", "Shell"], scope=["Boat", "default_fleet"])
task(M, "rowing-rename-total-variable", "rename_variable",
     "In total_distance, rename the local variable total to running_km.",
     [W("total", "running_km", 3)], tokens=["total", "running_km"], scope=["total_distance"])
task(M, "rowing-rename-separator-param", "rename_parameter",
     "Rename the separator parameter of crew_label to joiner.",
     [W("separator", "joiner", 3)], tokens=["separator", "joiner"],
     scope=["crew_label", "Outing.summary"])
task(M, "rowing-rename-max-crew-size", "rename_constant",
     "Rename the constant MAX_CREW_SIZE to CREW_LIMIT.",
     [W("MAX_CREW_SIZE", "CREW_LIMIT", 2)], tokens=["MAX_CREW_SIZE", "CREW_LIMIT"],
     note="The name should be `MAX_ROWERS`, not `CREW_LIMIT`.",
     after_edits=[W("MAX_CREW_SIZE", "MAX_ROWERS", 2)])
task(M, "rowing-rename-distance-km-attr", "rename_attribute",
     "Rename the attribute distance_km on Outing to km_rowed.",
     [W("distance_km", "km_rowed", 6)], tokens=["distance_km", "km_rowed"],
     scope=["Outing.__init__", "Outing.log_distance", "Outing.summary", "total_distance"])
task(M, "rowing-change-cox-message", "change_literal",
     'In Outing.set_cox, change the error message "boat has no cox seat" to "this boat is coxless".',
     [S('"boat has no cox seat"', '"this boat is coxless"')],
     tokens=['"boat has no cox seat"', '"this boat is coxless"'], scope=["Outing.set_cox"])
task(M, "rowing-change-outing-minutes", "change_constant",
     "Set DEFAULT_OUTING_MINUTES to 75.",
     [S("DEFAULT_OUTING_MINUTES = 90", "DEFAULT_OUTING_MINUTES = 75")], tokens=["90", "75"])

# ---------------- paddle_steamer_sailings.py ----------------
M = "paddle_steamer_sailings.py"
task(M, "steamer-rename-plan-variable", "rename_variable",
     "In Season.crew_plan, rename the local variable plan to crew_by_day.",
     [W("plan", "crew_by_day", 3)], tokens=["plan", "crew_by_day"], scope=["Season.crew_plan"])
task(M, "steamer-rename-adult-price-param", "rename_parameter",
     "Rename the adult_price parameter of fare_for to base_price.",
     [W("adult_price", "base_price", 4)], tokens=["adult_price", "base_price"], scope=["fare_for"])
task(M, "steamer-rename-passenger-capacity", "rename_constant",
     "Rename PASSENGER_CAPACITY to MAX_PASSENGERS.",
     [W("PASSENGER_CAPACITY", "MAX_PASSENGERS", 2)], tokens=["PASSENGER_CAPACITY", "MAX_PASSENGERS"])
task(M, "steamer-rename-booked-attr", "rename_attribute",
     "Rename the Sailing attribute booked to tickets.",
     [W("booked", "tickets", 7)], tokens=["booked", "tickets"],
     scope=["Sailing.__init__", "Sailing.book", "Sailing.passengers", "Sailing.takings"])
task(M, "steamer-change-full-message", "change_literal",
     'In Sailing.book, change the message "sailing full" to "no berths left on this sailing".',
     [S('"sailing full"', '"no berths left on this sailing"')],
     tokens=['"sailing full"', '"no berths left on this sailing"'], scope=["Sailing.book"])
task(M, "steamer-change-tide-window", "change_constant",
     "Change TIDE_WINDOW_MINUTES from 45 to 60.",
     [S("TIDE_WINDOW_MINUTES = 45", "TIDE_WINDOW_MINUTES = 60")], tokens=["45", "60"])
task(M, "steamer-change-cancel-reason", "change_default",
     'Make the default of reason in Sailing.cancel "sea state" instead of "weather".',
     [S('reason="weather"', 'reason="sea state"')], tokens=['"weather"', '"sea state"'],
     scope=["Sailing.cancel"],
     note='The default reason should be "tides", not "sea state".',
     after_edits=[S('reason="weather"', 'reason="tides"')])
task(M, "steamer-add-minimum-param", "add_parameter",
     "Add a parameter minimum=6 to crew_needed.",
     [S("def crew_needed(passengers, per_hundred=CREW_PER_HUNDRED):",
        "def crew_needed(passengers, per_hundred=CREW_PER_HUNDRED, minimum=6):")],
     scope=["crew_needed"])
task(M, "steamer-remove-weather-param", "remove_parameter",
     "Remove the unused weather parameter from pier_order.",
     [S("def pier_order(calls, reverse=False, weather=None):", "def pier_order(calls, reverse=False):"),
      S('reverse=not self.outbound, weather="fair")', "reverse=not self.outbound)")],
     scope=["pier_order", "Sailing.route"])

# ---------------- cheese_wheel_affinage.py ----------------
M = "cheese_wheel_affinage.py"
task(M, "cheese-rename-last-turned-attr", "rename_attribute",
     "Rename the Wheel attribute last_turned to turned_on.",
     [W("last_turned", "turned_on", 3)], tokens=["last_turned", "turned_on"],
     scope=["Wheel.__init__", "Wheel.due_for_turning", "Wheel.turn"])
task(M, "cheese-change-reject-literal", "change_literal",
     'In grade_for, return "cull" instead of "reject".',
     [S('return "reject"', 'return "cull"')], tokens=['"reject"', '"cull"'], scope=["grade_for"])
task(M, "cheese-change-target-humidity", "change_constant",
     "Change CAVE_TARGET_HUMIDITY to 90.",
     [S("CAVE_TARGET_HUMIDITY = 92", "CAVE_TARGET_HUMIDITY = 90")], tokens=["92", "90"],
     note="Use 88 for CAVE_TARGET_HUMIDITY, not 90.",
     after_edits=[S("CAVE_TARGET_HUMIDITY = 92", "CAVE_TARGET_HUMIDITY = 88")])
task(M, "cheese-change-tolerance-default", "change_default",
     "Change the default of tolerance in humidity_alarm from 3 to 2.",
     [S("tolerance=3)", "tolerance=2)")], tokens=["3", "2"], keep=1, scope=["humidity_alarm"])
task(M, "cheese-add-limit-param", "add_parameter",
     "Add a parameter limit=None to Cave.turning_list.",
     [S("def turning_list(self, today):", "def turning_list(self, today, limit=None):")],
     scope=["Cave.turning_list"])
task(M, "cheese-remove-strict-param", "remove_parameter",
     "Remove the strict parameter from load_wheels.",
     [S("def load_wheels(path, shelf_filter=None, strict=True):", "def load_wheels(path, shelf_filter=None):"),
      S("load_wheels(path, shelf_filter=shelf, strict=False)", "load_wheels(path, shelf_filter=shelf)")],
     scope=["load_wheels", "Cave.restock"])
task(M, "cheese-docstring-age-days", "add_docstring",
     'Add the docstring "Return how many days the wheel has been ripening." to Wheel.age_days.',
     [S("    def age_days(self, today):\n",
        '    def age_days(self, today):\n        """Return how many days the wheel has been ripening."""\n')],
     scope=["Wheel.age_days"])
task(M, "cheese-hints-wheel-code", "add_type_hints",
     "Add type hints to wheel_code: batch is str, number is int, prefix is str, and it returns str.",
     [S("def wheel_code(batch, number, prefix=LABEL_PREFIX):",
        "def wheel_code(batch: str, number: int, prefix: str = LABEL_PREFIX) -> str:")],
     scope=["wheel_code"])
task(M, "cheese-try-json-load", "wrap_try_except",
     "In load_wheels, wrap rows = json.load(handle) in a try/except json.JSONDecodeError that returns an empty list.",
     [S("        rows = json.load(handle)\n",
        "        try:\n            rows = json.load(handle)\n        except json.JSONDecodeError:\n            return []\n")],
     scope=["load_wheels"])

# ---------------- stargazing_sessions.py ----------------
M = "stargazing_sessions.py"
task(M, "stars-change-bortle-default", "change_default",
     "Change the default of bortle in sky_is_usable from 4 to 3.",
     [S("bortle=4)", "bortle=3)")], tokens=["4", "3"], scope=["sky_is_usable"])
task(M, "stars-add-guest-param", "add_parameter",
     "Add a parameter guest=False to Session.sign_in.",
     [S("def sign_in(self, member):", "def sign_in(self, member, guest=False):")],
     scope=["Session.sign_in"])
task(M, "stars-remove-season-param", "remove_parameter",
     "Remove the season parameter from pick_targets.",
     [S("def pick_targets(catalogue, moon_distances, limit=5, season=None):",
        "def pick_targets(catalogue, moon_distances, limit=5):"),
      S('limit=self.max_targets, season="winter")', "limit=self.max_targets)")],
     scope=["pick_targets", "Session.plan"])
task(M, "stars-docstring-limiting-magnitude", "add_docstring",
     'Give Telescope.limiting_magnitude the docstring "Estimate the faintest magnitude visible through this telescope."',
     [S("    def limiting_magnitude(self):\n",
        '    def limiting_magnitude(self):\n        """Estimate the faintest magnitude visible through this telescope."""\n')],
     scope=["Telescope.limiting_magnitude"])
task(M, "stars-hints-seeing-index", "add_type_hints",
     "Annotate seeing_index so that label is a str and it returns an int.",
     [S("def seeing_index(label):", "def seeing_index(label: str) -> int:")],
     scope=["seeing_index"])
task(M, "stars-try-read-attendance", "wrap_try_except",
     "In read_attendance, wrap the with open(path, newline=\"\") block in a try/except FileNotFoundError that returns an empty list.",
     [S('''    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if row.get("site", site) == site:
                names.append(row["member"])
''', '''    try:
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                if row.get("site", site) == site:
                    names.append(row["member"])
    except FileNotFoundError:
        return []
''')],
     scope=["read_attendance"])
task(M, "stars-import-json", "add_import",
     "Add import json to the imports.",
     [S("import csv\nimport math\n", "import csv\nimport json\nimport math\n")],
     scope=["<imports>"])
task(M, "stars-insert-eyepieces", "insert_statement",
     "In Telescope.__init__, add self.eyepieces = [] after self.collimated = True.",
     [S("        self.collimated = True\n\n    def limiting_magnitude",
        "        self.collimated = True\n        self.eyepieces = []\n\n    def limiting_magnitude")],
     scope=["Telescope.__init__"])
task(M, "stars-delete-plan-note", "delete_statement",
     'In Session.plan, delete the line self.notes.append("planned from %d catalogue entries" % len(catalogue)).',
     [S('        self.notes.append("planned from %d catalogue entries" % len(catalogue))\n', "")],
     scope=["Session.plan"])

# ---------------- junk_shop_consignments.py ----------------
M = "junk_shop_consignments.py"
task(M, "junk-docstring-owner-share", "add_docstring",
     "Add a docstring to owner_share: \"Return the consignor's share of a sale after the shop's commission.\"",
     [S("def owner_share(sale_price, commission=SHOP_COMMISSION):\n",
        "def owner_share(sale_price, commission=SHOP_COMMISSION):\n    \"\"\"Return the consignor's share of a sale after the shop's commission.\"\"\"\n")],
     scope=["owner_share"])
task(M, "junk-hints-markdown-price", "add_type_hints",
     "Add type hints to markdown_price: price, step and floor are float, days_on_shelf is int, and the return type is float.",
     [S("def markdown_price(price, days_on_shelf, step=0.1, floor=1.0):",
        "def markdown_price(price: float, days_on_shelf: int, step: float = 0.1, floor: float = 1.0) -> float:")],
     scope=["markdown_price"])
task(M, "junk-try-register-append", "wrap_try_except",
     "In register_items, wrap the items.append(ConsignmentItem(...)) call in a try/except ValueError that continues to the next row.",
     [S('''        items.append(ConsignmentItem(row["tag"], row["description"], consignor, float(row["asking"]), received))
''', '''        try:
            items.append(ConsignmentItem(row["tag"], row["description"], consignor, float(row["asking"]), received))
        except ValueError:
            continue
''')],
     scope=["register_items"])
task(M, "junk-import-decimal", "add_import",
     "Add from decimal import Decimal to the imports.",
     [S("import datetime\nimport re\n", "import datetime\nimport re\nfrom decimal import Decimal\n")],
     scope=["<imports>"])
task(M, "junk-insert-last-payout", "insert_statement",
     "In Consignor.settle, add self.last_payout = payout right after self.paid += payout.",
     [S("        self.paid += payout\n", "        self.paid += payout\n        self.last_payout = payout\n")],
     scope=["Consignor.settle"])
task(M, "junk-delete-phone", "delete_statement",
     "Delete the line self.phone = phone from Consignor.__init__.",
     [S("        self.phone = phone\n", "")], scope=["Consignor.__init__"])
task(M, "junk-rename-overdue-items", "rename_function",
     "Rename overdue_items to expired_items.",
     [W("overdue_items", "expired_items", 2)], tokens=["overdue_items", "expired_items"],
     scope=["overdue_items", "shop_report"])
task(M, "junk-rename-current-price", "rename_method",
     "Rename the method ConsignmentItem.current_price to price_on.",
     [W("current_price", "price_on", 2)], tokens=["current_price", "price_on"],
     scope=["ConsignmentItem.current_price", "ConsignmentItem.sell"])
task(M, "junk-rename-consignor-class", "rename_class",
     "Rename the class Consignor to Supplier.",
     [W("Consignor", "Supplier", 2)], tokens=["Consignor", "Supplier"],
     scope=["Consignor", "register_items"])

# ---------------- ski_hire_fittings.py ----------------
M = "ski_hire_fittings.py"
task(M, "ski-import-logging", "add_import",
     "Add import logging to the imports.",
     [S("import math\nfrom collections", "import logging\nimport math\nfrom collections")],
     scope=["<imports>"])
task(M, "ski-insert-returns", "insert_statement",
     "In HireDesk.__init__, add self.returns = [] after self.stock = defaultdict(int).",
     [S("        self.stock = defaultdict(int)\n", "        self.stock = defaultdict(int)\n        self.returns = []\n")],
     scope=["HireDesk.__init__"])
task(M, "ski-delete-foot-length-attr", "delete_statement",
     "In Fitting.__init__, delete the line self.foot_length_cm = foot_length_cm.",
     [S("        self.foot_length_cm = foot_length_cm\n", "")], scope=["Fitting.__init__"])
task(M, "ski-rename-mondo-size", "rename_function",
     "Rename the function mondo_size to boot_size_for.",
     [W("mondo_size", "boot_size_for", 2)], tokens=["mondo_size", "boot_size_for"],
     scope=["mondo_size", "Fitting.__init__"],
     note="Call the function `fit_boot_size` rather than `boot_size_for`.",
     after_edits=[W("mondo_size", "fit_boot_size", 2)])
task(M, "ski-rename-recommended-length", "rename_method",
     "Rename Fitting.recommended_length to ski_length_cm.",
     [W("recommended_length", "ski_length_cm", 2)], tokens=["recommended_length", "ski_length_cm"],
     scope=["Fitting.recommended_length", "Fitting.ticket"])
task(M, "ski-rename-hire-desk", "rename_class",
     "Rename the class HireDesk to FittingCounter.",
     [W("HireDesk", "FittingCounter", 2)], tokens=["HireDesk", "FittingCounter"],
     scope=["HireDesk", "open_desk"])
task(M, "ski-rename-total-variable", "rename_variable",
     "In HireDesk.day_takings, rename the variable total to takings.",
     [W("total", "takings", 3)], tokens=["total", "takings"], scope=["HireDesk.day_takings"])
task(M, "ski-rename-skier-type-param", "rename_parameter",
     "Rename the skier_type parameter of din_setting to style.",
     [S("def din_setting(weight_kg, height_cm, skier_type=", "def din_setting(weight_kg, height_cm, style="),
      S("SKIER_TYPE_FACTOR[skier_type]", "SKIER_TYPE_FACTOR[style]"),
      S("skier_type=skier_type, age=age)", "style=skier_type, age=age)")],
     tokens=["skier_type", "style"], keep=2,
     scope=["din_setting", "Fitting.set_bindings"])
task(M, "ski-rename-hire-day-rate", "rename_constant",
     "Rename the constant HIRE_DAY_RATE to DAILY_RATE.",
     [W("HIRE_DAY_RATE", "DAILY_RATE", 2)], tokens=["HIRE_DAY_RATE", "DAILY_RATE"])

def q(v):
    return json.dumps(v, ensure_ascii=False)

lines = []
for t in tasks:
    lines.append("[[task]]")
    for k in ("id", "kind", "phrasing", "source", "instruction", "expected", "tokens", "keep", "scope", "note", "after_note"):
        if k in t:
            lines.append(f"{k} = {q(t[k])}")
    lines.append("")
(ROOT / "tasks.toml").write_text("\n".join(lines))
from collections import Counter
print(len(tasks), Counter(t["kind"] for t in tasks))
print(Counter(t["source"] for t in tasks))
print(sum(1 for t in tasks if "note" in t), "redraft")
