# Task definitions (exec'd by build.py). Each edit is checked for its exact match count.
TASKS = []
def T(**kw):
    TASKS.append(kw)

# ---------------------------------------------------------------- hive_inspections.py
M = "hive_inspections.py"
T(id="hive-rename-flags-fn", module=M, kind="rename_function",
  instruction="the function that builds the list of warning flags for one inspection - rename it to hive_warnings",
  edits=[W("colony_flags", "hive_warnings", 2)], tokens=["colony_flags", "hive_warnings"])
T(id="hive-rename-latest", module=M, kind="rename_method",
  instruction="rename HiveLog.latest to most_recent pls",
  edits=[W("latest", "most_recent", 3)], tokens=["latest", "most_recent"])
T(id="hive-rename-inspection-class", module=M, kind="rename_class",
  instruction="Call the dataclass that holds a single hive visit HiveVisit insted of what it's called now.",
  edits=[W("Inspection", "HiveVisit", 2)], tokens=["Inspection", "HiveVisit"])
T(id="hive-rename-risk-var", module=M, kind="rename_variable",
  instruction="in colony_flags, the local risk shoud really be swarm_level",
  edits=[W("risk", "swarm_level", 3, within="colony_flags")], tokens=["risk", "swarm_level"])
T(id="hive-rename-hive-ids-param", module=M, kind="rename_parameter",
  instruction="rename the hive_ids parameter of the report function to selected",
  edits=[W("hive_ids", "selected", 4)], tokens=["hive_ids", "selected"])
T(id="hive-rename-gap-const", module=M, kind="rename_constant",
  instruction="INSPECTION_GAP_DAYS is a bit vague, rename it to MAX_DAYS_BETWEEN_VISITS",
  edits=[W("INSPECTION_GAP_DAYS", "MAX_DAYS_BETWEEN_VISITS", 2)],
  tokens=["INSPECTION_GAP_DAYS", "MAX_DAYS_BETWEEN_VISITS"],
  note="wrong name: the reviewer wants the constant called REVISIT_AFTER_DAYS instead",
  after_edits=[W("INSPECTION_GAP_DAYS", "REVISIT_AFTER_DAYS", 2)])
T(id="hive-rename-keeper-attr", module=M, kind="rename_attribute",
  instruction="on the log class, switch the keeper attribute to beekeeper. leave the __init__ argument as it is",
  edits=[R("self.keeper = keeper", "self.beekeeper = keeper"), R("log.keeper]", "log.beekeeper]")],
  tokens=["keeper", "beekeeper"])
T(id="hive-requeen-score", module=M, kind="change_literal",
  instruction="only suggest requeening once the temper score gets to 3, right now it fires at 2",
  edits=[R("temper_score() >= 2:", "temper_score() >= 3:")], tokens=["2", "3"])
T(id="hive-swarm-cells-plus-one", module=M, kind="change_constant",
  instruction="swarm alert is too jumpy, it should take one more queen cell before it goes high",
  edits=[R("SWARM_CELL_ALERT = 3", "SWARM_CELL_ALERT = 4")], tokens=["3", "4"])

# ---------------------------------------------------------------- launderette_bookings.py
M = "launderette_bookings.py"
T(id="laundry-rename-takings-var", module=M, kind="rename_variable",
  instruction="rename takings to till_total inside daily_takings",
  edits=[W("takings", "till_total", 5, within="daily_takings")], tokens=["takings", "till_total"])
T(id="laundry-rename-round-up", module=M, kind="rename_parameter",
  instruction="In the function that prices a dryer run, could you rename the round_up parameter to whole_blocks? thx",
  edits=[W("round_up", "whole_blocks", 3)], tokens=["round_up", "whole_blocks"])
T(id="laundry-rename-loyalty-const", module=M, kind="rename_constant",
  instruction="LOYALTY_EVERY -> LOYALTY_INTERVAL",
  edits=[W("LOYALTY_EVERY", "LOYALTY_INTERVAL", 2)], tokens=["LOYALTY_EVERY", "LOYALTY_INTERVAL"])
T(id="laundry-rename-broken-attr", module=M, kind="rename_attribute",
  instruction="the flag on a machine that says it's out of order - call it is_broken",
  edits=[R(".out_of_order", ".is_broken", 4)], tokens=["out_of_order", "is_broken"])
