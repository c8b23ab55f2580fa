#!/usr/bin/env python3
"""The test agent of tests/cards-web/agent.rs and web-tests/agent.spec.js (a copy of the `cards`
command's, crates/cards-cli/tests/agent/agent.py): `agent.py MODE [LOG]`.

MODE: first, last (the index of the first or last legal action), text (the first legal action
as its text), exit (status 3 at the first question), garbage, illegal (an index past the legal
actions), long (a line of 100000 bytes), sleep (never answers). Each question is appended to LOG when given."""
import json
import sys
import time

mode = sys.argv[1]
log = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    legal = json.loads(line)["legal"]
    if mode == "first":
        print(0)
    elif mode == "last":
        print(len(legal) - 1)
    elif mode == "text":
        print(json.dumps(legal[0]))
    elif mode == "exit":
        sys.exit(3)
    elif mode == "garbage":
        print("hello")
    elif mode == "illegal":
        print(len(legal))
    elif mode == "long":
        print("7" * 100000)
    elif mode == "sleep":
        time.sleep(60)
    sys.stdout.flush()
