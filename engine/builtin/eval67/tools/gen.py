import re, json
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval67")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def rename(src, old, new, count):
    pat = re.compile(r"\b%s\b" % re.escape(old))
    n = len(pat.findall(src))
    assert n == count, (old, n, count)
    return pat.sub(new, src)

def rep(src, old, new, count=1):
    n = src.count(old)
    assert n == count, (old, n, count)
    return src.replace(old, new)

T = []
def task(id, mod, kind, instruction, edit, tokens=None, keep=None, scope=None, note=None, after=None):
    T.append(dict(id=id, mod=mod, kind=kind, instruction=instruction, edit=edit,
                  tokens=tokens, keep=keep, scope=scope, note=note, after=after))

# ---------------- ropewalk_demos (kinds 0-8)
m = "ropewalk_demos.py"
task("ropewalk-rename-slot-times", m, "rename_function",
     "Rename the function slot_times to demo_start_times.",
     lambda s: rename(s, "slot_times", "demo_start_times", 2),
     tokens=["slot_times", "demo_start_times"])
task("ropewalk-rename-seats-left", m, "rename_method",
     "Rename the method Demonstration.seats_left to places_left.",
     lambda s: rename(s, "seats_left", "places_left", 3),
     tokens=["seats_left", "places_left"])
task("ropewalk-rename-demonstration-class", m, "rename_class",
     "Rename the class Demonstration to RopeDemonstration.",
     lambda s: rename(s, "Demonstration", "RopeDemonstration", 2),
     tokens=["Demonstration", "RopeDemonstration"],
     note="Please call the class RopeDemo rather than RopeDemonstration.",
     after=lambda s: rename(s, "Demonstration", "RopeDemo", 2))
task("ropewalk-rename-shrink", m, "rename_variable",
     "In finished_length, rename the local variable shrink to shrinkage.",
     lambda s: rename(s, "shrink", "shrinkage", 2),
     tokens=["shrink", "shrinkage"], scope=["finished_length"])
task("ropewalk-rename-yarn-mm", m, "rename_parameter",
     "Rename the parameter yarn_mm of yarns_needed to yarn_width_mm.",
     lambda s: rename(s, "yarn_mm", "yarn_width_mm", 3),
     tokens=["yarn_mm", "yarn_width_mm"], scope=["yarns_needed", "Demonstration.yarn_count"])
task("ropewalk-rename-max-visitors", m, "rename_constant",
     "Rename the constant MAX_VISITORS to MAX_VISITORS_PER_DEMO.",
     lambda s: rename(s, "MAX_VISITORS", "MAX_VISITORS_PER_DEMO", 2),
     tokens=["MAX_VISITORS", "MAX_VISITORS_PER_DEMO"])
task("ropewalk-rename-laid-m", m, "rename_attribute",
     "Rename the attribute self.laid_m of Demonstration to self.rope_laid_m.",
     lambda s: rename(s, "laid_m", "rope_laid_m", 4),
     tokens=["laid_m", "rope_laid_m"], scope=["Demonstration"])
task("ropewalk-literal-shrink-step", m, "change_literal",
     "In finished_length, change the literal 0.05 to 0.04.",
     lambda s: rep(s, "* 0.05)", "* 0.04)"),
     tokens=["0.05", "0.04"], scope=["finished_length"])
task("ropewalk-walk-length", m, "change_constant",
     "Set WALK_LENGTH_M to 366.",
     lambda s: rep(s, "WALK_LENGTH_M = 330\n", "WALK_LENGTH_M = 366\n"),
     tokens=["330", "366"])

# ---------------- crazygolf_cards (kinds 3-11)
m = "crazygolf_cards.py"
task("golf-rename-due", m, "rename_variable",
     "In Round.take_payment, rename the variable due to amount_due.",
     lambda s: rename(s, "due", "amount_due", 2),
     tokens=["due", "amount_due"], scope=["Round.take_payment"])
