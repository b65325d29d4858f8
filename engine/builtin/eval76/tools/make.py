import json, re, ast, difflib, sys
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval76")
MOD = ROOT / "modules"
EXP = ROOT / "expected"

def word(old, new, n=None):
    def f(s):
        out, k = re.subn(r"(?<![\w.])" + re.escape(old) + r"\b", new, s) if False else re.subn(r"\b" + re.escape(old) + r"\b", new, s)
        if n is not None:
            pass
            print("COUNT", old, k) if k != n else None
        return out
    return f

def attr(old, new, n=None):
    def f(s):
        out, k = re.subn(r"\." + re.escape(old) + r"\b", "." + new, s)
        if n is not None:
            pass
            print("COUNT", old, k) if k != n else None
        return out
    return f

def rep(*pairs):
    def f(s):
        for old, new in pairs:
            assert s.count(old) == 1, (old, s.count(old))
            s = s.replace(old, new)
        return s
    return f

T = []
STRICT = False
def task(mod, tid, kind, instr, edit, tokens=None, keep=None, scope=None, note=None, after=None):
    T.append(dict(mod=mod, id=tid, kind=kind, instruction=instr, edit=edit, tokens=tokens,
                  keep=keep, scope=scope, note=note, after=after))

# ---------------- onsen_bath_slots.py (group A)
m = "onsen_bath_slots.py"
task(m, "onsen-rename-function-slot-starts", "rename_function",
     "Rename the function slot_starts to list_slot_starts.",
     word("slot_starts", "list_slot_starts", 2), tokens=["slot_starts", "list_slot_starts"],
     note="Please call the function slot_start_times instead of list_slot_starts.",
     after=word("slot_starts", "slot_start_times", 2))
task(m, "onsen-rename-method-find-open-slot", "rename_method",
     "Rename the method BathSchedule.find_open_slot to first_open_slot.",
     word("find_open_slot", "first_open_slot", 2), tokens=["find_open_slot", "first_open_slot"])
task(m, "onsen-rename-class-bath-slot", "rename_class",
     "Rename the class BathSlot to PoolSlot.",
     word("BathSlot", "PoolSlot", 2), tokens=["BathSlot", "PoolSlot"])
task(m, "onsen-rename-variable-cursor", "rename_variable",
     "In slot_starts, rename the local variable cursor to next_start.",
     word("cursor", "next_start", 4), tokens=["cursor", "next_start"], scope=["slot_starts"])
task(m, "onsen-rename-parameter-opening-hour", "rename_parameter",
     "Rename the opening_hour parameter of slot_starts to open_hour.",
     word("opening_hour", "open_hour", 3), tokens=["opening_hour", "open_hour"],
     scope=["slot_starts", "BathSchedule.__init__"])
task(m, "onsen-rename-constant-late-grace", "rename_constant",
     "Rename the constant LATE_GRACE_MINUTES to GRACE_MINUTES.",
     word("LATE_GRACE_MINUTES", "GRACE_MINUTES", 2), tokens=["LATE_GRACE_MINUTES", "GRACE_MINUTES"])
task(m, "onsen-rename-attribute-bathers", "rename_attribute",
     "Rename the attribute bathers of BathSlot to guests.",
     attr("bathers", "guests", 10), tokens=["bathers", "guests"])
task(m, "onsen-change-literal-hot-limit", "change_literal",
     "In water_warning, change the literal 42.0 to 43.0.",
     rep(("temperature > 42.0", "temperature > 43.0")), tokens=["42.0", "43.0"], scope=["water_warning"])
task(m, "onsen-change-constant-max-bathers", "change_constant",
     "Set MAX_BATHERS_PER_POOL to 10.",
     rep(("MAX_BATHERS_PER_POOL = 8", "MAX_BATHERS_PER_POOL = 10")), tokens=["8", "10"], keep=1,
     note="Please set it to 12 rather than 10.",
     after=rep(("MAX_BATHERS_PER_POOL = 8", "MAX_BATHERS_PER_POOL = 12")))

