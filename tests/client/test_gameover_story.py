"""The game-over screen tells the story of the game (WIN-1): charts of money, health and
Elements per round with one line colour per stalker, the fights and the luck meter; built off
the frame, "counting…" until then; the standings' columns keep apart."""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest

from stalkerzone.client.app.context import Presets, make_context
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec
from stalkerzone.client.render import story_chart
from stalkerzone.client.screens.gameover import (
    CHARTS,
    HEADS,
    GameOverView,
    chart_lines,
    colour_of,
)
from stalkerzone.client.text import i18n
from stalkerzone.story import Story, build_story
from tests.client.test_text_fits import configurations
from tests.story.games import played
from tests.support.base import base_cards, sectors
from tests.support.records import bot_record
from tests.support.text_walk import pretend_size
from tests.support.window import colours, frame, opened, pixels, shown


def over_session(win: StalkerWindow) -> GameSession:
    record = played()
    seats = tuple(SeatSpec(p.name, p.stalker, p.bot) for p in record.setup.players)
    session = GameSession(GameSpec(3, seats, zone_mode="free"), record, base_cards(), sectors())
    win.app.session = session
    return session


def texts(view: GameOverView) -> list[str]:
    return [t.text for t in view._texts]


def chart_pixels(win: StalkerWindow, view: GameOverView, field: str) -> Counter[tuple[int, ...]]:
    """How many pixels of each colour the plot area of one chart holds."""
    chart = view.charts[field]
    image = pixels(win)
    top = win.height - chart.top
    box = (int(chart.left) + 1, int(top), int(chart.right), int(win.height - chart.bottom))
    return Counter(colours(image.crop(box)))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_gameover_draws_a_chart_line_per_stalker(win: StalkerWindow, lang: str) -> None:
    if lang != "en":
        win.app = make_context(Presets(lang=lang))
        win.raise_errors = True
    session = over_session(win)
    session.worker.synchronous = True
    view = shown(win, type(win.show_screen("gameover")))
    frame(win)
    assert isinstance(view, GameOverView) and view.story is not None
    assert set(view.charts) == set(CHARTS)
    for field in CHARTS:
        seen = chart_pixels(win, view, field)
        grid = tuple(story_chart.GRID)[:3]
        assert seen[grid] > 200, f"the {field} chart has no grid"
        for stalker in view.story.stalkers:
            colour = tuple(colour_of(stalker.seat))[:3]
            assert seen[colour] > 100, f"no {stalker.name} line on the {field} chart"
    words = texts(view)
    assert i18n.language() == lang
    assert i18n.t("story.round") in words and i18n.t("story.cash") in words
    for stalker in view.story.stalkers:
        assert words.count(stalker.name) >= 2  # the table and the legend
    luck = [w for w in words if session.state.players[0].name in w and "0" in w]
    assert luck, "the luck meter names a stalker"
    session.worker.synchronous = False
    win.app.session = None


def test_gameover_counts_the_story_off_the_frame(win: StalkerWindow) -> None:
    """The story is the worker's job: "counting…" shows until it is done, then the charts."""
    session = over_session(win)
    release = threading.Event()

    def slow() -> Story:
        release.wait(10)
        return build_story(session.record)

    session.worker.submit(("story", session.version), slow)
    view = win.show_screen("gameover")
    assert isinstance(view, GameOverView)
    frame(win)
    assert view.story is None and not view.charts
    assert i18n.t("story.counting") in texts(view)
    release.set()
    session.worker.wait(("story", session.version))
    frame(win, updates=2)
    assert view.story is not None and set(view.charts) == set(CHARTS)
    assert i18n.t("story.counting") not in texts(view)
    assert view.story == build_story(session.record)


