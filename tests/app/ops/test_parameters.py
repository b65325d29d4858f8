"""AddParameter and RemoveParameter: a source before, the operation, the exact source after
(modules written for these tests)."""

from __future__ import annotations

import textwrap

import pytest

from specdraft.ops import OpError, apply, from_json, to_json
from specdraft.ops.parameters import AddParameter, RemoveParameter


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def files(**texts: str) -> dict[str, str]:
    """``net_py="..."`` -> ``{"net.py": "..."}``."""
    return {name.replace("__", "/").replace("_py", ".py"): src(text) for name, text in texts.items()}


NET = """
def fetch_json(url, retries=3, *urls, verbose=False, **options):
    return url, retries, verbose


class Client:
    def __init__(self, base):
        self.base = base

    def get(self, path, timeout=5):
        return fetch_json(self.base + path, retries=timeout)

    def ping(self):
        return self.get("/ping", 1)

    @staticmethod
    def join(a, b):
        return a + b
"""

APP = """
from net import fetch_json, Client
import net

fetch_json("a")
net.fetch_json(
    "b",
    2,
)
client = Client("x")
client.get("/y", timeout=3)
Client.get(client, "/z")
Client.join("p", "q")
"""


def both() -> dict[str, str]:
    return files(net_py=NET, app_py=APP)


# --- adding ----------------------------------------------------------------------------------------


def test_add_with_a_default_leaves_the_calls():
    result = apply(AddParameter("fetch_json", "headers", default="None", annotation="dict | None"), both())
    assert result == {"net.py": src(NET).replace(
        "def fetch_json(url, retries=3, *urls,",
        "def fetch_json(url, retries=3, headers: dict | None = None, *urls,")}  # fmt: skip


def test_add_with_a_default_and_an_argument_passes_it_by_name_in_every_file():
    op = AddParameter("fetch_json", "headers", default="None", argument="{'Accept': 'json'}")
    assert apply(op, both()) == files(
        net_py=src(NET)
        .replace("retries=3, *urls", "retries=3, headers=None, *urls")
        .replace("retries=timeout)", "retries=timeout, headers={'Accept': 'json'})"),
        app_py="""
        from net import fetch_json, Client
        import net

        fetch_json("a", headers={'Accept': 'json'})
        net.fetch_json(
            "b",
            2,
            headers={'Accept': 'json'},
        )
        client = Client("x")
        client.get("/y", timeout=3)
        Client.get(client, "/z")
        Client.join("p", "q")
        """,
    )


def test_add_keyword_only_goes_last_of_the_keyword_only_ones():
    op = AddParameter("fetch_json", "session", keyword_only=True, argument="None")
    result = apply(op, both())
    assert result["net.py"].splitlines()[0] == (
        "def fetch_json(url, retries=3, *urls, verbose=False, session, **options):")
    assert 'fetch_json("a", session=None)' in result["app.py"]


def test_add_keyword_only_writes_the_star_where_there_is_none():
    before = files(
        shapes_py="""
        def area(width, height=1):
            return width * height


        print(area(2), area(3, height=4))
        """,
    )
    assert apply(AddParameter("area", "unit", keyword_only=True, argument='"cm"'), before) == files(
        shapes_py="""
        def area(width, height=1, *, unit):
            return width * height


        print(area(2, unit="cm"), area(3, height=4, unit="cm"))
        """,
    )


def test_add_to_a_method_reaches_calls_on_self_instances_and_the_class():
    op = AddParameter("Client.get", "cache", default="True", argument="False")
    assert apply(op, both()) == files(
        net_py=src(NET)
        .replace("def get(self, path, timeout=5):", "def get(self, path, timeout=5, cache=True):")
        .replace('self.get("/ping", 1)', 'self.get("/ping", 1, cache=False)'),
        app_py=src(APP)
        .replace('client.get("/y", timeout=3)', 'client.get("/y", timeout=3, cache=False)')
        .replace('Client.get(client, "/z")', 'Client.get(client, "/z", cache=False)'),
    )


