"""Rename: a source before, the operation, the exact source after (modules written for these tests)."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.rename import Rename


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def files(**texts: str) -> dict[str, str]:
    """``m_py="..."`` -> ``{"m.py": "..."}``; ``app__models_py`` -> ``app/models.py``."""
    return {name.replace("__", "/").replace("_py", ".py"): src(text) for name, text in texts.items()}


# --- module-level symbols across files ---------------------------------------------------------


def test_function_renamed_in_its_module_and_through_both_import_forms():
    before = files(
        shelf_py="""
        def parse_tags(text):
            '''Split the tags; parse_tags keeps the order.'''
            return text.split(",")  # parse_tags is fast


        TAGS = parse_tags("a,b")
        """,
        main_py="""
        from shelf import parse_tags
        import shelf

        print(parse_tags("x"), shelf.parse_tags("y"), "parse_tags")
        """,
    )
    assert apply(Rename("parse_tags", "split_tags"), before) == files(
        shelf_py="""
        def split_tags(text):
            '''Split the tags; parse_tags keeps the order.'''
            return text.split(",")  # parse_tags is fast


        TAGS = split_tags("a,b")
        """,
        main_py="""
        from shelf import split_tags
        import shelf

        print(split_tags("x"), shelf.split_tags("y"), "parse_tags")
        """,
    )


def test_constant_renamed_in_a_package_without_init_and_an_aliased_import():
    before = files(
        app__config_py="""
        RETRY_LIMIT = 3
        """,
        app__client_py="""
        from app.config import RETRY_LIMIT
        from app import config
        from app.config import RETRY_LIMIT as limit


        class Client:
            retries = RETRY_LIMIT

            def tries(self):
                return range(config.RETRY_LIMIT + limit)
        """,
    )
    assert apply(Rename("RETRY_LIMIT", "MAX_RETRIES"), before) == files(
        app__config_py="""
        MAX_RETRIES = 3
        """,
        app__client_py="""
        from app.config import MAX_RETRIES
        from app import config
        from app.config import MAX_RETRIES as limit


        class Client:
            retries = MAX_RETRIES

            def tries(self):
                return range(config.MAX_RETRIES + limit)
        """,
    )


def test_module_symbol_shadowed_by_a_local_keeps_the_local():
    before = files(
        m_py="""
        total = 0


        def add(n):
            global total
            total += n


        def fresh():
            total = 5
            return total
        """,
    )
    assert apply(Rename("total", "grand_total"), before) == files(
        m_py="""
        grand_total = 0


        def add(n):
            global grand_total
            grand_total += n


        def fresh():
            total = 5
            return total
        """,
    )


def test_path_picks_the_file_when_two_define_the_name():
    before = files(
        a_py="""
        def helper():
            return 1
        """,
        b_py="""
        def helper():
            return 2
        """,
        c_py="""
        from a import helper
        from b import helper as other

        helper() + other()
        """,
    )
    assert apply(Rename("helper", "assist", path="b.py"), before) == files(
        b_py="""
        def assist():
            return 2
        """,
        c_py="""
        from a import helper
        from b import assist as other

        helper() + other()
        """,
    )


def test_class_renamed_with_its_constructor_calls_and_annotations():
    before = files(
        m_py="""
        class Garage:
            pass


        def build() -> Garage:
            return Garage()


        def clone(g: "Garage") -> "Garage":
            label = "Garage"
            return g
        """,
        u_py="""
        import m

        g: m.Garage = m.Garage()
        """,
    )
    assert apply(Rename("Garage", "Depot"), before) == files(
        m_py="""
        class Depot:
            pass


        def build() -> Depot:
            return Depot()


        def clone(g: "Depot") -> "Depot":
            label = "Garage"
            return g
        """,
        u_py="""
        import m

        g: m.Depot = m.Depot()
        """,
    )


# --- methods and attributes --------------------------------------------------------------------

GARAGE = """
class Garage:
    def __init__(self, size):
        self.size = size

    def park(self, car):
        return self.size > 0

    @classmethod
    def small(cls):
        return cls(1).park(None)


