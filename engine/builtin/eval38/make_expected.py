"""Builds expected/ and tasks.toml for this held-out set from plain string edits (checked by count)."""

import io
import json
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"


def rep(text, old, new, n=1):
    found = text.count(old)
    assert found == n, (old, found, n)
    return text.replace(old, new)


def word(text, old, new, n):
    pattern = r"\b" + re.escape(old) + r"\b"
    found = len(re.findall(pattern, text))
    assert found == n, (old, found, n)
    return re.sub(pattern, new, text)


def count_tokens(text, tok):
    return sum(1 for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.string == tok)


TASKS = []


def task(module, tid, kind, instruction, edit, tokens=None, scope=None, note=None, redo=None):
    src = (MOD / module).read_text()
    out = edit(src)
    assert out != src, tid
    compile(out, tid, "exec")
    (EXP / f"{tid}.py").write_text(out)
    entry = {
        "id": tid,
        "kind": kind,
        "phrasing": "heldout",
        "source": f"modules/{module}",
        "instruction": instruction,
        "expected": f"expected/{tid}.py",
    }
    if tokens:
        entry["tokens"] = list(tokens)
        keep = count_tokens(out, tokens[0])
        if keep:
            entry["keep"] = keep
    if scope:
        entry["scope"] = list(scope)
    if note:
        after = redo(src)
        assert after not in (src, out), tid
        compile(after, tid, "exec")
        (EXP / f"{tid}.after-note.py").write_text(after)
        entry["note"] = note
        entry["after_note"] = f"expected/{tid}.after-note.py"
    TASKS.append(entry)


# ---------------------------------------------------------------- cricket_scorebook.py
M = "cricket_scorebook.py"
task(M, "cricket-rename-balls-to-overs", "rename_function",
     "Rename the function balls_to_overs to format_overs.",
     lambda s: word(s, "balls_to_overs", "format_overs", 3),
     tokens=["balls_to_overs", "format_overs"],
     note="Call it overs_display rather than format_overs.",
     redo=lambda s: word(s, "balls_to_overs", "overs_display", 3))
task(M, "cricket-rename-card-line", "rename_method",
     "Rename the method BattingEntry.card_line to scorecard_line.",
     lambda s: word(s, "card_line", "scorecard_line", 2),
     tokens=["card_line", "scorecard_line"])
task(M, "cricket-rename-batting-entry", "rename_class",
     "Please rename the class BattingEntry to BatterRecord.",
     lambda s: word(s, "BattingEntry", "BatterRecord", 2),
     tokens=["BattingEntry", "BatterRecord"])
task(M, "cricket-rename-balls-left", "rename_variable",
     "In required_rate, rename the local variable balls_left to remaining_balls.",
     lambda s: word(s, "balls_left", "remaining_balls", 3),
     tokens=["balls_left", "remaining_balls"], scope=["required_rate"])
task(M, "cricket-rename-max-overs-param", "rename_parameter",
     "Rename the max_overs parameter of required_rate to overs_cap.",
     lambda s: word(s, "max_overs", "overs_cap", 3),
     tokens=["max_overs", "overs_cap"], scope=["required_rate", "Innings.summary"])
task(M, "cricket-rename-extra-penalty", "rename_constant",
     "Rename the constant EXTRA_PENALTY to WIDE_NO_BALL_PENALTY.",
     lambda s: word(s, "EXTRA_PENALTY", "WIDE_NO_BALL_PENALTY", 3),
     tokens=["EXTRA_PENALTY", "WIDE_NO_BALL_PENALTY"])
task(M, "cricket-rename-target-attr", "rename_attribute",
     "Rename the Innings attribute self.target to self.chase_target.",
     lambda s: rep(s, "self.target", "self.chase_target", 6),
     tokens=["target", "chase_target"], scope=["Innings"])
task(M, "cricket-not-out-label", "change_literal",
     'In BattingEntry.card_line, change the string "not out" to "n/o".',
     lambda s: rep(s, '"not out"', '"n/o"'),
     tokens=['"not out"', '"n/o"'], scope=["BattingEntry.card_line"])
task(M, "cricket-max-overs-45", "change_constant",
     "Set MAX_OVERS to 45.",
     lambda s: rep(s, "MAX_OVERS = 40\n", "MAX_OVERS = 45\n"),
     tokens=["40", "45"])

