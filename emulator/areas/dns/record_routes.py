"""DNS record routes (core API): add, update, delete, list the records of a zone."""


def register(area, router):
    """No record routes yet."""


class RecordRoutes(object):
    """Record handlers, mixed into the DNS area."""
