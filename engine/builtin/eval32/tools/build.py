"""Build expected files and tasks.toml for the held-out set (helper script, eval32)."""
import io
import json
import re
import tokenize
from pathlib import Path

ROOT = Path("/tmp/fresh/eval32")
MOD = ROOT / "modules"


def rep(s, old, new, count=1):
    assert s.count(old) == count, (old, s.count(old))
    return s.replace(old, new)


def rename(s, old, new, count, skip_lines=(), pattern=None):
    """Replace whole-word `old` outside the lines containing any of skip_lines."""
    out = []
    n = 0
    rx = re.compile(pattern or r"\b%s\b" % re.escape(old))
    for line in s.splitlines(keepends=True):
        if any(marker in line for marker in skip_lines):
            out.append(line)
            continue
        line, k = rx.subn(new, line)
        n += k
        out.append(line)
    assert n == count, (old, n, count)
    return "".join(out)


def sig_tokens(src):
    toks = []
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING, tokenize.OP):
            toks.append(t.string)
    return toks


TASKS = []


def task(id, kind, module, instruction, edit, tokens=None, keep=None, scope=None, note=None, after=None):
    src = (MOD / module).read_text()
    out = edit(src)
    assert out != src
    exp = f"expected/{id}.py"
    (ROOT / exp).write_text(out)
    t = dict(id=id, kind=kind, phrasing="heldout", source=f"modules/{module}",
             instruction=instruction, expected=exp)
    if tokens:
        a, b = sig_tokens(src), sig_tokens(out)
        assert len(a) == len(b), id
        diffs = [(x, y) for x, y in zip(a, b) if x != y]
        assert diffs and all(d == tuple(tokens) for d in diffs), (id, set(diffs))
        kept = sum(1 for x, y in zip(a, b) if x == y == tokens[0])
        if keep is not None:
            assert kept == keep, (id, kept)
        t["tokens"] = list(tokens)
        if kept:
            t["keep"] = kept
    if scope:
        t["scope"] = scope
    if note:
        an = f"expected/{id}.after-note.py"
        (ROOT / an).write_text(after(src))
        t["note"] = note
        t["after_note"] = an
    TASKS.append(t)


# ---------------------------------------------------------------- beehive_inspections.py
M = "beehive_inspections.py"
task("bee-rename-summarise-hive", "rename_function", M,
     "Rename the function `summarise_hive` to `hive_report`.",
     lambda s: rename(s, "summarise_hive", "hive_report", 2),
     tokens=["summarise_hive", "hive_report"], scope=["summarise_hive", "hives_needing_attention"],
     note="Call it `hive_digest` rather than `hive_report`.",
     after=lambda s: rename(s, "summarise_hive", "hive_digest", 2))
task("bee-rename-next-visit", "rename_method", M,
     "Rename the method `Hive.next_visit` to `due_date`.",
     lambda s: rename(s, "next_visit", "due_date", 2, pattern=r'(?<!")\bnext_visit\b(?!")'),
     tokens=["next_visit", "due_date"], scope=["Hive.next_visit", "summarise_hive"])
task("bee-rename-inspection-class", "rename_class", M,
     "Rename the class `Inspection` to `HiveInspection`.",
     lambda s: rename(s, "Inspection", "HiveInspection", 3, skip_lines=('"""Inspection log',)),
     tokens=["Inspection", "HiveInspection"], scope=["Inspection", "Hive.record", "parse_visit"])
task("bee-rename-history", "rename_variable", M,
     "In `summarise_hive`, rename the local variable `history` to `window`.",
     lambda s: rename(s, "history", "window", 6),
     tokens=["history", "window"], scope=["summarise_hive"])
task("bee-rename-weeks-since-split", "rename_parameter", M,
     "Rename the parameter `weeks_since_split` of `swarm_risk` to `split_age_weeks`.",
     lambda s: rep(rep(rep(s,
         "def swarm_risk(inspection, weeks_since_split=10):", "def swarm_risk(inspection, split_age_weeks=10):"),
         "    if weeks_since_split < 4:", "    if split_age_weeks < 4:"),
         "swarm_risk(visit, weeks_since_split=weeks_since_split)", "swarm_risk(visit, split_age_weeks=weeks_since_split)"),
     tokens=["weeks_since_split", "split_age_weeks"], keep=2, scope=["swarm_risk", "summarise_hive"])
task("bee-rename-swarm-cell-limit", "rename_constant", M,
     "Rename the constant `SWARM_CELL_LIMIT` to `QUEEN_CELL_ALARM`.",
     lambda s: rename(s, "SWARM_CELL_LIMIT", "QUEEN_CELL_ALARM", 2),
     tokens=["SWARM_CELL_LIMIT", "QUEEN_CELL_ALARM"])
