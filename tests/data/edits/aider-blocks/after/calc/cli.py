import sys

from calc.ops import add, divide


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    op, a, b = argv
    a, b = float(a), float(b)
    if op == "add":
        print(add(a, b))
    elif op == "div":
        try:
            print(divide(a, b))
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    else:
        print("unknown op")
        return 1
    return 0
