"""Self-play over a two-node Ray cluster (``examples/ray_selfplay.py --local-nodes 2 --check``):
both nodes play, and the totals equal the same seeds played in one process.

Ray announces the machine's other addresses even when told 127.0.0.1, so the cluster runs in
a network namespace with only the loopback interface up (``unshare -rn``: a user namespace
maps us to root in it, so no privilege is needed). Under ``CI=true`` a missing or broken Ray
fails the run instead of skipping."""

import json
import os
import shutil
import signal
import subprocess
import sys

import pytest

CI = os.environ.get("CI") == "true"
HERE = os.path.dirname(os.path.abspath(__file__))


def _need(what: str, ok: bool):
    if not ok:
        if CI:
            pytest.fail(f"{what} is needed under CI=true")
        pytest.skip(f"{what} is not available")


def test_two_node_cluster_plays_and_reproduces():
    try:
        import ray  # noqa: F401

        have_ray = True
    except ImportError:
        have_ray = False
    _need("ray", have_ray)
    _need("unshare and ip", shutil.which("unshare") is not None and shutil.which("ip") is not None)
    script = os.path.join(HERE, "..", "examples", "ray_selfplay.py")
    inner = (
        "ip link set lo up && exec "
        f"{sys.executable} {script} --local-nodes 2 --check --envs 32 --steps 100 --seed 5"
    )
    # Its own process group, so a timeout stops Ray's daemons too, not only the script.
    proc = subprocess.Popen(
        ["unshare", "-rn", "sh", "-c", inner],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"},
    )
    try:
        stdout, stderr = proc.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        pytest.fail(f"the cluster did not finish in 300 s: {stderr[-4000:]}")
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    assert proc.returncode == 0 and lines, (proc.returncode, stdout[-2000:], stderr[-4000:])
    out = json.loads(lines[-1])
    assert out["nodes"] == 2, out
    assert out["equal_in_process"] is True, out
    assert out["episodes"] > 0 and out["steps"] == 2 * 32 * 100, out
