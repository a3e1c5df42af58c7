"""The Zarr v3 codecs: one module per codec."""

__all__: list[str] = []
