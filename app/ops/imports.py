"""Add or remove an import. An import is added where isort would put it (future, standard
library, third party, local: one group each, ``import x`` before ``from x import``, sorted by
module), or joins the file's ``from module import ...`` line; one is removed only when nothing
uses it any more."""

from __future__ import annotations

import dataclasses
import keyword
import sys
from collections.abc import Iterator, Mapping, Sequence

import libcst as cst
from libcst.helpers import get_full_name_for_node
from libcst.metadata import GlobalScope, ScopeProvider

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import (
    Source,
    assigned_names,
    blank_prefix,
    choose_file,
    collapse,
    is_docstring,
    is_future_import,
    lines_text,
    remove_statement,
    scope_statements,
)

FUTURE, STDLIB, THIRD_PARTY, FIRST_PARTY, LOCAL = range(5)


def _checked_names(module: str, name: str | None, alias: str | None) -> None:
    dots = len(module) - len(module.lstrip("."))
    parts = module[dots:].split(".") if module[dots:] else []
    if not (parts or dots) or not all(
        part.isidentifier() and not keyword.iskeyword(part) for part in parts
    ):
        raise OpError(f"the module {module!r} is not a dotted module name (os.path, .utils)")
    if dots and name is None:
        raise OpError(
            f"a relative module ({module}) is imported with a name: give name (from {module} import name)"
        )
    for label, value in (("name", name), ("alias", alias)):
        if value is not None and (not value.isidentifier() or keyword.iskeyword(value)):
            raise OpError(f"the {label} {value!r} is not a Python name")


def import_text(module: str, name: str | None, alias: str | None = None) -> str:
    """The import statement, as written into the file."""
    text = f"import {module}" if name is None else f"from {module} import {name}"
    return text + (f" as {alias}" if alias else "")


def _from_module(node: cst.ImportFrom) -> str:
    """The module of a ``from`` import as written: dots, then the dotted name."""
    dots = "." * len(node.relative)
    return dots + (get_full_name_for_node(node.module) or "" if node.module is not None else "")


def _alias_name(alias: cst.ImportAlias) -> str:
    return get_full_name_for_node(alias.name) or ""


def _as_name(alias: cst.ImportAlias) -> str | None:
    if alias.asname is None:
        return None
    assert isinstance(alias.asname.name, cst.Name)
    return alias.asname.name.value


def _imports(node: cst.CSTNode) -> Iterator[cst.Import | cst.ImportFrom]:
    """Every import statement within ``node``, at any depth."""
    found: list[cst.Import | cst.ImportFrom] = []

    class Finder(cst.CSTVisitor):
        def visit_Import(self, node: cst.Import) -> None:
            found.append(node)

        def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
            found.append(node)

    node.visit(Finder())
    return iter(found)


def _matches(
    node: cst.Import | cst.ImportFrom, module: str, name: str | None
) -> list[cst.ImportAlias]:
    """The aliases of an import statement that import ``module`` (``name`` from it)."""
    if name is None:
        if not isinstance(node, cst.Import):
            return []
        return [alias for alias in node.names if _alias_name(alias) == module]
    if not isinstance(node, cst.ImportFrom) or isinstance(node.names, cst.ImportStar):
        return []
    if _from_module(node) != module:
        return []
    return [alias for alias in node.names if _alias_name(alias) == name]


def _local_names(files: Mapping[str, str]) -> set[str]:
    """Top-level module names of the files given (they are first party)."""
    names: set[str] = set()
    for path in files:
        parts = [part for part in path.replace("\\", "/").split("/") if part and part != "."]
        if len(parts) > 1 and parts[0] in ("src", "lib"):
            parts = parts[1:]
        if not parts:
            continue
        top = parts[0]
        if len(parts) == 1:
            top = top.rsplit(".", 1)[0] if top.endswith((".py", ".pyi")) else ""
        if top.isidentifier():
            names.add(top)
    return names


def section(module: str, local: set[str]) -> int:
    """The isort section of ``module``: FUTURE, STDLIB, THIRD_PARTY, FIRST_PARTY (a module of
    the files given) or LOCAL (relative)."""
    if module == "__future__":
        return FUTURE
    if module.startswith("."):
        return LOCAL
    top = module.split(".")[0]
    if top in sys.stdlib_module_names:
        return STDLIB
    return FIRST_PARTY if top in local else THIRD_PARTY


def _statement_module(line: cst.SimpleStatementLine) -> tuple[bool, str]:
    """Whether an import line is a ``from`` import, and its (first) module."""
    first = line.body[0]
    if isinstance(first, cst.ImportFrom):
        return True, _from_module(first)
    assert isinstance(first, cst.Import)
    return False, _alias_name(first.names[0])


