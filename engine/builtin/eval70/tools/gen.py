import io, json, re, tokenize, difflib
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval70")
MOD = ROOT / "modules"

def apply(text, edits):
    for old, new, count in edits:
        n = text.count(old)
        assert n == count, (old, n, count)
        text = text.replace(old, new)
    return text

def rx(text, pattern, new, count):
    out, n = re.subn(pattern, new, text)
    assert n == count, (pattern, n, count)
    return out

T = []
def task(tid, kind, mod, instruction, edits=None, fn=None, tokens=None, scope=None, note=None, after=None, after_fn=None):
    T.append(dict(id=tid, kind=kind, mod=mod, instruction=instruction, edits=edits, fn=fn,
                  tokens=tokens, scope=scope, note=note, after=after, after_fn=after_fn))

def ren(old, new):
    return lambda s: rx(s, r"\b%s\b" % re.escape(old), new, None)

# ---------------- refuge_bunk_plan.py
M = "refuge_bunk_plan.py"
task("hut-rename-booking-reference", "rename_function", M,
     "Rename the function booking_reference to make_booking_ref.",
     [("booking_reference(", "make_booking_ref(", 2)], tokens=["booking_reference", "make_booking_ref"],
     scope=["booking_reference", "plan_night"],
     note="call the function `booking_code`, not `make_booking_ref`",
     after=[("booking_reference(", "booking_code(", 2)])
task("hut-rename-free-bunks", "rename_method", M,
     "Rename the method HutRegister.free_bunks to available_bunks.",
     [("free_bunks(", "available_bunks(", 2)], tokens=["free_bunks", "available_bunks"],
     scope=["HutRegister.free_bunks", "HutRegister.check_in"])
task("hut-rename-class-bunk", "rename_class", M,
     "Rename the class Bunk to BunkBed.",
     [("class Bunk:", "class BunkBed:", 1), ("Bunk(room, number", "BunkBed(room, number", 1)],
     tokens=["Bunk", "BunkBed"], scope=["Bunk", "HutRegister.__init__"])
task("hut-rename-by-room", "rename_variable", M,
     "In summarise_rooms, rename the local variable by_room to room_counts.",
     [("by_room", "room_counts", 3)], tokens=["by_room", "room_counts"], scope=["summarise_rooms"])
task("hut-rename-arrival-hour", "rename_parameter", M,
     "Rename the parameter arrival_hour of plan_night to start_hour.",
     [("arrival_hour", "start_hour", 2)], tokens=["arrival_hour", "start_hour"], scope=["plan_night"])
task("hut-rename-late-arrival-hour", "rename_constant", M,
     "Rename the constant LATE_ARRIVAL_HOUR to LATE_CHECKIN_HOUR everywhere in the module.",
     [("LATE_ARRIVAL_HOUR", "LATE_CHECKIN_HOUR", 2)], tokens=["LATE_ARRIVAL_HOUR", "LATE_CHECKIN_HOUR"])
task("hut-rename-guest-attribute", "rename_attribute", M,
     "Rename the Bunk attribute self.guest to self.occupant.",
     [("self.guest", "self.occupant", 3)], tokens=["guest", "occupant"],
     scope=["Bunk.__init__", "Bunk.is_free", "Bunk.assign"])
task("hut-label-upper-to-top", "change_literal", M,
     'In Bunk.label, change the string "upper" to "top".',
     [('tier = "upper" if', 'tier = "top" if', 1)], tokens=['"upper"', '"top"'], scope=["Bunk.label"])
task("hut-dorm-capacity-16", "change_constant", M,
     "Set DORM_CAPACITY to 16.",
     [("DORM_CAPACITY = 12", "DORM_CAPACITY = 16", 1)], tokens=["12", "16"])

# ---------------- bobbin_lace_patterns.py
M = "bobbin_lace_patterns.py"
task("lace-rename-total-thread", "rename_variable", M,
     "Rename the variable total_thread in estimate_order to thread_total.",
     [("total_thread", "thread_total", 3)], tokens=["total_thread", "thread_total"], scope=["estimate_order"])
task("lace-rename-skill", "rename_parameter", M,
     "Rename the skill parameter of LacePattern.working_hours to speed.",
     [("skill", "speed", 2)], tokens=["skill", "speed"], scope=["LacePattern.working_hours"])
task("lace-rename-minutes-per-pin", "rename_constant", M,
     "Rename MINUTES_PER_PIN to PIN_MINUTES throughout the module.",
     [("MINUTES_PER_PIN", "PIN_MINUTES", 2)], tokens=["MINUTES_PER_PIN", "PIN_MINUTES"])
