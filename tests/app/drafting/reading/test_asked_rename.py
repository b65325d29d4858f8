"""asked_rename: the rename an instruction asks, read from its words and made by Python's scopes;
finish_rename: that rename made where the builtin pair's answer left it undone."""

import pytest

from specdraft.engine.editprompt import asked_rename, finish_rename
from tests.engine.tasksets import check_reader

MODULE = '''"""Routes: parse_route("/a") splits a path."""

MAX_PARTS = 8


class RouteError(Exception):
    pass


class Router:
    def __init__(self, pattern, strict=True):
        self.pattern = pattern
        self.strict = strict
        self.routes = []

    def add_route(self, pattern, handler):
        parts = parse_route(pattern)
        self.routes.append((parts, handler))
        return parts

    def route(self, pattern):
        def register(handler):
            return self.add_route(pattern, handler)
        return register

    def delete(self, pattern):
        self.routes = [r for r in self.routes if r[0] != parse_route(pattern)]


def parse_route(path, limit=MAX_PARTS):
    # parse_route splits on "/"
    parts = [part for part in path.split("/") if part]
    if len(parts) > limit:
        raise RouteError(f"more than {limit} parts")
    return parts


def summarize(router):
    parts = 0
    for found, _ in router.routes:
        parts += len(found)
    router.delete("/old")
    return parse_route("/x", limit=2), parts
'''


def renamed(instruction: str) -> str | None:
    rename = asked_rename(instruction, MODULE)
    return None if rename is None else "".join(rename.apply(MODULE.splitlines(keepends=True)))


@pytest.mark.parametrize("instruction", [
    "rename parse_route to split_route everywhere",
    "parse_route() -> split_route()",
    "`parse_route` is a misleading name, call it `split_route` (callers too)",
    "please use the name split_route instead of parse_route",
    "can you change the name of the parse_route function to split_route",
    "parse_route should be called split_route",
])  # fmt: skip
def test_a_function_rename_goes_to_its_definition_and_calls_and_not_to_strings_or_comments(instruction):
    text = renamed(instruction)
    assert text is not None and text.count("split_route(") == 4  # the def and three calls
    assert 'parse_route("/a")' in text and "# parse_route splits" in text  # the docstring and the comment stay


def test_a_parameter_rename_stays_in_the_function_named_and_leaves_an_attribute_so_named():
    """Three `pattern`s: Router's attribute and __init__'s parameter, add_route's, route's."""
    text = renamed("in Router.add_route I'd like the pattern argument to be named path_template")
    assert "def add_route(self, path_template, handler):\n        parts = parse_route(path_template)" in text
    assert "def route(self, pattern):" in text and "self.add_route(pattern, handler)" in text
    assert "self.pattern = pattern" in text


def test_the_role_beside_the_name_chooses_the_binding():
    """"the Router attribute `pattern`": the attribute, not __init__'s parameter (the instruction
    says "parameter" too, beside another word)."""
    text = renamed("rename the Router attribute `pattern` to `template` (keep the __init__ parameter as it is)")
    assert "self.template = pattern" in text and "def __init__(self, pattern, strict=True):" in text
    assert "def add_route(self, pattern, handler):" in text


def test_a_local_in_a_named_function_and_a_scope_word():
    text = renamed("rename the local variable parts in summarize to total_parts")
    assert "    total_parts = 0\n" in text and "total_parts += len(found)" in text and "return parse_route(\"/x\", limit=2), total_parts" in text
    assert "parts = [part for part in" in text and "parts = parse_route(pattern)" in text  # other functions' locals stay


def test_an_instruction_word_named_with_its_role_and_a_plain_new_name():
    """"the delete method" names `delete`; "to remove", ending the clause, gives the new name."""
    text = renamed("rename the delete method to remove")
    assert "    def remove(self, pattern):" in text and 'router.remove("/old")' in text


@pytest.mark.parametrize("instruction, old, new", [
    ("Rename the MAX_PARTS constant to PART_LIMIT throughout the module.", "MAX_PARTS", "PART_LIMIT"),
    ("let's name the exception BadRoute instead of RouteError", "RouteError", "BadRoute"),
    ("can you rename class `Router` to `PathRouter`? it clashes with the ORM's Router", "Router", "PathRouter"),
    ("parse_route's `limit` argument is really a cap; call it max_parts", "limit", "max_parts"),
])  # fmt: skip
def test_which_name_is_old_and_which_new(instruction, old, new):
    rename = asked_rename(instruction, MODULE)
    assert rename is not None and (rename.old, rename.new) == (old, new)


