"""The three error types of the public API (the README, "The API in ten lines")."""


class RulesError(ValueError):
    """Something the rules do not allow, or input the engine cannot read."""


class IllegalMove(RulesError):
    """A move that is not allowed here and now; the state is left unchanged."""


class UnknownCard(RulesError):
    """A card name the engine does not know; the message lists the closest names."""
