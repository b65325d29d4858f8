"""Pre-show prop checklist for the Little Lantern puppet theatre."""

import json
from collections import defaultdict
from pathlib import Path

CHECKLIST_FILE = Path("props/checklist.json")
FRAGILE_TAGS = {"marionette", "shadow", "glass"}
MAX_REPAIRS_BEFORE_RETIRE = 3
SETUP_MINUTES_PER_PROP = 2
SIDES = ("stage left", "stage right", "fly loft")


def load_checklist(path=CHECKLIST_FILE, opening_scene="prologue"):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    return [normalise_prop(entry, default_scene=opening_scene) for entry in raw]


def normalise_prop(entry, default_scene="prologue"):
    side = entry.get("side", "stage left")
    if side not in SIDES:
        side = "stage left"
    return {
        "name": entry["name"].strip().title(),
        "scene": entry.get("scene", default_scene),
        "tags": set(entry.get("tags", [])),
        "repairs": int(entry.get("repairs", 0)),
        "side": side,
    }


def props_by_scene(props):
    grouped = defaultdict(list)
    for prop in props:
        grouped[prop["scene"]].append(prop["name"])
    for names in grouped.values():
        names.sort()
    return dict(grouped)


def setup_time(props, crew_size=2, show_code=None):
    fragile = sum(1 for p in props if p["tags"] & FRAGILE_TAGS)
    minutes = len(props) * SETUP_MINUTES_PER_PROP + fragile * 3
    return minutes / max(crew_size, 1)


class PropChecklist:
    def __init__(self, show_title, props):
        self.show_title = show_title
        self.props = props
        self.ticked = set()
        self.missing_notes = {}

    def tick(self, name):
        if not any(p["name"] == name for p in self.props):
            raise KeyError(f"no prop called {name!r} on the list")
        self.ticked.add(name)
        self.missing_notes.pop(name, None)

    def flag_missing(self, name, note="not found in the wings"):
        self.ticked.discard(name)
        self.missing_notes[name] = note

    def outstanding(self):
        return [p["name"] for p in self.props if p["name"] not in self.ticked]

    def due_for_retirement(self):
        return [p["name"] for p in self.props if p["repairs"] >= MAX_REPAIRS_BEFORE_RETIRE]

    def by_side(self):
        sides = {side: [] for side in SIDES}
        for prop in self.props:
            sides[prop["side"]].append(prop["name"])
        return sides

    def ready(self):
        return not self.outstanding() and not self.missing_notes

    def report(self, crew=2):
        done = len(self.ticked)
        lines = [f"{self.show_title}: {done}/{len(self.props)} props ready"]
        for name in self.outstanding():
            note = self.missing_notes.get(name, "unchecked")
            lines.append(f"  - {name} ({note})")
        retiring = self.due_for_retirement()
        if retiring:
            lines.append("Retire after this run: " + ", ".join(retiring))
        estimate = setup_time(self.props, crew, "main")
        lines.append(f"Setup estimate: {estimate:.0f} min with {crew} crew")
        return "\n".join(lines)


def save_progress(checklist, path):
    payload = {
        "show": checklist.show_title,
        "ticked": sorted(checklist.ticked),
        "missing": checklist.missing_notes,
    }
    Path(path).write_text(json.dumps(payload, indent=2), encoding="utf-8")
    return path


def scene_change_load(props, scene, touring=False):
    names = props_by_scene(props).get(scene, [])
    heavy = [p for p in props if p["name"] in names and "glass" in p["tags"]]
    minutes = setup_time([p for p in props if p["name"] in names], 1, "tour" if touring else "main")
    return {"scene": scene, "props": len(names), "fragile": len(heavy), "minutes": minutes}
