"""The rules-reference overlay: F1 or "?" on every screen, Esc or F1 closes.

Drawn over the screen it was opened from (dimmed), it opens at the section for where the player
is, lists the sections by their titles with a search box that finds English or Russian words, fills
in the numbers of the variant in force, and explains the loaded monsters' abilities with their
actual numbers. The wheel scrolls the list or the text, never the map below.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import ClassVar

import arcade
import arcade.gui
import pyglet
from arcade.types import RGBOrA255

from stalkerzone.client.app.base_view import BaseView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.fonts import FONT
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import t
from stalkerzone.client.text.rules_sections import (
    Shown,
    abilities_in_play,
    found_in,
    found_in_other_language,
    search,
    sections,
    start_section,
)
from stalkerzone.client.widgets import modal, text_fit, theme
from stalkerzone.client.widgets.hits import Hit, HitMap
from stalkerzone.client.widgets.screen_frame import TextCache
from stalkerzone.client.widgets.text_batch import TextBatch
from stalkerzone.engine.core import CardSet, Variant


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of a section as the text panel shows it (wrapped to the panel's width)."""

    key: tuple[object, ...]
    text: str
    size: int
    colour: RGBOrA255
    bold: bool
    indent: float
    gap: float = 0.0  # room under the line: the last line of a heading or a text


