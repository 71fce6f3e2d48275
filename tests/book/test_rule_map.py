"""Every rule of RULES.md is taught in some chapter (issue: the rule → chapter table).

The table lives in bezique/data/rulemap/<chapter>.txt (package data: the practice table names
the chapter of a rule): one rule id a line (R3.3.1, P4, C-16, §10.5), with optional text after
the id; the first line names the chapter. This test reads the rule ids from RULES.md and fails
naming every rule that no chapter claims, and every claim that names a missing chapter or rule.
"""

import json
import re
from pathlib import Path

import pytest

from ci_support import require

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules" / "RULES.md"
MAP = ROOT / "bezique" / "data" / "rulemap"
CHAPTERS = ROOT / "book" / "chapters"


def rule_ids(text: str) -> set[str]:
    ids = set(re.findall(r"\*\*(R\d+(?:\.\d+)+)", text))
    ids |= set(re.findall(r"\*\*(P[1-6])\b", text))
    ids |= set(re.findall(r"^\| (C-\d\d[a-z]?) \|", text, re.M))
    # Sections whose rules carry no R-number: re-use kinds and conditions, optional melds,
    # 000-C trick scoring, penalties, the variants.
    ids |= {f"§{m}" for m in re.findall(r"^#{3,4} (4\.5\.[234]|4\.[78]|7\.4|9\.[12]|10\.\d)\b",
                                         text, re.M)}
    return ids


def claims() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in sorted(MAP.glob("*.txt")):
        for line in f.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                out.setdefault(line.split()[0], set()).add(f.stem)
    return out


def _rules_text() -> str:
    if not RULES.exists():
        require("RULES.md", "лежит вне репозитория (../shared/rules/RULES.md) и не найден")
    return RULES.read_text(encoding="utf-8")


def test_every_rule_has_a_chapter():
    missing = sorted(rule_ids(_rules_text()) - set(claims()))
    assert not missing, "Правила без главы: " + ", ".join(missing)


def test_claims_name_real_rules_and_chapters():
    known = rule_ids(_rules_text())
    chapters = {p.stem for p in CHAPTERS.glob("*") if p.suffix in (".ipynb", ".md")}
    for rule, where in claims().items():
        assert rule in known, f"{rule} (в {sorted(where)}) нет в RULES.md"
        assert where <= chapters, f"{rule}: нет главы {sorted(where - chapters)}"


def test_each_map_names_its_chapter_by_its_title():
    """The first line of a map names the chapter as its heading does (the practice table shows
    that title without reading the book)."""
    maps = sorted(MAP.glob("*.txt"))
    assert maps
    for f in maps:
        first = f.read_text(encoding="utf-8").splitlines()[0]
        m = re.match(r"^# Chapter \S+ «(.+)»:", first)
        assert m, f"{f.name}: первая строка не называет главу: {first!r}"
        source = next(p for p in (CHAPTERS / f"{f.stem}.ipynb", CHAPTERS / f"{f.stem}.md") if p.exists())
        text = source.read_text(encoding="utf-8")
        if source.suffix == ".ipynb":
            text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"]
                             if c["cell_type"] == "markdown")
        heading = next(line[2:].strip() for line in text.splitlines() if line.startswith("# "))
        assert m.group(1) == heading, f"{f.name}: «{m.group(1)}», а глава называется «{heading}»"
