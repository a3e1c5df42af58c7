"""Readers and models: a whole document read once in a scope, every problem found, and an immutable model of a valid one."""

from typing import TYPE_CHECKING

from zarr_metadata._lazy import exported_lazily

if TYPE_CHECKING:
    from zarr_metadata._json import UNSET
    from zarr_metadata._names import (
        NodeName as NodeName,
    )
    from zarr_metadata._names import (
        NodePath as NodePath,
    )
    from zarr_metadata._names import (
        is_node_name_v3,
        is_node_path_v3,
        parse_node_name_v3,
        parse_node_path_v3,
        validate_node_name_v3,
        validate_node_path_v3,
    )
    from zarr_metadata.model._array_model_v2 import (
        ZarrV2ArrayMetadata,
        ZarrV2ArrayMetadataUpdate,
        read_array_metadata_v2,
    )
    from zarr_metadata.model._array_model_v3 import (
        ZarrV3ArrayMetadata,
        ZarrV3ArrayMetadataUpdate,
        read_array_metadata_v3,
    )
    from zarr_metadata.model._array_v2 import ZarrV2ArrayMetadataReading
    from zarr_metadata.model._array_v3 import ZarrV3ArrayMetadataReading
    from zarr_metadata.model._consolidated_model_v2 import (
        ZarrV2ConsolidatedMetadata,
        ZarrV2ConsolidatedMetadataReading,
        read_consolidated_metadata_v2,
    )
    from zarr_metadata.model._group_model_v2 import (
        ZarrV2GroupMetadata,
        ZarrV2GroupMetadataUpdate,
        ZarrV2NodeMetadata,
        ZarrV2NodeMetadataReading,
        node_metadata_from_key_value_v2,
        read_group_metadata_v2,
        read_node_metadata_v2,
    )
    from zarr_metadata.model._group_model_v3 import (
        ZarrV3ConsolidatedMetadata,
        ZarrV3ConsolidatedMetadataInput,
        ZarrV3ConsolidatedMetadataReading,
        ZarrV3GroupMetadata,
        ZarrV3GroupMetadataUpdate,
        ZarrV3NodeMetadataInput,
        read_consolidated_metadata_v3,
        read_group_metadata_v3,
    )
    from zarr_metadata.model._group_v2 import (
        ZarrV2GroupMetadataReading,
        ZarrV2UnknownNodeMetadataReading,
    )
    from zarr_metadata.model._group_v3 import ZarrV3GroupMetadataReading
    from zarr_metadata.model._node_v3 import (
        ZarrV3NodeMetadata,
        ZarrV3NodeMetadataReading,
        ZarrV3UnknownNodeMetadataReading,
        node_metadata_from_json_v3,
        node_metadata_from_key_value_v3,
        read_node_metadata_v3,
    )
    from zarr_metadata.model._repair import Repair, RepairKind
    from zarr_metadata.model._repair_v2 import (
        ZarrV2RepairedConsolidatedMetadataReading,
        ZarrV2RepairedNodeMetadataReading,
        read_repaired_consolidated_metadata_v2,
        read_repaired_node_metadata_v2,
        repair_consolidated_metadata_v2,
        repair_node_metadata_v2,
    )
    from zarr_metadata.model._repair_v3 import (
        ZarrV3RepairedNodeMetadataReading,
        read_repaired_node_metadata_v3,
        repair_node_metadata_v3,
    )

__all__ = [
    "UNSET",
    "Repair",
    "RepairKind",
    "ZarrV2ArrayMetadata",
    "ZarrV2ArrayMetadataReading",
    "ZarrV2ArrayMetadataUpdate",
    "ZarrV2ConsolidatedMetadata",
    "ZarrV2ConsolidatedMetadataReading",
    "ZarrV2GroupMetadata",
    "ZarrV2GroupMetadataReading",
    "ZarrV2GroupMetadataUpdate",
    "ZarrV2NodeMetadata",
    "ZarrV2NodeMetadataReading",
    "ZarrV2RepairedConsolidatedMetadataReading",
    "ZarrV2RepairedNodeMetadataReading",
    "ZarrV2UnknownNodeMetadataReading",
    "ZarrV3ArrayMetadata",
    "ZarrV3ArrayMetadataReading",
    "ZarrV3ArrayMetadataUpdate",
    "ZarrV3ConsolidatedMetadata",
    "ZarrV3ConsolidatedMetadataInput",
    "ZarrV3ConsolidatedMetadataReading",
    "ZarrV3GroupMetadata",
    "ZarrV3GroupMetadataReading",
    "ZarrV3GroupMetadataUpdate",
    "ZarrV3NodeMetadata",
    "ZarrV3NodeMetadataInput",
    "ZarrV3NodeMetadataReading",
    "ZarrV3RepairedNodeMetadataReading",
    "ZarrV3UnknownNodeMetadataReading",
    "is_node_name_v3",
    "is_node_path_v3",
    "node_metadata_from_json_v3",
    "node_metadata_from_key_value_v2",
    "node_metadata_from_key_value_v3",
    "parse_node_name_v3",
    "parse_node_path_v3",
    "read_array_metadata_v2",
    "read_array_metadata_v3",
    "read_consolidated_metadata_v2",
    "read_consolidated_metadata_v3",
    "read_group_metadata_v2",
    "read_group_metadata_v3",
    "read_node_metadata_v2",
    "read_node_metadata_v3",
    "read_repaired_consolidated_metadata_v2",
    "read_repaired_node_metadata_v2",
    "read_repaired_node_metadata_v3",
    "repair_consolidated_metadata_v2",
    "repair_node_metadata_v2",
    "repair_node_metadata_v3",
    "validate_node_name_v3",
    "validate_node_path_v3",
]

__getattr__ = exported_lazily(__name__)
