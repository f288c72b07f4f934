"""Build hook: the base card pack and the sectors become package data.

The top-level data folders (``cards/``, ``tiles/`` and, once it exists, ``assets/``) are copied
into ``stalkerzone/data/<name>`` of the build, so a wheel, ``pip install .`` and pipx carry them;
``stalkerzone.paths`` reads them there. An editable install reads them in place instead.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = ("cards", "tiles", "assets")


class BuildWithData(build_py):
    """``build_py`` that also copies the top-level data folders into the package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA_FOLDERS:
            source = ROOT / name
            if not source.is_dir():
                continue
            target = Path(self.build_lib) / "stalkerzone" / "data" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
