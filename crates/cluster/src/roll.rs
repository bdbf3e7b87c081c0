//! The roll call at a job's start: every rank says where it runs and, for `solve`, which
//! tables its data directory holds; rank 0 compares them with its own, and every rank gets
//! the same verdict before any work.
//!
//! A rank whose tables differ from rank 0's (another build, another format, a copy damaged
//! and given a new checksum, a set missing that makes it choose another heuristic) would
//! search another tree: handed-out iterations would be cut otherwise on it ([`crate::ida`]
//! leaves such a rank out of each one), and the boards it searches alone ([`crate::batch`])
//! would be searched with its own tables. So the job is refused as a whole, naming the rank,
//! its host and the table. A table is known by the checksum its file stores (its last four
//! bytes), read without reading the table: the facade checks the file against that checksum
//! when it opens it.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use serde::{Deserialize, Serialize};
use slide_core::table::TableSet;

use crate::Transport;

/// One table file as a rank's data directory holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// The file's name in the data directory.
    pub file: String,
    /// Whether its set is built only on request (a rank without it cannot build it on first
    /// use, as it would a small table, and so searches with another heuristic).
    pub large: bool,
    /// The checksum the file stores; None when there is no such file.
    pub checksum: Option<u32>,
}

/// The tables of `sets` in `dir`: those of the set named `heuristic` (the job's), or of
/// every set when the heuristic is the puzzle's default (which depends on what is built).
pub fn marks(sets: &[TableSet], heuristic: Option<&str>, dir: &Path) -> Vec<Mark> {
    let named = sets.iter().any(|s| Some(s.name.as_str()) == heuristic);
    sets.iter()
        .filter(|s| !named || Some(s.name.as_str()) == heuristic)
        .flat_map(|s| s.specs.iter().map(move |spec| (s.large(), spec.file_name())))
        .map(|(large, file)| Mark { checksum: stored_checksum(&dir.join(&file)), file, large })
        .collect()
}

/// The checksum a table file stores in its last four bytes, if it is a file of at least that
/// many.
fn stored_checksum(path: &Path) -> Option<u32> {
    let mut file = File::open(path).ok()?;
    file.seek(SeekFrom::End(-4)).ok()?;
    let mut crc = [0u8; 4];
    file.read_exact(&mut crc).ok()?;
    Some(u32::from_le_bytes(crc))
}

/// What a rank says at the roll call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    /// Its host.
    pub host: String,
    /// Its data directory.
    pub data_dir: String,
    /// Its tables ([`marks`]); empty when the job needs none.
    pub tables: Vec<Mark>,
}

/// Where the ranks run, once the roll call passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    /// Each rank's host, by rank.
    pub hosts: Vec<String>,
}

impl Roll {
    /// The ranks that run on `rank`'s host, itself included: they share its memory.
    pub fn on_host_of(&self, rank: usize) -> usize {
        self.hosts.iter().filter(|h| **h == self.hosts[rank]).count()
    }

    /// The ranks' hosts in words: `3 ranks on 3 hosts: slide1 (rank 0), slide2 (rank 1), ...`.
    pub fn describe(&self) -> String {
        let mut hosts: Vec<(&str, Vec<usize>)> = Vec::new();
        for (rank, host) in self.hosts.iter().enumerate() {
            match hosts.iter_mut().find(|(h, _)| h == host) {
                Some((_, ranks)) => ranks.push(rank),
                None => hosts.push((host, vec![rank])),
            }
        }
        let each: Vec<String> = hosts
            .iter()
            .map(|(host, ranks)| match ranks.as_slice() {
                [rank] => format!("{host} (rank {rank})"),
                [first, .., last] if last - first + 1 == ranks.len() => format!("{host} (ranks {first}-{last})"),
                _ => format!("{host} ({} ranks)", ranks.len()),
            })
            .collect();
        let ranks = self.hosts.len();
        let s = |n: usize| if n == 1 { "" } else { "s" };
        format!("{ranks} rank{} on {} host{}: {}", s(ranks), hosts.len(), s(hosts.len()), each.join(", "))
    }
}

/// A rank whose tables are not rank 0's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error(
    "rank {rank} (on {host}) has other tables than rank 0 (on {lead_host}): {file} {difference} in its data directory \
     {data_dir}; give every rank the same tables (docs/CLUSTER.md, \"How the tables reach the nodes\")"
)]
pub struct TablesDiffer {
    /// The rank.
    pub rank: usize,
    /// Its host.
    pub host: String,
    /// Rank 0's host.
    pub lead_host: String,
    /// Its data directory.
    pub data_dir: String,
    /// The first table that differs.
    pub file: String,
    /// How: `is missing`, `has checksum 1a2b3c4d (rank 0's: 5e6f7a8b)`.
    pub difference: String,
}

