"""Tally birds seen on a morning walk and turn the counts into a checklist for the local club."""

import csv
from collections import Counter

RARITY_CUTOFF = 5
MAX_COUNT_PER_ENTRY = 500
CHECKLIST_HEADER = ("species", "count", "first_seen", "notes")
ABBREVIATIONS = {
    "robin": "European Robin",
    "blackbird": "Common Blackbird",
    "wren": "Eurasian Wren",
    "bluetit": "Eurasian Blue Tit",
    "greattit": "Great Tit",
}


def normalise_species(name, aliases=ABBREVIATIONS):
    key = name.strip().lower().replace(" ", "").replace("-", "")
    return aliases.get(key, name.strip().title())


def parse_entry(line, separator="x"):
    count_text, _, species = line.partition(separator)
    count = int(count_text.strip())
    if count > MAX_COUNT_PER_ENTRY:
        raise ValueError("count too high for one entry: %d" % count)
    return normalise_species(species), count


def rare_species(tally, records, cutoff=RARITY_CUTOFF):
    rare = []
    for species in tally:
        if records.get(species, 0) < cutoff:
            rare.append(species)
    return sorted(rare)


def write_checklist(path, walk, club_id, dialect="excel"):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, dialect=dialect)
        writer.writerow(CHECKLIST_HEADER)
        for species, count in walk.tally.most_common():
            writer.writerow((species, count, walk.first_seen[species], walk.notes.get(species, "")))
    return len(walk.tally)


class Walk:
    def __init__(self, observer, site, weather="fair"):
        self.observer = observer
        self.site = site
        self.weather = weather
        self.tally = Counter()
        self.first_seen = {}
        self.notes = {}
        self.rejected = []

    def add(self, line, minute=0):
        species, count = parse_entry(line)
        self.tally[species] += count
        self.first_seen.setdefault(species, minute)
        return species

    def add_many(self, lines):
        for minute, line in enumerate(lines):
            if not line.strip():
                continue
            self.add(line, minute=minute)
        return len(self.tally)

    def annotate(self, species, text):
        species = normalise_species(species)
        if species not in self.tally:
            raise KeyError(species)
        self.notes[species] = text

    def total_birds(self):
        return sum(self.tally.values())

    def summary(self, records):
        rare = rare_species(self.tally, records)
        parts = [
            "%s at %s (%s)" % (self.observer, self.site, self.weather),
            "%d species, %d birds" % (len(self.tally), self.total_birds()),
        ]
        if rare:
            parts.append("noteworthy: " + ", ".join(rare))
        return "\n".join(parts)


class ClubRecords:
    def __init__(self, club_id, counts=None):
        self.club_id = club_id
        self.counts = dict(counts or {})
        self.walks = []

    def submit(self, walk, path):
        written = write_checklist(path, walk, self.club_id)
        for species in walk.tally:
            self.counts[species] = self.counts.get(species, 0) + 1
        self.walks.append(walk)
        return written

    def top_sites(self, limit=5):
        per_site = Counter()
        for walk in self.walks:
            per_site[walk.site] += len(walk.tally)
        return per_site.most_common(limit)