task("bee-rename-supers-added", "rename_attribute", M,
     "Rename the attribute `supers_added` of `Hive` to `supers_fitted`.",
     lambda s: rename(s, "supers_added", "supers_fitted", 3),
     tokens=["supers_added", "supers_fitted"], scope=["Hive", "summarise_hive"])
task("bee-change-split-weeks-literal", "change_literal", M,
     "In `swarm_risk`, change the `4` in `weeks_since_split < 4` to `6`.",
     lambda s: rep(s, "    if weeks_since_split < 4:", "    if weeks_since_split < 6:"),
     tokens=["4", "6"], scope=["swarm_risk"])
task("bee-change-inspection-interval", "change_constant", M,
     "Set `INSPECTION_INTERVAL_DAYS` to 9.",
     lambda s: rep(s, "INSPECTION_INTERVAL_DAYS = 7\n", "INSPECTION_INTERVAL_DAYS = 9\n"),
     tokens=["7", "9"])

# ---------------------------------------------------------------- allotment_waitlist.py
M = "allotment_waitlist.py"
task("allot-rename-waited-days", "rename_variable", M,
     "Rename the variable `waited_days` in `queue_order` to `days_waiting`.",
     lambda s: rename(s, "waited_days", "days_waiting", 2),
     tokens=["waited_days", "days_waiting"], scope=["queue_order"])
task("allot-rename-local-first", "rename_parameter", M,
     "Rename the `local_first` parameter of `queue_order` to `prefer_local`.",
     lambda s: rename(s, "local_first", "prefer_local", 2),
     tokens=["local_first", "prefer_local"], scope=["queue_order"])
task("allot-rename-postcode-priority", "rename_constant", M,
     "Rename `POSTCODE_PRIORITY` to `PRIORITY_DISTRICTS`.",
     lambda s: rename(s, "POSTCODE_PRIORITY", "PRIORITY_DISTRICTS", 2),
     tokens=["POSTCODE_PRIORITY", "PRIORITY_DISTRICTS"])
task("allot-rename-postcode-attribute", "rename_attribute", M,
     "Rename the attribute `Applicant.postcode` to `home_postcode`.",
     lambda s: rename(s, "self.postcode", "self.home_postcode", 2, pattern=r"\bself\.postcode\b"),
     tokens=["postcode", "home_postcode"], keep=2, scope=["Applicant"])
task("allot-change-round-label", "change_literal", M,
     'In `run_allocation_day`, change the string `"spring round"` to `"autumn round"`.',
     lambda s: rep(s, '"spring round"', '"autumn round"'),
     tokens=['"spring round"', '"autumn round"'], scope=["run_allocation_day"])
task("allot-change-half-plot-rent", "change_constant", M,
     "Change `HALF_PLOT_RENT` to 38.00.",
     lambda s: rep(s, "HALF_PLOT_RENT = 36.50\n", "HALF_PLOT_RENT = 38.00\n"),
     tokens=["36.50", "38.00"],
     note="The committee agreed 37.25 for a half plot, not 38.00.",
     after=lambda s: rep(s, "HALF_PLOT_RENT = 36.50\n", "HALF_PLOT_RENT = 37.25\n"))
task("allot-change-water-charge", "change_default", M,
     "Set the default of `water_charge` in `Plot.annual_rent` to 9.5.",
     lambda s: rep(s, "water_charge=8.0)", "water_charge=9.5)"),
     tokens=["8.0", "9.5"], scope=["Plot.annual_rent"])
task("allot-add-skip-blank", "add_parameter", M,
     "Add a `skip_blank=True` parameter to `load_applicants`.",
     lambda s: rep(s, 'def load_applicants(text, delimiter=","):', 'def load_applicants(text, delimiter=",", skip_blank=True):'),
     scope=["load_applicants"])
task("allot-remove-committee-note", "remove_parameter", M,
     "Remove the unused `committee_note` parameter from `allocate`.",
     lambda s: rep(rep(s, 'def allocate(plots, applicants, today, committee_note=""):', "def allocate(plots, applicants, today):"),
                   'allocate(plots, applicants, today, committee_note="spring round")', "allocate(plots, applicants, today)"),
     scope=["allocate", "run_allocation_day"])

