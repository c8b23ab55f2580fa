"""The batched environment: many games of one kind stepped together in Rust.

``VectorEnv(game, num_envs, rules=None, seed=0, threads=1, masks=False)`` has Gymnasium's
vector API (it subclasses ``gymnasium.vector.VectorEnv`` when Gymnasium is installed):

>>> import numpy as np
>>> from cards_rs.rl import VectorEnv
>>> env = VectorEnv("doudizhu", 4, seed=1)
>>> obs, infos = env.reset(seed=7)
>>> obs.shape, obs.dtype, infos["legal_offsets"].shape
((4, 11, 15), dtype('int8'), (5,))
>>> ids, offs = infos["legal_ids"], infos["legal_offsets"]
>>> actions = ids[offs[:-1]]                       # each env's first legal id
>>> obs, rewards, terminated, truncated, infos = env.step(actions)
>>> rewards.shape                                   # (num_envs, num_players)
(4, 3)

Every array is numpy, written by Rust into buffers it reuses: copy what you keep past the
next call. ``infos`` holds ``current_player`` (int32, -1 once an episode ended), ``role``
(int8), ``legal_ids`` (uint32, every env's legal ids one after another) with
``legal_offsets`` (uint64, ``num_envs + 1``: env ``i``'s ids are
``legal_ids[offsets[i]:offsets[i+1]]``), ``env_id`` and, with ``masks=True``,
``action_mask`` (int8, ``num_envs x num_actions``). The observation is the player to act's
(at an episode's end, the last player to act's): the game's int8 planes, or for Dou Dizhu with
``obs_type="rlcard"`` RLCard's ``obs`` (790 values for the landlord, 901 for a peasant, in a
row of 901; zeros in the auction, which RLCard has not) or with ``obs_type="douzero"`` DouZero's
``x_no_action`` (319 values for the landlord, 430 for a peasant, in 430) then its ``z`` (810: the
last 15 actions), a row of 1,240 (zeros in the auction); ``douzero_action_features(ids)`` gives
the legal ids' 54-column action rows that complete DouZero's ``x_batch``.

Autoreset is Gymnasium's ``NEXT_STEP``: the step that ends an episode returns its last
observation with ``terminated`` true and every player's return in ``rewards``; the next
step resets that env (its action is ignored) and returns the new deal with zero rewards.
Seeds are per env: ``reset(seed=s)`` gives env ``i`` its own stream from ``(s, i)`` and each
later episode of an env the next seed of its stream, so a run reproduces. Under Dou Dizhu's
``douzero`` dealer (whose numpy generator takes a 32-bit seed) an episode deals from the low 32
bits of its seed. ``num_envs``, ``seed`` and ``threads`` (1 to 256) are non-negative ints: a
bool, a float or a string raises ``ValueError``, as in ``play_batch``. The memory the envs
need (Rust's and these arrays, the masks included) is reckoned from the arguments before any is
allocated: past 4 GiB, ``MemoryError`` names the limit (ask for fewer envs).

A wrong action (a shape other than ``(num_envs,)``, a non-integer dtype, an id out of range
or not legal in its env) raises ``ValueError`` naming the env and the action before any env
moves; so does ``step`` before ``reset``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _native

try:  # the Gymnasium base class and spaces, when Gymnasium is installed
    import gymnasium as _gym
    from gymnasium.vector import VectorEnv as _VectorBase

    try:
        from gymnasium.vector import AutoresetMode as _AutoresetMode
    except ImportError:  # Gymnasium before 1.1
        _AutoresetMode = None
except ImportError:  # pragma: no cover - exercised without gymnasium only
    _gym = None
    _VectorBase = object
    _AutoresetMode = None

__all__ = [
    "VectorEnv",
    "ROLES",
    "GAMES",
    "role_name",
    "play_batch",
    "douzero_action_features",
    "DOUZERO_X",
]

#: The width of DouZero's ``x_no_action`` in the ``douzero`` observation (a peasant's; the
#: landlord's 319 are followed by zeros); ``z`` follows it.
DOUZERO_X = 430

#: The games, by the name the environments take.
GAMES = ("doudizhu", "daifugo", "kabu")

#: The values an observation holds, by ``obs_type``, as the observation spaces' ``low`` and
#: ``high``: the planes -1 ("none yet") to 127 (a count or a code; the encoders saturate at
#: int8's top, the games stay far below it: at most 20), RLCard's and DouZero's features 0 or 1.
OBS_BOUNDS = {"planes": (-1, 127), "rlcard": (0, 1), "douzero": (0, 1)}


def obs_bounds(obs_type: str) -> tuple:
    """``(low, high)`` of ``obs_type``'s values (see ``OBS_BOUNDS``)."""
    return OBS_BOUNDS.get(str(obs_type).strip().lower(), OBS_BOUNDS["planes"])