task("lace-rename-notes-attribute", "rename_attribute", M,
     "Rename the LacePattern attribute notes to remarks.",
     [("self.notes", "self.remarks", 2)], tokens=["notes", "remarks"],
     scope=["LacePattern.__init__", "LacePattern.add_note"])
task("lace-thread-factor-3", "change_literal", M,
     "In LacePattern.thread_metres, change the literal 2.5 to 3.0.",
     [("length_cm * 2.5 / 100", "length_cm * 3.0 / 100", 1)], tokens=["2.5", "3.0"],
     scope=["LacePattern.thread_metres"])
task("lace-pins-per-cm-5", "change_constant", M,
     "Change the value of PINS_PER_CM from 4 to 5.",
     [("PINS_PER_CM = 4", "PINS_PER_CM = 5", 1)], tokens=["4", "5"])
task("lace-rate-default", "change_default", M,
     "Make the default of rate in estimate_order 14.5 instead of 12.0.",
     [("rate=12.0", "rate=14.5", 1)], tokens=["12.0", "14.5"], scope=["estimate_order"],
     note="the default rate should be 15.0, not 14.5",
     after=[("rate=12.0", "rate=15.0", 1)])
task("lace-add-min-pins", "add_parameter", M,
     "Add a parameter min_pins=0 to hardest_patterns.",
     [("def hardest_patterns(patterns, limit=3):", "def hardest_patterns(patterns, limit=3, min_pins=0):", 1)],
     scope=["hardest_patterns"])
task("lace-remove-source", "remove_parameter", M,
     "Remove the unused source parameter from load_library.",
     [(', source="catalogue"):', "):", 1)], scope=["load_library"])

# ---------------- city_farm_rations.py
M = "city_farm_rations.py"
task("farm-rename-log-attribute", "rename_attribute", M,
     "Rename the FeedStore attribute log to ledger.",
     [("self.log", "self.ledger", 2)], tokens=["log", "ledger"],
     scope=["FeedStore.__init__", "FeedStore.draw"])
task("farm-fallback-price", "change_literal", M,
     "In feed_round, change the fallback price 0.5 to 0.75.",
     [("FEED_PRICES.get(feed, 0.5)", "FEED_PRICES.get(feed, 0.75)", 1)], tokens=["0.5", "0.75"],
     scope=["feed_round"],
     note="use 1.0 as the fallback price instead of 0.75",
     after=[("FEED_PRICES.get(feed, 0.5)", "FEED_PRICES.get(feed, 1.0)", 1)])
task("farm-stock-warning-40", "change_constant", M,
     "Set STOCK_WARNING_KG to 40.",
     [("STOCK_WARNING_KG = 25", "STOCK_WARNING_KG = 40", 1)], tokens=["25", "40"])
task("farm-encoding-default", "change_default", M,
     'Change the default encoding of load_animals from "utf-8" to "utf-8-sig".',
     [('encoding="utf-8"):', 'encoding="utf-8-sig"):', 1)], tokens=['"utf-8"', '"utf-8-sig"'],
     scope=["load_animals"])
task("farm-add-round-to", "add_parameter", M,
     "Add a round_to parameter with default 2 to total_rations.",
     [("def total_rations(animals, weekend=False):", "def total_rations(animals, weekend=False, round_to=2):", 1)],
     scope=["total_rations"])
task("farm-remove-keeper", "remove_parameter", M,
     "Remove the keeper parameter from feed_round.",
     [(', keeper="volunteer"):', "):", 1)], scope=["feed_round"])
task("farm-docstring-draw", "add_docstring", M,
     'Give FeedStore.draw the docstring "Take kg of a feed out of the store and log it."',
     [("    def draw(self, feed, kg):\n", '    def draw(self, feed, kg):\n        """Take kg of a feed out of the store and log it."""\n', 1)],
     scope=["FeedStore.draw"])
task("farm-hints-total-rations", "add_type_hints", M,
     "Annotate total_rations as (animals: list[Animal], weekend: bool = False) -> dict[str, float].",
     [("def total_rations(animals, weekend=False):", "def total_rations(animals: list[Animal], weekend: bool = False) -> dict[str, float]:", 1)],
     scope=["total_rations"])
task("farm-try-diet-json", "wrap_try_except", M,
     "In load_animals, wrap the diet = json.loads(...) line in a try/except json.JSONDecodeError that sets diet to None.",
     [('        diet = json.loads(row["diet"]) if row.get("diet") else None\n',
       '        try:\n            diet = json.loads(row["diet"]) if row.get("diet") else None\n'
       '        except json.JSONDecodeError:\n            diet = None\n', 1)],
     scope=["load_animals"])

