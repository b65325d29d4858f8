"""Add or remove a parameter of a function or method, and pass or drop it at every call.

``AddParameter(function, name, default, annotation, keyword_only, argument, path)`` adds
``name`` as the last positional-or-keyword parameter (before ``*args``, keyword-only ones and
``**kwargs``), or as the last keyword-only one (writing ``*,`` where there is none); where
``argument`` is given, every call passes ``name=argument``. ``RemoveParameter(function, name,
path)`` takes it out of the def and out of every call (the positional argument at its index, or
the keyword).

rope finds the calls (``f(...)`` through any import, ``m.f(...)``, ``obj.meth(...)`` where rope
infers ``obj``'s class, ``Cls(...)`` for ``Cls.__init__``); libcst adds what rope leaves
(``super().meth(...)`` in subclasses, ``p.meth(...)`` where ``p`` is annotated with the class)
and edits the def and those calls exactly, comments and layout kept. A method called on objects
whose class rope cannot tell is taken for this one only where no other class of the files and
no builtin type has a member of that name; else an error names those calls. Expressions given
are written as given, after checking that they parse.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence

import libcst as cst

from specdraft.ops import Operation, OpError, register
from specdraft.ops.rename import (
    Occurrence,
    Owner,
    Parsed,
    Position,
    RopeFiles,
    annotated_uses,
    call_name_position,
    check_expression,
    check_identifier,
    check_unsure,
    find_function,
    in_fstrings,
    insert_element,
    parse_files,
    replace_element,
    subclass_names,
    with_rope,
)

_Found = tuple[dict[str, list[Occurrence]], dict[str, list[Occurrence]]]

# The sections of a def's parameters, in order, and whether each holds a list.
_SECTIONS = (("posonly_params", True), ("posonly_ind", False), ("params", True),
             ("star_arg", False), ("kwonly_params", True), ("star_kwarg", False))  # fmt: skip


def _flatten(params: cst.Parameters) -> list[tuple[str, cst.CSTNode]]:
    """The parameters of a def as one list of (section, node), commas included."""
    flat: list[tuple[str, cst.CSTNode]] = []
    for section, many in _SECTIONS:
        value = getattr(params, section)
        if many:
            flat.extend((section, node) for node in value)
        elif isinstance(value, cst.CSTNode):
            flat.append((section, value))
    return flat


def _rebuild(params: cst.Parameters, flat: list[tuple[str, cst.CSTNode]]) -> cst.Parameters:
    changes: dict[str, object] = {}
    for section, many in _SECTIONS:
        nodes = [node for tag, node in flat if tag == section]
        empty = None if section == "star_kwarg" else cst.MaybeSentinel.DEFAULT
        changes[section] = tuple(nodes) if many else (nodes[0] if nodes else empty)
    if not changes["posonly_params"]:
        changes["posonly_ind"] = cst.MaybeSentinel.DEFAULT
    return params.with_changes(**changes)


def _edit_flat(flat: list[tuple[str, cst.CSTNode]], edit: Callable[[list], list],
               tags: list[str]) -> list[tuple[str, cst.CSTNode]]:  # fmt: skip
    """``edit`` made on the nodes alone (commas fixed across sections), tags put back."""
    nodes = edit([node for _, node in flat])
    return list(zip(tags, nodes, strict=True))


def _all_params(params: cst.Parameters) -> list[cst.Param]:
    found = [*params.posonly_params, *params.params, *params.kwonly_params]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            found.append(star)
    return found


def _positional(params: cst.Parameters) -> list[cst.Param]:
    return [*params.posonly_params, *params.params]


def _names_of(function: str) -> list[str]:
    """The names a file must write to define or call ``function`` (its class's for ``__init__``)."""
    parts = function.split(".")
    return parts[-2:] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1:]


def _is_method(owner: Owner) -> bool:
    return owner.parent is not None and owner.parent.is_class


def _decorated(owner: Owner, name: str) -> bool:
    for decorator in owner.node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Name | cst.Attribute) and cst.helpers.get_full_name_for_node(expr) in (
                name, f"builtins.{name}"):  # fmt: skip
            return True
    return False


