//! A batch's records as they are read: the files are read on a thread of their own, a window
//! at a time, so that a batch of any length runs in bounded memory, its first results come
//! out before its last puzzles are read, and a line filter answers each line as it arrives.

use super::{input_name, told_apart, unread, Labelled};
use nsudoku::input::{self, InputError, Puzzle, ReadOptions, Reader, Record};
use nsudoku::logic::TechniqueList;
use std::io::{self, BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Condvar, Mutex};

/// Cells read ahead of the records done with: the reader waits while more are held (about
/// 13,000 9×9 puzzles, 20 of 225×225). Four chunks keep the workers fed; more only spreads
/// the records over fresh memory: 4 million cells (50,000 9×9 puzzles) took twice the memory
/// and page faults and about 15 % more CPU on 17_clue twenty times over.
const HELD_CELLS: usize = 1 << 20;
/// A chunk closes once it holds this many records…
const CHUNK: usize = 4096;
/// … or this many cells (3,236 9×9 puzzles, 5 of 225×225), give or take a batch of the
/// reading thread's ([`BATCH`]).
const CHUNK_CELLS: usize = 1 << 18;

/// What the reading thread hands over, in input order.
enum Fed {
    Records(Vec<Labelled>),
    /// A file that could not be read (or not to its end): the message.
    Unread(String),
}

/// The cells read and not yet done with, which the reading thread keeps under [`HELD_CELLS`].
struct Held {
    cells: Mutex<usize>,
    freed: Condvar,
    /// [`HELD_CELLS`], but in tests.
    limit: usize,
}

impl Held {
    /// Wait until `cells` more may be held (at once when none are: a grid larger than the
    /// bound is still read), and hold them.
    fn take(&self, cells: usize) {
        let mut held = self.cells.lock().unwrap_or_else(|e| e.into_inner());
        while *held > 0 && *held + cells > self.limit {
            held = self.freed.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held += cells;
    }

    fn give_back(&self, cells: usize) {
        let mut held = self.cells.lock().unwrap_or_else(|e| e.into_inner());
        *held -= cells;
        self.freed.notify_all();
    }
}

/// The cells a record holds, as [`Held`] counts them, its texts a cell a byte: a bad line is
/// read far faster than its message is written, and counted as one cell a file of them held
/// 4 million messages (1.3 GB for 5 million lines of `x`).
fn cells(rec: &Record) -> usize {
    match rec {
        Ok(p) => p.masks.len().max(1) + p.note.as_ref().map_or(0, String::len),
        Err(e) => 64 + e.what.len() + e.expected.len(),
    }
}

/// The records of every input file in order, read on a thread of their own.
pub struct Feed {
    rx: Receiver<Fed>,
    held: Arc<Held>,
    /// Chunks done with, sent back to be freed on the reading thread that allocated them:
    /// freed here, each of their blocks would take the lock of the reader's heap while it
    /// allocates the next records.
    spent: Sender<Vec<Labelled>>,
    /// A file's failure met while a chunk was filled, told before the next chunk.
    unread: Option<String>,
    /// The cells of the chunk handed out, as held when read (a record beyond the logic layer
    /// is an error by the time it is handed out).
    in_hand: usize,
    /// How far the reader has got, over all files.
    read: Arc<ReadSoFar>,
    /// The files' total size, when every input is a file whose size is known.
    pub total_bytes: Option<u64>,
    /// Every input is stdin and stdin is a terminal: someone types the puzzles and waits for
    /// each answer.
    pub typed: bool,
    /// A subcommand of the logic layer: a larger grid becomes an error in its place.
    logic_only: Option<&'static str>,
}

impl Feed {
    /// Start reading `files` (stdin when none, or for `-`). With several files, each record
    /// is labelled with its file, told apart when one is given twice.
    pub fn start(files: &[PathBuf], opts: ReadOptions) -> Feed {
        Feed::holding(files, opts, HELD_CELLS)
    }

