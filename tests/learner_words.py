"""What a learner must not read (issue 28, points 6-7): names from the code — option and preset
names (snake_case), `RuleSet`, file names and formats — and a source's bare code: the sources are
named in words, their code at most in round brackets after the name («клубный текст (000-C)»,
bezique.ru.source_name). Shared by the checks of the widgets' strings and of the built pages."""

from __future__ import annotations

import re

CODE_WORDS = re.compile(r"\b[\w-]+\.json\b|\b[a-z][a-z0-9]*_[A-Za-z0-9_]+\b|\bRuleSet\b"
                        r"|bezique-deal/\d")
SOURCE_CODE = re.compile(r"(?<![\w-])(?:000-[A-E]|00[0-4])(?![\w-])")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def bare_source_codes(text: str) -> list[str]:
    """The sources' codes in `text` that do not stand inside round brackets."""
    return [m.group() for m in SOURCE_CODE.finditer(text)
            if text.count("(", 0, m.start()) <= text.count(")", 0, m.start())]


def learner_code_words(text: str) -> list[str]:
    """The code words and bare source codes of a Russian text (a text with no Cyrillic is not
    a learner's: a key, a CSS value)."""
    if not CYRILLIC.search(text):
        return []
    return [m.group() for m in CODE_WORDS.finditer(text)] + bare_source_codes(text)