@dataclasses.dataclass
class _Call:
    """A call of the function: where, and how many positional parameters its form fills itself
    (``self`` of ``obj.meth(...)``, of ``Cls(...)`` for ``__init__``)."""

    parsed: Parsed
    node: cst.Call
    bound: int
    through_super: bool = False

    @property
    def where(self) -> str:
        return f"{self.parsed.path} line {self.parsed.line(self.node)}"


def _calls(files: Mapping[str, str], parsed: Mapping[str, Parsed], owner: Owner) -> list[_Call]:
    """Every call of the function ``owner`` that rope finds in the files (``parsed``: those
    that write its name, or its class's for ``__init__``)."""
    texts = files
    name_position = owner.parsed.start(owner.node.name)
    constructor = owner.node.name.value == "__init__" and _is_method(owner)

    def work(rope: RopeFiles) -> _Found:
        found = rope.occurrences(owner.node.name.value, owner.parsed.path, name_position, parsed,
                                 unsure=_is_method(owner))  # fmt: skip
        if constructor and owner.parent is not None:
            cls = owner.parent.node.name
            return found, rope.occurrences(cls.value, owner.parsed.path, owner.parsed.start(cls), parsed)
        return found, {}

    found, classes = with_rope_checked(texts, parsed, owner, work)
    subclasses: set[str] = set()
    annotated: dict[str, set[Position]] = {}
    if _is_method(owner) and owner.parent is not None:
        subclasses = subclass_names(parsed, owner.parent) - {owner.parent.node.name.value}
        annotated = annotated_uses(parsed, owner.parent, owner.node.name.value)
    calls: list[_Call] = []
    for path, file in parsed.items():
        direct = {o.position for o in found.get(path, ()) if o.called} | annotated.get(path, set())
        via_class = {o.position for o in classes.get(path, ()) if o.called}
        if not direct and not via_class and not (subclasses and "super(" in file.text):
            continue
        file.module.visit(_CollectCalls(file, owner, direct, via_class, subclasses, calls))
    if _is_method(owner) and owner.parent is not None:
        unsure = {(path, o.position) for path, found_in in found.items() for o in found_in if o.unsure}
        doubtful = [call.where for call in calls if not call.through_super
                    and (call.parsed.path, call_name_position(call.parsed, call.node)) in unsure
                    and call_name_position(call.parsed, call.node) not in annotated.get(call.parsed.path, ())]
        check_unsure(parsed, owner.parent, owner.node.name.value, doubtful, f"the calls of `{owner.dotted}`")
    return calls


def with_rope_checked(files: Mapping[str, str], parsed: Mapping[str, Parsed], owner: Owner,
                      work: Callable[[RopeFiles], _Found]) -> _Found:  # fmt: skip
    """``work`` on a rope project of the files; OpError where the function is called inside an
    f-string rope could not read (no call there could be found for sure)."""
    names = _names_of(owner.dotted)
    result, blanked = with_rope(files, names, work)
    for path in sorted(blanked):
        calls = [node for name in names for node in in_fstrings(parsed[path], name) if isinstance(node, cst.Call)]
        if calls:
            raise OpError(f"{path} line {parsed[path].line(calls[0])} calls `{owner.node.name.value}` inside "
                          f"an f-string rope cannot read: take the call out of the f-string first")  # fmt: skip
    return result


