//! The documents the tidy checks read, and what they name: code spans, code blocks, links and
//! headings (through pulldown-cmark, so a backtick in a code block or a link in a table is
//! read as Markdown reads it).

use std::path::{Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// A Markdown document of the repository.
pub struct Doc {
    /// Its path from the repository's root: `docs/CLI.md`.
    pub path: PathBuf,
    /// Inline code spans, each with its line.
    pub spans: Vec<(usize, String)>,
    /// Code blocks: line of the opening fence, info string (`sh`, or empty), text.
    pub blocks: Vec<(usize, String, String)>,
    /// Link and image destinations, each with its line.
    pub links: Vec<(usize, String)>,
    /// The headings' anchors, as GitHub makes them (`#the-multi-tile-metric`).
    pub anchors: Vec<String>,
}

impl Doc {
    /// Reads `text`, the document at `path`.
    pub fn parse(path: &Path, text: &str) -> Doc {
        let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
        let mut doc = Doc {
            path: path.to_path_buf(),
            spans: Vec::new(),
            blocks: Vec::new(),
            links: Vec::new(),
            anchors: Vec::new(),
        };
        let mut block: Option<(usize, String, String)> = None;
        let mut heading: Option<String> = None;
        let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES;
        for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
            match event {
                Event::Start(Tag::CodeBlock(kind)) => {
                    let info = match kind {
                        CodeBlockKind::Fenced(info) => info.split_whitespace().next().unwrap_or("").to_string(),
                        CodeBlockKind::Indented => String::new(),
                    };
                    block = Some((line_of(range.start), info, String::new()));
                }
                Event::End(TagEnd::CodeBlock) => doc.blocks.extend(block.take()),
                Event::Text(t) => {
                    if let Some((_, _, body)) = block.as_mut() {
                        body.push_str(&t);
                    }
                    if let Some(h) = heading.as_mut() {
                        h.push_str(&t);
                    }
                }
                Event::Code(code) => {
                    if let Some(h) = heading.as_mut() {
                        h.push_str(&code);
                    }
                    doc.spans.push((line_of(range.start), code.to_string()));
                }
                Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                    doc.links.push((line_of(range.start), dest_url.to_string()));
                }
                Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
                Event::End(TagEnd::Heading(_)) => doc.anchors.extend(heading.take().map(|h| anchor(&h))),
                _ => {}
            }
        }
        doc
    }
}

/// GitHub's anchor for a heading: lower case, spaces as hyphens, punctuation other than
/// hyphens and underscores left out.
pub fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The documents the checks read: README.md, CONTRIBUTING.md, docs/*.md and each crate's
/// README.md (data/'s too). CHANGELOG.md is history, and may name what is gone.
pub fn documents(root: &Path) -> Vec<Doc> {
    let mut paths = vec![PathBuf::from("README.md"), PathBuf::from("CONTRIBUTING.md")];
    for dir in ["docs", "crates"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| if dir == "crates" { p.join("README.md") } else { p })
            .filter(|p| p.extension().is_some_and(|e| e == "md") && p.is_file())
            .map(|p| p.strip_prefix(root).unwrap().to_path_buf())
            .collect();
        found.sort();
        paths.extend(found);
    }
    // data/ is a crate too (the reference data), its README the list of what it holds.
    paths.push(PathBuf::from("data/README.md"));
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(root.join(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Doc::parse(&path, &text)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_blocks_links_and_anchors_are_read_with_their_lines() {
        let text = "# The `fifteen` tool\n\nSee `crates/core` and [CLI](docs/CLI.md#exit-status).\n\n\
                    | a | b |\n|---|---|\n| `--json` | [x](#the-fifteen-tool) |\n\n```sh\nfifteen solve --json\n```\n";
        let doc = Doc::parse(Path::new("README.md"), text);
        assert_eq!(doc.anchors, ["the-fifteen-tool"]);
        assert_eq!(doc.spans, [(1, "fifteen".into()), (3, "crates/core".into()), (7, "--json".into())]);
        assert_eq!(doc.links, [(3, "docs/CLI.md#exit-status".into()), (7, "#the-fifteen-tool".into())]);
        assert_eq!(doc.blocks, [(9, "sh".into(), "fifteen solve --json\n".into())]);
        assert_eq!(anchor("Algorithms and their parameters"), "algorithms-and-their-parameters");
        assert_eq!(anchor("`--heuristic`: the estimates (A*)"), "--heuristic-the-estimates-a");
    }
}