# ---------------------------------------------------------------- sugarhouse_log.py
M = "sugarhouse_log.py"
task(M, "sugarhouse-rename-kept", "rename_variable",
     "Rename the variable kept to fresh in BoilingLog.discard_stale.",
     lambda s: word(s, "kept", "fresh", 3),
     tokens=["kept", "fresh"], scope=["BoilingLog.discard_stale"])


def _limit_hours(s):
    s = rep(s, "def is_stale(self, now, max_age_hours):", "def is_stale(self, now, limit_hours):")
    s = rep(s, "timedelta(hours=max_age_hours)", "timedelta(hours=limit_hours)")
    return rep(s, "is_stale(now, max_age_hours=max_age_hours)", "is_stale(now, limit_hours=max_age_hours)")


task(M, "sugarhouse-rename-is-stale-param", "rename_parameter",
     "Rename the max_age_hours parameter of SapDelivery.is_stale to limit_hours.",
     _limit_hours,
     tokens=["max_age_hours", "limit_hours"], scope=["SapDelivery.is_stale", "BoilingLog.discard_stale"])
task(M, "sugarhouse-rename-ratio", "rename_constant",
     "Rename SAP_TO_SYRUP_RATIO to DEFAULT_SAP_RATIO everywhere in the module.",
     lambda s: word(s, "SAP_TO_SYRUP_RATIO", "DEFAULT_SAP_RATIO", 2),
     tokens=["SAP_TO_SYRUP_RATIO", "DEFAULT_SAP_RATIO"])
task(M, "sugarhouse-rename-boiling-attr", "rename_attribute",
     "Rename the BoilingLog attribute water_boiling_point to boiling_point.",
     lambda s: rep(s, "self.water_boiling_point", "self.boiling_point", 2),
     tokens=["water_boiling_point", "boiling_point"], scope=["BoilingLog"])
task(M, "sugarhouse-sugar-error-message", "change_literal",
     'In rule_of_86, change the error message to "sugar percent must be above zero".',
     lambda s: rep(s, '"sap sugar content must be positive"', '"sugar percent must be above zero"'),
     tokens=['"sap sugar content must be positive"', '"sugar percent must be above zero"'],
     scope=["rule_of_86"])
task(M, "sugarhouse-target-brix", "change_constant",
     "Change TARGET_BRIX from 66.9 to 66.5.",
     lambda s: rep(s, "TARGET_BRIX = 66.9\n", "TARGET_BRIX = 66.5\n"),
     tokens=["66.9", "66.5"],
     note="Make TARGET_BRIX 67.0 instead of 66.5.",
     redo=lambda s: rep(s, "TARGET_BRIX = 66.9\n", "TARGET_BRIX = 67.0\n"))
task(M, "sugarhouse-stale-default", "change_default",
     "Make the default of max_age_hours in BoilingLog.discard_stale 48.",
     lambda s: rep(s, "max_age_hours=36)", "max_age_hours=48)"),
     tokens=["36", "48"], scope=["BoilingLog.discard_stale"])
task(M, "sugarhouse-add-precision", "add_parameter",
     "Add a parameter precision with default 2 to the end of expected_syrup's parameters.",
     lambda s: rep(s, "def expected_syrup(sap_gallons, sugar_percent=None):",
                   "def expected_syrup(sap_gallons, sugar_percent=None, precision=2):"),
     scope=["expected_syrup"])


def _drop_altitude(s):
    s = rep(s, "offset=BOILING_POINT_OFFSET, altitude_ft=0):", "offset=BOILING_POINT_OFFSET):")
    return rep(s, "draw_off_temperature(self.water_boiling_point, altitude_ft=self.elevation_ft)",
               "draw_off_temperature(self.water_boiling_point)")


task(M, "sugarhouse-drop-altitude", "remove_parameter",
     "Remove the unused altitude_ft parameter from draw_off_temperature.",
     _drop_altitude, scope=["draw_off_temperature", "BoilingLog.report"])

# ---------------------------------------------------------------- box_office.py
M = "box_office.py"
task(M, "boxoffice-rename-held", "rename_attribute",
     "Rename the attribute held on Performance to reserved.",
     lambda s: rep(s, "self.held", "self.reserved", 5),
     tokens=["held", "reserved"], scope=["Performance"])