@pytest.mark.parametrize("instruction", [
    "add a `verbose` keyword parameter to parse_route",  # a name the file lacks, to add
    "change the default of limit in parse_route to 16",
    "replace '/' with '|' in parse_route",  # a literal
    "parts = path.split('/') -> then parts_seen = len(parts)",  # a statement to write
    "annotate `path` as `str` instead of `bytes` in parse_route",  # a type
    "Router.strict should be True by default",
    "make summarize return a tuple",
    "rename parse_route",  # no new name
    "rename parse_route to split_route or tokens_of",  # two new names, neither after "to" alone... the first is
])  # fmt: skip
def test_an_instruction_that_asks_no_rename_reads_as_none(instruction):
    rename = asked_rename(instruction, MODULE)
    assert rename is None or instruction.startswith("rename parse_route to split_route") and rename.new == "split_route"


def test_no_rename_where_the_new_name_is_bound_already_or_the_file_does_not_parse():
    assert asked_rename("rename parse_route to summarize", MODULE) is None
    assert asked_rename("rename parse_route to split_route", MODULE + "def broken(:\n") is None


def test_finish_rename_makes_the_rename_where_the_answer_left_it_and_puts_back_a_misplaced_one():
    """The pair renamed `def parse_route` only, and wrote the new name over `summarize`: the
    calls get the rename, `summarize` goes back; a site's line the pair rewrote with the rename
    and a value beside it keeps its rewrite; one where it renamed another name instead becomes
    the line renamed."""
    rename = asked_rename("rename parse_route to split_route", MODULE)
    answer = (MODULE.replace("def parse_route(", "def split_route(").replace("def summarize(", "def split_route(")
              .replace('parse_route("/x", limit=2)', 'split_route("/x", limit=3)')
              .replace("parts = parse_route(pattern)", "split_route = parse_route(pattern)"))  # fmt: skip
    text, carried, went_back = finish_rename(rename, MODULE, answer)
    assert (carried, went_back) == (1, 2)
    assert "def summarize(router):" in text and 'return split_route("/x", limit=3), parts' in text
    assert "        parts = split_route(pattern)\n" in text and text.count("split_route(") == 4
    # an answer that left everything: the rename alone
    assert finish_rename(rename, MODULE, MODULE) == (renamed("rename parse_route to split_route"), 4, 0)


def test_the_task_sets_renames_are_read_right_or_not_at_all_and_nothing_else_reads_as_one():
    """On the five hand-written task sets (engine/builtin/eval*): every rename task's instruction
    reads as the rename of its expected file, or as none (five: three whose words give no
    rename cue, one whose new name the function binds already, one whose attribute two classes
    define); no other task's reads as a rename. (eval4 was written after asked_rename; on its
    first reading 13 of its 16 renames were right, one wrong: "spread_shuffle's `window`".
    eval5's first reading: 8 of its 9 right, one wrong, "Bracket.size reads like the number of
    entrants. Rename the attribute to ..." took `entrants`; and two tasks of other kinds read as
    renames: "try/except KeyError as error", "take an `indent` keyword ... instead of". eval6's:
    11 of its 16 right, 2 wrong, a local renamed also where "Progression.chords has its own result,
    leave that one", since kept apart.)"""
    unread = {"md-rename-records", "ver-rename-release-tuple", "grades-rename-scores", "loans-rename-daily",
              "garage-rename-spot-plate", "bike-rename-docked", "ham-rename-adif-field", "carpool-rename-max-detour"}  # fmt: skip
    assert check_reader(asked_rename, {"rename_function", "rename_method", "rename_class", "rename_variable", "rename_parameter",
                                      "rename_constant", "rename_attribute"}, unread) == (220, 212)


def test_finish_rename_sets_right_a_change_over_several_lines_of_a_site():
    """The pair rewrote summarize's two lines into one that writes the new name (`total_parts`):
    not those lines renamed, so they become the lines renamed."""
    rename = asked_rename("rename the local variable parts in summarize to total_parts", MODULE)
    answer = MODULE.replace("    for found, _ in router.routes:\n        parts += len(found)\n", "    total_parts.extend(router.routes)\n")
    text, _, went_back = finish_rename(rename, MODULE, answer)
    assert text == renamed("rename the local variable parts in summarize to total_parts") and went_back == 1