    /// [`start`](Self::start), holding at most `limit` cells ahead.
    fn holding(files: &[PathBuf], opts: ReadOptions, limit: usize) -> Feed {
        let files: Vec<PathBuf> = if files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            files.to_vec()
        };
        let size = |f: &PathBuf| {
            let meta = (f.as_os_str() != "-").then(|| std::fs::metadata(f).ok());
            meta.flatten().filter(|m| m.is_file()).map(|m| m.len())
        };
        let total_bytes = files.iter().map(size).sum();
        let typed = files.iter().all(|f| f.as_os_str() == "-") && io::stdin().is_terminal();
        let (tx, rx) = mpsc::channel();
        let (spent, spent_rx) = mpsc::channel();
        let held = Arc::new(Held {
            cells: Mutex::new(0),
            freed: Condvar::new(),
            limit,
        });
        let read = Arc::new(ReadSoFar::default());
        let (h, r) = (held.clone(), read.clone());
        std::thread::spawn(move || read_files(&files, opts, tx, &spent_rx, h, &r));
        Feed {
            rx,
            held,
            spent,
            unread: None,
            in_hand: 0,
            read,
            total_bytes,
            typed,
            logic_only: None,
        }
    }

    /// For `sub`, a subcommand of the logic layer: a grid beyond it becomes an error in its
    /// place, reported with its line, and the batch goes on.
    pub fn logic_only(mut self, sub: &'static str) -> Feed {
        self.logic_only = Some(sub);
        self
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.read.bytes.load(Ordering::Relaxed)
    }

    /// Records read so far (the reader runs ahead of the records handed out).
    pub fn records_read(&self) -> u64 {
        self.read.records.load(Ordering::Relaxed)
    }

    /// The next records: those read, at least one unless the input has ended (then none), and
    /// about a chunk at most. A file that could not be read is reported when the records
    /// before it have been handed out and done with (the caller asks for the next chunk only
    /// then).
    pub fn next_chunk(&mut self) -> Vec<Labelled> {
        if let Some(what) = self.unread.take() {
            unread(what);
        }
        let mut chunk = Vec::new();
        let mut cells_in = 0;
        while chunk.len() < CHUNK && cells_in < CHUNK_CELLS {
            let fed = if chunk.is_empty() {
                match self.rx.recv() {
                    Ok(fed) => fed,
                    Err(_) => break,
                }
            } else {
                match self.rx.try_recv() {
                    Ok(fed) => fed,
                    Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
                }
            };
            match fed {
                Fed::Records(batch) => {
                    for (label, mut rec) in batch {
                        let held = cells(&rec);
                        cells_in += held;
                        self.in_hand += held;
                        if let Some(sub) = self.logic_only {
                            super::logic_only(&mut rec, sub);
                        }
                        chunk.push((label, rec));
                    }
                }
                Fed::Unread(what) if chunk.is_empty() => unread(what),
                Fed::Unread(what) => {
                    self.unread = Some(what);
                    break;
                }
            }
        }
        chunk
    }

    /// The records of the last chunk are done with (`chunk`, what is left of them): the
    /// reader frees them and may read as many more.
    pub fn done(&mut self, chunk: Vec<Labelled>) {
        // Once the reader has ended, the chunk comes back and is freed here.
        let _ = self.spent.send(chunk);
        self.held.give_back(std::mem::take(&mut self.in_hand));
    }

    /// Every record, each chunk done with as it is taken (for subcommands that need the whole
    /// batch).
    pub fn collect(mut self) -> Vec<Labelled> {
        let mut all = Vec::new();
        loop {
            let chunk = self.next_chunk();
            if chunk.is_empty() {
                return all;
            }
            all.extend(chunk);
            self.done(Vec::new());
        }
    }

    /// Hand every record to `take` in input order, one at a time. With `lookahead`, `take` is
    /// also told whether the batch holds more than one record (which names its output): the
    /// second is read before the first is handed out, so from a pipe the first waits for the
    /// next line or the end of the input. Without, each record is handed out as soon as it is
    /// read, and told false. Each chunk is done with once its records are, so that a batch of
    /// any length is held a chunk at a time.
    pub fn each(
        mut self,
        lookahead: bool,
        mut take: impl FnMut(Labelled, bool) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut chunk = self.next_chunk();
        let mut ahead = Vec::new();
        if lookahead && chunk.len() == 1 {
            // The first record's cells are given back before the second is read: still held,
            // a first record over the bound (a bad line of a megabyte, quoted in its message)
            // would keep the reader from handing over the second, which this waits for.
            self.done(Vec::new());
            ahead = self.next_chunk();
        }
        let many = lookahead && chunk.len() + ahead.len() > 1;
        while !chunk.is_empty() {
            for rec in chunk {
                take(rec, many)?;
            }
            chunk = if ahead.is_empty() {
                self.done(Vec::new());
                self.next_chunk()
            } else {
                std::mem::take(&mut ahead)
            };
        }
        Ok(())
    }

