"""Where the package is built (issue 33): pip's maturin asks ``cargo metadata`` (run in this
directory) for the target directory; ``.cargo/config.toml`` makes it the workspace's ``target/``,
so the source tree gets no ``crates/cards-py/target`` and a second install reuses the build."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

HERE = pathlib.Path(__file__).resolve().parent.parent  # crates/cards-py


def test_the_build_goes_to_the_workspace_target():
    cargo = shutil.which("cargo")
    if cargo is None and not os.environ.get("CI"):
        pytest.skip("cargo is not installed")
    env = {k: v for k, v in os.environ.items() if k != "CARGO_TARGET_DIR"}
    out = subprocess.run(
        [cargo or "cargo", "metadata", "--format-version", "1", "--no-deps", "--offline"],
        cwd=HERE,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    target = pathlib.Path(json.loads(out.stdout)["target_directory"]).resolve()
    assert target == (HERE.parent.parent / "target").resolve(), target
