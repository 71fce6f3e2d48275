"""The Jupyter face of the course, in rooms by purpose.

* `render/` — card pictures: their arrangement into hands, tricks, tables and whole scenes of
  a deal as drawing operations (`layout`, `ops`), painted by Pillow (`drawing`, `paint`) or
  written as SVG (`svg`); the clickable `CardCanvas` on an ipycanvas or an SVG display and the
  static `Picture` (`canvas`, `display`), and the timing of all that (`bench`);
* `demos/` — the chapters' demos, one module per topic, and what they share (`common`);
* `exercises/` — the answer judge (`answers`), `ExerciseWidget` with one answer part per kind
  of question (`exercise`, `parts`) and the `Trainer`;
* `practice/` — the practice table: its scene, its panels (a tab each) and the table itself;
* `page` — how a widget shows itself on a page: live, or frozen on a static page.

Only this package may import Jupyter libraries; Pillow, numpy, matplotlib and ipycanvas only
in `render.drawing`, `render.paint`, `render.sprites` and `render.canvas_display` (and lazily
where a chart or PNG is asked for), so that everything imports in the browser kernel too. The package imports nothing itself: import the module you need.
"""