# ---------------- archive_reading_desks.py (group A)
m = "archive_reading_desks.py"
task(m, "archive-rename-function-fragile-item", "rename_function",
     "Rename the function fragile_item to is_fragile_item.",
     word("fragile_item", "is_fragile_item", 2), tokens=["fragile_item", "is_fragile_item"])
task(m, "archive-rename-method-free-desks", "rename_method",
     "Rename the method ReadingRoom.free_desks to open_desks.",
     word("free_desks", "open_desks", 2), tokens=["free_desks", "open_desks"])
task(m, "archive-rename-class-reader-ticket", "rename_class",
     "Rename the class ReaderTicket to ReaderCard.",
     word("ReaderTicket", "ReaderCard", 1), tokens=["ReaderTicket", "ReaderCard"])
task(m, "archive-rename-variable-holders", "rename_variable",
     "In closing_notice, rename the variable holders to borrowers.",
     word("holders", "borrowers", 2), tokens=["holders", "borrowers"], scope=["closing_notice"])
task(m, "archive-rename-parameter-queue-length", "rename_parameter",
     "Rename the queue_length parameter of fetch_ready_at to ahead_in_queue.",
     word("queue_length", "ahead_in_queue", 3), tokens=["queue_length", "ahead_in_queue"],
     scope=["fetch_ready_at", "ReadingRoom.request_item"],
     note="Please name the parameter queue_position instead of ahead_in_queue.",
     after=word("queue_length", "queue_position", 3))
task(m, "archive-rename-constant-fetch-minutes", "rename_constant",
     "Rename FETCH_MINUTES to FETCH_MINUTES_PER_ITEM.",
     word("FETCH_MINUTES", "FETCH_MINUTES_PER_ITEM", 2), tokens=["FETCH_MINUTES", "FETCH_MINUTES_PER_ITEM"])
task(m, "archive-rename-attribute-log", "rename_attribute",
     "Rename the log attribute of ReadingRoom to events.",
     attr("log", "events", 7), tokens=["log", "events"])
task(m, "archive-change-literal-closing-window", "change_literal",
     "In closing_notice, change the literal 30 to 45.",
     rep(("if minutes > 30:", "if minutes > 45:")), tokens=["30", "45"], scope=["closing_notice"])
task(m, "archive-change-constant-desk-count", "change_constant",
     "Change DESK_COUNT to 16.",
     rep(("DESK_COUNT = 14", "DESK_COUNT = 16")), tokens=["14", "16"])

# ---------------- orienteering_control_punches.py (group A)
m = "orienteering_control_punches.py"
task(m, "orient-rename-function-parse-punch-card", "rename_function",
     "Rename the function parse_punch_card to read_punch_card.",
     word("parse_punch_card", "read_punch_card", 2), tokens=["parse_punch_card", "read_punch_card"])
task(m, "orient-rename-method-check-punches", "rename_method",
     "Rename the method Course.check_punches to missing_controls.",
     word("check_punches", "missing_controls", 2), tokens=["check_punches", "missing_controls"])
task(m, "orient-rename-class-results-board", "rename_class",
     "Rename the class ResultsBoard to Leaderboard.",
     word("ResultsBoard", "Leaderboard", 1), tokens=["ResultsBoard", "Leaderboard"])
task(m, "orient-rename-variable-finishers", "rename_variable",
     "In ResultsBoard.ranking, rename the variable finishers to clean_runs.",
     word("finishers", "clean_runs", 2), tokens=["finishers", "clean_runs"], scope=["ResultsBoard.ranking"])
task(m, "orient-rename-parameter-show-hours", "rename_parameter",
     "Rename the show_hours parameter of format_time to force_hours.",
     word("show_hours", "force_hours", 2), tokens=["show_hours", "force_hours"], scope=["format_time"])
