import io, json, re, tokenize, ast
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval59")
MOD = ROOT / "modules"
EXP = ROOT / "expected"
EXP.mkdir(exist_ok=True)


def sub(text, old, new, count=1):
    n = text.count(old)
    assert n == count, (old, n, count)
    return text.replace(old, new)


def word(text, old, new, count):
    pat = r"\b" + re.escape(old) + r"\b"
    n = len(re.findall(pat, text))
    assert n == count, (old, n, count)
    return re.sub(pat, new, text)


def toks(text):
    return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER, tokenize.COMMENT)]


tasks = []


def task(mod, tid, kind, instruction, fn, tokens=None, scope=None, note=None, after_fn=None):
    src_text = (MOD / mod).read_text()
    out = fn(src_text)
    assert out != src_text
    ast.parse(out)
    (EXP / f"{tid}.py").write_text(out)
    t = {"id": tid, "kind": kind, "phrasing": "heldout", "source": f"modules/{mod}",
         "instruction": instruction, "expected": f"expected/{tid}.py"}
    if tokens:
        t["tokens"] = tokens
        keep = toks(out).count(tokens[0])
        if keep:
            t["keep"] = keep
    if scope:
        t["scope"] = scope
    if note:
        after = after_fn(src_text)
        ast.parse(after)
        (EXP / f"{tid}.after-note.py").write_text(after)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    tasks.append(t)


# ---------------- kite_slot_board.py ----------------
K = "kite_slot_board.py"
task(K, "kite-rename-spacing-needed", "rename_function",
     "Rename the function spacing_needed to line_clearance_m.",
     lambda s: word(s, "spacing_needed", "line_clearance_m", 2),
     tokens=["spacing_needed", "line_clearance_m"], scope=["spacing_needed", "field_width_used"],
     note="Please call it safe_spacing_m instead of line_clearance_m.",
     after_fn=lambda s: word(s, "spacing_needed", "safe_spacing_m", 2))
task(K, "kite-rename-has-room", "rename_method",
     "Rename the method SlotBoard.has_room to can_fit.",
     lambda s: word(s, "has_room", "can_fit", 2),
     tokens=["has_room", "can_fit"], scope=["SlotBoard.has_room", "SlotBoard.book"])
task(K, "kite-rename-slotboard", "rename_class",
     "Rename the class SlotBoard to FlyingSlotBoard.",
     lambda s: word(s, "SlotBoard", "FlyingSlotBoard", 2),
     tokens=["SlotBoard", "FlyingSlotBoard"], scope=["SlotBoard", "build_day_board"])
task(K, "kite-rename-dropped", "rename_variable",
     "In SlotBoard.cancel_slot, rename the local variable dropped to affected.",
     lambda s: word(s, "dropped", "affected", 2),
     tokens=["dropped", "affected"], scope=["SlotBoard.cancel_slot"])


def kite_gust(s):
    s = sub(s, "def wind_is_safe(speed_kmh, gust_kmh=0,", "def wind_is_safe(speed_kmh, gust_speed_kmh=0,")
    s = sub(s, "peak = max(speed_kmh, gust_kmh)", "peak = max(speed_kmh, gust_speed_kmh)")
    s = sub(s, "wind_is_safe(speed_kmh, gust_kmh=gust_kmh)", "wind_is_safe(speed_kmh, gust_speed_kmh=gust_kmh)")
    return s


task(K, "kite-rename-gust-kmh", "rename_parameter",
     "Rename the gust_kmh parameter of wind_is_safe to gust_speed_kmh.",
     kite_gust, tokens=["gust_kmh", "gust_speed_kmh"], scope=["wind_is_safe", "SlotBoard.check_wind"])
task(K, "kite-rename-max-kites", "rename_constant",
     "Rename the constant MAX_KITES_PER_SLOT to SLOT_KITE_LIMIT.",
     lambda s: word(s, "MAX_KITES_PER_SLOT", "SLOT_KITE_LIMIT", 3),
     tokens=["MAX_KITES_PER_SLOT", "SLOT_KITE_LIMIT"])
