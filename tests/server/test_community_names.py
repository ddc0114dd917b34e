"""The names people use on a server (companion.server.names): refused when they read as the server or a code, and
the same name when they are the same case-folded confusable skeleton (UTS #39, Unicode's confusables.txt)."""

from __future__ import annotations

from companion.server import names


def test_names_that_read_as_the_server_or_a_code_are_refused_with_a_sentence():
    for typed in ("The server", "Server", "SERVER", "the  server", "S\u0435rver", "Moderator"):
        said = names.refusal(typed)
        assert said is not None and "reads as the server's own words" in said, typed
    assert "only digits" in (names.refusal("123 456 789") or "")
    assert "only digits" in (names.refusal("0") or "")
    assert "has no letters" in (names.refusal("--'.") or "")
    for fine in ("Ana", "Ben 2", "Server Ana", "O'Neil", "Zoë"):
        assert names.refusal(fine) is None, fine
    for said in (names.refusal("Server"), names.refusal("42")):
        assert said is not None and said.startswith("Error, ") and said.count(".") == 2  # one sentence and what to do


def test_the_same_name_case_folded_and_by_confusable_skeleton():
    same = [("Ana", "ANA"), ("Ana", "\u0410na"), ("Ana", "\u0430na"), ("Ben", "B\u0435n"), ("Bill", "BiII"),
            ("Ana", "A\u200bna"), ("Cy", "\uff23y"), ("Ana", " Ana  ")]
    for a, b in same:
        assert names.same(a, b), (a, b)
    for a, b in [("Ana", "Anna"), ("Ben", "Bea"), ("Cy", "Cyd")]:
        assert not names.same(a, b), (a, b)
    assert names.taken("\u0410NA", ["Ben", "Ana"]) == "Ana"
    assert names.taken("Cy", ["Ben", "Ana"]) is None


def test_the_skeleton_is_the_standards_from_its_data_file():
    table = names.prototypes()
    assert len(table) > 6000  # every line of confusables.txt
    assert table["\u0430"] == "a" and table["\u0410"] == "A"  # Cyrillic a and A
    assert table["1"] == "l" and table["I"] == "l"  # the standard's prototypes, not a guess
    assert names.skeleton("paypal") == names.skeleton("p\u0430yp\u0430l")
