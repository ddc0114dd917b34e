"""How long a one-shot command waits for its last words to be spoken before it ends.

A speech-dispatcher someone else started speaks queued words after the client has gone, so the command
does not wait for it at all (LEFT_TO_DAEMON). But the program ends a daemon it started itself when it ends
(companion.speech.daemon), which would cut the words off; so then it waits until the words are spoken,
and no longer. speech-dispatcher tells when it begins and when it ends an utterance; ``wait`` follows
those events:

- the end (or a cancel) after the beginning: the words are spoken, stop at once;
- no beginning ``START_LIMIT`` seconds after asking: nothing will be spoken (an output module with no audio
  output it can open never begins);
- a beginning and no end after as long as the words take, and a margin: the audio went nowhere (espeak-ng
  with no sound server begins and never ends), stop then rather than after a fixed wait that is too long
  for a short answer and too short for a long one.

A speaker that tells no events (SAPI, say) is not waited for.
"""

from __future__ import annotations

import time
from typing import Callable, Protocol

START_LIMIT = 3.0  # seconds from asking to the daemon's "begun": it begins within a tenth of a second, unloaded
SECONDS_PER_CHARACTER = 0.1  # espeak-ng at its normal 175 words a minute took 4.7 s for Village's 46 characters
NORMAL_WPM, SLOWEST_WPM, FASTEST_WPM = 175, 80, 450  # speech-dispatcher's espeak-ng at rates 0, -100 and 100
SLACK, MARGIN = 1.0, 0.5  # the words' own time times SLACK, and MARGIN seconds: a slower voice is not cut off
LONGEST = 60.0  # seconds, whatever the words
POLL = 0.02

SPOKEN = "spoken"  # the daemon said the words were spoken (or cut off by newer words)
NEVER_BEGAN = "never began"
NOT_ENDED = "not ended in time"
NO_EVENTS = "no events"  # the speaker does not tell when it has spoken
GIVEN_UP = "given up"  # the speaker stopped answering
LEFT_TO_DAEMON = "left to the daemon"  # not waited for: a daemon we did not start speaks on after we leave


class Telling(Protocol):
    """A speaker that tells how far its last words have got (companion.speech.ao2.AutoSpeaker)."""

    rate: int

    def progress(self) -> tuple[str, float]:
        """("asked", when asked), ("speaking", when begun) or ("done", when ended), on the monotonic clock."""
        ...


def words_time(text: str, rate: int = 0) -> float:
    """Seconds ``text`` takes to say at speech-dispatcher's ``rate`` (-100 slowest, 0 normal, 100 fastest)."""
    rate = max(-100, min(100, rate))
    spread = (NORMAL_WPM - SLOWEST_WPM) if rate < 0 else (FASTEST_WPM - NORMAL_WPM)
    wpm = NORMAL_WPM + rate * spread / 100
    return len(text) * SECONDS_PER_CHARACTER * NORMAL_WPM / wpm


def wait(speaker: object, text: str, healthy: Callable[[], bool],
         clock: Callable[[], float] = time.monotonic, sleep: Callable[[float], None] = time.sleep) -> str:
    """Wait until ``text`` (the last words given to ``speaker``) is spoken, or it is clear it will not be;
    returns which (SPOKEN, NEVER_BEGAN, NOT_ENDED, NO_EVENTS, GIVEN_UP)."""
    progress = getattr(speaker, "progress", None)
    if progress is None:
        return NO_EVENTS
    limit = min(LONGEST, words_time(text, getattr(speaker, "rate", 0)) * SLACK + MARGIN)
    while True:
        if not healthy():
            return GIVEN_UP
        state, since = progress()
        if state == "done":
            return SPOKEN
        if state == "none":
            return NO_EVENTS
        if state == "asked" and clock() - since > START_LIMIT:
            return NEVER_BEGAN
        if state == "speaking" and clock() - since > limit:
            return NOT_ENDED
        sleep(POLL)


__all__ = ["GIVEN_UP", "LEFT_TO_DAEMON", "NEVER_BEGAN", "NOT_ENDED", "NO_EVENTS", "SPOKEN", "wait", "words_time"]
