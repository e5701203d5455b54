"""Writes src/code-languages.json: each Pygments lexer alias, lower-cased, with the lexer's name.

Zulip marks a fenced code block that names a language with data-code-language, whose value is the
name of the Pygments lexer that alias selects ("py" and "python3" are "Python"), or the language
as written when Pygments has no such lexer. The renderer does not run Pygments, so it reads the
names from this table. Regenerate it with the Pygments Zulip ships when that changes:

    python3 libs/markdown/scripts/code-languages.py

Pygments is BSD-2-Clause licensed (Copyright the Pygments team); the table is its lexer data.
"""

import json
import pathlib

import pygments
from pygments.lexers import find_lexer_class_by_name, get_all_lexers

names = {}
for name, aliases, _filenames, _mimetypes in get_all_lexers():
    for alias in aliases:
        lowered = alias.lower()
        # The lexer Zulip's find_lexer_class_by_name picks when two lexers share an alias.
        names[lowered] = find_lexer_class_by_name(lowered).name

out = pathlib.Path(__file__).resolve().parent.parent / "src" / "code-languages.json"
document = {
    "origin": f"Pygments {pygments.__version__} lexer aliases (BSD-2-Clause); scripts/code-languages.py",
    "names": dict(sorted(names.items())),
}
out.write_text(json.dumps(document, indent=0, ensure_ascii=False) + "\n")
print(f"{len(names)} aliases written to {out}")
