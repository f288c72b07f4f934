"""`stalkerzone cards show ID --png FILE`: one card drawn as the game draws it (docs/cards.md).

The card face of the client (:class:`~stalkerzone.client.render.card_face.CardFace`: art, name,
summary, the card's ``text``) on an offscreen arcade window, with what the game explains beside
a card: a monster's numbers and abilities per colour (ABIL-*), an artifact's effects, a price.
A monster without ``--colour`` is drawn at all three colours side by side.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from stalkerzone.content.loader import load_packs
from stalkerzone.content.messages import hint
from stalkerzone.content.report import report
from stalkerzone.content.values import COLOURS, LANGUAGES
from stalkerzone.engine.core import AnyCard, Colour, Event, Monster, Order, StalkerCard
from stalkerzone.errors import UserError
from stalkerzone.paths import user_cards_dir

FACE_W, FACE_H, INFO_H, GAP = 300, 430, 300, 16
"""Sizes of one card face and the explanation under it, in pixels at UI scale 1."""


def show_card(args: argparse.Namespace) -> int:
    """Check the options, load the packs (problems on stderr), draw the card into ``--png``."""
    if args.lang not in LANGUAGES:
        raise UserError(f"cards show: --lang {args.lang}: one of {', '.join(LANGUAGES)}")
    if args.colour is not None and args.colour not in COLOURS:
        raise UserError(
            f"cards show: --colour {args.colour}{hint(args.colour, COLOURS)}: "
            f"one of {', '.join(COLOURS)}"
        )
    png = Path(args.png)
    if png.suffix.lower() != ".png":
        raise UserError(f"cards show: --png {png}: the file name must end in .png")
    if not png.parent.is_dir():
        raise UserError(f"cards show: --png {png}: the folder {png.parent} does not exist")
    for folder in args.cards:
        if not Path(folder).is_dir():
            raise UserError(f"cards show: --cards {folder}: not a folder")
    if not getattr(args, "watch", False):
        _render(args, png)
        return 0
    return watch_card(args, png)


def _render(args: argparse.Namespace, png: Path) -> None:
    """Load the packs (problems on stderr), draw the card into ``png`` and say so."""
    result = load_packs(list(args.cards), include_user=not args.no_user)
    report(result, "cards show")
    ids = [card.id for card in result.cards]
    card = next((c for c in result.cards if c.id == args.card_id), None)
    if card is None:
        raise UserError(
            f"cards show: no loaded card has the id '{args.card_id}'{hint(args.card_id, ids)}"
            " (stalkerzone cards check lists the packs)"
        )
    if args.colour is not None and not isinstance(card, Monster):
        raise UserError(f"cards show: --colour is for monsters; '{card.id}' is not a monster")
    if isinstance(card, Monster):
        colours: list[Colour | None] = (
            [Colour(args.colour)] if args.colour else [Colour(c) for c in COLOURS]
        )
    else:
        colours = [None]
    names = {c.id: c.name.get(args.lang) for c in result.cards}
    render_png(card, colours, args.lang, png, names)
    print(f"{png}: {card.id} ({', '.join(c.value for c in colours if c) or card_kind_of(card)})")


WATCH_INTERVAL = 0.4
"""Seconds between two looks at the pack folders in ``--watch``."""
MAX_WATCHED = 4000
"""Files looked at in the watched folders (a huge art folder is not walked further)."""


def watch_card(
    args: argparse.Namespace,
    png: Path,
    *,
    looks: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """``cards show --watch``: draw the card, then draw it again each time a file of the packs
    given (and of the user card folder) changes, until Ctrl-C; a broken save says what is wrong
    and the watch goes on. ``looks``: stop after that many looks (tests)."""
    folders = [Path(f) for f in args.cards]
    if not args.no_user:
        folders.append(user_cards_dir())
    seen = _stamp(folders)
    _render_or_say(args, png)
    print(f"watching {', '.join(str(f) for f in folders)} (Ctrl-C stops)", file=sys.stderr)
    count = 0
    try:
        while looks is None or count < looks:
            count += 1
            sleep(WATCH_INTERVAL)
            now = _stamp(folders)
            if now != seen:
                seen = now
                _render_or_say(args, png)
    except KeyboardInterrupt:
        print("", file=sys.stderr)
    return 0


def _render_or_say(args: argparse.Namespace, png: Path) -> None:
    try:
        _render(args, png)
    except UserError as error:
        print(f"stalkerzone: {error}", file=sys.stderr)


def _stamp(folders: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """Every file under ``folders`` with its modification time and size."""
    found: list[tuple[str, int, int]] = []
    for folder in folders:
        try:
            for path in itertools.islice(folder.rglob("*"), MAX_WATCHED):
                if path.is_file():
                    info = path.stat()
                    found.append((str(path), info.st_mtime_ns, info.st_size))
        except OSError:
            continue
    return tuple(sorted(found))


def card_kind_of(card: AnyCard) -> str:
    """The card's kind as an author writes it in words: "stalker", "weapon mod"."""
    from stalkerzone.printing.words import kind_key

    return kind_key(card).replace("_", " ")


