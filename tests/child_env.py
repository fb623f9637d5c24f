"""The environment of a child interpreter that imports the mahjong this test run imports
(installed, or built in place), whatever its working directory: tests that start
``python -m mahjong`` or ``python -c`` run them from a temporary directory with it."""
import os
import tempfile

import mahjong

#: The working directory for a child: never the repository root, whose unbuilt source tree
#: would come before the installed package (``python -m`` and ``python -c`` put the working
#: directory first on sys.path).
CHILD_CWD = tempfile.gettempdir()


def child_env(**extra):
    env = dict(os.environ, **extra)
    home = os.path.dirname(os.path.dirname(os.path.abspath(mahjong.__file__)))
    env["PYTHONPATH"] = os.pathsep.join([home] + [p for p in env.get("PYTHONPATH", "").split(
        os.pathsep) if p])
    return env
