"""What every screen shares: the command line's presets and the :class:`AppContext` (settings,
loaded cards, the game in progress, and the display state: language, UI scale, card art)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from stalkerzone.client.app.last_setup import LastSetup, load_last_setup, save_last_setup
from stalkerzone.client.app.settings import Settings, load_settings, save_settings
from stalkerzone.client.render.card_art import ArtTextures
from stalkerzone.client.render.card_art import use as use_art
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.client.widgets.tips import TipBook

if TYPE_CHECKING:
    from stalkerzone.client.controller.session import GameSession
    from stalkerzone.client.render.card_thumbs import CardThumbnails
    from stalkerzone.content.loader import LoadResult
    from stalkerzone.engine.core import Variant


@dataclass(frozen=True, slots=True)
class Presets:
    """What ``stalkerzone play`` was given on the command line (presets the new-game screen)."""

    players: int = 2
    bots: int = 0
    seed: int | None = None
    variant: str = "standard"
    card_dirs: tuple[Path, ...] = ()
    lang: str | None = None
    tried_packs: tuple[str, ...] = ()
    """``play --try DIR``: the ids of the packs whose cards come first in every deck."""


@dataclass
class AppContext:
    """What every screen shares: settings, loaded cards, the variant, the game in progress.

    It also owns the client's display state: the string catalogue (language), the UI scale and
    the loaded card art. The window makes them the active ones (:meth:`activate`), so a new
    context is a fully fresh client.
    """

    presets: Presets = field(default_factory=Presets)
    settings: Settings = field(default_factory=Settings)
    notes: list[str] = field(default_factory=list)  # problems shown once (bad settings file…)
    session: GameSession | None = None  # the game in progress
    watching: bool = False  # spectator mode (``stalkerzone watch``): no hand-over, no dialogs
    catalogue: i18n.Catalogue = field(default_factory=i18n.Catalogue)
    ui_scale: theme.UiScale = field(default_factory=theme.UiScale)
    art: ArtTextures = field(default_factory=ArtTextures)
    last_setup: LastSetup | None = None  # the new-game set-up of the last game started
    tips: TipBook = field(default_factory=TipBook)  # one-time tips seen, the one on screen
    _cards: LoadResult | None = None  # loaded on first use
    _thumbnails: CardThumbnails | None = None  # made on first use
    _variants: dict[str, Variant] = field(default_factory=dict)  # read on first use, by name

    def __post_init__(self) -> None:
        self.catalogue.set_language(self.settings.language)
        self.ui_scale.set(self.settings.ui_scale)

    def activate(self) -> None:
        """Make this context's language, scale and art the ones every screen reads."""
        i18n.use(self.catalogue)
        theme.use(self.ui_scale)
        use_art(self.art)

    def thumbnails(self) -> CardThumbnails:
        """The card faces rendered as textures for this window (``render.card_thumbs``); made
        on first use, so the title screen does not load the card texts."""
        if self._thumbnails is None:
            from stalkerzone.client.render.card_thumbs import CardThumbnails

            self._thumbnails = CardThumbnails()
        return self._thumbnails

    def cards(self, *, reload: bool = False) -> LoadResult:
        """Base pack + user folder + ``--cards`` folders (``content.loader.load_packs``)."""
        if reload and self._thumbnails is not None:  # a pack's card may now look different
            self._thumbnails.clear()
        if self._cards is None or reload:
            from stalkerzone.content.loader import load_packs

            self._cards = load_packs(self.presets.card_dirs)
        return self._cards

    def variant(self, name: str) -> Variant:
        """The rules variant ``name``, read once (the rules overlay asks at every opening)."""
        found = self._variants.get(name)
        if found is None:
            from stalkerzone.content.variants import load_variant

            found = self._variants[name] = load_variant(name)
        return found

    def update_settings(self, settings: Settings) -> None:
        """Apply and save new settings (language, scale…); a failed save becomes a note."""
        self.settings = settings.validated()
        self.catalogue.set_language(self.settings.language)
        self.ui_scale.set(self.settings.ui_scale)
        if self._thumbnails is not None:  # faces in another language or scale
            self._thumbnails.clear()
        try:
            save_settings(self.settings)
        except OSError as error:
            self.notes.append(f"settings not saved: {error}")

    def remember_setup(self, setup: LastSetup) -> None:
        """Keep ``setup`` for the next new game (and on disk); a failed save becomes a note."""
        self.last_setup = setup
        try:
            save_last_setup(setup)
        except OSError as error:
            self.notes.append(f"last set-up not saved: {error}")


def make_context(presets: Presets) -> AppContext:
    """Settings and the last new-game set-up from disk, the command line's language over the
    saved one."""
    settings, note = load_settings()
    lang = presets.lang or settings.language
    settings = replace(settings, language=lang).validated()
    last, last_note = load_last_setup()
    app = AppContext(presets=presets, settings=settings, last_setup=last)
    for line in (note, last_note):
        if line:
            app.notes.append(line)
    app.activate()
    return app
