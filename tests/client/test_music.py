"""Music and the turn chime: the board's loop on the board, the fight's in a fight, silence at
music volume 0 (and never an audio driver in tests); the chime for a human's turn only; the
loops are committed, seamless and credited."""

from __future__ import annotations

import wave
from dataclasses import replace
from pathlib import Path

import numpy as np

from stalkerzone.client.app.settings import Settings, load_settings, save_settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.sound.music import MUSIC_NAMES, MusicPlayer, music_dir, music_for
from stalkerzone.client.sound.turn_cue import TurnCue
from stalkerzone.engine.play import EndTurn
from tests.client.test_client_screens import into_fight, start
from tests.support.window import click_button, frame

ROOT = Path(__file__).resolve().parent.parent.parent


def test_each_screen_calls_for_its_loop() -> None:
    assert music_for("board", None, 0.4) == "board"
    assert music_for("title", "fight", 0.4) == "board"
    assert music_for("fight", "board", 0.4) == "fight"
    assert music_for("menu", "fight", 0.4) == "fight"  # over a fight: the fight's loop goes on
    assert music_for("rules", None, 0.4) == "board"
    assert music_for("fight", "board", 0.0) is None  # volume 0: off
    assert music_for("title", "board", 0.0) is None


def test_the_window_plays_the_board_loop_then_the_fight_loop(win: StalkerWindow) -> None:
    win.show_screen("title")
    frame(win)
    assert win.music.track == "board"
    session = into_fight(win)
    assert session.state.phase == "fight"
    frame(win)
    assert win.music.track == "fight"
    win.show_screen("menu", back=win.current_screen)
    frame(win)
    assert win.music.track == "fight"
    assert not win.music.enabled and win.music.levels == {}  # tests never open a device


def test_music_volume_zero_and_mute_are_silence(win: StalkerWindow) -> None:
    start(win)
    win.show_screen("board")
    frame(win)
    assert win.music.track == "board" and win.music.volume == 0.4
    win.app.update_settings(replace(win.app.settings, music_volume=0.0))
    frame(win)
    assert win.music.track is None and win.music.volume == 0.0
    win.app.update_settings(replace(win.app.settings, music_volume=0.6, muted=True))
    frame(win)
    assert win.music.track is None


def test_the_settings_screen_sets_the_music_volume(win: StalkerWindow) -> None:
    win.show_screen("settings")
    frame(win)
    click_button(win, "4 / 10")  # the music's row (the effects' says 8 / 10)
    assert win.app.settings.music_volume == 0.6 and load_settings()[0].music_volume == 0.6
    win.app.update_settings(replace(win.app.settings, music_volume=1.0))
    win.show_screen("settings")
    frame(win)
    click_button(win, "10 / 10")  # after the loudest: off
    assert win.app.settings.music_volume == 0.0 and win.app.settings.volume == 0.8
    frame(win)
    assert win.music.track is None


def test_music_volume_is_kept_with_the_settings() -> None:
    assert Settings().music_volume == 0.4
    save_settings(Settings(music_volume=0.0))
    assert load_settings()[0].music_volume == 0.0
    assert Settings(music_volume=3).validated().music_volume == 1.0


def test_an_allowed_player_cross_fades_and_stops_at_zero() -> None:
    player = MusicPlayer(enabled=True)  # pyglet's silent driver here: no device
    player.update("board", 0.5, 0.5)
    assert player.track == "board" and 0 < player.levels["board"] < 1
    player.update("board", 0.5, 5.0)
    assert player.levels == {"board": 1.0}
    player.update("fight", 0.5, 0.5)  # the fight's loop comes in as the board's goes
    assert player.track == "fight" and 0 < player.levels["fight"] < player.levels["board"] < 1
    player.update("fight", 0.5, 5.0)
    assert player.levels == {"fight": 1.0}  # the board's loop has stopped
    player.update("fight", 0.0, 5.0)
    assert player.track is None and player.levels == {}
    player.stop()


def test_the_turn_chime_plays_for_a_humans_turn_only(win: StalkerWindow) -> None:
    session = start(win, seats=3)
    seats = session.spec.seats
    session.spec = replace(
        session.spec, seats=(seats[0], replace(seats[1], bot="normal"), seats[2])
    )
    cue = TurnCue()
    assert cue.take(session) is False  # the turn on screen when the game opens
    heard = []
    for _ in range(3):  # round the table: the bot's turn and the humans' turns
        session.act(EndTurn())
        human = not session.is_bot()
        assert cue.take(session) is human
        assert cue.take(session) is False  # once
        heard.append(human)
    assert sorted(heard) == [False, True, True]


def test_the_window_chimes_when_the_next_human_plays(win: StalkerWindow) -> None:
    session = start(win, seats=2)
    win.show_screen("board")
    frame(win)
    win.sound.requested.clear()
    frame(win)
    assert "turn" not in win.sound.requested  # nothing new
    session.act(EndTurn())
    frame(win, updates=2)
    assert list(win.sound.requested).count("turn") == 1


def _samples(path: Path) -> np.ndarray:
    with wave.open(str(path), "rb") as source:
        assert (source.getnchannels(), source.getsampwidth()) == (1, 2)
        assert source.getframerate() == 22050
        frames = source.readframes(source.getnframes())
    return np.frombuffer(frames, "<i2").astype(np.float64) / 32768


def test_the_music_loops_are_committed_seamless_and_credited() -> None:
    credits = (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    assert music_dir().resolve() == (ROOT / "assets" / "music").resolve()
    assert sorted(p.stem for p in music_dir().glob("*.wav")) == sorted(MUSIC_NAMES)
    for name in MUSIC_NAMES:
        path = music_dir() / f"{name}.wav"
        samples = _samples(path)
        assert 20 <= len(samples) / 22050 <= 40, name
        assert path.stat().st_size < 2_000_000, name
        steps = np.abs(np.diff(samples))
        # the seam (last sample → first) is no bigger a step than the loop's ordinary steps
        assert abs(samples[-1] - samples[0]) <= np.percentile(steps, 99.5), name
        assert 0.02 < np.sqrt(np.mean(samples**2)) < 0.4, name  # quiet, yet not silent
        assert f"`music/{name}.wav`" in credits and "scripts/make_music.py" in credits