def test_the_old_name_is_the_one_written_as_code_where_a_plain_word_stands_nearer():
    code = "class Bracket:\n    def __init__(self, entrants):\n        self.entrants = entrants\n        self.size = len(entrants)\n"
    asked = asked_rename("Bracket.size reads like the number of entrants. Rename the attribute to slots", code)
    assert asked is not None and (asked.old, asked.new) == ("size", "slots")
    # after the rename word, the nearest before the new name; just before it, that one
    asked = asked_rename("please rename Bracket's entrants attribute to players", code)
    assert asked is not None and (asked.old, asked.new) == ("entrants", "players")
    asked = asked_rename("in Bracket.__init__: entrants -> players", code)
    assert asked is not None and (asked.old, asked.new) == ("entrants", "players")


@pytest.mark.parametrize("instruction", [
    "wrap the run() call in try/except KeyError as error and re-raise it as a ValueError from error instead",
    "save should take an `indent` keyword (default 2) and hand it to json.dumps instead of the 2",
])  # fmt: skip
def test_a_wrap_or_a_new_parameter_is_no_rename(instruction):
    code = "import json\n\n\ndef save(data, error=None):\n    return json.dumps(data, indent=2), error\n\n\ndef run():\n    return save({})\n"
    assert asked_rename(instruction, code) is None


