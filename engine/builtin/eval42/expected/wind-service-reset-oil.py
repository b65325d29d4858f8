"""Maintenance planning for a wind farm's turbines: SCADA readings, work orders and climb days."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import datetime, timedelta

SERVICE_INTERVAL_HOURS = 4380
GEARBOX_OIL_LIMIT_PPM = 150
MAX_SAFE_WIND_MS = 12.0
CREW_SIZE = 2
COMPONENTS = ("blades", "gearbox", "generator", "yaw", "pitch", "tower")


def hours_until_service(operating_hours, last_service_hours, interval=SERVICE_INTERVAL_HOURS):
    return interval - (operating_hours - last_service_hours)


def safe_to_climb(wind_speeds, limit=MAX_SAFE_WIND_MS):
    if not wind_speeds:
        return False
    gust = max(wind_speeds)
    mean = statistics.fmean(wind_speeds)
    return gust < limit and mean < limit * 0.75


def parse_scada_line(line):
    """Split one ``turbine,timestamp,hours,oil_ppm`` line from the SCADA export."""
    turbine_id, stamp, hours, oil_ppm = line.strip().split(",")
    return turbine_id, datetime.fromisoformat(stamp), float(hours), int(oil_ppm)


@dataclass
class WorkOrder:
    """A job for the maintenance crew on one component of one turbine."""

    turbine_id: str
    component: str
    due: datetime
    priority: int = 3

    def is_urgent(self, now):
        return self.priority == 1 or self.due - now < timedelta(days=2)


class Turbine:
    """One turbine's running hours, oil condition and open work orders."""

    def __init__(self, turbine_id, rated_kw, operating_hours=0.0):
        self.turbine_id = turbine_id
        self.rated_kw = rated_kw
        self.operating_hours = operating_hours
        self.last_service_hours = 0.0
        self.oil_ppm = 0
        self.orders = []

    def update_from_scada(self, line):
        turbine_id, stamp, hours, oil_ppm = parse_scada_line(line)
        if turbine_id != self.turbine_id:
            raise ValueError("reading for " + turbine_id + " sent to " + self.turbine_id)
        self.operating_hours = hours
        self.oil_ppm = oil_ppm
        return stamp

    def needs_service(self):
        return hours_until_service(self.operating_hours, self.last_service_hours) <= 0

    def raise_orders(self, now):
        open_components = {order.component for order in self.orders}
        if self.needs_service() and "generator" not in open_components:
            self.orders.append(WorkOrder(self.turbine_id, "generator", now + timedelta(days=14)))
        if self.oil_ppm > GEARBOX_OIL_LIMIT_PPM and "gearbox" not in open_components:
            self.orders.append(WorkOrder(self.turbine_id, "gearbox", now + timedelta(days=3), priority=1))
        return self.orders

    def service(self, components=COMPONENTS):
        self.last_service_hours = self.operating_hours
        self.oil_ppm = 0
        self.orders = [order for order in self.orders if order.component not in components]
        print("serviced", self.turbine_id, ", ".join(components))


def plan_day(turbines, now, wind_speeds):
    """Return the work orders the crews should take on today, most pressing first."""
    if not safe_to_climb(wind_speeds):
        return []
    orders = []
    for turbine in turbines:
        orders.extend(turbine.raise_orders(now))
    orders.sort(key=lambda order: (order.priority, order.due))
    return orders[: CREW_SIZE * 2]