T(id="laundry-dryer-prefix", module=M, kind="change_literal",
  instruction="dryers should get a T prefix on their label (for tumble) instead of D",
  edits=[R('else "D"', 'else "T"')], tokens=['"D"', '"T"'])
T(id="laundry-hour-slots", module=M, kind="change_constant",
  instruction="make the booking slots an hour long",
  edits=[R("SLOT_MINUTES = 45", "SLOT_MINUTES = 60")], tokens=["45", "60"])
T(id="laundry-double-discount", module=M, kind="change_default",
  instruction="double the default loyalty discount on service washes",
  edits=[R("discount=0.1)", "discount=0.2)")], tokens=["0.1", "0.2"],
  note="that's too generous, the reviewer wants the default discount at 0.15",
  after_edits=[R("discount=0.1)", "discount=0.15)")])
T(id="laundry-closing-show-broken", module=M, kind="add_parameter",
  instruction="let closing_summary take a show_broken flag, default True. just the signature for now, dont use it yet",
  edits=[R("def closing_summary(sheet, service_bags=None):",
           "def closing_summary(sheet, service_bags=None, show_broken=True):")])
T(id="laundry-drop-weekday", module=M, kind="remove_parameter",
  instruction="the service wash pricing function never looks at weekday, get rid of that param (and the arg where it's called)",
  edits=[R("def service_wash_total(bags, customer_visits, weekday, discount=0.1):",
           "def service_wash_total(bags, customer_visits, discount=0.1):"),
         R("service_wash_total(bags, visits, sheet.day.weekday())", "service_wash_total(bags, visits)")])

# ---------------------------------------------------------------- bell_practice.py
M = "bell_practice.py"
T(id="bells-rename-touches-attr", module=M, kind="rename_attribute",
  instruction="rename the ringer attribute that counts how many touches they've rung to touch_count",
  edits=[R(".touches_rung", ".touch_count", 3)], tokens=["touches_rung", "touch_count"])
T(id="bells-short-band-fallback", module=M, kind="change_literal",
  instruction='when we are short of ringers, methods_possible should offer "Call Changes" rather than "Plain Hunt"',
  edits=[R('return ["Plain Hunt"]', 'return ["Call Changes"]')], tokens=['"Plain Hunt"', '"Call Changes"'])
T(id="bells-practice-90", module=M, kind="change_constant",
  instruction="practice night is only an hour and a half now, update the constant for teh length of practice",
  edits=[R("PRACTICE_MINUTES = 120", "PRACTICE_MINUTES = 90")], tokens=["120", "90"])
T(id="bells-prefer-fresh-off", module=M, kind="change_default",
  instruction="switch prefer_fresh off by default in assign_bells",
  edits=[R("prefer_fresh=True)", "prefer_fresh=False)")], tokens=["True", "False"])
T(id="bells-load-encoding", module=M, kind="add_parameter",
  instruction='the function that reads ringers from a json file should take an encoding argument, defaulting to "utf-8" - signature only',
  edits=[R("def load_ringers(path):", 'def load_ringers(path, encoding="utf-8"):')])
T(id="bells-drop-weather", module=M, kind="remove_parameter",
  instruction="plan_evening has a weather param it never uses, drop it and the argument passed for it",
  edits=[R('def plan_evening(night, seed=None, weather="dry"):', "def plan_evening(night, seed=None):"),
         R('plan_evening(night, seed=seed, weather="dry")', "plan_evening(night, seed=seed)")])
T(id="bells-doc-suited", module=M, kind="add_docstring",
  instruction='add a one-line docstring to suited_bells: "Bells this ringer can safely handle."',
  edits=[R("    def suited_bells(self):\n",
           '    def suited_bells(self):\n        """Bells this ringer can safely handle."""\n')])
T(id="bells-hints-summary", module=M, kind="add_type_hints",
  instruction="type hints on evening_summary please: night is a PracticeNight, seed is int | None, and it returns str",
  edits=[R("def evening_summary(night, seed=None):",
           "def evening_summary(night: PracticeNight, seed: int | None = None) -> str:")])
T(id="bells-load-try", module=M, kind="wrap_try_except",
  instruction="wrap the json parsing line in load_ringers in a try/except json.JSONDecodeError that just returns an empty list",
  edits=[R("    data = json.loads(Path(path).read_text())\n",
           "    try:\n        data = json.loads(Path(path).read_text())\n"
           "    except json.JSONDecodeError:\n        return []\n")])