task(K, "kite-rename-width-attr", "rename_attribute",
     "Rename the SlotBoard attribute self.width_m to self.field_width_m.",
     lambda s: sub(s, "self.width_m", "self.field_width_m", 2),
     tokens=["width_m", "field_width_m"], scope=["SlotBoard.__init__", "SlotBoard.has_room"])
task(K, "kite-mark-literal", "change_literal",
     'In SlotBoard.print_board, change the string "X" to "C".',
     lambda s: sub(s, 'mark = "X" if', 'mark = "C" if'),
     tokens=['"X"', '"C"'], scope=["SlotBoard.print_board"])
task(K, "kite-wind-limit-value", "change_constant",
     "Set WIND_LIMIT_KMH to 42.",
     lambda s: sub(s, "WIND_LIMIT_KMH = 38\n", "WIND_LIMIT_KMH = 42\n"),
     tokens=["38", "42"])

# ---------------- loaf_order_book.py ----------------
L = "loaf_order_book.py"
task(L, "loaf-shop-name-default", "change_default",
     'Change the default of shop_name in OrderBook.__init__ to "Millbrook Village Bakery".',
     lambda s: sub(s, 'shop_name="Millbrook Bakery"', 'shop_name="Millbrook Village Bakery"'),
     tokens=['"Millbrook Bakery"', '"Millbrook Village Bakery"'], scope=["OrderBook.__init__"])
task(L, "loaf-add-places", "add_parameter",
     "Add a places parameter with a default of 2 to the end of order_total's parameters.",
     lambda s: sub(s, "def order_total(lines, discount=BULK_DISCOUNT, threshold=DISCOUNT_THRESHOLD):",
                   "def order_total(lines, discount=BULK_DISCOUNT, threshold=DISCOUNT_THRESHOLD, places=2):"),
     scope=["order_total"])


def loaf_oven(s):
    s = sub(s, 'def bake_batches(quantity, capacity=OVEN_CAPACITY, oven="main"):',
            "def bake_batches(quantity, capacity=OVEN_CAPACITY):")
    s = sub(s, 'bake_batches(count, oven="main")', "bake_batches(count)")
    return s


task(L, "loaf-remove-oven", "remove_parameter",
     "Remove the unused oven parameter from bake_batches.",
     loaf_oven, scope=["bake_batches", "OrderBook.bake_sheet"])
task(L, "loaf-doc-next-bake-day", "add_docstring",
     'Give next_bake_day the docstring "Return the first day after today on which the bakery bakes."',
     lambda s: sub(s, "def next_bake_day(today, closed_days=(6,)):\n",
                   'def next_bake_day(today, closed_days=(6,)):\n    """Return the first day after today on which the bakery bakes."""\n'),
     scope=["next_bake_day"])
task(L, "loaf-hints-loaf-price", "add_type_hints",
     "Add type hints to loaf_price: kind is a str, sliced is a bool, and it returns a float.",
     lambda s: sub(s, "def loaf_price(kind, sliced=False):", "def loaf_price(kind: str, sliced: bool = False) -> float:"),
     scope=["loaf_price"])
task(L, "loaf-try-export", "wrap_try_except",
     "In OrderBook.export_csv, wrap the with block in a try/except OSError that returns None.",
     lambda s: sub(s,
                   '''        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["customer", "loaves", "total"])
            for order in self.due_on(day):
                writer.writerow([order.customer, order.loaf_count(), order.total()])
        return path
''',
                   '''        try:
            with open(path, "w", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(["customer", "loaves", "total"])
                for order in self.due_on(day):
                    writer.writerow([order.customer, order.loaf_count(), order.total()])
        except OSError:
            return None
        return path
'''),
     scope=["OrderBook.export_csv"])
