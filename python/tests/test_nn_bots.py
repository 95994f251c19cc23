"""The bots of the shipped Take 6! network, `nn` and `nn-mc:N` / `nn-mc:Nms`, from Python:
`State.bot_action`, `take6.arena`, `take6.play_hand` and a Gymnasium opponent accept them on
the rules the network plays (4 players, 10 cards a hand), and `bot_action`, `arena` and the Gymnasium
opponents refuse them on others with what the network plays. No training framework is needed: the network is compiled in."""

import gymnasium
import pytest

import tabletop
from tabletop import take6

NETWORK_BOTS = ["nn", "nn-mc", "nn-mc:5", "nn-mc:2ms"]
REASON = "the shipped networks play only 4 players with 10 cards a hand"


def test_bot_action_plays_legal_actions_to_the_end():
    for bot in NETWORK_BOTS:
        state = tabletop.load_game("take6").new_initial_state()
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            action = state.bot_action(bot, seed=step)
            assert action in state.legal_actions(), (bot, step)
            state.apply_action(action)
            step += 1
        assert step >= 40, bot  # 4 players x 10 cards, and the row choices


def test_arena_and_play_hand_seat_them():
    report = take6.arena(bots=["nn", "heuristic", "nn-mc:5", "random"], deals=3, seed=1)
    assert report["deals"] == 3
    assert [b["bot"] for b in report["bots"]] == ["nn", "heuristic", "nn-mc:5", "random"]
    assert len(take6.play_hand(["nn", "heuristic", "heuristic", "random"], seed=2)) == 4


def test_gymnasium_opponents():
    env = gymnasium.make("tabletop/Take6-v0", opponents=["nn", "nn-mc:3", "heuristic"], seat=1)
    obs, info = env.reset(seed=3)
    done, steps = False, 0
    while not done:
        legal = [a for a, ok in enumerate(info["action_mask"]) if ok]
        obs, reward, terminated, truncated, info = env.step(legal[0])
        done, steps = terminated or truncated, steps + 1
    assert steps >= 10


@pytest.mark.parametrize("bot", ["nn", "nn-mc:20ms"])
def test_other_rules_refuse_them_with_what_the_network_plays(bot):
    state = tabletop.load_game("take6", players=6).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    calls = [
        lambda: state.bot_action(bot),
        lambda: take6.arena(players=6, bots=[bot], deals=1),
        lambda: take6.play_hand([bot] * 6, seed=1),
        lambda: gymnasium.make("tabletop/Take6-v0", opponents=[bot], players=3).reset(seed=0),
    ]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert REASON in str(e.value), str(e.value)
