"""A real install: a built wheel carries the base pack and the ten sectors as package data.

The wheel is built from a copy of the project, installed into a fresh virtual environment
(``--system-site-packages`` so that the dependencies need not download) and run from another
folder, so nothing can be read from the source tree.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What a build needs; ``assets`` joins ``cards`` and ``tiles`` when it exists.
BUILD_INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "stalkerzone")
DATA_FOLDERS = ("cards", "tiles", "assets")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")


def _can_build_without_isolation() -> bool:
    """The running interpreter has a setuptools new enough for pyproject.toml and ``wheel``."""
    if importlib.util.find_spec("wheel") is None:
        return False
    return int(importlib.metadata.version("setuptools").split(".")[0]) >= 68


def _run(
    command: list[str], cwd: Path, env: dict[str, str], stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        command, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, (command, result.stdout, result.stderr)
    return result


def _copy_project(target: Path) -> None:
    target.mkdir()
    for name in BUILD_INPUTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=IGNORED)
        else:
            shutil.copy2(source, target / name)
    for name in DATA_FOLDERS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, target / name, ignore=IGNORED)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The ``bin`` folder of a fresh venv holding the built wheel, and the environment to run it."""
    work = tmp_path_factory.mktemp("install")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["STALKERZONE_HOME"] = str(work / "home")
    env["ARCADE_HEADLESS"] = "1"
    source = work / "source"
    _copy_project(source)
    wheels = work / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels)]
    if _can_build_without_isolation():
        build.append("--no-build-isolation")
    _run([*build, str(source)], cwd=work, env=env)
    (wheel,) = wheels.glob("stalkerzone-*.whl")
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], cwd=work, env=env)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    _run([str(python), "-m", "pip", "install", "--no-deps", "-q", str(wheel)], cwd=work, env=env)
    return bin_dir, env


@pytest.mark.slow
def test_install_wheel_carries_the_package_data(installed: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = installed
    elsewhere = bin_dir.parent.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    probe = (
        "import stalkerzone, stalkerzone.paths as p; "
        "print(stalkerzone.__file__); print(p.base_cards_dir()); print(p.tiles_dir())"
    )
    out = _run([str(bin_dir / "python"), "-c", probe], cwd=elsewhere, env=env).stdout.split("\n")
    venv = bin_dir.parent.resolve()
    package, cards, tiles = (Path(line).resolve() for line in out[:3])
    assert package.is_relative_to(venv), "the venv imports the installed wheel, not the source"
    assert cards == package.parent / "data" / "cards" and (cards / "pack.toml").is_file()
    assert tiles == package.parent / "data" / "tiles"
    assert sorted(p.name for p in tiles.glob("s*.toml")) == [f"s{i:02}.toml" for i in range(1, 11)]


@pytest.mark.slow
def test_install_commands_run_from_another_folder(installed: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = installed
    elsewhere = bin_dir.parent.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    command = str(bin_dir / "stalkerzone")
    checked = _run([command, "cards", "check"], cwd=elsewhere, env=env)
    assert "base" in checked.stdout and "OK" in checked.stdout, checked.stdout
    layout = _run([command, "map", "random", "--seed", "1", "--json"], cwd=elsewhere, env=env)
    assert '"placements"' in layout.stdout
    valid = _run([command, "map", "check", "-"], cwd=elsewhere, env=env, stdin=layout.stdout)
    assert "valid: 10 sectors" in valid.stdout, valid.stdout
