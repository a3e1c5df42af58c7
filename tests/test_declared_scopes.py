"""The package's scopes declare where their definitions live and import each when a document first names it; its packages import a published name when it is first asked for."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from zarr_metadata.definition import Definition
from zarr_metadata.definition._scope import DeclaredTable, declared_scope
from zarr_metadata.v2 import CORE_V2, KNOWN_V2, ZarrV2Context
from zarr_metadata.v2.codec import CODECS_V2
from zarr_metadata.v2.codec._extra import EXTRA_CODECS_V2
from zarr_metadata.v2.data_type import DATA_TYPES_V2
from zarr_metadata.v3 import CORE, CORE_AND_EXTENSIONS, KNOWN, ZSTD_CODEC
from zarr_metadata.v3.codec.numcodecs import NUMCODECS_CODECS
from zarr_metadata.v3.definition import CodecDefinition, ZarrV3Context

SRC = Path(__file__).resolve().parents[1] / "src" / "zarr_metadata"

SCOPES = {
    "CORE": CORE,
    "CORE_AND_EXTENSIONS": CORE_AND_EXTENSIONS,
    "KNOWN": KNOWN,
    "CORE_V2": CORE_V2,
    "KNOWN_V2": KNOWN_V2,
}


@pytest.mark.parametrize("name", SCOPES)
def test_every_declared_definition_is_there_of_its_slots_kind_under_its_name(name: str) -> None:
    scope = SCOPES[name]
    for slot, kind in type(scope).kinds.items():
        table = scope.definitions_of(kind)
        names = list(table)
        assert len(names) == len(set(names)) == len(table), slot
        for filed, definition in table.items():
            assert isinstance(definition, kind), (slot, filed)
            assert definition.name == filed, (slot, filed)


def test_the_tables_a_scope_declares_are_filed_whole_and_in_their_order() -> None:
    assert list(CORE_V2.data_types.values()) == list(DATA_TYPES_V2)
    assert list(CORE_V2.codecs.values()) == list(CODECS_V2)
    assert list(KNOWN_V2.codecs.values()) == [*CODECS_V2, *EXTRA_CODECS_V2]
    assert list(KNOWN.codecs.values())[-len(NUMCODECS_CODECS) :] == list(NUMCODECS_CODECS)


def test_a_scope_grows_by_its_declarations_in_order() -> None:
    assert list(CORE_AND_EXTENSIONS.codecs)[: len(CORE.codecs)] == list(CORE.codecs)
    assert list(KNOWN.data_types)[: len(CORE_AND_EXTENSIONS.data_types)] == list(
        CORE_AND_EXTENSIONS.data_types
    )


@pytest.mark.parametrize("name", SCOPES)
def test_a_declared_scope_equals_and_hashes_as_the_scope_given_its_definitions(name: str) -> None:
    scope = SCOPES[name]
    given = type(scope)(**{slot: list(table.values()) for slot, table in scope._tables.items()})  # pyright: ignore[reportPrivateUsage]
    assert given == scope
    assert hash(given) == hash(scope)
    assert pickle.loads(pickle.dumps(scope)) == scope


def test_a_declared_scope_differs_from_one_with_another_definition_under_a_name() -> None:
    other_zstd = dataclasses.replace(ZSTD_CODEC, size="static")
    other = KNOWN.update(codecs={**KNOWN.codecs, "zstd": other_zstd})
    assert other != KNOWN
    assert other.codecs["zstd"] is other_zstd


def test_a_declaration_that_points_at_the_wrong_thing_is_a_type_error_naming_it() -> None:
    where = "zarr_metadata.v3.codec.zstd:ZSTD_CODEC"
    wrong_name = declared_scope(ZarrV3Context, codecs={"gzip": where})
    with pytest.raises(TypeError, match="zstd:ZSTD_CODEC is no CodecDefinition filed under 'gzip'"):
        wrong_name.claimant(CodecDefinition, "gzip")
    wrong_kind = declared_scope(ZarrV3Context, data_types={"zstd": where})
    with pytest.raises(TypeError, match="is no DataTypeDefinition"):
        wrong_kind.data_types["zstd"]
    not_a_table = declared_scope(ZarrV3Context, codecs=where)
    with pytest.raises(TypeError, match="is no table of CodecDefinition definitions"):
        list(not_a_table.codecs)
    twice = declared_scope(
        ZarrV3Context,
        codecs=({"numcodecs.zlib": where}, "zarr_metadata.v3.codec.numcodecs:NUMCODECS_CODECS"),
    )
    with pytest.raises(TypeError, match="a name declared twice"):
        list(twice.codecs)


def test_a_name_nothing_declares_is_claimed_by_nothing_after_every_table_is_read() -> None:
    table = DeclaredTable(CodecDefinition, ["zarr_metadata.v2.codec:CODECS_V2"])
    with pytest.raises(TypeError):
        table["zlib"]  # the rows are v2 codecs, not of this slot's kind
    scope = declared_scope(ZarrV2Context, codecs="zarr_metadata.v2.codec:CODECS_V2")
    assert scope.codecs.get("no-such-codec") is None
    assert "zlib" in scope.codecs


def _modules_after(program: str) -> set[str]:
    probe = f"import sys\n{program}\nprint(sorted(sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return set(ast.literal_eval(result.stdout.strip().splitlines()[-1]))


FLOAT64_ZSTD = (
    '{"zarr_format": 3, "node_type": "array", "shape": [4], "data_type": "float64",'
    ' "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},'
    ' "chunk_key_encoding": {"name": "default"}, "fill_value": "NaN",'
    ' "codecs": [{"name": "bytes", "configuration": {"endian": "little"}},'
    ' {"name": "zstd", "configuration": {"level": 3}}]}'
)


def test_a_read_in_known_imports_only_the_definitions_its_document_names() -> None:
    modules = _modules_after(
        "import json\n"
        "from zarr_metadata.model import read_array_metadata_v3\n"
        "from zarr_metadata.v3 import KNOWN\n"
        f"assert read_array_metadata_v3(json.loads({FLOAT64_ZSTD!r}), context=KNOWN).metadata is not None"
    )
    named = {
        "zarr_metadata.v3.data_type.float64",
        "zarr_metadata.v3.chunk_grid.regular",
        "zarr_metadata.v3.chunk_key_encoding.default",
        "zarr_metadata.v3.codec.bytes",
        "zarr_metadata.v3.codec.zstd",
    }
    assert named <= modules
    definitions = {
        module
        for module in modules
        if module.startswith(("zarr_metadata.v3.codec.", "zarr_metadata.v3.data_type."))
        and not module.rpartition(".")[2].startswith("_")
    }
    assert definitions == named - {
        "zarr_metadata.v3.chunk_grid.regular",
        "zarr_metadata.v3.chunk_key_encoding.default",
    }
    assert not {name for name in modules if name.startswith("zarr_metadata.v2.")} - {
        "zarr_metadata.v2._context",
        "zarr_metadata.v2._field_kinds",
        "zarr_metadata.v2._field_json",
    }


def test_a_name_of_a_table_is_claimed_once_the_table_is_read() -> None:
    modules = _modules_after(
        "import json\n"
        "from zarr_metadata.model import read_array_metadata_v3\n"
        "from zarr_metadata.v3 import KNOWN\n"
        f"document = json.loads({FLOAT64_ZSTD!r})\n"
        "document['codecs'][1] = {'name': 'numcodecs.zlib', 'configuration': {'level': 1}}\n"
        "assert not read_array_metadata_v3(document, context=KNOWN).metadata.unclaimed_fields"
    )
    assert "zarr_metadata.v3.codec.numcodecs" in modules
    assert "zarr_metadata.v3.data_type._extension_floats" not in modules


def test_importing_the_package_imports_none_of_its_modules() -> None:
    modules = _modules_after(
        "import zarr_metadata, zarr_metadata.model, zarr_metadata.v3, zarr_metadata.v2"
    )
    assert {name for name in modules if name.startswith("zarr_metadata")} == {
        "zarr_metadata",
        "zarr_metadata._lazy",
        "zarr_metadata.model",
        "zarr_metadata.v2",
        "zarr_metadata.v3",
    }


LAZY_PACKAGES = ("zarr_metadata", "zarr_metadata.model", "zarr_metadata.v3", "zarr_metadata.v2")


def _imported_for_type_checking(package: str) -> dict[str, str]:
    module = importlib.import_module(package)
    tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for statement in tree.body:
        if isinstance(statement, ast.If) and ast.unparse(statement.test) == "TYPE_CHECKING":
            for inner in statement.body:
                assert isinstance(inner, ast.ImportFrom) and inner.module is not None
                for alias in inner.names:
                    found[alias.asname or alias.name] = inner.module
    return found


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_a_lazy_package_gives_every_name_it_lists_from_its_module(package: str) -> None:
    imported = _imported_for_type_checking(package)
    module: Any = importlib.import_module(package)
    assert set(module.__all__) - set(vars(module)) <= set(imported)
    for name, source in imported.items():
        assert getattr(module, name) is getattr(importlib.import_module(source), name), name
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        module.no_such_name  # noqa: B018


def test_star_import_of_the_package_gives_what_it_lists() -> None:
    namespace: dict[str, object] = {}
    exec("from zarr_metadata import *", namespace)
    import zarr_metadata

    assert set(zarr_metadata.__all__) <= set(namespace)


def test_declared_definitions_are_the_modules_own() -> None:
    module: Any = importlib.import_module("zarr_metadata.v3.codec.zstd")
    assert KNOWN.codecs["zstd"] is module.ZSTD_CODEC
    assert isinstance(KNOWN.codecs["zstd"], Definition)