class _Labels:
    """What :meth:`CardFace.build` needs of a view: ``label`` collects ``arcade.Text``."""

    def __init__(self) -> None:
        self.texts: list[Any] = []

    def label(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 14,
        colour: Any = None,
        *,
        bold: bool = False,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        width: int | None = None,
        multiline: bool = False,
        batch: Any = None,
    ) -> Any:
        import arcade

        from stalkerzone.client.render.fonts import FONT
        from stalkerzone.client.widgets import theme

        item = arcade.Text(
            text,
            x,
            y,
            theme.TEXT if colour is None else colour,
            theme.px(size),
            width=width,
            font_name=FONT,
            bold=bold,
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            multiline=multiline,
        )
        self.texts.append(item)
        return item


def explanation(
    card: AnyCard,
    colour: Colour | None,
    names: dict[str, str] | None = None,
    *,
    with_text: bool = True,
) -> list[str]:
    """The lines the game shows about a card beside its face (fight panel, kit screens); for
    an event, an order or a stalker also what it does in words (EVENT-1, ORDER-1, ST-3), as
    ``print`` writes it, so a card without ``text`` still says it. ``names``: card id → name,
    for an order that asks for a monster's trophy or an artifact. ``with_text``: the card's own
    text in full (when the face had to shorten it)."""
    from stalkerzone.client.text import i18n
    from stalkerzone.client.text.card_words import (
        ability_explained,
        card_kind,
        colour_name,
        site_name,
    )
    from stalkerzone.printing.words import Words, rules_lines

    lines: list[str] = []
    if isinstance(card, Monster) and colour is not None:
        stats = card.at(colour)
        lines.append(colour_name(colour))
        lines.append(
            f"{i18n.t('fight.monster_stats', attack=str(stats.attack), defence=stats.defence)}"
        )
        lines.append(
            f"{i18n.t('show.health', health=stats.health)}   ·   "
            f"{i18n.t('show.trophy_price', price=stats.trophy_price)}"
        )
        lines.extend("• " + ability_explained(a, colour) for a in card.abilities)
    else:
        lines.append(i18n.t(f"show.kind_{card_kind(card)}"))
        if isinstance(card, (Event, Order, StalkerCard)):
            lines.extend(rules_lines(card, None, Words(i18n.language()), names or {}))
        if isinstance(card, Order):
            lines.append(i18n.t("show.reward", reward=card.reward))
        price = getattr(card, "price", None)
        if price is not None:
            lines.append(i18n.t("show.price", price=price))
        for key in ("sold_at", "offered_at"):
            bases = getattr(card, key, ())
            if bases:
                sites = ", ".join(site_name(b) for b in bases)
                lines.append(i18n.t(f"show.{key}", bases=sites))
    if card.copies > 1:
        lines.append(i18n.t("show.copies", copies=card.copies))
    if card.text is not None and with_text:  # in full: the face shortened it to its band
        lines.extend(["", i18n.card_text(card.text)])
    return lines


def render_png(
    card: AnyCard,
    colours: list[Colour | None],
    lang: str,
    png: Path,
    names: dict[str, str] | None = None,
) -> None:
    """Draw ``card`` once per colour into an offscreen framebuffer and save the picture.

    The window already open (the game's, a test's) lends its OpenGL context; without one a
    hidden window is opened for the drawing and closed after it."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    import arcade

    from stalkerzone.client.render.fonts import load_fonts
    from stalkerzone.client.text import i18n
    from stalkerzone.client.widgets import theme

    i18n.set_language(lang)
    px = theme.px
    width = len(colours) * (px(FACE_W) + px(GAP)) + px(GAP)
    height = px(FACE_H + INFO_H + 2 * GAP)
    try:
        window: arcade.Window = arcade.get_window()
        own = False
    except RuntimeError:
        window = arcade.Window(width, height, "cards show", visible=False)
        own = True
    try:
        load_fonts()
        image = _draw(window, card, colours, width, height, names or {})
    finally:
        if own:
            window.close()
    try:
        image.save(png, format="PNG")
    except OSError as error:
        raise UserError(f"cards show: cannot write {png}: {error.strerror or error}") from None


def _draw(
    window: Any,
    card: AnyCard,
    colours: list[Colour | None],
    width: int,
    height: int,
    names: dict[str, str],
) -> Any:
    """The card faces and their explanations drawn offscreen: a PIL image."""
    import arcade
    from PIL import Image

    from stalkerzone.client.render.card_face import CardFace
    from stalkerzone.client.widgets import theme

    px = theme.px
    ctx = window.ctx
    target = ctx.framebuffer(color_attachments=[ctx.texture((width, height), components=4)])
    camera = arcade.Camera2D(viewport=arcade.LBWH(0, 0, width, height), render_target=target)
    with camera.activate():
        target.clear(color=theme.BG)
        labels = _Labels()
        for index, colour in enumerate(colours):
            left = px(GAP) + index * (px(FACE_W) + px(GAP))
            bottom = px(INFO_H + GAP)
            face = CardFace(card, left, bottom, px(FACE_W), px(FACE_H), colour=colour)
            face.build(labels)
            face.draw()
            labels.label(
                "\n".join(explanation(card, colour, names, with_text=face.text_cut)),
                left,
                bottom - px(12),
                12,
                theme.TEXT,
                width=px(FACE_W),
                multiline=True,
                anchor_y="top",
            )
        for text in labels.texts:
            text.draw()
        data = target.read(components=4)
    image = Image.frombytes("RGBA", (width, height), data).transpose(
        Image.Transpose.FLIP_TOP_BOTTOM
    )
    return image.convert("RGB")
