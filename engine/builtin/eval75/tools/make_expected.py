import json, re
from pathlib import Path

ROOT = Path("/tmp/fresh8/eval75")
MOD = ROOT / "modules"


def rep(old, new, count=1):
    def f(src):
        n = src.count(old)
        assert n == count, (old, n, count)
        return src.replace(old, new)
    return f


def word(old, new, count):
    def f(src):
        pat = re.compile(r"(?<![\w.])" + re.escape(old) + r"\b")
        n = len(pat.findall(src))
        assert n == count, (old, n, count)
        return pat.sub(new, src)
    return f


def attr(old, new, count):
    def f(src):
        pat = re.compile(r"\." + re.escape(old) + r"\b")
        n = len(pat.findall(src))
        assert n == count, (old, n, count)
        return pat.sub("." + new, src)
    return f


def chain(*fs):
    def f(src):
        for g in fs:
            src = g(src)
        return src
    return f


T = []


def task(mod, tid, kind, instruction, edit, tokens=None, keep=None, scope=None, note=None, after=None):
    T.append(dict(mod=mod, id=tid, kind=kind, instruction=instruction, edit=edit, tokens=tokens,
                  keep=keep, scope=scope, note=note, after=after))


# ---- paraglider_flight_log (group A)
m = "paraglider_flight_log"
task(m, "paraglider-rename-is-flyable", "rename_function",
     "Rename the function is_flyable to is_wind_flyable.",
     word("is_flyable", "is_wind_flyable", 2), tokens=["is_flyable", "is_wind_flyable"],
     note="The reviewer wants the function called `wind_is_flyable`, not `is_wind_flyable`.",
     after=word("is_flyable", "wind_is_flyable", 2))
task(m, "paraglider-rename-class-flight", "rename_class",
     "Rename the class Flight to GliderFlight.",
     chain(rep("class Flight:", "class GliderFlight:"), rep("return Flight(", "return GliderFlight(")), tokens=["Flight", "GliderFlight"])
task(m, "paraglider-rename-param-decimals", "rename_parameter",
     "Rename the decimals parameter of format_hours_report to places.",
     word("decimals", "places", 3), tokens=["decimals", "places"],
     scope=["format_hours_report", "FlightLog.report"])
task(m, "paraglider-rename-attr-rejected", "rename_attribute",
     "Rename the attribute self.rejected in FlightLog to self.grounded_flights.",
     attr("rejected", "grounded_flights", 5), tokens=["rejected", "grounded_flights"],
     scope=["FlightLog"])
task(m, "paraglider-max-wind-16", "change_constant",
     "Set MAX_WIND_KNOTS to 16.",
     rep("MAX_WIND_KNOTS = 18", "MAX_WIND_KNOTS = 16"), tokens=["18", "16"])
task(m, "paraglider-add-param-timezone", "add_parameter",
     "Add a parameter timezone with default None to parse_log_line.",
     rep('def parse_log_line(line, separator=";"):', 'def parse_log_line(line, separator=";", timezone=None):'),
     scope=["parse_log_line"])
task(m, "paraglider-docstring-median-wind", "add_docstring",
     'Give FlightLog.median_wind the docstring "Return the median wind speed in knots across logged flights."',
     rep("    def median_wind(self):\n",
         '    def median_wind(self):\n        """Return the median wind speed in knots across logged flights."""\n'),
     scope=["FlightLog.median_wind"])
task(m, "paraglider-try-parse-line", "wrap_try_except",
     "In FlightLog.add_line, wrap `flight = parse_log_line(line)` in a try/except ValueError that returns False.",
     rep("        flight = parse_log_line(line)\n",
         "        try:\n            flight = parse_log_line(line)\n        except ValueError:\n            return False\n"),
     scope=["FlightLog.add_line"])
task(m, "paraglider-insert-created-at", "insert_statement",
     "In FlightLog.__init__, add `self.created_at = datetime.now()` after `self.rejected = []`.",
     rep("        self.rejected = []\n", "        self.rejected = []\n        self.created_at = datetime.now()\n"),
     scope=["FlightLog.__init__"])