task(L, "loaf-import-logging", "add_import",
     "Add import logging to the module's imports.",
     lambda s: sub(s, "import csv\n", "import csv\nimport logging\n"),
     scope=["<imports>"])
task(L, "loaf-insert-notes", "insert_statement",
     'In BreadOrder.__init__, add self.notes = "" right after self.lines = [].',
     lambda s: sub(s, "        self.lines = []\n", '        self.lines = []\n        self.notes = ""\n'),
     scope=["BreadOrder.__init__"])
task(L, "loaf-delete-header-row", "delete_statement",
     'Delete the statement writer.writerow(["customer", "loaves", "total"]) from OrderBook.export_csv.',
     lambda s: sub(s, '            writer.writerow(["customer", "loaves", "total"])\n', ""),
     scope=["OrderBook.export_csv"])

# ---------------- hawk_flight_sheet.py ----------------
H = "hawk_flight_sheet.py"
task(H, "hawk-rename-fit-birds", "rename_variable",
     "Rename the variable fit_birds in FlightSheet.plan_display to ready_birds.",
     lambda s: word(s, "fit_birds", "ready_birds", 4),
     tokens=["fit_birds", "ready_birds"], scope=["FlightSheet.plan_display"])


def hawk_distance(name):
    def fn(s):
        s = sub(s, "def flight_note(bird_name, display_time, distance_m=0, handler=None):",
                "def flight_note(bird_name, display_time, %s=0, handler=None):" % name)
        s = sub(s, "    if distance_m:\n", "    if %s:\n" % name)
        s = sub(s, '" flew %d m" % distance_m', '" flew %%d m" %% %s' % name)
        s = sub(s, "    if distance_m > 250:\n", "    if %s > 250:\n" % name)
        s = sub(s, "distance_m=distance_m, handler=handler)", "%s=distance_m, handler=handler)" % name)
        return s
    return fn


task(H, "hawk-rename-distance-param", "rename_parameter",
     "Rename flight_note's parameter distance_m to distance_metres.",
     hawk_distance("distance_metres"), tokens=["distance_m", "distance_metres"],
     scope=["flight_note", "FlightSheet.log_flight"],
     note="The reviewer wants the parameter called metres_flown, not distance_metres.",
     after_fn=hawk_distance("metres_flown"))
task(H, "hawk-rename-display-times", "rename_constant",
     "Rename DISPLAY_TIMES to DISPLAY_SLOTS throughout the module.",
     lambda s: word(s, "DISPLAY_TIMES", "DISPLAY_SLOTS", 2),
     tokens=["DISPLAY_TIMES", "DISPLAY_SLOTS"])
task(H, "hawk-rename-flights-today", "rename_attribute",
     "Rename the Bird attribute flights_today to flight_count.",
     lambda s: sub(s, ".flights_today", ".flight_count", 5),
     tokens=["flights_today", "flight_count"],
     scope=["Bird.__init__", "Bird.can_fly", "Bird.record_flight", "FlightSheet.summary", "reset_day"])
task(H, "hawk-long-flight-threshold", "change_literal",
     "In flight_note, change the number 250 to 300.",
     lambda s: sub(s, "distance_m > 250:", "distance_m > 300:"),
     tokens=["250", "300"], scope=["flight_note"])
task(H, "hawk-max-flights-value", "change_constant",
     "Change MAX_FLIGHTS_PER_DAY from 3 to 2.",
     lambda s: sub(s, "MAX_FLIGHTS_PER_DAY = 3\n", "MAX_FLIGHTS_PER_DAY = 2\n"),
     tokens=["3", "2"])
task(H, "hawk-average-last-default", "change_default",
     "Make the default of last in average_weight 10.",
     lambda s: sub(s, "def average_weight(weigh_ins, last=7):", "def average_weight(weigh_ins, last=10):"),
     tokens=["7", "10"], scope=["average_weight"])