task("golf-rename-show-sign", m, "rename_parameter",
     "Rename the show_sign parameter of format_score to signed.",
     lambda s: rename(s, "show_sign", "signed", 3),
     tokens=["show_sign", "signed"], scope=["format_score", "Scorecard.to_par"])
task("golf-rename-hole-in-one-bonus", m, "rename_constant",
     "Rename HOLE_IN_ONE_BONUS to ACE_BONUS.",
     lambda s: rename(s, "HOLE_IN_ONE_BONUS", "ACE_BONUS", 2),
     tokens=["HOLE_IN_ONE_BONUS", "ACE_BONUS"])
task("golf-rename-aces", m, "rename_attribute",
     "Rename the Scorecard attribute self.aces to self.hole_in_ones.",
     lambda s: rename(s, "aces", "hole_in_ones", 3),
     tokens=["aces", "hole_in_ones"], scope=["Scorecard"])
task("golf-literal-even", m, "change_literal",
     'In format_score, change the string "E" to "Level".',
     lambda s: rep(s, 'return "E"', 'return "Level"'),
     tokens=['"E"', '"Level"'], scope=["format_score"])
task("golf-card-price", m, "change_constant",
     "Change CARD_PRICE from 4.5 to 5.0.",
     lambda s: rep(s, "CARD_PRICE = 4.5\n", "CARD_PRICE = 5.0\n"),
     tokens=["4.5", "5.0"],
     note="The card price should be 5.5, not 5.0.",
     after=lambda s: rep(s, "CARD_PRICE = 4.5\n", "CARD_PRICE = 5.5\n"))
task("golf-print-cards-width", m, "change_default",
     "Change the default of width in print_cards from 32 to 40.",
     lambda s: rep(s, "def print_cards(group, width=32,", "def print_cards(group, width=40,"),
     tokens=["32", "40"], scope=["print_cards"])
task("golf-take-payment-rounding", m, "add_parameter",
     "Add a parameter rounding=2 to the end of Round.take_payment's parameters.",
     lambda s: rep(s, "def take_payment(self, amount, discount=0):", "def take_payment(self, amount, discount=0, rounding=2):"),
     scope=["Round.take_payment"])
task("golf-remove-colour", m, "remove_parameter",
     "Remove the unused colour parameter from print_cards.",
     lambda s: rep(rep(s, "def print_cards(group, width=32, colour=False):", "def print_cards(group, width=32):"),
                   "return print_cards(self, width, colour=True)", "return print_cards(self, width)"),
     scope=["print_cards", "Round.scoreboard"])

# ---------------- market_stall_fees (kinds 6-14)
m = "market_stall_fees.py"
task("market-rename-balance", m, "rename_attribute",
     "Rename the Stallholder attribute balance to amount_owed.",
     lambda s: rename(s, "balance", "amount_owed", 7),
     tokens=["balance", "amount_owed"], scope=["Stallholder", "FeeLedger.invoice", "outstanding_report"])
task("market-literal-divisor", m, "change_literal",
     "In pitch_fee, change the divisor 3 to 4.",
     lambda s: rep(s, "Decimal(str(width_m)) / 3\n", "Decimal(str(width_m)) / 4\n"),
     tokens=["3", "4"], scope=["pitch_fee"])
task("market-late-payment-days", m, "change_constant",
     "Set LATE_PAYMENT_DAYS to 21.",
     lambda s: rep(s, "LATE_PAYMENT_DAYS = 14\n", "LATE_PAYMENT_DAYS = 21\n"),
     tokens=["14", "21"])
task("market-fallback-default", m, "change_default",
     "Change the default of fallback in parse_width from 3.0 to 2.5.",
     lambda s: rep(s, "def parse_width(raw, fallback=3.0):", "def parse_width(raw, fallback=2.5):"),
     tokens=["3.0", "2.5"], scope=["parse_width"],
     note="The fallback width should default to 2.0, not 2.5.",
     after=lambda s: rep(s, "def parse_width(raw, fallback=3.0):", "def parse_width(raw, fallback=2.0):"))
