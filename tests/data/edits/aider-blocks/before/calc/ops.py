"""Arithmetic operations."""


def add(a, b):
    return a + b


def divide(a, b):
    return a / b


class Accumulator:
    def __init__(self):
        self.total = 0

    def push(self, value):
        self.total = add(self.total, value)
        return self.total
