"""Computer opponents. Each sees only its own seat's view of the deal."""