task("market-overdue-include-paid", m, "add_parameter",
     "Add a parameter include_paid=False at the end of FeeLedger.overdue's parameter list.",
     lambda s: rep(s, "def overdue(self, today):", "def overdue(self, today, include_paid=False):"),
     scope=["FeeLedger.overdue"])
task("market-remove-season-ticket", m, "remove_parameter",
     "Remove the season_ticket parameter from apply_discount.",
     lambda s: rep(rep(s, "def apply_discount(fee, local=True, season_ticket=False):", "def apply_discount(fee, local=True):"),
                   "apply_discount(fee, self.local, season_ticket=False)", "apply_discount(fee, self.local)"),
     scope=["apply_discount", "Stallholder.book"])
task("market-docstring-pitch-fee", m, "add_docstring",
     'Give pitch_fee the docstring """Return the fee for a pitch of the given width, with extras."""',
     lambda s: rep(s, "def pitch_fee(width_m, gazebo=False, electric=False):\n",
                   'def pitch_fee(width_m, gazebo=False, electric=False):\n    """Return the fee for a pitch of the given width, with extras."""\n'),
     scope=["pitch_fee"])
task("market-hints-is-overdue", m, "add_type_hints",
     "Add type hints to is_overdue: invoiced_on and today are dt.date, grace_days is int, and it returns bool.",
     lambda s: rep(s, "def is_overdue(invoiced_on, today, grace_days=LATE_PAYMENT_DAYS):",
                   "def is_overdue(invoiced_on: dt.date, today: dt.date, grace_days: int = LATE_PAYMENT_DAYS) -> bool:"),
     scope=["is_overdue"])
task("market-try-parse-width", m, "wrap_try_except",
     "In parse_width, wrap width = float(text) in a try/except ValueError that returns fallback.",
     lambda s: rep(s, "    width = float(text)\n",
                   "    try:\n        width = float(text)\n    except ValueError:\n        return fallback\n"),
     scope=["parse_width"])

# ---------------- ghostwalk_tours (kinds 9-17)
m = "ghostwalk_tours.py"
task("ghost-default-route-name", m, "change_default",
     'Change the default_name default in load_route from "Old Town" to "Castle Hill".',
     lambda s: rep(s, 'def load_route(path, default_name="Old Town"):', 'def load_route(path, default_name="Castle Hill"):'),
     tokens=['"Old Town"', '"Castle Hill"'], scope=["load_route"])
task("ghost-pick-story-weights", m, "add_parameter",
     "Add a parameter weights=None as the last parameter of pick_story.",
     lambda s: rep(s, "def pick_story(stories, seed=None, avoid=()):", "def pick_story(stories, seed=None, avoid=(), weights=None):"),
     scope=["pick_story"])
task("ghost-remove-booked-online", m, "remove_parameter",
     "Remove the booked_online parameter from ticket_total.",
     lambda s: rep(rep(s, "def ticket_total(adults, children=0, concession=False, booked_online=True):",
                       "def ticket_total(adults, children=0, concession=False):"),
                   "ticket_total(adults, children, concession, booked_online=False)", "ticket_total(adults, children, concession)"),
     scope=["ticket_total", "Tour.book"])
task("ghost-docstring-cancel", m, "add_docstring",
     'Add the docstring """Remove a booking and say whether there was one.""" to Tour.cancel.',
     lambda s: rep(s, "    def cancel(self, lead_name):\n",
                   '    def cancel(self, lead_name):\n        """Remove a booking and say whether there was one."""\n'),
     scope=["Tour.cancel"])
task("ghost-hints-ticket-total", m, "add_type_hints",
     "Add type hints to ticket_total: adults and children are int, concession and booked_online are bool, and it returns int.",
     lambda s: rep(s, "def ticket_total(adults, children=0, concession=False, booked_online=True):",
                   "def ticket_total(adults: int, children: int = 0, concession: bool = False, booked_online: bool = True) -> int:"),
     scope=["ticket_total"])