task(H, "hawk-add-ring-number", "add_parameter",
     "Add a ring_number parameter defaulting to None at the end of Bird.__init__'s parameters.",
     lambda s: sub(s, "def __init__(self, name, species, flying_weight, moulting=False):",
                   "def __init__(self, name, species, flying_weight, moulting=False, ring_number=None):"),
     scope=["Bird.__init__"])


def hawk_weather(s):
    s = sub(s, 'def log_flight(self, bird, display_time, distance_m=0, handler=None, weather="dry"):',
            "def log_flight(self, bird, display_time, distance_m=0, handler=None):")
    s = sub(s, "slot_time, handler=handler, weather=weather)", "slot_time, handler=handler)")
    return s


task(H, "hawk-remove-weather", "remove_parameter",
     "Remove the weather parameter from FlightSheet.log_flight.",
     hawk_weather, scope=["FlightSheet.log_flight", "FlightSheet.fly_plan"])

# ---------------- lockgate_passages.py ----------------
C = "lockgate_passages.py"
task(C, "lock-doc-can-share", "add_docstring",
     'Add the one-line docstring "Return True when two boats can share one filling of the chamber." to can_share.',
     lambda s: sub(s, "def can_share(first, second, margin_m=0.1):\n",
                   'def can_share(first, second, margin_m=0.1):\n    """Return True when two boats can share one filling of the chamber."""\n'),
     scope=["can_share"])
task(C, "lock-hints-lock-is-open", "add_type_hints",
     "Annotate lock_is_open so when is a datetime, opening and closing are int, and it returns bool.",
     lambda s: sub(s, "def lock_is_open(when, opening=OPENING_HOUR, closing=CLOSING_HOUR):",
                   "def lock_is_open(when: datetime, opening: int = OPENING_HOUR, closing: int = CLOSING_HOUR) -> bool:"),
     scope=["lock_is_open"])
task(C, "lock-try-json-load", "wrap_try_except",
     "In load_log, wrap data = json.load(handle) in a try/except json.JSONDecodeError that returns None.",
     lambda s: sub(s, "        data = json.load(handle)\n",
                   "        try:\n            data = json.load(handle)\n        except json.JSONDecodeError:\n            return None\n"),
     scope=["load_log"])
task(C, "lock-import-path", "add_import",
     "Add from pathlib import Path to the imports.",
     lambda s: sub(s, "from datetime import datetime, timedelta\n",
                   "from datetime import datetime, timedelta\nfrom pathlib import Path\n"),
     scope=["<imports>"])
task(C, "lock-insert-lower-direction", "insert_statement",
     "Insert direction = direction.lower() as the first statement of PassageLog.record.",
     lambda s: sub(s, "    def record(self, boat, direction, when=None):\n",
                   "    def record(self, boat, direction, when=None):\n        direction = direction.lower()\n"),
     scope=["PassageLog.record"])
task(C, "lock-delete-trailing-newline", "delete_statement",
     'Remove the handle.write("\\n") statement from PassageLog.save.',
     lambda s: sub(s, '            handle.write("\\n")\n', ""),
     scope=["PassageLog.save"])
task(C, "lock-rename-pair-up", "rename_function",
     "Rename pair_up to group_for_cycles.",
     lambda s: word(s, "pair_up", "group_for_cycles", 2),
     tokens=["pair_up", "group_for_cycles"], scope=["pair_up", "PassageLog.work_queue"])
task(C, "lock-rename-record", "rename_method",
     "Rename the PassageLog method record to log_passage.",
     lambda s: word(s, "record", "log_passage", 2),
     tokens=["record", "log_passage"], scope=["PassageLog.record", "PassageLog.work_queue"])
task(C, "lock-rename-passage-log", "rename_class",
     "Rename the class PassageLog to LockPassageLog.",
     lambda s: word(s, "PassageLog", "LockPassageLog", 2),
     tokens=["PassageLog", "LockPassageLog"], scope=["PassageLog", "load_log"])

