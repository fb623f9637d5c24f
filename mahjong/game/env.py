"""A multi-agent environment in the PettingZoo AEC shape: one hand per episode, every seat an
agent, the legal-action mask in each observation.

>>> from mahjong.game.env import MahjongEnv
>>> env = MahjongEnv("sichuan")
>>> env.reset(seed=3)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     env.step(action)
>>> sum(env.final_rewards.values())
0

With the extra ``mahjong-core[rl]`` (PettingZoo and Gymnasium) installed, ``MahjongEnv`` is a
real ``pettingzoo.AECEnv`` with Gymnasium spaces (it passes ``pettingzoo.test.api_test``);
without it the same class runs on a small built-in base with the same methods.

Observation: ``{"observation": float32[OBS_SIZE], "action_mask": int8[N_ACTIONS]}`` (the
layout is :meth:`mahjong.game._table.Table.observe_into`; actions are
:data:`mahjong.game.N_ACTIONS` fixed indices, :func:`mahjong.game.action_name` names them).
Rewards: 0 until the hand ends, then each seat's settlement delta; every agent's
``infos[agent]["log"]`` is then the game log.

Random agents almost never win, so episodes of four random seats nearly always end with
every reward 0: ``MahjongEnv(rules, opponents="greedy")`` plays the other seats with the
built-in agents, and only the learning seat(s) are PettingZoo agents.

PettingZoo's factories: :func:`raw_env`, :func:`env` (wrapped in PettingZoo's order checks)
and :func:`parallel_env` (:class:`MahjongParallelEnv`, the parallel API).
"""
from __future__ import annotations

from typing import Any, Dict, Iterator, Mapping, Optional

import numpy as np

from mahjong.errors import MahjongError
from mahjong.validate import show

from . import Game, N_ACTIONS, OBS_SIZE, _agent

__all__ = ["MahjongEnv", "MahjongParallelEnv", "env", "raw_env", "parallel_env",
           "HAS_PETTINGZOO"]

try:  # the optional extra mahjong-core[rl]
    from pettingzoo import AECEnv as _Base, ParallelEnv as _ParallelBase
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper as _OrderEnforcing
    from gymnasium import spaces as _spaces
except ImportError:  # pragma: no cover - exercised where the extra is not installed
    _spaces = None
    _OrderEnforcing = None

    class _ParallelBase:
        """What PettingZoo's ParallelEnv gives, for use without it."""

        metadata: Dict[str, Any] = {}

        @property
        def unwrapped(self):
            return self

    class _Base:
        """What PettingZoo's AECEnv gives, for use without it."""

        metadata: Dict[str, Any] = {}

        def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
            n = 0
            while self.agents and n < max_iter:
                yield self.agent_selection
                n += 1

        def last(self, observe: bool = True):
            agent = self.agent_selection
            obs = self.observe(agent) if observe else None
            return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                    self.truncations[agent], self.infos[agent])

        def _was_dead_step(self, action) -> None:
            agent = self.agent_selection
            del self.terminations[agent], self.truncations[agent], self.rewards[agent]
            del self._cumulative_rewards[agent], self.infos[agent]
            self.agents.remove(agent)
            if self.agents:
                self.agent_selection = self.agents[0]

        def _accumulate_rewards(self) -> None:
            for a, r in self.rewards.items():
                self._cumulative_rewards[a] += r

        def _clear_rewards(self) -> None:
            for a in self.rewards:
                self.rewards[a] = 0

        @property
        def unwrapped(self):
            return self

HAS_PETTINGZOO = _spaces is not None


