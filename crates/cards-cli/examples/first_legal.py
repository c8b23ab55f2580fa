#!/usr/bin/env python3
"""An agent for `cards ... exec:python3 first_legal.py`: plays the first legal action."""
import json
import sys

for line in sys.stdin:  # one decision a line
    question = json.loads(line)  # {"game", "seat", "observation", "legal"}
    print(0, flush=True)  # the index of the first legal action (or its text: json.dumps(question["legal"][0]))
