"""Zarr v3: the definitions of the core spec and zarr-extensions, and the documents they read."""
