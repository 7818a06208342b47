//! Slips in the names a flag takes: the name a misspelt one was meant to be, so that an error
//! can say `(did you mean 'grid'?)` rather than only list the names.

/// The fewest letters added, dropped or changed, or pairs of neighbours swapped, to turn `a`
/// into `b` (Damerau's distance, each part of `a` edited once): `gird` is one swap from `grid`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // `d[i][j]` turns `a[..i]` into `b[..j]`.
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, x) in d[0].iter_mut().enumerate() {
        *x = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let changed = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = changed.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The one of `names` that `given` is a slip of, case aside: at most two letters added,
/// dropped, changed or swapped, and fewer than a third of its letters (`ab` is a slip of
/// nothing). The nearest wins, and the first of those as near.
pub fn nearest<'a>(given: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let given = given.to_lowercase();
    let (distance, name) = names
        .into_iter()
        .map(|n| (edit_distance(&given, &n.to_lowercase()), n))
        // `min_by_key` keeps the first of equal keys.
        .min_by_key(|&(distance, _)| distance)?;
    (distance <= 2 && 3 * distance < given.chars().count()).then_some(name)
}

/// The names `given` may be short for, case aside, when it is a slip of none: those it
/// starts (`forcing` of `forcing-chain`, `forcing-chain-plus`, …), or else the one name whose
/// first letter it shares and whose letters it keeps in order (`hx` of `hex`).
pub fn shortened<'a>(
    given: &str,
    names: impl IntoIterator<Item = &'a str> + Clone,
) -> Vec<&'a str> {
    let given = given.to_lowercase();
    if given.chars().count() < 2 {
        return Vec::new();
    }
    let started: Vec<&str> = names
        .clone()
        .into_iter()
        .filter(|n| n.to_lowercase().starts_with(&given))
        .collect();
    if !started.is_empty() {
        return started;
    }
    let kept = |n: &str| {
        let mut letters = n.chars().flat_map(char::to_lowercase);
        given.chars().all(|g| letters.any(|c| c == g))
    };
    let first = given.chars().next();
    let abbreviated: Vec<&str> = names
        .into_iter()
        .filter(|n| n.chars().next().map(|c| c.to_ascii_lowercase()) == first && kept(n))
        .collect();
    match abbreviated[..] {
        [one] => vec![one],
        _ => Vec::new(),
    }
}

/// ` (did you mean 'grid'?)` when `given` is a slip of one of `names` or short for some
/// ([`shortened`]: up to three named), else nothing: the part of a message that follows the
/// name it quotes.
pub fn did_you_mean<'a>(given: &str, names: impl IntoIterator<Item = &'a str> + Clone) -> String {
    let meant = match nearest(given, names.clone()) {
        Some(n) => vec![n],
        None => shortened(given, names),
    };
    let quoted: Vec<String> = meant.iter().take(3).map(|n| format!("'{n}'")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => format!(" (did you mean {}?)", quoted[0]),
        _ => {
            let (last, first) = quoted.split_last().expect("two or more");
            let more = if meant.len() > 3 { ", …" } else { "" };
            format!(" (did you mean {} or {last}{more}?)", first.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_finds_its_name() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("gird", "grid"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        let formats = ["line", "numbers", "candidates", "grid"];
        assert_eq!(nearest("gird", formats), Some("grid"));
        assert_eq!(nearest("Numbres", formats), Some("numbers"));
        assert_eq!(nearest("candidate", formats), Some("candidates"));
        // Too far, or too short to tell.
        assert_eq!(nearest("json", formats), None);
        assert_eq!(nearest("li", formats), None);
        assert_eq!(
            did_you_mean("hexx", ["standard", "hex", "letters"]),
            " (did you mean 'hex'?)"
        );
        assert_eq!(did_you_mean("octal", ["standard", "hex", "letters"]), "");
        // Short for a name: its start, or its letters in order.
        assert_eq!(
            did_you_mean("hx", ["standard", "hex", "letters"]),
            " (did you mean 'hex'?)"
        );
        let chains = [
            "x-chain",
            "forcing-chain",
            "forcing-chain-plus",
            "forcing-chain-nested",
        ];
        assert_eq!(
            did_you_mean("forcing", chains),
            " (did you mean 'forcing-chain', 'forcing-chain-plus' or 'forcing-chain-nested'?)"
        );
        assert_eq!(did_you_mean("f", chains), "");
        // Letters in order in two names: neither is meant.
        assert_eq!(did_you_mean("fc", ["fish-chain", "forcing-chain"]), "");
    }
}