task(m, "orient-rename-constant-mispunch-penalty", "rename_constant",
     "Rename MISPUNCH_PENALTY_SECONDS to MISPUNCH_PENALTY.",
     word("MISPUNCH_PENALTY_SECONDS", "MISPUNCH_PENALTY", 2), tokens=["MISPUNCH_PENALTY_SECONDS", "MISPUNCH_PENALTY"])
task(m, "orient-rename-attribute-visits", "rename_attribute",
     "Rename the visits attribute of Course to punch_count.",
     attr("visits", "punch_count", 7), tokens=["visits", "punch_count"])
task(m, "orient-change-literal-mp-status", "change_literal",
     'In ResultsBoard.record, change the string "mp" to "mispunch".',
     rep(('else "mp"', 'else "mispunch"')), tokens=['"mp"', '"mispunch"'], scope=["ResultsBoard.record"])
task(m, "orient-change-constant-code-max", "change_constant",
     "Set CONTROL_CODE_MAX to 199.",
     rep(("CONTROL_CODE_MAX = 255", "CONTROL_CODE_MAX = 199")), tokens=["255", "199"],
     note="Please make CONTROL_CODE_MAX 250, not 199.",
     after=rep(("CONTROL_CODE_MAX = 255", "CONTROL_CODE_MAX = 250")))

# ---------------- pasta_extruder_batches.py (group B)
m = "pasta_extruder_batches.py"
task(m, "pasta-change-default-reject-reason", "change_default",
     'Change the default of reason in PastaBatch.reject to "misshapen".',
     rep(('reason="cracked"', 'reason="misshapen"')), tokens=['"cracked"', '"misshapen"'], scope=["PastaBatch.reject"])
task(m, "pasta-add-parameter-thickness", "add_parameter",
     "Add a parameter thickness_mm with default 1.5 to drying_time.",
     rep(("def drying_time(shape, humidity=0.55):", "def drying_time(shape, humidity=0.55, thickness_mm=1.5):")),
     scope=["drying_time"])
task(m, "pasta-remove-parameter-shape", "remove_parameter",
     "Remove the unused shape parameter from best_before.",
     rep(("def best_before(made_on, shape, dried=True):", "def best_before(made_on, dried=True):"),
         ("best_before(self.made_on, self.shape, dried=True)", "best_before(self.made_on, dried=True)")),
     scope=["best_before", "PastaBatch.label"])
task(m, "pasta-add-docstring-racks-needed", "add_docstring",
     'Add the docstring "Return how many drying racks a batch of the given weight fills." to racks_needed.',
     rep(("def racks_needed(batch_kg, rack_kg=RACK_CAPACITY_KG):\n",
          'def racks_needed(batch_kg, rack_kg=RACK_CAPACITY_KG):\n    """Return how many drying racks a batch of the given weight fills."""\n')),
     scope=["racks_needed"])
task(m, "pasta-add-type-hints-water-for-flour", "add_type_hints",
     "Add type hints to water_for_flour: flour_kg and hydration are float and it returns float.",
     rep(("def water_for_flour(flour_kg, hydration=HYDRATION_TARGET):",
          "def water_for_flour(flour_kg: float, hydration: float = HYDRATION_TARGET) -> float:")),
     scope=["water_for_flour"])
task(m, "pasta-wrap-try-json-load", "wrap_try_except",
     "In DryingRoom.restore, wrap the json.load call in a try/except json.JSONDecodeError that returns 0.",
     rep(("            records = json.load(handle)\n",
          "            try:\n                records = json.load(handle)\n            except json.JSONDecodeError:\n                return 0\n")),
     scope=["DryingRoom.restore"])
task(m, "pasta-add-import-logging", "add_import",
     "Add import logging to the module's imports.",
     rep(("import json\n", "import json\nimport logging\n")), scope=["<imports>"])
