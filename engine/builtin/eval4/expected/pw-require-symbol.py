"""A password policy: length and character rules, a list of banned passwords, a strength score."""

import re
import string

MIN_LENGTH = 12
MAX_LENGTH = 128
COMMON_PASSWORDS = {"password", "123456", "qwerty", "letmein", "dragon", "iloveyou"}
SYMBOLS = set(string.punctuation)


class PolicyViolation(Exception):
    """A password that breaks one or more rules of the policy."""

    def __init__(self, problems):
        super().__init__("; ".join(problems))
        self.problems = problems


class Policy:
    def __init__(self, min_length=MIN_LENGTH, require_digit=True, require_symbol=True, max_repeat=3):
        self.min_length = min_length
        self.require_digit = require_digit
        self.require_symbol = require_symbol
        self.max_repeat = max_repeat

    def problems(self, password, username=None):
        password = password.strip()
        found = []
        if len(password) < self.min_length:
            found.append(f"at least {self.min_length} characters")
        if len(password) > MAX_LENGTH:
            found.append(f"at most {MAX_LENGTH} characters")
        if self.require_digit and not any(c.isdigit() for c in password):
            found.append("a digit")
        if self.require_symbol and not any(c in SYMBOLS for c in password):
            found.append("a symbol")
        if longest_run(password) > self.max_repeat:
            found.append(f"no character more than {self.max_repeat} times in a row")
        if is_common(password):
            found.append("not a common password")
        if username and username.lower() in password.lower():
            found.append("not containing the username")
        return found

    def check(self, password, username=None):
        found = self.problems(password, username)
        if found:
            raise PolicyViolation(found)


def longest_run(text):
    best = run = 0
    previous = None
    for char in text:
        run = run + 1 if char == previous else 1
        best = max(best, run)
        previous = char
    return best


def is_common(password):
    lowered = password.lower()
    stripped = re.sub(r"[\d!]+$", "", lowered)
    return lowered in COMMON_PASSWORDS or stripped in COMMON_PASSWORDS


def character_classes(password):
    classes = 0
    for group in (string.ascii_lowercase, string.ascii_uppercase, string.digits):
        if any(c in group for c in password):
            classes += 1
    if any(c in SYMBOLS for c in password):
        classes += 1
    return classes


def strength(password, policy=None):
    """A score from 0 (breaks the policy) to 4."""
    policy = policy or Policy()
    if policy.problems(password):
        return 0
    score = character_classes(password) - 1
    if len(password) >= 2 * MIN_LENGTH:
        score += 1
    return max(0, min(score, 4))


def strength_label(password, policy=None):
    labels = ["unusable", "weak", "fair", "good", "strong"]
    return labels[strength(password, policy)]


def suggest(policy, password, username=None):
    messages = policy.problems(password, username)
    if not messages:
        return "looks good"
    return "needs " + ", ".join(messages)


def validate_signup(username, password, policy=None):
    try:
        (policy or Policy()).check(password, username)
    except PolicyViolation as error:
        return error.problems
    return []
