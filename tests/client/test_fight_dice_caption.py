"""The caption under the fight's dice fits its panel: a watched bot's roll in Russian,
"Бросает Бот 3: 1d6+2 (+1 к кубику)", ran past both edges of the dice panel."""

from __future__ import annotations

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.fight.dice_area import DiceArea
from stalkerzone.client.widgets import theme


def test_a_long_caption_is_set_smaller_to_fit_the_dice_panel(win: StalkerWindow) -> None:
    area = DiceArea()
    words = "Бросает Анна Каренина: 1d6+2 (+1 к кубику)"
    width = theme.px(220)
    area._draw_caption(words, 400, 100, theme.TEXT, width)
    text = area._captions[words]
    assert text.content_width <= width + 1
    assert text.text == words or not text.text.endswith(("(", "+"))
