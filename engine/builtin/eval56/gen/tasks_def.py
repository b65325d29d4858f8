# ---------------- snail_heats.py ----------------
m = "snail_heats.py"
T("snail-rename-pick-finalists", "rename_function", m,
  "the helper that works out which snails go through to the final -- can we call it select_finalists instead, pls",
  [W("pick_finalists", "select_finalists", 2)], ("pick_finalists", "select_finalists"))
T("snail-rename-placings", "rename_method", m,
  "rename HeatSheet.placings() to finishing_order and fix up everywhere that calls it",
  [W("placings", "finishing_order", 3)], ("placings", "finishing_order"))
T("snail-rename-dataclass", "rename_class", m,
  "Rename the dataclass in the snail module to RacingSnail.",
  [R("class Snail:", "class RacingSnail:")], ("Snail", "RacingSnail"))
T("snail-rename-times-local", "rename_variable", m,
  "in typical_time the local list `times` is kinda vague, call it samples",
  [W("times", "samples", 5, attr=False)], ("times", "samples"))
T("snail-rename-include-dnf", "rename_parameter", m,
  "typical_time: include_dnf -> count_retired. the report passes it by keyword so that call needs changing as well",
  [W("include_dnf", "count_retired", 3)], ("include_dnf", "count_retired"))
T("snail-rename-dq-constant", "rename_constant", m,
  "The constant holding the number of seconds after which a snail counts as not having finished: rename it to TIME_LIMIT_SECONDS.",
  [W("DISQUALIFY_AFTER_SECONDS", "TIME_LIMIT_SECONDS", 3)], ("DISQUALIFY_AFTER_SECONDS", "TIME_LIMIT_SECONDS"),
  note="the reviewer would rather this constant were called MAX_RACE_SECONDS than TIME_LIMIT_SECONDS",
  after=[W("DISQUALIFY_AFTER_SECONDS", "MAX_RACE_SECONDS", 3)],
  after_tokens=("DISQUALIFY_AFTER_SECONDS", "MAX_RACE_SECONDS"))
T("snail-rename-finish-times-attr", "rename_attribute", m,
  "HeatSheet keeps a dict of each snail's finishing time keyed by name. i'd like that attribute to just be called results, everywhere its read or written",
  [W("finish_times", "results", 6, attr=True)], ("finish_times", "results"))
T("snail-speed-rounding", "change_literal", m,
  "snail speeds get rounded to 3 decimal places which is silly precision, make it 2",
  [R("round(self.track_length / seconds, 3)", "round(self.track_length / seconds, 2)")], ("3", "2"))
T("snail-heat-size-plus-two", "change_constant", m,
  "we've widened the track so a heat can hold two more snails than it does now",
  [R("MAX_SNAILS_PER_HEAT = 6", "MAX_SNAILS_PER_HEAT = 8")], ("6", "8"))

# ---------------- scone_batches.py ----------------
m = "scone_batches.py"
T("scone-rename-total-in-shopping", "rename_variable", m,
  "inside shopping_list rename the local total to scone_count. only in that function, plan_morning has its own total which should stay",
  [W("total", "scone_count", 4, within=("def shopping_list", "def morning_prep"))], ("total", "scone_count"))
T("scone-rename-spare-pct", "rename_parameter", m,
  "flour_for's spare_pct parameter -> margin_pct. shopping_list passes it as a keyword arg so update that keyword (its own spare_pct param stays as is)",
  [R("def flour_for(count, spare_pct=5):", "def flour_for(count, margin_pct=5):"),
   R("(1 + spare_pct / 100)", "(1 + margin_pct / 100)"),
   R("flour_for(total, spare_pct=spare_pct)", "flour_for(total, margin_pct=spare_pct)")],
  ("spare_pct", "margin_pct"))
T("scone-rename-bake-constant", "rename_constant", m,
  "whatever constant says how long the scones sit in the oven, rename it BAKE_TIME_MINUTES",
  [W("BAKE_MINUTES", "BAKE_TIME_MINUTES", 2)], ("BAKE_MINUTES", "BAKE_TIME_MINUTES"))