task(M, "boxoffice-stalls-rows", "change_literal",
     "In band_for_row, change the stalls test from index < 6 to index < 7.",
     lambda s: rep(s, "if index < 6:", "if index < 7:"),
     tokens=["6", "7"], scope=["band_for_row"])
task(M, "boxoffice-booking-fee", "change_constant",
     'Set BOOKING_FEE to Decimal("1.75").',
     lambda s: rep(s, 'BOOKING_FEE = Decimal("1.50")', 'BOOKING_FEE = Decimal("1.75")'),
     tokens=['"1.50"', '"1.75"'])
task(M, "boxoffice-export-indent", "change_default",
     "Change the default indent of BoxOffice.export to 4.",
     lambda s: rep(s, "def export(self, path, indent=2):", "def export(self, path, indent=4):"),
     tokens=["2", "4"], scope=["BoxOffice.export"])
task(M, "boxoffice-add-currency", "add_parameter",
     'Add a currency parameter defaulting to "GBP" as the last parameter of ticket_price.',
     lambda s: rep(s, "def ticket_price(row, concession=False, include_fee=True):",
                   'def ticket_price(row, concession=False, include_fee=True, currency="GBP"):'),
     scope=["ticket_price"])


def _drop_strict(s):
    s = rep(s, "def parse_seat(label, strict=True):", "def parse_seat(label):")
    s = rep(s, "parse_seat(label, strict=False)", "parse_seat(label)")
    return rep(s, "parse_seat(label, strict=True)", "parse_seat(label)")


task(M, "boxoffice-drop-strict", "remove_parameter",
     "Drop the strict parameter from parse_seat, since it is never used.",
     _drop_strict, scope=["parse_seat", "Performance.hold", "Performance.sell"])
task(M, "boxoffice-doc-occupancy", "add_docstring",
     'Give Performance.occupancy the docstring "Return the share of seats sold, rounded to three places."',
     lambda s: rep(s, "    def occupancy(self):\n",
                   '    def occupancy(self):\n        """Return the share of seats sold, rounded to three places."""\n'),
     scope=["Performance.occupancy"])
task(M, "boxoffice-hints-band", "add_type_hints",
     "Annotate band_for_row so that row is a str and it returns str.",
     lambda s: rep(s, "def band_for_row(row):", "def band_for_row(row: str) -> str:"),
     scope=["band_for_row"])
task(M, "boxoffice-try-seat-number", "wrap_try_except",
     'In parse_seat, wrap number = int(label[1:]) in try/except ValueError, re-raising as ValueError(f"bad seat number: {label}") from None.',
     lambda s: rep(s, "    number = int(label[1:])\n",
                   "    try:\n        number = int(label[1:])\n    except ValueError:\n"
                   '        raise ValueError(f"bad seat number: {label}") from None\n'),
     scope=["parse_seat"])

# ---------------------------------------------------------------- fleece_records.py
M = "fleece_records.py"
task(M, "fleece-skirting-default", "change_default",
     "Change the default skirting_loss of clean_weight to 0.15.",
     lambda s: rep(s, "skirting_loss=0.12", "skirting_loss=0.15"),
     tokens=["0.12", "0.15"], scope=["clean_weight"])
task(M, "fleece-add-sample-count", "add_parameter",
     "Add sample_count=None as a new last parameter of coefficient_of_variation.",
     lambda s: rep(s, "def coefficient_of_variation(std_dev, micron):",
                   "def coefficient_of_variation(std_dev, micron, sample_count=None):"),
     scope=["coefficient_of_variation"])


def _drop_breed(s):
    s = rep(s, 'vegetable_matter=0.0, breed="huacaya"):', "vegetable_matter=0.0):")
    return rep(s, "clean_weight(blanket_grams, breed=animal.breed)", "clean_weight(blanket_grams)")


task(M, "fleece-drop-breed", "remove_parameter",
     "Remove the breed parameter from clean_weight and from the call that passes it.",
     _drop_breed, scope=["clean_weight", "FleeceRegister.record_shearing"])
