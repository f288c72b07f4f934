"""An event card's reveal leads with what the event itself did (EVENT-1): every base-set event,
drawn through the engine, in both languages — "finds the artifact Medusa" before the health the
artifact gave, the health lost before the dice that took it, a fight event kept for the next
fight; what followed from the event under that line."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from stalkerzone.client.screens.reveal import presenter
from stalkerzone.client.screens.reveal.event_words import signed
from stalkerzone.client.text import i18n
from stalkerzone.client.text.card_words import card_name
from stalkerzone.engine.core import Event, Note, Rng
from stalkerzone.engine.play import GameState
from stalkerzone.engine.turn import sites
from tests.support.game import cards_with, edit, fresh, give, on_top, playing

ARTIFACT = "medusa"  # +3 maximum health: the health it gives must not read as the event's


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """English unless a test says otherwise, and English again after it (for later files)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def base_events() -> list[Event]:
    """One of each base-set event card."""
    return list({e.id: e for e in fresh(3).cards.events}.values())


def drawn(event: str, *, wounded: bool = True) -> tuple[GameState, GameState, int]:
    """The current seat draws ``event`` (EVENT-1): wounded (unless not), with money, wearing one
    armour card, Medusa on top of the artifact deck; the state before and after."""
    state = playing(fresh(3))
    index = state.current_player
    state, _ = on_top(state, "artifacts", ARTIFACT)
    state, _ = on_top(state, "events", event)
    state, _ = give(state, index, "leather-jacket")
    player = state.players[index]
    state = edit(state, index, cash=500, health=player.health - (12 if wounded else 0))
    before = replace(state, notes=())
    return before, sites.draw_event(before, index, Rng(7)), index


def headline(event: Event, before: GameState, after: GameState, index: int) -> str:
    """What the event did, worded from its card and the engine's notes (not from the reveal)."""
    was, now = before.players[index], after.players[index]
    notes = [n for n in after.notes if isinstance(n, Note)]
    kind, amount = event.effect.kind, event.effect.amount
    if event.timing == "fight":
        return i18n.t("reveal.kept_line")
    if kind == "gain_money":
        return i18n.t("reveal.cash", amount=f"+{amount}")
    if kind == "lose_money":
        return i18n.t("reveal.cash", amount=f"−{amount}")
    if kind == "heal":
        return i18n.t("reveal.health", amount=f"+{amount}")
    if kind == "damage":
        damage = next(int(dict(n.params)["damage"]) for n in notes if n.key == "event_damage")
        return i18n.t("reveal.health", amount=signed(-damage))
    if kind == "find_element":
        return i18n.t("reveal.elements", amount="+1")
    if kind == "draw_artifact":
        return i18n.t("reveal.finds_artifact", card=card_name(after.cards.get(ARTIFACT)))
    if kind == "lose_protection":
        armour = card_name(after.cards.get("leather-jacket"))
        return i18n.t("reveal.armour_lost", card=armour)
    if kind == "protection_minus_one":
        return i18n.t("reveal.protection")
    if kind == "zombie":
        return i18n.t("reveal.zombie")
    raise AssertionError(f"an effect this test does not know: {kind} ({was.name}, {now.name})")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("event", base_events(), ids=lambda e: e.id)
def test_every_base_event_reveal_leads_with_the_events_own_effect(event: Event, lang: str) -> None:
    i18n.set_language(lang)
    before, after, index = drawn(event.id)
    shown = [r for r in presenter.reveals(before, after) if r.kind in ("event", "held_event")]
    assert len(shown) == 1, shown  # one card, one reveal
    card = shown[0]
    assert card.card == event.id and card.lines
    assert card.lines[0] == headline(event, before, after, index)
    assert len(set(card.lines)) == len(card.lines)  # nothing said twice


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_glow_in_the_grass_finds_the_artifact_and_its_health_is_said_under(lang: str) -> None:
    """The play-test's card: 'Glow in the grass' drew Medusa (+3 maximum health); the reveal
    read "+3 health" large, as if the event healed."""
    i18n.set_language(lang)
    before, after, index = drawn("artifact-in-grass", wounded=False)
    card = next(r for r in presenter.reveals(before, after) if r.kind == "event")
    medusa = card_name(after.cards.get(ARTIFACT))
    top_before, top_after = before.players[index].health, after.players[index].health
    assert top_after == top_before + 3  # the artifact raised health: said, but not first
    assert card.lines == (
        i18n.t("reveal.finds_artifact", card=medusa),
        i18n.t("reveal.max_health", old=top_before, new=top_after),
        i18n.t("reveal.health", amount="+3"),
    )


@pytest.mark.parametrize(
    ("event", "wounded", "bare", "expected"),
    [
        ("campfire", False, {}, "health is full already: nothing to heal"),
        ("bandits", True, {"cash": 0}, "no money to lose"),
        (
            "lose-protection",
            True,
            {"head": None, "body": None, "backpack": ()},
            "no armour to lose",
        ),
    ],
)
def test_an_event_with_nothing_to_act_on_says_so_first(
    event: str, wounded: bool, bare: dict[str, object], expected: str
) -> None:
    """EVENT-1 at full health, with no money, with no armour: the card says what it could not
    do, never an empty headline or another number."""
    before, _after, index = drawn(event, wounded=wounded)
    before = edit(before, index, **bare)
    after = sites.draw_event(before, index, Rng(7))
    card = next(r for r in presenter.reveals(before, after) if r.kind == "event")
    assert card.lines[0] == expected, card.lines


def test_an_event_that_kills_says_the_health_lost_then_the_death() -> None:
    """EVENT-1 damage, DEATH-1: the health the roll took (at most what was left), its dice, and
    the death — not the new stalker's numbers."""
    before, _after, index = drawn("emission")
    before = edit(before, index, health=1)
    after = sites.draw_event(before, index, Rng(7))
    assert any(isinstance(n, Note) and n.key == "died" for n in after.notes)
    card = next(r for r in presenter.reveals(before, after) if r.kind == "event")
    assert card.lines[0] == "−1 health"
    assert card.lines[1].startswith("rolled ") and card.lines[-1] == i18n.t("reveal.died")
    assert len(card.lines) == 3


def test_a_fight_effect_on_an_immediate_card_is_one_reveal_saying_it_does_nothing() -> None:
    """EVENT-1 (a pack may print a fight effect on an immediate card): drawn outside a fight it
    does nothing, said once on the card's own reveal."""
    base = next(e for e in fresh(3).cards.events if e.id == "monster-first")
    odd = replace(base, timing="immediate")
    state = playing(fresh(3, cards=cards_with(odd)))
    state, _ = on_top(state, "events", "monster-first")
    before = replace(state, notes=())
    after = sites.draw_event(before, before.current_player, Rng(7))
    assert [n.key for n in after.notes if isinstance(n, Note)][-1] == "event_no_effect"
    shown = presenter.reveals(before, after)
    assert [(r.kind, r.lines) for r in shown] == [("event", ("no effect outside a fight",))]
