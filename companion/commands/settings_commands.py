"""The settings, set and speech commands: what a person changes and keeps for next time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards.names import quote
from companion.commands import registry
from companion.commands.lookup import SETTINGS, unquoted
from companion.commands.registry import answer, command
from companion.refusal import CommandError
from companion.response import Response

if TYPE_CHECKING:
    from companion.session import Session


@command("settings", summary="says every setting and its value.", usage="settings", example="settings",
         topic=SETTINGS)
def settings_command(session: "Session", args: str) -> Response:
    registry.load_all()  # the areas define settings of their own (autoplay, lowpile)
    from companion.settings import choices_said

    settings = session.settings
    if args.strip():
        return set_command(session, args)
    lines = [f"{len(settings.items())} settings."]
    for spec, value in settings.items():
        lines.append(f"{spec.name} {_is(spec.name)} {value}, {spec.summary}. Choose {choices_said(spec.choices)}.")
    lines.append("To change one, type set verbosity brief.")
    return answer(session, "\n".join(lines))


def _is(name: str) -> str:
    """The verb for a setting's name: "hints are on", "verbosity is brief"."""
    return "are" if name.endswith("s") else "is"


def _complete_set(session: "Session", text: str) -> list[str]:
    from companion.settings import SPECS

    name, space, value = text.lstrip().partition(" ")
    if not space:
        return [s for s in SPECS if s.startswith(name.lower())]
    spec = SPECS.get(name.lower())
    if spec is None:
        return []
    return [f"{spec.name} {c}" for c in spec.choices if c.startswith(value.strip().lower())]


@command(
    "set",
    summary="changes a setting and keeps it for next time.",
    usage="set NAME VALUE",
    example="set verbosity brief",
    details="Settings include verbosity, brief, normal or full, and speech, off or on. "
    "Type settings to hear them all, with their choices.",
    topic=SETTINGS,
    complete=_complete_set,
)
def set_command(session: "Session", args: str) -> Response:
    registry.load_all()  # the areas define settings of their own (autoplay, lowpile)
    args = unquoted(args)
    from companion.settings import SettingError

    words = args.split()
    if not words:
        raise CommandError("set needs a setting and a value. Type set verbosity brief, or settings for the list.")
    try:
        if len(words) == 1:
            from companion.settings import choices_said, find_spec

            spec = find_spec(words[0])
            value = session.settings.get(spec.name)
            return answer(session, f"{spec.name} {_is(spec.name)} {value}.\nType set {spec.name} {choices_said(spec.choices)}.")
        spec, value = session.settings.parse(words[0], " ".join(words[1:]))
    except SettingError as e:
        raise CommandError(str(e)) from None
    if spec.name == "speech":
        _switch_speech(session, value == "on")
    if spec.name == "sounds":
        from companion.speech.sounds import stop

        stop(session)  # off: no more cues; on: try again, even where sounds could not play before
    session.settings.set(spec.name, value)
    problem = session.settings.save()
    if spec.name == "sounds" and value == "on":
        from companion.speech.sounds import NOTICE, can_play

        if not can_play():  # said here, once, rather than at the first cue by every seat and shell
            problem = f"{NOTICE}\n{problem}" if problem else NOTICE
    return answer(session, f"{spec.name.capitalize()} {_is(spec.name)} now {value}." + (f"\n{problem}" if problem else ""))


def _switch_speech(session: "Session", on: bool) -> None:
    from companion.speech import attach_speech, detach_speech

    if on:
        attach_speech(session)
    else:
        detach_speech(session)


@command(
    "speech",
    summary="turns the program's own speech on or off.",
    usage="speech on or speech off",
    example="speech on",
    details="For use without a screen reader. A screen reader already reads every response. "
    "It is kept for next time.",
    topic=SETTINGS,
    complete=lambda session, text: [w for w in ("on", "off") if w.startswith(text.strip().lower())],
)
def speech_command(session: "Session", args: str) -> Response:
    args = unquoted(args)
    typed = args.strip().lower()
    if not typed:
        state = "on" if session.settings.speech else "off"
        return answer(session, f"Speech is {state}.\nType speech on or speech off.")
    if typed not in ("on", "off"):
        raise CommandError(f"speech can be on or off, not {quote(args)}. Type speech on or speech off.")
    return set_command(session, f"speech {typed}")
