//! The geometry of a grid of basis K: cells, houses and peers, as flat index tables.
//!
//! Built once per basis (see [`crate::Basis::topology`]) and shared by every grid of that size.
//! Houses are numbered rows `0..N`, columns `N..2N`, boxes `2N..3N`; cells row-major.

use crate::basis::SUPPORTED;
use std::fmt;

/// Box of the cell in row `r`, column `c` (0-based) of a grid of basis `k`, boxes numbered
/// row-major. The one formula for code that has no [`Topology`] at hand (reading a line, the
/// dancing-links matrix).
///
/// # Panics
///
/// When `k` is 0 (no grid has basis 0: it divides by `k`).
#[inline]
pub fn box_index(k: usize, r: usize, c: usize) -> usize {
    (r / k) * k + c / k
}

/// A cell as messages name it, `r3c12` (1-based, decimal at every size). The one notation:
/// [`Topology::cell_name`] writes it, and code with no [`Topology`] at hand (reading a line)
/// uses it directly.
///
/// ```
/// use nsudoku::topology::CellName;
/// // Cell 17 of a 16×16 grid: row 2, column 2.
/// assert_eq!(CellName::of(17, 16).to_string(), "r2c2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
}

impl CellName {
    /// The cell at row-major `index` of a grid of side `n`.
    pub fn of(index: usize, n: usize) -> Self {
        CellName {
            row: index / n,
            col: index % n,
        }
    }
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Which of the three house kinds a house is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Col,
    /// A box (K×K block).
    Box,
}

/// Index tables for one basis.
#[derive(Debug)]
pub struct Topology {
    /// Basis (box side).
    pub k: usize,
    /// Side of the grid, `k * k`: the number of digits and of cells in a house.
    pub n: usize,
    /// Number of cells, `n * n`.
    pub cells: usize,
    house_cells: Vec<u16>,
    cell_houses: Vec<[u16; 3]>,
    cell_positions: Vec<[u8; 3]>,
    peers: Vec<u16>,
    peer_count: usize,
}

