import io, re, tokenize, ast, json
from pathlib import Path
ROOT = Path("/tmp/fresh8/eval78")
MOD = ROOT / "modules"

def rn(old, new, n):
    def f(t):
        out, k = re.subn(r"\b%s\b" % re.escape(old), new, t)
        assert k == n, (old, k, n)
        return out
    return f

def rp(old, new, n=1):
    def f(t):
        k = t.count(old)
        assert k == n, (old, k, n)
        return t.replace(old, new)
    return f

def toks(text):
    return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)]

T = []
def task(id, mod, kind, instr, edit, tokens=None, scope=None, note=None, after=None):
    T.append(dict(id=id, mod=mod, kind=kind, instr=instr, edit=edit, tokens=tokens, scope=scope, note=note, after=after))

# ---- orchard_pruning (A)
m = "orchard_pruning"
task("orchard-rename-plan-season", m, "rename_function", "Rename the function plan_season to schedule_season.", rn("plan_season", "schedule_season", 1), ["plan_season", "schedule_season"])
task("orchard-rename-trees-due", m, "rename_method", "Rename the PruningLog method trees_due to trees_to_prune.", rn("trees_due", "trees_to_prune", 2), ["trees_due", "trees_to_prune"], ["PruningLog"])
task("orchard-rename-tree-class", m, "rename_class", "Rename the class Tree to OrchardTree.", rn("Tree", "OrchardTree", 1), ["Tree", "OrchardTree"],
     note="call the class `FruitTree`, not `OrchardTree`", after=rn("Tree", "FruitTree", 1))
task("orchard-rename-first-date", m, "rename_variable", "In plan_season, rename the local variable first_date to earliest.", rn("first_date", "earliest", 2), ["first_date", "earliest"], ["plan_season"])
task("orchard-rename-young-age", m, "rename_parameter", "Rename the young_age parameter of cut_allowance to min_age.", rn("young_age", "min_age", 3), ["young_age", "min_age"], ["cut_allowance", "PruningLog.record_cut"])
task("orchard-rename-stone-fruit", m, "rename_constant", "Rename the constant STONE_FRUIT to STONE_FRUITS.", rn("STONE_FRUIT", "STONE_FRUITS", 2), ["STONE_FRUIT", "STONE_FRUITS"])
task("orchard-rename-cut-totals", m, "rename_attribute", "Rename the attribute self.cut_totals to self.branch_totals in PruningLog.", rn("cut_totals", "branch_totals", 4), ["cut_totals", "branch_totals"], ["PruningLog"])
task("orchard-crew-divisor", m, "change_literal", "In plan_season, change the divisor in len(tags) // 5 from 5 to 4.", rp("len(tags) // 5 + 1", "len(tags) // 4 + 1"), ["5", "4"], ["plan_season"])
task("orchard-max-cut-fraction", m, "change_constant", "Set MAX_CUT_FRACTION to 0.3.", rp("MAX_CUT_FRACTION = 0.25", "MAX_CUT_FRACTION = 0.3"), ["0.25", "0.3"],
     note="the reviewer wants MAX_CUT_FRACTION set to 0.2, not 0.3", after=rp("MAX_CUT_FRACTION = 0.25", "MAX_CUT_FRACTION = 0.2"))

# ---- joinery_jobs (B)
m = "joinery_jobs"
task("joinery-kerf-default", m, "change_default", "Change the default of kerf in boards_needed from 3 to 4.", rp("kerf=3):", "kerf=4):"), ["3", "4"], ["boards_needed"])
task("joinery-add-skip-weekends", m, "add_parameter", "Add a parameter skip_weekends=False to due_date.", rp("def due_date(start, hours, hours_per_day=6):", "def due_date(start, hours, hours_per_day=6, skip_weekends=False):"), None, ["due_date"])
task("joinery-remove-customer", m, "remove_parameter", "Remove the unused customer parameter from quote_job.",
     lambda t: rp("return quote_job(self.species, self.cuts, self.hours, rush=rush, customer=self.customer)", "return quote_job(self.species, self.cuts, self.hours, rush=rush)")(
         rp("def quote_job(species, cuts, hours, rush=False, customer=None):", "def quote_job(species, cuts, hours, rush=False):")(t)), None, ["quote_job", "Job.price"])
