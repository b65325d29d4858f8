# Task definitions for eval53, exec'd by make_expected.py (task, rename, edits are defined there).

# ---------------------------------------------------------------- hotdog_cart.py
H = "hotdog_cart.py"
task("hotdog-rename-packs-helper", H, "rename_function",
     "the little helper that rounds a shortfall up to whole packs, can we call it packs_to_order instead",
     rename("packs_needed", "packs_to_order", expect=3), tokens=["packs_needed", "packs_to_order"])
task("hotdog-rename-spoil-method", H, "rename_method",
     "Rename StockItem.spoil to write_off.",
     rename("spoil", "write_off", expect=2), tokens=["spoil", "write_off"])
task("hotdog-rename-cart-class", H, "rename_class",
     "the class for the whole cart (not the per-item one) should just be called Cart, HotDogCart is a mouthful",
     rename("HotDogCart", "Cart", expect=2), tokens=["HotDogCart", "Cart"])
task("hotdog-rename-padded-target", H, "rename_variable",
     "in restock_order theres a local holding expected sales plus the safety margin - rename that one to padded_target",
     rename("target", "padded_target", expect=3), tokens=["target", "padded_target"])
task("hotdog-rename-pack-size-param", H, "rename_parameter",
     "packs_needed(): pack_size -> units_per_pack please, keyword callers too",
     rename("pack_size", "units_per_pack", expect=3), tokens=["pack_size", "units_per_pack"])
task("hotdog-rename-low-stock-const", H, "rename_constant",
     "The constant that says when an item counts as running low (the 12) - I'd like it named REORDER_LEVEL.",
     rename("LOW_STOCK_THRESHOLD", "REORDER_LEVEL", expect=4),
     tokens=["LOW_STOCK_THRESHOLD", "REORDER_LEVEL"],
     note="REORDER_LEVEL isn't what we call it on the cart; the reviewer wants the constant named MIN_STOCK_LEVEL",
     after=rename("LOW_STOCK_THRESHOLD", "MIN_STOCK_LEVEL", expect=4))
task("hotdog-rename-on-hand-attr", H, "rename_attribute",
     "rename the on_hand attribute to in_stock wherever it's read or set. only the attribute, the __init__/add_item args can keep their names",
     rename("on_hand", "in_stock", mode="attr", expect=13), tokens=["on_hand", "in_stock"])
task("hotdog-snapshot-indent", H, "change_literal",
     "when we save the snapshot to disk indent the json with 4 spaces instead of 2, its hard to raed",
     edits(("json.dumps(snapshot, indent=2)", "json.dumps(snapshot, indent=4)")), tokens=["2", "4"])
task("hotdog-buns-dozen", H, "change_constant",
     "supplier is switching us to bun packs of a dozen, update the per-pack constant for buns",
     edits(("BUNS_PER_PACK = 8\n", "BUNS_PER_PACK = 12\n")), tokens=["8", "12"])

# ---------------------------------------------------------------- roller_derby.py
R = "roller_derby.py"
task("derby-rename-scheduled-list", R, "rename_variable",
     "In the module-level function that assigns bouts to days, rename the list it builds up and returns to `scheduled`.",
     rename("slots", "scheduled", expect=3), tokens=["slots", "scheduled"])
task("derby-rename-delimiter-param", R, "rename_parameter",
     "export_standings: rename its delimiter parameter to separator",
     edits(('def export_standings(bouts, path, delimiter=","):', 'def export_standings(bouts, path, separator=","):'),
           ("csv.writer(handle, delimiter=delimiter)", "csv.writer(handle, delimiter=separator)")),
     tokens=["delimiter", "separator"])
task("derby-rename-foul-out-const", R, "rename_constant",
     "whats the constant that decides when a skater fouls out... rename it FOUL_OUT_LIMIT",
     rename("MAX_PENALTIES", "FOUL_OUT_LIMIT", expect=2), tokens=["MAX_PENALTIES", "FOUL_OUT_LIMIT"])
task("derby-rename-jams-attr", R, "rename_attribute",
     "Bout.jams -> jam_count (the attribute)",
     rename("jams", "jam_count", mode="attr", expect=3), tokens=["jams", "jam_count"])
task("derby-fortnight-gap", R, "change_literal",
     "bout days in schedule_bouts should be two weeks apart rather than one",
     edits(("timedelta(days=7)", "timedelta(days=14)")), tokens=["7", "14"])
