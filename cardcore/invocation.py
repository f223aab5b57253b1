"""The shell command that runs this cardcore again, for the commands it prints ("Resume with: ...").

``make play`` runs ``.venv/bin/cardcore`` without putting it on the PATH, so a bare ``cardcore``
would fail when pasted; the printed command names the program that is actually running.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys


def cardcore_command() -> str:
    """``cardcore`` when that name on the PATH is this program; else the running script's absolute
    path; else (``python -m cardcore``, or cardcore embedded in another program) this Python with
    ``-m cardcore``."""
    script = sys.argv[0] if sys.argv else ""
    if os.path.splitext(os.path.basename(script))[0] == "cardcore":
        on_path = shutil.which("cardcore")
        if on_path and os.path.realpath(on_path) == os.path.realpath(script):
            return "cardcore"
        return shlex.quote(os.path.abspath(script))
    return f"{shlex.quote(sys.executable)} -m cardcore"
