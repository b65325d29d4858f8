"""Arithmetic operations."""


def add(a, b):
    return a + b


def divide(a, b):
    if b == 0:
        raise ValueError("cannot divide by zero")
    return a / b


class Accumulator:
    def __init__(self):
        self.total = 0

    def push(self, value):
        if not isinstance(value, (int, float)):
            raise TypeError("push needs a number")
        self.total = add(self.total, value)
        return self.total
