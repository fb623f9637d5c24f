"""The PettingZoo AEC environment: PettingZoo's own API test for several rule sets, every
observation inside the observation space, the mask equal to the game's legal actions, and
the rewards at the end equal to the log's deltas."""
import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test  # noqa: E402

from game_configs import CONFIG_IDS, CONFIGS, spec_or_skip  # noqa: E402
from mahjong.errors import MahjongError  # noqa: E402
from mahjong.game import N_ACTIONS, OBS_SIZE, _table  # noqa: E402
from mahjong.game.env import HAS_PETTINGZOO, MahjongEnv  # noqa: E402
from mahjong.ruleset import settle  # noqa: E402

API_RULES = ["sichuan", "guobiao", "huanggang", "two_player", "yunnan", "tongcheng",
             "guiyang"]


def test_a_real_pettingzoo_env():
    from pettingzoo import AECEnv
    assert HAS_PETTINGZOO
    spec_or_skip("guobiao")
    assert isinstance(MahjongEnv("guobiao"), AECEnv)


# api_test warns that a Dict observation space "probably should be" Box or Discrete: the
# action mask in the observation is PettingZoo's own convention for masked actions.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("rules", API_RULES)
def test_pettingzoo_api_test(rules):
    spec_or_skip(rules)
    api_test(MahjongEnv(rules), num_cycles=300, verbose_progress=False)


def run_episode(env, seed, rng):
    """Play one episode with random legal actions; check every step; return the summed
    rewards per agent and the log."""
    env.reset(seed=seed)
    total = {a: 0 for a in env.possible_agents}
    game = env.game
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        space = env.observation_space(agent)
        assert space.contains(obs), (agent, obs["observation"].min(), obs["observation"].max())
        assert obs["observation"].shape == (OBS_SIZE,)
        assert obs["action_mask"].shape == (N_ACTIONS,)
        if terminated or truncated:
            assert not obs["action_mask"].any(), "a finished agent may act"
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert game.decider == seat
        legal = sorted(int(a) for a in game.legal_actions())
        assert legal, "no legal action in a live state"
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        # the mask equals the Observation's mask; other agents' masks are all-false
        assert np.array_equal(obs["action_mask"].astype(bool), game.observe(seat).mask)
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(legal)))
        steps += 1
        assert steps < 5000
    return total, game.log()


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_episodes(config):
    rules, options = config
    spec = spec_or_skip(rules, options)
    env = MahjongEnv(rules, options=options)
    rng = np.random.default_rng(5)
    for seed in range(8):
        total, log = run_episode(env, seed, rng)
        deltas = log["result"]["deltas"]
        assert [total[a] for a in env.possible_agents] == deltas
        assert env.final_rewards == dict(zip(env.possible_agents, deltas))
        assert sum(deltas) == 0
        assert list(settle(log).deltas) == deltas
        assert env.agents == []
        assert len(env.possible_agents) == spec.seats


def test_reset_seed_is_reproducible():
    rules = "guobiao"
    spec_or_skip(rules)
    logs = []
    for _ in range(2):
        env = MahjongEnv(rules)
        total, log = run_episode(env, 11, np.random.default_rng(0))
        logs.append(log)
    assert logs[0] == logs[1]
    # a second episode without a seed deals another hand
    env = MahjongEnv(rules)
    env.reset(seed=11)
    first = env.game._table.deck_ids()
    env.reset()
    assert env.game._table.deck_ids() != first
    env.reset(seed=11)
    assert env.game._table.deck_ids() == first


def test_bad_step_and_observe():
    env = MahjongEnv("guobiao")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(MahjongError):
        env.step(illegal)
    with pytest.raises(MahjongError):
        env.step(None)
    with pytest.raises(MahjongError):
        env.observe("player_9")
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["action_mask"], mask)


# --- PettingZoo factories, the parallel API, opponents (issue 28) -------------------------

from pettingzoo.test import parallel_api_test  # noqa: E402

from mahjong.game import GreedyAgent  # noqa: E402
from mahjong.game.env import MahjongParallelEnv, env, parallel_env, raw_env  # noqa: E402

FACTORY_RULES = ["sichuan", "guobiao", "two_player", "huanggang"]


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("factory", [env, raw_env], ids=["env", "raw_env"])
@pytest.mark.parametrize("rules", FACTORY_RULES)
def test_aec_factories_pass_the_api_test(factory, rules):
    spec_or_skip(rules)
    e = factory(rules=rules)
    assert isinstance(e.unwrapped, MahjongEnv)
    api_test(e, num_cycles=300, verbose_progress=False)


