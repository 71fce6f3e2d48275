"""The practice table's own stylesheet."""

# The table's own style, sent in its header: the Voilà app (`make practice`) and JupyterLab do
# not load the book's stylesheet.
# * In the Voilà app the chapter's book-only cells (MyST text, tagged "voila-hide") are hidden:
#   Voilà marks a cell's output with the class celltag_<tag>.
# * The tabs' titles are never cut: while they fit, the tabs share the bar equally (as
#   ipywidgets draws them); where they do not, the bar wraps onto another row.
# * A menu's arrow has room of its own and a long chosen option wraps instead of running under
#   it (`menu.Menu` gives it places to break); on a phone's screen a menu or a text field takes
#   the whole width under its description and a check box's label or a long button wraps — as in the book's
#   stylesheet (book/_static/bezique.css).
TABLE_STYLE = """<style>
.celltag_voila-hide { display: none; }
.bezique-practice-table .jupyter-widgets.widget-dropdown { height: auto; }
.bezique-practice-table .jupyter-widgets.widget-dropdown > select {
  padding-right: 30px; background-position: right 6px center; background-size: 16px;
  field-sizing: content; white-space: normal; height: auto; line-height: 1.35;
  min-height: var(--jp-widgets-inline-height); padding-top: 3px; padding-bottom: 3px;
}
.bezique-practice-table .lm-TabBar-content { flex-wrap: wrap; }
.bezique-practice-table .jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab {
  flex: 1 1 0; min-width: max-content;
}
@media (max-width: 600px) {
  .bezique-practice-table .jupyter-widgets.widget-dropdown,
  .bezique-practice-table .jupyter-widgets.widget-text:has(> input[type="text"]),
  .bezique-practice-table .jupyter-widgets.widget-textarea,
  .bezique-practice-table .jupyter-widgets.widget-checkbox {
    flex-wrap: wrap; height: auto; width: auto !important;
    max-width: calc(100% - 2 * var(--jp-widgets-margin)) !important;
  }
  .bezique-practice-table .jupyter-widgets.widget-inline-hbox > .widget-label { text-align: left; }
  .bezique-practice-table .jupyter-widgets.widget-dropdown > select,
  .bezique-practice-table .jupyter-widgets.widget-text > input[type="text"],
  .bezique-practice-table .jupyter-widgets.widget-textarea > textarea { flex: 1 1 100%; }
  .bezique-practice-table .jupyter-widgets.widget-checkbox > .widget-label-basic {
    display: flex; white-space: normal; line-height: 1.35; padding: 4px 0;
  }
  .bezique-practice-table .jupyter-widgets.widget-checkbox > .widget-label-basic > input {
    align-self: flex-start;
  }
  .bezique-practice-table .jupyter-widgets.jupyter-button {
    white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height);
    max-width: calc(100% - 2 * var(--jp-widgets-margin)); line-height: 1.3;
    padding-top: 4px; padding-bottom: 4px;
  }
}
</style>"""
