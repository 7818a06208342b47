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

/// ` (did you mean 'grid'?)` when `given` is a slip of one of `names`, else nothing: the part
/// of a message that follows the name it quotes.
pub fn did_you_mean<'a>(given: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    nearest(given, names)
        .map(|n| format!(" (did you mean '{n}'?)"))
        .unwrap_or_default()
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
    }
}