#: Each game's role names by the role number the Rust core gives (-1: none yet).
ROLES = {
    "doudizhu": {-1: "undecided", 0: "landlord", 1: "landlord_down", 2: "landlord_up"},
    "daifugo": {-1: "none", 0: "daifugo", 1: "fugo", 2: "heimin", 3: "hinmin", 4: "daihinmin"},
    "kabu": {0: "player", 1: "dealer"},
}


def role_name(game: str, role: int) -> str:
    """The name of role number ``role`` of ``game``.

    >>> role_name("doudizhu", 0)
    'landlord'
    """
    return ROLES[game][int(role)]


def douzero_action_features(ids: Any) -> np.ndarray:
    """DouZero's action rows (``_cards2array`` of each action's cards, ``x_batch``'s last 54
    columns) of Dou Dizhu action ids: int8, ``(len(ids), 54)``; zeros for pass and the auction's
    ids. With the ``douzero`` observation ``obs`` of one env and its legal ids ``legal``,
    DouZero's ``x_batch`` is ``np.hstack((np.repeat(obs[0, :n][None], len(legal), 0),
    douzero_action_features(legal)))`` with ``n`` 319 for the landlord (role 0), else 430.

    >>> douzero_action_features([27471, 0]).shape
    (2, 54)
    """
    ids = [int(i) for i in np.asarray(ids).ravel()]
    return np.frombuffer(_native.douzero_action_rows(ids), dtype=np.int8).reshape(len(ids), 54).copy()


def _check_ints(**values: Any) -> None:
    """Refuses anything but a non-negative int (a bool, a float, a string: no coercion), naming
    the argument: how ``play_batch`` and ``VectorEnv`` read their counts and seeds."""
    for name, v in values.items():
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise ValueError(f"{name} must be a non-negative int (got {v!r})")


def _policy_list(game: str, rules: Any, policies: Any) -> list:
    if policies is None:
        return ["random"]
    if isinstance(policies, str):
        return [policies]
    if isinstance(policies, dict):
        n = _native.Env(game, rules, 0).num_players
        names = ["random"] * n
        for seat, name in policies.items():
            p = int(str(seat).removeprefix("player_")) if isinstance(seat, (str, int)) else -1
            if not 0 <= p < n:
                raise ValueError(f"policies: seat {seat!r} is not a player of {game} (0..{n - 1})")
            names[p] = str(name)
        return names
    names = [str(x) for x in policies]
    if not names:
        raise ValueError("policies: name at least one built-in player")
    return names


