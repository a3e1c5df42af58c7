"""The Zarr v3 chunk grids: one module per grid."""