impl Topology {
    /// Build the tables for basis `k`, one of [`SUPPORTED`] (2 to 15: cell indices are `u16`).
    ///
    /// # Panics
    ///
    /// When `k` is not in [`SUPPORTED`].
    pub fn new(k: usize) -> Self {
        assert!(
            SUPPORTED.contains(&k),
            "basis {k} has no topology ({SUPPORTED:?}: cell indices are u16)"
        );
        let n = k * k;
        let cells = n * n;
        let mut house_cells = vec![0u16; 3 * n * n];
        let mut cell_houses = vec![[0u16; 3]; cells];
        let mut cell_positions = vec![[0u8; 3]; cells];
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                let b = box_index(k, r, c);
                let p = (r % k) * k + c % k;
                house_cells[r * n + c] = cell as u16;
                house_cells[(n + c) * n + r] = cell as u16;
                house_cells[(2 * n + b) * n + p] = cell as u16;
                cell_houses[cell] = [r as u16, (n + c) as u16, (2 * n + b) as u16];
                cell_positions[cell] = [c as u8, r as u8, p as u8];
            }
        }
        let peer_count = 3 * n - 2 * k - 1;
        let mut peers = Vec::with_capacity(cells * peer_count);
        // The cell's three houses, merged in ascending order (a scan of every cell pair took
        // 0.4 s at 100×100).
        let mut mine = Vec::with_capacity(3 * n);
        for (cell, houses) in cell_houses.iter().enumerate() {
            mine.clear();
            for &h in houses {
                let h = h as usize;
                mine.extend_from_slice(&house_cells[h * n..(h + 1) * n]);
            }
            mine.sort_unstable();
            mine.dedup();
            peers.extend(mine.iter().filter(|&&p| p as usize != cell));
        }
        // `peers(cell)` slices at a fixed stride: a cell with another count would shift the rest.
        assert_eq!(peers.len(), cells * peer_count, "peers of basis {k}");
        Topology {
            k,
            n,
            cells,
            house_cells,
            cell_houses,
            cell_positions,
            peers,
            peer_count,
        }
    }

    /// Number of houses, `3n`.
    #[inline]
    pub fn houses(&self) -> usize {
        3 * self.n
    }

    /// The house of column `c`: houses are the n rows, then the n columns, then the n boxes.
    #[inline]
    pub fn col_house(&self, c: usize) -> usize {
        self.n + c
    }

    /// The house of box `b` (numbered as [`Topology::col_house`] says).
    #[inline]
    pub fn box_house(&self, b: usize) -> usize {
        2 * self.n + b
    }

    /// The n cells of house `h`, in house order (positions 0..n).
    #[inline]
    pub fn house(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.n..(h + 1) * self.n]
    }

    /// Row, column and box house of `cell`.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> [u16; 3] {
        self.cell_houses[cell]
    }

    /// The positions of `cell` in its row, column and box ([`Topology::houses_of`]'s order).
    #[inline]
    pub fn positions_of(&self, cell: usize) -> [u8; 3] {
        self.cell_positions[cell]
    }

    /// Every cell sharing a house with `cell`, excluding itself.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// Row of `cell` (0-based).
    #[inline]
    pub fn row(&self, cell: usize) -> usize {
        cell / self.n
    }

    /// Column of `cell` (0-based).
    #[inline]
    pub fn col(&self, cell: usize) -> usize {
        cell % self.n
    }

    /// Box of `cell` (0-based, row-major over boxes).
    #[inline]
    pub fn box_of(&self, cell: usize) -> usize {
        self.cell_houses[cell][2] as usize - 2 * self.n
    }

    /// Kind of house `h`.
    #[inline]
    pub fn kind(&self, h: usize) -> HouseKind {
        match h / self.n {
            0 => HouseKind::Row,
            1 => HouseKind::Col,
            _ => HouseKind::Box,
        }
    }

    /// Position of `cell` inside house `h` (which must contain it).
    #[inline]
    pub fn position(&self, h: usize, cell: usize) -> usize {
        // `h / n` is the house's kind: row, column, box, the order of the table's entries.
        self.cell_positions[cell][h / self.n] as usize
    }

    /// True when two distinct cells share a house.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        // From the table, not from row, column and box: those divide by N and K, which are
        // not constants here, and the logic asks this in its inner loops.
        let (ha, hb) = (self.cell_houses[a], self.cell_houses[b]);
        a != b && (ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2])
    }

    /// The first house (row, then column, then box) that holds both cells, if any.
    pub fn shared_house(&self, a: usize, b: usize) -> Option<usize> {
        let (ha, hb) = (self.cell_houses[a], self.cell_houses[b]);
        (0..3).find(|&i| ha[i] == hb[i]).map(|i| ha[i] as usize)
    }

    /// House name as people write it: `row 3`, `column 12`, `box 8` (1-based).
    pub fn house_name(&self, h: usize) -> String {
        let i = h % self.n + 1;
        match self.kind(h) {
            HouseKind::Row => format!("row {i}"),
            HouseKind::Col => format!("column {i}"),
            HouseKind::Box => format!("box {i}"),
        }
    }

    /// Cell name in `r3c12` notation (1-based, decimal at every size).
    pub fn cell_name(&self, cell: usize) -> String {
        CellName {
            row: self.row(cell),
            col: self.col(cell),
        }
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every basis the solver takes builds its tables, peers counted (`new` asserts the count).
    #[test]
    fn every_solver_basis_builds() {
        for k in 6..=15 {
            let t = Topology::new(k);
            let last = t.cells - 1;
            assert_eq!(t.peers(last).len(), 3 * t.n - 2 * k - 1);
            assert_eq!(t.box_of(last), t.n - 1);
            assert_eq!(t.position(t.houses() - 1, last), t.n - 1);
        }
    }

    #[test]
    fn houses_partition_and_peers_count() {
        for k in 2..=5 {
            let t = Topology::new(k);
            for h in 0..t.houses() {
                let mut cells: Vec<_> = t.house(h).to_vec();
                cells.sort();
                cells.dedup();
                assert_eq!(cells.len(), t.n);
                for (p, &c) in t.house(h).iter().enumerate() {
                    assert_eq!(t.position(h, c as usize), p);
                    let i = t.houses_of(c as usize).iter().position(|&x| x == h as u16);
                    assert_eq!(
                        t.positions_of(c as usize)[i.expect("its house")] as usize,
                        p
                    );
                    assert!(t.houses_of(c as usize).contains(&(h as u16)));
                }
            }
            for c in 0..t.cells {
                assert_eq!(t.peers(c).len(), 3 * t.n - 2 * k - 1);
                assert!(t.peers(c).iter().all(|&p| t.sees(c, p as usize)));
                // Ascending: the CDCL's clause order, and so its search, depends on it.
                assert!(t.peers(c).windows(2).all(|w| w[0] < w[1]));
            }
        }
    }

    #[test]
    fn sees_is_same_row_column_or_box() {
        for k in 2..=4 {
            let t = Topology::new(k);
            for a in 0..t.cells {
                for b in 0..t.cells {
                    let shared =
                        t.row(a) == t.row(b) || t.col(a) == t.col(b) || t.box_of(a) == t.box_of(b);
                    assert_eq!(t.sees(a, b), a != b && shared, "cells {a} and {b}, K = {k}");
                }
            }
        }
    }
}
