"""Sound: what the game plays for dice, hits, grenades, trades, events, death and victory.

:mod:`cues` says which sound a fight step or an engine note calls for (pure, no arcade);
:mod:`player` holds the :class:`~player.SoundPlayer` the window owns (volume and mute from the
settings; silent when headless and under pytest: no audio device is ever opened there);
:mod:`note_feed` hands the window the notes of every action applied since it last looked.
The sounds are WAV files in ``assets/sounds/`` (made by ``scripts/make_sounds.py``).
"""
