"""Mahjong's bot `nn` (the shipped network) from Python: `State.bot_action` and the
Gymnasium opponents seat it in the problem's game, and refuse it, with what the network
plays, in the game where the players decide their claims. No training framework is needed:
the network is compiled in."""

import gymnasium
import pytest

import tabletop

REASON = "the shipped network plays the problem's game"


def test_bot_action_plays_legal_discards_to_the_end():
    game = tabletop.load_game("mahjong")
    for seed in range(3):
        state = game.new_initial_state(seed)
        assert "nn" in state.bots()
        steps = 0
        while not state.is_terminal():
            action = state.bot_action("nn", seed=steps)
            assert action in state.legal_actions(), (seed, steps)
            state.apply_action(action)
            steps += 1
        assert steps >= 10


def test_gymnasium_opponents():
    env = gymnasium.make("tabletop/Mahjong-v0", opponents=["nn", "rules", "nn"], seat=1)
    obs, info = env.reset(seed=3)
    done, steps = False, 0
    while not done:
        legal = [a for a, ok in enumerate(info["action_mask"]) if ok]
        obs, reward, terminated, truncated, info = env.step(legal[0])
        done, steps = terminated or truncated, steps + 1
    assert steps >= 3


def test_the_game_with_claims_refuses_it_with_what_the_network_plays():
    state = tabletop.load_game("mahjong", claims=True).new_initial_state(1)
    assert "nn" not in state.bots()
    calls = [
        lambda: state.bot_action("nn"),
        lambda: gymnasium.make("tabletop/Mahjong-v0", opponents=["nn"], claims=True).reset(seed=0),
    ]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert REASON in str(e.value), str(e.value)
