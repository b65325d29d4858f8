"""Split text into word tokens for a small search index."""

import re
import unicodedata
from collections import Counter

STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in",
    "is", "it", "of", "on", "or", "that", "the", "to", "was", "with",
})
MIN_TOKEN_LENGTH = 2
TOKEN_PATTERN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def fold_text(text):
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.lower()


def tokenize(text, keep_stopwords=False):
    tokens = []
    for match in TOKEN_PATTERN.finditer(fold_text(text)):
        token = match.group()
        if len(token) < MIN_TOKEN_LENGTH:
            continue
        if not keep_stopwords and token in STOPWORDS:
            continue
        tokens.append(token)
    return tokens


def stem(token):
    for suffix in ("ingly", "edly", "ing", "ed", "ly", "es", "s"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token


def ngrams(tokens, size=2):
    return [tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1)]


def term_frequencies(text):
    counts = Counter(stem(token) for token in tokenize(text))
    total = sum(counts.values())
    return {term: count / total for term, count in counts.items()}


class Vocabulary:
    def __init__(self, max_size=5000):
        self.max_size = max_size
        self.counts = Counter()
        self.index = {}

    def add_document(self, text):
        self.counts.update(stem(token) for token in tokenize(text))

    def freeze(self):
        most_common = self.counts.most_common(self.max_size)
        self.index = {term: position for position, (term, _) in enumerate(most_common)}
        return len(self.index)

    def encode(self, text):
        unknown = len(self.index)
        return [self.index.get(stem(token), unknown) for token in tokenize(text)]


def highlight(text, query, marker="**"):
    wanted = {stem(token) for token in tokenize(query)}

    def mark(match):
        word = match.group()
        if stem(fold_text(word)) in wanted:
            return f"{marker}{word}{marker}"
        return word

    return re.sub(r"\w+", mark, text)
