//! One breadth-first driver that goes a layer at a time, for the searches that remember
//! what they have seen: [`bfs`](super::bfs), a puzzle's own analysis (every state reachable,
//! by depth) and the small tables a heuristic builds when it is made (walking distance).
//!
//! The driver owns the loop: the current layer and the next, the depth, the node count and
//! the checks of [`Limits`] before each expansion (the clock, the interrupt flag, the nodes
//! and the memory of the layers plus what the visitor remembers). What is "seen" and what a
//! layer means belong to the [`LayerVisitor`]: a hash set, a map to distances, parent links
//! or a flat array, whichever the caller needs.

use std::ops::ControlFlow;

use super::memory::{buffer_bytes, Footprint};
use super::{LimitGuard, LimitHit, Limits};

/// What a layered breadth-first search does with its layers and states; see
/// [`breadth_first_layers`].
pub trait LayerVisitor<S> {
    /// What the visitor stops the search with: a goal's key, a length, or `()`.
    type Stop;

    /// Called with each whole layer before it is expanded (depth 0 is the roots): where a
    /// visitor counts a layer, looks for goals in it, keeps it, or stops at a depth. The
    /// default goes on.
    fn layer(&mut self, depth: u32, layer: &[S]) -> ControlFlow<Self::Stop> {
        let _ = (depth, layer);
        ControlFlow::Continue(())
    }

    /// Expands `state`, one of the layer at `depth`: reports each successor generated with
    /// [`Frontier::generated`] (the node count that `max_nodes` bounds) and hands those
    /// not seen before to [`Frontier::push`], for the layer at `depth + 1`.
    fn expand(&mut self, depth: u32, state: &S, next: &mut Frontier<'_, S>) -> ControlFlow<Self::Stop>;

    /// The bytes of what the visitor remembers (its seen set, its distances), for
    /// `max_memory` (see [`super::memory`]); the driver adds its own two layers. The default
    /// is nothing.
    fn bytes(&self) -> Footprint {
        Footprint::default()
    }
}

/// The next layer being filled, as a [`LayerVisitor`] sees it.
pub struct Frontier<'a, S> {
    next: &'a mut Vec<S>,
    nodes: &'a mut u64,
}

impl<S> Frontier<'_, S> {
    /// Counts one successor generated, new or not.
    #[inline]
    pub fn generated(&mut self) {
        *self.nodes += 1;
    }

    /// Adds a state new to the search to the next layer.
    #[inline]
    pub fn push(&mut self, state: S) {
        self.next.push(state);
    }
}

/// How a [`breadth_first_layers`] search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayersEnd<S, T> {
    /// The visitor stopped it with this value.
    Stopped(T),
    /// Every layer was expanded: the last one (the states at the greatest depth) and its
    /// depth.
    Exhausted {
        /// The states of the last layer.
        deepest: Vec<S>,
        /// Its depth.
        depth: u32,
    },
    /// A bound of the [`Limits`] was hit first.
    LimitReached(LimitHit),
}

