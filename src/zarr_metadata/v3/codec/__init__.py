"""The Zarr v3 codecs: one module per codec."""