# ---- soapbox_derby_runs (group B)
m = "soapbox_derby_runs"
task(m, "soapbox-rename-best-time", "rename_method",
     "Rename the method Cart.best_time to fastest_time.",
     chain(rep("def best_time(self):", "def fastest_time(self):"), attr("best_time", "fastest_time", 3)),
     tokens=["best_time", "fastest_time"])
task(m, "soapbox-rename-var-ranked", "rename_variable",
     "In standings, rename the variable ranked to selected.",
     word("ranked", "selected", 3), tokens=["ranked", "selected"], scope=["standings"])
task(m, "soapbox-rename-penalty-seconds", "rename_constant",
     "Rename PENALTY_SECONDS to CONE_PENALTY_SECONDS throughout the module.",
     word("PENALTY_SECONDS", "CONE_PENALTY_SECONDS", 3), tokens=["PENALTY_SECONDS", "CONE_PENALTY_SECONDS"])
task(m, "soapbox-podium-round-3", "change_literal",
     "In DerbyDay.podium, round the best time to 3 decimal places instead of 2.",
     rep("round(cart.best_time(), 2)", "round(cart.best_time(), 3)"), tokens=["2", "3"],
     scope=["DerbyDay.podium"])
task(m, "soapbox-standings-limit-8", "change_default",
     "Change the default of limit in standings to 8.",
     rep("def standings(carts, category=None, limit=10):", "def standings(carts, category=None, limit=8):"),
     tokens=["10", "8"], scope=["standings"])
task(m, "soapbox-remove-verbose", "remove_parameter",
     "Remove the unused verbose parameter from apply_times.",
     chain(rep("penalties=None, verbose=False):", "penalties=None):"),
           rep("apply_times(self.carts, times, penalties, False)", "apply_times(self.carts, times, penalties)")),
     scope=["apply_times", "DerbyDay.run_heat"])
task(m, "soapbox-hints-load-carts", "add_type_hints",
     "Add type hints to load_carts: path is str | Path, delimiter is str, and it returns dict[int, Cart].",
     rep('def load_carts(path, delimiter=","):',
         'def load_carts(path: str | Path, delimiter: str = ",") -> dict[int, Cart]:'),
     scope=["load_carts"])
task(m, "soapbox-import-logging", "add_import",
     "Add `import logging` to the imports.",
     rep("import csv\nimport math\n", "import csv\nimport logging\nimport math\n"), scope=["<imports>"])
task(m, "soapbox-delete-heat-count-increment", "delete_statement",
     "Delete the `self.heat_count += 1` line from DerbyDay.run_heat.",
     rep("        self.heat_count += 1\n", ""), scope=["DerbyDay.run_heat"])

# ---- study_room_bookings (group A)
m = "study_room_bookings"
task(m, "studyroom-rename-room-fits", "rename_function",
     "Rename room_fits to room_can_seat.",
     word("room_fits", "room_can_seat", 2), tokens=["room_fits", "room_can_seat"])
task(m, "studyroom-rename-class-booking", "rename_class",
     "Rename the Booking class to RoomBooking.",
     word("Booking", "RoomBooking", 2), tokens=["Booking", "RoomBooking"])
task(m, "studyroom-rename-param-party-size", "rename_parameter",
     "Rename the party_size parameter of room_fits to group_size.",
     chain(rep("def room_fits(room, party_size=1):", "def room_fits(room, group_size=1):"),
           rep("    return 0 < party_size <= capacity", "    return 0 < group_size <= capacity"),
           rep("room_fits(room, party_size=party_size)", "room_fits(room, group_size=party_size)")),
     tokens=["party_size", "group_size"], keep=2, scope=["room_fits", "RoomDiary.book"])
task(m, "studyroom-rename-attr-no-shows", "rename_attribute",
     "Rename the no_shows attribute of RoomDiary to missed_bookings.",
     attr("no_shows", "missed_bookings", 4), tokens=["no_shows", "missed_bookings"], scope=["RoomDiary"])
