"""Builds tasks.toml and expected/ for the eval35 held-out set (string edits, checked by eye)."""

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).parent
MOD = ROOT / "modules"
EXP = ROOT / "expected"
EXP.mkdir(exist_ok=True)


def sub(s, old, new, n=1):
    c = s.count(old)
    assert c == n, (old, c, n)
    return s.replace(old, new)


def wren(s, old, new, n):
    pat = r"(?<![\w.])" + re.escape(old) + r"\b" if False else r"\b" + re.escape(old) + r"\b"
    c = len(re.findall(pat, s))
    assert c == n, (old, c, n)
    return re.sub(pat, new, s)


def src(name):
    return (MOD / name).read_text()


def names_in(s, word):
    toks = tokenize.generate_tokens(io.StringIO(s).readline)
    return sum(1 for t in toks if t.string == word)


TASKS = []


def task(tid, kind, module, instruction, after, tokens=None, keep=None, scope=None,
         note=None, after_note=None):
    before = src(module)
    assert after != before, tid
    (EXP / f"{tid}.py").write_text(after)
    t = {
        "id": tid,
        "kind": kind,
        "phrasing": "heldout",
        "source": f"modules/{module}",
        "instruction": instruction,
        "expected": f"expected/{tid}.py",
    }
    if tokens:
        t["tokens"] = tokens
        # sanity: tokens[0] count after == keep
        left = names_in(after, tokens[0])
        assert left == (keep or 0), (tid, tokens[0], left, keep)
        if keep:
            t["keep"] = keep
    if scope:
        t["scope"] = scope
    if note:
        (EXP / f"{tid}.after-note.py").write_text(after_note)
        t["note"] = note
        t["after_note"] = f"expected/{tid}.after-note.py"
    TASKS.append(t)


# ---------------------------------------------------------------- velodrome_timing.py
M = "velodrome_timing.py"
s = src(M)

task("velo-rename-speed-helper", "rename_function", M,
     "the helper that turns a lap time into km/h, call it kmh_for_lap",
     wren(s, "lap_speed_kmh", "kmh_for_lap", 2), tokens=["lap_speed_kmh", "kmh_for_lap"])

task("velo-rename-best-lap", "rename_method", M,
     "can you call Rider.best_lap `fastest_lap` instead, it reads better in the leaderboard code",
     wren(s, "best_lap", "fastest_lap", 2), tokens=["best_lap", "fastest_lap"])

task("velo-rename-rider-class", "rename_class", M,
     "TrackRider would be a better name for the dataclass holding each rider's laps, go with that",
     wren(s, "Rider", "TrackRider", 2), tokens=["Rider", "TrackRider"])

task("velo-leaderboard-local", "rename_variable", M,
     "in the method that builds the leaderboard, the local list `board` shoud be called `standings`",
     wren(s, "board", "standings", 4), tokens=["board", "standings"],
     scope=["TimingSession.leaderboard"])

a = sub(s, "def clean_laps(raw_laps, floor=MIN_LAP_SECONDS, skip_warmup=False):",
        "def clean_laps(raw_laps, min_seconds=MIN_LAP_SECONDS, skip_warmup=False):")
a = sub(a, "        if lap >= floor:\n", "        if lap >= min_seconds:\n")
a = sub(a, "clean_laps(self.riders[name].laps, floor=limit)",
        "clean_laps(self.riders[name].laps, min_seconds=limit)")
task("velo-clean-laps-floor-param", "rename_parameter", M,
     "clean_laps: rename the floor param to min_seconds, callers passing it by keyword too",
     a, tokens=["floor", "min_seconds"], keep=3,
     scope=["clean_laps", "TimingSession.flying_lap_total"])

task("velo-rename-precision-const", "rename_constant", M,
     "rename the constant for how many decimals we round lap times to -> LAP_DECIMALS",
     wren(s, "TIMING_PRECISION", "LAP_DECIMALS", 3), tokens=["TIMING_PRECISION", "LAP_DECIMALS"],
     note="not LAP_DECIMALS, please name it ROUND_DIGITS",
     after_note=wren(s, "TIMING_PRECISION", "ROUND_DIGITS", 3))

a = sub(s, "        self.started_at = started_at or datetime.now()\n",
        "        self.start_time = started_at or datetime.now()\n")
a = sub(a, "        return now - self.started_at\n", "        return now - self.start_time\n")
a = sub(a, "    started = session.started_at.strftime", "    started = session.start_time.strftime")
task("velo-session-start-attr", "rename_attribute", M,
     "on TimingSession switch the started_at attribute to start_time (leave the __init__ "
     "argument name alone)",
     a, tokens=["started_at", "start_time"], keep=2)

