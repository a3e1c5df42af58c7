"""The Zarr v3 chunk key encodings: one module per encoding."""
