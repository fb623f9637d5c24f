"""Placeholder replaced below."""
STATUS = {}
def score_batch(*a, **k):
    raise NotImplementedError
