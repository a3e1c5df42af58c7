"""The JSON envelope every v3 extension point shares: a bare name, or `{"name", "configuration"?, "must_understand"?}`."""

from collections.abc import Mapping
from typing import NotRequired

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata._json import JSONValue


class ZarrV3NamedConfigJSON(TypedDict, closed=True):
    """A v3 extension point written as an object: its name, and its configuration when it has one."""

    name: ReadOnly[str]
    configuration: NotRequired[ReadOnly[Mapping[str, JSONValue]]]
    must_understand: NotRequired[bool]


ZarrV3MetadataFieldJSON = str | ZarrV3NamedConfigJSON
"""A v3 extension point as JSON: a bare name or a named configuration. Checked only as JSON."""

ZarrV3ExtensionField = JSONValue
"""The value of an extra member of a v3 document, as JSON."""