task("derby-jam-length", R, "change_constant",
     "new ruleset: a jam is capped at a minute and a half now, so fix teh constant for jam length",
     edits(("JAM_SECONDS = 120\n", "JAM_SECONDS = 90\n")), tokens=["120", "90"])
task("derby-upcoming-limit", R, "change_default",
     "can you double how many bouts League.upcoming returns by default",
     edits(("def upcoming(self, now=None, limit=5):", "def upcoming(self, now=None, limit=10):")),
     tokens=["5", "10"],
     note="ten is too many for the sidebar; the reviewer wants the default to be eight",
     after=edits(("def upcoming(self, now=None, limit=5):", "def upcoming(self, now=None, limit=8):")))
task("derby-add-team-filter-param", R, "add_parameter",
     "give the method that ranks skaters by penalties an optional `team` param, default None. dont wire it up yet, just the signature",
     edits(("def penalty_leaders(self, top=3):", "def penalty_leaders(self, top=3, team=None):")))
task("derby-remove-venue-param", R, "remove_parameter",
     "schedule_bouts takes a venue it never uses. get rid of that parameter and stop passing it in",
     edits(("def schedule_bouts(teams, first_day, venue, rounds=1, bouts_per_day=2):",
            "def schedule_bouts(teams, first_day, rounds=1, bouts_per_day=2):"),
           ("schedule_bouts(self.teams, first_day, self.venue, rounds=rounds)",
            "schedule_bouts(self.teams, first_day, rounds=rounds)")))

# ---------------------------------------------------------------- dinghy_races.py
D = "dinghy_races.py"
task("dinghy-rename-fleet-attr", D, "rename_attribute",
     "On Race, the dict that maps sail numbers to their entries should be called `entries` rather than what it is now.",
     rename("fleet", "entries", mode="attr", expect=7), tokens=["fleet", "entries"])
task("dinghy-retire-status", D, "change_literal",
     "when a boat retires its status should be \"RET\" instead of DNF. only in retire(), running out of time is still a DNF",
     edits(('        self.fleet[sail_number].status = "DNF"', '        self.fleet[sail_number].status = "RET"')),
     tokens=['"DNF"', '"RET"'])
task("dinghy-time-limit", D, "change_constant",
     "give the boats an extra half hour before a finish counts as over the time limit",
     edits(("MAX_ELAPSED_MINUTES = 90\n", "MAX_ELAPSED_MINUTES = 120\n")), tokens=["90", "120"],
     note="half an hour is too generous - the reviewer only wants an extra quarter of an hour on the limit",
     after=edits(("MAX_ELAPSED_MINUTES = 90\n", "MAX_ELAPSED_MINUTES = 105\n")))
task("dinghy-sheet-top-default", D, "change_default",
     "printed results sheet should list the top 5 by default, not just the podium",
     edits(("def results_sheet(self, top=3):", "def results_sheet(self, top=5):")), tokens=["3", "5"])
task("dinghy-add-min-races-param", D, "add_parameter",
     "add a min_races=1 keyword to score_series at the end of its args, nothing else for now",
     edits(("def score_series(race_points, discards=None):", "def score_series(race_points, discards=None, min_races=1):")))
task("dinghy-remove-show-crew", D, "remove_parameter",
     "the function that formats one line of the results ignores its show_crew flag, so remove it (and the arg from whoever passes it)",
     edits(("def results_line(position, entry, seconds, show_crew=False):", "def results_line(position, entry, seconds):"),
           ("results_line(position, entry, seconds, show_crew=True)", "results_line(position, entry, seconds)")))
task("dinghy-docstring-corrected", D, "add_docstring",
     'Entry\'s method that returns its handicap time needs a docstring: """Handicap-corrected time for this boat, or None if it has not finished."""',
     edits(("    def corrected(self, total_laps):\n",
            '    def corrected(self, total_laps):\n        """Handicap-corrected time for this boat, or None if it has not finished."""\n')))
task("dinghy-hints-corrected-time", D, "add_type_hints",
     "type hints on corrected_time pls: the seconds and both lap counts are ints, boat_class is a str, and it returns an int",
     edits(("def corrected_time(elapsed_seconds, boat_class, laps=1, total_laps=1):",
            "def corrected_time(elapsed_seconds: int, boat_class: str, laps: int = 1, total_laps: int = 1) -> int:")))