# ---------------- fridge_donation_ledger.py ----------------
F = "fridge_donation_ledger.py"
task(F, "fridge-rename-turned-away", "rename_attribute",
     "Rename the FridgeLedger attribute self.turned_away to self.rejected_count.",
     lambda s: sub(s, "self.turned_away", "self.rejected_count", 4),
     tokens=["turned_away", "rejected_count"],
     scope=["FridgeLedger.__init__", "FridgeLedger.accept", "FridgeLedger.weekly_report"])
task(F, "fridge-ref-length", "change_literal",
     "In Donation.__init__, change the 8 in uuid.uuid4().hex[:8] to 12.",
     lambda s: sub(s, "uuid.uuid4().hex[:8]", "uuid.uuid4().hex[:12]"),
     tokens=["8", "12"], scope=["Donation.__init__"])
task(F, "fridge-capacity-value", "change_constant",
     "Set FRIDGE_CAPACITY_KG to 100.",
     lambda s: sub(s, "FRIDGE_CAPACITY_KG = 80\n", "FRIDGE_CAPACITY_KG = 100\n"),
     tokens=["80", "100"],
     note="Wrong number: the reviewer wants FRIDGE_CAPACITY_KG set to 120, not 100.",
     after_fn=lambda s: sub(s, "FRIDGE_CAPACITY_KG = 80\n", "FRIDGE_CAPACITY_KG = 120\n"))
task(F, "fridge-fallback-days-default", "change_default",
     "Change the default value of fallback_days in default_use_by to 3.",
     lambda s: sub(s, "def default_use_by(category, received, fallback_days=2):",
                   "def default_use_by(category, received, fallback_days=3):"),
     tokens=["2", "3"], scope=["default_use_by"])
task(F, "fridge-add-include-weights", "add_parameter",
     "Add an include_weights parameter with default False to FridgeLedger.by_category.",
     lambda s: sub(s, "    def by_category(self):\n", "    def by_category(self, include_weights=False):\n"),
     scope=["FridgeLedger.by_category"])


def fridge_log(s):
    s = sub(s, "    def clear_expired(self, today=None, log=None):\n", "    def clear_expired(self, today=None):\n")
    s = sub(s, "ledger.clear_expired(today=today, log=log)", "ledger.clear_expired(today=today)")
    return s


task(F, "fridge-remove-log", "remove_parameter",
     "Drop the unused log parameter from FridgeLedger.clear_expired.",
     fridge_log, scope=["FridgeLedger.clear_expired", "nightly_check"])
task(F, "fridge-doc-days-left", "add_docstring",
     'Add a docstring to days_left that reads "Return how many days remain until the use-by date."',
     lambda s: sub(s, "def days_left(use_by, today=None):\n",
                   'def days_left(use_by, today=None):\n    """Return how many days remain until the use-by date."""\n'),
     scope=["days_left"])
task(F, "fridge-hints-default-use-by", "add_type_hints",
     "Add type hints to default_use_by: category: str, received: date, fallback_days: int, returning date.",
     lambda s: sub(s, "def default_use_by(category, received, fallback_days=2):",
                   "def default_use_by(category: str, received: date, fallback_days: int = 2) -> date:"),
     scope=["default_use_by"])
task(F, "fridge-try-acceptable", "wrap_try_except",
     "In is_acceptable, wrap the last return statement in a try/except TypeError that returns False.",
     lambda s: sub(s, "    return days_left(use_by, today=today) >= min_days\n",
                   "    try:\n        return days_left(use_by, today=today) >= min_days\n    except TypeError:\n        return False\n"),
     scope=["is_acceptable"])

# ---------------- hive_check_notes.py ----------------
V = "hive_check_notes.py"
task(V, "hive-import-json", "add_import",
     "Add import json to the module, above import re.",
     lambda s: sub(s, "import re\n", "import json\nimport re\n"),
     scope=["<imports>"])
