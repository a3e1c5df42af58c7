"""One way JSON text comes in: a model's `from_key_value` and the checker read a file alike, in the same words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zarr_metadata.checker import check
from zarr_metadata.model import ZarrV2ArrayMetadata, ZarrV3ArrayMetadata, ZarrV3GroupMetadata
from zarr_metadata.problems import MetadataValidationError

ARRAY = (
    '{"zarr_format": 3, "node_type": "array", "shape": [4], "shape": [5], "data_type": "uint8",'
    ' "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},'
    ' "chunk_key_encoding": {"name": "default"}, "fill_value": 0,'
    ' "codecs": [{"name": "bytes"}]}'
)


def test_a_key_written_twice_is_read_as_readers_read_it_and_the_checker_reports_it(
    tmp_path: Path,
) -> None:
    # zarr-python (json.loads) and tensorstore 0.1.86 (zarr3 driver) both open this array
    # with the last copy, shape [5]; no Zarr spec forbids it, so the library accepts it.
    metadata = ZarrV3ArrayMetadata.from_key_value({"zarr.json": ARRAY.encode()})
    assert metadata.shape == (5,)
    (tmp_path / "zarr.json").write_text(ARRAY, encoding="utf-8")
    [finding] = [finding for finding in check(str(tmp_path)) if finding.kind == "duplicate_key"]
    assert finding.loc == ("shape",)
    assert (finding.line, finding.column) == (1, ARRAY.index('"shape": [5]') + 1)


@pytest.mark.parametrize(
    "text",
    [
        '{"zarr_format": 3, "node_type": "group",}',
        '{"zarr_format": 3 "node_type": "group"}',
        "\ufeff{}",
        "[1, 2",
    ],
)
def test_text_that_is_not_json_gets_the_checker_s_words_and_place(
    text: str, tmp_path: Path
) -> None:
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV3GroupMetadata.from_key_value({"zarr.json": text.encode()})
    [problem] = raised.value.problems
    assert problem.kind == "invalid_json"
    (tmp_path / "zarr.json").write_text(text, encoding="utf-8")
    [finding] = list(check(str(tmp_path)))
    assert finding.kind == "invalid_json"
    assert (
        problem.message
        == f"expected JSON: {finding.message} (line {finding.line}, column {finding.column})"
    )


def test_a_v2_file_is_read_through_the_same_door() -> None:
    # The last copy of a key wins, as in json.loads.
    zarray = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [4],
        "dtype": "|u1",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    text = json.dumps(zarray)[:-1] + ', "order": "F"}'
    assert ZarrV2ArrayMetadata.from_key_value({".zarray": text.encode()}).order == "F"
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV2ArrayMetadata.from_key_value({".zarray": text[:-1].encode()})
    assert [problem.kind for problem in raised.value.problems] == ["invalid_json"]
