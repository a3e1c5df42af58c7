"""The Zarr v3 chunk key encodings: one module per encoding."""

__all__: list[str] = []
