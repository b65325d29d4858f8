"""Writes expected/*.py and tasks.toml for the eval63 held-out set from the edits listed below."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FISH, CASTLE, MILL, OWL, RADIO, WOOL = (
    "quayside_fish_auction", "castle_keep_tours", "windmill_milling_days",
    "owl_sanctuary_feeds", "community_radio_shows", "wool_shop_stock")


def W(old, new, n):
    return ("word", old, new, n)


def R(old, new, n=1):
    return ("rep", old, new, n)


def apply(text, edits):
    for kind, old, new, n in edits:
        if kind == "word":
            pat = r"\b" + re.escape(old) + r"\b"
            found = len(re.findall(pat, text))
            assert found == n, (old, found, n)
            text = re.sub(pat, new, text)
        else:
            found = text.count(old)
            assert found == n, (old, found, n)
            text = text.replace(old, new)
    return text


T = []


def task(mod, tid, kind, instruction, edits, tokens=None, keep=0, scope=None,
         note=None, after=None):
    T.append(dict(mod=mod, id=tid, kind=kind, instruction=instruction, edits=edits,
                  tokens=tokens, keep=keep, scope=scope, note=note, after=after))


# ---- quayside_fish_auction: kinds 0-8
task(FISH, "fish-rename-opening-price", "rename_function",
     "Rename the function opening_price to starting_price.",
     [W("opening_price", "starting_price", 2)], ["opening_price", "starting_price"],
     scope=["opening_price", "run_auction"])
task(FISH, "fish-rename-pass-lot", "rename_method",
     "Rename the AuctionBook method pass_lot to mark_unsold.",
     [W("pass_lot", "mark_unsold", 2)], ["pass_lot", "mark_unsold"],
     scope=["AuctionBook.pass_lot", "run_auction"])
task(FISH, "fish-rename-auction-book", "rename_class",
     "Rename the class AuctionBook to SaleLedger.",
     [W("AuctionBook", "SaleLedger", 2)], ["AuctionBook", "SaleLedger"],
     scope=["AuctionBook", "morning_run"],
     note="Name the class AuctionLedger instead of SaleLedger.",
     after=[W("AuctionBook", "AuctionLedger", 2)])
task(FISH, "fish-rename-total-in-summary", "rename_variable",
     "In AuctionBook.summary, rename the local variable total to gross_total.",
     [W("total", "gross_total", 2)], ["total", "gross_total"],
     scope=["AuctionBook.summary"])
task(FISH, "fish-rename-reserve-ratio", "rename_parameter",
     "Rename the reserve_ratio parameter of run_auction to reserve_fraction.",
     [W("reserve_ratio", "reserve_fraction", 2)], ["reserve_ratio", "reserve_fraction"],
     scope=["run_auction"])
task(FISH, "fish-rename-price-step", "rename_constant",
     "Rename the constant PRICE_STEP to CLOCK_STEP everywhere in the module.",
     [W("PRICE_STEP", "CLOCK_STEP", 2)], ["PRICE_STEP", "CLOCK_STEP"])
task(FISH, "fish-rename-takings-by-boat", "rename_attribute",
     "Rename the AuctionBook attribute takings_by_boat to boat_takings.",
     [W("takings_by_boat", "boat_takings", 3)], ["takings_by_boat", "boat_takings"],
     scope=["AuctionBook"])
task(FISH, "fish-grade-a-bonus", "change_literal",
     'In opening_price, change the "A" grade bonus from 0.2 to 0.25.',
     [R('{"A": 0.2,', '{"A": 0.25,')], ["0.2", "0.25"], scope=["opening_price"])
task(FISH, "fish-min-lot-weight", "change_constant",
     "Set MIN_LOT_WEIGHT_KG to 3.0.",
     [R("MIN_LOT_WEIGHT_KG = 5.0", "MIN_LOT_WEIGHT_KG = 3.0")], ["5.0", "3.0"])

# ---- castle_keep_tours: kinds 3-11
task(CASTLE, "castle-rename-chosen", "rename_variable",
     "Rename the local variable chosen in plan_day to picked.",
     [W("chosen", "picked", 3)], ["chosen", "picked"], scope=["plan_day"])
task(CASTLE, "castle-rename-interval-minutes", "rename_parameter",
     "Rename the interval_minutes parameter of slot_times to gap_minutes.",
     [W("interval_minutes", "gap_minutes", 2)], ["interval_minutes", "gap_minutes"],
     scope=["slot_times"])
task(CASTLE, "castle-rename-concession-discount", "rename_constant",
     "Rename CONCESSION_DISCOUNT to CONCESSION_RATE.",
     [W("CONCESSION_DISCOUNT", "CONCESSION_RATE", 2)],
     ["CONCESSION_DISCOUNT", "CONCESSION_RATE"])
task(CASTLE, "castle-rename-tours-led", "rename_attribute",
     "Rename the Guide attribute tours_led to tour_count.",
     [W("tours_led", "tour_count", 3)], ["tours_led", "tour_count"],
     scope=["Guide.__init__", "plan_day"])
task(CASTLE, "castle-no-guide-label", "change_literal",
     'In TourSlot.sheet_line, change the string "(no guide)" to "(unassigned)".',
     [R('"(no guide)"', '"(unassigned)"')], ['"(no guide)"', '"(unassigned)"'],
     scope=["TourSlot.sheet_line"])
task(CASTLE, "castle-max-group-size", "change_constant",
     "Change MAX_GROUP_SIZE from 18 to 20.",
     [R("MAX_GROUP_SIZE = 18", "MAX_GROUP_SIZE = 20")], ["18", "20"],
     note="Make MAX_GROUP_SIZE 22, not 20.",
     after=[R("MAX_GROUP_SIZE = 18", "MAX_GROUP_SIZE = 22")])
task(CASTLE, "castle-adult-price-default", "change_default",
     "Change the default of adult_price in ticket_price to 15.5.",
     [R("adult_price=14.0", "adult_price=15.5")], ["14.0", "15.5"], scope=["ticket_price"])
task(CASTLE, "castle-busiest-min-headcount", "add_parameter",
     "Add a parameter min_headcount with default 1 to busiest_routes.",
     [R("def busiest_routes(slots, top=2):", "def busiest_routes(slots, top=2, min_headcount=1):")],
     scope=["busiest_routes"])
task(CASTLE, "castle-drop-season", "remove_parameter",
     "Remove the unused season parameter from ticket_price.",
     [R(', season="summer"):\n    concession_price', "):\n    concession_price"),
      R("ticket_price(adults, concessions, season=season)", "ticket_price(adults, concessions)")],
     scope=["ticket_price", "TourSlot.quote"])

# ---- windmill_milling_days: kinds 6-14
task(MILL, "mill-rename-sacks-in", "rename_attribute",
     "Rename the MillingDay attribute sacks_in to sack_count.",
     [W("sacks_in", "sack_count", 5)], ["sacks_in", "sack_count"],
     scope=["MillingDay", "mill_day", "load_day"])
task(MILL, "mill-json-indent", "change_literal",
     "In MillingDay.save, pass indent=4 to json.dumps instead of indent=2.",
     [R("indent=2))", "indent=4))")], ["2", "4"], scope=["MillingDay.save"])
task(MILL, "mill-flour-yield", "change_constant",
     "Set FLOUR_YIELD to 0.8.",
     [R("FLOUR_YIELD = 0.78", "FLOUR_YIELD = 0.8")], ["0.78", "0.8"])
task(MILL, "mill-bag-kg-default", "change_default",
     "Make the default bag_kg in MillingDay.flour_bags 2.0.",
     [R("bag_kg=1.5", "bag_kg=2.0")], ["1.5", "2.0"], scope=["MillingDay.flour_bags"],
     note="The default bag_kg should be 1.0, not 2.0.",
     after=[R("bag_kg=1.5", "bag_kg=1.0")])
task(MILL, "mill-load-day-encoding", "add_parameter",
     'Add an encoding parameter with default "utf-8" to load_day.',
     [R("def load_day(path):", 'def load_day(path, encoding="utf-8"):')], scope=["load_day"])
task(MILL, "mill-drop-variety", "remove_parameter",
     "Remove the variety parameter from mill_day.",
     [R(', variety="wholemeal"):\n    grain_limit', "):\n    grain_limit"),
      R("mill_day(day, stone, variety=variety)", "mill_day(day, stone)")],
     scope=["mill_day", "run_and_save"])
task(MILL, "mill-doc-grind-rate", "add_docstring",
     'Give grind_rate the docstring "Return kilograms of grain ground per hour at the given wind speed."',
     [R("def grind_rate(wind_knots, base_rate=90.0):\n",
        'def grind_rate(wind_knots, base_rate=90.0):\n'
        '    """Return kilograms of grain ground per hour at the given wind speed."""\n')],
     scope=["grind_rate"])
task(MILL, "mill-hints-flour-bags", "add_type_hints",
     "Add type hints to MillingDay.flour_bags so it reads flour_bags(self, bag_kg: float = 1.5) -> int.",
     [R("def flour_bags(self, bag_kg=1.5):",
        "def flour_bags(self, bag_kg: float = 1.5) -> int:")],
     scope=["MillingDay.flour_bags"])
task(MILL, "mill-try-load-day", "wrap_try_except",
     'In load_day, wrap the json.loads line in try/except json.JSONDecodeError as exc and raise ValueError(f"corrupt mill log: {path}") from exc.',
     [R("    record = json.loads(Path(path).read_text())\n",
        "    try:\n"
        "        record = json.loads(Path(path).read_text())\n"
        "    except json.JSONDecodeError as exc:\n"
        '        raise ValueError(f"corrupt mill log: {path}") from exc\n')],
     scope=["load_day"])

# ---- owl_sanctuary_feeds: kinds 9-17
task(OWL, "owl-boost-default", "change_default",
     "Change the default boost in Owl.daily_ration from 1.15 to 1.2.",
     [R("boost=1.15", "boost=1.2")], ["1.15", "1.2"], scope=["Owl.daily_ration"])
task(OWL, "owl-feed-sheet-show-skipped", "add_parameter",
     "Add a show_skipped parameter to FeedLog.sheet, defaulting to True.",
     [R('def sheet(self, title="Evening feed"):',
        'def sheet(self, title="Evening feed", show_skipped=True):')],
     scope=["FeedLog.sheet"])
task(OWL, "owl-drop-weather", "remove_parameter",
     "Remove the weather parameter from feed_round.",
     [R(', weather="dry"):', "):"),
      R('flying_today, weather="dry")', "flying_today)")],
     scope=["feed_round", "evening_feed"])
task(OWL, "owl-doc-weight-alert", "add_docstring",
     'Add the docstring "Return True if the owl has dropped at least threshold of its previous weight." to Owl.weight_alert.',
     [R("    def weight_alert(self, previous_g, threshold=WEIGHT_DROP_ALERT):\n",
        "    def weight_alert(self, previous_g, threshold=WEIGHT_DROP_ALERT):\n"
        '        """Return True if the owl has dropped at least threshold of its previous weight."""\n')],
     scope=["Owl.weight_alert"])
task(OWL, "owl-hints-skip", "add_type_hints",
     "Add type hints to FeedLog.skip: owl: Owl, reason: str, returning None.",
     [R("def skip(self, owl, reason):", "def skip(self, owl: Owl, reason: str) -> None:")],
     scope=["FeedLog.skip"])
task(OWL, "owl-try-load-row", "wrap_try_except",
     "In load_owls, wrap the owls.append(...) call in a try whose except (KeyError, ValueError) block runs continue.",
     [R('            owls.append(Owl(row["name"], row["species"], float(row["weight_g"]), row["aviary"]))\n',
        "            try:\n"
        '                owls.append(Owl(row["name"], row["species"], float(row["weight_g"]), row["aviary"]))\n'
        "            except (KeyError, ValueError):\n"
        "                continue\n")],
     scope=["load_owls"])
task(OWL, "owl-import-path", "add_import",
     "Add `from pathlib import Path` to the imports.",
     [R("from datetime import date\n", "from datetime import date\nfrom pathlib import Path\n")],
     scope=["<imports>"])
task(OWL, "owl-feedlog-day", "insert_statement",
     "In FeedLog.__init__, add `self.day = date.today()` after `self.skipped = set()`.",
     [R("        self.skipped = set()\n", "        self.skipped = set()\n        self.day = date.today()\n")],
     scope=["FeedLog.__init__"])
task(OWL, "owl-sheet-drop-skipped-line", "delete_statement",
     'Delete the statement `lines.append(f"  skipped: {len(self.skipped)}")` from FeedLog.sheet.',
     [R('        lines.append(f"  skipped: {len(self.skipped)}")\n', "")],
     scope=["FeedLog.sheet"])

# ---- community_radio_shows: kinds 12-17, 0-2
task(RADIO, "radio-doc-talk-ratio", "add_docstring",
     'Add a one-line docstring to talk_ratio: "Return the share of the show\'s running time that is talk."',
     [R("def talk_ratio(show):\n",
        "def talk_ratio(show):\n"
        '    """Return the share of the show\'s running time that is talk."""\n')],
     scope=["talk_ratio"])
