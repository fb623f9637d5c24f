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
Rewards: 0 until the hand ends, then each seat's settlement delta.
"""
from __future__ import annotations

from typing import Any, Dict, Iterator, Mapping, Optional

import numpy as np

from mahjong.errors import MahjongError

from . import Game, N_ACTIONS, OBS_SIZE

try:  # the optional extra mahjong-core[rl]
    from pettingzoo import AECEnv as _Base
    from gymnasium import spaces as _spaces
except ImportError:  # pragma: no cover - exercised where the extra is not installed
    _spaces = None

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
    """One hand of rule set ``rules`` per episode; agents ``player_0 .. player_{n-1}`` are
    the seats. ``dealer`` is fixed (default 0); ``options`` are the rule set's."""

    metadata = {"render_modes": ["ansi"], "name": "mahjong_core_v0", "is_parallelizable": False}

    def __init__(self, rules: str = "sichuan", options: Optional[Mapping[str, Any]] = None,
                 dealer: int = 0, render_mode: Optional[str] = None):
        from . import play_spec
        self.rules = rules
        self.options = options
        self.dealer = dealer
        self.render_mode = render_mode
        seats = play_spec(rules, options).seats
        self.possible_agents = [f"player_{s}" for s in range(seats)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
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
        self.game = Game(self.rules, seed=[self._seed, self._episode], options=self.options,
                         agents="random", dealer=self.dealer)
        self.game._table.set_external()
        self._episode += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.final_rewards = {}
        self.agent_selection = self.possible_agents[self.game._table.decider]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        if agent not in self._seat:
            raise MahjongError(f"observe: unknown agent {agent!r}")
        t = self.game._table
        s = self._seat[agent]
        obs = t.observe_into(s, np.empty(OBS_SIZE, dtype=np.float32))
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        if t.decider == s:
            t.legal_mask(mask.view(np.bool_))
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None:
            raise MahjongError(f"step: {agent} must act (action None is for a finished agent)")
        self._cumulative_rewards[agent] = 0
        if type(action) is int:
            self.game._table.step(action)       # checked there: legal for the decider
        else:
            self.game.step(action)
        t = self.game._table
        if self.game.over:
            log = self.game.log()
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = log["result"]["deltas"][s]
                self.terminations[a] = True
                self.infos[a] = {"log": log} if s == 0 else {}
            self.final_rewards = dict(self.rewards)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[t.decider]

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
