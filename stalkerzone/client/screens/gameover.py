"""Game over (WIN-1): the winner, the standings, each stalker's tally and the story of the game.

The story (:mod:`stalkerzone.story`) is built from the session's record by the worker thread
(a long game replays and solves every fight's odds); "counting…" shows until it is ready. Then
three charts (money, health, Elements per round, TURN-2) with one line per stalker in its
colour, the fights won, lost and escaped (FIGHT-5, FIGHT-6) and the luck meter: fights won
less the exact odds' expectation.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import arcade
from arcade.shape_list import Shape, ShapeElementList

from stalkerzone.client.app.base_view import GameView
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.render import shapes as widgets
from stalkerzone.client.render.card_art import art_texture
from stalkerzone.client.render.story_chart import ChartLayout, Line, chart_shapes, layout_chart
from stalkerzone.client.text import i18n
from stalkerzone.client.widgets import theme
from stalkerzone.engine.turn import round_number
from stalkerzone.story import Sample, StalkerStory, Story, build_story

CHARTS = ("cash", "health", "elements")
NEUTRAL_LUCK = 0.05  # |luck| below this reads "as the odds said"
HEADS = (  # the standings' columns
    "gameover.place",
    "gameover.name",
    "gameover.elements",
    "gameover.reputation",
    "gameover.cash",
    "gameover.deaths",
    "story.won",
    "story.lost",
    "story.escaped",
    "story.luck",
)
COLUMN_GAP = 12  # pixels at least between two columns of the standings (before the UI scale)


def colour_of(seat: int) -> arcade.types.Color:
    return theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)]


def chart_lines(story: Story, field: str) -> tuple[Line, ...]:
    """One line per stalker: its value at the start of play, then at the end of each round."""
    lines = []
    for stalker in story.stalkers:
        samples = ([stalker.start] if stalker.start is not None else []) + list(stalker.samples)
        values = tuple(int(getattr(s, field)) for s in samples)
        marks = death_rounds(samples) if field == "health" else ()
        lines.append(Line(colour_of(stalker.seat), values, marks))
    return tuple(lines)


def death_rounds(samples: list[Sample]) -> tuple[int, ...]:
    """DEATH-1: the places on a chart line (its sample index) where the stalker had died since
    the sample before: a per-round line never shows a death by itself (health comes back)."""
    return tuple(k for k in range(1, len(samples)) if samples[k].deaths > samples[k - 1].deaths)


def luck_text(stalker: StalkerStory) -> str:
    """ "Anna won 1.7 fights more than the odds said" (or fewer, or as many)."""
    if abs(stalker.luck) < NEUTRAL_LUCK:
        return i18n.t("story.luck_even", name=i18n.player_name(stalker.name))
    key = "story.luck_more" if stalker.luck > 0 else "story.luck_fewer"
    return i18n.t(key, name=i18n.player_name(stalker.name), n=i18n.number(abs(stalker.luck)))


def column_starts(widths: Sequence[float], left: float, width: float) -> list[float]:
    """Where the standings' columns start in a table ``width`` wide from ``left``, given each
    column's widest text: the place, the name after the portrait, then the numbers from about a
    quarter of the table on, each after the one before with at least ``COLUMN_GAP`` between
    them and the room left shared out evenly (the last ending at the table's inner edge)."""
    px = theme.px
    gap = max(COLUMN_GAP, px(COLUMN_GAP))
    place, name = px(20), max(px(96), px(20) + widths[0] + gap)  # the face between them
    first = max(min(px(280), width * 0.24), name + widths[1] + gap)
    numbers = widths[2:]
    free = width - px(20) - first - sum(numbers)
    spread = max(gap, free / max(1, len(numbers) - 1)) if len(numbers) > 1 else gap
    starts = [left + place, left + name]
    x = left + first
    for wide in numbers:
        starts.append(x)
        x += wide + spread
    return starts


def signed(value: float) -> str:
    """The luck column: a signed number in the language's format ("+0,6" in Russian)."""
    if abs(value) < NEUTRAL_LUCK:
        return i18n.number(0.0)
    return ("+" if value > 0 else "-") + i18n.number(abs(value))


class GameOverView(GameView):
    kind = "gameover"
    rules_section = "WIN"

    def __init__(self, window: StalkerWindow) -> None:
        super().__init__(window)
        self.back_shapes: ShapeElementList[Shape] | None = None
        self.chart_list: ShapeElementList[Shape] | None = None
        self.charts: dict[str, ChartLayout] = {}
        self.story: Story | None = None
        self.box = (0.0, 0.0, 0.0, 0.0)
        self.swatches: list[tuple[float, float, arcade.types.Color]] = []
        self.portraits: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        """The stalkers' faces (their cards' art, ST-3): the winner's by the headline, each
        beside its name in the standings."""

    # --- the story, off the frame ------------------------------------------------------------
    def story_key(self) -> Hashable:
        return ("story", self.session.version)

    def request_story(self) -> Story | None:
        """The host's story in a network game; else start building it (once per state) and
        return it if it is ready."""
        session = self.session
        told = session.host_story()
        if told is not None:
            return told
        record = session.record
        session.worker.submit(self.story_key(), lambda: build_story(record))
        found = session.worker.result(self.story_key())
        return found if isinstance(found, Story) else None

    def on_update(self, delta_time: float) -> None:
        if self.story is None and self.session.worker.ready(self.story_key()):
            self.rebuild_soon()

    # --- building ----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.window.width, self.window.height
        px = theme.px
        self.back_shapes = self.window.backdrops.get(w, h, seed=5)
        self.portraits = arcade.SpriteList()
        self.story = self.request_story()
        self.header(w, h)
        seats = len(self.session.state.players)
        row = px(30)
        table_top = h - px(162)
        plot_bottom = px(134)
        if table_top - row * (seats + 1) - px(140) - plot_bottom < px(110):
            row = px(22)
        bottom = self.table(w, table_top, row)
        luck_y = bottom - px(26)
        legend_y = luck_y - px(32)
        plot_top = legend_y - px(44)
        if self.story is None:
            self.chart_list = None
            self.charts = {}
            self.swatches = []
            self.label(
                i18n.t("story.counting"),
                w / 2,
                (plot_top + plot_bottom) / 2,
                16,
                theme.TEXT_DIM,
                anchor_x="center",
            )
        else:
            self.luck_line(self.story, w / 2, luck_y)
            self.legend(self.story, w / 2, legend_y)
            self.chart_row(self.story, w, plot_bottom, plot_top)
        to_title = self.button(
            i18n.t("gameover.title"), self.to_title, width=220, height=46, primary=True
        )
        new_game = self.button(
            i18n.t("gameover.new"), lambda: self.win.show_screen("newgame"), width=220, height=46
        )
        self.anchored(self.hbox(to_title, new_game, space=20), anchor_y="bottom", align_y=px(28))

    def header(self, w: int, h: int) -> None:
        px = theme.px
        state = self.session.state
        winner = state.winner
        if winner is not None:
            name = i18n.player_name(state.players[winner].name)
            headline = self.label(
                i18n.t("gameover.winner", name=name),
                w / 2,
                h - px(82),
                36,
                colour_of(winner),
                bold=True,
                anchor_x="center",
            )
            how = self.label(
                i18n.t("gameover.how"), w / 2, h - px(114), 15, theme.TEXT, anchor_x="center"
            )
            side = px(104)  # the winner's face left of the headline and the line under it
            widest = max(headline.content_width, how.content_width)
            x = w / 2 - widest / 2 - px(24) - side / 2
            self.portrait(winner, max(px(20) + side / 2, x), h - px(94), side)
        else:
            self.label(
                i18n.t("gameover.no_winner"),
                w / 2,
                h - px(86),
                32,
                theme.ACCENT,
                bold=True,
                anchor_x="center",
            )
        turns = i18n.t("flow.game_over_rounds", n=round_number(state), turns=state.turn)
        self.label(turns, w / 2, h - px(138), 12, theme.TEXT_DIM, anchor_x="center")

    def table(self, w: int, top: float, row: float) -> float:
        """The standings with each stalker's tally and fights (WIN-1); returns its bottom.

        Each column starts where the one before it ends, its widest text measured (heading or
        value), with at least ``COLUMN_GAP`` between them; the room left is shared out."""
        px = theme.px
        state = self.session.state
        order = list(state.standings) or list(range(len(state.players)))
        width = min(w - px(60), px(1060))
        left = w / 2 - width / 2
        bottom = top - row * (len(order) + 1) - px(12)
        self.box = (left, left + width, bottom, top)
        y = top - row + px(6)
        columns = [
            [self.label(i18n.t(head), 0, y, 12, theme.TEXT_DIM, bold=True)] for head in HEADS
        ]
        by_seat = {s.seat: s for s in self.story.stalkers} if self.story is not None else {}
        for place, index in enumerate(order, start=1):
            y -= row
            p = state.players[index]
            told = by_seat.get(index)
            fights = (
                (str(told.won), str(told.lost), str(told.escaped), signed(told.luck))
                if told is not None
                else ("…", "…", "…", "…")
            )
            values = (
                str(place),
                i18n.player_name(p.name),
                str(p.elements),
                str(p.reputation),
                str(p.cash),
                str(p.deaths),
                *fights,
            )
            self.portrait(index, left + px(68), y + px(7), row - px(4))
            for column, value in enumerate(values):
                colour = theme.TEXT
                if column == 1:
                    colour = colour_of(index)
                elif column == len(values) - 1 and told is not None:
                    luck = told.luck
                    if abs(luck) >= NEUTRAL_LUCK:
                        colour = theme.GOOD if luck > 0 else theme.BAD
                columns[column].append(self.label(value, 0, y, 15, colour, bold=place == 1))
        widths = [max(text.content_width for text in texts) for texts in columns]
        for texts, x in zip(columns, column_starts(widths, left, width), strict=True):
            for text in texts:
                text.x = x
        return bottom

    def portrait(self, seat: int, cx: float, cy: float, side: float) -> None:
        """The seat's stalker's face (its card's art) in a ``side`` square around (cx, cy)."""
        state = self.session.state
        card = state.cards.get(state.players[seat].stalker)
        texture = art_texture(card.art) if card.art else None
        if texture is None:
            return
        sprite = arcade.Sprite(texture, scale=side / max(texture.width, texture.height))
        sprite.position = (cx, cy)
        self.portraits.append(sprite)

    def luck_line(self, story: Story, x: float, y: float) -> None:
        """The luck meter in words for the luckiest and the unluckiest stalker."""
        ranked = sorted(story.stalkers, key=lambda s: -s.luck)
        chosen = [ranked[0]] if ranked else []
        if len(ranked) > 1 and ranked[-1].luck < -NEUTRAL_LUCK:
            chosen.append(ranked[-1])
        if not any(s.fights for s in story.stalkers):
            chosen = []
        text = "   ·   ".join(luck_text(s) for s in chosen) or i18n.t("story.no_fights")
        line = self.label(text, x, y, 14, theme.ACCENT, anchor_x="center")
        if len(chosen) > 1 and line.content_width > self.window.width - theme.px(60):
            line.text = luck_text(chosen[0])  # a narrow window: the luckiest only

    def legend(self, story: Story, x: float, y: float) -> None:
        """A colour swatch and the name of each stalker, centred on ``x``."""
        px = theme.px
        names = [self.label(i18n.player_name(s.name), 0, y, 13, theme.TEXT) for s in story.stalkers]
        gap, swatch = px(34), px(22)
        total = sum(t.content_width + swatch + px(8) for t in names) + gap * (len(names) - 1)
        left = x - total / 2
        self.swatches = []
        for stalker, text in zip(story.stalkers, names, strict=True):
            self.swatches.append((left, y + px(5), colour_of(stalker.seat)))
            text.x = left + swatch + px(8)
            left += swatch + px(8) + text.content_width + gap

    def chart_row(self, story: Story, w: int, bottom: float, top: float) -> None:
        """Three charts side by side: money, health and Elements over the rounds."""
        px = theme.px
        margin = px(30)
        cell = (w - 2 * margin) / len(CHARTS)
        self.charts = {}
        shapes: ShapeElementList[Shape] = ShapeElementList()
        for k, field in enumerate(CHARTS):
            cell_left = margin + k * cell
            box = (cell_left + px(56), bottom, cell_left + cell - px(22), top)
            chart = layout_chart(chart_lines(story, field), box, width=max(2.0, px(2.5)))
            self.charts[field] = chart
            chart_shapes(chart, shapes)
            self.label(i18n.t(f"story.{field}"), box[0], top + px(12), 14, theme.TEXT, bold=True)
            if chart.marks:  # DEATH-1: what the × on the health lines means
                self.label(
                    i18n.t("story.death_mark"),
                    box[2],
                    top + px(12),
                    11,
                    theme.TEXT_DIM,
                    anchor_x="right",
                )
            for y, value in chart.y_ticks:
                self.label(
                    str(value),
                    box[0] - px(10),
                    y,
                    11,
                    theme.TEXT_DIM,
                    anchor_x="right",
                    anchor_y="center",
                )
            for x, round_no in chart.x_ticks:
                self.label(
                    str(round_no),
                    x,
                    bottom - px(12),
                    11,
                    theme.TEXT_DIM,
                    anchor_x="center",
                    anchor_y="top",
                )
            self.label(
                i18n.t("story.round"),
                (box[0] + box[2]) / 2,
                bottom - px(30),
                12,
                theme.TEXT_DIM,
                anchor_x="center",
                anchor_y="top",
            )
        self.chart_list = shapes

    # --- drawing -----------------------------------------------------------------------------
    def draw_scene(self) -> None:
        if self.back_shapes is not None:
            self.back_shapes.draw()
        w, h = self.window.width, self.window.height
        px = theme.px
        arcade.draw_lrbt_rectangle_filled(0, w, h - px(152), h - px(36), (10, 12, 10, 210))
        widgets.panel(*self.box)
        self.portraits.draw()
        if self.chart_list is not None:
            left = px(20)
            top = self.box[2] - px(6)
            arcade.draw_lrbt_rectangle_filled(left, w - left, px(88), top, (10, 12, 10, 200))
            self.chart_list.draw()
        for x, y, colour in self.swatches:
            arcade.draw_lrbt_rectangle_filled(x, x + px(22), y - px(3), y + px(3), colour)

    def to_title(self) -> None:
        self.session.close()
        self.app.session = None
        self.win.show_screen("title")

    def on_escape(self) -> None:
        self.to_title()
