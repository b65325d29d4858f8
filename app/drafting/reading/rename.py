"""Reading a rename: "rename `parse_tags` to `split_tags`", "rename the parameter path of load to filename".

The old name must be bound in the files, in one place once the instruction's role word ("the
parameter", "the method") and owner ("in load", "of Garage", "Garage.leave") are taken into
account; the new name must be an identifier. Anything less certain reads as nothing.
"""

from __future__ import annotations

import re

from specdraft.drafting.reading.names import ROLES, Binding, Names
from specdraft.drafting.reading.words import DOTTED, asks_more, is_identifier, name_term
from specdraft.ops import Operation
from specdraft.ops.rename import Rename

# the role words an instruction puts before a name, and the roles of bindings each may mean
ROLE_WORDS = {
    "function": ("function",), "func": ("function",), "helper": ("function",),
    "method": ("method",), "class": ("class",), "dataclass": ("class",),
    "constant": ("constant",), "const": ("constant",), "global": ("constant", "variable"),
    "variable": ("variable", "local", "constant"), "var": ("variable", "local"), "local": ("local",),
    "local variable": ("local",), "local var": ("local",), "instance attribute": ("attribute",),
    "class attribute": ("attribute",), "module constant": ("constant",), "global variable": ("variable", "constant"),
    "parameter": ("parameter",), "param": ("parameter",), "argument": ("parameter",), "arg": ("parameter",),
    "kwarg": ("parameter",), "keyword": ("parameter",),
    "attribute": ("attribute",), "attr": ("attribute",), "field": ("attribute",), "property": ("method", "attribute"),
}  # fmt: skip
_ROLE = "|".join(word.replace(" ", r"\s+") for word in sorted(ROLE_WORDS, key=len, reverse=True))
_OWNER = rf"(?:\s+(?:in|of|inside|within|on|from)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?{name_term('owner')})"
_KINDS = r"(?:\s+(?:list|dict|dictionary|set|tuple|counter|string|number|flag|total|count|value|name))?"
_OLD = (rf"(?:the\s+)?(?:(?P<role>{_ROLE})s?{_KINDS}\s+)?{name_term('old')}(?:\s+(?P<role_after>{_ROLE}))?{_OWNER}?"
        rf"|(?:the\s+)?{name_term('possessor')}(?:'s)?\s+(?P<role_of>{_ROLE})\s+{name_term('old_of')}")  # fmt: skip
_NEW = (r"`?(?:(?P<new_owner>[A-Za-z_][\w.]*)\.)?(?P<new>[A-Za-z_][A-Za-z0-9_]*)`?(?:\s+(?:in|inside|within)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?"
        r"`?(?P<owner_after>[A-Za-z_][\w.]*)`?(?:\(\))?)?")
_PATTERNS = [
    re.compile(rf"\brename\s+(?:{_OLD})\s+(?:to|as|into)\s+{_NEW}", re.I),
    re.compile(rf"\bchange\s+the\s+name\s+of\s+(?:{_OLD})\s+to\s+{_NEW}", re.I),
    re.compile(rf"\brename\s+(?:{_OLD})\s*(?:->|=>|\u2192)\s*{_NEW}", re.I),
    re.compile(rf"(?:^|\brename\s+|\s)(?:{_OLD})\s+(?:should\s+be|must\s+be|is\s+to\s+be)\s+(?:re)?(?:named|called)\s+(?:to\s+)?{_NEW}", re.I),
]


def read(instruction: str, names: Names) -> Operation | None:
    for pattern in _PATTERNS:
        match = pattern.search(instruction)
        if match is None:
            continue
        if asks_more(instruction, match.group(0)):
            return None
        return _rename(match, names)
    return None


def _rename(match: re.Match[str], names: Names) -> Operation | None:
    groups = match.groupdict()
    old = groups.get("old") or groups.get("old_of") or ""
    after = groups.get("owner_after")
    owner = groups.get("owner") or groups.get("possessor") or (after if after and names.scopes(after) else None) or names.focus
    role = " ".join((groups.get("role") or groups.get("role_after") or groups.get("role_of") or "").lower().split())
    new = groups["new"]
    if old.startswith("self.") or old.startswith("cls."):  # `self.count`: an attribute of the class in focus
        old = old.split(".", 1)[1]
        role = role or "attribute"
    new_owner = groups.get("new_owner")
    if new_owner not in (None, "self", "cls") and not old.startswith(new_owner + "."):
        return None  # "Garage.leave to Van.leave": a move, not a rename
    if not is_identifier(new) or new == old.split(".")[-1]:
        return None
    if "." in old:  # "Garage.leave", "load.path"
        owner, old = old.rsplit(".", 1) if not owner else (owner, old)
        if "." in old:
            return None
    if not re.fullmatch(DOTTED, old):
        return None
    roles = ROLE_WORDS.get(role, ())
    found = _bindings(names, old, roles, owner)
    if len({(b.role == "parameter" or b.role == "local", b.owner) for b in found}) != 1:
        return None  # not bound, or bound in several places the words do not tell apart
    binding = found[0]
    return Rename(old=old, new=new, scope=binding.owner, path=binding.path)


def _bindings(names: Names, old: str, roles: tuple[str, ...], owner: str | None) -> list[Binding]:
    """The bindings of ``old`` the words allow: in ``roles`` where a role word is given, owned by
    (or inside) ``owner`` where one is named."""
    found = names.named(old, roles or ROLES)
    if owner is not None:  # its own binding first ("Garage.size": the attribute), then one inside it
        exact = [b for b in found if b.owned_by(owner)]
        found = exact or [b for b in found if b.owner is not None and b.owner.startswith(owner + ".")]
    # an instance attribute and a parameter of the same name in its class's __init__ are read apart
    # by the role word only; a class attribute and its instance attribute are one name of the class
    return found