class Van(Garage):
    def park(self, car):
        return super().park(car) and self.size > 1


class Shed:
    def park(self, car):
        return False
"""

USES = """
from garage import Garage, Shed


def fill(cars):
    g = Garage(3)
    for car in cars:
        g.park(car)
    Shed().park(None)
    return g.size


def level(g: Garage, other) -> int:
    return g.size + other.size
"""


def test_method_renamed_through_self_cls_super_instances_and_overrides_only():
    after = files(garage_py=GARAGE, uses_py=USES)
    result = apply(Rename("park", "stow", scope="Garage"), after)
    assert result == files(
        garage_py="""
        class Garage:
            def __init__(self, size):
                self.size = size

            def stow(self, car):
                return self.size > 0

            @classmethod
            def small(cls):
                return cls(1).stow(None)


        class Van(Garage):
            def stow(self, car):
                return super().stow(car) and self.size > 1


        class Shed:
            def park(self, car):
                return False
        """,
        uses_py="""
        from garage import Garage, Shed


        def fill(cars):
            g = Garage(3)
            for car in cars:
                g.stow(car)
            Shed().park(None)
            return g.size


        def level(g: Garage, other) -> int:
            return g.size + other.size
        """,
    )


def test_attribute_set_from_a_parameter_renames_the_attribute_not_the_parameter():
    # `other.size`: rope cannot tell `other`'s class; no other class and no builtin type has a
    # member `size`, so it is taken for `Garage`'s
    result = apply(Rename("size", "capacity", scope="Garage"), files(garage_py=GARAGE, uses_py=USES))
    assert result["garage.py"] == src(GARAGE).replace("self.size", "self.capacity")
    assert result["uses.py"] == src("""
        from garage import Garage, Shed


        def fill(cars):
            g = Garage(3)
            for car in cars:
                g.park(car)
            Shed().park(None)
            return g.capacity


        def level(g: Garage, other) -> int:
            return g.capacity + other.capacity
        """)


def test_class_attribute_of_a_nested_class():
    before = files(
        m_py="""
        class Board:
            class Cell:
                width = 2

                def area(self):
                    return self.width ** 2

            width = 8

            def span(self):
                return self.Cell().width * self.width
        """,
    )
    assert apply(Rename("width", "side", scope="Board.Cell"), before) == files(
        m_py="""
        class Board:
            class Cell:
                side = 2

                def area(self):
                    return self.side ** 2

            width = 8

            def span(self):
                return self.Cell().side * self.width
        """,
    )


def test_dataclass_field_renamed_with_the_keyword_of_its_constructor_calls():
    before = files(
        models_py="""
        from dataclasses import dataclass


        @dataclass
        class Car:
            plate: str
            speed: int = 0

            def faster(self) -> "Car":
                return Car(self.plate, speed=self.speed + 1)
        """,
        main_py="""
        from models import Car
        import models

        car = Car(plate="AB-1", speed=3)
        other = models.Car("CD-2", speed=car.speed)
        print(dict(speed=1))
        """,
    )
    assert apply(Rename("speed", "velocity", scope="Car"), before) == files(
        models_py="""
        from dataclasses import dataclass


        @dataclass
        class Car:
            plate: str
            velocity: int = 0

            def faster(self) -> "Car":
                return Car(self.plate, velocity=self.velocity + 1)
        """,
        main_py="""
        from models import Car
        import models

        car = Car(plate="AB-1", velocity=3)
        other = models.Car("CD-2", velocity=car.velocity)
        print(dict(speed=1))
        """,
    )


def test_named_tuple_field_renamed_with_its_keyword():
    before = files(m_py="""
        from typing import NamedTuple


        class Point(NamedTuple):
            x: int
            y: int


        p = Point(x=1, y=2)
        print(p.x, p.y)
        """)
    assert apply(Rename("x", "col", scope="Point"), before) == files(m_py="""
        from typing import NamedTuple


        class Point(NamedTuple):
            col: int
            y: int


        p = Point(col=1, y=2)
        print(p.col, p.y)
        """)


def test_the_only_symbol_of_a_name_needs_no_scope():
    before = files(
        m_py="""
        class Meter:
            def reading_kwh(self):
                return 1.5


        print(Meter().reading_kwh())
        """,
    )
    assert apply(Rename("reading_kwh", "read_kwh"), before) == files(
        m_py="""
        class Meter:
            def read_kwh(self):
                return 1.5


        print(Meter().read_kwh())
        """,
    )


# --- parameters and locals ---------------------------------------------------------------------


def test_parameter_renamed_with_its_keyword_at_calls_in_other_files():
    before = files(
        loader_py="""
        def load_items(path, limit=10):
            return open(path).read().split()[:limit]


        def other(limit):
            return limit
        """,
        cli_py="""
        import loader
        from loader import load_items

        load_items("a.txt", limit=5)
        loader.load_items("b.txt", 3)
        loader.other(limit=1)
        """,
    )
    assert apply(Rename("limit", "max_items", scope="load_items"), before) == files(
        loader_py="""
        def load_items(path, max_items=10):
            return open(path).read().split()[:max_items]


        def other(limit):
            return limit
        """,
        cli_py="""
        import loader
        from loader import load_items

        load_items("a.txt", max_items=5)
        loader.load_items("b.txt", 3)
        loader.other(limit=1)
        """,
    )


def test_keyword_only_parameter_renamed_with_its_keyword_at_calls():
    """rope resolves no keyword-only parameter: its function's calls (which rope finds) give the
    keywords, libcst's scope the uses in the body."""
    before = files(
        loader_py="""
        def load_items(path, *, limit=10, strict=False):
            if strict and limit < 0:
                raise ValueError(limit)
            return open(path).read().split()[:limit]


        class Shelf:
            def take(self, *, limit=1):
                return limit


        def other(limit):
            return limit
        """,
        cli_py="""
        import loader
        from loader import load_items

        load_items("a.txt", limit=5)
        loader.load_items("b.txt", strict=True)
        loader.other(limit=1)
        loader.Shelf().take(limit=2)
        """,
    )
    assert apply(Rename("limit", "max_items", scope="load_items"), before) == files(
        loader_py="""
        def load_items(path, *, max_items=10, strict=False):
            if strict and max_items < 0:
                raise ValueError(max_items)
            return open(path).read().split()[:max_items]


        class Shelf:
            def take(self, *, limit=1):
                return limit


        def other(limit):
            return limit
        """,
        cli_py="""
        import loader
        from loader import load_items

        load_items("a.txt", max_items=5)
        loader.load_items("b.txt", strict=True)
        loader.other(limit=1)
        loader.Shelf().take(limit=2)
        """,
    )
    renamed = apply(Rename("limit", "count", scope="Shelf.take"), before)
    assert "def take(self, *, count=1):\n        return count" in renamed["loader.py"]
    assert "loader.Shelf().take(count=2)" in renamed["cli.py"] and "load_items(\"a.txt\", limit=5)" in renamed["cli.py"]