/// Why the roll call refused the job.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RollError {
    /// A rank's tables are not rank 0's.
    #[error("{0}")]
    TablesDiffer(Box<TablesDiffer>),
    /// What a rank said did not arrive whole.
    #[error("the roll call did not reach rank 0 whole (a bug): {0}")]
    Garbled(String),
}

/// The first difference between rank 0's call and another's, if one matters.
pub fn compare(calls: &[Call]) -> Result<(), RollError> {
    let Some((lead, others)) = calls.split_first() else { return Ok(()) };
    for (rank, call) in others.iter().enumerate().map(|(i, c)| (i + 1, c)) {
        for ours in &lead.tables {
            let theirs = call.tables.iter().find(|m| m.file == ours.file).and_then(|m| m.checksum);
            let difference = match (ours.checksum, theirs) {
                (Some(o), Some(t)) if o != t => format!("has checksum {t:08x} (rank 0's: {o:08x})"),
                // A small table missing on one side is built there on first use, alike.
                (Some(_), None) if ours.large => "is missing".to_string(),
                (None, Some(_)) if ours.large => "is there and not on rank 0".to_string(),
                _ => continue,
            };
            return Err(RollError::TablesDiffer(Box::new(TablesDiffer {
                rank,
                host: call.host.clone(),
                lead_host: lead.host.clone(),
                data_dir: call.data_dir.clone(),
                file: ours.file.clone(),
                difference,
            })));
        }
    }
    Ok(())
}

/// Collective: every rank's `call` to rank 0, which [`compare`]s them; every rank returns the
/// same verdict.
pub fn call<X: Transport>(net: &X, call: &Call) -> Result<Roll, RollError> {
    let mut outgoing = vec![Vec::new(); net.size()];
    outgoing[0] = serde_json::to_vec(call).expect("plain data");
    let incoming = net.all_to_all(outgoing);
    let verdict: Result<Vec<String>, RollError> = match net.rank() {
        0 => incoming
            .iter()
            .map(|bytes| serde_json::from_slice::<Call>(bytes).map_err(|e| RollError::Garbled(e.to_string())))
            .collect::<Result<Vec<Call>, _>>()
            .and_then(|calls| compare(&calls).map(|()| calls.into_iter().map(|c| c.host).collect())),
        _ => Ok(Vec::new()),
    };
    let verdict = net.broadcast(serde_json::to_vec(&verdict).expect("plain data"));
    let verdict: Result<Vec<String>, RollError> =
        serde_json::from_slice(&verdict).map_err(|e| RollError::Garbled(e.to_string()))?;
    verdict.map(|hosts| Roll { hosts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threads::run_ranks;

    fn call_with(host: &str, checksum: Option<u32>, large: bool) -> Call {
        let mark = Mark { file: "fifteen-pdb663-1.tbl".into(), large, checksum };
        Call { host: host.into(), data_dir: "/tables".into(), tables: vec![mark] }
    }

    #[test]
    fn the_ranks_hosts_are_said_grouped() {
        let roll = Roll { hosts: ["a", "a", "b", "c", "c"].map(String::from).to_vec() };
        assert_eq!(roll.describe(), "5 ranks on 3 hosts: a (ranks 0-1), b (rank 2), c (ranks 3-4)");
        assert_eq!((roll.on_host_of(0), roll.on_host_of(2)), (2, 1));
    }

    #[test]
    fn a_rank_with_other_tables_is_named_with_its_host() {
        let calls = [call_with("n1", Some(1), true), call_with("n2", Some(1), true), call_with("n3", Some(2), true)];
        let e = compare(&calls).unwrap_err();
        assert!(matches!(&e, RollError::TablesDiffer(d) if d.rank == 2 && d.host == "n3"), "{e}");
        assert!(e.to_string().contains("has checksum 00000002 (rank 0's: 00000001)"), "{e}");
        // A large table missing is a difference; a small one is built on first use.
        assert!(compare(&[call_with("n1", Some(1), true), call_with("n2", None, true)]).is_err());
        assert!(compare(&[call_with("n1", Some(1), false), call_with("n2", None, false)]).is_ok());
    }

    #[test]
    fn every_rank_gets_the_verdict() {
        let verdicts = run_ranks(3, |net| {
            let checksum = if net.rank() == 1 { 7 } else { 5 };
            call(&net, &call_with(&format!("h{}", net.rank()), Some(checksum), true)).map_err(|e| e.to_string())
        });
        for v in &verdicts {
            assert!(v.as_ref().unwrap_err().contains("rank 1 (on h1)"), "{v:?}");
        }
        let agreed = run_ranks(2, |net| call(&net, &call_with(&format!("h{}", net.rank()), Some(5), true)));
        assert_eq!(agreed[1].as_ref().unwrap().hosts, ["h0", "h1"]);
    }
}