T("scone-rename-sold-attr", "rename_attribute", m,
  "On Batch, the attribute that counts how many scones have been sold -- rename it to sold_count please.",
  [W("sold", "sold_count", 4, attr=True)], ("sold", "sold_count"),
  note="not sold_count: the reviewer wants the attribute named units_sold",
  after=[W("sold", "units_sold", 4, attr=True)], after_tokens=("sold", "units_sold"))
T("scone-busy-threshold", "change_literal", m,
  "plan_morning throws in an extra tray of fruit scones when we expect more than 80 covers. bump that threshhold to 100",
  [R("expected_covers > 80:", "expected_covers > 100:")], ("80", "100"))
T("scone-one-more-tray", "change_constant", m,
  "we finally got another oven tray, so the constant for how many trays the oven has should go up by one",
  [R("OVEN_TRAYS = 4", "OVEN_TRAYS = 5")], ("4", "5"))
T("scone-per-cover-default", "change_default", m,
  "default scones per cover in the morning planner should be 2 rather than 1.5",
  [R("scones_per_cover=1.5", "scones_per_cover=2")], ("1.5", "2"))
T("scone-start-batch-notes", "add_parameter", m,
  "give Kitchen.start_batch an optional `notes` param at the end, default None. don't do anything with it yet",
  [R("def start_batch(self, flavour, count, when=None):", "def start_batch(self, flavour, count, when=None, notes=None):")])
T("scone-drop-weekday", "remove_parameter", m,
  "the planner function has a weekday argument it never actually looks at. get rid of it, and of the argument at the call site",
  [R('def plan_morning(expected_covers, scones_per_cover=1.5, weekday="mon"):', "def plan_morning(expected_covers, scones_per_cover=1.5):"),
   R("plan_morning(expected_covers, weekday=day)", "plan_morning(expected_covers)")])

# ---------------- minigolf_holes.py ----------------
m = "minigolf_holes.py"
T("golf-rename-strokes-attr", "rename_attribute", m,
  "rename the dict attribute on Scorecard that holds strokes per hole to `scores`. record() has a plain strokes parameter too, leave that one be",
  [W("strokes", "scores", 10, attr=True)], ("strokes", "scores"))
T("golf-layout-key", "change_literal", m,
  'the layout json now nests the hole list under "course_holes" rather than "holes" -- update the key the loader reads',
  [R('raw["holes"]', 'raw["course_holes"]')], ('"holes"', '"course_holes"'))
T("golf-stroke-cap-down", "change_constant", m,
  "cap the strokes counted on a hole at one fewer than we do now",
  [R("MAX_STROKES = 7", "MAX_STROKES = 6")], ("7", "6"),
  note="reviewer says the cap should go up, not down: make it 8",
  after=[R("MAX_STROKES = 7", "MAX_STROKES = 8")], after_tokens=("7", "8"))
T("golf-leaderboard-limit", "change_default", m,
  "double the number of rows the leaderboard shows by default",
  [R("def leaderboard(cards, limit=10,", "def leaderboard(cards, limit=20,")], ("10", "20"))
T("golf-print-round-out", "add_parameter", m,
  "print_round: tack an out=None keyword on the end of its params. not wired up yet, just the signature",
  [R("def print_round(cards, path=LAYOUT_FILE):", "def print_round(cards, path=LAYOUT_FILE, out=None):")])
T("golf-drop-colour", "remove_parameter", m,
  "leaderboard() accepts a colour it never uses. remove the param and stop passing it from print_round",
  [R('def leaderboard(cards, limit=10, colour="green"):', "def leaderboard(cards, limit=10):"),
   R('leaderboard(cards, limit=5, colour="gold")', "leaderboard(cards, limit=5)")])
T("golf-doc-against-par", "add_docstring", m,
  "add a one line docstring to the scorecard method that tells you how far over or under par someone is: Return strokes over (or under) par for the holes played so far.",
  [R("    def against_par(self):\n", '    def against_par(self):\n        """Return strokes over (or under) par for the holes played so far."""\n')])
T("golf-hints-obstacle-stats", "add_type_hints", m,
  "type hints for obstacle_stats please - cards is list[Scorecard], holes is list[Hole], and it returns dict[str, float]",
  [R("def obstacle_stats(cards, holes):", "def obstacle_stats(cards: list[Scorecard], holes: list[Hole]) -> dict[str, float]:")])