def test_method_parameter_renamed_at_an_instance_call():
    before = files(
        m_py="""
        class Garage:
            def leave(self, car, fee=0):
                return car, fee


        Garage().leave("x", fee=2)
        """,
    )
    assert apply(Rename("fee", "charge", scope="Garage.leave"), before) == files(
        m_py="""
        class Garage:
            def leave(self, car, charge=0):
                return car, charge


        Garage().leave("x", charge=2)
        """,
    )


def test_local_renamed_in_its_function_and_closure_only():
    before = files(
        m_py="""
        count = 0


        def tally(items):
            count = 0
            for item in items:
                count += item

            def show():
                return f"{count}"

            return show()


        def other():
            count = 1
            return count
        """,
    )
    assert apply(Rename("count", "running", scope="tally"), before) == files(
        m_py="""
        count = 0


        def tally(items):
            running = 0
            for item in items:
                running += item

            def show():
                return f"{running}"

            return show()


        def other():
            count = 1
            return count
        """,
    )


# --- errors --------------------------------------------------------------------------------------

ERRORS = files(
    a_py="""
    LIMIT = 1


    def run(n, total=0):
        step = n + LIMIT
        return len([step, total])


    class Box:
        def open(self):
            return 1
    """,
    b_py="""
    LIMIT = 2


    class Crate:
        def open(self):
            print("crate")
            return 2
    """,
)


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (Rename("nothing", "something"), "`nothing` is bound nowhere in the files given"),
        (Rename("step", "x", scope="Box"), "`step` is not bound in `Box` (a.py line 9); it is bound in scope `run` (a.py line 5)"),
        (Rename("step", "x", scope="Bag"), "no class or function `Bag` in the files given"),
        (Rename("LIMIT", "CAP"), "`LIMIT` is ambiguous, bound in 2 places: module level (a.py line 1); module level (b.py line 1); give `path`"),
        (Rename("open", "unlock"), "`open` is ambiguous, bound in 2 places: scope `Box` (a.py line 10); scope `Crate` (b.py line 5); give `scope`"),
        (Rename("step", "2fast", scope="run"), "the new name '2fast' is not a Python identifier"),
        (Rename("step", "lambda", scope="run"), "the new name 'lambda' is a keyword"),
        (Rename("LIMIT", "run", path="a.py"), "`run` is already bound at module level (a.py line 4)"),
        (Rename("step", "total", scope="run"), "`total` is already bound or used in `run` (a.py line 4)"),
        (Rename("step", "len", scope="run"), "`len` is already used in a.py line 6 (a builtin): renamed, `step` would hide it"),
        (Rename("LIMIT", "step", path="a.py"), "`step` is bound in a scope that reads `LIMIT` (a.py line 5): renamed, it would read that `step` instead"),
        (Rename("LIMIT", "print", path="b.py"), "`print` is already used in b.py line 6 (a builtin)"),
        (Rename("total", "LIMIT", scope="run"), "`LIMIT` is already used in a.py line 5 (a name bound outside): renamed, `total` would hide it"),
        (Rename("LIMIT", "CAP", path="c.py"), "the file c.py is not among the Python files given (a.py, b.py)"),
        (Rename("LIMIT", "LIMIT", path="a.py"), "`LIMIT` already has that name"),
    ],
)
def test_errors_say_what_did_not_fit(op, message):
    with pytest.raises(OpError) as raised:
        apply(op, ERRORS)
    assert message in str(raised.value)


