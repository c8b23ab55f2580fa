"""The `cards` command line the tests compare against: $CARDS_BIN, else the workspace's
target/{release,debug}/cards (or $CARGO_TARGET_DIR's); None when none is built."""

import json
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[3]


def find():
    if os.environ.get("CARDS_BIN"):
        return os.environ["CARDS_BIN"]
    for d in (os.environ.get("CARGO_TARGET_DIR"), ROOT / "target"):
        for profile in ("release", "debug"):
            p = pathlib.Path(d or "") / profile / "cards"
            if d and p.is_file():
                return str(p)
    return None


def batch(args, lines):
    """Runs `cards ARGS --batch` on JSON lines; returns the answers, parsed."""
    cli = find()
    text = "".join(json.dumps(l) + "\n" for l in lines)
    p = subprocess.run([cli, *args, "--batch"], input=text.encode(), capture_output=True, check=True, timeout=300)
    return [json.loads(l) for l in p.stdout.splitlines()]
