"""The Zarr v3 chunk grids: one module per grid."""

__all__: list[str] = []
