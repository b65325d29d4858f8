"""Accession records for a community seed bank."""

import json
import logging
from dataclasses import dataclass
from datetime import date

log = logging.getLogger(__name__)

GERMINATION_THRESHOLD = 0.75
MAX_STORAGE_YEARS = 10
DEFAULT_PACKET_GRAMS = 5


@dataclass
class Accession:
    code: str
    species: str
    variety: str
    harvested: date
    grams: float
    germination_rate: float = 1.0


class SeedVault:
    def __init__(self, name):
        self.name = name
        self.accessions = {}
        self.withdrawals = []

    def deposit(self, accession):
        if accession.code in self.accessions:
            raise ValueError(f"accession {accession.code} already stored")
        self.accessions[accession.code] = accession

    def withdraw(self, code, grams, member):
        accession = self.accessions[code]
        if grams > accession.grams:
            raise ValueError("not enough seed left")
        accession.grams -= grams
        self.withdrawals.append((code, grams, member))
        return accession.grams

    def needs_regrowing(self, today):
        due = []
        for accession in self.accessions.values():
            age = today.year - accession.harvested.year
            if age >= MAX_STORAGE_YEARS or accession.germination_rate < GERMINATION_THRESHOLD:
                due.append(accession.code)
        return sorted(due)

    def species_list(self):
        return sorted({a.species for a in self.accessions.values()})

    def packets_available(self, code, packet_grams=DEFAULT_PACKET_GRAMS):
        return int(self.accessions[code].grams // packet_grams)


def germination_test(sown, sprouted):
    if sown <= 0:
        raise ValueError("sown must be positive")
    return sprouted / sown


def record_test(vault, code, sown, sprouted, tester):
    rate = germination_test(sown, sprouted)
    vault.accessions[code].germination_rate = rate
    log.info("%s tested %s: %.0f%%", tester, code, rate * 100)
    return rate


def record_batch(vault, results, tester):
    rates = {}
    for code, sown, sprouted in results:
        rates[code] = record_test(vault, code, sown, sprouted, tester=tester)
    return rates


def accession_from_dict(data):
    return Accession(
        code=data["code"],
        species=data["species"],
        variety=data.get("variety", ""),
        harvested=date.fromisoformat(data["harvested"]),
        grams=float(data["grams"]),
        germination_rate=float(data.get("germination_rate", 1.0)),
    )


def load_vault(path, name):
    vault = SeedVault(name)
    with open(path, encoding="utf-8") as fh:
        for item in json.load(fh):
            vault.deposit(accession_from_dict(item))
    log.info("loaded %d species", len(vault.species_list()))
    return vault


def member_totals(vault):
    totals = {}
    for code, grams, member in vault.withdrawals:
        totals[member] = totals.get(member, 0) + grams
    return totals


def catalogue_lines(vault, species=None):
    lines = []
    for accession in sorted(vault.accessions.values(), key=lambda a: a.code):
        if species and accession.species != species:
            continue
        lines.append(f"{accession.code}  {accession.variety:<20} {accession.grams:>7.1f} g")
    print(f"catalogue for {vault.name}: {len(lines)} entries")
    return lines
