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