def test_env_is_wrapped_in_pettingzoos_order_checks():
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
    e = env(rules="sichuan", options={"xuezhan": False})
    assert isinstance(e, OrderEnforcingWrapper)
    assert e.unwrapped.options == {"xuezhan": False}
    assert type(raw_env(rules="sichuan")) is MahjongEnv
    # before reset(): a MahjongError (a ValueError), not PettingZoo's AssertionError
    with pytest.raises(MahjongError, match="reset"):
        e.step(0)
    with pytest.raises(MahjongError, match="reset"):
        e.observe("player_0")


@pytest.mark.parametrize("opponents", [None, "greedy", {1: "random", 3: "greedy"}],
                         ids=["all-seats", "greedy", "two-learners"])
@pytest.mark.parametrize("rules", FACTORY_RULES)
def test_parallel_env_passes_the_parallel_api_test(rules, opponents):
    spec_or_skip(rules)
    if rules == "two_player" and isinstance(opponents, dict):
        opponents = {1: "random"}
    p = parallel_env(rules=rules, opponents=opponents)
    assert isinstance(p, MahjongParallelEnv)
    parallel_api_test(p, num_cycles=3000)


def _random_parallel_episode(p, seed, rng):
    obs, infos = p.reset(seed=seed)
    assert set(obs) == set(p.agents) == set(infos)
    total = dict.fromkeys(p.possible_agents, 0)
    while p.agents:
        movers = [a for a in p.agents if obs[a]["action_mask"].any()]
        assert len(movers) == 1, "exactly one agent decides each step"
        actions = {a: (int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                       if a in movers else 0) for a in p.agents}
        obs, rew, term, trunc, info = p.step(actions)
        for a, r in rew.items():
            total[a] += r
    return total, info


def test_parallel_episode_rewards_are_the_log_deltas_and_every_agent_gets_the_log():
    p = parallel_env(rules="sichuan")
    rng = np.random.default_rng(3)
    for seed in range(4):
        total, info = _random_parallel_episode(p, seed, rng)
        log = info["player_0"]["log"]
        assert [total[a] for a in p.possible_agents] == log["result"]["deltas"]
        for a in p.possible_agents:
            assert info[a]["log"] is log
        with pytest.raises(MahjongError, match="reset"):
            p.step({})


def test_parallel_step_refuses_bad_action_dicts():
    p = parallel_env(rules="guobiao")
    with pytest.raises(MahjongError, match="reset"):
        p.step({"player_0": 0})
    obs, _ = p.reset(seed=2)
    mover = next(a for a in p.agents if obs[a]["action_mask"].any())
    with pytest.raises(MahjongError, match=mover):
        p.step({a: 0 for a in p.agents if a != mover})
    with pytest.raises(MahjongError, match="player_9"):
        p.step({"player_9": 0, mover: 0})
    with pytest.raises(MahjongError, match="actions"):
        p.step([0, 0, 0, 0])


def test_every_agent_gets_the_log_in_its_infos_at_the_end():
    e = MahjongEnv("sichuan")
    rng = np.random.default_rng(1)
    seen = {}
    e.reset(seed=4)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated:
            seen[agent] = info["log"]
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert set(seen) == set(e.possible_agents)
    assert all(log is seen["player_0"] for log in seen.values())
    assert seen["player_0"]["result"]["deltas"] == list(e.final_rewards.values())


@pytest.mark.parametrize("action", [5, 0, np.int64(3)], ids=str)
def test_a_finished_agent_must_step_none(action):
    e = MahjongEnv("sichuan")
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    while not e.terminations[e.agent_selection]:
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    agent = e.agent_selection
    with pytest.raises(MahjongError, match=agent):
        e.step(action)
    assert agent in e.agents          # refused: nothing changed
    e.step(None)
    assert agent not in e.agents


def _play_random(e, seed, rng):
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        e.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e.final_rewards


def test_random_seats_rarely_win_but_greedy_opponents_do():
    rng = np.random.default_rng(7)
    plain = MahjongEnv("sichuan")
    zero = sum(not any(_play_random(plain, s, rng).values()) for s in range(20))
    assert zero >= 18                 # random agents almost never win: all-zero rewards
    e = MahjongEnv("sichuan", opponents="greedy")
    assert e.possible_agents == ["player_0"]
    rewards = [_play_random(e, s, rng)["player_0"] for s in range(20)]
    assert sum(r < 0 for r in rewards) >= 15    # the learning seat meets opponents that win


def test_opponents_play_the_other_seats_with_the_same_deal():
    rng = np.random.default_rng(2)
    e = MahjongEnv("guobiao", opponents={0: "greedy", 2: GreedyAgent()})
    assert e.possible_agents == ["player_1", "player_3"]
    e.reset(seed=9)
    deck = e.game._table.deck_ids()
    plain = MahjongEnv("guobiao")
    plain.reset(seed=9)
    assert plain.game._table.deck_ids() == deck        # opponents do not change the deal
    for agent in e.agent_iter():
        assert agent in ("player_1", "player_3")
        obs, reward, terminated, truncated, info = e.last()
        if not terminated:
            assert e.game.decider == int(agent[-1])
        e.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert set(e.final_rewards) == {"player_1", "player_3"}


