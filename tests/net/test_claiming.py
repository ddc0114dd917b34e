"""Claiming a seat, without sockets: which seat a hello takes, or the sentence that refuses it."""

from __future__ import annotations

from companion.net import claiming, codes
from companion.net.claiming import Claim, Refusal
from companion.net.hosted import SeatState

ANA_TOKEN, BEN_TOKEN, OLD_TOKEN = "a" * 32, "b" * 32, "c" * 32


def seats(*names: str, free: int = 0) -> list[SeatState]:
    """Seats taken by ``names`` (Ana holds ANA_TOKEN, renewed from OLD_TOKEN; Ben BEN_TOKEN), then ``free``."""
    made = []
    for name in names:
        token = {"Ana": ANA_TOKEN, "Ben": BEN_TOKEN}.get(name, "d" * 32)
        old = codes.token_digest(OLD_TOKEN) if name == "Ana" else ""
        made.append(SeatState(name=name, digest=codes.token_digest(token), old_digest=old))
    return made + [SeatState() for _ in range(free)]


def claim(room: list[SeatState], *, code_right: bool = True, blocked: bool = False, name: str = "Cy",
          token: str | None = None, seat: int | None = None, table: bool = False,
          unclaimed: tuple[int, ...] = ()) -> Claim | Refusal:
    return claiming.claim(room, table=table, code_right=code_right, blocked=blocked, name=name, token=token,
                          seat=seat, unclaimed=unclaimed)


def test_a_new_name_with_the_right_code_takes_the_first_free_seat():
    assert claim(seats("Ana", free=2)) == Claim(1, "new")


def test_a_wrong_code_is_refused_and_counted_as_a_wrong_code():
    assert claim(seats("Ana", free=1), code_right=False) == Refusal(claiming.WRONG_CODE, "code")


def test_an_address_that_may_not_guess_is_refused_without_counting_even_with_the_right_code():
    assert claim(seats("Ana", free=1), blocked=True) == Refusal(claiming.TOO_MANY)
    assert claim(seats("Ana", free=1), code_right=False, blocked=True) == Refusal(claiming.TOO_MANY)


def test_a_valid_seat_token_is_never_refused_for_guesses():
    assert claim(seats("Ana", "Ben"), blocked=True, name="Ben", token=BEN_TOKEN, seat=1) == Claim(1, "token")


def test_the_token_before_the_last_renewal_still_opens_its_seat_until_the_seat_speaks():
    assert claim(seats("Ana", "Ben"), name="Ana", token=OLD_TOKEN, seat=0) == Claim(0, "token")


def test_a_wrong_token_or_another_seats_token_is_refused_and_counted_for_the_game():
    refused = Refusal(claiming.WRONG_TOKEN, "token")
    assert claim(seats("Ana", "Ben"), name="Ana", token="e" * 32, seat=0) == refused
    assert claim(seats("Ana", "Ben"), name="Ana", token=BEN_TOKEN, seat=0) == refused
    assert claim(seats("Ana", free=1), name="Cy", token=ANA_TOKEN, seat=1) == refused  # a free seat
    assert claim(seats("Ana"), name="Ana", token=ANA_TOKEN, seat=7) == refused  # no such seat
    assert claim(seats("Ana"), name="Ana", token=ANA_TOKEN, seat=None) == refused


def test_a_right_token_with_a_wrong_code_is_a_wrong_code():
    assert claim(seats("Ana"), code_right=False, name="Ana", token=ANA_TOKEN, seat=0) == \
        Refusal(claiming.WRONG_CODE, "code")


def test_a_taken_name_is_refused_in_any_case_unless_its_token_never_reached_its_device():
    said = claim(seats("Ana", free=1), name="ANA")
    assert isinstance(said, Refusal) and said.wrong == ""
    assert said.reason == ("Error, 'ANA' is taken in this game. Join with another name. To come back to that seat, "
                           "join from the device that took it.")
    assert claim(seats("Ana", free=1), name="ANA", unclaimed=(0,)) == Claim(0, "again")
    assert isinstance(claim(seats("Ana", "Ben"), name="Ana", unclaimed=(1,)), Refusal)  # only its own seat


def test_a_full_game_says_so():
    assert claim(seats("Ana", "Ben")) == Refusal(claiming.FULL)


def test_at_a_table_each_player_takes_the_seat_of_their_name_and_no_one_else_sits():
    room = [SeatState(name="Ana"), SeatState(name="Ben")]
    assert claim(room, table=True, name="ben") == Claim(1, "new")
    assert claim(room, table=True, name="Cy") == Refusal(
        "Error, 'Cy' does not play at this table. Join with one of Ana, Ben.")
    room[1].digest = codes.token_digest(BEN_TOKEN)
    assert isinstance(claim(room, table=True, name="Ben"), Refusal)  # Ben's seat is taken


def test_a_code_fits_only_the_games_own_and_only_when_typed_as_a_code():
    assert claiming.code_fits("482 193 765", codes.normal_code("482-193-765"))
    assert not claiming.code_fits("482 193 765", codes.normal_code("482 193 766"))
    assert not claiming.code_fits("482 193 765", codes.normal_code("not a code"))
    assert not claiming.code_fits(None, "482193765")
