"""How a valid Zarr v2 node is written as Zarr v3 metadata that reads the same chunks; `zarr_metadata.convert` is its public face."""
