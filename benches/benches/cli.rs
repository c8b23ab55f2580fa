//! `cards ... --batch` in-process: the batch loop over 1000 seeded input lines held in memory,
//! answers written to a sink, one group per command (`cli/batch_<game>_<command>`), in lines a
//! second. Parsing each line, running the engine and writing the JSON are all inside.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const LINES: usize = 1000;

fn group(
    c: &mut Criterion,
    command: &str,
    mut answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) {
    let input = benches::batch_input::lines(command, LINES, 0xC11).expect("a known command");
    let mut g = c.benchmark_group(format!("cli/batch_{}", command.replace('-', "_")));
    g.throughput(Throughput::Elements(LINES as u64));
    g.bench_function("lines", |b| {
        b.iter(|| {
            cards_cli::common::batch_loop(
                black_box(input.as_bytes()),
                std::io::sink(),
                &mut answer,
            )
            .expect("in-memory I/O");
        });
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    use cards_cli::{daifugo, doudizhu, kabu};
    let kabu_rules = "default".parse().expect("a preset");
    let ddz = ::doudizhu::Preset::Standard;
    let dfg = ::daifugo::Rules::UECDA;
    group(
        c,
        "kabu-eval",
        kabu::eval_answer(::kabu::Role::Child, kabu_rules),
    );
    group(
        c,
        "kabu-odds",
        kabu::odds_answer(::kabu::Role::Child, kabu_rules, String::new()),
    );
    group(c, "doudizhu-classify", doudizhu::classify_answer(ddz));
    group(c, "doudizhu-lead", doudizhu::lead_answer(ddz));
    group(
        c,
        "doudizhu-follow",
        doudizhu::follow_answer(ddz, None, None),
    );
    group(
        c,
        "daifugo-decompose",
        daifugo::decompose_answer(dfg, false, false),
    );
    group(c, "daifugo-lead", daifugo::lead_answer(dfg));
    group(
        c,
        "daifugo-follow",
        daifugo::follow_answer(dfg, None, [false; 3]),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
