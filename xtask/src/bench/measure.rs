//! Running one benchmarked command as a child process and measuring it honestly: wall time,
//! CPU time and peak resident memory of that process alone.
//!
//! The kernel keeps the peak memory of waited-for children (`getrusage(RUSAGE_CHILDREN)`),
//! but as a maximum over all of them, so xtask would see only its largest child. Each
//! command therefore runs under a fresh `xtask measure` process that has exactly one child:
//! it passes the child's output through and appends one line with the child's figures.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::resource::{getrusage, UsageWho};
use nix::sys::time::TimeVal;
use serde_json::{json, Value};

/// The prefix of the line `xtask measure` appends to the child's output.
const MARK: &str = "#xtask-measure ";

/// What one run of a command cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cost {
    /// Wall time from the child's start to its end.
    pub wall: Duration,
    /// User plus system CPU time of the child (all its threads).
    pub cpu: Duration,
    /// Its peak resident memory, in bytes.
    pub peak_rss: u64,
}

/// A finished run: its cost, its exit status and its standard output (JSON Lines).
#[derive(Clone, Debug)]
pub struct Run {
    /// The cost.
    pub cost: Cost,
    /// The child's exit status (`None` if killed by a signal).
    pub status: Option<i32>,
    /// The child's standard output, without the measurement line.
    pub stdout: String,
    /// The child's standard error.
    pub stderr: String,
}

fn seconds(t: TimeVal) -> Duration {
    Duration::from_secs(t.tv_sec().max(0) as u64) + Duration::from_micros(t.tv_usec().max(0) as u64)
}

/// `xtask measure PROGRAM ARGS...`: runs the program with this process's standard streams,
/// waits, and prints the measurement line on standard output. Returns the child's status.
pub fn measure_child(program: &str, args: &[String]) -> Result<i32, String> {
    let clock = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    let wall = clock.elapsed();
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).map_err(|e| format!("getrusage: {e}"))?;
    let cpu = seconds(usage.user_time()) + seconds(usage.system_time());
    // Linux reports kilobytes.
    let line = json!({
        "wall_s": wall.as_secs_f64(),
        "cpu_s": cpu.as_secs_f64(),
        "peak_rss_kib": usage.max_rss(),
        "status": status.code(),
    });
    println!("{MARK}{line}");
    Ok(status.code().unwrap_or(1))
}

/// Runs `program args` under `xtask measure` (this executable), with `env` added.
pub fn run_measured(program: &str, args: &[String], env: &[(String, String)]) -> Result<Run, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
    let output = Command::new(me)
        .arg("measure")
        .arg("--")
        .arg(program)
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run xtask measure: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let (body, figures) = match stdout.rfind(MARK) {
        Some(at) => (stdout[..at].to_string(), stdout[at + MARK.len()..].trim().to_string()),
        None => return Err(format!("{program} was not measured: {}", stderr.trim())),
    };
    let figures: Value = serde_json::from_str(&figures).map_err(|e| format!("bad measurement line: {e}"))?;
    let number = |key: &str| figures[key].as_f64().ok_or_else(|| format!("measurement without {key}"));
    let cost = Cost {
        wall: Duration::from_secs_f64(number("wall_s")?),
        cpu: Duration::from_secs_f64(number("cpu_s")?),
        peak_rss: number("peak_rss_kib")? as u64 * 1024,
    };
    let status = figures["status"].as_i64().map(|s| s as i32);
    Ok(Run { cost, status, stdout: body, stderr })
}
