"""Placeholder: being built in this session."""


def add_arguments(parser):
    pass


def run(args):
    raise NotImplementedError
