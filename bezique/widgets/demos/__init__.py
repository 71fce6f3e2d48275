"""The chapters' demos, one module per topic: `cards`, `deal`, `tricks`, `seven`, `melds`,
`meld_pictures`, `reuse`, `endgame`, `tally`, `game`, `penalty`, `no_trump`, `tables` (three and
four players), `many_pack`, `sources`, `advice`; and `common`, what they share.

Every answer in them comes from the engine; nothing here decides a rule."""
