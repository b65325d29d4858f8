"""Build expected files and tasks.toml for the eval77 held-out set (string edits, checked by eye)."""
import io, json, re, tokenize
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval77")
MOD = ROOT / "modules"
EXP = ROOT / "expected"


def word(s, old, new, n):
    out, k = re.subn(r"(?<![\w.])" + re.escape(old) + r"\b", new, s)
    assert k == n, (old, k, n)
    return out


def attr(s, old, new, n):
    out, k = re.subn(r"\." + re.escape(old) + r"\b", "." + new, s)
    assert k == n, (old, k, n)
    return out


def rep(s, old, new, n=1):
    assert s.count(old) == n, (old, s.count(old), n)
    return s.replace(old, new)


def names(s, name):
    return sum(1 for t in tokenize.generate_tokens(io.StringIO(s).readline)
               if t.string == name)


TASKS = []


def task(mod, tid, kind, instruction, edit, tokens=None, scope=None, note=None, after=None):
    src = (MOD / mod).read_text()
    out = edit(src)
    assert out != src
    compile(out, mod, "exec")
    tid = f"{mod[:-3].replace('_', '-')}-{tid}"
    (EXP / f"{tid}.py").write_text(out)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{mod}",
         "instruction": instruction, "expected": f"expected/{tid}.py"}
    if tokens:
        t["tokens"] = list(tokens)
        kept = names(out, tokens[0])
        if kept:
            t["keep"] = kept
    if scope:
        t["scope"] = scope
    if note:
        a = after(src)
        compile(a, mod, "exec")
        (EXP / f"{tid}.after-note.py").write_text(a)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    TASKS.append(t)


# ---------------- foray_finds.py (renames and values) ----------------
M = "foray_finds.py"
task(M, "rename-grade-rank", "rename_function",
     "Rename the function grade_rank to edibility_rank.",
     lambda s: word(s, "grade_rank", "edibility_rank", 2), tokens=["grade_rank", "edibility_rank"])
task(M, "rename-current-weight", "rename_method",
     "Rename the method ForayBasket.current_weight to total_weight.",
     lambda s: word(attr(s, "current_weight", "total_weight", 1), "current_weight", "total_weight", 1),
     tokens=["current_weight", "total_weight"])
task(M, "rename-foray-basket", "rename_class",
     "Rename the class ForayBasket to ForagerBasket.",
     lambda s: word(s, "ForayBasket", "ForagerBasket", 2), tokens=["ForayBasket", "ForagerBasket"])
task(M, "rename-totals", "rename_variable",
     "In summarise_by_species, rename the local variable totals to grams_by_species.",
     lambda s: word(s, "totals", "grams_by_species", 3), tokens=["totals", "grams_by_species"],
     scope=["summarise_by_species"])
task(M, "rename-collectable-only", "rename_parameter",
     "Rename the parameter collectable_only of summarise_by_species to edible_only.",
     lambda s: rep(rep(rep(s, "def summarise_by_species(finds, collectable_only=True):",
                               "def summarise_by_species(finds, edible_only=True):"),
                       "        if collectable_only and not is_collectable(find):",
                       "        if edible_only and not is_collectable(find):"),
                   "summarise_by_species(self.finds, collectable_only=collectable_only)",
                   "summarise_by_species(self.finds, edible_only=collectable_only)"),
     tokens=["collectable_only", "edible_only"])
task(M, "rename-min-cap-mm", "rename_constant",
     "Rename the constant MIN_CAP_MM to MIN_CAP_WIDTH_MM.",
     lambda s: word(s, "MIN_CAP_MM", "MIN_CAP_WIDTH_MM", 2), tokens=["MIN_CAP_MM", "MIN_CAP_WIDTH_MM"],
     note="Please call it MIN_CAP_DIAMETER_MM rather than MIN_CAP_WIDTH_MM.",
     after=lambda s: word(s, "MIN_CAP_MM", "MIN_CAP_DIAMETER_MM", 2))
task(M, "rename-limit-g", "rename_attribute",
     "Rename the attribute self.limit_g of ForayBasket to self.max_weight_g.",
     lambda s: attr(s, "limit_g", "max_weight_g", 2), tokens=["limit_g", "max_weight_g"])