def test_a_function_whose_name_of_its_own_the_instruction_keeps_is_left_alone():
    code = ("def load(path):\n    result = []\n    result.append(path)\n    return result\n\n\n"
            "def chords(items):\n    result = list(items)\n    return result\n")
    asked = asked_rename("in load the list is called `result`; call it `loaded` there. chords has its own result, leave that one.", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("result", "loaded", 3)


def test_a_string_of_the_file_said_to_become_another_is_no_rename_and_a_kept_name_is_kept():
    code = ('def score(category):\n    return 50 if category == "yacht" else 0\n\n\n'
            'class Coach:\n    def free(self, window_only=False):\n        return window_only\n\n\n'
            'class Train:\n    def reserve(self, coach, window_only=False):\n        return coach.free(window_only=window_only)\n')
    assert asked_rename('The category string "yacht" should be "five_of_a_kind".', code) is None
    asked = asked_rename("Train.reserve's `window_only` argument should be called `window_seat`. Coach.free keeps its own parameter name.", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace(
        "reserve(self, coach, window_only=False):\n        return coach.free(window_only=window_only)",
        "reserve(self, coach, window_seat=False):\n        return coach.free(window_only=window_seat)")


@pytest.mark.parametrize("instruction, old, new", [
    # "rename it": the one the instruction is about, said with its role, else quoted
    ("The `pin` parameter of Lock.open is really a code; rename it to `code`.", "pin", "code"),
    ("Lock.open: `pin` also holds letters now, so rename it to `code`", "pin", "code"),
    # the name after "to", not a code-like word elsewhere ("UI")
    ("Please rename the Lock class to Latch, that's what the UI calls them.", "Lock", "Latch"),
])  # fmt: skip
def test_the_name_the_words_are_about_is_renamed(instruction, old, new):
    code = "class Lock:\n    def open(self, pin, retries=3):\n        return pin, retries\n\n\ndef use(lock):\n    return lock.open(1)\n"
    asked = asked_rename(instruction, code)
    assert asked is not None and (asked.old, asked.new) == (old, new), instruction


def test_a_self_attribute_kept_as_it_is_does_not_make_the_parameter_a_member():
    code = "class Turn:\n    def __init__(self, rng=None):\n        self.rng = rng\n\n\ndef roll(n, rng=None):\n    return n, rng\n"
    asked = asked_rename("roll()'s `rng` parameter -> `generator`; Turn's own `rng` argument and self.rng stay as they are.", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("def roll(n, rng=None):\n    return n, rng",
                                                                                 "def roll(n, generator=None):\n    return n, generator")


@pytest.mark.parametrize("instruction, old, new", [
    ("could we call MAX_PARTS `PART_LIMIT`? it is a cap, not a count", "MAX_PARTS", "PART_LIMIT"),
    ("let's call parse_route split_route", "parse_route", "split_route"),
])  # fmt: skip
def test_call_x_y_asks_a_rename_where_the_new_name_is_code(instruction, old, new):
    text = renamed(instruction)
    assert text is not None and old not in text.replace(f'"""Routes: {old}', "").replace(f"# {old}", ""), instruction
    assert new in text


def test_a_clause_after_a_double_dash_keeps_its_own_names():
    text = renamed("in summarize rename the local parts to total -- parse_route keeps its parts")
    assert text is not None and "    total = 0\n" in text and "total += len(found)" in text and "), total\n" in text
    assert "parts = [part for part in path.split" in text  # parse_route's own
    assert asked_rename("let's call it split_route", MODULE) is None  # call what?


@pytest.mark.parametrize("instruction, old, new", [
    ("parse_route => split_route", "def parse_route(", "def split_route("),  # an arrow, not an assignment
    ("rename the `limit` parameter of parse_route to `max_parts`", "def parse_route(path, limit=MAX_PARTS):",
     "def parse_route(path, max_parts=MAX_PARTS):"),  # the parameter, not the function it is of
])  # fmt: skip
def test_an_arrow_and_a_parameter_of_a_function(instruction, old, new):
    text = renamed(instruction)
    assert text is not None and new in text and old not in text, instruction


def test_a_new_name_the_file_has_only_as_another_functions_local():
    code = "def total(coins):\n    amount = sum(coins)\n    return amount\n\n\ndef minutes(paid, rate=2):\n    return paid / rate\n"
    asked = asked_rename("Rename minutes's `paid` parameter to `amount`", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("(paid, rate", "(amount, rate").replace("paid / rate", "amount / rate")
    assert asked_rename("in total, rename coins to amount", code) is None  # total binds amount itself


def test_a_short_clause_that_keeps_them_keeps_the_clause_before_it():
    # "- leave them" / "- that one stays": the names of the clause before are kept apart
    text = renamed("In Router.add_route, rename the parameter `pattern` to `path_pattern`. route's `pattern` argument is "
                   "something else - leave it.")
    assert text is not None and "def add_route(self, path_pattern, handler):" in text
    assert "def route(self, pattern):" in text and "self.add_route(pattern, handler)" in text
    text = renamed("rename summarize's local parts to total; parse_route has one with the same name - that one stays")
    assert text is not None and "    total = 0\n" in text and "parts = [part for part in path.split" in text


def test_a_constant_renamed_while_a_class_keeps_a_name_like_it():
    code = "HOUSE_CUT = 0.1\n\n\nclass Pool:\n    def __init__(self, house_cut=HOUSE_CUT):\n        self.house_cut = house_cut\n"
    asked = asked_rename("Rename HOUSE_CUT to HOUSE_SHARE. Pool's `house_cut` parameter and attribute keep their names.", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("HOUSE_CUT", "HOUSE_SHARE")


def test_call_them_is_no_old_name():
    assert renamed("The team calls them routes. Rename class Router to RouteTable") is not None
    assert "class RouteTable:" in renamed("The team call them tables. Rename class Router to RouteTable")



SHIFT = ("from dataclasses import dataclass\n\n\n@dataclass\nclass Sample:\n    storage: str = \"fridge\"\n\n\n"
         "def storage_ok(storage, reading):\n    return storage == \"fridge\" and reading < 8\n\n\n"
         "def check(sample):\n    return storage_ok(sample.storage, 4)\n\n\n"
         "class Shift:\n    def hours(self, *, rounded=True):\n        return 8 if rounded else 7.9\n\n\n"
         "def round_punch(value):\n    rounded = round(value)\n    return rounded\n\n\n"
         "def gross(shifts):\n    night = sum(shifts)\n    return night\n")


@pytest.mark.parametrize("instruction, old, new", [
    ("Sample.storage is easy to mix up with the `storage` argument of storage_ok(). Please rename the dataclass field "
     "to `location`. storage_ok keeps its parameter name.", '    storage: str = "fridge"', '    location: str = "fridge"'),
    ("Shift.hours(rounded=...) is confusing. Rename that keyword to `round_punches`; the `rounded` local in round_punch "
     "stays.", "    def hours(self, *, rounded=True):", "    def hours(self, *, round_punches=True):"),
    ("nit: `night` holds hours. rename gross's local to `night_total`", "    night = sum(shifts)", "    night_total = sum(shifts)"),
])  # fmt: skip
def test_the_binding_a_role_or_a_possessive_points_at(instruction, old, new):
    asked = asked_rename(instruction, SHIFT)
    assert asked is not None, instruction
    text = "".join(asked.apply(SHIFT.splitlines(keepends=True)))
    assert new in text and old not in text, instruction
    assert "def storage_ok(storage, reading):" in text and "    rounded = round(value)" in text


def test_a_clause_that_includes_other_uses_names_no_binding_of_its_own():
    """"including the keyword in load_bins": a use the rename reaches anyway, not the parameter of
    load_bins to rename nor the one function to rename in."""
    code = ("from dataclasses import dataclass\n\n\n@dataclass\nclass Bin:\n    label: str\n    turned: int = 0\n\n\n"
            "def load_bins(items):\n    return [Bin(i[\"label\"], turned=i[\"turned\"]) for i in items]\n\n\n"
            "def late(bin_, today):\n    return today - bin_.turned > 7\n")  # fmt: skip
    for instruction in ("Rename Bin.turned to turned_on, including the keyword in load_bins.",
                        "rename the turned field of Bin to `turned_on`, as well as the keyword load_bins passes"):
        asked = asked_rename(instruction, code)
        assert asked is not None, instruction
        text = "".join(asked.apply(code.splitlines(keepends=True)))
        assert "    turned_on: int = 0" in text and "turned_on=i[\"turned\"]" in text and "bin_.turned_on > 7" in text, instruction


def test_a_constructors_parameter_and_the_keywords_its_class_is_called_with():
    """"Log's constructor: rename its target parameter": Log.__init__'s, and `Log(target=...)` in the
    calls; load's own `target` (kept) and the attribute stay."""
    code = ("class Log:\n    def __init__(self, owner, target=8):\n        self.owner = owner\n        self.target = target\n\n\n"
            "def load(owner, target=8):\n    return Log(owner, target=target)\n\n\n"
            "def main():\n    return Log(\"Sam\", target=7.5)\n")  # fmt: skip
    instruction = ("Log's constructor: rename its target parameter to goal and fix the calls that pass it by keyword (load, main). "
                   "The attribute stays self.target, and load keeps its own target parameter.")  # fmt: skip
    asked = asked_rename(instruction, code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace(
        "owner, target=8):\n        self.owner", "owner, goal=8):\n        self.owner").replace(
        "self.target = target", "self.target = goal").replace("Log(owner, target=target)", "Log(owner, goal=target)").replace(
        "target=7.5", "goal=7.5")  # fmt: skip


def test_rename_it_means_the_name_written_as_code_not_a_word_the_file_also_binds():
    code = ("class Sheet:\n    def __init__(self, servings):\n        self.servings = servings\n\n"
            "    def servings_needed(self):\n        return self.servings * 2\n\n\n"
            "def short(sheet):\n    return sheet.servings_needed() - 1\n")  # fmt: skip
    asked = asked_rename("the Sheet method that works out how many servings we need (servings_needed?) - rename it to servings_target", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("servings_needed", "servings_target")


def test_a_rename_of_two_bindings_at_once_is_left_to_the_model():
    """"rename the rows attribute to max_rows (and the constructor argument too)": one reading would
    rename half of it."""
    code = "class Board:\n    def __init__(self, rows=6):\n        self.rows = rows\n\n    def top(self, items):\n        return items[:self.rows]\n"
    assert asked_rename("rename the rows attribute of Board to max_rows (and the constructor argument too)", code) is None
    assert asked_rename("rename the rows attribute of Board to max_rows", code) is not None


def test_a_module_constant_read_in_a_class_body_is_renamed_there_too():
    code = ('DEFAULT_REGION = "unknown"\n\n\nclass Bottle:\n    region: str = DEFAULT_REGION\n    label = "x"\n')
    asked = asked_rename("rename DEFAULT_REGION to UNKNOWN_REGION", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("DEFAULT_REGION", "UNKNOWN_REGION")


def test_a_method_may_take_the_name_of_a_local_where_it_is_called_as_an_attribute():
    code = ("class Bin:\n    def browns_per_green(self):\n        return 2.0\n\n\n"
            "def advice(bin_):\n    ratio = bin_.browns_per_green()\n    return ratio\n")  # fmt: skip
    asked = asked_rename("rename browns_per_green to ratio", code)
    assert asked is not None
    assert "".join(asked.apply(code.splitlines(keepends=True))) == code.replace("browns_per_green", "ratio")


def test_a_class_whose_locals_stay_keeps_its_methods_and_an_including_clause_may_write_a_keyword():
    code = ("class Rota:\n    def drive_counts(self):\n        counts = {}\n        return counts\n\n\n"
            "def build(rota):\n    counts = {}\n    counts['a'] = 1\n    return counts\n\n\n"
            "def haggle(price, limit=0.1):\n    return price * (1 - limit)\n\n\nprint(haggle(10, limit=0.2))\n")  # fmt: skip
    asked = asked_rename("In build, rename the local `counts` dict to `drives_so_far`. It's easy to confuse with Rota.drive_counts; "
                         "the `counts` locals in Rota stay as they are.", code)  # fmt: skip
    assert asked is not None
    text = "".join(asked.apply(code.splitlines(keepends=True)))
    assert "    drives_so_far = {}\n    drives_so_far['a'] = 1\n" in text and "        counts = {}\n" in text
    asked = asked_rename("haggle's `limit` parameter is the biggest discount. Rename it to max_discount, including the limit=0.2 "
                         "keyword at the bottom.", code)  # fmt: skip
    assert asked is not None and "haggle(10, max_discount=0.2)" in "".join(asked.apply(code.splitlines(keepends=True)))
