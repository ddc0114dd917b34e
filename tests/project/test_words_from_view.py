"""Privacy by construction, read from the source: the modules that word the game for a seat never get the
game, only that seat's view (companion.engine.view.PlayerView), so none can say another seat's hand.
No word module imports ``Game`` or names it in an annotation, and none reaches into a view's private
parts (``view._g``); ``companion/game/render.py``, where a game meets its words, uses the game only to
make a view. The lessons and the hints word for a seat too: their functions that word take the seat's view,
or read an activity's game only to make the view (``act.game.view(seat)``); the few that need the whole
game (the hint's plan replays a copy of it; the lessons' save writes it) are named here."""

from __future__ import annotations

import ast

from tests.conftest import ROOT

GAME = ROOT / "companion" / "game"
WORDS = ("lines", "sentences", "words", "fitting", "money", "cues", "questions", "answers", "turn_words")
EDGE = GAME / "render.py"
# Modules that word for a seat beside functions that need the whole game, and those functions.
TAKES_GAME = {"lessons": frozenset({"keep"}), "coach": frozenset({"advice", "turn_plan", "_plan"})}


def _names_in_annotation(node: ast.expr | None) -> set[str]:
    """Every name an annotation uses, strings ("Game") and their insides ("list[Game]") included."""
    if node is None:
        return set()
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            found.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            found.add(sub.attr)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            try:
                found |= _names_in_annotation(ast.parse(sub.value, mode="eval").body)
            except SyntaxError:
                continue
    return found


def _annotations(tree: ast.AST) -> list[ast.expr | None]:
    out: list[ast.expr | None] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            out.extend(arg.annotation for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs])
            out.extend(arg.annotation for arg in (a.vararg, a.kwarg) if arg is not None)
            out.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            out.append(node.annotation)
    return out


