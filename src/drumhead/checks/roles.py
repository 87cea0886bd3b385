"""Which of a check's optional roles are part of it as the inputs stand (a role's ``when``), and
whether the log fills one (its ``from_log_when``): a morale test asks for the unit charging it
only when it tests because it is charged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from drumhead.checks.base import Context
from drumhead.errors import DrumheadError

if TYPE_CHECKING:
    from drumhead.rules.expr import Expr
    from drumhead.rules.model import CheckSpec, InputValue, Ruleset


def holds(
    ruleset: Ruleset, check: CheckSpec, values: Mapping[str, InputValue], when: Expr | None
) -> bool:
    """Whether ``when`` holds over the inputs given (the rest at their defaults). None always
    holds; so does a condition that cannot be worked out yet (an input still to be given): the
    role is asked rather than silently dropped."""
    if when is None:
        return True
    inputs = {i.name: i.default for i in check.inputs if i.default is not None}
    inputs.update({k: v for k, v in values.items() if check.input(k) is not None})
    if any(i.name not in inputs for i in check.inputs):
        return True
    try:
        return bool(when.evaluate(Context(ruleset, check, inputs, {}).env))
    except DrumheadError:
        return True


def roles_in_play(
    ruleset: Ruleset, check: CheckSpec, values: Mapping[str, InputValue]
) -> tuple[str, ...]:
    """The check's roles that are part of it as the inputs stand, the first first."""
    return tuple(r.id for r in check.roles if holds(ruleset, check, values, r.when))
