"""Player settings (language, UI scale, animation speed, colour-blind symbols, fullscreen,
effects and music volume, mute, one-time tips).

Saved as TOML in ``paths.user_config_dir()/settings.toml`` with an atomic write (temp file +
rename). A missing or broken file gives the defaults and a readable note, never a crash; the
file is read through :mod:`stalkerzone.files` (a regular file of at most 64 kB).
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import tomli_w

from stalkerzone import files, paths
from stalkerzone.client.text.i18n import LANGUAGES

ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
UI_SCALES: tuple[float, ...] = (0.85, 1.0, 1.15, 1.3, 1.5)
VOLUMES: tuple[float, ...] = (0.2, 0.4, 0.6, 0.8, 1.0)
MUSIC_VOLUMES: tuple[float, ...] = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)  # 0: no music
MAX_SETTINGS_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Settings:
    language: str = "en"
    ui_scale: float = 1.0
    animation_speed: float = 1.0  # 1 = normal; bots and moves play faster when higher
    colour_blind_symbols: bool = True
    fullscreen: bool = False
    volume: float = 0.8  # the effects' volume, 0..1
    muted: bool = False  # no effects and no music
    music_volume: float = 0.4  # the board's and the fights' loops, 0..1 (0: off)
    tips: bool = True  # one-time tips the first time something happens (widgets.tips)

    def validated(self) -> Settings:
        """The same settings with every value brought into its allowed range."""
        return replace(
            self,
            language=self.language if self.language in LANGUAGES else "en",
            ui_scale=min(2.0, max(0.75, float(self.ui_scale))),
            animation_speed=min(8.0, max(0.25, float(self.animation_speed))),
            colour_blind_symbols=bool(self.colour_blind_symbols),
            fullscreen=bool(self.fullscreen),
            volume=min(1.0, max(0.0, float(self.volume))),
            muted=bool(self.muted),
            music_volume=min(1.0, max(0.0, float(self.music_volume))),
            tips=bool(self.tips),
        )


def settings_path() -> Path:
    return paths.user_config_dir() / "settings.toml"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a note if the file could not be used."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data = tomllib.loads(
            files.decode(files.read_bytes(path, limit=MAX_SETTINGS_BYTES), str(path))
        )
        problem = files.check_tree(data)
        if problem:
            raise ValueError(problem)
        known = {f.name: f.type for f in fields(Settings)}
        values = {key: value for key, value in data.items() if key in known}
        return Settings(**values).validated(), None
    except files.FileRefused as error:
        return Settings(), f"{path}: settings ignored: {error.reason}"
    except RecursionError:
        return Settings(), f"{path}: settings ignored: TOML nested too deeply"
    except (OSError, TypeError, ValueError) as error:
        return Settings(), f"{path}: settings ignored: {files.shorten(str(error), 120)}"


def save_settings(settings: Settings) -> None:
    """Write the settings atomically (temp file in the same folder, then rename)."""
    data = tomli_w.dumps(asdict(settings.validated())).encode("utf-8")
    files.write_atomic(settings_path(), data)
