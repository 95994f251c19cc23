"""A researcher's first hour: tabletop's games as OpenSpiel games (python/README.md).

Needs open_spiel: pip install "./python[openspiel]". About 15 s on one core.
"""

import pickle

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, minimax

import tabletop.openspiel as tos  # registers tabletop_nine, _take6, _race, _mahjong

# 1. Load a game by OpenSpiel's name with tabletop's parameters, and play it.
game = pyspiel.load_game("tabletop_take6(players=4)")
print(game.get_type().chance_mode, game.num_distinct_actions(), game.max_chance_outcomes())
state = game.new_initial_state()
rng = np.random.RandomState(0)
while state.is_chance_node():  # the deal: one card at a time, explicit probabilities
    outcomes, probs = zip(*state.chance_outcomes())
    state.apply_action(int(rng.choice(outcomes, p=probs)))
print(state.information_state_string(0).splitlines()[-1][:80])  # others' cards are "?"
print(len(state.information_state_tensor(0)), len(state.observation_tensor(0)))
state = pickle.loads(pickle.dumps(state))  # states pickle (multiprocessing, checkpoints)

# 2. Play with a bot: tabletop's built-in bots act on any state ...
print(state.bots(), state.action_to_string(state.current_player(), state.bot_action("mc:50")))
# ... and sit at an OpenSpiel table beside OpenSpiel's bots.
bots = [tos.TabletopBot(0, "heuristic")] + [pyspiel.make_uniform_random_bot(p, p) for p in (1, 2, 3)]
print("heuristic vs 3 random:", evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng))

# 3. OpenSpiel's algorithms, unchanged. IS-MCTS on Take 6! (resample_from_infostate draws
# the cards this player has not seen).
evaluator = mcts.RandomRolloutEvaluator(1, rng)
bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 100, random_state=rng)
print("IS-MCTS plays", state.action_to_string(state.current_player(), bot.step(state)))

# MCTS-Solver proves a race position and agrees with tabletop's exact solver.
race = tos.load("race", piece="queen", rows=5, cols=5)
solver = mcts.MCTSBot(race, 2, 2000, evaluator, solve=True, random_state=rng)
root = solver.mcts_search(race.new_initial_state())
print("MCTS-Solver:", root.outcome, "tabletop:", race.new_initial_state().analysis()["result"])

# Alpha-beta on a Nine position (a given deal leaves nothing to chance: deterministic).
nine = pyspiel.load_game("tabletop_nine")
dealt = nine.new_initial_state()
while dealt.is_chance_node():
    dealt.apply_action(int(rng.choice(dealt.legal_actions())))
game9 = tos.load("nine", deal=dealt.view()["deal"])
position = game9.new_initial_state()
while sum(map(len, position.view()["hands"])) > 14:
    position.apply_action(position.bot_action("random", position.move_number()))
value, move = minimax.alpha_beta_search(game9, position, maximizing_player_id=0)
print("alpha-beta:", value, "tabletop's exact value:", position.analysis()["value"])

# CFR on a Take 6! small enough to solve: 2 players, 1 row, 2 cards each, cards 1-5.
small = pyspiel.load_game("tabletop_take6(players=2,rows=1,hand_size=2,deck=5)")
cfr = pyspiel.CFRPlusSolver(small)
for _ in range(5):
    cfr.evaluate_and_update_policy()
print("NashConv after 5 CFR+ iterations:", pyspiel.nash_conv(small, cfr.average_policy()))
