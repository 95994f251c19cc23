//! The manual: `tabletop completions`, `tabletop man`, and the judge's input formats.

use anyhow::Context;

use crate::common::print;

/// Each problem's input, with a tiny example (`tabletop judge --help`).
pub const JUDGE_HELP: &str = "Inputs (FILE, or stdin when it is absent or `-`):
  cf1769d1   Alice's 18 cards on one line, Bob's on the next; a card is rank (6 7 8 9 T J Q K A)
             then suit (C D H S). Prints the winner when Alice moves first (Alice or Bob):
               JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC
               KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H
  cf1769d2   one integer k (2..=13). Prints k deals with distinct importances, blank-line
             separated:   5
  cf1769d3   the same with k up to 26:   26
  nthu14463  N M P (players, rounds, rows), then the P starting cards, then N lines of M cards
             (each player's card per round). Prints each player's heads, one per line:
               4 3 2   11   6   12 5 9   1 13 10   7 2 4   8 14 3   (one group per line)
  hdu5754    T, then T lines `piece N M` (1 king, 2 rook, 3 knight, 4 queen; 2 <= N, M <= 10^18).
             Prints B (first player wins), G (second) or D (draw) per board:
               2   1 5 5   4 5 5   (one group per line)
  p7147      a wall of 148 tiles (1M..9M 1P..9P 1S..9S E S W N B F Z PASS REVERSE DOUBLE).
             Prints the game log of the fixed rules, one event per line (A IN 1M, B OUT 3P, ...)

Examples:
  printf '2\\n1 5 5\\n4 5 5\\n' | tabletop judge hdu5754
  tabletop judge p7147 wall.txt
  echo 26 | tabletop judge cf1769d3 -";

/// Prints the completion script of `shell`. It is made in memory first: clap_complete panics
/// on a failed write.
pub fn completions(mut cmd: clap::Command, shell: clap_complete::Shell) -> anyhow::Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "tabletop", &mut script);
    print(&String::from_utf8(script)?)
}

/// Prints the man page of `cmd`, or of its subcommand `path` (`["nine", "solve"]`), titled
/// `tabletop-nine-solve`.
pub fn man(mut cmd: clap::Command, path: &[String]) -> anyhow::Result<()> {
    cmd.build();
    for (i, sub) in path.iter().enumerate() {
        let parent: Vec<&str> =
            ["tabletop"].into_iter().chain(path[..i].iter().map(String::as_str)).collect();
        let parent = parent.join(" ");
        cmd = cmd
            .find_subcommand(sub)
            .cloned()
            .with_context(|| format!("no command `{parent} {sub}` (see `{parent} --help`)"))?;
    }
    let title: Vec<&str> =
        ["tabletop"].into_iter().chain(path.iter().map(String::as_str)).collect();
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd).title(title.join("-")).render(&mut page)?;
    print(&String::from_utf8(page)?)
}