task("velo-speed-error-message", "change_literal", M,
     "the error for a bad lap time should say \"lap time must be greater than zero\" "
     "instead of positive",
     sub(s, '"lap time must be positive"', '"lap time must be greater than zero"'),
     tokens=['"lap time must be positive"', '"lap time must be greater than zero"'],
     scope=["lap_speed_kmh"])

task("velo-min-lap-up", "change_constant", M,
     "raise the minimum valid lap time by a full second",
     sub(s, "MIN_LAP_SECONDS = 11.5\n", "MIN_LAP_SECONDS = 12.5\n"), tokens=["11.5", "12.5"])

# ---------------------------------------------------------------- puppet_props.py
M = "puppet_props.py"
s = src(M)

task("puppet-scene-groups-var", "rename_variable", M,
     "in props_by_scene, call the defaultdict `scenes` rather than grouped",
     wren(s, "grouped", "scenes", 4), tokens=["grouped", "scenes"], scope=["props_by_scene"])

task("puppet-fallback-scene-param", "rename_parameter", M,
     "the function that tidies up one raw prop entry - rename its default_scene parameter to "
     "fallback_scene",
     wren(s, "default_scene", "fallback_scene", 3), tokens=["default_scene", "fallback_scene"],
     scope=["load_checklist", "normalise_prop"])

task("puppet-minutes-const", "rename_constant", M,
     "The SETUP_MINUTES_PER_PROP name is a bit of a mouthful where it gets used in the setup maths, "
     "so could you shorten it to MINUTES_PER_PROP throughout the module?",
     wren(s, "SETUP_MINUTES_PER_PROP", "MINUTES_PER_PROP", 2),
     tokens=["SETUP_MINUTES_PER_PROP", "MINUTES_PER_PROP"])

task("puppet-ticked-attr", "rename_attribute", M,
     "the set on PropChecklist that holds the props already ticked off: rename that attribute "
     "to checked_off, everywhere its read",
     wren(s, "ticked", "checked_off", 7).replace('"checked_off": sorted', '"ticked": sorted'),
     tokens=["ticked", "checked_off"])

task("puppet-unchecked-label", "change_literal", M,
     "in report, show \"not checked yet\" instead of \"unchecked\" for props with no note",
     sub(s, '"unchecked"', '"not checked yet"'),
     tokens=['"unchecked"', '"not checked yet"'], scope=["PropChecklist.report"])

task("puppet-retire-sooner", "change_constant", M,
     "knock the number of repairs before we retire a prop down by one",
     sub(s, "MAX_REPAIRS_BEFORE_RETIRE = 4\n", "MAX_REPAIRS_BEFORE_RETIRE = 3\n"),
     tokens=["4", "3"])

task("puppet-setup-crew-default", "change_default", M,
     "setup_time should assume a crew of 3 by default, not 2",
     sub(s, "def setup_time(props, crew_size=2, show_code=None):",
         "def setup_time(props, crew_size=3, show_code=None):"),
     tokens=["2", "3"], keep=3, scope=["setup_time"],
     note="we usually have four on the crew, make that default 4 instead of 3",
     after_note=sub(s, "def setup_time(props, crew_size=2, show_code=None):",
                    "def setup_time(props, crew_size=4, show_code=None):"))

task("puppet-flag-missing-urgent", "add_parameter", M,
     "let flag_missing take an `urgent=False` flag too (just the signature for now)",
     sub(s, '    def flag_missing(self, name, note="not found in the wings"):\n',
         '    def flag_missing(self, name, note="not found in the wings", urgent=False):\n'),
     scope=["PropChecklist.flag_missing"])

a = sub(s, "def setup_time(props, crew_size=2, show_code=None):",
        "def setup_time(props, crew_size=2):")
a = sub(a, 'estimate = setup_time(self.props, crew, "main")', "estimate = setup_time(self.props, crew)")
a = sub(a, 'setup_time([p for p in props if p["name"] in names], 1, "tour" if touring else "main")',
        'setup_time([p for p in props if p["name"] in names], 1)')
task("puppet-drop-show-code", "remove_parameter", M,
     "setup_time never looks at show_code, get rid of that parameter and whatever the callers "
     "pass for it",
     a, scope=["setup_time", "PropChecklist.report", "scene_change_load"])

# ---------------------------------------------------------------- lamp_log.py
M = "lamp_log.py"
s = src(M)