T("golf-layout-missing", "wrap_try_except", m,
  "when the layout file isnt there the loader just crashes. wrap the line that reads and parses it in try/except FileNotFoundError and return an empty list in that case",
  [R("    raw = json.loads(path.read_text())\n",
     "    try:\n        raw = json.loads(path.read_text())\n    except FileNotFoundError:\n        return []\n")])

# ---------------- clay_shoot_cards.py ----------------
m = "clay_shoot_cards.py"
T("clay-member-discount", "change_default", m,
  "export_results should default the member discount to 0.15, not 0.1",
  [R("member_discount=0.1)", "member_discount=0.15)")], ("0.1", "0.15"))
T("clay-squads-mixed", "add_parameter", m,
  "Add a `mixed=False` parameter as the last one on make_squads. Leave the body alone for now.",
  [R("def make_squads(shooters, size=SQUAD_SIZE):", "def make_squads(shooters, size=SQUAD_SIZE, mixed=False):")])
T("clay-drop-currency", "remove_parameter", m,
  "the cartridge cost function takes a currency that does nothing at all. remove it, incl the place that passes it in",
  [R(', currency="GBP"):', "):"), R('discount=member_discount, currency="GBP")', "discount=member_discount)")])
T("clay-doc-classification", "add_docstring", m,
  "stick a docstring on the method that decides which grade a shooter lands in, exactly: Return the shooter's grade (AA, A, B or C) from their percentage.",
  [R("    def classification(self):\n", '    def classification(self):\n        """Return the shooter\'s grade (AA, A, B or C) from their percentage."""\n')])
T("clay-hints-stand-rotation", "add_type_hints", m,
  "annotate stand_rotation: squads: list[list[Shooter]], stands: tuple[str, ...], return type dict[int, tuple[str, list[str]]]",
  [R("def stand_rotation(squads, stands=STANDS):",
     "def stand_rotation(squads: list[list[Shooter]], stands: tuple[str, ...] = STANDS) -> dict[int, tuple[str, list[str]]]:")])
T("clay-export-oserror", "wrap_try_except", m,
  "in export_results wrap the whole `with open(...)` block in a try, and on OSError just return 0",
  [R('''    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "score", "class", "bill"])
        writer.writerows(rows)
''', '''    try:
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["name", "score", "class", "bill"])
            writer.writerows(rows)
    except OSError:
        return 0
''')])
T("clay-import-path", "add_import", m,
  "import Path from pathlib up top, gonna need it in a bit",
  [R("from dataclasses import dataclass\n", "from dataclasses import dataclass\nfrom pathlib import Path\n")])
T("clay-squad-size-guard", "insert_statement", m,
  "the function that splits shooters into squads blows up on a size of 0. as its very first line, clamp it with size = max(size, 1)",
  [R("def make_squads(shooters, size=SQUAD_SIZE):\n",
     "def make_squads(shooters, size=SQUAD_SIZE):\n    size = max(size, 1)\n")])
T("clay-no-header-row", "delete_statement", m,
  "drop the line that writes the header row in the csv export, the club secretarys spreadsheet adds its own",
  [R('        writer.writerow(["name", "score", "class", "bill"])\n', "")])

# ---------------- llama_treks.py ----------------
m = "llama_treks.py"
T("llama-doc-assign", "add_docstring", m,
  "docstring for the function that hands out llamas to a booking -> Pick rested, suitable llamas for a booking and log the walk against them.",
  [R("def assign_llamas(booking, herd, day=None):\n",
     'def assign_llamas(booking, herd, day=None):\n    """Pick rested, suitable llamas for a booking and log the walk against them."""\n')])
T("llama-hints-rested-on", "add_type_hints", m,
  "can you type-hint Llama.rested_on? day is a date and it returns a bool",
  [R("def rested_on(self, day):", "def rested_on(self, day: date) -> bool:")])