class _CollectCalls(cst.CSTVisitor):
    """The calls whose called name starts at one of ``direct`` (the function's) or ``via_class``
    (its class's, for ``__init__``), and ``super().<method>(...)`` in the classes named
    ``subclasses`` (rope finds none of those), appended to ``calls``."""

    def __init__(self, file: Parsed, owner: Owner, direct: set[Position], via_class: set[Position],
                 subclasses: set[str], calls: list[_Call]) -> None:  # fmt: skip
        self.file, self.owner, self.direct, self.via_class = file, owner, direct, via_class
        self.subclasses, self.calls = subclasses, calls
        self.classes: list[str] = []

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes.append(node.name.value)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.classes.pop()

    def visit_Call(self, node: cst.Call) -> None:
        position = call_name_position(self.file, node)
        func = node.func
        if (isinstance(func, cst.Attribute) and func.attr.value == self.owner.node.name.value
                and isinstance(func.value, cst.Call) and isinstance(func.value.func, cst.Name)
                and func.value.func.value == "super" and self.classes
                and self.classes[-1] in self.subclasses):  # fmt: skip
            self.calls.append(_Call(self.file, node, 1, through_super=True))
        elif position in self.via_class:
            self.calls.append(_Call(self.file, node, 1))
        elif position in self.direct:
            self.calls.append(_Call(self.file, node, _bound(self.owner, node)))


def _bound(owner: Owner, call: cst.Call) -> int:
    """How many leading parameters the call's form passes itself: 1 for a method called on an
    instance (or a classmethod on anything, ``super()`` included), 0 for a function, a
    staticmethod, or a method called on its class (``Cls.meth(obj, ...)``)."""
    if not _is_method(owner) or _decorated(owner, "staticmethod"):
        return 0
    if _decorated(owner, "classmethod"):
        return 1
    func = call.func
    assert owner.parent is not None
    if not isinstance(func, cst.Attribute):
        return 0
    through = cst.helpers.get_full_name_for_node(func.value) or ""
    return 0 if through.split(".")[-1] == owner.parent.node.name.value else 1


def _edit_files(parsed: Mapping[str, Parsed], owner: Owner, calls: Sequence[_Call],
                edit_def: Callable[[cst.Parameters], cst.Parameters],
                edit_call: Callable[[_Call, cst.Call], cst.Call]) -> dict[str, str]:  # fmt: skip
    """The files with the def's parameters and each call's arguments edited."""
    by_node = {id(call.node): call for call in calls}
    changed: dict[str, str] = {}
    for path, file in parsed.items():
        if file is not owner.parsed and not any(call.parsed is file for call in calls):
            continue

        class Edit(cst.CSTTransformer):
            def leave_FunctionDef(self, original_node: cst.FunctionDef, updated_node: cst.FunctionDef,
                                  ) -> cst.FunctionDef:  # fmt: skip
                if original_node is owner.node:
                    return updated_node.with_changes(params=edit_def(updated_node.params))
                return updated_node

            def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
                call = by_node.get(id(original_node))
                return edit_call(call, updated_node) if call is not None else updated_node

        code = file.module.visit(Edit()).code
        if code != file.text:
            changed[path] = code
    return changed


def _list_params(params: cst.Parameters) -> str:
    names = [param.name.value for param in _all_params(params)]
    return ", ".join(f"`{name}`" for name in names) or "none"


