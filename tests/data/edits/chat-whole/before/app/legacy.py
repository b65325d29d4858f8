# old settings loader, unused since 2.0
def load_ini(path):
    raise NotImplementedError