task(m, "pasta-insert-notes-attribute", "insert_statement",
     "In PastaBatch.__init__, add self.notes = [] after the line that sets self.rejected_kg.",
     rep(("        self.rejected_kg = 0.0\n", "        self.rejected_kg = 0.0\n        self.notes = []\n")),
     scope=["PastaBatch.__init__"])
task(m, "pasta-delete-rejected-restore", "delete_statement",
     'In DryingRoom.restore, delete the line batch.rejected_kg = record["rejected_kg"].',
     rep(('            batch.rejected_kg = record["rejected_kg"]\n', "")), scope=["DryingRoom.restore"])

# ---------------- gig_rowing_crew_sheets.py (group B)
m = "gig_rowing_crew_sheets.py"
task(m, "gig-change-default-cox-weight", "change_default",
     "Change the default of cox_weight in CrewSheet.total_weight from 60.0 to 65.0.",
     rep(("def total_weight(self, cox_weight=60.0):", "def total_weight(self, cox_weight=65.0):")), tokens=["60.0", "65.0"],
     scope=["CrewSheet.total_weight"])
task(m, "gig-add-parameter-delimiter", "add_parameter",
     'Add a parameter delimiter to CrewSheet.write_csv with the default ",".',
     rep(("def write_csv(self, path):", 'def write_csv(self, path, delimiter=","):')), scope=["CrewSheet.write_csv"])
task(m, "gig-remove-parameter-gig", "remove_parameter",
     "Drop the unused gig parameter from seat_order.",
     rep(("def seat_order(rowers, cox=None, gig=None):", "def seat_order(rowers, cox=None):"),
         ("cox=self.cox, gig=self.gig)", "cox=self.cox)")),
     scope=["seat_order", "CrewSheet.positions"])
task(m, "gig-add-docstring-balanced", "add_docstring",
     'Give CrewSheet.balanced the docstring "Return True when the two sides differ by at most one rower."',
     rep(("    def balanced(self):\n",
          '    def balanced(self):\n        """Return True when the two sides differ by at most one rower."""\n')),
     scope=["CrewSheet.balanced"])
task(m, "gig-add-type-hints-crew-weight", "add_type_hints",
     "Annotate crew_weight: weights is list[float], include_cox is bool, cox_weight is float, and it returns float.",
     rep(("def crew_weight(weights, include_cox=False, cox_weight=0.0):",
          "def crew_weight(weights: list[float], include_cox: bool = False, cox_weight: float = 0.0) -> float:")),
     scope=["crew_weight"])
task(m, "gig-wrap-try-swim-date", "wrap_try_except",
     "In read_rowers, wrap the date.fromisoformat line in try/except ValueError and continue in the except branch.",
     rep(('            tested = date.fromisoformat(row["swim_tested"])\n',
          '            try:\n                tested = date.fromisoformat(row["swim_tested"])\n'
          '            except ValueError:\n                continue\n')),
     scope=["read_rowers"])
task(m, "gig-add-import-path", "add_import",
     "Add from pathlib import Path to the imports.",
     rep(("from datetime import date\n", "from datetime import date\nfrom pathlib import Path\n")), scope=["<imports>"])
task(m, "gig-insert-clear-notes", "insert_statement",
     "Insert self.notes.clear() as the first statement of CrewSheet.launch.",
     rep(("    def launch(self, sea_state, wind_knots):\n",
          "    def launch(self, sea_state, wind_knots):\n        self.notes.clear()\n")),
     scope=["CrewSheet.launch"])
task(m, "gig-delete-launched-note", "delete_statement",
     'Delete the statement self.notes.append("launched") from CrewSheet.launch.',
     rep(('        self.notes.append("launched")\n', "")), scope=["CrewSheet.launch"])

# ---------------- yoga_mat_lending.py (group B)
m = "yoga_mat_lending.py"
task(m, "yoga-change-default-overdue-hours", "change_default",
     "Change the default of hours in overdue to 4.",
     rep(("now=None, hours=3):", "now=None, hours=4):")), tokens=["3", "4"], keep=1, scope=["overdue"])