# ---------------------------------------------------------------- seed_library.py
M = "seed_library.py"
T(id="seeds-semicolon-default", module=M, kind="change_default",
  instruction="the loader for returned seed should default to a semicolon delimiter, not a comma, becuase the sheet is exported that way",
  edits=[R('delimiter=","):', 'delimiter=";"):')], tokens=['","', '";"'])
T(id="seeds-season-southern", module=M, kind="add_parameter",
  instruction="let season_label take a southern flag at the end, default False. no need to use it yet",
  edits=[R("def season_label(today, start_month=SEASON_START_MONTH):",
           "def season_label(today, start_month=SEASON_START_MONTH, southern=False):")])
T(id="seeds-drop-show-tests", module=M, kind="remove_parameter",
  instruction="shelf_report takes show_tests but does nothing with it. remove it, and fix the call that passes it",
  edits=[R("def shelf_report(library, today, min_packets=1, show_tests=True):",
           "def shelf_report(library, today, min_packets=1):"),
         R("shelf_report(library, today, min_packets=2, show_tests=False)",
           "shelf_report(library, today, min_packets=2)")])
T(id="seeds-doc-expires", module=M, kind="add_docstring",
  instruction="Put a docstring on the method that works out when a seed batch goes out of date: \"Date after which this batch shouldn't be lent out.\"",
  edits=[R("    def expires(self):\n",
           '    def expires(self):\n        """Date after which this batch shouldn\'t be lent out."""\n')])
T(id="seeds-hints-record-test", module=M, kind="add_type_hints",
  instruction="annotate record_test - sown and sprouted are ints, it returns a bool",
  edits=[R("def record_test(self, sown, sprouted):",
           "def record_test(self, sown: int, sprouted: int) -> bool:")])
T(id="seeds-try-germination", module=M, kind="wrap_try_except",
  instruction="if nothing was sown the germination division blows up. wrap it in try/except ZeroDivisionError and set the germination to 0.0 in the except",
  edits=[R("        self.germination = sprouted / sown\n",
           "        try:\n            self.germination = sprouted / sown\n"
           "        except ZeroDivisionError:\n            self.germination = 0.0\n")])
T(id="seeds-import-logging", module=M, kind="add_import",
  instruction="pull in logging (plain import logging) up with the other imports",
  edits=[R("import csv\n", "import csv\nimport logging\n")])
T(id="seeds-notes-list", module=M, kind="insert_statement",
  instruction="give each seed batch an empty notes list - add self.notes = [] at the end of its __init__",
  edits=[R("        self.germination = None\n\n", "        self.germination = None\n        self.notes = []\n\n")])
T(id="seeds-drop-debug-print", module=M, kind="delete_statement",
  instruction="get rid of the debug print in add_batch",
  edits=[R('        print("adding", batch.crop, batch.variety)\n', "")])

# ---------------------------------------------------------------- starter_feeding.py
M = "starter_feeding.py"
T(id="starter-doc-keep", module=M, kind="add_docstring",
  instruction='docstring for keep_for_target, one line: "Grams of old starter to keep so one feed makes target_grams."',
  edits=[R("def keep_for_target(target_grams, ratio=FEED_RATIO):\n",
           'def keep_for_target(target_grams, ratio=FEED_RATIO):\n'
           '    """Grams of old starter to keep so one feed makes target_grams."""\n')])
T(id="starter-hints-feeding-time", module=M, kind="add_type_hints",
  instruction="add type hints to the function that works out when a jar needs feeding: jar is a StarterJar, mix_at a datetime, buffer_hours a float, and it returns a datetime",
  edits=[R("def feeding_time(jar, mix_at, buffer_hours=1):",
           "def feeding_time(jar: StarterJar, mix_at: datetime, buffer_hours: float = 1) -> datetime:")])
T(id="starter-try-split", module=M, kind="wrap_try_except",
  instruction="parse_jar_line crashes on lines that dont have exactly three fields - wrap the split/unpack in a try/except ValueError that returns None",
  edits=[R('    name, flour, grams = line.split(",")\n',
           '    try:\n        name, flour, grams = line.split(",")\n'
           "    except ValueError:\n        return None\n")])
