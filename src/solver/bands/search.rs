//! The band engine's depth-first search: the walk down the tree, its totals, its budget and
//! what it reports.

/// The search, over `band_branch!`'s choices.
macro_rules! band_search {
    () => {
        use crate::solver::budget::Budget;
        use crate::solver::Count;

        /// The search's running totals and where it reports.
        struct Walk<'a> {
            out: Count,
            limit: usize,
            budget: Budget,
            visit: &'a mut dyn FnMut(&[u8]) -> bool,
            report: super::Report,
            stop: bool,
            /// Below the first two levels, skip column singles while a bivalue cell is left to
            /// branch on: set at 9×9 when the root leaves fewer than [`LEAN_BELOW`] open cells.
            lean: bool,
            /// Branch on configurations (`State::choose_config`), not cells, from the root: at 9×9
            /// unless the root is lean or leaves more than [`CONFIG_MAX_OPEN`] open cells (small
            /// trees, or trees full of solutions: a cell costs nothing to choose). 16×16 turns to
            /// them after [`CONFIG_AFTER`] nodes.
            configs: bool,
            /// Naked pairs at each node's fixed point, and hidden pairs near the root
            /// (`Tuning::band_pairs`).
            pairs: bool,
        }

        impl Walk<'_> {
            /// How far the propagation of a node at `depth` (the root 0) goes; `deep` as for
            /// [`Walk::descend`], of the node that branched.
            fn reach(&self, deep: bool, depth: usize) -> Reach {
                if self.lean && deep {
                    Reach::Lean
                } else if !self.pairs {
                    Reach::Full
                } else if depth <= HIDDEN_PAIRS_DEPTH {
                    Reach::Hidden
                } else {
                    Reach::Naked
                }
            }

            /// Depth-first search below `st` (propagated, no contradiction) at `depth`. `deep`
            /// (below the root) is false at the root, whose children always look for column
            /// singles (see `Walk::lean`).
            fn descend(&mut self, st: &mut State, pairs: &[Word; K], depth: usize) {
                let deep = depth > 0;
                if st.solved() {
                    self.out.solutions += 1;
                    let more = match self.report {
                        super::Report::All => (self.visit)(&st.digits_of_cells()),
                        super::Report::First if self.out.solutions == 1 => {
                            (self.visit)(&st.digits_of_cells())
                        }
                        _ => true,
                    };
                    if self.out.solutions >= self.limit || !more {
                        self.out.limit_reached = self.out.solutions >= self.limit;
                        self.stop = true;
                    }
                    return;
                }
                let configs =
                    self.configs || K == 4 && self.out.stats.nodes as usize >= CONFIG_AFTER;
                let branch = match configs.then(|| {
                    if K == 3 {
                        st.choose_config()
                    } else {
                        st.choose_config_apart()
                    }
                }) {
                    Some(Err(Failed)) => return,
                    Some(Ok(Pick::Branch(branch))) => branch,
                    // Triads narrowed a band: propagate and choose again, on the same node.
                    Some(Ok(Pick::Narrowed)) => {
                        if let Ok(pairs) = st.propagate(self.reach(deep, depth)) {
                            self.descend(st, &pairs, depth);
                        }
                        return;
                    }
                    _ => {
                        let (band, pos, digits) = st.choose(pairs);
                        Branch::Cell { band, pos, digits }
                    }
                };
                let mut rest = match branch {
                    Branch::Cell { digits, .. } => digits,
                    Branch::Config { configs, .. } => configs,
                };
                // One child per alternative: a digit of the cell, or a configuration of the digit.
                while rest != 0 {
                    let alt = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if rest != 0 {
                        self.out.stats.guesses += 1;
                    }
                    self.out.stats.nodes += 1;
                    if let Some(why) = self.budget.exceeded(self.out.stats.nodes) {
                        self.out.refuse(why, rest != 0);
                        self.stop = true;
                        return;
                    }
                    // The last alternative works on the node itself; earlier ones on a copy.
                    let mut copy;
                    let s = if rest != 0 {
                        copy = *st;
                        &mut copy
                    } else {
                        &mut *st
                    };
                    match branch {
                        Branch::Cell { band, pos, .. } => s.assign(band, pos, alt),
                        Branch::Config { band, digit, .. } => s.apply_config(band, digit, alt),
                    }
                    if let Ok(pairs) = s.propagate(self.reach(deep, depth + 1)) {
                        self.descend(s, &pairs, depth + 1);
                        if self.stop {
                            return;
                        }
                    }
                }
            }
        }

        /// Depth-first search over band words; same contract as `Solver::search`, with the
        /// visitor seeing digits of the solutions `report` names. `masks[c]` is the candidate mask
        /// of cell c (bit d = digit d + 1).
        pub(crate) fn search(
            masks: impl Iterator<Item = u32>,
            limit: usize,
            budget: Budget,
            visit: &mut dyn FnMut(&[u8]) -> bool,
            report: super::Report,
            probe: bool,
            pairs: bool,
        ) -> Count {
            let mut walk = Walk {
                out: Count::default(),
                limit,
                budget,
                visit,
                report,
                stop: false,
                lean: false,
                configs: false,
                pairs,
            };
            let mut st = State::new(masks);
            let root = st.propagate(walk.reach(false, 0)).and_then(|mut pairs| {
                if probe {
                    st.probe(&mut pairs)?;
                }
                Ok(pairs)
            });
            if let Ok(pairs) = root {
                // See `Walk::lean`.
                let open: u32 = st.unsolved.iter().map(|u| u.count_ones()).sum();
                walk.lean = K == 3 && (open as usize) < LEAN_BELOW;
                walk.configs = K == 3 && !walk.lean && open as usize <= CONFIG_MAX_OPEN;
                walk.descend(&mut st, &pairs, 0);
            }
            walk.out
        }

        /// Test aid: the cell masks of a state, row-major.
        #[cfg(test)]
        fn cell_masks(st: &State) -> Vec<u32> {
            (0..CELLS)
                .map(|c| st.digits(c / BAND_CELLS, c % BAND_CELLS))
                .collect()
        }

        /// The cell masks of a state before and after one `step`, for the tests that check
        /// each against a cell-by-cell reading of its rule (naked pairs over the state's
        /// bivalue cells).
        #[cfg(test)]
        pub(super) fn step(
            masks: impl Iterator<Item = u32>,
            step: super::Step,
        ) -> (Vec<u32>, Vec<u32>) {
            let mut st = State::new(masks);
            let mut before = cell_masks(&st);
            let naked_pairs = |st: &mut State, masks: &[u32]| {
                let mut pairs = [0 as Word; K];
                for (c, m) in masks.iter().enumerate() {
                    if m.count_ones() == 2 {
                        pairs[c / BAND_CELLS] |= 1 << (c % BAND_CELLS);
                    }
                }
                st.naked_pairs(&pairs);
            };
            match step {
                super::Step::Claims => {
                    st.column_claims();
                }
                super::Step::NakedPairs => naked_pairs(&mut st, &before),
                super::Step::NakedPairsAfterCuts(seed) => {
                    naked_pairs(&mut st, &before);
                    let mut rng = crate::generate::Rng::new(seed);
                    for (c, m) in cell_masks(&st).into_iter().enumerate() {
                        if m.count_ones() < 3 || rng.next_u64() % 2 == 0 {
                            continue;
                        }
                        let mut cut = m;
                        while cut.count_ones() > 2 {
                            let d = rng.below(N);
                            if cut >> d & 1 != 0 {
                                cut &= !(1 << d);
                                st.cand[c / BAND_CELLS * N + d] &= !(1 << (c % BAND_CELLS));
                            }
                        }
                    }
                    before = cell_masks(&st);
                    naked_pairs(&mut st, &before);
                }
                super::Step::HiddenPairs => {
                    st.hidden_pairs();
                }
            }
            (before, cell_masks(&st))
        }

        /// Test aid: propagates the state of `masks` and its descendants on cells, `depth` levels
        /// down, lean and not, and counts the propagations that returned with a word changed
        /// since its last update (a sweep that stopped with a change behind it).
        #[cfg(test)]
        pub(super) fn unsettled_propagations(
            masks: impl Iterator<Item = u32>,
            depth: usize,
        ) -> usize {
            fn walk(st: &mut State, lean: bool, depth: usize) -> usize {
                let reach = if lean { Reach::Lean } else { Reach::Full };
                let Ok(pairs) = st.propagate(reach) else {
                    return 0;
                };
                let unsettled = usize::from(st.cand != st.seen);
                if depth == 0 || st.solved() {
                    return unsettled;
                }
                let (b, pos, mut digits) = st.choose(&pairs);
                let mut below = 0;
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let mut child = *st;
                    child.assign(b, pos, d);
                    below += walk(&mut child, lean, depth - 1);
                }
                unsettled + below
            }
            let st = State::new(masks);
            let (mut full, mut lean) = (st, st);
            walk(&mut full, false, depth) + walk(&mut lean, true, depth)
        }
    };
}