task(RADIO, "radio-hints-parse-slot", "add_type_hints",
     "Annotate parse_slot so it reads parse_slot(text: str) -> tuple[str, int].",
     [R("def parse_slot(text):", "def parse_slot(text: str) -> tuple[str, int]:")],
     scope=["parse_slot"])
task(RADIO, "radio-try-parse-slot", "wrap_try_except",
     "In build_grid, wrap `day, hour = parse_slot(slot)` in try/except ValueError that appends title to refused and continues.",
     [R("        day, hour = parse_slot(slot)\n",
        "        try:\n"
        "            day, hour = parse_slot(slot)\n"
        "        except ValueError:\n"
        "            refused.append(title)\n"
        "            continue\n")],
     scope=["build_grid"])
task(RADIO, "radio-import-shorten", "add_import",
     "Import shorten from textwrap at the top of the module.",
     [R("from datetime import datetime, timedelta\n",
        "from datetime import datetime, timedelta\nfrom textwrap import shorten\n")],
     scope=["<imports>"])
task(RADIO, "radio-sort-booked", "insert_statement",
     "In Presenter.take_slot, add `self.booked.sort(key=DAYS.index)` after the append.",
     [R("        self.booked.append(day)\n",
        "        self.booked.append(day)\n        self.booked.sort(key=DAYS.index)\n")],
     scope=["Presenter.take_slot"])