def test_add_to_init_reaches_the_constructor_calls():
    op = AddParameter("Client.__init__", "token", argument="'secret'")
    assert apply(op, both()) == files(
        net_py=src(NET).replace("def __init__(self, base):", "def __init__(self, base, token):"),
        app_py=src(APP).replace('Client("x")', "Client(\"x\", token='secret')"),
    )


def test_add_to_a_multiline_def_keeps_its_layout():
    before = files(
        report_py="""
        def report(
            title,
            rows,
        ):
            return title, rows
        """,
    )
    assert apply(AddParameter("report", "footer", default='""'), before) == files(
        report_py="""
        def report(
            title,
            rows,
            footer="",
        ):
            return title, rows
        """,
    )


def test_add_with_no_calls_needs_no_argument():
    before = files(m_py="""
        def unused(a):
            return a
        """)
    assert apply(AddParameter("unused", "b"), before) == files(m_py="""
        def unused(a, b):
            return a
        """)


# --- removing --------------------------------------------------------------------------------------


def test_remove_takes_positional_and_keyword_arguments_out_in_every_file():
    before = files(
        shop_py="""
        def price(item, currency, discount=0):
            return item.cost - discount


        def sale(item):
            return price(item, "EUR", discount=1)
        """,
        cart_py="""
        import shop
        from shop import price

        total = price("a", "EUR") + shop.price("b", currency="USD", discount=2)
        more = price(
            "c",
            "GBP",
        )
        """,
    )
    assert apply(RemoveParameter("price", "currency"), before) == files(
        shop_py="""
        def price(item, discount=0):
            return item.cost - discount


        def sale(item):
            return price(item, discount=1)
        """,
        cart_py="""
        import shop
        from shop import price

        total = price("a") + shop.price("b", discount=2)
        more = price(
            "c",
        )
        """,
    )


def test_remove_the_last_keyword_only_parameter_removes_the_star():
    before = files(m_py="""
        def send(to, *, quiet=False):
            return to


        send("x", quiet=True)
        """)
    assert apply(RemoveParameter("send", "quiet"), before) == files(m_py="""
        def send(to):
            return to


        send("x")
        """)


def test_remove_from_a_method_counts_self_at_instance_calls_only():
    before = files(
        m_py="""
        class Counter:
            def add(self, step, label=None):
                return step


        counter = Counter()
        counter.add(1, "one")
        Counter.add(counter, 2, "two")
        """,
    )
    assert apply(RemoveParameter("Counter.add", "label"), before) == files(
        m_py="""
        class Counter:
            def add(self, step):
                return step


        counter = Counter()
        counter.add(1)
        Counter.add(counter, 2)
        """,
    )


# --- errors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "message"),
    [
        (AddParameter("fetch", "x", default="1"), "no function `fetch` in the files given"),
        (AddParameter("Client.get", "timeout", default="1"), "`Client.get` already has a parameter `timeout` (net.py line 9)"),
        (AddParameter("Client.get", "cache"), "`cache` without a default would follow `timeout`, which has one, in `Client.get`: give a default or keyword_only"),
        (AddParameter("Client.join", "c"), "`Client.join` is called (app.py line 12) and `c` has no default: give `argument`"),
        (AddParameter("Client.join", "c", default="1 +"), "the default '1 +' is not a Python expression"),
        (AddParameter("Client.join", "c", argument="f("), "the argument 'f(' is not a Python expression"),
        (AddParameter("Client.join", "for", default="1"), "the parameter name 'for' is a keyword"),
        (AddParameter("Client.join", "c", default="1", path="other.py"), "the file other.py is not among the Python files given"),
        (RemoveParameter("Client.get", "timeout"), "`timeout` is still used in the body of `Client.get` (net.py line 10)"),
        (RemoveParameter("Client.get", "size"), "`size` is not a parameter of `Client.get` (net.py line 9); its parameters: `self`, `path`, `timeout`"),
        (RemoveParameter("Client.get", "self"), "`self` is the receiver of the method `Client.get`"),
        (RemoveParameter("fetch_json", "options"), "`**options` of `fetch_json` collects what calls pass"),
    ],
)
def test_errors_say_what_did_not_fit(op, message):
    with pytest.raises(OpError) as raised:
        apply(op, both())
    assert message in str(raised.value)