task("ghost-try-load-route", m, "wrap_try_except",
     "In load_route, wrap data = json.load(handle) in try/except json.JSONDecodeError that raises ValueError(f\"{path} is not valid JSON\") from the error.",
     lambda s: rep(s, "        data = json.load(handle)\n",
                   "        try:\n            data = json.load(handle)\n        except json.JSONDecodeError as exc:\n"
                   "            raise ValueError(f\"{path} is not valid JSON\") from exc\n"),
     scope=["load_route"])
task("ghost-import-logging", m, "add_import",
     "Add import logging to the module's imports.",
     lambda s: rep(s, "import json\nimport random\n", "import json\nimport logging\nimport random\n"),
     scope=["<imports>"])
task("ghost-insert-notes", m, "insert_statement",
     "In Tour.__init__, add self.notes = [] after self.bookings = {}.",
     lambda s: rep(s, "        self.bookings = {}\n\n    def party_size",
                   "        self.bookings = {}\n        self.notes = []\n\n    def party_size"),
     scope=["Tour.__init__"])
task("ghost-delete-party-line", m, "delete_statement",
     'In Tour.briefing, delete the statement lines.append(f"Party of {self.party_size()}").',
     lambda s: rep(s, '        lines.append(f"Party of {self.party_size()}")\n', ""),
     scope=["Tour.briefing"])

# ---------------- swim_gala_entries (kinds 12-17, 0-2)
m = "swim_gala_entries.py"
task("gala-docstring-format-time", m, "add_docstring",
     'Add the one-line docstring """Format a time in seconds as m:ss.ss or ss.ss.""" to format_time.',
     lambda s: rep(s, "def format_time(seconds):\n",
                   'def format_time(seconds):\n    """Format a time in seconds as m:ss.ss or ss.ss."""\n'),
     scope=["format_time"])
task("gala-hints-parse-time", m, "add_type_hints",
     "Annotate parse_time so that text is str and it returns float.",
     lambda s: rep(s, "def parse_time(text):", "def parse_time(text: str) -> float:"),
     scope=["parse_time"])
task("gala-try-enter", m, "wrap_try_except",
     "In Gala.enter, wrap the line entry = Entry(swimmer, age, event, entry_time) in try/except ValueError that returns None.",
     lambda s: rep(s, "        entry = Entry(swimmer, age, event, entry_time)\n",
                   "        try:\n            entry = Entry(swimmer, age, event, entry_time)\n        except ValueError:\n            return None\n"),
     scope=["Gala.enter"])
task("gala-import-statistics", m, "add_import",
     "Add import statistics to the imports.",
     lambda s: rep(s, "import math\n", "import math\nimport statistics\n"),
     scope=["<imports>"])
task("gala-insert-clear-dq", m, "insert_statement",
     "In Entry.record, add self.dq = None after the line that sets self.result.",
     lambda s: rep(s, "        self.result = parse_time(time_text)\n",
                   "        self.result = parse_time(time_text)\n        self.dq = None\n"),
     scope=["Entry.record"])
task("gala-delete-result-reset", m, "delete_statement",
     "Delete the statement self.result = None from Entry.disqualify.",
     lambda s: rep(s, "        self.dq = DQ_CODES.get(code, code)\n        self.result = None\n",
                   "        self.dq = DQ_CODES.get(code, code)\n"),
     scope=["Entry.disqualify"])
task("gala-rename-seed-heats", m, "rename_function",
     "Rename seed_heats to build_heats.",
     lambda s: rename(s, "seed_heats", "build_heats", 2),
     tokens=["seed_heats", "build_heats"])
task("gala-rename-improved", m, "rename_method",
     "Rename the Entry method improved to beat_entry_time.",
     lambda s: rename(s, "improved", "beat_entry_time", 2),
     tokens=["improved", "beat_entry_time"])
