"""The rules reference's text panel: a long rule stays inside the panel and scrolls (en, ru, the
window sizes players use); a search selects its best hit; whole words and card names rank
first ("boar" finds the Boar and the "Boar hunt" order before "board"); the list shows whole rows
and its counter names them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stalkerzone.client.app.window import StalkerWindow
from stalkerzone.client.screens.rules import RulesView
from stalkerzone.client.text import i18n
from stalkerzone.client.text.rules_sections import found_in, search
from tests.client.test_text_fits import configurations
from tests.support.base import base_cards
from tests.support.text_walk import pretend_size, text_box, texts_of
from tests.support.window import frame, opened

LONG_RULES = ("TURN-1", "TURN-2", "EQ-10")


def _panel_texts(view: RulesView) -> list[tuple[str, tuple[float, float, float, float]]]:
    lf, r, _b, tp = view.text_box
    inside = []
    for text in texts_of(view):
        box = text_box(text)
        if lf <= box[0] <= r and box[3] <= tp + 1 and box[3] > view.box[2]:
            inside.append((text.text, box))
    return inside


def _scroll_text(win: StalkerWindow, view: RulesView, lines: int) -> None:
    lf, r, b, tp = view.text_box
    win.dispatch_event("on_mouse_scroll", int((lf + r) / 2), int((b + tp) / 2), 0, lines)
    frame(win)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("rule", LONG_RULES)
def test_a_long_rule_stays_inside_the_text_panel_and_scrolls_to_its_end(
    win: StalkerWindow, lang: str, size: tuple[int, int], rule: str
) -> None:
    i18n.set_language(lang)
    with pretend_size(win, *size):
        view = opened(win.show_screen("rules", section=rule), RulesView)
        frame(win)
        assert view.selected == rule
        seen: list[str] = []
        pages = 0
        for _page in range(40):
            _lf, r, b, _tp = view.text_box
            for text, (_left, right, bottom, _top) in _panel_texts(view):
                assert bottom >= b, f"{rule} ({lang} {size}): {text!r} runs below the panel"
                assert right <= r + 1, f"{rule} ({lang} {size}): {text!r} runs past the panel"
                seen.append(text)
            if not view.text_more:
                break
            _scroll_text(win, view, -1)
            pages += 1
            assert view.selected == rule, "the wheel left a rule before its end"
        last_words = view.shown()[rule].text.split()[-3:]
        assert " ".join(last_words) in " ".join(" ".join(seen).split()), (
            "the rule's end never showed"
        )
        if pages:
            _scroll_text(win, view, 1)
            assert view.selected == rule, "the wheel up left a rule scrolled down"


@pytest.mark.parametrize(
    ("lang", "start", "query", "first"),
    [("ru", "TURN-1", "элемент", "WIN-1"), ("en", "TURN-1", "element", "WIN-1")],
)
def test_a_search_selects_its_first_hit(
    win: StalkerWindow, lang: str, start: str, query: str, first: str
) -> None:
    i18n.set_language(lang)
    view = opened(win.show_screen("rules", section=start), RulesView)
    frame(win)
    view.set_query(query)
    frame(win)
    assert start in view.ids, "the start section should match too, or the test proves nothing"
    assert view.ids[0] == first and view.selected == first


def test_whole_words_and_card_names_rank_before_word_parts() -> None:
    cards = base_cards()
    found = search("boar", "en", cards)
    assert found[0] != "TURN-1" and {"ORDER-1", "FIGHT-1"} <= set(found[:3]), found
    assert found.index("ORDER-1") < found.index("TURN-1")
    assert search("boar hunt", "en", cards)[0] == "ORDER-1"
    assert search("охота на кабана", "ru", cards)[0] == "ORDER-1"
    assert search("кабан", "ru", cards)[0] == "FIGHT-1"
    assert search("paraly")[0] == "ABIL-PARALYSIS"
    assert search("board") == tuple(r for r in search("board") if r.startswith("TURN"))


def test_turn_1_counts_the_lessons_steps_from_the_lesson() -> None:
    from stalkerzone.client.text.rules_sections import sections
    from stalkerzone.client.tutorial.script import load_lesson
    from stalkerzone.content.rules_reference import section_for
    from stalkerzone.content.variants import load_variant

    n = len(load_lesson().steps)
    variant = load_variant("standard")
    en = {s.id: s.text for s in sections("en", variant)}["TURN-1"]
    ru = {s.id: s.text for s in sections("ru", variant)}["TURN-1"]
    assert f"taught in {n} short steps" in en
    assert f"за {n} коротких шагов" in ru or f"за {n} коротких шага" in ru
    # without a lesson (the browser's reference) the sentence is left out, nothing half-filled
    bare = section_for("TURN-1")
    assert bare is not None
    text = bare.filled(variant)
    assert "{" not in text and "Learn to play" not in text and text.endswith(".")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_players_read_rule_titles_not_rule_ids_or_engine_words(
    win: StalkerWindow, lang: str
) -> None:
    i18n.set_language(lang)
    view = opened(win.show_screen("rules", section="ABIL-REGENERATION"), RulesView)
    frame(win)
    shown_texts = [text.text for text in texts_of(view)]
    assert not [t for t in shown_texts if "ABIL-" in t or "REGENERATION" in t], shown_texts
    assert view.shown()["ABIL-REGENERATION"].title in shown_texts
    for section in view.shown().values():
        assert "Reading:" not in section.text and "Толкование:" not in section.text


def test_found_in_names_the_words_and_the_cards_a_search_matched() -> None:
    cards = base_cards()
    words, names = found_in("boar", "TURN-1", "en", cards)
    assert words and all(w.startswith("boar") and w != "boar" for w in words) and not names
    words, names = found_in("blind dog", "FIGHT-1", "en", cards)
    blind = next(m for m in cards.monsters if m.id == "blind-dog")
    assert names == [blind.name.get("en")]
    _words, names = found_in("слепой пёс", "FIGHT-1", "ru", cards)
    assert names == [blind.name.get("ru")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_shown_rule_says_why_the_search_found_it_and_nothing_shows_for_no_hit(
    win: StalkerWindow, lang: str
) -> None:
    """A player who searched a monster's name sees that name in the rule shown (the match was
    in the rule's list of cards, invisible); a search that finds nothing shows no rule."""
    from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec

    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    win.app.session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    i18n.set_language(lang)
    cards = base_cards()
    blind = next(m for m in cards.monsters if m.id == "blind-dog")
    view = opened(win.show_screen("rules", section="TURN-1"), RulesView)
    view.set_query(blind.name.get(lang))
    frame(win)
    shown = " ".join(text for text, _box in _panel_texts(view))
    assert blind.name.get(lang) in shown, shown[:300]
    view.set_query("zzqx")
    frame(win)
    assert not view.ids and not _panel_texts(view)
    win.app.session = None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_list_shows_whole_rows_and_the_counter_says_which(
    win: StalkerWindow, lang: str
) -> None:
    """The list of rules shows only whole rows at every window size and UI scale, scrolled to
    its top, its middle and its end, with and without a search; the counter under it names
    exactly the rows shown ("1–22 of 59")."""
    found: list[str] = []
    for language, (w, h), setting in configurations():
        if language != lang:
            continue
        win.app.update_settings(replace(win.app.settings, language=lang, ui_scale=setting))
        with pretend_size(win, w, h):
            view = opened(win.show_screen("rules", section="ABIL-PARALYSIS"), RulesView)
            for query in ("", "a"):
                view.set_query(query)
                for scroll in (0, 5, 1000):
                    view.list_scroll = scroll
                    view.refresh()
                    where = f"{lang} {w}x{h} {setting:.0%} {query!r} scrolled {scroll}"
                    lf, r, b, tp = view.list_box
                    titles = {view.shown()[rule].title for rule in view.ids}
                    rows = [t for t in texts_of(view) if t.text in titles and lf < t.x < r]
                    for text in rows:
                        left, right, bottom, top = text_box(text)
                        if bottom < b or top > tp or left < lf or right > r:
                            found.append(f"{where}: {text.text!r} cut by the list's edge")
                    for _left, _right, bottom, top, _selected in view.rows:
                        if bottom < b or top > tp:
                            found.append(f"{where}: a row {bottom}..{top} out of {b}..{tp}")
                    first = view.list_scroll + 1
                    counter = [t.text for t in texts_of(view) if t.x == r and t.y < b]
                    if len(view.ids) > len(rows):
                        said = i18n.t(
                            "stalker.scroll",
                            a=first,
                            b=first + len(rows) - 1,
                            n=len(view.ids),
                        )
                        if counter != [said]:
                            found.append(f"{where}: counter {counter}, {len(rows)} rows shown")
    assert not found, "\n".join(found[:20])


