//! The order of decisions and restarts: the VSIDS heap and the Luby sequence.

/// VSIDS decay in stable mode: activities that move slowly, for a long steady descent.
pub(super) const STABLE_DECAY: f64 = 0.99;
/// Conflicts of one Luby unit between stable mode's restarts.
pub(super) const LUBY_UNIT: u64 = 1024;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, … by Knuth's reluctant doubling: stable mode's
/// restart intervals, in units of [`LUBY_UNIT`] conflicts.
pub(super) struct Luby {
    u: u64,
    v: u64,
}

impl Luby {
    pub(super) fn new() -> Self {
        Luby { u: 1, v: 1 }
    }

    pub(super) fn term(&self) -> u64 {
        self.v
    }

    pub(super) fn step(&mut self) {
        (self.u, self.v) = if self.u & self.u.wrapping_neg() == self.v {
            (self.u + 1, 1)
        } else {
            (self.u, 2 * self.v)
        };
    }
}

/// Max-heap of variables by activity, with positions for updates.
pub(super) struct Heap {
    items: Vec<u32>,
    pos: Vec<u32>,
}

pub(super) const NOT_IN: u32 = u32::MAX;

impl Heap {
    pub(super) fn new(n: usize) -> Self {
        Heap {
            items: (0..n as u32).collect(),
            pos: (0..n as u32).collect(),
        }
    }

    pub(super) fn insert(&mut self, v: usize, act: &[f64]) {
        if self.pos[v] != NOT_IN {
            return;
        }
        self.pos[v] = self.items.len() as u32;
        self.items.push(v as u32);
        self.up(self.items.len() - 1, act);
    }

    pub(super) fn update(&mut self, v: usize, act: &[f64]) {
        if self.pos[v] != NOT_IN {
            self.up(self.pos[v] as usize, act);
        }
    }

    pub(super) fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop().unwrap();
        self.pos[top as usize] = NOT_IN;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top as usize)
    }

    pub(super) fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let pv = self.items[parent];
            if act[pv as usize] >= act[v as usize] {
                break;
            }
            self.items[i] = pv;
            self.pos[pv as usize] = i as u32;
            i = parent;
        }
        self.items[i] = v;
        self.pos[v as usize] = i as u32;
    }

    pub(super) fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        let n = self.items.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && act[self.items[r] as usize] > act[self.items[l] as usize] {
                r
            } else {
                l
            };
            let cv = self.items[c];
            if act[cv as usize] <= act[v as usize] {
                break;
            }
            self.items[i] = cv;
            self.pos[cv as usize] = i as u32;
            i = c;
        }
        self.items[i] = v;
        self.pos[v as usize] = i as u32;
    }
}
