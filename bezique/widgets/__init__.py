"""The Jupyter face of the course, in rooms by purpose.

* `render/` — card pictures (`drawing`, Pillow alone), their arrangement into hands, tricks,
  tables and whole scenes of a deal (`layout`), the clickable ipycanvas `CardCanvas` and the
  static `Picture` (`canvas`), and the timing of all that (`bench`);
* `demos/` — the chapters' demos, one module per topic, and what they share (`common`);
* `exercises/` — the answer judge (`answers`), `ExerciseWidget` with one answer part per kind
  of question (`exercise`, `parts`) and the `Trainer`;
* `practice/` — the practice table: its scene, its panels (a tab each) and the table itself;
* `page` — how a widget shows itself on a page: live, or frozen on a static page.

Only this package may import Jupyter libraries; `render.drawing` and `render.layout` need
Pillow alone. The package imports nothing itself: import the module you need.
"""
