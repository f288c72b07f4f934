"""Sound: which game events play which sound, the volume and mute settings (kept with the other
settings), the window hearing new notes, and no audio driver ever opened headless or in tests."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from stalkerzone.client.app.settings import Settings, load_settings, save_settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.fight.steps import Step
from stalkerzone.client.sound.cues import (
    NOTE_SOUNDS,
    SOUND_NAMES,
    note_sounds,
    roll_sound,
    step_sound,
)
from stalkerzone.client.sound.note_feed import MAX_ACTIONS, NoteFeed, sounds_of
from stalkerzone.client.sound.player import SoundPlayer, audio_allowed, sounds_dir
from stalkerzone.engine.core import Note
from stalkerzone.engine.game import GameRecord
from stalkerzone.engine.play import Buy
from tests.client.test_client_screens import start
from tests.support.records import bot_record
from tests.support.window import click_button, frame

ROOT = Path(__file__).resolve().parent.parent.parent


def note(key: str) -> Note:
    return Note("X-1", key, key)


def test_fight_steps_play_their_sounds() -> None:
    hit = Step("stalker_attack", "", "FIGHT-2", 9, "2d6", "stalker", numbers=(("damage", 4),))
    assert roll_sound(hit) == "dice" and step_sound(hit) == "hit"
    miss = replace(hit, numbers=(("damage", 0),))
    assert step_sound(miss) is None
    assert step_sound(replace(hit, card="rgd-5")) == "grenade"
    bitten = Step("monster_attack", "", "DMG-2", 7, "2d6", "monster", numbers=(("damage", 3),))
    assert step_sound(bitten) == "hurt"
    assert step_sound(Step("win", "", "FIGHT-6")) == "win"
    assert step_sound(Step("death", "", "FIGHT-6")) == "death"
    assert step_sound(Step("escape", "", "FIGHT-5")) == "escape"  # the fight's end …
    rolled = Step("escape", "", "FIGHT-3", 4, "1d6", "stalker")
    assert step_sound(rolled) is None and roll_sound(rolled) == "dice"  # … not the escape roll
    assert roll_sound(Step("round", "", "FIGHT-1")) is None


def test_notes_play_trades_events_anomalies_death_and_victory() -> None:
    keys = ["buy", "sell", "event_drawn", "anomaly_damage", "anomaly_element", "died", "victory"]
    assert note_sounds([note(k) for k in keys]) == [
        "buy",
        "sell",
        "event",
        "anomaly",
        "find",
        "death",
        "victory",
    ]
    assert note_sounds([note("buy"), note("buy"), note("sector_placed")]) == ["buy"]  # once
    assert note_sounds(["BASE-2: Anna buys ak-74 for 900"]) == []  # from a save: no key
    fell = [note("stalker_falls"), note("died"), note("artifact_gained"), note("victory")]
    assert note_sounds(fell, after_fight=True) == ["find", "victory"]  # the fall played already
    assert set(NOTE_SOUNDS.values()) <= set(SOUND_NAMES)


def test_every_sound_is_a_committed_wav_named_in_the_credits() -> None:
    credits = (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    assert sounds_dir().resolve() == (ROOT / "assets" / "sounds").resolve()
    for name in SOUND_NAMES:
        path = sounds_dir() / f"{name}.wav"
        assert path.read_bytes()[:4] == b"RIFF", name
        assert f"`sounds/{name}.wav`" in credits, name
    assert sorted(p.stem for p in sounds_dir().glob("*.wav")) == sorted(SOUND_NAMES)


def test_volume_and_mute_are_kept_with_the_settings() -> None:
    assert Settings().volume == 0.8 and Settings().muted is False
    save_settings(Settings(language="ru", volume=0.4, muted=True))
    assert load_settings()[0] == Settings(language="ru", volume=0.4, muted=True)
    assert Settings(volume=7.0).validated().volume == 1.0
    assert Settings(volume=-1).validated().volume == 0.0
    from stalkerzone.client.app.settings import settings_path

    settings_path().write_text('language = "en"\n', encoding="utf-8")  # an older file
    assert load_settings() == (Settings(), None)


def test_the_settings_screen_sets_volume_and_mute(win: StalkerWindow) -> None:
    win.show_screen("settings")
    frame(win)
    click_button(win, "8 / 10")
    assert win.app.settings.volume == 1.0
    assert win.sound.requested[-1] == "dice"  # heard at the new volume (not here: headless)
    click_button(win, "Playing")
    assert win.app.settings.muted is True and load_settings()[0].muted is True
    frame(win)
    assert win.sound.muted and not win.sound.audible
    click_button(win, "Muted")
    assert win.app.settings.muted is False


def test_the_window_plays_the_sounds_of_new_notes(win: StalkerWindow) -> None:
    session = start(win)
    win.show_screen("board")
    frame(win)
    win.sound.requested.clear()
    session.act(Buy("bandage"))
    frame(win)
    assert list(win.sound.requested) == ["buy"]
    frame(win)
    assert list(win.sound.requested) == ["buy"]  # once
    assert not win.sound.enabled and win.sound.loaded == ()  # tests never load a sound


@dataclass
class Holder:
    record: GameRecord


def test_the_note_feed_follows_actions_not_undo_nor_old_games() -> None:
    full = bot_record(60, seed=4, players=2)
    n = len(full.actions)

    def upto(k: int) -> GameRecord:
        return GameRecord(full.setup, full.actions[:k], full.states[: k + 1])

    holder = Holder(upto(30))
    feed = NoteFeed()
    assert feed.take(holder) == []  # a game already going: its past stays quiet
    holder.record = upto(33)
    got = feed.take(holder)
    assert [a.notes for a in got] == [tuple(full.states[k].notes) for k in (31, 32, 33)]
    assert feed.take(holder) == []  # nothing new
    holder.record = upto(32)  # an undo
    assert feed.take(holder) == []
    assert feed.take(Holder(full)) == []  # another game
    fights = [
        k
        for k in range(n)
        if "fight" in (full.states[k].phase, full.states[k + 1].phase)
        or full.states[k + 1].last_fight is not full.states[k].last_fight
    ]
    assert fights
    feed, holder = NoteFeed(), Holder(upto(fights[0]))
    feed.take(holder)
    holder.record = upto(fights[0] + 1)
    (first,) = feed.take(holder)
    assert first.fought and first.notes == tuple(full.states[fights[0] + 1].notes)
    assert sounds_of([first]) == []  # a fight's sounds are the fight screen's
    feed, holder = NoteFeed(), Holder(upto(0))
    feed.take(holder)
    holder.record = full
    assert len(feed.take(holder)) == MAX_ACTIONS  # at most this many at once


def test_headless_never_loads_an_audio_driver() -> None:
    assert not audio_allowed()  # under pytest
    code = (
        "import os, sys\n"
        "os.environ.pop('ARCADE_SOUND_BACKENDS', None)\n"
        "os.environ.pop('PYTEST_CURRENT_TEST', None)\n"
        "import stalkerzone.client\n"
        "from stalkerzone.client.sound.player import SoundPlayer, audio_allowed\n"
        "from stalkerzone.client.sound.cues import SOUND_NAMES\n"
        "import arcade, pyglet, pyglet.media.drivers as drivers\n"
        "player = SoundPlayer(volume=1.0)\n"
        "played = [player.play(n) for n in SOUND_NAMES]\n"
        "loaded = [m for m in sys.modules if m.startswith('pyglet.media.drivers.')\n"
        "          and m.split('.')[3] in ('openal', 'pulse', 'xaudio2', 'directsound')]\n"
        "print(audio_allowed(), any(played), player.loaded, tuple(pyglet.options.audio),\n"
        "      type(drivers.get_audio_driver()).__name__, loaded)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "ARCADE_SOUND_BACKENDS"}
    env["ARCADE_HEADLESS"] = "1"
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True
    ).stdout.strip()
    assert out == "False False () ('silent',) SilentDriver []", out


def test_an_allowed_player_loads_each_sound_once_and_mute_stops_it() -> None:
    player = SoundPlayer(enabled=True, volume=0.5)  # the silent driver: no device here
    assert player.play("dice") and player.play("dice") and player.loaded == ("dice",)
    for name in SOUND_NAMES:
        player.play(name)
    assert sorted(player.loaded) == sorted(SOUND_NAMES)  # every WAV decodes
    player.configure(0.5, muted=True)
    assert not player.play("hit") and list(player.requested)[-1] == "hit"
    player.configure(0.0, muted=False)
    assert not player.play("hit")
    assert player.play(None) is False