task(m, "yoga-add-parameter-supplier", "add_parameter",
     "Add a supplier parameter with default None to MatShelf.restock.",
     rep(('def restock(self, count, mat_type="standard"):', 'def restock(self, count, mat_type="standard", supplier=None):')),
     scope=["MatShelf.restock"])
task(m, "yoga-remove-parameter-currency", "remove_parameter",
     "Take the unused currency parameter out of shelf_report.",
     rep(('def shelf_report(shelf, now=None, currency="£"):', "def shelf_report(shelf, now=None):")),
     scope=["shelf_report"])
task(m, "yoga-add-docstring-format-pence", "add_docstring",
     'Add the one-line docstring "Format an amount in pence as pounds and pence." to format_pence.',
     rep(('def format_pence(amount, symbol="£"):\n',
          'def format_pence(amount, symbol="£"):\n    """Format an amount in pence as pounds and pence."""\n')),
     scope=["format_pence"])
task(m, "yoga-add-type-hints-needs-cleaning", "add_type_hints",
     "Add type hints to needs_cleaning: uses and limit are int, and the return type is bool.",
     rep(("def needs_cleaning(uses, limit=CLEAN_AFTER_USES):",
          "def needs_cleaning(uses: int, limit: int = CLEAN_AFTER_USES) -> bool:")),
     scope=["needs_cleaning"])
task(m, "yoga-wrap-try-mat-lookup", "wrap_try_except",
     "In MatShelf.return_mat, wrap mat = self.mats[tag] in try/except KeyError that returns None.",
     rep(("        mat = self.mats[tag]\n        student",
          "        try:\n            mat = self.mats[tag]\n        except KeyError:\n            return None\n        student")),
     scope=["MatShelf.return_mat"])
task(m, "yoga-add-import-csv", "add_import",
     "Add import csv to the module.",
     rep(("import logging\n", "import csv\nimport logging\n")), scope=["<imports>"])
task(m, "yoga-insert-cleaned-log", "insert_statement",
     'In MatShelf.clean, add log.info("cleaned mat %s", tag) right after the line self.mats[tag].uses = 0.',
     rep(("            self.mats[tag].uses = 0\n",
          '            self.mats[tag].uses = 0\n            log.info("cleaned mat %s", tag)\n')),
     scope=["MatShelf.clean"])
task(m, "yoga-delete-restock-log", "delete_statement",
     'Delete the log.info("restocked %d %s mats", count, mat_type) line from MatShelf.restock.',
     rep(('        log.info("restocked %d %s mats", count, mat_type)\n', "")), scope=["MatShelf.restock"])

def q(s):
    return json.dumps(s, ensure_ascii=False)

out = []
for t in T:
    src = (MOD / t["mod"]).read_text()
    new = t["edit"](src)
    assert new != src
    ast.parse(new)
    exp = f"expected/{t['id']}.py"
    (ROOT / exp).write_text(new)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'])}", f"instruction = {q(t['instruction'])}",
             f"expected = {q(exp)}", f"path = {q(t['mod'])}"]
    if t["tokens"]:
        lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
        if t["keep"]:
            lines.append(f"keep = {t['keep']}")
    if t["scope"]:
        lines.append("scope = [" + ", ".join(q(s) for s in t["scope"]) + "]")
    if t["note"]:
        after = t["after"](src)
        ast.parse(after)
        an = f"expected/{t['id']}.after-note.py"
        (ROOT / an).write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q(an)}")
    out.append("\n".join(lines))
    if "-v" in sys.argv:
        print("=" * 20, t["id"], "|", t["instruction"])
        sys.stdout.writelines(difflib.unified_diff(src.splitlines(True), new.splitlines(True), n=0))
(ROOT / "tasks.toml").write_text("\n\n".join(out) + "\n")
print(len(T), "tasks")