def test_the_why_line_follows_the_search_as_it_is_typed(win: StalkerWindow) -> None:
    """Typed letter by letter, each search's green line says why for that search (the lines
    were made once: "boar" kept the reasons of "b", naming Blind dog and Bloodsucker)."""
    from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec

    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    win.app.session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    view = opened(win.show_screen("rules", section="TURN-1"), RulesView)
    for typed in ("round", "", "b", "bo", "boa", "boar"):
        view.set_query(typed)
        frame(win)
    shown = [text for text, _box in _panel_texts(view)]
    found = [t for t in shown if t.startswith("Found")]
    stale = ("Blind", "Bloodsucker", "round")
    assert found and all(w not in t for t in found for w in stale), found
    assert any("Boar" in t for t in found)
    win.app.session = None


def test_a_search_reads_card_names_never_card_ids() -> None:
    """Card ids are the engine's words: "or" must not find every order through ids such as
    "order-dog-trouble", nor say so in the why line."""
    cards = base_cards()
    _words, names = found_in("or", "ORDER-1", "en", cards)
    assert all(n.casefold().split()[0].startswith("or") or " or" in n.casefold() for n in names)
    assert "ORDER-1" not in search("order-dog", "en", cards)[:1] or any(
        "dog" in o.name.get("en").casefold() for o in cards.orders
    )


def test_a_rule_found_through_the_other_languages_text_says_so(win: StalkerWindow) -> None:
    """The search reads both languages: on the Russian page "boar" lists rules whose English
    text says "board", which the page cannot show: their green line says where it was found."""
    from stalkerzone.client.controller.session import GameSession, GameSpec, SeatSpec

    seats = (SeatSpec("Anna", "gromoboy"), SeatSpec("Boris", "nosorog"))
    win.app.session = GameSession.start(win.app, GameSpec(seed=3, seats=seats))
    i18n.set_language("ru")
    try:
        view = opened(win.show_screen("rules", section="TURN-1"), RulesView)
        view.set_query("boar")
        lines = {rule: view.found_line(rule) for rule in view.ids}
        assert lines and all(lines.values()), lines  # every rule listed says why
        other = [line for line in lines.values() if "английском" in line]
        assert other and all("«board»" in line for line in other)
    finally:
        i18n.set_language("en")
        win.app.session = None