def test_ambiguous_function_asks_for_the_path():
    twice = files(a_py="def f(x):\n    return 1\n", b_py="def f(x):\n    return 2\n")
    with pytest.raises(OpError, match=r"`f` is defined 2 times \(a.py line 1, b.py line 1\): give `path`"):
        apply(RemoveParameter("f", "x"), twice)
    assert apply(RemoveParameter("f", "x", path="b.py"), twice) == {"b.py": "def f():\n    return 2\n"}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("tag(*pair)", "the call at use.py line 3 passes `*pair`, which could carry `label`"),
        ("tag('x', **extra)", "the call at use.py line 3 passes `**extra`, which could carry `label`"),
    ],
)
def test_remove_refuses_calls_whose_star_arguments_could_carry_it(call, message):
    before = files(
        m_py="""
        def tag(item, label="", color=None):
            return item
        """,
        use_py=f"""
        from m import tag

        {call}
        """,
    )
    with pytest.raises(OpError) as raised:
        apply(RemoveParameter("tag", "label"), before)
    assert message in str(raised.value)


def test_remove_passes_a_star_argument_after_the_parameter():
    before = files(m_py="""
        def tag(item, label="", *rest):
            return item


        tag(1, "a", *more)
        """)
    assert apply(RemoveParameter("tag", "label"), before) == files(m_py="""
        def tag(item, *rest):
            return item


        tag(1, *more)
        """)


def test_a_file_that_does_not_parse_is_named_with_its_line():
    broken = dict(both(), **{"bad.py": "x = (\n"})
    with pytest.raises(OpError, match=r"^bad.py does not parse \(line 1\): "):
        apply(RemoveParameter("Client.join", "b"), broken)


# --- JSON ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "data"),
    [
        (AddParameter("f", "x"), {"kind": "add_parameter", "function": "f", "name": "x"}),
        (AddParameter("C.m", "x", default="1", annotation="int", keyword_only=True, argument="2", path="m.py"),
         {"kind": "add_parameter", "function": "C.m", "name": "x", "default": "1", "annotation": "int",
          "keyword_only": True, "argument": "2", "path": "m.py"}),
        (RemoveParameter("f", "x"), {"kind": "remove_parameter", "function": "f", "name": "x"}),
        (RemoveParameter("f", "x", path="m.py"),
         {"kind": "remove_parameter", "function": "f", "name": "x", "path": "m.py"}),
    ],
)
def test_json_both_ways(op, data):
    assert to_json(op) == data
    assert from_json(data) == op


def test_json_checks_the_fields():
    with pytest.raises(OpError, match="the field 'keyword_only' must be true or false, not a string"):
        from_json({"kind": "add_parameter", "function": "f", "name": "x", "keyword_only": "yes"})


def test_describe():
    assert AddParameter("f", "x", default="1").describe() == "add the parameter `x=1` to `f`"
    assert AddParameter("f", "x").describe() == "add the parameter `x` to `f`"
    assert RemoveParameter("C.m", "x").describe() == "remove the parameter `x` of `C.m`"


def test_super_calls_of_a_method_are_calls_too():
    # rope's occurrences leave `super().__init__(...)` out
    before = files(
        base_py="""
        class Account:
            def __init__(self, owner, currency="EUR"):
                self.owner = owner
        """,
        savings_py="""
        from base import Account


        class Savings(Account):
            def __init__(self, owner):
                super().__init__(owner, "USD")


        Account("ann", currency="GBP")
        """,
    )
    assert apply(RemoveParameter("Account.__init__", "currency"), before) == files(
        base_py="""
        class Account:
            def __init__(self, owner):
                self.owner = owner
        """,
        savings_py="""
        from base import Account


        class Savings(Account):
            def __init__(self, owner):
                super().__init__(owner)


        Account("ann")
        """,
    )