task("dinghy-try-parse-elapsed", D, "wrap_try_except",
     "parse_elapsed gives a useless error on input without a colon. wrap the split line in try/except ValueError and re-raise "
     "ValueError(f\"bad elapsed time {text!r}, expected mm:ss\") from None",
     edits(('    minutes, seconds = text.strip().split(":")\n',
            '    try:\n        minutes, seconds = text.strip().split(":")\n    except ValueError:\n'
            '        raise ValueError(f"bad elapsed time {text!r}, expected mm:ss") from None\n')))

# ---------------------------------------------------------------- cat_cafe.py
C = "cat_cafe.py"
task("cafe-opening-hour-default", C, "change_default",
     "we open an hour earlier now, so shift the default opening hour on the Cafe constructor",
     edits(("def __init__(self, tables, cats, opens_at=10):", "def __init__(self, tables, cats, opens_at=9):")),
     tokens=["10", "9"])
task("cafe-add-keep-log-param", C, "add_parameter",
     "Cafe.close_out should accept keep_log=False as a new last parameter. no behaviour change yet",
     edits(("def close_out(self):", "def close_out(self, keep_log=False):")))
task("cafe-remove-mood-param", C, "remove_parameter",
     "the helper that chooses which cats go to a table has a mood argument that does nothing. drop it, and the mood=... where it's called",
     edits(('def pick_cats(cats, count=CATS_PER_TABLE, seed=None, mood="calm"):', "def pick_cats(cats, count=CATS_PER_TABLE, seed=None):"),
           ('pick_cats(self.cats, seed=seed, mood="playful")', "pick_cats(self.cats, seed=seed)")))
task("cafe-docstring-price", C, "add_docstring",
     'add this docstring to price_booking: """Price a booking from the cover charge, with child and member discounts."""',
     edits(("def price_booking(guests, children=0, minutes=SESSION_MINUTES, member=False):\n",
            'def price_booking(guests, children=0, minutes=SESSION_MINUTES, member=False):\n'
            '    """Price a booking from the cover charge, with child and member discounts."""\n')))
task("cafe-hints-session-end", C, "add_type_hints",
     "annotate the function that works out when a sitting finishes - start is a datetime, minutes an int, returns datetime",
     edits(("def session_end(start, minutes=SESSION_MINUTES):", "def session_end(start: datetime, minutes: int = SESSION_MINUTES) -> datetime:")))
task("cafe-try-seat", C, "wrap_try_except",
     "in Cafe.book, if table.seat raises ValueError we shouldnt crash: catch it as exc, do log.warning(\"could not seat %s: %s\", party, exc) and return None",
     edits(("        table.seat(party, guests, session_end(start, minutes))\n",
            "        try:\n            table.seat(party, guests, session_end(start, minutes))\n"
            "        except ValueError as exc:\n            log.warning(\"could not seat %s: %s\", party, exc)\n"
            "            return None\n")))
task("cafe-import-json", C, "add_import",
     "we're about to dump bookings to disk so import json up top (keep the imports alphabetical)",
     edits(("\nimport logging\n", "\nimport json\nimport logging\n")))
task("cafe-insert-booked-log", C, "insert_statement",
     "After a booking is appended in book(), log it: log.info(\"booked table %s for %s\", table.number, party)",
     edits(("        self.bookings.append((party, table.number, start, price))\n",
            "        self.bookings.append((party, table.number, start, price))\n"
            "        log.info(\"booked table %s for %s\", table.number, party)\n")))
task("cafe-delete-rotation-debug", C, "delete_statement",
     "the debug log inside the cat rotation loop is realy noisy, just delete that line",
     edits(('            log.debug("table %s now has %d cats", table.number, len(table.cats))\n', "")))

# ---------------------------------------------------------------- foundry_pours.py
F = "foundry_pours.py"
task("foundry-docstring-loads", F, "add_docstring",
     'the function that works out how many crucible melts we need could use a one-liner docstring: """Number of crucible loads needed to melt total_kg of bronze."""',
     edits(("def crucible_loads(total_kg, capacity=CRUCIBLE_CAPACITY_KG):\n",
            'def crucible_loads(total_kg, capacity=CRUCIBLE_CAPACITY_KG):\n'
            '    """Number of crucible loads needed to melt total_kg of bronze."""\n')))
task("foundry-hints-metal", F, "add_type_hints",
     "Add type annotations to metal_for_mould: volume and allowance are floats, it returns a float.",
     edits(("def metal_for_mould(volume_cm3, allowance=SPRUE_ALLOWANCE):",
            "def metal_for_mould(volume_cm3: float, allowance: float = SPRUE_ALLOWANCE) -> float:")))
