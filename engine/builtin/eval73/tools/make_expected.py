"""Builds expected/ and tasks.toml for this held-out set from the modules by plain string edits."""
import re
from pathlib import Path

ROOT = Path(__file__).parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"
EXP.mkdir(exist_ok=True)

A = "aeromodel_flight_sheet.py"
K = "charity_squares_tally.py"
H = "quay_berth_moorings.py"
G = "open_garden_visits.py"
B = "ballroom_couples.py"
T = "tile_studio_orders.py"


def w(name, new, n):
    return ("re", r"\b%s\b" % re.escape(name), new, n)


def s(old, new, n=1):
    return ("s", old, new, n)


TASKS = [
    # ---- aeromodel_flight_sheet.py
    dict(id="aero-rename-check-noise", kind="rename_function", src=A,
         instruction="Rename the function check_noise to noise_warning.",
         ops=[w("check_noise", "noise_warning", 3)], tokens=["check_noise", "noise_warning"],
         scope=["check_noise", "FlightSheet.land", "daily_report"]),
    dict(id="aero-rename-minutes-by-pilot", kind="rename_method", src=A,
         instruction="Rename the FlightSheet method minutes_by_pilot to airtime_by_pilot.",
         ops=[w("minutes_by_pilot", "airtime_by_pilot", 2)], tokens=["minutes_by_pilot", "airtime_by_pilot"],
         scope=["FlightSheet.minutes_by_pilot", "busiest_pilot"]),
    dict(id="aero-rename-flightsheet-class", kind="rename_class", src=A,
         instruction="Rename the class FlightSheet to FieldLog.",
         ops=[w("FlightSheet", "FieldLog", 1)], tokens=["FlightSheet", "FieldLog"], scope=["FlightSheet"]),
    dict(id="aero-rename-top-flyer", kind="rename_variable", src=A,
         instruction="In daily_report, rename the local variable top_flyer to busiest.",
         ops=[w("top_flyer", "busiest", 3)], tokens=["top_flyer", "busiest"], scope=["daily_report"]),
    dict(id="aero-rename-minimum-minutes", kind="rename_parameter", src=A,
         instruction="Rename the minimum_minutes parameter of busiest_pilot to min_airtime.",
         ops=[w("minimum_minutes", "min_airtime", 3)], tokens=["minimum_minutes", "min_airtime"],
         scope=["busiest_pilot", "daily_report"]),
    dict(id="aero-rename-noise-limit", kind="rename_constant", src=A,
         instruction="Rename the constant NOISE_LIMIT_DB to MAX_NOISE_DB.",
         ops=[w("NOISE_LIMIT_DB", "MAX_NOISE_DB", 2)], tokens=["NOISE_LIMIT_DB", "MAX_NOISE_DB"],
         note="Call the constant NOISE_CEILING_DB instead of MAX_NOISE_DB.",
         after_ops=[w("NOISE_LIMIT_DB", "NOISE_CEILING_DB", 2)]),
    dict(id="aero-rename-pilots-on-site", kind="rename_attribute", src=A,
         instruction="Rename the FlightSheet attribute pilots_on_site to signed_in.",
         ops=[w("pilots_on_site", "signed_in", 3)], tokens=["pilots_on_site", "signed_in"],
         scope=["FlightSheet.__init__", "FlightSheet.sign_in", "FlightSheet.log_flight"]),
    dict(id="aero-change-closed-message", kind="change_literal", src=A,
         instruction='In daily_report, change the string "Field closed for the day." to "Field closed until tomorrow.".',
         ops=[s('"Field closed for the day."', '"Field closed until tomorrow."')],
         tokens=['"Field closed for the day."', '"Field closed until tomorrow."'], scope=["daily_report"]),
    dict(id="aero-change-field-close-hour", kind="change_constant", src=A,
         instruction="Set FIELD_CLOSE_HOUR to 21.",
         ops=[s("FIELD_CLOSE_HOUR = 20\n", "FIELD_CLOSE_HOUR = 21\n")], tokens=["20", "21"], keep=1),
    # ---- charity_squares_tally.py
    dict(id="squares-rename-leftover", kind="rename_variable", src=K,
         instruction="Rename the variable leftover in season_summary to unplaced.",
         ops=[w("leftover", "unplaced", 3)], tokens=["leftover", "unplaced"], scope=["season_summary"]),
    dict(id="squares-rename-threshold", kind="rename_parameter", src=K,
         instruction="Rename the threshold parameter of badge_winners to min_squares.",
         ops=[w("threshold", "min_squares", 3)], tokens=["threshold", "min_squares"],
         scope=["badge_winners", "season_summary"]),
    dict(id="squares-rename-accepted-yarns", kind="rename_constant", src=K,
         instruction="Rename ACCEPTED_YARNS to ALLOWED_YARNS throughout the module.",
         ops=[w("ACCEPTED_YARNS", "ALLOWED_YARNS", 2)], tokens=["ACCEPTED_YARNS", "ALLOWED_YARNS"]),
    dict(id="squares-rename-rejected-attr", kind="rename_attribute", src=K,
         instruction="Rename the CircleTally attribute rejected to turned_away.",
         ops=[s(".rejected", ".turned_away", 5)], tokens=["rejected", "turned_away"],
         scope=["CircleTally.__init__", "CircleTally.receive", "CircleTally.rejection_rate", "season_summary"]),
    dict(id="squares-change-complete-message", kind="change_literal", src=K,
         instruction='In Blanket.add, change the message "blanket already complete" to "blanket is already full".',
         ops=[s('"blanket already complete"', '"blanket is already full"')],
         tokens=['"blanket already complete"', '"blanket is already full"'], scope=["Blanket.add"]),
    dict(id="squares-change-per-blanket", kind="change_constant", src=K,
         instruction="Change SQUARES_PER_BLANKET from 48 to 42.",
         ops=[s("SQUARES_PER_BLANKET = 48\n", "SQUARES_PER_BLANKET = 42\n")], tokens=["48", "42"],
         note="Set SQUARES_PER_BLANKET to 36, not 42.",
         after_ops=[s("SQUARES_PER_BLANKET = 48\n", "SQUARES_PER_BLANKET = 36\n")]),
    dict(id="squares-default-season", kind="change_default", src=K,
         instruction='Make the default season in season_summary "spring" instead of "autumn".',
         ops=[s('season="autumn"', 'season="spring"')], tokens=['"autumn"', '"spring"'],
         scope=["season_summary"]),
    dict(id="squares-add-round-up", kind="add_parameter", src=K,
         instruction="Add a round_up parameter with default True to blankets_needed.",
         ops=[s("def blankets_needed(square_count, per_blanket=SQUARES_PER_BLANKET):",
                "def blankets_needed(square_count, per_blanket=SQUARES_PER_BLANKET, round_up=True):")],
         scope=["blankets_needed"]),
    dict(id="squares-remove-dry-run", kind="remove_parameter", src=K,
         instruction="Remove the unused dry_run parameter from assemble_blankets.",
         ops=[s(", dry_run=False", "", 2)], scope=["assemble_blankets", "season_summary"]),
    # ---- quay_berth_moorings.py
    dict(id="moorings-rename-depth-attr", kind="rename_attribute", src=H,
         instruction="Rename the Mooring attribute depth_at_low_water to low_water_depth.",
         ops=[s("self.depth_at_low_water", "self.low_water_depth", 2)],
         tokens=["depth_at_low_water", "low_water_depth"], keep=2,
         scope=["Mooring.__init__", "Mooring.fits"]),
    dict(id="moorings-change-too-long-message", kind="change_literal", src=H,
         instruction='In HarbourRegister.arrive, change "vessel too long for this harbour" to "vessel exceeds the harbour length limit".',
         ops=[s('"vessel too long for this harbour"', '"vessel exceeds the harbour length limit"')],
         tokens=['"vessel too long for this harbour"', '"vessel exceeds the harbour length limit"'],
         scope=["HarbourRegister.arrive"],
         note='Make the message read "vessel too long to moor here" instead.',
         after_ops=[s('"vessel too long for this harbour"', '"vessel too long to moor here"')]),
    dict(id="moorings-change-visitor-surcharge", kind="change_constant", src=H,
         instruction="Set VISITOR_SURCHARGE to 1.35.",
         ops=[s("VISITOR_SURCHARGE = 1.2\n", "VISITOR_SURCHARGE = 1.35\n")], tokens=["1.2", "1.35"]),
    dict(id="moorings-default-visitor", kind="change_default", src=H,
         instruction="In HarbourRegister.depart, change the default of visitor from True to False.",
         ops=[s("def depart(self, code, when=None, visitor=True):", "def depart(self, code, when=None, visitor=False):")],
         tokens=["True", "False"], keep=1, scope=["HarbourRegister.depart"]),
    dict(id="moorings-add-minimum-nights", kind="add_parameter", src=H,
         instruction="Add a minimum_nights parameter with default 1 to berth_fee.",
         ops=[s("def berth_fee(length, nights, visitor=True, rate=DAILY_FEE_PER_METRE):",
                "def berth_fee(length, nights, visitor=True, rate=DAILY_FEE_PER_METRE, minimum_nights=1):")],
         scope=["berth_fee"]),
    dict(id="moorings-remove-strict", kind="remove_parameter", src=H,
         instruction="Remove the strict parameter from load_register.",
         ops=[s("def load_register(harbour, path=REGISTER_FILE, strict=False):",
                "def load_register(harbour, path=REGISTER_FILE):")], scope=["load_register"]),
    dict(id="moorings-docstring-occupancy", kind="add_docstring", src=H,
         instruction='Give occupancy the docstring "Return the fraction of moorings that are currently taken."',
         ops=[s("def occupancy(register):\n",
                'def occupancy(register):\n    """Return the fraction of moorings that are currently taken."""\n')],
         scope=["occupancy"]),
    dict(id="moorings-hints-fits", kind="add_type_hints", src=H,
         instruction="Annotate Mooring.fits so that length and draught are float and it returns bool.",
         ops=[s("def fits(self, length, draught):", "def fits(self, length: float, draught: float) -> bool:")],
         scope=["Mooring.fits"]),
    dict(id="moorings-try-load-json", kind="wrap_try_except", src=H,
         instruction="In load_register, wrap `data = json.loads(path.read_text())` in a try/except FileNotFoundError that sets data to an empty list.",
         ops=[s("    data = json.loads(path.read_text())\n",
                "    try:\n        data = json.loads(path.read_text())\n    except FileNotFoundError:\n        data = []\n")],
         scope=["load_register"]),
    # ---- open_garden_visits.py
    dict(id="garden-default-round-to", kind="change_default", src=G,
         instruction="Change the default of round_to in charity_cheque from 100 to 500.",
         ops=[s("round_to=100", "round_to=500")], tokens=["100", "500"], scope=["charity_cheque"]),
    dict(id="garden-add-season-end", kind="add_parameter", src=G,
         instruction="Add a season_end parameter defaulting to None to season_totals.",
         ops=[s("def season_totals(books, season_start=None):", "def season_totals(books, season_start=None, season_end=None):")],
         scope=["season_totals"]),
    dict(id="garden-remove-include-teas", kind="remove_parameter", src=G,
         instruction="Drop the include_teas parameter from export_day.",
         ops=[s('def export_day(books, path, delimiter=",", include_teas=True):', 'def export_day(books, path, delimiter=","):')],
         scope=["export_day"]),
    dict(id="garden-docstring-entry-takings", kind="add_docstring", src=G,
         instruction='Add the docstring "Return the gate money in pence for the given adults and children." to entry_takings.',
         ops=[s("def entry_takings(adults, children, adult_price=ADULT_ENTRY_PENCE, child_price=CHILD_ENTRY_PENCE):\n",
                "def entry_takings(adults, children, adult_price=ADULT_ENTRY_PENCE, child_price=CHILD_ENTRY_PENCE):\n"
                '    """Return the gate money in pence for the given adults and children."""\n')],
         scope=["entry_takings"]),
    dict(id="garden-hints-charity-cheque", kind="add_type_hints", src=G,
         instruction="Add type hints to charity_cheque: book is a GateBook, share a float, round_to an int, and it returns an int.",
         ops=[s("def charity_cheque(book, share=CHARITY_SHARE, round_to=100):",
                "def charity_cheque(book: GateBook, share: float = CHARITY_SHARE, round_to: int = 100) -> int:")],
         scope=["charity_cheque"]),
    dict(id="garden-try-export", kind="wrap_try_except", src=G,
         instruction="In export_day, wrap the `with open(...)` block in a try/except OSError that returns 0.",
         ops=[s('''    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(["garden", "day", "adults", "children", "takings", "cheque"])
        for book in books:
            row = [book.garden.name, book.day.isoformat(), book.adults, book.children]
            row.append(book.takings_pence())
            row.append(charity_cheque(book))
            writer.writerow(row)
''', '''    try:
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle, delimiter=delimiter)
            writer.writerow(["garden", "day", "adults", "children", "takings", "cheque"])
            for book in books:
                row = [book.garden.name, book.day.isoformat(), book.adults, book.children]
                row.append(book.takings_pence())
                row.append(charity_cheque(book))
                writer.writerow(row)
    except OSError:
        return 0
''')], scope=["export_day"]),
    dict(id="garden-import-logging", kind="add_import", src=G,
         instruction="Add `import logging` to the imports of open_garden_visits.py.",
         ops=[s("import csv\n", "import csv\nimport logging\n")], scope=["<imports>"]),
    dict(id="garden-insert-int-pence", kind="insert_statement", src=G,
         instruction="In GateBook.donate, add `pence = int(pence)` before donations_pence is updated.",
         ops=[s("    def donate(self, pence):\n", "    def donate(self, pence):\n        pence = int(pence)\n")],
         scope=["GateBook.donate"]),
    dict(id="garden-delete-sort", kind="delete_statement", src=G,
         instruction="In Garden.add_open_day, delete the `self.open_days.sort()` line.",
         ops=[s("        self.open_days.sort()\n", "")], scope=["Garden.add_open_day"]),
    # ---- ballroom_couples.py
    dict(id="ballroom-docstring-medal-for", kind="add_docstring", src=B,
         instruction='Add the one-line docstring "Return the highest medal whose threshold the mark reaches, or None." to medal_for.',
         ops=[s("def medal_for(mark):\n",
                'def medal_for(mark):\n    """Return the highest medal whose threshold the mark reaches, or None."""\n')],
         scope=["medal_for"]),
    dict(id="ballroom-hints-record-mark", kind="add_type_hints", src=B,
         instruction="Add type hints to Couple.record_mark: dance is a str, mark is a float, and it returns None.",
         ops=[s("def record_mark(self, dance, mark):", "def record_mark(self, dance: str, mark: float) -> None:")],
         scope=["Couple.record_mark"]),
    dict(id="ballroom-try-pair-singles", kind="wrap_try_except", src=B,
         instruction="In DanceClass.pair_singles, wrap `made = pair_by_height(self.singles, seed=seed)` in a try/except TypeError that sets made to an empty list.",
         ops=[s("        made = pair_by_height(self.singles, seed=seed)\n",
                "        try:\n            made = pair_by_height(self.singles, seed=seed)\n"
                "        except TypeError:\n            made = []\n")],
         scope=["DanceClass.pair_singles"]),
    dict(id="ballroom-import-sys", kind="add_import", src=B,
         instruction="Add `import sys` to the imports of ballroom_couples.py.",
         ops=[s("import random\n", "import random\nimport sys\n")], scope=["<imports>"]),
    dict(id="ballroom-insert-medals-list", kind="insert_statement", src=B,
         instruction="In Couple.__init__, add `self.medals = []` after `self.marks = {}`.",
         ops=[s("        self.marks = {}\n", "        self.marks = {}\n        self.medals = []\n")],
         scope=["Couple.__init__"]),
    dict(id="ballroom-delete-dances-line", kind="delete_statement", src=B,
         instruction='In grading_sheet, delete the `lines.append("Dances assessed: " + ", ".join(dances))` statement.',
         ops=[s('    lines.append("Dances assessed: " + ", ".join(dances))\n', "")], scope=["grading_sheet"]),
    dict(id="ballroom-rename-pair-by-height", kind="rename_function", src=B,
         instruction="Rename pair_by_height to match_by_height.",
         ops=[w("pair_by_height", "match_by_height", 2)], tokens=["pair_by_height", "match_by_height"],
         scope=["pair_by_height", "DanceClass.pair_singles"]),
    dict(id="ballroom-rename-average-mark", kind="rename_method", src=B,
         instruction="Rename the Couple method average_mark to mean_mark.",
         ops=[w("average_mark", "mean_mark", 2)], tokens=["average_mark", "mean_mark"],
         scope=["Couple.average_mark", "grading_sheet"]),
    dict(id="ballroom-rename-couple-class", kind="rename_class", src=B,
         instruction="Rename the class Couple to Partnership.",
         ops=[w("Couple", "Partnership", 2)], tokens=["Couple", "Partnership"],
         scope=["Couple", "DanceClass.pair_singles"]),
    # ---- tile_studio_orders.py
    dict(id="tiles-import-decimal", kind="add_import", src=T,
         instruction="Add `from decimal import Decimal` to the imports of tile_studio_orders.py.",
         ops=[s("from datetime import date, timedelta\n", "from datetime import date, timedelta\nfrom decimal import Decimal\n")],
         scope=["<imports>"]),
    dict(id="tiles-insert-placed-line", kind="insert_statement", src=T,
         instruction='In order_confirmation, add `lines.append(f"Placed on {order.placed:%d %B %Y}")` right after the line that lists the tiles.',
         ops=[s('    lines.append(f"{order.tile_count()} {order.size} tiles in {order.glaze}")\n',
                '    lines.append(f"{order.tile_count()} {order.size} tiles in {order.glaze}")\n'
                '    lines.append(f"Placed on {order.placed:%d %B %Y}")\n')],
         scope=["order_confirmation"]),
    dict(id="tiles-delete-queue-reset", kind="delete_statement", src=T,
         instruction="In KilnSchedule.plan_firings, delete the `self.queue = []` statement.",
         ops=[s("        self.queue = []\n        return len(self.firings)\n", "        return len(self.firings)\n")],
         scope=["KilnSchedule.plan_firings"]),
    dict(id="tiles-rename-balance-due", kind="rename_function", src=T,
         instruction="Rename the function balance_due to amount_outstanding.",
         ops=[w("balance_due", "amount_outstanding", 2)], tokens=["balance_due", "amount_outstanding"],
         scope=["balance_due", "order_confirmation"]),
    dict(id="tiles-rename-ready-date", kind="rename_method", src=T,
         instruction="Rename KilnSchedule.ready_date to collection_date.",
         ops=[w("ready_date", "collection_date", 2)], tokens=["ready_date", "collection_date"],
         scope=["KilnSchedule.ready_date", "order_confirmation"]),
    dict(id="tiles-rename-kiln-schedule", kind="rename_class", src=T,
         instruction="Rename the class KilnSchedule to FiringPlan.",
         ops=[w("KilnSchedule", "FiringPlan", 1)], tokens=["KilnSchedule", "FiringPlan"], scope=["KilnSchedule"],
         note="Name the class KilnRota instead of FiringPlan.",
         after_ops=[w("KilnSchedule", "KilnRota", 1)]),
    dict(id="tiles-rename-load", kind="rename_variable", src=T,
         instruction="In KilnSchedule.plan_firings, rename the variable load to tiles_loaded.",
         ops=[w("load", "tiles_loaded", 4)], tokens=["load", "tiles_loaded"], scope=["KilnSchedule.plan_firings"]),
    dict(id="tiles-rename-deposit-rate", kind="rename_parameter", src=T,
         instruction="Rename the deposit_rate parameter of balance_due to deposit_share.",
         ops=[w("deposit_rate", "deposit_share", 3)], tokens=["deposit_rate", "deposit_share"],
         scope=["balance_due", "order_confirmation"]),
    dict(id="tiles-rename-wastage-factor", kind="rename_constant", src=T,
         instruction="Rename the constant WASTAGE_FACTOR to OFFCUT_ALLOWANCE.",
         ops=[w("WASTAGE_FACTOR", "OFFCUT_ALLOWANCE", 2)], tokens=["WASTAGE_FACTOR", "OFFCUT_ALLOWANCE"]),
]


