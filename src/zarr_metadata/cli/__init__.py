"""The `zarr-metadata` command-line tool: checks Zarr metadata documents in files and stores."""

__all__: list[str] = []