task("foundry-try-shell-ready", F, "wrap_try_except",
     "shell_ready blows up when dipped_at is None. put the `waited = ...` line in a try, and on TypeError just return False",
     edits(("    waited = (now - dipped_at).total_seconds() / 3600\n",
            "    try:\n        waited = (now - dipped_at).total_seconds() / 3600\n"
            "    except TypeError:\n        return False\n")))
task("foundry-import-logging", F, "add_import",
     "gonna want logging in the foundry module, add `import logging` with the other imports, alphabetical",
     edits(("\nimport math\n", "\nimport logging\nimport math\n")))
task("foundry-insert-poured-at", F, "insert_statement",
     "Mould should track when it was poured too. In its __init__, right after the poured flag, set self.poured_at = None",
     edits(("        self.poured = False\n", "        self.poured = False\n        self.poured_at = None\n")))
task("foundry-delete-prune", F, "delete_statement",
     "in pour(), stop pruning the poured moulds out of the session's list, remove that line; we wnat them kept around",
     edits(("        self.moulds = [m for m in self.moulds if not m.poured]\n", "")))
task("foundry-rename-shell-check", F, "rename_function",
     "rename the function that checks whether a mould's shell has cured long enough to shell_cured",
     rename("shell_ready", "shell_cured", expect=2), tokens=["shell_ready", "shell_cured"])
task("foundry-rename-metal-method", F, "rename_method",
     "Mould.metal_needed → bronze_kg, and fix where its called",
     rename("metal_needed", "bronze_kg", expect=2), tokens=["metal_needed", "bronze_kg"])
task("foundry-rename-session-class", F, "rename_class",
     "the class representing one day's pour at the furnace should be CastingSession",
     rename("PourSession", "CastingSession", expect=1), tokens=["PourSession", "CastingSession"])

# ---------------------------------------------------------------- lantern_floats.py
L = "lantern_floats.py"
task("lantern-import-math", L, "add_import",
     "need math in the lantern floats module, add the import, slot it in alphabetically",
     edits(("\nimport random\n", "\nimport math\nimport random\n")))
task("lantern-insert-reset-failures", L, "insert_statement",
     "when a float gets lit, reset its failed_lanterns count to 0 frist - before lit_at is assigned",
     edits(("        self.lit_at = at or datetime.now()\n",
            "        self.failed_lanterns = 0\n        self.lit_at = at or datetime.now()\n")))
task("lantern-delete-rejected-append", L, "delete_statement",
     "Parade's registering method shouldnt keep a list of rejected names any more, delete the line that appends to it",
     edits(("            self.rejected.append(lantern_float.name)\n", "")))
task("lantern-rename-departures-fn", L, "rename_function",
     "rename the function which works out when each float sets off to float_departures",
     rename("departure_times", "float_departures", expect=2), tokens=["departure_times", "float_departures"])
task("lantern-rename-fits-route", L, "rename_method",
     "fits_route on Float -> fits_street",
     rename("fits_route", "fits_street", expect=2), tokens=["fits_route", "fits_street"])
task("lantern-rename-float-class", L, "rename_class",
     "the class that describes a single float needs a less generic name, make it ParadeFloat",
     rename("Float", "ParadeFloat", expect=1), tokens=["Float", "ParadeFloat"])
task("lantern-rename-glow-var", L, "rename_variable",
     "In judge_scores, glow is a vague name for that local, rename it lit_count.",
     rename("glow", "lit_count", expect=2), tokens=["glow", "lit_count"],
     note="lit_count sounds like a float count; the reviewer wants the local called working_lanterns",
     after=rename("glow", "working_lanterns", expect=2))
task("lantern-rename-gap-param", L, "rename_parameter",
     "departure_times: rename gap_minutes to spacing_min",
     rename("gap_minutes", "spacing_min", expect=2), tokens=["gap_minutes", "spacing_min"])
task("lantern-rename-burn-const", L, "rename_constant",
     "the constant for how long a candle lasts should be LANTERN_BURN_MINUTES since they're not all candles",
     rename("CANDLE_BURN_MINUTES", "LANTERN_BURN_MINUTES", expect=2),
     tokens=["CANDLE_BURN_MINUTES", "LANTERN_BURN_MINUTES"])