task(M, "fleece-doc-grade", "add_docstring",
     'Add the docstring "Return the grade name for a mean fibre diameter in microns." to grade_fleece.',
     lambda s: rep(s, "def grade_fleece(micron, fallback=COARSE_LABEL):\n",
                   "def grade_fleece(micron, fallback=COARSE_LABEL):\n"
                   '    """Return the grade name for a mean fibre diameter in microns."""\n'),
     scope=["grade_fleece"])
task(M, "fleece-hints-cv", "add_type_hints",
     "Add type hints to coefficient_of_variation: std_dev and micron are float and it returns float.",
     lambda s: rep(s, "def coefficient_of_variation(std_dev, micron):",
                   "def coefficient_of_variation(std_dev: float, micron: float) -> float:"),
     scope=["coefficient_of_variation"])
task(M, "fleece-try-unknown-tag", "wrap_try_except",
     'In FleeceRegister.record_shearing, wrap animal = self.herd[tag] in try/except KeyError and raise ValueError(f"unknown tag: {tag}") from None in the handler.',
     lambda s: rep(s, "        animal = self.herd[tag]\n",
                   "        try:\n            animal = self.herd[tag]\n        except KeyError:\n"
                   '            raise ValueError(f"unknown tag: {tag}") from None\n'),
     scope=["FleeceRegister.record_shearing"])
task(M, "fleece-import-bisect", "add_import",
     "Add import bisect to the module's imports.",
     lambda s: rep(s, "\nimport csv\n", "\nimport bisect\nimport csv\n"),
     scope=["<imports>"])
task(M, "fleece-init-notes", "insert_statement",
     "In FleeceRegister.__init__, add self.notes = {} right after self.fleeces = [].",
     lambda s: rep(s, "        self.fleeces = []\n", "        self.fleeces = []\n        self.notes = {}\n"),
     scope=["FleeceRegister.__init__"])
task(M, "fleece-no-header", "delete_statement",
     "Delete the writer.writeheader() call in FleeceRegister.export_csv.",
     lambda s: rep(s, "            writer.writeheader()\n", ""),
     scope=["FleeceRegister.export_csv"])

# ---------------------------------------------------------------- violin_rentals.py
M = "violin_rentals.py"
task(M, "violin-doc-monthly-charge", "add_docstring",
     'Document monthly_charge with the docstring "Return the monthly rental charge for a grade, adding the damage waiver if chosen."',
     lambda s: rep(s, "def monthly_charge(grade, waiver=True):\n",
                   "def monthly_charge(grade, waiver=True):\n"
                   '    """Return the monthly rental charge for a grade, adding the damage waiver if chosen."""\n'),
     scope=["monthly_charge"])
task(M, "violin-hints-arm-length", "add_type_hints",
     "Type size_for_arm_length as taking arm_cm: float and returning str.",
     lambda s: rep(s, "def size_for_arm_length(arm_cm):", "def size_for_arm_length(arm_cm: float) -> str:"),
     scope=["size_for_arm_length"])
task(M, "violin-try-payment", "wrap_try_except",
     'In RentalAgreement.record_payment, put the append in a try/except ArithmeticError that raises ValueError(f"bad payment amount: {amount}") from None.',
     lambda s: rep(s, "        self.payments.append((paid_on, Decimal(amount)))\n",
                   "        try:\n            self.payments.append((paid_on, Decimal(amount)))\n"
                   "        except ArithmeticError:\n"
                   '            raise ValueError(f"bad payment amount: {amount}") from None\n'),
     scope=["RentalAgreement.record_payment"])
task(M, "violin-import-calendar", "add_import",
     "Import the calendar module at the top of the file.",
     lambda s: rep(s, "\nimport itertools\n", "\nimport calendar\nimport itertools\n"),
     scope=["<imports>"])
task(M, "violin-return-balance", "insert_statement",
     "At the end of RentalDesk.return_instrument, add return agreement.balance(agreement.returned_on).",
     lambda s: rep(s, "        agreement.instrument.on_loan = False\n",
                   "        agreement.instrument.on_loan = False\n"
                   "        return agreement.balance(agreement.returned_on)\n"),
     scope=["RentalDesk.return_instrument"])
