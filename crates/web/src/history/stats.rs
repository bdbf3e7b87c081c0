//! Statistics as speedsolvers count them (the WCA's rules, as csTimer and slidysim apply
//! them): the best and the latest single, mean of 3, and averages of 5, 12, 50 and 100, for
//! times, moves and moves per second.
//!
//! - An average of N (N of 5 or more) sorts its N results, drops the best and the worst 5%
//!   of them, rounded up (one each for ao5 and ao12, three for ao50, five for ao100), and
//!   takes the mean of the rest.
//! - A DNF counts as the worst result: an average with more DNFs than it drops is a DNF.
//! - A mean of 3 drops nothing: one DNF makes it a DNF.
//! - "Current" is the window that ends at the latest attempt; "best" the best of every
//!   window of N consecutive attempts (the earliest of equals).
//!
//! ```
//! use slide_web::history::stats::{average_of, Better, Mark};
//! // ao5 of 10, 12, 11, DNF, 9: the DNF and the 9 dropped, the mean of 10, 11, 12.
//! let five = [Some(10.0), Some(12.0), Some(11.0), None, Some(9.0)];
//! assert_eq!(average_of(&five, Better::Lower), Mark::Value(11.0));
//! // Two DNFs in an ao5: a DNF.
//! let two = [Some(10.0), None, Some(11.0), None, Some(9.0)];
//! assert_eq!(average_of(&two, Better::Lower), Mark::Dnf);
//! ```

use serde::Serialize;

/// Which way a measure improves: times and moves are better lower, moves per second higher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Better {
    /// Less is better (time, moves).
    Lower,
    /// More is better (moves per second).
    Higher,
}

/// One result, or one average: a number, or a DNF.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "value")]
pub enum Mark {
    /// A number (milliseconds, moves, or moves per second).
    Value(f64),
    /// Did not finish.
    Dnf,
}

impl Mark {
    /// Whether `self` is strictly better than `other` (a DNF is worse than every number).
    pub fn beats(self, other: Mark, better: Better) -> bool {
        match (self, other) {
            (Mark::Value(a), Mark::Value(b)) => match better {
                Better::Lower => a < b,
                Better::Higher => a > b,
            },
            (Mark::Value(_), Mark::Dnf) => true,
            (Mark::Dnf, _) => false,
        }
    }
}

/// The statistics kept, as speedsolvers name them, with the attempts each takes.
pub const KINDS: [(&str, usize); 6] =
    [("single", 1), ("mo3", 3), ("ao5", 5), ("ao12", 12), ("ao50", 50), ("ao100", 100)];

/// How many results an average of `n` drops at each end: 5% rounded up, none below 5.
pub fn trimmed(n: usize) -> usize {
    match n {
        0..=4 => 0,
        n => n.div_ceil(20),
    }
}

/// The mark of one window of results (`None` a DNF): a single's own, a mean of 3 (no drops),
/// or an average of 5 or more (WCA: the best and worst 5% dropped, DNFs the worst).
pub fn average_of(window: &[Option<f64>], better: Better) -> Mark {
    let trim = trimmed(window.len());
    let dnfs = window.iter().filter(|v| v.is_none()).count();
    if window.is_empty() || dnfs > trim {
        return Mark::Dnf;
    }
    let mut values: Vec<f64> = window.iter().flatten().copied().collect();
    values.sort_by(f64::total_cmp);
    if better == Better::Higher {
        values.reverse();
    }
    // Best first; the DNFs (at most `trim`) are the worst, already left out.
    let kept = &values[trim..window.len() - trim];
    Mark::Value(kept.iter().sum::<f64>() / kept.len() as f64)
}

/// One statistic: the window ending at the latest attempt, and the best window.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Statistic {
    /// `single`, `mo3`, `ao5`, `ao12`, `ao50`, `ao100`.
    pub kind: &'static str,
    /// Its latest value (null: fewer attempts than it takes).
    pub current: Option<Mark>,
    /// Its best value (null: fewer attempts than it takes).
    pub best: Option<Mark>,
    /// The index, among the attempts given, of the last attempt of the best window.
    pub best_at: Option<usize>,
}

/// Every statistic of `results` (in the order they were made).
pub fn statistics(results: &[Option<f64>], better: Better) -> Vec<Statistic> {
    KINDS
        .iter()
        .map(|&(kind, n)| {
            if results.len() < n {
                return Statistic { kind, current: None, best: None, best_at: None };
            }
            let mut best: Option<(Mark, usize)> = None;
            for end in n..=results.len() {
                let mark = average_of(&results[end - n..end], better);
                if best.is_none_or(|(b, _)| mark.beats(b, better)) {
                    best = Some((mark, end - 1));
                }
            }
            let current = average_of(&results[results.len() - n..], better);
            Statistic { kind, current: Some(current), best: best.map(|b| b.0), best_at: best.map(|b| b.1) }
        })
        .collect()
}