# ---------------- seaglass_finds.py
M = "seaglass_finds.py"
task("glass-top-default-10", "change_default", M,
     "Change the default of top in leaderboard to 10.",
     [("def leaderboard(logbook, top=5):", "def leaderboard(logbook, top=10):", 1)], tokens=["5", "10"],
     scope=["leaderboard"])
task("glass-add-min-size", "add_parameter", M,
     "Add a min_size parameter to colour_counts with a default of 0.",
     [("def colour_counts(finds, include_common=True):", "def colour_counts(finds, include_common=True, min_size=0):", 1)],
     scope=["colour_counts"])
task("glass-remove-season", "remove_parameter", M,
     "Drop the unused season parameter from load_finds.",
     [("def load_finds(path, season=None):", "def load_finds(path):", 1)], scope=["load_finds"])
task("glass-docstring-best-beach", "add_docstring", M,
     'Add the docstring "Return the beach with the highest mean find score." to Logbook.best_beach.',
     [("    def best_beach(self):\n", '    def best_beach(self):\n        """Return the beach with the highest mean find score."""\n', 1)],
     scope=["Logbook.best_beach"])
task("glass-hints-export-finds", "add_type_hints", M,
     "Add type hints to export_finds: logbook: Logbook, path: str, indent: int = 2, returning int.",
     [("def export_finds(logbook, path, indent=2):", "def export_finds(logbook: Logbook, path: str, indent: int = 2) -> int:", 1)],
     scope=["export_finds"])
task("glass-try-found-on", "wrap_try_except", M,
     'In load_finds, wrap found_on = date.fromisoformat(row["found_on"]) in a try/except ValueError that continues to the next row.',
     [('        found_on = date.fromisoformat(row["found_on"])\n',
       '        try:\n            found_on = date.fromisoformat(row["found_on"])\n'
       '        except ValueError:\n            continue\n', 1)],
     scope=["load_finds"])
task("glass-import-path", "add_import", M,
     "Add `from pathlib import Path` to the imports.",
     [("from datetime import date\n", "from datetime import date\nfrom pathlib import Path\n", 1)],
     scope=["<imports>"])
task("glass-sort-export", "insert_statement", M,
     'In export_finds, add data.sort(key=lambda item: item["found_on"]) right after data is built.',
     [("    data = [find.to_dict() for find in logbook.finds]\n",
       '    data = [find.to_dict() for find in logbook.finds]\n    data.sort(key=lambda item: item["found_on"])\n', 1)],
     scope=["export_finds"])
task("glass-drop-small-find", "delete_statement", M,
     'Delete the line book.record(Find("Mo", "Seaham", "white", 5)) from the __main__ block.',
     [('    book.record(Find("Mo", "Seaham", "white", 5))\n', "", 1)])

# ---------------- story_festival_slots.py
M = "story_festival_slots.py"
task("story-docstring-opening-time", "add_docstring", M,
     'Add the one-line docstring "Return the festival opening time on the given day." to opening_time.',
     [("def opening_time(day, hour=11):\n", 'def opening_time(day, hour=11):\n    """Return the festival opening time on the given day."""\n', 1)],
     scope=["opening_time"])
task("story-hints-is-free", "add_type_hints", M,
     "Annotate Teller.is_free with start: datetime.datetime, end: datetime.datetime and a bool return type.",
     [("    def is_free(self, start, end):", "    def is_free(self, start: datetime.datetime, end: datetime.datetime) -> bool:", 1)],
     scope=["Teller.is_free"])
task("story-try-tent-lookup", "wrap_try_except", M,
     'In Programme.next_start, wrap slots = self.tents[tent] in a try/except KeyError that raises ValueError(f"unknown tent {tent}") from None.',
     [("        slots = self.tents[tent]\n",
       '        try:\n            slots = self.tents[tent]\n        except KeyError:\n'
       '            raise ValueError(f"unknown tent {tent}") from None\n', 1)],
     scope=["Programme.next_start"])
task("story-import-defaultdict", "add_import", M,
     "Import defaultdict from collections.",
     [("import logging\n", "import logging\nfrom collections import defaultdict\n", 1)],
     scope=["<imports>"])
task("story-log-booking", "insert_statement", M,
     'In Programme.add_slot, add log.info("booked %s in %s", teller.name, tent) just before the return.',
     [("        self.tents[tent].append((teller.name, start, end))\n        return start\n",
       '        self.tents[tent].append((teller.name, start, end))\n        log.info("booked %s in %s", teller.name, tent)\n        return start\n', 1)],
     scope=["Programme.add_slot"])
task("story-drop-basic-config", "delete_statement", M,
     "Remove the logging.basicConfig(level=logging.INFO) call from the __main__ block.",
     [("    logging.basicConfig(level=logging.INFO)\n", "", 1)])
