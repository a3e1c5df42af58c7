"""zarr_metadata: whether a Zarr metadata document is valid, and what it means, before any chunk is touched."""

from zarr_metadata._json import UNSET, JSONValue
from zarr_metadata.problems import MetadataValidationError, ProblemKind, ValidationProblem

__version__ = "0.6.0"

__all__ = [
    "UNSET",
    "JSONValue",
    "MetadataValidationError",
    "ProblemKind",
    "ValidationProblem",
    "__version__",
]