class RulesView(BaseView):
    kind = "rules"
    rules_section = "MAP-1"
    # The texts of the last opened overlay, kept for the next F1 (making them is most of the cost
    # of opening): valid while the language, scale, window size, variant and cards stay.
    kept: ClassVar[tuple[tuple[object, ...], TextCache, CardSet | None] | None] = None

    def __init__(
        self, window: StalkerWindow, back: BaseView | None = None, section: str = ""
    ) -> None:
        super().__init__(window)
        self.back = back
        self.query = ""
        self.found_lines: dict[str, str] = {}  # why each rule was found, for this search
        self.selected = start_section(section, i18n.language())
        self.ids: tuple[str, ...] = search("", i18n.language())
        self.list_scroll = -1  # -1: scroll so that the selected section shows
        self.text_scroll = 0  # the first line shown of the selected section
        self.text_more = False  # the selected section goes on below the panel
        self.hits = HitMap()
        self.search_input: arcade.gui.UIInputText | None = None
        self.box = (0.0, 0.0, 0.0, 0.0)
        self.list_box = (0.0, 0.0, 0.0, 0.0)
        self.text_box = (0.0, 0.0, 0.0, 0.0)
        self.rows: list[tuple[float, float, float, float, bool]] = []
        self.cache = TextCache()
        self.hint: arcade.Text | None = None
        self.header_batch = pyglet.graphics.Batch()
        self.header_count = 0  # the first texts of the screen: its header

    # data ------------------------------------------------------------------------------------
    def variant(self) -> Variant | None:
        session = self.session
        name = session.spec.variant if session is not None else self.app.presets.variant
        try:
            return self.app.variant(name)
        except Exception:
            return None

    def cards(self) -> CardSet | None:
        session = self.session
        if session is not None:
            return session.cards
        try:
            return self.app.cards().cards
        except Exception:
            return None

    def shown(self) -> dict[str, Shown]:
        return {s.id: s for s in sections(i18n.language(), self.variant())}

    # layout ----------------------------------------------------------------------------------
    def keep_texts(self) -> None:
        """Use the texts kept from the last opening if they were made for what is shown now."""
        w, h = self.window.width, self.window.height
        variant = self.variant()
        cards = self.cards()
        key = (i18n.language(), theme.scale(), w, h, variant and variant.name, id(cards))
        kept = RulesView.kept
        if kept is not None and kept[0] == key:
            self.cache = kept[1]
        else:
            self.cache = TextCache()
            RulesView.kept = (key, self.cache, cards)  # the cards kept alive: their id stays

    def build(self) -> None:
        self.keep_texts()
        w, h = self.window.width, self.window.height
        px = theme.px
        margin = px(36)
        self.box = (margin, w - margin, margin, h - margin)
        lf, r, b, tp = self.box
        # the header has its own batch: searching rebuilds the list, never the header
        self.header_batch = header = pyglet.graphics.Batch()
        self.label(
            t("rules.title"), lf + px(20), tp - px(40), 20, theme.ACCENT, bold=True, batch=header
        )
        variant = self.variant()
        if variant is not None:
            self.label(
                t("rules.variant", name=i18n.card_text(variant.name)),
                lf + px(20),
                tp - px(62),
                11,
                theme.TEXT_DIM,
                batch=header,
            )
        self.button(
            "×", self.close, width=44, height=38, size=15, x=r - px(56), y=tp - px(52), add=True
        )
        self.label(
            t("rules.keys"),
            r - px(70),
            tp - px(32),
            11,
            theme.TEXT_DIM,
            anchor_x="right",
            batch=header,
        )
        self.header_count = len(self._texts)
        list_w = min(px(380), (r - lf) * 0.35)
        self.list_box = (lf + px(16), lf + px(16) + list_w, b + px(16), tp - px(128))
        self.text_box = (lf + px(32) + list_w, r - px(16), b + px(16), tp - px(76))
        field = self.search_input
        if field is None:
            field = self.text_input(
                self.query,
                lf + px(16),
                tp - px(118),
                list_w,
                px(36),
                13,
                lambda text: self.set_query(str(text)),
            )
            self.search_input = field
        else:
            field.rect = arcade.LBWH(lf + px(16), tp - px(118), list_w, px(36))
        self.ui.add(field)
        hint_room = list_w - px(20)
        hint = t("rules.search_hint")
        hint_size = text_fit.fitting_size(hint, hint_room, 12)
        self.hint = arcade.Text(
            text_fit.cut_to(hint, hint_room, hint_size),
            lf + px(26),
            tp - px(100),
            theme.TEXT_DIM,
            px(hint_size),
            font_name=FONT,
            anchor_y="center",
        )
        self.build_texts()

    def build_texts(self) -> None:
        """The list and the text; texts come from :class:`TextCache` (moved, not made again)."""
        self.hits.clear()
        self.rows = []
        cache = self.cache
        cache.begin()
        px = theme.px
        lf, r, b, tp = self.list_box
        shown = self.shown()
        ids = [i for i in self.ids if i in shown]
        row_h = px(26)
        per_page = max(1, int((tp - b - px(10)) // row_h))
        if self.list_scroll < 0:
            index = ids.index(self.selected) if self.selected in ids else 0
            self.list_scroll = max(0, index - per_page // 3)
        self.list_scroll = max(0, min(self.list_scroll, max(0, len(ids) - per_page)))
        if not ids:
            self.label(
                t("rules.nothing_found", query=self.query),
                lf + px(10),
                tp - px(24),
                12,
                theme.WARN,
                width=int(r - lf - px(20)),
                multiline=True,
                anchor_y="top",
            )
        title_room = r - lf - px(24)  # titles only: a rule's id is the engine's word
        for k, rule in enumerate(ids[self.list_scroll : self.list_scroll + per_page]):
            y = tp - px(6) - (k + 1) * row_h
            selected = rule == self.selected
            self.rows.append((lf + px(4), r - px(4), y, y + row_h - px(2), selected))
            title = shown[rule].title
            size = text_fit.fitting_size(title, title_room, 11)
            cache.get(
                ("title", rule),
                text_fit.cut_to(title, title_room, size),
                lf + px(12),
                y + px(8),
                size,
                theme.BG if selected else theme.TEXT,
            )
            self.hits.add(Hit(lf, y, r, y + row_h, rule, partial(self.select, rule)))
        if len(ids) > per_page:
            end = min(len(ids), self.list_scroll + per_page)
            self.label(
                t("stalker.scroll", a=self.list_scroll + 1, b=end, n=len(ids)),
                r,
                b - px(12),
                10,
                theme.TEXT_DIM,
                anchor_x="right",
            )
        self.build_text(shown, ids)
        cache.end()

    def build_text(self, shown: dict[str, Shown], ids: list[str]) -> None:
        """The selected section, from line ``text_scroll`` on, and whole sections after it as
        far as the panel reaches; nothing runs past the panel's bottom (the wheel over the text
        scrolls a section longer than the panel, a few lines at a time)."""
        px = theme.px
        lf, r, b, tp = self.text_box
        width = int(r - lf - px(40))
        order = ids if self.selected in ids else list(shown)
        self.text_more = False
        if self.selected not in order or (self.query.strip() and not ids):
            return  # nothing found: no rule shown as if it were the answer
        bottom = b + px(24)
        x = lf + px(20)
        section = shown[self.selected]
        lines = self.section_lines(section, True, width)
        self.text_scroll = max(0, min(self.text_scroll, len(lines) - 1))
        y = self.place_topic(section.topic, x, tp - px(20))
        for line in lines[self.text_scroll :]:
            placed = self.place_line(line, x, y, bottom)
            if placed is None:
                self.text_more = True
                self.place_more()
                return
            y = placed
        topic = section.topic
        for rule in order[order.index(self.selected) + 1 :]:
            section = shown[rule]
            keys: list[tuple[object, ...]] = []
            y -= px(10)
            if section.topic != topic:
                keys.append(("topic", section.topic))
                y = self.place_topic(section.topic, x, y)
            for line in self.section_lines(section, False, width):
                placed = self.place_line(line, x, y, bottom)
                if placed is None:
                    for key in keys:  # a section shows whole or not at all
                        self.cache.hide(key)
                    return
                keys.append(line.key)
                y = placed
            topic = section.topic

    def section_lines(self, section: Shown, first: bool, width: int) -> list[TextLine]:
        """A section as lines, each wrapped to ``width``: its title, its text and the loaded
        cards with its ability."""
        lines: list[TextLine] = []

        def add(
            kind: str, text: str, size: int, colour: RGBOrA255, bold: bool, indent: int
        ) -> None:
            room = width - theme.px(indent)
            for n, paragraph in enumerate(text.split("\n")):
                wrapped = text_fit.wrap_words(paragraph, room, size, bold=bold).split("\n")
                for k, part in enumerate(wrapped):
                    # a text cache makes a line once per key: a line that changes with the
                    # search (why it was found) carries its words in its key
                    key = (kind, section.id, first, n, k, part if kind == "found" else "")
                    lines.append(TextLine(key, part, size, colour, bold, theme.px(indent)))
            lines[-1] = replace(lines[-1], gap=theme.px(8))

        found = self.found_line(section.id)  # why the search lists it, seen at a glance
        if first:
            add("head", section.title, 16, theme.ACCENT, True, 0)
            if found:
                add("found", found, 12, theme.GOOD, False, 0)
            add("body", section.text, 13, theme.TEXT, False, 0)
        else:
            add("head", section.title, 14, theme.TEXT, True, 0)
            if found:
                add("found", found, 11, theme.GOOD, False, 0)
            add("body", section.text, 12, theme.TEXT_DIM, False, 0)
        extra = abilities_in_play(self.cards(), section.id)
        if extra:
            add("inplay", t("rules.in_play"), 12, theme.GOOD, True, 0)
            add("extra", "\n".join(extra[:12]), 11, theme.TEXT, False, 12)
        return lines

    def found_line(self, rule: str) -> str:
        """While searching: the words of this rule the query found, and the loaded cards it
        covers whose names the query holds (a "Blind dog" search opens the fight rule)."""
        found = self.found_lines.get(rule)
        if found is None:
            found = self.found_lines[rule] = self.found_words(rule)
        return found

    def found_words(self, rule: str) -> str:
        """:meth:`found_line`, worked out (once per search and rule: every build asks)."""
        if not self.query.strip():
            return ""
        lang = i18n.language()
        words, names = found_in(self.query, rule, lang, self.cards())
        key = "rules.found_words"
        if not words and not names:  # found in the other language's text of the rule
            words, key = found_in_other_language(self.query, rule, lang), "rules.found_other"
        parts = []
        if words:
            quoted = ", ".join(t("rules.quoted", word=w) for w in words)
            parts.append(t(key, words=quoted))
        if names:
            parts.append(t("rules.found_cards", names=", ".join(names)))
        return "\n".join(parts)

    def place_topic(self, topic: str, x: float, y: float) -> float:
        self.cache.get(
            ("topic", topic),
            t(f"rules.topic_{topic}").upper(),
            x,
            y,
            10,
            theme.TEXT_DIM,
            bold=True,
            anchor_y="top",
        )
        return y - theme.px(20)

    def place_line(self, line: TextLine, x: float, y: float, bottom: float) -> float | None:
        """Put one line with its top at ``y``: the ``y`` under it, or None (and nothing shown)
        when it would reach below ``bottom``."""
        text = self.cache.get(
            line.key,
            line.text,
            x + line.indent,
            y,
            line.size,
            line.colour,
            bold=line.bold,
            anchor_y="top",
        )
        under = y - text.content_height
        if under < bottom:
            self.cache.hide(line.key)
            return None
        return under - line.gap

    def place_more(self) -> None:
        _lf, r, b, _tp = self.text_box
        self.cache.get(
            ("more",),
            t("rules.more_below"),
            r - theme.px(20),
            b + theme.px(6),
            10,
            theme.ACCENT,
            anchor_x="right",
            anchor_y="bottom",
        )

    # drawing ---------------------------------------------------------------------------------
    def on_draw(self) -> None:
        self.draw_dimmed(self.back)
        self.draw_scene()
        self.header_batch.draw()
        self.batch.draw()
        self.cache.draw()
        modal.draw_widgets(self.ui)
        if not self.query and self.hint is not None and not self.typing():
            self.hint.draw()

    def draw_scene(self) -> None:
        lf, r, b, tp = self.box
        widgets.panel(lf, r, b, tp, light=True, edge=theme.ACCENT)
        widgets.panel(*self.list_box)
        widgets.panel(*self.text_box)
        for left, right, bottom, top, selected in self.rows:
            if selected:
                arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, theme.ACCENT)
        hover = self.hits.at(*getattr(self, "mouse", (-1, -1)))
        if hover is not None and hover.key != self.selected:
            arcade.draw_lrbt_rectangle_outline(
                hover.left + 4, hover.right - 4, hover.bottom, hover.top - 2, theme.ACCENT, 1
            )

    # input -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """New texts, same widgets (so the search box keeps the keyboard)."""
        header = self._texts[: self.header_count]  # the header stays (own batch)
        self._labels = TextBatch()
        self._labels.texts.extend(header)
        self.build_texts()

    def set_query(self, query: str) -> None:
        self.query = query
        self.found_lines = {}
        self.ids = search(query, i18n.language(), self.cards())
        if self.ids and (query.strip() or self.selected not in self.ids):
            self.selected = self.ids[0]  # the best hit, not a section that merely matches too
        self.list_scroll = -1
        self.text_scroll = 0
        self.refresh()

    def select(self, rule: str) -> None:
        self.selected = rule
        self.text_scroll = 0
        self.refresh()

    def close(self) -> None:
        if self.back is not None:
            self.window.show_view(self.back)
        else:
            session = self.session
            if session is not None:
                session.show(self.win, handover=False)
            else:
                self.win.show_screen("title")

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol in (arcade.key.ESCAPE, arcade.key.F1):
            self.close()
            return True
        if self.typing():
            return None
        ids = [i for i in self.ids]
        if symbol in (arcade.key.DOWN, arcade.key.UP) and ids:
            k = ids.index(self.selected) if self.selected in ids else 0
            k = max(0, min(len(ids) - 1, k + (1 if symbol == arcade.key.DOWN else -1)))
            self.selected = ids[k]
            self.list_scroll = -1
            self.text_scroll = 0
            self.refresh()
            return True
        return None

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.mouse = (x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        hit = self.hits.at(x, y)
        if hit is not None and hit.on_click is not None:
            self.win.guarded(hit.on_click)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        step = -1 if scroll_y > 0 else 1
        lf, r, b, tp = self.list_box
        if lf <= x <= r and b <= y <= tp:
            self.list_scroll = max(0, self.list_scroll + step * 3)
            self.refresh()
            return
        if (step > 0 and self.text_more) or (step < 0 and self.text_scroll > 0):
            self.text_scroll = max(0, self.text_scroll + step * 3)  # within a long section
            self.refresh()
            return
        ids = [i for i in self.ids] or list(self.shown())
        if self.selected in ids:
            k = max(0, min(len(ids) - 1, ids.index(self.selected) + step))
            self.selected = ids[k]
            self.text_scroll = 0
            self.refresh()

    def on_escape(self) -> None:
        self.close()

    def on_resize(self, width: int, height: int) -> None:
        self.list_scroll = -1
        super().on_resize(width, height)