class MahjongEnv(_Base):
    """One hand of rule set ``rules`` per episode. ``dealer`` is fixed (default 0);
    ``options`` are the rule set's.

    ``opponents=None``: every seat is an agent, ``player_0 .. player_{n-1}``. Otherwise the
    other seats are played inside :meth:`step` and only the learning seats are PettingZoo
    agents (named by their seat: ``player_0``, ``player_2`` ...): ``opponents`` is an agent
    for every seat but seat 0 (``"greedy"``, ``"random"``, a callable ``(observation,
    legal_actions) -> action`` or an RLCard-style agent), or a mapping seat -> agent (the
    seats not in it learn). A hand that ends before any learning seat decides (an
    opponent's 天胡) is skipped: :meth:`reset` deals the next one."""

    metadata = {"render_modes": ["ansi"], "name": "mahjong_core_v0", "is_parallelizable": False}

    def __init__(self, rules: str = "sichuan", options: Optional[Mapping[str, Any]] = None,
                 dealer: int = 0, render_mode: Optional[str] = None, opponents: Any = None):
        from . import play_spec
        self.rules = rules
        self.options = options
        self.dealer = dealer
        self.render_mode = render_mode
        seats = play_spec(rules, options).seats
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise MahjongError(f"dealer: {show(dealer)} is not a seat (0..{seats - 1})")
        self.opponents = _opponents(opponents, seats)
        self.possible_agents = [f"player_{s}" for s in range(seats)
                                if self.opponents[s] is None]
        self._seat = {a: int(a[7:]) for a in self.possible_agents}
        self._learners = frozenset(self._seat.values())
        if _spaces is not None:
            self._obs_space = _spaces.Dict({
                "observation": _spaces.Box(0.0, 4.0, (OBS_SIZE,), np.float32),
                "action_mask": _spaces.Box(0, 1, (N_ACTIONS,), np.int8)})
            self._act_space = _spaces.Discrete(N_ACTIONS)
        else:
            self._obs_space = self._act_space = None
        self.agents = []
        self.game: Optional[Game] = None
        self.final_rewards: Dict[str, int] = {}
        self._episode = 0
        self._seed = 0

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._seed, self._episode = seed, 0
        agents = [_learner if a is None else a for a in self.opponents]
        while True:
            self.game = Game(self.rules, seed=[self._seed, self._episode],
                             options=self.options, agents=agents,
                             dealer=self.dealer)         # learning seats: external
            self._episode += 1
            # the opponents' decisions up to the first of a learning seat; a hand that
            # ends before one (an opponent's 天胡) is no episode: the next hand is dealt
            seat = self.game._advance(self._learners)
            if seat >= 0:
                break
        self.agent_selection = f"player_{seat}"
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.final_rewards = {}

    def _advance(self) -> None:
        """Let the opponents play until a learning seat decides or the hand is over."""
        seat = self.game._advance(self._learners)
        if seat >= 0:
            self.agent_selection = f"player_{seat}"
            return
        log = self.game.log()
        for a, s in self._seat.items():
            self.rewards[a] = log["result"]["deltas"][s]
            self.terminations[a] = True
            self.infos[a] = {"log": log}
        self.final_rewards = dict(self.rewards)
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def _started(self, what: str) -> None:
        if self.game is None:
            raise MahjongError(f"{what}: the environment has no episode yet (call reset())")

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        self._started("observe")
        if type(agent) is not str or agent not in self._seat:
            raise MahjongError(f"observe: unknown agent {show(agent)} "
                               f"(agents: {', '.join(self.possible_agents)})")
        t = self.game._table
        s = self._seat[agent]
        obs = t.observe_into(s, np.empty(OBS_SIZE, dtype=np.float32))
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        if t.decider == s and not self.game.over:
            t.legal_mask(mask.view(np.bool_))
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True):
        self._started("last")
        return super().last(observe)

    def step(self, action) -> None:
        self._started("step")
        if not self.agents:
            raise MahjongError("step: every agent is done (call reset())")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise MahjongError(f"step: {agent} is done: its action must be None, "
                                   f"not {show(action)}")
            self._was_dead_step(action)
            return
        if action is None:
            raise MahjongError(f"step: {agent} must act (action None is for a finished agent)")
        self._cumulative_rewards[agent] = 0
        if type(action) is int and 0 <= action < N_ACTIONS:
            self.game._table.step(action)       # checked there: legal for the decider
        else:
            self.game.step(action)
        self._advance()

    def render(self):
        if self.game is None:
            return ""
        t = self.game._table
        from mahjong.tiles import format_tiles
        lines = []
        for s in range(t.seats):
            hand = [k for k, n in enumerate(t.hand_of(s)) for _ in range(n)]
            melds = " ".join(m["tiles"] for m in t.melds_of(s))
            lines.append(f"seat {s}: {format_tiles(hand)} {melds}")
        text = "\n".join(lines)
        if self.render_mode == "ansi":
            return text
        print(text)

    def close(self) -> None:
        pass


def _learner(observation, legal_actions):  # pragma: no cover - the env stops before it
    """The placeholder agent of a learning seat: its decisions come from step()."""
    raise MahjongError(f"seat {observation.seat} learns: its action comes from step()")


def _opponents(opponents, seats: int) -> list:
    """The agent of each seat, None for a learning seat."""
    if opponents is None:
        return [None] * seats
    if isinstance(opponents, Mapping):
        out: list = [None] * seats
        for s, a in opponents.items():
            if type(s) is not int or not 0 <= s < seats:
                raise MahjongError(f"opponents: seat {show(s)} is not a seat (0..{seats - 1})")
            if a is not None:
                out[s] = _agent(a, "opponents")
    else:
        out = [None] + [_agent(opponents, "opponents") for _ in range(seats - 1)]
    if all(a is not None for a in out):
        raise MahjongError("opponents: every seat is an opponent, no seat is left to learn")
    return out


