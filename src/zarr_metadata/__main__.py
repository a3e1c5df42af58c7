"""`python -m zarr_metadata`: the `zarr-metadata` command."""

from zarr_metadata.cli._main import main

raise SystemExit(main())