task(RADIO, "radio-drop-genre-assignment", "delete_statement",
     "Delete `self.genre = genre` from Show.__init__.",
     [R("        self.genre = genre\n", "")], scope=["Show.__init__"])
task(RADIO, "radio-rename-talk-ratio", "rename_function",
     "Rename talk_ratio to talk_share.",
     [W("talk_ratio", "talk_share", 2)], ["talk_ratio", "talk_share"],
     scope=["talk_ratio", "compliance_report"])
task(RADIO, "radio-rename-is-available", "rename_method",
     "Rename the Presenter method is_available to has_room_on.",
     [W("is_available", "has_room_on", 2)], ["is_available", "has_room_on"],
     scope=["Presenter.is_available", "build_grid"])
task(RADIO, "radio-rename-show", "rename_class",
     "Rename the class Show to RadioShow.",
     [W("Show", "RadioShow", 2)], ["Show", "RadioShow"], scope=["Show", "build_grid"])

# ---- wool_shop_stock: kinds 15-17, 0-5
task(WOOL, "wool-import-attrgetter", "add_import",
     "Add the import `from operator import attrgetter`.",
     [R("from collections import Counter\n",
        "from collections import Counter\nfrom operator import attrgetter\n")],
     scope=["<imports>"])
task(WOOL, "wool-undiscontinue-on-receive", "insert_statement",
     'In StockShelf.receive, add `yarn["tags"].discard(DISCONTINUED_TAG)` after `self.last_delivery = dye_lot`.',
     [R("        self.last_delivery = dye_lot\n",
        '        self.last_delivery = dye_lot\n        yarn["tags"].discard(DISCONTINUED_TAG)\n')],
     scope=["StockShelf.receive"])
