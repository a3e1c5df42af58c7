"""The Zarr v3 data types: one module per data type."""

__all__: list[str] = []