/// Breadth-first search from `roots`, one layer at a time, until `visitor` stops it or a
/// layer has no successors; returns how it ended and the number of successors generated.
///
/// Before expanding each state the driver checks `limits`: the nodes generated, the clock
/// and the interrupt flag (every 4096 checks, as [`LimitGuard`] does), and the memory of
/// the visitor's containers ([`LayerVisitor::bytes`]) plus the two layers, the next one's
/// growth included. The layers' buffers are reused from one depth to the next.
///
/// # Example
///
/// The depths of the numbers reached from 1 by `+1` and `*3`, up to 30:
///
/// ```
/// use std::collections::HashMap;
/// use std::ops::ControlFlow;
/// use slide_core::search::{breadth_first_layers, Frontier, LayerVisitor, LayersEnd, Limits};
///
/// struct Depths(HashMap<u32, u32>);
/// impl LayerVisitor<u32> for Depths {
///     type Stop = ();
///     fn expand(&mut self, depth: u32, &n: &u32, next: &mut Frontier<'_, u32>) -> ControlFlow<()> {
///         for child in [n + 1, n * 3].into_iter().filter(|&c| c <= 30) {
///             next.generated();
///             if !self.0.contains_key(&child) {
///                 self.0.insert(child, depth + 1);
///                 next.push(child);
///             }
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut depths = Depths(HashMap::from([(1, 0)]));
/// let (end, _nodes) = breadth_first_layers(vec![1], &mut depths, &Limits::default());
/// assert_eq!(depths.0[&27], 3); // 1, 3, 9, 27
/// assert!(matches!(end, LayersEnd::Exhausted { .. }));
/// ```
pub fn breadth_first_layers<S, V: LayerVisitor<S>>(
    roots: Vec<S>,
    visitor: &mut V,
    limits: &Limits,
) -> (LayersEnd<S, V::Stop>, u64) {
    let mut guard = LimitGuard::new(limits);
    let mut nodes = 0u64;
    let mut layer = roots;
    let mut next = Vec::new();
    let mut depth = 0u32;
    loop {
        if let ControlFlow::Break(stop) = visitor.layer(depth, &layer) {
            return (LayersEnd::Stopped(stop), nodes);
        }
        // The current layer no longer grows: its buffer is counted as it is.
        let layer_bytes = Footprint::held((layer.capacity() as u64).saturating_mul(std::mem::size_of::<S>() as u64));
        for state in &layer {
            let bytes = visitor.bytes() + layer_bytes + buffer_bytes::<S>(next.len(), next.capacity());
            if let Some(hit) = guard.check(nodes).or_else(|| guard.check_memory(bytes)) {
                return (LayersEnd::LimitReached(hit), nodes);
            }
            let mut frontier = Frontier { next: &mut next, nodes: &mut nodes };
            if let ControlFlow::Break(stop) = visitor.expand(depth, state, &mut frontier) {
                return (LayersEnd::Stopped(stop), nodes);
            }
        }
        if next.is_empty() {
            return (LayersEnd::Exhausted { deepest: layer, depth }, nodes);
        }
        layer.clear();
        std::mem::swap(&mut layer, &mut next);
        depth += 1;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::time::Duration;

    use super::*;

    /// The numbers `0..n` joined as a ring (each to its neighbours): depth `d` holds `d`
    /// and `n - d`.
    struct Ring {
        n: u32,
        seen: HashSet<u32>,
        layers: Vec<Vec<u32>>,
        stop_at: Option<u32>,
    }

    impl Ring {
        fn new(n: u32) -> Ring {
            Ring { n, seen: HashSet::from([0]), layers: Vec::new(), stop_at: None }
        }
    }

    impl LayerVisitor<u32> for Ring {
        type Stop = u32;
        fn layer(&mut self, depth: u32, layer: &[u32]) -> ControlFlow<u32> {
            let mut sorted = layer.to_vec();
            sorted.sort_unstable();
            self.layers.push(sorted);
            match self.stop_at {
                Some(d) if d == depth => ControlFlow::Break(depth),
                _ => ControlFlow::Continue(()),
            }
        }
        fn expand(&mut self, _: u32, &s: &u32, next: &mut Frontier<'_, u32>) -> ControlFlow<u32> {
            for child in [(s + 1) % self.n, (s + self.n - 1) % self.n] {
                next.generated();
                if self.seen.insert(child) {
                    next.push(child);
                }
            }
            ControlFlow::Continue(())
        }
        fn bytes(&self) -> Footprint {
            crate::search::memory::Footprinted::footprint(&self.seen)
        }
    }

    #[test]
    fn layers_come_in_order_and_the_last_is_returned() {
        let mut ring = Ring::new(10);
        let (end, nodes) = breadth_first_layers(vec![0], &mut ring, &Limits::default());
        assert_eq!(end, LayersEnd::Exhausted { deepest: vec![5], depth: 5 });
        assert_eq!(nodes, 20, "two successors of each of the ten states");
        assert_eq!(ring.layers, vec![vec![0], vec![1, 9], vec![2, 8], vec![3, 7], vec![4, 6], vec![5]]);
    }

    #[test]
    fn a_visitor_stops_it_before_expanding_the_layer() {
        let mut ring = Ring::new(10);
        ring.stop_at = Some(2);
        let (end, nodes) = breadth_first_layers(vec![0], &mut ring, &Limits::default());
        assert_eq!(end, LayersEnd::Stopped(2));
        assert_eq!(nodes, 6, "layers 0 and 1 expanded, not layer 2");
    }

    #[test]
    fn no_roots_is_an_empty_search() {
        let mut ring = Ring::new(10);
        let (end, nodes) = breadth_first_layers(vec![], &mut ring, &Limits::default());
        assert_eq!((end, nodes), (LayersEnd::Exhausted { deepest: vec![], depth: 0 }, 0));
    }

    #[test]
    fn every_bound_is_honoured() {
        let (end, _) = breadth_first_layers(vec![0], &mut Ring::new(1000), &Limits::nodes(50));
        assert_eq!(end, LayersEnd::LimitReached(LimitHit::Nodes(50)));
        let small = Limits { max_memory: Some(4096), ..Limits::default() };
        let (end, _) = breadth_first_layers(vec![0], &mut Ring::new(100_000), &small);
        assert_eq!(end, LayersEnd::LimitReached(LimitHit::Memory(4096)));
        // An interrupt that came before the search stops it at the first check.
        static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
        let interrupted = Limits { interrupt: Some(&STOP), ..Limits::default() };
        let (end, nodes) = breadth_first_layers(vec![0], &mut Ring::new(10), &interrupted);
        assert_eq!((end, nodes), (LayersEnd::LimitReached(LimitHit::Interrupted), 0));
        let timed = Limits { timeout: Some(Duration::ZERO), ..Limits::default() };
        let (end, _) = breadth_first_layers(vec![0], &mut Ring::new(10), &timed);
        assert_eq!(end, LayersEnd::LimitReached(LimitHit::Time(Duration::ZERO)));
    }
}
