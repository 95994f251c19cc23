"""Everything a user holds pickles: every public class and function of every module.

The classes and functions are enumerated from the modules themselves, so a new one cannot be
forgotten: each must have a sample below (an object of the class) or be listed in
``EXCLUDED`` with the reason. Functions come back as the same object; objects come back
equal. A ``ProcessPoolExecutor`` (spawn) maps ``nine.solve``, and ``multiprocessing`` runs
module functions by reference.
"""

import concurrent.futures
import importlib
import inspect
import multiprocessing
import pickle
import pkgutil
import types

import pytest

import tabletop
from tabletop import batch, census, mahjong, nine, race, take6

# Every module of the package (the optional ones need their extras: Gymnasium, PettingZoo,
# OpenSpiel, as their own tests do).
MODULES = [tabletop] + [
    importlib.import_module(f"tabletop.{m.name}")
    for m in pkgutil.iter_modules(tabletop.__path__)
    if not m.name.startswith("_")
]

# Public classes whose objects are pickled elsewhere or not at all, with the reason.
EXCLUDED = {
    "tabletop.VectorEnv": "pickled in test_vector_env.py",
    "tabletop.vector.VectorEnv": "pickled in test_vector_env.py",
    "tabletop.gym.TabletopEnv": "pickled in test_gym.py",
    "tabletop.gym_vector.SeatedVectorEnv": "pickled in test_gym_vector.py",
    "tabletop.openspiel.TabletopGame": "pickled in test_openspiel.py (as pyspiel games)",
    "tabletop.openspiel.TabletopState": "pickled in test_openspiel.py (as pyspiel states)",
    "tabletop.openspiel.TabletopBot": "a pyspiel.Bot: pybind11 objects pickle only where "
    "pyspiel defines it, and a bot is made again from its name and seed",
}

WALL_HAND = "1M 2M 3M 4M 5M 6M 7M 8M 9M E E S S W"
SCRIPT = "2 1 1\n3\n1\n2\n"


def _state():
    state = tabletop.load_game("take6", players=3).new_initial_state(seed=5)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    return state


def _aec_env():
    from tabletop import pettingzoo

    env = pettingzoo.raw_env("take6", players=3)
    env.reset(seed=3)
    for _ in range(4):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(mask.nonzero()[0][0]))
    return env


def _parallel_env():
    from tabletop import pettingzoo

    env = pettingzoo.parallel_env("take6", players=3)
    observations, _ = env.reset(seed=3)
    env.step({a: int(o["action_mask"].nonzero()[0][0]) for a, o in observations.items()})
    return env


# One object of every public class, by its qualified name (module.class); a sample whose
# module is not part of this build (an optional environment) is not used.
SAMPLES = {
    "tabletop.Game": lambda: tabletop.load_game("race", piece="queen", rows=7, cols=9),
    "tabletop.State": _state,
    "tabletop.nine.Deal": lambda: nine.Deal.random(3),
    "tabletop.nine.Value": lambda: nine.solve_random(1, seed=4)[0],
    "tabletop.nine.Line": lambda: nine.solve(nine.Deal.random(3)).bob_line,
    "tabletop.nine.Solution": lambda: nine.solve(nine.Deal.random(3)),
    "tabletop.mahjong.Distance": lambda: mahjong.distance(WALL_HAND),
    "tabletop.take6.Outcome": lambda: take6.simulate(SCRIPT),
    "tabletop.pettingzoo.TabletopEnv": _aec_env,
    "tabletop.pettingzoo.Take6ParallelEnv": _parallel_env,
}
SAMPLES = {
    name: sample
    for name, sample in SAMPLES.items()
    if name.rsplit(".", 1)[0] in {m.__name__ for m in MODULES}
}


def public(module):
    """The public names of a module: its ``__all__``."""
    return [(name, getattr(module, name)) for name in module.__all__]


def qualified(module, name):
    return f"{module.__name__}.{name}"


CLASSES = sorted(
    {qualified(m, n): obj for m in MODULES for n, obj in public(m) if inspect.isclass(obj)}.items()
)
def type_alias(obj):
    """A typing alias (``Union[...]``, ``Callable[...]``): callable, but a type, not a function."""
    return type(obj).__module__ in ("typing", "types")


FUNCTIONS = sorted(
    {
        qualified(m, n): obj
        for m in MODULES
        for n, obj in public(m)
        if callable(obj) and not inspect.isclass(obj) and not type_alias(obj)
    }.items()
)


