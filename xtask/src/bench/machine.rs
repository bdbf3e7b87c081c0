//! What the report says about where and when it was measured: the machine (from /proc), the
//! load, the date, the commit and the compiler.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The machine, as /proc describes it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Machine {
    /// The CPU's model name.
    pub cpu: String,
    /// Logical processors.
    pub cores: usize,
    /// Total memory, in bytes.
    pub memory: u64,
    /// The kernel's release.
    pub kernel: String,
}

impl Machine {
    /// Reads /proc (fields it cannot read stay empty or zero).
    pub fn read() -> Machine {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        Machine {
            cpu: parse_cpu_model(&cpuinfo).unwrap_or_else(|| "unknown CPU".into()),
            cores: cpuinfo.lines().filter(|l| l.starts_with("processor")).count(),
            memory: parse_meminfo(&meminfo, "MemTotal:").unwrap_or(0),
            kernel: std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default().trim().to_string(),
        }
    }
}

fn parse_cpu_model(cpuinfo: &str) -> Option<String> {
    let line = cpuinfo.lines().find(|l| l.starts_with("model name"))?;
    Some(line.split_once(':')?.1.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// A `/proc/meminfo` field in bytes.
fn parse_meminfo(meminfo: &str, field: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with(field))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
}

/// The 1-minute load average.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg").ok()?.split_whitespace().next()?.parse().ok()
}

/// CPU time spent busy by the whole machine so far (all processors, all processes): the
/// `cpu` line of /proc/stat without idle and iowait.
pub fn machine_busy_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    parse_busy(&stat)
}

fn parse_busy(stat: &str) -> Option<Duration> {
    let fields: Vec<u64> =
        stat.lines().next()?.split_whitespace().skip(1).map(|f| f.parse().ok()).collect::<Option<_>>()?;
    // user nice system idle iowait irq softirq steal (guest time is already in user).
    let busy: u64 = fields.iter().take(8).enumerate().filter(|(i, _)| *i != 3 && *i != 4).map(|(_, v)| v).sum();
    // Clock ticks are 1/100 s on Linux.
    Some(Duration::from_millis(busy * 10))
}

/// Now, as `2026-11-23 14:05 UTC`.
pub fn now_utc() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    format_utc(secs)
}

fn format_utc(secs: u64) -> String {
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// The commit checked out in `root`, marked when the tree has uncommitted changes.
pub fn commit(root: &Path) -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "--short", "HEAD"]) {
        None => "unknown commit".into(),
        Some(hash) => match git(&["status", "--porcelain", "--untracked-files=no"]) {
            Some(changes) if !changes.is_empty() => format!("{hash} with uncommitted changes"),
            _ => hash,
        },
    }
}

/// The line that opens a hand-written benchmark table: the command as typed, the commit, the
/// date, the machine, `how` (for example "one thread; "), and the 1-minute load at the start.
pub fn table_header(command_line: &str, root: &Path, how: &str, load_before: Option<f64>) -> String {
    let m = Machine::read();
    format!(
        "Command: `{command_line}` (commit {}, {}); {}, {} logical CPUs, {}; {how}1-minute load {} at the start.\n\n",
        commit(root),
        now_utc(),
        m.cpu,
        m.cores,
        slide_core::units::human_bytes(m.memory),
        load_before.map_or("unknown".into(), |l| format!("{l:.2}")),
    )
}

/// `rustc --version`.
pub fn rustc_version() -> String {
    Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "rustc (unknown version)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_files_are_read() {
        let cpuinfo = "processor\t: 0\nmodel name\t: AMD EPYC  7B13 64-Core Processor\nprocessor\t: 1\n";
        assert_eq!(parse_cpu_model(cpuinfo).unwrap(), "AMD EPYC 7B13 64-Core Processor");
        assert_eq!(parse_meminfo("MemTotal:       24576000 kB\nMemFree: 1 kB\n", "MemTotal:"), Some(24_576_000 * 1024));
        let stat = "cpu  100 5 50 1000 20 1 2 3 0 0\ncpu0 1 2 3\n";
        assert_eq!(parse_busy(stat), Some(Duration::from_millis((100 + 5 + 50 + 1 + 2 + 3) * 10)));
    }

    #[test]
    fn dates() {
        assert_eq!(format_utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_utc(951_782_400 + 3_661), "2000-02-29 01:01 UTC");
        assert_eq!(format_utc(1_798_675_200), "2026-12-31 00:00 UTC");
    }

    #[test]
    fn this_machine_is_described() {
        let m = Machine::read();
        assert!(m.cores >= 1 && m.memory > 0, "{m:?}");
    }
}
