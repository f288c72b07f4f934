"""One-time join codes (docs/protocol.md, "Join codes"): each admits one join, then it is spent;
at most a few wait at once and each expires; a wrong one is counted as a wrong table code; a
code is never a seat token and a token is never a code."""

from __future__ import annotations

import secrets

import pytest

from stalkerzone.network import limits
from stalkerzone.network.join_codes import JOIN_CODE_LENGTH, JoinCodes, new_join_code
from stalkerzone.network.limits import CODE_ALPHABET
from stalkerzone.network.protocol import MAX_CODE
from tests.network.test_limits import coded, join, kinds_of, mine


def test_a_join_code_is_long_of_the_code_alphabet_and_fits_a_join_message() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == JOIN_CODE_LENGTH <= MAX_CODE and set(code) <= set(CODE_ALPHABET)


def test_a_join_code_admits_one_join_then_it_is_spent() -> None:
    t, _ = coded()
    code = t.join_codes.mint()
    anna = t.connect("10.0.0.5")
    assert kinds_of(join(t, anna, any_seat=True, code=code.lower()), anna) == ["view"]
    assert t.connections[anna].seats == (0,)
    again = t.connect("10.0.0.6")
    out = join(t, again, any_seat=True, code=code)
    assert kinds_of(out, again) == [limits.REFUSED_CODE]
    assert t.connections[again].seats is None and t.seats[1].holder is None
    budget = t.connections[again].budget
    assert budget is not None and budget.wrong_codes == 1  # counted as a wrong table code


def test_a_join_refused_for_another_reason_keeps_its_code() -> None:
    t, _ = coded()
    code = t.join_codes.mint()
    anna = t.connect("10.0.0.5")
    join(t, anna, [0], code="K7MR2Q", name="Anna")
    boris = t.connect("10.0.0.6")
    out = join(t, boris, [1], code=code, name="anna")
    assert kinds_of(out, boris) == [limits.REFUSED_NAME]
    assert kinds_of(join(t, boris, [1], code=code, name="Boris"), boris) == ["view"]
    assert t.join_codes.open_count() == 0


def test_the_code_shown_stays_until_it_is_spent_then_a_fresh_one_is_shown() -> None:
    t, _ = coded()
    shown = t.join_codes.shown()
    assert t.join_codes.shown() == shown != t.code
    conn = t.connect("10.0.0.5")
    assert kinds_of(join(t, conn, any_seat=True, code=shown), conn) == ["view"]
    fresh = t.join_codes.shown()
    assert fresh != shown and t.join_codes.spent == 1


def test_join_codes_are_bounded_in_number_and_expire() -> None:
    t, clock = coded()
    codes = JoinCodes(clock=clock, max_open=3, lifetime=60.0)
    made = [codes.mint() for _ in range(5)]
    assert codes.open_count() == 3
    assert not codes.is_open(made[0]) and not codes.is_open(made[1]) and codes.is_open(made[4])
    clock.now += 59.0
    assert codes.is_open(made[4])
    clock.now += 1.0
    assert codes.open_count() == 0 and not codes.spend(made[4])
    t.join_codes.lifetime = 10.0
    late = t.join_codes.mint()
    clock.now += 10.0  # the table's clock, set after the table was made
    conn = t.connect("10.0.0.5")
    assert kinds_of(join(t, conn, any_seat=True, code=late), conn) == [limits.REFUSED_CODE]


def test_a_join_code_is_never_a_token_and_a_token_never_a_code() -> None:
    t, _ = coded()
    code = t.join_codes.mint()
    anna = t.connect("10.0.0.5")
    token = mine(join(t, anna, [0], code=code), anna)[0]["token"]
    assert isinstance(token, str) and token != code and code not in t.tokens
    spy = t.connect("10.0.0.7")
    out = join(t, spy, token=t.join_codes.mint(), code="AAAAAA")  # a code given as a token
    assert kinds_of(out, spy) == [limits.REFUSED_CODE]
    mallory = t.connect("10.0.0.8")
    out = join(t, mallory, any_seat=True, code=token[:32])  # a token given as a code
    assert kinds_of(out, mallory) == [limits.REFUSED_CODE]
    assert t.seats[1].holder is None


def test_a_token_the_table_gave_out_rejoins_without_a_code() -> None:
    t, _ = coded()
    phone = t.connect("10.0.0.5")
    token = mine(join(t, phone, any_seat=True, code=t.join_codes.mint()), phone)[0]["token"]
    t.disconnect(phone)
    back = t.connect("10.0.0.5")
    assert kinds_of(join(t, back, token=token), back) == ["view"]
    assert t.connections[back].seats == (0,)
    stranger = t.connect("10.0.0.9")
    made_up = secrets.token_urlsafe(16)
    assert kinds_of(join(t, stranger, token=made_up), stranger) == [limits.REFUSED_CODE]


def test_guessing_join_codes_is_limited_per_address_like_table_codes() -> None:
    t, clock = coded()
    real = t.join_codes.mint()
    burst = t.limits.wrong_code_burst
    for _ in range(burst):
        conn = t.connect("10.9.9.9")
        out = join(t, conn, any_seat=True, code=new_join_code())
        assert kinds_of(out, conn) == [limits.REFUSED_CODE]
    late = t.connect("10.9.9.9")
    out = join(t, late, any_seat=True, code=real)  # even a right code waits: nothing checked
    assert "wait" in str(mine(out, late)[0]["message"]) and t.join_codes.is_open(real)
    clock.now += 2.0 / t.limits.wrong_codes_per_second
    assert kinds_of(join(t, late, any_seat=True, code=real), late) == ["view"]


@pytest.mark.parametrize("wrong", ["", "K7MR2", "x" * 32, "K7MR2Q" + "A" * 10])
def test_a_connection_is_cut_after_three_wrong_codes_of_either_kind(wrong: str) -> None:
    t, _ = coded()
    t.join_codes.mint()
    conn = t.connect("10.0.0.5")
    for _ in range(2):
        assert kinds_of(join(t, conn, code=wrong), conn) == [limits.REFUSED_CODE]
    assert kinds_of(join(t, conn, code=wrong), conn) == [limits.BYE_BAD_CODE, "close"]


def test_join_codes_expire_once_every_remote_seat_is_taken() -> None:
    t, _ = coded()
    first, second, third = (t.join_codes.mint() for _ in range(3))
    anna = t.connect("10.0.0.5")
    join(t, anna, any_seat=True, code=first)
    assert t.join_codes.is_open(second) and t.join_codes.is_open(third)
    boris = t.connect("10.0.0.6")
    join(t, boris, any_seat=True, code=second)
    assert t.free_seats() == 0 and t.join_codes.open_count() == 0
    late = t.connect("10.0.0.7")
    assert kinds_of(join(t, late, code=third), late) == [limits.REFUSED_CODE]
    assert kinds_of(join(t, late, code="K7MR2Q"), late) == ["view"]  # watching: the table code