def same(a, b):
    """Equal objects: by ``==`` where the class defines it, else by what they hold (states by
    their record, PettingZoo environments by the state of their game and their agents)."""
    if hasattr(a, "possible_agents"):  # a PettingZoo environment
        fields = ["agents", "rewards", "terminations", "truncations"]
        held = all(getattr(a, f, None) == getattr(b, f, None) for f in fields)
        return held and same(a._state, b._state)
    if isinstance(a, tabletop.State):
        return a.record() == b.record() and str(a) == str(b)
    if isinstance(a, tabletop.Game):
        return repr(a) == repr(b) and a.get_parameters() == b.get_parameters()
    return a == b


def test_every_public_class_has_a_sample_or_a_reason():
    # Exceptions pickle by Python's own means (tested below), not by a sample.
    names = {name for name, cls in CLASSES if not issubclass(cls, BaseException)}
    missing = names - set(SAMPLES) - set(EXCLUDED)
    assert missing == set(), f"classes without a pickle sample: {sorted(missing)}"
    assert set(SAMPLES) <= names, "a sample of a class that is not public"


@pytest.mark.parametrize("name", sorted(SAMPLES))
@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_objects_pickle_equal(name, protocol):
    obj = SAMPLES[name]()
    back = pickle.loads(pickle.dumps(obj, protocol=protocol))
    assert type(back) is type(obj)
    assert same(back, obj), name
    if " object at 0x" not in repr(obj):  # a repr of its own
        assert repr(back) == repr(obj)


def test_equality_is_real():
    # The equality the round trips rely on tells different objects apart.
    assert nine.Deal.random(3) != nine.Deal.random(4)
    assert nine.solve(nine.Deal.random(3)) != nine.solve(nine.Deal.random(4))
    s = nine.solve(nine.Deal.random(3))
    assert s.alice_line != s.bob_line or s.alice_first == s.bob_first
    assert mahjong.distance(WALL_HAND) != mahjong.distance("1M 2M 3M")
    assert take6.simulate(SCRIPT) != take6.simulate("2 1 1\n1\n2\n3\n")
    assert nine.Value(3, -2) == nine.Value(3, -2) != nine.Value(3, 2)
    assert nine.Value(3, -2).importance == 5


def test_a_restored_state_plays_on():
    state = _state()
    back = pickle.loads(pickle.dumps(state))
    for s in (state, back):
        while not s.is_terminal():
            s.apply_action(s.legal_actions()[-1])
    assert back.returns() == state.returns()


@pytest.mark.parametrize("name", [name for name, _ in FUNCTIONS])
def test_functions_pickle_by_reference(name):
    f = dict(FUNCTIONS)[name]
    assert f.__module__.startswith("tabletop"), (name, f.__module__)
    assert pickle.loads(pickle.dumps(f)) is f


def test_the_input_error_pickles_with_its_location():
    with pytest.raises(tabletop.InputError) as e:
        nine.Deal.parse("XX " * 18, "6S " * 18)
    back = pickle.loads(pickle.dumps(e.value))
    assert type(back) is tabletop.InputError
    assert (str(back), back.line, back.column) == (str(e.value), e.value.line, e.value.column)


def test_methods_of_classes_pickle():
    parse = pickle.loads(pickle.dumps(nine.Deal.parse))
    d = nine.Deal.random(8)
    assert parse(d.alice, d.bob) == d


def _solve_all(deals):
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=ctx) as pool:
        return list(pool.map(nine.solve, deals))


def test_a_spawn_pool_maps_module_functions():
    deals = [nine.Deal.random(i) for i in range(4)]
    solutions = _solve_all(deals)
    assert solutions == [nine.solve(d) for d in deals]
    assert [s.deal for s in solutions] == deals
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        assert pool.apply(mahjong.stats, (3,), {"seed": 2}) == mahjong.stats(3, seed=2)
        assert pool.starmap(race.outcome, [("king", 3, 4), ("queen", 5, 5)]) == [
            race.outcome("king", 3, 4),
            race.outcome("queen", 5, 5),
        ]


def test_batch_calls_are_pickled_whole():
    # What batch.run sends to its workers: (function, args) pairs, pickled.
    calls = [(mahjong.stats, (2, 7)), (batch.mahjong_stats_part, (0, 2, 2, 7))]
    back = pickle.loads(pickle.dumps(calls))
    assert [f(*args) for f, args in back] == [f(*args) for f, args in calls]
    assert isinstance(back[0][0], types.BuiltinFunctionType)
