"""What the synthesizer makes of what Orca sends, for text speech-dispatcher's symbol table leaves alone.

Unicode braille cells are not in speech-dispatcher's table: espeak-ng, its usual voice (Debian's
speech-dispatcher recommends speech-dispatcher-espeak-ng), reads each cell itself, "braille 1 2 3 6" for
dots 1-2-3-6, and the blank cell U+2800 as the word "braille" alone. ``espeak-ng -x`` writes the phonemes it
would speak, which is enough to count those words.
"""

from __future__ import annotations

import re
import shutil
import subprocess

from tests.conftest import needs

BRAILLE_WORD = "br'eIl"  # espeak-ng's phonemes for "braille", as it reads a braille cell
DIGITS = ("w'0n", "t'u:", "Tr'i:", "f'o@", "f'aIv", "s'Iks")  # one to six, the dots it names after it


def phonemes(text: str) -> str:
    """espeak-ng's phonemes for ``text`` (English, its default voice)."""
    found = shutil.which("espeak-ng")
    needs("espeak-ng (apt-get install espeak-ng)", found is not None)
    assert found is not None
    done = subprocess.run([found, "-q", "-x", "-v", "en", "--", text], capture_output=True, text=True, timeout=60,
                          check=True)
    return " ".join(done.stdout.split())


def cells_as_read(text: str) -> list[str]:
    """Each braille cell as espeak-ng reads it: "braille 1 2 3 6", or "braille" for a cell with no dots."""
    names = dict(zip(DIGITS, "123456"))
    read = []
    for match in re.finditer(rf"{re.escape(BRAILLE_WORD)}((?:_\|(?:{'|'.join(map(re.escape, DIGITS))}))*)",
                             phonemes(text)):
        dots = [names[d] for d in re.findall("|".join(map(re.escape, DIGITS)), match.group(1))]
        read.append(" ".join(["braille", *dots]))
    return read