/// The statistics the latest result improved: those whose best window is the one that ends
/// with it and beats every earlier window (a personal best).
pub fn personal_bests(results: &[Option<f64>], better: Better) -> Vec<&'static str> {
    let Some(last) = results.len().checked_sub(1) else { return Vec::new() };
    let before = statistics(&results[..last], better);
    statistics(results, better)
        .into_iter()
        .zip(before)
        .filter(|(now, then)| match (now.best, then.best) {
            (Some(b), None) => now.best_at == Some(last) && b != Mark::Dnf,
            (Some(b), Some(old)) => b.beats(old, better),
            _ => false,
        })
        .map(|(now, _)| now.kind)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rules again, written the slow way: every window rebuilt, sorted with DNFs as
    /// infinities, trimmed by the percentage, compared by value.
    fn naive(results: &[Option<f64>], n: usize, better: Better) -> Option<(Mark, Mark)> {
        if results.len() < n {
            return None;
        }
        let sign = if better == Better::Lower { 1.0 } else { -1.0 };
        let window_mark = |w: &[Option<f64>]| -> Mark {
            let mut keys: Vec<f64> = w.iter().map(|v| v.map_or(f64::INFINITY, |x| sign * x)).collect();
            keys.sort_by(|a, b| a.partial_cmp(b).unwrap());
            let drop = if n >= 5 { ((n as f64) * 0.05).ceil() as usize } else { 0 };
            let kept = &keys[drop..n - drop];
            if kept.iter().any(|k| k.is_infinite()) {
                Mark::Dnf
            } else {
                Mark::Value(sign * kept.iter().sum::<f64>() / kept.len() as f64)
            }
        };
        let marks: Vec<Mark> = (n..=results.len()).map(|e| window_mark(&results[e - n..e])).collect();
        let key = |m: &Mark| match m {
            Mark::Value(v) => sign * v,
            Mark::Dnf => f64::INFINITY,
        };
        let best = marks.iter().copied().fold(Mark::Dnf, |b, m| if key(&m) < key(&b) { m } else { b });
        Some((*marks.last().unwrap(), best))
    }

    fn close(a: Option<Mark>, b: Option<Mark>) -> bool {
        match (a, b) {
            (Some(Mark::Value(x)), Some(Mark::Value(y))) => (x - y).abs() <= 1e-9 * x.abs().max(1.0),
            (a, b) => a == b,
        }
    }

    #[test]
    fn the_wca_examples() {
        let s = |v: &[f64]| v.iter().map(|&x| Some(x)).collect::<Vec<_>>();
        // ao12: the best and the worst dropped, the mean of the ten others.
        let twelve = s(&[5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 100.0]);
        assert_eq!(average_of(&twelve, Better::Lower), Mark::Value(10.5));
        // One DNF in an ao12 is the one dropped at the top; two make a DNF.
        let mut one = twelve.clone();
        one[11] = None;
        assert_eq!(average_of(&one, Better::Lower), Mark::Value(10.5));
        one[0] = None;
        assert_eq!(average_of(&one, Better::Lower), Mark::Dnf);
        // A mean of 3 drops nothing.
        assert_eq!(average_of(&s(&[3.0, 4.0, 8.0]), Better::Lower), Mark::Value(5.0));
        assert_eq!(average_of(&[Some(3.0), None, Some(8.0)], Better::Lower), Mark::Dnf);
        // ao50 drops three at each end, ao100 five.
        assert_eq!((trimmed(5), trimmed(12), trimmed(50), trimmed(100)), (1, 1, 3, 5));
        // Moves per second: the highest is the best, and a DNF still the worst.
        let rates = [Some(2.0), Some(9.0), None, Some(4.0), Some(3.0)];
        assert_eq!(average_of(&rates, Better::Higher), Mark::Value(3.0));
    }

    #[test]
    fn a_personal_best_is_named_when_it_happens() {
        let mut results = vec![Some(20.0), Some(19.0), Some(25.0), Some(22.0)];
        results.push(Some(18.0));
        assert_eq!(personal_bests(&results, Better::Lower), vec!["single", "ao5"]);
        results.push(Some(30.0));
        assert!(personal_bests(&results, Better::Lower).is_empty());
        results.push(None);
        assert!(personal_bests(&results, Better::Lower).is_empty(), "a DNF is never a best");
    }

    proptest! {
        #[test]
        fn the_statistics_are_the_rules(
            results in proptest::collection::vec(proptest::option::weighted(0.85, 1.0f64..1e5), 0..130),
            higher in any::<bool>(),
        ) {
            let better = if higher { Better::Higher } else { Better::Lower };
            for s in statistics(&results, better) {
                let n = KINDS.iter().find(|k| k.0 == s.kind).unwrap().1;
                let expected = naive(&results, n, better);
                prop_assert!(close(s.current, expected.map(|e| e.0)), "{} current {:?} {:?}", s.kind, s.current, expected);
                prop_assert!(close(s.best, expected.map(|e| e.1)), "{} best {:?} {:?}", s.kind, s.best, expected);
                if let (Some(at), Some(best)) = (s.best_at, s.best) {
                    prop_assert!(close(Some(average_of(&results[at + 1 - n..=at], better)), Some(best)));
                }
            }
        }
    }
}