task("gala-rename-entry-class", m, "rename_class",
     "Rename the class Entry to GalaEntry.",
     lambda s: rename(s, "Entry", "GalaEntry", 2),
     tokens=["Entry", "GalaEntry"])

# ---------------- hedgerow_counts (kinds 15-17, 0-5)
m = "hedgerow_counts.py"
task("hedge-import-statistics", m, "add_import",
     "Add import statistics to the imports of the module.",
     lambda s: rep(s, "import csv\n", "import csv\nimport statistics\n"),
     scope=["<imports>"])
task("hedge-insert-pop-unknown", m, "insert_statement",
     'In HedgeSurvey.species_totals, add totals.pop("unknown", None) just before the return.',
     lambda s: rep(s, "            totals.update(record.counts)\n        return totals\n",
                   "            totals.update(record.counts)\n        totals.pop(\"unknown\", None)\n        return totals\n"),
     scope=["HedgeSurvey.species_totals"])
task("hedge-delete-notes", m, "delete_statement",
     "In SectionRecord.__init__, delete the line self.notes = [].",
     lambda s: rep(s, "        self.notes = []\n", ""),
     scope=["SectionRecord.__init__"])
task("hedge-rename-normalise-species", m, "rename_function",
     "Rename the function normalise_species to clean_species_name.",
     lambda s: rename(s, "normalise_species", "clean_species_name", 2),
     tokens=["normalise_species", "clean_species_name"],
     note="Use the name tidy_species for the function instead of clean_species_name.",
     after=lambda s: rename(s, "normalise_species", "tidy_species", 2))
task("hedge-rename-gap-fraction", m, "rename_method",
     "Rename SectionRecord.gap_fraction to gap_share.",
     lambda s: rename(s, "gap_fraction", "gap_share", 2),
     tokens=["gap_fraction", "gap_share"])
task("hedge-rename-section-record", m, "rename_class",
     "Rename the class SectionRecord to SurveySection.",
     lambda s: rename(s, "SectionRecord", "SurveySection", 2),
     tokens=["SectionRecord", "SurveySection"])
task("hedge-rename-by-hedge", m, "rename_variable",
     "In HedgeSurvey.important_hedges, rename the variable by_hedge to species_by_hedge.",
     lambda s: rename(s, "by_hedge", "species_by_hedge", 3),
     tokens=["by_hedge", "species_by_hedge"], scope=["HedgeSurvey.important_hedges"])
task("hedge-rename-threshold", m, "rename_parameter",
     "Rename the threshold parameter of is_important to min_species.",
     lambda s: rename(s, "threshold", "min_species", 3),
     tokens=["threshold", "min_species"], scope=["is_important", "HedgeSurvey.important_hedges"])
task("hedge-rename-gap-tolerance", m, "rename_constant",
     "Rename the constant GAP_TOLERANCE to MAX_GAP_FRACTION.",
     lambda s: rename(s, "GAP_TOLERANCE", "MAX_GAP_FRACTION", 2),
     tokens=["GAP_TOLERANCE", "MAX_GAP_FRACTION"])

def q(v):
    return json.dumps(v, ensure_ascii=False)

out = []
for t in T:
    src = (MOD / t["mod"]).read_text()
    new = t["edit"](src)
    assert new != src
    (EXP / (t["id"] + ".py")).write_text(new)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'])}", f"instruction = {q(t['instruction'])}",
             f"expected = {q('expected/' + t['id'] + '.py')}"]
    if t["tokens"]:
        lines.append(f"tokens = {q(t['tokens'])}")
    if t["keep"] is not None:
        lines.append(f"keep = {t['keep']}")
    if t["scope"]:
        lines.append(f"scope = {q(t['scope'])}")
    if t["note"]:
        after = t["after"](src)
        (EXP / (t["id"] + ".after-note.py")).write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("# Held-out edit tasks (eval67), written by a helper session.\n\n" + "\n\n".join(out) + "\n")
from collections import Counter
print(len(T), Counter(t["kind"] for t in T), Counter(t["mod"] for t in T))