task(V, "hive-insert-sort-history", "insert_statement",
     "In Hive.add_inspection, add self.history.sort(key=lambda entry: entry.day) after self.history.append(inspection).",
     lambda s: sub(s, "        self.history.append(inspection)\n",
                   "        self.history.append(inspection)\n        self.history.sort(key=lambda entry: entry.day)\n"),
     scope=["Hive.add_inspection"])
task(V, "hive-delete-print", "delete_statement",
     'Delete the print("added hive", hive.hive_id) call from Apiary.add_hive.',
     lambda s: sub(s, '        print("added hive", hive.hive_id)\n', ""),
     scope=["Apiary.add_hive"])
task(V, "hive-rename-swarm-risk", "rename_function",
     "Rename the swarm_risk function to swarm_level.",
     lambda s: word(s, "swarm_risk", "swarm_level", 3),
     tokens=["swarm_risk", "swarm_level"], scope=["swarm_risk", "Hive.add_inspection", "Apiary.swarm_watch"])
task(V, "hive-rename-last-inspection", "rename_method",
     "Rename Hive.last_inspection to latest_inspection.",
     lambda s: word(s, "last_inspection", "latest_inspection", 5),
     tokens=["last_inspection", "latest_inspection"],
     scope=["Hive.last_inspection", "Hive.next_due", "Hive.queenright", "Apiary.swarm_watch", "Apiary.honey_estimate"],
     note="Use the name most_recent_inspection rather than latest_inspection.",
     after_fn=lambda s: word(s, "last_inspection", "most_recent_inspection", 5))
task(V, "hive-rename-inspection-class", "rename_class",
     "Rename the dataclass Inspection to HiveInspection.",
     lambda s: word(s, "Inspection", "HiveInspection", 2),
     tokens=["Inspection", "HiveInspection"], scope=["Inspection", "record_visit"])
task(V, "hive-rename-total-frames", "rename_variable",
     "In Apiary.honey_estimate, rename total_frames to honey_frames.",
     lambda s: word(s, "total_frames", "honey_frames", 3),
     tokens=["total_frames", "honey_frames"], scope=["Apiary.honey_estimate"])


def hive_code(s):
    s = sub(s, "def parse_frames(code):", "def parse_frames(frame_code):")
    s = sub(s, "FRAME_PATTERN.match(code.strip().upper())", "FRAME_PATTERN.match(frame_code.strip().upper())")
    s = sub(s, "repr(code))", "repr(frame_code))")
    return s


task(V, "hive-rename-code-param", "rename_parameter",
     "Rename the code parameter of parse_frames to frame_code.",
     hive_code, tokens=["code", "frame_code"], scope=["parse_frames"])
task(V, "hive-rename-temper-scale", "rename_constant",
     "Rename TEMPER_SCALE to TEMPER_LEVELS.",
     lambda s: word(s, "TEMPER_SCALE", "TEMPER_LEVELS", 2),
     tokens=["TEMPER_SCALE", "TEMPER_LEVELS"])


def q(v):
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(q(x) for x in v) + "]"
    if isinstance(v, int):
        return str(v)
    raise TypeError(v)


order = ["id", "kind", "phrasing", "source", "instruction", "expected", "tokens", "keep", "scope", "note", "after_note"]
out = ["# Held-out edit tasks (eval59), written by a helper session. See README.md.\n"]
for t in tasks:
    out.append("[[task]]\n")
    for k in order:
        if k in t:
            out.append(f"{k} = {q(t[k])}\n")
    out.append("\n")
(ROOT / "tasks.toml").write_text("".join(out).rstrip("\n") + "\n")
print(len(tasks), "tasks")
from collections import Counter
print(Counter(t["kind"] for t in tasks))
print(Counter(t["source"] for t in tasks))
print(sum("note" in t for t in tasks), "redrafts")
