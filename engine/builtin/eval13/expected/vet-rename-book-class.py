"""Vaccination reminders for a small vet clinic: pets, shots given, what falls due, the emails."""

import csv
import logging
from dataclasses import dataclass
from datetime import date, timedelta

log = logging.getLogger(__name__)

CLINIC_NAME = "Maple Street Vets"
REMINDER_DAYS = 30
SHOTS_FILE = "shots.csv"
# days until the next dose, by vaccine
INTERVALS = {"rabies": 3 * 365, "dhpp": 365, "leptospirosis": 365, "fvrcp": 365, "felv": 365}


@dataclass
class Pet:
    name: str
    species: str
    owner: str
    email: str
    born: date


@dataclass
class Shot:
    pet: str
    vaccine: str
    given: date


def is_young(pet, on_day):
    return (on_day - pet.born).days < 16 * 7


def due_date(shot, young=False):
    if young:
        return shot.given + timedelta(days=21)
    return shot.given + timedelta(days=INTERVALS[shot.vaccine])


class ClinicRecords:
    def __init__(self):
        self.pets = {}
        self.shots = []

    def add_pet(self, pet):
        self.pets[pet.name] = pet

    def record(self, pet_name, vaccine, given):
        if vaccine not in INTERVALS:
            raise ValueError(f"unknown vaccine {vaccine!r}")
        self.shots.append(Shot(pet_name, vaccine, given))
        log.debug("recorded %s for %s", vaccine, pet_name)

    def latest(self, pet_name, vaccine):
        given = [s for s in self.shots if s.pet == pet_name and s.vaccine == vaccine]
        return max(given, key=lambda s: s.given, default=None)

    def next_due(self):
        due = []
        for pet_name, vaccine in sorted({(s.pet, s.vaccine) for s in self.shots}):
            shot = self.latest(pet_name, vaccine)
            young = is_young(self.pets[pet_name], shot.given)
            due.append((pet_name, vaccine, due_date(shot, young=young)))
        return due

    def upcoming(self, today, within=REMINDER_DAYS):
        end = today + timedelta(days=within)
        return [item for item in self.next_due() if today <= item[2] <= end]


def reminder_text(pet, vaccine, due):
    return (
        f"Dear {pet.owner}, {pet.name}'s {vaccine} vaccination is due on "
        f"{due:%d %B %Y}. Call {CLINIC_NAME} to book."
    )


def send_reminders(book, today, within=REMINDER_DAYS):
    messages = []
    for pet_name, vaccine, due in book.upcoming(today, within=within):
        pet = book.pets[pet_name]
        messages.append((pet.email, reminder_text(pet, vaccine, due)))
    log.info("%d reminders for %s", len(messages), today)
    return messages


def load_shots(path=SHOTS_FILE, book=None):
    book = book or ClinicRecords()
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            given = date.fromisoformat(row["given"])
            book.record(row["pet"], row["vaccine"], given)
    return book


def save_shots(book, path=SHOTS_FILE):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["pet", "vaccine", "given"])
        for shot in book.shots:
            writer.writerow([shot.pet, shot.vaccine, shot.given.isoformat()])
    log.info("saved %d shots to %s", len(book.shots), path)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    book = ClinicRecords()
    book.add_pet(Pet("Biscuit", "dog", "Ana Ruiz", "ana@example.com", date(2024, 11, 2)))
    book.add_pet(Pet("Miso", "cat", "Tom Hale", "tom@example.com", date(2019, 5, 20)))
    book.record("Biscuit", "dhpp", date(2025, 2, 10))
    book.record("Biscuit", "dhpp", date(2025, 3, 3))
    book.record("Miso", "fvrcp", date(2024, 6, 1))
    book.record("Miso", "rabies", date(2022, 6, 1))
    for email, text in send_reminders(book, date(2025, 5, 20)):
        print(email, "->", text)
    save_shots(book)
    print(reminder_text(book.pets["Biscuit"], "dhpp", date(2026, 3, 3)))
