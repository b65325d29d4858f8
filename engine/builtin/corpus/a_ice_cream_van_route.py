import math
import random

STOP_MINUTES = 6
DRIVE_SPEED_MPH = 14
CHIMES_QUIET_HOUR = 19
HOT_DAY_TEMPERATURE = 22
SALES_PER_CHILD = 0.35


class Stop:
    def __init__(self, street, x, y, children=0, last_sales=None):
        self.street = street
        self.x = x
        self.y = y
        self.children = children
        self.last_sales = last_sales or []

    def distance_to(self, other):
        return math.hypot(self.x - other.x, self.y - other.y)

    def expected_sales(self, temperature):
        base = self.children * SALES_PER_CHILD
        if self.last_sales:
            base = (base + sum(self.last_sales) / len(self.last_sales)) / 2
        if temperature >= HOT_DAY_TEMPERATURE:
            base *= 1 + (temperature - HOT_DAY_TEMPERATURE) * 0.08
        return round(base, 1)


def nearest_neighbour_route(depot, stops):
    """Order stops by always driving to the closest one not yet visited."""
    route = []
    remaining = list(stops)
    here = depot
    while remaining:
        nxt = min(remaining, key=here.distance_to)
        route.append(nxt)
        remaining.remove(nxt)
        here = nxt
    return route


def route_minutes(depot, route, speed=DRIVE_SPEED_MPH):
    miles = 0.0
    here = depot
    for stop in route:
        miles += here.distance_to(stop)
        here = stop
    return miles / speed * 60 + len(route) * STOP_MINUTES


def plan_day(depot, stops, temperature, hours=5, min_sales=2.0, seed=None):
    """Pick worthwhile stops and order them to fit in the shift."""
    worthwhile = [s for s in stops if s.expected_sales(temperature) >= min_sales]
    random.Random(seed).shuffle(worthwhile)
    route = nearest_neighbour_route(depot, worthwhile)
    while route and route_minutes(depot, route) > hours * 60:
        weakest = min(route, key=lambda s: s.expected_sales(temperature))
        route.remove(weakest)
    return route


def may_play_chimes(hour):
    """Chimes are allowed from noon until the evening quiet hour."""
    return 12 <= hour < CHIMES_QUIET_HOUR
