"""The records command is tested on the same stored records as the store itself."""

from tests.store.conftest import _no_env_data_dir, data_dir, make_record, unwritable_dir

__all__ = ["_no_env_data_dir", "data_dir", "make_record", "unwritable_dir"]
