import math

ROLL_WIDTHS_M = (4.0, 5.0)
WASTE_ALLOWANCE = 0.1
UNDERLAY_PRICE_M2 = 6.5
GRIPPER_PRICE_PER_M = 0.9
FITTING_PRICE_M2 = 5.0


def room_area(length_m, width_m, bay=None):
    area = length_m * width_m
    if bay:
        bay_depth, bay_width = bay
        area += bay_depth * bay_width
    return round(area, 2)


def best_roll(length_m, width_m):
    """Pick the roll width that wastes least carpet for a rectangular room."""
    options = []
    for roll in ROLL_WIDTHS_M:
        for run, across in ((length_m, width_m), (width_m, length_m)):
            drops = math.ceil(across / roll)
            cut_length = drops * (run + 0.1)
            options.append((cut_length * roll, roll, cut_length, drops))
    ordered_area, roll, cut_length, drops = min(options)
    return {"roll": roll, "cut_length": round(cut_length, 2), "seams": drops - 1,
            "ordered_m2": round(ordered_area, 2)}


def perimeter(length_m, width_m, doorways=1, doorway_width=0.8):
    return 2 * (length_m + width_m) - doorways * doorway_width


class RoomQuote:
    def __init__(self, name, length_m, width_m, carpet_price_m2, doorways=1):
        self.name = name
        self.length_m = length_m
        self.width_m = width_m
        self.carpet_price_m2 = carpet_price_m2
        self.doorways = doorways

    def cut(self):
        return best_roll(self.length_m, self.width_m)

    def price(self, with_underlay=True):
        plan = self.cut()
        fitted_area = room_area(self.length_m, self.width_m)
        total = plan["ordered_m2"] * (1 + WASTE_ALLOWANCE) * self.carpet_price_m2
        total += fitted_area * FITTING_PRICE_M2
        total += perimeter(self.length_m, self.width_m, self.doorways) * GRIPPER_PRICE_PER_M
        if with_underlay:
            total += fitted_area * UNDERLAY_PRICE_M2
        return round(total, 2)


def house_total(rooms, with_underlay=True):
    lines = [(room.name, room.price(with_underlay)) for room in rooms]
    return lines, round(sum(price for _, price in lines), 2)


def stairs_length(treads, tread_depth_m=0.25, riser_m=0.2, landing_m=0.0):
    run = treads * (tread_depth_m + riser_m) + landing_m
    return round(run * (1 + WASTE_ALLOWANCE), 2)
