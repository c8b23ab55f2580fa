//! `cards`: the rules of Kabu, Dou Dizhu and Daifugo from the command line, for people (text)
//! and for programs (`--json`, and `--batch` JSON lines on stdin and stdout).

fn main() {
    std::process::exit(cards_cli::main_with_args(std::env::args_os()));
}
