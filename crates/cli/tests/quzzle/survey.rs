//! `quzzle survey`: the same records as the library's survey, streamed as JSON Lines, the
//! text summary, the cross-check with dnomd343/klotski's figures, and refusals.

use std::ops::ControlFlow;

use quzzle::survey::{survey, Counts, Record, SurveyOptions};
use serde_json::Value;
use slide_core::progress::NoProgress;
use slide_core::search::Limits;
use slide_testing::{json_lines, stderr, stdout};

use super::quzzle;

/// `value` without the keys that differ from run to run (times, threads).
fn steady(mut value: Value) -> Value {
    if let Some(map) = value.as_object_mut() {
        map.remove("seconds");
        map.remove("threads");
        map.remove("memory_bound");
    }
    value
}

#[test]
fn the_binary_writes_the_librarys_records() {
    let counts = Counts { horizontal: 1, vertical: 1, singles: 1 };
    let out = quzzle(&["survey", "--type", "1,1,1", "--locate", "AABB/AACD/..C./..../....", "--json", "--quiet"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let records = json_lines(&out);

    let options = SurveyOptions {
        only: Some(vec![counts]),
        locate: vec!["AABB/AACD/..C./..../....".parse().unwrap()],
        ..SurveyOptions::default()
    };
    let groups = std::sync::Mutex::new(Vec::new());
    let done = survey(&options, &Limits::default(), &NoProgress, &|t| {
        groups.lock().unwrap().extend(t.groups.iter().copied());
        ControlFlow::Continue(())
    })
    .unwrap();
    let mut expected: Vec<Value> =
        groups.into_inner().unwrap().iter().map(|g| serde_json::to_value(Record::Group(g)).unwrap()).collect();
    expected.extend(done.types.iter().map(|t| serde_json::to_value(Record::Type(t)).unwrap()));
    expected.push(serde_json::to_value(Record::Summary(&done.summary)).unwrap());

    assert!(records.iter().all(|r| r["puzzle"] == "quzzle"));
    let got: Vec<Value> = records
        .into_iter()
        .map(|mut r| {
            r.as_object_mut().unwrap().remove("puzzle");
            steady(r)
        })
        .collect();
    let expected: Vec<Value> = expected.into_iter().map(steady).collect();
    // Group records come in the order types finish: one type here, so the same order.
    assert_eq!(got, expected);
    let summary = got.last().unwrap();
    assert_eq!(summary["record"], "summary");
    assert_eq!(summary["located"][0]["type_id"], done.types[0].type_id);
    let sizes: u64 = got.iter().filter(|r| r["record"] == "group").map(|r| r["size"].as_u64().unwrap()).sum();
    assert_eq!(sizes, summary["layouts"].as_u64().unwrap(), "the groups split the layouts");
}

#[test]
fn the_classic_type_is_checked_against_dnomd343s_figures() {
    let out = quzzle(&["survey", "--type", "1,4,4", "--check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("check: the classic start's group 25,955 (dnomd343/klotski: 25,955): agrees"), "{err}");
    assert!(err.contains("check: the classic start's moves to the goal 81 (dnomd343/klotski: 81): agrees"), "{err}");
    assert!(err.contains("65,880 layouts in 1 type, ") && err.contains("(1 type at once)"), "{err}");
    let text = stdout(&out);
    assert!(text.contains("65,880 layouts in 1 type and "), "{text}");
    assert!(text.contains("81 moves to the goal"), "{text}");
}

#[test]
fn bad_types_and_bounds_are_refused() {
    let out = quzzle(&["survey", "--type", "1,4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("\"1,4\" is not a type"), "{}", stderr(&out));

    let out = quzzle(&["survey", "--type", "0,7,0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no layout has"), "{}", stderr(&out));

    let out = quzzle(&["survey", "--type", "1,4,4", "--max-searches", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));

    let out = quzzle(&["survey", "--type", "1,4,4", "--max-memory", "1M"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("more than the 1.0 MiB allowed"), "{}", stderr(&out));

    let out = quzzle(&["survey", "--type", "1,4,4", "--timeout", "0.001", "--json"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("survey stopped: time limit"), "{}", stderr(&out));
}

/// Ctrl-C stops a survey where it is: between groups, and between a group's diameter
/// searches (the largest type is nearly one group of 964,656 layouts, whose searches take
/// seconds; they once ran on until the grace period's forced exit).
#[test]
fn ctrl_c_stops_a_survey_within_a_group() {
    let child = super::program()
        .command(&["survey", "--type", "1,1,6", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (o, _) = slide_testing::contract::interrupt(child, std::time::Duration::from_millis(2500));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("quzzle: interrupted by Ctrl-C"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("could not stop sooner"), "{}", stderr(&o));
}

/// The options every subcommand shares that the survey has no use for are refused.
#[test]
fn options_the_survey_does_not_use_are_refused() {
    for args in [["--max-nodes", "5"], ["--goal", "...."], ["--heuristic", "goal-distance"]] {
        let out = quzzle(&[&["survey", "--type", "1,4,4"][..], &args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(&format!("{} is not used by `quzzle survey`", args[0])), "{}", stderr(&out));
    }
}