def test_renaming_an_override_names_the_base_instead():
    with pytest.raises(OpError, match=r"`park` of `Van` overrides `Garage.park` \(garage.py line 5\): "
                                      r"rename it with scope `Garage`"):  # fmt: skip
        apply(Rename("park", "stow", scope="Van"), files(garage_py=GARAGE))


def test_a_file_that_does_not_parse_is_named_with_its_line():
    broken = dict(ERRORS, **files(c_py="""
        def fine():
            return 1

        def broken(:
            pass
        """))
    with pytest.raises(OpError, match=r"^c.py does not parse \(line 4\): "):
        apply(Rename("LIMIT", "CAP", path="a.py"), broken)


def test_nothing_to_rename_in_other_files_leaves_them_out():
    assert set(apply(Rename("open", "unlock", scope="Box"), ERRORS)) == {"a.py"}


# --- JSON ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "data"),
    [
        (Rename("a", "b"), {"kind": "rename", "old": "a", "new": "b"}),
        (Rename("a", "b", scope="C.f", path="m.py"),
         {"kind": "rename", "old": "a", "new": "b", "scope": "C.f", "path": "m.py"}),
    ],
)
def test_json_both_ways(op, data):
    assert to_json(op) == data
    assert from_json(data) == op


def test_json_checks_the_fields():
    with pytest.raises(OpError, match="the field 'new' is missing"):
        from_json({"kind": "rename", "old": "a"})
    with pytest.raises(OpError, match="the field 'scope' must be a string or null, not a number"):
        from_json({"kind": "rename", "old": "a", "new": "b", "scope": 3})