task("joinery-doc-timber-cost", m, "add_docstring", 'Give timber_cost the docstring "Return the cost of timber for the cuts, including the waste allowance."',
     rp("def timber_cost(species, cuts, waste=WASTE_ALLOWANCE):\n", 'def timber_cost(species, cuts, waste=WASTE_ALLOWANCE):\n    """Return the cost of timber for the cuts, including the waste allowance."""\n'), None, ["timber_cost"])
task("joinery-hints-timber-cost", m, "add_type_hints", "Annotate timber_cost as (species: str, cuts: list, waste: float = WASTE_ALLOWANCE) -> float.",
     rp("def timber_cost(species, cuts, waste=WASTE_ALLOWANCE):", "def timber_cost(species: str, cuts: list, waste: float = WASTE_ALLOWANCE) -> float:"), None, ["timber_cost"])
task("joinery-try-finish-pop", m, "wrap_try_except", "In Workshop.finish, wrap job = self.jobs.pop(ref) in a try/except KeyError that returns None.",
     rp("        job = self.jobs.pop(ref)\n", "        try:\n            job = self.jobs.pop(ref)\n        except KeyError:\n            return None\n"), None, ["Workshop.finish"])
task("joinery-import-logging", m, "add_import", "Add import logging to the imports of joinery_jobs.py.", rp("import math\n", "import logging\nimport math\n"), None, ["<imports>"])
task("joinery-insert-booked", m, "insert_statement", 'In Workshop.add_job, add job.status = "booked" just before return job.price().',
     rp("        return job.price()\n", '        job.status = "booked"\n        return job.price()\n'), None, ["Workshop.add_job"])
task("joinery-delete-finished-status", m, "delete_statement", 'Delete the line job.status = "finished" from Workshop.finish.',
     rp('        job.status = "finished"\n', ""), None, ["Workshop.finish"])

# ---- beach_clean_haul (A)
m = "beach_clean_haul"
task("beach-rename-plastic-alerts", m, "rename_function", "Rename plastic_alerts to flag_plastic_bags.", rn("plastic_alerts", "flag_plastic_bags", 2), ["plastic_alerts", "flag_plastic_bags"])
task("beach-rename-open-bag", m, "rename_method", "Rename the method CleanEvent.open_bag to start_bag.", rn("open_bag", "start_bag", 1), ["open_bag", "start_bag"], ["CleanEvent"])
task("beach-rename-bag-tally", m, "rename_class", "Rename the class BagTally to HaulBag.", rn("BagTally", "HaulBag", 2), ["BagTally", "HaulBag"])
task("beach-rename-median-weight", m, "rename_variable", "In haul_report, rename the variable median_weight to middle_weight.", rn("median_weight", "middle_weight", 2), ["median_weight", "middle_weight"], ["haul_report"],
     note="name the variable `typical_weight` rather than `middle_weight`", after=rn("median_weight", "typical_weight", 2))
task("beach-rename-event-name", m, "rename_parameter", "Rename the event_name parameter of haul_report to title.", rn("event_name", "title", 3), ["event_name", "title"], ["haul_report", "CleanEvent.report"])
task("beach-rename-bag-limit", m, "rename_constant", "Rename BAG_LIMIT_KG to MAX_BAG_KG.", rn("BAG_LIMIT_KG", "MAX_BAG_KG", 2), ["BAG_LIMIT_KG", "MAX_BAG_KG"])
task("beach-rename-next-number", m, "rename_attribute", "Rename the attribute self._next_number in CleanEvent to self._bag_counter.", rn("_next_number", "_bag_counter", 3), ["_next_number", "_bag_counter"], ["CleanEvent"])
task("beach-alert-share-literal", m, "change_literal", "In haul_report, change share=0.5 in the plastic_alerts call to share=0.55.", rp("share=0.5)", "share=0.55)"), ["0.5", "0.55"], ["haul_report"])
task("beach-min-volunteers", m, "change_constant", "Change MIN_VOLUNTEERS from 5 to 8.", rp("MIN_VOLUNTEERS = 5", "MIN_VOLUNTEERS = 8"), ["5", "8"])

