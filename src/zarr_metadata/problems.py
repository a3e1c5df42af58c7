"""What a reader reports: problems located in a document, and the error that carries them."""

from __future__ import annotations

from collections.abc import Sequence

from zarr_metadata._json import ProblemKind, Problems, ValidationProblem, shown

__all__ = [
    "MetadataValidationError",
    "ProblemKind",
    "Problems",
    "ValidationProblem",
    "shown",
]


class MetadataValidationError(ValueError):
    """A document that did not read: every problem found, each listed as `loc: message`."""

    problems: Problems

    def __init__(self, problems: Sequence[ValidationProblem]) -> None:
        self.problems = tuple(problems)
        count = len(self.problems)
        heading = f"{count} problem{'' if count == 1 else 's'} in the metadata"
        lines = [heading, *(f"  {problem}" for problem in self.problems)]
        super().__init__("\n".join(lines))

    def __reduce__(self) -> tuple[type[MetadataValidationError], tuple[Problems]]:
        return type(self), (self.problems,)