def _order(is_from: bool, module: str) -> tuple[bool, int, str]:
    dots = len(module) - len(module.lstrip("."))
    return (is_from, -dots, module.lstrip(".").lower())


def _is_import_line(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and all(
        isinstance(small, cst.Import | cst.ImportFrom) for small in statement.body
    )


def _member_order(name: str) -> tuple[int, str, str]:
    """isort's order of names in a ``from`` import: CONSTANTS, Classes, then functions."""
    rank = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return (rank, name.lower(), name)


@register
@dataclasses.dataclass(frozen=True)
class AddImport(Operation):
    """``import module [as alias]`` or ``from module import name [as alias]``, placed with the
    file's imports as isort would place it, or on a line of its own right ``after`` or ``before``
    one of them (the import line as the file writes it: "import math")."""

    kind = "add_import"
    module: str
    name: str | None = None
    alias: str | None = None
    path: str | None = None
    after: str | None = None
    before: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        _checked_names(self.module, self.name, self.alias)
        if self.path is None and len(files) > 1:
            raise OpError(
                f"say which file gets `{import_text(self.module, self.name, self.alias)}` "
                f"(path: one of {', '.join(sorted(files))})"
            )
        source = choose_file(files, self.path, what="the file to import into")
        module = source.module
        top_level = [
            small
            for statement in scope_statements(module.body)
            if isinstance(statement, cst.SimpleStatementLine)
            for small in statement.body
            if isinstance(small, cst.Import | cst.ImportFrom)
        ]
        for node in top_level:
            for alias in _matches(node, self.module, self.name):
                if _as_name(alias) == self.alias:
                    raise OpError(
                        f"`{import_text(self.module, self.name, self.alias)}` is already in "
                        f"{source.path} (line {source.line(node)})"
                    )
        bound = self.alias or self.name or (self.module if "." not in self.module else None)
        if bound is not None:
            for node in top_level:
                if isinstance(node.names, cst.ImportStar):
                    continue
                for alias in node.names:
                    if (_as_name(alias) or _alias_name(alias)) == bound:
                        raise OpError(
                            f"`{bound}` is already imported in {source.path} at line {source.line(node)} "
                            f"({source.code(node).strip()}): give an alias"
                        )
        new = cst.parse_statement(import_text(self.module, self.name, self.alias))
        if self.after is not None or self.before is not None:
            return source.changed(self._beside(source, new))
        if (
            self.name is not None and self.alias is None
        ):  # isort keeps `x as y` on a line of its own
            joined = self._join(module)
            if joined is not None:
                return source.changed(joined)
        return source.changed(self._placed(module, new, _local_names(files)))

    def _beside(self, source: Source, new: cst.BaseStatement) -> cst.Module:
        """The module with the import line ``new`` right after (before) the import line named."""
        if self.after is not None and self.before is not None:
            raise OpError("an import goes after one line or before one: give after or before, not both")
        said = collapse((self.after or self.before or "").split("#")[0])  # an import line holds no string: "#" starts a comment
        body = list(source.module.body)
        lines = {index: collapse(source.code(line.with_changes(trailing_whitespace=cst.TrailingWhitespace())))
                 for index, line in enumerate(body) if isinstance(line, cst.SimpleStatementLine) and _is_import_line(line)}  # fmt: skip
        found = [index for index, text in lines.items() if text == said]
        if len(found) != 1:
            raise OpError(
                f"{len(found) or 'no'} import line{'s' if len(found) > 1 else ''} `{said}` in {source.path}"
                f" (its import lines: {', '.join(lines.values()) or 'none'})"
            )
        index = found[0]
        if any(is_future_import(line) for line in body[index + (self.after is not None) :]):
            raise OpError(f"`{import_text(self.module, self.name, self.alias)}` would come before a `from __future__` import, "
                          "which must come first: name a line after it")
        if self.after is not None:
            return source.module.with_changes(body=[*body[: index + 1], new, *body[index + 1 :]])
        blanks, rest = blank_prefix(body[index])  # the new line takes the blank lines above the one it precedes
        new = new.with_changes(leading_lines=blanks)
        body[index] = body[index].with_changes(leading_lines=rest)
        return source.module.with_changes(body=[*body[:index], new, *body[index:]])

    def _join(self, module: cst.Module) -> cst.Module | None:
        """The module with the name added to its ``from module import ...`` line, if it has one."""
        for statement in module.body:
            if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
                continue
            node = statement.body[0]
            if (
                isinstance(node, cst.ImportFrom)
                and not isinstance(node.names, cst.ImportStar)
                and _from_module(node) == self.module
            ):
                result = module.deep_replace(
                    node, node.with_changes(names=self._joined_names(node))
                )
                assert isinstance(result, cst.Module)
                return result
        return None

    def _joined_names(self, node: cst.ImportFrom) -> list[cst.ImportAlias]:
        assert self.name is not None and not isinstance(node.names, cst.ImportStar)
        names = list(node.names)
        parsed = cst.parse_statement(import_text("m", self.name, self.alias))
        assert isinstance(parsed, cst.SimpleStatementLine) and isinstance(
            parsed.body[0], cst.ImportFrom
        )
        new = parsed.body[0].names[0]  # type: ignore[index]
        assert isinstance(new, cst.ImportAlias)
        keys = [_member_order(_alias_name(alias)) for alias in names]
        key = _member_order(self.name)
        index = sum(1 for other in keys if other <= key) if keys == sorted(keys) else len(names)
        if len(names) > 1 and isinstance(names[0].comma, cst.Comma):
            separator = names[0].comma
        elif node.lpar is not None and isinstance(
            node.lpar.whitespace_after, cst.ParenthesizedWhitespace
        ):
            separator = cst.Comma(whitespace_after=node.lpar.whitespace_after)
        else:
            separator = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        if index == len(names):
            new = new.with_changes(comma=names[-1].comma)
            names[-1] = names[-1].with_changes(comma=separator)
        else:
            new = new.with_changes(comma=separator)
        names.insert(index, new)
        return names

    def _placed(self, module: cst.Module, new: cst.BaseStatement, local: set[str]) -> cst.Module:
        """The module with the import line ``new`` among its imports, as isort would put it."""
        body: list[cst.BaseStatement] = list(module.body)
        blank = cst.EmptyLine(indent=False)
        wanted = section(self.module, local)
        start = 1 if body and is_docstring(body[0]) else 0
        first = next(
            (index for index in range(start, len(body)) if _is_import_line(body[index])), None
        )
        if (
            first is None
        ):  # no imports yet: after the docstring and `from __future__`, a blank line after
            index = start
            while index < len(body) and is_future_import(body[index]):
                index += 1
            if index < len(body):
                blanks, rest = blank_prefix(body[index])
                spacing = 2 if isinstance(body[index], cst.FunctionDef | cst.ClassDef) else 1
                new = new.with_changes(leading_lines=[blank] if index else [])
                body[index] = body[index].with_changes(
                    leading_lines=[blank] * max(spacing, len(blanks)) + rest
                )
            elif index:
                new = new.with_changes(leading_lines=[blank])
            return module.with_changes(body=[*body[:index], new, *body[index:]])
        end = first
        while end < len(body) and _is_import_line(body[end]):
            end += 1
        placed = [
            (index, section(_statement_module(body[index])[1], local))
            for index in range(first, end)
        ]  # type: ignore[arg-type]
        key = _order(self.name is not None, self.module)
        same = [index for index, line_section in placed if line_section == wanted]
        later = [index for index in same if _order(*_statement_module(body[index])) > key]  # type: ignore[arg-type]
        earlier = [index for index, line_section in placed if line_section < wanted]
        if later or not (same or earlier):  # before a line of its section, or a new first section
            index = later[0] if later else first
            blanks, rest = blank_prefix(body[index])
            new = new.with_changes(leading_lines=blanks)
            body[index] = body[index].with_changes(leading_lines=rest if later else [blank, *rest])
            return module.with_changes(body=[*body[:index], new, *body[index:]])
        if same:  # last of its section
            index = same[-1] + 1
        else:  # a new section after those that come before it
            index = earlier[-1] + 1
            new = new.with_changes(leading_lines=[blank])
        return module.with_changes(body=[*body[:index], new, *body[index:]])

    def describe(self) -> str:
        place = f" after `{self.after}`" if self.after else f" before `{self.before}`" if self.before else ""
        return f"add `{import_text(self.module, self.name, self.alias)}`{place}"


@register
@dataclasses.dataclass(frozen=True)
class RemoveImport(Operation):
    """Remove ``import module`` or ``name`` from ``from module import ...`` (the whole line when
    it was the only name); refused while the file still uses it."""

    kind = "remove_import"
    module: str
    name: str | None = None
    path: str | None = None

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        _checked_names(self.module, self.name, None)
        text = import_text(self.module, self.name)
        source = choose_file(
            files,
            self.path,
            what=f"`{text}`",
            test=lambda source: any(
                _matches(node, self.module, self.name) for node in _imports(source.module)
            ),
        )
        found = [
            (node, alias)
            for node in _imports(source.module)
            for alias in _matches(node, self.module, self.name)
        ]
        if not found:
            raise OpError(f"`{text}` is not in {source.path}{self._hint(source)}")
        if len(found) > 1:
            raise OpError(
                f"`{text}` is in {source.path} {len(found)} times "
                f"({lines_text([source.line(node) for node, _ in found])}): remove the one you mean "
                "with delete_statement"
            )
        node, alias = found[0]
        uses = self._uses(source, node, alias)
        if uses:
            raise OpError(
                f"`{_as_name(alias) or _alias_name(alias)}` is still used in {source.path} at "
                f"{lines_text(uses)}: change those first"
            )
        return source.changed(_without(source.module, node, alias))

    def _hint(self, source: Source) -> str:
        if self.name is None:
            froms = [
                node
                for node in _imports(source.module)
                if isinstance(node, cst.ImportFrom) and _from_module(node) == self.module
            ]
            if froms:
                return f" (line {source.line(froms[0])} imports names from it: give the name)"
        else:
            plain = [node for node in _imports(source.module) if _matches(node, self.module, None)]
            if plain:
                return (
                    f" (line {source.line(plain[0])} imports the module itself: leave out the name)"
                )
        return ""

    def _uses(
        self, source: Source, node: cst.Import | cst.ImportFrom, alias: cst.ImportAlias
    ) -> list[int]:
        """The lines that still use what ``alias`` binds."""
        scopes = source.wrapper.resolve(ScopeProvider)
        scope = scopes.get(node)
        if scope is None:
            return []
        asname = _as_name(alias)
        full = _alias_name(alias)
        if asname is not None or isinstance(node, cst.ImportFrom):
            names = {asname or full}
        else:
            parts = full.split(".")
            names = {".".join(parts[: depth + 1]) for depth in range(len(parts))}
        lines: list[int] = []
        for assignment in scope.assignments:
            if getattr(assignment, "node", None) is node and assignment.name in names:
                lines += [source.line(reference.node) for reference in assignment.references]
        if isinstance(scope, GlobalScope) and (asname or "." not in full):
            lines += _exported(source, asname or full)
        return sorted(set(lines))

    def describe(self) -> str:
        return f"remove `{import_text(self.module, self.name)}`"


def _exported(source: Source, name: str) -> list[int]:
    """The lines of module-level ``__all__`` assignments that list ``name``."""
    lines: list[int] = []
    for statement in scope_statements(source.module.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if "__all__" not in assigned_names(small) or getattr(small, "value", None) is None:
                continue
            for element in getattr(small.value, "elements", ()):  # type: ignore[union-attr]
                value = element.value
                if isinstance(value, cst.SimpleString) and value.evaluated_value == name:
                    lines.append(source.line(statement))
    return lines


def _without(
    module: cst.Module, node: cst.Import | cst.ImportFrom, alias: cst.ImportAlias
) -> cst.Module:
    """The module without ``alias`` (without its statement when it was the only name)."""
    names = list(node.names) if not isinstance(node.names, cst.ImportStar) else []
    if len(names) > 1:
        result = module.deep_replace(node, node.with_changes(names=_dropped(names, alias, "comma")))
        assert isinstance(result, cst.Module)
        return result
    line = _line_of(module, node)
    if len(line.body) > 1:
        result = module.deep_replace(line, line.with_changes(body=_dropped(line.body, node, "semicolon")))
        assert isinstance(result, cst.Module)
        return result
    return remove_statement(module, line)


def _dropped(items: Sequence[cst.CSTNode], item: cst.CSTNode, separator: str) -> list[cst.CSTNode]:
    """``items`` without ``item``; the last one removed, the one before it ends as it ended (its
    ``separator``, a comma or a semicolon, or none)."""
    kept = list(items)
    index = next(index for index, other in enumerate(kept) if other is item)
    if index == len(kept) - 1:
        kept[-2] = kept[-2].with_changes(**{separator: getattr(item, separator)})
    del kept[index]
    return kept


def _line_of(module: cst.Module, node: cst.CSTNode) -> cst.SimpleStatementLine:
    """The line that holds the small statement ``node``, at any depth."""
    found: list[cst.SimpleStatementLine] = []

    class Finder(cst.CSTVisitor):
        def visit_SimpleStatementLine(self, line: cst.SimpleStatementLine) -> bool:
            if any(small is node for small in line.body):
                found.append(line)
            return False

    module.visit(Finder())
    assert found, "the import is not in the module"
    return found[0]
