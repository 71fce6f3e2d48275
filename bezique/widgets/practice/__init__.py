"""The practice table: `scene` (what the table shows of a deal, without widgets), `panels` (its
tabs: score, log, coach, replay, record, game — a new tab is a panel), `table`
(`PracticeTable`) and `bench` (how fast it answers a click)."""
