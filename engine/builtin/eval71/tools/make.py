import io, re, tokenize, json
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval71")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def src(name):
    return (MOD / f"{name}.py").read_text()

def rep(text, pairs):
    for old, new, n in pairs:
        c = text.count(old)
        assert c == n, (old, c, n)
        text = text.replace(old, new)
    return text

def rename(text, old, new, n):
    lines = text.splitlines(keepends=True)
    hits = [t.start for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type == tokenize.NAME and t.string == old]
    assert len(hits) == n, (old, len(hits), n)
    for row, col in reversed(hits):
        line = lines[row - 1]
        assert line[col:col + len(old)] == old
        lines[row - 1] = line[:col] + new + line[col + len(old):]
    return "".join(lines)

def name_tokens(text, name):
    return sum(1 for t in tokenize.generate_tokens(io.StringIO(text).readline)
               if t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING) and t.string == name)

tasks = []

def task(tid, kind, module, instruction, expected, tokens=None, scope=None, keep=None,
         note=None, after=None):
    orig = src(module)
    assert expected != orig
    (EXP / f"{tid}.py").write_text(expected)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{module}.py",
         "instruction": instruction, "expected": f"expected/{tid}.py"}
    if tokens:
        t["tokens"] = tokens
        k = name_tokens(expected, tokens[0])
        if keep is not None:
            assert k == keep, (tid, k, keep)
        if k:
            t["keep"] = k
    if scope:
        t["scope"] = scope
    if note:
        (EXP / f"{tid}.after-note.py").write_text(after)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    tasks.append(t)

# ---------------- theatre_costume_store (kinds 0-8)
M = "theatre_costume_store"; s = src(M)
task("costume-rename-normalise-size", "rename_function", M,
     "Rename the function normalise_size to clean_size everywhere in the module.",
     rename(s, "normalise_size", "clean_size", 4), ["normalise_size", "clean_size"],
     ["normalise_size", "load_costumes", "Costume.__init__", "CostumeStore.find"])
task("costume-rename-wear", "rename_method", M,
     "Rename the method Costume.wear to record_wear and update its caller.",
     rename(s, "wear", "record_wear", 2), ["wear", "record_wear"],
     ["Costume.wear", "CostumeStore.lend"])
task("costume-rename-costume-class", "rename_class", M,
     "Rename the class Costume to StageCostume.",
     rename(s, "Costume", "StageCostume", 2), ["Costume", "StageCostume"],
     ["Costume", "CostumeStore.new_costume"])
task("costume-rename-late-variable", "rename_variable", M,
     "In CostumeStore.overdue, rename the local variable late to overdue_loans.",
     rename(s, "late", "overdue_loans", 3), ["late", "overdue_loans"], ["CostumeStore.overdue"])
task("costume-rename-returned-on", "rename_parameter", M,
     "Rename the returned_on parameter of CostumeStore.return_costume to return_date.",
     rename(s, "returned_on", "return_date", 4), ["returned_on", "return_date"],
     ["CostumeStore.return_costume"])
task("costume-rename-cleaning-fee", "rename_constant", M,
     "Rename the constant CLEANING_FEE to LAUNDRY_FEE.",
     rename(s, "CLEANING_FEE", "LAUNDRY_FEE", 2), ["CLEANING_FEE", "LAUNDRY_FEE"],
     note="call it `DRY_CLEANING_FEE`, not `LAUNDRY_FEE`",
     after=rename(s, "CLEANING_FEE", "DRY_CLEANING_FEE", 2))
task("costume-rename-needs-repair", "rename_attribute", M,
     "Rename the attribute needs_repair to repair_due on Costume and wherever it is read.",
     rename(s, "needs_repair", "repair_due", 3), ["needs_repair", "repair_due"],
     ["Costume.__init__", "Costume.wear", "CostumeStore.repair_list"])
task("costume-wear-interval", "change_literal", M,
     "In Costume.wear, change the number 10 in the modulo check to 8.",
     rep(s, [("self.times_worn % 10 == 0", "self.times_worn % 8 == 0", 1)]), ["10", "8"],
     ["Costume.wear"])