task(M, "weather-literal", "change_literal",
     "In ForayDay.__init__, change the string \"dry\" to \"overcast\".",
     lambda s: rep(s, 'self.weather = "dry"', 'self.weather = "overcast"'),
     tokens=['"dry"', '"overcast"'], scope=["ForayDay.__init__"])
task(M, "max-basket-grams", "change_constant",
     "Set MAX_BASKET_GRAMS to 3000.",
     lambda s: rep(s, "MAX_BASKET_GRAMS = 2500", "MAX_BASKET_GRAMS = 3000"), tokens=["2500", "3000"])

# ---------------- pyo_fruit_farm.py (renames and values) ----------------
M = "pyo_fruit_farm.py"
task(M, "rename-round-to-coins", "rename_function",
     "Rename round_to_coins to round_up_to_coin.",
     lambda s: word(s, "round_to_coins", "round_up_to_coin", 2), tokens=["round_to_coins", "round_up_to_coin"])
task(M, "rename-open-rows", "rename_method",
     "Rename the FruitField.open_rows method to available_rows.",
     lambda s: word(attr(s, "open_rows", "available_rows", 1), "open_rows", "available_rows", 1),
     tokens=["open_rows", "available_rows"])
task(M, "rename-fruit-field", "rename_class",
     "Rename the class FruitField to PickingField.",
     lambda s: word(s, "FruitField", "PickingField", 2), tokens=["FruitField", "PickingField"])
task(M, "rename-subtotal", "rename_variable",
     "Rename the variable subtotal in visit_total to running_total.",
     lambda s: word(s, "subtotal", "running_total", 5), tokens=["subtotal", "running_total"],
     scope=["visit_total"])
task(M, "rename-discount", "rename_parameter",
     "Rename the discount parameter of basket_price to discount_rate.",
     lambda s: rep(rep(rep(s, "tare_g=CONTAINER_TARE_G, discount=0.0):", "tare_g=CONTAINER_TARE_G, discount_rate=0.0):"),
                       "price = net_kg * unit * (1 - discount)", "price = net_kg * unit * (1 - discount_rate)"),
                   "basket_price(fruit, gross_g, discount=discount)", "basket_price(fruit, gross_g, discount_rate=discount)"),
     tokens=["discount", "discount_rate"])
task(M, "rename-entry-fee", "rename_constant",
     "Rename ENTRY_FEE to GATE_ENTRY_FEE everywhere in the module.",
     lambda s: word(s, "ENTRY_FEE", "GATE_ENTRY_FEE", 2), tokens=["ENTRY_FEE", "GATE_ENTRY_FEE"])
task(M, "rename-pickers", "rename_attribute",
     "Rename the pickers attribute to picker_count.",
     lambda s: attr(s, "pickers", "picker_count", 6), tokens=["pickers", "picker_count"])
task(M, "entry-fee-multiplier", "change_literal",
     "In visit_total, change the 5 in entry_fee * 5 to 10.",
     lambda s: rep(s, "entry_fee * 5:", "entry_fee * 10:"), tokens=["5", "10"], scope=["visit_total"])
task(M, "container-tare", "change_constant",
     "Change CONTAINER_TARE_G from 180 to 150.",
     lambda s: rep(s, "CONTAINER_TARE_G = 180", "CONTAINER_TARE_G = 150"), tokens=["180", "150"],
     note="The tare should be 160 grams, not 150.",
     after=lambda s: rep(s, "CONTAINER_TARE_G = 180", "CONTAINER_TARE_G = 160"))

# ---------------- sailing_school_dinghies.py (renames and values) ----------------
M = "sailing_school_dinghies.py"
task(M, "rename-crew-needed", "rename_function",
     "Rename the crew_needed function to crew_size_for.",
     lambda s: word(s, "crew_needed", "crew_size_for", 2), tokens=["crew_needed", "crew_size_for"])
task(M, "rename-is-available", "rename_method",
     "Rename Dinghy.is_available to is_ready.",
     lambda s: word(attr(s, "is_available", "is_ready", 1), "is_available", "is_ready", 1),
     tokens=["is_available", "is_ready"],
     note="Name the method is_ready_to_sail instead of is_ready.",
     after=lambda s: word(attr(s, "is_available", "is_ready_to_sail", 1), "is_available", "is_ready_to_sail", 1))
