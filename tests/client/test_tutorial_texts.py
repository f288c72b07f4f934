"""Every word of "Learn to play" fits: each step's words (and what a spent move, a card over the
board, the bot's turn and the fight's odds add) in the lesson panel of every screen, its header
with the rule's title, and the title screen's buttons, in English and Russian at every window
size and UI scale (measured in the window's fonts); the lesson file is read whole and a broken
one is named in one line."""

from __future__ import annotations

import pytest

from stalkerzone.client.app.context import AppContext, Presets
from stalkerzone.client.app.settings import UI_SCALES, Settings
from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.title import HALF_SIZE, ROW_GAP, ROW_W, lesson_row_widths
from stalkerzone.client.text import i18n
from stalkerzone.client.tutorial.controller import CurrentStep
from stalkerzone.client.tutorial.goals import END_TURN, Target
from stalkerzone.client.tutorial.overlay import (
    PANEL_LINES,
    SCREEN_WORDS,
    done_place,
    fit_body,
    panel_places,
    rule_title,
    rule_words,
    step_words,
)
from stalkerzone.client.tutorial.script import load_lesson, parse_lesson
from stalkerzone.client.widgets import text_fit, theme
from stalkerzone.content.rules_reference import load_rules_reference
from stalkerzone.errors import UserError

SIZES = ((1024, 640), (1280, 800), (1920, 1080))
SCREENS = ("board", "layout", "base", "fight", "stalker")
ON_BOARD_ONLY = ("continue", "button")  # a card over the board; End turn (goals.point)
TARGETS = (
    None,
    Target("wait"),
    Target("continue"),
    Target("button", buttons=END_TURN),
    Target("button", buttons=("kit.back",), move_used=True),
)


def use(lang: str, scale: float, size: tuple[int, int]) -> None:
    AppContext(presets=Presets(), settings=Settings(language=lang, ui_scale=scale)).activate()
    theme.fit_window(*size)


def every_panel() -> list[tuple[str, str, str, str]]:
    """(header, body, foot, screen) of every step with every kind of target on every screen it can
    be shown on (laying the Zone out happens on the layout screen only; a card to take away and
    End turn are pointed at on the board only)."""
    lesson = load_lesson()
    out = []
    for k, step in enumerate(lesson.steps):
        laying = step.goal == "lay_sector"
        for target in (None,) if laying else TARGETS:
            current = CurrentStep(k + 1, len(lesson.steps), step.rule, step.text, target)
            on_board = target is not None and target.kind in ON_BOARD_ONLY
            at_base = target is not None and target.move_used
            screens = ("layout",) if laying else ("base",) if at_base else SCREENS
            for screen in ("board",) if on_board and not at_base else screens:
                head, body = step_words(current, screen)
                out.append((head, body, rule_words(current), screen))
    done = (i18n.t("tutorial.done_header"), i18n.t("tutorial.done"), i18n.t("tutorial.done_close"))
    out.append((*done, "done"))  # on the board only, in its own place
    return out


def lines_fit(text: str, width: float, size: float, *, bold: bool = False) -> bool:
    return all(text_fit.text_width(line, size, bold=bold) <= width for line in text.split("\n"))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_lesson_text_fits_its_panel_at_every_size_and_scale(
    win: StalkerWindow, lang: str
) -> None:
    checked = 0
    for size in SIZES:
        for scale in UI_SCALES:
            use(lang, scale, size)
            for head, body, foot, screen in every_panel():
                places = (done_place(*size),) if screen == "done" else panel_places(screen, *size)
                for left, edge, width, from_bottom in places:
                    inner = width - theme.px(24)
                    text, points = fit_body(body, inner)
                    assert text.count("\n") < PANEL_LINES, (lang, size, scale, screen, body)
                    assert lines_fit(text, inner, points), (lang, size, scale, screen, text)
                    head_text, head_points = fit_body(head, inner, 11, bold=True)
                    assert head_text.count("\n") < 2, (lang, size, scale, screen, head)
                    assert lines_fit(head_text, inner, head_points, bold=True), (lang, head_text)
                    foot_text, foot_points = fit_body(foot, inner, 10)
                    assert foot_text.count("\n") < 2, (lang, size, scale, screen, foot)
                    assert lines_fit(foot_text, inner, foot_points), (lang, foot_text)
                    assert left >= 0 and left + width <= size[0]
                    lines = text.count("\n") + head_text.count("\n") + foot_text.count("\n") + 3
                    height = lines * theme.px(points) * 1.5 + theme.px(36)  # generous lines
                    top = edge + height if from_bottom else edge
                    assert top <= size[1] - theme.px(56) and top - height >= 0, (screen, size)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_step_names_a_rule_of_the_reference_and_has_words(lang: str) -> None:
    use(lang, 1.0, (1280, 800))
    ids = {section.id: section.title for section in load_rules_reference(lang)}
    keys = {step.text for step in load_lesson().steps} | set(SCREEN_WORDS.values())
    keys |= {f"{step.text}_title" for step in load_lesson().steps}  # what the learner does
    for step in load_lesson().steps:
        assert step.rule in ids, step.rule
        assert rule_title(step.rule) == ids[step.rule] != step.rule
    for key in [
        *sorted(keys),
        "tutorial.wait",
        "tutorial.continue",
        "tutorial.end_turn",
        "tutorial.spent_at_base",
        "tutorial.leave_why",
        "tutorial.done_close",
        "tutorial.rule",
    ]:
        words = i18n.t(key, title="…", rule="…")
        assert words != key and "{" not in words, (lang, key)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_title_buttons_of_the_lesson_fit_uncut(win: StalkerWindow, lang: str) -> None:
    for size in SIZES:
        for scale in UI_SCALES:
            use(lang, scale, size)
            learn, resume = i18n.t("tutorial.title_button"), i18n.t("tutorial.resume_button")
            learn_w, resume_w = lesson_row_widths(learn, resume)
            assert learn_w + resume_w + ROW_GAP == pytest.approx(ROW_W)
            for key, width, wanted in (
                ("tutorial.title_button", ROW_W, 15),
                ("tutorial.title_button", learn_w, HALF_SIZE),
                ("tutorial.resume_button", resume_w, HALF_SIZE),
            ):
                words = i18n.t(key)
                room = theme.px(width)
                points = text_fit.fitting_size(words, room, wanted, pad=text_fit.BUTTON_PAD)
                assert points == wanted, (lang, key, scale, size)  # as the other half buttons
                assert text_fit.fits(words, room, points, pad=text_fit.BUTTON_PAD), (lang, key)