# ---- foundry_moulds (B)
m = "foundry_moulds"
task("foundry-spill-default", m, "change_default", "Make the default spill in pour_weight 0.08 instead of 0.05.", rp("spill=0.05", "spill=0.08"), ["0.05", "0.08"], ["pour_weight"])
task("foundry-add-reserve", m, "add_parameter", "Add a reserve_kg=0.0 parameter to melt_plan.", rp("def melt_plan(patterns, crucible_kg=40.0):", "def melt_plan(patterns, crucible_kg=40.0, reserve_kg=0.0):"), None, ["melt_plan"])
task("foundry-remove-legacy-mode", m, "remove_parameter", "Remove the legacy_mode parameter from flasks_for.",
     lambda t: rp("flasks_for(patterns, per_flask=3, legacy_mode=True)", "flasks_for(patterns, per_flask=3)")(
         rp("def flasks_for(patterns, per_flask=2, legacy_mode=False):", "def flasks_for(patterns, per_flask=2):")(t)), None, ["flasks_for", "MouldFloor.flask_plan"])
task("foundry-doc-shake-out", m, "add_docstring", 'Add the docstring "Return True if the casting came out without defects." to Mould.shake_out.',
     rp("    def shake_out(self):\n", '    def shake_out(self):\n        """Return True if the casting came out without defects."""\n'), None, ["Mould.shake_out"])
task("foundry-hints-casting-weight", m, "add_type_hints", "Add type hints to casting_weight: pattern: Pattern, density: float = BRASS_DENSITY, returning float.",
     rp("def casting_weight(pattern, density=BRASS_DENSITY):", "def casting_weight(pattern: Pattern, density: float = BRASS_DENSITY) -> float:"), None, ["casting_weight"])
task("foundry-try-pour", m, "wrap_try_except", "In MouldFloor.pour_all, put poured += mould.pour(temp_c) inside a try/except TypeError whose handler is continue.",
     rp("                poured += mould.pour(temp_c)\n", "                try:\n                    poured += mould.pour(temp_c)\n                except TypeError:\n                    continue\n"), None, ["MouldFloor.pour_all"])
task("foundry-import-math", m, "add_import", "Add import math to foundry_moulds.py.", rp("import logging\n", "import logging\nimport math\n"), None, ["<imports>"])
task("foundry-insert-pour-debug", m, "insert_statement", 'Insert log.debug("pouring %s at %d", self.pattern.code, temp_c) as the first line of Mould.pour.',
     rp("    def pour(self, temp_c):\n", '    def pour(self, temp_c):\n        log.debug("pouring %s at %d", self.pattern.code, temp_c)\n'), None, ["Mould.pour"])
task("foundry-delete-ram-log", m, "delete_statement", 'Remove the log.info("rammed %s", pattern.code) call from MouldFloor.ram.',
     rp('        log.info("rammed %s", pattern.code)\n', ""), None, ["MouldFloor.ram"])

# ---- ballet_exams (A)
m = "ballet_exams"
task("ballet-rename-classify", m, "rename_function", "Rename the function classify to grade_band.", rn("classify", "grade_band", 2), ["classify", "grade_band"])
task("ballet-rename-record-mark", m, "rename_method", "Rename Candidate.record_mark to set_mark.", rn("record_mark", "set_mark", 1), ["record_mark", "set_mark"], ["Candidate"],
     note="the method should be called `add_mark`, not `set_mark`", after=rn("record_mark", "add_mark", 1))
task("ballet-rename-exam-session", m, "rename_class", "Rename ExamSession to ExamDay.", rn("ExamSession", "ExamDay", 1), ["ExamSession", "ExamDay"])
task("ballet-rename-clock", m, "rename_variable", "Rename the local variable clock in build_timetable to slot_time.", rn("clock", "slot_time", 4), ["clock", "slot_time"], ["build_timetable"])
task("ballet-rename-group-size", m, "rename_parameter", "Rename build_timetable's group_size parameter to per_group.", rn("group_size", "per_group", 4), ["group_size", "per_group"], ["build_timetable", "ExamSession.timetable"])
task("ballet-rename-slot-minutes", m, "rename_constant", "Rename the constant SLOT_MINUTES to SLOT_LENGTH_MINUTES.", rn("SLOT_MINUTES", "SLOT_LENGTH_MINUTES", 2), ["SLOT_MINUTES", "SLOT_LENGTH_MINUTES"])
task("ballet-rename-by-teacher", m, "rename_attribute", "Rename the ExamSession attribute self.by_teacher to self.entries_by_teacher.", rn("by_teacher", "entries_by_teacher", 2), ["by_teacher", "entries_by_teacher"], ["ExamSession"])
task("ballet-break-minutes", m, "change_literal", "In build_timetable, change timedelta(minutes=15) to timedelta(minutes=10).", rp("timedelta(minutes=15)", "timedelta(minutes=10)"), ["15", "10"], ["build_timetable"])
task("ballet-pass-mark", m, "change_constant", "Set PASS_MARK to 45.", rp("PASS_MARK = 40", "PASS_MARK = 45"), ["40", "45"])