task(M, "rename-condition", "rename_class",
     "Rename the enum class Condition to DinghyCondition.",
     lambda s: word(s, "Condition", "DinghyCondition", 5), tokens=["Condition", "DinghyCondition"])
task(M, "rename-group", "rename_variable",
     "In pair_students, rename the variable group to current_crew.",
     lambda s: word(s, "group", "current_crew", 7), tokens=["group", "current_crew"], scope=["pair_students"])
task(M, "rename-gusts-knots", "rename_parameter",
     "Rename the gusts_knots parameter of wind_ok to gust_knots.",
     lambda s: rep(rep(rep(s, "def wind_ok(wind_knots, gusts_knots=None,", "def wind_ok(wind_knots, gust_knots=None,"),
                       "if gusts_knots is not None and gusts_knots > limit", "if gust_knots is not None and gust_knots > limit"),
                   "wind_ok(self.wind_knots, gusts_knots=self.gusts_knots)", "wind_ok(self.wind_knots, gust_knots=self.gusts_knots)"),
     tokens=["gusts_knots", "gust_knots"])
task(M, "rename-hours-before-service", "rename_constant",
     "Rename the constant HOURS_BEFORE_SERVICE to SERVICE_INTERVAL_HOURS.",
     lambda s: word(s, "HOURS_BEFORE_SERVICE", "SERVICE_INTERVAL_HOURS", 2),
     tokens=["HOURS_BEFORE_SERVICE", "SERVICE_INTERVAL_HOURS"])
task(M, "rename-defects", "rename_attribute",
     "Rename the Dinghy attribute self.defects to self.defect_log.",
     lambda s: attr(s, "defects", "defect_log", 2), tokens=["defects", "defect_log"])
task(M, "gust-margin", "change_literal",
     "In wind_ok, change the 6 in limit + 6 to 8.",
     lambda s: rep(s, "limit + 6:", "limit + 8:"), tokens=["6", "8"], scope=["wind_ok"])
task(M, "launch-fee", "change_constant",
     "Set LAUNCH_FEE to 15.0.",
     lambda s: rep(s, "LAUNCH_FEE = 12.0", "LAUNCH_FEE = 15.0"), tokens=["12.0", "15.0"])

# ---------------- dragonboat_heats.py (structural edits) ----------------
M = "dragonboat_heats.py"
task(M, "paddlers-default", "change_default",
     "Change the default of paddlers in Crew.__init__ from 20 to 22.",
     lambda s: rep(s, "paddlers=20", "paddlers=22"), tokens=["20", "22"], scope=["Crew.__init__"],
     note="The default crew size should be 24, not 22.",
     after=lambda s: rep(s, "paddlers=20", "paddlers=24"))
task(M, "add-decimals", "add_parameter",
     "Add a parameter decimals with default 2 to format_time.",
     lambda s: rep(s, "def format_time(seconds):", "def format_time(seconds, decimals=2):"),
     scope=["format_time"])
task(M, "remove-verbose", "remove_parameter",
     "Remove the unused verbose parameter from rank_heat.",
     lambda s: rep(rep(s, "def rank_heat(results, verbose=False):", "def rank_heat(results):"),
                   "rank_heat(results, verbose=True)", "rank_heat(results)"),
     scope=["rank_heat", "qualifiers"])
task(M, "docstring-qualifiers", "add_docstring",
     'Give qualifiers the docstring "Return the crews that go through from each heat."',
     lambda s: rep(s, "def qualifiers(heats_results, per_heat=QUALIFY_PER_HEAT):\n",
                   'def qualifiers(heats_results, per_heat=QUALIFY_PER_HEAT):\n'
                   '    """Return the crews that go through from each heat."""\n'),
     scope=["qualifiers"])
task(M, "hints-record-time", "add_type_hints",
     "Add type hints to Crew.record_time: seconds is a float, penalties is an int, and it returns None.",
     lambda s: rep(s, "def record_time(self, seconds, penalties=0):",
                   "def record_time(self, seconds: float, penalties: int = 0) -> None:"),
     scope=["Crew.record_time"])
