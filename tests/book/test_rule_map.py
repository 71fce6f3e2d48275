"""Every rule of RULES.md is taught in some chapter (issue: the rule → chapter table).

The table lives in book/rulemap/<chapter>.txt: one rule id a line (R3.3.1, P4, C-16, §10.5),
with optional text after the id. This test reads the rule ids from RULES.md and fails naming
every rule that no chapter claims, and every claim that names a missing chapter or rule.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules" / "RULES.md"
MAP = ROOT / "book" / "rulemap"
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


@pytest.mark.skipif(not RULES.exists(), reason="RULES.md лежит вне репозитория (../shared)")
def test_every_rule_has_a_chapter():
    missing = sorted(rule_ids(RULES.read_text(encoding="utf-8")) - set(claims()))
    assert not missing, "Правила без главы: " + ", ".join(missing)


@pytest.mark.skipif(not RULES.exists(), reason="RULES.md лежит вне репозитория (../shared)")
def test_claims_name_real_rules_and_chapters():
    known = rule_ids(RULES.read_text(encoding="utf-8"))
    chapters = {p.stem for p in CHAPTERS.glob("*") if p.suffix in (".ipynb", ".md")}
    for rule, where in claims().items():
        assert rule in known, f"{rule} (в {sorted(where)}) нет в RULES.md"
        assert where <= chapters, f"{rule}: нет главы {sorted(where - chapters)}"
