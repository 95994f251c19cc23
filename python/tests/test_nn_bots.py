"""The bots of the shipped networks, `nn` and `nn-mc:N` / `nn-mc:Nms`, from Python, for
Take 6! and Mahjong alike: `State.bot_action` and the Gymnasium opponents accept them in the
game the network plays (Take 6! with 4 players and 10 cards a hand; Mahjong's problem game,
claims made by the fixed rules), and refuse them in others with what the network plays; Take
6!'s `arena` and `play_hand` too. No training framework is needed: the networks are compiled
in."""

from typing import Any, Dict, List

import gymnasium
import pytest

import tabletop
from tabletop import take6

#: Per game: the network bots tried, the Gymnasium id and opponents, parameters the network
#: does not play, the refusal's words, and the fewest decisions of a game.
GAMES: Dict[str, Dict[str, Any]] = {
    "take6": dict(
        bots=["nn", "nn-mc", "nn-mc:5", "nn-mc:2ms"],
        env="tabletop/Take6-v0",
        opponents=["nn", "nn-mc:3", "heuristic"],
        other_params=dict(players=6),
        other_env_params=dict(players=3),
        reason="the shipped networks play only 4 players with 10 cards a hand",
        min_steps=40,  # 4 players x 10 cards, and the row choices
    ),
    "mahjong": dict(
        bots=["nn", "nn-mc:6", "nn-mc:2ms"],
        env="tabletop/Mahjong-v0",
        opponents=["nn", "rules", "nn-mc:6"],
        other_params=dict(claims=True),
        other_env_params=dict(claims=True),
        reason="the shipped network plays the problem's game",
        min_steps=10,
    ),
}


def bots_of(game: str) -> List[Any]:
    return [pytest.param(game, bot, id=f"{game}-{bot}") for bot in GAMES[game]["bots"]]


@pytest.mark.parametrize("game,bot", bots_of("take6") + bots_of("mahjong"))
def test_bot_action_plays_legal_actions_to_the_end(game: str, bot: str) -> None:
    state = tabletop.load_game(game).new_initial_state(1)
    assert "nn" in state.bots() and "nn-mc" in state.bots()
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        action = state.bot_action(bot, seed=step)
        assert action in state.legal_actions(), (bot, step)
        state.apply_action(action)
        step += 1
    assert step >= GAMES[game]["min_steps"], bot


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_opponents(game: str) -> None:
    env = gymnasium.make(GAMES[game]["env"], opponents=GAMES[game]["opponents"], seat=1)
    obs, info = env.reset(seed=3)
    done, steps = False, 0
    while not done:
        legal = [a for a, ok in enumerate(info["action_mask"]) if ok]
        obs, reward, terminated, truncated, info = env.step(legal[0])
        done, steps = terminated or truncated, steps + 1
    assert steps >= 3


def test_take6_arena_and_play_hand_seat_them() -> None:
    report = take6.arena(bots=["nn", "heuristic", "nn-mc:5", "random"], deals=3, seed=1)
    assert report["deals"] == 3
    assert [b["bot"] for b in report["bots"]] == ["nn", "heuristic", "nn-mc:5", "random"]
    assert len(take6.play_hand(["nn", "heuristic", "heuristic", "random"], seed=2)) == 4


@pytest.mark.parametrize("game,bot", [(g, b) for g in GAMES for b in ["nn", "nn-mc:20ms"]])
def test_other_games_refuse_them_with_what_the_network_plays(game: str, bot: str) -> None:
    spec = GAMES[game]
    state = tabletop.load_game(game, **spec["other_params"]).new_initial_state(1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert "nn" not in state.bots() and "nn-mc" not in state.bots()
    calls = [
        lambda: state.bot_action(bot),
        lambda: gymnasium.make(spec["env"], opponents=[bot], **spec["other_env_params"]).reset(
            seed=0),
    ]
    if game == "take6":
        calls += [
            lambda: take6.arena(players=6, bots=[bot], deals=1),
            lambda: take6.play_hand([bot] * 6, seed=1),
        ]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert spec["reason"] in str(e.value), str(e.value)