def word_module_faults(source: str, name: str = "words.py", takes_game: frozenset[str] = frozenset()) -> list[str]:
    """What lets a word module reach the whole game: an import of Game or of the engine's game module, an
    annotation naming Game, a parameter named ``game``, an activity's ``.game`` read for more than its view
    (``act.game.view(seat)``), or a private attribute of another object (``view._g``). The functions named
    in ``takes_game`` may take and read the game (and the module may then import the name Game)."""
    tree = ast.parse(source, name)
    faults: list[str] = []
    exempt: set[int] = set()  # ids of the nodes inside the functions that may take the game
    viewed: set[int] = set()  # ids of the ``.game`` reads that only make a view
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in takes_game:
                exempt |= {id(sub) for sub in ast.walk(node)}
            else:
                a = node.args
                faults.extend(f"{name}:{node.lineno}: {node.name} takes a game" for arg in
                              [*a.posonlyargs, *a.args, *a.kwonlyargs] if arg.arg == "game")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "view" \
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "game":
            viewed.add(id(node.func.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            for alias in node.names:
                if takes_game and alias.name == "Game":
                    continue
                if alias.name == "Game" or module == "companion.engine.game" or \
                        (module == "companion.engine" and alias.name == "game"):
                    faults.append(f"{name}:{node.lineno}: imports {module}.{alias.name}")
        elif isinstance(node, ast.Import):
            faults.extend(f"{name}:{node.lineno}: imports {a.name}" for a in node.names
                          if a.name == "companion.engine.game")
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            faults.append(f"{name}:{node.lineno}: reads the private .{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "game" and id(node) not in viewed | exempt:
            faults.append(f"{name}:{node.lineno}: reads a game for more than its view")
    for annotation in _annotations(tree):
        if id(annotation) not in exempt and "Game" in _names_in_annotation(annotation):
            faults.append(f"{name}:{getattr(annotation, 'lineno', 0)}: annotates Game")
    return faults


def edge_faults(source: str, name: str = "render.py") -> list[str]:
    """In the edge module, a function's ``game`` used for anything but ``game.view(...)`` or ``game is
    None``: the words would then be built from more than the seat's view."""
    tree = ast.parse(source, name)
    allowed: set[int] = set()  # ids of the Name nodes used rightly
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "view" \
                and isinstance(node.func.value, ast.Name):
            allowed.add(id(node.func.value))
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) \
                and all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops) \
                and all(isinstance(c, ast.Constant) and c.value is None for c in node.comparators):
            allowed.add(id(node.left))
    return [f"{name}:{node.lineno}: uses the game for more than its view"
            for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "game" and id(node) not in allowed]


def test_no_word_module_gets_the_game() -> None:
    faults = [f for module in WORDS for f in word_module_faults((GAME / f"{module}.py").read_text("utf-8"),
                                                                f"companion/game/{module}.py")]
    assert not faults, "a word module reaches the whole game; give it the seat's view instead:\n" + "\n".join(faults)


def test_the_lessons_and_the_hints_word_from_the_view() -> None:
    faults = [f for module, takes in TAKES_GAME.items()
              for f in word_module_faults((GAME / f"{module}.py").read_text("utf-8"), f"companion/game/{module}.py",
                                          takes)]
    assert not faults, "words for a seat reach the whole game; give them the seat's view instead:\n" + "\n".join(faults)
    coach = (GAME / "coach.py").read_text("utf-8")  # the check looked at the functions that take the view
    assert "def treasure_words(view: PlayerView" in coach and "def _quiet(view: PlayerView" in coach
    assert "act.game.view(me)" in (GAME / "lessons.py").read_text("utf-8")


def test_the_edge_uses_the_game_only_to_make_a_view() -> None:
    faults = edge_faults(EDGE.read_text("utf-8"), "companion/game/render.py")
    assert not faults, "\n".join(faults)
    assert "def status_line(game" in EDGE.read_text("utf-8")  # the check looked at the edge's functions


def test_the_checks_find_what_they_look_for() -> None:
    """Each way of reaching the game is found, so the checks above can fail."""
    planted = ("from companion.engine import Game\nfrom companion.engine.game import Turn\n"
               "import companion.engine.game\n"
               "def hand(g: 'Game', seat: int) -> str:\n    return str(g.players[seat].hand)\n"
               "def peek(view: PlayerView) -> list['Game']:\n    return view._g.players\n"
               "known: dict[int, Game] = {}\n")
    faults = word_module_faults(planted)
    assert [f.split(": ", 1)[1] for f in faults] == [
        "imports companion.engine.Game", "imports companion.engine.game.Turn", "imports companion.engine.game",
        "reads the private ._g", "annotates Game", "annotates Game", "annotates Game"]
    assert word_module_faults("def hand(view: PlayerView) -> str:\n    return str(view.hand)\n") == []
    hints = ("from companion.engine import Game\n"
             "def advice(game: 'Game', seat: int) -> str:\n    return words(game.view(seat), game.answers)\n"
             "def words(view: PlayerView, d) -> str:\n    return str(view.hand)\n"
             "def quiet(game: 'Game', cards) -> bool:\n    return bool(cards)\n"
             "def plain(game, seat):\n    return seat\n"
             "def due(act) -> list[str]:\n    return [act.game.view(act.holder).log(), act.game.log]\n"
             "def keep(act) -> None:\n    store.write(act.game)\n")
    assert [f.split(": ", 1)[1] for f in word_module_faults(hints, "coach.py", frozenset({"advice", "keep"}))] == [
        "quiet takes a game", "plain takes a game", "reads a game for more than its view", "annotates Game"]
    assert word_module_faults(hints, "coach.py", frozenset({"advice", "keep", "quiet", "plain", "due"})) == []
    assert [f.split(": ", 1)[1] for f in word_module_faults(hints, "coach.py")] == [
        "advice takes a game", "quiet takes a game", "plain takes a game", "imports companion.engine.Game",
        "reads a game for more than its view", "reads a game for more than its view", "annotates Game", "annotates Game"]
    edge = ("def hand_line(game, seat):\n    return lines.hand_line(game.view(seat))\n"
            "def leak(game, seat):\n    return lines.hand_line(game.view(seat)) + str(game.players[0].hand)\n"
            "def maybe(game, d):\n    return q(None if game is None else game.view(d.player))\n")
    assert edge_faults(edge) == ["render.py:4: uses the game for more than its view"]
