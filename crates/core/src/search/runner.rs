//! Who runs IDA*'s iterations over a tree: this process ([`OneProcess`], with its threads) or
//! a cluster's ranks (slide-cluster). A puzzle that picks its own tree for a board (fifteen)
//! takes a runner, so that a cluster searches the very tree the one-process search does and
//! gives the same answer.

use super::tree::IdaTree;
use super::{ida_star_tree, IdaOptions, Path, SearchResult};

/// Runs IDA* on a tree: the iterations, the limits and the answer of
/// [`ida_star_tree`], wherever the work is done. The answer must be
/// `ida_star_tree`'s: the first solution a sequential search finds in the last iteration.
pub trait IdaRunner {
    /// A shortest path from `start` to a state satisfying `goal` in `tree`, within
    /// `options`.
    fn ida_star<T, G>(
        &self,
        tree: &T,
        start: T::State,
        goal: G,
        options: &IdaOptions,
    ) -> SearchResult<Path<T::State, T::Move>>
    where
        T: IdaTree,
        G: Fn(&T::State) -> bool + Sync;
}

/// The search in this process: [`ida_star_tree`], its iterations split across rayon's
/// threads. Also the enumerator of this process ([`crate::enumerate::Enumerator`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct OneProcess;

impl IdaRunner for OneProcess {
    fn ida_star<T, G>(
        &self,
        tree: &T,
        start: T::State,
        goal: G,
        options: &IdaOptions,
    ) -> SearchResult<Path<T::State, T::Move>>
    where
        T: IdaTree,
        G: Fn(&T::State) -> bool + Sync,
    {
        ida_star_tree(tree, start, goal, options)
    }
}