def play_batch(
    game: str,
    num_games: int,
    policies: Any = "random",
    rules: str | None = None,
    seed: int = 0,
    threads: int = 1,
    obs_type: str = "planes",
    tuples: bool = True,
    records: bool = True,
) -> dict[str, Any]:
    """Self-play data: ``num_games`` whole games of ``game`` played by built-in players in Rust
    (the GIL released, on ``threads`` threads), returned as game records and training tuples.

    ``policies`` is one built-in player's name for every seat (``"random"``), a list of one name
    per player, or a dict ``{seat: name}`` (other seats ``random``); the names are the game's
    registry's (``doudizhu.Bot.names()``...). Game ``i`` deals from seed stream ``seeds[i]``
    (derived from ``seed`` and ``i``) and its players are seeded from that stream, so a batch
    reproduces from its seed, whatever the number of threads. Under the ``douzero`` dealer
    (``rules="douzero"``: DouZero's numpy generator takes a 32-bit seed) game ``i`` deals from
    the low 32 bits of its stream, ``seeds[i] & 0xFFFFFFFF``.

    Per game (``num_games`` rows): ``records`` (the JSON of the game's ``record()``, which the
    game module's ``Game.from_record`` replays), ``seeds`` (uint64), ``game_returns`` (float32,
    ``num_games x num_players``) and ``game_offsets`` (uint64, ``num_games + 1``: game ``i``'s
    tuples are ``game_offsets[i]:game_offsets[i+1]``). Per decision, in game order: ``obs``
    (int8, the acting player's observation before it acts, in ``obs_type``'s encoding),
    ``actions`` (int64 ids), ``players`` (int32), ``roles`` (int8), ``returns`` (float32: that
    player's final return), ``game_ids`` (int32), and the legal ids then: ``legal_ids`` (uint32)
    with ``legal_offsets`` (uint64, one more than the decisions). ``tuples=False`` leaves the
    per-decision arrays empty, ``records=False`` the records.

    >>> b = play_batch("kabu", 4, policies=["random", "house"], seed=1)
    >>> len(b["records"]), b["game_returns"].shape, b["obs"].shape[1:]
    (4, (4, 2), (6, 7))
    >>> bool((b["returns"] == b["game_returns"][b["game_ids"], b["players"]]).all())
    True

    Bad input (an unknown game, rules or player name, ``num_games`` or ``threads`` out of range,
    a list of names that is neither one nor one a player) raises ``ValueError`` saying which;
    so do training tuples past the limit of 2 GiB, as soon as they pass it (ask for fewer
    games, or ``tuples=False``). The games are held once in Rust while played and once in the returned
    arrays, never more; Ctrl-C raises ``KeyboardInterrupt`` between moves.
    """
    game = str(game).strip().lower()
    _check_ints(num_games=num_games, threads=threads, seed=seed)
    names = _policy_list(game, rules, policies)
    raw = _native.play_batch_raw(
        game, int(num_games), names, rules, int(seed), int(threads), obs_type, bool(tuples), bool(records)
    )
    np_ = raw["num_players"]
    # the big arrays are read in place from the bytearrays Rust filled (no copy)
    offsets = np.frombuffer(raw["game_offsets"], dtype=np.uint64).copy()
    game_returns = np.frombuffer(raw["returns"], dtype=np.float32).reshape(-1, np_)
    players = np.frombuffer(raw["players"], dtype=np.int32)
    game_ids = np.repeat(np.arange(len(offsets) - 1, dtype=np.int32), np.diff(offsets).astype(np.int64))
    return {
        "records": raw["records"],
        "seeds": np.frombuffer(raw["seeds"], dtype=np.uint64),
        "game_returns": game_returns,
        "game_offsets": offsets,
        "obs": np.frombuffer(raw["obs"], dtype=np.int8).reshape(-1, *raw["obs_shape"]),
        "actions": np.frombuffer(raw["actions"], dtype=np.uint32).astype(np.int64),
        "players": players,
        "roles": np.frombuffer(raw["roles"], dtype=np.int8),
        "returns": game_returns[game_ids, players] if len(players) else np.zeros(0, np.float32),
        "game_ids": game_ids if len(players) else np.zeros(0, np.int32),
        "legal_ids": np.frombuffer(raw["legal_ids"], dtype=np.uint32),
        "legal_offsets": np.frombuffer(raw["legal_offsets"], dtype=np.uint64).copy(),
    }


