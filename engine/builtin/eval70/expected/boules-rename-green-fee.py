"""Piste bookings and match scoring for a boules club."""

import itertools
from collections import Counter

PISTE_COUNT = 6
WINNING_SCORE = 13
MAX_POINTS_PER_END = 6
MEMBER_DISCOUNT = 0.5


class Piste:
    def __init__(self, number, surface="gravel", floodlit=False):
        self.number = number
        self.surface = surface
        self.floodlit = floodlit
        self.bookings = {}

    def book(self, hour, team):
        if hour in self.bookings:
            raise ValueError(f"piste {self.number} is booked at {hour}:00")
        if hour >= 20 and not self.floodlit:
            raise ValueError(f"piste {self.number} has no lights")
        self.bookings[hour] = team

    def free_hours(self, opening=10, closing=22):
        return [hour for hour in range(opening, closing) if hour not in self.bookings]


class Match:
    def __init__(self, home, away, piste):
        self.home = home
        self.away = away
        self.piste = piste
        self.ends = []

    def record_end(self, winner, points):
        if points < 1 or points > MAX_POINTS_PER_END:
            raise ValueError(f"an end scores 1 to {MAX_POINTS_PER_END} points")
        if winner not in (self.home, self.away):
            raise ValueError(f"{winner} is not playing this match")
        self.ends.append((winner, points))

    def score(self):
        tally = Counter()
        for winner, points in self.ends:
            tally[winner] += points
        return tally[self.home], tally[self.away]

    def is_finished(self):
        return max(self.score()) >= WINNING_SCORE


def build_pistes(floodlit_numbers=(1, 2)):
    return [Piste(number, floodlit=number in floodlit_numbers) for number in range(1, PISTE_COUNT + 1)]


def round_robin(teams, pistes, start_hour=10):
    fixtures = []
    pairings = list(itertools.combinations(teams, 2))
    for index, (home, away) in enumerate(pairings):
        piste = pistes[index % len(pistes)]
        hour = start_hour + index // len(pistes)
        piste.book(hour, f"{home} v {away}")
        fixtures.append((hour, piste.number, Match(home, away, piste)))
    return fixtures


def session_fee(players, members, hours=1, rate=3.0):
    visitors = players - members
    fee = (visitors * rate + members * rate * MEMBER_DISCOUNT) * hours
    return round(fee, 2)


def standings(matches):
    table = Counter()
    for match in matches:
        if not match.is_finished():
            continue
        home_score, away_score = match.score()
        winner = match.home if home_score > away_score else match.away
        table[winner] += 1
    return table.most_common()


if __name__ == "__main__":
    club_pistes = build_pistes()
    schedule = round_robin(["Les Pointeurs", "Tireurs", "Carreau", "Bouchon"], club_pistes)
    for hour, number, match in schedule:
        print(f"{hour}:00 piste {number}: {match.home} v {match.away}")
    first = schedule[0][2]
    for _ in range(3):
        first.record_end(first.home, 5)
    print(standings([first]))
    print("fee", session_fee(8, 5, hours=2))
