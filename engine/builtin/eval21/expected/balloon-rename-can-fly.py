"""Flight planning and passenger manifests for a hot air balloon operator."""

from dataclasses import dataclass
from datetime import datetime

MAX_WIND_KNOTS = 12
BURNER_FUEL_KG_PER_HOUR = 38.0
PASSENGER_WEIGHT_LIMIT_KG = 120
TICKET_PRICE = 210.0


@dataclass
class Envelope:
    registration: str
    volume_m3: int
    basket_capacity: int
    empty_weight_kg: float


@dataclass
class Passenger:
    name: str
    weight_kg: float
    phone: str


class Flight:
    def __init__(self, envelope, pilot, launch_site, departs):
        self.envelope = envelope
        self.pilot = pilot
        self.launch_site = launch_site
        self.departs = departs
        self.manifest = []
        self.cancelled = False

    def board(self, passenger):
        if len(self.manifest) >= self.envelope.basket_capacity:
            raise ValueError("basket is full")
        if passenger.weight_kg > PASSENGER_WEIGHT_LIMIT_KG:
            raise ValueError(f"{passenger.name} is over the weight limit")
        self.manifest.append(passenger)

    def payload_kg(self):
        return sum(p.weight_kg for p in self.manifest)

    def cancel(self):
        self.cancelled = True
        return [p.phone for p in self.manifest]


def lift_kg(volume_m3, outside_c, inside_c=100.0):
    outside_k = outside_c + 273.15
    inside_k = inside_c + 273.15
    air_density = 1.2
    return volume_m3 * air_density * (1 - outside_k / inside_k)


def fuel_needed(minutes):
    return BURNER_FUEL_KG_PER_HOUR * minutes / 60


def weather_ok(wind_knots, visibility_km):
    return wind_knots <= MAX_WIND_KNOTS and visibility_km >= 5


def total_weight(flight, fuel_kg):
    return flight.envelope.empty_weight_kg + flight.payload_kg() + fuel_kg + 80


def safe_to_launch(flight, outside_c, minutes, wind_knots, visibility_km):
    if not weather_ok(wind_knots, visibility_km):
        return False
    fuel = fuel_needed(minutes)
    margin = lift_kg(flight.envelope.volume_m3, outside_c) - total_weight(flight, fuel)
    return margin > 50


def revenue(flights):
    seats = 0
    for flight in flights:
        if not flight.cancelled:
            seats += len(flight.manifest)
    return seats * TICKET_PRICE


def manifest_text(flight):
    lines = [f"{flight.envelope.registration} from {flight.launch_site} at {flight.departs:%H:%M}"]
    lines.append(f"Pilot: {flight.pilot}")
    for seat, passenger in enumerate(flight.manifest, start=1):
        lines.append(f"{seat}. {passenger.name} ({passenger.weight_kg:.0f} kg)")
    return "\n".join(lines)


def sunrise_slot(sunrise, lead_minutes=45):
    hour = sunrise.hour
    minute = sunrise.minute - lead_minutes
    while minute < 0:
        minute += 60
        hour -= 1
    return datetime(sunrise.year, sunrise.month, sunrise.day, hour, minute)


def busiest_pilot(flights):
    counts = {}
    for flight in flights:
        counts[flight.pilot] = counts.get(flight.pilot, 0) + 1
    return max(counts, key=counts.get) if counts else None


def rebook(cancelled_flight, new_flight):
    moved = []
    for passenger in cancelled_flight.manifest:
        new_flight.board(passenger)
        moved.append(passenger.name)
    return moved