task(M, "try-advance", "wrap_try_except",
     "In Festival.advance, wrap self.crews = qualifiers(self.round_results[-1], per_heat=per_heat) in a try/except IndexError that returns [].",
     lambda s: rep(s, "        self.crews = qualifiers(self.round_results[-1], per_heat=per_heat)\n",
                   "        try:\n"
                   "            self.crews = qualifiers(self.round_results[-1], per_heat=per_heat)\n"
                   "        except IndexError:\n"
                   "            return []\n"),
     scope=["Festival.advance"])
task(M, "import-logging", "add_import",
     "Add import logging to the imports.",
     lambda s: rep(s, "import random\n", "import logging\nimport random\n"), scope=["<imports>"])
task(M, "insert-disqualified", "insert_statement",
     "In Crew.__init__, add self.disqualified = False after self.penalties = 0.",
     lambda s: rep(s, "        self.penalties = 0\n",
                   "        self.penalties = 0\n        self.disqualified = False\n"),
     scope=["Crew.__init__"])
task(M, "delete-record-time-call", "delete_statement",
     "In Festival.run_round, delete the line crew.record_time(seconds).",
     lambda s: rep(s, "                crew.record_time(seconds)\n", ""), scope=["Festival.run_round"])

# ---------------- bindery_class_projects.py (structural edits) ----------------
M = "bindery_class_projects.py"
task(M, "allowance-default", "change_default",
     "Change the default of allowance_cm in thread_length_cm to 40.",
     lambda s: rep(s, "allowance_cm=30)", "allowance_cm=40)"), tokens=["30", "40"], scope=["thread_length_cm"])
task(M, "add-notes", "add_parameter",
     "Add a notes parameter with default \"\" to BindingClass.start_project.",
     lambda s: rep(s, "def start_project(self, student, title, style, pages, when=None):",
                   'def start_project(self, student, title, style, pages, when=None, notes=""):'),
     scope=["BindingClass.start_project"])
task(M, "remove-currency", "remove_parameter",
     "Remove the currency parameter from material_cost.",
     lambda s: rep(rep(s, ', cover_cost=3.0, currency="GBP"):', ", cover_cost=3.0):"),
                   'material_cost(p, currency="GBP")', "material_cost(p)"),
     scope=["material_cost", "BindingClass.invoice"])
task(M, "docstring-finish", "add_docstring",
     'Add the docstring "Mark the named project as finished." to BindingClass.finish.',
     lambda s: rep(s, "    def finish(self, title):\n",
                   '    def finish(self, title):\n        """Mark the named project as finished."""\n'),
     scope=["BindingClass.finish"])
task(M, "hints-signatures-needed", "add_type_hints",
     "Annotate signatures_needed with pages: int, sheets_per_signature: int and return type int.",
     lambda s: rep(s, "def signatures_needed(pages, sheets_per_signature=SIGNATURE_SHEETS):",
                   "def signatures_needed(pages: int, sheets_per_signature: int = SIGNATURE_SHEETS) -> int:"),
     scope=["signatures_needed"])
task(M, "try-ready-to-trim", "wrap_try_except",
     "In ready_to_trim, wrap the return statement in a try/except TypeError that returns False.",
     lambda s: rep(s, "    return now - glued_at >= datetime.timedelta(hours=dry_hours)\n",
                   "    try:\n"
                   "        return now - glued_at >= datetime.timedelta(hours=dry_hours)\n"
                   "    except TypeError:\n"
                   "        return False\n"),
     scope=["ready_to_trim"])
task(M, "import-json", "add_import",
     "Add import json after import datetime.",
     lambda s: rep(s, "import datetime\n", "import datetime\nimport json\n"), scope=["<imports>"])
task(M, "insert-microsecond", "insert_statement",
     "In BindingClass.mark_glued, add when = when.replace(microsecond=0) before the glue_log assignment.",
     lambda s: rep(s, "        self.glue_log[title] = when\n",
                   "        when = when.replace(microsecond=0)\n        self.glue_log[title] = when\n"),
     scope=["BindingClass.mark_glued"])
task(M, "delete-opened", "delete_statement",
     "Delete the line self.opened = datetime.date.today() from BindingClass.__init__.",
     lambda s: rep(s, "        self.opened = datetime.date.today()\n", ""), scope=["BindingClass.__init__"])

