"""Baseline: the schnapsen teaching engine's random self-play, card moves per second (CPU time)."""
import random, time, statistics
from schnapsen.game import SchnapsenGamePlayEngine
from schnapsen.bots import RandBot

class Counting(RandBot):
    moves = 0
    def get_move(self, perspective, leader_move):
        Counting.moves += 1
        return super().get_move(perspective, leader_move)

engine = SchnapsenGamePlayEngine()
rates = []
for rep in range(5):
    rng = random.Random(rep)
    b1, b2 = Counting(random.Random(1), "a"), Counting(random.Random(2), "b")
    Counting.moves = 0
    t = time.process_time()
    for i in range(300):
        engine.play_game(b1, b2, rng)
    el = time.process_time() - t
    rates.append(Counting.moves / el)
print("schnapsen random self-play moves/s (median of 5):", round(statistics.median(rates)))
