"""The layers of the package, read from its source (no import runs): the game, the engine, the table and
the bots never import the command layer, and no module imports another module's private (underscore)
name. A lower layer that reaches up, or a module that leans on another's private helper, fails here
with the file, the line and what it imported."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "companion"
BELOW_COMMANDS = ("game", "engine", "table", "bots")

# Private names of the standard library that the package uses on purpose, each with its reason.
STDLIB_PRIVATE = {
    ("collections", "_count_elements"): "the C counter behind Counter, for counting a zone's cards fast",
    ("_imp", ""): "the import machinery's own module, read by the quick path without importing importlib",
}

def _modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _name_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` names, with a relative one made absolute."""
    if not node.level:
        return node.module or ""
    package = _name_of(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    base = package[:len(package) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(path: Path, source: str | None = None) -> list[tuple[int, str, str]]:
    """Every import in a module (its file's text, or ``source``): (line, module, name), name "" for
    ``import module``; and every ``importlib.import_module("...")`` with a constant name."""
    found: list[tuple[int, str, str]] = []
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, a.name, "") for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(path, node)
            found.extend((node.lineno, module, a.name) for a in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) \
                and (getattr(node.func, "attr", None) or getattr(node.func, "id", None)) == "import_module":
            found.append((node.lineno, node.args[0].value, ""))
    return found


def _reaches_commands(module: str, name: str) -> bool:
    full = f"{module}.{name}" if name else module
    return full == "companion.commands" or full.startswith("companion.commands.")


def test_no_lower_layer_imports_the_commands() -> None:
    wrong = [f"{path.relative_to(ROOT)}:{line}: {module}{'.' + name if name else ''}"
             for folder in BELOW_COMMANDS for path in _modules(PACKAGE / folder)
             for line, module, name in _imports(path) if _reaches_commands(module, name)]
    assert not wrong, "these reach up into companion.commands; move what they need down:\n" + "\n".join(wrong)


def _private(module: str, name: str) -> bool:
    if name:
        return name.startswith("_") and not name.startswith("__")
    return any(p.startswith("_") and not p.startswith("__") for p in module.split("."))


def test_no_private_name_is_imported_across_modules() -> None:
    wrong: list[str] = []
    for path in _modules(PACKAGE):
        for line, module, name in _imports(path):
            if not _private(module, name) or (module, name) in STDLIB_PRIVATE:
                continue
            wrong.append(f"{path.relative_to(ROOT)}:{line}: from {module} import {name}" if name else
                         f"{path.relative_to(ROOT)}:{line}: import {module}")
    assert not wrong, "private names imported across modules; make them public or move them:\n" + "\n".join(wrong)


def test_the_checks_see_what_they_look_for() -> None:
    """The walker finds each form of import, so the two checks above can fail."""
    source = ("from companion.commands.registry import AREAS\nimport companion.commands.game\n"
              "from companion import commands\nfrom .seats import _shared\n"
              "import importlib\nimportlib.import_module('companion.commands.net')\n")
    found = [(m, n) for _, m, n in _imports(PACKAGE / "game" / "sample.py", source)]
    assert [f for f in found if _reaches_commands(*f)] == [
        ("companion.commands.registry", "AREAS"), ("companion.commands.game", ""), ("companion", "commands"),
        ("companion.commands.net", "")]
    assert [f for f in found if _private(*f)] == [("companion.game.seats", "_shared")]


# What only the game's service does to a game (companion.game.service): a command that did it itself
# would change the game outside the one path that saves before it says and tells the other seats.
SERVICE_ONLY = ("change", "answer", "advance", "news_since")


def _calls_of(source: str, names: tuple[str, ...]) -> list[tuple[int, str]]:
    """Calls ``x.name(...)`` of ``names`` on a held object (``act.answer``, ``self.act.change``), not on
    one made in the call itself (``GameService(act).answer`` is the service's own intent)."""
    return [(node.lineno, node.func.attr) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in names and not isinstance(node.func.value, ast.Call)]


def _plays_the_shell_game(path: Path) -> bool:
    """Whether a command module works on the shell's game (the simulator runs its own games of bots)."""
    return any(module == "companion.game.activity" or (module, name) == ("companion.commands.game", "need_game")
               for _, module, name in _imports(path))


def test_commands_change_a_game_only_through_its_service() -> None:
    modules = [path for path in _modules(PACKAGE / "commands") if _plays_the_shell_game(path)]
    assert {"game_turn.py", "game_saves.py", "learn.py"} <= {path.name for path in modules}
    wrong = [f"{path.relative_to(ROOT)}:{line}: .{name}(...)" for path in modules
             for line, name in _calls_of(path.read_text(encoding="utf-8"), SERVICE_ONLY)]
    assert not wrong, "call an intent of companion.game.service instead:\n" + "\n".join(wrong)
    assert _calls_of("with act.change(me):\n    act.answer(())\nGameService(act).answer(0, 'x', 'normal')\n",
                     SERVICE_ONLY) == [(1, "change"), (2, "answer")]


# The game and the engine sit below what calls them: the game never reaches up to the line's way in (the
# dispatcher), the commands or the shell; the engine never to the bots that play it.
REACHES_UP = {
    "game": ("companion.dispatch", "companion.commands", "companion.shell"),
    "engine": ("companion.bots", "companion.game", "companion.dispatch", "companion.commands", "companion.shell"),
}


def _reaches(module: str, name: str, above: tuple[str, ...]) -> bool:
    full = f"{module}.{name}" if name else module
    return any(full == a or full.startswith(a + ".") for a in above)


def test_the_game_and_the_engine_never_reach_up() -> None:
    wrong = [f"{path.relative_to(ROOT)}:{line}: {module}{'.' + name if name else ''}"
             for folder, above in REACHES_UP.items() for path in _modules(PACKAGE / folder)
             for line, module, name in _imports(path) if _reaches(module, name, above)]
    assert not wrong, "these reach up a layer; pass what they need down instead:\n" + "\n".join(wrong)
    assert _reaches("companion.dispatch", "log_exception", REACHES_UP["game"])
    assert _reaches("companion", "bots", REACHES_UP["engine"]) and not _reaches("companion.cards", "", REACHES_UP["engine"])


def _bolted(source: str) -> list[tuple[int, str]]:
    """Functions set onto a class from outside it: ``Game.play = gaining.play`` at a module's top, or
    ``play = gaining.play`` in a class's body (a method that lives in another module, which a compiled
    class does not bind)."""
    tree = ast.parse(source)
    modules = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
               for a in node.names}
    found: list[tuple[int, str]] = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id[:1].isupper():
                    found.append((node.lineno, f"{target.value.id}.{target.attr}"))
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.Assign) and isinstance(item.value, ast.Attribute) \
                        and isinstance(item.value.value, ast.Name) and item.value.value.id in modules \
                        and item.value.value.id[:1].islower() and not item.value.attr.isupper():
                    found.append((item.lineno, f"{node.name}: {ast.unparse(item)}"))
    return found