task(m, "studyroom-no-show-limit-3", "change_constant",
     "Change NO_SHOW_LIMIT to 3.",
     rep("NO_SHOW_LIMIT = 2", "NO_SHOW_LIMIT = 3"), tokens=["2", "3"], keep=1,
     note="The reviewer wants NO_SHOW_LIMIT set to 4, not 3.",
     after=rep("NO_SHOW_LIMIT = 2", "NO_SHOW_LIMIT = 4"))
task(m, "studyroom-add-param-earliest", "add_parameter",
     "Add an earliest parameter to free_slots with default OPENING_HOUR.",
     rep("def free_slots(bookings, room, day, length=1):", "def free_slots(bookings, room, day, length=1, earliest=OPENING_HOUR):"),
     scope=["free_slots"])
task(m, "studyroom-docstring-end-hour", "add_docstring",
     'Add the docstring "Return the hour at which this booking ends." to Booking.end_hour.',
     rep("    def end_hour(self):\n", '    def end_hour(self):\n        """Return the hour at which this booking ends."""\n'),
     scope=["Booking.end_hour"])
task(m, "studyroom-try-export", "wrap_try_except",
     'Wrap the return statement in RoomDiary.export in a try/except TypeError that returns "[]".',
     rep("        return json.dumps([booking.to_dict() for booking in self.bookings], indent=indent)\n",
         "        try:\n            return json.dumps([booking.to_dict() for booking in self.bookings], indent=indent)\n"
         '        except TypeError:\n            return "[]"\n'),
     scope=["RoomDiary.export"])
task(m, "studyroom-insert-clear-no-shows", "insert_statement",
     "At the end of RoomDiary.check_in, add `self.no_shows.pop(booking.reader_id, None)`.",
     rep("        booking.checked_in = True\n", "        booking.checked_in = True\n        self.no_shows.pop(booking.reader_id, None)\n"),
     scope=["RoomDiary.check_in"])

# ---- cattle_pen_allocation (group B)
m = "cattle_pen_allocation"
task(m, "cattle-rename-sale-order", "rename_method",
     "Rename the SaleRing method sale_order to ordered_lots.",
     chain(rep("def sale_order(self,", "def ordered_lots(self,"), attr("sale_order", "ordered_lots", 1)),
     tokens=["sale_order", "ordered_lots"],
     note="The reviewer wants the method named `running_order` instead of `ordered_lots`.",
     after=chain(rep("def sale_order(self,", "def running_order(self,"), attr("sale_order", "running_order", 1)))
task(m, "cattle-rename-var-taken", "rename_variable",
     "In PenBoard.assign, rename the local variable taken to chosen.",
     word("taken", "chosen", 2), tokens=["taken", "chosen"], scope=["PenBoard.assign"])
task(m, "cattle-rename-pen-capacity", "rename_constant",
     "Rename the constant PEN_CAPACITY_HEAD to HEAD_PER_PEN.",
     word("PEN_CAPACITY_HEAD", "HEAD_PER_PEN", 3), tokens=["PEN_CAPACITY_HEAD", "HEAD_PER_PEN"])
task(m, "cattle-occupancy-round-2", "change_literal",
     "In PenBoard.occupancy, change the rounding from 1 decimal place to 2.",
     rep("round(100 * used / self.pen_count, 1)", "round(100 * used / self.pen_count, 2)"),
     tokens=["1", "2"], keep=3, scope=["PenBoard.occupancy"])
task(m, "cattle-pen-label-width-3", "change_default",
     "Make the default width in pen_label 3.",
     rep("prefix=DEFAULT_PEN_PREFIX, width=2):", "prefix=DEFAULT_PEN_PREFIX, width=3):"),
     tokens=["2", "3"], keep=1, scope=["pen_label"])
task(m, "cattle-remove-strict", "remove_parameter",
     "Remove the strict parameter from lot_sequence, since it is never used.",
     chain(rep("def lot_sequence(lot_number, strict=True):", "def lot_sequence(lot_number):"),
           rep("lot_sequence(lot.number, strict=True)", "lot_sequence(lot.number)")),
     scope=["lot_sequence", "SaleRing.sale_order"])