T(id="starter-import-json", module=M, kind="add_import",
  instruction="add import json at the top",
  edits=[R("import math\n", "import json\nimport math\n")])
T(id="starter-sort-rows", module=M, kind="insert_statement",
  instruction="in schedule, sort the rows (rows.sort()) just before they're returned",
  edits=[R("        rows.append((when.strftime(\"%a %H:%M\"), jar.name, keep, flour, water))\n    return rows\n",
           "        rows.append((when.strftime(\"%a %H:%M\"), jar.name, keep, flour, water))\n    rows.sort()\n    return rows\n")])
T(id="starter-unsorted-jars", module=M, kind="delete_statement",
  instruction="stop sorting the jars when one gets added to the bake plan, keep them in the order they were added",
  edits=[R("        self.jars.sort(key=lambda j: j.name)\n", "")])
T(id="starter-rename-feeding-time", module=M, kind="rename_function",
  instruction="rename feeding_time to feed_due_at",
  edits=[W("feeding_time", "feed_due_at", 2)], tokens=["feeding_time", "feed_due_at"],
  note="the reviewer would rather the function were called when_to_feed",
  after_edits=[W("feeding_time", "when_to_feed", 2)])
T(id="starter-rename-peak-method", module=M, kind="rename_method",
  instruction="the jar method giving the hours until the starter peaks: call it rise_hours",
  edits=[W("hours_to_peak", "rise_hours", 3)], tokens=["hours_to_peak", "rise_hours"])
T(id="starter-rename-jar-class", module=M, kind="rename_class",
  instruction="StarterJar should be called LevainJar",
  edits=[W("StarterJar", "LevainJar", 2)], tokens=["StarterJar", "LevainJar"])

# ---------------------------------------------------------------- lost_property.py
M = "lost_property.py"
T(id="lost-import-defaultdict", module=M, kind="add_import",
  instruction="we'll need defaultdict from collections, add the import",
  edits=[R("import re\n", "import re\nfrom collections import defaultdict\n")])
T(id="lost-strip-description", module=M, kind="insert_statement",
  instruction="At the very top of log_item, strip the whitespace off the description (description = description.strip()) before anything else happens.",
  edits=[R("    def log_item(self, kind, description, found_on, location):\n",
           "    def log_item(self, kind, description, found_on, location):\n"
           "        description = description.strip()\n")])
T(id="lost-keep-short-words", module=M, kind="delete_statement",
  instruction="in the desk's search, drop the line that throws away short words",
  edits=[R("        words = [w for w in words if len(w) > 2]\n", "")])
T(id="lost-rename-disposal-fn", module=M, kind="rename_function",
  instruction="the function that decides where an unclaimed item ends up, rename it pick_disposal",
  edits=[W("disposal_route", "pick_disposal", 2)], tokens=["disposal_route", "pick_disposal"])
T(id="lost-rename-hold-until", module=M, kind="rename_method",
  instruction="rename hold_until on FoundItem to release_date",
  edits=[W("hold_until", "release_date", 2)], tokens=["hold_until", "release_date"])
T(id="lost-rename-item-class", module=M, kind="rename_class",
  instruction="rename the class for a single handed-in item to HandedInItem",
  edits=[W("FoundItem", "HandedInItem", 2)], tokens=["FoundItem", "HandedInItem"],
  note="not HandedInItem - the reviewer wants the class called LostItem",
  after_edits=[W("FoundItem", "LostItem", 2)])
T(id="lost-rename-due-var", module=M, kind="rename_variable",
  instruction="in clear_out (not the notice one) rename the local due to outgoing",
  edits=[W("due", "outgoing", 3, within="clear_out")], tokens=["due", "outgoing"])
T(id="lost-rename-min-hits", module=M, kind="rename_parameter",
  instruction="make search's min_hits param min_matches, everywhere its used",
  edits=[W("min_hits", "min_matches", 3)], tokens=["min_hits", "min_matches"])
T(id="lost-rename-fee-const", module=M, kind="rename_constant",
  instruction="rename the constant for the flat fee charged when someone claims their stuff to HANDBACK_FEE",
  edits=[W("CLAIM_FEE", "HANDBACK_FEE", 2)], tokens=["CLAIM_FEE", "HANDBACK_FEE"])
