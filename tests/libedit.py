"""Python's readline module built against Debian's libedit, so the libedit line editor (what many macOS
Pythons have) can be driven and measured on this Linux machine.

CPython's own ``Modules/readline.c`` supports libedit (``WITH_EDITLINE``). Its source for each Python
version ships in the ``gnureadline`` sdist on PyPI; that file is taken from there, its module name set back
to ``readline``, and compiled against ``libedit`` (Debian: ``libedit-dev``) with this Python's headers.
Putting the folder first on PYTHONPATH makes ``import readline`` load it: its ``__doc__`` then says
"libedit", exactly as on macOS.

    folder, why_not = libedit_readline()
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
from pathlib import Path

SDIST = "gnureadline==8.3.3"
HEADER = Path("/usr/include/editline/readline.h")


def cache_dir() -> Path:
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    return Path(tempfile.gettempdir()) / "companion-libedit" / tag


def libedit_readline() -> tuple[Path | None, str]:
    """The folder holding ``readline`` built against libedit, or None and one sentence saying why not.
    One build at a time (pytest -n runs tests in several processes): the others wait and find it built."""
    if not sys.platform.startswith("linux"):
        return None, "the libedit build is for Linux"
    from filelock import FileLock

    cache_dir().mkdir(parents=True, exist_ok=True)
    with FileLock(str(cache_dir().with_name(cache_dir().name + ".lock")), timeout=600):
        return _built()


def _built() -> tuple[Path | None, str]:
    folder = cache_dir()
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    module = folder / f"readline{suffix}"
    if module.exists() and _is_libedit(folder):
        return folder, ""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None, "no C compiler"
    if not HEADER.exists():
        return None, "libedit-dev is not installed"
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        source = _source(folder, version)
    except (OSError, subprocess.SubprocessError, tarfile.TarError, KeyError) as e:
        return None, f"CPython's readline.c could not be had: {e}"
    text = source.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^#undef WITH_EDITLINE.*$", "", text)
    text = text.replace('"gnureadline"', '"readline"').replace("PyInit_gnureadline", "PyInit_readline")
    # Debian's libedit has no rl_compdisp_func_t; CPython's configure would not define this for it.
    text = text.replace("#  include <editline/readline.h>",
                        "#  include <editline/readline.h>\n#  undef HAVE_RL_COMPDISP_FUNC_T", 1)
    source.write_text(text, encoding="utf-8")
    include = sysconfig.get_paths()["include"]
    done = subprocess.run([compiler, "-shared", "-fPIC", "-O1", "-DWITH_EDITLINE", f"-I{include}", str(source),
                           "-ledit", "-o", str(module)], capture_output=True, text=True, timeout=120)
    if done.returncode != 0 or not _is_libedit(folder):
        return None, f"readline.c did not build against libedit: {done.stderr.strip()[-300:]}"
    return folder, ""


def _source(folder: Path, version: str) -> Path:
    """CPython's readline.c (and its clinic header) for this Python, from the gnureadline sdist."""
    target = folder / "src"
    source = target / "readline.c"
    if source.exists():
        return source
    download = folder / "sdist"
    download.mkdir(exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:", "--no-deps",
                    "-d", str(download), SDIST], check=True, capture_output=True,
                   timeout=300)
    archive = next(download.glob("gnureadline-*.tar.gz"))
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts
            if len(parts) >= 4 and parts[1] == "Modules" and parts[2] == version and member.isfile():
                out = target.joinpath(*parts[3:])
                out.parent.mkdir(parents=True, exist_ok=True)
                extracted = tar.extractfile(member)
                if extracted is not None:
                    out.write_bytes(extracted.read())
    if not source.exists():
        raise KeyError(f"no readline.c for Python {version} in {archive.name}")
    return source


def _is_libedit(folder: Path) -> bool:
    check = subprocess.run([sys.executable, "-c", "import readline; print(readline.__file__, readline.__doc__)"],
                           capture_output=True, text=True, timeout=30, env={"PYTHONPATH": str(folder)})
    return check.returncode == 0 and str(folder) in check.stdout and "libedit" in check.stdout


if __name__ == "__main__":
    where, why = libedit_readline()
    print(where or f"not built: {why}")
