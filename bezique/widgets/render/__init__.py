"""Card pictures and scenes of a deal, backend-neutral, with two painters and two displays.

* `style` (sizes, colours, states), `metrics` (text widths from the committed DejaVu table);
* `ops` (a picture as drawing operations: `Layout`, `Block`, `HitBox`), `layout` (hands,
  tricks, tables, the stock, whole scenes), `play_table` (the practice table), `compose`
  (pictures side by side or stacked), `scene` (a deal's scene arguments);
* painters: `paint` with `drawing` (Pillow: PNG; CPython only), `svg` (pure Python; card faces
  are the PNG sprites `sprites` exports), `chart` (the game's chart as SVG);
* displays (`display` chooses): `canvas_display` (ipycanvas) and `svg_display` (the
  `SvgCards` widget of book/live/widgets/cards.js) behind one `canvas.CardCanvas`, with the
  static `Picture`; `bench` (how fast all that is).

Only `drawing`, `paint`, `sprites` (Pillow) and `canvas_display` (ipycanvas, numpy) import
those libraries; everything else runs in the browser kernel too."""
