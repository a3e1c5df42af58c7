"""What the benchmarks that time a command share: the environment its process runs in."""

from __future__ import annotations

import os

# An installed package has its bytecode compiled, as pip does when it installs a
# wheel; a process that may not write bytecode would compile every module on each
# start, which no user's run does.
ENVIRONMENT = {
    name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
}
