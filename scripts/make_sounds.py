"""Make ``assets/sounds/``: the game's sounds, one WAV per sound name the client plays.

Two kinds (see ``assets/CREDITS.md``):

* copied: Kenney's CC0 sounds that Arcade ships under ``:resources:sounds/`` (hits, coins,
  an explosion…), under the name the client plays them by;
* synthesised here, deterministically (a seeded generator, the standard library only): the
  dice rattling on the table, the victory fanfare and the chime of a human's turn.

Run ``python scripts/make_sounds.py`` after changing a choice below; the WAVs are committed,
so playing needs no build step. The same input gives byte-identical files. It also writes the
"Sounds" section of ``assets/CREDITS.md`` (``scripts/render_assets.py`` keeps it).
"""

from __future__ import annotations

import math
import random
import shutil
import struct
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"
CREDITS = ROOT / "assets" / "CREDITS.md"
HEADING = "## Sounds (assets/sounds/)"
RATE = 22050

# sound name -> (Kenney's file in Arcade's :resources:sounds/, CC0; what the game plays it for)
KENNEY = {
    "hit": ("hit2.wav", "the stalker's attack hurts the monster"),
    "hurt": ("hurt1.wav", "the monster's attack (or a drain) hurts the stalker"),
    "grenade": ("explosion2.wav", "a grenade thrown"),
    "buy": ("coin1.wav", "buying or healing at a base"),
    "sell": ("coin2.wav", "selling, an order delivered"),
    "event": ("secret2.wav", "an event card drawn"),
    "anomaly": ("phaseJump1.wav", "an anomaly roll"),
    "find": ("upgrade1.wav", "an Element or an artifact found"),
    "win": ("upgrade4.wav", "a monster killed"),
    "escape": ("jump3.wav", "an escape from a fight"),
    "death": ("lose1.wav", "a stalker dies"),
}
SYNTHESISED = {
    "dice": "dice rolled",
    "victory": "the game won (WIN-1)",
    "turn": "a human player's turn starts (TURN-1)",
}


def _write(path: Path, samples: list[float]) -> None:
    """Mono 16-bit PCM at :data:`RATE`, peak-normalised to 0.8."""
    peak = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", int(32767 * 0.8 * s / peak)) for s in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def dice_rattle() -> list[float]:
    """Dice tumbling: a run of short, bright knocks that slow down and fade (0.7 s)."""
    rng = random.Random(6)
    samples = [0.0] * int(RATE * 0.7)
    t = 0.01
    gap = 0.03
    while t < 0.62:
        start = int(t * RATE)
        loud = 1.0 - t / 0.7
        pitch = rng.uniform(1800.0, 3200.0)
        for k in range(int(RATE * 0.018)):
            if start + k >= len(samples):
                break
            decay = math.exp(-k / (RATE * 0.003))
            noise = rng.uniform(-1.0, 1.0)
            tone = math.sin(2 * math.pi * pitch * k / RATE)
            samples[start + k] += loud * decay * (0.6 * noise + 0.4 * tone)
        t += gap * rng.uniform(0.7, 1.3)
        gap *= 1.12
    return samples


def fanfare() -> list[float]:
    """The winner's fanfare: a rising major arpeggio and a held chord (1.3 s)."""
    notes = [(523.25, 0.0, 0.16), (659.25, 0.14, 0.16), (783.99, 0.28, 0.16)]
    notes += [(1046.5, 0.42, 0.85), (783.99, 0.42, 0.85), (659.25, 0.42, 0.85)]
    samples = [0.0] * int(RATE * 1.3)
    for freq, at, length in notes:
        start = int(at * RATE)
        for k in range(int(length * RATE)):
            env = min(1.0, k / (RATE * 0.01)) * math.exp(-k / (RATE * length * 0.6))
            phase = 2 * math.pi * freq * k / RATE
            value = math.sin(phase) + 0.3 * math.sin(2 * phase) + 0.15 * math.sin(3 * phase)
            samples[start + k] += env * value
    return samples


def turn_chime() -> list[float]:
    """A human's turn starts: two soft bell notes, a fourth apart (0.7 s)."""
    samples = [0.0] * int(RATE * 0.7)
    for freq, at in ((880.0, 0.0), (1174.66, 0.12)):
        start = int(at * RATE)
        for k in range(len(samples) - start):
            env = min(1.0, k / (RATE * 0.005)) * math.exp(-k / (RATE * 0.16))
            phase = 2 * math.pi * freq * k / RATE
            samples[start + k] += env * (math.sin(phase) + 0.2 * math.sin(2.76 * phase))
    return samples


def credits_section() -> str:
    """The "Sounds" section of ``assets/CREDITS.md``."""
    rows = [
        f"| `sounds/{n}.wav` | Kenney, `{f}` | CC0 1.0 | {use} |" for n, (f, use) in KENNEY.items()
    ]
    rows += [f"| `sounds/{n}.wav` | synthesised | ours | {use} |" for n, use in SYNTHESISED.items()]
    lines = [
        HEADING,
        "",
        "Kenney's sounds ([kenney.nl](https://kenney.nl)), as Arcade ships them under",
        "`:resources:sounds/`. Licence: Creative Commons Zero",
        "([CC0 1.0](https://creativecommons.org/publicdomain/zero/1.0/)), public domain; credit",
        "is welcome, not required. Copied under the name the client plays them by, unchanged.",
        "`dice.wav`, `victory.wav` and `turn.wav` are synthesised by `scripts/make_sounds.py`",
        "(seeded, the standard library only): they are ours and are covered by the project's",
        "licence.",
        "",
        "| sound | source | licence | played for |",
        "|---|---|---|---|",
        *rows,
        "",
    ]
    return "\n".join(lines)


def with_section(text: str, section: str, heading: str = HEADING) -> str:
    """``text`` with its section under ``heading`` (the Sounds one unless given) replaced by
    ``section`` (appended if it has none); ``make_music.py`` writes its Music section with it."""
    start = text.find(heading)
    if start < 0:
        return text.rstrip("\n") + "\n\n" + section
    end = text.find("\n## ", start + len(heading))
    rest = text[end + 1 :] if end >= 0 else ""
    return text[:start] + section + ("\n" + rest if rest else "")


def main() -> None:
    import arcade

    kenney = Path(arcade.__file__).resolve().parent / "resources" / "assets" / "sounds"
    SOUNDS.mkdir(parents=True, exist_ok=True)
    for name, (source, _use) in KENNEY.items():
        shutil.copyfile(kenney / source, SOUNDS / f"{name}.wav")
    _write(SOUNDS / "dice.wav", dice_rattle())
    _write(SOUNDS / "victory.wav", fanfare())
    _write(SOUNDS / "turn.wav", turn_chime())
    text = CREDITS.read_text(encoding="utf-8") if CREDITS.exists() else "# Credits\n"
    CREDITS.write_text(with_section(text, credits_section()), encoding="utf-8")
    print(f"wrote {len(KENNEY)} copied and {len(SYNTHESISED)} synthesised sounds to {SOUNDS}")


if __name__ == "__main__":
    main()
