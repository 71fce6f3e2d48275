"""`Menu`: the page gets the labels with a place to break the line after every space; in
Python the labels, options and value are those given, and choosing works as in a Dropdown."""

import ipywidgets

from bezique.widgets.menu import BREAK, Menu
from bezique.widgets.practice.table import PracticeTable

LONG = "Бриски: 10 за каждый туз и десятку; последняя взятка — 10 (основное правило)"


def test_the_page_may_break_the_line_after_every_space():
    menu = Menu(options=[(LONG, "a"), ("Коротко", "b")], value="a", description="Как считать:")
    sent = menu.get_state()["_options_labels"]
    assert sent[0] == LONG.replace(" ", " " + BREAK)
    assert sent[0].replace(BREAK, "") == LONG and sent[1] == "Коротко"
    assert sent[0].count(BREAK) == LONG.count(" ")


def test_in_python_a_menu_is_a_dropdown():
    menu = Menu(options=[(LONG, "a"), ("Коротко", "b")], value="a")
    assert isinstance(menu, ipywidgets.Dropdown)
    assert menu.get_state()["_model_name"] == "DropdownModel"
    assert menu.label == LONG and menu.options == ((LONG, "a"), ("Коротко", "b"))
    menu.index = 1                                          # what the page sends on a choice
    assert (menu.value, menu.label) == ("b", "Коротко")
    menu.options = [("один два", 1)]
    assert menu.get_state()["_options_labels"] == ["один " + BREAK + "два"]


def test_the_practice_tables_menus_are_menus():
    table = PracticeTable(opponent="heuristic", seed=1, deal_number=1)
    for menu in (table.opponent_dd, table.budget_dd, table.rules_dd):
        assert isinstance(menu, Menu)
        assert all(BREAK in label for label in menu.get_state()["_options_labels"] if " " in label)
