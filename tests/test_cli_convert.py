"""`zarr-metadata convert` on stores zarr-python writes: local, zipped and in S3, each opened by zarr-python as v3 afterwards."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import warnings
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

zarr = pytest.importorskip(
    "zarr", reason="zarr-python (a test dependency) writes the stores and proves each conversion"
)
np = pytest.importorskip("numpy")
from zarr.storage import LocalStore, ZipStore  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
V2_FILES = {".zarray", ".zgroup", ".zattrs", ".zmetadata"}

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning", "ignore::FutureWarning")


def command(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "convert", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
        timeout=120,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


def write_dataset(store: Any) -> dict[str, Any]:
    """A consolidated v2 dataset as xarray lays one out (dimension names in `_ARRAY_DIMENSIONS`), and the values of its arrays."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        root = zarr.open_group(store, mode="w", zarr_format=2, attributes={"title": "dataset"})
        temperature = root.create_array(
            "temperature", shape=(4, 6), chunks=(2, 4), dtype="<f4", fill_value=float("nan"),
            attributes={"_ARRAY_DIMENSIONS": ["time", "x"], "units": "K"},
        )  # fmt: skip
        temperature[:3, :5] = np.arange(15, dtype="<f4").reshape(3, 5)
        group = root.create_group("station")
        names = group.create_array("name", shape=(3,), chunks=(2,), dtype=str)
        names[...] = ["north", "south", "é"]
        zarr.consolidate_metadata(store)
        return {"temperature": temperature[...], "station/name": names[...]}


