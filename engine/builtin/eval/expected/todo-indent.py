"""A small command-line to-do list kept in a JSON file."""

import argparse
import json
import sys
from datetime import date
from pathlib import Path

STORE = Path.home() / ".todo.json"
PRIORITIES = ("low", "normal", "high")


def load_items(path=STORE):
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def save_items(items, path=STORE):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(items, indent=4), encoding="utf-8")
    tmp.replace(path)


def next_id(items):
    return max((item["id"] for item in items), default=0) + 1


def add_item(items, title, priority="normal", due=None):
    if priority not in PRIORITIES:
        raise ValueError(f"unknown priority: {priority}")
    item = {"id": next_id(items), "title": title, "priority": priority, "done": False}
    if due is not None:
        item["due"] = due.isoformat()
    items.append(item)
    return item


def complete_item(items, item_id):
    for item in items:
        if item["id"] == item_id:
            item["done"] = True
            return item
    raise KeyError(item_id)


def overdue(items, today=None):
    today = today or date.today()
    late = []
    for item in items:
        if item["done"] or "due" not in item:
            continue
        if date.fromisoformat(item["due"]) < today:
            late.append(item)
    return late


def format_item(item, width=80):
    mark = "x" if item["done"] else " "
    due = f" (due {item['due']})" if "due" in item else ""
    return f"[{mark}] {item['id']:>3}  {item['title']}{due}"


def build_parser():
    parser = argparse.ArgumentParser(prog="todo", description="keep a to-do list")
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser("add", help="add an item")
    add.add_argument("title")
    add.add_argument("--priority", choices=PRIORITIES, default="normal")
    add.add_argument("--due", type=date.fromisoformat)
    done = commands.add_parser("done", help="mark an item done")
    done.add_argument("item_id", type=int)
    commands.add_parser("list", help="show open items")
    commands.add_parser("late", help="show overdue items")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    items = load_items()
    if args.command == "add":
        item = add_item(items, args.title, args.priority, args.due)
        print(f"added {item['id']}")
    elif args.command == "done":
        try:
            complete_item(items, args.item_id)
        except KeyError:
            print(f"no item {args.item_id}", file=sys.stderr)
            return 1
    elif args.command == "list":
        for item in items:
            if not item["done"]:
                print(format_item(item))
    elif args.command == "late":
        for item in overdue(items):
            print(format_item(item))
    save_items(items)
    return 0


if __name__ == "__main__":
    sys.exit(main())