# ---------------------------------------------------------------- pub_quiz.py
M = "pub_quiz.py"
task("quiz-rename-joker-round", "rename_attribute", M,
     "Rename the `joker_round` attribute of `Team` to `joker_played_on`.",
     lambda s: rename(s, "joker_round", "joker_played_on", 4),
     tokens=["joker_round", "joker_played_on"], scope=["Team"])
task("quiz-change-table-limit", "change_literal", M,
     "In `QuizNight.register`, change `20` to `24`.",
     lambda s: rep(s, "if len(self.teams) >= 20:", "if len(self.teams) >= 24:"),
     tokens=["20", "24"], scope=["QuizNight.register"])
task("quiz-change-joker-multiplier", "change_constant", M,
     "Change `JOKER_MULTIPLIER` from 2 to 3.",
     lambda s: rep(s, "JOKER_MULTIPLIER = 2\n", "JOKER_MULTIPLIER = 3\n"),
     tokens=["2", "3"])
task("quiz-change-entry-fee", "change_default", M,
     "Change the default `entry_fee` of `QuizNight.__init__` to 2.5.",
     lambda s: rep(s, "entry_fee=2.0)", "entry_fee=2.5)"),
     tokens=["2.0", "2.5"], scope=["QuizNight.__init__"],
     note="Make the default entry fee 3.0, not 2.5.",
     after=lambda s: rep(s, "entry_fee=2.0)", "entry_fee=3.0)"))
task("quiz-add-currency", "add_parameter", M,
     'Add a parameter `currency="GBP"` to `QuizNight.prize_split`.',
     lambda s: rep(s, "def prize_split(self, winner, tab=PRIZE_TAB):", 'def prize_split(self, winner, tab=PRIZE_TAB, currency="GBP"):'),
     scope=["QuizNight.prize_split"])
task("quiz-remove-show-tables", "remove_parameter", M,
     "Remove the `show_tables` parameter from `leaderboard`.",
     lambda s: rep(rep(s, "def leaderboard(night, tie_target=None, tie_guesses=None, show_tables=True):",
                       "def leaderboard(night, tie_target=None, tie_guesses=None):"),
                   "leaderboard(night, tie_target, tie_guesses, show_tables=False)", "leaderboard(night, tie_target, tie_guesses)"),
     scope=["leaderboard", "announce"])
task("quiz-docstring-tie-break", "add_docstring", M,
     'Add the docstring "Order tied teams by how close their guess was to the target." to `QuizNight.tie_break`.',
     lambda s: rep(s, "    def tie_break(self, teams, target, guesses):\n",
                   '    def tie_break(self, teams, target, guesses):\n        """Order tied teams by how close their guess was to the target."""\n'),
     scope=["QuizNight.tie_break"])
task("quiz-hints-mark-answer", "add_type_hints", M,
     "Annotate `mark_answer` as `(given: str, accepted: list[str], partial: list[str] | None = None) -> int`.",
     lambda s: rep(s, "def mark_answer(given, accepted, partial=None):",
                   "def mark_answer(given: str, accepted: list[str], partial: list[str] | None = None) -> int:"),
     scope=["mark_answer"])
task("quiz-wrap-score-sheet", "wrap_try_except", M,
     'In `QuizNight.score_sheet`, wrap `team = self.teams[sheet["team"]]` in a try/except KeyError that returns 0.',
     lambda s: rep(s, '        team = self.teams[sheet["team"]]\n',
                   '        try:\n            team = self.teams[sheet["team"]]\n        except KeyError:\n            return 0\n'),
     scope=["QuizNight.score_sheet"])

# ---------------------------------------------------------------- lost_property.py
M = "lost_property.py"
task("lost-change-waive-under", "change_default", M,
     "Change the default of `waive_under` in `claim_fee` to 10.0.",
     lambda s: rep(s, "def claim_fee(item, waive_under=5.0):", "def claim_fee(item, waive_under=10.0):"),
     tokens=["5.0", "10.0"], scope=["claim_fee"])
task("lost-add-search-limit", "add_parameter", M,
     "Add a `limit=None` parameter to `Office.search`.",
     lambda s: rep(s, "def search(self, words, category=None):", "def search(self, words, category=None, limit=None):"),
     scope=["Office.search"])
task("lost-remove-dry-run", "remove_parameter", M,
     "Remove the `dry_run` parameter from `clear_expired`.",
     lambda s: rep(rep(s, "def clear_expired(office, now=None, dry_run=False):", "def clear_expired(office, now=None):"),
                   "clear_expired(office, now, dry_run=False)", "clear_expired(office, now)"),
     scope=["clear_expired", "nightly_close"])
