//! The keys of records, and their order: what a front end promises its readers. A record's
//! keys are written as paths (`first.walk`, `moves[].piece`), in the order they first
//! appear; a reader that worked with the keys of yesterday must find them today, in the same
//! order (new keys may come between them).

use serde_json::Value;

/// Every key of `value` as a path, in the order met: the keys of an object, each followed by
/// the keys of its value; the keys of an array's objects under `name[]`, in the order of
/// their first appearance.
///
/// ```
/// let v = serde_json::json!({"a": 1, "b": {"c": [{"d": 1}, {"e": 2, "d": 3}]}});
/// assert_eq!(slide_testing::keys::key_paths(&v), ["a", "b", "b.c", "b.c[].d", "b.c[].e"]);
/// ```
pub fn key_paths(value: &Value) -> Vec<String> {
    let mut paths = Vec::new();
    walk(value, "", &mut paths);
    paths
}

fn walk(value: &Value, prefix: &str, paths: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
                add(paths, path.clone());
                walk(v, &path, paths);
            }
        }
        Value::Array(items) => {
            for item in items {
                walk(item, &format!("{prefix}[]"), paths);
            }
        }
        _ => {}
    }
}

/// Adds `path` unless it is there already.
fn add(paths: &mut Vec<String>, path: String) {
    if !paths.contains(&path) {
        paths.push(path);
    }
}

/// The key paths of several records, merged: each path once, in the order met.
pub fn merged<'a>(records: impl IntoIterator<Item = &'a Value>) -> Vec<String> {
    let mut paths = Vec::new();
    for record in records {
        for path in key_paths(record) {
            add(&mut paths, path);
        }
    }
    paths
}

/// How the keys of a record changed in a way its readers notice.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeysChanged {
    /// Keys of yesterday that are gone.
    #[error("keys gone: {}", .0.join(", "))]
    Gone(Vec<String>),
    /// Two keys of yesterday whose order is now the other way round.
    #[error("keys out of order: {first} now comes after {second}")]
    OutOfOrder {
        /// The key that came first.
        first: String,
        /// The key that came after it.
        second: String,
    },
}

/// Whether the keys of yesterday (`kept`) are all in `now`, in the same order: the keys
/// missing, or the first pair out of order.
///
/// ```
/// use slide_testing::keys::{kept_in, KeysChanged};
/// let s = |v: &[&str]| v.iter().map(|k| k.to_string()).collect::<Vec<_>>();
/// assert!(kept_in(&s(&["a", "c"]), &s(&["a", "b", "c"])).is_ok());
/// assert!(kept_in(&s(&["a", "c"]), &s(&["c", "a"])).unwrap_err().to_string().contains("order"));
/// assert_eq!(kept_in(&s(&["a", "z"]), &s(&["a"])), Err(KeysChanged::Gone(s(&["z"]))));
/// ```
pub fn kept_in(kept: &[String], now: &[String]) -> Result<(), KeysChanged> {
    let missing: Vec<String> = kept.iter().filter(|k| !now.contains(k)).cloned().collect();
    if !missing.is_empty() {
        return Err(KeysChanged::Gone(missing));
    }
    let at = |k: &String| now.iter().position(|n| n == k).unwrap_or(usize::MAX);
    match kept.windows(2).find(|w| at(&w[0]) > at(&w[1])) {
        Some(w) => Err(KeysChanged::OutOfOrder { first: w[0].clone(), second: w[1].clone() }),
        None => Ok(()),
    }
}