task("lamp-keeper-attr", "rename_attribute", M,
     "keeper_on_watch on LampLog should be duty_keeper",
     wren(s, "keeper_on_watch", "duty_keeper", 4), tokens=["keeper_on_watch", "duty_keeper"])

task("lamp-mantle-log-message", "change_literal", M,
     "when the mantle gets changed the log line should read \"new mantle fitted at %s\"",
     sub(s, '"mantle changed at %s"', '"new mantle fitted at %s"'),
     tokens=['"mantle changed at %s"', '"new mantle fitted at %s"'],
     scope=["LampLog.change_mantle"])

task("lamp-fog-interval-half", "change_constant", M,
     "cut the fog signal interval in half",
     sub(s, "FOG_SIGNAL_INTERVAL_S = 30\n", "FOG_SIGNAL_INTERVAL_S = 15\n"), tokens=["30", "15"],
     note="halving it is too much, the interval should be 20 seconds",
     after_note=sub(s, "FOG_SIGNAL_INTERVAL_S = 30\n", "FOG_SIGNAL_INTERVAL_S = 20\n"))

task("lamp-paraffin-reserve", "change_default", M,
     "bump the default paraffin reserve to 20 percent",
     sub(s, "def paraffin_needed(hours, reserve_pct=15, rate=PARAFFIN_LITRES_PER_HOUR):",
         "def paraffin_needed(hours, reserve_pct=20, rate=PARAFFIN_LITRES_PER_HOUR):"),
     tokens=["15", "20"], scope=["paraffin_needed"])

task("lamp-read-log-encoding", "add_parameter", M,
     "add an `encoding` parameter to the csv log reader, default \"utf-8\", at the end of the "
     "list. don't wire it up yet",
     sub(s, 'def read_log(path, year=None, delimiter=","):',
         'def read_log(path, year=None, delimiter=",", encoding="utf-8"):'),
     scope=["read_log"])

a = sub(s, "def fog_blasts(hours, interval=FOG_SIGNAL_INTERVAL_S, station=None):",
        "def fog_blasts(hours, interval=FOG_SIGNAL_INTERVAL_S):")
a = sub(a, "fog_blasts(fog_hours, station=self.station)", "fog_blasts(fog_hours)")
task("lamp-fog-blasts-station", "remove_parameter", M,
     "the function counting fog horn blasts has a station param it doesnt use; drop it "
     "(and from the call)",
     a, scope=["fog_blasts", "LampLog.monthly_summary"])

task("lamp-paraffin-docstring", "add_docstring", M,
     "give paraffin_needed a docstring: Litres of paraffin for the given burn hours, plus a reserve.",
     sub(s, "def paraffin_needed(hours, reserve_pct=15, rate=PARAFFIN_LITRES_PER_HOUR):\n",
         "def paraffin_needed(hours, reserve_pct=15, rate=PARAFFIN_LITRES_PER_HOUR):\n"
         '    """Litres of paraffin for the given burn hours, plus a reserve."""\n'),
     scope=["paraffin_needed"])

task("lamp-mantle-due-hints", "add_type_hints", M,
     "type hints on the method that says whether the mantle is due: margin is a float, "
     "it returns bool",
     sub(s, "    def mantle_due(self, margin=0.9):\n",
         "    def mantle_due(self, margin: float = 0.9) -> bool:\n"),
     scope=["LampLog.mantle_due"])

task("lamp-read-log-bad-rows", "wrap_try_except", M,
     "in read_log wrap the parse_entry call in try/except ValueError; on error do "
     "`log.warning(\"skipping bad log row: %r\", row)` and continue",
     sub(s, "            entry = parse_entry(row, year)\n",
         "            try:\n"
         "                entry = parse_entry(row, year)\n"
         "            except ValueError:\n"
         '                log.warning("skipping bad log row: %r", row)\n'
         "                continue\n"),
     scope=["read_log"])

# ---------------------------------------------------------------- route_setting.py
M = "route_setting.py"
s = src(M)

task("route-reset-week-limit", "change_default", M,
     "let reset_week strip two more routes by default",
     sub(s, "    def reset_week(self, today=None, limit=4):\n",
         "    def reset_week(self, today=None, limit=6):\n"),
     tokens=["4", "6"], keep=1, scope=["SettingPlan.reset_week"])

task("route-pick-colour-avoid", "add_parameter", M,
     "pick_colour should also accept an `avoid=()` argument, put it last",
     sub(s, "def pick_colour(used, rng=None):\n", "def pick_colour(used, rng=None, avoid=()):\n"),
     scope=["pick_colour"])

a = sub(s, "def grade_spread(routes, section=None, sort_desc=False):",
        "def grade_spread(routes, section=None):")