# ---------------- scrapyard_weighins.py (structural edits) ----------------
M = "scrapyard_weighins.py"
task(M, "contaminated-default", "change_default",
     "Make the default of contaminated in Weighbridge.weigh_out True instead of False.",
     lambda s: rep(s, "def weigh_out(self, ticket_id, tare_kg, contaminated=False):",
                   "def weigh_out(self, ticket_id, tare_kg, contaminated=True):"),
     tokens=["False", "True"], scope=["Weighbridge.weigh_out"])
task(M, "add-driver", "add_parameter",
     "Add a driver parameter defaulting to None to Weighbridge.weigh_in.",
     lambda s: rep(s, "def weigh_in(self, vehicle_reg, metal, gross_kg):",
                   "def weigh_in(self, vehicle_reg, metal, gross_kg, driver=None):"),
     scope=["Weighbridge.weigh_in"])
task(M, "remove-grade", "remove_parameter",
     "Remove the grade parameter from payout, since it is never used.",
     lambda s: rep(rep(s, 'def payout(metal, net_kg, contaminated=False, grade="standard"):',
                       "def payout(metal, net_kg, contaminated=False):"),
                   'contaminated=contaminated, grade="standard")', "contaminated=contaminated)"),
     scope=["payout", "Ticket.complete"])
task(M, "docstring-round-to-scale", "add_docstring",
     'Add a docstring to round_to_scale: "Round a weight down to the weighbridge resolution."',
     lambda s: rep(s, "def round_to_scale(weight_kg, resolution=SCALE_RESOLUTION_KG):\n",
                   "def round_to_scale(weight_kg, resolution=SCALE_RESOLUTION_KG):\n"
                   '    """Round a weight down to the weighbridge resolution."""\n'),
     scope=["round_to_scale"])
task(M, "hints-net-weight", "add_type_hints",
     "Add type hints to net_weight: gross_kg: float, tare_kg: float, resolution: int, returning float.",
     lambda s: rep(s, "def net_weight(gross_kg, tare_kg, resolution=SCALE_RESOLUTION_KG):",
                   "def net_weight(gross_kg: float, tare_kg: float, resolution: int = SCALE_RESOLUTION_KG) -> float:"),
     scope=["net_weight"])
task(M, "try-weigh-out", "wrap_try_except",
     "In Weighbridge.weigh_out, wrap ticket = self.tickets[ticket_id] in a try/except KeyError that returns 0.0.",
     lambda s: rep(s, "        ticket = self.tickets[ticket_id]\n",
                   "        try:\n"
                   "            ticket = self.tickets[ticket_id]\n"
                   "        except KeyError:\n"
                   "            return 0.0\n"),
     scope=["Weighbridge.weigh_out"])
task(M, "import-csv", "add_import",
     "Add import csv at the top of the imports.",
     lambda s: rep(s, "import math\n", "import csv\nimport math\n"), scope=["<imports>"])
task(M, "insert-round-amount", "insert_statement",
     "Add amount = round(amount, 2) as the first line of Weighbridge.payment_method.",
     lambda s: rep(s, "    def payment_method(self, amount):\n",
                   "    def payment_method(self, amount):\n        amount = round(amount, 2)\n"),
     scope=["Weighbridge.payment_method"])
task(M, "delete-open-tickets-line", "delete_statement",
     "In Weighbridge.day_summary, delete the line lines.append(f\"open tickets: {len(self.open_tickets())}\").",
     lambda s: rep(s, '        lines.append(f"open tickets: {len(self.open_tickets())}")\n', ""),
     scope=["Weighbridge.day_summary"])


def toml_value(v):
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return "[" + ", ".join(toml_value(x) for x in v) + "]"


lines = ["# Held-out edit tasks (eval77), written by a helper session. phrasing = heldout throughout.", ""]
for t in TASKS:
    lines.append("[[task]]")
    for k, v in t.items():
        lines.append(f"{k} = {toml_value(v)}")
    lines.append("")
(ROOT / "tasks.toml").write_text("\n".join(lines))
from collections import Counter
print(len(TASKS), Counter(t["kind"] for t in TASKS))
