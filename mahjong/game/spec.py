"""The old home of :class:`PlaySpec`, :class:`WinQuery` and :data:`WIN_FLAGS`, kept so that
``from mahjong.game.spec import ...`` goes on working: they live in the framework,
:mod:`mahjong.playspec`, so a rule-set room can describe its play without importing the
engine."""
from mahjong.playspec import WIN_FLAGS, PlaySpec, WinQuery

__all__ = ["PlaySpec", "WinQuery", "WIN_FLAGS"]