task(WOOL, "wool-drop-last-delivery", "delete_statement",
     "Remove the line `self.last_delivery = dye_lot` from StockShelf.receive.",
     [R("        self.last_delivery = dye_lot\n", "")], scope=["StockShelf.receive"])
task(WOOL, "wool-rename-packs-needed", "rename_function",
     "Rename the function packs_needed to packs_to_order.",
     [W("packs_needed", "packs_to_order", 2)], ["packs_needed", "packs_to_order"],
     scope=["packs_needed", "build_reorder"],
     note="Call the function reorder_packs rather than packs_to_order.",
     after=[W("packs_needed", "reorder_packs", 2)])
task(WOOL, "wool-rename-on-hand", "rename_method",
     "Rename the StockShelf method on_hand to skeins_on_hand.",
     [R("def on_hand(self", "def skeins_on_hand(self"),
      R("self.on_hand(code)", "self.skeins_on_hand(code)"),
      R("shelf.on_hand(code)", "shelf.skeins_on_hand(code)")],
     ["on_hand", "skeins_on_hand"], keep=2,
     scope=["StockShelf.on_hand", "StockShelf.stocktake", "build_reorder"])
task(WOOL, "wool-rename-reorder-list", "rename_class",
     "Rename the class ReorderList to PurchaseOrder.",
     [W("ReorderList", "PurchaseOrder", 2)], ["ReorderList", "PurchaseOrder"],
     scope=["ReorderList", "build_reorder"])