T("llama-day-sheet-skip", "wrap_try_except", m,
  "day_sheet shouldn't fall over when one booking can't get enough llamas. put the assign_llamas call in a try and on RuntimeError just `continue` to the next booking",
  [R("        llamas = assign_llamas(booking, herd, day=day)\n",
     "        try:\n            llamas = assign_llamas(booking, herd, day=day)\n        except RuntimeError:\n            continue\n")])
T("llama-import-logging", "add_import", m,
  "need `import logging` at the top of the llama walks module",
  [R("from datetime import date, time\n", "import logging\nfrom datetime import date, time\n")])
T("llama-booking-paid-flag", "insert_statement", m,
  "new bookings ought to start off unpaid. add self.paid = False as the last line of the booking class's __init__",
  [R("        self.llamas = []\n", "        self.llamas = []\n        self.paid = False\n")])
T("llama-no-validate-in-assign", "delete_statement", m,
  "we validate bookings when they're taken now, so the llama assigner doesnt need to call the validation itself anymore - take that call out",
  [R("    check_booking(booking)\n", "")])
T("llama-rename-check-booking", "rename_function", m,
  "rename the function that raises on a bad route or an underage walker to validate_booking",
  [W("check_booking", "validate_booking", 2)], ("check_booking", "validate_booking"))
T("llama-rename-can-do", "rename_method", m,
  "Llama.can_do is a rubbish name. make it can_walk (and the call in assign_llamas)",
  [W("can_do", "can_walk", 2)], ("can_do", "can_walk"))
T("llama-rename-booking-class", "rename_class", m,
  "rename the booking class to GuidedWalk",
  [W("WalkBooking", "GuidedWalk", 1)], ("WalkBooking", "GuidedWalk"),
  note="the reviewer prefers WalkReservation as the class name, not GuidedWalk",
  after=[W("WalkBooking", "WalkReservation", 1)], after_tokens=("WalkBooking", "WalkReservation"))

# ---------------- surf_wetsuit_rota.py ----------------
m = "surf_wetsuit_rota.py"
T("surf-import-dataclass", "add_import", m,
  "add from dataclasses import dataclass to the wetsuit rota's imports",
  [R("from collections import Counter, deque\n", "from collections import Counter, deque\nfrom dataclasses import dataclass\n")])
T("surf-clear-queue", "insert_statement", m,
  "each time a lesson rota is built the rack's waiting queue should be emptied first -- right after `start` is worked out, call rack.queue.clear()",
  [R("    start = start or datetime.now()\n", "    start = start or datetime.now()\n    rack.queue.clear()\n")])
T("surf-hand-out-keep-wet", "delete_statement", m,
  "handing a suit out shouldn't wipe the time it got wet. remove the line in hand_out that resets it",
  [R("        self.uses += 1\n        self.wet_since = None\n", "        self.uses += 1\n")])
T("surf-rename-size-for", "rename_function", m,
  "the function that turns someone's height (and chest) into a wetsuit size, rename to pick_size",
  [W("size_for", "pick_size", 2)], ("size_for", "pick_size"))
T("surf-rename-is-dry", "rename_method", m,
  "Wetsuit.is_dry -> is_ready, and update teh caller",
  [W("is_dry", "is_ready", 2)], ("is_dry", "is_ready"))
T("surf-rename-rack-class", "rename_class", m,
  "I'd like the class that holds the rack of suits to be called WetsuitRack.",
  [W("SuitRack", "WetsuitRack", 1)], ("SuitRack", "WetsuitRack"))
T("surf-rename-least-worn", "rename_variable", m,
  "in SuitRack.issue rename least_worn to chosen",
  [W("least_worn", "chosen", 3)], ("least_worn", "chosen"))
T("surf-rename-tank-litres", "rename_parameter", m,
  "the rinse-load calculator's tank_litres parameter should be tank_size_litres; lesson_rota passes it by keyword so that needs to change too",
  [W("tank_litres", "tank_size_litres", 3)], ("tank_litres", "tank_size_litres"))
T("surf-rename-litres-per-suit", "rename_constant", m,
  "LITRES_PER_SUIT → RINSE_LITRES_PER_SUIT, its confusing otherwise",
  [W("LITRES_PER_SUIT", "RINSE_LITRES_PER_SUIT", 2)], ("LITRES_PER_SUIT", "RINSE_LITRES_PER_SUIT"))