def test_gameover_shows_the_winners_face_by_the_headline_and_each_face_in_the_standings(
    win: StalkerWindow,
) -> None:
    """ST-3: the stalkers' portraits (their cards' art): the winner's beside the headline, each
    seat's at its row, left of its name."""
    session = over_session(win)
    session.worker.synchronous = True
    view = win.show_screen("gameover")
    assert isinstance(view, GameOverView)
    frame(win)
    state = session.state
    assert state.winner is not None
    sprites = list(view.portraits)
    assert len(sprites) == len(state.players) + 1
    headline = next(t for t in view._texts if t.text.startswith(state.players[state.winner].name))
    how = next(t for t in view._texts if t.text == i18n.t("gameover.how"))
    winner = sprites[0]
    for line in (headline, how):
        assert winner.right < line.x - line.content_width / 2, "left of the headline"
    assert winner.bottom > view.box[3], "above the standings"
    names = {i18n.player_name(p.name) for p in state.players}
    rows = [t for t in view._texts if t.text in names and t is not headline]
    for face in sprites[1:]:
        assert view.box[0] < face.left and face.right < min(t.x for t in rows), "before the names"
        assert view.box[2] < face.bottom and face.top < view.box[3], "in the standings"
        assert any(abs(face.center_y - (t.y + t.content_height / 4)) < 12 for t in rows)
    session.worker.synchronous = False
    win.app.session = None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_gameover_marks_each_death_on_the_health_chart_and_names_its_columns_apart(
    win: StalkerWindow, lang: str
) -> None:
    """DEATH-1: a per-round health line hides a death (health comes back), so each round a
    stalker died in carries an × on its line, explained beside the chart; the standings say
    deaths and fights lost in two different words."""
    i18n.set_language(lang)
    try:
        record = bot_record(3000, seed=7, players=3)  # every stalker dies once
        seats = tuple(SeatSpec(p.name, p.stalker, p.bot) for p in record.setup.players)
        session = GameSession(GameSpec(7, seats, zone_mode="free"), record, base_cards(), sectors())
        win.app.session = session
        session.worker.synchronous = True
        story = build_story(session.record)
        final = session.record.state.players
        assert any(p.deaths for p in final), "the replayed game has no death to mark"
        for stalker, line in zip(story.stalkers, chart_lines(story, "health"), strict=True):
            assert stalker.samples[-1].deaths == final[stalker.seat].deaths
            assert bool(line.marks) == bool(final[stalker.seat].deaths)
            assert len(line.marks) <= final[stalker.seat].deaths
        view = shown(win, type(win.show_screen("gameover")))
        frame(win)
        assert isinstance(view, GameOverView)
        assert view.charts["health"].marks
        assert i18n.t("story.death_mark") in texts(view)
        heads = [i18n.t("gameover.deaths"), i18n.t("story.lost")]
        assert heads[0] != heads[1] and not ({"Смерти", "Гибели"} <= set(texts(view)))
    finally:
        i18n.set_language("en")


def test_the_standings_columns_keep_apart_at_every_size_and_scale(win: StalkerWindow) -> None:
    """WIN-1: each column of the standings starts at least 12 px after the widest text of the
    column before it (heading or value: "Смерти" / "Поражения" nearly touched), and the last
    ends inside the table, in en and ru at every window size and UI scale."""
    session = over_session(win)
    session.worker.synchronous = True
    found: list[str] = []
    for lang, (w, h), setting in configurations():
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        where = f"{lang} {w}x{h} {setting:.0%}"
        with pretend_size(win, w, h):
            view = opened(win.show_screen("gameover"), GameOverView)
            assert view.story is not None
            left, right, bottom, top = view.box
            inside = [t for t in view._texts if bottom <= t.y <= top and left <= t.x <= right]
            heads = [next(t for t in inside if t.text == i18n.t(key)) for key in HEADS]
            spans = []
            for head in heads:
                column = [t for t in inside if t.x == head.x]
                assert len(column) == len(session.state.players) + 1, (where, head.text)
                spans.append((head.x, max(t.x + t.content_width for t in column), head.text))
            for (_x, end, name), (start, _end, following) in pairwise(spans):
                if start - end < 12:
                    found.append(f"{where}: {name!r} and {following!r} {start - end:.0f} px apart")
            if spans[-1][1] > right:
                found.append(f"{where}: {spans[-1][2]!r} runs out of the table")
    assert not found, "\n".join(found)