task("story-rename-fill-programme", "rename_function", M,
     "Rename fill_programme to schedule_tellers.",
     [("fill_programme(", "schedule_tellers(", 2)], tokens=["fill_programme", "schedule_tellers"])
task("story-rename-running-order", "rename_method", M,
     "Rename the Programme method running_order to slot_listing.",
     [("running_order(", "slot_listing(", 2)], tokens=["running_order", "slot_listing"],
     scope=["Programme.running_order", "print_programme"])
task("story-rename-teller-class", "rename_class", M,
     "Rename the class Teller to Storyteller.",
     [("class Teller:", "class Storyteller:", 1), ("Teller(\"", "Storyteller(\"", 3)],
     tokens=["Teller", "Storyteller"])

# ---------------- boules_pistes.py
M = "boules_pistes.py"
task("boules-import-date", "add_import", M,
     "Add the import `from datetime import date`.",
     [("from collections import Counter\n", "from collections import Counter\nfrom datetime import date\n", 1)],
     scope=["<imports>"])
task("boules-jack-thrower", "insert_statement", M,
     "In Match.__init__, add self.jack_thrower = home after self.ends = [].",
     [("        self.ends = []\n", "        self.ends = []\n        self.jack_thrower = home\n", 1)],
     scope=["Match.__init__"])
task("boules-drop-fee-print", "delete_statement", M,
     'Delete the print("fee", green_fee(8, 5, hours=2)) line at the end of the __main__ block.',
     [('    print("fee", green_fee(8, 5, hours=2))\n', "", 1)])
task("boules-rename-green-fee", "rename_function", M,
     "Rename green_fee to session_fee.",
     [("green_fee(", "session_fee(", 2)], tokens=["green_fee", "session_fee"])
task("boules-rename-free-hours", "rename_method", M,
     "Rename the Piste method free_hours to open_hours.",
     [("def free_hours(", "def open_hours(", 1)], tokens=["free_hours", "open_hours"],
     scope=["Piste.free_hours"])
task("boules-rename-match-class", "rename_class", M,
     "Rename the class Match to Fixture.",
     [("class Match:", "class Fixture:", 1), ("Match(home, away, piste)", "Fixture(home, away, piste)", 1)],
     tokens=["Match", "Fixture"], scope=["Match", "round_robin"],
     note="name the class `Game` rather than `Fixture`",
     after=[("class Match:", "class Game:", 1), ("Match(home, away, piste)", "Game(home, away, piste)", 1)])
task("boules-rename-pairings", "rename_variable", M,
     "In round_robin, rename the variable pairings to pairs.",
     [("pairings", "pairs", 2)], tokens=["pairings", "pairs"], scope=["round_robin"])
task("boules-rename-start-hour", "rename_parameter", M,
     "Rename the start_hour parameter of round_robin to first_hour.",
     [("start_hour", "first_hour", 2)], tokens=["start_hour", "first_hour"], scope=["round_robin"])
task("boules-rename-winning-score", "rename_constant", M,
     "Rename the constant WINNING_SCORE to GAME_POINTS.",
     [("WINNING_SCORE", "GAME_POINTS", 2)], tokens=["WINNING_SCORE", "GAME_POINTS"])

def names(text):
    return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)]

def q(s):
    return json.dumps(s)

exp = ROOT / "expected"
for p in exp.glob("*"):
    p.unlink()
lines = []
for t in T:
    src = (MOD / t["mod"]).read_text()
    out = apply(src, t["edits"])
    assert out != src
    compile(out, t["id"], "exec")
    (exp / f"{t['id']}.py").write_text(out)
    lines.append("[[task]]")
    lines.append(f"id = {q(t['id'])}")
    lines.append(f"kind = {q(t['kind'])}")
    lines.append('phrasing = "heldout"')
    lines.append(f"source = {q('modules/' + t['mod'])}")
    lines.append(f"instruction = {q(t['instruction'])}")
    lines.append(f"expected = {q('expected/' + t['id'] + '.py')}")
    if t["tokens"]:
        keep = names(out).count(t["tokens"][0])
        lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
        lines.append(f"keep = {keep}")
    if t["scope"]:
        lines.append("scope = [" + ", ".join(q(s) for s in t["scope"]) + "]")
    if t["note"]:
        after = apply(src, t["after"])
        compile(after, t["id"], "exec")
        (exp / f"{t['id']}.after-note.py").write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q('expected/' + t['id'] + '.after-note.py')}")
    lines.append("")
(ROOT / "tasks.toml").write_text("# Held-out edit tasks written by a helper session (see README.md).\n\n" + "\n".join(lines))
from collections import Counter
print(len(T), Counter(t["kind"] for t in T), Counter(t["mod"] for t in T))