    /// Run `work` on every puzzle, in parallel on `pool`, and hand each record's outcome to
    /// `emit` in input order as soon as it and those before it are done (see
    /// [`super::in_order`]).
    pub fn run<R: Send>(
        &mut self,
        pool: &rayon::ThreadPool,
        work: impl Fn(&Puzzle) -> R + Sync,
        mut emit: impl FnMut(&Option<String>, Worked<R>) -> io::Result<()>,
    ) -> io::Result<()> {
        loop {
            let chunk = self.next_chunk();
            if chunk.is_empty() {
                return Ok(());
            }
            in_groups(pool, &chunk, &work, &mut emit)?;
            self.done(chunk);
        }
    }
}

/// A record's outcome as it is handed out: its puzzle and what the worker made of it, or the
/// error read in its place (which no worker sees).
pub type Worked<'a, R> = Result<(&'a Puzzle, R), &'a InputError>;

/// Records handed to a worker at once, at most…
const GROUP: usize = 64;
/// … and few enough to make this many groups a thread: puzzles differ a thousandfold in
/// time, and a short chunk cut in a few groups leaves a thread idle at its end.
const GROUPS_A_THREAD: usize = 8;
/// … or fewer, of this many cells: a result goes out when its group is done, so a group of
/// slow big grids would hold back the first ones' results.
const GROUP_CELLS: usize = 1 << 14;

/// [`super::in_order`] over `chunk`, a group of records at a time (a group closes at [`GROUP`]
/// records or once it holds [`GROUP_CELLS`] cells: 64 9×9 puzzles, 27 of 25×25, 7 of 49×49, 2
/// of 100×100, one from 128×128 up): a result handed over on its own costs a thread wake-up,
/// about what a 9×9 puzzle costs to solve.
pub fn in_groups<'c, R: Send>(
    pool: &rayon::ThreadPool,
    chunk: &'c [Labelled],
    work: impl Fn(&Puzzle) -> R + Sync,
    mut emit: impl FnMut(&Option<String>, Worked<'c, R>) -> io::Result<()>,
) -> io::Result<()> {
    let mut groups = Vec::new();
    let most = (chunk.len() / (GROUPS_A_THREAD * pool.current_num_threads())).clamp(1, GROUP);
    let (mut from, mut cells_in) = (0, 0);
    for (i, (_, rec)) in chunk.iter().enumerate() {
        cells_in += cells(rec);
        if i + 1 - from == most || cells_in >= GROUP_CELLS || i + 1 == chunk.len() {
            groups.push(&chunk[from..=i]);
            (from, cells_in) = (i + 1, 0);
        }
    }
    let work_group = |group: &&'c [Labelled]| -> Vec<Worked<'c, R>> {
        let worked = group
            .iter()
            .map(|(_, rec)| rec.as_ref().map(|p| (p, work(p))));
        worked.collect()
    };
    super::in_order(pool, &groups, work_group, |group, results| {
        group
            .iter()
            .zip(results)
            .try_for_each(|((label, _), r)| emit(label, r))
    })
}

/// How far the reader thread has got: bytes and records.
#[derive(Default)]
struct ReadSoFar {
    bytes: AtomicU64,
    records: AtomicU64,
}