task("costume-loan-days", "change_constant", M,
     "Set LOAN_DAYS to 28.",
     rep(s, [("LOAN_DAYS = 21\n", "LOAN_DAYS = 28\n", 1)]), ["21", "28"])

# ---------------- wildflower_meadow_sowing (kinds 3-11)
M = "wildflower_meadow_sowing"; s = src(M)
task("meadow-rename-sown-months", "rename_variable", M,
     "Rename the variable sown_months in season_summary to months_sown.",
     rename(s, "sown_months", "months_sown", 2), ["sown_months", "months_sown"], ["season_summary"])
task("meadow-rename-packet-size", "rename_parameter", M,
     "Rename the packet_size parameter of packets_for to packet_grams.",
     rep(s, [("def packets_for(grams, packet_size=250):\n    return math.ceil(grams / packet_size)",
              "def packets_for(grams, packet_grams=250):\n    return math.ceil(grams / packet_grams)", 1),
             ("packets_for(grams, packet_size=packet_size)", "packets_for(grams, packet_grams=packet_size)", 1)]),
     ["packet_size", "packet_grams"], ["packets_for", "SowingPlan.order_lines"], keep=2)
task("meadow-rename-mix-supplier", "rename_constant", M,
     "Rename MIX_SUPPLIER to SEED_SUPPLIER throughout the module.",
     rename(s, "MIX_SUPPLIER", "SEED_SUPPLIER", 2), ["MIX_SUPPLIER", "SEED_SUPPLIER"])
task("meadow-rename-sown-strips", "rename_attribute", M,
     "Rename the sown_strips attribute of SowingPlan to strips_sown.",
     rename(s, "sown_strips", "strips_sown", 4), ["sown_strips", "strips_sown"],
     ["SowingPlan.__init__", "SowingPlan.sow_strip", "season_summary"])
task("meadow-knapweed-name", "change_literal", M,
     'In default_plan, change the species name "Knapweed" to "Common knapweed".',
     rep(s, [('"Knapweed"', '"Common knapweed"', 1)]), ['"Knapweed"', '"Common knapweed"'],
     ["default_plan"])
task("meadow-grams-per-m2", "change_constant", M,
     "Change GRAMS_PER_M2 from 4 to 5.",
     rep(s, [("GRAMS_PER_M2 = 4\n", "GRAMS_PER_M2 = 5\n", 1)]), ["4", "5"],
     note="make it 3 grams per square metre, not 5",
     after=rep(s, [("GRAMS_PER_M2 = 4\n", "GRAMS_PER_M2 = 3\n", 1)]))
task("meadow-wastage-default", "change_default", M,
     "Change the default of wastage in seed_needed to 0.15.",
     rep(s, [("wastage=0.1)", "wastage=0.15)", 1)]), ["0.1", "0.15"], ["seed_needed"])
task("meadow-annuals-digits", "add_parameter", M,
     "Add a parameter digits with default 3 to SowingPlan.annuals_share.",
     rep(s, [("def annuals_share(self):", "def annuals_share(self, digits=3):", 1)]),
     scope=["SowingPlan.annuals_share"])
task("meadow-drop-weather", "remove_parameter", M,
     "Remove the unused weather parameter from SowingPlan.sow_strip.",
     rep(s, [('def sow_strip(self, strip_id, month, weather="dry"):', "def sow_strip(self, strip_id, month):", 1),
             ('plan.sow_strip(strip_id, month, weather="dry")', "plan.sow_strip(strip_id, month)", 1)]),
     scope=["SowingPlan.sow_strip", "sow_all"])

# ---------------- zoo_keeper_talks (kinds 6-14)
M = "zoo_keeper_talks"; s = src(M)
task("zoo-rename-keeper-load", "rename_attribute", M,
     "Rename the keeper_load attribute of TalkSchedule to talks_per_keeper.",
     rename(s, "keeper_load", "talks_per_keeper", 6), ["keeper_load", "talks_per_keeper"],
     ["TalkSchedule.__init__", "TalkSchedule.book", "TalkSchedule.busiest_keeper"])
task("zoo-slot-key", "change_literal", M,
     'In load_timetable, change the key "slot" to "start".',
     rep(s, [('entry["slot"]', 'entry["start"]', 1)]), ['"slot"', '"start"'], ["load_timetable"])