a = sub(a, "grade_spread(self.routes, section, sort_desc=False)", "grade_spread(self.routes, section)")
task("route-spread-sort-desc", "remove_parameter", M,
     "remove the unused sort_desc parameter from the function that counts routes per grade",
     a, scope=["grade_spread", "SettingPlan.gaps_in_spread"])

task("route-pick-colour-docstring", "add_docstring", M,
     "add a one line docstring to the function picking a hold colour: "
     "\"Pick a hold colour not already used on the section.\"",
     sub(s, "def pick_colour(used, rng=None):\n",
         "def pick_colour(used, rng=None):\n"
         '    """Pick a hold colour not already used on the section."""\n'),
     scope=["pick_colour"])

task("route-free-slots-hints", "add_type_hints", M,
     "annotate SettingPlan.free_slots - section: str, returns int",
     sub(s, "    def free_slots(self, section):\n", "    def free_slots(self, section: str) -> int:\n"),
     scope=["SettingPlan.free_slots"])

task("route-grade-index-try", "wrap_try_except", M,
     "grade_index blows up on an unknown grade. wrap the lookup in try/except ValueError and "
     "return -1 in the except",
     sub(s, "    return GRADES.index(grade.strip().upper())\n",
         "    try:\n"
         "        return GRADES.index(grade.strip().upper())\n"
         "    except ValueError:\n"
         "        return -1\n"),
     scope=["grade_index"])

task("route-import-logging", "add_import", M,
     "pull in the logging module (plain `import logging`, keep the imports sorted)",
     sub(s, "import random\n", "import logging\nimport random\n"), scope=["<imports>"])

task("route-reset-history", "insert_statement", M,
     "in reset_week, right before it returns, record the reset: "
     "`self.history.append((\"reset\", len(stale), today or date.today()))`",
     sub(s, "            self.strip(route)\n        return [r.name for r in stale]\n",
         "            self.strip(route)\n"
         '        self.history.append(("reset", len(stale), today or date.today()))\n'
         "        return [r.name for r in stale]\n"),
     scope=["SettingPlan.reset_week"])

task("route-strip-print", "delete_statement", M,
     "drop the debug print from the method that strips a route off the wall",
     sub(s, '        print(f"stripped {route.name} from the {route.section}")\n', ""),
     scope=["SettingPlan.strip"])

# ---------------------------------------------------------------- canal_hire.py
M = "canal_hire.py"
s = src(M)

task("canal-returns-docstring", "add_docstring", M,
     "docstring for HireDesk.returns_on please: Bookings whose boat comes back on the given day.",
     sub(s, "    def returns_on(self, day):\n",
         "    def returns_on(self, day):\n"
         '        """Bookings whose boat comes back on the given day."""\n'),
     scope=["HireDesk.returns_on"])

task("canal-cruise-hours-hints", "add_type_hints", M,
     "add type hints to the function that works out cruising time: miles float, locks int, "
     "mph float, returns float",
     sub(s, "def cruise_hours(miles, locks, mph=CRUISE_MPH):\n",
         "def cruise_hours(miles: float, locks: int, mph: float = CRUISE_MPH) -> float:\n"),
     scope=["cruise_hours"])

task("canal-parse-line-try", "wrap_try_except", M,
     "make parse_booking_line forgiving: put its whole body in a try, and on ValueError "
     "return None",
     sub(s, "    boat, hirer, start, nights = [part.strip() for part in line.split(\",\")]\n"
            "    return Booking(boat, hirer, date.fromisoformat(start), int(nights))\n",
         "    try:\n"
         "        boat, hirer, start, nights = [part.strip() for part in line.split(\",\")]\n"
         "        return Booking(boat, hirer, date.fromisoformat(start), int(nights))\n"
         "    except ValueError:\n"
         "        return None\n"),
     scope=["parse_booking_line"])

task("canal-import-defaultdict", "add_import", M,
     "we're going to need defaultdict here, add `from collections import defaultdict` "
     "with the other imports",
     sub(s, "import math\nfrom datetime", "import math\nfrom collections import defaultdict\nfrom datetime"),
     scope=["<imports>"])

task("canal-damage-out-of-service", "insert_statement", M,
     "when damage is reported the boat should also go out of service - after the note is "
     "stored, add `self.out_of_service.add(boat)`",
     sub(s, "        self.damage_reports.setdefault(boat, []).append(note)\n",
         "        self.damage_reports.setdefault(boat, []).append(note)\n"
         "        self.out_of_service.add(boat)\n"),
     scope=["HireDesk.report_damage"])