/// The reading thread: every file's records in order, then the end (the channel closes). It
/// stops when the receiver is gone.
fn read_files(
    files: &[PathBuf],
    opts: ReadOptions,
    tx: Sender<Fed>,
    spent: &Receiver<Vec<Labelled>>,
    held: Arc<Held>,
    read: &ReadSoFar,
) {
    let pending = Arc::new(Mutex::new(Pending {
        records: Vec::with_capacity(BATCH),
        cells: 0,
        tx,
        held,
        closed: false,
    }));
    let mut before = 0;
    let names: Vec<String> = files.iter().map(|f| input_name(f)).collect();
    for (i, path) in files.iter().enumerate() {
        let name = names[i].clone();
        let send_first = |src| {
            let src = SendFirst {
                src,
                pending: pending.clone(),
            };
            Box::new(BufReader::with_capacity(1 << 16, src)) as Box<dyn io::BufRead + Send>
        };
        let src = if path.as_os_str() == "-" {
            Ok(send_first(Box::new(io::stdin()) as Box<dyn io::Read + Send>))
        } else {
            // Said as `bench` and `render` say it, which check their files first.
            let dir = || io::Error::new(io::ErrorKind::InvalidInput, "it is a directory");
            let file = std::fs::File::open(path).and_then(|f| match f.metadata() {
                Ok(m) if m.is_dir() => Err(dir()),
                _ => Ok(f),
            });
            file.map(|f| send_first(Box::new(f)))
        };
        let opened = src
            .map_err(|e| e.to_string())
            .and_then(|src| input::open(src));
        let src = match opened {
            Ok(src) => src,
            Err(e) => {
                let hint = technique_hint(path);
                if !lock(&pending).unread(format!("cannot read {name}: {e}{hint}")) {
                    return;
                }
                continue;
            }
        };
        let label = (files.len() > 1).then(|| told_apart(&names, i));
        let mut reader = Reader::new(src, opts);
        while let Some(rec) = reader.next() {
            // Freed here, where they were allocated (see `Feed::spent`).
            while spent.try_recv().is_ok() {}
            read.bytes
                .store(before + reader.bytes_read(), Ordering::Relaxed);
            read.records.fetch_add(1, Ordering::Relaxed);
            if !lock(&pending).push((label.clone(), rec)) {
                return;
            }
        }
        before += reader.bytes_read();
        if let Some(e) = reader.error() {
            let what = format!("cannot read {name} past line {}: {e}", reader.lines_read());
            if !lock(&pending).unread(what) {
                return;
            }
        }
    }
    lock(&pending).hand_over();
}

/// Records in one hand-over from the reading thread, at most…
const BATCH: usize = 64;
/// … and cells (202 9×9 puzzles; a grid from 128×128 up goes alone).
const BATCH_CELLS: usize = 1 << 14;

/// What the reading thread has read and not yet handed over. Records go over in batches, one
/// channel send and wake-up a batch rather than a record: at [`BATCH`] records or
/// [`BATCH_CELLS`] cells, and whenever the reader is about to wait on the OS for more input
/// ([`SendFirst`]), so that a line filter still answers each line as it arrives.
struct Pending {
    records: Vec<Labelled>,
    cells: usize,
    tx: Sender<Fed>,
    held: Arc<Held>,
    /// The receiver is gone: the reader stops.
    closed: bool,
}

impl Pending {
    /// Add `rec`, handing the batch over when it is full. False when the receiver is gone.
    fn push(&mut self, rec: Labelled) -> bool {
        self.cells += cells(&rec.1);
        self.records.push(rec);
        if self.records.len() >= BATCH || self.cells >= BATCH_CELLS {
            return self.hand_over();
        }
        !self.closed
    }

    /// Hand over the records read, once the cells held leave room for them. False when the
    /// receiver is gone.
    fn hand_over(&mut self) -> bool {
        if !self.records.is_empty() && !self.closed {
            self.held.take(std::mem::take(&mut self.cells));
            let batch = std::mem::replace(&mut self.records, Vec::with_capacity(BATCH));
            self.closed = self.tx.send(Fed::Records(batch)).is_err();
        }
        !self.closed
    }

    /// Tell of a file that could not be read, after the records read before it.
    fn unread(&mut self, what: String) -> bool {
        if self.hand_over() {
            self.closed = self.tx.send(Fed::Unread(what)).is_err();
        }
        !self.closed
    }
}

fn lock(pending: &Mutex<Pending>) -> std::sync::MutexGuard<'_, Pending> {
    pending.lock().unwrap_or_else(|e| e.into_inner())
}

/// A file or stdin whose reader hands over the records it has read before it waits for more.
struct SendFirst<R> {
    src: R,
    pending: Arc<Mutex<Pending>>,
}