def test_the_lesson_file_is_read_whole_and_a_bad_one_is_named() -> None:
    lesson = load_lesson()
    assert len(lesson.placements) == 10 and len(lesson.pre_laid) == 9
    assert 7 <= len(lesson.steps) <= 10
    with pytest.raises(UserError, match=r"lesson.toml: step\[0\]\.goal 'fly'"):
        parse_lesson(
            {
                "game": {
                    "seed": 1,
                    "human": "a",
                    "bot": "b",
                    "placements": [
                        {"sector": "s1", "face": "a", "rotation": 0, "slot": [0, 0]},
                        {"sector": "s2", "face": "a", "rotation": 0, "slot": [1, 0]},
                    ],
                },
                "step": [{"goal": "fly", "rule": "MAP-4", "text": "x"}],
            }
        )
    with pytest.raises(UserError, match=r"game\.placements\[1\]\.slot"):
        parse_lesson(
            {
                "game": {
                    "seed": 1,
                    "human": "a",
                    "bot": "b",
                    "placements": [
                        {"sector": "s1", "face": "a", "rotation": 0, "slot": [0, 0]},
                        {"sector": "s2", "face": "a", "rotation": 0, "slot": "here"},
                    ],
                }
            }
        )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_step_is_titled_by_what_the_learner_does_and_its_rule_is_at_the_foot(
    lang: str,
) -> None:
    use(lang, 1.0, (1280, 800))
    lesson = load_lesson()
    titles = set()
    for k, step in enumerate(lesson.steps):
        current = CurrentStep(k + 1, len(lesson.steps), step.rule, step.text, None)
        head, _body = step_words(current)
        title = i18n.t(current.title)
        assert head.endswith(title), (head, title)
        assert rule_title(step.rule) in rule_words(current)
        titles.add(title)
    assert len(titles) == len(lesson.steps)  # no two steps share a title
    fight = next(k for k, s in enumerate(lesson.steps) if s.goal == "win_fight")
    step = lesson.steps[fight]
    head, _body = step_words(CurrentStep(fight + 1, len(lesson.steps), step.rule, step.text, None))
    assert rule_title("FIGHT-2") not in head  # "Your action in a round" is the rule, not the step


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_used_move_sends_to_end_turn_and_never_asks_for_a_hex(lang: str) -> None:
    """TURN-2: once trading (or a move) has used the turn's move, the step's words say so, name
    End turn and what its question means, and leave the walking to the next turn."""
    use(lang, 1.0, (1280, 800))
    lesson = load_lesson()
    k = next(k for k, s in enumerate(lesson.steps) if s.goal == "move")
    step = lesson.steps[k]
    title = i18n.t(f"{step.text}_title")
    end_turn = i18n.t("board.end_turn")
    for target, screen in (
        (Target("button", buttons=END_TURN), "board"),
        (Target("button", buttons=("kit.back",), move_used=True), "base"),
    ):
        current = CurrentStep(k + 1, len(lesson.steps), step.rule, step.text, target)
        _head, body = step_words(current, screen)
        assert body != i18n.t(step.text), (lang, screen)
        assert end_turn in body and i18n.t("confirm.end_turn_yes") in body, (lang, body)
        assert f"«{title}»" in body or f"“{title}”" in body, (lang, body)
        assert i18n.t(step.text) not in body  # no "click the lit hex" glued on
    back = CurrentStep(k + 1, len(lesson.steps), step.rule, step.text, Target("button"))
    assert step_words(back, "base")[1] == i18n.t(step.text)  # a move left: the step's words