task("zoo-max-audience", "change_constant", M,
     "Change MAX_AUDIENCE to 80.",
     rep(s, [("MAX_AUDIENCE = 60\n", "MAX_AUDIENCE = 80\n", 1)]), ["60", "80"],
     note="the audience limit should be 75, not 80",
     after=rep(s, [("MAX_AUDIENCE = 60\n", "MAX_AUDIENCE = 75\n", 1)]))
task("zoo-cancel-reason-default", "change_default", M,
     'Make the default reason in KeeperTalk.cancel "keeper unavailable" instead of "weather".',
     rep(s, [('def cancel(self, reason="weather"):', 'def cancel(self, reason="keeper unavailable"):', 1)]),
     ['"weather"', '"keeper unavailable"'], ["KeeperTalk.cancel"])
task("zoo-running-enclosure", "add_parameter", M,
     "Add an enclosure parameter defaulting to None to TalkSchedule.running_talks.",
     rep(s, [("def running_talks(self):", "def running_talks(self, enclosure=None):", 1)]),
     scope=["TalkSchedule.running_talks"])
task("zoo-drop-verbose", "remove_parameter", M,
     "Remove the verbose parameter from save_board and drop it from its call.",
     rep(s, [("def save_board(schedule, path, indent=2, verbose=False):", "def save_board(schedule, path, indent=2):", 1),
             ("save_board(schedule, path, indent=4, verbose=True)", "save_board(schedule, path, indent=4)", 1)]),
     scope=["save_board", "export_day"])
task("zoo-doc-crowd-estimate", "add_docstring", M,
     'Give crowd_estimate the docstring "Estimate the audience for one talk, capped at the limit."',
     rep(s, [("def crowd_estimate(visitors, share=0.08, cap=MAX_AUDIENCE):\n",
              'def crowd_estimate(visitors, share=0.08, cap=MAX_AUDIENCE):\n    """Estimate the audience for one talk, capped at the limit."""\n', 1)]),
     scope=["crowd_estimate"])
task("zoo-hints-within-hours", "add_type_hints", M,
     "Add type hints to within_hours: slot, opening and closing are time, and it returns bool.",
     rep(s, [("def within_hours(slot, opening=OPENING, closing=CLOSING):",
              "def within_hours(slot: time, opening: time = OPENING, closing: time = CLOSING) -> bool:", 1)]),
     scope=["within_hours"])
task("zoo-guard-json-load", "wrap_try_except", M,
     "In load_timetable, wrap the json.load call in try/except json.JSONDecodeError and return an empty list on error.",
     rep(s, [("        raw = json.load(handle)\n",
              "        try:\n            raw = json.load(handle)\n        except json.JSONDecodeError:\n            return []\n", 1)]),
     scope=["load_timetable"])

# ---------------- signal_box_log (kinds 9-17)
M = "signal_box_log"; s = src(M)
task("signal-stamp-format", "change_default", M,
     'Change the default fmt of stamp to "%H:%M".',
     rep(s, [('def stamp(moment=None, fmt="%H:%M:%S"):', 'def stamp(moment=None, fmt="%H:%M"):', 1)]),
     ['"%H:%M:%S"', '"%H:%M"'], ["stamp"])
task("signal-busiest-default", "add_parameter", M,
     "Add a parameter default=None to TrainRegister.busiest_section.",
     rep(s, [("def busiest_section(self):", "def busiest_section(self, default=None):", 1)]),
     scope=["TrainRegister.busiest_section"])
task("signal-drop-strict", "remove_parameter", M,
     "Remove the strict parameter from read_log, including where load_register passes it.",
     rep(s, [('def read_log(path, encoding="utf-8", strict=False):', 'def read_log(path, encoding="utf-8"):', 1),
             ("read_log(path, strict=True)", "read_log(path)", 1)]),
     scope=["read_log", "load_register"])
task("signal-doc-valid-headcode", "add_docstring", M,
     'Add the docstring "Return True if the headcode has the form 1A23." to valid_headcode.',
     rep(s, [("def valid_headcode(headcode):\n",
              'def valid_headcode(headcode):\n    """Return True if the headcode has the form 1A23."""\n', 1)]),
     scope=["valid_headcode"])
