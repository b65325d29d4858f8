"""Cutting plans for sheets of coloured glass in a stained-glass workshop."""

import json
import math
from pathlib import Path

SHEET_WIDTH_MM = 600
SHEET_HEIGHT_MM = 450
KERF_MM = 2
WASTE_ALLOWANCE = 0.12
COLOUR_CODES = {"ruby": "R", "cobalt": "B", "amber": "A", "opal": "O"}


class GlassPiece:
    def __init__(self, label, colour, width, height):
        self.label = label
        self.colour = colour
        self.width = width
        self.height = height

    def area(self):
        return self.width * self.height

    def perimeter(self):
        return 2 * (self.width + self.height)

    def fits_on_sheet(self, sheet_width=SHEET_WIDTH_MM, sheet_height=SHEET_HEIGHT_MM):
        return (self.width <= sheet_width and self.height <= sheet_height) or (
            self.height <= sheet_width and self.width <= sheet_height
        )

    def code(self):
        return COLOUR_CODES.get(self.colour, "X") + "-" + self.label


class CuttingPlan:
    def __init__(self, window_name, kerf=KERF_MM):
        self.window_name = window_name
        self.kerf = kerf
        self.pieces = []
        self.rejected = []

    def add(self, piece):
        if piece.fits_on_sheet():
            self.pieces.append(piece)
        else:
            self.rejected.append(piece)

    def pieces_by_colour(self):
        grouped = {}
        for piece in self.pieces:
            grouped.setdefault(piece.colour, []).append(piece)
        return grouped

    def colours(self):
        return sorted({piece.colour for piece in self.pieces})

    def sheets_needed(self, colour):
        pieces = self.pieces_by_colour().get(colour, [])
        used = sum((p.width + self.kerf) * (p.height + self.kerf) for p in pieces)
        return sheets_for_area(used)


def sheets_for_area(area_mm2, allowance=WASTE_ALLOWANCE, sheet_area=SHEET_WIDTH_MM * SHEET_HEIGHT_MM):
    if area_mm2 <= 0:
        return 0
    return math.ceil(area_mm2 * (1 + allowance) / sheet_area)


def load_pieces(path, default_colour="opal"):
    data = json.loads(Path(path).read_text())
    pieces = []
    for entry in data["pieces"]:
        colour = entry.get("colour", default_colour)
        pieces.append(GlassPiece(entry["label"], colour, entry["width"], entry["height"]))
    return pieces


def build_plan(window_name, path, kerf=KERF_MM, strict=False):
    plan = CuttingPlan(window_name, kerf=kerf)
    for piece in load_pieces(path):
        plan.add(piece)
    return plan


def plan_summary(plan, separator=" | "):
    parts = [plan.window_name]
    for colour in sorted(plan.pieces_by_colour()):
        parts.append(f"{colour}: {plan.sheets_needed(colour)} sheets")
    if plan.rejected:
        count = len(plan.rejected)
        parts.append(f"{count} pieces too large")
    return separator.join(parts)
