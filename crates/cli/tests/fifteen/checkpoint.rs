//! `fifteen analyze --checkpoint DIR --layer-log FILE`, run as a user runs it: a run stopped
//! midway resumes from its last complete layer and ends with the answer of an uninterrupted
//! run, the layer log holding each layer once across the runs; the plan is said on stderr.

use serde_json::Value;
use slide_testing::{json_lines, scratch, stderr};

use super::fifteen;

/// The layers of a layer log: depth, positions found, positions reached.
fn layers(log: &std::path::Path) -> Vec<(u64, u64, u64)> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| (v["depth"].as_u64().unwrap(), v["new"].as_u64().unwrap(), v["total"].as_u64().unwrap()))
        .collect()
}

#[test]
fn a_stopped_analysis_resumes_from_its_checkpoint_with_the_same_answer() {
    for metric in ["stm", "mtm"] {
        let whole = fifteen(&["analyze", "--size", "3x3", "--metric", metric, "--json", "--quiet"]);
        assert!(whole.status.success(), "{}", stderr(&whole));
        let whole = &json_lines(&whole)[0];
        let histogram: Vec<u64> = whole["histogram"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();

        let dir = scratch(&format!("analyze-checkpoint-{metric}"));
        let (ck, log) = (dir.join("bfs"), dir.join("layers.jsonl"));
        let (ck, log) = (ck.to_str().unwrap(), log.to_str().unwrap());
        let run = |extra: &[&str]| {
            let args = [
                &["analyze", "--size", "3x3", "--metric", metric, "--json", "--checkpoint", ck, "--layer-log", log],
                extra,
            ]
            .concat();
            fifteen(&args)
        };
        // Stopped after a third of the successors: exit 3, the plan said first.
        let stopped = run(&["--max-nodes", "150000"]);
        assert_eq!(stopped.status.code(), Some(3), "{}", stderr(&stopped));
        let said = stderr(&stopped);
        assert!(said.contains("181,440 positions, two bits a position") && said.contains("checkpoints in"), "{said}");
        let before = layers(std::path::Path::new(log)).len();
        assert!(before > 0 && before + 1 < histogram.len(), "{before} layers of {}", histogram.len());

        let resumed = run(&[]);
        assert!(resumed.status.success(), "{}", stderr(&resumed));
        assert!(stderr(&resumed).contains("resumed from the checkpoint of layer"), "{}", stderr(&resumed));
        let v = &json_lines(&resumed)[0];
        assert_eq!((&v["histogram"], &v["antipodes"]), (&whole["histogram"], &whole["antipodes"]), "{metric}");
        // Each layer once, in order, as the uninterrupted run found them.
        let mut total = 1;
        let want: Vec<(u64, u64, u64)> = histogram
            .iter()
            .enumerate()
            .skip(1)
            .map(|(d, &n)| {
                total += n;
                (d as u64, n, total)
            })
            .collect();
        assert_eq!(layers(std::path::Path::new(log)), want, "{metric}");
    }
}