class MahjongParallelEnv(_ParallelBase):
    """The same episodes in PettingZoo's parallel API: :meth:`step` takes a dict agent ->
    action for the live agents and applies the action of the one agent whose turn it is
    (the agent whose ``action_mask`` has a legal action); the others' actions are ignored
    (the mask of an agent that does not decide is all zero). Every live agent gets an
    observation each step; at the end all are terminated together, with the rewards and
    the log (``infos[agent]["log"]``). Arguments as :class:`MahjongEnv`."""

    metadata = {"render_modes": ["ansi"], "name": "mahjong_core_v0"}

    def __init__(self, rules: str = "sichuan", options: Optional[Mapping[str, Any]] = None,
                 dealer: int = 0, render_mode: Optional[str] = None, opponents: Any = None):
        self.aec_env = MahjongEnv(rules, options, dealer, render_mode, opponents)
        self.possible_agents = list(self.aec_env.possible_agents)
        self.render_mode = render_mode
        self.agents: list = []

    def observation_space(self, agent):
        return self.aec_env.observation_space(agent)

    def action_space(self, agent):
        return self.aec_env.action_space(agent)

    @property
    def game(self) -> Optional[Game]:
        return self.aec_env.game

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        aec = self.aec_env
        aec.reset(seed=seed, options=options)
        self.agents = list(aec.agents)
        return {a: aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]):
        aec = self.aec_env
        aec._started("step")
        if not self.agents:
            raise MahjongError("step: every agent is done (call reset())")
        if not isinstance(actions, Mapping):
            raise MahjongError(f"actions: {show(actions)} is not a dict agent -> action")
        for a in actions:
            if a not in self.agents:
                raise MahjongError(f"actions: {show(a)} is not a live agent "
                                   f"(live: {', '.join(self.agents)})")
        agent = aec.agent_selection
        if agent not in actions:
            raise MahjongError(f"actions: no action for {agent}, whose turn it is")
        aec.step(actions[agent])
        live = self.agents
        obs = {a: aec.observe(a) for a in live}
        rewards = {a: aec.rewards[a] for a in live}
        terms = {a: aec.terminations[a] for a in live}
        truncs = {a: aec.truncations[a] for a in live}
        infos = {a: aec.infos[a] for a in live}
        if aec.game.over:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self):
        return self.aec_env.render()

    def close(self) -> None:
        self.aec_env.close()

    def state(self):
        raise NotImplementedError("state: this environment has no global state view")


if _OrderEnforcing is not None:
    class _Ordered(_OrderEnforcing):
        """PettingZoo's OrderEnforcingWrapper, refusing a step, an observation, ``last()``
        or ``agent_iter()`` before ``reset()`` with a MahjongError (a ValueError) rather
        than an AssertionError or an AttributeError."""

        def step(self, action) -> None:
            if not self._has_reset:
                raise MahjongError("step: the environment has no episode yet (call reset())")
            super().step(action)

        def observe(self, agent):
            if not self._has_reset:
                raise MahjongError("observe: the environment has no episode yet "
                                   "(call reset())")
            return super().observe(agent)

        def last(self, observe: bool = True):
            if not self._has_reset:
                raise MahjongError("last: the environment has no episode yet (call reset())")
            return super().last(observe)

        def agent_iter(self, max_iter: int = 2**63):
            if not self._has_reset:
                raise MahjongError("agent_iter: the environment has no episode yet "
                                   "(call reset())")
            return super().agent_iter(max_iter)


def raw_env(rules: str = "sichuan", **kwargs) -> MahjongEnv:
    """PettingZoo's ``raw_env``: the AEC environment :class:`MahjongEnv` unwrapped."""
    return MahjongEnv(rules, **kwargs)


def env(rules: str = "sichuan", **kwargs):
    """PettingZoo's ``env``: :func:`raw_env` wrapped in PettingZoo's order checks
    (``OrderEnforcingWrapper``: no step, observation or ``agent_iter`` before ``reset()``).
    Without PettingZoo installed, the raw environment."""
    e = raw_env(rules, **kwargs)
    return _Ordered(e) if _OrderEnforcing is not None else e


def parallel_env(rules: str = "sichuan", **kwargs) -> MahjongParallelEnv:
    """PettingZoo's ``parallel_env``: :class:`MahjongParallelEnv`."""
    return MahjongParallelEnv(rules, **kwargs)