task("signal-hints-describe-bell", "add_type_hints", M,
     "Annotate describe_bell so code and unknown are str and the return type is str.",
     rep(s, [('def describe_bell(code, unknown="unrecognised"):',
              'def describe_bell(code: str, unknown: str = "unrecognised") -> str:', 1)]),
     scope=["describe_bell"])
task("signal-guard-parse-entry", "wrap_try_except", M,
     "In TrainRegister.import_lines, wrap the parse_entry call in a try/except ValueError that skips the line with continue.",
     rep(s, [("            headcode, section, offered = parse_entry(line, separator=separator)\n",
              "            try:\n                headcode, section, offered = parse_entry(line, separator=separator)\n"
              "            except ValueError:\n                continue\n", 1)]),
     scope=["TrainRegister.import_lines"])
task("signal-import-logging", "add_import", M,
     "Add import logging to signal_box_log.py.",
     rep(s, [("import re\n", "import logging\nimport re\n", 1)]), scope=["<imports>"])
task("signal-init-refused", "insert_statement", M,
     "In TrainRegister.__init__, add self.refused = 0 after self.occupied = set().",
     rep(s, [("        self.occupied = set()\n", "        self.occupied = set()\n        self.refused = 0\n", 1)]),
     scope=["TrainRegister.__init__"])
task("signal-drop-trains-logged", "delete_statement", M,
     'Delete the line in shift_summary that appends the "Trains logged" count.',
     rep(s, [('    lines.append(f"Trains logged: {len(register.entries)}")\n', "", 1)]),
     scope=["shift_summary"])

# ---------------- cocktail_bar_menu (kinds 12-17, 0-2)
M = "cocktail_bar_menu"; s = src(M)
task("cocktail-doc-bill", "add_docstring", M,
     'Add a docstring to BarMenu.bill: "Total the named drinks and add the service charge."',
     rep(s, [("    def bill(self, names, happy_hour=False):\n",
              '    def bill(self, names, happy_hour=False):\n        """Total the named drinks and add the service charge."""\n', 1)]),
     scope=["BarMenu.bill"])
task("cocktail-hints-units", "add_type_hints", M,
     "Add type hints to units_of_alcohol: volume_ml and abv are float and it returns float.",
     rep(s, [("def units_of_alcohol(volume_ml, abv):", "def units_of_alcohol(volume_ml: float, abv: float) -> float:", 1)]),
     scope=["units_of_alcohol"])
task("cocktail-guard-load-menu", "wrap_try_except", M,
     "In load_menu, put records = json.load(handle) in a try block and set records = [] on json.JSONDecodeError.",
     rep(s, [("        records = json.load(handle)\n",
              "        try:\n            records = json.load(handle)\n        except json.JSONDecodeError:\n            records = []\n", 1)]),
     scope=["load_menu"])
task("cocktail-import-path", "add_import", M,
     "Add from pathlib import Path to the imports.",
     rep(s, [("from decimal import Decimal, ROUND_HALF_UP\n",
              "from decimal import Decimal, ROUND_HALF_UP\nfrom pathlib import Path\n", 1)]),
     scope=["<imports>"])
task("cocktail-add-drink-discard", "insert_statement", M,
     "In BarMenu.add_drink, insert self.sold_out.discard(cocktail.name) just before the return.",
     rep(s, [("        self.drinks[cocktail.name] = cocktail\n",
              "        self.drinks[cocktail.name] = cocktail\n        self.sold_out.discard(cocktail.name)\n", 1)]),
     scope=["BarMenu.add_drink"])
task("cocktail-drop-return-self", "delete_statement", M,
     "Remove the return self statement from Cocktail.set_garnish.",
     rep(s, [("        self.garnish = garnish\n        return self\n", "        self.garnish = garnish\n", 1)]),
     scope=["Cocktail.set_garnish"])
task("cocktail-rename-to-price", "rename_function", M,
     "Rename to_price to round_price, including every call.",
     rename(s, "to_price", "round_price", 4), ["to_price", "round_price"],
     ["to_price", "happy_hour_price", "Cocktail.__init__", "BarMenu.bill"])