@register
@dataclasses.dataclass(frozen=True)
class AddParameter(Operation):
    """Add the parameter ``name`` to ``function`` (and pass ``argument`` at its calls)."""

    kind = "add_parameter"

    function: str
    name: str
    default: str | None = None
    annotation: str | None = None
    keyword_only: bool = False
    argument: str | None = None
    path: str | None = None

    def describe(self) -> str:
        written = f"{self.name}={self.default}" if self.default is not None else self.name
        return f"add the parameter `{written}` to `{self.function}`"

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        check_identifier(self.name, "the parameter name")
        default = check_expression(self.default, "the default") if self.default is not None else None
        annotation = check_expression(self.annotation, "the annotation") if self.annotation is not None else None
        argument = check_expression(self.argument, "the argument") if self.argument is not None else None
        parsed = parse_files(files, _names_of(self.function), self.path)
        owner = find_function(parsed, self.function, self.path)
        assert isinstance(owner.node, cst.FunctionDef)
        params = owner.node.params
        existing = next((p for p in _all_params(params) if p.name.value == self.name), None)
        if existing is not None:
            raise OpError(f"`{self.function}` already has a parameter `{self.name}` ({owner.parsed.path} "
                          f"line {owner.parsed.line(existing)}): rename it, or choose another name")  # fmt: skip
        with_default = [p for p in _positional(params) if p.default is not None]
        if default is None and not self.keyword_only and with_default:
            raise OpError(f"`{self.name}` without a default would follow `{with_default[0].name.value}`, "
                          f"which has one, in `{self.function}`: give a default or keyword_only")  # fmt: skip
        calls = _calls(files, parsed, owner)
        if not self.keyword_only and isinstance(params.star_arg, cst.Param):
            self._check_no_overflow(calls, len(_positional(params)), params.star_arg.name.value)
        if default is None and argument is None and calls:
            places = ", ".join(call.where for call in calls)
            raise OpError(f"`{self.function}` is called ({places}) and `{self.name}` has no default: "
                          f"give `argument`, the value each call passes, or a default")  # fmt: skip
        space = cst.SimpleWhitespace(" " if annotation is not None else "")
        param = cst.Param(cst.Name(self.name), annotation=cst.Annotation(annotation) if annotation else None,
                          default=default, star="", equal=cst.AssignEqual(space, space)
                          if default is not None else cst.MaybeSentinel.DEFAULT)  # fmt: skip

        def edit_def(params: cst.Parameters) -> cst.Parameters:
            flat = _flatten(params)
            tags = [tag for tag, _ in flat]
            if self.keyword_only:
                order = ("posonly_params", "posonly_ind", "params", "star_arg", "kwonly_params")
                index = sum(1 for tag in tags if tag in order)
                if not isinstance(params.star_arg, cst.Param | cst.ParamStar):
                    flat = _edit_flat(flat, lambda nodes: insert_element(nodes, index, cst.ParamStar()),
                                      tags[:index] + ["star_arg"] + tags[index:])  # fmt: skip
                    tags = [tag for tag, _ in flat]
                    index += 1
                section = "kwonly_params"
            else:
                order = ("posonly_params", "posonly_ind", "params")
                index = sum(1 for tag in tags if tag in order)
                section = "params"
            flat = _edit_flat(flat, lambda nodes: insert_element(nodes, index, param),
                              tags[:index] + [section] + tags[index:])  # fmt: skip
            return _rebuild(params, flat)

        def edit_call(call: _Call, node: cst.Call) -> cst.Call:
            if argument is None:
                return node
            arg = cst.Arg(argument, keyword=cst.Name(self.name),
                          equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                                whitespace_after=cst.SimpleWhitespace("")))  # fmt: skip
            return node.with_changes(args=insert_element(node.args, len(node.args), arg))

        return _edit_files(parsed, owner, calls, edit_def, edit_call)


    def _check_no_overflow(self, calls: Sequence[_Call], positional: int, star: str) -> None:
        """OpError where a call passes positional arguments that ``*star`` collects today: the
        new parameter, before ``*star``, would take the first of them."""
        for call in calls:
            passed = [arg for arg in call.node.args if arg.keyword is None and arg.star != "**"]
            if any(arg.star == "*" for arg in passed) or len(passed) + call.bound > positional:
                raise OpError(f"the call at {call.where} passes positional arguments that `*{star}` of "
                              f"`{self.function}` collects: `{self.name}` before `*{star}` would take "
                              f"the first of them; add it keyword_only")  # fmt: skip