@pytest.fixture
def dataset(tmp_path: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    path = tmp_path / "data.zarr"
    yield path, write_dataset(LocalStore(path))


def assert_opens_as_v3(store: Any, expected: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        root = zarr.open_consolidated(store, zarr_format=3, mode="r")
        assert dict(root.attrs) == {"title": "dataset"}
        assert root["temperature"].metadata.dimension_names == ("time", "x")
        for path, values in expected.items():
            found = root[path][...]
            assert (
                found.tolist() == values.tolist()
                if values.dtype.kind in "OT"
                else np.array_equal(found, values, equal_nan=True)
            )
        # Opened node by node too, not only through the consolidated metadata.
        plain = zarr.open_group(store, zarr_format=3, mode="r", use_consolidated=False)
        assert np.array_equal(plain["temperature"][...], expected["temperature"], equal_nan=True)


def files_of(path: Path) -> set[str]:
    return {str(file.relative_to(path)) for file in path.rglob("*") if file.is_file()}


def test_a_consolidated_store_is_converted_in_place_and_zarr_python_opens_it_as_v3(
    dataset: tuple[Path, dict[str, Any]],
) -> None:
    path, expected = dataset
    before = files_of(path)
    result = command(str(path), cwd=path.parent)
    assert result.returncode == 0, result.stdout
    assert result.stdout.splitlines()[-1] == "4 nodes converted, 4 zarr.json written, 0 problems"
    assert files_of(path) == before | {
        "zarr.json",
        "temperature/zarr.json",
        "station/zarr.json",
        "station/name/zarr.json",
    }
    assert_opens_as_v3(LocalStore(path), expected)


def test_remove_v2_leaves_only_v3_metadata_beside_the_chunks(
    dataset: tuple[Path, dict[str, Any]],
) -> None:
    path, expected = dataset
    assert command(str(path), "--remove-v2", cwd=path.parent).returncode == 0
    assert not {Path(name).name for name in files_of(path)} & V2_FILES
    assert_opens_as_v3(LocalStore(path), expected)


def test_dry_run_prints_the_documents_and_writes_nothing(
    dataset: tuple[Path, dict[str, Any]],
) -> None:
    path, _ = dataset
    before = files_of(path)
    result = command(str(path), "--dry-run", cwd=path.parent)
    assert result.returncode == 0
    assert files_of(path) == before
    assert "data.zarr/temperature/zarr.json:\n{" in result.stdout
    assert result.stderr.splitlines()[-1] == "4 nodes converted (nothing written), 0 problems"
    # Each document is whole JSON on lines of its own, after the line naming its file.
    shown = re.split(r"^(\S+/zarr\.json):\n", result.stdout, flags=re.M)
    assert shown[0] == ""
    names, documents = shown[1::2], shown[2::2]
    assert len(names) == 4
    assert all(json.loads(document)["zarr_format"] == 3 for document in documents)
    assert all(document.endswith("}\n") for document in documents)


def test_the_diff_is_one_git_apply_takes_and_it_makes_the_same_files(
    dataset: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    path, expected = dataset
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    result = command("data.zarr", "--diff", cwd=path.parent)
    assert result.returncode == 0
    subprocess.run(["git", "init", "-q"], cwd=path.parent, check=True)
    subprocess.run(
        ["git", "apply", "-"], input=result.stdout, text=True, cwd=path.parent, check=True
    )
    assert_opens_as_v3(LocalStore(path), expected)


def test_output_writes_the_v3_metadata_into_another_directory(
    dataset: tuple[Path, dict[str, Any]],
) -> None:
    path, _ = dataset
    before = files_of(path)
    output = path.parent / "v3"
    assert command(str(path), "--output", str(output), cwd=path.parent).returncode == 0
    assert files_of(path) == before
    assert files_of(output) == {
        "zarr.json",
        "temperature/zarr.json",
        "station/zarr.json",
        "station/name/zarr.json",
    }


def test_a_store_with_v3_metadata_is_refused_unless_overwrite(
    dataset: tuple[Path, dict[str, Any]],
) -> None:
    path, expected = dataset
    assert command(str(path), cwd=path.parent).returncode == 0
    again = command(str(path), cwd=path.parent)
    assert again.returncode == 1
    assert again.stdout.startswith(
        f"{path}/zarr.json:1:1: / v3_exists: the store already holds Zarr v3 metadata (4 zarr.json files)"
    )
    assert command(str(path), "--overwrite", cwd=path.parent).returncode == 0
    assert_opens_as_v3(LocalStore(path), expected)


def test_a_node_that_cannot_be_converted_stops_the_whole_store_and_is_located(
    tmp_path: Path,
) -> None:
    path = tmp_path / "objects.zarr"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        root = zarr.open_group(LocalStore(path), mode="w", zarr_format=2)
        root.create_array("fine", shape=(2,), dtype="<i2")
    (path / "pickled").mkdir()
    zarray = {
        "zarr_format": 2, "shape": [2], "chunks": [2], "dtype": "|O", "fill_value": None, "order": "C",
        "compressor": None, "filters": [{"id": "pickle", "protocol": 5}],
    }  # fmt: skip
    (path / "pickled" / ".zarray").write_text(json.dumps(zarray, indent=4))
    before = files_of(path)
    result = command("objects.zarr", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "objects.zarr/pickled/.zarray:9:14: /dtype invalid_value: cannot be converted to Zarr v3: an object data type "
        "encoded by 'pickle' has no Zarr v3 data type; only vlen-utf8 and vlen-bytes do",
        "0 nodes converted, 0 zarr.json written, 1 problem",
    ]
    assert files_of(path) == before


def test_a_target_that_does_not_exist_is_exit_2(tmp_path: Path) -> None:
    result = command("missing.zarr", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout.startswith("missing.zarr:1:1: / io_error: cannot read missing.zarr")


def test_a_zip_store_is_converted_in_place(tmp_path: Path) -> None:
    path = tmp_path / "data.zip"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        store = ZipStore(path, mode="w")
        expected = write_dataset(store)
        store.close()
    result = command(str(path), "--remove-v2", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    assert "zarr.json" in names
    assert not {name.rpartition("/")[2] for name in names} & V2_FILES
    assert_opens_as_v3(ZipStore(path, mode="r"), expected)


def test_a_store_in_s3_is_converted_in_place(tmp_path: Path) -> None:
    fsspec = pytest.importorskip("fsspec", reason="the remote extra reaches S3")
    from tests._servers import S3Server

    fake_aws = {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_CONFIG_FILE": os.devnull,
        "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
    }
    local = tmp_path / "data.zarr"
    expected = write_dataset(LocalStore(local))
    with S3Server() as server:
        fs = fsspec.filesystem(
            "s3",
            endpoint_url=server.endpoint,
            skip_instance_cache=True,
            key="testing",
            secret="testing",
        )
        fs.mkdir("bucket")
        fs.put(str(local), "bucket/data.zarr", recursive=True)
        env = {**os.environ, **fake_aws, "FSSPEC_S3_ENDPOINT_URL": server.endpoint}
        result = command("s3://bucket/data.zarr", cwd=tmp_path, env=env)
        assert result.returncode == 0, result.stdout + result.stderr
        assert fs.exists("bucket/data.zarr/zarr.json")
        fs.get("bucket/data.zarr", str(tmp_path / "copy.zarr"), recursive=True)
    assert_opens_as_v3(LocalStore(tmp_path / "copy.zarr"), expected)


def test_the_progress_line_of_a_conversion_counts_nodes() -> None:
    import io

    from zarr_metadata.cli._progress import DELAY, ProgressLine

    times = iter([0.0, DELAY + 1.0])
    stream = io.StringIO()
    line = ProgressLine(
        stream, clock=lambda: next(times), plain=True, doing="converting", counted="nodes"
    )
    line(5, 10)
    assert stream.getvalue().strip() == f"converting: 5 of 10 nodes, {5 / (DELAY + 1.0):,.0f}/s"


def test_an_xarray_dataset_opens_as_v3_with_its_dimensions_coordinates_and_values(
    tmp_path: Path,
) -> None:
    xr = pytest.importorskip(
        "xarray", reason="xarray writes the dataset and reads the converted store"
    )
    dataset = xr.Dataset(
        {
            "temperature": (("time", "x"), np.arange(12.0).reshape(4, 3), {"units": "K"}),
            "label": (("x",), np.array(["a", "bb", "c"])),
        },
        coords={"time": np.arange(4), "x": [10, 20, 30]},
        attrs={"title": "dataset"},
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dataset.to_zarr(tmp_path / "ds.zarr", zarr_format=2, consolidated=True, mode="w")
    assert command("ds.zarr", "--remove-v2", cwd=tmp_path).returncode == 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        converted = xr.open_zarr(tmp_path / "ds.zarr", zarr_format=3, consolidated=True).load()
    # The dimensions come from dimension_names; the attribute they came from is kept beside them,
    # which xarray reading v3 shows as an attribute of each variable.
    for variable in converted.variables.values():
        assert variable.attrs.pop("_ARRAY_DIMENSIONS") == list(variable.dims)
    xr.testing.assert_identical(converted, dataset)
