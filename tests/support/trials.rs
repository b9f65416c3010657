//! A small test runner for the data-driven suites: libtest's command line (filters,
//! `--exact`, `--skip`, `--list`, `--test-threads`) and output format, with each trial's
//! detail line printed right after its `ok` line (libtest-mimic prints a trial's own
//! output before its result line, since the result is only known afterwards).

use libtest_mimic::Arguments;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{mpsc, Mutex};
use std::time::Instant;

/// What a trial returns: its detail line on success, the failure message otherwise.
pub type Outcome = Result<String, String>;

pub struct Trial {
    pub name: String,
    run: Box<dyn FnOnce() -> Outcome + Send>,
}

impl Trial {
    pub fn new(name: impl Into<String>, run: impl FnOnce() -> Outcome + Send + 'static) -> Trial {
        Trial { name: name.into(), run: Box::new(run) }
    }
}

fn selected(args: &Arguments, name: &str) -> bool {
    let matches = |pattern: &str| if args.exact { name == pattern } else { name.contains(pattern) };
    args.filter.as_deref().is_none_or(matches) && !args.skip.iter().any(|s| matches(s))
}

fn run_one(trial: Trial) -> (String, Outcome) {
    let Trial { name, run } = trial;
    let outcome = catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panicked".into());
        Err(format!("panicked: {message}"))
    });
    (name, outcome)
}

/// Runs the selected trials and exits: status 0 when all pass, 101 otherwise.
pub fn run(args: &Arguments, trials: Vec<Trial>) -> ! {
    let started = Instant::now();
    let total = trials.len();
    let trials: Vec<Trial> = trials.into_iter().filter(|t| selected(args, &t.name)).collect();
    let filtered_out = total - trials.len();
    if args.list {
        for t in &trials {
            println!("{}: test", t.name);
        }
        println!("\n{} tests, 0 benchmarks", trials.len());
        std::process::exit(0);
    }
    println!("\nrunning {} tests", trials.len());
    let threads =
        args.test_threads.or_else(|| std::thread::available_parallelism().ok().map(Into::into)).unwrap_or(1).max(1);
    let count = trials.len();
    let queue = Mutex::new(trials.into_iter());
    let (sender, receiver) = mpsc::channel();
    let mut failures = Vec::new();
    let mut passed = 0;
    std::thread::scope(|scope| {
        for _ in 0..threads.min(count.max(1)) {
            let sender = sender.clone();
            let queue = &queue;
            scope.spawn(move || loop {
                let Some(trial) = queue.lock().unwrap().next() else { break };
                if sender.send(run_one(trial)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut out = std::io::stdout().lock();
        for (name, outcome) in receiver.iter().take(count) {
            match outcome {
                Ok(detail) => {
                    passed += 1;
                    let _ = writeln!(out, "test {name} ... ok");
                    if !detail.is_empty() {
                        let _ = writeln!(out, "    {detail}");
                    }
                }
                Err(message) => {
                    let _ = writeln!(out, "test {name} ... FAILED");
                    failures.push((name, message));
                }
            }
            let _ = out.flush();
        }
    });
    if !failures.is_empty() {
        println!("\nfailures:\n");
        for (name, message) in &failures {
            println!("---- {name} ----\n{message}\n");
        }
        println!("failures:");
        for (name, _) in &failures {
            println!("    {name}");
        }
    }
    println!(
        "\ntest result: {}. {passed} passed; {} failed; 0 ignored; 0 measured; {filtered_out} filtered out; finished in {:.2}s\n",
        if failures.is_empty() { "ok" } else { "FAILED" },
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    std::process::exit(if failures.is_empty() { 0 } else { 101 })
}