task("lost-docstring-expires", "add_docstring", M,
     'Give `FoundItem.expires` the docstring "Return the moment after which the item is no longer held."',
     lambda s: rep(s, "    def expires(self):\n",
                   '    def expires(self):\n        """Return the moment after which the item is no longer held."""\n'),
     scope=["FoundItem.expires"])
task("lost-hints-claim-fee", "add_type_hints", M,
     "Add type hints to `claim_fee`: `item: FoundItem`, `waive_under: float`, returning `float`.",
     lambda s: rep(s, "def claim_fee(item, waive_under=5.0):", "def claim_fee(item: FoundItem, waive_under: float = 5.0) -> float:"),
     scope=["claim_fee"])
task("lost-wrap-export-write", "wrap_try_except", M,
     "In `export_register`, wrap the `with open(...)` block in a try/except OSError that returns 0.",
     lambda s: rep(s, '    with open(path, "w", encoding="utf-8") as handle:\n        json.dump(rows, handle, indent=indent)\n',
                   '    try:\n        with open(path, "w", encoding="utf-8") as handle:\n            json.dump(rows, handle, indent=indent)\n'
                   '    except OSError:\n        return 0\n'),
     scope=["export_register"])
task("lost-add-import-logging", "add_import", M,
     "Add `import logging` to the imports.",
     lambda s: rep(s, "import json\n", "import json\nimport logging\n"),
     scope=["<imports>"])
task("lost-insert-claimed-at", "insert_statement", M,
     "In `FoundItem.claim`, add `self.claimed_at = datetime.now()` right after `self.claimant = name`.",
     lambda s: rep(s, "        self.claimant = name\n", "        self.claimant = name\n        self.claimed_at = datetime.now()\n"),
     scope=["FoundItem.claim"])
task("lost-delete-clearing-print", "delete_statement", M,
     'Delete the `print(f"clearing {item.ref}")` line from `clear_expired`.',
     lambda s: rep(s, '        print(f"clearing {item.ref}")\n', ""),
     scope=["clear_expired"])

# ---------------------------------------------------------------- sourdough_starter.py
M = "sourdough_starter.py"
task("dough-docstring-temperature-adjustment", "add_docstring", M,
     'Add a one-line docstring to `temperature_adjustment`: "Scale fermentation time for the jar temperature with a Q10 rule."',
     lambda s: rep(s, "def temperature_adjustment(temperature_c, reference=IDEAL_TEMP_C):\n",
                   'def temperature_adjustment(temperature_c, reference=IDEAL_TEMP_C):\n    """Scale fermentation time for the jar temperature with a Q10 rule."""\n'),
     scope=["temperature_adjustment"])
task("dough-hints-ready-at", "add_type_hints", M,
     "Add type hints to `ready_at`: `starter: Starter`, `margin_minutes: int`, and return type `datetime | None`.",
     lambda s: rep(s, "def ready_at(starter, margin_minutes=30):",
                   "def ready_at(starter: Starter, margin_minutes: int = 30) -> datetime | None:"),
     scope=["ready_at"])
task("dough-wrap-parse-split", "wrap_try_except", M,
     'In `parse_log_line`, wrap `stamp, grams, ratio_text, temp = line.split(";")` in a try/except ValueError that returns None.',
     lambda s: rep(s, '    stamp, grams, ratio_text, temp = line.split(";")\n',
                   '    try:\n        stamp, grams, ratio_text, temp = line.split(";")\n    except ValueError:\n        return None\n'),
     scope=["parse_log_line"])
task("dough-add-import-mean", "add_import", M,
     "Add `from statistics import mean` to the imports.",
     lambda s: rep(s, "from datetime import datetime, timedelta\n", "from datetime import datetime, timedelta\nfrom statistics import mean\n"),
     scope=["<imports>"])
task("dough-insert-cap-hours", "insert_statement", M,
     "In `ready_at`, insert `hours = min(hours, 24.0)` after `hours = hours_to_peak(last)`.",
     lambda s: rep(s, "    hours = hours_to_peak(last)\n", "    hours = hours_to_peak(last)\n    hours = min(hours, 24.0)\n"),
     scope=["ready_at"])
task("dough-delete-rise-reset", "delete_statement", M,
     "Delete the statement `entry.rise_factor = 1.0` from `Starter.feed`.",
     lambda s: rep(s, "        entry.rise_factor = 1.0\n", ""),
     scope=["Starter.feed"])
task("dough-rename-hours-to-peak", "rename_function", M,
     "Rename `hours_to_peak` to `peak_eta_hours`.",
     lambda s: rename(s, "hours_to_peak", "peak_eta_hours", 2),
     tokens=["hours_to_peak", "peak_eta_hours"], scope=["hours_to_peak", "ready_at"])
