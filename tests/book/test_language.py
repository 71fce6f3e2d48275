"""The Russian of the built book: spelling (hunspell, ru_RU + book/wordlist.txt) and typography
(«ёлочки», no straight quotes, em dashes rather than hyphens) in the prose of every page.

Only the article text is checked (not the navigation), and never code: <pre>, <code>, <kbd>,
scripts, maths and code cells are left out. A word of the game that the dictionary does not
know goes to book/wordlist.txt (see the comment at its top).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ci_support import require

ROOT = Path(__file__).resolve().parents[2]
WORDLIST = ROOT / "book" / "wordlist.txt"

SKIPPED_TAGS = {"script", "style", "pre", "code", "kbd", "samp", "tt", "math", "svg", "noscript",
                "template", "textarea", "footer", "nav"}
SKIPPED_CLASSES = {"highlight", "cell_input", "math", "MathJax", "headerlink", "mjx-container",
                   "toggle-details__summary"}
BLOCK_TAGS = {"p", "li", "dt", "dd", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
              "caption", "figcaption", "blockquote", "div", "section", "article", "aside",
              "summary", "details", "ul", "ol", "dl", "table", "tr", "thead", "tbody", "main"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
             "source", "track", "wbr"}

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
CARD_CODE = re.compile(r"[ТКДВ][пчбт]")


@dataclass
class Page:
    name: str
    blocks: list[str] = field(default_factory=list)  # the prose, one string per block element

    @property
    def text(self) -> str:
        return "\n".join(self.blocks)


class _ArticleText(HTMLParser):
    """Collects the prose of <article class="bd-article"> (or of <main>, on the pages that have
    no article, like search.html), block by block."""

    def __init__(self, root: str = "article"):
        super().__init__(convert_charrefs=True)
        self.root = root
        self.stack: list[tuple[str, bool, bool, bool]] = []  # tag, skipped, block, article
        self.in_article = 0
        self.skip_depth = 0
        self.buffers: list[list[str]] = []
        self.blocks: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID_TAGS:
            if tag == "br" and self.buffers:
                self.buffers[-1].append(" ")
            return
        classes = set((dict(attrs).get("class") or "").split())
        if self.root == "article":
            starts_article = tag == "article" and "bd-article" in classes
        else:
            starts_article = tag == self.root
        if starts_article:
            self.in_article += 1
        skipped = tag in SKIPPED_TAGS or bool(classes & SKIPPED_CLASSES)
        if skipped:
            self.skip_depth += 1
        block = tag in BLOCK_TAGS and self.in_article > 0
        if block:
            if self.buffers:
                self.buffers[-1].append(" ")  # text around a nested block is not one word
            self.buffers.append([])
        self.stack.append((tag, skipped, block, starts_article))

    def handle_startendtag(self, tag, attrs):
        if tag == "br" and self.buffers:
            self.buffers[-1].append(" ")

    def handle_endtag(self, tag):
        if tag in VOID_TAGS:
            return
        # Pop up to the matching tag (Sphinx writes well-formed HTML; this is only a guard).
        while self.stack:
            name, skipped, block, starts_article = self.stack.pop()
            if skipped:
                self.skip_depth -= 1
            if block:
                text = " ".join("".join(self.buffers.pop()).split())
                if text:
                    self.blocks.append(text)
                if self.buffers:
                    self.buffers[-1].append(" ")
            if starts_article:
                self.in_article -= 1
            if name == tag:
                break

    def handle_data(self, data):
        if self.in_article and not self.skip_depth and self.buffers:
            self.buffers[-1].append(data.replace("\u00ad", "").replace("\u00a0", " "))


def html_pages(built: Path) -> list[Path]:
    out = []
    for path in sorted(built.rglob("*.html")):
        relative = path.relative_to(built)
        if relative.parts[0] in {"_static", "_sources", "vendor", "_images"}:
            continue
        if relative.as_posix() == "index.html":  # redirect to the root page
            continue
        out.append(path)
    return out


def read_page(built: Path, path: Path) -> Page:
    html = path.read_text(encoding="utf-8")
    root = "article" if 'class="bd-article"' in html else "main"
    parser = _ArticleText(root)
    parser.feed(html)
    parser.close()
    return Page(path.relative_to(built).as_posix(), parser.blocks)


@pytest.fixture(scope="module")
def pages(built_book) -> list[Page]:
    found = [read_page(built_book, path) for path in html_pages(built_book)]
    assert found, "в book/_build/html нет страниц"
    return found


# ---------------------------------------------------------------------------------------------
# Typography


def typography_problems(block: str) -> list[str]:
    """What is wrong with the punctuation of one block of Russian prose."""
    if not CYRILLIC.search(block):
        return []
    problems = []
    if '"' in block:
        problems.append("прямые кавычки \" вместо «ёлочек»")
    if re.search(r"'[А-Яа-яЁё]|[А-Яа-яЁё]'", block):
        problems.append("прямой апостроф ' вместо кавычек")
    depth = 0
    for char in block:
        if char == "«":
            depth += 1
        elif char == "»":
            depth -= 1
            if depth < 0:
                break
    if depth != 0:
        problems.append("«ёлочки» не парные")
    if block.count("„") != block.count("“"):
        problems.append("„лапки“ не парные (внутри «ёлочек» — „лапки“)")
    if re.search(r"[А-Яа-яЁё»)]\s+-\s+[А-Яа-яЁё«(]", block):
        problems.append("дефис между словами вместо тире —")
    return problems


def test_typography_of_russian_prose(pages):
    problems = []
    for page in pages:
        for block in page.blocks:
            for problem in typography_problems(block):
                problems.append(f"{page.name}: {problem}: «{block[:100]}»")
    assert not problems, "Типографика:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        ("Безик — игра «на выход».", []),
        ('Игра "на выход".', ["прямые кавычки"]),
        ("Сказано: «карта „безик“ старше».", []),
        ("Сказано: «безик.", ["«ёлочки» не парные"]),
        ("Безик - игра.", ["дефис между словами"]),
        ("карт-бланш и по-разному", []),
        ('print("hello")', []),  # no Russian: not prose
    ],
)
def test_typography_checker_itself(block, expected):
    found = typography_problems(block)
    assert len(found) == len(expected)
    for problem, start in zip(found, expected):
        assert problem.startswith(start)


def test_pages_are_russian(pages):
    for page in pages:
        assert len(CYRILLIC.findall(page.text)) >= 5, f"{page.name}: нет русского текста"


# ---------------------------------------------------------------------------------------------
# Spelling


def personal_dictionary(tmp_path: Path) -> Path:
    """book/wordlist.txt without comments and blank lines (hunspell's -p format)."""
    lines = []
    for line in WORDLIST.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            lines.append(line)
    path = tmp_path / "wordlist.dic"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def misspelled(words: set[str], dictionary: Path) -> set[str]:
    hunspell = shutil.which("hunspell")
    if hunspell is None:
        require("hunspell", "не установлен (apt-get install hunspell hunspell-ru)")
    result = subprocess.run(
        [hunspell, "-i", "utf-8", "-d", "ru_RU", "-p", str(dictionary), "-l"],
        input="\n".join(sorted(words)) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    if "Can't open" in result.stderr or result.returncode != 0:
        pytest.fail(
            "hunspell не нашёл русский словарь ru_RU: apt-get install hunspell-ru\n"
            + result.stderr,
            pytrace=False,
        )
    return set(result.stdout.split())


def test_wordlist_words_are_russian_and_unique():
    seen = set()
    for line in WORDLIST.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word = line.split("/")[0]
        assert WORD.fullmatch(word), f"wordlist.txt: «{line}» — не русское слово"
        assert word not in seen, f"wordlist.txt: «{word}» дважды"
        seen.add(word)


def test_hunspell_checker_itself(tmp_path):
    found = misspelled({"безик", "марьяжи", "карова", "взятка"}, personal_dictionary(tmp_path))
    assert found == {"карова"}


def test_spelling(pages, tmp_path):
    where: dict[str, set[str]] = {}
    for page in pages:
        for word in WORD.findall(page.text):
            # Not checked: card letters (Т, К, Д, В), card codes typed by the learner (Кч, Дп)
            # and abbreviations (ПД, ИНФ).
            if len(word) > 1 and not word.isupper() and not CARD_CODE.fullmatch(word):
                where.setdefault(word, set()).add(page.name)
    wrong = misspelled(set(where), personal_dictionary(tmp_path))
    report = []
    for token in sorted(wrong):  # hunspell may report one part of a hyphenated word
        found_in = set().union(*(names for word, names in where.items()
                                 if token == word or token in word.split("-")))
        report.append(f"{token} ({', '.join(sorted(found_in))})")
    assert not report, (
        "Слова, которых нет в словаре (опечатка? или термин игры — тогда в book/wordlist.txt):\n  "
        + "\n  ".join(report)
    )


# ---------------------------------------------------------------------------------------------
# No code words in the learner's prose
#
# A learner reads Russian, not the program: option names (`phase2_must_head=False`), rule-set
# calls (`RuleSet.preset("seed_000E")`), preset names (`seed_003`) and RULES.md section numbers
# («§4.5») do not belong in the text of a chapter. Where programmers need the name, it goes
# into a collapsed «Для программистов» block (`:::{admonition} Для программистов` with
# `:class: dropdown`), which this check leaves out, as it leaves out code cells and their
# outputs (the texts of widgets belong to the widget code and its own tests).

# What a learner may type or open: the commands and files the course tells him about.
ALLOWED_CODE = {"make tutorial", "make practice", "exercises/"}
CODE_SKIPPED_CLASSES = {"cell_input", "cell_output", "dropdown", "highlight"}


class _ProseCode(HTMLParser):
    """The text of every <code> in the article's prose (not in cells, not in collapsed
    blocks), and the prose text itself (for «§»)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []  # tag, skipped, code
        self.in_article = 0
        self.skip_depth = 0
        self.code_depth = 0
        self.codes: list[str] = []
        self.prose: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID_TAGS:
            return
        classes = set((dict(attrs).get("class") or "").split())
        article = tag in ("article", "main") and (tag == "main" or "bd-article" in classes)
        if article:
            self.in_article += 1
        skipped = bool(classes & CODE_SKIPPED_CLASSES) or tag in {"script", "style", "pre",
                                                                  "nav", "footer"}
        if skipped:
            self.skip_depth += 1
        is_code = tag == "code"
        if is_code:
            self.code_depth += 1
            if self.code_depth == 1:
                self.codes.append("")
        self.stack.append((tag, skipped, is_code, article))

    def handle_endtag(self, tag):
        if tag in VOID_TAGS:
            return
        while self.stack:
            name, skipped, is_code, article = self.stack.pop()
            if skipped:
                self.skip_depth -= 1
            if is_code:
                self.code_depth -= 1
                if self.code_depth == 0 and (not self.in_article or self.skip_depth):
                    self.codes.pop()
            if article:
                self.in_article -= 1
            if name == tag:
                break

    def handle_data(self, data):
        if self.code_depth:
            self.codes[-1] += data
        elif self.in_article and not self.skip_depth:
            self.prose.append(data)


def code_words(html: str) -> list[str]:
    """The code words a learner would see in the prose of one page."""
    parser = _ProseCode()
    parser.feed(html)
    parser.close()
    found = [" ".join(code.split()) for code in parser.codes]
    found = [code for code in found if code and code not in ALLOWED_CODE]
    found += [f"§{m}" for m in re.findall(r"§\s*([\d.]+)", "".join(parser.prose))]
    return found


def test_no_code_words_in_learner_prose(built_book):
    problems = []
    for path in html_pages(built_book):
        words = code_words(path.read_text(encoding="utf-8"))
        if words:
            name = path.relative_to(built_book).as_posix()
            problems.append(f"{name}: {len(words)} — " + ", ".join(sorted(set(words))[:12]))
    assert not problems, (
        "Слова программы в тексте для ученика (скажите по-русски или уберите в свёрнутый блок "
        "«Для программистов»):\n  " + "\n  ".join(problems)
    )


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ('<article class="bd-article"><p>Вариант <code class="docutils literal">'
         '<span class="pre">phase2_must_head=False</span></code>.</p></article>',
         ["phase2_must_head=False"]),
        ('<article class="bd-article"><p>Команда <code>make tutorial</code>.</p></article>', []),
        ('<article class="bd-article"><div class="admonition dropdown"><p>'
         '<code>seven_rule</code></p></div></article>', []),
        ('<article class="bd-article"><div class="cell_output docutils container">'
         '<code>seed_003</code></div></article>', []),
        ('<article class="bd-article"><p>Как в §4.5 правил.</p></article>', ["§4.5"]),
        ('<nav><code>seed_003</code></nav><article class="bd-article"><p>Текст.</p></article>', []),
    ],
)
def test_code_words_checker_itself(html, expected):
    assert code_words(html) == expected


def test_the_footer_reads_in_russian(built_book):
    """The footer of every page: «© 2026, команда курса «Безик»» and the date of the build, not
    the theme's «Автор: …» and «© Копирайт 2026.»; the theme's «Наверх» button, which floated
    over the widgets on a phone, is not shown (book/_static/bezique.css)."""
    problems = []
    for path in html_pages(built_book):
        text = path.read_text(encoding="utf-8")
        footer = text[text.find('<footer class="bd-footer-content'):]
        footer = " ".join(re.sub(r"<[^>]+>", " ", footer[:footer.find("</footer>")]).split())
        if "© 2026, команда курса «Безик»" not in footer or re.search("Копирайт|Автор|Copyright",
                                                                       footer):
            problems.append(f"{path.relative_to(built_book).as_posix()}: {footer[:120]}")
    assert not problems, "Подвал страницы:\n  " + "\n  ".join(problems)
    css = (built_book / "_static" / "bezique.css").read_text(encoding="utf-8")
    assert re.search(r"#pst-back-to-top\s*\{\s*display:\s*none\s*!important", css)