impl<R: io::Read> io::Read for SendFirst<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        lock(&self.pending).hand_over();
        self.src.read(buf)
    }
}

/// What to add when a file that is not there is named like a technique list: PowerShell passes
/// an unquoted `singles,naked-tuple` as two words, so the second arrives as a file to read.
fn technique_hint(path: &Path) -> &'static str {
    let name = path.to_str().unwrap_or("");
    let technique = !name.contains(['/', '\\', '.']) && name.parse::<TechniqueList>().is_ok();
    if technique && !path.exists() {
        "; a technique name? PowerShell passes an unquoted list a,b as two words: quote it ('a,b')"
    } else {
        ""
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Grids beyond the logic layer become errors as they are handed out; the cells held for
    /// them as read are given back all the same, so a batch of many is read to its end.
    #[test]
    fn a_batch_of_grids_beyond_the_logic_layer_is_read_to_its_end() {
        use nsudoku::generate::{pattern_grid, Rng};
        let grid = pattern_grid(11, &mut Rng::new(1));
        let line: Vec<String> = grid.iter().map(u8::to_string).collect();
        let dir = std::env::temp_dir().join(format!("nsudoku-feed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("121.txt");
        std::fs::write(&path, format!("{}\n", line.join(" ")).repeat(6)).unwrap();
        // Two grids' cells at most: without the giving back, the third would never be read.
        let feed = Feed::holding(&[path], ReadOptions::default(), 2 * grid.len());
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || tx.send(feed.logic_only("rate").collect()));
        let all = rx.recv_timeout(std::time::Duration::from_secs(60));
        std::fs::remove_dir_all(&dir).unwrap();
        let all = all.expect("the batch is read to its end");
        assert_eq!(all.len(), 6);
        assert!(all.iter().all(|(_, rec)| rec.is_err()));
    }

    /// A first record over the bound does not keep the second from being read when the
    /// caller looks ahead to it (`explain` and `find` do, before writing anything): both
    /// are handed out, told that the batch holds more than one.
    #[test]
    fn a_first_record_over_the_bound_lets_the_lookahead_read_the_second() {
        let dir = std::env::temp_dir().join(format!("nsudoku-feed-ahead-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ahead.txt");
        // Its message quotes the line, far over the bound of 1,000 cells.
        let long = format!("1 {}\n1234341221434321\n", "1".repeat(5_000));
        std::fs::write(&path, long).unwrap();
        let feed = Feed::holding(&[path], ReadOptions::default(), 1_000);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut seen = Vec::new();
            let ended = feed.each(true, |(_, rec), many| {
                seen.push((rec.is_ok(), many));
                Ok(())
            });
            tx.send((ended.is_ok(), seen))
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(60));
        std::fs::remove_dir_all(&dir).unwrap();
        let (ended, seen) = got.expect("both records handed out");
        assert!(ended);
        assert_eq!(seen, [(false, true), (true, true)]);
    }

    /// A bad line is held at the size of its message, not as one cell: a file of them is
    /// not read far ahead of the lines written (5 million lines of `x` held 840 MB).
    #[test]
    fn bad_lines_are_held_at_the_size_of_their_messages() {
        let dir = std::env::temp_dir().join(format!("nsudoku-feed-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.txt");
        std::fs::write(&path, "x\n".repeat(10_000)).unwrap();
        let feed = Feed::holding(&[path], ReadOptions::default(), 10_000);
        // However long the reader runs, it stops once it holds 10,000 cells (about 66 of
        // these messages), with a batch read beyond them; held as one cell, all 10,000 lines
        // would be read.
        // Wait until it has stood still for 100 ms (a loaded machine may start it late).
        let count = || feed.read.records.load(Ordering::Relaxed);
        let start = std::time::Instant::now();
        let mut read = count();
        while start.elapsed() < std::time::Duration::from_secs(10) {
            std::thread::sleep(std::time::Duration::from_millis(100));
            let now = count();
            if now == read && now > 0 {
                break;
            }
            read = now;
        }
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(read <= 100 + BATCH as u64, "{read} bad lines read ahead");
        assert!(
            read >= 60,
            "only {read} bad lines read: the reader stopped short"
        );
    }
}