# ---- courier_drops (B)
m = "courier_drops"
task("courier-stop-minutes-default", m, "change_default", "Change the default stop_minutes in leg_minutes from 3 to 5.", rp("stop_minutes=3):", "stop_minutes=5):"), ["3", "5"], ["leg_minutes"])
task("courier-add-max-drops", m, "add_parameter", "Add a max_drops=None parameter to route_order.", rp("def route_order(depot, drops):", "def route_order(depot, drops, max_drops=None):"), None, ["route_order"])
task("courier-remove-zone", m, "remove_parameter", "Drop the unused zone parameter from drop_fee.",
     lambda t: rp('night=self.night, zone="central")', "night=self.night)")(
         rp("def drop_fee(km, weight_kg, night=False, zone=None):", "def drop_fee(km, weight_kg, night=False):")(t)), None, ["drop_fee", "Shift.complete"])
task("courier-doc-distance", m, "add_docstring", 'Add the docstring "Return the great-circle distance in kilometres between two (lat, lon) points." to distance_km.',
     rp("def distance_km(a, b):\n", 'def distance_km(a, b):\n    """Return the great-circle distance in kilometres between two (lat, lon) points."""\n'), None, ["distance_km"])
task("courier-hints-leg-minutes", m, "add_type_hints", "Annotate leg_minutes with km: float, speed: float = AVERAGE_SPEED_KMH, stop_minutes: int = 3 and return type int.",
     rp("def leg_minutes(km, speed=AVERAGE_SPEED_KMH, stop_minutes=3):", "def leg_minutes(km: float, speed: float = AVERAGE_SPEED_KMH, stop_minutes: int = 3) -> int:"), None, ["leg_minutes"])
task("courier-try-complete-lookup", m, "wrap_try_except", "In Shift.complete, wrap drop = self.drops[ref] in try/except KeyError and return self.earnings in the handler.",
     rp("        drop = self.drops[ref]\n", "        try:\n            drop = self.drops[ref]\n        except KeyError:\n            return self.earnings\n"), None, ["Shift.complete"])
task("courier-import-datetime", m, "add_import", "Add from datetime import datetime to the imports.", rp("from collections import OrderedDict\n", "from collections import OrderedDict\nfrom datetime import datetime\n"), None, ["<imports>"])
task("courier-insert-clear", m, "insert_statement", "Add self.drops.clear() as the first statement of Shift.load.",
     rp("    def load(self, drops):\n", "    def load(self, drops):\n        self.drops.clear()\n"), None, ["Shift.load"])
task("courier-delete-earnings-line", m, "delete_statement", 'Delete lines.append("Earnings: %.2f" % self.earnings) from Shift.sheet.',
     rp('        lines.append("Earnings: %.2f" % self.earnings)\n', ""), None, ["Shift.sheet"])

def q(s):
    return json.dumps(s, ensure_ascii=False)

out = []
for t in T:
    src = (MOD / (t["mod"] + ".py")).read_text()
    new = t["edit"](src)
    assert new != src
    ast.parse(new)
    exp = "expected/%s.py" % t["id"]
    (ROOT / exp).write_text(new)
    lines = ["[[task]]", "id = %s" % q(t["id"]), "kind = %s" % q(t["kind"]), 'phrasing = "heldout"',
             "source = %s" % q("modules/%s.py" % t["mod"]), "instruction = %s" % q(t["instr"]), "expected = %s" % q(exp)]
    if t["tokens"]:
        keep = toks(new).count(t["tokens"][0])
        lines.append("tokens = %s" % q(t["tokens"]))
        lines.append("keep = %d" % keep)
    if t["scope"]:
        lines.append("scope = %s" % q(t["scope"]))
    if t["note"]:
        an = "expected/%s.after-note.py" % t["id"]
        new2 = t["after"](src)
        ast.parse(new2)
        (ROOT / an).write_text(new2)
        lines.append("note = %s" % q(t["note"]))
        lines.append("after_note = %s" % q(an))
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("# Held-out edit tasks (eval78), written by a helper session.\n\n" + "\n\n".join(out) + "\n")
from collections import Counter
print(len(T), Counter(t["kind"] for t in T), Counter(t["mod"] for t in T))
