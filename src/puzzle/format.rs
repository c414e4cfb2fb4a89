//! Reader for the shared instance format: `key: value` header lines, then `[section]` blocks.
//! Every item remembers its 1-based line so errors can point at it.

use super::{Board, Broken};
use crate::error::{Error, Result};

/// Edits (insertions, deletions, substitutions) between `a` and `b`, counted up to 3: the
/// distance that tells a misspelt header key from another key.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 2 || a.len() > 64 || b.len() > 64 {
        return 3;
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()].min(3)
}

/// One line of a file, with its 1-based number.
#[derive(Clone, Debug)]
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The text, trimmed.
    pub text: String,
}

/// A `[name]` section and its non-empty body lines.
#[derive(Clone, Debug)]
pub struct Section {
    /// Section name without brackets.
    pub name: String,
    /// Line of the `[name]` header.
    pub line: usize,
    /// Body lines.
    pub body: Vec<Line>,
}

/// A parsed instance file.
#[derive(Clone, Debug)]
pub struct InstanceText {
    /// Name of the file (for error messages).
    pub file: String,
    /// Header `key: value` pairs with their lines.
    pub header: Vec<(String, String, usize)>,
    /// Sections in file order.
    pub sections: Vec<Section>,
}

impl InstanceText {
    /// Split `text` into header and sections. `file` names the source in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self> {
        let mut header: Vec<(String, String, usize)> = Vec::new();
        let mut sections: Vec<Section> = Vec::new();
        // Line of each key and section name seen: duplicates are found in constant time, so a
        // file of many header lines is read in linear time.
        let mut key_lines: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let mut section_lines: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for (i, raw) in text.lines().enumerate() {
            let number = i + 1;
            let line = raw.trim();
            if line.is_empty() || (line.starts_with('#') && sections.is_empty()) {
                continue;
            }
            if !line.is_ascii() {
                return Err(Error::parse(file, number, "non-ASCII character"));
            }
            if line.starts_with('[') {
                if !line.ends_with(']') || line.len() < 3 {
                    return Err(Error::parse(file, number, format!("malformed section line `{line}`")));
                }
                let name = line[1..line.len() - 1].trim().to_string();
                if let Some(prev) = section_lines.insert(name.clone(), number) {
                    return Err(Error::parse(
                        file,
                        number,
                        format!("section [{name}] appears twice (first at line {prev})"),
                    ));
                }
                sections.push(Section {
                    name,
                    line: number,
                    body: Vec::new(),
                });
            } else if let Some(section) = sections.last_mut() {
                section.body.push(Line {
                    number,
                    text: line.to_string(),
                });
            } else {
                let Some((key, value)) = line.split_once(':') else {
                    return Err(Error::parse(
                        file,
                        number,
                        format!("expected a `key: value` header line, found `{line}`"),
                    ));
                };
                let key = key.trim().to_string();
                if key.is_empty() {
                    return Err(Error::parse(file, number, "empty header key"));
                }
                if let Some(prev) = key_lines.insert(key.clone(), number) {
                    return Err(Error::parse(
                        file,
                        number,
                        format!("header key `{key}` appears twice (first at line {prev})"),
                    ));
                }
                header.push((key, value.trim().to_string(), number));
            }
        }
        Ok(InstanceText {
            file: file.to_string(),
            header,
            sections,
        })
    }

    /// The value and line of a header key.
    pub fn get(&self, key: &str) -> Option<(&str, usize)> {
        self.header.iter().find(|h| h.0 == key).map(|h| (h.1.as_str(), h.2))
    }

    /// The value and line of a header key that must be present.
    pub fn require(&self, key: &str) -> Result<(&str, usize)> {
        if let Some(found) = self.get(key) {
            return Ok(found);
        }
        // A misspelt key is named where it stands, not reported as a missing line.
        if let Some((typo, _, line)) = self.header.iter().find(|h| edit_distance(&h.0, key) <= 2) {
            return Err(self.error(
                *line,
                format!("unknown header key `{typo}`: did you mean `{key}`? (a `{key}: ...` line is needed)"),
            ));
        }
        // The line where the header would have it: after the last header line read.
        let line = self.header.iter().map(|h| h.2).max().map_or(1, |l| l + 1);
        Err(self.error(line, format!("missing header line `{key}: ...`")))
    }

    /// The section of that name.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The section of that name, which must be present.
    pub fn require_section(&self, name: &str) -> Result<&Section> {
        self.section(name)
            .ok_or_else(|| self.error(0, format!("missing section [{name}]")))
    }

    /// Reject sections outside `allowed`.
    pub fn allow_sections(&self, allowed: &[&str]) -> Result<()> {
        for s in &self.sections {
            if !allowed.contains(&s.name.as_str()) {
                return Err(self.error(
                    s.line,
                    format!("unknown section [{}] (expected one of: {})", s.name, allowed.join(", ")),
                ));
            }
        }
        Ok(())
    }

    /// `size: RxC` as (rows, cols), each within 1..=max.
    pub fn size(&self, max: usize) -> Result<(usize, usize)> {
        let (value, line) = self.require("size")?;
        let parse = |s: &str| s.trim().parse::<usize>().ok().filter(|&v| v >= 1 && v <= max);
        match value.split_once(['x', 'X']) {
            Some((r, c)) => match (parse(r), parse(c)) {
                (Some(r), Some(c)) => Ok((r, c)),
                _ => Err(self.error(line, format!("size `{value}` must be RxC with 1 ≤ R, C ≤ {max}"))),
            },
            None => Err(self.error(line, format!("size `{value}` must be written RxC, e.g. 6x6"))),
        }
    }

    /// A grid section: exactly `rows` lines of `cols` characters each.
    pub fn grid(&self, name: &str, rows: usize, cols: usize) -> Result<Vec<(usize, Vec<char>)>> {
        let section = self.require_section(name)?;
        if section.body.len() != rows {
            let line = section.body.get(rows).map_or(section.line, |l| l.number);
            return Err(self.error(
                line,
                format!("[{name}] has {} rows, the size says {rows}", section.body.len()),
            ));
        }
        section
            .body
            .iter()
            .map(|l| {
                let chars: Vec<char> = l.text.chars().collect();
                if chars.len() != cols {
                    Err(self.error(
                        l.number,
                        format!("row `{}` has {} cells, the size says {cols}", l.text, chars.len()),
                    ))
                } else {
                    Ok((l.number, chars))
                }
            })
            .collect()
    }

    /// A `r,c` coordinate inside a `rows` x `cols` board.
    pub fn coordinate(&self, text: &str, line: usize, rows: usize, cols: usize) -> Result<(usize, usize)> {
        let bad = || {
            self.error(
                line,
                format!("`{text}` is not a cell `row,col` inside the {rows}x{cols} board"),
            )
        };
        let (r, c) = text.split_once(',').ok_or_else(bad)?;
        let r: usize = r.trim().parse().map_err(|_| bad())?;
        let c: usize = c.trim().parse().map_err(|_| bad())?;
        if r >= rows || c >= cols {
            return Err(bad());
        }
        Ok((r, c))
    }

    /// The `[solution]` grid `sol` (as [`InstanceText::grid`] reads it) as a board, when the
    /// puzzle's `check` finds no broken rule in it; otherwise an error at the section's line
    /// naming the first broken rule.
    pub fn checked_solution(
        &self,
        sol: &[(usize, Vec<char>)],
        check: impl FnOnce(&Board) -> Vec<Broken>,
    ) -> Result<Board> {
        let board: Board = sol.iter().map(|(_, c)| c.iter().collect()).collect();
        if let Some(b) = check(&board).first() {
            return Err(self.error(
                self.require_section("solution")?.line,
                format!("the stored solution breaks: {}", b.rule),
            ));
        }
        Ok(board)
    }

    /// An error at a line of this file.
    pub fn error(&self, line: usize, msg: impl Into<String>) -> Error {
        Error::parse(&self.file, line, msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_sections_and_lines() {
        let t = InstanceText::parse("t", "puzzle: tango\nsize: 6x4\n\n[grid]\nab\n\ncd\n[equal]\n").unwrap();
        assert_eq!(t.get("puzzle"), Some(("tango", 1)));
        assert_eq!(t.size(10).unwrap(), (6, 4));
        let g = t.require_section("grid").unwrap();
        assert_eq!(g.body[1].number, 7);
        assert!(t.section("equal").unwrap().body.is_empty());
    }

    #[test]
    fn a_misspelt_header_key_is_named_at_its_line() {
        let t = InstanceText::parse("f.txt", "# note\npuzzel: queens\nsize: 4x4\n").unwrap();
        let e = t.require("puzzle").unwrap_err();
        assert!(matches!(e, Error::Parse { line: 2, .. }), "{e:?}");
        assert!(
            e.to_string()
                .contains("unknown header key `puzzel`: did you mean `puzzle`"),
            "{e}"
        );
        // A key that is simply absent: the line after the header, not line 0.
        let e = t.require("regions").unwrap_err();
        assert!(matches!(e, Error::Parse { line: 4, .. }), "{e:?}");
        assert!(e.to_string().contains("missing header line `regions: ...`"), "{e}");
        assert_eq!(edit_distance("puzzle", "puzzel"), 2);
        assert_eq!(edit_distance("size", "sizes"), 1);
        assert_eq!(edit_distance("regions", "size"), 3);
    }

    #[test]
    fn errors_name_the_line() {
        let e = InstanceText::parse("f.txt", "puzzle: x\nnonsense\n").unwrap_err();
        assert!(matches!(e, Error::Parse { line: 2, .. }));
        let e = InstanceText::parse("f.txt", "a: 1\na: 2\n").unwrap_err();
        assert!(matches!(e, Error::Parse { line: 2, .. }));
        let t = InstanceText::parse("f.txt", "size: 6by6\n").unwrap();
        assert!(matches!(t.size(10), Err(Error::Parse { line: 1, .. })));
    }
}