task("dough-rename-last-feeding", "rename_method", M,
     "Rename the `Starter.last_feeding` method to `latest_feeding`.",
     lambda s: rename(s, "last_feeding", "latest_feeding", 3),
     tokens=["last_feeding", "latest_feeding"], scope=["Starter", "ready_at"],
     note="Name the method `most_recent_feeding` instead.",
     after=lambda s: rename(s, "last_feeding", "most_recent_feeding", 3))
task("dough-rename-feeding-class", "rename_class", M,
     "Rename the class `Feeding` to `FeedingRecord`.",
     lambda s: rename(s, "Feeding", "FeedingRecord", 2, skip_lines=('"""Feeding log',)),
     tokens=["Feeding", "FeedingRecord"], scope=["Feeding", "Starter.feed"])

# ---------------------------------------------------------------- laundrette.py
M = "laundrette.py"
task("laund-add-import-decimal", "add_import", M,
     "Add `from decimal import Decimal` to the imports.",
     lambda s: rep(s, "from datetime import datetime, timedelta\n", "from datetime import datetime, timedelta\nfrom decimal import Decimal\n"),
     scope=["<imports>"])
task("laund-insert-clear-busy", "insert_statement", M,
     "In `Laundrette.report_fault`, add `machine.busy_until = None` directly after `machine.out_of_order = True`.",
     lambda s: rep(s, "                machine.out_of_order = True\n",
                   "                machine.out_of_order = True\n                machine.busy_until = None\n"),
     scope=["Laundrette.report_fault"])
task("laund-delete-broken-sort", "delete_statement", M,
     "Remove the `broken.sort()` line from `daily_summary`.",
     lambda s: rep(s, "    broken.sort()\n", ""),
     scope=["daily_summary"])
task("laund-rename-dry-price", "rename_function", M,
     "Rename the function `dry_price` to `dryer_charge`.",
     lambda s: rename(s, "dry_price", "dryer_charge", 2),
     tokens=["dry_price", "dryer_charge"], scope=["dry_price", "Laundrette.book_dry"])
task("laund-rename-free-machines", "rename_method", M,
     "Rename the method `Laundrette.free_machines` to `available_machines`.",
     lambda s: rename(s, "free_machines", "available_machines", 3),
     tokens=["free_machines", "available_machines"], scope=["Laundrette"])
task("laund-rename-machine-class", "rename_class", M,
     "Rename class `Machine` to `Appliance`.",
     lambda s: rename(s, "Machine", "Appliance", 3, skip_lines=('"""Machine bookings',)),
     tokens=["Machine", "Appliance"], scope=["Machine", "build_shop"])
task("laund-rename-takings-total", "rename_variable", M,
     "In `daily_summary`, rename `takings_total` to `pence_taken`.",
     lambda s: rename(s, "takings_total", "pence_taken", 2),
     tokens=["takings_total", "pence_taken"], scope=["daily_summary"])
task("laund-rename-min-capacity", "rename_parameter", M,
     "Rename the parameter `min_capacity` of `Laundrette.free_machines` to `min_load_kg`.",
     lambda s: rename(s, "min_capacity", "min_load_kg", 3),
     tokens=["min_capacity", "min_load_kg"], scope=["Laundrette.free_machines", "Laundrette.book_wash"])
task("laund-rename-dry-price-constant", "rename_constant", M,
     "Rename the constant `DRY_PRICE_PER_10_MIN` to `DRYER_PENCE_PER_SLOT`.",
     lambda s: rename(s, "DRY_PRICE_PER_10_MIN", "DRYER_PENCE_PER_SLOT", 2),
     tokens=["DRY_PRICE_PER_10_MIN", "DRYER_PENCE_PER_SLOT"])


def toml_str(v):
    return json.dumps(v, ensure_ascii=False)


lines = ["# Held-out edit tasks, eval32 (written by a helper session). Plain wording.", ""]
for t in TASKS:
    lines.append("[[task]]")
    for k, v in t.items():
        lines.append(f"{k} = {toml_str(v)}")
    lines.append("")
(ROOT / "tasks.toml").write_text("\n".join(lines))

from collections import Counter
print(len(TASKS), Counter(t["kind"] for t in TASKS))
per_mod = {}
for t in TASKS:
    per_mod.setdefault(t["source"], []).append(t["kind"])
for m, ks in per_mod.items():
    print(m, len(ks), len(set(ks)))
print("redraft", sum("note" in t for t in TASKS))
