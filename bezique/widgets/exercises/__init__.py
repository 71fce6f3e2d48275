"""Exercises on cards: `answers` (the judge: a learner's answer against the engine's, with
the engine's reasons), `exercise` (`ExerciseWidget`) with `parts` (one answer part per kind of
question) and `trainer` (`Trainer`: levels, generated positions, progress)."""
