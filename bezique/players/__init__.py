"""Computer opponents and the coach. Each opponent sees only its own seat's view of the deal.

* `RandomPlayer` — Новичок (`"random"`): any legal action.
* `HeuristicPlayer` — Любитель (`"heuristic"`): the seeds' advice (RULES.md Appendix A).
* `SearchPlayer` — Мастер (`"search"`): determinized playouts of the Любитель (two-handed, in
  the search simulator `sim/`), exact phase 2.
* `make_player(name, seed, **options)` — one of them by name.
* `coach` — legality with the engine's reasons, hints, the after-deal review.

Every player has `name`, `title` and `choose(view) -> action` (an element of
`view.legal_actions`). Names are imported lazily, so that `import bezique.players.random_player`
stays light.
"""

__all__ = ["RandomPlayer", "HeuristicPlayer", "SearchPlayer", "make_player", "PLAYERS", "TITLES"]

_WHERE = {"RandomPlayer": "random_player", "HeuristicPlayer": "heuristic",
          "SearchPlayer": "search", "make_player": "match", "PLAYERS": "match", "TITLES": "match"}


def __getattr__(name):
    if name in _WHERE:
        from importlib import import_module
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
