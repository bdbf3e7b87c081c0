//! What a Slurm job was given: the memory of its allocation, so that a rank's budget is its
//! share of what Slurm gave the job on its node, not half of the node's memory (which other
//! jobs, and the job's other ranks, share). Slurm says it in the job's environment, which
//! `srun` and `mpirun` inside an allocation pass on to every rank.

/// The bytes a rank may use when it runs under Slurm with memory allocated: the job's
/// memory on this node (`--mem`, `SLURM_MEM_PER_NODE`, in MiB; `--mem=0` is the node's
/// whole memory) shared among the `on_node` ranks of this node, or `--mem-per-cpu`
/// (`SLURM_MEM_PER_CPU`) times each task's CPUs (`SLURM_CPUS_PER_TASK`, 1 by default).
/// None outside Slurm.
///
/// ```
/// use slide_cluster::slurm::memory_per_rank_in;
/// let env = |vars: &'static [(&str, &str)]| move |k: &str| {
///     vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
/// };
/// // 4 GiB a node, two ranks on this one: 2 GiB each.
/// assert_eq!(memory_per_rank_in(env(&[("SLURM_MEM_PER_NODE", "4096")]), 2), Some(2 << 30));
/// // 1 GiB a CPU, four CPUs a task.
/// let per_cpu = env(&[("SLURM_MEM_PER_CPU", "1024"), ("SLURM_CPUS_PER_TASK", "4")]);
/// assert_eq!(memory_per_rank_in(per_cpu, 3), Some(4 << 30));
/// assert_eq!(memory_per_rank_in(env(&[]), 1), None);
/// ```
pub fn memory_per_rank_in(var: impl Fn(&str) -> Option<String>, on_node: usize) -> Option<u64> {
    let number = |name: &str| var(name).and_then(|v| v.trim().parse::<u64>().ok());
    const MIB: u64 = 1 << 20;
    if let Some(mb) = number("SLURM_MEM_PER_NODE").filter(|&mb| mb > 0) {
        return Some(mb * MIB / on_node.max(1) as u64);
    }
    let mb = number("SLURM_MEM_PER_CPU").filter(|&mb| mb > 0)?;
    Some(mb * MIB * number("SLURM_CPUS_PER_TASK").unwrap_or(1).max(1))
}

/// [`memory_per_rank_in`] this process's environment.
pub fn memory_per_rank(on_node: usize) -> Option<u64> {
    memory_per_rank_in(|name| std::env::var(name).ok(), on_node)
}