task(m, "cattle-hints-pens-needed", "add_type_hints",
     "Annotate pens_needed so head and capacity are int and it returns int.",
     rep("def pens_needed(head, capacity=PEN_CAPACITY_HEAD):", "def pens_needed(head: int, capacity: int = PEN_CAPACITY_HEAD) -> int:"),
     scope=["pens_needed"])
task(m, "cattle-import-logging", "add_import",
     "Import logging in the module's import block.",
     rep("import itertools\nimport re\n", "import itertools\nimport logging\nimport re\n"), scope=["<imports>"])
task(m, "cattle-delete-free-pens-sort", "delete_statement",
     "Remove the `self.free_pens.sort()` statement from PenBoard.release.",
     rep("        self.free_pens.sort()\n", ""), scope=["PenBoard.release"])

# ---- jazz_club_setlist (group A)
m = "jazz_club_setlist"
task(m, "jazz-rename-set-minutes", "rename_function",
     "Rename set_minutes to total_set_minutes everywhere in the module.",
     word("set_minutes", "total_set_minutes", 4), tokens=["set_minutes", "total_set_minutes"])
task(m, "jazz-rename-class-tune", "rename_class",
     "Rename class Tune to RepertoireTune.",
     word("Tune", "RepertoireTune", 1), tokens=["Tune", "RepertoireTune"])
task(m, "jazz-rename-param-ballads", "rename_parameter",
     "Rename the ballads parameter of build_set to max_ballads.",
     word("ballads", "max_ballads", 3), tokens=["ballads", "max_ballads"], scope=["build_set", "Evening.plan"])
task(m, "jazz-rename-attr-requests", "rename_attribute",
     "Rename Evening's requests attribute to song_requests.",
     attr("requests", "song_requests", 3), tokens=["requests", "song_requests"], scope=["Evening"])
task(m, "jazz-interval-25", "change_constant",
     "Set INTERVAL_MINUTES to 25.",
     rep("INTERVAL_MINUTES = 20", "INTERVAL_MINUTES = 25"), tokens=["20", "25"])
task(m, "jazz-add-param-keys", "add_parameter",
     "Add a keys parameter to key_spread with default KEYS.",
     rep("def key_spread(tunes):", "def key_spread(tunes, keys=KEYS):"), scope=["key_spread"])
task(m, "jazz-docstring-build-set", "add_docstring",
     'Add the one-line docstring "Pick a shuffled set of tunes that fits within the given length." to build_set.',
     rep("def build_set(repertoire, length=SET_LENGTH_MINUTES, ballads=1, seed=None):\n",
         'def build_set(repertoire, length=SET_LENGTH_MINUTES, ballads=1, seed=None):\n'
         '    """Pick a shuffled set of tunes that fits within the given length."""\n'),
     scope=["build_set"])
task(m, "jazz-try-key-counter", "wrap_try_except",
     "In key_spread, wrap the `counts = Counter(...)` line in a try/except AttributeError that sets counts to Counter().",
     rep("    counts = Counter(tune.key for tune in tunes)\n",
         "    try:\n        counts = Counter(tune.key for tune in tunes)\n    except AttributeError:\n        counts = Counter()\n"),
     scope=["key_spread"])
task(m, "jazz-insert-strip-title", "insert_statement",
     "In Evening.add_request, insert `title = title.strip()` before the append.",
     rep("        self.requests.append((title, from_table))\n",
         "        title = title.strip()\n        self.requests.append((title, from_table))\n"),
     scope=["Evening.add_request"])

# ---- regatta_lane_draw (group B)
m = "regatta_lane_draw"
task(m, "regatta-rename-qualifiers", "rename_method",
     "Rename the RegattaEvent method qualifiers to heat_qualifiers.",
     chain(rep("def qualifiers(self):", "def heat_qualifiers(self):"), attr("qualifiers", "heat_qualifiers", 1)),
     tokens=["qualifiers", "heat_qualifiers"])
