"""Reading many documents pauses the cyclic garbage collector, and always leaves it as it found it."""

from __future__ import annotations

import gc

import pytest

from _v3_documents import array_document, consolidated_member
from zarr_metadata._collector import collector_paused
from zarr_metadata.model import read_consolidated_metadata_v3


def test_the_collector_is_paused_in_the_body_and_on_after_it() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_is_on_again_after_an_error() -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("in the body")
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        read_consolidated_metadata_v3(consolidated_member({"a": array_document()}))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_reading_consolidated_metadata_leaves_the_collector_on() -> None:
    reading = read_consolidated_metadata_v3(
        consolidated_member({f"a{index}": array_document() for index in range(50)})
    )
    assert reading.problems == () and gc.isenabled()
    broken = read_consolidated_metadata_v3(consolidated_member({"a": array_document(shape=[-1])}))
    assert broken.problems != () and gc.isenabled()