task("cocktail-rename-available", "rename_method", M,
     "Rename BarMenu.available to on_offer.",
     rename(s, "available", "on_offer", 4), ["available", "on_offer"],
     ["BarMenu.available", "BarMenu.by_spirit", "BarMenu.render", "strongest"],
     note="name the method `in_stock` rather than `on_offer`",
     after=rename(s, "available", "in_stock", 4))
task("cocktail-rename-bar-menu", "rename_class", M,
     "Rename the class BarMenu to DrinksMenu.",
     rename(s, "BarMenu", "DrinksMenu", 2), ["BarMenu", "DrinksMenu"], ["BarMenu", "load_menu"])

# ---------------- fete_raffle (kinds 15-17, 0-5)
M = "fete_raffle"; s = src(M)
task("raffle-import-date", "add_import", M,
     "Add the import from datetime import date to fete_raffle.py.",
     rep(s, [("from collections import Counter\n", "from collections import Counter\nfrom datetime import date\n", 1)]),
     scope=["<imports>"])
task("raffle-shuffle-remaining", "insert_statement", M,
     "In Raffle.draw, add rng.shuffle(remaining) right after remaining is assigned.",
     rep(s, [("        remaining = list(self.holders)\n",
              "        remaining = list(self.holders)\n        rng.shuffle(remaining)\n", 1)]),
     scope=["Raffle.draw"])
task("raffle-drop-raised-line", "delete_statement", M,
     'Delete the lines.append call for the "Raised" total in announce.',
     rep(s, [('    lines.append(f"Raised £{raffle.takings:.2f} from {raffle.tickets_sold()} tickets")\n', "", 1)]),
     scope=["announce"])
task("raffle-rename-pick-winner", "rename_function", M,
     "Rename pick_winner to draw_ticket.",
     rename(s, "pick_winner", "draw_ticket", 2), ["pick_winner", "draw_ticket"],
     ["pick_winner", "Raffle.draw"])
task("raffle-rename-award", "rename_method", M,
     "Rename the method Prize.award to assign_winner and update the call in Raffle.draw.",
     rename(s, "award", "assign_winner", 2), ["award", "assign_winner"],
     ["Prize.award", "Raffle.draw"])
task("raffle-rename-prize", "rename_class", M,
     "Rename class Prize to RafflePrize.",
     rename(s, "Prize", "RafflePrize", 2), ["Prize", "RafflePrize"], ["Prize", "Raffle.add_prize"])
task("raffle-rename-tally", "rename_variable", M,
     "In Raffle.top_buyers, rename tally to counts.",
     rename(s, "tally", "counts", 2), ["tally", "counts"], ["Raffle.top_buyers"])
task("raffle-rename-rng-param", "rename_parameter", M,
     "Rename the rng parameter of pick_winner to generator.",
     rep(s, [("def pick_winner(pool, rng=None):\n    rng = rng or random.Random(DRAW_SEED)\n    return rng.choice(pool)",
              "def pick_winner(pool, generator=None):\n    generator = generator or random.Random(DRAW_SEED)\n    return generator.choice(pool)", 1),
             ("pick_winner(remaining, rng=rng)", "pick_winner(remaining, generator=rng)", 1)]),
     ["rng", "generator"], ["pick_winner", "Raffle.draw"])
task("raffle-rename-book-size", "rename_constant", M,
     "Rename BOOK_SIZE to TICKETS_PER_BOOK.",
     rename(s, "BOOK_SIZE", "TICKETS_PER_BOOK", 2), ["BOOK_SIZE", "TICKETS_PER_BOOK"])

# ---------------- write toml
def q(v):
    return json.dumps(v, ensure_ascii=False)

out = ["# Held-out edit tasks (eval71), written by a helper session.\n"]
for t in tasks:
    out.append("[[task]]")
    for k in ("id", "kind", "phrasing", "source", "instruction", "expected", "tokens", "keep", "scope", "note", "after_note"):
        if k in t:
            out.append(f"{k} = {q(t[k])}")
    out.append("")
(ROOT / "tasks.toml").write_text("\n".join(out))
from collections import Counter
print(len(tasks), Counter(t["kind"] for t in tasks))
print(Counter(t["source"] for t in tasks))