def test_calls_on_a_parameter_annotated_with_the_class_are_calls_too():
    # rope does not read the annotations of parameters
    before = files(
        client_py="""
        class Client:
            def get(self, path, timeout=5):
                return path
        """,
        use_py="""
        from client import Client


        def fetch_both(first: Client, second: "Client"):
            first.get("/a", timeout=1)
            return second.get("/b", 2)
        """,
    )
    assert apply(RemoveParameter("Client.get", "timeout"), before) == files(
        use_py="""
        from client import Client


        def fetch_both(first: Client, second: "Client"):
            first.get("/a")
            return second.get("/b")
        """,
        client_py="""
        class Client:
            def get(self, path):
                return path
        """,
    )


def test_comments_stay_with_their_parameter_and_argument():
    before = files(m_py="""
        def plot(
            xs,  # the x values
            ys,  # the y values
        ):
            return xs


        plot(
            [1],  # one point
            [2],  # its height
        )
        """)
    assert apply(RemoveParameter("plot", "ys"), before) == files(m_py="""
        def plot(
            xs,  # the x values
        ):
            return xs


        plot(
            [1],  # one point
        )
        """)
    assert apply(AddParameter("plot", "color", default='"red"', argument='"blue"'), before) == files(m_py="""
        def plot(
            xs,  # the x values
            ys,  # the y values
            color="red",
        ):
            return xs


        plot(
            [1],  # one point
            [2],  # its height
            color="blue",
        )
        """)


def test_add_before_star_args_refuses_calls_whose_extra_arguments_it_would_take():
    before = files(m_py="""
        def log(level, *parts):
            return level, parts


        log("info", "a", "b")
        """)
    with pytest.raises(OpError, match=r"the call at m.py line 5 passes positional arguments that `\*parts` of "
                                      r"`log` collects: `sep` before `\*parts` would take the first of them; "
                                      r"add it keyword_only"):  # fmt: skip
        apply(AddParameter("log", "sep", default='" "'), before)
    assert apply(AddParameter("log", "sep", default='" "', keyword_only=True), before) == files(m_py="""
        def log(level, *parts, sep=" "):
            return level, parts


        log("info", "a", "b")
        """)


def test_a_method_called_on_its_class_through_the_module_passes_self_itself():
    before = {
        "counter.py": "class Counter:\n    def add(self, step, label=None):\n        return step\n",
        "use.py": 'import counter\n\nc = counter.Counter()\ncounter.Counter.add(c, 1, "x")\nc.add(2, "y")\n',
    }
    assert apply(RemoveParameter("Counter.add", "label"), before) == {
        "counter.py": "class Counter:\n    def add(self, step):\n        return step\n",
        "use.py": "import counter\n\nc = counter.Counter()\ncounter.Counter.add(c, 1)\nc.add(2)\n",
    }


def test_calls_on_objects_of_unknown_class():
    # rope cannot tell the class of `box` (a parameter without annotation): its call is taken
    # for `Crate.seal`'s where no other class, and no builtin type, has a `seal`
    before = files(
        crate_py="""
        class Crate:
            def seal(self, tape=True):
                return 1
        """,
        use_py="""
        def close(box):
            return box.seal(False)
        """,
    )
    assert apply(RemoveParameter("Crate.seal", "tape"), before) == files(
        crate_py="""
        class Crate:
            def seal(self):
                return 1
        """,
        use_py="""
        def close(box):
            return box.seal()
        """,
    )
    # where builtin types have a member of that name, it is a guess: an error that says where
    dicts = files(
        client_py="""
        class Client:
            def get(self, path, timeout=5):
                return path
        """,
        use_py="""
        def fetch(client, options):
            return client.get("/a", 1), options.get("b")
        """,
    )
    with pytest.raises(OpError, match=r"the calls of `Client.get`: `.get` is also used at use.py line 2, "
                                      r"use.py line 2 on objects whose class cannot be told, and builtin "
                                      r"types have a member `get` too"):  # fmt: skip
        apply(RemoveParameter("Client.get", "timeout"), dicts)
