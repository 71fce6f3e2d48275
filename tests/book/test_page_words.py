"""No code words and no bare source code on the built pages (issue 28, points 6-7): in the
prose, in the cells' outputs and in the texts of the widgets the page embeds (their saved
state: labels, options, HTML values). Code cells and a collapsed «Для программистов» block are
for programmers and left out. The finder itself: tests/learner_words.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from learner_words import learner_code_words

from test_language import html_pages

FOR_PROGRAMMERS = "Для программистов"


def _widget_texts(value):
    """Every string in a widget's saved state (labels, option lists, HTML values)."""
    if isinstance(value, str):
        yield BeautifulSoup(value, "html.parser").get_text(" ") if "<" in value else value
    elif isinstance(value, list):
        for item in value:
            yield from _widget_texts(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _widget_texts(item)


def learner_texts(html: str) -> list[str]:
    """What a learner reads on one page, block by block."""
    soup = BeautifulSoup(html, "html.parser")
    texts = []
    for script in soup.find_all("script", type="application/vnd.jupyter.widget-state+json"):
        for model in json.loads(script.string or "{}").get("state", {}).values():
            state = {k: v for k, v in model.get("state", {}).items() if not k.startswith("_") or k == "_options_labels"}
            texts += list(_widget_texts(state))
    article = soup.find("article", class_="bd-article") or soup.find("main")
    if article is None:
        return texts
    for tag in article.find_all(["script", "style", "pre"]):
        tag.decompose()
    for tag in article.find_all(class_="cell_input"):
        tag.decompose()
    for title in article.find_all(class_="admonition-title"):
        if title.get_text(strip=True).startswith(FOR_PROGRAMMERS):
            title.parent.decompose()
    for summary in article.find_all("summary"):
        if summary.get_text(strip=True).startswith(FOR_PROGRAMMERS) and summary.parent:
            summary.parent.decompose()
    for block in article.find_all(["p", "li", "td", "th", "h1", "h2", "h3", "h4", "dt", "dd",
                                   "figcaption", "caption", "summary"]):
        texts.append(" ".join(block.get_text(" ").split()))
    return texts


def page_problems(html: str) -> list[str]:
    found = []
    for text in learner_texts(html):
        for word in learner_code_words(text):
            found.append(f"{word} в «{text[:80]}»")
    return found


def test_no_code_words_or_bare_source_codes_on_the_pages(built_book):
    problems = []
    for path in html_pages(built_book):
        found = page_problems(path.read_text(encoding="utf-8"))
        if found:
            name = path.relative_to(built_book).as_posix()
            problems.append(f"{name}: {len(found)} — " + "; ".join(sorted(set(found))[:8]))
    assert not problems, (
        "Ученик видит слова программы или номер источника без его названия (назовите источник "
        "словами: «клубный текст (000-C)», bezique.ru.source_name):\n  " + "\n  ".join(problems))


STATE = ('<script type="application/vnd.jupyter.widget-state+json">{"state": {"m": {"state": '
         '{"_options_labels": ["Штраф (penalty_mode=\\"apply\\")"], "description": "Правила:"}},'
         ' "h": {"state": {"value": "<b>Источник 001</b>: сдаёт младшая"}}}}</script>')


@pytest.mark.parametrize(("html", "expected"), [
    (f"<html><body>{STATE}</body></html>", ["penalty_mode", "001"]),
    ('<article class="bd-article"><p>Так играет клубный текст (000-C).</p></article>', []),
    ('<article class="bd-article"><p>По 000-B — 50.</p></article>', ["000-B"]),
    ('<article class="bd-article"><div class="cell_input"><p>RuleSet.preset("seed_000C")</p>'
     '</div><div class="cell_output"><p>Набор seed_000C</p></div></article>', ["seed_000C"]),
    ('<article class="bd-article"><div class="admonition dropdown"><p class="admonition-title">'
     'Для программистов</p><p>Параметр <code>seven_rule</code></p></div>'
     '<div class="admonition dropdown"><p class="admonition-title">В других источниках</p>'
     '<p>Параметр <code>seven_rule</code></p></div></article>', ["seven_rule"]),
])
def test_the_page_check_itself(html, expected):
    assert [p.split(" в «")[0] for p in page_problems(html)] == expected
