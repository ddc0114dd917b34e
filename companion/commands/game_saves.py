"""Going back and keeping games: undo, save, load, games, resume, and the offer to resume at start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.cards.names import and_list, loose, quote
from companion.commands.game import (
    ASK, KEY, TOPIC, Questions, attached_seat, game_command, hold_game, install, keep_unfinished, need_game,
    play_here, fitted, lines_answer, say_lines,
)
from companion.commands.registry import command, take_over
from companion.refusal import CommandError
from companion.engine import SaveError
from companion.game import render, store
from companion.game.activity import GameActivity, game_of
from companion.game.fitting import Spoken
from companion.game.service import GameService, Outcome
from companion.game.words import count

if TYPE_CHECKING:
    from companion.response import Response
    from companion.session import Session


# ---- undo, save, load -----------------------------------------------------------------------------
@game_command(name="undo", summary="takes back your last choice.", usage="undo", example="undo",
              details="Bots' later moves are taken back too and played again.")
def undo_command(session: "Session", args: str) -> Outcome:
    act = need_game(session)
    return GameService(act).undo(attached_seat(session, act), args, session.verbosity)


@game_command(name="save", summary="saves the game under a name.", usage="save NAME", example="save friday")
def save_command(session: "Session", args: str) -> Response:
    act = need_game(session)
    if not args.strip():
        raise CommandError("save needs a name. Type save friday, for example.")
    try:
        name = store.check_new_name(args, own=act.save_name)
        act.save_as(name)
        act.save_name = name  # saving again under this name updates it; the autosave remembers it
        act.autosave()
    except SaveError as e:
        raise CommandError(str(e)) from None
    except OSError as e:
        raise CommandError(f"could not save {quote(args)}, {e.strerror}. Type save with another name.") from None
    return fitted(session, f"Saved as {name}. Type load {name} to come back to it.")


@command("load", summary="loads a saved game.", usage="load NAME", example="load friday", topic=TOPIC,
         one_shot=False)
def load_command(session: "Session", args: str) -> Response:
    if not args.strip():
        raise CommandError("load needs a name. Type games for the list, then load NAME.")
    try:
        name = store.check_name(args)
        game, extra = store.read(name)
    except SaveError as e:
        message = str(e)
        if message.startswith("The save file is damaged, "):
            raise CommandError(f"{quote(args)} is damaged, {message[26:]} Type games for the list.") from None
        message = message[0].lower() + message[1:] if message else message
        more = "" if "Type " in message else " Type games for the list."  # what to type is said once
        raise CommandError(f"{quote(args)} was not loaded, {message}{more}") from None
    return resume(session, game, {**extra, "name": name if name not in store.INTERNAL else extra.get("name")},
           f"Loaded {name}.")


def resume(session: "Session", game: Any, extra: dict[str, Any], head: str, look: bool = False) -> Response:
    """Play ``game`` here: this shell holds it (or, with ``look``, it is only looked at, read-only); the
    answer says so and where the game is."""
    held = None if look else hold_game(session)
    head += keep_unfinished(session, game)
    head += "".join(f" {said}" for said in take_over(session, KEY))
    from companion.commands.game import thinking_cue

    act = GameActivity(game, extra=extra, cue=thinking_cue(session))
    act.held, act.read_only = held, look
    if look:
        head += " Read only, as another window is playing it."
    act.catch_up()
    play_here(session, act)
    act.autosave()
    g = act.game
    lines: list[Spoken] = [head]
    if g.over:
        lines.append(render.end_message(g, act.holder))
    elif act.solo:
        lines.append(render.status_line(g, act.holder))
        d = act.mine()
        if d is not None and render.is_turn_decision(d):
            lines.append(render.hand_line(g, act.holder))
        elif d is not None:
            lines.append(render.question(g, d, session.verbosity))
    else:
        act.waiting = True
        name = g.players[act.holder].name
        lines.append(f"{name}'s turn {g.players[act.holder].turns}. Press Enter when {name} has the keyboard.")
    return lines_answer(session, lines)


@command("games", summary="lists your saved games.", usage="games", example="games", topic=TOPIC, one_shot=True)
def games_command(session: "Session", args: str) -> Response:
    names = store.saved_names()
    if not names:
        return fitted(session, "No saved games yet. Type new to start one.")
    return fitted(session, f"{count(len(names), 'saved game')}, {and_list(names)}.")


@command("resume", summary="goes back to the game you were playing.", usage="resume", example="resume",
         topic=TOPIC, one_shot=False,
         details="resume read only looks at a game another window is playing, without changing it.")
def resume_command(session: "Session", args: str) -> Response:
    word = loose(args)
    if word not in ("", "read only", "readonly", "read-only"):
        raise CommandError(f"{quote('resume ' + args)}, resume takes nothing after it but read only. Type resume.")
    if not store.path_for(store.AUTOSAVE).exists():
        raise CommandError("there is no game to resume yet. Type new to start one.")
    try:
        game, extra = store.read(store.AUTOSAVE)
    except SaveError as e:
        raise CommandError(f"could not resume. {e} Type new to start a game.") from None
    asked = session.state.pop(ASK, None)
    try:
        return resume(session, game, extra, "Resumed.", look=bool(word))
    except BaseException:
        act = game_of(session)
        if act is None or act.game is not game:
            game.close()  # refused (another window plays it): not played here
        if asked is not None:
            session.state[ASK] = asked  # a failed resume leaves new's questions as they were
        raise


def offer_resume(session: "Session") -> None:
    """When the shell starts: offer the game that was being played, if it is not over."""
    install(session)
    if not store.path_for(store.AUTOSAVE).exists():
        return
    try:
        game, extra = store.read(store.AUTOSAVE)
    except SaveError as e:
        kept = store.set_aside_damaged(store.AUTOSAVE)
        where = f" It was kept as {kept.name}." if kept else ""
        session.error(f"the last game could not be loaded. {e}{where} Type new to start a game.")
        return
    if game.over:
        return
    held = store.hold()
    if held is None:
        game.close()
        say_lines(session, ["Your saved game is open in another window. Type resume read only to look at it."])
        return
    held.release()  # taken again if the answer is yes
    turns = game.players[game.current].turns
    bots = [s.name for s in game.setup.seats if not s.is_person]
    people = [s.name for s in game.setup.seats if s.is_person]
    against = f" against {and_list(bots)}" if bots else (f" for {and_list(people)}" if len(people) > 1 else "")

    def check(key: str, typed: str, answers: dict[str, str]) -> str:
        w = loose(typed)
        if w in ("y", "yes", "resume", "r", "1"):
            return "yes"
        if w in ("n", "no", "2"):
            return "no"
        raise CommandError(f"{quote(typed)} is not yes or no. Type yes to resume, or no.")

    def done(s: "Session", answers: dict[str, str]) -> Response:
        if answers["resume"] == "yes":
            return resume(s, game, extra, "Resumed.")
        game.close()  # not played: freed at once (resume reads it again)
        return lines_answer(s, ["Not resumed. It stays saved until you start a new game. Type resume to go back."])

    q = Questions([("resume", f"Resume your game{against}, turn {turns}? Enter for yes.", "yes")], done, check)
    session.state[ASK] = q
    say_lines(session, [q.question()])