def test_describe():
    assert Rename("a", "b").describe() == "rename `a` -> `b`"
    assert Rename("a", "b", scope="Garage.leave").describe() == "rename `a` -> `b` in `Garage.leave`"


def test_files_not_python_are_left_alone_and_line_ends_kept():
    before = {
        "README.md": "Call `fetch_all` to fetch.\n",
        "api.py": "def fetch_all():\r\n    return []\r\n",
        "job.py": "from api import *\r\n\r\nfetch_all()\r\n",
    }
    assert apply(Rename("fetch_all", "load_all"), before) == {
        "api.py": "def load_all():\r\n    return []\r\n",
        "job.py": "from api import *\r\n\r\nload_all()\r\n",
    }


# --- where rope alone is wrong -------------------------------------------------------------------


def test_a_comprehension_variable_of_the_same_name_is_another_symbol():
    # rope renames `x` inside the comprehension of `scale` as if it were the module's `x`
    before = files(
        m_py="""
        x = 2
        squares = [x * x for x in range(3)]


        def scale(values):
            return [x * v for x in values for v in [x]] + [x]
        """,
    )
    assert apply(Rename("x", "factor"), before) == files(
        m_py="""
        factor = 2
        squares = [x * x for x in range(3)]


        def scale(values):
            return [x * v for x in values for v in [x]] + [factor]
        """,
    )


def test_a_local_and_a_generator_variable_of_the_same_name():
    # rope renames the generator's `x` read along with the local `x`
    before = files(m_py="""
        def total(values):
            base = sum(x for x in values)
            x = 1
            return base + x
        """)
    assert apply(Rename("x", "bonus", scope="total"), before) == files(m_py="""
        def total(values):
            base = sum(x for x in values)
            bonus = 1
            return base + bonus
        """)


def test_a_constructor_parameter_renamed_at_super_calls_too():
    # rope leaves the keyword of `super().__init__(...)`
    before = files(
        base_py="""
        class Account:
            def __init__(self, owner, limit=0):
                self.owner = owner
                self.limit = limit
        """,
        savings_py="""
        from base import Account


        class Savings(Account):
            def __init__(self, owner):
                super().__init__(owner, limit=100)


        Account("ann", limit=5)
        """,
    )
    assert apply(Rename("limit", "ceiling", scope="Account.__init__"), before) == files(
        base_py="""
        class Account:
            def __init__(self, owner, ceiling=0):
                self.owner = owner
                self.limit = ceiling
        """,
        savings_py="""
        from base import Account


        class Savings(Account):
            def __init__(self, owner):
                super().__init__(owner, ceiling=100)


        Account("ann", ceiling=5)
        """,
    )


def test_a_method_parameter_renamed_at_calls_on_an_annotated_parameter():
    # rope does not read the annotations of parameters
    before = files(
        client_py="""
        class Client:
            def get(self, path, timeout=5):
                return path
        """,
        use_py="""
        from client import Client


        def fetch(client: Client, other):
            other.get("/b", timeout=2)
            return client.get("/a", timeout=1)
        """,
    )
    assert apply(Rename("timeout", "deadline", scope="Client.get"), before) == files(
        client_py="""
        class Client:
            def get(self, path, deadline=5):
                return path
        """,
        use_py="""
        from client import Client


        def fetch(client: Client, other):
            other.get("/b", timeout=2)
            return client.get("/a", deadline=1)
        """,
    )


def test_the_name_in_all_is_renamed_where_the_module_defines_or_reexports_it():
    before = {
        "pkg/__init__.py": 'from .core import helper\n\n__all__ = ["helper", "other"]\n',
        "pkg/core.py": '__all__ = ("helper",)\n\n\ndef helper():\n    return "helper"\n',
        "main.py": "from pkg import helper\n\nhelper()\n",
    }
    assert apply(Rename("helper", "assist"), before) == {
        "pkg/__init__.py": 'from .core import assist\n\n__all__ = ["assist", "other"]\n',
        "pkg/core.py": '__all__ = ("assist",)\n\n\ndef assist():\n    return "helper"\n',
        "main.py": "from pkg import assist\n\nassist()\n",
    }


