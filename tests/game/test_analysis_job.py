"""The analysis in a process of its own (companion.game.analysis_job, run by companion.net.analysing): what a
host or a server runs so that no game waits for a minute of rollouts. Its answer, its progress, its refusals
of a wrong request, one at a time per process and per person, and the answer kept for asking again."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from companion.game import analysis_job
from companion.net import analysing
from companion.net.analysing import Analyst
from tests.game.test_analysis import finished


@pytest.fixture(scope="module")
def record() -> str:
    return finished()


def job(request: str) -> list[dict[str, str]]:
    done = subprocess.run([sys.executable, "-m", "companion.game.analysis_job"], input=request,
                          capture_output=True, text=True, timeout=600)
    assert done.stderr == ""
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_job_says_its_progress_then_the_analysis(record: str) -> None:
    said = job(json.dumps({"record": record, "name": "you", "words": []}))  # the name as any case types it
    *progress, last = said
    assert progress and all(set(p) == {"progress"} for p in progress)
    assert progress[0]["progress"].startswith("Analysing, turn ")
    assert set(last) == {"text"}, last
    text = last["text"]
    assert "\nStrong Bot differed on " in text and "\nPoints at turns 5, 10, 15 and the end. You " in text
    assert len(text.split()) <= 150


@pytest.mark.parametrize("request_text, error", [
    ("not json", "Error, that analysis was asked for wrongly."),
    ('{"record": 1, "name": "You", "words": []}', "Error, that analysis was asked for wrongly."),
    ('{"record": "{}", "name": "You", "words": ["all", "1", "2", "3"]}', "Error, that analysis was asked for wrongly."),
])
def test_a_wrong_request_gets_one_sentence(request_text: str, error: str) -> None:
    assert job(request_text) == [{"error": error}]


def test_a_player_who_was_not_there_a_wrong_form_and_a_damaged_record_are_refused(record: str) -> None:
    def answer(**fields: object) -> dict[str, str]:
        return analysis_job.answer({"record": record, "name": "You", "words": [], **fields}, None)

    assert answer(name="Zed") == {"error": "Error, Zed did not play in that game."}
    assert answer(words=["turn", "99"]) == {"error": "Error, the game had 19 turns, so no turn 99. "
                                            "Type analysis turn with 1 to 19."}
    assert answer(words=["sideways"])["error"].startswith("Error, 'analysis sideways' is not a form of analysis.")
    assert answer(record='{"game": 5}')["error"].startswith("Error, ")


@pytest.mark.process
def test_one_analysis_at_a_time_per_process_and_per_person_and_the_answer_is_kept(
        record: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysing, "PROGRESS_EVERY", 0.0)

    async def main() -> None:
        analyst = Analyst()
        told: list[str] = []

        async def tell(text: str) -> None:
            told.append(text)

        started = analyst.start("ana", record, "You", [], tell)
        assert started.startswith("Analysing your moves against Strong Bot's.")
        assert analyst.start("ana", record, "You", ["all"], tell) == analysing.YOURS
        assert analyst.start("ben", record, "You", [], tell) == analysing.BUSY
        await asyncio.gather(*analyst.tasks)
        *progress, words = told
        assert progress and all(p.startswith(("Analysing, turn ", "Checking move ")) for p in progress)
        assert "\nStrong Bot differed on " in words
        assert analyst.kept(record, "YOU", []) == words  # asked again: said at once, nothing run
        assert analyst.kept(record, "You", ["all"]) is None
        assert not analyst.running

    asyncio.run(main())


@pytest.mark.process
def test_stopping_ends_the_job_process(record: str) -> None:
    async def main() -> None:
        analyst = Analyst()

        async def tell(text: str) -> None:
            pass

        analyst.start("ana", record, "You", [], tell)
        await asyncio.sleep(1.0)
        await analyst.close()
        assert not analyst.running and not analyst.answers

    asyncio.run(main())