task(WOOL, "wool-rename-discrepancies", "rename_variable",
     "In StockShelf.stocktake, rename the variable discrepancies to differences.",
     [W("discrepancies", "differences", 3)], ["discrepancies", "differences"],
     scope=["StockShelf.stocktake"])
task(WOOL, "wool-rename-markup-param", "rename_parameter",
     "Rename the markup parameter of retail_price to multiplier.",
     [R("def retail_price(yarn, markup=", "def retail_price(yarn, multiplier="),
      R('yarn["cost_price"] * markup', 'yarn["cost_price"] * multiplier'),
      R("retail_price(yarn, markup=markup)", "retail_price(yarn, multiplier=markup)")],
     ["markup", "multiplier"], keep=2, scope=["retail_price", "price_list"])
task(WOOL, "wool-rename-skeins-per-pack", "rename_constant",
     "Rename SKEINS_PER_PACK to SKEINS_PER_BAG.",
     [W("SKEINS_PER_PACK", "SKEINS_PER_BAG", 2)], ["SKEINS_PER_PACK", "SKEINS_PER_BAG"])


def q(s):
    if "'" in s or "\n" in s:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "'" + s + "'"


def main():
    out = ["# eval63: held-out edit tasks written by a helper session (see README.md)\n"]
    for t in T:
        src = (ROOT / "modules" / f"{t['mod']}.py").read_text()
        new = apply(src, t["edits"])
        assert new != src
        (ROOT / "expected" / f"{t['id']}.py").write_text(new)
        lines = ["[[task]]", f"id = {q(t['id'])}", f"kind = {q(t['kind'])}",
                 'phrasing = "heldout"', f"source = {q('modules/' + t['mod'] + '.py')}",
                 f"instruction = {q(t['instruction'])}",
                 f"expected = {q('expected/' + t['id'] + '.py')}"]
        if t["tokens"]:
            lines.append(f"tokens = [{q(t['tokens'][0])}, {q(t['tokens'][1])}]")
            lines.append(f"keep = {t['keep']}")
        if t["scope"]:
            lines.append("scope = [" + ", ".join(q(s) for s in t["scope"]) + "]")
        if t["note"]:
            after = apply(src, t["after"])
            name = f"expected/{t['id']}.after-note.py"
            (ROOT / name).write_text(after)
            lines.append(f"note = {q(t['note'])}")
            lines.append(f"after_note = {q(name)}")
        out.append("\n".join(lines) + "\n")
    (ROOT / "tasks.toml").write_text("\n".join(out))
    print(len(T), "tasks")


if __name__ == "__main__":
    main()