task(M, "violin-drop-debug-print", "delete_statement",
     "Remove the print call from RentalDesk.add_stock.",
     lambda s: rep(s, '        print(f"added {instrument.label()}")\n', ""),
     scope=["RentalDesk.add_stock"])
task(M, "violin-rename-next-serial", "rename_function",
     "Rename next_serial to allocate_serial.",
     lambda s: word(s, "next_serial", "allocate_serial", 2),
     tokens=["next_serial", "allocate_serial"])
task(M, "violin-rename-months-elapsed", "rename_method",
     "Rename RentalAgreement.months_elapsed to months_on_hire and update the call in balance.",
     lambda s: word(s, "months_elapsed", "months_on_hire", 2),
     tokens=["months_elapsed", "months_on_hire"])
task(M, "violin-rename-agreement-class", "rename_class",
     "Rename the RentalAgreement class to HireAgreement.",
     lambda s: word(s, "RentalAgreement", "HireAgreement", 2),
     tokens=["RentalAgreement", "HireAgreement"],
     note="Name the class RentalContract instead of HireAgreement.",
     redo=lambda s: word(s, "RentalAgreement", "RentalContract", 2))

# ---------------------------------------------------------------- plough_routes.py
M = "plough_routes.py"
task(M, "plough-import-logging", "add_import",
     "Add an import logging line to the imports.",
     lambda s: rep(s, "import heapq\nimport math\n", "import heapq\nimport logging\nimport math\n"),
     scope=["<imports>"])
task(M, "plough-break-after-clear", "insert_statement",
     "In Route.mark_cleared, add a break right after seg.cleared = True.",
     lambda s: rep(s, "                seg.cleared = True\n",
                   "                seg.cleared = True\n                break\n"),
     scope=["Route.mark_cleared"])
task(M, "plough-drop-heapify", "delete_statement",
     "Remove the heapq.heapify(heap) call from balance_routes.",
     lambda s: rep(s, "    heapq.heapify(heap)\n", ""),
     scope=["balance_routes"])
task(M, "plough-rename-priority-rank", "rename_function",
     "Rename the function priority_rank to rank_for_priority.",
     lambda s: word(s, "priority_rank", "rank_for_priority", 2),
     tokens=["priority_rank", "rank_for_priority"])
task(M, "plough-rename-fits-shift", "rename_method",
     "Rename Route.fits_shift to within_shift.",
     lambda s: word(s, "fits_shift", "within_shift", 2),
     tokens=["fits_shift", "within_shift"])
task(M, "plough-rename-segment", "rename_class",
     "Rename class Segment to RoadSegment.",
     lambda s: word(s, "Segment", "RoadSegment", 3),
     tokens=["Segment", "RoadSegment"])
task(M, "plough-rename-heap", "rename_variable",
     "In balance_routes, rename the heap variable to queue.",
     lambda s: word(s, "heap", "queue", 4),
     tokens=["heap", "queue"], scope=["balance_routes"])
task(M, "plough-rename-speed-param", "rename_parameter",
     "Rename the speed_kmh parameter of plough_minutes to average_speed_kmh.",
     lambda s: word(s, "speed_kmh", "average_speed_kmh", 2),
     tokens=["speed_kmh", "average_speed_kmh"], scope=["plough_minutes"])
task(M, "plough-rename-turnaround", "rename_constant",
     "Rename TURNAROUND_MINUTES to CHANGEOVER_MINUTES.",
     lambda s: word(s, "TURNAROUND_MINUTES", "CHANGEOVER_MINUTES", 3),
     tokens=["TURNAROUND_MINUTES", "CHANGEOVER_MINUTES"],
     note="Use the name TURNAROUND_TIME_MINUTES, not CHANGEOVER_MINUTES.",
     redo=lambda s: word(s, "TURNAROUND_MINUTES", "TURNAROUND_TIME_MINUTES", 3))


def toml_value(value):
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


lines = ["# Held-out edit tasks (eval38): 6 modules x 9 kinds, 3 tasks per kind, plus 4 redrafts.", ""]
for entry in TASKS:
    lines.append("[[task]]")
    for key, value in entry.items():
        lines.append(f"{key} = {toml_value(value)}")
    lines.append("")
(ROOT / "tasks.toml").write_text("\n".join(lines))
print(len(TASKS), "tasks")
