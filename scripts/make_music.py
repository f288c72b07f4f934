"""Make ``assets/music/``: the quiet loops the client plays under the board and under fights.

Both are synthesised here with numpy, deterministically (seeded generators), as seamless loops:
every tone completes a whole number of cycles over the loop, noise is shaped in the frequency
domain of the whole loop (so it is periodic too), and each note's tail that runs past the end
wraps round to the start. The last sample therefore leads into the first like any other pair.

* ``board.wav`` (24 s): a slow dark drone on D with a breathing wind and sparse, soft plucks;
* ``fight.wav`` (20 s, 96 beats a minute): a low pulse on every beat, ticking off-beats and a
  tense ostinato over a drone with a minor second in it.

Mono 16-bit PCM at 22 050 Hz. Run ``python scripts/make_music.py`` after changing a choice
below; the WAVs are committed, so playing needs no build step. The same input gives
byte-identical files. It also writes the "Music" section of ``assets/CREDITS.md``.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import numpy.typing as npt
from make_sounds import with_section  # the CREDITS.md section writer (scripts/)

ROOT = Path(__file__).resolve().parent.parent
MUSIC = ROOT / "assets" / "music"
CREDITS = ROOT / "assets" / "CREDITS.md"
HEADING = "## Music (assets/music/)"
RATE = 22050
PEAK = 0.55  # quiet: the effects stay on top of it

Wave = npt.NDArray[np.float64]

TRACKS = {
    "board": (24.0, "the board, the bases, the stalker card and the menus: a dark drone"),
    "fight": (20.0, "a fight: a tense pulse"),
}


def _whole(freq: float, seconds: float) -> float:
    """``freq`` moved to the nearest frequency with a whole number of cycles in the loop."""
    return max(1, round(freq * seconds)) / seconds


def _tone(freq: float, seconds: float, harmonics: tuple[float, ...] = (1.0,)) -> Wave:
    """A steady tone (with ``harmonics``' amplitudes) that loops without a seam."""
    t = np.arange(int(RATE * seconds)) / RATE
    out = np.zeros_like(t)
    for k, amp in enumerate(harmonics, start=1):
        out += amp * np.sin(2 * np.pi * _whole(freq * k, seconds) * t)
    return out


def _lfo(cycles: int, seconds: float, low: float, high: float, phase: float = 0.0) -> Wave:
    """A slow swell between ``low`` and ``high``, ``cycles`` times over the loop."""
    t = np.arange(int(RATE * seconds)) / RATE
    return low + (high - low) * 0.5 * (1 - np.cos(2 * np.pi * cycles * t / seconds + phase))


def _noise(rng: np.random.Generator, seconds: float, low: float, high: float) -> Wave:
    """Periodic noise between ``low`` and ``high`` Hz (shaped over the whole loop's spectrum)."""
    n = int(RATE * seconds)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    centre = np.log(np.sqrt(low * high))
    band = np.exp(-0.5 * ((np.log(np.maximum(freqs, 1.0)) - centre) / 0.5) ** 2)
    band[(freqs < low / 2) | (freqs > high * 2)] = 0.0
    out = np.fft.irfft(spectrum * band, n)
    return out / max(1e-9, float(np.abs(out).max()))


def _wrap_add(track: Wave, sound: Wave, at: float) -> None:
    """Add ``sound`` at ``at`` seconds; what runs past the loop's end wraps to its start."""
    n = len(track)
    index = (int(at * RATE) + np.arange(len(sound))) % n
    np.add.at(track, index, sound)


def _pluck(freq: float, length: float, rng: np.random.Generator) -> Wave:
    """A soft plucked string (Karplus-Strong: a noise burst through a damped delay line)."""
    n = int(RATE * length)
    period = max(2, round(RATE / freq))
    line = rng.uniform(-1, 1, period)
    line = np.convolve(line, np.ones(4) / 4, mode="same")  # a soft attack: no bright click
    out = np.empty(n)
    for k in range(n):
        out[k] = line[k % period]
        line[k % period] = 0.497 * (line[k % period] + line[(k + 1) % period])
    fade = np.minimum(1.0, np.arange(n)[::-1] / (RATE * 0.3))
    return out * fade


def _thump(length: float) -> Wave:
    """A low drum: a sine falling from 90 to 45 Hz with a quick decay."""
    t = np.arange(int(RATE * length)) / RATE
    freq = 45 + 45 * np.exp(-t / 0.04)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return np.sin(phase) * np.exp(-t / 0.16) * np.minimum(1.0, t / 0.003)


def _tick(rng: np.random.Generator, length: float) -> Wave:
    """A short ticking noise (a closed hat, muffled)."""
    n = int(RATE * length)
    noise = rng.standard_normal(n)
    high = noise - np.concatenate(([0.0], noise[:-1]))  # brighter: a first difference
    return high * np.exp(-np.arange(n) / (RATE * 0.012)) * 0.07


def _note(freq: float, length: float) -> Wave:
    """A dark, buzzing synth note (odd harmonics, soft attack and release)."""
    t = np.arange(int(RATE * length)) / RATE
    wave_ = sum(np.sin(2 * np.pi * freq * k * t) / k for k in (1, 3, 5, 7))
    env = np.minimum(1.0, t / 0.01) * np.exp(-t / (length * 0.5))
    return np.asarray(wave_ * env, dtype=np.float64)


def board_loop() -> Wave:
    """The board: a drone on D (root, fifth, a slow detuned beat), wind, sparse plucks."""
    seconds = TRACKS["board"][0]
    rng = np.random.default_rng(24)
    track = 0.35 * _tone(73.42, seconds, (1.0, 0.4, 0.15)) * _lfo(2, seconds, 0.7, 1.0)
    track += 0.18 * _tone(110.0, seconds, (1.0, 0.3)) * _lfo(3, seconds, 0.3, 1.0, 1.0)
    track += 0.12 * _tone(146.8, seconds) * _lfo(1, seconds, 0.2, 1.0, 2.0)
    track += 0.10 * _tone(147.3, seconds) * _lfo(1, seconds, 0.2, 1.0, 2.0)  # a slow beat
    track += 0.10 * _noise(rng, seconds, 200.0, 700.0) * _lfo(2, seconds, 0.1, 1.0, 0.5)
    scale = (293.66, 349.23, 392.0, 440.0, 523.25, 587.33)  # D minor pentatonic, higher up
    at = 1.5
    while at < seconds:
        freq = scale[int(rng.integers(len(scale)))]
        _wrap_add(track, 0.22 * _pluck(freq, 3.0, rng), at)
        at += float(rng.uniform(2.5, 5.0))
    return track


def fight_loop() -> Wave:
    """A fight: a thump on every beat, off-beat ticks, a low ostinato, a tense drone."""
    seconds = TRACKS["fight"][0]
    beat = 60.0 / 96.0
    rng = np.random.default_rng(96)
    track = 0.16 * _tone(73.42, seconds, (1.0, 0.5, 0.3)) * _lfo(4, seconds, 0.6, 1.0)
    track += 0.05 * _tone(311.13, seconds) * _lfo(2, seconds, 0.0, 1.0)  # E flat over D
    track += 0.04 * _tone(293.66, seconds) * _lfo(2, seconds, 0.0, 1.0, np.pi)
    bars = [(73.42, 73.42, 87.31, 73.42), (77.78, 73.42, 87.31, 98.0)]  # D, E flat, F, G
    for k in range(round(seconds / beat)):
        _wrap_add(track, 0.55 * _thump(0.5), k * beat)
        _wrap_add(track, _tick(rng, 0.08), k * beat + beat / 2)
        pattern = bars[(k // 8) % 2]
        for half in range(2):
            freq = pattern[(2 * k + half) % 4]
            _wrap_add(track, 0.12 * _note(freq * 2, beat / 2), k * beat + half * beat / 2)
    return track


def _write(path: Path, samples: Wave) -> None:
    """Mono 16-bit PCM at :data:`RATE`, peak-normalised to :data:`PEAK`."""
    peak = max(1e-9, float(np.abs(samples).max()))
    frames = np.round(32767 * PEAK * samples / peak).astype("<i2").tobytes()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def credits_section() -> str:
    """The "Music" section of ``assets/CREDITS.md``."""
    rows = [
        f"| `music/{name}.wav` | synthesised | ours | {seconds:g} s | {use} |"
        for name, (seconds, use) in TRACKS.items()
    ]
    lines = [
        HEADING,
        "",
        "Made by `scripts/make_music.py` (procedural synthesis with numpy, seeded): seamless",
        "loops, mono, 22 050 Hz. They are ours and are covered by the project's licence.",
        "",
        "| music | source | licence | length | played under |",
        "|---|---|---|---|---|",
        *rows,
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    MUSIC.mkdir(parents=True, exist_ok=True)
    _write(MUSIC / "board.wav", board_loop())
    _write(MUSIC / "fight.wav", fight_loop())
    text = CREDITS.read_text(encoding="utf-8") if CREDITS.exists() else "# Credits\n"
    CREDITS.write_text(with_section(text, credits_section(), HEADING), encoding="utf-8")
    print(f"wrote {len(TRACKS)} loops to {MUSIC}")


if __name__ == "__main__":
    main()