task("canal-keep-damage-history", "delete_statement", M,
     "when a boat is marked repaired we want to keep its damage notes, so remove the line "
     "that pops them out of damage_reports",
     sub(s, "        self.damage_reports.pop(boat, None)\n", ""),
     scope=["HireDesk.repaired"])

task("canal-boats-sleeping", "rename_function", M,
     "the function listing boats big enough for a party -> call it boats_sleeping",
     wren(s, "boats_for_party", "boats_sleeping", 2), tokens=["boats_for_party", "boats_sleeping"])

task("canal-overlaps-method", "rename_method", M,
     "the Booking method that checks two hires of the same boat collide - call it clashes_with",
     wren(s, "overlaps", "clashes_with", 2), tokens=["overlaps", "clashes_with"])

task("canal-hire-booking-class", "rename_class", M,
     "Booking is realy too generic next to everything else, rename the class to HireBooking",
     wren(s, "Booking", "HireBooking", 4), tokens=["Booking", "HireBooking"])

# ---------------------------------------------------------------- chess_ladder.py
M = "chess_ladder.py"
s = src(M)

task("chess-import-logging", "add_import", M,
     "add import logging at teh top, above math",
     sub(s, "import math\n", "import logging\nimport math\n"), scope=["<imports>"])

task("chess-validate-score", "insert_statement", M,
     "at the very start of report_result add "
     "`assert challenger_score in RESULT_SYMBOLS, f\"bad score {challenger_score!r}\"`",
     sub(s, "        self.pending.remove((challenger, defender))\n",
         '        assert challenger_score in RESULT_SYMBOLS, f"bad score {challenger_score!r}"\n'
         "        self.pending.remove((challenger, defender))\n"),
     scope=["ClubLadder.report_result"])

task("chess-no-resort-on-join", "delete_statement", M,
     "new players should start at the bottom of the ladder, so drop the re-sort when a "
     "player gets added",
     sub(s, "        self.rungs.sort(key=lambda p: -p.rating)\n", ""),
     scope=["ClubLadder.add_player"])

task("chess-win-probability", "rename_function", M,
     "switch the name of the elo expected-score function to win_probability",
     wren(s, "expected_score", "win_probability", 2), tokens=["expected_score", "win_probability"])

task("chess-rung-of", "rename_method", M,
     "ClubLadder.position -> rung_of, pls",
     wren(s, "position", "rung_of", 8), tokens=["position", "rung_of"])

task("chess-member-class", "rename_class", M,
     "rename the dataclass for a player on the ladder to Member",
     wren(s, "LadderPlayer", "Member", 3), tokens=["LadderPlayer", "Member"],
     note="Member is too vague here, call it LadderMember",
     after_note=wren(s, "LadderPlayer", "LadderMember", 3))

task("chess-rung-gap-var", "rename_variable", M,
     "in can_challenge the local gap should be rung_gap",
     wren(s, "gap", "rung_gap", 2), tokens=["gap", "rung_gap"], scope=["ClubLadder.can_challenge"])

a = sub(s, "def rating_change(rating, opponent, score, k=K_FACTOR):\n    return round(k * (",
        "def rating_change(rating, opponent, score, k_factor=K_FACTOR):\n    return round(k_factor * (")
a = sub(a, "opponent.rating, score, k=k)", "opponent.rating, score, k_factor=k)")
task("chess-k-factor-param", "rename_parameter", M,
     "rating_change's `k` param is cryptic, make it k_factor (keyword callers included)",
     a, tokens=["k", "k_factor"], keep=2, scope=["rating_change", "LadderPlayer.record"])

task("chess-challenge-gap-const", "rename_constant", M,
     "rename the constant that caps how many rungs up you can challenge to MAX_CHALLENGE_GAP",
     wren(s, "CHALLENGE_RANGE", "MAX_CHALLENGE_GAP", 2),
     tokens=["CHALLENGE_RANGE", "MAX_CHALLENGE_GAP"])


# ---------------------------------------------------------------- write tasks.toml
def q(v):
    if isinstance(v, list):
        return "[" + ", ".join(q(x) for x in v) + "]"
    if isinstance(v, int):
        return str(v)
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


out = ["# eval35: held-out edit tasks written by a helper session (see README.md)\n"]
order = ["id", "kind", "phrasing", "source", "instruction", "expected", "tokens", "keep", "scope",
         "note", "after_note"]
for t in TASKS:
    out.append("\n[[task]]\n")
    for k in order:
        if k in t:
            out.append(f"{k} = {q(t[k])}\n")
(ROOT / "tasks.toml").write_text("".join(out))
print(len(TASKS), "tasks")