def test_a_comprehension_variable_renamed_in_its_comprehension_only():
    before = files(m_py="""
        x = 5


        def doubled(values):
            kept = [x * 2 for x in values if x]
            return kept, x
        """)
    assert apply(Rename("x", "value", scope="doubled"), before) == files(m_py="""
        x = 5


        def doubled(values):
            kept = [value * 2 for value in values if value]
            return kept, x
        """)


def test_two_comprehension_variables_of_one_function_cannot_be_told_apart():
    before = files(m_py="""
        def both(values):
            firsts = [x for x in values]
            return [x + 1 for x in firsts]
        """)
    with pytest.raises(OpError, match=r"`x` is the variable of 2 comprehensions in `both` \(m.py lines 2, 3\): "
                                      r"no scope tells them apart; rename it by hand"):  # fmt: skip
        apply(Rename("x", "value", scope="both"), before)


def test_an_attribute_on_objects_of_unknown_class_that_another_class_has_is_an_error():
    before = files(
        m_py="""
        class Tank:
            def __init__(self):
                self.level = 0


        class Floor:
            level = 1


        def show(thing):
            return thing.level
        """,
    )
    with pytest.raises(OpError, match=r"`.level` is also used at m.py line 11 on objects whose class cannot "
                                      r"be told, and `Floor` \(m.py line 6\) has a member `level` too: which "
                                      r"of them are `Tank`'s is a guess"):  # fmt: skip
        apply(Rename("level", "depth", scope="Tank"), before)


def test_a_file_rope_cannot_read_is_read_with_its_strings_blanked():
    # rope's reader of string literals fails on this f-string (an escaped quote and a "#" after
    # a conversion); what the f-strings hold is then found by libcst
    before = files(
        palette_py="""
        class Palette:
            def __init__(self):
                self.accent = "#00ff00"

            def check(self, value):
                if not value:
                    raise ValueError(f"{self.accent!r} {value!r}: use \\"#rrggbb\\"")
                return self.accent
        """,
    )
    assert apply(Rename("accent", "highlight", scope="Palette"), before) == files(
        palette_py="""
        class Palette:
            def __init__(self):
                self.highlight = "#00ff00"

            def check(self, value):
                if not value:
                    raise ValueError(f"{self.highlight!r} {value!r}: use \\"#rrggbb\\"")
                return self.highlight
        """,
    )


def test_a_member_of_a_subclass_with_the_new_name_is_a_clash():
    before = {
        "garage.py": "class Garage:\n    def park(self):\n        return 1\n",
        "van.py": "from garage import Garage\n\n\nclass Van(Garage):\n    def stow(self):\n        return 2\n",
    }
    with pytest.raises(OpError, match=r"`stow` is already a member of `Van`, a subclass of `Garage` "
                                      r"\(van.py line 5\): choose another name"):  # fmt: skip
        apply(Rename("park", "stow", scope="Garage"), before)


OVEN = '''class Oven:
    def bake(self, loaf, minutes=30):
        return loaf, minutes


def plan(oven, loaves):
    for minutes, loaf in enumerate(loaves):
        oven.bake(loaf, minutes=minutes)
'''


def test_a_methods_parameter_is_renamed_in_calls_whose_receiver_is_not_known():
    """`oven` is unannotated: rope cannot tell its class, but no other class has a `bake`."""
    after = apply(Rename(old="minutes", new="bake_minutes", scope="Oven.bake"), {"b.py": OVEN})["b.py"]
    assert "def bake(self, loaf, bake_minutes=30):" in after
    assert "oven.bake(loaf, bake_minutes=minutes)" in after and "for minutes, loaf in" in after


def test_a_methods_parameter_in_calls_another_class_could_answer_is_left_there():
    timer = OVEN + "\n\nclass Timer:\n    def bake(self, minutes):\n        return minutes\n"
    after = apply(Rename(old="minutes", new="bake_minutes", scope="Oven.bake"), {"b.py": timer})["b.py"]
    assert "def bake(self, loaf, bake_minutes=30):" in after and "oven.bake(loaf, minutes=minutes)" in after
