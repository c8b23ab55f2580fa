"""Writes crates/doudizhu/data/rlcard_action_space.txt from the installed rlcard package (run once, with
rlcard==1.2.0 installed): RLCard's Dou Dizhu action ids, one token a line, id = line number
among the non-comment lines. tests/test_rlcard.py checks the tokens' sha256 and that they equal the
installed package's table.

    python tools/export_rlcard_table.py
"""

import pathlib
import zipfile

import rlcard

SOURCE = pathlib.Path(rlcard.__file__).parent / "games" / "doudizhu" / "jsondata.zip"
# the table lives in the doudizhu crate (doudizhu::encode reads it), beside this package
TARGET = pathlib.Path(__file__).resolve().parents[2] / "doudizhu" / "data" / "rlcard_action_space.txt"


def main() -> None:
    with zipfile.ZipFile(SOURCE) as z:
        tokens = z.read("jsondata/action_space.txt").decode().split()
    assert len(tokens) == 27472, len(tokens)
    header = (
        f"# RLCard {rlcard.__version__} Dou Dizhu action ids (jsondata/action_space.txt): one token a line,\n"
        "# id = position among the lines not starting with '#'. Written by tools/export_rlcard_table.py.\n"
    )
    TARGET.write_text(header + "\n".join(tokens) + "\n")


if __name__ == "__main__":
    main()
