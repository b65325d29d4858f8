"""Add type hints to a function: annotations of the parameters named and of the return, each
replacing any annotation there."""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping

import libcst as cst

from specdraft.ops import Operation, OpError, register
from specdraft.ops.locate import choose_file, collapse, find_scope, has_scope, parse_expression


@register
@dataclasses.dataclass(frozen=True)
class AddTypeHints(Operation):
    """Annotate ``function``'s parameters (``parameters``: name -> annotation; "args" or "*args"
    for a star parameter) and its return (``returns``)."""

    kind = "add_type_hints"
    function: str
    parameters: Mapping[str, str] = dataclasses.field(
        default_factory=lambda: types.MappingProxyType({})
    )
    returns: str | None = None
    path: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.parameters, types.MappingProxyType):
            object.__setattr__(self, "parameters", types.MappingProxyType(dict(self.parameters)))

    def __hash__(self) -> int:
        return hash(
            (self.function, tuple(sorted(self.parameters.items())), self.returns, self.path)
        )

    def apply(self, files: Mapping[str, str]) -> dict[str, str]:
        if not self.parameters and self.returns is None:
            raise OpError(
                f"no type hints given for `{self.function}`: give parameters, returns or both"
            )
        hints = {
            name.lstrip("*"): parse_expression(hint, f"the hint for `{name}`")
            for name, hint in self.parameters.items()
        }
        returns = (
            parse_expression(self.returns, "the return hint") if self.returns is not None else None
        )
        source = choose_file(
            files,
            self.path,
            what=f"`{self.function}`",
            test=lambda source: has_scope(source, self.function),
        )
        function = find_scope(source, self.function)
        if not isinstance(function, cst.FunctionDef):
            raise OpError(f"`{self.function}` is a class, not a function: name one of its methods")
        params = function.params
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        every += [
            extra for extra in (params.star_arg, params.star_kwarg) if isinstance(extra, cst.Param)
        ]
        names = [param.name.value for param in every]
        unknown = [name for name in hints if name not in names]
        if unknown:
            listed = ", ".join(f"`{name}`" for name in names) or "none"
            raise OpError(
                f"`{self.function}` has no parameter {', '.join(f'`{name}`' for name in unknown)} "
                f"(its parameters: {listed})"
            )

        def annotated(param: cst.Param) -> cst.Param:
            hint = hints.get(param.name.value)
            if hint is None:
                return param
            if param.annotation is not None:
                return param.with_changes(annotation=param.annotation.with_changes(annotation=hint))
            changes: dict[str, object] = {"annotation": cst.Annotation(hint)}
            if param.default is not None:
                changes["equal"] = cst.AssignEqual()  # PEP 8: spaces around = once annotated
            return param.with_changes(**changes)

        def star(
            extra: cst.Param | cst.ParamStar | cst.MaybeSentinel,
        ) -> cst.Param | cst.ParamStar | cst.MaybeSentinel:
            return annotated(extra) if isinstance(extra, cst.Param) else extra

        new_params = params.with_changes(
            posonly_params=[annotated(param) for param in params.posonly_params],
            params=[annotated(param) for param in params.params],
            kwonly_params=[annotated(param) for param in params.kwonly_params],
            star_arg=star(params.star_arg),
            star_kwarg=star(params.star_kwarg),
        )
        changes: dict[str, object] = {"params": new_params}
        if returns is not None:
            changes["returns"] = (
                function.returns.with_changes(annotation=returns)
                if function.returns is not None
                else cst.Annotation(
                    returns,
                    whitespace_before_indicator=cst.SimpleWhitespace(" "),
                    whitespace_after_indicator=cst.SimpleWhitespace(" "),
                )
            )
        module = source.module.deep_replace(function, function.with_changes(**changes))
        assert isinstance(module, cst.Module)
        return source.changed(module)

    def describe(self) -> str:
        hints = [f"{name}: {collapse(hint)}" for name, hint in self.parameters.items()]
        if self.returns is not None:
            hints.append(f"-> {collapse(self.returns)}")
        return f"add type hints to `{self.function}` ({', '.join(hints)})"