def apply(text, ops):
    for op, old, new, n in ops:
        if op == "s":
            got = text.count(old)
            assert got == n, (old, got, n)
            text = text.replace(old, new)
        else:
            got = len(re.findall(old, text))
            assert got == n, (old, got, n)
            text = re.sub(old, new, text)
    return text


def q(v):
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(q(x) for x in v) + "]"
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


out = []
for t in TASKS:
    src = (MOD / t["src"]).read_text()
    ext = ".py"
    (EXP / (t["id"] + ext)).write_text(apply(src, t["ops"]))
    rows = [("id", t["id"]), ("kind", t["kind"]), ("phrasing", "heldout"),
            ("source", "modules/" + t["src"]), ("instruction", t["instruction"]),
            ("expected", "expected/" + t["id"] + ext)]
    if "tokens" in t:
        rows.append(("tokens", t["tokens"]))
        if t.get("keep"):
            rows.append(("keep", t["keep"]))
    if "scope" in t:
        rows.append(("scope", t["scope"]))
    if "note" in t:
        (EXP / (t["id"] + ".after-note.py")).write_text(apply(src, t["after_ops"]))
        rows.append(("note", t["note"]))
        rows.append(("after_note", "expected/" + t["id"] + ".after-note.py"))
    out.append("[[task]]\n" + "".join("%s = %s\n" % (k, q(v)) for k, v in rows))

(ROOT / "tasks.toml").write_text("\n".join(out))
print(len(TASKS), "tasks")
