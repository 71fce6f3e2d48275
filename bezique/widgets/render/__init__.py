"""Card pictures and scenes of a deal: `drawing` (one card, Pillow), `layout` (hands, tricks,
tables, the stock and whole scenes, with the hit boxes of the cards), `canvas` (the clickable
ipycanvas `CardCanvas`, the static `Picture`) and `bench` (how fast all that is).

`drawing` and `layout` need Pillow alone; `canvas` needs ipywidgets and ipycanvas."""