task(m, "regatta-rename-var-finalists", "rename_variable",
     "Rename the local variable finalists in RegattaEvent.qualifiers to progressed.",
     word("finalists", "progressed", 3), tokens=["finalists", "progressed"], scope=["RegattaEvent.qualifiers"],
     note="The reviewer wants the variable called `advancing`, not `progressed`.",
     after=word("finalists", "advancing", 3))
task(m, "regatta-rename-progression-places", "rename_constant",
     "Rename PROGRESSION_PLACES to PLACES_TO_FINAL.",
     word("PROGRESSION_PLACES", "PLACES_TO_FINAL", 2), tokens=["PROGRESSION_PLACES", "PLACES_TO_FINAL"])
task(m, "regatta-code-four-letters", "change_literal",
     "In Crew.code, change the slice letters[:3] to letters[:4].",
     rep("{letters[:3]}", "{letters[:4]}"), tokens=["3", "4"], scope=["Crew.code"])
task(m, "regatta-draw-lanes-seeded-false", "change_default",
     "Change the default of seeded in draw_lanes to False.",
     rep("def draw_lanes(crews, seeded=True,", "def draw_lanes(crews, seeded=False,"),
     tokens=["True", "False"], keep=3, scope=["draw_lanes"])
task(m, "regatta-remove-label", "remove_parameter",
     "Remove the label parameter from draw_lanes and drop it from every call.",
     chain(rep(', rng=None, label="draw"):', ", rng=None):"),
           rep('draw_lanes(heat, self.seeded, self.rng, label="heat")', "draw_lanes(heat, self.seeded, self.rng)"),
           rep('draw_lanes(self.qualifiers()[:LANE_COUNT], True, self.rng, label="final")',
               "draw_lanes(self.qualifiers()[:LANE_COUNT], True, self.rng)")),
     scope=["draw_lanes", "RegattaEvent.make_draw", "RegattaEvent.final_draw"])
task(m, "regatta-hints-split-heats", "add_type_hints",
     "Add type hints to split_heats: crews is list[Crew], lane_count is int, and the return type is list[list[Crew]].",
     rep("def split_heats(crews, lane_count=LANE_COUNT):",
         "def split_heats(crews: list[Crew], lane_count: int = LANE_COUNT) -> list[list[Crew]]:"),
     scope=["split_heats"])
task(m, "regatta-import-statistics", "add_import",
     "Add `import statistics` to the module.",
     rep("import random\nimport string\n", "import random\nimport statistics\nimport string\n"), scope=["<imports>"])
task(m, "regatta-delete-reset-draws", "delete_statement",
     "Delete `self.heat_draws = []` from RegattaEvent.make_draw.",
     rep("    def make_draw(self):\n        self.heat_draws = []\n", "    def make_draw(self):\n"),
     scope=["RegattaEvent.make_draw"])


def q(s):
    return json.dumps(s)


out = []
for t in T:
    src = (MOD / f"{t['mod']}.py").read_text()
    new = t["edit"](src)
    assert new != src
    compile(new, t["id"], "exec")
    exp = f"expected/{t['id']}.py"
    (ROOT / exp).write_text(new)
    lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}", 'phrasing = "heldout"',
             f"source = {q('modules/' + t['mod'] + '.py')}", f"instruction = {q(t['instruction'])}",
             f"expected = {q(exp)}"]
    if t["tokens"]:
        lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
    if t["keep"] is not None:
        lines.append(f"keep = {t['keep']}")
    if t["scope"]:
        lines.append("scope = [" + ", ".join(q(s) for s in t["scope"]) + "]")
    if t["note"]:
        after = t["after"](src)
        compile(after, t["id"], "exec")
        ap = f"expected/{t['id']}.after-note.py"
        (ROOT / ap).write_text(after)
        lines.append(f"note = {q(t['note'])}")
        lines.append(f"after_note = {q(ap)}")
    out.append("\n".join(lines))
(ROOT / "tasks.toml").write_text("# Held-out edit tasks (eval75), written by a helper session.\n\n" + "\n\n".join(out) + "\n")
from collections import Counter
print(len(T), Counter(t["kind"] for t in T))
