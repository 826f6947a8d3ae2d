"""The 400 answers of the area: a request body the platform refuses, with the platform's error shape."""


class BodyProblem(Exception):
    """A request body the platform refuses with 400 ``{ErrorKey, Field, Message}`` (the core document's
    ``ApiErrorData``)."""

    def __init__(self, key, field, message):
        super().__init__(message)
        self.key, self.field, self.message = key, field, message

    def body(self):
        return {"ErrorKey": self.key, "Field": self.field, "Message": self.message}