class VectorEnv(_VectorBase):  # type: ignore[misc, valid-type]
    """``num_envs`` games of ``game`` stepped together in Rust (see the module docs)."""

    metadata: dict[str, Any] = {
        "autoreset_mode": _AutoresetMode.NEXT_STEP if _AutoresetMode else "NextStep",
    }

    def __init__(
        self,
        game: str = "doudizhu",
        num_envs: int = 1,
        rules: str | None = None,
        seed: int = 0,
        threads: int = 1,
        masks: bool = False,
        obs_type: str = "planes",
        **_: Any,
    ) -> None:
        self.game = str(game).strip().lower()
        _check_ints(num_envs=num_envs, seed=seed, threads=threads)
        self._core = _native.VecEnv(
            self.game, int(num_envs), rules, int(seed), int(threads), obs_type, bool(masks)
        )
        n = self._core.num_envs
        self.num_envs = n
        self.num_players = self._core.num_players
        self.num_actions = self._core.num_actions
        self.rules = rules
        self.obs_shape = tuple(self._core.obs_shape)
        self._obs = np.zeros((n, *self.obs_shape), dtype=np.int8)
        self._rewards = np.zeros((n, self.num_players), dtype=np.float32)
        self._term = np.zeros(n, dtype=np.bool_)
        self._trunc = np.zeros(n, dtype=np.bool_)
        self._players = np.zeros(n, dtype=np.int32)
        self._roles = np.zeros(n, dtype=np.int8)
        self._offsets = np.zeros(n + 1, dtype=np.uint64)
        self._values = np.zeros(max(64, 64 * n), dtype=np.uint32)
        self._env_id = np.arange(n, dtype=np.int32)
        self._masks = np.zeros((n, self.num_actions), dtype=np.int8) if masks else None
        self._started = False
        if _gym is not None:
            from gymnasium import spaces

            low, high = obs_bounds(obs_type)
            self.single_observation_space = spaces.Box(low, high, self.obs_shape, np.int8)
            self.observation_space = spaces.Box(low, high, (n, *self.obs_shape), np.int8)
            self.single_action_space = spaces.Discrete(self.num_actions)
            self.action_space = spaces.MultiDiscrete(np.full(n, self.num_actions))

    def _collect(self) -> dict[str, Any]:
        total = self._core.write(
            self._obs,
            self._rewards,
            self._term.view(np.uint8),
            self._trunc.view(np.uint8),
            self._players,
            self._roles,
            self._offsets,
            self._values,
        )
        if total > len(self._values):
            self._values = np.zeros(2 * total, dtype=np.uint32)
            self._core.write_values(self._values)
        infos = {
            "current_player": self._players,
            "role": self._roles,
            "legal_ids": self._values[:total],
            "legal_offsets": self._offsets,
            "env_id": self._env_id,
        }
        if self._masks is not None:
            self._core.write_masks(self._masks)
            infos["action_mask"] = self._masks
        return infos

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deals every env anew: ``(obs, infos)``."""
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0
        ):
            raise ValueError(f"seed must be a non-negative int or None (got {seed!r})")
        self._core.reset(None if seed is None else int(seed))
        self._started = True
        return self._obs, self._collect()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action id per env: ``(obs, rewards, terminations, truncations, infos)``."""
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(
                f"actions must have shape ({self.num_envs},), one id per env (got {a.shape})"
            )
        if a.dtype.kind not in "iu":
            bad = next((i for i, x in enumerate(a.ravel()) if not float(x).is_integer()), 0)
            raise ValueError(
                f"actions must be integers (dtype {a.dtype}); env {bad}: action {a.ravel()[bad]!r}"
            )
        if a.dtype.kind == "u" and a.size and int(a.max()) > np.iinfo(np.int64).max:
            i = int(a.argmax())
            raise ValueError(f"env {i}: action {int(a[i])} is out of range (0..{self.num_actions})")
        self._core.step(np.ascontiguousarray(a, dtype=np.int64))
        return self._obs, self._rewards, self._term, self._trunc, self._collect()

    def action_text(self, action_id: int) -> str:
        """The text of an action id (``'pass'``, ``'333444'``, ``'stake 1 0 0 1'`` ...)."""
        return self._core.action_text(int(action_id))

    def close(self, **kwargs: Any) -> None:
        """Nothing to release (the buffers go with the object)."""

    def __repr__(self) -> str:
        return f"VectorEnv({self.game!r}, num_envs={self.num_envs}, rules={self.rules!r})"
