//! The command transcripts in README.md and docs/ (a ```text block whose first line is `$ `
//! and a command) still hold: the command, run by `sh` in the repository with this build as
//! `nsudoku`, prints every line the block shows, in order. A line ending in `…` stands for
//! any line it begins, a line `…` alone for any lines; what follows is matched after them.

use std::path::Path;
use std::process::Command;

/// Each transcript of `text`: its command and the lines shown under it.
fn transcripts(text: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        if let Some(command) = block.first().and_then(|l| l.strip_prefix("$ ")) {
            let shown = block[1..].iter().map(|l| l.to_string()).collect();
            found.push((command.to_string(), shown));
        }
    }
    found
}

/// Whether `got` holds the `shown` lines in order, as the module says.
fn shows(got: &[&str], shown: &[String]) -> Result<(), String> {
    let mut at = 0;
    for want in shown.iter().filter(|l| l.as_str() != "…") {
        let fits = |l: &&str| match want.strip_suffix('…') {
            Some(start) => l.starts_with(start),
            None => *l == want.as_str(),
        };
        match got[at..].iter().position(fits) {
            Some(i) => at += i + 1,
            None => return Err(format!("no line `{want}` after output line {at}")),
        }
    }
    Ok(())
}

#[test]
fn documented_transcripts_still_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = Path::new(env!("CARGO_BIN_EXE_nsudoku")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut docs = vec![root.join("README.md")];
    let mut pages: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    docs.extend(pages);
    let mut ran = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        for (command, shown) in transcripts(&text) {
            // A command on the shared data runs where it is beside the repository, as in CI.
            if command.contains("../shared/") && !root.join("../shared/data").is_dir() {
                let required = std::env::var_os("NSUDOKU_REQUIRE_DATA").is_some();
                assert!(
                    !required,
                    "`{command}` needs ../shared/data beside the repository"
                );
                eprintln!("note: ../shared/data not found: `{command}` skipped");
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", &command])
                .current_dir(root)
                .env("PATH", &path)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let got: Vec<&str> = stdout.lines().collect();
            if let Err(e) = shows(&got, &shown) {
                panic!("{}: `{command}`: {e}; it printed:\n{stdout}", doc.display());
            }
            ran += 1;
        }
    }
    assert!(ran >= 3, "only {ran} transcripts ran");
}
