"""tabletop.review: every decision valued by the game's oracle, the same JSON as the command
line's `tabletop review --json` and the HTTP API's review (crates/server/tests/sessions.rs)."""

import json

import pytest

import tabletop


def played(game, bots, seed, **params):
    """A state of `game` played to the end by `bots` (one per seat)."""
    state = tabletop.load_game(game, **params).new_initial_state(seed)
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(state.bot_action(bots[p], seed=len(state.history())))
    return state


def test_the_solver_has_no_regret_and_random_play_has_some():
    state = played("nine", ["solver", "random"], 3)
    review = tabletop.review(state)
    assert review["game"] == "nine"
    alice, bob = review["players"]
    assert (alice["player"], alice["mean_regret"], alice["accuracy"]) == (0, 0.0, 1.0)
    assert bob["decisions"] == sum(d["player"] == 1 for d in review["decisions"])
    for d in review["decisions"]:
        assert d["regret"] == d["best_value"] - d["value"] >= 0
        assert (d["mark"] is None) == (d["regret"] == 0), d
        assert d["regret"] == 0 or d["action"] not in d["best"]
    # Nine: result = start value - Alice's total regret + Bob's total regret.
    regret = [sum(d["regret"] for d in review["decisions"] if d["player"] == p) for p in (0, 1)]
    value = tabletop.load_game("nine").new_initial_state(3).analysis()["value"]
    assert state.returns()[0] == value - regret[0] + regret[1]


@pytest.mark.parametrize(
    "game,bots,params",
    [
        ("nine", ["random", "solver"], {}),
        ("race", ["solver", "random"], {"piece": "queen", "rows": 9, "cols": 12}),
        ("take6", ["heuristic", "random", "lowest"], {"players": 3}),
        ("mahjong", ["rules", "random", "rules", "random"], {"claims": True}),
    ],
)
def test_a_state_its_record_and_the_cli_give_one_review(cli, tmp_path, game, bots, params):
    state = played(game, bots, 5, **params)
    review = tabletop.review(state)
    assert review == state.review()
    assert review == tabletop.review(state.record())
    assert review == tabletop.review(json.dumps(state.record()))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record()))
    code, out, err = cli(["review", str(path), "--json"])
    assert code == 0, err
    assert json.loads(out) == json.loads(json.dumps(review))
    assert len(review["players"]) == state.num_players()
    assert review["decisions"], game


def test_hidden_cards_are_reviewed_once_the_game_is_over():
    state = tabletop.load_game("take6", players=3).new_initial_state(1)
    with pytest.raises(ValueError, match="not over"):
        tabletop.review(state)
    with pytest.raises(ValueError, match="record"):
        tabletop.review({"game": "nine"})