def test_no_function_is_set_onto_a_class_from_outside_it() -> None:
    wrong = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in _modules(PACKAGE)
             for line, what in _bolted(path.read_text(encoding="utf-8"))]
    assert not wrong, "make these methods, or call the free functions:\n" + "\n".join(wrong)
    sample = "from companion.engine import gaining\nclass Game:\n    play = gaining.play\nGame.buy = gaining.buy\n"
    assert [w for _, w in _bolted(sample)] == ["Game: play = gaining.play", "Game.buy"]


def test_a_host_gets_a_line_back_as_a_value() -> None:
    """A host runs a seat's line with ``dispatch.respond`` and sends the Response: no module of the host or
    the server runs the shell's ``run_line`` (``join.py`` is the joining player's own shell), and none
    writes a seat's words into a StringIO to read them back."""
    wrong: list[str] = []
    for folder in ("net", "server"):
        for path in _modules(PACKAGE / folder):
            text = path.read_text(encoding="utf-8")
            if "StringIO" in text:
                wrong.append(f"{path.relative_to(ROOT)}: StringIO")
            if path.name != "join.py":
                wrong += [f"{path.relative_to(ROOT)}:{line}: {module}.{name}" for line, module, name in _imports(path)
                          if (module, name) == ("companion.dispatch", "run_line")]
    assert not wrong, "return the line's Response instead:\n" + "\n".join(wrong)


def test_the_server_never_imports_the_shell_nor_the_terminals_client() -> None:
    """The server's rooms hold the server: the terminal's side of the lobby is companion.client."""
    above = ("companion.shell", "companion.client")
    wrong = [f"{path.relative_to(ROOT)}:{line}: {module}{'.' + name if name else ''}"
             for path in _modules(PACKAGE / "server") for line, module, name in _imports(path)
             if _reaches(module, name, above)]
    assert not wrong, "the server reaches the terminal's side; move it to companion.client:\n" + "\n".join(wrong)


# Private attributes of what the package does not own, each reached on purpose, with its reason.
FOREIGN_PRIVATE = {
    ("companion/shell/hangup.py", "os._exit"): "leaves at once when the main thread is stuck in the line editor's C loop",
    ("companion/speech/ao2.py", "self.output._callback"): "accessible_output2's speech-dispatcher output has no "
                                                          "public way to hear when speech ends",
}


def _reached_private(source: str) -> list[tuple[int, str]]:
    """``x._name`` where ``x`` is not ``self``, ``cls`` or ``super()`` and no class or function of this module
    defines ``_name``: a private attribute of another module's object, reached from here."""
    tree = ast.parse(source)
    own = {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    own |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) and node.value.id == "self"}
    own |= {t.id for node in ast.walk(tree) if isinstance(node, (ast.ClassDef)) for item in node.body
            if isinstance(item, (ast.Assign, ast.AnnAssign))
            for t in (item.targets if isinstance(item, ast.Assign) else [item.target]) if isinstance(t, ast.Name)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        value = node.value
        if isinstance(value, ast.Name) and value.id in ("self", "cls"):
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
            continue
        if node.attr in own:
            continue
        found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_private_attribute_is_reached_across_modules() -> None:
    wrong = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in _modules(PACKAGE)
             for line, what in _reached_private(path.read_text(encoding="utf-8"))
             if (path.relative_to(ROOT).as_posix(), what) not in FOREIGN_PRIVATE]
    assert not wrong, "private attributes reached from another module; make them public or pass what is needed:\n" + \
        "\n".join(wrong)
    sample = ("class Lobby:\n    async def _count(self): ...\n    def go(self, other):\n        other._count()\n"
              "def go(community):\n    community.lobby._here_changed()\n    super()._x\n    self._y\n")
    assert [w for _, w in _reached_private(sample)] == ["community.lobby._here_changed"]