def test_opponents_may_be_python_and_rlcard_agents():
    calls = []

    def first(obs, legal):
        calls.append(obs.seat)
        return legal[0]

    class Rl:
        def step(self, state):
            return next(iter(state["legal_actions"]))

        def eval_step(self, state):
            calls.append("rl")
            return next(iter(state["legal_actions"])), {}

    e = MahjongEnv("sichuan", opponents={1: first, 2: Rl(), 3: "random"})
    rng = np.random.default_rng(0)
    _play_random(e, 5, rng)
    assert 1 in calls and "rl" in calls


@pytest.mark.parametrize("opponents,word", [
    ("nobody", "nobody"), (5, "opponents"), ({7: "greedy"}, "seat 7"),
    ({0: "greedy", 1: "greedy", 2: "greedy", 3: "greedy"}, "learn")], ids=str)
def test_bad_opponents_are_refused(opponents, word):
    with pytest.raises(MahjongError, match=word):
        MahjongEnv("sichuan", opponents=opponents)


def test_a_hand_that_ends_before_a_learning_seat_decides_is_skipped(monkeypatch):
    import mahjong.game.env as env_module
    from mahjong.game import Game, stack_wall

    dealt = []

    class FirstHandHeavenly(Game):       # the first hand: the dealer (an opponent) wins at once
        def __init__(self, rules, seed, **kw):
            if not dealt:
                kw["wall"] = stack_wall(rules, {0: "111222333444m55m"})
            dealt.append(seed)
            super().__init__(rules, seed, **kw)

    monkeypatch.setattr(env_module, "Game", FirstHandHeavenly)
    e = MahjongEnv("sichuan", options={"xuezhan": False}, opponents={0: "greedy"})
    e.reset(seed=3)
    assert dealt == [[3, 0], [3, 1]]          # the first hand was over before seat 1..3 acted
    assert not any(e.terminations.values()) and e.agent_selection in e.possible_agents
    assert e.observe(e.agent_selection)["action_mask"].any()


# --- RLCard-style agents (issue 28) -------------------------------------------------------

class _RLCardLike:
    """The shape of an RLCard agent: step(state) while training, eval_step(state) ->
    (action, info) otherwise; ``use_raw`` agents answer action names."""

    def __init__(self, use_raw=False):
        self.use_raw = use_raw
        self.states = []
        self.trained = 0

    def _pick(self, state):
        if self.use_raw:
            return state["raw_legal_actions"][-1]
        return list(state["legal_actions"])[-1]

    def step(self, state):
        self.trained += 1
        return self._pick(state)

    def eval_step(self, state):
        # the raw observation is the live one: equal to the array now
        assert np.array_equal(state["obs"], state["raw_obs"].array())
        self.states.append(state)
        return self._pick(state), {"probs": None}


@pytest.mark.parametrize("use_raw", [False, True], ids=["index", "raw"])
def test_rlcard_agents_play_games_matches_and_simulations(use_raw):
    import collections

    from mahjong.game import Match, RLCardAgent, action_name
    from mahjong.game.simulate import run

    agent = _RLCardLike(use_raw)
    log = Game_("sichuan", seed=5, agents=[agent, "greedy", "greedy", "greedy"]).play()
    assert sum(log["result"]["deltas"]) == 0 and agent.states and not agent.trained
    s = agent.states[0]
    assert s["obs"].shape == (OBS_SIZE,) and s["obs"].dtype == np.float32
    assert isinstance(s["legal_actions"], collections.OrderedDict)
    assert s["raw_legal_actions"] == [action_name(a) for a in s["legal_actions"]]
    # the same choices as a plain callable making them
    twin = Game_("sichuan", seed=5, agents=[lambda o, legal: legal[-1], "greedy", "greedy",
                                            "greedy"]).play()
    assert twin["events"] == log["events"]
    # train=True calls step
    trainee = _RLCardLike(use_raw)
    Game_("sichuan", seed=5, agents=[RLCardAgent(trainee, train=True)] + ["greedy"] * 3).play()
    assert trainee.trained and not trainee.states
    # one object for every seat, in a match and a simulation
    assert len(Match("two_player", seed=1, agents=_RLCardLike(use_raw), hands=2).play()) == 2
    assert run("guobiao", 2, agents=[_RLCardLike(use_raw)] + ["greedy"] * 3).hands == 2
    with pytest.raises(MahjongError, match="step/eval_step"):
        RLCardAgent(object())


def Game_(*args, **kwargs):
    from mahjong.game import Game
    return Game(*args, **kwargs)