@register
@dataclasses.dataclass(frozen=True)
class RemoveParameter(Operation):
    """Remove the parameter ``name`` of ``function`` and its argument at every call."""

    kind = "remove_parameter"

    function: str
    name: str
    path: str | None = None

    def describe(self) -> str:
        return f"remove the parameter `{self.name}` of `{self.function}`"

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        parsed = parse_files(files, _names_of(self.function), self.path)
        owner = find_function(parsed, self.function, self.path)
        assert isinstance(owner.node, cst.FunctionDef)
        params = owner.node.params
        param = next((p for p in _all_params(params) if p.name.value == self.name), None)
        if param is None:
            raise OpError(f"`{self.name}` is not a parameter of `{self.function}` ({owner.where}); "
                          f"its parameters: {_list_params(params)}")  # fmt: skip
        if param is params.star_arg or param is params.star_kwarg:
            stars = "*" if param is params.star_arg else "**"
            raise OpError(f"`{stars}{self.name}` of `{self.function}` collects what calls pass: "
                          f"removing it changes what every call may pass; edit the calls first")  # fmt: skip
        positional = _positional(params)
        index = next((i for i, p in enumerate(positional) if p is param), None)
        if index == 0 and _is_method(owner) and not _decorated(owner, "staticmethod"):
            raise OpError(f"`{self.name}` is the receiver of the method `{self.function}`: "
                          f"it cannot be removed")  # fmt: skip
        self._check_unused(owner, param)
        by_keyword = param not in params.posonly_params
        calls = _calls(files, parsed, owner)
        plans = {id(call.node): self._plan(call, index, by_keyword) for call in calls}

        def edit_def(params: cst.Parameters) -> cst.Parameters:
            flat = _flatten(params)
            at = next(i for i, (_, node) in enumerate(flat)
                      if isinstance(node, cst.Param) and node.name.value == self.name)  # fmt: skip
            tags = [tag for i, (tag, _) in enumerate(flat) if i != at]
            flat = _edit_flat(flat, lambda nodes: replace_element(nodes, at, None), tags)
            if not any(tag == "kwonly_params" for tag in tags) and any(
                    tag == "star_arg" and isinstance(node, cst.ParamStar) for tag, node in flat):  # fmt: skip
                star = next(i for i, (tag, _) in enumerate(flat) if tag == "star_arg")
                tags = [tag for i, (tag, _) in enumerate(flat) if i != star]
                flat = _edit_flat(flat, lambda nodes: replace_element(nodes, star, None), tags)
            if not any(tag == "posonly_params" for tag in tags) and any(tag == "posonly_ind" for tag in tags):
                slash = tags.index("posonly_ind")
                tags = [tag for i, tag in enumerate(tags) if i != slash]
                flat = _edit_flat(flat, lambda nodes: replace_element(nodes, slash, None), tags)
            return _rebuild(params, flat)

        def edit_call(call: _Call, node: cst.Call) -> cst.Call:
            at = plans[id(call.node)]
            if at is None:
                return node
            return node.with_changes(args=replace_element(node.args, at, None))

        return _edit_files(parsed, owner, calls, edit_def, edit_call)

    def _check_unused(self, owner: Owner, param: cst.Param) -> None:
        """OpError where the function's body still reads the parameter."""
        scope = owner.scope
        lines = sorted({owner.parsed.line(access.node) for assignment in scope.assignments[self.name]
                        if getattr(assignment, "node", None) is param
                        for access in assignment.references})  # fmt: skip
        if lines:
            where = ", ".join(str(line) for line in lines)
            raise OpError(f"`{self.name}` is still used in the body of `{self.function}` "
                          f"({owner.parsed.path} line{'s' if len(lines) > 1 else ''} {where}): "
                          f"remove those uses first, or give it a value there")  # fmt: skip

    def _plan(self, call: _Call, index: int | None, by_keyword: bool) -> int | None:
        """The index of the argument to drop from ``call`` (None: it passes none); OpError when
        a ``*args`` or ``**kwargs`` of the call could carry the parameter."""
        wanted = None if index is None else index - call.bound
        count = 0
        for at, arg in enumerate(call.node.args):
            if arg.keyword is not None:
                if arg.keyword.value == self.name and by_keyword:
                    return at
                continue
            if arg.star == "*":
                if wanted is not None and count <= wanted:
                    raise OpError(f"the call at {call.where} passes `*{_code(arg.value)}`, which could "
                                  f"carry `{self.name}`: pass its arguments one by one first")  # fmt: skip
                continue
            if arg.star == "**":
                continue
            if count == wanted:
                return at
            count += 1
        if by_keyword and any(arg.star == "**" for arg in call.node.args):
            kwargs = next(arg for arg in call.node.args if arg.star == "**")
            raise OpError(f"the call at {call.where} passes `**{_code(kwargs.value)}`, which could "
                          f"carry `{self.name}`: pass its arguments by name first")  # fmt: skip
        return None


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)
